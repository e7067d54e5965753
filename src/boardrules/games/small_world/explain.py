"""Why an action is refused, in a player's words, naming the rule it breaks: first whether
Small World has such an action and whether its words are right (a Region on this map, a Race,
a player), then whether it belongs to this moment of the turn, then the rule of this moment
that forbids it."""

from __future__ import annotations

from ...engine import Action, Decision
from ...engine.naming import quoted
from . import conquest as cq
from .queries import defender_race, pname
from .state import BERSERK, DRAGON_MASTER, SWState
from .tables import Tables

# per action: how it is written, the moments of the turn it belongs to, when that is in the
# rules' words, and the rule
USAGE = {
    "pick": ("pick RACE", ("pick",), "a combo is taken at the start of your turn, when you have no active Race",
             "Picking a Combo"),
    "pass": ("pass", ("pick",), "you pass at the start of your turn, when no combo on offer can be taken",
             "Picking a Combo"),
    "abandon": ("abandon REGION", ("conquer",),
                "Regions are abandoned while readying your troops, before your first conquest", "Ready Troops"),
    "conquer": ("conquer REGION", ("conquer",),
                "conquests are made after taking a combo or readying your troops, before redeploying",
                "Conquering Regions"),
    "reinforce": ("reinforce REGION", ("conquer",),
                  "the reinforcement die is rolled for the final conquest, while conquering", "Final Conquest"),
    "roll": ("roll", ("conquer",), "a Berserk Race rolls the reinforcement die before each of its conquests",
             "Berserk"),
    "dragon": ("dragon REGION", ("conquer",), "the Dragon attacks during your conquests", "Dragon Master"),
    "enchant": ("enchant REGION", ("conquer",), "Sorcerers enchant during their conquests", "Sorcerers"),
    "decline": ("decline", ("conquer", "stout"),
                "a Race goes into decline at the start of your turn instead of readying its troops and "
                "conquering (Stout: also after scoring)", "Entering into Decline"),
    "place": ("place REGION or place REGION all", ("redeploy", "defend"),
              "tokens are redeployed once your conquests are over ('done'), and by players who lost Regions as "
              "the final action of the turn", "Troop Redeployment"),
    "camp": ("camp REGION", ("camps",), "a Bivouacking Race places its Encampments after redeploying",
             "Bivouacking"),
    "fortress": ("fortress REGION", ("fortress",), "a Fortified Race places a Fortress after redeploying",
                 "Fortified"),
    "hero": ("hero REGION", ("heroes",), "a Heroic Race places its two Heroes after redeploying", "Heroic"),
    "peace": ("peace PLAYER", ("diplomat",), "a Diplomat names a player at peace with it at the end of its turn",
              "Diplomat"),
    "done": ("done", ("conquer", "camps", "fortress", "diplomat", "stout"), "", ""),
}
REGION_ACTIONS = ("abandon", "conquer", "reinforce", "dragon", "enchant", "place", "camp", "fortress", "hero")

# per moment of the turn: what is happening, and its rule
NOW = {
    "pick": ("you are taking a combo", "Picking a Combo"),
    "conquer": ("you are conquering", "Conquering Regions"),
    "redeploy": ("you are redeploying your troops", "Troop Redeployment"),
    "camps": ("you are placing Encampments (Bivouacking)", "Bivouacking"),
    "fortress": ("you may place a Fortress (Fortified)", "Fortified"),
    "heroes": ("you are placing your Heroes (Heroic)", "Heroic"),
    "diplomat": ("you may name a player at peace with you (Diplomat)", "Diplomat"),
    "stout": ("you may go into decline after scoring (Stout)", "Stout"),
    "defend": ("you are redeploying the tokens you took back after losing Regions", "Enemy Losses & Withdrawals"),
}
# why 'done' cannot end these moments
NOT_DONE = {
    "pick": ("with no active Race you take a combo (or pass when none can be taken)", "Picking a Combo"),
    "redeploy": ("place every token in your hand before your redeployment ends", "Troop Redeployment"),
    "defend": ("place every token you took back in your Regions", "Enemy Losses & Withdrawals"),
    "heroes": ("both Heroes are placed at the end of your turn, in two of your Regions", "Heroic"),
}


def explain(t: Tables, s: SWState, d: Decision | None, a: Action) -> tuple[str, str]:
    """(reason, rule) for ``a``, which is not among the legal actions of decision ``d``."""
    if d is None:
        return ("the game is over", "End of the game")
    stage = s.stage
    now, now_rule = NOW[stage]
    if stage == "conquer" and s.acting != s.players[s.current].race:
        now = "your Ghouls in decline are conquering, before your active Race's turn"
    usage = USAGE.get(a.name)
    if usage is None:
        names = ", ".join(USAGE)
        return (f"Small World has no action {quoted(a.name)} (its actions: {names}); {now}", now_rule)
    words, moments, when, rule = usage
    why = _malformed(t, s, a, words, rule or now_rule)
    if why is not None:
        return why
    if stage not in moments:
        if a.name == "done":
            return (f"{now}: {NOT_DONE[stage][0]}", NOT_DONE[stage][1])
        return (f"{now}: {when}", rule)
    region = int(a.args[0]) if a.name in REGION_ACTIONS else -1
    if stage == "pick":
        return _pick(t, s, a)
    if stage == "conquer":
        return _conquer(t, s, a, region) or _others(d, now, now_rule)
    if stage in ("redeploy", "defend"):
        return _place(t, s, a, region) or _others(d, now, now_rule)
    if a.name in ("camp", "fortress", "hero"):
        return _marker(t, s, a.name, region) or _others(d, now, now_rule)
    if a.name == "peace":
        return _peace(s, a)
    return _others(d, now, now_rule)


def region_number(word: str, n: int) -> int | None:
    """The Region a word names on a map of ``n`` Regions, written as the game writes it, or None."""
    if not (word.isascii() and word.isdigit()) or len(word) > len(str(n)) or word != str(int(word)):
        return None
    r = int(word)
    return r if r < n else None


def _malformed(t: Tables, s: SWState, a: Action, words: str, rule: str) -> tuple[str, str] | None:
    """Whether the action's words are wrong: a Region not on this map, a missing or extra word."""
    name, args = a.name, a.args
    extra_all = name == "place" and len(args) == 2
    if name in REGION_ACTIONS:
        if not args or len(args) > (2 if name == "place" else 1):
            return (f"{quoted(a.text)}: write {words!r}", rule)
        n = t.maps[s.map].n
        if region_number(args[0], n) is None:
            return (f"there is no Region {quoted(args[0])} on this map: its Regions are numbered 0 to {n - 1}", rule)
        if extra_all and args[1] != "all":
            return (f"{quoted(a.text)}: write {words!r}", rule)
        return None
    if name in ("pick", "peace"):
        return None if len(args) == 1 else (f"{quoted(a.text)}: write {words!r}", rule)
    return None if not args else (f"{quoted(a.text)}: {name!r} takes no other word", rule)


def _others(d: Decision, now: str, rule: str) -> tuple[str, str]:
    options = ", ".join(x.text for x in d.actions[:8]) + (", ..." if len(d.actions) > 8 else "")
    return (f"{now}: you may {options}", rule)


def _pick(t: Tables, s: SWState, a: Action) -> tuple[str, str]:
    rule = "Picking a Combo"
    coins = s.players[s.current].coins
    if a.name == "pass":
        return ("pass only when no combo on offer can be taken: the top combo is free", rule)
    race = t.race_index.get(a.args[0])
    if race is None:
        return (f"there is no Race {quoted(a.args[0])} (the Races: {', '.join(r.id for r in t.races)})", rule)
    at = next((i for i, m in enumerate(s.market) if m[0] == race), None)
    if at is None:
        on_offer = ", ".join(t.races[m[0]].id for m in s.market)
        return (f"the {t.races[race].name} are not on offer (on offer: {on_offer})", rule)
    return (f"the {t.combo_name(race, s.market[at][1])} is combo {at + 1}: you cannot pay 1 coin for each of the "
            f"{at} combo(s) above it with {coins} coin(s)", rule)


def _conquer(t: Tables, s: SWState, a: Action, region: int) -> tuple[str, str] | None:
    name = a.name
    active = s.acting == s.players[s.current].race
    if name in ("abandon", "decline") and not active:
        what = "Regions are abandoned" if name == "abandon" else "a Race goes into decline"
        return (f"your Ghouls in decline are conquering first: {what} at the start of your active Race's turn",
                "Ghouls")
    if name == "abandon":
        if s.started:
            return ("Regions are abandoned while readying your troops, before your first conquest", "Ready Troops")
        return (f"Region {region} is not held by your active Race", "Ready Troops")
    if name == "decline":
        if s.picked_now:
            return ("you took this combo this turn: it cannot go into decline before it has conquered",
                    "Entering into Decline")
        if s.abandoned and not s.started:
            return ("you abandoned a Region while readying your troops: that is part of expanding, and a Race "
                    "goes into decline instead of expanding", "Entering into Decline")
        return ("a Race goes into decline instead of conquering, not after", "Entering into Decline")
    if s.conquests_over:
        return ("your final conquest has been made: no more conquests this turn", "Final Conquest")
    hand = s.hand[s.acting]
    if hand < 1:
        return ("a player must always have at least one Race token available to initiate a new conquest",
                "Important Note")
    power = cq.acting_power(s)
    if name == "roll":
        if power != BERSERK:
            return ("only a Berserk Race rolls the reinforcement die before a conquest", "Berserk")
        return (f"you have rolled {s.roll}: now choose the Region to conquer", "Berserk")
    if name == "enchant":
        return cq.enchant_refusal(t, s, region)
    if name == "dragon" and power != DRAGON_MASTER:
        return ("only a Dragon Master sends the Dragon", "Dragon Master")
    if name == "dragon" and s.dragon_used:
        return ("the Dragon attacks once a turn", "Dragon Master")
    why = cq.refusal(t, s, region)
    if why is not None:
        return why
    need = cq.cost(t, s, region)
    if name == "conquer":
        return (f"conquering Region {region} takes {need} Race tokens and you have {hand} in hand",
                "Conquering a Region")
    if name == "reinforce":
        if power == BERSERK:
            return ("a Berserk Race rolls the die before each conquest ('roll'), not for a final conquest",
                    "Berserk")
        if need <= hand:
            return (f"you have enough tokens to conquer Region {region}: the reinforcement die is only for a "
                    "final conquest you cannot pay for", "Final Conquest")
        return (f"Region {region} is {need - hand} tokens out of reach: the reinforcement die shows at most 3",
                "Final Conquest")
    return None


def _place(t: Tables, s: SWState, a: Action, region: int) -> tuple[str, str] | None:
    if a.name != "place":
        return None
    race = s.acting if s.stage == "redeploy" else defender_race(s, s.defenders[0])
    rule = "Troop Redeployment" if s.stage == "redeploy" else "Enemy Losses & Withdrawals"
    if s.race[region] != race:
        return (f"tokens are redeployed only into Regions your {t.races[race].name} occupy, and Region {region} "
                "is not one", rule)
    if len(a.args) == 2 and s.hand[race] == 1:
        return (f"you have one token in hand: 'place {region}'", rule)
    return None


def _marker(t: Tables, s: SWState, name: str, region: int) -> tuple[str, str] | None:
    rule = {"camp": "Bivouacking", "fortress": "Fortified", "hero": "Heroic"}[name]
    if s.race[region] != s.acting:
        return (f"Region {region} is not held by your {t.races[s.acting].name}", rule)
    if name == "fortress" and s.fortress[region]:
        return (f"Region {region} already has a Fortress: one per Region", rule)
    if name == "hero" and s.hero[region]:
        return (f"Region {region} already has a Hero: the two Heroes go in two different Regions", rule)
    return None


def _peace(s: SWState, a: Action) -> tuple[str, str]:
    word = a.args[0]
    n = s.num_players
    seat = int(word) - 1 if word.isascii() and word.isdigit() and len(word) <= 2 else -1
    if not 0 <= seat < n or word != str(seat + 1):
        return (f"there is no Player {quoted(word)}: the players are numbered 1 to {n}", "Diplomat")
    if seat == s.current:
        return ("name an opponent: you cannot be at peace with yourself", "Diplomat")
    return (f"you attacked {pname(seat)}'s active Race this turn: name an opponent you did not attack", "Diplomat")

