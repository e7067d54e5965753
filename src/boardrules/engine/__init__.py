"""The game-agnostic core: decisions, actions, seeded randomness, views, replays, errors."""

from .actions import Action, is_action_word, shared_action
from .catalogue import Catalogue, Entry, LookupRefused
from .errors import (
    ActionParseError,
    BoardrulesError,
    ContentError,
    IllegalActionError,
    OptionError,
    PositionError,
    ReplayError,
    ReplayVersionError,
    UnknownGameError,
)
from .game import Decision, Event, Game, OptionSpec, Result, Standing, StepGame
from .positions import PositionFormat, read_position
from .rng import Rng, ScriptedRng
from .scene import ActionKeys, Scene, SceneError, Shape
from .session import (
    Session,
    check_seed,
    default_players,
    load_replay,
    parse_options,
    play_out,
    replay_from_data,
    reveals_information,
    set_up,
)

__all__ = [
    "Action", "ActionKeys", "Scene", "SceneError", "Shape", "ActionParseError", "BoardrulesError", "Catalogue", "ContentError", "Entry", "LookupRefused", "Decision", "Event", "Game",
    "IllegalActionError", "OptionError", "OptionSpec", "PositionError", "ReplayError", "ReplayVersionError", "PositionFormat", "Result", "Rng", "ScriptedRng", "Session", "Standing",
    "StepGame",
    "UnknownGameError", "check_seed", "default_players", "is_action_word", "load_replay", "parse_options", "play_out", "read_position", "replay_from_data", "reveals_information", "set_up", "shared_action",
]
