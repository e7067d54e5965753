"""A PettingZoo AEC environment for any installed game, through the engine's API only.

An engine action is chosen one word at a time (see ``encoding``): the agent asked by the game
chooses the next word of its action among those the mask allows, and the action is applied
when it chooses ``<end>``. Rewards come at the end from the result: +1 to each winner and -1
to each other seat (0 to all when every seat wins).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import Decision, Game
from ..games import load_game
from .encoding import OBSERVATION_SIZE, ActionEncoding, EncodingError, observation_vector

PREFIX_SLOTS = 16


def _agent(seat: int) -> str:
    return f"player_{seat}"


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
        self.encoding = ActionEncoding(self.game, players)
        self.metadata = {"name": f"boardrules_{self.game.name.replace('-', '_')}_v0",
                         "render_modes": [], "is_parallelizable": False}
        self.render_mode = render_mode
        self.possible_agents = [_agent(i) for i in range(players)]
        n = self.encoding.size
        self._observation_space = spaces.Dict({
            # the view's features, then the seat asked and the words of the action chosen so far
            "observation": spaces.Box(-np.inf, np.inf, (OBSERVATION_SIZE + players + PREFIX_SLOTS,),
                                      np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._action_space = spaces.Discrete(n)
        self._next_seed = 0
        self.game_state: Any = None
        self.prefix: list[int] = []
        self._mask_for: Decision | None = None
        self._mask_len = 0
        self._mask_value = np.zeros(0, dtype=np.int8)

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
        self.prefix = []
        self._mask_for = None
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        d = self.game.decision(self.game_state)
        if d is not None:
            self.agent_selection = _agent(d.player)

    def _mask(self, agent: str) -> np.ndarray:
        d = self.game.decision(self.game_state)
        if d is None or agent != self.agent_selection:
            return np.zeros(self.encoding.size, dtype=np.int8)
        # asked by last() and again by step() for one choice; the decision itself is kept, so
        # a later decision can never be mistaken for it
        if self._mask_for is not d or self._mask_len != len(self.prefix):
            self._mask_for, self._mask_len = d, len(self.prefix)
            self._mask_value = self.encoding.next_words(d.actions, self.prefix)
        return self._mask_value.copy()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        head = observation_vector(self.game.view(self.game_state, seat))
        tail = np.zeros(self.num_players + PREFIX_SLOTS, dtype=np.float32)
        if self.game.decision(self.game_state) is not None:
            tail[self.possible_agents.index(self.agent_selection)] = 1.0
        if agent == self.agent_selection:  # a half-chosen action is only its chooser's to see
            for i, word in enumerate(self.prefix[:PREFIX_SLOTS]):
                tail[self.num_players + i] = word + 1
        return {"observation": np.concatenate([head, tail]), "action_mask": self._mask(agent)}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        mask = self._mask(agent)
        if not (isinstance(action, (int, np.integer)) and 0 <= action < len(mask) and mask[action]):
            allowed = [self.encoding.words[i] for i in np.flatnonzero(mask)]
            shown = ", ".join(f"{i} {w!r}" for i, w in zip(np.flatnonzero(mask)[:8], allowed, strict=False))
            raise EncodingError(
                f"{self.encoding.key}: word {action!r} is not allowed for {agent} now, after "
                f"{self._spelled()!r} (allowed: {shown}{', ...' if len(allowed) > 8 else ''})")
        self._cumulative_rewards[agent] = 0.0
        self.prefix.append(int(action))
        if int(action) == self.encoding.index["<end>"]:
            d = self.game.decision(self.game_state)
            chosen = self.encoding.complete(d.actions if d else (), self.prefix)
            assert chosen is not None  # the mask allows <end> only after a whole legal action
            self.prefix = []
            self.game.apply(self.game_state, chosen)
            self.steps += 1
            self._after_action()
        self._select()
        self._accumulate_rewards()

    def _spelled(self) -> str:
        return "".join(self.encoding.words[i] for i in self.prefix)

    def _after_action(self) -> None:
        result = self.game.result(self.game_state)
        if result is not None:
            winners = set(result.winners)
            everyone = len(winners) == self.num_players
            for seat, a in enumerate(self.agents):
                self.rewards[a] = 0.0 if everyone else (1.0 if seat in winners else -1.0)
                self.terminations[a] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True

    def render(self) -> None:
        return None

    def close(self) -> None:
        pass


def pettingzoo_env(game: Game | str, players: int = 2, **kwargs: Any) -> BoardrulesAECEnv:
    """The PettingZoo AEC environment of ``game`` (a Game or an installed game's name)."""
    return BoardrulesAECEnv(game, players=players, **kwargs)
