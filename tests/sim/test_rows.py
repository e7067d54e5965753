"""The rows a simulation writes (issue 28): versions, agents with their parameters and options in
every JSON row, the same rows as a flat table, and reading them back with clear errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from race_game import RaceGame

from boardrules.sim import play_one
from boardrules.sim.rows import (
    CsvRows,
    RowError,
    RunInfo,
    agent_entry,
    parse_rows,
    read_rows,
    record_of,
)


def _run(n: int = 3) -> tuple[RunInfo, list[dict]]:
    game = RaceGame()
    seats = ["greedy", "ismcts:iterations=20,depth=4"]
    info = RunInfo.of(game, seats, {"rounds": "2"})
    return info, [info.row(play_one(game, seats, 100 + i, {"rounds": "2"}, index=i)) for i in range(n)]


def test_every_row_carries_the_versions_the_agents_and_the_options() -> None:
    _, rows = _run(1)
    row = rows[0]
    assert (row["game"], row["rules_version"], row["content_version"]) == ("race", "race-1", "none")
    assert row["options"] == {"rounds": "2"}
    assert row["agents"] == [
        {"seat": 1, "spec": "greedy", "agent": "greedy", "params": {}},
        {"seat": 2, "spec": "ismcts:iterations=20,depth=4", "agent": "ismcts", "params": {"iterations": 20, "depth": 4}},
    ]
    assert json.loads(json.dumps(row)) == row


def test_an_agent_entry_keeps_only_the_parameters_given() -> None:
    assert agent_entry("mcts:c=1.5", 2) == {"seat": 3, "spec": "mcts:c=1.5", "agent": "mcts", "params": {"c": 1.5}}


def test_a_row_read_back_is_the_same_record() -> None:
    game = RaceGame()
    rec = play_one(game, ["random", "random", "random"], 9, index=4)
    back = record_of(RunInfo.of(game, rec.seats, {}).row(rec), "here", 4)
    assert back == rec


def test_the_csv_has_the_same_rows_flat() -> None:
    info, rows = _run(2)
    buf = io.StringIO()
    table = CsvRows(buf, 2)
    for row in rows:
        table.write(row)
    got = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert len(got) == 2
    first, row = got[0], rows[0]
    assert first["game"] == "race" and first["rules_version"] == "race-1" and first["options"] == "rounds=2"
    assert first["seed"] == str(row["seed"]) and first["seat2_agent"] == "ismcts:iterations=20,depth=4"
    assert first["winners"] == ";".join(str(w + 1) for w in row["winners"])
    assert first["seat1_score"] == str(row["scores"][0])
    assert first["seat1_won"] == str(int(0 in row["winners"]))
    assert first["first_player"] == str(row["order"][0] + 1)
    assert first["seat1_scores_by_turn"] == ";".join(str(r[0]) for r in row["rounds"])


def _lines(rows: list[dict]) -> list[str]:
    return [json.dumps(r) + "\n" for r in rows]


def test_a_corrupt_line_is_named_with_its_number() -> None:
    _, rows = _run(3)
    lines = _lines(rows)
    lines[1] = lines[1][:30] + "\n"
    with pytest.raises(RowError, match=r"runs\.jsonl line 2: not a JSON row"):
        parse_rows(lines, "runs.jsonl")


def test_a_row_missing_a_field_is_named() -> None:
    _, rows = _run(2)
    del rows[1]["scores"]
    with pytest.raises(RowError, match=r"f line 2: the field 'scores' is missing"):
        parse_rows(_lines(rows), "f")


@pytest.mark.parametrize(("key", "value", "words"), [
    ("winners", [5], "'winners' must be seat numbers from 0 to 1"),
    ("turns", "many", "the field 'turns' must be a whole number"),
    ("finished", 1, "the field 'finished' must be true or false"),
    ("order", [0, 0], "'order' must list every seat once"),
    ("rounds", [[1]], "'rounds' must be, per turn, one whole number per seat"),
])
def test_a_field_of_the_wrong_kind_is_named(key: str, value: object, words: str) -> None:
    _, rows = _run(1)
    rows[0][key] = value
    with pytest.raises(RowError, match="f line 1: " + words.replace("(", r"\(")):
        parse_rows(_lines(rows), "f")


def test_one_file_holds_one_game() -> None:
    _, rows = _run(2)
    rows[1]["game"] = "small-world"
    with pytest.raises(RowError, match="line 2: a game of 'small-world', but line 1 is of 'race'"):
        parse_rows(_lines(rows), "f")


def test_files_that_are_not_rows_are_refused(tmp_path: Path) -> None:
    with pytest.raises(RowError, match="no such file"):
        read_rows(tmp_path / "none.jsonl")
    (tmp_path / "empty.jsonl").write_text("\n")
    with pytest.raises(RowError, match="no games in the file"):
        read_rows(tmp_path / "empty.jsonl")
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RowError, match="not a text file"):
        read_rows(tmp_path / "bin.jsonl")
    with pytest.raises(RowError, match="not a regular file"):
        read_rows(tmp_path)
    info, rows = _run(2)
    (tmp_path / "ok.jsonl").write_text("".join(_lines(rows)))
    run = read_rows(tmp_path / "ok.jsonl")
    assert run.game == "race" and run.versions == "rules race-1, content none" and len(run.records) == 2
    assert run.options == (("rounds", "2"),)
