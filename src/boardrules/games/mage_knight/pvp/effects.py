"""Effects with a count or a condition in a combat between heroes (pvp/combat.py): what ``+N/per``
counts and when an ``@when`` effect holds, read for two heroes (docs/mage-knight/rules-choices.md,
"Player versus player": the enemies of a combat between heroes are the other hero and their
Units)."""

from __future__ import annotations

from typing import Any

from ..cards.deck import WOUND
from ..cards.mana import night_rules
from ..content import Tables
from ..game_state import GameState
from .state import PvPCombat, standing

# the counts read here: of cards discarded (Sword of Justice, Bow of Starsdawn: the cards the play
# discards, ``PvPCombat.pending``), of enemies defeated (none: no enemy is defeated between
# heroes, a Unit is wounded or destroyed, a hero knocked out), of Units recruited (none: recruiting
# is an action of its own, and the turn's action is the combat)
PVP_PER = ("enemy", "enemy-blocked", "enemy-icon", "resistance", "wound", "ready-unit", "crystal-colour",
           "crystal-set", "card-discarded", "enemy-defeated", "enemy-defeated-phase", "unit-recruited")
# the conditions read here ("least-fame" is a bonus only for the player with the least Fame)
PVP_WHEN = ("day", "night", "combat", "ranged-phase", "block-phase", "attack-phase", "least-fame")


def holds(s: GameState, pvp: PvPCombat, when: str | None) -> bool:
    """Whether an effect's condition holds now: Day or Night (facts 5.2; Night rules), in a
    combat (always here), and the phase: a Ranged and Siege phase, a Block (the step where the
    hero attacked blocks a melee attack), an Attacks phase's attacks."""
    if when is None or when in ("combat", "least-fame"):
        return True
    if when in ("day", "night"):
        return night_rules(s) == (when == "night")
    if when == "block-phase":
        return pvp.step == "block"
    if when == "ranged-phase":
        return pvp.phase in ("ranged", "defender-ranged") and pvp.step == "play"
    if when == "attack-phase":
        return pvp.phase in ("attack", "defender-attack") and pvp.step == "play"
    return False


def count(t: Tables, s: GameState, pvp: PvPCombat, player: int, per: str | None, label: str = "",
          discarded: int = 0) -> int:
    """What a ``+N/per`` bonus of ``player``'s counts now (``label``: the other hero's Unit the
    effect names):

    - ``enemy`` (Flame Wall "per enemy token you face"): the other hero and each of their Units;
    - ``enemy-blocked`` (Counterattack "per enemy blocked this turn"): 1 once this hero blocked a
      melee attack of the other hero whole (``PvPCombat.blocked``);
    - ``enemy-icon`` (Cold Toughness "per ability icon, attack colour/element and resistance of
      the blocked enemy"): the elements other than physical of the melee attack met (a hero has
      no ability icon and no resistance);
    - ``resistance`` (Resistance Break "per resistance it has"): the named Unit's resistances;
    - ``wound``, ``ready-unit``, ``crystal-colour``, ``crystal-set``: the hero's own, as in any
      combat;
    - ``card-discarded`` (Sword of Justice, Bow of Starsdawn): ``discarded``, the cards the play
      discarded; ``enemy-defeated``, ``enemy-defeated-phase``, ``unit-recruited``: 0."""
    p = s.players[player]
    other = pvp.other(player)
    if per == "card-discarded":
        return discarded
    if per == "enemy":
        return 1 + len(standing(pvp, other))
    if per == "enemy-blocked":
        return pvp.blocked.count(player)
    if per == "enemy-icon":
        return len({el for _, el, _ in pvp.pool if el != "physical"}) if pvp.step == "block" else 0
    if per == "resistance":
        unit = next((u for u in other.units if u[1] == label), None)
        return len(t.unit[unit[0]].resistances) if unit is not None else 0
    if per == "wound":
        return p.hand.count(WOUND) + sum(u[1] for u in p.units)
    if per == "ready-unit":
        return sum(1 for u in p.units if not u[2])
    if per == "crystal-colour":
        return sum(1 for n in p.crystals.values() if n)
    if per == "crystal-set":
        return min(p.crystals.values())
    return 0


def amount(t: Tables, s: GameState, pvp: PvPCombat, player: int, e: Any, label: str = "", discarded: int = 0) -> int:
    """An effect's value now, its bonus counted (``CardEffect.amount``); a ``least-fame`` effect
    gives nothing unless the player has the least Fame (ties count, as in ``playing._apply``)."""
    if e.when == "least-fame" and any(q.fame < s.players[player].fame for q in s.players):
        return 0
    return int(e.amount(count(t, s, pvp, player, e.per, label, discarded)))


__all__ = ["PVP_PER", "PVP_WHEN", "amount", "count", "holds"]
