"""The Dummy player of Solo Conquest (facts 5.8 "Dummy player"): a hero nobody plays, its 16
starting cards and 3 crystals by its hero card's dots. It takes its turns in the Round Order:
with an empty deck it announces the End of the Round, otherwise it flips 3 cards to its discard
pile, then 1 more per crystal it has of the last flipped card's colour. It takes a random Tactic
after the player's; a skill of its own joins the Common Skill offer whenever the player gains one; at round preparation it takes the Advanced Action that leaves the offer into
its deck and a crystal of the colour of the Spell that leaves it (no crystal limit).
"""

from __future__ import annotations

from ....engine import Event, Rng
from ..content import Tables
from ..draws import draw_from
from ..game_state import DUMMY, DummyState, GameState
from ..knowledge.seen import put_under

FLIPS = 3


def new_dummy(t: Tables, hero: str, rng: Rng) -> DummyState:
    """Facts 5.8: the Dummy's 16 starting cards, shuffled, and its 3 crystals."""
    d = DummyState(hero)
    d.deck = t.starting_deck(hero)
    rng.shuffle(d.deck)
    for colour in t.hero[hero].dummy_crystals:
        d.crystals[colour] += 1
    d.skill_pile = [x for x in t.skill_pile(hero) if t.skill[x].type != "interactive"]
    rng.shuffle(d.skill_pile)
    return d


def dummy_skill_to_offer(s: GameState, gained: int, events: list[Event]) -> None:
    """Facts 5.8 Solo Conquest "Skills": each time the player gains a skill, one of the Dummy's
    skill tokens is revealed into the Common Skill offer."""
    d = s.dummy
    assert d is not None
    for _ in range(min(gained, len(d.skill_pile))):
        s.common_skills.append(d.skill_pile.pop())
        events.append(Event("common-skill", f"a skill of the Dummy player joins the Common Skill offer: "
                            f"{s.common_skills[-1]}", data={"skill": s.common_skills[-1]}))


def _colours(t: Tables, card: str) -> tuple[str, ...]:
    return tuple(t.card[card].colours)


def dummy_turn(t: Tables, s: GameState, events: list[Event]) -> None:
    """Facts 5.8 "Its turn": with an empty deck it announces the End of the Round (if nobody
    has yet); otherwise it flips 3 cards, then 1 more per crystal of the last card's colour (of
    either colour for a two-coloured card: the most crystals)."""
    d = s.dummy
    assert d is not None
    if not d.deck:
        if s.announced_by < 0:
            s.announced_by = DUMMY
            s.final_turns = [i for i in s.round_order if i != DUMMY]
            s.round_over = not s.final_turns
            events.append(Event("announced", "the Dummy player announces the End of the Round", data={"dummy": True}))
    else:
        flipped = [d.deck.pop() for _ in range(min(FLIPS, len(d.deck)))]
        extra = max((d.crystals.get(c, 0) for c in _colours(t, flipped[-1])), default=0)
        flipped += [d.deck.pop() for _ in range(min(extra, len(d.deck)))]
        d.discard += flipped
        events.append(Event("dummy-turn", f"the Dummy player flips {', '.join(flipped)}",
                            data={"cards": flipped, "deck": len(d.deck)}))
    if s.announced_by >= 0 and DUMMY in s.final_turns:
        s.final_turns.remove(DUMMY)
        s.round_over = not s.final_turns


def dummy_round(s: GameState, aa_left: bool, spell_left: bool, t: Tables, events: list[Event]) -> None:
    """Facts 5.2 step 3 and 5: the Advanced Action that left the offer goes into the Dummy's
    deck, it gains a crystal of the colour of the Spell that left it; then all its cards are
    shuffled into a new deck."""
    d = s.dummy
    assert d is not None
    if aa_left and s.aa_deck:
        d.deck.append(s.aa_deck.pop(0))  # the card just put at the bottom of the deck
        put_under(s, "aa_deck", -1)
    if spell_left and s.spell_deck:
        for colour in _colours(t, s.spell_deck[0])[:1]:
            d.crystals[colour] += 1
    d.deck += d.discard
    d.discard = []
    s.rng.shuffle(d.deck)
    events.append(Event("dummy-round", "the Dummy player shuffles its Deed cards", data={"deck": len(d.deck)}))


def dummy_tactic(s: GameState, events: list[Event]) -> None:
    """Facts 5.8 "Tactics": the Dummy takes a random one of the Tactics left."""
    d = s.dummy
    assert d is not None
    d.tactic = draw_from(s.rng, s.tactics)
    events.append(Event("tactic", f"the Dummy player takes {d.tactic}", data={"dummy": True, "tactic": d.tactic}))


__all__ = ["dummy_round", "dummy_skill_to_offer", "dummy_tactic", "dummy_turn", "new_dummy"]
