"""Research interfaces: stable encodings of any game and a PettingZoo environment.

``pettingzoo_env`` needs the optional dependencies (``pip install 'boardrules[test]'``)."""

from __future__ import annotations

from typing import Any

from .encoding import ActionEncoding, EncodingError, observation_features, observation_vector

__all__ = ["ActionEncoding", "EncodingError", "observation_features", "observation_vector",
           "pettingzoo_env"]


def pettingzoo_env(game: Any, players: int = 2, **kwargs: Any) -> Any:
    """The PettingZoo AEC environment of ``game``; see ``pettingzoo_env.BoardrulesAECEnv``."""
    from .pettingzoo_env import pettingzoo_env as make

    return make(game, players=players, **kwargs)
