"""The docs stay true: every test a rules-coverage table names exists, and every rule test of
a game is in its table."""

from __future__ import annotations

import re
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"

# game docs folder: (the game's test folder, its test files that are not rule tests (patterns),
# fewest tests named)
GAMES = {
    "meeples-and-monsters": ("meeples_and_monsters", ("test_properties.py", "test_content.py"), 150),
    "small-world": ("small_world", ("test_properties.py", "test_content.py", "test_cli.py"), 40),
    "mage-knight": ("mage_knight", ("test_random_combats.py", "test_content.py"), 80),
    "heroscape": ("heroscape", ("test_properties.py", "test_content.py", "test_cli.py", "test_render.py"), 100),
    # Heroes IV's battle tests (test_battle*.py) have their coverage table in docs/heroes-iv/battle.md
    "heroes-iv": ("heroes_iv", ("test_properties.py", "test_content.py", "test_render.py", "test_battle*.py",
                                "test_cli.py"), 40),
}


def _defined_tests() -> set[str]:
    names: set[str] = set()
    for f in TESTS.glob("**/test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", f.read_text(), re.M))
    return names


def _named(game: str) -> set[str]:
    table = (ROOT / "docs" / game / "coverage.md").read_text()
    return set(re.findall(r"`(test_\w+)`", table))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_coverage_table_names_only_existing_tests(game: str) -> None:
    named = _named(game)
    assert len(named) > GAMES[game][2]
    missing = sorted(named - _defined_tests())
    assert not missing, f"{game}/coverage.md names tests that do not exist: {missing}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_test_is_in_the_coverage_table(game: str) -> None:
    folder, skip, _ = GAMES[game]
    assert (TESTS / folder).is_dir(), f"tests/{folder}/ holds {game}'s rule tests"
    named = _named(game)
    rule_files = [f for f in (TESTS / folder).glob("**/test_*.py") if not any(fnmatch(f.name, p) for p in skip)]
    unlisted = sorted(
        n for f in rule_files for n in re.findall(r"^def (test_\w+)", f.read_text(), re.M) if n not in named
    )
    assert not unlisted, f"rule tests missing from {game}/coverage.md: {unlisted}"
