"""Research interfaces: stable encodings of any game, and PettingZoo, Gymnasium and OpenSpiel
environments over them.

The environments need the optional dependencies (``pip install 'boardrules[research]'``)."""

from __future__ import annotations

from typing import Any

from .encoding import Encoding, EncodingError, observation_features, observation_vector

__all__ = ["Encoding", "EncodingError", "observation_features", "observation_vector",
           "pettingzoo_env"]


def pettingzoo_env(game: Any, players: int = 2, **kwargs: Any) -> Any:
    """The PettingZoo AEC environment of ``game``; see ``pettingzoo_env.BoardrulesAECEnv``."""
    from .pettingzoo_env import pettingzoo_env as make

    return make(game, players=players, **kwargs)
