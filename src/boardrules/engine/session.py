"""A game in progress: the state, the action history, undo, saving and replays."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from .actions import Action
from .errors import IllegalActionError, ReplayError
from .game import Decision, Event, Game, Result
from .rng import Rng

S = TypeVar("S")

REPLAY_FORMAT = 1


def reveals_information(game: Game[S], before: S, action: Action, after: S, samples: int = 64) -> bool:
    """True when applying ``action`` to ``before`` drew randomness or showed anyone something new.

    Derived, not declared: the action is replayed on states resampled for each player (which
    differ from the real one only in what that player cannot see, the future randomness
    included); if that player's view afterwards ever differs from the real one, the action
    revealed something to them. Each player gets ``samples`` resamplings: a revealing action
    goes unnoticed only if every one of them happens to agree with the hidden truth. Even
    when a discarded card was one of only 3 unseen cards, 2 of them in the hand, 64 samples
    all keep it in the hand about once in 10^11. (Sessions derive this only when a player
    asks to undo.)
    """
    if game.rng(after).draws != game.rng(before).draws:
        return True
    probe = Rng(0x5EED ^ len(str(action)))
    for player in range(len(game.player_names(before)) or 1):
        real = game.view(after, player)
        for _ in range(samples):
            sample = game.determinize(before, player, probe.spawn())
            try:
                game.apply(sample, action)
            except IllegalActionError:
                return True
            if game.view(sample, player) != real:
                return True
    return False


@dataclass(slots=True)
class _Step(Generic[S]):
    player: int
    action: Action
    before: S
    undoable: bool | None  # None: not derived yet (only the last step's is ever asked for)


@dataclass
class Session(Generic[S]):
    """Runs one game: applies actions, keeps the history, undoes, saves replays."""

    game: Game[S]
    seed: int
    num_players: int
    options: dict[str, str] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    track_undo: bool = False
    state: S = field(init=False)
    history: list[_Step[S]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.options = self.game.check_options(self.num_players, self.options)
        self.state = self.game.new_state(self.num_players, self.seed, self.options)
        if not self.seats:
            self.seats = ["?"] * self.num_players

    @property
    def decision(self) -> Decision | None:
        return self.game.decision(self.state)

    @property
    def result(self) -> Result | None:
        return self.game.result(self.state)

    def play(self, action: Action | str) -> list[Event]:
        """Apply an action (or its text) for whoever is being asked now."""
        if isinstance(action, str):
            action = Action.parse(action)
        decision = self.game.decision(self.state)
        if decision is None:
            raise IllegalActionError("the game is over")
        self.game.check_legal(self.state, action)
        before = self.game.clone(self.state)
        events = self.game.apply(self.state, action)
        self.history.append(_Step(decision.player, action, before, None if self.track_undo else False))
        return events

    def can_undo(self, player: int) -> tuple[bool, str]:
        """Whether ``player`` may take back their own last decision, and if not, why."""
        if not self.history:
            return False, "nothing has been played yet"
        last = self.history[-1]
        if last.player != player:
            return False, "the last decision was not yours"
        if last.undoable is None:  # derived when first asked: the state now is the state it left
            last.undoable = not reveals_information(self.game, last.before, last.action, self.state)
        if not last.undoable:
            return False, "your last decision revealed hidden information or drew randomness"
        return True, ""

    def undo(self, player: int) -> Action:
        ok, why = self.can_undo(player)
        if not ok:
            raise IllegalActionError(f"cannot undo: {why}", "undo")
        step = self.history.pop()
        self.state = step.before
        return step.action

    @property
    def actions(self) -> list[Action]:
        return [s.action for s in self.history]

    def replay_data(self) -> dict[str, Any]:
        return {
            "format": REPLAY_FORMAT,
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "content_version": self.game.content_version,
            "players": self.num_players,
            "seats": list(self.seats),
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [a.text for a in self.actions],
            "final_hash": self.game.state_hash(self.state),
            "over": self.game.is_over(self.state),
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.replay_data(), indent=1) + "\n")


def replay_from_data(
    game: Game[Any], data: Mapping[str, Any], where: str = "replay", check_hash: bool = True,
    track_undo: bool = False,
) -> Session[Any]:
    """Re-run a replay's actions; raises ReplayError when it is corrupt or does not reproduce."""
    def need(key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in data:
            raise ReplayError(f"{where}: the field {key!r} is missing")
        value = data[key]
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
            raise ReplayError(f"{where}: the field {key!r} has the wrong type ({value!r})")
        return value

    if need("format", int) != REPLAY_FORMAT:
        raise ReplayError(f"{where}: replay format {data['format']} is not supported (expected {REPLAY_FORMAT})")
    if need("game", str) != game.name:
        raise ReplayError(f"{where}: this replay is of {data['game']!r}, not {game.name!r}")
    for key, mine in (("rules_version", game.rules_version), ("content_version", game.content_version)):
        theirs = need(key, str)
        if theirs != mine:
            raise ReplayError(
                f"{where}: recorded with {key.replace('_', ' ')} {theirs}, but this boardrules has {mine}; "
                "the game may not reproduce"
            )
    options = need("options", dict)
    seats = need("seats", list)
    actions = need("actions", list)
    players = need("players", int)
    if seats and len(seats) != players:
        raise ReplayError(f"{where}: the replay lists {len(seats)} seats for {players} players")
    session: Session[Any] = Session(
        game, need("seed", int), players, {str(k): str(v) for k, v in options.items()},
        [str(s) for s in seats], track_undo,
    )
    for i, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            raise ReplayError(f"{where}: action {i} is not text: {text!r}")
        try:
            session.play(text)
        except Exception as exc:  # any failure is a corrupt replay, reported with its place
            raise ReplayError(f"{where}: action {i} ({text!r}) cannot be played: {exc}") from exc
    if check_hash:
        recorded = need("final_hash", str)
        actual = game.state_hash(session.state)
        if recorded != actual:
            raise ReplayError(
                f"{where}: the final state hash does not match (recorded {recorded}, replayed {actual}): "
                "the replay does not reproduce"
            )
    return session


def load_replay(path: str | Path) -> dict[str, Any]:
    """Read a replay file, with a clear error when it is not one."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ReplayError(f"{p}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{p}: cannot be read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{p}: not a replay (invalid JSON at line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, dict):
        raise ReplayError(f"{p}: not a replay (expected a JSON object)")
    return data


def play_out(game: Game[S], state: S, agents: Sequence[Any], max_decisions: int = 1_000_000) -> int:
    """Play ``state`` to the end with one agent per seat; returns the number of decisions."""
    n = 0
    while n < max_decisions:
        d = game.decision(state)
        if d is None:
            return n
        action = agents[d.player].act(game, state, d)
        game.apply(state, action)
        n += 1
    raise RuntimeError(f"game did not end within {max_decisions} decisions")
