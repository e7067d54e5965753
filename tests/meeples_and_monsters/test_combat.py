"""Rule tests for 2. MAIN PHASE, "Combat with Monsters": combat values, every kind of combat
value bonus of the icon glossary, Units and Prestige Units, the level 3 Warrior (FAQ), and the
Dark Overlords and Henchman (Ending the Game, FAQ). Every test starts from a hand-set position
(tests/mm_positions.py)."""

from __future__ import annotations

from mm_positions import (
    build_location,
    counts,
    end_turn,
    legal,
    main_phase,
    monster,
    play,
    put_monster,
    refresh,
    refused,
    set_lodgings,
    set_tavern,
    until_turn_of,
)

from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.combat import combat_value
from boardrules.games.meeples_and_monsters.state import (
    KIND_INDEX,
    KNIGHT,
    MAGE,
    PEASANT,
    WARRIOR,
    Group,
    MMState,
)


def value(game: MeeplesAndMonsters, s: MMState, ref: str, roles: tuple[str, ...] = (), **units: int) -> int:
    """The combined combat value player 1 would have with these Units on Monster ``ref``."""
    m = monster(game, ref)
    g = Group("mon", m)
    g.units = counts(**units)
    g.roles = [KIND_INDEX[r] for r in roles]
    return combat_value(game.t, s, 0, g, m)


def defeated(game: MeeplesAndMonsters, s: MMState, *refs: str) -> None:
    """Put Monsters in player 1's defeated pile (their boosts apply from now on)."""
    for ref in refs:
        m = monster(game, ref)
        if m in s.monster_deck:
            s.monster_deck.remove(m)
        s.players[0].defeated.append(m)
    refresh(s)


def resolve_all(game: MeeplesAndMonsters, s: MMState) -> None:
    """Resolution Step: resolve the waiting assignments in the order offered."""
    while s.phase == "main-resolve" and not s.stack:
        play(game, s, legal(game, s)[0])


def council(game: MeeplesAndMonsters, s: MMState, **tokens: str) -> None:
    """Set the Dark Council Bonus token under each named Overlord (others: none)."""
    t = game.t
    index = {b.id: i for i, b in enumerate(t.bonuses)}
    s.overlords = [(m, index[tokens[t.monsters[m].id]] if t.monsters[m].id in tokens else -1)
                   for m, _ in s.overlords]
    refresh(s)


# -- Combat with Monsters -----------------------------------------------------------------


def test_combat_skeleton_two_clerics() -> None:
    """Combat with Monsters: the Skeleton's strength is 2; 2 Clerics have combat value 2, equal
    to it, so they defeat it."""
    game, s = main_phase(cleric=2, peasant=1)  # a spare Peasant keeps every step a choice
    put_monster(game, s, "skeleton", "castle")
    assert value(game, s, "skeleton", cleric=2) == 2
    play(game, s, "fight skeleton")
    assert "confirm" not in legal(game, s)
    play(game, s, "add cleric", "add cleric", "confirm")
    end_turn(game, s)
    assert s.players[0].defeated == [monster(game, "skeleton")]


def test_combat_one_knight_cannot_fight_tree_beast() -> None:
    """Combat example / FAQ: one Knight (3) is not enough for the Tree Beast (5): if you cannot
    match the Monster's strength, you cannot assign to it."""
    game, s = main_phase(knight=1)
    put_monster(game, s, "tree-beast", "villages")
    assert "fight tree-beast" not in legal(game, s)
    err = refused(game, s, "fight tree-beast")
    assert "strength" in str(err) and "5" in str(err)


def test_combat_two_knights_defeat_tree_beast() -> None:
    """Combat example: two Knights together have combat value 6, enough for the Tree Beast."""
    game, s = main_phase(knight=2)
    put_monster(game, s, "tree-beast", "villages")
    play(game, s, "fight tree-beast")
    assert s.players[0].defeated == [monster(game, "tree-beast")]
    assert s.players[0].vp == game.t.monsters[monster(game, "tree-beast")].vp


def test_combat_confirm_refused_below_strength() -> None:
    """Combat with Monsters: the combined combat value on a Monster must be equal to or higher
    than its strength; the refusal names the rule."""
    game, s = main_phase(knight=2, peasant=1)
    put_monster(game, s, "tree-beast", "villages")
    play(game, s, "fight tree-beast", "add knight")
    err = refused(game, s, "confirm")
    assert err.rule == "Combat with Monsters" and "(3)" in str(err) and "(5)" in str(err)


def test_combat_extra_units_allowed() -> None:
    """Combat with Monsters: you may assign more Units than are required to a Monster."""
    game, s = main_phase(knight=2, peasant=2)
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton", "add knight")
    assert "confirm" in legal(game, s) and "add knight" in legal(game, s)
    events = play(game, s, "add knight", "add peasant", "add peasant")
    assign = next(e for e in events if e.kind == "assign")
    assert "2 peasant" in assign.text and "2 knight" in assign.text


def test_combat_corruption_cannot_be_assigned_to_a_monster() -> None:
    """Icon clarifications: Corruption cannot be assigned to Monsters (it is not a Unit)."""
    game, s = main_phase(knight=1, corruption=2)
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton")
    assert "add corruption" not in legal(game, s)
    err = refused(game, s, "add corruption")
    assert "Corruption" in str(err)


def test_combat_overlords_not_before_third_council_card() -> None:
    """Combat with Monsters: you may not assign to the Dark Overlords until the third Dark
    Council Arrives card has been revealed; the refusal says so."""
    game, s = main_phase(knight=6)
    s.council_drawn = 2
    refresh(s)
    assert not any(a.startswith("fight") for a in legal(game, s))
    err = refused(game, s, "fight warlord-grimmaw")
    assert "third Dark Council Arrives" in str(err)
    s.council_drawn, s.third_drawn = 3, True
    refresh(s)
    assert "fight warlord-grimmaw" in legal(game, s)


def test_combat_henchman_not_before_third_council_card() -> None:
    """Ending the Game: the Henchman is treated exactly as the Dark Overlords: not before the
    third Dark Council Arrives card."""
    game, s = main_phase(knight=6)
    err = refused(game, s, "fight combustor")
    assert "third Dark Council Arrives" in str(err)


# -- Combat value bonuses (icon glossary) -------------------------------------------------


def test_bonus_boost_of_a_kind_levy_station_peasants() -> None:
    """Resolving a Location example: with a Mage and a Warrior on the Levy Station your
    Peasants all have +2 combat value for the turn."""
    game, s = main_phase(mage=1, warrior=1, peasant=2)
    build_location(game, s, "levy-station", "villages-2")
    put_monster(game, s, "ghoul", "castle")
    assert "fight ghoul" not in legal(game, s)
    play(game, s, "activate levy-station", "confirm")
    assert value(game, s, "ghoul", peasant=2) == 6
    play(game, s, "fight ghoul")
    resolve_all(game, s)
    assert s.players[0].vp == game.t.monsters[monster(game, "ghoul")].vp


def test_bonus_assumed_from_location_branch_and_root_inn() -> None:
    """FAQ (assumed bonuses): with a Cleric on the Branch & Root Inn, your Mages are assumed to
    have +1 combat value when you assign them that turn."""
    game, s = main_phase(cleric=1, mage=2)
    build_location(game, s, "branch-and-root-inn", "villages-2")
    put_monster(game, s, "shambling-corpse", "castle")
    assert "fight shambling-corpse" not in legal(game, s)
    play(game, s, "activate branch-and-root-inn", "confirm")
    assert "fight shambling-corpse" in legal(game, s)
    play(game, s, "fight shambling-corpse")
    resolve_all(game, s)
    assert monster(game, "shambling-corpse") in s.players[0].defeated


def test_bonus_pair_applies_to_all_mages_with_warriors() -> None:
    """Icon glossary (pair): Mages +1 when assigned with 1 or more Warriors; this applies to
    ALL your Mages assigned with Warriors."""
    game, s = main_phase(peasant=2, mage=2, warrior=1)
    build_location(game, s, "war-college", "university-2")
    put_monster(game, s, "ghoul", "castle")
    play(game, s, "activate war-college", "confirm")
    assert value(game, s, "ghoul", mage=2, warrior=1) == 1 + 1 + 2 + 2
    play(game, s, "fight ghoul", "add mage", "add mage")
    resolve_all(game, s)
    assert monster(game, "ghoul") in s.players[0].defeated


def test_bonus_pair_needs_the_partner_unit() -> None:
    """Icon glossary (pair): the bonus needs the Unit on the left (a Warrior) on the same
    Monster; Mages alone get nothing."""
    game, s = main_phase(peasant=2, mage=2)
    build_location(game, s, "war-college", "university-2")
    put_monster(game, s, "ghoul", "castle")
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "activate war-college", "confirm")
    assert "fight skeleton" in legal(game, s)  # the Main Phase (and the War College) is still on
    assert value(game, s, "ghoul", mage=2) == 2


def test_bonus_mage_on_location_gives_all_clerics() -> None:
    """Icon glossary: assigning a Mage to this Location (Sealed Crypt) gives ALL your Clerics
    +1 combat value for the round."""
    game, s = main_phase(mage=1, cleric=2)
    build_location(game, s, "sealed-crypt", "cathedral-2")
    put_monster(game, s, "highway-bandit", "castle")
    before = value(game, s, "highway-bandit", cleric=2)
    play(game, s, "activate sealed-crypt 1", "confirm")
    assert before == 2 and value(game, s, "highway-bandit", cleric=2) == 4


def test_bonus_unconditional_all_knights_plus_one() -> None:
    """Icon glossary: ALL your Knights have +1 combat value (no condition): the Armoury makes a
    lone Knight (3 + 1) strong enough for a strength 4 Monster."""
    game, s = main_phase(warrior=1, knight=1)
    build_location(game, s, "armoury", "castle-2")
    put_monster(game, s, "carrion-crows", "cathedral")
    play(game, s, "activate armoury", "confirm")
    assert value(game, s, "carrion-crows", knight=1) == 4
    play(game, s, "fight carrion-crows")
    resolve_all(game, s)
    assert monster(game, "carrion-crows") in s.players[0].defeated


def test_bonus_versus_undead_once_per_monster() -> None:
    """Icon glossary: +1 combat value against Undead Monsters is a one-time bonus regardless of
    how many Units are assigned, and applies to each Undead Monster you assign to."""
    game, s = main_phase()
    defeated(game, s, "wight")  # +1 against each Undead Monster
    put_monster(game, s, "shambling-corpse", "castle")
    put_monster(game, s, "restless-spirit", "cathedral")
    assert value(game, s, "shambling-corpse", peasant=3) == 4
    assert value(game, s, "restless-spirit", peasant=1) == 2
    assert value(game, s, "highway-bandit", peasant=3) == 3  # not Undead


def test_bonus_needs_units_assigned() -> None:
    """Combat with Monsters: the combat value is that of your Units placed on the Monster;
    a bonus against Undead alone (no Unit) cannot defeat the Skeleton."""
    game, s = main_phase(peasant=1, mage=1)
    defeated(game, s, "wight")
    s.players[0].completed.append(game.t.quest_index["holy-wrath"])  # a second +1 vs Undead
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton")
    assert "confirm" not in legal(game, s)
    err = refused(game, s, "confirm")
    assert err.rule == "Combat with Monsters"


def test_bonus_champion_lodgings_corruption_to_one_unit() -> None:
    """Icon glossary (champion): one Unit of your choice gains + the Corruption in your Lodgings
    (3 here); Corruption drawn this turn, still in your Tavern (2), does not count."""
    game, s = main_phase(mage=1, peasant=2, cleric=1, corruption=2)
    set_lodgings(s, 0, corruption=3)
    build_location(game, s, "forbidden-stacks", "university-2")
    put_monster(game, s, "tree-beast", "villages")  # strength 5 = 1 + 1 + 3
    put_monster(game, s, "dire-bear", "villages")  # strength 7 = 1 + 1 + 3 + 2 only with the Tavern's
    play(game, s, "activate forbidden-stacks", "confirm")
    assert "fight tree-beast" in legal(game, s) and "fight dire-bear" not in legal(game, s)
    play(game, s, "fight tree-beast", "add peasant", "add peasant")
    assert "champion" in legal(game, s) and "confirm" not in legal(game, s)
    play(game, s, "champion", "confirm")
    resolve_all(game, s)
    assert monster(game, "tree-beast") in s.players[0].defeated


def test_bonus_champion_is_a_single_unit() -> None:
    """Icon glossary (champion): the bonus goes to a single Unit, not to all; with 2 Peasants and
    3 Corruption in the Lodgings the Monster faces 1 + 1 + 3 = 5, not 8."""
    game, s = main_phase(mage=1, peasant=2)
    set_lodgings(s, 0, corruption=3)
    build_location(game, s, "forbidden-stacks", "university-2")
    put_monster(game, s, "dire-bear", "villages")  # strength 7
    put_monster(game, s, "tree-beast", "villages")  # strength 5
    play(game, s, "activate forbidden-stacks", "confirm")
    assert "fight dire-bear" not in legal(game, s)
    assert "fight tree-beast" in legal(game, s)


def test_bonus_champion_needs_a_unit() -> None:
    """Icon glossary (champion): the bonus is applied to a specific Unit: with no Unit assigned
    to the Monster there is nothing to champion."""
    game, s = main_phase(mage=1, peasant=1, cleric=1)
    set_lodgings(s, 0, corruption=3)
    build_location(game, s, "forbidden-stacks", "university-2")
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "activate forbidden-stacks", "confirm", "fight skeleton", "champion")
    assert "confirm" not in legal(game, s)
    refused(game, s, "confirm")
    play(game, s, "add peasant", "confirm")
    resolve_all(game, s)
    assert monster(game, "skeleton") in s.players[0].defeated


def test_bonus_all_other_units_plus_two() -> None:
    """Icon glossary: a Knight and a Peasant on this Location (Tiltyard) give ALL your other
    Units +2 combat value that turn."""
    game, s = main_phase(knight=1, peasant=2)
    build_location(game, s, "tiltyard", "castle-2")
    put_monster(game, s, "highway-bandit", "castle")
    play(game, s, "activate tiltyard", "confirm")
    assert value(game, s, "highway-bandit", peasant=1) == 3
    play(game, s, "fight highway-bandit")
    resolve_all(game, s)
    assert monster(game, "highway-bandit") in s.players[0].defeated


def test_bonus_defeated_ghoul_only_from_next_turn() -> None:
    """Clean Up Step: a defeated Monster's combat value boost (the Ghoul: Warriors +1) applies
    from your next turn onwards, not in the turn you defeat it."""
    game, s = main_phase(warrior=4)
    put_monster(game, s, "ghoul", "castle")
    put_monster(game, s, "highway-bandit", "castle")
    put_monster(game, s, "giant-rat", "villages")
    play(game, s, "fight ghoul", "confirm")
    assert "fight giant-rat" in legal(game, s)  # the Main Phase is still open
    assert "fight highway-bandit" not in legal(game, s)  # 1 Warrior = 2 < 3 this turn
    play(game, s, "done")
    until_turn_of(game, s, 0)
    set_tavern(s, 0, warrior=1)
    put_monster(game, s, "highway-bandit", "castle")
    s.phase = "main"
    refresh(s)
    assert value(game, s, "highway-bandit", warrior=1) == 3
    assert "fight highway-bandit" in legal(game, s)


def test_bonus_hero_card_combat_value() -> None:
    """Combat with Monsters: a Unit's combat value is shown on your Hero card (level 1 printed on
    the Player board): a level 2 Knight has 4."""
    game, s = main_phase(knight=1)
    put_monster(game, s, "shambling-corpse", "castle")
    assert "fight shambling-corpse" not in legal(game, s)
    s.players[0].levels[KNIGHT] = 2
    refresh(s)
    assert "fight shambling-corpse" in legal(game, s)


def test_bonus_hero_card_warrior_versus_humanoid() -> None:
    """Combat with Monsters: combat value bonuses you have gained from Hero cards (the level 2
    Warrior's +1 against Humanoids) count once per Monster of that type."""
    game, s = main_phase()
    s.players[0].levels[WARRIOR] = 2
    assert value(game, s, "rogue-alchemist", warrior=2) == 3 + 3 + 1
    assert value(game, s, "tree-beast", warrior=1) == 3


# -- Units and Prestige Units -------------------------------------------------------------


def test_units_ranger_base_three() -> None:
    """Units: a Ranger has a base combat value of 3."""
    game, s = main_phase(ranger=1)
    put_monster(game, s, "highway-bandit", "castle")
    assert value(game, s, "highway-bandit", ranger=1) == 3
    assert "fight highway-bandit" in legal(game, s)


def test_units_ranger_extra_vp_once_per_monster() -> None:
    """Units: +1 VP each time 1 or more Rangers defeat a Monster: only +1 if two Rangers are on
    the same Monster."""
    game, s = main_phase(ranger=2)
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton", "add ranger")  # the first Ranger is the only choice
    assert s.players[0].vp == game.t.monsters[monster(game, "skeleton")].vp + 1


def test_units_rangers_on_two_monsters_each_extra_vp() -> None:
    """Units: 2 Rangers assigned to two different Monsters are both worth an additional VP."""
    game, s = main_phase(ranger=2)
    put_monster(game, s, "skeleton", "castle")
    put_monster(game, s, "giant-rat", "villages")
    play(game, s, "fight skeleton", "confirm", "fight giant-rat")
    t = game.t
    assert s.players[0].vp == t.monsters[monster(game, "skeleton")].vp + t.monsters[monster(game, "giant-rat")].vp + 2


def test_units_paladin_gains_monster_level() -> None:
    """Units: a Paladin has combat value 2 plus 1 for each level of the Monster it fights."""
    game, s = main_phase(paladin=1, peasant=1, cleric=1)
    put_monster(game, s, "tree-beast", "villages")
    assert value(game, s, "tree-beast", paladin=1) == 4
    assert value(game, s, "skeleton", paladin=1) == 3
    assert value(game, s, "tree-beast", paladin=2) == 8  # each Paladin gains it
    assert value(game, s, "combustor", paladin=1) == 2 + 4  # the Dark Council: level 4 (rules-choices)
    play(game, s, "fight tree-beast", "add paladin")
    assert "confirm" not in legal(game, s)
    play(game, s, "add peasant", "confirm")
    assert monster(game, "tree-beast") in s.players[0].defeated


def test_units_shaman_as_warrior_gets_ghoul_boost() -> None:
    """Units, NOTE: a Shaman acting as a Warrior gets the +1 of the previously defeated Ghoul."""
    game, s = main_phase(shaman=1)
    defeated(game, s, "ghoul")
    put_monster(game, s, "highway-bandit", "castle")
    events = play(game, s, "fight highway-bandit")
    # only the Warrior type can win, so the game assigns the Shaman as a Warrior by itself
    assert [e.data["action"] for e in events if e.kind == "auto"][0] == "add shaman:warrior"
    assert monster(game, "highway-bandit") in s.players[0].defeated


def test_units_shaman_no_hero_card_bonus() -> None:
    """Units, NOTE: a Shaman acting as a Warrior does not gain the combat value boosts of the
    Warrior's Hero card (the level 2 Warrior's +1 against Humanoids) nor its combat value."""
    game, s = main_phase()
    s.players[0].levels[WARRIOR] = 2
    assert value(game, s, "rogue-alchemist", roles=("warrior",), shaman=1) == 2
    assert value(game, s, "rogue-alchemist", warrior=1) == 4


def test_units_shaman_no_level3_warrior_peasant() -> None:
    """Units, NOTE: a Shaman acting as a Warrior does not gain the level 3 Warrior's ability to
    add a Peasant from the Lodgings."""
    game, s = main_phase(shaman=1, warrior=1)
    s.players[0].levels[WARRIOR] = 3
    set_lodgings(s, 0, peasant=2)
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton", "add shaman:warrior")
    assert "reinforce" not in legal(game, s)
    play(game, s, "add warrior")
    assert "reinforce" in legal(game, s)


def test_units_shamans_act_as_different_types() -> None:
    """Units: each Shaman can be a Unit of any type and gives and receives bonuses as that type:
    one Shaman as a Mage and one as a Warrior get the Mages-with-Warriors +1 (2 + 2 + 1 = 5)."""
    game, s = main_phase(peasant=2, shaman=2)
    build_location(game, s, "war-college", "university-2")
    put_monster(game, s, "tree-beast", "villages")
    play(game, s, "activate war-college", "add peasant", "add peasant", "confirm")
    assert "fight tree-beast" in legal(game, s)
    play(game, s, "fight tree-beast", "add shaman:mage")
    resolve_all(game, s)
    assert monster(game, "tree-beast") in s.players[0].defeated


def test_units_shaman_activates_location_as_basic_type() -> None:
    """Units: a Shaman can be used as any basic Unit type for activating Locations (a Cleric at
    the Healer's Temple)."""
    game, s = main_phase(warrior=1, shaman=1)
    build_location(game, s, "healers-temple", "cathedral-2")
    assert "activate healers-temple" in legal(game, s)
    events = play(game, s, "activate healers-temple", "add warrior")
    assert any(e.kind == "gain" and e.data.get("kind") == "cleric" for e in events)


def test_units_basic_hero_ability_once_per_turn() -> None:
    """Units: basic Unit abilities printed on Hero cards are once per turn (the level 2 Knight's
    +1 VP when Knights defeat a Monster, though Knights defeat two)."""
    game, s = main_phase(knight=2)
    s.players[0].levels[KNIGHT] = 2
    put_monster(game, s, "skeleton", "castle")
    put_monster(game, s, "giant-rat", "villages")
    play(game, s, "fight skeleton", "confirm", "fight giant-rat")
    t = game.t
    assert s.players[0].vp == t.monsters[monster(game, "skeleton")].vp + t.monsters[monster(game, "giant-rat")].vp + 1


def test_level3_warrior_peasant_counted_at_assignment() -> None:
    """FAQ: the level 3 Warrior simultaneously assigns a Peasant from your Lodgings, and that
    Peasant's combat value counts when they are assigned (3 + 1 against strength 4)."""
    game, s = main_phase(warrior=1)
    s.players[0].levels[WARRIOR] = 3
    put_monster(game, s, "shambling-corpse", "castle")
    assert "fight shambling-corpse" not in legal(game, s)  # no Peasant in the Lodgings
    set_lodgings(s, 0, peasant=1)
    events = play(game, s, "fight shambling-corpse")
    # the Warrior alone (3) is short; the Peasant from the Lodgings is the only way on
    assert [e.data["action"] for e in events if e.kind == "auto"] == ["add warrior", "reinforce", "confirm"]
    assert monster(game, "shambling-corpse") in s.players[0].defeated
    assert s.players[0].lodgings[PEASANT] == 1 and s.players[0].lodgings[WARRIOR] == 1


def test_level3_warrior_peasant_once_per_turn() -> None:
    """Units / FAQ: the level 3 Warrior's Peasant is a basic Hero ability: once per turn."""
    game, s = main_phase(warrior=2)
    s.players[0].levels[WARRIOR] = 3
    set_lodgings(s, 0, peasant=2)
    put_monster(game, s, "shambling-corpse", "castle")
    put_monster(game, s, "carrion-crows", "cathedral")
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight shambling-corpse", "reinforce", "confirm")
    assert "fight skeleton" in legal(game, s)  # the Main Phase is still open
    assert "fight carrion-crows" not in legal(game, s)  # 3 < 4: no second Peasant


# -- The Dark Overlords and the Henchman --------------------------------------------------


def test_dark_overlord_not_removed_and_not_defeated() -> None:
    """Ending the Game: the Dark Overlords cannot be truly defeated: add the VP, but the card is
    not removed nor added to your defeated pile; it stays for the other players."""
    game, s = main_phase(knight=5)
    council(game, s)
    s.council_drawn, s.third_drawn = 3, True
    refresh(s)
    play(game, s, "fight warlord-grimmaw")
    grim = monster(game, "warlord-grimmaw")
    p = s.players[0]
    assert p.vp == game.t.monsters[grim].vp
    assert p.defeated == [] and p.overlords == [grim]
    assert grim in [m for m, _ in s.overlords]


def test_dark_overlord_once_per_player_per_game() -> None:
    """Ending the Game: you cannot assign to the same Overlord twice in a single game."""
    game, s = main_phase(knight=5)
    council(game, s)
    s.council_drawn, s.third_drawn = 3, True
    s.players[0].overlords = [monster(game, "warlord-grimmaw")]
    refresh(s)
    assert "fight warlord-grimmaw" not in legal(game, s)
    err = refused(game, s, "fight warlord-grimmaw")
    assert "same Overlord twice" in str(err)


def test_dark_overlord_bonus_token_two_different_types() -> None:
    """FAQ (Dark Council Bonus tokens): a level 3 Mage and a level 3 Warrior meet the bonus for
    2 or more level 3 Hero cards."""
    game, s = main_phase(mage=1, warrior=1, knight=3)
    council(game, s, **{"warlord-grimmaw": "council-3-2a"})
    s.council_drawn, s.third_drawn = 3, True
    s.players[0].levels[MAGE] = 3
    s.players[0].levels[WARRIOR] = 3
    refresh(s)
    play(game, s, "fight warlord-grimmaw", "add mage", "add warrior")
    assert s.players[0].vp == game.t.monsters[monster(game, "warlord-grimmaw")].vp + 3


def test_dark_overlord_bonus_token_two_mages_do_not_qualify() -> None:
    """FAQ (Dark Council Bonus tokens): 2 Mages are not 2 different Unit types."""
    game, s = main_phase(mage=2, knight=4)
    council(game, s, **{"warlord-grimmaw": "council-3-2a"})
    s.council_drawn, s.third_drawn = 3, True
    s.players[0].levels[MAGE] = 3
    refresh(s)
    play(game, s, "fight warlord-grimmaw", "add mage", "add mage", "confirm")  # Knights join by themselves
    assert s.players[0].vp == game.t.monsters[monster(game, "warlord-grimmaw")].vp


def test_henchman_no_marker_fought_again_next_turn() -> None:
    """Ending the Game: the Henchman is not marked when defeated; you can fight it on both of
    the last 2 turns (an Overlord only once)."""
    game, s = main_phase(knight=9)
    council(game, s)
    s.council_drawn, s.third_drawn = 3, True
    refresh(s)
    play(game, s, "fight combustor", "confirm",
         "fight warlord-grimmaw")
    assert s.players[0].overlords == [monster(game, "warlord-grimmaw")]
    until_turn_of(game, s, 0)
    set_tavern(s, 0, knight=4)
    s.phase = "main"
    refresh(s)
    assert "fight combustor" in legal(game, s)
    assert "fight warlord-grimmaw" not in legal(game, s)


def test_level3_warrior_peasant_only_the_first_time_warriors_are_assigned_to_a_monster() -> None:
    """The level 3 Warrior: "the first time each turn you assign Warriors to a Monster" you may
    also assign a Peasant from the Lodgings. A first assignment of Warriors that does not take
    the Peasant uses that first time up: a later fight gets no Peasant."""
    game, s = main_phase(warrior=2)
    s.players[0].levels[WARRIOR] = 3
    set_lodgings(s, 0, peasant=2)
    put_monster(game, s, "skeleton", "castle")
    put_monster(game, s, "shambling-corpse", "castle")
    play(game, s, "fight skeleton")  # the Warrior joins at once (the only Unit)
    assert "reinforce" in legal(game, s)
    play(game, s, "confirm")  # without the Peasant
    # the other Warrior alone (3) cannot match the Shambling Corpse (4) without a Peasant
    assert "fight shambling-corpse" not in legal(game, s)
    assert s.players[0].lodgings[PEASANT] == 2
