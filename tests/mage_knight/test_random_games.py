"""Issue 11 "Property tests": seeded random games of every scenario and player count with the
invariants of tests/mk_invariants.py checked after every action (the big run is
``python benchmarks/property_run.py --game mage-knight``)."""

from __future__ import annotations

import pytest
from mk_invariants import Invariants, deed_cards, run_game, scenario
from random_play import check_independent_of_earlier_games

from boardrules.games.mage_knight.game import MageKnight

GAME = MageKnight()


@pytest.mark.parametrize("seed", range(8))
def test_random_games_conserve_cards_units_and_dice_in_every_scenario(seed: int) -> None:
    players = 1 + seed % 4
    s, actions = run_game(GAME, players, seed, views_every=40)
    assert s.g.scenario == scenario(players, seed).replace("-", " ").title()
    assert actions


def test_the_card_count_sees_a_card_that_vanishes() -> None:
    s = GAME.new_state(2, 1)
    inv = Invariants(GAME, s)
    s.g.players[0].hand.remove(next(c for c in s.g.players[0].hand if c != "wound"))
    with pytest.raises(AssertionError):
        inv.check(s)
    assert sum(deed_cards(s.g).values()) == sum(inv.cards.values()) - 1


def test_a_game_played_after_others_in_one_process_plays_as_it_does_alone() -> None:
    """Determinism (issue 22): a Mage Knight game between greedy and random seats, played in this
    process after other games, is the game played alone in a fresh process (actions, events
    and final hash): nothing outlives a game, so ``simulate`` gives the same rows on any
    number of workers."""
    check_independent_of_earlier_games("mage-knight", ["greedy", "random"], seeds=[2], earlier=[1])
