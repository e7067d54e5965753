"""Small World, 2. Conquering Regions: every paragraph of the rulebook excerpt, from hand-set
positions. Test names start with the paragraph: first_conquest, conquering_region,
important_note, enemy_losses, following_conquests, example, final_conquest.

3-player map (content/map-3p.toml): 0 Sea (border); 1 Forest (border); 2 Mountain (border);
3 Farmland (border); 7 Farmland on the shore of Sea 0; 8 Swamp inland; 9 Hill inland; 12
Mountain (border); 14 Lake.
"""

from __future__ import annotations

from sw_invariants import check_state
from sw_positions import (
    clear,
    conquer_turn,
    fresh,
    give,
    give_decline,
    legal,
    lost_tribe,
    play,
    put,
    refused,
)

from boardrules.games.small_world.conquest import DIE_FACES, cost
from boardrules.games.small_world.state import LOST_TRIBE, NOBODY


# -- First Conquest -------------------------------------------------------------------------------
def test_first_conquest_must_enter_through_a_border_region() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "conquer 1" in acts and "conquer 3" in acts  # border Regions
    assert "conquer 8" not in acts and "conquer 9" not in acts  # inland
    err = refused(game, s, "conquer 8")
    assert "first conquest must enter through a border Region" in err.reason
    assert err.rule == "First Conquest"


def test_first_conquest_through_the_shore_of_a_sea_at_the_edge() -> None:
    """Region 7 does not touch the edge, but its shore is on Sea 0, which does."""
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    assert "conquer 7" in legal(game, s)
    play(game, s, "conquer 7")
    assert s.owner[7] == 0 and s.tokens[7] == 2


def test_first_conquest_through_a_shore_even_if_a_seafaring_race_holds_the_sea() -> None:
    game, s = fresh(3)
    give(s, 1, "tritons", "seafaring")
    put(s, 0, 1, "tritons", 2)  # Player 2's Seafaring Tritons hold Sea 0
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    assert "conquer 7" in legal(game, s)


def test_first_conquest_rule_applies_again_to_a_race_with_no_region_left() -> None:
    """A defender whose every Region was taken re-enters as if doing a First Conquest."""
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=0)
    s.hand[s.players[0].race] = 3
    s.tray[s.players[0].race] -= 3
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "conquer 3" in acts and "conquer 9" not in acts


# -- Conquering a Region --------------------------------------------------------------------------
def test_conquering_region_costs_two_tokens_when_empty() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 3")
    assert s.tokens[3] == 2 and s.hand[s.players[0].race] == 8
    check_state(game, s)


def test_conquering_region_one_more_for_each_marker() -> None:
    """+1 for each Encampment, Fortress, Mountain or Troll's Lair."""
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 2) == 3  # a Mountain
    assert cost(game.t, s, 3) == 2
    s.camps[3] = 2
    assert cost(game.t, s, 3) == 4  # two Encampments
    s.camps[3] = 0
    s.fortress[3] = True
    assert cost(game.t, s, 3) == 3
    s.lair[3] = True
    assert cost(game.t, s, 3) == 4  # a Fortress and a Troll's Lair


def test_conquering_region_one_more_for_each_defending_token() -> None:
    """+1 for each Lost Tribe or other player's Race token present (active or in decline)."""
    game, s = fresh(3)
    give(s, 1, "elves", "forest")
    put(s, 3, 1, "elves", 3)
    give_decline(s, 2, "humans")
    put(s, 1, 2, "humans", 1, declined=True)
    lost_tribe(s, 12)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 3) == 5
    assert cost(game.t, s, 1) == 3
    assert cost(game.t, s, 12) == 4  # a Mountain and a Lost Tribe


def test_conquering_region_seas_and_lakes_cannot_be_conquered() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=10)
    put(s, 13, 0, "ratmen", 2)  # next to Lake 14
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "conquer 0" not in acts and "conquer 14" not in acts
    err = refused(game, s, "conquer 14")
    assert "Seas and Lakes cannot be conquered" in err.reason


def test_conquering_region_tokens_used_are_deployed_there_and_stay_until_redeployment() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 2")  # a Mountain: 3 tokens
    play(game, s, "conquer 8")  # next to it: 2
    assert (s.tokens[2], s.tokens[8], s.hand[s.players[0].race]) == (3, 2, 5)
    # the tokens used stay put until troops are reorganised at the end of the turn
    assert "abandon 2" not in legal(game, s)
    play(game, s, "done")
    assert s.stage == "redeploy"
    assert s.tokens[2] == 1 and s.tokens[8] == 1 and s.hand[s.players[0].race] == 8


def test_conquering_region_not_enough_tokens() -> None:
    game, s = fresh(3)
    give(s, 1, "elves", "forest")
    put(s, 3, 1, "elves", 3)
    give(s, 0, "ratmen", "alchemist", hand=4)
    conquer_turn(game, s, 0)
    err = refused(game, s, "conquer 3")  # costs 5
    assert "takes 5 Race tokens and you have 4" in err.reason


# -- Important Note ---------------------------------------------------------------------------------
def test_important_note_at_least_one_token_to_start_a_conquest() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "commando", hand=0)  # Commando: costs never below 1
    put(s, 3, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    assert not [a for a in legal(game, s) if a.split()[0] in ("conquer", "reinforce")]
    err = refused(game, s, "conquer 2")
    assert "at least one Race token available" in err.reason


# -- Enemy Losses & Withdrawals ---------------------------------------------------------------------
def test_enemy_losses_one_token_to_the_tray_the_rest_back_in_hand() -> None:
    game, s = fresh(3)
    give(s, 1, "humans", "forest")
    put(s, 3, 1, "humans", 3)
    put(s, 20, 1, "humans", 2)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    humans = s.players[1].race
    tray = s.tray[humans]
    play(game, s, "conquer 3")  # 2 + 3 = 5
    assert s.owner[3] == 0 and s.tokens[3] == 5
    assert s.tray[humans] == tray + 1 and s.hand[humans] == 2
    check_state(game, s)


def test_enemy_losses_defender_redeploys_at_the_end_of_the_attackers_turn() -> None:
    """The defender is asked where to put the tokens, after the attacker's redeployment, into
    any Region still held (not necessarily adjacent)."""
    game, s = fresh(3)
    give(s, 1, "humans", "forest")
    put(s, 3, 1, "humans", 3)
    put(s, 20, 1, "humans", 1)
    put(s, 28, 1, "humans", 1)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 3")
    humans = s.players[1].race
    assert s.hand[humans] == 2
    play(game, s, "done")  # conquests over
    while s.stage != "defend":
        d = game.decision(s)
        assert d is not None and d.player == 0
        play(game, s, d.actions[0].text)
    d = game.decision(s)
    assert d is not None and d.player == 1
    assert sorted(a.text for a in d.actions) == ["place 20", "place 20 all", "place 28", "place 28 all"]
    play(game, s, "place 28")
    assert s.tokens[28] == 2 and s.hand[humans] == 1 and s.current == 0
    events = play(game, s, "place 20")
    # the defender's redeployment was the final action of Player 1's turn
    assert [e.kind for e in events][0] == "turn" and s.current == 1
    assert s.tokens[20] + s.tokens[28] + s.hand[humans] == 4  # readied again for Player 2's turn
    check_state(game, s)


def test_enemy_losses_several_defenders_redeploy_clockwise_from_the_active_player() -> None:
    """Player 3 takes a Region from Player 2 first, then one from Player 4: Player 4 (next
    clockwise after Player 3) redeploys before Player 2 (4-player map)."""
    game, s = fresh(4)
    give(s, 1, "humans", "forest")
    give(s, 3, "elves", "hill")
    for r in (5, 27, 28):
        put(s, r, 1, "humans", 2)
    for r in (4, 12, 18):
        put(s, r, 3, "elves", 2)
    give(s, 2, "ratmen", "alchemist", hand=13)
    conquer_turn(game, s, 2)
    play(game, s, "conquer 5")  # Player 2's Humans first...
    play(game, s, "conquer 4")  # ...then Player 4's Elves
    play(game, s, "done")
    asked = []
    for _ in range(60):
        if s.current != 2:
            break
        d = game.decision(s)
        assert d is not None
        if s.stage == "defend" and (not asked or asked[-1] != d.player):
            asked.append(d.player)
        play(game, s, d.actions[0].text)
    assert asked == [3, 1]
    check_state(game, s)


def test_enemy_losses_with_no_region_left_tokens_wait_in_hand_for_a_first_conquest() -> None:
    game, s = fresh(3)
    give(s, 1, "humans", "forest")
    put(s, 3, 1, "humans", 3)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 3")
    humans = s.players[1].race
    for _ in range(60):
        if s.current == 1:
            break
        d = game.decision(s)
        assert d is not None and d.player == 0, "the defender with no Region is not asked"
        play(game, s, d.actions[0].text)
    assert s.hand[humans] == 2 + 0 and humans not in s.race
    # Player 2's turn: the Humans re-enter as if doing a First Conquest
    d = game.decision(s)
    assert d is not None and d.player == 1
    acts = [a.text for a in d.actions]
    assert "conquer 1" not in acts or s.owner[1] != 0
    assert "conquer 9" not in acts  # inland: not a way in


def test_enemy_losses_a_single_token_is_discarded() -> None:
    """A Lost Tribe, a Race in decline, or an active Race with one token: the token goes."""
    game, s = fresh(3)
    lost_tribe(s, 1)
    give_decline(s, 1, "humans")
    put(s, 2, 1, "humans", 1, declined=True)
    give(s, 2, "elves", "hill")  # placeholder combo for seat 3
    give(s, 0, "ratmen", "alchemist", hand=12)
    conquer_turn(game, s, 0)
    lost = s.lost_tribes
    play(game, s, "conquer 1")
    assert s.owner[1] == 0 and s.lost_tribes == lost  # the Lost Tribe token is gone for good
    humans = s.players[1].declines[0][0]
    play(game, s, "conquer 2")
    assert s.hand[humans] == 0 and humans not in s.race
    assert 1 not in s.defenders
    check_state(game, s)


def test_enemy_losses_conquering_your_own_region_in_decline() -> None:
    """You may conquer your own In Decline token's Region: you lose that token."""
    game, s = fresh(3)
    give_decline(s, 0, "humans")
    put(s, 3, 0, "humans", 1, declined=True)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 3) == 2  # your own token adds nothing ("other player's")
    humans = s.players[0].declines[0][0]
    tray = s.tray[humans]
    play(game, s, "conquer 3")
    assert s.race[3] == s.players[0].race and not s.declined[3]
    assert s.tray[humans] == tray + 1
    check_state(game, s)


def test_enemy_losses_mountains_stay_to_defend_the_new_conqueror() -> None:
    game, s = fresh(3)
    give(s, 1, "humans", "forest")
    put(s, 2, 1, "humans", 2)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 2")  # 2 + Mountain + 2 Humans = 5
    assert s.tokens[2] == 5
    give(s, 2, "elves", "hill", hand=10)
    conquer_turn(game, s, 2)
    assert cost(game.t, s, 2) == 2 + 1 + 5  # the Mountain still counts, now for Player 1


# -- Following Conquests ---------------------------------------------------------------------------
def test_following_conquests_as_many_as_tokens_allow() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=7)
    conquer_turn(game, s, 0)
    events = play(game, s, "conquer 3") + play(game, s, "conquer 4")
    events += play(game, s, "conquer 10")  # a Mountain: 3
    assert [(e.data["region"], e.data["tokens"]) for e in events if e.kind == "conquer"] == [(3, 2), (4, 2), (10, 3)]
    # no token left: the conquests are over and the turn moves on by itself
    assert s.stage == "redeploy"


def test_following_conquests_must_be_adjacent() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 3")
    acts = legal(game, s)
    assert "conquer 4" in acts and "conquer 9" in acts  # neighbours of 3
    assert "conquer 28" not in acts  # a border Region, but not adjacent any more
    err = refused(game, s, "conquer 28")
    assert "adjacent to a Region your Race already occupies" in err.reason
    assert err.rule == "Following Conquests"


# -- The example -------------------------------------------------------------------------------------
def test_example_lost_tribe_hills_cost_three_then_the_elves_farmland() -> None:
    """"To enter the board through these Lost Tribe-occupied Hills, the player must use 3 of
    his precious Race tokens. After successfully conquering the hills, this crew ventures into
    the elves' neighboring farmlands." (4-player map: Hill 4 with a Lost Tribe, Farmland 8.)"""
    game, s = fresh(4)
    lost_tribe(s, 4)
    give(s, 1, "elves", "forest")
    put(s, 8, 1, "elves", 2)
    give(s, 0, "orcs", "alchemist", hand=9)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 4) == 3
    play(game, s, "conquer 4")
    assert s.tokens[4] == 3 and s.hand[s.players[0].race] == 6
    assert cost(game.t, s, 8) == 4
    play(game, s, "conquer 8")
    assert s.owner[8] == 0 and s.tokens[8] == 4 and s.hand[s.players[0].race] == 2
    # Elves lose no token when conquered: both go back to hand
    assert s.hand[s.players[1].race] == 2
    check_state(game, s)


# -- Final conquest (reinforcement die) ---------------------------------------------------------------
def test_final_conquest_die_only_when_at_most_three_short() -> None:
    game, s = fresh(3)
    give(s, 1, "elves", "forest")
    put(s, 3, 1, "elves", 3)  # costs 5
    put(s, 2, 1, "elves", 4)  # a Mountain: costs 7
    give(s, 0, "ratmen", "alchemist", hand=2)
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "reinforce 3" in acts  # 3 short
    assert "reinforce 2" not in acts  # 5 short
    assert "conquer 1" in acts and "reinforce 1" not in acts  # affordable: no die


def test_final_conquest_the_die_decides_and_conquests_end() -> None:
    for seed in range(12):
        game, s = fresh(3, seed=seed)
        give(s, 0, "ratmen", "alchemist", hand=1)
        conquer_turn(game, s, 0)
        ratmen = s.players[0].race
        events = play(game, s, "reinforce 3")  # costs 2, 1 in hand: needs a 1 or better
        roll = next(e.data["roll"] for e in events if e.kind == "die")
        assert roll in DIE_FACES
        if roll >= 1:
            assert s.owner[3] == 0 and s.tokens[3] == 1
        else:
            assert s.owner[3] == NOBODY and s.hand[ratmen] in (0, 1)
        assert s.stage != "conquer"  # conquests are over either way


def test_final_conquest_faces_zero_zero_zero_one_two_three() -> None:
    assert sorted(DIE_FACES) == [0, 0, 0, 1, 2, 3]


def test_conquering_region_lost_tribes_are_placed_at_setup() -> None:
    game, s = fresh(3, lost_tribes=True)
    m = game.t.maps[3]
    assert [r for r in range(m.n) if s.owner[r] == LOST_TRIBE] == [r for r in range(m.n) if m.lost_tribe[r]]
    clear(s, 5)
    assert s.owner[5] == NOBODY


# -- Two rules at once, edges of the supply --------------------------------------------------------
def test_conquering_region_race_and_power_reductions_together_never_below_one() -> None:
    """Conquering a Region with Giants (1 less next to their Mountain) and Commando (1 less):
    an empty Farmland costs 2 - 1 - 1, but a conquest always takes at least one token."""
    game, s = fresh(3)
    give(s, 0, "giants", "commando", hand=1)
    put(s, 2, 0, "giants", 1)  # the Mountain next to Farmland 3
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 3) == 1
    play(game, s, "conquer 3")
    assert s.owner[3] == 0 and s.tokens[3] == 1 and s.hand[s.players[0].race] == 0
    check_state(game, s)


def test_conquering_region_mountain_lair_fortress_and_defenders_all_count() -> None:
    """Conquering a Region: 2 + 1 for the Mountain + 1 for the Troll's Lair + 1 for the Fortress
    + 1 for each of the 3 Trolls. Enemy Losses: 1 Troll to the tray, 2 back in hand; the Lair
    and the Fortress leave with the Trolls, the Mountain stays."""
    game, s = fresh(3)
    give(s, 1, "trolls", "fortified")
    put(s, 2, 1, "trolls", 3)
    s.lair[2] = s.fortress[2] = True
    put(s, 1, 1, "trolls", 1)
    give(s, 0, "ratmen", "alchemist", hand=9)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 2) == 8
    play(game, s, "conquer 2")
    trolls = s.players[1].race
    assert s.owner[2] == 0 and s.tokens[2] == 8 and s.hand[trolls] == 2
    assert not s.lair[2] and not s.fortress[2]
    assert cost(game.t, s, 2) == 2 + 1  # the Mountain still counts; the conqueror's own tokens do not
    check_state(game, s)


def test_enemy_losses_a_lone_token_on_a_mountain_is_discarded_and_the_mountain_stays() -> None:
    """Enemy Losses: a Region defended by a single active token: the token is discarded, none
    comes back to hand, so its owner has nothing to redeploy; Mountains are immovable."""
    game, s = fresh(3)
    give(s, 1, "humans", "forest")
    put(s, 12, 1, "humans", 1)
    put(s, 1, 1, "humans", 2)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    humans = s.players[1].race
    tray = s.tray[humans]
    play(game, s, "conquer 12")  # 2 + Mountain + 1 Human = 4
    assert s.tokens[12] == 4 and s.hand[humans] == 0 and s.tray[humans] == tray + 1
    assert 1 not in s.defenders
    assert cost(game.t, s, 12) == 2 + 1  # for Player 1's own tokens nothing but the Mountain
    check_state(game, s)


def test_following_conquests_adjacent_to_active_tokens_not_to_your_race_in_decline() -> None:
    """Following Conquests: "adjacent to a Region already occupied by his active Race tokens":
    a Region next only to your Race in decline is out of reach."""
    game, s = fresh(3)
    give_decline(s, 0, "humans")
    put(s, 9, 0, "humans", 1, declined=True)
    give(s, 0, "ratmen", "alchemist", hand=10)
    put(s, 3, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "conquer 4" in acts  # next to the Ratmen in 3
    assert "conquer 13" not in acts  # next to the Humans in decline in 9 only
    assert refused(game, s, "conquer 13").rule == "Following Conquests"


def test_conquering_region_encampments_count_and_leave_with_a_lone_defender() -> None:
    """Conquering a Region: +1 for each Encampment and each defending token (2 Encampments, 1
    Human: 5). Enemy Losses: the lone Human is discarded; the Encampments do not stay to defend
    the new conqueror."""
    game, s = fresh(3)
    give(s, 1, "humans", "bivouacking")
    put(s, 3, 1, "humans", 1)
    put(s, 20, 1, "humans", 2)
    s.camps[3] = 2
    s.camps_left -= 2
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 3) == 5
    play(game, s, "conquer 3")
    assert s.tokens[3] == 5 and s.camps[3] == 0 and s.hand[s.players[1].race] == 0
    assert cost(game.t, s, 3) == 2  # nothing of the Humans' defends it now
    check_state(game, s)
