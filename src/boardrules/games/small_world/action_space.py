"""The action space of Small World for learning programs (engine.spaces): every action the
rules can offer on the map of a player count, the same in every state."""

from __future__ import annotations

from ...engine.spaces import ActionSpace, ActionTemplate
from .tables import Tables


def action_space(t: Tables, num_players: int, key: str) -> ActionSpace:
    """One template per action; a Region is its number on this player count's map, a player
    named by a Diplomat their seat number from 1."""
    regions = tuple(str(r) for r in range(t.maps[num_players].n))
    races = tuple(r.id for r in t.races)
    seats = tuple(str(i + 1) for i in range(num_players))
    region_actions = ("abandon", "conquer", "reinforce", "dragon", "enchant", "place", "camp",
                      "fortress", "hero")
    return ActionSpace(key, (
        ActionTemplate("pick", (races,)), ActionTemplate("pass"),
        *(ActionTemplate(name, (regions,)) for name in region_actions),
        ActionTemplate("place", (regions, ("all",))),
        ActionTemplate("roll"), ActionTemplate("decline"),
        ActionTemplate("peace", (seats,)), ActionTemplate("done"),
    ))
