"""Property tests: seeded random games of 2, 3 and 4 players with invariants checked after
every action (components conserved, no negative counts, VP only by the rules' amounts, every
decision has a legal action, every event carries data, every game ends), views hiding secrets, determinization, and
replays. The big run (2,000+ games) is `python benchmarks/property_run.py`."""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterator

import pytest
from mm_invariants import run_game
from random_play import check_independent_of_earlier_games

from boardrules.agents import make_agent
from boardrules.engine import Action, Rng, Session, replay_from_data
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.state import Group, MMState
from boardrules.games.meeples_and_monsters.tables import Tables

GAMES = int(os.environ.get("BOARDRULES_PROPERTY_GAMES", "90"))


@pytest.fixture(scope="module")
def game() -> MeeplesAndMonsters:
    return MeeplesAndMonsters()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants(game: MeeplesAndMonsters, players: int) -> None:
    for seed in range(GAMES // 3):
        run_game(game, players, 1000 * players + seed, views_every=0)


@pytest.mark.parametrize("players", [2, 4])
def test_views_hide_secrets_and_determinize_agrees(game: MeeplesAndMonsters, players: int) -> None:
    for seed in range(4):
        run_game(game, players, 50 + seed, views_every=7)


def test_replay_reproduces_the_final_hash(game: MeeplesAndMonsters) -> None:
    state, actions = run_game(game, 3, 77)
    session = Session(game, 77, 3, {"expansion": "none"})
    for a in actions:
        session.play(a)
    data = session.replay_data()
    assert data["final_hash"] == game.state_hash(state)
    again = replay_from_data(game, data)
    assert game.state_hash(again.state) == data["final_hash"]


def test_same_seed_same_game(game: MeeplesAndMonsters) -> None:
    a, acts_a = run_game(game, 4, 12345)
    b, acts_b = run_game(game, 4, 12345)
    assert acts_a == acts_b and game.state_hash(a) == game.state_hash(b)


def _resolve_rest(game: MeeplesAndMonsters, s: MMState, first: Action, salt: int) -> str:
    """Apply ``first``, then finish the Resolution Step answering every decision by a fixed
    rule of what is offered (the same offer gets the same answer: salt 0 the first action,
    1 the last, 2 the one before last, more by a checksum of the texts); the state's hash."""
    game.apply(s, first)
    while not game.is_over(s) and s.phase == "main-resolve":
        actions = game.decision(s).actions
        if salt < 3:
            a = actions[(0, -1, -2)[salt] if len(actions) > 1 else 0]
        else:
            a = min(actions, key=lambda x: zlib.crc32(f"{salt} {x.text}".encode()))
        game.apply(s, a)
    return game.state_hash(s)


def _order_changes(game: MeeplesAndMonsters, s: MMState, answers: tuple[Action, ...]) -> bool:
    """Do two answers to an order question lead to different states, the sub-decisions that
    follow answered by one of the fixed rules of ``_resolve_rest``?"""
    return any(len({_resolve_rest(game, game.clone(s), a, salt) for a in answers}) > 1 for salt in range(6))


def _with_hand(s: MMState, quests: list[int], top: int | None = None) -> MMState:
    """A clone of ``s`` where the current player holds ``quests`` (as many as fit in a hand of
    the same size) and ``top`` is the next Quest drawn, each card swapped with the one it
    replaces from wherever it was."""
    twin = s.clone()
    hand = twin.players[twin.current].quests
    piles = [twin.quest_deck, *(p.quests for p in twin.players if p.quests is not hand)]

    def swap(q: int, pile: list[int], at: int) -> None:
        out = pile[at]
        pile[at] = q
        for other in piles:
            if other is not pile and q in other:
                other[other.index(q)] = out

    spare = [i for i, q in enumerate(hand) if q not in quests]
    for q in quests[:len(hand)]:
        if q not in hand:
            swap(q, hand, spare.pop())
    if top is not None and top not in hand and twin.quest_deck:
        swap(top, twin.quest_deck, len(twin.quest_deck) - 1)
    twin.cached = None
    return twin


def _hand_twins(game: MeeplesAndMonsters, s: MMState) -> Iterator[MMState]:
    """States the other seats cannot tell from ``s``: the current player holding each Quest
    completed by a fight that may be in their hand (not face up nor completed), then each pair
    of them, then each with another of them drawn next."""
    unseen = [q for q in sorted(game.t.defeat_quests)
              if q not in s.quest_discard and not any(q in p.completed for p in s.players)]
    if s.players[s.current].quests:
        for q in unseen:
            yield _with_hand(s, [q])
        for i, q in enumerate(unseen):
            for r in unseen[i + 1:]:
                yield _with_hand(s, [q, r])
    for q in unseen:
        for r in unseen:
            if r != q:
                yield _with_hand(s, [q], r)


def test_resolution_order_asked_only_when_it_can_matter(
    game: MeeplesAndMonsters, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Resolution Step: every time two or more Main Phase assignments wait, the order is made
    a question (resolution.order_matters is patched), and every answer is tried on clones.
    Not asked: every order gives the same state. Asked: two orders give different states, in
    this game or, since the question is judged from what every player knows (the other seats
    see it), in one resampled as another seat may believe it to be (the Quests in the player's
    hand and those to be drawn)."""
    from boardrules.games.meeples_and_monsters import resolution

    real = resolution.order_matters
    monkeypatch.setattr(resolution, "order_matters", lambda t, s, pending: True)
    asked = 0
    for seed in range(GAMES // 6):
        s = game.new_state(4, seed, {"expansion": ("none", "four-towers")[seed % 2]})
        agents = [make_agent(("greedy", "random")[seed % 3 == 0], seed * 4 + i) for i in range(4)]
        while not game.is_over(s):
            d = game.decision(s)
            if s.phase == "main-resolve" and not s.stack and d.actions[0].name == "resolve" and len(d.actions) > 1:
                where = f"seed {seed}, turn {s.turn}: {[a.text for a in d.actions]}"
                if not real(game.t, s, [g for g in s.groups if not g.resolved]):
                    assert not _order_changes(game, s, d.actions), f"order matters but is not asked ({where})"
                else:
                    asked += 1
                    assert _order_changes(game, s, d.actions) or any(
                        _order_changes(game, twin, d.actions) for twin in _hand_twins(game, s)
                    ), f"asked, yet no order changes anything ({where})"
            game.apply(s, agents[d.player].act(game, s, d))
    assert asked  # the games did ask


def test_resolution_order_question_is_the_same_for_every_hand_the_others_allow(
    game: MeeplesAndMonsters, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Resolution Steps and Quests (the hand is secret): the other seats see whether the order
    of resolution is asked, so the question (whether, and the order otherwise) must be the same
    in every state they cannot tell from the real one. Each time the game looks at the order,
    it is looked at again with the player holding each Quest that may be in hand, and in
    states resampled as each other seat may believe them to be."""
    from boardrules.games.meeples_and_monsters import game as game_module
    from boardrules.games.meeples_and_monsters import resolution

    real = resolution.choices
    looked = 0

    def watched(t: Tables, s: MMState, pending: list[Group]) -> tuple[list[Group], bool]:
        nonlocal looked
        order, ask = real(t, s, pending)
        at = [next(i for i, g in enumerate(s.groups) if g is p) for p in pending]
        want = [next(i for i, g in enumerate(s.groups) if g is p) for p in order]
        rng = Rng(s.turn)
        twins = [_with_hand(s, [q]) for q in sorted(game.t.defeat_quests)]
        twins += [game.determinize(s, v, rng) for v in range(s.num_players) if v != s.current]
        for twin in twins:
            got, asked = real(t, twin, [twin.groups[i] for i in at])
            where = f"turn {s.turn}, {s.phase}, hand {s.players[s.current].quests} or {twin.players[s.current].quests}"
            assert asked == ask, f"whether the order is asked depends on the Quest hand ({where})"
            assert [next(i for i, g in enumerate(twin.groups) if g is p) for p in got] == want, where
        looked += 1
        return order, ask

    monkeypatch.setattr(game_module, "choices", watched)
    for seed in range(GAMES // 9):
        s = game.new_state(4, 500 + seed, {"expansion": ("none", "four-towers")[seed % 2]})
        agents = [make_agent(("greedy", "random")[seed % 3 == 0], seed * 4 + i) for i in range(4)]
        while not game.is_over(s):
            d = game.decision(s)
            game.apply(s, agents[d.player].act(game, s, d))
    assert looked


def test_a_game_played_after_others_in_one_process_plays_as_it_does_alone() -> None:
    """Determinism (issue 22): a Meeples & Monsters game between greedy and random seats, played in this
    process after other games, is the game played alone in a fresh process (actions, events
    and final hash): nothing outlives a game, so ``simulate`` gives the same rows on any
    number of workers."""
    check_independent_of_earlier_games("meeples-and-monsters", ["greedy", "random", "greedy", "random"], seeds=[3], earlier=[1, 2])
