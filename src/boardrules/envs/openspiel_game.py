"""Every installed game as an OpenSpiel Python game (``pyspiel.register_game``).

``register(name)`` registers ``python_boardrules_<name>`` (``python_boardrules_small_world``),
with the parameters ``players``, ``seed`` and the game's own options; ``pyspiel.load_game(
"python_boardrules_small_world(players=3)")`` then loads it. Actions are the indices of the
game's action space. Chance is the game's own seeded ``Rng``, not explicit chance nodes
(``SAMPLED_STOCHASTIC``): dice and draws happen inside ``apply``, so ``legal_actions`` stays
the game's own list and a state's clone carries the same future randomness; the ``n``-th
initial state of a loaded game is set up with the seed ``seed + n``. The observation tensor
and the information-state tensor are both the encoding of ``view(state, player)`` (the views
hold everything a player remembers that matters to the rules), with a one-hot of the seat
being asked; the strings are the view as JSON. Returns are +1 per winner and -1 per other seat
(0 to all when all win).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ..engine import Game, Rng
from ..games import GAMES, load_game
from .encoding import Encoding
from .pettingzoo_aec import rewards_of

MAX_GAME_LENGTH = 1_000_000  # engine actions; no game of the box comes near it


def short_name(name: str) -> str:
    return "python_boardrules_" + name.replace("-", "_")


class _Observer:
    """OpenSpiel's PyObserver: the encoding of the player's view and the seat asked."""

    def __init__(self, encoding: Encoding, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.encoding = encoding
        n = encoding.num_players
        self.tensor = np.zeros(encoding.observation_size + n, np.float32)
        self.dict = {"view": self.tensor[:encoding.observation_size],
                     "asked": self.tensor[encoding.observation_size:]}

    def set_from(self, state: BoardrulesState, player: int) -> None:
        self.encoding.observe_into(state.view(player), self.dict["view"])
        self.dict["asked"].fill(0)
        d = state.decision
        if d is not None:
            self.dict["asked"][d.player] = 1

    def string_from(self, state: BoardrulesState, player: int) -> str:
        return json.dumps(state.view(player), sort_keys=True, separators=(",", ":"))


class _Shared:
    """What every clone of a state shares (the rules, the game): OpenSpiel clones a Python
    state by deep-copying its attributes."""

    def __init__(self, game: BoardrulesSpielGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Position:
    """The boardrules state, deep-copied with the game's own cheap ``clone``. A new game's is
    set up when first read (``setup``: players, seed, options): OpenSpiel clones a state by
    making a new initial state and deep-copying the original's attributes over it, and the new
    game that clone would set up (most of a clone's cost) is never read."""

    __slots__ = ("rules", "_state", "setup")

    def __init__(self, rules: Game, state: Any, setup: tuple[int, int, dict[str, str]] | None = None) -> None:
        self.rules, self._state, self.setup = rules, state, setup

    @property
    def state(self) -> Any:
        if self._state is None and self.setup is not None:
            players, seed, options = self.setup
            self._state, self.setup = self.rules.new_state(players, seed, options), None
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        if self._state is None and self.setup is not None:  # not set up yet: the same game to come
            return _Position(self.rules, None, self.setup)
        return _Position(self.rules, self.rules.clone(self._state))


class BoardrulesState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: BoardrulesSpielGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        # set by new_initial_state; a clone gets a copy of the original's (OpenSpiel makes a new
        # initial state, then deep-copies the attributes into it)
        self._position = _Position(game.rules, None)

    @property
    def spiel_game(self) -> BoardrulesSpielGame:
        return self._shared.game

    @property
    def rules(self) -> Game:
        return self._position.rules

    @property
    def state(self) -> Any:
        return self._position.state

    @property
    def decision(self) -> Any:
        return self.rules.decision(self.state)

    def view(self, player: int) -> dict[str, Any]:
        return self.rules.view(self.state, player)

    def current_player(self) -> int:
        d = self.decision
        return int(pyspiel.PlayerId.TERMINAL) if d is None else d.player

    def _legal_actions(self, player: int) -> list[int]:
        d = self.decision
        if d is None or d.player != player:
            return []
        return sorted(self.spiel_game.legal.of(d))

    def _apply_action(self, action: int) -> None:
        self.rules.apply(self.state, self.spiel_game.chosen(self.decision, action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.spiel_game.encoding.space.action(int(action)).text

    def is_terminal(self) -> bool:
        return self.decision is None

    def returns(self) -> list[float]:
        rewards = rewards_of(self.rules, self.state, self.spiel_game.num_players())
        return rewards if rewards is not None else [0.0] * self.spiel_game.num_players()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoardrulesState:
        """A state ``player_id`` cannot tell from this one: the game's ``determinize``, its
        generator seeded from OpenSpiel's sampler (for ISMCTS)."""
        seed = int(probability_sampler() * 2**63)
        out = BoardrulesState(self.spiel_game)
        out._position = _Position(self.rules, self.rules.determinize(self.state, player_id, Rng(seed)))
        return out

    def __str__(self) -> str:
        return json.dumps(self.rules.view(self.state, None), sort_keys=True)


class BoardrulesSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One boardrules game at one player count, seed and options, for OpenSpiel."""

    rules_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        from .pettingzoo_aec import Legal

        rules = load_game(self.rules_name)
        params = dict(params or {})
        players = int(params.get("players", rules.min_players))
        options = {o.name: str(params[o.name]) for o in rules.options_spec if o.name in params}
        options = rules.check_options(players, options)
        self.rules = rules
        self.options = options
        self.seed = int(params.get("seed", 0))
        self._made = 0
        self.encoding = Encoding(rules, players, options)
        self.legal = Legal(self.encoding)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.size, max_chance_outcomes=0, num_players=players,
            min_utility=-1.0, max_utility=1.0, utility_sum=None, max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(rules), info, params)

    def new_rules_state(self) -> Any:
        return _Position(self.rules, None, self._next_setup()).state

    def _next_setup(self) -> tuple[int, int, dict[str, str]]:
        """(players, seed, options) of the next initial state: the ``n``-th is seeded ``seed + n``."""
        seed = self.seed + self._made
        self._made += 1
        return self.num_players(), seed, self.options

    def chosen(self, d: Any, action: int) -> Any:
        return self.legal.chosen(d, action, f"player {d.player if d else '-'}")

    def new_initial_state(self) -> BoardrulesState:
        state = BoardrulesState(self)
        state._position = _Position(self.rules, None, self._next_setup())  # set up when first read
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self.encoding, params)


def _game_type(rules: Game) -> pyspiel.GameType:
    params: dict[str, Any] = {"players": rules.min_players, "seed": 0}
    params.update({o.name: o.default for o in rules.options_spec})
    return pyspiel.GameType(
        short_name=short_name(rules.name),
        long_name=f"boardrules {rules.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_players,
        min_num_players=rules.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params)


def register(name: str) -> str:
    """Register the installed game ``name`` with OpenSpiel (once); its short name."""
    if name not in GAMES:
        load_game(name)  # the error that lists the installed games
    short = short_name(name)
    if short not in pyspiel.registered_names():
        game_class = type(f"Spiel_{GAMES[name][1]}", (BoardrulesSpielGame,), {"rules_name": name})
        pyspiel.register_game(_game_type(load_game(name)), game_class)
    return short


def register_all() -> list[str]:
    return [register(name) for name in GAMES]
