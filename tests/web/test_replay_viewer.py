"""The replay viewer, uploaded replays and a board element's catalogue text on a tap
(docs/server.md, "The replay viewer"), over HTTP and in Debian's Chromium through Playwright.

A Heroscape game is played to the end by two random agents; its viewer at move N is checked
against the game rebuilt apart (a new session playing the replay's first N actions): the board
is the scene of the view at N, the log holds N decisions and marks the N-th. The slowest viewer
request is printed (``pytest -s``), not asserted."""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from web_support import Api, launched_chromium, tokens_of, wait_for

from boardrules.engine import Action, Session
from boardrules.games import load_game
from boardrules.web.board_svg import Marks, SvgDrawer
from boardrules.web.pages import LOG_SHOWN
from boardrules.web.reels import Reels, reel_of_replay

from .test_browser import Watched

SVG = re.compile(r'<svg class="scene.*?</svg>', re.S)
NAME, SEED = "heroscape", 3


@pytest.fixture(scope="module")
def finished(api: Api) -> tuple[str, dict[str, Any]]:
    """A finished game of the server and its replay file."""
    gid = api.create(NAME, ["random", "random"], seed=SEED)["id"]
    wait_for(lambda: api.look(gid)["over"], "the agents to finish the game")
    r = api.http.get(f"/api/games/{gid}/replay")
    assert r.status_code == 200, r.text
    return gid, r.json()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launched_chromium()


def state_after(replay: dict[str, Any], move: int) -> tuple[Any, Any]:
    """The game and its state after the replay's first ``move`` actions, played apart."""
    game = load_game(replay["game"])
    session: Session[Any] = Session(game, replay["seed"], replay["players"], replay["options"])
    for text in replay["actions"][:move]:
        session.play(text)
    return session.game, session.state


def drawn(page: str) -> str | None:
    found = SVG.search(page)
    return found.group(0) if found else None


def expected_svg(replay: dict[str, Any], move: int, seat: int | None, entry: str) -> str | None:
    game, state = state_after(replay, move)
    scene = game.scene(game.view(state, seat), seat)
    return None if scene is None else str(SvgDrawer(game.catalogue()).draw(scene, Marks(), entry))


def reel_part(page: str) -> str:
    return page[page.index('<div id="reel"'):]


def test_every_position_of_a_reel_is_the_games_position_at_that_move(finished: tuple[str, dict[str, Any]]) -> None:
    _, replay = finished
    reel = reel_of_replay(replay, "game.json")
    game = load_game(replay["game"])
    session: Session[Any] = Session(game, replay["seed"], replay["players"], replay["options"])
    hashes = [game.state_hash(session.state)]
    for text in replay["actions"]:
        session.play(text)
        hashes.append(game.state_hash(session.state))
    assert reel.moves == len(replay["actions"]) and reel.over
    assert [game.state_hash(reel.state_at(n)) for n in range(reel.moves + 1)] == hashes
    assert game.state_hash(reel.state_at(5)) == hashes[5]  # asked again: the kept states did not change


def test_the_reels_kept_are_bounded_the_oldest_used_going_first(finished: tuple[str, dict[str, Any]]) -> None:
    _, replay = finished
    reel = reel_of_replay(replay, "game.json")
    kept = Reels(2)
    for key in ("a", "b"):
        kept.put(key, 1, reel)
    assert kept.get("a", 1, None) is reel  # "a" used: "b" is now the oldest
    kept.put("c", 1, reel)
    assert kept.get("b", 1, None) is None and kept.get("a", 1, None) is reel
    made: list[int] = []
    kept.get("a", 2, lambda: made.append(1) or reel)  # another stamp: made again
    assert made == [1]


def test_the_board_and_log_at_move_n_are_the_game_rebuilt_to_n(api: Api, finished: tuple[str, dict[str, Any]]) -> None:
    gid, replay = finished
    total = len(replay["actions"])
    game, _ = state_after(replay, 0)
    slowest = 0.0
    for move in sorted({0, 1, 15, 16, 17, total // 2, total - 1, total, *range(3, total, 37)}):
        start = time.perf_counter()
        r = api.http.get(f"/games/{gid}/replay?move={move}")
        slowest = max(slowest, time.perf_counter() - start)
        assert r.status_code == 200, r.text
        assert f'data-move="{move}"' in r.text and f'max="{total}"' in r.text
        assert drawn(r.text) == expected_svg(replay, move, None, f"/games/{gid}/entry"), f"the board at move {move}"
        log = r.text[r.text.index('aria-label="log"'):]
        assert log.count("<li") == min(move, LOG_SHOWN)  # the newest 200, as on the game page
        if move > LOG_SHOWN:
            assert f"and {move - LOG_SHOWN} earlier decisions" in log
        if move:
            _, before = state_after(replay, move - 1)
            text = game.action_text(before, Action.parse(replay["actions"][move - 1]), None)
            current = re.search(rf'<li value="{move}" class="current" aria-current="step">(.*?)</li>', log, re.S)
            assert current is not None and html.escape(text, quote=True) in current.group(1)
            assert f'href="/games/{gid}/replay?move={move - 1}"' in r.text  # previous
        else:
            assert "The set-up: nothing played yet." in r.text
    print(f"\nviewer: slowest request {slowest * 1000:.0f} ms over a {total}-move game")


def test_stepping_by_next_links_reaches_the_same_page_as_the_moves_own_link(
        api: Api, finished: tuple[str, dict[str, Any]]) -> None:
    gid, _ = finished
    page = api.http.get(f"/games/{gid}/replay?move=0").text
    for _ in range(20):
        following = re.search(r'<a rel="next" class="next" href="([^"]+)"', page)
        assert following is not None
        page = api.http.get(html.unescape(following.group(1))).text
    assert reel_part(page) == reel_part(api.http.get(f"/games/{gid}/replay?move=20").text)
    fragment = api.http.get(f"/games/{gid}/replay?move=20", headers={"HX-Request": "true"}).text
    assert fragment.lstrip().startswith('<div id="reel"')
    assert fragment.strip() in page


def test_a_finished_game_may_be_seen_as_each_seat(api: Api, finished: tuple[str, dict[str, Any]]) -> None:
    gid, replay = finished
    for seat in (0, 1):
        r = api.http.get(f"/games/{gid}/replay?move=40&seat={seat}")
        assert r.status_code == 200
        assert f'data-seat="{seat}"' in r.text and f"as Player {seat + 1} sees it" in r.text
        assert drawn(r.text) == expected_svg(replay, 40, seat, f"/games/{gid}/entry")
    page = api.http.get(f"/games/{gid}").text
    assert f'href="/games/{gid}/replay?move=0">Watch the replay' in page


def test_a_running_game_shows_only_the_spectators_view_up_to_now(api: Api) -> None:
    made = api.create(NAME, ["human", "random"], seed=5)
    gid, token = made["id"], tokens_of(made)[0]
    got = api.asked(gid, token, 0)
    r = api.act(gid, token, got["move"], got["decision"]["actions"][0]["text"])
    assert r.status_code == 200
    now = len(api.asked(gid, token, 0)["log"])
    page = api.http.get(f"/games/{gid}/replay")
    assert page.status_code == 200 and f'data-move="{now}"' in page.text and f'max="{now}"' in page.text
    assert "The game goes on" in page.text and 'name="seat"' not in page.text
    seat = api.http.get(f"/games/{gid}/replay?seat=0&move=0")
    assert seat.status_code == 403 and "only the spectator&#39;s view" in seat.text
    assert api.http.get(f"/games/{gid}/replay?move={now + 1}").status_code == 404
    assert "Watch the replay" not in api.http.get(f"/games/{gid}").text


@pytest.mark.parametrize(("query", "status", "words"), [
    ("move=x", 422, "the move is a whole number from 0 to"),
    ("move=-1", 422, "the move is a whole number"),
    ("move=100000", 404, "there is no move 100000 here"),
    ("move=1e3", 422, "not &#39;1e3&#39;"),
    ("seat=2", 404, "there is no seat 2 here"),
    ("seat=first", 422, "the seat is a whole number"),
])
def test_a_bad_move_or_seat_is_a_clear_page(api: Api, finished: tuple[str, dict[str, Any]], query: str, status: int,
                                            words: str) -> None:
    gid, _ = finished
    r = api.http.get(f"/games/{gid}/replay?{query}")
    assert r.status_code == status and words in r.text and 'role="alert"' in r.text


def test_an_unknown_game_or_uploaded_replay_is_a_404_page(api: Api) -> None:
    for url in ("/games/nosuchgame/replay?move=1", "/replays/0123456789abcdef", "/games/nosuchgame/entry?ref=x"):
        r = api.http.get(url)
        assert r.status_code == 404 and 'role="alert"' in r.text, url


def upload(api: Api, body: bytes, name: str = "game.json") -> Any:
    return api.http.post("/replays", files={"replay": (name, body, "application/json")}, follow_redirects=False)


def test_an_uploaded_replay_opens_in_the_same_viewer(api: Api, finished: tuple[str, dict[str, Any]]) -> None:
    gid, replay = finished
    r = upload(api, json.dumps(replay).encode())
    assert r.status_code == 303, r.text
    where = r.headers["location"]
    assert re.fullmatch(r"/replays/[0-9a-f]{32}", where)
    assert upload(api, json.dumps(replay, indent=2).encode()).headers["location"] == where  # the content's address
    for move, seat in ((0, None), (33, None), (33, 1), (len(replay["actions"]), 0)):
        query = f"?move={move}" + ("" if seat is None else f"&seat={seat}")
        page = api.http.get(where + query)
        assert page.status_code == 200
        assert drawn(page.text) == expected_svg(replay, move, seat, f"{where}/entry")
    assert "/replays" in api.http.get("/").text  # the lobby links to the upload page
    assert 'type="file" name="replay"' in api.http.get("/replays").text


def _bad_uploads(replay: dict[str, Any]) -> list[tuple[str, bytes, int, str]]:
    illegal = [*replay["actions"][:3], "summon the kraken", *replay["actions"][4:]]
    return [
        ("corrupt JSON", b'{"game": "heroscape",', 422, "bad.json: not a replay (invalid JSON at line 1"),
        ("not an object", b"[1, 2]", 422, "bad.json: not a replay (expected a JSON object"),
        ("unknown game", json.dumps({**replay, "game": "chess"}).encode(), 422, "bad.json: unknown game &#39;chess&#39;"),
        ("other rules", json.dumps({**replay, "rules_version": "hs-0"}).encode(), 422,
         "bad.json: recorded with rules version hs-0"),
        ("wrong type", json.dumps({**replay, "seed": "three"}).encode(), 422,
         "bad.json: the field &#39;seed&#39; has the wrong type"),
        ("illegal action", json.dumps({**replay, "actions": illegal}).encode(), 422,
         "bad.json: action 4 (&#39;summon the kraken&#39;) cannot be played"),
        ("a lone surrogate", json.dumps({**replay, "rules_version": "\ud800x"}).encode(), 422,
         "bad.json: recorded with rules version \\ud800x"),  # echoed as its escape, not a 500
        ("other final state", json.dumps({**replay, "final_hash": "0" * 16}).encode(), 422,
         "bad.json: the final state hash does not match"),
        ("a file on the server", json.dumps({**replay, "game": "heroes-iv", "options": {"decks": "/etc/passwd"}}).encode(),
         422, "the option &#39;decks&#39; names a file"),
        ("empty", b"", 422, "the file is empty"),
        ("huge", b"[" + b"0," * (5 * 1024 * 1024 // 2) + b"0]", 413, "larger than 5 MB"),
    ]


def test_bad_uploads_say_what_is_wrong_and_where(api: Api, finished: tuple[str, dict[str, Any]]) -> None:
    _, replay = finished
    for what, body, status, words in _bad_uploads(replay):
        r = upload(api, body, "bad.json")
        assert r.status_code == status, (what, r.text[-600:])
        assert words in r.text and 'id="upload-error"' in r.text, (what, r.text[-600:])
    nothing = api.http.post("/replays", files={"other": ("x.json", b"{}", "application/json")})
    assert nothing.status_code == 422 and "choose a replay file" in nothing.text
    form = api.http.post("/replays", data={"replay": "{}"})
    assert form.status_code == 415 and "multipart/form-data" in form.text


def test_an_entrys_text_comes_from_the_catalogue_escaped(api: Api, finished: tuple[str, dict[str, Any]]) -> None:
    gid, _ = finished
    game = load_game(NAME)
    card = next(e for e in game.catalogue() if e.kind == "army card")
    r = api.http.get(f"/games/{gid}/entry?ref=army card:{card.id}", headers={"HX-Request": "true"})
    assert r.status_code == 200 and html.escape(card.text, quote=True) in r.text and card.name in r.text
    odd = api.http.get(f"/games/{gid}/entry?ref=<b>nothing</b>", headers={"HX-Request": "true"})
    assert odd.status_code == 200 and "&lt;b&gt;nothing&lt;/b&gt;" in odd.text and "<b>" not in odd.text
    assert api.http.get(f"/games/{gid}/entry?ref=nothing").status_code == 404


# -- in the browser -----------------------------------------------------------------------------
def test_the_slider_and_the_links_move_through_the_game_in_the_browser(
        browser: Any, server: Any, finished: tuple[str, dict[str, Any]], api: Api) -> None:
    gid, replay = finished
    watched = Watched(browser, f"{server.url}/games/{gid}")
    try:
        page = watched.page
        page.click("a.watch")
        page.wait_for_selector('#reel[data-move="0"]', state="attached")
        for move in (9, 40, 41):
            page.locator("#seek input[type=range]").fill(str(move))
            page.wait_for_selector(f'#reel[data-move="{move}"]', state="attached")
            shown = page.locator("#reel svg.scene").evaluate("el => el.outerHTML")
            again = watched.context.new_page()
            again.goto(f"{server.url}/games/{gid}/replay?move={move}")
            assert again.locator("#reel svg.scene").evaluate("el => el.outerHTML") == shown
            again.close()
        page.click("#reel a.next")
        page.wait_for_selector('#reel[data-move="42"]', state="attached")
        assert page.url.endswith("/replay?move=42")
        page.select_option("#seek select[name=seat]", "1")
        page.wait_for_selector('#reel[data-seat="1"]', state="attached")
        assert watched.errors == []
    finally:
        watched.close()


def test_tapping_a_card_on_a_touch_screen_shows_its_catalogue_text(
        browser: Any, server: Any, finished: tuple[str, dict[str, Any]]) -> None:
    gid, replay = finished
    game = load_game(NAME)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/games/{gid}/replay?move={len(replay['actions']) // 2}")
        tappable = page.locator("svg.scene g[hx-get][data-ref]")
        assert tappable.count() > 0
        for i in (0, tappable.count() - 1):
            target = tappable.nth(i)
            kind, _, ident = str(target.get_attribute("data-ref")).partition(":")
            entry = game.catalogue().get(ident, kind)
            assert entry is not None
            target.tap()
            page.wait_for_selector(f'#entry article[data-ref="{kind}:{ident}"]', state="attached")
            assert page.locator("#entry h3").inner_text().startswith(entry.name)
            assert entry.text in page.locator("#entry").inner_text()
        assert errors == []
    finally:
        context.close()


def test_choosing_a_board_element_that_opens_a_menu_shows_its_text_beside_the_board(api: Api) -> None:
    """A Location of Meeples & Monsters begins several actions (its options): clicking it opens
    the menu, and the box beside the board shows the Location's catalogue text."""
    made = api.create("meeples-and-monsters", ["human", "greedy"], seed=4)
    gid, token = made["id"], tokens_of(made)[0]
    catalogue = load_game("meeples-and-monsters").catalogue()
    for _ in range(60):
        got = api.asked(gid, token, 0)
        assert not got["over"], "no Location opened a menu before the game ended"
        firsts: dict[str, int] = {}
        for action in got["decision"]["actions"]:
            if len(action.get("keys", ())) == 1:
                firsts[action["keys"][0]] = firsts.get(action["keys"][0], 0) + 1
        page = api.http.get(f"/games/{gid}/board?token={token}").text
        for key, count in firsts.items():
            ref = re.search(rf'data-key="{re.escape(key)}" data-ref="([^"]+)"', page)
            if count > 1 and ref is not None:
                r = api.http.post(f"/games/{gid}/click", headers={"HX-Request": "true"},
                                  data={"token": token, "move": str(got["move"]), "path": key})
                assert r.status_code == 200 and 'class="actions menu"' in r.text
                kind, _, ident = html.unescape(ref.group(1)).partition(":")
                entry = catalogue.get(ident, kind)
                assert entry is not None
                box = r.text[r.text.index('id="entry"'):]
                assert f'data-ref="{kind}:{ident}"' in box and html.escape(entry.text, quote=True) in box
                return
        actions = got["decision"]["actions"]
        assert api.act(gid, token, got["move"], actions[got["move"] * 7 % len(actions)]["text"]).status_code == 200
    raise AssertionError("no board element opened a menu in 60 decisions")


def test_a_game_without_a_board_shows_its_generic_view_in_the_viewer(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every shipped game draws a board, so one is made boardless (the engine's default scene)."""
    from boardrules.engine import Game
    from boardrules.games.heroes_iv.game import HeroesIV

    monkeypatch.setattr(HeroesIV, "scene", Game.scene)
    made = api.create("heroes-iv", ["human", "random"], seed=2)
    gid = made["id"]
    view = api.look(gid)["view"]
    page = api.http.get(f"/games/{gid}/replay?move=0")
    assert page.status_code == 200 and drawn(page.text) is None and 'id="entry"' not in page.text
    first_panel = next(key for key, value in view.items() if isinstance(value, dict | list) and value)
    assert f"<h2>{first_panel.replace('_', ' ').capitalize()}</h2>" in page.text  # the game page's panels


def test_a_replay_file_uploaded_from_the_browser_opens_in_the_viewer(
        browser: Any, server: Any, finished: tuple[str, dict[str, Any]], tmp_path: Any) -> None:
    _, replay = finished
    saved = tmp_path / "saved-game.json"
    saved.write_text(json.dumps(replay))
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "heroscape"')
    watched = Watched(browser, f"{server.url}/")
    try:
        page = watched.page
        page.click('a[href="/replays"]')
        page.set_input_files("input[type=file]", str(broken))
        page.click("form.upload button[type=submit]")
        assert "broken.json: not a replay (invalid JSON" in page.locator("#upload-error").inner_text()
        page.set_input_files("input[type=file]", str(saved))
        page.click("form.upload button[type=submit]")
        page.wait_for_selector(f'#reel[data-move="{len(replay["actions"])}"]', state="attached")
        assert re.search(r"/replays/[0-9a-f]{32}$", page.url)
        page.locator("#seek input[type=range]").fill("12")
        page.wait_for_selector('#reel[data-move="12"]', state="attached")
        # the refused upload is answered 422, as every refused plain form is, which Chromium logs once
        assert watched.errors == ["Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"]
    finally:
        watched.close()
