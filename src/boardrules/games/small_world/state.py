"""The state of a game of Small World: plain data, cheap to clone, JSON-serialisable.

Races and Special Powers are ints in the fixed order of ``content.RACE_IDS`` and
``content.POWER_IDS``; Regions are the map's numbers. Per Region the state holds its owner
(a seat, ``LOST_TRIBE`` or ``NOBODY``), the Race of its tokens, how many, whether they are in
decline, and its markers.
"""

from __future__ import annotations

from typing import Any

from ...engine import Rng
from .content import POWER_IDS, RACE_IDS

(AMAZONS, DWARVES, ELVES, GHOULS, GIANTS, HALFLINGS, HUMANS, ORCS, RATMEN, SKELETONS, SORCERERS,
 TRITONS, TROLLS, WIZARDS) = range(len(RACE_IDS))
(ALCHEMIST, BERSERK, BIVOUACKING, COMMANDO, DIPLOMAT, DRAGON_MASTER, FLYING, FOREST, FORTIFIED, HEROIC,
 HILL, MERCHANT, MOUNTED, PILLAGING, SEAFARING, SPIRIT, STOUT, SWAMP, UNDERWORLD, WEALTHY) = range(len(POWER_IDS))

NOBODY, LOST_TRIBE = -1, -2  # Region owners besides the seats
NONE = -1  # no Race, no Power
MARKET_SIZE = 6
START_COINS = 5
# coins in the box: 30 of 10, 24 of 5, 20 of 3, 35 of 1
COIN_VALUE = 30 * 10 + 24 * 5 + 20 * 3 + 35 * 1
LOST_TRIBE_TOKENS = 18
AMAZON_EXTRA = 4
ENCAMPMENTS = 5
FORTRESSES = 6
HEROES = 2
HOLES = 2


class Player:
    """One player's coins, active combo and Races in decline."""

    __slots__ = ("coins", "race", "power", "declines", "combo_turns", "holes_placed", "played")

    def __init__(self) -> None:
        self.coins = START_COINS  # secret
        self.race = NONE  # the active Race
        self.power = NONE  # its Special Power
        self.declines: list[list[int]] = []  # [race, power] of each Race in decline (oldest first)
        self.combo_turns = 0  # turns completed with the active combo (Wealthy pays after the first)
        self.holes_placed = 0  # Halflings: Holes-in-the-Ground placed by the active Halflings
        self.played: list[list[int]] = []  # [race, power] of every combo taken, in order

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.coins = self.coins
        p.race = self.race
        p.power = self.power
        p.declines = [d[:] for d in self.declines]
        p.combo_turns = self.combo_turns
        p.holes_placed = self.holes_placed
        p.played = [c[:] for c in self.played]
        return p

    def to_json(self) -> dict[str, Any]:
        return {s: getattr(self, s) for s in Player.__slots__}


class SWState:
    """The whole game: map, market, players, the turn in progress."""

    __slots__ = (
        "rng", "num_players", "map", "turns", "turn", "current", "stage", "market", "race_deck",
        "power_deck", "race_seen", "power_seen", "players", "owner", "race", "tokens", "declined", "lair", "fortress", "camps",
        "hole", "hero", "dragon", "tray", "hand", "bank", "lost_tribes", "peace", "last_die",
        # the turn in progress
        "acting", "conquered", "nonempty", "attacked", "enchanted", "dragon_used", "fortress_used",
        "roll", "conquests_over", "started", "abandoned", "picked_now", "defenders", "ghouls_done", "camps_left",
        "heroes_left", "lifted", "over", "decisions", "cached",
    )

    def __init__(self) -> None:
        self.rng = Rng(0)
        self.num_players = 0
        self.map = 0  # the map's player count
        self.turns = 0  # turns on the map's track
        self.turn = 1
        self.current = 0
        self.stage = "start"
        self.market: list[list[int]] = []  # [race, power, coins on it], top first
        self.race_deck: list[int] = []  # top at the end (hidden order)
        self.power_deck: list[int] = []
        # how many banners (badges) at the bottom of the stack everyone saw put back there:
        # their order is known, the rest of the stack is not
        self.race_seen = 0
        self.power_seen = 0
        self.players: list[Player] = []
        # per Region
        self.owner: list[int] = []
        self.race: list[int] = []
        self.tokens: list[int] = []
        self.declined: list[bool] = []
        self.lair: list[bool] = []
        self.fortress: list[bool] = []
        self.camps: list[int] = []
        self.hole: list[bool] = []
        self.hero: list[bool] = []
        self.dragon = NOBODY  # the Region the Dragon is in
        self.tray: list[int] = []  # per Race: tokens in the storage tray
        self.hand: list[int] = []  # per Race: tokens in its owner's hand
        self.bank = COIN_VALUE
        self.lost_tribes = LOST_TRIBE_TOKENS  # Lost Tribe tokens not on the map
        self.peace: list[int] = []  # per seat: the seat whose active Race may not attack theirs (Diplomat)
        # the last roll of the reinforcement die, seen by everyone: [rolls so far, seat, Region
        # (NOBODY for Berserk's roll before choosing one), the roll]
        self.last_die: list[int] = []
        # the turn in progress
        self.acting = NONE  # the Race conquering or redeploying now
        self.conquered: list[int] = []  # Regions conquered this turn by the acting Race
        self.nonempty = 0  # of which were not empty
        self.attacked: list[int] = []  # seats whose active Race was attacked this turn
        self.enchanted: list[int] = []  # seats a Sorcerer replaced a token of this turn
        self.dragon_used = False
        self.fortress_used = False
        self.roll = -1  # Berserk: the die rolled for the next conquest
        self.conquests_over = False  # after the final conquest (reinforcement die)
        self.started = False  # a conquest (or a Berserk roll for one) was made: no more abandoning or declining
        self.abandoned = False  # a Region was abandoned this turn: the Race is expanding (no declining)
        self.picked_now = False  # the combo was taken this turn (no declining)
        self.defenders: list[int] = []  # seats with tokens in hand to redeploy at the end of the turn
        self.ghouls_done = False  # the Ghouls in decline have had their conquests this turn
        self.camps_left = 0  # Bivouacking: Encampments still to place this turn
        self.heroes_left = 0  # Heroic: Heroes still to place this turn
        self.lifted: list[list[int]] = []  # [region, tokens] taken to hand when readying troops
        self.over = False
        self.decisions = 0
        self.cached: Any = None  # the current Decision, computed once (not part of the state)

    def clone(self) -> SWState:
        s = SWState.__new__(SWState)
        s.rng = self.rng.copy()
        s.num_players = self.num_players
        s.map = self.map
        s.turns = self.turns
        s.turn = self.turn
        s.current = self.current
        s.stage = self.stage
        s.market = [m[:] for m in self.market]
        s.race_deck = self.race_deck[:]
        s.power_deck = self.power_deck[:]
        s.race_seen = self.race_seen
        s.power_seen = self.power_seen
        s.players = [p.clone() for p in self.players]
        s.owner = self.owner[:]
        s.race = self.race[:]
        s.tokens = self.tokens[:]
        s.declined = self.declined[:]
        s.lair = self.lair[:]
        s.fortress = self.fortress[:]
        s.camps = self.camps[:]
        s.hole = self.hole[:]
        s.hero = self.hero[:]
        s.dragon = self.dragon
        s.tray = self.tray[:]
        s.hand = self.hand[:]
        s.bank = self.bank
        s.lost_tribes = self.lost_tribes
        s.peace = self.peace[:]
        s.last_die = self.last_die[:]
        s.acting = self.acting
        s.conquered = self.conquered[:]
        s.nonempty = self.nonempty
        s.attacked = self.attacked[:]
        s.enchanted = self.enchanted[:]
        s.dragon_used = self.dragon_used
        s.fortress_used = self.fortress_used
        s.roll = self.roll
        s.conquests_over = self.conquests_over
        s.started = self.started
        s.abandoned = self.abandoned
        s.picked_now = self.picked_now
        s.defenders = self.defenders[:]
        s.ghouls_done = self.ghouls_done
        s.camps_left = self.camps_left
        s.heroes_left = self.heroes_left
        s.lifted = [x[:] for x in self.lifted]
        s.over = self.over
        s.decisions = self.decisions
        s.cached = self.cached
        return s

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in SWState.__slots__:
            if name == "cached":
                continue
            value = getattr(self, name)
            if name == "rng":
                value = value.to_json()
            elif name == "players":
                value = [p.to_json() for p in value]
            out[name] = value
        return out

    # -- questions about the board ------------------------------------------------------
    def regions_of(self, race: int) -> list[int]:
        """The Regions holding tokens of ``race``."""
        return [r for r, x in enumerate(self.race) if x == race]

    def owner_of_race(self, race: int) -> int:
        """The seat playing ``race`` (active or in decline), or NOBODY."""
        for i, p in enumerate(self.players):
            if p.race == race or any(d[0] == race for d in p.declines):
                return i
        return NOBODY
