"""What a game declares for learning programs: a finite action space and an observation schema.

An ``ActionSpace`` numbers every action a game can offer at one player count, content version
and set of options, from the game's content (ids, spaces, numbers up to documented bounds),
never from a state: the same index means the same action in every state, so a policy's outputs
keep their meaning. It is a list of templates, each an action name and the values of its
arguments (a slot may hold several arguments at once, when only some combinations occur);
the flat index runs through the templates in order, the arguments in mixed radix.

An ``ObservationSchema`` turns a player's view into a fixed-length list of numbers, field by
field, each field a named index range with its meaning, and declares the bounds of each number
(``low``, ``high``): a one-hot is 0 or 1, a count or score is read with the most it can be (a
bound from the rules, or a documented one the reader clips to), so a learning program's
observation space is a bounded box.
"""

from __future__ import annotations

import hashlib
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

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
        sizes = [len(self.templates)] + [1] * max((len(v) for v in self._values), default=0)
        for slots in self._values:
            for k, v in enumerate(slots):
                sizes[k + 1] = max(sizes[k + 1], len(v))
        self._nvec = tuple(sizes)

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
        return self._nvec

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


Filler = Callable[[Any, list[float], int], None]
INF = float("inf")
Bounds = tuple[tuple[int, float, float], ...]  # runs of (how many numbers, lowest, highest)


@dataclass(frozen=True, slots=True)
class Part:
    """``size`` numbers read from a piece of a view: ``fill(piece, out, at)`` writes the ones
    that are not 0 into ``out[at:at + size]`` (missing or unexpected data stays 0, so most of
    a vector costs nothing). ``bounds``: the lowest and highest value of each number, as runs
    (unbounded unless declared)."""

    size: int
    fill: Filler
    bounds: Bounds = ()
    # an ``at`` part: the entry it reads and the filler of that entry (``record`` and the schema
    # read the entry themselves, one call fewer a part); None for any other part
    key: str | int | None = None
    inner: Filler | None = None
    # a number (``number``, ``NUMBER``): its bounds, which the readers above it clip to themselves;
    # for an ``at`` part, those of the number it reads
    clip: tuple[float, float] | None = None
    # whether it writes nothing for a piece that is false (None, 0, an empty list or mapping):
    # the readers above it then skip such a piece without calling it
    sparse: bool = False
    inner_sparse: bool = False  # for an ``at`` part: whether the part it reads is sparse

    def __post_init__(self) -> None:
        if not self.bounds:
            object.__setattr__(self, "bounds", ((self.size, -INF, INF),))
        elif sum(n for n, _, _ in self.bounds) != self.size:
            raise ActionSpaceError(f"a part of {self.size} numbers declares bounds for "
                                   f"{sum(n for n, _, _ in self.bounds)}")

    def read(self, v: Any) -> list[float]:
        out = [0.0] * self.size
        self.fill(v, out, 0)
        return out


def _num(v: Any) -> float:
    if type(v) is int:  # most leaves: the fast way
        return float(v)
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    if isinstance(v, int | float) and v == v and abs(v) != float("inf"):
        return float(v)
    return 0.0  # text ("hidden"), None, a list: not a number


def _fill_number(v: Any, out: list[float], at: int) -> None:
    if v:
        out[at] = _num(v)


NUMBER = Part(1, _fill_number, clip=(-INF, INF))  # unbounded: prefer ``number(high)``


def _clip(x: float, low: float, high: float) -> float:
    return low if x < low else high if x > high else x


def number(high: float, low: float = 0.0) -> Part:
    """A number from ``low`` to ``high``: the bound a rule gives it, or a documented one that
    a larger value is clipped to."""
    if not low <= high:
        raise ActionSpaceError(f"a number's bounds {low} to {high} are the wrong way round")

    def fill(v: Any, out: list[float], at: int) -> None:
        if v:
            out[at] = _clip(_num(v), low, high)
    return Part(1, fill, ((1, low, high),), clip=(low, high))


def _flag(n: int) -> Bounds:
    return ((n, 0.0, 1.0),)


def clipped(part: Part, high: float, low: float = 0.0) -> Part:
    """``part`` with every number clipped from ``low`` to ``high`` (for a reader of its own
    that adds up what it finds: keep it to a few numbers, as the clipping reads them all)."""
    inner, size = part.fill, part.size

    def fill(v: Any, out: list[float], at: int) -> None:
        inner(v, out, at)
        for i in range(at, at + size):
            x = out[i]
            if x > high or x < low:
                out[i] = _clip(x, low, high)
    return Part(size, fill, ((size, low, high),))


def bounded(part: Part, high: float, low: float = 0.0) -> Part:
    """``part`` declaring that each of its numbers lies from ``low`` to ``high`` (a bound its
    reader cannot pass: a one-hot, a count of things the content numbers)."""
    return Part(part.size, part.fill, ((part.size, low, high),), sparse=part.sparse)


def one_hot(values: Sequence[Any]) -> Part:
    """1 at the place of the value among ``values`` (all 0 for another value or None)."""
    where = {v: i for i, v in enumerate(values)}

    def fill(v: Any, out: list[float], at: int) -> None:
        i = where.get(v) if isinstance(v, str | int) else None
        if i is not None:
            out[at + i] = 1.0
    return Part(len(values), fill, _flag(len(values)))


def counts(keys: Sequence[str], most: float = INF, least: float = 0.0) -> Part:
    """The number under each key of a mapping, from ``least`` to ``most`` (clipped)."""
    where = {k: i for i, k in enumerate(keys)}

    def fill(v: Any, out: list[float], at: int) -> None:
        if type(v) is dict:
            for k, x in v.items():
                i = where.get(k)
                if i is not None and x:
                    out[at + i] = _clip(_num(x), least, most)
    return Part(len(keys), fill, ((len(keys), least, most),), sparse=True)


def _hot(values: Sequence[Any], most: float) -> Part:
    where = {v: i for i, v in enumerate(values)}
    get = where.get
    # words only: every other item finds nothing by itself, so they are looked up without a test
    words = all(type(x) is str for x in values)

    def fill(v: Any, out: list[float], at: int) -> None:
        if not isinstance(v, list | tuple | dict) or not v:
            return
        if words and (type(v) is dict or type(v[0]) is str):  # (a list of words, as a rule)
            try:
                found = list(map(get, v))
            except TypeError:  # an item further on that is no key (a list)
                found = [get(x) if isinstance(x, str | int) else None for x in v]
            for i in found:
                if i is not None and out[at + i] < most:
                    out[at + i] += 1.0
            return
        for x in v:
            i = get(x) if isinstance(x, str | int) else None
            if i is not None and out[at + i] < most:
                out[at + i] += 1.0
    return Part(len(values), fill, ((len(values), 0.0, most),), sparse=True)


def multi_hot(values: Sequence[Any]) -> Part:
    """1 for each of ``values`` found in a list (or among a mapping's keys)."""
    return _hot(values, 1.0)


def tally(values: Sequence[str], most: float = INF) -> Part:
    """How many times each of ``values`` occurs in a list (counted up to ``most``)."""
    return _hot(values, most)


def keyed(name: str, keys: Sequence[str], part: Part) -> Part:
    """A list of mappings, each named by its entry ``name``: for each of ``keys``, 1 if the
    list holds it, then ``part`` of it (all 0 when it does not)."""
    where = {k: i for i, k in enumerate(keys)}
    width = 1 + part.size
    inner = part.fill

    def fill(v: Any, out: list[float], at: int) -> None:
        if isinstance(v, list | tuple):
            for x in v:
                k = x.get(name) if type(x) is dict else None
                i = where.get(k) if isinstance(k, str) else None
                if i is not None:
                    out[at + i * width] = 1.0
                    inner(x, out, at + i * width + 1)
    return Part(len(keys) * width, fill, (_flag(1) + part.bounds) * len(keys), sparse=True)


def at(key: str | int, part: Part) -> Part:
    """``part`` read from the entry ``key`` of a mapping (or item ``key`` of a list)."""
    inner = part.fill

    def fill(v: Any, out: list[float], start: int) -> None:
        if type(v) is dict:
            sub = v.get(key)
        elif isinstance(v, list) and isinstance(key, int) and 0 <= key < len(v):
            sub = v[key]
        else:
            return
        if sub is not None:
            inner(sub, out, start)
    # (a number's bounds only when ``part`` is the number itself, not another ``at`` reading one)
    return Part(part.size, fill, part.bounds, key, inner, part.clip if part.key is None else None, sparse=True,
                inner_sparse=part.sparse)


def record(*parts: Part) -> Part:
    """Several parts of one piece, one after another."""
    steps: list[tuple[Filler, int]] = []
    size = 0
    for p in parts:
        steps.append((p.fill, size))
        size += p.size
    fill_dict = _reading(parts)

    def fill(v: Any, out: list[float], at: int) -> None:
        if type(v) is dict:
            fill_dict(v, out, at)
            return
        for inner, offset in steps:
            inner(v, out, at + offset)
    return Part(size, fill, tuple(run for p in parts for run in p.bounds))


def _reading(parts: Sequence[Part]) -> Filler:
    """The parts laid one after another, filled from a mapping: an ``at`` part's entry read
    here and handed to its own filler, the others called as they are (the same numbers as
    calling each part's ``fill``, with a call fewer for each ``at``)."""
    keyed: list[tuple[str | int, Filler, int]] = []
    sparse: list[tuple[str | int, Filler, int]] = []  # an entry whose filler writes nothing for a false one
    plain: list[tuple[Filler, int]] = []
    numbers: list[tuple[str | int, int, float, float]] = []  # an entry that is a number: written here
    offset = 0
    for p in parts:
        if p.key is not None and p.clip is not None:
            numbers.append((p.key, offset, *p.clip))
        elif p.key is not None and p.inner is not None:
            (sparse if p.inner_sparse else keyed).append((p.key, p.inner, offset))
        else:
            plain.append((p.fill, offset))
        offset += p.size
    # the steps written out one after another as the lines of one function (no loop over them,
    # no tuple of each step taken apart: most of a vector's cost), its constants by name
    names: dict[str, Any] = {"_num": _num}
    lines = ["def fill(v, out, at):", "    get = v.get"]
    for n, (key, offset, low, high) in enumerate(numbers):  # as the number's own filler writes it
        names[f"k{n}"], names[f"lo{n}"], names[f"hi{n}"] = key, low, high
        lines += [f"    sub = get(k{n})", "    if sub:", "        x = float(sub) if type(sub) is int else _num(sub)",
                  f"        out[at + {offset}] = lo{n} if x < lo{n} else hi{n} if x > hi{n} else x"]
    for kind, steps in (("if sub:", sparse), ("if sub is not None:", keyed)):
        for key, inner, offset in steps:
            n = len(names)
            names[f"k{n}"], names[f"f{n}"] = key, inner
            lines += [f"    sub = get(k{n})", f"    {kind}", f"        f{n}(sub, out, at + {offset})"]
    for inner, offset in plain:
        n = len(names)
        names[f"f{n}"] = inner
        lines.append(f"    f{n}(v, out, at + {offset})")
    exec("\n".join(lines), names)  # noqa: S102 (the lines above only: names, numbers and these words)
    return cast(Filler, names["fill"])


def items(n: int, part: Part) -> Part:
    """``part`` of each of the first ``n`` items of a list (0 for missing items)."""
    inner, width = part.fill, part.size

    def fill(v: Any, out: list[float], at: int) -> None:
        if isinstance(v, list | tuple):
            for i, x in enumerate(v[:n]):
                if x is not None:
                    inner(x, out, at + i * width)
    return Part(n * width, fill, part.bounds * n, sparse=True)


@dataclass(frozen=True, slots=True)
class Field:
    """``size`` numbers of an observation, read from a view by ``part``, meaning ``meaning``."""

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
        steps, at = [], 0
        for f in self.fields:
            steps.append((f.part.fill, at))
            at += f.size
        self._steps = tuple(steps)
        self._fill = _reading([f.part for f in self.fields])  # a view is a mapping
        self._zeros = array("d", bytes(8 * self.size))

    def vector(self, view: Mapping[str, Any]) -> list[float]:
        out = [0.0] * self.size
        if type(view) is dict:
            self._fill(view, out, 0)
        else:
            for fill, at in self._steps:
                fill(view, out, at)
        return out

    def buffer(self) -> array[float]:
        """A buffer for ``write``: ``size`` doubles (``array('d')``), whose memory a learning
        program may view as an array of its own (``numpy.frombuffer``)."""
        return array("d", self._zeros)

    def write(self, view: Mapping[str, Any], buffer: array[float]) -> array[float]:
        """``vector(view)`` written into ``buffer`` (from ``buffer()``), no list made: the same
        numbers, worked out with the same double-precision arithmetic."""
        if len(buffer) != self.size:
            raise ActionSpaceError(f"{self.key}: a buffer of {len(buffer)} numbers for a vector of {self.size}")
        buffer[:] = self._zeros  # the same length: a copy of the zeros, never a resize
        out = cast(list[float], buffer)  # the readers index it as they index a list
        if type(view) is dict:
            self._fill(view, out, 0)
        else:
            for fill, at in self._steps:
                fill(view, out, at)
        return buffer

    def check(self, view: Mapping[str, Any]) -> list[float]:
        """``vector``, each field filled apart: a field writing outside its own indices is an
        ActionSpaceError naming it (for tests of a new schema)."""
        out: list[float] = []
        for f in self.fields:
            part = [0.0] * f.size
            try:
                f.part.fill(view, part, 0)
            except IndexError:
                raise ActionSpaceError(
                    f"{self.key}: field {f.name!r} writes outside its {f.size} numbers") from None
            if len(part) != f.size:
                raise ActionSpaceError(f"{self.key}: field {f.name!r} changed its length")
            out.extend(part)
        return out

    @property
    def low(self) -> list[float]:
        """The lowest value of each number (-inf where none is declared)."""
        return [lo for f in self.fields for n, lo, _ in f.part.bounds for _ in range(n)]

    @property
    def high(self) -> list[float]:
        """The highest value of each number (inf where none is declared)."""
        return [hi for f in self.fields for n, _, hi in f.part.bounds for _ in range(n)]

    def unbounded(self) -> list[str]:
        """The fields with a number of no declared bound (none, in a finished schema)."""
        return [f.name for f in self.fields if any(abs(lo) == INF or abs(hi) == INF for _, lo, hi in f.part.bounds)]

    def layout(self) -> list[tuple[int, int, str, str]]:
        """(first index, size, name, meaning) per field, for the documentation."""
        out, at = [], 0
        for f in self.fields:
            out.append((at, f.size, f.name, f.meaning))
            at += f.size
        return out
