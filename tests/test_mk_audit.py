"""An outside auditor's check of combat: each rule of the excerpt's ENEMY TOKEN ABILITIES,
UNIT RESISTANCES, MULTIPLE ATTACKS and WALLS "Combat" probed at its edges (two abilities at
once, several hits, the sites that set a combat up), from hand-set combats
(tests/mk_positions.py)."""

from __future__ import annotations

import pytest
from mk_positions import EAST, Fight, combat, east_board, settle, tables

from boardrules.engine import Action, BoardrulesError
from boardrules.games.mage_knight.combat import apply_combat, start_combat
from boardrules.games.mage_knight.defeat import outcome
from boardrules.games.mage_knight.enemies import fortification
from boardrules.games.mage_knight.sites import challenge

# ---- WALLS: Combat ---------------------------------------------------------------------------


def test_walls_combat_rampaging_enemies_joining_an_assault_across_a_wall_are_not_fortified() -> None:
    """Only the garrison is double fortified: the wall of the assault is not between the hero
    and the provoked rampaging enemies (facts: rampaging enemies that join an assault are not
    fortified; a move never provokes enemies across a wall)."""
    f = combat("prowlers, swordsmen", site="keep", across_wall=True, rampaging=[True, False])
    assert fortification(f.c, f.t, f.enemy(1)) == 0
    assert fortification(f.c, f.t, f.enemy(2)) == 2
    f.add("ranged 3")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated


# ---- Summon Attack: the token drawn comes from the game's brown pile ---------------------------


def test_summon_attack_draws_from_the_given_pile_and_the_outcome_names_it() -> None:
    """"Draw a random brown token for this enemy ... then it is discarded": the game's pile
    is the one drawn from, and the game discards what was drawn."""
    t = tables()
    c = start_combat(t, ["orc-summoners"], summon_piles={"brown": ["gargoyle"]})
    f = Fight(c)
    f.play("next")
    assert [e.token for e in f.c.enemies] == ["orc-summoners", "gargoyle"]
    f.play("next", "assign 2 hero")
    assert outcome(f.c)["summoned"] == ["gargoyle"]
    with pytest.raises(BoardrulesError, match="summon_piles: give the brown pile"):
        start_combat(t, ["orc-summoners"], summon_piles={"green": []})


@pytest.mark.xfail(strict=True, reason="sites.py (MKA) must pass the game's enemy piles to start_combat "
                   "(summon_piles) and discard outcome()['summoned'] into the pile's discards")
def test_summon_attack_in_the_game_draws_from_the_brown_pile_and_discards_the_token() -> None:
    words = ["plains"] * 7
    words[3] = "plains+orcs"
    b = east_board(" ".join(words), at=EAST["SW"])
    b.tokens(EAST["SE"], "orc-summoners")
    b.s.enemy_piles["brown"] = ["gargoyle"]
    challenge(b.t, b.s, 0, [EAST["SE"]], [])
    c = b.s.combat
    assert c is not None
    apply_combat(b.t, c, Action.parse("next"), [], b.s.rng)
    assert [e.token for e in c.enemies] == ["orc-summoners", "gargoyle"]
    settle(b, defeated=())
    assert b.s.enemy_piles["brown"] == [] and b.s.enemy_discards["brown"] == ["gargoyle"]
