"""Mage Knight: what this session's new state shows, hides and encodes (views.py, observation.py):
two states differing only in a hidden part read the same to the others, and the public parts a
policy needs read into the observation vector."""

from __future__ import annotations

import copy

from test_mk_decisions import GAME
from test_mk_envs import _changed, _set_up
from test_mk_units_specials import _scouted_prowlers

from boardrules.engine import Action
from boardrules.games.mage_knight.game_state import Token, add, remove


def test_maze_move_left_reads_into_the_players_field() -> None:
    """MAZE 'Choosing Path': the Move points left after the hero's last step are public and pay a path."""
    schema = GAME.observation_schema(2)
    s = _set_up()
    before = schema.check(GAME.view(s, 0))
    s.g.players[1].move_left = 3
    after = schema.check(GAME.view(s, 0))
    assert _changed(before, after) == {"players"}


def test_units_scouts_the_token_looked_at_reads_the_same_to_the_others_views_vectors_and_action_texts() -> None:
    s, far = _scouted_prowlers()
    owner, other = s.g.current, 1 - s.g.current
    where = f"{far[0]},{far[1]}"
    twin = copy.deepcopy(s)  # the same, but another green token lies there, looked at by the owner
    twin.g.enemies[far] = [Token("cursed-hags", False)]
    twin.g.scouted = ((owner, where, "cursed-hags"),)
    twin.cached = None
    assert GAME.view(s, owner) != GAME.view(twin, owner)  # the owner knows which
    assert GAME.view(s, other) == GAME.view(twin, other)
    schema = GAME.observation_schema(2)
    assert schema.vector(GAME.view(s, other)) == schema.vector(GAME.view(twin, other))
    assert schema.vector(GAME.view(s, owner)) != schema.vector(GAME.view(twin, owner))
    for a in GAME.decision(s).actions:  # type: ignore[union-attr]
        assert GAME.action_text(s, a, other) == GAME.action_text(twin, a, other)
    assert GAME.action_text(s, Action.parse("end-turn"), None) == "end-turn"


def test_pvp_the_play_waiting_for_its_mana_reads_into_the_pvp_field() -> None:
    """PvP: a defender's powered card waiting for its mana is public (named to the attacker): a
    policy sees which card and which mana is still to pay."""
    from test_mk_decisions import do
    from test_mk_pvp_cards import attacks
    from test_mk_pvp_game import meeting

    s = meeting(hand0="march rage", hand1="determination tranquility")
    s.g.players[1].crystals["blue"] = 1
    s.g.source = ["green", "green", "white", "white"]
    attacks(s)
    do(s, "sideways march", "attack")
    schema = GAME.observation_schema(2)
    before = schema.check(GAME.view(s, 0))
    do(s, "card determination 1 powered")
    assert s.g.pvp is not None and s.g.pvp.pending
    after = schema.check(GAME.view(s, 0))
    assert "pvp" in _changed(before, after)
    unpaid = GAME.view(s, 0)
    unpaid["pvp"]["pending"][5] = []  # the same play with nothing left to pay reads otherwise
    assert schema.vector(unpaid) != after


def test_pvp_effects_on_the_other_heros_units_read_into_the_pvp_field() -> None:
    """PvP: effects on enemies reach the other hero's Units (Armor -N, does not attack, Fire
    Resistance lost); they are public and read into the vector."""
    from test_mk_decisions import do
    from test_mk_pvp_cards import attacks
    from test_mk_pvp_game import meeting

    s = meeting(hand0="march rage", hand1="determination tranquility")
    attacks(s)
    do(s, "sideways march", "attack")
    schema = GAME.observation_schema(2)
    before = schema.check(GAME.view(s, 0))
    assert s.g.pvp is not None
    s.g.pvp.on_units = [[1, "peasants-1", "armor", 2], [1, "peasants-1", "no-attack", 0]]
    after = schema.check(GAME.view(s, 0))
    assert _changed(before, after) == {"pvp"}
    s.g.pvp.on_units = [[1, "peasants-1", "armor", 1], [1, "peasants-1", "no-attack", 0]]
    assert schema.check(GAME.view(s, 0)) != after  # the Armor taken counts


def test_render_shows_the_banner_under_a_unit_and_the_mysterious_box_as_that_banner() -> None:
    """Facts 3.3: the Mysterious Box lies under a Unit as the Banner it revealed this turn; the
    terminal names what is under each Unit."""
    from test_mk_render import text

    s = _set_up()
    p = s.g.players[0]
    p.units.append(("peasants", 0, False))  # type: ignore[arg-type]
    s.cached = None
    p.banners = {"peasants-1": "banner-of-glory"}
    add(p, "box-banner:", "banner-of-glory")
    assert "Mysterious Box as Banner of Glory" in text(s, 1)
    remove(p, "box-banner:")
    assert "under: Banner of Glory" in text(s, 1)
