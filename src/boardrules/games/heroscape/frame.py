"""What a player is shown when asked (``Game.frame``): the turn in a line or two, the order
markers as the player may see them, the battlefield map (the spaces a question offers marked
``+``), and under it the player's army cards with their numbers and where their figures stand,
and the enemy cards with a figure near. Building the armies, the battlefield is summed up in a
line and each army is listed with its cards' points and numbers (the cards to choose are the
answers, with theirs). Under a long question the frame keeps only the turn, the map and its
legend. The full tables are ``render.py`` (the ``board`` command).

Everything comes from the view (views.py) and the public board: the armies, the figures and
the battlefield lie open on the table; another player's order markers only as they lie.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ...engine import Decision
from .army import points_left
from .battlefield import Battlefield, column_letters
from .catalogue import card_kind
from .content_model import Card
from .figures import Figures, pname
from .los import range_between
from .render import STAGES, BattlefieldMap, figure_tags, player_text
from .state import MARKERS, SHState
from .views import view
from .words import power_names, rolls_text

WIDTH = 120  # the columns the frame is made to fit
NEAR = 8  # spaces: an enemy figure this close to one of the player's is listed under the map
SPACES = ("to", "place", "drop", "clone")  # the answers that name a space of the battlefield


def frame(q: Figures, s: SHState, v: dict[str, Any], player: int, d: Decision | None, long: bool) -> RenderableType:
    """The compact board of ``player``'s view ``v``; ``d`` is the question when ``player`` is
    the one asked, ``long`` whether its answers are too many for the whole frame."""
    return Group(*frame_parts(q, s, v, player, d, long))


def frame_lines(q: Figures, s: SHState, d: Decision) -> int:
    """The lines of the whole frame of the player asked ``d``, at 120 columns (to tell whether
    its answers fit under it: labels.long_question), counted without drawing the map."""
    return sum(part.lines(WIDTH) if isinstance(part, BattlefieldMap) else _wrapped(part.plain)
               for part in frame_parts(q, s, view(q, s, d.player), d.player, d, False))


def _wrapped(text: str) -> int:
    """The lines a text takes wrapped at its spaces to WIDTH columns, as the terminal wraps it."""
    lines = 0
    for line in text.split("\n"):
        lines += 1
        used = -1
        for word in line.split(" "):
            if used >= 0 and used + 1 + len(word) > WIDTH:
                lines += 1
                used = -1
            used += 1 + len(word)
    return lines


def frame_parts(q: Figures, s: SHState, v: dict[str, Any], player: int, d: Decision | None,
                long: bool) -> list[Text | BattlefieldMap]:
    if s.stage == "army":
        return draft_parts(q, s, v, player)
    asked = d is not None and d.player == player
    bf = q.bf(s)
    tags = figure_tags(q, s)
    engaged = {i: q.engaged_with(s, i) for i, f in enumerate(s.figures) if f.alive and f.spaces}
    marked = offered_spaces(bf, d) if asked and d is not None else frozenset()
    parts: list[Text | BattlefieldMap] = [turn_text(q, s, v)]
    if not long and any(card is not None for row in v["markers"] for card in row.values()):
        parts.append(markers_text(s, v))
    parts += [BattlefieldMap(s, bf, tags, engaged, marked), legend(bf, marked)]
    if not long:
        parts += army_lines(q, s, v, player, tags)
    return parts


def offered_spaces(bf: Battlefield, d: Decision) -> frozenset[int]:
    """The spaces the answers name (a double-space figure's two)."""
    out: set[int] = set()
    for a in d.actions:
        if a.name in SPACES:
            out.update(x for x in (bf.space_named(n) for n in a.args[0].split("-")) if x is not None)
    return frozenset(out)


# -- the turn and the order markers --------------------------------------------------------------
def turn_text(q: Figures, s: SHState, v: dict[str, Any]) -> Text:
    """``Move: turn 1 of 3, Player 1 (you) with Marro Warriors, moving marro-warriors-2 ·
    initiative: Player 1 (you), Player 2`` (the round is in the standing under the frame)."""
    you, stage = v["you"], v["stage"]
    text = Text(f"{STAGES.get(stage, stage)}: ", style="bold")
    if stage == "place" and s.setup_order:
        p = s.setup_order[0]
        text.append_text(player_text(p, you))
        text.append(f" places the army in the {s.zones[p]} start zone, on {v['battlefield']}")
    elif stage == "markers" and s.setup_order:
        text.append_text(player_text(s.setup_order[0], you))
        text.append(" puts order markers on army cards")
    elif v["order"] and stage != "over":
        order, turn = v["order"], v["turn"]
        text.append(f"turn {turn // len(order) + 1} of 3, ")
        text.append_text(player_text(order[turn % len(order)], you))
        if v["active_card"] is not None:
            text.append(f" with {q.card(s, s.active_card).name}")
        if stage in ("move-to", "route") and s.selected >= 0:
            text.append(f", moving {q.fig_name(s, s.selected)}")
        text.append(" · initiative: ")
        text.append_text(Text(", ").join(player_text(p, you) for p in order))
    return text


def markers_text(s: SHState, v: dict[str, Any]) -> Text:
    """The order markers as the player may see them, card by card: their own by number
    (``[2]``: still face down), the others' revealed ones and how many of theirs lie face down
    on each card: ``finn 1, [3] · Player 2: grimnak 1 + 2 face down``."""
    text = Text("Order markers: ", style="bold")
    for p, row in enumerate(v["markers"]):
        if p:
            text.append(" · ")
        text.append_text(player_text(p, v["you"]))
        numbers: dict[str, list[str]] = {}
        for k, m in enumerate(MARKERS):
            card = row[m]
            if card is not None and card != "hidden":
                numbers.setdefault(card, []).append(m.upper() if s.revealed[p][k] else f"[{m.upper()}]")
        down = v["face_down"][p] if p != v["you"] else None
        hidden = {card: n for card, n in down["on"].items() if n} if down else {}
        told = []
        for card in dict.fromkeys([*numbers, *hidden]):
            shown = ([", ".join(numbers[card])] if card in numbers else []) + (
                [f"{hidden[card]} face down"] if card in hidden else [])
            told.append(f"{card} {' + '.join(shown)}")
        if down and down["removed"]:
            told.append(f"{down['removed']} taken off by Mind Shackle")
        text.append(": " + ("; ".join(told) if told else "none yet"))
    return text


def legend(bf: Battlefield, marked: frozenset[int]) -> Text:
    """What the map's cells mean, the ruins' heights, and the marked spaces."""
    ruins = ", ".join(f"{bf.name_of(i)} {bf.ruin[i]} high" for i in range(bf.size) if bf.ruin[i])
    text = Text("Numbers are levels; ~ water; " + (f"# a ruin, impassable ({ruins}); " if ruins else ""), style="dim")
    text.append("1a2 a figure, (2) the level it stands on", style="dim")
    if marked:
        text.append("; + a space offered below", style="dim")
    return text


# -- the armies ----------------------------------------------------------------------------------
def card_numbers(card: Card, attack: int = 0, defense: int = 0) -> str:
    """``Life 4, Move 5, Range 9, Attack 3, Defense 2`` (a Warrior's Spirit on it: ``Attack 3+1``)."""
    return (f"Life {card.life}, Move {card.move}, Range {card.range}, Attack {card.attack}{_plus(attack)}, "
            f"Defense {card.defense}{_plus(defense)}")


def _plus(n: int) -> str:
    return f"+{n}" if n else ""


def army_lines(q: Figures, s: SHState, v: dict[str, Any], player: int, tags: list[str]) -> list[Text]:
    """A line per army card of the player with a figure left, then one per enemy card with a
    figure within NEAR spaces of one of the player's."""
    bf = q.bf(s)
    mine = [i for i, f in enumerate(s.figures) if f.owner == player and f.alive and f.spaces]
    near = {i for i, f in enumerate(s.figures) if f.owner != player and f.alive and f.spaces
            and any(range_between(bf, s.figures[m].spaces, f.spaces) <= NEAR for m in mine)}
    out = []
    far = 0
    for c, (_, owner) in sorted(enumerate(s.cards), key=lambda x: x[1][1] != player):  # the player's first
        figs = [i for i, f in enumerate(s.figures) if f.card == c and f.alive]
        if not figs:
            continue
        if owner != player:
            shown = [i for i in figs if i in near]
            far += sum(1 for i in figs if i not in near and s.figures[i].spaces)
            if not shown:
                continue
            figs = shown
        out.append(card_line(q, s, c, figs, tags, player))
    if far:
        out.append(Text(f"{far} more enemy figure{'s' if far != 1 else ''} farther than {NEAR} spaces "
                        "(board: every figure)", style="dim"))
    return out


def card_line(q: Figures, s: SHState, c: int, figs: list[int], tags: list[str], player: int) -> Text:
    """``1a Marro Warriors (Squad; Life 1, Move 6, ...): 1a2 e3 (5), 1a3 c1 (2)``: each figure's
    space and the level it stands on."""
    card = q.card(s, c)
    owner = s.cards[c][1]
    bf = q.bf(s)
    text = Text()
    text.append(tags[figs[0]][:2], style="bold")
    text.append(f" {card.name}" + ("" if owner == player else f", {pname(owner)}'s"))
    text.append(f" ({card.kind.title()}; {card_numbers(card, s.spirit_attack[c], s.spirit_defense[c])}): ")
    where = []
    off = [i for i in figs if not s.figures[i].spaces]
    for i in figs:
        f = s.figures[i]
        if not f.spaces:
            continue
        at = f"{q.place_name(s, f.spaces)} ({'~' if bf.water[f.spaces[0]] else ''}{bf.level[f.spaces[0]]})"
        wounds = f", {f.wounds} of {card.life} wounds" if f.wounds else ""
        where.append(f"{tags[i]} {at}{wounds}" if card.figures > 1 else f"{at}{wounds}")
    if off:  # not placed yet, or waiting off the battlefield for The Drop
        waiting = "to be placed" if s.stage == "place" else "waiting to drop"
        where.append(f"{len(off)} {waiting}" if card.figures > 1 else waiting)
    text.append(", ".join(where))
    gone = len(q.destroyed_mates(s, c))
    if gone:
        text.append(f"; {gone} destroyed", style="dim")
    return text


# -- building the armies --------------------------------------------------------------------------
def first_pick_text(s: SHState) -> str:
    """The set-up roll for the army cards (facts 3.2): ``Player 1 rolls 14, Player 2 rolls 9:
    Player 1 takes 1 card, then Player 2 2, then 1 each in turn``."""
    n = s.num_players
    first = max(s.pick_rolls[-1], key=lambda roll: roll[1])[0]  # the highest of the last roll
    rolls = rolls_text([dict(r) for r in s.pick_rolls])
    if s.options.get("army") == "points":
        order = f"{pname(first)} chooses first, then each in turn"
    elif n == 2:
        order = f"{pname(first)} takes 1 card, then {pname((first + 1) % n)} 2, then 1 each in turn"
    else:
        order = f"{pname(first)} chooses first, then the others in turn and back (a snake)"
    return f"{rolls}: {order}"


def draft_parts(q: Figures, s: SHState, v: dict[str, Any], player: int) -> list[Text | BattlefieldMap]:
    """Building the armies: the battlefield in a line, each army with its points spent and its
    cards with their numbers (the player's own) or names and points (the others'), and the
    cards left that the player can no longer afford."""
    bf = q.bf(s)
    head = Text(f"Heroscape · Army building: each player takes army cards, up to {s.points} points", style="bold")
    if s.picker:
        head.append(" · next to choose: ")
        head.append_text(player_text(s.picker[0], player))
    cols = 1 + max(bf.place(i)[0] for i in range(bf.size))
    rows = 1 + max(bf.place(i)[1] for i in range(bf.size))
    ruins = sum(1 for x in range(bf.size) if bf.ruin[x])
    water = any(bf.water)
    ground = (f"Battlefield: {bf.name}, {column_letters(0)} to {column_letters(cols - 1)} by 1 to {rows}, levels "
              f"{min(bf.level)} to {max(bf.level)}" + (", water" if water else "") + (f", {ruins} ruins" if ruins else "")
              + "; start zones: " + "; ".join(f"{pname(p)} {zone}" for p, zone in enumerate(s.zones))
              + " (board: the map)")
    parts: list[Text | BattlefieldMap] = [head, Text(ground)]
    if s.pick_rolls:
        parts.append(Text(f"Who chooses first (d20): {first_pick_text(s)}"))
    for p in [player] + [o for o in range(s.num_players) if o != player]:
        spent = s.points - points_left(q, s, p)
        line = player_text(p, player)
        line.append(f": {spent} of {s.points} points" + (", done" if s.passed[p] else ""))
        cards = [q.card(s, c) for c in s.cards_of(p)]
        if p != player:
            line.append(": " + (", ".join(f"{c.name} {c.points}" for c in cards) or "no card yet"))
        parts.append(line)
        if p == player:
            for c in cards:
                powers = f"; {power_names(q, c)}" if c.powers else ""
                parts.append(Text(f"  {c.name}: {c.points} points, {card_kind(c, rarity=False)}; "
                                  f"{card_numbers(c)}, Height {c.height}{powers}"))
    left = points_left(q, s, player)
    dear = [q.c.cards[c] for c in s.pool if q.c.cards[c].points > left]
    if dear and v["pool"]:
        parts.append(Text("More than your points left: " + ", ".join(f"{c.id} {c.points}" for c in dear), style="dim"))
    parts.append(Text("info NAME: a card's powers in full", style="dim"))
    return parts
