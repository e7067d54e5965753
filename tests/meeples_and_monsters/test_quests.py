"""Rule tests for QUESTS of Meeples & Monsters: Triggered, Ongoing and End of Game Quests,
several Quests from one Monster, Quests drawn from a Monster, the Quest deck reshuffle, and the
FAQ on returning Units for a Quest, "most" ties and the Dark Overlords. Every test starts from a
hand-set position (tests/mm_positions.py)."""

from __future__ import annotations

from mm_positions import (
    assign,
    build_location,
    counts,
    end_turn,
    give_quest,
    legal,
    main_phase,
    monster,
    play,
    put_monster,
    quest,
    refresh,
    set_tavern,
    until_turn_of,
)

from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.combat import combat_value
from boardrules.games.meeples_and_monsters.state import (
    KNIGHT,
    PEASANT,
    SHAMAN,
    WARRIOR,
    Group,
    MMState,
)


def last_turn(s: MMState) -> None:
    """The game ends when the current turn ends (the last of the final turns)."""
    s.council_drawn, s.third_drawn, s.final_turns_left = 3, True, 1
    refresh(s)


def vp_of(game: MeeplesAndMonsters, ref: str) -> int:
    return game.t.monsters[monster(game, ref)].vp if ref in game.t.mon_index else game.t.quests[quest(game, ref)].vp


# -- Triggered, Ongoing and End of Game ---------------------------------------------------


def test_quest_triggered_vp_and_bonus_at_once() -> None:
    """Quests (Triggered): completed as soon as its conditions are met: reveal it, gain its VP
    and resolve its one-time bonus at once; gained meeples wait on the Quest card and go to your
    Lodgings during the Clean Up Step."""
    game, s = main_phase(knight=2)
    give_quest(game, s, 0, "errand-of-honour")  # a Knight on a level 2+ Monster: gain a Knight
    put_monster(game, s, "tree-beast", "villages")
    events = play(game, s, "fight tree-beast")
    p = s.players[0]
    q = quest(game, "errand-of-honour")
    assert q in p.completed and q not in p.quests
    assert p.vp == vp_of(game, "tree-beast") + vp_of(game, "errand-of-honour")
    assert p.lodgings[KNIGHT] == 3
    kinds = [e.kind for e in events]
    assert kinds.index("quest") < kinds.index("draw")  # before the Draw Phase


def test_quest_ongoing_effect_from_end_of_turn() -> None:
    """Quests (Ongoing): gain its VP at once; its standing boost (Warriors +1) comes into play at
    the end of your turn and lasts for the rest of the game."""
    game, s = main_phase(warrior=2)
    give_quest(game, s, 0, "sword-discipline")
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton", "add warrior")
    assert s.players[0].vp == vp_of(game, "skeleton") + vp_of(game, "sword-discipline")
    until_turn_of(game, s, 0)
    set_tavern(s, 0, warrior=1)
    put_monster(game, s, "highway-bandit", "castle")
    s.phase = "main"
    refresh(s)
    assert "fight highway-bandit" in legal(game, s)  # 2 + 1 = 3


def test_quest_ongoing_draw_phase_effect_from_end_of_turn() -> None:
    """Quests (Ongoing): the standing effect does not come into play until the end of your turn:
    Far Scouts, completed in the Main Phase, gives no extra meeple in that turn's Draw Phase."""
    game, s = main_phase(ranger=1)
    give_quest(game, s, 0, "far-scouts")
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton")
    assert quest(game, "far-scouts") in s.players[0].completed
    assert sum(s.players[0].tavern) == 4


def test_quest_end_of_game_completed_at_the_end() -> None:
    """Quests (End of Game) / Ending the Game: End of Game Quests are completed at the end if you
    meet the conditions; incomplete Quests cost their penalty."""
    game, s = main_phase(knight=3)
    give_quest(game, s, 0, "chivalry")  # own 3 Knights
    give_quest(game, s, 0, "monster-hunter")  # 6 defeated Monsters: not met
    last_turn(s)
    end_turn(game, s)
    assert s.over
    t = game.t
    assert s.players[0].vp == t.quests[quest(game, "chivalry")].vp - t.quests[quest(game, "monster-hunter")].penalty


def test_quest_end_of_game_not_completed_during_the_game() -> None:
    """Quests (End of Game): completed at the end of the game, not as soon as met."""
    game, s = main_phase(knight=3)
    give_quest(game, s, 0, "chivalry")
    end_turn(game, s)
    assert quest(game, "chivalry") in s.players[0].quests
    assert s.players[0].vp == 0


def test_quest_tavern_condition_in_draw_phase() -> None:
    """Draw Phase step 8 / Quests: complete Quests that need meeples in your Tavern during the
    Draw Phase (Round Table: 2 Knights)."""
    game, s = main_phase()
    give_quest(game, s, 0, "round-table")
    p = s.players[0]
    s.supply = [a + b for a, b in zip(s.supply, p.bag, strict=True)]
    p.bag = [0] * 9
    s.supply[KNIGHT] -= 4
    p.bag[KNIGHT] = 4
    end_turn(game, s)
    assert quest(game, "round-table") in p.completed
    assert p.vp == vp_of(game, "round-table") + 2


def test_quest_tavern_condition_counts_a_shaman_as_a_shaman() -> None:
    """Draw Phase step 8 / Prestige Units: a Shaman stands in for a basic Unit only "for the
    purposes of activating Locations, or when combating Monsters", so a Knight and a Shaman in
    the Tavern do not meet Round Table's 2 Knights."""
    game, s = main_phase()
    give_quest(game, s, 0, "round-table")
    p = s.players[0]
    s.supply = [a + b + c for a, b, c in zip(s.supply, p.bag, p.lodgings, strict=True)]
    p.bag, p.lodgings = [0] * 9, [0] * 9
    for kind, n in ((KNIGHT, 1), (SHAMAN, 1), (PEASANT, 2)):  # the 4 meeples drawn
        s.supply[kind] -= n
        p.bag[kind] = n
    end_turn(game, s)
    assert p.tavern[KNIGHT] == 1 and p.tavern[SHAMAN] == 1
    assert quest(game, "round-table") in p.quests and quest(game, "round-table") not in p.completed


# -- Several Quests, Quests just drawn ----------------------------------------------------


def test_quest_several_from_one_monster() -> None:
    """Quests: you can complete multiple Quests at the same time from defeating the same
    Monster, as long as your assignment meets the criteria of each."""
    game, s = main_phase(knight=1, peasant=3)
    for ref in ("errand-of-honour", "pitchforks-and-torches", "common-courage"):
        give_quest(game, s, 0, ref)
    put_monster(game, s, "tree-beast", "villages")
    play(game, s, "fight tree-beast", "add knight", "add peasant")  # then the Peasants are the only choice
    p = s.players[0]
    assert p.quests == [] and len(p.completed) == 3
    assert p.vp == vp_of(game, "tree-beast") + sum(
        vp_of(game, r) for r in ("errand-of-honour", "pitchforks-and-torches", "common-courage"))


def test_quest_initial_assignment_counts_for_each() -> None:
    """Quests: each Quest checks your INITIAL assignment: returning a Peasant for Squire's
    Sacrifice does not stop Pitchforks and Torches (3 Peasants) from completing."""
    game, s = main_phase(knight=1, peasant=3)
    give_quest(game, s, 0, "squires-sacrifice")
    give_quest(game, s, 0, "pitchforks-and-torches")
    put_monster(game, s, "highway-bandit", "castle")
    play(game, s, "fight highway-bandit", "add knight", "add peasant", "add peasant", "add peasant")
    p = s.players[0]
    assert p.quests == []
    assert p.vp == vp_of(game, "highway-bandit") + vp_of(game, "squires-sacrifice") + vp_of(game, "pitchforks-and-torches")


def test_quest_cannot_complete_quest_just_drawn_from_monster() -> None:
    """Quests: you cannot complete a Quest that you just drew from defeating a Monster (the
    Kobold Sneak draws Squire's Sacrifice, which its own defeat would meet)."""
    game, s = main_phase(knight=1, peasant=1)
    q = quest(game, "squires-sacrifice")
    s.quest_deck.remove(q)
    s.quest_deck.append(q)  # top of the Quest deck
    put_monster(game, s, "kobold-sneak", "university")
    play(game, s, "fight kobold-sneak", "add knight", "add peasant")
    p = s.players[0]
    assert q in p.quests and q not in p.completed
    assert p.vp == vp_of(game, "kobold-sneak")


def test_quest_condition_is_a_minimum() -> None:
    """Quests: the meeples a Quest names are the minimum; you may exceed them (3 Warriors and a
    Knight for Shoulder to Shoulder's 2 Warriors)."""
    game, s = main_phase(warrior=3, knight=1)
    give_quest(game, s, 0, "shoulder-to-shoulder")
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton", "add warrior", "add warrior", "add warrior", "add knight")
    assert quest(game, "shoulder-to-shoulder") in s.players[0].completed


def test_quest_monster_type_condition() -> None:
    """Quests: a Quest naming a Monster type (Lay the Dead to Rest: Undead) is not completed by
    defeating another type."""
    game, s = main_phase(cleric=2)
    give_quest(game, s, 0, "lay-the-dead-to-rest")
    put_monster(game, s, "giant-rat", "villages")
    play(game, s, "fight giant-rat")
    assert quest(game, "lay-the-dead-to-rest") in s.players[0].quests
    game, s = main_phase(cleric=2)
    give_quest(game, s, 0, "lay-the-dead-to-rest")
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton")
    assert quest(game, "lay-the-dead-to-rest") in s.players[0].completed


def test_quest_shaman_counts_as_its_declared_type() -> None:
    """Units / Quests: a Shaman on a Monster is used as the basic type it was assigned as: as a
    Mage it is not one of Shoulder to Shoulder's 2 Warriors; as a Warrior it is."""
    game, s = main_phase(warrior=1, shaman=1)
    give_quest(game, s, 0, "shoulder-to-shoulder")
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton", "add warrior", "add shaman:mage")
    assert quest(game, "shoulder-to-shoulder") in s.players[0].quests
    game, s = main_phase(warrior=1, shaman=1)
    give_quest(game, s, 0, "shoulder-to-shoulder")
    put_monster(game, s, "skeleton", "castle")
    play(game, s, "fight skeleton", "add warrior", "add shaman:warrior")
    assert quest(game, "shoulder-to-shoulder") in s.players[0].completed


# -- Quest deck, returning Units ----------------------------------------------------------


def test_quest_deck_reshuffled_from_discard_pile() -> None:
    """Quests, NOTE: if the Quest deck runs out, reshuffle the Quest discard pile to form a new
    Quest deck (Great Archive: draw 2 Quests, discard 1)."""
    game, s = main_phase(mage=1)
    build_location(game, s, "great-archive", "university-2")
    s.quest_discard = s.quest_deck[:3]
    s.quest_deck = []
    refresh(s)
    events = play(game, s, "activate great-archive")
    assert any(e.kind == "reshuffle" for e in events)
    p = s.players[0]
    assert len(p.quests) == 2 and len(s.quest_deck) == 1 and s.quest_discard == []
    assert all(a.startswith("discard") for a in legal(game, s))


def test_quest_returned_unit_is_one_engaged_in_it() -> None:
    """FAQ (returning Units to the supply): a Unit a Quest returns must be one engaged in it: for
    a Monster, one assigned to that Monster (not a Peasant from your Lodgings or Tavern)."""
    game, s = main_phase(knight=1, peasant=2)
    s.supply[PEASANT] -= 2
    s.players[0].lodgings[PEASANT] = 2
    give_quest(game, s, 0, "squires-sacrifice")
    put_monster(game, s, "highway-bandit", "castle")
    supply_before = s.supply[PEASANT]
    play(game, s, "fight highway-bandit", "add knight", "add peasant", "confirm")
    end_turn(game, s)
    p = s.players[0]
    assert quest(game, "squires-sacrifice") in p.completed
    assert s.supply[PEASANT] == supply_before + 1
    assert p.lodgings[PEASANT] == 2 + 1  # the untouched 2, and the Tavern's spare Peasant
    assert p.lodgings[KNIGHT] == 2  # the assigned Knight and the bonus Knight


def test_quest_most_ties_are_friendly() -> None:
    """FAQ: when a Quest refers to the "most", ties are friendly: you need at least as many as the
    highest number by any player."""
    game, s = main_phase()
    give_quest(game, s, 0, "greatest-hunter")
    s.players[0].defeated = [monster(game, "giant-rat"), monster(game, "skeleton")]
    s.players[1].defeated = [monster(game, "grave-wisp"), monster(game, "hooded-cultist")]
    last_turn(s)
    end_turn(game, s)
    assert s.over and s.players[0].vp == vp_of(game, "greatest-hunter")


def test_quest_most_fewer_than_another_player_fails() -> None:
    """FAQ ("most"): with fewer than another player, the Quest is not met (its penalty is lost)."""
    game, s = main_phase()
    give_quest(game, s, 0, "greatest-hunter")
    s.players[0].defeated = [monster(game, "giant-rat")]
    s.players[1].defeated = [monster(game, "grave-wisp"), monster(game, "hooded-cultist")]
    last_turn(s)
    end_turn(game, s)
    assert s.players[0].vp == -game.t.quests[quest(game, "greatest-hunter")].penalty


def test_quest_dark_council_counts_for_defeat_quests() -> None:
    """FAQ: a Triggered or Ongoing Quest that requires you to "defeat a Monster" counts the Dark
    Council (Giant Slayer: a level 3+ Monster, by the Henchman)."""
    game, s = main_phase(knight=4)
    give_quest(game, s, 0, "giant-slayer")
    s.council_drawn, s.third_drawn = 3, True
    refresh(s)
    play(game, s, "fight combustor")
    p = s.players[0]
    assert quest(game, "giant-slayer") in p.completed
    assert all(a.startswith("take") for a in legal(game, s))  # its Prestige Unit of your choice


def test_quest_dark_overlords_not_for_end_of_game_quests() -> None:
    """Ending the Game / FAQ: Overlords are not truly defeated, so they do not count for End of
    Game Quests on Monster types (Beastmaster: 2 Beasts and the Mother of Thorns is not 3)."""
    game, s = main_phase(knight=5)
    give_quest(game, s, 0, "beastmaster")
    s.players[0].defeated = [monster(game, "giant-rat"), monster(game, "tree-beast")]
    last_turn(s)
    assign(game, s, "fight mother-of-thorns", *["knight"] * 5)
    assert s.over
    t = game.t
    assert monster(game, "mother-of-thorns") not in s.players[0].defeated
    assert s.players[0].vp == vp_of(game, "mother-of-thorns") - t.quests[quest(game, "beastmaster")].penalty


def test_quest_ongoing_pair_applies_to_shaman_partner() -> None:
    """Quests (Ongoing) / Units: an Ongoing Quest's boost (Battle Magic: Mages +1 with a Warrior)
    counts a Shaman acting as the Warrior as that Unit type."""
    game, s = main_phase()
    s.players[0].completed.append(quest(game, "battle-magic"))
    m = monster(game, "tree-beast")
    g = Group("mon", m)
    g.units = counts(mage=1, shaman=1)
    g.roles = [WARRIOR]
    assert combat_value(game.t, s, 0, g, m) == 1 + 2 + 1


def test_quest_discard_pile_is_public_so_every_viewer_is_shown_the_card() -> None:
    """Quests are secret in hand, but a discarded Quest goes to the Quest discard pile, which is
    face up (rules-choices): every viewer sees the card there, so the action and the event may
    name it to everyone; the Quests drawn are never named to the others."""
    game, s = main_phase(mage=1)
    build_location(game, s, "great-archive", "university-2")
    events = play(game, s, "activate great-archive")
    drawn = [e for e in events if e.kind == "quests"]
    assert drawn and all(game.t.quests[q].name not in drawn[0].text for q in s.players[0].quests)
    d = game.decision(s)
    assert d is not None and d.player == 0
    action = d.actions[0]
    assert all(game.action_text(s, action, viewer) == action.text for viewer in (None, 0, 1))
    events = play(game, s, action.text)
    card = action.args[0]
    assert [e.data["quest"] for e in events if e.kind == "discard"] == [card]
    assert card in game.view(s, 1)["quest_discard"] and card in game.view(s, None)["quest_discard"]
