"""Heroes IV property tests: seeded random games of 2, 3, 4 and 6 players with the invariants of
h4_invariants.py after every action, views hiding what they must and determinize agreeing,
replays reproducing, and every refusal naming a rule."""

from __future__ import annotations

import os

import pytest
from h4_invariants import check_state, run_game
from random_play import check_independent_of_earlier_games

from boardrules.agents import GreedyAgent
from boardrules.engine import Action, IllegalActionError, Rng, Session, replay_from_data
from boardrules.games.heroes_iv import HeroesIV

GAMES = int(os.environ.get("BOARDRULES_PROPERTY_GAMES", "90"))


@pytest.fixture(scope="module")
def game() -> HeroesIV:
    return HeroesIV()


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_games_keep_the_invariants(game: HeroesIV, players: int) -> None:
    for seed in range(GAMES // 6):
        run_game(game, players, 1000 * players + seed)


@pytest.mark.parametrize("players", [2, 4])
def test_views_hide_hands_and_determinize_agrees(game: HeroesIV, players: int) -> None:
    for seed in range(3):
        run_game(game, players, 50 + seed, views_every=7)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_greedy_games_keep_the_invariants(game: HeroesIV, players: int) -> None:
    """Greedy seats reach what random ones rarely do (purchases at Dwellings, battles, claims)."""
    s = game.new_state(players, 31 + players)
    agents = [GreedyAgent(k) for k in range(players)]
    while not game.is_over(s):
        d = game.decision(s)
        assert d is not None
        game.apply(s, agents[d.player].act(game, s, d))
        check_state(game, s)
    result = game.result(s)
    assert result is not None and max(result.scores) > 0


def test_replay_reproduces_the_final_hash(game: HeroesIV) -> None:
    state, actions = run_game(game, 3, 77)
    session = Session(game, 77, 3, {})
    for a in actions:
        session.play(a)
    data = session.replay_data()
    assert data["final_hash"] == game.state_hash(state)
    assert game.state_hash(replay_from_data(game, data).state) == data["final_hash"]


NAMES = ("attach", "start", "buy", "pay", "move", "split", "join", "give", "formup", "claim", "end", "define",
         "pass", "reinforce", "done", "attack")
ARGS = ((), ("0",), ("1",), ("18",), ("999",), ("-1",), ("abc",), ("9" * 5000,), ("1", "2"), ("1", "squire"),
        ("squire", "hand", "9"), ("18", "windmill", "hand"), ("1", "2", "squire"), ("0:1",), ("\u00b2",))


def test_every_refusal_at_every_moment_names_a_rule(game: HeroesIV) -> None:
    for seed in range(4):
        s = game.new_state(2 + seed, seed)
        rng = Rng(seed)
        while not game.is_over(s):
            d = game.decision(s)
            assert d is not None
            for name in NAMES:
                for args in ARGS:
                    a = Action(name, args)
                    if a in d.actions:
                        continue
                    reason, rule = game.explain_illegal(s, a)
                    assert reason and rule, (a, reason, rule)
                    with pytest.raises(IllegalActionError):
                        game.check_legal(s, a)
            game.apply(s, d.actions[rng.below(len(d.actions))])


def test_a_legal_action_with_one_word_changed_is_refused_with_its_reason(game: HeroesIV) -> None:
    # a refusal that can only say "not possible now" tells a player nothing: every word of every
    # legal action is swapped in turn for another word of the moment, at random
    for players, seed in ((2, 1), (3, 2)):
        s = game.new_state(players, seed)
        rng = Rng(seed + 77)
        while not game.is_over(s):
            d = game.decision(s)
            assert d is not None
            words = sorted({w for a in d.actions for w in a.args} | {"0", "squire", "hand", "aside", "9999"})
            for _ in range(4):
                a = d.actions[rng.below(len(d.actions))]
                if not a.args:
                    continue
                args = list(a.args)
                args[rng.below(len(args))] = words[rng.below(len(words))]
                b = Action(a.name, tuple(args))
                if b in d.actions:
                    continue
                reason, rule = game.explain_illegal(s, b)
                assert rule and "is not possible now" not in reason and "names nothing" not in reason, (b, reason)
            game.apply(s, d.actions[rng.below(len(d.actions))])


def test_a_game_played_after_others_in_one_process_plays_as_it_does_alone() -> None:
    """Determinism (issue 22): a Heroes IV game between greedy and random seats, played in this
    process after other games, is the game played alone in a fresh process (actions, events
    and final hash): nothing outlives a game, so ``simulate`` gives the same rows on any
    number of workers."""
    check_independent_of_earlier_games("heroes-iv", ["greedy", "random"], seeds=[3], earlier=[1, 2])
