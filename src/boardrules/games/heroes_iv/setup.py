"""Setting up (rules10): alignments and decks, the starting forces as one Army Stack with the Hero
on top and the Town card kept aside, 8 cards drawn (5 to the Adventure Stack, 3 to the hand), the
map sections shuffled face down to be attached in turn, and the Army Stacks placed on edge spaces."""

from __future__ import annotations

from ...engine import OptionError, Rng
from .content import ALIGNMENT_IDS, Content
from .content_model import Deck
from .queries import is_hero, is_town, is_unit, order_stack
from .state import Army, H4State, Player, Space
from .tournament import deck_size, tournament_deck

ROUNDS = 12  # ours: the game ends after this many rounds (rules-choices.md, Winning)


def deck_of(c: Content, alignment: str, decks: tuple[Deck, ...] | None = None) -> Deck:
    return next(d for d in (decks or c.decks) if d.alignment == alignment)


def starting_forces(c: Content, deck: list[str]) -> tuple[list[str], str]:
    """Take from a (shuffled) deck the first Hero, the first Units of each level as the rules
    ask, and the first Town card; returns the Army Stack's cards and the Town card."""
    want = list(c.rules.start_units)
    army: list[str] = []
    town = ""
    hero = False
    keep: list[str] = []
    for k in reversed(deck):  # from the top
        card = c.card(k)
        if not hero and is_hero(c, k):
            army.append(k)
            hero = True
        elif is_unit(c, k) and want[card.level - 1] > 0:  # type: ignore[union-attr]
            want[card.level - 1] -= 1  # type: ignore[union-attr]
            army.append(k)
        elif not town and is_town(c, k):
            town = k
        else:
            keep.append(k)
    deck[:] = keep[::-1]
    return order_stack(c, army), town


def new_game(c: Content, num_players: int, seed: int, alignments: list[str] | None = None,
             decks: tuple[Deck, ...] | None = None, kind: str = "casual") -> H4State:
    """``decks``: the players' own decks (content.with_decks), else the content's; ``kind``
    "tournament" or "tournament-sections": each player's deck is built from his alignment's by the
    rule of tournament.py, in seat order, with the game's generator."""
    s = H4State()
    s.rng = Rng(seed)
    s.num_players = num_players
    s.rounds = ROUNDS
    if alignments is None:
        pool = list(ALIGNMENT_IDS)
        s.rng.shuffle(pool)
        alignments = pool[:num_players]
    if len(alignments) != num_players:
        raise OptionError(f"name one alignment per player ({num_players}), not {len(alignments)}")
    r = c.rules
    for seat, al in enumerate(alignments):
        if al not in ALIGNMENT_IDS:
            raise OptionError(f"no alignment {al!r} (choose from {', '.join(ALIGNMENT_IDS)})")
        p = Player(al)
        built = deck_of(c, al, decks)
        if kind != "casual":
            built = tournament_deck(c, built, deck_size(c, kind, num_players), s.rng)
        s.decklists.append(tuple((e.card, e.copies) for e in built.cards))
        deck = [e.card for e in built.cards for _ in range(e.copies)]
        s.rng.shuffle(deck)
        cards, town = starting_forces(c, deck)
        p.aside = [town]
        p.hero = next((k for k in cards if is_hero(c, k)), "")
        p.adventure = [deck.pop() for _ in range(r.adventure_stack)]
        p.hand = [deck.pop() for _ in range(r.hand)]
        p.deck = deck
        s.players.append(p)
        s.armies.append(Army(seat, s.take_army_marker(), -1, cards))
    sections = sorted(sec.id for sec in c.sections)
    s.rng.shuffle(sections)
    s.sections_left = sections[: min(len(sections), num_players + r.sections_extra)]
    s.first = first_player(s)
    s.stage = "build"
    return s


def first_player(s: H4State) -> int:
    """Ours (rules h4-3, rules-choices.md "Seat balance"): the first player is drawn at random. He
    is "the youngest player" who attaches the first map section (rules10), places his Army Stack
    first and begins every round: the order costs the first player some of his share and favours the
    last, so no seat is to be always first."""
    return s.rng.below(s.num_players)


def make_spaces(s: H4State) -> None:
    """Once the map is built, its undefined spaces."""
    assert s.board is not None
    s.spaces = {h: Space(h, s.board.kind[h]) for h in s.board.spaces}
