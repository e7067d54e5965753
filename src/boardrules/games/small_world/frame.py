"""What a player is shown when asked (``Game.frame``): who plays which Races; the map as text,
each Region on one line with its land, the tokens and markers on it, what conquering it costs
the Race conquering now, and the Regions it borders, two Regions a line on a wide terminal; and
the combos on offer on a line or two (not when the answers are the combos, nor under a long
question). The full tables are ``render.py`` (the ``board`` command).

Everything comes from the view (views.py) except the conquest costs, which the rules work out
from the public board (conquest.py).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ...engine import Decision
from . import conquest as cq
from .labels import LONG_STAGES, SYMBOLS, action_labels, counted, long_question
from .render import TERRAIN_STYLE
from .state import SWState
from .tables import Tables

REACH = ("First Conquest", "Following Conquests")  # the rules a Region out of reach breaks (conquest.refusal)
MARKER_WORDS = {"troll-lair": "Lair", "fortress": "Fortress", "hole": "Hole", "hero": "Hero", "dragon": "Dragon"}
GAP = 3  # spaces between the two halves of the map
# the narrowest the Land, Tokens and Borders get when two Regions share a line: most Lands,
# a Race with 12 tokens, six borders keep a line (a longer text wraps in its cell)
NARROWEST = (14, 12, 17)


def frame(t: Tables, s: SWState, v: dict[str, Any], player: int | None, d: Decision | None) -> RenderableType:
    """The compact board of ``player``'s view ``v``; ``d`` is the question when ``player`` is
    the one asked (a long question gets a shorter frame)."""
    asked = d is not None and d.player == player
    costs = conquest_costs(t, s) if asked and s.stage == "conquer" else None
    parts: list[RenderableType] = [races_text(t, v, player), RegionsMap(t, v, player, costs), legend(t, s, costs)]
    if asked and d is not None:
        if s.stage == "pick" and len(d.actions) == len(v["market"]):
            return Group(*parts)  # the answers are the combos on offer, with what they do
        if s.stage in LONG_STAGES and long_question(t, s, action_labels(t, s, d)):
            return Group(*parts)
    parts.append(offer_text(t, v))
    return Group(*parts)


# -- who plays what ----------------------------------------------------------------------------------
def races_text(t: Tables, v: dict[str, Any], player: int | None) -> Text:
    """Each player's active combo, tokens in hand and Races in decline: ``Player 2: Pillaging
    Sorcerers; Skeletons in decline``."""
    text = Text()
    for i, p in enumerate(v["players"]):
        if i:
            text.append(" · ")
        text.append(p["name"] + (" (you)" if i == player else ""), style="bold" if i == player else "")
        text.append(": " + player_races(t, p))
    return text


def player_races(t: Tables, p: dict[str, Any]) -> str:
    race = t.races[t.race_index[p["race"]]].name if p["race"] else None
    combo = f"{t.powers[t.power_index[p['power']]].name} {race}" if race else "no active Race"
    if race and p["in_hand"]:
        combo += f", {p['in_hand']} in hand"
    declines = [t.races[t.race_index[d["race"]]].name for d in p["declines"]]
    if declines:
        combo += f"; {' and '.join(declines)} in decline"
    if p["peace_with"]:
        combo += f"; at peace with {p['peace_with']}"
    return combo


# -- the map -------------------------------------------------------------------------------------------
def conquest_costs(t: Tables, s: SWState) -> dict[int, str]:
    """What conquering each Region costs the Race conquering now (conquest.cost): the number
    where it may conquer now, in brackets where it is out of reach for the moment; Regions it
    may not take at all (its own, immune, Seas and Lakes, a Diplomat's) are left out."""
    out = {}
    for r in range(t.maps[s.map].n):
        why = cq.refusal(t, s, r)
        if why is None:
            out[r] = str(cq.cost(t, s, r))
        elif why[1] in REACH:
            out[r] = f"({cq.cost(t, s, r)})"
    return out


def land_text(r: dict[str, Any]) -> Text:
    """``Mountain Cavern Mine`` (the Lost Tribe symbol matters only at set-up)."""
    words = [r["terrain"].title(), *(SYMBOLS[x].split()[0] for x in r["symbols"] if x in SYMBOLS)]
    return Text(" ".join(words), style=TERRAIN_STYLE.get(r["terrain"], ""))


def tokens_text(t: Tables, r: dict[str, Any], player: int | None) -> Text:
    """The tokens on a Region and its markers: ``Trolls 3, Lair``; a Race names its player
    (races_text says whose it is and whether it is in decline)."""
    owner = r["owner"]
    words = []
    if owner == "lost-tribe":
        words.append(f"Lost Tribe {r['tokens']}")
    elif owner is not None:
        words.append(f"{t.races[t.race_index[r['race']]].name} {r['tokens']}")
    camps = r["markers"].count("encampment")
    words += [MARKER_WORDS[m] for m in r["markers"] if m in MARKER_WORDS]
    if camps:
        words.append(counted(camps, "Camp"))
    return Text(", ".join(words), style="bold" if owner == player and owner is not None else "")


class RegionsMap:
    """The Regions in number order, a line each, in two halves side by side when the terminal
    is wide enough for both (else one list). Side by side, the Land, Tokens and Borders are
    narrowed to fit, as few Regions as can be taking a second line for them."""

    def __init__(self, t: Tables, v: dict[str, Any], player: int | None, costs: dict[int, str] | None) -> None:
        self.rows = [region_row(t, r, player, costs) for r in v["regions"]]
        self.heads = ["", "Land", "Tokens"] + (["Cost"] if costs is not None else []) + ["Borders"]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        per = (len(self.rows) + 1) // 2
        halves = [self.rows[:per], self.rows[per:]]
        budget = (options.max_width - GAP) // 2 - (len(self.heads) - 1)  # a half's cells, less their padding
        widths = [fitted([[Text(h) for h in self.heads], *rows], budget) for rows in halves]
        if None in widths:
            yield self.table([self.rows], [None])
        else:
            yield self.table(halves, widths)

    def table(self, halves: list[list[list[Any]]], widths: list[list[int] | None]) -> Table:
        grid = Table.grid(padding=(0, 1))
        for h, fit in enumerate(widths):
            if h:
                grid.add_column(width=GAP - 2)  # with the padding on either side: GAP spaces
            for k, head in enumerate(self.heads):
                fixed = k == 0 or head == "Cost"
                grid.add_column(justify="right" if k == 0 else "center" if head == "Cost" else "left",
                                width=None if fit is None or fixed else fit[k], no_wrap=fixed)
        blank = [""] * len(self.heads)
        grid.add_row(*_joined([Text(x, style="bold") for x in self.heads] for _ in halves))
        for i in range(len(halves[0])):
            grid.add_row(*_joined(rows[i] if i < len(rows) else blank for rows in halves))
        return grid


def fitted(rows: list[list[Any]], budget: int) -> list[int] | None:
    """Column widths for ``rows`` (a heading, then a Region a row) within ``budget``
    characters: the natural ones if they fit, else the Land, Tokens and Borders narrowed, no
    narrower than NARROWEST, so that the fewest Regions wrap onto a second line; None if even
    that is too wide (the map is then one list)."""
    columns = list(zip(*([_plain(c) for c in row] for row in rows), strict=True))
    natural = [max(len(x) for x in col) for col in columns]
    if sum(natural) <= budget:
        return natural
    land, tokens, borders = 1, 2, len(columns) - 1
    least = natural[:]
    for k, narrowest in zip((land, tokens, borders), NARROWEST, strict=True):
        least[k] = min(natural[k], narrowest)
    best: tuple[int, list[int]] | None = None
    for lw in sorted({len(x) for x in columns[land] if len(x) > least[land]} | {least[land]}):
        for bw in sorted({len(x) for x in columns[borders] if len(x) > least[borders]} | {least[borders]}):
            widths = natural[:]
            widths[land], widths[borders] = lw, bw
            widths[tokens] = min(natural[tokens], budget - sum(widths) + natural[tokens])
            if widths[tokens] < least[tokens]:
                continue
            wraps = sum(1 for row in zip(*columns, strict=True) if any(len(x) > w for x, w in zip(row, widths, strict=True)))
            if best is None or wraps < best[0]:
                best = (wraps, widths)
    return None if best is None else best[1]


def _plain(cell: Any) -> str:
    return cell.plain if isinstance(cell, Text) else str(cell)


def _joined(halves: Any) -> list[Any]:
    out: list[Any] = []
    for i, cells in enumerate(halves):
        if i:
            out.append("")
        out += list(cells)
    return out


def region_row(t: Tables, r: dict[str, Any], player: int | None, costs: dict[int, str] | None) -> list[Any]:
    n = r["region"]
    row: list[Any] = [f"{n}{'*' if r['border'] else ' '}", land_text(r), tokens_text(t, r, player)]
    if costs is not None:
        row.append(costs.get(n, ""))
    row.append(" ".join(str(x) for x in r["borders"]))
    return row


def legend(t: Tables, s: SWState, costs: dict[int, str] | None) -> Text:
    text = Text("* a border Region", style="dim")
    if costs is not None:
        race = t.races[s.acting].name
        text.append(f" · Cost: the tokens your {race} need to conquer it, (in brackets) out of their reach now",
                    style="dim")
    else:
        text.append(" (a first conquest enters through one, or through the shore of a Sea at the edge)", style="dim")
    return text


# -- the combos on offer ------------------------------------------------------------------------------
def offer_text(t: Tables, v: dict[str, Any]) -> Text:
    """The combos on offer on a line or two: ``1 Stout Humans (9, 2)``: 9 tokens, 2 coins on it."""
    text = Text("On offer (tokens, coins on it): ", style="bold")
    combos = []
    for c in v["market"]:
        name = f"{t.powers[t.power_index[c['power']]].name} {t.races[t.race_index[c['race']]].name}"
        coins = f", {c['coins']}" if c["coins"] else ""
        combos.append(f"{c['position']} {name} ({c['tokens']}{coins})")
    text.append(" · ".join(combos))
    return text
