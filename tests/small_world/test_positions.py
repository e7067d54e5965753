"""Small World positions (games/small_world/positions.py, docs/positions.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from random_play import play_checked
from sw_invariants import check_state

from boardrules.cli import main
from boardrules.engine import Action, PositionError, Rng
from boardrules.games.small_world import SmallWorld
from boardrules.games.small_world.state import GHOULS, LOST_TRIBE, ORCS

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "positions" / "small-world.json"
GAME = SmallWorld()


def example() -> dict[str, Any]:
    return json.loads(EXAMPLE.read_text())


def test_the_example_file_is_the_games_example() -> None:
    assert example() == GAME.position_example()


def test_the_example_loads_as_it_says() -> None:
    s = GAME.load_position(example())
    check_state(GAME, s)
    assert s.turn == 4 and s.current == 0
    # Player 1's Ghouls in decline conquer first, their troops readied
    assert s.stage == "conquer" and s.acting == GHOULS and s.hand[GHOULS] == 2
    assert s.players[0].race == ORCS and s.players[1].coins == 12 and s.peace[1] == 0
    assert s.owner[14] == LOST_TRIBE and s.declined[3] and s.tokens[12] == 3
    assert [GAME.t.races[m[0]].id for m in s.market[:2]] == ["trolls", "wizards"] and s.market[0][2] == 2
    assert len(s.market) == 6


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_example_plays_to_the_end_keeping_the_invariants(seed: int) -> None:
    s = GAME.load_position(example())
    play_checked(GAME, s, seed, lambda s: check_state(GAME, s), salt=0x7070)
    assert GAME.result(s) is not None


def test_a_position_round_trips() -> None:
    data = example()
    del data["dice"]
    s = GAME.load_position(data)
    again = GAME.load_position(json.loads(json.dumps(GAME.dump_position(s, data["seed"], {}))))
    assert GAME.state_hash(again) == GAME.state_hash(s)


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 8), (5, 1)])
def test_every_turn_start_of_a_random_game_round_trips(players: int, seed: int) -> None:
    s, rng, dumped = GAME.new_state(players, seed), Rng(seed), 0
    while not s.over:
        try:
            data = GAME.dump_position(s, seed, {})
        except PositionError as exc:
            assert exc.field == "stage"  # later in a turn
        else:
            again = GAME.load_position(json.loads(json.dumps(data)))
            assert GAME.state_hash(again) == GAME.state_hash(s), data
            dumped += 1
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert dumped >= players * 5


def test_a_later_moment_of_a_turn_is_refused() -> None:
    s = GAME.load_position(example())
    conquest = next(a for a in GAME.legal_actions(s) if a.name == "conquer")
    GAME.apply(s, conquest)  # the Ghouls in decline have conquered: the turn is under way
    with pytest.raises(PositionError, match="start of a turn"):
        GAME.dump_position(s, 5, {})


def test_the_stage_conquer_readies_the_active_race() -> None:
    data = example()
    data["stage"] = "conquer"
    s = GAME.load_position(data)
    assert s.stage == "conquer" and s.acting == ORCS and s.hand[ORCS] == 3  # 2 + 1 readied
    assert s.tokens[9] == 1 and s.tokens[13] == 1
    check_state(GAME, s)


def _conquering(dice: list[int]) -> Any:
    data = {"game": GAME.name, "players": 2, "current": 0, "stage": "conquer",
            "seats": [{"combo": {"race": "humans", "power": "alchemist"}}, {}],
            "regions": {"1": {"owner": 0, "race": "humans", "tokens": 1}}, "hand": {"humans": 1}, "dice": dice}
    return GAME.load_position(data)


@pytest.mark.parametrize("roll", [0, 1, 2, 3])
def test_the_scripted_reinforcement_die_gives_the_scripted_roll(roll: int) -> None:
    s = _conquering([roll])
    events = GAME.apply(s, Action.parse("reinforce 2"))  # an empty Forest: 2 tokens, 1 in hand
    die = next(e for e in events if e.kind == "die")
    assert die.data["roll"] == roll and s.last_die[3] == roll
    assert (s.owner[2] == 0) == (roll >= 1)


def test_a_scripted_berserk_roll_gives_the_scripted_roll() -> None:
    data = example()
    data["stage"], data["dice"] = "conquer", [2]
    s = GAME.load_position(data)
    GAME.apply(s, Action.parse("roll"))
    assert s.roll == 2


def test_the_stacks_order_is_the_one_given() -> None:
    data = example()
    data["market"] = [{"race": "trolls", "power": "flying"}]
    data["race_stack"] = ["wizards", "amazons", "dwarves", "giants", "halflings", "humans", "ratmen",
                          "skeletons", "sorcerers", "tritons"]
    s = GAME.load_position(data)
    check_state(GAME, s)
    assert [GAME.t.races[m[0]].id for m in s.market] == ["trolls", "wizards", "amazons", "dwarves", "giants",
                                                         "halflings"]


def _with(**change: Any) -> dict[str, Any]:
    data = example()
    data.update(change)
    return data


SEATS = [{"combo": {"race": "orcs", "power": "berserk"}}, {}]


@pytest.mark.parametrize("data, field", [
    (_with(weather="rain"), "weather"),
    (_with(turn="4"), "turn"),
    (_with(turn=10 ** 40), "turn"),
    (_with(turn=11), "turn"),
    (_with(current=2), "current"),
    (_with(stage="lunch"), "stage"),
    (_with(seats=[{}]), "seats"),
    (_with(seats=[{"coins": -1}, {}]), "seats[0].coins"),
    (_with(seats=[{"combo": {"race": "orks", "power": "berserk"}}, {}]), "seats[0].combo.race"),
    (_with(seats=[{"combo": {"race": "orcs", "power": "be\u202erserk"}}, {}]), "seats[0].combo.power"),
    (_with(seats=[SEATS[0], {"combo": {"race": "orcs", "power": "flying"}}]), "seats[1].combo.race"),
    (_with(seats=[SEATS[0], {"combo": {"race": "elves", "power": "berserk"}}]), "seats[1].combo.power"),
    (_with(seats=[SEATS[0], {"peace": 1}]), "seats[1].peace"),
    (_with(seats=[{"declines": [{"race": "elves", "power": "hill"}, {"race": "dwarves", "power": "swamp"}]}, {}]),
     "seats[0].declines"),
    (_with(regions={"99": {"owner": 0, "race": "orcs"}}), "regions.99"),
    (_with(regions={"٣": {"owner": 0, "race": "orcs"}}), "regions.٣"),
    (_with(regions={"9": {"owner": 0, "race": "elves"}}), "regions.9.race"),
    (_with(regions={"9": {"owner": 3, "race": "orcs"}}), "regions.9.owner"),
    (_with(regions={"9": {"owner": 0}}), "regions.9.race"),
    (_with(regions={"9": {"owner": 0, "race": "orcs", "tokens": 0}}), "regions.9.tokens"),
    (_with(regions={"9": {"owner": 0, "race": "orcs", "tokens": 99}}), "regions.9.tokens"),
    (_with(regions={"7": {"owner": 0, "race": "orcs"}}), "regions.7"),
    (_with(regions={"9": {"owner": "lost-tribe", "tokens": 2}}), "regions.9"),
    (_with(regions={"9": {"owner": 0, "race": "orcs", "lair": True}}), "regions.9"),
    (_with(regions={"9": {"owner": 0, "race": "orcs", "dragon": True}}), "regions.9"),
    (_with(regions={"9": {"owner": 0, "race": "orcs", "camps": 6}}), "regions.9.camps"),
    (_with(regions={str(r): {"owner": 0, "race": "orcs", "fortress": True} for r in (1, 2, 4, 6, 9, 11, 12)}),
     "regions.12.fortress"),
    (_with(hand={"elves": 99}), "hand.elves"),
    (_with(hand={"trolls": 1}), "hand.trolls"),
    (_with(market=[{"race": "orcs", "power": "hill"}]), "market[0].race"),
    (_with(market=[{"race": "trolls", "power": "hill"}, {"race": "wizards", "power": "hill"}]), "market[1].power"),
    (_with(market=[{"race": "trolls", "power": "hill", "coins": 1.5}]), "market[0].coins"),
    (_with(market=[{"race": "trolls", "power": "hill"}] * 7), "market"),
    (_with(race_stack=["trolls"]), "race_stack[0]"),
    (_with(race_stack=["dwarves"]), "race_stack"),
    (_with(power_stack=["nap"]), "power_stack[0]"),
    (_with(race_stack_seen=30), "race_stack_seen"),
    (_with(seats=[{**seat, "coins": 300} for seat in example()["seats"]]), "seats[1].coins"),
    (_with(dice=[4]), "dice[0]"),
    (_with(dice=["3"]), "dice[0]"),
    (_with(last_die={"rolls": 1, "seat": 0, "region": 99, "roll": 1}), "last_die.region"),
])
def test_bad_fields_are_named(data: dict[str, Any], field: str) -> None:
    with pytest.raises(PositionError) as info:
        GAME.load_position(data)
    assert info.value.field.startswith(field), str(info.value)
    assert "\u202e" not in str(info.value)


def test_too_many_tokens_of_a_race_are_refused() -> None:
    data = _with(regions={"9": {"owner": 0, "race": "orcs", "tokens": 40}}, hand={"orcs": 60})
    with pytest.raises(PositionError, match=r"^hand\.orcs: 100 Orcs tokens placed in all, but the box holds"):
        GAME.load_position(data)


def test_the_cli_plays_the_example_to_the_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["play", "small-world", "--position", str(EXAMPLE), "--seats", "random,random"])
    assert result.exit_code == 0, result.output
    assert "Small World from the position" in result.output and "Winner" in result.output
