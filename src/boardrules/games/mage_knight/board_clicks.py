"""Which pieces of Mage Knight's drawn board (``scene.py``) choose each action, and why a piece
chooses nothing now.

A click on a card of the hand plays it (its ways of play, resting with it, or the step of a play
that names it, are the page's menu when several share the card); on a space, the hero moves
there; on an unexplored tile position, it is explored; on the enemies of a space, they are
challenged; on a Unit on offer, it is recruited; on one of the hero's Units, it is activated (its
abilities are the menu); on a die of the Source, the die is taken (or re-rolled, or pays); on a
Tactic, it is taken or used; on an enemy of the combat, it is targeted, blocked or its damage
assigned. The rest have a button (``scene.BUTTONS``): the end of the turn, a site's actions, the
combat's phases, the options of a card (``choose N``), and "other" for any word left.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from ...engine import Action, Decision
from .map.hexes import Hex

# the actions naming a card of the hand as their first word
CARD_ACTIONS = ("rest", "play", "power", "throw", "discard", "shed", "rethink", "meditate", "offer", "prepare",
                "harvest", "return", "return-discard", "keep", "sideways", "card", "deck")
# ... a card on offer (learnt, bought; a reward's card is its second word)
OFFER_ACTIONS = ("learn", "buy-advanced-action")
# ... one of the hero's Units, by its label
OWN_ACTIONS = ("activate", "ready", "disband", "banner", "unit", "heal-unit", "coerce")
# ... an enemy of the combat, by its number (``2`` or an attack of it, ``2.1``)
ENEMY_ACTIONS = ("target", "untarget", "enemy", "also", "block", "spend-move", "assign")
# the button of each action word with no piece on the board (scene.BUTTONS; else "other")
BUTTON_OF = {
    "end-turn": "end-turn", "end-turn-discard": "end-turn", "announce": "announce", "enter": "enter",
    "plunder": "plunder", "burn": "burn", "altar": "altar", "heal": "heal", "buy-spell": "buy",
    "buy-artifact": "buy", "elite-unit": "buy", "buy-advanced-action": "buy", "next": "next", "resolve": "resolve",
    "confirm": "confirm", "back": "back", "choose": "choose", "terrain": "choose", "wound": "choose",
    "participate": "choose", "spend": "choose", "pay": "choose", "colour": "colour", "take": "take",
    "level-up": "level-up", "attack": "attack", "attack-hero": "attack", "block": "block",
}
DONE = "done"


def _piece(a: Action) -> str:
    """The key of the piece ``a`` names, before checking that the board shows it ("" if none)."""
    name, args = a.name, a.args
    first = args[0] if args else ""
    if first == DONE:
        return "button:done"
    if not args:
        return ""
    if name in CARD_ACTIONS:
        return f"card:{first}"
    if name in OFFER_ACTIONS:
        return f"offer:{first}"
    if name == "take" and len(args) > 1:
        return f"offer:{args[1]}"
    if name in ("tactic", "use-tactic"):
        return f"tactic:{first}"
    if name == "skill":
        return f"skill:{first}"
    if name == "recruit":
        return f"unit:{first}"
    if name in OWN_ACTIONS:
        return f"own:{first}"
    if name in ("die", "reroll"):
        return f"die:{first}"
    if name == "pay" and len(args) > 1 and args[1].startswith("die-"):
        return f"die:{args[1][4:]}"
    if name == "move":
        return f"space:{first}"
    if name == "explore":
        return f"tile:{first}"
    if name in ("challenge", "scout"):
        return f"token:{first}"
    if name in ENEMY_ACTIONS:
        return f"enemy:{first.split('.')[0]}"
    return ""


def _button(a: Action) -> str:
    return f"button:{BUTTON_OF.get(a.name, 'other')}"


def action_keys(d: Decision, keys: Collection[str]) -> tuple[tuple[str, ...], ...]:
    """For each action: the piece it names when the decider's board (``keys``) shows it (a
    challenge's space when its enemies are not drawn there), else its button. Never an empty
    path: every action can be chosen on the board, the list stays too."""
    out: list[tuple[str, ...]] = []
    for a in d.actions:
        key = _piece(a)
        if key.startswith("token:") and key not in keys:
            key = "space:" + key[6:]
        out.append((key if key in keys else _button(a),))
    return tuple(out)


# the buttons whose word is an action the rules can refuse by itself (the others name a step)
REFUSED_BUTTONS = ("end-turn", "announce", "enter", "plunder", "burn", "altar", "next", "resolve")


def refused_action(key: str) -> Action | None:
    """The action the rules are asked to refuse for a piece that chooses nothing now: a card's
    basic play, a Unit's recruiting, a Tactic, an exploration, a move, an Advanced Action
    learnt, a button's word."""
    kind, _, ident = key.partition(":")
    if kind == "card":
        return Action("play", (ident, "basic"))
    if kind == "unit":
        return Action("recruit", (ident,))
    if kind == "tactic":
        return Action("tactic", (ident,))
    if kind == "tile":
        return Action("explore", (ident,))
    if kind == "space":
        return Action("move", (ident,))
    if kind == "offer":
        return Action("learn", (ident,))
    if kind == "button" and ident in REFUSED_BUTTONS:
        return Action(ident)
    return None


WHY = {"token": "these enemies are fought by moving onto their space, or challenged from next to them",
       "die": "no die of the Source is taken now",
       "own": "none of your Units is chosen now",
       "skill": "no skill is used now",
       "enemy": "this enemy is not chosen now (it may be defeated, or blocked, or out of this phase)",
       "button": "not a choice now"}


def _far(key: str, here: Hex | None) -> bool:
    """A space more than two steps from the hero: every rule refuses a move there alike (one
    space at a time; two with Space Bending), so one refusal stands for all of them."""
    if here is None or not key.startswith("space:"):
        return False
    q, r = (int(x) for x in key[6:].split(":"))
    dq, dr = q - here[0], r - here[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2 > 2


def why_not(d: Decision | None, key: str, explain: Callable[[Action], str], memo: dict[str, str],
            here: Hex | None) -> str | None:
    """Why ``key`` chooses nothing now: the rules' refusal of what it would stand for, else a
    plain word on what the piece is for. ``memo`` keeps the refusals of this decision (the page
    asks for every piece at each drawing), ``here`` is where the deciding hero stands."""
    if d is None:
        return "the game is over"
    slot = "space:far" if _far(key, here) else key
    if slot in memo:
        return memo[slot]
    action = refused_action(key)
    why = explain(action) if action is not None else WHY.get(key.partition(":")[0], "")
    memo[slot] = why
    return why or None
