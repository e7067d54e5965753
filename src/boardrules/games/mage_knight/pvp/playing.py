"""What each hero plays in a combat between heroes (pvp/combat.py): the cards and Unit abilities
offered in a step (the points that fit it: WALLS "Combat" against a fortified defender), a play
waiting for its mana (pvp/mana.py), the cards it discards for its bonus and the other hero's
Unit it names, then resolved: its points, Influence, Leadership's bonus, effects on Units
(pvp/units.py), the Sword of Justice or the Bow of Starsdawn thrown away (facts 2, 3.1-3.4,
5.3). The cards' sides are read in pvp/cards.py. Our readings are in
docs/mage-knight/rules-choices.md ("Player versus player")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....engine import Action, Event
from ..cards.deck import WOUND, draw, take_wounds
from ..cards.mana import gain_crystal_now
from ..cards.offers import unit_labels
from ..content import Tables
from ..game_state import GameState
from ..sites.reputation import change_reputation
from ..skills.consulted import shape_option
from ..skills.interactive import WOLFS_HOWL
from .cards import (
    BOW,
    DISCARDED,
    HOWS,
    REDUCE,
    STOUT_RESOLVE,
    SWORD,
    points_of,
    shape_waiting,
    side_effects,
    thrown_mark,
    use_shape,
)
from .effects import amount, holds
from .mana import payable
from .state import POINT_KINDS, PvPCombat, Side, add_points, new_pending, standing
from .units import (
    BURNING_SHIELD,
    FORTIFICATION_KINDS,
    IF_BLOCKED,
    INFLUENCE,
    _affect_units,
    influence_wanted,
    no_attack,
    on_units,
    unit_ability,
    unit_targets,
)

LEADERSHIP = "leadership"  # in ``Side.marks``: a bonus waiting for the side's next Unit activated (pvp/skills.py)
LEADERSHIP_BONUS = {"block": 3, "attack": 2, "ranged": 1}  # to its Block, Attack or Ranged Attack (not Siege)
# skills whose effect comes once their mana is paid (Regenerate, pvp/skill_mechanisms.py): skill id -> what it does
PAID_SKILLS: dict[str, Callable[[Tables, GameState, PvPCombat, int, str, list[Event]], None]] = {}


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


__all__ = ["PAID_SKILLS", "discarding", "fits", "go_on", "kinds_now", "named_targets", "offered_cards", "offered_units", "pending_parts", "play_card", "shed", "shed_choices"]
