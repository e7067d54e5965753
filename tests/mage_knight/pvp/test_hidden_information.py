"""Hidden information in a combat between heroes (issue 11 "Players, hidden information,
interfaces"; facts 3.4): the whole combat is public, so every field of it and of each side is read
into every player's observation vector, or listed here with the reason it is not."""

from __future__ import annotations

from typing import Any

from mk_positions import GAME, _changed, attacks, do, meeting

from boardrules.games.mage_knight.pvp.combat import PvPCombat, Side
from boardrules.games.mage_knight.pvp.state import new_pending

# fields of a combat between heroes that no number of the vector reads, and why
NOT_IN_VECTOR = {"at": "derived: the defender's space, where both heroes stand (the map field reads them)"}

# a value each field can take in a combat, different from the one the hand-set combat holds
COMBAT_VALUES: dict[str, Any] = {
    "participation": "full", "phase": "defender-attack", "step": "assign", "pool": [("attack", "fire", 3)],
    "blocks": [("ice", 2)], "damage": 4, "elements": ("fire",), "played": [[0, "march"]],
    "pending": new_pending(1, "card", "rage", 1, "attack", ("red",)), "defender_dice": 1,
    "on_units": [[1, "peasants-1", "destroyed", 0]], "reduced": 2, "blocked": [1],
    "attackers": ["peasants-1"], "if_blocked": [[1, "fire-attack", 4]], "later": [[1, "fire", 2, "dueling"]],
    "fortified": 2, "keep": True,
}
SIDE_VALUES: dict[str, Any] = {
    "player": 1, "armor": 9, "hand_limit": 7, "wounds": 2, "knocked_out": True, "fame": 3, "influence": 3,
    "paid": ["amotep-freezers-1"], "bonus": "power-of-pain", "marks": ["leadership"],
    "units": [["peasants", "peasants-1", 1]],
}


def test_every_field_of_a_combat_between_heroes_is_read_into_the_vector_or_listed() -> None:
    """Each field of PvPCombat and of each Side, set to another value, changes the vector every
    player gets (a new field must be read, given a value here, or listed with its reason)."""
    assert set(PvPCombat.__slots__) == set(COMBAT_VALUES) | set(NOT_IN_VECTOR) | {"attacker", "defender"}
    assert set(Side.__slots__) == set(SIDE_VALUES)
    schema = GAME.observation_schema(2)
    s = meeting(hand0="march rage", hand1="swiftness")
    attacks(s)
    assert s.g.pvp is not None
    base = {seat: schema.check(GAME.view(s, seat)) for seat in (0, 1)}
    unread, held = [], []
    for where, values in (("combat", COMBAT_VALUES), ("attacker", SIDE_VALUES), ("defender", SIDE_VALUES)):
        for key, value in values.items():
            c = s.clone()
            assert c.g.pvp is not None
            obj = c.g.pvp if where == "combat" else getattr(c.g.pvp, where)
            if getattr(obj, key) == value:
                held.append(f"{where}.{key}")  # the hand-set combat holds that value already
                continue
            setattr(obj, key, value)
            c.cached = None
            if any(schema.check(GAME.view(c, seat)) == base[seat] for seat in (0, 1)):
                unread.append(f"{where}.{key}")
    assert unread == [] and held == ["defender.player"]  # (the defender is seat 1: the attacker's seat is tried)


def test_pvp_the_play_waiting_for_its_mana_reads_into_the_pvp_field() -> None:
    """PvP: a defender's powered card waiting for its mana is public (named to the attacker): a
    policy sees which card and which mana is still to pay."""
    from mk_positions import attacks, meeting

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
    from mk_positions import attacks, meeting

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
