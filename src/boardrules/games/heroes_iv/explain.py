"""Why an action is refused, in a player's words, naming the rule it breaks: first whether the game
has such an action and whether its words are right, then whether it belongs to this moment, then
the rule that forbids it (found by trying the action on a copy of the state: the rule functions
raise the refusal themselves)."""

from __future__ import annotations

from ...engine import Action, Decision, IllegalActionError
from . import decisions
from .battle_explain import KNOWN as BATTLE_ACTIONS
from .battle_rules import R_ROUND, R_SETUP
from .battle_setup import SETUP_ACTIONS
from .content import Content
from .state import H4State

# per action: how it is written, the moments it belongs to, when that is, the rule
USAGE = {
    "attach": ("attach A:B", ("build",), "map sections are attached at set-up", "Setting Up"),
    "start": ("start HEX", ("start",), "Army Stacks are placed at set-up, once the map is built", "Setting Up"),
    "buy": ("buy CARD hand|adventure HEX", ("purchase",), "cards are bought in your Purchase Sequence",
            "Purchase Sequence"),
    "pay": ("pay CARD", ("pay",), "you pay once you have chosen a card to buy", "Purchase Sequence"),
    "move": ("move MARKER HEX", ("move",), "stacks move in your Movement Sequence", "Movement"),
    "split": ("split MARKER CARD", ("move",), "stacks split at the start of your Movement Sequence", "Splitting"),
    "join": ("join MARKER MARKER", ("move",), "stacks join in your Movement Sequence", "Joining"),
    "give": ("give MARKER MARKER CARD", ("move",), "stacks swap cards in your Movement Sequence", "Joining"),
    "formup": ("formup HEX", ("move",), "stacks form up in your Movement Sequence", "Forming Up"),
    "claim": ("claim MARKER [HERO]", ("move",), "spaces are claimed in your Movement Sequence",
              "Defining Locations"),
    "end": ("end", ("move",), "you end your turn after the Movement Sequence", "Movement"),
    "define": ("define HEX CARD hand|adventure|aside", ("discover",),
               "a space is defined when a stack comes within its Scouting Radius", "Defining Locations"),
    "pass": ("pass", ("discover",), "you pass on a discovery when it is offered to you", "Stolen Discovery"),
    "reinforce": ("reinforce CARD hand|adventure", ("reinforce",),
                  "the Guarding Player reinforces the Guard Stack he has just established", "Reinforcing the Guard"),
    "done": ("done", ("purchase", "reinforce"), "", ""),
}
NOW = {
    "build": ("the map is being built", "Setting Up"),
    "start": ("the Army Stacks are being placed", "Setting Up"),
    "purchase": ("it is the Purchase Sequence", "Purchase Sequence"),
    "pay": ("you are paying for a card", "Purchase Sequence"),
    "move": ("it is the Movement Sequence", "Movement"),
    "discover": ("a discovery is offered", "Defining Locations"),
    "reinforce": ("the Guarding Player may reinforce the Guard Stack", "Reinforcing the Guard"),
}
# what 'done' would finish, where it finishes nothing
NOT_DONE = {
    "build": "attach the map section: the map is built before anything else",
    "start": "place your Army Stack on an edge space",
    "pay": "pay the whole cost first, a hand card at a time",
    "move": "the Movement Sequence ends with 'end'",
    "discover": "define the space, or pass",
}
MARKER_ARGS = {"move": (0,), "split": (0,), "join": (0, 1), "give": (0, 1), "claim": (0,)}
HEX_ARGS = {"move": 1, "start": 0, "formup": 0, "define": 0, "buy": 2}


def moment(s: H4State) -> str:
    return str(s.pending[-1][0]) if s.pending else s.stage


def stolen(s: H4State) -> bool:
    """Whether the discovery offered now is another player's, to steal (Stolen Discovery)."""
    return bool(s.pending) and s.pending[-1][0] == "discover" and s.pending[-1][2] != s.pending[-1][3]


def explain(c: Content, s: H4State, d: Decision | None, a: Action) -> tuple[str, str]:
    if d is None:
        return ("the game is over", "Winning")
    now = moment(s)
    what, now_rule = NOW[now]
    if stolen(s):
        what, now_rule = "another player's discovery is offered to you", "Stolen Discovery"
    usage = USAGE.get(a.name)
    if usage is None and a.name in BATTLE_ACTIONS:
        return (f"{a.name!r} is a battle action, and there is no battle now: battles are fought when an Army "
                f"Stack enters a space held by enemies or Guards; now {what}",
                R_SETUP if a.name in SETUP_ACTIONS else R_ROUND)
    if usage is None:
        return (f"there is no action {a.name!r} in Heroes IV (actions: {', '.join(USAGE)})", now_rule)
    form, moments, when, rule = usage
    if a.name == "define" and stolen(s):
        rule = "Stolen Discovery"
    want = len(form.split()) - 1
    optional = form.count("[")
    if not want - optional <= len(a.args) <= want:
        return (f"write it as '{form}'", rule or now_rule)
    if now not in moments:
        if a.name == "done":
            return (f"{NOT_DONE[now]}; now {what}", now_rule)
        return (f"{when}; now {what}", now_rule)
    problem = _bad_words(c, s, a)
    if problem:
        return (problem, rule or now_rule)
    if decisions.decider(s) != d.player:  # pragma: no cover - the decider is always the one asked
        return ("it is not your decision", now_rule)
    trial = s.clone()
    try:
        decisions.apply(c, trial, a, [])
    except IllegalActionError as exc:
        return (exc.reason, exc.rule)
    except (ValueError, KeyError, IndexError, AssertionError):
        return (f"{a.text!r} names nothing that can do this now", rule or now_rule)
    return (f"{a.text} is not possible now", rule or now_rule)


def _number(word: str) -> bool:
    """A plain number a player may type (ASCII digits, not thousands of them)."""
    return word.isascii() and word.isdigit() and len(word) <= 6


def _bad_words(c: Content, s: H4State, a: Action) -> str:
    for i in MARKER_ARGS.get(a.name, ()):
        word = a.args[i]
        if not _number(word):
            return f"{word!r} is not an Army Marker's number"
        army = s.army(int(word))
        if army is None:
            return f"no Army Stack has marker {word}"
        if army.owner != decisions.decider(s):
            return f"Army Stack {word} is not yours"
    if a.name == "join" and int(a.args[0]) > int(a.args[1]):  # one action a pair: the lower marker stays
        return f"write it as 'join {a.args[1]} {a.args[0]}': the stack with the lower marker takes the other in"
    h = HEX_ARGS.get(a.name)
    if h is not None and h < len(a.args):
        word = a.args[h]
        n = len(s.board) if s.board is not None else 0
        if not _number(word) or int(word) >= n:
            return f"{word!r} is not a hex of the map (0 to {n - 1})"
        if a.name == "define" and int(word) != s.pending[-1][1]:
            return f"the discovery offered now is the space at hex {s.pending[-1][1]}"
    if a.name == "attach":
        parts = a.args[0].split(":")
        if len(parts) != 2 or not all(_number(p.removeprefix("-")) for p in parts):
            return f"{a.args[0]!r} is not a slot: write it as A:B"
    for word in a.args:
        if a.name in ("buy", "pay", "split", "give", "define", "reinforce", "claim") and not _number(word) \
                and word not in ("hand", "adventure", "aside"):
            try:
                c.card(word)
            except KeyError:
                return f"there is no card {word!r}"
    return ""


