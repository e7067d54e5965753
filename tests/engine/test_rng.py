"""The seeded random generator: deterministic, counting its draws, in range, uniform enough."""

from __future__ import annotations

from boardrules.engine import Rng, ScriptedRng


def test_rng_is_deterministic_and_counts_draws() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    assert a.draws == 50
    c = a.copy()
    assert c.next64() == a.next64()


def test_rng_below_is_in_range_and_roughly_uniform() -> None:
    r = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_rng_shuffle_is_a_permutation() -> None:
    r = Rng(3)
    xs = list(range(20))
    r.shuffle(xs)
    assert sorted(xs) == list(range(20)) and xs != list(range(20))


def test_rng_weighted_index_never_picks_zero_weight() -> None:
    r = Rng(5)
    assert {r.weighted_index([0, 3, 0, 1]) for _ in range(200)} == {1, 3}


def test_a_named_draw_takes_the_first_entry_of_its_kind() -> None:
    """ScriptedRng.named_first: each draw takes the first entry it can draw; the others wait."""
    r = ScriptedRng(5, 0, ["green", "golems", "red"], "draws")
    assert r.named_first({"golems", "guardsmen"}) == "golems"
    assert r.named_first({"orcs"}) is None
    assert r.named_first(("red", "green")) == "green" and r.script == ("red",) and r.used == 2 and r.draws == 2
