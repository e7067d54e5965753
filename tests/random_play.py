"""Shared by the invariant modules of every game (tests/*_invariants.py): a random game played
to its end with the game's own checks after every action, and the checks every game shares."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import boardrules
from boardrules.agents import RandomAgent, make_agent
from boardrules.engine import Action, Catalogue, Decision, Event, Game, Rng, Standing
from boardrules.games import load_game
from boardrules.sim.simulate import agent_seed

MAX_DECISIONS = 20_000
TEXTS_EVERY = 37  # the action_text check runs at every 37th decision (it applies every legal action)
TEXTS_MAX_ACTIONS = 32  # and on at most this many of its actions, spread over the list
BOARD_EVERY = 5  # the board check runs at every 5th decision a game checks (a scene costs a few ms)
_checked = [0]


def check_decision(game: Game[Any], s: Any) -> None:
    """Every decision has at least one legal action, and no action twice."""
    d = game.decision(s)
    if d is not None:
        assert d.actions, "a decision with no legal action"
        assert len(set(d.actions)) == len(d.actions), "duplicate legal actions"
        for a in d.actions:  # a player can type every legal action, and a replay holds its text
            assert Action.parse(a.text) == a, f"the legal action {a!r} does not read back from its text"
        check_labels(game, s, d)
        _checked[0] += 1
        if _checked[0] % BOARD_EVERY == 0:
            check_board(game, s, d)


def check_board(game: Game[Any], s: Any, d: Decision) -> None:
    """A game with a drawn board gives every action of the decision a path of board keys (a whole
    game can be played by clicking alone), each key naming an element of the decider's scene,
    which is built from their view alone. Actions sharing a whole path are told apart by the
    page's menu."""
    paths = game.action_keys(s, d)
    if not paths:
        return
    assert len(paths) == len(d.actions), f"{len(paths)} board paths for {len(d.actions)} actions at {d.prompt!r}"
    scene = game.scene(game.view(s, d.player), d.player)
    assert scene is not None, f"board keys at {d.prompt!r} but no scene to click them on"
    for a, path in zip(d.actions, paths, strict=True):
        assert path, f"{a.text!r} at {d.prompt!r} cannot be chosen on the board"
        for key in path:
            assert key in scene.keys, f"{a.text!r} at {d.prompt!r} is chosen by {key!r}, not on the board"


BARE = re.compile(r"\s*(choose\s+)?[-+]?\d+\s*", re.IGNORECASE)


def check_labels(game: Game[Any], s: Any, d: Decision) -> None:
    """Every answer has a label for the decider's screen, one line, and none is a bare number
    or a bare ``choose N``: each says what it does."""
    labels = game.action_labels(s, d)
    assert len(labels) == len(d.actions), f"{len(labels)} labels for {len(d.actions)} actions at {d.prompt!r}"
    for a, shown in zip(d.actions, labels, strict=True):
        assert isinstance(shown, str) and shown.strip(), f"{a.text!r} has no label at {d.prompt!r}"
        assert "\n" not in shown, f"the label of {a.text!r} is not one line: {shown!r}"
        assert not BARE.fullmatch(shown), f"the label of {a.text!r} at {d.prompt!r} is bare: {shown!r}"


OF = re.compile(r"(\d+) of (\d+)")


def check_standing(standing: Standing | None, players: int) -> None:
    """Every board tells the goal, the clock and a score per seat; no count reads past its end
    ("round 13 of 12")."""
    assert standing is not None, "the game tells no goal, clock and scores (Game.standing)"
    assert standing.goal.strip() and standing.clock.strip(), standing
    assert len(standing.scores) == players and all(x.strip() for x in standing.scores), standing
    for n, of in OF.findall(standing.clock):
        assert int(n) <= int(of), f"the clock reads past its end: {standing.clock!r}"


def check_catalogue(game: Game[Any]) -> Catalogue:
    """Every entry of the game's catalogue has a name and a text, no id is listed twice for one
    kind, and ``info`` finds each entry by its id and by its name."""
    cat = game.catalogue()
    assert len(cat) > 0, f"{game.title} has an empty catalogue"
    seen: set[tuple[str, str]] = set()
    for e in cat:
        assert e.name.strip() and e.text.strip() and e.kind and e.id, f"an entry without a name or text: {e!r}"
        assert (e.kind, e.id) not in seen, f"{e.kind} {e.id!r} is in the catalogue twice"
        seen.add((e.kind, e.id))
        assert e in cat.find(e.id) and e in cat.find(e.name), f"info does not find {e.name!r}"
        for label, value in e.numbers:
            assert label and value, f"{e.name}: a number without a label or value"
    return cat


def twin_of(game: Game[Any], s: Any, viewer: int, rng: Rng) -> Any:
    """A state ``viewer`` cannot tell from ``s``: its hidden parts resampled (a determinization),
    the real generator put back, so that only what the viewer may not see differs."""
    twin = game.determinize(s, viewer, rng.spawn())
    twin.rng = game.rng(s).copy()
    twin.cached = None
    return twin


def check_view(game: Game[Any], s: Any, viewer: int, rng: Rng) -> dict[str, Any]:
    """The view is JSON, and a determinized state shows the viewer the same; the view, for the
    game's own checks of what it hides."""
    v = game.view(s, viewer)
    json.dumps(v)
    sample = game.determinize(s, viewer, rng.spawn())
    assert game.view(sample, viewer) == v, "determinize changed what the player knows"
    d = game.decision(s)
    if d is not None and d.player == viewer:  # what the decider is told and offered, every sample too
        sample.cached = None  # worked out from the sample itself, as a search does after its first move
        asked = game.decision(sample)
        assert asked is not None and asked.player == viewer and asked.prompt == d.prompt, (
            f"determinize changed the decider's prompt: {d.prompt!r} became {asked.prompt if asked else None!r}")
        offered, real_offer = [a.text for a in asked.actions], [a.text for a in d.actions]
        assert offered == real_offer, (f"determinize changed the decider's legal actions at {d.prompt!r}: "
                                       f"{sorted(set(real_offer) ^ set(offered))[:6]} differ")
        labels, real_labels = game.action_labels(sample, asked), game.action_labels(s, d)
        assert labels == real_labels, (f"determinize changed the decider's labels at {d.prompt!r}: "
                                       f"{[(a, b) for a, b in zip(real_labels, labels, strict=True) if a != b][:3]}")
    standing = game.standing(s, viewer)
    assert standing == game.standing(sample, viewer), "determinize changed the viewer's standing (goal, clock, scores)"
    check_standing(standing, s.num_players)
    real, resampled = game.rng(s), game.rng(sample)
    assert resampled.draws == real.draws, "determinize changed the draw count"
    assert resampled.state != real.state, "determinize kept the real future randomness (dice and draws to come)"
    # a state the viewer cannot tell from this one gives the same sample from the same seed:
    # samples never carry the hidden truth
    twin = twin_of(game, s, viewer, rng)
    seed = rng.next64()
    assert game.to_json(game.determinize(s, viewer, Rng(seed))) == game.to_json(game.determinize(twin, viewer, Rng(seed))), \
        "determinize depends on hidden parts the viewer cannot see (e.g. the real order of an unseen pile)"
    return v


def _view_key(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def check_action_texts(game: Game[Any], s: Any) -> None:
    """No viewer other than the decider (nor an observer) is shown a difference between two
    legal actions whose results look the same to them (their view, and the events everyone
    receives: "draws 4 cards" against "draws 5" tells a Wound thrown from the hand from one thrown
    from the discard pile even when a new round's shuffle makes the views equal) but not to the
    decider: what tells them
    apart is the decider's secret choice, and game.action_text must not give it away. (Results
    that the decider cannot tell apart either, such as two orders of the same resolutions,
    hide no choice of theirs: their texts may differ.)"""
    d = game.decision(s)
    if d is None:
        return
    actions = d.actions
    if len(actions) > TEXTS_MAX_ACTIONS:
        step = len(actions) / TEXTS_MAX_ACTIONS
        actions = tuple(actions[int(i * step)] for i in range(TEXTS_MAX_ACTIONS))
    afters, logs = [], []
    for a in actions:
        after = game.clone(s)
        logs.append(repr(game.apply(after, a)))  # every player receives the events: what they say is seen too
        afters.append(after)
    decider = [_view_key(game.view(after, d.player)) for after in afters]
    viewers: list[int | None] = [p for p in range(s.num_players) if p != d.player]
    for viewer in [*viewers, None]:
        shown: dict[str, tuple[Action, str, str]] = {}
        for a, after, log, known in zip(actions, afters, logs, decider, strict=True):
            text = game.action_text(s, a, viewer)
            first, first_text, first_known = shown.setdefault(_view_key(game.view(after, viewer)) + log,
                                                              (a, text, known))
            assert first_text == text or first_known == known, (
                f"viewer {viewer} sees the same result after {first.text!r} and {a.text!r} (which the "
                f"decider tells apart), but is shown them as {first_text!r} and {text!r}")


def play_checked(game: Game[Any], s: Any, seed: int, check: Callable[[Any], None], *, salt: int,
                 views: Callable[[Any, Rng], None] | None = None, views_every: int = 0,
                 watch: Callable[[Any, Action], Callable[[list[Event]], None]] | None = None,
                 texts_every: int = TEXTS_EVERY) -> list[str]:
    """Play ``s`` to the end with seeded random agents, calling ``check(s)`` after every action
    (``views(s, rng)`` every ``views_every`` actions, and the action_text check before every
    ``texts_every``-th decision; 0: never). ``watch(s, a)``, called before an action, returns
    what to call with its events. The actions played, as text."""
    agents = [RandomAgent(seed * 10 + i) for i in range(s.num_players)]
    rng = Rng(seed ^ salt)
    actions: list[str] = []
    check(s)
    if views is not None and views_every:
        views(s, rng)  # the first decision too: set-up questions are asked only at the start
    while True:
        d = game.decision(s)
        if d is None:
            break
        assert len(actions) < MAX_DECISIONS, "the game does not end"
        if texts_every and len(actions) % texts_every == texts_every - 1:
            check_action_texts(game, s)
        a = agents[d.player].act(game, s, d)
        after = watch(s, a) if watch is not None else None
        events = game.apply(s, a)
        if after is not None:
            after(events)
        actions.append(a.text)
        check(s)
        if views is not None and views_every and len(actions) % views_every == 0:
            views(s, rng)
    assert game.result(s) is not None, "the game ended without a result"
    return actions


def seeded_trace(game: Game[Any], seats: Sequence[str], seed: int, options: Mapping[str, str] | None = None) -> list[str]:
    """A game between the named agents, seeded as ``simulate`` seeds it, played to its end:
    for every decision the player, the action and the events' texts, then the final hash."""
    s = game.new_state(len(seats), seed, options)
    agents = [make_agent(name, agent_seed(seed, i)) for i, name in enumerate(seats)]
    trace = []
    while (d := game.decision(s)) is not None:
        assert len(trace) < MAX_DECISIONS, "the game does not end"
        a = agents[d.player].act(game, s, d)
        events = game.apply(s, a)
        trace.append(f"{d.player} {a.text}: " + " / ".join(e.text for e in events))
    trace.append(f"final {game.state_hash(s)}")
    return trace


def traces_alone(game_name: str, seats: Sequence[str], seeds: Sequence[int],
                 options: Mapping[str, str] | None = None, hash_seed: int = 1) -> list[list[str]]:
    """``seeded_trace`` of each seed, each game alone in a fresh process with its own
    PYTHONHASHSEED (sets of strings iterate in another order there)."""
    code = ("import json, sys\n"
            "from random_play import seeded_trace\n"
            "from boardrules.games import load_game\n"
            "name, seats, seed, options = json.loads(sys.argv[1])\n"
            "print(json.dumps(seeded_trace(load_game(name), seats, seed, options)))\n")
    path = os.pathsep.join([str(Path(boardrules.__file__).parents[1]), str(Path(__file__).parent)])
    env = {**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": str(hash_seed)}
    out = []
    for seed in seeds:
        done = subprocess.run([sys.executable, "-c", code, json.dumps([game_name, list(seats), seed, options])],
                              env=env, capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0, done.stderr
        out.append(json.loads(done.stdout))
    return out


def check_independent_of_earlier_games(game_name: str, seats: Sequence[str], seeds: Sequence[int],
                                       earlier: Sequence[int], options: Mapping[str, str] | None = None) -> None:
    """Games played in one process after the games ``earlier`` (and after whatever this
    process ran before) play as they do alone in a fresh process: nothing outlives a game
    (a module-level memo with an inexact key, a memo keyed by ``id()``, the order of a set of
    strings), which ``simulate`` on several workers would show as other rows."""
    game = load_game(game_name)
    for seed in earlier:
        seeded_trace(game, seats, seed, options)
    after = [seeded_trace(game, seats, seed, options) for seed in seeds]
    for seed, here, alone in zip(seeds, after, traces_alone(game_name, seats, seeds, options), strict=True):
        first = next((i for i, (x, y) in enumerate(zip(here, alone, strict=False)) if x != y), None)
        assert here == alone, (
            f"seed {seed} after other games differs from it played alone"
            + (f" at decision {first}: {here[first]!r} against {alone[first]!r}" if first is not None else
               f": {len(here)} against {len(alone)} steps"))
