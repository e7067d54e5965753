"""A game saved and resumed, apart from any terminal: where a game in progress is saved (its
autosave's name, the folders to fall back on), and a save read back into a session to play on.

The terminal (``cli/``) and a server both use it; what they say about it is theirs. It lives
beside ``engine/``, not in it, because resuming loads the saved game by name (``games``), and
the engine never imports a game.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from .engine import (
    BoardrulesError,
    OptionError,
    ReplayError,
    Session,
    load_replay,
    replay_from_data,
)
from .games import load_game


class Note(NamedTuple):
    """Something to tell the player about a resumed save: ``kind`` is "older" (saved under
    other rules or content, and it reproduces), "files" (the save keeps other content than the
    files its options name hold now) or "hash" (its recorded state hash is not its actions')."""

    kind: str
    text: str


def _cut(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def resume(path: str, game_name: str | None, try_older: bool, note: Callable[[Note], None]) -> Session[Any]:
    """The saved game at ``path``, replayed, to be played on (undo tracked); ``game_name``, if
    given, must be its game; ``try_older``: one saved under other rules or content, if it
    reproduces. Each Note is given to ``note`` as soon as it is known. Raises ReplayError (a
    ReplayVersionError for a save under other rules or content) or OptionError."""
    data = load_replay(path)
    name = data.get("game")
    if not isinstance(name, str):
        raise ReplayError(f"{path}: the field 'game' is missing")
    if game_name is not None and game_name != name:
        raise OptionError(f"{path} is a game of {name!r}, not {game_name!r}")
    game = load_game(name)
    session = replay_from_data(game, data, where=path, check_hash=bool(data.get("over")), older=try_older)
    if try_older and (data.get("rules_version"), data.get("content_version")) != (game.rules_version,
                                                                                   session.game.content_version):
        note(Note("older", f"{path} was saved under rules {_cut(str(data.get('rules_version')))} and content "
                           f"{_cut(str(data.get('content_version')))}; its {session.loaded} actions reproduce the "
                           "recorded game under these, so it is resumed (and saved under these)."))
    session.adopt(path, data)  # saving over it later is refused if another session changed it
    session.track_undo = True
    if session.files:
        try:
            now: dict[str, str] | None = game.option_files(session.options)
        except BoardrulesError:
            now = None
        if now != session.files:
            names = ", ".join(f"{k}={session.options.get(k, '?')}" for k in sorted(session.files))
            note(Note("files", f"Note: the save keeps the content of {names}, which is not what that file holds "
                               "here now (changed, or not here): the game resumes on the saved content."))
    recorded = data.get("final_hash")
    if isinstance(recorded, str) and recorded != game.state_hash(session.state):
        # an unfinished game is still resumed (it is never lost), from the replayed actions
        note(Note("hash", f"Warning: {path} records another state hash than its actions give: the "
                          "file was edited or saved by another version. Resuming from the replayed "
                          "actions."))
    return session


def autosave_path(session: Session[Any], loaded: str | None, folder: Path | None = None) -> Path:
    """One autosave per game: boardrules-GAME-SEED.json in ``folder`` (the current directory),
    numbered -2, -3... when that name holds another game (a resumed game keeps the file it
    came from)."""
    folder = Path.cwd() if folder is None else folder
    stem = f"boardrules-{session.game.name}-{session.seed}"
    source = Path(loaded).resolve() if loaded is not None else None
    path = folder / f"{stem}.json"
    n = 1
    while path.exists() and path.resolve() != source and not session.is_own_save(path):
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path


def fallback_folders() -> list[Path]:
    """Where a game is saved when the current directory cannot be written: the user's state
    folder ($XDG_STATE_HOME, else ~/.local/state), then the temporary folder."""
    state = os.environ.get("XDG_STATE_HOME", "")
    folders = []
    if os.path.isabs(state):  # the XDG spec: a relative value is ignored
        folders.append(Path(state) / "boardrules")
    with contextlib.suppress(RuntimeError, KeyError):  # no home directory known
        folders.append(Path.home() / ".local" / "state" / "boardrules")
    folders.append(Path(tempfile.gettempdir()) / "boardrules")
    return list(dict.fromkeys(folders))
