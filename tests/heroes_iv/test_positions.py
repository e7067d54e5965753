"""Heroes IV positions (games/heroes_iv/positions.py, docs/positions.md)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from h4_invariants import all_cards, check_state, check_views
from random_play import play_checked

from boardrules.cli import main
from boardrules.engine import Action, PositionError, Rng, ScriptedRng, Session, replay_from_data
from boardrules.games.heroes_iv import HeroesIV

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "positions" / "heroes-iv.json"
GAME = HeroesIV()


def example() -> dict[str, Any]:
    return json.loads(EXAMPLE.read_text())


def _with(**change: Any) -> dict[str, Any]:
    data = example()
    data.update(change)
    return data


def test_the_example_file_is_the_games_example() -> None:
    assert example() == GAME.position_example()


def test_the_example_loads_as_it_says() -> None:
    s = GAME.load_position(example())
    check_state(GAME, s)
    assert s.turn == 4 and s.current == 0 and s.first == 0
    assert [sid for sid, _, _ in s.placed] == ["green-vale", "old-kingdom"] and not s.sections_left
    # the Income Sequence has run: a card for the Haven and one for the Gold Mine; then the Purchase Sequence
    assert s.stage == "purchase" and len(s.players[0].hand) == 4 + 2 and s.players[0].hand[:4] == [
        "squire", "pikeman", "sawmill", "ballista"]
    knight = s.army(1)
    assert knight is not None and knight.hex == 10 and knight.cards[0] == "knight"
    assert knight.mp == 3 + 2 and not knight.moved  # the Hero's speed and his Boots of Travel
    assert s.players[0].artifacts == {"knight": ["boots-of-travel"]}
    haven, longsword = s.spaces[9], s.spaces[18]
    assert haven.card == "haven" and haven.owner == 0 and haven.under == ["monk"] and haven.marker_seat == 0
    assert longsword.card == "longsword" and longsword.owner == -1 and longsword.guards == ["skeleton", "imp"]
    assert longsword.guarding == 1 and s.spaces[0].card == "" and not s.spaces[0].defined
    assert sorted(sp.marker for sp in s.spaces.values() if sp.card) == [1, 2, 3, 4] and s.next_marker == 5
    assert s.players[0].aside == [] and len(s.players[1].adventure) == 5  # left out: dealt as at set-up
    assert isinstance(s.rng, ScriptedRng) and s.rng.script == ("7", "3", "9", "2")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_example_plays_to_the_end_keeping_the_invariants(seed: int) -> None:
    s = GAME.load_position(example())
    play_checked(GAME, s, seed, lambda s: check_state(GAME, s), salt=0x4E50,
                 views=lambda s, rng: check_views(GAME, s, rng), views_every=11)
    assert GAME.result(s) is not None


def test_a_battle_about_to_start_plays_to_the_end() -> None:
    s = GAME.load_position(_with(stage="move", attack={"army": 1, "hex": 11}, armies=[
        *example()["armies"], {"owner": 1, "hex": 11, "cards": ["necromancer", "ghost", "imp"]}]))
    assert s.battle is not None and s.pending[-1] == ("battle", 11, 1, 4, 10)
    play_checked(GAME, s, 4, lambda s: check_state(GAME, s), salt=0x4E50,
                 views=lambda s, rng: check_views(GAME, s, rng), views_every=5)
    assert GAME.result(s) is not None


def test_a_position_round_trips() -> None:
    data = example()
    s = GAME.load_position(data)
    again = GAME.load_position(json.loads(json.dumps(GAME.dump_position(s, data["seed"], data["options"]))))
    assert GAME.state_hash(again) == GAME.state_hash(s)


def test_a_game_from_the_position_is_saved_and_resumed_with_it() -> None:
    data = _with(seats=[{}, {}])  # piles dealt again: the same deal when the save is resumed
    session = Session(GAME, data["seed"], data["players"], data["options"], ["greedy", "greedy"], position=data)
    for _ in range(30):
        d = session.decision
        assert d is not None
        session.play(d.actions[-1])
    again = replay_from_data(GAME, json.loads(json.dumps(session.replay_data())))
    assert GAME.state_hash(again.state) == GAME.state_hash(session.state)


@pytest.mark.parametrize("players, seed, options", [
    (2, 3, {}), (3, 8, {}), (4, 1, {}), (6, 2, {}),
    (2, 5, {"deck": "tournament", "morale": "on", "luck": "on"}),
])
def test_every_turn_start_of_a_random_game_round_trips(players: int, seed: int, options: dict[str, str]) -> None:
    s, rng, dumped = GAME.new_state(players, seed, options), Rng(seed), 0
    while not s.over:
        try:
            data = GAME.dump_position(s, seed, options)
        except PositionError as exc:
            assert exc.field == "stage"  # not at the start of a turn
        else:
            again = GAME.load_position(json.loads(json.dumps(data)))
            assert GAME.state_hash(again) == GAME.state_hash(s), data
            dumped += 1
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert dumped >= players * 8


def test_a_later_moment_of_a_turn_is_refused_saying_why() -> None:
    s = GAME.load_position(_with(stage="move"))
    GAME.apply(s, Action.parse("move 1 14"))
    with pytest.raises(PositionError, match=r"^stage: .*start of a turn.*Army Stack 1 has moved"):
        GAME.dump_position(s, 7, {"alignments": "life,death"})
    s = GAME.load_position(_with(stage="move", attack={"army": 1, "hex": 11},
                                 armies=[{"owner": 0, "hex": 10, "cards": ["knight", "squire"]},
                                         {"owner": 1, "hex": 11, "cards": ["skeleton"]}]))
    with pytest.raises(PositionError, match="a battle is under way at hex 11"):
        GAME.dump_position(s, 7, {"alignments": "life,death"})
    fresh = GAME.new_state(2, 7)
    with pytest.raises(PositionError, match="the map is still being built"):
        GAME.dump_position(fresh, 7, {})


def test_the_stages_of_a_turn_start() -> None:
    purchase = GAME.load_position(_with(stage="purchase"))
    assert purchase.stage == "purchase" and purchase.players[0].hand == example()["seats"][0]["hand"]  # no income
    move = GAME.load_position(_with(stage="move"))
    assert move.stage == "move" and all(a.mp > 0 and not a.moved for a in move.armies_of(0))
    assert "move 1 14" in [a.text for a in GAME.legal_actions(move)]


def test_the_deck_given_is_drawn_from_the_top() -> None:
    seats = example()["seats"]
    seats[0] = {**seats[0], "deck": ["angel", "champion", "monk"]}
    s = GAME.load_position(_with(seats=seats))
    assert s.players[0].hand[-2:] == ["angel", "champion"] and s.players[0].deck == ["monk"]


def test_piles_left_out_are_dealt_as_at_set_up_and_every_card_is_somewhere() -> None:
    s = GAME.load_position(_with(seats=[{}, {}]))
    for p in s.players:
        assert len(p.aside) == 1 and len(p.adventure) == 5 and not p.discard
    assert len(s.players[1].hand) == 3 and len(s.players[0].hand) == 3 + 2  # and player 1's income
    want: Counter[str] = Counter()
    for decklist in s.decklists:
        want.update(dict(decklist))
    assert all_cards(s) == want


def test_the_scripted_dice_are_rolled_first_in_a_battle() -> None:
    data = _with(stage="move", armies=[{"owner": 0, "hex": 14, "cards": ["knight", "squire", "squire", "pikeman", "crusader"]},
                         {"owner": 1, "hex": 27, "cards": ["death-knight", "skeleton"]}],
                 attack={"army": 1, "hex": 18}, dice=[10, 1, 1, 1, 1])
    s = GAME.load_position(data)
    assert s.stage == "move" and s.battle is not None and s.battle.step == "setup"
    assert s.pending[-1] == ("battle", 18, 1, -1, 14) and s.battle.sides[1].guard and s.battle.sides[1].player == 1
    rolls = []
    while s.battle is not None and len(rolls) < 5:
        for e in GAME.apply(s, GAME.legal_actions(s)[0]):
            if e.kind == "attack" and "die" in e.text:
                rolls.append(int(e.text.split("die ")[1].split()[0]))
    assert rolls[:5] == [10, 1, 1, 1, 1]


def test_a_reshuffle_takes_no_scripted_die() -> None:
    seats = example()["seats"]
    seats[0] = {**seats[0], "deck": [], "discard": ["angel", "champion", "monk"]}
    s = GAME.load_position(_with(seats=seats, dice=[4, 5]))
    assert sorted(s.players[0].hand[-2:] + s.players[0].deck) == ["angel", "champion", "monk"]  # drawn, shuffled
    assert s.players[0].known == ["angel", "champion", "monk"]
    assert isinstance(s.rng, ScriptedRng) and s.rng.script == ("4", "5")


def test_the_lowest_free_markers_are_given_in_order() -> None:
    data = _with(armies=[{"owner": 0, "hex": 10, "cards": ["knight"], "marker": 2},
                         {"owner": 0, "hex": 9, "cards": ["squire"]}, {"owner": 1, "hex": 27, "cards": ["imp"]}],
                 spaces={"6": {"card": "gold-mine", "owner": 0}, "9": {"card": "haven", "owner": 0, "marker": 1}})
    s = GAME.load_position(data)
    assert [a.marker for a in s.armies] == [2, 1, 3]
    assert s.spaces[6].marker == 2 and s.next_marker == 3


SPACES = example()["spaces"]
ARMY = {"owner": 0, "hex": 10, "cards": ["knight"]}


@pytest.mark.parametrize("data, field", [
    # unknown fields and wrong types
    (_with(weather="rain"), "weather"),
    (_with(round="4"), "round"),
    (_with(round=13), "round"),
    (_with(current=2), "current"),
    (_with(stage="lunch"), "stage"),
    (_with(armies=[{**ARMY, "hex": "10"}]), "armies[0].hex"),
    (_with(armies=[{**ARMY, "colour": "red"}]), "armies[0].colour"),
    (_with(seats=[{"hand": "squire"}, {}]), "seats[0].hand"),
    (_with(seats=[{}]), "seats"),
    ({k: v for k, v in example().items() if k != "map"}, "map"),
    # huge numbers
    (_with(round=10 ** 40), "round"),
    (_with(armies=[{**ARMY, "hex": 10 ** 30}]), "armies[0].hex"),
    (_with(dice=[10 ** 50]), "dice[0]"),
    (_with(next_marker=10 ** 20), "next_marker"),
    # unknown ids
    (_with(map=[{"section": "green-vail", "slot": "0:0"}]), "map[0].section"),
    (_with(armies=[{**ARMY, "cards": ["knigth"]}]), "armies[0].cards[0]"),
    (_with(armies=[{**ARMY, "cards": ["kni\u202eght"]}]), "armies[0].cards[0]"),
    (_with(spaces={"9": {"card": "heaven", "owner": 0}}), "spaces.9.card"),
    (_with(spaces={"٩": {"card": "haven", "owner": 0}}), "spaces.٩"),
    (_with(seats=[{"hand": ["squire", "\x00"]}, {}]), "seats[0].hand[1]"),
    # the map
    (_with(map=[{"section": "green-vale", "slot": "1:0"}]), "map[0].slot"),
    (_with(map=[{"section": "green-vale", "slot": "0:0"}, {"section": "old-kingdom", "slot": "5:5"}]),
     "map[1].slot"),
    (_with(map=[{"section": "green-vale", "slot": "0:0"}, {"section": "green-vale", "slot": "1:0"}]),
     "map[1].section"),
    (_with(map=[{"section": "green-vale", "slot": "0;0"}]), "map[0].slot"),
    (_with(map=[{"section": x, "slot": f"{i}:0"} for i, x in enumerate(("green-vale", "old-kingdom", "mirewood",
                                                                       "coastland"))]), "map"),
    # Army Stacks
    (_with(armies=[{**ARMY, "owner": 2}]), "armies[0].owner"),
    (_with(armies=[{**ARMY, "hex": 7}]), "armies[0].hex"),
    (_with(armies=[{**ARMY, "hex": 99}]), "armies[0].hex"),
    (_with(armies=[{**ARMY, "cards": ["haven"]}]), "armies[0].cards[0]"),
    (_with(armies=[{**ARMY, "cards": []}]), "armies[0].cards"),
    (_with(armies=[ARMY, {"owner": 1, "hex": 10, "cards": ["imp"]}]), "armies[1].hex"),
    (_with(armies=[ARMY, {"owner": 1, "hex": 18, "cards": ["imp"]}]), "armies[1].hex"),
    (_with(armies=[{**ARMY, "marker": 9}]), "armies[0].marker"),
    (_with(armies=[{**ARMY, "marker": 1}, {"owner": 1, "hex": 27, "cards": ["imp"], "marker": 1}]),
     "armies[1].marker"),
    (_with(armies=[{**ARMY, "mp": 2}]), "armies[0].mp"),
    (_with(armies=[{"owner": 0, "hex": h, "cards": ["squire"]} for h in (1, 3, 4, 5, 8)]), "armies[4]"),
    # impossible counts: more of a card than the decks hold, a card in two places
    (_with(seats=[{}, {}], armies=[{**ARMY, "cards": ["knight"] + ["squire"] * 6}]), "armies[0].cards[6]"),
    (_with(armies=[{**ARMY, "cards": ["knight", "skeleton"]}]), "armies[0].cards[1]"),
    (_with(armies=[ARMY, {"owner": 0, "hex": 9, "cards": ["knight"]}]), "armies[1].cards[0]"),
    (_with(seats=[{"hand": ["knight"]}, {}]), "armies[0].cards[0]"),
    (_with(seats=[{"artifacts": {"knight": ["longsword"]}}, {"discard": ["longsword"]}]), "spaces.18.card"),
    (_with(seats=[{"adventure": ["squire"] * 6}, {}]), "seats[0].adventure"),
    (_with(seats=[{"aside": ["haven", "haven"]}, {}]), "seats[0].aside"),
    (_with(seats=[{"aside": ["squire"]}, {}]), "seats[0].aside[0]"),
    # Artifacts under Heroes
    (_with(seats=[{"artifacts": {"priest": ["longsword"]}}, {}]), "seats[0].artifacts.priest"),
    (_with(seats=[{"artifacts": {"knight": ["gold-mine"]}}, {}]), "seats[0].artifacts.knight[0]"),
    (_with(seats=[{"deck": ["monk"], "deck_from": ["angel"]}, {}]), "seats[0].deck_from"),
    # spaces
    (_with(spaces={"10": {"card": "haven"}}), "spaces.10"),
    (_with(spaces={"09": {"card": "haven"}}), "spaces.09"),
    (_with(spaces={"9": {"card": "gold-mine"}}), "spaces.9.card"),
    (_with(spaces={"9": {"owner": 0}}), "spaces.9.card"),
    (_with(spaces={"9": {"card": "haven", "owner": 3}}), "spaces.9.owner"),
    (_with(spaces={"18": {"card": "longsword", "owner": 0}}), "spaces.18.owner"),
    (_with(spaces={"18": {"card": "longsword", "guards": ["skeleton", "squire"], "guarding": 1}}),
     "spaces.18.guards[1]"),
    (_with(spaces={"18": {"card": "longsword", "guards": ["skeleton"]}}), "spaces.18.guarding"),
    (_with(spaces={"18": {"card": "longsword", "guarding": 1}}), "spaces.18.guarding"),
    (_with(spaces={"6": {"card": "gold-mine", "owner": 0, "guards": ["imp"], "guarding": 1}}), "spaces.6.guards"),
    (_with(seats=[{}, {}], armies=[ARMY], spaces={"18": {"card": "longsword", "guards": ["squire"] * 6,
                                                             "guarding": 0}}),
     "spaces.18.guards[5]"),
    (_with(spaces={"9": {"card": "haven", "under": ["monk"]}}), "spaces.9.under"),
    (_with(spaces={"9": {"card": "haven", "owner": 0, "under": ["skeleton"]}}), "spaces.9.under[0]"),
    (_with(spaces={"0": {"card": "squire", "owner": 0, "under": ["monk"]}}), "spaces.0.under[0]"),
    (_with(spaces={"9": {"card": "haven", "owner": 0, "marker_of": 1}}), "spaces.9.marker_of"),
    (_with(spaces={"9": {"card": "haven", "owner": 0, "emptied": True}}), "spaces.9.emptied"),
    (_with(spaces={"18": {"card": "longsword", "emptied": True}}), "spaces.18"),
    (_with(spaces={"6": {"card": "gold-mine", "marker": 3}, "18": {"card": "longsword", "marker": 3}}),
     "spaces.18.marker"),
    (_with(spaces=SPACES, next_marker=3), "next_marker"),
    (_with(spaces={**SPACES, "26": {"card": "longsword"}, "36": {"card": "longsword"}}), "spaces.36.card"),
    # the attack and the dice
    (_with(stage="move", attack={"army": 3, "hex": 26}), "attack.army"),
    (_with(stage="move", attack={"army": 1, "hex": 27}), "attack.hex"),
    (_with(stage="move", attack={"army": 1, "hex": 11}), "attack.hex"),
    (_with(attack={"army": 1, "hex": 11}, stage="purchase"), "attack"),
    (_with(dice=[0]), "dice[0]"),
    (_with(dice=[11]), "dice[0]"),
    (_with(dice=["7"]), "dice[0]"),
])
def test_bad_fields_are_named(data: dict[str, Any], field: str) -> None:
    with pytest.raises(PositionError) as info:
        GAME.load_position(data)
    assert info.value.field == field, str(info.value)
    assert "\u202e" not in str(info.value) and "\x00" not in str(info.value)


@pytest.mark.parametrize("data, field", [
    (_with(spaces={"\u202e9": {"card": "haven"}}), "spaces."),
    (_with(seats=[{"artifacts": {"kni\u202eght": ["longsword"]}}, {}]), "seats[0].artifacts."),
    (_with(spaces={"9" * 5000: {"card": "haven"}}), "spaces."),
])
def test_odd_characters_and_long_keys_are_escaped_and_cut_in_the_path(data: dict[str, Any], field: str) -> None:
    with pytest.raises(PositionError) as info:
        GAME.load_position(data)
    assert info.value.field.startswith(field) and "\u202e" not in str(info.value) and len(str(info.value)) < 300


def test_a_card_in_two_places_names_both_counts() -> None:
    with pytest.raises(PositionError, match=r"^armies\[1\]\.cards\[0\]: more 'knight' placed for seat 0 than the 1 "):
        GAME.load_position(_with(armies=[ARMY, {"owner": 0, "hex": 9, "cards": ["knight"]}]))
    with pytest.raises(PositionError, match=r"more 'longsword' placed in all than the 2 of the deck lists"):
        GAME.load_position(_with(seats=[{"artifacts": {"knight": ["longsword"]}}, {"discard": ["longsword"]}]))


def test_the_cli_plays_the_example_to_the_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["play", "heroes-iv", "--position", str(EXAMPLE), "--seats", "random,random"])
    assert result.exit_code == 0, result.output
    assert "Heroes of Might and Magic IV: the card & tile game from the position" in result.output
    assert "Winner" in result.output


def test_the_cli_refuses_a_bad_position_naming_the_field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_with(armies=[{**ARMY, "hex": 7}])))
    result = CliRunner().invoke(main, ["play", "--position", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}: armies[0].hex: hex 7 is water, impassable terrain" in result.output
    assert "Traceback" not in result.output
