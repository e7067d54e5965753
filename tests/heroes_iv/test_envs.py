"""Heroes IV's research interfaces (docs/research.md "Heroes IV"): its action space, the same for
every state of a player count, and its observation vector, read only from a player's view, with
a declared bound for every number."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import boardrules
from boardrules.engine import Action, Rng
from boardrules.engine.spaces import ActionSpaceError
from boardrules.games import load_game
from boardrules.games.heroes_iv.action_space import map_sections, most_cards, slots
from boardrules.games.heroes_iv.battle_state import MAX_STACKS
from boardrules.games.heroes_iv.content import default_content
from boardrules.games.heroes_iv.game import HeroesIV
from boardrules.games.heroes_iv.state import H4State

# the second process imports the code under test (this checkout's), whatever is installed
SOURCE = str(Path(boardrules.__file__).resolve().parents[1])

GAME = HeroesIV(default_content())


def _within(schema_low: list[float], schema_high: list[float], vec: list[float]) -> list[int]:
    return [i for i, (x, lo, hi) in enumerate(zip(vec, schema_low, schema_high, strict=True)) if not lo <= x <= hi]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_legal_action_of_random_games_has_an_index_that_round_trips(players: int) -> None:
    space = GAME.action_space(players)
    assert space.digest == GAME.action_space(players, {"alignments": ""}).digest
    schema = GAME.observation_schema(players)
    low, high = schema.low, schema.high
    nvec = space.nvec
    names = set()
    s = GAME.new_state(players, players)
    rng = random.Random(players)
    while (d := GAME.decision(s)) is not None:
        indices = space.indices(d.actions)
        assert len(set(indices)) == len(indices)
        for a, i in zip(d.actions, indices, strict=True):
            assert space.action(i) == a
            parts = space.factored(a)
            assert len(parts) == len(nvec) and all(0 <= p < m for p, m in zip(parts, nvec, strict=True))
            assert space.from_factored(parts) == a
            names.add(a.name)
        if s.decisions % 25 == 0 or s.battle is not None and s.decisions % 5 == 0:
            for seat in range(players):
                assert _within(low, high, schema.check(GAME.view(s, seat))) == []
        GAME.apply(s, rng.choice(d.actions))
    assert {"attach", "start", "move", "end", "attack", "define", "pass"} <= names


def test_the_layout_is_the_same_in_a_second_process() -> None:
    here = [GAME.action_space(n).digest for n in (2, 3, 4, 5, 6)]
    code = ("from boardrules.games import load_game\ng = load_game('heroes-iv')\n"
            "for n in (2, 3, 4, 5, 6):\n print(g.action_space(n).digest, g.observation_schema(n).size)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "4321", "PYTHONPATH": SOURCE}).stdout.split()
    assert out[::2] == here
    assert [int(x) for x in out[1::2]] == [GAME.observation_schema(n).size for n in (2, 3, 4, 5, 6)]
    assert len(set(here)) == 5  # the map's sections and the Army Markers grow with the players


def test_the_map_bound_holds_every_section_the_game_attaches() -> None:
    """Set-up (rules10): one section a player and one more (ours), each attached next to one
    already placed, so the k-th lies within k - 1 slots of the first; a hex is a number below
    19 a section."""
    c = GAME.c
    assert [map_sections(c, n) for n in (2, 3, 6)] == [3, 4, 7]
    assert len(slots(3)) == 1 + 6 + 12 and "2:-2" in slots(3) and "3:0" not in slots(3)
    space = GAME.action_space(2)
    for text in ("attach -2:0", "start 56", "move 8 56"):
        assert space.action(space.index(Action.parse(text))) == Action.parse(text)
    with pytest.raises(ActionSpaceError, match=r"'57' is not among the 57 values of slot 1 of 'start'"):
        space.index(Action.parse("start 57"))
    with pytest.raises(ActionSpaceError, match=r"'3:0' is not among the 19 values of slot 1 of 'attach'"):
        space.index(Action.parse("attach 3:0"))


def test_army_markers_bound_the_army_actions_at_four_a_player() -> None:
    space = GAME.action_space(3)
    for text in ("move 12 0", "split 12 knight", "join 1 12", "give 12 1 wolf", "claim 12", "claim 1 knight"):
        assert space.action(space.index(Action.parse(text))) == Action.parse(text)
    with pytest.raises(ActionSpaceError, match=r"'13' is not among the 12 values of slot 1 of 'move'"):
        space.index(Action.parse("move 13 0"))


def test_battle_actions_reach_the_most_stacks_and_cards() -> None:
    """A side sets up at most MAX_STACKS Creature Stacks (ours); a stack holds at most every Hero
    and Unit card of the largest deck (swatting ``d2:N``); Hydras hit 3 stacks (errata)."""
    assert MAX_STACKS == 10 and most_cards(GAME.c) == 28
    space = GAME.action_space(2)
    for text in ("attack a10 d10:28", "attack d10 a1", "attack a1 town", "attack a3 d9 town", "attack d1 a2 a5 a10",
                 "attack a2 d1 d2 town", "support d3 d3", "shield a1 a10", "swarm d10", "advance a10", "no-shield"):
        assert space.action(space.index(Action.parse(text))) == Action.parse(text), text
    for text, value in (("attack a11 d1", "a11 d1"), ("attack a1 d1:29", "a1 d1:29"), ("attack d1 town", "d1 town"),
                        ("attack a1 a2", "a1 a2")):
        with pytest.raises(ActionSpaceError, match=f"'{value}' is not among"):
            space.index(Action.parse(text))


def _play(n: int, seed: int, until: int) -> H4State:
    s = GAME.new_state(n, seed)
    rng = random.Random(seed)
    for _ in range(until):
        d = GAME.decision(s)
        if d is None:
            break
        GAME.apply(s, rng.choice(d.actions))
    return s


def test_equal_views_give_equal_observation_vectors() -> None:
    schema = GAME.observation_schema(3)
    s = GAME.new_state(3, 11)
    rng = random.Random(11)
    checked = battles = 0
    for step in range(600):
        d = GAME.decision(s)
        if d is None:
            break
        if step % 20 == 0 or s.battle is not None and battles < 5:
            battles += s.battle is not None
            for player in range(3):
                twin = GAME.determinize(s, player, Rng(5 + step))
                assert GAME.view(twin, player) == GAME.view(s, player)
                vec = schema.check(GAME.view(s, player))
                assert vec == schema.vector(GAME.view(twin, player)) and len(vec) == schema.size
                checked += 1
        GAME.apply(s, rng.choice(d.actions))
    assert checked > 20 and battles > 0


def _field(players: int, name: str) -> tuple[int, int]:
    schema = GAME.observation_schema(players)
    return next((first, size) for first, size, field, _ in schema.layout() if field == name)


def test_the_observation_hides_what_the_view_hides_and_reads_a_stack_by_its_marker() -> None:
    s = _play(2, 4, until=40)
    schema = GAME.observation_schema(2)
    mine, theirs = schema.vector(GAME.view(s, 0)), schema.vector(GAME.view(s, 1))
    assert len(mine) == len(theirs) == schema.size and mine != theirs
    first, size = _field(2, "players")
    cards = len(GAME.c.heroes) + len(GAME.c.units) + len(GAME.c.towns) + len(GAME.c.locations) + len(GAME.c.artifacts)
    hand = first + len(GAME.c.alignments) + 1  # after the alignment and the deck
    assert sum(mine[hand:hand + cards]) == len(s.players[0].hand)
    assert sum(theirs[hand:hand + cards]) == 0 and theirs[hand + cards] == len(s.players[0].hand)
    # an Army Stack reads at the place of its marker: owner, then its hex
    armies, _ = _field(2, "armies")
    a = s.armies[0]
    hexes = map_sections(GAME.c, 2) * 19
    width = 2 + hexes + len(GAME.c.heroes) + len(GAME.c.units) + 2
    at = armies + (a.marker - 1) * width
    assert mine[at + a.owner] == 1.0 and mine[at + 2 + a.hex] == 1.0
    assert len(schema.check({"players": "odd", "armies": [None, {"marker": "x"}], "spaces": {"3": 4}})) == schema.size
    # with empty hands the seats still read apart: the observing seat is one-hot
    for p in s.players:
        p.hand, p.adventure = [], []
    you, _ = _field(2, "you")
    mine, theirs = schema.vector(GAME.view(s, 0)), schema.vector(GAME.view(s, 1))
    assert mine[you:you + 2] == [1.0, 0.0] and theirs[you:you + 2] == [0.0, 1.0]


def test_every_number_has_a_declared_bound_and_large_values_are_clipped_to_it() -> None:
    schema = GAME.observation_schema(2)
    assert schema.unbounded() == []
    first, _ = _field(2, "round")
    vec = schema.vector({"round": 99, "rounds": 12})
    assert vec[first] == schema.high[first] == 13.0
    assert all(-10 < lo <= hi < 1000 for lo, hi in zip(schema.low, schema.high, strict=True))


def test_docs_research_md_lists_heroes_ivs_layout() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "research.md").read_text(encoding="utf-8")
    g = load_game("heroes-iv")
    space, schema = g.action_space(2), g.observation_schema(2)
    assert f"(`{space.key}`)" in doc
    for first, size, what in space.layout():
        assert f"| {first}-{first + size - 1} | `{what}` |" in doc
    for first, size, name, meaning in schema.layout():
        assert f"| {name} | {first}-{first + size - 1} | {meaning} |" in doc
    sizes = ", ".join(f"{n} players: {g.action_space(n).size:,} actions, {g.observation_schema(n).size:,} numbers"
                      for n in (2, 3, 4, 5, 6))
    assert sizes in doc


def test_a_battle_cards_data_names_every_field_of_the_card() -> None:
    """Views copy each card of a battle (``Fighter.to_json``, written out by hand for speed):
    every field is there, and the card reads back."""
    from dataclasses import fields

    from boardrules.games.heroes_iv.battle_state import Fighter

    f = Fighter("wolf", "Wolf", "nature", 1, 2, 4, abilities=frozenset({"flight"}), morale=2)
    data = f.to_json()
    assert list(data) == [x.name for x in fields(Fighter)] and data["abilities"] == ["flight"]
    assert Fighter.from_json(data) == f
