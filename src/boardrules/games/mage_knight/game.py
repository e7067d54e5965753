"""Mage Knight on the engine: the First Reconnaissance scenario (facts 7, 2-4 players, a wedge,
three rounds Day / Night / Day). The class only wires the rule modules together: set-up, the
automatic steps between decisions (starting turns and rounds, finishing combats), results,
views and determinization; the decisions are ``decisions.py``'s, the rules the sections'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Action, Decision, Event, OptionError, OptionSpec, Result, Rng, StepGame
from .content import Tables, default_content
from .decisions import (
    MKState,
    apply_turn_action,
    drop_untakeable,
    explain,
    forced_combat,
    turn_decision,
)
from .deck import new_deed_deck
from .exploring import new_map
from .heuristic import evaluate
from .offers import set_up_offers
from .rounds import begin_round, tactic_picker
from .sites import finish_combat
from .turn import start_turn

ROUNDS = 3
COUNTRYSIDE_TILES = {2: 8, 3: 9, 4: 11}  # First Reconnaissance, facts 7
FAME_PER_TILE = 1


class MageKnight(StepGame[MKState]):
    name = "mage-knight"
    title = "Mage Knight"
    min_players = 2
    max_players = 4
    rules_version = "mk-4a"
    options_spec = (OptionSpec("heroes", "The heroes, comma-separated in seat order, or random", (), "random"),)

    def __init__(self, tables: Tables | None = None) -> None:
        self.t = tables or default_content()

    # -- set-up ------------------------------------------------------------------------------
    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> MKState:
        """First Reconnaissance (facts 7): the countryside tiles in numerical order, 2 non-city
        core tiles, a wedge; heroes from the option or at random; the offers; the first round."""
        opts = self.check_options(num_players, options)
        t = self.t
        base = sorted(h.id for h in t.heroes if h.set == "base")
        if opts["heroes"] == "random":
            heroes: list[str] = []
            pick = Rng(seed ^ 0x4D4B)
            pool = base[:]
            for _ in range(num_players):
                heroes.append(pool.pop(pick.below(len(pool))))
        else:
            heroes = [h.strip() for h in opts["heroes"].split(",")]
            bad = [h for h in heroes if h not in base]
            if len(heroes) != num_players or bad or len(set(heroes)) != len(heroes):
                raise OptionError(
                    f"option heroes: name {num_players} different heroes of {', '.join(base)}"
                    + (f" (unknown: {', '.join(bad)})" if bad else ""))
        countryside = sorted((x for x in t.tiles if x.kind == "countryside" and x.set == "base"),
                             key=lambda x: x.number)[:COUNTRYSIDE_TILES[num_players]]
        core = [x.id for x in sorted(t.tiles, key=lambda x: x.number)
                if x.kind == "core" and x.set == "base" and x.city is None][:2]
        g, _ = new_map(t, "wedge", num_players, [x.id for x in countryside], core, seed=seed, numeric_order=True)
        set_up_offers(t, g)
        for p, hero in zip(g.players, heroes, strict=True):
            p.skill_pile = t.skill_pile(hero)
            g.rng.shuffle(p.skill_pile)
            new_deed_deck(p, t.starting_deck(hero), g.rng, p.hand_limit)
        g.round_order = list(reversed(range(num_players)))  # round 1 ties: the reverse of choosing
        begin_round(t, g, [], first=True)
        m = MKState(g, heroes, ROUNDS)
        self._advance(m, [])
        return m

    # -- decisions ---------------------------------------------------------------------------
    def _decide(self, state: MKState) -> Decision:
        return turn_decision(self.t, state)

    def _apply(self, state: MKState, action: Action, events: list[Event]) -> None:
        tiles = len(state.g.tiles)
        player = state.g.current if tactic_picker(state.g) < 0 else -1
        apply_turn_action(self.t, state, action, events)
        if player >= 0 and len(state.g.tiles) > tiles:  # First Reconnaissance: +1 Fame per tile
            state.g.players[player].fame += FAME_PER_TILE * (len(state.g.tiles) - tiles)

    def _advance(self, state: MKState, events: list[Event]) -> None:
        t, g = self.t, state.g
        while True:
            if g.combat is not None and g.combat.phase == "over" and not state.play:
                finish_combat(t, g, events)
                continue
            if g.combat is not None or state.play or tactic_picker(g) >= 0:
                return
            if state.turn_begun:
                forced_combat(t, g, g.current, events)
                if g.combat is not None and g.combat.phase == "over":
                    continue
                return
            if state.turn > 0 and drop_untakeable(t, g, g.current, events):
                return  # the rewards of the turn just ended are taken first
            if g.round_over:
                if g.round >= state.rounds:
                    state.over = True
                    return
                begin_round(t, g, events)
                state.seat = -1
                continue
            nxt = self._next_player(state)
            state.turn += 1
            start_turn(t, g, nxt, events)
            state.turn_begun = True
            return

    @staticmethod
    def _next_player(state: MKState) -> int:
        """Facts 5.3: turns follow the Round Order, round after round of turns; after an
        announcement only the players with a last turn to take play."""
        g = state.g
        order = g.round_order
        for _ in range(len(order)):
            state.seat = (state.seat + 1) % len(order)
            if g.announced_by < 0 or order[state.seat] in g.final_turns:
                break
        return order[state.seat]

    # -- results and views -------------------------------------------------------------------
    def explain_illegal(self, state: MKState, action: Action) -> tuple[str, str]:
        if self.decision(state) is None:
            return "the game is over", "End of the game"
        return explain(self.t, state, action)

    def result(self, state: MKState) -> Result | None:
        """Facts 7: most Fame wins, ties share the victory (no tie-break)."""
        if not state.over:
            return None
        fame = tuple(p.fame for p in state.g.players)
        best = max(fame)
        return Result(fame, tuple(i for i, f in enumerate(fame) if f == best), state.turn)

    def view(self, state: MKState, player: int | None) -> dict[str, Any]:
        from .views import view
        return view(self.t, state, player)

    def determinize(self, state: MKState, player: int, rng: Rng) -> MKState:
        from .views import determinize
        return determinize(self.t, state, player, rng)

    def player_names(self, state: MKState) -> Sequence[str]:
        return [self.t.hero[h].name for h in state.heroes]

    def render(self, state: MKState, player: int | None) -> Any:
        from .render import render
        return render(self.t, self.view(state, player), player)

    def heuristic(self, state: MKState, player: int) -> float:
        return evaluate(self.t, state, player)


__all__ = ["MageKnight"]
