"""Effects on the other hero's Units in a combat between heroes, and the Units that ignore them
(UNIT RESISTANCES: "Fire Resistance ... also ignores non-Attack effects of opponents' red cards
or Unit abilities powered by red mana"; "Ice Resistance ... also ignores non-Attack effects of
opponents' blue cards or Unit abilities powered by blue mana"; pvp/combat.py, rules-choices.md "Player
versus player"), from hand-set Full Conquest positions through the game's own actions."""

from __future__ import annotations

from mk_positions import do, legal, meeting, refusal


def test_unit_resistances_fire_resistance_ignores_an_opponents_red_cards_non_attack_effect() -> None:
    """Demolish (red Spell, facts 3.2: "all enemies Armor -1 (min 1)") played by the attacker:
    the defender's Peasants get Armor -1, their Fire Golems (Fire Resistant) ignore it; 2 damage
    then wound the Peasants (Armor 3 - 1)."""
    s = meeting(hand0="demolish march rage", hand1="promise")
    s.g.source = ["red", "green", "white", "white"]
    s.g.players[1].units = [["peasants", 0, False], ["fire-golems", 0, False]]
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    do(s, "card demolish 1 basic", "pay red die-1")
    g = s.g
    assert g.pvp is not None and g.pvp.on_units == [[1, "peasants-1", "armor", 1]]
    do(s, "next", "next", "sideways march", "sideways rage", "attack", "block")
    assert g.pvp.damage == 2 and "wound peasants-1" in legal(s)
    do(s, "wound peasants-1")
    assert g.pvp.defender.units[0][2] == 1 and g.pvp.damage == 0


def test_unit_resistances_ice_resistance_ignores_an_opponents_unit_ability_powered_by_blue_mana() -> None:
    """Amotep Freezers' (blue) "one enemy does not attack and gets Armor -3" on the other hero's
    Units: the Ice Golems (Ice Resistant) cannot be named, the Peasants can; they do not attack
    this combat (the defender may still block with them) and have Armor 1 (never below 1)."""
    s = meeting(hand0="march rage", hand1="promise stamina")
    s.g.source = ["blue", "green", "white", "white"]
    s.g.players[0].units = [["amotep-freezers", 0, False]]
    s.g.players[1].units = [["ice-golems", 0, False], ["peasants", 0, False]]
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    do(s, "activate amotep-freezers-1 freeze", "pay blue die-1")
    assert legal(s) == ["unit peasants-1"]
    reason, rule = refusal(s, "unit ice-golems-1")
    assert "ice-golems-1" in reason and rule == "UNIT RESISTANCES"
    do(s, "unit peasants-1")
    g = s.g
    assert g.pvp is not None and g.pvp.on_units == [[1, "peasants-1", "no-attack", 0], [1, "peasants-1", "armor", 3]]
    do(s, "next", "next", "sideways march", "attack")
    assert "activate peasants-1 block" in legal(s)  # it does not attack; it blocks
    do(s, "block", "wound peasants-1")  # 1 damage wounds Armor 3 - 3 = 1
    assert g.pvp.phase == "defender-attack"
    acts = legal(s)
    assert not any(a.startswith("activate peasants-1") for a in acts) and "activate ice-golems-1 attack" in acts


def test_pvp_demolish_ignores_the_walls_fortification() -> None:
    """Demolish "ignore site fortifications" (facts 3.2) against a defender across a wall
    (WALLS "Combat": walls count as site fortifications): no longer fortified, so a Ranged
    Attack counts in the attacker's Ranged and Siege phase."""
    s = meeting(hand0="demolish swift-reflexes", hand1="promise")
    s.g.source = ["red", "green", "white", "white"]
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    s.g.pvp.fortified = 1  # type: ignore[union-attr]  # as if reached across a wall
    s.cached = None
    assert "card swift-reflexes 2" not in legal(s) and "card demolish 1 basic" in legal(s)
    do(s, "card demolish 1 basic", "pay red die-1")
    assert s.g.pvp is not None and s.g.pvp.fortified == 0 and "card swift-reflexes 2" in legal(s)
