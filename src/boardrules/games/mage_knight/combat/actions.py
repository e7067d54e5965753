"""A combat action taken: checked against the combat's decision, refused with the rule it breaks
(``combat/explain.py``) or played (``phases.py``). It sits above both, which read the same rules."""

from __future__ import annotations

from ....engine import Action, Event, IllegalActionError, Rng
from ..content import Tables
from .decision import combat_decision
from .explain import explain
from .phases import play_combat_action
from .state import Combat


def apply_combat(t: Tables, c: Combat, action: Action, events: list[Event], rng: Rng) -> None:
    """Apply a legal action; refuse any other with the rule it breaks."""
    d = combat_decision(t, c)
    if d is None or action not in d.actions:
        reason, rule = explain(t, c, action)
        raise IllegalActionError(reason, rule)
    play_combat_action(t, c, action, events, rng)


__all__ = ["apply_combat"]
