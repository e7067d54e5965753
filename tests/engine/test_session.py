"""Sessions: undo derived from what an action reveals, replays and their errors, views and
determinization, clone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mm_positions import fresh, play, set_tavern

from boardrules.engine import (
    Action,
    IllegalActionError,
    ReplayError,
    Rng,
    Session,
    load_replay,
    replay_from_data,
    reveals_information,
)
from boardrules.games import load_game
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.state import KIND_INDEX, MAGE


@pytest.fixture(scope="module")
def game() -> MeeplesAndMonsters:
    return load_game("meeples-and-monsters")  # type: ignore[return-value]


def _play_until(session: Session, pred, limit: int = 5000) -> None:  # type: ignore[no-untyped-def]
    from boardrules.agents import RandomAgent

    agents = [RandomAgent(i) for i in range(session.num_players)]
    for _ in range(limit):
        d = session.decision
        if d is None or pred(session, d):
            return
        session.play(agents[d.player].act(session.game, session.state, d))
    raise AssertionError("condition never met")


def test_undo_of_an_assignment_that_reveals_nothing(game: MeeplesAndMonsters) -> None:
    s = Session(game, 5, 2, track_undo=True)
    _play_until(s, lambda ss, d: any(a.name == "activate" for a in d.actions))
    d = s.decision
    assert d is not None
    before = game.state_hash(s.state)
    act = next(a for a in d.actions if a.name == "activate")
    s.play(act)
    ok, why = s.can_undo(d.player)
    assert ok, why
    assert [step.action for step in s.undo(d.player)] == [act]
    assert game.state_hash(s.state) == before


def test_no_undo_after_randomness(game: MeeplesAndMonsters) -> None:
    """Ending the Main Phase runs the Draw Phase, which draws meeples from the bag."""
    s = Session(game, 9, 2, track_undo=True)
    _play_until(s, lambda ss, d: ss.state.phase == "main" and not ss.state.stack
                and ss.state.open_group is None)
    player = s.decision.player  # type: ignore[union-attr]
    s.play("done")
    assert s.history[-1].player == player
    ok, why = s.can_undo(player)
    assert not ok and "randomness" in why
    with pytest.raises(IllegalActionError):
        s.undo(player)


def test_drawing_a_quest_reveals_hidden_information(game: MeeplesAndMonsters) -> None:
    """Drawing the top Quest draws no random number, yet shows the player a hidden card."""
    g, st = fresh(players=2)
    st.players[0].levels[MAGE] = 2
    set_tavern(st, 0, mage=1, peasant=2)  # the Capitol stays open, so the phase waits
    before = st.clone()
    assert "use mage develop" in [a.text for a in g.decision(st).actions]  # type: ignore[union-attr]
    g.apply(st, Action.parse("use mage develop"))
    assert st.rng.draws == before.rng.draws
    assert reveals_information(g, before, Action.parse("use mage develop"), st)


def test_undo_refused_before_the_players_first_decision(game: MeeplesAndMonsters) -> None:
    s = Session(game, 3, 2, track_undo=True)
    _play_until(s, lambda ss, d: len(ss.history) > 0)
    other = 1 - s.history[-1].player
    assert all(step.player != other for step in s.history)
    ok, why = s.can_undo(other)
    assert not ok and "not made a decision yet" in why


def _heroscape_draft() -> tuple[Session, int, int]:
    """A Heroscape draft of two players: the first takes Grimnak, the second the Izumi
    Samurai, and the first is done; the second is asked again. Nothing was drawn or hidden."""
    s = Session(load_game("heroscape"), 4, 2, {"army": "points"}, ["human", "greedy"], track_undo=True)
    first = s.decision.player  # type: ignore[union-attr]
    second = 1 - first
    s.play("take grimnak")
    s.play("take izumi-samurai")
    s.play("done")
    assert s.decision is not None and s.decision.player == second
    return s, first, second


def test_undo_takes_back_the_decisions_made_since_when_none_revealed_anything() -> None:
    """One answer can be followed by the AI's decisions before the player is asked again: the
    player takes back their own last decision and the others' since (they decide again)."""
    s, first, second = _heroscape_draft()
    before = s.game.state_hash(s.history[1].before)
    ok, why = s.can_undo(second)
    assert ok, why
    undone = s.undo(second)
    assert [(step.player, step.action.text) for step in undone] == [(second, "take izumi-samurai"), (first, "done")]
    assert s.game.state_hash(s.state) == before and len(s.history) == 1
    assert s.decision is not None and s.decision.player == second


def test_undo_refused_when_a_decision_since_drew_randomness() -> None:
    """When the draft ends, the dice are rolled: the decision before it cannot be taken back."""
    s, first, second = _heroscape_draft()
    s.play("done")  # the second player ends the draft: dice roll for who places first
    assert s.game.rng(s.state).draws > s.game.rng(s.history[-1].before).draws
    ok, why = s.can_undo(first)
    assert not ok and "since your last decision, by a later one" in why and ": completes the army)" in why and "randomness" in why
    ok, why = s.can_undo(second)
    assert not ok and why.endswith("since your last decision ('completes the army'), as it was carried out")


def test_an_undo_refusal_names_the_others_decision_as_the_player_may_see_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The refusal names the decision that drew or revealed: through action_text, for the
    player asking, never the raw text (it may be a secret choice)."""
    s, first, second = _heroscape_draft()
    s.play("done")
    monkeypatch.setattr(type(s.game), "action_text", lambda self, state, action, viewer: f"secret to {viewer}")
    ok, why = s.can_undo(first)
    assert not ok and f": secret to {first})" in why


def test_undo_of_a_decision_made_before_a_load_says_so(game: MeeplesAndMonsters) -> None:
    """After a save is resumed, the decisions it replayed are not taken back, and the refusal
    says so even when the decision also revealed something (that was checked first)."""
    s = Session(game, 9, 2, {}, ["human", "greedy"], track_undo=True)
    _play_until(s, lambda ss, d: ss.state.phase == "main" and not ss.state.stack
                and ss.state.open_group is None)
    player = s.decision.player  # type: ignore[union-attr]
    s.play("done")  # the Draw Phase draws from the bag
    loaded = replay_from_data(game, s.replay_data(), track_undo=True)
    assert loaded.loaded == len(s.history)
    ok, why = loaded.can_undo(player)
    assert not ok and "before the game was loaded" in why


def _finished(game: MeeplesAndMonsters, seed: int = 11) -> Session:
    from boardrules.agents import RandomAgent

    s = Session(game, seed, 2, seats=["random", "random"])
    agents = [RandomAgent(i) for i in range(2)]
    while (d := s.decision) is not None:
        s.play(agents[d.player].act(game, s.state, d))
    return s


def test_replay_round_trip_and_errors(game: MeeplesAndMonsters, tmp_path: Path) -> None:
    s = _finished(game)
    path = tmp_path / "g.json"
    s.save(path)
    data = load_replay(path)
    again = replay_from_data(game, data)
    assert game.state_hash(again.state) == data["final_hash"]

    bad = dict(data, final_hash="0" * 32)
    with pytest.raises(ReplayError, match="hash does not match"):
        replay_from_data(game, bad)
    with pytest.raises(ReplayError, match="rules version"):
        replay_from_data(game, dict(data, rules_version="mm-0"))
    with pytest.raises(ReplayError, match="content version"):
        replay_from_data(game, dict(data, content_version="abc"))
    with pytest.raises(ReplayError, match="action 3"):
        replay_from_data(game, dict(data, actions=data["actions"][:2] + ["fight nobody"] + data["actions"][3:]))
    with pytest.raises(ReplayError, match="for 2 to 4 players, not a number of about 4000 digits"):
        replay_from_data(game, dict(data, players=10**4000))
    with pytest.raises(ReplayError, match="lists 3 seats for 2 players"):
        replay_from_data(game, dict(data, seats=["random"] * 3))
    with pytest.raises(ReplayError, match="'seed' is missing"):
        replay_from_data(game, {k: v for k, v in data.items() if k != "seed"})
    (tmp_path / "junk.json").write_text("{not json")
    with pytest.raises(ReplayError, match="invalid JSON"):
        load_replay(tmp_path / "junk.json")
    with pytest.raises(ReplayError, match="no such file"):
        load_replay(tmp_path / "missing.json")


def test_view_hides_other_hands_and_is_json(game: MeeplesAndMonsters) -> None:
    s = game.new_state(3, 4)
    for viewer in range(3):
        v = game.view(s, viewer)
        blob = json.dumps(v)
        assert v["players"][viewer]["quests"]
        for other in range(3):
            if other != viewer:
                assert "quests" not in v["players"][other]
                for q in s.players[other].quests:
                    assert f'"{game.t.quests[q].id}"' not in blob
        assert isinstance(v["monster_deck"], int) and isinstance(v["quest_deck"], int)


def test_determinize_keeps_knowledge_and_resamples_secrets(game: MeeplesAndMonsters) -> None:
    s = game.new_state(4, 8)
    rng = Rng(1)
    changed = False
    for _ in range(5):
        d = game.determinize(s, 0, rng.spawn())
        assert game.view(d, 0) == game.view(s, 0)
        assert d.players[0].quests == s.players[0].quests
        changed |= d.players[1].quests != s.players[1].quests or d.monster_deck != s.monster_deck
        # the structure of the Monster deck survives: weakest Monsters on top
        levels = [game.t.monsters[m].level for m in d.monster_deck if m < len(game.t.monsters)]
        assert levels == sorted(levels, reverse=True)
    assert changed


def test_clone_is_independent(game: MeeplesAndMonsters) -> None:
    s = game.new_state(2, 1)
    c = game.clone(s)
    assert game.state_hash(c) == game.state_hash(s)
    c.players[0].tavern[KIND_INDEX["peasant"]] += 1
    c.monster_deck.pop()
    assert game.state_hash(c) != game.state_hash(s)


def test_illegal_action_names_the_rule(game: MeeplesAndMonsters) -> None:
    g, s = fresh(players=2)
    set_tavern(s, 0, knight=3)
    s.phase = "main"
    s.cached = None
    overlord = g.t.monsters[g.t.overlords[0]].id
    with pytest.raises(IllegalActionError, match="third Dark Council Arrives"):
        play(g, s, f"fight {overlord}")


def test_unknown_options_and_player_counts(game: MeeplesAndMonsters) -> None:
    from boardrules.engine import OptionError

    with pytest.raises(OptionError, match="2 to 4 players"):
        Session(game, 1, 5)
    with pytest.raises(OptionError, match="unknown option"):
        Session(game, 1, 2, {"colour": "red"})
    with pytest.raises(OptionError, match="cannot be"):
        Session(game, 1, 2, {"expansion": "five-towers"})


def test_discarding_a_quest_reveals_it_even_from_a_small_unseen_pool(game: MeeplesAndMonsters) -> None:
    """Undo is refused after a Quest is discarded from a secret hand, even late in the game
    when the opponent's resampled hands nearly always hold the card (3 unseen Quests, 2 in
    the hand): the check must not be fooled by samples that agree with the truth."""
    g, st = fresh(players=2)
    a, b, c = st.quest_deck[-3:]
    st.quest_discard.extend(st.quest_deck[:-3])
    st.quest_deck = [c]
    st.players[0].quests = [a, b]
    set_tavern(st, 0, knight=1, peasant=2)  # the Capitol stays open, so the phase waits
    st.stack.append(("discard", 0, 1))
    st.cached = None
    discard = Action("discard", (g.t.quests[a].id,))
    assert discard in g.decision(st).actions  # type: ignore[union-attr]
    before = st.clone()
    g.apply(st, discard)
    assert st.rng.draws == before.rng.draws  # no randomness: only the secret hand tells
    assert reveals_information(g, before, discard, st)


def test_undo_is_derived_only_when_asked_and_refused_after_a_discard(game: MeeplesAndMonsters) -> None:
    s = Session(game, 3, 2, track_undo=True)
    _play_until(s, lambda ss, d: any(a.name == "discard" for a in d.actions))
    d = s.decision
    assert d is not None
    s.play(next(a for a in d.actions if a.name == "discard"))
    assert s.history[-1].undoable is None  # not derived yet: nobody asked
    ok, why = s.can_undo(d.player)
    assert not ok and "hidden information was revealed" in why and "('discard " in why
    assert s.history[-1].undoable is False


def test_undo_refusal_names_the_decision_after_which_a_marker_was_revealed() -> None:
    """Heroscape: a player ends their turn and the other's order marker is turned up at once
    (no roll). The refusal said "your last decision revealed hidden information", as if the
    player had revealed something; it now says it happened since, after which decision."""
    from boardrules.agents import RandomAgent

    game = load_game("heroscape")
    s = Session(game, 5, 2, {}, ["random", "random"], track_undo=True)
    agents = [RandomAgent(1), RandomAgent(2)]
    while (d := s.decision) is not None:
        before = game.rng(s.state).draws
        events = s.play(agents[d.player].act(game, s.state, d))
        if (s.history[-1].action.text == "done" and game.rng(s.state).draws == before
                and any(e.kind == "turn" and e.player != d.player for e in events)
                and len(set(s.state.markers[1 - d.player])) > 1):  # the marker could have been on another card
            break
    else:
        raise AssertionError("no turn ended into the other's revealed marker")
    ok, why = s.can_undo(d.player)
    assert not ok and why.startswith("hidden information was revealed or randomness drawn since your last decision")
    assert "('ends the " in why and "your last decision revealed" not in why  # the moves or the turn


class _Stop(Exception):
    pass


def test_a_signal_during_a_save_waits_until_the_file_is_written(
        game: MeeplesAndMonsters, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal closing while the game is saved (its SIGHUP) cut the save short: the game
    was lost. A signal that arrives while saving is delivered once the file is whole."""
    import os
    import signal

    s = Session(game, 5, 2, {}, ["random", "random"])
    _play_until(s, lambda ss, d: len(ss.history) >= 5)
    real = Session.replay_data

    def data_then_signal(self: Session) -> dict:  # type: ignore[type-arg]
        os.kill(os.getpid(), signal.SIGTERM)
        return real(self)

    def stop(signum: int, frame: object) -> None:
        raise _Stop

    previous = signal.signal(signal.SIGTERM, stop)
    monkeypatch.setattr(Session, "replay_data", data_then_signal)
    try:
        with pytest.raises(_Stop):
            s.save(tmp_path / "game.json")
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert load_replay(tmp_path / "game.json")["actions"] == [a.text for a in s.actions]


def test_a_save_changed_by_another_session_is_not_replaced(game: MeeplesAndMonsters, tmp_path: Path) -> None:
    """Two sessions of one save: the one that finds the file changed since it read or wrote it
    writes beside it (NAME-2.json) and returns that path; its own save it replaces."""
    path = tmp_path / "game.json"
    first = Session(game, 5, 2, {}, ["random", "random"])
    _play_until(first, lambda ss, d: len(ss.history) >= 3)
    first.save(path)
    data = load_replay(path)
    second = replay_from_data(game, data)
    second.adopt(path, data)
    for session, pick in ((first, 0), (second, -1)):
        d = session.decision
        assert d is not None and len(d.actions) > 1
        session.play(d.actions[pick])
    assert first.save(path) == path
    assert second.save(path) == tmp_path / "game-2.json"
    assert second.save(path) == tmp_path / "game-2.json"  # and again: its own file now
    assert load_replay(path)["actions"] == [a.text for a in first.actions]
    assert load_replay(tmp_path / "game-2.json")["actions"] == [a.text for a in second.actions]
    assert first.save(path) == path  # still its own
