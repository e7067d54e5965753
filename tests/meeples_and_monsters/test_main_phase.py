"""Rule tests for 2. MAIN PHASE of Meeples & Monsters: the Assignment Step, Activating a
Location, Using Overrun Locations, the Resolution Step, the Clean Up Step and King of the Hill
Locations. Every test starts from a hand-set position (tests/mm_positions.py)."""

from __future__ import annotations

from mm_positions import (
    assign,
    build_location,
    counts,
    end_turn,
    fresh,
    give_quest,
    legal,
    location,
    main_phase,
    monster,
    play,
    put_monster,
    refresh,
    refused,
    set_tavern,
    take_from_supply,
    until_turn_of,
)

from boardrules.games.meeples_and_monsters.state import (
    CLERIC,
    CORRUPTION,
    DISTRICTS,
    KNIGHT,
    MAGE,
    PEASANT,
    WARRIOR,
    MMState,
)

# -- Assignment Step ----------------------------------------------------------------------


def test_assignment_step_is_optional() -> None:
    """Assignment Step: assigning Units is optional; if you assign none, skip to the Draw
    Phase (your Tavern then goes to your Lodgings at Clean Up)."""
    game, s = main_phase(peasant=2, knight=1)
    put_monster(game, s, "skeleton")
    assert "done" in legal(game, s)
    events = end_turn(game, s)
    p = s.players[0]
    assert p.vp == 0 and p.defeated == []
    assert p.lodgings[PEASANT] == 2 and p.lodgings[KNIGHT] == 1
    assert not any(e.kind in ("assign", "defeat") for e in events)


def test_assignment_step_any_number_of_places() -> None:
    """Assignment Step: assign as many Units as you wish to any number of different places (a
    Location and 2 Monsters in one turn)."""
    game, s = main_phase(peasant=1, knight=2, cleric=2)
    put_monster(game, s, "tree-beast", "villages")
    put_monster(game, s, "skeleton", "castle")
    events = play(game, s, "activate house-of-lords", "confirm",
                  "fight tree-beast", "add knight", "add knight", "confirm",
                  "fight skeleton")
    targets = [e.data["target"] for e in events if e.kind == "assign"]
    assert targets == [f"loc:{location(game, 'house-of-lords')}", f"mon:{monster(game, 'tree-beast')}",
                       f"mon:{monster(game, 'skeleton')}"]
    assert sorted(s.players[0].defeated) == sorted([monster(game, "tree-beast"), monster(game, "skeleton")])


def test_assignment_step_one_place_at_a_time() -> None:
    """Assignment Step (rules-choices: one place at a time): while Units are being assigned to a
    place, another place is refused with a reason naming the open assignment."""
    game, s = main_phase(peasant=3, cleric=2)
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "activate muster-green")
    err = refused(game, s, "fight skeleton")
    assert "Muster Green" in str(err) and err.rule == "Assignment Step"
    play(game, s, "confirm")
    assert "fight skeleton" in legal(game, s)


def test_assignment_step_ends_by_itself_when_the_tavern_is_empty_and_says_so() -> None:
    """Assignment Step (issue 24: "when the Main Phase ends by itself, nothing says why"): the
    last Unit assigned, the step ends without a "done", and an event says why."""
    game, s = main_phase(peasant=1)
    events = play(game, s, "activate muster-green")
    ends = [e for e in events if e.kind == "main-ends"]
    assert [e.text for e in ends] == ["Player 1's Main Phase ends by itself: the Tavern is empty, no Unit to assign"]
    assert ends[0].player == 0 and s.turn == 2


def test_assignment_step_ends_by_itself_with_only_corruption_left() -> None:
    game, s = main_phase(peasant=1)
    take_from_supply(s, s.players[0].tavern, corruption=2)
    events = play(game, s, "activate muster-green")
    assert [e.text for e in events if e.kind == "main-ends"] == [
        "Player 1's Main Phase ends by itself: only Corruption is left in the Tavern, no Unit to assign"]


def test_assignment_step_ends_by_itself_when_the_units_left_can_do_nothing() -> None:
    """The Units left meet no Location of the district used this turn (Activating a Location:
    one district, each Location once) and are too weak for every Monster."""
    game, s = main_phase(peasant=2)
    put_monster(game, s, "skeleton", "castle")
    events = play(game, s, "activate muster-green", "confirm")
    assert [e.text for e in events if e.kind == "main-ends"] == [
        "Player 1's Main Phase ends by itself: the Units left in the Tavern (1 peasant) meet no Location of the "
        "Villages still to use this turn and are too weak for every Monster left to fight"]


def test_assignment_step_done_chosen_says_nothing_more() -> None:
    """A Main Phase ended by "done" needs no event: the player chose it."""
    game, s = main_phase(peasant=2, knight=1)
    assert not [e for e in end_turn(game, s) if e.kind == "main-ends"]


# -- Activating a Location ----------------------------------------------------------------


def test_activating_location_only_in_one_district() -> None:
    """Activating a Location: you may assign Units to Locations in only 1 of the 4 districts."""
    game, s = main_phase(peasant=2, cleric=2)
    put_monster(game, s, "skeleton", "castle")  # keeps the Main Phase open
    play(game, s, "activate muster-green", "confirm")
    assert "activate house-of-lords" not in legal(game, s)
    err = refused(game, s, "activate house-of-lords")
    assert "only 1 of the 4 districts" in str(err) and err.rule == "Activating a Location"


def test_activating_location_several_in_the_same_district() -> None:
    """Activating a Location: 1 or more constructed Locations in that one district."""
    game, s = main_phase(peasant=1, cleric=1)
    build_location(game, s, "branch-and-root-inn", "villages-2")
    events = play(game, s, "activate muster-green", "confirm", "activate branch-and-root-inn")
    assert [e.data["target"] for e in events if e.kind == "assign"] == [
        f"loc:{location(game, 'muster-green')}", f"loc:{location(game, 'branch-and-root-inn')}"]


def test_activating_location_once_per_turn() -> None:
    """Activating a Location: you may not activate each Location more than once per turn."""
    game, s = main_phase(peasant=2, cleric=2)
    put_monster(game, s, "skeleton", "castle")  # keeps the Main Phase open
    play(game, s, "activate muster-green", "confirm")
    assert "activate muster-green" not in legal(game, s)
    err = refused(game, s, "activate muster-green")
    assert "once per turn" in str(err)


def test_activating_location_healers_temple_needs_warrior_and_cleric() -> None:
    """Activating a Location: the Healer's Temple requires a Warrior and a Cleric."""
    game, s = main_phase(warrior=1, peasant=1)
    build_location(game, s, "healers-temple", "cathedral-2")
    err = refused(game, s, "activate healers-temple")
    assert "requires" in str(err) and "cleric" in str(err) and err.rule == "Activating a Location"
    set_tavern(s, 0, warrior=1, cleric=1)
    assert "activate healers-temple" in legal(game, s)


def test_activating_location_units_only_one_way_are_assigned_at_once() -> None:
    """Activating a Location: when only one set of Units can meet the requirement (no "any"
    slot, no Shaman to stand in), placing them one by one is no choice: they are assigned at
    once, and the player is asked only whether to confirm or add more."""
    game, s = main_phase(warrior=1, cleric=1, peasant=1)
    build_location(game, s, "healers-temple", "cathedral-2")
    events = play(game, s, "activate healers-temple")
    g = s.open_group
    assert g is not None and g.units[WARRIOR] == 1 and g.units[CLERIC] == 1
    assert [e.data["action"] for e in events if e.kind == "auto"] == ["add warrior", "add cleric"]
    assert legal(game, s) == ["confirm", "more"]
    # with a Shaman that could stand in for either, the Units are chosen one by one
    game, s = main_phase(warrior=1, cleric=1, shaman=1)
    build_location(game, s, "healers-temple", "cathedral-2")
    play(game, s, "activate healers-temple")
    assert s.open_group is not None and sum(s.open_group.units) == 0
    assert "add warrior" in legal(game, s) and "add shaman" in legal(game, s)


def test_activating_location_confirm_needs_the_depicted_units() -> None:
    """Activating a Location: the Units depicted must all be assigned before it activates."""
    game, s = main_phase(warrior=1, cleric=1, shaman=1)  # the Shaman could stand in for the Cleric
    build_location(game, s, "healers-temple", "cathedral-2")
    play(game, s, "activate healers-temple", "add warrior")
    err = refused(game, s, "confirm")
    assert err.rule == "Activating a Location"
    events = play(game, s, "add cleric", "confirm")
    assert any(e.kind == "assign" for e in events)
    end_turn(game, s)
    assert s.players[0].lodgings[CLERIC] == 2  # the Cleric back, and the Temple's new Cleric


def test_activating_location_more_units_than_required() -> None:
    """Quests / Assignment: you may always assign more meeples than required to a Location."""
    game, s = main_phase(peasant=3)
    play(game, s, "activate muster-green")
    assert legal(game, s) == ["confirm", "more"]  # the requirement is met; extras wait behind "more"
    play(game, s, "more", "add peasant", "confirm")
    end_turn(game, s)
    assert s.players[0].lodgings[PEASANT] == 3  # both assigned Peasants and the spare return
    assert s.players[0].lodgings[WARRIOR] == 1


def test_activating_location_just_constructed_can_be_activated() -> None:
    """Activating a Location: Locations you just constructed in the Development Phase can be
    activated."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2, cleric=1)
    inn = location(game, "branch-and-root-inn")
    for pile in (s.face_up, s.location_stack):
        if inn in pile:
            pile.remove(inn)
    s.face_up.insert(0, inn)
    s.players[1].tavern[PEASANT] += 1  # player 2's next turn waits for them
    s.supply[PEASANT] -= 1
    play(game, s, "activate guild-hall 2", "confirm",
         "build branch-and-root-inn", "slot villages-2")
    assert s.phase == "main"
    assert "activate branch-and-root-inn" in legal(game, s)
    events = play(game, s, "activate branch-and-root-inn")
    assert any(e.kind == "assign" and "Branch & Root Inn" in e.text for e in events)


def test_activating_location_capitol_not_in_main_phase() -> None:
    """Activating a Location: Locations in the districts (not the Capitol) are activated in the
    Main Phase."""
    game, s = main_phase(peasant=2)
    err = refused(game, s, "activate guild-hall 1")
    assert "Development Phase" in str(err)


# -- Using Overrun Locations --------------------------------------------------------------


def test_overrun_two_monsters_add_one_peasant() -> None:
    """Using Overrun Locations: a district with 2 Monsters adds 1 Peasant from the supply to
    each Location activated."""
    game, s = main_phase(peasant=1)
    put_monster(game, s, "skeleton", "castle")
    put_monster(game, s, "highway-bandit", "castle")
    events = play(game, s, "activate house-of-lords")
    events += end_turn(game, s)
    assert any(e.kind == "overrun" for e in events)
    assert s.players[0].lodgings[PEASANT] == 2 and s.players[0].lodgings[KNIGHT] == 1


def test_overrun_three_monsters_add_two_peasants() -> None:
    """Using Overrun Locations: a district with 3 Monsters adds 2 Peasants."""
    game, s = main_phase(peasant=1)
    for m in ("skeleton", "highway-bandit", "shambling-corpse"):
        put_monster(game, s, m, "castle")
    play(game, s, "activate house-of-lords")
    end_turn(game, s)
    assert s.players[0].lodgings[PEASANT] == 3


def test_overrun_one_monster_is_not_overrun() -> None:
    """Using Overrun Locations: a district is overrun only with 2 or more Monsters."""
    game, s = main_phase(peasant=1)
    put_monster(game, s, "skeleton", "castle")
    events = play(game, s, "activate house-of-lords")
    events += end_turn(game, s)
    assert not any(e.kind == "overrun" for e in events)
    assert s.players[0].lodgings[PEASANT] == 1


def test_overrun_peasant_for_each_location_activated() -> None:
    """Using Overrun Locations: add the Peasants to EACH Location activated in the district."""
    game, s = main_phase(peasant=1, cleric=1)
    build_location(game, s, "branch-and-root-inn", "villages-2")
    put_monster(game, s, "giant-rat", "villages")
    put_monster(game, s, "goblin-raider", "villages")
    play(game, s, "activate muster-green", "confirm", "activate branch-and-root-inn")
    assert s.players[0].lodgings[PEASANT] == 1 + 2


def test_overrun_no_peasant_when_fighting_in_that_district() -> None:
    """Using Overrun Locations (the House of Lords and Skeleton example): no overrun Peasant if
    you assign Units to a Monster in that district this turn; the Location's own effect still
    applies."""
    game, s = main_phase(peasant=3)
    put_monster(game, s, "skeleton", "castle")
    put_monster(game, s, "highway-bandit", "castle")
    events = play(game, s, "activate house-of-lords", "confirm",
                  "fight skeleton")
    assert not any(e.kind == "overrun" for e in events)
    assert any(e.kind == "gain" and e.data.get("kind") == "knight" for e in events)
    assert s.players[0].lodgings[PEASANT] == 3  # only the 3 assigned Peasants


def test_overrun_fighting_in_another_district_keeps_the_peasant() -> None:
    """Using Overrun Locations: only a fight in THAT district cancels the overrun Peasant."""
    game, s = main_phase(peasant=3)
    put_monster(game, s, "skeleton", "castle")
    put_monster(game, s, "highway-bandit", "castle")
    put_monster(game, s, "giant-rat", "villages")
    events = play(game, s, "activate house-of-lords", "confirm",
                  "fight giant-rat")
    assert any(e.kind == "overrun" for e in events)


def test_overrun_monster_counts_where_it_is_present() -> None:
    """Using Overrun Locations: fighting a Monster present in the district cancels the overrun
    Peasant, even a Monster whose card names another district (placed there because its own
    district was full, Draw Phase step 2)."""
    game, s = main_phase(peasant=3)
    put_monster(game, s, "giant-rat", "castle")  # a Villages Monster sitting in the Castle
    put_monster(game, s, "highway-bandit", "castle")
    events = play(game, s, "activate house-of-lords", "confirm",
                  "fight giant-rat")
    assert not any(e.kind == "overrun" for e in events)


def test_overrun_tower_room_adds_peasant() -> None:
    """Using Overrun Locations: also for a Tower Room (The Four Towers) in an overrun district."""
    game, s = fresh(expansion="four-towers")
    set_tavern(s, 0, peasant=1)
    set_tavern(s, 1, peasant=1)
    d = DISTRICTS.index("castle")
    room = game.t.room_index["dusty-stairwell"]
    for stack in s.towers:
        if room in stack:
            stack.remove(room)
    s.towers[d].append(room)
    put_monster(game, s, "skeleton", "castle")
    put_monster(game, s, "highway-bandit", "castle")
    s.phase = "main"
    refresh(s)
    events = play(game, s, "tower castle")
    events += end_turn(game, s)
    assert any(e.kind == "overrun" for e in events)
    assert s.players[0].lodgings[PEASANT] == 2 and s.players[0].vp == 1


def test_overrun_tower_room_no_peasant_when_fighting_there() -> None:
    """Using Overrun Locations: a Tower Room gets no overrun Peasant either if you fight a
    Monster in that district."""
    game, s = fresh(expansion="four-towers")
    set_tavern(s, 0, peasant=3)
    set_tavern(s, 1, peasant=1)
    d = DISTRICTS.index("castle")
    room = game.t.room_index["dusty-stairwell"]
    for stack in s.towers:
        if room in stack:
            stack.remove(room)
    s.towers[d].append(room)
    put_monster(game, s, "skeleton", "castle")
    put_monster(game, s, "highway-bandit", "castle")
    s.phase = "main"
    refresh(s)
    events = play(game, s, "tower castle", "confirm",
                  "fight skeleton")
    assert not any(e.kind == "overrun" for e in events)


# -- Resolution Step ----------------------------------------------------------------------


def test_resolution_step_in_any_order() -> None:
    """Resolution Step: resolve your assigned Units in any order you choose. The Great Archive
    draws Quests, which a fight resolved after it could complete (a Cleric against an Undead
    Monster meets a Quest that may be in the deck): the order is asked."""
    game, s = main_phase(mage=1, knight=1, cleric=1)
    build_location(game, s, "great-archive", "university-2")
    put_monster(game, s, "skeleton", "castle")
    assign(game, s, "activate great-archive", "mage")
    assign(game, s, "fight skeleton", "knight", "cleric")
    assert s.phase == "main-resolve"
    assert sorted(legal(game, s)) == ["resolve great-archive", "resolve skeleton"]
    events = play(game, s, "resolve skeleton")
    kinds = [e.kind for e in events]
    assert kinds[0] == "defeat"  # the Skeleton first, as chosen
    assert kinds.index("quests") > 0  # then the Great Archive (the last one resolves by itself)


def test_resolution_step_quest_draw_order_not_asked_when_no_quest_fits_the_fight() -> None:
    """Resolution Step: the Great Archive draws Quests, but no Quest that could be in the deck
    or in a hand can be completed by a lone Knight against the Skeleton, so the cards drawn
    change nothing the fight does: the order is not asked."""
    game, s = main_phase(mage=1, knight=1)
    build_location(game, s, "great-archive", "university-2")
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "activate great-archive", "confirm", "fight skeleton")
    assert not any(a.startswith("resolve") for a in legal(game, s))
    assert s.stack and s.stack[-1][0] == "discard"  # the Archive's discard, both resolved


def _two_humanoid_fights(hand: str | None) -> tuple[list[str], MMState]:
    """Seat 0 fights the Goblin Raider and the Highway Bandit with a Knight and a Peasant
    each, holding ``hand`` (one Quest, or none); what it is asked then."""
    game, s = main_phase(knight=2, peasant=2)
    put_monster(game, s, "goblin-raider", "villages")
    put_monster(game, s, "highway-bandit", "castle")
    if hand is not None:
        give_quest(game, s, 0, hand)
    assign(game, s, "fight goblin-raider", "knight", "peasant")
    assign(game, s, "fight highway-bandit", "knight", "peasant")
    return legal(game, s), s


def test_resolution_step_order_question_gives_the_quest_hand_nothing_away() -> None:
    """Resolution Step ("in the order of your choice") and Quests (hidden hand): Squire's
    Sacrifice is paid from the Units of the fight that completes it, so with both fights able
    to complete it the order can matter. The other seat sees whether the order is asked, so
    the question is the same whether the player holds it or another Quest; with no Quest in
    hand (a count every seat sees) no fight can complete one, and it is not asked."""
    holding, s = _two_humanoid_fights("squires-sacrifice")
    other, _ = _two_humanoid_fights("wayfarers-welcome")
    assert holding == other == ["resolve goblin-raider", "resolve highway-bandit"]
    assert s.phase == "main-resolve"
    empty, s = _two_humanoid_fights(None)
    assert not any(a.startswith("resolve") for a in empty) and s.phase != "main-resolve"


def test_resolution_step_order_not_asked_when_it_cannot_matter() -> None:
    """Resolution Step: when no resolution reads or changes what another does (here a Knight
    gained at the House of Lords and a Skeleton's VP), every order gives the same game, so the
    assignments are resolved in the order they were made without asking."""
    game, s = main_phase(peasant=1, knight=1)
    put_monster(game, s, "skeleton", "castle")
    events = play(game, s, "activate house-of-lords", "confirm", "fight skeleton")
    kinds = [e.kind for e in events]
    assert kinds.index("gain") < kinds.index("defeat")  # in the order assigned
    assert s.players[0].vp == game.t.monsters[monster(game, "skeleton")].vp
    assert s.current == 1  # the turn went on without a question


def test_resolution_step_order_not_asked_when_the_supply_runs_out_for_one_player() -> None:
    """Resolution Step and FAQ (supply run-out): two Locations that each gain a Warrior with one
    Warrior left in the supply. Both gains are the same player's and wait on their cards, so
    the player gets the one Warrior whichever comes first: the order is not asked."""
    game, s = main_phase(peasant=1, mage=1, warrior=1)
    build_location(game, s, "levy-station", "villages-2")
    take_from_supply(s, s.players[1].bag, warrior=s.supply[WARRIOR] - 1)  # one Warrior left
    events = play(game, s, "activate muster-green", "confirm", "activate levy-station")
    assert not any(e.kind == "resolve" for e in events) and s.current == 1  # no question
    assert s.supply[WARRIOR] == 0
    assert s.players[0].lodgings[WARRIOR] == 1 + 1  # the Warrior assigned and the one gained


def test_resolution_step_order_not_asked_when_peasants_run_out_and_no_district_is_overrun() -> None:
    """Resolution Step (the Armoury and the Candle Chapel with no Peasant left in
    the supply): neither district is overrun and no meeple can come back to the supply, so
    every order gives the same game and the order is not asked."""
    game, s = main_phase(peasant=1, warrior=1)
    build_location(game, s, "armoury", "cathedral-2")
    take_from_supply(s, s.players[1].bag, peasant=s.supply[PEASANT])  # no Peasant left
    assign(game, s, "activate armoury", "warrior")
    assert "resolve armoury" not in legal(game, s)
    assign(game, s, "activate candle-chapel", "peasant")
    assert s.current == 1  # resolved in the order assigned, without a question
    assert s.players[0].lodgings[CLERIC] == 1 and s.supply[PEASANT] == 0


def test_using_overrun_locations_one_peasant_left_order_not_asked() -> None:
    """Using Overrun Locations and FAQ (supply run-out): two Locations of an overrun district
    with one Peasant left in the supply. The Peasants fleeing to either go to the same player,
    who gets the one left whichever is resolved first: the order is not asked."""
    game, s = main_phase(peasant=1, warrior=1)
    build_location(game, s, "armoury", "cathedral-2")
    put_monster(game, s, "skeleton", "cathedral")
    put_monster(game, s, "highway-bandit", "cathedral")
    take_from_supply(s, s.players[1].bag, peasant=s.supply[PEASANT] - 1)  # one Peasant left
    events = assign(game, s, "activate armoury", "warrior")
    events += assign(game, s, "activate candle-chapel", "peasant")
    assert s.current == 1  # no question
    overrun = [e for e in events if e.kind == "overrun"]
    assert [e.data["n"] for e in overrun] == [1]  # the first resolved takes the last Peasant
    assert s.supply[PEASANT] == 0 and s.players[0].lodgings[PEASANT] == 1 + 1


def test_resolution_step_order_asked_when_a_meeple_short_in_the_supply_may_come_back() -> None:
    """Resolution Step and FAQ (supply run-out): no Cleric is left in the supply; the Sealed
    Crypt returns a Cleric to it and the Candle Chapel gains one. Resolved first, the Crypt
    lets the Chapel's Cleric be gained; resolved last, it does not: the order is asked."""
    game, s = main_phase(peasant=1, cleric=2)
    build_location(game, s, "sealed-crypt", "cathedral-2")
    take_from_supply(s, s.players[1].bag, cleric=s.supply[CLERIC])  # no Cleric left
    assign(game, s, "activate sealed-crypt 2", "cleric", "cleric")
    assign(game, s, "activate candle-chapel", "peasant")
    assert sorted(legal(game, s)) == ["resolve candle-chapel", "resolve sealed-crypt"]
    play(game, s, "resolve sealed-crypt", "take ranger")
    assert s.supply[CLERIC] == 0 and s.players[0].lodgings[CLERIC] == 1 + 1  # the Chapel's Cleric


def test_using_tower_rooms_two_rooms_in_one_turn_order_not_asked() -> None:
    """Tower Rooms (Four Towers): two Tower Rooms completed in one turn change nothing the
    other reads; the completed rooms are kept in card order, so the order is not asked."""
    game, s = fresh(expansion="four-towers")
    set_tavern(s, 0, knight=1, peasant=1)
    set_tavern(s, 1, peasant=1)
    rooms = game.t.room_index["trophy-hall"], game.t.room_index["dusty-stairwell"]
    assert rooms[0] > rooms[1]  # the one completed first comes later in the cards
    for room, district in zip(rooms, ("villages", "castle"), strict=True):
        for stack in s.towers:
            if room in stack:
                stack.remove(room)
        s.towers[DISTRICTS.index(district)].append(room)
    s.phase = "main"
    refresh(s)
    assign(game, s, "tower villages", "knight")
    assign(game, s, "tower castle", "peasant")
    end_turn(game, s)
    assert s.current == 1
    assert s.players[0].tower_rooms == sorted(rooms)


def test_resolution_step_vp_for_each_monster() -> None:
    """Resolving a Monster: for each Monster you assigned to, gain the VP on its card."""
    game, s = main_phase(knight=2, cleric=2)
    put_monster(game, s, "tree-beast", "villages")
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight tree-beast", "add knight", "add knight", "confirm",
         "fight skeleton")
    t = game.t
    assert s.players[0].vp == t.monsters[monster(game, "tree-beast")].vp + t.monsters[monster(game, "skeleton")].vp


# -- Clean Up Step ------------------------------------------------------------------------


def test_clean_up_units_and_generated_meeples_to_lodgings() -> None:
    """Clean Up Step: assigned Units return to your Lodgings with the meeples their assignment
    generated (NOT to your bag)."""
    game, s = main_phase(peasant=1, mage=1, warrior=1)
    build_location(game, s, "levy-station", "villages-2")
    bag_before = s.players[0].bag[:]
    play(game, s, "activate levy-station", "confirm")
    end_turn(game, s)
    p = s.players[0]
    assert p.lodgings[MAGE] == 1 and p.lodgings[WARRIOR] == 2 and p.lodgings[PEASANT] == 1
    assert sum(p.bag) + sum(p.tavern) == sum(bag_before)  # nothing new went into the bag


def test_clean_up_tavern_to_lodgings_including_corruption() -> None:
    """Clean Up Step: finally move all meeples left in the Tavern to the Lodgings, Corruption
    included; no Unit is held back."""
    game, s = main_phase(peasant=1, knight=1, corruption=2)
    end_turn(game, s)
    assert s.players[0].lodgings == counts(peasant=1, knight=1, corruption=2)


def test_clean_up_defeated_monster_to_defeated_pile() -> None:
    """Clean Up Step: Monsters you assigned to are defeated and placed in your defeated pile;
    the City refills to six Monsters (Draw Phase)."""
    game, s = main_phase(cleric=2)
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton")
    end_turn(game, s)
    sk = monster(game, "skeleton")
    assert s.players[0].defeated == [sk]
    assert all(sk not in row for row in s.monsters)
    assert s.players[0].lodgings[CLERIC] == 2


def test_clean_up_monster_effect_other_than_boost() -> None:
    """Clean Up Step: a Monster's effect other than a combat value boost resolves now; meeples it
    adds go to your Lodgings (the Death Knight's Corruption)."""
    game, s = main_phase(knight=4)
    put_monster(game, s, "death-knight", "castle")
    corruption = s.supply[CORRUPTION]
    play(game, s, "fight death-knight")
    assert s.players[0].lodgings[CORRUPTION] == 1 and s.supply[CORRUPTION] == corruption - 1
    assert monster(game, "death-knight") in s.players[0].defeated


# -- King of the Hill ---------------------------------------------------------------------


def test_king_of_the_hill_colosseum_pays_at_start_of_next_turn() -> None:
    """King of the Hill: your Unit stays until the start of your next turn; then it returns to
    your Lodgings and you gain the benefit (Colosseum: 3 VP with a Knight)."""
    game, s = main_phase(knight=1)
    build_location(game, s, "colosseum", "castle-2")
    play(game, s, "activate colosseum 2")
    end_turn(game, s)
    col = location(game, "colosseum")
    assert s.koth[col][0] == 0 and s.players[0].vp == 0
    assert s.players[0].lodgings[KNIGHT] == 0
    until_turn_of(game, s, 0)
    assert col not in s.koth
    assert s.players[0].vp == 3


def test_king_of_the_hill_colosseum_peasant_gains_one_vp() -> None:
    """King of the Hill: the Colosseum gives 1 or 3 VP (1 for a Peasant)."""
    game, s = main_phase(peasant=1)
    build_location(game, s, "colosseum", "castle-2")
    play(game, s, "activate colosseum 1")
    end_turn(game, s)
    until_turn_of(game, s, 0)
    assert s.players[0].vp == 1


def test_king_of_the_hill_knocked_off_returns_all_units() -> None:
    """King of the Hill (FAQ): another player placing ANY appropriate Unit (here a Peasant
    against a Knight) returns ALL your Units there to your Lodgings at once."""
    game, s = main_phase(peasant=1)
    build_location(game, s, "colosseum", "castle-2")
    col = location(game, "colosseum")
    s.supply[KNIGHT] -= 2
    s.koth[col] = (1, counts(knight=2), 1)  # player 2 holds it with 2 Knights
    refresh(s)
    events = play(game, s, "activate colosseum 1")
    assert any(e.kind == "koth" for e in events)
    assert s.players[1].lodgings[KNIGHT] == 2
    assert s.koth[col] == (0, counts(peasant=1), 0)  # now player 1's marker is there


def test_king_of_the_hill_benefit_once_with_several_units() -> None:
    """King of the Hill (FAQ): you gain the benefit only 1 time, even with several Units."""
    game, s = main_phase(knight=2)
    build_location(game, s, "colosseum", "castle-2")
    play(game, s, "activate colosseum 2", "more", "add knight")
    end_turn(game, s)
    until_turn_of(game, s, 0)
    assert s.players[0].vp == 3
    assert s.players[0].lodgings[KNIGHT] + s.players[0].bag[KNIGHT] + s.players[0].tavern[KNIGHT] == 2


def test_king_of_the_hill_mage_academy_draws_at_start_of_turn() -> None:
    """King of the Hill: the Mage Academy draws 1 or 2 additional meeples at the start of your
    next turn (2 with a Mage)."""
    game, s = main_phase(mage=1)
    build_location(game, s, "mage-academy", "university-2")
    play(game, s, "activate mage-academy 2")
    end_turn(game, s)
    drawn_before = sum(s.players[0].tavern)
    events = until_turn_of(game, s, 0)
    assert any(e.kind == "koth" for e in events)
    koth_at = max(i for i, e in enumerate(events) if e.kind == "koth")
    extra = [e for e in events[koth_at:] if e.kind == "draw" and e.player == 0]
    assert extra and "draws 2 extra" in extra[0].text
    assert drawn_before == 4


def test_king_of_the_hill_overrun_still_gives_peasant() -> None:
    """Using Overrun Locations with a King of the Hill Location: the fleeing Peasant joins at
    once (Clean Up), while the Location's benefit waits for your next turn."""
    game, s = main_phase(knight=1)
    build_location(game, s, "colosseum", "castle-2")
    put_monster(game, s, "skeleton", "castle")
    put_monster(game, s, "highway-bandit", "castle")
    play(game, s, "activate colosseum 2")
    end_turn(game, s)
    assert s.players[0].lodgings[PEASANT] == 1 and s.players[0].vp == 0
    assert s.players[0].lodgings[CORRUPTION] == 0
