"""A player's turn (facts 5.4, 5.7, 6.2): starting it, resting, announcing the End of the Round,
and the end-of-turn sequence (dice, Forced Withdrawal, tokens and played cards, space benefits,
level-ups, discarding and drawing up to the Hand limit).
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine import Event, IllegalActionError
from ..cards.deck import RECEIVED, WOUND, draw_up_to, end_turn_cards, take_wounds
from ..cards.end_of_turn_cards import end_of_turn as cards_end_of_turn
from ..cards.mana import return_dice, return_tokens
from ..content import Tables
from ..game_state import (
    BOX,
    BOX_BANNER,
    BOX_USED,
    COMMAND_BANNER,
    GameState,
    PlayerState,
    add,
    clear_marks,
    command_tokens_used,
    count,
    details,
    has,
    labels_of,
    remove_unit,
)
from ..knowledge.seen import hand_shown, put_under, seen_in_hand
from ..map.exploring import space
from ..map.hexes import Hex
from ..map.movement import assault_needed, normally_accessible, rampaging_at
from ..sites.interaction import drop_seen_blind
from ..sites.rewards import take_crystal_rewards
from ..sites.turn_benefits import end_of_turn, hand_limit_bonus, start_of_turn
from ..skills.in_combat import FRENZIED
from ..skills.interactive import centre_at_turn_start
from ..skills.using import turn_skills_face_up

TIME_BENT = "time-bent"  # cards/spells.TIME_BENT (that module imports this one)


def skips_turn(s: GameState, player: int, events: list[Event]) -> bool:
    """Facts 5.4 "If your Round Order token is face down: flip it up and skip the turn" (a
    defender who took part fully in a combat between heroes): not even the End of the Round may
    be announced. A skipped turn is still that player's turn: after an announcement it is their
    one more turn. True if this turn is skipped."""
    if player not in s.pvp_face_down:
        return False
    s.pvp_face_down.remove(player)
    events.append(Event("turn-skipped", "took part fully in a combat between heroes: this turn is skipped", player))
    if s.announced_by >= 0 and player in s.final_turns:
        s.final_turns.remove(player)
        s.round_over = not s.final_turns
    return True


def safe_space(t: Tables, s: GameState, player: int, h: Hex) -> bool:
    """Facts 5.5 "Safe space": normally accessible terrain, not an unconquered fortified site or a
    rival's keep, no rampaging enemy and no other hero (except the portal or a conquered city)."""
    sp = space(t, s, h)
    # a lake entered by Mist Form is not normally accessible; mountains made safe by Mountain Lore are
    made_safe = any(x[0] == "enter-safe" and sp is not None and x[1] == sp.terrain for x in s.players[player].lasting)
    if sp is None or not (normally_accessible(t, s, h) or made_safe) or rampaging_at(t, s, h) or \
            assault_needed(t, s, player, h):
        return False
    if sp.site == "portal" or (sp.site == "city" and h in s.conquered):
        return True
    return not any(i != player and q.position == h for i, q in enumerate(s.players))


def start_turn(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """The start of a turn (facts 5.4): the turn's flags, one Source die, the space's mana
    (glade, Necropolis...). A turn must play or discard a card unless the hand is empty; after
    an announcement of the End of the Round a player with no cards at all forfeits the turn."""
    s.current = player
    s.dice_allowed = 1
    if s.centre:  # facts 3.5: an interactive skill leaves the centre at the start of its owner's next turn
        centre_at_turn_start(t, s, player, events)
    start_of_turn(t, s, player, events)
    p = s.players[player]
    p.turn_start, p.rested, p.move_bonus, p.forfeited = p.position, False, 0, False
    clear_marks(p)  # Wounds received on another's turn are not this turn's
    s.recruited, s.sideways_bonus, s.polarized, s.heal_points = 0, "", False, 0
    for owner, die, each, _ in s.mana_claims:  # Mana Claim: a token of the kept die's colour
        if owner == player and each:
            p.mana[s.source[die]] += 1
            events.append(Event("mana-token", f"gains a {s.source[die]} mana token (Mana Claim)", player,
                                {"colour": s.source[die]}))
    p.must_play = bool(p.hand)  # an empty hand: nothing to play (an empty deck too: announce or forfeit)
    if not p.hand and not p.deck and s.announced_by >= 0:  # facts 5.7: no cards at all, forfeit
        p.forfeited = p.acted = p.moving_done = True
        events.append(Event("forfeit", "has no cards: forfeits the turn", player))


def announce_end_of_round(s: GameState, player: int, events: list[Event]) -> None:
    """Facts 5.7 "Announcing End of Round": only at the start of your turn, with an empty Deed
    deck, and only if nobody has announced yet. The turn is forfeited; every other player takes
    exactly one more turn."""
    p = s.players[player]
    why = announce_refusal(s, player)
    if why:
        raise IllegalActionError(why, "Announcing End of Round")
    s.announced_by = player
    s.final_turns = [i for i in s.round_order if i != player]
    p.must_play, p.forfeited = False, True
    p.acted = p.moving_done = True
    s.round_over = not s.final_turns
    events.append(Event("announced", "announces the End of the Round", player))


def announce_refusal(s: GameState, player: int) -> str:
    """Why ``player`` cannot announce the End of the Round now ("": they can; facts 5.7)."""
    p = s.players[player]
    if s.announced_by >= 0:
        return "the End of the Round was already announced"
    if p.deck:
        return f"you still have {len(p.deck)} cards in your Deed deck"
    if p.play_area or p.path or p.acted or p.rested:
        return "the End of the Round is announced at the start of your turn"
    return ""


def must_announce(s: GameState, player: int) -> bool:
    """Announcing is mandatory with an empty deck and an empty hand (facts 5.7)."""
    p = s.players[player]
    return s.announced_by < 0 and not p.deck and not p.hand


def rest(s: GameState, player: int, cards: Sequence[str], events: list[Event]) -> None:
    """Facts 5.4 "Rest" (no movement, no action): Standard Rest with a non-Wound card in hand,
    discard exactly one non-Wound card and any number of Wounds; Slow Recovery with only
    Wounds, show the hand and discard one Wound. Discarded Wounds are not healed."""
    p = s.players[player]
    if p.path or p.acted or p.play_area or p.rested:
        raise IllegalActionError("you rest instead of moving and acting, before playing cards", "Rest")
    hand = p.hand[:]
    for c in cards:
        if c not in hand:
            raise IllegalActionError(f"you have no {c} in your hand to discard", "Rest")
        hand.remove(c)
    others = [c for c in cards if c != WOUND]
    if any(c != WOUND for c in p.hand):
        if len(others) != 1:
            raise IllegalActionError("Standard Rest: discard exactly one non-Wound card (and any Wounds)", "Rest")
        kind = "Standard Rest"
    else:
        if list(cards) != [WOUND]:
            raise IllegalActionError("Slow Recovery: with only Wounds in hand, discard one Wound", "Rest")
        kind = "Slow Recovery"
        hand_shown(s, player)  # the hand of Wounds is shown (knowledge/seen.py: one fewer seen once discarded)
    p.hand = hand
    p.discard += list(cards)
    p.rested = p.acted = p.moving_done = True
    events.append(Event("rested", f"{kind}: discards {', '.join(cards)}", player, {"cards": list(cards)}))
    if FRENZIED in p.skills_used:  # Battle Frenzy's strong side flips back when you rest (facts 3.5)
        p.skills_used.remove(FRENZIED)


def forced_withdrawal(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Facts 5.7 step 2: not on a safe space, retrace the turn's path back to the last safe
    space, one Wound to the hand per space moved back (not after a failed assault)."""
    p = s.players[player]
    if safe_space(t, s, player, p.position) or assault_needed(t, s, player, p.position):
        return
    if not p.path:  # no move this turn: no path to retrace (a hero withdrawn onto another one stays)
        return
    back = [p.turn_start, *p.path[:-1]]
    steps = 0
    while back:
        h = back.pop()
        steps += 1
        if safe_space(t, s, player, h) or not back:
            p.position = h
            break
    take_wounds(p, steps)
    events.append(Event("forced-withdrawal", f"Forced Withdrawal: {steps} space(s) back, {steps} Wound(s)",
                        player, {"to": list(p.position), "wounds": steps}))


def level_ups(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Facts 6.2: one level-up per row line crossed. Odd levels: the next Level token (Armor,
    Hand limit) and a Command token; even levels: a Skill and an Advanced Action, kept as a
    pending reward until the offers are in."""
    p = s.players[player]
    reached = t.level_of(p.fame).level
    while p.level < reached:
        p.level += 1
        lv = next(x for x in t.levels if x.level == p.level)
        if lv.gain == "level-token":
            p.armor, p.hand_limit, p.command = lv.armor, lv.hand_limit, lv.command
        else:
            p.pending.append("skill-and-advanced-action")
        events.append(Event("level-up", f"reaches level {p.level}", player, {"level": p.level}))


def _mysterious_box_at_end(s: GameState, p: PlayerState) -> str:
    """Mysterious Box (facts 3.3): at the end of the turn the Artifact it revealed goes to the
    bottom of the Artifact deck; the Box, if not used as it, returns to the hand; used as a
    Banner, it is discarded from under its Unit. Returns the Unit that held it as the Banner of
    Command (now without a Command token: ``_box_command_lost``), or ""."""
    revealed = next(iter(details(p, BOX)), "")
    if not revealed:
        return ""
    commanded = ""
    for label, banner in sorted(p.banners.items()):  # the Box used as a Banner is discarded
        if has(p, BOX_BANNER, banner.partition(":")[0]):
            del p.banners[label]
            p.discard.append("mysterious-box")
            commanded = label if banner.partition(":")[0] == COMMAND_BANNER else commanded
    if revealed in s.artifact_deck:
        s.artifact_deck.remove(revealed)
        s.artifact_deck.insert(0, revealed)
        put_under(s, "artifact_deck")  # the Mysterious Box showed it to everyone
    if not has(p, BOX_USED) and "mysterious-box" in p.play_area:
        p.play_area.remove("mysterious-box")
        p.hand.append("mysterious-box")
        seen_in_hand(s, s.players.index(p), ["mysterious-box"])  # back from the play area, in sight of everyone
    p.lasting = tuple(x for x in p.lasting if x[0] not in (BOX, BOX_USED))  # the new top is unseen
    return commanded


def _box_command_lost(t: Tables, s: GameState, player: int, label: str, events: list[Event]) -> None:
    """The Mysterious Box used as the Banner of Command is discarded at the end of the turn (facts
    3.3): the Unit it commanded needs a Command token; with none free (after this turn's
    level-ups) that Unit is disbanded, leaving the game (our reading, rules-choices.md)."""
    p = s.players[player]
    labels = labels_of(p)
    if not label or label not in labels or command_tokens_used(p) <= p.command:
        return
    unit = remove_unit(p, labels.index(label))[0]
    events.append(Event("disbanded", f"disbands {t.unit[unit].name}: the Mysterious Box was its Command token",
                        player, {"unit": unit}))


def _card_effects_at_end(s: GameState, player: int, events: list[Event]) -> str:
    """A Ring's strong effect (facts 3.3): Fame +1 per Spell of its colour cast this turn. Banner
    of Protection thrown away: the Wounds received this turn are thrown away (hand first).
    Returns the Unit the Mysterious Box commanded (``_mysterious_box_at_end``)."""
    p = s.players[player]
    commanded = _mysterious_box_at_end(s, p)
    if has(p, "throw-away-wounds"):
        n = count(p, RECEIVED)
        thrown = 0
        for pile in (p.hand, p.discard):
            while thrown < n and WOUND in pile:
                pile.remove(WOUND)
                thrown += 1
        if thrown:
            events.append(Event("healed", f"throws away {thrown} Wound(s) received this turn", player,
                                {"wounds": thrown}))
    for colour in details(p, "ring:"):
        n = count(p, "cast:", colour)
        if n:
            p.fame += n
            events.append(Event("fame", f"Fame +{n}: {colour} Spells cast with a Ring", player, {"fame": n}))
    return commanded


def planning(p: PlayerState) -> int:
    """Planning (facts 3.6): at the end of each of your turns, holding at least two cards before
    drawing, draw as if your Hand limit were 1 higher."""
    return 1 if p.tactic == "planning" and len(p.hand) >= 2 else 0


def end_turn(t: Tables, s: GameState, player: int, events: list[Event], crystal: str = "", throw_away: str = "",
             discard: Sequence[str] = (), joy: str = "", in_place: bool = False) -> None:
    """Facts 5.7 "End-of-turn sequence", in its order: 1. dice back re-rolled, 2. Forced
    Withdrawal, 3. tokens and played cards, 4. the space's benefits (``crystal``, ``throw_away``),
    5. combat rewards (facts 6.1), then level-ups (6.2), 6. any non-Wound cards discarded
    (``discard``), then cards drawn up to the Hand limit (with the keep / city bonus); over it
    nothing is drawn. A turn must have played or discarded a card (facts 5.4). ``joy``: the card
    discarded to take Crystal Joy back to hand (``end_of_turn_cards.end_of_turn``).

    When step 5 has a reward or a level-up to choose, or dice to roll, the turn stops there
    (``PlayerState.draw_waits``): the rewards are taken (cards/offers.py), then a second call does step
    6 alone, with its ``discard``. ``in_place``: ``s`` is a trial copy that a refusal may leave half
    changed (no second copy is made)."""
    g = s if in_place else s.clone()  # applied to a copy: a refusal at any step leaves the state as it was
    new: list[Event] = []
    if g.players[player].draw_waits:
        _draw_new_cards(t, g, player, new, crystal, throw_away, discard, joy)
    else:
        _end_turn(t, g, player, new, crystal, throw_away, discard, joy)
    if not in_place:
        s.take_over(g)
    events += new


def nothing_played_yet(p: PlayerState) -> bool:
    """Facts 5.4: the turn must still play or discard a card (or rest) before it ends. After the
    turn's action (a combat that knocked the hero out) a hand of Wounds can play nothing; a hand
    emptied by an effect's discard (a skill) has nothing left to play either."""
    stuck = (p.acted and all(c == WOUND for c in p.hand)) or not p.hand
    return p.must_play and not p.play_area and not p.rested and not stuck


def ending_refused(s: GameState, player: int) -> bool:
    """Whether ``end_turn`` refuses every way of ending the turn now, whatever its choices (a
    crystal colour, a Wound thrown away, cards discarded): a combat to finish, or no card played
    yet (facts 5.4). False: it may accept some."""
    return not s.players[player].draw_waits and (s.combat is not None or nothing_played_yet(s.players[player]))


def _discarded(p: PlayerState, discard: Sequence[str]) -> list[str]:
    """Facts 5.7 step 6: the cards discarded are non-Wound cards of the hand; the hand left."""
    hand = p.hand[:]
    for c in discard:
        if c == WOUND or c not in hand:
            raise IllegalActionError(f"only non-Wound cards of your hand may be discarded, not {c}", "End of turn")
        hand.remove(c)
    return hand


def _end_turn(t: Tables, s: GameState, player: int, events: list[Event], crystal: str, throw_away: str,
              discard: Sequence[str], joy: str) -> None:
    p = s.players[player]
    if s.combat is not None:
        raise IllegalActionError("finish the combat before ending the turn", "End of turn")
    if nothing_played_yet(p):
        raise IllegalActionError("play or discard at least one card this turn (or rest)", "A turn")
    hand = _discarded(p, discard)
    if joy and joy not in hand:  # Crystal Joy's card is discarded for it, not among step 6's cards too
        raise IllegalActionError(f"{joy} is discarded to take Crystal Joy back: it is not discarded again", "End of turn")
    if p.forfeited:  # a forfeited turn gets no space benefits (facts 5.7)
        if throw_away:  # (a crystal colour is ignored, as off a deep mine)
            raise IllegalActionError("a forfeited turn gets no space benefits", "Announcing End of Round")
        return_dice(s)
        return_tokens(p)
    else:
        forced_withdrawal(t, s, player, events)
        end_of_turn(t, s, player, events, crystal, throw_away)  # dice, tokens, the space's benefits
    bent = has(p, TIME_BENT)  # Time Bending (cards/spells.py): another turn, nothing drawn
    # a card's `hand-limit` (Mountain Lore here; Meditation, Temporal Portal when played) adds to the
    # keep or city bonus, once
    s.hand_bonus += cards_end_of_turn(t, s, player, events, joy)
    commanded = _card_effects_at_end(s, player, events)
    end_turn_cards(p)
    rolled = take_crystal_rewards(s, player, events)  # step 5: the crystals won, then the level-ups
    level_ups(t, s, player, events)
    _box_command_lost(t, s, player, commanded, events)
    if p.pending or rolled:  # rewards or a level-up to choose, or dice just rolled: step 6 comes after them
        if discard:
            raise IllegalActionError("step 6's discarding comes after this turn's rewards (facts 5.7 step 5): "
                                     "take them first", "End of turn")
        p.draw_waits = True
        if bent:
            add(p, TIME_BENT)  # remembered for step 6
        return
    _draw_step(t, s, player, events, discard, bent)


def _draw_new_cards(t: Tables, s: GameState, player: int, events: list[Event], crystal: str, throw_away: str,
                    discard: Sequence[str], joy: str) -> None:
    """Facts 5.7 step 6 after the rewards of step 5 were taken."""
    p = s.players[player]
    if p.pending:
        raise IllegalActionError(f"take your reward first: {p.pending[0]} (facts 5.7 step 5)", "End of turn")
    if crystal or throw_away or joy:
        raise IllegalActionError("the space's benefits and Crystal Joy came before this turn's rewards: only "
                                 "step 6 is left, discarding and drawing", "End of turn")
    _discarded(p, discard)
    _draw_step(t, s, player, events, discard, has(p, TIME_BENT))


def _draw_step(t: Tables, s: GameState, player: int, events: list[Event], discard: Sequence[str],
               bent: bool) -> None:
    """Facts 5.7 step 6: the non-Wound cards ``discard`` discarded, then cards drawn up to the Hand
    limit with the keep or city bonus, Planning and the "next time you draw" bonuses; on the
    player's last turn of the round those bonuses are kept for the new round's draw (facts 5.2
    step 5). Then the turn is over: skills face up, one more of the last turns taken."""
    p = s.players[player]
    for c in discard:
        p.hand.remove(c)
    p.discard += list(discard)
    last = s.announced_by == player or (s.announced_by >= 0 and player in s.final_turns)
    if last:  # the round ends before this hand is used: the bonus waits for the new round's draw
        p.round_hand_bonus += s.hand_bonus
    n = 0 if bent else draw_up_to(p, p.hand_limit + hand_limit_bonus(t, s, player) + planning(p) +
                                  (0 if last else s.hand_bonus))
    s.hand_bonus = 0
    p.draw_waits = False
    p.lasting = ()
    events.append(Event("drew", f"draws {n} card(s)", player, {"cards": n}))
    turn_skills_face_up(t, s, player)
    drop_seen_blind(s)
    if s.announced_by >= 0 and player in s.final_turns:
        s.final_turns.remove(player)
        s.round_over = not s.final_turns


__all__ = [
    "announce_end_of_round", "announce_refusal", "end_turn", "ending_refused", "forced_withdrawal", "level_ups",
    "must_announce", "nothing_played_yet", "rest", "safe_space", "skips_turn", "start_turn",
]
