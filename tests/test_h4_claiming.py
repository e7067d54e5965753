"""Claiming spaces (rulebook excerpt: Defining Locations, Conquering Enemy Locations): guards
defeated before claiming, only stacks with a Hero claim Locations and Artifacts, Towns and
Creature Dwellings claimed by any stack, a claimed Location upright and marked, an Artifact under
its Hero, enemy Locations conquered when no enemy stack or guard is present, else after a battle."""

from __future__ import annotations

import pytest
from h4_positions import position, put_army

from boardrules.engine import IllegalActionError
from boardrules.games.heroes_iv import HeroesIV, claiming
from boardrules.games.heroes_iv.fight import Outcome, Side, fight
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
    claiming.enter(c, s, a, [])  # the placeholder battle: the stronger side wins
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


def test_conquering_enemy_locations_enemy_stacks_are_fought_first(monkeypatch: pytest.MonkeyPatch) -> None:
    c, s = position(2)
    sp = _defined(s, 18, "windmill", owner=1)
    defender = put_army(c, s, 1, 18, ["skeleton"])
    a = put_army(c, s, 0, 18, ["knight"])
    with pytest.raises(IllegalActionError) as info:
        claiming.claim(c, s, a, "", [])
    assert info.value.rule == "Conquering Enemy Locations" and "defeat them in battle" in info.value.reason
    seen: list[tuple[Side, Side]] = []

    def fake(c: object, aggressor: Side, defender: Side, town: str = "") -> Outcome:
        seen.append((aggressor, defender))
        return Outcome(True, aggressor.cards, ())

    monkeypatch.setattr(claiming, "fight", fake)
    claiming.enter(c, s, a, [])
    assert seen[0][1] == Side(1, 1, ("skeleton",)) and defender not in s.armies
    assert s.players[1].discard == ["skeleton"]
    claiming.claim(c, s, a, "", [])
    assert sp.owner == 0


def test_conquering_enemy_locations_a_beaten_aggressor_is_lost() -> None:
    c, s = position(2)
    _defined(s, 18, "windmill", owner=1)
    put_army(c, s, 1, 18, ["champion", "angel"])
    a = put_army(c, s, 0, 18, ["squire"])
    claiming.enter(c, s, a, [])
    assert a not in s.armies and s.players[0].discard == ["squire"]


def test_conquering_enemy_locations_your_own_space_is_not_claimed_again() -> None:
    c, s = position(2)
    _defined(s, 18, "windmill", owner=0)
    with pytest.raises(IllegalActionError) as info:
        claiming.claim(c, s, put_army(c, s, 0, 18, ["knight"]), "", [])
    assert "already hold" in info.value.reason


def test_fight_placeholder_the_stronger_side_wins_a_tie_holds_for_the_defender() -> None:
    c, _ = position(2)
    assert fight(c, Side(0, 0, ("squire",)), Side(1, 1, ("squire",))).aggressor_won is False
    out = fight(c, Side(0, 0, ("knight",)), Side(1, 1, ("squire",)))
    assert out.aggressor_won and out.aggressor_left == ("knight",) and out.defender_left == ()


def test_fight_placeholder_a_defended_town_adds_its_defense() -> None:
    c, _ = position(2)
    # a Knight (15) against a Squire (9): won in the open, lost against the Squire in its Haven (9 + 10)
    assert fight(c, Side(0, 0, ("knight",)), Side(1, 1, ("squire",))).aggressor_won
    assert not fight(c, Side(0, 0, ("knight",)), Side(1, 1, ("squire",)), town="haven").aggressor_won
