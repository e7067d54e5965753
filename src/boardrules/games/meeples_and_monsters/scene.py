"""Meeples & Monsters' board for a screen (engine/scene.py): the Capitol with its Locations, the
face-up Location tiles, the Prestige Units of the supply, the four districts of the City (their
three slots, built or vacant, their Monster spaces and Tower), the Dark Council, and every
player's board: Tavern and Lodgings with their meeples, bag, VP, Hero levels, Quests (the cards
of the viewer's own hand; a count for the others). Which board elements choose each action
(``action_keys``), and why one cannot (``why_not``).

The City is a fixed arrangement of boxes, worked out here from the rules' districts and slot
count: the content needs no coordinates. The scene is built from the viewer's view alone. Keys:
``location:ID``, ``monster:ID``, ``tile:ID``, ``slot:castle-2``, ``district:castle``,
``tower:castle``, ``tavern:KIND`` and ``lodgings:KIND`` (the viewer's meeples), ``hero:KIND``,
``quest:ID``, ``supply:KIND`` and ``button:done``.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Decision, Scene, Shape
from ...engine.naming import pname
from .action_space import SLOTS_PER_DISTRICT
from .state import DISTRICTS, KINDS, PRESTIGE, Group, MMState
from .tables import Tables

W = 440.0  # the board's width in board units
PAD = 6.0
DISTRICT_W = (W - 5 * PAD) / 4
SLOT_H = 24.0
MONSTER_H = 22.0
CARD_W, CARD_H = 62.0, 22.0
MEEPLE_R = 6.0
MARKS = {"peasant": "P", "knight": "K", "warrior": "W", "mage": "M", "cleric": "C", "ranger": "R",
         "paladin": "Pa", "shaman": "S", "corruption": "X"}


def _fit(name: str, width: float) -> str:
    most = int(width / 4.2)
    return name if len(name) <= most else name[: most - 1] + "."


def _units(units: dict[str, int]) -> str:
    return " ".join(f"{n}{MARKS[k]}" for k, n in units.items() if n)


class MeeplesScene:
    """The scene builder over the game's tables."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.loc = {loc.id: loc for loc in t.locations}
        self.mon = {m.id: m for m in t.monsters}

    def _target_id(self, target: str) -> str:
        """``mon:12`` or ``loc:3`` (a view's assignment target) as the board key it is drawn at."""
        kind, _, ref = target.partition(":")
        if kind == "mon":
            return f"monster:{self.t.monsters[int(ref)].id}"
        if kind == "loc":
            return f"location:{self.t.locations[int(ref)].id}"
        return f"tower:{DISTRICTS[int(ref)]}"

    def scene(self, view: dict[str, Any], viewer: int | None) -> Scene:
        assigned: dict[str, list[str]] = {}
        for g in view["assigned"] + ([view["open"]] if view["open"] else []):
            assigned.setdefault(self._target_id(g["target"]), []).append(_units(g["units"]) or "-")
        shapes: list[Shape] = []
        y = self._top(view, shapes, assigned)
        y = self._city(view, shapes, assigned, y)
        for p in view["players"]:
            y = self._player(view, p, viewer, shapes, y)
        title = f"Turn {view['turn']}, {view['phase'].replace('-', ' ')}: {pname(view['current'])} plays"
        return Scene(W, y + PAD, tuple(shapes), title=title)

    def _location(self, lid: str, x: float, y: float, w: float, h: float, assigned: dict[str, list[str]],
                  view: dict[str, Any], style: str = "card") -> Shape:
        loc = self.loc[lid]
        key = f"location:{lid}"
        extra = []
        if key in assigned:
            extra.append("assigned " + ", ".join(assigned[key]))
        if lid in view["stock"] and view["stock"][lid]:
            extra.append("stock " + _units(view["stock"][lid]))
        if lid in view["koth"]:
            held = view["koth"][lid]
            extra.append(f"held by {pname(held['player'])}: {_units(held['units'])}")
        label = _fit(loc.name, w) + ("\n" + _fit("; ".join(extra), w) if extra else "")
        return Shape("rect", x=x, y=y, width=w, height=h, style=style, label=label, key=key,
                     ref=f"location:{lid}", tip="; ".join([loc.name, *extra]))

    def _top(self, view: dict[str, Any], shapes: list[Shape], assigned: dict[str, list[str]]) -> float:
        """The Capitol, the face-up tiles, the Prestige Units of the supply, and Done."""
        y = PAD
        shapes.append(Shape("text", x=PAD + 30, y=y + 4, size=7, label="Capitol"))
        for k, i in enumerate(self.t.capitol):
            lid = self.t.locations[i].id
            shapes.append(self._location(lid, PAD + k * (CARD_W + 4), y + 10, CARD_W, CARD_H, assigned, view, "card area"))
        x = PAD + 2 * (CARD_W + 4) + 8
        shapes.append(Shape("text", x=x + 40, y=y + 4, size=7, label=f"Face-up tiles ({view['location_stack']} in the stack)"))
        for k, lid in enumerate(view["face_up_locations"]):
            shapes.append(Shape("rect", x=x + k * (CARD_W * 0.8 + 3), y=y + 10, width=CARD_W * 0.8, height=CARD_H,
                                style="card", label=_fit(self.loc[lid].name, CARD_W * 0.8), key=f"tile:{lid}",
                                ref=f"location:{lid}", tip=f"{self.loc[lid].name}: a Location tile to construct"))
        y += 10 + CARD_H + 6
        shapes.append(Shape("text", x=PAD + 36, y=y + 6, size=7, label="Supply"))
        for k, kind in enumerate(KINDS[i] for i in PRESTIGE):
            n = view["supply"].get(kind, 0)
            shapes.append(Shape("circle", x=PAD + 80 + k * 26, y=y + 6, size=MEEPLE_R, style=f"token meeple-{kind}",
                                label=f"{n}{MARKS[kind]}", key=f"supply:{kind}", ref=f"meeple:{kind}",
                                tip=f"{n} {kind.title()} left in the supply"))
        shapes.append(Shape("rect", x=W - PAD - 50, y=y - 2, width=50, height=16, style="button", label="Done",
                            key="button:done", tip="assign nothing more: end the phase"))
        info = (f"Monster deck {view['monster_deck']} · Quest deck {view['quest_deck']}"
                + (f" · {view['final_turns_left']} final turns" if (view["final_turns_left"] or -1) >= 0 else ""))
        shapes.append(Shape("text", x=PAD + 250, y=y + 6, size=6, label=info, style="muted"))
        return y + 18

    def _city(self, view: dict[str, Any], shapes: list[Shape], assigned: dict[str, list[str]], y: float) -> float:
        height = 12 + SLOTS_PER_DISTRICT * (SLOT_H + 3) + 3 * (MONSTER_H + 3) + 4
        towers = any(d["tower"] for d in view["city"])
        if towers:
            height += SLOT_H + 3
        for d, district in enumerate(view["city"]):
            name = district["district"]
            x = PAD + d * (DISTRICT_W + PAD)
            used = " (used this turn)" if view["district_used"] == name else ""
            shapes.append(Shape("rect", x=x, y=y, width=DISTRICT_W, height=height, style="area", label="",
                                key=f"district:{name}", tip=f"the {name.title()} district{used}"))
            shapes.append(Shape("text", x=x + DISTRICT_W / 2, y=y + 6, size=7, label=name.title() + used))
            yy = y + 12
            for k, lid in enumerate(district["locations"]):
                if lid is None:
                    slot = f"{name}-{k + 1}"
                    shapes.append(Shape("rect", x=x + 3, y=yy, width=DISTRICT_W - 6, height=SLOT_H, style="slot",
                                        label=f"vacant slot {k + 1}", key=f"slot:{slot}", ref=f"slot:{slot}",
                                        tip=f"{name.title()} slot {k + 1}: vacant"))
                else:
                    shapes.append(self._location(lid, x + 3, yy, DISTRICT_W - 6, SLOT_H, assigned, view))
                yy += SLOT_H + 3
            for mid in district["monsters"]:
                if mid is None:
                    shapes.append(Shape("rect", x=x + 3, y=yy, width=DISTRICT_W - 6, height=MONSTER_H,
                                        style="slot muted", label="no Monster"))
                else:
                    shapes.append(self._monster(mid, x + 3, yy, DISTRICT_W - 6, assigned))
                yy += MONSTER_H + 3
            tower = district["tower"]
            if tower:
                room = tower["room"]
                shapes.append(Shape("rect", x=x + 3, y=yy, width=DISTRICT_W - 6, height=SLOT_H, style="card",
                                    label=_fit(f"Tower: {room} ({tower['left']})", DISTRICT_W - 6),
                                    key=f"tower:{name}", ref=f"room:{room}", tip=f"the {name.title()} Tower"))
        y += height + 4
        if view["overlords"]:
            shapes.append(Shape("text", x=PAD + 36, y=y + 6, size=7, label="Dark Council"))
            for k, o in enumerate(view["overlords"]):
                shapes.append(self._monster(o["monster"], PAD + 80 + k * (CARD_W + 4), y, CARD_W, assigned))
            y += MONSTER_H + 4
        return y

    def _monster(self, mid: str, x: float, y: float, w: float, assigned: dict[str, list[str]]) -> Shape:
        m = self.mon[mid]
        key = f"monster:{mid}"
        on = f"\nassigned {', '.join(assigned[key])}" if key in assigned else ""
        return Shape("rect", x=x, y=y, width=w, height=MONSTER_H, style=f"card monster-{m.type}",
                     label=_fit(f"{m.name} {m.strength}", w) + on, key=key, ref=f"monster:{mid}",
                     tip=f"{m.name}: strength {m.strength}, {m.vp} VP{on.replace(chr(10), '; ')}")

    def _player(self, view: dict[str, Any], p: dict[str, Any], viewer: int | None, shapes: list[Shape],
                y: float) -> float:
        seat = p["seat"]
        mine = seat == viewer
        turn = " ▶" if view["current"] == seat else ""
        head = (f"{pname(seat)}{' (you)' if mine else ''}{turn}: {p['vp']} VP, bag {p['bag_size']}, "
                f"Quests {p['quests_in_hand']} in hand, {len(p['completed_quests'])} done, "
                f"{len(p['defeated'])} Monsters defeated")
        shapes.append(Shape("rect", x=PAD, y=y, width=W - 2 * PAD, height=58, style=f"area player-{seat} muted"))
        shapes.append(Shape("text", x=W / 2, y=y + 6, size=6.5, label=head))
        for row, (zone, counts) in enumerate((("tavern", p["tavern"]), ("lodgings", p["lodgings"]))):
            yy = y + 18 + row * 16
            shapes.append(Shape("text", x=PAD + 22, y=yy, size=6, label=zone.title()))
            for k, kind in enumerate(KINDS):
                n = counts.get(kind, 0)
                if not n:
                    continue
                shapes.append(Shape("circle", x=PAD + 50 + k * 22, y=yy, size=MEEPLE_R, style=f"token meeple-{kind}",
                                    label=f"{n}{MARKS[kind]}", key=f"{zone}:{kind}" if mine else "",
                                    ref=f"meeple:{kind}", tip=f"{n} {kind.title()} in the {zone.title()}"))
        x = PAD + 260
        for k, (kind, level) in enumerate(p["hero_levels"].items()):
            shapes.append(Shape("rect", x=x + k * 34, y=y + 12, width=32, height=14, style="card",
                                label=f"{kind.title()[:5]} {level}", key=f"hero:{kind}" if mine else "",
                                ref=f"hero:{kind}-{level}", tip=f"{kind.title()} Hero card, level {level}"))
        if mine and "quests" in p:
            for k, qid in enumerate(p["quests"]):
                shapes.append(Shape("rect", x=x + (k % 5) * 34, y=y + 29 + (k // 5) * 13, width=32, height=12,
                                    style="card", label=_fit(self.t.quests[self.t.quest_index[qid]].name, 32),
                                    key=f"quest:{qid}", ref=f"quest:{qid}", tip="a Quest in your hand"))
        waiting = _units(p["waiting"])
        if waiting:
            shapes.append(Shape("text", x=PAD + 60, y=y + 52, size=5.5, label=f"waiting: {waiting}", style="muted"))
        return y + 62


# -- what chooses each action ------------------------------------------------------------------
def group_key(t: Tables, g: Group) -> str:
    """The board key of an assignment's place: the Monster, the Location or the Tower."""
    if g.kind == "mon":
        return f"monster:{t.monsters[g.ref].id}"
    if g.kind == "tower":
        return f"tower:{DISTRICTS[g.ref]}"
    return f"location:{t.locations[g.ref].id}"


def resolve_key(word: str) -> str:
    if word.startswith("tower-") and word[len("tower-"):] in DISTRICTS:
        return f"tower:{word[len('tower-'):]}"
    return word


def action_keys(t: Tables, s: MMState, d: Decision) -> tuple[tuple[str, ...], ...]:
    """For each action: the Location to activate (its options: the page asks which), the
    Monster to fight, the tile to build and the slot for it, the Tavern's meeple to add (a
    Shaman standing in: the Shaman, and the page asks as what), the place assigned to for
    confirm, more, champion and reinforce (the page asks which), the Hero card to use, the
    place to resolve, the Quest to discard, the Lodgings' meeple to return, the supply's
    Prestige Unit to take, the district to put a Monster in, the Tower, and Done."""
    out: list[tuple[str, ...]] = []
    target = group_key(t, s.open_group) if s.open_group is not None else ""
    monsters, locations = t.mon_index, t.loc_index
    for a in d.actions:
        name, args = a.name, a.args
        if name == "activate":
            out.append((f"location:{args[0]}",))
        elif name == "fight":
            out.append((f"monster:{args[0]}",))
        elif name == "build":
            out.append((f"tile:{args[0]}",))
        elif name == "slot":
            out.append((f"slot:{args[0]}",))
        elif name == "add":
            out.append((f"tavern:{args[0].split(':')[0]}",))
        elif name in ("confirm", "more", "champion", "reinforce") and target:
            out.append((target,))
        elif name == "use":
            out.append((f"hero:{args[0]}",))
        elif name == "resolve":
            word = args[0]
            out.append((f"monster:{word}",) if word in monsters else (f"location:{word}",) if word in locations
                       else (resolve_key(word),))
        elif name == "discard":
            out.append((f"quest:{args[0]}",))
        elif name == "return":
            out.append((f"lodgings:{args[0]}",))
        elif name == "take":
            out.append((f"supply:{args[0]}",))
        elif name == "place":
            out.append((f"district:{args[1]}",))
        elif name == "tower":
            out.append((f"tower:{args[0]}",))
        elif name == "done":
            out.append(("button:done",))
        else:
            out.append(())
    return tuple(out)


WHY = {  # what a board element is for, when it chooses nothing now
    "location": "no option of this Location can be met from your Tavern now, or its district or it is used",
    "monster": "your Tavern cannot match this Monster's strength now, or it was fought this turn",
    "tile": "a tile is built when a Capitol option constructs one",
    "slot": "a slot is chosen for a tile being constructed",
    "district": "a district is chosen when a Monster's own district is full",
    "tavern": "a meeple of the Tavern is added to an assignment under way",
    "lodgings": "a meeple goes back from the Lodgings only when an effect returns some",
    "hero": "this Hero card's ability cannot be used now",
    "quest": "a Quest is discarded when you hold too many",
    "supply": "a Prestige Unit is taken when an effect gives one",
    "tower": "the Tower Room's requirement cannot be met from your Tavern now",
}


def why_not(t: Tables, s: MMState, d: Decision | None, key: str, explain: Any) -> str | None:
    """Why ``key`` chooses nothing now: for a Location or Monster of the Main or Development
    Phase, the rules' refusal of activating or fighting it; otherwise what the element is for."""
    if d is None:
        return "the game is over"
    kind, _, ident = key.partition(":")
    if kind == "button":
        return "Done is not an answer now: " + d.prompt[0].lower() + d.prompt[1:]
    if s.open_group is None and not s.stack and s.phase in ("main", "develop") and kind in ("location", "monster"):
        verb = "activate" if kind == "location" else "fight"
        reason: str = explain(s, Action(verb, (ident,)))[0]
        return reason
    return WHY.get(kind)
