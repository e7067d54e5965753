"""A Unit's ability in a combat whose mana is not in the combat's pool yet (facts 3.4, 5.3 "unit
abilities marked with a colour cost that mana"): the play that pays it (a Source die, a token or a
crystal, as for a card), then activates it as the combat does."""

from __future__ import annotations

from typing import Any

from ....engine import Action, Event, IllegalActionError, shared_action
from ..cards.combat_cards import after_combat_action, watch_combat
from ..cards.playing import mana_for_units
from ..combat.actions import apply_combat
from ..combat.choices import activations
from ..combat.decision import combat_decision
from ..content import Tables
from ..game_state import GameState

# a Unit's ability in a combat whose mana is not in the combat's pool yet: the play
# [label, "combat-unit:KEY:TARGET"] pays it (facts 5.3 "unit abilities marked with a colour cost
# that mana": a die, token or crystal, as for a card) and then activates it
COMBAT_UNIT = "combat-unit:"


def _combat_ability(t: Tables, g: GameState, label: str, how: str) -> Any:
    assert g.combat is not None
    key = how[len(COMBAT_UNIT):].split(":")[0]
    u = next((x for x in g.combat.units if x.label == label), None)
    ability = next((a for a in t.unit[u.unit].abilities if a.key == key), None) if u is not None else None
    if ability is None:
        raise IllegalActionError(f"no Unit {label} with an ability {key!r} in this combat", "Units")
    return ability


def _activation(label: str, how: str) -> Action:
    key, target = how[len(COMBAT_UNIT):].split(":")
    return shared_action("activate", label, key, *([target] if target else []))


def _activate_paid(t: Tables, g: GameState, player: int, label: str, how: str, paid: list[tuple[str, str]],
                   events: list[Event]) -> None:
    """Pay the ability's mana into the combat's pool, then activate it as the combat does."""
    c = g.combat
    assert c is not None
    ability = _combat_ability(t, g, label, how)
    if len(paid) < len(ability.mana):
        raise IllegalActionError(f"the {label} ability {ability.key} is powered by {' and '.join(ability.mana)} mana: "
                                 "you have none of it to pay (a Source die, a mana token or a crystal)", "Mana")
    for colour, source in paid:
        mana_for_units(g, player, colour, source, events)
    c.cached = None
    a = _activation(label, how)
    d = combat_decision(t, c)
    if d is None or a not in d.actions:
        raise IllegalActionError(f"{a.text}: the Unit's ability cannot be used now", "Units")
    watch = watch_combat(t, g, player, a)
    apply_combat(t, c, a, events, g.rng)
    if watch is not None:
        after_combat_action(t, g, player, watch, events)


def _unit_mana_plays(t: Tables, g: GameState) -> dict[str, list[Any]]:
    """The combat's Unit activations that wait only for mana not yet in its pool, by action text:
    each the play that pays for it."""
    c = g.combat
    assert c is not None
    if not any(ab.mana for u in c.units for ab in t.unit[u.unit].abilities):
        return {}
    rich = c.clone()
    for colour in ("red", "blue", "green", "white", "black"):
        rich.mana[colour] = rich.mana.get(colour, 0) + 2
    have = {a.text for a in activations(c, t)}
    out: dict[str, list[Any]] = {}
    for a in activations(rich, t):
        if a.text not in have and len(a.args) >= 2:
            out[a.text] = [a.args[0], f"{COMBAT_UNIT}{a.args[1]}:{a.args[2] if len(a.args) > 2 else ''}"]
    return out
