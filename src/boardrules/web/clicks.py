"""Playing by clicking the board: the paths of board keys that choose each action of the viewer's
decision (``Game.action_keys``), where a path of clicks so far leads, and the board's marks.

A click sends the path so far with the key clicked (``space:12 space:14``). When that path is
the whole path of exactly one action, the action is played, through the same check as a typed
one; when it begins longer paths, the page lights their next keys up; when it is the whole
path of several actions, the page shows their labels as a small menu. A path that no action
of the decision begins with (a stale page, a made-up key) is refused with what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Decision, Game, Scene
from ..engine.scene import KEY
from .board_svg import Marks
from .errors import Refused, cut

MAX_KEYS = 8  # clicks in one path: no game's action needs more
MAX_HINT = 240  # characters of what hovering a clickable element says it does


def action_paths(game: Game[Any], state: Any, decision: Decision) -> tuple[tuple[str, ...], ...]:
    """The board keys of each of ``decision``'s actions, in click order; () when the game
    chooses none of them on the board. A game giving a wrong count is a bug of the game:
    refused, so that no click plays an action it was not meant for."""
    paths = game.action_keys(state, decision)
    if paths and len(paths) != len(decision.actions):
        raise Refused(503, f"{game.title} gave {len(paths)} board paths for {len(decision.actions)} actions")
    return tuple(tuple(p) for p in paths)


def read_path(text: str) -> tuple[str, ...]:
    """The keys of a click's path, checked: at most MAX_KEYS, each a board key (``kind:id``)."""
    keys = tuple(text.split())
    if not keys:
        raise Refused(422, "the click names no board element: load the page again")
    if len(keys) > MAX_KEYS:
        raise Refused(422, f"a click's path holds at most {MAX_KEYS} board elements, not {len(keys)}")
    for key in keys:
        if not KEY.match(key):
            raise Refused(422, f"{cut(key)!r} is not a board element (an element is 'kind:id', as 'space:12')")
    return keys


@dataclass(slots=True)
class Step:
    """Where a path of clicks stands: ``path`` so far, ``next`` each key that goes on from it
    with the actions reached through it, and ``complete`` the actions whose whole path it is."""

    path: tuple[str, ...]
    next: dict[str, list[int]] = field(default_factory=dict)
    complete: list[int] = field(default_factory=list)


def step_at(paths: Sequence[tuple[str, ...]], path: tuple[str, ...]) -> Step | None:
    """Where ``path`` leads among the actions' ``paths``; None when no action begins with it."""
    step = Step(path)
    n = len(path)
    found = False
    for i, p in enumerate(paths):
        if len(p) < n or p[:n] != path or not p:
            continue
        found = True
        if len(p) == n:
            step.complete.append(i)
        else:
            step.next.setdefault(p[n], []).append(i)
    return step if found else None


def refusal(game: Game[Any], state: Any, viewer: int, path: tuple[str, ...], scene: Scene | None) -> str:
    """Why the last key of ``path`` cannot be clicked now."""
    key = path[-1]
    if scene is not None and key not in scene.keys:
        return f"there is no {key!r} on your board: load the page again"
    if len(path) > 1:
        return f"{key} is not a choice after {' then '.join(path[:-1])}"
    reason = game.why_not(state, viewer, key)
    return f"{key} cannot be chosen now" + (f": {reason}" if reason else "")


def hint(labels: Sequence[str]) -> str:
    """What clicking an element does: the label of the one action it chooses, or how many it
    leads to."""
    if len(labels) == 1:
        return cut(labels[0], MAX_HINT)
    return cut(f"{len(labels)} choices: " + "; ".join(labels), MAX_HINT)


def marks(game: Game[Any], state: Any, viewer: int | None, scene: Scene, decision: dict[str, Any] | None,
          paths: tuple[tuple[str, ...], ...], path: tuple[str, ...], post: str, asked_name: str) -> tuple[Marks, Step | None]:
    """The marks of ``viewer``'s board, and the step its clicks so far stand at (None when the
    viewer is not choosing on this board). ``decision`` is the viewer's payload's."""
    mine = decision is not None and "actions" in decision and paths
    if not mine:
        if decision is None:
            reason = "the game is over"
        elif "actions" in decision:
            reason = "this decision is made from the list of actions"
        else:
            reason = f"{asked_name} is being asked" if asked_name else "not a choice now"
        return Marks(why={k: reason for k in scene.keys}), None
    assert viewer is not None
    step = step_at(paths, path) if path else step_at(paths, ())
    if step is None:  # the path went stale: start again
        path, step = (), step_at(paths, ())
    assert step is not None
    actions = decision["actions"]  # type: ignore[index]
    choices = {k: " ".join((*path, k)) for k in step.next}
    hints = {k: hint([actions[i]["label"] for i in ids]) for k, ids in step.next.items()}
    why: dict[str, str] = {}
    for key in scene.keys:
        if key in choices or key in path:
            continue
        if path:
            why[key] = f"not a choice after {' then '.join(path)}"
        else:
            why[key] = game.why_not(state, viewer, key) or "not a choice now"
    return Marks(choices=choices, hints=hints, chosen=frozenset(path), why=why, post=post,
                 include="#clicking"), step
