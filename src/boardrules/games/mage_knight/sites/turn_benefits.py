"""A site's benefits at the start and the end of a turn: MAGICAL GLADE / HIDDEN VALLEY "Imbued
With Magic" and NECROPOLIS / GRAVEYARD mana tokens at the start; CRYSTAL MINES "Mining", DEEP
MINES, MAGICAL GLADE / HIDDEN VALLEY "Healing Essence" and the withdrawal after a failed assault
at the end (facts 5.7 step 4); the Hand limit of KEEP "Your Keep" and of a conquered city
(facts 4.4, 4.6)."""

from __future__ import annotations

from ....engine import BoardrulesError, Event, IllegalActionError
from ..cards.deck import throw_away_wound
from ..cards.mana import ETERNAL_NIGHT, return_dice, return_tokens
from ..content import Tables
from ..game_state import GameState
from ..map.exploring import space
from ..map.hexes import adjacent
from ..map.movement import assault_needed
from .rewards import city_leader, gain_crystal, site_here


def start_of_turn(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """MAGICAL GLADE / HIDDEN VALLEY "Imbued With Magic": a gold mana token by Day, black at
    Night; NECROPOLIS / GRAVEYARD: a black mana token at Night. The turn's flags are reset; the
    player may plunder again on the next player's turn (VILLAGE "Plundering")."""
    p = s.players[player]
    p.acted = p.moving_done = p.interacting = False
    p.plundered_since_my_turn = False
    p.path, p.provoked, p.came_from, p.healing = [], [], None, 0
    p.move_left = 0
    site = site_here(t, s, player)
    colour = ""
    if site in ("glade", "hidden-valley"):
        colour = "black" if s.night else "gold"
    elif site in ETERNAL_NIGHT and s.night:
        colour = "black"
    if colour:
        p.mana[colour] += 1
        events.append(Event("mana-token", f"gains a {colour} mana token ({site})", player, {"colour": colour}))


def end_of_turn(t: Tables, s: GameState, player: int, events: list[Event], crystal: str = "",
                throw_away: str = "") -> None:
    """Space benefits at the end of the turn (facts 5.7 step 4). CRYSTAL MINES: a crystal of the
    mine's colour; DEEP MINES: choose one of its colours (``crystal``). MAGICAL GLADE / HIDDEN
    VALLEY "Healing Essence": throw away one Wound from the hand or the discard pile
    (``throw_away`` = "hand" / "discard"; not Healing). Unused mana tokens return to the bank.
    After a failed assault the hero first withdraws to the space moved from (facts 5.7: not a
    Forced Withdrawal, no Wounds), and that space's benefits count."""
    p = s.players[player]
    withdraw = assault_needed(t, s, player, p.position) and p.came_from is not None
    end_space = p.came_from if withdraw and p.came_from is not None else p.position
    sp = space(t, s, end_space)
    site = (sp.site or "") if sp else ""
    if site == "deep-mine" and sp is not None and crystal not in sp.mine:
        raise IllegalActionError(f"choose the crystal's colour: {' or '.join(sp.mine)}", "DEEP MINES")
    if throw_away:
        if site not in ("glade", "hidden-valley"):
            raise IllegalActionError("only a magical glade or the Hidden Valley lets you throw away a Wound",
                                     "MAGICAL GLADE")
        if throw_away not in ("hand", "discard"):
            raise BoardrulesError("throw_away is 'hand' or 'discard'")
        if not throw_away_wound(p, throw_away):
            raise IllegalActionError(f"you have no Wound in your {throw_away}", "MAGICAL GLADE")
    if site in ("mine", "deep-mine") and sp is not None:
        gain_crystal(p, crystal or sp.mine[0])
    if withdraw:
        p.position = end_space
        events.append(Event("withdrew", "withdraws from the fortified site", player, {"to": list(p.position)}))
    return_dice(s)
    return_tokens(p)
    p.move_points = p.influence_points = 0


def hand_limit_bonus(t: Tables, s: GameState, player: int) -> int:
    """KEEP "Your Keep": ending the turn on or next to a keep you own, the Hand limit is 1 higher
    for each keep you own. A conquered city on or next to you gives +2 to its leader, +1 to a
    player with a Shield there; the larger of the keep and city bonuses counts, not both
    (facts 4.4, 4.6)."""
    p = s.players[player]
    near = any(k == p.position or adjacent(k, p.position) for k in p.keeps)
    keep = len(p.keeps) if near else 0
    city = 0
    for h in s.conquered:
        if (h == p.position or adjacent(h, p.position)) and player in s.shields.get(h, []):
            if (sp := space(t, s, h)) is not None and sp.site == "city":
                city = max(city, 2 if city_leader(s, h) == player else 1)
    return max(keep, city)
