"""What a game declares for learning programs: a finite action space and an observation schema.

An ``ActionSpace`` numbers every action a game can offer at one player count, content version
and set of options, from the game's content (ids, spaces, numbers up to documented bounds),
never from a state: the same index means the same action in every state, so a policy's outputs
keep their meaning. It is a list of templates, each an action name and the values of its
arguments (a slot may hold several arguments at once, when only some combinations occur);
the flat index runs through the templates in order, the arguments in mixed radix.

An ``ObservationSchema`` turns a player's view into a fixed-length list of numbers, field by
field, each field a named index range with its meaning.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action


class ActionSpaceError(ValueError):
    """An action or index outside a declared space, or a space declared badly: says which."""


@dataclass(frozen=True, slots=True)
class ActionTemplate:
    """The actions ``name`` + one value of each slot. A slot's values are texts of one or more
    words (all with the same number of words: ``"a1 a8"`` fills two arguments)."""

    name: str
    slots: tuple[tuple[str, ...], ...] = ()


class ActionSpace:
    """A numbering of all the actions of one game set-up. ``key`` names what it depends on."""

    def __init__(self, key: str, templates: Iterable[ActionTemplate]) -> None:
        self.key = key
        self.templates = tuple(templates)
        self._by_head: dict[tuple[str, int], int] = {}
        self._offsets: list[int] = []
        self._widths: list[tuple[int, ...]] = []
        self._values: list[tuple[tuple[tuple[str, ...], ...], ...]] = []
        self._where: list[tuple[dict[tuple[str, ...], int], ...]] = []
        total = 0
        for n, t in enumerate(self.templates):
            widths: list[int] = []
            values: list[tuple[tuple[str, ...], ...]] = []
            where: list[dict[tuple[str, ...], int]] = []
            for k, slot in enumerate(t.slots):
                if not slot:
                    raise ActionSpaceError(f"{key}: slot {k + 1} of {t.name!r} has no values")
                split = tuple(tuple(v.split()) for v in slot)
                width = len(split[0])
                if width == 0 or any(len(v) != width for v in split):
                    raise ActionSpaceError(
                        f"{key}: the values of slot {k + 1} of {t.name!r} must all have the same "
                        "number of words (at least one)")
                index = {v: i for i, v in enumerate(split)}
                if len(index) != len(split):
                    raise ActionSpaceError(f"{key}: slot {k + 1} of {t.name!r} repeats a value")
                widths.append(width)
                values.append(split)
                where.append(index)
            head = (t.name, sum(widths))
            if head in self._by_head:
                raise ActionSpaceError(
                    f"{key}: two templates for {t.name!r} with {head[1]} argument(s)")
            self._by_head[head] = n
            self._offsets.append(total)
            self._widths.append(tuple(widths))
            self._values.append(tuple(values))
            self._where.append(tuple(where))
            size = 1
            for v in values:
                size *= len(v)
            total += size
        self.size = total
        self._cache: dict[Action, int] = {}

    @property
    def digest(self) -> str:
        """A digest of the whole layout: save it with a trained policy and compare it before
        reusing the policy."""
        h = hashlib.sha256()
        for t in self.templates:
            h.update(t.name.encode())
            for slot in t.slots:
                h.update(b"\x01" + "\x00".join(slot).encode())
            h.update(b"\x02")
        return h.hexdigest()[:32]

    def index(self, action: Action) -> int:
        """The index of ``action``; ActionSpaceError when the space has none."""
        found = self._cache.get(action)
        if found is not None:
            return found
        n = self._by_head.get((action.name, len(action.args)))
        if n is None:
            raise ActionSpaceError(
                f"{self.key}: no action {action.name!r} with {len(action.args)} argument(s) "
                f"in the action space (action {action.text!r})")
        flat, at = 0, 0
        for k, (width, where) in enumerate(zip(self._widths[n], self._where[n], strict=True)):
            value = action.args[at:at + width]
            i = where.get(value)
            if i is None:
                raise ActionSpaceError(
                    f"{self.key}: {' '.join(value)!r} is not among the {len(where)} values of "
                    f"slot {k + 1} of {action.name!r} (action {action.text!r})")
            flat = flat * len(where) + i
            at += width
        found = self._offsets[n] + flat
        self._cache[action] = found
        return found

    def action(self, index: int) -> Action:
        """The action numbered ``index``; ActionSpaceError outside 0 to size - 1."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise ActionSpaceError(
                f"{self.key}: no action has index {index!r} (0 to {self.size - 1})")
        n = bisect_right(self._offsets, index) - 1
        rest = index - self._offsets[n]
        args: list[str] = []
        for values in reversed(self._values[n]):
            rest, i = divmod(rest, len(values))
            args[:0] = values[i]
        return Action(self.templates[n].name, tuple(args))

    def indices(self, actions: Sequence[Action]) -> list[int]:
        return [self.index(a) for a in actions]

    # -- the factored form: the template, then each slot's value (0 where it has none) --------
    @property
    def nvec(self) -> tuple[int, ...]:
        """The size of each part of a factored action (a ``MultiDiscrete`` shape)."""
        most = max((len(v) for v in self._values), default=0)
        sizes = [len(self.templates)] + [1] * most
        for values in self._values:
            for k, v in enumerate(values):
                sizes[k + 1] = max(sizes[k + 1], len(v))
        return tuple(sizes)

    def factored(self, action: Action) -> tuple[int, ...]:
        flat = self.index(action)
        n = bisect_right(self._offsets, flat) - 1
        rest = flat - self._offsets[n]
        parts: list[int] = []
        for values in reversed(self._values[n]):
            rest, i = divmod(rest, len(values))
            parts.insert(0, i)
        return (n, *parts, *[0] * (len(self.nvec) - 1 - len(parts)))

    def from_factored(self, parts: Sequence[int]) -> Action:
        nvec = self.nvec
        if len(parts) != len(nvec) or not all(0 <= int(p) < m for p, m in zip(parts, nvec, strict=True)):
            raise ActionSpaceError(f"{self.key}: {list(parts)!r} is not a factored action of shape {nvec}")
        n = int(parts[0])
        flat = 0
        for k, values in enumerate(self._values[n]):
            i = int(parts[k + 1])
            if i >= len(values):
                raise ActionSpaceError(
                    f"{self.key}: slot {k + 1} of {self.templates[n].name!r} has {len(values)} "
                    f"values, not {i + 1}")
            flat = flat * len(values) + i
        return self.action(self._offsets[n] + flat)

    def layout(self) -> list[tuple[int, int, str]]:
        """(first index, size, what) per template, for the documentation."""
        out = []
        ends = [*self._offsets[1:], self.size]
        for n, t in enumerate(self.templates):
            what = " ".join([t.name, *(f"<{len(v)}>" for v in self._values[n])])
            out.append((self._offsets[n], ends[n] - self._offsets[n], what))
        return out


Reader = Callable[[Mapping[str, Any]], Sequence[float]]


@dataclass(frozen=True, slots=True)
class Field:
    """``size`` numbers of an observation, read from a view by ``read``, meaning ``meaning``."""

    name: str
    size: int
    meaning: str
    read: Reader


class ObservationSchema:
    """A fixed-length numeric vector of a player's view, field after field."""

    def __init__(self, key: str, fields: Iterable[Field]) -> None:
        self.key = key
        self.fields = tuple(fields)
        self.size = sum(f.size for f in self.fields)

    def vector(self, view: Mapping[str, Any]) -> list[float]:
        out: list[float] = []
        for f in self.fields:
            part = f.read(view)
            if len(part) != f.size:
                raise ActionSpaceError(
                    f"{self.key}: field {f.name!r} read {len(part)} numbers from the view, not {f.size}")
            out.extend(part)
        return out

    def layout(self) -> list[tuple[int, int, str, str]]:
        """(first index, size, name, meaning) per field, for the documentation."""
        out, at = [], 0
        for f in self.fields:
            out.append((at, f.size, f.name, f.meaning))
            at += f.size
        return out
