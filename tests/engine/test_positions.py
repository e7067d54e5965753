"""The engine's part of positions (engine/positions.py, Game.load_position): the envelope, one
error type naming the field, scripted randomness, and games without a format refusing clearly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardrules.engine import PositionError, Rng, ScriptedRng, Session, replay_from_data
from boardrules.engine.positions import json_path, read_position, shown
from boardrules.games import GAMES, load_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "positions"


def test_a_game_without_a_format_refuses_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game("small-world")
    monkeypatch.setattr(game, "position_format", lambda: None)  # as a game without one yet
    with pytest.raises(PositionError, match="Small World has no position format yet"):
        game.load_position({"game": "small-world", "players": 2})


@pytest.mark.parametrize("data, field", [
    ({"game": "heroscape", "players": 2}, "game"),
    ({"game": "meeples-and-monsters", "players": "2"}, "players"),
    ({"game": "meeples-and-monsters", "players": 9}, "players"),
    ({"game": "meeples-and-monsters", "players": 2, "seed": -1}, "seed"),
    ({"game": "meeples-and-monsters", "players": 2, "seed": 10 ** 400}, "seed"),
    ({"game": "meeples-and-monsters", "players": 2, "options": {"expansion": "moon"}}, "options"),
    ({"game": "meeples-and-monsters", "players": 2, "options": {"expansion": 3}}, "options"),
    ({"game": "meeples-and-monsters", "players": 2, "rng": [1]}, "rng"),
    ({"game": "meeples-and-monsters", "players": 2, "colour": "red"}, "colour"),
])
def test_the_envelope_is_checked_naming_the_field(data: dict[str, object], field: str) -> None:
    with pytest.raises(PositionError) as info:
        load_game("meeples-and-monsters").load_position(data)
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: ")


def test_a_huge_number_is_described_not_printed() -> None:
    with pytest.raises(PositionError) as info:
        load_game("meeples-and-monsters").load_position({"game": "meeples-and-monsters", "players": 10 ** 300})
    assert "digits" in str(info.value) and len(str(info.value)) < 200


def test_odd_unicode_is_escaped_in_errors() -> None:
    text = shown("kni\u202eght\x00")
    assert "\u202e" not in text and "\x00" not in text


def test_json_paths() -> None:
    assert json_path(("seats", 1, "tavern", "knigth")) == "seats[1].tavern.knigth"


def test_a_script_answers_first_then_the_seeded_generator() -> None:
    plain, scripted = Rng(5), ScriptedRng(5, 0, [3, "knight", 1], "dice")
    assert scripted.below(6) == 3
    assert scripted.named() == "knight"
    assert scripted.below(2) == 1
    assert scripted.to_json() == plain.to_json()[:1] + [3]  # spent: the plain generator, 3 draws
    assert scripted.below(100) == plain.below(100)


def test_a_scripted_value_that_does_not_fit_names_its_entry() -> None:
    scripted = ScriptedRng(0, 0, [1, 17], "dice")
    scripted.below(6)
    with pytest.raises(PositionError, match=r"^dice\[1\]: "):
        scripted.below(6)


def test_a_scripted_generator_round_trips_through_json() -> None:
    scripted = ScriptedRng(9, 4, [2, "mage"], "draws", 1)
    again = Rng.from_json(scripted.to_json())
    assert isinstance(again, ScriptedRng) and again.to_json() == scripted.to_json()


@pytest.mark.parametrize("text, message", [
    ("{", "invalid JSON"), ("[1]", "expected a JSON object"), ("1" * 5000, "too long"),
])
def test_a_bad_file_is_named(tmp_path: Path, text: str, message: str) -> None:
    p = tmp_path / "pos.json"
    p.write_text(text)
    with pytest.raises(PositionError, match=message) as info:
        read_position(p)
    assert str(info.value).startswith(str(p))


def test_a_game_from_a_position_is_saved_and_resumed_with_it() -> None:
    data = json.loads((DOCS / "heroscape.json").read_text())
    game = load_game("heroscape")
    session = Session(game, data["seed"], data["players"], data["options"], ["greedy", "greedy"], position=data)
    d = session.decision
    assert d is not None
    session.play(d.actions[0])
    replay = session.replay_data()
    assert replay["position"] == data
    again = replay_from_data(game, json.loads(json.dumps(replay)))
    assert game.state_hash(again.state) == game.state_hash(session.state)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_an_example_in_the_docs_that_loads(name: str) -> None:
    """docs/positions/GAME.json is the game's own example, and it loads to a game that asks a
    question (each game's own test_positions plays it on and dumps it back)."""
    data = read_position(DOCS / f"{name}.json")
    game = load_game(name)
    assert data == game.position_example()
    assert game.decision(game.load_position(data)) is not None
