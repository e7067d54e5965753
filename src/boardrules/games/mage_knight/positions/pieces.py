"""Every supply of one game (``supply.Supply``), read from its set-up, and the places of a
position that share them (``Spot``): the Deed cards (each hero's own cards, the Advanced Action,
Spell and Artifact cards every deck and hand shares, Wounds without limit), the Units, the enemy
tokens by colour, the ruins tokens, the skill tokens. The given places take theirs first
(``take_given``), then the places left out keep what the set-up put there (``keep_left_out``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from ....engine import PositionError
from ....engine.positions import shown
from ..cards.deck import WOUND
from ..content import COLOURS, Tables
from ..game_state import MKState
from .supply import Supply

SHARED_KINDS = {"advanced": "an Advanced Action", "spell": "a Spell", "artifact": "an Artifact"}


@dataclass
class Spot:
    """A place of the position holding pieces: its field, what it gives (None: left out) and
    what the set-up put there; ``out`` is what it holds once the supplies are shared."""

    path: str
    given: list[str] | None
    fresh: list[str]
    take: Callable[[str, str], None]  # (entry's path, id): count a given entry, or refuse it
    keep: Callable[[str], bool]  # whether an entry the set-up put there stays
    out: list[str] = field(default_factory=list)


def share(spots: list[Spot]) -> None:
    """The given places take theirs, then those left out keep what is left of theirs."""
    for spot in spots:
        if spot.given is not None:
            for j, x in enumerate(spot.given):
                spot.take(f"{spot.path}[{j}]", x)
            spot.out = list(spot.given)
    for spot in spots:
        if spot.given is None:
            spot.out = [x for x in spot.fresh if spot.keep(x)]


class Pieces:
    """The supplies of the game set up as ``fresh``, the Dummy player being ``dummy_hero``."""

    def __init__(self, t: Tables, fresh: MKState, dummy_hero: str = "") -> None:
        self.t = t
        g = fresh.g
        decks = {"advanced": g.aa_deck + g.aa_offer + g.unit_offer_aa, "spell": g.spell_deck + g.spell_offer,
                 "artifact": g.artifact_deck}
        self.cards = {k: Supply(what, decks[k], self._card_why(what, k)) for k, what in SHARED_KINDS.items()}
        self.heroes = fresh.heroes
        self.own = [Supply(f"{t.hero[h].name}'s", t.starting_deck(h), self._own_why(h)) for h in fresh.heroes]
        self.dummy_own = Supply("the Dummy's", t.starting_deck(dummy_hero), self._own_why(dummy_hero)) \
            if dummy_hero else None
        self.units = Supply("a Unit", g.regular_units + g.elite_units + g.unit_offer,
                            self._why("a Unit", t.unit, "the Unit decks"))
        on_map = [x.id for ts in g.enemies.values() for x in ts]
        self.enemies = {c: Supply(f"a {c} enemy token", g.enemy_piles[c] + g.enemy_discards[c] +
                                  [x for x in on_map if t.enemy[x].colour == c], self._enemy_why(c)) for c in COLOURS}
        self.ruins = Supply("a ruins token", g.ruins_pile + g.ruins_discard + [x.id for x in g.ruins.values()],
                            self._why("a ruins token", t.ruins_token, "the ruins tokens"))
        skills = [x for p in g.players for x in p.skill_pile] + g.common_skills
        if dummy_hero:
            skills += [x for x in t.skill_pile(dummy_hero) if t.skill[x].type != "interactive"]
        self.skills = Supply("a skill token", skills, self._why("a skill token", t.skill, "the heroes' skill tokens"))

    # -- why an id is refused ------------------------------------------------------------------
    def _why(self, what: str, known: Collection[str], where: str) -> Callable[[str], str]:
        def why(x: str) -> str:
            if x in known:
                return f"{what} of this game ({where} of the sets played and the scenario)"
            return what
        return why

    def _card_why(self, what: str, kind: str) -> Callable[[str], str]:
        def why(x: str) -> str:
            card = self.t.card.get(x)
            if card is None:
                return what
            if card.kind != kind:
                return f"{what} (it is {SHARED_KINDS.get(card.kind, 'a ' + card.kind + ' card')})"
            return f"{what} of this game (the sets played and the scenario)"
        return why

    def _own_why(self, hero: str) -> Callable[[str], str]:
        name = self.t.hero[hero].name if hero in self.t.hero else hero

        def why(x: str) -> str:
            return f"one of {name}'s cards"
        return why

    def _enemy_why(self, colour: str) -> Callable[[str], str]:
        def why(x: str) -> str:
            e = self.t.enemy.get(x)
            if e is not None and e.colour != colour:
                return f"a {colour} enemy token (it is {e.colour})"
            return f"a {colour} enemy token" + (" of this game (the sets played)" if e is not None else "")
        return why

    # -- routing an entry to its supply --------------------------------------------------------
    def enemy_take(self, where: str, x: str) -> None:
        e = self.t.enemy.get(x)
        if e is None:
            raise PositionError(where, f"{shown(x)} is not an enemy token")
        self.enemies[e.colour].take_one(where, x)

    def enemy_keep(self, x: str) -> bool:
        return self.enemies[self.t.enemy[x].colour].keep(x)

    def deed_take(self, own: Supply) -> Callable[[str, str], None]:
        """A Deed card of a hero's (or the Dummy's) piles: a Wound, one of the hero's own cards, or
        a card of the decks every hero shares."""
        def take(where: str, x: str) -> None:
            if x == WOUND:
                return
            if x in own:
                own.take_one(where, x)
                return
            card = self.t.card.get(x)
            if card is None or card.kind not in self.cards:
                raise PositionError(where, f"{shown(x)} is not a Wound, {own.unknown(x)}, nor an Advanced Action, "
                                    "Spell or Artifact")
            self.cards[card.kind].take_one(where, x)
        return take

    def deed_keep(self, own: Supply) -> Callable[[str], bool]:
        def keep(x: str) -> bool:
            if x == WOUND:
                return True
            if x in own:
                return own.keep(x)
            return self.cards[self.t.card[x].kind].keep(x)
        return keep

    def card_spot(self, path: str, given: list[str] | None, fresh: list[str], kind: str) -> Spot:
        supply = self.cards[kind]
        return Spot(path, given, fresh, supply.take_one, supply.keep)


__all__ = ["Pieces", "SHARED_KINDS", "Spot", "share"]
