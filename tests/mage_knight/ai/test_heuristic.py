"""Mage Knight's greedy heuristic (ai/heuristic.py) from hand-set positions, and the balance tags of
the simulation report."""

from __future__ import annotations

from boardrules.agents import GreedyAgent
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.combat.phases import start_combat
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.mage_knight.map.exploring import next_to, open_positions
from boardrules.games.mage_knight.map.hexes import in_shape
from boardrules.games.mage_knight.map.movement import terrain_cost
from boardrules.sim import GameRecord, count_summary, play_one

GAME = MageKnight()


def first_turn() -> MKState:
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    return s


def test_heuristic_fame_counts_most_and_a_wound_counts_against() -> None:
    s = first_turn()
    me = s.g.current
    base = GAME.heuristic(s, me)
    s.g.players[me].fame += 1
    more_fame = GAME.heuristic(s, me)
    s.g.players[me].hand.append(WOUND)
    wounded = GAME.heuristic(s, me)
    assert more_fame > base + 50
    assert wounded < more_fame


def test_greedy_explores_when_next_to_an_open_tile_position_with_the_move_to_pay() -> None:
    """First Reconnaissance "Special": each tile revealed is +1 Fame, so the greedy player explores."""
    s = first_turn()
    me = s.g.current
    g = s.g
    spot = next(h for grid in open_positions(g) if in_shape(g.shape, grid)
                for h in sorted(g.spaces) if next_to(h, grid) and terrain_cost(GAME.t, g, h) is not None
                and not g.enemies.get(h))
    g.players[me].position = spot
    g.players[me].move_points = 2
    s.cached = None
    d = GAME.decision(s)
    assert d is not None and any(a.name == "explore" for a in d.actions)
    chosen = GreedyAgent(3).act(GAME, s, d)
    assert chosen.name == "explore"


def test_greedy_heuristic_a_combat_against_a_summoner_is_a_threat_not_a_way_off_the_map() -> None:
    """ENEMY TOKEN ABILITIES "Summon Attack": the summoned token attacks, so a combat against
    Orc Summoners threatens Wounds (the greedy player challenged them turn after turn when the
    summon counted as no attack and a combat hid the distance to the next tile)."""
    s = first_turn()
    me = s.g.current
    before = GAME.heuristic(s, me)
    s.g.combat = start_combat(GAME.t, ["orc-summoners"], rampaging=True, player=me)
    assert GAME.heuristic(s, me) < before - 100


def test_balance_tags_name_the_hero_every_tactic_taken_and_the_scenario() -> None:
    s = GAME.new_state(2, 5, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[-1])
    s.g.players[0].tactics_taken.insert(0, "mana-search")  # as if taken in an earlier round
    tags = GAME.balance_tags(s)
    assert tags[0][0] == "hero:Tovak" and tags[1][0] == "hero:Goldyx"
    assert "tactic:Mana Search" in tags[0]
    assert f"tactic:{GAME.t.tactic[s.g.players[1].tactic].name}" in tags[1]
    assert all("scenario:First Reconnaissance" in t for t in tags)


def test_sites_conquered_by_type_are_the_shields_on_the_map() -> None:
    s = first_turn()
    g = s.g
    by_site: dict[str, list[tuple[int, int]]] = {}
    for h, (tile, k) in sorted(g.spaces.items()):
        site = GAME.t.tile[tile].hexes[k].site
        if site:
            by_site.setdefault(site, []).append(h)
    site, spaces = next(iter(sorted(by_site.items())))
    g.shields[spaces[0]] = [1, 0]
    counts = GAME.balance_counts(s)
    assert counts[0] == {f"site:{site}": 1, "mean:Fame": 0} and counts[1] == {f"site:{site}": 1, "mean:Fame": 0}


def test_simulation_records_and_sums_the_counts() -> None:
    rec = play_one(GAME, ["random", "random"], 7)
    assert rec.finished and len(rec.counts) == 2
    fake = [GameRecord(0, 1, ("a", "b"), (0,), (3, 1), 10, 100, counts=((("site:keep", 2),), ())),
            GameRecord(1, 2, ("a", "b"), (1,), (1, 3), 10, 100, counts=((("site:keep", 1),), (("site:tomb", 1),)))]
    rows = {x.key: x for x in count_summary(fake)}
    assert rows["site:keep"].total == 3 and rows["site:keep"].mean == 0.75 and rows["site:keep"].share == 0.5
    assert rows["site:tomb"].total == 1 and rows["site:tomb"].share == 0.25
    assert fake[0].to_json()["counts"] == [{"site:keep": 2}, {}]


def test_greedy_heuristic_the_turns_end_begun_keeps_no_move_points() -> None:
    """Facts 5.7 (the end of the turn): once the discarding play begins, the Move points gathered
    are lost, so the position is worth less than with them; before, ending the turn so looked as
    good as the position and beat every step."""
    s = first_turn()
    p = s.g.current
    d = GAME.decision(s)
    assert d is not None
    GAME.apply(s, next(a for a in d.actions if a.text == "play stamina basic"))
    assert s.g.players[p].move_points == 2
    d = GAME.decision(s)
    assert d is not None
    end = next((a for a in d.actions if a.name == "end-turn-discard"), None)
    assert end is not None, [a.text for a in d.actions]
    assert GAME.heuristic(GAME.successor(s, end), p) < GAME.heuristic(s, p)
