"""Using skills (facts 3.5, 6.2): a skill token is used through the same interpreter as the
cards; a "once a turn" skill is turned face down until the end of the turn, a "once a round"
skill until the next round. Passive skills are always in effect; interactive skills and the
skills' own mechanisms (``special:skill``) are not in this stage.
"""

from __future__ import annotations

from ....engine import Event, IllegalActionError
from ..cards.deck import draw
from ..cards.effects import resolve_effects
from ..cards.mana import die_free, night_rules, roll_die
from ..cards.played import SkillPlay
from ..content import Tables
from ..game_state import BASIC, GameState, PlayerState
from ..knowledge.seen import deck_shuffled, discarded_unseen_after
from ..specials import SKILL_SPECIALS

RULE = "Using Skills"


def use_skill(t: Tables, s: GameState, player: int, skill: str, events: list[Event], option: int = 1,
              colour: str = "", target: int = 0, other: str = "", mana: tuple[str, ...] = (),
              others_turn: bool = False) -> None:
    """Use a skill the player owns (``option``: 1-based, when the skill offers a choice;
    ``colour``, ``target`` and ``other`` as for cards; ``others_turn``: used on another player's
    turn, the Dummy player's included, while ``s.current`` may still be the player's)."""
    p = s.players[player]
    if skill not in p.skills:
        raise IllegalActionError(f"you do not have the skill {skill}", RULE)
    sk = t.skill[skill]
    if sk.type == "passive":
        raise IllegalActionError(f"{sk.name} is always in effect: it is not used", RULE)
    if sk.type == "interactive" and sk.id not in SKILL_SPECIALS:
        raise IllegalActionError(f"{sk.name} is an interactive skill: not playable yet", RULE)
    if skill in p.skills_used:
        when = "turn" if sk.type == "turn" else "round"
        raise IllegalActionError(f"{sk.name} was already used this {when}", RULE)
    if FLIPPED + skill in p.skills_used:  # Battle Frenzy's Attack 4
        until = "green mana is paid" if skill == "arcane-disguise" else "you rest"
        raise IllegalActionError(f"{sk.name} is face down until {until}", RULE)
    if skill.endswith(MOTIVATION) and motivation_waits(p):
        raise IllegalActionError("you cannot use another Motivation until the end of your next turn", RULE)
    if not 1 <= option <= len(sk.effect):
        raise IllegalActionError(f"{sk.name} offers {len(sk.effect)} choice(s): choose 1 to {len(sk.effect)}", RULE)
    g = s.clone()  # a refusal halfway leaves the state as it was
    new: list[Event] = []
    resolve_effects(t, g, player, SkillPlay(sk.name, id=sk.id), sk.effect[option - 1], new, colour=colour, target=target,
                    other=other, mana=mana)
    g.players[player].skills_used.append(skill)
    if skill.endswith(MOTIVATION):  # no other Motivation until the end of the owner's next turn
        g.players[player].skills_used.append(f"{MOTIVATION_WAIT}{2 if s.current == player and not others_turn else 1}")
    s.take_over(g)
    events += new
    events.append(Event("skill", f"uses {sk.name}", player, {"skill": skill}))


MOTIVATION = "-motivation"  # every hero's Motivation (the ids end so)
# facts 3.5 (REF): after a Motivation, no other until the end of your next turn: a skills_used
# mark counting the ends of the owner's turns still to come (2 when used in the own turn)
MOTIVATION_WAIT = "flipped:motivation:"


def motivation_waits(p: PlayerState) -> bool:
    """Whether a Motivation used lately keeps the player from using another now."""
    return any(k.startswith(MOTIVATION_WAIT) for k in p.skills_used)


TACTICS = "Tactics"
TACTIC_MARK = "tactic:"  # a Tactic flipped (used) this turn or round, kept with the skills turned face down
FLIPPED = "flipped:"  # a Tactic flipped for the rest of the round (Sparing Power taken back, The Right Moment)
TACTICS_USED = ("long-night", "midnight-meditation", "mana-search", "rethink", "preparation", "sparing-power",
                "the-right-moment")  # used in a turn
TACTIC_CHOICES = ("rethink", "preparation")  # "when taken": at the start of the first turn, or never


def tactic_usable(t: Tables, s: GameState, player: int) -> str:
    """The Tactic the player may use now (facts 3.6), or "": Long Night with an empty deck and a
    discard pile; Midnight Meditation before anything else of the turn; Mana Search before a
    Source die is taken this turn; each once (the Night's) or once a turn (Mana Search)."""
    p = s.players[player]
    tactic = p.tactic
    if tactic not in TACTICS_USED or TACTIC_MARK + tactic in p.skills_used or s.combat is not None or \
            FLIPPED + tactic in p.skills_used:
        return ""
    if tactic == "the-right-moment":  # not on a last turn: the round's or the game's end is announced
        return tactic if s.announced_by < 0 and not s.end_triggered else ""
    if tactic == "sparing-power":  # before the turn: a card to put under it, or cards to take
        fresh = not (p.path or p.acted or p.play_area or p.rested)
        return tactic if fresh and (p.deck or s.spared[player]) else ""
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
    deck_shuffled(p)
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
    deck_shuffled(p)
    draw(p, cards)
    p.skills_used.append(TACTIC_MARK + "midnight-meditation")
    events.append(Event("tactic", f"uses Midnight Meditation: {cards} card(s) shuffled in and drawn", player))


def mana_search_refusal(t: Tables, s: GameState, player: int, dice: list[int]) -> str | None:
    """Why Mana Search refuses to re-roll these dice (1-based) now, or None: up to two, once a
    turn before a die is taken, the depleted ones first, dice of the Source not on Mana Steal."""
    if tactic_usable(t, s, player) != "mana-search" or len(dice) > 2 or len(set(dice)) != len(dice):
        return "Mana Search re-rolls up to two dice once a turn, before a die is taken"
    depleted = [i + 1 for i, f in enumerate(s.source) if f == ("gold" if night_rules(s, player) else "black")]
    if any(d not in depleted for d in dice[:len(depleted)]):
        return f"Mana Search re-rolls the depleted dice first ({', '.join(map(str, depleted))})"
    if any(not 1 <= d <= len(s.source) or not die_free(s, d - 1) for d in dice):
        return "Mana Search re-rolls dice of the Source (not one on a Mana Steal card)"
    return None


def mana_search(t: Tables, s: GameState, player: int, dice: list[int], events: list[Event]) -> None:
    """Mana Search: re-roll up to two Source dice (1-based), depleted ones (gold at Night, black
    by Day) first, before a die is taken this turn."""
    p = s.players[player]
    if (why := mana_search_refusal(t, s, player, dice)) is not None:
        raise IllegalActionError(why, TACTICS)
    for d in dice:
        s.source[d - 1] = roll_die(s.rng)
    p.skills_used.append(TACTIC_MARK + "mana-search")
    events.append(Event("tactic", f"uses Mana Search: re-rolls {len(dice)} die/dice", player))


def mana_steal(t: Tables, s: GameState, player: int, die: int, events: list[Event]) -> None:
    """Mana Steal (facts 3.6), when taken: a Source die showing a basic colour goes onto the card
    (it stays in the Source's list, reserved: ``GameState.mana_steal``)."""
    if mana_steal_refused(s, die):
        raise IllegalActionError("Mana Steal takes a Source die showing a basic colour", TACTICS)
    s.mana_steal = (player, die - 1)
    events.append(Event("tactic", f"puts die {die} ({s.source[die - 1]}) on Mana Steal", player, {"die": die}))


def mana_steal_refused(s: GameState, die: int) -> bool:
    """Whether ``mana_steal`` refuses Source die ``die`` (1-based): not a free die showing a basic colour."""
    return not 1 <= die <= len(s.source) or s.source[die - 1] not in BASIC or not die_free(s, die - 1)


def mana_steal_possible(s: GameState) -> bool:
    """Whether a Source die shows a basic colour for Mana Steal to take."""
    return any(f in BASIC and die_free(s, i) for i, f in enumerate(s.source))


def sparing_power(t: Tables, s: GameState, player: int, option: int, events: list[Event]) -> None:
    """Sparing Power (facts 3.6), once before each of your turns: 1, put the top card of your
    deck face down under the card; 2, flip the card and take all the cards under it into hand."""
    p = s.players[player]
    if tactic_usable(t, s, player) != "sparing-power":
        raise IllegalActionError("Sparing Power is used once before each of your turns, until flipped", TACTICS)
    if option == 1:
        if not p.deck:
            raise IllegalActionError("Sparing Power: your deck is empty, no card to put under it", TACTICS)
        s.spared = (*s.spared[:player], (*s.spared[player], p.deck.pop()), *s.spared[player + 1:])
        p.deck_top_seen = max(0, p.deck_top_seen - 1)
        p.deck_top_own = max(0, p.deck_top_own - 1)
        p.deck_bottom_seen = min(p.deck_bottom_seen, len(p.deck))
        p.skills_used.append(TACTIC_MARK + "sparing-power")
        events.append(Event("tactic", "puts the top card of the deck under Sparing Power", player))
    elif option == 2:
        if not s.spared[player]:
            raise IllegalActionError("Sparing Power: there is no card under it to take", TACTICS)
        n = len(s.spared[player])
        p.hand += s.spared[player]
        s.spared = (*s.spared[:player], (), *s.spared[player + 1:])
        p.skills_used.append(FLIPPED + "sparing-power")
        events.append(Event("tactic", f"flips Sparing Power: takes the {n} card(s) under it", player, {"cards": n}))
    else:
        raise IllegalActionError("Sparing Power: choose 1 (a card under it) or 2 (flip it, take them)", TACTICS)


def the_right_moment(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """The Right Moment (facts 3.6): once this Day, during your turn, declare another turn right
    after this one; the card is flipped."""
    p = s.players[player]
    if tactic_usable(t, s, player) != "the-right-moment":
        raise IllegalActionError("The Right Moment is used once this Day, in your turn, not on a last turn",
                                 TACTICS)
    s.extra_turn = True
    p.skills_used.append(FLIPPED + "the-right-moment")
    events.append(Event("tactic", "uses The Right Moment: another turn right after this one", player))


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
    discarded_unseen_after(p, cards)  # (before the draw: a card seen on top drawn stays seen)
    draw(p, len(cards))
    p.deck = sorted(p.deck + p.discard)  # shuffled from a sorted pile: the order never tells the old one
    p.discard = []
    s.rng.shuffle(p.deck)
    deck_shuffled(p)
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
    deck_shuffled(p)
    p.skills_used.append(TACTIC_MARK + "preparation")
    events.append(Event("prepared", "takes a card of the deck into the hand", player))


def turn_skills_face_up(t: Tables, s: GameState, player: int) -> None:
    """End of turn: "once a turn" skills are turned face up again."""
    p = s.players[player]
    p.skills_used = [_one_turn_less(k) for k in p.skills_used if k != MOTIVATION_WAIT + "1"]
    p.skills_used = [k for k in p.skills_used if k.startswith(FLIPPED) or
                     (t.tactic[k[7:]].use != "each-turn" if k.startswith(TACTIC_MARK) else t.skill[k].type != "turn")]


def _one_turn_less(mark: str) -> str:
    return MOTIVATION_WAIT + "1" if mark == MOTIVATION_WAIT + "2" else mark


__all__ = ["MOTIVATION", "MOTIVATION_WAIT", "TACTICS_USED", "TACTIC_CHOICES", "TACTIC_MARK", "long_night", "mana_search", "mana_search_refusal", "mana_steal",
           "mana_steal_possible", "midnight_meditation", "motivation_waits", "sparing_power", "the_right_moment",
           "tactic_moment_passed", "tactic_usable", "prepare", "rethink", "tactic_when_taken", "turn_skills_face_up", "use_skill"]
