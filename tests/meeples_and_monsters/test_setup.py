"""Rule tests for Meeples & Monsters: SETUP, steps 1 to 13 (and step 9a, The Four Towers).

Each test names the rulebook step it checks; its docstring paraphrases that step.
"""

from __future__ import annotations

import pytest
from mm_positions import game_

from boardrules.engine import Rng
from boardrules.games.meeples_and_monsters import setup
from boardrules.games.meeples_and_monsters.content import MEEPLE_SUPPLY
from boardrules.games.meeples_and_monsters.state import (
    CORRUPTION,
    DISTRICTS,
    KIND_INDEX,
    NO_CARD,
    PEASANT,
    MMState,
)

SEEDS = range(200)


def new(players: int = 2, seed: int = 0, **options: str) -> MMState:
    return game_().new_state(players, seed, options or None)


def card_level(card: int) -> int:
    """The level of a Monster deck card; a Dark Council Arrives card counts as the level whose
    pile it was shuffled into (1st: level 1, 2nd: level 2, 3rd: level 3)."""
    t = game_().t
    if card in t.arrives:
        return t.arrives.index(card) + 1
    return t.monsters[card].level


def level_cards_below(s: MMState, arrives_no: int) -> tuple[int, int]:
    """How many Monsters of the Dark Council Arrives card's level lie below it in the deck,
    and how many lie above it (including those already dealt to the City)."""
    t = game_().t
    card = t.arrives[arrives_no]
    level = arrives_no + 1
    i = s.monster_deck.index(card)
    below = sum(1 for c in s.monster_deck[:i] if c not in t.arrives and t.monsters[c].level == level)
    above = sum(1 for c in s.monster_deck[i + 1:] if c not in t.arrives and t.monsters[c].level == level)
    above += sum(1 for row in s.monsters for m in row if m != NO_CARD and t.monsters[m].level == level)
    return below, above


# -- steps 1 to 5 -----------------------------------------------------------------------------


def test_setup_step_1_city_board_with_one_starting_location_per_district() -> None:
    """Step 1 (and the City board): each district has 1 pre-built Location and 2 empty
    Location slots."""
    t = game_().t
    s = new()
    assert len(s.buildings) == len(DISTRICTS) == 4
    for d, row in enumerate(s.buildings):
        assert row[0] == t.starting[d]
        assert t.locations[row[0]].district == DISTRICTS[d]
        assert row[1:] == [NO_CARD, NO_CARD]


def test_setup_steps_2_3_henchman_and_overlords_with_random_bonus_tokens() -> None:
    """Steps 2-3: the Henchman goes on the Final Encounter scoreboard without a bonus; each of
    the 3 Dark Overlords gets 1 Dark Council Bonus token at random."""
    t = game_().t
    tokens_seen: set[tuple[int, ...]] = set()
    for seed in range(30):
        s = new(seed=seed)
        board = dict(s.overlords)
        assert set(board) == {*t.overlords, t.henchman}
        assert board[t.henchman] == -1  # "the henchman Combustor has no bonus"
        tokens = tuple(board[m] for m in t.overlords)
        assert all(0 <= tok < len(t.bonuses) for tok in tokens)
        assert len(set(tokens)) == 3
        tokens_seen.add(tokens)
    assert len(tokens_seen) > 5  # shuffled: not the same tokens every game


def test_setup_step_4_supply_holds_every_other_meeple() -> None:
    """Step 4: the meeples sorted by colour next to the board are the supply (minus what the
    players put in their bags in step 12)."""
    for players in (2, 3, 4):
        s = new(players)
        for kind, n in MEEPLE_SUPPLY.items():
            k = KIND_INDEX[kind]
            given = {PEASANT: 7, CORRUPTION: 3}.get(k, 0) * players
            assert s.supply[k] == n - given, kind
        total = [s.supply[k] + sum(p.bag[k] + p.tavern[k] + p.lodgings[k] for p in s.players) for k in range(9)]
        assert total == [MEEPLE_SUPPLY[k] for k in KIND_INDEX]


def test_setup_step_5_player_markers_start_at_zero_vp() -> None:
    """Step 5: each player's marker starts at the start of the score track."""
    s = new(4)
    assert [p.vp for p in s.players] == [0, 0, 0, 0]


# -- step 6: the Monster piles -----------------------------------------------------------------


def deck_and_city(s: MMState) -> list[int]:
    return s.monster_deck + [m for row in s.monsters for m in row if m != NO_CARD]


def test_setup_step_6_three_plus_cards_removed_with_two_players() -> None:
    """Step 6: with fewer than 3 players, the "3+" Monster cards go back to the box."""
    t = game_().t
    three_plus = {i for i, m in enumerate(t.monsters) if m.three_plus}
    assert three_plus  # the content has 3+ cards
    s = new(2)
    cards = deck_and_city(s)
    assert not three_plus & set(cards)
    normal = [i for i, m in enumerate(t.monsters) if m.council is None and not m.three_plus]
    assert sorted(c for c in cards if c not in t.arrives) == normal


@pytest.mark.parametrize("players", [3, 4])
def test_setup_step_6_three_plus_cards_kept_with_three_or_more_players(players: int) -> None:
    """Step 6: the "3+" cards are only removed with fewer than 3 players."""
    t = game_().t
    s = new(players)
    cards = deck_and_city(s)
    normal = [i for i, m in enumerate(t.monsters) if m.council is None]
    assert sorted(c for c in cards if c not in t.arrives) == normal
    assert sorted(c for c in cards if c in t.arrives) == list(t.arrives)
    # the Dark Council (Overlords and Henchman) is never in the deck
    assert not {*t.overlords, t.henchman} & set(cards)


def test_setup_step_6_each_level_pile_is_shuffled() -> None:
    """Step 6: each level pile is shuffled individually (the order differs between games)."""
    orders = {tuple(new(2, seed).monster_deck) for seed in range(10)}
    assert len(orders) == 10


# -- step 7: the Dark Council Arrives cards ----------------------------------------------------


def test_setup_step_7a_council_card_in_bottom_four_of_level_1() -> None:
    """Step 7a: shuffle 1 Dark Council Arrives card into the bottom 4 cards of the level 1
    Monsters, then add the remaining level 1 Monsters on top."""
    seen = set()
    for seed in SEEDS:
        below, above = level_cards_below(new(2, seed), 0)
        assert below <= 4
        assert below + above == 10  # 12 level 1 Monsters minus the two 3+ cards
        seen.add(below)
    assert seen == {0, 1, 2, 3, 4}  # shuffled among the bottom 4 (5 places)


def test_setup_step_7b_council_card_in_bottom_eight_of_level_2() -> None:
    """Step 7b: shuffle 1 into the bottom 8 cards of the level 2 Monsters, then add the
    remaining level 2 Monsters on top."""
    seen = set()
    for seed in SEEDS:
        below, above = level_cards_below(new(3, seed), 1)
        assert below <= 8
        assert below + above == 20
        seen.add(below)
    assert seen == set(range(9))


@pytest.mark.parametrize(("players", "level3"), [(2, 6), (4, 8)])
def test_setup_step_7c_council_card_in_bottom_half_of_level_3(players: int, level3: int) -> None:
    """Step 7c: shuffle 1 into the bottom half of the level 3 Monsters, then add the remaining
    half on top."""
    seen = set()
    for seed in SEEDS:
        below, above = level_cards_below(new(players, seed), 2)
        assert below + above == level3
        assert below <= level3 // 2
        assert above >= level3 - level3 // 2
        seen.add(below)
    assert seen == set(range(level3 // 2 + 1))


def test_setup_step_7d_deck_order_level_1_on_top_level_3_at_bottom() -> None:
    """Step 7d: level 3 at the bottom, level 2 on it, level 1 on top (weakest at the top,
    toughest at the bottom, the Dark Council Arrives cards within their levels)."""
    t = game_().t
    for seed in range(20):
        s = new(3, seed)
        levels = [card_level(c) for c in s.monster_deck]  # bottom first
        assert levels == sorted(levels, reverse=True)
        assert levels[0] == 3 and levels[-1] == 1
        assert all(c in s.monster_deck for c in t.arrives)


def test_setup_step_7_build_level_pile_keeps_remaining_cards_on_top() -> None:
    """Step 7a-c (the pile builder): the cards outside the bottom part stay above the
    Dark Council Arrives card."""
    for seed in range(50):
        pile = setup.build_level_pile(Rng(seed), list(range(10)), 99, 4)
        assert len(pile) == 11
        assert pile.index(99) <= 4  # top of the pile is the end of the list


# -- step 8: the City's Monsters ------------------------------------------------------------


def test_setup_step_8_six_monsters_in_their_district_from_the_first_slot() -> None:
    """Step 8: draw the top 6 Monster cards and place them in the slots of the district on the
    card, starting with the first slot in each district."""
    t = game_().t
    for seed in range(40):
        s = new(2, seed)
        city = [m for row in s.monsters for m in row if m != NO_CARD]
        assert len(city) == 6
        for d, row in enumerate(s.monsters):
            filled = [m for m in row if m != NO_CARD]
            assert row == filled + [NO_CARD] * (3 - len(filled))  # from the first slot
            for m in filled:
                assert t.monsters[m].district == DISTRICTS[d]
                assert t.monsters[m].level == 1


def test_setup_step_8_top_six_cards_in_drawn_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Step 8: the 6 Monsters are the top 6 cards of the deck, the first drawn in a district
    takes its first slot; a district that is full sends the Monster to the first district
    with a free slot in board order (rules-choices.md, setup)."""
    g = game_()
    t = g.t
    ids = ["giant-rat", "goblin-raider", "tree-beast", "timber-wolf", "skeleton", "grave-wisp"]
    top = [t.mon_index[i] for i in ids]
    rest = [i for i, m in enumerate(t.monsters) if m.council is None and i not in top]
    crafted = rest + list(t.arrives) + top[::-1]  # top of the deck is the end of the list
    monkeypatch.setattr(setup, "monster_deck", lambda tables, rng, n: crafted[:])
    s = g.new_state(2, 0)
    v, c, u, _ = (s.monsters[d] for d in range(4))
    # four Villages Monsters: the first three fill the Villages in order, the fourth overflows
    assert v == [top[0], top[1], top[2]]
    assert c == [top[3], top[4], NO_CARD]  # overflow to the Castle first, then the Skeleton
    assert u == [top[5], NO_CARD, NO_CARD]
    assert s.monster_deck == crafted[:-6]


# -- steps 9 and 9a ------------------------------------------------------------------------------


def test_setup_step_9_four_face_up_location_tiles() -> None:
    """Step 9: shuffle the Location tiles, lay out 4 face up, the rest form the stack."""
    t = game_().t
    rows = set()
    for seed in range(10):
        s = new(2, seed)
        assert len(s.face_up) == 4
        assert len(s.location_stack) == len(t.tiles) - 4 == 11
        assert sorted(s.face_up + s.location_stack) == sorted(t.tiles)
        rows.add(tuple(s.face_up))
    assert len(rows) > 1


def test_setup_step_9a_four_towers_five_rooms_per_tower() -> None:
    """Step 9a (The Four Towers): shuffle the Tower Room tiles, 5 in each stack face down on
    the Tower Locations, the top room of each stack face up."""
    g = game_()
    s = new(2, 3, expansion="four-towers")
    assert len(s.towers) == 4
    assert all(len(stack) == 5 for stack in s.towers)
    assert sorted(r for stack in s.towers for r in stack) == list(range(len(g.t.rooms)))
    view = g.view(s, 0)
    for d, stack in enumerate(s.towers):
        assert view["city"][d]["tower"] == {"room": g.t.rooms[stack[-1]].id, "left": 5}
    other = new(2, 4, expansion="four-towers")
    assert other.towers != s.towers  # shuffled


def test_setup_step_9a_no_tower_rooms_without_the_expansion() -> None:
    """Step 9a is only inserted when playing with The Four Towers."""
    g = game_()
    s = new(2, 3)
    assert s.towers == []
    assert all(d["tower"] is None for d in g.view(s, 0)["city"])


# -- steps 10 to 13 ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_step_11_two_secret_quests_each(players: int) -> None:
    """Step 11: deal 2 Quests face down to each player; the rest is the Quest deck. Players
    keep their Quests secret from the other players."""
    g = game_()
    s = new(players, 5)
    hands = [q for p in s.players for q in p.quests]
    assert all(len(p.quests) == 2 for p in s.players)
    assert sorted(hands + s.quest_deck) == list(range(len(g.t.quests)))
    assert len(s.quest_deck) == 44 - 2 * players
    view = g.view(s, 0)
    assert view["players"][0]["quests"] == [g.t.quests[q].id for q in s.players[0].quests]
    assert "quests" not in view["players"][1]
    assert view["players"][1]["quests_in_hand"] == 2


@pytest.mark.parametrize("players", [2, 4])
def test_setup_step_12_bag_of_3_corruption_7_peasants_draw_4(players: int) -> None:
    """Step 12: 3 Corruption and 7 Peasants in each bag; draw 4 meeples into the Tavern."""
    for seed in range(10):
        s = new(players, seed)
        for p in s.players:
            assert sum(p.tavern) == 4
            assert p.bag[CORRUPTION] + p.tavern[CORRUPTION] == 3
            assert p.bag[PEASANT] + p.tavern[PEASANT] == 7
            assert sum(p.bag) == 6
            assert not any(p.lodgings)


def test_setup_step_12_starting_draw_is_random() -> None:
    """Step 12: players shake their bag and draw without looking."""
    draws = {new(2, seed).players[0].tavern[CORRUPTION] for seed in range(40)}
    assert len(draws) >= 3


def test_setup_step_13_most_corruption_starts_ties_random() -> None:
    """Step 13: the player with the most Corruption in their Tavern starts (and takes the
    First player marker); ties are solved by a random method."""
    tie_winners: set[tuple[tuple[int, ...], int]] = set()
    for seed in range(120):
        s = new(3, seed)
        corruption = [p.tavern[CORRUPTION] for p in s.players]
        most = max(corruption)
        tied = [i for i, c in enumerate(corruption) if c == most]
        assert s.first_player in tied
        assert s.current == s.first_player
        if len(tied) > 1:
            tie_winners.add((tuple(tied), s.first_player))
    # among ties of the same seats, more than one seat has won
    by_tie: dict[tuple[int, ...], set[int]] = {}
    for seats, winner in tie_winners:
        by_tie.setdefault(seats, set()).add(winner)
    assert any(len(w) > 1 for w in by_tie.values())


def test_setup_step_13_first_player_takes_the_first_turn() -> None:
    """Step 13 and TURN SEQUENCE: the game starts with the first player's turn."""
    g = game_()
    for seed in range(10):
        s = new(4, seed)
        d = g.decision(s)
        assert s.turn == 1
        assert d is not None and d.player == s.first_player
