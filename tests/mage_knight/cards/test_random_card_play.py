"""Random card play: seeded turns of a hero's real deck, playing random cards in random ways
(in and out of a combat) with random mana. After every attempt: a refused play changes
nothing and names a rule; otherwise the Deed cards are conserved (only Wounds come and go), no
count is negative, crystals stay at 3 or fewer, and no more Source dice are used than allowed."""

from __future__ import annotations

from collections import Counter

import pytest
from mk_positions import combat

from boardrules.engine import Event, IllegalActionError, Rng
from boardrules.games.mage_knight.cards.deck import WOUND, new_deed_deck
from boardrules.games.mage_knight.cards.mana import mana_sources, roll_source
from boardrules.games.mage_knight.cards.playing import SIDEWAYS, play_card
from boardrules.games.mage_knight.content import default_content
from boardrules.games.mage_knight.game_state import BASIC, GameState

T = default_content()
HEROES = [h.id for h in T.heroes]
PHASES = ("ranged", "block", "attack")


def cards_of(s: GameState) -> Counter[str]:
    p = s.players[0]
    return Counter(c for c in p.deck + p.hand + p.play_area + p.discard + p.thrown if c != WOUND)


def random_turn(seed: int) -> None:
    rng = Rng(seed)
    s = GameState(players=2, seed=seed)
    s.night = rng.below(2) == 1
    roll_source(s)
    p = s.players[0]
    deck = T.starting_deck(rng.choice(HEROES)) + [rng.choice(T.cards_of("advanced")), rng.choice(T.cards_of("spell"))]
    new_deed_deck(p, deck, rng, 7)
    p.hand += [WOUND] * rng.below(2)
    for colour in BASIC:
        p.crystals[colour] = rng.below(3)
        p.mana[colour] = rng.below(2)
    if rng.below(2):
        s.combat = combat(rng.choice(["prowlers", "orc-summoners", "ironclads", "fire-mages"]), night=s.night).c
        s.combat.phase = rng.choice(PHASES)
    for _ in range(12):
        if not p.hand:
            break
        card = rng.choice(p.hand)
        how = rng.choice(("basic", "powered", *SIDEWAYS))
        kw: dict[str, object] = {"option": 1 + rng.below(3), "colour": rng.choice((*BASIC, "gold", "black")),
                                 "die": 1 + rng.below(len(s.source)), "target": 1}
        others = [c for c in p.hand if c != card]
        if others:
            kw["other"] = rng.choice(others)
        if card != WOUND:
            needs = T.card[card].powering[0] if how == "powered" else T.card[card].basic_cost
            if needs == () and T.card[card].basic and how == "basic" and rng.below(2):
                needs = (rng.choice(BASIC),)  # Crystallize and the like pay mana as an effect
            mana = []
            for colour in needs:
                ways = mana_sources(s, 0, colour) or ["token"]
                mana.append(rng.choice(ways))
            kw["mana"] = tuple(mana)
        before_json, before_cards = s.to_json(), cards_of(s)
        events: list[Event] = []
        try:
            play_card(T, s, 0, card, how, events, **kw)  # type: ignore[arg-type]
        except IllegalActionError as e:
            assert s.to_json() == before_json, f"a refused play of {card} ({how}) changed the state"
            assert e.reason
            continue
        p = s.players[0]
        assert cards_of(s) == before_cards, f"{card} ({how}) lost or made Deed cards"
        assert all(n >= 0 for n in p.mana.values()) and all(0 <= n <= 3 for n in p.crystals.values())
        assert min(p.move_points, p.influence_points, p.fame) >= 0
        assert len(s.source_used) <= s.dice_allowed
        assert events and events[-1].kind == "played"


@pytest.mark.parametrize("seed", range(150))
def test_random_card_play_keeps_the_invariants(seed: int) -> None:
    random_turn(seed)
