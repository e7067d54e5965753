"""Rounds of play (facts 3.3): order markers placed in secret, initiative, three turns each
revealing a marker, and the end of the game (one army left, or the round limit and the points
of surviving cards)."""

from __future__ import annotations

from ...engine import Event, Result
from . import powers
from .combat import highest_d20
from .figures import Figures, pname
from .state import MARKERS, NO_CARD, SHState
from .words import rolls_text


def start_round(q: Figures, s: SHState, events: list[Event]) -> None:
    """Round structure (facts 3.3, steps 4 then 1: advance the round marker, "Place Order
    Markers secretly"): a new round; markers are taken back, The Drop rolls, then markers
    are placed."""
    if over(q, s, events):
        return
    s.round += 1
    if s.round > s.max_rounds:
        finish(q, s, events, "the round limit")
        return
    events.append(Event("round", f"Round {s.round}", None, {"round": s.round}))
    s.markers = [[NO_CARD] * len(MARKERS) for _ in range(s.num_players)]
    s.revealed = [[False] * len(MARKERS) for _ in range(s.num_players)]
    s.setup_order = [p for p in range(s.num_players) if q.surviving_cards(s, p)]
    s.stage = "markers"
    powers.the_drop(q, s, events)


def initiative(q: Figures, s: SHState, events: list[Event]) -> None:
    """Round structure (facts 3.3, step 2 "Roll for initiative"): every player rolls the d20;
    ties for the highest roll again; play passes to the left. The event tells every roll."""
    players = [p for p in range(s.num_players) if q.surviving_cards(s, p)]
    first, rolls = highest_d20(s.rng, players)
    s.order = [(first + k) % s.num_players for k in range(s.num_players)
               if (first + k) % s.num_players in players]
    s.turn_index = 0
    told = f"{rolls_text(rolls)}: " if rolls else ""
    events.append(Event("initiative", f"Initiative: {told}{pname(first)} goes first", first,
                        {"rolls": [[[p, n] for p, n in r.items()] for r in rolls]}))
    s.stage = "reveal"


def reveal(q: Figures, s: SHState, events: list[Event]) -> None:
    """Round structure (facts 3.3, step 3 "Take turns": reveal the order marker; "if every
    figure on the card is destroyed, that turn is lost"): the player reveals the marker of this
    turn; a card with no figure loses it."""
    p = q.current(s)
    k = s.turn_index // len(s.order)
    card = s.markers[p][k]
    s.revealed[p][k] = True
    s.moved, s.attacked, s.targets, s.used, s.selected, s.walked = [], [], [], [], -1, False
    s.active_card = card if card >= 0 else NO_CARD
    if card < 0 or not q.active(s):
        events.append(Event("lost-turn", f"{pname(p)} reveals marker {k + 1}: no figure to activate, "
                            "the turn is lost", p))
        s.stage = "end-turn"
        return
    events.append(Event("turn", f"Round {s.round}, turn {k + 1}: {pname(p)} reveals {q.card(s, card).name}",
                        p, {"card": q.card(s, card).id}))
    s.stage = "move"


def end_turn(q: Figures, s: SHState, events: list[Event]) -> None:
    """Round structure (facts 3.3, step 3: "each player takes 3 turns per round"): the next
    turn, or the end of the round after every player's third."""
    if over(q, s, events):
        return
    s.turn_index += 1
    s.stage = "reveal" if s.turn_index < 3 * len(s.order) else "round-end"


def over(q: Figures, s: SHState, events: list[Event]) -> bool:
    """The end of the game (rules-choices.md "Round limit": the facts do not say; it ends
    when one army remains): whether the game is over."""
    if s.over:
        return True
    standing = {f.owner for f in s.figures if f.alive}  # on the battlefield, or waiting to drop
    if s.round >= 1 and len(standing) <= 1:
        finish(q, s, events, "one army remains")
        return True
    return False


def finish(q: Figures, s: SHState, events: list[Event], why: str) -> None:
    """The end of the game (rules-choices.md "Round limit": one army left, or the end of the
    last round): the result is told."""
    s.over = True
    s.stage = "over"
    s.winner_by = why
    r = result(q, s)
    names = " and ".join(pname(w) for w in r.winners) or "nobody"
    events.append(Event("game-over", f"The game ends ({why}). {names} "
                        f"{'wins' if len(r.winners) == 1 else 'share the victory'}", None,
                        {"winners": list(r.winners), "scores": list(r.scores)}))


def result(q: Figures, s: SHState) -> Result:
    """Winning (rules-choices.md "Round limit"): the points of surviving army cards; the most
    wins (a tie is shared)."""
    scores = tuple(sum(q.card(s, c).points for c in s.cards_of(p) if s.surviving(c))
                   for p in range(s.num_players))
    best = max(scores)
    winners = tuple(p for p, v in enumerate(scores) if v == best and v > 0)
    return Result(scores, winners, min(s.round, s.max_rounds))
