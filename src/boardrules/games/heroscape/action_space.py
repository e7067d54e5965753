"""The action space of Heroscape for learning programs (engine.spaces): every action the rules
can offer on one battlefield with one point limit, the same in every state.

Figures are named as the game names them (``finn``, ``marro-warriors-3``): a Common card can be
taken again, so its numbers run up to the most figures of that card the armies can hold, every
player spending the whole point limit on it. Routes to one destination are numbered up to
``MOST_ROUTES``."""

from __future__ import annotations

from ...engine.spaces import ActionSpace, ActionTemplate
from .battlefield import Battlefield
from .content import CHOMP, EXPLOSION, FIRE_LINE, GRENADE, MIND_SHACKLE, Content
from .hexes import DIRECTIONS
from .powers import SPECIAL_ATTACKS

MOST_ROUTES = 64  # the ways to one destination that no other way beats (never near this)


def figure_names(c: Content, num_players: int, points: int, power: str | None = None) -> tuple[str, ...]:
    """Every name a figure can have (of the cards with ``power``, if given)."""
    out: list[str] = []
    for card in c.cards:
        if power is not None and power not in card.powers:
            continue
        copies = 1 if card.rarity == "unique" else num_players * max(1, points // card.points)
        if card.figures == 1:
            out.append(card.id)
        if card.figures > 1 or copies > 1:
            out += [f"{card.id}-{k + 1}" for k in range(card.figures * copies)]
    return tuple(out)


def places(bf: Battlefield) -> tuple[str, ...]:
    """A space, or an ordered pair of adjacent spaces (a double-space figure: ``a1-a2``)."""
    names = bf.names
    return tuple(names) + tuple(f"{names[x]}-{names[y]}" for x in range(bf.size) for y in bf.adjacent[x])


def fire_lines(bf: Battlefield) -> tuple[str, ...]:
    """The (first space, last space) of every line a Fire Line Special Attack can take: up to
    its length straight out from any space, in each direction."""
    length = SPECIAL_ATTACKS[FIRE_LINE][0]
    seen: dict[str, None] = {}
    for q0, r0 in bf.coords:
        for dq, dr in DIRECTIONS:
            line = [x for k in range(1, length + 1) if (x := bf.index.get((q0 + k * dq, r0 + k * dr))) is not None]
            if line:
                seen[f"{bf.names[line[0]]} {bf.names[line[-1]]}"] = None
    return tuple(seen)


def action_space(c: Content, bf: Battlefield, num_players: int, points: int, key: str) -> ActionSpace:
    cards = tuple(card.id for card in c.cards)
    figures = figure_names(c, num_players, points)
    spaces = tuple(bf.names)
    templates = (
        ActionTemplate("take", (cards,)), ActionTemplate("done"),
        ActionTemplate("place", (places(bf),)),
        ActionTemplate("mark", (cards,)),
        ActionTemplate("move", (figures,)),
        ActionTemplate("to", (places(bf),)), ActionTemplate("stay"),
        ActionTemplate("route", (tuple(str(k + 1) for k in range(MOST_ROUTES)),)),
        ActionTemplate("attack", (figures, figures)),
        ActionTemplate("explode", (figure_names(c, num_players, points, EXPLOSION), figures)),
        ActionTemplate("grenade", (figure_names(c, num_players, points, GRENADE), figures)),
        ActionTemplate("chomp", (figure_names(c, num_players, points, CHOMP), figures)),
        ActionTemplate("shackle", (figure_names(c, num_players, points, MIND_SHACKLE), figures)),
        ActionTemplate("fire", (figure_names(c, num_players, points, FIRE_LINE), fire_lines(bf))),
        ActionTemplate("water-clone"),
        ActionTemplate("spirit", (cards,)),
        ActionTemplate("drop", (spaces,)),
        ActionTemplate("clone", (spaces,)), ActionTemplate("skip"),
    )
    # a power no card has offers no action
    return ActionSpace(key, (t for t in templates if all(t.slots)))
