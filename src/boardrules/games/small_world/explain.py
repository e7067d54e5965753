"""Why an action is illegal, in a player's words, naming the rule it breaks."""

from __future__ import annotations

from ...engine import Action, Decision
from . import conquest as cq
from .state import SWState
from .tables import Tables


def explain(t: Tables, s: SWState, d: Decision | None, a: Action) -> tuple[str, str]:
    """(reason, rule) for ``a``, which is not among the legal actions of decision ``d``."""
    if d is None:
        return ("the game is over", "End of the game")
    stage = s.stage
    m = t.maps[s.map]
    region = _region(a, m.n)
    if a.name in ("conquer", "reinforce", "dragon", "enchant") and stage != "conquer":
        return ("this is not the time to conquer", "Conquering Regions")
    if a.name in ("conquer", "reinforce", "dragon") and region is None:
        return (f"{a.text!r}: name a Region by its number, 0 to {m.n - 1}", "Conquering a Region")
    if a.name in ("conquer", "reinforce", "dragon") and region is not None:
        if s.conquests_over:
            return ("your final conquest has been made: no more conquests this turn", "Final Conquest")
        hand = s.hand[s.acting]
        if hand < 1:
            return ("a player must always have at least one Race token available to initiate a new conquest",
                    "Conquering a Region")
        why = cq.refusal(t, s, region)
        if why is not None:
            return why
        need = cq.cost(t, s, region)
        if a.name == "conquer" and need > hand:
            return (f"conquering Region {region} takes {need} Race tokens and you have {hand} in hand",
                    "Conquering a Region")
        if a.name == "reinforce" and need <= hand:
            return (f"you have enough tokens to conquer Region {region}: the reinforcement die is only for a "
                    "final conquest you cannot pay for", "Final Conquest")
        if a.name == "reinforce":
            return (f"Region {region} is {need - hand} tokens out of reach: the reinforcement die shows at most 3",
                    "Final Conquest")
        if a.name == "dragon":
            return ("the Dragon attacks once a turn, for a Dragon Master", "Dragon Master")
    if a.name == "decline":
        if s.picked_now:
            return ("you took this combo this turn: it cannot go into decline before it has conquered",
                    "Entering into Decline")
        if s.started:
            return ("a Race goes into decline instead of conquering, not after", "Entering into Decline")
    if a.name == "abandon" and s.started:
        return ("Regions are abandoned while readying your troops, before your first conquest", "Ready Troops")
    if a.name == "pick" and stage == "pick":
        return ("that combo is not on offer, or you cannot pay 1 coin for each combo above it", "Picking a Combo")
    if a.name == "place":
        return ("tokens are redeployed only into Regions your Race occupies", "Troop Redeployment")
    options = ", ".join(x.text for x in d.actions[:8]) + (", ..." if len(d.actions) > 8 else "")
    return (f"{a.text!r} is not possible now; you may: {options}", "")


def _region(a: Action, n: int) -> int | None:
    if len(a.args) != 1 or not a.args[0].isdigit():
        return None
    r = int(a.args[0])
    return r if r < n else None
