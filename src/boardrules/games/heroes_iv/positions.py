"""Heroes IV positions (docs/positions.md): the start of a player's turn on the adventure map.
The map sections and the slots they are attached at; the spaces (the card defining each, who
claimed it, its marker, its Guard Stack and Guarding Player, the cards waiting under a Town);
each player's Army Stacks, piles (hand, Adventure Stack, the Town card kept aside, deck in
order, discard stack) and the Artifacts under his Heroes; the round, whose turn, the first
player and which sequence of the turn begins; a battle about to start (``attack``); and the
ten-sided die's rolls to come (``dice``, before the seeded generator takes over).

A position starts from the game set up by ``new_state``: the alignments, the deck lists and
the first player come from the seed and the options. Every card the position places is taken
from the deck lists (a player's Army Stacks, piles, Guard Stacks and the cards under his Towns
from his own; an Artifact, or a card defining a space, from any); a pile left out is dealt
again from what is left of its player's list, as at set-up, and the rest is his deck.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import Field

from ...engine import PositionError, PositionFormat, ScriptedRng, StepGame, shared_action
from ...engine.positions import Fields, check_seats, one_of, shown
from . import armies, decisions
from .action_space import map_sections
from .battle_rules import DIE
from .board import board_for, open_slots
from .content import Content
from .content_model import Artifact, Hero, Town, Unit
from .discovery import DEFINED_WITH, fits
from .queries import alignment_of, order_stack
from .setup import ROUNDS, make_spaces
from .state import NOBODY, Army, H4State, Space

Seat = Annotated[int, Field(ge=0, le=5)]
Cards = Annotated[list[str], Field(max_length=500)]  # a pile: far more than any deck list
HexNumber = Annotated[int, Field(ge=0, le=999)]
Marker = Annotated[int, Field(ge=1, le=999)]
STAGES = ("income", "purchase", "move")
SLOT = re.compile(r"(-?[0-9]{1,2}):(-?[0-9]{1,2})")


def key_path(key: str) -> str:
    """An object key as a part of a JSON path: as written, unless an odd character or its length
    would reach the terminal (then escaped and cut, as ``shown`` does)."""
    plain = len(key) <= 40 and all(unicodedata.category(ch)[0] != "C" for ch in key)
    return key if plain else shown(key)


class SectionFields(Fields):
    section: str  # a map section's id (content/sections.toml)
    slot: str  # where it is attached, "a:b" (board.py): the first at 0:0, each next to one before it


class ArmyFields(Fields):
    owner: Seat
    hex: HexNumber
    cards: Annotated[list[str], Field(min_length=1, max_length=500)]  # Heroes and Units (put in top card order)
    marker: Marker | None = None  # its Army Marker (default: the lowest free)
    mp: Annotated[int, Field(ge=0, le=99)] | None = None  # left from its owner's last turn (not the current's)
    moved: bool | None = None  # it moved or joined in its owner's last turn (not the current's)


class SpaceFields(Fields):
    card: str | None = None  # the card defining it; left out: undefined
    owner: Seat | None = None  # the player who claimed it
    marker: Marker | None = None  # its Location (or Town) Marker's number (default: the next in the series)
    marker_of: Seat | None = None  # whose marker it is (default: the owner's, else the current player's)
    guards: Cards = []  # the Guard Stack, top first
    guarding: Seat | None = None  # the Guarding Player
    under: Cards = []  # Heroes and Units bought there, waiting to form up
    emptied: bool = False  # its Artifact was claimed: nothing is left there


class SeatFields(Fields):
    """One player's piles: each given replaces the set-up's; one left out is dealt again."""

    hand: Cards | None = None
    adventure: Cards | None = None  # the Adventure Stack
    aside: Cards | None = None  # the Town card kept aside at set-up (none once played)
    deck: Cards | None = None  # top first
    discard: Cards | None = None  # in the order put there: the last on top
    artifacts: dict[str, Cards] | None = None  # a Hero in one of his Army Stacks -> the Artifacts under him
    deck_from: Cards | None = None  # what the deck, made again from the discard stack, can hold (public)


class AttackFields(Fields):
    army: Marker  # an Army Stack of the current player
    hex: HexNumber  # the next hex, holding an enemy Army Stack or a Guard Stack


class H4Fields(Fields):
    map: Annotated[list[SectionFields], Field(min_length=1, max_length=20)]
    armies: Annotated[list[ArmyFields], Field(max_length=50)]
    round: Annotated[int, Field(ge=1, le=ROUNDS)] | None = None
    current: Seat | None = None
    first: Seat | None = None
    stage: Literal["income", "purchase", "move"] | None = None
    seats: list[SeatFields] | None = None
    spaces: dict[str, SpaceFields] | None = None
    attack: AttackFields | None = None
    dice: list[Annotated[int, Field(ge=1, le=DIE)]] | None = None
    # bookkeeping a dumped position writes, so that it loads to the same state hash
    next_marker: Annotated[int, Field(ge=1, le=9999)] | None = None
    decisions: Annotated[int, Field(ge=0, le=10 ** 9)] | None = None


class H4Positions(PositionFormat[H4State]):
    model = H4Fields

    content: Content

    def __init__(self, game: StepGame[H4State], c: Content) -> None:
        super().__init__(game, c)
        self.section_ids = [sec.id for sec in c.sections]
        self.card_ids = frozenset(k.id for group in (c.heroes, c.units, c.towns, c.locations, c.artifacts)
                                  for k in group)

    def _card(self, where: str, ref: str, kinds: tuple[type, ...] = (), what: str = "") -> str:
        """``ref`` if it is a card id (of one of ``kinds``, if given); PositionError otherwise."""
        if ref not in self.card_ids:
            raise PositionError(where, f"{shown(ref)} is not a card of the game (the ids of content/*.toml)")
        if kinds and not isinstance(self.content.card(ref), kinds):
            raise PositionError(where, f"{ref!r} is not {what}")
        return ref

    # -- loading ---------------------------------------------------------------------------------
    def apply(self, s: H4State, f: H4Fields) -> None:
        n = s.num_players
        check_seats(n, f.seats, current=f.current, first=f.first)
        self._map(s, f.map)
        if f.first is not None:
            s.first = f.first
        s.current = s.first if f.current is None else f.current
        if f.round is not None:
            s.turn = f.round
        s.armies = self._armies(s, f.armies)
        self._spaces(s, f.spaces or {}, f.next_marker)
        for i, a in enumerate(s.armies):
            sp = s.spaces.get(a.hex)
            if sp is not None and sp.guards:
                raise PositionError(f"armies[{i}].hex", f"hex {a.hex} holds a Guard Stack: a stack that enters "
                                    "fights it (attack), and stays only once it is defeated")
        seats = f.seats or [SeatFields() for _ in range(n)]
        self._piles(s, seats)
        self._cards(s, f, seats)
        if f.decisions is not None:
            s.decisions = f.decisions
        self._turn(s, f)

    def _map(self, s: H4State, sections: list[SectionFields]) -> None:
        most = map_sections(self.content, s.num_players)
        if len(sections) > most:
            raise PositionError("map", f"a game of {s.num_players} players is played on at most {most} map sections, not "
                                f"{len(sections)}")
        placed: list[tuple[str, int, int]] = []
        for i, sf in enumerate(sections):
            at = f"map[{i}]"
            one_of(f"{at}.section", sf.section, self.section_ids, "a map section")
            if any(sid == sf.section for sid, _, _ in placed):
                raise PositionError(f"{at}.section", f"{sf.section!r} is attached twice")
            m = SLOT.fullmatch(sf.slot)
            if m is None:
                raise PositionError(f"{at}.slot", f"{shown(sf.slot)} is not a slot (a:b, like 1:0)")
            slot = (int(m.group(1)), int(m.group(2)))
            if slot not in open_slots([(a, b) for _, a, b in placed]):
                raise PositionError(f"{at}.slot", "the first section is attached at 0:0, each other at a free slot "
                                    f"next to one before it, not at {sf.slot}")
            placed.append((sf.section, *slot))
        s.placed = placed
        s.sections_left = []
        s.board = board_for(self.content, tuple(placed))
        make_spaces(s)

    def _armies(self, s: H4State, given: list[ArmyFields]) -> list[Army]:
        c, b, n = self.content, s.board, s.num_players
        assert b is not None
        most = c.rules.max_army_stacks
        out: list[Army] = []
        markers: dict[int, str] = {}  # marker -> the field placing it
        for i, af in enumerate(given):
            at = f"armies[{i}]"
            if af.owner >= n:
                raise PositionError(f"{at}.owner", f"there is no seat {af.owner} in a game of {n}")
            if af.hex >= len(b):
                raise PositionError(f"{at}.hex", f"the map has hexes 0 to {len(b) - 1}, not {af.hex}")
            if b.impassable[af.hex]:
                raise PositionError(f"{at}.hex", f"hex {af.hex} is {b.terrain[af.hex]}, impassable terrain")
            for j, k in enumerate(af.cards):
                self._card(f"{at}.cards[{j}]", k, (Hero, Unit), "a Hero or a Unit: an Army Stack holds those")
            if sum(a.owner == af.owner for a in out) == most:
                raise PositionError(at, f"seat {af.owner} would have a {most + 1}th Army Stack: a player has at "
                                    f"most {most}")
            if af.marker is not None:
                if af.marker > most * n:
                    raise PositionError(f"{at}.marker", f"Army Markers are numbered 1 to {most * n} in a game of "
                                        f"{n} ({most} a player), not {af.marker}")
                if af.marker in markers:
                    raise PositionError(f"{at}.marker", f"Army Marker {af.marker} is already on {markers[af.marker]}")
                markers[af.marker] = at
            for name in ("mp", "moved"):
                if af.owner == s.current and getattr(af, name) is not None:
                    raise PositionError(f"{at}.{name}", "the current player's Army Stacks begin his turn with their "
                                        "full movement points: mp and moved are the other players' (from their "
                                        "last turn)")
            if any(a.hex == af.hex and a.owner != af.owner for a in out):
                raise PositionError(f"{at}.hex", f"another player's Army Stack stands at hex {af.hex}: two players' "
                                    "stacks meet only in a battle (attack)")
            a = Army(af.owner, af.marker or 0, af.hex, order_stack(c, list(af.cards)), af.mp or 0)
            a.moved = bool(af.moved)
            out.append(a)
        for a in out:  # the stacks without a marker: the lowest free, in order
            if not a.marker:
                a.marker = next(m for m in range(1, len(out) + len(markers) + 2) if m not in markers)
                markers[a.marker] = ""
        return out

    def _spaces(self, s: H4State, given: dict[str, SpaceFields], next_marker: int | None) -> None:
        c, n = self.content, s.num_players
        taken: dict[int, str] = {}  # Location Marker -> the field placing it
        unnumbered: list[Space] = []
        for key, sf in given.items():
            at = f"spaces.{key_path(key)}"
            if not (key.isascii() and key.isdigit() and len(key) <= 4 and key == str(int(key))) or int(key) not in s.spaces:
                listed = ", ".join(str(h) for h in sorted(s.spaces)[:8])
                raise PositionError(at, f"{shown(key)} is not a hex holding a Town, Creature Dwelling or Location "
                                    f"Space (the map's: {listed}, ...)")
            sp = s.spaces[int(key)]
            for name in ("owner", "marker_of", "guarding"):
                seat = getattr(sf, name)
                if seat is not None and seat >= n:
                    raise PositionError(f"{at}.{name}", f"there is no seat {seat} in a game of {n}")
            rest = (sf.owner, sf.marker, sf.marker_of, sf.guarding)
            if sf.emptied:
                if sp.kind != "location":
                    raise PositionError(f"{at}.emptied", f"only a Location Space is left empty (its Artifact "
                                        f"claimed); hex {sp.hex} is a {sp.kind} space")
                if sf.card is not None or any(x is not None for x in rest) or sf.guards or sf.under:
                    raise PositionError(at, "an emptied space holds nothing more: its Artifact went under the Hero "
                                        "who claimed it (seats[].artifacts)")
                sp.emptied = True
                continue
            if sf.card is None:
                if any(x is not None for x in rest) or sf.guards or sf.under:
                    raise PositionError(f"{at}.card", "an undefined space holds nothing: give the card defining it")
                continue
            card = self._card(f"{at}.card", sf.card)
            if not fits(c, sp.kind, card):
                raise PositionError(f"{at}.card", f"a {sp.kind} space is defined with {DEFINED_WITH[sp.kind]}, "
                                    f"not {card}")
            if sf.owner is not None and isinstance(c.card(card), Artifact):
                raise PositionError(f"{at}.owner", "an Artifact is not held: the Hero who claims it takes it "
                                    "(seats[].artifacts, and the space emptied)")
            self._guards(at, sf)
            self._under(at, sp, sf, card)
            if sf.owner is not None and sf.marker_of is not None and sf.marker_of != sf.owner:
                raise PositionError(f"{at}.marker_of", "a claimed space carries the marker of the player who holds "
                                    "it")
            sp.card = card
            sp.owner = NOBODY if sf.owner is None else sf.owner
            sp.marker_seat = sf.marker_of if sf.marker_of is not None else sf.owner if sf.owner is not None \
                else s.current
            sp.guards, sp.under = list(sf.guards), list(sf.under)
            sp.guarding = NOBODY if sf.guarding is None else sf.guarding
            if sf.marker is None:
                unnumbered.append(sp)
            elif sf.marker in taken:
                raise PositionError(f"{at}.marker", f"marker {sf.marker} is already on {taken[sf.marker]}")
            else:
                sp.marker = sf.marker
                taken[sf.marker] = at
        top = max(taken, default=0)
        for sp in unnumbered:  # the next numbers of the series, in the order given
            top += 1
            sp.marker = top
        if next_marker is not None:
            if next_marker <= top:
                raise PositionError("next_marker", f"the markers on the map go up to {top}: the next is above "
                                    f"that, not {next_marker}")
            top = next_marker - 1
        s.next_marker = top + 1

    def _guards(self, at: str, sf: SpaceFields) -> None:
        if not sf.guards:
            if sf.guarding is not None:
                raise PositionError(f"{at}.guarding", "there is no Guard Stack to guard (guards)")
            return
        want = ""
        for j, k in enumerate(sf.guards):
            self._card(f"{at}.guards[{j}]", k, (Unit,), "a Unit: a Guard Stack holds Unit cards")
            want = want or alignment_of(self.content, k)
            if alignment_of(self.content, k) != want:
                raise PositionError(f"{at}.guards[{j}]", f"{k} is a {alignment_of(self.content, k)} Unit: a Guard Stack "
                                    f"is of one alignment ({want})")
        if sf.owner is not None:
            raise PositionError(f"{at}.guards", "a space is claimed only once its Guards are defeated: a held "
                                "space has none")
        if sf.guarding is None:
            raise PositionError(f"{at}.guarding", "a Guard Stack needs its Guarding Player (a seat)")

    def _under(self, at: str, sp: Space, sf: SpaceFields, card: str) -> None:
        if not sf.under:
            return
        if sp.kind not in ("town", "dwelling") or sf.owner is None:
            raise PositionError(f"{at}.under", "cards wait under a Town or Creature Dwelling a player holds")
        for j, k in enumerate(sf.under):
            self._card(f"{at}.under[{j}]", k, (Hero, Unit), "a Hero or a Unit: only they are bought")
            if sp.kind == "town" and alignment_of(self.content, card) != alignment_of(self.content, k):
                raise PositionError(f"{at}.under[{j}]", f"a {card} sells {alignment_of(self.content, card)} cards, and {k} "
                                    f"is {alignment_of(self.content, k)}")
            if sp.kind == "dwelling" and k != card:
                raise PositionError(f"{at}.under[{j}]", f"the Creature Dwelling of {card} sells {card}, not {k}")

    def _piles(self, s: H4State, seats: list[SeatFields]) -> None:
        """Each pile given checked (and set); Artifacts under Heroes of the player's stacks."""
        c = self.content
        for i, sf in enumerate(seats):
            at, p = f"seats[{i}]", s.players[i]
            for name in ("hand", "adventure", "aside", "deck", "discard", "deck_from"):
                pile = getattr(sf, name)
                for j, k in enumerate(pile or ()):
                    self._card(f"{at}.{name}[{j}]", k)
            if sf.aside is not None:
                if len(sf.aside) > 1:
                    raise PositionError(f"{at}.aside", f"one Town card is kept aside at set-up, not {len(sf.aside)}")
                for k in sf.aside:
                    self._card(f"{at}.aside[0]", k, (Town,), "a Town card: the one kept aside at set-up")
            if sf.adventure is not None and len(sf.adventure) > c.rules.adventure_stack:
                raise PositionError(f"{at}.adventure", f"the Adventure Stack holds the {c.rules.adventure_stack} "
                                    f"cards drawn at set-up at most, not {len(sf.adventure)}")
            if sf.deck_from is not None:
                short = Counter(sf.deck or ()) - Counter(sf.deck_from)
                if sf.deck is None or short:
                    raise PositionError(f"{at}.deck_from", "what the deck can hold covers the deck given (deck): "
                                        f"missing {', '.join(sorted(short)) or 'the deck'}")
                p.known = sorted(sf.deck_from)
            else:
                p.known = None
            p.artifacts = {}
            heroes = {k for a in s.armies if a.owner == i for k in a.cards}
            for hero, arts in (sf.artifacts or {}).items():
                where = f"{at}.artifacts.{key_path(hero)}"
                self._card(where, hero, (Hero,), "a Hero: Artifacts go under a Hero")
                if hero not in heroes:
                    raise PositionError(where, f"{hero} is in none of seat {i}'s Army Stacks")
                for j, k in enumerate(arts):
                    self._card(f"{where}[{j}]", k, (Artifact,), "an Artifact")
                if arts:
                    p.artifacts[hero] = list(arts)

    def _cards(self, s: H4State, f: H4Fields, seats: list[SeatFields]) -> None:
        """Every card placed taken from the deck lists; the piles left out dealt from the rest."""
        c, n = self.content, s.num_players
        own: list[tuple[str, str, int]] = []  # (card, field, seat): from that seat's deck list
        shared: list[tuple[str, str, int]] = []  # from the holder's list first, else the others'
        for i, sf in enumerate(seats):
            for name in ("aside", "hand", "adventure", "deck", "discard"):
                for j, k in enumerate(getattr(sf, name) or ()):
                    (shared if isinstance(c.card(k), Artifact) else own).append((k, f"seats[{i}].{name}[{j}]", i))
            for hero, arts in (sf.artifacts or {}).items():
                shared += [(k, f"seats[{i}].artifacts.{hero}[{j}]", i) for j, k in enumerate(arts)]
        for i, af in enumerate(f.armies):
            own += [(k, f"armies[{i}].cards[{j}]", af.owner) for j, k in enumerate(af.cards)]
        for key, sp_f in (f.spaces or {}).items():
            sp = s.spaces[int(key)]
            if sp.card:
                shared.append((sp.card, f"spaces.{key}.card", sp.marker_seat))
            own += [(k, f"spaces.{key}.guards[{j}]", sp.guarding) for j, k in enumerate(sp_f.guards)]
            own += [(k, f"spaces.{key}.under[{j}]", sp.owner) for j, k in enumerate(sp_f.under)]
        pools = [Counter(dict(d)) for d in s.decklists]
        for k, where, seat in own:
            if pools[seat][k] <= 0:
                have = dict(s.decklists[seat]).get(k, 0)
                if not have:
                    raise PositionError(where, f"{k!r} is not in seat {seat}'s deck list: a player's stacks, piles "
                                        "and Guard Stacks hold his own cards (and Artifacts)")
                raise PositionError(where, f"more {k!r} placed for seat {seat} than the {have} of its deck list")
            pools[seat][k] -= 1
        for k, where, seat in shared:
            giver = next((x % n for x in range(seat, seat + n) if pools[x % n][k] > 0), None)
            if giver is None:
                total = sum(dict(d).get(k, 0) for d in s.decklists)
                raise PositionError(where, f"more {k!r} placed in all than the {total} of the deck lists")
            pools[giver][k] -= 1
        for i, sf in enumerate(seats):
            p = s.players[i]
            rest = sorted(pools[i].elements())
            if None in (sf.deck, sf.aside, sf.adventure, sf.hand):
                s.rng.shuffle(rest)  # dealt again, as at set-up: the top at the end
            town = next((k for k in reversed(rest) if isinstance(c.card(k), Town)), None)
            if sf.aside is None and town is not None:
                rest.remove(town)
            p.aside = list(sf.aside) if sf.aside is not None else [town] if town is not None else []
            p.adventure = list(sf.adventure) if sf.adventure is not None else \
                [rest.pop() for _ in range(min(c.rules.adventure_stack, len(rest)))]
            p.hand = list(sf.hand) if sf.hand is not None else [rest.pop() for _ in range(min(c.rules.hand, len(rest)))]
            p.deck = sf.deck[::-1] if sf.deck is not None else rest  # a deck given: the rest is out of the game
            p.discard = list(sf.discard or ())

    def _turn(self, s: H4State, f: H4Fields) -> None:
        """The start of ``current``'s turn: its Income Sequence (``income``), its Purchase Sequence
        or its Movement Sequence, with nothing moved; then the attack, if one is given."""
        stage = f.stage or ("move" if f.attack is not None else "income")
        if f.attack is not None and stage != "move":
            raise PositionError("attack", "a battle begins when a stack moves, in the Movement Sequence (stage move)")
        s.stage, s.pending, s.buying, s.over, s.battle = stage, [], [], False, None
        if stage != "income":  # the Income Sequence has readied the current player's stacks
            for a in s.armies_of(s.current):
                a.mp, a.moved = armies.movement_points(self.content, s, a.owner, a.cards), False
        if f.dice is not None:
            self.game.script_rng(s, [str(d) for d in f.dice], "dice")
        s.cached = None
        if f.attack is not None:
            self._attack(s, f.attack)
        self.game._advance(s, [])

    def _attack(self, s: H4State, at: AttackFields) -> None:
        """A battle about to start: the current player's Army Stack moves into the next hex, held by
        an enemy Army Stack or a Guard Stack (the Tactical Setup is the first decision)."""
        b = s.board
        assert b is not None
        a = s.army(at.army)
        if a is None or a.owner != s.current:
            raise PositionError("attack.army", f"the current player (seat {s.current}) has no Army Stack {at.army}")
        if at.hex >= len(b) or at.hex not in b.neighbours[a.hex]:
            raise PositionError("attack.hex", f"hex {at.hex} is not next to Army Stack {at.army} (at hex {a.hex})")
        sp = s.spaces.get(at.hex)
        if not any(x.owner != a.owner for x in s.armies_at(at.hex)) and not (sp is not None and sp.guards):
            raise PositionError("attack.hex", f"hex {at.hex} holds no enemy Army Stack and no Guard Stack to attack")
        if at.hex not in armies.moves(self.content, s, a):
            cost = armies.move_cost(self.content, b, a.cards, at.hex)
            why = "impassable" if cost is None else f"{cost} movement points to enter; the stack has {a.mp}"
            raise PositionError("attack.hex", f"Army Stack {at.army} cannot enter hex {at.hex} ({why})")
        decisions.apply(self.content, s, shared_action("move", str(at.army), str(at.hex)), [])

    # -- writing -----------------------------------------------------------------------------------
    def dump(self, s: H4State) -> dict[str, Any]:
        """The fields of ``s`` at the start of a turn: its Purchase Sequence, or its Movement
        Sequence before any stack of the current player moves (refused elsewhere, saying why)."""
        why = self._under_way(s)
        if why:
            raise PositionError("stage", "a position of Heroes IV is written at the start of a turn (the Purchase "
                                f"or the Movement Sequence, before anything moves): {why}")
        seats = []
        for p in s.players:
            seat: dict[str, Any] = {"hand": p.hand[:], "adventure": p.adventure[:], "aside": p.aside[:],
                                    "deck": p.deck[::-1], "discard": p.discard[:],
                                    "artifacts": {h: a[:] for h, a in p.artifacts.items()}}
            if p.known is not None:
                seat["deck_from"] = p.known[:]
            seats.append(seat)
        army_list = []
        for a in s.armies:
            entry: dict[str, Any] = {"owner": a.owner, "marker": a.marker, "hex": a.hex, "cards": a.cards[:]}
            if a.owner != s.current:
                if a.mp:
                    entry["mp"] = a.mp
                if a.moved:
                    entry["moved"] = True
            army_list.append(entry)
        spaces: dict[str, Any] = {}
        for h, sp in s.spaces.items():
            if sp.emptied:
                spaces[str(h)] = {"emptied": True}
            elif sp.card:
                e: dict[str, Any] = {"card": sp.card, "marker": sp.marker, "marker_of": sp.marker_seat}
                if sp.owner != NOBODY:
                    e["owner"] = sp.owner
                if sp.guards:
                    e["guards"], e["guarding"] = sp.guards[:], sp.guarding
                if sp.under:
                    e["under"] = sp.under[:]
                spaces[str(h)] = e
        out: dict[str, Any] = {
            "map": [{"section": sid, "slot": f"{a}:{b}"} for sid, a, b in s.placed],
            "round": s.turn, "current": s.current, "first": s.first, "stage": s.stage,
            "seats": seats, "armies": army_list, "spaces": spaces,
            "next_marker": s.next_marker, "decisions": s.decisions,
        }
        if isinstance(s.rng, ScriptedRng) and s.rng.script:
            out["dice"] = [int(x) for x in s.rng.script]
        return out

    def _under_way(self, s: H4State) -> str:
        """What keeps ``s`` from being the start of a turn, or ""."""
        if s.over:
            return "the game is over"
        if s.stage == "build":
            return "the map is still being built"
        if s.stage == "start":
            return "the Army Stacks are still being placed"
        if s.battle is not None:
            return f"a battle is under way at hex {s.pending[-1][1]}"
        if s.pending:
            top = s.pending[-1]
            return (f"a discovery at hex {top[1]} is being offered" if top[0] == "discover"
                    else f"the Guard Stack at hex {top[1]} is being reinforced")
        if s.stage == "pay" or s.buying:
            return "a purchase is being paid for"
        if s.stage == "move":
            for a in s.armies_of(s.current):
                if a.moved or a.mp != armies.movement_points(self.content, s, a.owner, a.cards):
                    return f"Army Stack {a.marker} has moved or joined this turn"
        return ""

    def example(self) -> dict[str, Any]:
        return {
            "game": self.game.name, "players": 2, "seed": 7, "options": {"alignments": "life,death"},
            "map": [{"section": "green-vale", "slot": "0:0"}, {"section": "old-kingdom", "slot": "1:0"}],
            "round": 4, "current": 0, "first": 0, "stage": "income",
            "armies": [
                {"owner": 0, "hex": 10, "cards": ["knight", "squire", "squire", "pikeman", "crusader"]},
                {"owner": 0, "hex": 9, "cards": ["crossbowman", "crossbowman"]},
                {"owner": 1, "hex": 27, "cards": ["death-knight", "skeleton", "skeleton", "cerberus", "vampire"]},
            ],
            "spaces": {
                "9": {"card": "haven", "owner": 0, "under": ["monk"]},
                "6": {"card": "gold-mine", "owner": 0},
                "18": {"card": "longsword", "guards": ["skeleton", "imp"], "guarding": 1},
                "28": {"card": "necropolis", "owner": 1},
            },
            "seats": [
                {"hand": ["squire", "pikeman", "sawmill", "ballista"], "aside": [],
                 "artifacts": {"knight": ["boots-of-travel"]}},
                {"hand": ["imp", "ghost"], "aside": []},
            ],
            "dice": [7, 3, 9, 2],
        }
