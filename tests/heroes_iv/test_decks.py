"""Heroes IV deck building: a player's own decks from a file (``--option decks=FILE.toml``),
validated with the file, the entry and the field named (facts 5.1-5.2: the decks and the
starting forces of rules10)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from boardrules.cli import main
from boardrules.engine import ContentError
from boardrules.games.heroes_iv.content import default_content, with_decks
from boardrules.games.heroes_iv.game import HeroesIV

# a tournament deck of 60 (facts 5.1): Life's cards, more Units of each level
TOURNAMENT = {"haven": 2, "knight": 1, "priest": 1, "squire": 8, "crossbowman": 8, "pikeman": 7,
              "ballista": 7, "crusader": 5, "monk": 5, "champion": 3, "angel": 3, "gem-mine": 2,
              "gold-mine": 2, "longsword": 2, "tower-shield": 2, "shrine": 2}


def write(tmp_path: Path, cards: dict[str, int], alignment: str = "life", extra: str = "") -> Path:
    lines = ", ".join(f'{{ card = "{k}", copies = {n} }}' for k, n in cards.items())
    path = tmp_path / "mydecks.toml"
    path.write_text(f'[[deck]]\nalignment = "{alignment}"\nsource = "printed"\ncards = [{lines}]\n{extra}')
    return path


def owned(game: HeroesIV, seed: int, path: Path, seat: int = 0) -> Counter[str]:
    s = game.new_state(2, seed, {"alignments": "life,death", "decks": str(path)})
    p = s.players[seat]
    army = [k for a in s.armies if a.owner == seat for k in a.cards]
    return Counter(p.deck + p.hand + p.adventure + p.aside + p.discard + army)


def test_deck_building_a_players_tournament_deck_of_60_replaces_the_alignments_deck(tmp_path: Path) -> None:
    assert sum(TOURNAMENT.values()) == 60
    game = HeroesIV()
    path = write(tmp_path, TOURNAMENT)
    assert owned(game, 3, path) == Counter(TOURNAMENT)
    # the other alignment keeps the shipped deck
    death = default_content().decks[1]
    assert owned(game, 3, path, 1) == Counter({e.card: e.copies for e in death.cards})


def test_deck_building_is_seeded_and_reproducible(tmp_path: Path) -> None:
    game = HeroesIV()
    opts = {"alignments": "life,death", "decks": str(write(tmp_path, TOURNAMENT))}
    a, b = game.new_state(2, 9, opts), game.new_state(2, 9, opts)
    assert game.state_hash(a) == game.state_hash(b)
    assert a.players[0].deck != game.new_state(2, 10, opts).players[0].deck


@pytest.mark.parametrize(("change", "message"), [
    ({"dragon-lord": 1}, "no card 'dragon-lord' in the card files"),
    ({"skeleton": 2}, "'skeleton' is a death card: a deck holds one alignment's cards"),
    ({"haven": 0}, "no Town card: the starting forces need one (rules10)"),
    ({"knight": 0, "priest": 0}, "no Hero: the starting forces need one (rules10)"),
    ({"crusader": 0, "monk": 0}, "0 level-3 Units, fewer than the 1 of the starting forces"),
    ({"squire": 1, "crossbowman": 1, "pikeman": 1, "ballista": 1, "crusader": 1, "monk": 1, "gem-mine": 1,
      "gold-mine": 1, "longsword": 1, "tower-shield": 1, "shrine": 1, "champion": 1, "angel": 1}, "fewer than 40"),
])
def test_deck_building_a_bad_deck_names_the_file_the_entry_and_the_field(
        tmp_path: Path, change: dict[str, int], message: str) -> None:
    cards = {k: n for k, n in {**TOURNAMENT, **change}.items() if n}
    with pytest.raises(ContentError) as err:
        with_decks(default_content(), str(write(tmp_path, cards)))
    assert (err.value.file, err.value.entry, err.value.field) == ("mydecks.toml", "life", "cards")
    assert message in str(err.value)


def test_deck_building_two_decks_for_one_alignment_and_an_unknown_alignment_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, TOURNAMENT)
    twice = path.read_text()
    path.write_text(twice + twice)
    with pytest.raises(ContentError, match="mydecks.toml: entry 'life', field 'alignment': two decks"):
        with_decks(default_content(), str(path))
    with pytest.raises(ContentError, match="entry 'dragons', field 'alignment': no such alignment"):
        with_decks(default_content(), str(write(tmp_path, TOURNAMENT, "dragons")))
    path.write_text('[[deck]]\nalignment = "life"\nsource = "printed"\ncards = [{ card = "haven", copies = 99 }]\n')
    with pytest.raises(ContentError, match=r"entry 'life', field 'cards.0.copies'"):
        with_decks(default_content(), str(path))


def test_deck_building_the_observation_bounds_cover_the_larger_deck(tmp_path: Path) -> None:
    game = HeroesIV()
    opts = {"alignments": "life,death", "decks": str(write(tmp_path, TOURNAMENT))}
    schema = game.observation_schema(2, opts)
    assert schema.key != game.observation_schema(2).key and game.action_space(2, opts).key == schema.key
    s = game.new_state(2, 3, opts)
    vec = schema.check(game.view(s, 0))
    assert all(lo <= x <= hi for x, lo, hi in zip(vec, schema.low, schema.high, strict=True))
    assert schema.high != game.observation_schema(2).high  # bounds of the deck of 60, not the shipped 42


def test_deck_building_the_option_through_the_cli_and_the_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = write(tmp_path, TOURNAMENT)
    runner = CliRunner()
    ok = runner.invoke(main, ["play", "heroes-iv", "--seats", "human,greedy", "--seed", "2",
                              "--option", f"decks={path}", "--option", "alignments=life,death"], input="1\nquit\n")
    assert ok.exit_code == 0, ok.output
    save = (tmp_path / "boardrules-heroes-iv-2.json").read_text()
    assert '"decks": "' in save and "mydecks.toml" in save
    again = runner.invoke(main, ["play", "--load", "boardrules-heroes-iv-2.json"], input="quit\n")
    assert again.exit_code == 0, again.output
    bad = runner.invoke(main, ["play", "heroes-iv", "--seats", "greedy,greedy", "--option", "decks=nothere.toml"])
    assert bad.exit_code != 0 and "Traceback" not in bad.output
    assert "nothere.toml" in bad.output and "missing" in bad.output and len(bad.output.strip().splitlines()) == 1
    # a simulation stops before its first game
    path.write_text("not toml [")
    sim = runner.invoke(main, ["simulate", "heroes-iv", "-n", "2", "--option", f"decks={path}"])
    assert sim.exit_code != 0 and "Traceback" not in sim.output
    assert "option 'decks': mydecks.toml: entry '-': not valid TOML" in sim.output


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/urandom", "folder", "fifo"])
def test_deck_building_a_decks_file_that_is_not_a_regular_file_is_refused_by_name(
        tmp_path: Path, special: str) -> None:
    """``decks=/dev/zero`` was read until memory ran out (and a save naming it did the same to
    ``replay`` and ``play --load``): a content file is a regular file, read up to a limit."""
    import os

    if special == "folder":
        special = str(tmp_path)
    elif special == "fifo":
        special = str(tmp_path / "decks.toml")
        os.mkfifo(special)
    elif not os.path.exists(special):
        pytest.skip(f"no {special} here")
    with pytest.raises(ContentError, match="not a regular file") as refused:
        with_decks(default_content(), special)
    assert special in str(refused.value)
    result = CliRunner().invoke(main, ["simulate", "heroes-iv", "-n", "1", "--option", f"decks={special}"])
    assert result.exit_code != 0 and "Traceback" not in result.output and special in result.output


def test_deck_building_a_decks_file_too_large_to_be_one_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:
        f.truncate(64 << 20)  # sparse: 64 MB of zeros that take no room
    with pytest.raises(ContentError, match="larger than"):
        with_decks(default_content(), str(big))


def test_deck_building_a_save_keeps_the_decks_and_resumes_on_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save kept only the decks file's path: after the file was edited, ``--load`` replayed
    the actions on other decks and resumed another game, and a relative path could not be
    resumed from another folder. The save keeps the decks' text, the content version covers
    it, and the game resumes on the saved decks, saying so."""
    import json

    monkeypatch.chdir(tmp_path)
    write(tmp_path, TOURNAMENT)
    runner = CliRunner()
    ok = runner.invoke(main, ["play", "heroes-iv", "--seats", "human,greedy", "--seed", "2", "--option",
                              "decks=mydecks.toml", "--option", "alignments=life,death"], input="1\n1\nquit\n")
    assert ok.exit_code == 0, ok.output
    save = tmp_path / "boardrules-heroes-iv-2.json"
    data = json.loads(save.read_text())
    assert data["files"] == {"decks": (tmp_path / "mydecks.toml").read_text()}
    assert data["content_version"] == HeroesIV().with_option_files(data["files"]).content_version
    assert data["content_version"] != HeroesIV().content_version
    # the file is edited (another deck of 60), and the save is opened from another folder
    other = dict(TOURNAMENT, squire=7, pikeman=8)
    write(tmp_path, other)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    again = runner.invoke(main, ["play", "--load", str(save)], input="quit\n")
    assert again.exit_code == 0, again.output
    assert "the game resumes on the saved content" in again.output and "Warning" not in again.output
    assert runner.invoke(main, ["replay", str(save)]).exit_code == 0
    # a save whose kept decks were edited is refused by its content version
    data["files"]["decks"] = data["files"]["decks"].replace("copies = 8", "copies = 9", 1)
    (tmp_path / "edited.json").write_text(json.dumps(data))
    edited = runner.invoke(main, ["play", "--load", str(tmp_path / "edited.json")], input="quit\n")
    assert edited.exit_code != 0 and "content version" in edited.output and "Traceback" not in edited.output
