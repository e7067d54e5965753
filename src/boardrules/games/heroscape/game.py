"""Heroscape, the Master Game, on the engine: armies, placement, rounds of order markers,
initiative and three turns each (reveal, move, attack), until one army remains or the round
limit is reached.

The rules are in one module per part of the rulebook: ``army`` (gather and place your army),
``rounds`` (order markers, initiative, turns, the end), ``moving``, ``attacking`` and
``powers``, over the queries of ``figures``. This class only wires them together: between
decisions it runs every automatic step (initiative rolls, revealing a marker,
leaving-engagement attacks, falls); it stops whenever a player must choose.
"""

from __future__ import annotations

from collections.abc import Mapping
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
    shared_action,
)
from ...engine.spaces import ActionSpace, ObservationSchema
from . import action_space as spaces
from . import army, attacking, moving, observation, powers, rounds
from .catalogue import build_catalogue
from .content import FLYING, Content, default_content
from .explain import ANSWERS, explain
from .figures import Figures, pname
from .heuristics import evaluate, greedy_action
from .labels import action_labels
from .movement import Reach, Route
from .positions import HSPositions
from .render import render
from .scene import HeroscapeScene
from .scene import action_keys as scene_keys
from .scene import why_not as scene_why_not
from .state import MARKERS, NO_CARD, SHState
from .views import determinize, view

DONE, STAY = Action("done"), Action("stay")
MAX_POINTS = 10_000  # every army card together costs far less
MAX_ROUNDS = 100
NOT_NOW = "(an action that is not legal now)"  # what the other seats see of one (action_text)


class Heroscape(StepGame[SHState]):
    name = "heroscape"
    title = "Heroscape"
    min_players = 2
    max_players = 4
    # hs-3 (issue 22): ways to a space compared by the number of leaving attacks, not who makes them
    rules_version = "hs-3"
    options_spec = (
        OptionSpec("army", "How armies are made: chosen in turn to a point limit, or drafted", ("points", "draft"),
                   "points"),
        OptionSpec("points", "The point limit of each army", (), "400"),
        OptionSpec("rounds", "The round limit (then the points of surviving cards decide)", (), "12"),
        OptionSpec("battlefield", "The battlefield (a file in content/battlefields)", (), "auto"),
    )
    # the search's budget (agents/search.py): rollouts cut after a few decisions never reach the
    # battle from the draft, the drops or the order markers, whose choice they leave to chance;
    # a bias toward the rule of thumb (greedy_action) keeps to it unless the rollouts show
    # better (docs/agents.md, Figures, session 17); a rollout's move, drop or draft pick among
    # more than a dozen choices follows the rule of thumb among 8 drawn at random, not chance
    # (session 19)
    search_defaults: Mapping[str, float] = {"bias": 5, "draws": 8}

    def __init__(self, content: Content | None = None) -> None:
        self.q = Figures(content or default_content())
        self.c = self.q.c
        self.card_index = self.q.card_index
        self._catalogue: Catalogue | None = None  # built when first asked (catalogue.py)
        self._scene: HeroscapeScene | None = None  # likewise (scene.py)

    @property
    def content_version(self) -> str:
        return self.c.version

    # -- set-up ------------------------------------------------------------------------------
    def check_options(self, num_players: int, options: Mapping[str, str] | None) -> dict[str, str]:
        """The engine's checks, then the numbers and the battlefield, so that every way in
        (play, replay, simulate) refuses a bad option before a game starts."""
        opts = super().check_options(num_players, options)
        cheapest = min(c.points for c in self.c.cards)
        _whole_number(opts, "points", cheapest, MAX_POINTS, "the cost of the cheapest army card")
        _whole_number(opts, "rounds", 1, MAX_ROUNDS)
        army.choose_field(self.q, num_players, opts["battlefield"])
        return opts

    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> SHState:
        q = self.q
        opts = self.check_options(num_players, options)
        s = SHState()
        s.rng = Rng(seed)
        s.num_players = num_players
        s.options = opts
        s.field = army.choose_field(q, num_players, opts["battlefield"])
        s.points = int(opts["points"])
        s.max_rounds = int(opts["rounds"])
        bf = q.bf(s)
        s.zones = list(bf.start)[:num_players]
        s.pool = list(range(len(self.c.cards)))
        s.passed = [False] * num_players
        s.markers = [[NO_CARD] * len(MARKERS) for _ in range(num_players)]
        s.revealed = [[False] * len(MARKERS) for _ in range(num_players)]
        s.picker = army.pick_order(q, s)
        s.stage = "army"
        self._advance(s, [])
        return s

    def position_format(self) -> HSPositions:
        """Positions of this game (docs/positions.md): ``positions.py``."""
        return HSPositions(self, self.q)

    # -- decisions -------------------------------------------------------------------------------
    def _decide(self, s: SHState) -> Decision:
        q = self.q
        if s.pending:
            return powers.pending_decision(q, s)
        stage = s.stage
        if stage == "army":
            p = s.picker[0]
            cards = tuple(army.army_actions(q, s, p))
            done = ", or done" if cards[-1] is army.DONE else ""
            return Decision(p, f"Choose an army card ({army.points_left(q, s, p)} points left){done}", cards)
        if stage == "place":
            p = s.setup_order[0]
            fig = army.unplaced(q, s, p)[0]
            return Decision(p, f"Place {q.fig_name(s, fig)} in your start zone ({s.zones[p]})",
                            tuple(shared_action("place", q.place_name(s, sp)) for sp in army.placements(q, s, fig)))
        if stage == "markers":
            p = s.setup_order[0]
            k = s.markers[p].index(NO_CARD)
            return Decision(p, f"Put order marker {MARKERS[k].upper()} on one of your army cards (secret)",
                            tuple(shared_action("mark", q.card(s, c).id) for c in q.living_cards(s, p)))
        player = q.current(s)
        if stage == "move":
            acts = [shared_action("move", q.fig_name(s, f)) for f in moving.movers(q, s)]
            return Decision(player, f"Move a figure of {q.card(s, s.active_card).name}, or done",
                            tuple(acts + [DONE]))
        if stage == "move-to":
            bf = q.bf(s)
            made = bf.tables.setdefault(("to",), {})  # the action to each place, made once
            acts = [made.get(end) or made.setdefault(end, shared_action("to", q.place_name(s, end)))
                    for end in self._routes(s)]
            return Decision(player, f"Where does {q.fig_name(s, s.selected)} go?", tuple(acts + [STAY]))
        if stage == "route":
            ways = self._routes(s)[s.dest]
            flier = FLYING in q.fig_card(s, s.selected).powers
            told = "".join(f"\n  route {k}: {moving.describe(q, s, r, flier)}" for k, r in enumerate(ways, start=1))
            return Decision(player, f"Which way does {q.fig_name(s, s.selected)} go to {q.place_name(s, s.dest)}?"
                            f"{told}", tuple(shared_action("route", str(k)) for k in range(1, len(ways) + 1)))
        if stage == "attack":
            return attacking.attack_decision(q, s, attacking.attack_actions(q, s))
        raise AssertionError(f"no decision in stage {stage}")

    # -- applying actions ----------------------------------------------------------------------
    def _apply(self, s: SHState, a: Action, events: list[Event]) -> None:
        q = self.q
        if s.pending:
            powers.answer(q, s, a, events)
            return
        stage, name = s.stage, a.name
        if stage == "army":
            p = s.picker.pop(0)
            if name == "done":
                s.passed[p] = True
                events.append(Event("army", f"{pname(p)}'s army is complete", p))
            else:
                army.take(q, s, p, self.card_index[a.args[0]], events)
            return
        if stage == "place":
            p = s.setup_order[0]
            fig = army.unplaced(q, s, p)[0]
            bf = q.bf(s)
            s.figures[fig].spaces = tuple(bf.space_named(x) for x in a.args[0].split("-"))  # type: ignore[misc]
            return
        if stage == "markers":
            p = s.setup_order[0]
            k = s.markers[p].index(NO_CARD)
            s.markers[p][k] = next(c for c in s.cards_of(p) if q.card(s, c).id == a.args[0])
            if NO_CARD not in s.markers[p]:
                s.setup_order.pop(0)
            return
        if stage == "move":
            if name == "done":
                moving.end_moves(q, s, events)
            else:
                s.selected = q.fig_named(s, a.args[0])  # type: ignore[assignment]
                s.stage = "move-to"
            return
        if stage == "move-to" and name == "to":
            bf = q.bf(s)
            end: tuple[int, ...] = tuple(bf.space_named(x) for x in a.args[0].split("-"))  # type: ignore[misc]
            ways = self._routes(s)[end]
            if len(ways) > 1:  # the player chooses the way there
                s.dest = end
                s.stage = "route"
                return
            self._go(s, ways[0], events)
            return
        if stage == "move-to":  # stay
            s.moved.append(s.selected)
            s.selected, s.routes = -1, None
            s.stage = "move"
            return
        if stage == "route":
            self._go(s, self._routes(s)[s.dest][int(a.args[0]) - 1], events)
            return
        if stage == "attack":
            attacking.apply_attack_step(q, s, a, events)

    def _routes(self, s: SHState) -> Reach:
        """The selected figure's destinations, found once per choice of destination and way
        (the ways to one are put together when it is chosen or labelled)."""
        kept = s.routes
        if kept is None or kept[0] != s.selected:
            s.routes = kept = (s.selected, moving.routes(self.q, s, s.selected))
        return kept[1]  # type: ignore[no-any-return]

    def _go(self, s: SHState, route: Route, events: list[Event]) -> None:
        fig = s.selected
        s.moved.append(fig)
        s.selected, s.dest, s.routes = -1, (), None
        s.stage = "move"
        moving.move(self.q, s, fig, route, events)

    # -- the automatic steps ---------------------------------------------------------------------
    def _advance(self, s: SHState, events: list[Event]) -> None:
        q = self.q
        while not s.over:
            if s.pending:
                if powers.pending_actions(q, s):
                    return
                kind, player, _ = s.pending.pop(0)  # a question with no possible answer lapses
                events.append(Event("lapse", f"{pname(player)}: no place for the {kind}", player))
                continue
            stage = s.stage
            if stage == "army":
                while s.picker and (s.passed[s.picker[0]] or army.army_actions(q, s, s.picker[0])[0] == DONE):
                    p = s.picker.pop(0)
                    if not s.passed[p]:
                        s.passed[p] = True
                        events.append(Event("army", f"{pname(p)}'s army is complete", p))
                if s.picker:
                    return
                army.start_placement(q, s, events)
            elif stage == "place":
                while s.setup_order and not army.unplaced(q, s, s.setup_order[0]):
                    s.setup_order.pop(0)
                if not s.setup_order:
                    rounds.start_round(q, s, events)
                    continue
                p = s.setup_order[0]
                fig = army.unplaced(q, s, p)[0]
                if army.placements(q, s, fig):
                    return
                s.figures[fig].alive = False  # "figures that don't fit the zone are out"
                events.append(Event("out", f"{q.fig_name(s, fig)} does not fit in the start zone", p))
            elif stage == "markers":
                while s.setup_order and not q.living_cards(s, s.setup_order[0]):
                    s.setup_order.pop(0)
                if s.setup_order:
                    return
                rounds.initiative(q, s, events)
            elif stage == "reveal":
                rounds.reveal(q, s, events)
            elif stage == "move":
                if moving.movers(q, s):
                    return
                moving.end_moves(q, s, events)
            elif stage in ("move-to", "route"):
                return
            elif stage == "attack":
                if rounds.over(q, s, events):
                    return
                acts = attacking.attack_actions(q, s)
                if acts:
                    s.cached = attacking.attack_decision(q, s, acts)
                    return
                s.stage = "end-turn"
            elif stage == "end-turn":
                rounds.end_turn(q, s, events)
            elif stage == "round-end":
                rounds.start_round(q, s, events)
            else:
                raise AssertionError(f"unknown stage {stage}")

    # -- information ---------------------------------------------------------------------------
    def result(self, state: SHState) -> Result | None:
        return rounds.result(self.q, state) if state.over else None

    def view(self, state: SHState, player: int | None) -> dict[str, Any]:
        return view(self.q, state, player)

    def determinize(self, state: SHState, player: int, rng: Rng) -> SHState:
        return determinize(self.q, state, player, rng)

    def action_text(self, state: SHState, action: Action, viewer: int | None) -> str:
        """What a player at the table sees done: ``places Grimnak on x17``. Order markers are
        placed face down, all at once at the table but one number after another here: only the
        player placing one sees its card (naming it would tell which marker it is; the view
        shows where they lie once all are down);
        every other answer is public. An action that is not legal now (a typing slip, or a
        word of another step such as ``mark <card>``) does nothing at the table: the player
        asked sees their own text, the others a neutral one, since the words could name a
        secret."""
        d = self.decision(state)
        if d is None or action not in d.actions:
            return action.text if d is not None and viewer == d.player else NOT_NOW
        return _told(self.q, state, action, viewer) or action.text

    def standing(self, state: SHState, player: int | None) -> Standing:
        from .standing import standing

        return standing(self.q, state)

    def action_labels(self, state: SHState, decision: Decision) -> tuple[str, ...]:
        """Each answer with what it does (labels.py): a card's points and numbers in the draft,
        a move's costs, an attack's dice on each side and the height advantage."""
        routes = self._routes(state) if not state.pending and state.stage in ("move-to", "route") else None
        return action_labels(self.q, state, decision, routes)

    def scene(self, view: dict[str, Any], viewer: int | None) -> Scene:
        """The battlefield, the figures and the army cards as ``view`` shows them (``scene.py``)."""
        if self._scene is None:
            self._scene = HeroscapeScene(self.c)
        return self._scene.scene(view, viewer)

    def action_keys(self, state: SHState, decision: Decision) -> tuple[tuple[str, ...], ...]:
        return scene_keys(self.q, state, decision)

    def why_not(self, state: SHState, viewer: int, key: str) -> str | None:
        return scene_why_not(self.q, state, self.decision(state), key)

    def catalogue(self) -> Catalogue:
        """Every army card, power and battlefield (catalogue.py), built once."""
        if self._catalogue is None:
            self._catalogue = build_catalogue(self.c)
        return self._catalogue

    def player_names(self, state: SHState) -> list[str]:
        return [pname(i) for i in range(state.num_players)]

    def round_scores(self, state: SHState) -> tuple[int, ...]:
        """Each player's points of army cards with a figure left (what decides the game)."""
        q = self.q
        return tuple(sum(q.card(state, c).points for c in state.cards_of(p) if state.surviving(c))
                     for p in range(state.num_players))

    def turn_order(self, state: SHState) -> tuple[int, ...]:
        """The order of the round, from the initiative roll (none before the first roll)."""
        return tuple(state.order) if state.round >= 1 else ()

    def turn_number(self, state: SHState) -> int:
        return state.round

    def action_space(self, num_players: int, options: Mapping[str, str] | None = None) -> ActionSpace:
        opts = self.check_options(num_players, options)
        field = army.choose_field(self.q, num_players, opts["battlefield"])
        return spaces.action_space(self.c, self.c.battlefields[field], num_players, int(opts["points"]),
                                   self._space_key(num_players, field, opts["points"]))

    def observation_schema(self, num_players: int, options: Mapping[str, str] | None = None) -> ObservationSchema:
        opts = self.check_options(num_players, options)
        field = army.choose_field(self.q, num_players, opts["battlefield"])
        return observation.observation_schema(
            self.c, self.c.battlefields[field], spaces.figure_names(self.c, num_players, int(opts["points"])),
            self._space_key(num_players, field, opts["points"]))

    def _space_key(self, num_players: int, field: str, points: str) -> str:
        return (f"{self.name}/{num_players}p/rules-{self.rules_version}/content-{self.content_version}"
                f"/{field}/{points}-points")

    def heuristic(self, state: SHState, player: int) -> float:
        return evaluate(self.q, state, player)

    def greedy_action(self, state: SHState, decision: Decision, rng: Rng) -> Action | None:
        return greedy_action(self.q, state, decision, rng)

    def balance_tags(self, state: SHState) -> list[list[str]]:
        """Per seat, the army cards it drafted, their Generals, and each pairing of one of its
        army cards with an opponent's (``pairing:Syvarris vs Mimring``)."""
        q = self.q
        drafted = [[q.card(state, c) for c, first in enumerate(state.first_owner) if first == p]
                   for p in range(state.num_players)]
        out = []
        for p, cards in enumerate(drafted):
            tags = [f"army:{c.name}" for c in cards]
            tags += [f"general:{g}" for g in sorted({c.general for c in cards})]
            theirs = sorted({c.name for q2, other in enumerate(drafted) if q2 != p for c in other})
            tags += [f"pairing:{mine} vs {other}" for mine in sorted({c.name for c in cards}) for other in theirs]
            out.append(tags)
        return out

    def explain_illegal(self, state: SHState, action: Action) -> tuple[str, str]:
        return explain(self.q, state, action, self.decision(state))

    def render(self, state: SHState, player: int | None) -> Any:
        return render(self.q, state, player)

    def frame(self, state: SHState, player: int) -> Any:
        """The compact board shown when asked (frame.py): the battlefield map with the spaces a
        question offers marked, the player's army cards and the enemies near; the full tables
        are ``render``."""
        from .frame import frame
        from .labels import long_question

        d = self.decision(state)
        long = d is not None and d.player == player and long_question(self.q, state, d, self.action_labels(state, d))
        return frame(self.q, state, view(self.q, state, player), player, d, long)


def _shown(q: Figures, s: SHState, fig: int | None) -> str:
    """A figure as a player names it: its card's name, with its tag when the card has several."""
    if fig is None:
        raise KeyError(fig)
    card = q.fig_card(s, fig)
    return card.name if card.figures == 1 else f"{card.name} ({q.fig_name(s, fig)})"


def _told(q: Figures, s: SHState, a: Action, viewer: int | None) -> str | None:
    """The text of ``a``, about to be applied to ``s``, as ``viewer`` sees it (see action_text);
    None when it answers nothing now."""
    name, args = a.name, a.args
    if name not in ANSWERS.get(s.pending[0][0] if s.pending else s.stage, ()):
        return None  # not an answer to this question: nothing was done at the table
    if s.pending:
        kind, player, data = s.pending[0]
        if kind == "spirit":
            card = q.c.cards[q.card_index[args[0]]]
            return f"places the Warrior's Spirit on {card.name}"
        if kind == "drop":
            return f"drops {_shown(q, s, data)} onto {args[0]}"
        if name == "clone":
            return f"brings a Marro Warrior back next to {_shown(q, s, data)}, on {args[0]}"
        return "brings no Marro Warrior back"
    stage = s.stage
    if stage == "army":
        if name == "done":
            return "completes the army"
        card = q.c.cards[q.card_index[args[0]]]
        return f"takes {card.name} ({card.points} points)"
    if stage == "place":
        fig = army.unplaced(q, s, s.setup_order[0])[0]
        return f"places {_shown(q, s, fig)} on {args[0]}"
    if stage == "markers":
        p = s.setup_order[0]
        if viewer != p:
            return "places an order marker"
        marker = MARKERS[s.markers[p].index(NO_CARD)].upper()
        return f"puts order marker {marker} on {q.c.cards[q.card_index[args[0]]].name}"
    active = q.card(s, s.active_card).name
    if stage == "move":
        if name == "done":
            return f"ends the moves of {active}"
        return f"chooses {_shown(q, s, q.fig_named(s, args[0]))} to move"
    if stage == "move-to":
        if name == "stay":
            return f"leaves {_shown(q, s, s.selected)} where it is"
        return f"moves {_shown(q, s, s.selected)} to {args[0]}"
    if stage == "route":
        return f"moves {_shown(q, s, s.selected)} to {q.place_name(s, s.dest)} by route {args[0]}"
    if stage == "attack":
        if name == "done":
            return f"ends the turn of {active}"
        if name == "water-clone":
            return "rolls for Water Clone instead of attacking"
        who = _shown(q, s, q.fig_named(s, args[0]))
        if name == "fire":
            return f"breathes Fire Line with {who}, from {args[1]} to {args[2]}"
        target = _shown(q, s, q.fig_named(s, args[1]))
        how = {"attack": "attacks {t} with {w}", "explode": "sets off {w}'s Explosion on {t}",
               "grenade": "throws a grenade from {w} at {t}", "chomp": "has {w} Chomp {t}",
               "shackle": "has {w} Mind Shackle {t}"}[name]
        return how.format(w=who, t=target)
    return None


def _whole_number(opts: dict[str, str], key: str, low: int, high: int, why: str = "") -> None:
    """A numeric option: ASCII digits only, between ``low`` and ``high`` (kept without leading
    zeros)."""
    value = opts[key]
    shown = value if len(value) <= 20 else f"{value[:20]}... ({len(value)} characters)"
    if not value or not value.isascii() or not value.isdigit():
        raise OptionError(f"option {key!r} must be a whole number written in the digits 0-9, not {shown!r}")
    digits = value.lstrip("0") or "0"
    if len(digits) > len(str(high)) or not low <= int(digits) <= high:
        least = f"{low} ({why})" if why else str(low)
        raise OptionError(f"option {key!r} must be from {least} to {high}, not {shown}")
    opts[key] = digits
