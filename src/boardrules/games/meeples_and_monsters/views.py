"""What each player may see (view) and a state resampled from one player's knowledge
(determinize). Hidden: other players' Quest cards in hand; the order of the Monster deck, the
Quest deck, the Location tile stack and the face-down Tower Rooms; future randomness.

Bag contents are public knowledge: every meeple a player gains, draws and returns is seen,
so the contents of a bag follow from what is on the table; drawing from it is random and
no order is kept.
"""

from __future__ import annotations

from typing import Any

from ...engine import Rng
from .setup import build_level_pile
from .state import DISTRICTS, KINDS, NO_CARD, MMState
from .tables import Tables


def _counts(counts: list[int]) -> dict[str, int]:
    return {KINDS[k]: n for k, n in enumerate(counts) if n}


def view(t: Tables, s: MMState, player: int | None) -> dict[str, Any]:
    loc = t.locations
    mon = t.monsters
    players = []
    for i, p in enumerate(s.players):
        entry: dict[str, Any] = {
            "seat": i,
            "vp": p.vp,
            "bag": _counts(p.bag),
            "bag_size": sum(p.bag),
            "tavern": _counts(p.tavern),
            "lodgings": _counts(p.lodgings),
            "waiting": _counts(p.waiting),  # gained this turn, on their card until Clean Up
            "held": _counts(p.held),
            "hero_levels": {KINDS[k]: p.levels[k] for k in (1, 2, 3, 4)},
            "quests_in_hand": len(p.quests),
            "completed_quests": [t.quests[q].id for q in p.completed],
            "defeated": [mon[m].id for m in p.defeated],
            "overlords_fought": [mon[m].id for m in p.overlords],
            "tower_rooms": [t.rooms[r].id for r in p.tower_rooms],
            "extra_draw": p.extra_draw,
        }
        if i == player:
            entry["quests"] = [t.quests[q].id for q in p.quests]
        players.append(entry)
    city = []
    for d, name in enumerate(DISTRICTS):
        city.append({
            "district": name,
            "locations": [loc[x].id if x != NO_CARD else None for x in s.buildings[d]],
            "monsters": [mon[m].id if m != NO_CARD else None for m in s.monsters[d]],
            "tower": ({"room": t.rooms[s.towers[d][-1]].id, "left": len(s.towers[d])}
                      if s.towers and s.towers[d] else None),
        })
    stack = []
    for task in s.stack:
        entry_t: dict[str, Any] = {"task": task[0], "player": task[1]}
        if task[0] == "place":
            entry_t["monster"] = mon[task[2]].id  # type: ignore[index]
        elif len(task) > 2:
            entry_t["n"] = task[2]
        stack.append(entry_t)
    return {
        "game": "meeples-and-monsters",
        "you": player,
        "current": s.current,
        "first_player": s.first_player,
        "turn": s.turn,
        "phase": s.phase,
        "supply": _counts(s.supply),
        "city": city,
        "koth": {loc[x].id: {"player": who, "units": _counts(u)} for x, (who, u, _) in s.koth.items()},
        "stock": {loc[x].id: _counts(c) for x, c in s.stock.items()},
        "face_up_locations": [loc[x].id for x in s.face_up],
        "location_stack": len(s.location_stack),
        "monster_deck": len(s.monster_deck),
        "council_arrives_drawn": s.council_drawn,
        "final_turns_left": s.final_turns_left,
        "overlords": [{"monster": mon[m].id, "bonus": t.bonuses[b].id if b >= 0 else None} for m, b in s.overlords],
        "quest_deck": len(s.quest_deck),
        "quest_discard": [t.quests[q].id for q in s.quest_discard],
        "assigned": [
            {"target": g.target, "option": g.option, "units": _counts(g.units), "champion": g.champion}
            for g in s.groups
        ],
        "open": ({"target": s.open_group.target, "option": s.open_group.option,
                  "units": _counts(s.open_group.units)} if s.open_group else None),
        "district_used": DISTRICTS[s.district_used] if s.district_used >= 0 else None,
        "pending": stack,
        "players": players,
        "over": s.over,
    }


def determinize(t: Tables, s: MMState, player: int, rng: Rng) -> MMState:
    """Resample what ``player`` cannot see, keeping everything they know. Every unseen pool is
    sorted before it is shuffled, so the sample depends only on what the player sees, never on
    the real order of the hidden cards."""
    d = s.clone()
    # Quests: the other players' hands and the deck form one unseen pool
    others = [i for i in range(s.num_players) if i != player]
    pool = list(d.quest_deck)
    for i in others:
        pool += d.players[i].quests
    pool.sort()
    rng.shuffle(pool)
    for i in others:
        n = len(d.players[i].quests)
        d.players[i].quests = [pool.pop() for _ in range(n)]
    d.quest_deck = pool
    # The Monster deck: each level's remaining cards, with the Dark Council Arrives card kept
    # in the part of its level the setup allows
    d.monster_deck = _resample_monsters(t, d, rng)
    d.location_stack.sort()
    rng.shuffle(d.location_stack)
    if d.towers:
        hidden = sorted(r for stack in d.towers for r in stack[:-1])
        rng.shuffle(hidden)
        for stack in d.towers:
            if stack:
                k = len(stack) - 1
                stack[:k] = [hidden.pop() for _ in range(k)]
    d.rng = Rng(rng.next64(), d.rng.draws)
    d.cached = None
    return d


def _resample_monsters(t: Tables, s: MMState, rng: Rng) -> list[int]:
    deck = s.monster_deck
    levels: dict[int, list[int]] = {1: [], 2: [], 3: []}
    arrives: dict[int, int] = {}
    for card in deck:
        if card in t.arrives:
            arrives[t.arrives.index(card) + 1] = card
        else:
            levels[t.monsters[card].level].append(card)
    # the third card went into the bottom half of the level 3 Monsters dealt at setup
    level3 = sum(1 for m in t.monsters if m.council is None and m.level == 3
                 and (s.num_players >= 3 or not m.three_plus))
    bottoms = {1: 4, 2: 8, 3: level3 // 2}
    out: list[int] = []
    for cards in levels.values():
        cards.sort()
    for level in (3, 2, 1):
        out += build_level_pile(rng, levels[level], arrives.get(level), bottoms[level])
    return out
