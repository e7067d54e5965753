"""The observation vectors (docs/research.md), for every game: equal views give equal vectors, one
length per set-up whatever the view, every number within its declared bound, fields written only
into their indices."""

from __future__ import annotations

import random

import numpy as np
import pytest
from env_games import declared

from boardrules.engine import Rng
from boardrules.engine.spaces import ActionSpaceError, Field, ObservationSchema, Part
from boardrules.envs import Encoding, observation_features, observation_vector
from boardrules.envs.encoding import OBSERVATION_SIZE
from boardrules.games import load_game

DECLARED = declared()


@pytest.mark.parametrize("game", DECLARED)
def test_equal_views_give_equal_observation_vectors(game: str) -> None:
    g = load_game(game)
    schema = g.observation_schema(2)
    assert schema is not None
    enc = Encoding(g, 2)
    s = g.new_state(2, 7)
    rng = random.Random(7)
    for step in range(200):
        d = g.decision(s)
        if d is None:
            break
        if step % 20 == 0:
            for player in (0, 1):
                # a determinized state differs from the real one only where the player cannot see
                twin = g.determinize(s, player, Rng(99 + step))
                assert g.view(twin, player) == g.view(s, player)
                a, b = enc.observe(g.view(s, player)), enc.observe(g.view(twin, player))
                assert a.shape == (schema.size,) and np.array_equal(a, b)
                assert np.array_equal(observation_vector(g.view(s, player)),
                                      observation_vector(g.view(twin, player)))
        g.apply(s, rng.choice(d.actions))
    assert not np.array_equal(enc.observe(g.view(s, 0)), enc.observe(g.view(g.new_state(2, 7), 0)))
    assert not np.array_equal(enc.observe(g.view(s, 0)), enc.observe(g.view(s, 1)))


@pytest.mark.parametrize("game", DECLARED)
@pytest.mark.parametrize("players", [2, 3])
def test_the_observation_has_one_length_per_set_up_whatever_the_view(game: str, players: int) -> None:
    g = load_game(game)
    schema = g.observation_schema(players)
    assert schema is not None
    assert len(schema.check({})) == schema.size
    odd = {"players": "odd", "regions": [None, 3], "figures": [{"figure": 1}], "city": [{"monsters": 5}],
           "turn": "x", "market": [{"coins": float("nan")}], "supply": {"peasant": None}}
    assert len(schema.check(odd)) == schema.size
    s = g.new_state(players, 3)
    rng = random.Random(3)
    for _ in range(100):
        d = g.decision(s)
        if d is None:
            break
        g.apply(s, rng.choice(d.actions))
    view = g.view(s, players - 1)
    assert schema.check(view) == schema.vector(view) and len(schema.vector(view)) == schema.size
    layout = schema.layout()
    assert [first for first, *_ in layout] == [sum(size for _, size, *_ in layout[:i]) for i in range(len(layout))]


@pytest.mark.parametrize("game", DECLARED)
def test_every_observation_number_has_a_declared_bound_that_random_games_keep(game: str) -> None:
    """No unbounded box: each number is bounded by a rule or clipped to a documented bound
    (docs/research.md, each game's section)."""
    g = load_game(game)
    schema = g.observation_schema(2)
    assert schema is not None and schema.unbounded() == []
    low, high = schema.low, schema.high
    assert len(low) == len(high) == schema.size and all(lo <= hi for lo, hi in zip(low, high, strict=True))
    s = g.new_state(2, 5)
    rng = random.Random(5)
    for step in range(300):
        d = g.decision(s)
        if d is None:
            break
        if step % 30 == 0:
            for seat in range(2):
                vec = schema.vector(g.view(s, seat))
                assert all(lo <= x <= hi for x, lo, hi in zip(vec, low, high, strict=True))
        g.apply(s, rng.choice(d.actions))
    odd = {"turn": 10**9, "round": -10**9, "players": [{"vp": 10**9, "coins": 10**9, "fame": 10**9}]}
    vec = schema.vector(odd)
    assert all(lo <= x <= hi for x, lo, hi in zip(vec, low, high, strict=True))  # clipped


def test_a_small_world_region_reads_into_its_documented_indices() -> None:
    schema = load_game("small-world").observation_schema(2)
    assert schema is not None
    first = {name: start for start, _, name, _ in schema.layout()}["regions"]
    races = len(load_game("small-world").t.races)
    region = {"owner": 1, "race": "orcs", "tokens": 3, "in_decline": True,
              "markers": ["fortress", "encampment", "encampment"]}
    vec = schema.vector({"regions": [{}, region]})
    width = 3 + races + 2 + 7  # owner (2 seats, Lost Tribes), race, tokens, in decline, 7 markers
    got = vec[first + width:first + 2 * width]
    assert got[:3] == [0.0, 1.0, 0.0]
    assert got[3:3 + races] == [1.0 if r.id == "orcs" else 0.0 for r in load_game("small-world").t.races]
    assert got[3 + races:] == [3.0, 1.0, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 0.0]
    assert not any(vec[first:first + width])


def test_a_field_writing_outside_its_indices_is_a_clear_error() -> None:
    def fill(v: object, out: list[float], at: int) -> None:
        out[at + 2] = 1.0

    bad = ObservationSchema("demo", (Field("turn", "the turn", Part(2, fill)),))
    with pytest.raises(ActionSpaceError, match="demo: field 'turn' writes outside its 2 numbers"):
        bad.check({})


def test_the_observation_vector_has_a_fixed_length_whatever_the_view() -> None:
    assert observation_vector({}).shape == (OBSERVATION_SIZE,)
    big = {"a": list(range(5000)), "b": {"c": "text", "d": [None, True, 1.5]}}
    assert observation_vector(big).shape == (OBSERVATION_SIZE,)
    assert observation_vector({"x": float("nan")})[...].sum() == 0.0
    view = {"turn": 3, "you": {"name": "Ann"}}
    features = observation_features(view)
    assert sorted(p for paths in features.values() for p in paths) == ["/turn", "/you/name=Ann"]
    vec = observation_vector(view)
    assert all(vec[i] != 0 for i in features)


def test_heroscapes_round_bound_is_the_rounds_options_limit() -> None:
    """Heroscape's observation bounds the rounds by the option's largest value, a copy of the
    game's constant (observation.py does not import the game class back)."""
    from boardrules.games.heroscape.game import MAX_ROUNDS
    from boardrules.games.heroscape.observation import MOST_ROUNDS

    assert MOST_ROUNDS == MAX_ROUNDS


def test_a_record_read_from_a_mapping_gives_what_its_parts_give_one_by_one() -> None:
    """spaces.record and the schema read an ``at`` part's entry themselves (one call fewer a
    part): the numbers are those of each part's own ``fill``, whatever the piece holds."""
    from boardrules.engine.spaces import (
        NUMBER,
        at,
        bounded,
        counts,
        items,
        keyed,
        multi_hot,
        number,
        one_hot,
        record,
        tally,
    )

    inner = record(at("a", number(9)), at("b", one_hot(["x", "y"])), one_hot([1, 2]))
    # the sparse parts (a false entry is skipped without calling them) and one that is not (one_hot)
    sparse = (at("t", tally(["x", "y"], 2)), at("m", multi_hot([1, 2])), at("c", counts(["x"])),
              at("k", keyed("id", ["x"], number(3))), at("bt", bounded(tally(["x"]), 5)), at("o", one_hot([0, ""])))
    parts = (at("n", number(5)), at(0, number(3)), at("sub", inner), at("list", items(2, inner)),
             number(4), at("missing", number(2)), at("u", NUMBER), at("w", number(3, -2)),
             at("deep", at("y", number(3))), *sparse)
    whole = record(*parts)
    pieces = [
        {"n": 3, 0: 2, "sub": {"a": 12, "b": "y"}, "list": [{"a": 1, "b": "x"}, None, {"a": 2}]},
        {"n": None, "sub": "not a mapping", "list": {"a": 1}},
        {"n": True, "sub": {"a": -1.5, "b": ["x"]}, "list": [[1], {"b": "y"}]},
        {"u": float("nan"), "w": -7, "n": 2**80, 0: "text"},
        {"u": 2.5, "w": float("inf"), "n": [1], 0: False},
        {"u": -3, "w": -1.25, "deep": {"y": 2}},
        {"deep": 5},
        {"t": [], "m": (), "c": {}, "k": [], "bt": 0, "o": 0, "list": []},
        {"t": "", "m": False, "c": None, "k": "", "bt": [], "o": ""},
        {"t": ["x", ["no key"], "x", "y", "x", {"x"}], "m": [1, 1.0, True, "1"], "c": {"x": 3, "y": 1},
         "k": [{"id": "x"}, {"id": ["x"]}, "x"], "bt": ("x", "x"), "o": None},
        {"t": {"y": 0, "x": 5}, "m": [[1], 2], "bt": [None, "x"]},
        {},
        [7, 8],
        5,
        None,
    ]
    for piece in pieces:
        expected = [0.0] * whole.size
        offset = 0
        for p in parts:
            p.fill(piece, expected, offset)  # each part alone, through its own filler
            offset += p.size
        got = [0.0] * whole.size
        whole.fill(piece, got, 0)
        assert got == expected, piece
    schema = ObservationSchema("t", [Field(f"f{i}", "", p) for i, p in enumerate(parts)])
    for piece in pieces[:12]:
        assert isinstance(piece, dict)
        assert schema.vector(piece) == schema.check(piece)


def test_a_tally_of_words_counts_them_around_an_item_that_is_no_word() -> None:
    """spaces.tally and multi_hot look words up all at once: an item that is no key (a list)
    finds nothing, and the words before and after it are counted as one by one."""
    from boardrules.engine.spaces import multi_hot, tally

    assert tally(["x", "y"], 2).read(["x", ["z"], "x", "y", "x"]) == [2.0, 1.0]
    assert tally(["x", "y"]).read([["z"], "y", {"y": 1}, "y"]) == [0.0, 2.0]
    assert multi_hot([1, 2]).read([1.0, 2, True]) == [1.0, 1.0]  # numbers: an int or a bool, as before
    assert multi_hot(["a"]).read({"a": 0, 1: 2}) == [1.0]  # a mapping: its keys
