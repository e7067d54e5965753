"""Invariants of Heroes IV, checked after every action of random games: cards conserved across
decks, hands, Adventure Stacks, discard stacks, the cards kept aside, the map (spaces, Guard Stacks,
cards under Towns), Army Stacks and the Artifacts under Heroes; at most 4 Army Stacks; the top
card rule; no two players' stacks in one space outside a battle; every decision has a legal action;
views hide hands, Adventure Stacks and deck order."""

from __future__ import annotations

from collections import Counter

from random_play import check_decision, check_view, play_checked

from boardrules.engine import Rng
from boardrules.games.heroes_iv import HeroesIV
from boardrules.games.heroes_iv.queries import order_stack
from boardrules.games.heroes_iv.setup import deck_of
from boardrules.games.heroes_iv.state import H4State


def all_cards(s: H4State) -> Counter[str]:
    n: Counter[str] = Counter()
    for p in s.players:
        n.update(p.deck + p.discard + p.hand + p.adventure + p.aside)
        for arts in p.artifacts.values():
            n.update(arts)
    for sp in s.spaces.values():
        n.update(sp.guards + sp.under + ([sp.card] if sp.card else []))
    for a in s.armies:
        n.update(a.cards)
    n.update(s.buying[:1])
    return n


def check_state(game: HeroesIV, s: H4State) -> None:
    c = game.c
    want: Counter[str] = Counter()
    for p, decklist in zip(s.players, s.decklists, strict=True):  # the shipped deck, or a tournament deck
        want.update(dict(decklist))
        assert decklist == tuple((e.card, e.copies) for e in deck_of(c, p.alignment).cards) or \
            sum(n for _, n in decklist) >= c.rules.deck_size
    assert all_cards(s) == want, "cards are not conserved"
    for seat in range(s.num_players):
        assert len(s.armies_of(seat)) <= c.rules.max_army_stacks, "more than 4 Army Stacks"
        known = s.players[seat].known  # a deck made again from the discard stack holds only its cards
        assert known is None or Counter(s.players[seat].deck) <= Counter(known), "a deck holds a card not known"
    for a in s.armies:
        assert a.cards and a.cards == order_stack(c, a.cards), f"Army Stack {a.marker} breaks the top card rule"
        assert a.mp >= 0
    markers = [a.marker for a in s.armies]
    assert len(set(markers)) == len(markers), "two Army Stacks share a marker"
    if s.battle is not None:  # one generator for the game and its battle; the battle is the top frame
        assert s.battle.rng is s.rng and s.pending and s.pending[-1][0] == "battle"
    else:  # outside a battle no two players' stacks share a space (rules h4-4, Forming Up)
        owners: dict[int, set[int]] = {}
        for a in s.armies:
            owners.setdefault(a.hex, set()).add(a.owner)
        assert all(len(o) == 1 for h, o in owners.items() if h >= 0), "two players' Army Stacks share a space"
    check_decision(game, s)


def check_views(game: HeroesIV, s: H4State, rng: Rng) -> None:
    for viewer in range(s.num_players):
        v = check_view(game, s, viewer, rng)
        for seat, p in enumerate(v["players"]):
            if seat != viewer:
                assert isinstance(p["hand"], int) and isinstance(p["adventure"], int)
        assert "sections_left" not in v
        if s.battle is not None:  # nothing in a battle is hidden but the dice to come
            assert "rng" not in v["battle"]
            t = game.determinize(s, viewer, rng)
            assert t.battle is not None and t.battle.rng is t.rng
            mine, theirs = s.battle.to_json(), t.battle.to_json()
            del mine["rng"], theirs["rng"]
            assert mine == theirs


def run_game(game: HeroesIV, players: int, seed: int, *, views_every: int = 0,
             options: dict[str, str] | None = None) -> tuple[H4State, list[str]]:
    s = game.new_state(players, seed, options)
    actions = play_checked(game, s, seed, lambda s: check_state(game, s), salt=0x4E4E,
                           views=lambda s, rng: check_views(game, s, rng), views_every=views_every)
    return s, actions
