"""Mage Knight on the engine: the scenarios of ``content/scenarios.toml`` (facts 5.8: First
Reconnaissance, Solo Conquest with the Dummy player, Full Conquest). The class only wires the
rule modules together: set-up, the automatic steps between decisions (starting turns and
rounds, the Dummy's turns, finishing combats, the end of the game), results, views and
determinization; the decisions are ``actions/decisions.py``'s, the rules the sections'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import (
    Action,
    Decision,
    Event,
    OptionError,
    OptionSpec,
    Result,
    Rng,
    StepGame,
    is_action_word,
)
from ...engine.spaces import ActionSpace, ObservationSchema
from .actions.decisions import (
    JOIN,
    action_text,
    apply_turn_action,
    decider,
    drop_untakeable,
    explain,
    forced_combat,
    joining_offered,
    turn_decision,
)
from .ai.heuristic import evaluate
from .ai.policy import greedy_action
from .cards.deck import WOUND, new_deed_deck
from .cards.offers import set_up_offers
from .content import Tables, default_content
from .game_state import DUMMY, MKState
from .knowledge.seen import forget, watch
from .map.exploring import new_map
from .pvp.combat import finish_pvp
from .research import action_space as spaces
from .research import observation
from .rounds.answers import answer_window
from .rounds.dummy import dummy_skill_to_offer, dummy_turn, new_dummy
from .rounds.new_round import begin_round, tactic_picker
from .rounds.scenarios import (
    Scenario,
    cities_conquered,
    default_scenarios,
    game_over,
    may_take_turn,
    remove_interactive_spells,
    tiles_revealed,
    trigger_game_end,
)
from .rounds.scoring import final_scores, solo_conquest_bonus
from .rounds.turn import end_turn, skips_turn, start_turn
from .sites.sites import finish_combat
from .skills.mana import invocation_lapses, invoked
from .units.outside_combat import ask_upkeep

LONGEST_WORD = 40  # longer than any word of the game's actions (the longest, advanced-action:rush-of-adrenaline, is 34)


def _cut_words(reason: str, action: Action) -> str:
    """A refusal is a line a player reads: a word typed of thousands of characters is quoted cut."""
    for word in sorted(action.args, key=len, reverse=True):
        if len(word) > LONGEST_WORD:
            reason = reason.replace(word, word[:12] + "...")
    return reason


SCENARIO_CHOICES = ("first-reconnaissance", "solo-conquest", "full-conquest")
SETS = ("base", "LL")  # the sets a game can be played with (base always); the content tags others too
# The content's set tags each set brings. The facts tag the Lost Legion's enemy tokens "exp"
# (facts 4.4: their source holds the base game and Lost Legion, the faction tokens apart), so
# they come with LL; the faction tokens come with no set played (rules-choices.md "Sets").
PLAYABLE_SETS = ("base", "base,LL")  # the values of option sets
SET_TAGS = {"base": frozenset({"base"}), "LL": frozenset({"LL", "exp"})}
SEED_SALT = 0x4D4B  # the set-up's own draws (heroes, core tiles), apart from the game's generator


class MageKnight(StepGame[MKState]):
    name = "mage-knight"
    title = "Mage Knight"
    min_players = 1
    max_players = 4
    rules_version = "mk-8"
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
        """The scenario's set-up (facts 5.8; First Reconnaissance): its countryside tiles (in
        numerical order for First Reconnaissance), its non-city and city core tiles chosen at
        random and shuffled below them (facts 4.2), the map shape; heroes from the option or at
        random; the offers; the first round. Tiles, decks, Units, ruins and enemy tokens and the
        heroes are those of the sets played (``SET_TAGS``; rules-choices.md "Sets")."""
        opts = self.check_options(num_players, options)
        sc = self._scenario(num_players, opts["scenario"])
        sets = self._sets(opts["sets"])
        heroes = self._heroes(num_players, opts["heroes"], seed, sets)
        t = self.t
        countryside = [x for x in t.tiles if x.kind == "countryside" and x.set in sets]
        pick = Rng(seed ^ SEED_SALT ^ 0x7117)
        if sc.tiles_in_numeric_order:
            countryside.sort(key=lambda x: x.number)
        else:
            pick.shuffle(countryside)
        chosen = [x.id for x in countryside[:sc.countryside_tiles[num_players]]]
        core: list[str] = []
        for city in (False, True):
            pool = sorted(x.id for x in t.tiles if x.kind == "core" and x.set in sets and (x.city is not None) == city)
            pick.shuffle(pool)
            core += pool[:sc.city_tiles if city else sc.core_tiles]
        g, _ = new_map(t, sc.shape, num_players, chosen, core, seed=seed, numeric_order=sc.tiles_in_numeric_order,
                       sets=sets, enemy_sets=frozenset().union(*(SET_TAGS[x] for x in sets)))
        g.scenario, g.cities_closed, g.tile_order_known = sc.name, sc.cities_closed, sc.tiles_in_numeric_order
        if sc.city_levels:
            g.city_level, g.city_levels = sc.city_levels[0], tuple(sc.city_levels)
        set_up_offers(t, g, sets)
        if not sc.elite_units:  # First Reconnaissance: no elite Units (facts 5.8)
            g.elite_units = []
        if sc.dummy:  # Solo Conquest: no interactive Spells, skill or opponent (facts 5.8)
            remove_interactive_spells(t, g)
        for p, hero in zip(g.players, heroes, strict=True):
            p.skill_pile = [x for x in t.skill_pile(hero) if not (sc.dummy and t.skill[x].type == "interactive")]
            g.rng.shuffle(p.skill_pile)
            new_deed_deck(p, t.starting_deck(hero), g.rng, p.hand_limit)
        g.round_order = list(reversed(range(num_players)))  # round 1 ties: the reverse of choosing
        if sc.dummy:
            unused = sorted(h.id for h in t.heroes if h.set in sets and h.id not in heroes)
            g.dummy = new_dummy(t, unused[pick.below(len(unused))], g.rng)
            g.round_order.append(DUMMY)
        begin_round(t, g, [], first=True)
        m = MKState(g, heroes, sc.rounds)
        self._advance(m, [])
        return m

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
        g = state.g
        grids = set(g.tiles)
        picker = tactic_picker(g) if not (state.play or g.asked) else -1  # (not Mana Steal's die, chosen after)
        player = g.current if picker < 0 else -1
        skills = sum(len(p.skills) for p in g.players) if g.dummy is not None else 0
        apply_turn_action(self.t, state, action, events)
        if picker >= 0:  # the balance report compares Tactics
            g.players[picker].tactics_taken.append(g.players[picker].tactic)
        if state.g.dummy is not None and (gained := sum(len(p.skills) for p in state.g.players) - skills) > 0:
            dummy_skill_to_offer(state.g, gained, events)
        if player >= 0 and len(state.g.tiles) > len(grids):
            tiles_revealed(self.t, state.g, self.scenario_of(state), player, set(state.g.tiles) - grids, events)

    def _advance(self, state: MKState, events: list[Event]) -> None:
        t, g = self.t, state.g
        while True:
            if g.pvp is not None:  # a combat between heroes: its answers first, then its end
                if g.pvp.phase != "over":
                    return
                finish_pvp(t, g, events)
                continue
            if g.combat is not None and g.combat.phase == "over" and not state.play:
                finish_combat(t, g, events)
                continue
            if g.combat is not None or state.play or tactic_picker(g) >= 0:
                return
            if state.dummy_pending:  # its turn runs once the heroes asked have answered
                if state.answering:
                    return
                state.dummy_pending = False
                dummy_turn(t, g, events)
                continue
            if state.turn_begun:
                if g.players[g.current].forfeited:  # facts 5.7; RB "If you forfeit your turn, your turn ends immediately"
                    if state.answering:  # (the others' answers as it begins come first)
                        return
                    end_turn(t, g, g.current, events)
                    state.turn_begun = False
                    continue
                if joining_offered(t, g, g.current):  # others to challenge to join first (RB Combat 2c)
                    state.play = [JOIN, "joining"]
                    return
                forced_combat(t, g, g.current, events)
                if g.combat is not None and g.combat.phase == "over":
                    continue
                return
            if state.turn > 0 and drop_untakeable(t, g, g.current, events):
                return  # the rewards of the turn just ended are taken first (facts 5.7 step 5)
            if g.players[g.current].draw_waits:  # then step 6: discarding and drawing
                p = g.players[g.current]
                if p.forfeited or all(c == WOUND for c in p.hand):  # nothing to choose: drawn at once
                    end_turn(t, g, g.current, events)
                    continue
                return
            sc = self.scenario_of(state)
            if sc.end == "cities-conquered" and not g.end_triggered and cities_conquered(t, g) >= sc.city_tiles:
                trigger_game_end(g, "every city is conquered", events, players_only=True)
            if game_over(g, state.rounds):
                scores = final_scores(t, g, sc.titles, cities=sc.city_scoring)
                if sc.dummy:
                    solo_conquest_bonus(t, g, sc.city_tiles, state.rounds, scores[0])
                g.scores = tuple(scores)
                events.append(Event("final-scoring", "the game is over: Fame and achievements are scored",
                                    data={"scores": list(g.scores)}))
                state.over = True
                return
            if g.round_over:
                begin_round(t, g, events)
                ask_upkeep(t, g, events)  # Magic Familiars: their owners answer first (units/outside_combat.py)
                state.seat = -1
                continue
            nxt = self._next_player(state)
            if g.end_triggered:
                g.last_turns = tuple(i for i in g.last_turns if i != nxt)  # this is their last turn
            if nxt == DUMMY:  # the heroes may answer first: it is another player's turn (VILLAGE "Plundering")
                state.answering = answer_window(t, g, DUMMY)
                state.dummy_pending = True
                continue
            if skips_turn(g, nxt, events):  # a defender who took part fully in a combat between heroes
                continue
            state.turn += 1
            start_turn(t, g, nxt, events)
            state.turn_begun = True
            state.answering = answer_window(t, g, nxt)  # the others who may answer as it begins
            if g.players[nxt].forfeited:  # no cards at all after an announcement: it ends at once (above)
                continue
            return

    @staticmethod
    def _next_player(state: MKState) -> int:
        """Facts 5.3: turns follow the Round Order, round after round of turns; after an
        announcement, or once the game's end is triggered, only the players with a last turn to
        take play."""
        g = state.g
        order = g.round_order
        if g.extra_turn and 0 <= state.seat < len(order):
            g.extra_turn = False  # The Right Moment: the same player again,
            if may_take_turn(g, order[state.seat]):  # unless the round's or the game's end came meanwhile
                return order[state.seat]
        for _ in range(len(order)):
            state.seat = (state.seat + 1) % len(order)
            if may_take_turn(g, order[state.seat]):
                break
        return order[state.seat]

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
        """Facts 5.8 "Scoring": Fame plus the standard achievements; most wins, ties share the
        victory (no tie-break)."""
        if not state.over:
            return None
        sc = self.scenario_of(state)
        scores = state.g.scores or final_scores(self.t, state.g, sc.titles, cities=sc.city_scoring)
        total = tuple(x["total"] for x in scores)
        if sc.dummy:  # Solo Conquest: victory is every city conquered (facts 5.8)
            won = cities_conquered(self.t, state.g) >= sc.city_tiles
            return Result(total, (0,) if won else (), state.turn)
        best = max(total)
        return Result(total, tuple(i for i, f in enumerate(total) if f == best), state.turn)

    def view(self, state: MKState, player: int | None) -> dict[str, Any]:
        from .knowledge.views import view
        return view(self.t, state, player)

    def determinize(self, state: MKState, player: int, rng: Rng) -> MKState:
        from .knowledge.views import determinize
        return determinize(self.t, state, player, rng)

    def action_text(self, state: MKState, action: Action, viewer: int | None) -> str:
        """A card of the hand is named to others only where the action shows it (actions/decisions.py)."""
        return action_text(self.t, state, action, viewer)

    def player_names(self, state: MKState) -> Sequence[str]:
        return [self.t.hero[h].name for h in state.heroes]

    def render(self, state: MKState, player: int | None) -> Any:
        from .terminal.render import render
        return render(self.t, self.view(state, player), player)

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
