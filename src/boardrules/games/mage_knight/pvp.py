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
from .game_state import GameState
from .hexmap import Hex, adjacent
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
                 "pool", "blocks", "damage", "elements", "played")

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

    def clone(self) -> PvPCombat:
        c = PvPCombat(self.attacker.clone(), self.defender.clone(), self.at, self.fortified, self.keep)
        c.participation, c.phase, c.step = self.participation, self.phase, self.step
        c.pool, c.blocks, c.damage, c.elements = self.pool[:], self.blocks[:], self.damage, self.elements
        c.played = [x[:] for x in self.played]
        return c

    def to_json(self) -> dict[str, Any]:
        data = {k: getattr(self, k) for k in self.__slots__}
        data["attacker"], data["defender"] = self.attacker.to_json(), self.defender.to_json()
        data["at"], data["elements"] = list(self.at), list(self.elements)
        data["pool"], data["blocks"] = [list(x) for x in self.pool], [list(x) for x in self.blocks]
        data["played"] = [x[:] for x in self.played]
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


def _cards(t: Tables, s: GameState, pvp: PvPCombat, side: Side, kinds: tuple[str, ...]) -> list[Action]:
    """Cards of the hand whose basic effect is points of ``kinds`` (``card CARD N``); against a
    fortified defender only Siege in the Ranged and Siege phase (WALLS "Combat")."""
    if side.knocked_out:
        return []
    acts = []
    for card in sorted(set(s.players[side.player].hand) - {WOUND}):
        for option in range(1, len(t.card[card].basic) + 1):
            points = card_points(t, card, option)
            if not points or any(kind not in kinds for kind, _, _ in points):
                continue
            if pvp.phase == "ranged" and pvp.fortified and any(kind != "siege" for kind, _, _ in points):
                continue
            acts.append(Action("card", (card, str(option))))
    return acts


def _unit_points(t: Tables, s: GameState, player: int, label: str, key: str) -> list[tuple[str, str, int]]:
    """The points of a ready, unwounded Unit's ability without mana; Magic Familiars' value with
    the matching token on the card. Heroes Units need 2 Influence to be used (facts 3.4)."""
    p = s.players[player]
    labels = unit_labels(p)
    if label not in labels:
        return []
    entry = p.units[labels.index(label)]
    unit = t.unit[entry[0]]
    if entry[1] or entry[2] or unit.influence_in_assault:
        return []
    ability = next((a for a in unit.abilities if a.key == key), None)
    if ability is None or ability.mana:
        return []
    out: list[tuple[str, str, int]] = []
    for k, e in enumerate(ability.effects):
        value = e.value
        if k == 0 and ability.boosted_by and len(entry) > 3 and entry[3] == ability.boosted_by:
            value = ability.boosted
        out.append((e.type, e.element, value))
    return out


def _units(t: Tables, s: GameState, pvp: PvPCombat, side: Side, kinds: tuple[str, ...]) -> list[Action]:
    """Unit abilities whose every effect is one of ``kinds`` (the phase's attacks, or Block)."""
    acts = []
    p = s.players[side.player]
    for label, entry in zip(unit_labels(p), p.units, strict=True):
        for ability in t.unit[entry[0]].abilities:
            points = _unit_points(t, s, side.player, label, ability.key)
            if points and all(kind in kinds for kind, _, _ in points):
                if pvp.phase == "ranged" and pvp.fortified and any(kind != "siege" for kind, _, _ in points):
                    continue  # WALLS: only Siege against a fortified defender
                acts.append(Action("activate", (label, ability.key)))
    return acts


def pvp_actions(t: Tables, s: GameState) -> tuple[int, list[Action]]:
    """Who decides now in the combat between heroes and their legal actions."""
    pvp = s.pvp
    assert pvp is not None
    if pvp.phase == "participation":
        return pvp.defender.player, [Action("participate", ("full",)), Action("participate", ("partial",))]
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
            raise IllegalActionError("a card's basic effect is played here only when it is plain Attack, Ranged, "
                                     "Siege or Block points of this moment, from your hand (card CARD OPTION)", RULE)
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
        card, option = str(action.args[0]), int(action.args[1])
        p = s.players[player]
        p.hand.remove(card)
        p.play_area.append(card)
        pvp.played.append([player, card])
        for kind, element, value in card_points(t, card, option):
            add_points(t, pvp, player, kind, value, element)
        what = "; ".join(e.notation() for e in t.card[card].basic[option - 1])
        events.append(Event("played", f"plays {t.card[card].name} ({what})", player,
                            {"card": card, "how": "basic", "option": option}))
    elif action.name == "activate":
        label, key = str(action.args[0]), str(action.args[1])
        p = s.players[player]
        points = _unit_points(t, s, player, label, key)
        p.units[unit_labels(p).index(label)][2] = True  # spent
        for kind, element, value in points:
            add_points(t, pvp, player, kind, value, element)
        events.append(Event("unit-activated", f"activates {label} ({key})", player, {"unit": label, "ability": key}))
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
