"""The steps of the plays of skills with their own mechanisms (facts 3.5; docs/mage-knight/
rules-choices.md, "Skills with their own mechanisms"): ``own_steps`` and ``own_answers`` give
``actions/play_steps.py`` the steps of Taunt's second choice, Secret Ways' lakes, Master of Chaos
turned to gold, Puppet Master, Know Your Prey and Dueling; ``LATE_CHOICE`` the skills whose
``choose N`` is a choice of their own."""

from __future__ import annotations

from ..content import Tables
from ..game_state import GameState
from .consulted import PUPPET_MASTER, puppet_choices
from .in_combat import CHAOS_ORDER, KNOW_YOUR_PREY, MASTER_OF_CHAOS, chaos_next, prey_choices

LATE_CHOICE = (KNOW_YOUR_PREY, PUPPET_MASTER)  # skills whose ``choose N`` is a choice of their own


def own_steps(g: GameState, skill: str, got: dict[str, str]) -> \
        tuple[list[str], list[tuple[str, ...]], tuple[str, ...]] | None:
    """The steps of these skills' plays after the choice of option (``decisions._plan``): the
    words, the mana costs and the colours a ``colour`` step may take; None: not one of them."""
    if skill == "taunt" and got.get("choose") == "2":
        return ["enemy"] if g.combat is not None else [], [()], ()  # outside a combat: refused when run
    if skill == "secret-ways" and got.get("choose") == "2":
        return ["pay"], [("blue",)], ()
    if skill == MASTER_OF_CHAOS:  # turned to gold: the colour of the effect taken
        p = g.players[g.current]
        return (["colour"] if chaos_next(p) == "gold" else []), [()], CHAOS_ORDER[:-1]
    if skill == PUPPET_MASTER:
        return ["choose"], [()], ()
    if skill in (KNOW_YOUR_PREY, "dueling"):
        return (["enemy", "choose"] if skill == KNOW_YOUR_PREY else ["enemy"]) if g.combat is not None else [], \
            [()], ()  # outside a combat: refused when run
    return None


def own_answers(t: Tables, g: GameState, skill: str, word: str, got: dict[str, str]) -> list[tuple[str, ...]] | None:
    """The answers of a step of these skills' plays that differ from a card's (``decisions._next``)."""
    if skill == PUPPET_MASTER and word == "choose":
        return [(str(k),) for k in range(1, len(puppet_choices(t, g, g.current)) + 1)]
    if skill == KNOW_YOUR_PREY and word == "choose" and g.combat is not None:
        foe = g.combat.enemies[int(got.get("enemy", 1)) - 1]
        return [(str(k),) for k in range(1, len(prey_choices(t, foe)) + 1)]
    return None
