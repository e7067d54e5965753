"""The terminal picture of a Meeples & Monsters game, built from ``view(state, player)``.

Everything shown comes from the player's view (so nothing hidden leaks) and from the card
content tables. Sized for a 100-column terminal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .content_model import Location, Monster
from .names import pname
from .state import DISTRICTS, KINDS, MMState
from .tables import Tables
from .texts import bonus_text, effects_text, needs_text, option_text, quest_text
from .views import view

KIND_STYLE = {
    "peasant": "white", "knight": "bold", "warrior": "blue", "mage": "yellow", "cleric": "red",
    "ranger": "green", "paladin": "magenta", "shaman": "dark_orange", "corruption": "dim",
}
SHORT = {
    "peasant": "pe", "knight": "kn", "warrior": "wa", "mage": "ma", "cleric": "cl",
    "ranger": "ra", "paladin": "pa", "shaman": "sh", "corruption": "co",
}
PLAYER_STYLE = ("bold cyan", "bold magenta", "bold green", "bold yellow")
TYPE_STYLE = {"humanoid": "cyan", "undead": "magenta", "beast": "green"}
PHASES = {
    "start": "Start of turn", "develop": "Development Phase", "develop-resolve": "Development Phase: resolution",
    "main": "Main Phase", "main-resolve": "Main Phase: resolution", "main-cleanup": "Main Phase: clean up",
    "draw": "Draw Phase", "over": "Game over",
}
QUEST_TYPES = {"triggered": "Triggered", "ongoing": "Ongoing", "end": "End of Game"}
BASIC_HEROES = ("knight", "warrior", "mage", "cleric")


# -- words -----------------------------------------------------------------------------------
def player_text(i: int | None, you: int | None = None) -> Text:
    if i is None or i < 0:
        return Text("-")
    text = Text(pname(i), style=PLAYER_STYLE[i % len(PLAYER_STYLE)])
    if i == you:
        text.append(" (you)", style="bold")
    return text


def meeples(counts: Mapping[str, int], empty: str = "-", short: bool = False) -> Text:
    """``{"peasant": 3, "knight": 1}`` as coloured text, in the rulebook's kind order
    (``short``: ``3pe 1kn``, for narrow table cells)."""
    parts = [Text(f"{counts[k]}{SHORT[k]}" if short else f"{counts[k]} {k}", style=KIND_STYLE.get(k, ""))
             for k in KINDS if counts.get(k)]
    return Text(" " if short else ", ").join(parts) if parts else Text(empty, style="dim")


def location_text(loc: Location, extra: str = "") -> Text:
    text = Text(loc.name, style="bold")
    if loc.king_of_the_hill:
        text.append(" [King of the Hill]", style="italic")
    if extra:
        text.append(f" {extra}", style="italic")
    for i in range(len(loc.options)):
        prefix = f"{i + 1}) " if len(loc.options) > 1 else ""
        text.append(f"\n  {prefix}{option_text(loc, i)}", style="dim")
    return text


def _one_line(loc: Location) -> Text:
    """A Location with each option on a line of its own, beside its name (the Capitol row)."""
    text = Text(loc.name, style="bold")
    many = len(loc.options) > 1
    for i in range(len(loc.options)):
        if i:
            text.append("\n" + " " * len(loc.name))
        text.append(f" {i + 1}) " if many else ": ", style="dim")
        text.append(option_text(loc, i), style="dim")
    return text


def monster_text(m: Monster) -> Text:
    text = Text(m.name, style="bold")
    text.append(f" · str {m.strength} · {m.vp} VP · L{m.level} ")
    text.append(m.type, style=TYPE_STYLE.get(m.type, ""))
    if m.effects:
        text.append(f"\n  {effects_text(m.effects)}", style="dim")
    return text


# -- sections --------------------------------------------------------------------------------
def turn_line(v: dict[str, Any], you: int | None) -> Text:
    """The turn, its phase and who plays, and the first player (or the game over)."""
    text = Text()
    if v["over"]:
        text.append("Game over", style="bold red")
        text.append(f" after {v['turn']} turns")
    else:
        text.append(f"Turn {v['turn']}", style="bold")
        text.append(f" · {PHASES.get(v['phase'], v['phase'])} · ")
        text.append_text(player_text(v["current"], you))
        text.append(" to play")
    text.append(" · first player: ")
    text.append_text(player_text(v["first_player"]))
    return text


def _status(v: dict[str, Any], you: int | None) -> Text:
    text = turn_line(v, you)
    text.append("\nMonster deck ")
    text.append(str(v["monster_deck"]), style="bold")
    text.append(" · Location stack ")
    text.append(str(v["location_stack"]), style="bold")
    text.append(" · Quest deck ")
    text.append(str(v["quest_deck"]), style="bold")
    text.append(f" (discard {len(v['quest_discard'])})")
    text.append(" · Dark Council Arrives drawn ")
    drawn = v["council_arrives_drawn"]
    text.append(f"{drawn}/3", style="bold red" if drawn >= 3 else "bold")
    if v["final_turns_left"] >= 0:
        text.append(" · final turns left ")
        text.append(str(v["final_turns_left"]), style="bold red")
    text.append("\nSupply: ")
    text.append_text(meeples(v["supply"], "empty"))
    return text


def _city(t: Tables, v: dict[str, Any]) -> Table:
    towers = any(d["tower"] for d in v["city"])
    table = Table(title="The City", title_justify="left", box=box.SIMPLE_HEAD, expand=True, padding=(0, 1))
    table.add_column("District", style="bold", no_wrap=True)
    table.add_column("Locations", ratio=1)
    table.add_column("Monsters", ratio=1)
    if towers:
        table.add_column("Tower", ratio=1)
    koth = v["koth"]
    stock = v["stock"]
    for d, district in enumerate(v["city"]):
        name = Text(district["district"].title())
        if district["district"] == v["district_used"]:
            name.append("\n(used this turn)", style="italic dim")
        monsters = [m for m in district["monsters"] if m is not None]
        if len(monsters) >= 2:
            name.append("\nOVERRUN", style="bold red")
        locs: list[Text] = []
        for slot, loc_id in enumerate(district["locations"]):
            if loc_id is None:
                vacant = Text(f"slot {slot + 1}: vacant", style="dim")
                bonus = t.slot_bonus.get((d, slot))
                if bonus:
                    vacant.append(f", bonus {effects_text(bonus)}", style="dim")
                locs.append(vacant)
                continue
            extra = []
            if loc_id in koth:
                held = koth[loc_id]
                extra.append(f"held by {pname(held['player'])}: {meeples(held['units']).plain}")
            if stock.get(loc_id):
                extra.append(f"stock: {meeples(stock[loc_id]).plain}")
            locs.append(location_text(t.locations[t.loc_index[loc_id]], "; ".join(extra)))
        mons = [monster_text(t.monsters[t.mon_index[m]]) for m in monsters] or [Text("no Monsters", style="dim")]
        row: list[RenderableType] = [name, Text("\n").join(locs), Text("\n").join(mons)]
        if towers:
            tw = district["tower"]
            if tw:
                room = t.rooms[t.room_index[tw["room"]]]
                cell = Text(room.name, style="bold")
                cell.append(f"\n{needs_text(room.requires)} → {effects_text(room.effects) or room.text}", style="dim")
                cell.append(f"\n{tw['left']} left", style="dim")
                row.append(cell)
            else:
                row.append(Text("empty", style="dim"))
        table.add_row(*row, end_section=True)
    # the Capitol's two Locations (Development Phase): ``activate guild-hall 1`` is its option 1
    capitol = Text("\n").join(_one_line(t.locations[loc]) for loc in t.capitol)
    table.add_row(Text("Capitol"), capitol, Text("Development Phase only", style="dim"), *([""] if towers else []))
    return table


def _face_up(t: Tables, v: dict[str, Any]) -> Table:
    table = Table(title="Location tiles to construct (face up)", title_justify="left", box=box.SIMPLE_HEAD,
                  expand=True, show_header=False, padding=(0, 1))
    table.add_column("a", ratio=1)
    table.add_column("b", ratio=1)
    cells = [location_text(t.locations[t.loc_index[x]]) for x in v["face_up_locations"]]
    if not cells:
        table.add_row(Text("none left", style="dim"), "")
    for i in range(0, len(cells), 2):
        table.add_row(*cells[i:i + 2], *([""] if i + 1 >= len(cells) else []))
    return table


def _council(t: Tables, v: dict[str, Any]) -> Table:
    can = v["council_arrives_drawn"] == 3
    title = Text("The Dark Council: ", style="italic")
    title.append("can be fought now" if can else f"not yet ({v['council_arrives_drawn']}/3 Arrives drawn)",
                 style="bold red" if can else "dim")
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, expand=True, padding=(0, 1))
    table.add_column("Monster", style="bold")
    table.add_column("Str", justify="right")
    table.add_column("VP", justify="right")
    table.add_column("Bonus token")
    table.add_column("Fought by")
    for entry in v["overlords"]:
        m = t.monsters[t.mon_index[entry["monster"]]]
        bonus = "-"
        if entry["bonus"] is not None:
            b = next((b for b in t.bonuses if b.id == entry["bonus"]), None)
            bonus = bonus_text(b) if b is not None else entry["bonus"]
        fought = [player_text(p["seat"]) for p in v["players"] if entry["monster"] in p["overlords_fought"]]
        label = m.name + (" (Henchman)" if m.council == "henchman" else "")
        table.add_row(Text(label), str(m.strength), str(m.vp), Text(bonus), Text(", ").join(fought) if fought else "-")
    return table


def _players(v: dict[str, Any], you: int | None) -> Table:
    legend = " ".join(f"{v}={k}" for k, v in SHORT.items())
    table = Table(title="Players", title_justify="left", box=box.SIMPLE_HEAD, expand=True, padding=(0, 1),
                  caption=legend, caption_justify="left", caption_style="dim")
    table.add_column("Player", no_wrap=True)
    table.add_column("VP", justify="right", style="bold")
    table.add_column("Tavern", ratio=1)
    table.add_column("Lodgings", ratio=1)
    table.add_column("Bag", justify="right")
    table.add_column("Heroes", no_wrap=True)
    table.add_column("Quests", justify="right", no_wrap=True)
    table.add_column("Beaten", justify="right")
    for p in v["players"]:
        seat = p["seat"]
        who = player_text(seat, you)
        if seat == v["current"] and not v["over"]:
            who = Text("▶ ") + who
        heroes = " ".join(f"{k[0].upper()}{p['hero_levels'].get(k, 1)}" for k in BASIC_HEROES)
        table.add_row(
            who, str(p["vp"]), meeples(p["tavern"], short=True), meeples(p["lodgings"], short=True),
            str(p["bag_size"]), heroes, f"{p['quests_in_hand']} ({len(p['completed_quests'])} done)",
            str(len(p["defeated"])),
        )
    return table


def _own_board(t: Tables, v: dict[str, Any], you: int) -> Panel:
    p = v["players"][you]
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("Tavern", meeples(p["tavern"], "empty"))
    grid.add_row("Lodgings", meeples(p["lodgings"], "empty"))
    grid.add_row("Bag", meeples(p["bag"], "empty") + Text(f"  ({p['bag_size']} meeples)", style="dim"))
    if p["held"]:
        grid.add_row("Held back", meeples(p["held"]))
    if p["waiting"]:
        grid.add_row("Gained", meeples(p["waiting"]) + Text("  (on their cards until Clean Up)", style="dim"))
    heroes = Text(", ").join(
        Text(f"{k} L{lv} (combat {t.combat[KINDS.index(k)][lv]})", style=KIND_STYLE[k])
        for k in BASIC_HEROES for lv in [p["hero_levels"].get(k, 1)]
    )
    grid.add_row("Heroes", heroes)
    if p["extra_draw"]:
        grid.add_row("Extra draw", str(p["extra_draw"]))
    if p["completed_quests"]:
        grid.add_row("Completed", Text(", ".join(t.quests[t.quest_index[q]].name for q in p["completed_quests"])))
    if p["defeated"]:
        grid.add_row("Defeated", Text(", ".join(t.monsters[t.mon_index[m]].name for m in p["defeated"])))
    if p["tower_rooms"]:
        grid.add_row("Tower Rooms", Text(", ".join(t.rooms[t.room_index[r]].name for r in p["tower_rooms"])))
    parts: list[RenderableType] = [grid]
    quests = p.get("quests", [])
    if quests:
        qt = Table(box=box.SIMPLE_HEAD, expand=True, padding=(0, 1))
        qt.add_column("Quest in hand", style="bold", no_wrap=True)
        qt.add_column("Type", no_wrap=True)
        qt.add_column("VP", justify="right")
        qt.add_column("Penalty", justify="right")
        qt.add_column("Text", ratio=5)
        for qid in quests:
            q = t.quests[t.quest_index[qid]]
            qt.add_row(Text(q.name), QUEST_TYPES.get(q.type, q.type), str(q.vp),
                       f"-{q.penalty}" if q.penalty else "0", Text(quest_text(q)))
        parts.append(qt)
    else:
        parts.append(Text("No Quest cards in hand.", style="dim"))
    return Panel(Group(*parts), title=Text(f"Your board: {pname(you)} · {p['vp']} VP"), title_align="left",
                 border_style=PLAYER_STYLE[you % len(PLAYER_STYLE)].replace("bold ", ""))


def _target_text(t: Tables, v: dict[str, Any], target: str, option: int | None) -> str:
    """A place Units are assigned to; ``option`` is None when the view does not say."""
    kind, _, ref = target.partition(":")
    try:
        i = int(ref)
    except ValueError:
        return target
    if kind == "mon":
        return f"fight {t.monsters[i].name}"
    if kind == "tower":
        if option is None:
            top = v["city"][i]["tower"]
            room = t.rooms[t.room_index[top["room"]]].name if top else "?"
        else:
            room = t.rooms[option].name
        return f"{DISTRICTS[i].title()} Tower: {room}"
    loc = t.locations[i]
    return loc.name + (f" (option {option + 1})" if option is not None and len(loc.options) > 1 else "")


def _assignments(t: Tables, v: dict[str, Any]) -> Text | None:
    lines: list[Text] = []
    for g in v["assigned"]:
        line = Text(f"  {_target_text(t, v, g['target'], g['option'])}: ") + meeples(g["units"], "none")
        if g["champion"]:
            line.append(" (champion)", style="italic")
        lines.append(line)
    if v["open"] is not None:
        o = v["open"]
        line = Text(f"  {_target_text(t, v, o['target'], None)}: ", style="bold") + meeples(o["units"], "none")
        line.append(" (being assigned now)", style="italic yellow")
        lines.append(line)
    gained = v["players"][v["current"]]["waiting"] if v["players"] else {}
    if gained:
        lines.append(Text("  gained, on their cards until Clean Up: ") + meeples(gained))
    for task in v["pending"]:
        what = task["task"] + (f" {task['monster']}" if "monster" in task else "") + (f" ×{task['n']}" if "n" in task else "")
        lines.append(Text(f"  pending: {what} ({pname(task['player'])})", style="dim"))
    if not lines:
        return None
    return Text("Assignments this turn\n", style="bold").append_text(Text("\n").join(lines))


def render(t: Tables, state: MMState, player: int | None) -> RenderableType:
    """What ``player`` sees (None: an observer, who sees no Quest cards in hand)."""
    you = player if player is not None and 0 <= player < state.num_players else None
    v = view(t, state, you if you is not None else -1)
    parts: list[RenderableType] = [
        Panel(_status(v, you), title=Text("Meeples & Monsters", style="bold"), title_align="left"),
        _city(t, v),
        _face_up(t, v),
        _council(t, v),
        _players(v, you),
    ]
    assigned = _assignments(t, v)
    if assigned is not None:
        parts.append(assigned)
    if you is not None:
        parts.append(_own_board(t, v, you))
    return Group(*parts)
