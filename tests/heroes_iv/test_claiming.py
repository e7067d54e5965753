"""Claiming spaces (rulebook excerpt: Defining Locations, Conquering Enemy Locations): guards
defeated before claiming, only stacks with a Hero claim Locations and Artifacts, Towns and
Creature Dwellings claimed by any stack, a claimed Location upright and marked, an Artifact under
its Hero, enemy Locations conquered when no enemy stack or guard is present, else after a battle."""

from __future__ import annotations

import pytest
from h4_positions import fight_out, position, put_army

from boardrules.engine import Action, IllegalActionError
from boardrules.games.heroes_iv import HeroesIV, claiming, fight
from boardrules.games.heroes_iv.battle_greedy import greedy_battle_action
from boardrules.games.heroes_iv.state import NOBODY


def _defined(s, hex: int, card: str, owner: int = NOBODY):  # type: ignore[no-untyped-def]
    sp = s.spaces[hex]
    sp.card, sp.owner, sp.marker, sp.marker_seat = card, owner, 7, owner if owner != NOBODY else 1
    return sp


def test_defining_locations_guards_must_be_defeated_before_claiming() -> None:
    c, s = position(2)
    sp = _defined(s, 18, "windmill")
    sp.guards, sp.guarding = ["dwarf"], 1
    a = put_army(c, s, 0, 18, ["knight"])
    with pytest.raises(IllegalActionError) as info:
        claiming.claim(c, s, a, "", [])
    assert "must defeat whatever guards are present" in info.value.reason


def test_defining_locations_entering_fights_the_guards_then_claims() -> None:
    c, s = position(2)
    sp = _defined(s, 18, "windmill")
    sp.guards, sp.guarding = ["squire"], 1
    a = put_army(c, s, 0, 18, ["knight", "pikeman"])
    fight.enter(c, s, a, 9, [])
    assert s.battle is not None and s.pending[-1] == ("battle", 18, a.marker, -1, 9)
    fight_out(c, s)
    assert sp.guards == [] and s.players[1].discard == ["squire"]
    claiming.claim(c, s, a, "", [])
    assert sp.owner == 0


def test_defining_locations_a_stack_without_a_hero_cannot_claim_a_location() -> None:
    c, s = position(2)
    _defined(s, 18, "windmill")
    a = put_army(c, s, 0, 18, ["squire", "pikeman"])
    with pytest.raises(IllegalActionError) as info:
        claiming.claim(c, s, a, "", [])
    assert info.value.reason.startswith("only an Army Stack with a Hero can claim a Location")
    assert info.value.rule == "Defining Locations" and s.spaces[18].owner == NOBODY


def test_defining_locations_a_stack_without_a_hero_cannot_claim_an_artifact() -> None:
    c, s = position(2)
    _defined(s, 18, "longsword")
    a = put_army(c, s, 0, 18, ["squire"])
    with pytest.raises(IllegalActionError) as info:
        claiming.claim(c, s, a, "squire", [])
    assert "only an Army Stack with a Hero can claim an Artifact" in info.value.reason


def test_defining_locations_towns_and_creature_dwellings_claimed_without_a_hero() -> None:
    c, s = position(2)
    _defined(s, 9, "haven")
    _defined(s, 0, "skeleton")
    claiming.claim(c, s, put_army(c, s, 0, 9, ["squire"]), "", [])
    claiming.claim(c, s, put_army(c, s, 0, 0, ["squire"]), "", [])
    assert s.spaces[9].owner == 0 and s.spaces[0].owner == 0


def test_defining_locations_a_claimed_location_is_turned_upright_with_the_claimers_marker() -> None:
    c, s = position(2)
    sp = _defined(s, 18, "windmill")
    a = put_army(c, s, 0, 18, ["knight"])
    game = HeroesIV()
    assert game.view(s, 0)["spaces"]["18"]["turned"] == "Unclaimed"
    events: list = []
    claiming.claim(c, s, a, "", events)
    assert game.view(s, 0)["spaces"]["18"]["turned"] == "upright"
    assert sp.owner == 0 and sp.card == "windmill" and sp.marker_seat == 0 and sp.marker != 7
    assert "claims windmill" in events[0].text


def test_defining_locations_a_claimed_artifact_goes_under_the_hero_that_claimed_it() -> None:
    c, s = position(2)
    sp = _defined(s, 18, "longsword")
    a = put_army(c, s, 0, 18, ["knight", "priest", "squire"])
    with pytest.raises(IllegalActionError):
        claiming.claim(c, s, a, "", [])  # which Hero?
    with pytest.raises(IllegalActionError):
        claiming.claim(c, s, a, "squire", [])  # not a Hero
    claiming.claim(c, s, a, "priest", [])
    assert s.players[0].artifacts == {"priest": ["longsword"]}
    assert sp.card == "" and sp.emptied and sp.marker == -1


def test_conquering_enemy_locations_claim_it_when_no_enemy_is_present() -> None:
    c, s = position(2)
    sp = _defined(s, 18, "windmill", owner=1)
    a = put_army(c, s, 0, 18, ["knight"])
    events: list = []
    claiming.claim(c, s, a, "", events)
    # moved to your side, your own Location Marker on the card and its twin on the map
    assert sp.owner == 0 and sp.marker_seat == 0 and sp.marker != 7
    assert "from Player 2" in events[0].text


def test_conquering_enemy_locations_enemy_stacks_are_fought_first() -> None:
    c, s = position(2)
    sp = _defined(s, 18, "windmill", owner=1)
    defender = put_army(c, s, 1, 18, ["skeleton"])
    a = put_army(c, s, 0, 18, ["knight", "champion"])
    with pytest.raises(IllegalActionError) as info:
        claiming.claim(c, s, a, "", [])
    assert info.value.rule == "Conquering Enemy Locations" and "defeat them in battle" in info.value.reason
    fight.enter(c, s, a, 9, [])
    assert s.battle is not None and s.pending[-1][3] == defender.marker
    fight_out(c, s)
    assert defender not in s.armies and s.players[1].discard == ["skeleton"]
    claiming.claim(c, s, a, "", [])
    assert sp.owner == 0


def test_conquering_enemy_locations_only_a_stack_with_a_hero_conquers_one() -> None:
    """Conquering Enemy Locations ("you may move an Army Stack containing a Hero into the space
    and claim it for yourself"): a heroless stack on an enemy's Location is refused under that
    paragraph, by claim and by the refusal of the typed action; an enemy Town it may take."""
    c, s = position(2)
    _defined(s, 18, "windmill", owner=1)
    a = put_army(c, s, 0, 18, ["squire", "pikeman"])
    with pytest.raises(IllegalActionError) as info:
        claiming.claim(c, s, a, "", [])
    assert info.value.reason.startswith("only an Army Stack with a Hero can claim a Location")
    assert info.value.rule == "Conquering Enemy Locations" and s.spaces[18].owner == 1
    with pytest.raises(IllegalActionError) as info:
        claiming.claim(c, s, a, "squire", [])
    assert info.value.rule == "Conquering Enemy Locations"
    reason, rule = HeroesIV(c).explain_illegal(s, Action("claim", (str(a.marker),)))
    assert rule == "Conquering Enemy Locations" and "with a Hero" in reason
    _defined(s, 9, "haven", owner=1)
    claiming.claim(c, s, put_army(c, s, 0, 9, ["squire"]), "", [])
    assert s.spaces[9].owner == 0


def test_conquering_enemy_locations_a_beaten_aggressor_is_lost() -> None:
    c, s = position(2)
    _defined(s, 18, "windmill", owner=1)
    put_army(c, s, 1, 18, ["champion", "angel"])
    a = put_army(c, s, 0, 18, ["squire"])
    fight.enter(c, s, a, 9, [])
    fight_out(c, s)
    assert a not in s.armies and s.players[0].discard == ["squire"]


def test_conquering_enemy_locations_your_own_space_is_not_claimed_again() -> None:
    c, s = position(2)
    _defined(s, 18, "windmill", owner=0)
    with pytest.raises(IllegalActionError) as info:
        claiming.claim(c, s, put_army(c, s, 0, 18, ["knight"]), "", [])
    assert "already hold" in info.value.reason


def test_defining_locations_an_artifact_claimed_then_its_hero_killed_goes_to_the_discard_stack() -> None:
    c, s = position(2)
    _defined(s, 18, "longsword")
    a = put_army(c, s, 0, 18, ["priest"])
    claiming.claim(c, s, a, "priest", [])
    enemy = put_army(c, s, 1, 18, ["death-knight", "bone-dragon", "bone-dragon", "vampire"])
    fight.enter(c, s, enemy, 17, [])
    fight_out(c, s)
    assert a not in s.armies  # the Hero fell: the Artifact under him goes with him
    assert s.players[0].artifacts == {} and sorted(s.players[0].discard) == ["longsword", "priest"]
    assert not s.spaces[18].defined or s.spaces[18].emptied  # nothing is left there to claim


def test_conquering_enemy_locations_several_enemy_stacks_then_the_guards_one_battle_each() -> None:
    # two players' stacks stand on a guarded space (they came onto it before it was defined): the
    # stack entering fights each in turn, then the Guards, run by their Guarding Player
    c, s = position(3)
    sp = _defined(s, 18, "windmill")
    sp.guards, sp.guarding = ["dwarf"], 2
    first = put_army(c, s, 1, 18, ["skeleton"])
    second = put_army(c, s, 2, 18, ["imp"])
    a = put_army(c, s, 0, 18, ["knight", "champion", "champion", "angel"])
    events: list = []
    fight.enter(c, s, a, 17, events)
    foes = []
    while s.battle is not None:  # each battle, with who runs the other side
        foe = (s.pending[-1][3], s.battle.sides[1].player)
        if not foes or foes[-1] != foe:
            foes.append(foe)
        fight.battle_step(c, s, greedy_battle_action(s.battle), events)
    assert foes == [(first.marker, 1), (second.marker, 2), (-1, 2)]
    assert first not in s.armies and second not in s.armies and sp.guards == [] and a in s.armies
    claiming.claim(c, s, a, "", [])
    assert sp.owner == 0
