"""The state of a Heroscape Master Game: plain data, cheap to clone, JSON-serialisable.

Army cards in play are numbered (``cards``: [content card index, owner]); figures are numbered
too, each on one space (or two, front then back, for a double-space figure). Order markers are
per player: for markers 1, 2, 3 and X, the army card it sits on (-1 while unplaced, -2 once Mind
Shackle has taken it off its card).
"""

from __future__ import annotations

from typing import Any

from ...engine import Rng

MARKERS = ("1", "2", "3", "x")
NO_CARD = -1
REMOVED = -2  # a marker Mind Shackle took off its card: still face down to the others; its turn is lost


class Figure:
    __slots__ = ("card", "owner", "spaces", "wounds", "alive")

    def __init__(self, card: int, owner: int) -> None:
        self.card = card  # index into SHState.cards
        self.owner = owner
        self.spaces: tuple[int, ...] = ()  # empty while off the battlefield
        self.wounds = 0
        self.alive = True

    def clone(self) -> Figure:
        f = Figure.__new__(Figure)
        f.card, f.owner, f.spaces, f.wounds, f.alive = self.card, self.owner, self.spaces, self.wounds, self.alive
        return f

    def to_json(self) -> dict[str, Any]:
        return {s: getattr(self, s) for s in Figure.__slots__}


class SHState:
    __slots__ = (
        "rng", "num_players", "field", "options", "round", "max_rounds", "stage", "points",
        "cards", "figures", "pool", "picker", "passed", "markers", "revealed", "order", "turn_index",
        "active_card", "moved", "attacked", "selected", "destroyed_cards", "over", "decisions", "cached",
        "zones", "setup_order", "winner_by", "routes", "targets", "pending", "used", "grenades",
        "spirit_attack", "spirit_defense", "first_owner", "walked", "names", "dest", "pick_rolls",
    )

    def __init__(self) -> None:
        self.rng = Rng(0)
        self.num_players = 0
        self.field = ""  # the battlefield's content key
        self.options: dict[str, str] = {}
        self.round = 0
        self.max_rounds = 0
        self.stage = "army"
        self.points = 0  # the point limit of each army
        self.cards: list[list[int]] = []  # [content card, owner] of each army card in play
        self.figures: list[Figure] = []
        self.pool: list[int] = []  # content cards still to be chosen (army building)
        self.picker: list[int] = []  # seats to pick next (army building), in order
        self.passed: list[bool] = []  # seats done building their army
        self.markers: list[list[int]] = []  # per seat: the army card under markers 1, 2, 3, X
        self.revealed: list[list[bool]] = []  # per seat: which of its markers are face up
        self.order: list[int] = []  # this round's turn order
        self.turn_index = -1  # 0 .. 3 * players - 1 within the round
        self.active_card = NO_CARD
        self.moved: list[int] = []  # figures moved this turn
        self.attacked: list[int] = []  # figures that attacked this turn
        self.selected = -1  # the figure chosen to move (its destination is asked next)
        self.destroyed_cards: list[int] = []
        self.over = False
        self.decisions = 0
        self.cached: Any = None
        self.zones: list[str] = []  # the start zone of each seat
        self.setup_order: list[int] = []  # seats to place their armies, in order
        self.winner_by = ""  # how the game ended
        self.routes: Any = None  # the selected figure's routes, kept with the decision (not state)
        self.targets: list[int] = []  # the figure each attack of this turn was aimed at (as ``attacked``)
        self.pending: list[list[Any]] = []  # questions a power raised: [kind, player, *data], asked first
        self.used: list[str] = []  # powers used this turn (once-per-turn powers, the grenade turn)
        self.grenades: list[int] = []  # army cards whose grenade marker is gone
        self.spirit_attack: list[int] = []  # per army card: Warrior Spirits' extra attack
        self.spirit_defense: list[int] = []  # per army card: Warrior Spirits' extra defence
        self.first_owner: list[int] = []  # per army card: the seat that drafted it
        self.walked = False  # a figure moved since the last Berserker Charge roll
        self.names: tuple[str, ...] = ()  # each figure's name in actions, once the armies are complete
        self.dest: tuple[int, ...] = ()  # where the selected figure goes, while its way there is asked
        # the d20 rolls at set-up for who chooses army cards first, a round per tie, each a
        # (seat, roll) per roller: told in the views; history, not play, so left out of the hash
        self.pick_rolls: tuple[tuple[tuple[int, int], ...], ...] = ()

    def clone(self) -> SHState:
        s = SHState.__new__(SHState)
        for name in SHState.__slots__:
            setattr(s, name, getattr(self, name))
        s.rng = self.rng.copy()
        s.cards = [c[:] for c in self.cards]
        s.figures = [f.clone() for f in self.figures]
        s.pool = self.pool[:]
        s.picker = self.picker[:]
        s.passed = self.passed[:]
        s.markers = [m[:] for m in self.markers]
        s.revealed = [r[:] for r in self.revealed]
        s.order = self.order[:]
        s.moved = self.moved[:]
        s.attacked = self.attacked[:]
        s.destroyed_cards = self.destroyed_cards[:]
        s.zones = self.zones[:]
        s.setup_order = self.setup_order[:]
        s.targets = self.targets[:]
        s.pending = [e[:] for e in self.pending]
        s.used = self.used[:]
        s.grenades = self.grenades[:]
        s.spirit_attack = self.spirit_attack[:]
        s.spirit_defense = self.spirit_defense[:]
        s.first_owner = self.first_owner[:]
        return s

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in SHState.__slots__:
            if name in ("cached", "routes", "names", "pick_rolls"):
                continue
            value = getattr(self, name)
            if name == "rng":
                value = value.to_json()
            elif name == "figures":
                value = [f.to_json() for f in value]
            out[name] = value
        return out

    # -- questions ----------------------------------------------------------------------------
    def living(self, card: int) -> list[int]:
        """The figures of an army card still on the battlefield."""
        return [i for i, f in enumerate(self.figures) if f.card == card and f.alive and f.spaces]

    def surviving(self, card: int) -> bool:
        """Whether an army card still has a figure (on the battlefield, or waiting to drop)."""
        return any(f.alive for f in self.figures if f.card == card)

    def cards_of(self, player: int) -> list[int]:
        return [i for i, (_, owner) in enumerate(self.cards) if owner == player]

    def occupant(self) -> dict[int, int]:
        """Space -> the figure standing on it."""
        return {sp: i for i, f in enumerate(self.figures) if f.alive for sp in f.spaces}
