"""Hand-set Heroes IV positions for the rule tests: a small map, players with the cards a test
gives them, Army Stacks where a test puts them."""

from __future__ import annotations

import io

from rich.console import Console

from boardrules.engine import Event
from boardrules.games.heroes_iv import HeroesIV, fight
from boardrules.games.heroes_iv.battle_greedy import greedy_battle_action
from boardrules.games.heroes_iv.board import board_for
from boardrules.games.heroes_iv.content import Content, default_content
from boardrules.games.heroes_iv.queries import order_stack, stack_speed
from boardrules.games.heroes_iv.setup import make_spaces
from boardrules.games.heroes_iv.state import Army, H4State, Player

# two sections side by side: hex 9 is a Town Space, 0 a Creature Dwelling, 6 and 18 Location
# Spaces (green-vale); 28 a Town, 21 a Dwelling, 26 and 36 Locations (old-kingdom). Hex 7 is water.
TWO = (("green-vale", 0, 0), ("old-kingdom", 1, 0))


def position(players: int = 3, alignments: tuple[str, ...] = ("life", "death", "order", "chaos", "nature", "might"),
             sections: tuple[tuple[str, int, int], ...] = TWO) -> tuple[Content, H4State]:
    c = default_content()
    s = H4State()
    s.num_players = players
    s.rounds = 12
    s.players = [Player(alignments[i]) for i in range(players)]
    s.placed = list(sections)
    s.board = board_for(c, sections)
    make_spaces(s)
    s.stage = "move"
    s.current = 0
    s.next_marker = 100
    return c, s


def put_army(c: Content, s: H4State, seat: int, hex: int, cards: list[str], marker: int | None = None) -> Army:
    cards = order_stack(c, cards)
    a = Army(seat, marker if marker is not None else s.take_marker(), hex, cards, stack_speed(c, cards))
    s.armies.append(a)
    return a


def deck(s: H4State, seat: int, top_first: list[str]) -> None:
    """Set a player's deck, given from the top card down."""
    s.players[seat].deck = top_first[::-1]


def fight_out(c: Content, s: H4State, events: list[Event] | None = None) -> list[Event]:
    """Play the battles under way to their end with the greedy battle choices; their events."""
    events = [] if events is None else events
    while s.battle is not None:
        fight.battle_step(c, s, greedy_battle_action(s.battle), events)
    return events


def picture(game: HeroesIV, s: H4State, seat: int, width: int = 80) -> str:
    """The terminal picture ``seat`` is shown, as text ``width`` columns wide."""
    out = io.StringIO()
    Console(file=out, width=width).print(game.render(s, seat))
    return out.getvalue()
