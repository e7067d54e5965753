"""Elements: how efficient an attack is against resistances, and a block against an attack.

Rulebook excerpt, ENEMY TOKEN ABILITIES ("Physical/Fire/Ice Resistance", "Both Fire and Ice
Resistance", "Fire/Ice/Cold Fire Attack", "Swift"); facts 4.2: inefficient values are summed,
halved once, rounded down, then added to the efficient ones.
"""

from __future__ import annotations

from collections.abc import Iterable

PHYSICAL, FIRE, ICE, COLD_FIRE = "physical", "fire", "ice", "cold-fire"

# The block elements that are efficient against each attack element (Fire/Ice/Cold Fire Attack).
EFFICIENT_BLOCKS = {
    PHYSICAL: frozenset((PHYSICAL, FIRE, ICE, COLD_FIRE)),
    FIRE: frozenset((ICE, COLD_FIRE)),
    ICE: frozenset((FIRE, COLD_FIRE)),
    COLD_FIRE: frozenset((COLD_FIRE,)),
}


def resists(resistances: Iterable[str], element: str) -> bool:
    """Whether these resistances make an attack of ``element`` inefficient: Physical, Fire and
    Ice Resistance each their element; Cold Fire only with both Fire and Ice Resistance."""
    r = set(resistances)
    if element == COLD_FIRE:
        return FIRE in r and ICE in r
    return element in r


def attack_total(points: Iterable[tuple[str, int]], targets: Iterable[Iterable[str]]) -> int:
    """The value of an attack made of ``(element, value)`` points against targets with these
    resistances. In a group attack one resistant target makes that element inefficient for the
    whole attack."""
    target_res = [tuple(r) for r in targets]
    efficient = inefficient = 0
    for element, value in points:
        if any(resists(r, element) for r in target_res):
            inefficient += value
        else:
            efficient += value
    return efficient + inefficient // 2


def block_total(points: Iterable[tuple[str, int, bool]], attack_element: str, swift: bool) -> int:
    """The value of a block made of ``(element, value, counts_double_vs_swift)`` points against
    an attack of ``attack_element``: blocks of an element that is not efficient against it are
    summed and halved. A point that "counts twice against Swift" is doubled first."""
    good = EFFICIENT_BLOCKS[attack_element]
    efficient = inefficient = 0
    for element, value, swift_double in points:
        if swift and swift_double:
            value *= 2
        if element in good:
            efficient += value
        else:
            inefficient += value
    return efficient + inefficient // 2


def block_needed(attack: int, swift: bool) -> int:
    """Swift: to block this enemy, you need twice as much Block as its Attack value."""
    return attack * 2 if swift else attack
