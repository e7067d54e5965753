"""Mage Knight invariants checked after every action of random games (issue 11 "Property tests"):
Deed cards conserved across decks, hands, play areas, discard piles, thrown-away cards, offers and
the Dummy's deck; Units conserved across the Unit decks, the offer and the heroes; the Source keeps
its number of dice; no negative counts; every mark of a turn or combat has its slot in the
observation vector; every decision has a legal action; a forfeited turn (announcing the End of
the Round) offers its player nothing more; views hide the deck
order and determinize agrees with the view, its sample's decision having a legal action too. Used by tests/mage_knight/test_random_games.py and by
benchmarks/property_run.py."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Mapping

from random_play import check_decision, check_view, play_checked

from boardrules.engine import Rng
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import GameState, MKState, is_mark
from boardrules.games.mage_knight.game_state import marks as turn_marks
from boardrules.games.mage_knight.knowledge.views import _in_play
from boardrules.games.mage_knight.research.observation_fields import (
    COMBAT_KINDS,
    LASTING,
    SITES,
    THIS_COMBAT,
    THIS_TURN,
    mark_slot,
    skill_marks,
)


def deed_cards(g: GameState) -> Counter[str]:
    """Every Deed card but Wounds (their pile is unlimited), wherever it is, bought cards waiting
    for the end of the turn included."""
    n: Counter[str] = Counter()
    for p in g.players:
        for pile in (p.deck, p.hand, p.play_area, p.discard, p.thrown):
            n.update(pile)
        # an Advanced Action bought at a monastery waits as a reward until the end of the turn
        n.update(r.partition(":")[2] for r in p.pending if r.startswith("advanced-action:"))
    for spared in g.spared:  # under Sparing Power
        n.update(spared)
    for pile in (g.aa_offer, g.aa_deck, g.unit_offer_aa, g.spell_offer, g.spell_deck, g.artifact_deck):
        n.update(pile)
    if g.dummy is not None:
        n.update(g.dummy.deck)
        n.update(g.dummy.discard)
    del n[WOUND]
    return n


def unread_marks(game: MageKnight, g: GameState) -> list[str]:
    """The marks of the turn, the combat and the skills used (and the kinds of a turn's lasting
    changes, and what a combat is for) that the observation vector would count only as "others":
    a mark added by a rule must get its slot (research/observation.py)."""
    marks = skill_marks(tuple(x.id for x in game.t.tactics))
    out = []
    for p in g.players:
        out += [w for w in turn_marks(p) if mark_slot(THIS_TURN, w) is None]
        out += [w for w in p.skills_used if w not in game.t.skill and mark_slot(marks, w) is None]
        out += [x[0] for x in p.lasting if x[0] not in LASTING and not is_mark(x[0])]
    if g.combat is not None:
        out += [w for w in g.combat.this_combat if mark_slot(THIS_COMBAT, w) is None]
    kind = g.combat_site.get("kind")
    if kind is not None and kind not in COMBAT_KINDS and kind not in SITES:
        out.append(f"combat_site:{kind}")
    return out


def units(g: GameState) -> Counter[str]:
    n = Counter(g.unit_offer) + Counter(g.regular_units) + Counter(g.elite_units)
    for p in g.players:
        n.update(u[0] for u in p.units)
    return n


class Invariants:
    """The counts of the first state, checked against every later one. Cards and Units may only
    leave through the rules that put them out of the game (a disbanded or destroyed Unit, a card
    thrown away stays counted in ``thrown``)."""

    def __init__(self, game: MageKnight, s: MKState) -> None:
        self.game = game
        self.cards = deed_cards(s.g)
        self.units = units(s.g)
        self.dice = len(s.g.source)

    def check(self, s: MKState) -> None:
        g = s.g
        assert deed_cards(g) == self.cards, (deed_cards(g) - self.cards, self.cards - deed_cards(g))
        assert units(g) <= self.units, units(g) - self.units  # Units out of the game (disbanded) may go
        assert len(g.source) == self.dice, "the Source changed its number of dice"
        assert all(0 <= i < self.dice for i in g.source_used)
        for p in g.players:
            assert min(p.move_points, p.influence_points, p.fame, p.level, p.command, p.healing) >= 0
            assert all(n >= 0 for n in p.mana.values()) and all(0 <= n <= 3 for n in p.crystals.values())
            assert -7 <= p.reputation <= 7
            assert len(p.units) <= p.command
            assert all(0 <= u[1] <= 2 for u in p.units)
        assert not unread_marks(self.game, g), f"marks the observation reads only as others: {unread_marks(self.game, g)}"
        check_decision(self.game, s)
        check_forfeited(self.game, s)


def check_forfeited(game: MageKnight, s: MKState) -> None:
    """Facts 5.7 "Announcing forfeits that turn" (and a player with no cards at all after the
    announcement forfeits): the rulebook's "your turn ends immediately", so no card, skill, move
    or anything else of that turn is offered to its player after it."""
    d = game.decision(s)
    g = s.g
    if d is None or not s.turn_begun or not 0 <= g.current < len(g.players) or not g.players[g.current].forfeited:
        return
    assert d.player != g.current, f"a forfeited turn offers its player: {[a.text for a in d.actions][:8]}"


def check_knowledge(g: GameState) -> None:
    """What the players have seen of the hidden cards (knowledge/seen.py) is true of ``g``: the cards seen
    in a hand are there, those seen on top or at the bottom of a Deed deck lie there."""
    for p in g.players:
        assert not Counter(p.shown) - Counter(p.hand), f"cards seen in a hand are not there: {p.shown}, {p.hand}"
        assert 0 <= p.deck_top_seen <= p.deck_top_own <= len(p.deck) and 0 <= p.deck_bottom_seen <= len(p.deck)


def check_sample(real: MKState, sample: MKState, viewer: int) -> None:
    """A determinized sample agrees with what ``viewer`` knows of the real state: the cards seen in
    each hand, on top and at the bottom of each Deed deck, and their own deck's top they know."""
    check_knowledge(sample.g)
    for i, (p, q) in enumerate(zip(real.g.players, sample.g.players, strict=True)):
        top, bottom = min(p.deck_top_seen, len(p.deck)), min(p.deck_bottom_seen, len(p.deck))
        assert q.deck[len(q.deck) - top:] == p.deck[len(p.deck) - top:], "a card seen on top of a deck moved"
        assert q.deck[:bottom] == p.deck[:bottom] or top + bottom > len(p.deck), "a card seen under a deck moved"
        if i == viewer:
            own = min(max(p.deck_top_own, p.deck_top_seen), len(p.deck))
            assert q.deck[len(q.deck) - own:] == p.deck[len(p.deck) - own:], "a card known on top of one's deck moved"
            assert sorted(q.hand) == sorted(p.hand) and sorted(q.deck) == sorted(p.deck)


def combat_hand_twin(s: MKState, viewer: int) -> MKState | None:
    """A twin of ``s`` that ``viewer`` cannot tell from it, if another hero is in a combat: that
    hero's hand holds one Wound more and one other card fewer (or the reverse), the combat's
    counts of the hand following. A Wound of the hand and another card of the deck (or the
    reverse) change places where no one saw them; else only the combat's counts change."""
    c = s.g.combat
    if c is None or c.player == viewer:
        return None
    twin = copy.deepcopy(s)
    p, h = twin.g.players[c.player], twin.g.combat.hero  # type: ignore[union-attr]
    top, bottom = min(p.deck_top_seen, len(p.deck)), min(p.deck_bottom_seen, len(p.deck))
    hidden = range(bottom, len(p.deck) - top)  # the deck's cards no one saw go where they are
    blind = {card for owner, card in twin.g.blind if owner == c.player}
    kept = Counter(p.shown) + Counter(_in_play(twin, c.player))  # cards seen in the hand stay there
    more = h.hand > 0 and not h.hand_discarded  # one Wound more in the hand
    for k, card in enumerate(p.hand):
        if (card == WOUND) == more or p.hand.count(card) <= kept[card] or card in blind:
            continue
        j = next((j for j in hidden if (p.deck[j] == WOUND) == more and p.deck[j] not in blind), None)
        if j is not None:
            p.hand[k], p.deck[j] = p.deck[j], card
            break
    if more:
        h.hand, h.wounds_hand = h.hand - 1, h.wounds_hand + 1
    elif h.wounds_hand > h.wounds_this_combat:
        h.hand, h.wounds_hand = h.hand + 1, h.wounds_hand - 1
    else:
        return None
    twin.cached = None
    return twin


def check_views(game: MageKnight, s: MKState, rng: Rng) -> None:
    check_knowledge(s.g)
    for viewer in range(s.num_players):
        blob = json.dumps(check_view(game, s, viewer, rng))
        twin = combat_hand_twin(s, viewer)
        if twin is not None:  # what the combat's hero holds is hidden from the others
            assert json.dumps(game.view(twin, viewer)) == blob, "the view shows what a combat's hero holds"
        sample = game.determinize(s, viewer, rng.spawn())
        check_sample(s, sample, viewer)
        check_decision(game, sample)  # a sample's question has answers
        for other, p in enumerate(s.g.players):
            if other != viewer and len(p.deck) >= 5 and p.deck != sorted(p.deck):  # deck order never shows
                assert json.dumps(p.deck) not in blob


def scenario(players: int, seed: int) -> str:
    """Solo Conquest for one player; First Reconnaissance and Full Conquest in turn otherwise."""
    if players == 1:
        return "solo-conquest"
    return ("first-reconnaissance", "full-conquest")[seed // 4 % 2]


def run_game(game: MageKnight, players: int, seed: int, *, views_every: int = 0,
             options: Mapping[str, str] | None = None) -> tuple[MKState, list[str]]:
    """A seeded random game with every invariant checked; ``options`` (``sets=base,LL``...) join
    the scenario the seed chooses."""
    s = game.new_state(players, seed, {"scenario": scenario(players, seed), **(options or {})})
    inv = Invariants(game, s)
    actions = play_checked(game, s, seed, inv.check, salt=0x4D4B,
                           views=lambda s, rng: check_views(game, s, rng), views_every=views_every)
    assert s.over
    return s, actions
