"""What each viewer is sent (docs/server.md, "What a viewer is sent"): a seat's payload is the
game's ``view``, ``standing`` and ``action_text`` for that seat, and the prompt and labelled
answers for the seat asked alone; a spectator's is the same for no seat. Checked against the
same game played alongside in the test, move by move."""

from __future__ import annotations

import json
from typing import Any

from web_support import Api, choice, tokens_of

from boardrules.engine import Session
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
                assert got["decision"] == {"player": asked.player, "prompt": asked.prompt, "actions": [
                    {"text": a.text, "label": label} for a, label in zip(asked.actions, labels, strict=True)]}
            else:
                assert got["decision"] == {"player": asked.player}
        logs = [tuple(e["text"] for e in got["log"]) for got in sent.values()]
        secret_seen = secret_seen or len(set(logs)) > 1
        text = choice(sent[asked.player])
        assert api.act(gid, tokens[asked.player], len(local.history), text).status_code == 200
        local.play(text)
    assert secret_seen  # an order marker was placed: only its owner was told on which card
