"""What a label is worked out from: the content, the state, the decider and the play in
progress (``MKState.play``: the subject, how it is played, the steps answered so far). A label
reads only what the decider may know: the public board, the combat, the Source and the offers,
their own hand, Units, crystals and tokens."""

from __future__ import annotations

from typing import Any

from ..actions.play_steps import _answers
from ..content import Tables
from ..game_state import MKState, PlayerState, labels_of


class Ctx:
    """One decision's labelling: ``play`` the pending play ([] when none) and ``got`` its answered
    steps by word."""

    __slots__ = ("t", "m", "g", "player", "play", "got", "paid")

    def __init__(self, t: Tables, m: MKState, player: int) -> None:
        self.t, self.m, self.g, self.player = t, m, m.g, player
        self.play: list[Any] = list(m.play) if m.play else []
        got, paid = _answers(self.play) if self.play else ({}, [])
        self.got: dict[str, str] = got
        self.paid: list[tuple[str, str]] = paid

    @property
    def p(self) -> PlayerState:
        return self.g.players[self.player]

    def name(self, ident: str) -> str:
        """The printed name of a card, Unit, skill, Tactic or enemy named by its id."""
        t = self.t
        for table in (t.card, t.unit, t.skill, t.tactic, t.enemy):
            if ident in table:
                return str(table[ident].name)
        return ident

    def unit_of(self, label: str, player: int | None = None) -> str:
        """The Unit id behind a label of the player's Units (``peasants-2``), "" if none."""
        q = self.g.players[self.player if player is None else player]
        labels = labels_of(q)
        return q.units[labels.index(label)][0] if label in labels else ""
