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
from .mana import roll_die
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
TACTIC_MARK = "tactic:"  # a Tactic flipped (used) this turn or round, kept with the skills turned face down
TACTICS_USED = ("long-night", "midnight-meditation", "mana-search", "rethink", "preparation")  # used in a turn
TACTIC_CHOICES = ("rethink", "preparation")  # "when taken": at the start of the first turn, or never


def tactic_usable(t: Tables, s: GameState, player: int) -> str:
    """The Tactic the player may use now (facts 3.6), or "": Long Night with an empty deck and a
    discard pile; Midnight Meditation before anything else of the turn; Mana Search before a
    Source die is taken this turn; each once (the Night's) or once a turn (Mana Search)."""
    p = s.players[player]
    tactic = p.tactic
    if tactic not in TACTICS_USED or TACTIC_MARK + tactic in p.skills_used or s.combat is not None:
        return ""
    if tactic == "long-night":
        return tactic if not p.deck and p.discard else ""
    if tactic in ("midnight-meditation", "rethink"):
        return tactic if p.hand and not (p.path or p.acted or p.play_area or p.rested) else ""
    if tactic == "preparation":
        return tactic if p.deck and not (p.path or p.acted or p.play_area or p.rested) else ""
    return tactic if not s.source_used else ""


def long_night(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Long Night: with an empty deck, shuffle the discard pile and put three random cards of it
    back as the deck."""
    p = s.players[player]
    if tactic_usable(t, s, player) != "long-night":
        raise IllegalActionError("Long Night is used once this Night, with an empty deck", TACTICS)
    pile = sorted(p.discard)
    s.rng.shuffle(pile)
    p.deck, p.discard = pile[:3], pile[3:]
    p.skills_used.append(TACTIC_MARK + "long-night")
    events.append(Event("tactic", f"uses Long Night: {len(p.deck)} card(s) back as the deck", player))


def midnight_meditation(t: Tables, s: GameState, player: int, cards: int, events: list[Event]) -> None:
    """Midnight Meditation: the ``cards`` already shuffled from the hand into the deck (at most
    five, each as it was chosen), draw as many."""
    p = s.players[player]
    if cards > 5:
        raise IllegalActionError("Midnight Meditation shuffles at most five cards", TACTICS)
    p.deck.sort()
    s.rng.shuffle(p.deck)
    draw(p, cards)
    p.skills_used.append(TACTIC_MARK + "midnight-meditation")
    events.append(Event("tactic", f"uses Midnight Meditation: {cards} card(s) shuffled in and drawn", player))


def mana_search(t: Tables, s: GameState, player: int, dice: list[int], events: list[Event]) -> None:
    """Mana Search: re-roll up to two Source dice (1-based), depleted ones (gold at Night, black
    by Day) first, before a die is taken this turn."""
    p = s.players[player]
    if tactic_usable(t, s, player) != "mana-search" or len(dice) > 2 or len(set(dice)) != len(dice):
        raise IllegalActionError("Mana Search re-rolls up to two dice once a turn, before a die is taken", TACTICS)
    depleted = [i + 1 for i, f in enumerate(s.source) if f == ("gold" if s.night else "black")]
    if any(d not in depleted for d in dice[:len(depleted)]):
        raise IllegalActionError(f"Mana Search re-rolls the depleted dice first ({', '.join(map(str, depleted))})",
                                 TACTICS)
    for d in dice:
        s.source[d - 1] = roll_die(s.rng)
    p.skills_used.append(TACTIC_MARK + "mana-search")
    events.append(Event("tactic", f"uses Mana Search: re-rolls {len(dice)} die/dice", player))


def tactic_when_taken(t: Tables, s: GameState, player: int, tactic: str, events: list[Event]) -> None:
    """Facts 3.6: a "when taken" Tactic's plain effect at once (Great Start: draw two cards).
    Rethink and Preparation ask for cards: they are used at the start of the player's first turn
    of the round (``TACTIC_CHOICES``, rules-choices.md); Mana Steal is not played yet."""
    tc = t.tactic[tactic]
    if tc.use == "when-taken" and all(e.type != "special" for e in tc.effect[0]):
        resolve_effects(t, s, player, SkillPlay(tc.name), tc.effect[0], events)


def tactic_moment_passed(s: GameState, player: int) -> None:
    """Rethink and Preparation not used before the first thing done in the round's first turn are
    not used at all."""
    p = s.players[player]
    if p.tactic in TACTIC_CHOICES and TACTIC_MARK + p.tactic not in p.skills_used:
        p.skills_used.append(TACTIC_MARK + p.tactic)


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
    p.skills_used.append(TACTIC_MARK + "rethink")
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
    p.skills_used.append(TACTIC_MARK + "preparation")
    events.append(Event("prepared", "takes a card of the deck into the hand", player))


def turn_skills_face_up(t: Tables, s: GameState, player: int) -> None:
    """End of turn: "once a turn" skills are turned face up again."""
    p = s.players[player]
    p.skills_used = [k for k in p.skills_used
                     if (t.tactic[k[7:]].use != "each-turn" if k.startswith(TACTIC_MARK) else t.skill[k].type != "turn")]


__all__ = ["TACTICS_USED", "TACTIC_CHOICES", "TACTIC_MARK", "long_night", "mana_search", "midnight_meditation",
           "tactic_moment_passed", "tactic_usable", "prepare", "rethink", "tactic_when_taken", "turn_skills_face_up", "use_skill"]
