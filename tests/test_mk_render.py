"""The terminal picture of Mage Knight (render.py), from hand-set states: it is drawn from the
viewer's view only, so what the viewer may not know never shows."""

from __future__ import annotations

import pytest
from rich.console import Console

from boardrules.agents import RandomAgent
from boardrules.engine import Action, Event
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.combat.phases import add_effect, start_combat
from boardrules.games.mage_knight.content_model import Effect
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import DUMMY, MKState, Token
from boardrules.games.mage_knight.map.hexes import neighbours

GAME = MageKnight()


def text(s: MKState, viewer: int | None) -> str:
    console = Console(record=True, width=200, color_system=None)
    console.print(GAME.render(s, viewer))
    return console.export_text()


def first_turn() -> MKState:
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    return s


def hero_space(s: MKState, player: int) -> tuple[int, int]:
    return s.g.players[player].position


def test_render_shows_the_map_around_the_hero_with_tokens_as_the_viewer_sees_them() -> None:
    s = first_turn()
    me = s.g.current
    near = [h for h in neighbours(hero_space(s, me)) if h in s.g.spaces]
    up, down = near[0], near[1]
    s.g.enemies[up] = [Token("cursed-hags", True)]
    s.g.enemies[down] = [Token("guardsmen", False)]
    s.cached = None
    out = text(s, me)
    assert f"{up[0]}:{up[1]}" in out and f"{down[0]}:{down[1]}" in out
    assert "Cursed Hags" in out  # face up: its name
    assert "face-down grey enemy" in out and "Guardsmen" not in out  # face down: only its colour
    assert "portal" in out and "Round 1" not in out and "round 1 of 3 (Day)" in out


def test_render_shows_your_hand_but_never_another_heros_hand_or_deck() -> None:
    s = first_turn()
    me, other = s.g.current, 1 - s.g.current
    s.g.players[me].hand = ["march", "rage"]
    artifact = next(c.id for c in GAME.t.cards if c.kind == "artifact")
    s.g.players[other].hand = [artifact]
    s.cached = None
    secret = GAME.t.card[artifact].name
    mine = text(s, me)
    assert "Your hand: March, Rage" in mine
    assert secret not in mine
    watcher = text(s, None)
    assert "Your hand" not in watcher and secret not in watcher
    assert f"Your hand: {secret}" in text(s, other)


def test_render_shows_fame_reputation_crystals_units_source_and_offers() -> None:
    s = first_turn()
    me = s.g.current
    p = s.g.players[me]
    p.fame, p.reputation = 7, -2
    p.crystals["blue"] = 2
    p.units = [["peasants", 1, False]]
    s.cached = None
    out = text(s, me)
    assert "Fame" in out and " 7 " in out and "-2" in out
    assert "2 blue" in out and "Peasants (1 wound)" in out
    assert "Source: die-1" in out
    assert "Units offer:" in out and "Spells offer:" in out and "Advanced Actions offer:" in out


def test_render_in_combat_shows_enemy_abilities_and_what_the_played_cards_add_up_to() -> None:
    s = first_turn()
    me = s.g.current
    c = start_combat(GAME.t, ["ironclads", "cursed-hags"], units=[("peasants", 0, False)], player=me)
    events: list[Event] = []
    add_effect(c, GAME.t, Effect(type="ranged", value=2, element="fire"), events=events)
    add_effect(c, GAME.t, Effect(type="ranged", value=3, element="fire"), events=events)
    add_effect(c, GAME.t, Effect(type="ranged", value=1), events=events)
    apply_combat(GAME.t, c, Action.parse("target 2"), events, s.g.rng)
    s.g.combat = c
    s.cached = None
    out = text(s, me)
    assert "Ranged and Siege Attacks phase" in out
    assert "Ironclads" in out and "physical" in out and "brutal" in out  # resistance and ability
    assert "Cursed Hags" in out and "poison" in out
    assert "fire ranged 5" in out and "ranged 1" in out  # the pool, summed by kind and element
    assert "target" in out and "Unit peasants-1: Peasants" in out


def test_render_shows_a_card_play_being_put_together_with_its_mana() -> None:
    s = first_turn()
    s.play = ["march", "powered", 1, ("green", "die-1")]
    assert "Being played: march powered 1 green die-1" in text(s, s.g.current)


def test_render_at_the_end_shows_the_final_scoring() -> None:
    s = GAME.new_state(2, 3, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None:
        GAME.apply(s, d.actions[-1])
    out = text(s, None)
    assert "game over" in out
    assert out.count(" in all (") == 2


def test_render_solo_conquest_shows_the_dummy_player_but_not_its_deck_order() -> None:
    s = GAME.new_state(1, 2, {"scenario": "solo-conquest"})
    assert s.g.dummy is not None
    out = text(s, 0)
    assert "Dummy player (" in out and "Solo Conquest" in out
    assert str(len(s.g.dummy.deck)) in out


def test_render_solo_conquest_the_dummy_player_announcing_the_end_of_the_round() -> None:
    """Facts 5.8 "Dummy player": with an empty deck it announces the End of the Round; the
    header names it (it is no seat: the render failed on its number)."""
    s = GAME.new_state(1, 2, {"scenario": "solo-conquest"})
    s.g.announced_by = DUMMY
    assert "the End of the Round is announced by the Dummy player" in text(s, 0)


@pytest.mark.parametrize(("scenario", "players"), [("first-reconnaissance", 3), ("solo-conquest", 1),
                                                   ("full-conquest", 2)])
def test_render_random_games_every_viewer_every_combat_state(scenario: str, players: int) -> None:
    """Random games of each scenario drawn for every viewer and the observer, in combats and
    out of them (found: the Dummy player's number broke the header)."""
    s = GAME.new_state(players, 11, {"scenario": scenario})
    agents = [RandomAgent(11 + k) for k in range(players)]
    k = 0
    while (d := GAME.decision(s)) is not None:
        if (s.g.combat is not None and k % 4 == 0) or k % 40 == 0:
            for viewer in [None, *range(players)]:
                assert "Mage Knight" in text(s, viewer)
        GAME.apply(s, agents[d.player].act(GAME, s, d))
        k += 1
    assert "game over" in text(s, None)
