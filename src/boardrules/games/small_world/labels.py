"""What the player deciding is shown of each answer (``Game.action_labels``): the action's text,
then what it does with the numbers that decide. A combo on offer with its tokens, the coins on
it, what it costs and what its Power and Race do (``pick elves: Forest Elves, 10 tokens
(6 + 4); pay 2 coins, take the 1 on it. +1 coin a Forest; lose no token when conquered``); a
conquest with the Region's terrain, symbols, defenders and markers and its cost in tokens
(``conquer 12: Hill, Mine; Player 2's Elves 2; costs 4 of your 7 tokens``); a redeployment with
the tokens before and after.

A question too long for its answers to take a line each under the map of the frame (frame.py;
a first conquest can offer every Region of the map, a redeployment two answers per Region
held) gets short labels, ``conquer 12: costs 4``, short enough for the terminal to set them in
columns: the Region's land, tokens and cost are on the map above the question.

Everything here is public, or the decider's own (their coins): a label never tells what the
decider could not know, and it is worked out only for a screen, never in play.
"""

from __future__ import annotations

from ...engine import Action, Decision
from . import conquest as cq
from .queries import combo_tokens, defender_race, pname
from .state import (
    AMAZON_EXTRA,
    AMAZONS,
    ENCAMPMENTS,
    FORTRESSES,
    GHOULS,
    LOST_TRIBE,
    NOBODY,
    SPIRIT,
    SWState,
)
from .tables import Tables

SYMBOLS = {"magic": "Magic Source", "mine": "Mine", "cavern": "Cavern"}
# the lines of a 45-line screen left for the frame's map (half a line per Region) and the
# answers once the players, the legend, the combos on offer, the goal, the scores and the
# question have theirs; an answer takes a line of 120 columns, or two if its label is longer
ANSWER_ROWS = 28
LINE = 114  # a label's characters on a line of 120 columns, after its number
LONG_STAGES = ("conquer", "redeploy", "defend", "camps", "fortress", "heroes")  # the questions that can be long


def counted(n: int, what: str) -> str:
    """``1 token``, ``3 tokens``."""
    return f"{n} {what}{'' if n == 1 else 's'}"


def action_labels(t: Tables, s: SWState, d: Decision) -> tuple[str, ...]:
    """A label for each of ``d``'s actions, in order."""
    labels = tuple(f"{a.text}: {label(t, s, a)}" for a in d.actions)
    if s.stage in LONG_STAGES and long_question(t, s, labels):
        return tuple(f"{a.text}: {short_label(t, s, a)}" for a in d.actions)
    return labels


def long_question(t: Tables, s: SWState, labels: tuple[str, ...]) -> bool:
    """Whether answers with these labels, a line each (two for a long one), would not fit
    under the map of the frame: then, at the questions that can be long, they are labelled
    short, and the frame leaves out the combos on offer."""
    lines = sum(1 + len(x) // LINE for x in labels)
    return lines > ANSWER_ROWS - t.maps[s.map].n // 2


def short_label(t: Tables, s: SWState, a: Action) -> str:
    """The label of an answer to a long question (LONG_STAGES), in about 20 characters."""
    name = a.name
    if name == "place":
        r = int(a.args[0])
        race = defender_race(s, s.defenders[0]) if s.stage == "defend" else s.acting
        return counted(s.tokens[r] + (s.hand[race] if len(a.args) > 1 else 1), "token")
    if name in ("camp", "fortress", "hero"):
        return {"camp": "+1 defence", "fortress": "+1 defence", "hero": "immune"}[name]
    if name == "conquer":
        return f"costs {cq.cost(t, s, int(a.args[0]))}"
    if name == "reinforce":
        r = int(a.args[0])
        return f"die {cq.cost(t, s, r) - s.hand[s.acting]}+"
    if name == "dragon":
        return "the Dragon, 1 token"
    if name == "enchant":
        return "a Sorcerer"
    if name == "abandon":
        return f"{s.tokens[int(a.args[0])]} to hand"
    if name == "roll":
        return "Berserk's die"
    if name == "decline":
        return "into decline"
    return {"conquer": "end conquests", "camps": "no more Camps", "fortress": "no Fortress"}[s.stage]


def label(t: Tables, s: SWState, a: Action) -> str:
    stage, name = s.stage, a.name
    if stage == "pick":
        return pick_label(t, s, a)
    if stage == "defend":
        race = defender_race(s, s.defenders[0])
        return place_label(t, s, int(a.args[0]), race, len(a.args) > 1)
    if name == "done":
        return done_label(t, s)
    if name == "decline":
        return decline_label(t, s)
    if name == "roll":
        return ("Berserk: roll the reinforcement die (0 to 3) first, then choose the Region; "
                "the roll comes off its cost")
    if name == "peace":
        other = int(a.args[0]) - 1
        race = s.players[other].race
        whose = f"{pname(other)}'s active {t.races[race].name}" if race >= 0 else f"{pname(other)}'s next Race"
        return f"{whose} may not attack your active Race until your next turn"
    r = int(a.args[0])
    if name == "place":
        return place_label(t, s, r, s.acting, len(a.args) > 1)
    where = region_text(t, s, r)
    if name == "conquer":
        return f"{where}; costs {cq.cost(t, s, r)} of your {s.hand[s.acting]} tokens"
    if name == "reinforce":
        return reinforce_label(t, s, r, where)
    if name == "dragon":
        return f"{where}; the Dragon takes it with 1 token whatever defends it, then it is immune"
    if name == "enchant":
        return f"{where}; a Sorcerer from the tray replaces the lone token"
    if name == "abandon":
        return f"{where}; {counted(s.tokens[r], 'token')} back to your hand (no decline this turn)"
    if name == "camp":
        return f"{where}; +1 defence, {counted(s.camps_left - 1, 'Encampment')} left after it"
    if name == "fortress":
        return (f"{where}; +1 defence and +1 coin a turn while active "
                f"({sum(s.fortress)} of {FORTRESSES} Fortresses on the map)")
    if name == "hero":
        return f"{where}; immune to conquests and powers until your next turn"
    raise AssertionError(f"no label for {a.text!r} at {stage}")


# -- words shared by the labels ------------------------------------------------------------------
def region_text(t: Tables, s: SWState, r: int) -> str:
    """A Region as a player weighs it: terrain and symbols, then who holds it with how many
    tokens, and its markers: ``Hill, Mine; Player 2's Elves 2, Troll's Lair``."""
    m = t.maps[s.map]
    symbols = [SYMBOLS[x] for x in m.data.region[r].symbols if x in SYMBOLS]
    where = ", ".join([m.terrain[r].title(), *symbols])
    owner = s.owner[r]
    if owner == LOST_TRIBE:
        held = f"Lost Tribe ({s.tokens[r]})"
    elif owner == NOBODY:
        held = "empty"
    else:
        who = "your" if owner == s.current else f"{pname(owner)}'s"
        held = f"{who} {t.races[s.race[r]].name}{' in decline' if s.declined[r] else ''} ({s.tokens[r]})"
    markers = (["Troll's Lair"] * s.lair[r] + ["Fortress"] * s.fortress[r]
               + ([counted(s.camps[r], "Encampment")] if s.camps[r] else [])
               + ["Hole-in-the-Ground"] * s.hole[r] + ["Hero"] * s.hero[r] + (["Dragon"] if s.dragon == r else []))
    return f"{where}; {', '.join([held, *markers])}"


# -- the combos on offer -----------------------------------------------------------------------------
def pick_label(t: Tables, s: SWState, a: Action) -> str:
    if a.name == "pass":
        return "take no combo: none is left on offer"
    race = t.race_index[a.args[0]]
    i = next(k for k, m in enumerate(s.market) if m[0] == race)
    _, power, coins = s.market[i]
    n = combo_tokens(t, s, race, power)
    parts = f"{t.races[race].tokens} + {t.powers[power].tokens}" + (f" + {AMAZON_EXTRA}" if race == AMAZONS else "")
    pay = f"pay {i} coin{'s' if i != 1 else ''}" if i else "free"
    take = f", take the {coins} on it" if coins else ""
    short = t.content.short  # what the Power and the Race do, in a few words (info NAME: in full)
    does = "; ".join(x for x in (short.get(t.powers[power].id), short.get(t.races[race].id)) if x)
    return f"{t.combo_name(race, power)}, {n} tokens ({parts}); {pay}{take}. {does}"


# -- conquering ------------------------------------------------------------------------------------
def reinforce_label(t: Tables, s: SWState, r: int, where: str) -> str:
    """The final conquest: the die roll it needs, and the chance of it."""
    need, have = cq.cost(t, s, r), s.hand[s.acting]
    short = need - have
    hits = sum(1 for f in cq.DIE_FACES if f >= short)
    return f"{where}; costs {need}: your {have} and a die of {short}+ ({hits} in {len(cq.DIE_FACES)}), the last conquest"


def done_label(t: Tables, s: SWState) -> str:
    stage = s.stage
    if stage == "conquer":
        race = t.races[s.acting].name
        if s.acting != s.players[s.current].race:
            return f"end the conquests of your {race} in decline"
        return f"end your conquests; redeploy the {race} ({s.hand[s.acting]} in hand)"
    if stage == "camps":
        return f"keep the other {s.camps_left} of {ENCAMPMENTS} Encampments off the map this turn"
    if stage == "fortress":
        return "place no Fortress this turn"
    if stage == "diplomat":
        return "make peace with no one"
    p = s.players[s.current]
    return f"keep your {t.combo_name(p.race, p.power)} active"  # stout


def decline_label(t: Tables, s: SWState) -> str:
    """Going into decline: the Race that turns over, and a Race in decline that leaves the map."""
    p = s.players[s.current]
    race, power = p.race, p.power
    regions = len(s.regions_of(race))
    keep = "all their tokens stay" if race == GHOULS else f"1 token stays in each of {counted(regions, 'Region')}"
    gone = [t.races[d[0]].name for d in p.declines if (d[1] == SPIRIT) == (power == SPIRIT)]
    out = f"your {t.combo_name(race, power)} go into decline ({keep})"
    if gone:
        out += f"; your {', '.join(gone)} in decline leave the map"
    return out + ("; then you score" if s.stage == "conquer" else "")


# -- redeploying ------------------------------------------------------------------------------------
def place_label(t: Tables, s: SWState, r: int, race: int, every: bool) -> str:
    m = t.maps[s.map]
    hand = s.hand[race]
    n = hand if every else 1
    left = f"{hand - n} left in hand" if hand - n else "none left in hand"
    what = f"all {hand} tokens" if every else "1 token"
    return f"{what} to Region {r} ({m.terrain[r].title()}): {s.tokens[r]} become {s.tokens[r] + n}, {left}"
