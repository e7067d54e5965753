"""Heroes IV set-up and turn through the game's decisions (facts: rules10 Setting Up, the Income,
Purchase and Movement Sequences), the refusals naming the rule, and what the view hides."""

from __future__ import annotations

from collections import Counter

import pytest
from h4_battles import battle
from h4_positions import deck, position, put_army

from boardrules.agents import GreedyAgent
from boardrules.engine import Action, IllegalActionError, Rng
from boardrules.games.heroes_iv import HeroesIV, turn
from boardrules.games.heroes_iv.state import H4State


@pytest.fixture(scope="module")
def game() -> HeroesIV:
    return HeroesIV()


def test_setup_starting_forces_one_alignment_hero_on_top_and_eight_cards_drawn(game: HeroesIV) -> None:
    s = game.new_state(3, 5, {"alignments": "order,death,might"})
    c = game.c
    for seat, p in enumerate(s.players):
        army = s.armies_of(seat)[0]
        assert army.cards[0] in {h.id for h in c.heroes} and len(army.cards) == 7
        levels = Counter(c.card(k).level for k in army.cards[1:])  # type: ignore[union-attr]
        assert levels == Counter({1: 3, 2: 2, 3: 1})
        assert all(c.card(k).alignment == p.alignment for k in army.cards)  # type: ignore[union-attr]
        assert len(p.aside) == 1 and c.card(p.aside[0]).alignment == p.alignment  # type: ignore[union-attr]
        assert len(p.adventure) == 5 and len(p.hand) == 3
    assert [p.alignment for p in s.players] == ["order", "death", "might"]


def test_setup_sections_attached_in_turn_then_stacks_on_edge_spaces(game: HeroesIV) -> None:
    s = game.new_state(2, 3)
    assert len(s.placed) == 1 and s.placed[0][1:] == (0, 0)  # the first section has one place to go
    for seat in ((s.first + 1) % 2, s.first):  # one section per player and one more, clockwise from the first
        d = game.decision(s)
        assert d is not None and d.player == seat and all(a.name == "attach" for a in d.actions)
        game.apply(s, d.actions[0])
    d = game.decision(s)
    assert d is not None and d.player == s.first and all(a.name == "start" for a in d.actions)
    assert s.board is not None and len(s.board) == 57 and len(s.spaces) == 12
    hexes = [int(a.args[0]) for a in d.actions]
    assert all(s.board.edge[h] and not s.board.impassable[h] for h in hexes)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_setup_the_first_player_drawn_at_random_places_first_and_begins_every_round(
        game: HeroesIV, players: int) -> None:
    # ours (rules h4-3, rules-choices.md "Seat balance"): the first player is drawn at random; he
    # is the youngest who attaches the first map section (rules10), he places his Army Stack
    # first, the others clockwise, and he begins every round
    firsts = {game.new_state(players, seed).first for seed in range(40)}
    assert firsts == set(range(players))  # any seat may be first
    s = game.new_state(players, 7)
    placers, builders = [], [s.first]  # the first section has one place to go: attached at once
    while s.stage in ("build", "start") or s.pending:  # the discoveries of the last stack placed too
        d = game.decision(s)
        assert d is not None
        if d.actions[0].name == "start":
            placers.append(d.player)
        if d.actions[0].name == "attach":
            builders.append(d.player)
        game.apply(s, d.actions[0])
    assert builders == [(s.first + k) % players for k in range(len(s.placed))]
    assert placers == [(s.first + k) % players for k in range(players)]
    assert s.current == s.first and s.turn == 1
    assert game.view(s, 0)["first"] == s.first  # public
    movers = []
    while s.turn == 1:  # round 1: every player once, clockwise from the first
        d = game.decision(s)
        assert d is not None
        if not s.pending and (not movers or movers[-1] != s.current):
            movers.append(s.current)
        game.apply(s, next((a for a in d.actions if a.name == "end"), d.actions[0]))
    assert movers == placers and s.current == s.first


def test_setup_the_first_player_a_tag_of_the_balance_report(game: HeroesIV) -> None:
    s = game.new_state(3, 4)
    tags = game.balance_tags(s)
    assert [[t for t in seat if t.startswith("turn-order:")] for seat in tags] == \
        [[f"turn-order:{(seat - s.first) % 3 + 1}"] for seat in range(3)]


def test_setup_an_unknown_alignment_is_refused(game: HeroesIV) -> None:
    from boardrules.engine import OptionError
    with pytest.raises(OptionError) as info:
        game.new_state(2, 1, {"alignments": "order,neutral"})
    assert "no alignment 'neutral'" in str(info.value)


def _turn_position() -> tuple[HeroesIV, H4State]:
    g = HeroesIV()
    c, s = position(2)
    s.stage = "income"
    sp = s.spaces[9]
    sp.card, sp.owner = "haven", 0
    mine = s.spaces[18]
    mine.card, mine.owner = "gem-mine", 0
    deck(s, 0, ["squire", "windmill", "pikeman"])
    deck(s, 1, ["skeleton"])
    put_army(c, s, 0, 14, ["knight", "squire"])
    put_army(c, s, 1, 30, ["necromancer"])
    g._advance(s, [])
    return g, s


def test_income_one_card_for_each_town_and_mine() -> None:
    _, s = _turn_position()
    assert sorted(s.players[0].hand) == ["squire", "windmill"]  # Haven and the Gem Mine
    assert s.players[0].deck == ["pikeman"]


def test_purchase_discard_hand_cards_the_adventure_stack_cannot_pay() -> None:
    g, s = _turn_position()
    p = s.players[0]
    p.hand = ["pikeman", "windmill"]
    p.adventure = ["longsword", "shrine", "crusader"]
    s.cached = None
    acts = g.legal_actions(s)
    # the pikeman (cost 2) has one hand card to pay with if played from the hand: not offered
    assert Action("buy", ("pikeman", "hand", "9")) not in acts
    reason, rule = g.explain_illegal(s, Action("buy", ("crusader", "adventure", "9")))
    assert rule == "Purchase Sequence" and "the Adventure Stack cannot pay" in reason
    p.hand = ["pikeman", "windmill", "shrine"]
    s.cached = None
    g.apply(s, Action("buy", ("pikeman", "hand", "9")))
    assert s.stage == "pay"
    g.apply(s, Action("pay", ("windmill",)))
    g.apply(s, Action("pay", ("shrine",)))
    assert s.spaces[9].under == ["pikeman"] and p.discard == ["windmill", "shrine"] and p.hand == []
    # still asked, with nothing left to buy: a player holding a Town is always asked
    assert s.stage == "purchase" and g.legal_actions(s) == (Action("done"),)


def test_purchase_the_greedy_agent_buys_pays_and_forms_up() -> None:
    # one step of lookahead: the card bought (and what waits under the Town) is worth more than the
    # hand cards paid for it, and less than in an Army Stack, so forming up pays too
    g, s = _turn_position()
    s.players[0].hand = ["pikeman", "windmill", "shrine", "gem-mine"]
    s.cached = None
    agent = GreedyAgent(1)
    while s.stage in ("purchase", "pay"):
        d = g.decision(s)
        assert d is not None
        g.apply(s, agent.act(g, s, d))
    assert s.spaces[9].under == ["pikeman"] and len(s.players[0].discard) == 2
    d = g.decision(s)
    assert d is not None and agent.act(g, s, d) == Action("formup", ("9",))


def test_purchase_skipped_by_a_player_with_no_town_or_dwelling() -> None:
    g, s = _turn_position()
    assert s.stage == "purchase"
    g.apply(s, Action("done"))
    g.apply(s, Action("end"))
    assert s.current == 1 and s.stage == "move"  # player 2 holds no market


def test_purchase_a_unit_needs_the_mine_it_names() -> None:
    g, s = _turn_position()
    s.spaces[9].card = "academy"
    s.players[0].hand = ["titan", "windmill", "shrine", "squire", "skeleton"]
    s.spaces[18].card = "sawmill"
    assert turn.purchase_refusal(g.c, s, "titan", "hand", 9) == (
        "titan can only be bought by a player who controls a gem-mine", "Purchase Sequence")
    s.spaces[18].card = "gem-mine"
    assert turn.purchase_refusal(g.c, s, "titan", "hand", 9) is None


def test_movement_then_discovery_offered_round_the_table() -> None:
    g, s = _turn_position()
    s.players[0].hand = []
    s.stage = "move"
    s.cached = None
    s.armies[0].hex = 12
    s.spaces[18].card, s.spaces[18].owner = "", -1
    g.apply(s, Action("move", (str(s.armies[0].marker), "16")))
    d = g.decision(s)
    assert d is not None and d.player == 0 and d.actions == (Action("pass"),)  # nothing to define it with
    s.players[1].hand = ["shrine"]
    g.apply(s, Action("pass"))
    d = g.decision(s)
    assert d is not None and d.player == 1 and Action("define", ("18", "shrine", "hand")) in d.actions


def test_refusals_name_the_rule() -> None:
    g, s = _turn_position()
    s.stage = "move"
    s.cached = None
    s.spaces[18].card, s.spaces[18].owner = "windmill", 1
    a = put_army(g.c, s, 0, 18, ["squire"])
    reason, rule = g.explain_illegal(s, Action("claim", (str(a.marker),)))
    # an enemy's Location: conquered by "an Army Stack containing a Hero"
    assert rule == "Conquering Enemy Locations" and reason.startswith("only an Army Stack with a Hero can claim a Location")
    with pytest.raises(IllegalActionError):
        g.apply(s, Action("claim", (str(a.marker),)))
    assert g.explain_illegal(s, Action("move", ("999", "3")))[0] == "no Army Stack has marker 999"
    assert g.explain_illegal(s, Action("move", (str(s.armies[1].marker), "3")))[0].endswith("is not yours")
    s.armies[0].hex = 8
    assert "impassable" in g.explain_illegal(s, Action("move", (str(s.armies[0].marker), "7")))[0]
    assert g.explain_illegal(s, Action("pay", ("squire",)))[1] == "Movement"
    assert g.explain_illegal(s, Action("done")) == (
        "the Movement Sequence ends with 'end'; now it is the Movement Sequence", "Movement")


def test_bad_input_a_refusal_cuts_a_word_of_thousands_of_characters() -> None:
    # refusals name the rule in a line a player reads: the word typed was repeated in full
    game = HeroesIV()
    c, s = position(2)
    put_army(c, s, 0, 14, ["knight"], marker=1)
    huge = "9" * 5000
    reason, rule = game.explain_illegal(s, Action("move", ("1", huge)))
    assert reason == "'999999999999...' is not a hex of the map (0 to 37)" and rule == "Movement"
    reason, _ = game.explain_illegal(s, Action("claim", ("1", "x" * 3000)))
    assert reason.startswith("there is no card 'xxxxxxxxxxxx...'") and len(reason) < 80
    f = battle("melee wolf", "melee wolf")
    s.battle = f.b
    s.pending = [("battle", 14, 1, -1, 13)]
    reason, _ = game.explain_illegal(s, Action("attack", ("a" + huge, "d1")))
    assert reason.startswith("there is no stack 'a99999999999...'") and len(reason) < 100


def test_view_hides_hands_adventure_stacks_and_deck_order(game: HeroesIV) -> None:
    s = game.new_state(3, 9)
    v = game.view(s, 0)
    assert isinstance(v["players"][0]["hand"], list) and v["players"][1]["hand"] == 3
    assert v["players"][2]["adventure"] == 5 and isinstance(v["players"][1]["deck"], int)
    d = game.determinize(s, 0, Rng(4))
    assert d.players[0].hand == s.players[0].hand and d.players[0].adventure == s.players[0].adventure
    assert Counter(d.players[1].hand + d.players[1].adventure + d.players[1].deck) == Counter(
        s.players[1].hand + s.players[1].adventure + s.players[1].deck)
    assert game.view(d, 0) == v


def test_every_legal_action_reads_back_from_its_text(game: HeroesIV) -> None:
    s = game.new_state(2, 11)
    rng = Rng(2)
    while not game.is_over(s):
        d = game.decision(s)
        assert d is not None
        for a in d.actions:
            assert Action.parse(a.text) == a
        game.apply(s, d.actions[rng.below(len(d.actions))])


def test_defining_locations_an_artifact_defined_and_claimed_under_the_hero_through_the_game() -> None:
    g, s = _turn_position()
    p0 = s.players[0]
    p0.hand, p0.adventure = [], ["crown-of-might"]
    for p in s.players:
        p.deck = ["windmill"]  # no Unit anywhere: the space gets no Guards
    s.spaces[18].card, s.spaces[18].owner = "", -1
    s.stage = "move"
    s.cached = None
    army = s.armies[0]
    army.hex = 12
    m = str(army.marker)
    g.apply(s, Action("move", (m, "16")))
    g.apply(s, Action("define", ("18", "crown-of-might", "adventure")))
    assert s.spaces[18].card == "crown-of-might" and s.spaces[18].guards == []
    g.apply(s, Action("move", (m, "17")))
    g.apply(s, Action("move", (m, "18")))
    acts = g.legal_actions(s)
    assert Action("claim", (m, "knight")) in acts and Action("claim", (m,)) not in acts
    g.apply(s, Action("claim", (m, "knight")))
    assert p0.artifacts == {"knight": ["crown-of-might"]} and s.spaces[18].emptied
    assert g.view(s, 1)["players"][0]["artifacts"] == {"knight": ["crown-of-might"]}


def test_stolen_discovery_refusals_through_the_game() -> None:
    g, s = _turn_position()
    s.players[0].hand = ["windmill"]
    s.players[1].hand = ["squire"]
    s.spaces[18].card, s.spaces[18].owner = "", -1
    s.pending = [("discover", 18, 0, 1)]
    s.cached = None
    d = g.decision(s)
    assert d is not None and d.player == 1 and d.actions == (Action("pass"),)
    assert g.explain_illegal(s, Action("define", ("18", "windmill", "hand"))) == (
        "there is no windmill in your hand", "Stolen Discovery")
    assert g.explain_illegal(s, Action("define", ("9", "windmill", "hand"))) == (
        "the discovery offered now is the space at hex 18", "Stolen Discovery")
    assert g.explain_illegal(s, Action("move", ("1", "3"))) == (
        "stacks move in your Movement Sequence; now another player's discovery is offered to you", "Stolen Discovery")
    s.pending = [("discover", 18, 1, 1)]  # Player 2's own discovery
    s.cached = None
    assert g.explain_illegal(s, Action("move", ("1", "3")))[1] == "Defining Locations"


def test_winning_after_the_last_round_towns_dwellings_locations_and_artifacts_score() -> None:
    g, s = _turn_position()  # seat 0 holds the Haven (3) and the Gem Mine (a Location: 1)
    s.spaces[0].card, s.spaces[0].owner = "skeleton", 1  # a Creature Dwelling: 2
    s.players[1].artifacts = {"necromancer": ["longsword"]}  # an Artifact under a Hero: 1
    s.turn, s.current, s.stage = 12, 1, "move"
    s.cached = None
    assert g.result(s) is None
    g.apply(s, Action("end"))
    r = g.result(s)
    assert s.over and r is not None and r.scores == (4, 3) and r.winners == (0,) and r.turns == 12


def test_joining_written_with_the_higher_marker_first_says_how_to_write_it() -> None:
    g = HeroesIV()
    c, s = position(2)
    put_army(c, s, 0, 14, ["knight"], marker=3)
    put_army(c, s, 0, 14, ["squire"], marker=5)
    assert Action("join", ("3", "5")) in g.legal_actions(s)
    reason, rule = g.explain_illegal(s, Action("join", ("5", "3")))
    assert rule == "Joining" and "write it as 'join 3 5'" in reason
