"""Broken content for the content tests: a copy of a game's shipped content folder with one
text replaced in one file, to load and see refused."""

from __future__ import annotations

import shutil
from pathlib import Path


def broken_copy(content_dir: Path, tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of ``content_dir`` under ``tmp_path`` with the first ``old`` in ``file`` replaced
    by ``new`` (``old`` must be there, so that a test breaking nothing fails)."""
    d = tmp_path / "content"
    shutil.copytree(content_dir, d)
    text = (d / file).read_text()
    assert old in text, f"{old!r} is not in {file}"
    (d / file).write_text(text.replace(old, new, 1))
    return d
