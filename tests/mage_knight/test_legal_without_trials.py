"""The turn's legal actions read from the rules' conditions (issue 27) are those the trials give:
over the turns of seeded games (and the steps of the plays being put together), the actions with
the shortcuts are compared with the actions when every shortcut says "only a trial tells" (each
play then tried on a copy, as before)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardrules.agents import make_agent
from boardrules.engine import IllegalActionError
from boardrules.games import load_game
from boardrules.games.mage_knight.actions import (
    card_plays,
    end_of_turn,
    legal_actions,
    site_actions,
)
from boardrules.games.mage_knight.actions.card_plays import _pending_play_actions
from boardrules.games.mage_knight.actions.legal_actions import _turn_actions
from boardrules.games.mage_knight.actions.words import HOWS, _works
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.cards.mana import MANA_DIE, mana_sources, pay_mana, payable
from boardrules.games.mage_knight.cards.playing import action_card_verdict, sideways_refused
from boardrules.games.mage_knight.content import Tables
from boardrules.games.mage_knight.game_state import GameState, MKState, PlayerState
from boardrules.games.mage_knight.map.exploring import explore
from boardrules.games.mage_knight.map.hexes import Grid
from boardrules.games.mage_knight.sites.interaction import plunder

GAMES = [(2, 11, "base", "random"), (3, 12, "base,LL", "greedy"), (1, 13, "base,LL", "random"),
         (4, 14, "base", "greedy"), (2, 15, "base,LL", "greedy")]


def _explore_tried(t: Tables, g: GameState, p: PlayerState, grid: Grid) -> tuple[str, str]:
    """``explore_refusal`` as a trial of ``explore`` on a copy (the way it was judged before it)."""
    i = g.players.index(p)
    return ("", "") if _works(lambda x: explore(t, x, x.players[i], grid, []), g) else ("refused", "Exploring")


def _plunder_tried(t: Tables, g: GameState, player: int) -> str:
    """``plunder_refusal`` as a trial of ``plunder`` on a copy."""
    return "" if _works(lambda x: plunder(t, x, player, []), g) else "refused"


def _trials_only(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(card_plays, "sideways_refused", lambda *a: None)
    mp.setattr(card_plays, "action_card_verdict", lambda *a: None)
    mp.setattr(card_plays, "sideways_verdicts", lambda *a: None)
    mp.setattr(card_plays, "action_card_verdicts", lambda *a: (None, None))
    mp.setattr(legal_actions, "recruit_refused", lambda *a: False)
    mp.setattr(legal_actions, "explore_refusal", _explore_tried)
    mp.setattr(site_actions, "plunder_refusal", _plunder_tried)
    mp.setattr(site_actions, "healing_refusal", lambda *a: "")
    mp.setattr(legal_actions, "recruiting_refused", lambda *a: False)
    mp.setattr(legal_actions, "may_challenge", lambda *a: True)
    mp.setattr(legal_actions, "exploring_refused", lambda *a: False)
    mp.setattr(legal_actions, "steps_unaffordable", lambda *a: False)
    mp.setattr(end_of_turn, "ending_refused", lambda *a: False)
    mp.setattr(end_of_turn, "_step_five_waits_read", lambda *a: None)


def _turns(limit: int = 260) -> Iterator[tuple[object, MKState]]:
    """The states of seeded games (1 to 4 players, base and Lost Legion, random and greedy seats)
    where the player whose turn it is chooses the turn's next action, or the next step of a play,
    outside a combat."""
    game = load_game("mage-knight")
    for players, seed, sets, seats in GAMES:
        scenario = "solo-conquest" if players == 1 else "first-reconnaissance"
        m = game.new_state(players, seed, {"sets": sets, "scenario": scenario})
        agents = [make_agent(seats, seed * 10 + k) for k in range(players)]
        for _ in range(limit):
            d = game.decision(m)
            if d is None:
                break
            if (d.prompt == "Your turn" or m.play) and m.g.combat is None and m.g.pvp is None:
                yield game, m
            game.apply(m, agents[d.player].act(game, m, d))


def _actions(t: object, m: MKState) -> list[str]:
    """The texts of the actions now: the next step of the play being put together, or the turn's."""
    g = m.g
    acts = _pending_play_actions(t, g, g.current, m.play) if m.play else _turn_actions(t, g, g.current)  # type: ignore[arg-type]
    return [a.text for a in acts]


def test_the_turns_actions_are_those_of_the_trials() -> None:
    compared = judged = steps = 0
    for game, m in _turns():
        t, g, player = game.t, m.g, m.g.current  # type: ignore[attr-defined]
        fast = _actions(t, m)
        with pytest.MonkeyPatch.context() as mp:
            _trials_only(mp)
            tried = _actions(t, m)
        assert fast == tried, (g.round, player, m.play, sorted(g.players[player].hand))
        compared += 1
        steps += bool(m.play)
        if m.play:
            continue
        judged += sum(sideways_refused(g, player, c, how) is not None or action_card_verdict(t, g, player, c, how)
                      is not None for c in set(g.players[player].hand) - {WOUND} for how in HOWS)
    # the games reach many turns and steps, and most plays are judged without a trial
    assert compared > 200 and steps > 30 and judged > 1000


def test_an_attack_card_outside_a_combat_is_refused_and_a_move_card_accepted_until_resting() -> None:
    game = load_game("mage-knight")
    m = game.new_state(2, 3)
    while (d := game.decision(m)) is not None and d.prompt != "Your turn":
        game.apply(m, d.actions[0])
    t, g, player = game.t, m.g, m.g.current
    p = g.players[player]
    p.hand[:] = ["rage", "march", "promise"]
    assert action_card_verdict(t, g, player, "rage", "basic") is False  # Attack 2 or Block 2: in a combat only
    assert action_card_verdict(t, g, player, "march", "basic") is True
    assert action_card_verdict(t, g, player, "promise", "basic") is True
    assert sideways_refused(g, player, "march", "attack") is True
    assert sideways_refused(g, player, "march", "move") is False
    p.rested = True
    assert action_card_verdict(t, g, player, "march", "basic") is False  # facts 5.4: no Move after resting
    assert sideways_refused(g, player, "promise", "influence") is True
    g.sideways_bonus = "i-dont-give-a-damn"
    assert sideways_refused(g, player, "promise", "influence") is None  # the bonus's points: the play tells


def _turn_with_a_card_played() -> tuple[object, MKState]:
    game = load_game("mage-knight")
    m = game.new_state(2, 3)
    while (d := game.decision(m)) is not None and d.prompt != "Your turn":
        game.apply(m, d.actions[0])
    g = m.g
    p = g.players[g.current]
    p.hand[:] = ["march", "promise"]
    p.play_area[:] = ["stamina"]  # facts 5.4: a card played, the turn may end
    p.lasting = ()
    return game, m


def test_step_five_waits_for_a_random_crystal_or_a_level_up_to_a_skill_read_without_ending() -> None:
    game, m = _turn_with_a_card_played()
    t, g = game.t, m.g  # type: ignore[attr-defined]
    player = g.current
    p = g.players[player]

    def both() -> tuple[bool | None, bool | None]:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(end_of_turn, "_step_five_waits_read", lambda *a: None)
            tried = end_of_turn._step_five_waits(t, g, player)
        return end_of_turn._step_five_waits_read(t, g, player), tried

    def offered() -> list[str]:
        return [a.text for a in end_of_turn._end_actions(t, g, player)]

    assert both() == (False, False)  # nothing to take: step 6's discarding is named with the end
    assert offered() == ["end-turn", "end-turn-discard"]
    p.pending[:] = ["crystals-all"]  # ANCIENT RUINS: a crystal of each colour, taken without a die
    assert both() == (False, False)
    p.pending[:] = ["random-crystal"]  # a die rolled for it: step 6 comes after
    assert both() == (True, True)
    assert offered() == ["end-turn"]
    p.pending[:] = []
    p.fame = next(lv.fame for lv in t.levels if lv.level == 2)  # facts 6.2: level 2, a Skill to choose
    assert both() == (True, True)
    p.level = 2
    p.fame = next(lv.fame for lv in t.levels if lv.level == 3)  # level 3: a Level token, nothing to choose
    assert both() == (False, False)
    p.lasting = (("noble-manners", "", 1),)  # an effect at the end (Fame): only ending tells
    assert end_of_turn._step_five_waits_read(t, g, player) is None


def test_a_cards_mana_named_is_judged_by_that_source_paying_it() -> None:
    game, m = _turn_with_a_card_played()
    t, g = game.t, m.g  # type: ignore[attr-defined]
    player = g.current
    p = g.players[player]
    p.hand[:] = ["stamina", "march"]
    p.crystals["blue"], p.mana["blue"] = 1, 0
    g.source[:] = ["red", "green", "white"]
    g.source_used[:] = []
    assert action_card_verdict(t, g, player, "stamina", "powered", (("pay", "blue", "crystal"),)) is True
    assert action_card_verdict(t, g, player, "stamina", "powered", (("pay", "blue", "die-1"),)) is False  # red
    assert action_card_verdict(t, g, player, "stamina", "powered", (("pay", "red", "die-1"),)) is None  # not its colour
    p.crystals["blue"] = 0
    assert action_card_verdict(t, g, player, "stamina", "powered", (("pay", "blue", "crystal"),)) is False
    p.rested = True  # facts 5.4: no Move after resting, whatever pays
    p.crystals["blue"] = 1
    assert action_card_verdict(t, g, player, "stamina", "powered", (("pay", "blue", "crystal"),)) is False


def _pays_on_copy(g: object, player: int, need: str, source: str, strong: bool) -> bool:
    try:
        pay_mana(g.clone(), player, need, source, strong)  # type: ignore[attr-defined]
    except IllegalActionError:
        return False
    return True


def test_the_mana_payable_is_what_paying_on_a_copy_gives() -> None:
    """Facts 5.3: ``payable`` for the player in turn, read from the ways ``mana_sources`` lists,
    is what paying each way on a copy gives: every colour, for a Spell's strong effect or not,
    each way left out in turn."""
    compared = refused = 0
    for _game, m in _turns(160):
        g, player = m.g, m.g.current
        for need in MANA_DIE:
            for strong in (False, True):
                sources = mana_sources(g, player, need, strong)
                for without in [(), *((x,) for x in sources)]:
                    tried = any(_pays_on_copy(g, player, need, x, strong) for x in sources if x not in without)
                    assert payable(g, player, need, strong, without) == tried, (need, strong, without, sources)
                    compared += 1
                    refused += not tried
    assert compared > 1000 and refused > 100


def test_the_end_of_turns_discarding_keeps_its_trials_for_its_steps() -> None:
    """Facts 5.7 step 6: the cards to discard offered at each step, with the trials of the
    play's earlier steps kept, are those found afresh."""
    kept = 0
    for game, m in _turns():
        if not (m.play and m.play[1] == "discarding"):
            continue
        d = game.decision(m)
        assert d is not None
        assert [a.text for a in d.actions] == _actions(game.t, m)  # (a fresh memo)
        kept += m.play_trials is not None and m.play_trials[0] is m.play and len(m.play) > 2
    assert kept > 3
