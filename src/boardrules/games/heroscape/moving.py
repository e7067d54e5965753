"""Action 2: move the figures on the army card (the rulebook excerpt; facts 3.4-3.6): which
figures may still move, where each may go (``movement.reachable`` with the figures in the
way, Ghost Walk, Flying, Grapple Gun), leaving-engagement attacks on the way, falls, and
Berserker Charge after moving."""

from __future__ import annotations

from ...engine import Event
from . import combat, powers
from .content import DISENGAGE, FLYING, GHOST_WALK, GRAPPLE_GUN
from .figures import Figures
from .movement import Route, reachable
from .state import SHState


def movers(q: Figures, s: SHState) -> list[int]:
    """The figures of the active card that have not moved this turn (one chosen that
    cannot go anywhere simply stays)."""
    return [f for f in q.active(s) if f not in s.moved]


def routes(q: Figures, s: SHState, fig: int) -> dict[tuple[int, ...], Route]:
    """Where the figure may end its move, and how it gets there."""
    f = s.figures[fig]
    card = q.fig_card(s, fig)
    others = [(i, g) for i, g in enumerate(s.figures) if g.alive and g.spaces and i != fig]
    occupied = {x for _, g in others for x in g.spaces}
    bf = q.bf(s)
    blocked: set[int] = set()
    if GHOST_WALK not in card.powers:  # Ghost Walk: through all figures
        for i, g in others:
            if g.owner != f.owner or q.engaged(s, i):
                blocked.update(g.spaces)  # never through enemies, nor friends that are engaged
    out = reachable(bf, f.spaces, card.move, card.height, blocked=blocked, occupied=occupied,
                    flying=FLYING in card.powers)
    if GRAPPLE_GUN in card.powers:
        for end, route in powers.grapple_routes(q, s, fig, occupied).items():
            out.setdefault(end, route)
    return out


def move(q: Figures, s: SHState, fig: int, route: Route, events: list[Event]) -> None:
    """Move along the route: leaving-engagement attacks where the figure steps away from an
    engaged enemy, then a fall if a step dropped at least its Height."""
    f = s.figures[fig]
    bf = q.bf(s)
    card = q.fig_card(s, fig)
    start = f.spaces
    events.append(Event("move", f"{q.fig_name(s, fig)} moves to {q.place_name(s, route.end)} "
                        f"({route.cost} space(s))", f.owner, {"figure": q.fig_name(s, fig), "cost": route.cost}))
    s.walked = True
    if DISENGAGE not in card.powers:
        engaged = set(q.engaged_with(s, fig, start))
        if FLYING in card.powers:
            # a flying figure engaged when it takes off takes every leaving-engagement attack
            for enemy in sorted(engaged):
                leave_attack(q, s, enemy, fig, events)
                if not f.alive:
                    return
        else:  # the spaces it stands on along the way (the follower trails the leader)
            for at in positions(start, route)[1:]:
                now = set(q.engaged_with(s, fig, at))
                for enemy in sorted(engaged - now):
                    leave_attack(q, s, enemy, fig, events)
                    if not f.alive:
                        return
                engaged = now
    f.spaces = route.end
    dice = 0 if FLYING in card.powers else combat.fall_dice(route.drop, card.height, bf.water[route.end[0]])
    if dice:
        skulls, _ = combat.roll(s.rng, dice, "skull")
        events.append(Event("fall", f"{q.fig_name(s, fig)} falls ({dice} die): {skulls} wound(s)", f.owner))
        combat.wound(q, s, fig, skulls, events)


def positions(start: tuple[int, ...], route: Route) -> list[tuple[int, ...]]:
    """The spaces the figure stands on at each step of the route."""
    path = route.path
    if len(start) == 1:
        return [(x,) for x in path]
    out = [start]
    for i in range(1, len(path)):
        out.append((path[i], path[i - 1]))
    return out


def leave_attack(q: Figures, s: SHState, enemy: int, fig: int, events: list[Event]) -> None:
    """Leaving engagement: the enemy's controller rolls 1 attack die; each skull is a
    wound; the mover does not defend."""
    skulls, _ = combat.roll(s.rng, 1, "skull")
    events.append(Event("leave", f"{q.fig_name(s, fig)} leaves {q.fig_name(s, enemy)}: "
                        f"{'a wound' if skulls else 'no wound'}", s.figures[enemy].owner))
    combat.wound(q, s, fig, skulls, events)


def end_moves(q: Figures, s: SHState, events: list[Event]) -> None:
    """After moving: the attack step, unless Berserker Charge lets them all move again."""
    s.stage = "attack"
    powers.berserker_charge(q, s, events)
