"""The greedy player's policy and evaluation: fight the richest Monster it can, send its
strongest Units first, level up and construct when it can."""

from __future__ import annotations

from operator import mul

from ...engine import Action, Decision, Rng
from .combat import combat_value
from .quests import end_met
from .state import BASIC_CLASSES, CORRUPTION, KIND_INDEX, KINDS, PEASANT, MMState
from .tables import Tables

UNIT_VALUE = {"peasant": 1.0, "knight": 3.2, "warrior": 2.2, "mage": 1.6, "cleric": 1.6,
              "ranger": 3.5, "paladin": 3.0, "shaman": 2.5, "corruption": -1.5}


def evaluate(t: Tables, s: MMState, player: int) -> float:
    """What a player's position is worth in VP: the VP scored, plus what will still score.
    Meeples in the bag and Hero levels are worth most early (they fight for the rest of the
    game) and little in the final turns; a Quest in hand is a chance early and its penalty at
    the end; an End of Game Quest already met counts its VP."""
    p = s.players[player]
    late = lateness(t, s)
    future = 1.0 - 0.8 * late
    owned = list(map(_four, p.bag, p.tavern, p.lodgings, p.waiting))  # gains wait on cards
    quality = sum(map(mul, _UNIT_VALUES, owned))
    levels = 0.0
    plevels = p.levels
    for k in BASIC_CLASSES:
        level = plevels[k]
        if level > 1:  # the VP paid for the Hero cards, and their combat for each Unit owned
            levels += sum(t.cost[k][2:level + 1]) + (t.combat[k][level] - t.combat[k][1]) * owned[k]
    quests = 0.0
    for q in p.quests:
        quest = t.quests[q]
        if quest.end is not None and late > 0.5 and end_met(t, s, player, quest.end):
            quests += quest.vp
        else:
            quests += QUEST_CHANCE * quest.vp * (1.0 - late) - quest.penalty * late
    return p.vp + future * (0.15 * quality + LEVEL_WEIGHT * levels) + quests


def _four(a: int, b: int, c: int, d: int) -> int:
    return a + b + c + d


_UNIT_VALUES = tuple(UNIT_VALUE[k] for k in KINDS)
QUEST_CHANCE = 0.3  # the share of a Quest's VP a Quest in hand is worth at the start
LEVEL_WEIGHT = 0.8  # Hero levels against the VP paid for them, at the start
# by the tables themselves, held here: keyed by id() a new Tables could take the address of a
# freed one and be answered with its deck
_DECK_SIZE: dict[tuple[Tables, int], int] = {}


def lateness(t: Tables, s: MMState) -> float:
    """How far the game has gone, from 0 at the start to 1 in the final turns: the share of
    the Monster deck drawn, against the three quarters of it usually drawn by the third Dark
    Council Arrives card (public: the deck's size)."""
    if s.third_drawn:
        return 1.0
    key = (t, s.num_players)
    size = _DECK_SIZE.get(key)
    if size is None:
        size = _DECK_SIZE[key] = sum(1 for m in t.monsters if m.council is None
                                     and (s.num_players >= 3 or not m.three_plus)) + 3 - 6
    return min(1.0, max(0.0, (size - len(s.monster_deck)) / (0.75 * size)))


def greedy_action(t: Tables, s: MMState, d: Decision, rng: Rng) -> Action | None:
    acts = d.actions
    by_name: dict[str, list[Action]] = {}
    for a in acts:
        by_name.setdefault(a.name, []).append(a)
    p = s.players[d.player]
    if s.stack:
        task = s.stack[-1][0]
        if task == "discard":
            return min(acts, key=lambda a: t.quests[t.quest_index[a.args[0]]].penalty)
        if task == "recycle":
            good = [a for a in by_name.get("return", []) if a.args[0] != "corruption"]
            return max(good, key=lambda a: UNIT_VALUE[a.args[0]]) if good else Action("done")
        if task == "prestige":
            return max(acts, key=lambda a: UNIT_VALUE[a.args[0]])
        return None  # build / place: let the lookahead pick
    if s.open_group is not None:
        g = s.open_group
        if Action("confirm") in acts:
            return Action("confirm")
        for special in ("reinforce", "champion"):
            if Action(special) in acts:
                return Action(special)
        adds = by_name.get("add", [])
        if not adds:
            return None
        if g.kind == "mon":
            m = g.ref

            def gain_of(a: Action) -> int:
                trial = g.clone()
                kind, _, role = a.args[0].partition(":")
                trial.units[KIND_INDEX[kind]] += 1
                if role:
                    trial.roles.append(KIND_INDEX[role])
                return combat_value(t, s, s.current, trial, m)

            return max(adds, key=gain_of)
        return max(adds, key=lambda a: (a.args[0] != "corruption", -UNIT_VALUE[a.args[0]]))
    if s.phase == "develop":
        if "use" in by_name:
            return by_name["use"][0]
        for a in by_name.get("activate", []):
            loc = t.locations[t.loc_index[a.args[0]]]
            opt = loc.options[int(a.args[1]) - 1 if len(a.args) > 1 else 0]
            if opt.level_up and p.vp >= 8:
                return a
            if opt.constructs:
                return a
        return Action("done")
    if s.phase == "main":
        fights = by_name.get("fight", [])
        if fights:
            return max(fights, key=lambda a: (t.monsters[t.mon_index[a.args[0]]].vp, rng.below(100)))
        towers = by_name.get("tower", [])
        if towers:
            return towers[0]
        acts_loc = by_name.get("activate", [])
        if acts_loc and p.tavern[PEASANT] + sum(p.tavern[:CORRUPTION]) > 0:
            return acts_loc[rng.below(len(acts_loc))]
        return Action("done")
    if "resolve" in by_name:
        return by_name["resolve"][0]
    return None
