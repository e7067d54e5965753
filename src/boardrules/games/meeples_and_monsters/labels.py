"""What the player deciding is shown of each answer (``Game.action_labels``): the action's text,
then what it does, with the numbers that decide: what a Location option takes and gives, a
Monster's strength against what the Tavern can bring, the combat value a Unit adds, the VP a
level-up costs, a Quest's text, a slot's bonus.

Labels are worked out only for a screen (the terminal, the browser), never in simulation, and
only from what the decider may know: the City, the Taverns and Lodgings, the Hero levels, the
Quests in their own hand.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Decision
from .assignment import (
    ADD_WORDS,
    is_level_up,
    level_up_budget,
    location_district,
    needs_of,
    place_name,
    reinforce_kinds,
    tavern_reach,
)
from .combat import combat_value
from .content_model import Location
from .main_phase import monster_district, overrun_peasants
from .names import pname, the
from .resolution import group_word
from .state import (
    BASIC_CLASSES,
    CORRUPTION,
    DISTRICTS,
    KIND_INDEX,
    KINDS,
    NO_CARD,
    PEASANT,
    Group,
    MMState,
)
from .tables import MONSTER_TYPES, Tables
from .texts import bonus_text, effects_text, needs_text, option_text, quest_text

QUEST_TYPES = {"triggered": "Triggered", "ongoing": "Ongoing", "end": "End of Game"}


def action_labels(t: Tables, s: MMState, d: Decision) -> tuple[str, ...]:
    """A label for each of ``d``'s actions, in order."""
    if s.stack:
        task = s.stack[-1]
        return tuple(task_label(t, s, task, a) for a in d.actions)
    if s.open_group is not None:
        g = s.open_group
        return tuple(group_label(t, s, g, a) for a in d.actions)
    if s.phase in ("develop-resolve", "main-resolve"):
        pending = {group_word(t, g): g for g in s.groups if not g.resolved}
        return tuple(resolve_label(t, s, pending[a.args[0]], a) for a in d.actions)
    return tuple(phase_label(t, s, a) for a in d.actions)


def _with(action: Action, what: str) -> str:
    return f"{action.text}: {what}"


def unit_word(kind: str, n: int = 1) -> str:
    """``2 Knights``, ``1 Corruption``."""
    name = kind.title()
    return f"{n} {name}" if n == 1 or kind == "corruption" else f"{n} {name}s"


def units_text(units: list[int]) -> str:
    return ", ".join(unit_word(KINDS[k], n) for k, n in enumerate(units) if n) or "no Units"


# -- the Development and Main Phases ---------------------------------------------------------
def phase_label(t: Tables, s: MMState, a: Action) -> str:
    name = a.name
    if name == "use":
        kind = KIND_INDEX[a.args[0]]
        level = s.players[s.current].levels[kind]
        ability = next(x for x in t.abilities[kind][level] if x.timing == a.args[1])
        return _with(a, f"{a.args[0].title()} level {level}: {ability.text or effects_text(ability.effects)}")
    if name == "activate":
        loc = t.loc_index[a.args[0]]
        option = int(a.args[1]) - 1 if len(a.args) > 1 else 0
        if s.phase == "develop":
            return _with(a, capitol_text(t, s, loc, option))
        return _with(a, location_label(t, s, loc, option))
    if name == "fight":
        return _with(a, fight_text(t, s, t.mon_index[a.args[0]]))
    if name == "tower":
        d = DISTRICTS.index(a.args[0])
        stack = s.towers[d]
        room = t.rooms[stack[-1]]
        return _with(a, f"the {d_name(d)} Tower Room {room.name}: {needs_text(room.requires)} → "
                        f"{effects_text(room.effects) or 'nothing'} ({len(stack)} in the stack)")
    # done
    assigned = len(s.groups)
    phase = "Development" if s.phase == "develop" else "Main"
    if not assigned:
        nxt = "the Main Phase" if s.phase == "develop" else "the Draw Phase"
        return _with(a, f"assign nothing more: end the {phase} Phase, on to {nxt}")
    return _with(a, f"end the {phase} Phase: resolve your {assigned} assignment{'s' if assigned > 1 else ''}")


def d_name(d: int) -> str:
    return DISTRICTS[d].title()


def capitol_text(t: Tables, s: MMState, loc: int, option: int) -> str:
    """A Capitol Location's option: the construction (how many tiles and slots), or the
    level-up with the Hero cards one may pay for."""
    location = t.locations[loc]
    opt = location.options[option]
    head = f"{location.name}: {needs_text(opt.requires)} → "
    if opt.level_up:
        p = s.players[s.current]
        budget = level_up_budget(t, s)
        offers = [f"{KINDS[k].title()} to level {p.levels[k] + 1} for {t.cost[k][p.levels[k] + 1]} VP"
                  for k in BASIC_CLASSES if p.tavern[k] and p.levels[k] < 3 and budget >= t.cost[k][p.levels[k] + 1]]
        return head + f"level up one class (you have {p.vp} VP): " + ", ".join(offers)
    what = [effects_text(opt.effects)] if opt.effects else []
    if opt.constructs:
        vacant = sum(row.count(NO_CARD) for row in s.buildings)
        what.append(f"construct a face-up Location tile ({len(s.face_up)} face up, {vacant} vacant slots)")
    return head + (", ".join(what) or "nothing")


def location_label(t: Tables, s: MMState, loc: int, option: int) -> str:
    """A Location option in the Main Phase: where it stands, what it takes and gives, who holds
    it (King of the Hill), the Prestige Units left on it, the Peasants an overrun district adds."""
    location: Location = t.locations[loc]
    d = location_district(s, loc)
    text = f"{location.name} ({d_name(d)}): {option_text(location, option)}"
    notes = []
    if location.king_of_the_hill:
        held = s.koth.get(loc)
        notes.append("King of the Hill" + (f", held by {pname(held[0])}" if held is not None else ""))
    stock = s.stock.get(loc)
    if location.stock:
        left = ", ".join(unit_word(KINDS[k], n) for k, n in enumerate(stock or []) if n) or "none"
        notes.append(f"left on it: {left}")
    peasants = overrun_peasants(s, d) if d >= 0 else 0
    if peasants:
        notes.append(f"overrun: +{unit_word('peasant', peasants)}")
    return text + (f" [{'; '.join(notes)}]" if notes else "")


def fight_text(t: Tables, s: MMState, m: int) -> str:
    """A Monster: its strength against the most the Tavern can bring, its VP, level and type,
    where it is, what defeating it gives."""
    mon = t.monsters[m]
    reach = tavern_reach(t, s)
    most = 0
    if reach is not None:
        base, versus, paladins = reach
        most = base + versus[MONSTER_TYPES.index(mon.type)] + paladins * mon.level
    d = monster_district(s, m)
    where = d_name(d) if d >= 0 else "Dark Council"
    text = (f"{mon.name}, strength {mon.strength} (your Tavern can bring {most}), {mon.vp} VP, "
            f"level {mon.level} {mon.type}, {where}")
    extra = []
    if mon.effects:
        extra.append(f"when defeated: {effects_text(mon.effects)}")
    if mon.council is not None:
        token = next((tok for mm, tok in s.overlords if mm == m), -1)
        if token >= 0:
            extra.append(f"bonus {bonus_text(t.bonuses[token])}")
        if mon.council == "overlord":
            extra.append("once a game")
    return text + (f"; {'; '.join(extra)}" if extra else "")


# -- assigning Units to a place ---------------------------------------------------------------
def group_label(t: Tables, s: MMState, g: Group, a: Action) -> str:
    if g.kind == "mon":
        return _fight_step(t, s, g, a)
    if is_level_up(t, g):
        return _level_up_step(t, s, a)
    return _place_step(t, s, g, a)


def _fight_step(t: Tables, s: MMState, g: Group, a: Action) -> str:
    """A step of a fight: the combat value before and after, against the Monster's strength."""
    strength = t.monsters[g.ref].strength
    now = combat_value(t, s, s.current, g, g.ref)
    name = a.name
    if name == "confirm":
        return _with(a, f"assign {units_text(g.units)} to {place_name(t, g)}: combat {now} against strength {strength}")
    trial = g.clone()
    if name == "add":
        k, role = ADD_WORDS[a.args[0]]
        trial.units[k] += 1
        if role >= 0:
            trial.roles.append(role)
        what = (f"a Shaman acting as a {KINDS[role].title()}" if role >= 0 else f"a {KINDS[k].title()}")
    elif name == "reinforce":
        kind = reinforce_kinds(t, s, g)[0]
        trial.units[PEASANT] += 1
        what = f"a Peasant from your Lodgings ({KINDS[kind].title()} ability)"
    else:  # champion
        trial.champion = True
        lodged = s.players[s.current].lodgings[CORRUPTION]
        what = f"one Unit +{lodged} (the Corruption in your Lodgings)"
    after = combat_value(t, s, s.current, trial, g.ref)
    return _with(a, f"{what}: combat {now} → {after} of strength {strength}")


def _level_up_step(t: Tables, s: MMState, a: Action) -> str:
    k = KIND_INDEX[a.args[0]]
    p = s.players[s.current]
    new = p.levels[k] + 1
    abilities = " ".join(x.text for x in t.abilities[k][new] if x.text)
    gains = f"; {abilities}" if abilities else ""
    return _with(a, f"level the {KINDS[k].title()} up to level {new} for {t.cost[k][new]} VP "
                    f"(combat {t.combat[k][p.levels[k]]} → {t.combat[k][new]}){gains}")


def _place_step(t: Tables, s: MMState, g: Group, a: Action) -> str:
    """A step at a Location or a Tower Room: what the requirement still needs, or that the
    Units beyond it change nothing."""
    needs = needs_of(t, g)
    place = place_name(t, g)
    if a.name == "confirm":
        return _with(a, f"assign {units_text(g.units)} to {place}: {_gives(t, g)}")
    if a.name == "more":
        return _with(a, f"assign Units beyond the requirement to {place} (they add nothing)")
    placed, total = sum(g.units), len(needs)
    k, _ = ADD_WORDS[a.args[0]]
    if placed >= total:
        return _with(a, f"1 more {KINDS[k].title()} on {place}, beyond the requirement")
    return _with(a, f"a {KINDS[k].title()} for {place} ({placed + 1} of {total}: {_needs_words(t, g)})")


def _needs_words(t: Tables, g: Group) -> str:
    if g.kind == "tower":
        return needs_text(t.rooms[g.option].requires)
    return needs_text(t.locations[g.ref].options[g.option].requires)


def _gives(t: Tables, g: Group) -> str:
    if g.kind == "tower":
        return effects_text(t.rooms[g.option].effects) or "nothing"
    text = option_text(t.locations[g.ref], g.option)
    return text.split("→ ", 1)[1] if "→ " in text else text


# -- resolution and sub-decisions -------------------------------------------------------------
def resolve_label(t: Tables, s: MMState, g: Group, a: Action) -> str:
    if g.kind == "mon":
        mon = t.monsters[g.ref]
        defeat = f", when defeated: {effects_text(mon.effects)}" if mon.effects else ""
        return _with(a, f"{place_name(t, g)} with {units_text(g.units)}: +{mon.vp} VP{defeat}")
    return _with(a, f"{place_name(t, g)}: {_gives(t, g)}")


def task_label(t: Tables, s: MMState, task: tuple[Any, ...], a: Action) -> str:
    kind = task[0]
    p = s.players[task[1]]
    if kind == "discard":
        q = t.quests[t.quest_index[a.args[0]]]
        return _with(a, f"{q.name} ({QUEST_TYPES[q.type]}, {q.vp} VP, penalty {q.penalty}): {quest_text(q)}")
    if kind == "recycle":
        if a.name == "done":
            return _with(a, "return no more meeples to your bag")
        k = KIND_INDEX[a.args[0]]
        return _with(a, f"1 {KINDS[k].title()} from your Lodgings ({p.lodgings[k]} there) to your bag "
                        f"({task[2]} may still go)")
    if kind == "prestige":
        k = KIND_INDEX[a.args[0]]
        return _with(a, f"a {KINDS[k].title()} from the supply (combat {t.combat[k][1]}, "
                        f"{s.supply[k]} left): {_meeple_text(t, KINDS[k])}")
    if kind == "build":
        loc = t.locations[t.loc_index[a.args[0]]]
        options = " ".join(f"{i + 1}) {option_text(loc, i)}" for i in range(len(loc.options)))
        if len(loc.options) == 1:
            options = option_text(loc, 0)
        return _with(a, f"{loc.name}: {options}" + (" [King of the Hill]" if loc.king_of_the_hill else ""))
    if kind == "slot":
        dname, num = a.args[0].rsplit("-", 1)
        d, i = DISTRICTS.index(dname), int(num) - 1
        bonus = t.slot_bonus.get((d, i), ())
        return _with(a, f"{d_name(d)} slot {num}, bonus: {effects_text(bonus) or 'none'}")
    # place: a Monster whose district is full
    d = DISTRICTS.index(a.args[1])
    there = [t.monsters[m].name for m in s.monsters[d] if m != NO_CARD]
    return _with(a, f"put {the(t.monsters[task[2]].name)} in {d_name(d)} (there: {', '.join(there) or 'none'})")


def _meeple_text(t: Tables, kind: str) -> str:
    return next(m.text for m in t.content.meeples if m.id == kind)
