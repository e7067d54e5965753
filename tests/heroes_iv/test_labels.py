"""What a player is shown of each answer (labels.py, battle_labels.py), from hand-set positions:
a card's cost and scores where it is bought, defined or added to guards; a move's terrain, its
movement points and what waits in the hex; a section's spaces where it is attached; an attack
with what it needs to hit (issue 24: "the menu offers attacks that cannot hit")."""

from __future__ import annotations

from h4_battles import Fight, battle, card
from h4_positions import picture, position, put_army

from boardrules.engine import Action
from boardrules.games.heroes_iv import HeroesIV
from boardrules.games.heroes_iv.battle import apply_battle, battle_decision
from boardrules.games.heroes_iv.battle_labels import battle_label
from boardrules.games.heroes_iv.battle_state import Battle
from boardrules.games.heroes_iv.state import H4State

GAME = HeroesIV()
LATE_BEHEMOTH = [("melee", [card("behemoth", phase=9)])]


def labels(s: H4State) -> dict[str, str]:
    s.cached = None
    d = GAME.decision(s)
    assert d is not None
    shown = GAME.action_labels(s, d)
    assert all(label.startswith(a.text + ": ") for a, label in zip(d.actions, shown, strict=True))
    return dict(zip((a.text for a in d.actions), shown, strict=True))


def battle_labels(f: Fight, *of: str) -> dict[str, str]:
    """The labels of the answers now; ``of``: those of these stacks, each once chosen to act."""
    out: dict[str, str] = {}
    for b in [f.b] if not of else [_chosen(f, label) for label in of]:
        d = battle_decision(b)
        assert d is not None
        out.update({a.text: battle_label(b, a) for a in d.actions})
    return out


def _chosen(f: Fight, label: str) -> Battle:
    b = f.b.clone()
    if Action.parse(f"act {label}") in battle_decision(b).actions:  # type: ignore[union-attr]
        apply_battle(b, Action.parse(f"act {label}"), [])
    return b


# ---- the map game ------------------------------------------------------------------------
def test_setting_up_a_section_names_its_spaces_and_neighbours_and_a_start_its_surroundings() -> None:
    """Setting Up (rules10): the flipped section in the prompt, each slot with the sections it
    touches; then the edge hexes with their terrain and the spaces within the Scouting Radius.
    Short, so that the answers go in columns under the map, which names the slots and marks the
    edge hexes (issue 24, a compact frame: 26 edge hexes were 26 lines)."""
    s = GAME.new_state(2, 1)
    assert s.stage == "build" and s.sections_left[-1] == "old-kingdom"
    d = GAME.decision(s)
    assert d is not None and d.prompt == ("Attach the map section old-kingdom (1 town, 1 dwelling, 2 location) at a "
                                          "free slot ([a:b] on the map); 1 more to place after it")
    assert labels(s)["attach 1:0"] == "attach 1:0: beside mirewood"
    while s.stage == "build":
        d = GAME.decision(s)
        assert d is not None
        GAME.apply(s, d.actions[0])
    shown = labels(s)
    assert shown["start 3"] == "start 3: forest, 2 nearby"
    assert all(len(text) <= 28 for text in shown.values())  # the terminal's columns
    d = GAME.decision(s)
    assert d is not None and "nearby: the spaces within your Scouting Radius (2 hexes)" in d.prompt


def test_purchase_sequence_shows_each_cards_cost_and_scores() -> None:
    """Purchase Sequence (facts 5.3): what a card costs and what it is, where it is bought."""
    c, s = position(2)
    s.spaces[9].card, s.spaces[9].owner = "haven", 0
    put_army(c, s, 0, 8, ["knight"])
    s.players[0].hand = ["squire", "crusader", "angel", "pikeman"]
    s.players[0].adventure = ["monk"]
    s.stage = "purchase"
    shown = labels(s)
    assert shown["buy crusader hand 9"] == (
        "buy crusader hand 9: Crusader (Life Unit L3): cost 3, Attack 4, Defense 10, Speed 3, Phase 6; from your "
        "hand, at the Haven at hex 9 (3 cards in hand to pay with)")
    assert shown["buy monk adventure 9"].startswith("buy monk adventure 9: Monk (Life Unit L3): cost 3, Attack 4, "
                                                    "Defense 10, Ranged 3, Speed 3, Phase 4; from your Adventure Stack")
    assert shown["done"] == "done: buy nothing more: on to the Movement Sequence"
    GAME.apply(s, GAME.decision(s).actions[0])  # type: ignore[union-attr]
    assert s.stage == "pay"
    assert labels(s)["pay squire"] == ("pay squire: discard Squire (Life Unit L1): cost 1, Attack 2, Defense 6, "
                                       "Speed 3, Phase 5 (3 to pay)")


def test_movement_shows_terrain_points_and_what_waits_in_the_hex() -> None:
    """Movement (facts 5.4): a step's terrain cost and the points left; a battle, a space."""
    c, s = position(2)
    s.spaces[9].card, s.spaces[9].owner = "haven", 0
    put_army(c, s, 0, 8, ["knight", "squire", "squire"], marker=1)
    put_army(c, s, 0, 8, ["pikeman"], marker=2)
    put_army(c, s, 1, 13, ["skeleton", "imp"], marker=3)
    shown = labels(s)
    assert shown["move 1 9"] == ("move 1 9: to hex 9, grass (1 MP, 3 left); Haven (Life Town): Defense 10, income 1, "
                                 "yours; scouts 2 undefined spaces")  # Defining Locations: the Scouting Radius
    assert shown["move 1 13"] == ("move 1 13: to hex 13, forest (2 MP, 2 left); battle: Player 2's Army Stack 3 "
                                  "(Imp, Skeleton); once the battle is won, scouts 1 undefined space")
    assert shown["split 1 squire"] == "split 1 squire: Squire leaves Army Stack 1 for a new stack (3 of 4)"
    assert shown["join 1 2"] == ("join 1 2: merge Army Stacks 1 and 2 (Knight, Squire x2, Pikeman); both end their "
                                 "movement")
    assert shown["give 1 2 squire"] == "give 1 2 squire: Squire moves from Army Stack 1 to 2; both end their movement"
    assert shown["end"] == "end: end your turn (round 1 of 12)"


def test_claims_and_forming_up_name_the_cards() -> None:
    c, s = position(2)
    s.spaces[9].card, s.spaces[9].owner, s.spaces[9].under = "haven", 0, ["squire", "pikeman"]
    army = put_army(c, s, 0, 6, ["knight", "squire"], marker=1)
    s.spaces[6].card = "windmill"
    shown = labels(s)
    assert shown["claim 1"] == "claim 1: claim Windmill (Location) at hex 6"
    assert shown["formup 9"] == "formup 9: a new Army Stack from under the Haven: Squire, Pikeman"
    army.hex = 18
    s.spaces[18].card = "longsword"
    assert labels(s)["claim 1 knight"] == ("claim 1 knight: Knight takes Longsword (Artifact): +1 Attack (it goes "
                                           "under his card)")


def test_defining_and_guarding_show_the_cards_played() -> None:
    """Defining Locations (rules14) and Reinforcing the Guard: the card with its numbers."""
    c, s = position(2)
    put_army(c, s, 0, 8, ["knight"])
    s.players[0].hand = ["gem-mine", "squire"]
    s.players[0].adventure = ["longsword"]
    s.pending.append(("discover", 6, 0, 0))
    shown = labels(s)
    assert shown["define 6 gem-mine hand"] == ("define 6 gem-mine hand: Gem Mine (mine): income 1 on the location "
                                               "space at hex 6, from your hand")
    assert shown["define 6 longsword adventure"].startswith("define 6 longsword adventure: Longsword (Artifact): "
                                                            "+1 Attack")
    assert shown["pass"] == "pass: leave hex 6 undefined (Player 2 may define it)"
    s.pending = [("discover", 6, 1, 0)]  # Stolen Discovery: back at the discoverer next
    assert labels(s)["pass"] == "pass: leave hex 6 undefined (it stays undefined)"
    s.pending = [("reinforce", 18, 0)]
    s.spaces[18].card, s.spaces[18].guards, s.spaces[18].guarding = "windmill", ["crossbowman"], 0
    shown = labels(s)
    assert shown["reinforce squire hand"] == ("reinforce squire hand: Squire (Life Unit L1): cost 1, Attack 2, "
                                              "Defense 6, Speed 3, Phase 5 joins the Guard Stack, from your hand")
    assert shown["done"] == "done: add no more Units to the Guard Stack at hex 18"


def test_the_board_shows_each_card_in_your_hand_with_its_numbers() -> None:
    c, s = position(2)
    s.players[0].hand = ["mage-hero", "mage"]
    text = picture(GAME, s, 0, width=120)
    assert "mage-hero: Mage (Order Hero L1): cost 3" in text and "mage: Mage (Order Unit L2): cost 2" in text
    assert "mage-hero:" not in picture(GAME, s, 1, width=120)  # only your own cards


def test_two_cards_that_both_read_mage_are_told_apart_on_screen() -> None:
    """Issue 24 ("two different cards both read Mage"): the Mage Hero and the Mage Unit read
    ``Mage (Hero)`` and ``Mage (Unit)`` in the answers and in the battle (rules h4-5: a battle's
    cards carry the name shown); a name no other card shares stays as printed."""
    c, s = position(2)
    put_army(c, s, 1, 5, ["mage-hero", "mage", "mage"])
    a = put_army(c, s, 0, 4, ["knight", "squire"])
    assert labels(s)[f"move {a.marker} 5"].startswith(
        f"move {a.marker} 5: to hex 5, grass (1 MP, 3 left); battle: Player 2's Army Stack 100 (Mage (Hero), Mage (Unit) x2)")
    GAME.apply(s, Action.parse(f"move {a.marker} 5"))
    assert s.battle is not None
    while s.battle.step == "setup":
        d = GAME.decision(s)
        assert d is not None
        GAME.apply(s, d.actions[0])
    lines = GAME.view(s, 0)["battle"]["lines"]
    assert "defender melee line: d1: Mage (Hero), d2: Mage (Unit) + Mage (Unit)" in lines
    assert "aggressor melee line: a1: Knight, a2: Squire" in lines


# ---- battles -----------------------------------------------------------------------------
def test_an_attack_shows_its_score_the_defense_and_the_die_it_needs() -> None:
    """Stack attack (rules16/17): three Gold Golems score 7 against the Behemoth's Defense 13:
    a 6 or more on the ten-sided die; Swarm doubles it to 14, a hit without rolling."""
    f = battle("melee gold-golem*3", LATE_BEHEMOTH)
    shown = battle_labels(f)
    assert shown["attack a1 d1"] == ("attack a1 d1: Gold Golem +2 (a1) at Behemoth (d1): score 7 against Defense 13, "
                                     "hits on 6+ (50%)")
    assert shown["swarm a1"] == ("swarm a1: Gold Golem +2 (a1) skips its attack; its next one is doubled (7 → 14 "
                                 "before the die)")
    assert shown["protect a1"] == "protect a1: Gold Golem +2 (a1) skips its attack to shield a stack of its side (Defense 8)"


def test_swatting_sums_the_defense_and_says_when_no_roll_can_hit() -> None:
    f = battle("melee hydra", "melee wolf*3")
    f.skip_to(8)
    shown = battle_labels(f)
    assert shown["attack a1 d1"].endswith("score 7 against Defense 4, a sure hit (no roll)")
    assert shown["attack a1 d1:2"].endswith("at 2 cards of Wolf +2 (d1): score 7 against Defense 8, hits on any roll (100%)")
    assert shown["attack a1 d1:3"].endswith("score 7 against Defense 12, hits on 5+ (60%)")
    f = battle("melee wolf", [("melee", [card("behemoth", defense=20)])])
    assert battle_labels(f)["attack a1 d1"].endswith("score 2 against Defense 20, cannot hit")


def test_ranged_distance_penalty_is_counted_unless_the_unit_ignores_it() -> None:
    """Ranged distance penalty (rules23): -2 to the die between Ranged Lines; not for Crossbowmen."""
    f = battle("ranged halfling; ranged crossbowman; melee wolf; melee wolf; melee wolf",
               "ranged halfling; melee gold-golem; melee gold-golem; melee gold-golem")
    f.skip_to(5)
    shown = battle_labels(f, "a1", "a2")
    assert shown["attack a1 d1"].endswith("score 3 against Defense 4, hits on 3+ with the -2 distance penalty (80%)")
    assert shown["attack a2 d1"].endswith("score 3 against Defense 4, hits on any roll (100%)")
    assert shown["support a1 a2"] == "support a1 a2: Halfling (a1) gives up its attack: +1 to the next attack of Crossbowman (a2)"


def test_shield_names_the_defense_that_takes_the_blow() -> None:
    f = battle("melee griffin", "melee wolf; melee squire*2", dice="1 10")
    f.skip_to(2, 1)
    f.play("protect d1", "attack a1 d2")
    assert battle_labels(f) == {
        "shield d1 d2": "shield d1 d2: Wolf (d1) takes the attack aimed at Squire +1 (d2) (Defense 4 instead of 5)",
        "no-shield": "no-shield: the attack goes on at Squire +1 (d2)",
    }


def test_a_town_card_and_the_end_of_a_round() -> None:
    f = battle("melee wolf; melee wolf; melee wolf", "ranged halfling", town=True)
    assert battle_labels(f, "a1")["attack a1 town"] == ("attack a1 town: Wolf (a1) at the Town card: score 2 against "
                                                  "Defense 10, hits on 8+ (30%)")
    f = battle("melee wolf", "melee squire")
    while f.b.step == "attack":
        f.play(next(a for a in f.legal() if a.startswith("swarm")))
    shown = battle_labels(f)
    assert shown["fight-on"] == "fight-on: the aggressor fights round 2"
    assert shown["withdraw"] == ("withdraw: the aggressor withdraws and loses the battle: back to the hex it came "
                                 "from, its move over")


def test_tactical_setup_shows_the_cards_and_how_they_would_attack() -> None:
    f = battle("melee gold-golem*3", "melee squire", setup=True)
    shown = battle_labels(f)
    assert shown["deploy a1 melee"] == ("deploy a1 melee: Gold Golem + Gold Golem + Gold Golem as one stack on the "
                                        "Melee Line (melee with 7)")
    assert shown["spread a1 melee"] == ("spread a1 melee: Gold Golem + Gold Golem + Gold Golem, each card a stack of "
                                        "its own, on the Melee Line")
