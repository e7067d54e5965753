"""What every player has seen of the hidden cards, the one place that follows it.

``PlayerState.shown``: the cards of a hero's hand that all the players have seen there: a hand
shown to Mind Read ("reveals a hand with none", facts 3.2, mage-knight-content.md card 111), the
Action card Mind Steal keeps, a card seen on top of the deck once drawn. It is public (views.py)
and a resampled state keeps them in that hand (``views.determinize``).
``PlayerState.deck_top_seen``: how many cards on top of the Deed deck everyone saw go there (a
reward, Steady Tempo, Meditation), less those drawn or put under Sparing Power, none once the
deck is shuffled or an unseen card goes on top (the rules that move them keep it).
``GameState.deck_bottoms``: how many cards at the bottom of each offer deck everyone saw go there.

Only what everyone sees changes ``shown``: a card of that id coming into the hero's open piles (play
area, discard pile, thrown away) may be the one seen, so one is forgotten; cards going face down
where nobody sees which (onto the deck, under Sparing Power) may be any of them, so as many of
each are forgotten; a new round forgets all (the hands are shuffled into the decks). Wounds are
never kept: they also leave the hand for the Wound pile, which no pile of the hero shows.
"""

from __future__ import annotations

from collections import Counter

from .deck import WOUND
from .game_state import GameState, PlayerState

# per hero with cards seen: (their open piles, deck size, cards seen on top of it, cards under
# Sparing Power, the round)
Watch = dict[int, tuple[Counter[str], int, int, int, int]]

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


def _open(p: PlayerState) -> Counter[str]:
    return Counter(p.play_area + p.discard + p.thrown)


def _set(g: GameState, player: int, cards: list[str]) -> None:
    g.players[player].shown = tuple(sorted(c for c in cards if c != WOUND))


def seen_in_hand(g: GameState, player: int, cards: list[str]) -> None:
    """Every player saw ``cards`` go into ``player``'s hand (Mind Steal's card kept)."""
    _set(g, player, [*g.players[player].shown, *cards])


def hand_shown(g: GameState, player: int) -> None:
    """``player`` shows the whole hand to everyone (Mind Read with no card of its colour)."""
    _set(g, player, g.players[player].hand)


def discarded_unseen_after(p: PlayerState, cards: list[str]) -> None:
    """``cards`` of the hand were discarded in sight of everyone, then went face down with the
    discard pile in the same step (Rethink): the cards seen among them are forgotten."""
    seen = Counter(p.shown)
    seen -= Counter(cards)
    p.shown = tuple(sorted(seen.elements()))


def watch(g: GameState) -> Watch | None:
    """What an action may change of the cards seen, taken before it (None: nothing seen)."""
    if not any(p.shown for p in g.players):
        return None
    return {i: (_open(p), len(p.deck), p.deck_top_seen, len(g.spared[i]), g.round)
            for i, p in enumerate(g.players) if p.shown}


def forget(g: GameState, before: Watch | None) -> None:
    """After an action: forget the cards seen that may have left the hand (module docstring)."""
    for i, (piles, deck, top, spared, round_) in (before or {}).items():
        p = g.players[i]
        seen = Counter(p.shown)
        if g.round != round_:
            seen.clear()
        seen -= _open(p) - piles  # a card of that id opened: it may be the one seen
        # cards onto the deck that nobody saw (a card seen going on top is not one of the hand's)
        onto_deck = len(p.deck) - deck - max(0, p.deck_top_seen - top)
        hidden = max(0, onto_deck) + max(0, len(g.spared[i]) - spared)
        seen = Counter({c: n - hidden for c, n in seen.items() if n > hidden})
        seen &= Counter(p.hand)  # never more than the hand holds
        _set(g, i, list(seen.elements()))


__all__ = ["OFFER_DECKS", "bottom_seen", "discarded_unseen_after", "forget", "hand_shown", "put_under", "seen_in_hand",
           "watch"]
