"""The engine's content helpers: ids that players type, and entries named in errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from boardrules.engine import ContentError
from boardrules.engine.content import ContentId, entry_name, parse_entries


class _Entry(BaseModel):
    id: ContentId
    name: str


@pytest.mark.parametrize("bad", ["giant rat", "", "élite", "x²", "-lead", "rat!"])
def test_a_content_id_that_cannot_be_typed_is_refused_naming_file_entry_and_field(tmp_path: Path, bad: str) -> None:
    f = tmp_path / "things.toml"
    f.write_text(f'[[thing]]\nid = "ok-1"\nname = "Fine"\n\n[[thing]]\nid = "{bad}"\nname = "Broken"\n',
                 encoding="utf-8")
    with pytest.raises(ContentError) as err:
        parse_entries(f, "thing", _Entry)
    text = str(err.value)
    assert "things.toml" in text and "id" in text and "cannot be typed" in text
    assert ("#2" in text) if not bad.strip() else (bad in text)


def test_typable_ids_load() -> None:
    assert _Entry(id="giant-rat", name="Giant Rat").id == "giant-rat"
    assert _Entry(id="level_3.b+", name="x").id == "level_3.b+"


def test_an_entry_with_a_blank_id_is_named_by_its_position() -> None:
    assert entry_name({"id": ""}, 4) == "#4"
    assert entry_name({"id": "  "}, 2) == "#2"
    assert entry_name({"id": " rat "}, 2) == "' rat '"
    assert entry_name({"name": "Rat"}, 3, ("id", "name")) == "Rat"
    assert entry_name(["not", "a", "table"], 5) == "#5"
