"""Action 2: move the figures on the army card (the rulebook excerpt; facts 3.4-3.6): which
figures may still move, where each may go (``movement.reachable`` with the figures in the
way, Ghost Walk, Flying, Grapple Gun), leaving-engagement attacks on the way, falls, and
Berserker Charge after moving."""

from __future__ import annotations

from ...engine import Event
from . import combat, powers
from .content import DISENGAGE, FLYING, GHOST_WALK, GRAPPLE_GUN
from .figures import Figures
from .movement import Reach, Route, near_enemies, reachable
from .state import SHState


def movers(q: Figures, s: SHState) -> list[int]:
    """The figures of the active card that have not moved this turn (one chosen that
    cannot go anywhere simply stays)."""
    return [f for f in q.active(s) if f not in s.moved]


def routes(q: Figures, s: SHState, fig: int) -> Reach:
    """Where the figure may end its move, and the ways there that differ in what they cost it
    (move spaces, leaving-engagement attacks, falls), cheapest first (the ways to a destination
    are put together when it is looked up)."""
    f = s.figures[fig]
    card = q.fig_card(s, fig)
    others = [(i, g) for i, g in enumerate(s.figures) if g.alive and g.spaces and i != fig]
    occupied = {x for _, g in others for x in g.spaces}
    bf = q.bf(s)
    blocked: set[int] = set()
    if GHOST_WALK not in card.powers:  # Ghost Walk: through all figures
        adjacent = bf.adjacent  # a friend is engaged only next to an enemy: the others need no check
        by_enemies = {x for _, g in others if g.owner != f.owner for y in g.spaces for x in adjacent[y]}
        for i, g in others:
            if g.owner != f.owner or (not by_enemies.isdisjoint(g.spaces) and q.engaged(s, i)):
                blocked.update(g.spaces)  # never through enemies, nor friends that are engaged
    near = None if DISENGAGE in card.powers else near_enemies(
        bf, card.height, [(i, g.spaces, q.fig_card(s, i).height) for i, g in others if g.owner != f.owner])
    out = reachable(bf, f.spaces, card.move, card.height, blocked=blocked, occupied=occupied,
                    flying=FLYING in card.powers, near=near)
    if GRAPPLE_GUN in card.powers:
        out.add(powers.grapple_routes(q, s, fig, occupied, near or {}))
    return out


def describe(q: Figures, s: SHState, route: Route, flier: bool = False) -> str:
    """What a route costs the figure, in words: ``5 spaces, a leaving attack from finn, no fall``
    (and, for a figure that can fly, whether it flies or walks)."""
    left = (f"leaving attacks from {', '.join(q.fig_name(s, e) for e in route.leaves)}" if len(route.leaves) > 1
            else f"a leaving attack from {q.fig_name(s, route.leaves[0])}" if route.leaves else "no leaving attack")
    fall = {0: "no fall", 1: "a major fall (1 die)"}.get(route.fall, f"an extreme fall ({route.fall} dice)")
    how = (" flying" if route.flown else " walking") if flier else ""
    return f"{route.cost} space{'s' if route.cost != 1 else ''}{how}, {left}, {fall}"


def move(q: Figures, s: SHState, fig: int, route: Route, events: list[Event]) -> None:
    """Move along the route: a leaving-engagement attack from each enemy it leaves on the way,
    then the fall dice of its drops, if any."""
    f = s.figures[fig]
    events.append(Event("move", f"{q.fig_name(s, fig)} moves to {q.place_name(s, route.end)} "
                        f"({describe(q, s, route, FLYING in q.fig_card(s, fig).powers)})", f.owner,
                        {"figure": q.fig_name(s, fig), "cost": route.cost, "flown": route.flown,
                         "leaves": [q.fig_name(s, e) for e in route.leaves], "fall": route.fall}))
    s.walked = True
    for enemy in route.leaves:
        leave_attack(q, s, enemy, fig, events)
        if not f.alive:
            return
    f.spaces = route.end
    if route.fall:
        skulls, _ = combat.roll(s.rng, route.fall, "skull")
        events.append(Event("fall", f"{q.fig_name(s, fig)} falls ({route.fall} {'die' if route.fall == 1 else 'dice'}): "
                            f"{skulls} {'wound' if skulls == 1 else 'wounds'}", f.owner))
        combat.wound(q, s, fig, skulls, events)


def leave_attack(q: Figures, s: SHState, enemy: int, fig: int, events: list[Event]) -> None:
    """Leaving engagement: the enemy's controller rolls 1 attack die; each skull is a
    wound; the mover does not defend."""
    skulls, _ = combat.roll(s.rng, 1, "skull")
    events.append(Event("leave", f"{q.fig_name(s, fig)} leaves {q.fig_name(s, enemy)}: 1 attack die, "
                        f"{'a skull: a wound' if skulls else 'no skull'}", s.figures[enemy].owner))
    combat.wound(q, s, fig, skulls, events)


def end_moves(q: Figures, s: SHState, events: list[Event]) -> None:
    """After moving: the attack step, unless Berserker Charge lets them all move again."""
    s.stage = "attack"
    powers.berserker_charge(q, s, events)
