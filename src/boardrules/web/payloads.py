"""What the server sends about a game: the one place a payload is built, for one viewer.

A seat's payload comes only from what the game says that seat may know: ``view(state, seat)``,
``standing(state, seat)``, the history as ``action_text(..., seat)`` shows it, and, for the seat
being asked alone, the question's prompt and each answer's text and label
(``action_labels``) with, for a game whose board is played by clicking, the board keys that
choose it (``action_keys``). A spectator gets the same with ``None`` as the viewer and no prompt
(a prompt is worded for the player asked, and may name their own hand). The seed, the whole
state and the actions as played are in the replay, which is served once the game is over.
"""

from __future__ import annotations

from typing import Any

from ..agents import HUMAN
from .clicks import action_paths
from .errors import Refused
from .table import Table


def game_payload(table: Table, viewer: int | None) -> dict[str, Any]:
    """The game as ``viewer`` (a seat, or None: a spectator) may see it now."""
    with table.lock:
        game, session = table.game, table.session
        state = session.state
        asked = session.decision
        decision: dict[str, Any] | None = None
        if asked is not None:
            decision = {"player": asked.player}
            if viewer == asked.player and table.seats[viewer] == HUMAN:
                labels = game.action_labels(state, asked)
                decision["prompt"] = asked.prompt
                decision["actions"] = [{"text": a.text, "label": label}
                                       for a, label in zip(asked.actions, labels, strict=True)]
                for entry, path in zip(decision["actions"], action_paths(game, state, asked), strict=False):
                    entry["keys"] = list(path)
        standing = game.standing(state, viewer)
        texts = table.texts_for(viewer)
        out: dict[str, Any] = {
            "id": table.id, "game": game.name, "title": game.title, "move": table.move, "seat": viewer,
            "seats": [{"seat": i, "player": spec, "name": name}
                      for i, (spec, name) in enumerate(zip(table.seats, table.names, strict=True))],
            "over": asked is None,
            "view": game.view(state, viewer),
            "standing": None if standing is None else {
                "goal": standing.goal, "clock": standing.clock, "scores": list(standing.scores)},
            "decision": decision,
            "log": [{"seat": step.player, "text": text}
                    for step, text in zip(session.history, texts, strict=True)],
        }
        if table.stopped:
            out["stopped"] = table.stopped
        result = game.result(state) if asked is None else None
        if result is not None:
            out["result"] = {"scores": list(result.scores), "winners": list(result.winners)}
        return out


def replay_payload(table: Table) -> dict[str, Any]:
    """A finished game's replay (``Session.replay_data``: seed, options, every action as
    played, the final state's hash), as ``boardrules replay`` reads it. Refused while it goes on."""
    with table.lock:
        if not table.over:
            raise Refused(403, "the replay of a game is public once the game is over, not before",
                          move=table.move)
        return table.session.replay_data()
