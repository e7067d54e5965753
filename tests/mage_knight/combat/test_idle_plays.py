"""Issue 24: Move and Influence plays are not offered in combat phases where they do nothing.
Move counts in a combat only against an open Cumbersome attack in the Block phase (or as Attack
with Agility); Influence only for a Unit that asks for it (Thugs taking damage, Heroes in an
assault) or as Block with Diplomacy. From hand-set turns in a combat (tests/mk_positions.py)."""

from __future__ import annotations

from mk_positions import combat, do, in_phase, legal, taken, turn

MOVE_AND_INFLUENCE = ("play march basic", "play march move", "play promise basic", "play promise influence",
                      "play march influence", "play rage influence")


def test_move_and_influence_are_not_offered_where_they_do_nothing() -> None:
    for phase in ("ranged", "block", "attack"):
        s = in_phase(turn("march promise rage", fight="prowlers"), phase)
        offered = legal(s)
        assert not [x for x in MOVE_AND_INFLUENCE if x in offered], phase
        if phase != "ranged":
            assert "play rage basic" in offered  # Attack 2 or Block 2: still a play of the phase


def test_move_is_offered_against_an_open_cumbersome_attack_in_the_block_phase() -> None:
    s = in_phase(turn("march promise", fight="orc-stonethrowers"), "block")
    offered = legal(s)
    assert "play march basic" in offered and "play march move" in offered
    assert "play promise basic" not in offered
    do(s, "play march basic", "spend-move 1")
    c = s.g.combat
    assert c is not None and c.move_points == 1


def test_influence_is_offered_for_thugs_that_ask_for_it() -> None:
    s = turn("promise", units="thugs")
    s.g.combat = combat("prowlers", units="thugs").c
    in_phase(s, "block")
    assert "play promise basic" in legal(s) and "play promise influence" in legal(s)


def test_a_card_with_a_choice_offers_only_the_options_that_do_something() -> None:
    """Instinct's basic side (Move 2, Influence 2, Attack 2 or Block 2) in the Block phase: only
    the Block is left to choose (and, the only answer, it is taken at once)."""
    s = in_phase(turn("instinct", fight="prowlers"), "block")
    do(s, "block 1", "play instinct basic")
    assert "choose 4" in taken(s)
    c = s.g.combat
    assert c is not None and [item[:3] for item in c.pool] == [("block", "physical", 2)]
