"""Heroscape positions (games/heroscape/positions.py, docs/positions.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hs_invariants import check_state
from random_play import play_checked

from boardrules.engine import Action, PositionError
from boardrules.games.heroscape.game import Heroscape

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "positions" / "heroscape.json"
GAME = Heroscape()


def example() -> dict[str, Any]:
    return json.loads(EXAMPLE.read_text())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_example_plays_to_the_end_keeping_the_invariants(seed: int) -> None:
    s = GAME.load_position(example())
    play_checked(GAME, s, seed, lambda s: check_state(GAME, s), salt=0x6060)
    assert GAME.result(s) is not None


def test_forced_dice_give_the_scripted_result() -> None:
    s = GAME.load_position(example())
    texts = [e.text for e in GAME.apply(s, Action.parse("attack syvarris grimnak"))]
    assert texts[0] == ("syvarris attacks grimnak: 2 skulls on 4 attack dice (Attack 3, +1 height) against 1 shield "
                        "on 4 defense dice (Defense 4)")


def test_a_round_start_round_trips() -> None:
    data = example()
    del data["turn"], data["dice"]
    s = GAME.load_position(data)
    assert s.stage == "markers" and s.round == 1
    again = GAME.load_position(GAME.dump_position(s, data["seed"], data["options"]))
    assert GAME.state_hash(again) == GAME.state_hash(s)


def _army(**change: Any) -> dict[str, Any]:
    data = example()
    data.update(change)
    return data


@pytest.mark.parametrize("data, field", [
    (_army(army=[{"owner": 0, "card": "syvaris", "figures": ["h6"]}]), "army[0].card"),
    (_army(army=[{"owner": 5, "card": "syvarris", "figures": ["h6"]}]), "army[0].owner"),
    (_army(army=[{"owner": 0, "card": "syvarris", "figures": ["zz999"]}]), "army[0].figures[0]"),
    (_army(army=[{"owner": 0, "card": "syvarris", "figures": ["h6", "h7"]}]), "army[0].figures"),
    (_army(army=[{"owner": 0, "card": "syvarris", "figures": [{"at": "h6", "wounds": 4}]}]),
     "army[0].figures[0].wounds"),
    (_army(army=[{"owner": 0, "card": "syvarris", "figures": ["h6"]},
                 {"owner": 1, "card": "finn", "figures": ["h6"]}], turn=None), "army[1].figures[0]"),
    (_army(army=[{"owner": 0, "card": "grimnak", "figures": ["h6"]}], turn=None), "army[0].figures[0]"),
    (_army(turn={"card": "raelin"}), "turn.card"),
    (_army(turn={"card": "syvarris", "stage": "nap"}), "turn.stage"),
    (_army(dice=["skull", "crown"]), "dice[1]"),
    (_army(dice=[21]), "dice[0]"),
    (_army(dice=["\u202eskull"]), "dice[0]"),
    (_army(round=10 ** 40), "round"),
    (_army(weather="rain"), "weather"),
])
def test_bad_fields_are_named(data: dict[str, Any], field: str) -> None:
    if data.get("turn") is None:
        data.pop("turn", None)
    with pytest.raises(PositionError) as info:
        GAME.load_position(data)
    assert info.value.field.startswith(field), str(info.value)
    assert "\u202e" not in str(info.value)


def test_an_army_over_its_point_limit_is_refused() -> None:
    data = example()
    data["options"] = {**data["options"], "points": "100"}
    with pytest.raises(PositionError, match="over the limit"):
        GAME.load_position(data)
