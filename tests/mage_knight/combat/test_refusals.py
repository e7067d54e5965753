"""Refusals: every illegal combat action is refused with the rule it breaks, in a player's
words, never a traceback."""

from __future__ import annotations

import pytest
from mk_positions import combat, tables

from boardrules.engine import Action, BoardrulesError, IllegalActionError, Rng
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.combat.phases import start_combat
from boardrules.games.mage_knight.combat.state import Hero
from boardrules.games.mage_knight.content import default_content


def test_explain_target_outside_the_attack_phases_and_summoned_or_defeated_enemies() -> None:
    f = combat("orc-summoners, prowlers", summons="minotaur")
    f.add("ranged 3")
    f.play("target 2", "resolve", "next")
    assert "not the Block phase" in f.refused("target 1")[0]
    f.play("next", "assign 3 hero")
    assert f.refused("target 2")[0] == "the Prowlers are already defeated"
    assert f.refused("target 3") == ("the Minotaur was summoned and then discarded",
                                     "ENEMY TOKEN ABILITIES: Summon Attack")
    assert f.refused("target 9") == ("there is no enemy '9': enemies are numbered 1-3", "COMBAT")


def test_explain_block_rules() -> None:
    f = combat("orc-summoners, prowlers, hydra", summons="minotaur")
    assert "only in the Block phase" in f.refused("block 2")[0]
    f.add("prevent-attack", target=3)
    f.play("next")
    assert f.refused("block 1")[1] == "ENEMY TOKEN ABILITIES: Summon Attack"
    assert f.refused("block 3.1") == ("the Hydra does not attack this combat", "MULTIPLE ATTACKS")
    assert f.refused("block 3") == ("the Hydra has 3 attacks, each handled separately: write 3.1 to 3.3",
                                    "MULTIPLE ATTACKS")
    assert f.refused("block 2.1") == ("the Prowlers have one attack: write 2", "MULTIPLE ATTACKS")
    assert f.refused("spend-move 2")[1] == "ENEMY TOKEN ABILITIES: Cumbersome"
    assert f.refused("resolve") == ("choose an enemy attack to block (block N) first", "COMBAT")
    f.play("block 2")
    assert f.refused("resolve") == ("play some Block points first", "COMBAT")
    assert f.refused("block 2") == ("you are already blocking this attack of the Prowlers: play Block points, then "
                                    "resolve", "COMBAT: Block phase")


def test_explain_spend_move_without_move_points() -> None:
    f = combat("orc-stonethrowers")
    f.play("next")
    assert f.refused("spend-move 1") == ("you have no Move points to spend", "ENEMY TOKEN ABILITIES: Cumbersome")


def test_explain_damage_rules() -> None:
    f = combat("medusa, prowlers", units="peasants, foresters:wounded")
    assert "only in the Assign Damage phase" in f.refused("assign 1 hero")[0]
    f.play("next", "next")
    assert "you have no Unit 'golems-1'" in f.refused("assign 1 unit golems-1")[0]
    assert "wounded Units cannot be assigned damage" in f.refused("assign 1 unit foresters-1")[0]
    f.play("assign 1 unit peasants-1")
    assert f.refused("assign 2 unit peasants-1") == ("the peasants-1 were destroyed", "ENEMY TOKEN ABILITIES: Paralyze")
    assert f.refused("next") == ("all damage must be assigned before the Attack phase", "COMBAT: Assign Damage phase")


def test_explain_taunt_damage_goes_to_the_shocktroops_first() -> None:
    f = combat("prowlers", units="shocktroops, peasants")
    f.play("next", "activate shocktroops-1 taunt 1")
    f.add("block 1")
    f.play("next", "confirm")
    assert f.refused("assign 1 unit peasants-1")[1] == "Units: Shocktroops"
    assert f.refused("assign 1 hero") == ("this attack's damage must be assigned to the shocktroops-1 first",
                                          "Units: Shocktroops")


def test_explain_activation_rules() -> None:
    f = combat("prowlers", units="peasants:spent, herbalists, altem-mages, utem-swordsmen")
    assert "you have no Unit 'catapults-1'" in f.refused("activate catapults-1 siege")[0]
    assert "are spent" in f.refused("activate peasants-1 block")[0]
    assert "have no ability 'fly'" in f.refused("activate herbalists-1 fly")[0]
    assert "not used in combat" in f.refused("activate herbalists-1 heal")[0]
    assert "cannot be used in the Ranged and Siege Attacks phase" in f.refused("activate utem-swordsmen-1 block")[0]
    assert f.refused("activate altem-mages-1 cold-fire-all")[0] == (
        "the cold-fire-all ability is powered by black mana: you have none to pay (black mana only at Night)")


def test_explain_activation_target_words() -> None:
    f = combat("prowlers", units="illusionists, peasants", mana="white")
    assert f.refused("activate illusionists-1 prevent")[0] == (
        "the prevent ability is played on one enemy: add its number (activate illusionists-1 prevent 1)")
    assert f.refused("activate peasants-1 attack 1")[0].startswith("only Ranged and Siege")
    f.play("next")
    assert f.refused("activate peasants-1 block 1")[0] == (
        "the block ability is not played on an enemy: activate peasants-1 block")


def test_explain_not_a_combat_action() -> None:
    f = combat("prowlers")
    assert f.refused("explore 3")[0].startswith("'explore' is not a combat action")
    f.play("next", "next", "assign 1 hero", "next")
    assert f.refused("next") == ("the combat is over", "COMBAT")


def test_bad_combat_set_up_is_a_clear_error() -> None:
    t = default_content()
    with pytest.raises(BoardrulesError, match="unknown enemy token 'dragon'"):
        start_combat(t, ["dragon"])
    with pytest.raises(BoardrulesError, match="unknown Unit 'knights'"):
        start_combat(t, ["prowlers"], units=[("knights", 0, False)])
    with pytest.raises(BoardrulesError, match="units_allowed"):
        start_combat(t, ["prowlers"], units_allowed="some")
    with pytest.raises(BoardrulesError, match="must be ready and unwounded"):
        start_combat(t, ["prowlers"], units=[("peasants", 1, False)], units_allowed="one", chosen_unit="peasants-1")
    with pytest.raises(BoardrulesError, match="not a mana colour"):
        start_combat(t, ["prowlers"], mana={"purple": 1})


@pytest.mark.parametrize("text", [
    "target", "target x", "target 0", "target 1.1", "block 1.9", "block 1.x", "assign", "assign 1", "assign 1 unit",
    "assign 9 hero", "activate", "activate nobody", "resolve now", "spend-move", "next 1", "block 1..2",
])
def test_malformed_actions_are_refused_not_tracebacks(text: str) -> None:
    t = default_content()
    for phase_steps in range(3):
        c = start_combat(t, ["orc-skirmishers", "prowlers"], units=[("peasants", 0, False)])
        rng = Rng(1)
        for step in ("next", "next")[:phase_steps]:
            apply_combat(t, c, Action.parse(step), [], rng)
        with pytest.raises(IllegalActionError) as info:
            apply_combat(t, c, Action.parse(text), [], rng)
        assert info.value.reason


def test_explain_a_combat_action_or_a_tactic_outside_its_moment_is_named_as_such() -> None:
    """An action of another moment of the game typed in a turn with no combat: the combat's own
    actions say there is no combat, a Tactic says when Tactics are chosen (not "unknown action")."""
    from boardrules.games import load_game

    g = load_game("mage-knight")
    s = g.new_state(2, 3)
    while (d := g.decision(s)) is not None and all(a.name == "tactic" for a in d.actions):
        g.apply(s, d.actions[0])
    for text in ("block 1", "target 1", "assign 1 hero", "resolve", "spend-move 1"):
        reason, rule = g.explain_illegal(s, Action.parse(text))
        assert reason.startswith(f"'{text.split()[0]}' is a combat action, and there is no combat now"), reason
        assert rule == "COMBAT"
    reason, rule = g.explain_illegal(s, Action.parse("tactic early-bird"))
    assert reason.startswith("Tactics are chosen as each round begins") and rule == "Tactics"
    assert "neither is asked now" in g.explain_illegal(s, Action.parse("next"))[0]


# ---- bad set-ups are clear errors, not tracebacks later ------------------------------------------


@pytest.mark.parametrize(("kw", "words"), [
    ({"enemies": []}, "one or more enemy token ids"),
    ({"enemies": "prowlers"}, "one or more enemy token ids"),
    ({"hero": Hero(0, 5, 5)}, "got Armor 0"),  # would divide by zero when the hero takes damage
    ({"hero": Hero(2, 0, 5)}, "Hand limit 0"),
    ({"hero": Hero(2, 5, -1)}, "-1 cards"),
    ({"units": [("peasants", -1, False)]}, "the peasants need a number of Wounds"),
    ({"units": [("peasants", 0, "yes")]}, "spent True/False"),
    ({"units": [("peasants",)]}, "give (unit id, wounds, spent[, mana token])"),
])
def test_bad_combat_set_up_names_what_is_wrong(kw: dict[str, object], words: str) -> None:
    args: dict[str, object] = {"enemies": ["prowlers"], **kw}
    with pytest.raises(BoardrulesError) as info:
        start_combat(tables(), **args)  # type: ignore[arg-type]
    assert words in str(info.value)
