"""Stable encodings of any game's actions and views, for learning programs.

Actions: a game's action texts are spelled with a finite vocabulary of words, built
structurally (never by playing games): the numbers 0 to 99, the letters a to z, every word of the game's
content files, every one-word string literal of the game's code (action names and keywords),
and every word of the set-up views. An action is the sequence of those words, with the
spaces and hyphens between them as words of their own, ending with ``<end>``; a word's
index is its place in the sorted vocabulary, so it is the same in every state, run and
process for one game, player count, rules version and content version. Observations: the
view, flattened to (path, value) leaves, hashed with a fixed digest into a fixed-length
vector.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import math
import re
import string
import tomllib
from collections.abc import Iterator, Sequence
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import Action, Game
from ..engine.actions import is_action_word

END = "<end>"
SPACE = " "
SEPARATORS = ("-", ":", ".", "+")
SPECIALS = (END, SPACE, *SEPARATORS)
_SEPARATORS = re.compile(r"([-:.+])")
_RUNS = re.compile(r"[A-Za-z]+|[0-9]+|[^A-Za-z0-9]+")
NUMBERS_UP_TO = 99
OBSERVATION_SIZE = 1024


class EncodingError(ValueError):
    """An action or view the encoding cannot express, with what and where."""


def _words_of(data: Any) -> Iterator[str]:
    """Every action word among the keys and strings of JSON-like data."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _words_of(key)
            yield from _words_of(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from _words_of(value)
    elif isinstance(data, str):
        for word in data.split():
            if is_action_word(word):
                yield word


def _package_dir(game: Game) -> Path:
    module = importlib.import_module(type(game).__module__)
    return Path(module.__file__ or ".").parent


def _content_words(package: Path) -> set[str]:
    words: set[str] = set()
    for path in sorted(package.rglob("*.toml")):
        with path.open("rb") as f:
            words.update(_words_of(tomllib.load(f)))
    return words


def _literal_words(package: Path) -> set[str]:
    words: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if is_action_word(node.value):
                    words.add(node.value)
    return words


class ActionEncoding:
    """The word vocabulary of one game at one player count: word <-> index, action <->
    sequence of word indices."""

    def __init__(self, game: Game, num_players: int) -> None:
        self.game = game
        self.num_players = num_players
        package = _package_dir(game)
        words = {str(n) for n in range(NUMBERS_UP_TO + 1)} | set(string.ascii_lowercase)
        words |= _content_words(package) | _literal_words(package)
        state = game.new_state(num_players, 0)
        for viewer in (None, *range(num_players)):
            words.update(_words_of(game.view(state, viewer)))
        words -= set(SPECIALS)
        self.words: tuple[str, ...] = SPECIALS + tuple(sorted(words))
        self.index: dict[str, int] = {w: i for i, w in enumerate(self.words)}
        self._cache: dict[Action, tuple[int, ...]] = {}

    @property
    def size(self) -> int:
        return len(self.words)

    @cached_property
    def key(self) -> str:
        """What the indices depend on: game, player count, rules and content versions."""
        return (f"{self.game.name}/{self.num_players}p/rules-{self.game.rules_version}"
                f"/content-{self.game.content_version}")

    @cached_property
    def digest(self) -> str:
        """A digest of the vocabulary: save it with a trained policy, and compare it before
        reusing the policy (a change of the game's code can change the vocabulary while its
        versions stay the same)."""
        return hashlib.sha256("\n".join(self.words).encode()).hexdigest()[:32]

    def _token(self, token: str, action: Action) -> list[int]:
        found = self.index.get(token)
        if found is not None:
            return [found]
        # a compound word (a figure numbered ``marro-warriors-1``, a hex pair ``t17-t18``,
        # ``shaman:peasant``): the longest known runs of its parts, with the separators between
        parts = _SEPARATORS.split(token)
        out: list[int] = []
        i = 0
        while i < len(parts):
            if parts[i]:
                for j in range(len(parts) - 1, i - 1, -2):
                    found = self.index.get("".join(parts[i:j + 1]))
                    if found is not None:
                        out.append(found)
                        i = j
                        break
                else:
                    out.extend(self._spell(parts[i], token, action))
            if i + 1 < len(parts):
                out.append(self.index[parts[i + 1]])
            i += 2
        return out

    def _spell(self, part: str, token: str, action: Action) -> list[int]:
        """An unknown part (a hex ``t17``) spelled by its runs of letters and digits, a run
        of letters unknown as a whole by its letters."""
        out: list[int] = []
        for run in _RUNS.findall(part):
            for word in (run,) if run in self.index or run.isdigit() else tuple(run):
                found = self.index.get(word)
                if found is None:
                    raise EncodingError(
                        f"{self.key}: the word {word!r} of {token!r} in action "
                        f"{action.text!r} is not in the vocabulary")
                out.append(found)
        if "".join(self.words[i] for i in out) != part:
            raise EncodingError(
                f"{self.key}: {part!r} of {token!r} in action {action.text!r} cannot be "
                "spelled with the vocabulary")
        return out

    def encode(self, action: Action) -> tuple[int, ...]:
        """The word indices of ``action``, ending with ``<end>``."""
        seq = self._cache.get(action)
        if seq is None:
            out: list[int] = []
            for n, token in enumerate((action.name, *action.args)):
                if n:
                    out.append(self.index[SPACE])
                out.extend(self._token(token, action))
            out.append(self.index[END])
            seq = self._cache[action] = tuple(out)
        return seq

    def encode_padded(self, action: Action, length: int = 16) -> np.ndarray:
        """The factored form: ``action``'s word indices padded with ``<end>`` to ``length``
        (a ``MultiDiscrete([size] * length)`` value)."""
        seq = self.encode(action)
        if len(seq) > length:
            raise EncodingError(
                f"{self.key}: action {action.text!r} takes {len(seq)} words, more than {length}")
        return np.array(seq + (self.index[END],) * (length - len(seq)), dtype=np.int64)

    def decode_padded(self, padded: Sequence[int]) -> Action:
        """The action of a padded word sequence (its words up to the first ``<end>``)."""
        words = [int(i) for i in padded]
        end = self.index[END]
        return self.decode(words[:words.index(end) + 1] if end in words else words)

    def decode(self, seq: Sequence[int]) -> Action:
        """The action spelled by ``seq`` (ending with ``<end>``)."""
        if not seq or seq[-1] != self.index[END]:
            raise EncodingError(f"{self.key}: a word sequence must end with {END!r}")
        for i in seq:
            if not 0 <= i < self.size:
                raise EncodingError(f"{self.key}: no word has index {i} (0 to {self.size - 1})")
        return Action.parse("".join(self.words[i] for i in seq[:-1]))

    def next_words(self, actions: Sequence[Action], prefix: Sequence[int]) -> np.ndarray:
        """The mask of the words that continue ``prefix`` towards one of ``actions``."""
        mask = np.zeros(self.size, dtype=np.int8)
        n = len(prefix)
        for a in actions:
            seq = self.encode(a)
            if len(seq) > n and seq[:n] == tuple(prefix):
                mask[seq[n]] = 1
        return mask

    def complete(self, actions: Sequence[Action], seq: Sequence[int]) -> Action | None:
        """The action among ``actions`` spelled by ``seq``, if any."""
        t = tuple(seq)
        for a in actions:
            if self.encode(a) == t:
                return a
        return None


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
