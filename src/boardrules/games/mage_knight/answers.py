"""A moment for the other players to answer during a turn: the skills usable on other players'
turns (facts 3.5: "Motivation may also be used on other players' turns").

When a turn begins, each other player who may use such a skill now is asked in turn (in seat
order after the player whose turn it is): the decision names them (``Decision.player``), as a
combat between heroes names its defender. They answer ``skill ID`` or ``next`` (nothing now).
What they do is in sight of everyone (a skill token flipped, cards drawn face down), so nothing
new is hidden: only the count of their hand changes.
"""

from __future__ import annotations

from ...engine import Event, IllegalActionError
from .content import Tables
from .game_state import GameState
from .mana import return_tokens
from .skills import use_skill

RULE = "Using Skills"
MOTIVATION = "-motivation"  # every hero's Motivation: usable on other players' turns


def answer_skills(t: Tables, g: GameState, player: int) -> list[str]:
    """The skills ``player`` may use now on another player's turn: a Motivation not yet used
    this round, outside a combat."""
    if player == g.current or g.combat is not None or g.pvp is not None:
        return []
    p = g.players[player]
    return [k for k in p.skills if k.endswith(MOTIVATION) and k not in p.skills_used]


def answer_window(t: Tables, g: GameState, current: int) -> tuple[int, ...]:
    """The players asked when ``current``'s turn begins: those with a skill to use now."""
    n = len(g.players)
    others = ((current + k) % n for k in range(1, n))
    return tuple(i for i in others if answer_skills(t, g, i))


def answer(t: Tables, g: GameState, player: int, skill: str, events: list[Event]) -> None:
    """``player`` uses ``skill`` on another player's turn. A mana token it gives is gone at once:
    tokens last until the end of the turn, and this turn is another's (rules-choices.md)."""
    if skill not in answer_skills(t, g, player):
        raise IllegalActionError(f"{skill} is not a skill you can use on another player's turn now", RULE)
    use_skill(t, g, player, skill, events)
    if any(g.players[player].mana.values()):
        return_tokens(g.players[player])
        events.append(Event("mana-lost", "the mana token is lost: it is another player's turn", player))


__all__ = ["answer", "answer_skills", "answer_window"]
