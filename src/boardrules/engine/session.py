"""A game in progress: the state, the action history, undo, saving and replays."""

from __future__ import annotations

import errno
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from .actions import Action
from .errors import IllegalActionError, OptionError, PositionError, ReplayError, ReplayVersionError
from .files import MAX_SAVE_BYTES, deferred_signals, file_lock, read_limited, write_atomic
from .game import Decision, Event, Game, Result
from .rng import Rng

S = TypeVar("S")

REPLAY_FORMAT = 1
MAX_SEED = (1 << 64) - 1  # the generator keeps 64 bits: a larger seed would play another seed's game


def _short(value: object, limit: int = 24) -> str:
    """A value as text, cut short (a 5,000-digit number in a message helps nobody)."""
    if isinstance(value, int) and value.bit_length() > 256:
        return _digits(value)
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _digits(n: int) -> str:
    """A huge int described (str() of one is slow, and refused past 4,300 digits)."""
    return f"a {'negative ' if n < 0 else ''}number of about {round(n.bit_length() * 0.30103)} digits"


def check_seed(seed: int) -> int:
    """A seed is a whole number from 0 to 2**64 - 1; raises OptionError naming it otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise OptionError(f"a seed is a whole number from 0 to {MAX_SEED}, not {_short(seed)}")
    return seed


def set_up(game: Game[S], num_players: int, seed: int, options: Mapping[str, str] | None) -> tuple[dict[str, str], S]:
    """The options checked with the player count, with their defaults, and the game set up:
    the one check of options that ``play``, ``simulate`` and ``tournament`` share, so that what
    only the set-up refuses (a scenario's player count, a hero or an alignment per seat) stops
    a simulation before its first game, as it stops ``play`` (a simulation sets up with seed
    0, and throws the game away)."""
    opts = game.check_options(num_players, options)
    return opts, game.new_state(num_players, seed, opts)


def parse_options(pairs: Sequence[str], expansion: str | None = None) -> dict[str, str]:
    """Options written ``name=value`` (as typed after ``--option``), with ``expansion`` as the
    option of that name; raises OptionError for a piece that is not ``name=value``. Not checked
    against a game: ``set_up`` does that."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise OptionError(f"an option is written name=value, not {_cut(pair)!r}")
        if len(pair) > 200:  # no option's name or value is this long; do not echo it all back
            raise OptionError(f"the option {_cut(pair)!r} is {len(pair):,} characters long")
        options[key.strip()] = value.strip()
    if expansion is not None:
        options["expansion"] = expansion
    return options


def _cut(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def default_players(cls: type[Game[Any]]) -> int:
    """The player count a game is set up with when none is given: four, or as near as it allows."""
    return max(cls.min_players, min(4, cls.max_players))


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
class Step(Generic[S]):
    """One decision in a session's history: who made it, the action, the state it was made in."""

    player: int
    action: Action
    before: S
    undoable: bool | None  # None: not derived yet (derived only when someone asks to undo past it)


@dataclass
class Session(Generic[S]):
    """Runs one game: applies actions, keeps the history, undoes, saves replays.

    ``loaded`` counts the decisions replayed from a save when the game was resumed: they are
    history, but not to be taken back."""

    game: Game[S]
    seed: int
    num_players: int
    options: dict[str, str] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    track_undo: bool = False
    # the text of the files the options name (Game.option_files): read when None, kept in saves
    files: dict[str, str] | None = None
    # a position (engine/positions.py) the game starts from instead of its set-up; kept in saves
    position: dict[str, Any] | None = None
    state: S = field(init=False)
    history: list[Step[S]] = field(init=False, default_factory=list)
    loaded: int = field(init=False, default=0)
    # the saves this session read or wrote, by resolved path: the digest of what they held then
    known: dict[Path, str] = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        check_seed(self.seed)
        if self.files is None:
            self.files = self.game.option_files(self.options)
        self.game = self.game.with_option_files(self.files)  # played on the files as read now, once
        self.options, self.state = set_up(self.game, self.num_players, self.seed, self.options)
        if self.position is not None:
            self.state = self.game.load_position(self.position)
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
        self.history.append(Step(decision.player, action, before, None if self.track_undo else False))
        try:
            return self.game.apply(self.state, action)
        except BaseException:  # a signal mid-action (the terminal closed): state and history stay in step
            self.history.pop()
            self.state = before
            raise

    def _undoable(self, i: int) -> bool:
        """Whether step ``i`` drew no randomness and revealed nothing (derived once, when asked)."""
        step = self.history[i]
        if step.undoable is None:
            after = self.history[i + 1].before if i + 1 < len(self.history) else self.state
            step.undoable = not reveals_information(self.game, step.before, step.action, after)
        return step.undoable

    def undo_point(self, player: int) -> tuple[int, str]:
        """The step ``player`` may rewind to (their own last decision; the other players'
        decisions made since are taken back with it and decided again), or -1 and why not.

        Nothing after that decision, by anyone, may have drawn randomness or revealed
        something hidden: the others would have seen it."""
        if not self.history:
            return -1, "nothing has been played yet"
        mine = next((i for i in range(len(self.history) - 1, -1, -1) if self.history[i].player == player), -1)
        if mine < 0:
            return -1, "you have not made a decision yet"
        if mine < self.loaded:
            return -1, "your last decision was made before the game was loaded, and cannot be taken back"
        rng = self.game.rng
        draws = [rng(step.before).draws for step in self.history[mine:]] + [rng(self.state).draws]
        for k in range(len(draws) - 1):  # the cheap check first: randomness drawn since
            if draws[k + 1] != draws[k]:
                self.history[mine + k].undoable = False
                return -1, self._why_not(mine, mine + k)
        for i in range(mine, len(self.history)):
            if not self._undoable(i):
                return -1, self._why_not(mine, i)
        return mine, ""

    def _why_not(self, mine: int, i: int) -> str:
        """Names the decision after which something was revealed: the asker's own one also
        covers what followed it automatically (another seat's marker turned up, a roll)."""
        step = self.history[i]
        asker = self.history[mine].player  # is shown the other's action as they may see it
        text = self.game.action_text(step.before, step.action, asker)
        if i == mine:
            return (f"hidden information was revealed or randomness drawn since your last decision "
                    f"({text!r}), as it was carried out")
        names = self.game.player_names(self.state)
        who = names[step.player] if len(names) == self.num_players else f"Player {step.player + 1}"
        return (f"hidden information was revealed or randomness drawn since your last decision, "
                f"by a later one ({who}: {text})")

    def can_undo(self, player: int) -> tuple[bool, str]:
        """Whether ``player`` may take back their own last decision, and if not, why."""
        point, why = self.undo_point(player)
        return point >= 0, why

    def undo(self, player: int) -> list[Step[S]]:
        """Take back ``player``'s last decision and every decision made since; returns those
        steps, in the order they were played (the first is ``player``'s)."""
        point, why = self.undo_point(player)
        if point < 0:
            raise IllegalActionError(f"cannot undo: {why}", "undo")
        undone = self.history[point:]
        del self.history[point:]
        self.state = undone[0].before
        return undone

    @property
    def actions(self) -> list[Action]:
        return [s.action for s in self.history]

    def replay_data(self) -> dict[str, Any]:
        data = {
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
        if self.files:
            data["files"] = dict(self.files)
        if self.position is not None:
            data["position"] = self.position
        return data

    def is_own_save(self, path: str | Path) -> bool:
        """Whether the file at ``path`` is a save of this very game: as this session last read
        or wrote it, or one of the same game, seed, players and options whose actions begin
        this game's (replacing it loses nothing)."""
        return self._claim(Path(path)) in ("free", "own")

    def adopt(self, path: str | Path, data: Mapping[str, Any]) -> None:
        """Note that the save at ``path`` held ``data`` when this session was loaded from it."""
        self.known[Path(path).resolve()] = _digest(data)

    def _claim(self, p: Path) -> str:
        """What saving to ``p`` would do: "free" (nothing there), "own" (this game's save, as
        this session knew it, or an earlier point of this game), "changed" (this session read
        or wrote it, and another has written something else there since) or "other"."""
        if not (p.exists() or p.is_symlink()):
            return "free"
        try:
            data = json.loads(read_limited(p, MAX_SAVE_BYTES).decode("utf-8"))
        except (OSError, ValueError, RecursionError):  # ValueError: not UTF-8 or not JSON
            data = None
        known = self.known.get(p.resolve())
        if isinstance(data, dict):
            if known is not None and _digest(data) == known:
                return "own"
            actions = data.get("actions")
            mine = [a.text for a in self.actions]
            if (isinstance(actions, list) and data.get("game") == self.game.name and data.get("seed") == self.seed
                    and data.get("players") == self.num_players and data.get("options") == self.options
                    and actions == mine[: len(actions)]):
                return "own"
        return "changed" if known is not None else "other"

    def save(self, path: str | Path) -> Path:
        """Write the replay to ``path``; returns where it was written.

        The file is written whole (a temporary file renamed over it), under a lock on its name,
        and no signal interrupts it. An existing file is replaced only when it is a save of this
        game (``is_own_save``): notes, or another game's save, are never lost to a typo (raises
        FileExistsError). When another session has changed the file since this one read or
        wrote it (one save loaded in two terminals), this game is written beside it, to the
        first free name NAME-2.json, NAME-3.json..., and that path is returned. OSError when the
        file cannot be written."""
        p = Path(path)
        if p.is_dir():
            raise IsADirectoryError(errno.EISDIR, f"{p} is a folder; give a file name", str(p))
        with deferred_signals():
            data = self.replay_data()
            blob = (json.dumps(data, indent=1) + "\n").encode("utf-8")
            with file_lock(p):
                claim = self._claim(p)
                if claim in ("free", "own"):
                    return self._write(p, data, blob)
            if claim == "other":
                raise FileExistsError(errno.EEXIST, f"{p} already exists and is not a save of this game "
                                      "(same game and seed, its moves so far); choose another name", str(p))
            for n in range(2, 1000):
                beside = p.with_name(f"{p.stem}-{n}{p.suffix}")
                with file_lock(beside):
                    if self._claim(beside) in ("free", "own"):
                        return self._write(beside, data, blob)
        raise FileExistsError(errno.EEXIST, f"no free name beside {p}", str(p))

    def _write(self, p: Path, data: Mapping[str, Any], blob: bytes) -> Path:
        target = p.resolve() if p.is_symlink() else p  # a link is followed, as an editor would
        write_atomic(target, blob)
        self.known[p.resolve()] = _digest(data)
        return p


def _digest(data: Mapping[str, Any]) -> str:
    """What a save holds, whatever its layout (indent, order of the fields)."""
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode("utf-8")).hexdigest()


def replay_from_data(
    game: Game[Any], data: Mapping[str, Any], where: str = "replay", check_hash: bool = True,
    track_undo: bool = False, older: bool = False,
) -> Session[Any]:
    """Re-run a replay's actions; raises ReplayError when it is corrupt or does not reproduce,
    ReplayVersionError when it was recorded under other rules or content versions. ``older``:
    replay it anyway, and accept it only if every action plays and the final state hash
    reproduces (a save under older rules that the changes did not touch)."""
    def need(key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in data:
            raise ReplayError(f"{where}: the field {key!r} is missing")
        value = data[key]
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
            raise ReplayError(f"{where}: the field {key!r} has the wrong type ({_short(value)})")
        return value

    if need("format", int) != REPLAY_FORMAT:
        raise ReplayError(f"{where}: replay format {_short(data['format'])} is not supported (expected {REPLAY_FORMAT})")
    if need("game", str) != game.name:
        raise ReplayError(f"{where}: this replay is of {_short(data['game'])}, not {game.name!r}")
    files = data.get("files", {})
    if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        raise ReplayError(f"{where}: the field 'files' has the wrong type (expected the text of each file by option)")
    if files:  # the content the game was played on, kept in the save
        try:
            game = game.with_option_files(files)
        except OptionError as exc:
            raise ReplayError(f"{where}: {exc}") from None
    for key, mine in (("rules_version", game.rules_version), ("content_version", game.content_version)):
        theirs = need(key, str)
        if theirs != mine and not older:
            raise ReplayVersionError(
                f"{where}: recorded with {key.replace('_', ' ')} {theirs[:80]}, but this boardrules has "
                f"{mine}; the game may not reproduce"
            )
    older = older and (data["rules_version"], data["content_version"]) != (game.rules_version, game.content_version)
    check_hash = check_hash or older
    options = need("options", dict)
    seats = need("seats", list)
    actions = need("actions", list)
    players = need("players", int)
    if not game.min_players <= players <= game.max_players:
        raise ReplayError(f"{where}: {game.title} is for {game.min_players} to {game.max_players} players, "
                          f"not {_short(players)}")
    if seats and len(seats) != players:
        raise ReplayError(f"{where}: the replay lists {len(seats)} seats for {players} players")
    position = data.get("position")
    if position is not None and not isinstance(position, dict):
        raise ReplayError(f"{where}: the field 'position' has the wrong type (expected a position object)")
    try:
        session: Session[Any] = Session(
            game, need("seed", int), players, {str(k): str(v) for k, v in options.items()},
            [str(s) for s in seats], track_undo, files or None, position,
        )
    except (OptionError, PositionError) as exc:
        raise ReplayError(f"{where}: {exc}") from None
    for i, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            raise ReplayError(f"{where}: action {i} is not text: {_short(text)}")
        try:
            session.play(text)
        except Exception as exc:  # any failure is a corrupt replay, reported with its place
            if older:
                raise ReplayError(f"{where}: under these rules the game diverges at action {i} of {len(actions)} "
                                  f"({_short(text, 80)}), which cannot be played: {exc}") from exc
            raise ReplayError(f"{where}: action {i} ({_short(text, 80)}) cannot be played: {exc}") from exc
    session.loaded = len(session.history)
    if check_hash:
        recorded = need("final_hash", str)
        actual = game.state_hash(session.state)
        if recorded != actual and older:
            raise ReplayError(
                f"{where}: under these rules all {len(actions)} actions play, but the game they give differs from "
                f"the recorded one (final state hash {actual}, recorded {recorded}): the rules changed it at some "
                "move (a save records only its final state), so it is not resumed"
            )
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
        data = json.loads(read_limited(p, MAX_SAVE_BYTES).decode("utf-8"))
    except FileNotFoundError:
        raise ReplayError(f"{p}: no such file") from None
    except UnicodeDecodeError as exc:
        raise ReplayError(f"{p}: cannot be read: {exc}") from None
    except OSError as exc:
        raise ReplayError(f"{p}: cannot be read: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{p}: not a replay (invalid JSON at line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise ReplayError(f"{p}: not a replay (nested too deeply)") from None
    except ValueError:  # json refuses a number of more than 4,300 digits
        raise ReplayError(f"{p}: not a replay (a number in it is too long to read)") from None
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
