"""2. CONQUERING REGIONS: first conquest, the cost of a conquest, enemy losses and
withdrawals, following conquests; with the Races and Powers that change them."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine import Event
from .queries import pname
from .state import (
    BERSERK,
    COMMANDO,
    DRAGON_MASTER,
    ELVES,
    FLYING,
    GHOULS,
    GIANTS,
    HALFLINGS,
    HOLES,
    LOST_TRIBE,
    MOUNTED,
    NOBODY,
    NONE,
    SEAFARING,
    SORCERERS,
    TRITONS,
    TROLLS,
    UNDERWORLD,
    SWState,
)
from .tables import MapTables, Tables

DIE_FACES = (0, 0, 0, 1, 2, 3)  # the reinforcement die: three blank faces
MAX_SHORT = 3  # the die shows at most 3


def acting_power(s: SWState) -> int:
    """The Special Power of the Race conquering now (none for Ghouls in decline)."""
    p = s.players[s.current]
    return p.power if s.acting == p.race else NONE


def immune(s: SWState, r: int) -> bool:
    """Holes-in-the-Ground, Heroes and the Dragon make a Region immune to conquests and to
    Race and Power effects."""
    return s.hole[r] or s.hero[r] or s.dragon == r


def defence(m: MapTables, s: SWState, r: int) -> int:
    """+1 for each Encampment, Fortress, Mountain or Troll's Lair marker in the Region."""
    return m.mountain[r] + s.lair[r] + s.fortress[r] + s.camps[r]


def defenders_in(s: SWState, r: int, player: int) -> int:
    """+1 for each Lost Tribe or other player's Race token already present in the Region."""
    owner = s.owner[r]
    if owner in (NOBODY, player):
        return 0
    return s.tokens[r]


def cost(t: Tables, s: SWState, r: int) -> int:
    """Conquering a Region: 2 Race tokens + 1 per Encampment, Fortress, Mountain or Troll's
    Lair + 1 per Lost Tribe or other player's token present; Race and Power reductions never
    bring it below 1."""
    m = t.maps[s.map]
    n = 2 + defence(m, s, r) + defenders_in(s, r, s.current)
    if s.owner[r] == NOBODY and m.water[r]:
        n = 2  # a Sea or Lake taken by Seafaring counts as an empty Region
    race, power = s.acting, acting_power(s)
    active = s.acting == s.players[s.current].race
    if power == COMMANDO or power == MOUNTED and m.terrain[r] in ("hill", "farmland") or power == UNDERWORLD and m.cavern[r]:
        n -= 1
    if active and race == TRITONS and m.coastal[r] or active and race == GIANTS and any(m.mountain[j] and s.race[j] == GIANTS for j in m.adjacent[r]):
        n -= 1
    if power == BERSERK and s.roll >= 0:
        n -= s.roll
    return max(n, 1)


def holds_any(s: SWState, race: int) -> bool:
    return race in s.race


def reachable(t: Tables, s: SWState, r: int) -> bool:
    """Where the acting Race may conquer: a first conquest enters through a border Region
    (Halflings and Flying anywhere); following conquests are adjacent to its Regions (Flying
    anywhere; Underworld: Caverns are adjacent to each other)."""
    m = t.maps[s.map]
    race, power = s.acting, acting_power(s)
    if power == FLYING:
        return True
    if not holds_any(s, race):
        active = race == s.players[s.current].race
        # a Sea at the edge is itself a border Region, open to a Seafaring Race
        return m.entry[r] or (active and race == HALFLINGS) or (power == SEAFARING and m.border[r])
    for j in m.adjacent[r]:
        if s.race[j] == race:
            return True
    return bool(power == UNDERWORLD and m.cavern[r] and any(s.race[j] == race for j in m.caverns))


def may_attack(t: Tables, s: SWState, r: int) -> bool:
    """Whether the acting Race may try to take Region ``r`` at all (cost aside): not its own,
    not immune, not a Sea or Lake (except Seafaring), not a Diplomat's protected Race, and
    reachable."""
    return refusal(t, s, r) is None


def refusal(t: Tables, s: SWState, r: int) -> tuple[str, str] | None:
    """Why the acting Race may not attack Region ``r`` (reason, rule), or None."""
    m = t.maps[s.map]
    if s.race[r] == s.acting:
        return (f"Region {r} is already yours", "Conquering a Region")
    if m.water[r] and acting_power(s) != SEAFARING:
        return ("Seas and Lakes cannot be conquered (except by a Seafaring Race)", "Conquering a Region")
    if immune(s, r):
        what = "a Hole-in-the-Ground" if s.hole[r] else "a Hero" if s.hero[r] else "the Dragon"
        return (f"Region {r} holds {what}: it is immune to conquest", "Special Powers")
    owner = s.owner[r]
    me = s.players[s.current]
    if owner >= 0 and owner != s.current and s.peace[owner] == s.current and s.acting == me.race \
            and s.race[r] == s.players[owner].race:
        return (f"{pname(owner)} is at peace with you (Diplomat): your active Race may not attack theirs "
                "until their next turn", "Diplomat")
    if owner == s.current and not s.declined[r] and s.acting != GHOULS:
        return (f"Region {r} is held by your own active Race", "Conquering a Region")
    if not reachable(t, s, r):
        if not holds_any(s, s.acting):
            return ("a first conquest must enter through a border Region (at the edge of the board, or on the "
                    "shore of a Sea at the edge)", "First Conquest")
        return ("a following conquest must be adjacent to a Region your Race already occupies", "Following Conquests")
    return None


def targets(t: Tables, s: SWState) -> list[int]:
    """The Regions the acting Race may try to conquer now, cost aside (in Region order)."""
    m = t.maps[s.map]
    race = s.acting
    held = [r for r in range(m.n) if s.race[r] == race]
    if held and acting_power(s) != FLYING:
        # following conquests: only neighbours (and, for Underworld, every Cavern) can qualify
        near: set[int] = set()
        for r in held:
            near.update(m.adjacent[r])
        if acting_power(s) == UNDERWORLD and any(m.cavern[r] for r in held):
            near.update(m.caverns)
        candidates: Iterable[int] = sorted(near)
    else:
        candidates = range(m.n)
    return [r for r in candidates if refusal(t, s, r) is None]


def take_region(t: Tables, s: SWState, r: int, placed: int, events: list[Event], how: str = "conquers") -> None:
    """The acting Race takes Region ``r`` with ``placed`` tokens from hand: the previous
    occupants withdraw (ENEMY LOSSES & WITHDRAWALS) and the markers that were theirs go."""
    player = s.current
    race = s.acting
    was = s.owner[r]
    nonempty = was != NOBODY
    _withdraw(t, s, r, events)
    s.owner[r] = player
    s.race[r] = race
    s.tokens[r] = placed
    s.declined[r] = race != s.players[player].race  # Ghouls in decline conquer as decline tokens
    s.hand[race] -= placed
    s.conquered.append(r)
    if nonempty:
        s.nonempty += 1
    if race == TROLLS and race == s.players[player].race:
        s.lair[r] = True  # a Troll's Lair in each Region the Trolls conquer
    p = s.players[player]
    if race == HALFLINGS and race == p.race and p.holes_placed < HOLES:
        p.holes_placed += 1
        s.hole[r] = True  # Holes-in-the-Ground in the first 2 Regions conquered
    events.append(Event("conquer", f"{pname(player)} {how} Region {r} with {placed} {t.races[race].name} token(s)",
                        player, {"region": r, "tokens": placed, "race": t.races[race].id}))


def _withdraw(t: Tables, s: SWState, r: int, events: list[Event]) -> None:
    """The defender takes all its tokens back, discards one to the storage tray and keeps the
    rest in hand to redeploy at the end of the turn (Elves discard none); a Lost Tribe or a
    Race in decline is removed; markers of the old occupant leave with it."""
    owner, race, n = s.owner[r], s.race[r], s.tokens[r]
    if owner == NOBODY:
        return
    s.lair[r] = False  # a Troll's Lair or a Fortress goes with the Region's occupants
    s.fortress[r] = False
    if s.camps[r]:
        s.camps[r] = 0  # Encampments are not lost: they are placed again at redeployment
    if owner == LOST_TRIBE:
        events.append(Event("lose", f"the Lost Tribe of Region {r} is wiped out", None, {"region": r}))
    elif s.declined[r] and (race != GHOULS or owner == s.current):
        s.tray[race] += n
        events.append(Event("lose", f"{pname(owner)}'s {t.races[race].name} in decline lose Region {r}", owner,
                            {"region": r}))
    else:
        active = s.players[owner].race == race
        lost = 0 if (race == ELVES and active) else 1
        lost = min(lost, n)
        s.tray[race] += lost
        s.hand[race] += n - lost
        if owner != s.current:
            if active and owner not in s.attacked:
                s.attacked.append(owner)
            if n - lost and owner not in s.defenders:
                s.defenders.append(owner)
        events.append(Event("lose", f"{pname(owner)} loses Region {r}: {lost} {t.races[race].name} token(s) to the "
                            f"tray, {n - lost} back in hand", owner, {"region": r, "lost": lost, "back": n - lost}))
    s.owner[r] = NOBODY
    s.race[r] = NONE
    s.tokens[r] = 0
    s.declined[r] = False


def conquer(t: Tables, s: SWState, r: int, events: list[Event]) -> None:
    """A conquest paid in full: the tokens it cost are deployed in the Region."""
    n = cost(t, s, r)
    s.roll = -1
    s.started = True
    take_region(t, s, r, n, events)


def reinforce(t: Tables, s: SWState, r: int, events: list[Event]) -> None:
    """The final conquest: the target is chosen, then the reinforcement die is rolled once; if
    the tokens in hand plus the roll reach the cost, all of them are deployed there. Either
    way the conquests of the turn are over."""
    need = cost(t, s, r)
    roll = DIE_FACES[s.rng.below(len(DIE_FACES))]
    record_die(s, r, roll)
    have = s.hand[s.acting]
    s.started = True
    s.conquests_over = True
    ok = have + roll >= need
    events.append(Event("die", f"{pname(s.current)} rolls the reinforcement die for Region {r}: {roll} "
                        f"({'enough' if ok else 'not enough'}: {have} + {roll} against {need})", s.current,
                        {"region": r, "roll": roll}))
    if ok:
        take_region(t, s, r, have, events)


def berserk_roll(s: SWState, events: list[Event]) -> None:
    """Berserk: the die is rolled before the conquest, whose Region is chosen after."""
    s.roll = DIE_FACES[s.rng.below(len(DIE_FACES))]
    record_die(s, NOBODY, s.roll)
    s.started = True  # the roll is part of a conquest: no declining or abandoning after it
    events.append(Event("die", f"{pname(s.current)} rolls the reinforcement die (Berserk): {s.roll}", s.current,
                        {"roll": s.roll}))


def record_die(s: SWState, r: int, roll: int) -> None:
    """Everyone sees the die rolled (and for which Region)."""
    s.last_die = [(s.last_die[0] if s.last_die else 0) + 1, s.current, r, roll]


def dragon_attack(t: Tables, s: SWState, r: int, events: list[Event]) -> None:
    """Dragon Master: once a turn, conquer a Region with a single token whatever defends it;
    the Dragon moves there."""
    s.started = True
    s.dragon_used = True
    s.roll = -1
    take_region(t, s, r, 1, events, how="sends the Dragon into")
    s.dragon = r


def enchant_targets(t: Tables, s: SWState) -> list[int]:
    """Sorcerers: the Regions they may enchant now (see enchant_refusal)."""
    if enchant_refusal(t, s, NOBODY) is not None:
        return []
    return [r for r in range(t.maps[s.map].n) if enchant_refusal(t, s, r) is None]


def enchant_refusal(t: Tables, s: SWState, r: int) -> tuple[str, str] | None:
    """Why the Sorcerers may not enchant Region ``r`` (reason, rule), or None; with ``r`` NOBODY,
    whether they may enchant at all. Sorcerers replace a single active token of an opponent not
    yet enchanted this turn, in a Region next to theirs, with a Sorcerer from the tray. A
    Troll's Lair, a Fortress or a Mountain does not protect a lone token; an Encampment counts
    as a token and does."""
    rule = "Sorcerers"
    if s.acting != SORCERERS or s.players[s.current].race != SORCERERS:
        return ("only active Sorcerers enchant", rule)
    if not s.tray[SORCERERS]:
        return ("no Sorcerer is left in the storage tray to replace a token with", rule)
    if s.hand[SORCERERS] < 1:
        # "a player must always have at least one Race token available"
        return ("a player must always have at least one Race token available to initiate a new conquest",
                "Important Note")
    if r == NOBODY:
        return None
    owner = s.owner[r]
    if owner < 0 or owner == s.current:
        return (f"Region {r} is not held by an opponent's Race", rule)
    if s.declined[r] or s.players[owner].race != s.race[r]:
        return (f"Region {r} holds a Race in decline: Sorcerers replace an active token", rule)
    if s.tokens[r] != 1:
        return (f"Region {r} holds {s.tokens[r]} tokens: Sorcerers replace a single token", rule)
    if owner in s.enchanted:
        return (f"you have enchanted {pname(owner)}'s Race this turn: once a turn per opponent", rule)
    if immune(s, r):
        what = "a Hole-in-the-Ground" if s.hole[r] else "a Hero" if s.hero[r] else "the Dragon"
        return (f"Region {r} holds {what}: it is immune to Race powers", "Special Powers")
    if s.camps[r]:
        return (f"Region {r} holds an Encampment, which counts as a token: the token there is not alone", rule)
    m = t.maps[s.map]
    if m.water[r] and acting_power(s) != SEAFARING:
        return ("Seas and Lakes cannot be conquered (except by a Seafaring Race)", "Conquering a Region")
    if s.peace[owner] == s.current:
        return (f"{pname(owner)} is at peace with you (Diplomat): your active Race may not attack theirs "
                "until their next turn", "Diplomat")
    if not any(s.race[j] == SORCERERS for j in m.adjacent[r]):
        return (f"Region {r} is not next to a Region of your Sorcerers", rule)
    return None


def enchant(t: Tables, s: SWState, r: int, events: list[Event]) -> None:
    owner, race = s.owner[r], s.race[r]
    s.started = True
    s.enchanted.append(owner)
    if owner not in s.attacked:
        s.attacked.append(owner)
    s.tray[race] += 1
    s.fortress[r] = s.lair[r] = False  # they leave with the replaced token
    s.owner[r] = s.current
    s.race[r] = SORCERERS
    s.tokens[r] = 1
    s.tray[SORCERERS] -= 1
    s.conquered.append(r)
    s.nonempty += 1
    events.append(Event("enchant", f"{pname(s.current)}'s Sorcerers replace {pname(owner)}'s "
                        f"{t.races[race].name} token in Region {r}", s.current, {"region": r}))


def dragon_targets(t: Tables, s: SWState) -> list[int]:
    if acting_power(s) != DRAGON_MASTER or s.dragon_used or s.hand[s.acting] < 1:
        return []
    return targets(t, s)
