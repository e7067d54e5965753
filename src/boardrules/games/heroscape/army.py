"""Gather and place your army (facts 3.1-3.2): the battlefield, army cards chosen in turn to a
point limit or drafted, and each army placed in its start zone."""

from __future__ import annotations

from ...engine import Action, Event, OptionError, shared_action
from .combat import highest_d20
from .content import THE_DROP
from .figures import Figures, pname
from .state import Figure, SHState
from .words import rolls_text

DONE = Action("done")


def choose_field(q: Figures, n: int, wanted: str) -> str:
    """Army selection & setup (facts 3.2, "scenario gives..."): the battlefield asked for, or
    the first laid out for ``n`` players."""
    fields = q.c.battlefields
    if wanted != "auto":
        if wanted not in fields:
            raise OptionError(f"unknown battlefield {wanted!r}; choose one of: {', '.join(sorted(fields))}")
        if n not in fields[wanted].players:
            raise OptionError(f"the battlefield {wanted!r} is laid out for "
                              f"{' or '.join(map(str, fields[wanted].players))} players, not {n}")
        if len(fields[wanted].start) < n:
            raise OptionError(f"the battlefield {wanted!r} has start zones for {len(fields[wanted].start)} "
                              f"players, not {n}")
        return wanted
    for key in ("valkyrie-highlands", "river-crossing"):
        if key in fields and n in fields[key].players and len(fields[key].start) >= n:
            return key
    return next(k for k, f in sorted(fields.items()) if n in f.players and len(f.start) >= n)


def pick_order(q: Figures, s: SHState) -> list[int]:
    """Army selection (facts 3.2, "Draft (2 players): highest roller takes 1 card, the other
    2, then alternate 1 each; 3+ players snake"): who picks cards, in order. Points: seats in
    turn. Draft: the highest d20 takes 1, the other 2, then 1 each in turn (2 players); with
    more, a snake from the highest."""
    n = s.num_players
    first, rolls = highest_d20(s.rng, list(range(n)))  # at set-up, before anyone is asked
    s.pick_rolls = tuple(tuple(sorted(r.items())) for r in rolls)
    seats = [(first + k) % n for k in range(n)]
    cards = len(q.c.cards)
    if s.options["army"] == "points":
        return seats * cards
    if n == 2:
        out = [seats[0], seats[1], seats[1]]
        while len(out) < cards:
            out += [seats[0], seats[1]]
        return out
    out = []
    while len(out) < cards:
        out += seats + seats[::-1]
    return out


def points_left(q: Figures, s: SHState, p: int) -> int:
    """Army selection (facts 3.2, "armies may total less" than the point limit): the points
    the player may still spend."""
    return s.points - sum(q.card(s, c).points for c in s.cards_of(p))


def army_actions(q: Figures, s: SHState, p: int) -> list[Action]:
    """Army selection (facts 3.2, the point limit): take an affordable card; done once the
    army has a card (an army is never empty)."""
    left = points_left(q, s, p)
    out = [shared_action("take", q.c.cards[c].id) for c in s.pool if q.c.cards[c].points <= left]
    return out + [DONE] if s.cards_of(p) or not out else out


def take(q: Figures, s: SHState, p: int, content_card: int, events: list[Event]) -> None:
    """Army cards (facts 3.1, Unique "an army may not contain two copies" and Common
    "duplicates allowed"): take an army card; a Unique card leaves the pool, a Common one may
    be taken again."""
    if q.c.cards[content_card].rarity == "unique":
        s.pool.remove(content_card)
    s.cards.append([content_card, p])
    s.first_owner.append(p)
    s.spirit_attack.append(0)
    s.spirit_defense.append(0)
    card_no = len(s.cards) - 1
    card = q.c.cards[content_card]
    for _ in range(card.figures):
        s.figures.append(Figure(card_no, p))
    events.append(Event("army", f"{pname(p)} takes {card.name} ({card.points} points)", p, {"card": card.id}))


def unplaced(q: Figures, s: SHState, p: int) -> list[int]:
    """Setup (facts 3.2, placing the army in a starting zone): the player's figures still to
    place in the start zone (The Drop's wait off it)."""
    return [i for i, f in enumerate(s.figures) if f.owner == p and f.alive and not f.spaces
            and THE_DROP not in q.fig_card(s, i).powers]


def placements(q: Figures, s: SHState, fig: int) -> list[tuple[int, ...]]:
    """Setup (facts 3.2, "in a starting zone") and double-space figures (rulebook, "Moving
    double-space figures": both spaces on one level): empty spaces of the start zone; a
    double-space figure on two same-level ones."""
    bf = q.bf(s)
    zone = bf.start[s.zones[s.figures[fig].owner]]
    taken = s.occupant()
    free = [x for x in zone if x not in taken]
    if q.fig_card(s, fig).hexes == 1:
        return [(x,) for x in free]
    free_set = set(free)
    return [(x, y) for x in free for y in bf.adjacent[x] if y in free_set and bf.level[x] == bf.level[y]]


def start_placement(q: Figures, s: SHState, events: list[Event]) -> None:
    """Setup (facts 3.2, "roll d20, highest places whole army first in a starting zone;
    placement passes left"): the highest d20 places first, then placement passes to the left."""
    players = [p for p in range(s.num_players) if s.cards_of(p)]
    first, rolls = highest_d20(s.rng, players)
    s.setup_order = [(first + k) % s.num_players for k in range(s.num_players)]
    s.stage = "place"
    s.names = tuple(q.fig_name(s, i) for i in range(len(s.figures)))
    told = f"{rolls_text(rolls)}: " if rolls else ""
    events.append(Event("setup", f"Setup: {told}{pname(first)} places an army first", first,
                        {"rolls": [[[p, n] for p, n in r.items()] for r in rolls]}))
