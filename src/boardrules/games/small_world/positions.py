"""Small World positions (docs/positions.md): the map's Regions (whose tokens, which Race, how
many, Lost Tribes, and the markers: Fortresses, Troll's Lairs, Holes-in-the-Ground, Heroes,
Encampments, the Dragon), each player's coins, active combo and Races in decline, the tokens
in hand, the combos on offer with their coins, the order of the Race and Power stacks, whose
turn and where in it, and the reinforcement die to come (``dice``, before the seeded
generator takes over).

A position starts from the game set up by ``new_state``; each field given replaces that part.
The tray, the bank and the Lost Tribes left are what is left: every token on the map or in a
hand is taken from its Race's box, every coin from the bank, and more than the box holds is
refused, naming the field. The Mountains are the map's terrain, not a field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ...engine import PositionError, PositionFormat, ScriptedRng
from ...engine.positions import Fields, check_seats, one_of, shown
from .conquest import DIE_FACES
from .decline import KEPT_IN_DECLINE
from .setup import reveal_combos
from .state import (
    AMAZON_EXTRA,
    AMAZONS,
    BIVOUACKING,
    COIN_VALUE,
    DRAGON_MASTER,
    ENCAMPMENTS,
    FORTRESSES,
    HALFLINGS,
    HEROES,
    HEROIC,
    HOLES,
    LOST_TRIBE,
    LOST_TRIBE_TOKENS,
    MARKET_SIZE,
    NOBODY,
    NONE,
    SEAFARING,
    SPIRIT,
    TROLLS,
    SWState,
)
from .tables import Tables

Seat = Annotated[int, Field(ge=0, le=4)]
Count = Annotated[int, Field(ge=0, le=99)]
ROLL_INDEX = {face: DIE_FACES.index(face) for face in set(DIE_FACES)}  # a roll -> Rng.below(6) giving it
STAGES = ("start", "conquer")


class ComboFields(Fields):
    race: str
    power: str


class OfferFields(Fields):
    race: str
    power: str
    coins: Count = 0  # coins lying on the combo


class RegionFields(Fields):
    owner: Seat | Literal["lost-tribe"]
    race: str | None = None  # the owner's active Race or one of its Races in decline (then in decline)
    tokens: Annotated[int, Field(ge=1, le=99)] = 1
    fortress: bool = False
    lair: bool = False  # a Troll's Lair
    hole: bool = False  # a Hole-in-the-Ground (Halflings)
    hero: bool = False  # Heroic
    camps: Annotated[int, Field(ge=0, le=ENCAMPMENTS)] = 0  # Encampments (Bivouacking)
    dragon: bool = False  # the Dragon (Dragon Master)


class PlayerFields(Fields):
    """One player: each field given replaces that part of the player."""

    coins: Annotated[int, Field(ge=0, le=COIN_VALUE)] | None = None
    combo: ComboFields | None = None  # the active Race and its Special Power
    declines: list[ComboFields] | None = None  # Races in decline, oldest first
    combo_turns: Count | None = None  # turns completed with the active combo (Wealthy pays after the first)
    holes_placed: Annotated[int, Field(ge=0, le=HOLES)] | None = None  # by the active Halflings
    peace: Seat | None = None  # the seat whose active Race may not attack this player's (Diplomat)
    played: list[ComboFields] | None = None  # every combo taken, in order (the balance reports)


class DieFields(Fields):
    rolls: Annotated[int, Field(ge=1, le=9999)]  # rolls so far in the game
    seat: Seat
    region: Annotated[int, Field(ge=0, le=99)] | None = None  # None: Berserk's roll before choosing a Region
    roll: Literal[0, 1, 2, 3]


class SWFields(Fields):
    turn: Annotated[int, Field(ge=1, le=99)] | None = None
    current: Seat | None = None
    stage: Literal["start", "conquer"] | None = None
    regions: dict[str, RegionFields] | None = None  # Region number -> what holds it; the others are empty
    seats: list[PlayerFields] | None = None
    hand: dict[str, Count] | None = None  # Race -> its tokens in its owner's hand
    market: list[OfferFields] | None = None  # the combos on offer, top first
    race_stack: list[str] | None = None  # top first
    power_stack: list[str] | None = None
    race_stack_seen: Count | None = None  # banners at the bottom everyone saw put back there
    power_stack_seen: Count | None = None
    last_die: DieFields | None = None
    dice: list[Literal[0, 1, 2, 3]] | None = None  # the reinforcement die's rolls to come
    # bookkeeping a dumped position writes, so that it loads to the same state hash
    camps_left: Annotated[int, Field(ge=0, le=ENCAMPMENTS)] | None = None
    heroes_left: Annotated[int, Field(ge=0, le=HEROES)] | None = None
    decisions: Annotated[int, Field(ge=0, le=10 ** 9)] | None = None


class SWPositions(PositionFormat[SWState]):
    model = SWFields

    content: Tables

    def _race(self, where: str, ref: str) -> int:
        return one_of(where, ref, [r.id for r in self.content.races], "a Race")

    def _power(self, where: str, ref: str) -> int:
        return one_of(where, ref, [p.id for p in self.content.powers], "a Special Power")

    # -- loading ---------------------------------------------------------------------------------
    def apply(self, s: SWState, f: SWFields) -> None:
        n = s.num_players
        check_seats(n, f.seats, current=f.current)
        if f.turn is not None and f.turn > s.turns:
            raise PositionError("turn", f"the {n}-player map has {s.turns} turns, not {f.turn}")
        if f.seats is not None:
            self._players(s, f.seats)
        self._stacks(s, f)
        if f.regions is not None:
            self._regions(s, f.regions)
        if f.hand is not None:
            self._hand(s, f.hand)
        self._supply(s, f)
        if f.last_die is not None:
            d = f.last_die
            if d.seat >= n:
                raise PositionError("last_die.seat", f"there is no seat {d.seat} in a game of {n}")
            if d.region is not None and d.region >= len(s.owner):
                raise PositionError("last_die.region", f"the map has Regions 0 to {len(s.owner) - 1}, not {d.region}")
            s.last_die = [d.rolls, d.seat, NOBODY if d.region is None else d.region, d.roll]
        for name in ("camps_left", "heroes_left", "decisions"):
            if getattr(f, name) is not None:
                setattr(s, name, getattr(f, name))
        self._turn(s, f.turn, f.current, f.stage or "start")
        if f.dice is not None:
            self.game.script_rng(s, [ROLL_INDEX[d] for d in f.dice], "dice")
        s.cached = None
        self.game._advance(s, [])

    def _players(self, s: SWState, players: list[PlayerFields]) -> None:
        n = s.num_players
        for i, pf in enumerate(players):
            p, at = s.players[i], f"seats[{i}]"
            if pf.coins is not None:
                p.coins = pf.coins
            if pf.combo is not None:
                p.race = self._race(f"{at}.combo.race", pf.combo.race)
                p.power = self._power(f"{at}.combo.power", pf.combo.power)
                p.combo_turns = 1  # not the turn it was taken, unless combo_turns says
            if pf.declines is not None:
                if len(pf.declines) > 2:
                    raise PositionError(f"{at}.declines", f"a player has at most 2 Races in decline, not "
                                        f"{len(pf.declines)}")
                p.declines = [[self._race(f"{at}.declines[{j}].race", d.race),
                               self._power(f"{at}.declines[{j}].power", d.power)] for j, d in enumerate(pf.declines)]
                if len(p.declines) == 2 and sum(d[1] == SPIRIT for d in p.declines) != 1:
                    raise PositionError(f"{at}.declines", "only one Race is in decline at a time, besides one "
                                        "with the Spirit power")
            if pf.combo_turns is not None:
                p.combo_turns = pf.combo_turns
            if pf.holes_placed is not None:
                p.holes_placed = pf.holes_placed
            if pf.peace is not None:
                if pf.peace >= n or pf.peace == i:
                    raise PositionError(f"{at}.peace", f"{pf.peace} is not another seat of this game")
                s.peace[i] = pf.peace
            if pf.played is not None:
                p.played = [[self._race(f"{at}.played[{j}].race", c.race),
                             self._power(f"{at}.played[{j}].power", c.power)] for j, c in enumerate(pf.played)]
            elif pf.combo is not None or pf.declines is not None:
                p.played = [d[:] for d in p.declines] + ([[p.race, p.power]] if p.race >= 0 else [])
        race_at: dict[int, str] = {}  # a banner -> the field placing it with a player
        power_at: dict[int, str] = {}
        for i, p in enumerate(s.players):
            banners = [(p.race, f"seats[{i}].combo")] if p.race >= 0 else []
            banners += [(d[0], f"seats[{i}].declines[{j}]") for j, d in enumerate(p.declines)]
            for race, where in banners:
                if race in race_at:
                    raise PositionError(f"{where}.race", f"{self.content.races[race].id!r} is already played by "
                                        f"{race_at[race]}")
                race_at[race] = where
            badges = [(p.power, f"seats[{i}].combo")] if p.power >= 0 else []
            badges += [(d[1], f"seats[{i}].declines[{j}]") for j, d in enumerate(p.declines)
                       if d[1] in KEPT_IN_DECLINE]
            for power, where in badges:
                if power in power_at:
                    raise PositionError(f"{where}.power", f"{self.content.powers[power].id!r} is already held by "
                                        f"{power_at[power]}")
                power_at[power] = where

    def _held(self, s: SWState) -> tuple[set[int], set[int]]:
        """The banners and badges the players hold (a badge of a Race in decline only if kept)."""
        races = {p.race for p in s.players if p.race >= 0} | {d[0] for p in s.players for d in p.declines}
        powers = {p.power for p in s.players if p.power >= 0}
        powers |= {d[1] for p in s.players for d in p.declines if d[1] in KEPT_IN_DECLINE}
        return races, powers

    def _stacks(self, s: SWState, f: SWFields) -> None:
        """The combos on offer and the two stacks: every banner and badge the players do not
        hold is in exactly one of them."""
        t = self.content
        held_r, held_p = self._held(s)
        old_r = [m[0] for m in s.market] + s.race_deck[::-1]  # top first
        old_p = [m[1] for m in s.market] + s.power_deck[::-1]
        free_r = [x for x in old_r if x not in held_r]
        free_p = [x for x in old_p if x not in held_p]
        if f.market is not None:
            if len(f.market) > MARKET_SIZE:
                raise PositionError("market", f"{MARKET_SIZE} combos are on offer at most, not {len(f.market)}")
            market: list[list[int]] = []
            for i, m in enumerate(f.market):
                race, power = self._race(f"market[{i}].race", m.race), self._power(f"market[{i}].power", m.power)
                if race in held_r or any(x[0] == race for x in market):
                    raise PositionError(f"market[{i}].race", f"{m.race!r} is held by a player or offered twice")
                if power in held_p or any(x[1] == power for x in market):
                    raise PositionError(f"market[{i}].power", f"{m.power!r} is held by a player or offered twice")
                market.append([race, power, m.coins])
        else:  # the set-up's offer, a banner or badge a player now holds replaced from the stacks
            keep_r = [m[0] for m in s.market if m[0] not in held_r]
            keep_p = [m[1] for m in s.market if m[1] not in held_p]
            spare_r = [x for x in free_r if x not in keep_r]
            spare_p = [x for x in free_p if x not in keep_p]
            market = []
            for race, power, coins in s.market:
                if race in held_r:
                    if not spare_r:
                        continue
                    race = spare_r.pop(0)
                if power in held_p:
                    if not spare_p:
                        continue
                    power = spare_p.pop(0)
                market.append([race, power, coins])
        offered_r, offered_p = {m[0] for m in market}, {m[1] for m in market}
        s.race_deck = self._stack(f.race_stack, "race_stack", [x for x in free_r if x not in offered_r],
                                  [r.id for r in t.races], "a Race")
        s.power_deck = self._stack(f.power_stack, "power_stack", [x for x in free_p if x not in offered_p],
                                   [p.id for p in t.powers], "a Special Power")
        s.market = market
        if f.race_stack_seen is not None:
            s.race_seen = f.race_stack_seen
        if f.power_stack_seen is not None:
            s.power_seen = f.power_stack_seen
        for name, seen, deck in (("race_stack_seen", s.race_seen, s.race_deck),
                                 ("power_stack_seen", s.power_seen, s.power_deck)):
            if seen > len(deck):
                raise PositionError(name, f"the stack holds {len(deck)}, not {seen}")
        reveal_combos(s)

    def _stack(self, given: list[str] | None, field: str, rest: list[int], ids: list[str], what: str) -> list[int]:
        """The stack (kept top at the end): ``given`` (top first) must hold exactly ``rest``."""
        if given is None:
            return rest[::-1]
        stack: list[int] = []
        for j, ref in enumerate(given):
            x = one_of(f"{field}[{j}]", ref, ids, what)
            if x not in rest or x in stack:
                raise PositionError(f"{field}[{j}]", f"{ref!r} is held by a player, on offer, or listed twice")
            stack.append(x)
        missing = [ids[x] for x in rest if x not in stack]
        if missing:
            raise PositionError(field, f"the stack must hold every one not held or on offer; missing: "
                                f"{', '.join(missing)}")
        return stack[::-1]

    def _regions(self, s: SWState, regions: dict[str, RegionFields]) -> None:
        t = self.content
        m = t.maps[s.map]
        for r in range(m.n):  # the map is emptied: its tokens back to the tray
            if s.race[r] >= 0:
                s.tray[s.race[r]] += s.tokens[r]
            s.owner[r], s.race[r], s.tokens[r], s.declined[r] = NOBODY, NONE, 0, False
            s.lair[r] = s.fortress[r] = s.hole[r] = s.hero[r] = False
            s.camps[r] = 0
        s.dragon = NOBODY
        for key, rf in regions.items():
            at = f"regions.{key}"
            if not key.isascii() or not key.isdigit() or int(key) >= m.n:
                raise PositionError(at, f"{shown(key)} is not a Region of the {m.name} map (0 to {m.n - 1})")
            r = int(key)
            if rf.owner == "lost-tribe":
                if rf.race is not None or rf.tokens != 1:
                    raise PositionError(at, "a Lost Tribe is one token of no Race")
                if m.water[r]:
                    raise PositionError(at, f"Region {r} is a {m.terrain[r]}: no Lost Tribe lives there")
                if rf.fortress or rf.lair or rf.hole or rf.hero or rf.camps or rf.dragon:
                    raise PositionError(at, "markers stand only in a Region a player holds")
                s.owner[r], s.tokens[r] = LOST_TRIBE, 1
                continue
            if rf.owner >= s.num_players:
                raise PositionError(f"{at}.owner", f"there is no seat {rf.owner} in a game of {s.num_players}")
            if rf.race is None:
                raise PositionError(f"{at}.race", "a player's Region holds tokens of one of the player's Races")
            race = self._race(f"{at}.race", rf.race)
            p = s.players[rf.owner]
            decline = next((d for d in p.declines if d[0] == race), None)
            if race != p.race and decline is None:
                raise PositionError(f"{at}.race", f"{rf.race!r} is neither the active Race of seat {rf.owner} nor "
                                    "one of its Races in decline (seats[].combo, seats[].declines)")
            power = p.power if decline is None else decline[1]
            if m.water[r] and power != SEAFARING:
                raise PositionError(at, f"Region {r} is a {m.terrain[r]}: only a Seafaring Race holds it")
            marker_rules = ((rf.lair, race == TROLLS, "a Troll's Lair goes with Trolls"),
                            (rf.hole, race == HALFLINGS and decline is None, "a Hole-in-the-Ground goes with "
                             "active Halflings"),
                            (rf.hero, decline is None and power == HEROIC, "a Hero goes with an active Heroic Race"),
                            (rf.camps, decline is None and power == BIVOUACKING, "Encampments go with an active "
                             "Bivouacking Race"),
                            (rf.dragon, decline is None and power == DRAGON_MASTER, "the Dragon goes with an active "
                             "Dragon Master Race"))
            for given, ok, why in marker_rules:
                if given and not ok:
                    raise PositionError(at, why)
            s.owner[r], s.race[r], s.tokens[r], s.declined[r] = rf.owner, race, rf.tokens, decline is not None
            s.fortress[r], s.lair[r], s.hole[r], s.hero[r], s.camps[r] = (rf.fortress, rf.lair, rf.hole, rf.hero,
                                                                          rf.camps)
            if rf.dragon:
                if s.dragon != NOBODY:
                    raise PositionError(f"{at}.dragon", f"the Dragon is already in Region {s.dragon}")
                s.dragon = r
            s.tray[race] -= rf.tokens
        for name, count, limit in (("fortress", sum(s.fortress), FORTRESSES), ("hole", sum(s.hole), HOLES),
                                   ("hero", sum(s.hero), HEROES), ("camps", sum(s.camps), ENCAMPMENTS)):
            if count > limit:
                last = next(k for k, rf in reversed(list(regions.items())) if getattr(rf, name))
                raise PositionError(f"regions.{last}.{name}", f"{count} placed in all, but the game has {limit}")
        setup_tribes = [r for r in range(m.n) if m.lost_tribe[r]]
        extra = [r for r in range(m.n) if s.owner[r] == LOST_TRIBE and r not in setup_tribes]
        # the Lost Tribes of the set-up no longer on the map were conquered (out of the game)
        s.lost_tribes = LOST_TRIBE_TOKENS - len(setup_tribes) - len(extra)
        if s.lost_tribes < 0:
            raise PositionError(f"regions.{extra[-1]}", f"more Lost Tribes than the game's {LOST_TRIBE_TOKENS}")

    def _hand(self, s: SWState, hand: dict[str, int]) -> None:
        s.tray = [a + b for a, b in zip(s.tray, s.hand, strict=True)]
        s.hand = [0] * len(self.content.races)
        for ref, k in hand.items():
            race = self._race(f"hand.{ref}", ref)
            if s.owner_of_race(race) == NOBODY:
                raise PositionError(f"hand.{ref}", f"{ref!r} is no player's Race (seats[].combo, seats[].declines)")
            s.hand[race] = k
            s.tray[race] -= k

    def _supply(self, s: SWState, f: SWFields) -> None:
        """The tray and the bank hold what is left; a Race with more tokens out than its box is
        refused, naming the last field that places them. So is a player's Region or hand of a
        Race the player no longer plays."""
        t = self.content
        for race in range(len(t.races)):
            owner = s.owner_of_race(race)
            for r in s.regions_of(race):
                if s.owner[r] != owner:
                    raise PositionError(f"regions.{r}.race", f"{t.races[race].id!r} is not played by seat {s.owner[r]}")
            if s.hand[race] and owner == NOBODY:
                raise PositionError(f"hand.{t.races[race].id}", f"{t.races[race].id!r} is no player's Race")
            if s.tray[race] < 0:
                out = t.races[race].box - s.tray[race]
                where = (f"hand.{t.races[race].id}" if f.hand and f.hand.get(t.races[race].id)
                         else f"regions.{s.regions_of(race)[-1]}.tokens" if s.regions_of(race) else "hand")
                raise PositionError(where, f"{out} {t.races[race].name} tokens placed in all, but the box holds "
                                    f"{t.races[race].box}")
        s.bank = COIN_VALUE - sum(p.coins for p in s.players) - sum(m[2] for m in s.market)
        if s.bank < 0:
            given = [i for i, pf in enumerate(f.seats or []) if pf.coins]
            where = f"seats[{given[-1]}].coins" if given else "market"
            raise PositionError(where, f"{COIN_VALUE - s.bank} coins in all, but the game has {COIN_VALUE}")

    def _turn(self, s: SWState, turn: int | None, current: int | None, stage: str) -> None:
        """The start of ``current``'s turn, or (``conquer``) its active Race about to conquer,
        its troops readied."""
        if turn is not None:
            s.turn = turn
        if current is not None:
            s.current = current
        p = s.players[s.current]
        s.conquered, s.nonempty, s.attacked, s.enchanted, s.defenders = [], 0, [], [], []
        s.dragon_used = s.fortress_used = s.conquests_over = s.started = s.abandoned = s.picked_now = False
        s.roll = -1
        s.lifted = []
        s.acting = NONE
        s.over = False
        if stage == "start":
            s.ghouls_done = False
            s.stage = "start"
        else:
            if p.race < 0:
                raise PositionError("stage", f"seat {s.current} has no active Race to conquer with "
                                    f"(seats[{s.current}].combo)")
            s.peace[s.current] = NOBODY
            s.ghouls_done = True
            s.stage = "main"  # readies the troops, then asks for the conquests

    # -- writing -----------------------------------------------------------------------------------
    def dump(self, s: SWState) -> dict[str, Any]:
        """The fields of ``s`` at the first decision of a turn (a state later in a turn is
        refused: a position starts a turn)."""
        fields = self._fields(s)
        for stage in STAGES:
            for extra in range(AMAZON_EXTRA + 1):
                u = self._unready(s, stage, extra)
                if u is not None and self._replays(u, s, stage):
                    return {**self._fields(u), "stage": stage,
                            **({"dice": fields["dice"]} if "dice" in fields else {})}
        raise PositionError("stage", "a position of Small World is written at the start of a turn (before its "
                            "first conquest or combo taken)")

    def _unready(self, s: SWState, stage: str, extra: int) -> SWState | None:
        """``s`` before its turn's automatic start: the troops readied back in their Regions
        (and ``extra`` Amazons, which come for the conquests, back in the tray)."""
        if s.over or s.stage not in ("pick", "conquer"):
            return None
        u = s.clone()
        if s.stage == "conquer" and s.acting >= 0:
            for r, k in s.lifted:
                u.tokens[r] += k
                u.hand[s.acting] -= k
            if s.acting == AMAZONS:
                if extra > u.hand[AMAZONS]:
                    return None
                u.hand[AMAZONS] -= extra
                u.tray[AMAZONS] += extra
            elif extra:
                return None
        elif extra:
            return None
        return u

    def _replays(self, u: SWState, s: SWState, stage: str) -> bool:
        """Whether the turn's automatic start from ``u`` (as a loaded position sets it) gives ``s``."""
        v = u.clone()
        if stage == "conquer" and (s.stage != "conquer" or s.acting != s.players[s.current].race):
            return False
        try:
            self._turn(v, None, None, stage)
        except PositionError:
            return False
        v.cached = None
        self.game._advance(v, [])
        return v.to_json() == s.to_json()

    def _fields(self, s: SWState) -> dict[str, Any]:
        t = self.content

        def combo(c: list[int]) -> dict[str, str]:
            return {"race": t.races[c[0]].id, "power": t.powers[c[1]].id}

        regions: dict[str, Any] = {}
        for r in range(len(s.owner)):
            if s.owner[r] == LOST_TRIBE:
                regions[str(r)] = {"owner": "lost-tribe"}
            elif s.owner[r] >= 0:
                entry: dict[str, Any] = {"owner": s.owner[r], "race": t.races[s.race[r]].id, "tokens": s.tokens[r]}
                for name in ("fortress", "lair", "hole", "hero"):
                    if getattr(s, name)[r]:
                        entry[name] = True
                if s.camps[r]:
                    entry["camps"] = s.camps[r]
                if s.dragon == r:
                    entry["dragon"] = True
                regions[str(r)] = entry
        players = []
        for i, p in enumerate(s.players):
            pf: dict[str, Any] = {"coins": p.coins, "combo": combo([p.race, p.power]) if p.race >= 0 else None,
                                  "declines": [combo(d) for d in p.declines], "combo_turns": p.combo_turns,
                                  "holes_placed": p.holes_placed, "played": [combo(c) for c in p.played]}
            if pf["combo"] is None:
                del pf["combo"]
            if s.peace[i] >= 0:
                pf["peace"] = s.peace[i]
            players.append(pf)
        out: dict[str, Any] = {
            "turn": s.turn, "current": s.current, "regions": regions, "seats": players,
            "hand": {t.races[x].id: k for x, k in enumerate(s.hand) if k},
            "market": [{"race": t.races[r].id, "power": t.powers[pw].id, "coins": c} for r, pw, c in s.market],
            "race_stack": [t.races[x].id for x in reversed(s.race_deck)],
            "power_stack": [t.powers[x].id for x in reversed(s.power_deck)],
            "race_stack_seen": s.race_seen, "power_stack_seen": s.power_seen,
            "camps_left": s.camps_left, "heroes_left": s.heroes_left, "decisions": s.decisions,
        }
        if s.last_die:
            rolls, seat, region, roll = s.last_die
            out["last_die"] = {"rolls": rolls, "seat": seat, "region": None if region == NOBODY else region,
                               "roll": roll}
        if isinstance(s.rng, ScriptedRng) and s.rng.script:
            out["dice"] = [DIE_FACES[int(x)] for x in s.rng.script]
        return out

    def example(self) -> dict[str, Any]:
        return {
            "game": self.game.name, "players": 2, "seed": 5, "options": {},
            "turn": 4, "current": 0, "stage": "start",
            "seats": [{"coins": 9, "combo": {"race": "orcs", "power": "berserk"},
                         "declines": [{"race": "ghouls", "power": "alchemist"}]},
                        {"coins": 12, "combo": {"race": "elves", "power": "seafaring"}, "peace": 0}],
            "regions": {"3": {"owner": 0, "race": "ghouls", "tokens": 3},
                        "9": {"owner": 0, "race": "orcs", "tokens": 3},
                        "13": {"owner": 0, "race": "orcs", "tokens": 2},
                        "12": {"owner": 1, "race": "elves", "tokens": 3},
                        "7": {"owner": 1, "race": "elves", "tokens": 2},
                        "17": {"owner": 1, "race": "elves", "tokens": 4},
                        "14": {"owner": "lost-tribe"}, "16": {"owner": "lost-tribe"}},
            "market": [{"race": "trolls", "power": "flying", "coins": 2}, {"race": "wizards", "power": "hill"}],
            "dice": [3, 0, 2],
        }
