"""The end of the turn as actions (facts 5.7): step 4's choice named with ``end-turn`` (a deep
mine's crystal colour; on a magical glade or the Hidden Valley a Wound thrown away, MAGICAL GLADE
"Healing Essence"), step 6's discarding (``end-turn-discard``) after step 5's rewards, and Crystal
Joy taken back to hand as the turn ends (``return``, ``return-discard``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import Action, Event, IllegalActionError, shared_action
from ..cards.deck import WOUND
from ..cards.end_of_turn_cards import crystal_joy_cards
from ..content import Tables
from ..game_state import BASIC, GameState
from ..map.exploring import space
from ..rounds.turn import end_turn, ending_refused
from ..sites.rewards import CRYSTALS_ALL
from .words import END_DISCARDING, END_TURN, _works

HEALING_ESSENCE = ("glade", "hidden-valley")
RETURN = "return"  # the step of the end's discarding that names Crystal Joy's card
RETURN_DISCARD = "return-discard"  # Crystal Joy back to hand, then non-Wound cards discarded (facts 5.7 step 6)
WOUND_FROM = "wound-from-"  # end-turn wound-from-hand / -discard: Healing Essence's Wound thrown away


def _step_five_waits(t: Tables, g: GameState, player: int, **kw: Any) -> bool | None:
    """Whether ending the turn so stops at facts 5.7 step 5 (rewards or a level-up to choose, dice
    to roll: ``turn.end_turn``), step 6's discarding coming after them; None if the rule refuses
    it. (Whether it waits depends on no die: random crystals always make it wait.)"""
    if ending_refused(g, player):  # refused whatever the choices: no trial
        return None
    if not kw and (waits := _step_five_waits_read(t, g, player)) is not None:
        return waits
    x = g.clone()
    try:
        end_turn(t, x, player, [], in_place=True, **kw)
    except IllegalActionError:
        return None
    return x.players[player].draw_waits


def _step_five_waits_read(t: Tables, g: GameState, player: int) -> bool | None:
    """``_step_five_waits`` for a plain end, read from ``end_turn``'s conditions without ending: with
    nothing lasting this turn (no card's or skill's effect at the end: Fame, Rings, Time Bending,
    the Mysterious Box), step 5 waits for a reward left to choose, a crystal die to roll (all but
    ANCIENT RUINS' crystal of each colour) or a level-up to a Skill (facts 6.2). None where only
    ending tells: a deep mine's colour to choose (refused without one), step 6 already waiting."""
    p = g.players[player]
    if p.lasting or p.draw_waits or any((sp := space(t, g, h)) is not None and sp.site == "deep-mine"
                                        for h in (p.position, p.came_from) if h is not None):
        return None
    reached = t.level_of(p.fame).level
    return any(r != CRYSTALS_ALL for r in p.pending) or \
        any(lv.gain != "level-token" for lv in t.levels if p.level < lv.level <= reached)


def _end_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Ending the turn: with the crystal colour a deep mine asks for; on a magical glade or the
    Hidden Valley also throwing away a Wound of the hand or the discard pile (MAGICAL GLADE
    "Healing Essence": "you can", so the plain end is offered too). Step 6's discarding is named
    with the end only when step 5 has nothing to take (facts 5.7: the rewards come first)."""
    p = g.players[player]
    shed = any(c != WOUND for c in p.hand)  # facts 5.7 step 6: "you may discard any non-Wound cards"
    waits = _step_five_waits(t, g, player)
    if waits is not None:
        shed = shed and not waits
        acts = [END_TURN, *([END_DISCARDING] if shed else [])]
        ends_on = [space(t, g, h) for h in (p.position, p.came_from) if h is not None]  # or withdrawn to
        if any(x is not None and x.site in HEALING_ESSENCE for x in ends_on) and (WOUND in p.hand or WOUND in p.discard):
            essence = [WOUND_FROM + w for w in ("hand", "discard")
                       if _works(lambda x, w=w: end_turn(t, x, player, [], throw_away=w, in_place=True), g)]
            acts += [shared_action("end-turn", w) for w in essence]
            # step 4's Wound thrown away, then step 6's discarding (the choices of the end in their order)
            acts += [shared_action("end-turn-discard", w) for w in essence if shed]
        return acts
    if ending_refused(g, player):  # refused whatever the colour: no trial of each
        return []
    mine = [c for c in BASIC if _works(lambda x, c=c: end_turn(t, x, player, [], crystal=c, in_place=True), g)]
    shed = shed and bool(mine) and not _step_five_waits(t, g, player, crystal=mine[0])
    return [*(shared_action("end-turn", c) for c in mine), *(shared_action("end-turn-discard", c) for c in mine if shed)]


def _draw_actions(g: GameState, player: int) -> list[Action]:
    """Facts 5.7 step 6 after the rewards of step 5: discard any non-Wound cards, or none, then draw."""
    return [END_TURN, *([END_DISCARDING] if any(c != WOUND for c in g.players[player].hand) else [])]


def _end_with(t: Tables, g: GameState, player: int, choice: str, events: list[Event],
              discard: Sequence[str] = (), joy: str = "", in_place: bool = False) -> None:
    """End the turn with step 4's choice (a deep mine's crystal colour, or Healing Essence's
    ``wound-from-hand|discard``; "" for none), step 6's discarded cards (facts 5.7) and the card
    discarded to take Crystal Joy back (``joy``); ``in_place``: on a trial copy."""
    if choice.startswith(WOUND_FROM):
        where = choice[len(WOUND_FROM):]
        if where not in ("hand", "discard"):
            raise IllegalActionError(f"a Wound is thrown away from the hand or the discard pile "
                                     f"({WOUND_FROM}hand, {WOUND_FROM}discard), not {where!r}", "MAGICAL GLADE")
        end_turn(t, g, player, events, throw_away=where, discard=discard, joy=joy, in_place=in_place)
    else:
        end_turn(t, g, player, events, crystal=choice, discard=discard, joy=joy, in_place=in_place)


def _joy_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Crystal Joy: end the turn discarding a card to take it back to hand (``return CARD``).
    Not when this turn ends the round: every card is then shuffled into the deck, so taking it
    back changes nothing (and would only show the others a card of the hand)."""
    acts: list[Action] = []
    cards = crystal_joy_cards(g, player)
    if not cards:  # (Crystal Joy not played this turn: no end's choices to work out)
        return acts
    # with step 4's choice of the end (a deep mine's crystal, Healing Essence): ``return CARD CHOICE``
    choices = ["", *(a.args[0] for a in _end_actions(t, g, player) if a.name == "end-turn" and a.args)]
    for c in cards:
        for choice in choices:
            x = g.clone()
            try:
                _end_with(t, x, player, choice, [], joy=c, in_place=True)  # (x: the trial copy)
            except IllegalActionError:
                continue
            waits = x.players[player].draw_waits  # step 5 to take: step 6 is asked after it
            if not (x.round_over or waits and g.announced_by >= 0 and g.final_turns == [player]):
                acts.append(shared_action("return", c, choice) if choice else shared_action("return", c))
                # and facts 5.7 step 6's discarding after it: ``return-discard CARD [CHOICE]``, then shed...
                left = g.players[player].hand[:]
                left.remove(c)
                if any(w != WOUND for w in left) and not waits:
                    acts.append(shared_action(RETURN_DISCARD, c, choice) if choice else shared_action(RETURN_DISCARD, c))
    return acts
