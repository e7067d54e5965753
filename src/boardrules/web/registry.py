"""The games a server holds: made new, resumed from the store when it starts, found by id.

On start every unfinished game is rebuilt by replaying its log into a new session. A game
recorded under other rules or content versions than this boardrules has, or of a game it does
not have, is never replayed (it would be another game): it is listed with what it needs, and
asking for it says so. A finished game is rebuilt when first asked for.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from ..agents import HUMAN
from ..engine import BoardrulesError, Game, Session, UnknownGameError, check_seed
from ..games import load_game
from .bots import BotWorker, check_agent
from .errors import Refused
from .store import GameRecord, Store, StoreError, now
from .table import Table
from .tokens import digest, new_token

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
# what an option naming a file is tried with, to find such options without reading anything
_PROBE = "/nonexistent/boardrules-server-probe"


class Unplayable(Exception):
    """A stored game this server cannot rebuild; says what it needs."""


class Registry:
    """Every game of the store that this server can play, in memory, and the bot worker."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.worker = BotWorker()
        self.tables: dict[str, Table] = {}
        self.unplayable: dict[str, str] = {}  # game id: what it needs, or why it cannot be rebuilt
        self.lock = threading.Lock()
        for record in store.games(unfinished=True):
            self._load(record)

    def start(self) -> None:
        self.worker.start()
        for table in list(self.tables.values()):
            self.worker.wake(table)

    def stop(self) -> None:
        self.worker.stop()
        for table in list(self.tables.values()):
            table.hang_up()

    def _load(self, record: GameRecord) -> Table | None:
        try:
            table = rebuild(record, self.store)
        except Unplayable as exc:
            self.unplayable[record.id] = str(exc)
            return None
        table.wake = self.worker.wake
        self.tables[record.id] = table
        return table

    def get(self, game_id: str) -> Table:
        """The game ``game_id``; Refused 404 when there is none, 409 when it cannot be played here."""
        with self.lock:
            table = self.tables.get(game_id)
            if table is not None:
                return table
            if game_id in self.unplayable:
                raise Refused(409, self.unplayable[game_id])
            record = self.store.game(game_id) if GAME_ID.match(game_id) else None
            if record is None:
                raise Refused(404, "there is no game with this id")
            table = self._load(record)
            if table is None:
                raise Refused(409, self.unplayable[game_id])
            return table

    def create(self, name: str, seats: Sequence[object], seed: int | None, options: Mapping[str, str],
               names: Sequence[str] = ()) -> tuple[Table, list[str | None]]:
        """A new game of ``name`` (checked: the game, each seat, the options with the seat
        count), recorded, with a token for each human seat (None for an agent's); ``names``
        are what the seats are called on the pages (checked by the caller; "" for none)."""
        try:
            game = load_game(name)
        except UnknownGameError as exc:
            raise Refused(422, str(exc)) from None
        specs = [check_agent(spec, i) for i, spec in enumerate(seats)]
        refuse_file_options(game, options)
        try:
            seed = secrets.randbelow(1 << 63) if seed is None else check_seed(seed)
            session: Session[Any] = Session(game, seed, len(specs), dict(options), specs, track_undo=True)
        except BoardrulesError as exc:
            raise Refused(422, str(exc)) from None
        tokens = [new_token() if spec == HUMAN else None for spec in specs]
        record = GameRecord(
            id=secrets.token_urlsafe(12), game=game.name, rules_version=game.rules_version,
            content_version=session.game.content_version, seed=seed, players=len(specs),
            seats=tuple({"agent": spec, "token": digest(t) if t else None, "name": seat_name}
                        for spec, t, seat_name in zip(specs, tokens, _padded(names, len(specs)), strict=True)),
            options=dict(session.options), created=now())
        try:
            self.store.create_game(record)
        except StoreError as exc:
            raise Refused(503, f"the game could not be saved: {exc}") from None
        table = Table(record, session, self.store)
        table.wake = self.worker.wake
        with self.lock:
            self.tables[record.id] = table
        self.worker.wake(table)
        return table, tokens

    def listing(self) -> list[dict[str, Any]]:
        """Every stored game, in a line each: its game, seats and state, or what it needs."""
        out = []
        for record in self.store.games():
            row: dict[str, Any] = {"id": record.id, "game": record.game, "players": record.players,
                                   "seats": [s["agent"] for s in record.seats], "created": record.created,
                                   "finished": record.finished}
            table = self.tables.get(record.id)
            if table is not None:
                with table.lock:
                    row["seats"], row["move"] = list(table.seats), table.move
            why = self.unplayable.get(record.id)
            if why is not None:
                row["needs"] = why
            out.append(row)
        return out


def _padded(names: Sequence[str], count: int) -> list[str]:
    if len(names) > count:
        raise Refused(422, f"'names' holds {len(names)} names for {count} seats")
    return [*names, *[""] * (count - len(names))]


def rebuild(record: GameRecord, store: Store) -> Table:
    """The game ``record`` as its log leaves it; raises Unplayable when it cannot be played here."""
    try:
        game = load_game(record.game)
    except UnknownGameError:
        raise Unplayable(f"this is a game of {record.game!r}, which this boardrules does not have") from None
    if (record.rules_version, record.content_version) != (game.rules_version, game.content_version):
        raise Unplayable(
            f"this game of {game.title} was recorded under rules version {record.rules_version} and content "
            f"version {record.content_version[:16]}, and this server has rules {game.rules_version} and content "
            f"{game.content_version[:16]}: it needs the boardrules it was played with, and is not replayed "
            "into a different game")
    try:
        session: Session[Any] = Session(game, record.seed, record.players, dict(record.options),
                                        [str(s["agent"]) for s in record.seats], track_undo=True)
        table = Table(record, session, store)
        table.replay(store.entries(record.id))
    except (BoardrulesError, ValueError, KeyError, TypeError) as exc:
        raise Unplayable(f"this game cannot be rebuilt from its log: {exc}") from None
    return table


def file_options(game: Game[Any]) -> set[str]:
    """The options of ``game`` that name a file (Heroes IV's ``decks=FILE``), found by asking
    the game which files an option would read, with a path that does not exist, so that
    nothing is read."""
    return {spec.name for spec in game.options_spec if _names_a_file(game, spec.name)}


def _names_a_file(game: Game[Any], key: str) -> bool:
    try:
        return bool(game.option_files({key: _PROBE}))
    except BoardrulesError:
        return True


def refuse_file_options(game: Game[Any], options: Mapping[str, str]) -> None:
    """Refuse an option that names a file: a client does not get the server to read its disk."""
    for key in options:
        if _names_a_file(game, key):
            raise Refused(422, f"the option {key!r} names a file on the server's disk, which a client "
                          "cannot choose")
