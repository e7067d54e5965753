"""The HTML report (issue 28), read as text: one self-contained file (nothing it could fetch),
with its charts, tables, warnings and replay commands."""

from __future__ import annotations

import re

from race_game import RaceGame

from boardrules.sim import play_one
from boardrules.sim.report import is_report, page, simulate_report, write_report
from boardrules.sim.rows import RunInfo


def _report(seats: list[str], n: int = 12) -> str:
    game = RaceGame()
    records = [play_one(game, seats, 50 + i, {"rounds": "3"}, index=i) for i in range(n)]
    return simulate_report("Race", RunInfo.of(game, seats, {"rounds": "3"}), records, seed=7)


def fetchable(html: str) -> list[str]:
    """Everything in ``html`` a browser could fetch: src and href attributes, url(), @import,
    and any address but the SVG namespace."""
    found = re.findall(r"""(?:src|href|action)\s*=\s*["']?([^"' >]+)""", html, re.I)
    found += re.findall(r"url\(([^)]*)\)|@import", html, re.I)
    found += [u for u in re.findall(r"(?:https?:)?//[\w.-]+[^\s\"'<>]*", html) if u != "http://www.w3.org/2000/svg"]
    return [f for f in found if f]


def test_the_report_is_one_file_that_fetches_nothing() -> None:
    html = _report(["random", "random"])
    assert html.startswith("<!DOCTYPE html>") and "Content-Security-Policy" in html and "default-src 'none'" in html
    assert "<script" not in html.lower()
    assert fetchable(html) == []
    assert set(fetchable('<img src="x.png"><a href="https://example.org">')) == {"x.png", "https://example.org"}


def test_the_report_has_its_charts_and_tables() -> None:
    html = _report(["random", "random"])
    for kind, least in (("forest", 2), ("histogram", 5), ("lines", 1)):
        assert html.count(f'data-chart="{kind}"') >= least, kind
    for heading in ("Win rate by seat (seat order)", "Turn order (first-player advantage)", "Scores",
                    "Score margins", "Score by turn", "Game length"):
        assert f">{heading}</h2>" in html, heading
    assert "rules race-1, content none" in html and "master seed 7" in html
    assert "different agents" not in html
    seeds = re.findall(r'<td class="seed" title="([^"]*)">(\d+)</td>', html)
    assert seeds and all(f"--seed {seed}" in command and command.startswith("boardrules play race --seats random,random")
                         and "--option rounds=3" in command for command, seed in seeds)


def test_seats_of_different_agents_are_warned_of_and_split() -> None:
    html = _report(["greedy", "random"])
    assert 'class="warning">The seats play different agents (greedy, random)' in html
    assert ">By agent</h2>" in html and "Turn order (greedy seats)" in html and "Turn order (random seats)" in html


def test_text_is_escaped() -> None:
    html = page("<b>", ["<p>&amp;</p>"])
    assert "<title>&lt;b&gt;</title>" in html


def test_a_report_replaces_only_a_report(tmp_path) -> None:
    path = tmp_path / "r.html"
    assert is_report(path)
    write_report(path, page("x", []))
    assert is_report(path)
    path.write_text("<html>my page</html>")
    assert not is_report(path) and not is_report(tmp_path)
