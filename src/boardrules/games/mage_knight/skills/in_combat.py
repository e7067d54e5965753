"""Skills with their own mechanisms used in a combat (facts 3.5, ``special:skill``; the combat's
phases, facts 4), registered by skill id: Battle Hardened and Elemental Resistance, which take
damage off one attack in the Assign Damage phase before it is assigned; Spirit Guides, whose
Block +1 is added in the Block phase; Battle Frenzy (flipped face down until its owner rests);
and the expansions' Taunt (its second choice), Forked Lightning, Deadly Aim, Know Your Prey,
Dueling and Master of Chaos (docs/mage-knight/rules-choices.md, "Skills with their own
mechanisms")."""

from __future__ import annotations

from typing import Any

from ....engine import Event, IllegalActionError
from ..cards.effects import _apply
from ..cards_model import CardEffect, decode_effect
from ..combat.choices import DUEL, FORKED, pending_damage
from ..combat.defeat import DUELED
from ..combat.elements import COLD_FIRE, FIRE, ICE, PHYSICAL
from ..combat.enemies import (
    ATTACK_ABILITIES,
    REPLACED_RULE,
    attack,
    has,
    ignores,
    name,
    replaced,
    replaced_reason,
    resistances,
    says,
    whose,
)
from ..combat.phases import _start_attack_phase
from ..combat.state import CombatEnemy
from ..content import Tables
from ..game_state import GameState
from ..specials import skill_special
from ..units.in_combat import ATTACKS

RULE = "Using Skills"
# skill id -> the attack elements of which it ignores 2 damage (1 of any other attack)
IGNORE_DAMAGE: dict[str, tuple[str, ...]] = {"battle-hardened": (PHYSICAL,), "elemental-resistance": (FIRE, ICE)}


@skill_special(*IGNORE_DAMAGE)
def ignore_damage(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                  pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang's Battle Hardened: "ignore 2 damage from one physical attack, or 1 from a
    non-physical attack"; Braevalar's Elemental Resistance: "ignore 2 damage from a Fire or Ice
    attack, or 1 from another attack". Used in the Assign Damage phase on the enemy whose attack's
    damage is still to be assigned (its first such attack); the damage is gone before anyone takes it."""
    c = s.combat
    if c is None or c.phase != "damage":
        raise IllegalActionError(f"{card.name} is used in a combat's Assign Damage phase", RULE)
    if not 1 <= pk.target <= len(c.enemies):
        raise IllegalActionError(f"{card.name}: choose an enemy (enemy N)", RULE)
    if replaced(c, pk.target - 1):
        raise IllegalActionError(f"{card.name}: {replaced_reason(c, t, pk.target - 1)}", REPLACED_RULE)
    foe = c.enemies[pk.target - 1]
    a = next((i for i, left in enumerate(foe.left) if left > 0), None)
    if a is None:
        raise IllegalActionError(f"{card.name}: {says(t, foe, 'have')} no damage left to assign", RULE)
    n = 2 if attack(t, foe, a).element in IGNORE_DAMAGE[card.id] else 1
    foe.left[a] = max(0, foe.left[a] - n)
    c.cached = None
    events.append(Event("ignored", f"{card.name}: {n} damage of {name(t, foe)}'s attack ignored "
                        f"({foe.left[a]} left)", player, {"enemy": pk.target, "damage": n}))
    if not pending_damage(c):  # nothing left to assign: on to the Attack phase
        _start_attack_phase(c, t, events)


BLOCK_1 = CardEffect.model_validate({"type": "block", "value": 1})


@skill_special("spirit-guides")
def spirit_guides(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                  pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang: "Move 1, and you may add +1 to a Block in the Block phase": the Move 1 is
    its plain effect; used in a combat's Block phase it also adds Block 1 (physical) to the Block
    being put together; elsewhere the +1 has nothing to add to."""
    c = s.combat
    if c is not None and c.phase == "block":
        _apply(t, s, player, card, BLOCK_1, events, pk, mana, option)


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


def _combat_enemy(t: Tables, s: GameState, card: Any, pk: Any, phase: str, when: str) -> CombatEnemy:
    """The enemy (1-based ``pk.target``) of a skill used in a combat's ``phase``."""
    c = s.combat
    if c is None or c.phase != phase:
        raise IllegalActionError(f"{card.name} is used {when}", RULE)
    if not 1 <= pk.target <= len(c.enemies) or c.enemies[pk.target - 1].defeated or c.enemies[pk.target - 1].gone:
        raise IllegalActionError(f"{card.name}: choose an enemy still in the combat (enemy N)", RULE)
    if replaced(c, pk.target - 1):
        raise IllegalActionError(f"{card.name}: {replaced_reason(c, t, pk.target - 1)}", REPLACED_RULE)
    return c.enemies[pk.target - 1]


TAUNT_ATTACK, TAUNT_ARMOR = 2, 2


@skill_special("taunt")
def taunt(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
          pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Wolfhawk's Taunt, its second choice: "+2 attack and Armor -2 (min 1)" for one
    enemy in the Block phase: its first attack not yet blocked gets +2, its Armor -2 for the
    rest of the combat. The Armor change is not an effect on its attacks: an Arcane Immune
    enemy is not taunted (the choice is refused rather than giving only the +2)."""
    foe = _combat_enemy(t, s, card, pk, "block", "in a combat's Block phase")
    why = ignores(t, foe, ())
    if why:
        raise IllegalActionError(f"{card.name}: {says(t, foe, 'ignore')} it ({why})", RULE)
    a = next((i for i, b in enumerate(foe.blocked) if not b), 0)
    foe.attack_bonus[a] += TAUNT_ATTACK
    foe.armor_cut += TAUNT_ARMOR
    assert s.combat is not None
    s.combat.cached = None
    events.append(Event("taunted", f"{card.name}: {whose(t, foe)} attack +{TAUNT_ATTACK}, Armor -{TAUNT_ARMOR} "
                        "(min 1)", player, {"enemy": pk.target}))


@skill_special("forked-lightning")
def forked_lightning(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                     pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Braevalar: "Cold Fire Rng 1 against each of up to 3 different enemies": Cold
    Fire Ranged Attack 1 for each enemy still in the combat, up to 3; an attack counts at most
    one of them per enemy it targets (``combat.counting_points``)."""
    c = s.combat
    if c is None or c.phase not in ("ranged", "attack"):
        raise IllegalActionError(f"{card.name} is a Ranged Attack: used in a combat's Ranged and Siege or Attack "
                                 "phase", RULE)
    n = min(e.value, sum(1 for x in c.enemies if not (x.defeated or x.gone or x.summoner >= 0)))
    c.pool += [("ranged", "cold-fire", 1, False, FORKED)] * n
    c.cached = None
    events.append(Event("effect", f"{card.name}: Cold Fire Ranged Attack 1 against each of {n} enemies", player,
                        {"effect": "forked-lightning", "enemies": n}))


DEADLY_AIM = {"ranged": 1, "attack": 2}  # the bonus by phase


@skill_special("deadly-aim")
def deadly_aim(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
               pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Wolfhawk: "+1 to an Attack card in the Ranged/Siege phase, +2 in the Attack
    phase (sideways too)": added to the last attack played (not a Unit's) in this phase, of its
    kind and element."""
    c = s.combat
    if c is None or c.phase not in DEADLY_AIM:
        raise IllegalActionError(f"{card.name} is used in a combat's Ranged and Siege or Attack phase", RULE)
    played = [x for x in c.pool if x[0] in ATTACKS and x[4] == -1]
    if not played:
        raise IllegalActionError(f"{card.name} adds to an Attack card played in this phase: play one first", RULE)
    kind, element = played[-1][0], played[-1][1]
    n = DEADLY_AIM[c.phase]
    c.pool.append((kind, element, n, False, -1))
    c.cached = None
    events.append(Event("effect", f"{card.name}: +{n} to the {element} {kind} attack", player,
                        {"effect": "deadly-aim", "value": n}))


KNOW_YOUR_PREY = "know-your-prey"
PREY_CHOICES = 6  # at most this many things to take from one enemy (``choose N``, as a side's options)


def prey_choices(t: Tables, foe: CombatEnemy) -> list[str]:
    """What Know Your Prey may take from ``foe``, in order (``choose N``): an attack ability it
    has ("ability:swift"), a resistance ("resistance:fire"), an element of an attack: Fire or
    Ice to physical, Cold Fire to Fire or Ice ("element:A:physical")."""
    en = t.enemy[foe.token]
    out = [f"ability:{a}" for a in dict.fromkeys((*en.abilities, *foe.gained)) if a in ATTACK_ABILITIES and
           has(t, foe, a)]
    out += [f"resistance:{r}" for r in resistances(t, foe)]
    for a, at in enumerate(en.attacks):
        element = attack(t, foe, a).element
        if at.summon is None and element in (FIRE, ICE):
            out.append(f"element:{a}:{PHYSICAL}")
        elif at.summon is None and element == COLD_FIRE:
            out += [f"element:{a}:{FIRE}", f"element:{a}:{ICE}"]
    return out[:PREY_CHOICES]


@skill_special(KNOW_YOUR_PREY)
def know_your_prey(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                   pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Wolfhawk: "in combat: one enemy ignores one ability, or loses one element from
    its attack (not vs Arcane Immunity)": ``pk.target`` the enemy, ``pk.other`` the number of the
    thing taken in ``prey_choices``, for the rest of the combat."""
    c = s.combat
    if c is None:
        raise IllegalActionError(f"{card.name} is used in a combat", RULE)
    foe = _combat_enemy(t, s, card, pk, c.phase, "in a combat")
    if "arcane-immunity" in t.enemy[foe.token].abilities:
        raise IllegalActionError(f"{card.name}: {says(t, foe, 'have')} Arcane Immunity", RULE)
    choices = prey_choices(t, foe)
    if not pk.other.isdigit() or not 1 <= int(pk.other) <= len(choices):
        raise IllegalActionError(f"{card.name}: choose what {says(t, foe, 'lose')} (choose 1-{len(choices)})", RULE)
    what, _, detail = choices[int(pk.other) - 1].partition(":")
    if what == "resistance":
        foe.resistances_lost.append(detail)
    else:
        foe.ignored.append(detail if what == "ability" else f"element:{detail}")
    c.cached = None
    events.append(Event("effect", f"{card.name}: {says(t, foe, 'lose')} {what} {detail.replace(':', ' ')} this combat",
                        player, {"enemy": pk.target, "lost": choices[int(pk.other) - 1]}))


@skill_special("dueling")
def dueling(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
            pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Wolfhawk: "Block phase: Blk 1 and, vs the same enemy, Atk 1 in the Attack phase;
    Fame +1 if you defeat it without unit abilities" (the Block 1 is its other effect): the
    Attack 1 (physical) comes at the start of the Attack phase and counts only against that
    enemy (``combat.DUEL``); the Fame when it is defeated with no Unit ability used in the combat
    (``defeat.defeat``)."""
    foe = _combat_enemy(t, s, card, pk, "block", "in a combat's Block phase")
    c = s.combat
    assert c is not None
    i = pk.target - 1
    c.this_combat += [f"attack-phase:{PHYSICAL}:1:{DUEL - i}", f"{DUELED}{i}"]
    events.append(Event("effect", f"{card.name}: Attack 1 against {name(t, foe)} in the Attack phase", player,
                        {"enemy": pk.target}))


MASTER_OF_CHAOS = "master-of-chaos"
# the token's colours in the order it turns, each with its effect; gold: any one of these
CHAOS = {"blue": "block 3", "green": "move 1", "black": "ranged 1 cold-fire", "white": "influence 2",
         "red": "attack 2", "gold": ""}
CHAOS_ORDER = tuple(CHAOS)


def chaos_next(p: Any) -> str:
    """The colour Master of Chaos points at once turned a step (a token never turned points at gold)."""
    return CHAOS_ORDER[(CHAOS_ORDER.index(p.chaos or "gold") + 1) % len(CHAOS_ORDER)]


@skill_special(MASTER_OF_CHAOS)
def master_of_chaos(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                    pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang: "rotate the token one step: blue Blk 3, green Move 1, black Cold Fire Rng
    1, white Influence 2, red Atk 2, gold any of these": the effect of the colour it then points
    at (gold: ``pk.colour`` names the colour whose effect is taken)."""
    p = s.players[player]
    p.chaos = chaos_next(p)
    colour = p.chaos
    if colour == "gold":
        if pk.colour not in CHAOS or pk.colour == "gold":
            raise IllegalActionError(f"{card.name} points at gold: choose the colour of the effect "
                                     f"({', '.join(CHAOS_ORDER[:-1])})", RULE)
        colour = pk.colour
    events.append(Event("skill-turned", f"{card.name} turns to {p.chaos}: {CHAOS[colour]}", player,
                        {"skill": MASTER_OF_CHAOS, "colour": p.chaos}))
    try:  # turned for the next use even when its effect has no use now (a Block outside a combat)
        _apply(t, s, player, card, CardEffect.model_validate(decode_effect(CHAOS[colour])), events, pk, mana, option)
    except IllegalActionError as why:
        events.append(Event("effect-lost", f"{card.name}: {why.reason}", player, {"skill": MASTER_OF_CHAOS}))


__all__ = ["FRENZIED"]
