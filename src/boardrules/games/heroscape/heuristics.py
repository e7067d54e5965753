"""The greedy agent's view of a Heroscape position: the points of the army left standing
(heroes weighed by the life they have left), and steering for its choices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, Decision, Rng
from .state import SHState

if TYPE_CHECKING:
    from .game import Heroscape


def strength(game: Heroscape, s: SHState, player: int) -> float:
    total = 0.0
    for i, f in enumerate(s.figures):
        if f.owner != player or not f.alive:
            continue
        card = game.fig_card(s, i)
        total += card.points / card.figures * (1 - f.wounds / card.life)
    return total


def evaluate(game: Heroscape, s: SHState, player: int) -> float:
    if s.over:
        r = game.result(s)
        assert r is not None
        return 10_000.0 if player in r.winners else -10_000.0
    mine = strength(game, s, player)
    theirs = max((strength(game, s, p) for p in range(s.num_players) if p != player), default=0.0)
    return mine - theirs


def greedy_action(game: Heroscape, s: SHState, d: Decision, rng: Rng) -> Action | None:
    names = {a.name for a in d.actions}
    if "take" in names:  # the most points affordable
        return max((a for a in d.actions if a.name == "take"),
                   key=lambda a: (game.c.cards[game.card_index[a.args[0]]].points, rng.below(1000)))
    if "mark" in names:  # markers 1-3 on the strongest cards, X anywhere
        return max(d.actions, key=lambda a: (_card_value(game, s, a.args[0]), rng.below(1000)))
    if "attack" in names:
        return max((a for a in d.actions if a.name == "attack"), key=lambda a: (_expected(game, s, a), rng.below(1000)))
    if "to" in names:
        return max((a for a in d.actions if a.name == "to"), key=lambda a: (_closeness(game, s, a), rng.below(1000)))
    if "move" in names:
        return next(a for a in d.actions if a.name == "move")
    return None


def _card_value(game: Heroscape, s: SHState, card_id: str) -> float:
    c = game.c.cards[game.card_index[card_id]]
    return c.attack * c.figures + c.range / 3 + c.move / 4


def _expected(game: Heroscape, s: SHState, a: Action) -> float:
    att, dfd = game.fig_named(s, a.args[0]), game.fig_named(s, a.args[1])
    assert att is not None and dfd is not None
    ca, cd = game.fig_card(s, att), game.fig_card(s, dfd)
    wounds = max(0.0, ca.attack * 0.5 - cd.defense / 3)
    left = cd.life - s.figures[dfd].wounds
    return min(wounds, left) / left * cd.points / cd.figures


def _closeness(game: Heroscape, s: SHState, a: Action) -> float:
    """Range-1 fighters close in; shooters keep to their Range; higher ground is better."""
    bf = game.bf(s)
    fig = s.selected
    card = game.fig_card(s, fig)
    end = [bf.space_named(x) for x in a.args[0].split("-")]
    enemies = [f.spaces for f in s.figures if f.alive and f.spaces and f.owner != s.figures[fig].owner]
    if not enemies:
        return 0.0
    dist = min(bf.distance(x, y) for sp in enemies for y in sp for x in end if x is not None)
    want = 1 if card.range == 1 else max(2, card.range - 1)
    level = bf.level[end[0]] if end[0] is not None else 0
    return -abs(dist - want) + 0.1 * level
