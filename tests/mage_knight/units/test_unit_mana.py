"""Facts 5.3 "unit abilities marked with a colour cost that mana" in a played game: a Unit's
mana-powered ability in a combat is offered when its mana can be paid (a Source die, a token or a
crystal, as for a card), and paying it is a `pay` step before the ability is activated."""

from __future__ import annotations

from mk_positions import _lending, do, legal, me, refusal, taken

from boardrules.games.mage_knight.game_state import MKState


def _golems(faces: str = "white red red red", crystals: dict[str, int] | None = None, night: bool = False) -> MKState:
    """A combat against Prowlers in the Block phase, with the hero's Guardian Golems (Block 2,
    or Fire Block 4 / Ice Block 4 powered by red / blue mana)."""
    s = _lending("prowlers", ["herbalists"], units="guardian-golems")
    s.g.source = faces.split()
    s.g.night = night
    me(s).crystals = dict.fromkeys(("red", "blue", "green", "white"), 0) | (crystals or {})
    c = s.g.combat
    assert c is not None
    c.phase, c.night, c.cached, s.cached = "block", night, None, None
    return s


def test_mana_for_units_a_units_mana_powered_block_paid_with_a_source_die_in_a_played_combat() -> None:
    s = _golems()
    assert "activate guardian-golems-1 fire-block" in legal(s)
    do(s, "activate guardian-golems-1 fire-block")
    assert legal(s) == ["pay red die-2", "pay red die-3", "pay red die-4"]
    do(s, "pay red die-2")
    c = s.g.combat
    assert c is not None and c.units[0].spent
    assert ("block", "fire", 4) in [item[:3] for item in c.pool]
    assert s.g.source_used == [1] and c.mana.get("red", 0) == 0  # the die is used; the mana powered the Golems


def test_mana_for_units_paid_with_a_crystal_and_not_offered_without_the_mana() -> None:
    s = _golems(faces="white white green green")
    acts = legal(s)
    assert "activate guardian-golems-1 block" in acts  # its plain Block needs no mana
    assert "activate guardian-golems-1 fire-block" not in acts and "activate guardian-golems-1 ice-block" not in acts
    reason, rule = refusal(s, "activate guardian-golems-1 fire-block")
    assert reason == ("the guardian-golems-1 ability fire-block is powered by red mana: you have none of it to pay "
                      "(a Source die, a mana token or a crystal)") and rule == "Mana"
    s = _golems(faces="white white green green", crystals={"blue": 1})
    do(s, "activate guardian-golems-1 ice-block", "pay blue crystal")
    assert me(s).crystals["blue"] == 0
    c = s.g.combat
    assert c is not None and ("block", "ice", 4) in [item[:3] for item in c.pool]


def test_mana_for_units_a_gold_die_by_day_but_not_at_night() -> None:
    s = _golems(faces="gold white green green")
    do(s, "activate guardian-golems-1 fire-block")
    assert "pay red die-1" in taken(s)  # gold: any basic colour by Day
    s = _golems(faces="gold black green green", night=True)
    assert "activate guardian-golems-1 fire-block" not in legal(s)
