"""The compact board a player is shown when asked (``Game.frame``; issue 24, "a compact frame"):
where the game stands, the map (the terrain under every space and stack, the free slots while it
is built, the edge hexes to start on), a battle under way with each card's numbers, the Army
Stacks a line each, the defined spaces, each player's piles, your hand and Adventure Stack with
the cards' numbers. Built from the player's view; the whole tables stay behind ``board``
(``render``).

The board fits under its question (``engine/frames.py``): with many answers it drops first what the answers'
labels and ``info NAME`` still give (the cards' texts, the guards' cards, the map's legend), and
in a battle the map itself."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from ...engine import Decision, Standing
from ...engine.frames import Fitted, Question
from .board import board_for, open_slots
from .content import Content
from .hexmap import HexMap, legend
from .labels import card_text
from .queries import pname, section_words, shown_name
from .render import clock_words
from .state import H4State
from .turn import starting_hexes
from .views import view

STATUS, BATTLE, MAP, LEGEND, ARMIES, SPACES, PLAYERS, YOURS = range(8)
# in a battle the map goes before the battle's numbers; else it goes last (a map taller than the
# terminal, of many sections stacked up: the answers' labels still give each hex's terrain)
SHRINK = (YOURS, SPACES, LEGEND, ARMIES, SPACES, MAP, BATTLE, ARMIES, PLAYERS, YOURS, MAP)


def frame(c: Content, s: H4State, player: int, d: Decision | None, labels: tuple[str, ...],
          standing: Standing | None, names: Sequence[str]) -> Fitted:
    """``player``'s board, fitted above the ``standing`` and the question ``d`` with its
    answers' ``labels`` when ``player`` is asked (engine/frames.py)."""
    you = player if 0 <= player < s.num_players else None
    v = view(s, you, frozenset(x.id for x in c.locations))
    asked = d is not None and d.player == player
    codes = {t.id: t.code for t in c.terrain}
    blocked = frozenset(t.id for t in c.terrain if t.impassable)
    parts: list[list[RenderableType | None]] = [[] for _ in range(8)]
    parts[STATUS] = [_status(c, s, v, you)]
    parts[BATTLE] = [_battle(v, full=True), _battle(v, full=False)] if v["battle"] else [None]
    parts[MAP], parts[LEGEND] = [None], [None]
    if s.placed:
        slots = tuple(open_slots([(a, b) for _, a, b in s.placed])) if s.stage == "build" else ()
        starts = starting_hexes(s) if s.stage == "start" and asked and not s.pending else []
        mark = "an edge hex to start on" if starts else ""
        board = board_for(c, tuple(s.placed))
        parts[MAP] = [HexMap(board, v, codes, slots, starts), HexMap(board, v, codes, slots, starts, compact=True),
                      None]
        parts[LEGEND] = [legend(codes, blocked, bool(slots), mark), None]
    parts[ARMIES] = [_armies(c, s, v, you, full=True), _armies(c, s, v, you, full=False), None]
    parts[SPACES] = [_spaces(c, v, full=True), _spaces(c, v, full=False), None]
    parts[PLAYERS] = [_players(c, v, you), None]
    parts[YOURS] = [_yours(c, v, you, full=True), _yours(c, v, you, full=False), None]
    if not asked or d is None:
        return Fitted(parts, SHRINK, standing, names, player)
    question = Question(f"{pname(player)} (human): {d.prompt}", list(zip((a.text for a in d.actions), labels, strict=True)))
    return Fitted(parts, SHRINK, standing, names, player, question)


def _status(c: Content, s: H4State, v: dict[str, Any], you: int | None) -> Text:
    text = Text("Heroes IV", style="bold")
    text.append(f" · {clock_words(v)}")
    if not v["over"]:
        text.append(f" · {pname(v['current'])}{' (you)' if v['current'] == you else ''} to play")
    text.append(f" · {pname(v['first'])} plays first")
    if you is not None:
        text.append(f" · you: {v['players'][you]['alignment'].capitalize()}")
    if v["section_flipped"]:
        text.append(f" · building the map: {section_words(c, v['section_flipped'])} to attach, "
                    f"{v['sections_face_down']} more face down")
    return text


def _cards(c: Content, cards: list[str]) -> str:
    counts = Counter(cards)
    return ", ".join(shown_name(c, k) + (f" x{n}" if n > 1 else "") for k, n in counts.items())


def _armies(c: Content, s: H4State, v: dict[str, Any], you: int | None, full: bool) -> Text:
    """Each Army Stack: its marker, owner, hex with its terrain (and the space it stands on),
    movement points left, its cards (in full) or how many."""
    lines = []
    for a in sorted(v["armies"], key=lambda x: (x["owner"] != you, x["owner"], x["marker"])):
        who = f"{pname(a['owner'])}{' (you)' if a['owner'] == you else ''}"
        if a["hex"] < 0:
            where = "no hex yet"
        else:
            where = f"hex {a['hex']} ({s.board.terrain[a['hex']]}" if s.board is not None else f"hex {a['hex']} ("
            sp = v["spaces"].get(str(a["hex"]))
            if sp is not None:
                where += f", on the {c.card(sp['card']).name if sp['card'] else 'undefined ' + sp['kind']}"
            where += ")"
        n = len(a["cards"])
        cards = _cards(c, a["cards"]) if full else f"{n} card{'s' if n != 1 else ''}"
        lines.append(f"A{a['marker']} {who} at {where}, {a['mp']} MP: {cards}")
    if not lines:
        return Text("No Army Stack on the map yet.", style="dim")
    if full:
        return Text("Army Stacks\n", style="bold") + Text("\n".join("  " + line for line in lines))
    return Text("Army Stacks: ", style="bold") + Text(" · ".join(lines))


def _spaces(c: Content, v: dict[str, Any], full: bool) -> Text | None:
    """The defined spaces by hex: the card, who holds it, its Guard Stack (in full: its cards),
    the cards waiting under it; and how many are still undefined."""
    cells = []
    undefined = 0
    for h, sp in v["spaces"].items():
        if not sp["card"]:
            if sp["emptied"]:
                cells.append(f"hex {h} (its Artifact claimed)")
            else:
                undefined += 1
            continue
        cell = f"hex {h} {c.card(sp['card']).name}"
        if sp["owner"] >= 0:
            cell += f" ({pname(sp['owner'])})"
        if sp["guards"]:
            guards = _cards(c, sp["guards"]) if full else f"{len(sp['guards'])} cards"
            cell += f" guarded by {guards} ({pname(sp['guarding'])}'s)"
        if sp["under"] and full:
            cell += f", under it: {_cards(c, sp['under'])}"
        cells.append(cell)
    if not cells and not undefined:
        return None
    text = Text("Spaces: ", style="bold")
    text.append(" · ".join(cells) if cells else "none defined")
    if undefined:
        text.append(f" · {undefined} undefined", style="dim")
    return text


def _players(c: Content, v: dict[str, Any], you: int | None) -> Text:
    cells = []
    for i, p in enumerate(v["players"]):
        hand = len(p["hand"]) if isinstance(p["hand"], list) else p["hand"]
        adventure = len(p["adventure"]) if isinstance(p["adventure"], list) else p["adventure"]
        cell = (f"{pname(i)}{' (you)' if i == you else ''} {p['alignment'].capitalize()}: deck {p['deck']}, "
                f"hand {hand}, Adventure Stack {adventure}, discard {len(p['discard'])}")
        arts = "; ".join(f"{shown_name(c, h)}: {_cards(c, a)}" for h, a in p["artifacts"].items() if a)
        if arts:
            cell += f", Artifacts under {arts}"
        cells.append(cell)
    return Text(" · ".join(cells))


def _yours(c: Content, v: dict[str, Any], you: int | None, full: bool) -> Text | None:
    """Your hand and Adventure Stack: each card with its numbers (labels.card_text), or by name."""
    if you is None:
        return None
    me = v["players"][you]
    text = Text()
    for word, pile in (("Your hand", me["hand"]), ("Your Adventure Stack", me["adventure"])):
        if text:
            text.append("\n" if full else " · ")
        text.append(f"{word}: ", style="bold")
        if not pile:
            text.append("empty", style="dim")
        elif full:
            text.append(" · ".join(card_text(c, k) for k in pile))
        else:
            text.append(_cards(c, pile))
    return text


def _battle(v: dict[str, Any], full: bool) -> Text:
    """The battle under way: each side's lines, each stack by its label with its cards, the top
    card's numbers (A Attack, R Ranged, D Defense, L Level, P Phase) and the others' Level and
    Defense (what a stack attack and swatting count); Swarm, Protect, a stack that has acted; the
    Town card; during the Tactical Setup, the stacks set up so far."""
    b = v["battle"]
    text = Text(f"Battle · round {b['round']}, phase {b['phase']}", style="bold")
    for i in (1, 0):
        side = b["sides"][i]
        for line in (("ranged", "melee") if i == 1 else ("melee", "ranged")):
            stacks = [_stack(st, full) for st in side["stacks"] if st["cards"] and st["line"] == line]
            if line == "melee" and side["town"] and side["town"] != "sacked":
                stacks.insert(0, f"Town card ({side['town']}, Defense {side['town_defense']})")
            name = ("defender" if i else "aggressor") + (" (Guards)" if side["guard"] else "")
            text.append(f"\n  {name} {line} line: " + (" · ".join(stacks) or "-"))
    if b["step"] == "setup":
        text.append(f"\n  {b['lines'][-1]}", style="italic")
    if full:
        text.append("\n  (A Attack, R Ranged, D Defense, L Level, P Phase)", style="dim")
    return text


def _stack(st: dict[str, Any], full: bool) -> str:
    top, *rest = st["cards"]
    nums = f"A{top['attack']}" + (f" R{top['ranged']}" if top["ranged"] else "") + f" D{top['defense']}"
    out = f"{st['label']} {top['name']}"
    if full:
        out += f" [{nums} L{top['level']} P{top['phase']}]"
        if rest:
            under = Counter((c["name"], c["level"], c["defense"]) for c in rest)
            out += " + " + " + ".join(f"{name} [L{lv} D{de}]" + (f" x{n}" if n > 1 else "")
                                      for (name, lv, de), n in under.items())
    elif rest:
        out += f" +{len(rest)}"
    marks = {"swarm": " (Swarm)", "protect": " (Protect)"}
    out += marks.get(st["status"], "")
    if st["attacks_left"] <= 0 and full:
        out += " (acted)"
    return out
