"""What a pending play asks (facts 5.3, 5.4; cards 3.1-3.3, skills 3.5, Units 3.4, Tactics 3.6):
the steps of ``m.play`` that a card played basic, powered or sideways, a skill, a Unit's ability,
a recruit, a Tactic, a site paid with mana, a challenge or the end's discarding needs, as far as
the answers so far tell, and the possible answers of its next step. Which answers can finish the
play is tried in ``card_plays``; this module only reads the state."""

from __future__ import annotations

from typing import Any

from ..cards.artifacts import STAFF_READY, circlet_skills, staff_answers, staff_words, tome_answers
from ..cards.combat_cards import dodge_second_attacks, unit_labels_of
from ..cards.deck import WOUND
from ..cards.effects import readiable
from ..cards.influence_cards import DIPLOMACY_ELEMENTS
from ..cards.mana import mana_sources, night_rules
from ..cards.movement_spells import spell_moves
from ..cards.offer_plays import WOUND_TO
from ..cards.offers import level_up_cards, unit_labels
from ..cards.playing import BOX_CARD, SIDEWAYS
from ..cards.spells import (
    DECK_ENDS,
    charm_bonus,
    energy_flow_targets,
    meditation_cards,
    offer_abilities,
    wings_more,
)
from ..cards.terrain_cards import DRUIDIC_TERRAINS
from ..cards.unit_activation import UNIT_TURN_TYPES
from ..cards_model import CardEffect, Option
from ..combat.enemies import replaced
from ..content import Tables
from ..game_state import (
    BASIC,
    GameState,
    banner_of_command_waiting,
    box_artifact,
    command_tokens_used,
)
from ..skills.consulted import ARCANE_DISGUISE, arcane_flipped
from ..skills.flight import flight_moves
from ..skills.in_combat import IGNORE_DAMAGE
from ..skills.interactive import EXPLOIT_COLOURS, MANA_ENHANCEMENT, MANA_EXPLOIT, enhanced_colours
from ..skills.mana import REGENERATE, SHAMANIC_RITUAL, invocation_colours_now
from ..skills.play_steps import own_answers, own_steps
from ..units.outside_combat import SCOUTING, scout_piles, scout_spaces
from .combat_starts import _other_rampaging
from .end_of_turn import RETURN
from .site_actions import _site_mana
from .unit_mana_plays import COMBAT_UNIT, _combat_ability
from .words import HOWS, _hs

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
# the cards whose plays ask steps of their own, by name (``_plan``, ``_next``): never judged from their effects alone
OWN_STEPS = frozenset((
    "blood-of-ancients", "book-of-wisdom", "call-to-arms", "charm", "circlet-of-proficiency", "dodge-and-weave",
    "druidic-paths", "druidic-staff", "force-of-nature", "magic-talent", "mana-claim", "mana-storm", "maximal-effect",
    "ruthless-coercion", "song-of-wind", "spell-forge", "tome-of-all-spells", "training", "underground-travel",
    "wings-of-wind",
))
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
    if how == "level-up":  # facts 6.2: the skill chosen, then its Advanced Action
        return ["learn"], (), [()], ()
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
    specials = {e.name for e in effects if e.type == "special"}  # (each looked up below: once)
    for e in effects:  # Mana Pull's strong effect: each die, then its colour
        if e.type == "special" and e.name == "mana-pull-powered":
            words += ["die", "colour"] * e.value
    costs = _costs(t, subject, how)
    if (subject, how) == TALENT:  # the Spell's own mana, as if played from the hand
        costs = [(*c, *t.card[got["learn"]].basic_cost) for c in costs]
    if blood or not specials.isdisjoint(("crystallize", "pay-mana-by-colour", "mana-bolt")):
        costs = [(*c, got.get("colour", "")) for c in costs]  # a mana of the chosen colour, after the cost
    if subject == "song-of-wind" and "lake-crossing" in specials:  # a blue mana to cross lakes
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
    if ("advanced-from-offer" in specials or "spell-from-offer" in specials) and "learn" not in words:
        words.append("learn")
    if subject == "force-of-nature" and how == "basic":  # the Unit that gains Physical resistance
        words.append("unit")
    if "ready-units-for-influence" in specials or how == "powered" and ("peaceful-moment" in specials or "restoration" in specials):
        # Units to ready, then done
        picks = [x[1] for x in play[2:] if x[0] == "coerce"]
        words += ["coerce"] * (len(picks) + ("done" not in picks))
    if "stout-resolve" in specials or _discards_for_bonus(effects):  # cards to discard, then done
        picks = [x[1] for x in play[2:] if x[0] == "shed"]
        words += ["shed"] * (len(picks) + ("done" not in picks))
    if how == "basic" and "offering" in specials:  # up to three cards, then done
        picks = [x[1] for x in play[2:] if x[0] == "offer"]
        words += ["offer"] * (len(picks) + ("done" not in picks))
    if how == "basic" and subject == "wings-of-wind" or subject == "underground-travel" or \
            "temporal-portal" in specials:
        words.append("move")  # where to: a step that reuses the action 'move Q:R'
    if how == "powered" and "call-to-arms" in specials:  # the Unit of the offer, then one to disband if full
        words.append("recruit")
        hero = g.players[player]
        if command_tokens_used(hero) >= hero.command:
            words.append("disband")
    if subject == "dodge-and-weave" and how == "powered" and got.get("choose") == "2":  # the second attack -2
        words.append("also")
    if subject == "wings-of-wind" and how == "powered":  # Wings of Night: more enemies that do not attack, then done
        picks = [x[1] for x in play[2:] if x[0] == "also"]
        words += ["also"] * (len(picks) + ("done" not in picks))
    if how == "basic" and "banner" in specials:  # the Unit it goes under
        words.append("banner")
    for e in effects:  # Meditation: each card of the discard pile taken, and where it goes in the deck
        if e.type == "special" and e.name == "meditation":
            words += ["deck"] * min(e.value, len(g.players[player].discard))
    for e in effects:  # Energy Flow: a Unit of each other player to spend, or none
        if e.type == "special" and e.name == "energy-flow":
            words += ["spend"] * len(energy_flow_targets(t, g, player, e.value))
    if "improvisation" in specials:  # last: the discarded card is never shown pending
        words.append("discard")
    if "diplomacy" in specials and how == "powered":
        words.append("colour")  # the Block's element this turn: red Fire, blue Ice
        return words, effects, costs, tuple(DIPLOMACY_ELEMENTS)
    colours = (*BASIC, "black") if "mana-draw" in specials or "mana-pull-powered" in specials else \
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
    if word == "learn" and play[1] == "level-up":
        return word, [(x,) for x in level_up_cards(g, player, play[0])]
    if word == "learn":  # an Advanced Action, or a Spell, of the offer
        return word, [(x,) for x in sorted(set(g.spell_offer if _special(_effects, "spell-from-offer") else g.aa_offer))]
    if word in ("power", "throw", "discard"):
        hand = sorted(set(p.hand) - {WOUND})
        own = play[0] if play[1] in HOWS else ""
        if play[1] == "skill":  # Invocation: a Wound too
            hand = sorted(set(p.hand))
        if word == "discard" and "power" in got:  # Concentration's Improvisation: neither card itself
            left = p.hand[:]
            for x in (own, got["power"]):
                if x in left:
                    left.remove(x)
            return word, [(x,) for x in sorted(set(left) - {WOUND})]
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


__all__ = ["strong_spell_step"]
