"""Rule tests for the FREQUENTLY ASKED QUESTIONS (supply run-out, where new Units go, returning
Units, Prestige Locations, the Timber Wolf) and the LOCATION, QUEST AND MONSTER CARD ICON
CLARIFICATIONS AND EFFECTS of Meeples & Monsters. Every test starts from a hand-set position
(tests/mm_positions.py)."""

from __future__ import annotations

from mm_positions import (
    assign,
    build_location,
    fresh,
    give_quest,
    legal,
    location,
    main_phase,
    monster,
    play,
    put_monster,
    quest,
    refresh,
    refused,
    set_lodgings,
    set_tavern,
)

from boardrules.games.meeples_and_monsters.state import (
    CLERIC,
    CORRUPTION,
    KNIGHT,
    PALADIN,
    PEASANT,
    RANGER,
    SHAMAN,
    WARRIOR,
)

# -- FAQ ----------------------------------------------------------------------------------


def test_faq_supply_run_out_unit_not_gained_rest_happens() -> None:
    """FAQ (supply run out): you simply do not gain that Unit, but still carry out all other
    parts of the Location (the Healer's Temple still returns the Corruption)."""
    game, s = main_phase(warrior=1, cleric=1)
    set_lodgings(s, 0, corruption=2)
    build_location(game, s, "healers-temple", "cathedral-2")
    s.supply[CLERIC] = 0
    refresh(s)
    events = play(game, s, "activate healers-temple")
    p = s.players[0]
    assert any(e.kind == "supply-out" for e in events)
    assert p.lodgings[CLERIC] == 1  # only the assigned Cleric
    assert p.lodgings[CORRUPTION] == 0 and s.supply[CORRUPTION] >= 2


def test_faq_new_units_go_to_lodgings() -> None:
    """FAQ (where do newly acquired Units go?): to your Lodgings, from a Location or a Monster,
    not to your bag or Tavern."""
    game, s = main_phase(peasant=1, knight=1)
    put_monster(game, s, "goblin-raider", "villages")  # gain 1 Peasant when defeated
    bag = s.players[0].bag[:]
    play(game, s, "activate muster-green", "confirm",
         "fight goblin-raider")
    p = s.players[0]
    assert p.lodgings[WARRIOR] == 1 and p.lodgings[PEASANT] == 2 and p.lodgings[KNIGHT] == 1
    assert [b + t for b, t in zip(p.bag, p.tavern, strict=True)] == bag  # the bag got nothing new


def test_faq_monster_with_units_assignable_when_supply_out() -> None:
    """FAQ: a Monster that gives Units when defeated can be assigned to even if that Unit's
    supply has run out (the Goblin Raider's Peasant)."""
    game, s = main_phase(knight=1)
    put_monster(game, s, "goblin-raider", "villages")
    s.supply[PEASANT] = 0
    refresh(s)
    assert "fight goblin-raider" in legal(game, s)
    play(game, s, "fight goblin-raider")
    p = s.players[0]
    assert monster(game, "goblin-raider") in p.defeated and p.lodgings[PEASANT] == 0


def test_faq_timber_wolf_discard_is_mandatory() -> None:
    """FAQ (Timber Wolf): if you have any Quests you must choose and discard 1."""
    game, s = main_phase(knight=2)
    give_quest(game, s, 0, "chivalry")
    give_quest(game, s, 0, "beastmaster")
    put_monster(game, s, "timber-wolf", "villages")
    play(game, s, "fight timber-wolf")
    d = game.decision(s)
    assert d is not None and d.player == 0
    assert sorted(legal(game, s)) == ["discard beastmaster", "discard chivalry"]
    play(game, s, "discard chivalry")
    assert s.players[0].quests == [quest(game, "beastmaster")]
    assert quest(game, "chivalry") in s.quest_discard


def test_faq_timber_wolf_without_quests_can_be_assigned() -> None:
    """FAQ (Timber Wolf): such abilities are mandatory as far as possible but not a condition of
    assignment: with no Quest you may fight it and are simply not affected."""
    game, s = main_phase(knight=2)
    put_monster(game, s, "timber-wolf", "villages")
    assert "fight timber-wolf" in legal(game, s)
    play(game, s, "fight timber-wolf")
    assert monster(game, "timber-wolf") in s.players[0].defeated
    assert not s.stack


def test_faq_prestige_location_stock_is_limited() -> None:
    """Units / FAQ: a Prestige Location comes into play with a fixed number of meeples; once
    they have been claimed it gives no more (not from the supply)."""
    game, s = main_phase(warrior=1, peasant=1)
    build_location(game, s, "rangers-lodge", "villages-2")
    lodge = location(game, "rangers-lodge")
    s.stock[lodge][RANGER] = 0
    supply = s.supply[RANGER]
    refresh(s)
    events = play(game, s, "activate rangers-lodge")
    assert s.players[0].lodgings[RANGER] == 0 and s.supply[RANGER] == supply
    assert any(e.kind == "supply-out" for e in events)


def test_faq_prestige_location_gives_from_its_stock() -> None:
    """Units: the Prestige Unit comes from the meeples on the Location, to your Lodgings."""
    game, s = main_phase(warrior=1, peasant=1)
    build_location(game, s, "rangers-lodge", "villages-2")
    lodge = location(game, "rangers-lodge")
    stock, supply = s.stock[lodge][RANGER], s.supply[RANGER]
    play(game, s, "activate rangers-lodge")
    assert s.players[0].lodgings[RANGER] == 1
    assert s.stock[lodge][RANGER] == stock - 1 and s.supply[RANGER] == supply


# -- Icon clarifications ------------------------------------------------------------------


def test_glossary_corruption_cannot_be_assigned_to_locations() -> None:
    """Icon clarifications: Corruption cannot be assigned to Locations (it is not a Unit)."""
    game, s = main_phase(peasant=1, corruption=2)
    play(game, s, "activate muster-green")
    assert "add corruption" not in legal(game, s)
    err = refused(game, s, "add corruption")
    assert "Corruption cannot be assigned" in str(err)


def test_glossary_any_meeple_icon_means_any_unit() -> None:
    """Icon clarifications: the "?" meeple in a requirement is shorthand for any Unit: a
    Corruption cannot fill it (Drovers' Market: a Peasant and any Unit)."""
    game, s = main_phase(peasant=1, corruption=1)
    build_location(game, s, "drovers-market", "villages-2")
    assert "activate drovers-market" not in legal(game, s)
    set_tavern(s, 0, peasant=1, cleric=1)
    assert "activate drovers-market" in legal(game, s)


def test_glossary_plus_adds_unit_from_supply() -> None:
    """Icon clarifications (+): add 1 Unit of the denoted type from the supply; it moves to your
    Lodgings (Muster Green: a Warrior)."""
    game, s = main_phase(peasant=1)
    supply = s.supply[WARRIOR]
    play(game, s, "activate muster-green")
    assert s.supply[WARRIOR] == supply - 1 and s.players[0].lodgings[WARRIOR] == 1


def test_glossary_minus_returns_a_meeple_at_the_location() -> None:
    """Icon clarifications (-) / FAQ: remove the meeple from play (to the supply); it must be one
    that is at the Location (a Cleric on the Sealed Crypt, not the one in your Lodgings)."""
    game, s = main_phase(cleric=2)
    set_lodgings(s, 0, cleric=1)
    build_location(game, s, "sealed-crypt", "cathedral-2")
    supply = s.supply[CLERIC]
    play(game, s, "activate sealed-crypt 2")
    assert s.supply[CLERIC] == supply + 1
    play(game, s, "take shaman")
    assert s.players[0].lodgings[CLERIC] == 1 + 1


def test_glossary_tricoloured_star_any_prestige_unit() -> None:
    """Icon clarifications: the tri-coloured star meeple means any Prestige Unit (Ranger, Paladin
    or Shaman), here taken from the supply."""
    game, s = main_phase(cleric=2)
    build_location(game, s, "sealed-crypt", "cathedral-2")
    s.supply[PALADIN] = 0
    refresh(s)
    play(game, s, "activate sealed-crypt 2")
    assert sorted(legal(game, s)) == ["take ranger", "take shaman"]
    supply = s.supply[SHAMAN]
    play(game, s, "take shaman")
    assert s.players[0].lodgings[SHAMAN] == 1 and s.supply[SHAMAN] == supply - 1
    assert s.players[0].vp == 2


def test_glossary_draw_meeples_arrow() -> None:
    """Icon clarifications (upward arrow): draw an additional number of meeples (Drovers'
    Market: 2 more in this turn's Draw Phase, so 6)."""
    game, s = main_phase(peasant=1, knight=1)
    build_location(game, s, "drovers-market", "villages-2")
    play(game, s, "activate drovers-market", "add peasant")
    assert sum(s.players[0].tavern) == 4 + 2


def test_glossary_quests_draw_x_discard_y() -> None:
    """Icon clarifications: draw X Quests from the top of the Quest deck (2), then discard Y
    Quests from your hand (1)."""
    game, s = main_phase(mage=1)
    build_location(game, s, "great-archive", "university-2")
    give_quest(game, s, 0, "chivalry")
    top = s.quest_deck[-2:]
    play(game, s, "activate great-archive")
    p = s.players[0]
    assert sorted(p.quests) == sorted([quest(game, "chivalry"), *top])
    play(game, s, "discard chivalry")
    assert sorted(p.quests) == sorted(top) and s.quest_discard[-1] == quest(game, "chivalry")


def test_glossary_rest_warrior_returns_to_tavern_after_draw_phase() -> None:
    """Icon clarifications (rest): the Warrior placed on this Location (Armoury) returns to your
    Tavern after your Draw Phase: an additional meeple on the following turn."""
    game, s = main_phase(warrior=1)
    build_location(game, s, "armoury", "castle-2")
    play(game, s, "activate armoury")
    p = s.players[0]
    assert p.tavern[WARRIOR] == 1 and sum(p.tavern) == 4 + 1
    assert p.lodgings[WARRIOR] == 0 and p.held[WARRIOR] == 0


def test_glossary_recycle_up_to_three_each_other_player_one() -> None:
    """Icon clarifications (recycle): return up to 3 meeples from your Lodgings to your bag;
    each other player returns 1 (if they wish), asked of them during your turn."""
    game, s = main_phase(peasant=1, knight=1)
    build_location(game, s, "drovers-market", "villages-2")
    set_lodgings(s, 0, peasant=4, corruption=1)
    set_lodgings(s, 1, knight=2)
    p0, p1 = s.players
    mine, theirs = sum(p0.bag), p1.bag[KNIGHT]
    play(game, s, "activate drovers-market", "add peasant")
    for _ in range(3):
        assert game.decision(s).player == 0 and "done" in legal(game, s)
        play(game, s, "return peasant")
    d = game.decision(s)
    assert d.player == 1 and s.current == 0  # the other player, during my turn
    assert sorted(legal(game, s)) == ["done", "return knight"]
    play(game, s, "return knight")
    assert p1.bag[KNIGHT] == theirs + 1 and p1.lodgings[KNIGHT] == 1
    assert sum(p0.bag) + sum(p0.tavern) == mine + 3


def test_glossary_recycle_other_player_may_decline() -> None:
    """Icon clarifications (recycle): each other player returns 1 only if they wish."""
    game, s = main_phase(peasant=1, knight=1)
    build_location(game, s, "drovers-market", "villages-2")
    set_lodgings(s, 1, knight=2)
    play(game, s, "activate drovers-market", "add peasant")
    assert game.decision(s).player == 1
    play(game, s, "done")
    assert s.players[1].lodgings[KNIGHT] == 2


def test_glossary_corruption_may_be_assigned_to_tower_rooms() -> None:
    """Icon clarifications: Corruption cannot be assigned unless something specifically allows
    it: a Four Towers Tower Room that depicts Corruption."""
    game, s = fresh(expansion="four-towers")
    set_tavern(s, 0, corruption=1)
    set_tavern(s, 1, peasant=1)
    room = game.t.room_index["haunted-landing"]
    for stack in s.towers:
        if room in stack:
            stack.remove(room)
    s.towers[1].append(room)  # the Castle's Tower
    s.phase = "main"
    refresh(s)
    events = play(game, s, "tower castle")
    # the Corruption is the only meeple that fits, and nothing else is left: both steps are taken
    assert [e.data["action"] for e in events if e.kind == "auto"] == ["add corruption", "confirm"]
    assert s.players[0].vp == 1 and room in s.players[0].tower_rooms


def test_glossary_plus_gained_units_wait_on_their_card_until_clean_up() -> None:
    """Icon clarifications (+): a Unit gained is added to the Location "from the supply. Move it
    to your Lodgings during the Clean Up Step". A Warrior just recruited at Muster Green is not
    in the Lodgings yet when the Drovers' Market, resolved after it, returns meeples from the
    Lodgings to the bag; it reaches the Lodgings at Clean Up."""
    game, s = main_phase(peasant=3)
    set_lodgings(s, 0, corruption=1)
    build_location(game, s, "drovers-market", "villages-2")
    assign(game, s, "activate muster-green", "peasant")
    assign(game, s, "activate drovers-market", "peasant", "peasant")
    p = s.players[0]
    # returning meeples to the bag reads the Lodgings, which the Warrior does not reach: the
    # order cannot matter and is not asked (Muster Green first, as assigned)
    assert p.waiting[WARRIOR] == 1 and p.lodgings[WARRIOR] == 0
    assert game.view(s, 1)["players"][0]["waiting"] == {"warrior": 1}  # on the card, for all to see
    assert legal(game, s) == ["return corruption", "done"]  # not the Warrior
    play(game, s, "done")
    assert p.lodgings[WARRIOR] == 1 and p.bag[WARRIOR] == 0 and not any(p.waiting)  # Clean Up


def test_overrun_peasants_wait_on_the_location_until_clean_up() -> None:
    """Using Overrun Locations: the Peasants fleeing to your banner "will be added to your
    Lodgings in your Clean Up Step", so the Drovers' Market in an overrun district cannot
    return them to the bag in its own resolution."""
    game, s = main_phase(peasant=2)
    set_lodgings(s, 0, corruption=1)
    build_location(game, s, "drovers-market", "villages-2")
    put_monster(game, s, "tree-beast", "villages")
    put_monster(game, s, "goblin-raider", "villages")
    events = assign(game, s, "activate drovers-market", "peasant", "peasant")
    assert [e.data["n"] for e in events if e.kind == "overrun"] == [1]
    p = s.players[0]
    assert p.waiting[PEASANT] == 1
    assert legal(game, s) == ["return corruption", "done"]  # not the Peasant that fled
    play(game, s, "done")
    assert p.lodgings[PEASANT] == 3 and not any(p.waiting)  # the 2 assigned and the 1 that fled
