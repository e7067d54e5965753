"""The state of a game of Meeples & Monsters: plain data, cheap to clone, JSON-serialisable.

Meeples are counted by kind in small lists indexed by the constants below. Cards (Locations,
Monsters, Quests, Tower Rooms) are ints indexing the content tables of the game.
"""

from __future__ import annotations

from operator import add
from typing import Any

from ...engine import Rng

KINDS = ("peasant", "knight", "warrior", "mage", "cleric", "ranger", "paladin", "shaman", "corruption")
PEASANT, KNIGHT, WARRIOR, MAGE, CLERIC, RANGER, PALADIN, SHAMAN, CORRUPTION = range(9)
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
UNITS = range(8)  # every kind but Corruption is a Unit (Corruption is last: counts[:CORRUPTION] are Units)
BASIC_CLASSES = (KNIGHT, WARRIOR, MAGE, CLERIC)  # the classes with Hero cards to level up
BASIC_UNITS = (PEASANT, KNIGHT, WARRIOR, MAGE, CLERIC)  # "Basic Units" (a Shaman may act as one)
PRESTIGE = (RANGER, PALADIN, SHAMAN)
DISTRICTS = ("villages", "castle", "university", "cathedral")
NO_CARD = -1


def zeros() -> list[int]:
    return [0] * 9


NO_MEEPLES = (0,) * 9


def add_all(dst: list[int], src: list[int]) -> None:
    """Add the meeples counted in ``src`` to ``dst``, kind by kind (the loop runs in C: meeples
    move between zones many times a turn)."""
    dst[:] = map(add, dst, src)


def move_all(src: list[int], dst: list[int]) -> None:
    """Move every meeple counted in ``src`` to ``dst``, leaving ``src`` empty."""
    dst[:] = map(add, dst, src)
    src[:] = NO_MEEPLES


class Player:
    """One player's board, bag, Quests and score."""

    __slots__ = (
        "bag", "tavern", "lodgings", "waiting", "vp", "levels", "quests", "completed", "defeated",
        "overlords", "held", "extra_draw", "tower_rooms",
    )

    def __init__(self) -> None:
        self.bag = zeros()
        self.tavern = zeros()
        self.lodgings = zeros()
        # meeples gained this turn, waiting on the card that gave them until a Clean Up Step
        self.waiting = zeros()
        self.vp = 0
        self.levels = [1] * 9  # Hero card level by kind (only basic classes change)
        self.quests: list[int] = []  # Quest cards in hand (secret)
        self.completed: list[int] = []  # completed Quests, face up
        self.defeated: list[int] = []  # defeated Monster pile
        self.overlords: list[int] = []  # Dark Overlords assigned to (Player markers)
        self.held = zeros()  # Units that return to the Tavern after the Draw Phase
        self.extra_draw = 0  # extra meeples to draw in this turn's Draw Phase
        self.tower_rooms: list[int] = []

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.bag = self.bag[:]
        p.tavern = self.tavern[:]
        p.lodgings = self.lodgings[:]
        p.waiting = self.waiting[:]
        p.vp = self.vp
        p.levels = self.levels[:]
        p.quests = self.quests[:]
        p.completed = self.completed[:]
        p.defeated = self.defeated[:]
        p.overlords = self.overlords[:]
        p.held = self.held[:]
        p.extra_draw = self.extra_draw
        p.tower_rooms = self.tower_rooms[:]
        return p

    def to_json(self) -> dict[str, Any]:
        return {s: getattr(self, s) for s in Player.__slots__}


class Group:
    """Units assigned to one place this turn (a Location option, a Monster, a Tower Room).

    ``kind`` is ``loc``, ``mon``, ``tower`` or ``capitol``; ``ref`` the Location, Monster or
    district index into the content tables (``target`` names both: ``mon:12``);
    ``roles`` holds, for each Shaman assigned to a Monster, the basic Unit type it acts as.
    """

    __slots__ = ("kind", "ref", "option", "units", "roles", "champion", "reinforced", "resolved", "extras")

    def __init__(self, kind: str, ref: int, option: int = 0) -> None:
        self.kind = kind
        self.ref = ref
        self.option = option
        self.units = zeros()
        self.roles: list[int] = []
        self.champion = False
        self.reinforced = False
        self.resolved = False
        self.extras = False  # the player asked to add more Units than required

    @property
    def target(self) -> str:
        return f"{self.kind}:{self.ref}"

    def clone(self) -> Group:
        g = Group.__new__(Group)
        g.kind = self.kind
        g.ref = self.ref
        g.option = self.option
        g.units = self.units[:]
        g.roles = self.roles[:]
        g.champion = self.champion
        g.reinforced = self.reinforced
        g.resolved = self.resolved
        g.extras = self.extras
        return g

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"target": self.target}
        out.update((s, getattr(self, s)) for s in Group.__slots__ if s not in ("kind", "ref"))
        return out


class MMState:
    """The whole game: City, decks, supply, players, the turn in progress and the decision stack."""

    __slots__ = (
        "rng", "num_players", "options", "players", "supply", "current", "first_player",
        "turn", "phase", "step", "buildings", "monsters", "stock", "koth", "face_up",
        "location_stack", "monster_deck", "council_drawn", "third_drawn", "final_turns_left",
        "overlords", "quest_deck", "quest_discard", "towers", "groups", "open_group",
        "district_used", "abilities_used", "stack", "to_draw", "defeated_now", "over",
        "activated", "decisions", "cached", "completed_now",
    )

    def __init__(self) -> None:
        self.rng = Rng(0)
        self.num_players = 0
        self.options: dict[str, str] = {}
        self.players: list[Player] = []
        self.supply = zeros()
        self.current = 0
        self.first_player = 0
        self.turn = 0  # turns started so far
        self.phase = "develop"  # develop, develop-resolve, main, main-resolve, draw, over
        self.step = 0  # the step within the Draw Phase
        # City: per district, 3 Location slots (slot 1 is the starting Location) and 3 Monster slots
        self.buildings: list[list[int]] = []
        self.monsters: list[list[int]] = []
        self.stock: dict[int, list[int]] = {}  # Location -> Prestige meeples left on it
        self.koth: dict[int, tuple[int, list[int], int]] = {}  # King of the Hill: loc -> (player, units, option)
        self.face_up: list[int] = []
        self.location_stack: list[int] = []  # top is the end
        self.monster_deck: list[int] = []  # top is the end; Dark Council Arrives cards included
        self.council_drawn = 0
        self.third_drawn = False
        self.final_turns_left = -1  # -1 until the final turns start
        self.overlords: list[tuple[int, int]] = []  # (Monster, Dark Council Bonus token or -1)
        self.quest_deck: list[int] = []
        self.quest_discard: list[int] = []
        self.towers: list[list[int]] = []  # per district, top room at the end
        # the turn in progress
        self.groups: list[Group] = []
        self.open_group: Group | None = None
        self.district_used = -1
        self.abilities_used: list[str] = []
        self.activated: list[int] = []  # Locations activated this turn
        self.completed_now: list[int] = []  # Quests completed this turn (Ongoing: active from its end)
        self.stack: list[tuple[Any, ...]] = []  # pending sub-decisions and effects, top at end
        self.to_draw = 0  # Monsters still to draw in the Draw Phase
        self.defeated_now = 0  # Monsters defeated this turn
        self.over = False
        self.decisions = 0
        self.cached: Any = None  # the current Decision, computed once (not part of the state)

    def clone(self) -> MMState:
        s = MMState.__new__(MMState)
        s.rng = self.rng.copy()
        s.num_players = self.num_players
        s.options = self.options
        s.players = [p.clone() for p in self.players]
        s.supply = self.supply[:]
        s.current = self.current
        s.first_player = self.first_player
        s.turn = self.turn
        s.phase = self.phase
        s.step = self.step
        s.buildings = [b[:] for b in self.buildings]
        s.monsters = [m[:] for m in self.monsters]
        s.stock = {k: v[:] for k, v in self.stock.items()}
        s.koth = {k: (v[0], v[1][:], v[2]) for k, v in self.koth.items()}
        s.face_up = self.face_up[:]
        s.location_stack = self.location_stack[:]
        s.monster_deck = self.monster_deck[:]
        s.council_drawn = self.council_drawn
        s.third_drawn = self.third_drawn
        s.final_turns_left = self.final_turns_left
        s.overlords = self.overlords[:]
        s.quest_deck = self.quest_deck[:]
        s.quest_discard = self.quest_discard[:]
        s.towers = [t[:] for t in self.towers]
        s.groups = [g.clone() for g in self.groups]
        s.open_group = self.open_group.clone() if self.open_group else None
        s.district_used = self.district_used
        s.abilities_used = self.abilities_used[:]
        s.activated = self.activated[:]
        s.completed_now = self.completed_now[:]
        s.stack = self.stack[:]
        s.to_draw = self.to_draw
        s.defeated_now = self.defeated_now
        s.over = self.over
        s.decisions = self.decisions
        s.cached = self.cached
        return s

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in MMState.__slots__:
            value = getattr(self, name)
            if name == "rng":
                value = value.to_json()
            elif name == "players":
                value = [p.to_json() for p in value]
            elif name == "groups":
                value = [g.to_json() for g in value]
            elif name == "open_group":
                value = value.to_json() if value else None
            elif name in ("stock", "koth"):
                value = {str(k): v for k, v in sorted(value.items())}
            elif name == "cached":
                continue
            elif name == "stack":
                value = [list(t) for t in value]
            out[name] = value
        return out
