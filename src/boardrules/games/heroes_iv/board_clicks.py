"""Which elements of Heroes IV's drawn board (scene.py) choose each action, and why one cannot.

On the map: a free slot attaches the section; an edge hex places the Army Stack; an Army Stack
then a hex moves it there (its own hex: it claims the space it stands on, or a Hero of it claims
the Artifact there: the page asks which); an Army Stack then one of its cards splits that card
off; an Army Stack then another on its hex joins them, or then a card of the first gives it; a
held space's hex forms up the Units under it. A card of the hand or the Adventure Stack is
bought at a Town or Dwelling by the card then the market's hex, paid from the hand, or defines
the space discovered (the cards kept aside too), or reinforces the Guard Stack. In a battle: the
line a stack goes to in the Tactical Setup (deploying or spreading it: the page asks which);
the stack to act; its target (the enemy stack, each of several for a multi-target creature, the
Town card), or the own stack it supports; the Protecting stack then the stack it shields; the
stack moved up. Every other action is a button.
"""

from __future__ import annotations

from ...engine import Action, Decision
from . import battle_explain
from .content import Content
from .decisions import markets
from .explain import NOW, explain, moment
from .state import H4State

BUTTONS = ("end", "done", "pass", "swarm", "protect", "stack", "no-shield", "fight-on", "withdraw", "surrender")
ACTING = ("attack", "swarm", "protect", "support")


def action_keys(s: H4State, d: Decision) -> tuple[tuple[str, ...], ...]:
    """For each action of ``d``, the board keys that choose it, in click order."""
    actors = {a.args[0] for a in d.actions if a.name in ACTING}
    one_actor = len(actors) == 1  # the stack acting is known: a click goes straight to its target
    out: list[tuple[str, ...]] = []
    for a in d.actions:
        name, args = a.name, a.args
        if name in BUTTONS and (name not in ("swarm", "protect") or one_actor):
            out.append((f"button:{name}",))
        elif name == "attach":
            out.append((f"slot:{args[0]}",))
        elif name in ("start", "formup"):
            out.append((f"hex:{args[0]}",))
        elif name == "move":
            out.append((f"army:{args[0]}", f"hex:{args[1]}"))
        elif name == "claim":
            army = s.army(int(args[0]))
            out.append((f"army:{args[0]}", f"hex:{army.hex}") if army is not None else ())
        elif name == "split":
            out.append((f"army:{args[0]}", f"army-card:{args[0]}:{args[1]}"))
        elif name == "join":
            out.append((f"army:{args[0]}", f"army:{args[1]}"))
        elif name == "give":
            out.append((f"army:{args[0]}", f"army:{args[1]}", f"army-card:{args[0]}:{args[2]}"))
        elif name == "buy":
            out.append((f"{args[1]}:{args[0]}", f"hex:{args[2]}"))
        elif name == "pay":
            out.append((f"hand:{args[0]}",))
        elif name == "define":
            out.append((f"{args[2]}:{args[1]}",))
        elif name == "reinforce":
            out.append((f"{args[1]}:{args[0]}",))
        elif name in ("deploy", "spread"):
            out.append((f"line:{args[0][0]}-{args[1]}",))
        elif name in ("act", "advance"):
            out.append((f"stack:{args[0]}",))
        elif name == "attack":
            targets = tuple(f"stack:{t.partition(':')[0]}" for t in args[1:])
            out.append(targets if one_actor else (f"stack:{args[0]}", *targets))
        elif name == "support":
            out.append((f"stack:{args[1]}",) if one_actor else (f"stack:{args[0]}", f"stack:{args[1]}"))
        elif name == "shield":
            out.append((f"stack:{args[0]}", f"stack:{args[1]}"))
        else:
            out.append(())
    return tuple(out)


def why_not(c: Content, s: H4State, d: Decision | None, key: str) -> str | None:
    """Why ``key`` chooses nothing now: the rules' refusal of the action it would stand for at
    this moment, else a sentence saying what the element is for."""
    if d is None:
        return "the game is over"
    kind, _, ident = key.partition(":")
    if s.battle is not None:
        return _in_battle(s, kind, ident)
    now = moment(s)
    what = NOW[now][0]
    if kind == "button":
        return explain(c, s, d, Action(ident))[0] if ident in ("end", "done", "pass") else None
    if kind == "slot":
        return f"map sections are attached at set-up; now {what}"
    if kind in ("hand", "adventure", "aside"):
        return _card(c, s, d, now, kind, ident, what)
    if kind == "hex":
        if now == "start":
            return explain(c, s, d, Action("start", (ident,)))[0]
        if now == "move":
            refusal = explain(c, s, d, Action("formup", (ident,)))[0]
            return f"choose one of your Army Stacks first, then where it goes (forming up here: {refusal})"
        return f"a hex is chosen to place or move an Army Stack; now {what}"
    if kind in ("army", "army-card"):
        marker = ident.partition(":")[0]
        army = s.army(int(marker)) if marker.isdigit() else None
        if army is None:
            return None
        if now != "move":
            return f"stacks move in your Movement Sequence; now {what}"
        if army.owner != d.player:
            return f"Army Stack {marker} is not yours"
        if kind == "army-card":
            return f"choose Army Stack {marker} first, then the card it splits off or gives"
        return (f"Army Stack {marker} can neither move, split, join nor claim now ({army.mp} movement points"
                + (", it has moved" if army.moved else "") + ")")
    return None


def _card(c: Content, s: H4State, d: Decision, now: str, pile: str, card: str, what: str) -> str:
    """The refusal of what a card of the viewer's would do now."""
    if now == "purchase" and pile != "aside":
        held = markets(s)
        if not held:
            return "you hold no Town or Creature Dwelling to buy at"
        return explain(c, s, d, Action("buy", (card, pile, str(held[0]))))[0]
    if now == "pay":
        if pile != "hand":
            return "a card is paid with cards from your hand"
        return explain(c, s, d, Action("pay", (card,)))[0]
    if now == "discover":
        return explain(c, s, d, Action("define", (str(s.pending[-1][1]), card, pile)))[0]
    if now == "reinforce" and pile != "aside":
        return explain(c, s, d, Action("reinforce", (card, pile)))[0]
    return f"a card is played to buy, pay, define a space or reinforce a Guard Stack; now {what}"


def _in_battle(s: H4State, kind: str, ident: str) -> str | None:
    """In a battle: its own refusal of the battle action the element stands for now."""
    b = s.battle
    assert b is not None
    step = b.step
    if kind == "button":
        if ident in ("swarm", "protect"):
            actor = b.chosen or "a1"
            return battle_explain.explain(b, Action(ident, (actor,)))[0]
        return battle_explain.explain(b, Action(ident))[0] if ident in BUTTONS else None
    if kind == "stack":
        if step == "setup":
            return "in the Tactical Setup the stack set up now goes to a line: click the line"
        if step == "advance":
            return battle_explain.explain(b, Action("advance", (ident,)))[0]
        if step == "shield":
            return "not a Protecting stack that can take this attack, nor the stack it is aimed at"
        if step == "attack":
            actor = b.chosen or ""
            if actor:
                return battle_explain.explain(b, Action("attack", (actor, ident)))[0]
            return battle_explain.explain(b, Action("act", (ident,)))[0]
        return "the round is over: fight on, withdraw or surrender"
    if kind == "line":
        return "a line is chosen in the Tactical Setup, for the stack set up" if step != "setup" else \
            "not a line this stack may go to now"
    if kind in ("army", "army-card", "hex", "slot", "hand", "adventure", "aside"):
        return f"a battle is under way at hex {s.pending[-1][1]}: finish it first"
    return None
