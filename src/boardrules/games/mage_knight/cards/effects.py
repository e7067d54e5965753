"""The interpreter of the card vocabulary (docs/mage-knight/content.md; facts 2, 3.1-3.4, 5.4): an
option's effects into the turn's pools (Move, Influence, Heal...), into the combat (Attack, Block,
effects on enemies), gains to the player (Fame, crystals, mana tokens, cards, Ready), and the
named specials, those coded here (``_special``) and those registered in ``specials.py`` by the
modules of their family. Cards, skills, tactics and Units are all played through it.
"""

from __future__ import annotations

from dataclasses import replace

from ....engine import Event
from ..cards_model import ENEMY_TYPES, VALUED_TYPES, Card, CardEffect, Option
from ..combat.defeat import defeat
from ..combat.enemies import (
    REPLACED_RULE,
    fortification,
    ignores,
    replaced,
    replaced_reason,
    says,
    their,
)
from ..combat.phases import add_effect, end_if_all_defeated
from ..combat.state import Combat, CombatEnemy
from ..content import Tables
from ..game_state import BASIC, TOKEN_COLOURS, GameState, PlayerState, add, count
from ..map.movement import terrain_cost
from ..sites.reputation import change_reputation
from ..specials import CARD_SPECIALS
from ..units.in_combat import add_unit_bonus
from .deck import WOUND, draw, heal_wounds_in_hand, take_wounds, wounds_to_discard
from .mana import (
    die_free,
    eternal_night,
    gain_crystal_now,
    night_rules,
    night_words,
    pay_mana,
    roll_die,
)
from .offers import unit_labels
from .played import Picks, Played, _option, _refuse, _take_other
from .skill_mechanisms import _skill_special

BOOSTED = ("move", "influence", "block", "attack", "ranged", "siege")  # Concentration's +N
IN_COMBAT_ONLY = ("attack", "ranged", "siege", "block", *ENEMY_TYPES, "units-resist-all")
MANA_SPECIALS = ("crystallize", "pay-mana-by-colour", "advanced-from-offer", "mana-bolt",  # pay a chosen mana
                 "lake-crossing",  # Song of Wind: a blue mana
                 "spell-from-offer",  # Magic Talent (powered): a mana of the Spell's colour
                 "call-to-arms",  # an offered Unit's ability: its mana
                 "circlet-of-proficiency")  # a skill's mana (Universal Power)
# Mana Bolt: the colour of the mana paid chooses the attack, and how much less than the card's N it is
MANA_BOLT = {"blue": ("attack", "ice", 0), "red": ("attack", "cold-fire", 1), "white": ("ranged", "ice", 2),
             "green": ("siege", "ice", 3)}

ALL_TERRAIN_AT_FLOOR = 99  # Path Finding powered: a reduction large enough that every cost is the floor, 2
PURE_MAGIC = {"green": "move", "white": "influence", "blue": "block", "red": "attack"}
DEFEAT_PER = ("enemy-defeated", "enemy-defeated-phase")  # this turn / this combat phase
# The named specials that have their code here (``_special``; the families' own modules register
# theirs in specials.py); a side holding another is refused ("not playable yet") and so never
# offered: docs/mage-knight/coverage.md lists those cards.
SPECIALS_PLAYED = frozenset((
    "tirelessness", "mana-pull", "cold-toughness", "improvisation", "crystallize", "mana-draw", "concentration",
    "power-of-crystals", "owned-colour-crystal", "pay-mana-by-colour",
    "spell-forge", "mana-storm", "one-with-the-land", "mana-bolt", "restoration", "earthquake", "offering",
    "mana-pull-powered", "stout-resolve", "ready-units-for-influence", "path-finding",
))
# sides whose special is played on the other side only (or by other cards only)
SIDES_WAITING: frozenset[tuple[str, str]] = frozenset()


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
            _move_as_attack(t, c, card, value, events)  # Agility (cards/combat_cards.py)
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


COMBAT_WHENS = ("combat", "ranged-phase", "block-phase", "attack-phase")  # refused by _check_when outside a combat
PLAIN_TYPES = ("move", "influence", "heal", "draw", "fame", "reputation", "extra-die", "hand-limit", "take-wound")
# the specials that ``_special`` applies outside a combat without a condition (a mark, a bonus to come)
INERT_SPECIALS = ("tirelessness", "mana-pull", "cold-toughness", "path-finding",
                  "noble-manners", "end-of-turn-deck", "crystal-mastery", "crystal-joy", "ambush")  # (these: a mark that lasts)


# option_outside_combat's verdicts by option (a side's option of the content: the same tuple at
# every decision), for (rested, other_card); the option kept beside them, so that its id stays its own
_OUTSIDE_VERDICTS: dict[int, tuple[Option, dict[tuple[bool, bool], bool | None]]] = {}


def option_outside_combat(s: GameState, player: int, effects: Option, other_card: bool = False) -> bool | None:
    """``_option_outside_combat``, worked out once per option and what it reads of the state."""
    key = (s.players[player].rested, other_card)
    entry = _OUTSIDE_VERDICTS.get(id(effects))
    if entry is None or entry[0] is not effects:
        if len(_OUTSIDE_VERDICTS) > 4096:  # (content loaded again and again: never more than a few sets)
            _OUTSIDE_VERDICTS.clear()
        entry = _OUTSIDE_VERDICTS[id(effects)] = (effects, {})
    if key not in entry[1]:
        entry[1][key] = _option_outside_combat(effects, *key)
    return entry[1][key]


def _option_outside_combat(effects: Option, rested: bool, other_card: bool) -> bool | None:
    """Whether ``_resolve`` accepts this option of effects outside a combat (True) or refuses it
    (False), read from its conditions without applying it: a condition of a combat, an Attack or
    Block (or another combat effect) after plain gains, a Move or Influence after resting, an effect
    that adds nothing, Improvisation without another card to discard (``other_card``: a non-Wound
    card of the hand besides the one played). A colour to choose (``basic``, ``any``) always has an
    answer that takes it. None where only applying it tells (another special, a ``per`` count of a
    gain, Day or Night...). The mana paid before it changes none of these."""
    if any(e.when in COMBAT_WHENS for e in effects):
        return False
    if any(e.when not in (None, "outside-combat") for e in effects):
        return None
    for e in effects:  # applied in order: each plain gain before is accepted and changes no condition
        kind = e.type
        if kind == "special":
            if e.name == "improvisation" and e.per is None:
                if not other_card:
                    return False  # the card discarded for it (``_take_other``)
                continue
            if e.name in INERT_SPECIALS and e.per is None:
                continue
            return None
        if kind in IN_COMBAT_ONLY or kind == "unit-bonus":
            return False  # refused whatever its value
        if e.per is not None:
            return None
        if e.value < 1 and kind in VALUED_TYPES and kind != "ready-unit" or kind in ("move", "influence") and rested:
            return False
        if not (kind in PLAIN_TYPES or kind == "mana-token" and e.colour in (*TOKEN_COLOURS, "basic", "any") or
                kind == "crystal" and e.colour in (*BASIC, "basic")):
            return None
    return True


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


def special_played(name: str) -> bool:
    """Whether the card special ``name`` has code (here or in a module of its own)."""
    return name in SPECIALS_PLAYED or name in CARD_SPECIALS


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
    events.append(Event("effect", f"{says(t, en, 'lose')} {their(t, en)} attack abilities this combat",
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
            _apply(t, s, player, boosted, eff, events, replace(pk, other=pk.hosted_other, hosted_other=""), mana, option,
                   bonus=e.value)  # (its Improvisation discards the card named for it)
    elif name in CARD_SPECIALS:  # a family with its own module (specials.py)
        CARD_SPECIALS[name](t, s, player, card, e, events, pk, mana, option)
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
