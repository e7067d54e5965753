"""Random-combat property tests: hundreds of seeded combats with random enemies, Units,
conditions and played effects. After every action: the combat asks a question with a legal
answer until it ends, no count is negative, Fame equals the defeated enemies' Fame, Wound cards
are conserved, a clone and the JSON form agree with the state, and every event carries JSON data."""

from __future__ import annotations

import json

import pytest

from boardrules.engine import Action, Event, IllegalActionError, Rng
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.combat.decision import combat_decision
from boardrules.games.mage_knight.combat.enemies import replaced
from boardrules.games.mage_knight.combat.phases import add_effect, start_combat
from boardrules.games.mage_knight.combat.state import MANA, Combat, Hero
from boardrules.games.mage_knight.content import default_content
from boardrules.games.mage_knight.content_model import Effect
from boardrules.games.mage_knight.units.in_combat import EFFECT_PHASES, effect_usable

ELEMENTS = ("physical", "fire", "ice", "cold-fire")
SITES = ("", "keep", "mage-tower", "dungeon", "tomb", "monastery", "maze", "den", "city")
CITIES = ("white", "blue", "red", "green")
MAX_STEPS = 3000


def random_combat(seed: int) -> tuple[Combat, Rng]:
    t = default_content()
    rng = Rng(seed)
    enemies = [t.enemies[rng.below(len(t.enemies))].id for _ in range(1 + rng.below(3))]
    units = [(t.units[rng.below(len(t.units))].id, int(rng.below(4) == 0), rng.below(5) == 0)
             for _ in range(rng.below(5))]
    site = SITES[rng.below(len(SITES))]
    allowed = "none" if site in ("dungeon", "tomb", "monastery") else "one" if site == "maze" else "all"
    if units and allowed == "one":
        units[0] = (units[0][0], 0, False)  # the maze's chosen Unit is ready and unwounded
    chosen = f"{units[0][0]}-1" if units and allowed == "one" else ""
    c = start_combat(
        t, enemies, units=units, hero=Hero(2 + rng.below(3), 5 + rng.below(3), rng.below(7)),
        site=site, night=site in ("dungeon", "tomb") or rng.below(2) == 0, units_allowed=allowed,
        chosen_unit=chosen, site_fortified=site in ("keep", "mage-tower"), across_wall=rng.below(4) == 0,
        rampaging=site == "" and rng.below(2) == 0, mana={m: rng.below(2) for m in MANA},
        move_points=rng.below(4), influence=rng.below(5),
        city=CITIES[rng.below(4)] if site == "city" else "",
    )
    return c, rng


def random_effect(c: Combat, rng: Rng) -> tuple[Effect, int] | None:
    kinds = [k for k in EFFECT_PHASES if effect_usable(c, k)]
    if not kinds:
        return None
    kind = kinds[rng.below(len(kinds))]
    alive = [i for i, e in enumerate(c.enemies) if not e.defeated and not e.gone and not replaced(c, i)]  # Summon Attack
    target = alive[rng.below(len(alive))]
    if kind in ("attack", "ranged", "siege", "block"):
        return Effect(type=kind, value=1 + rng.below(8), element=ELEMENTS[rng.below(4)]), target  # type: ignore[arg-type]
    if kind in ("move", "armor-reduction", "attack-reduction", "unit-attack-bonus"):
        return Effect(type=kind, value=1 + rng.below(3)), target  # type: ignore[arg-type]
    return Effect(type=kind), target  # type: ignore[arg-type]


def check(c: Combat, start_wounds: int, start_hand: tuple[int, int]) -> None:
    t = default_content()
    h = c.hero
    counts = [h.hand, h.wounds_hand, h.wounds_discard, h.discarded, c.move_points, c.influence, c.fame >= 0,
              *c.mana.values(), *(u.wounds for u in c.units), *(x for e in c.enemies for x in e.left)]
    assert min(counts) >= 0
    assert c.fame == sum(t.enemy[e.token].fame for e in c.enemies if e.defeated and e.summoner < 0)
    wounds_now = sum(u.wounds for u in c.units) + h.wounds_hand + h.wounds_discard
    assert wounds_now - start_wounds == c.wounds_dealt
    assert h.hand + h.discarded == start_hand[0]
    assert h.wounds_hand - start_hand[1] == h.wounds_this_combat
    d = combat_decision(t, c)
    if c.phase == "over":
        assert d is None
    else:
        assert d is not None and d.actions


@pytest.mark.parametrize("block", range(8))
def test_random_combats_hold_the_invariants(block: int) -> None:
    t = default_content()
    for seed in range(block * 100, block * 100 + 100):
        c, rng = random_combat(seed)
        start_wounds = sum(u.wounds for u in c.units) + c.hero.wounds_hand
        start_hand = (c.hero.hand, c.hero.wounds_hand)
        events: list[Event] = []
        steps = 0
        while c.phase != "over":
            steps += 1
            assert steps < MAX_STEPS, f"seed {seed}: the combat does not end"
            if rng.below(5) == 0 and (made := random_effect(c, rng)) is not None:
                add_effect(c, t, made[0], made[1], (), events)
                if c.phase == "over":  # the effect defeated the last enemy (Destroy if blocked)
                    check(c, start_wounds, start_hand)
                    break
            d = combat_decision(t, c)
            assert d is not None
            action = d.actions[rng.below(len(d.actions))]
            apply_combat(t, c, action, events, rng)
            check(c, start_wounds, start_hand)
            if steps % 7 == 0:
                data = json.dumps(c.to_json(), sort_keys=True)
                assert json.dumps(c.clone().to_json(), sort_keys=True) == data
                back = Combat.from_json(json.loads(data))
                assert json.dumps(back.to_json(), sort_keys=True) == data
                assert combat_decision(t, back) == combat_decision(t, c)
        assert all(e.data for e in events), [e.kind for e in events if not e.data]  # structured data for programs
        json.dumps([e.data for e in events])


PROBES = (
    "target 1", "target 2", "target 3", "target 4", "block 1", "block 1.1", "block 2", "block 2.2", "block 3.1",
    "spend-move 1", "spend-move 2.1", "assign 1 hero", "assign 2 hero", "assign 1.1 hero", "resolve", "next",
    "activate peasants-1 attack", "activate peasants-1 block", "activate illusionists-1 prevent 1",
    "activate delphana-masters-1 weaken 2", "activate catapults-1 siege", "activate nobody-1 attack",
)


@pytest.mark.parametrize("block", range(2))
def test_random_combats_refuse_illegal_actions_with_a_reason(block: int) -> None:
    """Every action that is not legal at a step is refused with IllegalActionError (a reason
    and a rule), never another exception, and leaves the combat unchanged."""
    t = default_content()
    for seed in range(5000 + block * 50, 5000 + block * 50 + 50):
        c, rng = random_combat(seed)
        events: list[Event] = []
        while c.phase != "over":
            d = combat_decision(t, c)
            assert d is not None
            legal = {a.text for a in d.actions}
            before = json.dumps(c.to_json(), sort_keys=True)
            units = [f"assign 1 unit {u.label}" for u in c.units] + [f"activate {u.label} attack" for u in c.units]
            for text in (*PROBES, *units):
                if text in legal:
                    continue
                with pytest.raises(IllegalActionError) as info:
                    apply_combat(t, c, Action.parse(text), events, rng)
                assert info.value.reason and info.value.rule
            assert json.dumps(c.to_json(), sort_keys=True) == before
            if rng.below(4) == 0 and (made := random_effect(c, rng)) is not None:
                add_effect(c, t, made[0], made[1], (), events)
                continue
            apply_combat(t, c, d.actions[rng.below(len(d.actions))], events, rng)
