"""The state of a game of Heroes IV: plain slotted data, cheap to clone, JSON-serialisable.

Cards are named by their content ids (``"gold-golem"``); an Army Stack holds a list of them, top
card first. Decks are lists with the top card at the end. The map (``Board``) is rebuilt from the
placed sections and shared between clones. Markers are numbered pairs: an Army Marker's number
names its stack on the map, a Location Marker's number sits on the card and on its space.
"""

from __future__ import annotations

from typing import Any

from ...engine import Rng
from .battle_state import Battle
from .board import Board

NOBODY = -1


class Player:
    """One player's cards: deck (top at the end), discard pile, hand, Adventure Stack, the Town card
    kept aside at set-up, the alignment of the starting forces, the Artifacts under each Hero, and
    what everyone knows the deck is drawn from since it was last made from the discard stack."""

    __slots__ = ("alignment", "deck", "discard", "hand", "adventure", "aside", "artifacts", "hero", "known")

    def __init__(self, alignment: str = "") -> None:
        self.alignment = alignment
        self.hero = ""  # the Hero of the starting forces (for the balance report)
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.hand: list[str] = []
        self.adventure: list[str] = []
        self.aside: list[str] = []
        self.artifacts: dict[str, list[str]] = {}  # Hero card id -> Artifacts under it
        # None until the deck is first made again from the (public) discard stack; then those cards,
        # less the ones flipped face up since: the deck holds only cards from it (sorted)
        self.known: list[str] | None = None

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.alignment = self.alignment
        p.hero = self.hero
        p.deck = self.deck[:]
        p.discard = self.discard[:]
        p.hand = self.hand[:]
        p.adventure = self.adventure[:]
        p.aside = self.aside[:]
        p.artifacts = {h: a[:] for h, a in self.artifacts.items()}
        p.known = None if self.known is None else self.known[:]
        return p

    def to_json(self) -> dict[str, Any]:
        return {s: getattr(self, s) for s in Player.__slots__}


class Army:
    """An Army Stack: its owner, its Army Marker's number, its hex, its cards (top first) and the
    movement points it has left this turn."""

    __slots__ = ("owner", "marker", "hex", "cards", "mp", "moved")

    def __init__(self, owner: int, marker: int, hex: int, cards: list[str], mp: int = 0) -> None:
        self.owner = owner
        self.marker = marker
        self.hex = hex
        self.cards = cards
        self.mp = mp
        self.moved = False  # it moved or joined this turn (no more organizing)

    def clone(self) -> Army:
        a = Army.__new__(Army)
        a.owner, a.marker, a.hex, a.cards, a.mp, a.moved = (
            self.owner, self.marker, self.hex, self.cards[:], self.mp, self.moved)
        return a

    def to_json(self) -> dict[str, Any]:
        return {s: getattr(self, s) for s in Army.__slots__}


class Space:
    """A Town, Creature Dwelling or Location Space of the map. Undefined while ``card`` is "";
    once defined it holds the card, its Location Marker (number and the seat whose marker it is),
    the Guard Stack (top first) and its Guarding Player; ``owner`` is who claimed it. ``under``
    holds the cards stored under a Town card (bought Units and Heroes, waiting to form up)."""

    __slots__ = ("hex", "kind", "card", "owner", "marker", "marker_seat", "guards", "guarding", "under", "emptied")

    def __init__(self, hex: int, kind: str) -> None:
        self.hex = hex
        self.kind = kind
        self.card = ""
        self.owner = NOBODY
        self.marker = -1
        self.marker_seat = NOBODY
        self.guards: list[str] = []
        self.guarding = NOBODY
        self.under: list[str] = []
        self.emptied = False  # its Artifact was claimed: nothing is left to define or claim

    @property
    def defined(self) -> bool:
        return bool(self.card) or self.emptied

    def clone(self) -> Space:
        s = Space.__new__(Space)
        s.hex, s.kind, s.card, s.owner, s.marker, s.marker_seat = (
            self.hex, self.kind, self.card, self.owner, self.marker, self.marker_seat)
        s.guards = self.guards[:]
        s.guarding = self.guarding
        s.under = self.under[:]
        s.emptied = self.emptied
        return s

    def to_json(self) -> dict[str, Any]:
        return {s: getattr(self, s) for s in Space.__slots__}


class H4State:
    """The whole game."""

    __slots__ = (
        "rng", "num_players", "rounds", "advanced", "placed", "sections_left", "board", "players", "armies", "spaces",
        "next_marker", "stage", "current", "turn", "pending", "buying", "over", "decisions", "cached", "battle",
        "decklists", "first",
    )

    def __init__(self) -> None:
        self.rng = Rng(0)
        self.num_players = 0
        self.rounds = 0  # rounds to play (the winning rule)
        self.advanced: tuple[str, ...] = ()  # the advanced battle rules in play (morale, luck)
        self.placed: list[tuple[str, int, int]] = []  # map sections attached: (id, slot a, slot b)
        self.sections_left: list[str] = []  # face down, the next to flip at the end (hidden order)
        self.board: Board | None = None
        self.players: list[Player] = []
        self.armies: list[Army] = []
        self.spaces: dict[int, Space] = {}  # by hex
        self.next_marker = 1  # markers are numbered pairs, handed out in order
        self.stage = "build"
        self.current = 0
        self.turn = 1  # round number
        # the decision stack: procedures that interrupt the turn (a discovery offered round the
        # table, a Guarding Player reinforcing), each a tuple, the top one at the end
        self.pending: list[tuple[Any, ...]] = []
        self.buying: list[Any] = []  # [card, town hex, cards still to pay] while paying
        self.over = False
        self.decisions = 0
        self.cached: Any = None
        self.battle: Battle | None = None  # the battle being fought (the top of ``pending``)
        # each player's deck list, (card, copies): public, as at a tournament (tournament.py)
        self.decklists: list[tuple[tuple[str, int], ...]] = []
        self.first = 0  # the first player: he places first and begins every round (drawn at set-up)

    def clone(self) -> H4State:
        s = H4State.__new__(H4State)
        s.rng = self.rng.copy()
        s.num_players = self.num_players
        s.rounds, s.advanced = self.rounds, self.advanced
        s.placed = self.placed[:]
        s.sections_left = self.sections_left[:]
        s.board = self.board
        s.players = [p.clone() for p in self.players]
        s.armies = [a.clone() for a in self.armies]
        s.spaces = {h: sp.clone() for h, sp in self.spaces.items()}
        s.next_marker = self.next_marker
        s.stage = self.stage
        s.current = self.current
        s.turn = self.turn
        s.pending = self.pending[:]
        s.buying = self.buying[:]
        s.over = self.over
        s.decisions = self.decisions
        s.cached = self.cached
        s.battle = None
        s.decklists = self.decklists  # never changed after set-up
        s.first = self.first
        if self.battle is not None:  # the battle rolls with the game's generator: one object
            s.battle = self.battle.clone()
            s.battle.rng = s.rng
        return s

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in H4State.__slots__:
            if name in ("cached", "board"):
                continue
            value = getattr(self, name)
            if name == "rng":
                value = value.to_json()
            elif name == "battle":
                value = None if value is None else value.to_json()
            elif name in ("players", "armies"):
                value = [x.to_json() for x in value]
            elif name == "spaces":
                value = {str(h): sp.to_json() for h, sp in value.items()}
            elif name == "decklists":
                value = [[list(e) for e in d] for d in value]
            elif name in ("placed", "pending", "advanced"):
                value = [list(x) for x in value]
            out[name] = value
        return out

    # -- small questions ------------------------------------------------------------------------
    def army(self, marker: int) -> Army | None:
        for a in self.armies:
            if a.marker == marker:
                return a
        return None

    def armies_of(self, seat: int) -> list[Army]:
        return [a for a in self.armies if a.owner == seat]

    def armies_at(self, hex: int) -> list[Army]:
        return [a for a in self.armies if a.hex == hex]

    def take_marker(self) -> int:
        """The next Location Marker (numbered in order through the game)."""
        n = self.next_marker
        self.next_marker += 1
        return n

    def take_army_marker(self) -> int:
        """The lowest-numbered Army Marker not on the map (rules-choices.md, Army Markers): the
        markers of a stack gone go back to the box, so the numbers in play stay within the
        Army Stacks a table can hold (at most 4 a player)."""
        used = {a.marker for a in self.armies}
        n = 1
        while n in used:
            n += 1
        return n

    def left_of(self, seat: int) -> int:
        """The player to a seat's left: play goes clockwise, to the next seat."""
        return (seat + 1) % self.num_players
