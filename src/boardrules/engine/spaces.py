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


Reader = Callable[[Any], list[float]]


@dataclass(frozen=True, slots=True)
class Part:
    """``size`` numbers read from a piece of a view (missing or unexpected data reads as 0)."""

    size: int
    read: Reader


def _num(v: Any) -> float:
    if type(v) is int:  # most leaves: the fast way
        return float(v)
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    if isinstance(v, int | float) and v == v and abs(v) != float("inf"):
        return float(v)
    return 0.0  # text ("hidden"), None, a list: not a number


NUMBER = Part(1, lambda v: [_num(v)])


def one_hot(values: Sequence[Any]) -> Part:
    """1 at the place of the value among ``values`` (all 0 for another value or None)."""
    where = {v: i for i, v in enumerate(values)}
    n = len(values)

    def read(v: Any) -> list[float]:
        out = [0.0] * n
        i = where.get(v) if isinstance(v, str | int) else None
        if i is not None:
            out[i] = 1.0
        return out
    return Part(n, read)


def counts(keys: Sequence[str]) -> Part:
    """The number under each key of a mapping."""
    blank = [0.0] * len(keys)

    def read(v: Any) -> list[float]:
        if type(v) is not dict or not v:
            return blank.copy()
        get = v.get
        return [_num(get(k)) for k in keys]
    return Part(len(keys), read)


def multi_hot(values: Sequence[Any]) -> Part:
    """1 for each of ``values`` found in a list (or among a mapping's keys)."""
    where = {v: i for i, v in enumerate(values)}
    n = len(values)

    def read(v: Any) -> list[float]:
        out = [0.0] * n
        if isinstance(v, list | tuple | dict):
            for x in v:
                i = where.get(x) if isinstance(x, str | int) else None
                if i is not None:
                    out[i] = 1.0
        return out
    return Part(n, read)


def tally(values: Sequence[str]) -> Part:
    """How many times each of ``values`` occurs in a list."""
    where = {v: i for i, v in enumerate(values)}
    n = len(values)

    def read(v: Any) -> list[float]:
        out = [0.0] * n
        if isinstance(v, list | tuple):
            for x in v:
                i = where.get(x) if isinstance(x, str) else None
                if i is not None:
                    out[i] += 1.0
        return out
    return Part(n, read)


def keyed(name: str, keys: Sequence[str], part: Part) -> Part:
    """A list of mappings, each named by its entry ``name``: for each of ``keys``, 1 if the
    list holds it, then ``part`` of it (all 0 when it does not)."""
    where = {k: i for i, k in enumerate(keys)}
    width = 1 + part.size
    blank = [0.0] * (len(keys) * width)

    def read(v: Any) -> list[float]:
        out = blank.copy()
        if isinstance(v, list | tuple):
            for x in v:
                k = x.get(name) if isinstance(x, dict) else None
                i = where.get(k) if isinstance(k, str) else None
                if i is not None:
                    out[i * width] = 1.0
                    out[i * width + 1:(i + 1) * width] = part.read(x)
        return out
    return Part(len(keys) * width, read)


def at(key: str | int, part: Part) -> Part:
    """``part`` read from the entry ``key`` of a mapping (or item ``key`` of a list)."""
    inner = part.read

    def read(v: Any) -> list[float]:
        if type(v) is dict:
            return inner(v.get(key))
        if isinstance(v, list) and isinstance(key, int) and 0 <= key < len(v):
            return inner(v[key])
        return inner(None)
    return Part(part.size, read)


def record(*parts: Part) -> Part:
    """Several parts of one piece, one after another."""
    readers = tuple(p.read for p in parts)

    def read(v: Any) -> list[float]:
        out: list[float] = []
        extend = out.extend
        for r in readers:
            extend(r(v))
        return out
    return Part(sum(p.size for p in parts), read)


def items(n: int, part: Part) -> Part:
    """``part`` of each of the first ``n`` items of a list (0 for missing items)."""
    blank = [0.0] * part.size

    def read(v: Any) -> list[float]:
        out: list[float] = []
        seq = v if isinstance(v, list | tuple) else ()
        for i in range(n):
            out.extend(part.read(seq[i]) if i < len(seq) else blank)
        return out
    return Part(n * part.size, read)


@dataclass(frozen=True, slots=True)
class Field:
    """``size`` numbers of an observation, read from a view by ``read``, meaning ``meaning``."""

    name: str
    meaning: str
    part: Part

    @property
    def size(self) -> int:
        return self.part.size


class ObservationSchema:
    """A fixed-length numeric vector of a player's view, field after field."""

    def __init__(self, key: str, fields: Iterable[Field]) -> None:
        self.key = key
        self.fields = tuple(fields)
        self.size = sum(f.size for f in self.fields)

    def vector(self, view: Mapping[str, Any]) -> list[float]:
        out: list[float] = []
        for f in self.fields:
            part = f.part.read(view)
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
