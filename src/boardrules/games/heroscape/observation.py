"""The observation schema of Heroscape for learning programs (engine.spaces): a fixed-length
vector read from a player's view, field by field, for one battlefield and point limit, every
number bounded: the rounds by the option's limit, wounds by the most Life of a card, spaces by the
battlefield, Warrior Spirits by the army cards (each placed once, when its card is destroyed),
order markers by their four."""

from __future__ import annotations

from typing import Any

from ...engine.spaces import (
    Field,
    ObservationSchema,
    Part,
    at,
    items,
    keyed,
    multi_hot,
    number,
    one_hot,
    record,
)
from .battlefield import Battlefield
from .content import Content
from .state import MARKERS

MOST_PLAYERS = 4
MOST_ROUNDS = 100  # the "rounds" option's largest value (game.MAX_ROUNDS)
STAGES = ("army", "place", "markers", "reveal", "move", "move-to", "route", "attack", "end-turn", "over")


def _where(bf: Battlefield) -> dict[str, tuple[int, ...]]:
    """The spaces of a place's name: ``c4``, or a double space ``c4-c5``."""
    index = {name: i for i, name in enumerate(bf.names)}
    out: dict[str, tuple[int, ...]] = {name: (i,) for name, i in index.items()}
    for x in range(bf.size):
        for y in bf.adjacent[x]:
            out[f"{bf.names[x]}-{bf.names[y]}"] = (x, y)
    return out


def _board(bf: Battlefield) -> Part:
    """Per space, the seat of the living figure on it (one-hot)."""
    where = _where(bf)
    n = bf.size

    def fill(v: Any, out: list[float], at: int) -> None:
        for f in v if isinstance(v, list) else ():
            owner = f.get("owner") if isinstance(f, dict) else None
            if isinstance(owner, int) and 0 <= owner < MOST_PLAYERS and f.get("alive"):
                for x in where.get(f.get("at"), ()):
                    out[at + x * MOST_PLAYERS + owner] = 1.0

    return Part(n * MOST_PLAYERS, fill, ((n * MOST_PLAYERS, 0.0, 1.0),))


def _place(bf: Battlefield) -> Part:
    """Column and row (from 1) of a figure's space and of its second space (0 off the board)."""
    where = _where(bf)
    cols = 1.0 + max(bf.place(i)[0] for i in range(bf.size))
    rows = 1.0 + max(bf.place(i)[1] for i in range(bf.size))

    def fill(v: Any, out: list[float], at: int) -> None:
        for k, x in enumerate(where.get(v, ()) if isinstance(v, str) else ()):
            col, row = bf.place(x)
            out[at + 2 * k], out[at + 2 * k + 1] = col + 1.0, row + 1.0

    return Part(4, fill, ((1, 0.0, cols), (1, 0.0, rows)) * 2)


def _markers(cards: tuple[str, ...]) -> Part:
    """Per seat, per order marker: one-hot of the card it is on, then 'hidden' (one pass, as
    ``items`` of a ``record`` of ``one_hot`` would read it)."""
    where = {c: i for i, c in enumerate((*cards, "hidden"))}
    width = len(where)

    def fill(v: Any, out: list[float], at: int) -> None:
        for p, row in enumerate(v[:MOST_PLAYERS] if isinstance(v, list) else ()):
            if type(row) is not dict:
                continue
            for k, m in enumerate(MARKERS):
                card = row.get(m)
                i = where.get(card) if type(card) is str else None
                if i is not None:
                    out[at + (p * len(MARKERS) + k) * width + i] = 1.0

    return Part(MOST_PLAYERS * len(MARKERS) * width, fill, ((MOST_PLAYERS * len(MARKERS) * width, 0.0, 1.0),))


def _face_down(cards: tuple[str, ...]) -> Part:
    """Per seat: the count of its face-down markers on each army card, then the removed ones
    (one pass over the view's mappings: this field is read at every step of an environment)."""
    where = {c: i for i, c in enumerate(cards)}
    width = len(cards) + 1

    def fill(v: Any, out: list[float], at: int) -> None:
        for p, seen in enumerate(v[:MOST_PLAYERS] if isinstance(v, list) else ()):
            if type(seen) is not dict:
                continue  # not shown (markers being placed)
            base = at + p * width
            on = seen.get("on")
            for card, n in on.items() if type(on) is dict else ():
                i = where.get(card)
                if i is not None and type(n) is int and n:
                    out[base + i] = float(n)
            removed = seen.get("removed")
            if type(removed) is int and removed:
                out[base + len(cards)] = float(removed)

    return Part(MOST_PLAYERS * width, fill, ((MOST_PLAYERS * width, 0.0, float(len(MARKERS))),))


def observation_schema(c: Content, bf: Battlefield, figures: tuple[str, ...], key: str) -> ObservationSchema:
    cards = tuple(card.id for card in c.cards)
    seats = tuple(range(MOST_PLAYERS))
    life = max(card.life for card in c.cards)
    turns = 3 * MOST_PLAYERS  # three order markers a seat take turns
    return ObservationSchema(key, (
        Field("round", "the round, the round limit, the turn (-1 before the first)",
              record(at("round", number(MOST_ROUNDS + 1)), at("rounds", number(MOST_ROUNDS)),
                     at("turn", number(turns - 1, -1)))),
        Field("stage", f"one-hot: {', '.join(STAGES)}", at("stage", one_hot(STAGES))),
        Field("you", "one-hot: the observing seat", at("you", one_hot(seats))),
        Field("order", f"the seats in turn order this round (one-hot per place, {MOST_PLAYERS} places)",
              at("order", items(MOST_PLAYERS, one_hot(seats)))),
        Field("active_card", f"one-hot of the {len(cards)} army cards: the card taking its turn",
              at("active_card", one_hot(cards))),
        Field("pool", "the army cards still to be taken (multi-hot)", at("pool", multi_hot(cards))),
        Field("cards", "per army card: taken, its controller (one-hot seat), attack and armor spirits "
              "on it, grenades used",
              at("cards", keyed("card", cards, record(
                  at("controller", one_hot(seats)), at("attack_spirits", number(len(cards))),
                  at("armor_spirits", number(len(cards))), at("grenade_used", number(1)))))),
        Field("figures", f"per figure name ({len(figures)}, as in the action space): in the game, its "
              "owner (one-hot seat), wounds, alive, the column and row of its space and of its second "
              "space (from 1; 0: none)",
              at("figures", keyed("figure", figures, record(
                  at("owner", one_hot(seats)), at("wounds", number(life)), at("alive", number(1)),
                  at("at", _place(bf)))))),
        Field("board", f"per space of {bf.name} ({bf.size}, in the battlefield's order): the seat of "
              "the living figure on it (one-hot)", at("figures", _board(bf))),
        Field("markers", f"per seat, per order marker ({', '.join(MARKERS)}): the card it is on "
              "(one-hot of the cards, then 'hidden': face down, its number secret)",
              at("markers", _markers(cards))),
        Field("face_down", "per seat: its face-down order markers on each army card (a count per card), "
              "then how many Mind Shackle took off (not shown for another seat while markers are placed)",
              at("face_down", _face_down(cards))),
        Field("over", "1 once the game is over", at("over", number(1))),
    ))
