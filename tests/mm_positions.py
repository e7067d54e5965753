"""Helpers to set up hand-set Meeples & Monsters positions for the rule tests.

Typical use::

    game, s = fresh(players=2)
    set_tavern(s, 0, knight=2)
    put_monster(game, s, "tree-beast", "castle")
    play(game, s, "fight tree-beast", "add knight", "add knight", "confirm", "done")

After changing a state by hand, call ``refresh(s)`` (the helpers here do it) so the cached
decision is recomputed.
"""

from __future__ import annotations

import pytest

from boardrules.engine import Action, Event, IllegalActionError
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.state import DISTRICTS, KIND_INDEX, NO_CARD, MMState

_GAME: MeeplesAndMonsters | None = None


def game_() -> MeeplesAndMonsters:
    global _GAME
    if _GAME is None:
        _GAME = MeeplesAndMonsters()
    return _GAME


def refresh(s: MMState) -> None:
    s.cached = None


def fresh(players: int = 2, seed: int = 0, **options: str) -> tuple[MeeplesAndMonsters, MMState]:
    """A new game whose current player (seat 0) is at the start of the Development Phase
    with an empty Tavern, every Quest in hand removed, and no Monster in the City."""
    game = game_()
    s = game.new_state(players, seed, options or None)
    s.stack = []
    s.open_group = None
    s.groups = []
    s.current = s.first_player = 0
    s.phase = "develop"
    for p in s.players:
        for k in range(9):
            p.bag[k] += p.tavern[k]
            p.tavern[k] = 0
        s.quest_deck.extend(p.quests)
        p.quests = []
    for d in range(len(DISTRICTS)):
        for i in range(3):
            m = s.monsters[d][i]
            if m != NO_CARD:
                s.monster_deck.append(m)
                s.monsters[d][i] = NO_CARD
    refresh(s)
    return game, s


def counts(**kinds: int) -> list[int]:
    out = [0] * 9
    for k, n in kinds.items():
        out[KIND_INDEX[k]] = n
    return out


def take_from_supply(s: MMState, zone: list[int], **kinds: int) -> None:
    for k, n in kinds.items():
        i = KIND_INDEX[k]
        assert s.supply[i] >= n, f"not enough {k} in the supply"
        s.supply[i] -= n
        zone[i] += n


def set_tavern(s: MMState, player: int, **kinds: int) -> None:
    """Put these meeples (taken from the supply) in the player's Tavern, emptying it first."""
    p = s.players[player]
    for k in range(9):
        s.supply[k] += p.tavern[k]
        p.tavern[k] = 0
    take_from_supply(s, p.tavern, **kinds)
    refresh(s)


def set_lodgings(s: MMState, player: int, **kinds: int) -> None:
    p = s.players[player]
    for k in range(9):
        s.supply[k] += p.lodgings[k]
        p.lodgings[k] = 0
    take_from_supply(s, p.lodgings, **kinds)
    refresh(s)


def monster(game: MeeplesAndMonsters, ref: str) -> int:
    return game.t.mon_index[ref]


def location(game: MeeplesAndMonsters, ref: str) -> int:
    return game.t.loc_index[ref]


def quest(game: MeeplesAndMonsters, ref: str) -> int:
    return game.t.quest_index[ref]


def put_monster(game: MeeplesAndMonsters, s: MMState, ref: str, district: str | None = None) -> None:
    """Move a Monster card from wherever it is (deck or City) into the City."""
    m = monster(game, ref)
    if m in s.monster_deck:
        s.monster_deck.remove(m)
    for row in s.monsters:
        if m in row:
            row[row.index(m)] = NO_CARD
    d = DISTRICTS.index(district or game.t.monsters[m].district)
    row = s.monsters[d]
    row[row.index(NO_CARD)] = m
    refresh(s)


def build_location(game: MeeplesAndMonsters, s: MMState, ref: str, slot: str) -> None:
    """Construct a Location tile on a slot like ``castle-2`` (from the face-up row or stack)."""
    from boardrules.games.meeples_and_monsters.setup import place_stock

    loc = location(game, ref)
    for pile in (s.face_up, s.location_stack):
        if loc in pile:
            pile.remove(loc)
    d, n = slot.rsplit("-", 1)
    s.buildings[DISTRICTS.index(d)][int(n) - 1] = loc
    place_stock(game.t, s, loc)
    refresh(s)


def give_quest(game: MeeplesAndMonsters, s: MMState, player: int, ref: str) -> None:
    q = quest(game, ref)
    for pile in (s.quest_deck, s.quest_discard):
        if q in pile:
            pile.remove(q)
    s.players[player].quests.append(q)
    refresh(s)


def play(game: MeeplesAndMonsters, s: MMState, *actions: str) -> list[Event]:
    """Apply actions by their text; returns all their events."""
    events: list[Event] = []
    for text in actions:
        events += game.apply(s, Action.parse(text))
    return events


def assign(game: MeeplesAndMonsters, s: MMState, opener: str, *units: str) -> list[Event]:
    """Open a place (``fight skeleton``, ``activate colosseum 2``) and assign exactly these
    Units (``knight``, ``shaman:warrior``), then confirm. Steps the game takes by itself (the
    only possible action inside an assignment) are not repeated; the Units assigned in the
    end must be exactly the ones asked for."""
    events = play(game, s, opener)
    wanted = counts(**_tally(u.partition(":")[0] for u in units))
    queue = list(units)
    while s.open_group is not None:
        g = s.open_group
        have = g.units[:]
        todo = [u for u in queue if have[KIND_INDEX[u.partition(":")[0]]] < wanted[KIND_INDEX[u.partition(":")[0]]]]
        if todo and f"add {todo[0]}" not in legal(game, s) and "more" in legal(game, s):
            events += play(game, s, "more")
        elif todo:
            events += play(game, s, f"add {todo[0]}")
            queue.remove(todo[0])
        else:
            events += play(game, s, "confirm")
    assigned = [e.data["units"] for e in events if e.kind == "assign"][-1]
    assert counts(**assigned) == wanted, f"assigned {assigned}, wanted {units}"
    return events


def _tally(kinds: object) -> dict[str, int]:
    out: dict[str, int] = {}
    for k in kinds:  # type: ignore[attr-defined]
        out[k] = out.get(k, 0) + 1
    return out


def legal(game: MeeplesAndMonsters, s: MMState) -> list[str]:
    d = game.decision(s)
    return [a.text for a in d.actions] if d else []


def main_phase(players: int = 2, **tavern: int) -> tuple[MeeplesAndMonsters, MMState]:
    """Seat 0 in the Main Phase with exactly these meeples in the Tavern; every other player
    holds a Peasant so that their next turn waits for them."""
    game, s = fresh(players=players)
    set_tavern(s, 0, **tavern)
    for other in range(1, players):
        set_tavern(s, other, peasant=1)
    s.phase = "main"
    refresh(s)
    return game, s


def refused(game: MeeplesAndMonsters, s: MMState, action: str) -> IllegalActionError:
    """Apply an action that must be refused; returns the error (its text names the rule)."""
    with pytest.raises(IllegalActionError) as info:
        play(game, s, action)
    return info.value


def end_turn(game: MeeplesAndMonsters, s: MMState) -> list[Event]:
    """End seat 0's Main Phase: "done" if it still waits (it is skipped by itself when nothing
    is left to assign), then resolve what waits, until the turn passes on."""
    events: list[Event] = []
    turn = s.turn
    while s.turn == turn and s.current == 0 and not s.over:
        d = game.decision(s)
        assert d is not None and d.player == 0
        names = [a.text for a in d.actions]
        assert "done" in names or names[0].startswith("resolve"), f"player 1 must choose: {names}"
        events += play(game, s, "done" if "done" in names else names[0])
    return events


def until_turn_of(game: MeeplesAndMonsters, s: MMState, player: int) -> list[Event]:
    """Let everyone pass ("done", or the first choice of a sub-decision) until ``player`` has
    a decision in a later turn."""
    start = s.turn
    events: list[Event] = []
    while not (s.turn > start and s.current == player):
        d = game.decision(s)
        assert d is not None
        names = [a.text for a in d.actions]
        events += play(game, s, "done" if "done" in names else names[0])
    return events
