"""The turn's legal actions at a moment (facts 5.4-5.7): resting (Slow Recovery), the cards, skills
and Tactics that can be played (facts 3.5, 3.6), moving and exploring, attacking another hero,
the sites and challenges, recruiting, Units' abilities outside combat (facts 3.4) and healing
them, Savage Harvesting, ending the turn; and the choices of a pending reward (facts 6.1, 6.2)."""

from __future__ import annotations

from functools import lru_cache

from ....engine import Action, Event, shared_action
from ..cards.deck import WOUND
from ..cards.offers import (
    artifacts_drawn,
    level_up_cards,
    level_up_reward,
    take_reward,
    unit_labels,
)
from ..cards.playing import BOX_CARD, SIDEWAYS, TrialMemo
from ..cards.savage_harvesting import harvest_colours, harvests_left
from ..cards.unit_activation import turn_ability
from ..content import Tables
from ..game_state import BASIC, GameState, box_artifact, command_tokens_used, has
from ..map.exploring import (
    explore_reach,
    explore_refusal,
    exploring_refused,
    next_to,
    open_positions,
)
from ..map.hexes import neighbours
from ..map.movement import move_refusal, steps_unaffordable, two_away
from ..pvp.combat import attack_targets
from ..rounds.turn import announce_refusal, must_announce
from ..sites.interaction import recruit_refused, recruiting_refused
from ..sites.site_combats import challenge, may_challenge
from ..skills.consulted import ARCANE_DISGUISE, arcane_flipped
from ..skills.interactive import MANA_ENHANCEMENT, enhancement_to_return
from ..skills.mana import SHAMANIC_RITUAL, shamanic_ritual_flippable
from ..skills.using import tactic_usable
from .card_plays import _completes, read_verdicts
from .end_of_turn import _end_actions, _joy_actions
from .site_actions import _enter_actions, _site_actions
from .words import ANNOUNCE, HOWS, _hs, _works


def _play_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    acts: list[Action] = []
    p = g.players[player]
    memo: TrialMemo = {}  # the mana that can be paid, for every card of this decision
    for card in sorted(set(p.hand) - {WOUND}):
        # (outside a combat, no trial: most cards)
        for how, verdict, action in zip(HOWS, read_verdicts(t, g, player, card, memo), _card_plays(card), strict=True):
            if verdict if verdict is not None else _completes(t, g, player, [card, how], memo):
                acts.append(action)
    if box_artifact(p) and BOX_CARD in p.play_area:  # the Mysterious Box used as the Artifact it revealed
        acts += [shared_action("play", BOX_CARD, how) for how in ("basic", "powered")
                 if _completes(t, g, player, [BOX_CARD, how])]
    if g.sideways_bonus == "power-of-pain" and WOUND in p.hand:  # a Wound played sideways, worth 2
        acts += [shared_action("play", WOUND, how) for how in SIDEWAYS if _completes(t, g, player, [WOUND, how])]
    for skill in p.skills:
        if skill not in p.skills_used and t.skill[skill].type in ("turn", "round", "interactive") and \
                _completes(t, g, player, [skill, "skill"]):
            acts.append(shared_action("skill", skill))
    if ARCANE_DISGUISE in p.skills_used and arcane_flipped(p) and _completes(t, g, player, [ARCANE_DISGUISE, "skill"]):
        acts.append(shared_action("skill", ARCANE_DISGUISE))  # flipped back up (green mana) the turn it was used
    if p.skills_used and shamanic_ritual_flippable(g, player):  # flipped back up as the turn's action
        acts.append(shared_action("skill", SHAMANIC_RITUAL))
    if g.centre and enhancement_to_return(g, player) and g.combat is None:  # another's Mana Enhancement
        acts.append(shared_action("skill", MANA_ENHANCEMENT))
    return acts


@lru_cache(maxsize=1024)
def _card_plays(card: str) -> tuple[Action, ...]:
    """The actions playing ``card`` each way of ``HOWS``, in order."""
    return tuple(shared_action("play", card, how) for how in HOWS)


def _tactic_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """A Tactic used during the round (facts 3.6), when its moment has come."""
    tactic = tactic_usable(t, g, player)
    if tactic in ("the-right-moment", "long-night"):  # no choice to make: usable is enough (no trial copy)
        return [shared_action("use-tactic", tactic)]
    return [shared_action("use-tactic", tactic)] if tactic and _completes(t, g, player, [tactic, "use-tactic"]) else []


def _unit_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Units' abilities outside combat (facts 3.4): those a ready, unwounded Unit can use now."""
    p = g.players[player]
    acts = []
    for label, u in zip(unit_labels(p), p.units, strict=True):
        if u[2] and p.banners.get(label) == "banner-of-courage":  # flipped to ready the Unit
            acts.append(shared_action("activate", label, "banner"))
        if u[1] or u[2]:
            continue
        for ability in t.unit[u[0]].abilities:
            if turn_ability(u[0], ability) and \
                    _completes(t, g, player, [label, "unit:" + ability.key]):
                acts.append(shared_action("activate", label, ability.key))
    return acts


# -- the turn ----------------------------------------------------------------------------------
def _turn_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    p = g.players[player]
    acts: list[Action] = []
    if not announce_refusal(g, player):
        if must_announce(g, player):  # facts 5.7: with no cards at all, at the start of the turn
            return [ANNOUNCE]
        acts.append(ANNOUNCE)
    if not (p.path or p.acted or p.play_area or p.rested):
        for card in sorted(set(p.hand) - {WOUND}):
            acts.append(shared_action("rest", card))
        if p.hand and not set(p.hand) - {WOUND}:
            acts.append(shared_action("rest", WOUND))
            if p.must_play:  # facts 5.4: no card to play or discard but a Wound: Slow Recovery
                return acts + _tactic_actions(t, g, player)
    acts += _play_actions(t, g, player)
    acts += _tactic_actions(t, g, player)
    steps = neighbours(p.position)
    if has(p, "space-bending"):  # spaces 2 away as if adjacent
        steps = [*steps, *sorted(two_away(p.position))]
    for h in [] if steps_unaffordable(g, player) else steps:
        if h in g.spaces and not move_refusal(t, g, player, h)[0]:
            acts.append(shared_action("move", _hs(h)))
    reach = explore_reach(p)
    for grid in [] if exploring_refused(p) else open_positions(g):
        if next_to(p.position, grid, reach) and not explore_refusal(t, g, p, grid)[0]:
            acts.append(shared_action("explore", _hs(grid)))
    targets = attack_targets(t, g, player)
    if targets:  # facts 5.4: ending the move on another hero, the combat replaces the turn's action
        return acts + _unit_actions(t, g, player) + [shared_action("attack-hero", str(d + 1)) for d in targets]
    acts += _enter_actions(t, g, player)
    for h in neighbours(p.position):
        if may_challenge(t, g, player, h) and _works(lambda x, hh=h: challenge(t, x, player, [hh], []), g):
            acts.append(shared_action("challenge", _hs(h)))
    for unit in [] if recruiting_refused(t, g, player) else sorted(set(g.unit_offer)):
        if not recruit_refused(t, g, player, unit) and _completes(t, g, player, [unit, "recruit"]):
            acts.append(shared_action("recruit", unit))
    acts += _unit_actions(t, g, player)
    if g.heal_points:  # Heal points left: Wounded Units whose level they pay
        acts += [shared_action("heal-unit", x) for x, u in zip(unit_labels(p), p.units, strict=True)
                 if u[1] and t.unit[u[0]].level <= g.heal_points]
    acts += _site_actions(t, g, player)
    if p.lasting and harvests_left(g, player):  # Savage Harvesting: a card for a crystal of its colour
        for card in sorted(set(p.hand) - {WOUND}):
            colours = harvest_colours(t, card)
            acts += [shared_action("harvest", card)] if len(colours) == 1 else \
                [shared_action("harvest", card, c) for c in colours]
    acts += _end_actions(t, g, player)
    if g.players[player].lasting:
        acts += _joy_actions(t, g, player)
    return acts


def reward_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Facts 6.1, 6.2: the choices for the first pending reward."""
    p = g.players[player]
    reward = p.pending[0]
    acts: list[Action] = []
    if reward == "skill-and-advanced-action":  # the skill first; its Advanced Action is the next step (learn)
        for k in sorted(set(p.skill_pile[-2:]) | set(g.common_skills)):
            if any(_works(lambda x, k=k, a=a: level_up_reward(t, x, player, k, a, []), g)
                   for a in level_up_cards(g, player, k)):
                acts.append(shared_action("level-up", k))
        return acts
    kind, _, detail = reward.partition(":")
    drawn = g.artifact_deck[len(g.artifact_deck) - artifacts_drawn(g, p):]  # N + 1 for N won (facts 6.1)
    choices = {"spell": g.spell_offer, "advanced-action": [] if detail else g.aa_offer,
               "artifact": drawn, "unit": g.unit_offer, "crystal-choice": list(BASIC)}.get(kind, [])
    full = kind == "unit" and command_tokens_used(p) >= p.command  # a Unit is disbanded first (facts 6.1)
    for c in sorted(set(choices)) or [""]:
        if _completes(t, g, player, [c, "reward-unit"]) if full else \
                _works(lambda x, c=c: take_reward(t, x, player, reward, c, []), g):
            acts.append(shared_action("take", reward, c) if c else shared_action("take", reward))
    return acts


def drop_untakeable(t: Tables, g: GameState, player: int, events: list[Event]) -> bool:
    """Rewards that no choice can take (an empty offer) are lost (our reading); whether a
    reward is left to take."""
    p = g.players[player]
    while p.pending and not reward_actions(t, g, player):
        events.append(Event("reward-lost", f"cannot take the {p.pending[0]} reward: nothing to take", player))
        p.pending.pop(0)
    return bool(p.pending)


__all__ = ["drop_untakeable", "reward_actions"]
