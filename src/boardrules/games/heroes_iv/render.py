"""The terminal picture of a player's view: the spaces of the map with their cards, markers and
Guard Stacks, every Army Stack, the players' piles, and your hand and Adventure Stack."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .queries import pname


def _who(seat: int) -> str:
    return pname(seat) if seat >= 0 else "-"


def render(v: dict[str, Any], player: int | None) -> Any:
    """The picture of ``player``'s view ``v`` (views.view)."""
    title = (f"Heroes IV: round {v['round']} of {v['rounds']}, {pname(v['current'])} to play "
             f"({pname(v['first'])} plays first)")
    spaces = Table(title=title, title_justify="left")
    for col in ("Hex", "Space", "Card", "Held by", "Marker", "Guards (Protect)", "Under the card"):
        spaces.add_column(col)
    for hex, sp in v["spaces"].items():
        card = sp["card"] or ("(taken)" if sp["emptied"] else "undefined")
        if sp["turned"] == "Unclaimed":
            card += " (Unclaimed)"
        marker = f"L{sp['marker']} ({_who(sp['marker_of'])})" if sp["marker"] >= 0 else ""
        guards = f"{', '.join(sp['guards'])} [guarded by {_who(sp['guarding'])}]" if sp["guards"] else ""
        spaces.add_row(hex, sp["kind"], card, _who(sp["owner"]), marker, guards, ", ".join(sp["under"]))
    stacks = Table(title="Army Stacks (top card first)", title_justify="left")
    for col in ("Marker", "Player", "Hex", "Cards", "Movement left"):
        stacks.add_column(col)
    for a in v["armies"]:
        stacks.add_row(f"A{a['marker']}", pname(a["owner"]), str(a["hex"]), ", ".join(a["cards"]), str(a["mp"]))
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
    if v.get("battle"):  # the battle under way, line by line (battle.describe)
        parts.append(Text("Battle\n" + "\n".join(v["battle"]["lines"]), style="bold"))
    return Group(*parts)
