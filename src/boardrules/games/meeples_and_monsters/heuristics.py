"""The greedy player's policy and evaluation: fight the richest Monster it can, send its
strongest Units first, level up and construct when it can."""

from __future__ import annotations

from ...engine import Action, Decision, Rng
from .combat import combat_value
from .state import CORRUPTION, KIND_INDEX, KINDS, PEASANT, MMState
from .tables import Tables

UNIT_VALUE = {"peasant": 1.0, "knight": 3.2, "warrior": 2.2, "mage": 1.6, "cleric": 1.6,
              "ranger": 3.5, "paladin": 3.0, "shaman": 2.5, "corruption": -1.5}


def evaluate(t: Tables, s: MMState, player: int) -> float:
    p = s.players[player]
    owned = [p.bag[k] + p.tavern[k] + p.lodgings[k] + p.waiting[k] for k in range(9)]  # gains wait on cards
    quality = sum(UNIT_VALUE[KINDS[k]] * owned[k] for k in range(9))
    return p.vp + 0.15 * quality + 0.5 * len(p.completed)


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
