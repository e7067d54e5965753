"""A turn (facts 5.4, 5.7, 6.2): playing a card, resting, Forced Withdrawal, the end-of-turn
sequence, level-ups, announcing the End of the Round, from hand-set maps."""

from __future__ import annotations

import pytest
from mk_positions import (
    EAST,
    GAME,
    _game_on_the_glade,
    _on_site,
    do,
    east_board,
    joy_played_on_a_deep_mine,
    legal,
    me,
    refusal,
    turn,
)
from mk_positions import turn as game_turn

from boardrules.engine import Action, Event, IllegalActionError
from boardrules.games.mage_knight.cards.offers import level_up_reward, take_reward
from boardrules.games.mage_knight.cards.playing import play_card
from boardrules.games.mage_knight.rounds.turn import (
    announce_end_of_round,
    end_turn,
    rest,
    start_turn,
)

C, SW, W, NW = EAST["C"], EAST["SW"], EAST["W"], EAST["NW"]
PLAINS = "plains plains plains plains plains plains plains"


def board(hand: str = "march rage", deck: str = "stamina promise", players: int = 1, spec: str = PLAINS,
          **kw):  # type: ignore[no-untyped-def]
    b = east_board(spec, at=SW, players=players, **kw)
    for p in b.s.players:
        p.hand, p.deck = hand.split(), deck.split()
    b.s.source = ["red", "blue", "green", "white"]
    start_turn(b.t, b.s, 0, [])
    return b


def refused(fn, *args, **kw) -> IllegalActionError:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        fn(*args, **kw)
    return info.value


def test_a_turn_must_play_or_discard_at_least_one_card() -> None:
    b = board()
    err = refused(end_turn, b.t, b.s, 0, [])
    assert err.rule == "A turn" and "at least one card" in err.reason
    play_card(b.t, b.s, 0, "march", "basic", [])
    end_turn(b.t, b.s, 0, [])
    assert b.s.players[0].discard == ["march"]


def test_a_turn_started_with_an_empty_hand_and_a_non_empty_deck_needs_no_card() -> None:
    b = board(hand="", deck="march")
    end_turn(b.t, b.s, 0, [])
    assert b.s.players[0].hand == ["march"]


def test_rest_standard_rest_discard_one_non_wound_and_any_number_of_wounds() -> None:
    b = board(hand="march rage wound wound")
    assert "exactly one non-Wound" in refused(rest, b.s, 0, ["march", "rage"], []).reason
    rest(b.s, 0, ["rage", "wound", "wound"], [])
    p = b.s.players[0]
    assert p.hand == ["march"] and sorted(p.discard) == ["rage", "wound", "wound"]
    assert "movement is over" in refused(b.move, C).reason


def test_rest_slow_recovery_only_wounds_in_hand_discard_one_wound() -> None:
    b = board(hand="wound wound")
    assert "Slow Recovery" in refused(rest, b.s, 0, ["wound", "wound"], []).reason
    rest(b.s, 0, ["wound"], [])
    end_turn(b.t, b.s, 0, [])
    assert b.s.players[0].discard == ["wound"]


def test_rest_no_movement_before_resting() -> None:
    b = board()
    b.s.players[0].move_points = 2
    b.move(C)
    assert refused(rest, b.s, 0, ["march"], []).rule == "Rest"


def test_end_of_turn_forced_withdrawal_one_wound_per_space_moved_back() -> None:
    b = board(players=2)
    b.s.players[1].position = NW
    p = b.s.players[0]
    p.move_points = 4
    play_card(b.t, b.s, 0, "march", "basic", [])
    b.move(W, NW)  # ends on another hero: not a safe space
    end_turn(b.t, b.s, 0, [])
    p = b.s.players[0]
    assert p.position == W and p.hand.count("wound") == 1


def test_end_of_turn_forced_withdrawal_no_path_moved_this_turn_no_wound() -> None:
    b = board(players=2)
    b.s.players[1].position = b.s.players[0].position = b.s.players[0].turn_start = W  # withdrawn onto a hero
    play_card(b.t, b.s, 0, "march", "basic", [])
    end_turn(b.t, b.s, 0, [])
    p = b.s.players[0]
    assert p.position == W and p.hand.count("wound") == 0


def test_end_of_turn_dice_rerolled_tokens_lost_played_cards_discarded_draw_up_to_the_hand_limit() -> None:
    b = board(hand="march rage", deck="promise stamina rage march swiftness threaten")
    play_card(b.t, b.s, 0, "march", "powered", [], mana=("die-3",))
    b.s.players[0].mana["red"] = 1
    assert "only non-Wound cards" in refused(end_turn, b.t, b.s, 0, [], discard=["wound"]).reason
    end_turn(b.t, b.s, 0, [], discard=["rage"])
    p = b.s.players[0]
    assert b.s.source_used == [] and sum(p.mana.values()) == 0
    assert sorted(p.discard) == ["march", "rage"] and len(p.hand) == 5 and p.deck == ["promise"]


def test_end_of_turn_a_refusal_changes_nothing() -> None:
    b = board(players=2, spec="hills+deep-mine:red:blue plains plains plains plains plains plains")
    b.s.players[1].position = NW
    b.s.players[0].move_points = 5
    play_card(b.t, b.s, 0, "march", "basic", [])
    b.move(C, NW)  # on another hero: Forced Withdrawal to the deep mine, which needs a colour
    before = b.s.to_json()
    err = refused(end_turn, b.t, b.s, 0, [])
    assert err.rule == "DEEP MINES" and b.s.to_json() == before
    end_turn(b.t, b.s, 0, [], crystal="blue")
    assert b.s.players[0].position == C and b.s.players[0].crystals["blue"] == 1


@pytest.mark.parametrize(("fame", "level", "armor", "hand_limit", "command", "pending"), [
    (3, 2, 2, 5, 1, ["skill-and-advanced-action"]),
    (8, 3, 3, 5, 2, ["skill-and-advanced-action"]),
    (24, 5, 3, 6, 3, ["skill-and-advanced-action"] * 2),
])
def test_level_ups_odd_level_token_and_command_even_level_skill_and_advanced_action(
        fame: int, level: int, armor: int, hand_limit: int, command: int, pending: list[str]) -> None:
    b = board()
    play_card(b.t, b.s, 0, "march", "basic", [])
    b.s.players[0].fame = fame
    events: list[Event] = []
    end_turn(b.t, b.s, 0, events)
    p = b.s.players[0]
    assert (p.level, p.armor, p.hand_limit, p.command, p.pending) == (level, armor, hand_limit, command, pending)


def test_announcing_end_of_round_only_with_an_empty_deck_every_other_player_one_more_turn() -> None:
    b = board(players=3, deck="")
    b.s.players[0].deck = ["rage"]
    assert "still have 1 cards" in refused(announce_end_of_round, b.s, 0, []).reason
    b.s.players[0].deck = []
    announce_end_of_round(b.s, 0, [])
    assert b.s.final_turns == [1, 2] and not b.s.round_over
    assert "already announced" in refused(announce_end_of_round, b.s, 1, []).reason
    for i in (1, 2):
        start_turn(b.t, b.s, i, [])
        play_card(b.t, b.s, i, "march", "basic", [])
        end_turn(b.t, b.s, i, [])
    assert b.s.round_over


def test_announcing_end_of_round_forfeits_the_turn_no_space_benefits() -> None:
    b = board(spec="plains plains plains plains plains+mine:red plains plains", hand="wound", deck="")
    announce_end_of_round(b.s, 0, [])
    assert refused(end_turn, b.t, b.s, 0, [], throw_away="hand").rule == "Announcing End of Round"
    end_turn(b.t, b.s, 0, [], crystal="red")
    assert b.s.players[0].crystals["red"] == 0 and b.s.round_over


def test_announcing_end_of_round_afterwards_a_player_with_no_cards_at_all_forfeits() -> None:
    b = board(players=2, hand="", deck="")
    announce_end_of_round(b.s, 0, [])
    events: list[Event] = []
    start_turn(b.t, b.s, 1, events)
    assert b.s.players[1].forfeited and events[-1].kind == "forfeit"
    end_turn(b.t, b.s, 1, [])
    assert b.s.round_over


def test_end_of_turn_rewards_step_5_come_before_drawing_step_6_a_reward_reaches_the_hand() -> None:
    """Facts 5.7: "5. Combat rewards (6.1), then level-ups (6.2). 6. ... draw up to Hand limit";
    6.1 puts a Spell won on top of the Deed deck, so it is drawn at this turn's end."""
    b = board(hand="march rage", deck="promise stamina rage march swiftness threaten")
    b.s.spell_offer = ["snowstorm", "demolish"]
    b.s.players[0].pending = ["spell"]
    play_card(b.t, b.s, 0, "march", "basic", [])
    assert "comes after this turn's rewards" in refused(end_turn, b.t, b.s, 0, [], discard=["rage"]).reason
    events: list[Event] = []
    end_turn(b.t, b.s, 0, events)
    p = b.s.players[0]  # (a copy took over: a refusal changes nothing)
    assert p.draw_waits and p.hand == ["rage"] and "drew" not in [e.kind for e in events]
    assert "take your reward first" in refused(end_turn, b.t, b.s, 0, []).reason
    take_reward(b.t, b.s, 0, "spell", "snowstorm", [])
    end_turn(b.t, b.s, 0, [], discard=["rage"])
    p = b.s.players[0]
    assert "snowstorm" in p.hand and len(p.hand) == 5 and not p.draw_waits and "rage" in p.discard


def test_end_of_turn_a_level_up_comes_before_drawing_with_its_new_hand_limit() -> None:
    """Facts 6.2, 5.7 steps 5-6: an odd level's token (Hand limit 6 at level 5) counts for this
    turn's draw; an even level's Advanced Action, on top of the deck, is drawn with it."""
    b = board(hand="march", deck="promise stamina rage march swiftness threaten crystallize")
    b.s.aa_offer = ["ice-bolt", "fire-bolt"]
    p = b.s.players[0]
    p.level, p.fame, p.skill_pile = 3, 24, ["dark-paths", "burning-power"]  # 24 Fame: level 5 (odd) through 4 (even)
    play_card(b.t, b.s, 0, "march", "basic", [])
    end_turn(b.t, b.s, 0, [])
    p = b.s.players[0]
    assert p.level == 5 and p.hand_limit == 6 and p.pending == ["skill-and-advanced-action"] and p.hand == []
    level_up_reward(b.t, b.s, 0, "burning-power", "fire-bolt", [])
    end_turn(b.t, b.s, 0, [])
    p = b.s.players[0]
    assert "fire-bolt" in p.hand and len(p.hand) == 6


def test_end_of_turn_in_the_game_the_reward_is_asked_then_step_6_discarding_and_drawing() -> None:
    """Facts 5.7 steps 5-6 as decisions: with a reward to take, the end of the turn names no
    discarding; the reward is asked, then step 6 (discard any non-Wound cards, then draw), and
    the Spell taken is drawn at once."""
    s = game_turn("march rage stamina")
    p = me(s)
    p.pending, p.deck = ["spell"], ["promise", "swiftness", "threaten", "tranquility"]
    s.cached = None
    do(s, "play march move")
    assert "end-turn" in legal(s) and "end-turn-discard" not in legal(s)
    do(s, "end-turn")
    d = GAME.decision(s)
    assert d is not None and d.prompt == "Take your reward: spell" and d.player == s.g.current
    spell = s.g.spell_offer[0]
    do(s, f"take spell {spell}")
    assert legal(s) == ["end-turn", "end-turn-discard"]
    hero = s.g.current
    do(s, "end-turn-discard", "shed rage", "shed done")
    hero = s.g.players[hero]
    assert spell in hero.hand and len(hero.hand) == 5 and not hero.draw_waits


def test_announcing_end_of_round_forfeits_the_turn_it_ends_at_once_no_card_or_skill_after() -> None:
    """Facts 5.7 "Announcing forfeits that turn" (RB "If you forfeit your turn, your turn ends
    immediately"): after ``announce`` the next player's turn begins; no card of the announcer's
    hand is played."""
    s = game_turn("threaten march", skills="who-needs-magic")
    announcer = s.g.current
    me(s).deck = []
    s.cached = None
    do(s, "announce")
    d = GAME.decision(s)
    assert d is not None and d.player != announcer and s.g.current != announcer
    assert sorted(s.g.players[announcer].hand) == ["march", "threaten"] and s.g.final_turns == [1 - announcer]
    with pytest.raises(IllegalActionError):
        GAME.apply(s, Action.parse("play threaten move"))


# ---- facts 5.7 step 6: discarding before drawing -------------------------------------------------

def test_end_of_turn_discard_non_wound_cards_before_drawing_offered_in_the_game() -> None:
    """Facts 5.7 step 6: "You may discard any non-Wound cards from hand, then draw up to Hand
    limit". `end-turn-discard`, then `shed CARD` for each card (Wounds are not offered) and `shed
    done`: the cards go to the discard pile and the hand is drawn up again (turn.end_turn took
    the cards, but no action of the played game named them)."""
    from boardrules.engine import Action

    game, s, p = _game_on_the_glade()
    p.position = (1, 0)
    p.hand = ["march", "rage", "wound"]
    p.deck = ["stamina", "promise", "threaten", "swiftness", "tranquility"]
    s.cached = None
    assert "end-turn-discard" in [a.text for a in game.decision(s).actions]
    game.apply(s, Action.parse("end-turn-discard"))
    assert sorted(a.text for a in game.decision(s).actions) == ["shed march", "shed rage"]  # at least one card
    game.apply(s, Action.parse("shed rage"))
    assert sorted(a.text for a in game.decision(s).actions) == ["shed done", "shed march"]
    with pytest.raises(IllegalActionError):
        game.apply(s, Action.parse("shed wound"))
    game.apply(s, Action.parse("shed done"))
    q = s.g.players[0]
    assert q.discard == ["wound", "rage", "rage"]  # (one there before)
    assert sorted(q.hand) == sorted(["march", "wound", "threaten", "swiftness", "tranquility"])  # the deck's top 3
    assert s.g.current != 0 or q.turn_start != (1, 0)  # the turn is over


# ---- The end of the turn's choices together (facts 5.7: step 4 "space benefits: glade (throw away 1
# Wound), mine (1 crystal)", then step 6 "you may discard any non-Wound cards from hand, then draw") --

def test_end_of_turn_healing_essence_then_discarding_non_wound_cards() -> None:
    s = turn("march rage wound")
    _on_site(s, "glade")
    p = me(s)
    p.deck = ["stamina", "promise", "threaten", "swiftness", "tranquility"]
    p.must_play = False
    s.cached = None
    acts = legal(s)
    assert "end-turn-discard wound-from-hand" in acts and "end-turn wound-from-hand" in acts
    player = s.g.current
    do(s, "end-turn-discard wound-from-hand")
    assert sorted(legal(s)) == ["shed march", "shed rage"]  # step 6 after step 4's choice
    do(s, "shed rage", "shed done")
    q = s.g.players[player]
    assert "wound" not in q.hand + q.discard and "rage" in q.discard  # the Wound thrown away, Rage discarded
    assert sorted(q.hand) == sorted(["march", "promise", "threaten", "swiftness", "tranquility"])  # drawn up to 5


def test_end_of_turn_a_deep_mines_crystal_then_discarding_non_wound_cards() -> None:
    s = turn("march rage")
    p = me(s)
    tile, i = _on_site(s, "deep-mine")
    mine = GAME.t.tile[tile].hexes[i].mine
    acts = legal(s)
    assert "end-turn-discard" not in acts  # the crystal's colour is asked first
    assert [a for a in acts if a.startswith("end-turn-discard")] == [f"end-turn-discard {c}" for c in sorted(mine)]
    player = s.g.current
    crystals = dict(p.crystals)
    do(s, f"end-turn-discard {sorted(mine)[0]}", "shed march", "shed done")
    q = s.g.players[player]
    assert q.crystals[sorted(mine)[0]] == crystals[sorted(mine)[0]] + 1 and "march" in q.discard


def test_end_of_turn_crystal_joy_back_to_hand_on_a_deep_mine_with_its_crystal() -> None:
    s, player, colour, crystals = joy_played_on_a_deep_mine()
    assert f"return rage {colour}" in legal(s)  # a deep mine: the crystal's colour named too
    do(s, f"return rage {colour}")
    p = s.g.players[player]
    assert "crystal-joy" in p.hand and "rage" in p.discard and p.crystals[colour] == crystals + 1


def test_end_of_turn_crystal_joy_back_to_hand_with_healing_essence() -> None:
    s = turn("crystal-joy march rage wound", faces="red")
    _on_site(s, "glade")
    do(s, "play crystal-joy basic", "colour red", "pay red die-1")
    player = s.g.current
    assert "return rage wound-from-hand" in legal(s) and "return rage" in legal(s)
    do(s, "return rage wound-from-hand")
    p = s.g.players[player]
    assert "crystal-joy" in p.hand and "rage" in p.discard and "wound" not in p.hand + p.discard


# ---- Crystal Joy's return with facts 5.7 step 6's discarding -----------------------------------

def test_end_of_turn_crystal_joy_back_to_hand_and_then_discarding_non_wound_cards() -> None:
    # facts 2.3 Crystal Joy ("at the end of the turn, discard another card to take it back") and
    # facts 5.7 step 6 ("you may discard any non-Wound cards"): a player who wants both could
    # only take one (`return CARD` ended the turn, `end-turn-discard` had no return)
    s = turn("crystal-joy march rage swiftness wound", faces="red")
    do(s, "play crystal-joy basic", "colour red", "pay red die-1")
    player = s.g.current
    assert "return-discard rage" in legal(s) and "return rage" in legal(s)
    do(s, "return-discard rage")
    # the card returned for Crystal Joy is not offered again, nor a Wound; one card at least first
    assert legal(s) == ["shed march", "shed swiftness"]
    do(s, "shed march")
    assert legal(s) == ["shed swiftness", "shed done"]
    do(s, "shed done")
    p = s.g.players[player]
    assert sorted(p.discard) == ["march", "rage"] and "crystal-joy" in p.hand and "crystal-joy" not in p.play_area
    assert s.g.current != player or not s.turn_begun  # the turn is over


def test_end_of_turn_crystal_joy_and_discarding_with_a_deep_mines_crystal() -> None:
    s, player, colour, crystals = joy_played_on_a_deep_mine()
    do(s, f"return-discard rage {colour}", "shed march", "shed done")
    p = s.g.players[player]
    assert sorted(p.discard) == ["march", "rage"] and p.crystals[colour] == crystals + 1
    assert "crystal-joy" in p.hand


def test_end_of_turn_crystal_joy_and_discarding_not_offered_with_nothing_left_to_discard() -> None:
    s = turn("crystal-joy rage wound", faces="red")
    do(s, "play crystal-joy basic", "colour red", "pay red die-1")
    assert "return rage" in legal(s) and not any(a.startswith("return-discard") for a in legal(s))
    reason, rule = refusal(s, "return-discard rage")
    assert rule and "return-discard rage" in reason


def test_end_of_turn_the_card_for_crystal_joy_is_not_discarded_twice() -> None:
    # turn.end_turn: the card discarded for Crystal Joy among step 6's cards too raised ValueError
    from boardrules.games.mage_knight.rounds.turn import end_turn

    s = turn("crystal-joy rage", faces="red")
    do(s, "play crystal-joy basic", "colour red", "pay red die-1")
    with pytest.raises(IllegalActionError) as info:
        end_turn(GAME.t, s.g, s.g.current, [], discard=["rage"], joy="rage")
    assert info.value.rule == "End of turn" and "not discarded again" in info.value.reason
