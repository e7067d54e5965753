"""The Spells' own mechanisms (facts 3.2): the code of their ``special:NAME`` effects, registered
in ``specials.py``. What lasts the combat is a word in ``Combat.this_combat``, what lasts the
turn a mark in ``PlayerState.lasting``. The Spells that move the hero (Wings of Wind, Underground
Travel, Space Bending) are in cards/movement_spells.py.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from ....engine import Event
from ..cards_model import CardEffect
from ..combat.enemies import (
    REPLACED_RULE,
    all_blocked,
    ignores,
    name,
    replaced,
    replaced_reason,
    resistances,
    says,
    their,
)
from ..combat.state import LENT, PHASES, Combat, CombatUnit
from ..content import Tables
from ..game_state import BASIC, GameState, add, command_tokens_used, count, has, remove_unit
from ..knowledge.seen import at_bottom, on_top
from ..map.exploring import reveal_near
from ..rounds.answers import ask_mind_read
from ..sites.interaction import UNIT_DISCOUNT, _interaction_site
from ..specials import card_special
from ..units.in_combat import EFFECT_PHASES, INFLUENCE_PHASES
from .deck import draw, take_wounds
from .effects import _apply, _terrain
from .mana import die_free, gain_crystal_now
from .movement_spells import spell_moves
from .offers import unit_labels
from .played import Picks, _refuse
from .unit_activation import UNIT_TURN_TYPES, activate_unit

RULE = "Spells"
DISEASED_ARMOR_CUT = 99  # Disease: Armor 1, the floor every Armor reduction stops at


def _combat(s: GameState, card: Any, phase: str = "") -> Combat:
    c = s.combat
    if c is None or phase and c.phase != phase:
        where = f"in the {phase.capitalize()} phase of a combat" if phase else "in a combat"
        raise _refuse(f"{card.name} is played {where}", RULE)
    return c


@card_special("burning-shield")
def burning_shield(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                   mana: tuple[str, ...], option: int) -> None:
    """Burning Shield (facts 3.2): if its Fire Block 4 is part of a successful block, Fire Attack
    4 in the Attack phase; Exploding Shield: the blocked enemy is destroyed. It joins the block
    being declared (``block N`` first: our reading)."""
    c = _combat(s, card, "block")
    if c.block_target is None:
        raise _refuse(f"{card.name}: declare the attack you block first (block N)", RULE)
    c.this_combat.append("block:destroy" if pk.powered else f"block:fire-attack:{e.value}")


@card_special("chill")
def chill(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
          mana: tuple[str, ...], option: int) -> None:
    """Chill (facts 3.2): the enemy that does not attack also loses its Fire Resistance this
    combat (unless it ignores the blue effect)."""
    c = _combat(s, card)
    en = c.enemies[pk.target - 1]
    if "fire" in resistances(t, en) and not ignores(t, en, card.colours):
        en.resistances_lost.append("fire")
        events.append(Event("resistances", f"{says(t, en, 'lose')} {their(t, en)} Fire Resistance", data={"enemy": pk.target}))


@card_special("demolish")
def demolish(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
             mana: tuple[str, ...], option: int) -> None:
    """Demolish (facts 3.2): site fortifications are ignored for the rest of the combat (the
    Fortified ability stays)."""
    c = _combat(s, card)
    if "no-site-fortifications" not in c.this_combat:
        c.this_combat.append("no-site-fortifications")
        events.append(Event("unfortified", "site fortifications are ignored this combat", player))


@card_special("disease")
def disease(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
            mana: tuple[str, ...], option: int) -> None:
    """Disease (facts 3.2): every enemy successfully blocked this combat so far has Armor 1 (a
    green effect: Arcane Immunity ignores it)."""
    c = _combat(s, card)
    hit = [i for i, en in enumerate(c.enemies) if not (en.defeated or en.gone or replaced(c, i)) and all_blocked(en)]
    if not hit:
        raise _refuse(f"{card.name}: no enemy was successfully blocked this combat", RULE)
    for i in hit:
        en = c.enemies[i]
        why = ignores(t, en, card.colours)
        if why:
            events.append(Event("ignored", f"{says(t, en, 'ignore')} this effect ({why})", data={"enemy": i + 1}))
            continue
        en.armor_cut = max(en.armor_cut, DISEASED_ARMOR_CUT)
        events.append(Event("armor", f"{says(t, en, 'have')} Armor 1", data={"enemy": i + 1}))


@card_special("cure")
def cure(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
         mana: tuple[str, ...], option: int) -> None:
    """Cure (facts 3.2), after its Heal 2: a card drawn per Wound healed from the hand this turn,
    before it and (the mark ``cure``) after it; Units are not healed by Heal points in
    this stage, so none is readied."""
    p = s.players[player]
    draw(p, count(p, "healed"))
    add(p, "cure")


@card_special("mist-form")
def mist_form(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
              mana: tuple[str, ...], option: int) -> None:
    """Mist Form (facts 3.2): this turn every space the hero enters costs 2, lakes too, and hills
    and mountains cannot be entered (``movement.terrain_cost``)."""
    if s.combat is not None:
        raise _refuse(f"{card.name} is played outside combat", RULE)
    add(s.players[player], "mist-form")


@card_special("restoration")
def restoration(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                mana: tuple[str, ...], option: int) -> None:
    """Restoration (facts 3.2), after its Heal 3: Heal 2 more in a forest; Rebirth also readies
    Spent Units (``pk.others``) of at most N levels together, 5 in a forest."""
    p = s.players[player]
    forest = _terrain(t, s, p.position) == "forest"
    if forest:
        heal = CardEffect.model_validate({"type": "heal", "value": 2})
        _apply(t, s, player, card, heal, events, pk, (), option)
    if not pk.powered:
        return
    levels = 5 if forest else e.value
    labels = unit_labels(p)
    total = 0
    for label in pk.others:
        if label not in labels or not p.units[labels.index(label)][2]:
            raise _refuse(f"{card.name}: {label} is not a Spent Unit of yours", "Units")
        u = p.units[labels.index(label)]
        total += t.unit[u[0]].level
        if total > levels:
            raise _refuse(f"{card.name} readies Units of at most {levels} levels together", "Units")
        u[2] = False
        events.append(Event("unit-readied", f"readies {t.unit[u[0]].name}", player, {"unit": label}))


@card_special("veil-of-mist")
def veil_of_mist(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                 mana: tuple[str, ...], option: int) -> None:
    """Veil of Mist (facts 3.2), with its Units' resistances: the first Wound an enemy would give
    the hero this combat is ignored, with its side effects (``damage.damage_hero``)."""
    c = _combat(s, card)
    if "veil-of-mist" not in c.this_combat:
        c.this_combat.append("veil-of-mist")


def _others(s: GameState, player: int) -> list[int]:
    """The other players, from the next one in seat order."""
    n = len(s.players)
    return [(player + k) % n for k in range(1, n)]


@card_special("mana-meltdown")
def mana_meltdown(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Mana Meltdown (facts 3.2, interactive): each other player loses a random crystal (one of
    the Inventory's, each crystal alike), or takes a Wound with none; you take one of the lost
    crystals (the first colour lost in the order red, blue, green, white: our reading)."""
    lost: list[str] = []
    for other in _others(s, player):
        q = s.players[other]
        pool = sorted(c for c in BASIC for _ in range(q.crystals[c]))
        if not pool:
            take_wounds(q, 1)
            events.append(Event("wounded", "has no crystal: takes a Wound (Mana Meltdown)", other, {"wounds": 1}))
            continue
        colour = pool[s.rng.below(len(pool))]
        q.crystals[colour] -= 1
        lost.append(colour)
        events.append(Event("crystal-lost", f"loses a {colour} crystal (Mana Meltdown)", other, {"colour": colour}))
    if lost:
        gain_crystal_now(s.players[player], min(lost, key=BASIC.index), events, player)


@card_special("mana-radiance")
def mana_radiance(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Mana Radiance (facts 3.2, interactive): for the chosen basic colour every player, you too,
    takes a Wound per crystal of it owned; then you gain N crystals of it."""
    if pk.colour not in BASIC:
        raise _refuse(f"{card.name}: choose a basic colour ({', '.join(BASIC)})", RULE)
    for i, q in enumerate(s.players):
        n = q.crystals[pk.colour]
        if n:
            take_wounds(q, n)
            events.append(Event("wounded", f"takes {n} Wound(s) for {pk.colour} crystals (Mana Radiance)", i,
                                {"wounds": n}))
    for _ in range(e.value):
        gain_crystal_now(s.players[player], pk.colour, events, player)


@card_special("mind-read")
def mind_read(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
              mana: tuple[str, ...], option: int) -> None:
    """Mind Read (facts 3.2, interactive), after its crystal of the chosen colour: each other
    player discards a Spell or Action card of that colour from the hand, their choice, or shows a
    hand with none; Mind Steal: you may keep one discarded Action card (not a Spell). The others
    are asked after the play (``answers.ask_mind_read``)."""
    ask_mind_read(t, s, player, pk.colour, pk.powered, events)


def energy_flow_targets(t: Tables, s: GameState, player: int, level: int) -> list[tuple[int, list[str]]]:
    """Energy Flow: each other player (in seat order from the next) with a ready Unit of ``level``
    or lower, and the labels of those Units."""
    out = []
    for other in _others(s, player):
        q = s.players[other]
        labels = [x for x, u in zip(unit_labels(q), q.units, strict=True) if not u[2] and t.unit[u[0]].level <= level]
        if labels:
            out.append((other, labels))
    return out


@card_special("energy-flow")
def energy_flow(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                mana: tuple[str, ...], option: int) -> None:
    """Energy Flow (facts 3.2, interactive), after its Ready: Energy Steal also heals the readied
    Unit; then "you may spend one level II (Energy Steal: III) or lower Unit of each other player":
    the caster names one ready Unit of each (``spend LABEL``) or none (``spend none``), the last
    of ``pk.others``, one per other player of ``energy_flow_targets``."""
    p = s.players[player]
    if pk.powered and pk.other in unit_labels(p):
        u = p.units[unit_labels(p).index(pk.other)]
        if u[1]:
            u[1] = 0
            events.append(Event("unit-healed", f"heals {t.unit[u[0]].name}", player, {"unit": pk.other}))
    targets = energy_flow_targets(t, s, player, e.value)
    spent = pk.others[len(pk.others) - len(targets):] if targets else ()
    if len(spent) != len(targets):
        raise _refuse(f"{card.name}: name a ready Unit of level {e.value} or lower of each other player to spend, "
                      "or none", RULE)
    for (other, labels), label in zip(targets, spent, strict=True):
        if label == "none":
            continue
        if label not in labels:
            raise _refuse(f"{card.name}: player {other + 1} has no ready Unit {label} of level {e.value} or lower", RULE)
        q = s.players[other]
        q.units[unit_labels(q).index(label)][2] = True
        events.append(Event("unit-spent", f"the {label} are spent (Energy Flow)", other, {"unit": label}))


TIME_BENT = "time-bent"  # a mark of PlayerState.lasting: Time Bending played (turn.end_turn draws nothing)


@card_special("time-bending")
def time_bending(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                 mana: tuple[str, ...], option: int) -> None:
    """Time Bending (Space Bending's strong effect, facts 3.2 and its errata): at the end of the
    turn this card is set aside for the round (the discard pile, not drawn again before the
    round ends), the other cards played this turn go back to the hand, nothing is drawn, and
    the hero takes another turn at once (``end_of_turn_cards.end_of_turn``, ``game._next_player``:
    not if the round or the game ends meanwhile)."""
    p = s.players[player]
    if has(p, TIME_BENT):
        raise _refuse(f"{card.name}: this turn already bends time", RULE)
    add(p, TIME_BENT)
    s.extra_turn = True
    events.append(Event("time-bending", "will take another turn right after this one", player))


def offer_abilities(t: Tables, unit: str) -> list[Any]:
    """The abilities of an offered Unit that Call to Arms can use: those used outside combat."""
    return [a for a in t.unit[unit].abilities if {x.type for x in a.effects} <= set(UNIT_TURN_TYPES)]


def lendable(t: Tables, c: Combat, unit: str) -> bool:
    """Whether an offered Unit lent to the combat could use an ability in this phase or a later one."""
    later = PHASES[PHASES.index(c.phase):]
    return any(set(EFFECT_PHASES.get(x.type, INFLUENCE_PHASES if x.type == "influence" else ())) & set(later)
               for a in t.unit[unit].abilities for x in a.effects)


def _lend_offered_unit(t: Tables, c: Combat, s: GameState, card: Any, events: list[Event], pk: Picks) -> None:
    """Call to Arms in a combat (facts 3.2): the Unit of the offer (``pk.offered``) is lent to the
    combat, ready, as if it were yours: one ability, activated by the combat's own actions
    (``activate LABEL KEY``); no damage may be assigned to it (``damage.can_take_damage``), and
    it leaves with the combat, staying in the offer (``sites.finish_combat``)."""
    unit = pk.offered
    if c.units_allowed != "all":
        raise _refuse(f"{card.name}: Units cannot be used in this combat (or only your chosen one)", "Units")
    lent = [u.unit for u in c.units if LENT + u.label in c.this_combat]
    if lent.count(unit) >= s.unit_offer.count(unit):
        raise _refuse(f"{card.name}: the {t.unit[unit].name} of the offer are already lent to this combat", "Units")
    if not lendable(t, c, unit):
        raise _refuse(f"{card.name}: the {t.unit[unit].name} have no ability for this phase of the combat or a "
                      "later one", "Units")
    label = f"{unit}-{sum(1 for u in c.units if u.unit == unit) + 1}"
    c.units.append(CombatUnit(unit, label))
    c.this_combat.append(LENT + label)
    c.cached = None
    events.append(Event("call-to-arms", f"the {t.unit[unit].name} of the Unit offer join the combat as {label} "
                        "(one ability; no damage may be assigned to them)", c.player,
                        {"unit": unit, "label": label}))


def _use_offered_unit(t: Tables, s: GameState, player: int, card: Any, events: list[Event], pk: Picks,
                      mana: tuple[str, ...], option: int) -> None:
    """Call to Arms (facts 3.2): one ability (``option``, among ``offer_abilities``) of a Unit of
    the Unit offer (``pk.offered``) used as if it were yours, its mana paid by ``mana``; the Unit
    stays in the offer. In a combat the Unit is lent to the combat (``_lend_offered_unit``)."""
    if pk.offered not in s.unit_offer:
        raise _refuse(f"{card.name}: choose a Unit of the Unit offer ({', '.join(sorted(set(s.unit_offer)))})", "Units")
    if s.combat is not None:
        _lend_offered_unit(t, s.combat, s, card, events, pk)
        return
    abilities = offer_abilities(t, pk.offered)
    if not 1 <= option <= len(abilities):
        raise _refuse(f"{card.name}: the {t.unit[pk.offered].name} have {len(abilities)} ability(ies) usable "
                      "outside combat: choose one", "Units")
    p = s.players[player]
    p.units.append([pk.offered, 0, False])  # borrowed for the ability only
    activate_unit(t, s, player, unit_labels(p)[-1], abilities[option - 1].key, events, mana=mana, colour=pk.colour,
                  other=pk.other)
    p = s.players[player]
    p.units.pop()
    events.append(Event("call-to-arms", f"uses the {t.unit[pk.offered].name}' ability from the Unit offer", player,
                        {"unit": pk.offered}))


@card_special("call-to-arms")
def call_to_arms(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                 mana: tuple[str, ...], option: int) -> None:
    """Call to Glory (Call to Arms' strong effect), Banner of Command thrown away (facts 3.2,
    3.3): a Unit of the Unit offer (``pk.offered``) is recruited free, one of yours (``pk.others``)
    disbanded first with no free Command token; wherever the offer lies (no site needed)."""
    if not pk.powered:
        _use_offered_unit(t, s, player, card, events, pk, mana, option)
        return
    p = s.players[player]
    if pk.offered not in s.unit_offer:
        raise _refuse(f"{card.name}: choose a Unit of the Unit offer ({', '.join(sorted(set(s.unit_offer)))})", "Units")
    if t.unit[pk.offered].mana_token:  # facts 3.4 Magic Familiars
        raise _refuse(f"{card.name}: {t.unit[pk.offered].name} cannot be gained free", "Units")
    if command_tokens_used(p) >= p.command:  # a Unit holding the Banner of Command holds no token
        labels = unit_labels(p)
        if not pk.others or pk.others[0] not in labels or pk.others[0] == p.bonded:  # Bonds of Loyalty's stays
            raise _refuse(f"{card.name}: you have no free Command token: disband a Unit first (not the one under "
                          "Bonds of Loyalty)", "Units")
        remove_unit(p, labels.index(pk.others[0]))
        events.append(Event("disbanded", f"disbands {pk.others[0]}", player, {"unit": pk.others[0]}))
    s.unit_offer.remove(pk.offered)
    p.units.append([pk.offered, 0, False])
    events.append(Event("recruited", f"recruits {t.unit[pk.offered].name} free ({card.name})", player,
                        {"unit": pk.offered, "cost": 0}))


# Sacrifice: the option's two crystal colours and what each pair of them gives
SACRIFICE = {1: ("green", "red", "siege", "fire", 4), 2: ("green", "blue", "siege", "ice", 4),
             3: ("white", "red", "ranged", "fire", 6), 4: ("white", "blue", "ranged", "ice", 6)}


@card_special("offering")
def sacrifice(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
              mana: tuple[str, ...], option: int) -> None:
    """Sacrifice (Offering's strong effect, facts 3.2): the option picks green or white and red
    or blue; each pair of crystals of the two colours in the Inventory gives Siege 4 (green) or
    Ranged 6 (white), Fire (red) or Ice (blue), and becomes two mana tokens."""
    if not pk.powered:
        raise _refuse(f"{card.name}: {e.notation()} is played by the interpreter", RULE)
    _combat(s, card)
    first, second, kind, element, value = SACRIFICE[e.value]
    p = s.players[player]
    pairs = min(p.crystals[first], p.crystals[second])
    if not pairs:
        raise _refuse(f"{card.name}: you have no pair of {first} and {second} crystals", RULE)
    for colour in (first, second):
        p.crystals[colour] -= pairs
        p.mana[colour] += pairs
    attack = CardEffect.model_validate({"type": kind, "value": value, "element": element})
    for _ in range(pairs):
        _apply(t, s, player, card, attack, events, pk, (), option)
    events.append(Event("sacrifice", f"{pairs} pair(s) of {first} and {second} crystals: {kind.capitalize()} "
                        f"{element.capitalize()} {value} each, the crystals become tokens", player, {"pairs": pairs}))


@card_special("possess")
def possess(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
            mana: tuple[str, ...], option: int) -> None:
    """Possess (Charm's strong effect, facts 3.2): the enemy that does not attack gives, in the
    Attack phase, Attack equal to its attacks (their elements, none of its abilities), counting
    only against the other enemies (a pool item whose source is -2 - the enemy's index)."""
    c = _combat(s, card)
    i = pk.target - 1
    en = c.enemies[i]
    if not en.prevented:  # the enemy ignored the effect (Arcane Immunity)
        return
    for atk in t.enemy[en.token].attacks:
        if atk.summon is None and atk.value:
            c.this_combat.append(f"attack-phase:{atk.element}:{atk.value}:{-2 - i}")
    events.append(Event("possessed", f"{name(t, en)} will attack for you in the Attack phase", player,
                        {"enemy": pk.target}))


@card_special("wings-of-night")
def wings_of_night(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                   mana: tuple[str, ...], option: int) -> None:
    """Wings of Night (Wings of Wind's strong effect, facts 3.2 and its errata), after its first
    enemy that does not attack: each more enemy named (``pk.others``, numbers) does not attack
    either, the second costing 1 Move, the third 2, and so on (the combat's Move points)."""
    c = _combat(s, card)
    prevent = next(x for x in card.powered[0] if x.type == "prevent-attack")
    named = [pk.target]
    for k, word in enumerate(pk.others, start=1):
        n = int(word) if word.isdigit() else 0
        if n in named or not 1 <= n <= len(c.enemies) or c.enemies[n - 1].defeated or c.enemies[n - 1].gone:
            raise _refuse(f"{card.name}: name another enemy still in the combat, not {word}", RULE)
        if replaced(c, n - 1):
            raise _refuse(f"{card.name}: {replaced_reason(c, t, n - 1)}", REPLACED_RULE)
        if c.move_points < k:
            raise _refuse(f"{card.name}: enemy {len(named) + 1} costs {k} Move; you have {c.move_points} in this "
                          "combat", RULE)
        c.move_points -= k
        _apply(t, s, player, card, prevent, events, replace(pk, target=n), (), option)
        named.append(n)


def wings_more(c: Combat, chosen: list[int]) -> list[int]:
    """The enemies Wings of Night may name next (1-based): still in the combat and attacking,
    not named yet, and the Move left pays for one more."""
    cost = len(chosen)  # the first (the card's own) is free: the k-th more costs k
    spent = cost * (cost - 1) // 2
    if c.move_points - spent < cost:
        return []
    return [i + 1 for i, en in enumerate(c.enemies)
            if not (en.defeated or en.gone or en.prevented or replaced(c, i)) and i + 1 not in chosen]


@card_special("mana-claim")
def mana_claim(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
               mana: tuple[str, ...], option: int) -> None:
    """Mana Claim (facts 3.2): a Source die of a basic colour (``pk.die``) is kept till the end
    of the round (not the turn's die): 3 tokens of its colour now (option 1), or one on each of
    your later turns this round (option 2, ``turn.start_turn``); Mana Curse: also, till then,
    another player using mana of that colour on their turn takes a Wound, one a turn
    (``mana.mana_curse``)."""
    i = pk.die - 1
    if not 0 <= i < len(s.source) or not die_free(s, i) or s.source[i] not in BASIC:
        raise _refuse(f"{card.name}: choose a Source die of a basic colour not used this turn", "Mana Source")
    colour = s.source[i]
    s.source_used.append(i)
    s.source_kept.append(i)  # no re-roll at the end of the turn
    s.dice_allowed += 1  # the card takes the die: the turn's own die stays free
    s.mana_claims = (*s.mana_claims, (player, i, int(option == 2), int(pk.powered)))
    if option == 2:
        events.append(Event("mana-claim", f"keeps die {pk.die} ({colour}): a {colour} token on each later turn "
                            "this round", player, {"die": pk.die, "colour": colour}))
        return
    s.players[player].mana[colour] += e.value
    events.append(Event("mana-claim", f"keeps die {pk.die} ({colour}) and gains {e.value} {colour} mana tokens",
                        player, {"die": pk.die, "colour": colour}))


CHARM_DISCOUNT = 3  # Charm in an interaction: a Unit 3 Influence cheaper
CHARM = "charm"  # the detail of its UNIT_DISCOUNT entry (no Reputation lost, unlike Ruthless Coercion)


def charm_bonus(t: Tables, s: GameState, player: int) -> bool:
    """Whether Charm's Influence is used in an interaction: played outside combat on a space
    with someone to interact with (our reading; ``sites.interaction_site``)."""
    return s.combat is None and bool(_interaction_site(t, s, player))


@card_special("charm")
def charm(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
          mana: tuple[str, ...], option: int) -> None:
    """Charm (facts 3.2), after its Influence 4: used in an interaction, also a crystal of a
    chosen basic colour (option 1, ``colour C``) or the next Unit recruited this turn 3 Influence
    cheaper (option 2)."""
    if not charm_bonus(t, s, player):
        return
    p = s.players[player]
    if option == 2:
        add(p, UNIT_DISCOUNT, CHARM, CHARM_DISCOUNT)
        events.append(Event("effect", f"{card.name}: the next Unit recruited this turn costs {CHARM_DISCOUNT} less",
                            player, {"discount": CHARM_DISCOUNT}))
        return
    if pk.colour not in BASIC:
        raise _refuse(f"{card.name}: choose the crystal's colour ({', '.join(BASIC)})", RULE)
    gain_crystal_now(p, pk.colour, events, player)


DECK_ENDS = ("top", "bottom")  # where Meditation puts each card in the Deed deck


def _take_at_random(s: GameState, player: int, n: int, r: Any) -> list[str]:
    """The ``n`` cards of ``player``'s discard pile the generator ``r`` takes (sorted, then drawn)."""
    pool = sorted(s.players[player].discard)
    return [pool.pop(r.below(len(pool))) for _ in range(min(n, len(pool)))]


def meditation_cards(s: GameState, player: int, n: int) -> list[str]:
    """Meditation (basic, facts 3.2): the ``n`` cards of the discard pile taken at random: those
    taken (``GameState.meditation_taken``, which a resampled state keeps), else those the game's
    next draws will take (a copy of the Rng: a play tried before its steps take them)."""
    if s.meditation_taken:
        return list(s.meditation_taken)
    return _take_at_random(s, player, n, s.rng.copy())


def take_meditation_cards(s: GameState, player: int, n: int) -> None:
    """Meditation (basic, facts 3.2): its first ``deck`` step takes the ``n`` cards of the
    discard pile at random, in sight of everyone; kept as state, so that every sample offers the
    steps the same cards (the draws are the game's, made as the steps show them)."""
    if not s.meditation_taken:
        s.meditation_taken = tuple(_take_at_random(s, player, n, s.rng))


@card_special("meditation")
def meditation(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
               mana: tuple[str, ...], option: int) -> None:
    """Meditation (facts 3.2): N cards of the discard pile taken at random (Trance: chosen), each
    put on top or at the bottom of the Deed deck (``pk.others``: "top:CARD" / "bottom:CARD"); the
    Hand limit bonus is the card's own ``hand-limit`` effect."""
    p = s.players[player]
    n = min(e.value, len(p.discard))
    placed = [x.partition(":") for x in pk.others]
    if len(placed) != n or any(where not in DECK_ENDS for where, _, _ in placed):
        raise _refuse(f"{card.name}: put {n} card(s) of the discard pile on top or at the bottom of the deck "
                      f"(deck CARD top|bottom)", RULE)
    cards = [x for _, _, x in placed]
    if not pk.powered:  # the random cards, taken as the play's steps showed them (else drawn now)
        taken = list(s.meditation_taken) or _take_at_random(s, player, n, s.rng)
        if Counter(cards) != Counter(taken):
            raise _refuse(f"{card.name}: the cards taken at random are {', '.join(sorted(taken))}: put those on "
                          f"top or at the bottom of the deck", RULE)
        s.meditation_taken = ()
    for where, _, x in placed:
        if x not in p.discard:
            raise _refuse(f"{card.name}: {x} is not in your discard pile", RULE)
        p.discard.remove(x)
        if where == "top":
            on_top(p, x)  # named in the event (knowledge/seen.py)
        else:
            at_bottom(p, x)
    events.append(Event("meditation", f"puts {', '.join(f'{x} on {w}' for w, _, x in placed)} of the deck", player,
                        {"cards": cards}))


@card_special("temporal-portal")
def temporal_portal(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                    mana: tuple[str, ...], option: int) -> None:
    """Temporal Portal (facts 3.1): played as the turn's action, the hero may go to a revealed
    safe space up to N spaces away (``pk.other``, ``Q:R``; its own space: it stays), provoking no
    one; the Hand limit bonus is the card's own ``hand-limit`` effect."""
    p = s.players[player]
    if s.combat is not None or p.acted:
        raise _refuse(f"{card.name} is played as your action: outside combat, before another action", RULE)
    q, _, r = pk.other.partition(":")
    try:
        to = (int(q), int(r))
    except ValueError:
        raise _refuse(f"{card.name}: name the space to go to, or yours to stay (move Q:R)", "Movement") from None
    if to not in spell_moves(t, s, player, card.id, e.value):
        raise _refuse(f"{card.name}: {pk.other} is not a safe space within {e.value} space(s)", "Movement")
    p.acted = p.moving_done = True
    if to != p.position:
        p.came_from, p.position = None, to
        p.path.append(to)
        p.provoked = []
        events.append(Event("moved", f"goes through the portal to {to[0]},{to[1]}", player, {"to": list(to)}))
        reveal_near(t, s, player, events)
