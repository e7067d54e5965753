"""Mage Knight's board for a screen (engine/scene.py): the explored tiles' spaces by terrain, with
their sites, the enemy and ruins tokens face up or face down as the viewer's view shows them,
every hero on its space, the tile positions still to explore; below the map, day or night, the
Source's dice, the Tactics, the offers (Units, Advanced Actions, Spells), the viewer's hand,
Units and skills, the combat (its enemies, what is declared and what it needs), and the buttons
for the actions with no piece on the board. Which keys choose each action is ``board_clicks.py``.

The scene is built from the viewer's view and the tiles' layouts (``content/tiles.toml``) alone.
Keys: ``space:Q:R`` (a space), ``token:Q:R`` (the enemies on a space), ``tile:X:Y`` (a tile
position to explore), ``card:ID`` (a card of the hand), ``offer:ID`` (an Advanced Action or
Spell on offer), ``unit:ID`` (a Unit on offer), ``own:LABEL`` (one of the viewer's Units),
``die:N`` (the Source's N-th die), ``tactic:ID``, ``skill:ID``, ``enemy:N`` (the N-th enemy of
the combat) and ``button:WORD``.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from ...engine import Scene, Shape
from .content import Tables
from .game_state import unit_words
from .map.hexes import Grid, Hex, grid_neighbours, in_shape, tile_hexes

HEX = 8.0  # board units from a space's centre to a corner
MARGIN = 4.0
MIN_WIDTH = 260.0  # the rows under the map need this much, however small the map
ROW_H, GAP, TEXT = 13.0, 2.0, 5.0
HEAD = TEXT * 2  # a heading's height: its row of cards begins under it
CARD_W, CARD_H = 40.0, 13.0
BUTTON_W, BUTTON_H = 30.0, 9.0
TOKEN = 0.42  # an enemy token's radius, in spaces: the space's rim stays clickable around it
# a button per action word without a piece on the board (board_clicks.BUTTON_OF says which)
BUTTONS = ("end-turn", "announce", "enter", "plunder", "burn", "altar", "heal", "buy", "next", "resolve",
           "confirm", "back", "choose", "colour", "done", "take", "level-up", "attack", "block", "other")
BUTTON_TIPS = {
    "end-turn": "end the turn (and its discarding)", "announce": "announce the end of the round",
    "enter": "enter the site here", "plunder": "plunder the village here", "burn": "burn the monastery here",
    "altar": "pay the altar's tribute", "heal": "buy healing", "buy": "buy at the site or city here",
    "next": "on to the next phase of the combat", "resolve": "resolve what is declared",
    "confirm": "confirm what was asked", "back": "take it back", "choose": "choose one of the options",
    "colour": "choose a colour", "done": "done with this step", "take": "take a reward",
    "level-up": "the level-up reward: a skill", "attack": "attack (between heroes)",
    "block": "block (between heroes)", "other": "the other choices of the list",
}
SITE_MARKS = {"portal": "P", "glade": "G", "village": "V", "monastery": "Mo", "keep": "K", "mage-tower": "T",
              "mine": "Mi", "deep-mine": "DM", "orcs": "O", "draconum": "Dr", "monster-den": "Den",
              "dungeon": "Dun", "tomb": "Tmb", "spawning-grounds": "SG", "ruins": "R", "maze": "Mz",
              "labyrinth": "Lab", "refugee-camp": "RC", "city": "City", "hidden-valley": "HV",
              "necropolis": "Nec", "graveyard": "Gy"}


def at(h: Hex) -> tuple[float, float]:
    """A pointy-top axial space's centre, in board units before the map's offset."""
    q, r = h
    return HEX * math.sqrt(3) * (q + r / 2), HEX * 1.5 * r


def hs(h: Hex) -> str:
    return f"{h[0]}:{h[1]}"


def grid_of(text: str) -> Grid:
    x, y = text.split(",")
    return int(x), int(y)


def explorable(view: dict[str, Any]) -> list[Grid]:
    """The empty tile positions next to a placed tile, inside the coastline: where a tile may go
    (the rules say which of them now)."""
    placed = {grid_of(k) for k in view["tiles"]}
    return sorted({n for g in placed for n in grid_neighbours(g) if n not in placed and in_shape(view["shape"], n)})


class MageKnightScene:
    """The scene builder over the game's tables (the tiles' layouts, names of everything)."""

    def __init__(self, t: Tables) -> None:
        self.t = t

    # -- what is drawn ---------------------------------------------------------------------
    def scene(self, view: dict[str, Any], viewer: int | None) -> Scene:
        placed = [(grid_of(k), x) for k, x in view["tiles"].items()]
        open_tiles = explorable(view)
        every = [h for g, _ in placed for h in tile_hexes(g)] + [h for g in open_tiles for h in tile_hexes(g)]
        xs, ys = zip(*(at(h) for h in every), strict=True)
        dx, dy = MARGIN + HEX - min(xs), MARGIN + HEX - min(ys)
        width = max(MIN_WIDTH, max(xs) + dx + HEX + MARGIN)
        dx += (width - (max(xs) + dx + HEX + MARGIN)) / 2  # a small map is centred over the rows

        def place(h: Hex) -> tuple[float, float]:
            x, y = at(h)
            return x + dx, y + dy

        shapes: list[Shape] = []
        shapes += [self._unexplored(g, place) for g in open_tiles]
        for g, tile in placed:
            shapes += self._tile(view, g, tile, place)
        shapes += self._tokens(view, viewer, place)
        shapes += self._heroes(view, place)
        y = max(ys) + dy + HEX + GAP
        for part in (self._time_and_source, self._tactics, self._offers, self._own, self._combat):
            y, more = part(view, viewer, y, width)
            shapes += more
        y, more = self._buttons(y, width)
        shapes += more
        title = f"Mage Knight, {view['scenario']}, round {view['round']} of {view['rounds']} " \
                f"({'night' if view['night'] else 'day'})"
        return Scene(width, y + MARGIN, tuple(shapes), title=title)

    def _unexplored(self, g: Grid, place: Any) -> Shape:
        """A tile position still to explore: its seven spaces, dashed, as one element."""
        spaces = tuple(Shape("hex", x=x, y=y, size=HEX, style="slot", label="?" if k == 0 else "")
                       for k, (x, y) in enumerate(place(h) for h in tile_hexes(g)))
        return Shape("group", shapes=spaces, key=f"tile:{g[0]}:{g[1]}",
                     tip=f"an unexplored tile position ({g[0]},{g[1]})")

    def _tile(self, view: dict[str, Any], g: Grid, tile: str, place: Any) -> list[Shape]:
        layout = self.t.tile[tile]
        out = []
        conquered, burned = set(view["conquered"]), set(view["burned"])
        for h, space in zip(tile_hexes(g), layout.hexes, strict=True):
            x, y = place(h)
            where = f"{h[0]},{h[1]}"
            site = space.site
            what: str = space.terrain
            if site is not None:
                what += f", {self.t.site[site].name if site in self.t.site else site}"
                if space.mine:
                    what += f" ({'/'.join(space.mine)})"
                if where in conquered:
                    what += ", conquered"
                if where in burned:
                    what += ", burned"
                if where in view["shields"]:
                    what += f", Shields of {self._names(view, view['shields'][where])}"
            out.append(Shape("hex", x=x, y=y, size=HEX, style=f"terrain-{space.terrain}", key=f"space:{h[0]}:{h[1]}",
                             label=SITE_MARKS.get(site, "") if site else "", tip=f"{hs(h)}: {what}",
                             ref=f"site:{site}" if site else ""))
        return out

    def _names(self, view: dict[str, Any], who: Any) -> str:
        seats = who if isinstance(who, list) else [who]
        return ", ".join(self.t.hero[view["players"][i]["hero"]].name if isinstance(i, int)
                         and 0 <= i < len(view["players"]) else str(i) for i in seats)

    def _tokens(self, view: dict[str, Any], viewer: int | None, place: Any) -> list[Shape]:
        """The enemy tokens on a space, as one element: face up by name, face down by their
        pile's colour only (or by name to a viewer whose Scouts looked at them)."""
        out = []
        scouted = {}
        if viewer is not None and 0 <= viewer < len(view["players"]):
            scouted = {w: x for w, x in view["players"][viewer]["scouted"] if x}
        for where, tokens in view["enemies"].items():
            if not tokens:
                continue
            q, r = grid_of(where)
            x, y = place((q, r))
            names, styles, ref = [], [], ""
            for ident, face_up in tokens:
                if face_up:
                    e = self.t.enemy[ident]
                    names.append(e.name)
                    styles.append(f"mk-enemy-{e.colour}")
                    ref = ref or f"enemy:{ident}"
                else:
                    names.append(f"a face-down {ident} token")
                    styles.append(f"mk-enemy-{ident} mk-face-down")
            seen = scouted.get(f"{q}:{r}") or scouted.get(where)
            if seen in self.t.enemy:  # the token the viewer's Scouts looked at: named to them
                names.append(f"your Scouts saw: {self.t.enemy[seen].name}")
                ref = ref or f"enemy:{seen}"
            tip = f"{q}:{r}: " + ", ".join(names)
            label = str(len(tokens)) if len(tokens) > 1 else ("?" if not tokens[0][1] else "E")
            out.append(Shape("circle", x=x + HEX * 0.35, y=y - HEX * 0.3, size=HEX * TOKEN,
                             style=styles[0], label=label, key=f"token:{q}:{r}", tip=tip, ref=ref))
        for where, (ident, face_up) in view["ruins"].items():
            q, r = grid_of(where)
            x, y = place((q, r))
            out.append(Shape("rect", x=x - HEX * 0.8, y=y + HEX * 0.1, width=HEX * 0.6, height=HEX * 0.5,
                             style="mk-ruins" + ("" if face_up else " mk-face-down"),
                             tip=f"{q}:{r}: " + ("a ruins token" + ("" if face_up else ", face down")),
                             ref=f"ruins:{ident}" if face_up else ""))
        return out

    def _heroes(self, view: dict[str, Any], place: Any) -> list[Shape]:
        out = []
        for i, p in enumerate(view["players"]):
            if not p["position"]:
                continue
            x, y = place(tuple(p["position"]))
            name = self.t.hero[p["hero"]].name
            out.append(Shape("circle", x=x - HEX * 0.3 + i * 2.0, y=y - HEX * 0.35, size=HEX * 0.3,
                             style=f"player-{i} mk-hero", label=name[0],
                             tip=f"{name} on {p['position'][0]}:{p['position'][1]}", ref=f"hero:{p['hero']}"))
        return out

    # -- the rows under the map ------------------------------------------------------------
    def _heading(self, y: float, text: str) -> Shape:
        return Shape("text", x=MARGIN + len(text) * TEXT * 0.3, y=y + TEXT, size=TEXT, label=text,
                     style="muted mk-heading")  # a text is centred: about half its length in

    def _row(self, y: float, width: float, items: list[tuple[str, str, str, str, str]]) -> tuple[float, list[Shape]]:
        """Cards in rows: (key, label, style, tip, ref) each; returns where the next row goes."""
        per_row = max(1, int((width - 2 * MARGIN + GAP) // (CARD_W + GAP)))
        out = []
        for k, (key, label, style, tip, ref) in enumerate(items):
            col, row = k % per_row, k // per_row
            out.append(Shape("rect", x=MARGIN + col * (CARD_W + GAP), y=y + row * (CARD_H + GAP), width=CARD_W,
                             height=CARD_H, style=style, label=label if len(label) <= 17 else label[:16] + ".", key=key, tip=tip, ref=ref))
        rows = (len(items) + per_row - 1) // per_row or 1
        return y + rows * (CARD_H + GAP), out

    def _time_and_source(self, view: dict[str, Any], viewer: int | None, y: float,
                         width: float) -> tuple[float, list[Shape]]:
        night = view["night"]
        out = [Shape("rect", x=MARGIN, y=y, width=40, height=ROW_H, style="mk-night" if night else "mk-day",
                     label="Night" if night else "Day",
                     tip=f"round {view['round']} of {view['rounds']}: " + ("night" if night else "day"))]
        used = set(view["source_used"])
        for k, colour in enumerate(view["source"]):
            taken = " (taken this turn)" if k in used or k + 1 in used else ""
            out.append(Shape("circle", x=MARGIN + 50 + k * (ROW_H + GAP), y=y + ROW_H / 2, size=ROW_H / 2,
                             style=f"mk-mana-{colour}" + (" muted" if taken else ""), label=str(k + 1),
                             key=f"die:{k + 1}", tip=f"the Source's die {k + 1}: {colour}{taken}"))
        return y + ROW_H + GAP, out

    def _tactics(self, view: dict[str, Any], viewer: int | None, y: float,
                 width: float) -> tuple[float, list[Shape]]:
        """The Tactics still to take, and the viewer's own (used from there)."""
        mine = view["players"][viewer]["tactic"] if viewer is not None and 0 <= viewer < len(view["players"]) else ""
        ids = [x for x in view["tactics"] if x != mine] + ([mine] if mine else [])
        if not ids:
            return y, []
        items = [(f"tactic:{x}", self.t.tactic[x].name if x in self.t.tactic else x,
                  "card mk-tactic" + (" mk-mine" if x == mine else ""),
                  (self.t.tactic[x].name if x in self.t.tactic else x) + (" (your Tactic)" if x == mine else ""),
                  f"tactic:{x}") for x in ids]
        heading = self._heading(y, "Tactics")
        y, out = self._row(y + HEAD, width, items)
        return y, [heading, *out]

    def _offers(self, view: dict[str, Any], viewer: int | None, y: float,
                width: float) -> tuple[float, list[Shape]]:
        out = [self._heading(y, "Units, Advanced Actions and Spells on offer")]
        items = []
        for u in dict.fromkeys(view["unit_offer"]):
            unit = self.t.unit[u]
            items.append((f"unit:{u}", unit.name, "card mk-unit", f"{unit.name}: recruited for {unit.cost} Influence",
                          f"unit:{u}"))
        # (Advanced Actions in the Unit offer too: the rules may put them there)
        for c in dict.fromkeys([*view["unit_offer_aa"], *view["aa_offer"], *view["spell_offer"]]):
            card = self.t.card[c]
            items.append((f"offer:{c}", card.name, f"card mk-{card.kind}", f"{card.name} ({card.kind})", f"card:{c}"))
        y, more = self._row(y + HEAD, width, items)
        return y, out + more

    def _own(self, view: dict[str, Any], viewer: int | None, y: float, width: float) -> tuple[float, list[Shape]]:
        """The viewer's hand (each card once, with how many), Units and skills; to another
        viewer, each hero's hand size only."""
        out: list[Shape] = []
        for i, p in enumerate(view["players"]):  # a line each, at the size of the headings
            name = self.t.hero[p["hero"]].name
            line = (f"{name}{' (you)' if i == viewer else ''}: Fame {p['fame']}, Reputation {p['reputation']}, "
                    f"level {p['level']}, {p['hand_size']} in hand")
            out.append(Shape("text", x=width / 2, y=y + TEXT, size=TEXT, label=line[:120]))
            y += TEXT + 1.5
        y += 1.5
        if viewer is None or not 0 <= viewer < len(view["players"]):
            return y, out
        p = view["players"][viewer]
        counts = Counter(p["hand"])
        items = []
        for c, n in counts.items():
            name = self.t.card[c].name if c in self.t.card else c  # (a Wound is a card too)
            items.append((f"card:{c}", name + (f" x{n}" if n > 1 else ""), f"card mk-{self._kind(c)}",
                          f"{name} (in your hand" + (f", {n} of them)" if n > 1 else ")"), f"card:{c}"))
        for label, u in zip(unit_words(p["units"]), p["units"], strict=True):
            unit = self.t.unit[u[0]]
            items.append((f"own:{label}", unit.name, "card mk-unit mk-mine", f"your Unit {unit.name} ({label})",
                          f"unit:{u[0]}"))
        for s in p["skills"]:
            skill = self.t.skill.get(s)
            items.append((f"skill:{s}", skill.name if skill else s, "card mk-skill", f"your skill {s}", f"skill:{s}"))
        out.append(self._heading(y, "Your hand, Units and skills"))
        y, more = self._row(y + HEAD, width, items)
        return y, out + more

    def _kind(self, c: str) -> str:
        return self.t.card[c].kind if c in self.t.card else "wound"

    def _combat(self, view: dict[str, Any], viewer: int | None, y: float,
                width: float) -> tuple[float, list[Shape]]:
        """The combat's enemies with their numbers and abilities, and the preview of what is
        declared and what it needs (the view's words)."""
        c = view["combat"]
        if c is None:
            return y, []
        who = self.t.hero[view["players"][c["player"]]["hero"]].name if 0 <= c["player"] < len(view["players"]) else ""
        out = [self._heading(y, f"Combat of {who}: the {c['phase']} phase")]
        items = []
        for n, e in enumerate(c["enemies"], start=1):
            enemy = self.t.enemy[e["token"]]
            state = "defeated" if e["defeated"] else "gone" if e["gone"] else "blocked" if all(e["blocked"]) else ""
            abilities = ", ".join(a.replace("-", " ") for a in enemy.abilities) or "no ability"
            tip = (f"{n}. {enemy.name}: Armor {enemy.armor}, attacks "
                   + ", ".join(f"{a.element} {a.value}" if not a.summon else f"summons {a.summon}" for a in enemy.attacks)
                   + f"; {abilities}" + (f"; resists {', '.join(enemy.resistances)}" if enemy.resistances else "")
                   + (f"; {state}" if state else ""))
            items.append((f"enemy:{n}", f"{n}. {enemy.name}", f"card mk-enemy-{enemy.colour}" + (" muted" if state else ""),
                          tip, f"enemy:{e['token']}"))
        y, more = self._row(y + HEAD, width, items)
        out += more
        preview = (c.get("preview") or "") + (f"; {c['waiting']}" if c.get("waiting") else "")
        if preview:
            out.append(Shape("text", x=width / 2, y=y + TEXT, size=TEXT * 0.9, label=preview[:180], tip=preview[:400],
                             style="mk-preview"))
            y += TEXT + 3
        return y, out

    def _buttons(self, y: float, width: float) -> tuple[float, list[Shape]]:
        per_row = max(1, int((width - 2 * MARGIN + GAP) // (BUTTON_W + GAP)))
        out = []
        for k, word in enumerate(BUTTONS):
            col, row = k % per_row, k // per_row
            out.append(Shape("rect", x=MARGIN + col * (BUTTON_W + GAP), y=y + row * (BUTTON_H + GAP), width=BUTTON_W,
                             height=BUTTON_H, style="button", label=word.replace("-", " ").title(),
                             key=f"button:{word}", tip=BUTTON_TIPS[word]))
        rows = (len(BUTTONS) + per_row - 1) // per_row
        return y + rows * (BUTTON_H + GAP), out
