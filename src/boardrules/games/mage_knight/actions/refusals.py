"""Why an action is refused now, in the words of the rule that refuses it (facts 5.2-5.7): an
action of another moment (a combat's, a Tactic's), attacking another hero as the turn's action
(facts 5.4, 5.5), Summon Attack's replaced summoner, Polarization's mana (facts 3.5), Invocation's
colour; a refused play, skill or Unit's ability is begun and tried so that its rule names it."""

from __future__ import annotations

from typing import Any

from ....engine import Action, IllegalActionError
from ..cards.deck import WOUND
from ..cards.mana import POLARIZATION_RULE, night_words, polarization_blocks
from ..cards.offers import unit_labels
from ..combat.enemies import REPLACED_RULE, enemy_index, replaced, replaced_reason
from ..content import Tables
from ..game_state import MKState
from ..pvp.combat import RULE as PVP_RULE
from ..pvp.combat import apply_pvp
from ..rounds.answers import RULE as RULE_ANSWER
from ..rounds.answers import asked_rule
from ..rounds.new_round import tactic_picker
from ..skills.mana import invocation_colours, invocation_colours_now
from .card_plays import _run
from .play_steps import STEP_WORDS, _next, strong_spell_step
from .turn import apply_turn_action, decider, turn_decision
from .unit_mana_plays import _unit_mana_plays
from .words import HOWS

COMBAT_WORDS = ("target", "block", "assign", "resolve", "spend-move")  # the actions only a combat has


def explain(t: Tables, m: MKState, a: Action) -> tuple[str, str]:
    """Why ``a`` is refused now, in the words of the rule that refuses it."""
    d = turn_decision(t, m)
    if a in d.actions:
        return "", ""
    if m.g.asked:
        return f"{a.text} is not one of the choices now: {d.prompt}", asked_rule(m.g)
    if m.answering and not m.play:
        return f"{a.text} is not one of the choices now: {d.prompt}", RULE_ANSWER
    if m.g.pvp is not None:  # the combat between heroes refuses by its own rules
        try:
            apply_pvp(t, m.g.clone(), a, [], decider(t, m))
        except IllegalActionError as e:
            return e.reason, e.rule
        return f"{a.text} is not one of the choices now: {d.prompt}", PVP_RULE
    if any(x.name == "attack-hero" for x in d.actions) and a.name in ("end-turn", "enter", "challenge", "recruit",
                                                                     "heal", "plunder", "burn", "altar", "buy-spell",
                                                                     "buy-advanced-action", "buy-artifact", "elite-unit",
                                                                     "end-turn-discard"):
        return ("you are on another hero's space: attacking them is this turn's action, unless you move on "
                "(facts 5.4, 5.5)", PVP_RULE)
    named = _replaced_named(t, m, a)
    if named:
        return named, REPLACED_RULE
    if m.play:
        if a.name in ("pay", "colour") and a.args:  # Polarization's black by Day, gold at Night (cards/mana.py)
            paid = sum(1 for x in m.play[2:] if x[0] == "pay")
            why = polarization_blocks(m.g, m.g.current, str(a.args[0]), strong_spell_step(t, m.play, paid))
            if why:
                return why, POLARIZATION_RULE
        why = _invocation_colour_refused(m, a)
        if why:
            return why, "Using Skills"
        return f"{a.text} is not one of the choices now: {d.prompt}", "A turn"
    choosing = tactic_picker(m.g) >= 0  # (then any other word is refused as not a Tactic, below)
    if a.name in COMBAT_WORDS and m.g.combat is None and not choosing:  # an action of another moment
        return f"{a.name!r} is a combat action, and there is no combat now: {d.prompt}", "COMBAT"
    if a.name == "next" and m.g.combat is None and not choosing:
        return ("'next' ends a phase of a combat, or passes as another player's turn begins: neither is "
                f"asked now: {d.prompt}", "A turn")
    if a.name == "tactic" and not choosing:
        return f"Tactics are chosen as each round begins, before its first turn: now {d.prompt}", "Tactics"
    if a.name != "tactic" and all(x.name == "tactic" for x in d.actions):  # (choose_tactic reads any name's word)
        return f"{a.name!r} is not an action now: {d.prompt} (tactic TACTIC)", "Tactics"
    start = _start(t, m, a)
    if start is not None:
        g = m.g.clone()
        try:
            while (nxt := _next(t, g, g.current, start)) is not None and nxt[1]:
                start.append((nxt[0], *nxt[1][0]))  # the first answer of each step shows the rule
            _run(t, g, g.current, start, [])
        except IllegalActionError as e:
            return e.reason, e.rule
    elif tactic_picker(m.g) >= 0 and a.name != "tactic":  # not a Tactic named by its first word
        return f"{a.name!r} is not an action now: {d.prompt}", "Tactics"
    elif a.name not in ("play", "skill", "activate", "recruit", *STEP_WORDS):
        try:
            apply_turn_action(t, m.clone(), a, [])
        except IllegalActionError as e:
            return e.reason, e.rule
        except (IndexError, ValueError, KeyError):
            if a.name not in {x.name for x in d.actions}:  # a word of no action now (e.g. 'fly')
                rule = "Tactics" if all(x.name == "tactic" for x in d.actions) else "A turn"
                return f"{a.name!r} is not an action now: {d.prompt}", rule
            return f"{a.text!r} is not well formed", "A turn"
    return f"{a.text} is not one of the choices now: {d.prompt}", "A turn"


def _invocation_colour_refused(m: MKState, a: Action) -> str:
    """Facts 3.5 Invocation, at its colour step: why the colour named is refused (the card
    discarded gives two colours; "the token must be spent at once" leaves those usable now), or ""."""
    if not (m.play[:2] == ["invocation", "skill"] and a.name == "colour" and len(a.args) == 1):
        return ""
    card = next((x[1] for x in m.play[2:] if x[0] == "discard"), "")
    colour, gives = str(a.args[0]), invocation_colours(card)
    if colour not in gives:
        return (f"Invocation: discarding {'a Wound' if card == WOUND else 'that card'} gives a "
                f"{' or '.join(gives)} mana token")
    if colour not in invocation_colours_now(m.g, card, m.g.polarized):
        return (f"Invocation: the token must be spent at once, and {colour} mana cannot be used "
                f"{night_words(m.g, m.g.current)}")
    return ""


def _replaced_named(t: Tables, m: MKState, a: Action) -> str:
    """Summon Attack: the refusal of an enemy answer or a Unit's ability that names a summoner
    its summoned token replaces ("" for any other action)."""
    c = m.g.combat
    word = a.args[0] if a.name == "enemy" and m.play and a.args else \
        a.args[2] if a.name == "activate" and len(a.args) == 3 else ""
    n = enemy_index(word)
    if c is None or not 0 <= n < len(c.enemies) or not replaced(c, n):
        return ""
    return (f"{a.args[0]}: " if a.name == "activate" else "") + replaced_reason(c, t, n)


def _start(t: Tables, m: MKState, a: Action) -> list[Any] | None:
    """The pending play that a refused ``play``, ``skill``, ``activate`` or ``recruit`` would
    begin, when its words name things that exist (to explain the refusal by its rule)."""
    g, args = m.g, a.args
    if not m.play and a.name == "activate" and g.combat is not None:  # a Unit's ability waiting for its mana
        return _unit_mana_plays(t, g).get(a.text)
    if m.play or len(args) != (1 if a.name in ("skill", "recruit") else 2):
        return None
    p = g.players[g.current]
    if a.name == "play" and args[0] in t.card and args[0] in p.hand and args[0] != WOUND and args[1] in HOWS:
        return [args[0], args[1]]
    if a.name == "skill" and args[0] in p.skills:
        return [args[0], "skill"]
    if a.name == "activate" and g.combat is None and args[0] in unit_labels(p):
        unit = t.unit[p.units[unit_labels(p).index(args[0])][0]]
        if any(x.key == args[1] for x in unit.abilities):
            return [args[0], "unit:" + args[1]]
    if a.name == "recruit" and args[0] in t.unit:
        return [args[0], "recruit"]
    return None


__all__ = ["explain"]
