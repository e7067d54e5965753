"""What the player deciding is shown of each answer (labels.py), from hand-set positions, for
every kind of question: the draft, placement, order markers, moves and their ways, attacks with
the dice of both sides and the height advantage, special attacks, powers, and the questions a
power asks. Labels are worked out from what the decider may know, and change nothing."""

from __future__ import annotations

from hs_positions import act, d20, faces, game_with, position
from random_play import check_labels

from boardrules.engine import Action
from boardrules.games.heroscape.game import Heroscape
from boardrules.games.heroscape.state import NO_CARD, SHState

G = game_with()
HILL = "g1 g1 g3 g1 g1 g1 g1 g1 g1 g1\n" + "\n".join(" ".join(["g1"] * 10) for _ in range(5)) + "\n"
# narrow fields, where a move offers few spaces (on a wide one, a long question is labelled short)
HILL2 = "g1 g1 g3 g1 g1 g1 g1 g1 g1 g1\n" + " ".join(["g1"] * 10) + "\n"
FLAT3 = "\n".join(" ".join(["g1"] * 10) for _ in range(3)) + "\n"


def shown(game: Heroscape, s: SHState) -> dict[str, str]:
    """Each legal action's text and its label; the shared check of every label on the way."""
    d = game.decision(s)
    assert d is not None
    check_labels(game, s, d)
    return {a.text: lab for a, lab in zip(d.actions, game.action_labels(s, d), strict=True)}


# -- gather and place your army ---------------------------------------------------------------------
def test_the_draft_shows_each_cards_points_numbers_and_powers() -> None:
    g = Heroscape()
    s = g.new_state(2, 1, {"points": "400"})
    got = shown(g, s)
    assert got["take syvarris"] == ("take syvarris: 100 points, Hero; Life 4, Move 5, Range 9, Attack 3, "
                                    "Defense 2, Height 5; Double Attack")
    assert got["take tarn-viking-warriors"].startswith("take tarn-viking-warriors: 50 points, Squad of 4; Life 1, "
                                                       "Move 4, Range 1, Attack 4, Defense 4, Height 5")
    assert got["take agent-carr"].endswith("Ghost Walk, Sword of Reckoning 4, Disengage")
    g.apply(s, Action("take", ("mimring",)))
    g.apply(s, Action("take", ("syvarris",)))  # the other seat's pick
    assert shown(g, s)["done"] == "done: complete your army (150 of 400 points spent)"


def test_placement_shows_the_level_and_terrain_of_each_space() -> None:
    g = game_with(layout=HILL)
    s = position(g, [(0, "syvarris", ["off"]), (1, "finn", ["j6"])], stage="place")
    s.zones, s.setup_order = ["west", "east"], [0]
    s.figures[0].spaces = ()
    got = shown(g, s)
    assert got["place a1"] == "place a1: level 1 grass"


def test_order_markers_show_the_card_and_ones_own_markers_already_on_it() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (0, "tarn-viking-warriors", ["a2", "a3", "dead", "dead"]),
                     (1, "finn", ["j6"])], stage="markers")
    s.setup_order = [0]
    s.markers[0] = [1, NO_CARD, NO_CARD, NO_CARD]  # marker 1 on the Vikings
    got = shown(G, s)
    assert got["mark syvarris"] == "mark syvarris: Syvarris, 1 figure: Move 5, Range 9, Attack 3, Defense 2"
    assert got["mark tarn-viking-warriors"] == ("mark tarn-viking-warriors: Tarn Viking Warriors, 2 figures: Move 4, "
                                                "Range 1, Attack 4, Defense 4; your marker 1 already on it")


def test_order_markers_labels_never_tell_another_seats_markers() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (1, "finn", ["j6"])], stage="markers")
    s.setup_order = [1]
    s.markers[0] = [0, 0, 0, 0]  # the other seat's, all on Syvarris
    assert shown(G, s) == {"mark finn": "mark finn: Finn the Viking Champion, 1 figure: Move 5, Range 1, "
                                        "Attack 3, Defense 4"}


# -- Action 2: move -----------------------------------------------------------------------------------
def test_choosing_a_figure_to_move_shows_where_it_stands_its_move_and_who_it_is_engaged_with() -> None:
    s = position(G, [(0, "raelin", ["b1"]), (1, "marro-warriors", ["c1", "j6"])], active="raelin", stage="move")
    got = shown(G, s)
    assert got["move raelin"] == ("move raelin: Raelin the Kyrie Warrior on b1 (level 1 grass), Move 6, Flying; "
                                  "engaged with marro-warriors-1")
    assert got["done"] == "done: end the moves of Raelin the Kyrie Warrior, on to the attack"


def test_done_with_the_vikings_tells_the_berserker_charge_to_come() -> None:
    s = position(G, [(0, "tarn-viking-warriors", ["a1", "a2"]), (1, "syvarris", ["j6"])],
                 active="tarn-viking-warriors", stage="move")
    s.walked = True
    assert shown(G, s)["done"].endswith("Berserker Charge: a d20 of 15 or more and they all move again")


def test_a_destination_shows_its_level_the_cost_of_the_cheapest_way_and_the_engagement_there() -> None:
    g = game_with(layout=HILL2)
    s = position(g, [(0, "finn", ["a1"]), (1, "marro-warriors", ["d1", "j2"])], active="finn", stage="move")
    act(g, s, "move finn")
    got = shown(g, s)
    assert got["to c1"] == ("to c1: level 3 grass, 4 spaces, no leaving attack, no fall; "
                            "engaged there with marro-warriors-1")
    assert got["to a2"] == "to a2: level 1 grass, 1 space, no leaving attack, no fall"
    assert got["stay"] == "stay: finn stays on a1"


def test_ways_that_differ_are_each_labelled_with_their_costs() -> None:
    g = game_with(layout=FLAT3)
    s = position(g, [(0, "finn", ["a3"]), (1, "marro-warriors", ["c3", "j1"])], active="finn", stage="move")
    act(g, s, "move finn")
    assert shown(g, s)["to d2"] == ("to d2: level 1 grass, 4 spaces, a leaving attack from marro-warriors-1, "
                                    "no fall (or 1 other way, asked next)")  # past the Warrior, or round him
    act(g, s, "to d2")
    assert shown(g, s) == {"route 1": "route 1: 4 spaces, a leaving attack from marro-warriors-1, no fall",
                           "route 2": "route 2: 5 spaces, no leaving attack, no fall"}


def test_a_long_question_of_spaces_gets_short_labels_for_the_terminals_columns() -> None:
    g = game_with(layout="\n".join(" ".join(["g1"] * 10) for _ in range(12)) + "\n")
    s = position(g, [(0, "finn", ["a3"]), (1, "marro-warriors", ["c3", "j12"])], active="finn", stage="move")
    act(g, s, "move finn")
    got = shown(g, s)
    assert len(got) > 30  # more than a line each under the frame, with a map of twelve rows
    assert got["to d2"] == "to d2: 4 spaces, attacked"  # the cheapest way passes the Warrior
    assert got["to a2"] == "to a2: 1 space"
    assert got["stay"] == "stay: stays on a3"
    # short enough for the terminal to set them in columns (cli/table.py, SHORT_LABEL)
    assert max(len(x) for x in got.values()) + len(str(len(got))) + 2 <= 32


# -- Action 3: attack -----------------------------------------------------------------------------------
def test_an_attack_shows_the_dice_of_each_side_and_the_height_advantage() -> None:
    g = game_with(layout=HILL)
    s = position(g, [(0, "syvarris", ["c1"]), (1, "finn", ["e1"])], active="syvarris")
    got = shown(g, s)
    assert got["attack syvarris finn"] == ("attack syvarris finn: 4 attack dice (Attack 3, +1 height) against "
                                           "4 defense dice (Defense 4); 4 life left")
    s = position(g, [(0, "syvarris", ["a1"]), (1, "finn", ["c1"])], active="syvarris")
    assert shown(g, s)["attack syvarris finn"] == ("attack syvarris finn: 3 attack dice (Attack 3) against 5 defense "
                                                   "dice (Defense 4, +1 height); 4 life left")
    s = position(g, [(0, "syvarris", ["a1"]), (1, "finn", ["e1"])], active="syvarris")
    assert "same level" in shown(g, s)["attack syvarris finn"]


def test_an_attack_names_the_powers_and_spirits_that_add_dice() -> None:
    army = [(0, "finn", ["b1"]), (0, "tarn-viking-warriors", ["c1"]), (1, "marro-warriors", ["d1"]),
            (1, "thorgrim", ["e1"])]
    s = position(G, army, active="tarn-viking-warriors")
    s.spirit_attack[1] = 1
    s.spirit_defense[2] = 1
    assert shown(G, s)["attack tarn-viking-warriors-1 marro-warriors-1"] == (
        "attack tarn-viking-warriors-1 marro-warriors-1: 6 attack dice (Attack 4, +1 Warrior's Attack Spirit, "
        "+1 Attack Aura 1) against 5 defense dice (Defense 3, +1 Warrior's Armor Spirit, +1 Defensive Aura 1), "
        "same level; 1 life left")
    s = position(G, [(0, "agent-carr", ["c1"]), (1, "marro-warriors", ["d1"])], active="agent-carr")
    assert "6 attack dice (Attack 2, +4 Sword of Reckoning 4)" in shown(G, s)["attack agent-carr marro-warriors-1"]


def test_an_attack_label_gives_the_dice_the_attack_rolls() -> None:
    army = [(0, "raelin", ["a1"]), (0, "syvarris", ["e1"]), (1, "marro-warriors", ["e3"])]
    s = position(G, army, active="marro-warriors", dice=faces(blanks=2) + faces(blanks=4))
    assert "2 attack dice (Attack 2) against 4 defense dice (Defense 2, +2 Defensive Aura)" in (
        shown(G, s)["attack marro-warriors-1 syvarris"])
    ev = next(e for e in G.apply(s, Action.parse("attack marro-warriors-1 syvarris")) if e.kind == "attack")
    assert ev.data["dice"] == [2, 4]


def test_stealth_dodge_and_counter_strike_are_told_on_the_attack() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (1, "krav-maga-agents", ["a6", "j6", "j5"])], active="syvarris")
    assert shown(G, s)["attack syvarris krav-maga-agents-1"].endswith("; Stealth Dodge: one shield blocks all; "
                                                                     "1 life left")
    s = position(G, [(0, "finn", ["c1"]), (1, "izumi-samurai", ["d1", "j6", "j5"])], active="finn")
    assert "Counter Strike: extra shields wound the attacker" in shown(G, s)["attack finn izumi-samurai-1"]


def test_special_attacks_show_their_dice_and_every_figure_they_affect() -> None:
    s = position(G, [(0, "deathwalker-9000", ["a1"]), (0, "ne-gok-sa", ["f2"]), (1, "marro-warriors", ["f1", "g1"])],
                 active="deathwalker-9000")
    assert shown(G, s)["explode deathwalker-9000 marro-warriors-1"] == (
        "explode deathwalker-9000 marro-warriors-1: Explosion, 3 attack dice once (no height) against "
        "marro-warriors-1 3 defense dice, ne-gok-sa 6 (yours), marro-warriors-2 3")
    s = position(G, [(0, "mimring", ["b1-a1"]), (0, "ne-gok-sa", ["g1"]), (1, "marro-warriors", ["e1", "e3"])],
                 active="mimring")
    assert shown(G, s)["fire mimring c1 j1"] == ("fire mimring c1 j1: Fire Line, 4 attack dice once (no height) "
                                                 "against ne-gok-sa 6 defense dice (yours), marro-warriors-1 3")
    army = [(0, "airborne-elite", ["a1", "a3", "a5", "j5"]), (1, "marro-warriors", ["f1", "g1", "e3"])]
    s = position(G, army, active="airborne-elite")
    assert shown(G, s)["grenade airborne-elite-1 marro-warriors-1"].startswith(
        "grenade airborne-elite-1 marro-warriors-1: Grenade (uses up the grenade marker), 2 attack dice once")


def test_chomp_mind_shackle_and_water_clone_show_the_roll_they_need() -> None:
    s = position(G, [(0, "grimnak", ["c1-b1"]), (1, "marro-warriors", ["d1", "j6"]), (1, "finn", ["c2"])],
                 active="grimnak")
    got = shown(G, s)
    assert got["chomp grimnak marro-warriors-1"] == "chomp grimnak marro-warriors-1: Chomp: marro-warriors-1, " \
                                                    "a Squad figure, is destroyed"
    assert got["chomp grimnak finn"] == ("chomp grimnak finn: Chomp: Finn the Viking Champion, a Hero, is destroyed "
                                         "on a d20 of 16 or more (5 in 20)")
    s = position(G, [(0, "ne-gok-sa", ["c1"]), (1, "syvarris", ["d1"])], active="ne-gok-sa")
    assert shown(G, s)["shackle ne-gok-sa syvarris"] == ("shackle ne-gok-sa syvarris: Mind Shackle: on a d20 of 20 "
                                                         "(1 in 20) you take control of Syvarris")
    s = position(G, [(0, "marro-warriors", ["c1", "g1", "dead", "dead"]), (1, "syvarris", ["j6"])],
                 active="marro-warriors")
    assert shown(G, s)["water-clone"] == ("water-clone: instead of attacking, a d20 for each of 2 Marro Warriors: "
                                          "15 or more (10 on water) brings back one of 2 destroyed")


def test_ending_the_turn_tells_how_many_figures_have_not_attacked() -> None:
    s = position(G, [(0, "marro-warriors", ["a1", "a2", "a3"]), (1, "syvarris", ["a5"])], active="marro-warriors",
                 dice=faces(blanks=2) + faces(blanks=2))
    assert shown(G, s)["done"] == "done: end the turn of Marro Warriors"
    act(G, s, "attack marro-warriors-1 syvarris")
    assert shown(G, s)["done"] == "done: end the turn of Marro Warriors (2 of its figures have not attacked)"


# -- the questions a power asks ---------------------------------------------------------------------------
def test_a_warriors_spirit_shows_the_number_it_raises() -> None:
    army = [(0, "finn", ["c1"]), (0, "syvarris", ["a6"]), (1, "tarn-viking-warriors", ["d1"])]
    s = position(G, army, active="tarn-viking-warriors", dice=faces(skulls=4) + faces(blanks=4))
    act(G, s, "attack tarn-viking-warriors-1 finn")
    assert shown(G, s) == {"spirit syvarris": "spirit syvarris: Warrior's Attack Spirit on Syvarris: "
                                              "Attack 3 becomes 4"}


def test_the_drop_and_water_clone_show_where_the_figure_lands() -> None:
    g = game_with(layout=HILL2)
    s = position(g, [(0, "airborne-elite", ["off", "off", "off", "off"]), (1, "syvarris", ["j2"])],
                 stage="round-end", dice=[d20(13)])
    g._advance(s, [])
    got = shown(g, s)
    assert got["drop c1"] == "drop c1: airborne-elite-1 lands on level 3 grass"
    g = game_with(layout=HILL)  # six rows: too many spaces for a line each
    s = position(g, [(0, "airborne-elite", ["off", "off", "off", "off"]), (1, "syvarris", ["j6"])],
                 stage="round-end", dice=[d20(13)])
    g._advance(s, [])
    assert shown(g, s)["drop c1"] == "drop c1: level 3"
    s = position(G, [(0, "marro-warriors", ["c1", "dead"]), (1, "syvarris", ["j6"])], active="marro-warriors",
                 dice=[d20(15)])
    act(G, s, "water-clone")
    got = shown(G, s)
    assert got["clone b1"] == "clone b1: a destroyed Marro Warrior comes back on level 1 grass"
    assert got["skip"] == "skip: bring no Marro Warrior back"


def test_labels_are_worked_out_without_changing_the_state() -> None:
    s = position(G, [(0, "syvarris", ["c1"]), (1, "finn", ["e1"]), (1, "thorgrim", ["f1"])], active="syvarris")
    before = G.state_hash(s)
    shown(G, s)
    assert G.state_hash(s) == before and s.rng.draws == 0
