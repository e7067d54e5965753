"""Rule tests for Meeples & Monsters: 3. DRAW PHASE, steps 1 to 9 (with the Dark Council
Arrives cards), and the Units that return to the Tavern after the Draw Phase.

Each test names the rulebook step it checks; its docstring paraphrases the rule.
"""

from __future__ import annotations

import pytest
from mm_positions import (
    assign,
    build_location,
    fresh,
    give_quest,
    legal,
    location,
    monster,
    play,
    put_monster,
    quest,
    refresh,
    refused,
    set_lodgings,
    set_tavern,
    take_from_supply,
)

from boardrules.engine import IllegalActionError
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.state import (
    CORRUPTION,
    DISTRICTS,
    KNIGHT,
    NO_CARD,
    PEASANT,
    WARRIOR,
    MMState,
)
from boardrules.games.meeples_and_monsters.state import RANGER as KIND_RANGER


def set_bag(s: MMState, player: int, **kinds: int) -> None:
    p = s.players[player]
    for k in range(9):
        s.supply[k] += p.bag[k]
        p.bag[k] = 0
    take_from_supply(s, p.bag, **kinds)
    refresh(s)


def on_top(game: MeeplesAndMonsters, s: MMState, *cards: str | int) -> None:
    """Put Monster deck cards on top, the first given to be drawn first. A card is a Monster
    id or a Dark Council Arrives number (1, 2, 3)."""
    for card in reversed(cards):
        c = game.t.arrives[card - 1] if isinstance(card, int) else monster(game, card)
        if c in s.monster_deck:
            s.monster_deck.remove(c)
        s.monster_deck.append(c)
    refresh(s)


def set_row(game: MeeplesAndMonsters, s: MMState, district: str, *ids: str | None) -> None:
    """Set a district's three Monster slots by hand (None: empty)."""
    d = DISTRICTS.index(district)
    for i in range(3):
        if s.monsters[d][i] != NO_CARD:
            s.monster_deck.insert(0, s.monsters[d][i])
            s.monsters[d][i] = NO_CARD
    for i, ref in enumerate(ids):
        if ref is not None:
            m = monster(game, ref)
            if m in s.monster_deck:
                s.monster_deck.remove(m)
            s.monsters[d][i] = m
    refresh(s)


def row(game: MeeplesAndMonsters, s: MMState, district: str) -> list[str | None]:
    return [game.t.monsters[m].id if m != NO_CARD else None for m in s.monsters[DISTRICTS.index(district)]]


def setup_turn(players: int = 2) -> tuple[MeeplesAndMonsters, MMState]:
    """Player 1 (seat 0) in their Main Phase; the next player has 2 Peasants in the Tavern so
    that play stops at their Development Phase."""
    game, s = fresh(players=players)
    for i in range(1, players):
        set_tavern(s, i, peasant=2)
    s.phase = "main"
    refresh(s)
    return game, s


def fight(game: MeeplesAndMonsters, s: MMState, ref: str, *units: str) -> list:  # type: ignore[type-arg]
    return assign(game, s, f"fight {ref}", *units)


def end_main(game: MeeplesAndMonsters, s: MMState) -> list:  # type: ignore[type-arg]
    """Finish the Main Phase if it is still waiting (the Draw Phase then runs)."""
    events = []
    if s.current == 0 and s.phase == "main":
        events = play(game, s, "done")
    return events


# -- steps 1 and 2 ------------------------------------------------------------------------------


def test_draw_phase_step_1_shift_monsters_down_to_lowest_slots() -> None:
    """Step 1: in each district, shift all Monster cards down to the lowest-numbered slots."""
    game, s = setup_turn()
    set_row(game, s, "castle", None, "skeleton", None)
    set_row(game, s, "cathedral", "restless-spirit", None, "hooded-cultist")
    set_tavern(s, 0, peasant=1)
    play(game, s, "done")
    assert s.current == 1
    assert row(game, s, "castle") == ["skeleton", None, None]
    assert row(game, s, "cathedral") == ["restless-spirit", "hooded-cultist", None]


def test_draw_phase_step_2_draw_as_many_monsters_as_defeated() -> None:
    """Step 2: draw as many Monster cards from the top of the deck as Monsters you defeated
    this turn, each into the district on the card."""
    game, s = setup_turn()
    put_monster(game, s, "skeleton")
    put_monster(game, s, "giant-rat")
    on_top(game, s, "grave-wisp", "hooded-cultist", "kobold-sneak")
    deck = len(s.monster_deck)
    set_tavern(s, 0, knight=2)
    fight(game, s, "skeleton", "knight")
    fight(game, s, "giant-rat", "knight")
    assert s.current == 1
    assert len(s.monster_deck) == deck - 2
    assert row(game, s, "university") == ["grave-wisp", None, None]
    assert row(game, s, "cathedral") == ["hooded-cultist", None, None]
    assert row(game, s, "castle") == [None, None, None] and row(game, s, "villages") == [None, None, None]
    assert game.t.monsters[s.monster_deck[-1]].id == "kobold-sneak"  # not drawn


def test_draw_phase_step_2_no_monster_drawn_without_a_defeat() -> None:
    """Step 2: the number drawn equals the Monsters you defeated: none defeated, none drawn."""
    game, s = setup_turn()
    put_monster(game, s, "skeleton")
    deck = list(s.monster_deck)
    set_tavern(s, 0, peasant=1)
    play(game, s, "activate muster-green")
    end_main(game, s)
    assert s.current == 1
    assert s.monster_deck == deck
    assert row(game, s, "castle") == ["skeleton", None, None]


def test_draw_phase_step_2_new_monster_in_lowest_numbered_empty_slot() -> None:
    """Steps 1-2: after the shift, a new Monster goes into the lowest-numbered empty slot of
    its district."""
    game, s = setup_turn()
    set_row(game, s, "castle", "skeleton", "highway-bandit", "shambling-corpse")
    on_top(game, s, "ghoul")
    set_tavern(s, 0, knight=1)
    fight(game, s, "highway-bandit", "knight")
    end_main(game, s)
    assert row(game, s, "castle") == ["skeleton", "shambling-corpse", "ghoul"]


def test_draw_phase_step_2_full_district_active_player_chooses_another() -> None:
    """Step 2: if its district has no available slot (3 Monsters), choose another district with
    at least one available slot and place the Monster there."""
    game, s = setup_turn()
    set_row(game, s, "villages", "giant-rat", "goblin-raider", "tree-beast")
    set_row(game, s, "castle", "skeleton", "highway-bandit", "shambling-corpse")
    put_monster(game, s, "grave-wisp")
    on_top(game, s, "timber-wolf")  # a Villages Monster
    set_tavern(s, 0, knight=1)
    fight(game, s, "grave-wisp", "knight")
    end_main(game, s)
    d = game.decision(s)
    assert d is not None and d.player == 0  # the active player chooses
    assert sorted(legal(game, s)) == ["place timber-wolf cathedral", "place timber-wolf university"]
    for full in ("villages", "castle"):
        with pytest.raises(IllegalActionError):
            play(game, s, f"place timber-wolf {full}")
    play(game, s, "place timber-wolf cathedral")
    assert row(game, s, "cathedral") == ["timber-wolf", None, None]
    assert s.current == 1  # the Draw Phase went on


def test_draw_phase_step_2_full_district_refusal_names_the_rule() -> None:
    """Step 2: the other district chosen must have at least one available slot; the refusal
    says so."""
    game, s = setup_turn()
    set_row(game, s, "villages", "giant-rat", "goblin-raider", "tree-beast")
    set_row(game, s, "castle", "skeleton", "highway-bandit", "shambling-corpse")
    put_monster(game, s, "grave-wisp")
    on_top(game, s, "timber-wolf")
    set_tavern(s, 0, knight=1)
    fight(game, s, "grave-wisp", "knight")
    end_main(game, s)
    msg = str(refused(game, s, "place timber-wolf castle"))
    assert "district is full: choose another district" in msg


def test_draw_phase_step_2_two_monsters_for_full_districts() -> None:
    """Step 2: each drawn Monster whose district is full is placed by the active player's
    choice, one after the other."""
    game, s = setup_turn()
    set_row(game, s, "villages", "giant-rat", "goblin-raider", "tree-beast")
    set_row(game, s, "castle", "skeleton", "highway-bandit", "shambling-corpse")
    put_monster(game, s, "grave-wisp")
    put_monster(game, s, "restless-spirit")
    on_top(game, s, "timber-wolf", "ghoul")
    set_tavern(s, 0, knight=2)
    fight(game, s, "grave-wisp", "knight")
    fight(game, s, "restless-spirit", "knight")
    assert sorted(legal(game, s)) == ["place timber-wolf cathedral", "place timber-wolf university"]
    play(game, s, "place timber-wolf university")
    assert sorted(legal(game, s)) == ["place ghoul cathedral", "place ghoul university"]
    play(game, s, "place ghoul university")
    assert row(game, s, "university") == ["timber-wolf", "ghoul", None]
    assert s.current == 1


def test_draw_phase_step_2_council_card_set_aside_and_another_drawn() -> None:
    """Step 2: if you draw a Dark Council Arrives card, set it aside and draw another Monster."""
    game, s = setup_turn()
    put_monster(game, s, "skeleton")
    on_top(game, s, 1, "grave-wisp")
    set_tavern(s, 0, knight=1)
    fight(game, s, "skeleton", "knight")
    assert s.council_drawn == 1
    assert game.t.arrives[0] not in s.monster_deck
    assert row(game, s, "university") == ["grave-wisp", None, None]
    assert sum(1 for r in s.monsters for m in r if m != NO_CARD) == 1


# -- step 3: Dark Council Arrives 1 and 2 -----------------------------------------------------


@pytest.mark.parametrize("which", [1, 2])
def test_draw_phase_step_3_council_card_corruption_into_every_bag_and_others_draw(which: int) -> None:
    """Step 3: when the first or second Dark Council Arrives card is drawn, put a Corruption from
    the supply into each player's bag; all players other than the active player draw an
    additional meeple."""
    game, s = setup_turn(players=3)
    s.council_drawn = which - 1
    put_monster(game, s, "skeleton")
    on_top(game, s, which, "grave-wisp")
    set_tavern(s, 0, knight=1)
    for i in range(3):
        set_bag(s, i, peasant=6)  # no Corruption in any bag
        set_lodgings(s, i)
    set_tavern(s, 1, peasant=2)
    set_tavern(s, 2, peasant=2)
    supply = s.supply[CORRUPTION]
    events = fight(game, s, "skeleton", "knight")
    assert s.council_drawn == which
    assert s.supply[CORRUPTION] == supply - 3
    for i, p in enumerate(s.players):
        assert p.bag[CORRUPTION] + p.tavern[CORRUPTION] == 1, i
    assert sum(s.players[1].tavern) == 3 and sum(s.players[2].tavern) == 3
    others = [e.player for e in events if e.kind == "draw" and "additional" in e.text]
    assert others == [1, 2]
    # the active player does not draw the additional meeple, only the step 4 draw (5 or 6)
    assert sum(s.players[0].tavern) == 4 + which


def test_draw_phase_step_3_other_player_refills_bag_from_lodgings() -> None:
    """Steps 3 and 6: a player drawing the additional meeple with an empty bag returns their
    Lodgings to the bag first ("if ever you have less than the required number")."""
    game, s = setup_turn()
    put_monster(game, s, "skeleton")
    on_top(game, s, 1, "grave-wisp")
    set_tavern(s, 0, knight=1)
    set_bag(s, 1)
    set_lodgings(s, 1, knight=2)
    set_tavern(s, 1, peasant=2)
    supply = s.supply[CORRUPTION]
    fight(game, s, "skeleton", "knight")
    p = s.players[1]
    # the new Corruption is the only meeple in the bag: it is the one drawn
    assert p.tavern[CORRUPTION] == 1 and sum(p.tavern) == 3
    assert p.lodgings[KNIGHT] == 2 and not any(p.bag)
    assert s.supply[CORRUPTION] == supply - 2
    # and with a truly empty bag and no Corruption left in the supply
    game, s = setup_turn()
    put_monster(game, s, "skeleton")
    on_top(game, s, 1, "grave-wisp")
    set_tavern(s, 0, knight=1)
    set_bag(s, 1)
    set_lodgings(s, 1, knight=2)
    set_tavern(s, 1, peasant=2)
    s.supply[CORRUPTION] = 0
    fight(game, s, "skeleton", "knight")
    p = s.players[1]
    assert p.tavern[KNIGHT] == 1 and p.bag[KNIGHT] == 1 and p.lodgings[KNIGHT] == 0


def corruption_gained_at_the_first_council_card(game: MeeplesAndMonsters, s: MMState, supply: int) -> list[int]:
    """The active player defeats the Skeleton with a Knight, so the first Dark Council Arrives
    card is drawn at step 2 with ``supply`` Corruption left; returns each player's Corruption
    gained (bag, Tavern and Lodgings)."""
    def owned() -> list[int]:
        return [p.bag[CORRUPTION] + p.tavern[CORRUPTION] + p.lodgings[CORRUPTION] for p in s.players]

    active = s.current
    put_monster(game, s, "skeleton")
    on_top(game, s, 1, "grave-wisp")
    set_tavern(s, active, knight=1)
    before = owned()
    s.supply[CORRUPTION] = supply
    fight(game, s, "skeleton", "knight")
    if s.current == active and s.phase == "main":
        play(game, s, "done")
    assert s.council_drawn == 1 and s.supply[CORRUPTION] == 0
    return [a - b for a, b in zip(owned(), before, strict=True)]


def test_draw_phase_step_3_no_corruption_when_the_supply_is_empty() -> None:
    """FAQ (supply run out): with no Corruption left in the supply, none is added."""
    game, s = setup_turn()
    assert corruption_gained_at_the_first_council_card(game, s, supply=0) == [0, 0]


def test_draw_phase_step_3_short_corruption_supply_goes_clockwise_from_the_active_player() -> None:
    """Step 3 with the supply short (FAQ: you simply do not gain what has run out): the
    Corruption there is placed from the active player clockwise (our reading, rules-choices.md)."""
    game, s = fresh(players=3)
    s.current = s.first_player = 1
    for i in (0, 2):
        set_tavern(s, i, peasant=2)
    s.phase = "main"
    assert corruption_gained_at_the_first_council_card(game, s, supply=2) == [0, 1, 1]


# -- step 4: how many meeples ------------------------------------------------------------------


@pytest.mark.parametrize(("council", "draw"), [(0, 4), (1, 5), (2, 6), (3, 6)])
def test_draw_phase_step_4_draw_4_5_or_6_meeples(council: int, draw: int) -> None:
    """Step 4: draw 4 meeples; 5 once the first Dark Council Arrives card has been drawn; 6 once
    the second has (the third adds no more)."""
    game, s = setup_turn()
    s.council_drawn = council
    s.third_drawn = council >= 3
    set_tavern(s, 0)
    set_bag(s, 0, peasant=8)
    events = end_main(game, s)
    assert sum(s.players[0].tavern) == draw
    assert any(e.kind == "draw" and f"draws {draw} meeples" in e.text for e in events)


def test_draw_phase_step_4_card_drawn_this_turn_counts() -> None:
    """Step 4: "drawn previously (including this turn)": the second card drawn this turn makes
    the active player draw 6."""
    game, s = setup_turn()
    s.council_drawn = 1
    put_monster(game, s, "skeleton")
    on_top(game, s, 2, "grave-wisp")
    set_tavern(s, 0, knight=1)
    set_bag(s, 0, peasant=9)
    fight(game, s, "skeleton", "knight")
    assert s.council_drawn == 2
    assert sum(s.players[0].tavern) == 6


# -- step 5: the third card -----------------------------------------------------------------------


def test_draw_phase_step_5_third_card_triggers_final_turns_no_corruption() -> None:
    """Step 5: the third Dark Council Arrives card triggers the final turns instead of adding a
    Corruption; set it aside and keep drawing replacement Monsters as normal."""
    game, s = setup_turn()
    s.council_drawn = 2
    put_monster(game, s, "skeleton")
    on_top(game, s, 3, "grave-wisp")
    set_tavern(s, 0, knight=1)
    corruption = [p.bag[CORRUPTION] + p.tavern[CORRUPTION] + p.lodgings[CORRUPTION] for p in s.players]
    supply = s.supply[CORRUPTION]
    fight(game, s, "skeleton", "knight")
    assert s.third_drawn and s.council_drawn == 3
    assert s.supply[CORRUPTION] == supply
    assert [p.bag[CORRUPTION] + p.tavern[CORRUPTION] + p.lodgings[CORRUPTION] for p in s.players] == corruption
    assert sum(s.players[1].tavern) == 2  # no additional meeple for the other players
    assert row(game, s, "university") == ["grave-wisp", None, None]  # replacement drawn
    assert sum(s.players[0].tavern) == 6


def test_draw_phase_step_5_deck_runs_out() -> None:
    """Step 5: replacement Monsters are drawn "until the deck runs out"."""
    game, s = setup_turn()
    put_monster(game, s, "skeleton")
    s.monster_deck = []
    set_tavern(s, 0, knight=1)
    fight(game, s, "skeleton", "knight")
    assert s.current == 1
    assert all(m == NO_CARD for r in s.monsters for m in r)
    assert sum(s.players[0].tavern) == 4


# -- step 6: the bag runs short -----------------------------------------------------------------


def test_draw_phase_step_6_refill_bag_from_lodgings() -> None:
    """Step 6: with fewer meeples in the bag than required, draw the bag empty, return all your
    meeples from the Lodgings to the bag, then keep drawing up to 4 (5, 6) in all."""
    game, s = setup_turn()
    set_tavern(s, 0)
    set_bag(s, 0, peasant=2)
    set_lodgings(s, 0, knight=5)
    end_main(game, s)
    p = s.players[0]
    assert p.tavern[PEASANT] == 2 and p.tavern[KNIGHT] == 2
    assert p.bag[KNIGHT] == 3 and p.bag[PEASANT] == 0
    assert not any(p.lodgings)


def test_draw_phase_step_6_this_turns_exhausted_meeples_are_returned_too() -> None:
    """Step 6 and Clean Up: everything in the Lodgings goes back, including the Units you used
    and the Corruption moved from the Tavern this turn; if there are still too few, you draw
    what there is."""
    game, s = setup_turn()
    set_tavern(s, 0, peasant=1, corruption=1)
    set_bag(s, 0, corruption=1)
    set_lodgings(s, 0)
    play(game, s, "activate muster-green")
    end_main(game, s)
    p = s.players[0]
    # bag: 1 Corruption; Lodgings: the Peasant, the gained Warrior, the Tavern's Corruption
    assert p.tavern[CORRUPTION] == 2 and p.tavern[PEASANT] == 1 and p.tavern[WARRIOR] == 1
    assert not any(p.bag) and not any(p.lodgings)


# -- step 7: Draw Phase effects of Ongoing Quests -------------------------------------------------


def complete_quest(game: MeeplesAndMonsters, s: MMState, player: int, ref: str) -> None:
    q = quest(game, ref)
    for pile in (s.quest_deck, s.quest_discard):
        if q in pile:
            pile.remove(q)
    s.players[player].completed.append(q)
    refresh(s)


def test_draw_phase_step_7_ongoing_quest_draw_effects_once_each() -> None:
    """Step 7: activate any "Draw Phase" effects from Ongoing Quests; each effect may only be
    used once per turn."""
    game, s = setup_turn()
    complete_quest(game, s, 0, "network-of-spies")  # draw 1
    complete_quest(game, s, 0, "far-scouts")  # draw 1
    set_tavern(s, 0)
    set_bag(s, 0, peasant=9)
    end_main(game, s)
    assert sum(s.players[0].tavern) == 6  # 4 + 1 + 1, each effect once


def test_draw_phase_step_7_ongoing_quest_effect_after_the_draw() -> None:
    """Step 7 comes after step 4: a "Draw Phase" effect returning meeples from the Lodgings to
    the bag (Wayfarers' Welcome) is used after the normal draw, and the active player chooses."""
    game, s = setup_turn()
    complete_quest(game, s, 0, "wayfarers-welcome")  # return up to 2 meeples
    complete_quest(game, s, 0, "hedge-sermons")  # return 1 Corruption
    set_tavern(s, 0)
    set_bag(s, 0, peasant=4, corruption=1)
    set_lodgings(s, 0, knight=3, corruption=1)
    end_main(game, s)
    d = game.decision(s)
    assert d is not None and d.player == 0
    assert sorted(legal(game, s)) == ["done", "return corruption", "return knight"]
    play(game, s, "return knight", "return knight")
    p = s.players[0]
    assert p.bag[KNIGHT] == 2 and p.lodgings[KNIGHT] == 1
    assert s.current == 1
    # Hedge Sermons cleansed 1 Corruption (from the Tavern first, then the Lodgings)
    assert p.tavern[CORRUPTION] + p.lodgings[CORRUPTION] + p.bag[CORRUPTION] == 1


def test_draw_phase_step_7_effects_only_for_completed_ongoing_quests() -> None:
    """Step 7: only Ongoing Quests you have completed give Draw Phase effects (not those in
    hand, not other players')."""
    game, s = setup_turn()
    give_quest(game, s, 0, "network-of-spies")
    complete_quest(game, s, 1, "far-scouts")
    set_tavern(s, 0)
    set_bag(s, 0, peasant=9)  # 1 kind only: Network of Spies is not completed this turn
    end_main(game, s)
    assert sum(s.players[0].tavern) == 4


# -- step 8: Tavern Quests -------------------------------------------------------------------------


def test_draw_phase_step_8_tavern_quest_completed() -> None:
    """Step 8: complete any Quests that require a combination of meeples in your Tavern during
    the Draw Phase (Round Table: 2 Knights; +3 VP and a bonus of 2 VP)."""
    game, s = setup_turn()
    give_quest(game, s, 0, "round-table")
    set_tavern(s, 0)
    set_bag(s, 0, knight=2, peasant=2)
    set_lodgings(s, 0)
    events = end_main(game, s)
    p = s.players[0]
    assert quest(game, "round-table") in p.completed and not p.quests
    assert p.vp == 5
    assert any(e.kind == "quest" for e in events)


def test_draw_phase_step_8_more_than_required_still_completes() -> None:
    """Quests: the meeples a Quest names are a minimum; you may exceed it (here in the
    Tavern)."""
    game, s = setup_turn()
    give_quest(game, s, 0, "night-vigil")  # 2 Clerics
    set_tavern(s, 0)
    set_bag(s, 0, cleric=4)
    end_main(game, s)
    assert quest(game, "night-vigil") in s.players[0].completed


def test_draw_phase_step_8_tavern_quest_not_met_stays_in_hand() -> None:
    """Step 8: a Tavern Quest whose meeples are not in the Tavern is not completed."""
    game, s = setup_turn()
    give_quest(game, s, 0, "round-table")
    set_tavern(s, 0)
    set_bag(s, 0, knight=1, peasant=3)
    set_lodgings(s, 0)
    end_main(game, s)
    p = s.players[0]
    assert p.quests == [quest(game, "round-table")] and not p.completed and p.vp == 0


def test_draw_phase_step_8_only_the_active_players_tavern() -> None:
    """Step 8 is part of your own Draw Phase: another player's Tavern Quest is not completed on
    your turn."""
    game, s = setup_turn()
    give_quest(game, s, 1, "round-table")
    set_tavern(s, 1, knight=2, peasant=2)
    set_tavern(s, 0)
    end_main(game, s)
    assert s.current == 1
    assert s.players[1].quests == [quest(game, "round-table")] and s.players[1].vp == 0


def test_draw_phase_step_8_paid_unit_to_supply_and_gains_to_lodgings() -> None:
    """Step 8 with Quests: a Quest's "return a Unit" takes one of the engaged meeples (here from
    the Tavern); meeples gained go to your Lodgings (FAQ; rules-choices)."""
    game, s = setup_turn()
    give_quest(game, s, 0, "muster-roll")  # 3 Peasants; return 1; gain 1 Warrior
    set_tavern(s, 0)
    set_bag(s, 0, peasant=4)
    set_lodgings(s, 0)
    supply = (s.supply[PEASANT], s.supply[WARRIOR])
    end_main(game, s)
    p = s.players[0]
    assert quest(game, "muster-roll") in p.completed
    assert p.tavern[PEASANT] == 3
    assert p.lodgings[WARRIOR] == 1 and p.tavern[WARRIOR] == 0
    assert (s.supply[PEASANT], s.supply[WARRIOR]) == (supply[0] + 1, supply[1] - 1)


def test_draw_phase_step_8_quest_bonus_choice_before_step_9() -> None:
    """Step 8: a Tavern Quest's bonus with a choice (a Prestige Unit of your choice) is resolved
    by the active player before the Draw Phase ends; the Unit goes to the Lodgings."""
    game, s = setup_turn()
    give_quest(game, s, 0, "council-of-colours")  # 4 different Units
    set_tavern(s, 0)
    set_bag(s, 0, peasant=1, knight=1, mage=1, cleric=1)
    set_lodgings(s, 0)
    end_main(game, s)
    assert s.current == 0
    assert sorted(legal(game, s)) == ["take paladin", "take ranger", "take shaman"]
    play(game, s, "take ranger")
    p = s.players[0]
    assert p.lodgings[KIND_RANGER] == 1 and p.tavern[KIND_RANGER] == 0
    assert s.current == 1


def test_draw_phase_step_8_quest_completed_in_step_8_gives_no_step_7_effect_this_turn() -> None:
    """Steps 7-8, in order: an Ongoing Quest completed at step 8 (Network of Spies) was not
    completed when step 7 ran, so its Draw Phase effect starts next turn."""
    game, s = setup_turn()
    give_quest(game, s, 0, "network-of-spies")  # 3 different Units
    set_tavern(s, 0)
    set_bag(s, 0, peasant=2, knight=1, mage=1)
    set_lodgings(s, 0, peasant=5)
    end_main(game, s)
    p = s.players[0]
    assert quest(game, "network-of-spies") in p.completed and p.vp == 2
    assert sum(p.tavern) == 4


# -- step 9: Location tiles ----------------------------------------------------------------------


def test_draw_phase_step_9_location_tiles_refilled_to_four() -> None:
    """Step 9: if fewer than 4 Location tiles are face up (one was constructed), draw from the
    Location tile stack so that there are always 4."""
    game, s = setup_turn()
    s.phase = "develop"
    set_tavern(s, 0, peasant=2)
    stack = list(s.location_stack)
    tile = game.t.locations[s.face_up[0]].id
    play(game, s, "activate guild-hall 2", f"build {tile}", "slot castle-2")
    assert s.current == 1
    assert len(s.face_up) == 4
    assert s.face_up[-1] == stack[-1] and s.location_stack == stack[:-1]


def test_draw_phase_step_9_no_refill_from_an_empty_stack() -> None:
    """Step 9: tiles come from the Location tile stack; when it is empty there are fewer."""
    game, s = setup_turn()
    s.phase = "develop"
    s.location_stack = []
    set_tavern(s, 0, peasant=2)
    tile = game.t.locations[s.face_up[0]].id
    play(game, s, "activate guild-hall 2", f"build {tile}", "slot castle-2")
    assert s.current == 1
    assert len(s.face_up) == 3


# -- after the Draw Phase: resting Units --------------------------------------------------------------


def test_draw_phase_rest_unit_returns_to_tavern_after_the_draw_phase() -> None:
    """Icon glossary: return the Warrior placed on this Location to your Tavern after your Draw
    Phase (an additional meeple on the following turn)."""
    game, s = setup_turn()
    build_location(game, s, "armoury", "castle-2")
    set_tavern(s, 0, warrior=1)
    set_bag(s, 0, peasant=6)
    set_lodgings(s, 0)
    play(game, s, "activate armoury")
    end_main(game, s)
    p = s.players[0]
    assert s.current == 1
    assert p.tavern[WARRIOR] == 1 and p.tavern[PEASANT] == 4
    assert p.lodgings[WARRIOR] == 0 and p.bag[WARRIOR] == 0 and not any(p.held)
    assert location(game, "armoury") in s.buildings[1]


def test_draw_phase_rest_unit_is_not_drawn_in_this_draw_phase() -> None:
    """The resting Warrior waits outside the bag and Lodgings during the Draw Phase, so step 6
    cannot put it back in the bag."""
    game, s = setup_turn()
    build_location(game, s, "armoury", "castle-2")
    set_tavern(s, 0, warrior=1)
    set_bag(s, 0, peasant=1)
    set_lodgings(s, 0)
    play(game, s, "activate armoury")
    end_main(game, s)
    p = s.players[0]
    assert p.tavern[PEASANT] == 1 and p.tavern[WARRIOR] == 1 and sum(p.tavern) == 2
