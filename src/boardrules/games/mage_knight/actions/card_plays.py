"""A pending play run and tried (facts 5.3, 5.4): a complete play applied by its rule function (a
card by ``play_card``, a skill, a Unit's ability, a recruit, a Tactic, a site's mana, a challenge,
the end's discarding), whether some way of finishing a play is legal (tried on copies), and the
legal answers of a pending play's next step as actions."""

from __future__ import annotations

from typing import Any

from ....engine import Action, Event, shared_action
from ..cards.influence_cards import DIPLOMACY
from ..cards.offers import disband_unit, level_up_reward, take_reward
from ..cards.playing import (
    SIDEWAYS,
    TrialMemo,
    action_card_verdict,
    action_card_verdicts,
    play_card,
    sideways_refused,
    sideways_verdicts,
)
from ..cards.unit_activation import activate_unit
from ..combat.choices import influence_wanted, move_wanted
from ..content import Tables
from ..game_state import GameState
from ..sites.interaction import buy_spell, recruit
from ..sites.site_combats import challenge, pay_altar, start_movement_combat
from ..skills.consulted import (
    ARCANE_DISGUISE,
    SHAPESHIFT,
    arcane_flipped,
    flip_back_arcane_disguise,
)
from ..skills.interactive import MANA_ENHANCEMENT, return_enhancement
from ..skills.mana import SHAMANIC_RITUAL, flip_back_shamanic_ritual
from ..skills.play_steps import LATE_CHOICE
from ..skills.using import (
    long_night,
    mana_search,
    mana_search_refusal,
    mana_steal,
    mana_steal_refused,
    midnight_meditation,
    prepare,
    rethink,
    sparing_power,
    the_right_moment,
    use_skill,
)
from .end_of_turn import RETURN, _end_with
from .play_steps import BLOOD, OWN_STEPS, TALENT, TWO_WAYS, _answers, _boxed, _next, _offered_play
from .unit_mana_plays import COMBAT_UNIT, _activate_paid
from .words import HOWS, _h, _works


def _run(t: Tables, g: GameState, player: int, play: list[Any], events: list[Event], trial: bool = False,
         legal: bool = False) -> None:
    """Apply a complete play by its rule function (``trial``: on a copy, tried only; ``legal``: the
    play answers the decision, which ``_completes`` judged accepted: a card or the end of the turn
    is played in place, with no copy kept against a refusal that cannot come)."""
    got, paid = _answers(play)
    subject, how = play[0], play[1]
    mana = tuple(s for _, s in paid)
    option = int(got.get("choose", 1))
    if how == "steal":
        mana_steal(t, g, player, int(got["die"]), events)
    elif how == "altar":
        pay_altar(t, g, player, events, mana=mana)
    elif how == "buy-spell":
        buy_spell(t, g, player, subject, events, source=mana[0])
    elif how == "level-up":
        level_up_reward(t, g, player, subject, got["learn"], events)
    elif how == "joining":
        start_movement_combat(t, g, player, events, joined=[_h(x[1]) for x in play[2:] if x[1] != "done"])
    elif how == "challenging":
        challenge(t, g, player, [_h(x) for x in (subject, *(x[1] for x in play[2:])) if x != "done"], events)
    elif how == "discarding":
        _end_with(t, g, player, subject.partition(":")[2], events,
                  [x[1] for x in play[2:] if x[0] == "shed" and x[1] != "done"],
                  joy=next((x[1] for x in play[2:] if x[0] == RETURN), ""), in_place=trial or legal)
    elif how == "use-tactic":
        picks = [x[1] for x in play[2:] if x[1] != "done"]
        if subject == "sparing-power":
            sparing_power(t, g, player, option, events)
        elif subject == "the-right-moment":
            the_right_moment(t, g, player, events)
        elif subject == "long-night":
            long_night(t, g, player, events)
        elif subject == "midnight-meditation":
            midnight_meditation(t, g, player, len(picks), events)
        elif subject == "mana-search":
            mana_search(t, g, player, [int(x) for x in picks], events)
        elif subject == "preparation":
            prepare(t, g, player, got["prepare"], events)
        else:
            rethink(t, g, player, picks, events)
    elif how in ("recruit", "reward-unit"):
        h = g if trial else g.clone()  # disbanding for a Unit that is refused changes nothing
        if "disband" in got:
            disband_unit(t, h, player, got["disband"], events)
        if how == "recruit":
            recruit(t, h, player, subject, events, colour=got.get("colour", ""), source=mana[0] if mana else "")
        else:
            take_reward(t, h, player, "unit", subject, events)
        if h is not g:
            g.take_over(h)
    elif how == "skill" and subject == SHAMANIC_RITUAL and subject in g.players[player].skills_used:
        flip_back_shamanic_ritual(t, g, player, events)
    elif how == "skill" and subject == ARCANE_DISGUISE and arcane_flipped(g.players[player]):
        flip_back_arcane_disguise(t, g, player, mana[0] if mana else "", events)
    elif how == "skill" and subject == MANA_ENHANCEMENT and subject not in g.players[player].skills:
        return_enhancement(t, g, player, events)
    elif how == "skill" and subject in LATE_CHOICE:  # its `choose N` is what the enemy loses, not an option
        use_skill(t, g, player, subject, events, target=int(got.get("enemy", 0)), other=got.get("choose", ""))
    elif how == "skill":
        use_skill(t, g, player, subject, events, option=option, colour=got.get("colour", ""),
                  target=int(got.get("enemy", 0)), other=got.get("ready") or got.get("discard") or got.get("move", ""),
                  mana=mana)
    elif how.startswith(COMBAT_UNIT):
        _activate_paid(t, g, player, subject, how, paid, events)
    elif how.startswith("unit:"):
        activate_unit(t, g, player, subject, how[5:], events, mana=mana, colour=got.get("colour", ""),
                      other=got.get("ready") or got.get("scout", ""))
    else:
        args = _card_args(_offered_play(play) if (subject, how) == BLOOD else _boxed(g, player, play) or play)
        if (subject, how) == BLOOD:  # the offered card first in `others`, its own steps after
            args.update(others=(play[3][1], *args["others"]), wound_to=got.get("wound", ""))
        play_card(t, g, player, subject, how, events, in_place=trial or legal, **args)


def _card_args(play: list[Any]) -> dict[str, Any]:
    """The arguments of ``play_card`` that a card play's answered steps give."""
    subject, how = play[0], play[1]
    got, paid = _answers(play)
    # the Tome's (Magic Talent's) discarded card goes first in `others`, the Spell's steps after
    tome = subject == "tome-of-all-spells" or (subject, how) == TALENT
    others = tuple(f"{x[2]}:{x[1]}" if x[0] == "deck" else x[1] for x in play[2:] if (x[0] in ("offer", "shed", "coerce", "disband", "deck", "also", "spend") or
                                                  x[0] == "colour" and subject == "spell-forge") and x[1] != "done")
    if subject == "druidic-staff":
        others = tuple(f"{x[0]}:{x[1]}" for x in play[2:] if x[0] != "pay")
    elif tome:  # (and the Unit of the offer, for Call to Arms / Glory)
        others = (got.get("discard", ""), *(("recruit:" + got["recruit"],) if "recruit" in got else ()), *others)
    return {"option": int(got.get("choose", 1)), "mana": tuple(src for _, src in paid), "colour": got.get("colour", ""),
            "target": int(got.get("enemy", 0)), "die": int(got.get("die", 0)),
            "other": got.get("power") or got.get("throw") or ("" if tome else got.get("discard")) or got.get("ready") or
            got.get("banner") or got.get("move") or got.get("unit", ""),
            "offered": got.get("learn") or got.get("recruit") or got.get("skill", ""),
            "others": others, "terrain": got.get("terrain", ""),
            "hosted_other": got.get("discard", "") if "power" in got else "",  # Concentration's Improvisation
            "colours_paid": tuple(colour for colour, _ in paid),
            "settings": tuple(zip((int(x[1]) for x in play[2:] if x[0] == "die"),
                                  (x[1] for x in play[2:] if x[0] == "colour"), strict=False))}


POINTS_ONLY = frozenset(("move", "influence"))


def _worth_in_combat(t: Tables, g: GameState, player: int, kind: str) -> bool:
    """Whether Move or Influence points do something in this combat's phase: Move against an
    open Cumbersome attack, or as Attack with Agility; Influence for a Unit that asks for it, or
    as Block with Diplomacy (its effect this turn, or the card in hand)."""
    c = g.combat
    assert c is not None
    p = g.players[player]
    if kind == "move":
        agile = max((x[2] for x in p.lasting if x[0] == "agility"), default=0)
        return move_wanted(c, t) or bool(agile) and (c.phase == "attack" or c.phase == "ranged" and agile == 2)
    return influence_wanted(c, t) or c.phase in ("ranged", "block") and (
        any(x[0] == DIPLOMACY for x in p.lasting) or DIPLOMACY in p.hand)


def _idle_in_combat(t: Tables, g: GameState, player: int, play: list[Any]) -> bool:
    """Issue 24: a complete card or skill play in a combat whose effects are only Move or Influence
    points that this phase has no use for (not offered)."""
    subject, how = play[0], play[1]
    if how in POINTS_ONLY:  # sideways
        kinds = {how}
    else:
        if how in ("basic", "powered") and subject in t.card and subject not in TWO_WAYS:
            if any(x[0] == SHAPESHIFT for x in g.players[player].lasting):  # its Move may become Attack or Block
                return False
            side = t.card[subject].basic if how == "basic" else t.card[subject].powered
        elif how == "skill" and subject in t.skill:
            side = t.skill[subject].effect
        else:
            return False
        n = int(_answers(play)[0].get("choose", 1))
        if not 1 <= n <= len(side):
            return False
        kinds = {e.type for e in side[n - 1]}
    return bool(kinds) and kinds <= POINTS_ONLY and not any(_worth_in_combat(t, g, player, k) for k in kinds)


def read_verdict(t: Tables, g: GameState, player: int, play: list[Any], memo: TrialMemo | None = None) -> bool | None:
    """Whether a card's play is legal, read from the rules' conditions outside a combat (played
    sideways: ``sideways_refused``; an Action card's effect: ``action_card_verdict``); None where
    only a trial tells (``_completes``)."""
    if g.combat is None and play[1] in HOWS:
        if len(play) == 2 and play[1] in SIDEWAYS and (refused := sideways_refused(g, player, *play)) is not None:
            return not refused
        if play[0] not in OWN_STEPS and play[1] in ("basic", "powered"):
            return action_card_verdict(t, g, player, play[0], play[1], tuple(play[2:]), memo)
    return None


UNREAD = (None,) * len(HOWS)


def read_verdicts(t: Tables, g: GameState, player: int, card: str, memo: TrialMemo | None = None) -> \
        tuple[bool | None, ...]:
    """``read_verdict`` of ``card`` played each way of ``HOWS`` (basic, powered, then sideways)
    with no step answered, what the ways share read once (``action_card_verdicts``,
    ``sideways_verdicts``)."""
    if g.combat is not None:
        return UNREAD
    sides = (None, None) if card in OWN_STEPS else action_card_verdicts(t, g, player, card, memo)
    sideways = sideways_verdicts(g, player, card)
    return (*sides, *(UNREAD[2:] if sideways is None else sideways))


def _completes(t: Tables, g: GameState, player: int, play: list[Any], memo: TrialMemo | None = None) -> bool:
    """Whether some way of answering the rest of the play is legal (tried on copies); in a combat,
    a play giving only Move or Influence that the phase has no use for is not (issue 24). Outside
    a combat a card played is judged from the rules' conditions where they tell (``memo``: what
    mana can be paid, for the plays of one decision)."""
    verdict = read_verdict(t, g, player, play, memo)
    if verdict is not None:
        return verdict
    if memo is not None and play[1] == "discarding" and len(play) > 2 and play[-1][0] == "shed":
        # a card shed (or done after some): ``done`` always follows and only whether some card is
        # discarded counts (``_discarding_key``), so its one trial judges every answer
        done = play if play[-1][1] == "done" else [*play, ("shed", "done")]
        key = _discarding_key(done)
        assert key is not None
        if key not in memo:
            memo[key] = _works(lambda x: _run(t, x, player, done, [], trial=True), g)
        return memo[key]
    nxt = _next(t, g, player, play)
    if nxt is None:
        if g.combat is not None and _idle_in_combat(t, g, player, play):
            return False
        if play[:2] == ["mana-search", "use-tactic"]:  # its refusals read, no re-roll tried (facts 3.6)
            return mana_search_refusal(t, g, player, [int(x[1]) for x in play[2:] if x[1] != "done"]) is None
        if play[1] == "steal":  # Mana Steal's die: its refusal read, no trial
            return not mana_steal_refused(g, int(_answers(play)[0]["die"]))
        if memo is not None and (key := _discarding_key(play)) is not None:  # one trial for every discard
            if key not in memo:
                memo[key] = _works(lambda x: _run(t, x, player, play, [], trial=True), g)
            return memo[key]
        return _works(lambda x: _run(t, x, player, play, [], trial=True), g)
    word, answers = nxt
    if word == "shed" and len(answers) > 2:
        # cards discarded for a bonus (Stout Resolve, Sword of Justice...): which ones never decides
        # whether the play completes, only its size; trying every order of every subset is
        # exponential in the hand (a play that cannot complete tried them all)
        answers = [answers[0], answers[-1]]
    # ``done`` first: the shortest way to a complete play (the answer does not depend on the order)
    return any(_completes(t, g, player, [*play, (word, *a)], memo) for a in sorted(answers, key=lambda a: a != ("done",)))


def _discarding_key(play: list[Any]) -> tuple[str, tuple[str, ...]] | None:
    """The end of the turn's discarding (facts 5.7 step 6) as it matters to ``end_turn``: its step 4
    choice, Crystal Joy's card, and whether any card is discarded; which non-Wound cards of the hand
    (those offered) are discarded never decides whether the end is accepted (rounds/turn.py:
    ``_discarded`` takes them all, then only whether there are any counts). None for other plays."""
    if play[1] != "discarding":
        return None
    joy = next((x[1] for x in play[2:] if x[0] == RETURN), "")
    some = any(x[0] == "shed" and x[1] != "done" for x in play[2:])
    return "discarding", (play[0], joy, "some" if some else "none")


def _pending_play_actions(t: Tables, g: GameState, player: int, play: list[Any],
                          memo: TrialMemo | None = None) -> list[Action]:
    """The legal answers of the play's next step (``memo``: the trials of this decision, or of
    the play's earlier decisions where the state has not changed since)."""
    nxt = _next(t, g, player, play)
    assert nxt is not None
    word, answers = nxt
    memo = {} if memo is None else memo
    return [shared_action(word, *a) for a in answers if _completes(t, g, player, [*play, (word, *a)], memo)]
