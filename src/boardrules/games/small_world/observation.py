"""The observation schema of Small World for learning programs (engine.spaces): a fixed-length
vector read from a player's view, field by field, every number bounded: tokens by the most a
race's box holds, the turn by the longest map's, the stacks by the content, markers by their
counts, coins by the value of every coin in the box."""

from __future__ import annotations

from typing import Any

from ...engine.spaces import (
    Field,
    ObservationSchema,
    Part,
    at,
    counts,
    items,
    number,
    one_hot,
    record,
    tally,
)
from .queries import pname
from .state import COIN_VALUE, ENCAMPMENTS, FORTRESSES, LOST_TRIBE_TOKENS, MARKET_SIZE
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
    box = max([r.box for r in t.races] + [LOST_TRIBE_TOKENS])  # the most tokens of one race
    turns = max(m.turns for m in t.maps.values())
    banner = max(r.tokens for r in t.races) + max(p.tokens for p in t.powers)
    markers = max(ENCAMPMENTS, FORTRESSES)
    return ObservationSchema(key, (
        Field("turn", "the game turn, then the last turn",
              record(at("turn", number(turns + 1)), at("turns", number(turns)))),
        Field("stage", f"one-hot: {', '.join(STAGES)}", at("stage", one_hot(STAGES))),
        Field("current", "one-hot: the seat whose turn it is", at("current", one_hot(seats))),
        Field("you", "one-hot: the observing seat", at("you", one_hot(seats))),
        Field("market", f"{MARKET_SIZE} combos on offer, top first: race one-hot ({len(races)}), power "
              f"one-hot ({len(powers)}), coins on it, tokens",
              at("market", items(MARKET_SIZE, record(combo, at("coins", number(COIN_VALUE)),
                                                     at("tokens", number(banner)))))),
        Field("stacks", "banners left in the race stack, badges in the power stack",
              record(at("race_stack", number(len(races))), at("power_stack", number(len(powers))))),
        Field("players", "per seat: coins (yours only; 0 for the others), active race one-hot, power "
              "one-hot, tokens in hand, races in decline (count per race), the seat at peace with it "
              "(one-hot)",
              at("players", items(num_players, record(
                  at("coins", number(COIN_VALUE)), combo, at("in_hand", number(box)),
                  at("declines", _declines(races)), at("peace_with", one_hot(tuple(pname(i) for i in seats))))))),
        Field("regions", f"per region of the {num_players}-player map ({regions}): owner one-hot (seats, "
              f"then the Lost Tribes), race one-hot, tokens, in decline, markers (count of each: "
              f"{', '.join(MARKERS)})",
              at("regions", items(regions, record(
                  at("owner", one_hot((*seats, "lost-tribe"))), at("race", one_hot(races)),
                  at("tokens", number(box)), at("in_decline", number(1)), at("markers", tally(MARKERS, markers)))))),
        Field("tray", "race tokens left in the tray, per race", at("tray", counts(races, box))),
        Field("over", "1 once the game is over", at("over", number(1))),
    ))


def _declines(races: tuple[str, ...]) -> Part:
    inner = tally(races, 2)  # a race may come round again
    count = inner.fill

    def fill(v: Any, out: list[float], at: int) -> None:
        if isinstance(v, list):
            count([d.get("race") for d in v if isinstance(d, dict)], out, at)
    return Part(len(races), fill, inner.bounds)
