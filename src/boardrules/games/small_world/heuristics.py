"""The greedy agent's view of a position: coins, plus what the board will pay."""

from __future__ import annotations

from ...engine import Action, Decision, Rng
from .conquest import cost
from .scoring import turn_coins
from .state import SWState
from .tables import Tables

DONE = Action("done")


def evaluate(t: Tables, s: SWState, player: int) -> float:
    """Coins so far, plus what the player's Regions would pay now (counted once more for each
    turn left would overrate a Race about to decline), plus a little for tokens in hand."""
    if s.over:
        best = max(p.coins for p in s.players)
        return s.players[player].coins + (1000.0 if s.players[player].coins == best else 0.0)
    p = s.players[player]
    income, _ = turn_coins(t, s, player)
    turns_left = max(s.turns - s.turn, 0) + (1 if s.current <= player else 0)
    in_hand = s.hand[p.race] if p.race >= 0 else 0
    return p.coins + income * (1 + 0.6 * min(turns_left, 3)) + 0.3 * in_hand


def greedy_action(t: Tables, s: SWState, d: Decision, rng: Rng) -> Action | None:
    """Steer the choices the one-step lookahead cannot judge: take the combo with the most
    tokens for its price; end conquests only when none is affordable."""
    names = {a.name for a in d.actions}
    if "pick" in names:
        best, choice = -1e9, None
        for i, (race, power, coins) in enumerate(s.market):
            a = t.pick_action[race]
            if a not in d.actions:
                continue
            value = t.races[race].tokens + t.powers[power].tokens + 0.5 * (coins - i) + rng.below(100) / 1000
            if value > best:
                best, choice = value, a
        return choice
    if "decline" in names and _worn_out(t, s):
        return Action("decline")
    if "conquer" in names:
        # the cheapest conquest first: more Regions for the same tokens
        conquers = [a for a in d.actions if a.name == "conquer"]
        return min(conquers, key=lambda a: (_cost(t, s, int(a.args[0])), rng.below(1000)))
    if "place" in names:
        # redeploy where the Region is most exposed: bordering the most Regions not ours
        m = t.maps[s.map]
        me = d.player

        def exposure(a: Action) -> tuple[int, int, int]:
            r = int(a.args[0])
            return (sum(1 for j in m.adjacent[r] if s.owner[j] != me and not m.water[j]) - s.tokens[r],
                    -s.tokens[r], rng.below(1000))

        return max((a for a in d.actions if a.name == "place" and len(a.args) == 1), key=exposure)
    return None


def _worn_out(t: Tables, s: SWState) -> bool:
    """Decline when the active Race has too few tokens left to conquer much, while a new combo
    still has turns to pay back (not on the last turn)."""
    p = s.players[s.current]
    if s.turn >= s.turns:
        return False
    hand = s.hand[p.race] - (4 if t.races[p.race].id == "amazons" else 0)
    return hand <= 3


def _cost(t: Tables, s: SWState, r: int) -> int:
    return cost(t, s, r)
