"""More skills with their own mechanisms (facts 3.5, ``special:skill``), registered by skill id:
Battle Hardened and Elemental Resistance, which take damage off one attack in the Assign Damage
phase before it is assigned; Spirit Guides, whose Block +1 is added in the Block phase."""

from __future__ import annotations

from typing import Any

from ...engine import Event, IllegalActionError
from .cards_model import CardEffect
from .combat import _start_attack_phase, pending_damage
from .content import Tables
from .elements import FIRE, ICE, PHYSICAL
from .enemies import attack, name
from .game_state import GameState
from .playing import _apply
from .specials import skill_special

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
    foe = c.enemies[pk.target - 1]
    a = next((i for i, left in enumerate(foe.left) if left > 0), None)
    if a is None:
        raise IllegalActionError(f"{card.name}: {name(t, foe)} have no damage left to assign", RULE)
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
