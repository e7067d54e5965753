"""The offers (facts 5.1, 5.2, 5.6, 6.1): the Unit offer, the Advanced Action and Spell offers,
the face-down Artifact deck, and taking card rewards from them.

Offers are lists whose first entry is the top slot (the newest card); decks are lists whose top
is the end. The Unit offer holds players + 2 Units, regular only until a core tile is revealed.
"""

from __future__ import annotations

from ....engine import BoardrulesError, Event, IllegalActionError
from ..content import Tables
from ..game_state import BASIC, GameState, PlayerState, command_tokens_used, labels_of, remove_unit
from ..knowledge.seen import on_top, put_under
from ..sites.interaction import BONDS_OF_LOYALTY
from ..sites.rewards import gain_crystal
from .mana import roll_die

OFFER_SIZE = 3
# Units of a set played that stay out of its Unit decks until a rule of theirs is played: the
# Magic Familiars' upkeep at each round's start (facts 3.4; kept for free they would be another Unit)
UNITS_WAITING: dict[str, str] = {}  # Units of a set left out of its decks until a rule of theirs is played, and why


def core_revealed(t: Tables, s: GameState) -> bool:
    return any(t.tile[tile_id].kind == "core" for tile_id in s.tiles.values())


def set_up_offers(t: Tables, s: GameState, sets: frozenset[str] = frozenset({"base"})) -> None:
    """Facts 5.1: shuffle the Advanced Action, Spell, Artifact and Unit decks; 3 cards in the
    Advanced Action and Spell offers, players + 2 regular Units in the Unit offer; Artifacts
    stay face down. The decks hold the cards and Units of the ``sets`` played (``UNITS_WAITING``
    apart)."""
    s.aa_deck = t.cards_of("advanced", sets)
    s.spell_deck = t.cards_of("spell", sets)
    s.artifact_deck = t.cards_of("artifact", sets)
    units = [u for u in t.units if u.set in sets and u.id not in UNITS_WAITING]
    s.regular_units = [u.id for u in units if not u.elite for _ in range(u.copies)]
    s.elite_units = [u.id for u in units if u.elite for _ in range(u.copies)]
    for deck in (s.aa_deck, s.spell_deck, s.artifact_deck, s.regular_units, s.elite_units):
        s.rng.shuffle(deck)
    s.aa_offer = [s.aa_deck.pop() for _ in range(min(OFFER_SIZE, len(s.aa_deck)))]
    s.spell_offer = [s.spell_deck.pop() for _ in range(min(OFFER_SIZE, len(s.spell_deck)))]
    deal_units(t, s)


def deal_units(t: Tables, s: GameState) -> None:
    """Facts 5.2 step 2: the old Units go to the bottom of their decks; players + 2 Units are
    dealt, regular only while no core tile is on the map, otherwise elite, regular, elite..."""
    for unit in s.unit_offer:
        (s.elite_units if t.unit[unit].elite else s.regular_units).insert(0, unit)
        put_under(s, "elite_units" if t.unit[unit].elite else "regular_units")  # in sight of all
    s.unit_offer = []
    core = core_revealed(t, s)
    for i in range(len(s.players) + 2):
        deck = s.elite_units if core and i % 2 == 0 and s.elite_units else s.regular_units
        if deck:
            s.unit_offer.append(deck.pop())


def renew_offers(t: Tables, s: GameState) -> None:
    """Facts 5.2 steps 2-3: a new Unit offer; in the Advanced Action and Spell offers the lowest
    card goes to the bottom of its deck, the others slide down and a new card fills the top slot."""
    deal_units(t, s)
    for offer, deck, name in ((s.aa_offer, s.aa_deck, "aa_deck"), (s.spell_offer, s.spell_deck, "spell_deck")):
        if offer:
            deck.insert(0, offer.pop())
            put_under(s, name)
        if deck:
            offer.insert(0, deck.pop())


def _from_offer(offer: list[str], deck: list[str], card: str, what: str) -> None:
    if card not in offer:
        raise IllegalActionError(f"{card} is not in the {what} offer ({', '.join(offer) or 'empty'})", "Rewards")
    take_from_offer(offer, deck, card)


def take_from_offer(offer: list[str], deck: list[str], card: str) -> None:
    """Take a card of an offer; the others slide down and a new card fills the top slot."""
    offer.remove(card)
    if deck:
        offer.insert(0, deck.pop())


def unit_labels(p: PlayerState) -> list[str]:
    """The words naming the player's Units in actions, as in a combat: ``peasants-1``,
    ``peasants-2``... in the order recruited."""
    return labels_of(p)



NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def artifacts_drawn(s: GameState, p: PlayerState) -> int:
    """Facts 6.1: for N Artifacts won, N + 1 are drawn from the deck (its top); one of them goes
    to the bottom once the N are taken. The cards still drawn: one more than those left to take."""
    won = p.pending.count("artifact")
    return min(won + 1, len(s.artifact_deck)) if won else 0


def take_reward(t: Tables, s: GameState, player: int, reward: str, choice: str, events: list[Event]) -> None:
    """Facts 6.1: a pending reward taken at the end of the turn. ``spell`` / ``advanced-action``:
    a card of the matching offer (``choice``) on top of the Deed deck, the offer refilled;
    ``spell:<colour>`` (bought at a mage tower): a Spell of that colour from the offer;
    ``advanced-action:<id>`` (bought at a monastery): that card on top of the deck;
    ``artifact``: of the N + 1 Artifacts drawn for N won (``artifacts_drawn``), ``choice`` on top of
    the Deed deck, the one left over to the bottom when the last is taken; ``unit``: any Unit of the Unit offer, with a free Command token;
    ``crystal-choice``: a crystal of the colour ``choice``."""
    p = s.players[player]
    if reward not in p.pending:
        raise IllegalActionError(f"you have no {reward} reward to take", "Rewards")
    kind, _, detail = reward.partition(":")
    if kind == "spell":
        if detail and (choice not in t.card or detail not in t.card[choice].colours):
            raise IllegalActionError(f"the Spell bought is a {detail} one, not {choice}", "MAGE TOWER")
        _from_offer(s.spell_offer, s.spell_deck, choice, "Spell")
        on_top(p, choice)  # in sight of everyone (knowledge/seen.py)
    elif kind == "advanced-action" and detail:
        on_top(p, detail)
    elif kind == "advanced-action":
        _from_offer(s.aa_offer, s.aa_deck, choice, "Advanced Action")
        on_top(p, choice)
    elif kind == "artifact":
        won = p.pending.count("artifact")
        top = s.artifact_deck[-artifacts_drawn(s, p):]
        if choice not in top:
            raise IllegalActionError(f"choose one of the {NUMBER_WORDS.get(len(top), len(top))} Artifacts drawn: "
                                     f"{', '.join(reversed(top))}", "Rewards")
        s.artifact_deck.remove(choice)
        if won == 1 and len(top) == 2:  # the last one taken: the one drawn over goes to the bottom
            s.artifact_deck.insert(0, s.artifact_deck.pop())
            put_under(s, "artifact_deck")  # it was shown with the others drawn
        on_top(p, choice)
    elif kind == "unit":
        if command_tokens_used(p) >= p.command:
            raise IllegalActionError("you have no free Command token (disband a Unit first)", "Rewards")
        if choice not in s.unit_offer:
            raise IllegalActionError(f"{choice} is not in the Unit offer", "Rewards")
        if choice in t.unit and t.unit[choice].mana_token:  # facts 3.4 Magic Familiars
            raise IllegalActionError(f"{t.unit[choice].name} cannot be gained free", "Rewards")
        s.unit_offer.remove(choice)
        p.units.append([choice, 0, False])
    elif kind == "crystal-choice":
        if choice not in BASIC:
            raise IllegalActionError(f"choose a crystal colour: {', '.join(BASIC)}", "Rewards")
        gain_crystal(p, choice)  # at the end of the turn a 4th crystal is lost (facts 6.1)
    else:
        raise BoardrulesError(f"the {reward} reward is not taken from the offers yet")
    p.pending.remove(reward)
    events.append(Event("reward", f"takes {choice or detail} ({kind})", player, {"reward": reward,
                                                                                  "card": choice or detail}))


def disband_unit(t: Tables, s: GameState, player: int, label: str, events: list[Event]) -> None:
    """Facts 5.6, 6.1: with no free Command token, a Unit may be disbanded to recruit or take
    another: it leaves the game (our reading, rules-choices.md)."""
    p = s.players[player]
    labels = unit_labels(p)
    if label not in labels:
        raise IllegalActionError(f"you have no Unit {label} to disband (yours: {', '.join(labels) or 'none'})",
                                 "Recruiting")
    if label == p.bonded:
        raise IllegalActionError(f"{label} is under Bonds of Loyalty: it cannot be disbanded", "Using Skills")
    unit = remove_unit(p, labels.index(label))[0]
    events.append(Event("disbanded", f"disbands {t.unit[unit].name}", player, {"unit": unit}))


BONDS_UNITS = 2


def bonds_gained(s: GameState, p: PlayerState, events: list[Event], player: int) -> None:
    """Facts 3.5 Bonds of Loyalty (passive), on gaining it: two regular Units are added to the
    Unit offer, and it serves as an extra Command token."""
    p.command += 1
    added = [s.regular_units.pop() for _ in range(min(BONDS_UNITS, len(s.regular_units)))]
    s.unit_offer += added
    events.append(Event("unit-offer", f"Bonds of Loyalty: {', '.join(added) or 'no Unit'} added to the Unit offer",
                        player, {"units": added}))


def level_up_cards(s: GameState, player: int, skill: str) -> list[str]:
    """Facts 6.2: the Advanced Actions a level-up's skill comes with: any of the offer with a
    revealed skill, the lowest with one of the Common Skill offer."""
    if skill in s.players[player].skill_pile[-2:]:
        return sorted(set(s.aa_offer))
    return s.aa_offer[-1:]


def level_up_reward(t: Tables, s: GameState, player: int, skill: str, advanced_action: str,
                    events: list[Event]) -> None:
    """Facts 6.2, an even level: the top 2 tokens of the skill pile are revealed. Either keep one
    (``skill``), the other goes to the Common Skill offer, and take ANY Advanced Action of the
    offer; or take a skill of the Common Skill offer, both revealed ones go to it, and take the
    LOWEST Advanced Action of the offer. The Advanced Action goes on top of the Deed deck."""
    p = s.players[player]
    reward = "skill-and-advanced-action"
    if reward not in p.pending:
        raise IllegalActionError("you have no level-up reward to take", "Level-ups")
    revealed = p.skill_pile[-2:]
    if skill in revealed:
        if advanced_action not in s.aa_offer:
            raise IllegalActionError(f"{advanced_action} is not in the Advanced Action offer", "Level-ups")
        common = [k for k in revealed if k != skill]
    elif skill in s.common_skills:
        if not s.aa_offer or advanced_action != s.aa_offer[-1]:
            raise IllegalActionError("with a skill of the Common Skill offer you take the lowest Advanced Action "
                                     f"({s.aa_offer[-1] if s.aa_offer else 'none'})", "Level-ups")
        s.common_skills.remove(skill)
        common = revealed
    else:
        raise IllegalActionError(f"choose one of your revealed skills ({', '.join(revealed)}) or one of the Common "
                                 f"Skill offer ({', '.join(s.common_skills) or 'empty'})", "Level-ups")
    p.skill_pile = p.skill_pile[:len(p.skill_pile) - len(revealed)]
    s.common_skills += common
    p.skills.append(skill)
    if skill == "master-of-chaos":  # its token is put with a random colour pointing up (a mana die rolled)
        p.chaos = roll_die(s.rng)
    if skill == BONDS_OF_LOYALTY:
        bonds_gained(s, p, events, player)
    _from_offer(s.aa_offer, s.aa_deck, advanced_action, "Advanced Action")
    on_top(p, advanced_action)
    p.pending.remove(reward)
    events.append(Event("level-up-reward", f"takes the skill {t.skill[skill].name} and the Advanced Action "
                        f"{t.card[advanced_action].name}", player,
                        {"skill": skill, "card": advanced_action}))


__all__ = ["OFFER_SIZE", "artifacts_drawn", "disband_unit", "take_from_offer", "unit_labels", "level_up_cards",
           "level_up_reward", "core_revealed", "deal_units", "renew_offers", "set_up_offers", "take_reward"]
