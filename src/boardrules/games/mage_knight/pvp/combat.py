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
hero. The combat's state is in ``pvp/state.py``; what each side can play in it (cards, Units,
their mana, effects on the other's Units) in ``pvp/playing.py``.
"""

from __future__ import annotations

from collections.abc import Iterable

from ....engine import Action, BoardrulesError, Decision, Event, IllegalActionError
from ..cards.deck import WOUND, discard_non_wounds, take_wounds
from ..cards.offers import unit_labels
from ..combat.elements import block_total
from ..content import Tables
from ..game_state import GameState, remove_unit
from ..map.exploring import reveal_near, space
from ..map.hexes import Hex
from ..map.movement import adjacent, heroes_met, owner_of_keep, wall_between
from ..sites.reputation import change_reputation
from ..skills.bonuses import sideways_value
from .cards import BOW, HOWS, REDUCE, SWORD, card_points, no_meaning, side_effects
from .mana import pay, pay_actions, strong_spell_paid
from .playing import (
    discarding,
    go_on,
    named_targets,
    offered_cards,
    offered_units,
    play_card,
    shed,
    shed_choices,
)
from .skills import DUELING, defender_sideways_value, offered_skills, pain_waiting, use_pvp_skill
from .skills import RULE as SKILL_RULE
from .skills import refusal as skill_refusal
from .state import (
    ELEMENTS,
    PHASE_NAMES,
    PHASES,
    RULE,
    PvPCombat,
    Side,
    add_points,
    destroyed,
    new_pending,
    standing,
)
from .units import (
    THUGS_PAID,
    activation_mark,
    heroes_cost,
    influence_wanted,
    thugs_cost,
    unit_ability,
    wound_cost,
)

NO_PVP_SCENARIOS = ("First Reconnaissance",)  # by name, as GameState.scenario; facts 5.8: "no PvP (unless agreed)"


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


def underground_targets(t: Tables, s: GameState, player: int, spaces: Iterable[Hex]) -> list[Hex]:
    """Underground Attack (facts 3.2 "must end on a fortified site (or another player's space):
    it is an assault/attack"): the spaces among ``spaces`` where a hero stands whom ``player``
    could attack there (``attack_refusal_rule``'s conditions, the portal and conquered cities
    holding several heroes)."""
    if s.scenario in NO_PVP_SCENARIOS or s.players[player].acted or s.announced_by >= 0 or s.end_triggered:
        return []
    out = []
    for h in spaces:
        if not any(i != player and q.position == h and i not in s.pvp_face_down for i, q in enumerate(s.players)):
            continue
        sp = space(t, s, h)
        if sp is None or not (sp.site == "portal" or sp.site == "city" and h in s.conquered):
            out.append(h)
    return out


def underground_attack(t: Tables, s: GameState, player: int, to: Hex, events: list[Event]) -> bool:
    """Underground Attack onto another hero's space (facts 3.2): the hero goes there and attacks
    them at once, "site fortifications ignored" (the defender's keep does not fortify them; no
    wall is crossed underground). False where no hero may be attacked there (the assault of a
    fortified site goes on). The turn then ends on the other hero's space: the Forced
    Withdrawal takes the hero back along the spell's path, to the space it started from."""
    if not underground_targets(t, s, player, [to]):
        return False
    p = s.players[player]
    defender = next(i for i, q in enumerate(s.players) if i != player and q.position == to)
    p.position, p.came_from = to, None
    p.path.append(to)
    p.provoked = []
    events.append(Event("moved", f"travels underground to {to[0]},{to[1]} to attack player {defender + 1}", player,
                        {"to": list(to)}))
    reveal_near(t, s, player, events)
    p.moving_done = True
    pvp = start_pvp(t, s, player, defender, events)
    if pvp.fortified:
        pvp.fortified = 0
        events.append(Event("unfortified", "site fortifications are ignored this combat", player))
    return True


# ---- decisions ------------------------------------------------------------------------------

def _sideways(t: Tables, s: GameState, side: Side) -> list[Action]:
    """Facts 5.4 "Playing sideways": any non-Wound card of the hand is Attack 1 or Block 1
    (physical, melee), or Influence 1 where it is worth something (``sideways CARD influence``:
    the attacker's Heroes Units, facts 3.4); a knocked-out hero has no hand left to play."""
    if side.knocked_out:
        return []
    pvp = s.pvp
    assert pvp is not None
    hand = s.players[side.player].hand
    # Power of Pain waiting (facts 3.5): a Wound played sideways as if it were not one
    cards = sorted(set(hand) - ({WOUND} if not pain_waiting(s, pvp, side.player) else set()))
    influence = [Action("sideways", (card, "influence")) for card in cards] \
        if influence_wanted(t, s, pvp, side) else []
    return [Action("sideways", (card,)) for card in cards] + influence


def pvp_actions(t: Tables, s: GameState) -> tuple[int, list[Action]]:
    """Who decides now in the combat between heroes and their legal actions."""
    pvp = s.pvp
    assert pvp is not None
    if pvp.phase == "participation":
        return pvp.defender.player, [Action("participate", ("full",)), Action("participate", ("partial",))]
    if pvp.pending:  # a card or a Unit waiting for its mana, the cards it discards, the other hero's Unit
        if pvp.pending[5]:
            return pvp.pending[0], pay_actions(t, s, pvp)
        if not pvp.pending[9] and discarding(t, pvp):
            return pvp.pending[0], shed_choices(t, s, pvp)
        return pvp.pending[0], [Action("unit", (label,)) for label in named_targets(t, s, pvp)]
    melee = pvp.phase in ("attack", "defender-attack")
    if pvp.step == "play":
        kinds = ("attack", "ranged", "siege") if melee else ("ranged", "siege")
        cards = _sideways(t, s, pvp.acting()) if melee else \
            [a for a in _sideways(t, s, pvp.acting()) if len(a.args) > 1]
        played = [*offered_cards(t, s, pvp, pvp.acting(), kinds), *offered_units(t, s, pvp, pvp.acting(), kinds),
                  *offered_skills(t, s, pvp, pvp.acting())]
        return pvp.acting().player, [*cards, *played, Action("attack") if pvp.pool else Action("next")]
    if pvp.step == "block":
        target = pvp.attacked()
        return target.player, [*_sideways(t, s, target), *offered_cards(t, s, pvp, target, ("block", REDUCE)),
                               *offered_units(t, s, pvp, target, ("block",)), *offered_skills(t, s, pvp, target),
                               Action("block")]
    target = pvp.attacked()
    acting = pvp.acting()
    units = [Action("wound", (label,)) for unit_id, label, wounds in standing(pvp, target)
             if not wounds and wound_cost(t, pvp, target, unit_id, label) <= pvp.damage
             and thugs_cost(t, acting, unit_id, label) <= acting.influence]
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
        what = f"pay {pvp.pending[5][0]} mana for {pvp.pending[2]}" if pvp.pending[5] else \
            f"discard cards for {pvp.pending[2]} (then done)" if not pvp.pending[9] and discarding(t, pvp) else \
            f"name the other hero's Unit that {pvp.pending[2]} affects"
    return Decision(player, what if pvp.phase != "participation" else PHASE_NAMES["participation"],
                    tuple(actions))


def _next_phase(pvp: PvPCombat, events: list[Event]) -> None:
    """The next phase; attack points waiting for a side's Attacks phase (Burning Shield) come in
    it, and are lost with the combat if that side has no Attacks phase left."""
    pvp.pool, pvp.blocks, pvp.damage, pvp.elements, pvp.step, pvp.reduced = [], [], 0, (), "play", 0
    pvp.attackers, pvp.if_blocked = [], []
    pvp.phase = PHASES[PHASES.index(pvp.phase) + 1]
    if pvp.phase != "over":
        events.append(Event("phase", PHASE_NAMES[pvp.phase], data={"phase": pvp.phase}))
    for player, element, value, source in [x[:] for x in pvp.later]:
        if pvp.phase in ("attack", "defender-attack") and pvp.acting().player == player:
            pvp.pool.append(("attack", element, value))
            pvp.later.remove([player, element, value, source])
            if source == DUELING:
                pvp.acting().marks.append(DUELING)
            events.append(Event("attack-waiting", f"{element.capitalize()} Attack {value} ({source})", player,
                                {"attack": value}))
    if pvp.phase == "over" and pvp.later:  # the attacker's block in the last phase: no Attacks phase left
        events.append(Event("attack-lost", "an attack waiting for an Attacks phase has none left: lost"))
        pvp.later = []


def _counted(pvp: PvPCombat, kind: str, element: str, value: int) -> int:
    """What attack points count for, with the acting side's Artifacts thrown away (facts 3.3):
    the Sword of Justice doubles physical points in its Attacks phase; the Bow of Starsdawn
    doubles Ranged and Siege points, unless the defender is fortified in the Ranged and Siege
    phase (its Ranged points then count as Siege, undoubled), as against enemies."""
    marks = pvp.acting().marks
    if SWORD in marks and pvp.phase in ("attack", "defender-attack") and element == "physical":
        value *= 2
    if BOW in marks and kind in ("ranged", "siege") and not (pvp.phase == "ranged" and pvp.fortified):
        value *= 2
    return value


def _resolve(pvp: PvPCombat, events: list[Event]) -> None:
    """The attack's damage, less an attack reduction played against it (Swift Reflexes) and an
    efficient Block (a block counts at its worst against the attack's elements; our reading: a
    partial block lowers the damage)."""
    total = max(0, sum(_counted(pvp, kind, el, v) for kind, el, v in pvp.pool) - pvp.reduced)
    elements = tuple(sorted({el for _, el, _ in pvp.pool}))
    blocked = min(block_total([(el, v, False) for el, v in pvp.blocks], el, False) for el in elements)
    pvp.damage, pvp.elements = max(0, total - blocked), elements
    if pvp.blocks and total and not pvp.damage:  # blocked whole (Counterattack counts it)
        pvp.blocked.append(pvp.attacked().player)
        _blocked_whole(pvp, events)
    events.append(Event("pvp-attack", f"an attack of {total} ({', '.join(elements)}), {min(blocked, total)} blocked",
                        pvp.acting().player, {"attack": total, "blocked": min(blocked, total)}))
    if pvp.damage:
        pvp.step = "assign"
    else:
        _next_phase(pvp, events)


def _blocked_whole(pvp: PvPCombat, events: list[Event]) -> None:
    """What a Block whole of the melee attack does (``PvPCombat.if_blocked``): the attacking Unit
    named is destroyed (Delphana Masters, Exploding Shield: Fame +1 as for a Unit wounded);
    Burning Shield's Fire Attack waits for the blocking side's Attacks phase."""
    acting = pvp.acting()
    for player, what, detail in pvp.if_blocked:
        if what == "destroy" and not destroyed(pvp, acting.player, detail):
            pvp.on_units.append([acting.player, detail, "destroyed", 0])
            pvp.attacked().fame += 1
            events.append(Event("unit-affected", f"player {acting.player + 1}'s {detail} are blocked: destroyed",
                                acting.player, {"unit": detail, "effect": "destroy-if-blocked"}))
        elif what == "fire-attack":
            pvp.later.append([player, "fire", detail, "Burning Shield"])


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
            acting = pvp.acting()
            unit = next((u for u in pvp.attacked().units if u[1] == action.args[0]), None)
            if unit is not None and thugs_cost(t, acting, unit[0], unit[1]) > acting.influence:
                raise IllegalActionError(f"to assign damage to the other hero's Thugs ({unit[1]}) pay 2 Influence in "
                                         f"the combat first (you have {acting.influence})", "Thugs")
            raise IllegalActionError(f"{action.args[0]} cannot be wounded by {pvp.damage} damage (a wounded Unit, "
                                     "or it needs its Armor, twice over if it resists the attack)",
                                     "UNIT RESISTANCES")
        if action.name == "sideways":
            raise IllegalActionError("a card is played sideways only for Attack 1 in your Attacks, Block 1 against "
                                     "a melee attack, or Influence 1 for your Heroes Units in an attack on another "
                                     "hero, from your hand (not a Wound)", "Playing sideways")
        if action.name == "card" and (why := no_meaning(t, action)):
            raise IllegalActionError(why, t.card[str(action.args[0])].name)
        if action.name == "card":
            raise IllegalActionError("a card is played here only when its effect is plain Attack, Ranged, Siege or Block "
                                     "points of this moment, Influence that a Unit asks for, or an effect on the other "
                                     "hero's Units, from your hand, its mana payable (card CARD OPTION, card CARD "
                                     "OPTION basic/powered for an effect paid with mana, card CARD OPTION powered "
                                     "COLOUR for a card powered by either of two colours)", RULE)
        if action.name == "skill" and action.args:
            word = action.args[1] if len(action.args) > 1 else "1"
            # a number of thousands of digits, or a digit of another script ('²'), is no option (int() refuses it)
            option = int(word) if word.isascii() and word.isdigit() and len(word) <= 4 else 0
            why = skill_refusal(t, s, pvp, player, str(action.args[0]), option,
                                str(action.args[2]) if len(action.args) > 2 else "")
            raise IllegalActionError(why or f"skill SKILL N: {action.text!r} is not possible now", SKILL_RULE)
        if action.name == "pay" and pvp.pending and pvp.pending[5]:
            raise IllegalActionError(f"pay {pvp.pending[5][0]} mana for {pvp.pending[2]} with one of: "
                                     f"{', '.join(a.text for a in legal) or 'nothing'} (the defender: their own "
                                     "tokens and crystals, a Source die only when taking part fully)", "Mana")
        shedding = bool(pvp.pending) and not pvp.pending[5] and not pvp.pending[9] and bool(discarding(t, pvp))
        if action.name == "shed" and shedding:
            raise IllegalActionError(f"discard for {pvp.pending[2]} one of: {', '.join(a.text for a in legal)} "
                                     "(a card of your hand, never a Wound unless the card discards one)",
                                     t.card[pvp.pending[2]].name)
        if action.name == "unit" and pvp.pending and not pvp.pending[5] and not shedding:
            raise IllegalActionError(f"{action.args[0] if action.args else 'that'} cannot be named for {pvp.pending[2]}: "
                                     "name one of the other hero's Units it reaches "
                                     f"({', '.join(a.args[0] for a in legal) or 'none'}; a Fire or Ice Resistant Unit "
                                     "ignores the non-Attack effects of red or blue cards and mana)", "UNIT RESISTANCES")
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
        # the attacker's skill bonus waiting for the next card played sideways (skills/bonuses.py)
        value = sideways_value(t, s, t.card[card]) if player == s.current else \
            defender_sideways_value(t, s, pvp, player, card)  # Universal Power's bonus (pvp/skills.py)
        if action.args[1:] == ("influence",):
            side = pvp.side(player)
            side.influence += value
            events.append(Event("sideways", f"plays {card} sideways: Influence {value}", player, {"card": card}))
        else:
            add_points(t, pvp, player, "block" if pvp.step == "block" else "attack", value)
            events.append(Event("sideways", f"plays {card} sideways: {value}", player, {"card": card}))
    elif action.name == "card":
        play_card(t, s, pvp, player, str(action.args[0]), int(action.args[1]),
                  str(action.args[2]) if len(action.args) > 2 else "basic", events,
                  str(action.args[3]) if len(action.args) > 3 else "")
    elif action.name == "skill":
        use_pvp_skill(t, s, pvp, player, str(action.args[0]), int(action.args[1]), events,
                      str(action.args[2]) if len(action.args) > 2 else "")
    elif action.name == "activate":
        label, key = str(action.args[0]), str(action.args[1])
        p = s.players[player]
        found = unit_ability(t, s, player, label, key)
        assert found is not None
        cost = heroes_cost(t, s, player, label)
        if cost:
            pvp.attacker.influence -= cost
            pvp.attacker.paid.append(label)
            events.append(Event("influence", f"{cost} Influence paid to use {label} in the attack on another hero",
                                player, {"unit": label}))
        p.units[unit_labels(p).index(label)][2] = True  # spent
        activation_mark(t, s, pvp, player, label, key)  # Delphana Masters: further abilities of this activation
        side = pvp.side(player)
        if "unit" not in side.marks:  # a Unit ability used (Dueling's Fame asks for none)
            side.marks.append("unit")
        events.append(Event("unit-activated", f"activates {label} ({key})", player, {"unit": label, "ability": key}))
        pvp.pending = new_pending(player, "unit", label, key, "", found[1])
        go_on(t, s, pvp, events)
    elif action.name == "pay":
        need, way = str(action.args[0]), str(action.args[1])
        pay(s, pvp, player, need, way, strong_spell_paid(t, pvp))
        events.append(Event("mana", f"pays {need} mana ({way}) for {pvp.pending[2]}", player,
                            {"colour": need, "source": way}))
        pvp.pending[5].pop(0)
        go_on(t, s, pvp, events)
    elif action.name == "shed":
        shed(t, s, pvp, str(action.args[0]), events)
    elif action.name == "unit":
        pvp.pending[6] = str(action.args[0])
        go_on(t, s, pvp, events)
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
            if DUELING in acting.marks and "unit" not in acting.marks:  # Dueling "defeat it without Unit abilities"
                acting.fame += 1
                events.append(Event("fame", "Dueling: the other hero defeated without Unit abilities, Fame +1",
                                    acting.player, {"fame": 1}))
    else:
        u = next(u for u in target.units if u[1] == label)
        if cost := thugs_cost(t, acting, u[0], label):
            acting.influence -= cost
            acting.paid.append(THUGS_PAID + label)
            events.append(Event("influence", f"{cost} Influence paid to assign damage to player {target.player + 1}'s "
                                f"{t.unit[u[0]].name} ({label})", acting.player, {"unit": label}))
        pvp.damage -= wound_cost(t, pvp, target, u[0], label)
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
        for k in reversed([k for k, u in enumerate(side.units) if destroyed(pvp, side.player, u[1])]):
            remove_unit(p, k)
            events.append(Event("unit-destroyed", f"player {side.player + 1}'s {side.units[k][1]} are destroyed",
                                side.player, {"unit": side.units[k][1]}))
        p.fame += side.fame
        if side.fame:
            events.append(Event("fame", f"Fame +{side.fame} for the Wounds given", side.player, {"fame": side.fame}))
    d = s.players[pvp.defender.player]
    # the defender's "once a turn" skills used in the attacker's turn: face up again (rules-choices.md)
    d.skills_used = [k for k in d.skills_used if k not in t.skill or t.skill[k].type != "turn"]
    for player, card in pvp.played:  # the defender's cards, played outside their turn, go to the discard pile
        if player == pvp.defender.player and card in d.play_area:
            d.play_area.remove(card)
            d.discard.append(card)
    if pvp.participation == "full" and pvp.defender.player not in s.pvp_face_down:
        s.pvp_face_down.append(pvp.defender.player)
    s.pvp = None


__all__ = ["ELEMENTS", "HOWS", "PHASES", "PHASE_NAMES", "RULE", "PvPCombat", "Side", "add_points", "apply_pvp",
           "attack_refusal", "attack_refusal_rule", "attack_targets", "card_points", "finish_pvp", "pvp_actions",
           "pvp_decision", "side_effects", "start_pvp", "underground_attack", "underground_targets"]
