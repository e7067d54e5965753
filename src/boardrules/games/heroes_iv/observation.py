"""The observation schema of Heroes IV for learning programs (engine.spaces): a fixed-length vector
read from a player's view (views.py) only, field by field, every number with its declared bound.

The map has the bounds of the action space (action_space.py): ``map_sections`` sections of 19
hexes, numbered section by section; the spaces at the hexes that may hold one; Army Stacks by
their Army Marker (1 to 4 a player); a battle's stacks by label (up to ``MAX_STACKS`` a side).
Seats run up to the player count. The bounds: a count of one card in a pile is at most its copies
in a deck times the players (every deck may hold it), a pile at most the largest deck, movement
points at most the fastest card plus every Artifact's speed; the rounds, phases and the die are
the rules' own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.spaces import (
    Field,
    ObservationSchema,
    Part,
    at,
    items,
    multi_hot,
    number,
    one_hot,
    record,
    tally,
)
from .action_space import TOWN, labels, map_sections, most_cards, space_hexes
from .battle_rules import DIE, MAX_ROUNDS
from .battle_state import LINES, MAX_STACKS, PHASES
from .board import LOCAL
from .content import Content
from .setup import ROUNDS

STAGES = ("build", "start", "income", "purchase", "pay", "move")
PENDING = ("discover", "reinforce", "battle")
KINDS = ("town", "dwelling", "location")
BATTLE_STEPS = ("setup", "attack", "shield", "advance", "round-end", "over")
STATUSES = ("swarm", "protect")
TOWN_STATES = ("intact", "breached", "sacked")


def _terrain(c: Content, sections: int) -> Part:
    """Per hex: its terrain (one-hot), read from the sections placed (``map`` of the view)."""
    names = tuple(t.id for t in c.terrain)
    code = {t.code: i for i, t in enumerate(c.terrain)}
    rows = {sec.id: [code[x] for row in sec.rows for x in row.split()] for sec in c.sections}
    w = len(names)

    def fill(v: Any, out: list[float], start: int) -> None:
        for k, placed in enumerate(v[:sections] if isinstance(v, list) else ()):
            terrain = rows.get(placed[0]) if isinstance(placed, list) and placed else None
            for i, t in enumerate(terrain or ()):
                out[start + (k * len(LOCAL) + i) * w + t] = 1.0
    return Part(sections * len(LOCAL) * w, fill, ((sections * len(LOCAL) * w, 0.0, 1.0),))


def _by_number(keys: Sequence[int], name: str, part: Part) -> Part:
    """A list of mappings each numbered by its entry ``name``: ``part`` of each, at the place of
    its number among ``keys`` (all 0 for a number not there)."""
    where = {k: i for i, k in enumerate(keys)}
    inner, width = part.fill, part.size

    def fill(v: Any, out: list[float], start: int) -> None:
        for x in v if isinstance(v, list) else ():
            i = where.get(x.get(name, 0)) if type(x) is dict else None
            if i is not None:
                inner(x, out, start + i * width)
    return Part(len(keys) * width, fill, part.bounds * len(keys))


def _flat(values: Sequence[str], most: float) -> Part:
    """A mapping of lists (the Artifacts under each Hero): how many of each value in all."""
    inner = tally(values, most)

    def fill(v: Any, out: list[float], start: int) -> None:
        if type(v) is dict:
            for x in v.values():
                inner.fill(x, out, start)
    return Part(inner.size, fill, inner.bounds)


def _cards(values: Sequence[str], most: float) -> Part:
    """A battle stack's cards (dicts with a ``card``): how many of each id."""
    where = {k: i for i, k in enumerate(values)}

    def fill(v: Any, out: list[float], start: int) -> None:
        for x in v if isinstance(v, list) else ():
            i = where.get(x.get("card", "")) if type(x) is dict else None
            if i is not None and out[start + i] < most:
                out[start + i] += 1.0
    return Part(len(values), fill, ((len(values), 0.0, most),))


def _top(values: Sequence[str]) -> Part:
    """A battle stack's top card (one-hot of the ids)."""
    inner = one_hot(values)

    def fill(v: Any, out: list[float], start: int) -> None:
        if isinstance(v, list) and v and type(v[0]) is dict:
            inner.fill(v[0].get("card"), out, start)
    return Part(inner.size, fill, inner.bounds)


def _support(most: float) -> Part:
    """The levels sacrificed to a stack for its next attack, in all."""
    def fill(v: Any, out: list[float], start: int) -> None:
        if isinstance(v, list):
            total = sum(x[0] for x in v if isinstance(x, list) and x and type(x[0]) is int)
            out[start] = float(min(total, most))
    return Part(1, fill, ((1, 0.0, most),))


def _pending_attack(most: float) -> Part:
    """A declared attack: the attacking stack (one-hot of the labels), the stacks aimed at
    (multi-hot, then the Town card), the cards aimed at in all."""
    names = labels(0) + labels(1)
    who = one_hot(names)
    aimed = multi_hot((*names, TOWN))

    def fill(v: Any, out: list[float], start: int) -> None:
        if not isinstance(v, list) or len(v) != 2:
            return
        who.fill(v[0], out, start)
        targets = [t for t in v[1] if isinstance(t, list) and len(t) == 2] if isinstance(v[1], list) else []
        aimed.fill([t[0] for t in targets], out, start + who.size)
        out[start + who.size + aimed.size] = float(min(sum(t[1] for t in targets if type(t[1]) is int), most))
    size = who.size + aimed.size + 1
    return Part(size, fill, who.bounds + aimed.bounds + ((1, 0.0, most),))


def _top_pending(seats: tuple[int, ...], hexes: int) -> Part:
    """The procedure under way (the top of the decision stack): its kind (one-hot), its hex,
    and for a discovery the discoverer and the player asked (one-hot seats)."""
    kind = one_hot(PENDING)
    seat = one_hot(seats)

    def fill(v: Any, out: list[float], start: int) -> None:
        if not isinstance(v, list) or not v or not isinstance(v[-1], list) or not v[-1]:
            return
        top = v[-1]
        kind.fill(top[0], out, start)
        if len(top) > 1 and type(top[1]) is int:
            out[start + kind.size] = float(min(max(top[1], 0), hexes - 1))
        if top[0] == "discover" and len(top) == 4:
            seat.fill(top[2], out, start + kind.size + 1)
            seat.fill(top[3], out, start + kind.size + 1 + seat.size)
    return Part(kind.size + 1 + 2 * seat.size, fill,
                kind.bounds + ((1, 0.0, float(hexes - 1)),) + seat.bounds * 2)


def _you(seats: int) -> Part:
    """The observing seat (one-hot): the one whose hand the view lists card by card."""
    def fill(v: Any, out: list[float], start: int) -> None:
        players = v.get("players") if type(v) is dict else None
        for i, p in enumerate(players[:seats] if isinstance(players, list) else ()):
            if type(p) is dict and isinstance(p.get("hand"), list):
                out[start + i] = 1.0
    return Part(seats, fill, ((seats, 0.0, 1.0),))


def observation_schema(c: Content, num_players: int, key: str) -> ObservationSchema:
    sections = map_sections(c, num_players)
    hexes = sections * len(LOCAL)
    seats = tuple(range(num_players))
    alignments = tuple(a.id for a in c.alignments)
    section_ids = tuple(sec.id for sec in c.sections)
    fighters = (*(x.id for x in c.heroes), *(x.id for x in c.units))
    units = tuple(x.id for x in c.units)
    definers = tuple(x.id for group in (c.towns, c.units, c.locations, c.artifacts) for x in group)
    cards = tuple(x.id for group in (c.heroes, c.units, c.towns, c.locations, c.artifacts) for x in group)
    artifacts = tuple(x.id for x in c.artifacts)
    copies = max(e.copies for d in c.decks for e in d.cards)
    any_pile = float(copies * num_players)  # one card id, every player's deck holding it
    deck = float(max(sum(e.copies for e in d.cards) for d in c.decks))
    biggest = most_cards(c)
    markers = tuple(range(1, c.rules.max_army_stacks * num_players + 1))
    speed = float(max([h.speed for h in c.heroes] + [u.speed for u in c.units]) + sum(a.speed for a in c.artifacts))
    cost = float(max([h.cost for h in c.heroes] + [u.cost for u in c.units]))
    levels = float(biggest * max([u.level for u in c.units] + [h.level for h in c.heroes]))
    where = space_hexes(c, sections)
    space = record(
        at("kind", one_hot(KINDS)), at("card", one_hot(definers)), at("owner", one_hot(seats)),
        at("marker_of", one_hot(seats)), at("guards", tally(units, any_pile)), at("guarding", one_hot(seats)),
        at("turned", one_hot(("Unclaimed", "upright"))), at("under", tally(fighters, any_pile)),
        at("emptied", number(1)))
    army = record(at("owner", one_hot(seats)), at("hex", one_hot(tuple(range(hexes)))),
                  at("cards", tally(fighters, any_pile)), at("mp", number(speed)), at("moved", number(1)))
    player = record(
        at("alignment", one_hot(alignments)), at("deck", number(deck)),
        at("hand", record(tally(cards, any_pile), number(deck))),
        at("adventure", record(tally(cards, any_pile), number(deck))),
        at("discard", tally(cards, any_pile)), at("aside", tally(cards, any_pile)),
        at("artifacts", _flat(artifacts, any_pile)))
    stack = record(at("cards", _top(fighters)), at("cards", _cards(fighters, any_pile)),
                   at("line", one_hot(LINES)), at("status", one_hot(STATUSES)),
                   at("attacks_left", number(2)), at("support", _support(levels)))
    side = record(at("player", one_hot(seats)), at("stacks", items(MAX_STACKS, stack)),
                  at("town", one_hot(TOWN_STATES)), at("town_defense", number(99)), at("guard", number(1)),
                  at("fallen", _cards(fighters, any_pile)))
    battle = record(
        at("step", one_hot(BATTLE_STEPS)), at("round", number(MAX_ROUNDS)), at("phase", number(PHASES)),
        at("acting", one_hot((0, 1))), at("advancing", one_hot((0, 1))), at("morale_number", number(DIE)),
        at("morale", number(1)), at("luck", number(1)), at("distance_penalty", number(1)),
        at("pending", _pending_attack(float(biggest * 3))), at("sides", items(2, side)),
        at("chosen", one_hot(labels(0) + labels(1))), at("plan_at", number(MAX_STACKS)),
        at("plan", items(MAX_STACKS, record(at(0, one_hot(LINES)), at(1, _cards(fighters, any_pile))))))
    return ObservationSchema(key, (
        Field("round", f"the round (up to {ROUNDS + 1}), the rounds to play, the game over",
              record(at("round", number(ROUNDS + 1)), at("rounds", number(ROUNDS)), at("over", number(1)))),
        Field("stage", f"one-hot: {', '.join(STAGES)}", at("stage", one_hot(STAGES))),
        Field("you", "one-hot: the observing seat (the one whose hand the view shows)", _you(num_players)),
        Field("current", "one-hot: the seat whose turn it is", at("current", one_hot(seats))),
        Field("first", "one-hot: the first player (drawn at set-up; he begins every round)",
              at("first", one_hot(seats))),
        Field("sections", f"per section position ({sections}, in the order attached): the section (one-hot of "
              f"{len(section_ids)}), its slot (a, b, each within {sections - 1} of 0); then the section flipped "
              "to be attached next (one-hot), the sections still face down",
              record(at("map", items(sections, record(at(0, one_hot(section_ids)),
                                                      at(1, number(sections - 1, 1 - sections)),
                                                      at(2, number(sections - 1, 1 - sections))))),
                     at("section_flipped", one_hot(section_ids)),
                     at("sections_face_down", number(len(c.sections))))),
        Field("terrain", f"per hex ({hexes}, section by section): its terrain (one-hot of {len(c.terrain)})",
              at("map", _terrain(c, sections))),
        Field("spaces", f"per hex that may hold a space ({len(where)}): kind (one-hot of {', '.join(KINDS)}), "
              "its card (one-hot), who holds it, whose Location Marker, the Guard Stack (count per Unit), the "
              "Guarding Player (one-hot seats), turned Unclaimed or upright, the cards under it (count per "
              "card), its Artifact claimed",
              at("spaces", record(*(at(h, space) for h in where)))),
        Field("armies", f"per Army Marker (1 to {len(markers)}): owner (one-hot seat), hex (one-hot), cards "
              f"(count per Hero and Unit), movement points left (up to {speed:g}), moved this turn",
              at("armies", _by_number(markers, "marker", army))),
        Field("pending", "the procedure under way (one-hot of " + ", ".join(PENDING) + "), its hex, for a "
              "discovery the discoverer and the player asked (one-hot seats)", at("pending", _top_pending(seats, hexes))),
        Field("buying", f"the card being paid for (one-hot), the cards still to pay (up to {cost:g})",
              at("buying", record(at(0, one_hot(fighters)), at(2, number(cost))))),
        Field("players", "per seat: alignment (one-hot), cards in the deck, the hand and the Adventure Stack "
              "(count per card for your own seat; how many for the others), the discard stack and the cards "
              "kept aside (count per card), the Artifacts under its Heroes (count per Artifact)",
              at("players", items(num_players, player))),
        Field("battle", "the battle under way: its step (one-hot of " + ", ".join(BATTLE_STEPS) + f"), round "
              f"(up to {MAX_ROUNDS}), phase, the side acting and advancing (one-hot), the Morale Number, Morale, "
              "Luck and the distance penalty in play, the attack declared (attacker, the stacks aimed at, the "
              f"cards aimed at); per side (aggressor, defender): its player (one-hot), per stack (up to "
              f"{MAX_STACKS}): top card (one-hot), cards (count per card), line, Swarm or Protect, attacks left, "
              "levels of support; its Town (intact, breached, sacked), the Town's Defense, a Guard Stack, the "
              "cards fallen (count per card); the stack chosen to act (one-hot of the labels); during the Tactical Setup, the default stack set up next and "
              f"the stacks set up so far (per stack, up to {MAX_STACKS}: line, cards)", at("battle", battle)),
    ))
