"""The observation schema of Meeples & Monsters for learning programs (engine.spaces): a
fixed-length vector read from a player's view, field by field, every number bounded: meeples by
the supply of their kind, piles by the content, Hero levels by 3; the turn, VP and extra draws,
which no rule bounds, are clipped to the documented MOST_TURNS, MOST_VP and MOST_EXTRA_DRAWS."""

from __future__ import annotations

from typing import Any

from ...engine.spaces import (
    Field,
    ObservationSchema,
    Part,
    at,
    counts,
    items,
    multi_hot,
    number,
    one_hot,
    record,
)
from .action_space import SLOTS_PER_DISTRICT
from .content import COUNCIL_ARRIVES, MEEPLE_SUPPLY, ROOMS_PER_STACK
from .state import DISTRICTS, KINDS
from .tables import Tables

MOST_PLAYERS = 4
PHASES = ("start", "develop", "develop-resolve", "main", "main-resolve", "main-cleanup", "draw", "over")
TASKS = ("discard", "recycle", "prestige", "build", "slot", "place")
HERO_CLASSES = ("knight", "warrior", "mage", "cleric")
MOST_LEVEL = 3  # a Hero class's levels
# no rule bounds these: documented caps a larger value is clipped to (far above any game seen)
MOST_TURNS, MOST_VP, MOST_EXTRA_DRAWS = 200, 300, 20


def observation_schema(t: Tables, key: str) -> ObservationSchema:
    """The same length for every player count (seats beyond the game's read as 0)."""
    locations = tuple(loc.id for loc in t.locations)
    monsters = tuple(m.id for m in t.monsters)
    quests = tuple(q.id for q in t.quests)
    rooms = tuple(r.id for r in t.rooms)
    seats = tuple(range(MOST_PLAYERS))
    kind = max(MEEPLE_SUPPLY.values())  # the most meeples of one kind
    meeples = sum(MEEPLE_SUPPLY.values())
    player = record(
        at("vp", number(MOST_VP, -MOST_VP)), at("bag", counts(KINDS, kind)), at("bag_size", number(meeples)),
        at("tavern", counts(KINDS, kind)), at("lodgings", counts(KINDS, kind)), at("waiting", counts(KINDS, kind)),
        at("held", counts(KINDS, kind)), at("hero_levels", counts(HERO_CLASSES, MOST_LEVEL)),
        at("quests_in_hand", number(len(quests))),
        at("completed_quests", multi_hot(quests)), at("defeated", multi_hot(monsters)),
        at("overlords_fought", multi_hot(monsters)), at("tower_rooms", multi_hot(rooms)),
        at("extra_draw", number(MOST_EXTRA_DRAWS)), at("quests", multi_hot(quests)))
    district = record(
        at("locations", items(SLOTS_PER_DISTRICT, one_hot(locations))),
        at("monsters", items(SLOTS_PER_DISTRICT, one_hot(monsters))),
        at("tower", record(at("room", one_hot(rooms)), at("left", number(ROOMS_PER_STACK)))))
    return ObservationSchema(key, (
        Field("you", "one-hot: the observing seat", at("you", one_hot(seats))),
        Field("current", "one-hot: the seat whose turn it is", at("current", one_hot(seats))),
        Field("first_player", "one-hot: the first player", at("first_player", one_hot(seats))),
        Field("turn", f"the turn number (clipped to {MOST_TURNS})", at("turn", number(MOST_TURNS))),
        Field("phase", f"one-hot: {', '.join(PHASES)}", at("phase", one_hot(PHASES))),
        Field("supply", f"meeples in the supply, per kind ({', '.join(KINDS)})", at("supply", counts(KINDS, kind))),
        Field("city", f"per district ({', '.join(DISTRICTS)}): the Location on each of its "
              f"{SLOTS_PER_DISTRICT} slots (one-hot of {len(locations)}), the Monster on each of its "
              f"{SLOTS_PER_DISTRICT} spaces (one-hot of {len(monsters)}), the Tower Room on top "
              f"(one-hot of {len(rooms)}) and the rooms left",
              at("city", items(len(DISTRICTS), district))),
        Field("face_up_locations", "the face-up Location tiles (multi-hot)",
              at("face_up_locations", multi_hot(locations))),
        Field("decks", "Location stack, Monster deck, Dark Council Arrives cards drawn, final turns "
              "left (-1 before the end is triggered), Quest deck",
              record(at("location_stack", number(len(locations))), at("monster_deck", number(len(monsters))),
                     at("council_arrives_drawn", number(COUNCIL_ARRIVES)),
                     at("final_turns_left", number(2 * MOST_PLAYERS, -1)), at("quest_deck", number(len(quests))))),
        Field("overlords", "the Overlords of the Dark Council (multi-hot of the Monsters)",
              _overlords(monsters)),
        Field("open", "the meeples in the assignment being made, per kind",
              at("open", at("units", counts(KINDS, kind)))),
        Field("pending", f"the task asked next (one-hot: {', '.join(TASKS)}), and its player (one-hot)",
              at("pending", at(0, record(at("task", one_hot(TASKS)), at("player", one_hot(seats)))))),
        Field("players", f"per seat (up to {MOST_PLAYERS}): VP; bag per kind; bag size; Tavern per kind; "
              "Lodgings per kind; waiting per kind; held per kind; Hero levels (knight, warrior, mage, "
              "cleric); Quests in hand; completed Quests (multi-hot); Monsters defeated (multi-hot); "
              "Overlords fought (multi-hot); Tower Rooms (multi-hot); extra draws; the Quests in hand "
              "(multi-hot, your own seat only)",
              at("players", items(MOST_PLAYERS, player))),
        Field("over", "1 once the game is over", at("over", number(1))),
    ))


def _overlords(monsters: tuple[str, ...]) -> Part:
    hot = multi_hot(monsters).fill

    def fill(v: Any, out: list[float], at: int) -> None:
        if isinstance(v, dict):
            hot([o.get("monster") for o in v.get("overlords") or () if isinstance(o, dict)], out, at)
    return Part(len(monsters), fill, ((len(monsters), 0.0, 1.0),))
