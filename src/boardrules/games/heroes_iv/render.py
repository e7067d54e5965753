"""The terminal picture of a player's view: the map hex by hex (terrain, spaces, Army Stacks),
the spaces with their cards, markers and Guard Stacks, every Army Stack, the players' piles, and
your hand and Adventure Stack."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .board import Board
from .queries import pname

KIND_LETTER = {"town": "T", "dwelling": "D", "location": "L"}


def map_picture(board: Board, v: dict[str, Any], codes: dict[str, str]) -> Text:
    """The map as rows of hexes (pointy-top, each row half a hex to the right of the one above),
    two lines a row: the hex numbers the actions use, then what is there: an Army Stack by its
    marker (A3), else a space by its kind and state (T? an undefined Town, L* a guarded Location,
    D- a defined Dwelling nobody holds, T2 a Town held by Player 2), else the terrain's letter
    (upper case impassable). Public only: the view's spaces
    and stacks."""
    stacks: dict[int, list[int]] = {}
    for a in v["armies"]:
        stacks.setdefault(a["hex"], []).append(a["marker"])
    spaces = {int(h): sp for h, sp in v["spaces"].items()}
    rows: dict[int, list[tuple[int, int]]] = {}
    for i, (q, r) in enumerate(board.coords):
        rows.setdefault(r, []).append((2 * q + r, i))
    left = min(x for row in rows.values() for x, _ in row)
    out = Text()
    for r in sorted(rows):
        line_n, line_t = "", ""
        for x, i in sorted(rows[r]):
            pad = 2 * (x - left) - len(line_n)
            line_n += " " * pad + f"{i:>3} "
            line_t += " " * pad + _cell(board, i, spaces.get(i), stacks.get(i, []), codes) + " "
        out.append(line_n.rstrip() + "\n", style="dim")
        out.append(line_t.rstrip() + "\n")
    out.append("Hex numbers above what is there: A3 Army Stack 3 (A3+ with others); T/D/L a Town, Creature Dwelling or Location "
               "Space (undefined: T?, guarded: T*, defined: T-, held: T2 by Player 2); terrain "
               + ", ".join(f"{k} {t}" for t, k in codes.items()) + " (upper case: impassable)", style="dim")
    return out


def _cell(board: Board, i: int, sp: dict[str, Any] | None, markers: list[int], codes: dict[str, str]) -> str:
    if markers:
        word = f"A{min(markers)}" + ("+" if len(markers) > 1 else "")  # A2+: Army Stack 2 and others
        return f"{word:>3}" if len(word) <= 3 else "A+"
    if sp is not None:
        mark = "?" if not sp["card"] and not sp["emptied"] else "*" if sp["guards"] else \
            str(sp["owner"] + 1) if sp["owner"] >= 0 else "-"
        return f" {KIND_LETTER[sp['kind']]}{mark}"
    code = codes.get(board.terrain[i], "?")
    return f"  {code.upper() if board.impassable[i] else code}"


def _who(seat: int) -> str:
    return pname(seat) if seat >= 0 else "-"


def render(v: dict[str, Any], player: int | None, board: Board | None = None,
           codes: dict[str, str] | None = None, card_texts: dict[str, str] | None = None) -> Any:
    """The picture of ``player``'s view ``v`` (views.view), with the map drawn from ``board``
    (the sections placed, public) and the terrain letters ``codes``; ``card_texts``: each card
    of the player's hand and Adventure Stack in a few words with its numbers (labels.card_text)."""
    title = (f"Heroes IV: round {v['round']} of {v['rounds']}, {pname(v['current'])} to play "
             f"({pname(v['first'])} plays first)")
    spaces = Table(title=title, title_justify="left")
    for col in ("Hex", "Space", "Card", "Held by", "Marker", "Guards (Protect)", "Under the card"):
        spaces.add_column(col)
    for hex, sp in v["spaces"].items():
        card = sp["card"] or ("(taken)" if sp["emptied"] else "undefined")
        if sp["turned"] == "Unclaimed":
            card += " (Unclaimed)"
        marker = f"{'T' if sp['kind'] == 'town' else 'L'}{sp['marker']} ({_who(sp['marker_of'])})" if sp["marker"] >= 0 else ""
        guards = f"{', '.join(sp['guards'])} [guarded by {_who(sp['guarding'])}]" if sp["guards"] else ""
        spaces.add_row(hex, sp["kind"], card, _who(sp["owner"]), marker, guards, ", ".join(sp["under"]))
    stacks = Table(title="Army Stacks (top card first)", title_justify="left")
    for col in ("Marker", "Player", "Hex", "Cards", "Movement left"):
        stacks.add_column(col)
    for a in v["armies"]:
        where = str(a["hex"]) if a["hex"] >= 0 else "not placed"
        stacks.add_row(f"A{a['marker']}", pname(a["owner"]), where, ", ".join(a["cards"]), str(a["mp"]))
    players = Table(title="Players", title_justify="left")
    for col in ("Player", "Alignment", "Deck", "Hand", "Adventure Stack", "Discard", "Artifacts"):
        players.add_column(col)
    for i, p in enumerate(v["players"]):
        hand = ", ".join(p["hand"]) if isinstance(p["hand"], list) else str(p["hand"])
        adventure = ", ".join(p["adventure"]) if isinstance(p["adventure"], list) else str(p["adventure"])
        arts = "; ".join(f"{h}: {', '.join(a)}" for h, a in p["artifacts"].items())
        players.add_row(pname(i) + (" (you)" if i == player else ""), p["alignment"], str(p["deck"]), hand,
                        adventure, str(len(p["discard"])), arts)
    legend = Text("Map sections: " + ", ".join(f"{sid} at {a}:{b}" for sid, a, b in v["map"]), style="dim")
    parts: list[Any] = [spaces, stacks, players, legend]
    if player is not None and isinstance(v["players"][player]["hand"], list):  # in full: a narrow table cuts names
        me = v["players"][player]
        parts.append(Text(f"Your hand: {', '.join(me['hand']) or '(empty)'}; your Adventure Stack: "
                          f"{', '.join(me['adventure']) or '(empty)'}", style="bold"))
        for card in dict.fromkeys(sorted(me["hand"] + me["adventure"])):  # what you buy and define with
            if card_texts and card in card_texts:
                parts.append(Text(f"  {card}: {card_texts[card]}", style="dim"))
    if board is not None and len(board):
        parts.insert(0, map_picture(board, v, codes or {}))
    if v.get("battle"):  # the battle under way, line by line (battle.describe)
        parts.append(Text("Battle\n" + "\n".join(v["battle"]["lines"]), style="bold"))
    return Group(*parts)
