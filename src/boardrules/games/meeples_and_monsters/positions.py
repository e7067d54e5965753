"""Meeples & Monsters positions (docs/positions.md): the meeples in each seat's bag, Tavern and
Lodgings, Quests in hand, Hero levels and VP; the Monsters and Locations in the City; the
Monster deck and the face-up Location row; whose turn, which phase; and the kinds of the next
meeples drawn from a bag (``draws``), which force the Draw Phase and every "draw" effect.

A position starts from the game set up by ``new_state``; each field given replaces that part.
The supply is what is left: every meeple in a seat's zones or on a Location is taken from it,
and more than the game has of a kind is refused, naming the field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ...engine import PositionError, PositionFormat, ScriptedRng
from ...engine.positions import Fields, check_seats, one_of
from .content import MEEPLE_SUPPLY
from .setup import place_stock
from .state import BASIC_CLASSES, DISTRICTS, KINDS, NO_CARD, MMState
from .tables import Tables

Count = Annotated[int, Field(ge=0, le=99)]
Counts = dict[str, Count]  # meeple kind -> how many
ARRIVES = ("dark-council-arrives-1", "dark-council-arrives-2", "dark-council-arrives-3")
ZONES = ("bag", "tavern", "lodgings")


class SeatFields(Fields):
    """One seat: each field given replaces that part of the seat."""

    bag: Counts | None = None
    tavern: Counts | None = None
    lodgings: Counts | None = None
    vp: Annotated[int, Field(ge=-999, le=999)] | None = None
    levels: dict[str, Annotated[int, Field(ge=1, le=3)]] | None = None  # basic classes' Hero card levels
    quests: list[str] | None = None  # Quest cards in hand
    completed: list[str] | None = None  # completed Quests, face up
    defeated: list[str] | None = None  # the defeated Monster pile


class CityFields(Fields):
    # district -> its 3 Monster slots (null: an empty slot; a district left out is empty)
    monsters: dict[str, list[str | None]] | None = None
    locations: dict[str, str] | None = None  # slot ("castle-2", "castle-3") -> the Location built there


class MMFields(Fields):
    current: Annotated[int, Field(ge=0, le=3)] | None = None
    first_player: Annotated[int, Field(ge=0, le=3)] | None = None
    turn: Annotated[int, Field(ge=1, le=999)] | None = None
    phase: Literal["develop", "main"] | None = None
    seats: list[SeatFields] | None = None
    city: CityFields | None = None
    location_row: list[str] | None = None  # the face-up Locations
    monster_deck: list[str] | None = None  # top first
    draws: list[str] | None = None  # kinds of the next meeples drawn from any bag


class MMPositions(PositionFormat[MMState]):
    model = MMFields

    content: Tables

    # -- loading ---------------------------------------------------------------------------------
    def apply(self, s: MMState, f: MMFields) -> None:
        n = s.num_players
        check_seats(n, f.seats, current=f.current, first_player=f.first_player)
        if f.current is not None:
            s.current = f.current
        if f.first_player is not None:
            s.first_player = f.first_player
        if f.turn is not None:
            s.turn = f.turn
        if f.phase is not None:  # the start of that phase, nothing assigned yet
            s.phase = f.phase
            s.stack, s.groups, s.open_group = [], [], None
            s.district_used, s.abilities_used, s.activated, s.completed_now = -1, [], [], []
        self._seats(s, f.seats or [])
        if f.city is not None and f.city.monsters is not None:
            self._monsters(s, f.city.monsters)
        if f.monster_deck is not None:
            self._deck(s, f.monster_deck)
        self._supply(s, f.seats or [])
        if f.city is not None and f.city.locations is not None:
            self._locations(s, f.city.locations)
        if f.location_row is not None:
            self._row(s, f.location_row)
        if f.draws is not None:
            for i, kind in enumerate(f.draws):
                one_of(f"draws[{i}]", kind, KINDS, "a meeple kind")
            self.game.script_rng(s, list(f.draws), "draws")
        s.cached = None
        self.game._advance(s, [])

    def _seats(self, s: MMState, seats: list[SeatFields]) -> None:
        t = self.content
        taken: dict[int, str] = {}  # Quest -> the field that places it
        for i, sf in enumerate(seats):
            p, at = s.players[i], f"seats[{i}]"
            for zone in ZONES:
                given = getattr(sf, zone)
                if given is not None:
                    counts = [0] * 9
                    for kind, k in given.items():
                        counts[one_of(f"{at}.{zone}.{kind}", kind, KINDS, "a meeple kind")] = k
                    setattr(p, zone, counts)
            if sf.vp is not None:
                p.vp = sf.vp
            if sf.levels is not None:
                for kind, level in sf.levels.items():
                    k = one_of(f"{at}.levels.{kind}", kind, [KINDS[c] for c in BASIC_CLASSES], "a basic class")
                    p.levels[BASIC_CLASSES[k]] = level
            if sf.defeated is not None:
                p.defeated = [self._monster(f"{at}.defeated[{j}]", m) for j, m in enumerate(sf.defeated)]
            for pile in ("quests", "completed"):
                given_q = getattr(sf, pile)
                if given_q is None:
                    continue
                cards = []
                for j, ref in enumerate(given_q):
                    where = f"{at}.{pile}[{j}]"
                    q = one_of(where, ref, [x.id for x in t.quests], "a Quest")
                    if q in taken:
                        raise PositionError(where, f"{ref!r} is already placed by {taken[q]}")
                    taken[q] = where
                    cards.append(q)
                s.quest_deck.extend(getattr(p, pile))  # the old hand goes back to the deck
                setattr(p, pile, cards)
        for q in taken:  # a Quest placed by a field is taken from wherever else it was
            for deck in (s.quest_deck, s.quest_discard):
                while q in deck:
                    deck.remove(q)
            for i, p in enumerate(s.players):
                for hand in (p.quests, p.completed):
                    if q in hand and not taken[q].startswith(f"seats[{i}]."):
                        hand.remove(q)

    def _monster(self, where: str, ref: str) -> int:
        if ref in ARRIVES:
            return self.content.arrives[ARRIVES.index(ref)]
        return one_of(where, ref, list(self.content.mon_index), "a Monster")

    def _monsters(self, s: MMState, city: dict[str, list[str | None]]) -> None:
        for d, row in enumerate(s.monsters):  # the City's Monsters go back to the deck's bottom
            s.monster_deck[:0] = [m for m in reversed(row) if m != NO_CARD]
            s.monsters[d] = [NO_CARD] * 3
        seen: set[int] = set()
        for district, refs in city.items():
            d = one_of(f"city.monsters.{district}", district, DISTRICTS, "a district")
            if len(refs) > 3:
                raise PositionError(f"city.monsters.{district}", f"a district has 3 Monster slots, not {len(refs)}")
            for j, ref in enumerate(refs):
                if ref is None:
                    continue
                where = f"city.monsters.{district}[{j}]"
                m = self._monster(where, ref)
                if m in self.content.arrives or m in seen or m not in s.monster_deck:
                    raise PositionError(where, f"{ref!r} cannot be in the City (a Dark Council card, one placed "
                                        "twice, or one not in this game's deck)")
                seen.add(m)
                s.monster_deck.remove(m)
                s.monsters[d][j] = m

    def _deck(self, s: MMState, refs: list[str]) -> None:
        allowed = set(s.monster_deck)
        deck: list[int] = []
        for j, ref in enumerate(refs):
            where = f"monster_deck[{j}]"
            m = self._monster(where, ref)
            if m not in allowed or m in deck:
                raise PositionError(where, f"{ref!r} cannot be in the deck (in the City, placed twice, or not in "
                                    "this game)")
            deck.append(m)
        s.monster_deck = deck[::-1]  # the state keeps the top at the end

    def _supply(self, s: MMState, seats: list[SeatFields]) -> None:
        """The supply is what no zone holds: refuse more meeples of a kind than the game has."""
        placed = [0] * 9
        for p in s.players:
            for zone in (p.bag, p.tavern, p.lodgings, p.waiting, p.held):
                placed = [a + b for a, b in zip(placed, zone, strict=True)]
        for zone in [*s.stock.values(), *(u for _, u, _ in s.koth.values()), *(g.units for g in s.groups)]:
            placed = [a + b for a, b in zip(placed, zone, strict=True)]
        for k, kind in enumerate(KINDS):
            if placed[k] > MEEPLE_SUPPLY[kind]:
                where = next((f"seats[{i}].{z}.{kind}" for i, sf in reversed(list(enumerate(seats)))
                              for z in ZONES if (getattr(sf, z) or {}).get(kind)), "seats")
                raise PositionError(where, f"{placed[k]} {kind} placed in all, but the game has "
                                    f"{MEEPLE_SUPPLY[kind]}")
            s.supply[k] = MEEPLE_SUPPLY[kind] - placed[k]

    def _locations(self, s: MMState, slots: dict[str, str]) -> None:
        t = self.content
        for slot, ref in slots.items():
            where = f"city.locations.{slot}"
            district, _, num = slot.rpartition("-")
            d = one_of(where, district, DISTRICTS, "a district (slots are named like castle-2)")
            if num not in ("2", "3"):
                raise PositionError(where, f"{slot!r} is not a slot to build on ({district}-2 or {district}-3)")
            loc = one_of(where, ref, [x.id for x in t.locations], "a Location")
            if loc not in s.face_up and loc not in s.location_stack:
                raise PositionError(where, f"{ref!r} is not a Location tile still to build")
            for pile in (s.face_up, s.location_stack):
                if loc in pile:
                    pile.remove(loc)
            s.buildings[d][int(num) - 1] = loc
            place_stock(t, s, loc)

    def _row(self, s: MMState, refs: list[str]) -> None:
        row: list[int] = []
        for j, ref in enumerate(refs):
            where = f"location_row[{j}]"
            loc = one_of(where, ref, [x.id for x in self.content.locations], "a Location")
            if loc in row or (loc not in s.face_up and loc not in s.location_stack):
                raise PositionError(where, f"{ref!r} is not a Location tile still to build (or is listed twice)")
            row.append(loc)
        s.location_stack[:0] = [loc for loc in s.face_up if loc not in row]  # back under the stack
        s.location_stack = [loc for loc in s.location_stack if loc not in row]
        s.face_up = row

    # -- writing -----------------------------------------------------------------------------------
    def dump(self, s: MMState) -> dict[str, Any]:
        """The fields of ``s`` at the start of a phase (a state inside an assignment or a
        resolution is refused: a position starts a phase)."""
        if s.stack or s.groups or s.open_group is not None or s.phase not in ("develop", "main"):
            raise PositionError("phase", "a position is written at the start of the Development or Main Phase")
        t = self.content

        def counts(c: list[int]) -> dict[str, int]:
            return {KINDS[k]: c[k] for k in range(9) if c[k]}

        def mon(m: int) -> str:
            return ARRIVES[t.arrives.index(m)] if m in t.arrives else t.monsters[m].id

        for p in s.players:
            if any(p.waiting) or any(p.held) or p.extra_draw or p.overlords or p.tower_rooms:
                raise PositionError("seats", "this state holds what a position cannot say yet (meeples waiting "
                                    "on a card, Dark Overlords, Tower Rooms)")
        return {
            "current": s.current, "first_player": s.first_player, "turn": s.turn, "phase": s.phase,
            "seats": [{"bag": counts(p.bag), "tavern": counts(p.tavern), "lodgings": counts(p.lodgings), "vp": p.vp,
                       "levels": {KINDS[k]: p.levels[k] for k in BASIC_CLASSES},
                       "quests": [t.quests[q].id for q in p.quests],
                       "completed": [t.quests[q].id for q in p.completed],
                       "defeated": [mon(m) for m in p.defeated]} for p in s.players],
            "city": {"monsters": {DISTRICTS[d]: [mon(m) if m != NO_CARD else None for m in row]
                                  for d, row in enumerate(s.monsters)},
                     "locations": {f"{DISTRICTS[d]}-{j + 1}": t.locations[loc].id for d, row in enumerate(s.buildings)
                                   for j, loc in enumerate(row) if j > 0 and loc != NO_CARD}},
            "location_row": [t.locations[loc].id for loc in s.face_up],
            "monster_deck": [mon(m) for m in reversed(s.monster_deck)],
            **({"draws": list(s.rng.script)} if isinstance(s.rng, ScriptedRng) and s.rng.script else {}),
        }

    def example(self) -> dict[str, Any]:
        return {
            "game": self.game.name, "players": 2, "seed": 7, "options": {},
            "current": 0, "phase": "main",
            "seats": [{"tavern": {"knight": 2, "warrior": 1, "peasant": 1}, "bag": {"corruption": 3, "peasant": 3, "knight": 1}},
                      {"tavern": {"peasant": 2, "mage": 1}, "bag": {"corruption": 3, "peasant": 5}}],
            "city": {"monsters": {"villages": ["tree-beast"]}},
            "draws": ["peasant", "corruption", "peasant"],
        }
