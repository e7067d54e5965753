"""The sequence of play between decisions (facts 5.2-5.8): after each action, the steps that
need no choice, in the rulebook's order. A combat between heroes or with enemies that is over
ends; the Dummy player's turn runs once the heroes asked have answered; a forfeited turn ends; the
others are challenged to join a combat, or a forced combat begins (RB Combat 2c); the turn's
rewards are taken, then the discarding and drawing (facts 5.7 steps 5-6); the end of the game is
scored; a new round begins; the next player in the Round Order takes a turn. Each step is a rule
of the modules below; this one only orders them.
"""

from __future__ import annotations

from ....engine import Action, Event
from ..actions.combat_starts import JOIN, forced_combat, joining_offered
from ..actions.legal_actions import drop_untakeable
from ..actions.only_answer import announce, only_answer
from ..actions.turn import apply_turn_action, turn_decision
from ..cards.deck import WOUND
from ..content import Tables
from ..game_state import DUMMY, MKState
from ..pvp.combat import finish_pvp
from ..sites.site_combats import finish_combat
from ..units.outside_combat import ask_upkeep
from .answers import answer_window
from .dummy import dummy_skill_to_offer, dummy_turn
from .new_round import begin_round, tactic_picker
from .scenarios import Scenario, may_take_turn, tiles_revealed
from .scoring import end_of_game
from .turn import end_turn, skips_turn, start_turn


def take_action(t: Tables, m: MKState, sc: Scenario, action: Action, events: list[Event]) -> None:
    """One decision's action, with what it changes for the round and the scenario: the Tactic a
    player took recorded (the balance report compares them), the skills the heroes gained offered
    to the Dummy player (facts 5.8), and the tiles revealed, which may end the scenario."""
    g = m.g
    grids = set(g.tiles)
    picker = tactic_picker(g) if not (m.play or g.asked) else -1  # (not Mana Steal's die, chosen after)
    player = g.current if picker < 0 else -1
    skills = sum(len(p.skills) for p in g.players) if g.dummy is not None else 0
    apply_turn_action(t, m, action, events)
    if picker >= 0:  # the balance report compares Tactics
        g.players[picker].tactics_taken.append(g.players[picker].tactic)
    if m.g.dummy is not None and (gained := sum(len(p.skills) for p in m.g.players) - skills) > 0:
        dummy_skill_to_offer(m.g, gained, events)
    if player >= 0 and len(m.g.tiles) > len(grids):
        tiles_revealed(t, m.g, sc, player, set(m.g.tiles) - grids, events)


def advance(t: Tables, m: MKState, sc: Scenario, events: list[Event]) -> None:
    """The steps that need no choice, until the next decision or the end of the game; a question
    with one answer where stopping loses nothing is answered at once, and said (issue 24,
    ``actions/only_answer.py``)."""
    while True:
        _steps(t, m, sc, events)
        if m.over:
            return
        d = turn_decision(t, m)
        a = only_answer(t, m, d)
        if a is None:
            m.cached = d  # (the question now: the engine asks it next)
            return
        events.append(announce(t, m, d, a))
        take_action(t, m, sc, a, events)


def _steps(t: Tables, m: MKState, sc: Scenario, events: list[Event]) -> None:
    """The rulebook's steps between decisions, in order, until a player must choose."""
    g = m.g
    while True:
        if g.pvp is not None:  # a combat between heroes: its answers first, then its end
            if g.pvp.phase != "over":
                return
            finish_pvp(t, g, events)
            continue
        if g.combat is not None and g.combat.phase == "over" and not m.play:
            finish_combat(t, g, events)
            continue
        if g.combat is not None or m.play or tactic_picker(g) >= 0:
            return
        if m.dummy_pending:  # its turn runs once the heroes asked have answered
            if m.answering:
                return
            m.dummy_pending = False
            dummy_turn(t, g, events)
            continue
        if m.turn_begun:
            if g.players[g.current].forfeited:  # facts 5.7; RB "If you forfeit your turn, your turn ends immediately"
                if m.answering:  # (the others' answers as it begins come first)
                    return
                end_turn(t, g, g.current, events)
                m.turn_begun = False
                continue
            if joining_offered(t, g, g.current):  # others to challenge to join first (RB Combat 2c)
                m.play = [JOIN, "joining"]
                return
            forced_combat(t, g, g.current, events)
            if g.combat is not None and g.combat.phase == "over":
                continue
            return
        if m.turn > 0 and drop_untakeable(t, g, g.current, events):
            return  # the rewards of the turn just ended are taken first (facts 5.7 step 5)
        if g.players[g.current].draw_waits:  # then step 6: discarding and drawing
            p = g.players[g.current]
            if p.forfeited or all(c == WOUND for c in p.hand):  # nothing to choose: drawn at once
                end_turn(t, g, g.current, events)
                continue
            return
        if end_of_game(t, g, sc, m.rounds, events):
            m.over = True
            return
        if g.round_over:
            begin_round(t, g, events)
            ask_upkeep(t, g, events)  # Magic Familiars: their owners answer first (units/outside_combat.py)
            m.seat = -1
            continue
        nxt = next_player(m)
        if g.end_triggered:
            g.last_turns = tuple(i for i in g.last_turns if i != nxt)  # this is their last turn
        if nxt == DUMMY:  # the heroes may answer first: it is another player's turn (VILLAGE "Plundering")
            m.answering = answer_window(t, g, DUMMY)
            m.dummy_pending = True
            continue
        if skips_turn(g, nxt, events):  # a defender who took part fully in a combat between heroes
            continue
        m.turn += 1
        start_turn(t, g, nxt, events)
        m.turn_begun = True
        m.answering = answer_window(t, g, nxt)  # the others who may answer as it begins
        if g.players[nxt].forfeited:  # no cards at all after an announcement: it ends at once (above)
            continue
        return


def next_player(m: MKState) -> int:
    """Facts 5.3: turns follow the Round Order, round after round of turns; after an
    announcement, or once the game's end is triggered, only the players with a last turn to
    take play."""
    g = m.g
    order = g.round_order
    if g.extra_turn and 0 <= m.seat < len(order):
        g.extra_turn = False  # The Right Moment: the same player again,
        if may_take_turn(g, order[m.seat]):  # unless the round's or the game's end came meanwhile
            return order[m.seat]
    for _ in range(len(order)):
        m.seat = (m.seat + 1) % len(order)
        if may_take_turn(g, order[m.seat]):
            break
    return order[m.seat]


__all__ = ["advance", "next_player", "take_action"]
