"""What each viewer is sent (docs/server.md, "What a viewer is sent"): a seat's payload is the
game's ``view``, ``standing`` and ``action_text`` for that seat, and the prompt and labelled
answers for the seat asked alone; a spectator's is the same for no seat. Checked against the
same game played alongside in the test, move by move."""

from __future__ import annotations

import json
from typing import Any

import pytest
from random_play import twin_of
from web_support import Api, ThreadServer, choice, tokens_of

from boardrules.engine import Game, Rng, Session
from boardrules.games import load_game


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_each_viewer_is_sent_what_the_game_says_they_may_see(api: Api) -> None:
    game = load_game("heroscape")
    made = api.create("heroscape", ["human", "human"], seed=2)
    gid, tokens = made["id"], tokens_of(made)
    local: Session[Any] = Session(game, 2, 2)
    secret_seen = False
    for _ in range(40):
        sent = {viewer: api.look(gid, tokens.get(viewer)) for viewer in (0, 1, None)}
        asked = local.decision
        assert asked is not None
        for viewer, got in sent.items():
            assert got["seat"] == viewer and got["move"] == len(local.history)
            assert got["view"] == plain(game.view(local.state, viewer))
            standing = game.standing(local.state, viewer)
            assert standing is not None
            assert got["standing"] == {"goal": standing.goal, "clock": standing.clock, "scores": list(standing.scores)}
            shown = [game.action_text(step.before, step.action, viewer) for step in local.history]
            assert [e["text"] for e in got["log"]] == shown
            assert [e["seat"] for e in got["log"]] == [step.player for step in local.history]
            if viewer == asked.player:
                labels = game.action_labels(local.state, asked)
                paths = game.action_keys(local.state, asked)
                assert got["decision"] == {"player": asked.player, "prompt": asked.prompt, "actions": [
                    {"text": a.text, "label": label, "keys": list(path)}
                    for a, label, path in zip(asked.actions, labels, paths, strict=True)]}
            else:
                assert got["decision"] == {"player": asked.player}
        logs = [tuple(e["text"] for e in got["log"]) for got in sent.values()]
        secret_seen = secret_seen or len(set(logs)) > 1
        text = choice(sent[asked.player])
        assert api.act(gid, tokens[asked.player], len(local.history), text).status_code == 200
        local.play(text)
    assert secret_seen  # an order marker was placed: only its owner was told on which card


# -- two states a seat cannot tell apart --------------------------------------------------------
TWIN_GAMES = {"meeples-and-monsters": 5, "small-world": 5, "heroscape": 5, "mage-knight": 5, "heroes-iv": 5}
CHECKPOINTS = (4, 12, 25, 40)  # after so many moves, the state is perturbed for each seat


def sent(api: Api, gid: str, token: str | None) -> tuple[bytes, bytes, bytes]:
    """Every byte a viewer is sent about the game now: its JSON, its page and the page's board."""
    query = f"?token={token}" if token else ""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    json_ = api.http.get(f"/api/games/{gid}", headers=headers)
    page = api.http.get(f"/games/{gid}{query}")
    board = api.http.get(f"/games/{gid}/board{query}", headers={"HX-Request": "true"})
    assert json_.status_code == page.status_code == board.status_code == 200
    return json_.content, page.content, board.content


def twins(game: Game[Any], state: Any, viewer: int, rng: Rng) -> list[Any]:
    """States ``viewer`` cannot tell from ``state``: the shared perturbation of the property
    checks (tests/random_play.py), and for Mage Knight a combat's hand changed too."""
    out = [twin_of(game, state, viewer, rng)]
    if game.name == "mage-knight":
        from mk_invariants import combat_hand_twin

        hand = combat_hand_twin(state, viewer)
        if hand is not None:
            out.append(hand)
    return out


@pytest.mark.parametrize("name", list(TWIN_GAMES))
def test_states_a_seat_cannot_tell_apart_give_it_the_same_bytes(name: str, api: Api, server: ThreadServer) -> None:
    """Two states that differ only in what a seat may not see give that seat byte-identical
    JSON and HTML (and a spectator, who knows less than any seat, too)."""
    game = load_game(name)
    made = api.create(name, ["human", "human"], seed=TWIN_GAMES[name])
    gid, tokens = made["id"], tokens_of(made)
    table = server.app.state.registry.get(gid)
    rng = Rng(TWIN_GAMES[name])
    differed = 0
    for move in range(CHECKPOINTS[-1] + 1):
        if move in CHECKPOINTS:
            real = table.session.state
            for viewer in (0, 1):
                for twin in twins(game, real, viewer, rng):
                    assert game.view(twin, viewer) == game.view(real, viewer)  # the perturbation's promise
                    differed += game.to_json(twin) != game.to_json(real)
                    before = [sent(api, gid, token) for token in (tokens[viewer], None)]
                    table.session.state = twin  # the server now holds the other state
                    try:
                        after = [sent(api, gid, token) for token in (tokens[viewer], None)]
                    finally:
                        table.session.state = real
                    assert after == before, f"{name}, move {move}: seat {viewer} or a spectator is sent what it cannot know"
        looked = api.look(gid)
        if looked["over"]:
            break
        asked = looked["decision"]["player"]
        got = api.look(gid, tokens[asked])
        assert api.act(gid, tokens[asked], got["move"], choice(got)).status_code == 200
    assert differed, f"{name}: no perturbed state differed from the real one: the test checked nothing"
