"""The terminal picture of a player's view: the map hex by hex (terrain, spaces, Army Stacks),
the spaces with their cards, markers and Guard Stacks, every Army Stack, the players' piles, and
your hand and Adventure Stack."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .board import Board
from .hexmap import HexMap, legend
from .queries import pname


def clock_words(v: dict[str, Any]) -> str:
    """Where the game stands, never past its end (issue 24: "the last board says round 13 of 12")."""
    if v["over"]:
        return f"the game is over after round {v['rounds']}"
    if v["stage"] in ("build", "start"):
        return f"setting up, then {v['rounds']} rounds"
    return f"round {v['round']} of {v['rounds']}"


def _who(seat: int) -> str:
    return pname(seat) if seat >= 0 else "-"


def render(v: dict[str, Any], player: int | None, board: Board | None = None,
           codes: dict[str, str] | None = None, card_texts: dict[str, str] | None = None,
           impassable: frozenset[str] = frozenset(), slots: tuple[tuple[int, int], ...] = ()) -> Any:
    """The picture of ``player``'s view ``v`` (views.view), with the map drawn from ``board``
    (the sections placed, public; ``slots``: the free ones, while it is built) and the terrain
    letters ``codes`` (``impassable``: those terrains); ``card_texts``: each card of the player's
    hand and Adventure Stack in a few words with its numbers (labels.card_text)."""
    title = f"Heroes IV: {clock_words(v)}, {pname(v['current'])} to play ({pname(v['first'])} plays first)"
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
    placed = Text("Map sections: " + ", ".join(f"{sid} at {a}:{b}" for sid, a, b in v["map"]), style="dim")
    parts: list[Any] = [spaces, stacks, players, placed]
    if player is not None and isinstance(v["players"][player]["hand"], list):  # in full: a narrow table cuts names
        me = v["players"][player]
        parts.append(Text(f"Your hand: {', '.join(me['hand']) or '(empty)'}; your Adventure Stack: "
                          f"{', '.join(me['adventure']) or '(empty)'}", style="bold"))
        for card in dict.fromkeys(sorted(me["hand"] + me["adventure"])):  # what you buy and define with
            if card_texts and card in card_texts:
                parts.append(Text(f"  {card}: {card_texts[card]}", style="dim"))
    if board is not None and len(board):
        parts[:0] = [HexMap(board, v, codes or {}, slots), legend(codes or {}, impassable, bool(slots), "")]
    if v.get("battle"):  # the battle under way, line by line (battle.describe)
        parts.append(Text("Battle\n" + "\n".join(v["battle"]["lines"]), style="bold"))
    return Group(*parts)
