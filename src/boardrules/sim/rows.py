"""The rows a simulation writes, one per game: JSON lines (``simulate --out``) and the same as a
flat table (``--csv``), and reading them back (``compare``, a report from a file).

A row holds the game, the rules and content versions, the seats' agents with the parameters
given to them, the options, and the game's record (``GameRecord.to_json``): seed, winners,
scores, turns, tags, counts, the turn order and the score by turn. Whatever reads rows back
refuses a broken file with the file, the line and what is wrong.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..agents import make_agent
from ..engine import BoardrulesError, Game
from .simulate import GameRecord


class RowError(BoardrulesError):
    """A file of simulation rows that cannot be read: names the file, the line and the field."""


def agent_entry(spec: str, seat: int) -> dict[str, Any]:
    """One seat's agent as a row gives it: the seat (from 1), the text as typed, the agent's
    name and the parameters given to it (a parameter not given takes the game's or the agent's
    default, docs/agents.md)."""
    name, _, _ = spec.partition(":")
    agent = make_agent(spec, 0, seat)
    params = {k: getattr(agent, k) for k in getattr(agent, "PARAMETERS", {}) if getattr(agent, k, None) is not None}
    return {"seat": seat + 1, "spec": spec, "agent": name.strip(), "params": params}


@dataclass(frozen=True)
class RunInfo:
    """What every row of one run shares: the game, its versions, the agents and the options."""

    game: str
    rules_version: str
    content_version: str
    seats: tuple[str, ...]
    options: tuple[tuple[str, str], ...]
    agents: tuple[dict[str, Any], ...] = field(default=(), compare=False)

    @classmethod
    def of(cls, game: Game[Any], seats: Sequence[str], options: Mapping[str, str]) -> RunInfo:
        return cls(game.name, game.rules_version, game.content_version, tuple(seats), tuple(sorted(options.items())),
                   tuple(agent_entry(s, i) for i, s in enumerate(seats)))

    @property
    def versions(self) -> str:
        return f"rules {self.rules_version}, content {self.content_version}"

    def option_text(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.options)

    def row(self, rec: GameRecord) -> dict[str, Any]:
        """The JSON row of one game of this run."""
        return {"game": self.game, "rules_version": self.rules_version, "content_version": self.content_version,
                "index": rec.index, **rec.to_json(),
                "agents": [dict(a) for a in self.agents], "options": dict(self.options)}


CSV_FIXED = ("game", "rules_version", "content_version", "options", "index", "seed", "finished", "error", "turns",
             "decisions", "winners", "first_player")
CSV_SEAT = ("agent", "score", "won", "turn_position", "tags", "counts", "scores_by_turn")


def csv_columns(players: int) -> list[str]:
    """The columns of the flat table: the game's, then each seat's (``seat1_score``...)."""
    return [*CSV_FIXED, *(f"seat{i + 1}_{c}" for i in range(players) for c in CSV_SEAT)]


def flat_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON row as one line of the table: seats numbered from 1, lists joined with ``;``."""
    seats = row["seats"]
    order = row.get("order") or list(range(len(seats)))
    tags = row.get("tags") or [[] for _ in seats]
    counts = row.get("counts") or [{} for _ in seats]
    rounds = row.get("rounds") or []
    out: dict[str, Any] = {
        "game": row["game"], "rules_version": row.get("rules_version", ""),
        "content_version": row.get("content_version", ""),
        "options": ";".join(f"{k}={v}" for k, v in sorted((row.get("options") or {}).items())),
        "index": row.get("index", ""), "seed": row["seed"], "finished": int(bool(row["finished"])),
        "error": row.get("error", ""), "turns": row["turns"], "decisions": row["decisions"],
        "winners": ";".join(str(w + 1) for w in row["winners"]), "first_player": order[0] + 1 if order else "",
    }
    agents = {a["seat"]: a["spec"] for a in row.get("agents") or []}
    for i, seat in enumerate(seats):
        p = f"seat{i + 1}_"
        out[p + "agent"] = agents.get(i + 1, seat)
        out[p + "score"] = row["scores"][i] if i < len(row["scores"]) else ""
        out[p + "won"] = int(i in row["winners"]) if row["finished"] else ""
        out[p + "turn_position"] = order.index(i) + 1 if i in order else ""
        out[p + "tags"] = ";".join(tags[i]) if i < len(tags) else ""
        out[p + "counts"] = ";".join(f"{k}={n}" for k, n in sorted(counts[i].items())) if i < len(counts) else ""
        out[p + "scores_by_turn"] = ";".join(str(r[i]) for r in rounds if i < len(r))
    return out


class CsvRows:
    """``--csv FILE``: the rows as a table, written as they come (the header with the first)."""

    def __init__(self, out: IO[str], players: int) -> None:
        self.writer = csv.DictWriter(out, fieldnames=csv_columns(players), lineterminator="\n")
        self.writer.writeheader()

    def write(self, row: Mapping[str, Any]) -> None:
        self.writer.writerow(flat_row(row))


REQUIRED: dict[str, type] = {
    "game": str, "seed": int, "seats": list, "winners": list, "scores": list, "turns": int, "decisions": int,
    "finished": bool,
}


@dataclass(frozen=True)
class RunFile:
    """Rows read back: the run's game and versions (from its first row, ``?`` when an older
    file has none), and the records."""

    path: str
    game: str
    rules_version: str
    content_version: str
    records: tuple[GameRecord, ...]
    options: tuple[tuple[str, str], ...] = ()
    other_options: int = 0  # the first line whose options differ from the first row's (a sweep's file), or 0

    @property
    def versions(self) -> str:
        return f"rules {self.rules_version}, content {self.content_version}"

    @property
    def seats(self) -> tuple[str, ...]:
        return self.records[0].seats if self.records else ()


def _ints(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in value)


def record_of(row: Any, where: str, index: int) -> GameRecord:
    """The record a JSON row holds; RowError naming ``where`` (file and line) and the field."""
    if not isinstance(row, dict):
        raise RowError(f"{where}: a row is a JSON object, not {type(row).__name__}")
    for key, kind in REQUIRED.items():
        if key not in row:
            raise RowError(f"{where}: the field {key!r} is missing (a row of boardrules simulate --out has it)")
        value = row[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RowError(f"{where}: the field {key!r} must be {_kind(kind)}, not {json.dumps(value)[:40]}")
    seats, players = row["seats"], len(row["seats"])
    if not seats or not all(isinstance(s, str) for s in seats):
        raise RowError(f"{where}: 'seats' must list the agents, one text per seat")
    if not _ints(row["scores"]) or (row["finished"] and len(row["scores"]) != players):
        raise RowError(f"{where}: 'scores' must be one whole number per seat ({players} seats)")
    if not _ints(row["winners"]) or not all(0 <= w < players for w in row["winners"]):
        raise RowError(f"{where}: 'winners' must be seat numbers from 0 to {players - 1}")
    tags = row.get("tags") or [[] for _ in seats]  # a row leaves out tags when no seat has one
    if not isinstance(tags, list) or not all(isinstance(t, list) and all(isinstance(x, str) for x in t) for t in tags):
        raise RowError(f"{where}: 'tags' must be a list of texts per seat")
    counts = row.get("counts", [])
    if not isinstance(counts, list) or not all(
            isinstance(c, dict) and all(isinstance(n, int) for n in c.values()) for c in counts):
        raise RowError(f"{where}: 'counts' must be an object of whole numbers per seat")
    order = row.get("order", [])
    if not _ints(order) or (order and sorted(order) != list(range(players))):
        raise RowError(f"{where}: 'order' must list every seat once (0 to {players - 1})")
    rounds = row.get("rounds", [])
    if not isinstance(rounds, list) or not all(_ints(r) and len(r) == players for r in rounds):
        raise RowError(f"{where}: 'rounds' must be, per turn, one whole number per seat")
    return GameRecord(index, row["seed"], tuple(seats), tuple(row["winners"]), tuple(row["scores"]), row["turns"],
                      row["decisions"], row["finished"], row.get("error"),
                      tuple(tuple(t) for t in tags), tuple(tuple(sorted(c.items())) for c in counts),
                      tuple(order), tuple(tuple(r) for r in rounds))


def _kind(kind: type) -> str:
    return {str: "a text", int: "a whole number", list: "a list", bool: "true or false"}.get(kind, kind.__name__)


def parse_rows(lines: Iterable[str], path: str) -> RunFile:
    """The rows of one game (a run, or a sweep's runs) from JSON lines; blank lines are skipped."""
    records: list[GameRecord] = []
    first: dict[str, Any] = {}
    other = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path} line {number}"
        try:
            row = json.loads(line)
        except (ValueError, RecursionError) as exc:
            raise RowError(f"{where}: not a JSON row ({str(exc)[:80]}); is the file cut short or not an output "
                           "of boardrules simulate --out?") from None
        rec = record_of(row, where, len(records))
        if not first:
            first = row
            where_first = number
        elif row["game"] != first["game"]:
            raise RowError(f"{where}: a game of {row['game']!r}, but line {where_first} is of {first['game']!r}: "
                           "one file holds the games of one game")
        elif len(rec.seats) != len(records[0].seats):
            raise RowError(f"{where}: {len(rec.seats)} seats, but line {where_first} has {len(records[0].seats)}")
        elif not other and row.get("options") != first.get("options"):
            other = number
        records.append(rec)
    if not records:
        raise RowError(f"{path}: no games in the file")
    opts: dict[str, Any] = first["options"] if isinstance(first.get("options"), dict) else {}
    return RunFile(path, first["game"], str(first.get("rules_version", "?")), str(first.get("content_version", "?")),
                   tuple(records), tuple(sorted((str(k), str(v)) for k, v in opts.items())), other)


MAX_FILE = 1 << 30  # a rows file this big is not one a report reads


def read_rows(path: str | Path) -> RunFile:
    """A file of rows (``simulate --out``), checked: RowError says what is wrong and where."""
    p = Path(path)
    try:
        if not p.is_file():
            raise RowError(f"{path}: no such file" if not p.exists() else f"{path}: not a regular file")
        if p.stat().st_size > MAX_FILE:
            raise RowError(f"{path}: {p.stat().st_size:,} bytes is too big for a file of simulation rows")
        with open(p, encoding="utf-8") as f:
            return parse_rows(f, str(path))
    except UnicodeDecodeError:
        raise RowError(f"{path}: not a text file (not UTF-8)") from None
    except OSError as exc:
        raise RowError(f"{path}: cannot be read ({exc.strerror or exc})") from None


__all__ = ["CsvRows", "RowError", "RunFile", "RunInfo", "agent_entry", "csv_columns", "flat_row", "parse_rows",
           "read_rows", "record_of"]
