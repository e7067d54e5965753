"""Meeples & Monsters positions (games/meeples_and_monsters/positions.py, docs/positions.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mm_invariants import EXPECTED, check_state, meeple_totals
from random_play import play_checked

from boardrules.engine import PositionError
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.state import DISTRICTS, KIND_INDEX, NO_CARD

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "positions" / "meeples-and-monsters.json"
GAME = MeeplesAndMonsters()


def example() -> dict[str, Any]:
    return json.loads(EXAMPLE.read_text())


def test_the_example_loads_as_it_says() -> None:
    s = GAME.load_position(example())
    assert s.phase == "main" and s.current == 0
    assert s.players[0].tavern[KIND_INDEX["knight"]] == 2
    assert GAME.t.mon_index["tree-beast"] in s.monsters[DISTRICTS.index("villages")]
    assert all(m == NO_CARD for d, row in enumerate(s.monsters) if DISTRICTS[d] != "villages" for m in row)
    assert meeple_totals(s) == EXPECTED


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_example_plays_to_the_end_keeping_the_invariants(seed: int) -> None:
    s = GAME.load_position(example())
    play_checked(GAME, s, seed, lambda s: check_state(GAME, s), salt=0x5050)
    assert GAME.result(s) is not None


def test_a_position_round_trips() -> None:
    s = GAME.load_position(example())
    again = GAME.load_position(GAME.dump_position(s, 7, {}))
    assert GAME.state_hash(again) == GAME.state_hash(s)


def test_forced_draws_are_drawn_in_order() -> None:
    data = {"game": GAME.name, "players": 2, "phase": "develop",
            "seats": [{"bag": {"mage": 1, "knight": 1, "peasant": 5}, "tavern": {}}, {}],
            "draws": ["mage", "knight"]}
    s = GAME.load_position(data)
    from boardrules.games.meeples_and_monsters.effects import draw_meeples

    draw_meeples(s, 0, 2)
    assert s.players[0].tavern[KIND_INDEX["mage"]] == 1 and s.players[0].tavern[KIND_INDEX["knight"]] == 1


def test_a_forced_draw_not_in_the_bag_names_its_entry() -> None:
    data = {"game": GAME.name, "players": 2, "seats": [{"bag": {"peasant": 3}}, {}], "draws": ["paladin"]}
    s = GAME.load_position(data)
    from boardrules.games.meeples_and_monsters.effects import draw_meeples

    with pytest.raises(PositionError, match=r"^draws\[0\]: .*no paladin in the bag"):
        draw_meeples(s, 0, 1)


@pytest.mark.parametrize("fields, field", [
    ({"seats": [{"tavern": {"knigth": 2}}, {}]}, "seats[0].tavern.knigth"),
    ({"seats": [{"tavern": {"knight": "2"}}, {}]}, "seats[0].tavern.knight"),
    ({"seats": [{"tavern": {"knight": 10 ** 30}}, {}]}, "seats[0].tavern.knight"),
    ({"seats": [{"tavern": {"knight": 9}}, {"tavern": {"knight": 9}}]}, "seats[1].tavern.knight"),
    ({"seats": [{"hand": []}, {}]}, "seats[0].hand"),
    ({"seats": [{}]}, "seats"),
    ({"seats": [{"quests": ["no-such-quest"]}, {}]}, "seats[0].quests[0]"),
    ({"city": {"monsters": {"moon": ["tree-beast"]}}}, "city.monsters.moon"),
    ({"city": {"monsters": {"castle": ["tree-beast", "tree-beast"]}}}, "city.monsters.castle[1]"),
    ({"city": {"locations": {"castle-1": "armory"}}}, "city.locations.castle-1"),
    ({"monster_deck": ["gobl\u202ein"]}, "monster_deck[0]"),
    ({"current": 3}, "current"),
    ({"phase": "lunch"}, "phase"),
    ({"draws": ["knight", "dragon"]}, "draws[1]"),
])
def test_bad_fields_are_named(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(PositionError) as info:
        GAME.load_position({"game": GAME.name, "players": 2, **fields})
    assert info.value.field == field, str(info.value)
    assert "\u202e" not in str(info.value)


def test_quests_are_taken_from_wherever_they_are() -> None:
    s0 = GAME.new_state(2, 0)
    theirs = GAME.t.quests[s0.players[1].quests[0]].id
    s = GAME.load_position({"game": GAME.name, "players": 2, "seats": [{"quests": [theirs]}, {}]})
    check_state(GAME, s)
    assert [GAME.t.quests[q].id for q in s.players[0].quests] == [theirs]
