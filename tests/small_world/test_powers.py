"""Small World, the 20 Special Powers (facts 2.3 and "Rulings"): each Power's effect from
hand-set positions, with the contrast case where it helps. Test names start with the Power.

3-player map (content/map-3p.toml), the Regions used here:
 0 Sea (border)            1 Forest (border)        2 Mountain (border)     3 Farmland (border)
 4 Swamp Cavern (border)   5 Forest (border)        6 Swamp (border)        7 Farmland (Sea 0 shore)
 8 Swamp                   9 Hill                   10 Mountain             11 Farmland
12 Mountain Cavern (border) 13 Swamp               14 Lake                 15 Mountain Cavern
16 Hill                   19 Forest Cavern         20 Hill                 23 Hill Cavern
25 Hill (border)          28 Forest (border)       29 Forest (border)
Adjacency: 3-2,4,9,10; 4-3,5,10,11; 8-1,2,7,9,12,13; 9-2,3,8,10,13,14; 13-8,9,12,14,18,19;
14 (Lake)-9,10,13,15,19,20,21; 19-13,14,18,20,26,27.
"""

from __future__ import annotations

from sw_invariants import check_state
from sw_positions import (
    conquer_turn,
    fresh,
    give,
    give_decline,
    legal,
    lost_tribe,
    play,
    put,
    refresh,
    refused,
)

from boardrules.games.small_world import SmallWorld
from boardrules.games.small_world.conquest import DIE_FACES, cost, immune
from boardrules.games.small_world.state import NOBODY, NONE, SWState


# -- helpers -----------------------------------------------------------------------------------
def finish_turn(game: SmallWorld, s: SWState) -> int:
    """Play the rest of the current player's turn ("done" where offered, else the first legal
    action) and return the coins that player earned."""
    player = s.current
    before = s.players[player].coins
    for _ in range(300):
        if s.current != player or s.over:
            return s.players[player].coins - before
        acts = legal(game, s)
        play(game, s, "done" if "done" in acts else acts[0])
    raise AssertionError("the turn does not end")


def ids(game: SmallWorld, race: str, power: str) -> tuple[int, int]:
    return game.t.race_index[race], game.t.power_index[power]


def add_hand(game: SmallWorld, s: SWState, race: str, n: int) -> None:
    """``n`` more tokens of ``race`` in its owner's hand, from the tray."""
    r = game.t.race_index[race]
    s.tray[r] -= n
    s.hand[r] += n
    refresh(s)


def ready(game: SmallWorld, s: SWState, race: str) -> None:
    """Ready troops: all but one token of each Region of ``race`` back in hand."""
    r = game.t.race_index[race]
    for region in s.regions_of(r):
        s.hand[r] += s.tokens[region] - 1
        s.tokens[region] = 1
    refresh(s)


def offer(game: SmallWorld, s: SWState, race: str, power: str) -> None:
    """Put the combo ``power race`` on top of the market (free), swapping the banner and badge
    with wherever they are, so every banner and badge stays in one place."""
    r, pw = ids(game, race, power)
    top = s.market[0]
    for i, m in enumerate(s.market):
        if m[0] == r:
            s.market[i][0], top[0] = top[0], r
            break
    else:
        k = s.race_deck.index(r)
        s.race_deck[k], top[0] = top[0], r
    for i, m in enumerate(s.market):
        if m[1] == pw:
            s.market[i][1], top[1] = top[1], pw
            break
    else:
        k = s.power_deck.index(pw)
        s.power_deck[k], top[1] = top[1], pw
    refresh(s)


def conquest_actions(game: SmallWorld, s: SWState) -> list[str]:
    return [a for a in legal(game, s) if a.split()[0] in ("conquer", "reinforce", "dragon", "roll")]


def scored(power: str, active: list[int], declined: list[int], race: str = "ratmen") -> int:
    """Coins Player 1 earns at the end of a turn with ``power race`` in ``active`` Regions (one
    token each, no conquest) and Humans in decline in ``declined`` Regions."""
    game, s = fresh(3)
    give(s, 0, race, power)
    if declined:
        give_decline(s, 0, "humans")
    for r in active:
        put(s, r, 0, race, 1)
    for r in declined:
        put(s, r, 0, "humans", 1, declined=True)
    conquer_turn(game, s, 0)
    coins = finish_turn(game, s)
    check_state(game, s)
    return coins


# -- Alchemist -----------------------------------------------------------------------------------
def test_power_alchemist_two_coins_at_the_end_of_each_turn() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=4)
    put(s, 3, 0, "ratmen", 2)
    put(s, 4, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 9")
    coins = finish_turn(game, s)
    assert coins == 3 + 2  # 3 Regions + Alchemist
    # the next turn it pays again
    conquer_turn(game, s, 0)
    assert finish_turn(game, s) == 3 + 2
    # contrast: the same Regions without Alchemist
    assert scored("commando", [3, 4, 9], []) == 3
    check_state(game, s)


def test_power_alchemist_pays_nothing_once_in_decline() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist")
    put(s, 3, 0, "ratmen", 3)
    put(s, 4, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    before = s.players[0].coins
    play(game, s, "decline")
    assert s.current == 1  # the decline turn is scored and over
    assert s.players[0].coins - before == 2  # 2 Regions in decline, no Alchemist bonus
    assert game.t.power_index["alchemist"] in s.power_deck  # the badge was discarded
    check_state(game, s)


# -- Berserk -------------------------------------------------------------------------------------
def test_power_berserk_roll_before_the_conquest_lowers_its_cost() -> None:
    game, s = fresh(3)
    give(s, 1, "elves", "hill")
    put(s, 9, 1, "elves", 3)  # costs 2 + 3 = 5
    give(s, 0, "ratmen", "berserk", hand=4)
    put(s, 3, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "roll" in acts
    assert (
        "conquer 9" not in acts and "reinforce 9" not in acts
    )  # no final-conquest roll for Berserk
    events = play(game, s, "roll")
    roll = next(e.data["roll"] for e in events if e.kind == "die")
    assert roll in DIE_FACES and s.roll == roll
    assert "roll" not in legal(game, s)  # one roll per conquest
    s.roll = 3  # control the die
    refresh(s)
    assert cost(game.t, s, 9) == 5 - 3
    assert "conquer 9" in legal(game, s)
    play(game, s, "conquer 9")
    ratmen = s.players[0].race
    assert s.owner[9] == 0 and s.tokens[9] == 2 and s.hand[ratmen] == 2
    assert s.roll == -1 and cost(game.t, s, 10) == 3  # the roll was for that conquest only
    assert "roll" in legal(game, s)  # and may be rolled again before the next one
    check_state(game, s)


def test_power_berserk_roll_never_brings_a_cost_below_one() -> None:
    for seed in range(10):
        game, s = fresh(3, seed=seed)
        give(s, 0, "ratmen", "berserk", hand=5)
        put(s, 3, 0, "ratmen", 1)
        conquer_turn(game, s, 0)
        events = play(game, s, "roll")
        roll = next(e.data["roll"] for e in events if e.kind == "die")
        assert roll in DIE_FACES
        play(game, s, "conquer 10")  # a Mountain: 3
        assert s.tokens[10] == max(3 - roll, 1)
        check_state(game, s)
    game, s = fresh(3)
    give(s, 0, "ratmen", "berserk", hand=5)
    put(s, 3, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    play(game, s, "roll")
    s.roll = 3
    refresh(s)
    play(game, s, "conquer 4")  # empty: 2 - 3, but at least 1
    assert s.tokens[4] == 1 and s.hand[s.players[0].race] == 4
    check_state(game, s)


def test_power_berserk_a_roll_too_low_ends_the_conquests() -> None:
    """1 token in hand, an empty Region costs 2: a blank roll leaves no conquest (the turn moves
    on by itself); a roll of 1 or more makes it affordable."""
    seen = set()
    for seed in range(30):
        game, s = fresh(3, seed=seed)
        give(s, 0, "ratmen", "berserk", hand=1)
        put(s, 3, 0, "ratmen", 1)
        conquer_turn(game, s, 0)
        assert "conquer 4" not in legal(game, s)  # 2 needed, 1 in hand
        events = play(game, s, "roll")
        roll = next(e.data["roll"] for e in events if e.kind == "die")
        seen.add(roll)
        if roll == 0:
            assert s.stage != "conquer"  # not enough tokens: no further conquest
        else:
            assert s.stage == "conquer" and "conquer 4" in legal(game, s)
        check_state(game, s)
    assert 0 in seen and len(seen) > 1


def test_power_berserk_rolling_commits_to_conquering_no_decline_after() -> None:
    """The roll is made "before each conquest": it is part of expanding, so the Race can no
    longer go into decline (or abandon Regions) once it has rolled."""
    game, s = fresh(3)
    give(s, 0, "ratmen", "berserk", hand=1)
    put(s, 3, 0, "ratmen", 2)
    conquer_turn(game, s, 0)
    assert "decline" in legal(game, s)
    play(game, s, "roll")
    acts = legal(game, s)
    assert "decline" not in acts
    assert "abandon 3" not in acts
    check_state(game, s)


# -- Bivouacking ---------------------------------------------------------------------------------
def test_power_bivouacking_encampments_stack_and_add_defence() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "bivouacking")
    put(s, 3, 0, "ratmen", 1)
    put(s, 4, 0, "ratmen", 1)
    give(s, 1, "elves", "hill", hand=10)
    put(s, 9, 1, "elves", 1)
    conquer_turn(game, s, 0)
    play(game, s, "done")
    assert s.stage == "camps" and s.camps_left == 5
    assert sorted(legal(game, s)) == ["camp 3", "camp 4", "done"]
    for r in (3, 3, 4, 4, 4):
        play(game, s, f"camp {r}")
    assert (s.camps[3], s.camps[4]) == (2, 3)
    assert s.current == 1  # all five placed: the turn went on by itself
    assert s.stage == "conquer"
    # each Encampment is +1 to the Region's defence
    conquer_turn(game, s, 1)
    assert cost(game.t, s, 3) == 2 + 2 + 1
    assert cost(game.t, s, 10) == 3  # an empty Mountain next to them: no Encampment
    elves = s.players[1].race
    hand = s.hand[elves]
    play(game, s, "conquer 3")
    assert s.owner[3] == 1 and s.tokens[3] == 5 and s.hand[elves] == hand - 5
    assert s.camps[3] == 0 and s.camps[4] == 3  # the Encampments left with the Ratmen
    check_state(game, s)


def test_power_bivouacking_all_five_placed_again_each_turn_removed_at_decline() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "bivouacking")
    put(s, 3, 0, "ratmen", 1)
    put(s, 4, 0, "ratmen", 1)
    give(s, 1, "elves", "hill", hand=10)
    put(s, 9, 1, "elves", 1)
    conquer_turn(game, s, 0)
    play(game, s, "done")
    for r in (3, 3, 4, 4, 4):
        play(game, s, f"camp {r}")
    conquer_turn(game, s, 1)
    play(game, s, "conquer 3")  # the 2 Encampments of Region 3 are not lost
    conquer_turn(game, s, 0)
    play(game, s, "done")
    assert s.stage == "camps"
    assert s.camps_left == 5 and sum(s.camps) == 0  # all five picked up to be placed again
    play(game, s, "camp 4")
    play(game, s, "done")  # may leave some unplaced
    assert s.camps[4] == 1 and sum(s.camps) == 1
    # decline: the Encampments are removed
    conquer_turn(game, s, 0)
    play(game, s, "decline")
    assert sum(s.camps) == 0 and s.declined[4]
    check_state(game, s)


# -- Commando ------------------------------------------------------------------------------------
def test_power_commando_conquests_cost_one_less() -> None:
    game, s = fresh(3)
    give(s, 1, "elves", "hill")
    put(s, 9, 1, "elves", 2)
    lost_tribe(s, 13)
    give(s, 0, "ratmen", "commando", hand=6)
    put(s, 8, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    t = game.t
    assert [cost(t, s, r) for r in (1, 2, 9, 13, 12)] == [1, 2, 3, 2, 2]
    play(game, s, "conquer 1")  # an empty Forest: 1 token
    play(game, s, "conquer 9")  # 2 + 2 Elves - 1
    ratmen = s.players[0].race
    assert (s.tokens[1], s.tokens[9], s.hand[ratmen]) == (1, 3, 2)
    check_state(game, s)
    # contrast: without Commando
    game, s = fresh(3)
    give(s, 1, "elves", "hill")
    put(s, 9, 1, "elves", 2)
    give(s, 0, "ratmen", "alchemist", hand=6)
    put(s, 8, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    assert [cost(game.t, s, r) for r in (1, 2, 9)] == [2, 3, 4]


def test_power_commando_never_below_one_token() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "commando", hand=1)
    put(s, 8, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "conquer 1" in acts and "reinforce 1" not in acts  # 1 token is enough
    assert "conquer 2" not in acts and "reinforce 2" in acts  # a Mountain still takes 2
    play(game, s, "conquer 1")
    assert s.tokens[1] == 1 and s.hand[s.players[0].race] == 0
    assert s.stage != "conquer"  # no token left: conquests over
    check_state(game, s)


# -- Diplomat ------------------------------------------------------------------------------------
def _diplomat_position() -> tuple[SmallWorld, SWState]:
    game, s = fresh(3)
    give(s, 0, "ratmen", "diplomat")
    put(s, 3, 0, "ratmen", 2)
    put(s, 4, 0, "ratmen", 2)
    give_decline(s, 0, "dwarves")
    put(s, 8, 0, "dwarves", 1, declined=True)
    give(s, 1, "humans", "alchemist")
    put(s, 9, 1, "humans", 4)  # next to Ratmen 3 and Dwarves 8
    put(s, 10, 1, "humans", 4)  # next to Ratmen 3 and 4
    give(s, 2, "elves", "hill")
    put(s, 5, 2, "elves", 6)  # next to Ratmen 4
    return game, s


def test_power_diplomat_named_player_cannot_attack_until_the_diplomats_next_turn() -> None:
    game, s = _diplomat_position()
    conquer_turn(game, s, 0)
    play(game, s, "done")
    while s.stage == "redeploy":
        play(game, s, legal(game, s)[0])
    assert s.stage == "diplomat"
    assert sorted(legal(game, s)) == ["done", "peace 2", "peace 3"]
    play(game, s, "peace 2")
    assert s.peace[0] == 1
    # Player 2's turn: their active Humans may not attack the Diplomat's active Ratmen
    assert s.current == 1 and s.stage == "conquer"
    humans = s.players[1].race
    acts = legal(game, s)
    assert cost(game.t, s, 3) <= s.hand[humans]  # affordable, yet forbidden
    assert "conquer 3" not in acts and "conquer 4" not in acts and "reinforce 4" not in acts
    err = refused(game, s, "conquer 3")
    assert "at peace" in err.reason and err.rule == "Diplomat"
    assert "conquer 8" in acts  # the Diplomat's Race in decline is not protected
    finish_turn(game, s)
    # Player 3 was not named: the Elves may attack the Ratmen
    assert s.current == 2
    assert "conquer 4" in legal(game, s)
    finish_turn(game, s)
    # the Diplomat's next turn begins: the peace is over
    assert s.current == 0
    assert s.peace[0] == NOBODY
    finish_turn(game, s)  # names no one this time
    assert s.current == 1
    acts = legal(game, s)
    assert "conquer 3" in acts
    play(game, s, "conquer 3")
    assert s.owner[3] == 1
    check_state(game, s)


def test_power_diplomat_cannot_name_a_player_it_attacked() -> None:
    game, s = _diplomat_position()
    conquer_turn(game, s, 0)
    add_hand(game, s, "ratmen", 8)
    play(game, s, "conquer 10")  # Player 2's active Humans: 2 + Mountain + 4 = 7
    assert s.owner[10] == 0
    play(game, s, "done")
    for _ in range(20):
        if s.stage != "redeploy":
            break
        play(game, s, legal(game, s)[0])
    assert s.stage == "diplomat"
    assert sorted(legal(game, s)) == ["done", "peace 3"]
    refused(game, s, "peace 2")
    play(game, s, "peace 3")
    assert s.peace[0] == 2
    check_state(game, s)


def test_power_diplomat_peace_does_not_stop_the_named_players_ghouls_in_decline() -> None:
    """The peace binds the named player's active Race: its Ghouls in decline (which conquer as
    if active, before the active Race) may still attack the Diplomat."""
    game, s = fresh(3)
    give(s, 0, "ratmen", "diplomat")
    put(s, 3, 0, "ratmen", 2)
    put(s, 4, 0, "ratmen", 2)
    give_decline(s, 1, "ghouls")
    put(s, 2, 1, "ghouls", 6, declined=True)  # a Mountain next to Ratmen 3
    give(s, 1, "humans", "alchemist")
    put(s, 9, 1, "humans", 6)  # next to Ratmen 3
    conquer_turn(game, s, 0)
    play(game, s, "done")
    while s.stage == "redeploy":
        play(game, s, legal(game, s)[0])
    play(game, s, "peace 2")
    assert s.current == 1 and s.acting == game.t.race_index["ghouls"]
    assert "conquer 3" in legal(game, s)  # the Ghouls in decline are not bound
    play(game, s, "done")
    assert s.acting == game.t.race_index["humans"] and s.stage == "conquer"
    assert cost(game.t, s, 3) <= s.hand[s.acting]
    assert "conquer 3" not in legal(game, s)  # the active Humans are
    check_state(game, s)


# -- Dragon Master -------------------------------------------------------------------------------
def _dragon_position() -> tuple[SmallWorld, SWState]:
    game, s = fresh(3)
    give(s, 1, "elves", "hill")
    put(s, 9, 1, "elves", 4)  # costs 6
    put(s, 13, 1, "elves", 1)  # next to 9 and 8
    give(s, 0, "ratmen", "dragon-master", hand=5)
    put(s, 3, 0, "ratmen", 1)
    return game, s


def test_power_dragon_master_conquers_with_one_token_whatever_defends() -> None:
    game, s = _dragon_position()
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "conquer 9" not in acts  # 6 needed, 5 in hand
    assert "dragon 9" in acts and "dragon 10" in acts and "dragon 28" not in acts  # not adjacent
    play(game, s, "dragon 9")
    ratmen, elves = s.players[0].race, s.players[1].race
    assert s.owner[9] == 0 and s.tokens[9] == 1 and s.hand[ratmen] == 4
    assert s.dragon == 9
    assert s.hand[elves] == 4  # the Elves withdraw as from any conquest (Elves lose none)
    # once a turn
    assert not [a for a in legal(game, s) if a.startswith("dragon")]
    err = refused(game, s, "dragon 10")
    assert "once a turn" in err.reason
    play(game, s, "conquer 8")  # ordinary conquests go on
    assert s.tokens[8] == 2
    check_state(game, s)


def test_power_dragon_master_dragon_region_is_immune() -> None:
    game, s = _dragon_position()
    conquer_turn(game, s, 0)
    play(game, s, "dragon 9")
    play(game, s, "conquer 8")
    finish_turn(game, s)
    assert s.dragon == 9 and s.owner[9] == 0
    conquer_turn(game, s, 1)
    add_hand(game, s, "elves", 5)
    acts = legal(game, s)
    assert "conquer 9" not in acts and "reinforce 9" not in acts
    err = refused(game, s, "conquer 9")
    assert "Dragon" in err.reason
    assert "conquer 8" in acts  # the Ratmen next to it are not protected
    check_state(game, s)


def test_power_dragon_master_dragon_moves_and_leaves_at_decline() -> None:
    game, s = _dragon_position()
    conquer_turn(game, s, 0)
    play(game, s, "dragon 9")
    finish_turn(game, s)
    conquer_turn(game, s, 0)
    ready(game, s, "ratmen")
    play(game, s, "dragon 2")  # a Mountain: still one token
    assert s.dragon == 2 and s.tokens[2] == 1
    assert not immune(s, 9) and immune(s, 2)
    finish_turn(game, s)
    conquer_turn(game, s, 0)
    play(game, s, "decline")
    assert s.dragon == NOBODY and not immune(s, 2)
    check_state(game, s)


# -- Flying --------------------------------------------------------------------------------------
def test_power_flying_first_conquest_need_not_be_a_border_region() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "flying", hand=10)
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "conquer 9" in acts and "conquer 16" in acts  # inland
    assert "conquer 14" not in acts  # a Lake is still no Region to conquer
    assert "Seas and Lakes" in refused(game, s, "conquer 14").reason
    play(game, s, "conquer 16")
    assert s.owner[16] == 0 and s.tokens[16] == 2
    # contrast: without Flying
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    assert "conquer 16" not in legal(game, s)
    check_state(game, s)


def test_power_flying_conquers_regions_not_adjacent_to_its_own() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "flying", hand=10)
    put(s, 3, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 28")
    play(game, s, "conquer 16")
    assert s.owner[28] == 0 and s.owner[16] == 0
    assert s.hand[s.players[0].race] == 6
    check_state(game, s)


# -- Forest / Hill / Swamp -------------------------------------------------------------------------
def test_power_forest_one_coin_per_forest_region() -> None:
    # Forests 1 and 28, Swamp 8; Humans in decline on Forest 5 (no bonus in decline)
    assert scored("forest", [1, 28, 8], [5]) == 4 + 2
    assert scored("hill", [1, 28, 8], [5]) == 4  # contrast: the Forests pay nothing to Hill


def test_power_forest_counts_forests_conquered_this_turn() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "forest", hand=4)
    put(s, 2, 0, "ratmen", 1)  # a Mountain
    conquer_turn(game, s, 0)
    play(game, s, "conquer 1")  # a Forest
    play(game, s, "conquer 8")  # a Swamp
    assert finish_turn(game, s) == 3 + 1  # Regions 2, 1, 8; one Forest
    check_state(game, s)


def test_power_hill_one_coin_per_hill_region() -> None:
    # Hills 9, 16, 20; Forest 1; Humans in decline on Hill 25
    assert scored("hill", [9, 16, 20, 1], [25]) == 5 + 3
    assert scored("swamp", [9, 16, 20, 1], [25]) == 5


def test_power_swamp_one_coin_per_swamp_region() -> None:
    # Swamps 4, 6, 8; Hill 9; Humans in decline on Swamp 13
    assert scored("swamp", [4, 6, 8, 9], [13]) == 5 + 3
    assert scored("forest", [4, 6, 8, 9], [13]) == 5


# -- Fortified -----------------------------------------------------------------------------------
def test_power_fortified_fortress_adds_defence_and_a_coin() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "fortified")
    put(s, 3, 0, "ratmen", 2)
    put(s, 4, 0, "ratmen", 1)
    give(s, 1, "elves", "hill", hand=10)
    put(s, 9, 1, "elves", 1)
    conquer_turn(game, s, 0)
    before = s.players[0].coins
    play(game, s, "done")
    play(game, s, "place 3")
    assert s.stage == "fortress"
    assert sorted(legal(game, s)) == ["done", "fortress 3", "fortress 4"]
    play(game, s, "fortress 3")
    assert s.fortress[3] and not s.fortress[4]
    assert s.players[0].coins - before == 2 + 1  # 2 Regions + 1 Fortress
    conquer_turn(game, s, 1)
    assert cost(game.t, s, 3) == 2 + 1 + 2  # the Fortress and 2 Ratmen
    assert cost(game.t, s, 4) == 2 + 1
    check_state(game, s)


def test_power_fortified_one_fortress_a_turn_one_per_region() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "fortified")
    put(s, 3, 0, "ratmen", 1)
    put(s, 4, 0, "ratmen", 1)
    put(s, 10, 0, "ratmen", 1)
    s.fortress[3] = True  # built on an earlier turn
    conquer_turn(game, s, 0)
    before = s.players[0].coins
    play(game, s, "done")
    assert s.stage == "fortress"
    assert sorted(legal(game, s)) == ["done", "fortress 10", "fortress 4"]  # not twice in Region 3
    play(game, s, "fortress 4")
    assert s.current == 1  # once a turn: no second Fortress offered
    assert s.players[0].coins - before == 3 + 2
    check_state(game, s)


def test_power_fortified_at_most_six_fortresses_which_stay_in_decline() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "fortified")
    regions = [3, 4, 10, 9, 2, 8, 1]
    for r in regions:
        put(s, r, 0, "ratmen", 1)
    for r in regions[:6]:
        s.fortress[r] = True
    conquer_turn(game, s, 0)
    before = s.players[0].coins
    play(game, s, "done")  # six on the map: no Fortress to place
    assert s.current == 1
    assert s.players[0].coins - before == 7 + 6
    # decline: the Fortresses stay and defend, but pay nothing
    conquer_turn(game, s, 0)
    before = s.players[0].coins
    play(game, s, "decline")
    assert sum(s.fortress) == 6 and all(s.declined[r] for r in regions)
    assert s.players[0].coins - before == 7
    give(s, 1, "elves", "hill", hand=10)
    put(s, 13, 1, "elves", 1)
    conquer_turn(game, s, 1)
    assert cost(game.t, s, 9) == 2 + 1 + 1  # the Fortress and the token in decline
    assert cost(game.t, s, 1) == 2 + 1  # no Fortress there
    check_state(game, s)


def test_power_fortified_fortresses_of_a_race_in_decline_pay_nothing() -> None:
    """Fortresses left by an earlier Race now in decline still defend, but only the active
    Fortified Race's Fortresses pay a coin."""
    game, s = fresh(3)
    give_decline(s, 0, "humans")
    put(s, 5, 0, "humans", 1, declined=True)
    s.fortress[5] = True
    give(s, 0, "ratmen", "fortified")
    put(s, 3, 0, "ratmen", 1)
    put(s, 4, 0, "ratmen", 1)
    s.fortress[3] = True
    conquer_turn(game, s, 0)
    play(game, s, "done")
    assert sorted(legal(game, s)) == ["done", "fortress 4"]  # not in the Region in decline
    assert finish_turn(game, s) == 3 + 1  # 3 Regions + the active Race's Fortress
    check_state(game, s)


# -- Heroic --------------------------------------------------------------------------------------
def test_power_heroic_two_heroes_make_their_regions_immune() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "heroic")
    for r in (3, 4, 10):
        put(s, r, 0, "ratmen", 1)
    give(s, 1, "elves", "hill")
    put(s, 9, 1, "elves", 5)
    give(s, 2, "orcs", "dragon-master", hand=5)
    put(s, 5, 2, "orcs", 1)
    conquer_turn(game, s, 0)
    play(game, s, "done")
    assert s.stage == "heroes"
    assert sorted(legal(game, s)) == ["hero 10", "hero 3", "hero 4"]  # both must be placed
    play(game, s, "hero 3")
    assert sorted(legal(game, s)) == ["hero 10", "hero 4"]  # in two different Regions
    play(game, s, "hero 4")
    assert s.hero[3] and s.hero[4] and not s.hero[10]
    assert s.current == 1
    # the Elves may not conquer a Hero's Region
    acts = legal(game, s)
    assert "conquer 3" not in acts and "conquer 10" in acts
    assert "Hero" in refused(game, s, "conquer 3").reason
    # nor may the Dragon enter one
    conquer_turn(game, s, 2)
    acts = legal(game, s)
    assert "dragon 4" not in acts and "conquer 4" not in acts
    assert "dragon 11" in acts and "dragon 6" in acts
    check_state(game, s)


def test_power_heroic_hero_region_immune_to_race_powers() -> None:
    """Immune "to conquests and racial/special powers": a Sorcerer cannot replace the lone
    token of a Hero's Region, but can next door."""
    game, s = fresh(3)
    give(s, 0, "ratmen", "heroic")
    put(s, 3, 0, "ratmen", 1)
    put(s, 10, 0, "ratmen", 1)
    s.hero[3] = True
    give(s, 1, "sorcerers", "hill", hand=3)
    put(s, 9, 1, "sorcerers", 1)  # next to 3 and 10
    conquer_turn(game, s, 1)
    acts = legal(game, s)
    assert "enchant 10" in acts and "enchant 3" not in acts
    play(game, s, "enchant 10")
    assert s.race[10] == game.t.race_index["sorcerers"] and s.race[3] == game.t.race_index["ratmen"]
    check_state(game, s)


def test_power_heroic_heroes_move_each_turn_and_leave_at_decline() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "heroic")
    for r in (3, 4, 10):
        put(s, r, 0, "ratmen", 1)
    s.hero[3] = s.hero[4] = True  # from the previous turn
    conquer_turn(game, s, 0)
    play(game, s, "done")
    assert s.stage == "heroes" and sum(s.hero) == 0  # picked up to be placed again
    play(game, s, "hero 10")
    play(game, s, "hero 4")
    assert [r for r in range(30) if s.hero[r]] == [4, 10]
    conquer_turn(game, s, 0)
    play(game, s, "decline")
    assert sum(s.hero) == 0
    check_state(game, s)


# -- Merchant ------------------------------------------------------------------------------------
def test_power_merchant_one_coin_per_region_of_the_race() -> None:
    # 3 Ratmen Regions and 1 of Humans in decline: 4 for Regions + 3 (Merchant, active Race)
    assert scored("merchant", [1, 3, 9], [25]) == 4 + 3
    assert scored("merchant", [1, 3, 9, 4, 16], []) == 5 + 5
    assert scored("swamp", [1, 3, 9], [25]) == 4  # contrast


# -- Mounted -------------------------------------------------------------------------------------
def test_power_mounted_hills_and_farmlands_cost_one_less() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "mounted", hand=8)
    put(s, 8, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    t = game.t
    # Farmland 7, Hill 9: 1; Forest 1, Swamp 13: 2; Mountain 12: 3
    assert [cost(t, s, r) for r in (7, 9, 1, 13, 12)] == [1, 1, 2, 2, 3]
    play(game, s, "conquer 9")
    play(game, s, "conquer 3")  # Farmland next to 9
    play(game, s, "conquer 1")
    assert (s.tokens[9], s.tokens[3], s.tokens[1]) == (1, 1, 2)
    assert s.hand[s.players[0].race] == 4
    check_state(game, s)


def test_power_mounted_defended_hill_but_not_a_forest() -> None:
    game, s = fresh(3)
    give(s, 1, "elves", "hill")
    put(s, 9, 1, "elves", 2)
    put(s, 1, 1, "elves", 2)
    lost_tribe(s, 7)
    give(s, 0, "ratmen", "mounted", hand=8)
    put(s, 8, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    t = game.t
    assert cost(t, s, 9) == 2 + 2 - 1  # Hill
    assert cost(t, s, 7) == 2 + 1 - 1  # Farmland with a Lost Tribe
    assert cost(t, s, 1) == 2 + 2  # Forest: no reduction
    play(game, s, "conquer 9")
    assert s.tokens[9] == 3 and s.hand[s.players[0].race] == 5
    check_state(game, s)


# -- Pillaging -----------------------------------------------------------------------------------
def test_power_pillaging_a_coin_per_non_empty_region_conquered() -> None:
    game, s = fresh(3)
    give(s, 1, "elves", "hill")
    put(s, 4, 1, "elves", 1)
    lost_tribe(s, 9)
    give_decline(s, 2, "humans")
    put(s, 2, 2, "humans", 1, declined=True)
    give(s, 0, "ratmen", "pillaging", hand=12)
    put(s, 3, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    before = s.players[0].coins
    play(game, s, "conquer 4")  # active Elves: 3
    play(game, s, "conquer 9")  # a Lost Tribe: 3
    play(game, s, "conquer 2")  # Humans in decline on a Mountain: 4
    play(game, s, "conquer 8")  # empty: 2
    finish_turn(game, s)
    # 5 Regions + 3 non-empty conquests (the empty Region 8 pays nothing)
    assert s.players[0].coins - before == 5 + 3
    check_state(game, s)


def test_power_pillaging_nothing_without_non_empty_conquests() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "pillaging", hand=4)
    put(s, 3, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 4")
    play(game, s, "conquer 9")
    assert finish_turn(game, s) == 3
    # and the count starts again each turn
    give(s, 1, "elves", "hill")
    put(s, 10, 1, "elves", 1)
    conquer_turn(game, s, 0)
    add_hand(game, s, "ratmen", 4)
    play(game, s, "conquer 10")  # 2 + Mountain + 1 Elf
    assert finish_turn(game, s) == 4 + 1
    check_state(game, s)


# -- Seafaring -----------------------------------------------------------------------------------
def test_power_seafaring_conquers_seas_and_lakes_as_empty_regions() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "seafaring", hand=6)
    put(s, 1, 0, "ratmen", 1)  # on the shore of Sea 0
    put(s, 9, 0, "ratmen", 1)  # on the shore of Lake 14
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 0) == 2 and cost(game.t, s, 14) == 2
    acts = legal(game, s)
    assert "conquer 0" in acts and "conquer 14" in acts and "conquer 24" not in acts  # not adjacent
    play(game, s, "conquer 0")
    play(game, s, "conquer 14")
    assert s.owner[0] == 0 and s.tokens[0] == 2 and s.owner[14] == 0 and s.tokens[14] == 2
    assert "conquer 20" in legal(game, s)  # across the Lake
    # contrast: without Seafaring
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=6)
    put(s, 1, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    assert "conquer 0" not in legal(game, s)
    assert "Seas and Lakes" in refused(game, s, "conquer 0").reason
    check_state(game, s)


def test_power_seafaring_keeps_and_scores_its_seas_in_decline() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "seafaring")
    put(s, 0, 0, "ratmen", 2)
    put(s, 1, 0, "ratmen", 1)
    give(s, 1, "elves", "hill", hand=10)
    put(s, 7, 1, "elves", 1)
    conquer_turn(game, s, 0)
    before = s.players[0].coins
    play(game, s, "decline")
    assert s.owner[0] == 0 and s.declined[0] and s.tokens[0] == 1
    assert s.players[0].coins - before == 2  # the Sea scores in decline
    assert game.t.power_index["seafaring"] not in s.power_deck  # the badge stays with the Race
    conquer_turn(game, s, 1)
    assert "conquer 0" not in legal(game, s)  # still no Region for a Race without Seafaring
    assert "conquer 1" in legal(game, s)
    # when a later Race declines, the Seafaring Race leaves the map and its badge goes back
    give(s, 0, "orcs", "forest")
    put(s, 3, 0, "orcs", 2)
    conquer_turn(game, s, 0)
    play(game, s, "decline")
    assert s.owner[0] == NOBODY and s.owner[1] == NOBODY
    assert game.t.power_index["seafaring"] in s.power_deck
    check_state(game, s)


# -- Spirit --------------------------------------------------------------------------------------
def test_power_spirit_declining_keeps_the_older_race_in_decline() -> None:
    game, s = fresh(3)
    give_decline(s, 0, "humans")
    put(s, 5, 0, "humans", 1, declined=True)
    give(s, 0, "ratmen", "spirit")
    put(s, 3, 0, "ratmen", 3)
    put(s, 4, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    before = s.players[0].coins
    play(game, s, "decline")
    humans, ratmen = game.t.race_index["humans"], game.t.race_index["ratmen"]
    p = s.players[0]
    assert [d[0] for d in p.declines] == [humans, ratmen]
    assert s.race[5] == humans and s.declined[5]  # the older Race in decline stays
    assert s.declined[3] and s.tokens[3] == 1 and s.declined[4]
    assert p.coins - before == 3
    check_state(game, s)


def test_power_spirit_race_in_decline_stays_when_another_race_declines() -> None:
    game, s = fresh(3)
    give_decline(s, 0, "ratmen", "spirit")
    put(s, 3, 0, "ratmen", 1, declined=True)
    give_decline(s, 0, "humans", "hill")
    put(s, 5, 0, "humans", 1, declined=True)
    give(s, 0, "orcs", "alchemist")
    put(s, 10, 0, "orcs", 2)
    conquer_turn(game, s, 0)
    play(game, s, "decline")
    orcs, ratmen, humans = (game.t.race_index[x] for x in ("orcs", "ratmen", "humans"))
    p = s.players[0]
    assert sorted(d[0] for d in p.declines) == sorted([ratmen, orcs])
    assert s.race[3] == ratmen and s.declined[3]  # the Spirit Race stays
    assert s.owner[5] == NOBODY and humans not in s.race  # the other, older one leaves
    assert s.race[10] == orcs and s.declined[10]
    check_state(game, s)


def test_power_spirit_contrast_without_spirit_the_older_decline_leaves() -> None:
    game, s = fresh(3)
    give_decline(s, 0, "humans")
    put(s, 5, 0, "humans", 1, declined=True)
    give(s, 0, "ratmen", "alchemist")
    put(s, 3, 0, "ratmen", 2)
    conquer_turn(game, s, 0)
    play(game, s, "decline")
    ratmen = game.t.race_index["ratmen"]
    assert [d[0] for d in s.players[0].declines] == [ratmen]
    assert s.owner[5] == NOBODY
    check_state(game, s)


# -- Stout ---------------------------------------------------------------------------------------
def test_power_stout_declines_after_scoring_a_conquest_turn() -> None:
    game, s = fresh(3)
    give_decline(s, 0, "dwarves")
    put(s, 25, 0, "dwarves", 1, declined=True)
    give(s, 0, "humans", "stout", hand=4)
    put(s, 3, 0, "humans", 2)
    conquer_turn(game, s, 0)
    before = s.players[0].coins
    play(game, s, "conquer 4")
    play(game, s, "done")
    while s.stage == "redeploy":
        play(game, s, legal(game, s)[0])
    assert s.stage == "stout"
    assert sorted(legal(game, s)) == ["decline", "done"]
    # scored already, as an active Race: 3 Regions + 1 Farmland (Humans)
    assert s.players[0].coins - before == 3 + 1
    play(game, s, "decline")
    humans, dwarves = game.t.race_index["humans"], game.t.race_index["dwarves"]
    p = s.players[0]
    assert p.race == NONE and [d[0] for d in p.declines] == [humans]
    assert s.declined[3] and s.declined[4] and s.tokens[3] == 1 and s.tokens[4] == 1
    assert s.hand[humans] == 0
    assert dwarves not in s.race  # the older Race in decline left
    assert p.coins - before == 3 + 1  # the decline itself scores nothing more
    assert s.current == 1
    finish_turn(game, s)
    finish_turn(game, s)
    assert s.current == 0 and s.stage == "pick"  # a new combo next turn
    check_state(game, s)


def test_power_stout_may_decline_at_the_end_of_the_turn_the_combo_was_taken() -> None:
    game, s = fresh(3)
    offer(game, s, "ratmen", "stout")
    play(game, s, "pick ratmen")
    play(game, s, "conquer 3")
    play(game, s, "done")
    assert s.stage == "stout" and s.players[0].coins == 5 + 1
    play(game, s, "decline")
    ratmen = game.t.race_index["ratmen"]
    assert (
        s.declined[3]
        and s.tokens[3] == 1
        and s.players[0].declines == [[ratmen, game.t.power_index["stout"]]]
    )
    assert game.t.power_index["stout"] in s.power_deck
    check_state(game, s)


def test_power_stout_contrast_no_decline_after_scoring_without_stout() -> None:
    game, s = fresh(3)
    give(s, 0, "humans", "alchemist", hand=4)
    put(s, 3, 0, "humans", 2)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 4")
    play(game, s, "done")
    seen = []
    while s.current == 0:
        seen.append(s.stage)
        acts = legal(game, s)
        assert "decline" not in acts
        play(game, s, "done" if "done" in acts else acts[0])
    assert "stout" not in seen
    assert s.players[0].race == game.t.race_index["humans"]
    check_state(game, s)


# -- Underworld ----------------------------------------------------------------------------------
def test_power_underworld_caverns_cost_one_less_and_are_adjacent() -> None:
    game, s = fresh(3)
    lost_tribe(s, 23)
    give(s, 0, "ratmen", "underworld", hand=6)
    put(s, 4, 0, "ratmen", 1)  # a Cavern
    conquer_turn(game, s, 0)
    t = game.t
    # Caverns 19 (Forest), 15 and 12 (Mountains), 23 (Hill with a Lost Tribe); Farmland 3
    assert [cost(t, s, r) for r in (19, 15, 12, 23, 3)] == [1, 2, 2, 2, 2]
    acts = legal(game, s)
    assert {"conquer 19", "conquer 15", "conquer 12", "conquer 23"} <= set(acts)
    assert "conquer 28" not in acts and "conquer 20" not in acts  # not Caverns, not adjacent
    play(game, s, "conquer 19")
    assert s.tokens[19] == 1 and s.hand[s.players[0].race] == 5
    assert "conquer 20" in legal(game, s)  # next to Cavern 19
    check_state(game, s)


def test_power_underworld_first_conquest_still_from_the_border() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "underworld", hand=6)
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "conquer 4" in acts and "conquer 12" in acts  # border Caverns
    assert "conquer 19" not in acts and "conquer 15" not in acts  # inland Caverns
    assert cost(game.t, s, 4) == 1
    # contrast: without Underworld, Caverns are ordinary Regions
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=6)
    put(s, 4, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 12) == 3 and "conquer 19" not in legal(game, s)
    check_state(game, s)


# -- Wealthy -------------------------------------------------------------------------------------
def test_power_wealthy_seven_coins_at_the_end_of_the_first_turn_only() -> None:
    game, s = fresh(3)
    offer(game, s, "ratmen", "wealthy")
    check_state(game, s)
    assert s.stage == "pick" and s.current == 0
    before = s.players[0].coins
    play(game, s, "pick ratmen")
    ratmen = game.t.race_index["ratmen"]
    assert s.hand[ratmen] == 8 + 4
    assert s.players[0].coins == before  # the top combo is free
    play(game, s, "conquer 3")
    assert finish_turn(game, s) == 1 + 7  # 1 Region + Wealthy
    finish_turn(game, s)  # Player 2
    finish_turn(game, s)  # Player 3
    assert s.current == 0 and s.stage == "conquer"
    assert finish_turn(game, s) == 1  # only once
    check_state(game, s)


def test_power_wealthy_contrast_first_turn_without_wealthy() -> None:
    game, s = fresh(3)
    offer(game, s, "ratmen", "commando")
    play(game, s, "pick ratmen")
    play(game, s, "conquer 3")
    assert finish_turn(game, s) == 1
    check_state(game, s)


def test_power_seafaring_first_conquest_may_enter_by_a_sea_at_the_edge() -> None:
    """A Sea at the edge is a border Region: a new Seafaring Race may enter through it (not
    through the inland Lake); without Seafaring no Sea is offered."""
    game, s = fresh(3)
    give(s, 0, "ratmen", "seafaring", hand=10)
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "conquer 0" in acts and "conquer 24" in acts and "conquer 14" not in acts
    play(game, s, "conquer 0")
    assert s.owner[0] == 0 and s.tokens[0] == 2
    check_state(game, s)
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=10)
    conquer_turn(game, s, 0)
    assert "conquer 0" not in legal(game, s)
