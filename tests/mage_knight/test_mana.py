"""Mana (facts 5.3, 5.1, 5.2): the Source, mana tokens, crystals, Day and Night, from hand-set states."""

from __future__ import annotations

import pytest

from boardrules.engine import Event, IllegalActionError
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.cards.mana import (
    MANA_DIE,
    crystal_to_token,
    gain_crystal_now,
    mana_sources,
    pay_mana,
    payable,
    return_dice,
    return_tokens,
    roll_source,
)
from boardrules.games.mage_knight.game_state import BASIC, GameState


def state(faces: str = "red blue gold black", night: bool = False, players: int = 2) -> GameState:
    s = GameState(players=players)
    s.source = faces.split()
    s.night = night
    return s


def refused(rule: str, fn, *args) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        fn(*args)
    assert info.value.rule == rule
    return info.value.reason


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_source_players_plus_two_dice_at_least_half_basic(players: int) -> None:
    for seed in range(40):
        s = GameState(players=players, seed=seed)
        roll_source(s)
        assert len(s.source) == players + 2
        assert 2 * sum(f in BASIC for f in s.source) >= len(s.source)


def test_source_reroll_keeps_basic_faces_and_rerolls_gold_and_black_together() -> None:
    for seed in range(200):
        s = GameState(players=2, seed=seed)
        probe = s.rng.copy()
        faces = [MANA_DIE[probe.below(6)] for _ in range(4)]
        roll_source(s)
        if 2 * sum(f in BASIC for f in faces) < 4:  # the first roll had too few basic colours
            assert s.source != faces
            assert all(s.source[i] == f for i, f in enumerate(faces) if f in BASIC)
            return
        assert s.source == faces  # enough basic colours: the first roll stands
    pytest.fail("no seed rolled a Source with too few basic colours")


def test_mana_source_one_die_per_turn() -> None:
    s = state()
    assert pay_mana(s, 0, "red", "die-1") == "red"
    assert "1 Source die" in refused("Mana Source", pay_mana, s, 0, "blue", "die-2")
    assert mana_sources(s, 0, "blue") == []


def test_mana_source_an_effect_allows_another_die() -> None:
    s = state()
    s.dice_allowed = 2  # Mana Draw's basic effect
    pay_mana(s, 0, "red", "die-1")
    assert pay_mana(s, 0, "blue", "die-2") == "blue"
    assert "already used" in refused("Mana Source", pay_mana, s, 0, "red", "die-1")


def test_mana_source_die_must_show_the_colour_paid() -> None:
    s = state()
    assert "shows red, not green" in refused("Mana Source", pay_mana, s, 0, "green", "die-1")
    assert s.source_used == []
    assert "dice 1 to 4" in refused("Mana Source", pay_mana, s, 0, "green", "die-9")


def test_day_gold_mana_is_any_basic_colour_black_is_depleted() -> None:
    s = state()
    assert mana_sources(s, 0, "green") == ["die-3"]
    assert pay_mana(s, 0, "green", "die-3") == "gold"
    s2 = state()
    assert "black mana cannot be used by Day" in refused("Mana", pay_mana, s2, 0, "black", "die-4")
    s2.players[0].mana["gold"] = 1
    assert pay_mana(s2, 0, "white", "token") == "gold"


def test_night_black_mana_usable_gold_depleted() -> None:
    s = state(night=True)
    assert mana_sources(s, 0, "green") == []
    assert "gold mana cannot be used at Night" in refused("Mana Source", pay_mana, s, 0, "green", "die-3")
    assert pay_mana(s, 0, "black", "die-4") == "black"
    s2 = state(night=True)
    s2.players[0].mana["gold"] = 1
    assert "no green mana token" in refused("Mana", pay_mana, s2, 0, "green", "token")


def test_mana_source_used_dice_rerolled_at_end_of_turn_kept_faces_stay() -> None:
    s = state("red red red red")
    s.dice_allowed = 2
    pay_mana(s, 0, "red", "die-1")
    pay_mana(s, 0, "red", "die-2")
    s.source_kept = [1]  # set to white by Mana Draw: returned without a re-roll
    s.source[1] = "white"
    return_dice(s)
    assert s.source[1] == "white" and s.source[2:] == ["red", "red"]
    assert s.source_used == [] and s.dice_allowed == 1


def test_mana_tokens_lost_at_end_of_turn() -> None:
    s = state()
    p = s.players[0]
    p.mana["blue"], p.crystals["blue"] = 2, 1
    return_tokens(p)
    assert sum(p.mana.values()) == 0 and p.crystals["blue"] == 1


def test_crystals_a_fourth_becomes_a_mana_token() -> None:
    s = state()
    p = s.players[0]
    events: list[Event] = []
    p.crystals["white"] = 2
    gain_crystal_now(p, "white", events, 0)
    gain_crystal_now(p, "white", events, 0)
    assert p.crystals["white"] == 3 and p.mana["white"] == 1


def test_crystals_turned_into_a_token_any_time() -> None:
    s = state()
    p = s.players[0]
    p.crystals["green"] = 1
    crystal_to_token(p, "green")
    assert p.crystals["green"] == 0 and p.mana["green"] == 1
    assert "no green crystal" in refused("Crystals", crystal_to_token, p, "green")


def test_crystals_pay_their_colour_only_no_gold_or_black_crystals() -> None:
    s = state()
    s.players[0].crystals["red"] = 1
    assert mana_sources(s, 0, "red") == ["die-1", "die-3", "crystal"]  # die 3: gold by Day
    assert pay_mana(s, 0, "red", "crystal") == "red"
    assert "no red crystal" in refused("Crystals", pay_mana, s, 0, "red", "crystal")
    with pytest.raises(Exception, match="crystals are red, blue, green or white"):
        gain_crystal_now(s.players[0], "gold", [], 0)


def test_payable_tried_on_the_mana_copy_leaves_the_hero_and_the_source_as_they_were() -> None:
    """``payable`` tries each way on ``copy_for_mana`` (crystals and tokens copied, the rest of the
    hero shared): a crystal, a token and a die paid there leave the state's own unchanged."""
    s = state("green blue gold black")
    p = s.players[0]
    p.crystals["red"], p.mana["blue"] = 1, 1
    assert payable(s, 0, "red") and payable(s, 0, "blue") and payable(s, 0, "green")
    assert p.crystals["red"] == 1 and p.mana["blue"] == 1 and s.source_used == [] and p.lasting == ()
    copy = s.copy_for_mana(0)
    pay_mana(copy, 0, "red", "crystal")
    pay_mana(copy, 0, "blue", "token")
    assert copy.players[0].crystals["red"] == 0 and copy.players[0].mana["blue"] == 0
    assert p.crystals["red"] == 1 and p.mana["blue"] == 1 and copy.players[1] is s.players[1]
    assert payable(s, 0, "white")  # the gold die pays it by Day
    s.source = ["green", "blue", "red", "black"]
    assert not payable(s, 0, "white") and s.source_used == []


def test_payable_with_a_mana_curse_waiting_the_wound_goes_to_the_copy_only() -> None:
    """Mana Curse (facts 3.2): paying the cursed colour on one's turn takes a Wound into the hand;
    tried on the mana copy (the whole hero copied then), the hero's hand keeps no Wound."""
    s = state("red blue gold black")
    s.mana_claims = ((1, 0, 0, 1),)  # player 2 keeps the red die 1 with Mana Curse
    p = s.players[0]
    p.crystals["red"] = 1
    assert payable(s, 0, "red")
    copy = s.copy_for_mana(0)
    pay_mana(copy, 0, "red", "crystal")
    assert copy.players[0].hand.count(WOUND) == 1
    assert p.hand.count(WOUND) == 0 and p.crystals["red"] == 1 and p.lasting == ()
