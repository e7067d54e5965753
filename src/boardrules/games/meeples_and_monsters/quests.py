"""Quests: Triggered, Ongoing and End of Game, with their penalties, bonuses and timing rules.

Rulebook: "Quests" (all of it), the FAQ on "most" ties and on returning Units to the supply.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import Event
from .combat import members_of
from .content_model import EndCondition, Quest
from .effects import resolve_effects
from .names import pname
from .state import CORRUPTION, KIND_INDEX, PRESTIGE, UNITS, Group, MMState, Player
from .tables import ANY, PRESTIGE_NEED, Tables


def defeat_met(t: Tables, q: int, group: Group, monster: int) -> bool:
    """The assignment to a defeated Monster meets Quest ``q``'s criteria ("that is the minimum
    required and you may exceed that"). A Shaman counts as the basic type it was assigned as
    ("can be used as any basic Unit type ... when combating Monsters"), not as every type."""
    cond = t.quests[q].defeat
    assert cond is not None
    mon = t.monsters[monster]
    if cond.monster_type is not None and cond.monster_type != mon.type:
        return False
    if mon.level < cond.min_level:
        return False
    if sum(group.units[:CORRUPTION]) < cond.min_units:
        return False
    return _members_meet(t.defeat_needs[q], tuple(members_of(group)))


def quests_met(t: Tables, group: Group, monster: int) -> frozenset[int]:
    """Every Quest completed by defeating a Monster whose criteria the assignment to
    ``monster`` meets (``defeat_met`` for each), worked out once per assignment: the order of
    resolution looks at every Quest that may be in hand, for each fight."""
    return _quests_met(t, monster, tuple(members_of(group)))


@lru_cache(maxsize=4096)
def _quests_met(t: Tables, monster: int, members: tuple[tuple[int, int], ...]) -> frozenset[int]:
    units = len(members)  # Units only: Corruption is never a member
    return frozenset(q for q, fewest, needs in t.defeat_by_monster[monster]
                     if units >= fewest and _members_meet(needs, members))


@lru_cache(maxsize=4096)
def _members_meet(needs: tuple[int, ...], members: tuple[tuple[int, int], ...]) -> bool:
    """``_assigned_meet`` from the start, remembered: the same few Quests are checked against
    the same few groups when the order of resolution is looked at and when a fight resolves."""
    return _assigned_meet(needs, 0, list(members))


def _fits_member(need: int, kind: int, act: int) -> bool:
    """Quests: can an assigned Unit (``kind``, acting as ``act``) count as a meeple the Quest
    names? A Shaman counts as itself, a Prestige Unit, any Unit, and the type it acts as."""
    if need in (kind, act):
        return True
    if need == ANY:
        return kind != CORRUPTION
    return need == PRESTIGE_NEED and kind in PRESTIGE


def _assigned_meet(needs: tuple[int, ...], i: int, left: list[tuple[int, int]]) -> bool:
    """Quests ("that is the minimum required and you may exceed that"): can each meeple the
    Quest names be a different one of the assigned Units?"""
    if i == len(needs):
        return True
    for j, (kind, act) in enumerate(left):
        if _fits_member(needs[i], kind, act) and _assigned_meet(needs, i + 1, left[:j] + left[j + 1:]):
            return True
    return False


def tavern_met(t: Tables, q: int, tavern: list[int]) -> bool:
    """The meeples in ``tavern`` meet Quest ``q``'s Tavern criteria (Draw Phase step 8). The
    meeples are counted as they are: a Shaman stands in for a basic Unit only "for the
    purposes of activating Locations, or when combating Monsters" (Prestige Units)."""
    cond = t.quests[q].tavern
    assert cond is not None
    for kind, n in t.tavern_counts[q]:
        if tavern[kind] < n:
            return False
    return sum(1 for k in UNITS if tavern[k]) >= cond.distinct


def owned(s: MMState, player: int) -> list[int]:
    """Every meeple a player owns: bag, Tavern, Lodgings, waiting on a card, held back and on
    King of the Hill Locations."""
    p = s.players[player]
    out = [p.bag[k] + p.tavern[k] + p.lodgings[k] + p.waiting[k] + p.held[k] for k in range(9)]
    for who, units, _ in s.koth.values():
        if who == player:
            for k in range(9):
                out[k] += units[k]
    return out


def _defeated_matching(t: Tables, p: Player, cond: EndCondition) -> list[int]:
    return [
        m for m in p.defeated
        if (cond.monster_type is None or t.monsters[m].type == cond.monster_type)
        and t.monsters[m].level >= cond.min_level
    ]


def most_measure(t: Tables, s: MMState, player: int, what: str) -> int:
    p = s.players[player]
    if what == "defeated":
        return len(p.defeated)
    mine = owned(s, player)
    if what == "units":
        return sum(mine[:CORRUPTION])
    if what == "prestige":
        return sum(mine[k] for k in PRESTIGE)
    return len(p.completed)


def end_met(t: Tables, s: MMState, player: int, cond: EndCondition) -> bool:
    """End of Game Quest conditions. Dark Overlords never enter the defeated pile, so they
    never count here (FAQ)."""
    p = s.players[player]
    matching = _defeated_matching(t, p, cond)
    if len(matching) < cond.defeated:
        return False
    if len({t.monsters[m].type for m in matching}) < cond.defeated_types:
        return False
    mine = owned(s, player)
    if any(mine[KIND_INDEX[k]] < n for k, n in cond.own.items()):
        return False
    if cond.heroes and sum(1 for k in (1, 2, 3, 4) if p.levels[k] >= cond.hero_level) < cond.heroes:
        return False
    if cond.most is not None:
        # "Ties are friendly": at least as many as the highest number by any player.
        best = max(most_measure(t, s, i, cond.most) for i in range(s.num_players))
        if most_measure(t, s, player, cond.most) < best:
            return False
    return True


def complete(t: Tables, s: MMState, player: int, q: int, events: list[Event], *,
             group: Group | None = None, later: bool = True) -> None:
    """Reveal a completed Quest, gain its VP and resolve its one-time bonus (Triggered).
    An Ongoing Quest's standing effect starts at the end of the turn (it only matters from
    the next assignment on)."""
    p = s.players[player]
    quest: Quest = t.quests[q]
    p.quests.remove(q)
    p.completed.append(q)
    s.completed_now.append(q)
    p.vp += quest.vp
    events.append(Event("quest", f"{pname(player)} completes the Quest {quest.name}: +{quest.vp} VP", player,
                        {"quest": quest.id, "vp": quest.vp}))
    if quest.pay is not None:
        k = KIND_INDEX[quest.pay]
        zone = group.units if group is not None else p.tavern
        zone[k] -= 1
        s.supply[k] += 1
        events.append(Event("lose", f"{pname(player)} returns 1 {quest.pay} to the supply", player,
                            {"kind": quest.pay}))
    if quest.type == "triggered":
        resolve_effects(t, s, player, quest.effects, events, group=group, later=later)


def check_defeat_quests(t: Tables, s: MMState, player: int, group: Group, monster: int,
                        events: list[Event]) -> None:
    """Quests completed by defeating a Monster: several may complete from the same Monster as
    long as the initial assignment meets each one's criteria and the full terms of each can be
    fulfilled. A Quest just drawn from defeating a Monster cannot be completed by it: Monster
    effects (drawing Quests) resolve at Clean Up, after this check."""
    initial = group.units[:]
    for q in list(s.players[player].quests):
        quest = t.quests[q]
        if quest.defeat is None:
            continue
        probe = Group(group.kind, group.ref)
        probe.units = initial[:]
        probe.roles = group.roles[:]
        if not defeat_met(t, q, probe, monster):
            continue
        if quest.pay is not None and group.units[KIND_INDEX[quest.pay]] == 0:
            continue
        complete(t, s, player, q, events, group=group)


def check_tavern_quests(t: Tables, s: MMState, player: int, events: list[Event]) -> None:
    """Draw Phase step 8: complete Quests that need meeples in your Tavern."""
    p = s.players[player]
    for q in list(p.quests):
        quest = t.quests[q]
        if quest.tavern is None or not tavern_met(t, q, p.tavern):
            continue
        if quest.pay is not None and p.tavern[KIND_INDEX[quest.pay]] == 0:
            continue
        complete(t, s, player, q, events, later=False)


def score_end_of_game(t: Tables, s: MMState, events: list[Event]) -> None:
    """ENDING THE GAME: End of Game Quests score; every incomplete Quest costs its penalty."""
    met: list[list[int]] = [[] for _ in range(s.num_players)]
    for i in range(s.num_players):
        for q in s.players[i].quests:
            cond = t.quests[q].end
            if cond is not None and end_met(t, s, i, cond):
                met[i].append(q)
    for i, p in enumerate(s.players):
        for q in met[i]:
            p.quests.remove(q)
            p.completed.append(q)
            p.vp += t.quests[q].vp
            events.append(Event("quest", f"{pname(i)} completes the End of Game Quest {t.quests[q].name}: "
                                f"+{t.quests[q].vp} VP", i, {"quest": t.quests[q].id, "vp": t.quests[q].vp}))
        for q in list(p.quests):
            pen = t.quests[q].penalty
            p.vp -= pen
            events.append(Event("penalty", f"{pname(i)} loses {pen} VP for the incomplete Quest {t.quests[q].name}",
                                i, {"quest": t.quests[q].id, "vp": -pen}))
