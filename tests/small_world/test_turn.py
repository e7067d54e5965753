"""Small World beyond the excerpt, from the facts (shared/facts/small-world.md): set-up, the
combo market, the turn (ready troops, redeployment), decline, scoring, the end of the game and
the tie-break, and what each player may see."""

from __future__ import annotations

from typing import Any

from sw_invariants import check_state
from sw_positions import (
    conquer_turn,
    fresh,
    give,
    give_decline,
    legal,
    play,
    play_until,
    put,
    refused,
)

from boardrules.engine import Action, Rng
from boardrules.games.small_world import SmallWorld
from boardrules.games.small_world.conquest import DIE_FACES
from boardrules.games.small_world.scoring import result, tokens_on_map
from boardrules.games.small_world.state import COIN_VALUE, MARKET_SIZE, NOBODY, START_COINS, SWState


# -- set-up ---------------------------------------------------------------------------------------
def test_setup_six_combos_five_coins_each_lost_tribes_and_the_track() -> None:
    for players, turns in ((2, 10), (3, 10), (4, 9), (5, 8)):
        game, s = fresh(players, seed=players, lost_tribes=True)
        assert len(s.market) == MARKET_SIZE and all(c[2] == 0 for c in s.market)
        assert all(p.coins == START_COINS for p in s.players)
        assert s.bank == COIN_VALUE - START_COINS * players
        assert s.turns == turns and s.map == players
        assert len(s.race_deck) == 14 - MARKET_SIZE and len(s.power_deck) == 20 - MARKET_SIZE
        check_state(game, s)


def test_setup_combos_are_shuffled_by_the_seed() -> None:
    markets = {tuple(tuple(c) for c in fresh(3, seed=seed)[1].market) for seed in range(6)}
    assert len(markets) > 3


# -- the combo market -------------------------------------------------------------------------------
def test_market_pay_one_coin_on_each_combo_above() -> None:
    game, s = fresh(3)
    race, power, _ = s.market[2]
    above = [c[0] for c in s.market[:2]]
    play(game, s, f"pick {game.t.races[race].id}")
    p = s.players[0]
    assert p.coins == START_COINS - 2
    assert [c[2] for c in s.market[:2]] == [1, 1] and [c[0] for c in s.market[:2]] == above
    assert (p.race, p.power) == (race, power)
    check_state(game, s)


def test_market_take_the_coins_on_the_chosen_combo_and_a_new_one_is_revealed() -> None:
    game, s = fresh(3)
    s.market[3][2] = 4
    s.bank -= 4
    race = s.market[3][0]
    top = (s.race_deck[-1], s.power_deck[-1])
    play(game, s, f"pick {game.t.races[race].id}")
    assert s.players[0].coins == START_COINS - 3 + 4
    assert len(s.market) == MARKET_SIZE and tuple(s.market[-1][:2]) == top and s.market[-1][2] == 0
    check_state(game, s)


def test_market_tokens_are_banner_plus_badge_capped_by_the_box() -> None:
    game, s = fresh(3)
    t = game.t
    race, power, _ = s.market[0]
    play(game, s, f"pick {t.races[race].id}")
    extra = 4 if t.races[race].id == "amazons" else 0
    assert s.hand[race] == min(t.races[race].tokens + t.powers[power].tokens + extra, t.races[race].box)


def test_market_a_combo_you_cannot_pay_for_is_not_offered() -> None:
    game, s = fresh(3)
    s.players[0].coins = 2
    s.bank += 3
    acts = legal(game, s)
    assert len(acts) == 3  # positions 1, 2 and 3 only
    err = refused(game, s, f"pick {game.t.races[s.market[5][0]].id}")
    assert "cannot pay" in err.reason



def test_market_six_combos_while_the_stacks_last_a_banner_back_on_an_empty_stack_is_offered() -> None:
    """Six combos are on offer while the stacks last (the tops of the two stacks make the
    sixth): a banner going back to an emptied Race stack is at once the sixth combo."""
    game, s = fresh(5)
    t = game.t
    deck, badges = s.race_deck[:], s.power_deck[:]
    for seat in range(1, 5):  # the Race stack is used up by four players' Races
        give(s, seat, t.races[deck[2 * seat - 2]].id, t.powers[badges[2 * seat - 2]].id)
        give_decline(s, seat, t.races[deck[2 * seat - 1]].id, t.powers[badges[2 * seat - 1]].id)
    play(game, s, f"pick {t.races[s.market[0][0]].id}")  # Player 1 takes a combo: five remain
    assert s.race_deck == [] and len(s.market) == MARKET_SIZE - 1
    put(s, 3, 1, t.races[s.players[1].race].id, 2)
    old = s.players[1].declines[0][0]
    conquer_turn(game, s, 1)
    top_badge = s.power_deck[-1]
    play(game, s, "decline")  # Player 2's older Race in decline leaves: its banner goes back
    assert s.race_deck == [] and len(s.market) == MARKET_SIZE
    assert s.market[-1] == [old, top_badge, 0]
    check_state(game, s)

# -- the turn -----------------------------------------------------------------------------------------
def test_ready_troops_all_but_one_token_per_region_to_hand() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist")
    put(s, 3, 0, "ratmen", 4)
    put(s, 4, 0, "ratmen", 2)
    s.current, s.stage = 0, "main"
    game._advance(s, [])
    assert (s.tokens[3], s.tokens[4], s.hand[s.players[0].race]) == (1, 1, 4)
    assert s.stage == "conquer"


def test_ready_troops_abandon_a_region_before_conquering() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=3)
    put(s, 3, 0, "ratmen", 1)
    put(s, 4, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    play(game, s, "abandon 4")
    assert s.owner[4] == NOBODY and s.hand[s.players[0].race] == 4
    play(game, s, "conquer 10")
    assert "abandon 3" not in legal(game, s)
    err = refused(game, s, "abandon 3")
    assert "before your first conquest" in err.reason


def test_turn_structure_abandoning_a_region_is_expanding_no_decline_after_it() -> None:
    """Facts 2.5: a later turn is either Expand (ready troops, abandoning Regions among them →
    conquer → redeploy → score) or Decline; a Race that has abandoned a Region is expanding."""
    game, s = fresh(3)
    give(s, 0, "ratmen", "stout", hand=3)
    put(s, 3, 0, "ratmen", 1)
    put(s, 4, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    assert "decline" in legal(game, s)
    assert not game.view(s, 1)["abandoned"]
    play(game, s, "abandon 4")
    assert "decline" not in legal(game, s) and game.view(s, 1)["abandoned"]  # in view of everyone
    assert "abandon 3" in legal(game, s)  # further Regions may still be abandoned
    err = refused(game, s, "decline")
    assert "abandoned a Region" in err.reason and err.rule == "Entering into Decline"
    play(game, s, "conquer 10")
    play_until(game, s, "stout")  # Stout still declines after scoring the turn
    assert "decline" in legal(game, s)
    check_state(game, s)


def test_redeployment_moves_tokens_freely_at_least_one_per_region() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=8)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 3")
    play(game, s, "conquer 4")
    play(game, s, "done")
    assert s.stage == "redeploy" and (s.tokens[3], s.tokens[4]) == (1, 1) and s.hand[s.players[0].race] == 6
    assert sorted(legal(game, s)) == ["place 3", "place 3 all", "place 4", "place 4 all"]
    play(game, s, "place 3")
    play(game, s, "place 4 all")
    assert (s.tokens[3], s.tokens[4]) == (2, 6)


def test_decline_instead_of_conquering_one_token_per_region_then_score() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist")
    for r, n in ((3, 3), (4, 2), (10, 4)):
        put(s, r, 0, "ratmen", n)
    s.current, s.stage = 0, "main"
    game._advance(s, [])
    ratmen = s.players[0].race
    coins = s.players[0].coins
    events = play(game, s, "decline")
    assert [s.tokens[r] for r in (3, 4, 10)] == [1, 1, 1] and all(s.declined[r] for r in (3, 4, 10))
    assert s.players[0].race == -1 and s.players[0].declines == [[ratmen, game.t.power_index["alchemist"]]]
    assert s.tray[ratmen] == game.t.races[ratmen].box - 3
    score = next(e for e in events if e.kind == "score")
    assert score.data["coins"] == 3 and s.players[0].coins == coins + 3  # no Alchemist: the badge is gone
    check_state(game, s)


def test_decline_the_older_race_in_decline_leaves_the_map() -> None:
    game, s = fresh(3)
    give_decline(s, 0, "humans")
    put(s, 20, 0, "humans", 1, declined=True)
    give(s, 0, "ratmen", "alchemist")
    put(s, 3, 0, "ratmen", 2)
    s.current, s.stage = 0, "main"
    game._advance(s, [])
    humans = s.players[0].declines[0][0]
    play(game, s, "decline")
    assert s.owner[20] == NOBODY and humans not in s.race and s.race_deck[0] == humans
    assert [d[0] for d in s.players[0].declines] == [s.race[3]]
    check_state(game, s)


def test_decline_next_turn_a_new_combo() -> None:
    game, s = fresh(2)
    give(s, 0, "ratmen", "alchemist")
    put(s, 3, 0, "ratmen", 2)
    s.current, s.stage = 0, "main"
    game._advance(s, [])
    play(game, s, "decline")
    play_until(game, s, "pick")  # Player 2 has no combo yet: picks
    while s.current != 0:
        d = game.decision(s)
        assert d is not None
        play(game, s, d.actions[0].text)
    assert s.stage == "pick" and legal(game, s)[0].startswith("pick ")


def test_decline_not_the_turn_a_combo_is_taken() -> None:
    game, s = fresh(3)
    play(game, s, f"pick {game.t.races[s.market[0][0]].id}")
    assert "decline" not in legal(game, s)
    err = refused(game, s, "decline")
    assert "took this combo this turn" in err.reason


# -- scoring, end of the game --------------------------------------------------------------------------
def test_scoring_one_coin_per_region_active_and_in_decline() -> None:
    game, s = fresh(3)
    give_decline(s, 0, "ratmen")
    for r in (20, 21):
        put(s, r, 0, "ratmen", 1, declined=True)
    give(s, 0, "elves", "commando", hand=0)
    for r in (3, 4, 10):
        put(s, r, 0, "elves", 1)
    conquer_turn(game, s, 0)
    coins = s.players[0].coins
    events = play(game, s, "done")
    assert next(e for e in events if e.kind == "score").data["coins"] == 5
    assert s.players[0].coins == coins + 5


def test_end_after_the_last_turn_of_the_track_most_coins_wins() -> None:
    game, s = fresh(2)
    s.turn, s.current, s.stage = s.turns, 1, "start"
    give(s, 1, "ratmen", "alchemist", hand=5)
    s.players[0].coins = 40
    s.bank -= 35
    game._advance(s, [])
    for _ in range(50):
        d = game.decision(s)
        if d is None:
            break
        play(game, s, "done" if "done" in [a.text for a in d.actions] else d.actions[0].text)
    assert s.over and game.decision(s) is None
    r = game.result(s)
    assert r is not None and r.winners == (0,) and r.turns == s.turns


def test_end_tie_break_most_race_tokens_on_the_map() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist")
    give(s, 1, "elves", "hill")
    put(s, 3, 0, "ratmen", 3)
    put(s, 20, 1, "elves", 2)
    put(s, 21, 1, "elves", 2)
    for p in s.players:
        p.coins = 30
    assert tokens_on_map(s, 0) == 3 and tokens_on_map(s, 1) == 4
    assert result(s).winners == (1,)
    put(s, 4, 0, "ratmen", 1)
    assert result(s).winners == (0, 1)  # still tied: a shared victory


# -- hidden information --------------------------------------------------------------------------------
def test_view_hides_other_players_coins_and_the_stacks() -> None:
    game, s = fresh(3)
    s.players[1].coins = 17
    v = game.view(s, 0)
    assert v["players"][0]["coins"] == START_COINS and v["players"][1]["coins"] == "hidden"
    assert v["race_stack"] == len(s.race_deck) and "race_deck" not in v
    assert "17" not in str(v["players"][1])
    sample = game.determinize(s, 0, Rng(3))
    assert game.view(sample, 0) == v


def test_hidden_information_determinize_rolls_its_own_dice() -> None:
    """The reinforcement die is unseen until rolled: twenty determinized copies roll their own
    dice (the real generator is untouched and keeps its draw count)."""
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=1)
    conquer_turn(game, s, 0)
    real = s.rng.to_json()
    rng = Rng(7)
    rolls = set()
    for _ in range(20):
        sample = game.determinize(s, 1, rng)
        assert sample.rng.draws == s.rng.draws and sample.rng.state != s.rng.state
        events = play(game, sample, "reinforce 3")
        rolls.add(next(e.data["roll"] for e in events if e.kind == "die"))
    assert s.rng.to_json() == real
    assert len(rolls) > 1


def test_hidden_information_determinize_keeps_the_banners_put_back_under_the_stack() -> None:
    """The stacks are reshuffled above the banner and badges everyone saw put back at their
    bottom; those stay where they are, in their order."""
    game, s = fresh(3)
    give_decline(s, 0, "humans")
    put(s, 20, 0, "humans", 1, declined=True)
    give(s, 0, "ratmen", "alchemist")
    put(s, 3, 0, "ratmen", 2)
    conquer_turn(game, s, 0)
    play(game, s, "decline")  # the Humans leave: banner and Alchemist badge to the bottom
    humans, alchemist = game.t.race_index["humans"], game.t.power_index["alchemist"]
    assert (s.race_deck[0], s.power_deck[0]) == (humans, alchemist)
    orders = set()
    rng = Rng(11)
    for _ in range(20):
        sample = game.determinize(s, 1, rng)
        assert sample.race_deck[0] == humans and sample.power_deck[0] == alchemist
        assert sorted(sample.race_deck) == sorted(s.race_deck) and game.view(sample, 1) == game.view(s, 1)
        orders.add(tuple(sample.race_deck))
    assert len(orders) > 1  # the rest of the stack is reshuffled
    v = game.view(s, 1)
    assert v["race_stack_bottom"] == ["humans"] and v["power_stack_bottom"] == ["alchemist"]


def _views_after(game: SmallWorld, s: SWState, texts: list[str], viewer: int) -> list[dict[str, Any]]:
    """What ``viewer`` sees after each of ``texts`` is played from ``s`` (same dice for all)."""
    out = []
    for text in texts:
        c = game.clone(s)
        play(game, c, text)
        out.append(game.view(c, viewer))
    return out


def test_hidden_information_a_failed_final_conquest_shows_its_region_and_roll() -> None:
    """Everyone sees the Region a final conquest was aimed at and the die: two failed final
    conquests look different to the others, and the action's text is what they are shown."""
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=1)
    conquer_turn(game, s, 0)
    s.rng = next(Rng(k) for k in range(100) if DIE_FACES[Rng(k).below(len(DIE_FACES))] == 0)
    after3, after4 = _views_after(game, s, ["reinforce 3", "reinforce 4"], 1)
    assert after3 != after4
    assert after3["last_die"] == {"rolls": 1, "player": "Player 1", "region": 3, "roll": 0}
    assert game.action_text(s, Action.parse("reinforce 3"), 1) == "reinforce 3"


def test_hidden_information_a_defenders_redeployment_is_seen_after_the_troops_are_readied() -> None:
    """A defender who plays next places the tokens taken back, then readies them at once: the
    Regions they were readied from stay in the view, so the placements look different."""
    game, s = fresh(3)
    give(s, 1, "elves", "hill")
    for r, n in ((4, 3), (9, 1), (10, 1)):
        put(s, r, 1, "elves", n)
    give(s, 0, "ratmen", "alchemist", hand=8)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 4")  # costs 5: the three Elves go back to hand
    play_until(game, s, "defend")
    assert game.decision(s).player == 1
    after9, after10 = _views_after(game, s, ["place 9 all", "place 10 all"], 2)
    assert after9 != after10
    assert after9["readied"] == [{"region": 9, "tokens": 3}] and after9["current"] == 1
