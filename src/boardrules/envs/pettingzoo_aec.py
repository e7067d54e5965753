"""A PettingZoo AEC environment for any installed game, through the engine's API only.

An agent's action is an index of the game's action space (``Game.action_space``); the mask
marks the legal ones. Rewards come at the end from the result: +1 to each winner and -1 to
each other seat (0 to all when every seat wins).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import Action, Decision, Game
from ..games import load_game
from .encoding import Encoding, EncodingError


def _agent(seat: int) -> str:
    return f"player_{seat}"


def rewards_of(game: Game, state: Any, num_players: int) -> list[float] | None:
    """+1 per winner, -1 per other seat (0 to all when all win); None before the end."""
    result = game.result(state)
    if result is None:
        return None
    winners = set(result.winners)
    if len(winners) == num_players:
        return [0.0] * num_players
    return [1.0 if seat in winners else -1.0 for seat in range(num_players)]


class Legal:
    """The legal actions of the decision being asked, by index, worked out once per decision."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self._for: Decision | None = None
        self.actions: dict[int, Action] = {}
        self._mask: np.ndarray | None = None

    def of(self, d: Decision | None) -> dict[int, Action]:
        if d is None:
            return {}
        if d is not self._for:  # the decision object itself: a later one is never mistaken for it
            self._for, self.actions, self._mask = d, self.encoding.legal(d.actions), None
        return self.actions

    def mask(self, d: Decision | None) -> np.ndarray:
        if d is None:
            return np.zeros(self.encoding.size, dtype=np.int8)
        self.of(d)
        if self._mask is None:  # worked out when first asked (OpenSpiel never asks)
            self._mask = self.encoding.mask(self.actions)
        return self._mask.copy()

    def chosen(self, d: Decision | None, action: Any, who: str) -> Action:
        """The legal action numbered ``action``; EncodingError naming what is wrong."""
        legal = self.of(d)
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            found = legal.get(int(action))
            if found is not None:
                return found
        space = self.encoding.space
        what = ""
        if isinstance(action, (int, np.integer)) and 0 <= int(action) < space.size:
            what = f" ({space.action(int(action)).text!r})"
        shown = ", ".join(f"{i} {a.text!r}" for i, a in sorted(legal.items())[:8])
        raise EncodingError(
            f"{space.key}: action {action!r}{what} is not legal for {who} now "
            f"(legal: {shown}{', ...' if len(legal) > 8 else ''})")


class BoardrulesAECEnv(AECEnv):  # type: ignore[misc]
    """One game at one player count. ``max_steps`` (engine actions) truncates long games."""

    def __init__(self, game: Game | str, players: int = 2, max_steps: int | None = None,
                 options: dict[str, str] | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.game: Game = load_game(game) if isinstance(game, str) else game
        self.num_players = players
        self.game_options = self.game.check_options(players, options)
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self.max_steps = max_steps
        self.encoding = Encoding(self.game, players, self.game_options)
        self.legal = Legal(self.encoding)
        self.metadata = {"name": f"boardrules_{self.game.name.replace('-', '_')}_v0",
                         "render_modes": [], "is_parallelizable": False}
        self.render_mode = render_mode
        self.possible_agents = [_agent(i) for i in range(players)]
        n = self.encoding.size
        self._observation_space = spaces.Dict({
            # the view's encoding, then a one-hot of the seat being asked
            "observation": spaces.Box(np.concatenate([self.encoding.low, np.zeros(players, np.float32)]),
                                      np.concatenate([self.encoding.high, np.ones(players, np.float32)]),
                                      dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._action_space = spaces.Discrete(n)
        self._next_seed = 0
        self.game_state: Any = None
        # the observation is written here step after step (a copy is handed out)
        self._buffer = np.zeros(self.encoding.observation_size + players, dtype=np.float32)
        self._no_mask = np.zeros(n, dtype=np.int8)  # the mask of an agent not being asked
        self._no_mask.flags.writeable = False

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.game_state = self.game.new_state(self.num_players, seed, self.game_options)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        d = self.game.decision(self.game_state)
        for a in self.agents:  # the mask without the observation: ``last(observe=False)``'s info
            self.infos[a]["action_mask"] = self._no_mask
        if d is not None:
            self.agent_selection = _agent(d.player)
            self.infos[self.agent_selection]["action_mask"] = self.legal.mask(d)

    def action_mask(self, agent: str | None = None) -> np.ndarray:
        """The legal indices of ``agent`` (default: the agent asked now), without working out
        its observation (all 0 for an agent not being asked)."""
        agent = self.agent_selection if agent is None else agent
        d = self.game.decision(self.game_state)
        return self.legal.mask(d if agent == self.agent_selection else None)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        size = self.encoding.observation_size
        buffer = self._buffer
        self.encoding.observe_into(self.game.view(self.game_state, seat), buffer[:size])
        buffer[size:] = 0.0
        d = self.game.decision(self.game_state)
        if d is not None:
            buffer[size + d.player] = 1.0
        mask = self.legal.mask(d if agent == self.agent_selection else None)
        return {"observation": buffer.copy(), "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        d = self.game.decision(self.game_state)
        chosen = self.legal.chosen(d, action, agent)
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self.game_state, chosen)
        self.steps += 1
        rewards = rewards_of(self.game, self.game_state, self.num_players)
        if rewards is not None:
            for seat, a in enumerate(self.agents):
                self.rewards[a] = rewards[seat]
                self.terminations[a] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._select()
        self._accumulate_rewards()

    def render(self) -> None:
        return None

    def close(self) -> None:
        pass


def pettingzoo_env(game: Game | str, players: int = 2, **kwargs: Any) -> BoardrulesAECEnv:
    """The PettingZoo AEC environment of ``game`` (a Game or an installed game's name)."""
    return BoardrulesAECEnv(game, players=players, **kwargs)
