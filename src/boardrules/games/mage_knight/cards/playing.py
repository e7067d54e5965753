"""Playing Deed cards (facts 2, 5.3, 5.4): basic, powered or sideways, choosing the side and its
option, paying its mana, and where the card goes (the play area, thrown away); its effects are
applied by the interpreter of the card vocabulary (``cards/effects.py``).

``play_card(t, s, player, card, how, events, ...)`` with ``how`` one of ``basic``, ``powered``
or a sideways use (``move``, ``influence``, ``attack``, ``block``). The small sub-decisions come
as arguments: ``option`` (1-based) when the side offers a choice, ``mana`` the sources paying
the powering mana (``die N``, ``token``, ``crystal``; for a Spell's strong effect: its colour,
then black), ``colour`` for a chosen mana or crystal colour, ``target`` the enemy (1-based) of an
effect on one enemy, ``other`` the card of the hand that Concentration powers or Improvisation
discards, ``die`` the Source die that Mana Draw sets. A refused play changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ....engine import Event, IllegalActionError
from ..cards_model import Card, CardEffect, Option
from ..content import Tables
from ..game_state import BASIC, BOX_USED, GameState, PlayerState, add, box_artifact
from ..skills.bonuses import sideways_value
from ..skills.consulted import SHAPESHIFT, shapeshifted
from ..specials import PLAY_HOOKS
from .deck import WOUND
from .effects import MANA_SPECIALS, _apply, _resolve, option_outside_combat
from .mana import POLARIZATION_RULE, die_free, pay_mana, payable, polarization_blocks
from .played import Picks, _option, _refuse

SIDEWAYS = ("move", "influence", "attack", "block")


def play_card(t: Tables, s: GameState, player: int, card: str, how: str, events: list[Event], option: int = 1,
              mana: tuple[str, ...] = (), colour: str = "", target: int = 0, other: str = "",
              die: int = 0, offered: str = "", others: tuple[str, ...] = (), in_place: bool = False,
              settings: tuple[tuple[int, str], ...] = (), terrain: str = "", wound_to: str = "",
              hosted_other: str = "", colours_paid: tuple[str, ...] = ()) -> None:
    """Play ``card`` from the hand (facts 2 "Rules common to all action cards", 5.4). The played
    card goes to the play area; a powered Artifact is thrown away. ``in_place``: ``s`` is a trial
    copy that a refusal may leave half changed (no second copy is made). ``wound_to``: "discard"
    where the card lets its Wound go to the discard pile (Blood of Ancients, powered). ``hosted_other``:
    the card of the hand that the card Concentration powers takes (Improvisation's discard).
    ``colours_paid``: the colour named for each source of ``mana`` (a two-colour card's mana is of the
    colour named)."""
    if in_place:
        _play(t, s, player, card, how, events, option, mana,
              Picks(colour, target, other, die, offered, others, settings, terrain=terrain, wound_to=wound_to,
                    hosted_other=hosted_other, colours_paid=colours_paid))
        return
    g = s.clone()  # applied to a copy: a refusal halfway leaves the state as it was
    new: list[Event] = []
    _play(t, g, player, card, how, new, option, mana,
          Picks(colour, target, other, die, offered, others, settings, terrain=terrain, wound_to=wound_to,
                    hosted_other=hosted_other, colours_paid=colours_paid))
    s.take_over(g)
    events += new


def mana_for_units(s: GameState, player: int, need: str, source: str, events: list[Event]) -> None:
    """Facts 5.3 "unit abilities marked with a colour cost that mana": pay one mana of ``need``
    (``die N``, ``token`` or ``crystal``) into the combat's pool, from which stage 1 powers the
    Units' abilities; what is left there returns as tokens when the combat ends."""
    c = s.combat
    if c is None:
        raise _refuse("mana for Units is paid in a combat", "Mana")
    pay_mana(s, player, need, source)  # refuses before changing anything
    c.mana[need] += 1
    events.append(Event("mana", f"pays {need} mana for a Unit", player, {"colour": need, "source": source}))


def _play(t: Tables, s: GameState, player: int, card_id: str, how: str, events: list[Event], option: int,
          mana: tuple[str, ...], pk: Picks) -> None:
    p = s.players[player]
    boxed = box_artifact(p) if card_id == BOX_CARD and card_id in p.play_area and card_id not in p.hand else ""
    if boxed:  # facts 3.3: the Mysterious Box, in the play area, used as the Artifact it revealed
        p.play_area.remove(card_id)
        p.hand.append(card_id)
    if card_id not in p.hand:
        raise _refuse(f"you have no {card_id} in your hand")
    if card_id == WOUND and not (how in SIDEWAYS and s.sideways_bonus == "power-of-pain"):
        raise _refuse("Wound cards cannot be played", "Wounds")
    if s.combat is not None and s.combat.hero.hand_discarded:
        raise _refuse("you were knocked out or paralyzed: the non-Wound cards of your hand are discarded",
                      "Paralyze / knock-out")
    card = _boxed(t, boxed, how) if boxed else t.card[card_id]
    p.hand.remove(card_id)
    if how in SIDEWAYS:
        p.play_area.append(card_id)
        value = sideways_value(t, s, card)  # 1, or a skill's bonus (skills/bonuses.py)
        _apply(t, s, player, card, CardEffect.model_validate({"type": how, "value": value}), events, pk, (), 1)
        events.append(Event("played", f"plays {card.name} sideways: {how.capitalize()} {value}", player,
                            {"card": card_id, "how": how}))
        for hook in PLAY_HOOKS:
            hook(t, s, player, card, how, 1, events)
        return
    if how not in ("basic", "powered"):
        raise _refuse(f"play a card basic, powered or sideways ({', '.join(SIDEWAYS)}), not {how!r}")
    n = len(card.powering[0]) if how == "powered" else len(card.basic_cost)
    mana, extra = mana[:n], mana[n:]  # the cost, then mana that an effect pays (Crystallize, Pure Magic)
    if how == "powered":
        _pay_powering(s, player, card, mana, pk.colours_paid[:n])
    else:
        _pay(s, player, card.basic_cost, mana, f"{card.name}'s basic effect")
    side = card.powered if how == "powered" else card.basic
    if not side:  # the Mysterious Box has no strong effect of its own
        raise _refuse(f"{card.name} has no {'strong' if how == 'powered' else 'basic'} effect of its own")
    if card.kind == "artifact" and how == "powered":
        p.thrown.append(card_id)
        p.must_play = False  # facts 5.4: a card was played this turn, though not in the play area
    else:
        p.play_area.append(card_id)
    chosen = shapeshifted(p, card, _option(card, side, option))  # a Shapeshift waiting (facts 3.5)
    if extra and not any(e.type == "special" and e.name in MANA_SPECIALS for e in chosen) and \
            not _special_in_host(t, chosen, pk):
        raise _refuse(f"{card.name} ({how}) costs {n} mana: {len(mana) + len(extra)} source(s) named", "Mana")
    _resolve(t, s, player, card, chosen, events, replace(pk, powered=how == "powered"), extra, option)
    if boxed:  # "then Fame +1"
        add(p, BOX_USED)
        p.fame += 1
        events.append(Event("fame", f"Fame +1: the Mysterious Box used as the {card.name}", player, {"fame": 1}))
    if card.kind == "spell":  # a Ring's strong effect counts the Spells of its colour cast this turn
        for c in card.colours:
            add(p, "cast:", c)
    events.append(Event("played", f"plays {card.name} ({how})", player, {"card": card_id, "how": how}))
    for hook in PLAY_HOOKS:
        hook(t, s, player, card, how, option, events)


BOX_CARD = "mysterious-box"
ACTION_KINDS = ("basic", "hero", "advanced")


# what the rules' trials answered for the plays of one decision (the state unchanged between them):
# (colour, sources left out) -> payable; ("discarding", ...) -> the end of the turn (actions/card_plays.py)
TrialMemo = dict[tuple[str, tuple[str, ...]], bool]


def action_card_verdict(t: Tables, s: GameState, player: int, card_id: str, how: str,
                        steps: tuple[tuple[str, ...], ...] = (), memo: TrialMemo | None = None) -> bool | None:
    """Whether some way of playing the Action card ``card_id`` of the hand basic or powered
    outside a combat is accepted (its option chosen, its mana paid; ``steps``: those of its steps
    answered so far), read from the rules' conditions: an option whose effects are accepted
    (``effects.option_outside_combat``) and, powered, a mana of the card's colour that can be
    paid; refused when every option is. Crystallize: a mana of the basic colour chosen that can
    be paid; Concentration: an option of the powered effect of another Action card of the hand;
    Mana Draw and Mana Pull (powered): Source dice to set besides one that pays. None where only
    playing it tells: in a combat or between heroes, a Shapeshift waiting, a card of two colours,
    an effect or a step that only its play judges. (The mana paid changes no condition of those
    effects; the cards played hook (``PLAY_HOOKS``) act in a combat only.) ``memo`` keeps what
    mana can be paid for the plays of one decision (the state unchanged between them)."""
    p = s.players[player]
    card = _judged_card(t, s, p, card_id) if how in ("basic", "powered") else None
    return None if card is None else _side_verdict(t, s, player, p, card, card_id, how, steps, memo)


def action_card_verdicts(t: Tables, s: GameState, player: int, card_id: str,
                         memo: TrialMemo | None = None) -> tuple[bool | None, bool | None]:
    """``action_card_verdict`` of ``card_id`` played basic, then powered, with no step answered:
    the conditions on the card and the state that both sides share read once."""
    p = s.players[player]
    card = _judged_card(t, s, p, card_id)
    if card is None:
        return None, None
    return (_side_verdict(t, s, player, p, card, card_id, "basic", (), memo),
            _side_verdict(t, s, player, p, card, card_id, "powered", (), memo))


def _judged_card(t: Tables, s: GameState, p: PlayerState, card_id: str) -> Card | None:
    """The Action card ``card_id`` of the hand, where ``action_card_verdict`` may read its plays
    from the rules' conditions; None outside them: in a combat or between heroes, a Shapeshift
    waiting, the Mysterious Box, a card that is no Action card or not in the hand."""
    card = t.card.get(card_id)
    if s.combat is not None or s.pvp is not None or card is None or card.kind not in ACTION_KINDS or \
            card_id not in p.hand or card_id == BOX_CARD or p.lasting and any(x[0] == SHAPESHIFT for x in p.lasting):
        return None
    return card


def _side_verdict(t: Tables, s: GameState, player: int, p: PlayerState, card: Card, card_id: str, how: str,
                  steps: tuple[tuple[str, ...], ...], memo: TrialMemo | None) -> bool | None:
    """``action_card_verdict`` of the card (``_judged_card``) played ``how``."""
    if not steps and (plain := _plain_side(card, how)) is not None:  # (the decision's first look at a card)
        mana, by_state = plain
        now = (p.rested, len(p.hand) - p.hand.count(WOUND) > 1)
        if now not in by_state:
            options = [option_outside_combat(s, player, x, now[1]) for x in (card.basic if how == "basic" else
                                                                            card.powered)]
            by_state[now] = False if options.count(False) == len(options) else True if True in options else None
        if not by_state[now]:
            return by_state[now]
        if not mana:
            return True
        if memo is None:
            return payable(s, player, mana[0])
        if (mana[0], ()) not in memo:
            memo[mana[0], ()] = payable(s, player, mana[0])
        return memo[mana[0], ()]
    side = card.basic if how == "basic" else card.powered
    cost = card.basic_cost if how == "basic" else card.powering[0] if len(card.powering) == 1 else None
    paid = [x for x in steps if x[0] == "pay"] if steps else []
    if paid:  # its mana named (the last step so far): that source pays the colour, or not
        if len(paid) > 1 or steps[-1] != paid[0] or len(paid[0]) != 3 or not cost or paid[0][1] != cost[0]:
            return None
        steps = steps[:-1]
    if not side or cost is None or len(cost) > 1 or steps and any(len(x) != 2 for x in steps):
        return None
    memo = {} if memo is None else memo

    def pays(colour: str, without: tuple[str, ...] = ()) -> bool:
        if (colour, without) not in memo:
            memo[colour, without] = payable(s, player, colour, without=without)
        return memo[colour, without]

    got: dict[str, str] = {x[0]: x[1] for x in steps} if steps else {}
    if len(got) != len(steps) and {x[0] for x in steps} != {"die", "colour"} or \
            "colour" in got and got["colour"] not in BASIC:
        return None
    special = side[0][0].name if len(side) == 1 and len(side[0]) == 1 and side[0][0].type == "special" and \
        side[0][0].per is None and side[0][0].when is None else ""
    if paid and special:  # (Crystallize's, Mana Draw's, Concentration's mana: only playing tells)
        return None
    if special == "crystallize" and not cost and set(got) <= {"colour"}:  # the mana of the colour paid, a crystal
        return pays(got["colour"]) if got else any(pays(c) for c in BASIC)
    dice = [x[1] for x in steps if x[0] == "die"] if steps else []
    if special in DICE_SPECIALS and cost and set(got) <= {"die", "colour"}:
        return _dice_verdict(s, side[0], dice, lambda without: pays(cost[0], without))
    chosen = got.get("choose", "")
    if got and not set(got) <= {"choose", "colour", "power", "die"} or chosen and not chosen.isdigit() or \
            dice and special != "concentration":
        return None
    hosted = special == "concentration"  # the powered effect of another Action card of the hand, its mana free
    if hosted:
        others = [x for x in set(p.hand) - {WOUND} if x != card_id or p.hand.count(x) > 1]
        if "power" in got and (got["power"] not in others or t.card[got["power"]].kind not in ACTION_KINDS):
            return None
        named = [got["power"]] if "power" in got else [x for x in others if t.card[x].kind in ACTION_KINDS]
        boosted = [option for x in named for option in t.card[x].powered]
        # another card left in the hand for the powered card to take (Improvisation's discard): neither card itself
        spare = [any(y != x or p.hand.count(x) > 1 for y in others) for x in named for _ in t.card[x].powered]
    elif "power" in got:
        return None
    else:
        boosted = list(side)
        # another non-Wound card in the hand besides this one (the card itself is one of them)
        spare = [len(p.hand) - p.hand.count(WOUND) > 1] * len(boosted)
    if chosen:
        if len(boosted) == 1 or not 1 <= int(chosen) <= len(boosted) or hosted and "power" not in got:
            return None
        boosted, spare = [boosted[int(chosen) - 1]], [spare[int(chosen) - 1]]
    # (the card Concentration powers: its Mana Draw or Mana Pull sets dice, Concentration's mana paid)
    setting = [hosted and bool(cost) and len(x) == 1 and x[0].type == "special" and x[0].name in DICE_SPECIALS
               for x in boosted] if hosted else [False] * len(boosted)
    if hosted and True in [_dice_verdict(s, x, dice, lambda without: pays(cost[0], without))
                           for x, sets in zip(boosted, setting, strict=True) if sets]:
        return True  # (the dice's verdict counts the mana paid)
    verdicts = [_dice_verdict(s, x, dice, lambda without: pays(cost[0], without)) and None if sets else
                None if dice else option_outside_combat(s, player, x, other)
                for x, sets, other in zip(boosted, setting, spare, strict=True)]
    if verdicts.count(False) == len(verdicts):  # (each verdict True, False or None)
        return False  # every option refused, whatever is paid
    if True not in verdicts:
        return None
    if paid:
        key = ("pay:" + cost[0], (paid[0][2],))
        if key not in memo:
            memo[key] = _source_pays(s, player, cost[0], paid[0][2])
        return memo[key]
    return not cost or pays(cost[0])


# by (id of a card of the content, basic or powered): the card kept beside, so that its id stays its
# own, and for a side judged by its options alone (no special of Crystallize, Mana Draw, Mana Pull
# or Concentration that reads more) its one mana and its options' verdict by (rested, another card)
_PLAIN_SIDES: dict[tuple[int, str], tuple[Card, tuple[tuple[str, ...], dict[tuple[bool, bool], bool | None]] | None]] = {}


def _plain_side(card: Card, how: str) -> tuple[tuple[str, ...], dict[tuple[bool, bool], bool | None]] | None:
    """``action_card_verdict`` with no step answered, where only the options' verdicts and the mana
    of the card's colour tell (the same reading as its general way, worked out once per card)."""
    entry = _PLAIN_SIDES.get((id(card), how))
    if entry is None or entry[0] is not card:
        if len(_PLAIN_SIDES) > 4096:  # (content loaded again and again: never more than a few sets)
            _PLAIN_SIDES.clear()
        side = card.basic if how == "basic" else card.powered
        cost: tuple[str, ...] | None = card.basic_cost if how == "basic" else card.powering[0] \
            if len(card.powering) == 1 else None
        special = side[0][0].name if len(side) == 1 and len(side[0]) == 1 and side[0][0].type == "special" and \
            side[0][0].per is None and side[0][0].when is None else ""
        plain = bool(side) and cost is not None and len(cost) <= 1 and special != "concentration" and \
            not (special == "crystallize" and not cost) and not (special in DICE_SPECIALS and cost)
        entry = _PLAIN_SIDES[id(card), how] = (card, (cost, {}) if plain and cost is not None else None)
    return entry[1]


def _source_pays(s: GameState, player: int, colour: str, source: str) -> bool:
    """Whether the source named (``die-N``, ``token``, ``crystal``) pays a mana of ``colour`` now
    (``pay_mana`` on a copy of the mana alone, as ``payable`` tries each way)."""
    try:
        pay_mana(s.copy_for_mana(player), player, colour, source)
    except IllegalActionError:
        return False
    return True


DICE_SPECIALS = ("mana-draw", "mana-pull-powered")  # Source dice set (effects._set_die)


def _dice_verdict(s: GameState, option: Option, named: list[str], pays: Callable[[tuple[str, ...]], bool]) -> \
        bool | None:
    """Mana Draw, Mana Pull (powered), the ``option`` of a sole special: whether its Source dice can
    be set (``effects._set_die``: each free, none the die that paid the card's mana), ``named``
    (1-based) already chosen, and the mana paid (``pays``: leaving out the dice named)."""
    if len(option) != 1 or option[0].per is not None or option[0].when is not None:
        return None
    dice = 1 if option[0].name == "mana-draw" else option[0].value
    if any(not x.isdigit() or not 1 <= int(x) <= len(s.source) for x in named) or len(set(named)) < len(named) or \
            len(named) > dice:
        return None
    if any(not die_free(s, int(x) - 1) for x in named):
        return False
    rest = [str(i + 1) for i in range(len(s.source)) if die_free(s, i) and str(i + 1) not in named]
    if len(rest) < dice - len(named):
        return False
    kept = sorted(named + (rest if len(rest) == dice - len(named) else []), key=int)
    return pays(tuple(f"die-{x}" for x in kept))


# whether each way of SIDEWAYS, in order, is accepted outside a combat: Attack and Block are played
# in a combat only; after resting, no Move or Influence either (facts 5.4)
_SIDEWAYS_OUTSIDE = tuple(how not in ("attack", "block") for how in SIDEWAYS)
_SIDEWAYS_RESTED = (False,) * len(SIDEWAYS)


def sideways_verdicts(s: GameState, player: int, card_id: str) -> tuple[bool, ...] | None:
    """Whether ``play_card`` accepts ``card_id`` played sideways outside a combat, as each way of
    ``SIDEWAYS`` in order, read from ``_play``'s conditions without playing it: Attack and Block
    are played in a combat only; after resting no Move or Influence (facts 5.4). None where only
    the play tells: in a combat or between heroes, with a skill's bonus waiting (its points), a
    Wound, the Mysterious Box, a card not in the hand. (The cards played hook (``PLAY_HOOKS``) act
    in a combat only.)"""
    p = s.players[player]
    if s.combat is not None or s.pvp is not None or s.sideways_bonus or card_id in (WOUND, BOX_CARD) or \
            card_id not in p.hand:
        return None
    return _SIDEWAYS_RESTED if p.rested else _SIDEWAYS_OUTSIDE


def sideways_refused(s: GameState, player: int, card_id: str, how: str) -> bool | None:
    """Whether ``play_card`` refuses ``card_id`` played sideways as ``how`` outside a combat
    (``sideways_verdicts``); None where only the play tells."""
    accepted = sideways_verdicts(s, player, card_id) if how in SIDEWAYS else None
    return None if accepted is None else not accepted[SIDEWAYS.index(how)]


def _boxed(t: Tables, artifact: str, how: str) -> Card:
    """The Artifact the Mysterious Box is played as (basic or powered, not sideways)."""
    card = t.card[artifact]
    if how not in ("basic", "powered"):
        raise _refuse(f"the Mysterious Box is used as the {card.name}: play it basic or powered", "Artifacts")
    return card


def _pay(s: GameState, player: int, colours: tuple[str, ...], mana: tuple[str, ...], what: str,
         strong_spell: bool = False) -> tuple[str, ...]:
    if not colours:
        return ()
    if len(mana) < len(colours) and (why := polarization_blocks(s, player, colours[len(mana)], strong_spell)):
        raise _refuse(f"{what}: {why}", POLARIZATION_RULE)
    if len(mana) != len(colours):
        raise _refuse(f"{what} costs {' and '.join(colours)} mana: name {len(colours)} source(s) "
                      f"(die N, token or crystal)", "Mana")
    return tuple(pay_mana(s, player, c, m, strong_spell) for c, m in zip(colours, mana, strict=True))


def _pay_powering(s: GameState, player: int, card: Card, mana: tuple[str, ...],
                  colours_named: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The powered effect costs a mana of the card's colour; a Spell's strong effect its colour
    and black (facts 2, 3.2: black only at Night). A dual-colour card takes either colour: the
    colours named with the sources (``colours_named``, the answers ``pay COLOUR SOURCE``), or
    without them the first that the sources pay."""
    alternatives = card.powering
    if alternatives == ((),):
        return ()
    what = f"{card.name}'s powered effect"
    spell = card.kind == "spell"  # a Spell's strong effect: Polarization's black by Day cannot pay it (cards/mana.py)
    if colours_named:
        named = [a for a in alternatives if tuple(colours_named[:len(a)]) == a]
        if not named:
            names = " or ".join(" and ".join(a) for a in alternatives)
            raise _refuse(f"{what} costs {names} mana, not {' and '.join(colours_named)}", "Mana")
        return _pay(s, player, named[0], mana, what, spell)
    if len(alternatives) == 1:
        return _pay(s, player, alternatives[0], mana, what, spell)
    for colours in alternatives:
        try:
            _pay(s.clone(), player, colours, mana, what, spell)  # a trial on a copy
        except IllegalActionError:
            continue
        return _pay(s, player, colours, mana, what, spell)
    names = " or ".join(" and ".join(a) for a in alternatives)
    raise _refuse(f"{what} costs {names} mana: name the source that pays it (die N, token or crystal)", "Mana")


def _special_in_host(t: Tables, chosen: Option, pk: Picks) -> bool:
    """Whether the card that Concentration powers (``pk.other``) takes the extra mana."""
    if not any(e.type == "special" and e.name == "concentration" for e in chosen) or pk.other not in t.card:
        return False
    return any(e.type == "special" and e.name in MANA_SPECIALS for o in t.card[pk.other].powered for e in o)


__all__ = ["ACTION_KINDS", "SIDEWAYS", "TrialMemo", "action_card_verdict", "action_card_verdicts", "mana_for_units",
           "play_card", "sideways_refused", "sideways_verdicts"]
