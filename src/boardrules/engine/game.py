"""The small surface every game offers to the engine, the agents, the simulator and the CLI.

A game is a ``Game`` object (rules, content, options) and a state (plain data, owned by the
game). At every point exactly one player is asked one question, a ``Decision``, with a finite
list of legal actions; applying one of them yields ``Event`` s. Generic code never looks inside
a state: it calls the methods below.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar

from .actions import Action
from .catalogue import Catalogue
from .errors import IllegalActionError, OptionError, PositionError
from .positions import ENVELOPE, MAX_SCRIPT, PositionFormat, shown, validate_fields
from .rng import Rng, ScriptedRng
from .scene import ActionKeys, Scene
from .spaces import ActionSpace, ActionSpaceError, ObservationSchema

S = TypeVar("S")


class Decision:
    """One question to one player: who decides, what is asked, and the legal answers.
    Read-only by convention (a plain slotted class: one is made for every decision of every
    game, and it is cheaper to make than a named tuple)."""

    __slots__ = ("player", "prompt", "actions")

    def __init__(self, player: int, prompt: str, actions: tuple[Action, ...]) -> None:
        self.player = player
        self.prompt = prompt
        self.actions = actions

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and (self.player, self.prompt, self.actions) == (
            other.player, other.prompt, other.actions)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Decision({self.player!r}, {self.prompt!r}, {self.actions!r})"


_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event:
    """Something that happened, with a readable text for the log and the terminal: its kind,
    the text, the player it concerns (None: everyone) and data for programs. Read-only by
    convention. (A plain slotted class: games make about a thousand a game, and this is half
    the cost of a named tuple.)"""

    __slots__ = ("kind", "text", "player", "data")

    def __init__(self, kind: str, text: str, player: int | None = None, data: Mapping[str, Any] = _NO_DATA) -> None:
        self.kind = kind
        self.text = text
        self.player = player
        self.data = data

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.kind, self.text, self.player, dict(self.data)) == (
            other.kind, other.text, other.player, dict(other.data))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r}, {self.player!r}, {dict(self.data)!r})"


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: final scores by seat, the winning seats, and turns played."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int


@dataclass(frozen=True, slots=True)
class Standing:
    """What every board shows of the race to win, as one viewer may know it: ``goal``, how the
    game ends and who wins, in one line; ``clock``, where the game stands (``round 3 of 6,
    night``); ``scores``, each seat's running score or the figures that will score, by seat
    (``"12 VP"``, ``"? coins, 5 Regions"``)."""

    goal: str
    clock: str
    scores: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A game option: ``--option name=value`` or a dedicated CLI flag."""

    name: str
    help: str
    choices: tuple[str, ...] = ()
    default: str = ""


class Game(ABC, Generic[S]):
    """Rules of one game. Subclasses fill in the class attributes and the abstract methods."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    options_spec: ClassVar[tuple[OptionSpec, ...]] = ()

    @property
    def content_version(self) -> str:
        return "none"

    # -- set-up --------------------------------------------------------------------------
    def check_options(self, num_players: int, options: Mapping[str, str] | None) -> dict[str, str]:
        """Validate the player count and options; returns the options with defaults filled."""
        if not self.min_players <= num_players <= self.max_players:
            raise OptionError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {num_players}"
            )
        known = {o.name: o for o in self.options_spec}
        out = {o.name: o.default for o in self.options_spec}
        for key, value in (options or {}).items():
            spec = known.get(key)
            if spec is None:
                names = ", ".join(sorted(known)) or "none"
                raise OptionError(f"unknown option {key!r} for {self.name} (known options: {names})")
            if spec.choices and value not in spec.choices:
                raise OptionError(
                    f"option {key!r} cannot be {value!r}; choose one of: {', '.join(spec.choices)}"
                )
            out[key] = value
        return out

    def option_files(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """The text of each file that ``options`` name (a player's own decks), by option: read
        once, when a game is set up, and kept in its save, so that the game resumes on the
        content it was played with, wherever the file is then and whatever it holds. Games
        reading no files return none."""
        return {}

    def with_option_files(self, files: Mapping[str, str]) -> Game[S]:
        """This game playing on ``files`` (as ``option_files`` read them, or a save kept them)
        rather than on what the files named in the options hold now; its ``content_version``
        covers them."""
        if files:
            raise OptionError(f"{self.title} reads no files, not {', '.join(sorted(files))}")
        return self

    @abstractmethod
    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> S:
        """A new game, set up by the rulebook, with its randomness seeded by ``seed``."""

    # -- positions (engine/positions.py, docs/positions.md) -------------------------------
    def position_format(self) -> PositionFormat[S] | None:
        """This game's position format, or None while it has none."""
        return None

    def _format(self) -> PositionFormat[S]:
        fmt = self.position_format()
        if fmt is None:
            raise PositionError("game", f"{self.title} has no position format yet")
        return fmt

    def load_position(self, data: Mapping[str, Any]) -> S:
        """The state a position describes: ``new_state(players, seed, options)`` with the
        game's fields set on it, and ``rng`` (the generator's [state, draws], as a dumped
        position writes it) if given. Raises PositionError naming the wrong field."""
        fmt = self._format()
        if not isinstance(data, Mapping):
            raise PositionError("", "a position is a JSON object")
        name = data.get("game")
        if name != self.name:
            raise PositionError("game", f"this position must name the game {self.name!r}, not {shown(name)}")
        players = data.get("players")
        if isinstance(players, bool) or not isinstance(players, int):
            raise PositionError("players", f"the number of players is a whole number, not {shown(players)}")
        if not self.min_players <= players <= self.max_players:
            raise PositionError("players", f"{self.title} is for {self.min_players} to {self.max_players} "
                                f"players, not {shown(players)}")
        seed = data.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise PositionError("seed", f"a seed is a whole number from 0 to {(1 << 64) - 1}, not {shown(seed)}")
        options = data.get("options", {})
        if not isinstance(options, Mapping) or not all(isinstance(v, str) for v in options.values()):
            raise PositionError("options", "the options are an object of texts, as --option name=value gives")
        try:
            opts = self.check_options(players, options)
            state = self.new_state(players, seed, opts)
        except OptionError as exc:
            raise PositionError("options", str(exc)) from None
        fields = validate_fields(fmt.model, {k: v for k, v in data.items() if k not in ENVELOPE})
        if "rng" in data:  # first: what the fields script, and the steps run after them, draw from it
            self._set_rng(state, data["rng"])
        fmt.apply(state, fields)
        return state

    def _set_rng(self, state: S, raw: Any) -> None:
        ok = (isinstance(raw, list) and len(raw) == 2
              and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 1 << 64 for x in raw))
        if not ok:
            raise PositionError("rng", f"the generator is [state, draws], two whole numbers, not {shown(raw)}")
        rng = self.rng(state)
        if isinstance(rng, ScriptedRng):  # the game's fields scripted dice or draws: they stay first
            state.rng = ScriptedRng(raw[0], raw[1], rng.script, rng.field, rng.used)  # type: ignore[attr-defined]
        else:
            state.rng = Rng(raw[0], raw[1])  # type: ignore[attr-defined]

    def script_rng(self, state: S, script: Sequence[int | str], field: str) -> None:
        """Force the randomness to come: ``script`` answers the state's generator first (see
        ScriptedRng), then the seeded generator it had goes on. For a game's ``apply``."""
        if len(script) > MAX_SCRIPT:
            raise PositionError(field, f"at most {MAX_SCRIPT:,} scripted values, not {len(script):,}")
        if script:
            rng = self.rng(state)
            state.rng = ScriptedRng(rng.state, rng.draws, script, field)  # type: ignore[attr-defined]

    def dump_position(self, state: S, seed: int = 0, options: Mapping[str, str] | None = None) -> dict[str, Any]:
        """A position of ``state`` (a game set up with ``seed`` and ``options``) that loads back
        to the same state hash: the envelope, the generator as it stands, the game's fields."""
        fmt = self._format()
        rng = self.rng(state)
        out: dict[str, Any] = {"game": self.name, "players": state.num_players,  # type: ignore[attr-defined]
                               "seed": seed, "options": dict(options or getattr(state, "options", {}) or {}),
                               "rng": [rng.state, rng.draws]}
        out.update(fmt.dump(state))
        return out

    def position_example(self) -> dict[str, Any]:
        """A small position that loads and plays on (what docs/positions/ shows)."""
        return self._format().example()

    # -- play ----------------------------------------------------------------------------
    @abstractmethod
    def decision(self, state: S) -> Decision | None:
        """The current question, or None when the game is over."""

    @abstractmethod
    def apply(self, state: S, action: Action) -> list[Event]:
        """Apply a legal action to ``state`` in place; raise IllegalActionError otherwise."""

    def legal_actions(self, state: S) -> tuple[Action, ...]:
        d = self.decision(state)
        return d.actions if d else ()

    def keep_decision(self, state: S, decision: Decision) -> None:
        """Hand ``state`` the question already worked out for it: a search's sample (a
        ``determinize`` of the position for the player deciding there) is asked what the real
        position asks, since what that player may do follows from what they know, so the
        search need not work it out again for every sample. A game that keeps its current
        decision takes it; the others (the default) work it out when asked."""

    def successor(self, state: S, action: Action) -> S:
        """A copy of ``state`` with ``action``, one of ``decision(state).actions``, applied
        (``state`` is left as it was): what a lookahead asks of every action of a decision."""
        child = self.clone(state)
        self.apply(child, action)
        return child

    def check_legal(self, state: S, action: Action) -> None:
        """Refuse an action that is not among the legal ones, naming the rule it breaks."""
        d = self.decision(state)
        if d is None:
            raise IllegalActionError("the game is over")
        if action not in d.actions:
            raise IllegalActionError(*self.explain_illegal(state, action))

    def explain_illegal(self, state: S, action: Action) -> tuple[str, str]:
        """(reason, rule) for an action that is not legal now. Games override this."""
        return (f"{action} is not a legal action now", "")

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result once the game is over, else None."""

    def is_over(self, state: S) -> bool:
        return self.decision(state) is None

    # -- information ---------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """A JSON-serialisable dict holding only what ``player`` may see (None: an observer,
        who sees only the public parts)."""

    @abstractmethod
    def determinize(self, state: S, player: int, rng: Rng) -> S:
        """A state that agrees with all ``player`` knows, with the unseen parts resampled,
        the future randomness included: the copy's random generator is reseeded from ``rng``
        (keeping its draw count), so dice and draws to come differ from the real ones."""

    def action_text(self, state: S, action: Action, viewer: int | None) -> str:
        """What ``viewer`` (None: an observer) is shown of ``action``, about to be applied to
        ``state`` by the player being asked. Every display of another seat's action (the
        terminal's log, network payloads) goes through here. A game whose actions can carry
        a secret choice (an order marker placed face down) overrides this; for the others
        the action's own text is what everyone sees. The shared property tests check that
        a viewer is never shown a difference between two actions that their view after the
        action cannot tell apart."""
        return action.text

    def action_labels(self, state: S, decision: Decision) -> tuple[str, ...]:
        """What the player deciding is shown of each of ``decision``'s actions, in order: the
        action's text and what it does (``choose 1: Move 4``, ``conquer 12: Hills, 3
        tokens``), built from what that player may know. The text stays the typed and replayed
        form; a label is for a screen (the terminal, the browser), never worked out in
        simulation. Games override this; the default is the texts."""
        return tuple(a.text for a in decision.actions)

    def standing(self, state: S, viewer: int | None) -> Standing | None:
        """The goal, the clock and the running scores as ``viewer`` (None: an observer) may
        know them, for the top of every board. Games override this."""
        return None

    def catalogue(self) -> Catalogue:
        """Every card, Unit, skill, enemy... of the content with its numbers and text (what
        ``info NAME`` shows). Games override this; the default is empty."""
        return Catalogue()

    # -- the board in a browser (engine/scene.py, docs/server.md "Boards") -----------------
    def scene(self, view: dict[str, Any], viewer: int | None) -> Scene | None:
        """The board drawn from ``view`` (what ``view(state, viewer)`` gave) and the game's static
        layout alone, never from the state: a screen shows no more than the viewer may know.
        None: the game has no drawn board (the page shows its view as panels)."""
        return None

    def action_keys(self, state: S, decision: Decision) -> ActionKeys:
        """For each of ``decision``'s actions, in order, the keys of the board elements that
        choose it, in click order (a figure, then its destination). An empty path: the action
        is chosen from the action list only. () : no action is chosen on the board. Worked out
        from what the player deciding may know; every key names an element of their scene."""
        return ()

    def why_not(self, state: S, viewer: int, key: str) -> str | None:
        """Why the element ``key`` of ``viewer``'s board cannot be chosen now (``viewer`` is the
        player deciding), in words a player understands; None: nothing to say beyond the
        generic sentence the screen shows."""
        return None

    # -- data ----------------------------------------------------------------------------
    def rng(self, state: S) -> Rng:
        """The state's random generator (the engine reads its draw count)."""
        return state.rng  # type: ignore[attr-defined, no-any-return]

    @abstractmethod
    def clone(self, state: S) -> S:
        """A cheap independent copy."""

    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]:
        """The whole state (hidden parts included) as JSON-serialisable data."""

    def state_hash(self, state: S) -> str:
        """A digest of the whole state, randomness included: equal games have equal hashes."""
        blob = json.dumps(self.to_json(state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:32]

    def turn_number(self, state: S) -> int:
        return 0

    def player_names(self, state: S) -> Sequence[str]:
        return ()

    def render(self, state: S, player: int | None) -> Any:
        """A rich renderable of what ``player`` sees (None: an observer seeing all public
        parts). Games override this; the default prints the view as JSON."""
        import json as _json

        from rich.syntax import Syntax

        return Syntax(_json.dumps(self.view(state, player), indent=1), "json")

    def frame(self, state: S, player: int) -> Any:
        """What ``player`` is shown when asked: a compact board (a map or board summary, their
        own resources) that, with the standing and the question, fits 45 lines at 120 columns;
        the full tables are ``render`` (the ``board`` command). Games override this; the default
        is ``render``."""
        return self.render(state, player)

    def balance_tags(self, state: S) -> list[list[str]]:
        """Per seat, what it played that a balance report compares across games, as
        ``category:name`` tags (``race:Orcs``, ``power:Flying``, ``army:Grimnak``...). Games
        without such choices return no tags."""
        return [[] for _ in self.player_names(state)]

    def round_scores(self, state: S) -> tuple[int, ...] | None:
        """Each seat's score as it stands now, hidden parts included (coins, VP, Fame): a
        simulation reads it when ``turn_number`` changes and at the end, for the score by turn.
        None (the default): the game keeps no running score."""
        return None

    def turn_order(self, state: S) -> tuple[int, ...] | None:
        """The seats in the order they play the first round of the game, first player first; ()
        while that is not known yet (before the initiative roll or the Tactics). A simulation
        keeps the first order a game gives. None (the default): the seats play in seat order."""
        return None

    # -- agents --------------------------------------------------------------------------
    def heuristic(self, state: S, player: int) -> float:
        """How good ``state`` looks for ``player`` (used by the greedy agent)."""
        r = self.result(state)
        return float(r.scores[player]) if r else 0.0

    # -- learning programs ---------------------------------------------------------------
    def action_space(self, num_players: int, options: Mapping[str, str] | None = None) -> ActionSpace:
        """Every action this game can offer with ``num_players`` and ``options``, numbered the
        same in every state (built from the content, never from a state). Games override this;
        the others are refused with a clear error."""
        raise ActionSpaceError(
            f"{self.title} declares no action space (Game.action_space): the research "
            "environments cannot number its actions")

    def observation_schema(self, num_players: int,
                           options: Mapping[str, str] | None = None) -> ObservationSchema | None:
        """A fixed-length numeric vector of ``view(state, player)``, field by field, or None
        (the environments then hash the view's leaves)."""
        return None


class StepGame(Game[S]):
    """A game run as a loop of automatic steps between decisions, whose state carries:
    ``cached`` (the current Decision, computed once; not part of the state), ``over``,
    ``decisions`` (count), ``turn``, ``rng``, and ``clone()`` / ``to_json()``.

    A subclass implements ``_decide`` (the question now), ``_apply`` (one legal action) and
    ``_advance`` (run the automatic steps until a player must choose or the game is over).
    """

    def decision(self, state: S) -> Decision | None:
        st: Any = state
        if st.cached is None and not st.over:
            st.cached = self._decide(state)
        return st.cached  # type: ignore[no-any-return]

    def keep_decision(self, state: S, decision: Decision) -> None:
        st: Any = state
        if not st.over:
            st.cached = decision

    def apply(self, state: S, action: Action) -> list[Event]:
        st: Any = state
        d = st.cached
        if d is None:
            self.check_legal(state, action)
        else:  # the decision is cached, and an agent hands back one of its Action objects
            for a in d.actions:
                if a is action:
                    break
            else:
                if action not in d.actions:
                    self.check_legal(state, action)
        events: list[Event] = []
        st.cached = None
        self._apply(state, action, events)
        st.decisions += 1
        self._advance(state, events)
        return events

    def successor(self, state: S, action: Action) -> S:
        # the copy keeps the decision worked out for ``state``, so that ``apply`` finds the
        # action among it instead of working out every legal action again to check it
        self.decision(state)
        child = self.clone(state)
        st: Any = child
        st.cached = state.cached  # type: ignore[attr-defined]
        self.apply(child, action)
        return child

    @abstractmethod
    def _decide(self, state: S) -> Decision:
        """The question to ask now (the game is not over)."""

    @abstractmethod
    def _apply(self, state: S, action: Action, events: list[Event]) -> None:
        """Apply one legal action, appending what happened to ``events``."""

    @abstractmethod
    def _advance(self, state: S, events: list[Event]) -> None:
        """Run the automatic steps until a player must decide or the game is over."""

    def is_over(self, state: S) -> bool:
        return bool(state.over)  # type: ignore[attr-defined]

    def clone(self, state: S) -> S:
        return state.clone()  # type: ignore[attr-defined, no-any-return]

    def to_json(self, state: S) -> dict[str, Any]:
        return state.to_json()  # type: ignore[attr-defined, no-any-return]

    def turn_number(self, state: S) -> int:
        return int(state.turn)  # type: ignore[attr-defined]
