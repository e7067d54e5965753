"""Mage Knight interactive skills (facts 3.5, skills/interactive.py): once a round the token
goes to the centre and affects the others until the start of its owner's next turn. Prayer of
Weather and Healing Ritual, from hand-set positions of a real game through the decisions."""

from __future__ import annotations

from mk_positions import GAME, do, legal, me, orcs_next_to_hero, taken, turn
from rich.console import Console

from boardrules.engine import Action, Rng
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.map.exploring import space
from boardrules.games.mage_knight.map.hexes import neighbours
from boardrules.games.mage_knight.map.movement import terrain_cost
from boardrules.games.mage_knight.rounds.turn import start_turn


def test_skills_prayer_of_weather_terrain_2_less_for_you_1_more_for_the_others_until_your_next_turn() -> None:
    s = turn("march", skills="prayer-of-weather")
    g, owner = s.g, s.g.current
    forest = next(h for h in neighbours(me(s).position) if (sp := space(GAME.t, g, h)) and sp.terrain == "forest")
    assert terrain_cost(GAME.t, g, forest) == 3
    do(s, "skill prayer-of-weather")
    assert g.centre == (("prayer-of-weather", owner, ""),)
    assert terrain_cost(GAME.t, g, forest) == 1  # 3 - 2
    do(s, "play march move", "move {}:{}".format(*forest))  # Move 2 is enough now
    assert me(s).position == forest
    do(s, "end-turn")
    assert g.current != owner and terrain_cost(GAME.t, g, forest) == 4  # 3 + 1 for the others
    start_turn(GAME.t, g, owner, [])  # the owner's next turn: back from the centre, face down
    assert g.centre == () and terrain_cost(GAME.t, g, forest) == 3
    assert "prayer-of-weather" in g.players[owner].skills_used


def test_skills_healing_ritual_two_wounds_out_of_the_hand_one_to_the_nearest_other_hero() -> None:
    s = turn(f"march {WOUND} {WOUND} {WOUND}", skills="healing-ritual")
    g, owner = s.g, s.g.current
    wounds = g.players[1 - owner].hand.count(WOUND)
    assert "skill healing-ritual" in legal(s)
    do(s, "skill healing-ritual")
    assert g.players[owner].hand.count(WOUND) == 1 and g.players[1 - owner].hand.count(WOUND) == wounds + 1
    assert ("healing-ritual", owner, "") in g.centre and "skill healing-ritual" not in legal(s)


def test_skills_healing_ritual_not_offered_without_a_wound() -> None:
    s = turn("march", skills="healing-ritual")
    assert "skill healing-ritual" not in legal(s)


def _text(s, viewer):  # type: ignore[no-untyped-def]
    console = Console(record=True, width=200, color_system=None)
    console.print(GAME.render(s, viewer))
    return console.export_text()


def test_skills_interactive_the_centre_is_shown_to_every_viewer_and_read_into_the_vector() -> None:
    s = turn("march", skills="prayer-of-weather")
    owner = s.g.current
    schema = GAME.observation_schema(2)
    before = [schema.vector(GAME.view(s, v)) for v in (0, 1)]
    assert "In the centre" not in _text(s, 1 - owner)
    do(s, "skill prayer-of-weather")
    for viewer in (0, 1, None):
        assert "In the centre: Prayer of Weather of Tovak" in _text(s, viewer)
    first, size = next((f, n) for f, n, name, _ in schema.layout() if name == "centre")
    for v in (0, 1):
        after = schema.vector(GAME.view(s, v))
        assert after[first:first + size] != before[v][first:first + size]
        assert after[first:first + size] == schema.vector(GAME.view(GAME.determinize(s, v, Rng(3)), v))[first:first + size]


def test_skills_bonds_of_loyalty_its_unit_is_shown_and_read_into_its_owners_seat() -> None:
    s = turn("march", units="peasants foresters", skills="bonds-of-loyalty")
    schema = GAME.observation_schema(2)
    before = schema.vector(GAME.view(s, 1))
    me(s).bonded = "foresters-1"
    s.cached = None
    assert "Foresters (Bonds of Loyalty)" in _text(s, 1) and "Peasants (Bonds" not in _text(s, 1)
    first, size = next((f, n) for f, n, name, _ in schema.layout() if name == "players")
    after = schema.vector(GAME.view(s, 1))
    assert after[first:first + size] != before[first:first + size]


def _others_turn(s):  # type: ignore[no-untyped-def]
    """The owner plays March sideways and ends the turn; the other player's turn begins."""
    owner = s.g.current
    do(s, "play march move", "end-turn")
    assert s.g.current == 1 - owner
    return owner


def test_skills_source_freeze_the_others_cannot_use_their_normal_die_then_a_crystal_on_your_next_turn() -> None:
    s = turn("march", faces="green blue gold black", skills="source-freeze")
    g = s.g
    do(s, "skill source-freeze")
    assert g.centre == (("source-freeze", g.current, ""),)
    owner = _others_turn(s)
    other = g.players[g.current]
    other.hand, other.crystals["green"], other.mana["green"] = ["rage", "march"], 0, 0
    g.source = ["green", "blue", "gold", "black"]
    s.cached = None
    assert g.dice_allowed == 0
    assert "play march powered" not in legal(s)  # no die, no token, no crystal: March cannot be powered
    start_turn(GAME.t, g, owner, [])  # the owner's next turn: a crystal of a basic colour showing
    s.cached = None
    assert legal(s) == ["colour blue", "colour green"]
    reason, rule = GAME.explain_illegal(s, Action.parse("end-turn"))
    assert "Source Freeze comes back first" in reason and rule == "Using Skills"
    crystals = g.players[owner].crystals["blue"]
    do(s, "colour blue")
    assert g.players[owner].crystals["blue"] == crystals + 1 and g.centre == ()
    assert g.source == ["green", "blue", "gold", "black"]  # the die is not re-rolled
    assert "source-freeze" in g.players[owner].skills_used and "skill source-freeze" not in legal(s)


def test_skills_source_freeze_with_no_basic_colour_showing_comes_back_without_a_crystal() -> None:
    s = turn("march", skills="source-freeze")
    do(s, "skill source-freeze")
    owner = _others_turn(s)
    s.g.source = ["gold", "black", "gold", "black"]
    start_turn(GAME.t, s.g, owner, [])
    s.cached = None
    assert s.g.centre == () and not any(a.startswith("colour") for a in legal(s))


def test_skills_mana_exploit_a_token_of_the_colour_chosen_others_wounded_using_another_colour_once_per_colour() -> None:
    s = turn("march", skills="mana-exploit")
    g = s.g
    do(s, "skill mana-exploit")
    assert legal(s) == [f"colour {c}" for c in ("red", "blue", "green", "white", "black")]
    do(s, "colour red")
    me_ = g.players[g.current]
    assert me_.mana["red"] == 1 and g.centre == (("mana-exploit", g.current, "red"),)
    owner = _others_turn(s)
    other = g.players[g.current]
    other.hand = ["threaten", "promise", "promise", "stamina", "march"]
    other.crystals.update(red=1, white=2)
    wounds = other.hand.count(WOUND)
    s.cached = None
    do(s, "play threaten powered", "pay red crystal")  # the colour marked: no Wound
    assert g.players[g.current].hand.count(WOUND) == wounds
    do(s, "play promise powered", "pay white crystal")  # another colour: a Wound
    assert g.players[g.current].hand.count(WOUND) == wounds + 1
    assert g.centre == (("mana-exploit", owner, f"red;{g.current}:white"),)
    do(s, "play promise powered", "pay white crystal")  # white again: no more Wound
    assert g.players[g.current].hand.count(WOUND) == wounds + 1
    do(s, "play stamina powered", "pay blue die-2")  # blue: a second Wound, once per colour
    assert g.players[g.current].hand.count(WOUND) == wounds + 2


def _others_combat(s, owner: int):  # type: ignore[no-untyped-def]
    """The other player (with Peasants) challenges rampaging Prowlers: their combat."""

    g = s.g
    other = g.players[g.current]
    other.units, other.command = [["peasants", 0, False]], 1
    do(s, orcs_next_to_hero(s, "prowlers"))
    assert g.combat is not None and g.current != owner
    return g.combat


def test_skills_wolfs_howl_a_sideways_card_plus_4_and_1_per_free_command_token_others_units_minus_1() -> None:
    s = turn("march", units="peasants", skills="wolfs-howl")
    me(s).command = 3  # two Command tokens without a Unit
    s.cached = None
    do(s, "skill wolfs-howl", "play march move")
    assert me(s).move_points == 4 + 2
    owner = s.g.current
    assert s.g.centre == (("wolfs-howl", owner, ""),)
    do(s, "end-turn")
    c = _others_combat(s, owner)
    assert c.unit_bonus == -1
    GAME.apply(s, Action.parse("next"))  # to the Block phase
    do(s, "activate peasants-1 block")
    assert [v for kind, _el, v, _sd, src in c.pool if kind == "block" and src >= 0] == [2 - 1]


def test_skills_wolfs_howl_not_in_an_interaction() -> None:
    s = turn("march", skills="wolfs-howl")
    me(s).interacting = True
    s.cached = None
    assert "skill wolfs-howl" not in legal(s)


def test_skills_natures_vengeance_one_enemy_attack_minus_1_and_cumbersome_others_enemies_plus_1() -> None:
    s = turn("march", skills="natures-vengeance", fight="prowlers")
    s.g.combat.phase = "block"  # type: ignore[union-attr]
    s.cached = None
    do(s, "skill natures-vengeance", "enemy 1")
    c = s.g.combat
    assert c is not None and c.enemies[0].gained == ["cumbersome"] and c.enemies[0].reduction == [1]
    owner = s.g.current
    assert s.g.centre == (("natures-vengeance", owner, ""),)
    s.g.combat = None  # the combat over, the turn ended: the other player's combat
    s.g.players[owner].hand = ["march"]
    s.cached = None
    do(s, "play march move", "end-turn")
    c = _others_combat(s, owner)
    assert c.enemies[0].attack_bonus == [1]


def test_skills_mana_enhancement_a_crystal_of_a_basic_colour_spent_then_another_player_returns_it_for_a_token() -> None:
    s = turn("march march", faces="red blue green white", skills="mana-enhancement")
    g = s.g
    assert "skill mana-enhancement" not in legal(s)  # no basic mana spent yet
    do(s, "play march powered", "pay green die-3", "skill mana-enhancement")
    assert "colour green" in taken(s)
    do(s, "colour green")
    owner = g.current
    assert me(s).crystals["green"] == 1 and g.centre == (("mana-enhancement", owner, "green"),)
    do(s, "play march move", "end-turn")
    other = g.players[g.current]
    other.mana["green"] = 0
    s.cached = None
    do(s, "skill mana-enhancement")  # returned to its owner: a green mana token
    assert other.mana["green"] == 1 and g.centre == () and "skill mana-enhancement" not in legal(s)
