"""SET-UP: the map for the player count, Lost Tribes and Mountains, 5 coins each, the Race
banners and Power badges shuffled, and six combos face up."""

from __future__ import annotations

from ...engine import Rng
from .state import LOST_TRIBE, MARKET_SIZE, NOBODY, NONE, START_COINS, Player, SWState
from .tables import Tables


def new_game(t: Tables, num_players: int, seed: int) -> SWState:
    s = SWState()
    s.rng = Rng(seed)
    s.num_players = num_players
    m = t.maps[num_players]
    s.map = num_players
    s.turns = m.turns
    s.players = [Player() for _ in range(num_players)]
    s.bank -= START_COINS * num_players
    n = m.n
    s.owner = [NOBODY] * n
    s.race = [NONE] * n
    s.tokens = [0] * n
    s.declined = [False] * n
    s.lair = [False] * n
    s.fortress = [False] * n
    s.camps = [0] * n
    s.hole = [False] * n
    s.hero = [False] * n
    s.peace = [NOBODY] * num_players
    # a Lost Tribe token on each Region with the Lost Tribe symbol (Mountains are in the map)
    for r in range(n):
        if m.lost_tribe[r]:
            s.owner[r] = LOST_TRIBE
            s.tokens[r] = 1
            s.lost_tribes -= 1
    s.tray = [race.box for race in t.races]
    s.hand = [0] * len(t.races)
    s.race_deck = list(range(len(t.races)))
    s.power_deck = list(range(len(t.powers)))
    s.rng.shuffle(s.race_deck)
    s.rng.shuffle(s.power_deck)
    reveal_combos(s)
    s.stage = "start"
    return s


def reveal_combos(s: SWState) -> None:
    """Five combos in a column, and the tops of the two stacks make the sixth: while both
    stacks last, six combos are on offer (a banner or badge put back under an emptied stack
    is at once on top)."""
    while len(s.market) < MARKET_SIZE and s.race_deck and s.power_deck:
        s.market.append([s.race_deck.pop(), s.power_deck.pop(), 0])
    s.race_seen = min(s.race_seen, len(s.race_deck))
    s.power_seen = min(s.power_seen, len(s.power_deck))
