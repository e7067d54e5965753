"""Small World, the 14 Races: each Race's ability from hand-set positions, with the contrast
case where it helps (facts/small-world.md §2.2 and "Rulings"; content/races.toml). Test names
start with the Race.

3-player map (content/map-3p.toml), the Regions used:
 0 Sea (border)                       14 Lake
 1 Forest, Mine, border, on Sea 0     15 Mountain, inland, on Lake 14
 2 Mountain, border                   16 Hill, Magic, inland
 3 Farmland, border, not coastal      18 Farmland, Magic, border
 4 Swamp, border, not coastal         20 Hill, inland, on Lake 14
 5 Forest, border                     25 Hill, border (only 18 and 26 next to it)
 6 Swamp, Mine, border                26 Mountain, border
 7 Farmland, Magic, on Sea 0          28 Forest, border
 8 Swamp, inland, not coastal         29 Forest, Mine, border
 9 Hill, Magic, inland, on Lake 14
10 Mountain, Mine, inland, on Lake 14
11 Farmland, inland
12 Mountain, Mine, border, on Sea 0
13 Swamp, inland, on Lake 14
"""

from __future__ import annotations

from sw_invariants import check_state
from sw_positions import (
    conquer_turn,
    fresh,
    game_,
    give,
    give_decline,
    legal,
    lost_tribe,
    play,
    play_until,
    put,
    refresh,
    refused,
)

from boardrules.games.small_world import SmallWorld
from boardrules.games.small_world.conquest import cost
from boardrules.games.small_world.state import NOBODY, NONE, SWState


# -- helpers --------------------------------------------------------------------------------------
def rix(name: str) -> int:
    return game_().t.race_index[name]


def offer(s: SWState, race: str, power: str, position: int = 0) -> None:
    """Put the ``race`` banner and the ``power`` badge in the market at ``position`` (swapping
    with the banner and badge there, so every component stays in exactly one place)."""
    t = game_().t
    r, pw = t.race_index[race], t.power_index[power]
    m = s.market[position]
    if r in s.race_deck:
        i = s.race_deck.index(r)
        s.race_deck[i], m[0] = m[0], r
    else:
        other = next(x for x in s.market if x[0] == r)
        other[0], m[0] = m[0], r
    if pw in s.power_deck:
        i = s.power_deck.index(pw)
        s.power_deck[i], m[1] = m[1], pw
    else:
        other = next(x for x in s.market if x[1] == pw)
        other[1], m[1] = m[1], pw
    refresh(s)


def hand_over(game: SmallWorld, s: SWState, player: int, race: str = "ratmen",
              power: str = "swamp", region: int = 25) -> None:
    """``player``'s turn begins the ordinary way: the seat before holds ``region`` with one
    token of ``race``, ends its turn without conquering, and the game moves on by itself to
    ``player`` (Ghouls in decline, readying troops and all)."""
    prev = (player - 1) % s.num_players
    give(s, prev, race, power)
    put(s, region, prev, race, 1)
    conquer_turn(game, s, prev)
    play(game, s, "done")
    assert s.current == player


def end_turn(game: SmallWorld, s: SWState, chooser: str = "done", me: int | None = None) -> None:
    """Finish the turn of ``me`` (by default the current player), the defenders' redeployment
    included, answering every decision with ``chooser``, else "done", else the first legal
    action."""
    me = s.current if me is None else me
    for _ in range(300):
        if s.current != me or s.over:
            return
        texts = legal(game, s)
        play(game, s, next((a for a in (chooser, "done") if a in texts), texts[0]))
    raise AssertionError("the turn does not end")


def on_map(s: SWState, race: int) -> int:
    return sum(n for n, x in zip(s.tokens, s.race, strict=True) if x == race)


def turn_coins(game: SmallWorld, s: SWState, player: int, *first: str) -> int:
    """Play ``first`` then finish ``player``'s turn; the coins the player earned."""
    before = s.players[player].coins
    for text in first:
        play(game, s, text)
    end_turn(game, s, me=player)
    return s.players[player].coins - before


# -- Amazons ----------------------------------------------------------------------------------------
def test_race_amazons_four_extra_tokens_with_the_combo() -> None:
    game, s = fresh(3)
    offer(s, "amazons", "merchant", 0)
    play(game, s, "pick amazons")
    assert s.hand[rix("amazons")] == 6 + 2 + 4  # banner + badge + the 4 for conquests
    assert s.tray[rix("amazons")] == 15 - 12
    # contrast: Ratmen take banner + badge only
    game, s = fresh(3)
    offer(s, "ratmen", "merchant", 0)
    play(game, s, "pick ratmen")
    assert s.hand[rix("ratmen")] == 8 + 2
    check_state(game, s)


def test_race_amazons_four_extra_tokens_for_conquest_only() -> None:
    """The 4 leave at redeployment (they do not defend) and come back when readying troops."""
    game, s = fresh(3)
    amazons = rix("amazons")
    offer(s, "amazons", "merchant", 0)
    play(game, s, "pick amazons")  # 12 in hand
    play(game, s, "conquer 3")
    play(game, s, "conquer 4")
    play(game, s, "conquer 10")  # a Mountain: 3
    assert s.hand[amazons] == 12 - 7
    play(game, s, "done")
    assert s.stage == "redeploy"
    # readied: 1 stays in each of the 3 Regions, 9 in hand, of which 4 go back to the tray
    assert [s.tokens[r] for r in (3, 4, 10)] == [1, 1, 1]
    assert s.hand[amazons] == 5 and s.tray[amazons] == 3 + 4
    end_turn(game, s, "place 10")
    assert on_map(s, amazons) == 8 and s.tokens[10] == 6
    assert s.hand[amazons] == 0 and s.tray[amazons] == 7
    # next turn: readying troops brings the 4 back for conquests
    hand_over(game, s, 0)
    assert s.stage == "conquer" and s.acting == amazons
    assert s.hand[amazons] == (8 - 3) + 4 and s.tray[amazons] == 3
    check_state(game, s)


def test_race_amazons_extra_tokens_go_back_to_the_tray_when_they_decline() -> None:
    game, s = fresh(3)
    amazons = rix("amazons")
    give(s, 0, "amazons", "hill")
    put(s, 3, 0, "amazons", 3)
    put(s, 4, 0, "amazons", 2)
    hand_over(game, s, 0)
    assert s.hand[amazons] == 3 + 4 and s.tray[amazons] == 15 - 5 - 4
    play(game, s, "decline")
    assert (s.tokens[3], s.tokens[4]) == (1, 1) and s.declined[3] and s.declined[4]
    assert s.hand[amazons] == 0 and s.tray[amazons] == 15 - 2
    check_state(game, s)


def test_race_amazons_never_more_than_banner_badge_and_four() -> None:
    """Spread thin, the Amazons have only 2 tokens in hand at redeployment: however the 4
    extra are taken off the map, the Amazons must not end up owning more than banner + badge
    + 4 tokens (6 + 2 + 4 = 12 with Merchant) when they ready their troops again."""
    game, s = fresh(3)
    amazons = rix("amazons")
    give(s, 0, "amazons", "merchant")
    for r in (3, 4, 5, 6, 10, 11, 15, 16):  # 8 tokens, one a Region
        put(s, r, 0, "amazons", 1)
    hand_over(game, s, 0)
    assert s.hand[amazons] == 4 and on_map(s, amazons) + s.hand[amazons] == 12
    play(game, s, "conquer 9")
    play(game, s, "conquer 22")
    end_turn(game, s, me=0)
    hand_over(game, s, 0)
    assert s.acting == amazons and s.stage == "conquer"
    assert on_map(s, amazons) + s.hand[amazons] == 6 + 2 + 4
    check_state(game, s)


# -- Dwarves ----------------------------------------------------------------------------------------
def test_race_dwarves_score_one_coin_per_mine() -> None:
    game, s = fresh(3)
    give(s, 0, "dwarves", "flying")
    put(s, 1, 0, "dwarves", 1)  # a Mine
    put(s, 12, 0, "dwarves", 1)  # a Mine
    put(s, 8, 0, "dwarves", 1)
    conquer_turn(game, s, 0)
    assert turn_coins(game, s, 0, "done") == 3 + 2
    check_state(game, s)


def test_race_dwarves_still_score_mines_in_decline_humans_not_farmland() -> None:
    game, s = fresh(3)
    give(s, 0, "dwarves", "flying")
    for r in (1, 6, 8):  # Mines 1 and 6
        put(s, r, 0, "dwarves", 2)
    give(s, 1, "humans", "hill")
    for r in (3, 18, 9):  # Farmlands 3 and 18 (9 is a Hill, Hill badge gone with the decline)
        put(s, r, 1, "humans", 2)
    conquer_turn(game, s, 0)
    assert turn_coins(game, s, 0, "decline") == 3 + 2
    assert s.players[0].race == NONE and all(s.declined[r] for r in (1, 6, 8))
    assert s.current == 1 and s.stage == "conquer"
    assert turn_coins(game, s, 1, "decline") == 3  # no Farmland coin in decline
    check_state(game, s)


def test_race_dwarves_in_decline_score_mines_beside_a_new_active_race() -> None:
    game, s = fresh(3)
    give_decline(s, 0, "dwarves")
    put(s, 1, 0, "dwarves", 1, declined=True)  # Mine
    put(s, 12, 0, "dwarves", 1, declined=True)  # Mine
    give(s, 0, "ratmen", "flying")
    put(s, 29, 0, "ratmen", 1)  # a Mine, but Ratmen score no Mines
    conquer_turn(game, s, 0)
    assert turn_coins(game, s, 0, "done") == 3 + 2
    check_state(game, s)


# -- Elves --------------------------------------------------------------------------------------------
def test_race_elves_lose_no_token_when_conquered_humans_lose_one() -> None:
    game, s = fresh(3)
    elves, humans = rix("elves"), rix("humans")
    give(s, 1, "elves", "forest")
    put(s, 3, 1, "elves", 3)
    put(s, 28, 1, "elves", 2)
    give(s, 2, "humans", "hill")
    put(s, 4, 2, "humans", 3)
    put(s, 18, 2, "humans", 1)
    give(s, 0, "ratmen", "flying", hand=10)
    conquer_turn(game, s, 0)
    elves_tray, humans_tray = s.tray[elves], s.tray[humans]
    play(game, s, "conquer 3")  # 2 + 3 Elves
    assert s.hand[elves] == 3 and s.tray[elves] == elves_tray
    play(game, s, "conquer 4")  # 2 + 3 Humans
    assert s.hand[humans] == 2 and s.tray[humans] == humans_tray + 1
    end_turn(game, s)
    # both defenders redeployed everything they had in hand into their last Region
    assert s.current == 1
    assert on_map(s, elves) + s.hand[elves] == 5
    assert s.tokens[18] == 3 and on_map(s, humans) == 3
    check_state(game, s)


def test_race_elves_a_lone_active_elf_returns_to_hand() -> None:
    """Even a single active Elf is not discarded: it goes back to hand and is redeployed."""
    game, s = fresh(3)
    elves = rix("elves")
    give(s, 1, "elves", "forest")
    put(s, 3, 1, "elves", 1)
    put(s, 28, 1, "elves", 1)
    give(s, 0, "ratmen", "flying", hand=10)
    conquer_turn(game, s, 0)
    tray = s.tray[elves]
    play(game, s, "conquer 3")  # 2 + 1
    assert s.tokens[3] == 3 and s.hand[elves] == 1 and s.tray[elves] == tray
    assert 1 in s.defenders
    end_turn(game, s)
    assert s.tray[elves] == tray and on_map(s, elves) + s.hand[elves] == 2
    check_state(game, s)


def test_race_elves_in_decline_lose_their_token() -> None:
    game, s = fresh(3)
    elves = rix("elves")
    give_decline(s, 1, "elves")
    put(s, 3, 1, "elves", 1, declined=True)
    give(s, 0, "ratmen", "flying", hand=10)
    conquer_turn(game, s, 0)
    tray = s.tray[elves]
    play(game, s, "conquer 3")
    assert s.tray[elves] == tray + 1 and s.hand[elves] == 0 and on_map(s, elves) == 0
    assert 1 not in s.defenders
    check_state(game, s)


# -- Ghouls -------------------------------------------------------------------------------------------
def test_race_ghouls_keep_all_their_tokens_on_decline() -> None:
    """A turn begun the ordinary way (troops readied for an Expand), then Decline instead:
    every Ghoul stays on the map; Ratmen keep one token per Region."""
    game, s = fresh(3)
    ghouls, ratmen = rix("ghouls"), rix("ratmen")
    give(s, 0, "ghouls", "hill")
    put(s, 3, 0, "ghouls", 4)
    put(s, 4, 0, "ghouls", 3)
    give(s, 1, "ratmen", "forest")
    put(s, 18, 1, "ratmen", 4)
    put(s, 25, 1, "ratmen", 3)
    hand_over(game, s, 0, "elves", "swamp", 28)
    assert s.stage == "conquer" and "decline" in legal(game, s)
    play(game, s, "decline")
    assert s.declined[3] and s.declined[4] and s.owner[3] == s.owner[4] == 0
    assert on_map(s, ghouls) == 7 and s.tray[ghouls] == 10 - 7 and s.hand[ghouls] == 0
    # contrast: Ratmen keep one token per Region
    assert s.current == 1 and s.stage == "conquer"
    play(game, s, "decline")
    assert (s.tokens[18], s.tokens[25]) == (1, 1) and s.tray[ratmen] == 13 - 2
    check_state(game, s)


def test_race_ghouls_keep_all_their_tokens_on_decline_hand_set() -> None:
    """The same from a hand-set position whose tokens were not readied."""
    game, s = fresh(3)
    ghouls = rix("ghouls")
    give(s, 0, "ghouls", "hill")
    put(s, 3, 0, "ghouls", 4)
    put(s, 4, 0, "ghouls", 3)
    conquer_turn(game, s, 0)
    play(game, s, "decline")
    assert (s.tokens[3], s.tokens[4]) == (4, 3) and s.declined[3] and s.declined[4]
    assert s.tray[ghouls] == 10 - 7 and s.hand[ghouls] == 0
    check_state(game, s)


def test_race_ghouls_in_decline_conquer_first_at_the_start_of_the_turn() -> None:
    game, s = fresh(3)
    ghouls, ratmen = rix("ghouls"), rix("ratmen")
    give_decline(s, 0, "ghouls")
    put(s, 3, 0, "ghouls", 4, declined=True)
    give(s, 0, "ratmen", "flying")
    put(s, 28, 0, "ratmen", 3)
    hand_over(game, s, 0, "humans", "swamp", 25)
    # the Ghouls in decline ready their troops and conquer before the active Ratmen
    assert s.stage == "conquer" and s.acting == ghouls
    assert s.hand[ghouls] == 3 and s.tokens[3] == 1
    assert s.tokens[28] == 3 and s.hand[ratmen] == 0  # the Ratmen wait their turn
    acts = legal(game, s)
    assert "conquer 4" in acts and "conquer 9" in acts  # next to Region 3
    assert "decline" not in acts and not [a for a in acts if a.startswith("abandon")]
    play(game, s, "conquer 4")
    assert s.owner[4] == 0 and s.race[4] == ghouls and s.declined[4] and s.tokens[4] == 2
    play(game, s, "done")
    play_until(game, s, "conquer", "place 4")  # Ghouls redeploy, then the Ratmen
    assert s.acting == ratmen and s.hand[ratmen] == 2 and s.tokens[28] == 1
    assert on_map(s, ghouls) == 4 and (s.tokens[3], s.tokens[4]) == (1, 3)
    check_state(game, s)


def test_race_ghouls_in_decline_may_attack_your_own_active_race() -> None:
    game, s = fresh(3)
    ghouls, ratmen = rix("ghouls"), rix("ratmen")
    give_decline(s, 0, "ghouls")
    put(s, 3, 0, "ghouls", 4, declined=True)
    give(s, 0, "ratmen", "flying")
    put(s, 4, 0, "ratmen", 3)
    put(s, 28, 0, "ratmen", 1)
    hand_over(game, s, 0, "humans", "swamp", 25)
    assert s.acting == ghouls and "conquer 4" in legal(game, s)
    tray = s.tray[ratmen]
    play(game, s, "conquer 4")
    assert s.race[4] == ghouls and s.declined[4] and s.owner[4] == 0
    assert s.tray[ratmen] == tray + 1 and s.hand[ratmen] == 2
    # contrast: the active Race may not attack its own Regions
    play(game, s, "done")
    play_until(game, s, "conquer")
    assert s.acting == ratmen
    err = refused(game, s, "conquer 28")
    assert "already yours" in err.reason
    check_state(game, s)


def test_race_ghouls_in_decline_conquered_lose_one_and_redeploy_the_rest() -> None:
    """Ghouls in decline stay on the map in numbers; when an enemy takes one of their Regions
    the general rule applies: 1 token to the tray, the rest back in hand and redeployed at
    the end of the attacker's turn."""
    game, s = fresh(3)
    ghouls = rix("ghouls")
    give_decline(s, 1, "ghouls")
    put(s, 3, 1, "ghouls", 3, declined=True)
    put(s, 28, 1, "ghouls", 2, declined=True)
    give(s, 0, "ratmen", "flying", hand=10)
    conquer_turn(game, s, 0)
    tray = s.tray[ghouls]
    assert cost(game.t, s, 3) == 2 + 3
    play(game, s, "conquer 3")
    assert s.tray[ghouls] == tray + 1 and s.hand[ghouls] == 2 and 1 in s.defenders
    end_turn(game, s)
    # the 2 went to Region 28 (4 there), readied again as Player 2's Ghouls conquer first
    assert s.tray[ghouls] == tray + 1 and s.tokens[28] + s.hand[ghouls] == 4
    assert s.acting == ghouls and s.declined[28] and s.owner[28] == 1
    check_state(game, s)


def test_race_ghouls_other_races_in_decline_do_not_conquer() -> None:
    """Contrast: with Humans in decline the turn goes straight to the active Race."""
    game, s = fresh(3)
    give_decline(s, 0, "humans")
    put(s, 3, 0, "humans", 1, declined=True)
    give(s, 0, "ratmen", "flying")
    put(s, 28, 0, "ratmen", 3)
    hand_over(game, s, 0, "elves", "swamp", 25)
    assert s.stage == "conquer" and s.acting == rix("ratmen")
    check_state(game, s)


# -- Giants ---------------------------------------------------------------------------------------------
def test_race_giants_pay_one_less_next_to_a_mountain_they_hold() -> None:
    game, s = fresh(3)
    giants = rix("giants")
    give(s, 0, "giants", "hill", hand=10)
    put(s, 2, 0, "giants", 1)  # the Mountain 2: next to 1, 3, 8, 9
    lost_tribe(s, 9)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 3) == 1
    assert cost(game.t, s, 9) == 2  # 2 + Lost Tribe - 1
    play(game, s, "conquer 3")
    assert s.tokens[3] == 1 and s.hand[giants] == 9
    play(game, s, "conquer 9")
    assert s.tokens[9] == 2 and s.hand[giants] == 7
    # Region 4 touches Giants' Farmland 3 but no Giants' Mountain: full price
    assert cost(game.t, s, 4) == 2
    play(game, s, "conquer 4")
    assert s.tokens[4] == 2 and s.hand[giants] == 5
    check_state(game, s)


def test_race_giants_a_mountain_conquered_this_turn_counts_ratmen_get_nothing() -> None:
    game, s = fresh(3)
    give(s, 0, "giants", "hill", hand=10)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 2) == 3  # no Giants' Mountain yet
    play(game, s, "conquer 2")
    assert cost(game.t, s, 8) == 1 and cost(game.t, s, 1) == 1
    play(game, s, "conquer 8")
    assert s.tokens[8] == 1
    # contrast: Ratmen on the same Mountain pay full price
    game, s = fresh(3)
    give(s, 0, "ratmen", "hill", hand=10)
    put(s, 2, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 8) == 2
    check_state(game, s)


def test_race_giants_discount_never_below_one() -> None:
    game, s = fresh(3)
    give(s, 0, "giants", "commando", hand=10)
    put(s, 2, 0, "giants", 1)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 3) == 1  # 2 - 1 (Commando) - 1 (Giants), raised to 1
    play(game, s, "conquer 3")
    assert s.tokens[3] == 1 and s.hand[rix("giants")] == 9
    check_state(game, s)


# -- Halflings ------------------------------------------------------------------------------------------
def test_race_halflings_first_conquest_may_be_any_region() -> None:
    game, s = fresh(3)
    give(s, 0, "halflings", "hill", hand=10)
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "conquer 8" in acts and "conquer 9" in acts and "conquer 15" in acts  # inland
    assert "conquer 14" not in acts  # still no Lake
    play(game, s, "conquer 8")
    # only the first conquest: the next ones follow the adjacency rule
    acts = legal(game, s)
    assert "conquer 9" in acts and "conquer 16" not in acts
    assert "adjacent" in refused(game, s, "conquer 16").reason
    # contrast: Ratmen must enter through a border Region
    game, s = fresh(3)
    give(s, 0, "ratmen", "hill", hand=10)
    conquer_turn(game, s, 0)
    assert "conquer 8" not in legal(game, s)
    assert "border Region" in refused(game, s, "conquer 8").reason
    check_state(game, s)


def test_race_halflings_holes_in_the_first_two_regions_make_them_immune() -> None:
    game, s = fresh(3)
    give(s, 0, "halflings", "hill", hand=10)
    give(s, 1, "ratmen", "flying", hand=13)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 9")
    play(game, s, "conquer 13")
    play(game, s, "conquer 8")
    assert (s.hole[9], s.hole[13], s.hole[8]) == (True, True, False)
    end_turn(game, s, "place 9")  # the 7 readied tokens into Region 9
    assert s.current == 1 and s.stage == "conquer" and s.tokens[9] == 8
    acts = legal(game, s)
    assert "conquer 9" not in acts and "conquer 13" not in acts
    assert "conquer 8" in acts  # no hole: 2 + 1
    err = refused(game, s, "conquer 13")
    assert "Hole-in-the-Ground" in err.reason and "immune" in err.reason
    check_state(game, s)


def test_race_halflings_holes_go_when_a_region_is_abandoned_or_they_decline() -> None:
    game, s = fresh(3)
    give(s, 0, "halflings", "hill")
    put(s, 9, 0, "halflings", 2)
    put(s, 13, 0, "halflings", 2)
    s.hole[9] = s.hole[13] = True
    s.players[0].holes_placed = 2
    conquer_turn(game, s, 0)
    play(game, s, "abandon 9")
    assert not s.hole[9] and s.owner[9] == NOBODY and s.hole[13]
    conquer_turn(game, s, 0)  # a later turn: declining instead of expanding
    play(game, s, "decline")
    assert not s.hole[13] and s.declined[13]
    # Region 13 can now be conquered
    give(s, 1, "ratmen", "flying", hand=10)
    conquer_turn(game, s, 1)
    assert "conquer 13" in legal(game, s)
    check_state(game, s)


def test_race_halflings_holes_are_immune_to_race_powers_too() -> None:
    """A lone Halfling in a Hole-in-the-Ground cannot be replaced by the Sorcerers; the same
    lone Halfling without a hole can."""
    game, s = fresh(3)
    give(s, 1, "halflings", "hill")
    put(s, 4, 1, "halflings", 1)
    put(s, 9, 1, "halflings", 1)
    s.hole[4] = True
    s.players[1].holes_placed = 1
    give(s, 0, "sorcerers", "spirit", hand=3)
    put(s, 3, 0, "sorcerers", 2)  # next to 4 and 9
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "enchant 4" not in acts and "conquer 4" not in acts
    assert "enchant 9" in acts
    check_state(game, s)


# -- Humans ---------------------------------------------------------------------------------------------
def test_race_humans_score_one_coin_per_farmland() -> None:
    game, s = fresh(3)
    give(s, 0, "humans", "flying")
    for r in (3, 7, 8):  # Farmlands 3 and 7, Swamp 8
        put(s, r, 0, "humans", 1)
    conquer_turn(game, s, 0)
    assert turn_coins(game, s, 0, "done") == 3 + 2
    check_state(game, s)


def test_race_humans_in_decline_score_no_farmland() -> None:
    game, s = fresh(3)
    give_decline(s, 0, "humans")
    put(s, 3, 0, "humans", 1, declined=True)  # Farmland
    put(s, 18, 0, "humans", 1, declined=True)  # Farmland
    give(s, 0, "ratmen", "flying")
    put(s, 11, 0, "ratmen", 1)  # Farmland, but Ratmen do not score it
    conquer_turn(game, s, 0)
    assert turn_coins(game, s, 0, "done") == 3
    check_state(game, s)


# -- Orcs -------------------------------------------------------------------------------------------------
def _orcs_position(race: str) -> tuple[SmallWorld, SWState]:
    game, s = fresh(3)
    give(s, 1, "humans", "hill")
    put(s, 1, 1, "humans", 1)
    lost_tribe(s, 7)
    give(s, 0, race, "spirit", hand=10)
    conquer_turn(game, s, 0)
    return game, s


def test_race_orcs_score_one_coin_per_non_empty_region_conquered() -> None:
    game, s = _orcs_position("orcs")
    # Humans' Region 1, the Lost Tribe's 7, the empty 8
    assert turn_coins(game, s, 0, "conquer 1", "conquer 7", "conquer 8", "done") == 3 + 2
    check_state(game, s)
    # contrast: Ratmen making the same conquests score the Regions only
    game, s = _orcs_position("ratmen")
    assert turn_coins(game, s, 0, "conquer 1", "conquer 7", "conquer 8", "done") == 3
    check_state(game, s)


def test_race_orcs_empty_regions_and_regions_kept_earn_no_bonus() -> None:
    game, s = fresh(3)
    give(s, 0, "orcs", "spirit", hand=6)
    put(s, 28, 0, "orcs", 2)  # held from before: no conquest this turn
    conquer_turn(game, s, 0)
    assert turn_coins(game, s, 0, "conquer 20", "conquer 21", "done") == 3
    check_state(game, s)


# -- Ratmen ------------------------------------------------------------------------------------------------
def test_race_ratmen_eight_tokens_and_no_ability() -> None:
    game, s = fresh(3)
    ratmen = rix("ratmen")
    offer(s, "ratmen", "flying", 0)
    before = s.players[0].coins
    play(game, s, "pick ratmen")
    assert s.hand[ratmen] == 8 + 5 and s.tray[ratmen] == 0
    assert cost(game.t, s, 1) == 2  # coastal: no discount
    play(game, s, "conquer 1")  # Forest with a Mine, on the Sea
    play(game, s, "conquer 7")  # Farmland with a Magic Source, on the Sea
    assert (s.tokens[1], s.tokens[7], s.hand[ratmen]) == (2, 2, 9)
    end_turn(game, s)
    assert s.players[0].coins - before == 2  # 1 a Region: no Mine, Farmland or Magic bonus
    check_state(game, s)


def test_race_ratmen_lose_a_token_when_conquered() -> None:
    game, s = fresh(3)
    ratmen = rix("ratmen")
    give(s, 1, "ratmen", "forest")
    put(s, 3, 1, "ratmen", 3)
    put(s, 28, 1, "ratmen", 1)
    give(s, 0, "orcs", "flying", hand=10)
    conquer_turn(game, s, 0)
    tray = s.tray[ratmen]
    play(game, s, "conquer 3")
    assert s.tray[ratmen] == tray + 1 and s.hand[ratmen] == 2
    check_state(game, s)


# -- Skeletons -----------------------------------------------------------------------------------------------
def test_race_skeletons_one_more_token_per_two_non_empty_conquests() -> None:
    game, s = fresh(3)
    skel = rix("skeletons")
    for r in (5, 11, 6):
        lost_tribe(s, r)
    give(s, 0, "skeletons", "spirit", hand=12)
    conquer_turn(game, s, 0)
    for r in (5, 11, 6, 4):  # three Lost Tribes (3 each), then the empty 4
        play(game, s, f"conquer {r}")
    assert s.hand[skel] == 12 - 11 and s.tray[skel] == 20 - 12
    play(game, s, "done")
    assert s.stage == "redeploy"
    # 3 non-empty conquests: 1 more Skeleton; readied: 1 + 2 + 2 + 2 + 1
    assert s.hand[skel] == 8 + 1 and s.tray[skel] == 8 - 1
    end_turn(game, s, "place 5")
    assert on_map(s, skel) == 13
    check_state(game, s)


def test_race_skeletons_four_non_empty_conquests_two_tokens_but_tray_limits() -> None:
    game, s = fresh(3)
    skel = rix("skeletons")
    for r in (5, 11, 6, 4):
        lost_tribe(s, r)
    give(s, 0, "skeletons", "spirit", hand=12)
    conquer_turn(game, s, 0)
    for r in (5, 11, 6, 4):
        play(game, s, f"conquer {r}")
    assert s.stage == "redeploy" and s.hand[skel] == 8 + 2 and s.tray[skel] == 8 - 2
    # the same with a single Skeleton left in the tray: only 1
    game, s = fresh(3)
    for r in (5, 11, 6, 4):
        lost_tribe(s, r)
    give(s, 0, "skeletons", "spirit", hand=12)
    put(s, 10, 0, "skeletons", 7)  # next to 11
    assert s.tray[skel] == 1
    conquer_turn(game, s, 0)
    for r in (11, 5, 6, 4):
        play(game, s, f"conquer {r}")
    assert s.stage == "redeploy" and s.hand[skel] == 8 + 6 + 1 and s.tray[skel] == 0
    check_state(game, s)


def test_race_skeletons_regions_in_decline_and_active_count_as_non_empty() -> None:
    """Non-empty: a Region held by an active Race or a Race in decline (or a Lost Tribe)."""
    game, s = fresh(3)
    skel = rix("skeletons")
    give(s, 1, "humans", "forest")
    put(s, 3, 1, "humans", 1)
    give_decline(s, 2, "elves")
    put(s, 4, 2, "elves", 1, declined=True)
    give(s, 0, "skeletons", "spirit", hand=10)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 3")  # 3
    play(game, s, "conquer 4")  # 3
    play(game, s, "conquer 10")  # an empty Mountain: 3
    play(game, s, "done")
    assert s.stage == "redeploy"
    assert s.hand[skel] == 1 + 2 + 2 + 2 + 1 and s.tray[skel] == 20 - 10 - 1
    check_state(game, s)


# -- Sorcerers ------------------------------------------------------------------------------------------------
def _sorcerers_position() -> tuple[SmallWorld, SWState]:
    game, s = fresh(3)
    give(s, 1, "humans", "forest")
    put(s, 4, 1, "humans", 1)  # next to 3, a single active token
    put(s, 10, 1, "humans", 1)  # next to 3, a single active token
    put(s, 9, 1, "humans", 2)  # next to 3, two tokens
    put(s, 28, 1, "humans", 1)  # a single token, not next to the Sorcerers
    give(s, 2, "elves", "hill")
    put(s, 2, 2, "elves", 1)  # next to 3
    put(s, 26, 2, "elves", 1)
    give(s, 0, "sorcerers", "spirit", hand=3)
    put(s, 3, 0, "sorcerers", 2)
    conquer_turn(game, s, 0)
    return game, s


def test_race_sorcerers_replace_a_lone_active_token_next_to_them() -> None:
    game, s = _sorcerers_position()
    sorc, humans = rix("sorcerers"), rix("humans")
    acts = legal(game, s)
    assert {"enchant 4", "enchant 10", "enchant 2"} <= set(acts)
    assert "enchant 9" not in acts  # two tokens
    assert "enchant 28" not in acts  # not next to a Sorcerer
    sorc_tray, humans_tray = s.tray[sorc], s.tray[humans]
    play(game, s, "enchant 4")
    assert (s.owner[4], s.race[4], s.tokens[4], s.declined[4]) == (0, sorc, 1, False)
    assert s.tray[sorc] == sorc_tray - 1 and s.hand[sorc] == 3  # from the tray, not the hand
    assert s.tray[humans] == humans_tray + 1 and s.hand[humans] == 0
    check_state(game, s)


def test_race_sorcerers_once_a_turn_per_opponent() -> None:
    game, s = _sorcerers_position()
    play(game, s, "enchant 4")
    acts = legal(game, s)
    assert "enchant 10" not in acts  # Player 2 already enchanted this turn
    assert "enchant 2" in acts  # Player 3 not yet
    play(game, s, "enchant 2")
    assert s.race[2] == rix("sorcerers") and not [a for a in legal(game, s) if a.startswith("enchant")]
    check_state(game, s)


def test_race_sorcerers_a_lone_elf_is_lost_and_a_mountain_does_not_protect() -> None:
    """The replaced token goes to the storage tray, even an Elf (whose Race power covers
    conquests, not this substitution); the Mountain under it gives it no protection."""
    game, s = _sorcerers_position()
    elves = rix("elves")
    assert game.t.maps[3].mountain[2] and s.race[2] == elves
    tray = s.tray[elves]
    play(game, s, "enchant 2")
    assert s.race[2] == rix("sorcerers") and s.tokens[2] == 1
    assert s.tray[elves] == tray + 1 and s.hand[elves] == 0 and 2 not in s.defenders
    check_state(game, s)


def test_race_sorcerers_not_a_token_in_decline() -> None:
    game, s = fresh(3)
    give_decline(s, 1, "humans")
    put(s, 4, 1, "humans", 1, declined=True)
    give(s, 0, "sorcerers", "spirit", hand=3)
    put(s, 3, 0, "sorcerers", 2)
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "enchant 4" not in acts and "conquer 4" in acts  # an ordinary conquest: 3
    refused(game, s, "enchant 4")
    check_state(game, s)


def test_race_sorcerers_need_a_sorcerer_left_in_the_tray() -> None:
    game, s = fresh(3)
    give(s, 1, "humans", "forest")
    put(s, 4, 1, "humans", 1)
    give(s, 0, "sorcerers", "spirit", hand=3)
    put(s, 3, 0, "sorcerers", 2)
    put(s, 28, 0, "sorcerers", 13)
    assert s.tray[rix("sorcerers")] == 0
    conquer_turn(game, s, 0)
    assert "enchant 4" not in legal(game, s) and "conquer 4" in legal(game, s)
    check_state(game, s)


def test_race_sorcerers_need_a_token_in_hand_important_note() -> None:
    """"Regardless of a Race and/or Special Power benefit, a player must always have at least
    one Race token available to initiate a new Conquest" (rules p. 4, Important Note)."""
    game, s = fresh(3)
    give(s, 1, "humans", "forest")
    put(s, 4, 1, "humans", 1)
    give(s, 0, "sorcerers", "spirit", hand=0)
    put(s, 3, 0, "sorcerers", 2)
    conquer_turn(game, s, 0)
    assert s.tray[rix("sorcerers")] > 0
    assert "enchant 4" not in legal(game, s)
    check_state(game, s)


# -- Tritons ----------------------------------------------------------------------------------------------------
def test_race_tritons_pay_one_less_for_a_coastal_region_only() -> None:
    game, s = fresh(3)
    tritons = rix("tritons")
    lost_tribe(s, 7)
    give(s, 0, "tritons", "hill", hand=10)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 1) == 1  # on Sea 0
    assert cost(game.t, s, 3) == 2  # not coastal
    play(game, s, "conquer 1")
    assert s.tokens[1] == 1 and s.hand[tritons] == 9
    play(game, s, "conquer 7")  # on Sea 0, a Lost Tribe: 2 + 1 - 1
    assert s.tokens[7] == 2 and s.hand[tritons] == 7
    play(game, s, "conquer 8")  # inland, not coastal
    assert s.tokens[8] == 2 and s.hand[tritons] == 5
    check_state(game, s)


def test_race_tritons_a_lake_shore_counts_and_never_below_one() -> None:
    game, s = fresh(3)
    tritons = rix("tritons")
    give(s, 0, "tritons", "commando", hand=10)
    put(s, 8, 0, "tritons", 1)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 9) == 1  # on Lake 14: 2 - 1 - 1 = 0, raised to 1
    assert cost(game.t, s, 2) == 2  # a Mountain not on the water: 3 - 1 (Commando)
    assert cost(game.t, s, 12) == 1  # a Mountain on Sea 0: 3 - 1 - 1
    play(game, s, "conquer 9")
    assert s.tokens[9] == 1 and s.hand[tritons] == 9
    # contrast: Ratmen with Commando pay 1 for Region 9 too, but 2 for Mountain 12
    game, s = fresh(3)
    give(s, 0, "ratmen", "commando", hand=10)
    put(s, 8, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    assert cost(game.t, s, 12) == 2
    check_state(game, s)


# -- Trolls ------------------------------------------------------------------------------------------------------
def test_race_trolls_a_lair_in_each_region_they_conquer() -> None:
    game, s = fresh(3)
    give(s, 0, "trolls", "hill", hand=10)
    give(s, 1, "ratmen", "flying", hand=13)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 3")
    play(game, s, "conquer 4")
    assert s.lair[3] and s.lair[4]
    end_turn(game, s, "place 4")
    assert s.current == 1 and s.stage == "conquer"
    assert s.tokens[3] == 1
    assert cost(game.t, s, 3) == 2 + 1 + 1  # the Lair adds 1
    play(game, s, "conquer 3")
    assert s.tokens[3] == 4 and not s.lair[3]  # the Lair went with the Trolls
    check_state(game, s)


def test_race_trolls_lairs_stay_when_they_decline() -> None:
    game, s = fresh(3)
    give(s, 0, "trolls", "hill")
    put(s, 3, 0, "trolls", 3)
    put(s, 4, 0, "trolls", 2)
    s.lair[3] = s.lair[4] = True
    conquer_turn(game, s, 0)
    play(game, s, "decline")
    assert s.lair[3] and s.lair[4] and s.declined[3]
    give(s, 1, "ratmen", "flying", hand=13)
    conquer_turn(game, s, 1)
    assert cost(game.t, s, 3) == 2 + 1 + 1  # the Lair still defends the Trolls in decline
    # contrast: a Ratmen Region conquered gets no Lair
    play(game, s, "conquer 9")
    assert not s.lair[9]
    check_state(game, s)


# -- Wizards -----------------------------------------------------------------------------------------------------
def test_race_wizards_score_one_coin_per_magic_source() -> None:
    game, s = fresh(3)
    give(s, 0, "wizards", "flying")
    for r in (7, 9, 8):  # Magic Sources 7 and 9
        put(s, r, 0, "wizards", 1)
    conquer_turn(game, s, 0)
    assert turn_coins(game, s, 0, "done") == 3 + 2
    check_state(game, s)


def test_race_wizards_in_decline_score_no_magic_source() -> None:
    game, s = fresh(3)
    give(s, 0, "wizards", "flying")
    for r in (7, 9, 8):
        put(s, r, 0, "wizards", 2)
    conquer_turn(game, s, 0)
    assert turn_coins(game, s, 0, "decline") == 3
    # and in a later turn beside an active Race
    give(s, 0, "ratmen", "forest")
    put(s, 28, 0, "ratmen", 1)  # a Forest: 1 more for the Forest badge
    conquer_turn(game, s, 0)
    assert turn_coins(game, s, 0, "done") == 4 + 1
    check_state(game, s)


def test_race_sorcerers_a_lair_or_fortress_does_not_protect_an_encampment_does() -> None:
    """A single Troll with its Lair, or a token in a Fortress, is alone for the Sorcerers; an
    Encampment counts as a Race token toward the defence and protects a lone token."""
    game, s = fresh(3)
    give(s, 1, "trolls", "bivouacking")
    put(s, 4, 1, "trolls", 1)
    s.lair[4] = True
    put(s, 9, 1, "trolls", 1)
    s.fortress[9] = True
    put(s, 10, 1, "trolls", 1)
    s.camps[10] = 1
    give(s, 0, "sorcerers", "alchemist", hand=3)
    put(s, 3, 0, "sorcerers", 1)  # next to 4, 9 and 10
    conquer_turn(game, s, 0)
    acts = legal(game, s)
    assert "enchant 4" in acts and "enchant 9" in acts and "enchant 10" not in acts
    play(game, s, "enchant 4")
    assert s.race[4] == game.t.race_index["sorcerers"] and not s.lair[4]
    check_state(game, s)
