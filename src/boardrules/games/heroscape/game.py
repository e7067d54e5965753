"""Heroscape, the Master Game, on the engine: armies, placement, rounds of order markers,
initiative and three turns each (reveal, move, attack), until one army remains or the round
limit is reached.

Between decisions the game runs every automatic step itself (initiative rolls, revealing a
marker, leaving-engagement attacks, falls); it stops whenever a player must choose.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Action, Decision, Event, OptionError, OptionSpec, Result, Rng, StepGame
from . import combat
from .battlefield import Battlefield
from .content import Content, default_content
from .content_model import Card
from .engagement import adjacent
from .movement import Route, reachable
from .state import MARKERS, NO_CARD, Figure, SHState

DONE, STAY = Action("done"), Action("stay")
D20 = 20


def pname(player: int) -> str:
    return f"Player {player + 1}"


class Heroscape(StepGame[SHState]):
    name = "heroscape"
    title = "Heroscape"
    min_players = 2
    max_players = 4
    rules_version = "hs-1"
    options_spec = (
        OptionSpec("army", "How armies are made: chosen in turn to a point limit, or drafted", ("points", "draft"),
                   "points"),
        OptionSpec("points", "The point limit of each army", (), "400"),
        OptionSpec("rounds", "The round limit (then the points of surviving cards decide)", (), "12"),
        OptionSpec("battlefield", "The battlefield (a file in content/battlefields)", (), "auto"),
    )

    def __init__(self, content: Content | None = None) -> None:
        self.c = content or default_content()
        self.card_index = {c.id: i for i, c in enumerate(self.c.cards)}

    @property
    def content_version(self) -> str:
        return self.c.version

    # -- set-up ------------------------------------------------------------------------------
    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> SHState:
        opts = self.check_options(num_players, options)
        s = SHState()
        s.rng = Rng(seed)
        s.num_players = num_players
        s.options = opts
        s.field = self._choose_field(num_players, opts["battlefield"])
        s.points = _positive(opts, "points")
        s.max_rounds = _positive(opts, "rounds")
        bf = self.bf(s)
        s.zones = list(bf.start)[:num_players]
        s.pool = list(range(len(self.c.cards)))
        s.passed = [False] * num_players
        s.markers = [[NO_CARD] * len(MARKERS) for _ in range(num_players)]
        s.revealed = [[False] * len(MARKERS) for _ in range(num_players)]
        s.picker = self._pick_order(s)
        s.stage = "army"
        self._advance(s, [])
        return s

    def _choose_field(self, n: int, wanted: str) -> str:
        fields = self.c.battlefields
        if wanted != "auto":
            if wanted not in fields:
                raise OptionError(f"unknown battlefield {wanted!r}; choose one of: {', '.join(sorted(fields))}")
            if n not in fields[wanted].players or len(fields[wanted].start) < n:
                raise OptionError(f"the battlefield {wanted!r} is not laid out for {n} players")
            return wanted
        for key in ("valkyrie-highlands", "river-crossing"):
            if key in fields and n in fields[key].players and len(fields[key].start) >= n:
                return key
        return next(k for k, f in sorted(fields.items()) if n in f.players and len(f.start) >= n)

    def _pick_order(self, s: SHState) -> list[int]:
        """Who picks cards, in order. Points: seats in turn. Draft: the highest d20 takes 1,
        the other 2, then 1 each in turn (2 players); with more, a snake from the highest."""
        n = s.num_players
        first = _highest_d20(s.rng, list(range(n)))
        seats = [(first + k) % n for k in range(n)]
        if s.options["army"] == "points":
            return seats * len(self.c.cards)
        if n == 2:
            out = [seats[0], seats[1], seats[1]]
            while len(out) < len(self.c.cards):
                out += [seats[0], seats[1]]
            return out
        out = []
        while len(out) < len(self.c.cards):
            out += seats + seats[::-1]
        return out

    def bf(self, s: SHState) -> Battlefield:
        return self.c.battlefields[s.field]

    def card(self, s: SHState, card: int) -> Card:
        return self.c.cards[s.cards[card][0]]

    def fig_card(self, s: SHState, fig: int) -> Card:
        return self.c.cards[s.cards[s.figures[fig].card][0]]

    # -- names in actions ----------------------------------------------------------------------
    def fig_name(self, s: SHState, fig: int) -> str:
        f = s.figures[fig]
        card = self.card(s, f.card)
        if card.figures == 1:
            return card.id
        mates = [i for i, g in enumerate(s.figures) if g.card == f.card]
        return f"{card.id}-{mates.index(fig) + 1}"

    def fig_named(self, s: SHState, name: str) -> int | None:
        return next((i for i in range(len(s.figures)) if self.fig_name(s, i) == name), None)

    def place_name(self, s: SHState, spaces: tuple[int, ...]) -> str:
        bf = self.bf(s)
        return "-".join(bf.name_of(x) for x in spaces)

    # -- decisions -------------------------------------------------------------------------------
    def _decide(self, s: SHState) -> Decision:
        stage = s.stage
        if stage == "army":
            p = s.picker[0]
            return Decision(p, f"Choose an army card ({self._points_left(s, p)} points left), or done",
                            tuple(self._army_actions(s, p)))
        if stage == "place":
            p = s.setup_order[0]
            fig = self._unplaced(s, p)[0]
            return Decision(p, f"Place {self.fig_name(s, fig)} in your start zone ({s.zones[p]})",
                            tuple(Action("place", (self.place_name(s, sp),)) for sp in self._placements(s, fig)))
        if stage == "markers":
            p = s.setup_order[0]
            k = s.markers[p].index(NO_CARD)
            return Decision(p, f"Put order marker {MARKERS[k].upper()} on one of your army cards (secret)",
                            tuple(Action("mark", (self.card(s, c).id,)) for c in self._living_cards(s, p)))
        player = self.current(s)
        if stage == "move":
            acts = [Action("move", (self.fig_name(s, f),)) for f in self._movers(s)]
            return Decision(player, f"Move a figure of {self.card(s, s.active_card).name}, or done",
                            tuple(acts + [DONE]))
        if stage == "move-to":
            routes = self._routes(s, s.selected)
            s.routes = (s.selected, routes)
            acts = [Action("to", (self.place_name(s, end),)) for end in routes]
            return Decision(player, f"Where does {self.fig_name(s, s.selected)} go?", tuple(acts + [STAY]))
        if stage == "attack":
            acts = [Action("attack", (self.fig_name(s, a), self.fig_name(s, d))) for a, d in self._attacks(s)]
            return Decision(player, f"Attack with {self.card(s, s.active_card).name}, or done", tuple(acts + [DONE]))
        raise AssertionError(f"no decision in stage {stage}")

    def current(self, s: SHState) -> int:
        return s.order[s.turn_index % len(s.order)] if s.order else 0

    def _points_left(self, s: SHState, p: int) -> int:
        return s.points - sum(self.card(s, c).points for c in s.cards_of(p))

    def _army_actions(self, s: SHState, p: int) -> list[Action]:
        left = self._points_left(s, p)
        out = [Action("take", (self.c.cards[c].id,)) for c in s.pool if self.c.cards[c].points <= left]
        return out + [DONE]

    def _unplaced(self, s: SHState, p: int) -> list[int]:
        return [i for i, f in enumerate(s.figures) if f.owner == p and f.alive and not f.spaces]

    def _placements(self, s: SHState, fig: int) -> list[tuple[int, ...]]:
        bf = self.bf(s)
        zone = bf.start[s.zones[s.figures[fig].owner]]
        taken = s.occupant()
        free = [x for x in zone if x not in taken]
        if self.fig_card(s, fig).hexes == 1:
            return [(x,) for x in free]
        free_set = set(free)
        return [(x, y) for x in free for y in bf.adjacent[x] if y in free_set and bf.level[x] == bf.level[y]]

    def _living_cards(self, s: SHState, p: int) -> list[int]:
        return [c for c in s.cards_of(p) if s.living(c)]

    def _movers(self, s: SHState) -> list[int]:
        """The figures of the active card that have not moved this turn (one chosen that
        cannot go anywhere simply stays)."""
        return [f for f in s.living(s.active_card) if f not in s.moved]

    def _routes(self, s: SHState, fig: int) -> dict[tuple[int, ...], Route]:
        f = s.figures[fig]
        card = self.fig_card(s, fig)
        others = [(i, g) for i, g in enumerate(s.figures) if g.alive and g.spaces and i != fig]
        occupied = {x for _, g in others for x in g.spaces}
        bf = self.bf(s)
        blocked: set[int] = set()
        for i, g in others:
            if g.owner != f.owner or self._engaged(s, i):
                blocked.update(g.spaces)  # never through enemies, nor friends that are engaged
        return reachable(bf, f.spaces, card.move, card.height, blocked=blocked, occupied=occupied,
                         flying="flying" in card.powers)

    def _height(self, s: SHState, fig: int) -> int:
        return self.fig_card(s, fig).height

    def _engaged_with(self, s: SHState, fig: int, spaces: tuple[int, ...] | None = None) -> list[int]:
        """The enemy figures engaged with ``fig`` (standing on ``spaces`` if given)."""
        f = s.figures[fig]
        at = f.spaces if spaces is None else spaces
        h = self._height(s, fig)
        bf = self.bf(s)
        return [i for i, g in enumerate(s.figures)
                if g.alive and g.spaces and g.owner != f.owner and adjacent(bf, at, h, g.spaces, self._height(s, i))]

    def _engaged(self, s: SHState, fig: int) -> bool:
        return bool(self._engaged_with(s, fig))

    def _attacks(self, s: SHState) -> list[tuple[int, int]]:
        """(attacker, target) pairs: a figure of the active card that has not attacked, a target
        in Range with a clear line of sight; an engaged figure only at figures it is engaged
        with (no line of sight needed against those)."""
        from .los import Body, in_range, line_of_sight

        bf = self.bf(s)
        out = []
        alive = [i for i, g in enumerate(s.figures) if g.alive and g.spaces]
        for a in s.living(s.active_card):
            if a in s.attacked:
                continue
            fa = s.figures[a]
            card = self.fig_card(s, a)
            engaged = self._engaged_with(s, a)
            if engaged:
                out += [(a, d) for d in engaged]
                continue
            body_a = Body(fa.spaces, card.height)
            for d in alive:
                fd = s.figures[d]
                if d == a or fd.owner == fa.owner or not in_range(bf, fa.spaces, fd.spaces, card.range):
                    continue
                body_d = Body(fd.spaces, self._height(s, d))
                others = [Body(s.figures[o].spaces, self._height(s, o)) for o in alive if o not in (a, d)]
                if line_of_sight(bf, body_a, body_d, others):
                    out.append((a, d))
        return out

    # -- applying actions ----------------------------------------------------------------------
    def _apply(self, s: SHState, a: Action, events: list[Event]) -> None:
        stage, name = s.stage, a.name
        if stage == "army":
            p = s.picker.pop(0)
            if name == "done":
                s.passed[p] = True
                events.append(Event("army", f"{pname(p)}'s army is complete", p))
            else:
                self._take(s, p, self.card_index[a.args[0]], events)
            return
        if stage == "place":
            p = s.setup_order[0]
            fig = self._unplaced(s, p)[0]
            bf = self.bf(s)
            s.figures[fig].spaces = tuple(bf.space_named(x) for x in a.args[0].split("-"))  # type: ignore[misc]
            return
        if stage == "markers":
            p = s.setup_order[0]
            k = s.markers[p].index(NO_CARD)
            s.markers[p][k] = next(c for c in s.cards_of(p) if self.card(s, c).id == a.args[0])
            if NO_CARD not in s.markers[p]:
                s.setup_order.pop(0)
            return
        if stage == "move":
            if name == "done":
                s.stage = "attack"
            else:
                s.selected = self.fig_named(s, a.args[0])  # type: ignore[assignment]
                s.stage = "move-to"
            return
        if stage == "move-to":
            fig = s.selected
            s.moved.append(fig)
            s.selected = -1
            s.stage = "move"
            if name == "to":
                kept = s.routes
                routes = kept[1] if kept is not None and kept[0] == fig else self._routes(s, fig)
                s.routes = None
                end = next(e for e in routes if self.place_name(s, e) == a.args[0])
                self._move(s, fig, routes[end], events)
            return
        if stage == "attack":
            if name == "done":
                s.stage = "end-turn"
            else:
                att, dfd = self.fig_named(s, a.args[0]), self.fig_named(s, a.args[1])
                assert att is not None and dfd is not None
                self._attack(s, att, dfd, events)

    def _take(self, s: SHState, p: int, content_card: int, events: list[Event]) -> None:
        s.pool.remove(content_card)
        s.cards.append([content_card, p])
        card_no = len(s.cards) - 1
        card = self.c.cards[content_card]
        for _ in range(card.figures):
            s.figures.append(Figure(card_no, p))
        events.append(Event("army", f"{pname(p)} takes {card.name} ({card.points} points)", p, {"card": card.id}))

    def _move(self, s: SHState, fig: int, route: Route, events: list[Event]) -> None:
        """Move along the route: leaving-engagement attacks where the figure steps away from an
        engaged enemy, then a fall if a step dropped at least its Height."""
        f = s.figures[fig]
        bf = self.bf(s)
        card = self.fig_card(s, fig)
        start = f.spaces
        events.append(Event("move", f"{self.fig_name(s, fig)} moves to {self.place_name(s, route.end)} "
                            f"({route.cost} space(s))", f.owner, {"figure": self.fig_name(s, fig), "cost": route.cost}))
        # the spaces the figure stands on along the way (the follower trails the leader)
        steps = self._positions(start, route)
        engaged = set(self._engaged_with(s, fig, start))
        for at in steps[1:]:
            now = set(self._engaged_with(s, fig, at))
            for enemy in sorted(engaged - now):
                if "disengage" in card.powers:
                    continue
                self._leave_attack(s, enemy, fig, events)
                if not f.alive:
                    return
            engaged = now
        f.spaces = route.end
        dice = 0 if "flying" in card.powers else combat.fall_dice(route.drop, card.height, bf.water[route.end[0]])
        if dice:
            skulls, _ = combat.roll(s.rng, dice, "skull")
            events.append(Event("fall", f"{self.fig_name(s, fig)} falls ({dice} die): {skulls} wound(s)", f.owner))
            self._wound(s, fig, skulls, events)

    def _positions(self, start: tuple[int, ...], route: Route) -> list[tuple[int, ...]]:
        path = route.path
        if len(start) == 1:
            return [(x,) for x in path]
        out = [start]
        for i in range(1, len(path)):
            out.append((path[i], path[i - 1]))
        return out

    def _leave_attack(self, s: SHState, enemy: int, fig: int, events: list[Event]) -> None:
        """Leaving engagement: the enemy's controller rolls 1 attack die; each skull is a
        wound; the mover does not defend."""
        skulls, _ = combat.roll(s.rng, 1, "skull")
        events.append(Event("leave", f"{self.fig_name(s, fig)} leaves {self.fig_name(s, enemy)}: "
                            f"{'a wound' if skulls else 'no wound'}", s.figures[enemy].owner))
        self._wound(s, fig, skulls, events)

    def _attack(self, s: SHState, att: int, dfd: int, events: list[Event]) -> None:
        bf = self.bf(s)
        fa, fd = s.figures[att], s.figures[dfd]
        ca, cd = self.fig_card(s, att), self.fig_card(s, dfd)
        s.attacked.append(att)
        extra_a, extra_d = combat.height_advantage(bf.level[fa.spaces[0]], bf.level[fd.spaces[0]])
        skulls, _ = combat.roll(s.rng, ca.attack + extra_a, "skull")
        shields, _ = combat.roll(s.rng, cd.defense + extra_d, "shield")
        wounds = max(0, skulls - shields)
        events.append(Event("attack", f"{self.fig_name(s, att)} attacks {self.fig_name(s, dfd)}: {skulls} skull(s) "
                            f"against {shields} shield(s)", fa.owner,
                            {"attacker": self.fig_name(s, att), "target": self.fig_name(s, dfd), "skulls": skulls,
                             "shields": shields, "dice": [ca.attack + extra_a, cd.defense + extra_d]}))
        self._wound(s, dfd, wounds, events)

    def _wound(self, s: SHState, fig: int, wounds: int, events: list[Event]) -> None:
        if wounds <= 0:
            return
        f = s.figures[fig]
        card = self.fig_card(s, fig)
        f.wounds += wounds
        if f.wounds >= card.life:
            f.alive = False
            f.spaces = ()
            events.append(Event("destroyed", f"{self.fig_name(s, fig)} is destroyed", f.owner,
                                {"figure": self.fig_name(s, fig)}))
            if not s.living(f.card) and f.card not in s.destroyed_cards:
                s.destroyed_cards.append(f.card)
        else:
            events.append(Event("wound", f"{self.fig_name(s, fig)} takes {wounds} wound(s) "
                                f"({f.wounds} of {card.life})", f.owner))

    # -- the automatic steps ---------------------------------------------------------------------
    def _advance(self, s: SHState, events: list[Event]) -> None:
        while not s.over:
            stage = s.stage
            if stage == "army":
                while s.picker and (s.passed[s.picker[0]] or not self._army_actions(s, s.picker[0])[:-1]):
                    p = s.picker.pop(0)
                    if not s.passed[p]:
                        s.passed[p] = True
                        events.append(Event("army", f"{pname(p)}'s army is complete", p))
                if s.picker:
                    return
                self._start_placement(s, events)
            elif stage == "place":
                while s.setup_order and not self._unplaced(s, s.setup_order[0]):
                    s.setup_order.pop(0)
                if not s.setup_order:
                    self._start_round(s, events)
                    continue
                p = s.setup_order[0]
                fig = self._unplaced(s, p)[0]
                if self._placements(s, fig):
                    return
                s.figures[fig].alive = False  # "figures that don't fit the zone are out"
                events.append(Event("out", f"{self.fig_name(s, fig)} does not fit in the start zone", p))
            elif stage == "markers":
                while s.setup_order and not self._living_cards(s, s.setup_order[0]):
                    s.setup_order.pop(0)
                if s.setup_order:
                    return
                self._initiative(s, events)
            elif stage == "reveal":
                self._reveal(s, events)
            elif stage == "move":
                if self._movers(s):
                    return
                s.stage = "attack"
            elif stage == "move-to":
                return
            elif stage == "attack":
                if self._over(s, events):
                    return
                if self._attacks(s):
                    return
                s.stage = "end-turn"
            elif stage == "end-turn":
                if self._over(s, events):
                    return
                s.turn_index += 1
                s.stage = "reveal" if s.turn_index < 3 * len(s.order) else "round-end"
            elif stage == "round-end":
                self._start_round(s, events)
            else:
                raise AssertionError(f"unknown stage {stage}")

    def _start_placement(self, s: SHState, events: list[Event]) -> None:
        """The highest d20 places the whole army first, then placement passes to the left."""
        players = [p for p in range(s.num_players) if s.cards_of(p)]
        first = _highest_d20(s.rng, players)
        s.setup_order = [(first + k) % s.num_players for k in range(s.num_players)]
        s.stage = "place"
        events.append(Event("setup", f"{pname(first)} places an army first", first))

    def _start_round(self, s: SHState, events: list[Event]) -> None:
        if self._over(s, events):
            return
        s.round += 1
        if s.round > s.max_rounds:
            self._finish(s, events, "the round limit")
            return
        events.append(Event("round", f"Round {s.round}", None, {"round": s.round}))
        s.markers = [[NO_CARD] * len(MARKERS) for _ in range(s.num_players)]
        s.revealed = [[False] * len(MARKERS) for _ in range(s.num_players)]
        s.setup_order = [p for p in range(s.num_players) if self._living_cards(s, p)]
        s.stage = "markers"

    def _initiative(self, s: SHState, events: list[Event]) -> None:
        """Every player rolls the d20; ties for the highest roll again; play passes to the left."""
        players = [p for p in range(s.num_players) if self._living_cards(s, p)]
        first = _highest_d20(s.rng, players)
        s.order = [(first + k) % s.num_players for k in range(s.num_players)
                   if (first + k) % s.num_players in players]
        s.turn_index = 0
        events.append(Event("initiative", f"{pname(first)} wins the initiative", first))
        s.stage = "reveal"

    def _reveal(self, s: SHState, events: list[Event]) -> None:
        p = self.current(s)
        k = s.turn_index // len(s.order)
        card = s.markers[p][k]
        s.revealed[p][k] = True
        s.moved, s.attacked, s.selected = [], [], -1
        if card == NO_CARD or not s.living(card):
            events.append(Event("lost-turn", f"{pname(p)} reveals marker {k + 1}: the card has no figure left, "
                                "the turn is lost", p))
            s.stage = "end-turn"
            return
        s.active_card = card
        events.append(Event("turn", f"Round {s.round}, turn {k + 1}: {pname(p)} reveals {self.card(s, card).name}",
                            p, {"card": self.card(s, card).id}))
        s.stage = "move"

    def _over(self, s: SHState, events: list[Event]) -> bool:
        if s.over:
            return True
        standing = [p for p in range(s.num_players) if any(f.alive and f.spaces for f in s.figures if f.owner == p)]
        if s.round >= 1 and len(standing) <= 1:
            self._finish(s, events, "one army remains")
            return True
        return False

    def _finish(self, s: SHState, events: list[Event], why: str) -> None:
        s.over = True
        s.stage = "over"
        s.winner_by = why
        r = self._result(s)
        names = " and ".join(pname(w) for w in r.winners) or "nobody"
        events.append(Event("game-over", f"The game ends ({why}). {names} "
                            f"{'wins' if len(r.winners) == 1 else 'share the victory'}", None,
                            {"winners": list(r.winners), "scores": list(r.scores)}))

    def _result(self, s: SHState) -> Result:
        """The points of surviving army cards; the most wins (a tie is shared)."""
        scores = tuple(sum(self.card(s, c).points for c in s.cards_of(p) if s.living(c))
                       for p in range(s.num_players))
        best = max(scores)
        winners = tuple(p for p, v in enumerate(scores) if v == best and v > 0)
        return Result(scores, winners, min(s.round, s.max_rounds))

    # -- information ---------------------------------------------------------------------------
    def result(self, state: SHState) -> Result | None:
        return self._result(state) if state.over else None

    def view(self, state: SHState, player: int | None) -> dict[str, Any]:
        from .views import view

        return view(self, state, player)

    def determinize(self, state: SHState, player: int, rng: Rng) -> SHState:
        from .views import determinize

        return determinize(self, state, player, rng)

    def player_names(self, state: SHState) -> list[str]:
        return [pname(i) for i in range(state.num_players)]

    def turn_number(self, state: SHState) -> int:
        return state.round

    def heuristic(self, state: SHState, player: int) -> float:
        from .heuristics import evaluate

        return evaluate(self, state, player)

    def greedy_action(self, state: SHState, decision: Decision, rng: Rng) -> Action | None:
        from .heuristics import greedy_action

        return greedy_action(self, state, decision, rng)

    def balance_tags(self, state: SHState) -> list[list[str]]:
        """Per seat, its army cards; and each pair of cards that met in battle."""
        out = []
        for p in range(state.num_players):
            out.append([f"army:{self.card(state, c).name}" for c in state.cards_of(p)])
        return out


def _highest_d20(rng: Rng, players: list[int]) -> int:
    """Every player rolls the d20; ties for the highest roll again."""
    tied = players
    while len(tied) > 1:
        rolls = {p: rng.below(D20) + 1 for p in tied}
        best = max(rolls.values())
        tied = [p for p in tied if rolls[p] == best]
    return tied[0]


def _positive(opts: Mapping[str, str], key: str) -> int:
    value = opts[key]
    if not value.isdigit() or int(value) < 1:
        raise OptionError(f"option {key!r} must be a positive whole number, not {value!r}")
    return int(value)
