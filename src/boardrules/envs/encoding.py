"""Stable encodings of any game's actions and views, for learning programs.

Actions: the game's own action space (``Game.action_space``, engine.spaces), declared from its
content: an index means the same action in every state for one game, player count, rules
version, content version and options. Observations: the game's observation schema
(``Game.observation_schema``) when it declares one, a vector with a documented meaning per
index range; otherwise the view, flattened to (path, value) leaves, hashed with a fixed digest
into a fixed-length vector. Every number has a bound (``Encoding.low``, ``high``): the schema's
declared ones; a number a schema leaves unbounded, and the hashed view, are clipped to
+-UNDECLARED_BOUND, so an observation space is always a bounded box.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from ..engine import Action, Game
from ..engine.spaces import ActionSpace, ActionSpaceError, ObservationSchema

OBSERVATION_SIZE = 1024
UNDECLARED_BOUND = 1e6  # the clip of a number with no declared bound
EncodingError = ActionSpaceError  # an action, index or view an encoding cannot express


class Encoding:
    """What the environments read of one game set-up: its action space (indices and masks)
    and its observation (the declared schema, or the hashed view)."""

    def __init__(self, game: Game, num_players: int, options: Mapping[str, str] | None = None) -> None:
        self.game = game
        self.num_players = num_players
        self.space: ActionSpace = game.action_space(num_players, options)
        self.schema: ObservationSchema | None = game.observation_schema(num_players, options)
        self.observation_size = self.schema.size if self.schema is not None else OBSERVATION_SIZE
        if self.schema is not None:
            low = np.asarray(self.schema.low, dtype=np.float64)
            high = np.asarray(self.schema.high, dtype=np.float64)
        else:
            low = np.full(OBSERVATION_SIZE, -np.inf)
            high = np.full(OBSERVATION_SIZE, np.inf)
        # clip only when some number has no declared bound (a finished schema has none)
        self._clip = bool(np.isinf(low).any() or np.isinf(high).any())
        self.low = np.maximum(low, -UNDECLARED_BOUND).astype(np.float32)
        self.high = np.minimum(high, UNDECLARED_BOUND).astype(np.float32)
        # the schema's readers write into one buffer of doubles, kept from view to view, read
        # as an array (no list of numbers made and converted: that was most of an observation)
        self._stage = self.schema.buffer() if self.schema is not None else None
        self._staged = np.frombuffer(self._stage, dtype=np.float64) if self._stage is not None else None

    @property
    def size(self) -> int:
        return self.space.size

    def observe(self, view: dict[str, Any]) -> np.ndarray:
        """The observation vector of ``view``: a new float32 array (see ``observe_into``)."""
        return self.observe_into(view, np.empty(self.observation_size, dtype=np.float32))

    def observe_into(self, view: dict[str, Any], out: np.ndarray) -> np.ndarray:
        """The observation vector of ``view`` written into ``out`` (float32, ``observation_size``
        numbers: a buffer kept from step to step), which it returns. The numbers are those of
        ``observe`` made from ``schema.vector``: the same doubles, rounded to float32, clipped to
        the bounds where some number has none declared."""
        if self.schema is None:
            out[:] = observation_vector(view)
        else:
            assert self._stage is not None and self._staged is not None
            self.schema.write(view, self._stage)
            out[:] = self._staged  # rounded to float32 as numpy.asarray rounds a list of floats
        if self._clip:
            np.clip(out, self.low, self.high, out=out)
        return out

    def legal(self, actions: Sequence[Action]) -> dict[int, Action]:
        """The legal actions by index."""
        index = self.space.index
        return {index(a): a for a in actions}

    def mask(self, legal: Mapping[int, Action]) -> np.ndarray:
        mask = np.zeros(self.space.size, dtype=np.int8)
        if legal:
            mask[list(legal)] = 1
        return mask


def _leaves(data: Any, path: str) -> list[tuple[str, float]]:
    """The leaves of JSON-like data as (path, number), dict keys in sorted order (a loop with
    a stack, not recursion: this is most of an environment step)."""
    out: list[tuple[str, float]] = []
    stack: list[tuple[str, Any]] = [(path, data)]
    pop, push, add = stack.pop, stack.append, out.append
    while stack:
        where, value = pop()
        kind = type(value)
        if kind is dict:
            for key in sorted(value, key=str, reverse=True):
                push((f"{where}/{key}", value[key]))
        elif kind is list or kind is tuple:
            for i in range(len(value) - 1, -1, -1):
                push((f"{where}/{i}", value[i]))
        elif kind is bool:
            add((where, float(value)))
        elif kind is int or kind is float:
            add((where, float(value) if math.isfinite(value) else 0.0))
        elif value is None:
            add((f"{where}=null", 1.0))
        elif isinstance(value, dict | list | tuple):  # a subclass: the same as its base
            push((where, dict(value) if isinstance(value, dict) else list(value)))
        else:
            add((f"{where}={value}", 1.0))
    return out


@lru_cache(maxsize=1 << 16)  # the same paths and values recur from one view to the next
def _bucket(text: str, size: int) -> int:
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") % size


def observation_features(view: dict[str, Any], size: int = OBSERVATION_SIZE) -> dict[int, list[str]]:
    """What each index of ``observation_vector(view)`` holds: the leaves hashed to it."""
    out: dict[int, list[str]] = {}
    for key, _ in _leaves(view, ""):
        out.setdefault(_bucket(key, size), []).append(key)
    return out


def observation_vector(view: dict[str, Any], size: int = OBSERVATION_SIZE) -> np.ndarray:
    """A fixed-length vector of a view: each leaf's path (with its value, for text) is hashed
    with a fixed digest to an index, where its number is added (1 for text)."""
    vec = np.zeros(size, dtype=np.float32)
    leaves = _leaves(view, "")
    if leaves:
        np.add.at(vec, [_bucket(key, size) for key, _ in leaves], [value for _, value in leaves])
    return vec
