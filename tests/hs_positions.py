"""Hand-set Heroscape positions for tests: a small battlefield written as a layout, army cards
with their figures on named spaces, the active card and the stage, and dice that roll what the
test says (``Dice``)."""

from __future__ import annotations

from collections.abc import Sequence

from boardrules.engine import Action, Rng
from boardrules.games.heroscape.battlefield import build
from boardrules.games.heroscape.content import Content, default_content
from boardrules.games.heroscape.content_model import BattlefieldData, Card
from boardrules.games.heroscape.game import Heroscape
from boardrules.games.heroscape.state import MARKERS, NO_CARD, Figure, SHState

# a flat field of grass, 10 spaces by 6 rows, at level 1
FLAT = "\n".join(" ".join(["g1"] * 10) for _ in range(6)) + "\n"

# die faces as Rng.below(6) results: the combat die is skull, skull, skull, shield, shield, blank
SKULL, SHIELD, BLANK = 0, 3, 5


class Dice(Rng):
    """An Rng that returns the scripted values first (for ``below(6)``: a face index, see
    SKULL/SHIELD/BLANK; for ``below(20)``: the d20 roll minus one), then behaves as a seeded Rng."""

    def __init__(self, script: Sequence[int] = ()) -> None:
        super().__init__(1)
        self.script = list(script)

    def below(self, n: int) -> int:
        if self.script:
            v = self.script.pop(0)
            assert 0 <= v < n, f"scripted {v} for below({n})"
            return v
        return super().below(n)

    def copy(self) -> Dice:
        d = Dice(self.script)
        d.state, d.draws = self.state, self.draws
        return d


def faces(skulls: int = 0, shields: int = 0, blanks: int = 0) -> list[int]:
    return [SKULL] * skulls + [SHIELD] * shields + [BLANK] * blanks


def d20(value: int) -> int:
    return value - 1


def game_with(extra_cards: Sequence[Card] = (), layout: str = FLAT, ruins: Sequence[tuple[int, int, int]] = ()) -> Heroscape:
    """The game with the shipped cards (plus any extra) and one battlefield, ``test``."""
    base = default_content()
    rows = [r.split() for r in layout.strip("\n").split("\n")]
    west = tuple((c, r) for r, row in enumerate(rows) for c in range(min(2, len(row))) if row[c] != "..")
    east = tuple((c, r) for r, row in enumerate(rows) for c in range(max(0, len(row) - 2), len(row)) if row[c] != "..")
    data = BattlefieldData(name="Test", players=(2,), layout=layout, start={"west": west, "east": east},
                           ruin=tuple({"at": (c, r), "height": h} for c, r, h in ruins))  # type: ignore[misc]
    content = Content(tuple(base.cards) + tuple(extra_cards), {**base.battlefields, "test": build(data)}, "test")
    return Heroscape(content)


def position(game: Heroscape, army: Sequence[tuple[int, str, Sequence[str]]], *, active: str | None = None,
             stage: str = "attack", players: int = 2, dice: Sequence[int] = ()) -> SHState:
    """``army``: (owner, card id, the spaces of its figures, e.g. ``["c3", "d3"]``; a
    double-space figure ``"c3-b3"``; ``"-"`` for a figure off the battlefield or destroyed:
    ``"off"`` waits off it, ``"dead"`` is destroyed). ``active``: the card whose turn it is
    (its owner's turn); the stage is ``attack`` or ``move``."""
    bf = game.c.battlefields["test"]
    s = SHState()
    s.rng = Dice(dice)
    s.num_players = players
    s.field = "test"
    s.options = {"army": "points", "points": "1000", "rounds": "12", "battlefield": "test"}
    s.points, s.max_rounds, s.round = 1000, 12, 1
    s.passed = [True] * players
    s.markers = [[NO_CARD] * len(MARKERS) for _ in range(players)]
    s.revealed = [[False] * len(MARKERS) for _ in range(players)]
    for owner, card_id, spaces in army:
        s.cards.append([game.card_index[card_id], owner])
        s.first_owner.append(owner)
        s.spirit_attack.append(0)
        s.spirit_defense.append(0)
        for where in spaces:
            f = Figure(len(s.cards) - 1, owner)
            if where == "dead":
                f.alive = False
            elif where != "off":
                f.spaces = tuple(bf.space_named(x) for x in where.split("-"))  # type: ignore[misc]
                assert None not in f.spaces, where
            s.figures.append(f)
    if active is not None:
        card = next(i for i, (c, _) in enumerate(s.cards) if game.c.cards[c].id == active)
        owner = s.cards[card][1]
        s.active_card = card
        s.order = [(owner + k) % players for k in range(players)]
        s.turn_index = 0
        s.markers[owner][0] = card
        s.revealed[owner][0] = True
        s.stage = stage
    else:
        s.order = list(range(players))
        s.stage = stage
    return s


def names(game: Heroscape, s: SHState) -> list[str]:
    d = game.decision(s)
    assert d is not None
    return [a.text for a in d.actions]


def act(game: Heroscape, s: SHState, text: str) -> list[str]:
    """Play an action by its text; the events' texts."""
    return [e.text for e in game.apply(s, Action.parse(text))]


def fig(game: Heroscape, s: SHState, name: str) -> Figure:
    i = game.q.fig_named(s, name)
    assert i is not None, name
    return s.figures[i]


def at(game: Heroscape, name: str) -> int:
    x = game.c.battlefields["test"].space_named(name)
    assert x is not None
    return x
