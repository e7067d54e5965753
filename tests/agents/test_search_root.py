"""The search works out the root's decision once and hands it to every sample
(``Game.keep_decision``): a determinized sample asks its player what the real position asks,
in every game, so the search grows the same tree, choice for choice and count for count, as
when each sample works the question out again (``SearchAgent.reuse_root = False``)."""

from __future__ import annotations

import random

import pytest

from boardrules.agents import make_agent
from boardrules.agents.search import Node, SearchAgent
from boardrules.engine import Rng
from boardrules.games import GAMES, load_game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_sample_asks_its_player_what_the_real_position_asks(game: str) -> None:
    g = load_game(game)
    rng = Rng(5)
    compared = 0
    for seed in (1, 2):
        s = g.new_state(2, seed)
        pick = random.Random(seed)
        for step in range(300 if game != "mage-knight" else 80):
            d = g.decision(s)
            if d is None:
                break
            if step % 3 == 0:
                sample = g.determinize(s, d.player, rng)
                assert g.decision(sample) == d, (game, seed, step)
                compared += 1
            g.apply(s, d.actions[pick.randrange(len(d.actions))])
    assert compared > 20


def _tree(node: Node) -> dict[str, object]:
    return {text: (c.visits, c.avail, round(c.total, 9), _tree(c)) for text, c in sorted(node.children.items())}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_search_grows_the_same_tree_with_the_root_kept(game: str) -> None:
    g = load_game(game)
    s = g.new_state(2, 8)
    pick = random.Random(8)
    searched = 0
    iterations = 12 if game == "mage-knight" else 40
    for _ in range(200):
        d = g.decision(s)
        if d is None or searched == 3:
            break
        if len(d.actions) > 1 and pick.random() < 0.3:
            trees = []
            for reuse in (True, False):
                agent = make_agent(f"ismcts:iterations={iterations}", 77)
                assert isinstance(agent, SearchAgent)
                agent.reuse_root = reuse
                tree = _tree(agent.search(g, g.clone(s), d.player))
                trees.append((tree, agent.rng.state, agent.rng.draws))  # the same random stream too
            assert trees[0] == trees[1] and trees[0][0]
            searched += 1
        g.apply(s, d.actions[pick.randrange(len(d.actions))])
    assert searched == 3
