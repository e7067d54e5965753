"""The docs stay true: every test a rules-coverage table names exists, and every rule test of
a game is in its table."""

from __future__ import annotations

import re
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# game docs folder: (test file prefix, test files that are not rule tests (patterns), fewest tests named)
GAMES = {
    "meeples-and-monsters": ("test_mm_", ("test_mm_properties.py", "test_mm_content.py"), 150),
    "small-world": ("test_sw_", ("test_sw_properties.py", "test_sw_content.py", "test_sw_cli.py"), 40),
    "mage-knight": ("test_mk_", ("test_mk_properties.py", "test_mk_content.py"), 80),
    "heroscape": ("test_hs_", ("test_hs_properties.py", "test_hs_content.py", "test_hs_cli.py", "test_hs_render.py"),
                  100),
    # Heroes IV's battle tests (test_h4_battle*.py) have their coverage table in docs/heroes-iv/battle.md
    "heroes-iv": ("test_h4_", ("test_h4_properties.py", "test_h4_content.py", "test_h4_render.py", "test_h4_battle*.py",
                               "test_h4_cli.py"), 40),
}


def _defined_tests() -> set[str]:
    names: set[str] = set()
    for f in (ROOT / "tests").glob("test_*.py"):
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
    prefix, skip, _ = GAMES[game]
    named = _named(game)
    rule_files = [f for f in (ROOT / "tests").glob(f"{prefix}*.py") if not any(fnmatch(f.name, p) for p in skip)]
    unlisted = sorted(
        n for f in rule_files for n in re.findall(r"^def (test_\w+)", f.read_text(), re.M) if n not in named
    )
    assert not unlisted, f"rule tests missing from {game}/coverage.md: {unlisted}"
