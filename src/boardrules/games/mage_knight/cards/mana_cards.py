"""Advanced Action cards' strong effects on crystals and the Source (facts 3.1): Spell Forge (two
crystals of offered Spells' colours), Mana Storm (the Source re-rolled, more dice, gold and black
as any colour). Their basic effects are coded in cards/effects.py.
"""

from __future__ import annotations

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import GameState
from ..specials import card_special
from .lasting import _last
from .mana import DICE_ANY, die_free, gain_crystal_now, roll_die
from .played import Picks, Played, _refuse


@card_special("spell-forge")
def spell_forge(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Spell Forge (facts 3.1, powered; the basic effect is in cards/effects.py): two crystals, of the colours of
    two different Spells of the offer (``pk.others``: the two colours)."""
    colours = list(pk.others)
    offered: list[str] = [c for x in s.spell_offer for c in t.card[x].colours[:1]]
    if len(colours) != 2 or not _two_spells(offered, colours):
        raise _refuse(f"{card.name}: choose the colours of two different Spells of the offer "
                      f"({', '.join(sorted(offered)) or 'none'})")
    for colour in colours:
        gain_crystal_now(s.players[player], colour, events, player)


def _two_spells(offered: list[str], colours: list[str]) -> bool:
    left = offered[:]
    for c in colours:
        if c not in left:
            return False
        left.remove(c)
    return True


@card_special("mana-storm")
def mana_storm(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
               pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Mana Storm (facts 3.1, powered; the basic effect is in cards/effects.py): every die of the Source (those not
    taken this turn) re-rolled; 3 more dice may be used this turn, and gold and black dice pay
    any basic colour, Day or Night."""
    for i in range(len(s.source)):
        if die_free(s, i):  # not a die on a Mana Steal card or kept by Mana Claim: out of the Source
            s.source[i] = roll_die(s.rng)
    s.dice_allowed += e.value
    _last(s, player, (DICE_ANY, "", 1))
    events.append(Event("source", f"{card.name}: the Source re-rolled ({', '.join(s.source)}), {e.value} more dice",
                        player, {"source": list(s.source)}))
