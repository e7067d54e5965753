"""``simulate --csv/--report/--sweep`` and ``compare`` (issue 28), through click's CliRunner."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
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


def test_simulate_writes_a_report(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    result = run(["simulate", GAME, "-n", "4", "--seats", "greedy,random", "--seed", "2", "--report", str(report)])
    assert result.exit_code == 0, result.output
    html = report.read_text()
    assert "<title>Meeples &amp; Monsters: simulation report</title>" in html
    assert 'data-chart="forest"' in html and "rules mm-4" in html and "different agents" in html
    assert "boardrules play meeples-and-monsters --seats greedy,random --seed" in html
    again = run(["simulate", GAME, "-n", "2", "--seats", "greedy,random", "--report", str(report)])
    assert again.exit_code == 0, again.output  # a report is replaced
    mine = tmp_path / "mine.html"
    mine.write_text("<html>my page</html>")
    refused = run(["simulate", GAME, "-n", "2", "--seats", "greedy,random", "--report", str(mine)])
    assert_clean_failure(refused, "is not a report", "--force")
    assert mine.read_text() == "<html>my page</html>"


def test_a_sweep_plays_one_run_per_value_on_the_same_seeds(tmp_path: Path) -> None:
    out, report = tmp_path / "s.jsonl", tmp_path / "s.html"
    result = run(["simulate", "heroscape", "-n", "3", "--seats", "random,random", "--seed", "4",
                  "--sweep", "rounds=2,12", "--out", str(out), "--report", str(report)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "--sweep rounds over 2, 12, 3 games each on the same seeds" in text
    assert "Win rate by seat, by rounds" in text and "rounds=2" in text and "rounds=12" in text
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["options"]["rounds"] for r in rows] == ["2"] * 3 + ["12"] * 3
    assert [r["seed"] for r in rows[:3]] == [r["seed"] for r in rows[3:]]
    assert all(r["turns"] <= 2 for r in rows[:3])
    html = report.read_text()
    assert "sweep over rounds" in html and "The run with rounds=12" in html and html.count('data-chart="forest"') >= 4


def test_a_bad_sweep_is_refused_before_any_game() -> None:
    for sweep, words in (("rounds", "OPTION=A,B,C"), ("rounds=4", "2 to 12 values"), ("rounds=4,4", "listed twice"),
                         ("colour=red,blue", "unknown option 'colour'"), ("rounds=4,,6", "a value is empty")):
        assert_clean_failure(run(["simulate", "heroscape", "-n", "1", "--seats", "random,random", "--sweep", sweep]),
                             words)
    assert_clean_failure(run(["simulate", "heroscape", "-n", "1", "--seats", "random,random", "--option", "rounds=4",
                              "--sweep", "rounds=4,6"]), "leave it out of --option")


def _rows(tmp_path: Path, name: str, *extra: str) -> Path:
    out = tmp_path / name
    result = run(["simulate", GAME, "-n", "6", "--seats", "random,random", "--seed", "5", "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    return out


def test_compare_two_runs_shows_the_versions_and_what_moved(tmp_path: Path) -> None:
    base = _rows(tmp_path, "base.jsonl")
    new = _rows(tmp_path, "new.jsonl", "--expansion", "four-towers")
    rows = [json.loads(line) for line in new.read_text().splitlines()]
    for row in rows:  # as a changed rulebook would write them
        row["rules_version"] = "mm-5"
    new.write_text("".join(json.dumps(r) + "\n" for r in rows))
    report = tmp_path / "c.html"
    result = run(["compare", str(base), str(new), "--report", str(report)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "rules mm-4" in text and "rules mm-5" in text and "The versions differ" in text
    assert "The options differ" in text and "expansion=four-towers" in text
    assert "Seats: base and new" in text and "Turn order: base and new" in text
    assert "rows moved beyond noise" in text
    html = report.read_text()
    assert "<h1>Compare: meeples-and-monsters</h1>" in html and 'data-chart="difference"' in html
    assert "What moved beyond noise" in html


def test_compare_refuses_bad_files_plainly(tmp_path: Path) -> None:
    base = _rows(tmp_path, "base.jsonl")
    lines = base.read_text().splitlines()
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join([lines[0], lines[1][:25], *lines[2:]]) + "\n")
    assert_clean_failure(run(["compare", str(base), str(broken)]), "broken.jsonl line 2: not a JSON row")
    missing = tmp_path / "missing.jsonl"
    row = json.loads(lines[0])
    del row["winners"]
    missing.write_text(json.dumps(row) + "\n")
    assert_clean_failure(run(["compare", str(base), str(missing)]), "missing.jsonl line 1: the field 'winners' is missing")
    other = tmp_path / "sw.jsonl"
    assert run(["simulate", "small-world", "-n", "1", "--seats", "random,random", "--out", str(other)]).exit_code == 0
    assert_clean_failure(run(["compare", str(base), str(other)]), "holds games of 'meeples-and-monsters'",
                         "'small-world'", "compare two runs of one game")
    assert_clean_failure(run(["compare", str(base), str(tmp_path / "none.jsonl")]), "no such file")


def test_the_replay_command_plays_the_simulated_game_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shlex

    from boardrules.games import load_game
    from boardrules.sim import play_one
    from boardrules.sim.analysis import replay_command

    monkeypatch.chdir(tmp_path)  # play saves its game here
    out = tmp_path / "g.jsonl"
    assert run(["simulate", "small-world", "-n", "2", "--seats", "greedy,random", "--seed", "8", "--out",
                str(out)]).exit_code == 0
    row = json.loads(out.read_text().splitlines()[1])
    command = replay_command(row["game"], row["seats"], row["seed"], row["options"])
    words = shlex.split(command)
    assert words[:2] == ["boardrules", "play"]
    result = run(words[1:])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    scores = row["scores"]
    assert f"Player 1 (greedy) │ greedy │ {scores[0]} │" in text and f"Player 2 (random) │ random │ {scores[1]} │" in text
    again = play_one(load_game(row["game"]), row["seats"], row["seed"], row["options"])
    assert list(again.scores) == scores
