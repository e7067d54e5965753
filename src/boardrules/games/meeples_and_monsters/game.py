"""Meeples & Monsters on the engine: the turn sequence, decisions and actions.

TURN SEQUENCE: each turn runs the Development, Main and Draw Phases. Between decisions the
game runs every automatic step itself (``advance``); it stops whenever a player must choose.
The class only wires the sections together: the rules live in the section modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ...engine import (
    Action,
    Catalogue,
    Decision,
    Event,
    OptionSpec,
    Result,
    Rng,
    Scene,
    Standing,
    StepGame,
)
from ...engine.spaces import ActionSpace, ObservationSchema
from . import ending
from .action_space import action_space
from .assignment import apply_group, fill_determined, group_actions, place_name
from .content import Content, default_content
from .development import develop_actions, development_clean_up, use_ability
from .draw_phase import draw_phase
from .main_phase import clean_up_monsters, clean_up_units, main_actions, why_main_phase_ends
from .names import pname
from .observation import observation_schema
from .positions import MMPositions
from .resolution import choices, group_word, resolve, resolve_actions
from .setup import new_game
from .state import CORRUPTION, DISTRICTS, KIND_INDEX, Group, MMState
from .tables import Tables
from .tasks import apply_task, task_actions, task_prompt, task_void
from .turn import end_turn, start_turn
from .views import determinize, view

MAIN_PHASE = MappingProxyType({"phase": "main"})
PHASE_NAMES = {
    "develop": "Development Phase", "develop-resolve": "Development Phase: resolution",
    "main": "Main Phase", "main-resolve": "Main Phase: resolution", "draw": "Draw Phase",
}


class MeeplesAndMonsters(StepGame[MMState]):
    name = "meeples-and-monsters"
    title = "Meeples & Monsters"
    min_players = 2
    max_players = 4
    # mm-2: construction asks the tile, then the slot; mm-3: the order of resolution is asked
    # only when two orders can differ; mm-4: judged from what every player knows (not the hand)
    rules_version = "mm-4"
    options_spec = (
        OptionSpec("expansion", "The Four Towers mini-expansion (Tower Rooms)", ("none", "four-towers"), "none"),
    )

    def __init__(self, content: Content | None = None) -> None:
        self.t = Tables(content or default_content())
        self._auto_events: dict[tuple[int, Action], Event] = {}  # the same step always says the same
        self._main_ends_events: dict[tuple[int, bool], Event] = {}  # the Main Phase ending, Tavern empty
        self._group_prompts: dict[tuple[str, int, int], str] = {}  # "Assign Units to ...", by place
        self._catalogue: Catalogue | None = None  # built when first asked for (catalogue.py)
        self._scene: Any = None  # the board's builder, made when first asked for (scene.py)

    @property
    def content_version(self) -> str:
        return self.t.content.version

    # -- set-up ------------------------------------------------------------------------------
    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> MMState:
        opts = self.check_options(num_players, options)
        s = new_game(self.t, num_players, seed, opts["expansion"] == "four-towers", opts)
        self._advance(s, [])
        return s

    def position_format(self) -> MMPositions:
        """Positions of this game (docs/positions.md): ``positions.py``."""
        return MMPositions(self, self.t)

    # -- decisions ---------------------------------------------------------------------------
    def _decide(self, state: MMState) -> Decision:
        s, t = state, self.t
        if s.stack:
            task = s.stack[-1]
            return Decision(task[1], task_prompt(t, task), tuple(task_actions(t, s, task)))
        if s.open_group is not None:
            return self._group_decision(s, group_actions(t, s))
        phase = s.phase
        if phase == "develop":
            return self._develop_decision(s, develop_actions(t, s))
        if phase == "main":
            return self._main_decision(s, main_actions(t, s))
        if phase in ("develop-resolve", "main-resolve"):
            return self._resolve_decision(s, choices(t, s, [g for g in s.groups if not g.resolved])[0])
        raise AssertionError(f"no decision in phase {phase}")

    def _group_decision(self, s: MMState, actions: list[Action]) -> Decision:
        g = s.open_group
        assert g is not None
        key = (g.kind, g.ref, g.option)
        prompt = self._group_prompts.get(key)
        if prompt is None:
            prompt = self._group_prompts[key] = f"Assign Units to {place_name(self.t, g)}"
        return Decision(s.current, prompt, tuple(actions))

    @staticmethod
    def _develop_decision(s: MMState, actions: list[Action]) -> Decision:
        return Decision(s.current, "Development Phase: use Hero abilities, assign to the Capitol, or done",
                        tuple(actions))

    def _resolve_decision(self, s: MMState, pending: list[Group]) -> Decision:
        return Decision(s.current, f"{PHASE_NAMES[s.phase]}: which assignment do you resolve next?",
                        resolve_actions(self.t, pending))

    @staticmethod
    def _main_decision(s: MMState, actions: list[Action]) -> Decision:
        return Decision(s.current, "Main Phase: activate Locations, fight Monsters, or done", tuple(actions))

    # -- applying actions --------------------------------------------------------------------
    def _apply(self, s: MMState, a: Action, events: list[Event]) -> None:
        t = self.t
        if s.stack:
            apply_task(t, s, a, events)
            return
        if s.open_group is not None:
            apply_group(t, s, a, events)
            return
        name = a.name
        if name == "use":
            use_ability(t, s, KIND_INDEX[a.args[0]], a.args[1], events)
        elif name == "activate":
            loc = t.loc_index[a.args[0]]
            opt = int(a.args[1]) - 1 if len(a.args) > 1 else 0
            kind = "capitol" if s.phase == "develop" else "loc"
            s.open_group = Group(kind, loc, opt)
            fill_determined(t, s, events)
        elif name == "fight":
            s.open_group = Group("mon", t.mon_index[a.args[0]])
        elif name == "tower":
            d = DISTRICTS.index(a.args[0])
            s.open_group = Group("tower", d, s.towers[d][-1])
            fill_determined(t, s, events)
        elif name == "done":
            s.phase = "develop-resolve" if s.phase == "develop" else "main-resolve"
        elif name == "resolve":
            g = next(g for g in s.groups if not g.resolved and group_word(t, g) == a.args[0])
            resolve(t, s, g, events)

    def _advance(self, s: MMState, events: list[Event]) -> None:
        """Run automatic steps until a player must decide or the game is over."""
        t = self.t
        while not s.over:
            if s.stack:
                if task_void(s, s.stack[-1]):
                    s.stack.pop()
                    continue
                return
            if s.open_group is not None:
                # inside an assignment, a step with only one possible action is taken at once
                actions = group_actions(t, s)
                if len(actions) > 1:
                    s.cached = self._group_decision(s, actions)
                    return
                events.append(self._auto_event(s.current, actions[0]))
                apply_group(t, s, actions[0], events)
                continue
            phase = s.phase
            if phase == "start":
                start_turn(t, s, events)
            elif phase == "develop":
                actions = develop_actions(t, s)
                if len(actions) > 1:
                    s.cached = self._develop_decision(s, actions)
                    return
                s.phase = "develop-resolve"  # nothing to assign: skip the rest of the phase
            elif phase == "main":
                actions = main_actions(t, s)
                if len(actions) > 1:
                    s.cached = self._main_decision(s, actions)
                    return
                events.append(self._main_ends(s))
                s.phase = "main-resolve"
            elif phase in ("develop-resolve", "main-resolve"):
                # the order is asked only when it can matter (resolution.choices)
                pending = [g for g in s.groups if not g.resolved]
                if len(pending) > 1:
                    pending, ask = choices(t, s, pending)
                    if ask:
                        s.cached = self._resolve_decision(s, pending)
                        return
                if pending:
                    for g in pending:
                        if s.stack:
                            break  # a sub-decision first; then the rest, looked at afresh
                        resolve(t, s, g, events)
                elif phase == "develop-resolve":
                    development_clean_up(s)
                    s.phase = "main"
                else:
                    s.phase = "main-cleanup"
                    clean_up_monsters(t, s, events)
            elif phase == "main-cleanup":
                clean_up_units(t, s)
                s.phase = "draw"
                s.step = 1
            elif phase == "draw":
                if draw_phase(t, s, events):
                    end_turn(t, s, events)

    def _main_ends(self, s: MMState) -> Event:
        """The event saying why the Main Phase ended by itself (main_phase.why_main_phase_ends);
        with no Unit left in the Tavern, the common case, made once per player and case."""
        tavern = s.players[s.current].tavern
        key = (s.current, bool(tavern[CORRUPTION])) if not any(tavern[:CORRUPTION]) else None
        e = self._main_ends_events.get(key) if key is not None else None
        if e is None:
            e = Event("main-ends", why_main_phase_ends(self.t, s), s.current, MAIN_PHASE)
            if key is not None:
                self._main_ends_events[key] = e
        return e

    def _auto_event(self, player: int, action: Action) -> Event:
        """The event of a step taken at once because it was the only choice (made once per
        player and action: events are immutable, so one can be shared)."""
        key = (player, action)
        e = self._auto_events.get(key)
        if e is None:
            text = action.text
            e = Event("auto", f"{pname(player)}: {text} (the only choice)", player, MappingProxyType({"action": text}))
            self._auto_events[key] = e
        return e

    # -- illegal actions ---------------------------------------------------------------------
    def explain_illegal(self, state: MMState, action: Action) -> tuple[str, str]:
        from .explain import explain

        return explain(self.t, state, self.decision(state), action)

    # -- information and data ----------------------------------------------------------------
    def result(self, state: MMState) -> Result | None:
        return ending.result(state) if state.over else None

    def action_labels(self, state: MMState, decision: Decision) -> tuple[str, ...]:
        from .labels import action_labels

        return action_labels(self.t, state, decision)

    def catalogue(self) -> Catalogue:
        if self._catalogue is None:
            from .catalogue import build_catalogue

            self._catalogue = build_catalogue(self.t)
        return self._catalogue

    def view(self, state: MMState, player: int | None) -> dict[str, Any]:
        return view(self.t, state, player)

    def scene(self, view: dict[str, Any], viewer: int | None) -> Scene:
        """The City, the Capitol and every player's board as ``view`` shows them (``scene.py``)."""
        from .scene import MeeplesScene

        if self._scene is None:
            self._scene = MeeplesScene(self.t)
        return self._scene.scene(view, viewer)

    def action_keys(self, state: MMState, decision: Decision) -> tuple[tuple[str, ...], ...]:
        from .scene import action_keys

        return action_keys(self.t, state, decision)

    def why_not(self, state: MMState, viewer: int, key: str) -> str | None:
        from .scene import why_not

        return why_not(self.t, state, self.decision(state), key, self.explain_illegal)

    def determinize(self, state: MMState, player: int, rng: Rng) -> MMState:
        return determinize(self.t, state, player, rng)

    def player_names(self, state: MMState) -> list[str]:
        return [pname(i) for i in range(state.num_players)]

    def standing(self, state: MMState, player: int | None) -> Standing:
        from .standing import standing

        return standing(self.view(state, player))

    def render(self, state: MMState, player: int | None) -> Any:
        from .render import render

        return render(self.t, state, player)

    def frame(self, state: MMState, player: int) -> Any:
        """The compact board when asked (frame.py), fitted under the question and its answers."""
        from .frame import frame

        d = self.decision(state)
        labels = self.action_labels(state, d) if d is not None and d.player == player else ()
        return frame(self.t, state, player, d, labels, self.standing(state, player), self.player_names(state))

    def action_space(self, num_players: int, options: Mapping[str, str] | None = None) -> ActionSpace:
        self.check_options(num_players, options)
        return action_space(self.t, f"{self.name}/{num_players}p/rules-{self.rules_version}"
                                    f"/content-{self.content_version}")

    def observation_schema(self, num_players: int, options: Mapping[str, str] | None = None) -> ObservationSchema:
        self.check_options(num_players, options)
        return observation_schema(self.t, f"{self.name}/rules-{self.rules_version}/content-{self.content_version}")

    def heuristic(self, state: MMState, player: int) -> float:
        from .heuristics import evaluate

        return evaluate(self.t, state, player)

    def greedy_action(self, state: MMState, decision: Decision, rng: Rng) -> Action | None:
        from .heuristics import greedy_action

        return greedy_action(self.t, state, decision, rng)
