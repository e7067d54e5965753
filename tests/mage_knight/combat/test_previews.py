"""Issue 24, "previews where arithmetic decides": the combat says, for the targets chosen, what
the points played are worth and what is needed (after Swift, resistances, fortification, Defend
and Elusive), in the labels and the terminal's combat panel (``preview``: worked out for a screen
only, the prompt naming what is declared); a ``resolve`` that defeats or
blocks nothing and a ``next`` that leaves points unused wait for ``confirm`` or ``back``;
targets are withdrawn with ``untarget``. From hand-set combats (tests/mk_positions.py)."""

from __future__ import annotations

import io

from mk_positions import GAME, combat, do, legal, turn
from rich.console import Console

from boardrules.games.mage_knight.combat.decision import combat_decision
from boardrules.games.mage_knight.combat.preview import attack_figures, block_figures, preview
from boardrules.games.mage_knight.game_state import MKState


def labels_of_state(s: MKState) -> dict[str, str]:
    d = GAME.decision(s)
    assert d is not None
    return {a.text: label.removeprefix(f"{a.text}: ") for a, label in zip(d.actions, GAME.action_labels(s, d),
                                                                            strict=True)}


def shown(f) -> str:  # type: ignore[no-untyped-def]
    """The arithmetic the labels and the combat panel show."""
    return preview(f.c, f.t)


def prompt(f) -> str:  # type: ignore[no-untyped-def]
    d = combat_decision(f.t, f.c)
    assert d is not None
    return d.prompt


def test_preview_a_played_total_is_not_the_raw_total_before_a_target() -> None:
    f = combat("prowlers")
    assert shown(f) == "nothing played; no target chosen (target N)"
    assert prompt(f) == "Ranged and Siege Attacks phase: choose the enemies to attack (target N), or next"
    f.add("ranged 3 ice")
    f.add("siege 2")
    assert shown(f) == "Ice Ranged Attack 3, Siege Attack 2 played; no target chosen (target N)"


def test_preview_fortified_ranged_points_do_not_count_only_siege() -> None:
    f = combat("diggers")
    f.add("ranged 4")
    f.add("siege 1")
    f.play("target 1")
    assert attack_figures(f.c, f.t) == (1, 3)
    assert shown(f) == ("Attack 1 against the Diggers (fortified: only Siege counts now), Armor 3 needed: 2 short; 4 "
                        "Ranged points do not count against a fortified enemy (the Diggers): only Siege does")
    assert prompt(f) == ("Ranged and Siege Attacks phase: attacking the Diggers: play attacks, resolve; 4 Ranged points "
                         "do not count against a fortified enemy (the Diggers): only Siege does")


def test_preview_resistances_halve_the_points_of_their_element() -> None:
    f = combat("fire-mages")
    f.add("ranged 6 fire")
    f.add("ranged 2")
    f.play("target 1")
    assert attack_figures(f.c, f.t) == (2 + 6 // 2, 5)
    assert "(resists fire: halved), Armor 5 needed: enough" in shown(f)


def test_preview_defend_raises_the_armor_needed_before_the_attack_is_resolved() -> None:
    """Defense: the bonus the attack will give its target is in the Armor needed."""
    f = combat("elven-protectors, prowlers")
    f.add("ranged 4")
    f.play("target 2")
    assert attack_figures(f.c, f.t) == (4, 3 + 2)
    assert shown(f) == "Attack 4 against the Prowlers (Defend +2 from the Elven Protectors), Armor 5 needed: 1 short"


def test_preview_elusive_the_higher_armor_counts_in_the_ranged_phase() -> None:
    f = combat("orc-tracker")
    f.add("ranged 4")
    f.play("target 1")
    assert attack_figures(f.c, f.t) == (4, 6)
    assert "(Elusive: 3 only in the Attack phase once all its attacks are blocked), Armor 6 needed" in shown(f)


def test_preview_swift_doubles_the_block_needed() -> None:
    f = combat("wolf-riders")
    f.play("next", "block 1")
    f.add("block 4")
    assert block_figures(f.c, f.t) == (4, 6)
    assert shown(f) == "Block 4 against the Wolf Riders' Attack 3 (Swift: twice its Attack), Block 6 needed: 2 short"
    assert prompt(f) == "Block phase: blocking the Wolf Riders' attack (enemy 1): play Block, resolve"


def test_preview_an_elemental_attack_halves_other_blocks() -> None:
    f = combat("fire-mages")
    f.play("next", "block 1")
    f.add("block 6")
    assert block_figures(f.c, f.t) == (3, 6)
    assert "(Ice or Cold Fire Block counts whole, other Block half), Block 6 needed: 3 short" in shown(f)


def test_confirm_a_resolve_that_defeats_nothing_asks_first_and_back_changes_nothing() -> None:
    f = combat("prowlers")
    f.add("ranged 2")
    f.play("target 1", "resolve")
    assert f.c.asking == "resolve" and f.c.pool and not f.enemy(1).defeated
    assert f.legal() == ["confirm", "back"]
    assert prompt(f) == ("Ranged and Siege Attacks phase: Attack 2 of Armor 3 needed: nothing is defeated, and the "
                         "points are spent; resolve anyway?")
    assert "confirm it, or back" in f.refused("next")[0]
    f.play("back")
    assert not f.c.asking and f.c.targets == [0] and [x[2] for x in f.c.pool] == [2]
    f.play("resolve", "confirm")
    assert not f.c.pool and not f.enemy(1).defeated and f.events[-1].kind == "attack-failed"


def test_confirm_a_resolve_that_succeeds_is_not_asked() -> None:
    f = combat("prowlers")
    f.add("ranged 3")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated and not f.c.asking


def test_confirm_a_block_that_blocks_nothing_asks_first() -> None:
    f = combat("wolf-riders")
    f.play("next", "block 1")
    f.add("block 4")
    f.play("resolve")
    assert f.c.asking == "resolve" and "the Wolf Riders' attack is not blocked" in prompt(f)
    f.play("confirm")
    assert f.enemy(1).blocked == [False] and not f.c.pool


def test_confirm_leaving_a_phase_with_points_unused_asks_first() -> None:
    f = combat("prowlers")
    f.add("ranged 2")
    f.play("next")
    assert f.phase == "ranged" and f.c.asking == "next"
    assert prompt(f) == ("Ranged and Siege Attacks phase: the points played and not used (Ranged Attack 2) would be "
                         "lost: none is kept for a later phase; leave the Ranged and Siege Attacks phase anyway?")
    f.play("confirm")
    assert f.phase == "block" and not f.c.pool


def test_confirm_ranged_points_against_a_fortified_enemy_are_said_to_vanish() -> None:
    f = combat("diggers")
    f.add("ranged 3")
    f.play("next")
    assert f.c.asking == "next" and prompt(f).endswith(
        "the Ranged points count against none of the enemies left: all are fortified, only Siege counts now; leave "
        "the Ranged and Siege Attacks phase anyway?")
    g = combat("diggers")
    g.add("ranged 3")
    g.play("target 1", "next")
    assert "3 Ranged points do not count against a fortified enemy (the Diggers): only Siege does" in prompt(g)


def test_confirm_leaving_a_phase_with_nothing_played_is_not_asked() -> None:
    f = combat("prowlers")
    f.play("next")
    assert f.phase == "block" and not f.c.asking
    f.add("block 2")
    f.play("block 1", "resolve", "back", "next")  # (a failing block asked, taken back, then leaving asks)
    assert f.c.asking == "next"


def test_untarget_withdraws_a_target() -> None:
    f = combat("prowlers, wolf-riders")
    f.add("ranged 4")
    f.play("target 1", "target 2")
    assert "untarget 1" in f.legal() and "untarget 2" in f.legal() and "target 1" not in f.legal()
    assert attack_figures(f.c, f.t) == (4, 7)
    f.play("untarget 1")
    assert f.c.targets == [1] and "target 1" in f.legal() and "untarget 1" not in f.legal()
    f.play("resolve")
    assert f.enemy(2).defeated and not f.enemy(1).defeated
    assert f.refused("untarget 1")[0] == "the Prowlers are not a target of this attack: the targets are none yet"


def test_labels_the_previews_confirm_back_and_untarget_in_a_game() -> None:
    s = turn("rage march", fight="prowlers, wolf-riders")
    c = s.g.combat
    assert c is not None
    c.phase = "attack"
    s.cached = None
    do(s, "play rage basic", "choose 1", "target 1", "target 2")
    shown = labels_of_state(s)
    assert shown["untarget 2"] == "withdraw the Wolf Riders from the attack: then Attack 2, Armor 3 needed, 1 short"
    assert shown["resolve"] == ("Attack 2, Armor 7 needed: not enough, nothing is defeated and the points are spent "
                                "(asks to confirm)")
    assert shown["next"] == "end the combat; the points played and not used (Attack 2) are lost (asks to confirm)"
    do(s, "resolve")
    assert legal(s) == ["confirm", "back"]  # (no card play offered while it waits)
    shown = labels_of_state(s)
    assert shown["confirm"] == "resolve anyway: Attack 2 of Armor 7 needed: nothing is defeated, and the points are spent"
    assert shown["back"] == "back to the Attack phase: play more points, or change the targets (untarget N)"


def test_terminal_the_combat_panel_shows_the_preview_and_the_confirmation() -> None:
    s = turn("rage march", fight="prowlers")
    c = s.g.combat
    assert c is not None
    c.phase = "attack"
    s.cached = None
    do(s, "play rage basic", "choose 1", "target 1")
    text = _rendered(s)
    assert "Now: Attack 2 against the Prowlers, Armor 3 needed: 1 short" in text
    do(s, "resolve")
    assert "Waiting for confirm or back: Attack 2 of Armor 3 needed: nothing is defeated" in _rendered(s)


def _rendered(s) -> str:  # type: ignore[no-untyped-def]
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(GAME.render(s, s.g.current))
    return " ".join(out.getvalue().split())
