"""The observation schema of Small World for learning programs (engine.spaces): a fixed-length
vector read from a player's view, field by field."""

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
    one_hot,
    record,
    tally,
)
from .queries import pname
from .state import MARKET_SIZE
from .tables import Tables

STAGES = ("pick", "conquer", "redeploy", "camps", "fortress", "heroes", "diplomat", "stout", "defend",
          "score", "over")
MARKERS = ("mountain", "troll-lair", "fortress", "encampment", "hole", "hero", "dragon")


def observation_schema(t: Tables, num_players: int, key: str) -> ObservationSchema:
    races = tuple(r.id for r in t.races)
    powers = tuple(p.id for p in t.powers)
    regions = t.maps[num_players].n
    seats = tuple(range(num_players))
    combo = record(at("race", one_hot(races)), at("power", one_hot(powers)))
    return ObservationSchema(key, (
        Field("turn", "the game turn, then the last turn", record(at("turn", NUMBER), at("turns", NUMBER))),
        Field("stage", f"one-hot: {', '.join(STAGES)}", at("stage", one_hot(STAGES))),
        Field("current", "one-hot: the seat whose turn it is", at("current", one_hot(seats))),
        Field("you", "one-hot: the observing seat", at("you", one_hot(seats))),
        Field("market", f"{MARKET_SIZE} combos on offer, top first: race one-hot ({len(races)}), power "
              f"one-hot ({len(powers)}), coins on it, tokens",
              at("market", items(MARKET_SIZE, record(combo, at("coins", NUMBER), at("tokens", NUMBER))))),
        Field("stacks", "banners left in the race stack, badges in the power stack",
              record(at("race_stack", NUMBER), at("power_stack", NUMBER))),
        Field("players", "per seat: coins (yours only; 0 for the others), active race one-hot, power "
              "one-hot, tokens in hand, races in decline (count per race), the seat at peace with it "
              "(one-hot)",
              at("players", items(num_players, record(
                  at("coins", NUMBER), combo, at("in_hand", NUMBER),
                  at("declines", _declines(races)), at("peace_with", one_hot(tuple(pname(i) for i in seats))))))),
        Field("regions", f"per region of the {num_players}-player map ({regions}): owner one-hot (seats, "
              f"then the Lost Tribes), race one-hot, tokens, in decline, markers (count of each: "
              f"{', '.join(MARKERS)})",
              at("regions", items(regions, record(
                  at("owner", one_hot((*seats, "lost-tribe"))), at("race", one_hot(races)),
                  at("tokens", NUMBER), at("in_decline", NUMBER), at("markers", tally(MARKERS)))))),
        Field("tray", "race tokens left in the tray, per race", at("tray", counts(races))),
        Field("over", "1 once the game is over", at("over", NUMBER)),
    ))


def _declines(races: tuple[str, ...]) -> Part:
    count = tally(races).fill

    def fill(v: Any, out: list[float], at: int) -> None:
        if isinstance(v, list):
            count([d.get("race") for d in v if isinstance(d, dict)], out, at)
    return Part(len(races), fill)
