"""Small World property tests: seeded random games of 2 to 5 players with invariants checked
after every action (Race tokens conserved between tray, hand and map up to each Race's box;
coins conserved between bank, players and combos; no Region holds two Races; every decision
has a legal action; every game ends after its map's number of turns), views hiding coins,
determinization, replays, and every refusal at every moment naming a rule. The big run is
`python benchmarks/property_run.py --game small-world`."""

from __future__ import annotations

import os

import pytest
from random_play import check_independent_of_earlier_games
from sw_invariants import run_game

from boardrules.agents import RandomAgent
from boardrules.engine import Action, Session, replay_from_data
from boardrules.games.small_world import SmallWorld

GAMES = int(os.environ.get("BOARDRULES_PROPERTY_GAMES", "90"))


@pytest.fixture(scope="module")
def game() -> SmallWorld:
    return SmallWorld()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_invariants(game: SmallWorld, players: int) -> None:
    for seed in range(GAMES // 3):
        run_game(game, players, 1000 * players + seed, views_every=0)


@pytest.mark.parametrize("players", [2, 5])
def test_views_hide_coins_and_determinize_agrees(game: SmallWorld, players: int) -> None:
    for seed in range(4):
        run_game(game, players, 50 + seed, views_every=5)


def test_replay_reproduces_the_final_hash(game: SmallWorld) -> None:
    state, actions = run_game(game, 3, 77)
    session = Session(game, 77, 3, {})
    for a in actions:
        session.play(a)
    data = session.replay_data()
    assert data["final_hash"] == game.state_hash(state)
    again = replay_from_data(game, data)
    assert game.state_hash(again.state) == data["final_hash"]


def test_same_seed_same_game(game: SmallWorld) -> None:
    a, acts_a = run_game(game, 5, 12345)
    b, acts_b = run_game(game, 5, 12345)
    assert acts_a == acts_b and game.state_hash(a) == game.state_hash(b)


NAMES = ("pick", "pass", "abandon", "conquer", "reinforce", "roll", "dragon", "enchant", "decline", "place", "camp",
         "fortress", "hero", "peace", "done", "attack")
ARGS = ((), ("0",), ("3",), ("21",), ("47",), ("-1",), ("abc",), ("9" * 5000,), ("3", "all"), ("3", "x"),
        ("ratmen",), ("2",), ("\u00b2",))


def test_every_refusal_at_every_moment_names_a_rule(game: SmallWorld) -> None:
    """Every action name with odd words, at every moment of random games: refused with a short
    reason and a rule, never a traceback."""
    moments: set[str] = set()
    for seed in range(6):
        players = 2 + seed % 4
        s = game.new_state(players, seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(players)]
        step = 0
        while (d := game.decision(s)) is not None:
            if step % 7 == 0 or s.stage not in moments:
                moments.add(s.stage)
                for name in NAMES:
                    for args in ARGS:
                        a = Action(name, args)
                        if a not in d.actions:
                            reason, rule = game.explain_illegal(s, a)
                            assert reason and rule and len(reason) < 400, (s.stage, a.text[:30], reason, rule)
            game.apply(s, agents[d.player].act(game, s, d))
            step += 1
    assert {"pick", "conquer", "redeploy", "defend"} <= moments


def test_a_game_played_after_others_in_one_process_plays_as_it_does_alone() -> None:
    """Determinism (issue 22): a Small World game between greedy and random seats, played in this
    process after other games, is the game played alone in a fresh process (actions, events
    and final hash): nothing outlives a game, so ``simulate`` gives the same rows on any
    number of workers."""
    check_independent_of_earlier_games("small-world", ["greedy", "random", "greedy"], seeds=[3], earlier=[1, 2])
