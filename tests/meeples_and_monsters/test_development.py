"""Rule tests for Meeples & Monsters: TURN SEQUENCE and 1. DEVELOPMENT PHASE.

Each test names the rulebook section it checks; its docstring paraphrases the rule. Positions
are set by hand with the helpers of ``mm_positions``.
"""

from __future__ import annotations

import pytest
from mm_positions import (
    build_location,
    fresh,
    legal,
    location,
    play,
    refresh,
    refused,
    set_tavern,
)

from boardrules.engine import IllegalActionError
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.state import (
    CORRUPTION,
    DISTRICTS,
    KIND_INDEX,
    KNIGHT,
    MAGE,
    NO_CARD,
    PEASANT,
    WARRIOR,
    MMState,
)

ALL_VACANT = [f"{d}-{n}" for d in DISTRICTS for n in (2, 3)]


def finish_turn(game: MeeplesAndMonsters, s: MMState) -> None:
    """Pass ("done") until the turn passes to the next player."""
    who, turn = s.current, s.turn
    while not s.over and (s.current == who and s.turn == turn):
        actions = legal(game, s)
        play(game, s, "done" if "done" in actions else actions[0])


def tile_id(game: MeeplesAndMonsters, s: MMState, i: int = 0) -> str:
    return game.t.locations[s.face_up[i]].id


# -- TURN SEQUENCE ------------------------------------------------------------------------------


def test_turn_sequence_clockwise_from_the_first_player() -> None:
    """TURN SEQUENCE: starting with the first player, players take turns in clockwise order."""
    game, s = fresh(players=3)
    s.current = s.first_player = 1
    refresh(s)
    order = [s.current]
    while len(order) < 7:
        events = play(game, s, "done" if "done" in legal(game, s) else legal(game, s)[0])
        order += [e.player for e in events if e.kind == "turn"]
    assert order[:7] == [1, 2, 0, 1, 2, 0, 1]


def test_turn_sequence_development_then_main_then_draw() -> None:
    """TURN SEQUENCE: on your turn you carry out the Development, Main and Draw Phases in
    order."""
    game, s = fresh(players=2)
    set_tavern(s, 0, peasant=2)
    assert s.phase == "develop"
    assert "activate guild-hall 1" in legal(game, s)  # Capitol: Development Phase
    play(game, s, "done")
    assert s.phase == "main"
    assert "activate muster-green" in legal(game, s)  # district Locations: Main Phase
    assert not any(a.startswith("activate guild-hall") for a in legal(game, s))
    events = play(game, s, "done")
    kinds = [e.kind for e in events]
    # the Draw Phase comes last: draw 4, then the next player's turn begins
    assert kinds.index("draw") < kinds.index("turn")
    assert sum(s.players[0].tavern) == 4
    assert s.players[0].lodgings[PEASANT] == 2  # Clean Up before the draw


def test_turn_sequence_other_players_take_no_steps_on_your_turn() -> None:
    """TURN SEQUENCE: other players do not take any steps on your turn."""
    game, s = fresh(players=3)
    set_tavern(s, 0, peasant=3, knight=1)
    s.players[0].vp = 3
    seen = set()
    for action in ("activate training-grounds", "activate guild-hall 2", "confirm"):
        seen.add(game.decision(s).player)  # type: ignore[union-attr]
        play(game, s, action)
    while s.current == 0:
        d = game.decision(s)
        assert d is not None
        seen.add(d.player)
        play(game, s, "done" if "done" in legal(game, s) else legal(game, s)[0])
    assert seen == {0}


# -- Assignment Step ------------------------------------------------------------------------


def test_development_assignment_step_capitol_peasant_option_gains_a_peasant() -> None:
    """Assignment Step: assign 1 Peasant to the construction Location, then take 1 Peasant
    from the supply onto it; Clean Up moves both to the Lodgings."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2, knight=1)
    supply = s.supply[PEASANT]
    play(game, s, "activate guild-hall 1", "confirm")
    p = s.players[0]
    assert s.phase == "main"  # nothing more to assign: the phase moves on
    assert p.lodgings[PEASANT] == 2
    assert p.tavern[PEASANT] == 1 and p.tavern[KNIGHT] == 1
    assert s.supply[PEASANT] == supply - 1
    assert s.buildings[0][1:] == [NO_CARD, NO_CARD]  # the Peasant option constructs nothing


def test_development_assignment_step_corruption_cannot_be_assigned() -> None:
    """Assignment Step: you assign your active Units (not Corruption) to the Capitol."""
    game, s = fresh()
    set_tavern(s, 0, peasant=1, corruption=2)
    play(game, s, "activate guild-hall 1")
    assert "add corruption" not in legal(game, s)
    msg = str(refused(game, s, "add corruption"))
    assert "Corruption" in msg and "not a Unit" in msg


def test_development_assignment_step_is_optional() -> None:
    """Assignment Step: assigning is optional; if you assign nothing, skip the rest of the
    Development Phase and proceed to your Main Phase."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2, knight=1)
    s.players[0].vp = 10
    play(game, s, "done")
    p = s.players[0]
    assert s.phase == "main"
    assert p.tavern[PEASANT] == 2 and p.tavern[KNIGHT] == 1
    assert p.levels[KNIGHT] == 1 and p.vp == 10 and not any(p.lodgings)


def test_development_assignment_step_skipped_when_nothing_can_be_assigned() -> None:
    """Assignment Step: with no Unit that can meet a Capitol Location (only Corruption and a
    Peasant-less Tavern, no VP), the phase is skipped (rules-choices: a phase in which nothing
    can be assigned is skipped)."""
    game, s = fresh()
    set_tavern(s, 0, corruption=2, mage=1)
    assert legal(game, s) == ["done"]


def test_development_capitol_only_in_the_development_phase() -> None:
    """Development Phase: the Capitol Locations (center row) are assigned to in the Development
    Phase; the Main Phase uses the Locations of the 4 districts (not the Capitol)."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2)
    s.phase = "main"
    refresh(s)
    assert not any("guild-hall" in a or "training-grounds" in a for a in legal(game, s))
    assert "Development Phase" in str(refused(game, s, "activate guild-hall 1"))


def test_development_capitol_shaman_fills_a_peasant_requirement() -> None:
    """Units (Shaman): a Shaman can be used as any basic Unit type for activating Locations, so
    a Peasant and a Shaman can use the construction option."""
    game, s = fresh()
    set_tavern(s, 0, peasant=1, shaman=1)
    play(game, s, "activate guild-hall 2", "add peasant")
    assert s.stack and s.stack[-1][0] == "build"


def test_development_capitol_construct_option_needs_two_peasants() -> None:
    """Capitol construction Location, second option: you must assign 2 Peasants."""
    game, s = fresh()
    set_tavern(s, 0, peasant=1, warrior=1)
    assert "activate guild-hall 2" not in legal(game, s)
    assert "requires peasant + peasant" in str(refused(game, s, "activate guild-hall 2"))
    set_tavern(s, 0, peasant=2, warrior=1, shaman=1)  # the Shaman may stand in for a Peasant
    play(game, s, "activate guild-hall 2", "add peasant")
    assert "add warrior" not in legal(game, s)  # a Warrior cannot fill a Peasant's place
    assert "confirm" not in legal(game, s)
    assert "do not meet the requirement" in str(refused(game, s, "confirm"))


def test_development_capitol_only_one_of_the_two_options() -> None:
    """Capitol construction Location: you may only assign to 1 of the 2 options at this
    Location and construct 1 new Location a turn."""
    game, s = fresh()
    set_tavern(s, 0, peasant=4)
    play(game, s, "activate guild-hall 1", "confirm")
    actions = legal(game, s)
    assert "activate guild-hall 1" not in actions and "activate guild-hall 2" not in actions
    msg = str(refused(game, s, "activate guild-hall 2"))
    assert "Guild Hall" in msg and "once per turn" in msg
    assert s.phase == "main"
    assert s.players[0].lodgings[PEASANT] == 2 and s.players[0].tavern[PEASANT] == 3


def test_development_capitol_construct_option_builds_one_location() -> None:
    """Resolution Step: the construction Location builds 1 of the face-up Locations on a vacant
    slot; only 1 Location a turn."""
    game, s = fresh()
    set_tavern(s, 0, peasant=4)
    tile = tile_id(game, s)
    face_up = list(s.face_up)
    play(game, s, "activate guild-hall 2", "more", "add peasant", "confirm")
    actions = legal(game, s)
    # two small decisions: the tile (one of the 4 face-up), then the slot (one of the 8 vacant)
    assert sorted(actions) == sorted(f"build {game.t.locations[x].id}" for x in face_up)
    play(game, s, f"build {tile}")
    assert len(legal(game, s)) == 8 and all(a.startswith("slot ") for a in legal(game, s))
    play(game, s, "slot castle-3")
    assert s.buildings[1][2] == location(game, tile)
    assert s.face_up == face_up[1:]
    assert s.phase == "main"
    assert not any(a.startswith("build") for a in legal(game, s))
    assert s.players[0].lodgings[PEASANT] == 3  # Clean Up: the assigned Units are Exhausted


def test_development_resolution_step_build_over_a_built_slot_refused() -> None:
    """Resolution Step and FAQ: a Location goes on a vacant slot (with a For Rent sign); you
    cannot build over an old Location."""
    game, s = fresh()
    build_location(game, s, "armoury", "castle-2")
    set_tavern(s, 0, peasant=2)
    play(game, s, "activate guild-hall 2", f"build {tile_id(game, s)}")
    for slot in ("castle-1", "castle-2"):
        msg = str(refused(game, s, f"slot {slot}"))
        assert "cannot build over an old Location" in msg
    assert not any(a.endswith("castle-2") or a.endswith("castle-1") for a in legal(game, s))


def test_development_resolution_step_only_face_up_locations_can_be_built() -> None:
    """Resolution Step: you construct 1 of the available face-up Locations from next to the
    board (not one from the face-down stack)."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2)
    play(game, s, "activate guild-hall 2")
    hidden = game.t.locations[s.location_stack[-1]].id
    with pytest.raises(IllegalActionError):
        play(game, s, f"build {hidden}")
    assert all(a.split()[1] in {game.t.locations[x].id for x in s.face_up} for a in legal(game, s))


@pytest.mark.parametrize(
    ("slot", "vp", "quests", "drawn", "cleansed", "gained"),
    [
        ("villages-2", 0, 0, 0, 0, "peasant"),
        ("villages-3", 0, 0, 0, 0, "warrior"),
        ("castle-2", 1, 0, 0, 0, None),
        ("castle-3", 2, 0, 0, 0, None),
        ("university-2", 0, 1, 0, 0, None),
        ("university-3", 0, 0, 1, 0, None),
        ("cathedral-2", 0, 0, 0, 1, None),
        ("cathedral-3", 1, 0, 0, 1, None),
    ],
)
def test_development_resolution_step_slot_bonus(
    slot: str, vp: int, quests: int, drawn: int, cleansed: int, gained: str | None
) -> None:
    """Resolution Step: after placing a Location on a vacant slot, you receive the immediate
    bonus depicted on that slot (stand-in bonuses of slots.toml; a meeple drawn in the
    Development Phase comes at once, rules-choices)."""
    game, s = fresh()
    set_tavern(s, 0, peasant=3, corruption=1)  # 1 Peasant stays for the Main Phase
    p = s.players[0]
    lodgings, tavern, corruption = p.lodgings[:], sum(p.tavern), s.supply[CORRUPTION]
    play(game, s, "activate guild-hall 2", "confirm", f"build {tile_id(game, s)}", f"slot {slot}")
    assert s.phase == "main"
    assert p.vp == vp
    assert len(p.quests) == quests
    assert sum(p.tavern) == tavern - 2 + drawn - cleansed
    assert s.supply[CORRUPTION] == corruption + cleansed
    want = lodgings[:]
    want[PEASANT] += 2  # the two assigned Peasants, exhausted at Clean Up
    if gained:
        want[KIND_INDEX[gained]] += 1
    assert p.lodgings == want


def test_development_no_building_when_all_slots_are_full_faq() -> None:
    """Resolution Step and FAQ: if there are no more vacant slots, no more Locations can be
    constructed; you cannot build over an old Location."""
    game, s = fresh()
    tiles = [game.t.locations[x].id for x in s.location_stack[:8]]
    for tile, slot in zip(tiles, ALL_VACANT, strict=True):
        build_location(game, s, tile, slot)
    set_tavern(s, 0, peasant=2)
    actions = legal(game, s)
    assert "activate guild-hall 2" not in actions
    assert "activate guild-hall 1" in actions  # the Peasant option still works
    with pytest.raises(IllegalActionError):
        play(game, s, "activate guild-hall 2")


def test_development_no_building_when_all_slots_are_full_faq_message() -> None:
    """FAQ: once all slots are full you cannot build; the refusal says so."""
    game, s = fresh()
    tiles = [game.t.locations[x].id for x in s.location_stack[:8]]
    for tile, slot in zip(tiles, ALL_VACANT, strict=True):
        build_location(game, s, tile, slot)
    set_tavern(s, 0, peasant=2)
    msg = str(refused(game, s, "activate guild-hall 2"))
    assert "vacant" in msg or "cannot build" in msg or "full" in msg


def test_development_constructed_location_can_be_activated_the_same_turn() -> None:
    """Main Phase, Activating a Location: Locations you just constructed during the Development
    Phase can be activated."""
    game, s = fresh()
    archive = location(game, "great-archive")
    if archive not in s.face_up:  # make the Great Archive one of the face-up tiles
        s.location_stack.remove(archive)
        s.location_stack.append(s.face_up[0])
        s.face_up[0] = archive
    set_tavern(s, 0, peasant=2, mage=1)
    play(game, s, "activate guild-hall 2", "confirm", "build great-archive", "slot university-2")
    assert s.phase == "main"
    assert "activate great-archive" in legal(game, s)


def test_development_constructed_location_belongs_to_the_district_of_its_slot() -> None:
    """Resolution Step: the Location is placed on any vacant slot on the City board; it is then
    a Location of that district (Main Phase: Locations in 1 of the 4 districts)."""
    game, s = fresh()
    build_location(game, s, "levy-station", "castle-2")  # a tile printed for the Villages
    set_tavern(s, 0, peasant=1, mage=1, warrior=1)
    s.phase = "main"
    refresh(s)
    play(game, s, "activate levy-station", "confirm")
    actions = legal(game, s)
    assert "activate house-of-lords" in actions  # same district (the Castle)
    assert "activate muster-green" not in actions  # another district


# -- Training Grounds: level up -----------------------------------------------------------


def test_development_level_up_pays_vp_for_the_next_hero_card() -> None:
    """Resolution Step: place exactly 1 Unit of the chosen type and spend the VP to obtain the
    next level Hero card for that Unit, replacing the current one."""
    game, s = fresh()
    set_tavern(s, 0, knight=1, peasant=1)
    p = s.players[0]
    p.vp = 4
    cost = game.t.cost[KNIGHT][2]
    assert cost > 0
    play(game, s, "activate training-grounds")
    play(game, s, "done")
    assert p.levels[KNIGHT] == 2
    assert p.vp == 4 - cost
    assert p.lodgings[KNIGHT] == 1 and p.tavern[KNIGHT] == 0  # Clean Up: exhausted
    # level 2 to level 3 costs the level 3 card's VP
    s2_game, s2 = fresh()
    set_tavern(s2, 0, knight=1)
    q = s2.players[0]
    q.levels[KNIGHT] = 2
    q.vp = game.t.cost[KNIGHT][3]
    refresh(s2)
    play(s2_game, s2, "activate training-grounds")
    assert q.levels[KNIGHT] == 3 and q.vp == 0


def test_development_level_up_exactly_one_unit() -> None:
    """Assignment Step: assign any 1 Unit of the type to level up; you cannot level up
    multiple Units (or types) in a single turn."""
    game, s = fresh()
    set_tavern(s, 0, knight=2, warrior=1)
    s.players[0].vp = 20
    refresh(s)
    play(game, s, "activate training-grounds", "add knight")
    assert s.open_group is None  # the one Unit completes the assignment by itself
    assert s.players[0].levels[KNIGHT] == 2
    for extra in ("add knight", "add warrior"):
        with pytest.raises(IllegalActionError):
            play(game, s, extra)


def test_development_level_up_exactly_one_unit_assigned_by_itself() -> None:
    """Resolution Step: the level-up Location takes exactly 1 Unit: with only Knights to level
    up, the game assigns one Knight and completes the assignment by itself."""
    game, s = fresh()
    set_tavern(s, 0, knight=2, peasant=2)
    s.players[0].vp = 20
    refresh(s)
    events = play(game, s, "activate training-grounds")
    assert [e.data["action"] for e in events if e.kind == "auto"] == ["add knight", "confirm"]
    assert s.players[0].tavern[KNIGHT] == 1


def test_development_level_up_vp_must_be_payable() -> None:
    """Resolution Step: you must be able to pay the VP to go to the next level."""
    game, s = fresh()
    set_tavern(s, 0, knight=1, mage=1)
    s.players[0].vp = game.t.cost[KNIGHT][2] - 1
    refresh(s)
    assert "activate training-grounds" not in legal(game, s)
    msg = str(refused(game, s, "activate training-grounds"))
    assert "pay the VP" in msg
    assert s.players[0].levels[KNIGHT] == 1


def test_development_level_up_only_affordable_classes_offered() -> None:
    """Resolution Step: you must be able to pay; a class you cannot pay for cannot be chosen."""
    game, s = fresh()
    set_tavern(s, 0, knight=1, mage=1)
    p = s.players[0]
    p.levels[MAGE] = 2  # the level 3 Mage costs more than the level 2 Knight
    p.vp = game.t.cost[KNIGHT][2]
    assert game.t.cost[MAGE][3] > p.vp
    refresh(s)
    events = play(game, s, "activate training-grounds")
    assert [e.data["action"] for e in events if e.kind == "auto"][0] == "add knight"  # the only choice
    with pytest.raises(IllegalActionError):
        play(game, s, "add mage")


def test_development_level_up_one_per_turn() -> None:
    """Resolution Step: you may only choose 1 Unit to gain a new Hero card each turn."""
    game, s = fresh()
    set_tavern(s, 0, knight=1, warrior=1, peasant=1)
    s.players[0].vp = 20
    refresh(s)
    play(game, s, "activate training-grounds", "add knight")
    assert "activate training-grounds" not in legal(game, s)
    msg = str(refused(game, s, "activate training-grounds"))
    assert "once per turn" in msg
    play(game, s, "done")
    assert s.players[0].levels[KNIGHT] == 2 and s.players[0].levels[WARRIOR] == 1


def test_development_level_up_not_beyond_level_3_nor_peasants_or_prestige() -> None:
    """Hero cards: basic classes have levels 1-3; Peasants have no Hero card levels and
    Prestige Units cannot be levelled beyond the one they start with."""
    game, s = fresh()
    set_tavern(s, 0, knight=1, peasant=1, ranger=1, shaman=1)
    p = s.players[0]
    p.levels[KNIGHT] = 3
    p.vp = 50
    refresh(s)
    assert "activate training-grounds" not in legal(game, s)
    assert "below level 3" in str(refused(game, s, "activate training-grounds"))


def test_development_level_up_needs_the_unit_in_the_tavern() -> None:
    """Assignment Step: you assign active Units from your Tavern; no Unit of a class, no
    level-up for it."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2)
    s.players[0].vp = 50
    refresh(s)
    assert "activate training-grounds" not in legal(game, s)


# -- Resolution Step, Clean Up ----------------------------------------------------------------


def test_development_resolution_step_in_any_order() -> None:
    """Resolution Step: resolve each Location where you assigned meeples, in the order of your
    choice. A Peasant gained at the Guild Hall and a level-up already payable give the same
    game in either order, so they are resolved in the order assigned, without asking."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2, knight=1)  # a Peasant is left for the Main Phase
    s.players[0].vp = 3
    refresh(s)
    events = play(game, s, "activate guild-hall 1", "confirm", "activate training-grounds")
    kinds = [e.kind for e in events]
    assert kinds.index("gain") < kinds.index("level-up")
    assert s.phase == "main"
    assert s.players[0].levels[KNIGHT] == 2 and s.players[0].lodgings[PEASANT] == 2


def test_development_resolution_step_construction_slot_vp_pays_for_the_level_up() -> None:
    """Resolution Step: "You can resolve the Locations in the order of your choice" and a
    level-up needs only that you can pay the VP: the construction resolved first gives 2 VP
    (the Castle's slot 3), which pays the 3 VP of the level 2 Knight with the 1 VP you had."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2, knight=1)
    s.players[0].vp = 1
    refresh(s)
    play(game, s, "activate guild-hall 2", "confirm")
    assert "activate training-grounds" in legal(game, s)  # payable once the construction resolves
    play(game, s, "activate training-grounds")
    # the construction is resolved first (the level-up waits for its VP)
    assert legal(game, s)[0].startswith("build ")
    events = play(game, s, f"build {tile_id(game, s)}", "slot castle-3")
    assert [e.kind for e in events if e.kind in ("vp", "level-up")] == ["vp", "level-up"]
    assert s.players[0].levels[KNIGHT] == 2 and s.players[0].vp == 0


def test_development_resolution_step_level_up_not_payable_when_resolved() -> None:
    """Resolution Step (rules-choices): a level-up assigned on the strength of a construction's
    slot bonus that does not come (a slot without VP chosen) cannot be paid: there is no
    level-up, no VP is paid, and the Unit goes to the Lodgings at Clean Up."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2, knight=1)
    s.players[0].vp = 1
    refresh(s)
    play(game, s, "activate guild-hall 2", "confirm", "activate training-grounds")
    events = play(game, s, f"build {tile_id(game, s)}", "slot villages-2")
    assert [e.kind for e in events if e.kind in ("level-up", "no-level-up")] == ["no-level-up"]
    p = s.players[0]
    assert p.levels[KNIGHT] == 1 and p.vp == 1 and p.lodgings[KNIGHT] == 1


def test_development_resolution_step_refusals_name_the_step() -> None:
    """Development Phase: once its Assignment Step is over, assigning to the Capitol is refused
    because the Resolution Step is under way (not because it is not the Development Phase)."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2, knight=1)
    play(game, s, "activate guild-hall 2", "confirm")  # nothing else to assign: resolution follows
    assert s.phase == "develop-resolve" and s.stack
    err = refused(game, s, "activate training-grounds")
    assert "Resolution Step is under way" in str(err) and err.rule == "Development Phase: Resolution Step"


def test_development_clean_up_returns_capitol_units_to_lodgings() -> None:
    """Development Phase Clean Up: return all Units on the Capitol Locations to your Lodgings,
    including any additional meeples generated; they are Exhausted."""
    game, s = fresh()
    set_tavern(s, 0, peasant=3, knight=1, mage=1)
    s.players[0].vp = 3
    refresh(s)
    play(game, s, "activate guild-hall 2", "confirm", "activate training-grounds", "add knight")
    play(game, s, f"build {tile_id(game, s)}", "slot castle-2")
    p = s.players[0]
    assert s.phase == "main" and not s.groups
    assert p.lodgings[PEASANT] == 2 and p.lodgings[KNIGHT] == 1
    assert p.tavern[PEASANT] == 1 and p.tavern[MAGE] == 1 and p.tavern[KNIGHT] == 0
    # exhausted Units are not active: they cannot be assigned in the Main Phase
    assert "activate house-of-lords" in legal(game, s)
    assert not any("knight" in a for a in legal(game, s))


# -- Hero abilities in the Development Phase ------------------------------------------------------


def test_development_hero_ability_develop_once_per_turn() -> None:
    """Units: Basic Unit abilities printed on their Hero cards are once per turn effects,
    however many Units of that type you draw (level 2 Mage: draw 1 Quest)."""
    game, s = fresh()
    set_tavern(s, 0, mage=2, peasant=1)
    p = s.players[0]
    p.levels[MAGE] = 2
    refresh(s)
    assert "use mage develop" in legal(game, s)
    play(game, s, "use mage develop")
    assert len(p.quests) == 1
    assert "use mage develop" not in legal(game, s)
    with pytest.raises(IllegalActionError):
        play(game, s, "use mage develop")
    assert len(p.quests) == 1
    finish_turn(game, s)
    s.current, s.phase = 0, "develop"  # player 1's next turn, by hand
    set_tavern(s, 0, mage=1, peasant=1)
    assert "use mage develop" in legal(game, s)  # again on your next turn


def test_development_hero_ability_once_per_turn_message() -> None:
    """Units: Hero card abilities are once per turn effects; the refusal says so."""
    game, s = fresh()
    set_tavern(s, 0, mage=2, peasant=1)
    s.players[0].levels[MAGE] = 2
    refresh(s)
    play(game, s, "use mage develop")
    assert "once per turn" in str(refused(game, s, "use mage develop"))


def test_development_hero_ability_needs_the_unit_in_the_tavern() -> None:
    """Hero abilities of the Development Phase act when Units of that class are in your Tavern
    (heroes.toml `need`); a level 1 Hero card has none."""
    game, s = fresh()
    p = s.players[0]
    set_tavern(s, 0, peasant=1, corruption=1)
    p.levels[2], p.levels[4] = 2, 2  # warrior, cleric
    refresh(s)
    assert not any(a.startswith("use") for a in legal(game, s))
    set_tavern(s, 0, peasant=1, cleric=1, corruption=1)
    assert "use cleric develop" in legal(game, s)
    play(game, s, "use cleric develop")
    assert p.tavern[CORRUPTION] == 0  # level 2 Cleric: return 1 Corruption


def test_development_hero_ability_exhaust_moves_units_once_per_turn() -> None:
    """Hero ability (exhaust, level 3 Mage): move every Mage from the Tavern to the Lodgings
    to gain 2 VP, once per turn."""
    game, s = fresh()
    set_tavern(s, 0, mage=2, peasant=1)
    p = s.players[0]
    p.levels[MAGE] = 3
    refresh(s)
    play(game, s, "use mage exhaust")
    assert p.vp == 2 and p.tavern[MAGE] == 0 and p.lodgings[MAGE] == 2
    assert "use mage exhaust" not in legal(game, s)
    with pytest.raises(IllegalActionError):
        play(game, s, "use mage exhaust")


def test_development_phase_units_left_stay_active_for_the_main_phase() -> None:
    """Development Clean Up returns only the Capitol Units: the rest stay in the Tavern as
    active Units for the Main Phase."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2, warrior=1)
    play(game, s, "activate guild-hall 1", "confirm")
    p = s.players[0]
    assert s.phase == "main"
    assert p.tavern[PEASANT] == 1 and p.tavern[WARRIOR] == 1
    assert "activate muster-green" in legal(game, s)
