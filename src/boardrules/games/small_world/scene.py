"""Small World's board for a screen (engine/scene.py): the map as drawn (``geometry-<n>p.toml``)
coloured by terrain, with each Region's number, symbols, markers and tokens (how many, whose
Race, in decline or not); a row per player with their active Race and Power, their Races in
decline, tokens in hand and coins as the viewer may know them; the combos on offer with the
coins on each; and the buttons. Which board elements choose each action (``action_keys``), and
why one cannot (``why_not``, the rules' refusal).

The scene is built from the viewer's view and the map's drawing alone. Keys: ``region:12``,
``combo:ratmen`` (a combo on offer, by its Race), ``player:2`` (a player's row, for the
Diplomat's peace) and ``button:done`` (also ``decline``, ``roll``, ``pass``).
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Decision, Scene, Shape
from .catalogue import POWER, RACE
from .content_model import MapGeometry
from .explain import explain
from .state import SWState
from .tables import Tables

SCALE = 0.3  # board units per unit of the map's drawing (1000 x 700): the map is 300 x 210
ROW_H, GAP, MARGIN = 11.0, 2.0, 3.0
COMBO_PER_ROW, COMBO_H = 3, 16.0
BUTTON_W, BUTTON_H = 30.0, 10.0
TOKEN = 5.0  # a stack of tokens' radius
TEXT = 4.0  # the size of a Region's number and marks
BUTTONS = ("done", "decline", "roll", "pass")
SYMBOL_MARKS = {"magic": "\u2726", "mine": "\u2692", "cavern": "\u25d0"}  # a Lost Tribe is a token
MARKER_MARKS = {"troll-lair": "L", "fortress": "F", "encampment": "E", "hole": "H", "hero": "\u2605",
                "dragon": "D"}
# the Region each action names is its first word after the verb
REGION_ACTIONS = ("abandon", "conquer", "reinforce", "dragon", "enchant", "place", "camp", "fortress", "hero")
# the action a Region stands for at each moment of the turn, for why it cannot be chosen
REGION_VERB = {"conquer": "conquer", "redeploy": "place", "defend": "place", "camps": "camp",
               "fortress": "fortress", "heroes": "hero"}


class SmallWorldScene:
    """The scene builder over the game's tables: each map's drawing by the name a view gives."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        c = t.content
        self.geometry: dict[str, MapGeometry] = {c.maps[n].name: g for n, g in c.geometry.items()}
        self.races = {r.id: r for r in t.races}
        self.powers = {p.id: p for p in t.powers}

    def combo(self, race: str, power: str | None) -> str:
        r = self.races[race].name
        return f"{self.powers[power].name} {r}" if power else r

    # -- what is drawn ---------------------------------------------------------------------
    def scene(self, view: dict[str, Any], viewer: int | None) -> Scene:
        geo = self.geometry[view["map"]]
        shapes: list[Shape] = []
        for region in view["regions"]:
            shapes += self._region(geo, region, view)
        width = geo.width * SCALE
        y = geo.height * SCALE + GAP
        y, more = self._players(view, viewer, y, width)
        shapes += more
        y, more = self._market(view, y, width)
        shapes += more
        for k, name in enumerate(BUTTONS):
            shapes.append(Shape("rect", x=MARGIN + k * (BUTTON_W + GAP), y=y, width=BUTTON_W, height=BUTTON_H,
                                style="button", label=name.title(), key=f"button:{name}", tip=BUTTON_TIPS[name]))
        title = f"Small World, the {view['map']} map, turn {view['turn']} of {view['turns']}"
        return Scene(width, y + BUTTON_H + MARGIN, tuple(shapes), title=title)

    def _holder(self, region: dict[str, Any], view: dict[str, Any]) -> tuple[str, str]:
        """Who holds a Region, in words, and the style of their tokens."""
        owner = region["owner"]
        if owner is None:
            return "empty", ""
        if owner == "lost-tribe":
            return "the Lost Tribe", "token"
        name = view["players"][owner]["name"]
        race = self.races[region["race"]].name
        decline = " in decline" if region["in_decline"] else ""
        return f"{name}'s {race}{decline}", f"player-{owner}" + (" tone-1" if decline else "")

    def _region(self, geo: MapGeometry, region: dict[str, Any], view: dict[str, Any]) -> list[Shape]:
        r = region["region"]
        shape = geo.region[r]
        x, y = shape.label[0] * SCALE, shape.label[1] * SCALE
        holder, style = self._holder(region, view)
        land = region["terrain"].title() + "".join(f", {s.replace('-', ' ').title()}" for s in region["symbols"])
        markers = ", ".join(m.replace("-", " ") for m in region["markers"] if m != "mountain")
        tip = (f"Region {r}: {land}" + (" (at the edge)" if region["border"] else "")
               + f"; {holder}" + (f" ({region['tokens']})" if region["tokens"] else "")
               + (f"; {markers}" if markers else ""))
        out = [Shape("polygon", points=tuple((px * SCALE, py * SCALE) for px, py in shape.outline),
                     style=f"terrain-{region['terrain']}", key=f"region:{r}", tip=tip)]
        out.append(Shape("text", x=x, y=y - TOKEN - TEXT * 0.6, size=TEXT, label=str(r), style="muted"))
        if region["tokens"]:
            out.append(Shape("circle", x=x, y=y, size=TOKEN, style=style,
                             label=str(region["tokens"])))
        marks = [SYMBOL_MARKS[s] for s in region["symbols"] if s in SYMBOL_MARKS]
        marks += [MARKER_MARKS[m] for m in region["markers"] if m in MARKER_MARKS]
        if marks:
            out.append(Shape("text", x=x, y=y + TOKEN + TEXT * 0.7, size=TEXT, label=" ".join(marks)))
        return out

    def _players(self, view: dict[str, Any], viewer: int | None, y: float,
                 width: float) -> tuple[float, list[Shape]]:
        """A row per player: their active combo, their Races in decline, tokens in hand, coins."""
        shapes: list[Shape] = []
        for i, p in enumerate(view["players"]):
            active = self.combo(p["race"], p["power"]) if p["race"] else "no active Race"
            declined = "; ".join(f"{self.combo(d['race'], d['power'])} in decline" for d in p["declines"])
            coins = "coins hidden" if p["coins"] == "hidden" else f"{p['coins']} coins"
            you = " (you)" if i == viewer else ""
            turn = " \u25b6" if view["current"] == i and not view.get("over") else ""
            line = f"{p['name']}{you}{turn}: {active}, {p['in_hand']} in hand" + (f"; {declined}" if declined else "")
            peace = f"; at peace with {p['peace_with']}" if p["peace_with"] is not None else ""
            shapes.append(Shape("rect", x=MARGIN, y=y, width=width - 2 * MARGIN, height=ROW_H,
                                style="area", label=f"{line} \u00b7 {coins}",
                                key=f"player:{i + 1}", tip=f"{line}; {coins}{peace}",
                                ref=f"{RACE}:{p['race']}" if p["race"] else ""))
            y += ROW_H + GAP
        return y, shapes

    def _market(self, view: dict[str, Any], y: float, width: float) -> tuple[float, list[Shape]]:
        """The combos on offer, the top one first, each with its tokens and the coins on it."""
        shapes: list[Shape] = [Shape("text", x=MARGIN + 10, y=y + 2.5, size=TEXT, label="On offer", style="muted")]
        y += 6
        per_row = COMBO_PER_ROW
        combo_w = (width - 2 * MARGIN - (per_row - 1) * GAP) / per_row
        for k, m in enumerate(view["market"]):
            col, row = k % per_row, k // per_row
            x0, y0 = MARGIN + col * (combo_w + GAP), y + row * (COMBO_H + GAP)
            name = self.combo(m["race"], m["power"])
            coins = f"{m['coins']} coin{'s' if m['coins'] != 1 else ''}"
            shapes.append(Shape("rect", x=x0, y=y0, width=combo_w, height=COMBO_H, style="card",
                                label=f"{name}\n{m['tokens']} tokens \u00b7 {coins}", key=f"combo:{m['race']}",
                                tip=f"{name}: {m['tokens']} tokens, {coins} on it; taking it costs "
                                    f"{m['position'] - 1} coin{'s' if m['position'] != 2 else ''}",
                                ref=f"{POWER}:{m['power']}"))
        rows = (len(view["market"]) + per_row - 1) // per_row or 1
        return y + rows * (COMBO_H + GAP), shapes


BUTTON_TIPS = {"done": "end this step of your turn", "decline": "go into decline instead of conquering",
               "roll": "Berserk: roll the reinforcement die before a conquest",
               "pass": "take no combo (only when none can be taken)"}


# -- what chooses each action ------------------------------------------------------------------
def action_keys(d: Decision) -> tuple[tuple[str, ...], ...]:
    """For each action: the Region it names (conquering, abandoning, redeploying one token or all
    of them, the Dragon, a Sorcerer, an Encampment, a Fortress, a Hero; the page asks which when
    several share a Region), the combo for ``pick``, the player's row for ``peace``, and the
    buttons for ``done``, ``decline``, ``roll`` and ``pass``."""
    out: list[tuple[str, ...]] = []
    for a in d.actions:
        if a.name in REGION_ACTIONS:
            out.append((f"region:{a.args[0]}",))
        elif a.name == "pick":
            out.append((f"combo:{a.args[0]}",))
        elif a.name == "peace":
            out.append((f"player:{a.args[0]}",))
        elif a.name in BUTTONS:
            out.append((f"button:{a.name}",))
        else:
            out.append(())
    return tuple(out)


def why_not(t: Tables, s: SWState, d: Decision | None, key: str) -> str | None:
    """Why ``key`` chooses nothing now: the rules' refusal of what it would stand for at this
    moment of the turn (conquering or redeploying to a Region, taking a combo, a button's
    action), else None."""
    if d is None:
        return "the game is over"
    kind, _, ident = key.partition(":")
    if kind == "button":
        return explain(t, s, d, Action(ident))[0] if ident in BUTTONS else None
    if kind == "combo":
        return explain(t, s, d, Action("pick", (ident,)))[0]
    if kind == "player":
        if s.stage != "diplomat":
            return "a player is chosen by the Diplomat, for peace"
        return explain(t, s, d, Action("peace", (ident,)))[0]
    if kind == "region":
        verb = REGION_VERB.get(s.stage)
        if verb is None:
            return "no Region is chosen now: take a combo first" if s.stage == "pick" else None
        return explain(t, s, d, Action(verb, (ident,)))[0]
    return None
