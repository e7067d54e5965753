"""Interaction (facts 5.6) at a site: the site the hero may deal with and the turn's Influence
with the Reputation modifier; Recruiting (VILLAGE, MONASTERY, KEEP "Your Keep", MAGE TOWER "While
Conquered", REFUGEE CAMP; facts 3.4 Thugs and Heroes, Bonds of Loyalty); VILLAGE / MONASTERY
"Healing"; MONASTERY "Training"; Spells at a MAGE TOWER; a conquered city's services (facts 4.6);
paying mana as tribute; VILLAGE "Plundering" (during another player's turn)."""

from __future__ import annotations

from ....engine import BoardrulesError, Event, IllegalActionError
from ..cards.deck import draw, heal_wounds_in_hand, wounds_in_hand
from ..cards.mana import mana_sources, pay_mana
from ..content import Tables
from ..game_state import (
    BASIC,
    GameState,
    PlayerState,
    add,
    attach_banner_of_command,
    banner_of_command_waiting,
    command_tokens_used,
    has,
    labels_of,
)
from ..knowledge.seen import on_top
from ..map.exploring import space
from ..map.hexes import Hex
from ..rounds.obligation import ONLY_REST, only_rest_left
from ..rounds.obligation import RULE as TURN_RULE
from ..skills.consulted import DISGUISED
from .reputation import INFLUENCE_MODIFIER, change_reputation, reputation_modifier
from .rewards import site_here

HEALING_COST = {"village": 3, "monastery": 2}
MONASTERY_AA_COST = 6
SPELL_COST = 7
# a conquered city's services (facts 4.6, 5.6): green an Advanced Action, red an Artifact, white an elite Unit
CITY_AA_COST, CITY_ARTIFACT_COST, CITY_ELITE_COST = 6, 12, 2
# Refugee camp: the extra cost of a Unit by the most basic site it can be recruited at (facts 3.4)
REFUGEE_SURCHARGE = {"village": 0, "keep": 1, "mage-tower": 1, "monastery": 1, "city": 3}


def _interaction_site(t: Tables, s: GameState, player: int) -> str:
    """The site the player can interact with on their space ("" if none): a village, a standing
    monastery, their own keep, a conquered mage tower or city, a refugee camp."""
    return site_dealt_with(t, s, player, s.players[player].position)


def site_dealt_with(t: Tables, s: GameState, player: int, h: Hex) -> str:
    """The site the player could interact with standing on ``h`` ("" if none), as on their own
    space (``_interaction_site``)."""
    p = s.players[player]
    sp = space(t, s, h)
    site = (sp.site or "") if sp else ""
    if site in ("village", "refugee-camp") or (site == "monastery" and h not in s.burned):
        return site
    if site == "keep" and h in p.keeps:
        return site
    if site in ("mage-tower", "city") and h in s.conquered:
        return site
    return ""


def interaction_site(t: Tables, s: GameState, player: int) -> str:
    """Interaction (facts 5.6): the site the player can deal with on their space; on the X
    space of the Reputation track there is no interaction."""
    p = s.players[player]
    site = _interaction_site(t, s, player)
    if not site:
        raise IllegalActionError("there is nobody to interact with on your space", "Interaction")
    if INFLUENCE_MODIFIER[p.reputation] is None and not (p.lasting and has(p, DISGUISED)):
        raise IllegalActionError("your Reputation is on the X space: nobody will deal with you", "Interaction")
    return site


def influence_available(t: Tables, s: GameState, player: int) -> int:
    """The turn's Influence with the Reputation modifier, which is applied once, when the
    interaction starts (later Reputation changes do not alter it); in a conquered city, +1 per
    own Shield on its card (facts 5.6)."""
    p = s.players[player]
    if p.interacting:
        return p.influence_points
    sp = space(t, s, p.position)
    in_city = sp is not None and sp.site == "city" and p.position in s.conquered
    city = s.shields.get(p.position, []).count(player) if in_city else 0
    return max(0, p.influence_points + reputation_modifier(p) + city)


def _pay(t: Tables, s: GameState, player: int, cost: int, what: str, rule: str) -> None:
    """Pay Influence; the first payment starts the interaction (the turn's action)."""
    p = s.players[player]
    if not p.interacting and only_rest_left(p):
        raise IllegalActionError(ONLY_REST, TURN_RULE)
    have = influence_available(t, s, player)
    if have < cost:
        raise IllegalActionError(f"{what} costs {cost} Influence; you have {have}", rule)
    if not p.interacting:  # the modifier this interaction applied, for the Units that count it again
        add(p, INTERACTION, "", reputation_modifier(p))
    p.influence_points = have - cost
    p.interacting = p.acted = p.moving_done = True


INTERACTION = "interaction"  # (kind, "", modifier) in PlayerState.lasting: the modifier applied at its start
RECRUITED_REPUTATION = "recruited-reputation"  # (kind, how, 0): Thugs ("reversed") or Heroes ("double") recruited


def reputation_recruit_cost(t: Tables, p: PlayerState, unit_id: str, cost: int) -> int:
    """Facts 3.4: the Reputation modifier is reversed when recruiting Thugs and counts double
    when recruiting Heroes. The interaction already applied it once (facts 5.6: the modifier
    of its start), so Thugs cost twice it more and Heroes once it less (never below 0). Heroes
    and Thugs cannot be recruited in the same interaction."""
    how = t.unit[unit_id].recruit_reputation
    if how == "normal":
        return cost
    other = "double" if how == "reversed" else "reversed"
    if p.interacting and (RECRUITED_REPUTATION, other, 0) in p.lasting:
        raise IllegalActionError("Heroes and Thugs cannot be recruited in the same interaction", "Recruiting")
    started = [x[2] for x in p.lasting if x[0] == INTERACTION] if p.interacting else []
    modifier = started[0] if started else reputation_modifier(p)
    return max(0, cost + 2 * modifier if how == "reversed" else cost - modifier)


ON_HER_OWN = "on-her-own"  # a mark of PlayerState.lasting: its +2 was given (a Unit recruited later costs 2 more)
ON_HER_OWN_BONUS = 2
RECRUITED = "recruited"  # a mark of PlayerState.lasting: a Unit was recruited with Influence this turn
BONDS_OF_LOYALTY = "bonds-of-loyalty"  # facts 3.5: the Unit recruited under it costs 5 less
BONDS_DISCOUNT = 5
UNIT_DISCOUNT = "unit-discount"  # (kind, "", N) in PlayerState.lasting: the next Unit recruited costs N less


def bonds_free(p: PlayerState) -> bool:
    """Whether Bonds of Loyalty has no Unit under it: the next Unit recruited goes there
    (rules-choices.md)."""
    return BONDS_OF_LOYALTY in p.skills and not p.bonded


def recruit_cost(t: Tables, site: str, unit_id: str) -> int | None:
    """The Influence a Unit costs at this site (None: not recruitable here). REFUGEE CAMP: as any
    of the depicted sites, with a surcharge for the more advanced ones; the cheapest option."""
    unit = t.unit[unit_id]
    if site == "refugee-camp":
        options = [REFUGEE_SURCHARGE[x] for x in unit.sites if x in REFUGEE_SURCHARGE]
        return unit.cost + min(options) if options else None
    return unit.cost if site in unit.sites else None


def recruiting_refused(t: Tables, s: GameState, player: int) -> bool:
    """Whether ``recruit`` refuses every Unit now: nobody to interact with on the hero's space."""
    return not _interaction_site(t, s, player)


def recruit_refused(t: Tables, s: GameState, player: int, unit_id: str) -> bool:
    """Whether ``recruit`` refuses ``unit_id`` whatever Unit is disbanded or mana paid first, read
    from its conditions without a trial (False: it may accept): a Unit that this site does not
    recruit, or, with no discount that could lower its cost (Heroes' and Thugs' Reputation,
    Ruthless Coercion, Bonds of Loyalty), less Influence than it costs."""
    p = s.players[player]
    site = _interaction_site(t, s, player)
    if not site or unit_id not in t.unit:
        return True
    unit = t.unit[unit_id]
    every_type = site == "city" and city_colour(t, s, p.position) == "white"
    cost = unit.cost if every_type else recruit_cost(t, site, unit_id)
    if cost is None:
        return True
    if unit.recruit_reputation != "normal" or bonds_free(p) or any(x[0] == UNIT_DISCOUNT for x in p.lasting):
        return False
    return influence_available(t, s, player) < cost  # (On Her Own only adds to it)


def recruit(t: Tables, s: GameState, player: int, unit_id: str, events: list[Event], colour: str = "",
            source: str = "") -> None:
    """Recruiting (VILLAGE, MONASTERY, KEEP "Your Keep", MAGE TOWER "While Conquered", REFUGEE
    CAMP): a Unit of the Unit offer with the site's icon for its cost, with a free Command token;
    it is not replaced until the next round (facts 5.6). Magic Familiars (facts 3.4): a basic
    mana of ``colour`` is paid from ``source`` (die N, token or crystal) and kept on the card as
    its token."""
    p = s.players[player]
    site = interaction_site(t, s, player)
    if unit_id not in t.unit:
        raise IllegalActionError(f"there is no Unit {unit_id!r} (Units are named by their ids, e.g. 'peasants')",
                                 "Recruiting")
    every_type = site == "city" and city_colour(t, s, s.players[player].position) == "white"
    cost = t.unit[unit_id].cost if every_type else recruit_cost(t, site, unit_id)  # facts 4.6 White city
    if cost is None:
        raise IllegalActionError(f"{t.unit[unit_id].name} cannot be recruited at a {site.replace('-', ' ')}",
                                 "Recruiting")
    if unit_id not in s.unit_offer:
        raise IllegalActionError(f"{t.unit[unit_id].name} is not in the Unit offer", "Recruiting")
    commanded = command_tokens_used(p) >= p.command
    if commanded and not banner_of_command_waiting(p):
        raise IllegalActionError("you have no free Command token (disband a Unit first)", "Recruiting")
    token = t.unit[unit_id].mana_token
    if token and (colour not in BASIC or not source):
        raise IllegalActionError(f"{t.unit[unit_id].name}: pay a mana of a basic colour ({', '.join(BASIC)}) to keep "
                                 "on the card (die N, token or crystal)", "Recruiting")
    if colour and not token:
        raise IllegalActionError(f"{t.unit[unit_id].name} keep no mana token on the card", "Recruiting")
    cost = reputation_recruit_cost(t, p, unit_id, cost)
    coerced = next((x for x in p.lasting if x[0] == UNIT_DISCOUNT), None)  # Ruthless Coercion
    if coerced is not None:
        cost = max(0, cost - coerced[2])
    bonds = bonds_free(p)
    if bonds:
        cost = max(0, cost - BONDS_DISCOUNT)
    if p.lasting and has(p, ON_HER_OWN):  # facts 3.5: its Influence 3 only if no Unit is recruited
        cost += ON_HER_OWN_BONUS
    _pay(t, s, player, cost, f"recruiting {t.unit[unit_id].name}", "Recruiting")
    add(p, RECRUITED)
    if coerced is not None:  # the discount is used up, and costs Reputation (Charm's does not)
        p.lasting = tuple(x for x in p.lasting if x is not coerced)
        if coerced[1] != "charm":
            change_reputation(p, -1)
    if t.unit[unit_id].recruit_reputation != "normal":
        add(p, RECRUITED_REPUTATION, t.unit[unit_id].recruit_reputation, 0)
    if token:
        pay_mana(s, player, colour, source)
    s.unit_offer.remove(unit_id)  # not replaced until the next round (facts 5.6)
    p.units.append([unit_id, 0, False, colour] if token else [unit_id, 0, False])
    if bonds:
        p.bonded = labels_of(p)[-1]
    s.recruited += 1
    events.append(Event("recruited", f"recruits {t.unit[unit_id].name} for {cost} Influence", player,
                        {"unit": unit_id, "cost": cost}))
    if commanded:  # facts 3.3: the Banner of Command in place of a Command token
        label = attach_banner_of_command(p)
        events.append(Event("banner", f"puts the Banner of Command under {label} in place of a Command token", player,
                            {"card": "banner-of-command", "unit": label}))


def buy_healing(t: Tables, s: GameState, player: int, points: int, events: list[Event]) -> None:
    """VILLAGE / MONASTERY "Healing": 1 point of Healing for 3 (village) or 2 (monastery)
    Influence; each point heals a Wound in the hand, and the points beyond them wait for a
    Wounded Unit (facts 4.3: a Unit's Wound costs its level; ``playing.heal_unit``)."""
    p = s.players[player]
    site = interaction_site(t, s, player)
    if site not in HEALING_COST:
        raise IllegalActionError("Healing is bought at a village or a monastery", "Healing")
    why = healing_refusal(t, s, player, points)
    if why:
        raise IllegalActionError(why, "Healing")
    _pay(t, s, player, HEALING_COST[site] * points, f"{points} Healing", site.upper())
    healed = heal_wounds_in_hand(p, points)
    s.heal_points += points - healed
    p.healing += points
    events.append(Event("healed", f"buys {points} Healing", player, {"points": points}))


def healing_refusal(t: Tables, s: GameState, player: int, points: int) -> str:
    """Why ``buy_healing`` refuses ``points`` of Healing for what there is to heal ("" if not):
    a point for each Wound in the hand, and the levels of the Wounds on Units beyond the Healing
    already waiting for them."""
    p = s.players[player]
    in_hand = wounds_in_hand(p)
    on_units = sum(t.unit[u[0]].level * u[1] for u in p.units)
    if 1 <= points <= in_hand + max(0, on_units - s.heal_points):
        return ""
    return f"you have {in_hand} Wounds in hand to heal and {on_units} Healing of Wounds on Units " \
        f"({s.heal_points} already waiting)"


def buy_monastery_advanced_action(t: Tables, s: GameState, player: int, card: str, events: list[Event]) -> None:
    """MONASTERY "Training": Advanced Actions in the Units offer can be bought at any monastery
    for 6 Influence."""
    p = s.players[player]
    if interaction_site(t, s, player) != "monastery":
        raise IllegalActionError("Advanced Actions of the Unit offer are bought at a monastery", "MONASTERY")
    if card not in s.unit_offer_aa:
        raise IllegalActionError(f"{card} is not in the Unit offer", "MONASTERY")
    _pay(t, s, player, MONASTERY_AA_COST, "an Advanced Action", "MONASTERY")
    s.unit_offer_aa.remove(card)
    p.pending.append(f"advanced-action:{card}")
    events.append(Event("bought", f"buys {card} for {MONASTERY_AA_COST} Influence", player, {"card": card}))


def city_colour(t: Tables, s: GameState, h: Hex) -> str:
    """The colour of the city on ``h`` ("" if there is none)."""
    placed = s.spaces.get(h)
    return (t.tile[placed[0]].city or "") if placed and t.tile[placed[0]].hexes[placed[1]].site == "city" else ""


def _city_service(t: Tables, s: GameState, player: int, colour: str, what: str) -> None:
    """Facts 4.6: a service of a conquered city of that colour, where the player interacts."""
    site = interaction_site(t, s, player)
    if site != "city" or city_colour(t, s, s.players[player].position) != colour:
        raise IllegalActionError(f"{what} at a conquered {colour} city", "Cities")


def buy_advanced_action(t: Tables, s: GameState, player: int, card: str, events: list[Event]) -> None:
    """An Advanced Action bought: at a monastery one of the Unit offer (MONASTERY "Training"),
    at a conquered green city one of the Advanced Action offer for 6 Influence, the offer then
    refilled (facts 4.6); it goes on top of the Deed deck at the end of the turn."""
    if interaction_site(t, s, player) == "monastery":
        buy_monastery_advanced_action(t, s, player, card, events)
        return
    _city_service(t, s, player, "green", "Advanced Actions are bought at a monastery or")
    if card == TOP_OF_DECK:
        _buy_top_advanced_action(t, s, player, events)
        return
    if card not in s.aa_offer:
        raise IllegalActionError(f"{card} is not in the Advanced Action offer", "Cities")
    _pay(t, s, player, CITY_AA_COST, "an Advanced Action", "Cities")
    s.aa_offer.remove(card)
    if s.aa_deck:  # the offer refilled: the others slide down, a new card in the top slot
        s.aa_offer.insert(0, s.aa_deck.pop())
    s.players[player].pending.append(f"advanced-action:{card}")
    events.append(Event("bought", f"buys {card} for {CITY_AA_COST} Influence", player, {"card": card}))


TOP_OF_DECK = "deck"  # buy-advanced-action deck: the top card of the Advanced Action deck


def _buy_top_advanced_action(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Facts 4.6 Green city: 6 Influence for "the top card of the AA deck", bought blind; the buyer
    takes it on top of the Deed deck at once (facts 6.1 "cards gained during a turn go on top of
    the Deed deck"), seen by them alone (``GameState.blind``, knowledge/views.py)."""
    if not s.aa_deck:
        raise IllegalActionError("the Advanced Action deck is empty", "Cities")
    _pay(t, s, player, CITY_AA_COST, "an Advanced Action", "Cities")
    card = s.aa_deck.pop()
    on_top(s.players[player], card, seen=False)  # known to the buyer alone (knowledge/seen.py)
    s.blind = (*s.blind, (player, card))
    events.append(Event("bought", f"buys the top card of the Advanced Action deck for {CITY_AA_COST} Influence",
                        player, {"card": "", "deck": True}))


def drop_seen_blind(s: GameState) -> None:
    """A card bought blind is the owner's knowledge only while it stays in their hand, Deed deck
    or face down under Sparing Power (facts 5.6: "put the top card of your deck face down under
    this card"); once it has been anywhere else (played, discarded) everyone has seen it."""
    s.blind = tuple((i, c) for i, c in s.blind if c in s.players[i].hand or c in s.players[i].deck
                    or i < len(s.spared) and c in s.spared[i])


def buy_artifact(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Facts 4.6 Red city: an Artifact for 12 Influence, drawn at the end of the turn as a
    reward (facts 6.1)."""
    _city_service(t, s, player, "red", "Artifacts are bought")
    _pay(t, s, player, CITY_ARTIFACT_COST, "an Artifact", "Cities")
    s.players[player].pending.append("artifact")
    events.append(Event("bought", f"buys an Artifact for {CITY_ARTIFACT_COST} Influence", player))


def add_elite_unit(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Facts 4.6 White city: pay 2 Influence to add one elite Unit card to the Unit offer (the
    top of the elite deck)."""
    _city_service(t, s, player, "white", "an elite Unit is added to the Unit offer")
    if not s.elite_units:
        raise IllegalActionError("no elite Unit card is left to add to the Unit offer", "Cities")
    _pay(t, s, player, CITY_ELITE_COST, "an elite Unit in the Unit offer", "Cities")
    s.unit_offer.append(s.elite_units.pop())
    events.append(Event("unit-offer", f"{t.unit[s.unit_offer[-1]].name} added to the Unit offer", player,
                        {"unit": s.unit_offer[-1]}))


def buy_spell(t: Tables, s: GameState, player: int, colour: str, events: list[Event], source: str = "") -> None:
    """MAGE TOWER "While Conquered" (and a conquered blue city, facts 4.6): Spells for 7
    Influence plus a mana of the Spell's colour, paid as for cards (facts 5.3: ``source`` is
    ``die-N``, ``token`` or ``crystal``; none named: a token, then a crystal, then a Source die).
    The Spell offer lands with the cards: the colour names the Spell."""
    site = interaction_site(t, s, player)
    if site != "mage-tower" and not (site == "city" and city_colour(t, s, s.players[player].position) == "blue"):
        raise IllegalActionError("Spells are bought at a conquered mage tower or blue city", "MAGE TOWER")
    if colour not in BASIC:
        raise BoardrulesError(f"a Spell's colour is one of {', '.join(BASIC)}, not {colour!r}")
    offered = sum(colour in t.card[c].colours for c in s.spell_offer if c in t.card)  # bought from the offer,
    bought = s.players[player].pending.count(f"spell:{colour}")  # less those already bought this turn
    if offered <= bought:
        more = " left: the ones there are bought" if bought else ""
        raise IllegalActionError(f"there is no {colour} Spell in the Spell offer{more}", "MAGE TOWER")
    g = s.clone()  # the mana first, on a copy: a refusal of either payment changes nothing
    pay_tribute(g, player, (colour,), (source,) if source else (), f"a {colour} Spell", "MAGE TOWER")
    _pay(t, g, player, SPELL_COST, "a Spell", "MAGE TOWER")
    s.take_over(g)
    s.players[player].pending.append(f"spell:{colour}")
    events.append(Event("bought", f"buys a {colour} Spell", player, {"colour": colour}))


def pay_tribute(s: GameState, player: int, colours: tuple[str, ...], sources: tuple[str, ...], what: str,
                rule: str) -> None:
    """Pay one mana of each of ``colours`` from the named ``sources`` (one each), or, with none
    named, from tokens, then crystals, then a Source die (the first that pays each)."""
    if sources and len(sources) != len(colours):
        raise IllegalActionError(f"{what} costs {len(colours)} mana: name a source for each", rule)
    g = s.clone()
    for i, colour in enumerate(colours):
        if sources:
            pay_mana(g, player, colour, sources[i])
            continue
        ways = mana_sources(g, player, colour)
        ways = [w for w in ("token", "crystal") if w in ways] + [w for w in ways if w.startswith("die-")]
        if not ways:
            raise IllegalActionError(f"{what} costs {colours.count(colour)} {colour} mana; you cannot pay "
                                     f"{'another' if i else 'one'} (a token, a crystal or a Source die)", rule)
        pay_mana(g, player, colour, ways[0])
    s.take_over(g)


def plunder_refusal(t: Tables, s: GameState, player: int, current: int | None = None) -> str:
    """Why ``plunder`` refuses (VILLAGE "Plundering"; "" if it plunders): not on a village,
    during the player's own turn, or plundered already since their last turn."""
    if site_here(t, s, player) != "village":
        return "you are not on a village"
    if (s.current if current is None else current) == player:
        return "a village is plundered during another player's turn"
    if s.players[player].plundered_since_my_turn:
        return "you can only plunder a village once between each of your turns"
    return ""


def plunder(t: Tables, s: GameState, player: int, events: list[Event], current: int | None = None) -> None:
    """VILLAGE "Plundering": during another player's turn (``current``'s, by default
    ``s.current``; ``DUMMY`` before the Dummy player's turn), once between each of your turns:
    draw two cards and Reputation -1."""
    why = plunder_refusal(t, s, player, current)
    if why:
        raise IllegalActionError(why, "VILLAGE")
    p = s.players[player]
    p.plundered_since_my_turn = True
    draw(p, 2)
    change_reputation(p, -1)
    events.append(Event("plundered", "plunders the village: draws 2 cards, Reputation -1", player))
