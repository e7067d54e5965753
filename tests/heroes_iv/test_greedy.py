"""The greedy agent on the map (heuristics.py, issue 27): from hand-set positions it spends a full
hand, walks to a goal it can reach without stepping back, keeps its Hero out of fights it would
likely lose; over seeded games its habits stay under a bound (habits.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from boardrules.agents import GreedyAgent, RandomAgent
from boardrules.engine import Rng
from boardrules.games.heroes_iv import HeroesIV
from boardrules.games.heroes_iv.habits import HAND_FULL, Habits, watch
from boardrules.games.heroes_iv.heuristics import heuristic, win_chance
from boardrules.games.heroes_iv.state import H4State

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "positions" / "heroes-iv.json"
GAME = HeroesIV()
KNIGHTS = ["knight", "squire", "squire", "pikeman", "crusader"]


def _position(**change: Any) -> H4State:
    data = json.loads(EXAMPLE.read_text())
    data.update(change)
    return GAME.load_position(data)


def _bare(stage: str, armies: list[dict[str, Any]], spaces: dict[str, Any]) -> H4State:
    """Seat 0 to play with nothing in hand (so no undefined space is worth scouting)."""
    seats = [{"hand": [], "adventure": [], "aside": [], "artifacts": {}}, {"hand": ["imp"], "adventure": [], "aside": []}]
    return _position(stage=stage, armies=armies, spaces=spaces, seats=seats)


def _play_turn(s: H4State, seat: int = 0) -> list[str]:
    """Seat's greedy choices until its turn ends; the texts played."""
    agent, played = GreedyAgent(1), []
    while s.current == seat and not s.over:
        d = GAME.decision(s)
        assert d is not None
        a = agent.act(GAME, s, d)
        played.append(a.text)
        GAME.apply(s, a)
    return played


def test_greedy_spends_a_full_hand_at_its_town_rather_than_holding_it() -> None:
    hand = ["squire", "squire", "pikeman", "pikeman", "crusader", "monk", "sawmill", "ballista", "squire"]
    s = _position(stage="purchase", seats=[{"hand": hand, "adventure": [], "aside": []},
                                           {"hand": ["imp"], "adventure": [], "aside": []}])
    assert len(hand) >= HAND_FULL
    agent = GreedyAgent(1)
    while s.stage in ("purchase", "pay"):
        d = GAME.decision(s)
        assert d is not None
        GAME.apply(s, agent.act(GAME, s, d))
    assert len(s.players[0].hand) < HAND_FULL
    assert len(s.spaces[9].under) >= 3  # the Monk there before, and two bought waiting under the Haven


def test_greedy_walks_to_a_location_it_can_claim_and_never_steps_back() -> None:
    s = _bare("move", [{"owner": 0, "hex": 10, "cards": KNIGHTS}, {"owner": 1, "hex": 28, "cards": ["skeleton"]}],
              {"9": {"card": "haven", "owner": 0}, "6": {"card": "gold-mine", "owner": 0},
               "28": {"card": "necropolis", "owner": 1}, "36": {"card": "sawmill"}})
    board = s.board
    assert board is not None
    army = s.army(1)
    assert army is not None and board.walk(10, 36) <= army.mp
    path, agent = [army.hex], GreedyAgent(1)
    while s.current == 0:
        d = GAME.decision(s)
        assert d is not None
        a = agent.act(GAME, s, d)
        GAME.apply(s, a)
        if a.name == "move":
            assert board.walk(army.hex, 36) < board.walk(path[-1], 36)  # each step nearer
            path.append(army.hex)
    assert len(set(path)) == len(path)  # no hex entered twice
    assert s.spaces[36].owner == 0  # and claimed it


def test_greedy_keeps_its_hero_out_of_a_fight_it_would_likely_lose() -> None:
    # the Guards at hex 6 are stronger than the Knight's stack: walking in is worse than waiting
    s = _bare("move", [{"owner": 0, "hex": 10, "cards": ["knight", "squire"]},
                       {"owner": 1, "hex": 28, "cards": ["skeleton"]}],
              {"9": {"card": "haven", "owner": 0}, "28": {"card": "necropolis", "owner": 1},
               "6": {"card": "gold-mine", "guards": ["bone-dragon", "vampire", "cerberus", "ghost", "vampire"], "guarding": 1}})
    played = _play_turn(s)
    assert "move 1 6" not in played
    assert s.army(1) is not None  # his stack, with its Hero, is still on the map


def test_greedy_attacks_guards_it_is_sure_to_beat() -> None:
    s = _bare("move", [{"owner": 0, "hex": 10, "cards": KNIGHTS}, {"owner": 1, "hex": 28, "cards": ["skeleton"]}],
              {"9": {"card": "haven", "owner": 0}, "28": {"card": "necropolis", "owner": 1},
               "6": {"card": "gold-mine", "guards": ["imp"], "guarding": 1}})
    played = _play_turn(s)
    assert played[0] == "move 1 6" and s.spaces[6].owner == 0


def test_a_battle_s_chance_grows_with_the_strength_against_it() -> None:
    assert win_chance(10, 10) < 0.5 < win_chance(15, 10) < win_chance(30, 10) < 1
    assert win_chance(5, 10) < 0.1


def test_greedy_judges_the_same_position_the_same_way_whatever_it_did_before() -> None:
    # no memory of where a stack has been: the heuristic reads the position alone
    a = _bare("move", [{"owner": 0, "hex": 14, "cards": KNIGHTS}], {"36": {"card": "sawmill"}})
    b = GAME.load_position(GAME.dump_position(a, 7, {"alignments": "life,death"}))
    assert heuristic(GAME.c, a, 0) == heuristic(GAME.c, b, 0)


def test_greedy_habits_stay_under_a_bound_over_seeded_games() -> None:
    both, alone = Habits(), Habits()
    for i in range(6):
        seed = Rng(900 + i).next64()
        watch(GAME, GAME.c, GAME.new_state(2, seed), [GreedyAgent(seed), GreedyAgent(seed + 1)], {0, 1}, both)
        seat = i % 2
        agents = [GreedyAgent(seed) if k == seat else RandomAgent(seed + k) for k in range(2)]
        watch(GAME, GAME.c, GAME.new_state(2, seed + 1), agents, {seat}, alone)
    for h in (both, alone):
        print(h)
        assert h.games == 6 and h.turns > 0
        assert h.full_idle == 0  # never a full hand held with a purchase offered
        assert h.back_and_forth <= h.turns // 50
        assert h.heroes_lost <= h.seats // 2
    assert alone.wins >= 5


def _kill(s: H4State, side: int) -> None:
    """The top card of the side's first standing stack falls (as a kill does: battle_attack)."""
    assert s.battle is not None
    sd = s.battle.sides[side]
    st = next(x for x in sd.stacks if x.cards)
    sd.fallen.append(st.cards.pop(0).killed())


def test_a_battle_under_way_is_judged_by_what_each_side_has_left() -> None:
    # the map's cards change only when a battle ends: the heuristic reads the battle's fallen
    s = _bare("move", [{"owner": 0, "hex": 10, "cards": KNIGHTS}, {"owner": 1, "hex": 28, "cards": ["skeleton"]}],
              {"9": {"card": "haven", "owner": 0}, "28": {"card": "necropolis", "owner": 1},
               "6": {"card": "gold-mine", "guards": ["imp", "imp", "imp"], "guarding": 1}})
    d = GAME.decision(s)
    assert d is not None
    GAME.apply(s, next(a for a in d.actions if a.text == "move 1 6"))
    assert s.battle is not None and s.pending[-1][0] == "battle"
    begun = heuristic(GAME.c, s, 0)
    won_some, lost_some = s.clone(), s.clone()
    _kill(won_some, 1)
    _kill(lost_some, 0)
    _kill(lost_some, 0)
    assert heuristic(GAME.c, lost_some, 0) < begun < heuristic(GAME.c, won_some, 0)
