"""What the simulation's balance report compares across Mage Knight games: per seat its hero,
the Tactics it took, the scenario (tags, for win rates), and the sites it conquered by type
(counts: the Shields it has on each kind of site at the end, facts 4.4-4.6)."""

from __future__ import annotations

from .content import Tables
from .game_state import MKState
from .map.exploring import space


def balance_tags(t: Tables, m: MKState) -> list[list[str]]:
    g = m.g
    out = []
    for i, p in enumerate(g.players):
        tags = [f"hero:{t.hero[m.heroes[i]].name}"]
        tags += [f"tactic:{t.tactic[x].name}" for x in sorted(set(p.tactics_taken))]
        if g.scenario:
            tags.append(f"scenario:{g.scenario}")
        out.append(tags)
    return out


def sites_conquered(t: Tables, m: MKState) -> list[dict[str, int]]:
    """Per seat, the Shields it has on the map by site type (``site:keep``...)."""
    g = m.g
    out: list[dict[str, int]] = [{} for _ in g.players]
    for h in sorted(g.shields):
        sp = space(t, g, h)
        kind = sp.site if sp is not None and sp.site else "space"
        for player in g.shields[h]:
            key = f"site:{kind}"
            out[player][key] = out[player].get(key, 0) + 1
    return out


__all__ = ["balance_tags", "sites_conquered"]
