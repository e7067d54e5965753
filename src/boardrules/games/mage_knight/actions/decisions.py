"""The turn as small decisions (facts 5.2-5.7): at each moment the few legal actions, each with a
text form, applied by calling the stage 3b rule functions.

A card play is a short sequence: ``play CARD HOW`` (basic, powered, or sideways as move,
influence, attack or block), then ``choose N`` when the side offers a choice, then one ``pay
COLOUR SOURCE`` per mana of its cost (``die N``, ``token``, ``crystal``). An action is offered
only when some way of finishing it is legal, found by trying the rule on a copy: the rules stay
in the rule modules, and a refusal always names the rule that refuses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import Action, Decision, Event, IllegalActionError, shared_action
from ..cards.action_specials import (
    DIPLOMACY_ELEMENTS,
    DRUIDIC_TERRAINS,
    after_combat_action,
    crystal_joy_cards,
    dodge_second_attacks,
    watch_combat,
)
from ..cards.action_specials_2 import (
    WOUND_TO,
    harvest,
    harvest_colours,
    harvests_left,
    unit_labels_of,
)
from ..cards.artifacts import (
    STAFF_READY,
    circlet_skills,
    flip_banner,
    staff_answers,
    staff_words,
    tome_answers,
)
from ..cards.deck import WOUND
from ..cards.mana import (
    POLARIZATION_RULE,
    mana_sources,
    night_rules,
    night_words,
    polarization_blocks,
)
from ..cards.offers import artifacts_drawn, disband_unit, level_up_reward, take_reward, unit_labels
from ..cards.playing import (
    BOX_CARD,
    SIDEWAYS,
    UNIT_TURN_TYPES,
    activate_unit,
    heal_unit,
    mana_for_units,
    play_card,
    readiable,
    turn_ability,
)
from ..cards.spells import (
    DECK_ENDS,
    charm_bonus,
    energy_flow_targets,
    meditation_cards,
    offer_abilities,
    spell_moves,
    take_meditation_cards,
    wings_more,
)
from ..cards_model import CardEffect, Option
from ..combat.actions import apply_combat
from ..combat.enemies import REPLACED_RULE, enemy_index, replaced, replaced_reason
from ..combat.phases import NEXT, activations, combat_decision
from ..content import Tables
from ..game_state import (
    BASIC,
    DUMMY,
    GameState,
    MKState,
    banner_of_command_waiting,
    box_artifact,
    command_tokens_used,
    has,
)
from ..knowledge.seen import on_top
from ..map.exploring import explore, explore_reach, next_to, open_positions, space
from ..map.hexes import Hex, neighbours
from ..map.movement import assault_needed, move, move_refusal, rampaging_at, two_away
from ..pvp.combat import RULE as PVP_RULE
from ..pvp.combat import apply_pvp, attack_targets, pvp_actions, pvp_decision, start_pvp
from ..rounds.answers import RULE as RULE_ANSWER
from ..rounds.answers import (
    answer,
    answer_asked,
    answer_skills,
    asked_decision,
    asked_rule,
    may_plunder,
)
from ..rounds.new_round import choose_tactic, tactic_picker
from ..rounds.turn import announce_end_of_round, end_turn, must_announce, rest
from ..sites.sites import (
    MAZE_PATHS,
    MAZES,
    TOP_OF_DECK,
    add_elite_unit,
    burn_monastery,
    buy_advanced_action,
    buy_artifact,
    buy_healing,
    buy_spell,
    challenge,
    enter_site,
    maze_move,
    pay_altar,
    plunder,
    recruit,
    site_here,
    start_movement_combat,
)
from ..skills.consulted import ARCANE_DISGUISE, arcane_flipped, flip_back_arcane_disguise
from ..skills.flight import flight_moves
from ..skills.in_combat import IGNORE_DAMAGE
from ..skills.interactive import (
    EXPLOIT_COLOURS,
    MANA_ENHANCEMENT,
    MANA_EXPLOIT,
    enhanced_colours,
    enhancement_to_return,
    frozen_colours,
    return_enhancement,
    source_freeze_back,
    source_freeze_waiting,
)
from ..skills.mana import (
    REGENERATE,
    SHAMANIC_RITUAL,
    flip_back_shamanic_ritual,
    invocation_colours,
    invocation_colours_now,
    shamanic_ritual_flippable,
)
from ..skills.play_steps import LATE_CHOICE, own_answers, own_steps
from ..skills.using import (
    long_night,
    mana_search,
    mana_steal,
    mana_steal_possible,
    midnight_meditation,
    prepare,
    rethink,
    sparing_power,
    tactic_moment_passed,
    tactic_usable,
    tactic_when_taken,
    the_right_moment,
    use_skill,
)
from ..units.outside_combat import SCOUTING, scout_piles, scout_spaces

HOWS = ("basic", "powered", *SIDEWAYS)
END_TURN = shared_action("end-turn")
ANNOUNCE = shared_action("announce")
ENTER = shared_action("enter")
PLUNDER = shared_action("plunder")
BURN = shared_action("burn")
ALTAR = shared_action("altar")
BUY_ARTIFACT, ELITE_UNIT = shared_action("buy-artifact"), shared_action("elite-unit")  # red, white city (facts 4.6)
END_DISCARDING = shared_action("end-turn-discard")  # facts 5.7 step 6: non-Wound cards discarded, then drawing


def _h(text: str) -> Hex:
    """A space as typed in an action, ``Q:R`` (axial coordinates; one word of the action)."""
    q, r = text.split(":")
    if len(q) > 4 or len(r) > 4:
        raise ValueError(text)
    return (int(q), int(r))


def _hs(h: tuple[int, int]) -> str:
    return f"{h[0]}:{h[1]}"


def _works(fn: Any, g: GameState, *args: Any, **kw: Any) -> bool:
    """Whether the rule accepts this on a copy of the state."""
    try:
        fn(g.clone(), *args, **kw)
    except IllegalActionError:
        return False
    return True


# -- pending plays: a card, a skill, a Unit's ability, a recruit --------------------------------
# ``m.play`` is [subject, how, step...]: a card and how it is played (basic, powered, sideways),
# a skill (how = "skill"), a Unit's label and "unit:KEY", or a Unit to recruit ("recruit"); each
# step is an answered small decision as a tuple of words: ("choose", "2"), ("colour", "red"),
# ("die", "3"), ("enemy", "1"), ("ready", "peasants-1"), ("pay", "red", "die-2"), ("power",
# "march"), ("discard", "march"), ("disband", "peasants-1"). The steps a play needs follow from
# its effects; the play runs when the last is answered.
STEP_WORDS = ("choose", "colour", "die", "enemy", "ready", "pay", "power", "throw", "learn", "discard", "disband",
              "rethink", "prepare", "meditate", "reroll", "offer", "shed", "coerce", "terrain", "banner",
              "deck", "unit", "also", "wound", "spend", "scout")
_ANY = (*BASIC, "gold", "black")
# the specials that ask for a colour (Blood of Ancients' Advanced Action too), or for a Source die
COLOUR_SPECIALS = ("crystallize", "mana-draw", "power-of-crystals", "owned-colour-crystal", "pay-mana-by-colour",
                   "spell-forge", "mana-bolt", "endless-gem-pouch", "mana-radiance")
DIE_SPECIALS = ("mana-draw", "mana-storm", "mana-claim")
# the cards whose single option still asks ``choose 1|2``: Charm in an interaction, Mana Claim's tokens now or later
TWO_WAYS = ("charm", "mana-claim")
TALENT = ("magic-talent", "basic")  # a Spell of the offer played as if in hand: the Tome's steps
BLOOD = ("blood-of-ancients", "powered")  # an offered Advanced Action's powered effect: its own steps
STAFF_READY_EFFECT = CardEffect.model_validate({"type": "ready-unit", "value": STAFF_READY})  # Druidic Staff, red


def _costs(t: Tables, card: str, how: str) -> list[tuple[str, ...]]:
    """The mana colour sequences that may pay for this way of playing the card."""
    if how == "basic":
        return [tuple(t.card[card].basic_cost)]
    if how == "powered":
        return [tuple(x) for x in t.card[card].powering]
    return [()]


def _special(effects: Option, name: str) -> bool:
    return any(e.type == "special" and e.name == name for e in effects)


def _discards_for_bonus(effects: Option) -> bool:
    """Whether the effects give a bonus per card discarded (the cards are asked for)."""
    return any(e.per == "card-discarded" for e in effects)


def _answers(play: list[Any]) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The answered steps: one word each, and the mana paid (colour, source) in order."""
    got: dict[str, str] = {}
    paid: list[tuple[str, str]] = []
    for step in play[2:]:
        if step[0] == "pay":
            paid.append((step[1], step[2]))
        else:
            got[step[0]] = step[1]
    return got, paid


def _effect_words(t: Tables, g: GameState, player: int, effects: Option, blood: bool = False) -> list[str]:
    """The choices an option's effects ask for: a colour, a Source die, an enemy, a Unit
    (``blood``: Blood of Ancients' basic effect, whose mana's colour is chosen)."""
    words = []
    if blood or any(e.type in ("mana-token", "crystal") and e.colour in ("basic", "any") or
                    e.type == "special" and e.name in COLOUR_SPECIALS for e in effects):
        words.append("colour")
    if any(e.type == "special" and e.name in DIE_SPECIALS for e in effects):
        words.append("die")
    if g.combat is not None and any(e.target == "one" for e in effects):
        words.append("enemy")
    if any(e.type == "ready-unit" and readiable(t, g.players[player], e.value) for e in effects):
        words.append("ready")
    return words


def _plan(t: Tables, g: GameState, player: int, play: list[Any], got: dict[str, str]) -> \
        tuple[list[str], Option, list[tuple[str, ...]], tuple[str, ...]]:
    """The step words this play asks for (as far as the answers so far tell), the effects
    whose choices they are, the mana costs and the colours a chosen colour may take."""
    subject, how = play[0], play[1]
    if how == "steal":  # Mana Steal, when taken: the die
        return ["die"], (), [()], ()
    if how in ("altar", "buy-spell"):  # the mana a site is paid with, a source named for each
        colours = _site_mana(t, g, player, how, (subject,))
        return ["pay"] * len(colours), (), [colours], ()
    # rampaging spaces challenged to join the move's combat (RB Combat 2c), or more adjacent ones
    if how in ("joining", "challenging"):  # challenged (RB Combat 1d): one at a time, then done
        chosen = [x[1] for x in play[2:]]
        more = "done" not in chosen and bool(_other_rampaging(t, g, player, play))
        return ["challenge"] * (len(chosen) + more), (), [()], ()
    if how == "discarding":  # the end of the turn: non-Wound cards of the hand, one at a time, then done
        joy = [x for x in play[2:] if x[0] == RETURN]  # (Crystal Joy's card, named with the action)
        chosen = [x[1] for x in play[2:] if x[0] == "shed"]
        return [RETURN] * len(joy) + ["shed"] * (len(chosen) + ("done" not in chosen)), (), [()], ()
    if how == "use-tactic":  # up to N cards or dice, then done (a pick never ends it unseen); or one card
        if subject in ("long-night", "the-right-moment"):
            return [], (), [()], ()
        if subject == "sparing-power":  # 1: a card under it, 2: flip it and take them
            return ["choose"], (), [()], ()
        if subject == "preparation":
            return ["prepare"], (), [()], ()
        chosen = [x[1] for x in play[2:]]
        word = {"midnight-meditation": "meditate", "mana-search": "reroll"}.get(subject, "rethink")
        return [word] * (len(chosen) + ("done" not in chosen)), (), [()], ()
    if how in ("recruit", "reward-unit"):
        p = g.players[player]
        full = ["disband"] if command_tokens_used(p) >= p.command and \
            not (how == "recruit" and banner_of_command_waiting(p)) else []
        if how == "recruit" and subject in t.unit and t.unit[subject].mana_token:  # Magic Familiars: the token
            return [*full, "colour", "pay"], (), [(got.get("colour", ""),)], BASIC
        return full, (), [()], ()
    if how == "skill" and subject == SHAMANIC_RITUAL and subject in g.players[player].skills_used:
        return [], (), [()], ()  # flipped back up: no step
    if how == "skill" and subject == ARCANE_DISGUISE and arcane_flipped(g.players[player]):
        return ["pay"], (), [("green",)], ()  # flipped back up by paying green mana
    if how == "skill" and subject == MANA_ENHANCEMENT:  # yours: the colour spent; another's: returned
        if subject not in g.players[player].skills:
            return [], (), [()], ()
        return ["colour"], t.skill[subject].effect[0], [()], enhanced_colours(g, player)
    if how == "skill":
        side = t.skill[subject].effect
        asks = ["choose"] if len(side) > 1 else []
        if asks and "choose" not in got:
            return asks, (), [()], ()
        effects = side[int(got.get("choose", 1)) - 1 if asks else 0]  # (Know Your Prey's choose comes late)
        if subject == "invocation":  # the card discarded, then the token's colour it allows
            return ["discard", "colour"], effects, [()], invocation_colours_now(g, got.get("discard", ""), g.polarized)
        if subject == "inspiration":
            return ["ready"], effects, [()], ()
        if subject == "flight":  # where to: a step that reuses the action 'move Q:R'
            return ["move"], effects, [()], ()
        if subject == "universal-power":  # the mana added to the next card played sideways
            return ["colour", "pay"], effects, [(got.get("colour", ""),)], BASIC
        if subject in REGENERATE:  # the mana paid: its colour, then its source
            return ["colour", "pay"], effects, [(got.get("colour", ""),)], _ANY
        if subject == MANA_EXPLOIT:  # the token's colour, marked on the skill
            return ["colour"], effects, [()], EXPLOIT_COLOURS
        if subject in IGNORE_DAMAGE:  # the enemy whose attack's damage is lessened
            return ["enemy"] if g.combat is not None else [], effects, [()], ()  # outside: refused when run
        own = own_steps(g, subject, got)  # the expansions' skills of skills/play_steps.py
        if own is not None:
            return asks + own[0], effects, own[1], own[2]
        return asks + _effect_words(t, g, player, effects), effects, [()], _ANY
    if how.startswith(COMBAT_UNIT):  # a Unit's ability in a combat: its mana, paid into the combat
        return ["pay"] * len(_combat_ability(t, g, subject, how).mana), (), [tuple(_combat_ability(t, g, subject, how).mana)], ()
    if how.startswith("unit:"):
        unit = g.players[player].units[unit_labels(g.players[player]).index(subject)][0]
        ability = next(a for a in t.unit[unit].abilities if a.key == how[5:])
        effects = tuple(CardEffect.model_validate({"type": e.type, "value": e.value or 1, "colour": e.colour})
                        for e in ability.effects if e.type in UNIT_TURN_TYPES)
        scout = ["scout"] if (unit, ability.key) == SCOUTING else []  # the space of the token looked at
        return _effect_words(t, g, player, effects) + ["pay"] * len(ability.mana) + scout, effects, \
            [tuple(ability.mana)], _ANY
    if how in SIDEWAYS:
        return [], (), [()], ()
    if subject == BOX_CARD and _boxed(g, player, play):  # the Box used as the Artifact it revealed: its steps
        return _plan(t, g, player, _boxed(g, player, play), got)
    if subject == "circlet-of-proficiency":  # the skill of the Common Skill offer, then (basic) its own steps
        if "skill" not in got or how == "powered":
            return ["skill"], (), [()], ()
        inner = _plan(t, g, player, _circlet_inner(play), got)
        return ["skill", *inner[0]], *inner[1:]
    card = t.card[subject]
    side = card.basic if how == "basic" else card.powered
    if subject == "call-to-arms" and how == "basic":  # an offered Unit, its ability, the ability's steps
        return _called_unit(t, g, player, got)
    if (subject, how) == BLOOD:
        return _blood_plan(t, g, player, play)
    if not side:  # no such side (the Mysterious Box's strong one): refused when run
        return [], (), [()], ()
    if subject == "druidic-staff":  # the effects by number, the card discarded, each effect's own step
        return staff_words(play), (*side[0], STAFF_READY_EFFECT), [()], BASIC
    words: list[str] = []
    chooser = side
    if _special(side[0], "concentration"):  # another Action card's powered effect: which first
        words.append("power")
        if "power" not in got:
            return words, (), [()], ()
        chooser = t.card[got["power"]].powered
    elif subject == "tome-of-all-spells" or (subject, how) == TALENT:  # the card discarded, then the Spell of
        # the offer whose side is played (Magic Talent: the Spell's basic effect, its mana paid as from the hand)
        words += ["discard", "learn"]
        if "learn" not in got:
            return words[:1 + ("discard" in got)], (), [()], ()
        spell = t.card[got["learn"]]
        if spell.id == "call-to-arms" and how == "basic":  # an offered Unit's ability: Call to Arms' steps
            return _tome_called_unit(t, g, player, play, got)
        chooser = spell.basic if how == "basic" else spell.powered
    elif _special(side[0], "throw-away-card") or subject == "training" or \
            subject == "book-of-wisdom":  # the card thrown away first
        words.append("throw")
        if "throw" not in got:
            return words, (), [()], ()
        if subject == "maximal-effect":  # its effect is the thrown card's
            thrown = t.card[got["throw"]]
            chooser = thrown.basic if how == "basic" else thrown.powered
    if len(chooser) > 1 or subject == "mana-claim" or subject == "charm" and how == "basic" and \
            charm_bonus(t, g, player):
        words.append("choose")  # Charm in an interaction: 1 a crystal, 2 a Unit cheaper; Mana Claim: 1 now, 2 later
        if "choose" not in got:
            return words, (), [()], ()
    effects = chooser[int(got.get("choose", 1)) - 1] if len(chooser) > 1 else chooser[0]
    if chooser is not side:
        effects = (*effects, *side[0])
    blood = (subject, how) in (("blood-of-ancients", "basic"), ("magic-talent", "powered"))  # a mana's colour
    words += _effect_words(t, g, player, effects, blood)
    for e in effects:  # Mana Pull's strong effect: each die, then its colour
        if e.type == "special" and e.name == "mana-pull-powered":
            words += ["die", "colour"] * e.value
    costs = _costs(t, subject, how)
    if (subject, how) == TALENT:  # the Spell's own mana, as if played from the hand
        costs = [(*c, *t.card[got["learn"]].basic_cost) for c in costs]
    if blood or any(_special(effects, x) for x in ("crystallize", "pay-mana-by-colour", "mana-bolt")):
        costs = [(*c, got.get("colour", "")) for c in costs]  # a mana of the chosen colour, after the cost
    if subject == "song-of-wind" and _special(effects, "lake-crossing"):  # a blue mana to cross lakes
        costs = [(*c, "blue") for c in costs]
    if subject == "druidic-paths" and how == "powered":  # the terrain type made cheaper
        words.append("terrain")
    if subject == "charm" and got.get("choose") == "1":  # the crystal's colour
        words.append("colour")
    if subject == "spell-forge" and how == "powered":  # a second crystal's colour
        words.append("colour")
    if subject == "mana-storm" and how == "powered":  # every die is re-rolled: none is chosen
        words.remove("die")
    words += ["pay"] * len(costs[0])
    if (_special(effects, "advanced-from-offer") or _special(effects, "spell-from-offer")) and "learn" not in words:
        words.append("learn")
    if subject == "force-of-nature" and how == "basic":  # the Unit that gains Physical resistance
        words.append("unit")
    if _special(effects, "ready-units-for-influence") or how == "powered" and (_special(effects, "peaceful-moment") or _special(effects, "restoration")):
        # Units to ready, then done
        picks = [x[1] for x in play[2:] if x[0] == "coerce"]
        words += ["coerce"] * (len(picks) + ("done" not in picks))
    if _special(effects, "stout-resolve") or _discards_for_bonus(effects):  # cards to discard, then done
        picks = [x[1] for x in play[2:] if x[0] == "shed"]
        words += ["shed"] * (len(picks) + ("done" not in picks))
    if how == "basic" and _special(effects, "offering"):  # up to three cards, then done
        picks = [x[1] for x in play[2:] if x[0] == "offer"]
        words += ["offer"] * (len(picks) + ("done" not in picks))
    if how == "basic" and subject == "wings-of-wind" or subject == "underground-travel" or \
            _special(effects, "temporal-portal"):
        words.append("move")  # where to: a step that reuses the action 'move Q:R'
    if how == "powered" and _special(effects, "call-to-arms"):  # the Unit of the offer, then one to disband if full
        words.append("recruit")
        hero = g.players[player]
        if command_tokens_used(hero) >= hero.command:
            words.append("disband")
    if subject == "dodge-and-weave" and how == "powered" and got.get("choose") == "2":  # the second attack -2
        words.append("also")
    if subject == "wings-of-wind" and how == "powered":  # Wings of Night: more enemies that do not attack, then done
        picks = [x[1] for x in play[2:] if x[0] == "also"]
        words += ["also"] * (len(picks) + ("done" not in picks))
    if how == "basic" and _special(effects, "banner"):  # the Unit it goes under
        words.append("banner")
    for e in effects:  # Meditation: each card of the discard pile taken, and where it goes in the deck
        if e.type == "special" and e.name == "meditation":
            words += ["deck"] * min(e.value, len(g.players[player].discard))
    for e in effects:  # Energy Flow: a Unit of each other player to spend, or none
        if e.type == "special" and e.name == "energy-flow":
            words += ["spend"] * len(energy_flow_targets(t, g, player, e.value))
    if _special(effects, "improvisation"):  # last: the discarded card is never shown pending
        words.append("discard")
    if _special(effects, "diplomacy") and how == "powered":
        words.append("colour")  # the Block's element this turn: red Fire, blue Ice
        return words, effects, costs, tuple(DIPLOMACY_ELEMENTS)
    colours = (*BASIC, "black") if _special(effects, "mana-draw") or _special(effects, "mana-pull-powered") else \
        BASIC if any(e.type == "crystal" or e.name in COLOUR_SPECIALS or e.name == "charm" for e in effects) else _ANY
    return words, effects, costs, colours


def _called_unit(t: Tables, g: GameState, player: int, got: dict[str, str]) -> \
        tuple[list[str], Option, list[tuple[str, ...]], tuple[str, ...]]:
    """Call to Arms (basic): ``recruit UNIT`` of the offer, ``choose N`` its ability, then the
    ability's choices and the mana: the Spell's own, then the ability's. In a combat, the Unit
    and the Spell's mana only (the Unit is lent to the combat)."""
    if "recruit" not in got:
        return ["recruit"], (), [()], ()
    if g.combat is not None:  # the Unit is lent to the combat: its ability is activated there
        own = _costs(t, "call-to-arms", "basic")
        return ["recruit", *["pay"] * len(own[0])], (), own, _ANY
    abilities = offer_abilities(t, got["recruit"])
    if "choose" not in got or not 1 <= int(got["choose"]) <= len(abilities):
        return ["recruit", "choose"], (), [()], ()
    ability = abilities[int(got["choose"]) - 1]
    effects = tuple(CardEffect.model_validate({"type": e.type, "value": e.value or 1, "colour": e.colour})
                    for e in ability.effects)
    costs = [(*c, *ability.mana) for c in _costs(t, "call-to-arms", "basic")]
    return ["recruit", "choose", *_effect_words(t, g, player, effects), *["pay"] * len(costs[0])], effects, costs, _ANY


def _tome_called_unit(t: Tables, g: GameState, player: int, play: list[Any], got: dict[str, str]) -> \
        tuple[list[str], Option, list[tuple[str, ...]], tuple[str, ...]]:
    """Call to Arms' basic effect by the Tome of All Spells (no mana for the Spell) or by Magic
    Talent (its own cost, then the Spell's mana as from the hand): the card discarded, the Spell,
    then Call to Arms' own steps (the Unit of the offer, its ability, its choices and mana)."""
    words, effects, costs, colours = _called_unit(t, g, player, got)
    white = len(_costs(t, "call-to-arms", "basic")[0])
    if "pay" in words and play[0] == "tome-of-all-spells":  # the Spell's own mana is not paid
        costs = [c[white:] for c in costs]
        words = words[:len(words) - white]
    elif "pay" in words:
        own = _costs(t, *TALENT)
        costs = [(*o, *c) for o in own for c in costs]
        words += ["pay"] * len(own[0])
    return ["discard", "learn", *words], effects, costs, colours


def _boxed(g: GameState, player: int, play: list[Any]) -> list[Any]:
    """The play of the Mysterious Box, in the play area, as the play of the Artifact it revealed
    (its own steps; ``play_card`` plays the Box as it); [] for any other play."""
    if play[0] != BOX_CARD or play[1] not in ("basic", "powered"):
        return []
    p = g.players[player]
    boxed = box_artifact(p) if BOX_CARD in p.play_area else ""
    return [boxed, *play[1:]] if boxed else []


def _offered_play(play: list[Any]) -> list[Any]:
    """Blood of Ancients (powered) after its ``wound`` and ``learn`` steps: the rest, as the play of
    the offered Advanced Action's powered effect."""
    return [play[3][1], "powered", *play[4:]]


def _blood_plan(t: Tables, g: GameState, player: int, play: list[Any]) -> \
        tuple[list[str], Option, list[tuple[str, ...]], tuple[str, ...]]:
    """Blood of Ancients (powered): ``wound hand|discard``, ``learn CARD`` of the Advanced Action
    offer, then that card's own steps as for its powered play, its mana (one, as Blood's own)
    replaced by Blood's red, any mana its effect pays after."""
    if len(play) < 4:
        return ["wound", "learn"][:len(play) - 1], (), [()], ()
    inner = _offered_play(play)
    words, effects, costs, colours = _plan(t, g, player, inner, _answers(inner)[0])
    n = len(t.card[inner[0]].powering[0])
    costs = [(*own, *c[n:]) for own in _costs(t, *BLOOD) for c in costs]
    return ["wound", "learn", *words], effects, costs, colours


def _circlet_inner(play: list[Any]) -> list[Any]:
    """The Circlet of Proficiency's play after its skill step, as the play of that skill."""
    return [play[2][1], "skill", *play[3:]]


def _next(t: Tables, g: GameState, player: int, play: list[Any]) -> tuple[str, list[tuple[str, ...]]] | None:
    """The next small decision of a pending play, with its possible answers (None: complete)."""
    if play[0] == BOX_CARD and _boxed(g, player, play):
        return _next(t, g, player, _boxed(g, player, play))
    if play[0] == "circlet-of-proficiency" and play[1] in ("basic", "powered"):
        if len(play) == 2:
            return "skill", [(k,) for k in circlet_skills(t, g, play[1] == "powered")]
        return None if play[1] == "powered" else _next(t, g, player, _circlet_inner(play))
    if play[0] == BLOOD[0] and play[1] == BLOOD[1] and len(play) >= 4:  # the offered card's own steps, but Blood's mana
        inner = _next(t, g, player, _offered_play(play))
        if inner is None or inner[0] != "pay":
            return inner
    got, paid = _answers(play)
    words, _effects, costs, colours = _plan(t, g, player, play, got)
    at = len(play) - 2
    if at >= len(words):
        return None
    word = words[at]
    p = g.players[player]
    if play[0] in ("druidic-staff", "tome-of-all-spells") and play[1] in ("basic", "powered") or \
            tuple(play[:2]) == TALENT:
        card_own = (staff_answers if play[0] == "druidic-staff" else tome_answers)(t, g, player, play, word)
        if card_own is not None:
            return word, card_own
    skill_own = own_answers(t, g, play[0], word, got) if play[1] == "skill" else None
    if skill_own is not None:  # the expansions' skills (skills/play_steps.py): Know Your Prey's choice
        return word, skill_own
    if word == "choose":
        if play[1] == "use-tactic":
            n = 2
        elif play[1] == "skill":
            n = len(t.skill[play[0]].effect)
        elif "power" in got:
            n = len(t.card[got["power"]].powered)
        elif play[0] in TWO_WAYS:
            n = 2
        elif play[0] == "call-to-arms":
            n = len(offer_abilities(t, got["recruit"]))
        elif play[0] == "maximal-effect":
            thrown = t.card[got["throw"]]
            n = len(thrown.basic if play[1] == "basic" else thrown.powered)
        else:
            n = len(t.card[play[0]].basic if play[1] == "basic" else t.card[play[0]].powered)
        return word, [(str(i),) for i in range(1, n + 1)]
    if word == "colour":
        return word, [(c,) for c in colours]
    if word == "wound":
        return word, [(x,) for x in WOUND_TO]
    if word == "die":
        taken = {x[1] for x in play[2:] if x[0] == "die"}
        return word, [(str(i + 1),) for i in range(len(g.source)) if i not in g.source_used and str(i + 1) not in taken]
    if word == "enemy":
        c = g.combat
        assert c is not None
        return word, [(str(i + 1),) for i, e in enumerate(c.enemies) if not (e.defeated or e.gone or replaced(c, i))]
    if word == "ready" and play[1] == "skill":  # Inspiration: a Spent or Wounded Unit
        return word, [(x,) for x, u in zip(unit_labels(p), p.units, strict=True) if u[1] or u[2]]
    if word == "ready":
        level = max(e.value for e in _effects if e.type == "ready-unit")
        return word, [(x,) for x in readiable(t, p, level)]
    if word == "move" and play[1] == "skill":  # Flight
        return word, [(_hs(h),) for h in flight_moves(t, g, player)]
    if word == "move":
        most = max((e.value for e in _effects if e.type == "special" and e.name == "temporal-portal"), default=0)
        attack = play[0] == "underground-travel" and play[1] == "powered"  # Underground Attack
        return word, [(_hs(h),) for h in spell_moves(t, g, player, play[0], most, attack)]
    if word == "recruit":  # a step of a play (Call to Glory): a Unit of the offer
        return word, [(x,) for x in sorted(set(g.unit_offer))]
    if word in ("disband", "banner"):  # the Unit under Bonds of Loyalty is never disbanded
        return word, [(x,) for x in unit_labels(p) if word == "banner" or x != p.bonded]
    if word == "unit":
        return word, [(x,) for x in unit_labels_of(g, player)]
    if word == "also" and play[0] == "dodge-and-weave":  # the second attack -2 (outside combat: refused when run)
        return word, [(str(i),) for i in dodge_second_attacks(g.combat, t, int(got.get("enemy", 0)))] \
            if g.combat is not None else [("1",)]
    if word == "scout":  # the Scouts: a face-down enemy token within 3 spaces, or the top of an enemy pile
        return word, [*((_hs(h),) for h in scout_spaces(t, g, player)), *((c,) for c in scout_piles(g, player))]
    if word == "spend":  # Energy Flow: the next other player's ready Units of the level, or none
        level = max(e.value for e in _effects if e.type == "special" and e.name == "energy-flow")
        _, labels = energy_flow_targets(t, g, player, level)[sum(1 for x in play[2:] if x[0] == "spend")]
        return word, [*((x,) for x in labels), ("none",)]
    if word == "also":  # Wings of Night: another enemy, each dearer in Move (outside combat: refused when run)
        if g.combat is None:
            return word, [("done",)]
        named = [int(got.get("enemy", 0))] + [int(x[1]) for x in play[2:] if x[0] == "also" and x[1] != "done"]
        return word, [*((str(i),) for i in wings_more(g.combat, named)), ("done",)]
    if word == "meditate":  # the cards chosen are already in the deck
        picks = [] if len(play) - 2 >= 5 else [(x,) for x in sorted(set(p.hand))]
        return word, [*picks, ("done",)]
    if word == "reroll":
        chosen = {int(x[1]) for x in play[2:]}
        depleted = [i + 1 for i, f in enumerate(g.source) if f == ("gold" if night_rules(g, player) else "black")]
        first = [d for d in depleted if d not in chosen] if len(chosen) < len(depleted) else \
            [i + 1 for i in range(len(g.source)) if i + 1 not in chosen]
        return word, [*([] if len(chosen) >= 2 else [(str(d),) for d in first]), ("done",)]
    if word == "coerce":  # Spent Units not yet chosen: of level I-II (Ruthless Coercion), any (Peaceful Moment, Rebirth)
        chosen = {x[1] for x in play[2:] if x[0] == "coerce"}
        top = 2 if play[0] == "ruthless-coercion" else 4
        return word, [*((x,) for x, u in zip(unit_labels(p), p.units, strict=True)
                        if u[2] and t.unit[u[0]].level <= top and x not in chosen), ("done",)]
    if word == "challenge":  # the other adjacent rampaging spaces not chosen yet, or done
        return word, [*((x,) for x in _other_rampaging(t, g, player, play)), ("done",)]
    if word == "shed" and play[1] == "discarding":  # facts 5.7 step 6: any non-Wound cards, at least one
        left = p.hand[:]
        for c in (x[1] for x in play[2:]):  # (and not Crystal Joy's card)
            left.remove(c)
        some = any(x[0] == "shed" for x in play[2:])
        return word, [*((x,) for x in sorted(set(left) - {WOUND})), *([("done",)] if some else [])]
    if word == "shed":  # Stout Resolve: a Wound (basic); cards, at most one Wound (powered)
        left = p.hand[:]
        if play[0] in left:  # (the Mysterious Box is played from the play area)
            left.remove(play[0])
        shed = [x[1] for x in play[2:] if x[0] == "shed"]
        for c in shed:
            left.remove(c)
        if _discards_for_bonus(_effects):  # Sword of Justice, Bow of Starsdawn: non-Wound cards
            cards = sorted(set(left) - {WOUND})
        elif play[1] == "basic":
            cards = [WOUND] if not shed and WOUND in left else []
        else:
            cards = [x for x in sorted(set(left)) if x != WOUND or WOUND not in shed]
        return word, [*((x,) for x in cards), ("done",)]
    if word == "offer":  # Offering: non-Wound cards with a colour, up to three
        left = p.hand[:]
        if play[0] in left:
            left.remove(play[0])
        for step in play[2:]:
            if step[0] == "offer" and step[1] != "done":
                left.remove(step[1])
        picks = [] if sum(1 for x in play[2:] if x[0] == "offer") >= 3 else \
            [(x,) for x in sorted(set(left) - {WOUND}) if t.card[x].colours]
        return word, [*picks, ("done",)]
    if word == "prepare":
        return word, [(x,) for x in sorted(set(p.deck))]
    if word == "terrain":
        return word, [(x,) for x in DRUIDIC_TERRAINS]
    if word == "rethink":
        left = p.hand[:]
        for step in play[2:]:
            left.remove(step[1])
        picks = [] if len(play) - 2 >= 3 else [(x,) for x in sorted(set(left))]
        return word, [*picks, ("done",)]
    if word == "deck":  # Meditation: a card of the discard pile (basic: the random ones), top or bottom
        placed = [x[1] for x in play[2:] if x[0] == "deck"]
        pool = meditation_cards(g, player, len(words) - words.index("deck")) if play[1] == "basic" \
            else p.discard[:]
        for x in placed:
            pool.remove(x)
        return word, [(x, where) for x in sorted(set(pool)) for where in DECK_ENDS]
    if word == "learn":  # an Advanced Action, or a Spell, of the offer
        return word, [(x,) for x in sorted(set(g.spell_offer if _special(_effects, "spell-from-offer") else g.aa_offer))]
    if word in ("power", "throw", "discard"):
        hand = sorted(set(p.hand) - {WOUND})
        own = play[0] if play[1] in HOWS else ""
        if play[1] == "skill":  # Invocation: a Wound too
            hand = sorted(set(p.hand))
        return word, [(x,) for x in hand if (x != own or p.hand.count(x) > 1) and
                      (word == "discard" or t.card[x].kind in ("basic", "hero", "advanced"))]
    # pay: the colours that a cost consistent with what is paid asks next, and their sources
    n = len(paid)
    colours_next = sorted({c[n] for c in costs if len(c) > n and all(c[i] == paid[i][0] for i in range(n))})
    spell = strong_spell_step(t, play, n)
    return word, [(c, src) for c in colours_next for src in mana_sources(g, player, c, spell)]


def strong_spell_step(t: Tables, play: list[Any], n: int) -> bool:
    """Whether the ``n``-th mana (0-based) a play pays powers a Spell's strong effect (Polarization, cards/mana.py)."""
    card = t.card.get(play[0]) if play[1] == "powered" else None
    return card is not None and card.kind == "spell" and n < len(card.powering[0])


def _run(t: Tables, g: GameState, player: int, play: list[Any], events: list[Event], trial: bool = False) -> None:
    """Apply a complete play by its rule function (``trial``: on a copy, tried only)."""
    got, paid = _answers(play)
    subject, how = play[0], play[1]
    mana = tuple(s for _, s in paid)
    option = int(got.get("choose", 1))
    if how == "steal":
        mana_steal(t, g, player, int(got["die"]), events)
    elif how == "altar":
        pay_altar(t, g, player, events, mana=mana)
    elif how == "buy-spell":
        buy_spell(t, g, player, subject, events, source=mana[0])
    elif how == "joining":
        start_movement_combat(t, g, player, events, joined=[_h(x[1]) for x in play[2:] if x[1] != "done"])
    elif how == "challenging":
        challenge(t, g, player, [_h(x) for x in (subject, *(x[1] for x in play[2:])) if x != "done"], events)
    elif how == "discarding":
        _end_with(t, g, player, subject.partition(":")[2], events,
                  [x[1] for x in play[2:] if x[0] == "shed" and x[1] != "done"],
                  joy=next((x[1] for x in play[2:] if x[0] == RETURN), ""))
    elif how == "use-tactic":
        picks = [x[1] for x in play[2:] if x[1] != "done"]
        if subject == "sparing-power":
            sparing_power(t, g, player, option, events)
        elif subject == "the-right-moment":
            the_right_moment(t, g, player, events)
        elif subject == "long-night":
            long_night(t, g, player, events)
        elif subject == "midnight-meditation":
            midnight_meditation(t, g, player, len(picks), events)
        elif subject == "mana-search":
            mana_search(t, g, player, [int(x) for x in picks], events)
        elif subject == "preparation":
            prepare(t, g, player, got["prepare"], events)
        else:
            rethink(t, g, player, picks, events)
    elif how in ("recruit", "reward-unit"):
        h = g.clone()  # disbanding for a Unit that is refused changes nothing
        if "disband" in got:
            disband_unit(t, h, player, got["disband"], events)
        if how == "recruit":
            recruit(t, h, player, subject, events, colour=got.get("colour", ""), source=mana[0] if mana else "")
        else:
            take_reward(t, h, player, "unit", subject, events)
        g.take_over(h)
    elif how == "skill" and subject == SHAMANIC_RITUAL and subject in g.players[player].skills_used:
        flip_back_shamanic_ritual(t, g, player, events)
    elif how == "skill" and subject == ARCANE_DISGUISE and arcane_flipped(g.players[player]):
        flip_back_arcane_disguise(t, g, player, mana[0] if mana else "", events)
    elif how == "skill" and subject == MANA_ENHANCEMENT and subject not in g.players[player].skills:
        return_enhancement(t, g, player, events)
    elif how == "skill" and subject in LATE_CHOICE:  # its `choose N` is what the enemy loses, not an option
        use_skill(t, g, player, subject, events, target=int(got.get("enemy", 0)), other=got.get("choose", ""))
    elif how == "skill":
        use_skill(t, g, player, subject, events, option=option, colour=got.get("colour", ""),
                  target=int(got.get("enemy", 0)), other=got.get("ready") or got.get("discard") or got.get("move", ""),
                  mana=mana)
    elif how.startswith(COMBAT_UNIT):
        _activate_paid(t, g, player, subject, how, paid, events)
    elif how.startswith("unit:"):
        activate_unit(t, g, player, subject, how[5:], events, mana=mana, colour=got.get("colour", ""),
                      other=got.get("ready") or got.get("scout", ""))
    else:
        args = _card_args(_offered_play(play) if (subject, how) == BLOOD else _boxed(g, player, play) or play)
        if (subject, how) == BLOOD:  # the offered card first in `others`, its own steps after
            args.update(others=(play[3][1], *args["others"]), wound_to=got.get("wound", ""))
        play_card(t, g, player, subject, how, events, in_place=trial, **args)


def _card_args(play: list[Any]) -> dict[str, Any]:
    """The arguments of ``play_card`` that a card play's answered steps give."""
    subject, how = play[0], play[1]
    got, paid = _answers(play)
    # the Tome's (Magic Talent's) discarded card goes first in `others`, the Spell's steps after
    tome = subject == "tome-of-all-spells" or (subject, how) == TALENT
    others = tuple(f"{x[2]}:{x[1]}" if x[0] == "deck" else x[1] for x in play[2:] if (x[0] in ("offer", "shed", "coerce", "disband", "deck", "also", "spend") or
                                                  x[0] == "colour" and subject == "spell-forge") and x[1] != "done")
    if subject == "druidic-staff":
        others = tuple(f"{x[0]}:{x[1]}" for x in play[2:] if x[0] != "pay")
    elif tome:  # (and the Unit of the offer, for Call to Arms / Glory)
        others = (got.get("discard", ""), *(("recruit:" + got["recruit"],) if "recruit" in got else ()), *others)
    return {"option": int(got.get("choose", 1)), "mana": tuple(src for _, src in paid), "colour": got.get("colour", ""),
            "target": int(got.get("enemy", 0)), "die": int(got.get("die", 0)),
            "other": got.get("power") or got.get("throw") or ("" if tome else got.get("discard")) or got.get("ready") or
            got.get("banner") or got.get("move") or got.get("unit", ""),
            "offered": got.get("learn") or got.get("recruit") or got.get("skill", ""),
            "others": others, "terrain": got.get("terrain", ""),
            "settings": tuple(zip((int(x[1]) for x in play[2:] if x[0] == "die"),
                                  (x[1] for x in play[2:] if x[0] == "colour"), strict=False))}


def _completes(t: Tables, g: GameState, player: int, play: list[Any]) -> bool:
    """Whether some way of answering the rest of the play is legal (tried on copies)."""
    nxt = _next(t, g, player, play)
    if nxt is None:
        return _works(lambda x: _run(t, x, player, play, [], trial=True), g)
    word, answers = nxt
    if word == "shed" and len(answers) > 2:
        # cards discarded for a bonus (Stout Resolve, Sword of Justice...): which ones never decides
        # whether the play completes, only its size; trying every order of every subset is
        # exponential in the hand (a play that cannot complete tried them all)
        answers = [answers[0], answers[-1]]
    return any(_completes(t, g, player, [*play, (word, *a)]) for a in answers)


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


def _play_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    acts: list[Action] = []
    p = g.players[player]
    for card in sorted(set(p.hand) - {WOUND}):
        for how in HOWS:
            if _completes(t, g, player, [card, how]):
                acts.append(shared_action("play", card, how))
    if box_artifact(p) and BOX_CARD in p.play_area:  # the Mysterious Box used as the Artifact it revealed
        acts += [shared_action("play", BOX_CARD, how) for how in ("basic", "powered")
                 if _completes(t, g, player, [BOX_CARD, how])]
    if g.sideways_bonus == "power-of-pain" and WOUND in p.hand:  # a Wound played sideways, worth 2
        acts += [shared_action("play", WOUND, how) for how in SIDEWAYS if _completes(t, g, player, [WOUND, how])]
    for skill in p.skills:
        if skill not in p.skills_used and t.skill[skill].type in ("turn", "round", "interactive") and \
                _completes(t, g, player, [skill, "skill"]):
            acts.append(shared_action("skill", skill))
    if ARCANE_DISGUISE in p.skills_used and arcane_flipped(p) and _completes(t, g, player, [ARCANE_DISGUISE, "skill"]):
        acts.append(shared_action("skill", ARCANE_DISGUISE))  # flipped back up (green mana) the turn it was used
    if p.skills_used and shamanic_ritual_flippable(g, player):  # flipped back up as the turn's action
        acts.append(shared_action("skill", SHAMANIC_RITUAL))
    if g.centre and enhancement_to_return(g, player) and g.combat is None:  # another's Mana Enhancement
        acts.append(shared_action("skill", MANA_ENHANCEMENT))
    return acts


def _tactic_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """A Tactic used during the round (facts 3.6), when its moment has come."""
    tactic = tactic_usable(t, g, player)
    if tactic in ("the-right-moment", "long-night"):  # no choice to make: usable is enough (no trial copy)
        return [shared_action("use-tactic", tactic)]
    return [shared_action("use-tactic", tactic)] if tactic and _completes(t, g, player, [tactic, "use-tactic"]) else []


def _unit_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Units' abilities outside combat (facts 3.4): those a ready, unwounded Unit can use now."""
    p = g.players[player]
    acts = []
    for label, u in zip(unit_labels(p), p.units, strict=True):
        if u[2] and p.banners.get(label) == "banner-of-courage":  # flipped to ready the Unit
            acts.append(shared_action("activate", label, "banner"))
        if u[1] or u[2]:
            continue
        for ability in t.unit[u[0]].abilities:
            if turn_ability(u[0], ability) and \
                    _completes(t, g, player, [label, "unit:" + ability.key]):
                acts.append(shared_action("activate", label, ability.key))
    return acts


def _site_mana(t: Tables, g: GameState, player: int, name: str, args: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The mana colours a site is paid with: a mage tower's Spell its colour (MAGE TOWER "7
    Influence plus a mana of the Spell's colour"), an altar the token's tribute (ANCIENT RUINS
    "Altar"); () where there is none to pay."""
    if name == "buy-spell":
        return (args[0],) if args and args[0] in BASIC else ()
    ruins = g.ruins.get(g.players[player].position)
    return t.ruins_token[ruins.id].mana if ruins is not None and t.ruins_token[ruins.id].kind == "altar" else ()


def _other_rampaging(t: Tables, g: GameState, player: int, play: list[Any]) -> list[str]:
    """MARAUDING ORCS / DRACONUM "Action" (RB Combat 1d: "If there are rampaging enemies on
    multiple adjacent spaces, you can choose to challenge one or more of them"): the other spaces
    next to the hero whose rampaging enemies may join the challenge of ``play``'s spaces."""
    chosen = {play[0], *(x[1] for x in play[2:])}
    p = g.players[player]
    return [_hs(h) for h in neighbours(p.position) if _hs(h) not in chosen and h not in p.provoked
            and rampaging_at(t, g, h)]


def joining_offered(t: Tables, g: GameState, player: int) -> bool:
    """RB Combat 2c: "If your move started a combat and there are one or more rampaging enemies
    adjacent to the space you moved into, you may challenge them to join the fight": whether the
    combat the move forces (``forced_combat``) waits for that choice."""
    p = g.players[player]
    if g.combat is not None or p.acted or not (p.provoked or (p.moving_done and assault_needed(t, g, player, p.position))):
        return False
    return bool(_other_rampaging(t, g, player, [JOIN, "joining"])) and \
        _works(lambda x: start_movement_combat(t, x, player, []), g)


def _pending_play_actions(t: Tables, g: GameState, player: int, play: list[Any]) -> list[Action]:
    nxt = _next(t, g, player, play)
    assert nxt is not None
    word, answers = nxt
    return [shared_action(word, *a) for a in answers if _completes(t, g, player, [*play, (word, *a)])]


# -- the turn ----------------------------------------------------------------------------------
def _turn_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    p = g.players[player]
    acts: list[Action] = []
    if _works(lambda x: announce_end_of_round(x, player, []), g):
        if must_announce(g, player):  # facts 5.7: with no cards at all, at the start of the turn
            return [ANNOUNCE]
        acts.append(ANNOUNCE)
    if not (p.path or p.acted or p.play_area or p.rested):
        for card in sorted(set(p.hand) - {WOUND}):
            acts.append(shared_action("rest", card))
        if p.hand and not set(p.hand) - {WOUND}:
            acts.append(shared_action("rest", WOUND))
            if p.must_play:  # facts 5.4: no card to play or discard but a Wound: Slow Recovery
                return acts + _tactic_actions(t, g, player)
    acts += _play_actions(t, g, player)
    acts += _tactic_actions(t, g, player)
    steps = neighbours(p.position)
    if has(p, "space-bending"):  # spaces 2 away as if adjacent
        steps = [*steps, *sorted(two_away(p.position))]
    for h in steps:
        if h in g.spaces and not move_refusal(t, g, player, h)[0]:
            acts.append(shared_action("move", _hs(h)))
    for grid in open_positions(g):
        if next_to(p.position, grid, explore_reach(p)) and _works(lambda x, gr=grid: explore(t, x, x.players[player], gr, []), g):
            acts.append(shared_action("explore", _hs(grid)))
    targets = attack_targets(t, g, player)
    if targets:  # facts 5.4: ending the move on another hero, the combat replaces the turn's action
        return acts + _unit_actions(t, g, player) + [shared_action("attack-hero", str(d + 1)) for d in targets]
    acts += _enter_actions(t, g, player)
    for h in neighbours(p.position):
        if _works(lambda x, hh=h: challenge(t, x, player, [hh], []), g):
            acts.append(shared_action("challenge", _hs(h)))
    for unit in sorted(set(g.unit_offer)):
        if _completes(t, g, player, [unit, "recruit"]):
            acts.append(shared_action("recruit", unit))
    acts += _unit_actions(t, g, player)
    if g.heal_points:  # Heal points left: Wounded Units whose level they pay
        acts += [shared_action("heal-unit", x) for x, u in zip(unit_labels(p), p.units, strict=True)
                 if u[1] and t.unit[u[0]].level <= g.heal_points]
    acts += _site_actions(t, g, player)
    if p.lasting and harvests_left(g, player):  # Savage Harvesting: a card for a crystal of its colour
        for card in sorted(set(p.hand) - {WOUND}):
            colours = harvest_colours(t, card)
            acts += [shared_action("harvest", card)] if len(colours) == 1 else \
                [shared_action("harvest", card, c) for c in colours]
    acts += _end_actions(t, g, player)
    if g.players[player].lasting:
        acts += _joy_actions(t, g, player)
    return acts


def _enter_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Entering the adventure site of the hero's space as the action; at a maze or labyrinth the
    path paid (2, 4 or 6 Move) and the ready, unwounded Unit taken along, if any, are named
    (MAZE "Entering", "Choosing Path")."""
    if site_here(t, g, player) not in MAZES:
        return [ENTER] if _works(lambda x: enter_site(t, x, player, []), g) else []
    p = g.players[player]
    paid = maze_move(p)
    along = [label for label, u in zip(unit_labels(p), p.units, strict=True) if not (u[1] or u[2])]
    return [shared_action("enter", str(path), *unit) for path in MAZE_PATHS if path <= paid
            for unit in ((), *((x,) for x in along))
            if _works(lambda x, path=path, unit=unit: enter_site(t, x, player, [], path=path, unit="".join(unit),
                                                                  move_paid=path), g)]


def _site_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Interaction and the other site actions (facts 4.4-4.6): each offered when its rule allows."""
    tries: list[tuple[Action, Any]] = [
        (shared_action("heal", "1"), lambda x: buy_healing(t, x, player, 1, [])),
        (PLUNDER, lambda x: plunder(t, x, player, [])),
        (BURN, lambda x: burn_monastery(t, x, player, [])),
        (ALTAR, lambda x: pay_altar(t, x, player, [])),
    ]
    tries += [(shared_action("buy-spell", c), lambda x, c=c: buy_spell(t, x, player, c, [])) for c in BASIC]
    aa = set(g.unit_offer_aa)
    if site_here(t, g, player) == "city":  # a conquered city's services (facts 4.6)
        tries += [(BUY_ARTIFACT, lambda x: buy_artifact(t, x, player, [])),
                  (ELITE_UNIT, lambda x: add_elite_unit(t, x, player, []))]
        aa |= set(g.aa_offer)
        aa.add(TOP_OF_DECK)  # the top card of the Advanced Action deck, blind (a green city)
    tries += [(shared_action("buy-advanced-action", c), lambda x, c=c: buy_advanced_action(t, x, player, c, []))
              for c in sorted(aa)]
    return [a for a, fn in tries if _works(fn, g)]


JOIN = "join"  # the pending play of rampaging enemies challenged to join a move's combat

HEALING_ESSENCE = ("glade", "hidden-valley")
RETURN = "return"  # the step of the end's discarding that names Crystal Joy's card
RETURN_DISCARD = "return-discard"  # Crystal Joy back to hand, then non-Wound cards discarded (facts 5.7 step 6)
WOUND_FROM = "wound-from-"  # end-turn wound-from-hand / -discard: Healing Essence's Wound thrown away


def _step_five_waits(t: Tables, g: GameState, player: int, **kw: Any) -> bool | None:
    """Whether ending the turn so stops at facts 5.7 step 5 (rewards or a level-up to choose, dice
    to roll: ``turn.end_turn``), step 6's discarding coming after them; None if the rule refuses
    it. (Whether it waits depends on no die: random crystals always make it wait.)"""
    x = g.clone()
    try:
        end_turn(t, x, player, [], **kw)
    except IllegalActionError:
        return None
    return x.players[player].draw_waits


def _end_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Ending the turn: with the crystal colour a deep mine asks for; on a magical glade or the
    Hidden Valley also throwing away a Wound of the hand or the discard pile (MAGICAL GLADE
    "Healing Essence": "you can", so the plain end is offered too). Step 6's discarding is named
    with the end only when step 5 has nothing to take (facts 5.7: the rewards come first)."""
    p = g.players[player]
    shed = any(c != WOUND for c in p.hand)  # facts 5.7 step 6: "you may discard any non-Wound cards"
    waits = _step_five_waits(t, g, player)
    if waits is not None:
        shed = shed and not waits
        acts = [END_TURN, *([END_DISCARDING] if shed else [])]
        ends_on = [space(t, g, h) for h in (p.position, p.came_from) if h is not None]  # or withdrawn to
        if any(x is not None and x.site in HEALING_ESSENCE for x in ends_on) and (WOUND in p.hand or WOUND in p.discard):
            essence = [WOUND_FROM + w for w in ("hand", "discard")
                       if _works(lambda x, w=w: end_turn(t, x, player, [], throw_away=w), g)]
            acts += [shared_action("end-turn", w) for w in essence]
            # step 4's Wound thrown away, then step 6's discarding (the choices of the end in their order)
            acts += [shared_action("end-turn-discard", w) for w in essence if shed]
        return acts
    mine = [c for c in BASIC if _works(lambda x, c=c: end_turn(t, x, player, [], crystal=c), g)]
    shed = shed and bool(mine) and not _step_five_waits(t, g, player, crystal=mine[0])
    return [*(shared_action("end-turn", c) for c in mine), *(shared_action("end-turn-discard", c) for c in mine if shed)]


def _draw_actions(g: GameState, player: int) -> list[Action]:
    """Facts 5.7 step 6 after the rewards of step 5: discard any non-Wound cards, or none, then draw."""
    return [END_TURN, *([END_DISCARDING] if any(c != WOUND for c in g.players[player].hand) else [])]


def _end_with(t: Tables, g: GameState, player: int, choice: str, events: list[Event],
              discard: Sequence[str] = (), joy: str = "") -> None:
    """End the turn with step 4's choice (a deep mine's crystal colour, or Healing Essence's
    ``wound-from-hand|discard``; "" for none), step 6's discarded cards (facts 5.7) and the card
    discarded to take Crystal Joy back (``joy``)."""
    if choice.startswith(WOUND_FROM):
        where = choice[len(WOUND_FROM):]
        if where not in ("hand", "discard"):
            raise IllegalActionError(f"a Wound is thrown away from the hand or the discard pile "
                                     f"({WOUND_FROM}hand, {WOUND_FROM}discard), not {where!r}", "MAGICAL GLADE")
        end_turn(t, g, player, events, throw_away=where, discard=discard, joy=joy)
    else:
        end_turn(t, g, player, events, crystal=choice, discard=discard, joy=joy)


def _joy_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Crystal Joy: end the turn discarding a card to take it back to hand (``return CARD``).
    Not when this turn ends the round: every card is then shuffled into the deck, so taking it
    back changes nothing (and would only show the others a card of the hand)."""
    acts = []
    # with step 4's choice of the end (a deep mine's crystal, Healing Essence): ``return CARD CHOICE``
    choices = ["", *(a.args[0] for a in _end_actions(t, g, player) if a.name == "end-turn" and a.args)]
    for c in crystal_joy_cards(g, player):
        for choice in choices:
            x = g.clone()
            try:
                _end_with(t, x, player, choice, [], joy=c)
            except IllegalActionError:
                continue
            waits = x.players[player].draw_waits  # step 5 to take: step 6 is asked after it
            if not (x.round_over or waits and g.announced_by >= 0 and g.final_turns == [player]):
                acts.append(shared_action("return", c, choice) if choice else shared_action("return", c))
                # and facts 5.7 step 6's discarding after it: ``return-discard CARD [CHOICE]``, then shed...
                left = g.players[player].hand[:]
                left.remove(c)
                if any(w != WOUND for w in left) and not waits:
                    acts.append(shared_action(RETURN_DISCARD, c, choice) if choice else shared_action(RETURN_DISCARD, c))
    return acts


def reward_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Facts 6.1, 6.2: the choices for the first pending reward."""
    p = g.players[player]
    reward = p.pending[0]
    acts: list[Action] = []
    if reward == "skill-and-advanced-action":
        pairs = [(k, a) for k in p.skill_pile[-2:] for a in g.aa_offer]
        pairs += [(k, g.aa_offer[-1]) for k in g.common_skills if g.aa_offer]
        for k, a in sorted(set(pairs)):
            if _works(lambda x, k=k, a=a: level_up_reward(t, x, player, k, a, []), g):
                acts.append(shared_action("level-up", k, a))
        return acts
    kind, _, detail = reward.partition(":")
    drawn = g.artifact_deck[len(g.artifact_deck) - artifacts_drawn(g, p):]  # N + 1 for N won (facts 6.1)
    choices = {"spell": g.spell_offer, "advanced-action": [] if detail else g.aa_offer,
               "artifact": drawn, "unit": g.unit_offer, "crystal-choice": list(BASIC)}.get(kind, [])
    full = kind == "unit" and command_tokens_used(p) >= p.command  # a Unit is disbanded first (facts 6.1)
    for c in sorted(set(choices)) or [""]:
        if _completes(t, g, player, [c, "reward-unit"]) if full else \
                _works(lambda x, c=c: take_reward(t, x, player, reward, c, []), g):
            acts.append(shared_action("take", reward, c) if c else shared_action("take", reward))
    return acts


def drop_untakeable(t: Tables, g: GameState, player: int, events: list[Event]) -> bool:
    """Rewards that no choice can take (an empty offer) are lost (our reading); whether a
    reward is left to take."""
    p = g.players[player]
    while p.pending and not reward_actions(t, g, player):
        events.append(Event("reward-lost", f"cannot take the {p.pending[0]} reward: nothing to take", player))
        p.pending.pop(0)
    return bool(p.pending)


def forced_combat(t: Tables, g: GameState, player: int, events: list[Event]) -> None:
    """A move that provoked rampaging enemies or entered a fortified site starts its combat at
    once (facts 4.1, 5.5; ``sites.start_movement_combat``). A rival's keep with its owner there
    is player-versus-player combat: the move ends there and ``attack-hero N`` is the action left."""
    p = g.players[player]
    if g.combat is not None or p.acted or not (p.provoked or (p.moving_done and assault_needed(t, g, player, p.position))):
        return
    try:
        start_movement_combat(t, g, player, events)
    except IllegalActionError:
        p.provoked = []


COMBAT_WORDS = ("target", "block", "assign", "resolve", "spend-move")  # the actions only a combat has


def explain(t: Tables, m: MKState, a: Action) -> tuple[str, str]:
    """Why ``a`` is refused now, in the words of the rule that refuses it."""
    d = turn_decision(t, m)
    if a in d.actions:
        return "", ""
    if m.g.asked:
        return f"{a.text} is not one of the choices now: {d.prompt}", asked_rule(m.g)
    if m.answering and not m.play:
        return f"{a.text} is not one of the choices now: {d.prompt}", RULE_ANSWER
    if m.g.pvp is not None:  # the combat between heroes refuses by its own rules
        try:
            apply_pvp(t, m.g.clone(), a, [], decider(t, m))
        except IllegalActionError as e:
            return e.reason, e.rule
        return f"{a.text} is not one of the choices now: {d.prompt}", PVP_RULE
    if any(x.name == "attack-hero" for x in d.actions) and a.name in ("end-turn", "enter", "challenge", "recruit",
                                                                     "heal", "plunder", "burn", "altar", "buy-spell",
                                                                     "buy-advanced-action", "buy-artifact", "elite-unit",
                                                                     "end-turn-discard"):
        return ("you are on another hero's space: attacking them is this turn's action, unless you move on "
                "(facts 5.4, 5.5)", PVP_RULE)
    named = _replaced_named(t, m, a)
    if named:
        return named, REPLACED_RULE
    if m.play:
        if a.name in ("pay", "colour") and a.args:  # Polarization's black by Day, gold at Night (cards/mana.py)
            paid = sum(1 for x in m.play[2:] if x[0] == "pay")
            why = polarization_blocks(m.g, m.g.current, str(a.args[0]), strong_spell_step(t, m.play, paid))
            if why:
                return why, POLARIZATION_RULE
        why = _invocation_colour_refused(m, a)
        if why:
            return why, "Using Skills"
        return f"{a.text} is not one of the choices now: {d.prompt}", "A turn"
    choosing = tactic_picker(m.g) >= 0  # (then any other word is refused as not a Tactic, below)
    if a.name in COMBAT_WORDS and m.g.combat is None and not choosing:  # an action of another moment
        return f"{a.name!r} is a combat action, and there is no combat now: {d.prompt}", "COMBAT"
    if a.name == "next" and m.g.combat is None and not choosing:
        return ("'next' ends a phase of a combat, or passes as another player's turn begins: neither is "
                f"asked now: {d.prompt}", "A turn")
    if a.name == "tactic" and not choosing:
        return f"Tactics are chosen as each round begins, before its first turn: now {d.prompt}", "Tactics"
    if a.name != "tactic" and all(x.name == "tactic" for x in d.actions):  # (choose_tactic reads any name's word)
        return f"{a.name!r} is not an action now: {d.prompt} (tactic TACTIC)", "Tactics"
    start = _start(t, m, a)
    if start is not None:
        g = m.g.clone()
        try:
            while (nxt := _next(t, g, g.current, start)) is not None and nxt[1]:
                start.append((nxt[0], *nxt[1][0]))  # the first answer of each step shows the rule
            _run(t, g, g.current, start, [])
        except IllegalActionError as e:
            return e.reason, e.rule
    elif tactic_picker(m.g) >= 0 and a.name != "tactic":  # not a Tactic named by its first word
        return f"{a.name!r} is not an action now: {d.prompt}", "Tactics"
    elif a.name not in ("play", "skill", "activate", "recruit", *STEP_WORDS):
        try:
            apply_turn_action(t, m.clone(), a, [])
        except IllegalActionError as e:
            return e.reason, e.rule
        except (IndexError, ValueError, KeyError):
            if a.name not in {x.name for x in d.actions}:  # a word of no action now (e.g. 'fly')
                rule = "Tactics" if all(x.name == "tactic" for x in d.actions) else "A turn"
                return f"{a.name!r} is not an action now: {d.prompt}", rule
            return f"{a.text!r} is not well formed", "A turn"
    return f"{a.text} is not one of the choices now: {d.prompt}", "A turn"


def _invocation_colour_refused(m: MKState, a: Action) -> str:
    """Facts 3.5 Invocation, at its colour step: why the colour named is refused (the card
    discarded gives two colours; "the token must be spent at once" leaves those usable now), or ""."""
    if not (m.play[:2] == ["invocation", "skill"] and a.name == "colour" and len(a.args) == 1):
        return ""
    card = next((x[1] for x in m.play[2:] if x[0] == "discard"), "")
    colour, gives = str(a.args[0]), invocation_colours(card)
    if colour not in gives:
        return (f"Invocation: discarding {'a Wound' if card == WOUND else 'that card'} gives a "
                f"{' or '.join(gives)} mana token")
    if colour not in invocation_colours_now(m.g, card, m.g.polarized):
        return (f"Invocation: the token must be spent at once, and {colour} mana cannot be used "
                f"{night_words(m.g, m.g.current)}")
    return ""


HAND_WORDS = ("play", "power", "throw", "discard", "rest", "rethink", "prepare", "meditate", "offer", "shed",
              "return", "harvest", "return-discard")  # name a card of the hand or deck


def _seen(m: MKState, player: int, card: str) -> int:
    """How many copies of ``card`` of the player's lie where every player sees them: the play
    area, the discard pile, thrown away, or the play being put together."""
    p = m.g.players[player]
    pending = sum(1 for step in m.play[:1] + m.play[2:] if card in step) if m.play else 0
    banners = sum(1 for b in p.banners.values() if b.partition(":")[0] == card)  # under a Unit, face up
    return p.play_area.count(card) + p.discard.count(card) + p.thrown.count(card) + pending + banners


def action_text(t: Tables, m: MKState, a: Action, viewer: int | None) -> str:
    """What ``viewer`` is shown of the decider's action ``a``: a card of the decider's hand that
    the action names is shown only if the action puts it where everyone sees it (played,
    discarded, thrown away, or in the play being put together); else it reads "a card"."""
    player = decider(t, m)
    p = m.g.players[player]
    if viewer == player or a.name not in HAND_WORDS or not any(w in p.hand or w in p.deck for w in a.args):
        return a.text
    after = m.clone()
    try:
        apply_turn_action(t, after, a, [])
    except (IllegalActionError, IndexError, KeyError, ValueError):  # not an answer of now
        return a.text
    words = [w if not (w in p.hand or w in p.deck) or _seen(after, player, w) > _seen(m, player, w) else "a-card"
             for w in a.args]
    return " ".join((a.name, *words))


def _stealer(m: MKState) -> int:
    """The player whose Mana Steal, just taken, waits for its die (-1: none)."""
    if m.play and m.play[1] == "steal":
        return next(i for i, p in enumerate(m.g.players) if p.tactic == "mana-steal")
    return -1


def decider(t: Tables, m: MKState) -> int:
    """Who decides now: the player choosing a Tactic (or a die for Mana Steal), in a combat
    between heroes the hero who answers, or the player whose turn it is."""
    g = m.g
    if (who := _stealer(m)) >= 0:
        return who
    if g.asked:  # another player asked in the middle of the turn (Mind Read)
        return g.asked[0][0]
    if g.pvp is not None:
        return pvp_actions(t, g)[0]
    who = tactic_picker(g)
    if who < 0 and m.answering and not m.play:
        return m.answering[0]
    return who if who >= 0 else g.current


def _replaced_named(t: Tables, m: MKState, a: Action) -> str:
    """Summon Attack: the refusal of an enemy answer or a Unit's ability that names a summoner
    its summoned token replaces ("" for any other action)."""
    c = m.g.combat
    word = a.args[0] if a.name == "enemy" and m.play and a.args else \
        a.args[2] if a.name == "activate" and len(a.args) == 3 else ""
    n = enemy_index(word)
    if c is None or not 0 <= n < len(c.enemies) or not replaced(c, n):
        return ""
    return (f"{a.args[0]}: " if a.name == "activate" else "") + replaced_reason(c, t, n)


def _start(t: Tables, m: MKState, a: Action) -> list[Any] | None:
    """The pending play that a refused ``play``, ``skill``, ``activate`` or ``recruit`` would
    begin, when its words name things that exist (to explain the refusal by its rule)."""
    g, args = m.g, a.args
    if not m.play and a.name == "activate" and g.combat is not None:  # a Unit's ability waiting for its mana
        return _unit_mana_plays(t, g).get(a.text)
    if m.play or len(args) != (1 if a.name in ("skill", "recruit") else 2):
        return None
    p = g.players[g.current]
    if a.name == "play" and args[0] in t.card and args[0] in p.hand and args[0] != WOUND and args[1] in HOWS:
        return [args[0], args[1]]
    if a.name == "skill" and args[0] in p.skills:
        return [args[0], "skill"]
    if a.name == "activate" and g.combat is None and args[0] in unit_labels(p):
        unit = t.unit[p.units[unit_labels(p).index(args[0])][0]]
        if any(x.key == args[1] for x in unit.abilities):
            return [args[0], "unit:" + args[1]]
    if a.name == "recruit" and args[0] in t.unit:
        return [args[0], "recruit"]
    return None


def turn_of(m: MKState) -> int:
    """Whose turn the players answering now answer on: the Dummy player's (``DUMMY``) when its
    turn waits for them (Solo Conquest), else the current player's."""
    return DUMMY if m.dummy_pending else m.g.current


def turn_decision(t: Tables, m: MKState) -> Decision:
    """The question now, in a game that is not over and whose automatic steps are done."""
    g = m.g
    if (who := _stealer(m)) >= 0:
        return Decision(who, "Mana Steal: take a Source die showing a basic colour",
                        tuple(_pending_play_actions(t, g, who, m.play)))
    if g.asked:  # a player asked answers (rounds/answers.py: Mind Read in a turn, an upkeep as a round begins)
        who, prompt, asked = asked_decision(t, g)
        return Decision(who, prompt, tuple(asked))
    who = tactic_picker(g)
    if who >= 0:
        return Decision(who, "Choose a Tactic", tuple(shared_action("tactic", x) for x in g.tactics))
    player = g.current
    if m.answering and not m.play:  # another player's moment to answer as the turn begins (rounds/answers.py)
        who, turn = m.answering[0], turn_of(m)
        loot = may_plunder(t, g, who, turn)  # VILLAGE "Plundering": during another player's turn
        whose = "The Dummy player's" if m.dummy_pending else f"Player {player + 1}'s"
        return Decision(who, f"{whose} turn begins: {'plunder the village or ' if loot else ''}"
                        "use a skill now, or next",
                        (*(shared_action("skill", k) for k in answer_skills(t, g, who, turn)),
                         *([PLUNDER] if loot else []), NEXT))
    if g.pvp is not None:  # the defender answers during the attacker's turn
        pd = pvp_decision(t, g)
        assert pd is not None
        return Decision(pd.player, f"Combat with player {g.pvp.defender.player + 1 if pd.player == player else player + 1}: "
                        f"{pd.prompt}", pd.actions)
    if g.combat is not None:
        d = combat_decision(t, g.combat)
        assert d is not None
        extra = [] if m.play else _play_actions(t, g, player)
        if not m.play:
            extra += [shared_action(*text.split()) for text, play in _unit_mana_plays(t, g).items()
                      if _completes(t, g, player, play)]
        acts = _pending_play_actions(t, g, player, m.play) if m.play else [*d.actions, *extra]
        return Decision(player, d.prompt, tuple(acts))
    if m.play:
        return Decision(player, f"Finish playing {m.play[0]}", tuple(_pending_play_actions(t, g, player, m.play)))
    if g.centre and source_freeze_waiting(g, player):  # facts 3.5: Source Freeze back, a crystal first
        return Decision(player, "Source Freeze comes back: a crystal of a basic colour showing in the Source",
                        tuple(shared_action("colour", c) for c in frozen_colours(g)))
    if not m.turn_begun and g.players[player].pending:
        return Decision(player, f"Take your reward: {g.players[player].pending[0]}", tuple(reward_actions(t, g, player)))
    if not m.turn_begun and g.players[player].draw_waits:  # facts 5.7 step 6, after the rewards
        return Decision(player, "End of the turn: discard any non-Wound cards (end-turn-discard), then draw up to "
                        "your Hand limit (end-turn)", tuple(_draw_actions(g, player)))
    return Decision(player, "Your turn", tuple(_turn_actions(t, g, player)))


def apply_turn_action(t: Tables, m: MKState, a: Action, events: list[Event]) -> None:
    """Apply one legal action by its rule function."""
    g = m.g
    player = decider(t, m)
    name, args = a.name, a.args
    if g.asked:  # the player asked answers (rounds/answers.py)
        answer_asked(t, g, a, events)
        return
    if g.pvp is not None:
        apply_pvp(t, g, a, events, player)
        return
    if m.answering and not m.play:  # another player answers as the turn begins (rounds/answers.py)
        turn = turn_of(m)
        if name == "skill" and args:
            answer(t, g, player, args[0], events, turn)
        elif name == "plunder" and not args:
            plunder(t, g, player, events, turn)
        elif name != "next":
            whose = "the Dummy player's" if m.dummy_pending else f"player {g.current + 1}'s"
            raise IllegalActionError(f"{a.text}: it is {whose} turn; use a skill now, or next", RULE_ANSWER)
        if name == "next" or not (answer_skills(t, g, player, turn) or may_plunder(t, g, player, turn)):
            m.answering = m.answering[1:]
        return
    if not m.play and g.centre and source_freeze_waiting(g, player) and g.combat is None:
        source_freeze_back(t, g, player, args[0] if name == "colour" and args else "", events)
        return
    if not m.play and name not in ("use-tactic", "take", "level-up", "tactic"):
        tactic_moment_passed(g, player)  # Rethink / Preparation: only before anything else of the turn
    if m.play and name == "meditate" and args[0] != "done":  # into the deck at once, unseen
        p = g.players[player]
        p.hand.remove(args[0])
        on_top(p, args[0], seen=False)  # an unseen card now lies above those seen (knowledge/seen.py)
        m.play.append((name, "a-card"))
    elif m.play and (name in STEP_WORDS or name in ("move", "recruit", "skill", "challenge")):  # steps that reuse a turn action
        m.play.append((name, *args))
    elif tactic_picker(g) >= 0:
        choose_tactic(t, g, player, args[0], events)
        tactic_when_taken(t, g, player, args[0], events)
        if args[0] == "mana-steal" and mana_steal_possible(g):  # the die is chosen at once
            m.play = ["mana-steal", "steal"]
    elif name == "play":
        m.play = [args[0], args[1]]
    elif name == "skill":
        m.play = [args[0], "skill"]
    elif name == "use-tactic":
        m.play = [args[0], "use-tactic"]
    elif name == "activate" and g.combat is None and args[1:] == ("banner",):
        flip_banner(t, g, player, args[0], events)
    elif name == "activate" and g.combat is None:
        m.play = [args[0], "unit:" + args[1]]
    elif name == "recruit":
        m.play = [args[0], "recruit"]
    elif g.combat is not None and name == "activate" and a.text in (waiting := _unit_mana_plays(t, g)):
        m.play = waiting[a.text]
    elif g.combat is not None:
        watch = watch_combat(t, g, player, a)  # cards waiting on a block or an attack (specials_actions)
        apply_combat(t, g.combat, a, events, g.rng)
        if watch is not None:
            after_combat_action(t, g, player, watch, events)
    elif name == "announce":
        announce_end_of_round(g, player, events)
    elif name == "rest":
        p = g.players[player]
        cards = [WOUND] if args[0] == WOUND else [args[0]] + [WOUND] * p.hand.count(WOUND)
        rest(g, player, cards, events)
    elif name == "move":
        move(t, g, player, _h(args[0]), events)
    elif name == "explore":
        explore(t, g, g.players[player], _h(args[0]), events)
    elif name == "enter" and args:  # a maze's or labyrinth's path, and the Unit taken along
        path = int(args[0])
        enter_site(t, g, player, events, path=path, unit=args[1] if len(args) > 1 else "",
                   move_paid=min(path, maze_move(g.players[player])))
    elif name == "enter":
        enter_site(t, g, player, events)
    elif name == "challenge" and _other_rampaging(t, g, player, [args[0], "challenging"]):
        m.play = [args[0], "challenging"]  # more adjacent rampaging spaces may join (RB Combat 1d)
    elif name == "challenge":
        challenge(t, g, player, [_h(args[0])], events)
    elif name == "attack-hero":
        start_pvp(t, g, player, int(args[0]) - 1, events)
    elif name == "heal":
        buy_healing(t, g, player, int(args[0]), events)
    elif name == "heal-unit":
        heal_unit(t, g, player, args[0], events)
    elif name == "plunder":
        plunder(t, g, player, events)
    elif name == "burn":
        burn_monastery(t, g, player, events)
    elif name in ("altar", "buy-spell") and len(_site_mana(t, g, player, name, args)) > 0 and \
            any(len(mana_sources(g, player, c)) > 1 for c in _site_mana(t, g, player, name, args)):
        m.play = [args[0] if args else name, name]  # which mana pays it: the player names each source
    elif name == "altar":
        pay_altar(t, g, player, events)
    elif name == "buy-spell":
        buy_spell(t, g, player, args[0], events)
    elif name == "buy-advanced-action":
        buy_advanced_action(t, g, player, args[0], events)
    elif name == "buy-artifact":
        buy_artifact(t, g, player, events)
    elif name == "elite-unit":
        add_elite_unit(t, g, player, events)
    elif name == "harvest":
        harvest(t, g, player, args[0], args[1] if len(args) > 1 else "", events)
    elif name == "return":  # Crystal Joy back to hand as the turn ends (with step 4's choice, if named)
        _end_with(t, g, player, args[1] if len(args) > 1 else "", events, joy=args[0])
        m.turn_begun = False
    elif name == RETURN_DISCARD:  # Crystal Joy back to hand, then step 6's discarding (facts 5.7)
        choice = args[1] if len(args) > 1 else ""
        _end_with(t, g.clone(), player, choice, [], joy=args[0])  # raises the rule's refusal
        m.play = ["end-turn:" + choice if choice else "end-turn", "discarding", (RETURN, args[0])]
    elif name == "end-turn-discard" and args:  # a deep mine's crystal or Healing Essence first (facts 5.7 step 4)
        if not _works(lambda x: _end_with(t, x, player, args[0], []), g):
            _end_with(t, g.clone(), player, args[0], [])  # raises the rule's refusal
        m.play = ["end-turn:" + args[0], "discarding"]
    elif name == "end-turn-discard":
        m.play = ["end-turn", "discarding"]
    elif name == "end-turn" and args and args[0].startswith(WOUND_FROM):
        where = args[0][len(WOUND_FROM):]
        if where not in ("hand", "discard"):
            raise IllegalActionError(f"a Wound is thrown away from the hand or the discard pile "
                                     f"({WOUND_FROM}hand, {WOUND_FROM}discard), not {where!r}", "MAGICAL GLADE")
        end_turn(t, g, player, events, throw_away=where)
        m.turn_begun = False
    elif name == "end-turn":
        end_turn(t, g, player, events, crystal=args[0] if args else "")
        m.turn_begun = False
    elif name == "take" and args[0] == "unit" and command_tokens_used(g.players[player]) >= g.players[player].command:
        m.play = [args[1], "reward-unit"]
    elif name == "take":
        take_reward(t, g, player, args[0], args[1] if len(args) > 1 else "", events)
    elif name == "level-up":
        level_up_reward(t, g, player, args[0], args[1], events)
    else:
        raise IllegalActionError(f"unknown action {a.text!r}", "A turn")
    step = _next(t, g, player, m.play) if m.play else None
    if m.play and step is None:
        play, m.play = m.play, []
        _run(t, g, player, play, events)
        if play[1] == "discarding":  # the turn has ended
            m.turn_begun = False
    elif step is not None and step[0] == "deck" and m.play[1] == "basic":  # Meditation's random cards, now shown
        take_meditation_cards(g, player, _plan(t, g, player, m.play, _answers(m.play)[0])[0].count("deck"))


__all__ = ["action_text", "decider", "strong_spell_step", "apply_turn_action", "drop_untakeable", "explain", "forced_combat",
           "joining_offered", "reward_actions", "turn_decision"]
