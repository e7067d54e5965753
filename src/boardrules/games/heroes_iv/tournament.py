"""Tournament decks (facts 5.1 and the errata, rules24: "60 cards, or 10 per map section used, the
organiser's choice"), built from each alignment's shipped deck by a rule of ours, as the printed
deck lists are not public (rules-choices.md, Tournament decks):

- the Town card twice and each Hero once, as in the shipped deck (one Town is kept aside at set-up;
  a Hero is one character);
- the other places are shared out in the shipped deck's proportions: each Unit, Location and Artifact
  gets ``copies * places // the shipped deck's other cards`` copies, at most 8 (the deck format's most);
- the places left over go one each to cards drawn at random with the game's seed, weighted by their
  copies in the shipped deck, no card twice and none past 8;
- a deck whose shares alone (before the draw) miss the starting forces' Units is refused.

The deck lists are public (a tournament registers them): the view shows them, and determinize deals
a player's unseen cards from his own list.
"""

from __future__ import annotations

from ...engine import Rng
from .content import Content
from .content_model import Deck, DeckEntry, Unit
from .queries import is_hero, is_town

TOURNAMENT_CARDS = 60
CARDS_PER_SECTION = 10
MOST_COPIES = 8  # content_model.DeckEntry: the most copies of one card a deck lists
KINDS = ("casual", "tournament", "tournament-sections")  # the values of the option ``deck``


def sections_used(c: Content, num_players: int) -> int:
    """One map section a player and ``sections_extra`` more, at most every section there is (setup)."""
    return min(len(c.sections), num_players + c.rules.sections_extra)


def deck_size(c: Content, kind: str, num_players: int) -> int:
    """60 cards; or 10 a map section used, never fewer than the rules' smallest deck (40)."""
    if kind == "tournament":
        return TOURNAMENT_CARDS
    return max(c.rules.deck_size, CARDS_PER_SECTION * sections_used(c, num_players))


def tournament_deck(c: Content, deck: Deck, size: int, rng: Rng | None) -> Deck:
    """``deck`` grown (or shrunk) to ``size`` cards by the rule above. ``rng`` None gives every card
    that could draw a place left over its extra copy: the most a deck can hold of each card, which
    bounds the observation and action spaces."""
    fixed = [e for e in deck.cards if is_town(c, e.card) or is_hero(c, e.card)]
    rest = [e for e in deck.cards if e not in fixed]
    places = size - sum(e.copies for e in fixed)
    shipped = sum(e.copies for e in rest)
    copies = {e.card: min(MOST_COPIES, e.copies * places // shipped) for e in rest}
    left = places - sum(copies.values())
    levels = [0] * len(c.rules.start_units)  # before the draw, so that no seed can fall short
    for card_id, n in copies.items():
        card = c.card(card_id)
        if isinstance(card, Unit):
            levels[card.level - 1] += n
    if any(n < want for n, want in zip(levels, c.rules.start_units, strict=True)):
        raise ValueError(f"the {deck.alignment} deck cut to {size} cards would not hold the Units of the "
                         "starting forces (rules10)")
    open_ = [e for e in rest if copies[e.card] < MOST_COPIES]
    if left > len(open_):
        raise ValueError(f"the {deck.alignment} deck cannot make a tournament deck of {size} cards with at most "
                         f"{MOST_COPIES} copies of a card")
    if rng is None:
        for e in open_:
            copies[e.card] += 1
    else:
        for _ in range(left):
            e = open_.pop(rng.weighted_index([x.copies for x in open_]))
            copies[e.card] += 1
    cards = [*fixed, *(DeckEntry(card=e.card, copies=copies[e.card]) for e in rest if copies[e.card])]
    return Deck(alignment=deck.alignment, source=f"ours: a tournament deck of {size} (tournament.py)",
                cards=tuple(cards))


def tournament_decks(c: Content, kind: str, num_players: int, rng: Rng | None) -> tuple[Deck, ...]:
    """Every alignment's tournament deck of the option's size (drawn in the order of the alignments)."""
    size = deck_size(c, kind, num_players)
    return tuple(tournament_deck(c, d, size, rng) for d in c.decks)
