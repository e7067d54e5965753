"""The search's policy rollouts (``rollout=greedy``; docs/agents.md, The search, and Figures, "Mage
Knight's search plays greedy's lines to the end of the turn") and ``Game.successor``, the
lookahead's copy-and-apply. Tiny budgets only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from boardrules.agents import Node, SearchAgent, make_agent
from boardrules.engine import Action, BoardrulesError, IllegalActionError, OptionError
from boardrules.games import load_game
from tests.agents.test_search import Budgeted, Pile, Turns, _hidden_twin, _mid_game, _statistics


class NumberedTurns(Turns):
    """Turns of three decisions (``Turns``) that say which turn is in progress; the heuristic
    notes, for player 2's value only (greedy's lookahead in player 1's turn asks for player 1's),
    how many stones are left where it is asked."""

    def __init__(self) -> None:
        super().__init__()
        self.left: list[int] = []

    def turn_number(self, state: Pile) -> int:
        return (30 - state.stones) // 3

    def heuristic(self, state: Pile, player: int) -> float:
        if player == 1:
            self.left.append(state.stones)
        return 0.0


def _depths(node: Node, depth: int = 0) -> list[tuple[int, int]]:
    """(depth, chooser) of every node under ``node``."""
    out = []
    for child in node.children.values():
        out.append((depth + 1, child.player))
        out.extend(_depths(child, depth + 1))
    return out


def test_a_policy_rollout_plays_on_to_the_end_of_the_turn_in_progress() -> None:
    """With ``rollout=greedy`` and depth 0 every position scored is the one where the turn in
    progress at the root has just ended (27 stones left of 30: player 1's three decisions),
    never one half way through it, and never one of the next player's turn."""
    game = NumberedTurns()
    SearchAgent(1, iterations=30, depth=0, rollout="greedy").search(game, game.new_state(2, 1), 0)
    assert game.left and set(game.left) == {27}


def test_with_policy_rollouts_the_tree_ends_with_the_turn_in_progress() -> None:
    """The tree grows no node past the end of the root's turn: every node is one of player 1's
    three decisions, the deepest three below the root."""
    game = NumberedTurns()
    root = SearchAgent(1, iterations=30, depth=0, rollout="greedy").search(game, game.new_state(2, 1), 0)
    nodes = _depths(root)
    assert {player for _, player in nodes} == {0} and max(depth for depth, _ in nodes) == 3


def test_a_policy_rollout_with_a_depth_stops_after_that_many_decisions() -> None:
    """``depth`` above 0 cuts the policy rollout after that many decisions, at the end of the turn
    at the latest (one decision after the root's: 28 stones left when the root's new node is the
    first decision of the turn, 27 when it is the turn's last)."""
    game = NumberedTurns()
    SearchAgent(1, iterations=30, depth=1, rollout="greedy").search(game, game.new_state(2, 1), 0)
    assert set(game.left) <= {28, 27} and 28 in game.left


def test_policy_rollouts_give_the_same_choice_for_the_same_seed() -> None:
    game, state = _mid_game("mage-knight", 5, 40)
    while (d := game.decision(state)) is not None and len(d.actions) < 2:
        game.apply(state, d.actions[0])
    assert d is not None
    spec = "ismcts:iterations=8,rollout=greedy"
    trees = [_statistics(make_agent(spec, 3).search(game, state, d.player)) for _ in range(2)]
    assert trees[0] == trees[1] and sum(v for v, _, _ in trees[0].values()) == 8
    assert make_agent(spec, 3).act(game, state, d) == make_agent(spec, 3).act(game, state, d)


def test_policy_rollouts_see_only_what_the_player_knows() -> None:
    """Two Mage Knight states that differ only in what the searching player cannot see (the
    order of their deed deck, the other hero's cards, face-down tokens) give the same search,
    down to each root action's rewards: the policy plays on determinized samples only."""
    game, state = _mid_game("mage-knight", 5, 40)
    while (d := game.decision(state)) is not None and len(d.actions) < 2:
        game.apply(state, d.actions[0])
    assert d is not None
    me = d.player
    twin = _hidden_twin(game, state, me)
    spec = "ismcts:iterations=8,rollout=greedy"
    trees = [_statistics(make_agent(spec, 2).search(game, s, me)) for s in (state, twin)]
    assert trees[0] == trees[1]
    assert make_agent(spec, 2).act(game, state, d) == make_agent(spec, 2).act(game, twin, game.decision(twin))


@pytest.mark.parametrize(("spec", "words"), [
    ("ismcts:rollout=best", ("seat 2", "'rollout'", "random, greedy", "'best'")),
    ("mcts:rollout=3", ("seat 2", "'rollout'", "random, greedy", "'3'")),
])
def test_a_bad_rollout_is_a_clear_error_naming_the_seat(spec: str, words: tuple[str, ...]) -> None:
    with pytest.raises(OptionError) as e:
        make_agent(spec, 0, 1)
    assert all(w in str(e.value) for w in words)


def test_a_rollout_given_to_the_agent_itself_is_checked() -> None:
    with pytest.raises(OptionError, match="rollout must be one of random, greedy"):
        SearchAgent(1, rollout="smart")


def test_the_seat_chooses_the_rollout_over_the_games_default() -> None:
    game = load_game("mage-knight")
    assert make_agent("ismcts:rollout=random", 1).budget(game)["rollout"] == "random"
    assert make_agent("ismcts:rollout=greedy", 1).budget(Budgeted())["rollout"] == "greedy"
    assert make_agent("ismcts", 1).budget(Budgeted())["rollout"] == "random"  # the agent's default


@pytest.mark.parametrize("declared", [{"rollout": "best"}, {"rollout": 1}])
def test_a_bad_rollout_declared_by_a_game_is_a_clear_error(declared: Mapping[str, Any]) -> None:
    game = Budgeted()
    game.search_defaults = declared  # type: ignore[assignment]
    state = game.new_state(2, 7)
    d = game.decision(state)
    assert d is not None
    with pytest.raises(BoardrulesError, match="Budgeted.search_defaults: 'rollout'") as e:
        make_agent("ismcts", 1).act(game, state, d)
    assert "random, greedy" in str(e.value)


def test_successor_is_a_copy_with_the_action_applied_and_the_state_left_as_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``Game.successor`` gives the same state as ``clone`` then ``apply``, leaves the state it
    copies unchanged, and keeps the decision already worked out, so the action is not checked by
    working out every legal action again (Mage Knight tries each on a copy: greedy's lookahead
    paid that once per action)."""
    game, state = _mid_game("mage-knight", 5, 40)
    d = game.decision(state)
    assert d is not None
    before = game.state_hash(state)
    plain = []
    for action in d.actions[:4]:
        copy = game.clone(state)
        game.apply(copy, action)
        plain.append(game.state_hash(copy))
    checked: list[Action] = []
    monkeypatch.setattr(game, "check_legal", lambda s, a: checked.append(a))
    assert [game.state_hash(game.successor(state, a)) for a in d.actions[:4]] == plain and checked == []
    assert game.state_hash(state) == before


def test_successor_refuses_an_illegal_action_like_apply() -> None:
    game, state = _mid_game("mage-knight", 5, 40)
    d = game.decision(state)
    assert d is not None
    with pytest.raises(IllegalActionError):
        game.successor(state, Action.of("no-such-action", 1))


def _counted(game: NumberedTurns) -> list[int]:
    """The number of actions ``game`` applies, counted from here on (a list to read later)."""
    n = [0]
    apply = game.apply

    def counting(state: Pile, action: Action) -> Any:
        n[0] += 1
        return apply(state, action)

    game.apply = counting  # type: ignore[method-assign]
    return n


def test_work_caps_the_steps_a_decision_may_spend() -> None:
    """``work``: no iteration starts once the steps spent (actions applied in the tree and the
    rollouts, actions judged by greedy's lookahead) reach it. Each iteration here applies 3
    actions and judges 2 by lookahead, so a cap of 12 stops after 3 iterations of the 50 and
    the actions applied stay under the cap plus one iteration's."""
    game = NumberedTurns()
    agent = SearchAgent(1, iterations=50, depth=0, rollout="greedy", work=12)
    applied = _counted(game)
    agent.search(game, game.new_state(2, 1), 0)
    assert 1 <= agent.last_iterations < 50 and applied[0] < 12 + 3
    free = SearchAgent(1, iterations=50, depth=0, rollout="greedy")
    free.search(NumberedTurns(), NumberedTurns().new_state(2, 1), 0)
    assert free.last_iterations == 50


def test_work_gives_the_same_choice_for_the_same_seed() -> None:
    game, state = _mid_game("mage-knight", 3, 30)
    d = game.decision(state)
    assert d is not None
    spec = "ismcts:iterations=20,work=300"
    assert make_agent(spec, 5).act(game, state, d) == make_agent(spec, 5).act(game, state, d)


@pytest.mark.parametrize(("spec", "words"), [
    ("ismcts:work=-1", ("seat 2", "'work'", "0 or more", "'-1'")),
    ("ismcts:work=lots", ("seat 2", "'work'", "a whole number", "'lots'")),
    ("ismcts:work=99999999999", ("seat 2", "'work'", "at most 10,000,000")),
])
def test_a_bad_work_is_a_clear_error_naming_the_seat(spec: str, words: tuple[str, ...]) -> None:
    with pytest.raises(OptionError) as e:
        make_agent(spec, 0, 1)
    assert all(w in str(e.value) for w in words)


def test_mage_knight_declares_a_work_cap_with_its_iterations() -> None:
    budget = make_agent("ismcts", 1).budget(load_game("mage-knight"))
    assert budget["iterations"] == 100 and budget["work"] == 3000
    assert make_agent("ismcts:work=0", 1).budget(load_game("mage-knight"))["work"] == 0


@pytest.mark.parametrize(("key", "value"), [("work", -1), ("draws", -2), ("work", 2.5), ("draws", True)])
def test_work_and_draws_given_to_the_agent_itself_are_checked(key: str, value: Any) -> None:
    """A search built in code (not from a seat's text) refuses them as the seat does: a negative
    ``work`` would run no iteration at all and leave the search with no choice."""
    with pytest.raises(OptionError, match=f"{key} must be a whole number, 0 or more"):
        SearchAgent(1, **{key: value})
