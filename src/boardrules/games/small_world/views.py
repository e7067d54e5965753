"""What each player may see. Public: the map (each Region's terrain, symbols and borders), its tokens and markers, the combos on offer with
their coins, every player's Races and Powers, tokens in hand, and how many banners and badges
are left in the stacks and which were put back at their bottom, the last roll of the die and
the Regions troops were readied from this turn. Secret: each player's coin total, the order
of the rest of the stacks, the dice to come."""

from __future__ import annotations

from typing import Any

from ...engine import Rng
from .queries import pname
from .state import LOST_TRIBE, NOBODY, SWState
from .tables import Tables


def view(t: Tables, s: SWState, player: int | None) -> dict[str, Any]:
    m = t.maps[s.map]
    regions = []
    for r in range(m.n):
        owner = s.owner[r]
        regions.append({
            "region": r,
            "terrain": m.terrain[r],
            "symbols": list(m.data.region[r].symbols),
            "border": m.border[r],
            "borders": list(m.adjacent[r]),  # the Regions it borders
            "owner": "lost-tribe" if owner == LOST_TRIBE else None if owner == NOBODY else owner,
            "race": t.races[s.race[r]].id if s.race[r] >= 0 else None,
            "tokens": s.tokens[r],
            "in_decline": s.declined[r],
            "markers": _markers(m.mountain[r], s, r),
        })
    players = []
    for i, p in enumerate(s.players):
        players.append({
            "name": pname(i),
            "coins": p.coins if player == i else "hidden",
            "race": t.races[p.race].id if p.race >= 0 else None,
            "power": t.powers[p.power].id if p.power >= 0 else None,
            "in_hand": s.hand[p.race] if p.race >= 0 else 0,
            "declines": [{"race": t.races[d[0]].id, "power": t.powers[d[1]].id, "in_hand": s.hand[d[0]]}
                         for d in p.declines],
            "peace_with": pname(s.peace[i]) if s.peace[i] >= 0 else None,
        })
    return {
        "game": "small-world",
        "map": m.name,
        "turn": s.turn,
        "turns": s.turns,
        "current": s.current,
        "stage": s.stage,
        "you": player,
        "market": [{"position": i + 1, "race": t.races[race].id, "power": t.powers[power].id, "coins": coins,
                    "tokens": t.races[race].tokens + t.powers[power].tokens}
                   for i, (race, power, coins) in enumerate(s.market)],
        "race_stack": len(s.race_deck),
        "power_stack": len(s.power_deck),
        # put back at the bottom in view of everyone, bottom first
        "race_stack_bottom": [t.races[r].id for r in s.race_deck[:s.race_seen]],
        "power_stack_bottom": [t.powers[p].id for p in s.power_deck[:s.power_seen]],
        "players": players,
        "regions": regions,
        "tray": {t.races[i].id: n for i, n in enumerate(s.tray)},
        "dragon": s.dragon if s.dragon >= 0 else None,
        # public facts of the turn that the board no longer shows
        "readied": [{"region": r, "tokens": n} for r, n in s.lifted],
        "abandoned": s.abandoned,  # a Region was abandoned this turn: the Race is expanding, not declining
        "last_die": None if not s.last_die else {
            "rolls": s.last_die[0], "player": pname(s.last_die[1]),
            "region": s.last_die[2] if s.last_die[2] >= 0 else None, "roll": s.last_die[3]},
        "over": s.over,
    }


def _markers(mountain: bool, s: SWState, r: int) -> list[str]:
    out = ["mountain"] if mountain else []
    out += ["troll-lair"] * s.lair[r] + ["fortress"] * s.fortress[r] + ["encampment"] * s.camps[r]
    out += ["hole"] * s.hole[r] + ["hero"] * s.hero[r] + (["dragon"] if s.dragon == r else [])
    return out


def determinize(s: SWState, player: int, rng: Rng) -> SWState:
    """A state agreeing with all ``player`` knows: the banner and badge stacks are reshuffled
    above the ones everyone saw put back at the bottom, and the dice to come (the
    reinforcement die, Berserk's) are drawn from ``rng``. Coin totals are secret in the view,
    but every coin paid or earned follows from public events, so a player with a perfect
    memory knows them: they are kept."""
    out = s.clone()
    out.rng = Rng(rng.next64(), draws=s.rng.draws)
    out.race_deck = _reshuffled(out.race_deck, out.race_seen, rng)
    out.power_deck = _reshuffled(out.power_deck, out.power_seen, rng)
    out.cached = None
    return out


def _reshuffled(stack: list[int], seen: int, rng: Rng) -> list[int]:
    """The stack (top at the end) with all but its ``seen`` bottom entries shuffled."""
    unseen = sorted(stack[seen:])  # sorted first: the sample depends on what is seen, not the real order
    rng.shuffle(unseen)
    return stack[:seen] + unseen
