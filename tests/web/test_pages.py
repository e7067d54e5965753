"""The pages (docs/server.md, "The pages"): the lobby, the invitations, the generic game page and
its forms, over HTTP against the real server. What a browser does with them (htmx, the event
stream, clicking) is tests/web/test_browser.py."""

from __future__ import annotations

import html
import re
import urllib.parse
from html.parser import HTMLParser
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import escape
from web_support import Api, ThreadServer, tokens_of, wait_for

from boardrules.games import GAMES, load_game
from boardrules.web.registry import file_options

HX = {"HX-Request": "true"}


class Page(HTMLParser):
    """What a test reads of a page: the action buttons (value, label), the text of the
    refusal shown, every text on it, and the hidden fields of its forms."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.buttons: list[tuple[str, str]] = []
        self.hidden: list[tuple[str, str]] = []
        self.texts: list[str] = []
        self.refusal = ""
        self._button: str | None = None
        self._alert = False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "button" and a.get("name") == "action":
            self._button, self._label = a.get("value") or "", ""
        if tag == "input" and a.get("type") == "hidden":
            self.hidden.append((a.get("name") or "", a.get("value") or ""))
        if a.get("role") == "alert":
            self._alert = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self._button is not None:
            self.buttons.append((self._button, self._label.strip()))
            self._button = None
        if tag == "p":
            self._alert = False

    def handle_data(self, data: str) -> None:
        self.texts.append(data)
        if self._button is not None:
            self._label += data
        if self._alert:
            self.refusal += data


def is_page(r: httpx.Response, status: int = 200) -> str:
    assert r.status_code == status, (r.status_code, r.text[:500])
    assert r.headers["content-type"].startswith("text/html")
    assert "Traceback" not in r.text
    return r.text


def lobby_form(game: str, seats: list[str], **fields: str) -> dict[str, str]:
    form = {"game": game, **{f"seat{i}": s for i, s in enumerate(seats)}}
    form.update(fields)
    return form


def make(api: Api, game: str = "small-world", seats: list[str] | None = None, seed: int = 3,
         names: list[str] | None = None) -> tuple[str, dict[int, str]]:
    made = api.http.post("/api/games", json={"game": game, "seats": seats or ["human", "human"], "seed": seed,
                                             "names": names or []}).json()
    return made["id"], tokens_of(made)


def board(api: Api, gid: str, token: str | None = None) -> Page:
    query = f"?token={token}" if token else ""
    return Page(is_page(api.http.get(f"/games/{gid}/board{query}", headers=HX)))


def post(api: Api, gid: str, what: str, fields: dict[str, Any], htmx: bool = True) -> httpx.Response:
    return api.http.post(f"/games/{gid}/{what}", data={k: str(v) for k, v in fields.items()},
                         headers=HX if htmx else {})


# -- the lobby --------------------------------------------------------------------------------
def test_the_lobby_offers_every_game_and_the_first_ones_options_and_seats(api: Api) -> None:
    text = is_page(api.http.get("/"))
    for name, (_, _, title) in GAMES.items():
        assert f'<option value="{name}"' in text and html.escape(title) in text
    first = load_game(next(iter(GAMES)))
    for spec in first.options_spec:
        assert f'name="option.{spec.name}"' in text
    assert f'name="seat{first.max_players - 1}"' in text and f'name="seat{first.max_players}"' not in text


@pytest.mark.parametrize("name", list(GAMES))
def test_the_lobby_asks_for_a_games_options_and_seats_but_no_file(api: Api, name: str) -> None:
    game = load_game(name)
    text = is_page(api.http.get(f"/setup?game={name}"))
    files = file_options(game)
    for spec in game.options_spec:
        assert (f'name="option.{spec.name}"' in text) == (spec.name not in files)
        for choice in spec.choices:
            assert f">{choice}</option>" in text
    for seat in range(game.max_players):
        row = text.split(f'name="seat{seat}"')[1].split("</select>")[0]
        assert ('<option value=""' in row) == (seat >= game.min_players)  # a seat past the fewest may stay empty
        assert all(f">{agent}</option>" in row for agent in ("human", "greedy", "random", "ismcts", "mcts"))
    assert f'name="seat{game.max_players}"' not in text
    assert name != "heroes-iv" or files == {"decks"}


def test_an_unknown_game_in_the_lobby_is_a_404_page(api: Api) -> None:
    text = is_page(api.http.get("/setup?game=chess"), 404)
    assert "there is no game &#39;chess&#39; here" in text


def test_creating_a_game_shows_a_link_per_human_seat_and_the_spectators(api: Api, server: ThreadServer) -> None:
    form = lobby_form("heroscape", ["human", "ismcts", "human"], params1="iterations=20", name0="Ann",
                      name2="Bob", seed="12", **{"option.army": "draft", "option.points": "300"})
    text = is_page(api.http.post("/games", data=form), 201)
    links = re.findall(r'value="(http://[^"]+/games/([\w-]+)\?token=([\w-]+))"', text)
    assert len(links) == 2 and links[0][1] == links[1][1]
    gid = links[0][1]
    assert f'value="{server.url}/games/{gid}"' in text  # the spectator's
    assert "Player 1 (Ann)" in text and "Player 3 (Bob)" in text and "ismcts:iterations=20" in text
    for seat, (url, _, token) in zip((0, 2), links, strict=True):
        assert f"You play <strong>Player {seat + 1} (" in is_page(api.http.get(url))
        assert api.look(gid, token)["seat"] == seat
    listed = {g["id"]: g for g in api.http.get("/api/games").json()["games"]}[gid]
    assert listed["seats"] == ["human", "ismcts:iterations=20", "human"]


def test_a_seat_named_like_markup_shows_as_text(api: Api) -> None:
    name = '<script>alert("x")</script>'
    text = is_page(api.http.post("/games", data=lobby_form("small-world", ["human", "greedy"], name0=name)), 201)
    assert "<script>alert" not in text and escape(name) in text
    gid, tokens = make(api, names=[name, "&amp; <b>"])
    for token in (tokens[0], tokens[1], None):
        page = is_page(api.http.get(f"/games/{gid}" + (f"?token={token}" if token else "")))
        assert "<script>alert" not in page and "<b>" not in page
        assert escape(name) in page and "&amp;amp; &lt;b&gt;" in page


@pytest.mark.parametrize("fields, words", [
    ({"seed": "-1"}, "a seed is a whole number"),
    ({"seed": "1" * 21}, "a seed is a whole number"),
    ({"seed": "١٢"}, "a seed is a whole number"),  # Arabic-Indic digits are digits to str.isdigit
    ({"seat1": "grumpy"}, "Player 2: unknown agent 'grumpy'"),
    ({"seat1": "ismcts", "params1": "iterations=x"}, "Player 2: "),
    ({"seat1": "ismcts", "params1": "seconds=2"}, "Player 2: ismcts: a time budget (seconds=) is refused"),
    ({"seat1": "", "seat2": ""}, "Small World is for 2 to 5 players, not 1"),
    ({"option.nope": "1"}, "unknown option 'nope'"),
    ({"name0": "x" * 41}, "at most 40 bytes"),
    ({"name0": "a\u0007b"}, "control character"),
    ({"seat0": "", "seat1": ""}, "choose who plays at least one seat"),
])
def test_a_bad_lobby_form_shows_the_lobby_again_with_one_line(api: Api, fields: dict[str, str], words: str) -> None:
    form = {**lobby_form("small-world", ["human", "greedy"]), **fields}
    page = Page(is_page(api.http.post("/games", data=form), 422))
    assert words in page.refusal and "\n" not in page.refusal.strip()
    assert '<option value="small-world" selected>' in is_page(api.http.post("/games", data=form), 422)


def test_a_file_option_is_refused_from_the_lobby_form(api: Api) -> None:
    form = lobby_form("heroes-iv", ["human", "greedy"], **{"option.decks": "/etc/passwd"})
    page = Page(is_page(api.http.post("/games", data=form), 422))
    assert "names a file on the server" in page.refusal


# -- the game page ----------------------------------------------------------------------------
def test_a_page_holds_its_own_token_and_no_other(api: Api) -> None:
    gid, tokens = make(api, seats=["human", "human", "human"])
    for seat, token in tokens.items():
        text = is_page(api.http.get(f"/games/{gid}?token={token}"))
        assert token in text and all(other not in text for s, other in tokens.items() if s != seat)
        assert f"You play <strong>Player {seat + 1}</strong>" in text
    text = is_page(api.http.get(f"/games/{gid}"))
    assert "You are watching" in text and not any(t in text for t in tokens.values())


def test_the_page_shows_the_standing_the_view_and_the_catalogue_texts(api: Api) -> None:
    gid, tokens = make(api)
    payload = api.look(gid, tokens[0])
    text = is_page(api.http.get(f"/games/{gid}?token={tokens[0]}"))
    assert html.escape(payload["standing"]["goal"]) in text and html.escape(payload["standing"]["clock"]) in text
    for score in payload["standing"]["scores"]:
        assert html.escape(score) in text
    catalogue = load_game("small-world").catalogue()
    race = payload["view"]["market"][0]["race"]
    entry = catalogue.get(race, "race")
    assert entry is not None and f'title="{html.escape(entry.line())}">{race}</span>' in text
    assert html.escape(entry.text) in text  # listed under "Named here"
    assert "<h2>Market</h2>" in text and "<h2>Regions</h2>" in text
    assert f'sse-connect="/api/games/{gid}/events"' in text


def test_the_seat_asked_gets_a_button_per_action_with_its_label_and_a_text_box(api: Api) -> None:
    gid, tokens = make(api)
    payload = api.look(gid, tokens[0])
    mine = board(api, gid, tokens[0])
    assert mine.buttons == [(a["text"], a["label"]) for a in payload["decision"]["actions"]]
    assert payload["decision"]["prompt"] in mine.texts
    theirs, watching = board(api, gid, tokens[1]), board(api, gid)
    assert theirs.buttons == [] and watching.buttons == []
    assert "Waiting for Player 1" in "".join(theirs.texts) and "Waiting for Player 1" in "".join(watching.texts)


def test_a_button_plays_its_action_and_the_board_comes_back(api: Api) -> None:
    gid, tokens = make(api)
    action, label = board(api, gid, tokens[0]).buttons[2]
    r = post(api, gid, "act", {"token": tokens[0], "move": 0, "action": action})
    after = Page(is_page(r))
    assert api.look(gid)["log"] == [{"seat": 0, "text": action}]
    assert 'data-move="1"' in r.text and after.refusal == ""
    assert f"Player 1</span> {action}" in r.text  # in the log


def test_a_typed_illegal_action_shows_the_rules_refusal(api: Api) -> None:
    gid, tokens = make(api)
    post(api, gid, "act", {"token": tokens[0], "move": 0, "action": board(api, gid, tokens[0]).buttons[0][0]})
    r = post(api, gid, "act", {"token": tokens[0], "move": 1, "action": "conquer 99"})
    page = Page(is_page(r))  # 200: htmx swaps it, and the browser logs no error
    assert "there is no Region '99' on this map" in page.refusal
    assert api.look(gid)["move"] == 1
    for typed, words in (("", "empty action"), ("conquer <b>", "malformed action"), ("x" * 1100, "at most 1,024 bytes")):
        refusal = Page(is_page(post(api, gid, "act", {"token": tokens[0], "move": 1, "action": typed}))).refusal
        assert words in refusal, refusal
    assert "<b>" not in post(api, gid, "act", {"token": tokens[0], "move": 1, "action": "conquer <b>"}).text


def test_a_stale_or_out_of_turn_form_is_refused_in_the_board(api: Api) -> None:
    gid, tokens = make(api)
    first = board(api, gid, tokens[0]).buttons[0][0]
    post(api, gid, "act", {"token": tokens[0], "move": 0, "action": first})
    stale = Page(is_page(post(api, gid, "act", {"token": tokens[0], "move": 0, "action": first})))
    assert "the game is at move 1, not the move given" in stale.refusal
    other = Page(is_page(post(api, gid, "act", {"token": tokens[1], "move": 1, "action": "done"})))
    assert "seat 0 is being asked, not seat 1" in other.refusal


def test_a_plain_form_post_goes_back_to_the_page_or_shows_the_refusal_with_its_status(api: Api) -> None:
    gid, tokens = make(api)
    first = board(api, gid, tokens[0]).buttons[0][0]
    r = post(api, gid, "act", {"token": tokens[0], "move": 0, "action": first}, htmx=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{gid}?token={tokens[0]}"
    page = Page(is_page(post(api, gid, "act", {"token": tokens[0], "move": 1, "action": "conquer 99"}, htmx=False), 422))
    assert "no Region" in page.refusal


def test_undo_and_leaving_the_seat_to_an_agent_from_the_page(api: Api) -> None:
    gid, tokens = make(api)
    for move in (0, 1):  # a combo taken (which shows the next one), then a conquest (which draws nothing)
        post(api, gid, "act", {"token": tokens[0], "move": move, "action": board(api, gid, tokens[0]).buttons[0][0]})
    assert "Undo my last decision" in is_page(post(api, gid, "undo", {"token": tokens[0], "move": 2}))
    assert [e["text"] for e in api.look(gid)["log"]] == ["pick dwarves"]
    refused = Page(is_page(post(api, gid, "undo", {"token": tokens[0], "move": 3})))
    assert "cannot undo: hidden information was revealed or randomness drawn" in refused.refusal
    left = is_page(post(api, gid, "seat", {"token": tokens[1], "agent": "greedy"}))
    assert "Take my seat back" in left and "left to greedy" in left
    assert api.look(gid)["seats"][1]["player"] == "greedy"
    assert "Leave my seat to" in is_page(post(api, gid, "seat", {"token": tokens[1], "agent": "human"}))
    assert "unknown agent" in Page(is_page(post(api, gid, "seat", {"token": tokens[1], "agent": "nobody"}))).refusal


def test_the_board_is_not_sent_again_for_the_move_it_shows(api: Api) -> None:
    gid, tokens = make(api)
    url = f"/games/{gid}/board?token={tokens[0]}"
    assert api.http.get(url, headers={**HX, "X-Shown": "0"}).status_code == 204
    post(api, gid, "act", {"token": tokens[0], "move": 0, "action": board(api, gid, tokens[0]).buttons[0][0]})
    r = api.http.get(url, headers={**HX, "X-Shown": "0"})
    assert r.status_code == 200 and 'data-move="1"' in r.text and "X-Shown&#34;: &#34;1" not in r.text
    assert api.http.get(url, headers={**HX, "X-Shown": "1"}).status_code == 204


# -- refusals and headers ---------------------------------------------------------------------
def test_refusals_are_pages_with_one_line(api: Api) -> None:
    gid, tokens = make(api)
    cases = [
        (api.http.get("/games/nope"), 404, "there is no game with this id"),
        (api.http.get(f"/games/{gid}?token=wrong"), 403, "this token holds no seat of this game"),
        (api.http.get("/no/such/page"), 404, "there is no such address"),
        (api.http.delete("/"), 405, "does not take this method"),
        (post(api, gid, "act", {"move": 0, "action": "done"}), 401, "open the page from your invitation"),
        (api.http.post(f"/games/{gid}/act", content=b"x" * 20_000,
                       headers={"content-type": "application/x-www-form-urlencoded"}), 413, "at most 16,384 bytes"),
        (api.http.post(f"/games/{gid}/act", json={"move": 0}), 415, "x-www-form-urlencoded"),
        (api.http.post(f"/games/{gid}/act", content=b"token=%ff",
                       headers={"content-type": "application/x-www-form-urlencoded"}), 400, "not UTF-8"),
        (api.http.post("/games", content="&".join(f"f{i}=1" for i in range(300)).encode(),
                       headers={"content-type": "application/x-www-form-urlencoded"}), 400, "more than 200 fields"),
    ]
    for r, status, words in cases:
        page = Page(is_page(r, status))
        assert words in page.refusal and "\n" not in page.refusal.strip(), (status, page.refusal)


def test_pages_say_what_they_may_load_and_send_no_referrer(api: Api) -> None:
    gid, tokens = make(api)
    r = api.http.get(f"/games/{gid}?token={tokens[0]}")
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["referrer-policy"] == "no-referrer" and r.headers["cache-control"] == "no-store"
    assert '<script src="/static/vendor/htmx.min.js"' in r.text and "<script>" not in r.text  # no inline script


def test_htmx_and_its_sse_extension_are_served_from_the_package(api: Api) -> None:
    for path, words in (("/static/vendor/htmx.min.js", "htmx"), ("/static/vendor/htmx-ext-sse.js", 'defineExtension("sse"'),
                        ("/static/vendor/htmx.LICENSE", "Zero-Clause BSD"),
                        ("/static/vendor/htmx-ext-sse.LICENSE", "BSD Zero Clause"), ("/static/boardrules.css", ".panels")):
        r = api.http.get(path)
        assert r.status_code == 200 and words.replace('"', "'") in r.text.replace('"', "'"), path
    assert api.http.get("/static/nothing.js").status_code == 404


def test_a_finished_game_shows_its_result_and_the_replay(api: Api) -> None:
    gid = api.create("small-world", ["random", "random"], seed=4)["id"]
    wait_for(lambda: api.look(gid)["over"], "the agents to finish")
    result = api.look(gid)["result"]
    text = is_page(api.http.get(f"/games/{gid}"))
    assert "The game is over" in text and f'/api/games/{gid}/replay' in text
    assert f"Player {result['winners'][0] + 1}" in text


FORM_KEYS = st.sampled_from(["game", "seed", "seat0", "seat1", "seat2", "params0", "name0", "option.army", "token",
                             "move", "action", "agent"]) | st.text(max_size=12)
FORM_VALUES = st.sampled_from(["human", "greedy", "ismcts:iterations=5", "small-world", "heroscape", "0", "-1",
                               "99999999999999999999999", "done", "conquer 3"]) | st.text(max_size=30)


@pytest.fixture(scope="module")
def fuzzed(api: Api) -> tuple[str, dict[int, str]]:
    return make(api)


@settings(max_examples=60, deadline=None)
@given(fields=st.dictionaries(FORM_KEYS, FORM_VALUES, max_size=8), where=st.sampled_from(["/games", "act", "undo", "seat"]),
       htmx=st.booleans(), own_token=st.booleans())
def test_any_form_gets_a_page_or_a_redirect_never_a_500(api: Api, fuzzed: tuple[str, dict[int, str]],
                                                        fields: dict[str, str], where: str, htmx: bool,
                                                        own_token: bool) -> None:
    gid, tokens = fuzzed
    if own_token:
        fields = {**fields, "token": tokens[0]}
    path = where if where.startswith("/") else f"/games/{gid}/{where}"
    body = urllib.parse.urlencode(fields, encoding="utf-8", errors="surrogatepass").encode()
    r = api.http.post(path, content=body, headers={"content-type": "application/x-www-form-urlencoded",
                                                  **(HX if htmx else {})})
    assert r.status_code < 500 or r.status_code == 503, r.text[:300]
    assert "Traceback" not in r.text
    if r.status_code not in (201, 204, 303) and r.status_code >= 400:
        refusal = Page(r.text).refusal.strip()
        assert refusal and "\n" not in refusal
