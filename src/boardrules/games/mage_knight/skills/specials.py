"""Skills with their own mechanisms (facts 3.5, ``special:skill``), registered by skill id.

The sideways skills (I Don't Give a Damn, Who Needs Magic?, Universal Power, Power of Pain)
and Leadership are used before the play they change: the skill leaves a bonus waiting, for this
turn, that the next card played sideways (``GameState.sideways_bonus``) or the next Unit
activated in the combat (``Combat.leadership``) takes. Using such a skill twice before its
bonus is taken is refused: one bonus waits at a time.
"""

from __future__ import annotations

from typing import Any

from ....engine import Event, IllegalActionError
from ..cards.deck import WOUND, draw
from ..cards.mana import INVOKED, night_rules, pay_mana, usable
from ..cards_model import Card, CardEffect
from ..content import Tables
from ..game_state import BASIC, GameState, add, details, has, remove
from ..map.exploring import EXPLORE_LESS, FACE_DOWN_SITES, FERAL_ALLIES, space
from ..specials import skill_special

RULE = "Using Skills"
ACTION_OR_SPELL = ("basic", "hero", "advanced", "spell")


def _wait(s: GameState, player: int, name: str, bonus: str, events: list[Event], what: str) -> None:
    if s.sideways_bonus:
        raise IllegalActionError(f"{name}: a bonus already waits for the next card played sideways", RULE)
    s.sideways_bonus = bonus
    events.append(Event("skill-bonus", f"{name}: {what}", player, {"bonus": bonus}))


@skill_special("i-dont-give-a-damn")
def i_dont_give_a_damn(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                       pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Tovak: one card played sideways gives +2 instead of +1 (+3 if an Advanced Action, Spell or
    Artifact)."""
    _wait(s, player, card.name, "i-dont-give-a-damn", events, "the next card played sideways gives +2 (+3)")


@skill_special("who-needs-magic")
def who_needs_magic(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                    pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Tovak: one card played sideways gives +2 (+3 if you use no Source die this turn)."""
    _wait(s, player, card.name, "who-needs-magic", events, "the next card played sideways gives +2 "
          "(+3 with no Source die used this turn)")


@skill_special("universal-power")
def universal_power(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                    pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Goldyx: add a mana (a basic colour, paid now) to a card played sideways: +3 instead of +1,
    or +4 if it is an Action or Spell of that colour."""
    if pk.colour not in BASIC or len(mana) != 1:
        raise IllegalActionError(f"{card.name}: choose a basic colour and the mana that pays it "
                                 "(die N, token or crystal)", "Mana")
    if s.sideways_bonus:  # refused before anything is paid
        raise IllegalActionError(f"{card.name}: a bonus already waits for the next card played sideways", RULE)
    pay_mana(s, player, pk.colour, mana[0])
    _wait(s, player, card.name, f"universal-power:{pk.colour}", events,
          f"{pk.colour} mana added to the next card played sideways: +3 (+4 for a {pk.colour} Action or Spell)")


@skill_special("power-of-pain")
def power_of_pain(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                  pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Arythea: play one Wound sideways as if it were not a Wound, worth +2; it goes to the
    discard pile at the end of the turn (with the cards played)."""
    if WOUND not in s.players[player].hand:
        raise IllegalActionError(f"{card.name}: you have no Wound in hand to play sideways", RULE)
    _wait(s, player, card.name, "power-of-pain", events, "a Wound may be played sideways, worth +2")


@skill_special("leadership")
def leadership(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
               pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Norowas: when activating a Unit, +3 to its Block, +2 to its Attack or +1 to its Ranged
    Attack (not Siege): the next Unit ability of this combat that gives one of them."""
    c = s.combat
    if c is None:
        raise IllegalActionError(f"{card.name} is used when activating a Unit in a combat", RULE)
    if c.leadership:
        raise IllegalActionError(f"{card.name}: its bonus already waits for a Unit", RULE)
    c.leadership, c.cached = True, None
    events.append(Event("skill-bonus", f"{card.name}: the next Unit activated gets +3 Block, +2 Attack or "
                        "+1 Ranged Attack", player, {"bonus": "leadership"}))


@skill_special("polarization")
def polarization(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                 pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Arythea: use one mana as its opposite colour (red and blue, green and white); by Day black
    as any basic colour, at Night gold as black: the next mana paid this turn (cards/mana.py)."""
    if s.polarized:
        raise IllegalActionError(f"{card.name} already waits for the next mana paid", RULE)
    s.polarized = True
    events.append(Event("skill-bonus", f"{card.name}: the next mana paid may be of the opposite colour", player,
                        {"bonus": "polarization"}))


REGENERATE = ("krang-regenerate", "braevalar-regenerate")


@skill_special(*REGENERATE)
def regenerate(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
               pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang and Braevalar: "pay 1 mana of any colour, discard a Wound; if the mana was
    red or you have least Fame, also draw a card" (``pk.colour`` and its source)."""
    p = s.players[player]
    if WOUND not in p.hand:
        raise IllegalActionError(f"{card.name}: you have no Wound in hand to discard", RULE)
    if not pk.colour or len(mana) != 1:
        raise IllegalActionError(f"{card.name}: choose the mana's colour and the mana that pays it "
                                 "(die N, token or crystal)", "Mana")
    pay_mana(s, player, pk.colour, mana[0])
    regenerate_wound(s, player, card.name, pk.colour, events)


def regenerate_wound(s: GameState, player: int, name: str, colour: str, events: list[Event]) -> None:
    """Regenerate once its mana of ``colour`` is paid (also between heroes, pvp/skills_own.py):
    a Wound of the hand to the discard pile; a card drawn if the mana was red or the player has
    the least Fame (ties count)."""
    p = s.players[player]
    p.hand.remove(WOUND)
    p.discard.append(WOUND)
    p.must_play = False  # facts 5.4: a card was discarded this turn
    events.append(Event("discarded", f"{name}: discards a Wound", player, {"card": WOUND}))
    if colour == "red" or not any(q.fame < p.fame for q in s.players):  # least Fame: ties count
        draw(p, 1)
        events.append(Event("drew", f"{name}: draws a card", player, {"cards": 1}))


BEGUILE_SITES = {"glade": 1, "keep": -1, "mage-tower": -1, "city": -1}  # a magical glade; a fortified site


@skill_special("beguile")
def beguile(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
            pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Braevalar: "Influence 3 (2 at a fortified site, 4 at a magical glade)": the
    skill's Influence 3 is given first, this changes it by the hero's space."""
    p = s.players[player]
    sp = space(t, s, p.position)
    change = BEGUILE_SITES.get(sp.site or "", 0) if sp is not None else 0
    if change and s.combat is not None:
        s.combat.influence += change
    elif change:
        p.influence_points += change
    if change:
        events.append(Event("influence", f"{card.name}: Influence {3 + change} here", player, {"change": change}))


HAWK_EYES_REACH = 2


@skill_special("hawk-eyes")
def hawk_eyes(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
              pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Wolfhawk: "Move 1; at night exploring costs 1 less; by day reveal garrisons at
    distance 2" (the Move is the skill's other effect): at Night for the rest of the turn; by Day
    the face-down tokens of the keeps and mage towers 2 spaces away (and nearer) are turned up."""
    p = s.players[player]
    if night_rules(s, player):  # Eternal Night in a Necropolis too
        p.lasting = (*p.lasting, (EXPLORE_LESS, "", 1))
        events.append(Event("explore-cost", f"{card.name}: exploring costs 1 less this turn", player))
        return
    here = p.position
    for h in sorted(s.enemies):
        dq, dr = h[0] - here[0], h[1] - here[1]
        sp = space(t, s, h)
        if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 > HAWK_EYES_REACH or sp is None or sp.site not in FACE_DOWN_SITES:
            continue
        for tok in s.enemies[h]:
            if not tok.face_up:
                tok.face_up = True
                events.append(Event("token-revealed", f"the {sp.site} token at {h[0]},{h[1]} is {tok.id}",
                                    data={"at": list(h), "token": tok.id}))


@skill_special(FERAL_ALLIES)
def feral_allies(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                 pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Braevalar: "exploring costs 1 less; Atk 1 or reduce one enemy attack by 1": the
    exploring discount is always in effect while the hero has the skill (``exploring.explore_cost``),
    so using it adds only its other effect."""


FRENZIED = "flipped:battle-frenzy"  # skills.FLIPPED marks: Battle Frenzy face down until its owner rests


@skill_special("battle-frenzy")
def battle_frenzy(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                  pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang: "Atk 2; or flip for Atk 4 (flips back when you rest)": the second choice's
    Attack 4 is its other effect; the token stays face down, past the turn's end, until the hero
    rests (``turn.rest``) or the round ends."""
    s.players[player].skills_used.append(FRENZIED)
    events.append(Event("skill-flipped", f"{card.name} is flipped face down until you rest", player,
                        {"skill": "battle-frenzy"}))


SHAMANIC_RITUAL = "shamanic-ritual"


@skill_special(SHAMANIC_RITUAL)
def shamanic_ritual(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                    pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang: "gain a mana token of any colour; may be flipped back up as your action"
    (the token is the skill's other effect; the flip back is ``flip_back_shamanic_ritual``)."""


def shamanic_ritual_flippable(s: GameState, player: int) -> bool:
    """Whether ``player`` may flip Shamanic Ritual back up now: used this round, as the turn's
    action (outside a combat, before another action)."""
    p = s.players[player]
    return SHAMANIC_RITUAL in p.skills_used and not p.acted and s.combat is None and not p.rested


def flip_back_shamanic_ritual(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Shamanic Ritual flipped back face up as the turn's action: it may be used again."""
    if not shamanic_ritual_flippable(s, player):
        raise IllegalActionError("Shamanic Ritual is flipped back up as your action, once it was used", RULE)
    p = s.players[player]
    p.skills_used.remove(SHAMANIC_RITUAL)
    p.acted = p.moving_done = True
    events.append(Event("skill-flipped", "flips Shamanic Ritual back up as the turn's action", player,
                        {"skill": SHAMANIC_RITUAL}))


def sideways_value(t: Tables, s: GameState, card: Card) -> int:
    """The points of ``card`` played sideways now (facts 2: 1), with a skill's bonus waiting:
    the bonus is taken by this play (a Wound takes only Power of Pain's)."""
    bonus = s.sideways_bonus
    if not bonus or (card.id == WOUND) != (bonus == "power-of-pain"):
        return 1
    s.sideways_bonus = ""
    points = bonus_points(bonus, card, bool(s.source_used))
    if bonus == "who-needs-magic" and points == 3:
        s.dice_allowed = 0  # +3: no Source die this turn (rules-choices.md)
    return points


def bonus_points(bonus: str, card: Card, die_taken: bool) -> int:
    """The points of ``card`` played sideways with a skill's ``bonus`` waiting for it (facts 3.5),
    in a turn or between heroes (pvp/skills.py): Power of Pain a Wound 2; I Don't Give a Damn 2, 3
    for an Advanced Action, Spell or Artifact; Who Needs Magic? 2, 3 with no Source die taken (none
    may be taken then: the caller marks it); Wolf's Howl its value; Universal Power 3, 4 for an
    Action or Spell of the mana's colour."""
    if bonus == "power-of-pain":
        return 2
    if bonus == "i-dont-give-a-damn":
        return 3 if card.kind in ("advanced", "spell", "artifact") else 2
    if bonus == "who-needs-magic":
        return 2 if die_taken else 3
    if bonus.startswith("wolfs-howl:"):  # Wolf's Howl (skills/interactive.py): its value
        return int(bonus.partition(":")[2])
    colour = bonus.partition(":")[2]  # Universal Power
    return 4 if card.kind in ACTION_OR_SPELL and colour in card.colours else 3


INVOCATION = "invocation"


def invocation_colours(card: str) -> tuple[str, ...]:
    """Facts 3.5 Invocation: a Wound discarded gives a red or black mana token, another card a
    white or green one."""
    return ("red", "black") if card == WOUND else ("white", "green")


def invocation_colours_now(s: GameState, card: str, polarized: bool) -> tuple[str, ...]:
    """Facts 3.5 Invocation, "the token must be spent at once": the colours of ``invocation_colours``
    that can be spent now: usable now, or black by Day while Polarization waits (``polarized``;
    mana.polarized turns black into a basic colour)."""
    return tuple(c for c in invocation_colours(card) if usable(s, c) or c == "black" and polarized and not night_rules(s))


def invoke(s: GameState, player: int, name: str, card: str, colour: str, events: list[Event]) -> None:
    """Invocation (facts 3.5; cards/skill_mechanisms.py, and between heroes pvp/skills_own.py): ``card`` of the
    hand discarded, a mana token of ``colour`` gained (``invocation_colours``, checked by the caller)."""
    p = s.players[player]
    p.hand.remove(card)
    p.discard.append(card)
    p.must_play = False  # facts 5.4: a card was discarded this turn
    p.mana[colour] += 1
    add(p, INVOKED, colour)  # "the token must be spent at once" (invocation_lapses)
    events.append(Event("mana-token", f"gains a {colour} mana token, to spend at once", player, {"colour": colour}))


def invoked(s: GameState) -> list[tuple[int, str]]:
    """The Invocation tokens not spent yet: (player, colour)."""
    return [(i, colour) for i, p in enumerate(s.players) for colour in details(p, INVOKED)]


def invocation_lapses(s: GameState, before: list[tuple[int, str]], actor: int, busy: bool,
                      events: list[Event]) -> bool:
    """Facts 3.5 Invocation, "the token must be spent at once" (rules-choices.md): the token gained
    is spent by the play that follows the skill, the steps that name its mana included
    (``mana.token_spent``). ``before``: the tokens waiting before this action (``invoked``);
    ``actor``: who took it; ``busy``: a play of theirs still waits for its steps or its mana.
    A token still not spent once its owner's next play is done, or once the combat between heroes
    in which the defender gained it is over, is lost. Returns whether a token was lost."""
    lost = False
    for player, colour in before:
        p = s.players[player]
        if not has(p, INVOKED, colour) or (player == actor and busy) or \
                (player != actor and (player == s.current or s.pvp is not None)):
            continue
        remove(p, INVOKED, colour)
        if p.mana[colour]:
            p.mana[colour] -= 1
            lost = True
            events.append(Event("mana-lost", f"loses the {colour} mana token of Invocation: it was not spent at "
                                "once", player, {"colour": colour}))
    return lost


__all__ = ["FRENZIED", "INVOCATION", "invocation_colours", "invocation_colours_now", "invocation_lapses", "invoke", "invoked",
           "regenerate_wound", "sideways_value"]
