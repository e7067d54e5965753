"""The words for cards and effects, shared by the board (``render.py``), the labels of the
answers (``labels.py``) and the catalogue (``catalogue.py``): an effect, a requirement, a
Location option, a Quest's condition, a Dark Council Bonus token, in a few words each."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .content_model import CouncilBonus, Effect, Location, Quest

NEED_WORDS = {"any": "any Unit", "prestige": "any Prestige Unit"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def effect_text(e: Effect) -> str:
    """One effect in a few words."""
    key = e.key
    if key == "vp":
        return f"{e.vp:+d} VP"
    if key == "gain":
        return f"+{e.count} {e.gain}"
    if key == "lose":
        return f"lose 1 {e.lose}"
    if key == "boost":
        return f"{e.boost} +{e.amount} combat" + (" (others)" if e.others else "")
    if key == "pair":
        return f"{e.pair} +{e.amount} combat with {e.with_}"
    if key == "versus":
        return f"+{e.amount} vs {e.versus}"
    if key == "champion":
        return "champion +Corruption in Lodgings"
    if key == "draw":
        return f"draw {e.draw} more"
    if key == "quests":
        return f"draw {_plural(e.quests or 0, 'Quest')}" + (f", discard {e.discard}" if e.discard else "")
    if key == "discard_quest":
        return f"discard {_plural(e.discard_quest or 0, 'Quest')}"
    if key == "rest":
        return f"{e.rest} rests (back to Tavern)"
    if key == "recycle":
        return f"recycle up to {e.recycle}" + (f" (others {e.each_other})" if e.each_other else "")
    if key == "cleanse":
        return f"cleanse up to {e.cleanse} corruption"
    if key == "corrupt":
        return f"+{e.corrupt} corruption"
    if key == "prestige":
        return f"take 1 {e.prestige}"
    if key == "any_prestige":
        return f"+{e.any_prestige} Prestige Unit of your choice"
    return key


def effects_text(effects: Iterable[Effect]) -> str:
    return ", ".join(effect_text(e) for e in effects)


def needs_text(requires: Iterable[str]) -> str:
    c = Counter(NEED_WORDS.get(k, k) for k in requires)
    return " + ".join(f"{n} {k}" if n > 1 else k for k, n in c.items())


def option_text(loc: Location, index: int) -> str:
    opt = loc.options[index]
    what = [effects_text(opt.effects)] if opt.effects else []
    if opt.constructs:
        what.append("construct a Location")
    if opt.level_up:
        what.append("level up (pay its next Hero card's VP)")
    return f"{needs_text(opt.requires)} → {', '.join(what) or 'nothing'}"


def bonus_text(b: CouncilBonus) -> str:
    return f"+{b.vp} VP if {b.types} Unit types at Hero level {b.level}+"


def quest_text(q: Quest) -> str:
    if q.text:
        return q.text
    parts: list[str] = []
    if q.defeat is not None:
        d = q.defeat
        what = "a " + (f"{d.monster_type} " if d.monster_type else "") + "Monster"
        if d.min_level > 1:
            what += f" of level {d.min_level}+"
        cond = [needs_text(k for k, n in d.units.items() for _ in range(n))] if d.units else []
        if d.min_units:
            cond.append(f"{d.min_units}+ Units")
        parts.append(f"defeat {what}" + (f" with {', '.join(cond)}" if cond else ""))
    if q.tavern is not None:
        tv = q.tavern
        cond = [f"{n} {k}" for k, n in tv.units.items()]
        if tv.distinct:
            cond.append(f"{tv.distinct} different Units")
        parts.append(f"have {', '.join(cond)} in your Tavern")
    if q.end is not None:
        en = q.end
        if en.defeated:
            what = (f"{en.monster_type} " if en.monster_type else "") + "Monsters"
            parts.append(f"{en.defeated}+ {what} defeated" + (f" (level {en.min_level}+)" if en.min_level > 1 else ""))
        if en.defeated_types:
            parts.append(f"{en.defeated_types} Monster types defeated")
        if en.own:
            parts.append("own " + ", ".join(f"{n} {k}" for k, n in en.own.items()))
        if en.heroes:
            parts.append(f"{en.heroes} Heroes at level {en.hero_level}+")
        if en.most:
            parts.append(f"the most {en.most}")
    if q.pay:
        parts.append(f"pay 1 {q.pay}")
    if q.effects:
        parts.append(effects_text(q.effects))
    if q.draw_phase:
        parts.append("Draw Phase: " + effects_text(q.draw_phase))
    return "; ".join(parts)
