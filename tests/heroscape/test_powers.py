"""Every special power of the 16 Rise of the Valkyrie army cards (facts 3.8), from hand-set
positions with scripted dice. Test names start with the card's power."""

from __future__ import annotations

from hs_positions import FLAT, act, at, d20, faces, fig, game_with, names, position

from boardrules.engine import Action, Event, Rng
from boardrules.games.heroscape.content_model import Card
from boardrules.games.heroscape.game import Heroscape
from boardrules.games.heroscape.state import NO_CARD, REMOVED

G = game_with()


def events(game: Heroscape, s, text: str) -> list[Event]:  # type: ignore[no-untyped-def]
    return game.apply(s, Action.parse(text))


def offered(game: Heroscape, s, name: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether the question now offers an action of that name."""
    d = game.decision(s)
    return d is not None and any(a.name == name for a in d.actions)


def attack_dice(game: Heroscape, s, text: str) -> list[int]:  # type: ignore[no-untyped-def]
    """Play a normal attack; its [attack dice, defence dice]."""
    ev = next(e for e in events(game, s, text) if e.kind == "attack")
    return list(ev.data["dice"])


# -- Marro Warriors: Water Clone ------------------------------------------------------------------
STEP = "g1 g1 g1 g2 g1 g1 g1 g1 w1 g1\n" + FLAT


def test_water_clone_a_15_brings_back_a_destroyed_warrior_beside_the_one_that_rolled() -> None:
    g = game_with(layout=STEP)
    s = position(g, [(0, "marro-warriors", ["c1", "g1", "dead", "dead"]), (1, "syvarris", ["j6"])],
                 active="marro-warriors", dice=[d20(15), d20(14)])
    assert "water-clone" in names(g, s)
    act(g, s, "water-clone")
    options = names(g, s)
    # same-level empty spaces next to c1; d1 is level 2
    assert "clone b1" in options and "clone d1" not in options and "skip" in options
    act(g, s, "clone b1")
    assert fig(g, s, "marro-warriors-3").spaces == (at(g, "b1"),) and fig(g, s, "marro-warriors-3").alive
    assert not fig(g, s, "marro-warriors-4").alive  # the warrior on g1 rolled 14
    assert s.stage != "attack"  # instead of attacking: the turn is over


def test_water_clone_needs_10_on_water_and_is_instead_of_attacking() -> None:
    g = game_with(layout=STEP)
    s = position(g, [(0, "marro-warriors", ["i1", "dead"]), (1, "syvarris", ["h1"])],
                 active="marro-warriors", dice=[d20(10)])
    assert "water-clone" in names(g, s)
    act(g, s, "water-clone")
    assert "clone j1" in names(g, s)  # j1 is grass at level 1, the water space's level
    s2 = position(g, [(0, "marro-warriors", ["i1", "g1", "dead"]), (1, "syvarris", ["h1"])], active="marro-warriors",
                  dice=faces(blanks=2) + faces(blanks=2))
    assert "water-clone" in names(g, s2)
    act(g, s2, "attack marro-warriors-1 syvarris")
    assert names(g, s2) == ["attack marro-warriors-2 syvarris", "done"]  # no Water Clone after an attack


def test_water_clone_not_without_a_destroyed_warrior() -> None:
    s = position(G, [(0, "marro-warriors", ["c1", "d1"]), (1, "syvarris", ["j6"])], active="marro-warriors")
    assert "water-clone" not in names(G, s)


# -- Deathwalker 9000: Explosion Special Attack, Range Enhancement ------------------------------------
def test_explosion_hits_the_target_and_every_adjacent_figure_with_one_roll() -> None:
    s = position(G, [(0, "deathwalker-9000", ["a1"]), (0, "ne-gok-sa", ["f2"]),
                     (1, "marro-warriors", ["f1", "g1"])],
                 active="deathwalker-9000", dice=faces(skulls=3) + faces(blanks=3) + faces(shields=6) + faces(blanks=6))
    assert "explode deathwalker-9000 marro-warriors-1" in names(G, s)
    evs = events(G, s, "explode deathwalker-9000 marro-warriors-1")
    special = next(e for e in evs if e.kind == "special-attack")
    assert special.data["skulls"] == 3  # one roll of 3 dice for all
    assert special.data["affected"] == ["marro-warriors-1", "ne-gok-sa", "marro-warriors-2"]
    # the log tells the dice of the one attack roll and of each defence (issue 24)
    assert special.text == ("deathwalker-9000: Explosion Special Attack, 3 skulls on 3 attack dice (no height "
                            "advantage) against marro-warriors-1, ne-gok-sa, marro-warriors-2")
    assert [e.text for e in evs if e.kind == "defend"][1] == "ne-gok-sa rolls 6 shields on 6 defense dice (Defense 6)"
    assert not fig(G, s, "marro-warriors-1").alive  # 3 skulls, no shield
    assert fig(G, s, "ne-gok-sa").wounds == 0  # friendly figures are affected too: 6 shields
    assert not fig(G, s, "marro-warriors-2").alive


def test_explosion_is_not_modified_by_height() -> None:
    g = game_with(layout="g1 g1 g1 g6 g1 g1 g1 g1\n")
    s = position(g, [(0, "deathwalker-9000", ["a1"]), (1, "ne-gok-sa", ["d1"])], active="deathwalker-9000",
                 dice=faces(skulls=3) + faces(blanks=6))
    evs = events(g, s, "explode deathwalker-9000 ne-gok-sa")
    defend = next(e for e in evs if e.kind == "defend")
    assert defend.data["dice"] == 6  # Ne-gok-sa's Defense, no die for the higher base
    assert fig(g, s, "ne-gok-sa").wounds == 3


def test_range_enhancement_adjacent_soulborg_guards_add_2_to_their_range() -> None:
    # j1 is 9 spaces from a1; a2 is next to a1
    s = position(G, [(0, "zettian-guards", ["a1", "a6"]), (0, "deathwalker-9000", ["a2"]), (1, "syvarris", ["j1"])],
                 active="zettian-guards")
    assert "attack zettian-guards-1 syvarris" in names(G, s)
    s = position(G, [(0, "zettian-guards", ["a1", "a6"]), (0, "deathwalker-9000", ["a4"]), (1, "syvarris", ["j1"])],
                 active="zettian-guards")
    assert "attack zettian-guards-1 syvarris" not in names(G, s)


# -- Izumi Samurai: Counter Strike ---------------------------------------------------------------------
def test_counter_strike_excess_shields_wound_an_adjacent_attacker() -> None:
    s = position(G, [(0, "finn", ["c1"]), (1, "izumi-samurai", ["d1"])], active="finn",
                 dice=faces(skulls=1, blanks=2) + faces(shields=3, blanks=2))
    evs = events(G, s, "attack finn izumi-samurai-1")
    assert any(e.kind == "counter-strike" for e in evs)
    assert fig(G, s, "finn").wounds == 2 and fig(G, s, "izumi-samurai-1").alive


def test_counter_strike_not_against_a_ranged_attack_nor_another_samurai() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (1, "izumi-samurai", ["e1"])], active="syvarris",
                 dice=faces(blanks=3) + faces(shields=5))
    evs = events(G, s, "attack syvarris izumi-samurai-1")
    assert not any(e.kind == "counter-strike" for e in evs) and fig(G, s, "syvarris").wounds == 0
    s = position(G, [(0, "izumi-samurai", ["c1"]), (1, "izumi-samurai", ["d1"])], active="izumi-samurai",
                 dice=faces(blanks=2) + faces(shields=5))
    evs = events(G, s, "attack izumi-samurai-1 izumi-samurai-2")
    assert not any(e.kind == "counter-strike" for e in evs)


# -- Sgt. Drake Alexander: Thorian Speed, Grapple Gun 25 ---------------------------------------------
def test_thorian_speed_opponents_must_be_adjacent_for_a_normal_attack() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (0, "marro-warriors", ["e1"]), (1, "sgt-drake-alexander", ["f1"])],
                 active="syvarris")
    assert "attack syvarris sgt-drake-alexander" not in names(G, s)
    s = position(G, [(0, "marro-warriors", ["e1"]), (1, "sgt-drake-alexander", ["f1"])], active="marro-warriors")
    assert "attack marro-warriors-1 sgt-drake-alexander" in names(G, s)


def test_thorian_speed_does_not_stop_special_attacks() -> None:
    s = position(G, [(0, "deathwalker-9000", ["a1"]), (1, "sgt-drake-alexander", ["f1"])], active="deathwalker-9000")
    acts = names(G, s)
    assert "explode deathwalker-9000 sgt-drake-alexander" in acts
    assert "attack deathwalker-9000 sgt-drake-alexander" not in acts


def test_grapple_gun_one_space_up_to_25_levels_higher() -> None:
    g = game_with(layout="g1 r26 g1 g1\ng1 r27 g1 g1\n")
    s = position(g, [(0, "sgt-drake-alexander", ["a1"]), (1, "syvarris", ["d2"])], active="sgt-drake-alexander",
                 stage="move")
    act(g, s, "move sgt-drake-alexander")
    acts = names(g, s)
    assert "to b1" in acts  # 25 levels up: by the Grapple Gun
    assert "to b2" not in acts  # 26 levels up
    act(g, s, "to b1")
    assert fig(g, s, "sgt-drake-alexander").spaces == (at(g, "b1"),)


# -- Syvarris: Double Attack ----------------------------------------------------------------------------
def test_double_attack_syvarris_attacks_twice_not_three_times() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (1, "deathwalker-9000", ["f1"]), (1, "ne-gok-sa", ["f3"])],
                 active="syvarris", dice=faces(blanks=3) + faces(shields=9) + faces(blanks=3) + faces(shields=6))
    act(G, s, "attack syvarris deathwalker-9000")
    assert "attack syvarris ne-gok-sa" in names(G, s)
    act(G, s, "attack syvarris ne-gok-sa")
    assert not offered(G, s, "attack")


# -- Krav Maga Agents: Stealth Dodge ------------------------------------------------------------------------
def test_stealth_dodge_one_shield_blocks_all_against_a_figure_not_adjacent() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (1, "krav-maga-agents", ["f1"])], active="syvarris",
                 dice=faces(skulls=3) + faces(shields=1, blanks=2))
    act(G, s, "attack syvarris krav-maga-agents-1")
    assert fig(G, s, "krav-maga-agents-1").alive


def test_stealth_dodge_not_against_an_adjacent_attacker() -> None:
    s = position(G, [(0, "finn", ["e1"]), (1, "krav-maga-agents", ["f1"])], active="finn",
                 dice=faces(skulls=3) + faces(shields=1, blanks=2))
    act(G, s, "attack finn krav-maga-agents-1")
    assert not fig(G, s, "krav-maga-agents-1").alive


# -- Tarn Viking Warriors: Berserker Charge --------------------------------------------------------------------
def _first(game: Heroscape, s, prefix: str) -> str:  # type: ignore[no-untyped-def]
    return next(a for a in names(game, s) if a.startswith(prefix))


def test_berserker_charge_a_15_after_moving_lets_them_all_move_again() -> None:
    s = position(G, [(0, "tarn-viking-warriors", ["a1", "a2"]), (1, "syvarris", ["j6"])],
                 active="tarn-viking-warriors", stage="move", dice=[d20(15), d20(14)])
    act(G, s, "move tarn-viking-warriors-1")
    act(G, s, _first(G, s, "to "))
    act(G, s, "done")
    assert s.stage == "move" and "move tarn-viking-warriors-1" in names(G, s)  # charged: all move again
    act(G, s, "move tarn-viking-warriors-2")
    act(G, s, _first(G, s, "to "))
    act(G, s, "done")
    assert s.stage != "move"  # 14: no second charge


def test_berserker_charge_no_roll_without_moving() -> None:
    s = position(G, [(0, "tarn-viking-warriors", ["a1", "a2"]), (1, "syvarris", ["j6"])],
                 active="tarn-viking-warriors", stage="move", dice=[d20(20)])
    evs = events(G, s, "done")
    assert not any(e.kind == "berserker-charge" for e in evs)


# -- Agent Carr: Ghost Walk, Sword of Reckoning 4, Disengage ------------------------------------------------
CORRIDOR = "g1 g1 g1 g1 g1 g1 g1 g1\n"


def test_ghost_walk_moves_through_all_figures() -> None:
    g = game_with(layout=CORRIDOR)
    s = position(g, [(0, "agent-carr", ["a1"]), (1, "marro-warriors", ["b1", "c1"])], active="agent-carr",
                 stage="move")
    act(g, s, "move agent-carr")
    assert "to d1" in names(g, s) and "to c1" not in names(g, s)  # through, but never ending on, a figure
    s = position(g, [(0, "finn", ["a1"]), (1, "marro-warriors", ["b1", "c1"])], active="finn", stage="move")
    act(g, s, "move finn")
    assert "to d1" not in names(g, s)


def test_sword_of_reckoning_adds_4_dice_against_an_adjacent_figure() -> None:
    s = position(G, [(0, "agent-carr", ["c1"]), (1, "marro-warriors", ["d1", "h1"])], active="agent-carr")
    assert attack_dice(G, s, "attack agent-carr marro-warriors-1")[0] == 2 + 4
    s = position(G, [(0, "agent-carr", ["c1"]), (1, "marro-warriors", ["dead", "h1"])], active="agent-carr")
    assert attack_dice(G, s, "attack agent-carr marro-warriors-2")[0] == 2  # 5 spaces away


def test_disengage_takes_no_leaving_engagement_attacks() -> None:
    s = position(G, [(0, "agent-carr", ["b1"]), (1, "marro-warriors", ["a1"])], active="agent-carr", stage="move")
    act(G, s, "move agent-carr")
    evs = events(G, s, "to f1")
    assert not any(e.kind == "leave" for e in evs)
    s = position(G, [(0, "finn", ["b1"]), (1, "marro-warriors", ["a1"])], active="finn", stage="move")
    act(G, s, "move finn")
    assert any(e.kind == "leave" for e in events(G, s, "to f1"))


# -- Zettian Guards: Zettian Targeting ------------------------------------------------------------------------
def test_zettian_targeting_the_second_guard_adds_a_die_against_the_same_figure() -> None:
    army = [(0, "zettian-guards", ["a1", "a3"]), (1, "deathwalker-9000", ["f1"]), (1, "ne-gok-sa", ["f3"])]
    s = position(G, army, active="zettian-guards", dice=faces(blanks=2) + faces(shields=9))
    assert attack_dice(G, s, "attack zettian-guards-1 deathwalker-9000")[0] == 2
    assert attack_dice(G, s, "attack zettian-guards-2 deathwalker-9000")[0] == 3
    s = position(G, army, active="zettian-guards", dice=faces(blanks=2) + faces(shields=9))
    attack_dice(G, s, "attack zettian-guards-1 deathwalker-9000")
    assert attack_dice(G, s, "attack zettian-guards-2 ne-gok-sa")[0] == 2


# -- Airborne Elite: The Drop, Grenade Special Attack ------------------------------------------------------------
def _round_start(dice: list[int]):  # type: ignore[no-untyped-def]
    s = position(G, [(0, "airborne-elite", ["off", "off", "off", "off"]), (0, "finn", ["a1"]),
                     (1, "syvarris", ["j6"])], stage="round-end", dice=dice)
    G._advance(s, [])
    return s


def test_the_drop_starts_off_the_battlefield() -> None:
    s = G.new_state(2, 3, {"army": "draft"})
    while s.stage == "army":
        d = G.decision(s)
        assert d is not None
        take = [a for a in d.actions if a.args == ("airborne-elite",)]
        G.apply(s, take[0] if take else d.actions[0])
    elite = [i for i in range(len(s.figures)) if G.q.fig_card(s, i).id == "airborne-elite"]
    assert len(elite) == 4  # the draft took them
    while s.stage == "place":
        d = G.decision(s)
        assert d is not None
        assert "airborne-elite" not in d.prompt  # never asked to place one in a start zone
        G.apply(s, d.actions[0])
    assert all(s.figures[i].alive and not s.figures[i].spaces for i in elite)


def test_the_drop_a_13_at_the_start_of_a_round_places_all_four_apart_from_every_figure() -> None:
    s = _round_start([d20(13)])
    assert s.round == 2
    for _ in range(4):
        d = G.decision(s)
        assert d is not None and d.player == 0 and all(a.name == "drop" for a in d.actions)
        bf = G.q.bf(s)
        taken = {x for f in s.figures if f.alive for x in f.spaces}
        for a in d.actions:
            x = bf.space_named(a.args[0])
            assert x is not None and x not in taken and not taken & set(bf.adjacent[x])
        G.apply(s, d.actions[0])
    assert all(fig(G, s, f"airborne-elite-{k}").spaces for k in range(1, 5))
    assert s.stage == "markers"  # before order markers are placed


def test_the_drop_a_12_leaves_them_off_and_the_army_still_standing() -> None:
    s = _round_start([d20(12)])
    assert s.stage == "markers" and not fig(G, s, "airborne-elite-1").spaces
    d = G.decision(s)
    assert d is not None and "mark airborne-elite" not in [a.text for a in d.actions]
    # only the waiting Elite are left to player 0: the game goes on
    s = position(G, [(0, "airborne-elite", ["off"]), (1, "syvarris", ["j6"])], stage="round-end", dice=[d20(1)])
    G._advance(s, [])
    assert not s.over


def test_grenade_range_5_no_line_of_sight_target_and_adjacent_figures() -> None:
    g = game_with(ruins=[(2, 0, 12)])  # a tall ruin on c1, between the Elite and the target
    army = [(0, "airborne-elite", ["a1", "a3", "a5", "j5"]), (1, "marro-warriors", ["f1", "g1", "e3"])]
    s = position(g, army, active="airborne-elite", dice=faces(skulls=2) + faces(blanks=3) + faces(blanks=3))
    acts = names(g, s)
    assert "grenade airborne-elite-1 marro-warriors-1" in acts  # 5 spaces, no sight needed
    assert "attack airborne-elite-1 marro-warriors-1" not in acts  # the ruin blocks a normal attack
    evs = events(g, s, "grenade airborne-elite-1 marro-warriors-1")
    special = next(e for e in evs if e.kind == "special-attack")
    assert special.data["affected"] == ["marro-warriors-1", "marro-warriors-2"]
    assert not fig(g, s, "marro-warriors-1").alive and not fig(g, s, "marro-warriors-2").alive
    acts = names(g, s)
    assert any(a.startswith("grenade airborne-elite-2") for a in acts)  # each Elite throws one
    assert not any(a.startswith("attack") for a in acts)  # instead of attacking normally


def test_grenade_once_per_game() -> None:
    army = [(0, "airborne-elite", ["a1", "a3"]), (1, "marro-warriors", ["e1", "j1"])]
    s = position(G, army, active="airborne-elite", dice=faces(blanks=2) + faces(shields=3))
    act(G, s, "grenade airborne-elite-1 marro-warriors-1")
    s.attacked, s.targets, s.used = [], [], []  # a later turn of the same card
    s.cached = None
    acts = names(G, s)
    assert not any(a.startswith("grenade") for a in acts) and any(a.startswith("attack") for a in acts)


def test_grenade_not_after_a_normal_attack_this_turn() -> None:
    army = [(0, "airborne-elite", ["a1", "a3"]), (1, "marro-warriors", ["e1", "j1"])]
    s = position(G, army, active="airborne-elite", dice=faces(blanks=3) + faces(shields=3))
    act(G, s, "attack airborne-elite-1 marro-warriors-1")
    assert not any(a.startswith("grenade") for a in names(G, s))


# -- Finn: Attack Aura 1, Warrior's Attack Spirit 1 ---------------------------------------------------------------
def test_attack_aura_adjacent_friendly_range_1_figures_add_a_die() -> None:
    # a2 touches a1 and b1
    army = [(0, "finn", ["b1"]), (0, "tarn-viking-warriors", ["c1"]), (0, "syvarris", ["a2"]),
            (1, "marro-warriors", ["d1", "e4"])]
    s = position(G, army, active="tarn-viking-warriors")
    assert attack_dice(G, s, "attack tarn-viking-warriors-1 marro-warriors-1")[0] == 4 + 1
    s = position(G, army, active="syvarris")
    assert attack_dice(G, s, "attack syvarris marro-warriors-2")[0] == 3  # Range 9: no aura
    s = position(G, [(0, "finn", ["c1"]), (1, "marro-warriors", ["d1"])], active="finn")
    assert attack_dice(G, s, "attack finn marro-warriors-1")[0] == 3  # not Finn himself


def test_warriors_attack_spirit_when_finn_is_destroyed_a_unique_card_gets_1_attack() -> None:
    army = [(0, "finn", ["c1"]), (0, "syvarris", ["a6"]), (1, "tarn-viking-warriors", ["d1"]), (1, "ne-gok-sa", ["e6"])]
    s = position(G, army, active="tarn-viking-warriors", dice=faces(skulls=4) + faces(blanks=4))
    act(G, s, "attack tarn-viking-warriors-1 finn")
    d = G.decision(s)
    assert d is not None and d.player == 0  # Finn's player, during the opponent's turn
    assert [a.text for a in d.actions] == ["spirit syvarris"]
    act(G, s, "spirit syvarris")
    syv = G.q.fig_named(s, "syvarris")
    assert syv is not None and s.spirit_attack[s.figures[syv].card] == 1
    s.active_card = s.figures[syv].card
    s.stage, s.attacked, s.targets, s.cached = "attack", [], [], None
    s.order, s.turn_index = [0, 1], 0
    assert attack_dice(G, s, "attack syvarris ne-gok-sa")[0] == 3 + 1


# -- Thorgrim: Defensive Aura 1, Warrior's Armor Spirit 1 ----------------------------------------------------------
def test_defensive_aura_1_adjacent_friendly_figures_add_a_defence_die() -> None:
    army = [(0, "thorgrim", ["b1"]), (0, "tarn-viking-warriors", ["c1"]), (1, "marro-warriors", ["d1"])]
    s = position(G, army, active="marro-warriors")
    assert attack_dice(G, s, "attack marro-warriors-1 tarn-viking-warriors-1")[1] == 4 + 1


def test_warriors_armor_spirit_when_thorgrim_is_destroyed_a_unique_card_gets_1_defence() -> None:
    army = [(0, "thorgrim", ["c1"]), (0, "syvarris", ["a6"]), (1, "tarn-viking-warriors", ["d1"])]
    s = position(G, army, active="tarn-viking-warriors", dice=faces(skulls=4) + faces(blanks=4))
    act(G, s, "attack tarn-viking-warriors-1 thorgrim")
    act(G, s, "spirit syvarris")
    syv = G.q.fig_named(s, "syvarris")
    assert syv is not None and s.spirit_defense[s.figures[syv].card] == 1


def test_warriors_spirit_lapses_with_no_card_left() -> None:
    s = position(G, [(0, "finn", ["c1"]), (1, "tarn-viking-warriors", ["d1"])], active="tarn-viking-warriors",
                 dice=faces(skulls=4) + faces(blanks=4))
    act(G, s, "attack tarn-viking-warriors-1 finn")
    assert s.over and not s.pending


# -- Raelin: Defensive Aura, Flying --------------------------------------------------------------------------------
def test_defensive_aura_friends_within_4_clear_sight_spaces_add_2_defence_dice() -> None:
    army = [(0, "raelin", ["a1"]), (0, "syvarris", ["e1"]), (1, "marro-warriors", ["e3"])]
    s = position(G, army, active="marro-warriors")
    assert attack_dice(G, s, "attack marro-warriors-1 syvarris")[1] == 2 + 2
    s = position(G, [(0, "raelin", ["a1"]), (0, "syvarris", ["f1"]), (1, "marro-warriors", ["f3"])],
                 active="marro-warriors")
    assert attack_dice(G, s, "attack marro-warriors-1 syvarris")[1] == 2  # 5 spaces away


def test_defensive_aura_needs_clear_sight_and_not_raelin_herself() -> None:
    g = game_with(ruins=[(2, 0, 12)])
    s = position(g, [(0, "raelin", ["a1"]), (0, "syvarris", ["e1"]), (1, "marro-warriors", ["e3"])],
                 active="marro-warriors")
    assert attack_dice(g, s, "attack marro-warriors-1 syvarris")[1] == 2  # the ruin on c1 hides her
    s = position(G, [(0, "raelin", ["a1"]), (1, "marro-warriors", ["a3"])], active="marro-warriors")
    assert attack_dice(G, s, "attack marro-warriors-1 raelin")[1] == 3


def test_flying_over_figures_and_every_engaged_figure_attacks_on_take_off() -> None:
    g = game_with(layout=CORRIDOR)
    s = position(g, [(0, "raelin", ["b1"]), (1, "marro-warriors", ["a1", "c1", "d1"])], active="raelin",
                 stage="move", dice=faces(blanks=2))
    act(g, s, "move raelin")
    assert "to e1" in names(g, s)  # over c1 and d1
    evs = events(g, s, "to e1")
    assert [e.kind for e in evs].count("leave") == 2  # a1 and c1 were engaged at take-off


# -- Mimring: Fire Line Special Attack, Flying ------------------------------------------------------------------------
def test_fire_line_8_spaces_in_a_straight_line_one_roll_each_defends() -> None:
    army = [(0, "mimring", ["b1-a1"]), (0, "ne-gok-sa", ["g1"]), (1, "marro-warriors", ["e1", "e3"])]
    s = position(G, army, active="mimring", dice=faces(skulls=4) + faces(shields=6) + faces(blanks=3))
    acts = names(G, s)
    assert "fire mimring c1 j1" in acts  # c1 .. j1: the 8 spaces east of b1
    evs = events(G, s, "fire mimring c1 j1")
    special = next(e for e in evs if e.kind == "special-attack")
    assert special.data["skulls"] == 4 and special.data["affected"] == ["ne-gok-sa", "marro-warriors-1"]
    assert not fig(G, s, "marro-warriors-1").alive and fig(G, s, "ne-gok-sa").wounds == 0
    assert fig(G, s, "marro-warriors-2").alive  # not on the line
    assert fig(G, s, "mimring").wounds == 0


def test_fire_line_not_through_mimrings_own_other_space() -> None:
    s = position(G, [(0, "mimring", ["b1-a1"]), (1, "marro-warriors", ["e1"])], active="mimring")
    fires = [a for a in names(G, s) if a.startswith("fire")]
    assert fires == ["fire mimring c1 j1"]  # from a1 eastwards would pass through b1


# -- Ne-gok-sa: Mind Shackle 20 ----------------------------------------------------------------------------------------
def test_mind_shackle_a_20_takes_control_of_the_figure_and_its_card() -> None:
    s = position(G, [(0, "ne-gok-sa", ["c1"]), (1, "syvarris", ["d1"]), (1, "finn", ["j6"])], active="ne-gok-sa",
                 dice=[d20(20)])
    syv_card = fig(G, s, "syvarris").card
    s.markers[1] = [syv_card, syv_card, NO_CARD, NO_CARD]
    assert "shackle ne-gok-sa syvarris" in names(G, s)
    evs = act(G, s, "shackle ne-gok-sa syvarris")
    assert fig(G, s, "syvarris").owner == 0 and s.cards[syv_card][1] == 0
    # its order markers are removed: player 2's turns 1 and 2 are lost
    assert "Player 2 reveals marker 1: no figure to activate, the turn is lost" in evs
    assert "Player 2 reveals marker 2: no figure to activate, the turn is lost" in evs
    acts = names(G, s)
    assert not any(a.startswith("shackle") for a in acts)  # once
    assert G.q.engaged_with(s, G.q.fig_named(s, "ne-gok-sa") or 0) == []  # a friend now: not engaged


def test_mind_shackle_below_20_fails_and_only_before_attacking() -> None:
    s = position(G, [(0, "ne-gok-sa", ["c1"]), (1, "syvarris", ["d1"])], active="ne-gok-sa",
                 dice=[d20(19)])
    act(G, s, "shackle ne-gok-sa syvarris")
    assert fig(G, s, "syvarris").owner == 1
    s = position(G, [(0, "ne-gok-sa", ["c1"]), (1, "deathwalker-9000", ["d1"]), (1, "syvarris", ["b1"])],
                 active="ne-gok-sa", dice=faces(blanks=3) + faces(blanks=9))
    act(G, s, "attack ne-gok-sa deathwalker-9000")
    assert not offered(G, s, "shackle")


# -- Grimnak: Chomp, Orc Warrior Enhancement ------------------------------------------------------------------------
def test_chomp_destroys_an_adjacent_squad_figure() -> None:
    s = position(G, [(0, "grimnak", ["c1-b1"]), (1, "marro-warriors", ["d1", "j6"])], active="grimnak")
    act(G, s, "chomp grimnak marro-warriors-1")
    assert not fig(G, s, "marro-warriors-1").alive
    assert "attack grimnak marro-warriors-1" not in names(G, s)
    assert not any(a.startswith("chomp") for a in names(G, s))


def test_chomp_a_hero_on_16_or_more_never_a_large_figure() -> None:
    for roll, destroyed in ((16, True), (15, False)):
        s = position(G, [(0, "grimnak", ["c1-b1"]), (1, "syvarris", ["d1"]), (1, "finn", ["j6"])],
                     active="grimnak", dice=[d20(roll)])
        act(G, s, "chomp grimnak syvarris")
        assert fig(G, s, "syvarris").alive is not destroyed
    s = position(G, [(0, "grimnak", ["c1-b1"]), (1, "deathwalker-9000", ["d1"])], active="grimnak")
    assert not any(a.startswith("chomp") for a in names(G, s))  # Deathwalker 9000 is Large


BLADE_GRUTS = Card(id="blade-gruts", name="Blade Gruts", kind="squad", rarity="common", general="Utgar",
                   species="Orc warriors", size="medium", height=5, life=1, move=5, range=1, attack=2, defense=2,
                   points=40, figures=2)


def test_orc_warrior_enhancement_adjacent_orc_warriors_add_an_attack_and_a_defence_die() -> None:
    g = game_with([BLADE_GRUTS])
    army = [(0, "grimnak", ["b1-a1"]), (0, "blade-gruts", ["c1", "h1"]), (1, "marro-warriors", ["d1", "j1"])]
    s = position(g, army, active="blade-gruts")
    assert attack_dice(g, s, "attack blade-gruts-1 marro-warriors-1")[0] == 3
    s = position(g, army, active="marro-warriors")
    assert attack_dice(g, s, "attack marro-warriors-1 blade-gruts-1")[1] == 3
    s = position(g, army, active="marro-warriors")
    assert attack_dice(g, s, "attack marro-warriors-2 blade-gruts-2")[1] == 2  # h1: not adjacent


# -- Common cards --------------------------------------------------------------------------------------------------
def test_common_cards_may_be_taken_again_and_a_marker_activates_that_many_of_them() -> None:
    g = game_with([BLADE_GRUTS])
    s = g.new_state(2, 1, {"battlefield": "test", "points": "200"})
    p = s.picker[0]
    act(g, s, "take blade-gruts")
    assert g.card_index["blade-gruts"] in s.pool
    assert len([c for c in s.cards_of(p)]) == 1
    army = [(0, "blade-gruts", ["a1", "a3"]), (0, "blade-gruts", ["a5", "c5"]), (1, "syvarris", ["j6"])]
    s = position(g, army, active="blade-gruts", stage="move")
    assert len([a for a in names(g, s) if a.startswith("move")]) == 4  # any of the four
    act(g, s, "move blade-gruts-3")  # a figure of the other card
    act(g, s, "stay")
    act(g, s, "move blade-gruts-1")
    act(g, s, "stay")
    assert not offered(g, s, "move")  # two moved: that card's number of figures


def test_mind_shackle_the_markers_it_removes_stay_face_down_to_the_others() -> None:
    """Player 2's markers 1 and 2 sit on Syvarris, 3 and X on Finn. When Ne-gok-sa takes
    Syvarris, the markers on him are removed: player 1 sees all four still face down (which
    numbers were removed stays secret until their turns are lost), player 2 sees which."""
    s = position(G, [(0, "ne-gok-sa", ["c1"]), (1, "syvarris", ["d1"]), (1, "finn", ["b1"])], active="ne-gok-sa",
                 dice=[d20(20)])
    syv, finn = fig(G, s, "syvarris").card, fig(G, s, "finn").card
    s.markers[1] = [syv, syv, finn, finn]
    act(G, s, "shackle ne-gok-sa syvarris")
    assert fig(G, s, "syvarris").owner == 0 and s.stage == "attack"  # Ne-gok-sa may still attack Finn
    assert G.view(s, 0)["markers"][1] == {"1": "hidden", "2": "hidden", "3": "hidden", "x": "hidden"}
    # the table saw two markers leave Syvarris: two off, two still on Finn
    assert G.view(s, 0)["face_down"][1] == {"on": {"finn": 2}, "removed": 2}
    assert G.view(s, 1)["markers"][1] == {"1": "removed", "2": "removed", "3": "finn", "x": "finn"}
    dealt = [G.determinize(s, 0, Rng(k)).markers[1] for k in range(30)]
    assert all(m.count(REMOVED) == 2 and m.count(finn) == 2 for m in dealt)  # where they lie is known
    assert len({tuple(m) for m in dealt}) > 1  # which ones is not
