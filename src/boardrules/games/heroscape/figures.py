"""Queries about army cards and figures that every section of the rules asks: a figure's card,
its name in actions, who is engaged with it, whose turn it is, which figures the revealed
order marker activates. The sections take a ``Figures`` (the content and these queries);
the game holds one.
"""

from __future__ import annotations

from ...engine.naming import pname as pname  # the engine's, shared by every game
from .battlefield import Battlefield
from .content import Content
from .content_model import Card
from .engagement import adjacent
from .state import SHState


class Figures:
    """The content of a game, and the questions the rules ask of a state with it."""

    def __init__(self, content: Content) -> None:
        self.c = content
        self.card_index = {c.id: i for i, c in enumerate(content.cards)}

    def bf(self, s: SHState) -> Battlefield:
        return self.c.battlefields[s.field]

    def card(self, s: SHState, card: int) -> Card:
        return self.c.cards[s.cards[card][0]]

    def fig_card(self, s: SHState, fig: int) -> Card:
        return self.c.cards[s.cards[s.figures[fig].card][0]]

    # -- names in actions ----------------------------------------------------------------------
    def fig_name(self, s: SHState, fig: int) -> str:
        if s.names:
            return s.names[fig]  # the armies are complete: names are fixed
        cards = s.cards
        kind = cards[s.figures[fig].card][0]
        card = self.c.cards[kind]
        mates = [i for i, g in enumerate(s.figures) if cards[g.card][0] == kind]  # Common cards: all alike
        if card.figures == 1 and len(mates) == 1:
            return card.id
        return f"{card.id}-{mates.index(fig) + 1}"

    def fig_named(self, s: SHState, name: str) -> int | None:
        if s.names:
            return s.names.index(name) if name in s.names else None
        return next((i for i in range(len(s.figures)) if self.fig_name(s, i) == name), None)

    def place_name(self, s: SHState, spaces: tuple[int, ...]) -> str:
        names = self.c.battlefields[s.field].names
        return names[spaces[0]] if len(spaces) == 1 else f"{names[spaces[0]]}-{names[spaces[1]]}"

    # -- engagement --------------------------------------------------------------------------
    def engaged_with(self, s: SHState, fig: int, spaces: tuple[int, ...] | None = None) -> list[int]:
        """The enemy figures engaged with ``fig`` (standing on ``spaces`` if given)."""
        f = s.figures[fig]
        at = f.spaces if spaces is None else spaces
        bf = self.bf(s)
        around = set(bf.adjacent[at[0]]).union(*(bf.adjacent[x] for x in at[1:]))
        height = self.fig_card(s, fig).height
        out = []
        for i, g in enumerate(s.figures):
            if g.owner != f.owner and g.alive and not around.isdisjoint(g.spaces) and adjacent(
                    bf, at, height, g.spaces, self.fig_card(s, i).height):
                out.append(i)
        return out

    def engaged(self, s: SHState, fig: int) -> bool:
        return bool(self.engaged_with(s, fig))

    # -- the turn ------------------------------------------------------------------------------
    def current(self, s: SHState) -> int:
        """The player whose turn it is."""
        return s.order[s.turn_index % len(s.order)] if s.order else 0

    def active(self, s: SHState) -> list[int]:
        """The figures the revealed marker activates: those of its card; for a Common card, up to
        its number of figures among all the player's figures of that card's kind."""
        card = self.card(s, s.active_card)
        if card.rarity != "common":
            return s.living(s.active_card)
        owner = s.cards[s.active_card][1]
        kind = s.cards[s.active_card][0]
        same = [i for i, f in enumerate(s.figures)
                if f.alive and f.spaces and f.owner == owner and s.cards[f.card][0] == kind]
        used = set(s.moved) | set(s.attacked)
        return [i for i in same if i in used] if len(used) >= card.figures else same

    def living_cards(self, s: SHState, p: int) -> list[int]:
        """The player's army cards with a figure on the battlefield."""
        on = {f.card for f in s.figures if f.alive and f.spaces}
        return [c for c in s.cards_of(p) if c in on]

    def surviving_cards(self, s: SHState, p: int) -> list[int]:
        """The player's army cards with a figure left (on the battlefield, or waiting to drop)."""
        return [c for c in s.cards_of(p) if s.surviving(c)]

    def destroyed_mates(self, s: SHState, card_no: int) -> list[int]:
        """The destroyed figures of an army card."""
        return [i for i, f in enumerate(s.figures) if f.card == card_no and not f.alive]
