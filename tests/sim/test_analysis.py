"""What the designer's tables say (issue 28), from hand-set records: split by agent, the tags
that tell nothing left out, each pairing once, turn order, margins, lengths, score by turn."""

from __future__ import annotations

from boardrules.sim import GameRecord
from boardrules.sim import analysis as an


def rec(index: int, winners: tuple[int, ...], scores: tuple[int, ...], tags: tuple[tuple[str, ...], ...] = (),
        seats: tuple[str, ...] = ("random", "random"), order: tuple[int, ...] = (), turns: int = 5,
        rounds: tuple[tuple[int, ...], ...] = ()) -> GameRecord:
    return GameRecord(index, 1000 + index, seats, winners, scores, turns, 10 * turns, tags=tags, order=order,
                      rounds=rounds)


MIXED = ("greedy", "random")


def test_balance_is_split_by_agent_when_the_seats_differ() -> None:
    records = [
        rec(0, (0,), (9, 1), (("race:Orcs",), ("race:Elves",)), MIXED),
        rec(1, (0,), (9, 1), (("race:Elves",), ("race:Orcs",)), MIXED),
        rec(2, (1,), (1, 9), (("race:Orcs",), ("race:Elves",)), MIXED),
    ]
    assert an.mixed_agents(records) and an.agents_of(records) == ["greedy", "random"]
    split = an.balance_by_agent(records)
    assert list(split) == ["greedy", "random"]
    greedy = {x.name: (x.wins, x.games) for x in split["greedy"]}
    random = {x.name: (x.wins, x.games) for x in split["random"]}
    assert greedy == {"Orcs": (1, 2), "Elves": (1, 1)}
    assert random == {"Elves": (1, 2), "Orcs": (0, 1)}
    assert [(r.label, r.wins, r.games) for r in an.by_agent(records)] == [("greedy", 2, 3), ("random", 1, 3)]


def test_one_agent_in_every_seat_keeps_one_table() -> None:
    records = [rec(0, (0,), (2, 1), (("race:Orcs",), ("race:Elves",)))]
    assert not an.mixed_agents(records) and list(an.balance_by_agent(records)) == [""]


def test_tags_that_tell_nothing_are_left_out_and_each_pairing_listed_once() -> None:
    tags = [
        (("general:Jandar", "army:Mimring", "pairing:Mimring vs Syvarris"),
         ("general:Jandar", "army:Syvarris", "pairing:Syvarris vs Mimring")),
        (("general:Jandar", "army:Mimring", "pairing:Mimring vs Grimnak"),
         ("general:Jandar", "army:Grimnak", "pairing:Grimnak vs Mimring")),
    ]
    records = [rec(0, (0,), (5, 0), tags[0]), rec(1, (1,), (0, 5), tags[1])]
    rows = an.balance_by_agent(records)[""]
    keep, left = an.informative(rows, records)
    assert sorted(x.tag for x in keep) == ["army:Grimnak", "army:Syvarris", "pairing:Grimnak vs Mimring",
                                           "pairing:Mimring vs Syvarris"]
    why = {x.tag: (x.why, x.seat) for x in left}
    assert why == {"general:Jandar": (an.EVERY_SEAT, -1), "army:Mimring": (an.ONE_SEAT, 0),
                   "pairing:Syvarris vs Mimring": (an.MIRROR, -1), "pairing:Mimring vs Grimnak": (an.MIRROR, -1)}
    lines = an.left_out_lines(left)
    assert lines[0].startswith("every seat had it") and "general: Jandar" in lines[0]
    assert "army: Mimring (seat 1)" in lines[1] and lines[2].startswith("2 pairings")
    kept, _ = an.informative(rows, records, mirrors=False)  # one agent's rows: B vs A is another match-up
    assert "pairing:Syvarris vs Mimring" in {x.tag for x in kept}


def test_the_turn_order_table_counts_places_not_seats() -> None:
    records = [
        rec(0, (1,), (0, 3), order=(1, 0)),  # seat 2 played first and won
        rec(1, (0,), (3, 0), order=(0, 1)),  # seat 1 played first and won
        rec(2, (0,), (3, 1), order=(1, 0)),  # the second to play won
    ]
    rates = an.by_turn_order(records)
    assert [(r.label, r.wins, r.games) for r in rates] == [("1st to play", 2, 3), ("2nd to play", 1, 3)]
    assert rates[0].seed == 1000  # a game the first player won, to replay
    no_order = an.by_turn_order([rec(0, (0,), (3, 0))])  # seat order
    assert [(r.label, r.wins) for r in no_order] == [("1st to play", 1), ("2nd to play", 0)]


def test_margins_lengths_and_the_score_by_turn() -> None:
    records = [
        rec(0, (0,), (10, 4, 7), seats=("random",) * 3, turns=2, rounds=((2, 1, 3), (10, 4, 7))),
        rec(1, (1, 2), (1, 6, 6), seats=("random",) * 3, turns=1, rounds=((1, 6, 6),)),
        rec(2, (0, 1, 2), (5, 5, 5), seats=("random",) * 3),
        GameRecord(3, 9, ("random",) * 3, (), (), 7, 70, finished=False, error="no end"),
    ]
    assert an.margins(records) == [3, 5, 0]
    assert an.score_by_turn(records) == [[1.5, 10.0], [3.5, 4.0], [4.5, 7.0]]
    assert an.histogram([1, 2, 2, 9], bins=4) == [(1, 3, 3), (4, 6, 0), (7, 9, 1)]
    assert an.histogram([]) == []


def test_a_row_names_a_game_to_replay() -> None:
    records = [rec(0, (1,), (0, 3), (("race:Orcs",), ("race:Elves",))),
               rec(1, (0,), (3, 0), (("race:Orcs",), ("race:Elves",)))]
    assert an.tag_seed(records, "race:Orcs") == 1001  # the game Orcs won
    assert an.tag_seed(records, "race:Dwarves") is None
    assert an.replay_command("small-world", ("greedy", "ismcts:iterations=5"), 42, {"map": "two players"}) == (
        "boardrules play small-world --seats greedy,ismcts:iterations=5 --seed 42 --option 'map=two players'")
