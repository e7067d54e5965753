"""Heroes IV's board for a screen (engine/scene.py): the map sections as placed, a hex per map hex
coloured by its terrain, each Town, Creature Dwelling and Location Space on it (face down, ``?``,
until defined; ``*`` guarded; the holder's number once claimed), the free slots while the map is
built, and the Army Stacks on their hexes in their player's colour; below, a row per Army Stack
with its Heroes and Units; in a battle, both sides' Ranged and Melee Lines with their stacks (the
Town card in front of a Town's defenders); the viewer's hand, Adventure Stack and cards kept
aside; a line per player with what the view says of their cards; and the buttons.

The scene is built from the viewer's view and the map sections' layout alone: another player's
hand and Adventure Stack are only counted, a face-down section is only counted. Keys:
``hex:12``, ``slot:-1:1`` (a free slot for the next section), ``army:3`` (an Army Stack by its
marker), ``army-card:3:imp`` (a card of Army Stack 3), ``hand:imp``, ``adventure:imp``,
``aside:necropolis``, ``stack:a2`` (a battle's stack), ``stack:town`` (the Town card),
``line:a-melee`` (a side's line, for the Tactical Setup) and ``button:end`` (also ``done``,
``pass``, and in a battle ``swarm``, ``protect``, ``stack``, ``no-shield``, ``fight-on``,
``withdraw``, ``surrender``).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from ...engine import Scene, Shape
from ...engine.naming import pname
from .board import SLOT_A, SLOT_B, Board, board_for, open_slots, slot_word
from .content import Content
from .content_model import Artifact, Hero, Location, Town, Unit
from .labels import card_text
from .queries import section_words, shown_name

HEX = 10.0  # board units from a hex's centre to a corner
SQRT3 = math.sqrt(3.0)
SLOT = HEX * 4.0  # a free slot's outline: a flat-top hex around the section's 19 hexes
MARGIN = 6.0
ARMY = 2.4  # an Army Stack's radius on the map: the hex's centre stays free to click
ARMY_RING = 6.2  # how far from the hex's centre the stacks stand
CARD_W, CARD_H, GAP = 36.0, 14.0, 2.0
ROW_H = 12.0
BUTTON_W, BUTTON_H = 34.0, 12.0
PANEL_W = 250.0  # the panels' width beside a tall map
LINE_W = 34.0  # a battle line's name box, left of its stacks
KIND_LETTER = {"town": "T", "dwelling": "D", "location": "L"}
MAP_BUTTONS = ("end", "done", "pass")
BATTLE_BUTTONS = ("swarm", "protect", "stack", "no-shield", "fight-on", "withdraw", "surrender")
BUTTON_TIPS = {
    "end": "end your turn (the Movement Sequence)", "done": "done: stop buying, or stop reinforcing the Guard Stack",
    "pass": "pass on the discovery offered", "swarm": "Swarm: the stack acting skips, its next attack is doubled",
    "protect": "Protect: the stack acting skips and shields the others", "stack": "put the stack being set up under "
    "the one set up before", "no-shield": "take the attack unshielded", "fight-on": "fight another round",
    "withdraw": "withdraw from the battle", "surrender": "surrender the battle",
}
SIDE_LETTER = ("a", "d")
SIDE_NAME = ("aggressor", "defender")


def card_kind(card: object) -> str:
    """The catalogue kind of a card of the content (catalogue.py)."""
    for cls, kind in ((Hero, "hero"), (Unit, "unit"), (Town, "town"), (Location, "location"),
                      (Artifact, "artifact")):
        if isinstance(card, cls):
            return kind
    return ""


def hex_centre(q: int, r: int) -> tuple[float, float]:
    """A pointy-top hex's centre in board units, before the map is moved into the margin."""
    return HEX * SQRT3 * (q + r / 2), HEX * 1.5 * r


class HeroesIVScene:
    """The scene builder over the game's content: the map sections' layout and the cards' names."""

    def __init__(self, content: Content) -> None:
        self.c = content
        self.kind: dict[str, str] = {}
        self.names: dict[str, str] = {}  # as every screen names them (the Mage Hero, the Mage Unit)
        self.texts: dict[str, str] = {}  # a card in a few words with its numbers
        for group in (content.heroes, content.units, content.towns, content.locations, content.artifacts):
            for card in group:
                self.kind[card.id] = card_kind(card)
                self.names[card.id] = shown_name(content, card.id)
                self.texts[card.id] = card_text(content, card.id)

    def name(self, card: str) -> str:
        return self.names.get(card, card)

    def ref(self, card: str) -> str:
        return f"{self.kind[card]}:{card}" if card in self.kind else ""

    def cards(self, cards: list[str]) -> str:
        return " + ".join(self.name(k) for k in cards)

    # -- what is drawn ---------------------------------------------------------------------
    def scene(self, view: dict[str, Any], viewer: int | None) -> Scene:
        placed = tuple((str(sid), int(a), int(b)) for sid, a, b in view["map"])
        board = board_for(self.c, placed) if placed else None
        slots = open_slots([(a, b) for _, a, b in placed]) if view["stage"] == "build" else []
        points = [hex_centre(*c) for c in board.coords] if board else []
        for a, b in slots:  # a free slot is a section's outline around its centre hex
            cq, cr = a * SLOT_A[0] + b * SLOT_B[0], a * SLOT_A[1] + b * SLOT_B[1]
            x, y = hex_centre(cq, cr)
            points += [(x - SLOT + HEX, y - SLOT * SQRT3 / 2 + HEX), (x + SLOT - HEX, y + SLOT * SQRT3 / 2 - HEX)]
        if not points:
            points = [(0.0, 0.0)]
        dx = MARGIN + HEX - min(x for x, _ in points)
        dy = MARGIN + HEX - min(y for _, y in points)
        map_w = max(x for x, _ in points) + dx + HEX + MARGIN
        map_h = max(y for _, y in points) + dy + HEX + MARGIN
        shapes: list[Shape] = []
        for a, b in slots:
            cq, cr = a * SLOT_A[0] + b * SLOT_B[0], a * SLOT_A[1] + b * SLOT_B[1]
            x, y = hex_centre(cq, cr)
            shapes.append(Shape("hex", x=x + dx, y=y + dy, size=SLOT, pointy=False, style="slot",
                                label=slot_word((a, b)), key=f"slot:{slot_word((a, b))}",
                                tip=f"the free slot {slot_word((a, b))}: the next map section may be attached here"))
        if board is not None:
            shapes += self._map(board, view, dx, dy)
        beside = map_h > map_w  # a tall map: the panels go to its right, a wide one: under it
        width = PANEL_W if beside else max(map_w, PANEL_W)
        panel, y = self._panels(view, viewer, width)
        if beside:
            shapes += [shift(sh, map_w - MARGIN, MARGIN) for sh in panel]
            width, height = map_w + PANEL_W, max(map_h, y + 2 * MARGIN)
        else:
            shapes += [shift(sh, 0, map_h) for sh in panel]
            height = map_h + y + MARGIN
        title = f"Heroes IV, round {view['round']} of {view['rounds']}" + (", a battle" if view["battle"] else "")
        return Scene(width, height, tuple(shapes), title=title)

    def _panels(self, view: dict[str, Any], viewer: int | None, width: float) -> tuple[list[Shape], float]:
        """Everything but the map, from the top left: what the sections still are, the Army
        Stacks, a battle, the viewer's cards, the players, the buttons. Returns where it ends."""
        shapes: list[Shape] = []
        y, more = self._sections(view, 0.0, width)
        shapes += more
        y, more = self._armies(view, viewer, y, width)
        shapes += more
        if view["battle"] is not None:
            y, more = self._battle(view["battle"], y, width)
            shapes += more
        y, more = self._hand(view, viewer, y, width)
        shapes += more
        y, more = self._players(view, viewer, y, width)
        shapes += more
        buttons = BATTLE_BUTTONS if view["battle"] is not None else MAP_BUTTONS
        per_row = max(1, int((width - 2 * MARGIN + GAP) // (BUTTON_W + GAP)))
        for k, name in enumerate(buttons):
            col, row = k % per_row, k // per_row
            shapes.append(Shape("rect", x=MARGIN + col * (BUTTON_W + GAP), y=y + row * (BUTTON_H + GAP),
                                width=BUTTON_W, height=BUTTON_H, style="button", label=name.replace("-", " ").title(),
                                key=f"button:{name}", tip=BUTTON_TIPS[name]))
        y += ((len(buttons) + per_row - 1) // per_row) * (BUTTON_H + GAP)
        return shapes, y

    def _map(self, board: Board, view: dict[str, Any], dx: float, dy: float) -> list[Shape]:
        """Every hex once, with its space; then the Army Stacks around their hexes' centres."""
        shapes: list[Shape] = []
        spaces = view["spaces"]
        fought = {int(p[1]) for p in view["pending"] if p[0] == "battle"} if view["battle"] is not None else set()
        at: list[tuple[float, float]] = []
        for i, (q, r) in enumerate(board.coords):
            x, y = hex_centre(q, r)
            x, y = x + dx, y + dy
            at.append((x, y))
            terrain = board.terrain[i]
            sp = spaces.get(str(i))
            kind = sp["kind"] if sp is not None else board.kind[i]
            label, tip = str(i), f"hex {i}: {terrain}" + (" (impassable)" if board.impassable[i] else "")
            style = f"terrain-{terrain}" + (" battle-here" if i in fought else "")
            if i in fought:
                tip += "; a battle is fought here"
            ref = ""
            if kind:
                mark, what = self._space(kind, sp)
                label += f"\n{KIND_LETTER[kind]}{mark}"
                tip += f"; {what}"
                style += f" space-{kind}" + (" face-down" if mark == "?" else "")
                ref = self.ref(sp["card"]) if sp is not None and sp["card"] else ""
            shapes.append(Shape("hex", x=x, y=y, size=HEX, style=style, label=label, key=f"hex:{i}", tip=tip,
                                ref=ref))
        here: dict[int, int] = {}
        for a in view["armies"]:
            h = a["hex"]
            if h < 0 or h >= len(at):
                continue
            k = here.get(h, 0)
            here[h] = k + 1
            angle = math.radians(30 + 120 * k + 60 * (k // 3))  # beside the label first, then around it
            x, y = at[h][0] + ARMY_RING * math.cos(angle), at[h][1] + ARMY_RING * math.sin(angle)
            shapes.append(Shape("circle", x=x, y=y, size=ARMY, style=f"player-{a['owner']} army",
                                label=str(a["marker"]), key=f"army:{a['marker']}", tip=self._army_tip(a)))
        return shapes

    def _space(self, kind: str, sp: dict[str, Any] | None) -> tuple[str, str]:
        """A space's mark (``?`` face down, ``*`` guarded, ``-`` held by nobody, the holder's
        number) and what it is in words."""
        words = {"town": "a Town Space", "dwelling": "a Creature Dwelling Space", "location": "a Location Space"}[kind]
        if sp is None or (not sp["card"] and not sp["emptied"]):
            return "?", f"{words}, undefined (face down)"
        card = f"{self.name(sp['card'])}" if sp["card"] else "emptied"
        if sp["guards"]:
            guards = self.cards(sp["guards"])
            return "*", f"{words}: {card}, guarded by {guards}" + (f" (Army Marker {sp['marker']})" if sp["marker"]
                                                                   else "")
        if sp["owner"] >= 0:
            under = f"; under it: {self.cards(sp['under'])}" if sp["under"] else ""
            return str(sp["owner"] + 1), f"{words}: {card}, held by {pname(sp['owner'])}{under}"
        return "-", f"{words}: {card}, held by nobody" + (f" ({sp['turned']})" if sp["turned"] else "")

    def _army_tip(self, a: dict[str, Any]) -> str:
        where = f"on hex {a['hex']}" if a["hex"] >= 0 else "not on the map yet"
        moved = ", has moved" if a["moved"] else ""
        return (f"Army Stack {a['marker']} ({pname(a['owner'])}) {where}: {self.cards(a['cards'])}; "
                f"{a['mp']} movement points{moved}")[:400]

    def _sections(self, view: dict[str, Any], y: float, width: float) -> tuple[float, list[Shape]]:
        """While the map is built: the section flipped to be attached, and how many lie face down."""
        if view["section_flipped"] is None and not view["sections_face_down"]:
            return y, []
        words = []
        if view["section_flipped"] is not None:
            words.append(f"to attach: {section_words(self.c, view['section_flipped'])}")
        if view["sections_face_down"]:
            words.append(f"{view['sections_face_down']} map section(s) face down")
        return y + ROW_H + GAP, [Shape("text", x=width / 2, y=y + ROW_H / 2, size=6, label="; ".join(words),
                                       style="muted")]

    def _row(self, y: float, width: float, items: list[tuple[str, str, str, str, str]],
             lead: Shape | None) -> tuple[float, list[Shape]]:
        """Cards in rows after a lead box: each (key, label, tip, ref, style)."""
        shapes: list[Shape] = [lead] if lead is not None else []
        x0 = MARGIN + (LINE_W + GAP if lead is not None else 0)
        per_row = max(1, int((width - x0 - MARGIN + GAP) // (CARD_W + GAP)))
        for k, (key, label, tip, ref, style) in enumerate(items):
            col, row = k % per_row, k // per_row
            shapes.append(Shape("rect", x=x0 + col * (CARD_W + GAP), y=y + row * (CARD_H + GAP), width=CARD_W,
                                height=CARD_H, style=style, label=label if len(label) <= 14 else label[:13] + ".",
                                key=key, tip=tip[:400], ref=ref))
        rows = max(1, (len(items) + per_row - 1) // per_row)
        return y + rows * (CARD_H + GAP) + GAP, shapes

    def _armies(self, view: dict[str, Any], viewer: int | None, y: float,
                width: float) -> tuple[float, list[Shape]]:
        """A row per Army Stack: its marker, then its cards from the top down."""
        shapes: list[Shape] = []
        for a in sorted(view["armies"], key=lambda a: a["marker"]):
            m = a["marker"]
            lead = Shape("rect", x=MARGIN, y=y, width=LINE_W, height=CARD_H, style=f"player-{a['owner']} army",
                         label=f"A{m}" + (" (you)" if a["owner"] == viewer else ""), key=f"army:{m}",
                         tip=self._army_tip(a))
            items = [(f"army-card:{m}:{k}", self.name(k), f"{self.texts.get(k, k)}; in Army Stack {m}", self.ref(k),
                      "card")
                     for k in dict.fromkeys(a["cards"])]
            y, more = self._row(y, width, items, lead)
            shapes += more
        return y, shapes

    def _battle(self, b: dict[str, Any], y: float, width: float) -> tuple[float, list[Shape]]:
        """The defender's Ranged then Melee Line, then the aggressor's Melee then Ranged Line."""
        shapes: list[Shape] = [Shape("text", x=MARGIN + 60, y=y + 4, size=6, label=b["lines"][0], style="muted")]
        y += 9
        for i in (1, 0):
            side = b["sides"][i]
            for line in (("ranged", "melee") if i == 1 else ("melee", "ranged")):
                who = f"{pname(side['player'])}'s" if not side["guard"] else "the Guard Stack's"
                lead = Shape("rect", x=MARGIN, y=y, width=LINE_W, height=CARD_H, style=f"area side-{SIDE_LETTER[i]}",
                             label=f"{SIDE_LETTER[i].upper()} {line}", key=f"line:{SIDE_LETTER[i]}-{line}",
                             tip=f"the {SIDE_NAME[i]}'s {line.capitalize()} Line ({who} stacks)")
                items: list[tuple[str, str, str, str, str]] = []
                if line == "melee" and side["town"] and side["town"] != "sacked":
                    items.append(("stack:town", "Town card", f"the Town card ({side['town'].capitalize()}, Defense "
                                  f"{side['town_defense']})", "", "card town-card"))
                for st in side["stacks"]:
                    if not st["cards"] or st["line"] != line:
                        continue
                    top = st["cards"][0]
                    status = f" [{st['status'].capitalize()}]" if st["status"] else ""
                    names = " + ".join(c["name"] for c in st["cards"])
                    tip = (f"{st['label']}: {names}{status}; top card Attack {top['attack']}, Defense "
                           f"{top['defense']}, Phase {top['phase']}" + (f", Ranged {top['ranged']}" if top["ranged"]
                                                                       else ""))
                    player = "guard" if side["guard"] else f"player-{side['player']}"
                    label = f"{st['label']} {top['name']}" + (f" +{len(st['cards']) - 1}" if len(st["cards"]) > 1
                                                              else "")
                    items.append((f"stack:{st['label']}", label, tip, f"{fighter_kind(top)}:{top['card']}",
                                  player))
                y, more = self._row(y, width, items, lead)
                shapes += more
        for text in b["lines"][5:]:  # the Tactical Setup so far
            shapes.append(Shape("text", x=MARGIN + 60, y=y + 4, size=5, label=text[:120], style="muted"))
            y += 8
        return y, shapes

    def _hand(self, view: dict[str, Any], viewer: int | None, y: float,
              width: float) -> tuple[float, list[Shape]]:
        """The viewer's own cards: hand, Adventure Stack, cards kept aside."""
        if viewer is None or not 0 <= viewer < len(view["players"]):
            return y, []
        me = view["players"][viewer]
        shapes: list[Shape] = []
        for pile, title in (("hand", "Hand"), ("adventure", "Adventure"), ("aside", "Aside")):
            cards = me[pile]
            if not isinstance(cards, list) or not cards:
                continue
            lead = Shape("rect", x=MARGIN, y=y, width=LINE_W, height=CARD_H, style="area", label=title,
                         tip=f"your {title.lower()} cards ({len(cards)})")
            counts: dict[str, int] = {}
            for k in cards:
                counts[k] = counts.get(k, 0) + 1
            items = [(f"{pile}:{k}", self.name(k) + (f" x{n}" if n > 1 else ""),
                      f"{self.texts.get(k, k)}; {n} in your {title.lower()}", self.ref(k), "card")
                     for k, n in counts.items()]
            y, more = self._row(y, width, items, lead)
            shapes += more
        return y, shapes

    def _players(self, view: dict[str, Any], viewer: int | None, y: float,
                 width: float) -> tuple[float, list[Shape]]:
        """A line per player: alignment, and their cards as far as the view shows them."""
        shapes: list[Shape] = []
        for i, p in enumerate(view["players"]):
            def count(x: Any) -> int:
                return len(x) if isinstance(x, list) else int(x)

            you = " (you)" if i == viewer else ""
            turn = " \u25b6" if view["current"] == i and not view["over"] else ""
            arts = sum(len(a) for a in p["artifacts"].values())
            line = (f"{pname(i)}{you}{turn}: {p['alignment']}; deck {p['deck']}, hand {count(p['hand'])}, "
                    f"adventure {count(p['adventure'])}, discard {len(p['discard'])}"
                    + (f", aside {len(p['aside'])}" if p["aside"] else "") + (f", {arts} Artifact(s)" if arts else ""))
            shapes.append(Shape("rect", x=MARGIN, y=y, width=width - 2 * MARGIN, height=ROW_H - 2,
                                style="area", label=line, tip=line, ref=f"alignment:{p['alignment']}"))
            y += ROW_H
        return y + GAP, shapes


def shift(shape: Shape, dx: float, dy: float) -> Shape:
    """A panel's shape moved to where the panels go (beside or under the map)."""
    return replace(shape, x=shape.x + dx, y=shape.y + dy)


def fighter_kind(fighter: dict[str, Any]) -> str:
    """A battle card's catalogue kind: a Hero or a Unit."""
    return "hero" if fighter["is_hero"] else "unit"
