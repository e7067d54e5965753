"""Dice and damage (facts 3.5, 3.7): the combat die, height advantage, attacks, falls and
leaving-engagement attacks."""

from __future__ import annotations

from ...engine import Rng

# the combat die: three skulls, two shields, one blank
DIE = ("skull", "skull", "skull", "shield", "shield", "blank")


def roll(rng: Rng, dice: int, face: str) -> tuple[int, list[str]]:
    """Roll ``dice`` combat dice; how many show ``face``, and every face rolled."""
    faces = [DIE[rng.below(6)] for _ in range(max(dice, 0))]
    return sum(1 for f in faces if f == face), faces


def height_advantage(attacker_level: int, defender_level: int) -> tuple[int, int]:
    """+1 die for the figure whose base is higher: (extra attack dice, extra defence dice)."""
    if attacker_level > defender_level:
        return 1, 0
    if defender_level > attacker_level:
        return 0, 1
    return 0, 0


def fall_dice(drop: int, height: int, into_water: bool) -> int:
    """A drop of at least the figure's Height in one step is a major fall (1 die); at least
    Height + 10, an extreme fall (2 dice); none when landing in water."""
    if into_water or drop < height:
        return 0
    return 2 if drop >= height + 10 else 1
