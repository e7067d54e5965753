"""The installed games the research environments can number, for parametrizing env tests."""

from __future__ import annotations

from typing import Any

import pytest

from boardrules.engine.spaces import ActionSpaceError
from boardrules.games import GAMES, load_game


def declared() -> list[Any]:
    """Every installed game; one that declares no action space is skipped, saying so."""
    out: list[Any] = []
    for name in GAMES:
        g = load_game(name)
        try:
            g.action_space(g.min_players)
        except ActionSpaceError as e:
            out.append(pytest.param(name, marks=pytest.mark.skip(reason=str(e))))
        else:
            out.append(name)
    return out
