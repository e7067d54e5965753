"""A moment for the other players to answer during a turn: the skills usable on other players'
turns (facts 3.5: "Motivation may also be used on other players' turns"), and the questions an
interactive Spell asks the others in the middle of a turn (``GameState.asked``: Mind Read).

When a turn begins, each other player who may use such a skill now is asked in turn (in seat
order after the player whose turn it is): the decision names them (``Decision.player``), as a
combat between heroes names its defender. They answer ``skill ID`` or ``next`` (nothing now).
What they do is in sight of everyone (a skill token flipped, cards drawn face down), so nothing
new is hidden: only the count of their hand changes.
"""

from __future__ import annotations

from ....engine import Action, Event, IllegalActionError, shared_action
from ..cards.mana import return_tokens
from ..content import Tables
from ..game_state import DUMMY, GameState
from ..knowledge.seen import hand_shown, seen_in_hand
from ..map.exploring import space
from ..skills.using import motivation_waits, use_skill
from ..units.outside_combat import UPKEEP, UPKEEP_RULE, upkeep, upkeep_actions

RULE = "Using Skills"
MOTIVATION = "-motivation"  # every hero's Motivation: usable on other players' turns


def answer_skills(t: Tables, g: GameState, player: int, current: int | None = None) -> list[str]:
    """The skills ``player`` may use now on another player's turn (``current``'s, by default
    ``g.current``; ``DUMMY`` before the Dummy player's turn): a Motivation not yet used this
    round, outside a combat."""
    if player == (g.current if current is None else current) or g.combat is not None or g.pvp is not None:
        return []
    p = g.players[player]
    if motivation_waits(p):  # facts 3.5: no other Motivation until the end of your next turn
        return []
    return [k for k in p.skills if k.endswith(MOTIVATION) and k not in p.skills_used]


def may_plunder(t: Tables, g: GameState, player: int, current: int | None = None) -> bool:
    """VILLAGE "Plundering": ``player`` stands on a village during another player's turn
    (``current``'s, as for ``answer_skills``) and has not plundered since their own last turn
    (``sites.plunder`` applies it)."""
    if player == (g.current if current is None else current) or g.combat is not None or g.pvp is not None:
        return False
    p = g.players[player]
    sp = space(t, g, p.position)
    return sp is not None and sp.site == "village" and not p.plundered_since_my_turn


def answer_window(t: Tables, g: GameState, current: int) -> tuple[int, ...]:
    """The players asked when ``current``'s turn begins: those with a skill to use now, and
    those on a village who may plunder it (VILLAGE "Plundering": "during another player's
    turn"; asked as it begins, rules-choices.md). Before the Dummy player's turn (``current`` is
    ``DUMMY``) every hero is another player, asked in seat order."""
    n = len(g.players)
    others = range(n) if current == DUMMY else ((current + k) % n for k in range(1, n))
    return tuple(i for i in others if answer_skills(t, g, i, current) or may_plunder(t, g, i, current))


def answer(t: Tables, g: GameState, player: int, skill: str, events: list[Event], current: int | None = None) -> None:
    """``player`` uses ``skill`` on another player's turn (``current``'s, as for ``answer_skills``).
    A mana token it gives is gone at once: tokens last until the end of the turn, and this turn is
    another's (rules-choices.md)."""
    if skill not in answer_skills(t, g, player, current):
        raise IllegalActionError(f"{skill} is not a skill you can use on another player's turn now", RULE)
    use_skill(t, g, player, skill, events, others_turn=True)
    if any(g.players[player].mana.values()):
        return_tokens(g.players[player])
        events.append(Event("mana-lost", "the mana token is lost: it is another player's turn", player))


# ---- questions asked in the middle of a turn (GameState.asked) ---------------------------------
SPELLS = "Spells"
MIND_READ, MIND_STEAL = "mind-read", "mind-steal"
ACTION_KINDS = ("basic", "hero", "advanced", "spell")  # "a Spell or Action card"


def mind_read_fits(t: Tables, g: GameState, player: int, colour: str) -> list[str]:
    """The Spell and Action cards of ``colour`` in ``player``'s hand, each once."""
    return sorted(x for x in set(g.players[player].hand)
                  if x in t.card and colour in t.card[x].colours and t.card[x].kind in ACTION_KINDS)


def ask_mind_read(t: Tables, g: GameState, caster: int, colour: str, steal: bool, events: list[Event]) -> None:
    """Mind Read (facts 3.2): each other player, in seat order from the next, is asked to discard a
    Spell or Action card of ``colour`` (their choice), or shows a hand with none (at once); Mind
    Steal then asks the caster whether to keep one of the Action cards discarded."""
    n = len(g.players)
    asks = []
    for other in ((caster + k) % n for k in range(1, n)):
        if mind_read_fits(t, g, other, colour):
            asks.append((other, MIND_READ, colour))
        else:
            hand = sorted(g.players[other].hand)  # shown to everyone (knowledge/seen.py)
            events.append(Event("hand-shown", f"shows a hand with no {colour} Spell or Action card: "
                                f"{', '.join(t.card[c].name if c in t.card else c for c in hand) or 'no card'}",
                                other, {"colour": colour, "hand": hand}))
            hand_shown(g, other)
    if steal and asks:
        asks.append((caster, MIND_STEAL, ""))
    g.asked = (*g.asked, *asks)


def asked_decision(t: Tables, g: GameState) -> tuple[int, str, list[Action]]:
    """The player asked now, the question and its answers."""
    who, what, detail = g.asked[0]
    if what == UPKEEP:  # Magic Familiars (units/outside_combat.py)
        return who, f"A new round: pay a crystal to keep {detail} (colour C), or disband them", \
            upkeep_actions(g, who, detail)
    if what == MIND_READ:
        return who, f"Mind Read: discard a {detail} Spell or Action card", \
            [shared_action("discard", x) for x in mind_read_fits(t, g, who, detail)]
    cards = sorted({x.partition(":")[2] for x in detail.split(",")})
    return who, "Mind Steal: keep one of the Action cards discarded, or next", \
        [*(shared_action("keep", x) for x in cards), shared_action("next")]


def asked_rule(g: GameState) -> str:
    """The rule the question asked now comes from."""
    return UPKEEP_RULE if g.asked[0][1] == UPKEEP else SPELLS


def answer_asked(t: Tables, g: GameState, a: Action, events: list[Event]) -> None:
    """The player asked answers (``asked_decision``)."""
    who, what, detail = g.asked[0]
    if what == UPKEEP:
        upkeep(t, g, who, detail, a, events)
        g.asked = g.asked[1:]
    elif what == MIND_READ:
        if a.name != "discard" or len(a.args) != 1 or a.args[0] not in mind_read_fits(t, g, who, detail):
            raise IllegalActionError(f"Mind Read: discard a {detail} Spell or Action card of your hand "
                                     f"({', '.join(mind_read_fits(t, g, who, detail))})", SPELLS)
        card = a.args[0]
        q = g.players[who]
        q.hand.remove(card)
        q.discard.append(card)
        events.append(Event("discarded", f"discards {t.card[card].name} (Mind Read)", who, {"card": card}))
        asked = list(g.asked[1:])
        if t.card[card].kind != "spell":  # an Action card Mind Steal may keep
            k = next((i for i, x in enumerate(asked) if x[1] == MIND_STEAL), -1)
            if k >= 0:
                mark = f"{who}:{card}"
                asked[k] = (asked[k][0], MIND_STEAL, f"{asked[k][2]},{mark}" if asked[k][2] else mark)
        g.asked = tuple(asked)
    else:
        marks = [x.partition(":") for x in detail.split(",")]
        if a.name == "keep" and len(a.args) == 1 and (k := next((i for i, m in enumerate(marks) if m[2] == a.args[0]),
                                                                -1)) >= 0:
            owner = int(marks[k][0])
            g.players[owner].discard.reverse()
            g.players[owner].discard.remove(a.args[0])  # the copy discarded last
            g.players[owner].discard.reverse()
            g.players[who].hand.append(a.args[0])
            seen_in_hand(g, who, [a.args[0]])  # kept in sight of everyone
            events.append(Event("gained", f"keeps {t.card[a.args[0]].name} (Mind Steal)", who, {"card": a.args[0]}))
        elif a.name != "next":
            raise IllegalActionError("Mind Steal: keep one of the Action cards discarded (keep CARD), or next", SPELLS)
        g.asked = g.asked[1:]
    while g.asked and g.asked[0][1] == MIND_STEAL and not g.asked[0][2]:  # no Action card to keep
        g.asked = g.asked[1:]


__all__ = ["ask_mind_read", "asked_decision", "asked_rule", "answer", "answer_asked", "answer_skills", "answer_window"]
