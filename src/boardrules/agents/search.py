"""Tree-search agents: information-set MCTS (single observer) and plain MCTS.

ISMCTS follows Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search":
one tree over the searching player's information set; every iteration samples a state that
agrees with all the player knows (``Game.determinize``, which also reseeds the dice and draws to
come) and walks the tree with UCT over the actions legal in that sample, using availability
counts. Rollouts are random and cut after ``depth`` decisions; the position reached is scored for
every player at once (see ``Rewards``). The design choices are in docs/agents.md.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Mapping
from typing import Any

from ..engine import Action, BoardrulesError, Decision, Game, OptionError, Rng
from .greedy import greedy_choice, least_taken

# the rollouts a search may play after its tree (``rollout``)
ROLLOUTS = ("random", "greedy")
# a policy rollout (``rollout=greedy``) ends at the end of the turn, or after this many decisions
# in a game whose turn does not end (a safety net: the REPEATS guard already bounds a turn)
POLICY_STEPS = 200


class Node:
    """One action taken from the parent's position: who chose it, how often it was tried,
    how often it was legal when its parent was visited, and the chooser's total reward."""

    __slots__ = ("player", "visits", "avail", "total", "children", "asked", "hint")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[str, Node] = {}
        self.asked = False  # whether the game's hook has chosen the first child to expand
        self.hint: str | None = None  # the text of the hook's choice here, if it gave one


class Rewards:
    """Scores the position a rollout reached, for every player, in [0, 1]. At the end of the
    game: 1 for a win (shared among the winners), 0 for a loss. Before it: a logistic of the
    player's margin, their heuristic value less the best of the others' (alone: less the mean
    of the values seen so far), over the mean size of the margins seen so far in this search,
    since every game's heuristic has its own scale."""

    __slots__ = ("game", "players", "margins", "count", "values", "centred", "sums")

    def __init__(self, game: Game[Any], players: int, centred: bool = False) -> None:
        self.game = game
        self.players = players
        self.margins = 0.0
        self.count = 0
        self.values = 0.0  # one player: the sum of the heuristic values seen
        # centred: each player's margin less its mean so far in this search (``centre``)
        self.centred = centred
        self.sums = [0.0] * players

    def __call__(self, state: Any) -> list[float]:
        game, players = self.game, self.players
        result = game.result(state)
        if result is not None:
            share = 1.0 / len(result.winners) if result.winners else 0.0
            return [share if p in result.winners else 0.0 for p in range(players)]
        if players == 1:  # a solo game: the value against the mean of the values seen so far
            value = game.heuristic(state, 0)
            self.count += 1
            self.values += value
            margin = value - self.values / self.count
            self.margins += abs(margin)
            scale = self.margins / self.count or 1.0
            return [1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -margin / scale))))]
        values = [game.heuristic(state, p) for p in range(players)]
        ordered = sorted(values, reverse=True)
        top, second = ordered[0], ordered[1]
        margins = [v - (second if v == top else top) for v in values]
        if self.centred:
            self.count += 1
            sums = self.sums
            for p in range(players):
                sums[p] += margins[p]
                margins[p] -= sums[p] / self.count
            self.margins += abs(margins[0])
            scale = self.margins / self.count or 1.0
            return [1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -m / scale)))) for m in margins]
        self.margins += abs(margins[0])
        self.count += 1
        scale = self.margins / self.count or 1.0
        exp = math.exp
        return [1.0 / (1.0 + exp(max(-60.0, min(60.0, -m / scale)))) for m in margins]


def rewards(game: Game[Any], state: Any, players: int) -> list[float]:
    """The rewards of ``state`` for a search that has seen no other position."""
    return Rewards(game, players)(state)


class SearchAgent:
    """UCT search from the position in front of the player. ``determinized`` chooses ISMCTS
    (each iteration samples what the player does not know) or plain MCTS (each iteration
    copies the true state, hidden parts included, with only the dice to come reseeded)."""

    PARAMETERS: Mapping[str, type] = {"iterations": int, "depth": int, "c": float, "seconds": float,
                                      "widening": float, "centre": int, "bias": float, "rollout": str,
                                      "draws": int, "work": int}
    DEFAULTS: Mapping[str, float | str] = {"iterations": 300, "depth": 10, "c": 0.7, "widening": 2.0, "centre": 0,
                                           "bias": 0.0, "rollout": "random", "draws": 0,
                                           "work": 0}
    # the root's decision is worked out once and handed to every sample (Game.keep_decision);
    # False: each sample works it out again (what the search did before; for checks)
    reuse_root = True
    # a rollout asks the game's greedy_action hook only about decisions with at most this many
    # actions: a hook may judge every action (Heroscape's scores each destination's distance to
    # the enemy), and one rollout step must stay cheap
    HOOK_LIMIT = 12

    def __init__(self, seed: int = 0, *, determinized: bool = True, iterations: int | None = None,
                 depth: int | None = None, c: float | None = None, seconds: float | None = None,
                 widening: float | None = None, centre: int | None = None, bias: float | None = None,
                 rollout: str | None = None, draws: int | None = None, work: int | None = None,
                 guided: bool = True) -> None:
        self.name = "ismcts" if determinized else "mcts"
        self.determinized = determinized
        self.rng = Rng(seed)
        # the parameters given on the seat; None: the game's default (``search_defaults``), else
        # the agent's (DEFAULTS)
        self.iterations = iterations
        self.depth = depth
        self.c = c
        self.seconds = seconds
        # progressive widening: a node visited n times may have 1 + widening * sqrt(n) children
        # (0: no limit), so that a decision with hundreds of actions (a Heroscape move) compares
        # a few of them over many samples instead of each over one
        self.widening = widening
        # 1: a position's reward is its margin's distance from the mean margin of this search,
        # for a game whose positions differ by little against the margin between the players
        self.centre = centre
        # progressive bias: the game's rule of thumb (its greedy_action hook) adds bias / (n + 1)
        # to its action's UCT value after n visits, so where the rollouts cannot tell the
        # actions apart the search keeps to the rule of thumb, and leaves it only for an
        # action whose rollouts show better
        self.bias = bias
        # "greedy": after the tree, every player plays the game's greedy policy (``greedy_choice``)
        # to the end of the turn in progress at the root, and the tree too stops there, so every
        # position scored is one where that turn has just ended (see docs/agents.md)
        if rollout is not None and rollout not in ROLLOUTS:
            raise OptionError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {_cut(str(rollout))!r}")
        self.rollout = rollout
        # a rollout decision with more actions than HOOK_LIMIT: the hook chooses among this many
        # drawn at random (0: a random action), so that a rollout's moves to one of hundreds of
        # destinations follow the rule of thumb at the cost of judging a few (Heroscape)
        for key, value in (("draws", draws), ("work", work)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise OptionError(f"{key} must be a whole number, 0 or more, not {_cut(str(value))!r}")
        self.draws = draws
        # a cap on a decision's work, counted in steps (an action applied in the tree or a
        # rollout, an action judged by greedy's lookahead): no iteration starts once it is spent
        # (0: none); unlike ``seconds`` it gives the same choices on any machine
        self.work = work
        self.last_iterations = 0  # how many the last decision ran (for benchmarks)
        self.guided = guided
        self.turn: tuple[int, int] = (-1, -1)  # (turn, player) of the counts of actions taken
        self.taken: dict[str, int] = {}
        self.seen: set[str] = set()  # the positions it decided at in that turn, as its player saw them

    def budget(self, game: Game[Any]) -> dict[str, Any]:
        """The parameters a search of ``game`` runs with: those given on the seat, else the
        game's ``search_defaults`` (a game whose decisions are dear to work out declares a
        smaller budget), else the agent's DEFAULTS. A time budget alone is not capped by a
        default iteration count."""
        declared = search_defaults(game)
        out: dict[str, Any] = {}
        for key in ("iterations", "depth", "c", "widening", "centre", "bias", "rollout", "draws", "work"):
            given = getattr(self, key)
            out[key] = given if given is not None else declared.get(key, self.DEFAULTS[key])
        if self.iterations is None and self.seconds is not None:
            out["iterations"] = None
        for key in ("iterations", "depth", "draws", "work"):
            if out[key] is not None:
                out[key] = int(out[key])
        out["seconds"] = self.seconds
        return out

    def act(self, game: Game[Any], state: Any, decision: Decision) -> Action:
        actions = decision.actions
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        turn = (game.turn_number(state), decision.player)
        if turn != self.turn:
            self.turn, self.taken, self.seen = turn, {}, set()
        me = decision.player
        # what the player sees now, on a sample of what they know (the real state is not theirs
        # to look at): the positions they have decided at this turn, by their view of them
        here = game.determinize(state, me, self.rng) if self.determinized else game.clone(state)
        seen = self.seen
        seen.add(_seen_as(game, here, me))
        root = self.search(game, state, me)
        taken = self.taken
        # as greedy's: where the search finds choices equal that change nothing (Mage Knight:
        # switching the attack to block), an action taken REPEATS times this turn is passed over
        actions = least_taken(actions, taken)
        # the real legal actions the search tried, most visited first (ties: the game's order)
        ranked = sorted((a for a in actions if a.text in root.children),
                        key=lambda a: (-root.children[a.text].visits, -root.children[a.text].total))
        # the first that leads to no position this player has already decided at in this turn
        # (a target chosen then unchosen, a phase left then gone back to): what could be done
        # there was done there, and going back only spends the turn's decisions
        chosen = next((a for a in ranked if _seen_as(game, game.successor(here, a), me) not in seen),
                      ranked[0] if ranked else actions[0])
        taken[chosen.text] = taken.get(chosen.text, 0) + 1
        return chosen

    def search(self, game: Game[Any], state: Any, me: int) -> Node:
        """The tree grown from ``state`` by ``me`` within the budget."""
        rng = self.rng
        below = rng.below
        players = len(game.player_names(state)) or max(2, me + 1)  # every game names its seats
        budget = self.budget(game)
        score = Rewards(game, players, centred=bool(budget["centre"]))
        hook = getattr(game, "greedy_action", None) if self.guided else None
        hook_limit = self.HOOK_LIMIT
        root = Node(me)
        log, sqrt = math.log, math.sqrt
        c, depth, widening, bias = budget["c"], budget["depth"], budget["widening"], budget["bias"]
        drawn = budget["draws"] if hook is not None else 0
        stop = 2 * depth
        policy = budget["rollout"] == "greedy"
        turn_of = game.turn_number
        turn = 0
        limit = budget["iterations"]
        work, spent = budget["work"], [0]  # (a list: greedy_choice adds its lookahead's steps)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        decide, apply = game.decision, game.apply
        # the root's question, worked out on the first sample and handed to the others: every
        # sample is a position of the searcher's own information set (ISMCTS) or the real one
        # with the dice re-dealt (MCTS), which asks the searcher the same
        first: Decision | None = None
        keep = game.keep_decision
        done = 0
        while (limit is None or done < limit) and (not work or spent[0] < work) and \
                (deadline is None or time.perf_counter() < deadline):
            done += 1
            if self.determinized:
                sample = game.determinize(state, me, rng)
            else:
                sample = game.clone(state)
                game.rng(sample).state = rng.next64()  # the dice to come are unknown to anyone
            node = root
            root.visits = done - 1  # the root is in no path: its visits are the iterations before
            path = []
            if first is not None:
                keep(sample, first)
                d: Decision | None = first
            else:
                d = decide(sample)
                if self.reuse_root and d is not None and (d.player == me or not self.determinized):
                    first = d  # (another player's question may turn on what ``me`` does not know)
            if policy:
                turn = turn_of(sample)  # the turn in progress: the tree and the rollout end with it
            # selection and expansion: UCT over the actions legal in this sample
            while d is not None and (not policy or turn_of(sample) == turn):
                children = node.children
                full = widening > 0 and len(children) >= 1 + widening * sqrt(node.visits)
                untried: list[Action] = []
                best_child: Node | None = None
                best_action: Action | None = None
                best_value = -1.0
                for a in d.actions:
                    child = children.get(a.text)
                    if child is None:
                        if not full:
                            untried.append(a)
                        continue
                    child.avail += 1
                    if untried:
                        continue  # an untried action is taken first: no need to score
                    value = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if bias and a.text == node.hint:
                        value += bias / (child.visits + 1)
                    if value > best_value:
                        best_value, best_child, best_action = value, child, a
                if best_child is None and not untried:  # no child of the widened node is legal here
                    untried = list(d.actions)
                if untried:
                    a = untried[below(len(untried))] if len(untried) > 1 else untried[0]
                    if hook is not None and not node.asked and len(untried) > 1:  # the game's choice first
                        node.asked = True  # once per node: a hook may judge every action, which is dear
                        suggested = hook(sample, d, rng)
                        if suggested is not None:
                            node.hint = suggested.text
                            if suggested.text not in children:
                                a = suggested
                    child = Node(d.player)
                    children[a.text] = child
                    path.append(child)
                    apply(sample, a)
                    spent[0] += 1
                    d = decide(sample)
                    break
                assert best_child is not None and best_action is not None
                path.append(best_child)
                apply(sample, best_action)
                spent[0] += 1
                node = best_child
                d = decide(sample)
            steps = 0
            if policy:
                # the greedy policy for whoever decides, to the end of the turn (or ``depth``
                # decisions, when given): choosing by its continuations is a policy-improvement
                # step over greedy, and it sees the fights and own-turn lines greedy would play
                taken: dict[str, int] = {}
                cap = depth or POLICY_STEPS
                while d is not None and steps < cap and turn_of(sample) == turn:
                    acts = d.actions
                    apply(sample, acts[0] if len(acts) == 1 else
                          greedy_choice(game, sample, d, rng, taken, hook, spent))
                    steps += 1
                    d = decide(sample)
            else:
                # random play (or the game's cheap policy), cut after ``depth`` decisions and then
                # at the end of that player's turn (at most ``depth`` more): a position scored
                # halfway through a turn (Units sent to a Monster, a figure moved but not yet
                # attacking) misjudges what the turn is about to win
                last = -1
                while d is not None and (steps < depth or (d.player == last and steps < stop)):
                    acts = d.actions
                    many = len(acts)
                    choice: Action | None = (acts[0] if many == 1 else hook(sample, d, rng)
                                             if hook and many <= hook_limit else None)
                    if drawn and many > hook_limit:  # the hook judges a few drawn at random
                        assert hook is not None
                        few = tuple(acts[below(many)] for _ in range(drawn))
                        choice = hook(sample, Decision(d.player, d.prompt, few), rng)
                    apply(sample, choice if choice is not None else acts[below(len(acts))])
                    steps += 1
                    last = d.player
                    d = decide(sample)
            spent[0] += steps
            scores = score(sample)
            for n in path:
                n.visits += 1
                n.total += scores[n.player]
        self.last_iterations = done
        return root


def search_defaults(game: Game[Any]) -> Mapping[str, float | str]:
    """The search parameters ``game`` declares as its own defaults (``search_defaults``), each
    checked: a game naming an unknown parameter or a value out of range is an error here,
    never a setting silently ignored."""
    declared: Mapping[str, float | str] = getattr(game, "search_defaults", None) or {}
    for key, value in declared.items():
        if key == "rollout":
            if value not in ROLLOUTS:
                raise BoardrulesError(f"{type(game).__name__}.search_defaults: 'rollout' = {value!r} is not a "
                                      f"rollout (known: {', '.join(ROLLOUTS)})")
            continue
        low = 1 if key == "iterations" else 0
        high = 1 if key == "centre" else math.inf
        if key not in SearchAgent.DEFAULTS or isinstance(value, bool) or not isinstance(value, int | float) or \
                not low <= value <= high or value == math.inf:
            raise BoardrulesError(f"{type(game).__name__}.search_defaults: {key!r} = {value!r} is not a search "
                            f"parameter in range (known: {', '.join(SearchAgent.DEFAULTS)}; "
                            "iterations at least 1, centre 0 or 1, the others 0 or more)")
    return declared


def parse_parameters(agent: str, text: str, where: str) -> dict[str, Any]:
    """``iterations=400,depth=30`` as keyword arguments of a search agent; ``where`` names the
    seat in errors."""
    out: dict[str, Any] = {}
    for piece in text.split(","):
        key, eq, value = (x.strip() for x in piece.partition("="))
        if not eq or not key or not value:
            raise OptionError(f"{where}: a parameter of {agent} is written name=value, not {_cut(piece)!r}")
        kind = SearchAgent.PARAMETERS.get(key)
        if kind is None:
            raise OptionError(f"{where}: {agent} has no parameter {_cut(key)!r} "
                              f"(known: {', '.join(SearchAgent.PARAMETERS)})")
        if key in out:
            raise OptionError(f"{where}: the parameter {key!r} of {agent} is given twice")
        if kind is str:  # rollout, the one parameter that is a word
            if value.lower() not in ROLLOUTS:
                raise OptionError(f"{where}: {agent} parameter {key!r} must be one of {', '.join(ROLLOUTS)}, "
                                  f"not {_cut(value)!r}")
            out[key] = value.lower()
            continue
        try:
            if not value.isascii():  # int() and float() read any script's digits: a parameter is ASCII
                raise ValueError(value)
            number = kind(value)
        except ValueError:
            what = "a whole number" if kind is int else "a number"
            raise OptionError(f"{where}: {agent} parameter {key!r} must be {what}, not {_cut(value)!r}") from None
        low, bound = {"c": (0, "0 or more"), "depth": (0, "0 or more"), "widening": (0, "0 or more"),
                      "draws": (0, "0 or more"), "work": (0, "0 or more"),
                      "seconds": (1e-9, "more than 0"), "centre": (0, "0 or 1"),
                      "bias": (0, "0 or more")}.get(key, (1, "at least 1"))
        if not math.isfinite(number) or number < low or (key == "centre" and number > 1):
            raise OptionError(f"{where}: {agent} parameter {key!r} must be {bound}, not {_cut(value)!r}")
        if key in ("iterations", "depth", "draws", "work") and number > 10_000_000:
            raise OptionError(f"{where}: {agent} parameter {key!r} is at most 10,000,000, not {_cut(value)!r}")
        out[key] = number
    return out


def _seen_as(game: Game[Any], state: Any, player: int) -> str:
    """A position as ``player`` sees it (their view), as one text to compare."""
    return json.dumps(game.view(state, player), sort_keys=True, separators=(",", ":"), default=str)


def _cut(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
