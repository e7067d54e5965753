"""The one door to battles: ``fight``. The battle rules (melee and ranged lines, phases 1 to 10,
the die against Defense, stack attacks, swatting, swarm, protect, towns under siege...) are
helper H4B's module ``battle.py``, written at the same time; the next stage wires it in here.

Until then ``fight`` returns a documented placeholder result (docs/heroes-iv/coverage.md): each
side's strength is the sum of attack + defense + level of its cards, and a defended Town adds its
Defense to the defender's; the aggressor wins only with the greater strength (a tie holds for the
defender); the losing side loses every card and the winner none. It draws no randomness, so wiring the real battle in changes no other rule."""

from __future__ import annotations

from dataclasses import dataclass

from .content import Content
from .content_model import Hero, Unit


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a battle: the seat that decides for it (a Guard Stack's controller, which the
    excerpt names), the seat whose cards they are (-1 for a Guard Stack, which belongs to no
    one), and its cards, top first."""

    controller: int
    owner: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    aggressor_won: bool
    aggressor_left: tuple[str, ...]  # the cards still standing, top first
    defender_left: tuple[str, ...]


def strength(c: Content, cards: tuple[str, ...]) -> int:
    total = 0
    for k in cards:
        x = c.card(k)
        if isinstance(x, Hero | Unit):
            total += x.attack + x.defense + x.level
    return total


def fight(c: Content, aggressor: Side, defender: Side, town: str = "") -> Outcome:
    """The battle between the moving stack (the Aggressor) and what holds the space (``town``: the
    Town card besieged, "" for none). Placeholder until battle.py is wired in (see above)."""
    walls = c.card(town).defense if town else 0  # type: ignore[union-attr]
    if strength(c, aggressor.cards) > strength(c, defender.cards) + walls:
        return Outcome(True, aggressor.cards, ())
    return Outcome(False, (), defender.cards)
