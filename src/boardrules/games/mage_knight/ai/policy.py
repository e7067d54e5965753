"""The greedy agent's combat policy (the game's ``greedy_action`` hook): when to start a fight,
and how to play one, phase by phase. A one-step lookahead cannot play a combat (a card's choice
is made before its worth shows; Influence played in the Ranged phase looks as good as an
attack), so these choices are rules of thumb on what the hero can bring:

- start a fight (enter a site, challenge or provoke rampaging enemies, assault a fortified
  site) only when the hand's cards (powered where the mana the player has can pay) and the
  ready Units can defeat every enemy, with what is left blocking enough that the hero takes at
  most ``WOUNDS_ACCEPTED`` Wounds; the enemies are counted from what the player sees: a
  face-up token as it is, a face-down one as the mean token of its colour (its colour is
  public);
- Ranged and Siege Attacks phase: defeat an enemy the ranged cards alone can defeat, else go on;
- Block phase: keep the cards the attack needs, block the strongest attack the rest blocks
  in full;
- Assign Damage phase: on a Unit that can take it (the sturdiest), else on the hero;
- Attack phase: the weakest enemy the hand can still defeat, then the next.

Everything else is left to the lookahead (the hook returns None). Deterministic: no draw.
The estimate of a fight (what the cards and Units bring, the enemies as seen) is
``fight_estimate.py``'s. The heuristic asks ``fight_outlook`` (a winnable fight next to the hero) and ``fight_targets``
(the enemies on the map the hand the player may expect can beat) to walk to fights.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ....engine import Action, Decision
from ..actions.words import _h
from ..cards.deck import WOUND
from ..combat.choices import NEXT, RESOLVE, can_target, counting_points, open_attacks
from ..combat.damage import unit_armor
from ..combat.elements import attack_total, block_needed, block_total
from ..combat.enemies import armor, attack, attack_value, defense, fortification, has, resistances
from ..combat.state import Combat
from ..content import Tables
from ..game_state import MKState
from ..map.hexes import Hex, neighbours
from ..map.movement import move_cost, rampaging_at
from ..units.in_combat import unit_usable
from .fight_estimate import (
    ATTACK_KINDS,
    STARTS,
    Foe,
    _reach,
    _unit_best,
    can_win,
    card_best,
    card_values,
    colour_mean,
    fight_outlook,
    fight_targets,
    mean_hand,
    plan,
    powered_best,
    powered_cards,
    resources_of,
    start_outlook,
)
from .heuristic import unit_strength
from .turn_plan import TurnPlan, card_move, site_plan, turn_plan, way_from

# ---- inside a combat -----------------------------------------------------------------------

def _find(d: Decision, text: str) -> Action | None:
    return next((a for a in d.actions if a.text == text), None)


def _pool_attack(c: Combat, t: Tables) -> int:
    used = counting_points(c, t)
    return attack_total(((c.pool[k][1], c.pool[k][2]) for k in used), (resistances(t, c.enemies[i]) for i in c.targets))


def _pool_block(c: Combat, t: Tables) -> int:
    assert c.block_target is not None
    i, a = c.block_target
    e = c.enemies[i]
    used = counting_points(c, t)
    return block_total(((c.pool[k][1], c.pool[k][2], c.pool[k][3]) for k in used), attack(t, e, a).element,
                       has(t, e, "swift"))


def _block_need(c: Combat, t: Tables, i: int, a: int) -> int:
    e = c.enemies[i]
    return block_needed(attack_value(t, e, a), has(t, e, "swift"))


def _kinds(c: Combat, t: Tables) -> tuple[str, ...]:
    if c.phase == "block":
        return ("block",)
    if c.phase == "ranged" and any(fortification(c, t, c.enemies[i]) for i in c.targets):
        return ("siege",)
    return ATTACK_KINDS.get(c.phase, ())


def _sources(t: Tables, c: Combat, d: Decision, kinds: tuple[str, ...], powered: list[str]) -> list[tuple[int, int, Action]]:
    """The plays of the decision giving points of ``kinds``: (value, the card's worth in the
    other phases, action), the biggest first, Units' abilities before them (value 100 and more)."""
    out: list[tuple[int, int, Action]] = []
    for a in d.actions:
        if a.name == "activate" and len(a.args) == 2:
            u = next((x for x in c.units if x.label == a.args[0]), None)
            if u is None:
                continue
            ability = next((ab for ab in t.unit[u.unit].abilities if ab.key == a.args[1]), None)
            if ability is not None and not ability.mana and all(e.type in kinds for e in ability.effects):
                out.append((100 + sum(e.value for e in ability.effects), 0, a))
        elif a.name == "play" and a.args[0] != WOUND:
            card, how = a.args
            worth = max(card_best(t, card, ATTACK_KINDS["attack"])[0], card_best(t, card, ("block",))[0])
            if how == "basic":
                value, option, _ = card_best(t, card, kinds)
                if option:
                    out.append((value, worth, a))
            elif how == "powered" and card in powered and powered_best(t, card, kinds):
                out.append((powered_best(t, card, kinds), worth, a))
            elif how in kinds and how in ("attack", "block"):
                out.append((1, worth, a))
    out.sort(key=lambda x: (-x[0], x[1], x[2].text))
    return out


def _attack_deficit(c: Combat, t: Tables, needed: int) -> int:
    """The physical points still missing to the attack declared (resistances halve them)."""
    used = [(c.pool[k][1], c.pool[k][2]) for k in counting_points(c, t)]
    res = [resistances(t, c.enemies[i]) for i in c.targets]
    return next((x for x in range(2 * needed + 2) if attack_total([*used, ("physical", x)], res) >= needed),
                2 * needed + 2)


def _block_deficit(c: Combat, t: Tables, i: int, a: int) -> int:
    """The physical Block points still missing to block attack ``a`` of enemy ``i`` (an
    elemental attack halves them)."""
    e = c.enemies[i]
    need = _block_need(c, t, i, a)
    used = [(c.pool[k][1], c.pool[k][2], c.pool[k][3]) for k in counting_points(c, t)]
    element, swift = attack(t, e, a).element, has(t, e, "swift")
    return next((x for x in range(2 * need + 2) if block_total([*used, ("physical", x, False)], element, swift) >= need),
                2 * need + 2)


def _fill(plays: list[tuple[int, int, Action]], deficit: int) -> Action:
    """A Unit's ability first; else the smallest play that makes up ``deficit``, the card worth
    least otherwise first; else the biggest."""
    if plays[0][0] >= 100:
        return plays[0][2]
    enough = [x for x in plays if x[0] >= deficit]
    if enough:
        return min(enough, key=lambda x: (x[0], x[1], x[2].text))[2]
    return plays[0][2]


def _hand_total(t: Tables, hand: list[str], units: list[str], kinds: tuple[str, ...], powered: list[str]) -> int:
    strong = Counter(powered)
    total = 0
    for x in hand:
        if x != WOUND:
            total += max(card_best(t, x, kinds)[0], powered_best(t, x, kinds) if strong[x] > 0 else 0)
            strong[x] -= 1
    return total + sum(_unit_best(t, u, kinds)[0] for u in units)


def _defend(c: Combat, t: Tables, targets: list[int]) -> int:
    """Defense: the Armor bonus an attack on ``targets`` will give them (``enemies.defense``)."""
    return sum(t.enemy[c.enemies[j].token].defend for _, j in defense(c, t, targets))


def _usable_units(c: Combat, t: Tables) -> list[str]:
    return [u.unit for u in c.units if not unit_usable(c, t, u)]


def _combat_action(game: Any, m: MKState, d: Decision) -> Action | None:
    t: Tables = game.t
    c = m.g.combat
    assert c is not None
    hand = m.g.players[c.player].hand
    if c.asking:  # the policy's resolve or next, played as it chose them
        return _find(d, "confirm")
    if c.phase == "damage":
        return _assign(t, c, d)
    kinds = _kinds(c, t)
    units = _usable_units(c, t)
    powered = powered_cards(t, m.g, c.player, hand)
    if c.phase in ("ranged", "attack"):
        if c.targets:  # finish the attack declared
            needed = sum(armor(c, t, c.enemies[i]) for i in c.targets) + _defend(c, t, c.targets)
            if counting_points(c, t) and _pool_attack(c, t) >= needed:
                return _find(d, RESOLVE.text)
            plays = _sources(t, c, d, kinds, powered)
            return _fill(plays, _attack_deficit(c, t, needed)) if plays else _find(d, NEXT.text)
        pick = _attack_target(t, c, hand, units, powered)
        return _find(d, f"target {pick + 1}") if pick >= 0 else _find(d, NEXT.text)
    # the Block phase
    if c.block_target is not None:
        i, a = c.block_target
        if counting_points(c, t) and _pool_block(c, t) >= _block_need(c, t, i, a):
            return _find(d, RESOLVE.text)
        plays = _sources(t, c, d, ("block",), powered)
        return _fill(plays, _block_deficit(c, t, i, a)) if plays else _find(d, NEXT.text)
    target = _block_choice(t, c, hand, units, powered)
    return _find(d, "block " + target) if target else _find(d, NEXT.text)


def _attack_target(t: Tables, c: Combat, hand: list[str], units: list[str], powered: list[str]) -> int:
    """The enemy to attack: in the Ranged phase one the ranged cards alone defeat (the most
    dangerous); in the Attack phase the weakest the hand defeats (the most Fame on a tie)."""
    best, best_key = -1, (0.0, 0.0)
    for i, e in enumerate(c.enemies):
        if not can_target(c, t, i):
            continue
        kinds = ("siege",) if c.phase == "ranged" and fortification(c, t, e) else ATTACK_KINDS[c.phase]
        have = _hand_total(t, hand, units, kinds, powered)
        if "physical" in resistances(t, e):
            have //= 2
        pooled = attack_total(((it[1], it[2]) for it in c.pool if it[0] in kinds), [resistances(t, e)])
        if have + pooled < armor(c, t, e) + _defend(c, t, [i]):
            continue
        threat = sum(attack_value(t, e, a) for a in range(len(e.blocked)) if not e.blocked[a])
        key = (float(threat), -armor(c, t, e)) if c.phase == "ranged" else \
            (-float(armor(c, t, e)), float(t.enemy[e.token].fame))
        if best < 0 or key > best_key:
            best, best_key = i, key
    return best


def _block_choice(t: Tables, c: Combat, hand: list[str], units: list[str], powered: list[str]) -> str:
    """The attack to block, as its word ("" for none): the strongest the best plan (``plan``)
    blocks; when no plan wins the combat, the strongest the whole hand blocks in full."""
    open_ = open_attacks(c, t)
    if not open_:
        return ""
    foes: list[Foe] = []
    refs: list[list[tuple[int, int]]] = []  # per foe, its open (enemy, attack) pairs
    for i, e in enumerate(c.enemies):
        if e.defeated or e.gone or e.summoner >= 0 and not any(x == i for x, _ in open_):
            continue
        mine = [(x, a) for x, a in open_ if x == i]
        en = t.enemy[e.token]
        blocked_armor = en.armor + e.armor_bonus - e.armor_cut
        if e.summoner >= 0:  # a summoned token attacks, and goes: nothing to defeat
            foes.append(Foe(0, [(attack_value(t, e, a), attack(t, e, a).element, has(t, e, "swift"),
                                 has(t, e, "brutal")) for _, a in mine], 0, False, 0, has(t, e, "paralyze")))
            refs.append(mine)
            continue
        foes.append(Foe(blocked_armor if all(e.blocked[a] for a in range(len(e.blocked)) if (i, a) not in mine) else
                        armor(c, t, e),
                        [(attack_value(t, e, a), attack(t, e, a).element, has(t, e, "swift"), has(t, e, "brutal"))
                         for _, a in mine], en.fame, "physical" in resistances(t, e), armor(c, t, e),
                        has(t, e, "paralyze")))
        refs.append(mine)
    takers = sum(1 for u in c.units if not u.wounds and not u.destroyed)
    best = plan(resources_of(t, hand, units, powered), foes, c.hero.armor, takers)
    pooled = sum(it[2] for it in c.pool if it[0] == "block")
    if best is not None and best[1]:
        k, a = max(best[1], key=lambda ka: (foes[ka[0]].attacks[ka[1]][0], ka))
        i, at = refs[k][a]
    elif best is not None:  # the plan wins taking the attacks: every card is kept for the attack
        return ""
    else:
        block = sum(r[1] for r in resources_of(t, hand, units, powered)) + pooled
        options = [(attack_value(t, c.enemies[i], a) * (2 if has(t, c.enemies[i], "brutal") else 1), i, a)
                   for i, a in open_ if _block_need(c, t, i, a) *
                   (1 if attack(t, c.enemies[i], a).element == "physical" else 2) <= block]
        if not options:
            return ""
        _, i, at = max(options)
    return str(i + 1) if len(t.enemy[c.enemies[i].token].attacks) == 1 else f"{i + 1}.{at + 1}"


def _assign(t: Tables, c: Combat, d: Decision) -> Action | None:
    """Damage on the sturdiest Unit that can take it (a Unit paralyzed is destroyed: not
    then), else on the hero."""
    best: tuple[int, str] | None = None
    hero: Action | None = None
    first = d.actions[0].args[0] if d.actions else ""
    for a in d.actions:
        if a.name != "assign" or a.args[0] != first:
            continue
        if a.args[1] == "hero":
            hero = a
            continue
        u = next((x for x in c.units if x.label == a.args[2]), None)
        if u is None:
            continue
        i = int(first.partition(".")[0]) - 1
        if has(t, c.enemies[i], "paralyze"):
            continue
        key = (unit_armor(c, t, u), a.text)
        if best is None or key > best:
            best = key
    if best is not None:
        return _find(d, best[1])
    return hero


def _pending_choice(t: Tables, m: MKState, d: Decision) -> Action | None:
    """A card played in a combat: the option giving the most points the phase uses."""
    c = m.g.combat
    if c is None or not m.play or not d.actions or d.actions[0].name != "choose":
        return None
    kinds = _kinds(c, t)
    card = m.play[0]
    if card not in t.card or m.play[1] not in ("basic", "powered"):
        return None
    side = t.card[card].basic if m.play[1] == "basic" else t.card[card].powered
    best: tuple[int, Action] | None = None
    for a in d.actions:
        n = int(a.args[0])
        effects = side[n - 1] if 1 <= n <= len(side) else ()
        value = sum(e.value for e in effects if e.type in kinds and not (e.per or e.when or e.target))
        if value and (best is None or value > best[0]):
            best = (value, a)
    return best[1] if best else None


def greedy_action(game: Any, m: MKState, d: Decision) -> Action | None:
    """The policy's action for this decision, or None to let the lookahead choose."""
    g = m.g
    if g.pvp is not None or d.player != g.current:
        return None
    c = g.combat
    if c is not None and c.player == d.player:
        if m.play:
            return _pending_choice(game.t, m, d)
        return _combat_action(game, m, d)
    if m.play:
        return _learn_choice(game.t, d)
    if c is not None:
        return None
    skill = _skill_choice(game.t, g, d)
    if skill is not None:
        return skill
    recruit = _recruit_choice(game.t, g, d)
    if recruit is not None:
        return recruit
    bought = _buy_choice(game.t, d)
    if bought is not None:
        return bought
    near: bool | None = None  # whether a fight next to the hero looks winnable (fight_outlook)
    refused: set[str] = {a.text for a in d.actions if a.name == "recruit"}  # offered, none chosen: none worth it
    for a in d.actions:
        if a.name not in STARTS or a.name == "move" and not _near_enemies(g, a):
            continue
        if a.name == "challenge":  # its enemies are next to the hero, seen on the map
            if near is None:
                near = bool(g.players[d.player].hand) and fight_outlook(game.t, g, d.player) > 0
            if not near:
                refused.add(a.text)
                continue
        outlook = start_outlook(game, m, d.player, a)  # a move near enemies may provoke them
        if outlook:
            return a
        if outlook is not None or a.name != "move":
            refused.add(a.text)
    step = _plan_step(game, m, d, refused)
    if step is not None:
        return step
    step = _site_step(game, m, d, refused)
    if step is not None:
        return step
    return _best_other(game, m, d, refused) if refused else None


def _plan_step(game: Any, m: MKState, d: Decision, refused: set[str]) -> Action | None:
    """The turn plan's next action (``turn_plan``): a step on the shortest way to the fight
    aimed at while the Move points gathered pay it, else the plan's next Move card (the one
    giving most); None when there is no plan or the hero stands where it begins."""
    t: Tables = game.t
    g = m.g
    p = g.players[d.player]
    aim = turn_plan(t, g, d.player)
    if aim is None or way_from(t, g, p.position, aim.target) in (0, None) or \
            aim.target in neighbours(p.position) and rampaging_at(t, g, aim.target):
        return None
    return _walk(game, m, d, refused, aim, lambda x: way_from(t, g, x, aim.target))


def _site_step(game: Any, m: MKState, d: Decision, refused: set[str]) -> Action | None:
    """With no fight planned (``turn_plan``), the walk to the site planned (``site_plan``): a
    step on its shortest way while the Move points gathered pay it, else the plan's next Move
    card; None when there is no such site or a step would start a fight judged lost."""
    t: Tables = game.t
    g = m.g
    if turn_plan(t, g, d.player) is not None:
        return None
    aim = site_plan(t, g, d.player)
    if aim is None:
        return None
    return _walk(game, m, d, refused, aim, lambda x: _reach(t, g, x).get(aim.target))


def _walk(game: Any, m: MKState, d: Decision, refused: set[str], aim: TurnPlan,
          rest_from: Callable[[Hex], int | None]) -> Action | None:
    """The next action on the way of ``aim``: the cheapest step whose way left (``rest_from``)
    keeps within the plan's, when the Move points gathered pay it (and it starts no fight judged
    lost), else the plan's next Move card (the one giving most)."""
    t: Tables = game.t
    g = m.g
    position, points = g.players[d.player].position, g.players[d.player].move_points
    best: tuple[int, str, Action] | None = None
    for a in d.actions:
        if a.name != "move" or a.text in refused:
            continue
        x = _h(a.args[0])
        step = move_cost(t, g, position, x)
        rest = rest_from(x)
        if step is None or rest is None or step + rest > aim.way:
            continue
        if best is None or (step, a.text) < best[:2]:
            best = (step, a.text, a)
    if best is not None and best[0] <= points:
        if not _near_enemies(g, best[2]) or start_outlook(game, m, d.player, best[2]) is not False:
            return best[2]
        return None
    for card in sorted(aim.move_cards, key=lambda c: (-card_move(t, c), c)):
        play = _find(d, f"play {card} basic" if card_move(t, card) > 1 else f"play {card} move")
        if play is not None:
            return play
    return None


def _best_other(game: Any, m: MKState, d: Decision, refused: set[str]) -> Action | None:
    """The lookahead's choice among the actions that start no fight judged lost: the one the
    heuristic puts first (the first in text order on a tie: no draw); None when none is left."""
    best: tuple[float, str] | None = None
    chosen: Action | None = None
    for a in d.actions:
        if a.text in refused:
            continue
        value = game.heuristic(game.successor(m, a), d.player)
        if best is None or value > best[0] + 1e-9 or value > best[0] - 1e-9 and a.text < best[1]:
            best, chosen = (value, a.text), a
    return chosen


# what a point of a skill's effect is worth to the greedy, by its type: a fight's points most (the
# fight estimate counts only the hand, so a skill's Attack is a margin), mana and Move less;
# a "special" effect (a rule of its own) counts 1
SKILL_WEIGHT = {"attack": 1.5, "ranged": 1.6, "siege": 1.8, "block": 1.2, "move": 1.0, "influence": 0.8,
                "crystal": 1.0, "mana-token": 0.6, "draw": 1.5, "heal": 2.0, "fame": 2.0, "attack-reduction": 1.0,
                "armor-reduction": 1.2}
SKILL_USES = {"turn": 1.0, "round": 0.4, "passive": 1.0}  # once a turn is worth more than once a round


def skill_value(t: Tables, skill: str) -> float:
    """A skill's worth: its best option's points weighed by type (a condition such as "by Day"
    halves them), times how often it may be used."""
    sk = t.skill[skill]
    best = 0.0
    for option in sk.effect:
        value = sum(SKILL_WEIGHT.get(e.type, 0.0) * e.value * (0.5 if e.when else 1.0) for e in option
                    if e.type != "special") + sum(1.0 for e in option if e.type == "special")
        best = max(best, value)
    return best * SKILL_USES.get(sk.type, 0.3)


def _skill_choice(t: Tables, g: Any, d: Decision) -> Action | None:
    """At a level-up, the skill worth most (``skill_value``); a revealed one before one of the
    Common Skill offer on a tie (it lets the hero take any Advanced Action, not the lowest)."""
    offers = [a for a in d.actions if a.name == "level-up" and a.args and a.args[0] in t.skill]
    if not offers:
        return None
    common = set(g.common_skills)
    return max(offers, key=lambda a: (skill_value(t, a.args[0]), a.args[0] not in common, a.text))


def _recruit_choice(t: Tables, g: Any, d: Decision) -> Action | None:
    """Recruit the strongest Unit the Influence gathered pays for (``heuristic.unit_strength``):
    the lookahead cannot see the Unit behind the payment's steps. With every Command token
    used, only one stronger than the weakest Unit (which is disbanded); else None."""
    offers = [a for a in d.actions if a.name == "recruit" and a.args and a.args[0] in t.unit]
    if not offers:
        return None
    best = max(offers, key=lambda a: (unit_strength(t, a.args[0]), a.text))
    p = g.players[d.player]
    if len(p.units) >= p.command and unit_strength(t, best.args[0]) <= min(unit_strength(t, u[0]) for u in p.units):
        return None  # a Unit disbanded for one no stronger: the Influence spent for nothing
    return best


def deed_strength(t: Tables, card: str) -> int:
    """What a Deed card brings to the greedy's fights: its best Attack and Block, basic and
    powered (``fight_estimate.card_values``)."""
    return sum(card_values(t, card))


def _learn_choice(t: Tables, d: Decision) -> Action | None:
    """An Advanced Action or Spell to take (a level-up's, a card's from the offer): the strongest
    (``deed_strength``); the lookahead sees only the Knowledge point, the same for every card."""
    offers = [a for a in d.actions if a.name == "learn" and a.args and a.args[0] in t.card]
    if not offers:
        return None
    return max(offers, key=lambda a: (deed_strength(t, a.args[0]), a.text))


def _buy_choice(t: Tables, d: Decision) -> Action | None:
    """Buy a Spell, else the strongest Advanced Action (``deed_strength``), when the Influence
    gathered pays: the card comes to the deck at the turn's end, where the lookahead does not
    see it."""
    spells = [a for a in d.actions if a.name == "buy-spell"]
    if spells:
        return min(spells, key=lambda a: a.text)
    offers = [a for a in d.actions if a.name == "buy-advanced-action" and a.args and a.args[0] in t.card]
    if not offers:
        return None
    return max(offers, key=lambda a: (deed_strength(t, a.args[0]), a.text))


def _near_enemies(g: Any, a: Action) -> bool:
    """Whether a move may start a combat: enemies on its space or next to it."""
    h = _h(a.args[0])
    return bool(g.enemies.get(h)) or any(g.enemies.get(n) for n in neighbours(h))


__all__ = ["can_win", "card_best", "colour_mean", "fight_outlook", "fight_targets", "greedy_action", "mean_hand",
           "plan"]
