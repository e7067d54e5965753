"""The compact board a player is shown when asked (``Game.frame``; issue 24, "a compact frame"):
the turn and the decks, the City a district a line (its Locations, vacant slots and Monsters),
the Capitol, the Location tiles face up, the Dark Council, a line for each player, your own
meeples, Heroes and Quests, and the assignments of the turn. Built from the player's view, as
``render.py`` is; the whole tables stay behind the ``board`` command (``render``).

The board fits under its question (``engine/frames.py``): with many answers it drops the texts first
(the Locations' options, the Quest texts, the Bonus tokens), which the answers' labels and
``info NAME`` still give."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ...engine import Decision, Standing
from ...engine.frames import Fitted, Question
from .names import pname
from .render import (
    BASIC_HEROES,
    KIND_STYLE,
    QUEST_TYPES,
    SHORT,
    _assignments,
    meeples,
    player_text,
    turn_line,
)
from .state import KINDS, MMState
from .tables import Tables
from .texts import bonus_text, effects_text, needs_text, option_text, quest_text
from .views import view

# the parts of the frame, in the order shown; the order they are made smaller in
STATUS, CITY, CAPITOL, FACE_UP, COUNCIL, PLAYERS, YOURS, QUESTS, ASSIGNED = range(9)
SHRINK = (CITY, QUESTS, COUNCIL, FACE_UP, YOURS, FACE_UP, COUNCIL, CITY, YOURS, CAPITOL, CITY)


def frame(t: Tables, state: MMState, player: int, d: Decision | None, labels: tuple[str, ...],
          standing: Standing | None, names: Sequence[str]) -> Fitted:
    """``player``'s board, fitted above the ``standing`` and the question ``d`` with its
    answers' ``labels`` when ``player`` is asked (engine/frames.py)."""
    you = player if 0 <= player < state.num_players else None
    v = view(t, state, you)
    parts: list[list[RenderableType | None]] = [[] for _ in range(9)]
    parts[STATUS] = [_status(v, you)]
    parts[CITY] = [_city(t, v, texts=True), _city(t, v, texts=False), _city(t, v, texts=False, numbers=1),
                   _city(t, v, texts=False, numbers=0)]
    parts[CAPITOL] = [_capitol(t, full=True), _capitol(t, full=False)]
    parts[FACE_UP] = [_face_up(t, v, texts=True), _face_up(t, v, texts=False), None]
    parts[COUNCIL] = [_council(t, v, bonus=True), _council(t, v, bonus=False), None]
    parts[PLAYERS] = [_players(v, you)]
    parts[YOURS] = [_yours(t, v, you, 2), _yours(t, v, you, 1), _yours(t, v, you, 0)]
    parts[QUESTS] = [_quests(t, v, you, texts=True), _quests(t, v, you, texts=False)]
    parts[ASSIGNED] = [_assignments(t, v)]
    if d is None or d.player != player:
        return Fitted(parts, SHRINK, standing, names, player)
    question = Question(f"{pname(player)} (human): {d.prompt}", list(zip((a.text for a in d.actions), labels, strict=True)))
    return Fitted(parts, SHRINK, standing, names, player, question)


def _status(v: dict[str, Any], you: int | None) -> Text:
    text = turn_line(v, you)
    drawn = v["council_arrives_drawn"]
    text.append(" · Dark Council Arrives ")
    text.append(f"{drawn}/3", style="bold red" if drawn >= 3 else "bold")
    text.append(f"\nDecks: Monsters {v['monster_deck']}, Location tiles {v['location_stack']}, "
                f"Quests {v['quest_deck']} ({len(v['quest_discard'])} discarded) · Supply ")
    text.append_text(meeples(v["supply"], "empty", short=True))
    return text


def _monster(t: Tables, ref: str, numbers: int) -> Text:
    """A Monster by name, then (``numbers`` 1) its strength and VP, (2) its level and type."""
    m = t.monsters[t.mon_index[ref]]
    text = Text(m.name, style="bold")
    if numbers:
        text.append(f" str {m.strength}, {m.vp} VP" + (f", L{m.level} {m.type}" if numbers > 1 else ""))
    return text


def _city(t: Tables, v: dict[str, Any], texts: bool, numbers: int = 2) -> Table:
    """A district a line: its Locations (with their options, or by name), its vacant slots with
    their bonus, its Monsters (with ``numbers``, see ``_monster``); whether it is overrun or used
    this turn; its Tower Room."""
    grid = Table.grid(padding=(0, 2), expand=texts)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=3 if texts else None)
    grid.add_column(ratio=2 if texts else None)
    koth, stock = v["koth"], v["stock"]
    for d, district in enumerate(v["city"]):
        name = Text(district["district"].title(), style="bold")
        monsters = [m for m in district["monsters"] if m is not None]
        if len(monsters) >= 2:
            name.append(" overrun", style="red")
        if district["district"] == v["district_used"]:
            name.append(" (used)", style="italic")
        locs: list[Text] = []
        for slot, ref in enumerate(district["locations"]):
            if ref is None:
                bonus = t.slot_bonus.get((d, slot))
                locs.append(Text(f"slot {slot + 1} vacant" + (f" ({effects_text(bonus)})" if bonus else ""), style="dim"))
                continue
            loc = t.locations[t.loc_index[ref]]
            cell = Text(loc.name, style="bold")
            marks = []
            if loc.king_of_the_hill:
                held = koth.get(ref)
                marks.append(f"King of the Hill, held by {pname(held['player'])}" if held else "King of the Hill")
            if stock.get(ref):
                marks.append(f"stock {meeples(stock[ref]).plain}")
            if marks:
                cell.append(f" [{'; '.join(marks)}]", style="italic")
            if texts:
                options = [option_text(loc, i) for i in range(len(loc.options))]
                cell.append(": " + " / ".join(f"{i}) {o}" if len(options) > 1 else o
                                              for i, o in enumerate(options, start=1)), style="dim")
            locs.append(cell)
        mons = Text(" · ").join(_monster(t, m, numbers) for m in monsters) if monsters else Text("no Monster", style="dim")
        if district["tower"]:
            room, left = t.rooms[t.room_index[district["tower"]["room"]]], district["tower"]["left"]
            if numbers > 1:
                mons.append(f"\nTower: {room.name} ({needs_text(room.requires)} → "
                            f"{effects_text(room.effects) or room.text}; {left} left)", style="dim")
            else:
                mons.append(f" · Tower: {room.name} ({left} left)", style="dim")
        grid.add_row(name, Text(" · " if not texts else "\n").join(locs), mons)
    return grid


def _capitol(t: Tables, full: bool) -> Text:
    """The Capitol's two Locations (Development Phase only): ``activate guild-hall 1`` is the
    Guild Hall's first option."""
    text = Text("Capitol", style="bold")
    text.append(" (Development Phase): ", style="dim")
    for n, ref in enumerate(t.capitol):
        loc = t.locations[ref]
        if n:
            text.append(" · ")
        text.append(loc.name, style="bold")
        options = [option_text(loc, i) for i in range(len(loc.options))]
        if len(options) > 1:
            text.append(" " + " ".join(f"{i}) {o}" for i, o in enumerate(options, start=1)))
        elif full:
            text.append(f": {options[0]}")
    return text


def _face_up(t: Tables, v: dict[str, Any], texts: bool) -> Text:
    text = Text("Tiles face up: ", style="bold")
    cells = []
    for ref in v["face_up_locations"]:
        loc = t.locations[t.loc_index[ref]]
        cell = Text(loc.name)
        if texts:
            cell.append(" (" + " / ".join(option_text(loc, i) for i in range(len(loc.options))) + ")", style="dim")
        cells.append(cell)
    return text + (Text(" · ").join(cells) if cells else Text("none left", style="dim"))


def _council(t: Tables, v: dict[str, Any], bonus: bool) -> Text:
    drawn = v["council_arrives_drawn"]
    text = Text("Dark Council ", style="bold")
    text.append("(can be fought): " if drawn >= 3 else f"(after the third Arrives card; {drawn} drawn): ",
                style="bold red" if drawn >= 3 else "dim")
    cells = []
    for entry in v["overlords"]:
        m = t.monsters[t.mon_index[entry["monster"]]]
        cell = Text(f"{m.name}{' (Henchman)' if m.council == 'henchman' else ''} str {m.strength}, {m.vp} VP")
        if bonus and entry["bonus"] is not None:
            token = next((b for b in t.bonuses if b.id == entry["bonus"]), None)
            if token is not None:
                cell.append(f" [{bonus_text(token)}]", style="dim")
        fought = [pname(p["seat"]) for p in v["players"] if entry["monster"] in p["overlords_fought"]]
        if fought:
            cell.append(f" (fought by {', '.join(fought)})", style="italic")
        cells.append(cell)
    return text + Text(" · ").join(cells)


def _players(v: dict[str, Any], you: int | None) -> Table:
    """A line a player: VP, Tavern, Lodgings, bag, Hero levels, Quests in hand and done,
    Monsters beaten (the meeples by their short names: ``_yours`` gives the legend)."""
    grid = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
    for n, title in enumerate(("Player", "VP", "Tavern", "Lodgings", "Bag", "Heroes", "Quests", "Beaten")):
        grid.add_column(title, no_wrap=n not in (2, 3), justify="right" if n in (1, 4, 7) else "left")
    for p in v["players"]:
        seat = p["seat"]
        who = Text("▶ " if seat == v["current"] and not v["over"] else "  ") + player_text(seat, you)
        heroes = " ".join(f"{k[0].upper()}{p['hero_levels'].get(k, 1)}" for k in BASIC_HEROES)
        done = len(p["completed_quests"])
        grid.add_row(who, Text(str(p["vp"]), style="bold"), meeples(p["tavern"], short=True),
                     meeples(p["lodgings"], short=True), str(p["bag_size"]), heroes,
                     f"{p['quests_in_hand']} ({done} done)", str(len(p["defeated"])))
    return grid


def _yours(t: Tables, v: dict[str, Any], you: int | None, full: int) -> Text | None:
    """Your bag (held back, gained) and, with ``full`` 1 or more, your Heroes with their combat
    values, (2) what you completed and beat; and the legend of the short meeple names."""
    shown = {k for p in v["players"] for zone in ("tavern", "lodgings") for k in p[zone]}
    if you is not None and not full:
        shown |= {k for zone in ("bag", "held", "waiting") for k in v["players"][you][zone]}
    legend = Text(" ".join(f"{short}={kind}" for kind, short in SHORT.items() if kind in shown), style="dim")
    if you is None:
        return legend
    p = v["players"][you]
    text = Text("You: ", style="bold")
    text.append("bag ")
    text.append_text(meeples(p["bag"], "empty", short=not full))
    for key, word in (("held", "held back"), ("waiting", "gained (on their cards until Clean Up)")):
        if p[key]:
            text.append(f" · {word} ")
            text.append_text(meeples(p[key], short=not full))
    if p["extra_draw"]:
        text.append(f" · extra draw {p['extra_draw']}")
    if not full:
        return text + Text(" · ") + legend
    text.append(" · Heroes ")
    text.append_text(Text(", ").join(
        Text(f"{k} L{lv} ({t.combat[KINDS.index(k)][lv]})", style=KIND_STYLE[k])
        for k in BASIC_HEROES for lv in [p["hero_levels"].get(k, 1)]))
    if full > 1:
        for key, word, table, index in (("completed_quests", "completed", t.quests, t.quest_index),
                                        ("defeated", "beaten", t.monsters, t.mon_index),
                                        ("tower_rooms", "Tower Rooms", t.rooms, t.room_index)):
            if p[key]:
                text.append(f"\n{word.capitalize()}: " + ", ".join(table[index[x]].name for x in p[key]), style="dim")
    return text + Text("\n") + legend


def _quests(t: Tables, v: dict[str, Any], you: int | None, texts: bool) -> Text | None:
    if you is None:
        return None
    quests = [t.quests[t.quest_index[q]] for q in v["players"][you].get("quests", [])]
    if not quests:
        return Text("No Quest in hand.", style="dim")
    text = Text("Your Quests: ", style="bold")
    for n, q in enumerate(quests):
        head = f"{q.name} ({QUEST_TYPES.get(q.type, q.type)}, {q.vp} VP, -{q.penalty})"
        if texts:
            text.append(f"\n  {head}: ", style="bold")
            text.append(quest_text(q))
        else:
            text.append(("" if n == 0 else " · ") + head)
    return text
