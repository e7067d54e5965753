"""Mana (facts 5.3, 5.1, 5.2): the Source's dice, mana tokens and crystals, and paying mana.

A mana of a colour is paid from a Source die (``die-N``, 1-based: one word of the action ``pay COLOUR die-N``), a mana token (``token``)
or a crystal of the Inventory (``crystal``). Gold mana stands for any basic colour by Day and
is depleted at Night; black mana is usable only at Night and is depleted by Day.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import BoardrulesError, Event, IllegalActionError, Rng
from ..draws import scripted
from ..game_state import BASIC, INVOKED, GameState, PlayerState, add, has, remove, this_turn
from .deck import take_wounds

MANA_DIE = ("red", "blue", "green", "white", "gold", "black")
CRYSTAL_LIMIT = 3


def roll_die(rng: Rng) -> str:
    """A mana die rolled (or the colour a position scripted for it: ``draws.scripted``)."""
    return scripted(rng, MANA_DIE) or MANA_DIE[rng.below(6)]


def _enough_basic(faces: list[str]) -> bool:
    return 2 * sum(f in BASIC for f in faces) >= len(faces)


def roll_source(s: GameState) -> None:
    """Set-up and every new round (facts 5.1, 5.2 step 1): players + 2 dice; while fewer than
    half show basic colours, all black and gold dice are re-rolled together."""
    s.source = [roll_die(s.rng) for _ in range(len(s.players) + 2)]
    while not _enough_basic(s.source):
        s.source = [f if f in BASIC else roll_die(s.rng) for f in s.source]
    s.source_used, s.source_kept, s.dice_allowed = [], [], 1
    s.mana_steal = ()  # a die left on the Mana Steal card is rolled with the others
    s.mana_claims = ()  # so are the dice kept by Mana Claim


ETERNAL_NIGHT = ("necropolis", "graveyard")  # the sites where Night rules apply by Day


def night_rules(s: GameState, player: int | None = None) -> bool:
    """Whether Night rules apply now to ``player`` (the current player unless named): at Night;
    in a combat that uses them by Day (DUNGEON, TOMB "Night rules apply for this combat"); and by
    Day to a hero standing in a Necropolis or Graveyard (NECROPOLIS TILE "Eternal Night: During
    the Day, Night rules apply in a Necropolis Tile"). The round's Day or Night (``s.night``)
    stays the same for everyone else."""
    return s.night or (s.combat is not None and s.combat.night) or eternal_night(s, player)


def eternal_night(s: GameState, player: int | None = None) -> bool:
    """NECROPOLIS / GRAVEYARD TILE "Eternal Night": ``player``'s hero stands on such a space."""
    if not s.night_spaces:
        return False
    who = s.current if player is None else player
    return 0 <= who < len(s.players) and s.players[who].position in s.night_spaces


def usable(s: GameState, colour: str, player: int | None = None) -> bool:
    """Gold mana is depleted at Night, black mana by Day (facts 5.2 "Day", "Night"), unless an
    Amulet played this turn makes it usable (Amulet of the Sun: gold at Night; of Darkness:
    black by Day). Night rules are ``player``'s (``night_rules``)."""
    night = night_rules(s, player)
    if colour == "gold" and night:
        return this_turn(s, "amulet:sun")
    if colour == "black" and not night:
        return this_turn(s, "amulet:darkness")
    return True


def ring_pays(p: PlayerState, need: str) -> bool:
    """A Ring's strong effect: any number of mana of its colour, and of black, this turn."""
    return has(p, "ring:", need) or need == "black" and has(p, "ring:")


def pays(s: GameState, have: str, need: str, player: int | None = None) -> bool:
    """Whether a mana of colour ``have`` pays for ``need``: the same colour, or gold for a basic
    colour by Day (facts 5.2 "Day: gold mana = any basic colour"); Night rules are ``player``'s."""
    if not usable(s, have, player):
        return False
    return have == need or have == "gold" and need in BASIC


OPPOSITE = {"red": "blue", "blue": "red", "green": "white", "white": "green"}


def polarized(s: GameState, need: str, waiting: bool | None = None, strong_spell: bool = False) -> tuple[str, ...]:
    """The colours that pay ``need`` through Polarization (facts 3.5): the opposite basic colour;
    by Day black for a basic colour, but not to power a Spell's strong effect; at Night gold for
    black, only to power a Spell's strong effect. ``waiting``: whether Polarization waits
    (default: the player in turn's, ``GameState.polarized``; the defender's between heroes).
    ``strong_spell``: the mana powers a Spell's strong effect."""
    if not (s.polarized if waiting is None else waiting):
        return ()
    if need in OPPOSITE:
        return (OPPOSITE[need], "black") if not night_rules(s) and not strong_spell else (OPPOSITE[need],)
    return ("gold",) if need == "black" and night_rules(s) and strong_spell else ()


POLARIZATION_RULE = "Skills: Polarization"


def polarization_refusal(s: GameState, have: str, need: str, waiting: bool, strong_spell: bool) -> str:
    """Why Polarization waiting does not let ``have`` pay ``need`` (facts 3.5), or "": by Day black
    pays a basic colour but never a Spell's strong effect; at Night gold pays black only for one."""
    if not waiting:
        return ""
    if have == "black" and need in OPPOSITE and not night_rules(s) and strong_spell:
        return "Polarization: black mana used by Day as a basic colour cannot power a Spell's strong effect"
    if have == "gold" and need == "black" and night_rules(s) and not strong_spell:
        return "Polarization: gold mana is used as black at Night only to power a Spell's strong effect"
    return ""


def polarization_blocks(s: GameState, player: int, need: str, strong_spell: bool = False) -> str:
    """Why nothing pays ``need`` though Polarization waits and the player holds black mana by Day
    (a token, or a free Source die) that it would turn were it not for a Spell's strong effect, or
    gold at Night that it turns only for one (``polarization_refusal``); "" otherwise."""
    if not s.polarized or need not in MANA_DIE or mana_sources(s, player, need, strong_spell):
        return ""
    p = s.players[player]
    dice = [f for i, f in enumerate(s.source) if die_free(s, i)] if len(s.source_used) < s.dice_allowed else []
    for have in ("black", "gold"):
        why = polarization_refusal(s, have, need, True, strong_spell) if p.mana[have] or have in dice else ""
        if why:
            return why
    return ""




def token_spent(p: PlayerState, colour: str) -> None:
    """A mana token of ``colour`` spent: an Invocation token of that colour waiting is spent at once."""
    if has(p, INVOKED, colour):
        remove(p, INVOKED, colour)


def night_words(s: GameState, player: int | None = None) -> str:
    """When mana is depleted, in words: "at Night", "by Day", or why Night rules apply by Day."""
    if s.night:
        return "at Night"
    if s.combat is not None and s.combat.night:
        return "under Night rules (this combat)"
    if eternal_night(s, player):
        return "under Night rules (Eternal Night: your hero is in a Necropolis or Graveyard)"
    return "by Day"


def _depleted(s: GameState, colour: str, player: int | None = None) -> str:
    return f"{colour} mana cannot be used {night_words(s, player)}"


def stolen(s: GameState, i: int) -> bool:
    """Whether Source die ``i`` (0-based) lies on a Mana Steal card (facts 3.6): no one else may
    take, set or re-roll it."""
    return bool(s.mana_steal) and s.mana_steal[1] == i


def claimed(s: GameState, i: int) -> bool:
    """Whether Source die ``i`` (0-based) is kept out of the Source by Mana Claim till the round's end."""
    return bool(s.mana_claims) and any(x[1] == i for x in s.mana_claims)


def die_free(s: GameState, i: int) -> bool:
    """Whether Source die ``i`` (0-based) may be taken now: not used this turn, not stolen or claimed."""
    return i not in s.source_used and not stolen(s, i) and not (s.mana_claims and claimed(s, i))


def use_stolen_die(s: GameState, player: int, index: int, need: str) -> str:
    """Mana Steal (facts 3.6): on one of their turns this Day its owner uses the die on the card
    as Source mana, besides the turn's own die (rules-choices.md); it is re-rolled and returned
    at the end of the turn like any die taken."""
    if s.mana_steal[0] != player:
        raise IllegalActionError(f"die {index} lies on another player's Mana Steal card", "Tactics: Mana Steal")
    face = s.source[index - 1]
    if not pays(s, face, need):
        raise IllegalActionError(f"the die on your Mana Steal card shows {face}, not {need}", "Tactics: Mana Steal")
    s.mana_steal = ()
    s.source_used.append(index - 1)
    s.dice_allowed += 1  # not the turn's own die
    return face


DICE_ANY = "dice-any"  # Mana Storm (powered), in PlayerState.lasting: gold and black dice pay any basic colour


def take_die(s: GameState, index: int, need: str, any_basic: bool = False, strong_spell: bool = False) -> str:
    """MANA SOURCE (facts 5.3): take die ``index`` (1-based) to pay a mana of colour ``need``;
    one die per turn unless an effect allows more. Returns the die's face. ``any_basic``: a
    gold or black die pays any basic colour, Day or Night (Mana Storm). ``strong_spell``: it
    powers a Spell's strong effect (Polarization)."""
    if not 1 <= index <= len(s.source):
        raise IllegalActionError(f"the Source has dice 1 to {len(s.source)}, not die {index}", "Mana Source")
    if index - 1 in s.source_used:
        raise IllegalActionError(f"die {index} was already used this turn", "Mana Source")
    if stolen(s, index - 1):
        raise IllegalActionError(f"die {index} lies on a Mana Steal card", "Tactics: Mana Steal")
    if claimed(s, index - 1):
        raise IllegalActionError(f"die {index} is kept by a Mana Claim till the end of the round", "Spells")
    if len(s.source_used) >= s.dice_allowed:
        raise IllegalActionError(f"you may use {s.dice_allowed} Source die this turn and have used "
                                 f"{len(s.source_used)}", "Mana Source")
    face = s.source[index - 1]
    if not pays(s, face, need) and face in polarized(s, need, strong_spell=strong_spell):  # Polarization: used up
        s.polarized = False
        s.source_used.append(index - 1)
        return face
    if any_basic and face in ("gold", "black") and need in BASIC:  # Mana Storm
        s.source_used.append(index - 1)
        return face
    if face == "black" and s.black_as_any and need in BASIC:  # Mana Pull: by Day too, as a basic colour
        s.black_as_any = False
        s.source_used.append(index - 1)
        return face
    if not usable(s, face):
        why = polarization_refusal(s, face, need, s.polarized, strong_spell)
        if why:
            raise IllegalActionError(f"die {index}: {why}", POLARIZATION_RULE)
        raise IllegalActionError(f"die {index} shows {face}: {_depleted(s, face)}", "Mana Source")
    if not pays(s, face, need):
        raise IllegalActionError(f"die {index} shows {face}, not {need}", "Mana Source")
    s.source_used.append(index - 1)
    return face


def pay_mana(s: GameState, player: int, need: str, source: str, strong_spell: bool = False) -> str:
    """Pay one mana of colour ``need`` from ``source``: ``die-N``, ``token`` (a token of that
    colour, else gold by Day) or ``crystal`` (crystals are of basic colours only). Returns the
    colour actually spent. ``strong_spell``: the mana powers a Spell's strong effect (Polarization)."""
    p = s.players[player]
    if need not in MANA_DIE:
        raise BoardrulesError(f"{need!r} is not a mana colour")
    if not usable(s, need, player):
        raise IllegalActionError(_depleted(s, need, player), "Mana")
    if p.skills and MANA_ENHANCEMENT in p.skills and need in BASIC and not has(p, ENHANCE, need):
        add(p, ENHANCE, need)  # Mana Enhancement may give a crystal of it (skills/interactive.py)
    if s.mana_claims and player == s.current:
        mana_curse(s, player, need)
    if s.centre:
        mana_exploit(s, player, need)
    number = source.removeprefix("die-")
    if number != source and number.isascii() and number.isdigit() and len(number) <= 4:
        if stolen(s, int(number) - 1):
            return use_stolen_die(s, player, int(number), need)
        return take_die(s, int(number), need, any(x[0] == DICE_ANY for x in p.lasting), strong_spell)
    if source == "token":
        if p.lasting and ring_pays(p, need):
            return need
        for colour in (need, "gold"):
            if p.mana[colour] and pays(s, colour, need, player):
                p.mana[colour] -= 1
                token_spent(p, colour)
                return colour
        for colour in polarized(s, need, strong_spell=strong_spell):
            if p.mana[colour]:
                p.mana[colour] -= 1
                token_spent(p, colour)
                s.polarized = False
                return colour
        for colour in ("black", "gold"):
            why = polarization_refusal(s, colour, need, s.polarized, strong_spell) if p.mana[colour] else ""
            if why:
                raise IllegalActionError(why, POLARIZATION_RULE)
        if need in BASIC and p.mana["gold"] and night_rules(s, player):  # the gold token is there but cannot pay
            raise IllegalActionError(f"you have no {need} mana token, and gold mana cannot be used "
                                     f"{night_words(s, player)}", "Mana")
        raise IllegalActionError(f"you have no {need} mana token", "Mana")
    if source == "crystal":
        if need in BASIC and not p.crystals[need] and s.polarized and p.crystals[OPPOSITE[need]]:
            p.crystals[OPPOSITE[need]] -= 1
            s.polarized = False
            return OPPOSITE[need]
        if need not in BASIC or not p.crystals[need]:
            raise IllegalActionError(f"you have no {need} crystal", "Crystals")
        p.crystals[need] -= 1
        add(p, "crystal-spent", need, 1)  # Crystal Mastery's strong effect returns it
        return need
    raise IllegalActionError(f"pay mana with 'die-N', 'token' or 'crystal', not {source!r}", "Mana")


def mana_sources(s: GameState, player: int, need: str, strong_spell: bool = False) -> list[str]:
    """The ways the player can pay one mana of ``need`` now (a small decision: at most one
    entry per die, one for tokens, one for crystals; ``strong_spell``: for a Spell's strong effect)."""
    return list(_sources(s, player, need, strong_spell))


def _sources(s: GameState, player: int, need: str, strong_spell: bool) -> Iterator[str]:
    """``mana_sources`` one at a time (``payable`` stops at the first that pays)."""
    p = s.players[player]
    if not usable(s, need, player):
        return
    polar = polarized(s, need, strong_spell=strong_spell)
    if len(s.source_used) < s.dice_allowed:
        any_basic = need in BASIC and any(x[0] == DICE_ANY for x in p.lasting)
        for i, f in enumerate(s.source):
            if die_free(s, i) and (pays(s, f, need, player) or f == "black" and s.black_as_any and need in BASIC
                                   or f in polar or any_basic and f in ("gold", "black")):
                yield f"die-{i + 1}"
    if s.mana_steal and s.mana_steal[0] == player and pays(s, s.source[s.mana_steal[1]], need, player):
        yield f"die-{s.mana_steal[1] + 1}"
    if any(p.mana[c] and pays(s, c, need, player) for c in (need, "gold")) or any(p.mana[c] for c in polar) or \
            p.lasting and ring_pays(p, need):
        yield "token"
    if need in BASIC and (p.crystals[need] or polar and p.crystals[OPPOSITE[need]]):
        yield "crystal"


def payable(s: GameState, player: int, need: str, strong_spell: bool = False, without: tuple[str, ...] = ()) -> bool:
    """Whether one of the ways ``mana_sources`` lists (but those ``without``) pays a mana of
    ``need`` now (``pay_mana`` has the last word: each way is tried on a copy until one pays).
    For the player in turn with no Mana Claim or skill in the centre, each way listed pays: the
    list reads ``pay_mana``'s own conditions (a token or crystal there, a free die allowed whose
    face pays, by the player in turn's Night rules), so no copy is tried."""
    sources = _sources(s, player, need, strong_spell)
    if player == s.current and not s.mana_claims and not s.centre and need in MANA_DIE:
        return any(source not in without for source in sources)
    for source in list(sources):  # (all listed before the trials)
        if source in without:
            continue
        try:
            pay_mana(s.copy_for_mana(player), player, need, source, strong_spell)
        except IllegalActionError:
            continue
        return True
    return False


def gain_crystal_now(p: PlayerState, colour: str, events: list[Event], player: int) -> None:
    """Crystals (facts 5.3): at most 3 of a basic colour in the Inventory; a 4th gained during the
    turn becomes a mana token of that colour instead."""
    if colour not in BASIC:
        raise BoardrulesError(f"crystals are red, blue, green or white, not {colour!r}")
    if p.crystals[colour] >= CRYSTAL_LIMIT:
        p.mana[colour] += 1
        events.append(Event("mana-token", f"gains a {colour} mana token (4th crystal)", player, {"colour": colour}))
        return
    p.crystals[colour] += 1
    events.append(Event("crystal", f"gains a {colour} crystal", player, {"colour": colour}))


CURSED = "cursed"  # a mark of PlayerState.lasting: a Mana Curse's Wound taken this turn


def mana_curse(s: GameState, player: int, need: str) -> None:
    """Mana Curse (facts 3.2): till the round's end another player who uses mana of the claimed
    die's colour on their turn takes a Wound, at most one a turn."""
    p = s.players[player]
    if has(p, CURSED):
        return
    if any(curse and owner != player and s.source[die] == need for owner, die, _, curse in s.mana_claims):
        add(p, CURSED)
        take_wounds(p, 1)


MANA_EXPLOIT = "mana-exploit"
MANA_ENHANCEMENT = "mana-enhancement"
ENHANCE = "spent:"  # a mark of PlayerState.lasting, its detail a basic colour of mana spent this turn, by a hero with Mana Enhancement


def mana_exploit(s: GameState, player: int, need: str) -> None:
    """Mana Exploit in the centre (facts 3.5): another player using mana of a colour other than
    the one marked (gold or black as the colour it is used as) takes a Wound, at most one per
    colour per player; each Wound is marked on the skill ("SEAT:colour")."""
    for k, (skill, owner, detail) in enumerate(s.centre):
        if skill != MANA_EXPLOIT or owner == player:
            continue
        colour, *marks = detail.split(";")
        mark = f"{player}:{need}"
        if need != colour and mark not in marks:
            s.centre = (*s.centre[:k], (skill, owner, f"{detail};{mark}"), *s.centre[k + 1:])
            take_wounds(s.players[player], 1)


def crystal_to_token(p: PlayerState, colour: str) -> None:
    """Crystals (facts 5.3): a crystal may be turned into a mana token any time in the turn."""
    if colour not in BASIC or not p.crystals.get(colour):
        raise IllegalActionError(f"you have no {colour} crystal", "Crystals")
    p.crystals[colour] -= 1
    p.mana[colour] += 1


def return_dice(s: GameState) -> None:
    """End of turn (facts 5.7 step 1): the used dice are re-rolled and returned; a die set by
    Mana Draw keeps its face. The next player may use one die again."""
    for i in s.source_used:
        if i not in s.source_kept:
            s.source[i] = roll_die(s.rng)
    s.source_used, s.source_kept, s.dice_allowed, s.black_as_any = [], [], 1, False


def return_tokens(p: PlayerState) -> None:
    """End of turn (facts 5.3, 5.7 step 3): mana tokens not used are lost."""
    p.mana = dict.fromkeys(p.mana, 0)


__all__ = [
    "CRYSTAL_LIMIT", "INVOKED", "MANA_DIE", "OPPOSITE", "POLARIZATION_RULE", "claimed", "crystal_to_token", "die_free", "gain_crystal_now", "mana_sources",
    "pay_mana", "payable", "pays", "polarization_blocks", "polarization_refusal", "polarized", "return_dice", "return_tokens", "ring_pays", "roll_source", "stolen", "take_die",
    "token_spent", "use_stolen_die", "usable",
]
