"""Using skills (facts 3.5): once a turn, once a round, through the cards' interpreter."""

from __future__ import annotations

import pytest

from boardrules.engine import Event, IllegalActionError
from boardrules.games.mage_knight.content import default_content
from boardrules.games.mage_knight.game_state import GameState
from boardrules.games.mage_knight.skills.using import turn_skills_face_up, use_skill

T = default_content()


def state(*skills: str, night: bool = False) -> GameState:
    s = GameState(players=2)
    s.night = night
    s.players[0].skills = list(skills)
    return s


def refused(s: GameState, skill: str, **kw) -> IllegalActionError:  # type: ignore[no-untyped-def]
    before = s.to_json()
    with pytest.raises(IllegalActionError) as info:
        use_skill(T, s, 0, skill, [], **kw)
    assert s.to_json() == before
    assert info.value.rule in ("Using Skills", "Playing cards")
    return info.value


def test_using_skills_once_a_turn_face_up_again_at_the_end_of_the_turn() -> None:
    s = state("dark-paths")
    use_skill(T, s, 0, "dark-paths", [], option=1)
    assert s.players[0].move_points == 1
    assert "already used this turn" in refused(s, "dark-paths", option=1).reason
    turn_skills_face_up(T, s, 0)
    use_skill(T, s, 0, "dark-paths", [], option=1)
    assert s.players[0].move_points == 2


def test_using_skills_a_day_or_night_option_only_at_its_time() -> None:
    s = state("dark-paths", night=True)
    assert "only used day" in refused(s, "dark-paths", option=1).reason
    use_skill(T, s, 0, "dark-paths", [], option=2)
    assert s.players[0].move_points == 2


def test_using_skills_once_a_round_stays_face_down_after_the_turn() -> None:
    s = state("dark-fire-magic")
    events: list[Event] = []
    use_skill(T, s, 0, "dark-fire-magic", events, option=1)
    assert s.players[0].crystals["red"] == 1 and s.players[0].mana["red"] == 1
    turn_skills_face_up(T, s, 0)
    assert "already used this round" in refused(s, "dark-fire-magic").reason


def test_using_skills_motivation_token_only_for_the_least_fame() -> None:
    s = state("arythea-motivation")
    s.players[0].deck = ["march", "rage", "stamina"]
    s.players[1].fame = 3
    use_skill(T, s, 0, "arythea-motivation", [])
    assert s.players[0].hand == ["stamina", "rage"] and s.players[0].mana["red"] == 1
    s2 = state("arythea-motivation")
    s2.players[0].fame = 5
    use_skill(T, s2, 0, "arythea-motivation", [])
    assert s2.players[0].mana["red"] == 0


def test_using_skills_only_your_own_not_passive_ones() -> None:
    assert "do not have" in refused(state(), "dark-paths").reason
    assert "always in effect" in refused(state("bonds-of-loyalty"), "bonds-of-loyalty").reason


def test_using_skills_glittering_fortune_influence_per_crystal_colour_in_an_interaction() -> None:
    s = state("glittering-fortune")
    s.players[0].crystals.update(red=2, white=1)
    assert "interaction" in refused(s, "glittering-fortune").reason
    s.players[0].interacting = True
    use_skill(T, s, 0, "glittering-fortune", [])
    assert s.players[0].influence_points == 2
