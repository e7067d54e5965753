"""The combat round (facts 5.6 Combat round, Morale): a new round from phase 1, the steps with
nothing to choose (the next phase, the next side, a short Melee Line, the end of a round), who
may withdraw or surrender, the end of the battle and the outcome the map game reads back."""

from __future__ import annotations

from typing import Any

from ...engine import Event
from .battle_actions import line_minimum, ready
from .battle_rules import roll_die
from .battle_state import PHASES, SIDE_NAMES, Battle


def may_choose(b: Battle, side: int) -> bool:
    """A Guard Stack belongs to nobody: it neither withdraws nor surrenders (ours)."""
    return not b.sides[side].guard


def start_round(b: Battle, events: list[Event], new: bool = False) -> None:
    """A new round from phase 1. Support not used lapses. Morale (option): if any card in the
    battle has a Morale other than 0, the die rolled now is the Morale Number; a top card with
    a higher Morale attacks twice this round, one whose negative Morale is larger in size does
    not attack."""
    if new:
        b.round += 1
    b.phase, b.acting, b.step = 1, 0, "attack"
    stacks = [s for side in b.sides for s in side.stacks if s.cards]
    for s in stacks:
        s.attacks_left, s.support = 1, []
    if b.morale and any(c.morale for s in stacks for c in s.cards):
        b.morale_number = roll_die(b.rng)
        twice, none = [], []
        for s in stacks:
            m = s.top.morale
            if m > b.morale_number:
                s.attacks_left = 2
                twice.append(s.label)
            elif m < 0 and -m > b.morale_number:
                s.attacks_left = 0
                none.append(s.label)
        events.append(Event("morale", f"round {b.round}: Morale Number {b.morale_number}"
                            + (f"; attack twice: {' '.join(twice)}" if twice else "")
                            + (f"; no attack: {' '.join(none)}" if none else ""),
                            data={"number": b.morale_number, "twice": twice, "none": none}))
    else:
        events.append(Event("round", f"round {b.round}", data={"round": b.round}))


def advance_to_choice(b: Battle, events: list[Event]) -> None:
    """The steps with nothing to choose: the next phase, the next side, the end of a round."""
    while b.step != "over":
        for i in (0, 1):
            if not b.sides[i].alive():
                end_battle(b, 1 - i, "destroyed", events)
                return
        if b.step in ("shield", "round-end"):
            return
        for i in (0, 1):
            side = b.sides[i]
            if sum(1 for s in side.alive() if s.line == "melee") < line_minimum(side):
                b.step, b.advancing = "advance", i
                return
        b.step, b.advancing = "attack", -1
        if ready(b, b.acting):
            return
        if b.acting == 0:
            b.acting = 1
        elif b.phase < PHASES:
            b.phase, b.acting = b.phase + 1, 0
        elif b.round >= b.max_rounds:
            events.append(Event("round-limit", f"after {b.round} rounds the aggressor is driven off",
                                data={"rounds": b.round}))
            end_battle(b, 1, "round-limit", events)
        else:
            chooser = next((i for i in (0, 1) if may_choose(b, i)), -1)
            if chooser < 0:
                start_round(b, events, new=True)
            else:
                b.step, b.acting = "round-end", chooser
                return


def end_battle(b: Battle, winner: int, ending: str, events: list[Event]) -> None:
    b.step, b.winner, b.ending = "over", winner, ending
    b.pending, b.cached = None, None
    events.append(Event("battle-over", f"the battle is over: the {SIDE_NAMES[winner]} wins ({ending})",
                        data={"winner": SIDE_NAMES[winner], "ending": ending}))


def outcome(b: Battle) -> dict[str, Any]:
    """What the map game reads back: the winner, how it ended, the survivors (by stack, from
    the top down), the dead cards and the Town's state."""
    return {
        "over": b.step == "over",
        "winner": SIDE_NAMES[b.winner] if b.winner >= 0 else None,
        "ending": b.ending,
        "rounds": b.round,
        "survivors": [[[c.card for c in s.cards] for s in side.alive()] for side in b.sides],
        "fallen": [[c.card for c in side.fallen] for side in b.sides],
        # Letting Dead Heroes Lie (facts 5.6) is the map game's: it reads the killed Heroes here
        "fallen_heroes": [[c.card for c in side.fallen if c.is_hero] for side in b.sides],
        "town": b.sides[1].town,
    }
