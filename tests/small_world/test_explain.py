"""Refused actions name the rule they break and the real reason, at every moment of the turn:
a Region that is not on the map (negative, huge, not a number), an action from another moment
of the turn, and the rule of the moment that forbids it. From hand-set positions."""

from __future__ import annotations

import pytest
from sw_positions import conquer_turn, fresh, give, give_decline, play, play_until, put

from boardrules.engine import Action, IllegalActionError
from boardrules.games.small_world import SmallWorld
from boardrules.games.small_world.state import SWState


def refusal(game: SmallWorld, s: SWState, action: Action | str) -> tuple[str, str]:
    """The reason and the rule of a refused action, checked the way a player's action is."""
    a = action if isinstance(action, Action) else Action.parse(action)
    assert a not in game.legal_actions(s)
    with pytest.raises(IllegalActionError) as info:
        game.check_legal(s, a)
    assert (info.value.reason, info.value.rule) == game.explain_illegal(s, a)
    return info.value.reason, info.value.rule


def test_conquering_region_a_region_not_on_the_map_is_no_such_region() -> None:
    game, s = fresh(3)  # 30 Regions, 0 to 29
    give(s, 0, "ratmen", "alchemist", hand=8)
    conquer_turn(game, s, 0)
    for word in ("-1", "30", "10" + "0" * 5000, "abc", "00", "+3", "\u00b2"):
        for name in ("conquer", "reinforce", "dragon", "place", "abandon"):
            reason, rule = refusal(game, s, Action(name, (word,)))
            assert reason.startswith("there is no Region ") and "numbered 0 to 29" in reason, (name, word)
            assert rule and len(reason) < 120


def test_troop_redeployment_placing_a_token_while_conquering() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=8)
    put(s, 3, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    for text in ("place 21", "place 3"):
        reason, rule = refusal(game, s, text)
        assert reason.startswith("you are conquering: tokens are redeployed once your conquests are over")
        assert rule == "Troop Redeployment"


def test_troop_redeployment_done_before_every_token_is_placed_and_no_more_conquests() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=8)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 3")
    play(game, s, "conquer 4")
    play(game, s, "done")
    assert s.stage == "redeploy"
    assert refusal(game, s, "done") == ("you are redeploying your troops: place every token in your hand before "
                                        "your redeployment ends", "Troop Redeployment")
    reason, rule = refusal(game, s, "conquer 10")
    assert reason.startswith("you are redeploying your troops: conquests are made") and rule == "Conquering Regions"
    reason, rule = refusal(game, s, "place 10")
    assert "only into Regions your Ratmen occupy" in reason and rule == "Troop Redeployment"


def test_enemy_losses_a_defender_redeploys_only_into_its_own_regions() -> None:
    game, s = fresh(3)
    give(s, 1, "elves", "hill")
    for r, n in ((4, 1), (9, 1), (10, 1)):
        put(s, r, 1, "elves", n)
    give(s, 0, "ratmen", "alchemist", hand=8)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 4")  # the lone Elf goes back to hand
    play_until(game, s, "defend")
    assert s.defenders == [1] and game.decision(s).player == 1
    reason, rule = refusal(game, s, "place 4")
    assert "only into Regions your Elves occupy" in reason and rule == "Enemy Losses & Withdrawals"
    reason, rule = refusal(game, s, "done")
    assert "place every token you took back" in reason and rule == "Enemy Losses & Withdrawals"


def test_picking_a_combo_the_reasons() -> None:
    game, s = fresh(3)
    t = game.t
    absent = next(r for r in s.race_deck if r not in [m[0] for m in s.market])
    reason, rule = refusal(game, s, f"pick {t.races[absent].id}")
    assert reason.startswith(f"the {t.races[absent].name} are not on offer") and rule == "Picking a Combo"
    reason, rule = refusal(game, s, "pick giant-rat")
    assert reason.startswith("there is no Race 'giant-rat'") and rule == "Picking a Combo"
    reason, rule = refusal(game, s, "pass")
    assert "the top combo is free" in reason
    # actions from later in the turn
    for text, want in (("decline", "Entering into Decline"), ("place 3", "Troop Redeployment"),
                       ("conquer 3", "Conquering Regions"), ("done", "Picking a Combo")):
        reason, rule = refusal(game, s, text)
        assert reason.startswith("you are taking a combo: ") and rule == want, text


def test_conquering_regions_powers_the_combo_does_not_have() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=8)
    put(s, 3, 0, "ratmen", 1)
    give(s, 1, "elves", "hill")
    put(s, 4, 1, "elves", 1)
    conquer_turn(game, s, 0)
    assert refusal(game, s, "roll") == ("only a Berserk Race rolls the reinforcement die before a conquest", "Berserk")
    assert refusal(game, s, "dragon 4") == ("only a Dragon Master sends the Dragon", "Dragon Master")
    assert refusal(game, s, "enchant 4") == ("only active Sorcerers enchant", "Sorcerers")
    reason, rule = refusal(game, s, "peace 2")
    assert reason.startswith("you are conquering: a Diplomat names") and rule == "Diplomat"
    reason, rule = refusal(game, s, "roll 3")
    assert "takes no other word" in reason and rule == "Berserk"


def test_sorcerers_the_reason_an_enchantment_is_refused() -> None:
    game, s = fresh(3)
    give(s, 0, "sorcerers", "alchemist", hand=5)
    put(s, 3, 0, "sorcerers", 1)
    give(s, 1, "elves", "hill")
    put(s, 4, 1, "elves", 2)
    put(s, 13, 1, "elves", 1)
    conquer_turn(game, s, 0)
    assert refusal(game, s, "enchant 4") == ("Region 4 holds 2 tokens: Sorcerers replace a single token", "Sorcerers")
    assert refusal(game, s, "enchant 13") == ("Region 13 is not next to a Region of your Sorcerers", "Sorcerers")
    assert refusal(game, s, "enchant 2") == ("Region 2 is not held by an opponent's Race", "Sorcerers")


def test_ghouls_in_decline_conquer_before_your_active_race_declines() -> None:
    game, s = fresh(3)
    give_decline(s, 0, "ghouls")
    put(s, 3, 0, "ghouls", 4, declined=True)
    give(s, 0, "ratmen", "flying")
    put(s, 28, 0, "ratmen", 3)
    s.current, s.stage = 0, "start"
    game._advance(s, [])
    assert s.stage == "conquer" and s.acting == game.t.race_index["ghouls"]
    reason, rule = refusal(game, s, "decline")
    assert reason.startswith("your Ghouls in decline are conquering first") and rule == "Ghouls"
    reason, rule = refusal(game, s, "abandon 28")
    assert reason.startswith("your Ghouls in decline are conquering first") and rule == "Ghouls"


def test_heroic_and_diplomat_placements_name_their_power() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "heroic")
    for r in (3, 4, 10):
        put(s, r, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    play(game, s, "done")
    play(game, s, "hero 3")
    assert refusal(game, s, "hero 3") == ("Region 3 already has a Hero: the two Heroes go in two different Regions",
                                          "Heroic")
    assert refusal(game, s, "hero 5") == ("Region 5 is not held by your Ratmen", "Heroic")
    reason, rule = refusal(game, s, "done")
    assert "both Heroes are placed" in reason and rule == "Heroic"
    game, s = fresh(3)
    give(s, 0, "ratmen", "diplomat")
    put(s, 3, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    play(game, s, "done")
    assert s.stage == "diplomat"
    assert refusal(game, s, "peace 1") == ("name an opponent: you cannot be at peace with yourself", "Diplomat")
    reason, rule = refusal(game, s, "peace 4")
    assert reason == "there is no Player '4': the players are numbered 1 to 3" and rule == "Diplomat"


def test_an_unknown_action_names_the_moment_of_the_turn() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=8)
    conquer_turn(game, s, 0)
    reason, rule = refusal(game, s, "attack 3")
    assert reason.startswith("Small World has no action 'attack'") and rule == "Conquering Regions"
