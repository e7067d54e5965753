"""Playing Deed cards (facts 2, 3.2, 5.3, 5.4): basic, powered, sideways, choices, conditions,
the named specials, from hand-set players and combats."""

from __future__ import annotations

import pytest
from mk_positions import combat

from boardrules.engine import Action, Event, IllegalActionError, Rng
from boardrules.games.mage_knight.cards.playing import mana_for_units, play_card
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.content import default_content
from boardrules.games.mage_knight.game_state import GameState

T = default_content()


def state(hand: str, faces: str = "red blue green white", night: bool = False, fight: str = "") -> GameState:
    s = GameState(players=2)
    s.source, s.night = faces.split(), night
    s.players[0].hand = hand.split()
    if fight:
        s.combat = combat(fight, night=night).c
    return s


def play(s: GameState, card: str, how: str = "basic", **kw) -> list[Event]:  # type: ignore[no-untyped-def]
    events: list[Event] = []
    play_card(T, s, 0, card, how, events, **kw)
    return events


def refused(s: GameState, card: str, how: str = "basic", **kw) -> IllegalActionError:  # type: ignore[no-untyped-def]
    before = s.clone().to_json()
    with pytest.raises(IllegalActionError) as info:
        play(s, card, how, **kw)
    assert s.to_json() == before  # a refused play changes nothing
    return info.value


# ---- plain cards: a test per card of what it does ------------------------------------------

@pytest.mark.parametrize(("card", "how", "mana", "move", "influence"), [
    ("march", "basic", (), 2, 0), ("march", "powered", ("die-3",), 4, 0),
    ("stamina", "basic", (), 2, 0), ("stamina", "powered", ("die-2",), 4, 0),
    ("swiftness", "basic", (), 2, 0),
    ("promise", "basic", (), 0, 2), ("promise", "powered", ("die-4",), 0, 4),
    ("threaten", "basic", (), 0, 2),
])
def test_basic_action_cards_move_and_influence(card: str, how: str, mana: tuple[str, ...], move: int,
                                               influence: int) -> None:
    s = state(card)
    play(s, card, how, mana=mana)
    p = s.players[0]
    assert (p.move_points, p.influence_points) == (move, influence)
    assert p.hand == [] and p.play_area == [card]


@pytest.mark.parametrize(("card", "how", "option", "mana", "pool"), [
    ("rage", "basic", 1, (), ("attack", 2)), ("rage", "basic", 2, (), ("block", 2)),
    ("rage", "powered", 1, ("die-1",), ("attack", 4)),
    ("determination", "basic", 2, (), ("block", 2)), ("determination", "powered", 1, ("die-2",), ("block", 5)),
    ("swiftness", "powered", 1, ("die-4",), ("ranged", 3)),
])
def test_basic_action_cards_attack_and_block_go_to_the_combat(card: str, how: str, option: int,
                                                                mana: tuple[str, ...], pool: tuple[str, int]) -> None:
    s = state(card, fight="prowlers")
    c = s.combat
    assert c is not None
    if pool[0] in ("attack", "block"):
        c.phase = "attack" if pool[0] == "attack" else "block"
    play(s, card, how, option=option, mana=mana)
    assert s.combat is not None
    assert [(kind, value) for kind, _, value, *_ in s.combat.pool] == [pool]


# ---- powering, sideways, choices, conditions --------------------------------------------------

def test_playing_cards_powered_effect_costs_a_mana_of_the_cards_colour() -> None:
    s = state("march")
    err = refused(s, "march", "powered", mana=("die-1",))
    assert err.rule == "Mana Source" and "shows red, not green" in err.reason
    assert "name 1 source" in refused(s, "march", "powered").reason
    s.players[0].crystals["green"] = 1
    play(s, "march", "powered", mana=("crystal",))
    assert s.players[0].move_points == 4 and s.players[0].crystals["green"] == 0


def test_playing_cards_sideways_move_influence_attack_or_block_1_never_a_wound() -> None:
    s = state("rage promise wound")
    play(s, "rage", "move")
    play(s, "promise", "influence")
    assert (s.players[0].move_points, s.players[0].influence_points) == (1, 1)
    err = refused(s, "wound", "move")
    assert err.rule == "Wounds" and "cannot be played" in err.reason


def test_playing_cards_sideways_attack_only_in_a_combat() -> None:
    s = state("march")
    assert "only played in a combat" in refused(s, "march", "attack").reason


def test_playing_cards_a_choice_names_its_option() -> None:
    s = state("tranquility", fight="")
    s.players[0].deck = ["march", "rage"]
    assert "choose 1 to 2" in refused(s, "tranquility", option=3).reason
    play(s, "tranquility", option=2)
    assert s.players[0].hand == ["rage"]


def test_playing_cards_a_card_not_in_hand_is_refused() -> None:
    s = state("march")
    assert "no rage in your hand" in refused(s, "rage").reason


# ---- Spells (facts 3.2) --------------------------------------------------------------------

def test_spells_basic_effect_costs_a_mana_of_its_colour() -> None:
    s = state("fireball", fight="prowlers")
    assert "costs red mana" in refused(s, "fireball").reason
    play(s, "fireball", mana=("die-1",))
    assert s.players[0].play_area == ["fireball"]


def test_spells_strong_effect_its_colour_and_black_only_at_night() -> None:
    day = state("fireball", faces="red black blue white", fight="prowlers")
    day.dice_allowed = 2
    err = refused(day, "fireball", "powered", mana=("die-1", "die-2"))
    assert "black mana cannot be used by Day" in err.reason
    night = state("fireball", faces="red black blue white", night=True, fight="prowlers")
    night.players[0].crystals["red"] = 1
    play(night, "fireball", "powered", mana=("crystal", "die-2"))
    assert night.players[0].hand == ["wound"]  # Firestorm: take a Wound


# ---- healing, gains ------------------------------------------------------------------------

def test_healing_outside_combat_only_each_point_throws_away_a_wound_from_hand() -> None:
    s = state("tranquility wound wound")
    play(s, "tranquility", option=1)
    assert s.players[0].hand == ["wound"]
    f = state("tranquility wound", fight="prowlers")
    err = refused(f, "tranquility", option=1)
    assert err.rule == "Healing" and "during a combat" in err.reason


def test_threaten_powered_influence_5_then_reputation_minus_1() -> None:
    s = state("threaten")
    play(s, "threaten", "powered", mana=("die-1",))
    assert s.players[0].influence_points == 5 and s.players[0].reputation == -1


# ---- the named specials --------------------------------------------------------------------

def test_crystallize_pay_one_mana_of_a_basic_colour_gain_a_crystal_of_it() -> None:
    s = state("crystallize")
    play(s, "crystallize", colour="white", mana=("die-4",))
    assert s.players[0].crystals["white"] == 1 and s.source_used == [3]


def test_crystallize_powered_a_crystal_of_any_basic_colour() -> None:
    s = state("crystallize")
    assert "choose the colour" in refused(s, "crystallize", "powered", mana=("die-2",)).reason
    play(s, "crystallize", "powered", mana=("die-2",), colour="red")
    assert s.players[0].crystals == {"red": 1, "blue": 0, "green": 0, "white": 0}


def test_mana_draw_basic_one_extra_source_die_this_turn() -> None:
    s = state("mana-draw")
    play(s, "mana-draw")
    assert s.dice_allowed == 2


def test_mana_draw_powered_set_a_die_gain_two_tokens_the_die_keeps_its_face() -> None:
    s = state("mana-draw", faces="white blue gold red")
    play(s, "mana-draw", "powered", mana=("die-1",), die=3, colour="green")
    assert s.players[0].mana["green"] == 2 and s.source[2] == "green"
    assert s.source_kept == [2]
    assert "not gold" in refused(state("mana-draw"), "mana-draw", "powered", mana=("die-4",), die=1,
                                 colour="gold").reason


def test_concentration_basic_a_blue_white_or_red_mana_token() -> None:
    s = state("concentration")
    play(s, "concentration", option=2)
    assert s.players[0].mana["white"] == 1


def test_concentration_powered_another_cards_powered_effect_free_plus_2() -> None:
    s = state("concentration march")
    play(s, "concentration", "powered", mana=("die-3",), other="march")
    p = s.players[0]
    assert p.move_points == 6 and p.play_area == ["concentration", "march"] and p.hand == []
    assert "a Wound cannot" in refused(state("concentration wound"), "concentration", "powered",
                                       mana=("die-3",), other="wound").reason


def test_will_focus_powered_concentration_plus_3() -> None:
    s = state("will-focus promise")
    play(s, "will-focus", "powered", mana=("die-3",), other="promise")
    assert s.players[0].influence_points == 7


def test_improvisation_discard_another_non_wound_card_for_3_or_5() -> None:
    s = state("improvisation rage march")
    play(s, "improvisation", option=1, other="march")
    p = s.players[0]
    assert p.move_points == 3 and p.discard == ["march"] and p.hand == ["rage"]
    assert "name the other card" in refused(state("improvisation"), "improvisation", option=2).reason


# ---- every card whose effects are plain: what each of its options does -----------------------

OUTSIDE = {"move": "move_points", "influence": "influence_points"}
IN_COMBAT = {"attack": "attack", "ranged": "ranged", "siege": "ranged", "block": "block"}


def _plain_options() -> list[tuple[str, str, int]]:
    out = []
    for card in T.cards:
        if card.kind not in ("basic", "hero", "advanced", "spell"):
            continue
        for how, side in (("basic", card.basic), ("powered", card.powered)):
            for i, option in enumerate(side, 1):
                kinds = {e.type for e in option}
                plain = all(e.when is None and e.per is None for e in option)
                if plain and (kinds <= set(OUTSIDE) or len(kinds) == 1 and kinds <= set(IN_COMBAT)):
                    out.append((card.id, how, i))
    return out


@pytest.mark.parametrize(("card", "how", "option"), _plain_options())
def test_every_card_with_plain_effects_adds_its_points(card: str, how: str, option: int) -> None:
    c = T.card[card]
    effects = (c.powered if how == "powered" else c.basic)[option - 1]
    kinds = {e.type for e in effects}
    fight = "prowlers" if kinds <= set(IN_COMBAT) else ""
    s = state(card, night=True, fight=fight)
    colours = c.powering[0] if how == "powered" else c.basic_cost
    for colour in colours:
        s.players[0].mana[colour] += 1
    if s.combat is not None:
        s.combat.phase = IN_COMBAT[next(iter(kinds))]
    play(s, card, how, option=option, mana=("token",) * len(colours))
    p = s.players[0]
    if s.combat is None:
        for kind, slot in OUTSIDE.items():
            assert getattr(p, slot) == sum(e.value for e in effects if e.type == kind)
    else:
        assert sorted((k, v) for k, _, v, *_ in s.combat.pool) == sorted((e.type, e.value) for e in effects)
    assert sum(p.mana.values()) == 0 and p.play_area == [card]


def test_tirelessness_the_next_card_giving_move_gives_plus_1() -> None:
    s = state("tirelessness march stamina")
    play(s, "tirelessness")
    play(s, "march")
    play(s, "stamina", "move")
    assert s.players[0].move_points == 2 + 3 + 1


def test_tirelessness_powered_every_other_card_giving_move_gives_plus_1() -> None:
    s = state("tirelessness march stamina")
    play(s, "tirelessness", "powered", mana=("die-2",))
    play(s, "march")
    play(s, "stamina", "move")
    assert s.players[0].move_points == 4 + 3 + 2


@pytest.mark.parametrize(("enemy", "block"), [
    ("prowlers", 5), ("ironclads", 7), ("fire-mages", 7), ("sorcerers", 5),
])
def test_cold_toughness_plus_1_ice_block_per_ability_attack_element_and_resistance(enemy: str, block: int) -> None:
    s = state("cold-toughness", fight=enemy, night=True)
    assert s.combat is not None
    s.combat.phase, s.combat.block_target = "block", (0, 0)
    play(s, "cold-toughness", "powered", mana=("die-2",))
    assert s.combat is not None
    assert [(kind, element, value) for kind, element, value, *_ in s.combat.pool] == [("block", "ice", block)]


def test_mana_pull_an_extra_die_a_black_one_used_as_any_basic_colour_even_by_day() -> None:
    s = state("mana-pull march", faces="black red gold white")
    play(s, "mana-pull")
    assert s.dice_allowed == 2
    play(s, "march", "powered", mana=("die-1",))
    assert s.players[0].move_points == 4 and s.source_used == [0] and not s.black_as_any


def test_mana_for_units_a_units_ability_is_powered_with_mana_of_its_colour_from_the_source() -> None:
    s = state("", faces="blue red white green")
    s.combat = combat("prowlers", units="guardian-golems").c
    events: list[Event] = []
    with pytest.raises(IllegalActionError) as info:
        mana_for_units(s, 0, "red", "die-1", events)
    assert "shows blue, not red" in info.value.reason and s.combat.mana["red"] == 0
    mana_for_units(s, 0, "red", "die-2", events)
    assert s.source_used == [1] and s.combat.mana["red"] == 1
    apply_combat(T, s.combat, Action.parse("next"), events, Rng(0))
    apply_combat(T, s.combat, Action.parse("activate guardian-golems-1 fire-block"), events, Rng(0))
    assert s.combat.mana["red"] == 0
