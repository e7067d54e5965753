"""The map around the hero drawn as hexes in the terminal, from the viewer's view only: each
space's terrain (colour and letter), its site, Shields (whose), the enemy and ruins tokens as
the viewer may see them (face down: only the colour; face up: the enemy), the heroes by seat,
a key naming in full what the cells abbreviate, and a legend. When the terminal is too narrow
for even the smallest drawing, the table given as ``fallback`` is shown instead.

Hexes are axial ``(q, r)`` with E a neighbour, so rows of spaces lie flat: a space's column is
``2q + r`` half-cells, and each row is a band of LINES lines.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.text import Text

from ..content import Tables
from ..game_state import _unkey
from ..map.hexes import Hex, tile_hexes
from ..map.movement import TERRAIN_COST

CELL = 10  # characters per space, the gap to its neighbour included
BODY = CELL - 1
LINES = 3  # the space's name, terrain and site, what stands on it
RADII = (3, 2)  # the largest that fits the terminal is drawn
TERRAIN_LETTER = {"plains": "P", "hills": "H", "forest": "F", "wasteland": "W", "desert": "D", "swamp": "S",
                  "lake": "L", "mountain": "M"}
# a dark background per terrain, so the rows read as a map; text on it stays light
TERRAIN_BACK = {"plains": "on dark_olive_green3", "hills": "on dark_goldenrod", "forest": "on dark_green",
                "wasteland": "on grey35", "desert": "on gold3", "swamp": "on dark_magenta", "lake": "on blue3",
                "mountain": "on grey58"}
# at most 5 letters, so a space's site and Shields fit beside its terrain letter
SITE_SHORT = {"portal": "Portl", "glade": "Glade", "village": "Villg", "monastery": "Monst", "keep": "Keep",
              "mage-tower": "Tower", "mine": "Mine", "deep-mine": "DMine", "orcs": "Orcs", "draconum": "Dracn",
              "monster-den": "MDen", "dungeon": "Dungn", "tomb": "Tomb", "spawning-grounds": "Spawn",
              "ruins": "Ruins", "maze": "Maze", "labyrinth": "Labyr", "refugee-camp": "Refug", "city": "City",
              "hidden-valley": "HValy", "necropolis": "Necro", "graveyard": "Grave"}
TOKEN_STYLE = {"green": "bold green", "grey": "bold grey70", "brown": "bold dark_orange3", "violet": "bold magenta",
               "white": "bold bright_white", "red": "bold red", "ruins": "bold yellow"}
SEAT_STYLE = ("bold cyan", "bold magenta", "bold green", "bold yellow")
FACE_DOWN = "\u25cf"  # a filled circle in the token's colour
SHIELD = "\u25b2"


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def placed_spaces(t: Tables, v: dict[str, Any]) -> dict[Hex, Any]:
    """Every space on the map (from the public tile positions) and its printed TileHex."""
    out: dict[Hex, Any] = {}
    for key, tile_id in v["tiles"].items():
        for h, th in zip(tile_hexes(_unkey(key)), t.tile[tile_id].hexes, strict=True):
            out[h] = th
    return out


def centre_of(v: dict[str, Any], viewer: int | None) -> tuple[int, Hex]:
    """The hero the map is drawn around: the viewer's, else whose turn it is (the first hero
    while the Dummy player acts)."""
    who = viewer if viewer is not None else v["current"]
    if not 0 <= who < len(v["players"]):
        who = 0
    q, r = v["players"][who]["position"]
    return who, (q, r)


def _enemy_name(t: Tables, ident: str) -> str:
    entry = t.enemy.get(ident)
    return entry.name if entry is not None else ident


def _abbrev(name: str, n: int = 5) -> str:
    return name.replace(" ", "")[:n]


def _key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


class MapDrawing:
    """The drawn map; picks the largest radius that fits the width it is given, or the fallback."""

    def __init__(self, t: Tables, v: dict[str, Any], viewer: int | None, fallback: RenderableType) -> None:
        self.t, self.v, self.viewer, self.fallback = t, v, viewer, fallback

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for radius in RADII:
            drawing = draw(self.t, self.v, self.viewer, radius)
            if drawn_width(drawing) <= options.max_width:
                yield title(self.t, self.v, self.viewer)
                yield drawing
                yield map_key(self.t, self.v, self.viewer, radius)
                yield legend(self.t, self.v, self.viewer)
                return
        yield self.fallback


def title(t: Tables, v: dict[str, Any], viewer: int | None) -> Text:
    who, here = centre_of(v, viewer)
    deck = v["countryside_tiles_left"] + v["core_tiles_left"]
    return Text(f"The map around {_hero_name(t, v, who, viewer)} at {here[0]}:{here[1]} "
                f"({len(v['tiles'])} tiles placed; {deck} in the Tile deck)", style="bold")


def drawn_width(drawing: Text) -> int:
    return max(cell_len(line) for line in drawing.plain.split("\n"))


def _heroes_at(v: dict[str, Any]) -> dict[Hex, list[int]]:
    out: dict[Hex, list[int]] = {}
    for i, p in enumerate(v["players"]):
        out.setdefault((p["position"][0], p["position"][1]), []).append(i)
    return out


def cell_lines(t: Tables, v: dict[str, Any], h: Hex, th: Any, here: Hex, heroes: list[int]) -> list[Text]:
    """The LINES lines (each BODY characters) of one space."""
    key = _key(h)
    back = TERRAIN_BACK.get(th.terrain, "")
    name = f"{h[0]}:{h[1]}" + ("*" if h == here else "")
    top = Text(f"{name:^{BODY}}", style=f"bold white {back}" if h == here else f"white {back}")
    mid = Text(style=f"white {back}")
    mid.append(TERRAIN_LETTER.get(th.terrain, "?"), style=f"bold bright_white {back}")
    site = SITE_SHORT.get(th.site, th.site) if th.site else ""
    if site:
        done = key in v["conquered"] or key in v["burned"]
        mid.append(" " + site.lower() if done else " " + site)
    shields = v["shields"].get(key, [])
    if shields:  # one mark, then the seats in order (a city may hold several)
        mid.append(SHIELD, style=f"bold {back}")
        for s in shields:
            mid.append(str(s + 1), style=f"{SEAT_STYLE[s % len(SEAT_STYLE)]} {back}")
    low = Text(style=f"white {back}")
    for i in heroes:
        low.append(f"@{i + 1}", style=f"{SEAT_STYLE[i % len(SEAT_STYLE)]} reverse")
    for ident, face_up in v["enemies"].get(key, []):
        if face_up:
            colour = t.enemy[ident].colour if ident in t.enemy else "red"
            low.append(_abbrev(_enemy_name(t, ident)), style=f"{TOKEN_STYLE.get(colour, '')} {back}")
        else:
            low.append(FACE_DOWN, style=f"{TOKEN_STYLE.get(ident, '')} {back}")
    ruins = v["ruins"].get(key)
    if ruins is not None:
        low.append("R" if ruins[1] else "?", style=f"{TOKEN_STYLE['ruins']} {back}")
    out = []
    for line in (top, mid, low):
        line.truncate(BODY, overflow="crop", pad=True)
        out.append(line)
    return out


def draw(t: Tables, v: dict[str, Any], viewer: int | None, radius: int) -> Text:
    """The spaces within ``radius`` of the hero, row by row, odd rows shifted half a cell."""
    _, here = centre_of(v, viewer)
    spaces = {h: th for h, th in placed_spaces(t, v).items() if hex_distance(here, h) <= radius}
    heroes = _heroes_at(v)
    half = CELL // 2
    left = min(2 * q + r for q, r in spaces)
    rows = sorted({r for _, r in spaces})
    text = Text(no_wrap=True, overflow="crop")
    for n, r in enumerate(rows):
        in_row = sorted((h for h in spaces if h[1] == r), key=lambda h: h[0])
        cells = [(((2 * h[0] + r) - left) * half, cell_lines(t, v, h, spaces[h], here, heroes.get(h, [])))
                 for h in in_row]
        for k in range(LINES):
            line = Text()
            at = 0
            for col, lines in cells:
                line.append(" " * (col - at))
                line.append_text(lines[k])
                at = col + BODY
            if n or k:
                text.append("\n")
            text.append_text(line)
    return text


def map_key(t: Tables, v: dict[str, Any], viewer: int | None, radius: int) -> Text:
    """In full what the cells abbreviate: each drawn space with a site, a token, a Shield or a hero."""
    _, here = centre_of(v, viewer)
    spaces = placed_spaces(t, v)
    heroes = _heroes_at(v)
    text = Text()
    for h in sorted(spaces, key=lambda x: (hex_distance(here, x), x)):
        if hex_distance(here, h) > radius:
            continue
        key, th = _key(h), spaces[h]
        parts: list[str] = []
        if th.site:
            site = th.site + (f" ({'/'.join(th.mine)})" if th.mine else "")
            site += " conquered" if key in v["conquered"] else ""
            site += " burned" if key in v["burned"] else ""
            parts.append(site)
        shields = v["shields"].get(key, [])
        if shields:
            parts.append("shields: " + ", ".join(_hero_name(t, v, s, viewer) for s in shields))
        parts += [_hero_name(t, v, i, viewer) for i in heroes.get(h, [])]
        parts += [_enemy_name(t, ident) if up else f"face-down {ident} enemy" for ident, up in v["enemies"].get(key, [])]
        ruins = v["ruins"].get(key)
        if ruins is not None:
            parts.append(f"ruins token {ruins[0]}" if ruins[1] else "face-down ruins token")
        if not parts:
            continue
        text.append("\n" if text.plain else "")
        text.append(f"{h[0]}:{h[1]}" + (" *" if h == here else ""), style="bold" if h == here else "")
        text.append(" " + th.terrain + ": " + "; ".join(parts))
    return text


def _hero_name(t: Tables, v: dict[str, Any], i: int, viewer: int | None) -> str:
    hero = v["players"][i]["hero"]
    entry = t.hero.get(hero)
    return f"@{i + 1} " + (entry.name if entry is not None else hero) + (" (you)" if i == viewer else "")


def legend(t: Tables, v: dict[str, Any], viewer: int | None) -> Text:
    """Terrain letters with their Move cost now (Day or Night), and the marks."""
    night = v["night"]
    text = Text(f"Terrain (Move cost at {'Night' if night else 'Day'}): ", style="dim")
    for terrain, letter in TERRAIN_LETTER.items():
        cost = TERRAIN_COST[terrain][1 if night else 0]
        text.append(f" {letter} {terrain} {'-' if cost is None else cost} ", style=f"white {TERRAIN_BACK[terrain]}")
        text.append(" ")
    text.append("\n")
    text.append("@n hero of seat n; ", style="dim")
    text.append(f"{SHIELD}n", style=SEAT_STYLE[0])
    text.append(" Shield of seat n; ", style="dim")
    text.append(FACE_DOWN, style=TOKEN_STYLE["green"])
    text.append(" face-down enemy token in its colour; ? face-down ruins token; a lowercase site is conquered or "
                "burned; * the space the map is drawn around", style="dim")
    seats = Text("\nSeats: ", style="dim")
    for i in range(len(v["players"])):
        seats.append(", " if i else "")
        seats.append(_hero_name(t, v, i, viewer), style=SEAT_STYLE[i % len(SEAT_STYLE)])
    text.append_text(seats)
    return text


__all__ = ["MapDrawing", "draw", "legend", "map_key"]
