"""The scenarios (facts 5.8): each one's map, length and end as validated data
(``content/scenarios.toml``), and the end of the game they trigger. First Reconnaissance
ends when a city is revealed: every player, the revealer included, takes one last turn, and if
the round ends meanwhile the game ends then.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ....engine import ContentError, Event
from ....engine.content import ContentId, check_unique, parse_entries
from ..content import Tables
from ..game_state import DUMMY, GameState
from ..map.exploring import space
from ..map.hexes import Grid

SCENARIOS_FILE = Path(__file__).parents[1] / "content" / "scenarios.toml"
Shape = Literal["wedge", "open-3", "open-4", "open-5"]
End = Literal["city-revealed", "cities-conquered", "rounds"]


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: ContentId
    name: str
    min_players: int = Field(ge=1, le=4)
    max_players: int = Field(ge=1, le=4)
    rounds: int = Field(ge=1, le=12)
    shape: Shape
    countryside_tiles: dict[int, int]  # by player count
    core_tiles: int = Field(ge=0)  # non-city core tiles
    city_tiles: int = Field(ge=0)
    city_levels: tuple[int, ...] = ()  # the level of each city, in the order revealed
    tiles_in_numeric_order: bool = False
    fame_per_tile: int = Field(0, ge=0)
    cities_closed: bool = False  # cities can be neither entered nor conquered
    elite_units: bool = True
    end: End = "rounds"
    titles: bool = True  # the achievements' titles at the final scoring
    city_scoring: bool = False  # the conquest scenarios' city points (facts 5.8)
    dummy: bool = False  # a Dummy player (solo)

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        if self.min_players > self.max_players:
            raise ValueError("min_players is more than max_players")
        if sorted(self.countryside_tiles) != list(range(self.min_players, self.max_players + 1)):
            raise ValueError("countryside_tiles gives a count for each player count the scenario allows")
        if not self.cities_closed and len(self.city_levels) != self.city_tiles:
            raise ValueError("city_levels gives a level for each city tile")
        if self.dummy and self.max_players != 1:
            raise ValueError("a Dummy player is only for a solo scenario (max_players = 1)")
        if any(not 1 <= x <= 11 for x in self.city_levels):
            raise ValueError("city levels run from 1 to 11")
        return self


def load_scenarios(file: Path = SCENARIOS_FILE) -> dict[str, Scenario]:
    items = parse_entries(file, "scenario", Scenario)
    check_unique(file.name, items)
    if not items:
        raise ContentError(file.name, "-", "scenario", "no scenario is defined")
    return {x.id: x for x in items}


@cache
def default_scenarios() -> dict[str, Scenario]:
    return load_scenarios()


# ---- the end of the game ---------------------------------------------------------------------

def tiles_revealed(t: Tables, s: GameState, sc: Scenario, player: int, grids: set[Grid], events: list[Event]) -> None:
    """First Reconnaissance "Special": +1 Fame for every tile the player reveals; "End": a city
    revealed triggers the end of the game (facts 5.8)."""
    if sc.fame_per_tile:
        s.players[player].fame += sc.fame_per_tile * len(grids)
    if sc.end == "city-revealed" and any(t.tile[s.tiles[x]].city for x in grids):
        trigger_game_end(s, "a city is revealed", events)


def cities_conquered(t: Tables, s: GameState) -> int:
    """How many cities on the map are conquered (every defender defeated, facts 4.6)."""
    return sum(1 for h in s.conquered if (sp := space(t, s, h)) is not None and sp.site == "city")


def remove_interactive_spells(t: Tables, s: GameState) -> None:
    """Solo Conquest: the interactive Spells leave the Spell deck and offer (facts 5.8); the
    offer is refilled from the deck."""
    s.spell_deck = [x for x in s.spell_deck if not t.card[x].interactive]
    s.spell_offer = [x for x in s.spell_offer if not t.card[x].interactive]
    while len(s.spell_offer) < 3 and s.spell_deck:
        s.spell_offer.append(s.spell_deck.pop())


def trigger_game_end(s: GameState, why: str, events: list[Event], players_only: bool = False) -> None:
    """The scenario's end is triggered (First Reconnaissance: a city revealed): every player,
    the one whose turn it is included, takes one last turn after this one (facts 5.8); Solo
    Conquest (``players_only``): every city conquered, the player's last turn, not the Dummy's."""
    if s.end_triggered:
        return
    s.end_triggered = True
    s.last_turns = tuple(i for i in s.round_order if not players_only or i != DUMMY)
    events.append(Event("game-end", f"{why}: every player takes one last turn", data={"last_turns": list(s.last_turns)}))


def may_take_turn(s: GameState, player: int) -> bool:
    """Whether ``player`` has a turn left: after an announcement only those with a last turn of
    the round, after the game's end is triggered only those with a last turn of the game (facts
    5.7: with both, the final turns follow whichever came first, which is their intersection)."""
    if s.announced_by >= 0 and player not in s.final_turns:
        return False
    return not s.end_triggered or player in s.last_turns


def game_over(s: GameState, rounds: int) -> bool:
    """The game ends after its last round, or once its end is triggered and either every last
    turn is taken or the round ends meanwhile (facts 5.8)."""
    if s.round_over and (s.round >= rounds or s.end_triggered):
        return True
    return s.end_triggered and not any(may_take_turn(s, i) for i in s.round_order)


__all__ = ["Scenario", "cities_conquered", "default_scenarios", "remove_interactive_spells", "game_over", "load_scenarios", "may_take_turn", "tiles_revealed",
           "trigger_game_end"]
