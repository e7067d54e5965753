"""Mage Knight outside audit, second pass: sentences of the rulebook excerpt and the facts tried
by another path than their own tests (two rules at once, another site, the game around the
combat), from hand-set boards (tests/mk_positions.py). Each test here failed on the code
before its fix."""

from __future__ import annotations

import pytest
from mk_positions import EAST, east_board, settle

from boardrules.engine import IllegalActionError
from boardrules.games.mage_knight.sites.interaction import (
    add_elite_unit,
    buy_advanced_action,
    buy_artifact,
    buy_spell,
    recruit,
)
from boardrules.games.mage_knight.sites.site_combats import start_movement_combat


def _rival_keep_with_orcs():  # type: ignore[no-untyped-def]
    """Player 2 owns a keep at the made-up tile's centre; orcs stand on its SE space; player 1
    stands on SW, next to both."""
    words = ["plains"] * 7
    words[0], words[3] = "plains+keep", "plains+orcs"
    b = east_board(" ".join(words), at=EAST["SW"], players=2, move=10)
    b.tokens(EAST["SE"], "prowlers")  # Fame 2
    keep = EAST["C"]
    b.s.players[1].keeps.append(keep)
    b.s.players[1].position = (0, 0)
    b.s.players[1].shields = 1
    b.s.shields[keep] = [1]
    b.s.conquered.add(keep)
    return b


def test_keep_other_players_keeps_half_fame_only_for_the_defenders_not_for_provoked_rampaging_enemies() -> None:
    """KEEP "Other Players' Keeps": "you get half Fame (rounded up) for defeating the
    defenders". Moving into a rival's keep from a space next to orcs that is also next to the
    keep provokes them: they join the assault, and their Fame is not halved (the whole
    combat's Fame was halved: 2 + 3 gave 3, not 2 + 2)."""
    b = _rival_keep_with_orcs()
    b.move(EAST["C"])
    start_movement_combat(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None
    b.s.enemy_piles["grey"].append(c.enemies[1].token)
    c.enemies[1].token = "crossbowmen"  # Fame 3: the defenders' half is 2 (rounded up)
    b.s.enemy_piles["grey"].remove("crossbowmen")
    assert [e.rampaging for e in c.enemies] == [True, False]
    settle(b)
    assert b.p.fame == 2 + 2
    assert b.p.reputation == -1 + 1  # the assault -1, the orcs +1
    assert b.p.keeps == [EAST["C"]]


# ---- facts 3.4: Thugs and Heroes recruited --------------------------------------------------

def _village(influence: int, reputation: int):  # type: ignore[no-untyped-def]
    words = ["plains"] * 7
    words[4] = "plains+village"
    b = east_board(" ".join(words), at=EAST["SW"], influence=influence)
    b.p.reputation = reputation
    b.p.command = 2
    return b


@pytest.mark.parametrize(("reputation", "influence", "enough"), [
    (2, 5, False), (2, 6, True),  # modifier +1 reversed: 5 Influence played are worth 4
    (-3, 3, False), (-3, 4, True),  # modifier -1 reversed: 4 Influence played are worth 5
])
def test_units_thugs_reputation_modifier_is_reversed_when_recruiting_them(reputation: int, influence: int,
                                                                         enough: bool) -> None:
    """Facts 3.4 Thugs: "reputation modifier is reversed when recruiting". At Reputation +2 (+1
    Influence) they cost 5 + 1 = 6 from 7 Influence played, and at -3 (-1) 5 - 1 = 4 (the
    modifier counted as for any Unit: 5 from 6 and from 4)."""
    b = _village(influence, reputation)
    if enough:
        recruit(b.t, b.s, 0, "thugs", [])
        assert b.p.units == [["thugs", 0, False]] and b.p.influence_points == 0
    else:
        with pytest.raises(IllegalActionError, match="recruiting Thugs costs"):
            recruit(b.t, b.s, 0, "thugs", [])
        assert b.p.units == []


@pytest.mark.parametrize(("reputation", "influence", "enough"), [
    (4, 4, False), (4, 5, True),  # modifier +2 counts twice: 5 played are worth 9
    (-4, 12, False), (-4, 13, True),  # modifier -2 counts twice: 13 played are worth 9
])
def test_units_heroes_reputation_modifier_counts_double_when_recruiting_them(reputation: int, influence: int,
                                                                            enough: bool) -> None:
    """Facts 3.4 Heroes: "reputation modifier counts double when recruiting them"."""
    b = _village(influence, reputation)
    if enough:
        recruit(b.t, b.s, 0, "hero-white", [])
        assert b.p.units == [["hero-white", 0, False]] and b.p.influence_points == 0
    else:
        with pytest.raises(IllegalActionError, match="recruiting Hero"):
            recruit(b.t, b.s, 0, "hero-white", [])


def test_units_heroes_and_thugs_are_not_recruited_in_the_same_interaction() -> None:
    """Facts 3.4: "Heroes and Thugs cannot be recruited in the same interaction" (either first)."""
    for first, second in (("thugs", "hero-blue"), ("hero-blue", "thugs")):
        b = _village(30, 0)
        recruit(b.t, b.s, 0, first, [])
        with pytest.raises(IllegalActionError, match="Heroes and Thugs") as info:
            recruit(b.t, b.s, 0, second, [])
        assert info.value.rule == "Recruiting"
        assert [u[0] for u in b.p.units] == [first]
    b = _village(30, 0)
    recruit(b.t, b.s, 0, "thugs", [])
    recruit(b.t, b.s, 0, "peasants", [])  # any other Unit may join them
    assert [u[0] for u in b.p.units] == ["thugs", "peasants"]


def test_units_thugs_reversed_modifier_is_the_one_applied_when_the_interaction_started() -> None:
    """Facts 5.6: the modifier is applied once, when the interaction starts; a Reputation change
    during it (Ruthless Coercion's -1 after a recruit) does not change what the Thugs reverse."""
    b = _village(30, 2)  # +1
    recruit(b.t, b.s, 0, "peasants", [])  # the interaction starts: 31 Influence, 27 left
    b.p.reputation = -3  # -1 now; the interaction keeps its +1
    recruit(b.t, b.s, 0, "thugs", [])
    assert b.p.influence_points == 27 - (5 + 2)


# ---- facts 4.6, 5.6: the services of a conquered city --------------------------------------

CITY = EAST["C"]


def _city(colour: str, influence: int, shields: int = 0):  # type: ignore[no-untyped-def]
    b = east_board("plains+city plains plains plains plains plains plains", kind="core", city=colour, at=CITY,
                   influence=influence)
    b.s.conquered.add(CITY)
    b.s.shields[CITY] = [0] * shields
    return b


def test_city_blue_buy_spells_as_in_a_mage_tower() -> None:
    """Facts 4.6 Blue city: "buy Spells as in a mage tower" (facts 5.6: 7 Influence + a mana of
    the Spell's colour); not at a city of another colour (a Spell was bought at a mage tower
    only)."""
    b = _city("blue", 7)
    b.p.crystals["green"] = 1
    b.s.spell_offer = ["tremor"]
    buy_spell(b.t, b.s, 0, "green", [])
    assert b.p.pending == ["spell:green"] and b.p.influence_points == 0 and b.p.crystals["green"] == 0
    w = _city("white", 7)
    w.p.crystals["green"] = 1
    with pytest.raises(IllegalActionError, match="Spells are bought at a conquered mage tower or blue city"):
        buy_spell(w.t, w.s, 0, "green", [])


def test_city_red_buy_artifacts_12_influence_each_drawn_at_the_end_of_the_turn() -> None:
    """Facts 4.6 Red city: "buy Artifacts, 12 Influence each (drawn at end of turn as a
    reward)"; the Shields add Influence there (+1 each)."""
    b = _city("red", 21, shields=3)
    buy_artifact(b.t, b.s, 0, [])
    buy_artifact(b.t, b.s, 0, [])
    assert b.p.pending == ["artifact", "artifact"] and b.p.influence_points == 0
    with pytest.raises(IllegalActionError, match="an Artifact costs 12 Influence; you have 0"):
        buy_artifact(b.t, b.s, 0, [])
    g = _city("green", 12)
    with pytest.raises(IllegalActionError, match="Artifacts are bought at a conquered red city"):
        buy_artifact(g.t, g.s, 0, [])


def test_city_green_an_advanced_action_of_the_offer_for_6_influence_the_offer_refilled() -> None:
    """Facts 4.6 Green city: "6 Influence: an AA from the offer (then refill)"; it goes on top
    of the Deed deck at the end of the turn as a bought card does (facts 6.1)."""
    b = _city("green", 6)
    b.s.aa_offer = ["fire-bolt", "agility", "ice-bolt"]
    b.s.aa_deck = ["frost-bridge", "in-need"]
    buy_advanced_action(b.t, b.s, 0, "agility", [])
    assert b.s.aa_offer == ["in-need", "fire-bolt", "ice-bolt"] and b.s.aa_deck == ["frost-bridge"]
    assert b.p.pending == ["advanced-action:agility"] and b.p.influence_points == 0
    r = _city("red", 6)
    r.s.aa_offer = ["fire-bolt"]
    with pytest.raises(IllegalActionError, match="a conquered green city"):
        buy_advanced_action(r.t, r.s, 0, "fire-bolt", [])


def test_city_white_recruit_units_of_every_type_and_2_influence_for_an_elite_unit_in_the_offer() -> None:
    """Facts 4.6 White city: "recruit units of every type; pay 2 Influence to add one elite unit
    card to the Unit offer" (village Peasants were refused at a city)."""
    b = _city("white", 6)
    b.s.unit_offer = ["peasants"]
    b.s.elite_units = ["catapults", "fire-golems"]
    recruit(b.t, b.s, 0, "peasants", [])
    assert b.p.units == [["peasants", 0, False]]
    add_elite_unit(b.t, b.s, 0, [])
    assert b.s.unit_offer == ["fire-golems"] and b.s.elite_units == ["catapults"] and b.p.influence_points == 0
    blue = _city("blue", 6)
    blue.s.unit_offer = ["peasants"]
    with pytest.raises(IllegalActionError, match="Peasants cannot be recruited at a city"):
        recruit(blue.t, blue.s, 0, "peasants", [])
    with pytest.raises(IllegalActionError, match="a conquered white city"):
        add_elite_unit(blue.t, blue.s, 0, [])


@pytest.mark.parametrize(("colour", "action"), [("red", "buy-artifact"), ("white", "elite-unit"),
                                                ("green", "buy-advanced-action fire-bolt")])
def test_city_services_offered_through_the_decisions_only_at_their_city(colour: str, action: str) -> None:
    """The city services are actions of the turn where their city is conquered (and only there)."""
    from boardrules.games.mage_knight.actions.site_actions import _site_actions

    for c in ("red", "white", "green", "blue"):
        b = _city(c, 20)
        b.s.aa_offer, b.s.elite_units = ["fire-bolt"], ["catapults"]
        texts = [a.text for a in _site_actions(b.t, b.s, 0)]
        assert (action in texts) == (c == colour), (c, texts)


# ---- facts 6.1: Artifacts as a reward ---------------------------------------------------------

def test_rewards_artifacts_two_won_at_once_three_drawn_one_to_the_bottom() -> None:
    """Facts 6.1 "Artifacts: draw N+1 from the Artifact deck, put 1 of them on the bottom, the
    rest on top of your Deed deck". Ruins token "2 Artifacts" (or two bought at a red city): the
    top three are drawn and shown, two are kept, the third goes to the bottom (each reward drew
    its own two: the third card was refused and a fourth was seen and sent to the bottom)."""
    from boardrules.games.mage_knight.cards.offers import set_up_offers, take_reward
    from boardrules.games.mage_knight.knowledge.views import _artifacts_shown

    b = east_board(" ".join(["plains"] * 7), at=EAST["SW"], players=2)
    set_up_offers(b.t, b.s)
    s, p = b.s, b.s.players[0]
    p.pending = ["artifact", "artifact"]
    fourth, third, second, first = s.artifact_deck[-4:]
    assert _artifacts_shown(s) == 3
    with pytest.raises(IllegalActionError, match="choose one of the three Artifacts drawn"):
        take_reward(b.t, s, 0, "artifact", fourth, [])
    take_reward(b.t, s, 0, "artifact", third, [])
    assert _artifacts_shown(s) == 2 and s.artifact_deck[-2:] == [second, first]
    take_reward(b.t, s, 0, "artifact", first, [])
    assert p.deck[-2:] == [third, first]
    assert s.artifact_deck[0] == second and s.artifact_deck[-1] == fourth  # the fourth was never drawn


# ---- MAGICAL GLADE / HIDDEN VALLEY "Healing Essence" in the game --------------------------------

def _game_on_the_glade():  # type: ignore[no-untyped-def]
    """A First Reconnaissance game after the tactics; the first tile revealed (countryside 1,
    east of the start) has a magical glade in its centre; the current player stands there."""
    from boardrules.games.mage_knight.game import MageKnight

    game = MageKnight()
    s = game.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := game.decision(s)) is not None and d.actions[0].name == "tactic":
        game.apply(s, d.actions[0])
    p = s.g.players[0]
    assert s.g.current == 0
    p.position = (3, -2)
    p.hand, p.discard, p.must_play = ["wound", "march"], ["wound", "rage"], False
    s.cached = None
    return game, s, p


@pytest.mark.parametrize(("where", "left"), [("hand", (0, 1)), ("discard", (1, 0))])
def test_magical_glade_healing_essence_offered_when_the_turn_ends_in_the_game(where: str,
                                                                              left: tuple[int, int]) -> None:
    """MAGICAL GLADE "Healing Essence": "If you end your turn on a magical glade, you can throw
    away one Wound card from your hand or discard pile". The played game offered only a plain
    `end-turn` there: the rule's function took the choice, no action ever gave it."""
    from boardrules.engine import Action

    game, s, p = _game_on_the_glade()
    texts = [a.text for a in game.decision(s).actions if a.name == "end-turn"]
    assert sorted(texts) == ["end-turn", "end-turn wound-from-discard", "end-turn wound-from-hand"]
    before = len(p.hand) + len(p.discard) + len(p.deck)
    game.apply(s, Action.parse(f"end-turn wound-from-{where}"))
    q = s.g.players[0]
    assert (q.hand.count("wound") + q.deck.count("wound"), q.discard.count("wound")) == left
    assert len(q.hand) + len(q.discard) + len(q.deck) == before - 1  # thrown away, not discarded


def test_magical_glade_healing_essence_not_offered_without_a_wound_or_off_the_glade() -> None:
    from boardrules.engine import Action

    game, s, p = _game_on_the_glade()
    p.hand, p.discard = ["march"], ["rage"]
    s.cached = None
    assert [a.text for a in game.decision(s).actions if a.name == "end-turn"] == ["end-turn"]
    game, s, p = _game_on_the_glade()
    assert "hand or the discard pile" in game.explain_illegal(s, Action.parse("end-turn wound-from-pocket"))[0]
    p.position = (1, 0)
    s.cached = None
    assert [a.text for a in game.decision(s).actions if a.name == "end-turn"] == ["end-turn"]
    assert game.explain_illegal(s, Action.parse("end-turn wound-from-hand")) == (
        "only a magical glade or the Hidden Valley lets you throw away a Wound", "MAGICAL GLADE")


# ---- WALLS "Movement" ------------------------------------------------------------------------

def test_walls_movement_terrain_discounts_cannot_negate_the_extra_cost() -> None:
    """WALLS "Movement": "Terrain discounts cannot negate this extra cost": a plains space made
    free (Song of Wind's "N less", never below 0), set to 1 (Frost Bridge's "at most N"), or 2 less
    by Prayer of Weather (min 1), still costs 1 more across a wall."""
    from boardrules.games.mage_knight.map.movement import move_cost

    c, sw = EAST["C"], EAST["SW"]
    b = east_board(" ".join(["plains"] * 7), walls=(("C", "SW"),), at=c)
    assert move_cost(b.t, b.s, c, sw, lasting=(("less", "plains", 5),)) == 0 + 1
    assert move_cost(b.t, b.s, c, sw, lasting=(("set", "plains", 1),)) == 1 + 1
    b.s.centre = (("prayer-of-weather", 0, ""),)
    assert move_cost(b.t, b.s, c, sw) == 1 + 1
    assert move_cost(b.t, b.s, c, (c[0] + 1, c[1])) == 1  # no wall on that side


# ---- facts 5.7 step 6: discarding before drawing -------------------------------------------------

def test_end_of_turn_discard_non_wound_cards_before_drawing_offered_in_the_game() -> None:
    """Facts 5.7 step 6: "You may discard any non-Wound cards from hand, then draw up to Hand
    limit". `end-turn-discard`, then `shed CARD` for each card (Wounds are not offered) and `shed
    done`: the cards go to the discard pile and the hand is drawn up again (turn.end_turn took
    the cards, but no action of the played game named them)."""
    from boardrules.engine import Action

    game, s, p = _game_on_the_glade()
    p.position = (1, 0)
    p.hand = ["march", "rage", "wound"]
    p.deck = ["stamina", "promise", "threaten", "swiftness", "tranquility"]
    s.cached = None
    assert "end-turn-discard" in [a.text for a in game.decision(s).actions]
    game.apply(s, Action.parse("end-turn-discard"))
    assert sorted(a.text for a in game.decision(s).actions) == ["shed march", "shed rage"]  # at least one card
    game.apply(s, Action.parse("shed rage"))
    assert sorted(a.text for a in game.decision(s).actions) == ["shed done", "shed march"]
    with pytest.raises(IllegalActionError):
        game.apply(s, Action.parse("shed wound"))
    game.apply(s, Action.parse("shed done"))
    q = s.g.players[0]
    assert q.discard == ["wound", "rage", "rage"]  # (one there before)
    assert sorted(q.hand) == sorted(["march", "wound", "threaten", "swiftness", "tranquility"])  # the deck's top 3
    assert s.g.current != 0 or q.turn_start != (1, 0)  # the turn is over


# ---- ENEMY TOKEN ABILITIES by two paths at once (checks that held) -------------------------------

def test_summon_attack_a_summoner_challenged_across_a_wall_is_fortified_its_summoned_token_is_not() -> None:
    """WALLS "Combat" with Summon Attack: Orc Summoners challenged across a wall are fortified
    (only Siege counts in the Ranged phase); the brown token they summon ignores the wall, and it
    alone blocks and deals damage."""
    from mk_positions import combat

    from boardrules.games.mage_knight.combat.enemies import fortification

    f = combat("orc-summoners", rampaging=True, across_wall=True, summons="minotaur")
    assert fortification(f.c, f.t, f.enemy(1)) == 1
    f.add("ranged 9")
    f.play("target 1")
    assert "resolve" not in f.legal()  # a Ranged Attack does not count against a fortified enemy
    f.play("next")
    assert f.c.enemies[1].token == "minotaur" and fortification(f.c, f.t, f.c.enemies[1]) == 0
    assert [x for x in f.legal() if x.startswith("block")] == ["block 2"]
