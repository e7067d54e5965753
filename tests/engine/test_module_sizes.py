"""Files stay readable (issue 23): a module of ``src/boardrules`` over LIMIT lines says why at the
top of its docstring.

The marker: the first or second paragraph (paragraphs are separated by a blank line) of the
module's docstring starts with ``Long:`` followed by the reason, for example::

    \"\"\"Mage Knight's combat phases.

    Long: the four phases share one running total of attack and block; split, each would
    import the others.

    ...
    \"\"\"

A module that is long with no such reason should be split by the rulebook's sections instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "src" / "boardrules"
LIMIT = 600  # lines in the file
MARKER = "Long:"
MIN_REASON = 20  # characters after the marker: a reason, not just the word


def long_reason(source: str) -> str | None:
    """The reason a module gives for being long (the text of its ``Long:`` paragraph), or None."""
    doc = ast.get_docstring(ast.parse(source))
    if not doc:
        return None
    paragraphs = [p.strip() for p in doc.split("\n\n") if p.strip()]
    for paragraph in paragraphs[:2]:
        if paragraph.startswith(MARKER):
            reason = " ".join(paragraph[len(MARKER):].split())
            return reason if len(reason) >= MIN_REASON else None
    return None


def unexplained_long_modules(root: Path, limit: int = LIMIT) -> list[tuple[Path, int]]:
    out = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = len(source.splitlines())
        if lines > limit and long_reason(source) is None:
            out.append((path, lines))
    return out


def test_every_long_module_says_why_it_is_long() -> None:
    found = unexplained_long_modules(ROOT)
    if found:
        pytest.fail(f"{len(found)} module(s) over {LIMIT} lines without a '{MARKER}' paragraph at the top of "
                    "the docstring (split them, or say why they stay long):\n"
                    + "\n".join(f"  {p.relative_to(ROOT.parents[1])}: {n} lines" for p, n in found), pytrace=False)


def test_the_marker_is_read_from_the_top_of_the_docstring(tmp_path: Path) -> None:
    body = "x = 1\n" * 10
    files = {
        "explained.py": '"""Summary.\n\nLong: the four phases share one running total.\n"""\n' + body,
        "first.py": '"""Long: one table of every card, which reads best in one place."""\n' + body,
        "no_reason.py": '"""Summary.\n\nLong:\n"""\n' + body,
        "too_deep.py": '"""Summary.\n\nMore.\n\nLong: a reason given too far down to be seen.\n"""\n' + body,
        "no_doc.py": body,
        "short.py": "x = 1\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = [p.name for p, _ in unexplained_long_modules(tmp_path, limit=5)]
    assert found == ["no_doc.py", "no_reason.py", "too_deep.py"]
