"""Labels of a combat between heroes (pvp/combat.py; rules-choices.md "Player versus player"):
the defender's participation, the cards, Units and skills each side plays (the option's
effects and mana), the mana paid, the attack or block, and the Wounds the damage gives. All of
that combat is public."""

from __future__ import annotations

from ....engine import Action, Decision
from ..pvp.cards import side_effects
from ..pvp.state import PHASE_NAMES, PHASES
from .context import Ctx
from .plays import pay_words, sideways_points, unit_ability_words, unit_label_words
from .words import card_options, option_words, plural, points, skill_options


def _other(ctx: Ctx) -> int:
    pvp = ctx.g.pvp
    assert pvp is not None
    return pvp.defender.player if pvp.attacker.player == ctx.player else pvp.attacker.player


def pvp_words(ctx: Ctx, d: Decision, a: Action) -> str:
    t, pvp = ctx.t, ctx.g.pvp
    assert pvp is not None
    name, args = a.name, a.args
    if name == "participate":
        return ("take part fully: your Source die and skills, but your next turn is skipped" if args[0] == "full"
                else "take part partially: no Source die and no skills in this combat, your next turn as usual")
    if name == "sideways":
        card = args[0]
        how = "influence" if len(args) > 1 else ("attack" if pvp.step == "play" else "block")
        n = sideways_points(ctx, card)
        return f"{ctx.name(card)} sideways, {points(how, n)}"
    if name == "card":
        card, option = args[0], int(args[1]) if args[1].isdigit() else 1
        how = args[2] if len(args) > 2 else "basic"
        found = side_effects(t, card, option, how, args[3] if len(args) > 3 else "")
        given = t.card[card].basic_options if how == "basic" else t.card[card].powered_options
        words = given[option - 1] if given and option <= len(given) else option_words(found[0]) \
            if found is not None else card_options(t.card[card], how)[option - 1]
        cost = f" ({' and '.join(found[1])} mana)" if found is not None and found[1] else ""
        return f"{ctx.name(card)} {how}: {words}{cost}"
    if name == "skill":
        skill = t.skill.get(args[0])
        if skill is None:
            return "a skill"
        n = int(args[1]) if len(args) > 1 and args[1].isdigit() else 1
        options = skill_options(skill)
        extra = f" ({args[2]})" if len(args) > 2 else ""
        return f"{skill.name}: {options[n - 1] if 0 < n <= len(options) else skill.text}{extra}"
    if name == "activate":
        return unit_ability_words(ctx, args[0], args[1])
    if name == "pay":
        return pay_words(ctx, args[0], args[1] if len(args) > 1 else "")
    if name == "shed":
        return "that is all" if args[0] == "done" else f"discard {ctx.name(args[0])} for the bonus"
    if name == "unit":
        return f"the effect on {unit_label_words(ctx, args[0], _other(ctx))}"
    if name == "attack":
        total = sum(v for _, _, v in pvp.pool)
        return f"attack with the {plural(total, 'point')} played"
    if name == "next":
        k = PHASES.index(pvp.phase)
        nxt = PHASES[k + 1] if k + 1 < len(PHASES) else "over"
        return "attack no more: " + (f"on to {PHASE_NAMES[nxt]}" if nxt in PHASE_NAMES else "the combat ends")
    if name == "block":
        total = sum(v for _, v in pvp.blocks)
        return f"block with the {plural(total, 'point')} played (a partial block lowers the damage)"
    if name == "wound":
        if args[0] == "hero":
            target = pvp.attacked()
            wounds = -(-pvp.damage // target.armor) if target.armor else pvp.damage
            return f"the {pvp.damage} damage to the other hero (Armor {target.armor}): {plural(wounds, 'Wound')}"
        return f"wound {unit_label_words(ctx, args[0], _other(ctx))}"
    return ""
