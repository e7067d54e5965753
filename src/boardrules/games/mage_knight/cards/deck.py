"""The player's Deed cards (facts 1.2, 5.2, 5.4, 5.7): the deck, the hand, the play area, the
discard pile, thrown-away cards and Wound cards. Card lists hold ids; the deck's top is its end.
"""

from __future__ import annotations

from ....engine import Event, Rng
from ..game_state import PlayerState, add

WOUND = "wound"
RECEIVED = "wounded"  # a mark of PlayerState.lasting per Wound received this turn
# Rush of Adrenaline, in PlayerState.lasting: (kind, "throw" / "draw", N) the next N Wounds taken into
# the hand each draw a card, the first of them thrown away ("throw": the powered effect)
RUSH = "rush-of-adrenaline"


def wounds_in_hand(p: PlayerState) -> int:
    return p.hand.count(WOUND)


def non_wounds_in_hand(p: PlayerState) -> int:
    return len(p.hand) - p.hand.count(WOUND)


def draw(p: PlayerState, n: int) -> int:
    """Draw up to ``n`` cards from the top of the deck; an empty deck is not reshuffled (facts
    5.7 step 6). Returns how many were drawn."""
    drawn = 0
    while drawn < n and p.deck:
        p.hand.append(p.deck.pop())
        drawn += 1
    first = len(p.hand) - drawn
    # the cards seen on top go first, those seen at the bottom last: now seen in the hand (knowledge/seen.py)
    seen = min(drawn, p.deck_top_seen)
    below = min(drawn - seen, max(0, p.deck_bottom_seen - len(p.deck)))
    if seen or below:
        p.shown = tuple(sorted((*p.shown, *p.hand[first:first + seen], *p.hand[len(p.hand) - below:])))
    p.deck_top_seen -= seen
    p.deck_top_own = max(0, p.deck_top_own - drawn)
    p.deck_bottom_seen = min(p.deck_bottom_seen, len(p.deck))
    return drawn


def draw_up_to(p: PlayerState, limit: int) -> int:
    """End of turn, facts 5.7 step 6: draw up to the Hand limit (with its bonuses, ``limit``);
    over the limit nothing is drawn and nothing is discarded."""
    return draw(p, max(0, limit - len(p.hand)))


def take_wounds(p: PlayerState, n: int) -> None:
    """Wounds to the hand (combat damage, Forced Withdrawal); a mark of ``PlayerState.lasting``
    each (Banner of Protection)."""
    p.hand += [WOUND] * n
    p.shown = tuple(sorted((*p.shown, *[WOUND] * n)))  # in sight of everyone (knowledge/seen.py)
    add(p, RECEIVED, times=n)
    _rush(p, n)


def _rush(p: PlayerState, n: int) -> None:
    """Rush of Adrenaline (facts 3.1, cards/rush_of_adrenaline.py): a card drawn for each Wound taken into
    the hand while the count lasts; the powered effect throws the first one away."""
    for _ in range(n):
        entry = next((x for x in p.lasting if x[0] == RUSH), None)
        if entry is None:
            return
        kind, how, left = entry
        rest = tuple(x for x in p.lasting if x is not entry)
        p.lasting = (*rest, (kind, "draw", left - 1)) if left > 1 else rest
        if how == "throw":
            p.hand.remove(WOUND)  # back to the Wound pile
        draw(p, 1)


def wounds_to_discard(p: PlayerState, n: int) -> None:
    """Wounds straight to the discard pile (Poison)."""
    p.discard += [WOUND] * n
    add(p, RECEIVED, times=n)


def discard_non_wounds(p: PlayerState) -> list[str]:
    """Knock-out and Paralyze (facts 4.3): every non-Wound card of the hand is discarded."""
    gone = [c for c in p.hand if c != WOUND]
    p.hand = [c for c in p.hand if c == WOUND]
    p.shown = tuple(p.hand)  # everyone knows the hand holds only Wounds (knowledge/seen.py)
    p.discard += gone
    return gone


def heal_wounds_in_hand(p: PlayerState, n: int) -> int:
    """Healing (facts 5.4): each point throws a Wound of the hand back to the Wound pile.
    Returns how many were healed."""
    healed = min(n, wounds_in_hand(p))
    for _ in range(healed):
        p.hand.remove(WOUND)
    return healed


def throw_away_wound(p: PlayerState, pile: str) -> bool:
    """Throw away one Wound from the hand or the discard pile (MAGICAL GLADE)."""
    cards = p.hand if pile == "hand" else p.discard
    if WOUND not in cards:
        return False
    cards.remove(WOUND)
    return True


def new_deed_deck(p: PlayerState, cards: list[str], rng: Rng, hand_limit: int) -> None:
    """Start of the game (facts 1.2, 5.1): shuffle the hero's 16 cards, draw up to the Hand limit."""
    p.deck = cards[:]
    p.hand, p.play_area, p.discard = [], [], []
    rng.shuffle(p.deck)
    p.deck_top_seen = p.deck_top_own = p.deck_bottom_seen = 0
    draw(p, hand_limit)


def reshuffle_all(p: PlayerState, rng: Rng, hand_limit: int, events: list[Event], player: int) -> None:
    """A new round (facts 5.2 step 5): ALL Deed cards (deck, discard pile, hand with its Wounds,
    play area) are shuffled into a new deck, then the player draws up to the Hand limit."""
    p.deck += p.discard + p.hand + p.play_area
    p.hand, p.play_area, p.discard = [], [], []
    rng.shuffle(p.deck)
    p.deck_top_seen = p.deck_top_own = p.deck_bottom_seen = 0
    n = draw(p, hand_limit)
    events.append(Event("drew", f"shuffles the Deed deck and draws {n} cards", player, {"cards": n}))


def end_turn_cards(p: PlayerState) -> None:
    """End of turn (facts 5.7 step 3): played cards go to the discard pile (thrown-away cards
    were already removed)."""
    p.discard += p.play_area
    p.play_area = []
    p.terrain_less = 0  # Path Finding lasts the turn
    p.lasting = ()  # so do the other cards' changes and the marks


__all__ = [
    "RECEIVED", "WOUND", "discard_non_wounds", "draw", "draw_up_to", "end_turn_cards", "heal_wounds_in_hand",
    "new_deed_deck", "non_wounds_in_hand", "reshuffle_all", "take_wounds", "throw_away_wound", "wounds_in_hand",
    "wounds_to_discard",
]
