"""Mage Knight cards' remaining limits (facts 3.1-3.3, mage-knight-content.md): Call to Arms in a
combat, each played through the decisions (``play CARD basic|powered`` and its steps) from a
hand-set position of a real game."""

from __future__ import annotations

from mk_positions import combat
from test_mk_decisions import GAME, do, legal, me, refusal, turn

from boardrules.games.mage_knight.decisions import MKState

T = GAME.t


def _lending(fight: str, offer: list[str], units: str = "peasants", site: str = "", mana: str = "") -> MKState:
    """Call to Arms in hand, a combat against ``fight`` with the hero's Units, and the Unit offer."""
    s = turn("call-to-arms", faces="white red red red", units=units.replace(",", " "))
    s.g.combat = combat(fight, units=units, site=site, mana=mana).c
    s.g.combat_site = {"kind": "challenge", "at": list(me(s).position), "homes": []}
    s.g.unit_offer = offer
    s.cached = None
    return s


# ---- Call to Arms in a combat (facts 3.2: "use one ability of a unit in the Unit offer this turn as if
# yours (no damage may be assigned to it)") ---------------------------------------------------------

def test_call_to_arms_basic_in_a_combat_the_offered_unit_is_lent_no_damage_to_it_and_it_stays_in_the_offer() -> None:
    s = _lending("prowlers", ["peasants", "herbalists"])
    do(s, "play call-to-arms basic")
    assert legal(s) == ["recruit peasants"]  # the Herbalists have no ability for a combat
    do(s, "recruit peasants", "pay white die-1", "next")
    c = s.g.combat
    assert c is not None and [u.label for u in c.units] == ["peasants-1", "peasants-2"]
    assert "activate peasants-2 block" in legal(s)
    do(s, "next")  # nothing blocked: the Assign Damage phase
    assert legal(s) == ["assign 1 unit peasants-1", "assign 1 hero"]  # never to the lent Unit
    do(s, "assign 1 hero", "activate peasants-2 attack")
    assert "activate peasants-2 attack" not in legal(s) and c.units[1].spent
    do(s, "next")  # the combat ends: the lent Unit leaves with it
    p = me(s)
    assert s.g.combat is None and p.units == [["peasants", 0, False]]
    assert s.g.unit_offer == ["peasants", "herbalists"]


def test_call_to_arms_basic_in_a_combat_one_ability_of_a_lent_unit_that_may_use_several() -> None:
    s = _lending("prowlers", ["delphana-masters"], units="delphana-masters", mana="green green")
    do(s, "play call-to-arms basic", "recruit delphana-masters", "pay white die-1",
       "activate delphana-masters-2 weaken 1")
    acts = legal(s)
    assert "activate delphana-masters-1 weaken 1" in acts  # its own Masters: several abilities
    assert not [a for a in acts if a.startswith("activate delphana-masters-2")]


def test_call_to_arms_basic_in_a_combat_not_where_units_cannot_be_used() -> None:
    s = _lending("prowlers", ["peasants"], units="", site="dungeon")
    assert "play call-to-arms basic" not in legal(s)  # a dungeon: Units cannot be used
    s = _lending("prowlers", ["peasants"], units="")
    c = s.g.combat
    assert c is not None
    c.phase = "attack"
    s.cached = None
    do(s, "play call-to-arms basic")  # in the Attack phase, Units with an attack only
    assert legal(s) == ["recruit peasants"]
    s.g.unit_offer = ["utem-guardsmen"]
    s.play = []
    s.cached = None
    assert "play call-to-arms basic" in legal(s)
    s.g.unit_offer = ["herbalists"]
    s.cached = None
    assert "play call-to-arms basic" not in legal(s)
    reason, rule = refusal(s, "play call-to-arms basic")
    assert rule and reason

