"""Sub-decisions an effect or a step asks for, kept on the state's decision stack: discarding
Quests, returning meeples to the bag, taking a Prestige Unit, constructing a Location (the tile,
then the slot) and placing a Monster whose district is full (Draw Phase step 2).

A task is a tuple ``(kind, player, ...)``; the top of ``MMState.stack`` is asked first.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Event, shared_action
from .development import DONE, build, slot_name, vacant_slots
from .draw_phase import place_actions, place_monster
from .effects import gain_prestige, prestige_choices
from .names import The, pname
from .state import DISTRICTS, KIND_INDEX, KINDS, MMState
from .tables import Tables


def task_prompt(t: Tables, task: tuple[Any, ...]) -> str:
    kind = task[0]
    if kind == "discard":
        return f"Discard a Quest card from your hand ({task[2]} to discard)"
    if kind == "recycle":
        return f"Return up to {task[2]} meeple(s) from your Lodgings to your bag"
    if kind == "prestige":
        return "Take a Prestige Unit of your choice"
    if kind == "build":
        return "Construct a face-up Location: choose the tile"
    if kind == "slot":
        return f"Construct {t.locations[task[2]].name}: choose a vacant slot"
    return f"{The(t.monsters[task[2]].name)}'s district is full: choose another district"


def task_actions(t: Tables, s: MMState, task: tuple[Any, ...]) -> list[Action]:
    kind, player = task[0], task[1]
    p = s.players[player]
    if kind == "discard":
        return [shared_action("discard", t.quests[q].id) for q in p.quests]
    if kind == "recycle":
        return [shared_action("return", KINDS[k]) for k in range(9) if p.lodgings[k]] + [DONE]
    if kind == "prestige":
        return [shared_action("take", KINDS[k]) for k in prestige_choices(s)]
    if kind == "build":
        return [shared_action("build", t.locations[tile].id) for tile in s.face_up]
    if kind == "slot":
        return [shared_action("slot", slot_name(d, i)) for d, i in vacant_slots(s)]
    return place_actions(t, s, task[2])


def task_void(s: MMState, task: tuple[Any, ...]) -> bool:
    """A sub-decision with nothing to choose from is skipped ("mandatory as far as possible")."""
    kind, p = task[0], s.players[task[1]]
    if kind == "discard":
        return not p.quests
    if kind == "recycle":
        return not any(p.lodgings)
    if kind == "prestige":
        return not prestige_choices(s)
    if kind == "build":
        return not (s.face_up and vacant_slots(s))
    return False


def apply_task(t: Tables, s: MMState, a: Action, events: list[Event]) -> None:
    """Apply a legal answer to the sub-decision on top of the stack."""
    task = s.stack.pop()
    kind, player = task[0], task[1]
    p = s.players[player]
    if kind == "discard":
        q = t.quest_index[a.args[0]]
        p.quests.remove(q)
        s.quest_discard.append(q)  # the discard pile is face up: everyone sees the card
        events.append(Event("discard", f"{pname(player)} discards the Quest {t.quests[q].name}", player,
                            {"quest": t.quests[q].id}))
        if task[2] > 1:
            s.stack.append(("discard", player, task[2] - 1))
    elif kind == "recycle":
        if a.name == "return":
            k = KIND_INDEX[a.args[0]]
            p.lodgings[k] -= 1
            p.bag[k] += 1
            events.append(Event("recycle", f"{pname(player)} returns 1 {KINDS[k]} from the Lodgings to the bag",
                                player, {"kind": KINDS[k]}))
            if task[2] > 1:
                s.stack.append(("recycle", player, task[2] - 1))
    elif kind == "prestige":
        gain_prestige(s, player, KIND_INDEX[a.args[0]], events)
        if task[2] > 1:
            s.stack.append(("prestige", player, task[2] - 1))
    elif kind == "build":
        s.stack.append(("slot", player, t.loc_index[a.args[0]]))
    elif kind == "slot":
        dname, num = a.args[0].rsplit("-", 1)
        build(t, s, task[2], DISTRICTS.index(dname), int(num) - 1, events)
    elif kind == "place":
        d = DISTRICTS.index(a.args[1])
        place_monster(s, task[2], d)
        events.append(Event("monster", f"{The(t.monsters[task[2]].name)} appears in {DISTRICTS[d].title()}", None,
                            {"monster": t.monsters[task[2]].id, "district": DISTRICTS[d]}))
