"""The race to win on every board (Game.standing, shown by the terminal under the board): the
goal in one line, the clock, and a score per seat as the viewer may know it. The shared
check_view also checks, at every decision of the random property games, that a standing is told
and that determinize does not change it."""

from __future__ import annotations

import pytest
from random_play import check_standing

from boardrules.agents import RandomAgent
from boardrules.engine.frames import standing_text
from boardrules.games import load_game

COUNTS = {"meeples-and-monsters": 3, "small-world": 3, "heroscape": 2, "heroes-iv": 3, "mage-knight": 2}


def _clocks(name: str, players: int, seed: int) -> tuple[list[str], object, object]:
    g = load_game(name)
    s = g.new_state(players, seed, g.check_options(players, {}))
    agent, clocks = RandomAgent(seed), []
    while True:
        st = g.standing(s, 0)
        check_standing(st, players)
        if not clocks or clocks[-1] != st.clock:
            clocks.append(st.clock)
        d = g.decision(s)
        if d is None:
            return clocks, g, s
        g.apply(s, agent.act(g, s, d))


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_the_clock_runs_to_the_end_and_never_past_it(name: str) -> None:
    clocks, g, s = _clocks(name, COUNTS[name], 5)
    assert len(clocks) > 3 and "over" in clocks[-1]
    text = standing_text(g.standing(s, None), g.player_names(s), None).plain  # type: ignore[attr-defined]
    assert text.startswith("Goal: ") and "Scores: " in text


def test_heroes_iv_ends_in_round_12_of_12_not_13() -> None:
    clocks, _, _ = _clocks("heroes-iv", 2, 3)
    assert "round 12 of 12, the last" in clocks and clocks[-1] == "the game is over after round 12"


def test_small_world_shows_ones_own_coins_and_the_others_hidden() -> None:
    g = load_game("small-world")
    s = g.new_state(3, 1, g.check_options(3, {}))
    s.players[1].coins = 17
    assert g.standing(s, 1).scores == ("? coins, 0 Regions", "17 coins, 0 Regions", "? coins, 0 Regions")
    assert g.standing(s, None).scores[1] == "? coins, 0 Regions"


def test_meeples_and_monsters_counts_the_dark_council_then_the_last_turns() -> None:
    g = load_game("meeples-and-monsters")
    s = g.new_state(2, 1, g.check_options(2, {}))
    s.players[0].vp = 12
    st = g.standing(s, 0)
    assert st.scores == ("12 VP", "0 VP") and "Arrives cards 0 of 3 drawn" in st.clock
    s.final_turns_left = 1
    assert g.standing(s, 0).clock.endswith("the last turn of the game")


def test_mage_knight_tells_the_fame_to_the_next_level_and_the_scenarios_end() -> None:
    g = load_game("mage-knight")
    s = g.new_state(2, 1, g.check_options(2, {"scenario": "full-conquest"}))
    s.g.players[1].fame = 5
    st = g.standing(s, 0)
    assert st.scores[1] == "5 Fame (level 1, 0 to level 2)"  # level 2 is reached at the turn's end
    assert "every city falls" in st.goal and "city points" in st.goal
    assert st.clock == "round 1 of 6 (day)"
