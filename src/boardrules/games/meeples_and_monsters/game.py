"""Meeples & Monsters on the engine: the turn sequence, decisions and actions.

TURN SEQUENCE: each turn runs the Development, Main and Draw Phases. Between decisions the
game runs every automatic step itself (``advance``); it stops whenever a player must choose.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ...engine import Action, Decision, Event, OptionSpec, Result, Rng, StepGame, shared_action
from . import ending
from .assignment import apply_group, fill_determined, group_actions, place_name
from .content import Content, default_content
from .development import (
    DONE,
    build,
    build_actions,
    develop_actions,
    development_clean_up,
    resolve_capitol,
    use_ability,
    vacant_slots,
)
from .draw_phase import draw_phase, place_actions, place_monster
from .effects import pname, prestige_choices, resolve_effects
from .main_phase import clean_up_monsters, clean_up_units, main_actions, resolve_main_group
from .setup import new_game
from .state import DISTRICTS, KIND_INDEX, KINDS, Group, MMState, add_all
from .tables import Tables
from .views import determinize, view

PHASE_NAMES = {
    "develop": "Development Phase", "develop-resolve": "Development Phase: resolution",
    "main": "Main Phase", "main-resolve": "Main Phase: resolution", "draw": "Draw Phase",
}


class MeeplesAndMonsters(StepGame[MMState]):
    name = "meeples-and-monsters"
    title = "Meeples & Monsters"
    min_players = 2
    max_players = 4
    rules_version = "mm-1"
    options_spec = (
        OptionSpec("expansion", "The Four Towers mini-expansion (Tower Rooms)", ("none", "four-towers"), "none"),
    )

    def __init__(self, content: Content | None = None) -> None:
        self.t = Tables(content or default_content())
        self._auto_events: dict[tuple[int, Action], Event] = {}  # the same step always says the same
        self._group_prompts: dict[tuple[str, int, int], str] = {}  # "Assign Units to ...", by place

    @property
    def content_version(self) -> str:
        return self.t.content.version

    # -- set-up ------------------------------------------------------------------------------
    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> MMState:
        opts = self.check_options(num_players, options)
        s = new_game(self.t, num_players, seed, opts["expansion"] == "four-towers", opts)
        self._advance(s, [])
        return s

    # -- decisions ---------------------------------------------------------------------------
    def _decide(self, state: MMState) -> Decision:
        s, t = state, self.t
        if s.stack:
            task = s.stack[-1]
            return Decision(task[1], self._task_prompt(task), tuple(self._task_actions(s, task)))  # type: ignore[arg-type]
        if s.open_group is not None:
            return self._group_decision(s, group_actions(t, s))
        phase = s.phase
        if phase == "develop":
            return self._develop_decision(s, develop_actions(t, s))
        if phase == "main":
            return self._main_decision(s, main_actions(t, s))
        if phase in ("develop-resolve", "main-resolve"):
            return Decision(s.current, f"{PHASE_NAMES[phase]}: which assignment do you resolve next?",
                            tuple(shared_action("resolve", self._group_word(g)) for g in s.groups if not g.resolved))
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

    @staticmethod
    def _main_decision(s: MMState, actions: list[Action]) -> Decision:
        return Decision(s.current, "Main Phase: activate Locations, fight Monsters, or done", tuple(actions))

    def _ask(self, s: MMState) -> Decision:
        d = self.decision(s)
        assert d is not None
        return d

    def _group_word(self, g: Group) -> str:
        t = self.t
        if g.kind == "mon":
            return t.monsters[g.ref].id
        if g.kind == "tower":
            return f"tower-{DISTRICTS[g.ref]}"
        return t.locations[g.ref].id

    def _task_prompt(self, task: tuple[Any, ...]) -> str:
        kind = task[0]
        if kind == "discard":
            return f"Discard a Quest card from your hand ({task[2]} to discard)"
        if kind == "recycle":
            return f"Return up to {task[2]} meeple(s) from your Lodgings to your bag"
        if kind == "prestige":
            return "Take a Prestige Unit of your choice"
        if kind == "build":
            return "Construct a face-up Location on a vacant slot"
        return f"The {self.t.monsters[task[2]].name}'s district is full: choose another district"

    def _task_actions(self, s: MMState, task: tuple[Any, ...]) -> list[Action]:
        t, kind, player = self.t, task[0], task[1]
        p = s.players[player]
        if kind == "discard":
            return [shared_action("discard", t.quests[q].id) for q in p.quests]
        if kind == "recycle":
            return [shared_action("return", KINDS[k]) for k in range(9) if p.lodgings[k]] + [DONE]
        if kind == "prestige":
            return [shared_action("take", KINDS[k]) for k in prestige_choices(s)]
        if kind == "build":
            return build_actions(t, s)
        return place_actions(t, s, task[2])

    def _task_void(self, s: MMState, task: tuple[Any, ...]) -> bool:
        """A sub-decision with nothing to choose from is skipped ("mandatory as far as
        possible")."""
        kind, p = task[0], s.players[task[1]]
        if kind == "discard":
            return not p.quests
        if kind == "recycle":
            return not any(p.lodgings)
        if kind == "prestige":
            return not prestige_choices(s)
        if kind == "build":
            return not (s.face_up and vacant_slots(s))
        return False

    # -- applying actions --------------------------------------------------------------------
    def _apply(self, s: MMState, a: Action, events: list[Event]) -> None:
        t = self.t
        if s.stack:
            self._apply_task(s, a, events)
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
            g = next(g for g in s.groups if not g.resolved and self._group_word(g) == a.args[0])
            self._resolve(s, g, events)

    def _resolve(self, s: MMState, g: Group, events: list[Event]) -> None:
        g.resolved = True
        if s.phase == "develop-resolve":
            resolve_capitol(self.t, s, g, events)
        else:
            resolve_main_group(self.t, s, g, events)

    def _apply_task(self, s: MMState, a: Action, events: list[Event]) -> None:
        t = self.t
        task = s.stack.pop()
        kind, player = task[0], task[1]
        p = s.players[player]
        if kind == "discard":
            q = t.quest_index[a.args[0]]
            p.quests.remove(q)
            s.quest_discard.append(q)
            events.append(Event("discard", f"{pname(player)} discards the Quest {t.quests[q].name}", player,
                                {"quest": t.quests[q].id}))
            if task[2] > 1:
                s.stack.append(("discard", player, task[2] - 1))
        elif kind == "recycle":
            if a.name == "return":
                k = KIND_INDEX[a.args[0]]
                p.lodgings[k] -= 1
                p.bag[k] += 1
                events.append(Event("recycle", f"{pname(player)} returns 1 {KINDS[k]} from the Lodgings to the bag",
                                    player, {"kind": KINDS[k]}))
                if task[2] > 1:
                    s.stack.append(("recycle", player, task[2] - 1))
        elif kind == "prestige":
            k = KIND_INDEX[a.args[0]]
            s.supply[k] -= 1
            p.lodgings[k] += 1
            events.append(Event("gain", f"{pname(player)} gains 1 {KINDS[k]}", player, {"kind": KINDS[k], "n": 1}))
            if task[2] > 1:
                s.stack.append(("prestige", player, task[2] - 1))
        elif kind == "build":
            tile = t.loc_index[a.args[0]]
            dname, num = a.args[1].rsplit("-", 1)
            build(t, s, tile, DISTRICTS.index(dname), int(num) - 1, events)
        elif kind == "place":
            d = DISTRICTS.index(a.args[1])
            place_monster(s, task[2], d)
            events.append(Event("monster", f"The {t.monsters[task[2]].name} appears in {DISTRICTS[d].title()}", None,
                                {"monster": t.monsters[task[2]].id, "district": DISTRICTS[d]}))

    def _advance(self, s: MMState, events: list[Event]) -> None:
        """Run automatic steps until a player must decide or the game is over."""
        t = self.t
        while not s.over:
            if s.stack:
                if self._task_void(s, s.stack[-1]):
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
                self._start_turn(s, events)
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
                s.phase = "main-resolve"
            elif phase in ("develop-resolve", "main-resolve"):
                pending = [g for g in s.groups if not g.resolved]
                if len(pending) > 1:
                    return
                if pending:
                    self._resolve(s, pending[0], events)
                elif phase == "develop-resolve":
                    development_clean_up(s)
                    s.phase = "main"
                else:
                    clean_up_monsters(t, s, events)
                    s.phase = "main-cleanup"
            elif phase == "main-cleanup":
                clean_up_units(t, s)
                s.phase = "draw"
                s.step = 1
            elif phase == "draw":
                if draw_phase(t, s, events):
                    self._end_turn(s, events)

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

    def _start_turn(self, s: MMState, events: list[Event]) -> None:
        t = self.t
        s.turn += 1
        ending.start_final_turns(s)
        s.phase = "develop"
        events.append(Event("turn", f"Turn {s.turn}: {pname(s.current)}", s.current, {"turn": s.turn}))
        # King of the Hill: Units still on the Location return and pay out
        for loc, (who, units, opt) in sorted(s.koth.items()):
            if who != s.current:
                continue
            del s.koth[loc]
            p = s.players[who]
            add_all(p.lodgings, units)
            events.append(Event("koth", f"{pname(who)} still holds {t.locations[loc].name}", who,
                                {"location": t.locations[loc].id}))
            resolve_effects(t, s, who, t.locations[loc].options[opt].effects, events, location=loc)

    def _end_turn(self, s: MMState, events: list[Event]) -> None:
        s.groups = []
        s.open_group = None
        s.district_used = -1
        s.abilities_used = []
        s.activated = []
        s.completed_now = []
        s.defeated_now = 0
        s.to_draw = 0
        s.step = 0
        s.players[s.current].extra_draw = 0
        if ending.end_turn_counts_down(s):
            ending.finish(self.t, s, events)
            return
        s.current = (s.current + 1) % s.num_players
        s.phase = "start"

    # -- illegal actions ---------------------------------------------------------------------
    def explain_illegal(self, state: MMState, action: Action) -> tuple[str, str]:
        from .explain import explain

        return explain(self, state, action)

    # -- information and data ----------------------------------------------------------------
    def result(self, state: MMState) -> Result | None:
        return ending.result(state) if state.over else None

    def view(self, state: MMState, player: int | None) -> dict[str, Any]:
        return view(self.t, state, player)

    def determinize(self, state: MMState, player: int, rng: Rng) -> MMState:
        return determinize(self.t, state, player, rng)

    def player_names(self, state: MMState) -> list[str]:
        return [pname(i) for i in range(state.num_players)]

    def render(self, state: MMState, player: int | None) -> Any:
        from .render import render

        return render(self, state, player)

    def heuristic(self, state: MMState, player: int) -> float:
        from .heuristics import evaluate

        return evaluate(self.t, state, player)

    def greedy_action(self, state: MMState, decision: Decision, rng: Rng) -> Action | None:
        from .heuristics import greedy_action

        return greedy_action(self.t, state, decision, rng)
