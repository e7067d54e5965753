"""What a player is shown of the choices before them: a label for every legal action of a
decision, built from what the decider may know (``action_labels``), and the content in a
player's words (``words``), which the catalogue and the terminal share.

``words`` reads only the content; ``context`` holds what one decision's labels read; ``plays`` labels a card, skill, Tactic or Unit play and the
steps of a pending play; ``combat`` the combat with enemies; ``turn`` the map, the sites, the
end of the turn, the rewards and the questions between turns; ``pvp`` a combat between heroes.
Labels are worked out only for a screen (the terminal, the browser), never in simulation.
"""

from __future__ import annotations

from ....engine import Action, Decision
from ..content import Tables
from ..game_state import MKState
from .combat import (
    assign_words,
    back_words,
    block_words,
    confirm_words,
    next_words,
    resolve_words,
    spend_move_words,
    target_words,
    untarget_words,
)
from .context import Ctx
from .plays import (
    card_play_words,
    card_words,
    choose_words,
    colour_words,
    die_words,
    enemy_words,
    pay_words,
    power_words,
    recruit_words,
    skill_words,
    subject_name,
    tactic_words,
    unit_ability_words,
    unit_label_words,
)
from .turn import (
    announce_words,
    answer_words,
    attack_hero_words,
    challenge_words,
    end_turn_words,
    enter_words,
    explore_words,
    harvest_words,
    level_up_words,
    move_words,
    rest_words,
    scout_words,
    site_service_words,
    take_words,
    upkeep_words,
)

# what an action word does when nothing more is known of it (a fallback: every label says something)
WORDS = {
    "done": "that is all", "next": "go on", "resolve": "resolve", "attack": "attack with the points played",
    "block": "block with the points played",
}


def action_labels(t: Tables, m: MKState, d: Decision) -> tuple[str, ...]:
    """A label for each of ``d``'s actions: its text, then what it does (``choose 1: Move 4``)."""
    ctx = Ctx(t, m, d.player)
    return tuple(f"{a.text}: {_words(ctx, d, a) or WORDS.get(a.name, a.name.replace('-', ' '))}" for a in d.actions)


def _words(ctx: Ctx, d: Decision, a: Action) -> str:
    g, name, args = ctx.g, a.name, a.args
    if g.pvp is not None and not g.asked:
        from .pvp import pvp_words

        return pvp_words(ctx, d, a)
    if g.asked:
        if d.prompt.startswith("A new round"):
            return upkeep_words(ctx, name, args)
        return answer_words(ctx, name, args)
    if ctx.play:
        return _step_words(ctx, a)
    c = g.combat
    if c is not None:
        if name == "target":
            return target_words(ctx, c, args[0])
        if name == "untarget":
            return untarget_words(ctx, c, args[0])
        if name == "confirm":
            return confirm_words(ctx, c)
        if name == "back":
            return back_words(c)
        if name == "resolve":
            return resolve_words(ctx, c)
        if name == "next":
            return next_words(ctx, c)
        if name == "block" and args:
            return block_words(ctx, c, args[0])
        if name == "spend-move":
            return spend_move_words(ctx, c, args[0])
        if name == "assign":
            return assign_words(ctx, c, args[0], args[1:])
        if name == "activate" and len(args) > 2:
            return f"{unit_ability_words(ctx, args[0], args[1])}, on {enemy_words(ctx, args[2])}"
    return _turn_words(ctx, d, a)


def _turn_words(ctx: Ctx, d: Decision, a: Action) -> str:
    name, args = a.name, a.args
    if name == "play":
        return card_play_words(ctx, args[0], args[1])
    if name == "skill":
        return skill_words(ctx, args[0])
    if name in ("tactic", "use-tactic"):
        return tactic_words(ctx, args[0])
    if name == "activate":
        return unit_ability_words(ctx, args[0], args[1])
    if name == "recruit":
        return recruit_words(ctx, args[0])
    if name == "rest":
        return rest_words(ctx, args[0])
    if name == "announce":
        return announce_words()
    if name == "move":
        return move_words(ctx, args[0])
    if name == "explore":
        return explore_words(ctx, args[0])
    if name == "challenge":
        return challenge_words(ctx, args[0])
    if name == "enter":
        return enter_words(ctx, args)
    if name in ("heal", "plunder", "burn", "altar", "buy-spell", "buy-advanced-action", "buy-artifact",
                "elite-unit", "heal-unit"):
        return site_service_words(ctx, name, args)
    if name in ("end-turn", "end-turn-discard", "return", "return-discard"):
        return end_turn_words(ctx, name, args)
    if name == "harvest":
        return harvest_words(ctx, args)
    if name == "take":
        return take_words(ctx, args)
    if name == "level-up":
        return level_up_words(ctx, args)
    if name == "attack-hero":
        return attack_hero_words(ctx, args[0])
    if name == "colour":  # Source Freeze back: a crystal of a colour showing in the Source
        return colour_words(ctx, args[0])
    if name == "next":  # the moment to answer as another's turn begins
        return "use no skill now"
    return ""


def _step_words(ctx: Ctx, a: Action) -> str:
    """A step of the play in progress (``MKState.play``)."""
    name, args = a.name, a.args
    what = subject_name(ctx)
    word = args[0] if args else ""
    if word == "done":
        return f"that is all, for {what}"
    if name == "choose":
        return choose_words(ctx, int(word) if word.isdigit() else 0)
    if name == "colour":
        return colour_words(ctx, word)
    if name == "die":
        return f"{die_words(ctx, word)}, for {what}"
    if name in ("enemy", "also"):
        return f"{enemy_words(ctx, word)}, for {what}"
    if name == "pay":
        return pay_words(ctx, word, args[1] if len(args) > 1 else "")
    if name == "power":
        return power_words(ctx, word)
    if name == "learn" and ctx.play[1] == "level-up":
        return f"take {card_words(ctx, word)}, with the skill {what}"
    if name in ("throw", "learn", "discard", "rethink", "meditate", "offer", "shed", "prepare", "keep"):
        verb = {"throw": "throw away", "learn": "take", "rethink": "discard and draw again", "meditate":
                "shuffle into your deck and draw again", "offer": "offer", "shed": "discard", "prepare":
                "put into your hand", "discard": "discard"}.get(name, name)
        return f"{verb} {card_words(ctx, word)}, for {what}"
    if name == "deck":
        return f"{ctx.name(word)} to the {args[1] if len(args) > 1 else 'top'} of your Deed deck, for {what}"
    if name in ("ready", "disband", "coerce", "banner", "unit", "spend"):
        verb = {"ready": "ready", "disband": "disband", "coerce": "ready", "banner": "put the Banner under",
                "unit": "choose", "spend": "spend"}[name]
        return f"{verb} {unit_label_words(ctx, word, _owner(ctx, word) if name == 'spend' else None)}, for {what}"
    if name == "reroll":
        return f"re-roll {die_words(ctx, word)}"
    if name == "terrain":
        return f"{word} costs 1 less this turn (min 2)"
    if name == "wound":
        return f"the Wound to your {word.replace('discard', 'discard pile')}"
    if name == "move":
        return move_words(ctx, word)
    if name == "recruit":
        return recruit_words(ctx, word)
    if name == "skill":
        return skill_words(ctx, word)
    if name == "challenge":
        return challenge_words(ctx, word)
    if name == "scout":
        return scout_words(ctx, word)
    if name == "return":
        return end_turn_words(ctx, name, args)
    return ""


def _owner(ctx: Ctx, label: str) -> int | None:
    """The other player whose Unit a label names (Energy Flow spends another player's Unit)."""
    from ..game_state import labels_of

    for i, q in enumerate(ctx.g.players):
        if i != ctx.player and label in labels_of(q):
            return i
    return None


__all__ = ["action_labels"]
