"""Player-versus-player combat (pvp/combat.py): the rulebook excerpt's UNIT RESISTANCES "Player vs.
Player", WALLS "Combat" ("When attacking another player ... across a wall, consider the target
to be fortified"), KEEP "Other Players' Keeps", and facts 5.4/5.5/5.8 (when a hero may attack
another), from hand-set boards (tests/mk_positions.py)."""

from __future__ import annotations

import pytest
from mk_positions import NW, C, W, play, walled_meeting

from boardrules.engine import Action, BoardrulesError, IllegalActionError
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.pvp.combat import (
    add_points,
    apply_pvp,
    attack_refusal,
    finish_pvp,
    pvp_decision,
    start_pvp,
)


def test_pvp_ending_the_move_on_another_hero_when_it_is_refused() -> None:
    """Facts 5.5: not after the End of the Round is announced or the game's end triggered, not
    against a face-down round-order token; facts 5.8 First Reconnaissance: no PvP; only a hero
    on your space."""
    b = walled_meeting()
    assert attack_refusal(b.t, b.s, 0, 1) == ""
    b.s.announced_by = 1
    assert "End of the Round" in attack_refusal(b.t, b.s, 0, 1)
    b.s.announced_by = -1
    b.s.pvp_face_down = [1]
    assert "face down" in attack_refusal(b.t, b.s, 0, 1)
    b.s.pvp_face_down = []
    b.s.players[1].position = C
    assert "on your space" in attack_refusal(b.t, b.s, 0, 1)
    b.s.players[0].acted = True
    assert "already taken this turn's action" in attack_refusal(b.t, b.s, 0, 1)
    b.s.players[0].acted = False
    b.s.players[1].position = NW
    b.s.scenario = MageKnight().new_state(2, 1).g.scenario  # the default scenario: First Reconnaissance
    with pytest.raises(IllegalActionError, match="no combat between players in this scenario"):
        start_pvp(b.t, b.s, 0, 1, [])


def test_pvp_the_defender_answers_during_the_attackers_turn() -> None:
    """The defender chooses to take part fully or partially; then the attacker's phases."""
    b = walled_meeting()
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    d = pvp_decision(b.t, b.s)
    assert d is not None and d.player == 1 and [a.text for a in d.actions] == ["participate full",
                                                                              "participate partial"]
    with pytest.raises(IllegalActionError, match="player 2 decides now"):
        apply_pvp(b.t, b.s, Action.parse("participate full"), [], 0)
    play(b, pvp, "participate partial")
    d = pvp_decision(b.t, b.s)
    assert d is not None and d.player == 0 and pvp.phase == "ranged"
    assert b.s.players[0].acted  # the turn's action


def test_walls_combat_attacking_another_player_across_a_wall_target_fortified() -> None:
    """WALLS "Combat": "When attacking another player ... across a wall, consider the target
    to be fortified": only Siege Attacks in the Ranged and Siege phase."""
    b = walled_meeting(walls=(("W", "NE"),))
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    assert pvp.fortified == 1
    play(b, pvp, "participate partial")
    with pytest.raises(IllegalActionError, match="fortified: only Siege"):
        add_points(b.t, pvp, 0, "ranged", 3)
    add_points(b.t, pvp, 0, "siege", 3)
    play(b, pvp, "attack", "wound hero")
    assert pvp.defender.wounds == 2  # Armor 2: 3 damage is 2 Wounds
    open_board = walled_meeting()
    q = start_pvp(open_board.t, open_board.s, 0, 1, [])
    assert q.fortified == 0


def test_keep_other_players_keeps_owner_present_is_pvp_fortified_and_reputation_minus_1() -> None:
    """KEEP "Other Players' Keeps: Can be assaulted and you get Reputation -1": with the owner
    there it is a combat against them; the keep fortifies them, and across a wall too they are
    double fortified (no attacks in the Ranged and Siege phase)."""
    b = walled_meeting("plains plains plains plains plains plains plains+keep", walls=(("W", "NE"),))
    b.s.players[1].keeps = [NW]
    b.s.conquered.add(NW)
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    assert pvp.fortified == 2 and pvp.keep and b.s.players[0].reputation == -1
    play(b, pvp, "participate full")
    with pytest.raises(IllegalActionError, match="double fortified"):
        add_points(b.t, pvp, 0, "siege", 3)


def test_unit_resistances_player_vs_player_twice_as_much_damage_to_wound_a_resistant_unit() -> None:
    """UNIT RESISTANCES "Player vs. Player": "If the Unit is resistant to at least one element
    included in the opponent's attack, the opponent has to spend twice as much damage to wound
    that Unit." Fire Golems (Armor 4, Physical and Fire): 8 of a physical attack; Peasants
    (Armor 3): 3."""
    b = walled_meeting()
    b.s.players[1].units = [["fire-golems", 0, False], ["peasants", 0, False]]
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    play(b, pvp, "participate partial", "next", "next")
    add_points(b.t, pvp, 0, "attack", 7)
    play(b, pvp, "attack", "block")
    d = pvp_decision(b.t, b.s)
    assert d is not None and d.player == 0 and [a.text for a in d.actions] == ["wound peasants-1", "wound hero"]
    with pytest.raises(IllegalActionError, match="twice over if it resists"):
        apply_pvp(b.t, b.s, Action.parse("wound fire-golems-1"), [], 0)
    play(b, pvp, "wound peasants-1", "wound hero")  # 4 left: 2 Wounds on Armor 2
    assert pvp.defender.units[1][2] == 1 and pvp.defender.wounds == 2
    c = walled_meeting()
    c.s.players[1].units = [["fire-golems", 0, False]]
    q = start_pvp(c.t, c.s, 0, 1, c.events)
    play(c, q, "participate partial", "next", "next")
    add_points(c.t, q, 0, "attack", 8)
    play(c, q, "attack", "block", "wound fire-golems-1")
    assert q.defender.units[0][2] == 1 and q.phase == "defender-attack"


def test_pvp_block_efficient_against_the_attacks_element_lowers_the_damage() -> None:
    """A melee attack may be blocked by the hero attacked: Ice Block is efficient against a Fire
    attack; a physical Block counts half (facts 4.2 block efficiency)."""
    b = walled_meeting()
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    play(b, pvp, "participate partial", "next", "next")
    add_points(b.t, pvp, 0, "attack", 5, "fire")
    play(b, pvp, "attack")
    with pytest.raises(IllegalActionError, match="Block is played by the hero attacked"):
        add_points(b.t, pvp, 0, "block", 4)
    add_points(b.t, pvp, 1, "block", 4, "physical")
    play(b, pvp, "block")
    assert pvp.damage == 3  # 5 - 4 // 2
    c = walled_meeting()
    q = start_pvp(c.t, c.s, 0, 1, [])
    play(c, q, "participate partial", "next", "next")
    add_points(c.t, q, 0, "attack", 5, "fire")
    play(c, q, "attack")
    add_points(c.t, q, 1, "block", 5, "ice")
    play(c, q, "block")
    assert q.phase == "defender-attack" and q.defender.wounds == 0


def test_pvp_the_defender_strikes_back_and_the_result_goes_to_both_heroes() -> None:
    """Each side attacks in turn; Wounds go into each hand, a hero knocked out (Wounds of this
    combat reaching the unmodified Hand limit) discards every non-Wound card, Fame +1 per Wound
    given; a defender who took part fully turns the round-order token face down."""
    b = walled_meeting()
    b.s.players[0].hand, b.s.players[1].hand = ["march", "rage"], ["march", "stamina"]
    b.s.players[1].hand_limit = 2
    b.s.players[1].units = [["peasants", 0, False]]
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    play(b, pvp, "participate full", "next")
    add_points(b.t, pvp, 1, "ranged", 2, "ice")
    play(b, pvp, "attack", "wound hero")
    add_points(b.t, pvp, 0, "attack", 7)
    play(b, pvp, "attack", "block", "wound peasants-1", "wound hero", "next")
    assert pvp.phase == "over" and pvp_decision(b.t, b.s) is None
    finish_pvp(b.t, b.s, b.events)
    a, d = b.s.players
    assert a.hand == ["march", "rage", WOUND] and a.fame == 3  # a Unit and 2 Wounds given
    assert d.hand == [WOUND, WOUND] and sorted(d.discard) == ["march", "stamina"]  # knocked out
    assert d.units == [["peasants", 1, False]] and d.fame == 1
    assert b.s.pvp is None and b.s.pvp_face_down == [1]


def test_pvp_bad_points_are_a_clear_error() -> None:
    b = walled_meeting()
    pvp = start_pvp(b.t, b.s, 0, 1, [])
    play(b, pvp, "participate partial")
    with pytest.raises(BoardrulesError, match="element of physical, fire, ice, cold-fire"):
        add_points(b.t, pvp, 0, "siege", 2, "frost")
    with pytest.raises(BoardrulesError, match="a value of 1 or more"):
        add_points(b.t, pvp, 0, "siege", 0)
    with pytest.raises(IllegalActionError, match="only Ranged and Siege"):
        add_points(b.t, pvp, 0, "attack", 2)


def test_pvp_what_is_hidden_the_views_show_the_combat_never_a_hand() -> None:
    """Hidden information: the points played are on the table; hands and decks stay hidden
    during a combat between heroes, and a determinized state keeps the combat as it is."""
    from boardrules.engine import Rng

    game = MageKnight()
    s = game.new_state(2, 3, {"scenario": "full-conquest", "heroes": "tovak,goldyx"})
    g = s.g
    g.players[1].position = g.players[0].position = (1, -3)
    g.players[0].came_from = (0, -3)
    start_pvp(game.t, g, 0, 1, [])
    apply_pvp(game.t, g, Action.parse("participate partial"), [], 1)
    s.cached = None
    for viewer in (0, 1):
        v = game.view(s, viewer)
        assert v["pvp"]["phase"] == "ranged" and "hand" not in v["players"][1 - viewer]
        d = game.determinize(s, viewer, Rng(2))
        assert game.view(d, viewer) == v


def test_pvp_full_participation_the_defenders_next_turn_is_skipped_once() -> None:
    """Full participation: the round-order token lies face down (no second attack) until the
    defender's next turn, which is skipped; then the token is face up again."""
    from boardrules.games.mage_knight.rounds.turn import skips_turn

    b = walled_meeting()
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    play(b, pvp, "participate full", "next", "next", "next", "next")
    finish_pvp(b.t, b.s, b.events)
    b.s.players[0].acted = False  # a later turn of the attacker, still on that space
    assert "face down" in attack_refusal(b.t, b.s, 0, 1)
    assert not skips_turn(b.s, 0, []) and skips_turn(b.s, 1, [])
    assert not skips_turn(b.s, 1, []) and attack_refusal(b.t, b.s, 0, 1) == ""


def test_playing_sideways_in_a_combat_between_heroes_attack_1_or_block_1() -> None:
    """Facts 5.4 "Playing sideways": any non-Wound card is Attack 1 or Block 1 (physical, melee),
    for the attacker in their Attacks and for the hero attacked against a melee attack; never a
    Ranged Attack. The defender's cards, played outside their turn, go to the discard pile."""
    b = walled_meeting()
    b.s.players[0].hand, b.s.players[1].hand = ["march", "rage", WOUND], ["stamina", WOUND]
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    play(b, pvp, "participate partial")
    with pytest.raises(IllegalActionError, match="played sideways only for Attack 1"):
        apply_pvp(b.t, b.s, Action.parse("sideways march"), [], 0)
    play(b, pvp, "next", "next")
    d = pvp_decision(b.t, b.s)
    assert d is not None and [a.text for a in d.actions] == ["sideways march", "sideways rage", "card rage 1", "next"]
    play(b, pvp, "sideways march", "sideways rage", "attack")
    d = pvp_decision(b.t, b.s)
    assert d is not None and d.player == 1 and [a.text for a in d.actions] == ["sideways stamina", "block"]
    play(b, pvp, "sideways stamina", "block", "wound hero", "next")
    finish_pvp(b.t, b.s, b.events)
    a, d2 = b.s.players
    assert a.play_area == ["march", "rage"] and a.fame == 1
    assert d2.discard == ["stamina"] and d2.play_area == [] and d2.hand == [WOUND, WOUND]


def test_pvp_units_abilities_without_mana_attack_and_block_then_spent() -> None:
    """Units in a combat between heroes: a ready, unwounded Unit's ability without mana adds
    its points and spends it (facts 3.4); a Ranged Attack Unit does not count against a
    fortified defender (WALLS "Combat"); the attacker's Heroes Units need 2 Influence to be used
    in a PvP attack (facts 3.4): not offered before 2 Influence is played (the Peasants'
    Influence 2 is offered for them)."""
    b = walled_meeting(walls=(("W", "NE"),))
    b.s.players[0].units = [["utem-crossbowmen", 0, False], ["peasants", 0, False], ["hero-blue", 0, False]]
    b.s.players[1].units = [["peasants", 0, False]]
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    play(b, pvp, "participate partial")
    d = pvp_decision(b.t, b.s)
    # fortified: no Ranged
    assert d is not None and [a.text for a in d.actions] == ["activate peasants-1 influence", "next"]
    play(b, pvp, "next", "next")
    d = pvp_decision(b.t, b.s)
    assert d is not None and [a.text for a in d.actions] == [
        "activate utem-crossbowmen-1 attack", "activate utem-crossbowmen-1 ranged",
        "activate peasants-1 attack", "activate peasants-1 influence", "next"]
    play(b, pvp, "activate utem-crossbowmen-1 attack", "activate peasants-1 attack")
    assert pvp.pool == [("attack", "physical", 3), ("attack", "physical", 2)]
    assert b.s.players[0].units[0][2] and b.s.players[0].units[1][2]
    play(b, pvp, "attack")
    d = pvp_decision(b.t, b.s)
    assert d is not None and d.player == 1 and [a.text for a in d.actions] == ["activate peasants-1 block", "block"]
    play(b, pvp, "activate peasants-1 block", "block")
    assert pvp.damage == 3


def test_walls_combat_a_cards_ranged_points_not_against_a_hero_fortified_by_a_wall() -> None:
    """WALLS "Combat": a defender reached across a wall is fortified: a card's Ranged points
    (Swift Reflexes) are not offered in the Ranged and Siege phase; its Attacks are as usual."""
    b = walled_meeting(walls=(("W", "NE"),))
    b.s.players[0].hand = ["swift-reflexes", "rage"]
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    play(b, pvp, "participate partial")
    d = pvp_decision(b.t, b.s)
    assert d is not None and [a.text for a in d.actions] == ["next"]
    open_board = walled_meeting()
    open_board.s.players[0].hand = ["swift-reflexes", "rage"]
    q = start_pvp(open_board.t, open_board.s, 0, 1, [])
    play(open_board, q, "participate partial")
    d = pvp_decision(open_board.t, open_board.s)
    assert d is not None and [a.text for a in d.actions] == ["card swift-reflexes 2", "next"]


def test_underground_attack_onto_another_players_keep_site_fortifications_ignored() -> None:
    """Facts 3.2 Underground Attack "site fortifications ignored", onto the owner in their keep:
    the combat between heroes starts with the defender unfortified; the assault of the keep
    still costs Reputation -1 (KEEP "Other Players' Keeps")."""
    from boardrules.games.mage_knight.pvp.combat import underground_attack, underground_targets

    b = walled_meeting("plains plains plains plains plains plains plains+keep")
    b.s.players[1].keeps = [NW]
    b.s.conquered.add(NW)
    b.s.players[0].position = C
    assert underground_targets(b.t, b.s, 0, [NW, W]) == [NW]
    assert underground_attack(b.t, b.s, 0, NW, b.events)
    pvp = b.s.pvp
    assert pvp is not None and pvp.keep and pvp.fortified == 0 and b.s.players[0].reputation == -1
    assert b.s.players[0].position == NW and not underground_attack(b.t, b.s, 0, W, [])
