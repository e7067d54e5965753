"""Heroscape positions (docs/positions.md): the army cards in play with their figures on named
spaces (wounded, waiting off the battlefield, or destroyed), the round, whose turn and which
stage, and the dice to come (``dice``: combat faces and d20 rolls, in the order they are
rolled, before the seeded generator takes over).

A position starts from the game set up by ``new_state`` (its battlefield and point limit are
the options'); ``army`` replaces the army building and the placement: the game goes on from
the round, or from the turn, that the position names.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ...engine import PositionError, PositionFormat
from ...engine.positions import Fields, one_of, shown
from .figures import Figures
from .state import MARKERS, NO_CARD, Figure, SHState

FACES = {"skull": 0, "shield": 3, "blank": 5}  # Rng.below(6) of the combat die's faces
D20 = Annotated[int, Field(ge=1, le=20)]


class FigureAt(Fields):
    at: str  # a space (``c3``), two for a double-space figure (``c3-b3``, front first), ``off`` or ``dead``
    wounds: Annotated[int, Field(ge=0, le=99)] = 0


class CardFields(Fields):
    owner: Annotated[int, Field(ge=0, le=3)]
    card: str
    figures: list[str | FigureAt]  # one entry per figure of the card


class TurnFields(Fields):
    card: str  # the army card whose order marker is revealed: its owner's turn
    stage: Literal["move", "attack"] = "move"


class HSFields(Fields):
    army: list[CardFields] | None = None
    round: Annotated[int, Field(ge=1, le=100)] | None = None
    turn: TurnFields | None = None
    dice: list[Literal["skull", "shield", "blank"] | D20] | None = None


class HSPositions(PositionFormat[SHState]):
    model = HSFields

    content: Figures

    def apply(self, s: SHState, f: HSFields) -> None:
        if f.turn is not None and f.army is None:
            raise PositionError("turn", "a turn needs the army cards in play (army)")
        if f.army is not None:
            self._army(s, f.army)
            s.names = ()
            s.names = tuple(self.content.fig_name(s, i) for i in range(len(s.figures)))
            s.round = (f.round or 1) - (f.turn is None)
            if f.round is not None and f.round > s.max_rounds:
                raise PositionError("round", f"round {f.round} is past the round limit ({s.max_rounds})")
            if f.turn is None:
                s.stage = "round-end"  # the round begins: order markers
            else:
                self._turn(s, f.turn)
        elif f.round is not None:
            raise PositionError("round", "a round needs the army cards in play (army)")
        if f.dice is not None:
            script = [FACES[d] if isinstance(d, str) else d - 1 for d in f.dice]
            self.game.script_rng(s, script, "dice")
        s.cached = None
        self.game._advance(s, [])

    def _army(self, s: SHState, army: list[CardFields]) -> None:
        c = self.content.c
        bf = c.battlefields[s.field]
        ids = [card.id for card in c.cards]
        n = s.num_players
        s.cards, s.figures, s.first_owner, s.spirit_attack, s.spirit_defense = [], [], [], [], []
        taken: dict[int, str] = {}  # space -> the field placing a figure there
        for i, entry in enumerate(army):
            at = f"army[{i}]"
            if entry.owner >= n:
                raise PositionError(f"{at}.owner", f"there is no seat {entry.owner} in a game of {n}")
            k = one_of(f"{at}.card", entry.card, ids, "an army card")
            if any(ck == k for ck, _ in s.cards):
                raise PositionError(f"{at}.card", f"{entry.card!r} is in play twice")
            card = c.cards[k]
            if len(entry.figures) != card.figures:
                raise PositionError(f"{at}.figures", f"{card.name} has {card.figures} figure(s), not "
                                    f"{len(entry.figures)} (write \"off\" or \"dead\" for those not on the battlefield)")
            s.cards.append([k, entry.owner])
            s.first_owner.append(entry.owner)
            s.spirit_attack.append(0)
            s.spirit_defense.append(0)
            for j, raw in enumerate(entry.figures):
                where = f"{at}.figures[{j}]"
                spot = raw if isinstance(raw, FigureAt) else FigureAt(at=raw)
                fig = Figure(len(s.cards) - 1, entry.owner)
                if spot.at == "dead":
                    fig.alive = False
                elif spot.at != "off":
                    names = spot.at.split("-")
                    spaces = tuple(bf.space_named(x) for x in names)
                    for name, x in zip(names, spaces, strict=True):
                        if x is None:
                            raise PositionError(where, f"{shown(name)} is not a space of {bf.name} (like c3), "
                                                "nor off or dead")
                    got = tuple(x for x in spaces if x is not None)
                    if len(got) != card.hexes:
                        raise PositionError(where, f"{card.name} stands on {card.hexes} space(s), not {len(got)}")
                    if len(got) == 2 and (got[1] not in bf.adjacent[got[0]] or bf.level[got[0]] != bf.level[got[1]]):
                        raise PositionError(where, "a double-space figure stands on two adjacent spaces of one level")
                    for x in got:
                        if bf.ruin[x]:
                            raise PositionError(where, f"{bf.names[x]} is inside a ruin")
                        if x in taken:
                            raise PositionError(where, f"{bf.names[x]} already holds the figure of {taken[x]}")
                        taken[x] = where
                    fig.spaces = got
                if spot.wounds >= card.life:
                    raise PositionError(f"{where}.wounds" if isinstance(raw, FigureAt) else where,
                                        f"{card.name} has {card.life} life: {spot.wounds} wounds destroy it")
                fig.wounds = spot.wounds if fig.alive else 0
                s.figures.append(fig)
        for p in range(n):
            points = sum(c.cards[k].points for k, owner in s.cards if owner == p)
            if points > s.points:
                raise PositionError("army", f"seat {p}'s army costs {points} points, over the limit of {s.points} "
                                    "(the option points)")
        s.pool = [k for k in range(len(c.cards)) if all(k != ck for ck, _ in s.cards)]
        s.picker, s.passed, s.setup_order = [], [True] * n, []
        s.markers = [[NO_CARD] * len(MARKERS) for _ in range(n)]
        s.revealed = [[False] * len(MARKERS) for _ in range(n)]
        s.order = list(range(n))

    def _turn(self, s: SHState, turn: TurnFields) -> None:
        c = self.content.c
        card = next((i for i, (k, _) in enumerate(s.cards) if c.cards[k].id == turn.card), None)
        if card is None:
            raise PositionError("turn.card", f"{shown(turn.card)} is not an army card in play (army)")
        if not s.living(card):
            raise PositionError("turn.card", f"{c.cards[s.cards[card][0]].name} has no figure on the battlefield")
        owner = s.cards[card][1]
        n = s.num_players
        s.active_card = card
        s.order = [(owner + k) % n for k in range(n)]
        s.turn_index = 0
        s.markers[owner][0] = card
        s.revealed[owner][0] = True
        s.moved, s.attacked, s.targets, s.used, s.selected, s.walked = [], [], [], [], -1, False
        s.stage = turn.stage

    def dump(self, s: SHState) -> dict[str, Any]:
        """The fields of ``s`` at the start of a round (a state in the middle of one is refused)."""
        if s.stage != "markers" or any(m != NO_CARD for row in s.markers for m in row) or s.pending:
            raise PositionError("turn", "a position of Heroscape is written when a round begins (order markers)")
        if any(s.spirit_attack) or any(s.spirit_defense) or s.grenades or s.first_owner != [o for _, o in s.cards]:
            raise PositionError("army", "this state holds what a position cannot say yet (Warrior Spirits, "
                                "grenades used, a card under another's control)")
        c, bf = self.content.c, self.content.c.battlefields[s.field]

        def spot(f: Figure) -> str | dict[str, Any]:
            at = "dead" if not f.alive else "off" if not f.spaces else "-".join(bf.names[x] for x in f.spaces)
            return {"at": at, "wounds": f.wounds} if f.wounds else at

        return {"round": s.round,
                "army": [{"owner": owner, "card": c.cards[k].id,
                          "figures": [spot(f) for f in s.figures if f.card == i]} for i, (k, owner) in enumerate(s.cards)]}

    def example(self) -> dict[str, Any]:
        return {
            "game": "heroscape", "players": 2, "seed": 11,
            "options": {"battlefield": "river-crossing", "points": "400"},
            "round": 1,
            "army": [{"owner": 0, "card": "syvarris", "figures": ["h6"]},
                     {"owner": 0, "card": "finn", "figures": [{"at": "g6", "wounds": 2}]},
                     {"owner": 1, "card": "grimnak", "figures": ["h8-i8"]},
                     {"owner": 1, "card": "zettian-guards", "figures": ["j8", "dead"]}],
            "turn": {"card": "syvarris", "stage": "attack"},
            "dice": ["skull", "skull", "blank", "shield", "blank", "blank", "blank"],
        }
