"""The map drawn as hexes in the terminal, from the viewer's view only: each space's name, terrain
(colour and letter) and site by its name, Shields (whose), the heroes by seat, the enemy and ruins
tokens as the viewer may see them (face down: only the colour), and where a new tile may be
explored, marked with the tile position that ``explore X:Y`` names. Two pictures: the window
around the hero (the compact frame) and the whole explored map (the ``board`` command), each with
a key naming in full what the cells shorten and a legend. When the terminal is too narrow for the
smallest drawing, the table given as ``fallback`` is shown instead.

Hexes are axial ``(q, r)`` with E a neighbour, so rows of spaces lie flat: a space's column is
``2q + r`` half-cells, and each row is a band of LINES lines.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from ..content import Tables
from ..game_state import _unkey
from ..map.exploring import RAMPAGING_SITES
from ..map.hexes import Grid, Hex, grid_neighbours, placement_refusal, tile_centre, tile_hexes
from ..map.movement import TERRAIN_COST

WIDE, NARROW = 11, 7  # characters of a cell's body (the gap to its neighbour makes them even)
LINES = 3  # the space's name and terrain, its site and Shields, what stands on it
RADII = (3, 2)  # the window's radius: the largest that fits the terminal is drawn
TERRAIN_LETTER = {"plains": "P", "hills": "H", "forest": "F", "wasteland": "W", "desert": "D", "swamp": "S",
                  "lake": "L", "mountain": "M"}
# a dark background per terrain, so the rows read as a map; text on it stays light
TERRAIN_BACK = {"plains": "on dark_olive_green3", "hills": "on dark_goldenrod", "forest": "on dark_green",
                "wasteland": "on grey35", "desert": "on gold3", "swamp": "on dark_magenta", "lake": "on blue3",
                "mountain": "on grey58"}
# a site's name in a cell: the catalogue's name where it fits, else these words (never a cut
# name: "Monst", "MDen" read as nothing); the key under the map names each site in full
SITE_WORDS: dict[str, tuple[str, ...]] = {
    "glade": ("Glade",), "mine": ("Mine",), "orcs": ("Orcs",), "mage-tower": ("Tower",), "monster-den": ("Den",),
    "spawning-grounds": ("Spawning",), "ruins": ("Ruins",), "refugee-camp": ("Refugees", "Camp"),
    "hidden-valley": ("Valley",),
}
TOKEN_STYLE = {"green": "bold green", "grey": "bold grey70", "brown": "bold dark_orange3", "violet": "bold magenta",
               "white": "bold bright_white", "red": "bold red", "ruins": "bold yellow"}
SEAT_STYLE = ("bold cyan", "bold magenta", "bold green", "bold yellow")
FACE_DOWN = "\u25cf"  # a filled circle in the token's colour
FACE_UP = "\u25a0"  # a filled square in the enemy's colour, when a space holds several tokens
SHIELD = "\u25b2"
EXPLORE = "explore"
EXPLORE_STYLE = "bold bright_white on grey19"
COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def compass(a: Hex, b: Hex) -> str:
    """The direction from ``a`` to ``b`` as a player reads the drawn map (north up)."""
    x = (2 * b[0] + b[1]) - (2 * a[0] + a[1])  # half-cells to the east
    y = -(b[1] - a[1]) * math.sqrt(3)  # a row is sqrt(3) half-cells high
    return COMPASS[round(math.atan2(y, x) / (math.pi / 4)) % 8]


def placed_spaces(t: Tables, v: dict[str, Any]) -> dict[Hex, Any]:
    """Every space on the map (from the public tile positions) and its printed TileHex."""
    out: dict[Hex, Any] = {}
    for key, tile_id in v["tiles"].items():
        for h, th in zip(tile_hexes(_unkey(key)), t.tile[tile_id].hexes, strict=True):
            out[h] = th
    return out


def explorable(v: dict[str, Any]) -> list[Grid]:
    """The tile positions where the next tile may be placed now (facts 4.2, ``placement_refusal``):
    the Tile deck's countryside tiles lie on its core tiles, both counts public; with the deck
    empty, an unused tile goes only where it touches 3 tiles. From wherever the hero can reach
    one, ``explore X:Y`` places it."""
    placed = [_unkey(k) for k in v["tiles"]]
    fallback = not (v["countryside_tiles_left"] or v["core_tiles_left"])
    if fallback and not v.get("spare_tiles_left", 1):
        return []
    kind = "countryside" if v["countryside_tiles_left"] or fallback else "core"
    shape = v.get("shape", "wedge")
    seen = set(placed)
    out = []
    for g in placed:
        for n in grid_neighbours(g):
            if n not in seen:
                seen.add(n)
                if not placement_refusal(shape, n, kind, placed, fallback):
                    out.append(n)
    return sorted(out)


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


def site_name(t: Tables, site: str) -> str:
    entry = t.site.get(site)
    return entry.name if entry is not None else site.replace("-", " ")


def site_word(t: Tables, th: Any, room: int) -> str:
    """The site of a space in at most ``room`` characters, in words: its name, a mine with its
    colour (``Green Mine``), else a shorter word for it; in a narrow cell, cut with a stop."""
    if not th.site:
        return ""
    name = site_name(t, th.site)
    words = [name, *SITE_WORDS.get(th.site, ())]
    if th.site == "mine" and th.mine:
        words.insert(0, f"{th.mine[0].capitalize()} Mine")
    fits = [w for w in words if len(w) <= room]
    if fits:
        return fits[0]
    short = min(words, key=len)  # a narrow cell: the shortest word cut, marked (the key says it in full)
    return short[:room - 1] + "." if room >= 3 else ""


def _key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def _name(h: Hex | Grid) -> str:
    return f"{h[0]}:{h[1]}"


def hero_name(t: Tables, v: dict[str, Any], i: int, viewer: int | None) -> str:
    hero = v["players"][i]["hero"]
    entry = t.hero.get(hero)
    return (entry.name if entry is not None else hero) + (" (you)" if i == viewer else "")


def _seat_mark(i: int) -> str:
    return f"@{i + 1}"


def _heroes_at(v: dict[str, Any]) -> dict[Hex, list[int]]:
    out: dict[Hex, list[int]] = {}
    for i, p in enumerate(v["players"]):
        out.setdefault((p["position"][0], p["position"][1]), []).append(i)
    return out


def cell_lines(t: Tables, v: dict[str, Any], h: Hex, th: Any, here: Hex, heroes: list[int],
               body: int = WIDE) -> list[Text]:
    """The LINES lines (each ``body`` characters) of one space."""
    key = _key(h)
    back = TERRAIN_BACK.get(th.terrain, "")
    name = _name(h) + ("*" if h == here else "")
    letter = TERRAIN_LETTER.get(th.terrain, "?")
    top = Text(style=f"white {back}")
    if len(name) + 2 <= body:  # the terrain's letter first, for a terminal without colours
        top.append(letter + " ", style=f"bold bright_white {back}")
    top.append(name, style=f"bold white {back}" if h == here else "")
    mid = Text(style=f"white {back}")
    shields = v["shields"].get(key, [])
    marks = (1 + len(shields)) if shields else 0
    site = site_word(t, th, body - marks)
    done = key in v["conquered"] or key in v["burned"]
    mid.append(site, style=f"dim white {back}" if done else "")
    if shields:  # one mark, then the seats in order (a city may hold several)
        mid.append(SHIELD, style=f"bold {back}")
        for s in shields:
            mid.append(str(s + 1), style=f"{SEAT_STYLE[s % len(SEAT_STYLE)]} {back}")
    low = Text(style=f"white {back}")
    for i in heroes:
        low.append(_seat_mark(i), style=f"{SEAT_STYLE[i % len(SEAT_STYLE)]} reverse")
    tokens = v["enemies"].get(key, [])
    ruins = v["ruins"].get(key)
    room = body - len(low.plain) - (ruins is not None)
    if len(tokens) == 1 and tokens[0][1] and room >= 3:  # one enemy face up: its name, as much as fits
        ident = tokens[0][0]
        colour = t.enemy[ident].colour if ident in t.enemy else "red"
        name = _enemy_name(t, ident)
        low.append(name if len(name) <= room else name[:room - 1] + ".", style=f"{TOKEN_STYLE.get(colour, '')} {back}")
    else:
        for ident, face_up in tokens:
            colour = (t.enemy[ident].colour if ident in t.enemy else "red") if face_up else ident
            low.append(FACE_UP if face_up else FACE_DOWN, style=f"{TOKEN_STYLE.get(colour, '')} {back}")
    if ruins is not None:
        low.append("R" if ruins[1] else "?", style=f"{TOKEN_STYLE['ruins']} {back}")
    out = []
    for line in (top, mid, low):
        line.truncate(body, overflow="crop", pad=True)
        out.append(line)
    return out


def explore_lines(g: Grid, body: int) -> list[Text]:
    """The cell at the centre of a tile position where a tile may be explored: ``explore`` and
    the position as the action names it."""
    return [Text(f"{text:^{body}}", style=EXPLORE_STYLE) for text in (EXPLORE, _name(g), "")]


def footprint_lines(body: int) -> list[Text]:
    """A space of a tile position that may be explored, around its centre: the new tile's shape."""
    return [Text(" " * body), Text(f"{'.':^{body}}", style="dim"), Text(" " * body)]


def window(t: Tables, v: dict[str, Any], viewer: int | None, radius: int | None) -> tuple[dict[Hex, Any], list[Grid]]:
    """The spaces drawn and the tile positions marked: within ``radius`` of the hero, or all."""
    _, here = centre_of(v, viewer)
    spaces = placed_spaces(t, v)
    marks = explorable(v)
    if radius is None:
        return spaces, marks
    return ({h: th for h, th in spaces.items() if hex_distance(here, h) <= radius},
            [g for g in marks if hex_distance(here, tile_centre(g)) <= radius])


def draw(t: Tables, v: dict[str, Any], viewer: int | None, radius: int | None, body: int = WIDE) -> Text:
    """The spaces within ``radius`` of the hero (None: the whole map), row by row, odd rows
    shifted half a cell, and the centre of each tile position that may be explored; a row's
    second and third lines only where a space of the row has something on them."""
    _, here = centre_of(v, viewer)
    spaces, marks = window(t, v, viewer, radius)
    heroes = _heroes_at(v)
    cells: dict[Hex, list[Text]] = {h: cell_lines(t, v, h, th, here, heroes.get(h, []), body)
                                    for h, th in spaces.items()}
    for g in marks:
        centre, *around = tile_hexes(g)
        cells[centre] = explore_lines(g, body)
        for h in around:
            if radius is None or hex_distance(here, h) <= radius:
                cells[h] = footprint_lines(body)
    half = (body + 1) // 2
    left = min(2 * q + r for q, r in cells)
    text = Text(no_wrap=True, overflow="crop")
    for n, r in enumerate(sorted({r for _, r in cells})):
        row = sorted((h for h in cells if h[1] == r), key=lambda h: h[0])
        for k in range(LINES):
            if not any(cells[h][k].plain.strip() for h in row):
                continue  # a row with no site or no token there: the line left out
            line = Text()
            at = 0
            for h in row:
                col = ((2 * h[0] + r) - left) * half
                line.append(" " * (col - at))
                line.append_text(cells[h][k])
                at = col + body
            if n or k:
                text.append("\n")
            text.append_text(line)
    return text


def drawn_width(drawing: Text) -> int:
    return max(cell_len(line) for line in drawing.plain.split("\n"))


def space_words(t: Tables, v: dict[str, Any], h: Hex, th: Any, viewer: int | None, heroes: list[int]) -> list[str]:
    """What a space holds, in full: its site (a mine's colours, conquered or burned), whose
    Shields, the heroes standing there, the tokens as the viewer sees them."""
    key = _key(h)
    parts: list[str] = []
    if th.site:
        site = site_name(t, th.site) + (f" ({'/'.join(th.mine)})" if th.mine else "")
        site += ", conquered" if key in v["conquered"] else ""
        site += ", burned" if key in v["burned"] else ""
        parts.append(site)
    shields = v["shields"].get(key, [])
    if shields:
        whose = ", ".join(hero_name(t, v, s, viewer) for s in shields)
        parts.append(f"{'Shields' if len(shields) > 1 else 'Shield'} of {whose}")
    if heroes:
        names = [hero_name(t, v, i, viewer) for i in heroes]
        parts.append(" and ".join(names) + (" are here" if len(names) > 1 else " is here"))
    parts += [_enemy_name(t, ident) if up else f"a face-down {ident} enemy" for ident, up in v["enemies"].get(key, [])]
    ruins = v["ruins"].get(key)
    if ruins is not None:
        parts.append(f"ruins token {ruins[0]}" if ruins[1] else "a face-down ruins token")
    return parts


def map_key(t: Tables, v: dict[str, Any], viewer: int | None, radius: int | None) -> Text:
    """In full what the cells shorten: each drawn space with a site, a token, a Shield or a hero,
    nearest the hero first."""
    _, here = centre_of(v, viewer)
    spaces, _ = window(t, v, viewer, radius)
    heroes = _heroes_at(v)
    text = Text()
    for h in sorted(spaces, key=lambda x: (hex_distance(here, x), x)):
        parts = space_words(t, v, h, spaces[h], viewer, heroes.get(h, []))
        if not parts:
            continue
        text.append("\n" if text.plain else "")
        text.append(_name(h) + (" *" if h == here else ""), style="bold" if h == here else "")
        text.append(f" {spaces[h].terrain}: " + "; ".join(parts))
    return text


def terrain_legend(v: dict[str, Any]) -> Text:
    """Terrain letters with their Move cost now (Day or Night)."""
    night = v["night"]
    text = Text(f"Move cost at {'Night' if night else 'Day'}:", style="dim")
    for terrain, letter in TERRAIN_LETTER.items():
        cost = TERRAIN_COST[terrain][1 if night else 0]
        text.append("  ")
        text.append(f"{letter} {terrain} {'-' if cost is None else cost}", style=f"white {TERRAIN_BACK[terrain]}")
    return text


def marks_legend(t: Tables, v: dict[str, Any], viewer: int | None, drawn: str | None = None,
                 ruins: bool = True) -> Text:
    """The seats, and the marks of the cells (those in ``drawn``, the drawing's text, if given;
    the ruins tokens' if ``ruins``)."""
    text = Text()
    for i in range(len(v["players"])):
        text.append(", " if i else "")
        text.append(f"{_seat_mark(i)} {hero_name(t, v, i, viewer)}", style=SEAT_STYLE[i % len(SEAT_STYLE)])
    marks = ((SHIELD, f"{SHIELD}n", SEAT_STYLE[0], " Shield of seat n"),
             (FACE_DOWN, FACE_DOWN, TOKEN_STYLE["green"], " enemy face down, in its colour"),
             (FACE_UP, FACE_UP, TOKEN_STYLE["green"], " enemy face up (the key names it)"),
             (EXPLORE, f"{EXPLORE} X:Y", EXPLORE_STYLE, ": where explore X:Y puts a new tile (its centre)"))
    for symbol, shown, style, words in marks:
        if drawn is None or symbol in drawn:
            text.append("; ", style="dim")
            text.append(shown, style=style)
            text.append(words, style="dim")
    text.append("; * you" + ("; R ruins token, ? face down" if ruins else ""), style="dim")
    return text


def legend(t: Tables, v: dict[str, Any], viewer: int | None) -> Text:
    return Text("\n").join((terrain_legend(v), marks_legend(t, v, viewer)))


def map_title(t: Tables, v: dict[str, Any], viewer: int | None, radius: int | None) -> Text:
    who, here = centre_of(v, viewer)
    deck = v["countryside_tiles_left"] + v["core_tiles_left"]
    tiles = f"{len(v['tiles'])} tiles placed, {deck} in the Tile deck"
    if radius is None:
        return Text(f"The whole map ({tiles})", style="bold")
    return Text(f"The map around {hero_name(t, v, who, viewer)} at {_name(here)} ({tiles}; "
                "the board command shows the whole map)", style="bold")


def rampaging_near(t: Tables, v: dict[str, Any], viewer: int | None) -> Text:
    """The rampaging enemies next to the hero (MARAUDING ORCS, DRACONUM): a move from one space
    next to them to another provokes them."""
    _, here = centre_of(v, viewer)
    spaces = placed_spaces(t, v)
    near = []
    for h, th in sorted(spaces.items()):
        tokens = v["enemies"].get(_key(h), [])
        if th.site in RAMPAGING_SITES and tokens and hex_distance(here, h) == 1:
            names = " and ".join(_enemy_name(t, x) if up else f"a face-down {x} enemy" for x, up in tokens)
            near.append(f"{names} on {_name(h)}")
    if not near:
        return Text()
    text = Text("Rampaging next to you: ", style="bold red")
    text.append("; ".join(near) + " (a move to another space next to them provokes them)")
    return text


def other_heroes(t: Tables, v: dict[str, Any], viewer: int | None, radius: int | None) -> list[tuple[int, str]]:
    """Where each other hero stands: on the window drawn, or how far and which way off it."""
    who, here = centre_of(v, viewer)
    spaces = placed_spaces(t, v)
    out = []
    for i, p in enumerate(v["players"]):
        if i == who:
            continue
        at: Hex = (p["position"][0], p["position"][1])
        n = hex_distance(here, at)
        if at not in spaces:
            where = "off the map (away from the board)"
        elif n == 0:
            where = f"at {_name(at)}, on your space"
        else:
            off = radius is not None and n > radius
            where = (f"at {_name(at)}, {n} space{'s' if n > 1 else ''} {compass(here, at)}"
                     + (", beyond the map drawn" if off else ""))
        out.append((i, where))
    return out


class MapDrawing:
    """A map with its title, key and legend: the window around the hero (the largest of RADII
    that fits) or the whole map (``whole``), at the widest cells that fit, else the fallback."""

    def __init__(self, t: Tables, v: dict[str, Any], viewer: int | None, fallback: RenderableType,
                 whole: bool = False, key: bool = True) -> None:
        self.t, self.v, self.viewer, self.fallback, self.whole, self.key = t, v, viewer, fallback, whole, key

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        t, v, viewer = self.t, self.v, self.viewer
        tries: Iterable[tuple[int | None, int]] = (
            ((None, WIDE), (None, NARROW)) if self.whole else tuple((r, b) for r in RADII for b in (WIDE, NARROW)))
        for radius, body in tries:
            drawing = draw(t, v, viewer, radius, body)
            if drawn_width(drawing) <= options.max_width:
                parts: list[RenderableType] = [map_title(t, v, viewer, radius), drawing]
                if self.key:
                    parts.append(map_key(t, v, viewer, radius))
                parts.append(legend(t, v, viewer))
                yield Group(*parts)
                return
        yield self.fallback


__all__ = ["MapDrawing", "draw", "explorable", "legend", "map_key"]
