"""Resolution Steps of the Development and Main Phases: "You must now resolve each of the
Locations where you assigned meeples. You can resolve the Locations in the order of your
choice."

The player is asked for the order only when it can change the game. It cannot when no
resolution still to come reads or changes what another one does: no card is drawn or
discarded, no meeple returned from the Lodgings to the bag or chosen from the supply, the
supply holds enough for every gain still to come, no Quest could be completed by two of the
fights, and no once-a-turn Hero ability (``hunt``) could be triggered by two of them. Then the
assignments are resolved in the order they were made, without asking.
"""

from __future__ import annotations

from ...engine import Action, Event, shared_action
from .content_model import Effect
from .development import level_up_waits, resolve_capitol
from .main_phase import resolve_main_group
from .quests import defeat_met
from .state import BASIC_CLASSES, CORRUPTION, DISTRICTS, KIND_INDEX, PEASANT, Group, MMState
from .tables import Tables

# effects whose result depends on what other resolutions did before them (or changes it)
ORDERED = frozenset(("quests", "discard_quest", "recycle", "any_prestige"))
OVERRUN_MOST = 2  # Peasants an overrun district adds to one Location or Tower Room


def group_word(t: Tables, g: Group) -> str:
    """The word naming an assignment in a ``resolve`` action."""
    if g.kind == "mon":
        return t.monsters[g.ref].id
    if g.kind == "tower":
        return f"tower-{DISTRICTS[g.ref]}"
    return t.locations[g.ref].id


def resolve(t: Tables, s: MMState, g: Group, events: list[Event]) -> None:
    g.resolved = True
    if s.phase == "develop-resolve":
        resolve_capitol(t, s, g, events)
    else:
        resolve_main_group(t, s, g, events)


def choices(t: Tables, s: MMState) -> list[Group]:
    """The assignments the player may resolve next; one when the order cannot matter (or when
    one must come first), none when all are resolved."""
    pending = [g for g in s.groups if not g.resolved]
    if len(pending) < 2:
        return pending
    if s.phase == "develop-resolve":
        # the Capitol: a construction and a level-up at most (its two options exclude each
        # other). A level-up not yet payable waits for the construction, whose slot bonus may
        # pay for it; otherwise neither reads what the other changes.
        waiting = [g for g in pending if g.kind == "capitol" and t.level_up[g.ref][g.option] and level_up_waits(t, s, g)]
        return [next(g for g in pending if g not in waiting)]
    return pending if order_matters(t, s, pending) else pending[:1]


def resolve_actions(t: Tables, groups: list[Group]) -> tuple[Action, ...]:
    return tuple(shared_action("resolve", group_word(t, g)) for g in groups)


def order_matters(t: Tables, s: MMState, pending: list[Group]) -> bool:
    """Could the order in which ``pending`` (Main Phase assignments) are resolved change the
    game? See the module docstring for what is checked; everything else a resolution does
    (VP, draws for this turn's Draw Phase, a Unit returned from its own place, Corruption
    cleansed) adds up the same in any order."""
    player = s.current
    p = s.players[player]
    effects: list[Effect] = []
    gains = [0] * 9
    completable: set[int] = set()
    hunters = [0] * 9
    for g in pending:
        if g.kind == "loc":
            loc = t.locations[g.ref]
            gains[PEASANT] += OVERRUN_MOST
            if not loc.king_of_the_hill:
                for e in loc.options[g.option].effects:
                    if e.prestige is not None and g.ref in s.stock:
                        continue  # from this Location's own stock, which no other place uses
                    effects.append(e)
        elif g.kind == "tower":
            gains[PEASANT] += OVERRUN_MOST
            effects.extend(t.rooms[g.option].effects)
        else:
            for k in BASIC_CLASSES:
                if g.units[k] and f"hunt:{k}" not in s.abilities_used:
                    for a in t.abilities[k][p.levels[k]]:
                        if a.timing == "hunt":
                            hunters[k] += 1
                            effects.extend(a.effects)
            for q in p.quests:
                quest = t.quests[q]
                if quest.defeat is None or not defeat_met(t, q, g, g.ref):
                    continue
                if q in completable:
                    return True  # two fights could complete it: the first resolved does
                completable.add(q)
                if quest.type == "triggered":
                    effects.extend(quest.effects)
    for k in BASIC_CLASSES:
        if hunters[k] > 1:
            # once a turn, with the first of these fights resolved: only VP is the same for all
            hunt = [e for a in t.abilities[k][p.levels[k]] if a.timing == "hunt" for e in a.effects]
            if any(e.vp is None for e in hunt):
                return True
    for e in effects:
        key = e.key
        if key in ORDERED:
            return True
        if key == "gain":
            gains[KIND_INDEX[e.gain]] += e.count  # type: ignore[index]
        elif key == "prestige":
            gains[KIND_INDEX[e.prestige]] += 1  # type: ignore[index]
        elif key == "corrupt":
            gains[CORRUPTION] += e.corrupt  # type: ignore[operator]
    supply = s.supply
    # with enough in the supply for every gain, no gain runs short whatever the order
    return any(gains[k] > supply[k] for k in range(9))
