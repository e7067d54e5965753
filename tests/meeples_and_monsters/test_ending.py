"""Rule tests for Meeples & Monsters: ENDING THE GAME (the final turns, the Dark Council, final
scoring, the winner and the tie-breaks).

Each test names the rulebook section it checks; its docstring paraphrases the rule.
"""

from __future__ import annotations

import pytest
from mm_positions import (
    assign,
    fresh,
    give_quest,
    legal,
    monster,
    play,
    put_monster,
    quest,
    refresh,
    refused,
    set_lodgings,
    set_tavern,
)

from boardrules.engine import Action, Event, IllegalActionError
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.state import MAGE, PEASANT, WARRIOR, MMState


def step(game: MeeplesAndMonsters, s: MMState) -> list[Event]:
    """Pass: "done" when it is legal, else the first legal action."""
    actions = legal(game, s)
    return play(game, s, "done" if "done" in actions else actions[0])


def play_out_events(game: MeeplesAndMonsters, s: MMState, limit: int = 400) -> list[Event]:
    """Pass until the game ends; return the events."""
    events: list[Event] = []
    for _ in range(limit):
        if s.over:
            return events
        events += step(game, s)
    raise AssertionError("the game did not end")


def play_out(game: MeeplesAndMonsters, s: MMState) -> list[int]:
    """Pass until the game ends; return the players whose turns started meanwhile."""
    return [e.player for e in play_out_events(game, s) if e.kind == "turn"]  # type: ignore[misc]


def last_turn(players: int = 2) -> tuple[MeeplesAndMonsters, MMState]:
    """The last of the final turns, seat 0 to play, nothing in any Tavern."""
    game, s = fresh(players=players)
    s.third_drawn = True
    s.council_drawn = 3
    s.final_turns_left = 1
    refresh(s)
    return game, s


def main_phase(s: MMState) -> None:
    s.phase = "main"
    refresh(s)


# -- the final turns --------------------------------------------------------------------------


def test_ending_final_turns_two_each_from_the_first_players_next_turn() -> None:
    """Ending: once the first player starts their next turn after the third Dark Council Arrives
    card is drawn, each player has just 2 turns before the game ends."""
    game, s = fresh(players=2)
    s.current = 1  # the third card is drawn on the second player's turn
    s.third_drawn, s.council_drawn = True, 3
    refresh(s)
    turns = play_out(game, s)
    assert turns == [0, 1, 0, 1]
    assert s.over and s.final_turns_left == 0


def test_ending_third_card_on_the_first_players_turn_waits_for_their_next_turn() -> None:
    """Ending: the final turns start when the first player starts their *next* turn after the
    card: the rest of the round is played first (3 players)."""
    game, s = fresh(players=3)
    s.council_drawn = 2
    put_monster(game, s, "skeleton")
    card = game.t.arrives[2]
    s.monster_deck.remove(card)
    s.monster_deck.append(card)
    set_tavern(s, 0, knight=1)
    main_phase(s)
    events = play(game, s, "fight skeleton")
    assert s.third_drawn
    turns = [e.player for e in events if e.kind == "turn"]
    turns += play_out(game, s)
    assert turns == [1, 2, 0, 1, 2, 0, 1, 2]


def test_ending_final_turns_with_another_first_player() -> None:
    """Ending: the count starts from the player with the First player marker, whoever drew the
    card."""
    game, s = fresh(players=3)
    s.first_player = 1
    s.current = 2
    s.third_drawn, s.council_drawn = True, 3
    refresh(s)
    turns = play_out(game, s)
    assert turns == [0, 1, 2, 0, 1, 2, 0]
    assert s.final_turns_left == 0


def test_ending_no_final_turns_before_the_third_card() -> None:
    """Ending: only the third Dark Council Arrives card triggers the final turns."""
    game, s = fresh(players=2)
    s.council_drawn = 2
    refresh(s)
    for _ in range(12):
        step(game, s)
    assert not s.over and s.final_turns_left == -1


# -- the Dark Council ----------------------------------------------------------------------------


def test_ending_overlords_cannot_be_fought_before_the_third_card() -> None:
    """Combat with Monsters / Ending: you may not assign to the Dark Overlords until the third
    Dark Council Arrives card has been revealed."""
    game, s = fresh()
    s.council_drawn = 2
    set_tavern(s, 0, knight=6)
    main_phase(s)
    assert not any(a.startswith("fight") for a in legal(game, s))
    for ref in ("warlord-grimmaw", "combustor"):
        msg = str(refused(game, s, f"fight {ref}"))
        assert "third Dark Council Arrives card" in msg


def test_ending_overlord_fought_in_final_turns_is_not_removed() -> None:
    """Ending: during the final turns you may assign to a Dark Overlord; combat resolves as
    normal but it is not defeated: it stays for other players, you add its VP, and it does not
    go to your defeated pile."""
    game, s = fresh()
    s.third_drawn, s.council_drawn = True, 3
    set_tavern(s, 0, knight=5)
    set_tavern(s, 1, peasant=2)
    main_phase(s)
    deck = list(s.monster_deck)
    board = list(s.overlords)
    grimmaw = monster(game, "warlord-grimmaw")
    assert "fight warlord-grimmaw" in legal(game, s)
    s.overlords = [(m, -1) if m == grimmaw else (m, tok) for m, tok in s.overlords]  # no bonus token
    assign(game, s, "fight warlord-grimmaw", *["knight"] * 5)
    p = s.players[0]
    assert p.vp == game.t.monsters[grimmaw].vp
    assert grimmaw not in p.defeated and p.overlords == [grimmaw]
    assert [m for m, _ in s.overlords] == [m for m, _ in board]
    assert s.monster_deck == deck  # nothing defeated: no replacement drawn
    # the other player may fight it
    s.current = 1
    s.phase = "main"
    set_tavern(s, 1, knight=5)
    assert "fight warlord-grimmaw" in legal(game, s)


def test_ending_overlords_fightable_from_the_reveal_before_the_final_turns() -> None:
    """Combat with Monsters (rules-choices): the Overlords may be assigned to from the moment the
    third card is revealed, so also in the rest of that round before the final turns."""
    game, s = fresh(players=3)
    s.third_drawn, s.council_drawn = True, 3
    s.current = 1  # the first player (seat 0) has not started their next turn yet
    set_tavern(s, 1, knight=5)
    main_phase(s)
    assert s.final_turns_left == -1
    assert "fight warlord-grimmaw" in legal(game, s)


def test_ending_overlords_and_normal_monsters_in_any_order() -> None:
    """Ending: players do not have to defeat the Dark Overlords before the normal Monsters (and
    vice versa): both in one turn."""
    game, s = fresh()
    s.third_drawn, s.council_drawn = True, 3
    put_monster(game, s, "skeleton")
    set_tavern(s, 0, knight=6)
    set_tavern(s, 1, peasant=2)
    main_phase(s)
    play(game, s, "fight skeleton", "confirm")
    assert "fight warlord-grimmaw" in legal(game, s)
    assign(game, s, "fight warlord-grimmaw", *["knight"] * 5)
    p = s.players[0]
    assert p.defeated == [monster(game, "skeleton")]
    assert p.overlords == [monster(game, "warlord-grimmaw")]


def test_ending_same_overlord_not_twice_in_a_game() -> None:
    """Ending: you cannot assign to the same Overlord twice in a single game."""
    game, s = fresh()
    s.third_drawn, s.council_drawn = True, 3
    s.players[0].overlords = [monster(game, "warlord-grimmaw")]
    set_tavern(s, 0, knight=6)
    main_phase(s)
    assert "fight warlord-grimmaw" not in legal(game, s)
    assert "fight mother-of-thorns" in legal(game, s)
    assert "same Overlord twice" in str(refused(game, s, "fight warlord-grimmaw"))


def test_ending_henchman_can_be_fought_on_both_final_turns() -> None:
    """Ending: the Henchman is treated like the Overlords, but you place no marker on it and
    may fight it on both of the last 2 turns."""
    game, s = fresh()
    s.third_drawn, s.council_drawn = True, 3
    henchman = monster(game, "combustor")
    set_tavern(s, 0, knight=4)
    set_tavern(s, 1, peasant=2)
    main_phase(s)
    assign(game, s, "fight combustor", *["knight"] * 4)
    assert s.players[0].overlords == [] and henchman not in s.players[0].defeated
    vp = s.players[0].vp
    assert vp == game.t.monsters[henchman].vp
    s.current = 0
    main_phase(s)
    set_tavern(s, 0, knight=4)
    assert "fight combustor" in legal(game, s)
    assign(game, s, "fight combustor", *["knight"] * 4)
    assert s.players[0].vp == 2 * vp


def test_ending_dark_council_bonus_token_vp() -> None:
    """Ending and FAQ: when you do battle with an Overlord, gain the bonus of its Dark Council
    Bonus token if at least 2 (or 3) different assigned Unit types have level 2 (or 3) Hero
    cards; 2 Units of one type are not enough."""
    t = fresh()[0].t
    token = next(i for i, b in enumerate(t.bonuses) if b.level == 2 and b.types == 2)
    for units, bonus in ((("warrior",) * 4 + ("mage",), True), (("warrior",) * 5, False)):
        game, s = fresh()
        s.third_drawn, s.council_drawn = True, 3
        grimmaw = monster(game, "warlord-grimmaw")
        s.overlords = [(m, token if m == grimmaw else tok) for m, tok in s.overlords]
        p = s.players[0]
        p.levels[MAGE] = p.levels[WARRIOR] = 2
        set_tavern(s, 0, warrior=units.count("warrior"), mage=units.count("mage"))
        set_tavern(s, 1, peasant=2)
        main_phase(s)
        assign(game, s, "fight warlord-grimmaw", *units)
        assert p.vp == game.t.monsters[grimmaw].vp + (t.bonuses[token].vp if bonus else 0)


def test_ending_overlords_do_not_count_for_end_of_game_quests() -> None:
    """Ending and FAQ: Overlords are not truly defeated, so they do not count for End of Game
    Quests about defeated Monsters."""
    game, s = last_turn()
    p = s.players[0]
    give_quest(game, s, 0, "monster-hunter")  # 6 defeated Monsters
    p.defeated = [monster(game, r) for r in ("giant-rat", "skeleton", "grave-wisp", "restless-spirit", "ghoul")]
    for r in p.defeated:
        s.monster_deck.remove(r)
    p.overlords = [monster(game, "warlord-grimmaw"), monster(game, "mother-of-thorns")]
    p.vp = 20
    play_out(game, s)
    penalty = game.t.quests[quest(game, "monster-hunter")].penalty
    assert p.vp == 20 - penalty
    assert quest(game, "monster-hunter") in p.quests


# -- final scoring ---------------------------------------------------------------------------------


def test_ending_final_scoring_end_of_game_quests_and_incomplete_penalties() -> None:
    """Ending: after the final turns each player scores End of Game Quests; every incomplete
    Quest costs the penalty noted on it."""
    game, s = last_turn()
    p = s.players[0]
    give_quest(game, s, 0, "chivalry")  # own 3 Knights: met
    give_quest(game, s, 0, "round-table")  # Triggered, never completed
    give_quest(game, s, 0, "big-game")  # End of Game, 2 level 3 Monsters: not met
    set_lodgings(s, 0, knight=3)
    p.vp = 10
    events = play_out_events(game, s)
    q = game.t.quests
    assert p.vp == 10 + q[quest(game, "chivalry")].vp - q[quest(game, "round-table")].penalty \
        - q[quest(game, "big-game")].penalty
    assert quest(game, "chivalry") in p.completed
    assert sorted(p.quests) == sorted([quest(game, "round-table"), quest(game, "big-game")])
    kinds = [(e.kind, e.data.get("quest")) for e in events if e.kind in ("quest", "penalty")]
    assert sorted(kinds) == [("penalty", "big-game"), ("penalty", "round-table"), ("quest", "chivalry")]


def test_ending_vp_can_fall_below_zero() -> None:
    """Ending (rules-choices): incomplete-Quest penalties can take a score below zero."""
    game, s = last_turn()
    give_quest(game, s, 0, "legends-of-rowan")
    give_quest(game, s, 1, "greatest-hunter")
    s.players[1].defeated = []
    s.players[0].defeated = [monster(game, "skeleton")]
    s.monster_deck.remove(monster(game, "skeleton"))
    play_out(game, s)
    assert s.players[0].vp == -game.t.quests[quest(game, "legends-of-rowan")].penalty
    assert s.players[0].vp < 0
    assert s.players[1].vp == -game.t.quests[quest(game, "greatest-hunter")].penalty


def test_ending_most_quest_ties_are_friendly() -> None:
    """FAQ: a Quest asking for the "most" of a thing is met with the equal most."""
    game, s = last_turn()
    for i in (0, 1):
        give_quest(game, s, i, "largest-host")  # most Units
    play_out(game, s)
    # both players own 7 Peasants and no other Unit
    assert all(quest(game, "largest-host") in p.completed for p in s.players)
    assert [p.vp for p in s.players] == [game.t.quests[quest(game, "largest-host")].vp] * 2


def test_ending_winner_has_the_most_vp() -> None:
    """Ending: the winner is the player with the highest combined VP from all sources."""
    game, s = last_turn(players=3)
    for i, vp in enumerate((7, 12, 9)):
        s.players[i].vp = vp
    assert game.result(s) is None and not game.is_over(s)
    play_out(game, s)
    r = game.result(s)
    assert r is not None
    assert r.scores == (7, 12, 9) and r.winners == (1,)
    assert game.is_over(s) and game.decision(s) is None


def test_ending_tie_won_by_fewest_peasants() -> None:
    """Ending: in case of a tie, the winner is the tied player with the least Peasants
    (counting every Peasant the player owns: bag, Tavern, Lodgings)."""
    game, s = last_turn(players=3)
    for p in s.players:
        p.vp = 10
    s.players[2].vp = 11
    set_lodgings(s, 0, peasant=1)  # 8 Peasants
    play_out(game, s)
    r = game.result(s)
    assert r is not None and r.winners == (2,)
    # now a tie at the top
    game, s = last_turn(players=3)
    for p in s.players:
        p.vp = 10
    set_lodgings(s, 0, peasant=1)  # seat 0: 8 Peasants; seats 1 and 2: 7
    set_lodgings(s, 2, peasant=2)  # seat 2: 9
    play_out(game, s)
    r = game.result(s)
    assert r is not None and r.winners == (1,)


def test_ending_tie_peasants_counted_everywhere() -> None:
    """Ending (rules-choices): the tie-break counts Peasants held back and on King of the Hill
    Locations too."""
    game, s = last_turn()
    for p in s.players:
        p.vp = 5
    # seat 1 has a Peasant on a King of the Hill Location: 8 Peasants against 7
    colosseum = game.t.loc_index["colosseum"]
    units = [0] * 9
    units[PEASANT] = 1
    s.supply[PEASANT] -= 1
    s.koth[colosseum] = (1, units, 0)
    play_out(game, s)
    r = game.result(s)
    assert r is not None and r.winners == (0,)


def test_ending_still_tied_shared_victory() -> None:
    """Ending: if the tied players also have as few Peasants, they share the victory."""
    game, s = last_turn(players=3)
    s.players[0].vp = s.players[2].vp = 9
    s.players[1].vp = 4
    events = play_out_events(game, s)
    r = game.result(s)
    assert r is not None and r.winners == (0, 2)
    over = [e for e in events if e.kind == "game-over"]
    assert len(over) == 1 and over[0].data["winners"] == [0, 2] and "share the victory" in over[0].text


def test_ending_no_action_after_the_game_ends() -> None:
    """Ending: after all players have taken their final 2 turns the game ends."""
    game, s = last_turn()
    play_out(game, s)
    assert s.over
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply(s, Action("done"))


def test_ending_overlord_whose_name_has_its_article_reads_once() -> None:
    """Ending: a Dark Overlord printed with its own article ("The Hollow King") reads "the
    Hollow King" in events, prompts and refusals, never "the The Hollow King"."""
    game, s = fresh()
    s.third_drawn, s.council_drawn = True, 3
    set_tavern(s, 0, knight=4)
    set_tavern(s, 1, peasant=2)
    main_phase(s)
    err = refused(game, s, "fight the-hollow-king")
    assert "cannot reach the Hollow King's strength" in str(err)
    set_tavern(s, 0, knight=7)
    events = play(game, s, "fight the-hollow-king")  # 6 Knights join by themselves, a 7th may
    d = game.decision(s)
    assert d is not None and d.prompt == "Assign Units to the Hollow King"
    events += play(game, s, "confirm")
    texts = [e.text for e in events]
    assert any("defeats the Hollow King:" in x for x in texts)
    assert any(x.endswith("to the Hollow King") for x in texts if "assigns" in x)
    assert not any("The Hollow King" in x or "the the" in x.lower() for x in texts)
