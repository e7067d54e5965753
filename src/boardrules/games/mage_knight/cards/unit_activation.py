"""Units used outside combat (facts 3.4, 4.3): a ready, unwounded Unit's ability activated through
the cards' interpreter (``activate_unit``; which abilities are used outside combat:
``turn_ability``), and a Wounded Unit healed with the Heal points left this turn (``heal_unit``).
"""

from __future__ import annotations

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..content_model import UnitAbility
from ..game_state import GameState
from ..specials import UNIT_SPECIALS
from .effects import IN_COMBAT_ONLY, _apply
from .offers import unit_labels
from .played import Picks, SkillPlay, _refuse
from .playing import _pay


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


__all__ = ["UNIT_TURN_TYPES", "activate_unit", "heal_unit", "turn_ability"]
