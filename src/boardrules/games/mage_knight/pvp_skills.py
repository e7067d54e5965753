"""Skills in a combat between heroes (pvp.py; facts 3.5; docs/mage-knight/rules-choices.md,
"Player versus player"): the player aids say a partial participation means "no skills", so the
attacker (in their turn) and a defender taking part fully use them.

A skill whose effects are points, Influence, an attack reduction, an effect on the other
hero's Units or plain gains (mana tokens, crystals, cards, Fame) is used here with
``skill SKILL N`` (N: its option), its count and condition read by ``pvp_effects``. The skills'
own mechanisms (``special:skill``) that make sense between two heroes have their reading
below; every other one is refused with the reason of ``refusal``.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Event, IllegalActionError
from .content import Tables
from .game_state import GameState
from .playing import SkillPlay, resolve_effects
from .pvp_effects import holds, other_side
from .pvp_play import REDUCE, fits, go_on, on_units, playable_here, points_of
from .pvp_state import PvPCombat, Side, add_points, new_pending, standing
from .skills import FLIPPED

RULE = "Using Skills"
SKILL_GAINS = ("mana-token", "crystal", "draw", "fame")
# own mechanisms with no bearing between heroes: the skill's other effects are used
NO_BEARING = {"feral-allies": "exploring costs 1 less"}
# "ignore N damage of one attack" (Krang's Battle Hardened, Braevalar's Elemental Resistance):
# the melee attack met, in the Block step: 2 of the elements named (all of them), else 1
IGNORE = {"battle-hardened": ("physical",), "elemental-resistance": ("fire", "ice")}
FORKED_LIGHTNING = "forked-lightning"  # Cold Fire Ranged 1 against each of up to three enemies
# why the other skills' own mechanisms are not used between heroes (the refusal names it)
SPECIAL_REFUSALS = {
    "power-of-pain": "a Wound played sideways: only non-Wound cards are played in a combat between heroes",
    "universal-power": "it asks a colour and a mana for the next card played sideways, a step the combat "
                       "between heroes does not have",
    "leadership": "its bonus waits for a Unit activated in a combat with enemies",
    "dueling": "it needs the same enemy blocked and then attacked; a hero's attack is met once",
    "know-your-prey": "a hero's attack has no ability to ignore",
    "taunt": "an attack raised to lower an enemy's Armor: a hero has no Armor to lower here",
    "puppet-master": "its tokens are enemies defeated, and no enemy is defeated between heroes",
    "master-of-chaos": "the token's turning is not read between heroes",
    "shamanic-ritual": "a token of any colour asks a colour step the combat between heroes does not have",
    "krang-regenerate": "a Wound discarded is healing, never during combat (facts 5.4)",
    "braevalar-regenerate": "a Wound discarded is healing, never during combat (facts 5.4)",
    "invocation": "it asks a card discarded and a colour, steps the combat between heroes does not have",
    "polarization": "a mana used as its opposite colour is not read between heroes",
    "flight": "no moving after the action (facts 5.4)",
    "hawk-eyes": "Move and exploring: no moving after the action (facts 5.4)",
    "spirit-guides": "Move: no moving after the action (facts 5.4)",
    "secret-ways": "Move: no moving after the action (facts 5.4)",
    "shapeshift": "it changes a Basic Action being played, a step the combat between heroes does not have",
    "arcane-disguise": "Reputation effects ignored: the combat between heroes has none to ignore",
    "beguile": "its Influence depends on the site of an interaction",
    "on-her-own": "its Influence depends on the Units recruited with Influence this turn",
    "i-dont-give-a-damn": "the next card played sideways in the turn is the attacker's: only the attacker "
                          "uses it",
    "who-needs-magic": "the next card played sideways in the turn is the attacker's: only the attacker uses it",
    "battle-frenzy": "Attack 4 flips it face down until you rest: not read between heroes (Attack 2 is)",
}
SIDEWAYS = ("i-dont-give-a-damn", "who-needs-magic")  # the attacker's next card played sideways


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
            if skill not in NO_BEARING:
                return False
        elif not (playable_here(e) or e.type in SKILL_GAINS and e.colour not in ("basic", "any") and not e.per):
            return False
    return True


def refusal(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int) -> str:
    """Why ``player`` cannot use option ``option`` of ``skill`` now ("" if they can)."""
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
    if skill in SIDEWAYS:
        if player != s.current:
            return f"{sk.name}: {SPECIAL_REFUSALS[skill]}"
        return f"{sk.name}: a bonus already waits for the next card played sideways" if s.sideways_bonus else ""
    if skill in IGNORE:
        return "" if pvp.step == "block" and player == pvp.attacked().player else \
            f"{sk.name} ignores damage of the melee attack met, in the Block step"
    if skill == FORKED_LIGHTNING:
        return "" if fits(t, s, pvp, player, [("ranged", "cold-fire", 1)], [], (), _kinds(pvp, player)) else \
            f"{sk.name}: its Ranged Attack is played in your Ranged and Siege or Attacks phase"
    if any(e.type == "heal" or e.when == "outside-combat" for e in effects):
        return f"{sk.name}: outside combat only (Healing never during combat, facts 5.4)"
    if any(e.type == "special" for e in effects) and skill not in NO_BEARING:
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
    """The points ``player`` may play now: their attacks in their phase's play step, Block and
    attack reductions in the Block step against them."""
    if pvp.step == "block":
        return ("block", REDUCE) if player == pvp.attacked().player else ()
    if pvp.step == "play" and player == pvp.acting().player:
        return ("attack", "ranged", "siege") if pvp.phase in ("attack", "defender-attack") else ("ranged", "siege")
    return ()


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
        return bool(resistant_targets(t, other_side(pvp, player)))
    return True


def resistant_targets(t: Tables, other: Side) -> list[str]:
    """The other hero's Units with a resistance (Resistance Break's Armor -1 per resistance)."""
    return [label for unit_id, label, _ in other.units if t.unit[unit_id].resistances]


def offered_skills(t: Tables, s: GameState, pvp: PvPCombat, side: Side) -> list[Action]:
    """``skill SKILL N`` for each option of the side's skills that can be used now."""
    p = s.players[side.player]
    return [Action("skill", (skill, str(n))) for skill in sorted(p.skills)
            for n in range(1, len(t.skill[skill].effect) + 1)
            if not refusal(t, s, pvp, side.player, skill, n)]


def use_pvp_skill(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int,
                  events: list[Event]) -> None:
    """Use a skill in the combat (its refusal, if any, names the rule): turned face down as in
    any turn (the defender's "once a turn" ones face up again when the combat ends, pvp.py)."""
    why = refusal(t, s, pvp, player, skill, option)
    if why:
        raise IllegalActionError(why, RULE)
    p = s.players[player]
    sk = t.skill[skill]
    events.append(Event("skill", f"uses {sk.name}", player, {"skill": skill}))
    p.skills_used.append(skill)
    if skill in SIDEWAYS:  # the attacker's next card played sideways (specials_skills.py), no bonus waiting
        resolve_effects(t, s, player, SkillPlay(sk.name, id=sk.id), sk.effect[option - 1], events)
        return
    if skill in IGNORE:
        names = IGNORE[skill]
        n = 2 if pvp.pool and all(el in names for _, el, _ in pvp.pool) else 1
        pvp.reduced += n
        events.append(Event("ignored", f"{sk.name}: {n} damage of the attack ignored", player, {"damage": n}))
        return
    if skill == FORKED_LIGHTNING:  # "each of up to three different enemies": the other hero and their Units
        other = other_side(pvp, player)
        for _ in range(min(3, 1 + len(standing(pvp, other)))):
            add_points(t, pvp, player, "ranged", 1, "cold-fire")
        return
    pvp.pending = new_pending(player, "skill", skill, option)
    go_on(t, s, pvp, events)


__all__ = ["IGNORE", "NO_BEARING", "RULE", "SPECIAL_REFUSALS", "offered_skills", "refusal", "resistant_targets",
           "use_pvp_skill"]
