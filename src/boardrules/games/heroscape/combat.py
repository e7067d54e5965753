"""Dice and damage (facts 3.5, 3.7): the combat die, height advantage, falls, wounds and
destroyed figures."""

from __future__ import annotations

from ...engine import Event, Rng
from .content import ARMOR_SPIRIT, ATTACK_SPIRIT
from .figures import Figures
from .state import SHState

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


def wound(q: Figures, s: SHState, fig: int, wounds: int, events: list[Event]) -> None:
    """Wounds on a figure; as many as its Life destroy it."""
    if wounds <= 0:
        return
    f = s.figures[fig]
    card = q.fig_card(s, fig)
    f.wounds += wounds
    if f.wounds >= card.life:
        destroy(q, s, fig, events)
    else:
        events.append(Event("wound", f"{q.fig_name(s, fig)} takes {wounds} {'wound' if wounds == 1 else 'wounds'} "
                            f"({f.wounds} of {card.life})", f.owner))


def destroy(q: Figures, s: SHState, fig: int, events: list[Event]) -> None:
    """The figure leaves the battlefield; a Warrior's Spirit asks its player for a card."""
    f = s.figures[fig]
    f.alive = False
    f.spaces = ()
    events.append(Event("destroyed", f"{q.fig_name(s, fig)} is destroyed", f.owner,
                        {"figure": q.fig_name(s, fig)}))
    if not s.living(f.card) and f.card not in s.destroyed_cards:
        s.destroyed_cards.append(f.card)
    for spirit in (ATTACK_SPIRIT, ARMOR_SPIRIT):
        if spirit in q.fig_card(s, fig).powers:
            s.pending.append(["spirit", f.owner, spirit])


def d20(rng: Rng) -> int:
    """One roll of the 20-sided die: 1 to 20."""
    return rng.below(20) + 1


def highest_d20(rng: Rng, players: list[int]) -> tuple[int, list[dict[int, int]]]:
    """Every player rolls the d20; ties for the highest roll again. The winner, and each
    round's rolls by player (for the event that tells them)."""
    tied = players
    rounds = []
    while len(tied) > 1:
        rolls = {p: d20(rng) for p in tied}
        rounds.append(rolls)
        best = max(rolls.values())
        tied = [p for p in tied if rolls[p] == best]
    return tied[0], rounds
