"""The Mage Knight audit stays true: every test that ``docs/mage-knight/audit*.md`` names (part 1,
the sites; part 2, the tiles, enemy abilities, Unit resistances and the issue's points) exists as
a test function under ``tests/`` (the tests an audit adds are in ``coverage.md``: the docs test
checks every Mage Knight rule test is)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "mage-knight"


def _defined_tests() -> set[str]:
    names: set[str] = set()
    for f in (ROOT / "tests").rglob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", f.read_text(), re.M)) | {f.stem}  # a file named too
    return names


def _named_in(path: Path) -> set[str]:
    return set(re.findall(r"`(test_\w+)`", path.read_text()))


def test_audit_docs_name_only_existing_tests() -> None:
    """Issue 11 ("every sentence ... with a test naming it"): the audit tables cite tests by their
    exact names; a renamed or removed test makes a table lie, so it fails here."""
    audits = sorted(DOCS.glob("audit*.md"))
    assert {a.name for a in audits} >= {"audit.md", "audit-2.md"}
    defined = _defined_tests()
    for doc in audits:
        named = _named_in(doc)
        assert named, f"{doc.name} names no test"
        missing = sorted(named - defined)
        assert not missing, f"{doc.name} names tests that do not exist: {missing}"
