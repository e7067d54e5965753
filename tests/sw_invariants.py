"""Invariants of Small World, checked after every action of random games (used by the
property tests and by benchmarks/sw_property_run.py for the big runs)."""

from __future__ import annotations

from collections.abc import Callable

from random_play import check_decision, check_view, play_checked

from boardrules.engine import Action, Event, Rng
from boardrules.games.small_world import SmallWorld
from boardrules.games.small_world.state import (
    COIN_VALUE,
    ENCAMPMENTS,
    FORTRESSES,
    HEROES,
    HOLES,
    LOST_TRIBE,
    LOST_TRIBE_TOKENS,
    MARKET_SIZE,
    NOBODY,
    NONE,
    SEAFARING,
    SWState,
)


def check_state(game: SmallWorld, s: SWState) -> None:
    t = game.t
    m = t.maps[s.map]
    # Race tokens conserved between the tray, hands and the map, up to each Race's box
    on_map = [0] * len(t.races)
    for r in range(m.n):
        owner, race, n = s.owner[r], s.race[r], s.tokens[r]
        assert n >= 0, f"negative tokens in Region {r}"
        if owner == NOBODY:
            assert race == NONE and n == 0 and not s.declined[r], f"an empty Region {r} holds something"
        elif owner == LOST_TRIBE:
            assert race == NONE and n == 1, f"Region {r}: a Lost Tribe is one token"
        else:
            assert race >= 0 and n >= 1, f"Region {r}: an owned Region holds tokens"
            p = s.players[owner]
            if s.declined[r]:
                assert any(d[0] == race for d in p.declines), f"Region {r}: decline tokens of a Race not in decline"
            else:
                assert race == p.race, f"Region {r}: active tokens of a Race that is not the owner's active Race"
            on_map[race] += n
            if m.water[r]:
                seafaring = p.power == SEAFARING if not s.declined[r] else any(
                    d[0] == race and d[1] == SEAFARING for d in p.declines)
                assert seafaring, f"Region {r}: a Sea or Lake held without Seafaring"
    for i, race in enumerate(t.races):
        assert s.tray[i] >= 0 and s.hand[i] >= 0, f"negative count of {race.name}"
        assert s.tray[i] + s.hand[i] + on_map[i] == race.box, f"{race.name} tokens are not conserved"
    lost = sum(1 for r in range(m.n) if s.owner[r] == LOST_TRIBE)
    assert lost + s.lost_tribes <= LOST_TRIBE_TOKENS
    # coins conserved between the bank, the players and the combos on offer
    coins = s.bank + sum(p.coins for p in s.players) + sum(c[2] for c in s.market)
    assert coins == COIN_VALUE, "coins are not conserved"
    assert all(p.coins >= 0 for p in s.players), "a player has negative coins"
    # markers
    assert sum(s.fortress) <= FORTRESSES and sum(s.hole) <= HOLES and sum(s.hero) <= HEROES
    assert sum(s.camps) <= ENCAMPMENTS and min(s.camps) >= 0
    for r in range(m.n):
        if s.hole[r] or s.hero[r] or s.camps[r] or s.dragon == r:
            assert s.owner[r] >= 0, f"Region {r}: a marker in an unoccupied Region"
    # every banner and badge is in exactly one place
    races = list(s.race_deck) + [c[0] for c in s.market]
    powers = list(s.power_deck) + [c[1] for c in s.market]
    for p in s.players:
        if p.race >= 0:
            races.append(p.race)
            powers.append(p.power)
        for d in p.declines:
            races.append(d[0])
            if d[1] in (SEAFARING, t.power_index["spirit"]):
                powers.append(d[1])
    assert sorted(races) == list(range(len(t.races))), "Race banners are not conserved"
    assert sorted(powers) == list(range(len(t.powers))), "Power badges are not conserved"
    assert 0 <= s.race_seen <= len(s.race_deck) and 0 <= s.power_seen <= len(s.power_deck)
    # six combos on offer while both stacks last (the tops of the stacks make the sixth)
    assert len(s.market) <= MARKET_SIZE, "more than six combos on offer"
    if s.race_deck and s.power_deck:
        assert len(s.market) == MARKET_SIZE, f"{len(s.market)} combos on offer while the stacks last"
    check_decision(game, s)


def check_views(game: SmallWorld, s: SWState, rng: Rng) -> None:
    for viewer in range(s.num_players):
        v = check_view(game, s, viewer, rng)
        for other, p in enumerate(v["players"]):
            if other != viewer:
                assert p["coins"] == "hidden", "a view shows another player's coins"
        assert "race_deck" not in v and "power_deck" not in v


def run_game(game: SmallWorld, players: int, seed: int, *, views_every: int = 0) -> tuple[SWState, list[str]]:
    """Play one random game checking the invariants after every action; it lasts its map's
    turns."""
    s = game.new_state(players, seed)
    turns = [1]  # the first turn began inside new_state

    def watch(s: SWState, a: Action) -> Callable[[list[Event]], None]:
        return lambda events: turns.append(sum(1 for e in events if e.kind == "turn"))

    actions = play_checked(game, s, seed, lambda s: check_state(game, s), salt=0x5A5A,
                           views=lambda s, rng: check_views(game, s, rng), views_every=views_every, watch=watch)
    assert sum(turns) == s.turns * players, f"{sum(turns)} turns played instead of {s.turns} rounds of {players}"
    return s, actions
