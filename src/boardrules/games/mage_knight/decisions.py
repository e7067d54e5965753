"""The turn as small decisions (facts 5.2-5.7): at each moment the few legal actions, each with a
text form, applied by calling the stage 3b rule functions.

A card play is a short sequence: ``play CARD HOW`` (basic, powered, or sideways as move,
influence, attack or block), then ``choose N`` when the side offers a choice, then one ``pay
COLOUR SOURCE`` per mana of its cost (``die N``, ``token``, ``crystal``). An action is offered
only when some way of finishing it is legal, found by trying the rule on a copy: the rules stay
in the rule modules, and a refusal always names the rule that refuses.
"""

from __future__ import annotations

import itertools
from typing import Any

from ...engine import Action, Decision, Event, IllegalActionError, shared_action
from .combat import apply_combat, combat_decision
from .content import Tables
from .deck import WOUND
from .exploring import explore, next_to, open_positions
from .game_state import BASIC, GameState
from .hexmap import Hex, neighbours
from .mana import mana_sources
from .movement import assault_needed, move, move_refusal
from .offers import level_up_reward, take_reward
from .playing import SIDEWAYS, play_card
from .rounds import choose_tactic, tactic_picker
from .sites import (
    burn_monastery,
    buy_healing,
    buy_monastery_advanced_action,
    buy_spell,
    challenge,
    enter_site,
    pay_altar,
    plunder,
    recruit,
    start_movement_combat,
)
from .turn import announce_end_of_round, end_turn, must_announce, rest

HOWS = ("basic", "powered", *SIDEWAYS)
END_TURN = shared_action("end-turn")
ANNOUNCE = shared_action("announce")
ENTER = shared_action("enter")
PLUNDER = shared_action("plunder")
BURN = shared_action("burn")
ALTAR = shared_action("altar")


class MKState:
    """A game of Mage Knight: the map's ``GameState`` plus the decision layer: the heroes, the
    card play being put together (``play``: [card, how, option, mana...]), and the engine's
    counters."""

    __slots__ = ("g", "heroes", "num_players", "rounds", "turn_begun", "seat", "play", "over", "decisions", "turn",
                 "cached")

    def __init__(self, g: GameState, heroes: list[str], rounds: int) -> None:
        self.g = g
        self.heroes = heroes
        self.num_players = len(heroes)
        self.rounds = rounds
        self.turn_begun = False
        self.seat = -1  # the current turn's place in the Round Order
        self.play: list[Any] = []
        self.over = False
        self.decisions = 0
        self.turn = 0
        self.cached: Decision | None = None

    @property
    def rng(self) -> Any:
        return self.g.rng

    @rng.setter
    def rng(self, value: Any) -> None:
        self.g.rng = value

    def clone(self) -> MKState:
        m = MKState.__new__(MKState)
        m.g, m.heroes, m.num_players, m.rounds = self.g.clone(), self.heroes, self.num_players, self.rounds
        m.turn_begun, m.seat, m.play, m.over = self.turn_begun, self.seat, self.play[:], self.over
        m.decisions, m.turn, m.cached = self.decisions, self.turn, None
        if m.g.combat is not None:
            m.g.combat.cached = None
        return m

    def to_json(self) -> dict[str, Any]:
        return {"game": self.g.to_json(), "heroes": self.heroes, "rounds": self.rounds, "turn_begun": self.turn_begun, "seat": self.seat,
                "play": self.play, "over": self.over, "decisions": self.decisions, "turn": self.turn}


def _h(text: str) -> Hex:
    """A space as typed in an action, ``Q:R`` (axial coordinates; one word of the action)."""
    q, r = text.split(":")
    if len(q) > 4 or len(r) > 4:
        raise ValueError(text)
    return (int(q), int(r))


def _hs(h: tuple[int, int]) -> str:
    return f"{h[0]}:{h[1]}"


def _works(fn: Any, g: GameState, *args: Any, **kw: Any) -> bool:
    """Whether the rule accepts this on a copy of the state."""
    try:
        fn(g.clone(), *args, **kw)
    except IllegalActionError:
        return False
    return True


# -- card plays ------------------------------------------------------------------------------
def _sides(t: Tables, card: str, how: str) -> int:
    c = t.card[card]
    if how == "basic":
        return len(c.basic)
    if how == "powered":
        return len(c.powered)
    return 1


def _costs(t: Tables, card: str, how: str) -> list[tuple[str, ...]]:
    """The mana colour sequences that may pay for this way of playing the card."""
    if how == "basic":
        return [tuple(t.card[card].basic_cost)]
    if how == "powered":
        return [tuple(x) for x in t.card[card].powering]
    return [()]


def _completions(t: Tables, g: GameState, player: int, play: list[Any], first: bool = False) -> list[list[Any]]:
    """The legal finished plays ([card, how, option, (colour, source)...]) extending ``play``:
    every one, or with ``first`` only the first found (whether one exists)."""
    card, how = play[0], play[1]
    options = [play[2]] if len(play) > 2 else list(range(1, _sides(t, card, how) + 1))
    paid: list[tuple[str, str]] = play[3:]
    out: list[list[Any]] = []
    for option in options:
        for cost in _costs(t, card, how):
            if len(cost) < len(paid) or any(c != p[0] for c, p in zip(cost, paid, strict=False)):
                continue
            rest_ = cost[len(paid):]
            for sources in itertools.product(*(mana_sources(g, player, c) for c in rest_)):
                full = [*paid, *zip(rest_, sources, strict=True)]
                if len(cost) != len(full):
                    continue
                if _works(lambda x, o=option, f=full: play_card(t, x, player, card, how, [], option=o,
                                                                  mana=tuple(s for _, s in f)), g):
                    out.append([card, how, option, *full])
                    if first:
                        return out
    return out


def _play_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    acts: list[Action] = []
    for card in sorted(set(g.players[player].hand) - {WOUND}):
        for how in HOWS:
            if _completions(t, g, player, [card, how], first=True):
                acts.append(shared_action("play", card, how))
    return acts


def _pending_play_actions(t: Tables, g: GameState, player: int, play: list[Any]) -> list[Action]:
    done = _completions(t, g, player, play)
    if len(play) == 2:
        return [shared_action("choose", str(o)) for o in sorted({c[2] for c in done})]
    step = len(play)
    return [shared_action("pay", c, s) for c, s in sorted({tuple(x[step]) for x in done})]


# -- the turn ----------------------------------------------------------------------------------
def _turn_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    p = g.players[player]
    acts: list[Action] = []
    if _works(lambda x: announce_end_of_round(x, player, []), g):
        if must_announce(g, player):  # facts 5.7: with no cards at all, at the start of the turn
            return [ANNOUNCE]
        acts.append(ANNOUNCE)
    if not (p.path or p.acted or p.play_area or p.rested):
        for card in sorted(set(p.hand) - {WOUND}):
            acts.append(shared_action("rest", card))
        if p.hand and not set(p.hand) - {WOUND}:
            acts.append(shared_action("rest", WOUND))
    acts += _play_actions(t, g, player)
    for h in neighbours(p.position):
        if h in g.spaces and not move_refusal(t, g, player, h)[0]:
            acts.append(shared_action("move", _hs(h)))
    for grid in open_positions(g):
        if next_to(p.position, grid) and _works(lambda x, gr=grid: explore(t, x, x.players[player], gr, []), g):
            acts.append(shared_action("explore", _hs(grid)))
    if _works(lambda x: enter_site(t, x, player, []), g):
        acts.append(ENTER)
    for h in neighbours(p.position):
        if _works(lambda x, hh=h: challenge(t, x, player, [hh], []), g):
            acts.append(shared_action("challenge", _hs(h)))
    for unit in sorted(set(g.unit_offer)):
        if _works(lambda x, u=unit: recruit(t, x, player, u, []), g):
            acts.append(shared_action("recruit", unit))
    acts += _site_actions(t, g, player)
    acts += _end_actions(t, g, player)
    return acts


def _site_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Interaction and the other site actions (facts 4.4-4.6): each offered when its rule allows."""
    tries: list[tuple[Action, Any]] = [
        (shared_action("heal", "1"), lambda x: buy_healing(t, x, player, 1, [])),
        (PLUNDER, lambda x: plunder(t, x, player, [])),
        (BURN, lambda x: burn_monastery(t, x, player, [])),
        (ALTAR, lambda x: pay_altar(t, x, player, [])),
    ]
    tries += [(shared_action("buy-spell", c), lambda x, c=c: buy_spell(t, x, player, c, [])) for c in BASIC]
    tries += [(shared_action("buy-advanced-action", c), lambda x, c=c: buy_monastery_advanced_action(t, x, player, c, []))
              for c in sorted(set(g.unit_offer_aa))]
    return [a for a, fn in tries if _works(fn, g)]


def _end_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    if _works(lambda x: end_turn(t, x, player, []), g):
        return [END_TURN]
    return [shared_action("end-turn", c) for c in BASIC if _works(lambda x, c=c: end_turn(t, x, player, [], crystal=c), g)]


def reward_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Facts 6.1, 6.2: the choices for the first pending reward."""
    p = g.players[player]
    reward = p.pending[0]
    acts: list[Action] = []
    if reward == "skill-and-advanced-action":
        pairs = [(k, a) for k in p.skill_pile[-2:] for a in g.aa_offer]
        pairs += [(k, g.aa_offer[-1]) for k in g.common_skills if g.aa_offer]
        for k, a in sorted(set(pairs)):
            if _works(lambda x, k=k, a=a: level_up_reward(t, x, player, k, a, []), g):
                acts.append(shared_action("level-up", k, a))
        return acts
    kind, _, detail = reward.partition(":")
    choices = {"spell": g.spell_offer, "advanced-action": [] if detail else g.aa_offer,
               "artifact": g.artifact_deck[-2:], "unit": g.unit_offer, "crystal-choice": list(BASIC)}.get(kind, [])
    for c in sorted(set(choices)) or [""]:
        if _works(lambda x, c=c: take_reward(t, x, player, reward, c, []), g):
            acts.append(shared_action("take", reward, c) if c else shared_action("take", reward))
    return acts


def drop_untakeable(t: Tables, g: GameState, player: int, events: list[Event]) -> bool:
    """Rewards that no choice can take (an empty offer) are lost (our reading); whether a
    reward is left to take."""
    p = g.players[player]
    while p.pending and not reward_actions(t, g, player):
        events.append(Event("reward-lost", f"cannot take the {p.pending[0]} reward: nothing to take", player))
        p.pending.pop(0)
    return bool(p.pending)


def forced_combat(t: Tables, g: GameState, player: int, events: list[Event]) -> None:
    """A move that provoked rampaging enemies or entered a fortified site starts its combat at
    once (facts 4.1, 5.5; ``sites.start_movement_combat``). A rival's keep with its owner there
    is player-versus-player combat, not in this stage: the move just ends there."""
    p = g.players[player]
    if g.combat is not None or p.acted or not (p.provoked or (p.moving_done and assault_needed(t, g, player, p.position))):
        return
    try:
        start_movement_combat(t, g, player, events)
    except IllegalActionError:
        p.provoked = []


def explain(t: Tables, m: MKState, a: Action) -> tuple[str, str]:
    """Why ``a`` is refused now, in the words of the rule that refuses it."""
    d = turn_decision(t, m)
    if a in d.actions:
        return "", ""
    if a.name == "play" and len(a.args) == 2 and not m.play and a.args[1] in HOWS:
        g = m.g.clone()
        card, how = a.args
        if card in t.card:
            mana = tuple((mana_sources(g, g.current, c) or ["token"])[0] for c in (_costs(t, card, how) or [()])[0])
        else:
            mana = ()
        try:
            play_card(t, g, g.current, card, how, [], mana=mana)
        except IllegalActionError as e:
            return e.reason, e.rule
    elif a.name not in ("play", "choose", "pay"):
        try:
            apply_turn_action(t, m.clone(), a, [])
        except IllegalActionError as e:
            return e.reason, e.rule
        except (IndexError, ValueError, KeyError):
            return f"{a.text!r} is not well formed", "A turn"
    return f"{a.text} is not one of the choices now: {d.prompt}", "A turn"


def turn_decision(t: Tables, m: MKState) -> Decision:
    """The question now, in a game that is not over and whose automatic steps are done."""
    g = m.g
    who = tactic_picker(g)
    if who >= 0:
        return Decision(who, "Choose a Tactic", tuple(shared_action("tactic", x) for x in g.tactics))
    player = g.current
    if g.combat is not None:
        d = combat_decision(t, g.combat)
        assert d is not None
        extra = [] if m.play else _play_actions(t, g, player)
        acts = _pending_play_actions(t, g, player, m.play) if m.play else [*d.actions, *extra]
        return Decision(player, d.prompt, tuple(acts))
    if m.play:
        return Decision(player, f"Finish playing {m.play[0]}", tuple(_pending_play_actions(t, g, player, m.play)))
    if not m.turn_begun and g.players[player].pending:
        return Decision(player, f"Take your reward: {g.players[player].pending[0]}", tuple(reward_actions(t, g, player)))
    return Decision(player, "Your turn", tuple(_turn_actions(t, g, player)))


def apply_turn_action(t: Tables, m: MKState, a: Action, events: list[Event]) -> None:
    """Apply one legal action by its rule function."""
    g = m.g
    player = tactic_picker(g)
    if player >= 0:
        choose_tactic(t, g, player, a.args[0], events)
        return
    player = g.current
    name, args = a.name, a.args
    if name == "play":
        m.play = [args[0], args[1]]
        if _sides(t, args[0], args[1]) == 1:
            m.play.append(1)
    elif name == "choose":
        m.play.append(int(args[0]))
    elif name == "pay":
        m.play.append((args[0], args[1]))
    elif g.combat is not None:
        apply_combat(t, g.combat, a, events, g.rng)
    elif name == "announce":
        announce_end_of_round(g, player, events)
    elif name == "rest":
        p = g.players[player]
        cards = [WOUND] if args[0] == WOUND else [args[0]] + [WOUND] * p.hand.count(WOUND)
        rest(g, player, cards, events)
    elif name == "move":
        move(t, g, player, _h(args[0]), events)
    elif name == "explore":
        explore(t, g, g.players[player], _h(args[0]), events)
    elif name == "enter":
        enter_site(t, g, player, events)
    elif name == "challenge":
        challenge(t, g, player, [_h(args[0])], events)
    elif name == "recruit":
        recruit(t, g, player, args[0], events)
    elif name == "heal":
        buy_healing(t, g, player, int(args[0]), events)
    elif name == "plunder":
        plunder(t, g, player, events)
    elif name == "burn":
        burn_monastery(t, g, player, events)
    elif name == "altar":
        pay_altar(t, g, player, events)
    elif name == "buy-spell":
        buy_spell(t, g, player, args[0], events)
    elif name == "buy-advanced-action":
        buy_monastery_advanced_action(t, g, player, args[0], events)
    elif name == "end-turn":
        end_turn(t, g, player, events, crystal=args[0] if args else "")
        m.turn_begun = False
    elif name == "take":
        take_reward(t, g, player, args[0], args[1] if len(args) > 1 else "", events)
    elif name == "level-up":
        level_up_reward(t, g, player, args[0], args[1], events)
    else:
        raise IllegalActionError(f"unknown action {a.text!r}", "A turn")
    if m.play and len(m.play) >= 3:
        card, how = m.play[0], m.play[1]
        if _finished(t, m):
            paid = m.play[3:]
            play = m.play
            m.play = []
            play_card(t, g, player, card, how, events, option=play[2], mana=tuple(s for _, s in paid))


def _finished(t: Tables, m: MKState) -> bool:
    paid = len(m.play) - 3
    return any(len(c) == paid for c in _costs(t, m.play[0], m.play[1]))


__all__ = ["MKState", "apply_turn_action", "drop_untakeable", "explain", "forced_combat", "reward_actions", "turn_decision"]
