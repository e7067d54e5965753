"""The Master Game apart from the special powers (facts 3.1-3.7 and the excerpt's "Who can
attack?"), from hand-set positions with scripted dice: who can attack, wounds, leaving
engagement, falls, order markers, initiative, turns, the end of the game, army building."""

from __future__ import annotations

from hs_positions import act, at, d20, faces, fig, game_with, names, position

from boardrules.agents import RandomAgent
from boardrules.engine import Action, Event, Rng
from boardrules.games.heroscape import rounds
from boardrules.games.heroscape.game import Heroscape
from boardrules.games.heroscape.state import NO_CARD, SHState

G = game_with()


def events(game: Heroscape, s: SHState, text: str) -> list[Event]:
    return game.apply(s, Action.parse(text))


def dice_of(game: Heroscape, s: SHState, text: str) -> list[int]:
    ev = next(e for e in events(game, s, text) if e.kind == "attack")
    return list(ev.data["dice"])


# -- Who can attack? --------------------------------------------------------------------------------
def test_who_can_attack_only_the_opponents_figures_within_range() -> None:
    # Marro Warriors: Range 6. a1 to g1 is 6 spaces, a1 to h1 is 7
    s = position(G, [(0, "marro-warriors", ["a1"]), (0, "finn", ["a5"]), (1, "syvarris", ["g1"]),
                     (1, "thorgrim", ["h3"])], active="marro-warriors")
    acts = names(G, s)
    assert "attack marro-warriors-1 syvarris" in acts
    assert "attack marro-warriors-1 finn" not in acts  # one's own figure
    assert "attack marro-warriors-1 thorgrim" not in acts  # 7 spaces: beyond Range 6


def test_who_can_attack_needs_a_clear_line_of_sight() -> None:
    g = game_with(ruins=[(3, 0, 12)])  # a tall ruin on d1
    s = position(g, [(0, "marro-warriors", ["a1"]), (1, "syvarris", ["g1"]), (1, "finn", ["j6"])],
                 active="marro-warriors")
    assert "attack marro-warriors-1 syvarris" not in names(g, s)


def test_who_can_attack_if_no_figure_can_the_turn_is_over() -> None:
    s = position(G, [(0, "finn", ["a1"]), (1, "syvarris", ["j6"])], active="finn", stage="move")
    act(G, s, "done")  # no move: Finn (Range 1) is far from everyone
    assert s.stage != "attack" and s.turn_index > 0  # no attack question: the next turn


def test_range_1_is_adjacent_only_and_range_ignores_levels() -> None:
    g = game_with(layout="g1 g1 g4 g1 g1 g1\n")
    s = position(g, [(0, "finn", ["b1"]), (1, "syvarris", ["c1"]), (1, "thorgrim", ["e1"])], active="finn")
    acts = names(g, s)
    assert "attack finn syvarris" in acts  # adjacent, 3 levels up
    assert "attack finn thorgrim" not in acts


def test_engaged_figures_attack_only_the_figures_they_are_engaged_with() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (1, "finn", ["b1"]), (1, "thorgrim", ["f3"])], active="syvarris")
    assert names(G, s) == ["attack syvarris finn", "done"]


def test_engagement_height_exception_frees_the_higher_figure() -> None:
    # b1 is 5 levels above a1: Finn (Height 5) on a1 is not adjacent to Syvarris on b1
    g = game_with(layout="g1 g6 g6 g6 g6 g6 g6 g6\n")
    s = position(g, [(0, "syvarris", ["b1"]), (1, "finn", ["a1"]), (1, "thorgrim", ["h1"])], active="syvarris")
    acts = names(g, s)
    assert "attack syvarris thorgrim" in acts and "attack syvarris finn" in acts  # Finn in range, not engaged


# -- dice, height, wounds -------------------------------------------------------------------------------
def test_height_advantage_in_an_attack_for_the_higher_base() -> None:
    g = game_with(layout="g3 g1 g1 g1 g1 g1\n")
    s = position(g, [(0, "syvarris", ["a1"]), (1, "thorgrim", ["f1"])], active="syvarris")
    assert dice_of(g, s, "attack syvarris thorgrim") == [3 + 1, 4]
    s = position(g, [(0, "thorgrim", ["f1"]), (1, "syvarris", ["a1"])], active="thorgrim", stage="move")
    act(g, s, "move thorgrim")
    act(g, s, "to b1")
    assert dice_of(g, s, "attack thorgrim syvarris") == [3, 2 + 1]


def test_height_advantage_the_attack_event_tells_each_sides_dice_and_the_height() -> None:
    """Issue 24: the log tells the dice of each side and the height advantage, not only the
    skulls against the shields."""
    g = game_with(layout="g3 g1 g1 g1 g1 g1\n")
    s = position(g, [(0, "syvarris", ["a1"]), (1, "thorgrim", ["f1"])], active="syvarris",
                 dice=faces(skulls=2, blanks=2) + faces(shields=1, blanks=3))
    ev = next(e for e in events(g, s, "attack syvarris thorgrim") if e.kind == "attack")
    assert ev.text == ("syvarris attacks thorgrim: 2 skulls on 4 attack dice (Attack 3, +1 height) against "
                       "1 shield on 4 defense dice (Defense 4)")
    assert ev.data["levels"] == [3, 1]
    s = position(G, [(0, "finn", ["a1"]), (1, "thorgrim", ["b1"])], active="finn",
                 dice=faces(skulls=1, blanks=2) + faces(blanks=4))
    ev = next(e for e in events(G, s, "attack finn thorgrim") if e.kind == "attack")
    assert ev.text == ("finn attacks thorgrim: 1 skull on 3 attack dice (Attack 3) against 0 shields on "
                       "4 defense dice (Defense 4), same level")


def test_wounds_skulls_minus_shields_and_life_destroys() -> None:
    s = position(G, [(0, "finn", ["a1"]), (1, "thorgrim", ["b1"])], active="finn",
                 dice=faces(skulls=3) + faces(shields=0, blanks=4))
    act(G, s, "attack finn thorgrim")
    assert fig(G, s, "thorgrim").wounds == 3 and fig(G, s, "thorgrim").alive  # Life 4
    s = position(G, [(0, "finn", ["a1"]), (1, "thorgrim", ["b1"]), (1, "syvarris", ["j6"])], active="finn",
                 dice=faces(skulls=3) + faces(shields=1, blanks=3))
    s.figures[1].wounds = 2
    act(G, s, "attack finn thorgrim")
    t = fig(G, s, "thorgrim")
    assert t.wounds == 4 and not t.alive and t.spaces == ()  # destroyed: off the battlefield


def test_wounds_more_shields_than_skulls_no_wound() -> None:
    s = position(G, [(0, "finn", ["a1"]), (1, "thorgrim", ["b1"])], active="finn",
                 dice=faces(skulls=1, blanks=2) + faces(shields=2, blanks=2))
    act(G, s, "attack finn thorgrim")
    assert fig(G, s, "thorgrim").wounds == 0


# -- leaving engagement, falls, moving ------------------------------------------------------------------
def test_leaving_engagement_one_die_from_each_figure_left_no_defence() -> None:
    s = position(G, [(0, "finn", ["b1"]), (1, "marro-warriors", ["a1", "j6"])], active="finn", stage="move",
                 dice=faces(skulls=1))
    act(G, s, "move finn")
    evs = events(G, s, "to e1")
    leave = [e for e in evs if e.kind == "leave"]
    assert len(leave) == 1 and fig(G, s, "finn").wounds == 1
    assert not any(e.kind == "attack" for e in evs)


def test_leaving_engagement_not_when_staying_adjacent() -> None:
    # a1's neighbours are b1 and a2; a2's are a1, b1, b2, a3...: moving a2 -> b1 stays beside a1
    s = position(G, [(0, "finn", ["a2"]), (1, "marro-warriors", ["a1", "j6"])], active="finn", stage="move")
    act(G, s, "move finn")
    evs = events(G, s, "to b1")
    assert not any(e.kind == "leave" for e in evs)


def test_routes_an_equally_cheap_way_that_leaves_no_enemy_is_taken() -> None:
    """Finn goes a1 to c3 (3 spaces) either past Syvarris on c1 (b1, b2: then leaving him) or by
    a2, b3, never beside him: the way with no leaving-engagement attack is the one offered."""
    s = position(G, [(0, "finn", ["a1"]), (1, "syvarris", ["c1"])], active="finn", stage="move")
    act(G, s, "move finn")
    evs = events(G, s, "to c3")
    assert fig(G, s, "finn").spaces == (at(G, "c3"),)
    assert not any(e.kind == "leave" for e in evs) and next(e for e in evs if e.kind == "move").data["cost"] == 3


def test_routes_a_costlier_way_around_an_enemy_may_be_chosen() -> None:
    """Finn goes a3 to d3: 3 spaces past Syvarris on b2 (then leaving him), or 4 spaces round by
    a4 and b4. The player is asked which way, each named by what it costs."""
    for choice, leaves, cost in (("route 1", 1, 3), ("route 2", 0, 4)):
        s = position(G, [(0, "finn", ["a3"]), (1, "syvarris", ["b2"])], active="finn", stage="move",
                     dice=faces(skulls=1))
        act(G, s, "move finn")
        act(G, s, "to d3")
        d = G.decision(s)
        assert d is not None and s.stage == "route" and [a.text for a in d.actions] == ["route 1", "route 2"]
        assert d.prompt.splitlines() == ["Which way does finn go to d3?",
                                         "  route 1: 3 spaces, a leaving attack from syvarris, no fall",
                                         "  route 2: 4 spaces, no leaving attack, no fall"]
        evs = events(G, s, choice)
        assert sum(e.kind == "leave" for e in evs) == leaves and fig(G, s, "finn").wounds == leaves
        assert next(e for e in evs if e.kind == "move").data["cost"] == cost
        assert fig(G, s, "finn").spaces == (at(G, "d3"),)


def test_routes_a_double_space_figure_is_not_offered_its_own_spaces_turned_round() -> None:
    s = position(G, [(0, "grimnak", ["c3-b3"]), (1, "syvarris", ["j6"])], active="grimnak", stage="move")
    act(G, s, "move grimnak")
    offered = names(G, s)
    assert "to d3-c3" in offered and "to c3-b3" not in offered and "to b3-c3" not in offered
    assert "does not turn round" in G.explain_illegal(s, Action.parse("to b3-c3"))[0]


def test_flying_a_flying_figure_may_walk_and_so_stay_engaged() -> None:
    """Raelin, engaged with Syvarris on d3, walks from c3 to c4 (still beside him): no
    leaving-engagement attack, where taking off would give him one (Example 7: Mimring walks)."""
    s = position(G, [(0, "raelin", ["c3"]), (1, "syvarris", ["d3"])], active="raelin", stage="move",
                 dice=faces(skulls=1))
    act(G, s, "move raelin")
    evs = events(G, s, "to c4")
    assert not any(e.kind == "leave" for e in evs) and fig(G, s, "raelin").wounds == 0
    move = next(e for e in evs if e.kind == "move")
    assert move.data["flown"] is False and "walking" in move.text


def test_flying_or_walking_offered_where_they_differ() -> None:
    """Raelin (Move 6), engaged with Syvarris on d3, to f3: flying there costs 3 spaces and a
    leaving attack; walking round him without leaving him is longer; both are offered."""
    s = position(G, [(0, "raelin", ["c3"]), (1, "syvarris", ["d3"])], active="raelin", stage="move")
    act(G, s, "move raelin")
    act(G, s, "to e3")
    d = G.decision(s)
    assert d is not None and s.stage == "route"
    assert "route 1: 2 spaces flying, a leaving attack from syvarris, no fall" in d.prompt
    assert "walking, no leaving attack, no fall" in d.prompt


def test_falls_a_drop_of_the_height_is_a_major_fall_water_breaks_it() -> None:
    g = game_with(layout="g7 g2 w2 g1\n")
    s = position(g, [(0, "finn", ["a1"]), (1, "syvarris", ["d1"])], active="finn", stage="move",
                 dice=faces(skulls=1))
    act(g, s, "move finn")
    evs = events(g, s, "to b1")  # 5 levels down: Finn's Height
    assert any(e.kind == "fall" for e in evs) and fig(g, s, "finn").wounds == 1
    g = game_with(layout="g7 w2 g2 g1\n")
    s = position(g, [(0, "finn", ["a1"]), (1, "syvarris", ["d1"])], active="finn", stage="move")
    act(g, s, "move finn")
    evs = events(g, s, "to b1")  # 5 levels down into water: no fall
    assert any(e.kind == "move" for e in evs) and not any(e.kind == "fall" for e in evs)


def test_falls_judged_where_the_figure_lands_from_the_drop_not_where_the_move_ends() -> None:
    """Finn drops 5 levels onto land (b1), then walks on into water (c1): the drop was a fall."""
    g = game_with(layout="g7 g2 w2 g1\n")
    s = position(g, [(0, "finn", ["a1"]), (1, "syvarris", ["d1"])], active="finn", stage="move",
                 dice=faces(skulls=1))
    act(g, s, "move finn")
    evs = events(g, s, "to c1")
    assert any(e.kind == "fall" for e in evs) and fig(g, s, "finn").wounds == 1


def test_falls_and_leaving_engagement_in_one_move_each_wounds() -> None:
    """Leaving engagement and falls at once: Finn steps off a level-7 ledge next to Sgt. Drake
    (level 3: 4 levels apart, engaged) down to level 1, 6 levels below, away from Drake. Drake's
    die comes first (Finn does not defend), then the fall's die: two wounds."""
    g = game_with(layout="g1 g7 g3 g1 g1\n")
    s = position(g, [(0, "finn", ["b1"]), (1, "sgt-drake-alexander", ["c1"])], active="finn", stage="move",
                 dice=faces(skulls=2))
    act(g, s, "move finn")
    evs = events(g, s, "to a1")
    kinds = [e.kind for e in evs if e.kind in ("leave", "fall")]
    assert kinds == ["leave", "fall"] and fig(g, s, "finn").wounds == 2


def test_falls_a_double_space_figure_judged_where_its_leading_end_lands() -> None:
    """Grimnak (Height 11) steps his head from b1 down 11 levels into the water of c1, then on to
    d1: the drop landed in water, so no fall, though his head ends on land."""
    g = game_with(layout="g13 g13 w2 g2 g2 g2 g2 g2 g2 g2\n")
    s = position(g, [(0, "grimnak", ["b1-a1"]), (1, "syvarris", ["j1"])], active="grimnak", stage="move",
                 dice=faces(skulls=1))
    act(g, s, "move grimnak")
    evs = events(g, s, "to d1-c1")
    assert any(e.kind == "move" for e in evs) and not any(e.kind == "fall" for e in evs)
    assert fig(g, s, "grimnak").spaces == (at(g, "d1"), at(g, "c1")) and fig(g, s, "grimnak").wounds == 0


def test_moving_through_friends_not_enemies_never_ending_on_a_figure() -> None:
    g = game_with(layout="g1 g1 g1 g1 g1 g1\n")
    s = position(g, [(0, "finn", ["a1"]), (0, "thorgrim", ["b1"]), (1, "syvarris", ["f1"])], active="finn",
                 stage="move")
    act(g, s, "move finn")
    acts = names(g, s)
    assert "to c1" in acts and "to b1" not in acts  # through Thorgrim, not onto him
    s = position(g, [(0, "finn", ["a1"]), (1, "thorgrim", ["b1"]), (1, "syvarris", ["f1"])], active="finn",
                 stage="move")
    act(g, s, "move finn")
    assert names(g, s) == ["stay"]  # the enemy on b1 blocks the only way


# -- the round ------------------------------------------------------------------------------------------
def _play(game: Heroscape, s: SHState, seed: int, until: int = 100_000) -> list[Event]:
    agents = [RandomAgent(seed + k) for k in range(s.num_players)]
    out: list[Event] = []
    for _ in range(until):
        d = game.decision(s)
        if d is None:
            break
        out += game.apply(s, agents[d.player].act(game, s, d))
    return out


def test_order_markers_placed_secretly_before_any_turn_three_turns_each_per_round() -> None:
    s = G.new_state(2, 11, {"battlefield": "river-crossing"})
    while s.stage != "markers":
        d = G.decision(s)
        assert d is not None
        G.apply(s, d.actions[0])
    first = s.setup_order[0]
    while s.stage == "markers":
        d = G.decision(s)
        assert d is not None and all(a.name == "mark" for a in d.actions)
        G.apply(s, d.actions[-1])
        if s.stage == "markers":  # (once all are placed, the first turn reveals marker 1)
            view = G.view(s, 1 - d.player)
            assert all(m in (None, "hidden") for m in view["markers"][d.player].values())
            assert any(m == "hidden" for m in view["markers"][d.player].values())
    assert all(NO_CARD not in s.markers[p] for p in range(2)) and first in (0, 1)
    evs = _play(G, s, 3, until=10_000)
    per_round: dict[int, int] = {}
    rnd = 1
    for e in evs:
        if e.kind == "round":
            rnd = e.data["round"]
        if e.kind in ("turn", "lost-turn"):
            per_round[rnd] = per_round.get(rnd, 0) + 1
    finished = [r for r in per_round if 1 < r < max(per_round)]  # round 1's first turn began with the last marker
    assert finished and all(per_round[r] == 6 for r in finished)  # 3 turns for each of 2 players


def test_turn_reveals_its_marker() -> None:
    s = G.new_state(2, 5)
    while s.stage != "move":
        d = G.decision(s)
        assert d is not None
        G.apply(s, d.actions[0])
    p = G.q.current(s)
    assert s.revealed[p][0] and s.markers[p][0] == s.active_card
    assert G.view(s, 1 - p)["markers"][p]["1"] == G.q.card(s, s.active_card).id


def test_initiative_highest_d20_first_ties_roll_again_play_passes_left() -> None:
    s = position(G, [(0, "finn", ["a1"]), (1, "syvarris", ["j1"]), (2, "thorgrim", ["a6"])], players=3,
                 stage="markers", dice=[d20(12), d20(18), d20(18), d20(3), d20(9)])
    s.setup_order = []
    evs: list[Event] = []
    rounds.initiative(G.q, s, evs)
    # 12, 18, 18: players 2 and 3 tie and roll again: 3 against 9, player 3 starts
    assert s.order == [2, 0, 1]
    # the event tells every roll (issue 24: "initiative rolls are not shown")
    assert [e.text for e in evs] == ["Initiative: Player 1 rolls 12, Player 2 rolls 18, Player 3 rolls 18, a tie; "
                                     "again: Player 2 rolls 3, Player 3 rolls 9: Player 3 goes first"]
    assert evs[0].data["rolls"] == [[[0, 12], [1, 18], [2, 18]], [[1, 3], [2, 9]]]


def test_setup_the_event_tells_who_rolled_what_to_place_first() -> None:
    s = G.new_state(2, 6)
    while s.stage == "army":
        d = G.decision(s)
        assert d is not None
        evs = G.apply(s, d.actions[-1])  # done, or the last card
    setup = next(e for e in evs if e.kind == "setup")
    first = s.setup_order[0]
    assert setup.text.startswith("Setup: Player 1 rolls ") and f"Player {first + 1} places an army first" in setup.text
    last = setup.data["rolls"][-1]
    assert max(n for _, n in last) == dict(last)[first]


def test_a_card_with_no_figure_left_loses_its_turn() -> None:
    s = position(G, [(0, "finn", ["dead"]), (0, "thorgrim", ["a1"]), (1, "syvarris", ["j6"])], stage="reveal")
    card = fig(G, s, "finn").card
    s.markers[0] = [card, card, card, card]
    s.order, s.turn_index = [0, 1], 0
    evs: list[Event] = []
    rounds.reveal(G.q, s, evs)
    assert evs[-1].kind == "lost-turn" and s.stage == "end-turn"


def test_the_game_ends_when_one_army_remains() -> None:
    s = position(G, [(0, "finn", ["a1"]), (1, "thorgrim", ["b1"])], active="finn",
                 dice=faces(skulls=3) + faces(blanks=4))
    s.figures[1].wounds = 1
    evs = events(G, s, "attack finn thorgrim")
    assert s.over and s.winner_by == "one army remains"
    r = G.result(s)
    assert r is not None and r.winners == (0,) and r.scores == (80, 0)
    assert any(e.kind == "game-over" for e in evs)


def test_the_round_limit_ends_the_game_scored_by_surviving_cards() -> None:
    s = G.new_state(2, 8, {"rounds": "1", "battlefield": "river-crossing"})
    _play(G, s, 8)
    assert s.over and s.round >= 1
    r = G.result(s)
    assert r is not None
    for p in range(2):
        alive = sum(G.q.card(s, c).points for c in s.cards_of(p) if any(f.alive for f in s.figures if f.card == c))
        assert r.scores[p] == alive
    assert s.winner_by == "the round limit"  # both armies still stand after one round of this seed
    assert set(r.winners) == {p for p in range(2) if r.scores[p] == max(r.scores)}


# -- armies ---------------------------------------------------------------------------------------------
def test_army_to_a_point_limit_each_may_stop_when_done() -> None:
    s = G.new_state(2, 4, {"points": "200"})
    d = G.decision(s)
    assert d is not None and "done" not in [a.text for a in d.actions]  # an army needs a card first
    _play(G, s, 4, until=30)
    for p in range(2):
        assert 0 < sum(G.q.card(s, c).points for c in s.cards_of(p)) <= 200


def test_draft_the_d20_winner_takes_one_the_other_two_then_one_each() -> None:
    s = G.new_state(2, 9, {"army": "draft"})
    first = s.picker[0]
    other = 1 - first
    assert s.picker[:7] == [first, other, other, first, other, first, other]


def test_placement_only_in_the_start_zone() -> None:
    s = G.new_state(2, 6, {"battlefield": "river-crossing"})
    while s.stage == "army":
        d = G.decision(s)
        assert d is not None
        G.apply(s, d.actions[0])
    bf = G.q.bf(s)
    d = G.decision(s)
    assert d is not None and d.actions
    zone = set(bf.start[s.zones[d.player]])
    for a in d.actions:
        assert all(bf.space_named(x) in zone for x in a.args[0].split("-"))


# -- Hidden information: order markers are placed face down --------------------------------------
def test_order_markers_placed_secretly_others_see_only_that_a_marker_is_placed() -> None:
    s = position(G, [(0, "finn", ["a1"]), (0, "thorgrim", ["a3"]), (1, "syvarris", ["j6"])], stage="markers")
    s.setup_order = [0, 1]
    d = G.decision(s)
    assert d is not None and d.player == 0 and len(d.actions) == 2
    for a in d.actions:
        card = G.c.cards[G.card_index[a.args[0]]].name
        assert G.action_text(s, a, 0) == f"puts order marker 1 on {card}"  # the player placing it sees the card
        for viewer in (1, None):
            assert G.action_text(s, a, viewer) == "places an order marker"  # neither card nor number
    G.apply(s, d.actions[0])
    for later in ("take", "attack", "to"):  # not legal now: only the player asked sees the words
        assert G.action_text(s, Action(later, ("finn",)), 0) == f"{later} finn"
        assert G.action_text(s, Action(later, ("finn",)), 1) == "(an action that is not legal now)"


def test_order_markers_an_action_not_legal_now_shows_the_other_seats_nothing() -> None:
    """Order markers are secret: a ``mark`` typed at another step, or naming no card of the
    player's, was shown to every seat as typed (``mark thorgrim``), naming a card. The other
    seats and an observer see a neutral text; the player asked sees their own words."""
    s = position(G, [(0, "finn", ["a1"]), (0, "thorgrim", ["a3"]), (1, "syvarris", ["j6"])], stage="markers")
    s.setup_order = [0, 1]
    for text in ("mark thorgrim-the-bold", "mark syvarris", "mark", "place a1"):
        a = Action.parse(text)
        assert G.action_text(s, a, 0) == text
        assert [G.action_text(s, a, v) for v in (1, None)] == ["(an action that is not legal now)"] * 2
    s = position(G, [(0, "finn", ["a3"]), (1, "syvarris", ["b2"])], active="finn", stage="move")
    a = Action.parse("mark finn")
    assert G.action_text(s, a, 0) == "mark finn"
    assert [G.action_text(s, a, v) for v in (1, None)] == ["(an action that is not legal now)"] * 2


def test_order_markers_no_event_tells_which_card_has_which_marker() -> None:
    s = G.new_state(2, 11)
    while s.stage != "reveal" and s.stage != "move":
        d = G.decision(s)
        assert d is not None
        marking = s.stage == "markers"
        evs = G.apply(s, d.actions[-1])
        if marking:  # up to the initiative roll, after which marker 1 is revealed in public
            before = evs[:next((i for i, e in enumerate(evs) if e.kind == "initiative"), len(evs))]
            secret = {G.q.card(s, c).id for c in s.cards_of(d.player)} | {G.q.card(s, c).name for c in s.cards_of(d.player)}
            assert not any(word in e.text or word in str(e.data) for e in before for word in secret)


def marked(s: SHState, player: int, cards: list[str]) -> dict[str, int]:
    """Player ``player``'s markers 1, 2, 3, X put on ``cards`` (by id); the army cards by id."""
    card = {G.q.card(s, c).id: c for c in range(len(s.cards))}
    s.markers[player] = [card[c] for c in cards]
    return card


def test_determinize_rolls_new_dice_and_keeps_each_marker_on_its_card() -> None:
    """Order markers lie face down on army cards (facts 3.3 "Place Order Markers"): the table
    sees where they are, only their numbers are secret. Determinize dealt player 2's markers
    again on random cards; now each sample keeps two on Finn, one on Thorgrim and one on the
    Marro Warriors, and only which number is which varies."""
    s = position(G, [(0, "syvarris", ["a1"]), (1, "marro-warriors", ["e1", "j6", "j5", "j4"]),
                     (1, "thorgrim", ["i1"]), (1, "finn", ["i3"])], active="syvarris")
    marked(s, 1, ["finn", "thorgrim", "finn", "marro-warriors"])
    real = s.rng.copy()
    outcomes, dealt = set(), set()
    for k in range(20):
        copy = G.determinize(s, 0, Rng(k))
        assert copy.rng.draws == s.rng.draws and copy.markers[0] == s.markers[0]
        assert sorted(copy.markers[1]) == sorted(s.markers[1])  # the same cards under the markers
        assert G.view(copy, 0) == G.view(s, 0)
        evs = G.apply(copy, Action.parse("attack syvarris marro-warriors-1"))
        outcomes.add(next((e.data["skulls"], e.data["shields"]) for e in evs if e.kind == "attack"))
        dealt.add(tuple(copy.markers[1]))
    assert (s.rng.state, s.rng.draws) == (real.state, real.draws)  # the real dice were not rolled
    assert len(outcomes) > 1 and len(dealt) > 1


def test_determinize_permutes_only_the_unrevealed_numbers_and_not_from_the_real_ones() -> None:
    """Marker 1 is face up on Finn: it stays. Two states that differ only in which face-down
    number lies on which card give the same sample for the same seed."""
    s = position(G, [(0, "syvarris", ["a1"]), (1, "thorgrim", ["i1"]), (1, "finn", ["i3"])], active="syvarris")
    marked(s, 1, ["finn", "thorgrim", "finn", "finn"])
    s.revealed[1][0] = True
    twin = s.clone()
    marked(twin, 1, ["finn", "finn", "finn", "thorgrim"])
    assert G.view(twin, 0) == G.view(s, 0)
    finn = s.markers[1][0]
    for k in range(10):
        a, b = G.determinize(s, 0, Rng(k)), G.determinize(twin, 0, Rng(k))
        assert a.markers == b.markers and a.markers[1][0] == finn
        assert sorted(a.markers[1][1:]) == sorted(s.markers[1][1:])  # still two on Finn, one on Thorgrim


def test_order_markers_face_down_on_army_cards_everyone_sees_how_many_on_each() -> None:
    """Facts 3.3 "Place Order Markers": markers go face down on army cards, so every player
    sees how many sit on each card; the view hid where they were, showing only "hidden"."""
    s = position(G, [(0, "syvarris", ["a1"]), (1, "marro-warriors", ["e1"]), (1, "thorgrim", ["i1"]),
                     (1, "finn", ["i3"])], active="finn")
    marked(s, 1, ["finn", "thorgrim", "finn", "thorgrim"])
    marked(s, 0, ["syvarris"] * 4)
    s.revealed[1][0] = True  # marker 1 is face up: shown by number, no longer face down
    for viewer in (0, None):
        v = G.view(s, viewer)
        assert v["markers"][1] == {"1": "finn", "2": "hidden", "3": "hidden", "x": "hidden"}
        assert v["face_down"][1] == {"on": {"marro-warriors": 0, "thorgrim": 2, "finn": 1}, "removed": 0}
    assert G.view(s, 1)["markers"][1] == {"1": "finn", "2": "thorgrim", "3": "finn", "x": "thorgrim"}
    assert G.view(s, 1)["face_down"][0] == {"on": {"syvarris": 4}, "removed": 0}


def test_order_markers_placed_simultaneously_so_others_see_where_only_once_all_are_down() -> None:
    """Facts 3.3: markers are placed "secretly, simultaneously". The engine asks for 1, 2, 3,
    X in turn, so seeing the card under each new marker would tell its number: while markers are
    being placed another seat's are not shown, and determinize deals them on its cards."""
    s = position(G, [(0, "finn", ["a1"]), (0, "thorgrim", ["a3"]), (1, "syvarris", ["j6"])], stage="markers")
    s.setup_order = [0, 1]
    act(G, s, "mark thorgrim")
    act(G, s, "mark thorgrim")
    assert G.view(s, 1)["face_down"][0] is None and G.view(s, None)["face_down"][0] is None
    assert G.view(s, 0)["face_down"][0] == {"on": {"finn": 0, "thorgrim": 2}, "removed": 0}
    dealt = {tuple(G.determinize(s, 1, Rng(k)).markers[0]) for k in range(20)}
    assert all(m[2:] == (NO_CARD, NO_CARD) for m in dealt) and len(dealt) > 1


def test_observation_reads_the_face_down_markers_on_each_card() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (1, "thorgrim", ["i1"]), (1, "finn", ["i3"])], active="syvarris")
    marked(s, 1, ["finn", "thorgrim", "finn", "finn"])
    schema = G.observation_schema(2)
    assert schema is not None
    first = next(f for f, _, name, _ in schema.layout() if name == "face_down")
    ids = [c.id for c in G.c.cards]
    width = len(ids) + 1  # per seat: a count per card, then the removed markers
    vec = schema.vector(G.view(s, 0))
    assert vec[first + width + ids.index("finn")] == 3 and vec[first + width + ids.index("thorgrim")] == 1


def test_what_a_player_at_the_table_sees_of_each_action_names_the_figure_and_the_step() -> None:
    """The log said "place x17" (which figure?) and "done" (which step ended?)."""
    g = Heroscape()
    s = g.new_state(2, 3)
    texts = []
    while s.stage == "army":  # each takes one card, then is done
        d = g.decision(s)
        assert d is not None
        a = d.actions[-1] if d.actions[-1].text == "done" else d.actions[0]
        texts.append(g.action_text(s, a, None))
        g.apply(s, a)
    assert texts == ["takes Marro Warriors (50 points)", "takes Deathwalker 9000 (140 points)",
                     "completes the army", "completes the army"]
    d = g.decision(s)
    assert d is not None and s.stage == "place"
    assert [g.action_text(s, d.actions[0], v) for v in (0, 1, None)] == ["places Deathwalker 9000 on a1"] * 3

    s = position(G, [(0, "finn", ["a3"]), (1, "syvarris", ["b2"])], active="finn", stage="move")
    assert G.action_text(s, Action.parse("move finn"), 1) == "chooses Finn the Viking Champion to move"
    assert G.action_text(s, Action.parse("done"), 1) == "ends the moves of Finn the Viking Champion"
    act(G, s, "move finn")
    assert G.action_text(s, Action.parse("stay"), None) == "leaves Finn the Viking Champion where it is"
    assert G.action_text(s, Action.parse("to d3"), 1) == "moves Finn the Viking Champion to d3"
    act(G, s, "to d3")
    assert G.action_text(s, Action.parse("route 2"), 1) == "moves Finn the Viking Champion to d3 by route 2"
    s = position(G, [(0, "syvarris", ["a1"]), (1, "marro-warriors", ["a3", "j3"])], active="syvarris")
    assert (G.action_text(s, Action.parse("attack syvarris marro-warriors-1"), 1)
            == "attacks Marro Warriors (marro-warriors-1) with Syvarris")
    assert G.action_text(s, Action.parse("done"), None) == "ends the turn of Syvarris"
    # not legal now: as typed for the player asked, neutral for the others
    assert G.action_text(s, Action.parse("move syvarris"), 0) == "move syvarris"
    assert G.action_text(s, Action.parse("move syvarris"), 1) == "(an action that is not legal now)"
