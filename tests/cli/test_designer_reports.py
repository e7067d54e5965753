"""``simulate --csv/--report/--sweep`` and ``compare`` (issue 28), through click's CliRunner."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from click.testing import CliRunner, Result

from boardrules.cli import main

GAME = "meeples-and-monsters"


def run(args: list[str]) -> Result:
    return CliRunner().invoke(main, args)


def assert_clean_failure(result: Result, *words: str) -> None:
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


def test_simulate_writes_the_same_rows_as_json_lines_and_csv(tmp_path: Path) -> None:
    out, table = tmp_path / "g.jsonl", tmp_path / "g.csv"
    result = run(["simulate", GAME, "-n", "3", "--seats", "greedy,random", "--seed", "2", "--out", str(out),
                  "--csv", str(table)])
    assert result.exit_code == 0, result.output
    assert "Wrote 3 games to" in result.output and "g.csv" in result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    flat = list(csv.DictReader(table.open()))
    assert len(rows) == len(flat) == 3
    for row, line in zip(rows, flat, strict=True):
        assert row["rules_version"] == line["rules_version"] == "mm-4"
        assert [a["spec"] for a in row["agents"]] == ["greedy", "random"]
        assert line["seed"] == str(row["seed"]) and line["seat2_score"] == str(row["scores"][1])
    again = run(["simulate", GAME, "-n", "1", "--seats", "greedy,random", "--csv", str(table)])
    assert again.exit_code == 0, again.output  # a table of rows is replaced


def test_simulate_csv_replaces_no_other_file(tmp_path: Path) -> None:
    notes = tmp_path / "notes.csv"
    notes.write_text("name,phone\n")
    result = run(["simulate", GAME, "-n", "1", "--seats", "greedy,random", "--csv", str(notes)])
    assert_clean_failure(result, "is not a table of simulation rows", "--force")
    assert notes.read_text() == "name,phone\n"


def test_simulate_warns_when_the_seats_play_different_agents_and_splits_by_agent() -> None:
    result = run(["simulate", "small-world", "-n", "3", "--seats", "greedy,random,random", "--seed", "3"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "The seats play different agents (greedy, random)" in text
    assert "By agent (every seat it played)" in text
    assert "Balance: Races (greedy seats)" in text and "Balance: Races (random seats)" in text
    assert "Turn order: win rate by place in the first round (greedy seats)" in text
    assert "boardrules play small-world --seats greedy,random,random --seed" in text


def test_simulate_prints_a_turn_order_table_for_meeples_and_monsters() -> None:
    result = run(["simulate", GAME, "-n", "4", "--seats", "random,random", "--seed", "3"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Turn order: win rate by place in the first round" in text and "1st to play" in text
    assert "different agents" not in text and "Score margin" in text
