"""The Heroes IV terminal picture shows the map's spaces, the stacks and the piles, your hand and
Adventure Stack, and only counts of the others'."""

from __future__ import annotations

import io

from rich.console import Console

from boardrules.games.heroes_iv import HeroesIV


def test_render_shows_spaces_stacks_and_your_cards_only() -> None:
    game = HeroesIV()
    s = game.new_state(2, 4, {"alignments": "order,death"})
    while s.stage not in ("purchase", "move"):
        d = game.decision(s)
        assert d is not None
        game.apply(s, next((a for a in d.actions if a.name == "pass"), d.actions[0]))  # hands stay 3 and 5
    out = io.StringIO()
    Console(file=out, width=250).print(game.render(s, 0))
    text = out.getvalue()
    assert "undefined" in text and "Army Stacks" in text
    mine = next(line for line in text.splitlines() if "Player 1 (you)" in line)
    assert all(card in mine for card in s.players[0].hand + s.players[0].adventure)
    theirs = next(line for line in text.splitlines() if line.lstrip("│ ").startswith("Player 2 ") and "death" in line)
    assert not any(card in theirs for card in s.players[1].hand + s.players[1].adventure)
    assert " 3 " in theirs and " 5 " in theirs  # the counts are public
