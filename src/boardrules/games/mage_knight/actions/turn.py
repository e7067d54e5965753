"""The turn as small decisions (facts 5.2-5.7): who decides now (a Tactic's chooser, a Mana
Steal's die, a player asked, a hero answering in a combat between heroes, the player whose turn
it is), the question now with its legal actions, and applying one legal action by the rule
functions, a card play's steps gathered until the play runs."""

from __future__ import annotations

from ....engine import Action, Decision, Event, IllegalActionError, shared_action
from ..cards.artifacts import flip_banner
from ..cards.combat_cards import after_combat_action, watch_combat
from ..cards.deck import WOUND
from ..cards.mana import mana_sources
from ..cards.offers import take_reward
from ..cards.playing import TrialMemo
from ..cards.savage_harvesting import harvest
from ..cards.spells import take_meditation_cards
from ..cards.unit_activation import heal_unit
from ..combat.actions import apply_combat
from ..combat.choices import NEXT
from ..combat.decision import combat_decision, played_action
from ..content import Tables
from ..game_state import DUMMY, MKState, command_tokens_used, labels_of
from ..knowledge.seen import on_top
from ..map.exploring import explore
from ..map.movement import move
from ..pvp.combat import apply_pvp, pvp_actions, pvp_decision, start_pvp
from ..rounds.answers import RULE as RULE_ANSWER
from ..rounds.answers import answer, answer_asked, answer_skills, asked_decision, may_plunder
from ..rounds.new_round import choose_tactic, tactic_picker
from ..rounds.turn import announce_end_of_round, end_turn, rest
from ..sites.interaction import (
    add_elite_unit,
    buy_advanced_action,
    buy_artifact,
    buy_healing,
    buy_spell,
    plunder,
)
from ..sites.site_combats import burn_monastery, challenge, enter_site, maze_move, pay_altar
from ..skills.interactive import frozen_colours, source_freeze_back, source_freeze_waiting
from ..skills.using import mana_steal_possible, tactic_moment_passed, tactic_when_taken
from .card_plays import _completes, _pending_play_actions, _run
from .combat_starts import _other_rampaging
from .end_of_turn import RETURN, RETURN_DISCARD, WOUND_FROM, _draw_actions, _end_with
from .legal_actions import _play_actions, _turn_actions, reward_actions
from .play_steps import STEP_WORDS, _answers, _next, _plan
from .site_actions import _site_mana
from .unit_mana_plays import _unit_mana_plays
from .words import PLUNDER, _h, _works


def _stealer(m: MKState) -> int:
    """The player whose Mana Steal, just taken, waits for its die (-1: none)."""
    if m.play and m.play[1] == "steal":
        return next(i for i, p in enumerate(m.g.players) if p.tactic == "mana-steal")
    return -1


def decider(t: Tables, m: MKState) -> int:
    """Who decides now: the player choosing a Tactic (or a die for Mana Steal), in a combat
    between heroes the hero who answers, or the player whose turn it is."""
    g = m.g
    if (who := _stealer(m)) >= 0:
        return who
    if g.asked:  # another player asked in the middle of the turn (Mind Read)
        return g.asked[0][0]
    if g.pvp is not None:
        return pvp_actions(t, g)[0]
    who = tactic_picker(g)
    if who < 0 and m.answering and not m.play:
        return m.answering[0]
    return who if who >= 0 else g.current


def turn_of(m: MKState) -> int:
    """Whose turn the players answering now answer on: the Dummy player's (``DUMMY``) when its
    turn waits for them (Solo Conquest), else the current player's."""
    return DUMMY if m.dummy_pending else m.g.current


def turn_decision(t: Tables, m: MKState) -> Decision:
    """The question now, in a game that is not over and whose automatic steps are done."""
    g = m.g
    if (who := _stealer(m)) >= 0:
        return Decision(who, "Mana Steal: take a Source die showing a basic colour",
                        tuple(_pending_play_actions(t, g, who, m.play)))
    if g.asked:  # a player asked answers (rounds/answers.py: Mind Read in a turn, an upkeep as a round begins)
        who, prompt, asked = asked_decision(t, g)
        return Decision(who, prompt, tuple(asked))
    who = tactic_picker(g)
    if who >= 0:
        return Decision(who, "Choose a Tactic", tuple(shared_action("tactic", x) for x in g.tactics))
    player = g.current
    if m.answering and not m.play:  # another player's moment to answer as the turn begins (rounds/answers.py)
        who, turn = m.answering[0], turn_of(m)
        loot = may_plunder(t, g, who, turn)  # VILLAGE "Plundering": during another player's turn
        whose = "The Dummy player's" if m.dummy_pending else possessive(t.hero[m.heroes[player]].name)
        return Decision(who, f"{whose} turn begins: {'plunder the village or ' if loot else ''}"
                        "use a skill now, or next",
                        (*(shared_action("skill", k) for k in answer_skills(t, g, who, turn)),
                         *([PLUNDER] if loot else []), NEXT))
    if g.pvp is not None:  # the defender answers during the attacker's turn
        pd = pvp_decision(t, g)
        assert pd is not None
        foe = g.pvp.defender.player if pd.player == player else player
        return Decision(pd.player, f"Combat with {t.hero[m.heroes[foe]].name}: {pd.prompt}", pd.actions)
    if g.combat is not None:
        d = combat_decision(t, g.combat)
        assert d is not None
        if g.combat.asking:  # a resolve or next waiting to be confirmed (combat/decision.py)
            return Decision(player, d.prompt, d.actions)
        extra = [] if m.play else _play_actions(t, g, player)
        if not m.play:
            extra += [shared_action(*text.split()) for text, play in _unit_mana_plays(t, g).items()
                      if _completes(t, g, player, play)]
        acts = _pending_play_actions(t, g, player, m.play) if m.play else [*d.actions, *extra]
        return Decision(player, d.prompt, tuple(acts))
    if m.play:
        return Decision(player, play_prompt(t, m), tuple(_pending_play_actions(t, g, player, m.play, _play_trials(m))))
    if g.centre and source_freeze_waiting(g, player):  # facts 3.5: Source Freeze back, a crystal first
        return Decision(player, "Source Freeze comes back: a crystal of a basic colour showing in the Source",
                        tuple(shared_action("colour", c) for c in frozen_colours(g)))
    if not m.turn_begun and g.players[player].pending:
        return Decision(player, f"Take your reward: {g.players[player].pending[0]}", tuple(reward_actions(t, g, player)))
    if not m.turn_begun and g.players[player].draw_waits:  # facts 5.7 step 6, after the rewards
        return Decision(player, "End of the turn: discard any non-Wound cards (end-turn-discard), then draw up to "
                        "your Hand limit (end-turn)", tuple(_draw_actions(g, player)))
    return Decision(player, "Your turn", tuple(_turn_actions(t, g, player)))


def _play_trials(m: MKState) -> TrialMemo | None:
    """The trials kept for the end's discarding being put together: its steps (shed CARD) change
    nothing of the state, only the play, so what one decision tried holds for the next ones."""
    if m.play[1] != "discarding":
        return None
    if m.play_trials is None or m.play_trials[0] is not m.play:
        m.play_trials = (m.play, {})
    return m.play_trials[1]


def possessive(name: str) -> str:
    """``Tovak's``, ``Arythea's``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def play_prompt(t: Tables, m: MKState) -> str:
    """The question of a play being put together (``MKState.play``), named in the game's words."""
    subject, how = m.play[0], m.play[1]
    if how == "level-up":
        return f"Level-up: with the skill {t.skill[subject].name}, an Advanced Action of the offer"
    if how == "discarding":
        return "End of the turn: the non-Wound cards to discard before drawing (shed CARD), then done"
    if how in ("joining", "challenging"):
        return "Other rampaging enemies next to you may join the combat: challenge them, or done"
    named = next((table[subject].name for table in (t.card, t.skill, t.tactic, t.unit) if subject in table), "")
    if not named and subject in labels_of(m.g.players[m.g.current]):  # a Unit's ability: its label
        named = t.unit[m.g.players[m.g.current].units[labels_of(m.g.players[m.g.current]).index(subject)][0]].name
    return f"Finish playing {named or subject}"


def apply_turn_action(t: Tables, m: MKState, a: Action, events: list[Event]) -> None:
    """Apply one legal action by its rule function."""
    g = m.g
    player = decider(t, m)
    name, args = a.name, a.args
    if g.asked:  # the player asked answers (rounds/answers.py)
        answer_asked(t, g, a, events)
        return
    if g.pvp is not None:
        apply_pvp(t, g, a, events, player)
        return
    if m.answering and not m.play:  # another player answers as the turn begins (rounds/answers.py)
        turn = turn_of(m)
        if name == "skill" and args:
            answer(t, g, player, args[0], events, turn)
        elif name == "plunder" and not args:
            plunder(t, g, player, events, turn)
        elif name != "next":
            whose = "the Dummy player's" if m.dummy_pending else possessive(t.hero[m.heroes[g.current]].name)
            raise IllegalActionError(f"{a.text}: it is {whose} turn; use a skill now, or next", RULE_ANSWER)
        if name == "next" or not (answer_skills(t, g, player, turn) or may_plunder(t, g, player, turn)):
            m.answering = m.answering[1:]
        return
    if not m.play and g.centre and source_freeze_waiting(g, player) and g.combat is None:
        source_freeze_back(t, g, player, args[0] if name == "colour" and args else "", events)
        return
    if not m.play and name not in ("use-tactic", "take", "level-up", "tactic"):
        tactic_moment_passed(g, player)  # Rethink / Preparation: only before anything else of the turn
    if m.play and name == "meditate" and args[0] != "done":  # into the deck at once, unseen
        p = g.players[player]
        p.hand.remove(args[0])
        on_top(p, args[0], seen=False)  # an unseen card now lies above those seen (knowledge/seen.py)
        m.play.append((name, "a-card"))
    elif m.play and (name in STEP_WORDS or name in ("move", "recruit", "skill", "challenge")):  # steps that reuse a turn action
        m.play.append((name, *args))
    elif tactic_picker(g) >= 0:
        choose_tactic(t, g, player, args[0], events)
        tactic_when_taken(t, g, player, args[0], events)
        if args[0] == "mana-steal" and mana_steal_possible(g):  # the die is chosen at once
            m.play = ["mana-steal", "steal"]
    elif name == "play":
        m.play = [args[0], args[1]]
    elif name == "skill":
        m.play = [args[0], "skill"]
    elif name == "use-tactic":
        m.play = [args[0], "use-tactic"]
    elif name == "activate" and g.combat is None and args[1:] == ("banner",):
        flip_banner(t, g, player, args[0], events)
    elif name == "activate" and g.combat is None:
        m.play = [args[0], "unit:" + args[1]]
    elif name == "recruit":
        m.play = [args[0], "recruit"]
    elif g.combat is not None and name == "activate" and a.text in (waiting := _unit_mana_plays(t, g)):
        m.play = waiting[a.text]
    elif g.combat is not None:
        played = played_action(t, g.combat, a)  # (None: a resolve or next waiting for its confirmation)
        # cards waiting on a block or an attack (cards/combat_cards.py)
        watch = watch_combat(t, g, player, played) if played is not None else None
        apply_combat(t, g.combat, a, events, g.rng)
        if watch is not None:
            after_combat_action(t, g, player, watch, events)
    elif name == "announce":
        announce_end_of_round(g, player, events)
    elif name == "rest":
        p = g.players[player]
        cards = [WOUND] if args[0] == WOUND else [args[0]] + [WOUND] * p.hand.count(WOUND)
        rest(g, player, cards, events)
    elif name == "move":
        move(t, g, player, _h(args[0]), events)
    elif name == "explore":
        explore(t, g, g.players[player], _h(args[0]), events)
    elif name == "enter" and args:  # a maze's or labyrinth's path, and the Unit taken along
        path = int(args[0])
        enter_site(t, g, player, events, path=path, unit=args[1] if len(args) > 1 else "",
                   move_paid=min(path, maze_move(g.players[player])))
    elif name == "enter":
        enter_site(t, g, player, events)
    elif name == "challenge" and _other_rampaging(t, g, player, [args[0], "challenging"]):
        m.play = [args[0], "challenging"]  # more adjacent rampaging spaces may join (RB Combat 1d)
    elif name == "challenge":
        challenge(t, g, player, [_h(args[0])], events)
    elif name == "attack-hero":
        start_pvp(t, g, player, int(args[0]) - 1, events)
    elif name == "heal":
        buy_healing(t, g, player, int(args[0]), events)
    elif name == "heal-unit":
        heal_unit(t, g, player, args[0], events)
    elif name == "plunder":
        plunder(t, g, player, events)
    elif name == "burn":
        burn_monastery(t, g, player, events)
    elif name in ("altar", "buy-spell") and len(_site_mana(t, g, player, name, args)) > 0 and \
            any(len(mana_sources(g, player, c)) > 1 for c in _site_mana(t, g, player, name, args)):
        m.play = [args[0] if args else name, name]  # which mana pays it: the player names each source
    elif name == "altar":
        pay_altar(t, g, player, events)
    elif name == "buy-spell":
        buy_spell(t, g, player, args[0], events)
    elif name == "buy-advanced-action":
        buy_advanced_action(t, g, player, args[0], events)
    elif name == "buy-artifact":
        buy_artifact(t, g, player, events)
    elif name == "elite-unit":
        add_elite_unit(t, g, player, events)
    elif name == "harvest":
        harvest(t, g, player, args[0], args[1] if len(args) > 1 else "", events)
    elif name == "return":  # Crystal Joy back to hand as the turn ends (with step 4's choice, if named)
        _end_with(t, g, player, args[1] if len(args) > 1 else "", events, joy=args[0])
        m.turn_begun = False
    elif name == RETURN_DISCARD:  # Crystal Joy back to hand, then step 6's discarding (facts 5.7)
        choice = args[1] if len(args) > 1 else ""
        _end_with(t, g.clone(), player, choice, [], joy=args[0])  # raises the rule's refusal
        m.play = ["end-turn:" + choice if choice else "end-turn", "discarding", (RETURN, args[0])]
    elif name == "end-turn-discard" and args:  # a deep mine's crystal or Healing Essence first (facts 5.7 step 4)
        if not _works(lambda x: _end_with(t, x, player, args[0], []), g):
            _end_with(t, g.clone(), player, args[0], [])  # raises the rule's refusal
        m.play = ["end-turn:" + args[0], "discarding"]
    elif name == "end-turn-discard":
        m.play = ["end-turn", "discarding"]
    elif name == "end-turn" and args and args[0].startswith(WOUND_FROM):
        where = args[0][len(WOUND_FROM):]
        if where not in ("hand", "discard"):
            raise IllegalActionError(f"a Wound is thrown away from the hand or the discard pile "
                                     f"({WOUND_FROM}hand, {WOUND_FROM}discard), not {where!r}", "MAGICAL GLADE")
        end_turn(t, g, player, events, throw_away=where, in_place=True)  # (a legal end: no refusal comes)
        m.turn_begun = False
    elif name == "end-turn":
        end_turn(t, g, player, events, crystal=args[0] if args else "", in_place=True)
        m.turn_begun = False
    elif name == "take" and args[0] == "unit" and command_tokens_used(g.players[player]) >= g.players[player].command:
        m.play = [args[1], "reward-unit"]
    elif name == "take":
        take_reward(t, g, player, args[0], args[1] if len(args) > 1 else "", events)
    elif name == "level-up":  # the skill; the Advanced Action is the play's step (facts 6.2)
        m.play = [args[0], "level-up"]
    else:
        raise IllegalActionError(f"unknown action {a.text!r}", "A turn")
    step = _next(t, g, player, m.play) if m.play else None
    if m.play and step is None:
        play, m.play = m.play, []
        _run(t, g, player, play, events, legal=True)
        if play[1] == "discarding":  # the turn has ended
            m.turn_begun = False
    elif step is not None and step[0] == "deck" and m.play[1] == "basic":  # Meditation's random cards, now shown
        take_meditation_cards(g, player, _plan(t, g, player, m.play, _answers(m.play)[0])[0].count("deck"))


__all__ = ["decider", "apply_turn_action", "play_prompt", "turn_decision"]
