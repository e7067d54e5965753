"""Player-versus-player combat: one hero attacking another by ending the move on their space.

Rulebook excerpt: UNIT RESISTANCES "Player vs. Player" (a Unit resistant to an element of the
opponent's attack needs twice as much damage to be wounded; Fire / Ice Resistance ignore the
non-Attack effects of an opponent's red / blue cards), WALLS "Combat" ("When attacking another
player ... across a wall, consider the target to be fortified"), KEEP "Other Players' Keeps".
Facts 5.4/5.5: ending the move on another hero is the turn's action, a combat; not in
First Reconnaissance, not on the portal or in a conquered city, not after the End of the Round
was announced or the game's end triggered, not against a hero whose round-order token is face
down. Our reading of the phases, the defender's participation, damage and Fame is in
docs/mage-knight/rules-choices.md ("Player-versus-player combat").

A combat between two heroes is small decisions for both sides: the defender chooses how to
take part, then each side in turn attacks (the points played by cards are added with
``add_points``, as the card layer adds them to a combat with enemies), the other side may
block a melee attack, and the attacking side spends the damage left on the other's Units and
hero.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, BoardrulesError, Decision, Event, IllegalActionError
from .content import Tables
from .damage import pvp_damage_to_wound
from .deck import WOUND, discard_non_wounds, take_wounds
from .elements import COLD_FIRE, FIRE, ICE, PHYSICAL, block_total
from .exploring import space
from .game_state import BASIC, GameState
from .hexmap import Hex, adjacent
from .mana import die_free, mana_sources, pay_mana, pays, usable
from .movement import heroes_met, owner_of_keep, wall_between
from .offers import unit_labels
from .sites import change_reputation

RULE = "Player versus player combat"
ELEMENTS = (PHYSICAL, FIRE, ICE, COLD_FIRE)
# who acts in each phase (the other side blocks and is wounded), and the attacks it may use
PHASES = ("participation", "ranged", "defender-ranged", "attack", "defender-attack", "over")
PHASE_NAMES = {
    "participation": "the defender chooses how to take part",
    "ranged": "the attacker's Ranged and Siege Attacks",
    "defender-ranged": "the defender's Ranged and Siege Attacks",
    "attack": "the attacker's Attacks",
    "defender-attack": "the defender's Attacks",
}
NO_PVP_SCENARIOS = ("First Reconnaissance",)  # by name, as GameState.scenario; facts 5.8: "no PvP (unless agreed)"


class Side:
    """One hero in the combat: Armor and unmodified Hand limit (knock-out), its Units as
    ``[unit id, label, wounds]`` and what the combat did to it."""

    __slots__ = ("player", "armor", "hand_limit", "units", "wounds", "knocked_out", "fame")

    def __init__(self, player: int, armor: int, hand_limit: int, units: list[list[Any]]) -> None:
        self.player = player
        self.armor = armor
        self.hand_limit = hand_limit
        self.units = units
        self.wounds = 0  # Wounds into this hero's hand during the combat
        self.knocked_out = False
        self.fame = 0  # Fame this side's attacks earned

    def clone(self) -> Side:
        c = Side(self.player, self.armor, self.hand_limit, [u[:] for u in self.units])
        c.wounds, c.knocked_out, c.fame = self.wounds, self.knocked_out, self.fame
        return c

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}


class PvPCombat:
    """The state of a combat between two heroes (plain data; public: no card is hidden here)."""

    __slots__ = ("attacker", "defender", "at", "fortified", "keep", "participation", "phase", "step",
                 "pool", "blocks", "damage", "elements", "played", "pending", "defender_dice")

    def __init__(self, attacker: Side, defender: Side, at: Hex, fortified: int, keep: bool) -> None:
        self.attacker, self.defender, self.at = attacker, defender, at
        self.fortified = fortified  # the defender's fortification: a wall, their own keep, or both
        self.keep = keep  # the defender's own keep (the attacker assaults it: Reputation -1)
        self.participation = ""  # "full" or "partial"
        self.phase = "participation"
        self.step = "play"  # play (attack points), block (the other side), assign (damage)
        self.pool: list[tuple[str, str, int]] = []  # (kind, element, value) of the acting side
        self.blocks: list[tuple[str, int]] = []  # (element, value) of the side attacked
        self.damage = 0  # damage left to spend on the side attacked
        self.elements: tuple[str, ...] = ()  # the elements of that damage
        self.played: list[list[Any]] = []  # [player, card] played sideways here, face up
        # a play waiting for its mana: [player, "card" or "unit", card id or Unit label, option or
        # ability key, how, the mana colours still to pay]
        self.pending: list[Any] = []
        self.defender_dice = 0  # Source dice the defender took (full participation: one)

    def clone(self) -> PvPCombat:
        c = PvPCombat(self.attacker.clone(), self.defender.clone(), self.at, self.fortified, self.keep)
        c.participation, c.phase, c.step = self.participation, self.phase, self.step
        c.pool, c.blocks, c.damage, c.elements = self.pool[:], self.blocks[:], self.damage, self.elements
        c.played = [x[:] for x in self.played]
        c.pending = [*self.pending[:5], list(self.pending[5])] if self.pending else []
        c.defender_dice = self.defender_dice
        return c

    def to_json(self) -> dict[str, Any]:
        data = {k: getattr(self, k) for k in self.__slots__}
        data["attacker"], data["defender"] = self.attacker.to_json(), self.defender.to_json()
        data["at"], data["elements"] = list(self.at), list(self.elements)
        data["pool"], data["blocks"] = [list(x) for x in self.pool], [list(x) for x in self.blocks]
        data["played"] = [x[:] for x in self.played]
        data["pending"] = [*self.pending[:5], list(self.pending[5])] if self.pending else []
        return data

    def acting(self) -> Side:
        return self.defender if self.phase.startswith("defender") else self.attacker

    def attacked(self) -> Side:
        return self.attacker if self.phase.startswith("defender") else self.defender


# ---- starting -------------------------------------------------------------------------------

def attack_refusal_rule(t: Tables, s: GameState, attacker: int, defender: int) -> tuple[str, str]:
    """Why ``attacker`` may not attack ``defender`` on their shared space, with the rule ("" if
    they may): facts 5.5 "ending on one = PvP (not allowed ... vs a face-down round-order token,
    after End of Round / game end is triggered)", 5.8 First Reconnaissance ("no PvP"), Solo
    Conquest (no other hero), conquered city and portal."""
    if s.scenario in NO_PVP_SCENARIOS:
        return f"there is no combat between players in this scenario ({s.scenario}: no PvP)", s.scenario
    if not 0 <= defender < len(s.players) or defender == attacker:
        return f"there is no other hero {defender + 1} to attack (players 1 to {len(s.players)})", RULE
    if s.players[attacker].acted:
        return "you have already taken this turn's action (attacking a hero is one)", "A turn"
    if defender not in heroes_met(t, s, attacker):
        return "you can only attack a hero on your space (not on the portal or in a conquered city)", RULE
    if s.announced_by >= 0:
        return ("the End of the Round was announced: no combat between players (Forced Withdrawal at the end of "
                "the turn)", "Announcing End of Round")
    if s.end_triggered:
        return "the game's end was triggered: no combat between players (Forced Withdrawal at the end of the turn)", RULE
    if defender in s.pvp_face_down:
        return "that hero's round-order token is face down: they cannot be attacked again this round", RULE
    return "", ""


def attack_refusal(t: Tables, s: GameState, attacker: int, defender: int) -> str:
    """Why ``attacker`` may not attack ``defender`` ("" if they may; ``attack_refusal_rule``)."""
    return attack_refusal_rule(t, s, attacker, defender)[0]


def attack_targets(t: Tables, s: GameState, player: int) -> list[int]:
    """The heroes ``player`` may attack now: on their space, the attack allowed (facts 5.4: ending
    the move on another hero is the turn's action, mandatory; elsewhere nothing to check)."""
    if s.scenario in NO_PVP_SCENARIOS or s.players[player].acted:
        return []
    h = s.players[player].position
    if not any(i != player and q.position == h for i, q in enumerate(s.players)):
        return []  # the common case, without looking up the space
    return [d for d in heroes_met(t, s, player) if not attack_refusal_rule(t, s, player, d)[0]]


def start_pvp(t: Tables, s: GameState, attacker: int, defender: int, events: list[Event]) -> PvPCombat:
    """Start the combat as the attacker's action. WALLS "Combat": a defender across a wall (the
    attacker came over one) is fortified; in their own keep the keep fortifies them too (KEEP:
    a keep is a fortified site), and the attacker gets Reputation -1 for the assault."""
    why, rule = attack_refusal_rule(t, s, attacker, defender)
    if why:
        raise IllegalActionError(why, rule)
    a = s.players[attacker]
    h = a.position
    walled = a.came_from is not None and adjacent(a.came_from, h) and wall_between(t, s, a.came_from, h)
    sp = space(t, s, h)
    keep = sp is not None and sp.site == "keep" and owner_of_keep(s, h) == defender
    a.acted = a.moving_done = True
    a.move_points = a.influence_points = 0  # leftover Move and Influence vanish (facts 5.4)

    def side(i: int) -> Side:
        p = s.players[i]
        return Side(i, p.armor, p.hand_limit, [[u[0], label, u[1]] for u, label in zip(p.units, unit_labels(p),
                                                                                         strict=True)])

    pvp = PvPCombat(side(attacker), side(defender), h, int(walled) + int(keep), keep)
    if keep:
        change_reputation(a, -1)
        events.append(Event("reputation", "assaulting another player's keep: Reputation -1", attacker, {"delta": -1}))
    events.append(Event("pvp", f"player {attacker + 1} attacks player {defender + 1}", attacker,
                        {"attacker": attacker, "defender": defender, "fortified": pvp.fortified}))
    s.pvp = pvp
    return pvp


# ---- points ---------------------------------------------------------------------------------

def add_points(t: Tables, pvp: PvPCombat, player: int, kind: str, value: int, element: str = PHYSICAL) -> None:
    """Points played into the combat by ``player`` (cards, Units): attack points of the acting
    side, block points of the side attacked. WALLS "Combat": against a fortified defender only
    Siege attacks count in the Ranged and Siege phase; double fortified, none."""
    if element not in ELEMENTS or value < 1:
        raise BoardrulesError(f"points: a value of 1 or more and an element of {', '.join(ELEMENTS)} "
                              f"(got {value} {element!r})")
    if pvp.phase in ("participation", "over"):
        raise IllegalActionError("no points can be played now", RULE)
    ranged = pvp.phase in ("ranged", "defender-ranged")
    if kind == "block":
        if player != pvp.attacked().player or pvp.step != "block":
            raise IllegalActionError("Block is played by the hero attacked, against a melee attack", RULE)
        pvp.blocks.append((element, value))
        return
    if player != pvp.acting().player or pvp.step != "play":
        raise IllegalActionError(f"it is {PHASE_NAMES[pvp.phase]}: the other hero attacks now", RULE)
    if ranged and kind not in ("ranged", "siege"):
        raise IllegalActionError("only Ranged and Siege Attacks in the Ranged and Siege phase", RULE)
    if not ranged and kind not in ("attack", "ranged", "siege"):
        raise IllegalActionError(f"{kind!r} is not an attack", RULE)
    if pvp.phase == "ranged" and pvp.fortified >= 2:
        raise IllegalActionError("the defender is double fortified: no attacks in the Ranged and Siege phase",
                                 "WALLS")
    if pvp.phase == "ranged" and pvp.fortified and kind != "siege":
        raise IllegalActionError("the defender is fortified: only Siege Attacks in the Ranged and Siege phase",
                                 "WALLS")
    pvp.pool.append((kind, element, value))


# ---- decisions ------------------------------------------------------------------------------

def _wound_cost(t: Tables, pvp: PvPCombat, unit_id: str) -> int:
    unit = t.unit[unit_id]
    return pvp_damage_to_wound(unit.armor, unit.resistances, pvp.elements)


def _sideways(s: GameState, side: Side) -> list[Action]:
    """Facts 5.4 "Playing sideways": any non-Wound card of the hand is Attack 1 or Block 1
    (physical, melee); a knocked-out hero has no hand left to play."""
    if side.knocked_out:
        return []
    return [Action("sideways", (card,)) for card in sorted(set(s.players[side.player].hand)) if card != WOUND]


POINT_KINDS = ("attack", "ranged", "siege", "block")


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
HOWS = ("basic", "powered")


def side_effects(t: Tables, card_id: str, option: int, how: str) -> tuple[tuple[Any, ...], tuple[str, ...]] | None:
    """The effects of option ``option`` (1-based) of a card's ``how`` side and the mana colours it
    costs (facts 5.3: a powered effect a mana of the card's colour, a Spell's strong effect its
    colour and black, a Spell's basic effect its colour; an Artifact's powered effect none: it is
    thrown away) when it can be played in a combat between heroes: Attack, Ranged, Siege or
    Block points, and the card's own Wound or Reputation (Fireball's strong effect, Intimidate);
    None otherwise (effects on enemies, counts, conditions, specials, dual-colour powering)."""
    card = t.card.get(card_id)
    if card is None or card.kind == "wound" or how not in HOWS:
        return None
    side = card.basic if how == "basic" else card.powered
    if not 1 <= option <= len(side):
        return None
    if how == "powered" and len(card.powering) != 1:
        return None
    effects = side[option - 1]
    if not any(e.type in POINT_KINDS for e in effects) or any(
            e.type not in (*POINT_KINDS, *PVP_GAINS) or e.per or e.when or e.target for e in effects):
        return None
    return tuple(effects), (card.powering[0] if how == "powered" else card.basic_cost)


def _points_of(effects: tuple[Any, ...]) -> list[tuple[str, str, int]]:
    return [(e.type, e.element, e.value) for e in effects if e.type in POINT_KINDS]


def _fits(pvp: PvPCombat, points: list[tuple[str, str, int]], kinds: tuple[str, ...]) -> bool:
    """Points of ``kinds`` only; against a fortified defender only Siege in the Ranged and Siege
    phase (WALLS "Combat")."""
    if not points or any(kind not in kinds for kind, _, _ in points):
        return False
    return not (pvp.phase == "ranged" and pvp.fortified and any(kind != "siege" for kind, _, _ in points))


def _cards(t: Tables, s: GameState, pvp: PvPCombat, side: Side, kinds: tuple[str, ...]) -> list[Action]:
    """Cards of the hand whose side gives points of ``kinds`` (``side_effects``): ``card CARD N``
    for a basic effect without mana, ``card CARD N HOW`` for one paid with mana (offered only
    when the hero can pay it now: ``_payable``)."""
    if side.knocked_out:
        return []
    acts = []
    for card in sorted(set(s.players[side.player].hand) - {WOUND}):
        for how in HOWS:
            for option in range(1, len(t.card[card].basic if how == "basic" else t.card[card].powered) + 1):
                found = side_effects(t, card, option, how)
                if found is None or not _fits(pvp, _points_of(found[0]), kinds):
                    continue
                effects, needs = found
                if how == "basic" and not needs:
                    acts.append(Action("card", (card, str(option))))
                elif _payable(t, s, pvp, side.player, needs):
                    acts.append(Action("card", (card, str(option), how)))
    return acts


def _ability(t: Tables, s: GameState, player: int, label: str, key: str,
             spent: bool = False) -> tuple[list[tuple[str, str, int]], tuple[str, ...]] | None:
    """The points of a ready, unwounded Unit's ability and the mana it costs (facts 3.4: marked
    with a colour, that mana); Magic Familiars' value with the matching token on the card. None
    for other abilities, and for Heroes Units (2 Influence to be used in a PvP attack, facts 3.4)."""
    p = s.players[player]
    labels = unit_labels(p)
    if label not in labels:
        return None
    entry = p.units[labels.index(label)]
    unit = t.unit[entry[0]]
    if entry[1] or entry[2] != spent or unit.influence_in_assault:
        return None
    ability = next((a for a in unit.abilities if a.key == key), None)
    if ability is None or any(e.type not in POINT_KINDS for e in ability.effects):
        return None
    out: list[tuple[str, str, int]] = []
    for k, e in enumerate(ability.effects):
        value = e.value
        if k == 0 and ability.boosted_by and len(entry) > 3 and entry[3] == ability.boosted_by:
            value = ability.boosted
        out.append((e.type, e.element, value))
    return out, tuple(ability.mana)


def _unit_points(t: Tables, s: GameState, player: int, label: str, key: str) -> list[tuple[str, str, int]]:
    """The points of a Unit's ability (``_ability``), [] if it cannot be used here."""
    found = _ability(t, s, player, label, key)
    return found[0] if found else []


def _units(t: Tables, s: GameState, pvp: PvPCombat, side: Side, kinds: tuple[str, ...]) -> list[Action]:
    """Unit abilities whose every effect is one of ``kinds`` (the phase's attacks, or Block),
    their mana payable now."""
    acts = []
    p = s.players[side.player]
    for label, entry in zip(unit_labels(p), p.units, strict=True):
        for ability in t.unit[entry[0]].abilities:
            found = _ability(t, s, side.player, label, ability.key)
            if found and _fits(pvp, found[0], kinds) and (not found[1] or _payable(t, s, pvp, side.player, found[1])):
                acts.append(Action("activate", (label, ability.key)))
    return acts


# ---- mana -----------------------------------------------------------------------------------

def mana_ways(s: GameState, pvp: PvPCombat, player: int, need: str) -> list[str]:
    """How ``player`` can pay a mana of ``need`` in the combat (facts 5.3). The attacker, in
    their own turn, as always (``mana.mana_sources``). The defender from their own tokens and
    crystals, and one die of the Source if they take part fully (the player aids: a partial
    participation means no Source die; rules-choices.md): a die not taken this turn."""
    if player == s.current:
        return mana_sources(s, player, need)
    p = s.players[player]
    if not usable(s, need):
        return []
    ways: list[str] = []
    if pvp.participation == "full" and not pvp.defender_dice:
        ways += [f"die-{i + 1}" for i, face in enumerate(s.source) if die_free(s, i) and pays(s, face, need)]
    if any(p.mana[c] and pays(s, c, need) for c in (need, "gold")):
        ways.append("token")
    if need in BASIC and p.crystals[need]:
        ways.append("crystal")
    return ways


def _pay(s: GameState, pvp: PvPCombat, player: int, need: str, way: str) -> None:
    """Pay one mana (``mana_ways``). The defender pays out of their turn: a Mana Curse, which
    wounds a player using the colour "on their turn", does not touch them (rules-choices.md)."""
    if player == s.current:
        pay_mana(s, player, need, way)
        return
    p = s.players[player]
    if way.startswith("die-"):
        i = int(way.removeprefix("die-")) - 1
        s.source_used.append(i)
        s.dice_allowed += 1  # not the attacker's die of the turn
        pvp.defender_dice += 1
    elif way == "token":
        colour = need if p.mana[need] else "gold"
        p.mana[colour] -= 1
    else:
        p.crystals[need] -= 1


def _payable(t: Tables, s: GameState, pvp: PvPCombat, player: int, needs: tuple[str, ...] | list[str]) -> bool:
    """Whether ``player`` can pay every colour of ``needs`` now (several: tried on a copy, one
    way after another)."""
    if not needs:
        return True
    ways = mana_ways(s, pvp, player, needs[0])
    if len(needs) == 1 or not ways:
        return bool(ways)
    for way in ways:
        g = s.clone()
        assert g.pvp is not None
        _pay(g, g.pvp, player, needs[0], way)
        if _payable(t, g, g.pvp, player, needs[1:]):
            return True
    return False


def _pay_actions(t: Tables, s: GameState, pvp: PvPCombat) -> list[Action]:
    """The ways to pay the next mana of the play waiting for it that still let the rest be paid."""
    player, needs = pvp.pending[0], pvp.pending[5]
    acts = []
    for way in mana_ways(s, pvp, player, needs[0]):
        if len(needs) > 1:
            g = s.clone()
            assert g.pvp is not None
            _pay(g, g.pvp, player, needs[0], way)
            if not _payable(t, g, g.pvp, player, needs[1:]):
                continue
        acts.append(Action("pay", (needs[0], way)))
    return acts


def pvp_actions(t: Tables, s: GameState) -> tuple[int, list[Action]]:
    """Who decides now in the combat between heroes and their legal actions."""
    pvp = s.pvp
    assert pvp is not None
    if pvp.phase == "participation":
        return pvp.defender.player, [Action("participate", ("full",)), Action("participate", ("partial",))]
    if pvp.pending:  # a card or a Unit waiting for its mana
        return pvp.pending[0], _pay_actions(t, s, pvp)
    melee = pvp.phase in ("attack", "defender-attack")
    if pvp.step == "play":
        kinds = ("attack", "ranged", "siege") if melee else ("ranged", "siege")
        cards = _sideways(s, pvp.acting()) if melee else []
        double = pvp.phase == "ranged" and pvp.fortified >= 2
        played = [] if double else [*_cards(t, s, pvp, pvp.acting(), kinds), *_units(t, s, pvp, pvp.acting(), kinds)]
        return pvp.acting().player, [*cards, *played, Action("attack") if pvp.pool else Action("next")]
    if pvp.step == "block":
        target = pvp.attacked()
        return target.player, [*_sideways(s, target), *_cards(t, s, pvp, target, ("block",)),
                               *_units(t, s, pvp, target, ("block",)), Action("block")]
    target = pvp.attacked()
    units = [Action("wound", (label,)) for unit_id, label, wounds in target.units
             if not wounds and _wound_cost(t, pvp, unit_id) <= pvp.damage]
    return pvp.acting().player, [*units, Action("wound", ("hero",))]


def pvp_decision(t: Tables, s: GameState) -> Decision | None:
    """The question of the combat between heroes now (see ``pvp_actions``), or None once it is over."""
    pvp = s.pvp
    if pvp is None or pvp.phase == "over":
        return None
    player, actions = pvp_actions(t, s)
    what = {"play": PHASE_NAMES.get(pvp.phase, ""), "block": "block the attack (or not)",
            "assign": f"spend {pvp.damage} damage on the other hero's Units or the hero"}[pvp.step]
    if pvp.pending:
        what = f"pay {pvp.pending[5][0]} mana for {pvp.pending[2]}"
    return Decision(player, what if pvp.phase != "participation" else PHASE_NAMES["participation"],
                    tuple(actions))


def _next_phase(pvp: PvPCombat, events: list[Event]) -> None:
    pvp.pool, pvp.blocks, pvp.damage, pvp.elements, pvp.step = [], [], 0, (), "play"
    pvp.phase = PHASES[PHASES.index(pvp.phase) + 1]
    if pvp.phase != "over":
        events.append(Event("phase", PHASE_NAMES[pvp.phase], data={"phase": pvp.phase}))


def _resolve(pvp: PvPCombat, events: list[Event]) -> None:
    """The attack's damage, less an efficient Block (a block counts at its worst against the
    attack's elements; our reading: a partial block lowers the damage)."""
    total = sum(v for _, _, v in pvp.pool)
    elements = tuple(sorted({el for _, el, _ in pvp.pool}))
    blocked = min(block_total([(el, v, False) for el, v in pvp.blocks], el, False) for el in elements)
    pvp.damage, pvp.elements = max(0, total - blocked), elements
    events.append(Event("pvp-attack", f"an attack of {total} ({', '.join(elements)}), {min(blocked, total)} blocked",
                        pvp.acting().player, {"attack": total, "blocked": min(blocked, total)}))
    if pvp.damage:
        pvp.step = "assign"
    else:
        _next_phase(pvp, events)


def apply_pvp(t: Tables, s: GameState, action: Action, events: list[Event], player: int) -> None:
    """Apply one legal action of ``player``; refuse others with the rule."""
    pvp = s.pvp
    if pvp is None or pvp.phase == "over":
        raise IllegalActionError("there is no combat between heroes going on", RULE)
    who, legal = pvp_actions(t, s)
    if player != who:
        raise IllegalActionError(f"player {who + 1} decides now ({PHASE_NAMES.get(pvp.phase, pvp.step)})", RULE)
    if action not in legal:
        if action.name == "wound" and action.args and action.args[0] != "hero":
            raise IllegalActionError(f"{action.args[0]} cannot be wounded by {pvp.damage} damage (a wounded Unit, "
                                     "or it needs its Armor, twice over if it resists the attack)",
                                     "UNIT RESISTANCES")
        if action.name == "sideways":
            raise IllegalActionError("a card is played sideways only for Attack 1 in your Attacks or Block 1 against "
                                     "a melee attack, from your hand (not a Wound)", "Playing sideways")
        if action.name == "card":
            raise IllegalActionError("a card is played here only when its effect is plain Attack, Ranged, Siege or "
                                     "Block points of this moment, from your hand, its mana payable (card CARD OPTION, "
                                     "or card CARD OPTION basic/powered for an effect paid with mana)", RULE)
        if action.name == "pay" and pvp.pending:
            raise IllegalActionError(f"pay {pvp.pending[5][0]} mana for {pvp.pending[2]} with one of: "
                                     f"{', '.join(a.text for a in legal) or 'nothing'} (the defender: their own "
                                     "tokens and crystals, a Source die only when taking part fully)", "Mana")
        raise IllegalActionError(f"{action.text!r} is not possible now: {', '.join(a.text for a in legal)}", RULE)
    if action.name == "participate":
        pvp.participation = str(action.args[0])
        events.append(Event("participation", f"the defender takes part {'fully' if pvp.participation == 'full' else 'partially'}",
                            pvp.defender.player, {"participation": pvp.participation}))
        _next_phase(pvp, events)
    elif action.name == "sideways":
        card = str(action.args[0])
        p = s.players[player]
        p.hand.remove(card)
        p.play_area.append(card)
        pvp.played.append([player, card])
        add_points(t, pvp, player, "block" if pvp.step == "block" else "attack", 1)
        events.append(Event("sideways", f"plays {card} sideways", player, {"card": card}))
    elif action.name == "card":
        _play_card(t, s, pvp, player, str(action.args[0]), int(action.args[1]),
                   str(action.args[2]) if len(action.args) > 2 else "basic", events)
    elif action.name == "activate":
        label, key = str(action.args[0]), str(action.args[1])
        p = s.players[player]
        found = _ability(t, s, player, label, key)
        assert found is not None
        p.units[unit_labels(p).index(label)][2] = True  # spent
        events.append(Event("unit-activated", f"activates {label} ({key})", player, {"unit": label, "ability": key}))
        pvp.pending = [player, "unit", label, key, "", list(found[1])]
        if not found[1]:
            _resolve_pending(t, s, pvp, events)
    elif action.name == "pay":
        need, way = str(action.args[0]), str(action.args[1])
        _pay(s, pvp, player, need, way)
        events.append(Event("mana", f"pays {need} mana ({way}) for {pvp.pending[2]}", player,
                            {"colour": need, "source": way}))
        pvp.pending[5].pop(0)
        if not pvp.pending[5]:
            _resolve_pending(t, s, pvp, events)
    elif action.name == "next":
        _next_phase(pvp, events)
    elif action.name == "attack":
        melee = pvp.phase in ("attack", "defender-attack")
        if melee:
            pvp.step = "block"
        else:
            _resolve(pvp, events)
    elif action.name == "block":
        _resolve(pvp, events)
    else:
        _wound(t, pvp, str(action.args[0]), events)


def _play_card(t: Tables, s: GameState, pvp: PvPCombat, player: int, card: str, option: int, how: str,
               events: list[Event]) -> None:
    """A card played from the hand, face up (facts 2): to the play area, a powered Artifact thrown
    away; its points wait for the mana the side costs (``pay``), if any."""
    found = side_effects(t, card, option, how)
    assert found is not None
    p = s.players[player]
    p.hand.remove(card)
    if t.card[card].kind == "artifact" and how == "powered":
        p.thrown.append(card)
    else:
        p.play_area.append(card)
        pvp.played.append([player, card])
    pvp.pending = [player, "card", card, option, how, list(found[1])]
    if not found[1]:
        _resolve_pending(t, s, pvp, events)


def _resolve_pending(t: Tables, s: GameState, pvp: PvPCombat, events: list[Event]) -> None:
    """The play paid for: its points into the combat, the card's own Wound or Reputation."""
    player, what, subject, detail, how, _ = pvp.pending
    pvp.pending = []
    p = s.players[player]
    if what == "unit":
        found_unit = _ability(t, s, player, subject, detail, spent=True)
        assert found_unit is not None
        for kind, element, value in found_unit[0]:
            add_points(t, pvp, player, kind, value, element)
        return
    found = side_effects(t, subject, detail, how)
    assert found is not None
    for e in found[0]:
        if e.type == "take-wound":
            take_wounds(p, e.value)
        elif e.type == "reputation":
            change_reputation(p, e.value)
        else:
            add_points(t, pvp, player, e.type, e.value, e.element)
    what_text = "; ".join(e.notation() for e in found[0])
    events.append(Event("played", f"plays {t.card[subject].name} ({what_text})", player,
                        {"card": subject, "how": how, "option": detail}))


def _wound(t: Tables, pvp: PvPCombat, label: str, events: list[Event]) -> None:
    """UNIT RESISTANCES "Player vs. Player": a Unit takes one Wound for its Armor in damage, or
    twice as much if it resists an element of the attack. The hero takes the rest, a Wound per
    Armor point rounded up, and is knocked out once the Wounds of this combat reach the
    unmodified Hand limit (facts 4.3). The attacking side gains Fame +1 per Wound it gives
    (our reading)."""
    acting, target = pvp.acting(), pvp.attacked()
    if label == "hero":
        n = -(-pvp.damage // target.armor)
        target.wounds += n
        pvp.damage = 0
        acting.fame += n
        events.append(Event("hero-wounded", f"player {target.player + 1}'s hero takes {n} Wound(s)", target.player,
                            {"wounds": n}))
        if not target.knocked_out and target.wounds >= target.hand_limit:
            target.knocked_out = True
            events.append(Event("knocked-out", f"player {target.player + 1}'s hero is knocked out", target.player))
    else:
        u = next(u for u in target.units if u[1] == label)
        pvp.damage -= _wound_cost(t, pvp, u[0])
        u[2] += 1
        acting.fame += 1
        events.append(Event("unit-wounded", f"player {target.player + 1}'s {t.unit[u[0]].name} ({label}) are wounded",
                            target.player, {"unit": label}))
    if pvp.damage == 0:
        _next_phase(pvp, events)


# ---- the end --------------------------------------------------------------------------------

def finish_pvp(t: Tables, s: GameState, events: list[Event]) -> None:
    """Player-versus-player combat, after the combat: each hero's Wounds into the hand (a knocked-out hero discards every
    non-Wound card), Units wounded, Fame; a defender who took part fully turns their
    round-order token face down (they skip their next turn and cannot be attacked again)."""
    pvp = s.pvp
    if pvp is None or pvp.phase != "over":
        raise BoardrulesError("the combat between the heroes is not over")
    for side in (pvp.attacker, pvp.defender):
        p = s.players[side.player]
        take_wounds(p, side.wounds)
        if side.knocked_out:
            discard_non_wounds(p)
        for u, (_, _, wounds) in zip(p.units, side.units, strict=True):
            u[1] = wounds
        p.fame += side.fame
        if side.fame:
            events.append(Event("fame", f"Fame +{side.fame} for the Wounds given", side.player, {"fame": side.fame}))
    d = s.players[pvp.defender.player]
    for player, card in pvp.played:  # the defender's cards, played outside their turn, go to the discard pile
        if player == pvp.defender.player and card in d.play_area:
            d.play_area.remove(card)
            d.discard.append(card)
    if pvp.participation == "full" and pvp.defender.player not in s.pvp_face_down:
        s.pvp_face_down.append(pvp.defender.player)
    s.pvp = None


__all__ = ["PvPCombat", "Side", "add_points", "apply_pvp", "attack_refusal", "attack_refusal_rule", "attack_targets",
           "card_points", "finish_pvp", "pvp_actions",
           "pvp_decision", "start_pvp"]
