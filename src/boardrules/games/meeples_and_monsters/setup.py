"""SETUP, steps 1 to 13 (and step 9a for The Four Towers mini-expansion)."""

from __future__ import annotations

from ...engine import Rng
from .content import MEEPLE_SUPPLY, ROOMS_PER_STACK, TOWER_STACKS
from .state import CORRUPTION, DISTRICTS, KIND_INDEX, NO_CARD, PEASANT, MMState, Player
from .tables import Tables

START_CORRUPTION, START_PEASANTS, START_DRAW = 3, 7, 4
FACE_UP_LOCATIONS = 4
START_QUESTS = 2


def build_level_pile(rng: Rng, cards: list[int], arrives: int | None, bottom: int | None) -> list[int]:
    """SETUP 7a-c: shuffle a level's Monsters, shuffle its Dark Council Arrives card into the
    bottom ``bottom`` cards (None: the bottom half), then add the rest on top.
    Returns the pile with its top at the end."""
    pile = cards[:]
    rng.shuffle(pile)
    if arrives is None:
        return pile
    n = len(pile) // 2 if bottom is None else min(bottom, len(pile))
    lower = pile[:n] + [arrives]
    rng.shuffle(lower)
    return lower + pile[n:]


def monster_deck(t: Tables, rng: Rng, num_players: int) -> list[int]:
    """SETUP 6-7: the Monster deck, weakest at the top, toughest (and the third Dark Council
    Arrives card) at the bottom. "3+" cards are removed with fewer than 3 players."""
    by_level: dict[int, list[int]] = {1: [], 2: [], 3: []}
    for i, m in enumerate(t.monsters):
        if m.council is None and (num_players >= 3 or not m.three_plus):
            by_level[m.level].append(i)
    level1 = build_level_pile(rng, by_level[1], t.arrives[0], 4)
    level2 = build_level_pile(rng, by_level[2], t.arrives[1], 8)
    level3 = build_level_pile(rng, by_level[3], t.arrives[2], None)
    return level3 + level2 + level1  # the top of the deck is the end of the list


def new_game(t: Tables, num_players: int, seed: int, four_towers: bool, options: dict[str, str]) -> MMState:
    s = MMState()
    s.rng = Rng(seed)
    s.num_players = num_players
    s.options = dict(options)
    # 1-3: the Final Encounter scoreboard: the Henchman, and each Overlord over a random
    # Dark Council Bonus token (the Henchman has no bonus).
    tokens = list(range(len(t.bonuses)))
    s.rng.shuffle(tokens)
    s.overlords = [(m, tokens[i]) for i, m in enumerate(t.overlords)] + [(t.henchman, -1)]
    # 4: the supply
    s.supply = [MEEPLE_SUPPLY[k] for k in KIND_INDEX]
    # 6-7: the Monster deck
    s.monster_deck = monster_deck(t, s.rng, num_players)
    # 1, 8: the City: starting Locations in slot 1; the first 6 Monsters
    s.buildings = [[t.starting[d], NO_CARD, NO_CARD] for d in range(len(DISTRICTS))]
    s.monsters = [[NO_CARD] * 3 for _ in DISTRICTS]
    placed = 0
    while placed < 6 and s.monster_deck:
        card = s.monster_deck.pop()
        if card in t.arrives:  # cannot happen with the printed deck; handled as in the Draw Phase
            s.council_drawn += 1
            continue
        d = t.mon_district[card]
        if NO_CARD not in s.monsters[d]:
            # no room: the first district with a free slot, in board order (setup choice)
            d = next(i for i in range(len(DISTRICTS)) if NO_CARD in s.monsters[i])
        s.monsters[d][s.monsters[d].index(NO_CARD)] = card
        placed += 1
    # 9: Location tiles
    tiles = list(t.tiles)
    s.rng.shuffle(tiles)
    s.face_up = tiles[:FACE_UP_LOCATIONS]
    s.location_stack = tiles[FACE_UP_LOCATIONS:]
    for loc in (*t.starting, *t.capitol):
        place_stock(t, s, loc)
    # 9a: The Four Towers: 5 face-down rooms on each Tower, the top one face up
    if four_towers:
        rooms = list(range(len(t.rooms)))
        s.rng.shuffle(rooms)
        s.towers = [rooms[i * ROOMS_PER_STACK:(i + 1) * ROOMS_PER_STACK] for i in range(TOWER_STACKS)]
    # 10-12: boards, bags, two Quests each, 3 Corruption and 7 Peasants, draw 4
    quests = list(range(len(t.quests)))
    s.rng.shuffle(quests)
    s.players = [Player() for _ in range(num_players)]
    for p in s.players:
        for _ in range(START_QUESTS):
            p.quests.append(quests.pop())
        p.bag[CORRUPTION] = START_CORRUPTION
        p.bag[PEASANT] = START_PEASANTS
        s.supply[CORRUPTION] -= START_CORRUPTION
        s.supply[PEASANT] -= START_PEASANTS
        for k in range(9):
            p.levels[k] = 1
    s.quest_deck = quests
    from .effects import draw_meeples

    for i in range(num_players):
        draw_meeples(s, i, START_DRAW)
    # 13: the most Corruption in the Tavern starts; ties by a random method
    most = max(p.tavern[CORRUPTION] for p in s.players)
    tied = [i for i, p in enumerate(s.players) if p.tavern[CORRUPTION] == most]
    s.first_player = tied[s.rng.below(len(tied))] if len(tied) > 1 else tied[0]
    s.current = s.first_player
    s.phase = "start"
    return s


def place_stock(t: Tables, s: MMState, loc: int) -> None:
    """A Location "comes into play with a fixed number of meeples on it" (Prestige Units)."""
    stock = t.locations[loc].stock
    if stock:
        counts = [0] * 9
        for kind, n in stock.items():
            k = KIND_INDEX[kind]
            take = min(n, s.supply[k])
            s.supply[k] -= take
            counts[k] = take
        s.stock[loc] = counts
