"""What every player has seen of the hidden cards, the one place that follows it.

``PlayerState.shown``: the cards of a hero's hand that all the players have seen there: a hand
shown to Mind Read ("reveals a hand with none", facts 3.2, mage-knight-content.md card 111), the
Action card Mind Steal keeps, a card seen on top or at the bottom of the deck once drawn, a card
back into the hand in sight of all (Crystal Joy, Time Bending, the Mysterious Box, a Wound given
by Healing Ritual). It is public (knowledge/views.py) and a resampled state keeps them in that hand
(``views.determinize``).
``PlayerState.deck_top_seen``: how many cards on top of the Deed deck everyone saw go there (a
reward, Steady Tempo, Meditation), less those drawn or put under Sparing Power, none once the
deck is shuffled or an unseen card goes on top (the rules that move them keep it: ``on_top``).
``PlayerState.deck_top_own``: how many cards on top of the Deed deck its owner knows, those seen
by everyone and those only they saw go there (a card bought blind in a green city, a card of the
hand put back by Midnight Meditation); none once the deck is shuffled.
``PlayerState.deck_bottom_seen``: how many cards at the bottom of the Deed deck everyone saw go
there (Steady Tempo, Meditation: ``at_bottom``); once the deck is drawn down into them, those
drawn are seen in the hand; none once the deck is shuffled.
``GameState.deck_bottoms``: how many cards at the bottom of each offer deck everyone saw go there.

Only what everyone sees changes ``shown``: a card of that id coming into the hero's open piles (play
area, discard pile, thrown away) may be the one seen, so one is forgotten; cards going face down
where nobody sees which (onto the deck, under Sparing Power) may be any of them, so as many of
each are forgotten; a new round forgets all (the hands are shuffled into the decks).
Wounds are seen too (facts 5.4 Slow Recovery shows a hand of Wounds; Wounds taken into the hand;
a knock-out leaves only Wounds; a hand shown to Mind Read). Being all alike, they are counted: a
Wound leaving the hand, the deck or Sparing Power (healed, thrown away, discarded: the hero's
Wounds outside the open piles, a public count, go down) is one fewer seen.
"""

from __future__ import annotations

from collections import Counter

from ..cards.deck import WOUND
from ..game_state import GameState, PlayerState

# per hero: (their open piles, deck size, cards seen on top of it, cards under Sparing Power, the
# round, their Wounds out of the open piles, the cards they bought blind)
# the open piles are kept as a list: counted only for a hero whose seen cards are to be checked
Watch = dict[int, tuple[list[str], int, int, int, int, int, int]]

# GameState's offer decks, in the order of GameState.deck_bottoms
OFFER_DECKS = ("aa_deck", "spell_deck", "artifact_deck", "regular_units", "elite_units")


def put_under(g: GameState, deck: str, n: int = 1) -> None:
    """``n`` cards went to the bottom of the offer deck ``deck`` in sight of everyone (a negative
    ``n``: taken from its bottom)."""
    k = OFFER_DECKS.index(deck)
    seen = list(g.deck_bottoms)
    seen[k] = max(0, min(seen[k] + n, len(getattr(g, deck))))
    g.deck_bottoms = tuple(seen)


def bottom_seen(g: GameState, deck: str) -> int:
    """How many cards at the bottom of the offer deck ``deck`` every player saw go there (those
    drawn from its top meanwhile apart)."""
    return min(g.deck_bottoms[OFFER_DECKS.index(deck)], len(getattr(g, deck)))


def _open(p: PlayerState) -> list[str]:
    return p.play_area + p.discard + p.thrown


def _set(g: GameState, player: int, cards: list[str]) -> None:
    g.players[player].shown = tuple(sorted(cards))


def _closed_wounds(g: GameState, i: int) -> int:
    """Hero ``i``'s Wounds in the hand, the deck and under Sparing Power: public, as every Wound
    taken, healed or moved between the open piles is."""
    p = g.players[i]
    return p.hand.count(WOUND) + p.deck.count(WOUND) + g.spared[i].count(WOUND)


def on_top(p: PlayerState, card: str, seen: bool = True) -> None:
    """``card`` goes on top of ``p``'s Deed deck: in sight of everyone (a reward, Steady Tempo), or
    seen by its owner alone (``seen=False``: bought blind, a card of the hand put back), which
    hides from the others which cards lie on top."""
    p.deck.append(card)
    p.deck_top_own += 1
    p.deck_top_seen = p.deck_top_seen + 1 if seen else 0


def at_bottom(p: PlayerState, card: str) -> None:
    """``card`` goes to the bottom of ``p``'s Deed deck in sight of everyone (Steady Tempo, Meditation)."""
    p.deck.insert(0, card)
    p.deck_bottom_seen += 1


def deck_shuffled(p: PlayerState) -> None:
    """``p``'s Deed deck was shuffled: nobody knows where any of its cards lies."""
    p.deck_top_seen = p.deck_top_own = p.deck_bottom_seen = 0


def seen_in_hand(g: GameState, player: int, cards: list[str]) -> None:
    """Every player saw ``cards`` go into ``player``'s hand (Mind Steal's card kept)."""
    _set(g, player, [*g.players[player].shown, *cards])


def hand_shown(g: GameState, player: int) -> None:
    """``player`` shows the whole hand to everyone (Mind Read with no card of its colour; Slow
    Recovery, facts 5.4)."""
    _set(g, player, g.players[player].hand)


def discarded_unseen_after(p: PlayerState, cards: list[str]) -> None:
    """``cards`` of the hand were discarded in sight of everyone, then went face down with the
    discard pile in the same step (Rethink): the cards seen among them are forgotten."""
    seen = Counter(p.shown)
    seen -= Counter(cards)
    p.shown = tuple(sorted(seen.elements()))


def watch(g: GameState) -> Watch:
    """What an action may change of the cards seen, taken before it (every hero: the action may
    show cards of a hand that none was seen in)."""
    blind = g.blind
    return {i: (_open(p), len(p.deck), p.deck_top_seen, len(g.spared[i]), g.round, _closed_wounds(g, i),
                sum(1 for x in blind if x[0] == i) if blind else 0) for i, p in enumerate(g.players)}


def forget(g: GameState, before: Watch) -> None:
    """After an action: forget the cards seen that may have left the hand (module docstring)."""
    for i, (piles, deck, top, spared, round_, wounds, blind) in before.items():
        p = g.players[i]
        if not p.shown:
            continue
        seen = Counter(p.shown)
        if g.round != round_:
            seen.clear()
        # a card of that id opened: it may be the one seen (a Wound: the hidden Wounds' count tells)
        seen -= Counter({c: n for c, n in (Counter(_open(p)) - Counter(piles)).items() if c != WOUND})
        seen[WOUND] -= max(0, wounds - _closed_wounds(g, i))
        # cards onto the deck that nobody saw (a card seen going on top, or bought blind, is not one of the hand's)
        bought = sum(1 for x in g.blind if x[0] == i) - blind
        onto_deck = len(p.deck) - deck - max(0, p.deck_top_seen - top) - max(0, bought)
        hidden = max(0, onto_deck) + max(0, len(g.spared[i]) - spared)
        seen = Counter({c: n - hidden for c, n in seen.items() if n > hidden})
        seen &= Counter(p.hand)  # never more than the hand holds
        _set(g, i, list(seen.elements()))


__all__ = ["OFFER_DECKS", "at_bottom", "bottom_seen", "deck_shuffled", "discarded_unseen_after", "forget", "hand_shown",
           "on_top", "put_under", "seen_in_hand", "watch"]
