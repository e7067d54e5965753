"""Hero and Advanced Action cards whose effect in a combat waits for a block, an attack or a phase
(facts 3.1): Ice Shield and Shield Bash (the blocked enemy's Armor), Chivalry and Explosive Bolt
(per enemy the attack defeats), Dodge and Weave (Attack when the Attack phase begins; its second
attack -2); and those that last the combat or the turn's combats: Agility (Move as Attack), Into
the Heat (no damage to Units), Force of Nature (a Unit's Physical resistance).

``watch_combat`` / ``after_combat_action`` run around each combat action (``actions/turn.py``);
what waits is an entry of ``PlayerState.lasting`` (cards/lasting.py), what lasts the combat a word
of ``Combat.this_combat``.
"""

from __future__ import annotations

from typing import Any

from ....engine import Action, Event
from ..cards_model import Card, CardEffect
from ..combat.choices import counting_points, open_attacks
from ..combat.damage import NO_UNIT_DAMAGE
from ..combat.elements import block_needed, block_total
from ..combat.enemies import attack, attack_value, ignores, name, says, whose
from ..combat.phases import add_effect
from ..combat.state import Combat
from ..content import Tables
from ..game_state import GameState
from ..specials import card_special
from ..units.in_combat import _strongest
from .influence_cards import DIPLOMACY, influence_as_block
from .lasting import RULE, _card_id, _last
from .offers import unit_labels
from .played import Picks, Played, _refuse

# kinds read in a combat
ON_BLOCK = ("ice-shield", "shield-bash")  # the next block resolved: the blocked enemy's Armor lowered
CHIVALRY = "chivalry"  # (kind, "", 1 basic / 2 powered): the next attack resolved, per enemy defeated
EXPLOSIVE_BOLT = "explosive-bolt"  # (kind, card, 1): the next attack resolved, per enemy defeated
DODGE = "dodge"  # (kind, "", N): Attack N when the Attack phase begins, if no Wound went to the hand
PHYSICAL_FOR = "resist-physical:"  # + a Unit's label, in Combat.this_combat: Force of Nature


@card_special("ice-shield", "shield-bash")
def on_block(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
             pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Ice Shield (powered): the enemy blocked with it gets Armor -3; Shield Bash (powered): Armor
    -1 per point of Block above what was needed (facts 3.1; Armor never below 1)."""
    _last(s, player, (e.name, _card_id(card), e.value if e.name == "ice-shield" else 0))


@card_special("chivalry")
def chivalry(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
             pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Chivalry (facts 3.1): Reputation +1 (powered: and Fame +1) per enemy this attack defeats."""
    _last(s, player, (CHIVALRY, "", 2 if pk.powered else 1))


@card_special("explosive-bolt")
def explosive_bolt(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                   pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Explosive Bolt (powered; facts 3.1): for each enemy its attack defeats, another enemy gets
    Armor -1 (never below 1)."""
    _last(s, player, (EXPLOSIVE_BOLT, _card_id(card), 1))


DODGE_SPLIT = 2  # Dodge and Weave's strong effect, its second choice: two attacks -2 each


def dodge_second_attacks(c: Combat, t: Tables, first: int) -> list[int]:
    """The enemies (1-based) whose attack Dodge and Weave's second -2 may take, the card's own
    -2 going to enemy ``first``: another enemy with an attack to block, or the same one with two."""
    attacks = [i for i, _ in open_attacks(c, t)]
    return sorted({i + 1 for i in attacks if i + 1 != first or attacks.count(i) > 1})


@card_special("dodge-and-weave")
def dodge_and_weave(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                    pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Dodge and Weave (facts 3.1): Attack N in the Attack phase if no Wound went to the hand
    earlier in this combat. Its strong effect's second choice, "two attacks by 2 each": before
    the card's own -2 on the enemy named (``pk.target``), a second attack -2 (``pk.others[0]``:
    another enemy's strongest attack, or the same enemy's strongest other than the one the
    card's -2 takes)."""
    if pk.powered and option == 2:
        _second_attack(t, s, card, pk, events)
    _last(s, player, (DODGE, "", e.value))


def _second_attack(t: Tables, s: GameState, card: Played, pk: Picks, events: list[Event]) -> None:
    c = s.combat
    second = int(pk.others[0]) if pk.others and pk.others[0].isdigit() else 0
    if c is None or second not in dodge_second_attacks(c, t, pk.target):
        raise _refuse(f"{card.name}: name the enemy of the second attack -{DODGE_SPLIT} (also N): another enemy "
                      "with an attack to block, or the same one with two", RULE)
    en = c.enemies[second - 1]
    why = ignores(t, en, card.colours, on_attacks=True)
    if why:
        events.append(Event("ignored", f"{says(t, en, 'ignore')} this effect ({why})", data={"enemy": second}))
        return
    if second != pk.target:
        cut = CardEffect.model_validate({"type": "attack-reduction", "value": DODGE_SPLIT, "target": "one"})
        effect = cut.combat_effect()
        assert effect is not None
        add_effect(c, t, effect, second - 1, card.colours, events)
        return
    first = _strongest(c, t, second - 1)  # the card's own -2 takes this one: the second is another
    a = max((x for i, x in open_attacks(c, t) if i == second - 1 and x != first),
            key=lambda x: attack_value(t, en, x))
    en.reduction[a] += DODGE_SPLIT
    events.append(Event("attack", f"{whose(t, en)} attack {a + 1} -{DODGE_SPLIT}", data={"enemy": second}))


@card_special("agility")
def agility(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
            pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Agility (facts 3.1): in a combat this turn, Move points (its own too) are spent 1:1 as
    Attack; powered, also 2:1 as Ranged Attack (``effects._move_as_attack``)."""
    _last(s, player, ("agility", "", e.value))


@card_special("into-the-heat")
def into_the_heat(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Into the Heat (facts 3.1), played at the start of a combat (its Ranged and Siege Attacks
    phase): with its Units' bonus (``unit-bonus``), no damage may be assigned to Units."""
    c = s.combat
    if c is None or c.phase != "ranged":
        raise _refuse(f"{card.name} is played at the start of a combat (its Ranged and Siege Attacks phase)",
                      "COMBAT")
    c.this_combat.append(NO_UNIT_DAMAGE)
    events.append(Event("effect", f"{card.name}: no damage may be assigned to Units", player))


@card_special("force-of-nature")
def force_of_nature(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                    pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Force of Nature (facts 3.1): the chosen Unit (``pk.other``) gains Physical resistance
    this combat (``damage.unit_resistances``)."""
    c = s.combat
    if c is None:
        raise _refuse(f"{card.name}: a Unit gains Physical resistance for a combat: play it in one", RULE)
    labels = [u.label for u in c.units if not u.destroyed]
    if pk.other not in labels:
        raise _refuse(f"{card.name}: choose one of your Units ({', '.join(labels) or 'none'})", RULE)
    c.this_combat.append(PHYSICAL_FOR + pk.other)
    events.append(Event("resistance", f"{pk.other} gains Physical resistance this combat", player,
                        {"unit": pk.other}))


def unit_labels_of(s: GameState, player: int) -> list[str]:
    """The Units a Force of Nature may choose: the hero's, in the combat (or out of it)."""
    c = s.combat
    return [u.label for u in c.units if not u.destroyed] if c is not None else unit_labels(s.players[player])


def watch_combat(t: Tables, s: GameState, player: int, a: Action) -> tuple[Any, ...] | None:
    """Before a combat action: what the cards waiting on it need to know (None, the common case:
    nothing waits). A block about to be resolved: its enemy, attack and surplus."""
    p = s.players[player]
    c = s.combat
    if not p.lasting or c is None:
        return None
    if a.name == "resolve" and c.phase == "block" and c.block_target is not None:
        i, k = c.block_target
        e = c.enemies[i]
        swift = "swift" in t.enemy[e.token].abilities
        used = counting_points(c, t)
        total = block_total(((c.pool[x][1], c.pool[x][2], c.pool[x][3]) for x in used), attack(t, e, k).element,
                            swift)
        return (a.name, c.phase, i, k, total - block_needed(attack_value(t, e, k), swift))
    return (a.name, c.phase)


def after_combat_action(t: Tables, s: GameState, player: int, watch: tuple[Any, ...], events: list[Event]) -> None:
    """After a combat action: Ice Shield and Shield Bash on the enemy the block stopped,
    Chivalry's Reputation and Fame per enemy the attack defeated, Dodge and Weave's Attack when
    the Attack phase begins; what the phase's end took from the pool waits no more."""
    p = s.players[player]
    c = s.combat
    if c is None:
        return
    action, phase = watch[0], watch[1]
    keep = []
    for entry in p.lasting:
        kind, detail, n = entry
        if kind in ON_BLOCK and phase == "block" and action in ("resolve", "next"):
            if action == "resolve" and c.enemies[watch[2]].blocked[watch[3]]:
                cut = n if kind == "ice-shield" else watch[4]
                _cut_armor(t, s, player, watch[2], cut, t.card[detail], events)
            continue
        if kind == CHIVALRY and phase in ("ranged", "attack") and action in ("resolve", "next"):
            if action == "resolve" and phase == "attack":
                beaten = sum(1 for x in events if x.kind == "defeated")
                c.reputation += beaten
                c.fame += beaten if n == 2 else 0
                if beaten:
                    events.append(Event("chivalry", f"Chivalry: Reputation +{beaten}" +
                                        (f", Fame +{beaten}" if n == 2 else ""), player))
            continue
        if kind == EXPLOSIVE_BOLT and phase in ("ranged", "attack") and action in ("resolve", "next"):
            beaten = sum(1 for x in events if x.kind == "defeated") if action == "resolve" else 0
            others = [i for i, en in enumerate(c.enemies) if not (en.defeated or en.gone or en.summoner >= 0)
                      and not ignores(t, en, t.card[detail].colours)]
            for i in others[:beaten]:  # our reading: the next enemies of the combat, one each
                _cut_armor(t, s, player, i, 1, t.card[detail], events)
            continue
        if kind == DIPLOMACY:  # a Unit's Influence, or Influence left from before the Block phase
            influence_as_block(t, s, player, events)
            keep.append(entry)
            continue
        if kind == DODGE and c.phase == "attack":
            if not c.hero.wounds_this_combat:
                bonus = CardEffect.model_validate({"type": "attack", "value": n}).combat_effect()
                assert bonus is not None
                add_effect(c, t, bonus, -1, ("white",), events)
                events.append(Event("dodge", f"Dodge and Weave: Attack {n}", player, {"attack": n}))
            continue
        keep.append(entry)
    p.lasting = tuple(keep)


def _cut_armor(t: Tables, s: GameState, player: int, i: int, cut: int, card: Card, events: list[Event]) -> None:
    c = s.combat
    assert c is not None
    e = c.enemies[i]
    why = ignores(t, e, card.colours)
    if cut <= 0 or e.defeated or why:
        return
    e.armor_cut += cut
    c.cached = None
    events.append(Event("armor", f"{card.name}: {name(t, e)} Armor -{cut}", player, {"enemy": i + 1, "armor": cut}))


__all__ = ["PHYSICAL_FOR", "after_combat_action", "unit_labels_of", "watch_combat"]
