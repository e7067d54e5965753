"""Mage Knight positions (games/mage_knight/positions/, docs/positions.md "Mage Knight"): the
start of a turn or of a round's Tactics loaded from its fields, written back to the same state
hash, played on to the end; the draws to come; every bad field refused naming it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from mk_invariants import Invariants, check_views
from mk_positions import do, legal
from random_play import play_checked

from boardrules.cli import main
from boardrules.engine import PositionError, Rng, ScriptedRng
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "positions" / "mage-knight.json"
GAME = MageKnight()
KEEP = (5, -6)  # the keep of countryside-3 placed at tile position 1,1


def example() -> dict[str, Any]:
    return json.loads(EXAMPLE.read_text())


def first_turn(**fields: Any) -> dict[str, Any]:
    """Tovak's first turn (seat 0) of a 2-player First Reconnaissance, Goldyx after him."""
    seats = [{"tactic": "early-bird", "space": "2,-3", "hand": ["march", "stamina", "rage"]}, {"tactic": "planning"}]
    return {"game": GAME.name, "players": 2, "seed": 3, "options": {"heroes": "tovak,goldyx"}, "current": 0,
            "seats": seats, **fields}


def round_trips(s: MKState, seed: int, options: dict[str, str]) -> None:
    data = json.loads(json.dumps(GAME.dump_position(s, seed, options)))
    again = GAME.load_position(data)
    assert GAME.state_hash(again) == GAME.state_hash(s), data


def test_the_example_file_is_the_games_example() -> None:
    assert example() == GAME.position_example()


def test_the_example_loads_as_it_says() -> None:
    s = GAME.load_position(example())
    g = s.g
    tovak, goldyx = g.players
    d = GAME.decision(s)
    assert d is not None and d.player == 0 and d.prompt == "Your turn" and s.turn_begun and s.turn == 6
    assert g.round == 2 and g.night and g.round_order == [1, 0] and g.current == 0
    assert g.tiles[(1, 1)] == "countryside-3" and "countryside-3" not in g.tile_deck
    assert [(x.id, x.face_up) for x in g.enemies[KEEP]] == [("guardsmen", False)]
    assert tovak.position == (3, -2) and tovak.fame == 9 and tovak.level == 3
    assert (tovak.armor, tovak.hand_limit, tovak.command) == (3, 5, 2)  # the level's Level token
    assert tovak.units == [["peasants", 1, False]] and tovak.crystals["blue"] == 1
    assert tovak.mana["black"] == 1  # MAGICAL GLADE at Night: the turn's start ran
    assert len(tovak.deck) == 11 and "cold-toughness" not in tovak.deck  # the rest of his 16 cards
    # the cards the discard pile names are taken from the set-up's hand and deck
    assert goldyx.discard == ["march", "promise"] and len(goldyx.hand) + len(goldyx.deck) == 14
    assert g.source == ["red", "blue", "black", "gold"]
    assert isinstance(g.rng, ScriptedRng) and g.rng.script == ("green", "white")


@pytest.mark.parametrize("seed", [1, 2])
def test_the_example_plays_to_the_end_keeping_the_invariants(seed: int) -> None:
    s = GAME.load_position(example())
    play_checked(GAME, s, seed, Invariants(GAME, s).check, salt=0x4D4B,
                 views=lambda s, rng: check_views(GAME, s, rng), views_every=25)
    assert GAME.result(s) is not None


def test_the_example_round_trips() -> None:
    round_trips(GAME.load_position(example()), 3, {"heroes": "tovak,goldyx"})


@pytest.mark.parametrize("players, seed, sets", [(1, 2, "base"), (2, 3, "base"), (3, 6, "base,LL"), (4, 7, "base")])
def test_every_turn_start_and_tactic_choice_of_a_random_game_round_trips(players: int, seed: int, sets: str) -> None:
    options = {"scenario": "solo-conquest" if players == 1 else ("first-reconnaissance", "full-conquest")[seed % 2],
               "sets": sets}
    s, rng = GAME.new_state(players, seed, options), random.Random(seed)
    dumped, last_turn, events = {"turn": 0, "tactics": 0}, -1, []
    while (d := GAME.decision(s)) is not None:
        # (a turn whose start took an only answer at once, Slow Recovery, is past its start: not written)
        taken = any(e.kind == "only-choice" and e.player == s.g.current for e in events)
        moment = d.prompt == "Choose a Tactic" or (s.turn != last_turn and s.turn_begun and not taken)
        last_turn = s.turn
        try:
            data = json.loads(json.dumps(GAME.dump_position(s, seed, options)))
        except PositionError as exc:
            assert not moment, exc  # every start of a turn and Tactic choice is written
            assert exc.field == "stage"
        else:
            again = GAME.load_position(data)
            assert GAME.state_hash(again) == GAME.state_hash(s), data
            dumped[data["stage"]] += 1
        events = GAME.apply(s, rng.choice(d.actions))
    assert dumped["turn"] >= 10 and dumped["tactics"] >= 2


def test_a_greedy_game_round_trips_at_its_turn_starts() -> None:
    """Greedy seats go further than random ones (Units, skills, Spells, conquered sites)."""
    from boardrules.agents import make_agent

    options = {"scenario": "full-conquest"}
    s = GAME.new_state(2, 5, options)
    agents = [make_agent("greedy", 50 + i) for i in range(2)]
    dumped = 0
    for _ in range(400):
        d = GAME.decision(s)
        if d is None:
            break
        if d.prompt == "Your turn" and s.turn_begun and not s.g.players[s.g.current].path:
            try:
                round_trips(s, 5, options)
                dumped += 1
            except PositionError as exc:
                assert exc.field == "stage"
        GAME.apply(s, agents[d.player].act(GAME, s, d))
    assert dumped >= 8


def test_a_bare_position_is_the_set_up_at_its_first_tactic_choice() -> None:
    s = GAME.load_position({"game": GAME.name, "players": 3, "seed": 8})
    assert GAME.state_hash(s) == GAME.state_hash(GAME.new_state(3, 8))


def test_the_tactics_stage_asks_the_next_tactic() -> None:
    data = {"game": GAME.name, "players": 2, "seed": 3, "stage": "tactics", "round": 2, "night": True,
            "round_order": [1, 0], "seats": [{"tactic": "long-night", "fame": 5}, {"fame": 5}], "turn": 4}
    s = GAME.load_position(data)
    d = GAME.decision(s)
    assert d is not None and d.player == 1 and d.prompt == "Choose a Tactic"
    assert "tactic long-night" not in legal(s) and "tactic from-the-dusk" in legal(s)
    round_trips(s, 3, {})
    do(s, "tactic sparing-power")
    assert s.g.round_order == [0, 1] and s.g.current == 0 and s.turn == 5


def test_the_turns_start_runs_on_load_the_others_answer_first() -> None:
    """Facts 5.4: the turn's start is the rule's (a glade's token at Night); VILLAGE "Plundering":
    a hero on a village is asked first during another player's turn."""
    data = example()
    data["seats"][1]["space"] = "3,-4"  # a village of countryside-3
    s = GAME.load_position(data)
    d = GAME.decision(s)
    assert d is not None and d.player == 1 and "plunder" in legal(s)
    round_trips(s, 3, {"heroes": "tovak,goldyx"})
    do(s, "next")
    assert GAME.decision(s).player == 0  # type: ignore[union-attr]


def test_scripted_dice_are_the_source_rerolls_to_come() -> None:
    """Facts 5.7 step 1: the die used is re-rolled at the end of the turn: the first scripted colour."""
    s = GAME.load_position(example())
    do(s, "play stamina powered", "pay blue die-2", "end-turn")
    assert s.g.source == ["red", "green", "black", "gold"]
    assert isinstance(s.g.rng, ScriptedRng) and s.g.rng.script == ("white",)


def test_mana_search_rerolls_the_scripted_colours() -> None:
    """Facts 3.6 Mana Search: the depleted gold die first, then another."""
    s = GAME.load_position(example())
    do(s, "use-tactic mana-search", "reroll 4", "reroll 1", "reroll done")
    assert s.g.source == ["white", "blue", "black", "green"]


def test_a_scripted_enemy_token_is_drawn_and_a_die_entry_waits_for_a_die() -> None:
    """KEEP "When Revealed": the face-down grey token drawn is the first grey one of ``draws``."""
    s = GAME.load_position(first_turn(draws=["green", "swordsmen"]))
    do(s, "play march basic", "explore 1:1")
    assert [(x.id, x.face_up) for x in s.g.enemies[KEEP]] == [("swordsmen", False)]
    assert isinstance(s.g.rng, ScriptedRng) and s.g.rng.script == ("green",)


def test_a_scripted_ruins_token_is_drawn() -> None:
    """ANCIENT RUINS "When Revealed": the yellow token drawn is the scripted one (face up by Day)."""
    s = GAME.load_position(first_turn(tile_deck=["countryside-8", "countryside-3"], draws=["altar-red"]))
    do(s, "play march basic", "explore 1:1")
    assert [(x.id, x.face_up) for x in s.g.ruins.values()] == [("altar-red", True)]


def test_trying_the_legal_actions_leaves_the_draws_to_the_real_ones() -> None:
    s = GAME.load_position(first_turn(draws=["golems"]))
    do(s, "play march basic")
    assert "explore 1:1" in legal(s)  # found by exploring a copy, which drew the golems there
    assert isinstance(s.g.rng, ScriptedRng) and s.g.rng.script == ("golems",)


def test_the_dummys_tactic_is_scripted() -> None:
    """Facts 5.8 "Tactics": the Dummy takes a random Tactic of those left: the scripted one."""
    data = {"game": GAME.name, "players": 1, "seed": 4, "stage": "tactics", "draws": ["the-right-moment"]}
    s = GAME.load_position(data)
    do(s, "tactic planning")
    assert s.g.dummy is not None and s.g.dummy.tactic == "the-right-moment"


def test_the_dummy_plays_another_hero_with_that_heros_cards_crystals_and_skills() -> None:
    """Facts 5.8 "The Dummy player": its hero's 16 cards, its 3 crystals, its skill tokens."""
    s = GAME.load_position({"game": GAME.name, "players": 1, "seed": 4, "options": {"heroes": "arythea"},
                            "dummy": {"hero": "tovak", "deck": ["march", "rage"]}})
    d = s.g.dummy
    assert d is not None and d.hero == "tovak" and d.deck == ["rage", "march"]
    assert sorted(d.deck + d.discard) == sorted(GAME.t.starting_deck("tovak"))  # the rest: the discard pile
    assert sum(d.crystals.values()) == 3 and d.skill_pile and all(GAME.t.skill[x].hero == "tovak" for x in d.skill_pile)
    round_trips(s, 4, {"heroes": "arythea"})


def test_pieces_named_are_taken_from_where_the_set_up_put_them() -> None:
    s = GAME.new_state(2, 3, {"heroes": "tovak,goldyx"})
    spell = s.g.spell_offer[1]
    data = first_turn()
    data["seats"][0]["hand"] = ["march", spell]
    data["seats"][0]["units"] = [s.g.unit_offer[0]]
    loaded = GAME.load_position(data)
    g = loaded.g
    assert spell not in g.spell_offer and len(g.spell_offer) == 3  # refilled from the deck's top
    assert g.spell_offer[0] == s.g.spell_deck[-1] and spell not in g.spell_deck
    unit = s.g.unit_offer[0]  # a Unit of two copies: the offer keeps its own, the deck gives the hero's
    assert g.unit_offer == s.g.unit_offer and g.regular_units.count(unit) == s.g.regular_units.count(unit) - 1
    tovak = g.players[0]
    assert sorted(tovak.hand + tovak.deck) == sorted([*GAME.t.starting_deck("tovak"), spell])


def test_a_moment_inside_a_turn_is_refused_naming_why() -> None:
    s = GAME.load_position(example())
    do(s, "play stamina powered", "pay blue die-2")
    with pytest.raises(PositionError, match="^stage: .*start of a turn"):
        GAME.dump_position(s, 3)
    s = GAME.load_position(example())
    do(s, "challenge 3:-3")
    with pytest.raises(PositionError, match="^stage: .*not in a combat"):
        GAME.dump_position(s, 3)


def _with(**fields: Any) -> dict[str, Any]:
    data = example()
    data.update(fields)
    return data


def _seat(**fields: Any) -> dict[str, Any]:
    data = example()
    data["seats"][0].update(fields)
    return data


@pytest.mark.parametrize("data, field, words", [
    # unknown fields
    (_with(colour="red"), "colour", "no such field"),
    (_seat(armour=3), "seats[0].armour", "no such field"),
    (_with(bookkeeping={"decision": 3}), "bookkeeping.decision", "no such field"),
    # wrong types
    (_seat(fame="9"), "seats[0].fame", "valid integer"),
    (_with(night=1), "night", "valid boolean"),
    (_seat(units=[3]), "seats[0].units[0]", "valid dictionary"),
    (_seat(hand="march"), "seats[0].hand", "valid list"),
    # unknown ids
    (_seat(hand=["march", "marhc"]), "seats[0].hand[1]", "'marhc' is not a Wound"),
    (_seat(units=["peasant"]), "seats[0].units[0]", "is not a Unit"),
    (_with(tiles={"0,0": "starting-a", "1,0": "countryside-99"}), "tiles.1,0", "not a tile of this game"),
    (_with(enemies={"5,-6": ["guardsman"]}), "enemies.5,-6[0]", "not an enemy token"),
    (_with(enemy_piles={"green": ["guardsmen"]}), "enemy_piles.green[0]", "(it is grey)"),
    (_seat(tactic="mana-serach"), "seats[0].tactic", "not a Tactic"),
    (_seat(skills=["forward-march"]), "seats[0].skills[0]", "skill token of this game"),
    (_seat(skills=["fligth"]), "seats[0].skills[0]", "is not a skill token"),
    (_seat(space="9,9"), "seats[0].space", "not a space of the map"),
    (_with(draws=["green", "gren"]), "draws[1]", "not a mana die's colour"),
    (_with(source=["red", "blue", "black", "purple"]), "source[3]", "Input should be"),
    (_with(offers={"spells": ["march"]}), "offers.spells[0]", "a Spell (it is a basic card)"),
    # impossible counts, a piece in two places
    (_seat(hand=["march", "march", "march"]), "seats[0].hand[2]", "3 'march' placed in all, but the game has 2"),
    (_seat(hand=["fireball"], discard=["fireball"]), "seats[0].discard[0]", "already placed by seats[0].hand[0]"),
    (_with(enemies={"5,-6": ["guardsmen", "guardsmen", "guardsmen", "guardsmen"]}), "enemies.5,-6[3]",
     "4 'guardsmen' placed in all, but the game has 3"),
    (_seat(units=["peasants", "foresters", "herbalists"]), "seats[0].units", "3 Units, but the hero has 2 Command"),
    (_seat(crystals={"red": 4}), "seats[0].crystals.red", "less than or equal to 3"),
    (_with(source=["red", "blue", "black"]), "source", "holds 4 dice"),
    (_with(seats=[{"tactic": "planning"}]), "seats", "has 2 seats"),
    (_seat(level=6), "seats[0].level", "needs more Fame"),
    (_seat(tactic="long-night"), "seats[1].tactic", "already taken (seats[0].tactic)"),
    (_seat(tactic="planning"), "seats[0].tactic", "not one of the round's Tactics"),
    (_with(tiles={"0,0": "starting-a", "3,3": "countryside-1"}), "tiles.3,3", "does not touch"),
    (_with(ruins={"3,-2": "altar-red"}), "ruins.3,-2", "lies on an ancient ruins space"),
    (_with(round=9), "round", "lasts"),
    (_with(stage="tactics"), "stage", "every hero has taken a Tactic"),
    (_with(dummy={"hero": "norowas"}), "dummy", "only Solo Conquest"),
    (_with(round_order=[0, 1]), "round_order", "follows the Tactics' numbers"),
    # huge numbers
    (_seat(fame=10 ** 40), "seats[0].fame", "digits"),
    (_with(turn=10 ** 30), "turn", "digits"),
    (_with(bookkeeping={"decisions": -1}), "bookkeeping.decisions", "greater than or equal to 0"),
    # odd Unicode
    (_seat(hand=["m\u202earch\x00"]), "seats[0].hand[0]", "is not a Wound"),
    (_seat(space="3,\u202e-2"), "seats[0].space", "not a space or tile position"),
    (_with(enemies={"\u0663,-6": ["guardsmen"]}), "enemies.\u0663,-6", "not a space or tile position"),
    (_with(tiles={"0,0": "starting-a", "\u202e1,0": 5}), "tiles.\\u202e1,0", "valid string"),
    (_seat(banners={"peasants-1\u202e": "banner-of-glory"}), "seats[0].banners.peasants-1\\u202e", "names none"),
])
def test_bad_fields_are_named(data: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(PositionError) as info:
        GAME.load_position(data)
    assert info.value.field == field, str(info.value)
    assert words in info.value.message, str(info.value)
    assert "\u202e" not in str(info.value) and "\x00" not in str(info.value)


def test_the_cli_plays_the_example_to_the_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["play", "mage-knight", "--position", str(EXAMPLE), "--seats", "random,random"])
    assert result.exit_code == 0, result.output
    assert "Mage Knight from the position" in result.output and "Winner" in result.output


def test_the_cli_names_the_file_and_the_field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_seat(hand=["marhc"])))
    result = CliRunner().invoke(main, ["play", "mage-knight", "--position", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}: seats[0].hand[0]: 'marhc' is not a Wound" in result.output and "Traceback" not in result.output


def test_no_draws_leave_the_seeded_generator_as_it_is() -> None:
    s = GAME.load_position(_with(draws=[]))
    assert type(s.g.rng) is Rng
