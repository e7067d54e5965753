"""The observation schema of Meeples & Monsters for learning programs (engine.spaces): a
fixed-length vector read from a player's view, field by field."""

from __future__ import annotations

from typing import Any

from ...engine.spaces import (
    NUMBER,
    Field,
    ObservationSchema,
    Part,
    at,
    counts,
    items,
    multi_hot,
    one_hot,
    record,
)
from .action_space import SLOTS_PER_DISTRICT
from .state import DISTRICTS, KINDS
from .tables import Tables

MOST_PLAYERS = 4
PHASES = ("start", "develop", "develop-resolve", "main", "main-resolve", "main-cleanup", "draw", "over")
TASKS = ("discard", "recycle", "prestige", "build", "slot", "place")
HERO_CLASSES = ("knight", "warrior", "mage", "cleric")


def observation_schema(t: Tables, key: str) -> ObservationSchema:
    """The same length for every player count (seats beyond the game's read as 0)."""
    locations = tuple(loc.id for loc in t.locations)
    monsters = tuple(m.id for m in t.monsters)
    quests = tuple(q.id for q in t.quests)
    rooms = tuple(r.id for r in t.rooms)
    seats = tuple(range(MOST_PLAYERS))
    player = record(
        at("vp", NUMBER), at("bag", counts(KINDS)), at("bag_size", NUMBER), at("tavern", counts(KINDS)),
        at("lodgings", counts(KINDS)), at("waiting", counts(KINDS)), at("held", counts(KINDS)),
        at("hero_levels", counts(HERO_CLASSES)), at("quests_in_hand", NUMBER),
        at("completed_quests", multi_hot(quests)), at("defeated", multi_hot(monsters)),
        at("overlords_fought", multi_hot(monsters)), at("tower_rooms", multi_hot(rooms)),
        at("extra_draw", NUMBER), at("quests", multi_hot(quests)))
    district = record(
        at("locations", items(SLOTS_PER_DISTRICT, one_hot(locations))),
        at("monsters", items(SLOTS_PER_DISTRICT, one_hot(monsters))),
        at("tower", record(at("room", one_hot(rooms)), at("left", NUMBER))))
    return ObservationSchema(key, (
        Field("you", "one-hot: the observing seat", at("you", one_hot(seats))),
        Field("current", "one-hot: the seat whose turn it is", at("current", one_hot(seats))),
        Field("first_player", "one-hot: the first player", at("first_player", one_hot(seats))),
        Field("turn", "the turn number", at("turn", NUMBER)),
        Field("phase", f"one-hot: {', '.join(PHASES)}", at("phase", one_hot(PHASES))),
        Field("supply", f"meeples in the supply, per kind ({', '.join(KINDS)})", at("supply", counts(KINDS))),
        Field("city", f"per district ({', '.join(DISTRICTS)}): the Location on each of its "
              f"{SLOTS_PER_DISTRICT} slots (one-hot of {len(locations)}), the Monster on each of its "
              f"{SLOTS_PER_DISTRICT} spaces (one-hot of {len(monsters)}), the Tower Room on top "
              f"(one-hot of {len(rooms)}) and the rooms left",
              at("city", items(len(DISTRICTS), district))),
        Field("face_up_locations", "the face-up Location tiles (multi-hot)",
              at("face_up_locations", multi_hot(locations))),
        Field("decks", "Location stack, Monster deck, Dark Council Arrives cards drawn, final turns "
              "left (-1 before the end is triggered), Quest deck",
              record(at("location_stack", NUMBER), at("monster_deck", NUMBER),
                     at("council_arrives_drawn", NUMBER), at("final_turns_left", NUMBER),
                     at("quest_deck", NUMBER))),
        Field("overlords", "the Overlords of the Dark Council (multi-hot of the Monsters)",
              _overlords(monsters)),
        Field("open", "the meeples in the assignment being made, per kind", at("open", at("units", counts(KINDS)))),
        Field("pending", f"the task asked next (one-hot: {', '.join(TASKS)}), and its player (one-hot)",
              at("pending", at(0, record(at("task", one_hot(TASKS)), at("player", one_hot(seats)))))),
        Field("players", f"per seat (up to {MOST_PLAYERS}): VP; bag per kind; bag size; Tavern per kind; "
              "Lodgings per kind; waiting per kind; held per kind; Hero levels (knight, warrior, mage, "
              "cleric); Quests in hand; completed Quests (multi-hot); Monsters defeated (multi-hot); "
              "Overlords fought (multi-hot); Tower Rooms (multi-hot); extra draws; the Quests in hand "
              "(multi-hot, your own seat only)",
              at("players", items(MOST_PLAYERS, player))),
        Field("over", "1 once the game is over", at("over", NUMBER)),
    ))


def _overlords(monsters: tuple[str, ...]) -> Part:
    hot = multi_hot(monsters).fill

    def fill(v: Any, out: list[float], at: int) -> None:
        if isinstance(v, dict):
            hot([o.get("monster") for o in v.get("overlords") or () if isinstance(o, dict)], out, at)
    return Part(len(monsters), fill)
