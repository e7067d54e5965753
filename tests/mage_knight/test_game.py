"""Mage Knight as a game: random First Reconnaissance games through the shared property checks
(every decision has a legal action, every game ends, views are JSON and determinize agrees with
them), and hand-set positions of the decision layer."""

from __future__ import annotations

import pytest
from mk_positions import GAME, check_state, check_views, first_turn
from random_play import play_checked

from boardrules.engine import Action, IllegalActionError, OptionError, Rng
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game_state import MKState


@pytest.mark.parametrize("seed", range(12))
def test_random_first_reconnaissance_games_keep_the_invariants(seed: int) -> None:
    s = GAME.new_state(2 + seed % 3, seed)
    actions = play_checked(GAME, s, seed, check_state, salt=0x4D4B, views=check_views, views_every=23)
    assert s.over and s.g.round == 3
    assert actions


@pytest.mark.parametrize("seed", range(3))
def test_random_solo_conquest_games_keep_the_invariants(seed: int) -> None:
    s = GAME.new_state(1, seed)
    actions = play_checked(GAME, s, seed, check_state, salt=0x4D4B, views=check_views, views_every=23)
    assert s.over and s.g.dummy is not None and actions


def names(s: MKState) -> set[str]:
    d = GAME.decision(s)
    assert d is not None
    return {a.name for a in d.actions}


def test_first_reconnaissance_setup_wedge_tiles_in_numeric_order_and_day() -> None:
    s = GAME.new_state(3, 5)
    assert s.g.shape == "wedge" and not s.g.night and s.g.round == 1
    countryside = [x for x in s.g.tile_deck if GAME.t.tile[x].kind == "countryside"]
    numbers = [GAME.t.tile[x].number for x in countryside]
    assert numbers == sorted(numbers) and len(countryside) + 2 == 9  # 9 countryside for 3, 2 revealed
    d = GAME.decision(s)
    assert d is not None and {a.name for a in d.actions} == {"tactic"}


def test_setup_heroes_option_names_the_bad_hero() -> None:
    with pytest.raises(OptionError, match="giant"):
        GAME.new_state(2, 0, {"heroes": "tovak,giant"})


def test_turn_decision_offers_small_actions_never_combinations() -> None:
    s = first_turn()
    acts = names(s)
    assert {"play", "rest", "end-turn"} <= acts or {"play", "rest"} <= acts
    d = GAME.decision(s)
    assert d is not None
    hand = set(s.g.players[d.player].hand) - {WOUND}
    assert len(d.actions) <= 6 * len(hand) + 40


def test_powered_play_asks_for_the_mana_source() -> None:
    """Facts 5.4 "powered": the mana is paid as its own small decision."""
    s = first_turn()
    player = s.g.current
    p = s.g.players[player]
    p.hand, s.g.source, p.crystals["green"] = ["march", "rage"], ["green", "red", "blue"], 1
    s.cached = None
    d = GAME.decision(s)
    assert d is not None
    assert Action("play", ("march", "powered")) in d.actions
    assert Action("play", ("rage", "powered")) not in d.actions  # Attack or Block: only in a combat
    GAME.apply(s, Action("play", ("march", "powered")))
    d = GAME.decision(s)
    assert d is not None
    assert {a.text for a in d.actions} == {"pay green die-1", "pay green crystal"}
    GAME.apply(s, Action("pay", ("green", "crystal")))
    p = s.g.players[player]  # the rules apply to a copy and take it over
    assert p.move_points == 4 and p.crystals["green"] == 0 and "march" in p.play_area


def test_sideways_move_then_move_to_a_space() -> None:
    s = first_turn()
    d = GAME.decision(s)
    assert d is not None
    player = d.player
    for _ in range(2):
        d = GAME.decision(s)
        assert d is not None
        GAME.apply(s, next(a for a in d.actions if a.name == "play" and a.args[1] == "move"))
    assert s.g.players[player].move_points == 2
    d = GAME.decision(s)
    assert d is not None
    moves = [a for a in d.actions if a.name == "move"]
    assert moves
    GAME.apply(s, moves[0])
    assert s.g.players[player].position == tuple(int(x) for x in moves[0].args[0].split(":"))


def test_illegal_action_is_refused_naming_the_rule() -> None:
    s = first_turn()
    with pytest.raises(IllegalActionError) as e:
        GAME.apply(s, Action("move", ("9:9",)))
    assert e.value.rule == "Movement" and "one space at a time" in e.value.reason
    with pytest.raises(IllegalActionError) as e:
        GAME.apply(s, Action("play", ("rage", "attack")))
    assert e.value.rule


def test_result_most_fame_wins_ties_share() -> None:
    """Facts 7 First Reconnaissance "Scoring": most Fame wins, ties share."""
    s = first_turn()
    s.over = True
    s.g.players[0].fame, s.g.players[1].fame = 4, 4
    r = GAME.result(s)
    assert r is not None and r.winners == (0, 1)
    s.g.players[1].fame = 5
    r = GAME.result(s)
    assert r is not None and r.winners == (1,)


def test_view_hides_hands_deck_order_and_skills() -> None:
    s = first_turn()
    v = GAME.view(s, 0)
    assert "hand" in v["players"][0] and "hand" not in v["players"][1]
    assert "deck" not in v["players"][1] and "skill_pile" not in v["players"][0]
    assert v["players"][0]["deck"] == sorted(s.g.players[0].deck)


def test_determinize_reseeds_and_keeps_the_view() -> None:
    s = first_turn()
    rng = Rng(7)
    d = GAME.determinize(s, 0, rng)
    assert GAME.view(d, 0) == GAME.view(s, 0)
    assert d.g.rng.draws == s.g.rng.draws and d.g.rng.state != s.g.rng.state


def test_a_turn_end_after_a_knock_out_with_only_wounds_in_hand() -> None:
    """Facts 5.4 "A turn" / 5.7: a hero whose action (a combat) left only Wounds in hand, no card
    played, can still end the turn (found by the random games: the turn could not end); at the
    start of a turn a hand of Wounds still has to rest (Slow Recovery)."""
    from boardrules.games.mage_knight.rounds.turn import end_turn

    s = first_turn()
    player = s.g.current
    p = s.g.players[player]
    p.hand, p.play_area, p.must_play = [WOUND, WOUND], [], True
    with pytest.raises(IllegalActionError, match="play or discard"):
        end_turn(GAME.t, s.g, player, [])
    p.acted = p.moving_done = True  # the turn's combat is over
    end_turn(GAME.t, s.g, player, [])
    assert s.g.players[player].play_area == []


def test_marauding_orcs_effect_a_move_that_provokes_them_starts_the_combat() -> None:
    """MARAUDING ORCS "Effect" / WALLS "Provoking": moving between two spaces next to rampaging
    orcs provokes them; the decision layer starts that combat at once, and the next decision is
    the combat's."""
    s = first_turn()
    player = s.g.current
    p = s.g.players[player]
    p.position, p.move_points = (1, -3), 2  # next to the orcs on (1,-4), as is (0,-3)
    p.play_area = ["march"]
    s.cached = None
    GAME.apply(s, Action("move", ("0:-3",)))
    assert s.g.combat is not None and s.g.combat_site["kind"] == "rampaging"
    d = GAME.decision(s)
    assert d is not None and d.player == player and any(a.name == "next" for a in d.actions)


def test_first_reconnaissance_special_plus_1_fame_for_every_tile_revealed() -> None:
    """Facts 7 First Reconnaissance "Special": +1 Fame for every tile revealed."""
    s = first_turn()
    player = s.g.current
    p = s.g.players[player]
    p.position, p.move_points, p.play_area = (4, -2), 2, ["march"]
    s.cached = None
    tiles = len(s.g.tiles)
    GAME.apply(s, Action("explore", ("2:0",)))
    assert len(s.g.tiles) == tiles + 1
    assert s.g.players[player].fame == 1 and s.g.players[player].move_points == 0


def test_level_ups_even_level_reward_taken_after_the_turn_as_a_decision() -> None:
    """Facts 6.2: the level-up reward (a skill and an Advanced Action) is the player's decision
    at the end of the turn (facts 5.7 step 5), before its drawing and the next turn."""
    s = first_turn()
    player = s.g.current
    p = s.g.players[player]
    p.fame, p.play_area = 8, ["march"]  # level 3 reached: the level 2 reward waits
    p.discard, p.hand = p.hand[3:], p.hand[:3]  # room in the hand for step 6's draw
    s.cached = None
    GAME.apply(s, Action("end-turn", ()))
    d = GAME.decision(s)
    assert d is not None and d.player == player and {a.name for a in d.actions} == {"level-up"}
    revealed = s.g.players[player].skill_pile[-2:]
    assert {a.args[0] for a in d.actions} == set(revealed)  # (the Common Skill offer is empty)
    GAME.apply(s, d.actions[0])  # the skill, then (issue 24: a second decision) its Advanced Action
    learn = GAME.decision(s)
    assert learn is not None and {a.name for a in learn.actions} == {"learn"}
    assert {a.args[0] for a in learn.actions} == set(s.g.aa_offer)
    GAME.apply(s, learn.actions[0])
    q = s.g.players[player]
    assert q.skills == [d.actions[0].args[0]] and q.deck[-1] == learn.actions[0].args[0] and not q.pending
    e = GAME.decision(s)  # then facts 5.7 step 6: the Advanced Action on top is drawn
    assert e is not None and e.player == player and e.prompt.startswith("End of the turn")
    GAME.apply(s, Action("end-turn", ()))
    assert learn.actions[0].args[0] in s.g.players[player].hand
    d = GAME.decision(s)
    assert d is not None and d.player != player


def test_a_turn_with_only_wounds_in_hand_and_no_card_played_can_only_rest() -> None:
    """Facts 5.4 "A turn": any turn must play or discard at least one card. A hero holding only
    Wounds who has played nothing can never play one, so the turn is a Rest (Slow Recovery):
    no moving, exploring, challenging, entering or interacting (the random games found heroes
    challenging the orcs turn after turn with a hand of Wounds: the round never ended)."""
    s = first_turn()
    player = s.g.current
    p = s.g.players[player]
    p.position, p.move_points = (1, -3), 2  # next to the orcs on (1,-4); Move from a Unit
    p.hand, p.play_area, p.must_play = [WOUND] * 6, [], True
    s.cached = None
    assert names(s) == {"rest"}
    for a in (Action("challenge", ("1:-4",)), Action("move", ("0:-3",))):
        with pytest.raises(IllegalActionError) as e:
            GAME.apply(s, a)
        assert e.value.rule == "A turn" and "Slow Recovery" in e.value.reason
    GAME.apply(s, Action("rest", (WOUND,)))
    assert s.g.players[player].discard[-1] == WOUND and s.g.players[player].hand.count(WOUND) == 5


def test_a_turn_with_only_wounds_in_hand_may_still_act_once_a_card_was_played() -> None:
    """Facts 5.4 "A turn": the obligation is met by a card played earlier in the turn (Wounds
    taken since do not stop the turn's action)."""
    s = first_turn()
    player = s.g.current
    p = s.g.players[player]
    p.position, p.move_points = (1, -3), 0
    p.hand, p.play_area, p.must_play = [WOUND] * 6, ["march"], True
    s.cached = None
    assert "challenge" in names(s)


# seeds whose random games never ended before a hand of Wounds was held to a Rest, and a few more
ENDLESS_BEFORE = (72, 75, 93, 204, 256, 381)
DECISION_BOUND = 2_500  # the longest seeded random games: about 430 decisions, 1,070 in Full Conquest


@pytest.mark.parametrize("seed", [*ENDLESS_BEFORE, *range(8), 100, 101])
def test_every_random_game_ends_within_a_bound(seed: int) -> None:
    """Facts 5.2, 5.7, 5.8: the game ends after its rounds whatever the players do (1 player:
    Solo Conquest with the Dummy player; 2-4: First Reconnaissance; seeds 100 and up: Full
    Conquest)."""
    players = (2 + seed % 3) if seed in ENDLESS_BEFORE or seed >= 100 else 1 + seed % 4
    s = GAME.new_state(players, seed, {"scenario": "full-conquest"} if seed >= 100 else {})
    rng = Rng(seed ^ 0x5151)
    n = 0
    while (d := GAME.decision(s)) is not None and n < DECISION_BOUND:
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
        n += 1
    assert d is None and s.over, f"seed {seed}: no end after {n} decisions (round {s.g.round})"


def test_a_turn_whose_hand_an_effect_emptied_can_end() -> None:
    """Facts 5.4 "A turn": a hand emptied during the turn by an effect's discard (a skill such
    as Invocation) has met "play or discard at least one card": the turn can end (found by the
    random games with the skills of the next stage: no legal action was left)."""
    from boardrules.games.mage_knight.rounds.turn import end_turn

    s = first_turn()
    player = s.g.current
    p = s.g.players[player]
    p.hand, p.play_area, p.discard, p.must_play = [], [], p.discard + ["rage"], True
    end_turn(GAME.t, s.g, player, [])
    assert s.g.players[player].hand  # drew up to the Hand limit


def test_tactics_a_word_of_no_action_is_refused_with_the_choice_of_now() -> None:
    """Tactics: while the Tactics are chosen, a word that is no action now ('fly') is refused
    with what is asked and the Tactics rule, not as a malformed turn action."""
    s = GAME.new_state(2, 1)
    with pytest.raises(IllegalActionError) as e:
        GAME.apply(s, Action.parse("fly"))
    assert e.value.rule == "Tactics" and "'fly' is not an action now" in e.value.reason
    assert "Choose a Tactic" in e.value.reason
