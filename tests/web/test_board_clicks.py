"""Boards played by clicking (docs/server.md, "Boards"), in Debian's Chromium through Playwright
against the real server: a whole game of each game with a drawn board played by clicking only
board elements (a random lit element each step, the menu when one is shown) against an agent, to
the end, with no console error; the page at a phone's width (390 px: nothing wider than the
screen, the board scaled down) and played by keyboard alone; and clicks that name an unknown
element, a stale move or no board refused with a clear message, never a 500.

Each game's request times are collected and the slowest printed (``pytest -s`` shows it); the
1-second bound is measured by ``benchmarks/bench_board_clicks.py``, not asserted here. A
screenshot of each game's board goes to ``tests/artefacts/`` (git-ignored)."""

from __future__ import annotations

import html
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import Api, launched_chromium, tokens_of

from .test_browser import Watched

playwright_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()

ARTEFACTS = Path(__file__).resolve().parents[1] / "artefacts"
BOARD_GAMES = {"meeples-and-monsters": 4, "heroscape": 2, "small-world": 1, "mage-knight": 1,
               "heroes-iv": 1}  # game: seed
MAX_CLICKS = 3_000
LIT = "#board svg.scene g.el.choice"
MENU = "#board form.menu button"
OVER = "#board .result"


class Timed(Watched):
    """A watched page that also keeps every finished request's duration (ms) by address."""

    def __init__(self, browser: Any, url: str, width: int = 1280, height: int = 900) -> None:
        self.durations: list[tuple[float, str]] = []
        super().__init__(browser, url)
        if width != 1280:
            self.page.set_viewport_size({"width": width, "height": height})
        self.page.on("requestfinished", self._timed)

    def _timed(self, request: Any) -> None:
        timing = request.timing
        if timing.get("responseEnd", -1) >= 0:
            self.durations.append((timing["responseEnd"], f"{request.method} {request.url.split('?')[0]}"))


def play_by_clicking(page: Any, rng: random.Random) -> int:
    """Click lit board elements (or the menu) until the game is over; the clicks made."""
    clicks = 0
    while clicks < MAX_CLICKS:
        page.wait_for_selector(f"{LIT}, {MENU}, {OVER}", state="attached")
        if page.locator(OVER).count():
            return clicks
        board = page.locator("#board").element_handle()
        menu = page.locator(MENU)
        if menu.count():
            menu.nth(rng.randrange(menu.count())).click()
        else:
            lit = page.locator(LIT)
            count = lit.count()
            if not count:
                continue  # the board was swapped meanwhile
            target = lit.nth(rng.randrange(count))
            target.locator("polygon, rect, circle").first.click()  # a group: its first shape
        clicks += 1
        page.wait_for_function("el => !el.isConnected", arg=board)  # the board that answered is in
    raise AssertionError(f"the game did not end in {MAX_CLICKS} clicks")


@pytest.mark.parametrize("name", list(BOARD_GAMES))
def test_a_whole_game_played_by_clicking_the_board(name: str, browser: Any, api: Api) -> None:
    made = api.create(name, ["human", "greedy"], seed=BOARD_GAMES[name])
    watched = Timed(browser, made["seats"][0]["url"])
    try:
        clicks = play_by_clicking(watched.page, random.Random(BOARD_GAMES[name]))
        looked = api.look(made["id"], tokens_of(made)[0])
        assert looked["over"] and "result" in looked
        assert looked["log"] and any(e["seat"] == 0 for e in looked["log"])
        ARTEFACTS.mkdir(exist_ok=True)
        watched.page.screenshot(path=str(ARTEFACTS / f"board-{name}.png"), full_page=True)
        assert watched.errors == []
        slowest = max(watched.durations)
        print(f"\n{name}: {clicks} clicks, {len(watched.durations)} requests, "
              f"the slowest {slowest[0]:.0f} ms ({slowest[1]})")
    finally:
        watched.close()


@pytest.mark.parametrize("name", list(BOARD_GAMES))
def test_the_board_fits_a_phone_and_the_keyboard_plays(name: str, browser: Any, api: Api) -> None:
    made = api.create(name, ["human", "human"], seed=BOARD_GAMES[name])
    gid, tokens = made["id"], tokens_of(made)
    asked = api.look(gid)["decision"]["player"]
    url = next(s["url"] for s in made["seats"] if s["seat"] == asked)
    phone = Timed(browser, url, width=390, height=844)
    try:
        page = phone.page
        page.wait_for_selector(LIT)
        wide = page.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth]")
        assert max(wide) <= 390, f"the page is {max(wide)} px wide at 390"
        box = page.locator("#board svg.scene").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.keyboard.press("Tab")
        for _ in range(40):  # the action list is reached by Tab
            if page.evaluate("() => document.activeElement.matches('form.actions button')"):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError("Tab never reached the action list")
        offered = [a["text"] for a in api.look(gid, tokens[asked])["decision"]["actions"]]
        assert page.evaluate("() => document.activeElement.value") == offered[0]  # the first of the list
        page.keyboard.press("Enter")
        page.wait_for_selector('#board[data-move="1"]', state="attached")
        log = api.look(gid, tokens[asked])["log"]
        assert [e["seat"] for e in log] == [asked]
        assert phone.errors == []
    finally:
        phone.close()


def test_a_click_naming_no_element_a_stale_move_or_no_board_is_refused(api: Api) -> None:
    made = api.create("heroscape", ["human", "human"], seed=2)
    gid, tokens = made["id"], tokens_of(made)
    asked = api.look(gid)["decision"]["player"]
    token = tokens[asked]

    def click(path: str, move: int = 0, htmx: bool = True, who: str = token) -> Any:
        return api.http.post(f"/games/{gid}/click", data={"token": who, "move": str(move), "path": path},
                             headers={"HX-Request": "true"} if htmx else {})

    for path, says, status in (("space:zz99", "there is no 'space:zz99' on your board", 422),
                               ("figure:nobody", "there is no 'figure:nobody' on your board", 422),
                               ("space:a1", "space:a1 cannot be chosen now", 422),
                               ("bad-key", "'bad-key' is not a board element", 422),
                               ("", "the click names no board element", 422),
                               (" ".join(["space:a1"] * 9), "at most 8", 422)):
        for htmx in (True, False):
            r = click(path, htmx=htmx)
            assert r.status_code == (200 if htmx else status), (path, r.status_code)
            assert says in html.unescape(r.text), (path, r.text[:300])
            assert "Traceback" not in r.text
    r = click("card:syvarris", move=5, htmx=False)
    assert r.status_code == 409 and "the game is at move 0" in r.text
    other = next(t for seat, t in tokens.items() if seat != asked)
    r = click("card:syvarris", htmx=False, who=other)
    assert r.status_code == 403 and "is being asked" in r.text
    assert api.http.post(f"/games/{gid}/click", data={"move": "0", "path": "card:syvarris"}).status_code == 401
    assert api.look(gid)["move"] == 0  # nothing was played
    r = click("card:syvarris")  # a legal click plays
    assert r.status_code == 200 and api.look(gid)["move"] == 1



def test_a_board_that_fails_to_draw_leaves_the_page_and_its_action_list(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's board drawing that fails (a defect in its scene) costs only the drawing: the
    page answers, with the list of actions, and the game goes on."""
    from boardrules.games.heroscape.game import Heroscape

    made = api.create("heroscape", ["human", "human"], seed=2)
    gid, tokens = made["id"], tokens_of(made)
    asked = api.look(gid)["decision"]["player"]

    def broken(*_: Any) -> Any:
        raise ValueError("a defect in the scene")

    monkeypatch.setattr(Heroscape, "scene", broken)
    r = api.http.get(f"/games/{gid}", params={"token": tokens[asked]})
    assert r.status_code == 200 and "take syvarris" in html.unescape(r.text)
    assert 'class="scene' not in r.text  # no board drawn
    monkeypatch.undo()
    assert api.look(gid)["move"] == 0
