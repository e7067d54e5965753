"""The schema of Small World content files (``content/*.toml``), validated at load: the four
maps as region graphs, the 14 Races and the 20 Special Powers, and each in a few words."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...engine.content import ContentId

Terrain = Literal["sea", "lake", "farmland", "forest", "hill", "mountain", "swamp"]
Symbol = Literal["magic", "mine", "cavern", "lost-tribe"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Region(_Model):
    id: int = Field(ge=0)
    terrain: Terrain
    symbols: tuple[Symbol, ...] = ()
    border: bool = False  # adjacent to the edge of the board
    adjacent: tuple[int, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> Region:
        if len(set(self.symbols)) != len(self.symbols):
            raise ValueError("a symbol is listed twice")
        if len(set(self.adjacent)) != len(self.adjacent):
            raise ValueError("a neighbour is listed twice")
        if self.id in self.adjacent:
            raise ValueError("a Region cannot be adjacent to itself")
        if self.terrain in ("sea", "lake") and self.symbols:
            raise ValueError("Seas and Lakes carry no symbols")
        return self


class MapData(_Model):
    name: str
    players: int = Field(ge=2, le=5)
    turns: int = Field(ge=1)
    region: tuple[Region, ...] = Field(min_length=2)

    @model_validator(mode="after")
    def _check(self) -> MapData:
        n = len(self.region)
        for i, r in enumerate(self.region):
            if r.id != i:
                raise ValueError(f"Regions must be numbered 0 to {n - 1} in order: entry {i + 1} has id {r.id}")
            for other in r.adjacent:
                if not 0 <= other < n:
                    raise ValueError(f"Region {r.id} names a neighbour {other} that is not on the map")
                if r.id not in self.region[other].adjacent:
                    raise ValueError(f"Region {r.id} borders {other} but {other} does not list {r.id}")
        return self


class Race(_Model):
    id: ContentId  # typed in actions: pick RACE
    name: str
    tokens: int = Field(ge=1)  # the number on the banner
    box: int = Field(ge=1)  # Race tokens in the box
    text: str

    @model_validator(mode="after")
    def _check(self) -> Race:
        if self.box < self.tokens:
            raise ValueError("the box holds fewer tokens than the banner gives")
        return self


class Power(_Model):
    id: ContentId  # written like a Race id (views, balance tags)
    name: str
    tokens: int = Field(ge=0)  # the number on the badge
    text: str


SHORT = 34  # characters of a Race's or Power's few words: a Power's and a Race's fit one line of the combos


class Summary(_Model):
    """A Race or Special Power in a few words (``summaries.toml``), beside the combos on offer."""

    id: ContentId
    short: str = Field(min_length=1, max_length=SHORT)


Point = tuple[int, int]


class RegionShape(_Model):
    """A Region as drawn: its outline (integer points of the frame, positive shoelace area, no
    point repeated) and where its label goes."""

    id: int = Field(ge=0)
    label: Point
    outline: tuple[Point, ...] = Field(min_length=3)


class MapGeometry(_Model):
    """A map as drawn (``geometry-<n>p.toml``): a frame of ``width`` x ``height`` (x to the
    right, y down) tiled by the Regions' outlines. Whether the drawing agrees with the map's
    borders is checked against the map when loaded (``geometry.py``)."""

    players: int = Field(ge=2, le=5)
    width: int = Field(ge=10, le=100_000)
    height: int = Field(ge=10, le=100_000)
    # pairs the map lists as bordering that the drawing shows meeting at one point only (where
    # the map's graph cannot be drawn in the plane with both as borders)
    corner_contacts: tuple[tuple[int, int], ...] = ()
    region: tuple[RegionShape, ...] = Field(min_length=2)

    @model_validator(mode="after")
    def _check(self) -> MapGeometry:
        for i, r in enumerate(self.region):
            if r.id != i:
                raise ValueError(f"Regions must be numbered 0 to {len(self.region) - 1} in order: "
                                 f"entry {i + 1} has id {r.id}")
            for x, y in (*r.outline, r.label):
                if not (0 <= x <= self.width and 0 <= y <= self.height):
                    raise ValueError(f"Region {r.id}: the point {(x, y)} lies outside the frame "
                                     f"(0..{self.width} x 0..{self.height})")
        pairs = [tuple(sorted(p)) for p in self.corner_contacts]
        if len(set(pairs)) != len(pairs):
            raise ValueError("a corner contact is listed twice")
        for a, b in pairs:
            if a == b or not (0 <= a < len(self.region) and 0 <= b < len(self.region)):
                raise ValueError(f"the corner contact {[a, b]} must name two Regions of the map")
        return self
