"""Heroscape's board for a screen (engine/scene.py): the battlefield's hexes by terrain and level,
ruins, the figures (a double-space one on both its spaces), each seat's army cards with the order
markers on them as the viewer may see them, the cards still to be chosen, and the Done and Skip
buttons; and which board elements choose each action (``action_keys``), with why one cannot.

The scene is built from the viewer's view and the battlefield's layout alone. Keys:
``space:a1`` (a hex), ``figure:marro-warriors-2``, ``card:syvarris`` (an army card: in the pool
while armies are chosen, on its owner's row once taken), ``button:done`` and ``button:skip``.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Decision, Scene, Shape
from ...engine.naming import pname
from .battlefield import Battlefield
from .content import Content
from .explain import explain
from .figures import Figures
from .hexes import centre
from .state import MARKERS, SHState

HEX = 10.0  # board units from a hex's centre to a corner
MARGIN = 6.0
CARD_W, CARD_H, CARD_GAP = 64.0, 30.0, 4.0
BUTTON_W, BUTTON_H = 40.0, 16.0
FIGURE = 0.62  # a figure's radius, in hexes: the hex's rim stays visible (and clickable) around it
TONES = 6  # levels are shaded in this many steps
ATTACKS = ("attack", "explode", "grenade", "chomp", "shackle")


def short(name: str) -> str:
    """A figure's mark on the board: the initials of its card and its number (``MW3``), or the
    first letters of a one-word name (``Fin``)."""
    words = name.split("-")
    number = words.pop() if words[-1].isdigit() else ""
    initials = "".join(w[0] for w in words if w).upper() if len(words) > 1 else words[0][:3].title()
    return (initials[:3] + number)[:5]


class HeroscapeScene:
    """The scene builder over the game's content: battlefields by the name a view gives."""

    def __init__(self, content: Content) -> None:
        self.c = content
        self.fields = {bf.name: bf for bf in content.battlefields.values()}
        self.cards = {card.id: card for card in content.cards}

    # -- what is drawn ---------------------------------------------------------------------
    def scene(self, view: dict[str, Any], viewer: int | None) -> Scene:
        bf = self.fields[view["battlefield"]]
        shapes: list[Shape] = []
        xs, ys = zip(*(centre(*c) for c in bf.coords), strict=True)
        dx, dy = MARGIN + HEX - min(xs) * HEX, MARGIN + HEX - min(ys) * HEX
        at = [(x * HEX + dx, y * HEX + dy) for x, y in zip(xs, ys, strict=True)]
        width = max(x for x, _ in at) + HEX + MARGIN
        top = max(levels := bf.level) or 1
        for i, (x, y) in enumerate(at):
            tone = 1 + (levels[i] - 1) * (TONES - 1) // max(top - 1, 1)
            what = f"level {levels[i]} {bf.terrain[i]}" + (f", a ruin {bf.ruin[i]} high" if bf.ruin[i] else "")
            shapes.append(Shape("hex", x=x, y=y, size=HEX, style=f"terrain-{bf.terrain[i]} tone-{tone}",
                                label=str(levels[i]), key=f"space:{bf.names[i]}", tip=f"{bf.names[i]}: {what}"))
        for i, (x, y) in enumerate(at):
            if bf.ruin[i]:
                shapes.append(Shape("polygon", points=((x - 4, y + 4), (x - 4, y - 2), (x, y - 5), (x + 4, y - 2),
                                                      (x + 4, y + 4)), style="ruin"))
        for f in view["figures"]:
            if f["alive"] and f["at"]:
                shapes.append(self._figure(bf, at, f))
        y = max(y for _, y in at) + HEX + MARGIN
        y, more = self._cards(view, viewer, y, width)
        shapes += more
        shapes.append(Shape("rect", x=MARGIN, y=y, width=BUTTON_W, height=BUTTON_H, style="button", label="Done",
                            key="button:done", tip="end this choice: the army, the moves or the attacks"))
        shapes.append(Shape("rect", x=MARGIN + BUTTON_W + CARD_GAP, y=y, width=BUTTON_W, height=BUTTON_H,
                            style="button", label="Skip", key="button:skip", tip="let a Water Clone go"))
        title = f"{bf.name}, round {view['round']} of {view['rounds']}"
        return Scene(width, y + BUTTON_H + MARGIN, tuple(shapes), title=title)

    def _figure(self, bf: Battlefield, at: list[tuple[float, float]], f: dict[str, Any]) -> Shape:
        spaces = [bf.space_named(name) for name in f["at"].split("-")]
        card = self.cards[f["card"]]
        wounds = f"; {f['wounds']} wound{'s' if f['wounds'] != 1 else ''} of life {card.life}" if f["wounds"] else ""
        tip = f"{f['figure']} ({card.name}, {pname(f['owner'])}) on {f['at']}{wounds}"
        circles = []
        for k, space in enumerate(spaces):
            assert space is not None
            x, y = at[space]
            label = short(f["figure"]) + ("*" * min(f["wounds"], 3)) if k == 0 else ""
            circles.append(Shape("circle", x=x, y=y, size=HEX * FIGURE, style=f"player-{f['owner']}", label=label))
        return Shape("group", shapes=tuple(circles), key=f"figure:{f['figure']}", tip=tip,
                     ref=f"army card:{f['card']}")

    def _cards(self, view: dict[str, Any], viewer: int | None, y: float, width: float) -> tuple[float, list[Shape]]:
        """Each seat's army cards in a row, with the order markers on them as the viewer sees them;
        then the cards still to be chosen. Returns where the next row goes."""
        shapes: list[Shape] = []
        per_row = max(1, int((width - 2 * MARGIN + CARD_GAP) // (CARD_W + CARD_GAP)))
        rows: list[tuple[str, list[tuple[str, str, str]]]] = []
        for p, army in enumerate(view["armies"]):
            markers = view["markers"][p]
            face_down = view["face_down"][p]
            cards = []
            for cid in dict.fromkeys(army):
                shown = [m.upper() for m in MARKERS if markers[m] == cid]
                hidden = face_down["on"].get(cid, 0) if face_down and p != viewer else 0
                marks = " ".join(shown + ["?"] * hidden)
                cards.append((cid, f"player-{p}", marks))
            rows.append((pname(p) + (" (you)" if p == viewer else ""), cards))
        if view["pool"]:
            rows.append(("to choose", [(cid, "card", "") for cid in view["pool"]]))
        for title, cards in rows:
            shapes.append(Shape("text", x=MARGIN + 30, y=y + 5, size=7, label=title, style="muted"))
            y += 10
            for k, (cid, style, marks) in enumerate(cards):
                col, row = k % per_row, k // per_row
                x0, y0 = MARGIN + col * (CARD_W + CARD_GAP), y + row * (CARD_H + CARD_GAP)
                card = self.cards[cid]
                label = card.name if len(card.name) <= 16 else card.name[:15] + "."
                tip = f"{card.name}: {card.points} points" + (f"; order markers: {marks}" if marks else "")
                shapes.append(Shape("rect", x=x0, y=y0, width=CARD_W, height=CARD_H, style=f"card {style}",
                                    label=label + (f"\n{marks}" if marks else ""), key=f"card:{cid}", tip=tip,
                                    ref=f"army card:{cid}"))
            y += ((len(cards) + per_row - 1) // per_row or 1) * (CARD_H + CARD_GAP) + 2
        return y, shapes


# -- what chooses each action ------------------------------------------------------------------
def _spaces(place: str) -> tuple[str, ...]:
    return tuple(f"space:{name}" for name in place.split("-"))


def action_keys(q: Figures, s: SHState, d: Decision) -> tuple[tuple[str, ...], ...]:
    """For each action: a card for ``take``, ``mark`` and ``spirit``; the space (both, front
    first, for a double-space figure) for ``place``, ``to``, ``drop`` and ``clone``; the figure
    for ``move`` and, moving it, ``stay``; the attacker then its target for an attack; the
    attacker, the line's first space then its last for a Fire Line; the active card for Water
    Clone; each way to the destination is its spaces again (the page asks which, by its label);
    and the buttons for ``done`` and ``skip``."""
    out: list[tuple[str, ...]] = []
    for a in d.actions:
        name, args = a.name, a.args
        if name in ("take", "mark", "spirit"):
            out.append((f"card:{args[0]}",))
        elif name in ("place", "to", "drop", "clone"):
            out.append(_spaces(args[0]))
        elif name == "move":
            out.append((f"figure:{args[0]}",))
        elif name == "stay":
            out.append((f"figure:{q.fig_name(s, s.selected)}",))
        elif name == "route":
            out.append(_spaces(q.place_name(s, s.dest)))
        elif name in ATTACKS:
            out.append((f"figure:{args[0]}", f"figure:{args[1]}"))
        elif name == "fire":
            out.append((f"figure:{args[0]}", f"space:{args[1]}", f"space:{args[2]}"))
        elif name == "water-clone":
            out.append((f"card:{q.card(s, s.active_card).id}",))
        elif name in ("done", "skip"):
            out.append((f"button:{name}",))
        else:
            out.append(())
    return tuple(out)


def why_not(q: Figures, s: SHState, d: Decision | None, key: str) -> str | None:
    """Why ``key`` chooses nothing now: the rules' refusal of the action it would stand for at
    this moment (a card to take or mark, a figure to move, a space to go to), else None."""
    if d is None:
        return "the game is over"
    kind, _, ident = key.partition(":")
    stage = s.pending[0][0] if s.pending else s.stage
    if kind == "button":
        verb = {"done": "done", "skip": "skip"}.get(ident)
        return explain(q, s, Action(verb), d)[0] if verb else None
    action = {("card", "army"): "take", ("card", "markers"): "mark", ("card", "spirit"): "spirit",
              ("figure", "move"): "move", ("space", "place"): "place", ("space", "move-to"): "to",
              ("space", "drop"): "drop", ("space", "clone"): "clone"}.get((kind, stage))
    if action == "to":  # the rules' refusal works out every route: too slow for a whole board
        bf = q.bf(s)
        space = bf.space_named(ident)
        fig = q.fig_name(s, s.selected)
        if space is not None and space in s.occupant():
            return f"{ident} is occupied: {fig} cannot end its move there"
        return f"{fig} cannot end its move on {ident} (Move {q.fig_card(s, s.selected).move}, the terrain on the way)"
    if action is None:
        if kind == "figure" and stage == "attack":
            return "not a figure that may attack now, or nothing is in its range and line of sight"
        return None
    return explain(q, s, Action(action, (ident,)), d)[0]
