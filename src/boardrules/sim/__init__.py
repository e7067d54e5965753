"""Bulk simulation of AI games with confidence intervals."""

from .simulate import (
    MAX_DECISIONS,
    CountSummary,
    GameRecord,
    InOrder,
    SeatSummary,
    Spread,
    Summary,
    agent_seed,
    count_summary,
    game_seed,
    iter_finished,
    iter_games,
    play_one,
    simulate,
    summarize,
)
from .stats import mean, sd, wilson

__all__ = [
    "MAX_DECISIONS", "CountSummary", "GameRecord", "InOrder", "SeatSummary", "Spread", "Summary", "agent_seed", "count_summary",
    "game_seed",
    "iter_finished", "iter_games", "mean", "play_one", "sd", "simulate", "summarize", "wilson",
]
