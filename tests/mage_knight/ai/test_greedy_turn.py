"""Mage Knight's greedy outside a combat (ai/policy.py and ai/heuristic.py): recruiting with the
Influence the hand gives, assaulting a site it can take and not one it cannot, powering a card
with the mana it has, a fight further away counting the share of the way the Move points pay, and
seeded greedy games that end (docs/agents.md, issue 27)."""

from __future__ import annotations

import pytest
from mk_positions import GAME, T, me, turn

from boardrules.agents import GreedyAgent
from boardrules.engine import Action, Decision, Rng
from boardrules.games.mage_knight.ai.fight_estimate import fight_in_reach
from boardrules.games.mage_knight.ai.heuristic import recruit_target
from boardrules.games.mage_knight.ai.policy import _learn_choice, deed_strength
from boardrules.games.mage_knight.ai.turn_plan import site_plan
from boardrules.games.mage_knight.game_state import MKState, Token
from boardrules.games.mage_knight.map.exploring import space
from boardrules.games.mage_knight.map.hexes import Hex, neighbours
from boardrules.games.mage_knight.map.movement import move_cost


def greedy(s: MKState, seed: int = 7) -> Action:
    d = GAME.decision(s)
    assert d is not None
    return GreedyAgent(seed).act(GAME, s, d)


def play_turn(s: MKState, until: str) -> list[str]:
    """Let greedy play the current hero's turn up to an action named ``until`` or the turn's end."""
    hero, agent, taken = s.g.current, GreedyAgent(7), []
    while (d := GAME.decision(s)) is not None and d.player == hero and len(taken) < 40:
        a = agent.act(GAME, s, d)
        taken.append(a.text)
        GAME.apply(s, a)
        if a.name in (until, "end-turn"):
            break
    return taken


def on_site(s: MKState, site: str) -> Hex:
    """The space next to the hero made one holding ``site``; the hero on a plains space with no
    enemies next to it or to the site (no other fight joins)."""
    g = s.g
    tile, i = next((x.id, j) for x in T.tiles for j, h in enumerate(x.hexes) if h.site == site)

    def quiet(h: Hex) -> bool:
        return not any(g.enemies.get(x) for x in (h, *neighbours(h)))

    for h in sorted(g.spaces):
        sp = space(T, g, h)
        if sp is None or sp.site or sp.terrain != "plains" or not quiet(h):
            continue
        n = next((x for x in neighbours(h) if x in g.spaces and quiet(x)), None)
        if n is not None:
            g.spaces[n] = (tile, i)
            me(s).position, me(s).must_play = h, False
            s.cached = None
            return n
    raise AssertionError("no plains space on the starting map")


# ---- recruiting ------------------------------------------------------------------------------

def test_recruiting_greedy_gathers_influence_and_recruits_the_strongest_unit() -> None:
    """VILLAGE "Recruiting": on a village with Promise, Threaten and two more cards (Influence 6
    and more), greedy plays them for Influence and recruits Peasants (Attack 2, Block 2) rather
    than Herbalists, who do not fight."""
    s = turn("promise threaten march stamina", faces="green green green")
    village = on_site(s, "village")
    me(s).position = village
    s.g.unit_offer = ["herbalists", "peasants"]
    s.cached = None
    assert recruit_target(T, s.g, s.g.current)[0] == "peasants"
    taken = play_turn(s, "recruit")
    assert "recruit peasants" in taken, taken
    assert [u[0] for u in me(s).units] == ["peasants"], taken


def test_recruiting_nothing_to_buy_without_the_influence() -> None:
    """One card of Influence 1 (sideways) does not pay for a Unit: nothing is counted toward one."""
    s = turn("march", faces="green green green")
    me(s).position = on_site(s, "village")
    s.g.unit_offer = ["peasants"]
    s.cached = None
    assert recruit_target(T, s.g, s.g.current) == ("", 0)


# ---- assaulting a site -------------------------------------------------------------------------

def test_greedy_assaults_an_adjacent_keep_its_hand_takes() -> None:
    """KEEP "Assault": Diggers (Armor 3, Attack 3) guard the keep next to the hero; with Move
    points to step on it and a hand that blocks and defeats them, greedy assaults and
    conquers it."""
    s = turn("rage determination march swiftness stamina", faces="green green green")
    keep = on_site(s, "keep")
    s.g.enemies[keep] = [Token("diggers", True)]
    me(s).move_points = 5
    s.cached = None
    a = greedy(s)
    assert a.text == f"move {keep[0]}:{keep[1]}"
    GAME.apply(s, a)
    while s.g.combat is not None:
        GAME.apply(s, greedy(s))
    assert keep in s.g.conquered and me(s).fame >= 2


def test_greedy_does_not_assault_a_keep_its_hand_cannot_take() -> None:
    """The same keep held by Fire Golems against two cards: greedy does not step on it."""
    s = turn("march stamina", faces="green green green")
    keep = on_site(s, "keep")
    s.g.enemies[keep] = [Token("fire-golems", True)]
    me(s).move_points = 5
    s.cached = None
    for _ in range(3):  # whatever it does first, never the assault
        a = greedy(s)
        assert a.text != f"move {keep[0]}:{keep[1]}"
        if a.name == "end-turn":
            break
        GAME.apply(s, a)


# ---- mana ------------------------------------------------------------------------------------

def test_greedy_powers_march_with_a_green_die() -> None:
    """March: Move 2, powered (green mana) Move 4. With a green die in the Source greedy plays it
    powered."""
    s = turn("march", faces="green green green")
    a = greedy(s)
    assert a.text == "play march powered", a.text


# ---- seeded games ------------------------------------------------------------------------------

def test_seeded_greedy_games_end() -> None:
    """Two seeded greedy-vs-greedy games end with a result, each seat's decisions bounded."""
    for i in range(2):
        seed = Rng(100 + i).next64()
        s = GAME.new_state(2, seed)
        agents = [GreedyAgent(seed + k) for k in range(2)]
        steps = 0
        while (d := GAME.decision(s)) is not None:
            GAME.apply(s, agents[d.player].act(GAME, s, d))
            steps += 1
            assert steps < 5000
        assert GAME.result(s) is not None


# ---- a fight further than one step ------------------------------------------------------------

def test_a_fight_two_steps_away_counts_the_share_of_the_way_the_move_points_pay() -> None:
    """KEEP "Assault" two steps away: the Diggers' keep (Fame 2) counts, in the heuristic, the
    square of the share of the way there the Move points gathered pay (so a Move card is played toward it),
    all of it once they pay the whole way; nothing with a hand that cannot take it."""
    s = turn("rage determination march swiftness stamina", faces="green green green")
    keep = on_site(s, "keep")
    g = s.g
    g.enemies = {keep: [Token("diggers", True)]}  # the only fight on the map
    here = me(s).position
    back = next(x for x in neighbours(here) if x in g.spaces and x != keep and keep not in neighbours(x)
                and not g.enemies.get(x) and move_cost(T, g, x, here) is not None)
    me(s).position = back
    s.cached = None
    way = move_cost(T, g, back, here) + move_cost(T, g, here, keep)
    assert fight_in_reach(T, g, g.current, 0) == 0
    assert fight_in_reach(T, g, g.current, 2) == pytest.approx(2 * (2 / way) ** 2)
    assert fight_in_reach(T, g, g.current, way) == 2
    me(s).hand = ["march", "stamina"]
    assert fight_in_reach(T, g, g.current, way) == 0



# ---- growing the hero: Units and Advanced Actions --------------------------------------------

def test_greedy_walks_to_a_village_its_cards_left_recruit_at_and_recruits() -> None:
    """VILLAGE "Recruiting" (issue 27): with no fight in reach, a village one step away, March
    for the way and Promise, Threaten and Stamina left (Influence 5), greedy walks there with
    March and recruits Peasants (``turn_plan.site_plan``)."""
    s = turn("march promise threaten stamina", faces="green green green")
    village = on_site(s, "village")
    s.g.unit_offer = ["peasants"]
    s.cached = None
    aim = site_plan(T, s.g, s.g.current)
    assert aim is not None and aim.target == village and aim.move_cards == ("march",), aim
    hero = s.g.current
    taken = play_turn(s, "recruit")
    assert taken[0] == "play march basic", taken
    assert s.g.players[hero].position == village, taken
    assert [u[0] for u in s.g.players[hero].units] == ["peasants"], taken


def test_greedy_disbands_no_unit_for_one_no_stronger() -> None:
    """VILLAGE "Recruiting" with every Command token used: Herbalists (no Attack, no Block) are
    not recruited in place of Peasants, whatever Influence the hand gives."""
    s = turn("promise threaten march stamina", faces="green green green")
    village = on_site(s, "village")
    me(s).position = village
    me(s).units = [["peasants", 0, False]]
    s.g.unit_offer = ["herbalists"]
    s.g.enemies = {}  # no fight to walk to with the Peasants
    s.cached = None
    hero = s.g.current
    taken = play_turn(s, "recruit")
    assert not any(x.startswith("recruit") for x in taken), taken
    assert [u[0] for u in s.g.players[hero].units] == ["peasants"], taken


def test_level_up_advanced_action_chosen_by_strength() -> None:
    """LEVEL UP (facts 6.2): of the Advanced Actions offered the greedy takes the one bringing the
    most Attack and Block (``policy.deed_strength``), not the first by name."""
    offers = [Action("learn", (c,)) for c in ("crushing-bolt", "refreshing-walk", "shield-bash")]
    chosen = _learn_choice(T, Decision(0, "learn", tuple(offers)))
    assert chosen is not None and chosen.args[0] == "shield-bash"
    assert deed_strength(T, "shield-bash") > deed_strength(T, "crushing-bolt") > deed_strength(T, "refreshing-walk")
