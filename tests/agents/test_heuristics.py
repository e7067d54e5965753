"""The games' heuristics (what the greedy agent and the search's cut-off rollouts value), from
hand-set positions: each values what the rulebook scores."""

from __future__ import annotations

import pytest
from hs_positions import game_with, position
from mm_positions import fresh, give_quest, quest

from boardrules.games import load_game
from boardrules.games.mage_knight.ai.heuristic import FAME
from boardrules.games.mage_knight.combat.phases import start_combat
from boardrules.games.mage_knight.combat.state import Hero
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.meeples_and_monsters.state import KNIGHT


def test_mm_ending_the_game_an_incomplete_quest_costs_its_penalty_in_the_final_turns() -> None:
    """ENDING THE GAME: "you will also lose VP at this point from any incomplete Quests"."""
    game, s = fresh()
    s.third_drawn = True
    before = game.heuristic(s, 0)
    give_quest(game, s, 0, "errand-of-honour")  # triggered, penalty 2
    assert game.heuristic(s, 0) == pytest.approx(before - 2)


def test_mm_a_quest_in_hand_early_is_a_chance_not_a_penalty() -> None:
    game, s = fresh()
    before = game.heuristic(s, 0)
    give_quest(game, s, 0, "errand-of-honour")
    assert game.heuristic(s, 0) > before


def test_mm_ending_the_game_an_end_of_game_quest_already_met_counts_its_vp() -> None:
    """End of Game Quests score when the game ends: met in the final turns, their VP count."""
    game, s = fresh()
    s.third_drawn = True
    give_quest(game, s, 0, "monster-hunter")  # defeat 6 Monsters: 5 VP, penalty 2
    short = game.heuristic(s, 0)
    s.players[0].defeated = [m for m, card in enumerate(game.t.monsters) if card.council is None][:6]
    assert game.heuristic(s, 0) == pytest.approx(short + 5 + 2)
    assert quest(game, "monster-hunter") in s.players[0].quests


def test_mm_level_up_early_a_hero_card_keeps_most_of_the_vp_paid_for_it() -> None:
    """Training Grounds: a level-up spends VP on a Hero card that fights for the rest of the
    game; early on it must not look like 3 VP thrown away (the search would never level up)."""
    game, s = fresh()
    p = s.players[0]
    p.vp = 10
    p.bag[KNIGHT] += 2
    before = game.heuristic(s, 0)
    p.levels[KNIGHT], p.vp = 2, 7  # the level 2 Knight Hero card costs 3 VP
    early = game.heuristic(s, 0)
    assert early > before - 1
    s.third_drawn = True  # in the final turns the VP paid is nearly gone
    late = game.heuristic(s, 0)
    p.levels[KNIGHT], p.vp = 1, 10
    assert late < game.heuristic(s, 0) - 2


def test_hs_winning_a_squad_card_scores_while_its_last_figure_stands() -> None:
    """Victory (rounds.result): a card scores all its points while any of its figures survives,
    so losing a squad's last figure costs more than losing its first."""
    game = game_with()

    def value(spaces: list[str]) -> float:
        s = position(game, [(0, "marro-warriors", spaces), (1, "syvarris", ["j3"])], active="syvarris")
        return game.heuristic(s, 0)

    full = value(["a1", "a2", "a3", "a4"])
    one_lost = value(["a1", "a2", "a3", "dead"])
    one_left = value(["a1", "dead", "dead", "dead"])
    none_left = value(["dead", "dead", "dead", "dead"])
    assert full - one_lost < one_left - none_left
    assert one_left - none_left > 0.4 * (full - none_left)


# -- Mage Knight: a combat's expected outcome ----------------------------------------------------
def _mk_fight(enemy: str, hand: list[str], site: str = "keep") -> tuple[MageKnight, MKState]:
    """A 2-player game with the first hero at a fight's start (the Ranged and Siege Attacks
    phase) against ``enemy`` at ``site``, holding ``hand``."""
    game = load_game("mage-knight")
    assert isinstance(game, MageKnight)
    m = game.new_state(2, 11)
    g = m.g
    p = g.players[0]
    p.hand, p.move_points = list(hand), 0
    g.combat = start_combat(game.t, [enemy], hero=Hero(2, 5, len(hand)), site=site,
                            site_fortified=site in ("keep", "mage-tower", "city"))
    g.combat.player = 0
    return game, m


def _without_combat(m: MKState) -> MKState:
    quiet = m.clone()
    quiet.g.combat = None
    return quiet


def test_mk_combat_a_fight_the_hand_cannot_win_costs_its_wounds() -> None:
    """Facts 5.8 (Greatest Beating): Guardsmen (armor 7, attack 3) against one card of attack 2:
    the Wounds are near certain, the Fame unlikely (a guard for any combat outlook to come:
    docs/agents.md, Heuristics)."""
    game, m = _mk_fight("guardsmen", ["rage"])
    assert game.heuristic(m, 0) < game.heuristic(_without_combat(m), 0) - FAME


def test_mm_lateness_is_counted_on_each_contents_own_monster_deck() -> None:
    """How late the game is (the share of the Monster deck drawn) comes from the deck of the
    contents played: contents with every Monster twice find the same game a third of the way
    on. A Tables made after another was dropped may take its address, and was answered with
    the dropped one's deck when the memo was keyed by id()."""
    from boardrules.games.meeples_and_monsters.content import default_content
    from boardrules.games.meeples_and_monsters.heuristics import lateness
    from boardrules.games.meeples_and_monsters.tables import Tables

    _, s = fresh(players=2)
    assert lateness(Tables(default_content()), s) == 0.0
    for _ in range(20):  # a freed Tables' address is soon taken again
        doubled = Tables(default_content())
        doubled.monsters = doubled.monsters * 2
        assert lateness(doubled, s) > 0.3
        del doubled
        assert lateness(Tables(default_content()), s) == 0.0
