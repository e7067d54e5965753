"""Random rounds: seeded games of 2-3 heroes on a real wedge map for three rounds (tactics, turns
of random card plays, rests and ends of turn (movement is the map test's), announcing the End of the Round). After
every attempt: a refused rule changes nothing; otherwise every player's Deed cards are
conserved (only Wounds and rewards come and go), no count is negative, and a round ends only
after the announcement and every other player's last turn."""

from __future__ import annotations

from collections import Counter

import pytest

from boardrules.engine import Event, IllegalActionError, Rng
from boardrules.games.mage_knight.cards.deck import WOUND, new_deed_deck
from boardrules.games.mage_knight.cards.mana import mana_sources
from boardrules.games.mage_knight.cards.offers import set_up_offers
from boardrules.games.mage_knight.cards.playing import play_card
from boardrules.games.mage_knight.content import default_content
from boardrules.games.mage_knight.game_state import GameState
from boardrules.games.mage_knight.map.exploring import new_map
from boardrules.games.mage_knight.rounds.new_round import begin_round, choose_tactic, tactic_picker
from boardrules.games.mage_knight.rounds.turn import (
    announce_end_of_round,
    end_turn,
    must_announce,
    rest,
    start_turn,
)

T = default_content()
COUNTRYSIDE = [x.id for x in T.tiles if x.kind == "countryside" and x.set == "base"]
CORE = [x.id for x in T.tiles if x.kind == "core" and x.set == "base" and x.city is None]


def deeds(s: GameState, i: int) -> Counter[str]:
    p = s.players[i]
    return Counter(c for c in p.deck + p.hand + p.play_area + p.discard + p.thrown if c != WOUND)


def attempt(s: GameState, fn, *args, **kw) -> bool:  # type: ignore[no-untyped-def]
    before = s.to_json()
    try:
        fn(*args, **kw)
    except IllegalActionError as e:
        assert s.to_json() == before, f"refused {fn.__name__} changed the state: {e}"
        assert e.reason and e.rule
        return False
    return True


def one_turn(s: GameState, i: int, rng: Rng) -> None:
    events: list[Event] = []
    start_turn(T, s, i, events)
    p = s.players[i]
    if must_announce(s, i) or (not p.deck and s.announced_by < 0 and rng.below(2)):
        assert attempt(s, announce_end_of_round, s, i, events)
    elif p.hand and rng.below(6) == 0:
        wounds = [c for c in p.hand if c == WOUND]
        others = [c for c in p.hand if c != WOUND]
        attempt(s, rest, s, i, ([rng.choice(others)] if others else []) + wounds[:1 + rng.below(2)], events)
    else:
        for _ in range(rng.below(5)):
            p = s.players[i]
            if not p.hand:
                break
            card = rng.choice(p.hand)
            how = rng.choice(("basic", "powered", "move", "move", "influence"))
            mana: tuple[str, ...] = ()
            if card != WOUND and how == "powered":
                mana = tuple(rng.choice(mana_sources(s, i, c) or ["token"]) for c in T.card[card].powering[0])
            attempt(s, play_card, T, s, i, card, how, events, option=1 + rng.below(2), mana=mana,
                    colour=rng.choice(("red", "blue", "green", "white")))
    p = s.players[i]
    if p.must_play and not p.play_area and not p.rested and not p.forfeited:
        others = [c for c in p.hand if c != WOUND]
        if others:
            attempt(s, play_card, T, s, i, others[0], "move", events)
        elif p.hand:
            attempt(s, rest, s, i, [WOUND], events)
    assert attempt(s, end_turn, T, s, i, events, crystal=rng.choice(("red", "blue", "green", "white")))


def play(seed: int) -> None:
    rng = Rng(seed)
    players = 2 + rng.below(2)
    s, _ = new_map(T, "wedge", players, COUNTRYSIDE[:8], CORE[:2], seed=seed)
    set_up_offers(T, s)
    heroes = [h.id for h in T.heroes if h.set == "base"]
    for p in s.players:
        new_deed_deck(p, T.starting_deck(heroes.pop(rng.below(len(heroes)))), s.rng, p.hand_limit)
    for rnd in range(3):
        begin_round(T, s, [], first=rnd == 0)
        while (who := tactic_picker(s)) >= 0:
            assert attempt(s, choose_tactic, T, s, who, rng.choice(s.tactics), [])
        start = [deeds(s, i) for i in range(players)]
        for _ in range(60):
            if s.round_over or s.combat is not None:
                break
            for i in list(s.round_order):
                if s.round_over or s.combat is not None:
                    break
                if s.announced_by >= 0 and i not in s.final_turns:
                    continue
                one_turn(s, i, rng)
                for j in range(players):
                    q = s.players[j]
                    assert deeds(s, j) == start[j], "Deed cards were lost or made"
                    assert min(q.move_points, q.influence_points, q.fame) >= 0
                    assert all(n >= 0 for n in q.mana.values()) and all(0 <= n <= 3 for n in q.crystals.values())
        if s.combat is not None:
            return
        assert s.round_over, "a round of 60 cycles did not end"


@pytest.mark.parametrize("seed", range(30))
def test_random_rounds_keep_the_invariants(seed: int) -> None:
    play(seed)
