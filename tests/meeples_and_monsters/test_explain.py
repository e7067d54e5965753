"""Illegal actions from another moment of the turn are refused with the rule they break
(a sub-decision being asked, no assignment open, resolution before "done", a card not held,
an ability the Hero card does not have), from hand-set positions."""

from __future__ import annotations

from mm_positions import (
    build_location,
    fresh,
    give_quest,
    play,
    put_monster,
    refresh,
    refused,
    set_lodgings,
    set_tavern,
)

from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.state import SHAMAN, MMState


def refusal(game: MeeplesAndMonsters, s: MMState, text: str) -> tuple[str, str]:
    """The reason and the rule of a refused action (mm_positions.refused)."""
    err = refused(game, s, text)
    return err.reason, err.rule


def test_a_pending_quest_discard_is_asked_first() -> None:
    game, s = fresh(players=2)
    give_quest(game, s, 0, "varied-trophies")
    set_tavern(s, 0, knight=1, peasant=2)
    s.stack.append(("discard", 0, 1))
    s.cached = None
    reason, rule = refusal(game, s, "activate guild-hall 1")
    assert reason == "first choose a Quest card in your hand to discard" and rule.startswith("Quests")
    held = game.t.quests[s.players[0].quests[0]].id
    other = next(q.id for q in game.t.quests if q.id != held)
    reason, rule = refusal(game, s, f"discard {other}")
    assert reason == f"you do not hold the Quest {other!r}" and rule == "Quests"


def test_return_needs_the_meeple_in_the_lodgings() -> None:
    game, s = fresh(players=2)
    set_tavern(s, 0, knight=1, peasant=2)
    set_lodgings(s, 0, peasant=1)
    s.stack.append(("recycle", 0, 2))
    s.cached = None
    reason, rule = refusal(game, s, "return mage")
    assert reason == "there is no mage in your Lodgings" and "return meeples" in rule


def test_sub_decision_verbs_when_nothing_asks_for_them() -> None:
    game, s = fresh(players=2)
    set_tavern(s, 0, knight=1, peasant=2)
    for text, rule in (("discard varied-trophies", "Quests"), ("return peasant", "Icon clarifications"),
                       ("take ranger", "Prestige Units"), ("place skeleton villages", "Draw Phase, step 2")):
        reason, got = refusal(game, s, text)
        assert reason == f"nothing asks you to {text.split()[0]} now" and got.startswith(rule)


def test_assigning_without_an_open_place() -> None:
    game, s = fresh(players=2)
    set_tavern(s, 0, knight=1, peasant=2)
    for text in ("add knight", "confirm", "more"):
        reason, rule = refusal(game, s, text)
        assert reason.startswith("you are not assigning Units to any place") and rule == "Assignment Step"


def test_resolution_waits_for_done_then_takes_one_assignment_at_a_time() -> None:
    game, s = fresh(players=2)
    set_tavern(s, 0, peasant=3, knight=2, mage=1)
    # the Great Archive draws Quests, one of which could be completed by the fight (3 Peasants
    # assigned to a Monster): the order can matter
    build_location(game, s, "great-archive", "university-2")
    put_monster(game, s, "skeleton", "villages")
    put_monster(game, s, "giant-rat", "castle")
    play(game, s, "done")  # the Development Phase: nothing assigned
    assert s.phase == "main"
    reason, rule = refusal(game, s, "resolve skeleton")
    assert reason.startswith("assignments are resolved once you are done") and rule == "Resolution Step"
    play(game, s, "activate great-archive", "confirm", "fight skeleton", "add knight",
         "add peasant", "add peasant", "add peasant", "confirm")
    if s.phase == "main":  # Units are left that could still be assigned
        play(game, s, "done")
    assert s.phase == "main-resolve"
    reason, rule = refusal(game, s, "resolve guild-hall")
    assert reason == "Guild Hall has no assignment waiting to be resolved" and rule == "Resolution Step"
    reason, rule = refusal(game, s, "done")
    assert reason.startswith("each assignment is resolved in turn") and rule == "Resolution Step"
    # the Main Phase is still on, but its Assignment Step is over
    reason, rule = refusal(game, s, "activate house-of-lords")
    assert reason.startswith("Locations in the districts are activated in the Assignment Step of the Main Phase, "
                             "which is over: its Resolution Step is under way")
    assert rule == "Main Phase: Resolution Step"
    reason, rule = refusal(game, s, "fight giant-rat")
    assert "Resolution Step is under way" in reason and rule == "Main Phase: Resolution Step"


def test_hero_abilities_belong_to_the_card_and_the_development_phase() -> None:
    game, s = fresh(players=2)
    set_tavern(s, 0, mage=1, peasant=2)
    reason, rule = refusal(game, s, "use mage develop")  # the level 1 Mage card has none
    assert reason == "your level 1 Mage Hero card has no develop ability" and rule == "Units: basic Unit abilities"
    play(game, s, "done")
    reason, rule = refusal(game, s, "use mage develop")
    assert reason == "Hero card abilities are used in the Development Phase, which is over for this turn"
    assert rule == "Turn Sequence"


def test_a_unit_the_location_does_not_need() -> None:
    """A Shaman in the Tavern may stand in for the Warrior or the Mage, so the Units are added
    one at a time; a Knight fills no slot of the Levy Station's requirement."""
    game, s = fresh(players=2)
    build_location(game, s, "levy-station", "castle-2")
    set_tavern(s, 0, warrior=1, shaman=1, knight=1)
    play(game, s, "done", "activate levy-station")
    d = game.decision(s)
    assert d is not None and "add knight" not in {a.text for a in d.actions}
    reason, rule = refusal(game, s, "add knight")
    assert reason == "Levy Station needs no more knight: add what its requirement still depicts"
    assert rule == "Activating a Location"
    play(game, s, "add warrior")  # the Shaman, the only Unit left that fits, joins at once
    assert s.open_group is not None and s.open_group.units[SHAMAN] == 1
    reason, rule = refusal(game, s, "add knight")
    assert reason.startswith("the requirement of Levy Station is met: say more") and "FAQ" in rule


def test_construction_is_asked_tile_then_slot() -> None:
    """Development Phase: Resolution Step: a construction is two small decisions, the face-up
    tile and then the vacant slot; the one-step form of the old rules, a slot before the tile
    and a slot that does not exist are each refused with what to do."""
    game, s = fresh(players=2)
    set_tavern(s, 0, peasant=2)
    play(game, s, "activate guild-hall 2")
    tile = game.t.locations[s.face_up[0]].id
    reason, rule = refusal(game, s, f"build {tile} castle-2")
    assert reason == "a construction is chosen in two steps: build <tile>, then slot <district-slot>"
    assert rule == "Development Phase: Resolution Step"
    reason, _ = refusal(game, s, "slot castle-2")
    assert reason == "first choose the face-up Location tile to construct"
    play(game, s, f"build {tile}")
    reason, rule = refusal(game, s, "slot castle-9")
    assert reason.startswith("'castle-9' is not a vacant Location slot") and rule == "Development Phase: Resolution Step"
    play(game, s, "slot castle-2")
    assert s.buildings[1][1] == game.t.loc_index[tile]


def test_tower_rooms_refusals_name_the_reason() -> None:
    """The Four Towers: a Tower Room is refused with its reason: the mini-expansion not in play,
    or the Units its top Room requires not in the Tavern."""
    game, s = fresh(players=2)
    set_tavern(s, 0, peasant=1)
    reason, rule = refusal(game, s, "tower castle")
    assert reason == "there are no Tower Rooms: The Four Towers mini-expansion is not in play"
    assert rule == "The Four Towers"
    game, s = fresh(players=2, expansion="four-towers")
    set_tavern(s, 0, knight=1)
    falconry = game.t.room_index["falconry"]  # needs a Peasant and any Unit
    for stack in s.towers:
        if falconry in stack:
            stack.remove(falconry)
    s.towers[1].append(falconry)
    s.phase = "main"
    refresh(s)
    reason, rule = refusal(game, s, "tower castle")
    assert reason == "the Castle Tower's Room Falconry requires peasant + any from your Tavern"
    assert rule == "The Four Towers"


def test_illegal_a_huge_or_non_ascii_number_is_refused_not_a_traceback() -> None:
    """Typed option and slot numbers of 5,000 digits (or built with '²') reach explain_illegal,
    whose int() raised a ValueError instead of a refusal."""
    from mm_positions import fresh as _fresh

    from boardrules.engine import Action, IllegalActionError

    game, s = _fresh(2)
    huge = "9" * 5001
    for action in (Action("activate", ("guild-hall", huge)), Action("activate", ("guild-hall", "²")),
                   Action("slot", (f"castle-{huge}",)), Action("activate", ("capitol", huge))):
        try:
            game.check_legal(s, action)
        except IllegalActionError as exc:
            assert exc.reason
        else:
            raise AssertionError(f"{action} was accepted")


def test_an_action_without_its_words_is_refused_under_the_phase_under_way() -> None:
    """A refusal names a rule even when no particular one is broken: 'use' typed bare in the
    Development Phase is refused under that phase, 'activate' bare in the Main Phase under it."""
    game, s = fresh(players=2)
    set_tavern(s, 0, mage=1, peasant=2)
    reason, rule = refusal(game, s, "use")
    assert reason.startswith("'use' is not a legal action now") and rule == "Development Phase"
    play(game, s, "done")
    assert refusal(game, s, "activate")[1] == "Main Phase"
