"""Mage Knight's greedy agent (ai/policy.py, the game's greedy_action hook): when it starts a
fight, and how it plays one, from hand-set positions of a real game (docs/agents.md)."""

from __future__ import annotations

from mk_positions import GAME, T, orcs_next_to_hero

from boardrules.agents import GreedyAgent
from boardrules.engine import Action, Rng
from boardrules.games.mage_knight.ai.fight_estimate import (
    Foe,
    can_win,
    fight_outlook,
    fight_targets,
    plan,
    resources_of,
)
from boardrules.games.mage_knight.ai.heuristic import evaluate
from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.mage_knight.map.hexes import neighbours


def turn(hand: str, fight: str = "", units: str = "", faces: str = "green green green") -> MKState:
    """The first turn of a 2-player game with the current hero's hand and Units set by hand;
    the Source shows no red, blue or white die unless told, so no such card is powered.
    ``fight``: these tokens, face up on a Marauding Orcs space next to the hero, challenged."""
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    g = s.g
    p = g.players[g.current]
    p.hand = hand.split()
    g.source, g.source_used = faces.split(), []
    p.units = [[u, 0, False] for u in units.split()]
    p.command = max(p.command, len(p.units))
    s.cached = None
    if fight:
        GAME.apply(s, Action.parse(orcs_next_to_hero(s, *(x.strip() for x in fight.split(",")))))
    return s


def greedy(s: MKState) -> Action:
    d = GAME.decision(s)
    assert d is not None
    return GreedyAgent(7).act(GAME, s, d)


def fight_through(s: MKState) -> list[str]:
    """Let greedy play the combat to its end; the actions taken."""
    taken = []
    while s.g.combat is not None and s.g.combat.phase != "over":
        a = greedy(s)
        taken.append(a.text)
        GAME.apply(s, a)
        assert len(taken) < 60
    return taken


# ---- the estimate --------------------------------------------------------------------------

def test_can_win_prowlers_need_3_attack_and_4_block() -> None:
    """Prowlers: Armor 3, Attack 4. Rage (Attack 2) and one card sideways defeat them,
    Determination (Block 2) and two cards sideways block them; Rage and one card sideways
    alone defeat them taking the attack, 2 Wounds on Armor 2 (WOUNDS_ACCEPTED), not 4 on Armor
    1; Rage alone does not defeat them."""
    prowlers = [Foe(3, [(4, "physical", False, False)], 2, False)]
    assert can_win(T, ["rage", "determination", "march", "swiftness", "stamina"], [], prowlers, 2)
    assert plan(resources_of(T, ["rage", "determination", "march", "swiftness", "stamina"], []), prowlers, 2, 0) \
        == (0, {(0, 0)})
    assert can_win(T, ["rage", "march"], [], prowlers, 2)
    assert not can_win(T, ["rage", "march"], [], prowlers, 1)
    assert not can_win(T, ["rage"], [], prowlers, 2)


def test_elusive_armor_counts_unless_every_attack_is_blocked() -> None:
    """Elusive (the Orc Tracker: Armor 3, elusive 6, Attack 4): blocking its attack brings its
    Armor down to 3, so 4 Block and 3 Attack win where 6 Attack alone leaves 2 Wounds."""
    tracker = Foe(3, [(4, "physical", False, False)], 3, False, elusive=6)
    best = plan([(2.0, 3.0), (2.0, 2.0), (1.0, 1.0), (1.0, 1.0), (1.0, 1.0)], [tracker], 2, 0)
    assert best == (0, {(0, 0)})


# ---- starting a fight ------------------------------------------------------------------------

def test_greedy_challenges_rampaging_enemies_its_hand_defeats() -> None:
    """MARAUDING ORCS "Action": greedy challenges Prowlers (Armor 3, Attack 4) with a hand that
    blocks and defeats them, and wins the combat without a Wound."""
    s = turn("rage determination march swiftness stamina")
    word = orcs_next_to_hero(s, "prowlers")
    assert greedy(s).text == word
    GAME.apply(s, Action.parse(word))
    taken = fight_through(s)
    me = s.g.players[s.g.current]
    assert me.fame == 2 and "wound" not in me.hand, taken


def test_greedy_does_not_challenge_enemies_its_hand_cannot_defeat() -> None:
    """Wolf Riders (Armor 4, Swift Attack 3: Block 6 to block) against two cards (Attack 3 at
    most): no challenge."""
    s = turn("rage march")
    word = orcs_next_to_hero(s, "wolf-riders")
    assert word not in [a.text for a in GAME.decision(s).actions] or greedy(s).text != word


def test_fight_outlook_values_a_winnable_fight_next_to_the_hero() -> None:
    """The heuristic counts a fight within one step the hand can win (its Fame), and not one
    it cannot."""
    s = turn("rage determination march swiftness stamina")
    orcs_next_to_hero(s, "prowlers")
    assert fight_outlook(T, s.g, s.g.current) == 2
    before = evaluate(T, s, s.g.current)
    s.g.players[s.g.current].hand = ["march"]
    assert fight_outlook(T, s.g, s.g.current) == 0
    assert evaluate(T, s, s.g.current) < before


def test_fight_targets_two_decks_whose_mean_hands_round_alike() -> None:
    """The enemies on the map the mean hand can beat are the answer for this deck, whatever was
    asked before in the process: ten Deed cards (2 Cold Toughness, 3 March, 4 Promise, Rage)
    beat the Diggers (Armor 3, Attack 3), one March more does not, and the two mean hands
    round alike to a tenth (the memo's key was the rounded hand: the first deck asked answered
    for both, in this game and in every later one). The hero's Armor is 1, so the Diggers'
    attack unblocked is 3 Wounds, more than a fight may cost."""
    s = turn("march")
    word = orcs_next_to_hero(s, "diggers")
    diggers = tuple(int(x) for x in word.split()[1].split(":"))
    p = s.g.players[s.g.current]
    p.armor = 1
    deck = ["cold-toughness"] * 2 + ["march"] * 3 + ["promise"] * 4 + ["rage"]
    p.deck, p.hand, p.play_area, p.discard = deck, [], [], []
    assert (diggers, 2) in fight_targets(T, s.g, s.g.current)
    p.deck = [*deck, "march"]
    assert diggers not in [h for h, _ in fight_targets(T, s.g, s.g.current)]


def test_the_estimate_keeps_the_same_cards_whatever_the_order_of_the_hand() -> None:
    """Past SPLIT_LIMIT cards the estimate keeps the strongest: Rage (Attack 2 or Block 2) over
    Blood Rage (Attack 2, Block 1 sideways) in either order (fight_outlook's memo holds the
    answer for the sorted hand)."""
    strong = ["cold-toughness"] * 9
    assert resources_of(T, [*strong, "rage", "blood-rage"], []) == resources_of(T, [*strong, "blood-rage", "rage"], [])


# ---- playing one ------------------------------------------------------------------------------

def test_ranged_phase_swiftness_powered_defeats_an_enemy_before_it_attacks() -> None:
    """Ranged and Siege Attacks: Swiftness powered (Ranged Attack 3, a white die) defeats the
    Prowlers (Armor 3) before the Block phase."""
    s = turn("swiftness march", fight="prowlers", faces="white green")
    taken = fight_through(s)
    assert taken[:2] == ["target 1", "play swiftness powered"], taken
    assert s.g.players[s.g.current].fame == 2 and not any(x.startswith("block") for x in taken)


def test_block_phase_keeps_the_attack_cards_and_blocks_with_the_rest() -> None:
    """Block phase: Rage is kept for the attack, Determination blocks (Block 2 and two cards
    sideways: the Prowlers' 4), then the Attack phase defeats them."""
    s = turn("rage determination march swiftness stamina", fight="prowlers")
    taken = fight_through(s)
    assert taken[0] == "next" and taken[1] == "block 1", taken
    assert "play determination basic" in taken  # (its Block 2 the only option of the Block phase, taken at once)
    me = s.g.players[s.g.current]
    assert me.fame == 2 and "wound" not in me.hand


def test_block_phase_blocks_the_strongest_attack_first() -> None:
    """Two enemies, Prowlers (Attack 4) and Diggers (Attack 3): with Block for one only, the
    Prowlers' attack is blocked."""
    s = turn("determination march swiftness", fight="prowlers, diggers")
    GAME.apply(s, Action.parse("next"))
    assert greedy(s).text == "block 1"


def test_attack_phase_targets_the_weakest_enemy_it_can_defeat() -> None:
    """Attack phase: with 3 Attack, the Diggers (Armor 3) rather than the Cursed Hags (Armor 5)."""
    s = turn("rage march", fight="cursed-hags, diggers")
    c = s.g.combat
    c.phase = "attack"
    s.cached = None
    assert greedy(s).text == "target 2"


def test_assign_damage_phase_on_a_unit_rather_than_the_hero() -> None:
    """Assign Damage: the unblocked attack goes on the Unit that can take it, not the hero."""
    s = turn("march", fight="prowlers", units="peasants")
    GAME.apply(s, Action.parse("next"))
    GAME.apply(s, Action.parse("next"))
    assert greedy(s).text == "assign 1 unit peasants-1"


def test_greedy_is_deterministic_for_a_seed() -> None:
    """The same seed gives the same choices in a combat."""
    a = fight_through(turn("rage determination march swiftness stamina", fight="prowlers"))
    b = fight_through(turn("rage determination march swiftness stamina", fight="prowlers"))
    assert a == b


def test_rng_untouched_by_the_policy() -> None:
    """The policy draws nothing: the agent's generator is where it was."""
    s = turn("rage determination march swiftness stamina", fight="prowlers")
    agent = GreedyAgent(3)
    before = Rng(3).next64()
    d = GAME.decision(s)
    assert d is not None
    agent.act(GAME, s, d)
    assert agent.rng.next64() == before


def test_hidden_information_a_face_down_token_counts_as_its_colours_mean() -> None:
    """The estimate sees what the player sees: two face-down green tokens of different
    strength (Prowlers, Cursed Hags) give the same outlook, the face-up Prowlers their own."""
    values = []
    for token in ("prowlers", "cursed-hags"):
        s = turn("rage determination improvisation swiftness stamina march")
        orcs_next_to_hero(s, token)
        for toks in s.g.enemies.values():
            for tok in toks:
                tok.face_up = tok.id != token and tok.face_up
        values.append((fight_outlook(T, s.g, s.g.current), fight_targets(T, s.g, s.g.current)))
    assert values[0] == values[1]
    s = turn("rage determination improvisation swiftness stamina march")
    orcs_next_to_hero(s, "prowlers")
    assert fight_outlook(T, s.g, s.g.current) == 2


def test_greedy_explores_in_solo_conquest_where_a_tile_gives_no_fame() -> None:
    """Exploring (facts 4.2) in Solo Conquest gives no Fame, yet the greedy player explores when
    next to an open tile position with the Move to pay (it stood still there for the rest of
    the game while the new tile's open positions lay further than the one used)."""
    from boardrules.games.mage_knight.map.exploring import next_to, open_positions
    from boardrules.games.mage_knight.map.hexes import in_shape
    from boardrules.games.mage_knight.map.movement import terrain_cost

    for seed in range(1, 9):
        s = GAME.new_state(1, seed, {"scenario": "solo-conquest"})
        while (d := GAME.decision(s)) is not None and d.prompt != "Your turn":
            GAME.apply(s, d.actions[0])
        g = s.g
        me = g.current
        for spot in (h for grid in open_positions(g) if in_shape(g.shape, grid) for h in sorted(g.spaces)
                     if next_to(h, grid) and terrain_cost(T, g, h) is not None
                     and not any(g.enemies.get(n) for n in (h, *neighbours(h)))):
            g.players[me].position = spot
            g.players[me].move_points = 2
            s.cached = None
            d = GAME.decision(s)
            assert d is not None
            if any(a.name == "explore" for a in d.actions):
                assert GreedyAgent(3).act(GAME, s, d).name == "explore"
                return
    raise AssertionError("no space next to an open tile position")
