"""Mage Knight's research interfaces (docs/research.md "Mage Knight"): its action space, the same
for every state of a player count, and its observation vector, read only from a player's view;
every public part of the view (a maze's Move left, the turn's marks, the open discard piles, the
scenario's city levels, ...) reads into its own slot of the vector."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mk_positions import GAME, _changed, _play, _set_up, turn

import boardrules
from boardrules.engine import Action, Rng
from boardrules.engine.spaces import ActionSpaceError
from boardrules.games import load_game
from boardrules.games.mage_knight.game_state import MKState, add, mark_entry
from boardrules.games.mage_knight.research.action_space import (
    map_spaces,
    most_enemies,
    tile_positions,
)
from boardrules.games.mage_knight.research.observation_fields import (
    AROUND,
    SITES,
    TERRAINS,
)
from boardrules.games.mage_knight.research.observation_map import MAP_NUMBERS

# the second process imports the code under test (this checkout's), whatever is installed
SOURCE = str(Path(boardrules.__file__).resolve().parents[1])

SET_UPS = [("solo-conquest", 1), ("first-reconnaissance", 2), ("first-reconnaissance", 3),
           ("first-reconnaissance", 4), ("full-conquest", 2), ("full-conquest", 3), ("full-conquest", 4)]


@pytest.mark.parametrize(("scenario", "players"), SET_UPS)
def test_every_legal_action_of_random_games_has_an_index_that_round_trips(scenario: str, players: int) -> None:
    space = GAME.action_space(players, {"scenario": scenario})
    assert space.digest == GAME.action_space(players).digest  # the scenario does not change it
    nvec = space.nvec
    names = set()
    for seed in range(2 if players <= 2 else 1):  # the longer games once: the suite stays fast
        s = GAME.new_state(players, seed, {"scenario": scenario})
        rng = random.Random(seed)
        while (d := GAME.decision(s)) is not None:
            indices = space.indices(d.actions)
            assert len(set(indices)) == len(indices)
            for a, i in zip(d.actions, indices, strict=True):
                assert space.action(i) == a
                parts = space.factored(a)
                assert len(parts) == len(nvec) and all(0 <= p < m for p, m in zip(parts, nvec, strict=True))
                assert space.from_factored(parts) == a
                names.add(a.name)
            GAME.apply(s, rng.choice(d.actions))
    assert {"tactic", "play", "pay", "move", "end-turn"} <= names


def test_the_layout_is_the_same_in_a_second_process() -> None:
    here = [GAME.action_space(n).digest for n in (1, 2, 3, 4)]
    code = ("from boardrules.games import load_game\ng = load_game('mage-knight')\n"
            "for n in (1, 2, 3, 4):\n print(g.action_space(n).digest, g.observation_schema(n).size)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "4321", "PYTHONPATH": SOURCE}).stdout.split()
    assert out[::2] == here
    assert [int(x) for x in out[1::2]] == [GAME.observation_schema(n).size for n in (1, 2, 3, 4)]
    assert len(set(here)) == 4  # the Source's dice (players + 2) number the dice


def test_facts_4_2_the_map_bound_holds_every_tile_the_sets_can_place() -> None:
    """Facts 4.2: each tile placed touches a placed tile, so with the base set's 19 tiles (11
    countryside, 8 core) no tile lies more than 19 steps out, inside the wedge (x, y >= 0)."""
    positions = tile_positions(GAME.t, ["wedge"], ["base"])
    assert len(positions) == sum(1 for x in range(20) for y in range(20) if x + y <= 19) == 210
    assert positions[0] == (0, 0) and (19, 0) in positions and (0, 19) in positions and (20, 0) not in positions
    assert len(map_spaces(positions)) == 7 * 210
    space = GAME.action_space(2)
    far = Action.parse("move 57:-38")  # the centre space of tile position (19, 0): (3x + y, -2x - 3y)
    assert space.action(space.index(far)) == far
    with pytest.raises(ActionSpaceError, match=r"'60:-40' is not among the 1470 values of slot 1 of 'move'"):
        space.index(Action.parse("move 60:-40"))
    assert space.action(space.index(Action.parse("explore 19:0"))) == Action.parse("explore 19:0")


def test_combat_actions_reach_the_documented_most_enemies() -> None:
    """A city garrison (up to 5), the rampaging enemies of the six spaces around, each doubled by
    a summoned enemy: 22 enemies, each attack named ``N`` or ``N.A``."""
    assert most_enemies(GAME.t) == 22
    space = GAME.action_space(3)
    for text in ("target 22", "block 22.3", "assign 7.2 unit peasants-3", "assign 1 hero", "activate foresters-2 move",
                 "take spell:red fireball", "take advanced-action:decompose", "level-up dark-paths", "learn decompose",
                 "untarget 22", "confirm", "back",
                 "pay black die-5", "pay gold token"):
        a = Action.parse(text)
        assert space.action(space.index(a)) == a, text
    with pytest.raises(ActionSpaceError, match="'die-6' is not among the 7 values of slot 2 of 'pay'"):
        GAME.action_space(3).index(Action.parse("pay red die-6"))  # 3 players roll 5 dice


# a seed whose random game has combats (Solo Conquest's seed 11 has none since the heroes answer before the Dummy's turn)
@pytest.mark.parametrize(("scenario", "players", "seed"), [("solo-conquest", 1, 9), ("full-conquest", 3, 11)])
def test_equal_views_give_equal_observation_vectors(scenario: str, players: int, seed: int) -> None:
    schema = GAME.observation_schema(players)
    s = GAME.new_state(players, seed, {"scenario": scenario})
    rng = random.Random(seed)
    checked = combats = 0
    for step in range(400):
        d = GAME.decision(s)
        if d is None:
            break
        if step % 10 == 0 or s.g.combat is not None and combats < 5:
            combats += s.g.combat is not None
            for player in range(players):
                twin = GAME.determinize(s, player, Rng(5 + step))
                assert GAME.view(twin, player) == GAME.view(s, player)
                vec = schema.check(GAME.view(s, player))
                assert vec == schema.vector(GAME.view(twin, player)) and len(vec) == schema.size
                checked += 1
        GAME.apply(s, rng.choice(d.actions))
    assert checked > 20 and combats > 0


def _field(players: int, name: str) -> tuple[int, int]:
    schema = GAME.observation_schema(players)
    return next((first, size) for first, size, field, _ in schema.layout() if field == name)


def test_a_face_up_enemy_reads_into_its_space_of_the_map_plane() -> None:
    schema = GAME.observation_schema(2)
    first, size = _field(2, "map")
    spaces = map_spaces(tile_positions(GAME.t, ["wedge"], ["base"]))
    view = {"tiles": {"0,0": "starting-a"}, "enemies": {"1,-1": [["prowlers", True], ["green", False]]},
            "conquered": ["1,-1"], "players": [{"position": [0, 0], "hand": []}, {"position": [1, -1]}]}
    vec = schema.vector(view)
    w = len(MAP_NUMBERS)
    at = first + spaces.index((1, -1)) * w
    assert vec[at:at + w] == [1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    assert sum(vec[first:first + size]) == 7 + 3  # the starting tile's 7 spaces, then the tokens
    you, _ = _field(2, "you")
    assert vec[you:you + 4] == [1.0, 0.0, 0.0, 0.0]  # the seat whose hand the view shows
    # seat 1's hero stands on the enemies' space: its first space around reads their tokens
    around, _ = _field(2, "around")
    per_space = 1 + len(TERRAINS) + len(SITES) + 2
    mine = around + len(AROUND) * per_space
    assert vec[mine] == 1.0 and vec[mine + per_space - 2:mine + per_space] == [1.0, 1.0]


def test_the_map_read_once_for_a_set_of_tiles_follows_each_tile_explored() -> None:
    """The tiles, map and around fields keep what a set of tiles prints (observation_map.py): a
    view with a tile more, then the first view again, read as a schema that never saw them."""
    kept = GAME.observation_schema(2)
    one = {"tiles": {"0,0": "starting-a"}, "enemies": {"1,-1": [["prowlers", True]]},
           "players": [{"position": [0, 0], "hand": []}, {"position": [1, -1]}]}
    two = {**one, "tiles": {"0,0": "starting-a", "1,0": "countryside-1"},
           "players": [{"position": [3, -2], "hand": []}, {"position": [1, -1]}]}
    odd = {**one, "tiles": {"0,0": ["starting-a"]}}  # a tile that is no key: read each time
    for view in (one, two, one, odd, two, odd):
        fresh = GAME.observation_schema(2)
        assert kept.vector(view) == fresh.vector(view) == fresh.check(view)
    assert kept.vector(one) != kept.vector(two)
    first, size = _field(2, "tiles")
    assert sum(kept.vector(two)[first:first + size]) == 2


def test_the_observation_hides_what_the_view_hides_and_has_one_length() -> None:
    s = _play(2, 4, "first-reconnaissance", until=30)
    schema = GAME.observation_schema(2)
    first, size = _field(2, "players")
    mine, theirs = schema.vector(GAME.view(s, 0)), schema.vector(GAME.view(s, 1))
    assert len(mine) == len(theirs) == schema.size
    assert mine != theirs
    per_seat = size // 4
    cards = len(GAME.t.cards)
    hand = first + per_seat - 3 * cards  # hand, deck, unseen cards: the last three counts per card
    assert sum(mine[hand:hand + cards]) == len(s.g.players[0].hand)
    assert sum(theirs[hand:hand + cards]) == 0  # seat 1 does not see seat 0's hand
    assert len(schema.check({"players": "odd", "tiles": {"x": 3}, "enemies": {"1,1": [None]}})) == schema.size


def test_docs_research_md_lists_mage_knights_layout() -> None:
    doc = (Path(__file__).parents[3] / "docs" / "research.md").read_text(encoding="utf-8")
    g = load_game("mage-knight")
    space, schema = g.action_space(2), g.observation_schema(2)
    assert f"(`{space.key}`)" in doc
    for first, size, what in space.layout():
        assert f"| {first}-{first + size - 1} | `{what}` |" in doc
    for first, size, name, meaning in schema.layout():
        assert f"| {name} | {first}-{first + size - 1} | {meaning} |" in doc
    sizes = ", ".join(f"{n} player{'s' if n > 1 else ''}: {g.action_space(n).size:,} actions, "
                      f"{g.observation_schema(n).size:,} numbers" for n in (1, 2, 3, 4))
    assert sizes in doc


def _vectors_differ(change: Any, players: int = 2) -> tuple[list[float], list[float]]:
    """The observing seat's vector before and after ``change`` to a hand-set state (its view must
    change too), and a check that a determinized twin of the changed state reads the same."""
    schema = GAME.observation_schema(players)
    s = _set_up(players)
    before = schema.check(GAME.view(s, 0))
    change(s)
    after = schema.check(GAME.view(s, 0))
    twin = GAME.determinize(s, 0, Rng(9))
    assert schema.vector(GAME.view(twin, 0)) == after
    low, high = schema.low, schema.high
    assert all(lo <= x <= hi for lo, x, hi in zip(low, after, high, strict=True))
    return before, after


@pytest.mark.parametrize(("what", "value"), [
    ("mana_steal", (1, 2)), ("sideways_bonus", "universal-power:red"), ("hand_bonus", 2), ("recruited", 1),
    ("heal_points", 3), ("polarized", True), ("extra_turn", True)])
def test_the_turns_public_state_reads_into_the_turn_field(what: str, value: Any) -> None:
    before, after = _vectors_differ(lambda s: setattr(s.g, what, value))
    assert _changed(before, after) == {"turn"}


def test_the_count_of_cards_under_sparing_power_is_seen_but_not_the_cards() -> None:
    def spare(s: MKState) -> None:
        p = s.g.players[1]
        s.g.spared = (s.g.spared[0], (p.hand.pop(),))
    before, after = _vectors_differ(spare)
    assert _changed(before, after) == {"players"}  # the hand shrinks by one, the spared count grows
    schema = GAME.observation_schema(2)
    s = _set_up()
    spare(s)
    first, size = _field(2, "players")
    seat = size // 4
    view = GAME.view(s, 0)
    view["players"][1]["spared_size"] = 0
    assert schema.vector(view)[first + seat:first + 2 * seat] != after[first + seat:first + 2 * seat]


def _in_combat() -> MKState:
    """A 2-player game played at random up to its first combat."""
    for seed in range(40):
        s = GAME.new_state(2, seed, {"scenario": "first-reconnaissance"})
        rng = random.Random(seed)
        while (d := GAME.decision(s)) is not None and s.g.round == 1:
            GAME.apply(s, rng.choice(d.actions))
            if s.g.combat is not None and s.g.combat.enemies:
                return s
    raise AssertionError("no combat in 40 games")


@pytest.mark.parametrize("change", ["resistances_lost", "lost_abilities", "this_combat"])
def test_a_combats_lasting_changes_read_into_the_combat_field(change: str) -> None:
    """Chill (fire Resistance lost), Chilling Stare (attack abilities lost), and the marks of
    Combat.this_combat (Into the Heat: no damage to Units) each change the combat's numbers."""
    schema = GAME.observation_schema(2)
    s = _in_combat()
    seat = s.g.combat.player
    before = schema.check(GAME.view(s, seat))
    c = s.g.combat
    if change == "resistances_lost":
        c.enemies[0].resistances_lost.append("fire")
    elif change == "lost_abilities":
        c.enemies[0].lost_abilities = True
    else:
        c.this_combat.append("no-unit-damage")
    after = schema.check(GAME.view(s, seat))
    first, size = _field(2, "combat")
    assert {i for i, (x, y) in enumerate(zip(before, after, strict=True)) if x != y} <= set(range(first, first + size))
    assert before != after
    assert schema.vector(GAME.view(GAME.determinize(s, seat, Rng(3)), seat)) == after
    assert all(lo <= x <= hi for lo, x, hi in zip(schema.low, after, schema.high, strict=True))


@pytest.mark.parametrize("change", ["this_turn", "lasting", "lasting-terrain", "banner", "banner-flipped"])
def test_a_players_changes_for_the_rest_of_the_turn_and_banners_read_into_their_seat(change: str) -> None:
    """A red Spell cast (this_turn), Noble Manners waiting for the end of the turn, Frost Bridge's
    swamps and the other seat's Banner of Glory under a Unit, then flipped: each changes that seat's
    numbers only, and the same way whoever looks."""
    def edit(s: MKState) -> None:
        p = s.g.players[1]
        if change == "this_turn":
            add(p, "cast:", "red")
        elif change == "lasting":
            p.lasting = (("noble-manners", "", 2),)
        elif change == "lasting-terrain":
            p.lasting = (("set", "swamp", 1),)
        else:
            p.banners = {"peasants-1": "banner-of-glory" + (":flipped" if change == "banner-flipped" else "")}
    before, after = _vectors_differ(edit)
    first, size = _field(2, "players")
    seat = size // 4
    diff = {i for i, (x, y) in enumerate(zip(before, after, strict=True)) if x != y}
    assert diff and diff <= set(range(first + seat, first + 2 * seat))
    if change == "banner-flipped":  # differs from the Banner unflipped
        s = _set_up()
        s.g.players[1].banners = {"peasants-1": "banner-of-glory"}
        assert GAME.observation_schema(2).vector(GAME.view(s, 0)) != after


def test_the_cards_under_sparing_power_read_into_their_owners_vector_only() -> None:
    """Their owner knows the cards put face down under Sparing Power; the other seat sees how many."""
    schema = GAME.observation_schema(2)
    s = _set_up()
    first, size = _field(2, "players")
    seat = size // 4
    mine, theirs = schema.vector(GAME.view(s, 0)), schema.vector(GAME.view(s, 1))
    p = s.g.players[0]
    card = p.hand.pop()
    s.g.spared = ((card,), s.g.spared[1])
    mine2, theirs2 = schema.vector(GAME.view(s, 0)), schema.vector(GAME.view(s, 1))
    cards = len(GAME.t.cards)
    spared = first + seat - 7 * cards  # then play area, discard, thrown, hand, deck, unseen
    k = [c.id for c in GAME.t.cards].index(card)
    assert mine[spared + k] == 0 and mine2[spared + k] == 1
    assert theirs2[spared:spared + cards] == [0.0] * cards  # seat 1 sees only the count
    assert theirs2 != theirs  # the count


def test_a_banner_reads_the_unit_it_is_under() -> None:
    """Facts 3.3: a Banner is attached to one Unit; the vector names that Unit."""
    schema = GAME.observation_schema(2)
    vectors = []
    for label in ("peasants-1", "foresters-1"):
        s = _set_up()
        s.g.players[1].banners = {label: "banner-of-glory"}
        vectors.append(schema.check(GAME.view(s, 0)))
    assert vectors[0] != vectors[1]


def test_maze_move_left_reads_into_the_players_field() -> None:
    """MAZE 'Choosing Path': the Move points left after the hero's last step are public and pay a path."""
    schema = GAME.observation_schema(2)
    s = _set_up()
    before = schema.check(GAME.view(s, 0))
    s.g.players[1].move_left = 3
    after = schema.check(GAME.view(s, 0))
    assert _changed(before, after) == {"players"}


def test_magic_familiars_and_their_mana_token_read_into_their_owners_seat() -> None:
    """Facts 3.4: the Magic Familiars keep a mana token on their card (public); a Unit entry with
    its token after the three numbers was read as no Unit at all."""
    from mk_positions import _changed, _set_up

    schema = GAME.observation_schema(2)
    s = _set_up()
    before = schema.check(GAME.view(s, 0))
    s.g.players[1].units = [["magic-familiars", 0, False, "red"]]
    red = schema.check(GAME.view(s, 0))
    assert _changed(before, red) == {"players"}
    s.g.players[1].units = [["magic-familiars", 0, False, "blue"]]
    assert schema.check(GAME.view(s, 0)) != red


def test_the_turns_move_bonus_terrain_discount_and_last_turns_read_into_the_vector() -> None:
    """Tirelessness (move_bonus), Path Finding (terrain_less), the seats still to take their last
    turn of the round (facts 5.3 'Announcing End of Round') and of the game: public, and read."""
    from mk_positions import _changed, _set_up

    schema = GAME.observation_schema(2)
    s = _set_up()
    before = schema.check(GAME.view(s, 0))
    s.g.players[1].move_bonus, s.g.players[1].terrain_less = 1, 1
    assert _changed(before, schema.check(GAME.view(s, 0))) == {"players"}
    s = _set_up()
    s.g.final_turns, s.g.last_turns = [1], (0, 1)
    assert _changed(before, schema.check(GAME.view(s, 0))) == {"end"}


def test_master_of_chaos_and_puppet_master_tokens_read_into_the_vector() -> None:
    """Facts 3.5: Master of Chaos's token (the colour it points at) and the enemy tokens kept face up
    by Puppet Master are public, and read into the other players' vectors."""
    from mk_positions import _changed, _set_up

    schema = GAME.observation_schema(2)
    s = _set_up()
    before = schema.check(GAME.view(s, 0))
    token = next(iter(GAME.t.enemy))
    s.g.players[1].chaos, s.g.players[1].puppets = "red", (token,)
    after = schema.check(GAME.view(s, 0))
    assert _changed(before, after) == {"players"}
    s.g.players[1].chaos = "blue"
    assert schema.check(GAME.view(s, 0)) != after


# ---- the public parts of the view read into the observation vector ------------------------------


def _field_of(change, players: int = 2) -> set[str]:  # type: ignore[no-untyped-def]
    """The observation fields that ``change`` to a hand-set state changes, as seat 0 sees it."""
    from mk_positions import _changed, _set_up

    schema = GAME.observation_schema(players)
    s = _set_up(players)
    before = schema.check(GAME.view(s, 0))
    change(s)
    s.cached = None
    return _changed(before, schema.check(GAME.view(s, 0)))


def test_the_open_discard_piles_and_the_cards_seen_under_the_decks_read_into_the_vector() -> None:
    """Facts 5.2 steps 2-3 and the enemy and ruins discard piles (open): public, and read."""
    enemy, ruins = GAME.t.enemies[0], GAME.t.ruins[0].id
    assert _field_of(lambda s: s.g.enemy_discards[enemy.colour].append(enemy.id)) == {"discards"}
    assert _field_of(lambda s: s.g.ruins_discard.append(ruins)) == {"discards"}

    def under(s: MKState) -> None:
        s.g.aa_deck.insert(0, s.g.aa_offer[0])
        s.g.deck_bottoms = (1, *s.g.deck_bottoms[1:])
    assert "discards" in _field_of(under)


def test_the_maze_paths_the_combat_site_and_the_turns_way_read_into_the_vector() -> None:
    """MAZE / LABYRINTH "Choosing Path" (the paths conquered, public), what a combat is for, and the
    turn's path, start and last step (Forced Withdrawal, facts 5.7 step 2; walls in an assault)."""
    from mk_positions import _set_up

    maze = next(h for h in _set_up().g.spaces)
    assert _field_of(lambda s: s.g.maze_paths.update({maze: {4: 1}})) == {"mazes"}
    assert _field_of(lambda s: s.g.combat_site.update({"kind": "maze", "at": maze, "homes": [], "path": 4})) \
        == {"combat_site"}

    def walked(s: MKState) -> None:
        p = s.g.players[1]
        p.path, p.came_from, p.provoked, p.conquered_mazes = [maze], maze, [maze], [maze]
    assert _field_of(walked) == {"players"}


def test_the_scenarios_city_levels_and_the_countryside_tiles_to_come_read_into_the_vector() -> None:
    """Facts 5.8: the levels of the cities still to be revealed, the cities closed (First
    Reconnaissance), and the countryside tiles when the scenario fixes their order."""
    countryside = next(x.id for x in GAME.t.tiles if x.kind == "countryside")
    assert _field_of(lambda s: setattr(s.g, "city_levels", [7, 9])) == {"scenario_state"}

    def fixed(s: MKState) -> None:
        s.g.tile_order_known = True
        s.g.tile_deck = [countryside, *[x for x in s.g.tile_deck if x != countryside]]
    assert "discards" in _field_of(fixed)


# ---- every mark of a turn, a combat and the skills used has its slot (issue 11) ------------------


def test_forked_dueled_and_on_her_own_each_read_into_their_own_slot_not_the_others() -> None:
    """Facts 3.5 Forked Lightning, Dueling, On Her Own: their marks of the turn or combat are
    public; each reads into its own slot, unlike a mark no rule knows (counted as "others")."""
    from mk_positions import _set_up

    schema = GAME.observation_schema(2)

    def vector(this_turn: list[str], skills_used: list[str]) -> list[float]:
        s = _set_up()
        s.g.players[1].lasting = tuple(mark_entry(w) for w in this_turn)
        s.g.players[1].skills_used = skills_used
        return schema.check(GAME.view(s, 0))

    unknown = vector(["no-such-mark"], [])
    assert vector(["on-her-own"], []) != unknown
    assert vector([], ["tactic:long-night"]) != vector([], ["no-such-mark"])
    assert vector([], ["flipped:battle-frenzy"]) != vector([], ["flipped:arcane-disguise"])


def test_the_combats_forked_and_dueled_marks_each_read_into_their_own_slot() -> None:
    schema = GAME.observation_schema(2)

    def vector(marks: list[str]) -> list[float]:
        s = turn("march", fight="prowlers")
        assert s.g.combat is not None
        s.g.combat.this_combat = marks
        return schema.check(GAME.view(s, 1 - s.g.current))

    forked, dueled, unknown = vector(["forked:0"]), vector(["dueled:0"]), vector(["no-such-mark:0"])
    assert len({tuple(forked), tuple(dueled), tuple(unknown)}) == 3


def test_a_mark_no_slot_reads_is_caught_by_the_random_games_invariants() -> None:
    """tests/mk_invariants.py: every random game checks each mark has its slot, so a new mark of
    a rule cannot fall silently into the vector's "others"."""
    from mk_invariants import unread_marks

    s = turn("march", fight="prowlers")
    assert unread_marks(GAME, s.g) == []
    s.g.players[0].lasting = (mark_entry("no-such-mark"),)
    assert s.g.combat is not None
    s.g.combat.this_combat = ["forked:1", "dueled:0", "brand-new:2"]
    assert unread_marks(GAME, s.g) == ["no-such-mark", "brand-new:2"]
