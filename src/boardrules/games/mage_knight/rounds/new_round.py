"""The map's part of preparing a new round (facts 5.2): Day and Night alternate, the Source is re-rolled, the Advanced
Actions of the Unit offer are renewed from the standing monasteries, Units are readied, and face-down
ruins tokens are revealed at the start of a Day (ANCIENT RUINS "When Revealed"); then every
player's new round (facts 5.2 step 5) and the Tactic cards (step 6)."""

from __future__ import annotations

from ....engine import Event, IllegalActionError
from ..cards.deck import reshuffle_all
from ..cards.mana import roll_source
from ..cards.offers import renew_offers
from ..content import Tables
from ..game_state import DUMMY, GameState
from ..map.movement import start_day
from ..sites.turn_benefits import hand_limit_bonus
from ..skills.using import MOTIVATION_WAIT
from .dummy import dummy_round, dummy_tactic


def start_round(t: Tables, s: GameState, events: list[Event]) -> None:
    """Before every round except the first: flip the Day/Night board and re-roll the Source; the Advanced Actions lying
    in the Unit offer go to the bottom of their deck and each monastery not burned adds one
    (MONASTERY "Training", facts 5.2 step 2); every Unit is readied, wounded ones stay wounded
    (step 5); at the start of a Day face-down ruins tokens are revealed."""
    s.round += 1
    s.night = not s.night
    events.append(Event("round", f"round {s.round}: {'Night' if s.night else 'Day'}", data={"round": s.round,
                                                                                               "night": s.night}))
    roll_source(s)
    s.aa_deck[:0] = reversed(s.unit_offer_aa)  # the deck's top is its end
    s.unit_offer_aa = []
    for h in sorted(s.spaces):
        tile_id, i = s.spaces[h]
        if t.tile[tile_id].hexes[i].site == "monastery" and h not in s.burned and s.aa_deck:
            s.unit_offer_aa.append(s.aa_deck.pop())
    for p in s.players:
        for u in p.units:
            u[2] = False
        p.banners = {label: banner.partition(":")[0] for label, banner in p.banners.items()}  # unflipped
    if not s.night:
        start_day(t, s, events)


def begin_round(t: Tables, s: GameState, events: list[Event], first: bool = False) -> None:
    """Facts 5.2: a new round (the map's part first, except for the ``first`` round), every player
    shuffles ALL their Deed cards into a new deck and draws up to the Hand limit (+ keep / city
    bonus, + a "next time you draw" bonus earned on their last turn: step 5, and the rulebook's
    "Prepare the Round" g), the offers are renewed and the Day or Night Tactic cards are laid out."""
    if not first:
        offers_full = bool(s.aa_offer), bool(s.spell_offer)
        start_round(t, s, events)
        renew_offers(t, s)
        if s.dummy is not None:  # Solo Conquest: the used Tactics leave the game (facts 5.8)
            s.removed_tactics = (*s.removed_tactics, *(p.tactic for p in s.players if p.tactic), s.dummy.tactic)
            dummy_round(s, *offers_full, t, events)
            s.dummy.tactic = ""
    s.announced_by, s.final_turns, s.round_over = -1, [], False
    s.centre = ()  # the interactive skills come back face up with the others (facts 5.2 step 5)
    for i, p in enumerate(s.players):
        # skills turned face up (facts 5.2 step 5); a Motivation's wait lasts to the end of the owner's next turn
        p.tactic, p.skills_used = "", [k for k in p.skills_used if k.startswith(MOTIVATION_WAIT)]
        p.deck += s.spared[i]  # cards left under Sparing Power go back with the others
        # the keep or city bonus where the hero ended their last turn (KEEP "if you end your turn"), and a
        # "next time you draw" bonus earned on that turn (facts 5.2 step 5; turn._draw_step)
        reshuffle_all(p, s.rng, p.hand_limit + hand_limit_bonus(t, s, i) + p.round_hand_bonus, events, i)
        p.round_hand_bonus = 0
    s.extra_turn, s.spared = False, tuple(() for _ in s.players)
    time = "night" if s.night else "day"
    s.tactics = [x.id for x in sorted(t.tactics, key=lambda x: x.number)
                 if x.time == time and x.set == "base" and x.id not in s.removed_tactics]


def tactic_picker(s: GameState) -> int:
    """Facts 5.2 step 6: the lowest Fame picks first; a tie goes to the player lower in the
    Round Order (in round 1, the reverse of the order the heroes were chosen in). -1: all
    have picked."""
    waiting = [i for i in s.round_order if i != DUMMY and not s.players[i].tactic]
    if not waiting:
        return -1
    return min(waiting, key=lambda i: (s.players[i].fame, -s.round_order.index(i)))


def choose_tactic(t: Tables, s: GameState, player: int, tactic: str, events: list[Event]) -> None:
    """Facts 5.2 step 6, 3.6: take one of the round's Tactic cards in turn; when all have
    chosen, the Round Order follows the tactics' numbers (lowest first)."""
    who = tactic_picker(s)
    if who != player:
        raise IllegalActionError("it is not your turn to choose a Tactic" if who >= 0 else
                                 "every player has chosen a Tactic", "Tactics")
    if tactic not in s.tactics:
        raise IllegalActionError(f"{tactic} is not one of the Tactics left: {', '.join(s.tactics)}", "Tactics")
    s.tactics.remove(tactic)
    s.players[player].tactic = tactic
    events.append(Event("tactic", f"takes {t.tactic[tactic].name}", player, {"tactic": tactic}))
    if tactic_picker(s) < 0:
        if s.dummy is not None:  # the player always picks first, the Dummy after (facts 5.8)
            dummy_tactic(s, events)
        s.round_order.sort(key=lambda i: t.tactic[s.dummy.tactic if i == DUMMY and s.dummy else
                                                   s.players[i].tactic].number)
        s.current = s.round_order[0] if s.round_order[0] != DUMMY else s.round_order[-1]
