"""What the player deciding is shown of each answer (``Game.action_labels``): the action's text,
then what it does with the numbers that decide. An army card offered in the draft with its
points, numbers and powers (``take syvarris: 100 points; Unique Hero, Life 4, Move 5, Range 9,
Attack 3, Defense 2, Height 5; Double Attack``); a move with what it costs; an attack with the
dice each side will roll and why (``4 attack dice (Attack 3, +1 height) against 2 defense dice
(Defense 2)``); a special attack with every figure it affects.

A question of spaces too long for its answers to take a line each under the frame's map (a
Move of 6 offers some fifty spaces, a flier's or The Drop's hundreds) gets short labels, set in
columns by the terminal: the spaces are marked on the map above, with their levels.

Everything here is public, or the decider's own (their own order markers): a label never tells
what the decider could not know, and it is worked out only for a screen, never in play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...engine import Action, Decision
from ...engine.frames import FRAME_LINES
from . import army, moving, powers
from .catalogue import card_kind, power_texts
from .combat import height_advantage
from .content import (
    ARMOR_SPIRIT,
    BERSERKER_CHARGE,
    COUNTER_STRIKE,
    FIRE_LINE,
    FLYING,
    GRENADE,
    STEALTH_DODGE,
)
from .content_model import Card
from .figures import Figures
from .frame import frame_lines
from .movement import Route
from .powers import (
    CHOMP_HERO_ROLL,
    CLONE_ROLL,
    CLONE_ROLL_ON_WATER,
    SHACKLE_ROLL,
    SPECIAL_ATTACKS,
    Parts,
)
from .state import MARKERS, SHState
from .words import dice_text, power_names

Routes = Mapping[tuple[int, ...], tuple[Route, ...]]
# a screen of 45 lines of 120 columns: the frame, the goal and the scores (STANDING lines),
# the question and its answers, a line each, or two for a label longer than LINE
STANDING = 3
SCREEN = FRAME_LINES
LINE = 114  # a label's characters on a line of 120 columns, after its number
SHORT = 28  # the longest short label: the terminal sets answers this short in columns


def action_labels(q: Figures, s: SHState, d: Decision, routes: Routes | None) -> tuple[str, ...]:
    """A label for each of ``d``'s actions, in order (``routes``: the selected figure's ways,
    at the move's destination and route questions); a long question of spaces gets short
    ones (short_label)."""
    label = _labeller(q, s, routes)
    labels = tuple(f"{a.text}: {label(a)}" for a in d.actions)
    if spaces_question(s) and long_question(q, s, d, labels):
        return tuple(short_label(q, s, a, routes) for a in d.actions)
    return labels


def long_question(q: Figures, s: SHState, d: Decision, labels: tuple[str, ...]) -> bool:
    """Whether answers with these labels, a line each (two for a long one), would not fit
    under the whole frame (frame.py, as drawn at 120 columns) in SCREEN lines: then the frame
    is made smaller, and a question of spaces is labelled short."""
    room = SCREEN - STANDING - d.prompt.count("\n") - 1 - frame_lines(q, s, d)
    return sum(1 + len(x) // LINE for x in labels) > room


def spaces_question(s: SHState) -> bool:
    """A question whose answers are spaces of the battlefield: where a figure goes, is
    placed, drops or comes back (marked on the frame's map)."""
    return s.pending[0][0] in ("drop", "clone") if s.pending else s.stage in ("place", "move-to")


def short_label(q: Figures, s: SHState, a: Action, routes: Routes | None) -> str:
    """An answer to a long question of spaces, short enough for the terminal to set the
    answers in columns (SHORT characters; the space is marked on the map, with its level):
    ``to f3: 2 spaces``, ``to e4: 3 spaces, falls``, ``drop f3: level 5``."""
    if a.name == "stay":
        return f"stay: stays on {q.place_name(s, s.figures[s.selected].spaces)}"
    if a.name == "skip":
        return "skip: none comes back"
    if a.name != "to":
        return f"{a.text}: level {space_text(q, s, a.args[0]).split()[0]}"
    assert routes is not None
    bf = q.bf(s)
    end = tuple(x for x in (bf.space_named(n) for n in a.args[0].split("-")) if x is not None)
    way = routes[end][0]
    risks = (["falls"] if way.fall else []) + (["attacked"] if way.leaves else [])
    told = ", ".join([f"{way.cost} space{'s' if way.cost != 1 else ''}", *risks])
    if len(a.text) + 2 + len(told) > SHORT:
        told = ", ".join(risks)
    return f"{a.text}: {told}"


def _labeller(q: Figures, s: SHState, routes: Routes | None) -> Callable[[Action], str]:
    """The labelling of the question asked now."""
    if s.pending:
        kind = s.pending[0][0]
        return lambda a: pending_label(q, s, kind, a)
    stage = s.stage
    if stage == "army":
        return lambda a: army_label(q, s, a)
    if stage == "place":
        return lambda a: f"level {space_text(q, s, a.args[0])}"
    if stage == "markers":
        return lambda a: marker_label(q, s, a)
    if stage == "move":
        return lambda a: move_label(q, s, a)
    if stage in ("move-to", "route"):
        assert routes is not None
        return lambda a: way_label(q, s, a, routes)
    return lambda a: attack_label(q, s, a)


# -- words shared by the labels ------------------------------------------------------------------
def space_text(q: Figures, s: SHState, name: str) -> str:
    """A space (or the two of a double-space figure) as a player weighs it: ``3 grass``."""
    bf = q.bf(s)
    x = bf.space_named(name.split("-")[0])
    assert x is not None, name
    return f"{bf.level[x]} {bf.terrain[x]}"


def card_figures(card: Card) -> str:
    """A card's numbers in one phrase: ``Life 4, Move 5, Range 9, Attack 3, Defense 2, Height 5``."""
    return (f"Life {card.life}, Move {card.move}, Range {card.range}, Attack {card.attack}, "
            f"Defense {card.defense}, Height {card.height}")


def life_left(q: Figures, s: SHState, fig: int) -> str:
    return f"{q.fig_card(s, fig).life - s.figures[fig].wounds} life left"


def chance(need: int) -> str:
    """The chance of a d20 of ``need`` or more: ``6 in 20``."""
    return f"{max(0, min(20, 21 - need))} in 20"


# -- building the army, placing it, order markers ----------------------------------------------------
def army_label(q: Figures, s: SHState, a: Action) -> str:
    p = s.picker[0]
    if a.name == "done":
        spent = s.points - army.points_left(q, s, p)
        return f"complete your army ({spent} of {s.points} points spent)"
    card = q.c.cards[q.card_index[a.args[0]]]
    shown = f"{card.points} points, {card_kind(card, rarity=False)}; {card_figures(card)}"
    return f"{shown}; {power_names(q, card)}" if card.powers else shown


def marker_label(q: Figures, s: SHState, a: Action) -> str:
    """A card to put the marker on: its figures, its numbers, and the decider's own markers
    already on it (the prompt says which marker this is)."""
    p = s.setup_order[0]
    c = next(c for c in s.cards_of(p) if q.card(s, c).id == a.args[0])
    card = q.card(s, c)
    figs = len(s.living(c))
    on = [MARKERS[j].upper() for j, x in enumerate(s.markers[p]) if x == c]
    out = (f"{card.name}, {figs} figure{'s' if figs != 1 else ''}: Move {card.move}, Range {card.range}, "
           f"Attack {card.attack}, Defense {card.defense}")
    return out + (f"; your marker{'s' if len(on) > 1 else ''} {', '.join(on)} already on it" if on else "")


# -- moving ------------------------------------------------------------------------------------------
def move_label(q: Figures, s: SHState, a: Action) -> str:
    if a.name == "done":
        card = q.card(s, s.active_card)
        charge = (f"; Berserker Charge: a d20 of {powers.CHARGE_ROLL} or more and they all move again"
                  if BERSERKER_CHARGE in card.powers and s.walked else "")
        return f"end the moves of {card.name}, on to the attack{charge}"
    fig = q.fig_named(s, a.args[0])
    assert fig is not None
    card = q.fig_card(s, fig)
    here = q.place_name(s, s.figures[fig].spaces)
    out = f"{card.name} on {here} (level {space_text(q, s, here)}), Move {card.move}"
    if FLYING in card.powers:
        out += ", Flying"
    foes = q.engaged_with(s, fig)
    if foes:
        out += f"; engaged with {', '.join(q.fig_name(s, e) for e in foes)}"
    return out


def way_label(q: Figures, s: SHState, a: Action, routes: Routes) -> str:
    fig = s.selected
    flier = FLYING in q.fig_card(s, fig).powers
    if a.name == "stay":
        return f"{q.fig_name(s, fig)} stays on {q.place_name(s, s.figures[fig].spaces)}"
    if a.name == "route":
        return moving.describe(q, s, routes[s.dest][int(a.args[0]) - 1], flier)
    bf = q.bf(s)
    end = tuple(bf.space_named(x) for x in a.args[0].split("-"))
    ways = routes[end]  # type: ignore[index]
    out = f"level {space_text(q, s, a.args[0])}, {moving.describe(q, s, ways[0], flier)}"
    if len(ways) > 1:
        out += f" (or {len(ways) - 1} other way{'s' if len(ways) > 2 else ''}, asked next)"
    foes = q.engaged_with(s, fig, end)  # type: ignore[arg-type]
    if foes:
        out += f"; engaged there with {', '.join(q.fig_name(s, e) for e in foes)}"
    return out


# -- attacking ----------------------------------------------------------------------------------------
def attack_label(q: Figures, s: SHState, a: Action) -> str:
    name = a.name
    if name == "done":
        card = q.card(s, s.active_card)
        idle = [f for f in q.active(s) if f not in s.attacked]
        rest = (f" ({len(idle)} of its figures {'has' if len(idle) == 1 else 'have'} not attacked)"
                if idle and s.attacked else "")
        return f"end the turn of {card.name}{rest}"
    if name == "water-clone":
        return water_clone_label(q, s)
    att = q.fig_named(s, a.args[0])
    assert att is not None
    if name == "fire":
        bf = q.bf(s)
        hit = next(h for first, last, h in powers.fire_lines(q, s, att)
                   if (bf.name_of(first), bf.name_of(last)) == a.args[1:])
        return special_label(q, s, att, FIRE_LINE, hit)
    dfd = q.fig_named(s, a.args[1])
    assert dfd is not None
    if name == "attack":
        return normal_attack_label(q, s, att, dfd)
    if name == "chomp":
        card = q.fig_card(s, dfd)
        if card.kind == "squad":
            return f"Chomp: {q.fig_name(s, dfd)}, a Squad figure, is destroyed"
        return (f"Chomp: {card.name}, a Hero, is destroyed on a d20 of {CHOMP_HERO_ROLL} or more "
                f"({chance(CHOMP_HERO_ROLL)})")
    if name == "shackle":
        card = q.fig_card(s, dfd)
        return (f"Mind Shackle: on a d20 of {SHACKLE_ROLL} ({chance(SHACKLE_ROLL)}) you take control of "
                f"{card.name}")
    power = GRENADE if name == "grenade" else powers.EXPLOSION
    return special_label(q, s, att, power, powers.blast(q, s, dfd))


def normal_attack_label(q: Figures, s: SHState, att: int, dfd: int) -> str:
    """The dice of both sides (Attack, Defense, height, Spirits, powers), then what else the
    defender's card does to the result, and the target's life left."""
    a_parts: Parts = []
    d_parts: Parts = []
    a_dice = powers.attack_dice(q, s, att, dfd, a_parts)
    d_dice = powers.defense_dice(q, s, att, dfd, False, d_parts)
    out = f"{dice_text(a_dice, a_parts, q, 'attack')} against {dice_text(d_dice, d_parts, q, 'defense')}"
    bf = q.bf(s)
    up, down = height_advantage(bf.level[s.figures[att].spaces[0]], bf.level[s.figures[dfd].spaces[0]])
    if not up and not down:
        out += ", same level"
    card = q.fig_card(s, dfd)
    near = powers.near(q, s, att, dfd)
    if STEALTH_DODGE in card.powers and not near:
        out += "; Stealth Dodge: one shield blocks all"
    if (COUNTER_STRIKE in card.powers and near and COUNTER_STRIKE not in q.fig_card(s, att).powers):
        out += "; Counter Strike: extra shields wound the attacker"
    return f"{out}; {life_left(q, s, dfd)}"


def special_label(q: Figures, s: SHState, att: int, power: str, affected: list[int]) -> str:
    """A special attack: its attack dice, rolled once, and each affected figure's defence."""
    dice = SPECIAL_ATTACKS[power][1]
    name = power_texts(q.c)[power].name.replace(" Special Attack", "")
    if power == GRENADE and "grenade" not in s.used:
        name += " (uses up the grenade marker)"
    each: list[str] = []
    for d in affected:
        if s.figures[d].alive and s.figures[d].spaces:
            told = f"{q.fig_name(s, d)} {powers.defense_dice(q, s, att, d, True)}" + ("" if each else " defense dice")
            each.append(told + (" (yours)" if s.figures[d].owner == s.figures[att].owner else ""))
    return f"{name}, {dice} attack dice once (no height) against {', '.join(each)}"


def water_clone_label(q: Figures, s: SHState) -> str:
    warriors = len(s.living(s.active_card))
    gone = len(q.destroyed_mates(s, s.active_card))
    return (f"instead of attacking, a d20 for each of {warriors} Marro Warrior{'s' if warriors != 1 else ''}: "
            f"{CLONE_ROLL} or more ({CLONE_ROLL_ON_WATER} on water) brings back one of {gone} destroyed")


# -- the questions a power asks ------------------------------------------------------------------
def pending_label(q: Figures, s: SHState, kind: str, a: Action) -> str:
    data = s.pending[0][2]
    if kind == "spirit":
        player = s.pending[0][1]
        c = next(c for c in s.cards_of(player) if q.card(s, c).id == a.args[0])
        card = q.card(s, c)
        if data == ARMOR_SPIRIT:
            now = card.defense + s.spirit_defense[c]
            return f"Warrior's Armor Spirit on {card.name}: Defense {now} becomes {now + 1}"
        now = card.attack + s.spirit_attack[c]
        return f"Warrior's Attack Spirit on {card.name}: Attack {now} becomes {now + 1}"
    if kind == "drop":
        return f"{q.fig_name(s, data)} lands on level {space_text(q, s, a.args[0])}"
    if a.name == "skip":
        return "bring no Marro Warrior back"
    return f"a destroyed Marro Warrior comes back on level {space_text(q, s, a.args[0])}"
