"""Mage Knight on the engine: the scenarios of ``content/scenarios.toml`` (facts 5.8: First
Reconnaissance, Solo Conquest with the Dummy player, Full Conquest). The class holds no rule: it
reads the options, and wires the rule areas together: the set-up (``rounds/setup.py``), the
decisions (``actions/``), the steps between decisions (``rounds/sequence.py``), the result
(``rounds/scoring.py``), views and determinization (``knowledge/``), the research interfaces
(``research/``) and the greedy agent's hooks (``ai/``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import (
    Action,
    Catalogue,
    Decision,
    Event,
    OptionError,
    OptionSpec,
    Result,
    Rng,
    Scene,
    Standing,
    StepGame,
    is_action_word,
)
from ...engine.spaces import ActionSpace, ObservationSchema
from .actions.refusals import explain
from .actions.text import action_text
from .actions.turn import decider, turn_decision
from .ai.heuristic import evaluate
from .ai.policy import greedy_action
from .board_clicks import action_keys as board_keys
from .board_clicks import why_not as board_why_not
from .content import Tables, default_content
from .game_state import MKState
from .knowledge.seen import forget, watch
from .positions import MKPositions
from .research import action_space as spaces
from .research import observation
from .rounds.scenarios import (
    Scenario,
    default_scenarios,
)
from .rounds.scoring import winners
from .rounds.sequence import advance, take_action
from .rounds.setup import SEED_SALT, SET_TAGS, set_up
from .scene import MageKnightScene
from .skills.mana import invocation_lapses, invoked

LONGEST_WORD = 40  # longer than any word of the game's actions (the longest, advanced-action:rush-of-adrenaline, is 34)


def _cut_words(reason: str, action: Action) -> str:
    """A refusal is a line a player reads: a word typed of thousands of characters is quoted cut."""
    for word in sorted(action.args, key=len, reverse=True):
        if len(word) > LONGEST_WORD:
            reason = reason.replace(word, word[:12] + "...")
    return reason


@dataclass(slots=True)
class BoardMemo:
    """The board's work for one decision of one state: its click paths (under "") and the
    refusals of its pieces. A state that moves on has a new decision, so a new memo."""

    state: MKState | None
    decision: Decision | None
    paths: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    refusals: dict[str, str] = field(default_factory=dict)


SCENARIO_CHOICES = ("first-reconnaissance", "solo-conquest", "full-conquest")
SETS = ("base", "LL")  # the sets a game can be played with (base always); the content tags others too
PLAYABLE_SETS = ("base", "base,LL")  # the values of option sets (the tags each brings: setup.SET_TAGS)


class MageKnight(StepGame[MKState]):
    name = "mage-knight"
    title = "Mage Knight"
    min_players = 1
    max_players = 4
    rules_version = "mk-10"  # mk-10: Concentration powers Improvisation; a two-colour card pays the colour named
    options_spec = (
        OptionSpec("scenario", "The scenario: first-reconnaissance, solo-conquest or full-conquest (default: "
                   "solo-conquest for 1 player, first-reconnaissance for more)", (), ""),
        OptionSpec("heroes", "The heroes, comma-separated in seat order (each a hero or random), or random", (),
                   "random"),
        OptionSpec("sets", "The sets of pieces used, comma-separated: base, or base,LL (Lost Legion)", (),
                   "base"),
    )

    def check_options(self, num_players: int, options: Mapping[str, str] | None) -> dict[str, str]:
        """``hero=`` is the other name of ``heroes=`` (issue 11 writes ``--option hero=...``)."""
        opts = dict(options or {})
        if "hero" in opts:
            if "heroes" in opts:
                raise OptionError("give the option hero and heroes once: they are one option (heroes=)")
            opts["heroes"] = opts.pop("hero")
        return super().check_options(num_players, opts)

    # the search's budget (agents/search.py): a legal action is found by trying it on a copy of
    # the state, so each decision a rollout would ask costs about a millisecond; the search
    # scores the new node at once instead (docs/agents.md, Cost); and its actions differ by little
    # against the margin between the heroes, so the rewards are centred on the search's mean.
    # Session 19: after its tree the search plays the greedy policy (the combat policy and the
    # one-step lookahead) to the end of the turn, and scores the turn's end (docs/agents.md,
    # Figures, session 19); a policy rollout costs about 8 ms, hence 100 iterations
    search_defaults: Mapping[str, float | str] = {"depth": 0, "centre": 1, "rollout": "greedy", "iterations": 100,
                                                  "work": 3000}

    @property
    def content_version(self) -> str:
        """The digest of every content file, scenarios included: a replay or a trained policy
        made with other content is told apart."""
        return self.t.version

    def __init__(self, tables: Tables | None = None, scenarios: Mapping[str, Scenario] | None = None) -> None:
        self.t = tables or default_content()
        self.scenarios = dict(scenarios or default_scenarios())
        self._by_name = {x.name: x for x in self.scenarios.values()}
        self._catalogue: Catalogue | None = None
        self._scene: MageKnightScene | None = None  # the board's builder (scene.py), made at the first drawing
        self._board = BoardMemo(None, None)  # the click paths and refusals of the last decision drawn

    # -- set-up ------------------------------------------------------------------------------
    def _scenario(self, num_players: int, value: str) -> Scenario:
        value = value or ("solo-conquest" if num_players == 1 else "first-reconnaissance")
        if value not in SCENARIO_CHOICES:
            raise OptionError(f"option scenario cannot be {value!r}; choose one of: {', '.join(SCENARIO_CHOICES)}")
        sc = self.scenarios.get(value)
        if sc is None:
            raise OptionError(f"option scenario: {value} is not playable yet (playable: "
                              f"{', '.join(sorted(self.scenarios))})")
        if not sc.min_players <= num_players <= sc.max_players:
            span = (f"{sc.min_players} player" if sc.min_players == sc.max_players
                    else f"{sc.min_players} to {sc.max_players} players")
            raise OptionError(f"{sc.name} is for {span}, not {num_players}")
        return sc

    def _sets(self, value: str) -> frozenset[str]:
        sets = [x.strip() for x in value.split(",")]
        t = self.t
        pieces: list[Any] = [*t.tiles, *t.units, *t.cards, *t.enemies, *t.heroes, *t.ruins]
        tagged = sorted({str(x.set) for x in pieces})
        for x in sets:
            if x not in tagged:
                raise OptionError(f"option sets: there is no set {x!r}: a game plays {' or '.join(PLAYABLE_SETS)} "
                                  f"(the content's tags: {', '.join(tagged)})")
            came = [k for k, tags in SET_TAGS.items() if x in tags and k != x]
            if came:
                raise OptionError(f"option sets: the {x} pieces come with the {came[0]} set: name {came[0]}")
            if x not in SETS:
                raise OptionError(f"option sets: the {x} pieces are in the content, but a game cannot use them "
                                  f"yet (only {', '.join(SETS)})")
        if "base" not in sets:
            raise OptionError("option sets: the base set is always used")
        return frozenset(sets)

    def _heroes(self, num_players: int, value: str, seed: int, sets: frozenset[str]) -> list[str]:
        """The heroes of the sets played (Wolfhawk with LL), named per seat or dealt at random."""
        heroes = sorted(h.id for h in self.t.heroes if h.set in sets)
        wanted = ["random"] * num_players if value == "random" else [h.strip() for h in value.split(",")]
        bad = [h for h in wanted if h not in heroes and h != "random"]
        named = [h for h in wanted if h != "random"]
        if len(wanted) != num_players or bad or len(set(named)) != len(named):
            other = [f"{h} ({self.t.hero[h].set})" for h in bad if h in self.t.hero]
            raise OptionError(
                f"option heroes: name {num_players} different heroes of {', '.join(heroes)} (or random), one per seat"
                + (f" (unknown: {', '.join(bad)})" if bad else "")
                + (f"; {', '.join(other)}: a hero of a set not in option sets" if other else ""))
        pick = Rng(seed ^ SEED_SALT)
        pool = [h for h in heroes if h not in named]
        return [pool.pop(pick.below(len(pool))) if h == "random" else h for h in wanted]

    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> MKState:
        """The options read (heroes from the option or at random, of the sets played), then the
        scenario's set-up (rounds/setup.py) and the steps before the first decision."""
        opts = self.check_options(num_players, options)
        sc = self._scenario(num_players, opts["scenario"])
        sets = self._sets(opts["sets"])
        heroes = self._heroes(num_players, opts["heroes"], seed, sets)
        m = set_up(self.t, sc, heroes, sets, seed)
        advance(self.t, m, sc, [])
        return m

    def position_format(self) -> MKPositions:
        """Positions (docs/positions.md "Mage Knight"): the start of a turn or of a round's Tactics."""
        return MKPositions(self, self.t)

    def scenario_of(self, state: MKState) -> Scenario:
        return self._by_name[state.g.scenario]

    # -- decisions ---------------------------------------------------------------------------
    def _decide(self, state: MKState) -> Decision:
        return turn_decision(self.t, state)

    def apply(self, state: MKState, action: Action) -> list[Event]:
        """The engine's step, and the cards seen in a hand forgotten where they may have left it
        (knowledge/seen.py)."""
        before = watch(state.g)
        waiting = invoked(state.g)  # Invocation's tokens, to be spent at once (skills/mana.py)
        actor = decider(self.t, state) if waiting else -1
        events = super().apply(state, action)
        forget(state.g, before)
        if waiting:
            g = state.g
            busy = bool(state.play) or g.pvp is not None and bool(g.pvp.pending) and g.pvp.pending[0] == actor
            if invocation_lapses(g, waiting, actor, busy, events):
                state.cached = None
                if g.combat is not None:
                    g.combat.cached = None
        return events

    def _apply(self, state: MKState, action: Action, events: list[Event]) -> None:
        take_action(self.t, state, self.scenario_of(state), action, events)

    def _advance(self, state: MKState, events: list[Event]) -> None:
        advance(self.t, state, self.scenario_of(state), events)

    # -- results and views -------------------------------------------------------------------
    def explain_illegal(self, state: MKState, action: Action) -> tuple[str, str]:
        if self.decision(state) is None:
            return "the game is over", "End of the game"
        odd = next((w for w in action.args if not is_action_word(w)), None)
        if odd is not None:  # an Action built in code may hold any text: no name of the game is such a word
            # (cut before quoting: repr escapes a control character, and the word would no longer be found)
            return (f"{_cut_words(odd, action)!r} in {_cut_words(action.text, action)!r} is not a word of "
                    "an action: letters, digits and - _ : . + only, opening with a letter, a digit or -",
                    "Actions")
        try:
            reason, rule = explain(self.t, state, action)
        except Exception:  # noqa: BLE001 (a flaw in wording a refusal must not lose the game: refused plainly)
            d = self.decision(state)
            reason, rule = f"{action.text} is not one of the choices now: {d.prompt if d else ''}", "A turn"
        return _cut_words(reason, action), rule

    def result(self, state: MKState) -> Result | None:
        """Facts 5.8 "Scoring" (rounds/scoring.py): most Fame plus achievements wins, ties share."""
        if not state.over:
            return None
        total, won = winners(self.t, state.g, self.scenario_of(state))
        return Result(total, won, state.turn)

    def view(self, state: MKState, player: int | None) -> dict[str, Any]:
        from .knowledge.views import view
        return view(self.t, state, player)

    def determinize(self, state: MKState, player: int, rng: Rng) -> MKState:
        from .knowledge.views import determinize
        return determinize(self.t, state, player, rng)

    def action_text(self, state: MKState, action: Action, viewer: int | None) -> str:
        """A card of the hand is named to others only where the action shows it (actions/text.py)."""
        return action_text(self.t, state, action, viewer)

    def action_labels(self, state: MKState, decision: Decision) -> tuple[str, ...]:
        """What the decider is shown of each action: its text and what it does, in the game's
        words (labels/): never worked out in simulation."""
        from .labels import action_labels
        return action_labels(self.t, state, decision)

    def catalogue(self) -> Catalogue:
        """Every card, Unit, skill, Tactic, enemy, ability, site, ruins token and hero, built once
        (catalogue.py)."""
        if self._catalogue is None:
            from .catalogue import build_catalogue
            self._catalogue = build_catalogue(self.t)
        return self._catalogue

    # -- the board in a browser (scene.py, board_clicks.py) ----------------------------------
    def scene(self, view: dict[str, Any], viewer: int | None) -> Scene:
        """The map, the Source, the offers, the viewer's hand and Units and the combat as
        ``view`` shows them (``scene.py``)."""
        if self._scene is None:
            self._scene = MageKnightScene(self.t)
        return self._scene.scene(view, viewer)

    def action_keys(self, state: MKState, decision: Decision) -> tuple[tuple[str, ...], ...]:
        """The piece each action names on the decider's board, else its button (board_clicks.py)."""
        memo = self._memo(state, decision)
        if "" not in memo.paths:  # (the page asks for them again at each drawing of the decision)
            keys = self.scene(self.view(state, decision.player), decision.player).keys
            memo.paths[""] = board_keys(decision, keys)
        return memo.paths[""]

    def _memo(self, state: MKState, decision: Decision | None) -> BoardMemo:
        """What the board has worked out for this decision of this state (a new one: nothing)."""
        memo = self._board
        if memo.state is not state or memo.decision is not decision:
            memo = self._board = BoardMemo(state, decision)
        return memo

    def why_not(self, state: MKState, viewer: int, key: str) -> str | None:
        """The rules' refusal of what ``key`` stands for (board_clicks.py), kept for the decision."""
        d = self.decision(state)
        here = state.g.players[state.g.current].position if state.g.players else None
        return board_why_not(d, key, lambda a: self.explain_illegal(state, a)[0], self._memo(state, d).refusals, here)

    def player_names(self, state: MKState) -> Sequence[str]:
        return [self.t.hero[h].name for h in state.heroes]

    def round_scores(self, state: MKState) -> tuple[int, ...]:
        """Each player's Fame as it stands (the achievements score only at the end)."""
        return tuple(p.fame for p in state.g.players)

    def turn_order(self, state: MKState) -> tuple[int, ...]:
        """The Round Order by the Tactics taken (facts 5.2), the Dummy player left out; none
        while a player has still to take a Tactic."""
        g = state.g
        if any(not p.tactic for p in g.players):
            return ()
        return tuple(i for i in g.round_order if 0 <= i < len(g.players))

    def standing(self, state: MKState, player: int | None) -> Standing:
        from .rounds.standing import standing
        return standing(self.t, state, self.scenario_of(state))

    def render(self, state: MKState, player: int | None) -> Any:
        from .terminal.render import render
        return render(self.t, self.view(state, player), player)

    def frame(self, state: MKState, player: int | None) -> Any:
        """The compact frame (terminal/frame.py), sized for the question ``player`` is asked:
        its answers' labels are worked out only when it is drawn."""
        from ...engine.frames import Question
        from .terminal.frame import frame
        names = self.player_names(state)
        d = self.decision(state)
        question = None
        if d is not None and player is not None and d.player == player:
            question = Question(f"{names[player]} (human): {d.prompt}",
                                list(zip((a.text for a in d.actions), self.action_labels(state, d), strict=True)))
        return frame(self.t, self.view(state, player), player, question, self.standing(state, player), names)

    def balance_tags(self, state: MKState) -> list[list[str]]:
        """Per seat: its hero, the Tactics it took, the scenario."""
        from .balance import balance_tags
        return balance_tags(self.t, state)

    def balance_counts(self, state: MKState) -> list[dict[str, int]]:
        """Per seat, the sites it conquered by type (its Shields on the map), and its Fame (issue 11:
        "mean fame" by hero, tactic and scenario: ``mean:`` counts are averaged by tag)."""
        from .balance import sites_conquered
        counts = sites_conquered(self.t, state)
        for seat, p in zip(counts, state.g.players, strict=True):
            seat["mean:Fame"] = p.fame
        return counts

    # -- research interfaces (docs/research.md) ------------------------------------------------
    def action_space(self, num_players: int, options: Mapping[str, str] | None = None) -> ActionSpace:
        shapes, sets, key = self._space_of(num_players, options)
        return spaces.action_space(self.t, num_players, shapes, sets, key)

    def observation_schema(self, num_players: int, options: Mapping[str, str] | None = None) -> ObservationSchema:
        shapes, sets, key = self._space_of(num_players, options)
        return observation.observation_schema(self.t, num_players, shapes, sets, key)

    def _space_of(self, num_players: int, options: Mapping[str, str] | None) -> tuple[list[str], list[str], str]:
        """The map shapes of every scenario of the player count (not only the chosen one, so a
        policy serves them all) and the sets played, with the key naming them."""
        opts = self.check_options(num_players, options)
        sets = sorted(self._sets(opts["sets"]))
        shapes: list[str] = sorted({x.shape for x in self.scenarios.values() if x.min_players <= num_players <= x.max_players})
        return shapes, sets, (f"{self.name}/{num_players}p/rules-{self.rules_version}/content-{self.t.version}"
                              f"/{'+'.join(sets)}")

    def heuristic(self, state: MKState, player: int) -> float:
        return evaluate(self.t, state, player)

    def greedy_action(self, state: MKState, decision: Decision, rng: Rng) -> Action | None:
        """The combat policy (ai/policy.py): when to start a fight and how to play one."""
        return greedy_action(self, state, decision)


__all__ = ["MageKnight"]
