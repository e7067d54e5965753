"""Small questions about a Small World position that several sections ask: a player's name
(the engine's, shared by every game), the Power of the player whose turn it is, whom a
Diplomat may name, which Race a defender redeploys, the tokens a combo gives."""

from __future__ import annotations

from ...engine.naming import pname as pname
from .state import AMAZON_EXTRA, AMAZONS, SWState
from .tables import Tables


def has_power(s: SWState, power: int) -> bool:
    """Whether the player whose turn it is has ``power`` on the active combo."""
    return s.players[s.current].power == power


def peace_choices(s: SWState) -> list[int]:
    """Diplomat: the opponents whose active Race you did not attack this turn."""
    return [i for i in range(s.num_players) if i != s.current and i not in s.attacked]


def defender_race(s: SWState, player: int) -> int:
    """The Race a defender redeploys: the active one, or Ghouls in decline."""
    p = s.players[player]
    if p.race >= 0 and s.hand[p.race]:
        return p.race
    return next(d[0] for d in p.declines if s.hand[d[0]])


def combo_tokens(t: Tables, s: SWState, race: int, power: int) -> int:
    """The Race tokens a combo gives when taken: banner + badge (Amazons 4 more, for
    conquests), as many as the box still holds."""
    n = t.races[race].tokens + t.powers[power].tokens + (AMAZON_EXTRA if race == AMAZONS else 0)
    return min(n, s.tray[race])
