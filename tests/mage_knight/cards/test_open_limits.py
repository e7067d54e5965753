"""Mage Knight limits left open by earlier stages (issue 11), each through the real action texts
from a hand-set position of a real game: the Mysterious Box as the Banner of Command (facts 3.3),
..."""

from __future__ import annotations

from mk_positions import GAME, _green_city, _on_site, do, joy_played_on_a_deep_mine, legal, me, turn

from boardrules.games.mage_knight.decisions import MKState
from boardrules.games.mage_knight.specials_actions import AMBUSH


def _at(s: MKState, site: str) -> MKState:
    """The current hero stands on the first space of the map holding ``site``."""
    g = s.g
    me(s).position = next(h for h, (tile, i) in g.spaces.items() if GAME.t.tile[tile].hexes[i].site == site)
    s.cached = None
    return s


# ---- The Mysterious Box used as the Banner of Command (facts 3.3: Box "this turn you may use
# Mysterious Box as that artifact ... if used as a banner, it is discarded"; Banner of Command
# "Influence 4; if you recruited a unit this turn you may attach this to it in place of a Command
# token") ----------------------------------------------------------------------------------------
def _boxed_command(units: str = "peasants") -> MKState:
    s = _at(turn("mysterious-box march", units=units), "village")
    s.g.artifact_deck = ["ruby-ring", "banner-of-command"]  # the top is the last
    s.g.unit_offer = ["foresters", "peasants"]
    s.cached = None
    do(s, "play mysterious-box basic")
    return s


def test_mysterious_box_as_the_banner_of_command_a_unit_recruited_takes_it_then_it_is_disbanded() -> None:
    s = _boxed_command()
    fame = me(s).fame
    do(s, "play mysterious-box basic", "play march influence")
    p = me(s)
    assert p.influence_points == 5 and p.fame == fame + 1 and p.command == 1
    do(s, "recruit foresters")  # no disband asked: the Box is the Command token
    p = me(s)
    assert [u[0] for u in p.units] == ["peasants", "foresters"] and p.banners == {"foresters-1": "banner-of-command"}
    assert "mysterious-box" not in p.play_area
    assert "activate foresters-1 move" in legal(s)  # the Unit serves this turn
    player = s.g.current
    do(s, "end-turn")
    p = s.g.players[player]
    # the Box is discarded from under the Foresters, who are left with no Command token: disbanded
    assert [u[0] for u in p.units] == ["peasants"] and p.banners == {}
    assert p.discard.count("mysterious-box") == 1 and "banner-of-command" not in p.discard
    assert s.g.artifact_deck == ["banner-of-command", "ruby-ring"]


def test_mysterious_box_as_the_banner_of_command_the_unit_stays_with_a_free_command_token() -> None:
    s = _boxed_command()
    do(s, "play mysterious-box basic", "play march influence", "recruit foresters")
    p = me(s)
    p.command = 2  # a Command token gained before the end of the turn (a level-up, Bonds of Loyalty)
    player = s.g.current
    do(s, "end-turn")
    p = s.g.players[player]
    assert [u[0] for u in p.units] == ["peasants", "foresters"] and p.banners == {}
    assert "mysterious-box" in p.discard


# ---- Maximal Effect repeating a card whose effect is a special one (facts 3.1 Maximal Effect: "throw
# away another Action card -> use its basic effect 3 times | its powered effect 2 times (free)") ------
def test_maximal_effect_repeats_a_special_effect_path_finding_move_6_and_terrain_less() -> None:
    s = turn("maximal-effect path-finding march")
    do(s, "play maximal-effect basic", "throw path-finding")
    p = me(s)
    assert p.move_points == 6 and p.terrain_less == 1 and p.thrown == ["path-finding"]


def test_maximal_effect_powered_repeats_a_special_effect_ambush_twice() -> None:
    s = turn("maximal-effect ambush march", faces="red red red red")
    do(s, "play maximal-effect powered", "throw ambush", "pay red die-1")
    p = me(s)
    assert p.move_points == 8 and [x for x in p.lasting if x[0] == AMBUSH] == [(AMBUSH, "", 2), (AMBUSH, "", 2)]


def test_maximal_effect_steady_tempo_the_thrown_card_is_not_put_back_on_the_deck() -> None:
    s = turn("maximal-effect steady-tempo march")
    do(s, "play maximal-effect basic", "throw steady-tempo", "choose 1")
    p = me(s)
    assert p.move_points == 6 and p.thrown == ["steady-tempo"]
    player = s.g.current
    do(s, "end-turn")
    p = s.g.players[player]
    assert "steady-tempo" not in p.deck + p.hand + p.discard and p.thrown == ["steady-tempo"]


def test_maximal_effect_a_special_needing_its_own_card_or_mana_each_time_is_not_offered() -> None:
    s = turn("maximal-effect improvisation path-finding")
    do(s, "play maximal-effect basic")
    assert legal(s) == ["throw path-finding"]  # Improvisation's discard is a single card's


def test_city_green_the_top_card_of_the_advanced_action_deck_bought_blind() -> None:
    s = _green_city()
    assert "buy-advanced-action deck" in legal(s) and "buy-advanced-action agility" in legal(s)
    do(s, "buy-advanced-action deck")
    p = me(s)
    assert p.deck[-1] == "path-finding" and p.influence_points == 0 and p.pending == []
    assert s.g.aa_deck == ["frost-bridge", "in-need"] and s.g.aa_offer == ["fire-bolt", "agility", "ice-bolt"]
    assert "buy-advanced-action deck" not in legal(s)  # no Influence left


def test_city_green_the_card_bought_blind_is_hidden_from_the_others_views_and_determinize() -> None:
    from boardrules.engine import Rng

    s = _green_city()
    buyer = s.g.current
    other = 1 - buyer
    do(s, "buy-advanced-action deck")
    mine = GAME.view(s, buyer)["players"][buyer]
    assert "path-finding" in mine["deck"]
    theirs = GAME.view(s, other)["players"][buyer]
    assert "path-finding" not in theirs["unseen_cards"] and theirs["deck_size"] == len(me(s).deck)
    seen = set()
    for seed in range(12):
        d = GAME.determinize(s, other, Rng(seed))
        q = d.g.players[buyer]
        blind = [c for c in q.hand + q.deck if c not in me(s).hand + me(s).deck]
        assert len(blind) <= 1 and len(q.hand + q.deck) == len(me(s).hand + me(s).deck)
        seen.add(blind[0] if blind else "path-finding")
        assert sorted(d.g.aa_deck + blind) == sorted(s.g.aa_deck + ["path-finding"]) or not blind
    assert len(seen) > 1  # the others' samples draw the blind card from the unseen Advanced Actions
    d = GAME.determinize(s, buyer, Rng(3))
    assert "path-finding" in d.g.players[buyer].deck  # the buyer knows it


# ---- Challenging rampaging enemies on several adjacent spaces in one action (MARAUDING ORCS /
# DRACONUM "Action"; facts 5.4 "challenge adjacent rampaging enemies"; RB Combat 1d "If there are
# rampaging enemies on multiple adjacent spaces, you can choose to challenge one or more of them") --
def _orcs_around(*tokens: str) -> tuple[MKState, list[str]]:
    """Orc tokens on spaces next to the hero (one per space, plains with orcs)."""
    from boardrules.games.mage_knight.game_state import Token
    from boardrules.games.mage_knight.hexmap import neighbours

    s = turn("march rage")
    g = s.g
    around = [h for h in neighbours(me(s).position) if h in g.spaces][:len(tokens)]
    for h, tok in zip(around, tokens, strict=True):
        g.spaces[h] = ("countryside-5", 2)  # an orcs' space
        g.enemies[h] = [Token(tok, True)]
    s.cached = None
    return s, [f"{q}:{r}" for q, r in around]


def test_challenge_two_adjacent_rampaging_spaces_in_one_action() -> None:
    s, (a, b) = _orcs_around("prowlers", "diggers")
    assert f"challenge {a}" in legal(s) and f"challenge {b}" in legal(s)
    do(s, f"challenge {a}")
    assert legal(s) == [f"challenge {b}", "challenge done"]  # one or more of them
    do(s, f"challenge {b}")
    c = s.g.combat
    assert c is not None and sorted(e.token for e in c.enemies) == ["diggers", "prowlers"]
    assert not s.g.enemies.get(tuple(map(int, a.split(":"))))  # both spaces' tokens are in the combat


def test_challenge_one_of_two_adjacent_rampaging_spaces_then_done() -> None:
    s, (a, b) = _orcs_around("prowlers", "diggers")
    do(s, f"challenge {b}", "challenge done")
    c = s.g.combat
    assert c is not None and [e.token for e in c.enemies] == ["diggers"]
    assert s.g.enemies[tuple(map(int, a.split(":")))][0].id == "prowlers"  # left on its space
    assert me(s).acted  # one action a turn: no other challenge after this combat


def test_end_of_turn_healing_essence_then_discarding_non_wound_cards() -> None:
    s = turn("march rage wound")
    _on_site(s, "glade")
    p = me(s)
    p.deck = ["stamina", "promise", "threaten", "swiftness", "tranquility"]
    p.must_play = False
    s.cached = None
    acts = legal(s)
    assert "end-turn-discard wound-from-hand" in acts and "end-turn wound-from-hand" in acts
    player = s.g.current
    do(s, "end-turn-discard wound-from-hand")
    assert sorted(legal(s)) == ["shed march", "shed rage"]  # step 6 after step 4's choice
    do(s, "shed rage", "shed done")
    q = s.g.players[player]
    assert "wound" not in q.hand + q.discard and "rage" in q.discard  # the Wound thrown away, Rage discarded
    assert sorted(q.hand) == sorted(["march", "promise", "threaten", "swiftness", "tranquility"])  # drawn up to 5


def test_end_of_turn_a_deep_mines_crystal_then_discarding_non_wound_cards() -> None:
    s = turn("march rage")
    p = me(s)
    tile, i = _on_site(s, "deep-mine")
    mine = GAME.t.tile[tile].hexes[i].mine
    acts = legal(s)
    assert "end-turn-discard" not in acts  # the crystal's colour is asked first
    assert [a for a in acts if a.startswith("end-turn-discard")] == [f"end-turn-discard {c}" for c in sorted(mine)]
    player = s.g.current
    crystals = dict(p.crystals)
    do(s, f"end-turn-discard {sorted(mine)[0]}", "shed march", "shed done")
    q = s.g.players[player]
    assert q.crystals[sorted(mine)[0]] == crystals[sorted(mine)[0]] + 1 and "march" in q.discard


# ---- The mana a site is paid with, named by the player (facts 5.3 "powering ... pure mana = Source die
# or mana token; crystals"; MAGE TOWER "Spells ... 7 Influence plus a mana"; ANCIENT RUINS "Altar: pay 3
# mana") --------------------------------------------------------------------------------------------
def test_mage_tower_a_spells_mana_from_the_source_die_the_player_names_keeping_the_crystal() -> None:
    s = turn("march", faces="red blue green white")
    _on_site(s, "mage-tower")
    g = s.g
    p = me(s)
    g.conquered.add(p.position)
    g.spell_offer = ["fireball", "snowstorm"]
    p.influence_points, p.crystals["red"] = 7, 1
    s.cached = None
    do(s, "buy-spell red")
    assert sorted(legal(s)) == ["pay red crystal", "pay red die-1"]
    do(s, "pay red die-1")
    p = me(s)
    assert p.crystals["red"] == 1 and s.g.source_used == [0] and p.pending == ["spell:red"]


def test_ancient_ruins_altar_each_mana_from_the_source_the_player_names() -> None:
    from boardrules.games.mage_knight.game_state import Token

    s = turn("march", faces="green blue red white")
    _on_site(s, "ruins")
    g = s.g
    p = me(s)
    g.ruins[p.position] = Token("altar-green", True)
    p.crystals["green"], p.mana["green"] = 2, 1
    s.cached = None
    do(s, "altar")
    assert sorted(legal(s)) == ["pay green crystal", "pay green die-1", "pay green token"]
    do(s, "pay green die-1", "pay green token", "pay green crystal")
    p = me(s)
    assert p.crystals["green"] == 1 and p.mana["green"] == 0 and p.position in s.g.conquered


# ---- The Scouts look at the top of an enemy pile (facts 3.4 Scouts: "look at a face-down token within
# 3 spaces or the top of an enemy pile; Fame +1 if you defeat it this turn") ------------------------
def _scouted_pile() -> tuple[MKState, str]:
    s = turn("march", units="scouts")
    _on_site(s, "dungeon")
    do(s, "activate scouts-1 scout")
    assert "scout brown" in legal(s) and "scout green" in legal(s)
    do(s, "scout brown")
    return s, s.g.enemy_piles["brown"][-1]


def test_units_scouts_look_at_the_top_of_an_enemy_pile_the_next_token_drawn_from_it() -> None:
    s, top = _scouted_pile()
    owner, other = s.g.current, 1 - s.g.current
    assert ["pile:brown", top] in GAME.view(s, owner)["players"][owner]["scouted"]
    assert GAME.view(s, other)["players"][owner]["scouted"] == [["pile:brown", ""]]  # where, not what
    fame = me(s).fame
    do(s, "enter")  # a dungeon: a brown token drawn, the top the Scouts looked at
    c = s.g.combat
    assert c is not None and [e.token for e in c.enemies] == [top]
    assert "brown" not in s.g.pile_tops  # drawn: the pile is random again
    assert me(s).fame == fame


def test_units_scouts_the_pile_top_kept_for_its_player_resampled_for_the_others() -> None:
    from boardrules.engine import Rng

    s, top = _scouted_pile()
    owner, other = s.g.current, 1 - s.g.current
    for seed in range(6):
        mine = GAME.determinize(s, owner, Rng(seed))
        assert mine.g.enemy_piles["brown"][-1] == top
    theirs = [GAME.determinize(s, other, Rng(seed)) for seed in range(10)]
    assert {x.g.enemy_piles["brown"][-1] for x in theirs} != {top}
    for x in theirs:  # the owner's knowledge follows the token now on top
        assert (owner, "pile:brown", x.g.enemy_piles["brown"][-1]) in x.g.scouted
        assert GAME.view(x, other) == GAME.view(s, other)


def test_units_scouts_a_summon_attack_draws_the_pile_top_looked_at() -> None:
    s, (a,) = _orcs_around("orc-summoners")
    me(s).units = [["scouts", 0, False]]
    s.cached = None
    do(s, "activate scouts-1 scout", "scout brown")
    top = s.g.enemy_piles["brown"][-1]
    do(s, f"challenge {a}", "next")  # the Block phase: the summoner draws a brown token
    c = s.g.combat
    assert c is not None and [e.token for e in c.enemies if e.summoner >= 0] == [top]


def test_units_scouts_a_summoner_on_the_pile_top_leaves_the_summon_random() -> None:
    """3.4 Scouts look at the green pile's top and see the Orc Summoners; the Shrouded
    Necromancers' Summon Attack (green) never summons a summoner, so it draws at random among the
    others below, unknown to all (it drew the same token every time: the list's last)."""
    from boardrules.engine import Rng

    s, (a,) = _orcs_around("shrouded-necromancers")
    me(s).units = [["scouts", 0, False]]
    s.cached = None
    do(s, "activate scouts-1 scout", "scout green")
    g = s.g
    pile = g.enemy_piles["green"]  # the top looked at is the Orc Summoners
    pile.remove("orc-summoners")
    pile.append("orc-summoners")
    g.scouted = tuple((o, w, "orc-summoners" if w == "pile:green" else x) for o, w, x in g.scouted)
    s.cached = None
    do(s, f"challenge {a}")
    summoned = set()
    for seed in range(8):
        x = GAME.clone(s)
        x.g.rng = Rng(seed)
        do(x, "next")  # the Block phase: the Necromancers summon a green token
        c = x.g.combat
        assert c is not None
        summoned |= {e.token for e in c.enemies if e.summoner >= 0}
    assert "orc-summoners" not in summoned and len(summoned) > 1


# ---- A maze's path paid with Move not left from the Move phase (MAZE "Choosing Path: Pay 2, 4, or 6
# Move. (Move points left from the Move phase cannot be used for this.)"; facts 4.4 "pay 2/4/6 Move
# from the action itself") ---------------------------------------------------------------------------
def _maze_by_an_open_position() -> MKState:
    """The hero stands on a maze (a space made one) next to a position a tile may be explored at."""
    s = turn("march march march rage")
    tile, i = next((x.id, j) for x in GAME.t.tiles for j, h in enumerate(x.hexes) if h.site == "maze")
    s.g.spaces[(2, -3)] = (tile, i)
    me(s).position = (2, -3)
    s.cached = None
    return s


def test_maze_choosing_path_move_left_after_exploring_is_from_the_move_phase() -> None:
    s = _maze_by_an_open_position()
    do(s, "play march basic", "play march basic", "play march basic")  # Move 6
    assert "explore 1:1" in legal(s)
    do(s, "explore 1:1")  # 2 Move for the tile: the 4 left are the Move phase's
    assert not [a for a in legal(s) if a.startswith("enter")]
    do(s, "play rage move")  # Move 1 after the Move phase: not enough for a path
    assert not [a for a in legal(s) if a.startswith("enter")]


def test_maze_choosing_path_move_played_after_exploring_pays_it() -> None:
    s = _maze_by_an_open_position()
    do(s, "play march basic", "play march basic", "explore 1:1", "play march basic")
    assert me(s).move_points == 4
    assert [a for a in legal(s) if a.startswith("enter")] == ["enter 2"]  # the third March's Move 2 only


def test_maze_choosing_path_move_left_after_flight_is_from_the_move_phase() -> None:
    s = turn("march march", skills="flight")
    tile, i = next((x.id, j) for x in GAME.t.tiles for j, h in enumerate(x.hexes) if h.site == "maze")
    s.g.spaces[(1, -1)] = (tile, i)
    s.cached = None
    do(s, "play march basic", "play march basic", "skill flight", "move 1:-1")  # Move 4, a flight for free
    assert me(s).position == (1, -1) and me(s).move_points == 4
    assert not [a for a in legal(s) if a.startswith("enter")]  # the 4 are the Move phase's


def test_maximal_effect_powered_frost_bridge_twice_its_lake_crossing_needs_no_mana() -> None:
    s = turn("maximal-effect frost-bridge march", faces="red red red red")
    do(s, "play maximal-effect powered", "throw frost-bridge", "pay red die-1")
    p = me(s)
    assert p.move_points == 8 and ("enter", "lake", 1) in p.lasting


# ---- Rampaging enemies challenged to join a combat a move started (RB Combat 2c: "If your move
# started a combat and there are one or more rampaging enemies adjacent to the space you moved into,
# you may challenge them to join the fight"; facts mage-knight.md "Rampaging enemies that join an
# assault are not fortified") ------------------------------------------------------------------------
def _move_next_to_orcs(target: tuple[str, int] = ("starting-a", 2), defender: str = "") -> MKState:
    """The hero at 0:0 with orcs on 1:-1 (provoked by a move to 1:0) and on 2:-1 (next to 1:0 only);
    1:0 is ``target``'s space (a plain, or a keep with ``defender``)."""
    from boardrules.games.mage_knight.game_state import Token

    s = turn("march march")
    g = s.g
    for h in ((0, 0), (1, 0), (1, -1), (2, -1)):
        g.spaces[h] = ("starting-a", 2)  # plains
    g.spaces[(1, 0)] = target
    for h, tok in (((1, -1), "prowlers"), ((2, -1), "diggers")):
        g.spaces[h] = ("countryside-5", 2)  # orcs
        g.enemies[h] = [Token(tok, True)]
    if defender:
        g.enemies[(1, 0)] = [Token(defender, True)]
    me(s).position = (0, 0)
    s.cached = None
    return s


def test_challenge_rampaging_enemies_to_join_a_combat_a_move_provoked() -> None:
    s = _move_next_to_orcs()
    do(s, "play march basic", "move 1:0")  # provokes the Prowlers on 1:-1
    assert s.g.combat is None and legal(s) == ["challenge 2:-1", "challenge done"]
    do(s, "challenge 2:-1")
    c = s.g.combat
    assert c is not None and sorted(e.token for e in c.enemies) == ["diggers", "prowlers"]


def test_challenge_rampaging_enemies_to_join_an_assault_unfortified() -> None:
    from boardrules.games.mage_knight.enemies import site_fortification

    s = _move_next_to_orcs(target=("countryside-3", 1), defender="guardsmen")
    do(s, "play march basic", "play march basic", "move 1:0")  # hills: an assault of the keep
    assert legal(s) == ["challenge 2:-1", "challenge done"]  # the Prowlers are provoked already
    do(s, "challenge 2:-1")
    c = s.g.combat
    assert c is not None and sorted(e.token for e in c.enemies) == ["diggers", "guardsmen", "prowlers"]
    by = {e.token: e for e in c.enemies}
    assert by["diggers"].rampaging and site_fortification(c, GAME.t, by["diggers"]) == 0
    assert site_fortification(c, GAME.t, by["guardsmen"]) == 1


def test_challenge_to_join_done_the_combat_of_the_move_alone() -> None:
    s = _move_next_to_orcs()
    do(s, "play march basic", "move 1:0", "challenge done")
    c = s.g.combat
    assert c is not None and [e.token for e in c.enemies] == ["prowlers"]


def test_challenge_to_join_an_assault_across_a_wall_the_challenged_enemy_is_fortified() -> None:
    """WALLS "Combat": "When challenging rampaging enemies across a wall, consider the enemies to be
    fortified", also those challenged to join an assault; the garrison is double fortified."""
    from boardrules.games.mage_knight.combat import start_combat
    from boardrules.games.mage_knight.enemies import site_fortification

    c = start_combat(GAME.t, ["prowlers", "swordsmen"], rampaging=[True, False], site="keep", site_fortified=True,
                     across_wall=[True, True])
    assert site_fortification(c, GAME.t, c.enemies[0]) == 1 and site_fortification(c, GAME.t, c.enemies[1]) == 2


def test_end_of_turn_crystal_joy_back_to_hand_on_a_deep_mine_with_its_crystal() -> None:
    s, player, colour, crystals = joy_played_on_a_deep_mine()
    assert f"return rage {colour}" in legal(s)  # a deep mine: the crystal's colour named too
    do(s, f"return rage {colour}")
    p = s.g.players[player]
    assert "crystal-joy" in p.hand and "rage" in p.discard and p.crystals[colour] == crystals + 1


def test_end_of_turn_crystal_joy_back_to_hand_with_healing_essence() -> None:
    s = turn("crystal-joy march rage wound", faces="red")
    _on_site(s, "glade")
    do(s, "play crystal-joy basic", "colour red", "pay red die-1")
    player = s.g.current
    assert "return rage wound-from-hand" in legal(s) and "return rage" in legal(s)
    do(s, "return rage wound-from-hand")
    p = s.g.players[player]
    assert "crystal-joy" in p.hand and "rage" in p.discard and "wound" not in p.hand + p.discard
