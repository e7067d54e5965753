"""The final result as the terminal prints it."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from boardrules.cli.terminal import print_result as _print_result
from boardrules.engine import Result


class _Ended:
    def __init__(self, result: Result) -> None:
        self.r = result

    def result(self, state: Any) -> Result:
        return self.r


def _printed(result: Result) -> str:
    out = io.StringIO()
    _print_result(Console(file=out, width=100), _Ended(result), None, ["Ann", "Bob"], ["human", "greedy"])  # type: ignore[arg-type]
    return out.getvalue()


def test_a_game_nobody_won_says_so_instead_of_an_empty_winners_line() -> None:
    # a lost Mage Knight Solo Conquest: the player scores, yet the game has no winner
    text = _printed(Result(scores=(12, 0), winners=(), turns=40))
    assert "No winner after 40 turns" in text and "Winners" not in text


def test_a_shared_victory_names_every_winner() -> None:
    text = _printed(Result(scores=(9, 9), winners=(0, 1), turns=30))
    assert "Winners (shared victory): Ann (human) and Bob (greedy) after 30 turns" in text
