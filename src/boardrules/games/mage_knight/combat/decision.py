"""The question a combat with enemies asks now (facts 4.1): its prompt and its legal actions
(``choices.py``; what the attack or block declared has and needs is the labels', ``preview.py``); and the
confirmations (issue 24): a ``resolve`` that defeats or blocks nothing, or a ``next`` that leaves
points unused, waits for ``confirm`` (it is played) or ``back`` (the phase goes on as before)."""

from __future__ import annotations

from ....engine import Action, Decision, shared_action
from ..content import Tables
from .choices import (
    NEXT,
    RESOLVE,
    activations,
    can_target,
    counting_points,
    damage_targets,
    open_attacks,
    pending_damage,
    ranged_not_counting,
)
from .enemies import attack_ref, has, name, whose
from .preview import next_warning, resolve_warning
from .state import PHASE_NAMES, Combat

CONFIRM, BACK = shared_action("confirm"), shared_action("back")


def warning(t: Tables, c: Combat, word: str) -> str:
    """Why ``resolve`` or ``next`` would ask to be confirmed now ("" when it is played at once)."""
    return resolve_warning(c, t) if word == "resolve" else next_warning(c, t) if word == "next" else ""


def played_action(t: Tables, c: Combat, a: Action) -> Action | None:
    """The ``resolve`` or ``next`` that ``a`` plays now (``confirm`` plays the one waiting), ``a``
    for any other combat action, None when it only asks for a confirmation or goes back."""
    if a.name == "confirm":
        return shared_action(c.asking)
    if a.name == "back" or a.name in ("resolve", "next") and not c.asking and warning(t, c, a.name):
        return None
    return a


def combat_decision(t: Tables, c: Combat) -> Decision | None:
    """The question now, or None once the combat is over."""
    if c.phase == "over":
        return None
    if c.cached is not None:
        return c.cached  # type: ignore[no-any-return]
    acts: list[Action] = []
    if c.asking:
        acts = [CONFIRM, BACK]
    elif c.phase in ("ranged", "attack"):
        acts += [shared_action("target", str(i + 1)) for i in range(len(c.enemies)) if can_target(c, t, i)]
        acts += [shared_action("untarget", str(i + 1)) for i in c.targets]
        acts += activations(c, t)
        if c.targets and counting_points(c, t):
            acts.append(RESOLVE)
        acts.append(NEXT)
    elif c.phase == "block":
        for i, a in open_attacks(c, t):
            ref = attack_ref(c, t, i, a)
            if c.block_target != (i, a):
                acts.append(shared_action("block", ref))
            if c.move_points and has(t, c.enemies[i], "cumbersome"):
                acts.append(shared_action("spend-move", ref))
        acts += activations(c, t)
        if c.block_target is not None and counting_points(c, t):
            acts.append(RESOLVE)
        acts.append(NEXT)
    else:
        for i, a in pending_damage(c):
            ref = attack_ref(c, t, i, a)
            acts += [shared_action("assign", ref, *who.split()) for who in damage_targets(c, t, i, a)]
    c.cached = Decision(c.player, prompt(t, c), tuple(acts))
    return c.cached


def prompt(t: Tables, c: Combat) -> str:
    """The phase and what is declared in it: the enemies attacked, the attack blocked, the damage
    left to assign and whose it is; the confirmation waiting, with what would be lost. What the
    points played are worth against what is needed is the labels' and the combat panel's
    (``preview.py``): worked out for a screen only, never in simulation."""
    phase = PHASE_NAMES[c.phase]
    if c.asking:
        ask = "resolve anyway?" if c.asking == "resolve" else f"leave the {phase} anyway?"
        return f"{phase}: {warning(t, c, c.asking)}; {ask}"
    if c.phase == "damage":
        i, a = pending_damage(c)[0]
        e = c.enemies[i]
        return (f"{phase}: {whose(t, e)} attack (enemy {attack_ref(c, t, i, a)}) has {e.left[a]} damage to "
                "assign, to a Unit or to your hero")
    if c.phase == "block":
        if c.block_target is None:
            return f"{phase}: choose an attack to block (block N), or next"
        i, a = c.block_target
        return f"{phase}: blocking {whose(t, c.enemies[i])} attack (enemy {attack_ref(c, t, i, a)}): play Block, resolve"
    if not c.targets:
        return f"{phase}: choose the enemies to attack (target N), or next"
    lost = ranged_not_counting(c, t)
    return (f"{phase}: attacking {' and '.join(name(t, c.enemies[i]) for i in c.targets)}: play attacks, resolve"
            + (f"; {lost}" if lost else ""))


__all__ = ["BACK", "CONFIRM", "combat_decision", "played_action", "prompt", "warning"]
