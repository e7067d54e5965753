"""The schema of the Mage Knight map content (``content/tiles.toml``, ``ruins.toml``,
``cities.toml``), validated at load: map tiles hex by hex (facts 4.3), ruins tokens (facts 4.5)
and city garrisons (facts 4.6). docs/mage-knight/content.md documents the format."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...engine.content import ContentId

Terrain = Literal["plains", "hills", "forest", "wasteland", "desert", "swamp", "lake", "mountain"]
MapSite = Literal[
    "portal", "glade", "village", "monastery", "keep", "mage-tower", "mine", "deep-mine", "orcs", "draconum",
    "monster-den", "dungeon", "tomb", "spawning-grounds", "ruins", "maze", "labyrinth", "refugee-camp", "city",
    "hidden-valley", "necropolis", "graveyard",
]
BasicColour = Literal["red", "blue", "green", "white"]
TileKind = Literal["starting", "countryside", "core"]
TileSet = Literal["base", "LL"]
Direction = Literal["NE", "E", "SE", "SW", "W", "NW"]
Position = Literal["C", "NE", "E", "SE", "SW", "W", "NW"]
POSITIONS: tuple[Position, ...] = ("C", "NE", "E", "SE", "SW", "W", "NW")
EnemyPile = Literal["green", "grey", "brown", "violet", "white", "red"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TileHex(_Model):
    """One space of a tile: its position in the tile, terrain and site (mine colours for mines)."""

    at: Position
    terrain: Terrain
    site: MapSite | None = None
    mine: tuple[BasicColour, ...] = ()

    @model_validator(mode="after")
    def _mine_colours(self) -> TileHex:
        if self.site == "mine" and len(self.mine) != 1:
            raise ValueError("a crystal mine produces exactly one colour (mine = [colour])")
        if self.site == "deep-mine" and len(self.mine) < 2:
            raise ValueError("a deep mine produces two or more colours")
        if self.site not in ("mine", "deep-mine") and self.mine:
            raise ValueError("only a mine or deep mine has mine colours")
        if len(set(self.mine)) != len(self.mine):
            raise ValueError("mine lists the same colour twice")
        return self


class Wall(_Model):
    """A wall on one side of a space: crossing it costs 1 extra Move (WALLS)."""

    at: Position
    side: Direction


class Tile(_Model):
    id: ContentId
    kind: TileKind
    set: TileSet
    number: int = Field(ge=0)
    city: BasicColour | None = None  # a city core tile: the city's colour
    hexes: tuple[TileHex, ...] = Field(min_length=7, max_length=7)
    walls: tuple[Wall, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> Tile:
        if tuple(h.at for h in self.hexes) != POSITIONS:
            raise ValueError("hexes must be listed in the order C, NE, E, SE, SW, W, NW")
        if (self.city is not None) != (self.hexes[0].site == "city"):
            raise ValueError("a city tile, and only it, has a city colour and the city in its centre")
        if self.city is not None and self.kind != "core":
            raise ValueError("cities are on core tiles")
        if any(h.site == "city" for h in self.hexes[1:]):
            raise ValueError("a city is always in the centre of its tile")
        if (self.kind == "starting") != (self.hexes[0].site == "portal"):
            raise ValueError("the starting tile, and only it, has the portal in its centre")
        if len(set(self.walls)) != len(self.walls):
            raise ValueError("walls lists the same wall twice")
        return self


class SiteText(_Model):
    """What a map site does, in our own words (``content/sites.toml``)."""

    id: MapSite
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)


class RuinsToken(_Model):
    """A yellow ruins token: an altar (mana to pay, Fame) or enemies (piles to draw, reward)."""

    id: ContentId
    set: TileSet
    kind: Literal["altar", "enemies"]
    mana: tuple[BasicColour, ...] = ()  # altar: the mana paid as tribute
    fame: int = Field(0, ge=0)  # altar: the Fame gained
    enemies: tuple[EnemyPile, ...] = ()
    reward: tuple[Literal["unit", "artifact", "spell", "advanced-action", "crystals-all"], ...] = ()

    @model_validator(mode="after")
    def _kind(self) -> RuinsToken:
        if self.kind == "altar" and (not self.mana or not self.fame or self.enemies or self.reward):
            raise ValueError("an altar has mana and fame, and no enemies or reward")
        if self.kind == "enemies" and (self.mana or self.fame or not self.enemies or not self.reward):
            raise ValueError("an enemies token has enemies and a reward, and no mana or fame")
        return self


class CityGarrison(_Model):
    """The enemy piles a city of one colour and level draws its garrison from (facts 4.6)."""

    city: BasicColour
    level: int = Field(ge=1, le=11)
    garrison: tuple[Literal["grey", "violet", "brown", "white"], ...] = Field(min_length=1)

    @property
    def id(self) -> str:
        return f"{self.city}-{self.level}"
