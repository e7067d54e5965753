"""Playing Deed cards (facts 2, 5.3, 5.4): basic, powered or sideways, and the interpreter of the
card vocabulary (docs/mage-knight/content.md) into the turn's pools and into the combat.

``play_card(t, s, player, card, how, events, ...)`` with ``how`` one of ``basic``, ``powered``
or a sideways use (``move``, ``influence``, ``attack``, ``block``). The small sub-decisions come
as arguments: ``option`` (1-based) when the side offers a choice, ``mana`` the sources paying
the powering mana (``die N``, ``token``, ``crystal``; for a Spell's strong effect: its colour,
then black), ``colour`` for a chosen mana or crystal colour, ``target`` the enemy (1-based) of an
effect on one enemy, ``other`` the card of the hand that Concentration powers or Improvisation
discards, ``die`` the Source die that Mana Draw sets. A refused play changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from ....engine import Event, IllegalActionError
from ..cards_model import ENEMY_TYPES, VALUED_TYPES, Card, CardEffect, Option
from ..combat.defeat import defeat
from ..combat.enemies import REPLACED_RULE, fortification, ignores, name, replaced, replaced_reason
from ..combat.phases import add_effect, end_if_all_defeated
from ..combat.state import Combat, CombatEnemy
from ..content import Tables
from ..content_model import UnitAbility
from ..game_state import BASIC, BOX_USED, GameState, PlayerState, add, box_artifact, count
from ..map.movement import terrain_cost
from ..sites.sites import change_reputation
from ..skills.bonuses import sideways_value
from ..skills.consulted import shapeshifted
from ..skills.mana import invocation_colours, invocation_colours_now, invoke
from ..specials import CARD_SPECIALS, PLAY_HOOKS, SKILL_SPECIALS, UNIT_SPECIALS
from ..units.in_combat import add_unit_bonus
from .deck import WOUND, draw, heal_wounds_in_hand, take_wounds, wounds_to_discard
from .mana import (
    POLARIZATION_RULE,
    die_free,
    eternal_night,
    gain_crystal_now,
    night_rules,
    night_words,
    pay_mana,
    polarization_blocks,
    roll_die,
)
from .offers import take_from_offer, unit_labels

SIDEWAYS = ("move", "influence", "attack", "block")
BOOSTED = ("move", "influence", "block", "attack", "ranged", "siege")  # Concentration's +N
IN_COMBAT_ONLY = ("attack", "ranged", "siege", "block", *ENEMY_TYPES, "units-resist-all")
RULE = "Playing cards"
MANA_SPECIALS = ("crystallize", "pay-mana-by-colour", "advanced-from-offer", "mana-bolt",  # pay a chosen mana
                 "lake-crossing",  # Song of Wind: a blue mana
                 "spell-from-offer",  # Magic Talent (powered): a mana of the Spell's colour
                 "call-to-arms",  # an offered Unit's ability: its mana
                 "circlet-of-proficiency")  # a skill's mana (Universal Power)
# Mana Bolt: the colour of the mana paid chooses the attack, and how much less than the card's N it is
MANA_BOLT = {"blue": ("attack", "ice", 0), "red": ("attack", "cold-fire", 1), "white": ("ranged", "ice", 2),
             "green": ("siege", "ice", 3)}
# Maximal Effect (facts 3.1) repeats another card's effect with the choices made once: not the specials
# that take another card, a Source die or a mana of their own each time (our reading, rules-choices.md)
SINGLE_USE_SPECIALS = (*(x for x in MANA_SPECIALS if x != "lake-crossing"), "improvisation", "concentration", "throw-away-card", "stout-resolve",
                       "mana-draw", "mana-storm", "power-of-crystals", "temporal-portal", "peaceful-moment")
# ... and the specials about the card itself (Steady Tempo back on the deck): the card is thrown away
THROWN_CARD_SPECIALS = ("end-of-turn-deck",)
ALL_TERRAIN_AT_FLOOR = 99  # Path Finding powered: a reduction large enough that every cost is the floor, 2
ACTION_KINDS = ("basic", "hero", "advanced")
PURE_MAGIC = {"green": "move", "white": "influence", "blue": "block", "red": "attack"}
RITUAL_COLOURS = ("red", "blue", "white", "green")  # Ritual Attack's options, in order
DEFEAT_PER = ("enemy-defeated", "enemy-defeated-phase")  # this turn / this combat phase
# The named specials that have their code (``_special``); a side holding another is refused
# ("not playable yet") and so never offered: docs/mage-knight/coverage.md lists those cards.
SPECIALS_PLAYED = frozenset((
    "tirelessness", "mana-pull", "cold-toughness", "improvisation", "crystallize", "mana-draw", "concentration",
    "power-of-crystals", "owned-colour-crystal", "pay-mana-by-colour", "throw-away-card", "advanced-from-offer",
    "spell-forge", "mana-storm", "one-with-the-land", "mana-bolt", "restoration", "earthquake", "offering",
    "mana-pull-powered", "stout-resolve", "ready-units-for-influence", "path-finding",
))
# sides whose special is played on the other side only (or by other cards only)
SIDES_WAITING: frozenset[tuple[str, str]] = frozenset()


class Played(Protocol):
    """What is played: a Deed card, or a skill (no colour)."""

    @property
    def name(self) -> str: ...

    @property
    def colours(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class SkillPlay:
    """A skill (or tactic) played through the interpreter: a name and no colour."""

    name: str
    colours: tuple[str, ...] = ()
    id: str = ""  # the skill's id: its own mechanism (special:skill) is chosen by it


@dataclass(frozen=True)
class Picks:
    """The small choices made for a play: a colour, an enemy (1-based), another card of the
    hand (or a Unit), a Source die (1-based), a card of an offer."""

    colour: str = ""
    target: int = 0
    other: str = ""
    die: int = 0
    offered: str = ""
    others: tuple[str, ...] = ()  # several cards of the hand (Offering)
    settings: tuple[tuple[int, str], ...] = ()  # Source dice set to colours (Mana Pull's strong effect)
    powered: bool = False  # the card's powered side is played (specials that differ by side)
    terrain: str = ""  # a terrain type (Druidic Paths)
    wound_to: str = ""  # "discard": a Wound the card lets go to the discard pile goes there (Blood of Ancients)


def _refuse(reason: str, rule: str = RULE) -> IllegalActionError:
    return IllegalActionError(reason, rule)


def play_card(t: Tables, s: GameState, player: int, card: str, how: str, events: list[Event], option: int = 1,
              mana: tuple[str, ...] = (), colour: str = "", target: int = 0, other: str = "",
              die: int = 0, offered: str = "", others: tuple[str, ...] = (), in_place: bool = False,
              settings: tuple[tuple[int, str], ...] = (), terrain: str = "", wound_to: str = "") -> None:
    """Play ``card`` from the hand (facts 2 "Rules common to all action cards", 5.4). The played
    card goes to the play area; a powered Artifact is thrown away. ``in_place``: ``s`` is a trial
    copy that a refusal may leave half changed (no second copy is made). ``wound_to``: "discard"
    where the card lets its Wound go to the discard pile (Blood of Ancients, powered)."""
    if in_place:
        _play(t, s, player, card, how, events, option, mana,
              Picks(colour, target, other, die, offered, others, settings, terrain=terrain, wound_to=wound_to))
        return
    g = s.clone()  # applied to a copy: a refusal halfway leaves the state as it was
    new: list[Event] = []
    _play(t, g, player, card, how, new, option, mana,
          Picks(colour, target, other, die, offered, others, settings, terrain=terrain, wound_to=wound_to))
    s.take_over(g)
    events += new


def mana_for_units(s: GameState, player: int, need: str, source: str, events: list[Event]) -> None:
    """Facts 5.3 "unit abilities marked with a colour cost that mana": pay one mana of ``need``
    (``die N``, ``token`` or ``crystal``) into the combat's pool, from which stage 1 powers the
    Units' abilities; what is left there returns as tokens when the combat ends."""
    c = s.combat
    if c is None:
        raise _refuse("mana for Units is paid in a combat", "Mana")
    pay_mana(s, player, need, source)  # refuses before changing anything
    c.mana[need] += 1
    events.append(Event("mana", f"pays {need} mana for a Unit", player, {"colour": need, "source": source}))


def _play(t: Tables, s: GameState, player: int, card_id: str, how: str, events: list[Event], option: int,
          mana: tuple[str, ...], pk: Picks) -> None:
    p = s.players[player]
    boxed = box_artifact(p) if card_id == BOX_CARD and card_id in p.play_area and card_id not in p.hand else ""
    if boxed:  # facts 3.3: the Mysterious Box, in the play area, used as the Artifact it revealed
        p.play_area.remove(card_id)
        p.hand.append(card_id)
    if card_id not in p.hand:
        raise _refuse(f"you have no {card_id} in your hand")
    if card_id == WOUND and not (how in SIDEWAYS and s.sideways_bonus == "power-of-pain"):
        raise _refuse("Wound cards cannot be played", "Wounds")
    if s.combat is not None and s.combat.hero.hand_discarded:
        raise _refuse("you were knocked out or paralyzed: the non-Wound cards of your hand are discarded",
                      "Paralyze / knock-out")
    card = _boxed(t, boxed, how) if boxed else t.card[card_id]
    p.hand.remove(card_id)
    if how in SIDEWAYS:
        p.play_area.append(card_id)
        value = sideways_value(t, s, card)  # 1, or a skill's bonus (skills/bonuses.py)
        _apply(t, s, player, card, CardEffect.model_validate({"type": how, "value": value}), events, pk, (), 1)
        events.append(Event("played", f"plays {card.name} sideways: {how.capitalize()} {value}", player,
                            {"card": card_id, "how": how}))
        for hook in PLAY_HOOKS:
            hook(t, s, player, card, how, 1, events)
        return
    if how not in ("basic", "powered"):
        raise _refuse(f"play a card basic, powered or sideways ({', '.join(SIDEWAYS)}), not {how!r}")
    n = len(card.powering[0]) if how == "powered" else len(card.basic_cost)
    mana, extra = mana[:n], mana[n:]  # the cost, then mana that an effect pays (Crystallize, Pure Magic)
    if how == "powered":
        _pay_powering(s, player, card, mana)
    else:
        _pay(s, player, card.basic_cost, mana, f"{card.name}'s basic effect")
    side = card.powered if how == "powered" else card.basic
    if not side:  # the Mysterious Box has no strong effect of its own
        raise _refuse(f"{card.name} has no {'strong' if how == 'powered' else 'basic'} effect of its own")
    if card.kind == "artifact" and how == "powered":
        p.thrown.append(card_id)
        p.must_play = False  # facts 5.4: a card was played this turn, though not in the play area
    else:
        p.play_area.append(card_id)
    chosen = shapeshifted(p, card, _option(card, side, option))  # a Shapeshift waiting (facts 3.5)
    if extra and not any(e.type == "special" and e.name in MANA_SPECIALS for e in chosen) and \
            not _special_in_host(t, chosen, pk):
        raise _refuse(f"{card.name} ({how}) costs {n} mana: {len(mana) + len(extra)} source(s) named", "Mana")
    _resolve(t, s, player, card, chosen, events, replace(pk, powered=how == "powered"), extra, option)
    if boxed:  # "then Fame +1"
        add(p, BOX_USED)
        p.fame += 1
        events.append(Event("fame", f"Fame +1: the Mysterious Box used as the {card.name}", player, {"fame": 1}))
    if card.kind == "spell":  # a Ring's strong effect counts the Spells of its colour cast this turn
        for c in card.colours:
            add(p, "cast:", c)
    events.append(Event("played", f"plays {card.name} ({how})", player, {"card": card_id, "how": how}))
    for hook in PLAY_HOOKS:
        hook(t, s, player, card, how, option, events)


BOX_CARD = "mysterious-box"


def _boxed(t: Tables, artifact: str, how: str) -> Card:
    """The Artifact the Mysterious Box is played as (basic or powered, not sideways)."""
    card = t.card[artifact]
    if how not in ("basic", "powered"):
        raise _refuse(f"the Mysterious Box is used as the {card.name}: play it basic or powered", "Artifacts")
    return card


def _option(card: Played, side: tuple[Option, ...], option: int) -> Option:
    """The chosen option of a side; a side without a choice ignores ``option`` (Concentration
    passes it on to the card it powers)."""
    if len(side) == 1:
        return side[0]
    if not 1 <= option <= len(side):
        raise _refuse(f"{card.name} offers {len(side)} choice(s): choose 1 to {len(side)}, not {option}")
    return side[option - 1]


def _pay(s: GameState, player: int, colours: tuple[str, ...], mana: tuple[str, ...], what: str,
         strong_spell: bool = False) -> tuple[str, ...]:
    if not colours:
        return ()
    if len(mana) < len(colours) and (why := polarization_blocks(s, player, colours[len(mana)], strong_spell)):
        raise _refuse(f"{what}: {why}", POLARIZATION_RULE)
    if len(mana) != len(colours):
        raise _refuse(f"{what} costs {' and '.join(colours)} mana: name {len(colours)} source(s) "
                      f"(die N, token or crystal)", "Mana")
    return tuple(pay_mana(s, player, c, m, strong_spell) for c, m in zip(colours, mana, strict=True))


def _pay_powering(s: GameState, player: int, card: Card, mana: tuple[str, ...]) -> tuple[str, ...]:
    """The powered effect costs a mana of the card's colour; a Spell's strong effect its colour
    and black (facts 2, 3.2: black only at Night). A dual-colour card takes either colour: the
    first that the sources pay."""
    alternatives = card.powering
    if alternatives == ((),):
        return ()
    what = f"{card.name}'s powered effect"
    spell = card.kind == "spell"  # a Spell's strong effect: Polarization's black by Day cannot pay it (cards/mana.py)
    if len(alternatives) == 1:
        return _pay(s, player, alternatives[0], mana, what, spell)
    for colours in alternatives:
        try:
            _pay(s.clone(), player, colours, mana, what, spell)  # a trial on a copy
        except IllegalActionError:
            continue
        return _pay(s, player, colours, mana, what, spell)
    names = " or ".join(" and ".join(a) for a in alternatives)
    raise _refuse(f"{what} costs {names} mana: name the source that pays it (die N, token or crystal)", "Mana")


def resolve_effects(t: Tables, s: GameState, player: int, played: Played, effects: Option, events: list[Event],
                    colour: str = "", target: int = 0, other: str = "", mana: tuple[str, ...] = ()) -> None:
    """Apply an option of effects (a skill's, a tactic's) with the cards' interpreter (``mana``:
    the sources of a mana the skill's own mechanism pays)."""
    _resolve(t, s, player, played, effects, events, Picks(colour, target, other), mana, 1)


def _resolve(t: Tables, s: GameState, player: int, card: Played, effects: Option, events: list[Event], pk: Picks,
             mana: tuple[str, ...], option: int) -> None:
    for e in effects:
        _check_when(s, player, card, e)
    if any(e.per == "card-discarded" for e in effects):
        _discard_for_bonus(s, player, card, pk, events)
    for e in effects:
        _apply(t, s, player, card, e, events, pk, mana, option)


def _check_when(s: GameState, player: int, card: Played, e: CardEffect) -> None:
    """An effect's condition (``@when``), where the state knows it."""
    c, when = s.combat, e.when
    night = night_rules(s, player)  # a dungeon's or tomb's combat, a Necropolis: Night rules by Day
    ok = {
        "day": not night, "night": night, "combat": c is not None, "outside-combat": c is None,
        "interaction": s.players[player].interacting,
        "ranged-phase": c is not None and c.phase == "ranged", "block-phase": c is not None and c.phase == "block",
        "attack-phase": c is not None and c.phase == "attack",
    }.get(when or "", True)
    if not ok and when == "day" and not s.night and eternal_night(s, player):  # Night rules by Day: say why
        raise _refuse(f"{card.name}: {e.notation()} is only used by Day, and Night rules apply "
                      f"{night_words(s, player).removeprefix('under Night rules ')}", "NECROPOLIS TILE: Eternal Night")
    if not ok:
        raise _refuse(f"{card.name}: {e.notation()} is only used {when.replace('-', ' ') if when else ''}")


def _apply(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event], pk: Picks,
           mana: tuple[str, ...], option: int, bonus: int = 0) -> None:
    """One effect of the vocabulary: points to the turn's pools or to the combat, gains to the
    player, and the named specials."""
    colour, target, other = pk.colour, pk.target, pk.other
    p, c, kind = s.players[player], s.combat, e.type
    if e.when == "least-fame" and any(q.fame < p.fame for q in s.players):
        return  # a bonus only for the player with the least Fame (ties count)
    value = e.amount(_count(t, s, player, e.per, target, len(pk.others))) + (bonus if kind in BOOSTED else 0)
    if kind == "special":
        _special(t, s, player, card, e, events, pk, mana, option)
        return
    if kind == "fame" and e.per in DEFEAT_PER and c is not None:  # also each enemy defeated later on
        c.fame_per_defeat = (*c.fame_per_defeat, (e.bonus, c.phase if e.per == "enemy-defeated-phase" else ""))
        events.append(Event("effect", f"{card.name}: Fame +{e.bonus} per enemy defeated "
                            f"{'in this combat phase' if e.per == 'enemy-defeated-phase' else 'this turn'}",
                            player, {"effect": "fame", "per": e.per}))
        if value > 0:
            p.fame += value
        return
    if kind == "hand-limit":
        s.hand_bonus += value
        events.append(Event("hand-limit", f"Hand limit +{value} at the next draw", player, {"bonus": value}))
        return
    if kind == "unit-bonus":
        if c is None:
            raise _refuse(f"{card.name}: the bonus to your Units' attacks and blocks is played in a combat")
        add_unit_bonus(c, value, events)
        return
    # a +N/per bonus that counts nothing (Units recruited later this turn count too: Heroic Tale)
    if value < 1 and kind in VALUED_TYPES and kind != "ready-unit" and e.per != "unit-recruited":
        raise _refuse(f"{card.name}: {e.notation()} adds nothing now")
    if kind in IN_COMBAT_ONLY:
        if c is None:
            raise _refuse(f"{kind.replace('-', ' ').capitalize()} is only played in a combat")
        if kind == "destroy":  # Tornado, Disintegrate: the enemy is defeated (Fame as for any defeat)
            _destroy(t, c, card, target, events)
            return
        if kind == "lose-attack-abilities":
            _lose_attack_abilities(t, c, card, target, events)
            return
        effect = e.model_copy(update={"value": value}).combat_effect()
        if effect is None:
            raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
        if e.target == "all":  # content.md: an effect on all enemies is added once per enemy in the combat
            for i, en in enumerate(c.enemies):
                if not (en.defeated or en.gone or replaced(c, i)):
                    add_effect(c, t, effect, i, card.colours, events)
        else:
            add_effect(c, t, effect, target - 1, card.colours, events)
    elif kind in ("move", "influence") and c is None and p.rested:  # facts 5.4: special and healing effects only
        raise _refuse(f"you rested this turn: no movement and no action, so no {kind.capitalize()} (only special "
                      "and healing effects)", "Rest")
    elif kind == "move":
        agile = max((x[2] for x in p.lasting if x[0] == "agility"), default=0) if c is not None else 0
        if agile and c is not None and (c.phase == "attack" or c.phase == "ranged" and agile == 2):
            _move_as_attack(t, c, card, value, events)  # Agility (cards/action_specials.py)
        elif c is not None:
            effect = e.model_copy(update={"value": value}).combat_effect()
            assert effect is not None
            add_effect(c, t, effect, -1, card.colours, events)
        else:
            p.move_points += value + _tireless(p, card)
    elif kind == "influence":
        if c is not None:
            c.influence += value
        else:
            p.influence_points += value
    elif kind == "heal":
        if c is not None:
            raise _refuse("Healing cannot be used during a combat", "Healing")
        healed = heal_wounds_in_hand(p, value)
        events.append(Event("healed", f"heals {healed} Wound(s)", player, {"wounds": healed}))
        if p.lasting:  # the Golden Grail thrown away, Cure: a card per Wound healed from hand this turn
            draw(p, healed * (count(p, "golden-grail") + count(p, "cure")))
        add(p, "healed", times=healed)
        if value > healed and any(u[1] for u in p.units):  # the rest may heal Wounded Units (heal-unit)
            s.heal_points += value - healed
    elif kind == "draw":
        draw(p, value)
    elif kind == "fame":
        p.fame += value
    elif kind == "reputation":  # its +N/per bonus counted too (Heroic Tale)
        change_reputation(p, value)
    elif kind == "mana-token":
        chosen = _colour(e.colour or "", colour, card)
        p.mana[chosen] += value
        events.append(Event("mana-token", f"gains {value} {chosen} mana token(s)", player, {"colour": chosen}))
    elif kind == "crystal":
        chosen = _colour(e.colour or "", colour, card)
        for _ in range(value):
            gain_crystal_now(p, chosen, events, player)
    elif kind == "extra-die":
        s.dice_allowed += value
    elif kind == "take-wound":
        (wounds_to_discard if pk.wound_to == "discard" else take_wounds)(p, value)
    elif kind == "ready-unit":
        _ready_unit(t, p, card, other, value, events, player)
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")


def heal_unit(t: Tables, s: GameState, player: int, label: str, events: list[Event]) -> None:
    """Facts 4.3 "unit heal costs its level": Heal points left this turn (after the Wounds in
    hand) remove a Wound card of a Wounded Unit, as many points as its level."""
    p = s.players[player]
    labels = unit_labels(p)
    if label not in labels:
        raise _refuse(f"you have no Unit {label} (yours: {', '.join(labels) or 'none'})", "Healing")
    u = p.units[labels.index(label)]
    level = t.unit[u[0]].level
    if not u[1]:
        raise _refuse(f"your {label} is not Wounded", "Healing")
    if s.heal_points < level:
        raise _refuse(f"healing {label} (level {level}) costs {level} Heal points; you have {s.heal_points} left",
                      "Healing")
    s.heal_points -= level
    u[1] -= 1
    events.append(Event("unit-healed", f"heals {t.unit[u[0]].name} for {level} Heal points", player,
                        {"unit": label}))


def readiable(t: Tables, p: PlayerState, level: int) -> list[str]:
    """The Units a Ready effect of ``level`` can ready: Spent, of that level or lower."""
    return [x for x, u in zip(unit_labels(p), p.units, strict=True) if u[2] and t.unit[u[0]].level <= level]


def _ready_unit(t: Tables, p: PlayerState, card: Played, label: str, level: int, events: list[Event],
                player: int) -> None:
    """Ready N (facts 3.4): a Spent Unit of at most level N is readied (a Wounded one stays
    Wounded)."""
    labels = unit_labels(p)
    if not label and not readiable(t, p, level):
        return  # no Spent Unit of that level: the effect does nothing
    if label not in labels:
        raise _refuse(f"{card.name}: name a Spent Unit of yours to ready (level {level} or lower)", "Units")
    u = p.units[labels.index(label)]
    if not u[2]:
        raise _refuse(f"{card.name}: your {label} is not Spent", "Units")
    if t.unit[u[0]].level > level:
        raise _refuse(f"{card.name} readies a Unit of level {level} or lower; {label} is level "
                      f"{t.unit[u[0]].level}", "Units")
    u[2] = False
    events.append(Event("unit-readied", f"readies {t.unit[u[0]].name}", player, {"unit": label}))


# Unit effects that can be used outside combat (facts 3.4); the others belong to a combat
UNIT_TURN_TYPES = ("move", "influence", "heal", "mana-token", "crystal", "reputation", "ready-unit")


def turn_ability(unit: str, ability: UnitAbility) -> bool:
    """Whether a Unit's ability is used outside combat: its effects are of ``UNIT_TURN_TYPES``,
    or a ``special`` one with code (``specials.UNIT_SPECIALS``: Foresters, Scouts)."""
    return all(e.type in UNIT_TURN_TYPES or e.type == "special" and f"{unit}:{ability.key}" in UNIT_SPECIALS
               for e in ability.effects)


def activate_unit(t: Tables, s: GameState, player: int, label: str, key: str, events: list[Event],
                  mana: tuple[str, ...] = (), colour: str = "", other: str = "") -> None:
    """Facts 3.4: activate a ready, unwounded Unit's ability outside combat (Move, Influence,
    Heal, mana, crystals, Ready): the Unit is Spent; its mana is paid from ``mana`` (die N,
    token or crystal); ``colour`` is the chosen colour of an ``any`` mana token; ``other`` the
    Unit that a Ready ability readies."""
    p = s.players[player]
    labels = unit_labels(p)
    if label not in labels:
        raise _refuse(f"you have no Unit {label} (yours: {', '.join(labels) or 'none'})", "Units")
    u = p.units[labels.index(label)]
    unit = t.unit[u[0]]
    ability = next((a for a in unit.abilities if a.key == key), None)
    if ability is None:
        raise _refuse(f"the {unit.name} have no ability {key!r} ({', '.join(a.key for a in unit.abilities)})", "Units")
    if s.combat is not None:
        raise _refuse("in a combat, Units are activated by the combat's own actions", "Units")
    if u[1]:
        raise _refuse(f"the {unit.name} ({label}) are Wounded: a Wounded Unit cannot be activated", "Units")
    if u[2]:
        raise _refuse(f"the {unit.name} ({label}) are Spent: a Unit is activated once until readied", "Units")
    kinds = {e.type for e in ability.effects}
    if not turn_ability(u[0], ability):
        raise _refuse(f"the {unit.name}' {key} ability is used in a combat" if kinds & set(IN_COMBAT_ONLY)
                      else f"the {unit.name}' {key} ability is not playable yet", "Units")
    g = s.clone()  # a refusal halfway leaves the state as it was
    new: list[Event] = []
    _pay(g, player, ability.mana, mana, f"the {unit.name}' {key} ability")
    g.players[player].units[labels.index(label)][2] = True
    played = SkillPlay(unit.name)
    for n, e in enumerate(ability.effects):
        if e.type == "special":
            UNIT_SPECIALS[f"{u[0]}:{key}"](t, g, player, label, e, new, other)
            continue
        value = e.value or 1
        if n == 0 and ability.boosted_by and u[3:] == [ability.boosted_by]:  # Magic Familiars' token on the card
            value = ability.boosted
        effect = CardEffect.model_validate({"type": e.type, "value": value, "colour": e.colour})
        _apply(t, g, player, played, effect, new, Picks(colour, other=other), (), 1)
    s.take_over(g)
    events += new
    events.append(Event("activate", f"the {unit.name} ({label}) use {key}", player, {"unit": label, "ability": key}))


def _tireless(p: PlayerState, card: Played) -> int:
    """Tirelessness: +1 to the Move of the next card (or every other card) giving Move; a
    skill's or a Unit's Move is not a card's."""
    if not p.move_bonus or card.name == "Tirelessness" or not isinstance(card, Card):
        return 0
    if p.move_bonus == 1:
        p.move_bonus = 0
    return 1


def _count(t: Tables, s: GameState, player: int, per: str | None, target: int = 0, discarded: int = 0) -> int:
    """What a ``+N/per`` bonus counts when the card is played (``discarded``: the cards it
    discards)."""
    p, c = s.players[player], s.combat
    if per == "card-discarded":
        return discarded
    if per == "unit-recruited":
        return s.recruited
    if per in DEFEAT_PER:  # one combat a turn: the enemies defeated so far in it (or in this phase)
        if c is None:
            return 0
        return len(c.defeats) if per == "enemy-defeated" else c.defeats.count(c.phase)
    if c is not None and per in ("enemy", "enemy-blocked"):  # enemies of the combat still in it
        alive = [e for e in c.enemies if not (e.defeated or e.gone or e.summoner >= 0)]
        return len(alive) if per == "enemy" else sum(1 for e in alive if e.blocked and all(e.blocked))
    if per == "resistance":  # Resistance Break: the target enemy's resistances
        if c is None or not 1 <= target <= len(c.enemies):
            return 0
        return len(t.enemy[c.enemies[target - 1].token].resistances)
    if per == "crystal-set":  # a set is one crystal of each basic colour
        return min(p.crystals.values())
    if per == "enemy-icon":  # Cold Toughness: the blocked enemy's abilities, attack elements, resistances
        c = s.combat
        if c is None or c.block_target is None:
            return 0
        en = t.enemy[c.enemies[c.block_target[0]].token]
        if "arcane-immunity" in en.abilities:
            return 0
        elements = {a.element for a in en.attacks if a.element not in (None, "physical")}
        return len(en.abilities) + len(elements) + len(en.resistances)
    if per == "crystal-colour":
        return sum(1 for n in p.crystals.values() if n)
    if per == "ready-unit":
        return sum(1 for u in p.units if not u[2])  # ready: not spent, wounded or not
    if per == "wound":  # in hand and on Units
        return p.hand.count(WOUND) + sum(u[1] for u in p.units)
    return 0


def _move_as_attack(t: Tables, c: Combat, card: Played, move: int, events: list[Event]) -> None:
    """Agility: Move played in the Attack phase is Attack 1 per Move point; powered, in the
    Ranged and Siege Attacks phase Ranged Attack 1 per 2 Move points."""
    kind, value = ("attack", move) if c.phase == "attack" else ("ranged", move // 2)
    if value < 1:
        raise _refuse(f"{card.name}: Move {move} gives no Ranged Attack (2 Move each)")
    effect = CardEffect.model_validate({"type": kind, "value": value}).combat_effect()
    assert effect is not None
    add_effect(c, t, effect, -1, card.colours, events)
    events.append(Event("agility", f"Agility: Move {move} as {kind.capitalize()} {value}", c.player,
                        {"move": move, kind: value}))


def _colour(fixed: str, chosen: str, card: Played) -> str:
    """A fixed colour, or the player's choice: ``basic`` one of the four, ``any`` also gold and black."""
    if fixed not in ("basic", "any"):
        return fixed
    allowed = BASIC if fixed == "basic" else (*BASIC, "gold", "black")
    if chosen not in allowed:
        raise _refuse(f"{card.name}: choose the colour ({', '.join(allowed)})")
    return chosen


def _take_other(p: PlayerState, card: Played, other: str, what: str) -> str:
    if not other:
        raise _refuse(f"{card.name}: name the other card to {what}")
    if other == WOUND:
        raise _refuse(f"{card.name}: a Wound cannot be used to {what}", "Wounds")
    if other not in p.hand:
        raise _refuse(f"{card.name}: you have no {other} in your hand")
    p.hand.remove(other)
    return other


def _special_in_host(t: Tables, chosen: Option, pk: Picks) -> bool:
    """Whether the card that Concentration powers (``pk.other``) takes the extra mana."""
    if not any(e.type == "special" and e.name == "concentration" for e in chosen) or pk.other not in t.card:
        return False
    return any(e.type == "special" and e.name in MANA_SPECIALS for o in t.card[pk.other].powered for e in o)


def _action_card(t: Tables, p: PlayerState, card: Played, other: str, what: str) -> Card:
    """Take another Action card (not a Wound) from the hand for ``card``'s effect."""
    taken = t.card[_take_other(p, card, other, what)]
    if taken.kind not in ACTION_KINDS:
        raise _refuse(f"{card.name} takes an Action card, not {taken.name}")
    return taken


def _throw_away_card(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                     pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Decompose, Maximal Effect, Ritual Attack (facts 3.1): throw away another Action card; its
    colour (the first of a dual-colour card) or its effect gives what the card says."""
    p, cid = s.players[player], getattr(card, "id", "")
    thrown = _action_card(t, p, card, pk.other, "throw away")
    p.thrown.append(thrown.id)
    colour = thrown.colours[0]
    events.append(Event("thrown", f"throws away {thrown.name}", player, {"card": thrown.id}))
    if cid == "decompose":
        gains = [colour, colour] if not pk.powered else [c for c in BASIC if c != colour]
        for c in gains:
            gain_crystal_now(p, c, events, player)
    elif cid == "ritual-attack":
        if RITUAL_COLOURS[option - 1] != colour:
            raise _refuse(f"{card.name}: a {colour} card gives the {colour} option "
                          f"(option {RITUAL_COLOURS.index(colour) + 1}), not option {option}")
    elif cid == "maximal-effect":  # its basic effect three times, or its powered effect twice, free
        effects = _option(thrown, thrown.powered if pk.powered else thrown.basic, option)
        single = [x.name for x in effects if x.type == "special" and (x.name in SINGLE_USE_SPECIALS or
                                                                      (x.name, thrown.id) == ("lake-crossing", "song-of-wind"))]
        if single:
            raise _refuse(f"{card.name}: {thrown.name}'s {single[0]} needs its own card, Source die or mana "
                          "each time: it is not repeated", "Maximal Effect")
        for x in effects:
            _check_when(s, player, thrown, x)
        for _ in range(e.value):  # as if the card were played that many times, with the same choices
            for x in effects:
                if not (x.type == "special" and x.name in THROWN_CARD_SPECIALS):
                    _apply(t, s, player, thrown, x, events, replace(pk, other=""), mana, option)
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")


ADVANCED_ACTIONS = "Advanced Actions"  # the rule Blood of Ancients' refusals name
# a powered effect used from the offer leaves out what concerns the card itself, which stays in the offer
ABOUT_ITSELF = ("end-of-turn-deck",)  # Steady Tempo: this card on top of the deck at the end of the turn


def offered_powered(t: Tables, s: GameState, player: int, card: Played, events: list[Event], pk: Picks,
                    mana: tuple[str, ...], option: int) -> None:
    """Blood of Ancients (powered; facts 3.1): after its Wound (to the hand, or to the discard pile:
    ``pk.wound_to``), the powered effect of an Advanced Action of the offer (the first of
    ``pk.others``; its option ``option``), free, with that card's own choices (the rest of
    ``pk.others``, and the other picks) and the mana its effect pays (``mana``); the card stays in
    the offer."""
    used_id = pk.others[0] if pk.others else ""
    if used_id not in s.aa_offer:
        raise _refuse(f"{card.name}: choose an Advanced Action of the offer ({', '.join(sorted(s.aa_offer))})",
                      ADVANCED_ACTIONS)
    used = t.card[used_id]
    effects = tuple(x for x in _option(used, used.powered, option)
                    if not (x.type == "special" and x.name in ABOUT_ITSELF))
    _resolve(t, s, player, used, effects, events, replace(pk, others=pk.others[1:], wound_to=""), mana, option)
    if used_id not in s.aa_offer:  # "it stays there": its effect cannot take the card itself (Training)
        raise _refuse(f"{card.name}: {used.name} stays in the offer: its effect cannot take it", ADVANCED_ACTIONS)
    events.append(Event("effect", f"{card.name}: uses {used.name}'s powered effect from the offer", player,
                        {"card": used_id}))


def _advanced_from_offer(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                         pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Training, Learning, Blood of Ancients (facts 3.1): an Advanced Action of the offer
    (``pk.offered``), the offer refilled; to the discard pile or to the hand as the card says."""
    p, cid = s.players[player], getattr(card, "id", "")
    colours: tuple[str, ...]
    if cid == "blood-of-ancients" and pk.powered:  # an offered card's powered effect, free
        offered_powered(t, s, player, card, events, pk, mana, option)
        return
    if cid == "training":  # throw away an Action card: an offered Advanced Action of its colour
        colours = _action_card(t, p, card, pk.other, "throw away").colours
        p.thrown.append(pk.other)
        to_hand = pk.powered
    elif cid == "learning":  # N Influence of this turn's buys an offered Advanced Action
        if p.influence_points < e.value:
            raise _refuse(f"{card.name}: an Advanced Action costs {e.value} Influence; you have "
                          f"{p.influence_points}", "Learning")
        p.influence_points -= e.value
        colours, to_hand = BASIC, pk.powered
    elif cid == "book-of-wisdom" and not pk.powered:  # throw away an Action card: an AA of its colour to hand
        colours = _action_card(t, p, card, pk.other, "throw away").colours
        p.thrown.append(pk.other)
        to_hand = True
    elif cid == "blood-of-ancients" and not pk.powered:  # pay a mana: an Advanced Action of its colour
        if pk.colour not in BASIC or len(mana) != 1:
            raise _refuse(f"{card.name}: choose a basic colour and the mana that pays it", "Mana")
        pay_mana(s, player, pk.colour, mana[0])
        colours, to_hand = (pk.colour,), True
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
    chosen = pk.offered
    if chosen not in s.aa_offer or not set(t.card[chosen].colours) & set(colours):
        fits = [x for x in s.aa_offer if set(t.card[x].colours) & set(colours)]
        raise _refuse(f"{card.name}: choose an Advanced Action of the offer ({', '.join(fits) or 'none fits'})",
                      "Advanced Actions")
    take_from_offer(s.aa_offer, s.aa_deck, chosen)
    (p.hand if to_hand else p.discard).append(chosen)
    events.append(Event("gained", f"gains {t.card[chosen].name} to the {'hand' if to_hand else 'discard pile'}",
                        player, {"card": chosen}))


SKILLS_PLAYED = ("i-feel-no-pain", "invocation", "inspiration")  # skills whose own mechanism has code here


def special_played(name: str) -> bool:
    """Whether the card special ``name`` has code (here or in a module of its own)."""
    return name in SPECIALS_PLAYED or name in CARD_SPECIALS


def skill_played(sid: str) -> bool:
    """Whether the skill ``sid``'s own mechanism has code (here or in a module of its own)."""
    return sid in SKILLS_PLAYED or sid in SKILL_SPECIALS


def _skill_special(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                   pk: Picks, mana: tuple[str, ...] = ()) -> None:
    """A skill's own mechanism (facts 3.5), by the skill."""
    p, sid = s.players[player], getattr(card, "id", "")
    if sid == "i-feel-no-pain":  # discard a Wound from hand: draw a card
        if WOUND not in p.hand:
            raise _refuse(f"{card.name}: you have no Wound in hand to discard", "Using Skills")
        p.hand.remove(WOUND)
        p.discard.append(WOUND)
        p.must_play = False  # facts 5.4: a card was discarded this turn
        draw(p, 1)
    elif sid == "invocation":  # discard a Wound for a red or black token, another card for white or green
        if not pk.other or pk.other not in p.hand:
            raise _refuse(f"{card.name}: name the card of your hand to discard", "Using Skills")
        allowed = invocation_colours(pk.other)
        if pk.colour not in allowed:
            raise _refuse(f"{card.name}: discarding {'a Wound' if pk.other == WOUND else 'that card'} gives a "
                          f"{' or '.join(allowed)} mana token", "Using Skills")
        if pk.colour not in invocation_colours_now(s, pk.other, s.polarized):
            raise _refuse(f"{card.name}: the token must be spent at once, and {pk.colour} mana cannot be used "
                          f"{night_words(s, player)}", "Using Skills")
        invoke(s, player, card.name, pk.other, pk.colour, events)
    elif sid == "inspiration":  # ready a Spent Unit, or heal a Wounded one
        labels = unit_labels(p)
        if pk.other not in labels:
            raise _refuse(f"{card.name}: name a Spent or Wounded Unit of yours", "Using Skills")
        u = p.units[labels.index(pk.other)]
        if u[1]:
            u[1] = 0
        elif u[2]:
            u[2] = False
        else:
            raise _refuse(f"{card.name}: your {pk.other} is neither Spent nor Wounded", "Using Skills")
        events.append(Event("unit-readied", f"readies or heals {t.unit[u[0]].name}", player, {"unit": pk.other}))
    elif sid in SKILL_SPECIALS:  # a mechanism with its own module (specials.py)
        SKILL_SPECIALS[sid](t, s, player, card, e, events, pk, mana, 1)
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")


def _enemy(t: Tables, c: Combat, card: Played, target: int) -> CombatEnemy:
    """The enemy (1-based) an effect on one enemy names: one still in the combat."""
    if not 1 <= target <= len(c.enemies) or c.enemies[target - 1].defeated or c.enemies[target - 1].gone:
        raise _refuse(f"{card.name}: name an enemy still in the combat (1-{len(c.enemies)})", "COMBAT")
    if replaced(c, target - 1):
        raise _refuse(f"{card.name}: {replaced_reason(c, t, target - 1)}", REPLACED_RULE)
    return c.enemies[target - 1]


def _lose_attack_abilities(t: Tables, c: Combat, card: Played, target: int, events: list[Event]) -> None:
    """Chilling Stare: the enemy loses Swift, Brutal, Poison, Paralyze, Vampiric, Assassination
    and Cumbersome this combat. It changes the enemy's attacks, so Arcane Immunity does not stop
    it; Ice Resistance does (a blue card)."""
    en = _enemy(t, c, card, target)
    why = ignores(t, en, card.colours, on_attacks=True)
    if why:
        raise _refuse(f"{card.name}: {t.enemy[en.token].name} ignore this effect ({why})", "ENEMY TOKEN ABILITIES")
    en.lost_abilities = True
    c.cached = None
    events.append(Event("effect", f"{name(t, en)} lose their attack abilities this combat",
                        data={"effect": "lose-attack-abilities", "enemy": target}))


def _discard_for_bonus(s: GameState, player: int, card: Played, pk: Picks, events: list[Event]) -> None:
    """A ``+N/card-discarded`` bonus (Sword of Justice, Bow of Starsdawn): the cards named
    (``pk.others``) are discarded from the hand; Wounds cannot be discarded (facts 4.3)."""
    p = s.players[player]
    for other in pk.others:
        p.discard.append(_take_other(p, card, other, "discard"))
    if pk.others:
        events.append(Event("discarded", f"discards {', '.join(pk.others)}", player, {"cards": list(pk.others)}))


def _destroy(t: Tables, c: Combat, card: Played, target: int, events: list[Event]) -> None:
    en = _enemy(t, c, card, target)
    why = ignores(t, en, card.colours)
    if why:
        raise _refuse(f"{card.name}: {t.enemy[en.token].name} ignore this effect ({why})", "ENEMY TOKEN ABILITIES")
    defeat(c, t, [target - 1], events)
    end_if_all_defeated(c, t, events)
    c.cached = None


def _set_die(s: GameState, player: int, card: Played, die: int, colour: str, tokens: int,
             events: list[Event]) -> None:
    """Take a Source die not used this turn, set it to a non-gold colour and gain ``tokens`` mana
    tokens of it; the die returns with that face (no re-roll) and does not count as the turn's die."""
    if not 1 <= die <= len(s.source) or not die_free(s, die - 1):
        raise _refuse(f"{card.name}: choose a Source die not used this turn (1-{len(s.source)})", "Mana Source")
    if colour not in (*BASIC, "black"):
        raise _refuse(f"{card.name}: set the die to red, blue, green, white or black (not gold)")
    s.source[die - 1] = colour
    s.source_used.append(die - 1)
    s.source_kept.append(die - 1)
    s.dice_allowed += 1  # the card takes the die: the turn's own die stays free
    s.players[player].mana[colour] += tokens
    events.append(Event("mana-token", f"sets die {die} to {colour} and gains {tokens} {colour} mana token(s)",
                        player, {"colour": colour, "die": die}))


def _stout_resolve(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                   pk: Picks, option: int) -> None:
    """Stout Resolve (facts 3.1): +1 if a Wound is discarded; powered +2 per card discarded, at
    most one of them a Wound."""
    p = s.players[player]
    if not isinstance(card, Card):
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
    cards = pk.others
    if cards.count(WOUND) > 1 or not pk.powered and (len(cards) > 1 or cards and cards[0] != WOUND):
        raise _refuse(f"{card.name}: discard {'cards, at most one Wound' if pk.powered else 'one Wound'} for the bonus")
    for c in cards:
        if c not in p.hand:
            raise _refuse(f"{card.name}: you have no {c} in your hand")
        p.hand.remove(c)
        p.discard.append(c)
    if cards:
        points = _option(card, card.powered if pk.powered else card.basic, option)[0]
        bonus = CardEffect.model_validate({"type": points.type, "value": e.value * len(cards)})
        _apply(t, s, player, card, bonus, events, pk, (), option)


def _terrain(t: Tables, s: GameState, h: tuple[int, int]) -> str:
    """The terrain of a space of the map ("" off the map)."""
    if h not in s.spaces:
        return ""
    tile, i = s.spaces[h]
    return t.tile[tile].hexes[i].terrain


def _earthquake(t: Tables, s: GameState, card: Played, option: int, pk: Picks, events: list[Event]) -> None:
    """Earthquake: the option's Armor reduction again on each affected enemy that is fortified."""
    c = s.combat
    if c is None or not isinstance(card, Card):
        raise _refuse(f"{card.name}'s strong effect is played in a combat")
    cut = next(x for x in _option(card, card.powered, option) if x.type == "armor-reduction")
    targets = range(len(c.enemies)) if cut.target == "all" else [pk.target - 1]
    for i in targets:
        en = c.enemies[i]
        if not (en.defeated or en.gone or replaced(c, i)) and fortification(c, t, en) and \
                not ignores(t, en, card.colours):
            en.armor_cut += cut.value
            events.append(Event("armor", f"{t.enemy[en.token].name} are fortified: Armor -{cut.value} more",
                                data={"enemy": i + 1}))


def _special(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event], pk: Picks,
             mana: tuple[str, ...], option: int) -> None:
    colour, other, die = pk.colour, pk.other, pk.die
    p = s.players[player]
    name = e.name
    if name == "tirelessness":  # the card's own Move is given first; the bonus is for the others
        p.move_bonus = max(p.move_bonus, e.value)
    elif name == "mana-pull":  # facts 2.2: a black die (the extra one) may be used as any colour
        s.black_as_any = True
    elif name == "cold-toughness":  # its +1 per icon is the `+1/enemy-icon` bonus of its Block
        pass
    elif name == "improvisation":  # facts 2.1: discard another non-Wound card for the effect
        p.discard.append(_take_other(p, card, other, "discard"))
    elif name == "crystallize":  # facts 2.1: pay 1 mana of a basic colour, gain a crystal of it
        if colour not in BASIC or len(mana) != 1:
            raise _refuse(f"{card.name}: choose a basic colour and the mana that pays it (die N, token or crystal)",
                          "Mana")
        pay_mana(s, player, colour, mana[0])
        gain_crystal_now(p, colour, events, player)
    elif name in ("power-of-crystals", "owned-colour-crystal"):  # facts 3.1: a crystal of a chosen colour
        if colour not in BASIC:
            raise _refuse(f"{card.name}: choose a basic colour ({', '.join(BASIC)})")
        owned = p.crystals[colour] > 0
        if owned != (name == "owned-colour-crystal"):
            raise _refuse(f"{card.name}: a crystal of a colour you {'already have' if not owned else 'have none of'}"
                          f" ({colour}: {p.crystals[colour]})")
        gain_crystal_now(p, colour, events, player)
    elif name == "mana-draw":  # facts 2.1: set a die to a non-gold colour, 2 tokens of it, no re-roll
        _set_die(s, player, card, die, colour, e.value, events)
    elif name == "mana-pull-powered":  # facts 2.1 (Arythea): N dice set, a token per die, no re-roll
        if len(pk.settings) != e.value:
            raise _refuse(f"{card.name}: set {e.value} Source dice (die N, colour C each)", "Mana Source")
        for d, c in pk.settings:
            _set_die(s, player, card, d, c, 1, events)
    elif name == "pay-mana-by-colour":  # Pure Magic: the colour of the mana paid chooses the effect
        if colour not in PURE_MAGIC or len(mana) != 1:
            raise _refuse(f"{card.name}: choose the colour of the mana you pay (green Move, white Influence, "
                          "blue Block, red Attack) and its source", "Mana")
        pay_mana(s, player, colour, mana[0])
        gained = CardEffect.model_validate({"type": PURE_MAGIC[colour], "value": e.value})
        _apply(t, s, player, card, gained, events, pk, (), option)
    elif name == "throw-away-card":
        _throw_away_card(t, s, player, card, e, events, pk, mana, option)
    elif name == "advanced-from-offer":
        _advanced_from_offer(t, s, player, card, e, events, pk, mana, option)
    elif name == "spell-forge" and not pk.powered:  # a crystal of the colour of an offered Spell
        offered = {c for x in s.spell_offer for c in t.card[x].colours}
        if colour not in offered:
            raise _refuse(f"{card.name}: choose the colour of a Spell in the offer ({', '.join(sorted(offered))})")
        gain_crystal_now(p, colour, events, player)
    elif name == "mana-storm" and not pk.powered:  # a crystal of a basic die's colour; re-roll the die
        if not 1 <= die <= len(s.source) or not die_free(s, die - 1) or s.source[die - 1] not in BASIC:
            raise _refuse(f"{card.name}: choose a Source die showing a basic colour, not used this turn",
                          "Mana Source")
        gain_crystal_now(p, s.source[die - 1], events, player)
        s.source[die - 1] = roll_die(s.rng)
    elif name == "one-with-the-land":  # Block = the Move cost of your space: Fire by Day, Ice at Night
        cost = terrain_cost(t, s, p.position) or 0
        block = CardEffect.model_validate({"type": "block", "value": max(cost, 1),
                                           "element": "ice" if night_rules(s, player) else "fire"})
        _apply(t, s, player, card, block, events, pk, (), option)
    elif name == "path-finding":  # all terrain N less this turn, never below 2; powered: all of it costs 2
        p.terrain_less = max(p.terrain_less, ALL_TERRAIN_AT_FLOOR if pk.powered else e.value)
    elif name == "skill":
        _skill_special(t, s, player, card, e, events, pk, mana)
    elif name == "mana-bolt":  # pay one more mana: its colour chooses the attack (facts 3.2)
        if colour not in MANA_BOLT or len(mana) != 1:
            raise _refuse(f"{card.name}: choose the colour of the mana you pay (blue Ice Attack, red Cold Fire "
                          "Attack, white Ice Ranged, green Ice Siege) and its source", "Mana")
        pay_mana(s, player, colour, mana[0])
        kind, element, less = MANA_BOLT[colour]
        bolt = CardEffect.model_validate({"type": kind, "value": e.value - less, "element": element})
        _apply(t, s, player, card, bolt, events, pk, (), option)
    elif name == "restoration" and not pk.powered:  # Heal 3, 5 in a forest: 2 more there
        if _terrain(t, s, p.position) == "forest":
            heal = CardEffect.model_validate({"type": "heal", "value": e.value - 3})
            _apply(t, s, player, card, heal, events, pk, (), option)
    elif name == "earthquake":  # Tremor's strong effect: the Armor reduction doubled on fortified enemies
        _earthquake(t, s, card, option, pk, events)
    elif name == "ready-units-for-influence":  # Ruthless Coercion: level I-II Units, 2 Influence per level
        for label in pk.others:
            labels = unit_labels(p)
            if label not in labels:
                raise _refuse(f"{card.name}: you have no Unit {label}", "Units")
            u = p.units[labels.index(label)]
            level = t.unit[u[0]].level
            if not u[2] or level > 2:
                raise _refuse(f"{card.name} readies Spent Units of level I or II; {label} is not one", "Units")
            cost = 2 * level
            if p.influence_points < cost:
                raise _refuse(f"{card.name}: readying {label} costs {cost} Influence; you have {p.influence_points}",
                              "Units")
            p.influence_points -= cost
            u[2] = False
            events.append(Event("unit-readied", f"readies {t.unit[u[0]].name} for {cost} Influence", player,
                                {"unit": label}))
    elif name == "stout-resolve":  # discarded cards (pk.others) add to the option's points
        _stout_resolve(t, s, player, card, e, events, pk, option)
    elif name == "offering" and not pk.powered:  # discarded cards (pk.others) give crystals of their colours
        for other in pk.others:
            taken = t.card[_take_other(p, card, other, "discard")]
            if not taken.colours:
                raise _refuse(f"{card.name}: {taken.name} has no colour to give a crystal of")
            p.discard.append(other)
            gain_crystal_now(p, taken.colours[0], events, player)
        if len(pk.others) > e.value:
            raise _refuse(f"{card.name} discards at most {e.value} cards")
    elif name == "concentration":  # facts 2.1: another Action card's powered effect free, +N
        boosted_id = _take_other(p, card, other, "power")
        boosted = t.card[boosted_id]
        if boosted.kind not in ("basic", "hero", "advanced"):
            raise _refuse(f"{card.name} powers an Action card, not {boosted.name}")
        p.play_area.append(boosted_id)
        effects = _option(boosted, boosted.powered, option)
        for eff in effects:
            _check_when(s, player, boosted, eff)
        for eff in effects:
            _apply(t, s, player, boosted, eff, events, replace(pk, other=""), mana, option, bonus=e.value)
    elif name in CARD_SPECIALS:  # a family with its own module (specials.py)
        CARD_SPECIALS[name](t, s, player, card, e, events, pk, mana, option)
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")


__all__ = ["SIDES_WAITING", "SIDEWAYS", "SKILLS_PLAYED", "SPECIALS_PLAYED", "UNIT_TURN_TYPES", "Played", "SkillPlay", "activate_unit", "heal_unit", "turn_ability", "mana_for_units", "play_card",
           "readiable", "resolve_effects", "skill_played", "special_played",
           "unit_labels"]
