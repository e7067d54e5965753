"""What each hero plays in a combat between heroes (pvp/combat.py): cards' sides of points, effects
on the other hero's Units and the Units that ignore them (UNIT RESISTANCES), Unit abilities,
and the mana they cost (facts 5.3; the defender's Source die). Our readings are in
docs/mage-knight/rules-choices.md ("Player versus player")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....engine import Action, Event
from ..cards.deck import WOUND, draw, take_wounds
from ..cards.mana import (
    OPPOSITE,
    die_free,
    gain_crystal_now,
    mana_exploit,
    mana_sources,
    pay_mana,
    pays,
    polarized,
    token_spent,
    usable,
)
from ..cards.offers import unit_labels
from ..combat.damage import pvp_damage_to_wound, unit_ignores_opponent_effect
from ..content import Tables
from ..game_state import BASIC, GameState
from ..sites.reputation import change_reputation
from ..skills.interactive import SOURCE_FREEZE, WOLFS_HOWL
from ..skills.specials_3 import SHAPESHIFT, shape_option
from .effects import PVP_PER, PVP_WHEN, amount, holds
from .state import POINT_KINDS, PvPCombat, Side, add_points, destroyed, new_pending, standing


def wound_cost(t: Tables, pvp: PvPCombat, target: Side, unit_id: str, label: str) -> int:
    """UNIT RESISTANCES "Player vs. Player", with the effects on that Unit this combat (Armor
    -N, never below 1; a resistance lost)."""
    unit = t.unit[unit_id]
    cut = sum(x[3] for x in pvp.on_units if x[0] == target.player and x[1] == label and x[2] == "armor")
    lost = [r for r in ("fire", "ice", "physical") if [target.player, label, f"lose-{r}", 0] in pvp.on_units]
    kept = () if [target.player, label, "lose-resistances", 0] in pvp.on_units else unit.resistances
    return pvp_damage_to_wound(max(1, unit.armor - cut), tuple(r for r in kept if r not in lost), pvp.elements)


def card_points(t: Tables, card_id: str, option: int) -> list[tuple[str, str, int]]:
    """The points of option ``option`` (1-based) of a card's basic effect when it is only plain
    Attack, Ranged, Siege or Block points (no mana to pay, no condition, count or target: Rage's
    Attack 2, Cold Toughness's Ice Block 3); [] otherwise."""
    card = t.card.get(card_id)
    if card is None or card.basic_cost or not 1 <= option <= len(card.basic):
        return []
    effects = card.basic[option - 1]
    if not effects or any(e.type not in POINT_KINDS or e.per or e.when or e.target for e in effects):
        return []
    return [(e.type, e.element, e.value) for e in effects]


PVP_GAINS = ("take-wound", "reputation")  # what else a card playable here may do to its own player (Fireball, Intimidate)
# "Fame +1 per enemy defeated" (Sword of Justice, Bow of Starsdawn), "per Unit recruited" (Heroic
# Tale): 0 here (no enemy is defeated between heroes; recruiting is an action of its own)
NO_DEFEAT = ("enemy-defeated", "enemy-defeated-phase", "unit-recruited")
DISCARDED = "card-discarded"  # "+N per card discarded": the cards are asked after the mana (``shed CARD``)
# Artifacts thrown away that change the side's own attacks this combat (``Side.marks``; pvp/combat.py counts
# them): the Sword of Justice (physical attacks double in the Attacks, the other hero's Units lose
# Physical resistance), the Bow of Starsdawn (Ranged and Siege doubled, or Ranged as Siege against
# a fortified defender)
SWORD, BOW = "sword-of-justice", "bow-of-starsdawn"
STOUT_RESOLVE = "stout-resolve"  # +1 for a Wound discarded; powered +2 per card discarded (at most one Wound)
HOWS = ("basic", "powered")
# effects on one or all enemies that reach the other hero's Units here (rules-choices.md), and the
# specials that do: Demolish (site fortifications ignored), Chill (Fire Resistance lost)
ON_UNITS = ("armor-reduction", "prevent-attack", "remove-resistances", "destroy", "destroy-if-blocked")
IF_BLOCKED = "destroy-if-blocked"  # played in the Block step on a Unit whose attack is met (Delphana Masters)
BURNING_SHIELD = "burning-shield"  # Fire Block 4; if it blocks whole: Fire Attack 4 later, or (Exploding) a destroy
PVP_SPECIALS = ("demolish", "chill")
# what leaves the defender unfortified this combat: Demolish's "ignore site fortifications", and
# "loses its fortifications" (Expose, the Sorcerers, Delphana Masters: the one enemy is the hero)
UNFORTIFY = "remove-fortification"
FORTIFICATION_KINDS = ("demolish", UNFORTIFY)
# specials that do nothing between heroes, their card played for the rest: Explosive Bolt's Armor
# -1 and Chivalry's Reputation (and Fame) "for each enemy it defeats" (no enemy is defeated here),
# Heroic Tale's for the Units recruited later in the turn (none after the turn's action), Cold
# Toughness's bonus (its +1/enemy-icon)
NO_OP_SPECIALS = ("explosive-bolt", "cold-toughness", "chivalry", "heroic-tale")
INFLUENCE = "influence"  # played for the Heroes Units and the Thugs (facts 3.4), where one asks for it


NO_DIE = "no-die"  # in ``Side.marks``: Who Needs Magic?'s +3 taken, no Source die for the defender
LEADERSHIP = "leadership"  # in ``Side.marks``: a bonus waiting for the side's next Unit activated (pvp/skills.py)
LEADERSHIP_BONUS = {"block": 3, "attack": 2, "ranged": 1}  # to its Block, Attack or Ranged Attack (not Siege)
REDUCE = "attack-reduction"  # "one enemy attack -N" in the Block phase: the melee attack met (Swift Reflexes)
POLARIZATION = "polarization"  # in ``Side.marks``: the defender's Polarization waits for their next mana paid
# skills whose effect comes once their mana is paid (Regenerate, pvp/skills_own.py): skill id -> what it does
PAID_SKILLS: dict[str, Callable[[Tables, GameState, PvPCombat, int, str, list[Event]], None]] = {}


def playable_here(e: Any) -> bool:
    """An effect a combat between heroes can take: points, Influence, the card's own Wound or
    Reputation, an attack reduction (played in the Block step), effects on the other hero's
    Units; a count or condition that it reads (pvp/effects.py)."""
    if e.per and e.per not in PVP_PER or e.when and e.when not in PVP_WHEN:
        return False
    return e.type in (*POINT_KINDS, INFLUENCE, REDUCE, *PVP_GAINS, *ON_UNITS, UNFORTIFY) or \
        e.type == "fame" and e.per in NO_DEFEAT or \
        e.type == "special" and e.name in (*PVP_SPECIALS, *NO_OP_SPECIALS, STOUT_RESOLVE, BURNING_SHIELD, SWORD, BOW)


def on_units(effects: tuple[Any, ...] | list[Any]) -> list[tuple[str, int, str]]:
    """What effects do to the other hero's Units: (kind, value, ``one`` or ``all``); a Unit's
    effect on an enemy is on one. Resistance Break's Armor -1 per resistance is counted on the
    Unit named (value 0 here); a fortification lost is the other hero's (``all``: no Unit named)."""
    out = []
    for e in effects:
        if e.type in ON_UNITS:
            out.append((e.type, e.value, getattr(e, "target", None) or "one"))
        elif e.type == UNFORTIFY:
            out.append((UNFORTIFY, 0, "all"))
        elif e.type == "special" and e.name in PVP_SPECIALS:
            out.append((e.name, e.value, "one" if e.name == "chill" else "all"))
        elif e.type == "special" and e.name == BURNING_SHIELD and not e.value:  # Exploding Shield
            out.append((IF_BLOCKED, 0, "one"))
    return out


def powering(t: Tables, card_id: str, colour: str = "") -> tuple[str, ...] | None:
    """The mana a card's powered effect costs (facts 5.3): its one alternative, or for a card
    powered by either of two colours (the UE dual-colour cards: Explosive Bolt, Chilling Stare)
    the one of ``colour``; None if ``colour`` names none of them (or is missing there)."""
    alternatives = t.card[card_id].powering
    if len(alternatives) == 1:
        return alternatives[0] if not colour else None
    return next((a for a in alternatives if colour and a and a[0] == colour), None)


def side_effects(t: Tables, card_id: str, option: int, how: str, colour: str = "",
                 shape: str = "") -> tuple[tuple[Any, ...], tuple[str, ...]] | None:
    """The effects of option ``option`` (1-based) of a card's ``how`` side and the mana colours it
    costs (facts 5.3: a powered effect a mana of the card's colour, of the ``colour`` chosen
    where the card takes either of two; a Spell's strong effect its colour and black, a Spell's
    basic effect its colour; an Artifact's powered effect none: it is thrown away) when it can be
    played in a combat between heroes: Attack, Ranged, Siege or Block points, Influence, the
    card's own Wound or Reputation (Fireball's strong effect, Intimidate), and Armor reductions
    and "does not attack" on the other hero's Units (Tremor, Whirlwind, Chill, Demolish), an
    attack reduction in the Block step (Swift Reflexes: the melee attack met), with the counts
    and conditions of ``pvp_effects``; None otherwise (other counts and specials). ``shape``: a
    Shapeshift waiting (``shape_waiting``) gives a Basic Action's Move, Attack or Block as it."""
    card = t.card.get(card_id)
    if card is None or card.kind == "wound" or how not in HOWS:
        return None
    side = card.basic if how == "basic" else card.powered
    if not 1 <= option <= len(side):
        return None
    cost = powering(t, card_id, colour) if how == "powered" else (card.basic_cost if not colour else None)
    if cost is None:
        return None
    effects = side[option - 1]
    if shape:
        effects = shape_option(card, effects, shape) or effects
    if not any(e.type in (*POINT_KINDS, REDUCE, INFLUENCE) for e in effects) and not on_units(effects) and \
            not thrown_mark(effects) or not all(playable_here(e) for e in effects):
        return None
    return tuple(effects), tuple(cost)


# effects on an enemy that have no meaning between heroes, in a player's words (the refusal)
NO_MEANING = {
    "lose-attack-abilities": "between heroes there are no attack abilities to lose: a hero's attack and a "
                             "Unit's have no Swift, Brutal, Poison, Paralyze or the like (a Unit that "
                             "does not attack is another effect)",
}


def no_meaning(t: Tables, action: Action) -> str:
    """Why ``card CARD N [HOW ...]`` has no meaning between heroes ("" if it may have one): an
    option whose effects include one of ``NO_MEANING``."""
    card = t.card.get(str(action.args[0])) if action.args else None
    word = str(action.args[1]) if len(action.args) > 1 else ""
    if card is None or not (word.isascii() and word.isdigit() and len(word) <= 2):  # (no card has 100 options)
        return ""
    side = card.powered if len(action.args) > 2 and action.args[2] == "powered" else card.basic
    option = int(word)
    if not 1 <= option <= len(side):
        return ""
    return next((f"{card.name}: {NO_MEANING[e.type]}" for e in side[option - 1] if e.type in NO_MEANING), "")


def thrown_mark(effects: tuple[Any, ...] | list[Any]) -> str:
    """The Sword of Justice's or the Bow of Starsdawn's thrown-away effect among ``effects`` ("")."""
    return next((e.name for e in effects if e.type == "special" and e.name in (SWORD, BOW)), "")


def points_of(effects: tuple[Any, ...]) -> list[tuple[str, str, int]]:
    """The points of effects (an attack reduction and Influence counted as points of their own
    kind)."""
    return [(e.type, e.element, e.value) for e in effects if e.type in (*POINT_KINDS, REDUCE, INFLUENCE)]


def named_targets(t: Tables, s: GameState, pvp: PvPCombat) -> list[str]:
    """The other hero's Units the play waiting may name (``unit_targets``); Resistance Break's
    Armor -1 per resistance only those with a resistance."""
    _, units, colours = pending_parts(t, s, pvp)
    reached = unit_targets(t, pvp, pvp.pending[0], colours)
    if any(kind == IF_BLOCKED for kind, _, _ in units):  # the Units whose attack is met
        return [x for x in reached if x in pvp.attackers]
    if any(kind == "armor-reduction" and not value for kind, value, _ in units):
        other = pvp.other(pvp.pending[0])
        return [x for x in reached if t.unit[next(u[0] for u in other.units if u[1] == x)].resistances]
    return reached


def unit_targets(t: Tables, pvp: PvPCombat, player: int, colours: tuple[str, ...]) -> list[str]:
    """The other hero's Units an effect of ``player``'s can reach: UNIT RESISTANCES, a Fire
    Resistant Unit "ignores non-Attack effects of opponents' red cards or Unit abilities powered
    by red mana", an Ice Resistant one blue ones (``colours``: the card's, or the mana paid)."""
    return [label for unit_id, label, _ in standing(pvp, pvp.other(player))
            if not unit_ignores_opponent_effect(t.unit[unit_id].resistances, colours)]


def fits(t: Tables, s: GameState, pvp: PvPCombat, player: int, points: list[tuple[str, str, int]],
          units: list[tuple[str, int, str]], colours: tuple[str, ...], kinds: tuple[str, ...]) -> bool:
    """Points of ``kinds`` only; against a fortified defender only Siege in the Ranged and Siege
    phase, none if double fortified (WALLS "Combat"). Effects on the other hero's Units are
    played by the side whose attacks it is, on a Unit they reach (all: one at least, or
    Demolish against a fortified defender). Influence only while a Heroes Unit or the other
    hero's Thugs ask for it (``influence_wanted``)."""
    influence = any(kind == INFLUENCE for kind, _, _ in points)
    points = [x for x in points if x[0] not in (INFLUENCE, "reputation")]
    if not points and not units:
        return influence and influence_wanted(t, s, pvp, pvp.side(player))
    if any(kind not in kinds for kind, _, _ in points):
        return False
    unfortify = pvp.fortified > 0 and any(kind in FORTIFICATION_KINDS for kind, _, _ in units)
    siege = ("siege", "ranged") if BOW in pvp.side(player).marks else ("siege",)  # the Bow: Ranged as Siege
    if points and pvp.phase == "ranged" and pvp.fortified and not unfortify and \
            (pvp.fortified >= 2 or any(kind not in siege for kind, _, _ in points)):
        return False
    if units:
        if ("block" in kinds) != any(kind == IF_BLOCKED for kind, _, _ in units):
            return False  # a destroy if blocked is played in the Block step, the other effects in the side's attacks
        if points or unfortify:  # an effect on the Units passes when no Unit can be reached
            return True
        reached = unit_targets(t, pvp, player, colours)
        if "block" in kinds:
            reached = [x for x in reached if x in pvp.attackers]
        return bool(reached)
    return True


def _colours_to_power(t: Tables, card: str) -> tuple[str, ...]:
    """"" for a card with one way to power it; the colours of a dual-colour card (facts 3.1)."""
    alternatives = t.card[card].powering
    return ("",) if len(alternatives) == 1 else tuple(a[0] for a in alternatives if a)


def offered_cards(t: Tables, s: GameState, pvp: PvPCombat, side: Side, kinds: tuple[str, ...]) -> list[Action]:
    """Cards of the hand whose side can be played now (``side_effects``, its conditions holding,
    ``fits``): ``card CARD N`` for a basic effect without mana, ``card CARD N HOW`` for one paid
    with mana, ``card CARD N powered COLOUR`` for a card powered by either of two colours
    (offered only when the hero can pay it now: ``payable``)."""
    if side.knocked_out:
        return []
    acts = []
    for card in sorted(set(s.players[side.player].hand) - {WOUND}):
        for how in HOWS:
            for colour in _colours_to_power(t, card) if how == "powered" else ("",):
                for option in range(1, len(t.card[card].basic if how == "basic" else t.card[card].powered) + 1):
                    found = side_effects(t, card, option, how, colour, shape_waiting(s, pvp, side.player))
                    if found is None or not all(holds(s, pvp, e.when) for e in found[0]):
                        continue
                    mark = thrown_mark(found[0])  # in the side's own attacks, once
                    if not (mark and kinds and "block" not in kinds and mark not in side.marks) and \
                            not fits(t, s, pvp, side.player, points_of(found[0]), on_units(found[0]),
                                     t.card[card].colours, kinds):
                        continue
                    needs = found[1]
                    if how == "basic" and not needs:
                        acts.append(Action("card", (card, str(option))))
                    elif payable(t, s, pvp, side.player, needs, how == "powered" and t.card[card].kind == "spell"):
                        acts.append(Action("card", (card, str(option), how, *((colour,) if colour else ()))))
    return acts


Ability = tuple[list[tuple[str, str, int]], tuple[str, ...], list[tuple[str, int, str]]]


def heroes_cost(t: Tables, s: GameState, player: int, label: str) -> int:
    """Facts 3.4 "during an assault (or PvP attack) you must pay 2 Influence to use them": the
    Influence the attacker still has to pay to use that Heroes Unit in this combat (once a
    combat, as in an assault); the defender's Heroes are not in an attack of theirs (our
    reading, rules-choices.md): 0."""
    pvp = s.pvp
    p = s.players[player]
    cost = t.unit[p.units[unit_labels(p).index(label)][0]].influence_in_assault
    if pvp is None or player != pvp.attacker.player or label in pvp.attacker.paid:
        return 0
    return cost


def unit_ability(t: Tables, s: GameState, player: int, label: str, key: str, spent: bool = False) -> Ability | None:
    """A ready, unwounded Unit's ability that can be used here: its points (and Influence, and the
    Reputation it costs: Thugs), the mana it costs
    (facts 3.4: marked with a colour, that mana) and its effects on the other hero's Units
    (Amotep Freezers); Magic Familiars' value with the matching token on the card. None for
    other abilities, and for the attacker's Heroes Units until 2 Influence can be paid
    (``heroes_cost``). ``spent``: the Unit was just spent for this ability (its mana paid since)."""
    p = s.players[player]
    labels = unit_labels(p)
    if label not in labels:
        return None
    entry = p.units[labels.index(label)]
    unit = t.unit[entry[0]]
    if entry[1] or s.pvp is not None and destroyed(s.pvp, player, label):
        return None
    if entry[2] != spent and not (entry[2] and further_ability(t, s, player, label, key)):
        return None
    if not spent and s.pvp is not None and heroes_cost(t, s, player, label) > s.pvp.side(player).influence:
        return None
    ability = next((a for a in unit.abilities if a.key == key), None)
    if ability is None or any(e.type not in (*POINT_KINDS, *ON_UNITS, UNFORTIFY, INFLUENCE, "reputation")
                              for e in ability.effects):
        return None
    out: list[tuple[str, str, int]] = []  # points, Influence, and the Unit's Reputation (Thugs)
    for k, e in enumerate(ability.effects):
        value = e.value
        if k == 0 and ability.boosted_by and len(entry) > 3 and entry[3] == ability.boosted_by:
            value = ability.boosted
        if e.type in (*POINT_KINDS, INFLUENCE, "reputation"):
            out.append((e.type, e.element, value))
    return out, tuple(ability.mana), on_units(ability.effects)


ACTIVATION = "activation:"  # in ``Side.marks`` + "LABEL:PHASE:STEP:KEY": an ability of a Delphana Masters' activation


def activation_mark(t: Tables, s: GameState, pvp: PvPCombat, player: int, label: str, key: str) -> None:
    """A Unit that may use several abilities in one activation (Delphana Masters): the ability
    used, with the phase and step of the combat it was used in (``further_ability``)."""
    p = s.players[player]
    if t.unit[p.units[unit_labels(p).index(label)][0]].multi_ability:
        pvp.side(player).marks.append(f"{ACTIVATION}{label}:{pvp.phase}:{pvp.step}:{key}")


def further_ability(t: Tables, s: GameState, player: int, label: str, key: str) -> bool:
    """Facts 3.4 Delphana Masters "one activation may use several different abilities (each once,
    paying each mana)": between heroes one activation is the abilities used in the same phase and
    step (the side's attacks, or the Block step), as against enemies in the same phase
    (rules-choices.md); whether the spent Unit ``label`` may still use ``key`` in it."""
    pvp = s.pvp
    if pvp is None:
        return False
    used = [m.split(":")[2:] for m in pvp.side(player).marks if m.startswith(f"{ACTIVATION}{label}:")]
    return bool(used) and all(u[:2] == [pvp.phase, pvp.step] for u in used) and all(u[2] != key for u in used)


def influence_wanted(t: Tables, s: GameState, pvp: PvPCombat, side: Side) -> bool:
    """Whether Influence is worth playing for ``side`` now (facts 3.4): a ready, unwounded Heroes
    Unit of theirs still asks for more than they have played, or the other hero's unwounded
    Thugs that this side has not paid to wound yet (``thugs_cost``)."""
    p = s.players[side.player]
    if any(not u[1] and not u[2] and heroes_cost(t, s, side.player, label) > side.influence
           for label, u in zip(unit_labels(p), p.units, strict=True)):
        return True
    other = pvp.other(side.player)
    return any(not wounds and thugs_cost(t, side, unit_id, label) > side.influence
               for unit_id, label, wounds in standing(pvp, other))


THUGS_PAID = "wound:"  # in ``Side.paid``: the other hero's Thugs this side paid to wound


def thugs_cost(t: Tables, side: Side, unit_id: str, label: str) -> int:
    """Facts 3.4 Thugs: "you must pay 2 Influence in a combat to be allowed to assign damage to
    them". Between heroes the damage is spent by the side whose attack it is (UNIT RESISTANCES
    "the opponent has to spend ... damage"), so that side pays, once a combat for each of the
    other hero's Thugs (rules-choices.md); 0 once paid, and for every other Unit."""
    cost = t.unit[unit_id].influence_to_take_damage
    return 0 if THUGS_PAID + label in side.paid else cost


def no_attack(pvp: PvPCombat, player: int, label: str) -> bool:
    return [player, label, "no-attack", 0] in pvp.on_units


def offered_units(t: Tables, s: GameState, pvp: PvPCombat, side: Side, kinds: tuple[str, ...]) -> list[Action]:
    """Unit abilities that can be used now (``unit_ability``, ``fits``), their mana payable now; a
    Unit that "does not attack" this combat only blocks."""
    acts = []
    p = s.players[side.player]
    for label, entry in zip(unit_labels(p), p.units, strict=True):
        for ability in t.unit[entry[0]].abilities:
            found = unit_ability(t, s, side.player, label, ability.key)
            if not found or not fits(t, s, pvp, side.player, found[0], found[2], found[1], kinds):
                continue
            if no_attack(pvp, side.player, label) and any(k in ("attack", "ranged", "siege") for k, _, _ in found[0]):
                continue
            if not found[1] or payable(t, s, pvp, side.player, found[1]):
                acts.append(Action("activate", (label, ability.key)))
    return acts


# ---- mana -----------------------------------------------------------------------------------

def mana_ways(s: GameState, pvp: PvPCombat, player: int, need: str, strong_spell: bool = False) -> list[str]:
    """How ``player`` can pay a mana of ``need`` in the combat (facts 5.3). The attacker, in
    their own turn, as always (``mana.mana_sources``). The defender from their own tokens and
    crystals, and one die of the Source if they take part fully (the player aids: a partial
    participation means no Source die; rules-choices.md): a die not taken this turn.
    ``strong_spell``: the mana powers a Spell's strong effect (Polarization, cards/mana.py)."""
    if player == s.current:
        return mana_sources(s, player, need, strong_spell)
    p = s.players[player]
    if not usable(s, need, player):
        return []
    ways: list[str] = []
    # Source Freeze (facts 3.5: "other players may not use their normal die from the Source"): the
    # defender's one die is their normal die
    frozen = any(skill == SOURCE_FREEZE and owner != player for skill, owner, _ in s.centre)
    polar = polarized(s, need, POLARIZATION in pvp.defender.marks, strong_spell)  # the defender's (pvp_skills_own)
    if pvp.participation == "full" and not pvp.defender_dice and not frozen and NO_DIE not in pvp.defender.marks:
        ways += [f"die-{i + 1}" for i, face in enumerate(s.source)
                 if die_free(s, i) and (pays(s, face, need, player) or face in polar)]
    if any(p.mana[c] and pays(s, c, need, player) for c in (need, "gold")) or any(p.mana[c] for c in polar):
        ways.append("token")
    if need in BASIC and (p.crystals[need] or polar and p.crystals[OPPOSITE[need]]):
        ways.append("crystal")
    return ways


def pay(s: GameState, pvp: PvPCombat, player: int, need: str, way: str, strong_spell: bool = False) -> None:
    """Pay one mana (``mana_ways``). The defender pays out of their turn: a Mana Curse, which
    wounds a player using the colour "on their turn", does not touch them; another's Mana
    Exploit, "until your next turn", does (rules-choices.md)."""
    if player == s.current:
        pay_mana(s, player, need, way, strong_spell)
        return
    p = s.players[player]
    if s.centre:  # Mana Exploit (facts 3.5) is "until your next turn", other players' turns too
        mana_exploit(s, player, need)
    polar = polarized(s, need, POLARIZATION in pvp.defender.marks, strong_spell)
    if way.startswith("die-"):
        i = int(way.removeprefix("die-")) - 1
        s.source_used.append(i)
        s.dice_allowed += 1  # not the attacker's die of the turn
        pvp.defender_dice += 1
        used = "" if pays(s, s.source[i], need) else s.source[i]
    elif way == "token":
        colour = next((c for c in (need, "gold") if p.mana[c] and pays(s, c, need)), "") or \
            next(c for c in polar if p.mana[c])
        p.mana[colour] -= 1
        token_spent(p, colour)
        used = "" if pays(s, colour, need) else colour
    else:
        used = "" if p.crystals[need] else OPPOSITE[need]
        p.crystals[used or need] -= 1
    if used:  # Polarization used up by this mana
        pvp.defender.marks.remove(POLARIZATION)


def payable(t: Tables, s: GameState, pvp: PvPCombat, player: int, needs: tuple[str, ...] | list[str],
            strong_spell: bool = False) -> bool:
    """Whether ``player`` can pay every colour of ``needs`` now (several: tried on a copy, one
    way after another; ``strong_spell``: they power a Spell's strong effect)."""
    if not needs:
        return True
    ways = mana_ways(s, pvp, player, needs[0], strong_spell)
    if len(needs) == 1 or not ways:
        return bool(ways)
    for way in ways:
        g = s.clone()
        assert g.pvp is not None
        pay(g, g.pvp, player, needs[0], way, strong_spell)
        if payable(t, g, g.pvp, player, needs[1:], strong_spell):
            return True
    return False


def strong_spell_paid(t: Tables, pvp: PvPCombat) -> bool:
    """Whether the play waiting for its mana is a Spell's strong effect (Polarization, cards/mana.py)."""
    pending = pvp.pending
    return bool(pending) and pending[1] == "card" and pending[4] == "powered" and t.card[pending[2]].kind == "spell"


def pay_actions(t: Tables, s: GameState, pvp: PvPCombat) -> list[Action]:
    """The ways to pay the next mana of the play waiting for it that still let the rest be paid."""
    player, needs = pvp.pending[0], pvp.pending[5]
    spell = strong_spell_paid(t, pvp)
    acts = []
    for way in mana_ways(s, pvp, player, needs[0], spell):
        if len(needs) > 1:
            g = s.clone()
            assert g.pvp is not None
            pay(g, g.pvp, player, needs[0], way, spell)
            if not payable(t, g, g.pvp, player, needs[1:], spell):
                continue
        acts.append(Action("pay", (needs[0], way)))
    return acts


def play_card(t: Tables, s: GameState, pvp: PvPCombat, player: int, card: str, option: int, how: str,
               events: list[Event], colour: str = "") -> None:
    """A card played from the hand, face up (facts 2): to the play area, a powered Artifact thrown
    away; its points wait for the mana the side costs (``pay``; ``colour``: the one chosen for a
    dual-colour card), if any."""
    shape = shape_waiting(s, pvp, player)
    side = t.card[card].basic if how == "basic" else t.card[card].powered
    if shape and shape_option(t.card[card], side[option - 1], shape) is not None:
        use_shape(s, pvp, player)  # Shapeshift is used up by this Basic Action
    else:
        shape = ""
    found = side_effects(t, card, option, how, colour, shape)
    assert found is not None
    p = s.players[player]
    p.hand.remove(card)
    if t.card[card].kind == "artifact" and how == "powered":
        p.thrown.append(card)
    else:
        p.play_area.append(card)
        pvp.played.append([player, card])
    pvp.pending = new_pending(player, "card", card, option, how, found[1], colour, shape)
    if shape:
        events.append(Event("shapeshifted", f"Shapeshift: {t.card[card].name} gives {shape.capitalize()}", player,
                            {"card": card, "into": shape}))
    go_on(t, s, pvp, events)


SHAPE_MARK = "shapeshift:"  # in ``Side.marks`` + the kind: the defender's Shapeshift waiting (pvp/skills_own.py)


def shape_waiting(s: GameState, pvp: PvPCombat, player: int) -> str:
    """What Shapeshift waiting makes of ``player``'s next Basic Action (""): the attacker's of the
    turn (``PlayerState.lasting``, as in any turn), the defender's of the combat (``Side.marks``)."""
    if player == s.current:
        return next((x[1] for x in s.players[player].lasting if x[0] == SHAPESHIFT), "")
    return next((m.removeprefix(SHAPE_MARK) for m in pvp.side(player).marks if m.startswith(SHAPE_MARK)), "")


def use_shape(s: GameState, pvp: PvPCombat, player: int) -> None:
    """The Shapeshift waiting for ``player`` used up (``shape_waiting``)."""
    if player == s.current:
        p = s.players[player]
        p.lasting = tuple(x for x in p.lasting if x[0] != SHAPESHIFT)
    else:
        side = pvp.side(player)
        side.marks = [m for m in side.marks if not m.startswith(SHAPE_MARK)]


def kinds_now(pvp: PvPCombat, player: int) -> tuple[str, ...]:
    """The points ``player`` may play now: their attacks in their phase's play step, Block and
    attack reductions in the Block step against them."""
    if pvp.step == "block":
        return ("block", REDUCE) if player == pvp.attacked().player else ()
    if pvp.step == "play" and player == pvp.acting().player:
        return ("attack", "ranged", "siege") if pvp.phase in ("attack", "defender-attack") else ("ranged", "siege")
    return ()


def pending_parts(t: Tables, s: GameState, pvp: PvPCombat) -> tuple[list[Any], list[tuple[str, int, str]],
                                                                     tuple[str, ...]]:
    """The play waiting: its effects (a card's, or a Unit's points), what it does to the other
    hero's Units, and the colours a resistant Unit ignores it for (the card's; the mana paid)."""
    player, what, subject, detail, how = pvp.pending[:5]
    if what == "skill":  # a skill has no colour (pvp/skills.py)
        effects = tuple(t.skill[subject].effect[detail - 1])
        return list(effects), on_units(effects), ()
    if what == "unit":
        found_unit = unit_ability(t, s, player, subject, detail, spent=True)
        assert found_unit is not None
        return list(found_unit[0]), found_unit[2], found_unit[1]
    found = side_effects(t, subject, detail, how, pvp.pending[7], pvp.pending[10] if len(pvp.pending) > 10 else "")
    assert found is not None
    return list(found[0]), on_units(found[0]), t.card[subject].colours


def discarding(t: Tables, pvp: PvPCombat) -> str:
    """What the card waiting discards for its bonus, asked after its mana as against enemies
    (``shed CARD`` one at a time, then ``shed done``): "cards" (Sword of Justice, Bow of
    Starsdawn: any non-Wound cards, facts 4.3), "wound" (Stout Resolve: one Wound), "cards-and-a-
    wound" (Stout Resolve powered: cards, at most one Wound); "" for any other play."""
    if not pvp.pending or pvp.pending[1] != "card":
        return ""
    card = t.card[pvp.pending[2]]
    effects = (card.basic if pvp.pending[4] == "basic" else card.powered)[pvp.pending[3] - 1]
    if any(e.per == DISCARDED for e in effects):
        return "cards"
    stout = next((e for e in effects if e.type == "special" and e.name == STOUT_RESOLVE), None)
    if stout is None:
        return ""
    return "wound" if pvp.pending[4] == "basic" else "cards-and-a-wound"


def shed_choices(t: Tables, s: GameState, pvp: PvPCombat) -> list[Action]:
    """The cards of the hand the play waiting may still discard for its bonus (``discarding``),
    then ``shed done``."""
    way = discarding(t, pvp)
    hand, shed = s.players[pvp.pending[0]].hand, pvp.pending[8]
    if way == "cards":
        cards = sorted(set(hand) - {WOUND})
    elif way == "wound":
        cards = [WOUND] if not shed and WOUND in hand else []
    else:
        cards = [c for c in sorted(set(hand)) if c != WOUND or WOUND not in shed]
    return [*(Action("shed", (c,)) for c in cards), Action("shed", ("done",))]


def shed(t: Tables, s: GameState, pvp: PvPCombat, card: str, events: list[Event]) -> None:
    """A card of the hand discarded for the bonus of the play waiting (to the discard pile, face
    up), or ``done``; then the play goes on."""
    player = pvp.pending[0]
    if card == "done":
        pvp.pending[9] = True
    else:
        p = s.players[player]
        p.hand.remove(card)
        p.discard.append(card)
        pvp.pending[8].append(card)
        events.append(Event("discarded", f"discards {card} for {t.card[pvp.pending[2]].name}", player,
                            {"cards": [card]}))
    go_on(t, s, pvp, events)


def go_on(t: Tables, s: GameState, pvp: PvPCombat, events: list[Event]) -> None:
    """The play waiting goes on: once paid, once the cards it discards for its bonus are named,
    and once the other hero's Unit it affects is named (an effect on one), it is resolved."""
    if pvp.pending[5]:
        return
    if not pvp.pending[9] and discarding(t, pvp):
        return
    effects, units, colours = pending_parts(t, s, pvp)
    if not pvp.pending[6] and any(target == "one" for _, _, target in units) and named_targets(t, s, pvp):
        return
    player, what, subject, detail, how, _, label, colour = pvp.pending[:8]
    gone = list(pvp.pending[8])
    pvp.pending = []
    p = s.players[player]
    _affect_units(t, pvp, player, units, colours, label, events)  # first: a fortification lost counts for the points
    for e in effects:
        if isinstance(e, tuple):  # a Unit's points, Influence, Reputation
            kind, element, value = e
        elif e.type == "special" and e.name in (SWORD, BOW):
            _throw(t, pvp, player, e.name, events)
            continue
        elif e.type == "special" and e.name == BURNING_SHIELD:  # Exploding Shield: an effect on Units, above
            if e.value:
                pvp.if_blocked.append([player, "fire-attack", e.value])
            continue
        elif e.type == "special" and e.name == STOUT_RESOLVE:  # +1 per Wound (+2 per card) discarded
            kind, element, value = next((x.type, x.element, e.value * len(gone)) for x in effects
                                        if not isinstance(x, tuple) and x.type in (*POINT_KINDS, INFLUENCE))
        else:  # a card's effect, its count and condition read now (pvp/effects.py)
            kind, element, value = e.type, e.element, amount(t, s, pvp, player, e, "", len(gone))
        if kind == "take-wound":
            take_wounds(p, value)
        elif kind == "reputation":
            change_reputation(p, value)
        elif kind == INFLUENCE and value > 0:
            pvp.side(player).influence += value
            events.append(Event("influence", f"Influence {value} for the Units that ask for it", player,
                                {"influence": value}))
        elif kind in POINT_KINDS and value > 0:
            if what == "unit":  # another's Wolf's Howl in the centre: this hero's Units -1 to attacks and blocks
                value = max(0, value - sum(1 for x in s.centre if x[0] == WOLFS_HOWL and x[1] != player))
            if what == "unit" and LEADERSHIP in pvp.side(player).marks and kind in LEADERSHIP_BONUS:
                value += LEADERSHIP_BONUS[kind]  # Leadership (pvp/skills.py): this Unit takes the bonus
                pvp.side(player).marks.remove(LEADERSHIP)
                events.append(Event("skill-bonus", f"Leadership: {subject} +{LEADERSHIP_BONUS[kind]}", player,
                                    {"bonus": LEADERSHIP}))
            if value > 0:
                add_points(t, pvp, player, kind, value, element)
            if what == "unit" and kind != "block" and subject not in pvp.attackers:
                pvp.attackers.append(subject)
        elif kind == REDUCE:
            pvp.reduced += value
        elif kind == "mana-token":  # a skill's plain gains (pvp/skills.py)
            p.mana[e.colour] += value
        elif kind == "crystal":
            for _ in range(value):
                gain_crystal_now(p, e.colour, events, player)
        elif kind == "draw":
            draw(p, value)
        elif kind == "fame":
            p.fame += value
    if what == "skill" and subject in PAID_SKILLS:
        PAID_SKILLS[subject](t, s, pvp, player, colour, events)
        return
    if what == "skill" and subject == "universal-power":  # its mana paid: the bonus waits (pvp/skills.py)
        if player == s.current:
            s.sideways_bonus = f"universal-power:{colour}"
        else:
            pvp.side(player).bonus = f"universal-power:{colour}"
        events.append(Event("skill-bonus", f"Universal Power: {colour} mana added to the next card played sideways: "
                            f"+3 (+4 for a {colour} Action or Spell)", player, {"bonus": "universal-power"}))
        return
    if what == "skill":
        events.append(Event("played", f"uses {t.skill[subject].name} ({'; '.join(e.notation() for e in effects)})",
                            player, {"skill": subject, "option": detail}))
    if what == "card":
        what_text = "; ".join(e.notation() for e in effects)
        events.append(Event("played", f"plays {t.card[subject].name} ({what_text})", player,
                            {"card": subject, "how": how, "option": detail}))


def _throw(t: Tables, pvp: PvPCombat, player: int, mark: str, events: list[Event]) -> None:
    """The Sword of Justice or the Bow of Starsdawn thrown away (facts 3.3): marked on the side
    for its attacks this combat (pvp/combat.py counts them); the Sword's "enemies lose Physical
    resistance" takes it from the other hero's Units (an Artifact has no colour: none ignores it)."""
    pvp.side(player).marks.append(mark)
    if mark == BOW:
        events.append(Event("effect", "Bow of Starsdawn: your Ranged and Siege Attacks are doubled this combat, or "
                            "count as Siege against a fortified hero", player, {"effect": BOW}))
        return
    events.append(Event("effect", "Sword of Justice: your physical attacks count double in your Attacks; the other "
                        "hero's Units lose Physical resistance", player, {"effect": SWORD}))
    other = pvp.other(player)
    for unit_id, label, _ in standing(pvp, other):
        if "physical" in t.unit[unit_id].resistances and [other.player, label, "lose-physical", 0] not in pvp.on_units:
            pvp.on_units.append([other.player, label, "lose-physical", 0])


def _affect_units(t: Tables, pvp: PvPCombat, player: int, units: list[tuple[str, int, str]],
                  colours: tuple[str, ...], label: str, events: list[Event]) -> None:
    """Effects on the other hero's Units (our reading, rules-choices.md: the Units are the
    enemies an effect on enemies reaches here): Armor -N (never below 1) and "does not attack"
    for the rest of the combat, Chill's Fire Resistance lost; Demolish ignores the site
    fortifications (a wall counts as one, WALLS "Combat"; a keep). A Fire / Ice Resistant Unit
    ignores red / blue ones (UNIT RESISTANCES): an effect on all passes it by."""
    other = pvp.other(player)
    reached = unit_targets(t, pvp, player, colours)
    for kind, cut, target in units:
        if kind in FORTIFICATION_KINDS:
            if pvp.fortified:
                pvp.fortified = 0
                events.append(Event("unfortified", "site fortifications are ignored this combat" if kind == "demolish"
                                    else f"player {other.player + 1} loses their fortifications this combat", player))
            labels = []
        else:  # an effect on one with no Unit it can reach passes (the play's points go on)
            labels = reached if target == "all" else [label] if label else []
        for x in labels:
            unit_id = next(u[0] for u in other.units if u[1] == x)
            # Armor -1 per resistance of the Unit named (Resistance Break: a value of 0 here)
            value = cut or len(t.unit[unit_id].resistances)
            if kind == "armor-reduction":
                pvp.on_units.append([other.player, x, "armor", value])
                text = f"Armor -{value}"
            elif kind == "prevent-attack":
                if no_attack(pvp, other.player, x):
                    continue
                pvp.on_units.append([other.player, x, "no-attack", 0])
                text = "do not attack this combat"
            elif kind == IF_BLOCKED:  # destroyed if this melee attack is blocked whole (pvp._resolve)
                pvp.if_blocked.append([player, "destroy", x])
                text = "destroyed if the attack is blocked"
            elif kind == "destroy":  # the Unit is out of the combat, removed when it ends (pvp.finish_pvp)
                pvp.on_units.append([other.player, x, "destroyed", 0])
                pvp.side(player).fame += 1
                text = "destroyed"
            elif kind == "remove-resistances":
                if [other.player, x, "lose-resistances", 0] in pvp.on_units:
                    continue
                pvp.on_units.append([other.player, x, "lose-resistances", 0])
                text = "lose all their resistances this combat"
            else:  # chill
                if "fire" not in t.unit[unit_id].resistances or [other.player, x, "lose-fire", 0] in pvp.on_units:
                    continue
                pvp.on_units.append([other.player, x, "lose-fire", 0])
                text = "lose their Fire Resistance"
            events.append(Event("unit-affected", f"player {other.player + 1}'s {t.unit[unit_id].name} ({x}): {text}",
                                other.player, {"unit": x, "effect": kind}))
        if target == "all" and kind not in FORTIFICATION_KINDS:
            for x in sorted({u[1] for u in standing(pvp, other)} - set(reached)):
                events.append(Event("ignored", f"player {other.player + 1}'s {x} ignore the effect (UNIT RESISTANCES)",
                                    other.player, {"unit": x}))


__all__ = ["ACTIVATION", "activation_mark", "further_ability", "PAID_SKILLS", "POLARIZATION", "SHAPE_MARK", "kinds_now", "shape_waiting", "use_shape", "BOW", "SWORD", "thrown_mark", "payable", "strong_spell_paid", "NO_MEANING", "no_meaning", "DISCARDED", "STOUT_RESOLVE", "discarding", "shed", "shed_choices", "HOWS", "INFLUENCE", "NO_OP_SPECIALS", "ON_UNITS", "REDUCE", "THUGS_PAID", "card_points", "fits", "go_on",
           "heroes_cost", "influence_wanted", "mana_ways", "named_targets", "no_attack", "offered_cards",
           "offered_units", "on_units", "pay", "pay_actions", "pending_parts", "play_card", "playable_here",
           "points_of", "powering", "side_effects", "thugs_cost", "unit_ability", "unit_targets", "wound_cost"]
