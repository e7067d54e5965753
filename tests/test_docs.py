"""The docs stay true: every test the rules-coverage table names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _defined_tests() -> set[str]:
    names: set[str] = set()
    for f in (ROOT / "tests").glob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", f.read_text(), re.M))
    return names


def test_coverage_table_names_only_existing_tests() -> None:
    table = (ROOT / "docs" / "meeples-and-monsters" / "coverage.md").read_text()
    named = set(re.findall(r"`(test_\w+)`", table))
    assert len(named) > 150
    missing = sorted(named - _defined_tests())
    assert not missing, f"coverage.md names tests that do not exist: {missing}"


def test_every_rule_test_is_in_the_coverage_table() -> None:
    table = (ROOT / "docs" / "meeples-and-monsters" / "coverage.md").read_text()
    named = set(re.findall(r"`(test_\w+)`", table))
    rule_files = [f for f in (ROOT / "tests").glob("test_mm_*.py") if f.name not in
                  ("test_mm_properties.py", "test_mm_content.py")]
    unlisted = sorted(
        n for f in rule_files for n in re.findall(r"^def (test_\w+)", f.read_text(), re.M) if n not in named
    )
    assert not unlisted, f"rule tests missing from coverage.md: {unlisted}"
