"""The search agents (ismcts, mcts) and agent parameters on the seat. Tiny budgets only: the
strength and speed figures are in benchmarks/bench_agents.py."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from boardrules.agents import REPEATS, Node, SearchAgent, make_agent, rewards, split_seats
from boardrules.cli import main
from boardrules.engine import Action, BoardrulesError, Decision, Event, Game, OptionError, Rng
from boardrules.engine import Result as GameResult
from boardrules.games import load_game

GAMES = ("meeples-and-monsters", "small-world", "heroscape", "mage-knight")
TINY = "iterations=12,depth=4"


# -- a toy game whose best moves are known --------------------------------------------------------
class Pile:
    __slots__ = ("stones", "player", "rng", "over", "winner")

    def __init__(self, stones: int) -> None:
        self.stones, self.player, self.rng, self.over, self.winner = stones, 0, Rng(1), False, -1


class TakeAway(Game[Pile]):
    """Two players take 1 or 2 stones in turn; who takes the last stone wins. From a pile of
    n, the winning move leaves a multiple of 3."""

    name = "take-away"
    title = "Take-away"
    min_players = max_players = 2
    rules_version = "1"

    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> Pile:
        return Pile(seed)

    def decision(self, state: Pile) -> Decision | None:
        if state.over:
            return None
        return Decision(state.player, "take", tuple(Action.of("take", k) for k in (1, 2) if k <= state.stones))

    def apply(self, state: Pile, action: Action) -> list[Event]:
        state.stones -= int(action.args[0])
        if state.stones == 0:
            state.over, state.winner = True, state.player
        state.player = 1 - state.player
        return []

    def result(self, state: Pile) -> GameResult | None:
        return GameResult((int(state.winner == 0), int(state.winner == 1)), (state.winner,), 0) if state.over else None

    def view(self, state: Pile, player: int | None) -> dict[str, Any]:
        return {"stones": state.stones}

    def determinize(self, state: Pile, player: int, rng: Rng) -> Pile:
        return self.clone(state)

    def clone(self, state: Pile) -> Pile:
        out = Pile(state.stones)
        out.player, out.over, out.winner, out.rng = state.player, state.over, state.winner, state.rng.copy()
        return out

    def to_json(self, state: Pile) -> dict[str, Any]:
        return {"stones": state.stones, "player": state.player}

    def player_names(self, state: Pile) -> list[str]:
        return ["A", "B"]


@pytest.mark.parametrize("agent", ["ismcts", "mcts"])
@pytest.mark.parametrize(("stones", "best"), [(4, "take 1"), (5, "take 2"), (7, "take 1"), (8, "take 2")])
def test_search_finds_the_winning_move_for_the_player_to_move(agent: str, stones: int, best: str) -> None:
    """Rewards are backed up from the point of view of the player who chose each action: with
    one view for both players the search would not tell good moves from bad ones."""
    game = TakeAway()
    for player in (0, 1):
        state = game.new_state(2, stones)
        state.player = player
        d = game.decision(state)
        assert d is not None
        chosen = make_agent(f"{agent}:iterations=400,depth=50", 3).act(game, state, d)
        assert chosen.text == best


def test_rewards_are_ranks_before_the_end_and_wins_at_the_end() -> None:
    game = TakeAway()
    state = game.new_state(2, 3)
    assert rewards(game, state, 2) == [0.5, 0.5]  # the default heuristic: both 0
    game.apply(state, Action.of("take", 2))
    game.apply(state, Action.of("take", 1))
    assert rewards(game, state, 2) == [0.0, 1.0]


def test_a_single_legal_action_is_taken_without_search() -> None:
    game = TakeAway()
    state = game.new_state(2, 1)
    agent = make_agent("ismcts", 1)
    d = game.decision(state)
    assert d is not None
    assert agent.act(game, state, d).text == "take 1" and agent.last_iterations == 0


class Pick(TakeAway):
    """One decision among 200 numbers; picking 150 or more wins. A hook (the game's rule of
    thumb) suggests 199 and counts how often it is asked."""

    def __init__(self) -> None:
        self.asked = 0

    def decision(self, state: Pile) -> Decision | None:
        if state.over:
            return None
        return Decision(state.player, "pick", tuple(Action.of("pick", k) for k in range(200)))

    def apply(self, state: Pile, action: Action) -> list[Event]:
        state.over, state.winner = True, state.player if int(action.args[0]) >= 150 else 1 - state.player
        return []

    def greedy_action(self, state: Pile, decision: Decision, rng: Rng) -> Action | None:
        self.asked += 1
        return Action.of("pick", 199)


@pytest.mark.parametrize(("widening", "most"), [(1.0, 1 + math.sqrt(99)), (3.0, 1 + 3 * math.sqrt(99)), (0.0, 100)])
def test_progressive_widening_keeps_a_wide_decision_to_few_children(widening: float, most: float) -> None:
    """A node visited n times gains a child only while it has fewer than 1 + widening * sqrt(n)
    (0: no limit), so that the search compares a few actions over many samples rather than each
    over one. The root of 100 iterations is visited 99 times before the last."""
    game = Pick()
    agent = SearchAgent(1, iterations=100, widening=widening)
    root = agent.search(game, game.new_state(2, 5), 0)
    assert len(root.children) == math.ceil(most)
    assert game.asked == 1  # the hook is asked once per node, not at every expansion
    assert "pick 199" in root.children


class Hinted(Pick):
    """Ten numbers to pick; picking ``winning`` wins, any other is a shared loss (None: every
    pick is a shared loss). The hook suggests 3."""

    def __init__(self, winning: int | None) -> None:
        super().__init__()
        self.winning = winning

    def decision(self, state: Pile) -> Decision | None:
        if state.over:
            return None
        return Decision(state.player, "pick", tuple(Action.of("pick", k) for k in range(10)))

    def apply(self, state: Pile, action: Action) -> list[Event]:
        state.over, state.winner = True, state.player if int(action.args[0]) == self.winning else -1
        return []

    def result(self, state: Pile) -> GameResult | None:
        winners = () if state.winner < 0 else (state.winner,)
        return GameResult((int(state.winner == 0), int(state.winner == 1)), winners, 0) if state.over else None

    def greedy_action(self, state: Pile, decision: Decision, rng: Rng) -> Action | None:
        return Action.of("pick", 3)


def test_progressive_bias_keeps_to_the_rule_of_thumb_where_the_search_sees_no_difference() -> None:
    """Where every action's rollouts score the same (a Heroscape draft, scored by the points
    taken, which both armies fill), the most visited root action is chance's; with ``bias``
    the game's rule of thumb is tried most and chosen."""
    game = Hinted(None)
    state = game.new_state(2, 5)
    d = game.decision(state)
    assert d is not None
    assert make_agent("ismcts:iterations=200", 1).act(game, state, d).text != "pick 3"
    agent = SearchAgent(1, iterations=200, bias=5.0)
    root = agent.search(game, state, 0)
    assert root.hint == "pick 3"
    visits = sorted((child.visits for child in root.children.values()), reverse=True)
    assert root.children["pick 3"].visits == visits[0] > 2 * visits[1]
    assert agent.act(game, state, d).text == "pick 3"


def test_progressive_bias_gives_way_to_an_action_the_search_finds_better() -> None:
    game = Hinted(7)
    state = game.new_state(2, 5)
    d = game.decision(state)
    assert d is not None
    assert make_agent("ismcts:iterations=300,bias=5", 1).act(game, state, d).text == "pick 7"


def test_heroscape_declares_a_progressive_bias_toward_its_rule_of_thumb() -> None:
    """Heroscape's rollouts do not reach the battle from the draft, the drops and the order
    markers, whose choice they leave to chance: its search keeps to the rule of thumb
    unless the rollouts show better (docs/agents.md, The search, Progressive bias)."""
    assert make_agent("ismcts", 1).budget(load_game("heroscape"))["bias"] == 5
    assert make_agent("ismcts", 1).budget(load_game("small-world"))["bias"] == 0


def test_a_widened_search_still_finds_a_winning_pick() -> None:
    game = Pick()
    state = game.new_state(2, 5)
    d = game.decision(state)
    assert d is not None
    chosen = SearchAgent(2, iterations=200, widening=2.0, guided=False).act(game, state, d)
    assert int(chosen.args[0]) >= 150


class Turns(TakeAway):
    """Turns of three decisions each, 30 in all; the heuristic notes how far into a turn every
    position it scores is."""

    def __init__(self) -> None:
        self.scored: list[int] = []

    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> Pile:
        return Pile(30)

    def decision(self, state: Pile) -> Decision | None:
        if state.over:
            return None
        return Decision((30 - state.stones) // 3 % 2, "step", (Action.of("step", 1), Action.of("step", 2)))

    def apply(self, state: Pile, action: Action) -> list[Event]:
        state.stones -= 1
        state.over = state.stones == 0
        return []

    def result(self, state: Pile) -> GameResult | None:
        return GameResult((0, 0), (0, 1), 0) if state.over else None

    def heuristic(self, state: Pile, player: int) -> float:
        self.scored.append((30 - state.stones) % 3)
        return 0.0


@pytest.mark.parametrize("depth", [2, 4, 10])
def test_a_rollout_is_scored_at_the_end_of_a_turn(depth: int) -> None:
    """After ``depth`` decisions the rollout plays on to the end of that player's turn, so the
    heuristic never judges a turn half played (here a turn of 3 fits in the depth more allowed)."""
    game = Turns()
    SearchAgent(1, iterations=30, depth=depth).search(game, game.new_state(2, 1), 0)
    assert game.scored and set(game.scored) == {0}


def test_depth_0_scores_the_new_node_at_once() -> None:
    game = Turns()
    SearchAgent(1, iterations=2, depth=0).search(game, game.new_state(2, 1), 0)
    assert game.scored == [1, 1, 1, 1]  # one decision into the turn (each player scored: 2 iterations)



class Solo(TakeAway):
    """One player, three decisions of two numbers each, one heuristic point per number taken
    above the other; the game ends with no winner (as a Solo Conquest lost)."""

    min_players = max_players = 1

    def decision(self, state: Pile) -> Decision | None:
        if state.over:
            return None
        return Decision(0, "pick", (Action.of("pick", 0), Action.of("pick", 1)))

    def apply(self, state: Pile, action: Action) -> list[Event]:
        state.stones += int(action.args[0])
        state.player += 1  # decisions taken
        state.over = state.player == 3
        return []

    def result(self, state: Pile) -> GameResult | None:
        return GameResult((state.stones,), (), 0) if state.over else None

    def heuristic(self, state: Pile, player: int) -> float:
        return float(state.stones)

    def player_names(self, state: Pile) -> list[str]:
        return ["A"]


def test_a_solo_search_follows_the_heuristic() -> None:
    """Alone, the rewards before the end compare a position with the others the search saw:
    every one was 0.5 before, so the search chose blind (a Solo Conquest of Mage Knight)."""
    game = Solo()
    for seed in range(4):
        state = game.new_state(1, 0)
        agent = make_agent("ismcts:iterations=40,depth=0", seed)
        d = game.decision(state)
        assert d is not None
        assert agent.act(game, state, d).text == "pick 1"

class Behind(Solo):
    """Two players; the first, far behind whatever it does, picks 0 or 1 point at each turn."""

    min_players = max_players = 2

    def apply(self, state: Pile, action: Action) -> list[Event]:
        state.stones += int(action.args[0])
        return []

    def result(self, state: Pile) -> GameResult | None:
        return None

    def heuristic(self, state: Pile, player: int) -> float:
        return float(state.stones) - 1000.0 if player == 0 else 0.0

    def player_names(self, state: Pile) -> list[str]:
        return ["A", "B"]


def test_centred_rewards_tell_apart_actions_that_differ_little_against_the_margin() -> None:
    """A player 1000 behind whose actions differ by 1: the margins' logistic is about 0.27 for
    both and the visits split near evenly; centred on the search's mean margin, the better
    action draws most of them (Mage Knight declares centre=1)."""
    game = Behind()
    state = game.new_state(2, 0)
    visits = {}
    for centre in (0, 1):
        root = make_agent(f"ismcts:iterations=200,depth=0,centre={centre}", 1).search(game, state, 0)
        visits[centre] = (root.children["pick 1"].visits, root.children["pick 0"].visits)
    assert visits[1][0] > 3 * visits[1][1]
    assert visits[0][0] < 2 * visits[0][1]

class Toggle(TakeAway):
    """Two choices that change nothing the heuristic sees, and one that ends the game worse."""

    def decision(self, state: Pile) -> Decision | None:
        if state.over:
            return None
        return Decision(0, "choose", (Action.of("left"), Action.of("right"), Action.of("stop")))

    def apply(self, state: Pile, action: Action) -> list[Event]:
        if action.text == "stop":
            state.over, state.winner = True, 1
        return []

    def heuristic(self, state: Pile, player: int) -> float:
        return -1.0 if state.over else 0.0


def test_greedy_passes_over_an_action_taken_too_often_in_a_turn() -> None:
    """A one-step lookahead between choices it finds equal goes round for ever (Mage Knight:
    switching the attack to block); an action taken REPEATS times in a turn is passed over."""
    game = Toggle()
    state = game.new_state(2, 1)
    agent = make_agent("greedy", 1)
    taken = 0
    while (d := game.decision(state)) is not None and taken < 100:
        game.apply(state, agent.act(game, state, d))
        taken += 1
    assert state.over and taken == 2 * agent.REPEATS + 1


class SteeredToggle(Toggle):
    """The game's own rule of thumb always asks for the same harmless choice."""

    def greedy_action(self, state: Pile, decision: Decision, rng: Rng) -> Action | None:
        return Action.of("left")


def test_greedy_holds_the_games_own_choice_to_the_same_repeat_limit() -> None:
    """A policy in the game's greedy_action hook that keeps asking for an action that changes
    nothing would go round for ever: its choice counts toward the REPEATS limit too."""
    game = SteeredToggle()
    state = game.new_state(2, 1)
    agent = make_agent("greedy", 1)
    taken = 0
    while (d := game.decision(state)) is not None and taken < 100:
        game.apply(state, agent.act(game, state, d))
        taken += 1
    assert state.over and taken < 100

class Budgeted(TakeAway):
    """Take-away with a search budget of its own, as a game whose decisions are dear declares."""

    search_defaults: Mapping[str, float] = {"iterations": 9, "depth": 1}


def test_a_game_declares_its_own_default_budget_and_the_seat_overrides_it() -> None:
    game = Budgeted()
    state = game.new_state(2, 7)
    d = game.decision(state)
    assert d is not None
    agent = make_agent("ismcts", 1)
    agent.act(game, state, d)
    assert agent.last_iterations == 9 and agent.budget(game)["depth"] == 1
    assert agent.budget(game)["c"] == SearchAgent.DEFAULTS["c"]  # not declared: the agent's default
    given = make_agent("ismcts:iterations=5,depth=3", 1)
    given.act(game, state, d)
    assert given.last_iterations == 5 and given.budget(game)["depth"] == 3
    assert make_agent("ismcts:seconds=1", 1).budget(game)["iterations"] is None  # a time budget alone
    assert make_agent("ismcts", 1).budget(TakeAway())["iterations"] == SearchAgent.DEFAULTS["iterations"]


@pytest.mark.parametrize(("declared", "words"), [
    ({"iterations": 0}, "'iterations' = 0"),
    ({"rollouts": 5}, "'rollouts' = 5"),
    ({"depth": -1}, "'depth' = -1"),
    ({"seconds": 2}, "'seconds' = 2"),  # a time budget is the player's, never a game's default
])
def test_a_bad_default_budget_declared_by_a_game_is_a_clear_error(declared: dict[str, float], words: str) -> None:
    game = Budgeted()
    game.search_defaults = declared
    state = game.new_state(2, 7)
    d = game.decision(state)
    assert d is not None
    with pytest.raises(BoardrulesError, match="Budgeted.search_defaults") as e:
        make_agent("ismcts", 1).act(game, state, d)
    assert words in str(e.value)


def test_mage_knight_declares_a_budget_of_policy_rollouts() -> None:
    """Mage Knight's search follows each new node with the greedy policy to the end of the turn
    (a rollout of random play would score positions no player would reach), scores no position
    half way through a turn, and keeps to 100 iterations, since the policy weighs every action of
    every step (docs/agents.md, Figures, "Mage Knight's search plays greedy's lines to the end of
    the turn")."""
    budget = make_agent("ismcts", 1).budget(load_game("mage-knight"))
    assert budget["depth"] == 0 and budget["iterations"] == 100 and budget["centre"] == 1
    assert budget["rollout"] == "greedy"


def test_mage_knight_determinize_keeps_the_question_of_the_player_who_samples() -> None:
    """The question in front of the sampling player, and its actions, follow from what they
    know: a sample keeps it instead of working it out again (the search's root); a sample for
    another player, who does not see the hand it was worked out from, asks its own."""
    game, state = _mid_game("mage-knight", 5, 40)
    d = game.decision(state)
    assert d is not None
    sample = game.determinize(state, d.player, Rng(3))
    assert game.decision(sample) is d
    other = game.determinize(state, 1 - d.player, Rng(3))
    assert other.cached is None
    again = game.decision(other)
    assert again is not None and again is not d and again.player == d.player


# -- hidden information ---------------------------------------------------------------------------
class Watched(Game[Any]):
    """A game passed through, refusing any question about one particular state object except
    how to determinize it: an agent must act on samples of what its player knows."""

    def __init__(self, inner: Game[Any], real: Any) -> None:
        self.inner, self.real = inner, real
        self.determinized = 0

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.inner, name)
        if not callable(method):  # a declaration (search_defaults), not a question about a state
            return method

        def call(*args: Any, **kwargs: Any) -> Any:
            if any(a is self.real for a in args) and name not in ("determinize", "player_names"):
                raise AssertionError(f"the agent called {name} on the real state")
            if name == "determinize":
                self.determinized += 1
            return method(*args, **kwargs)
        return call

    # the abstract methods, routed through __getattr__'s check
    def new_state(self, *a: Any, **k: Any) -> Any: return self.__getattr__("new_state")(*a, **k)
    def decision(self, *a: Any, **k: Any) -> Any: return self.__getattr__("decision")(*a, **k)
    def apply(self, *a: Any, **k: Any) -> Any: return self.__getattr__("apply")(*a, **k)
    def result(self, *a: Any, **k: Any) -> Any: return self.__getattr__("result")(*a, **k)
    def view(self, *a: Any, **k: Any) -> Any: return self.__getattr__("view")(*a, **k)
    def determinize(self, *a: Any, **k: Any) -> Any: return self.__getattr__("determinize")(*a, **k)
    def clone(self, *a: Any, **k: Any) -> Any: return self.__getattr__("clone")(*a, **k)
    def to_json(self, *a: Any, **k: Any) -> Any: return self.__getattr__("to_json")(*a, **k)
    def heuristic(self, *a: Any, **k: Any) -> Any: return self.__getattr__("heuristic")(*a, **k)
    def player_names(self, *a: Any, **k: Any) -> Any: return self.__getattr__("player_names")(*a, **k)


def _mid_game(name: str, seed: int, steps: int) -> tuple[Game[Any], Any]:
    game = load_game(name)
    state = game.new_state(2, seed)
    agents = [make_agent("random", seed), make_agent("random", seed + 1)]
    for _ in range(steps):
        d = game.decision(state)
        assert d is not None
        game.apply(state, agents[d.player].act(game, state, d))
    return game, state


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_acts_from_determinized_states_only(name: str) -> None:
    game, state = _mid_game(name, 5, 30)
    while (d := game.decision(state)) is not None and len(d.actions) < 2:
        game.apply(state, d.actions[0])
    assert d is not None
    watched = Watched(game, state)
    before = game.state_hash(state)
    make_agent(f"ismcts:{TINY}", 1).act(watched, state, d)
    # its 12 iterations, and one sample for what the player sees now (its positions of the turn)
    assert watched.determinized == 12 + 1 and game.state_hash(state) == before


def _hidden_twin(game: Game[Any], state: Any, me: int, seed: int = 12345) -> Any:
    """A state that differs from ``state`` only in what ``me`` cannot see: a determinization
    with the real generator put back."""
    twin = game.determinize(state, me, Rng(seed))
    twin.rng = state.rng.copy()
    twin.cached = None
    assert game.view(twin, me) == game.view(state, me)
    assert game.to_json(twin) != game.to_json(state), "the twin should differ in hidden parts"
    return twin


def test_heroscape_ismcts_chooses_the_same_whatever_the_other_players_order_markers() -> None:
    """Order markers are placed face down on army cards (Master Game rules, Order Markers): two
    states that differ only in which of the other player's markers (by number) sit on which of
    its cards look the same to player 1, and the agent chooses the same in both."""
    game, state = _mid_game("heroscape", 3, 0)
    agents = [make_agent("greedy", 1), make_agent("greedy", 2)]
    while True:  # to player 1's first choice once player 2's markers are down and hidden
        d = game.decision(state)
        assert d is not None
        if d.player == 0 and len(d.actions) > 1 and any(m >= 0 for m in state.markers[1]) and \
                not any(state.revealed[1]):
            break
        game.apply(state, agents[d.player].act(game, state, d))
    cards = game.q.living_cards(state, 1)  # the table sees where the markers lie: use two cards
    state.markers[1] = [cards[k % 2] for k in range(4)]
    twin = next(t for k in range(20) if (t := _hidden_twin(game, state, 0, k)).markers[1][:3] != state.markers[1][:3])
    spec = "ismcts:iterations=30,depth=60"  # deep enough for the markers to be revealed in rollouts
    for seed in range(2):
        a = make_agent(spec, seed).act(game, state, d)
        b = make_agent(spec, seed).act(game, twin, game.decision(twin))
        assert a == b
        # and not by luck: the whole search saw the same, down to each root action's rewards
        # (mcts, which searches the true state, tells these two apart)
        trees = [_statistics(make_agent(spec, seed).search(game, s, 0)) for s in (state, twin)]
        assert trees[0] == trees[1]


def _statistics(root: Node) -> dict[str, tuple[int, int, float]]:
    return {key: (child.visits, child.avail, child.total) for key, child in root.children.items()}


@pytest.mark.parametrize("name", ["meeples-and-monsters", "small-world"])
def test_determinize_depends_on_the_view_only(name: str) -> None:
    """Two states a player cannot tell apart give the same determinization: a sample never
    carries the real order of hidden cards (unseen pools are sorted before they are shuffled)."""
    game, state = _mid_game(name, 5, 20)
    twin = _hidden_twin(game, state, 0)
    assert game.to_json(game.determinize(state, 0, Rng(7))) == game.to_json(game.determinize(twin, 0, Rng(7)))


# -- determinism ----------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", ["ismcts", "mcts"])
def test_the_same_seed_gives_the_same_choices(agent: str) -> None:
    def choices(seed: int) -> list[str]:
        game, state = _mid_game("small-world", 9, 0)
        agents = [make_agent(f"{agent}:{TINY}", seed), make_agent("random", 4)]
        out = []
        while (d := game.decision(state)) is not None and len(out) < 40:
            a = agents[d.player].act(game, state, d)
            out.append(a.text)
            game.apply(state, a)
        return out
    assert choices(1) == choices(1)
    assert choices(1) != choices(2)


def run(args: list[str]) -> Result:
    return CliRunner().invoke(main, args)


def test_simulate_with_ismcts_seats_is_the_same_for_any_number_of_workers(tmp_path: Path) -> None:
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}.jsonl"
        result = run(["simulate", "small-world", "-n", "2", "--seats", f"ismcts:{TINY},mcts:iterations=5,depth=2",
                      "--seed", "3", "--workers", str(workers), "--out", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out.read_text())
    assert outs[0] == outs[1]
    lines = [json.loads(line) for line in outs[0].splitlines()]
    assert lines[0]["seats"] == [f"ismcts:{TINY}", "mcts:iterations=5,depth=2"]


# -- seats and parameters -------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "seats"), [
    ("ismcts:iterations=400,depth=30,human", ["ismcts:iterations=400,depth=30", "human"]),
    ("ismcts,greedy", ["ismcts", "greedy"]),
    ("human, ISMCTS:c=1.5 ,seconds=2,mcts", ["human", "ismcts:c=1.5,seconds=2", "mcts"]),
    ("greedy,depth=3", ["greedy", "depth=3"]),  # no parameters to continue: refused by make_agent
    ("ismcts :iterations=5,greedy", ["ismcts:iterations=5", "greedy"]),  # was the unknown agent 'ismcts '
])
def test_seat_lists_split_at_commas_that_start_a_new_agent(text: str, seats: list[str]) -> None:
    assert split_seats(text) == seats


def test_seat_parameters_reach_the_agent() -> None:
    agent = make_agent("ismcts:iterations=7,depth=3,c=1.25", 0)
    assert isinstance(agent, SearchAgent)
    assert (agent.iterations, agent.depth, agent.c, agent.seconds) == (7, 3, 1.25, None)
    timed = make_agent("mcts:seconds=0.5", 0)
    assert timed.name == "mcts" and timed.iterations is None and timed.seconds == 0.5


@pytest.mark.parametrize(("spec", "words"), [
    ("ismcts:speed=3", ("seat 1", "ismcts has no parameter 'speed'", "iterations, depth, c, seconds")),
    ("ismcts:iterations=many", ("seat 1", "parameter 'iterations' must be a whole number, not 'many'")),
    ("ismcts:iterations=0", ("seat 1", "parameter 'iterations' must be at least 1, not '0'")),
    ("ismcts:depth=-1", ("seat 1", "parameter 'depth' must be 0 or more, not '-1'")),
    ("ismcts:c=-1", ("parameter 'c' must be 0 or more",)),
    ("ismcts:c=nan", ("parameter 'c' must be 0 or more",)),
    ("ismcts:widening=-0.5", ("parameter 'widening' must be 0 or more",)),
    ("ismcts:seconds=0", ("parameter 'seconds' must be more than 0",)),
    ("ismcts:centre=2", ("parameter 'centre' must be 0 or 1, not '2'",)),
    ("ismcts:bias=-1", ("parameter 'bias' must be 0 or more, not '-1'",)),
    ("ismcts:iterations", ("is written name=value, not 'iterations'",)),
    ("ismcts:depth=2,depth=3", ("'depth' of ismcts is given twice",)),
    ("ismcts:", ("ismcts: is followed by no parameters",)),
    ("greedy:depth=3", ("the agent 'greedy' takes no parameters",)),
    ("wizard:depth=3", ("unknown agent 'wizard'",)),
    ("human:x=1", ("seat 1", "human takes no parameters")),  # was "unknown agent 'human'"
    ("ismcts:iterations=\u0665", ("parameter 'iterations' must be a whole number",)),  # an Arabic-Indic 5
    ("ismcts:c=\u0661.\u0665", ("parameter 'c' must be a number",)),
])
def test_a_bad_seat_is_a_clear_error_naming_the_seat_and_parameter(spec: str, words: tuple[str, ...]) -> None:
    with pytest.raises(OptionError) as err:
        make_agent(spec, 0, 0)
    for word in words:
        assert word in str(err.value)


def assert_clean_failure(result: Result, *words: str) -> None:
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


@pytest.mark.parametrize(("args", "words"), [
    (["play", "small-world", "--seats", "human,ismcts:iterations=0"], ("seat 2", "'iterations' must be at least 1")),
    (["play", "small-world", "--seats", "human,greedy,depth=3"], ("seat 3", "unknown agent 'depth=3'")),
    (["simulate", "small-world", "-n", "1", "--seats", "greedy,ismcts:iterations=5,dpeth=3"],
     ("seat 2", "ismcts has no parameter 'dpeth'")),
    (["simulate", "small-world", "-n", "1", "--seats", "greedy,mcts:seconds=1"], ("seat 2", "iterations, not seconds")),
    (["play", "small-world", "--seats", "human,human:x=1"], ("seat 2", "human takes no parameters")),
    (["simulate", "small-world", "-n", "1", "--seats", "greedy,human:x=1"], ("seat 2", "human takes no parameters")),
])
def test_the_cli_refuses_a_bad_seat_parameter(args: list[str], words: tuple[str, ...]) -> None:
    assert_clean_failure(run(args), *words)


def test_play_accepts_parameters_on_the_seat() -> None:
    result = CliRunner().invoke(main, ["play", "small-world", "--seed", "4", "--seats",
                                       f"ismcts:{TINY},mcts:iterations=3,depth=2"])
    assert result.exit_code == 0, result.output
    assert f"ismcts:{TINY}" in result.output


@pytest.mark.parametrize("seat", ["ismcts:iterations=30,depth=0", "mcts:iterations=30,depth=0"])
def test_search_passes_over_an_action_taken_too_often_in_a_turn(seat: str) -> None:
    """The search finds the two choices that change nothing equal, and both better than the
    losing stop: it went round for ever (Mage Knight: switching the attack to block, with no
    Block played). As greedy's, an action taken REPEATS times in a turn is passed over."""
    game = Toggle()
    state = game.new_state(2, 1)
    agent = make_agent(seat, 1)
    taken = 0
    while (d := game.decision(state)) is not None and taken < 100:
        game.apply(state, agent.act(game, state, d))
        taken += 1
    assert state.over and taken == 2 * REPEATS + 1
