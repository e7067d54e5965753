"""A question with one possible answer is not asked where stopping there loses nothing (issue
24): the answer is taken at once and announced with an event (``rounds/sequence.advance``).

Taken at once, where every player can tell that the answer is the only one (so that taking it
at once tells the others nothing of a hand): a step of a play already chosen whose answers come
from what is public (a mana source of the Source, the crystals and tokens; a colour; a die; an
enemy; a Unit; a card of an offer; a space; ``done`` of those) or a card's or skill's option;
in a combat with enemies ``next``, and the one place an attack's damage can go, when the hand is
empty; Slow Recovery (``rest wound``: the rule shows the hand); a reward with one choice; a
Magic Familiars' upkeep with one answer; Source Freeze's crystal of the one colour showing.

Asked all the same (rules-choices.md "What a player is shown, stage 2"): the turn's own end
(``end-turn`` or ``announce`` alone: the last look at the board before the turn passes, and at
one table the seat changes); the Tactic of a round (a first look at the new round); an answer
that names a card of the hand or deck, or whose being the only one follows from the hand (a
card to discard or power, ``shed done`` once only Wounds are left, a combat's ``next`` while
cards are held: taking it at once would show the others what the hand cannot do); a question
to another player in the turn (Mind Read, Mind Steal: a hand again); a combat between heroes."""

from __future__ import annotations

from ....engine import Action, Decision, Event
from ..cards.deck import WOUND
from ..cards_model import Option
from ..content import Tables
from ..game_state import MKState
from ..rounds.answers import UPKEEP
from .text import HAND_WORDS, action_text

# step words whose answers are cards of the hand (or deck): their ``done`` too follows from the hand
HAND_STEPS = frozenset((*HAND_WORDS, "keep"))


def only_answer(t: Tables, m: MKState, d: Decision) -> Action | None:
    """The one answer of ``d`` to take at once, or None when the question is asked."""
    if len(d.actions) != 1:
        return None
    a = d.actions[0]
    g = m.g
    if g.pvp is not None or a.name in HAND_STEPS and a.args != (WOUND,):  # (Slow Recovery's Wound: below)
        return None
    if g.asked:
        return a if g.asked[0][1] == UPKEEP else None
    if m.play:
        return a
    if g.combat is not None:
        return a if not g.players[d.player].hand else None
    if a.name in ("rest", "colour") or a.name in ("take", "level-up") and not m.turn_begun:
        return a  # (colour: Source Freeze back, a colour showing in the Source)
    return None


def announce(t: Tables, m: MKState, d: Decision, a: Action) -> Event:
    """The event that says the answer was taken, as every player may see it (a card of a hand
    that stays hidden reads "a-card", ``actions/text.py``)."""
    shown = action_text(t, m, a, None)
    if a.name == "choose" and m.play and a.args and a.args[0].isdigit():
        shown += _option(t, m, int(a.args[0]))
    hero = t.hero[m.heroes[d.player]].name if 0 <= d.player < len(m.heroes) else f"player {d.player + 1}"
    return Event("only-choice", f"{hero}'s only choice, taken: {shown}", d.player, {"action": a.text})


def _option(t: Tables, m: MKState, n: int) -> str:
    """Option ``n`` of the card or skill being played, in the card notation (`` (block 2)``)."""
    subject, how = m.play[0], m.play[1]
    side: tuple[Option, ...] = ()
    if how in ("basic", "powered") and subject in t.card:
        side = t.card[subject].basic if how == "basic" else t.card[subject].powered
    elif how == "skill" and subject in t.skill:
        side = t.skill[subject].effect
    return f" ({'; '.join(e.notation() for e in side[n - 1])})" if 1 <= n <= len(side) else ""


__all__ = ["announce", "only_answer"]
