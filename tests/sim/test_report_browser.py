"""The HTML report opened in a real browser (issue 28): Debian's Chromium driven by Playwright.
Every request the page makes is routed through the test, which lets only the report's own
file:// address through and fails on anything else; the charts must show (drawn, with a size),
and the page logs no error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from race_game import RaceGame
from web_support import launched_chromium

from boardrules.sim import play_one
from boardrules.sim.report import simulate_report
from boardrules.sim.rows import RunInfo

playwright_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


class Opened:
    """A file opened in a context of its own whose every request is routed through the test:
    a file:// one goes through, any other is recorded and aborted."""

    def __init__(self, browser: Any, path: Path) -> None:
        self.context = browser.new_context(viewport={"width": 1200, "height": 900})
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self.route)
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(path.as_uri())
        self.page.wait_for_load_state("load")

    def route(self, r: Any) -> None:
        url = r.request.url
        self.requests.append(url)
        if url.startswith("file:"):
            r.continue_()
        else:
            self.outside.append(url)
            r.abort()


def _report(tmp_path: Path, name: str = "report.html") -> Path:
    game = RaceGame()
    seats = ["greedy", "random", "random"]
    records = [play_one(game, seats, 10 + i, {"rounds": "4"}, index=i) for i in range(30)]
    path = tmp_path / name
    path.write_text(simulate_report("Race", RunInfo.of(game, seats, {"rounds": "4"}), records, 1), encoding="utf-8")
    return path


def test_the_routing_catches_a_request_that_leaves(browser: Any, tmp_path: Path) -> None:
    """The check below can fail: a page that fetches an image from outside is caught."""
    path = tmp_path / "leaky.html"
    path.write_text('<!DOCTYPE html><html><body><img src="http://report.invalid/x.png"></body></html>')
    opened = Opened(browser, path)
    assert opened.outside == ["http://report.invalid/x.png"]
    opened.context.close()


def test_without_its_security_policy_the_report_still_asks_for_nothing(browser: Any, tmp_path: Path) -> None:
    """The page's policy forbids every request; with it taken out, the page still makes none
    (nothing in it refers outside: the policy is a second guard, not the only one)."""
    path = _report(tmp_path)
    bare = tmp_path / "bare.html"
    text = path.read_text(encoding="utf-8")
    bare.write_text(text.replace('http-equiv="Content-Security-Policy"', 'name="no-policy"'), encoding="utf-8")
    assert "Content-Security-Policy" not in bare.read_text(encoding="utf-8")
    opened = Opened(browser, bare)
    assert opened.outside == [] and opened.requests == [bare.as_uri()] and opened.errors == []
    opened.context.close()


def test_the_report_shows_its_charts_and_asks_for_nothing_outside(browser: Any, tmp_path: Path) -> None:
    path = _report(tmp_path)
    opened = Opened(browser, path)
    page = opened.page
    assert opened.outside == [], f"the report asked for {opened.outside}"
    assert opened.requests == [path.as_uri()]
    assert opened.errors == []
    assert page.title() == "Race: simulation report"
    charts = page.locator("svg[data-chart]")
    assert charts.count() >= 8
    kinds = set(page.eval_on_selector_all("svg[data-chart]", "els => els.map(e => e.dataset.chart)"))
    assert kinds == {"forest", "histogram", "lines"}
    forest = page.locator('svg[data-chart="forest"]').first
    forest.scroll_into_view_if_needed()
    assert forest.is_visible()
    box = forest.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 60
    assert forest.locator("circle").count() == 3  # a dot per seat
    assert page.locator('svg[data-chart="histogram"] rect.bar').count() > 0
    assert page.locator('svg[data-chart="lines"] polyline.series').count() == 3
    assert page.get_by_text("The seats play different agents").is_visible()
    seed = page.locator("td.seed").first
    assert (seed.get_attribute("title") or "").startswith("boardrules play race --seats greedy,random,random --seed ")
    opened.context.close()
