"""The greedy battle choice: hand-set positions and seeded battles against random choices."""

from __future__ import annotations

from h4_battles import battle, card, random_battle

from boardrules.engine import Rng
from boardrules.games.heroes_iv.battle import apply_battle, battle_decision
from boardrules.games.heroes_iv.battle_greedy import greedy_battle_action, hit_chance


def test_greedy_hit_chance_counts_die_faces_and_the_distance_penalty() -> None:
    assert hit_chance(7, 13) == 0.5  # rules17: the Golems need a 6 or more
    assert hit_chance(14, 13) == 1.0
    assert hit_chance(3, 4, penalty=2) == 0.8  # a die of 3 or more after -2


def test_greedy_takes_the_sure_kill_and_swarms_when_no_attack_can_hit() -> None:
    f = battle([("melee", [card("hydra", targets=1)])], "melee wolf*2; melee squire")
    f.skip_to(8)
    # two Wolves (7 against 8: 90%) are worth more than one Squire for sure
    assert greedy_battle_action(f.b).text == "attack a1 d1:2"
    g = battle("melee wolf", "melee behemoth")
    assert greedy_battle_action(g.b).text == "swarm a1"  # 2 + 10 < 13


def test_greedy_withdraws_when_far_weaker() -> None:
    f = battle([("melee", [card("wolf", defense=30)])], "melee behemoth*3")
    while f.b.step != "round-end":
        f.play(greedy_battle_action(f.b).text)
    assert greedy_battle_action(f.b).text == "withdraw"


def test_greedy_beats_random_choices_in_seeded_battles() -> None:
    pick = Rng(11)
    wins = 0
    for seed in range(200):
        b = random_battle(seed)
        greedy = seed % 2  # the side that plays greedily
        while (d := battle_decision(b)) is not None:
            side = b.sides.index(next(s for s in b.sides if s.player == d.player))
            action = greedy_battle_action(b) if side == greedy else d.actions[pick.below(len(d.actions))]
            apply_battle(b, action, [])
        wins += b.winner == greedy
    assert wins >= 140


def _greedy_setup(aggressor: str) -> list[tuple[str, list[str]]]:
    """The aggressor's Tactical Setup as greedy makes it: (line, card ids) a stack."""
    f = battle(aggressor, "melee wolf", setup=True)
    while f.b.step == "setup" and f.b.acting == 0:
        f.play(greedy_battle_action(f.b).text)
    return [(st.line, [c.card for c in st.cards]) for st in f.b.sides[0].alive()]


def test_greedy_sets_its_hero_up_behind_the_melee_line_when_it_may() -> None:
    # three Unit stacks hold the Melee Line: the Knight stands behind it, out of melee reach
    lines = _greedy_setup("melee knight; melee squire*2; melee gold-golem; melee wolf")
    assert ("ranged", ["knight"]) in lines
    assert sum(1 for line, _ in lines if line == "melee") == 3
    # with too few others to hold the line, he stands in it
    assert ("melee", ["knight"]) in _greedy_setup("melee knight; melee squire")
