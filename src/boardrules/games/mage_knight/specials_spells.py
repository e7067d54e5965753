"""The Spells' own mechanisms (facts 3.2): the code of their ``special:NAME`` effects, registered
in ``specials.py``. What lasts the combat is a word in ``Combat.this_combat``, what lasts the
turn a word in ``PlayerState.this_turn``.
"""

from __future__ import annotations

from typing import Any

from ...engine import Event
from .cards_model import CardEffect
from .content import Tables
from .deck import draw
from .enemies import all_blocked, ignores, name, resistances
from .game_state import GameState
from .offers import unit_labels
from .playing import Picks, _apply, _refuse, _terrain
from .specials import card_special
from .state import Combat

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
        events.append(Event("resistances", f"{name(t, en)} lose their Fire Resistance", data={"enemy": pk.target}))


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
    hit = [i for i, en in enumerate(c.enemies) if not (en.defeated or en.gone) and all_blocked(en)]
    if not hit:
        raise _refuse(f"{card.name}: no enemy was successfully blocked this combat", RULE)
    for i in hit:
        en = c.enemies[i]
        why = ignores(t, en, card.colours)
        if why:
            events.append(Event("ignored", f"{name(t, en)} ignore this effect ({why})", data={"enemy": i + 1}))
            continue
        en.armor_cut = max(en.armor_cut, DISEASED_ARMOR_CUT)
        events.append(Event("armor", f"{name(t, en)} have Armor 1", data={"enemy": i + 1}))


@card_special("cure")
def cure(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
         mana: tuple[str, ...], option: int) -> None:
    """Cure (facts 3.2), after its Heal 2: a card drawn per Wound healed from the hand this turn,
    before it and (``cure`` in ``this_turn``) after it; Units are not healed by Heal points in
    this stage, so none is readied."""
    p = s.players[player]
    draw(p, p.this_turn.count("healed"))
    p.this_turn.append("cure")


@card_special("mist-form")
def mist_form(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
              mana: tuple[str, ...], option: int) -> None:
    """Mist Form (facts 3.2): this turn every space the hero enters costs 2, lakes too, and hills
    and mountains cannot be entered (``movement.terrain_cost``)."""
    if s.combat is not None:
        raise _refuse(f"{card.name} is played outside combat", RULE)
    s.players[player].this_turn.append("mist-form")


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
