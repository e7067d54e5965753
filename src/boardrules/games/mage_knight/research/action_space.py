"""The action space of Mage Knight for learning programs (engine.spaces): every action the rules
can offer at one player count, from the content, the same in every state.

Ids are every id of the content whatever the ``sets`` option (cards, Units, skills, Tactics,
enemies), so one policy reads every set. The map is bounded by its tiles: each tile placed
touches a tile already placed (facts 4.2), so the k-th tile lies at most k tile steps from the
starting tile, inside the scenario's coastline; at most every non-starting tile of the sets
played is placed (the deck, then the spares when it runs out). ``tile_positions`` are those
positions (``explore X:Y`` names one), ``map_spaces`` their spaces (``move Q:R``,
``challenge Q:R``). The documented bounds: ``most_enemies`` in one combat, the Source's dice
(players + 2), the options of a card or skill (``choose N``), a Unit's copies (its labels).
"""

from __future__ import annotations

from collections.abc import Iterable

from ....engine.spaces import ActionSpace, ActionTemplate
from ..cards.offer_plays import WOUND_TO
from ..cards.spells import DECK_ENDS
from ..cards.terrain_cards import DRUIDIC_TERRAINS
from ..content import COLOURS as ENEMY_PILES
from ..content import Tables
from ..game_state import BASIC
from ..map.hexes import Grid, Hex, grid_neighbours, in_shape, tile_hexes
from ..pvp.combat import HOWS as PVP_HOWS
from ..pvp.combat import side_effects
from ..sites.site_combats import MAZE_PATHS

COLOURS = (*BASIC, "gold", "black")
RESISTANCES = ("physical", "fire", "ice")  # a Unit's, that Know Your Prey takes between heroes (pvp/skills.py)
PREY_TAKEN = ("element:fire:physical", "element:ice:physical", "element:cold-fire:fire", "element:cold-fire:ice")
HOWS = ("basic", "powered", "move", "influence", "attack", "block")
NEIGHBOURS = 6  # rampaging enemies on the spaces around the hero may join a combat
DONE = "done"
REWARD_CHOICES = ("spell", "advanced-action", "artifact", "unit", "crystal-choice")
MAZE_WORDS = tuple(str(x) for x in MAZE_PATHS)
PARTICIPATION = ("full", "partial")  # a defender's answer to an attack by another hero (pvp/combat.py)


def tile_positions(t: Tables, shapes: Iterable[str], sets: Iterable[str]) -> tuple[Grid, ...]:
    """Every tile position a map of these shapes can reach with the tiles of ``sets``, nearest
    first (then by position): a breadth-first walk from the starting tile, one step per tile."""
    chosen = set(sets)
    tiles = sum(1 for x in t.tiles if x.kind != "starting" and x.set in chosen)
    shapes = tuple(shapes)
    seen: dict[Grid, int] = {(0, 0): 0}
    ring = [(0, 0)]
    for depth in range(1, tiles + 1):
        nxt = sorted({g for x in ring for g in grid_neighbours(x)
                      if g not in seen and any(in_shape(s, g) for s in shapes)})
        for g in nxt:
            seen[g] = depth
        ring = nxt
    return tuple(seen)


def map_spaces(positions: Iterable[Grid]) -> tuple[Hex, ...]:
    """The spaces of those tile positions, tile by tile (C, NE, E, SE, SW, W, NW)."""
    return tuple(h for g in positions for h in tile_hexes(g))


def most_enemies(t: Tables) -> int:
    """The most enemies one combat can hold: a site's defenders (a city garrison, a ruins token's
    enemies), the rampaging enemies around the hero, each enemy doubled by a summoned one."""
    site = max([len(x.garrison) for x in t.garrisons] + [len(x.enemies) for x in t.ruins] + [2])
    return 2 * (site + NEIGHBOURS)


def most_options(t: Tables) -> int:
    """The most options of one side of a card or of a skill (``choose N``)."""
    cards = [len(side) for c in t.cards for side in (c.basic, c.powered)]
    return max(cards + [len(s.effect) for s in t.skills])


def unit_labels(t: Tables) -> tuple[str, ...]:
    """A Unit's words in actions, ``peasants-1``...: up to the copies of the Unit."""
    return tuple(f"{u.id}-{k + 1}" for u in t.units for k in range(u.copies))


def attack_refs(t: Tables) -> tuple[str, ...]:
    """An enemy's attack: ``2`` (its only attack) or ``2.1`` (one of several)."""
    attacks = max(len(e.attacks) for e in t.enemies)
    return tuple(x for i in range(1, most_enemies(t) + 1)
                 for x in (str(i), *(f"{i}.{a}" for a in range(1, attacks + 1))))


def _numbers(n: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(1, n + 1))


def _hs(h: tuple[int, int]) -> str:
    return f"{h[0]}:{h[1]}"


def action_space(t: Tables, num_players: int, shapes: Iterable[str], sets: Iterable[str], key: str) -> ActionSpace:
    positions = tile_positions(t, shapes, sets)
    spaces = tuple(_hs(h) for h in map_spaces(positions))
    cards = tuple(c.id for c in t.cards)
    or_done = (*cards, DONE)
    aa = tuple(c.id for c in t.cards if c.kind == "advanced")
    spells = [c for c in t.cards if c.kind == "spell"]
    artifacts = tuple(c.id for c in t.cards if c.kind == "artifact")
    units = tuple(u.id for u in t.units)
    labels = unit_labels(t)
    skills = tuple(s.id for s in t.skills)
    tactics = tuple(x.id for x in t.tactics)
    dice = _numbers(num_players + 2)
    enemies = _numbers(most_enemies(t))
    refs = attack_refs(t)
    abilities = tuple(f"{label} {a.key}" for u in t.units for k in range(u.copies) for a in u.abilities
                      for label in (f"{u.id}-{k + 1}",))
    banners = tuple(f"{label} banner" for label in labels)  # a Banner of Courage flipped to ready its Unit
    sources = (*(f"die-{d}" for d in dice), "token", "crystal")
    # a card's basic option without mana played in a combat between heroes ("card rage 1": one value)
    pvp_cards = tuple(f"{c.id} {i}" for c in t.cards for i in range(1, len(c.basic) + 1)
                      if (found := side_effects(t, c.id, i, "basic")) is not None and not found[1])
    # ... and one paid with mana ("card rage 1 powered", then its "pay" steps)
    pvp_paid = tuple(f"{c.id} {i} {how}" for c in t.cards for how in PVP_HOWS
                     for i in range(1, len(c.basic if how == "basic" else c.powered) + 1)
                     if (found := side_effects(t, c.id, i, how)) is not None and (how == "powered" or found[1]))
    # ... and a dual-colour card's powered effect, its colour chosen ("card explosive-bolt 1 powered white")
    pvp_dual = tuple(f"{c.id} {i} powered {a[0]}" for c in t.cards if len(c.powering) > 1 for a in c.powering
                     for i in range(1, len(c.powered) + 1) if a and side_effects(t, c.id, i, "powered", a[0]))
    rewards = ((*REWARD_CHOICES, *(f"spell:{c}" for c in BASIC), *(f"advanced-action:{x}" for x in aa)),)
    chosen = tuple(
        [f"spell {c.id}" for c in spells] + [f"advanced-action {x}" for x in aa] + [f"artifact {x}" for x in artifacts]
        + [f"unit {x}" for x in units] + [f"crystal-choice {c}" for c in BASIC]
        + [f"spell:{colour} {c.id}" for colour in BASIC for c in spells if colour in c.colours])
    templates = (
        ActionTemplate("tactic", (tactics,)),
        ActionTemplate("use-tactic", (tactics,)),
        ActionTemplate("announce"),
        ActionTemplate("rest", (cards,)),
        ActionTemplate("play", (cards, HOWS)),
        ActionTemplate("skill", (skills,)),
        ActionTemplate("activate", ((*abilities, *banners),)),
        ActionTemplate("activate", (abilities, enemies)),
        ActionTemplate("recruit", (units,)),
        # the steps of a play being put together (actions/play_steps.py STEP_WORDS)
        ActionTemplate("choose", (_numbers(most_options(t)),)),
        ActionTemplate("colour", (COLOURS,)),
        ActionTemplate("die", (dice,)),
        ActionTemplate("enemy", (enemies,)),
        ActionTemplate("ready", (labels,)),
        ActionTemplate("pay", (COLOURS, sources)),
        ActionTemplate("power", (cards,)),
        ActionTemplate("throw", (cards,)),
        ActionTemplate("learn", (cards,)),
        ActionTemplate("discard", (cards,)),
        ActionTemplate("disband", (labels,)),
        ActionTemplate("rethink", (or_done,)),
        ActionTemplate("prepare", (cards,)),
        ActionTemplate("meditate", (or_done,)),
        ActionTemplate("reroll", ((*dice, DONE),)),
        ActionTemplate("offer", (or_done,)),
        ActionTemplate("shed", (or_done,)),
        ActionTemplate("coerce", ((*labels, DONE),)),
        ActionTemplate("terrain", (DRUIDIC_TERRAINS,)),
        ActionTemplate("banner", (labels,)),
        ActionTemplate("deck", (cards, DECK_ENDS)),
        ActionTemplate("unit", (labels,)),
        ActionTemplate("also", ((*enemies, DONE),)),
        # moving, exploring, sites
        ActionTemplate("move", (spaces,)),
        ActionTemplate("explore", (tuple(_hs(g) for g in positions[1:]),)),
        ActionTemplate("challenge", ((*spaces, "done"),)),  # then more adjacent spaces, or done
        ActionTemplate("enter"),
        ActionTemplate("enter", (MAZE_WORDS,)),  # a maze's or labyrinth's path (MAZE "Choosing Path")
        ActionTemplate("enter", (MAZE_WORDS, labels)),  # and the Unit taken along (MAZE "Entering")
        ActionTemplate("heal", (("1",),)),
        ActionTemplate("heal-unit", (labels,)),
        ActionTemplate("plunder"),
        ActionTemplate("burn"),
        ActionTemplate("altar"),
        ActionTemplate("buy-spell", (BASIC,)),
        ActionTemplate("buy-advanced-action", ((*aa, "deck"),)),  # a green city: "deck", its top card, blind
        ActionTemplate("buy-artifact"),  # a conquered red city (facts 4.6)
        ActionTemplate("elite-unit"),  # a conquered white city: an elite Unit into the Unit offer
        ActionTemplate("end-turn"),
        ActionTemplate("end-turn", ((*BASIC, "wound-from-hand", "wound-from-discard"),)),  # a deep mine; a glade
        ActionTemplate("end-turn-discard"),  # then `shed CARD` ... `shed done` (facts 5.7 step 6)
        ActionTemplate("end-turn-discard", ((*BASIC, "wound-from-hand", "wound-from-discard"),)),  # step 4's choice first
        ActionTemplate("return", (cards,)),  # Crystal Joy: end the turn, a card discarded to take it back
        ActionTemplate("return", (cards, (*BASIC, "wound-from-hand", "wound-from-discard"))),  # and step 4's choice
        ActionTemplate("harvest", (cards,)),  # Savage Harvesting: a card discarded for a crystal of its colour
        ActionTemplate("harvest", (cards, BASIC)),  # an Artifact's or a dual-colour card's: the colour chosen
        # rewards (facts 6.1, 6.2)
        ActionTemplate("take", rewards),
        ActionTemplate("take", (chosen,)),
        ActionTemplate("level-up", (skills,)),  # the skill; the Advanced Action is its step (learn)
        # combat
        ActionTemplate("target", (enemies,)),
        ActionTemplate("resolve"),
        ActionTemplate("next"),
        ActionTemplate("block", (refs,)),
        ActionTemplate("spend-move", (refs,)),
        ActionTemplate("assign", (refs, ("hero",))),
        ActionTemplate("assign", (refs, tuple(f"unit {x}" for x in labels))),
        # combat between heroes (pvp/combat.py): the attack, the defender's answer, each side's steps
        ActionTemplate("attack-hero", (_numbers(num_players),)),
        ActionTemplate("participate", (PARTICIPATION,)),
        ActionTemplate("sideways", (cards,)),
        ActionTemplate("sideways", (cards, ("influence",))),  # Influence 1 for the attacker's Heroes Units
        ActionTemplate("card", (pvp_cards,)),
        ActionTemplate("card", (pvp_paid,)),
        ActionTemplate("card", (pvp_dual,)),
        ActionTemplate("skill", (skills, _numbers(most_options(t)))),  # a skill's option (pvp/skills.py)
        # ... naming a colour (Universal Power's mana, Master of Chaos at gold) or a kept token (Puppet Master)
        # ... or what Know Your Prey takes between heroes: a Unit's resistance, an element of an attack
        ActionTemplate("skill", (("universal-power", "master-of-chaos", "puppet-master", "know-your-prey"), ("1",),
                                 tuple(dict.fromkeys((*BASIC, "black", *t.enemy, *PREY_TAKEN,
                                                      *(f"{x}:{r}" for x in labels for r in RESISTANCES)))))),
        ActionTemplate("attack"),
        ActionTemplate("block"),
        # who takes a Wound (pvp/combat.py), and where Blood of Ancients' (powered) goes: a step of its play
        ActionTemplate("wound", (("hero", *labels, *WOUND_TO),)),
        # a question to another player in the turn (rounds/answers.py): Mind Steal's card kept
        ActionTemplate("keep", (cards,)),
        ActionTemplate("spend", ((*labels, "none"),)),  # Energy Flow: another player's Unit spent, or none
        ActionTemplate("scout", ((*spaces, *ENEMY_PILES),)),  # the Scouts: the space of a face-down token looked at
        # Crystal Joy back to hand, then step 6's discarding, `shed CARD` ... (facts 5.7); last, so
        # that the numbers of the actions above stay as they were
        ActionTemplate("return-discard", (cards,)),
        ActionTemplate("return-discard", (cards, (*BASIC, "wound-from-hand", "wound-from-discard"))),
        # a target withdrawn; a resolve or next that loses points, confirmed or taken back (combat/decision.py)
        ActionTemplate("untarget", (enemies,)),
        ActionTemplate("confirm"),
        ActionTemplate("back"),
    )
    return ActionSpace(key, templates)
