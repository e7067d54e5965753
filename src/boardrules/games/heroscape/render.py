"""The terminal picture of a Heroscape game: a header (round, whose turn, the order markers),
the battlefield drawn as rows of hex spaces with their levels, water, ruins and figures, and
a table of every figure with its wounds and the enemies it is engaged with.

Everything secret comes from ``view(state, player)`` (the numbers of another player's unrevealed
order markers stay "hidden", only how many lie face down on each card shows); the rest (the battlefield, the figures, the turn) is public. Each space
is a cell of four characters, so a 24-column battlefield fits a 100-column terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from .battlefield import Battlefield, column_letters
from .figures import Figures, pname
from .rounds import result as game_result
from .state import MARKERS
from .views import view

if TYPE_CHECKING:
    from .state import SHState

CELL = 4  # three characters and a gap; odd rows are shifted by half of it (the "odd-r" layout)
PLAYER_STYLE = ("bold cyan", "bold magenta", "bold green", "bold yellow")
LEVEL_RAMP = ("grey42", "grey54", "grey66", "grey78", "grey89", "bright_white")  # low to high
WATER_STYLE, RUIN_STYLE, MARK_STYLE = "bold blue", "bold red", "bold green"
TABLE: dict[str, Any] = {"title_justify": "left", "box": box.SIMPLE_HEAD, "padding": (0, 1), "collapse_padding": True,
                         "pad_edge": False, "show_edge": False}
STAGES = {
    "army": "Army building", "place": "Placing the armies", "markers": "Placing order markers",
    "reveal": "Revealing a marker", "move": "Move", "move-to": "Move", "route": "Move", "attack": "Attack",
    "end-turn": "End of the turn", "round-end": "End of the round", "over": "Game over",
}


def player_text(player: int, you: int | None) -> Text:
    text = Text(pname(player), style=PLAYER_STYLE[player % len(PLAYER_STYLE)])
    if player == you:
        text.append(" (you)", style="bold")
    return text


def figure_tags(q: Figures, s: SHState) -> list[str]:
    """A short tag per figure: the owner's number, a letter per army card in the order the
    player took them, and for a Squad the figure's number (``1a2``; a Hero is ``1b``)."""
    tags = []
    for i, f in enumerate(s.figures):
        letter = column_letters(s.cards_of(f.owner).index(f.card))
        tag = f"{f.owner + 1}{letter}"
        if q.card(s, f.card).figures > 1:
            mates = [k for k, g in enumerate(s.figures) if g.card == f.card]
            tag += str(mates.index(i) + 1)
        tags.append(tag)
    return tags


def render(q: Figures, s: SHState, player: int | None) -> Any:
    v = view(q, s, player)
    bf = q.bf(s)
    tags = figure_tags(q, s)
    engaged = {i: q.engaged_with(s, i) for i, f in enumerate(s.figures) if f.alive and f.spaces}
    parts: list[RenderableType] = [header(q, s, v)]
    markers = markers_table(s, v)
    if markers is not None:
        parts.append(markers)
    parts += [BattlefieldMap(s, bf, tags, engaged), map_legend(s, bf)]
    if s.figures:
        parts.append(figures_table(q, s, v, bf, tags, engaged))
    if v["pool"]:
        parts.append(pool_text(q, v["pool"]))
    return Group(*parts)


def pool_text(q: Figures, pool: list[str]) -> Text:
    """The army cards still to choose, each with its points (the answers below give their
    numbers and powers, ``info NAME`` a power's text)."""
    cards = [q.c.cards[q.card_index[c]] for c in pool]
    text = Text("Army cards still to choose (points): ", style="bold")
    text.append(", ".join(f"{c.id} {c.points}" for c in cards))
    text.append("\n(info NAME: a card's powers in full, e.g. info " + cards[0].id + ")", style="dim")
    return text


# -- the header ------------------------------------------------------------------------------
def header(q: Figures, s: SHState, v: dict[str, Any]) -> Text:
    you = v["you"]
    when = f"round {min(v['round'], v['rounds'])} of {v['rounds']}" if v["round"] else f"set-up, then {v['rounds']} rounds"
    text = Text(f"Heroscape, {v['battlefield']}: {when}", style="bold")
    text.append(f"\n{STAGES.get(v['stage'], v['stage'])}: ")
    stage = v["stage"]
    if stage == "over":
        result = game_result(q, s) if s.over else None
        if result is not None:
            winners = " and ".join(pname(w) for w in result.winners) or "nobody"
            scores = ", ".join(f"{pname(p)} {pts}" for p, pts in enumerate(result.scores))
            text.append(f"{s.winner_by}; {winners} {'wins' if len(result.winners) == 1 else 'share the victory'}"
                        f"\nPoints of surviving army cards: {scores}")
    elif stage == "army":
        text.append(f"each player takes army cards, up to {s.points} points")
        for p in range(s.num_players):
            spent = sum(q.card(s, c).points for c in s.cards_of(p))
            text.append("\n  ")
            text.append_text(player_text(p, you))
            text.append(f": {spent} of {s.points} points" + (", done" if s.passed[p] else ""))
        if s.picker:
            text.append("\n  next to choose: ")
            text.append_text(player_text(s.picker[0], you))
    elif stage == "place":
        if s.setup_order:
            p = s.setup_order[0]
            text.append_text(player_text(p, you))
            text.append(f" places the army in the {s.zones[p]} start zone")
    elif stage == "markers":
        if s.setup_order:
            text.append_text(player_text(s.setup_order[0], you))
            text.append(" puts order markers on army cards")
    elif v["order"]:
        order, turn = v["order"], v["turn"]
        current = order[turn % len(order)]
        text.append(f"turn {turn // len(order) + 1} of 3, ")
        text.append_text(player_text(current, you))
        if v["active_card"] is not None:
            text.append(f" with {q.card(s, s.active_card).name} ({v['active_card']})")
        if stage == "move-to" and s.selected >= 0:
            text.append(f", moving {q.fig_name(s, s.selected)}")
        text.append("\nInitiative order: ")
        for k, p in enumerate(order):
            if k:
                text.append(", ")
            text.append_text(player_text(p, you))
    return text


def markers_table(s: SHState, v: dict[str, Any]) -> Table | None:
    """The order markers as this viewer may see them: one's own, the revealed ones, and how many
    lie face down on each card."""
    rows = v["markers"]
    if all(card is None for row in rows for card in row.values()):
        return None
    table = Table(title="Order markers", **TABLE)
    if v["you"] is not None:
        table.caption = Text("[card]: your marker, still face down", style="dim")
        table.caption_justify = "left"
    table.add_column("Player")
    for m in MARKERS:
        table.add_column(m.upper())
    table.add_column("Face down")  # what the table sees: how many on each card, not their numbers
    for p, row in enumerate(rows):
        cells: list[Text] = []
        for k, m in enumerate(MARKERS):
            card = row[m]
            if card is None:
                cells.append(Text("-", style="dim"))
            elif card == "hidden":
                cells.append(Text("hidden", style="dim"))
            elif s.revealed[p][k]:  # face up: everyone sees it
                cells.append(Text(card))
            else:  # the viewer's own marker, still face down
                cells.append(Text(f"[{card}]", style="italic"))
        cells.append(face_down_text(v["face_down"][p]))
        table.add_row(player_text(p, v["you"]), *cells)
    return table


def face_down_text(seen: dict[str, Any] | None) -> Text:
    """A seat's face-down markers as the table sees them: ``finn 2, thorgrim 1, removed 1``."""
    if seen is None:  # still being placed, out of sight
        return Text("placing", style="dim")
    parts = [f"{card} {n}" for card, n in seen["on"].items() if n]
    if seen["removed"]:
        parts.append(f"removed {seen['removed']}")
    return Text(", ".join(parts) or "-", style="dim" if not parts else "")


# -- the battlefield ----------------------------------------------------------------------------
def level_style(level: int, top: int) -> str:
    return LEVEL_RAMP[min(len(LEVEL_RAMP) - 1, (level - 1) * len(LEVEL_RAMP) // max(top, 1))]


def cell(s: SHState, bf: Battlefield, space: int, occupant: dict[int, int], tags: list[str],
         engaged: dict[int, list[int]], top: int, marked: frozenset[int] = frozenset()) -> tuple[str, str]:
    """The text (up to three characters) and style of one space; a ``marked`` one (where the
    question offers to go) has a ``+`` before its level."""
    fig = occupant.get(space)
    if fig is not None:
        owner = s.figures[fig].owner
        style = PLAYER_STYLE[owner % len(PLAYER_STYLE)] + (" underline" if engaged.get(fig) else "")
        return tags[fig], style
    lv = str(bf.level[space])
    if space in marked:  # water too, when the cell has room for its ~
        return ("+~" + lv if bf.water[space] and len(lv) == 1 else "+" + lv), MARK_STYLE
    if bf.ruin[space]:
        return "#" + lv, RUIN_STYLE
    if bf.water[space]:
        return "~" + lv, WATER_STYLE
    return lv, level_style(bf.level[space], top)


class BattlefieldMap:
    """The battlefield map, cut into bands of columns when the terminal is too narrow for all
    of them (each band keeps the column letters and row numbers); ``marked``: the spaces the
    question offers (the frame's)."""

    def __init__(self, s: SHState, bf: Battlefield, tags: list[str], engaged: dict[int, list[int]],
                 marked: frozenset[int] = frozenset()) -> None:
        self.args = (s, bf, tags, engaged)
        self.marked = marked

    def bands(self, width: int) -> tuple[int, int, int]:
        """The columns, the rows, and the columns of a band ``width`` characters wide."""
        bf = self.args[1]
        cols = 1 + max(bf.place(i)[0] for i in range(bf.size))
        rows = 1 + max(bf.place(i)[1] for i in range(bf.size))
        label = len(str(rows)) + 1
        return cols, rows, max(4, (width - label - CELL // 2 + 1) // CELL)  # a row ends without its gap

    def lines(self, width: int) -> int:
        """The lines the map takes ``width`` characters wide: its rows and column letters, per band."""
        cols, rows, per_band = self.bands(width)
        return -(-cols // per_band) * (rows + 1)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        s, bf, tags, engaged = self.args
        cols, _, per_band = self.bands(options.max_width)
        for first in range(0, cols, per_band):
            yield battlefield_map(s, bf, tags, engaged, range(first, min(cols, first + per_band)), self.marked)


def battlefield_map(s: SHState, bf: Battlefield, tags: list[str], engaged: dict[int, list[int]],
                    columns: range | None = None, marked: frozenset[int] = frozenset()) -> Text:
    """Rows of spaces as laid out in the battlefield file, column letters along the top and
    row numbers on the left (``c4``); odd rows shifted half a space to the right."""
    where = {bf.place(i): i for i in range(bf.size)}
    rows = 1 + max(r for _, r in where)
    if columns is None:
        columns = range(1 + max(c for c, _ in where))
    label = len(str(rows)) + 1
    occupant = {x: i for i, f in enumerate(s.figures) if f.alive for x in f.spaces}
    top = max(bf.level)
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(" " * label + "".join(f"{column_letters(c):>{CELL - 1}} " for c in columns).rstrip(), style="dim")
    for r in range(rows):
        line = Text(f"\n{r + 1:>{label - 1}} ", style="dim")
        line.append(" " * (CELL // 2) * (r & 1))
        for c in columns:
            space = where.get((c, r))
            body, style = ("", "") if space is None else cell(s, bf, space, occupant, tags, engaged, top, marked)
            line.append(f"{body:>{CELL - 1}}", style=style)
            line.append(" ")
        line.rstrip()
        text.append_text(line)
    return text


def map_legend(s: SHState, bf: Battlefield) -> Text:
    text = Text("Numbers are levels; ", style="dim")
    text.append("~ water", style=WATER_STYLE)
    text.append("; ", style="dim")
    text.append("# a ruin", style=RUIN_STYLE)
    text.append(" (on that level, impassable); 1a2 a figure (see Figures)", style="dim")
    ruins = [f"{bf.name_of(i)} {bf.ruin[i]} high" for i in range(bf.size) if bf.ruin[i]]
    if ruins:
        text.append("\nRuins: " + ", ".join(ruins), style="dim")
    if s.stage in ("army", "place") and s.zones:
        text.append("\nStart zones: " + "; ".join(
            f"{pname(p)} {zone} ({', '.join(bf.name_of(x) for x in bf.start[zone])})" for p, zone in enumerate(s.zones)),
            style="dim")
    return text


# -- the figures ------------------------------------------------------------------------------------
def figures_table(q: Figures, s: SHState, v: dict[str, Any], bf: Battlefield, tags: list[str],
                  engaged: dict[int, list[int]]) -> Table:
    you = v["you"]
    title = "Figures" + (f" (you are {pname(you)})" if you is not None else "")
    table = Table(title=title, **TABLE)
    for col in ("Tag", "Figure", "Owner", "Army card", "Space", "Level", "Wounds", "Engaged with"):
        table.add_column(col, justify="right" if col in ("Level", "Wounds") else "left",
                         no_wrap=col != "Engaged with")
    for i, fig in enumerate(v["figures"]):
        f = s.figures[i]
        style = PLAYER_STYLE[f.owner % len(PLAYER_STYLE)] if fig["alive"] else "dim"
        level = Text("")
        if not fig["alive"]:
            space = Text("destroyed", style="dim")
        elif fig["at"] is None:
            space = Text("off the battlefield", style="dim")
        else:
            space = Text(fig["at"])
            x = f.spaces[0]
            level = Text(("~" if bf.water[x] else "") + str(bf.level[x]), style=WATER_STYLE if bf.water[x] else "")
        foes = ", ".join(v["figures"][e]["figure"] for e in engaged.get(i, ()))
        table.add_row(Text(tags[i], style=style), Text(fig["figure"], style="" if fig["alive"] else "dim"),
                      Text(pname(fig["owner"]), style=style), Text(fig["card"]), space, level,
                      Text(f"{fig['wounds']}/{q.fig_card(s, i).life}"),
                      Text(foes, style="bold") if foes else Text("-", style="dim"))
    return table
