"""The vocabularies and field encoders of Mage Knight's observation (``observation.py`` lays
them out): the bounds of every number, the words of each mark a rule may leave (what lasts the
turn or the combat, the skills' and Tactics' marks, the waiting plays of a combat between heroes),
and the parts that encode the Units, the combats and the offers from a player's view (the map and
the heroes' surroundings: ``observation_map.py``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, get_args

from ....engine.spaces import Part, number
from ..cards.ambush import AMBUSH
from ..cards.artifacts import BOW, GLORY_ALL, SWORD
from ..cards.combat_cards import CHIVALRY, DODGE, EXPLOSIVE_BOLT, ON_BLOCK, PHYSICAL_FOR
from ..cards.deck import RECEIVED, RUSH
from ..cards.end_of_turn_cards import (
    BACK_ON_DECK,
    CRYSTAL_JOY,
    CRYSTAL_MASTERY,
    CRYSTAL_SPENT,
    HAND_AT_END,
    HEROIC_TALE,
    NOBLE_MANNERS,
)
from ..cards.influence_cards import DIPLOMACY
from ..cards.mana import CURSED, DICE_ANY, ENHANCE, INVOKED
from ..cards.savage_harvesting import HARVESTED, SAVAGE
from ..cards.spells import TIME_BENT
from ..combat.choices import FORKED_HIT
from ..combat.damage import NO_UNIT_DAMAGE
from ..combat.defeat import DUELED
from ..combat.state import LENT
from ..content_model import Resistance
from ..game_state import BASIC, BOX, BOX_BANNER, BOX_USED, COMMAND_BANNER
from ..map.exploring import EXPLORE_LESS, EXPLORE_REACH
from ..map.hexes import OFFSETS, Hex
from ..map.movement import ONE_SPACE_LESS, TERRAIN_LASTING
from ..map_content import EnemyPile, MapSite, Terrain
from ..pvp.combat import DUELING, ELEMENTS
from ..pvp.mana import NO_DIE
from ..pvp.playing import LEADERSHIP
from ..sites.interaction import (
    INTERACTION,
    ON_HER_OWN,
    RECRUITED,
    RECRUITED_REPUTATION,
    UNIT_DISCOUNT,
)
from ..skills.consulted import ARCANE_FLIPPED, DEFEATED, DISGUISED, SHAPESHIFT
from ..skills.in_combat import FRENZIED
from ..skills.using import FLIPPED, MOTIVATION_WAIT, TACTIC_MARK
from ..units.in_combat import GLORY_FAME
from ..units.outside_combat import PILE_TOP, PILE_TOP_DRAWN, SCOUTED
from .action_space import COLOURS

MOST_PLAYERS = 4
TERRAINS: tuple[str, ...] = get_args(Terrain)
SITES: tuple[str, ...] = get_args(MapSite)
PILES: tuple[str, ...] = get_args(EnemyPile)
ASKING = ("resolve", "next")  # a combat's action waiting to be confirmed (combat/decision.py)
HOWS = ("basic", "powered", "move", "influence", "attack", "block", "skill", "use-tactic", "recruit",
        "reward-unit", "unit", "level-up")
DECKS = ("advanced-action", "spell", "artifact", "regular-units", "elite-units")
# the spaces within 2 steps of a hero, in a fixed order: the hero's, then ring 1, then ring 2
AROUND: tuple[Hex, ...] = ((0, 0), *OFFSETS[1:], *sorted(
    {(a[0] + b[0], a[1] + b[1]) for a in OFFSETS[1:] for b in OFFSETS[1:]} - set(OFFSETS)))
# a number no rule bounds (points of a turn, Fame, a count of Wounds) is clipped to +-MOST; the
# others have their own bound
MOST = 999
NUMBER = number(MOST, -MOST)
BOUNDS = {"reputation": (-7, 7)}  # facts: the Reputation track


def num(key: str) -> Part:
    low, high = BOUNDS.get(key, (-MOST, MOST))
    return number(high, low)


PLAYER_FLAGS = ("acted", "rested", "must_play", "moving_done", "interacting", "forfeited", "plundered_since_my_turn",
                "draw_waits")
ENEMY_FLAGS = ("rampaging", "defeated", "gone", "prevented", "no_fortification", "no_resistances", "walled",
               "lost_abilities")
RESISTANCES: tuple[str, ...] = get_args(Resistance)


def _hex(key: Any) -> Hex | None:
    """A view's ``"q,r"`` key (or ``[q, r]``) as a space."""
    try:
        q, r = (key.split(",") if isinstance(key, str) else key)
        return int(q), int(r)
    except (TypeError, ValueError):
        return None


def _you(v: Any, out: list[float], start: int) -> None:
    """The observing seat: the one whose hand the view shows."""
    seats = v.get("players") if type(v) is dict else None
    for i, p in enumerate(seats[:MOST_PLAYERS] if isinstance(seats, list) else ()):
        if type(p) is dict and "hand" in p:
            out[start + i] = 1.0


def _units(units: Iterable[str]) -> Part:
    """A hero's Units ([id, wounds, spent], the Magic Familiars with their mana token after):
    per Unit of the content, how many, wounded, spent."""
    where = {u: i for i, u in enumerate(units)}

    def fill(v: Any, out: list[float], start: int) -> None:
        for u in v if isinstance(v, list) else ():
            i = where.get(u[0]) if isinstance(u, list) and len(u) >= 3 and isinstance(u[0], str) else None
            if i is not None:
                out[start + 3 * i] += 1.0
                out[start + 3 * i + 1] += 1.0 if u[1] else 0.0
                out[start + 3 * i + 2] += 1.0 if u[2] else 0.0
    return Part(3 * len(where), fill, ((3 * len(where), 0.0, float(MOST)),))


def _unit_tokens(v: Any, out: list[float], start: int) -> None:
    """The mana tokens kept on a hero's Units (the Magic Familiars, facts 3.4; public): how many
    of each basic colour."""
    for u in v if isinstance(v, list) else ():
        if isinstance(u, list) and len(u) > 3 and u[3] in BASIC:
            out[start + BASIC.index(u[3])] += 1.0


def _position(v: Any, out: list[float], start: int) -> None:
    h = _hex(v)
    if h is not None:
        out[start], out[start + 1] = float(h[0]), float(h[1])


def _points(v: Any, out: list[float], start: int) -> None:
    """The combat's pool of played points, summed per kind (attack, block...)."""
    for item in v if isinstance(v, list) else ():
        if isinstance(item, list) and len(item) > 2 and item[0] in POOL_KINDS and isinstance(item[2], int):
            out[start + POOL_KINDS.index(item[0])] += float(item[2])


POOL_KINDS = ("ranged", "siege", "attack", "block", "move")
PVP_STEPS = ("play", "block", "assign")
PVP_SIDE = ("armor", "hand_limit", "wounds", "knocked_out", "fame")


def _blocks(v: Any, out: list[float], start: int) -> None:
    """The Block played against an attack between heroes, summed (``[element, value]`` items)."""
    for item in v if isinstance(v, list) else ():
        if isinstance(item, list) and len(item) > 1 and type(item[1]) is int:
            out[start] += float(item[1])


def _pvp_waiting(cards: tuple[str, ...]) -> Part:
    """A play between heroes waiting for its mana (PvPCombat.pending, public): its player (one-hot
    seat), a card (one-hot of the cards; a Unit's ability sets none), a Unit's ability, and the mana
    still to pay (count per colour of COLOURS)."""
    where = {c: i for i, c in enumerate(cards)}
    seats, width = MOST_PLAYERS, MOST_PLAYERS + len(cards) + 1 + len(COLOURS)

    def fill(v: Any, out: list[float], start: int) -> None:
        if not (isinstance(v, list) and len(v) >= 6):
            return
        if type(v[0]) is int and 0 <= v[0] < seats:
            out[start + v[0]] = 1.0
        if v[1] == "card" and v[2] in where:
            out[start + seats + where[v[2]]] = 1.0
        elif v[1] == "unit":
            out[start + seats + len(cards)] = 1.0
        for colour in v[5] if isinstance(v[5], list) else ():
            if colour in COLOURS:
                out[start + seats + len(cards) + 1 + COLOURS.index(colour)] += 1.0
    return Part(width, fill, ((width, 0.0, float(MOST)),))


ON_UNITS = ("armor", "no-attack", "lose-fire", "lose-resistances", "destroyed")  # PvPCombat.on_units: on a hero's Units
# Side.bonus: a skill's bonus waiting for the side's next card played sideways (pvp/skills.py)
PVP_BONUS = ("universal-power", "i-dont-give-a-damn", "who-needs-magic", "power-of-pain")
PVP_MARKS = ("unit", DUELING, LEADERSHIP, NO_DIE, SWORD, BOW)  # Side.marks
IF_BLOCKED = ("destroy", "fire-attack")  # PvPCombat.if_blocked: what a Block whole of the melee attack does


def _bonus(v: Any, out: list[float], start: int) -> None:
    """A side's waiting bonus (Side.bonus, ``universal-power:COLOUR`` read as ``universal-power``):
    one-hot of PVP_BONUS."""
    if isinstance(v, str) and v:
        head = v.split(":", 1)[0]
        if head in PVP_BONUS:
            out[start + PVP_BONUS.index(head)] = 1.0


def _side_units(v: Any, out: list[float], start: int) -> None:
    """A side's Units in the combat (``[unit id, label, wounds]``): how many, and the Wounds they
    took in it, summed (they reach the Units as the combat ends)."""
    for u in v if isinstance(v, list) else ():
        if isinstance(u, list) and len(u) > 2:
            out[start] += 1.0
            if type(u[2]) is int:
                out[start + 1] += float(u[2])


def _if_blocked(v: Any, out: list[float], start: int) -> None:
    """PvPCombat.if_blocked (``[player, kind, N or Unit]``): per kind of IF_BLOCKED, how many; then
    the Fire Attack points waiting on a Block whole, summed."""
    for item in v if isinstance(v, list) else ():
        if isinstance(item, list) and len(item) > 2 and item[1] in IF_BLOCKED:
            out[start + IF_BLOCKED.index(item[1])] += 1.0
            if item[1] == "fire-attack" and type(item[2]) is int:
                out[start + len(IF_BLOCKED)] += float(item[2])


def _later(v: Any, out: list[float], start: int) -> None:
    """PvPCombat.later (``[player, element, N, what]``): attack points waiting for a side's Attacks
    phase, summed per element of ELEMENTS."""
    for item in v if isinstance(v, list) else ():
        if isinstance(item, list) and len(item) > 2 and item[1] in ELEMENTS and type(item[2]) is int:
            out[start + ELEMENTS.index(item[1])] += float(item[2])


def _on_units(v: Any, out: list[float], start: int) -> None:
    """Effects on the heroes' Units this combat between heroes (``[owner, label, kind, N]``): per
    kind of ON_UNITS, how many, then the Ns summed."""
    for item in v if isinstance(v, list) else ():
        if isinstance(item, list) and len(item) > 3 and item[2] in ON_UNITS:
            k = ON_UNITS.index(item[2])
            out[start + k] += 1.0
            if type(item[3]) is int:
                out[start + len(ON_UNITS) + k] += float(item[3])


def _how(v: Any, out: list[float], start: int) -> None:
    """How the pending play is played (one-hot of HOWS, ``unit:KEY`` as ``unit``), and its steps."""
    if isinstance(v, list) and len(v) >= 2 and isinstance(v[1], str):
        how = "unit" if v[1].startswith("unit:") else v[1]
        if how in HOWS:
            out[start + HOWS.index(how)] = 1.0
        out[start + len(HOWS)] = float(len(v) - 2)


def _sum(v: Any, out: list[float], start: int) -> None:
    """The sum of a list of numbers (an enemy's damage left, attack by attack)."""
    if isinstance(v, list):
        out[start] = float(sum(x for x in v if type(x) is int))


def _true(v: Any, out: list[float], start: int) -> None:
    """How many of a list of flags are set (an enemy's attacks blocked)."""
    if isinstance(v, list):
        out[start] = float(sum(1 for x in v if x is True))


def _face_up(enemies: tuple[str, ...]) -> Any:
    """The face-up enemy tokens on the map, per enemy."""
    where = {e: i for i, e in enumerate(enemies)}

    def fill(v: Any, out: list[float], start: int) -> None:
        for tokens in v.values() if type(v) is dict else ():
            for tok in tokens if isinstance(tokens, list) else ():
                i = where.get(tok[0]) if isinstance(tok, list) and len(tok) == 2 and tok[1] else None
                if i is not None:
                    out[start + i] += 1.0
    return fill

def mark_slot(vocabulary: tuple[str, ...], word: str) -> int | None:
    """The place in ``vocabulary`` of a mark: the word itself, else the longest family (an entry
    ending with ``:``) it starts with, else its head before the first ``:``; None: none of them."""
    if word in vocabulary:
        return vocabulary.index(word)
    family = max((x for x in vocabulary if x.endswith(":") and word.startswith(x)), key=len, default=None)
    if family is not None:
        return vocabulary.index(family)
    head = word.split(":", 1)[0]
    return vocabulary.index(head) if head in vocabulary else None


def words(vocabulary: tuple[str, ...], ignore: tuple[str, ...] = ()) -> Part:
    """How many words of a list are each of ``vocabulary`` (``mark_slot``), then how many are none
    of them (the words of ``ignore`` apart: read elsewhere): the cards' and skills' marks of this
    turn or combat, clipped to MOST. tests/mk_invariants.py checks no mark of a random game is
    "none of them"."""
    other = len(vocabulary)
    skip = frozenset(ignore)
    cache: dict[str, int] = {}

    def fill(v: Any, out: list[float], start: int) -> None:
        for w in v if isinstance(v, list) else ():
            if isinstance(w, str) and w not in skip:
                i = cache.get(w)
                if i is None:
                    found = mark_slot(vocabulary, w)
                    i = cache[w] = other if found is None else found
                if out[start + i] < MOST:
                    out[start + i] += 1.0
    return Part(other + 1, fill, ((other + 1, 0.0, float(MOST)),))


# Combat.this_combat: what cards and Units did for the rest of the combat
THIS_COMBAT = ("block:destroy", "block", "no-site-fortifications", "veil-of-mist", "attack-phase", "banner", "harvest:all",
               "harvest", "then-block", NO_UNIT_DAMAGE, "crystal", "fortitude-used", PHYSICAL_FOR.rstrip(":"),
               LENT.rstrip(":"), FORKED_HIT, DUELED, PILE_TOP, PILE_TOP_DRAWN, SWORD, BOW, GLORY_ALL, GLORY_FAME)
# PlayerState.lasting, its marks (the view's this_turn): what played cards do for the rest of the turn
THIS_TURN = (RECEIVED, "healed", "cure", "golden-grail", "mist-form", "space-bending", "throw-away-wounds",
             "amulet:sun", "amulet:darkness", *(f"cast:{c}" for c in BASIC), "cast", *(f"ring:{c}" for c in BASIC), "ring",
             HARVESTED, TIME_BENT, CURSED, ON_HER_OWN, RECRUITED, DISGUISED, BOX_USED, COMMAND_BANNER, BOX, BOX_BANNER,
             ENHANCE, DEFEATED, SCOUTED, INVOKED)
# PlayerState.lasting: the kinds of (kind, detail, N) a card's change for the rest of the turn
TERRAIN_KINDS = (*TERRAIN_LASTING, HAND_AT_END)  # their detail is a terrain
LASTING = (*TERRAIN_KINDS, ONE_SPACE_LESS, DICE_ANY, CRYSTAL_SPENT, NOBLE_MANNERS, BACK_ON_DECK, CRYSTAL_JOY,
           HEROIC_TALE, *ON_BLOCK, CHIVALRY, EXPLOSIVE_BOLT, DODGE, "agility", AMBUSH, CRYSTAL_MASTERY, UNIT_DISCOUNT,
           SAVAGE, RUSH, INTERACTION, RECRUITED_REPUTATION, DIPLOMACY, EXPLORE_LESS, SHAPESHIFT, EXPLORE_REACH)


def _lasting(v: Any, out: list[float], start: int) -> None:
    """Per kind of LASTING (then the others): how many, and their N summed; then per kind of
    TERRAIN_KINDS, per terrain: how many."""
    k = len(LASTING)
    for x in v if isinstance(v, list) else ():
        if isinstance(x, list) and len(x) == 3 and isinstance(x[0], str):
            i = LASTING.index(x[0]) if x[0] in LASTING else k
            out[start + 2 * i] = min(MOST, out[start + 2 * i] + 1.0)  # clipped here: most turns have none
            n = float(x[2]) if type(x[2]) is int and x[2] > 0 else 0.0
            out[start + 2 * i + 1] = min(MOST, out[start + 2 * i + 1] + n)
            if x[0] in TERRAIN_KINDS and x[1] in TERRAINS:
                at = start + 2 * (k + 1) + TERRAIN_KINDS.index(x[0]) * len(TERRAINS) + TERRAINS.index(x[1])
                out[at] = min(MOST, out[at] + 1.0)


def _banners(banners: tuple[str, ...], units: tuple[str, ...]) -> Part:
    """Per Banner of the content: under a Unit, flipped (used this round), and that Unit (one-hot
    of the content's Units, read from its label ``peasants-2``)."""
    where = {b: i for i, b in enumerate(banners)}
    unit = {u: i for i, u in enumerate(units)}
    w = 2 + len(units)

    def fill(v: Any, out: list[float], start: int) -> None:
        for label, b in v.items() if type(v) is dict else ():
            card, _, flipped = b.partition(":") if isinstance(b, str) else ("", "", "")
            i = where.get(card)
            if i is not None:
                out[start + w * i] = 1.0
                out[start + w * i + 1] = 1.0 if flipped else 0.0
                k = unit.get(label.rsplit("-", 1)[0]) if isinstance(label, str) else None
                if k is not None:
                    out[start + w * i + 2 + k] = 1.0
    return Part(w * len(banners), fill, ((w * len(banners), 0.0, 1.0),))


def _bonded(units: tuple[str, ...]) -> Part:
    """The Unit under Bonds of Loyalty (one-hot of the content's Units, read from its label)."""
    where = {u: i for i, u in enumerate(units)}

    def fill(v: Any, out: list[float], start: int) -> None:
        i = where.get(v.rsplit("-", 1)[0]) if isinstance(v, str) and v else None
        if i is not None:
            out[start + i] = 1.0
    return Part(len(units), fill, ((len(units), 0.0, 1.0),))


COMBAT_UNIT = ("in the combat", "lent from the Unit offer", "spent", "wounds", "destroyed")


def _combat_units(units: tuple[str, ...]) -> Part:
    """The Units in the combat (``Combat.units`` as the view shows them): per Unit of the content,
    the numbers of COMBAT_UNIT summed (a Unit lent by Call to Arms marked ``lent``, facts 3.2)."""
    where = {u: i for i, u in enumerate(units)}
    w = len(COMBAT_UNIT)

    def fill(v: Any, out: list[float], start: int) -> None:
        for u in v if isinstance(v, list) else ():
            i = where.get(u.get("unit")) if type(u) is dict else None  # type: ignore[arg-type]
            if i is None:
                continue
            base = start + w * i
            out[base] += 1.0
            out[base + 1] += 1.0 if u.get("lent") is True else 0.0
            out[base + 2] += 1.0 if u.get("spent") is True else 0.0
            out[base + 3] += float(u["wounds"]) if type(u.get("wounds")) is int else 0.0
            out[base + 4] += 1.0 if u.get("destroyed") is True else 0.0
    return Part(w * len(units), fill, ((w * len(units), 0.0, float(MOST)),))


def _scouted(enemies: tuple[str, ...]) -> Part:
    """The face-down tokens a hero's Scouts looked at (``[where, token]``): how many, then per
    enemy of the content how many (the token shows in its owner's view only)."""
    where = {e: i for i, e in enumerate(enemies)}

    def fill(v: Any, out: list[float], start: int) -> None:
        for x in v if isinstance(v, list) else ():
            if isinstance(x, list) and len(x) == 2:
                out[start] += 1.0
                i = where.get(x[1])
                if i is not None:
                    out[start + 1 + i] += 1.0
    return Part(1 + len(enemies), fill, ((1 + len(enemies), 0.0, float(MOST)),))


def _centre(skills: tuple[str, ...]) -> Part:
    """Per interactive skill of the content: in the centre, its owner (one-hot seat), the colour
    it is marked with (one-hot of COLOURS), the other players it has wounded (multi-hot seat)."""
    where = {k: i for i, k in enumerate(skills)}
    w = 1 + 2 * MOST_PLAYERS + len(COLOURS)

    def fill(v: Any, out: list[float], start: int) -> None:
        for x in v if isinstance(v, list) else ():
            i = where.get(x[0]) if isinstance(x, list) and len(x) == 3 else None
            if i is None or type(x[1]) is not int or not isinstance(x[2], str):
                continue
            base = start + i * w
            out[base] = 1.0
            if 0 <= x[1] < MOST_PLAYERS:
                out[base + 1 + x[1]] = 1.0
            colour, *marks = x[2].split(";")
            if colour in COLOURS:
                out[base + 1 + MOST_PLAYERS + COLOURS.index(colour)] = 1.0
            for mark in marks:  # "SEAT:colour": a Wound given to that seat (Mana Exploit)
                seat = mark.split(":", 1)[0]
                if seat.isdigit() and int(seat) < MOST_PLAYERS:
                    out[base + 1 + MOST_PLAYERS + len(COLOURS) + int(seat)] = 1.0
    return Part(len(skills) * w, fill, ((len(skills) * w, 0.0, 1.0),))


ASKS = ("mind-read", "mind-steal", "upkeep")  # GameState.asked: the questions to players (rounds/answers.py)


def _colour_detail(v: Any, out: list[float], start: int) -> None:
    """An ask's detail as the colour it names (one-hot of COLOURS), when it names one."""
    if v in COLOURS:
        out[start + COLOURS.index(v)] = 1.0


SIDEWAYS_BONUSES = ("i-dont-give-a-damn", "who-needs-magic", "universal-power", "power-of-pain", "wolfs-howl")
MANA_CLAIMS = 1  # dice kept by Mana Claim at once: one card
TURN_NUMBERS = ("hand_bonus", "recruited", "heal_points", "polarized", "extra_turn", "dummy_pending")


def _sideways(v: Any, out: list[float], start: int) -> None:
    """The skill bonus waiting for the next card played sideways (``universal-power:red`` as
    ``universal-power``): one-hot of SIDEWAYS_BONUSES."""
    if isinstance(v, str) and v:
        head = v.split(":", 1)[0]
        if head in SIDEWAYS_BONUSES:
            out[start + SIDEWAYS_BONUSES.index(head)] = 1.0


def skill_marks(tactics: tuple[str, ...]) -> tuple[str, ...]:
    """The marks of ``PlayerState.skills_used`` that are not skills: each Tactic used this turn or
    round, each flipped for the round, Battle Frenzy and Arcane Disguise face down, a Motivation's wait."""
    return (*(TACTIC_MARK + x for x in tactics), *(FLIPPED + x for x in tactics), FRENZIED, ARCANE_FLIPPED,
            MOTIVATION_WAIT)


def _pooled(vocabulary: tuple[str, ...], keys: tuple[str, ...] = ()) -> Part:
    """A mapping of lists (the enemy discard piles per colour, the cards seen under each deck): how
    many of each of ``vocabulary`` its lists under ``keys`` (all, when none given) hold together."""
    where = {w: i for i, w in enumerate(vocabulary)}

    def fill(v: Any, out: list[float], start: int) -> None:
        for k, xs in v.items() if type(v) is dict else ():
            for x in xs if isinstance(xs, list) and (not keys or k in keys) else ():
                i = where.get(x) if isinstance(x, str) else None
                if i is not None and out[start + i] < MOST:
                    out[start + i] += 1.0
    return Part(len(vocabulary), fill, ((len(vocabulary), 0.0, float(MOST)),))


MAZE_PATH_COSTS = ("2", "4", "6")  # sites.MAZE_PATHS, as the view's keys


def _mazes(n: int) -> Part:
    """The paths of a maze or labyrinth conquered (``maze_paths``: "q,r" -> path -> seat): per
    site (up to ``n``, by its space's key), its space (q, r), then per path of MAZE_PATH_COSTS
    the seat that conquered it plus one (0: not yet)."""
    w = 2 + len(MAZE_PATH_COSTS)

    def fill(v: Any, out: list[float], start: int) -> None:
        for k, key in enumerate(sorted(v)[:n] if type(v) is dict else ()):
            h, paths = _hex(key), v[key]
            if h is None or type(paths) is not dict:
                continue
            base = start + k * w
            out[base], out[base + 1] = float(h[0]), float(h[1])
            for j, cost in enumerate(MAZE_PATH_COSTS):
                if type(paths.get(cost)) is int:
                    out[base + 2 + j] = float(paths[cost] + 1)
    return Part(n * w, fill, ((n * w, -float(MOST), float(MOST)),))


def _length(v: Any, out: list[float], start: int) -> None:
    """How many items a list holds (the spaces of the turn's path, the enemies a step provoked, the
    cards played sideways between heroes...)."""
    if isinstance(v, list):
        out[start] = float(min(len(v), MOST))


def _next_tile(tiles: tuple[str, ...]) -> Part:
    """The countryside tile drawn next (the first of ``tile_deck``), one-hot."""
    where = {x: i for i, x in enumerate(tiles)}

    def fill(v: Any, out: list[float], start: int) -> None:
        i = where.get(v[0]) if isinstance(v, list) and v and isinstance(v[0], str) else None
        if i is not None:
            out[start + i] = 1.0
    return Part(len(tiles), fill, ((len(tiles), 0.0, 1.0),))


COMBAT_KINDS = ("rampaging", "rival-keep", "burn-monastery")  # with the sites: what a combat is for
MOST_CITIES = 4  # the cities a scenario reveals at most (facts 5.8)


__all__ = ["AROUND", "ASKING", "ASKS", "BOUNDS", "COMBAT_KINDS", "COMBAT_UNIT", "DECKS", "ENEMY_FLAGS", "HOWS", "IF_BLOCKED", "LASTING", "MANA_CLAIMS", "MAZE_PATH_COSTS", "MOST", "MOST_CITIES", "MOST_PLAYERS", "NUMBER", "ON_UNITS", "PILES", "PLAYER_FLAGS", "POOL_KINDS", "PVP_BONUS", "PVP_MARKS", "PVP_SIDE", "PVP_STEPS", "RESISTANCES", "SIDEWAYS_BONUSES", "SITES", "TERRAINS", "TERRAIN_KINDS", "THIS_COMBAT", "THIS_TURN", "TURN_NUMBERS", "mark_slot", "num", "skill_marks", "words"]
