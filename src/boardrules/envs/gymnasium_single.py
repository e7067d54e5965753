"""A single-agent Gymnasium environment for any installed game: the learner in one seat, the
built-in agents (``boardrules.agents``) in the others.

Registered as ``boardrules/<Game>-v0`` (``boardrules/MeeplesAndMonsters-v0``) when
``boardrules.envs`` is imported. An action is an index of the game's action space; the legal
ones are in ``info["action_mask"]``. An illegal index changes nothing and costs
``illegal_reward`` (``info["illegal_action"]`` says which it was), so that a policy sampling
from the whole space can be trained; the other seats then play until the learner is asked
again or the game ends, and the reward at the end is +1 for a win, -1 for a loss (0 when every
seat wins).
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import make_agent, split_seats
from ..engine import Game, OptionError
from ..games import GAMES, load_game
from .encoding import Encoding
from .pettingzoo_aec import Legal, rewards_of


def env_id(game: str) -> str:
    """The registered id of an installed game: its class name, ``boardrules/SmallWorld-v0``."""
    return f"boardrules/{GAMES[game][1]}-v0"


class BoardrulesGymEnv(gymnasium.Env):  # type: ignore[misc]
    """One game at one player count; ``seat`` (from 0) is the learner's, ``opponents`` the
    agents of the other seats in order (one seat text for all of them, or one per seat:
    ``"greedy"``, ``"random,ismcts:iterations=50"``)."""

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(self, game: Game | str, players: int = 2, seat: int = 0, opponents: str = "random",
                 max_steps: int | None = None, illegal_reward: float = -1.0,
                 options: dict[str, str] | None = None, render_mode: str | None = None) -> None:
        self.game: Game = load_game(game) if isinstance(game, str) else game
        self.num_players = players
        self.game_options = self.game.check_options(players, options)
        if not (isinstance(seat, int) and 0 <= seat < players):
            raise OptionError(f"seat must be a seat number from 0 to {players - 1}, not {seat!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        others = [s for s in range(players) if s != seat]
        specs = split_seats(opponents)
        if len(specs) == 1:
            specs = specs * len(others)
        if len(specs) != len(others):
            raise OptionError(f"opponents names {len(specs)} agents for the {len(others)} other seats")
        for s, spec in zip(others, specs, strict=True):
            make_agent(spec, 0, s)  # a bad agent or parameter is refused now, naming the seat
        self.seat = seat
        self.opponent_specs = dict(zip(others, specs, strict=True))
        self.max_steps = max_steps
        self.illegal_reward = float(illegal_reward)
        self.encoding = Encoding(self.game, players, self.game_options)
        self.legal = Legal(self.encoding)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(self.encoding.low, self.encoding.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.encoding.size)
        self._next_seed = 0
        self.game_state: Any = None
        self.agents: dict[int, Any] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.game_state = self.game.new_state(self.num_players, seed, self.game_options)
        # each opponent's own generator, from the game's seed and its seat
        self.agents = {s: make_agent(spec, seed * 31 + s, s) for s, spec in self.opponent_specs.items()}
        self.steps = 0
        self._play_others()
        return self._observation(), self._info()

    def _play_others(self) -> None:
        """The other seats play until the learner is asked or the game is over."""
        game, state = self.game, self.game_state
        while (d := game.decision(state)) is not None and d.player != self.seat:
            game.apply(state, self.agents[d.player].act(game, state, d))

    def _observation(self) -> np.ndarray:
        return self.encoding.observe(self.game.view(self.game_state, self.seat))

    def _info(self, **more: Any) -> dict[str, Any]:
        d = self.game.decision(self.game_state)
        return {"action_mask": self.legal.mask(d if d is not None and d.player == self.seat else None), **more}

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.game_state is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        d = self.game.decision(self.game_state)
        if d is None:
            raise gymnasium.error.ResetNeeded("the game is over: call reset()")
        self.steps += 1
        legal = self.legal.of(d)
        chosen = legal.get(int(action)) if isinstance(action, (int, np.integer)) else None
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        if chosen is None:
            text = (self.encoding.space.action(int(action)).text
                    if isinstance(action, (int, np.integer)) and 0 <= action < self.encoding.size else repr(action))
            return self._observation(), self.illegal_reward, False, truncated, self._info(illegal_action=text)
        self.game.apply(self.game_state, chosen)
        self._play_others()
        rewards = rewards_of(self.game, self.game_state, self.num_players)
        reward = rewards[self.seat] if rewards is not None else 0.0
        return self._observation(), reward, rewards is not None, truncated and rewards is None, self._info()

    def render(self) -> None:
        return None


def register_all() -> None:
    """Register every installed game with Gymnasium (once)."""
    for name in GAMES:
        if env_id(name) not in gymnasium.registry:
            gymnasium.register(id=env_id(name), entry_point="boardrules.envs.gymnasium_single:BoardrulesGymEnv",
                               kwargs={"game": name})
