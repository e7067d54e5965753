"""The pages in a real browser (docs/server.md, "The pages"): Debian's Chromium driven by
Playwright, against the real server. Two browser contexts play a game of each game as two seats
by clicking the action buttons, a third watches as a spectator and sees each move arrive over
the event stream; a typed illegal action shows the rule's refusal; the lobby makes a game; no
page logs an error to the console.

Set BOARDRULES_SCREENSHOTS=DIR to keep a screenshot of each game's page there."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import WAIT, Api, ThreadServer, launched_chromium, tokens_of

playwright_api = pytest.importorskip("playwright.sync_api")

MOVES = 30  # moves played through the pages in each game
SEEN_WITHIN = 2_000  # ms: how long the spectator's page may take to show a move
SEEDS = {"meeples-and-monsters": 3, "small-world": 3, "heroscape": 3, "mage-knight": 3, "heroes-iv": 3}




@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


class Watched:
    """A page in a context of its own, with every console error and page error it logs."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", lambda d: self.errors.append(f"a dialog opened: {d.message}"))
        self.page.set_default_timeout(WAIT * 1000)
        self.page.goto(url)

    def at(self, move: int, timeout: float = WAIT * 1000) -> None:
        """Wait until the page shows ``move``."""
        self.page.wait_for_selector(f'#board[data-move="{move}"]', state="attached", timeout=timeout)

    def close(self) -> None:
        self.context.close()


@pytest.mark.parametrize("name", list(SEEDS))
def test_two_seats_play_through_their_pages_and_a_spectator_sees_every_move(
        name: str, browser: Any, server: ThreadServer, api: Api) -> None:
    made = api.create(name, ["human", "human"], seed=SEEDS[name])
    gid, tokens = made["id"], tokens_of(made)
    seats = {seat: Watched(browser, url) for seat, url in ((s["seat"], s["url"]) for s in made["seats"])}
    spectator = Watched(browser, made["spectator"])
    try:
        for move in range(MOVES):
            asked = api.look(gid)["decision"]["player"]
            page = seats[asked]
            page.at(move)
            buttons = page.page.locator(f'#board[data-move="{move}"] form.actions button')
            count = buttons.count()
            assert count > 0, f"move {move}: no action button for the seat asked"
            buttons.nth(move * 7 % count).click()
            spectator.at(move + 1, timeout=SEEN_WITHIN)  # the event stream told it, and it fetched its board
            for other in seats.values():
                other.at(move + 1)
        log = api.look(gid, tokens[0])["log"]
        assert len(log) == MOVES and {e["seat"] for e in log} == {0, 1}
        assert spectator.page.locator(".log li").count() == MOVES
        shots = os.environ.get("BOARDRULES_SCREENSHOTS")
        if shots:
            asked = api.look(gid)["decision"]["player"]
            seats[asked].page.screenshot(path=str(Path(shots) / f"{name}.png"), full_page=True)
        for watched in (*seats.values(), spectator):
            assert watched.errors == []
    finally:
        for watched in (*seats.values(), spectator):
            watched.close()


def test_a_typed_illegal_action_shows_the_rules_refusal(browser: Any, api: Api) -> None:
    made = api.create("small-world", ["human", "human"], seed=3)
    gid, tokens = made["id"], tokens_of(made)
    assert api.act(gid, tokens[0], 0, api.look(gid, tokens[0])["decision"]["actions"][0]["text"]).status_code == 200
    page = Watched(browser, made["seats"][0]["url"])
    try:
        page.at(1)
        page.page.fill("form.typed input[name=action]", "conquer 99")
        page.page.click("form.typed button")
        refusal = page.page.wait_for_selector("#refusal")
        assert refusal is not None and "there is no Region '99' on this map" in refusal.inner_text()
        assert api.look(gid)["move"] == 1
        page.page.fill("form.typed input[name=action]", "conquer 1")  # a legal one typed plays
        page.page.click("form.typed button")
        page.at(2)
        assert page.page.locator("#refusal").count() == 0
        assert page.errors == []
    finally:
        page.close()


def test_the_lobby_makes_a_game_and_its_links_open_the_seats_pages(browser: Any, server: ThreadServer) -> None:
    lobby = Watched(browser, server.url + "/")
    try:
        lobby.page.select_option("select[name=game]", "heroscape")
        lobby.page.wait_for_selector("select[name='option.army']")  # the game's part came from /setup
        lobby.page.select_option("select[name=seat1]", "greedy")
        lobby.page.fill("input[name=name0]", "<script>alert(1)</script>")
        lobby.page.fill("input[name=seed]", "5")
        lobby.page.click("button.primary")
        links = lobby.page.locator("input.link")
        assert links.count() == 2  # one human seat, and the spectator
        seat_url = links.nth(0).input_value()
        assert "token=" in seat_url and "token=" not in links.nth(1).input_value()
        seat = Watched(browser, seat_url)
        try:  # Heroscape's first army card is chosen by the second seat: the agent, then the human
            seat.page.wait_for_selector("#board form.actions button")
            assert "Player 1 (<script>alert(1)</script>)" in seat.page.locator(".who").inner_text()
            assert seat.page.locator(".log li").count() >= 1  # the agent's choice
            assert seat.errors == [] and lobby.errors == []
        finally:
            seat.close()
    finally:
        lobby.close()


@pytest.mark.parametrize("name", ["mage-knight", "heroes-iv", "heroscape"])
@pytest.mark.parametrize("width,height", [(1280, 900), (1920, 1080), (390, 844)])
def test_a_drawn_board_fills_the_room_the_window_gives_it(
        name: str, width: int, height: int, browser: Any, api: Api) -> None:
    """docs/server.md, "The pages": the board keeps its shape, fits the window's height, never
    runs past its width, and takes the room left by the log and the text beside it: on a wide
    screen at least half the window's width, or the window's height."""
    made = api.create(name, ["human", "human"], seed=1)
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT * 1000)
        page.goto(made["seats"][0]["url"])
        box = page.locator("svg.scene").bounding_box()
        assert box is not None
        drawn = page.evaluate("() => [document.querySelector('svg.scene').viewBox.baseVal.width,"
                              " document.querySelector('svg.scene').viewBox.baseVal.height]")
        assert box["width"] / box["height"] == pytest.approx(drawn[0] / drawn[1], rel=0.02)
        assert box["height"] <= height and box["x"] + box["width"] <= width
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width  # no sideways scroll
        if width >= 1280:
            assert box["width"] >= width / 2 or box["height"] >= height - 130
    finally:
        context.close()
