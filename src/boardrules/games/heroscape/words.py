"""How the game words the dice and the cards for a player, in the labels of the answers, the
events of a roll and the frame: a side's dice with where each comes from (``4 attack dice
(Attack 3, +1 height)``), the d20 rolls that decide who goes first, a card's powers."""

from __future__ import annotations

from .catalogue import power_texts
from .content_model import Card
from .figures import Figures, pname
from .powers import Parts


def dice_text(total: int, parts: Parts, q: Figures, side: str) -> str:
    """``4 attack dice (Attack 3, +1 height, +1 Attack Aura 1)``."""
    names = power_texts(q.c)
    told = [f"{what} {n}" if what in ("Attack", "Defense") else f"+{n} {names[what].name if what in names else what}"
            for what, n in parts]
    return f"{total} {side} {'die' if total == 1 else 'dice'} ({', '.join(told)})"


def counted(n: int, what: str) -> str:
    """``1 skull``, ``3 skulls``."""
    return f"{n} {what}{'' if n == 1 else 's'}"


def rolls_text(rounds: list[dict[int, int]]) -> str:
    """The d20 of each player, and again for those tied for the highest: ``Player 1 rolls 12,
    Player 2 rolls 12, a tie; again: Player 1 rolls 3, Player 2 rolls 17``."""
    told = [", ".join(f"{pname(p)} rolls {n}" for p, n in rolls.items()) for rolls in rounds]
    return ", a tie; again: ".join(told)


def power_names(q: Figures, card: Card) -> str:
    names = power_texts(q.c)
    return ", ".join(names[p].name for p in card.powers)
