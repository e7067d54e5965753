"""Heroscape, the Master Game, on the engine: armies, placement, rounds of order markers,
initiative and three turns each (reveal, move, attack), until one army remains or the round
limit is reached.

Between decisions the game runs every automatic step itself (initiative rolls, revealing a
marker, leaving-engagement attacks, falls); it stops whenever a player must choose.
"""

from __future__ import annotations

from collections.abc import Mapping
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
    shared_action,
)
from . import combat, powers
from .battlefield import Battlefield
from .content import Content, default_content
from .content_model import Card
from .engagement import adjacent
from .los import in_range
from .movement import Route, reachable
from .powers import (
    ARMOR_SPIRIT,
    ATTACK_SPIRIT,
    BERSERKER_CHARGE,
    CHOMP,
    DISENGAGE,
    DOUBLE_ATTACK,
    EXPLOSION,
    FIRE_LINE,
    FLYING,
    GHOST_WALK,
    GRAPPLE_GUN,
    GRENADE,
    MIND_SHACKLE,
    SPECIAL_ATTACKS,
    THE_DROP,
    THORIAN_SPEED,
    WATER_CLONE,
)
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
        cheapest = min(c.points for c in self.c.cards)
        if s.points < cheapest:
            raise OptionError(f"option 'points' must be at least {cheapest}, the cost of the cheapest army card")
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
            if n not in fields[wanted].players:
                raise OptionError(f"the battlefield {wanted!r} is laid out for "
                                  f"{' or '.join(map(str, fields[wanted].players))} players, not {n}")
            if len(fields[wanted].start) < n:
                raise OptionError(f"the battlefield {wanted!r} has start zones for {len(fields[wanted].start)} "
                                  f"players, not {n}")
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
        if s.names:
            return s.names[fig]  # the armies are complete: names are fixed
        cards = s.cards
        kind = cards[s.figures[fig].card][0]
        card = self.c.cards[kind]
        mates = [i for i, g in enumerate(s.figures) if cards[g.card][0] == kind]  # Common cards: all alike
        if card.figures == 1 and len(mates) == 1:
            return card.id
        return f"{card.id}-{mates.index(fig) + 1}"

    def fig_named(self, s: SHState, name: str) -> int | None:
        if s.names:
            return s.names.index(name) if name in s.names else None
        return next((i for i in range(len(s.figures)) if self.fig_name(s, i) == name), None)

    def place_name(self, s: SHState, spaces: tuple[int, ...]) -> str:
        names = self.c.battlefields[s.field].names
        return names[spaces[0]] if len(spaces) == 1 else f"{names[spaces[0]]}-{names[spaces[1]]}"

    # -- decisions -------------------------------------------------------------------------------
    def _decide(self, s: SHState) -> Decision:
        if s.pending:
            return self._pending_decision(s)
        stage = s.stage
        if stage == "army":
            p = s.picker[0]
            return Decision(p, f"Choose an army card ({self._points_left(s, p)} points left), or done",
                            tuple(self._army_actions(s, p)))
        if stage == "place":
            p = s.setup_order[0]
            fig = self._unplaced(s, p)[0]
            return Decision(p, f"Place {self.fig_name(s, fig)} in your start zone ({s.zones[p]})",
                            tuple(shared_action("place", self.place_name(s, sp)) for sp in self._placements(s, fig)))
        if stage == "markers":
            p = s.setup_order[0]
            k = s.markers[p].index(NO_CARD)
            return Decision(p, f"Put order marker {MARKERS[k].upper()} on one of your army cards (secret)",
                            tuple(shared_action("mark", self.card(s, c).id) for c in self._living_cards(s, p)))
        player = self.current(s)
        if stage == "move":
            acts = [shared_action("move", self.fig_name(s, f)) for f in self._movers(s)]
            return Decision(player, f"Move a figure of {self.card(s, s.active_card).name}, or done",
                            tuple(acts + [DONE]))
        if stage == "move-to":
            routes = self._routes(s, s.selected)
            s.routes = (s.selected, routes)
            acts = [shared_action("to", self.place_name(s, end)) for end in routes]
            return Decision(player, f"Where does {self.fig_name(s, s.selected)} go?", tuple(acts + [STAY]))
        if stage == "attack":
            return self._attack_decision(s, self._attack_actions(s))
        raise AssertionError(f"no decision in stage {stage}")

    def current(self, s: SHState) -> int:
        return s.order[s.turn_index % len(s.order)] if s.order else 0

    def _points_left(self, s: SHState, p: int) -> int:
        return s.points - sum(self.card(s, c).points for c in s.cards_of(p))

    def _army_actions(self, s: SHState, p: int) -> list[Action]:
        """Take an affordable card; done once the army has a card (an army is never empty)."""
        left = self._points_left(s, p)
        out = [shared_action("take", self.c.cards[c].id) for c in s.pool if self.c.cards[c].points <= left]
        return out + [DONE] if s.cards_of(p) or not out else out

    def _unplaced(self, s: SHState, p: int) -> list[int]:
        """The player's figures still to place in the start zone (The Drop's wait off it)."""
        return [i for i, f in enumerate(s.figures) if f.owner == p and f.alive and not f.spaces
                and THE_DROP not in self.fig_card(s, i).powers]

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

    def _active(self, s: SHState) -> list[int]:
        """The figures the revealed marker activates: those of its card; for a Common card, up to
        its number of figures among all the player's figures of that card's kind."""
        card = self.card(s, s.active_card)
        if card.rarity != "common":
            return s.living(s.active_card)
        owner = s.cards[s.active_card][1]
        kind = s.cards[s.active_card][0]
        same = [i for i, f in enumerate(s.figures)
                if f.alive and f.spaces and f.owner == owner and s.cards[f.card][0] == kind]
        used = set(s.moved) | set(s.attacked)
        return [i for i in same if i in used] if len(used) >= card.figures else same

    def _movers(self, s: SHState) -> list[int]:
        """The figures of the active card that have not moved this turn (one chosen that
        cannot go anywhere simply stays)."""
        return [f for f in self._active(s) if f not in s.moved]

    def _routes(self, s: SHState, fig: int) -> dict[tuple[int, ...], Route]:
        f = s.figures[fig]
        card = self.fig_card(s, fig)
        others = [(i, g) for i, g in enumerate(s.figures) if g.alive and g.spaces and i != fig]
        occupied = {x for _, g in others for x in g.spaces}
        bf = self.bf(s)
        blocked: set[int] = set()
        if GHOST_WALK not in card.powers:  # Ghost Walk: through all figures
            for i, g in others:
                if g.owner != f.owner or self._engaged(s, i):
                    blocked.update(g.spaces)  # never through enemies, nor friends that are engaged
        routes = reachable(bf, f.spaces, card.move, card.height, blocked=blocked, occupied=occupied,
                           flying=FLYING in card.powers)
        if GRAPPLE_GUN in card.powers:
            for end, route in powers.grapple_routes(self, s, fig, occupied).items():
                routes.setdefault(end, route)
        return routes

    def _height(self, s: SHState, fig: int) -> int:
        return self.fig_card(s, fig).height

    def engaged_with(self, s: SHState, fig: int, spaces: tuple[int, ...] | None = None) -> list[int]:
        """The enemy figures engaged with ``fig`` (standing on ``spaces`` if given)."""
        f = s.figures[fig]
        at = f.spaces if spaces is None else spaces
        bf = self.bf(s)
        around = set(bf.adjacent[at[0]]).union(*(bf.adjacent[x] for x in at[1:]))
        out = []
        for i, g in enumerate(s.figures):
            if g.owner != f.owner and g.alive and not around.isdisjoint(g.spaces) and adjacent(
                    bf, at, self._height(s, fig), g.spaces, self._height(s, i)):
                out.append(i)
        return out

    def _engaged(self, s: SHState, fig: int) -> bool:
        return bool(self.engaged_with(s, fig))

    def _targets(self, s: SHState, a: int, rng: int, *, sight: bool = True, normal: bool = True) -> list[int]:
        """The opponent's figures ``a`` may attack ("any figures in your opponent's Army that they
        can"): an engaged figure only those it is engaged with; otherwise any within ``rng``
        spaces with a clear line of sight (unless ``sight`` is not needed). Thorian Speed: a
        normal attack on Sgt. Drake Alexander must come from an adjacent figure."""
        engaged = self.engaged_with(s, a)
        if engaged:
            out = engaged
        else:
            bf = self.bf(s)
            fa = s.figures[a]
            out = [d for d, fd in enumerate(s.figures)
                   if fd.owner != fa.owner and fd.alive and fd.spaces and in_range(bf, fa.spaces, fd.spaces, rng)
                   and (not sight or powers.sight(self, s, a, d))]
        if normal:
            out = [d for d in out if THORIAN_SPEED not in self.fig_card(s, d).powers or powers.near(self, s, a, d)]
        return out

    def _attack_actions(self, s: SHState) -> list[Action]:
        """What the active card's figures may do in the attack step: normal attacks, special
        attacks, and the powers used "before attacking" or "instead of attacking"."""
        out: list[Action] = []
        card_no = s.active_card
        grenade_turn = "grenade" in s.used
        for a in self._active(s):
            card = self.fig_card(s, a)
            ps = card.powers
            uses = s.attacked.count(a)
            if uses >= (2 if DOUBLE_ATTACK in ps else 1):
                continue
            me = self.fig_name(s, a)
            if uses == 0:
                if CHOMP in ps and CHOMP not in s.used:
                    out += [shared_action("chomp", me, self.fig_name(s, d)) for d in self._chompable(s, a)]
                if MIND_SHACKLE in ps and MIND_SHACKLE not in s.used:
                    out += [shared_action("shackle", me, self.fig_name(s, d)) for d in self._shackleable(s, a)]
                if GRENADE in ps and (grenade_turn or (card_no not in s.grenades and not s.attacked)):
                    reach = SPECIAL_ATTACKS[GRENADE][0]
                    out += [shared_action("grenade", me, self.fig_name(s, d))
                            for d in self._targets(s, a, reach, sight=False, normal=False)]
                if EXPLOSION in ps:
                    reach = SPECIAL_ATTACKS[EXPLOSION][0]
                    out += [shared_action("explode", me, self.fig_name(s, d))
                            for d in self._targets(s, a, reach, normal=False)]
                if FIRE_LINE in ps:
                    bf = self.bf(s)
                    out += [shared_action("fire", me, bf.name_of(first), bf.name_of(last))
                            for first, last, _ in powers.fire_lines(self, s, a)]
            if not grenade_turn:
                out += [shared_action("attack", me, self.fig_name(s, d))
                        for d in self._targets(s, a, powers.attack_range(self, s, a))]
        if (WATER_CLONE in self.card(s, card_no).powers and not s.attacked and WATER_CLONE not in s.used
                and self._destroyed_mates(s, card_no)):
            out.append(Action("water-clone"))
        return out

    def _attack_decision(self, s: SHState, acts: list[Action]) -> Decision:
        return Decision(self.current(s), f"Attack with {self.card(s, s.active_card).name}, or done",
                        tuple(acts + [DONE]))

    def _chompable(self, s: SHState, a: int) -> list[int]:
        """Chomp: an adjacent Small or Medium figure (an opponent's)."""
        owner = s.figures[a].owner
        return [d for d, f in enumerate(s.figures) if f.alive and f.spaces and f.owner != owner
                and self.fig_card(s, d).size in ("small", "medium") and powers.near(self, s, a, d)]

    def _shackleable(self, s: SHState, a: int) -> list[int]:
        """Mind Shackle: an adjacent Unique figure (an opponent's)."""
        owner = s.figures[a].owner
        return [d for d, f in enumerate(s.figures) if f.alive and f.spaces and f.owner != owner
                and self.fig_card(s, d).rarity == "unique" and powers.near(self, s, a, d)]

    def _destroyed_mates(self, s: SHState, card_no: int) -> list[int]:
        return [i for i, f in enumerate(s.figures) if f.card == card_no and not f.alive]

    # -- questions a power raises ---------------------------------------------------------------
    def _pending_actions(self, s: SHState) -> list[Action]:
        kind, player, data = s.pending[0][0], s.pending[0][1], s.pending[0][2]
        if kind == "spirit":  # Warrior's Spirit: onto a Unique card the player controls
            return [shared_action("spirit", self.card(s, c).id) for c in s.cards_of(player)
                    if s.surviving(c) and self.card(s, c).rarity == "unique"]
        bf = self.bf(s)
        if kind == "drop":
            if not s.figures[data].alive or s.figures[data].spaces:
                return []
            return [shared_action("drop", bf.name_of(x)) for x in powers.drop_spaces(self, s)]
        if kind == "clone":  # data: the Marro Warrior that rolled
            if not s.figures[data].alive or not s.figures[data].spaces or not self._destroyed_mates(s, s.figures[data].card):
                return []
            spaces = powers.clone_spaces(self, s, data)
            return [shared_action("clone", bf.name_of(x)) for x in spaces] + [Action("skip")] if spaces else []
        raise AssertionError(f"unknown question {kind}")

    def _pending_decision(self, s: SHState) -> Decision:
        kind, player, data = s.pending[0][0], s.pending[0][1], s.pending[0][2]
        acts = tuple(self._pending_actions(s))
        if kind == "spirit":
            which = "Attack" if data == ATTACK_SPIRIT else "Armor"
            return Decision(player, f"Place the Warrior's {which} Spirit on one of your Unique army cards", acts)
        if kind == "drop":
            return Decision(player, f"The Drop: place {self.fig_name(s, data)} on an empty space, "
                            "not adjacent to any figure", acts)
        return Decision(player, f"Water Clone: place a destroyed Marro Warrior next to {self.fig_name(s, data)}", acts)

    def _answer(self, s: SHState, a: Action, events: list[Event]) -> None:
        kind, player, data = s.pending.pop(0)
        if kind == "spirit":
            c = next(c for c in s.cards_of(player) if self.card(s, c).id == a.args[0])
            bonus = s.spirit_attack if data == ATTACK_SPIRIT else s.spirit_defense
            bonus[c] += 1
            what = "attack" if data == ATTACK_SPIRIT else "defence"
            events.append(Event("spirit", f"{pname(player)} places the Warrior's Spirit on {self.card(s, c).name}: "
                                f"+1 {what}", player, {"card": self.card(s, c).id}))
            return
        bf = self.bf(s)
        if kind == "drop":
            s.figures[data].spaces = (bf.space_named(a.args[0]),)  # type: ignore[assignment]
            events.append(Event("drop", f"{self.fig_name(s, data)} drops onto {a.args[0]}", player))
            return
        if a.name == "clone":
            back = self._destroyed_mates(s, s.figures[data].card)[0]
            f = s.figures[back]
            f.alive, f.wounds, f.spaces = True, 0, (bf.space_named(a.args[0]),)  # type: ignore[assignment]
            events.append(Event("clone", f"{self.fig_name(s, back)} returns by Water Clone onto {a.args[0]}", player))

    # -- applying actions ----------------------------------------------------------------------
    def _apply(self, s: SHState, a: Action, events: list[Event]) -> None:
        if s.pending:
            self._answer(s, a, events)
            return
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
                self._end_moves(s, events)
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
                bf = self.bf(s)
                end = tuple(bf.space_named(x) for x in a.args[0].split("-"))
                self._move(s, fig, routes[end], events)  # type: ignore[index]
            return
        if stage == "attack":
            if name == "done":
                s.stage = "end-turn"
            elif name == "water-clone":
                self._water_clone(s, events)
            elif name == "fire":
                mimring = self.fig_named(s, a.args[0])
                assert mimring is not None
                bf = self.bf(s)
                hit = next(h for first, last, h in powers.fire_lines(self, s, mimring)
                           if (bf.name_of(first), bf.name_of(last)) == a.args[1:])
                self._special_attack(s, mimring, FIRE_LINE, hit, events)
            else:
                att, dfd = self.fig_named(s, a.args[0]), self.fig_named(s, a.args[1])
                assert att is not None and dfd is not None
                if name == "attack":
                    self._attack(s, att, dfd, events)
                elif name == "chomp":
                    self._chomp(s, att, dfd, events)
                elif name == "shackle":
                    self._shackle(s, att, dfd, events)
                elif name == "grenade":
                    if "grenade" not in s.used:
                        s.used.append("grenade")
                        s.grenades.append(s.active_card)  # the grenade marker is used up
                    self._special_attack(s, att, GRENADE, powers.blast(self, s, dfd), events, target=dfd)
                else:
                    self._special_attack(s, att, EXPLOSION, powers.blast(self, s, dfd), events, target=dfd)

    def _take(self, s: SHState, p: int, content_card: int, events: list[Event]) -> None:
        """Take an army card: a Unique card leaves the pool, a Common one may be taken again."""
        if self.c.cards[content_card].rarity == "unique":
            s.pool.remove(content_card)
        s.cards.append([content_card, p])
        s.first_owner.append(p)
        s.spirit_attack.append(0)
        s.spirit_defense.append(0)
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
        s.walked = True
        if DISENGAGE not in card.powers:
            engaged = set(self.engaged_with(s, fig, start))
            if FLYING in card.powers:
                # a flying figure engaged when it takes off takes every leaving-engagement attack
                for enemy in sorted(engaged):
                    self._leave_attack(s, enemy, fig, events)
                    if not f.alive:
                        return
            else:  # the spaces it stands on along the way (the follower trails the leader)
                for at in self._positions(start, route)[1:]:
                    now = set(self.engaged_with(s, fig, at))
                    for enemy in sorted(engaged - now):
                        self._leave_attack(s, enemy, fig, events)
                        if not f.alive:
                            return
                    engaged = now
        f.spaces = route.end
        dice = 0 if FLYING in card.powers else combat.fall_dice(route.drop, card.height, bf.water[route.end[0]])
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
        """A normal attack: attack dice for skulls, defence dice for shields, the difference in
        wounds (with every power that changes them)."""
        a_dice = powers.attack_dice(self, s, att, dfd)
        d_dice = powers.defense_dice(self, s, att, dfd, special=False)
        s.attacked.append(att)
        s.targets.append(dfd)
        skulls, _ = combat.roll(s.rng, a_dice, "skull")
        shields, _ = combat.roll(s.rng, d_dice, "shield")
        events.append(Event("attack", f"{self.fig_name(s, att)} attacks {self.fig_name(s, dfd)}: {skulls} skull(s) "
                            f"against {shields} shield(s)", s.figures[att].owner,
                            {"attacker": self.fig_name(s, att), "target": self.fig_name(s, dfd), "skulls": skulls,
                             "shields": shields, "dice": [a_dice, d_dice]}))
        back = powers.counter_strike(self, s, att, dfd, skulls, shields)
        self._wound(s, dfd, powers.wounds(self, s, att, dfd, skulls, shields), events)
        if back:
            events.append(Event("counter-strike", f"{self.fig_name(s, dfd)} strikes back: {back} unblockable "
                                "wound(s)", s.figures[dfd].owner))
            self._wound(s, att, back, events)

    def _special_attack(self, s: SHState, att: int, power: str, affected: list[int], events: list[Event],
                        target: int = -1) -> None:
        """A special attack: one attack roll for every figure it affects, each defending on its
        own; height gives no extra die to either side."""
        dice = SPECIAL_ATTACKS[power][1]
        name = power.replace("-special-attack", "").replace("-", " ").title()
        s.attacked.append(att)
        s.targets.append(target)
        skulls, _ = combat.roll(s.rng, dice, "skull")
        events.append(Event("special-attack", f"{self.fig_name(s, att)}: {name} Special Attack, {skulls} skull(s) "
                            f"against {', '.join(self.fig_name(s, d) for d in affected)}", s.figures[att].owner,
                            {"attacker": self.fig_name(s, att), "power": power, "skulls": skulls,
                             "affected": [self.fig_name(s, d) for d in affected]}))
        for d in affected:
            if not s.figures[d].alive or not s.figures[d].spaces:
                continue
            d_dice = powers.defense_dice(self, s, att, d, special=True)
            shields, _ = combat.roll(s.rng, d_dice, "shield")
            events.append(Event("defend", f"{self.fig_name(s, d)} rolls {shields} shield(s)", s.figures[d].owner,
                                {"figure": self.fig_name(s, d), "dice": d_dice, "shields": shields}))
            self._wound(s, d, powers.wounds(self, s, att, d, skulls, shields), events)

    def _chomp(self, s: SHState, att: int, dfd: int, events: list[Event]) -> None:
        """Chomp: a Squad figure is destroyed; a Hero on a d20 of 16 or more."""
        s.used.append(CHOMP)
        if self.fig_card(s, dfd).kind == "squad":
            events.append(Event("chomp", f"{self.fig_name(s, att)} chomps {self.fig_name(s, dfd)}", s.figures[att].owner))
            self._destroy(s, dfd, events)
            return
        roll = s.rng.below(D20) + 1
        events.append(Event("chomp", f"{self.fig_name(s, att)} tries to chomp {self.fig_name(s, dfd)}: d20 {roll}"
                            f"{' (16 or more)' if roll >= powers.CHOMP_HERO_ROLL else ''}", s.figures[att].owner))
        if roll >= powers.CHOMP_HERO_ROLL:
            self._destroy(s, dfd, events)

    def _shackle(self, s: SHState, att: int, dfd: int, events: list[Event]) -> None:
        """Mind Shackle: on a d20 of 20, take control of the chosen figure's army card; order
        markers on it are removed."""
        s.used.append(MIND_SHACKLE)
        p = s.figures[att].owner
        roll = s.rng.below(D20) + 1
        card = s.figures[dfd].card
        events.append(Event("mind-shackle", f"{self.fig_name(s, att)} tries to Mind Shackle {self.fig_name(s, dfd)}: "
                            f"d20 {roll}", p))
        if roll < powers.SHACKLE_ROLL:
            return
        old = s.cards[card][1]
        s.cards[card][1] = p
        for f in s.figures:
            if f.card == card:
                f.owner = p
        for k, c in enumerate(s.markers[old]):
            if c == card and not s.revealed[old][k]:
                s.markers[old][k] = NO_CARD
        events.append(Event("control", f"{pname(p)} takes control of {self.card(s, card).name}", p,
                            {"card": self.card(s, card).id}))

    def _water_clone(self, s: SHState, events: list[Event]) -> None:
        """Water Clone, instead of attacking: a d20 for each Marro Warrior on the battlefield; each
        15 or more (10 or more on water) may bring back a destroyed one beside it."""
        s.used.append(WATER_CLONE)
        bf = self.bf(s)
        p = self.current(s)
        for w in s.living(s.active_card):
            roll = s.rng.below(D20) + 1
            need = powers.CLONE_ROLL_ON_WATER if bf.water[s.figures[w].spaces[0]] else powers.CLONE_ROLL
            events.append(Event("water-clone", f"{self.fig_name(s, w)} rolls {roll} for Water Clone "
                                f"({need} needed)", p))
            if roll >= need:
                s.pending.append(["clone", p, w])
        s.stage = "end-turn"

    def _end_moves(self, s: SHState, events: list[Event]) -> None:
        """After moving: Berserker Charge (a d20 of 15 or more: all may move again)."""
        s.stage = "attack"
        if BERSERKER_CHARGE in self.card(s, s.active_card).powers and s.walked:
            s.walked = False
            roll = s.rng.below(D20) + 1
            charge = roll >= powers.CHARGE_ROLL
            events.append(Event("berserker-charge", f"Berserker Charge: d20 {roll}"
                                f"{', they may all move again' if charge else ''}", self.current(s)))
            if charge:
                s.moved = []
                s.stage = "move"

    def _wound(self, s: SHState, fig: int, wounds: int, events: list[Event]) -> None:
        if wounds <= 0:
            return
        f = s.figures[fig]
        card = self.fig_card(s, fig)
        f.wounds += wounds
        if f.wounds >= card.life:
            self._destroy(s, fig, events)
        else:
            events.append(Event("wound", f"{self.fig_name(s, fig)} takes {wounds} wound(s) "
                                f"({f.wounds} of {card.life})", f.owner))

    def _destroy(self, s: SHState, fig: int, events: list[Event]) -> None:
        """The figure leaves the battlefield; a Warrior's Spirit asks its player for a card."""
        f = s.figures[fig]
        f.alive = False
        f.spaces = ()
        events.append(Event("destroyed", f"{self.fig_name(s, fig)} is destroyed", f.owner,
                            {"figure": self.fig_name(s, fig)}))
        if not s.living(f.card) and f.card not in s.destroyed_cards:
            s.destroyed_cards.append(f.card)
        for spirit in (ATTACK_SPIRIT, ARMOR_SPIRIT):
            if spirit in self.fig_card(s, fig).powers:
                s.pending.append(["spirit", f.owner, spirit])

    # -- the automatic steps ---------------------------------------------------------------------
    def _advance(self, s: SHState, events: list[Event]) -> None:
        while not s.over:
            if s.pending:
                if self._pending_actions(s):
                    return
                kind, player, _ = s.pending.pop(0)  # a question with no possible answer lapses
                events.append(Event("lapse", f"{pname(player)}: no place for the {kind}", player))
                continue
            stage = s.stage
            if stage == "army":
                while s.picker and (s.passed[s.picker[0]] or self._army_actions(s, s.picker[0])[0] == DONE):
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
                self._end_moves(s, events)
            elif stage == "move-to":
                return
            elif stage == "attack":
                if self._over(s, events):
                    return
                acts = self._attack_actions(s)
                if acts:
                    s.cached = self._attack_decision(s, acts)
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
        s.names = tuple(self.fig_name(s, i) for i in range(len(s.figures)))
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
        s.setup_order = [p for p in range(s.num_players) if self._surviving_cards(s, p)]
        s.stage = "markers"
        self._the_drop(s, events)

    def _the_drop(self, s: SHState, events: list[Event]) -> None:
        """The Drop: at the start of each round, before order markers, a d20 for each card whose
        figures wait off the battlefield; 13 or more: place them all."""
        for c, (_, owner) in enumerate(s.cards):
            waiting = [i for i, f in enumerate(s.figures) if f.card == c and f.alive and not f.spaces]
            if not waiting or THE_DROP not in self.card(s, c).powers:
                continue
            roll = s.rng.below(D20) + 1
            drop = roll >= powers.DROP_ROLL
            events.append(Event("the-drop", f"The Drop ({self.card(s, c).name}): d20 {roll}"
                                f"{', they drop onto the battlefield' if drop else ''}", owner))
            if drop:
                s.pending += [["drop", owner, i] for i in waiting]

    def _surviving_cards(self, s: SHState, p: int) -> list[int]:
        return [c for c in s.cards_of(p) if s.surviving(c)]

    def _initiative(self, s: SHState, events: list[Event]) -> None:
        """Every player rolls the d20; ties for the highest roll again; play passes to the left."""
        players = [p for p in range(s.num_players) if self._surviving_cards(s, p)]
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
        s.moved, s.attacked, s.targets, s.used, s.selected, s.walked = [], [], [], [], -1, False
        s.active_card = card
        if card == NO_CARD or not self._active(s):
            events.append(Event("lost-turn", f"{pname(p)} reveals marker {k + 1}: no figure to activate, "
                                "the turn is lost", p))
            s.stage = "end-turn"
            return
        events.append(Event("turn", f"Round {s.round}, turn {k + 1}: {pname(p)} reveals {self.card(s, card).name}",
                            p, {"card": self.card(s, card).id}))
        s.stage = "move"

    def _over(self, s: SHState, events: list[Event]) -> bool:
        if s.over:
            return True
        standing = {f.owner for f in s.figures if f.alive}  # on the battlefield, or waiting to drop
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
        scores = tuple(sum(self.card(s, c).points for c in s.cards_of(p) if s.surviving(c))
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
        """Per seat, the army cards it drafted, their Generals, and each pairing of one of its
        army cards with an opponent's (``pairing:Syvarris vs Mimring``)."""
        drafted = [[self.card(state, c) for c, first in enumerate(state.first_owner) if first == p]
                   for p in range(state.num_players)]
        out = []
        for p, cards in enumerate(drafted):
            tags = [f"army:{c.name}" for c in cards]
            tags += [f"general:{g}" for g in sorted({c.general for c in cards})]
            theirs = sorted({c.name for q, other in enumerate(drafted) if q != p for c in other})
            tags += [f"pairing:{mine} vs {other}" for mine in sorted({c.name for c in cards}) for other in theirs]
            out.append(tags)
        return out

    def explain_illegal(self, state: SHState, action: Action) -> tuple[str, str]:
        from .explain import explain

        return explain(self, state, action)

    def render(self, state: SHState, player: int | None) -> Any:
        from .render import render

        return render(self, state, player)


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
