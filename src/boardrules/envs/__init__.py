"""Research interfaces: stable encodings of any game, and PettingZoo, Gymnasium and OpenSpiel
environments over them.

The environments need the optional dependencies (``pip install 'boardrules[research]'``)."""

from __future__ import annotations

from typing import Any

from .encoding import Encoding, EncodingError, observation_features, observation_vector

__all__ = ["Encoding", "EncodingError", "observation_features", "observation_vector",
           "gymnasium_env", "pettingzoo_env"]


def pettingzoo_env(game: Any, players: int = 2, **kwargs: Any) -> Any:
    """The PettingZoo AEC environment of ``game``; see ``pettingzoo_aec.BoardrulesAECEnv``."""
    from .pettingzoo_aec import pettingzoo_env as make

    return make(game, players=players, **kwargs)


def gymnasium_env(game: Any, players: int = 2, **kwargs: Any) -> Any:
    """The single-agent Gymnasium environment of ``game``; see ``gymnasium_single.BoardrulesGymEnv``."""
    from .gymnasium_single import BoardrulesGymEnv

    return BoardrulesGymEnv(game, players=players, **kwargs)


def _register() -> None:
    try:
        from .gymnasium_single import register_all
    except ImportError:  # gymnasium is not installed: nothing to register with
        return
    register_all()


_register()
