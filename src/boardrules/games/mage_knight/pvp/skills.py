"""Skills in a combat between heroes (pvp/combat.py; facts 3.5; docs/mage-knight/rules-choices.md,
"Player versus player"): the player aids say a partial participation means "no skills", so the
attacker (in their turn) and a defender taking part fully use them.

A skill whose effects are points, Influence, an attack reduction, an effect on the other
hero's Units or plain gains (mana tokens, crystals, cards, Fame) is used here with
``skill SKILL N`` (N: its option), its count and condition read by ``pvp/effects.py``. The skills'
own mechanisms (``special:skill``) that make sense between two heroes have their reading
below and in ``pvp/skill_mechanisms.py`` (the mana, Wound, Influence and Shapeshift skills);
every other one is refused with the reason of ``refusal``.
"""

from __future__ import annotations

from typing import Any

from ....engine import Action, Event, IllegalActionError
from ..cards.deck import WOUND
from ..cards.effects import resolve_effects
from ..cards.offers import unit_labels
from ..cards.played import SkillPlay
from ..cards_model import CardEffect, decode_effect
from ..content import Tables
from ..game_state import BASIC, GameState
from ..skills.bonuses import bonus_points
from ..skills.consulted import PUPPET_MASTER
from ..skills.in_combat import CHAOS, CHAOS_ORDER, FRENZIED, MASTER_OF_CHAOS, chaos_next
from ..skills.using import FLIPPED
from .cards import playable_here, points_of
from .effects import holds
from .mana import NO_DIE, payable
from .playing import LEADERSHIP, LEADERSHIP_BONUS, fits, go_on, kinds_now
from .skill_mechanisms import EXTRAS, REFUSE, USE
from .state import PvPCombat, Side, add_points, new_pending, standing
from .units import on_units, unit_ability

RULE = "Using Skills"
SKILL_GAINS = ("mana-token", "crystal", "draw", "fame")
# own mechanisms with no bearing between heroes: the skill's other effects are used
NO_BEARING = {"feral-allies": "exploring costs 1 less"}
# own mechanisms that only turn the token face down for longer (its other effects used here):
# Battle Frenzy's Attack 4 flips it until its owner rests (skills/in_combat.py FRENZIED)
FLIPS = {"battle-frenzy": FRENZIED}
# "ignore N damage of one attack" (Krang's Battle Hardened, Braevalar's Elemental Resistance):
# the melee attack met, in the Block step: 2 of the elements named (all of them), else 1
IGNORE = {"battle-hardened": ("physical",), "elemental-resistance": ("fire", "ice")}
FORKED_LIGHTNING = "forked-lightning"  # Cold Fire Ranged 1 against each of up to three enemies
# why the other skills' own mechanisms are not used between heroes (the refusal names it)
SPECIAL_REFUSALS = {
    "flight": "it moves the hero, and there is no moving after the action (facts 5.4)",
    "hawk-eyes": "Move 1 and exploring or revealing garrisons: no moving or exploring after the action "
                 "(facts 5.4), and a combat between heroes has no garrison to reveal",
    "secret-ways": "Move 1 and the terrain it opens: no moving after the action (facts 5.4)",
    "arcane-disguise": "Reputation effects are the Reputation's bonus or penalty to Influence in an interaction "
                       "(recruiting, healing, buying): a combat between heroes has none to ignore",
}
TAUNT = "taunt"  # its second option: "+2 to it and its Armor -2 (min 1)" (the other hero's attack and Armor)
# the hero's next card played sideways: the attacker's of the turn (skills/bonuses.py), the
# defender's in the combat (``Side.bonus``, ``defender_sideways_value``); Power of Pain: a Wound
SIDEWAYS = ("i-dont-give-a-damn", "who-needs-magic", "power-of-pain")
POWER_OF_PAIN = "power-of-pain"


def _option_effects(t: Tables, skill: str, option: int) -> tuple[Any, ...] | None:
    sk = t.skill.get(skill)
    if sk is None or not 1 <= option <= len(sk.effect):
        return None
    return tuple(sk.effect[option - 1])


def _plain(skill: str, effects: tuple[Any, ...]) -> bool:
    """Effects used here as they are: those a card may have here, and plain gains; a special of
    no bearing here is skipped."""
    for e in effects:
        if e.type == "special":
            if skill not in NO_BEARING and skill not in FLIPS:
                return False
        elif not (playable_here(e) or e.type in SKILL_GAINS and e.colour not in ("basic", "any") and not e.per):
            return False
    return True


def refusal(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str = "") -> str:
    """Why ``player`` cannot use option ``option`` of ``skill`` now ("" if they can); ``extra``:
    the colour or token a skill of ``OWN`` names (``skill SKILL N EXTRA``)."""
    p = s.players[player]
    sk = t.skill.get(skill)
    if sk is None or skill not in p.skills:
        return f"you do not have the skill {skill}"
    if player == pvp.defender.player and pvp.participation != "full":
        return "taking part partially means no skills (the player aids)"
    if sk.type == "passive":
        return f"{sk.name} is always in effect: it is not used"
    if sk.type == "interactive":
        return f"{sk.name} is an interactive skill: its token is not played during a combat between heroes"
    if skill in p.skills_used or FLIPPED + skill in p.skills_used:
        return f"{sk.name} was already used this {'turn' if sk.type == 'turn' else 'round'}"
    effects = _option_effects(t, skill, option)
    if effects is None:
        return f"{sk.name} offers {len(sk.effect)} choice(s): choose 1 to {len(sk.effect)}"
    if skill in OWN:
        return OWN[skill](t, s, pvp, player, extra)
    if skill in REFUSE:
        return REFUSE[skill](t, s, pvp, player, skill, option, extra)
    if skill == TAUNT and option == 2:
        return "" if pvp.step == "block" and player == pvp.attacked().player and pvp.pool and not extra else \
            f"{sk.name}: +2 to the other hero's melee attack and their Armor -2, in the Block step against it"
    if extra:
        return f"{sk.name} names no colour or token: skill {skill} {option}"
    if skill in SIDEWAYS:
        if skill == POWER_OF_PAIN and WOUND not in s.players[player].hand:
            return f"{sk.name}: you have no Wound in hand to play sideways"
        return f"{sk.name}: a bonus already waits for your next card played sideways" \
            if _sideways_waiting(s, pvp, player) else ""
    if skill in IGNORE:
        return "" if pvp.step == "block" and player == pvp.attacked().player else \
            f"{sk.name} ignores damage of the melee attack met, in the Block step"
    if skill == FORKED_LIGHTNING:
        return "" if fits(t, s, pvp, player, [("ranged", "cold-fire", 1)], [], (), _kinds(pvp, player)) else \
            f"{sk.name}: its Ranged Attack is played in your Ranged and Siege or Attacks phase"
    if any(e.type == "heal" or e.when == "outside-combat" for e in effects):
        return f"{sk.name}: outside combat only (Healing never during combat, facts 5.4)"
    if any(e.type == "special" for e in effects) and skill not in NO_BEARING and skill not in FLIPS:
        return f"{sk.name}: {SPECIAL_REFUSALS.get(skill, 'its own mechanism is not used between heroes')}"
    if any(e.type == "move" for e in effects):
        return f"{sk.name}: Move, and no moving after the action (facts 5.4)"
    if not _plain(skill, effects):
        return f"{sk.name}: its effect does not act in a combat between heroes"
    if not all(holds(s, pvp, e.when) for e in effects):
        when = next(e.when for e in effects if not holds(s, pvp, e.when))
        return f"{sk.name}: {'; '.join(e.notation() for e in effects)} is only used {when.replace('-', ' ')}"
    if not _usable_now(t, s, pvp, player, skill, effects):
        return f"{sk.name}: {'; '.join(e.notation() for e in effects)} does nothing at this moment"
    return ""


def _kinds(pvp: PvPCombat, player: int) -> tuple[str, ...]:
    return kinds_now(pvp, player)


def _usable_now(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, effects: tuple[Any, ...]) -> bool:
    """Points and effects on Units fit the moment (``fits``, no colour: a skill is no card);
    Resistance Break's Armor -1 per resistance needs a Unit with a resistance; plain gains and
    Influence that a Unit asks for fit any moment the hero decides."""
    points, units = points_of(effects), on_units(effects)
    if not points and not units:
        return any(e.type in SKILL_GAINS for e in effects)
    if not fits(t, s, pvp, player, points, units, (), _kinds(pvp, player)):
        return False
    if any(value == 0 and kind == "armor-reduction" for kind, value, _ in units):
        return bool(resistant_targets(t, pvp, pvp.other(player)))
    return True


def resistant_targets(t: Tables, pvp: PvPCombat, other: Side) -> list[str]:
    """The other hero's Units still in the combat with a resistance (facts 3.5 Resistance Break:
    Armor -1 per resistance; a Unit destroyed by Tornado or Disintegrate is no target)."""
    return [label for unit_id, label, _ in standing(pvp, other) if t.unit[unit_id].resistances]


def _extras(t: Tables, s: GameState, player: int, skill: str) -> tuple[str, ...]:
    """What ``skill SKILL N`` may name after the option: a colour (Universal Power; Master of
    Chaos turned to gold), a kept token (Puppet Master); ("",) for nothing."""
    p = s.players[player]
    if skill == UNIVERSAL_POWER:
        return BASIC
    if skill == MASTER_OF_CHAOS and chaos_next(p) == "gold":
        return CHAOS_ORDER[:-1]
    if skill == PUPPET_MASTER:
        return tuple(dict.fromkeys(p.puppets))
    if skill == KNOW_YOUR_PREY and s.pvp is not None:
        return tuple(prey_choices(t, s, s.pvp, player))
    if skill in EXTRAS and s.pvp is not None:
        return EXTRAS[skill](t, s, s.pvp, player)
    return ("",)


def offered_skills(t: Tables, s: GameState, pvp: PvPCombat, side: Side) -> list[Action]:
    """``skill SKILL N`` (``skill SKILL N EXTRA``: ``_extras``) for each option of the side's
    skills that can be used now."""
    p = s.players[side.player]
    return [Action("skill", (skill, str(n), *((x,) if x else ()))) for skill in sorted(p.skills)
            for n in range(1, len(t.skill[skill].effect) + 1) for x in _extras(t, s, side.player, skill)
            if not refusal(t, s, pvp, side.player, skill, n, x)]


def use_pvp_skill(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int,
                  events: list[Event], extra: str = "") -> None:
    """Use a skill in the combat (its refusal, if any, names the rule): turned face down as in
    any turn (the defender's "once a turn" ones face up again when the combat ends, pvp/combat.py)."""
    why = refusal(t, s, pvp, player, skill, option, extra)
    if why:
        raise IllegalActionError(why, RULE)
    p = s.players[player]
    sk = t.skill[skill]
    events.append(Event("skill", f"uses {sk.name}", player, {"skill": skill}))
    p.skills_used.append(skill)
    if skill in OWN:
        _use_own(t, s, pvp, player, skill, option, extra, events)
        return
    if skill in USE:  # pvp/skill_mechanisms.py
        USE[skill](t, s, pvp, player, skill, option, extra, events)
        return
    if skill == TAUNT and option == 2:  # the attack met +2 (its first element), the attacking hero's Armor -2
        acting = pvp.acting()
        pvp.pool.append(("attack", pvp.pool[0][1], 2))
        acting.armor = max(1, acting.armor - 2)
        events.append(Event("effect", f"{sk.name}: player {acting.player + 1}'s attack +2 and their Armor -2 (now "
                            f"{acting.armor}) this combat", player, {"skill": skill}))
        return
    if skill in SIDEWAYS and player == s.current:  # the attacker's next card played sideways (skills/bonuses.py)
        resolve_effects(t, s, player, SkillPlay(sk.name, id=sk.id), sk.effect[option - 1], events)
        return
    if skill in SIDEWAYS:  # the defender's, in the combat
        pvp.side(player).bonus = skill
        events.append(Event("skill-bonus", f"{sk.name}: the bonus waits for your next card played sideways", player,
                            {"bonus": skill}))
        return
    if skill in IGNORE:
        names = IGNORE[skill]
        n = 2 if pvp.pool and all(el in names for _, el, _ in pvp.pool) else 1
        pvp.reduced += n
        events.append(Event("ignored", f"{sk.name}: {n} damage of the attack ignored", player, {"damage": n}))
        return
    if skill == FORKED_LIGHTNING:  # "each of up to three different enemies": the other hero and their Units
        other = pvp.other(player)
        for _ in range(min(3, 1 + len(standing(pvp, other)))):
            add_points(t, pvp, player, "ranged", 1, "cold-fire")
        return
    if skill in FLIPS and any(e.type == "special" for e in sk.effect[option - 1]):
        p.skills_used.append(FLIPS[skill])  # face down past the combat, until its owner rests
        events.append(Event("skill-flipped", f"{sk.name} is flipped face down until you rest", player,
                            {"skill": skill}))
    pvp.pending = new_pending(player, "skill", skill, option)
    go_on(t, s, pvp, events)


# ---- the own mechanisms read between heroes (rules-choices.md "Skills") -----------------------

UNIVERSAL_POWER, DUELING = "universal-power", "dueling"


def _sideways_waiting(s: GameState, pvp: PvPCombat, player: int) -> str:
    """The bonus waiting for ``player``'s next card played sideways: the attacker's of the turn
    (``GameState.sideways_bonus``), the defender's of the combat (``Side.bonus``)."""
    if player == s.current:
        return s.sideways_bonus
    bonus = pvp.side(player).bonus
    return bonus


def _universal_power(t: Tables, s: GameState, pvp: PvPCombat, player: int, colour: str) -> str:
    """Facts 3.5 Universal Power "add a mana to a card played sideways": either hero's next card
    played sideways in the combat, the colour named and its mana paid now."""
    if colour not in BASIC:
        return f"Universal Power: name the basic colour of the mana you add (skill {UNIVERSAL_POWER} 1 COLOUR)"
    if _sideways_waiting(s, pvp, player):
        return "Universal Power: a bonus already waits for your next card played sideways"
    if not set(s.players[player].hand) - {WOUND}:
        return "Universal Power: no card in your hand to play sideways (not a Wound)"
    if not payable(t, s, pvp, player, (colour,)):
        return f"Universal Power: you cannot pay a {colour} mana now"
    return ""


def _attack_units(t: Tables, s: GameState, player: int) -> list[str]:
    """The player's Units that could be activated now for Block, Attack or Ranged Attack."""
    p = s.players[player]
    return [label for label, entry in zip(unit_labels(p), p.units, strict=True)
            for a in t.unit[entry[0]].abilities
            if (found := unit_ability(t, s, player, label, a.key)) and any(k in LEADERSHIP_BONUS for k, _, _ in found[0])]


def _leadership(t: Tables, s: GameState, pvp: PvPCombat, player: int, extra: str) -> str:
    """Facts 3.5 Leadership "when activating a Unit: +3 Block, +2 Attack or +1 Ranged": the next
    Unit of the hero activated in this combat for one of them."""
    if extra:
        return f"Leadership names nothing: skill {LEADERSHIP} 1"
    if LEADERSHIP in pvp.side(player).marks:
        return "Leadership: its bonus already waits for a Unit"
    if not _attack_units(t, s, player):
        return "Leadership: no ready Unit of yours to activate for Block, Attack or Ranged Attack in this combat"
    return ""


def _dueling(t: Tables, s: GameState, pvp: PvPCombat, player: int, extra: str) -> str:
    """Facts 3.5 Dueling: "Block 1 in the Block phase and Attack 1 against the same enemy in the
    Attack phase": the hero attacked blocks the other hero's melee attack, then attacks them."""
    if extra:
        return f"Dueling names nothing: the enemy is the other hero (skill {DUELING} 1)"
    if pvp.step != "block" or player != pvp.attacked().player:
        return "Dueling: its Block 1 is used in the Block step against the other hero's melee attack"
    return ""


def _chaos_effect(colour: str) -> Any:
    return CardEffect.model_validate(decode_effect(CHAOS[colour]))


def _master_of_chaos(t: Tables, s: GameState, pvp: PvPCombat, player: int, extra: str) -> str:
    """Facts 3.5 Master of Chaos: the token turns a step and its colour's effect is used if it
    acts now (else it is lost, as in any combat: the token has turned); at gold the colour named
    must be one whose effect acts now."""
    if chaos_next(s.players[player]) != "gold":
        return f"Master of Chaos names a colour only when it turns to gold: skill {MASTER_OF_CHAOS} 1" if extra else ""
    if extra not in CHAOS_ORDER[:-1]:
        return f"Master of Chaos turns to gold: name the colour of the effect ({', '.join(CHAOS_ORDER[:-1])})"
    if not _chaos_fits(t, s, pvp, player, _chaos_effect(extra)):
        return f"Master of Chaos: {CHAOS[extra]} does nothing at this moment"
    return ""


def _chaos_fits(t: Tables, s: GameState, pvp: PvPCombat, player: int, e: Any) -> bool:
    points = points_of((e,))
    return bool(points) and fits(t, s, pvp, player, points, [], (), _kinds(pvp, player))


def _puppet_use(t: Tables, s: GameState, pvp: PvPCombat, player: int, token: str) -> str:
    """What a kept token gives now: "attack" in the hero's Attacks (a token with an attack),
    "block" against the other hero's melee attack; "" otherwise."""
    if token not in s.players[player].puppets or token not in t.enemy:
        return ""
    if pvp.step == "block" and player == pvp.attacked().player:
        return "block"
    if pvp.step == "play" and player == pvp.acting().player and pvp.phase in ("attack", "defender-attack") and \
            any(a.summon is None and a.value for a in t.enemy[token].attacks):
        return "attack"
    return ""


def _puppet_master(t: Tables, s: GameState, pvp: PvPCombat, player: int, token: str) -> str:
    """Facts 3.5 Puppet Master: no enemy is defeated between heroes, so none is kept; a token kept
    before is discarded for Attack = half its attack in the hero's Attacks, or Block = half its
    Armor against the other hero's melee attack (rounded up, with its elements)."""
    if not _puppet_use(t, s, pvp, player, token):
        return ("Puppet Master: no enemy is defeated between heroes to keep; name a token you keep "
                f"(skill {PUPPET_MASTER} 1 TOKEN) for its Attack in your Attacks or its Block against a melee attack")
    return ""


KNOW_YOUR_PREY = "know-your-prey"
PREY_ELEMENTS = {"fire": ("physical",), "ice": ("physical",), "cold-fire": ("fire", "ice")}


def prey_choices(t: Tables, s: GameState, pvp: PvPCombat, player: int) -> list[str]:
    """What Know Your Prey may take between heroes: a resistance of one of the other hero's Units
    still in the combat ("LABEL:RESISTANCE"), or, against the other hero's melee attack met in the
    Block step, one element of it ("element:FROM:TO": Fire or Ice to physical, Cold Fire to Fire
    or Ice, as against enemies)."""
    other = pvp.other(player)
    out = [f"{label}:{r}" for unit_id, label, _ in standing(pvp, other) for r in t.unit[unit_id].resistances
           if not {(other.player, label, f"lose-{r}"), (other.player, label, "lose-resistances")} &
           {(x[0], x[1], x[2]) for x in pvp.on_units}]
    if pvp.step == "block" and player == pvp.attacked().player:
        out += [f"element:{el}:{to}" for el in sorted({el for _, el, _ in pvp.pool}) for to in PREY_ELEMENTS.get(el, ())]
    return out


def _know_your_prey(t: Tables, s: GameState, pvp: PvPCombat, player: int, extra: str) -> str:
    """Facts 3.5 Know Your Prey "one enemy ignores one ability or loses one element of its
    attack": between heroes the enemies are the other hero's Units (a resistance lost) and the
    other hero's attack (an element lost); neither has an attack ability to ignore."""
    if extra not in prey_choices(t, s, pvp, player):
        return ("Know Your Prey: name a resistance of one of the other hero's Units (skill know-your-prey 1 "
                "UNIT:RESISTANCE) or, against their melee attack, an element it loses (skill know-your-prey 1 "
                "element:FROM:TO); a hero's attack and a Unit's have no ability to ignore")
    return ""


OWN = {UNIVERSAL_POWER: _universal_power, LEADERSHIP: _leadership, DUELING: _dueling,
       MASTER_OF_CHAOS: _master_of_chaos, PUPPET_MASTER: _puppet_master, KNOW_YOUR_PREY: _know_your_prey}


def _use_own(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str,
             events: list[Event]) -> None:
    p, side, name = s.players[player], pvp.side(player), t.skill[skill].name
    if skill == UNIVERSAL_POWER:  # its mana first; the bonus once paid (pvp/playing.py go_on)
        pvp.pending = new_pending(player, "skill", skill, option, "", (extra,), extra)
        go_on(t, s, pvp, events)
    elif skill == LEADERSHIP:
        side.marks.append(LEADERSHIP)
        events.append(Event("skill-bonus", f"{name}: the next Unit activated gets +3 Block, +2 Attack or +1 Ranged "
                            "Attack", player, {"bonus": LEADERSHIP}))
    elif skill == DUELING:  # Block 1 now, Attack 1 at the start of this hero's Attacks phase (pvp/combat.py)
        add_points(t, pvp, player, "block", 1)
        pvp.later.append([player, "physical", 1, DUELING])
        events.append(Event("skill", f"{name}: Block 1, and Attack 1 against player {pvp.acting().player + 1} in "
                            "your Attacks", player, {"skill": skill}))
    elif skill == MASTER_OF_CHAOS:
        p.chaos = chaos_next(p)
        colour = extra if p.chaos == "gold" else p.chaos
        e = _chaos_effect(colour)
        events.append(Event("skill-turned", f"{name} turns to {p.chaos}: {CHAOS[colour]}", player,
                            {"skill": skill, "colour": p.chaos}))
        if not _chaos_fits(t, s, pvp, player, e):
            events.append(Event("effect-lost", f"{name}: {CHAOS[colour]} does nothing at this moment", player,
                                {"skill": skill}))
        elif e.type == "influence":
            side.influence += e.value
        else:
            add_points(t, pvp, player, e.type, e.value, e.element)
    elif skill == KNOW_YOUR_PREY:
        other = pvp.other(player)
        what, _, detail = extra.rpartition(":")
        if extra.startswith("element:"):  # the melee attack met: that element's points become the other
            source = what.partition(":")[2]
            pvp.pool = [(kind, detail if el == source else el, v) for kind, el, v in pvp.pool]
            text = f"player {other.player + 1}'s attack: {source} becomes {detail}"
        else:
            pvp.on_units.append([other.player, what, f"lose-{detail}", 0])
            text = f"player {other.player + 1}'s {what} lose their {detail.capitalize()} resistance"
        events.append(Event("effect", f"{name}: {text} this combat", player, {"skill": skill, "lost": extra}))
    else:  # Puppet Master: the token back to its discard pile
        use, en = _puppet_use(t, s, pvp, player, extra), t.enemy[extra]
        k = p.puppets.index(extra)
        p.puppets = p.puppets[:k] + p.puppets[k + 1:]
        s.enemy_discards[en.colour].append(extra)
        if use == "attack":
            for a in en.attacks:
                if a.summon is None and a.value:
                    add_points(t, pvp, player, "attack", (a.value + 1) // 2, a.element)
        else:
            add_points(t, pvp, player, "block", (en.armor + 1) // 2, en.attacks[0].element if en.attacks else "physical")
        events.append(Event("token-discarded", f"{name}: discards the {en.name} token for its {use.capitalize()}",
                            player, {"token": extra, "for": use}))


def pain_waiting(s: GameState, pvp: PvPCombat, player: int) -> bool:
    """Whether Power of Pain waits for ``player``'s next card played sideways (a Wound may be it)."""
    return _sideways_waiting(s, pvp, player) == POWER_OF_PAIN


def defender_sideways_value(t: Tables, s: GameState, pvp: PvPCombat, player: int, card: str) -> int:
    """The points of a card the defender plays sideways (facts 2: 1), with a skill's bonus
    waiting for it (facts 3.5, as ``bonuses.sideways_value`` for the attacker): Universal
    Power +3, +4 for an Action or Spell of the mana's colour; I Don't Give a Damn +2, +3 for an
    Advanced Action, Spell or Artifact; Who Needs Magic? +2, +3 with no Source die taken in the
    combat (none may be taken then); Power of Pain a Wound +2."""
    side = pvp.side(player)
    bonus = side.bonus
    if not bonus or (card == WOUND) != (bonus == POWER_OF_PAIN):
        return 1
    side.bonus = ""
    points = bonus_points(bonus, t.card[card], bool(pvp.defender_dice))
    if bonus == "who-needs-magic" and points == 3:
        side.marks.append(NO_DIE)
    return points


__all__ = ["KNOW_YOUR_PREY", "prey_choices", "POWER_OF_PAIN", "pain_waiting", "DUELING", "IGNORE", "NO_BEARING", "OWN", "RULE", "SPECIAL_REFUSALS", "defender_sideways_value", "offered_skills",
           "refusal", "resistant_targets", "use_pvp_skill"]
