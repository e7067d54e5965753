"""The compact frame (``MageKnight.frame``, issue 24): what a player is shown when asked, drawn from
their view only, so that with the standing under it (goal, clock, scores) and the question after it
(the prompt and its labelled answers) it all fits FRAME_LINES lines of the terminal (engine/frames.py).

What it always holds: whose turn it is; the player's own hero (Fame, level, Armor, Hand limit,
Reputation with its Influence bonus or penalty, the Move and Influence to spend, crystals, mana
tokens, Units, skills, Tactic); where every other hero stands (on the map drawn, or how far and
which way off it); the hand by name; a card play being put together; the rampaging enemies next
to the hero. Then, as the question leaves room, the map around the hero (radius 2, else 1), the
legend and the key of that map, the Source, and each card of the hand with its text. In a combat
the combat panel (``render.combat_group``, ``render.pvp_group``) takes the map's place. The
frame measures each choice at the terminal's width and shows the fullest that fits; ``board``
shows everything (``render.render``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ....engine import Standing
from ....engine.frames import Question, room
from ..content import Tables
from ..game_state import _unkey
from ..labels.words import REWARD_WORDS, card_line
from .map_drawing import (
    NARROW,
    WIDE,
    centre_of,
    draw,
    drawn_width,
    hero_name,
    hex_distance,
    map_key,
    map_title,
    marks_legend,
    other_heroes,
    rampaging_near,
    terrain_legend,
)
from .render import (
    _cards,
    _hero,
    _mana,
    _name,
    _skills,
    _units,
    centre_lines,
    combat_group,
    header,
    pvp_group,
    reputation_words,
)


def me_lines(t: Tables, v: dict[str, Any], viewer: int) -> Text:
    """The viewer's hero: the figures that decide what they can do now."""
    p = v["players"][viewer]
    q, r = p["position"]
    text = _hero(t, v, viewer, viewer)
    text.append(f" at {q}:{r}: Fame {p['fame']}, level {p['level']}, Armor {p['armor']}, Hand limit "
                f"{p['hand_limit']}, Reputation {reputation_words(p)}\n")
    if v["current"] == viewer and not v["over"]:
        text.append(f"To spend: Move {p['move_points']}, Influence {p['influence_points']}", style="bold")
        text.append(" · ")
    text.append("Crystals: ")
    text.append_text(_mana(p["crystals"], strip=True))
    text.append(" · mana tokens: ")
    text.append_text(_mana(p["mana"], strip=True))
    text.append(f" · Units (Command {p['command']}): {_units(t, p)} · skills: {_skills(t, p)} · Tactic: "
                f"{_name(t, 'tactic', p['tactic']) if p['tactic'] else '-'}")
    return text


def others_lines(t: Tables, v: dict[str, Any], viewer: int, radius: int | None) -> Text:
    """Every other hero: where they stand (on the map drawn or off it), their Fame and what they
    have in sight of all."""
    text = Text()
    for i, where in other_heroes(t, v, viewer, radius):
        p = v["players"][i]
        text.append("\n" if text.plain else "")
        text.append_text(_hero(t, v, i, viewer))
        text.append(f" (@{i + 1}) {where}: Fame {p['fame']}, level {p['level']}, Armor {p['armor']}, "
                    f"Reputation {p['reputation']:+d}, hand {p['hand_size']}, Units: {_units(t, p)}")
    dummy = v.get("dummy")
    if dummy:  # Solo Conquest's Dummy player: no figure on the map
        text.append("\n" if text.plain else "")
        text.append(f"The Dummy player ({_name(t, 'hero', dummy['hero'])}): Deed deck {dummy['deck_size']}, "
                    "crystals ", style="dim")
        text.append_text(_mana(dummy["crystals"], strip=True))
    return text


def hand_line(t: Tables, v: dict[str, Any], viewer: int) -> Text:
    """The hand by name, the piles' sizes, and what waits to be chosen or taken."""
    p = v["players"][viewer]
    text = Text("Your hand: ", style="bold")
    text.append(_cards(t, p["hand"]))
    text.append(f" (Deed deck {len(p['deck'])}, discard pile {len(p['discard'])})")
    current = v["players"][v["current"]] if 0 <= v["current"] < len(v["players"]) else None
    if current is not None and current["play_area"]:
        text.append("; in play this turn: ", style="bold")
        text.append(_cards(t, current["play_area"]))
    if v["play"]:  # the card (or skill) by its name, then its steps so far as typed
        first, *rest = v["play"]
        name = _name(t, "card", first) if first in t.card else _name(t, "skill", first) if first in t.skill else first
        words = [" ".join(map(str, x)) if isinstance(x, (list, tuple)) else str(x) for x in rest]
        text.append("\nBeing played: ", style="bold")
        text.append(" ".join([str(name), *words]))
    if p["revealed_skills"]:
        text.append("\nSkills to choose from: " + ", ".join(_name(t, "skill", k) for k in p["revealed_skills"]))
    if p["pending"]:
        text.append("\nRewards to take: " + ", ".join(REWARD_WORDS.get(x, x.replace("-", " ")) for x in p["pending"]))
    return text


def hand_texts(t: Tables, v: dict[str, Any], viewer: int) -> Padding:
    """Each card of the hand with its text (a row each, wrapped under itself where it is long)."""
    grid = Table.grid()
    grid.add_column(style="dim")
    for c in sorted(set(v["players"][viewer]["hand"])):
        if c in t.card and c != "wound":
            grid.add_row(card_line(t.card[c]))
    return Padding(grid, (0, 0, 0, 2))


def source_line(v: dict[str, Any]) -> Text:
    from .render import MANA_STYLE

    text = Text("Source: ", style="bold")
    for i, colour in enumerate(v["source"], start=1):
        used = i - 1 in v["source_used"]
        text.append(f"die-{i} {colour}" + (" (taken)" if used else ""), style="dim" if used else MANA_STYLE[colour])
        text.append("  ")
    text.rstrip()
    return text


class MapWindow:
    """The map around the hero at ``radius``, at the widest cells that fit: its title, the
    drawing, and (``legend``, ``key``) what the marks and the cells' short words say."""

    def __init__(self, t: Tables, v: dict[str, Any], viewer: int, radius: int, title: bool = True,
                 legend: bool = True, key: bool = True) -> None:
        self.t, self.v, self.viewer, self.radius = t, v, viewer, radius
        self.title, self.legend, self.key = title, legend, key

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        t, v, viewer, radius = self.t, self.v, self.viewer, self.radius
        for body in (WIDE, NARROW):
            drawing = draw(t, v, viewer, radius, body)
            if drawn_width(drawing) <= options.max_width:
                break
        else:
            _, here = centre_of(v, viewer)
            yield Text(f"You are at {here[0]}:{here[1]}: the terminal is too narrow for the map; the board "
                       "command lists every space")
            return
        if self.title:
            yield map_title(t, v, viewer, radius)
        yield drawing
        if self.key:
            key = map_key(t, v, viewer, radius)
            if key.plain:
                yield key
        if self.legend:
            _, here = centre_of(v, viewer)
            ruins = any(hex_distance(here, _unkey(k)) <= radius for k in v["ruins"])
            yield terrain_legend(v)
            yield marks_legend(t, v, viewer, drawing.plain, ruins)


class Frame:
    """The compact frame of ``viewer``'s view ``v``, sized for the question it is shown with."""

    def __init__(self, t: Tables, v: dict[str, Any], viewer: int, question: Question | None,
                 standing: Standing | None, names: Sequence[str]) -> None:
        self.t, self.v, self.viewer, self.question, self.standing, self.names = t, v, viewer, question, standing, names

    def core(self, radius: int | None) -> list[RenderableType]:
        t, v, viewer = self.t, self.v, self.viewer
        parts: list[RenderableType] = [header(t, v, viewer), me_lines(t, v, viewer)]
        others = others_lines(t, v, viewer, radius)
        if others.plain:
            parts.append(others)
        parts.append(hand_line(t, v, viewer))
        for extra in (centre_lines(t, v, viewer), rampaging_near(t, v, viewer)):
            extra.rstrip()
            if extra.plain:
                parts.append(extra)
        return parts

    def choices(self) -> list[list[RenderableType]]:
        """The frames to choose from, the fullest first."""
        t, v, viewer = self.t, self.v, self.viewer
        texts, source = hand_texts(t, v, viewer), source_line(v)
        if v["combat"] is not None or v.get("pvp") is not None:
            panel: list[RenderableType] = [*combat_group(t, v), *pvp_group(t, v, viewer)]
            core = [*self.core(None)[:1], *panel, *self.core(None)[1:]]
            return [[*core, source, texts], [*core, texts], [*core, source], core]
        out: list[list[RenderableType]] = []
        for radius, title, legend, key, more in (
                (2, True, True, True, [source, texts]), (2, True, True, False, [source, texts]),
                (2, True, True, True, [source]), (2, True, True, False, [source]), (2, True, False, False, [source]),
                (1, True, True, False, [source]), (1, True, False, False, [source]), (1, True, False, False, []),
                (1, False, False, False, [])):
            out.append([*self.core(radius), MapWindow(t, v, viewer, radius, title, legend, key), *more])
        out += [[*self.core(None), source], self.core(None)]  # no map: where the others stand, in words
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        options = options.update(height=None)
        left = room(console, options, self.standing, self.names, self.viewer, self.question)
        choices = self.choices()
        for parts in choices:
            if len(console.render_lines(Group(*parts), options, pad=False)) <= left:
                yield Group(*parts)
                return
        yield Group(*choices[-1])


def frame(t: Tables, v: dict[str, Any], viewer: int | None, question: Question | None,
          standing: Standing | None, names: Sequence[str]) -> RenderableType:
    """The compact frame; for an observer (no seat), the whole board."""
    if viewer is None or not 0 <= viewer < len(v["players"]):
        from .render import render

        return render(t, v, viewer)
    return Frame(t, v, viewer, question, standing, names)


__all__ = ["Frame", "frame", "hero_name"]
