"""An outside auditor's check of combat: each rule of the excerpt's ENEMY TOKEN ABILITIES,
UNIT RESISTANCES, MULTIPLE ATTACKS and WALLS "Combat" probed at its edges (two abilities at
once, several hits, the sites that set a combat up), from hand-set combats
(tests/mk_positions.py)."""

from __future__ import annotations

from mk_positions import combat

from boardrules.games.mage_knight.enemies import fortification

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
