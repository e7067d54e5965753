"""What the sites give, shared by their rules: mana crystals (CRYSTAL MINES "Mining", the
random crystals of MONSTER DEN and SPAWNING GROUNDS "Reward", ANCIENT RUINS tokens), taken at the
rulebook's "End of the Turn" (facts 6.1 "Crystals"); Shields on a conquered site and a city's
leader by them (facts 4.6); and ``site_here``, the site on a hero's space, which every site rule
reads."""

from __future__ import annotations

from ....engine import Event
from ..cards.mana import CRYSTAL_LIMIT, roll_die
from ..content import Tables
from ..game_state import BASIC, GameState, PlayerState
from ..map.exploring import space
from ..map.hexes import Hex


def gain_crystal(p: PlayerState, colour: str) -> bool:
    """CRYSTAL MINES / rewards: a crystal to the Inventory, at most 3 of a colour (a 4th is lost,
    facts 6.1 end-of-turn wording)."""
    if p.crystals[colour] >= CRYSTAL_LIMIT:
        return False
    p.crystals[colour] += 1
    return True


RANDOM_CRYSTAL = "random-crystal"  # a pending reward: a mana die rolled for it at the end of the turn
CRYSTALS_ALL = "crystals-all"  # a pending reward: a crystal of each basic colour (ANCIENT RUINS tokens)
CRYSTAL_REWARDS = (RANDOM_CRYSTAL, CRYSTALS_ALL)  # the rewards taken without a choice (take_crystal_rewards)


def random_crystals(p: PlayerState, n: int) -> None:
    """MONSTER DEN, SPAWNING GROUNDS "Reward": random mana crystals, won now and taken at the end
    of the turn (facts 6.1 "All combat rewards ... are taken at the END of your turn";
    ``take_crystal_rewards``)."""
    p.pending += [RANDOM_CRYSTAL] * n


def take_crystal_rewards(s: GameState, player: int, events: list[Event]) -> bool:
    """The rulebook's "End of the Turn" 5a (facts 6.1 "Crystals"): the crystals won are added to
    the Inventory (over 3 of a colour: nothing); a mana die is rolled per random crystal: gold, a
    crystal of your choice (the pending ``crystal-choice``), black, Fame +1 instead. Returns
    whether a die was rolled (what it showed is new to the player)."""
    p = s.players[player]
    rolled = False
    for reward in [r for r in p.pending if r in CRYSTAL_REWARDS]:
        p.pending.remove(reward)
        if reward == CRYSTALS_ALL:
            for colour in BASIC:
                gain_crystal(p, colour)
            events.append(Event("crystals", "takes a crystal of each basic colour", player, {"reward": reward}))
            continue
        roll = roll_die(s.rng)
        rolled = True
        events.append(Event("mana-die", f"rolls {roll} for a crystal", player, {"roll": roll}))
        if roll == "black":
            p.fame += 1
            events.append(Event("fame", "Fame +1 instead of a crystal (black)", player, {"fame": 1}))
        elif roll == "gold":
            p.pending.append("crystal-choice")
        elif gain_crystal(p, roll):
            events.append(Event("crystal", f"gains a {roll} crystal", player, {"colour": roll}))
    return rolled


def shield(s: GameState, player: int, h: Hex) -> None:
    s.shields.setdefault(h, []).append(player)
    s.players[player].shields += 1


def site_here(t: Tables, s: GameState, player: int) -> str:
    sp = space(t, s, s.players[player].position)
    return (sp.site or "") if sp else ""


def city_leader(s: GameState, h: Hex) -> int:
    """The leader of a city: the most Shields on its card; a tie goes to the earliest Shield
    (facts 4.6). -1 without Shields."""
    shields = s.shields.get(h, [])
    if not shields:
        return -1
    most = max(shields.count(x) for x in shields)
    return next(x for x in shields if shields.count(x) == most)
