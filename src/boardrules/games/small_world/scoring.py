"""SCORING VICTORY COINS at the end of each turn, the end of the game and the tie-break."""

from __future__ import annotations

from ...engine import Event, Result
from .queries import pname
from .state import (
    ALCHEMIST,
    DWARVES,
    FOREST,
    FORTIFIED,
    HILL,
    HUMANS,
    MERCHANT,
    ORCS,
    PILLAGING,
    SWAMP,
    WEALTHY,
    WIZARDS,
    SWState,
)
from .tables import Tables

WEALTHY_COINS = 7
ALCHEMIST_COINS = 2


def turn_coins(t: Tables, s: SWState, player: int) -> tuple[int, list[str]]:
    """The coins ``player`` earns now: 1 per Region occupied (active and in decline), then the
    Race and Power bonuses, with what each part is for."""
    m = t.maps[s.map]
    p = s.players[player]
    held = [r for r in range(m.n) if s.owner[r] == player]
    coins = len(held)
    parts = [f"{len(held)} for Regions"]

    def add(n: int, why: str) -> None:
        nonlocal coins
        if n:
            coins += n
            parts.append(f"{n} {why}")

    active = [r for r in held if s.race[r] == p.race and not s.declined[r]] if p.race >= 0 else []
    # Dwarves: Mines, also in decline
    if p.race == DWARVES or any(d[0] == DWARVES for d in p.declines):
        add(sum(1 for r in held if s.race[r] == DWARVES and m.mine[r]), "for Mines (Dwarves)")
    if p.race == HUMANS:
        add(sum(1 for r in active if m.terrain[r] == "farmland"), "for Farmlands (Humans)")
    elif p.race == WIZARDS:
        add(sum(1 for r in active if m.magic[r]), "for Magic Sources (Wizards)")
    elif p.race == ORCS:
        add(s.nonempty, "for non-empty conquests (Orcs)")
    power = p.power
    if power == ALCHEMIST:
        add(ALCHEMIST_COINS, "(Alchemist)")
    elif power == FOREST:
        add(sum(1 for r in active if m.terrain[r] == "forest"), "for Forests")
    elif power == HILL:
        add(sum(1 for r in active if m.terrain[r] == "hill"), "for Hills")
    elif power == SWAMP:
        add(sum(1 for r in active if m.terrain[r] == "swamp"), "for Swamps")
    elif power == MERCHANT:
        add(len(active), "(Merchant)")
    elif power == PILLAGING:
        add(s.nonempty, "for non-empty conquests (Pillaging)")
    elif power == FORTIFIED:
        add(sum(1 for r in active if s.fortress[r]), "for Fortresses")
    elif power == WEALTHY and p.combo_turns == 0:
        add(WEALTHY_COINS, "(Wealthy)")
    return coins, parts


def score_turn(t: Tables, s: SWState, events: list[Event]) -> None:
    player = s.current
    coins, parts = turn_coins(t, s, player)
    s.players[player].coins += coins
    s.bank -= coins
    # coin totals are secret: the amount is in the data, not the text everyone reads
    events.append(Event("score", f"{pname(player)} scores ({', '.join(parts)})", player, {"coins": coins}))


def tokens_on_map(s: SWState, player: int) -> int:
    return sum(s.tokens[r] for r in range(len(s.owner)) if s.owner[r] == player)


def result(s: SWState) -> Result:
    """Most coins wins; tied players compare their Race tokens on the map (active and in
    decline); still tied, they share the victory."""
    scores = tuple(p.coins for p in s.players)
    best = max(scores)
    tied = [i for i, c in enumerate(scores) if c == best]
    if len(tied) > 1:
        most = max(tokens_on_map(s, i) for i in tied)
        tied = [i for i in tied if tokens_on_map(s, i) == most]
    return Result(scores, tuple(tied), s.turns)


def finish(t: Tables, s: SWState, events: list[Event]) -> None:
    s.over = True
    s.stage = "over"
    s.turn = s.turns
    r = result(s)
    names = " and ".join(pname(w) for w in r.winners)
    events.append(Event("game-over", f"The game ends after turn {s.turns}. {names} "
                        f"{'wins' if len(r.winners) == 1 else 'share the victory'} with {r.scores[r.winners[0]]} coins",
                        None, {"winners": list(r.winners), "scores": list(r.scores)}))


def played_combos(t: Tables, s: SWState) -> list[list[str]]:
    """Per seat, tags for the balance report: each Race, Power and combo it took."""
    out = []
    for p in s.players:
        tags: list[str] = []
        for race, power in p.played:
            for tag in (f"race:{t.races[race].name}", f"power:{t.powers[power].name}",
                        f"combo:{t.combo_name(race, power)}"):
                if tag not in tags:
                    tags.append(tag)
        out.append(tags)
    return out
