"""Using skills (facts 3.5, 6.2): a skill token is used through the same interpreter as the
cards; a "once a turn" skill is turned face down until the end of the turn, a "once a round"
skill until the next round. Passive skills are always in effect; interactive skills and the
skills' own mechanisms (``special:skill``) are not in this stage.
"""

from __future__ import annotations

from ...engine import Event, IllegalActionError
from .content import Tables
from .deck import draw
from .game_state import GameState
from .playing import SkillPlay, resolve_effects

RULE = "Using Skills"


def use_skill(t: Tables, s: GameState, player: int, skill: str, events: list[Event], option: int = 1,
              colour: str = "", target: int = 0, other: str = "") -> None:
    """Use a skill the player owns (``option``: 1-based, when the skill offers a choice;
    ``colour``, ``target`` and ``other`` as for cards)."""
    p = s.players[player]
    if skill not in p.skills:
        raise IllegalActionError(f"you do not have the skill {skill}", RULE)
    sk = t.skill[skill]
    if sk.type == "passive":
        raise IllegalActionError(f"{sk.name} is always in effect: it is not used", RULE)
    if sk.type == "interactive":
        raise IllegalActionError(f"{sk.name} is an interactive skill: not playable yet", RULE)
    if skill in p.skills_used:
        when = "turn" if sk.type == "turn" else "round"
        raise IllegalActionError(f"{sk.name} was already used this {when}", RULE)
    if not 1 <= option <= len(sk.effect):
        raise IllegalActionError(f"{sk.name} offers {len(sk.effect)} choice(s): choose 1 to {len(sk.effect)}", RULE)
    g = s.clone()  # a refusal halfway leaves the state as it was
    new: list[Event] = []
    resolve_effects(t, g, player, SkillPlay(sk.name, id=sk.id), sk.effect[option - 1], new, colour=colour, target=target,
                    other=other)
    g.players[player].skills_used.append(skill)
    s.take_over(g)
    events += new
    events.append(Event("skill", f"uses {sk.name}", player, {"skill": skill}))


TACTICS = "Tactics"
TACTIC_CHOICES = ("rethink", "preparation")  # "when taken" tactics that ask for cards first


def tactic_when_taken(t: Tables, s: GameState, player: int, tactic: str, events: list[Event]) -> bool:
    """Facts 3.6: a "when taken" Tactic's effect at once (Great Start: draw two cards); whether
    it asks for cards first (Rethink: up to three from the hand; Preparation: one from the deck)."""
    tc = t.tactic[tactic]
    if tc.use != "when-taken":
        return False
    p = s.players[player]
    if tactic in TACTIC_CHOICES:
        return bool(p.hand if tactic == "rethink" else p.deck)
    if all(e.type != "special" for e in tc.effect[0]):
        resolve_effects(t, s, player, SkillPlay(tc.name), tc.effect[0], events)
    return False  # Mana Steal: not played yet (coverage.md)


def rethink(t: Tables, s: GameState, player: int, cards: list[str], events: list[Event]) -> None:
    """Rethink (facts 3.6): discard up to three cards of the hand (Wounds too), draw as many, then
    shuffle the discard pile into the deck."""
    p = s.players[player]
    if len(cards) > 3:
        raise IllegalActionError("Rethink discards at most three cards", TACTICS)
    hand = p.hand[:]
    for c in cards:
        if c not in hand:
            raise IllegalActionError(f"Rethink: you have no {c} in your hand", TACTICS)
        hand.remove(c)
    p.hand = hand
    p.discard += cards
    draw(p, len(cards))
    p.deck = sorted(p.deck + p.discard)  # shuffled from a sorted pile: the order never tells the old one
    p.discard = []
    s.rng.shuffle(p.deck)
    events.append(Event("rethink", f"discards {len(cards)} card(s), draws as many and shuffles", player,
                        {"cards": len(cards)}))


def prepare(t: Tables, s: GameState, player: int, card: str, events: list[Event]) -> None:
    """Preparation (facts 3.6): put any one card of the deck into the hand, then shuffle the deck."""
    p = s.players[player]
    if card not in p.deck:
        raise IllegalActionError(f"Preparation: there is no {card} in your deck", TACTICS)
    p.deck.remove(card)
    p.hand.append(card)
    p.deck.sort()
    s.rng.shuffle(p.deck)
    events.append(Event("prepared", "takes a card of the deck into the hand", player))


def turn_skills_face_up(t: Tables, s: GameState, player: int) -> None:
    """End of turn: "once a turn" skills are turned face up again."""
    p = s.players[player]
    p.skills_used = [k for k in p.skills_used if t.skill[k].type != "turn"]


__all__ = ["TACTIC_CHOICES", "prepare", "rethink", "tactic_when_taken", "turn_skills_face_up", "use_skill"]
