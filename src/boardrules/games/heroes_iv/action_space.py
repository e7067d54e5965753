"""The action space of Heroes IV for learning programs (engine.spaces): every action the rules can
offer at one player count, from the content, the same in every state.

The bounds, each from the content or a documented rule:

- the map: ``map_sections`` sections (one a player and one more, at most the content's), so
  ``attach A:B`` names a slot within that many minus one lattice steps of the first section, and a
  hex is a number below 19 a section (hexes are numbered section by section, in the order the
  sections were attached); ``space_hexes`` and ``market_hexes`` are the hexes whose place on a
  section holds a space (a Town or Creature Dwelling Space) on some section of the content;
- Army Markers: at most 4 Army Stacks a player and a new stack takes the lowest free pair
  (rules-choices.md, Army Markers), so a marker is a number from 1 to 4 x players;
- a battle: at most ``MAX_STACKS`` Creature Stacks a side (``a1``..., ``d1``...), a stack of at most
  ``most_cards`` cards (every Hero and Unit card of the largest deck: ``d2:N`` swats N of them),
  a multi-target attack on up to the content's most targets, the aggressor's also on ``town``.
"""

from __future__ import annotations

from itertools import combinations

from ...engine.spaces import ActionSpace, ActionTemplate
from .battle_state import LINES, MAX_STACKS, SIDE_LETTERS
from .board import LOCAL, SLOT_NEIGHBOURS, slot_word
from .content import Content
from .content_model import SECTION_ROWS
from .queries import is_hero, is_unit

SOURCES = ("hand", "adventure")
DEFINE_SOURCES = ("hand", "adventure", "aside")
TOWN = "town"


def map_sections(c: Content, num_players: int) -> int:
    """How many map sections a game of ``num_players`` assembles (setup.py)."""
    return min(len(c.sections), num_players + c.rules.sections_extra)


def slots(sections: int) -> tuple[str, ...]:
    """Every slot a section can be attached at: each is next to one already placed, so the k-th
    lies at most k - 1 lattice steps from the first (0:0)."""
    seen = {(0, 0)}
    ring = [(0, 0)]
    for _ in range(sections - 1):
        ring = sorted({(a + da, b + db) for a, b in ring for da, db in SLOT_NEIGHBOURS} - seen)
        seen.update(ring)
    return tuple(slot_word(x) for x in sorted(seen))


def _local_index(at: str) -> int:
    row, col = (int(x) for x in at.split(","))
    return sum(SECTION_ROWS[:row]) + col


def space_hexes(c: Content, sections: int, kinds: tuple[str, ...] = ("town", "dwelling", "location")) -> tuple[str, ...]:
    """The hexes that may hold a space of ``kinds``: the places of a section holding one on some
    section of the content, on each of the ``sections`` sections."""
    local = sorted({_local_index(sp.at) for sec in c.sections for sp in sec.spaces if sp.kind in kinds})
    return tuple(str(k * len(LOCAL) + i) for k in range(sections) for i in local)


def market_hexes(c: Content, sections: int) -> tuple[str, ...]:
    """Where a player may buy and form up: Town and Creature Dwelling Spaces."""
    return space_hexes(c, sections, ("town", "dwelling"))


def most_cards(c: Content) -> int:
    """The most Hero and Unit cards one stack can hold: every one of the largest deck (an Army
    Stack holds its player's cards, a Guard Stack its Guarding Player's)."""
    return max(sum(e.copies for e in d.cards if is_hero(c, e.card) or is_unit(c, e.card)) for d in c.decks)


def most_targets(c: Content) -> int:
    return max([1] + [u.targets for u in c.units])


def labels(side: int) -> tuple[str, ...]:
    return tuple(f"{SIDE_LETTERS[side]}{i}" for i in range(1, MAX_STACKS + 1))


def _attacks(c: Content) -> list[ActionTemplate]:
    """``attack STACK TARGET...``: the attacker and its targets as one value (a stack attacks the
    other side's stacks; only the aggressor attacks a Town card)."""
    cards = most_cards(c)
    single: list[str] = []
    multi: dict[int, list[str]] = {k: [] for k in range(2, most_targets(c) + 1)}
    for side in (0, 1):
        enemy = labels(1 - side)
        targets = list(enemy) + ([TOWN] if side == 0 else [])
        for a in labels(side):
            for t in enemy:
                single.append(f"{a} {t}")
                single.extend(f"{a} {t}:{n}" for n in range(2, cards + 1))
            if side == 0:
                single.append(f"{a} {TOWN}")
            for k in multi:
                multi[k].extend(" ".join((a, *combo)) for combo in combinations(targets, k))
    return [ActionTemplate("attack", (tuple(single),))] + [ActionTemplate("attack", (tuple(v),)) for v in multi.values()]


def _pairs() -> tuple[str, ...]:
    """Two stacks of one side (``support a1 a2``, ``shield d3 d1``)."""
    return tuple(f"{a} {b}" for side in (0, 1) for a in labels(side) for b in labels(side))


def action_space(c: Content, num_players: int, key: str) -> ActionSpace:
    sections = map_sections(c, num_players)
    hexes = tuple(str(h) for h in range(sections * len(LOCAL)))
    markers = tuple(str(m) for m in range(1, c.rules.max_army_stacks * num_players + 1))
    fighters = (*(x.id for x in c.heroes), *(x.id for x in c.units))
    heroes = tuple(x.id for x in c.heroes)
    units = tuple(x.id for x in c.units)
    cards = tuple(x.id for group in (c.heroes, c.units, c.towns, c.locations, c.artifacts) for x in group)
    definers = tuple(x.id for group in (c.towns, c.units, c.locations, c.artifacts) for x in group)
    markets = market_hexes(c, sections)
    both = labels(0) + labels(1)
    return ActionSpace(key, [
        # set-up
        ActionTemplate("attach", (slots(sections),)),
        ActionTemplate("start", (hexes,)),
        # Purchase Sequence
        ActionTemplate("buy", (fighters, SOURCES, markets)),
        ActionTemplate("pay", (cards,)),
        ActionTemplate("done"),
        # Movement Sequence
        ActionTemplate("move", (markers, hexes)),
        ActionTemplate("split", (markers, fighters)),
        ActionTemplate("join", (markers, markers)),
        ActionTemplate("give", (markers, markers, fighters)),
        ActionTemplate("formup", (markets,)),
        ActionTemplate("claim", (markers,)),
        ActionTemplate("claim", (markers, heroes)),
        ActionTemplate("end"),
        # Defining Locations, Stolen Discovery, Reinforcing the Guard
        ActionTemplate("define", (space_hexes(c, sections), definers, DEFINE_SOURCES)),
        ActionTemplate("pass"),
        ActionTemplate("reinforce", (units, SOURCES)),
        # battles: the Tactical Setup, then the rounds
        ActionTemplate("deploy", (both, LINES)),
        ActionTemplate("spread", (both, LINES)),
        ActionTemplate("stack", (both,)),
        ActionTemplate("act", (both,)),
        *_attacks(c),
        ActionTemplate("swarm", (both,)),
        ActionTemplate("protect", (both,)),
        ActionTemplate("support", (_pairs(),)),
        ActionTemplate("shield", (_pairs(),)),
        ActionTemplate("no-shield"),
        ActionTemplate("advance", (both,)),
        ActionTemplate("fight-on"),
        ActionTemplate("withdraw"),
        ActionTemplate("surrender"),
    ])
