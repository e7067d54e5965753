"""The terminal picture behind the ``board`` command (the frame shown when asked is
``frame.py``): the map as a table of Regions with their borders, your hand and coins, the
combos on offer with what their Power and Race do in a few words."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .queries import pname
from .tables import Tables

TERRAIN_STYLE = {"sea": "blue", "lake": "cyan", "farmland": "yellow", "forest": "green", "hill": "bright_green",
                 "mountain": "white", "swamp": "magenta"}


def render(t: Tables, v: dict[str, Any], player: int | None) -> Any:
    """The picture of ``player``'s view ``v`` (views.view); ``t`` gives the Races' and Powers'
    texts."""
    regions = Table(title=f"Small World, {v['map']} map: turn {v['turn']} of {v['turns']}", title_justify="left")
    for col in ("Region", "Terrain", "Symbols", "Owner", "Race", "Tokens", "Markers", "Borders"):
        regions.add_column(col, justify="right" if col in ("Region", "Tokens") else "left")
    for r in v["regions"]:
        owner = r["owner"]
        who = "Lost Tribe" if owner == "lost-tribe" else "" if owner is None else pname(owner)
        race = (r["race"] or "") + (" (decline)" if r["in_decline"] else "")
        regions.add_row(str(r["region"]) + (" *" if r["border"] else ""),
                        Text(r["terrain"], style=TERRAIN_STYLE.get(r["terrain"], "")),
                        ", ".join(r["symbols"]), who, race, str(r["tokens"] or ""), ", ".join(r["markers"]),
                        " ".join(str(x) for x in r["borders"]))
    market = market_table(t, v)
    players = Table(title="Players", title_justify="left")
    for col in ("Player", "Coins", "Active combo", "In hand", "In decline"):
        players.add_column(col)
    for i, p in enumerate(v["players"]):
        combo = f"{p['power']} {p['race']}" if p["race"] else "-"
        declines = ", ".join(d["race"] for d in p["declines"]) or "-"
        players.add_row(p["name"] + (" (you)" if i == player else ""), str(p["coins"]), combo, str(p["in_hand"]),
                        declines)
    legend = Text("* border Region (a first conquest enters through one, or through the shore of a Sea at the edge)",
                  style="dim")
    return Group(regions, legend, market, players)


def market_table(t: Tables, v: dict[str, Any]) -> Table:
    """The combos on offer with their tokens, the coins on them and what their Power and Race
    do in a few words."""
    short = t.content.short  # what each Power and Race does, in a few words (info NAME: in full)
    market = Table(title="Combos on offer (pay 1 coin per combo above; info NAME tells a Race or Power in full)",
                   title_justify="left")
    for col in ("#", "Power", "Race", "Tokens", "Coins", "What they do"):
        market.add_column(col)
    for c in v["market"]:
        does = "; ".join(x for x in (short.get(c["power"]), short.get(c["race"])) if x)
        market.add_row(str(c["position"]), c["power"], c["race"], str(c["tokens"]), str(c["coins"]), does)
    return market
