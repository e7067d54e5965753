"""Heroes of Might and Magic IV, the card & tile game, on the engine: wiring only. The rules are
in the section modules (setup, turn, armies, discovery, guards, claiming, fight); the decisions
and their text actions in decisions.py; refusals in explain.py; what players see in views.py."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...engine import (
    Action,
    Catalogue,
    ContentError,
    Decision,
    Event,
    OptionError,
    OptionSpec,
    Result,
    Rng,
    Scene,
    Standing,
    StepGame,
)
from ...engine.content import read_text
from ...engine.spaces import ActionSpace, ObservationSchema
from . import action_space as spaces
from . import (
    battle_explain,
    board_clicks,
    decisions,
    heuristics,
    observation,
    render,
    tournament,
    turn,
    views,
)
from .board import board_for, open_slots
from .content import Content, decks_version, default_content, with_decks
from .explain import explain
from .labels import card_text
from .positions import H4Positions
from .queries import pname
from .scene import HeroesIVScene
from .setup import new_game
from .state import H4State

LONG_WORD = re.compile(r"[^\s',:()]{40,}")  # no card, hex or marker is written with 40 characters


class HeroesIV(StepGame[H4State]):
    name = "heroes-iv"
    title = "Heroes of Might and Magic IV: the card & tile game"
    min_players = 2
    max_players = 6
    # h4-2: only the opponents flip for guards; a stack placed or formed up discovers
    # h4-3: the first player is drawn at random (seat balance); tournament decks
    # h4-4 (the issue-12 audit): no forming up in a space an enemy Army Stack stands in; a split
    # keeps the speed an Artifact gives the Hero on top
    # h4-5 (issue 24, what a player is shown): the Tactical Setup asks where a stack goes whenever
    # spreading the stacks still to come could fill the Melee Line; stacks keep their labels after
    # it; a battle's cards sharing a name are told apart; with several stacks ready, which one
    # acts is asked first (``act a1``), then what it does
    rules_version = "h4-5"
    options_spec = (
        OptionSpec("alignments", "the players' alignments, comma-separated (default: dealt at random)", (), ""),
        OptionSpec("decks", "a TOML file of your own decks, written as content/decks.toml (default: the shipped decks)",
                   (), ""),
        OptionSpec("deck", "casual: the shipped decks; tournament: decks of 60; tournament-sections: 10 cards a map "
                   "section (at least 40); tournament decks are built from the shipped ones (facts 5.1)",
                   tournament.KINDS, "casual"),
        OptionSpec("morale", "the advanced Morale rule in battles (facts 5.6), with the cards' Morale values",
                   ("off", "on"), "off"),
        OptionSpec("luck", "the advanced Luck rule in battles (facts 5.6), with the cards' Luck values", ("off", "on"),
                   "off"),
    )

    def __init__(self, content: Content | None = None, decks_text: str | None = None) -> None:
        self.c = content or default_content()
        self.location_ids = frozenset(loc.id for loc in self.c.locations)
        self.terrain_codes = {t.id: t.code for t in self.c.terrain}
        self.impassable = frozenset(t.id for t in self.c.terrain if t.impassable)
        self.decks_text = decks_text  # the decks file's content, read once (option_files)
        self._catalogue: Catalogue | None = None  # built when first asked for (catalogue.py)
        self._scene: HeroesIVScene | None = None  # likewise (scene.py)

    @property
    def content_version(self) -> str:
        return self.c.version if self.decks_text is None else decks_version(self.c, self.decks_text)

    def option_files(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """The decks file's text, kept in a save: a save of the path alone resumed on the decks
        the file held later, and not at all from another folder."""
        path = (options or {}).get("decks", "")
        if not path:
            return {}
        if self.decks_text is not None:
            return {"decks": self.decks_text}
        try:
            return {"decks": read_text(Path(path))}
        except ContentError as exc:
            raise OptionError(f"option 'decks': {exc}") from None

    def with_option_files(self, files: Mapping[str, str]) -> HeroesIV:
        odd = sorted(set(files) - {"decks"})
        if odd:
            raise OptionError(f"{self.title} reads one file, the decks, not {', '.join(odd)}")
        return self if "decks" not in files else HeroesIV(self.c, files["decks"])

    def _decks(self, path: str) -> Content:
        return with_decks(self.c, path, self.decks_text)

    def check_options(self, num_players: int, options: Mapping[str, str] | None) -> dict[str, str]:
        """The decks file is read here too, so that a bad one stops play, a simulation or a replay
        before the first game, with the file, the entry and the field named."""
        opts = super().check_options(num_players, options)
        if opts["decks"]:
            if opts["deck"] != "casual":
                raise OptionError(f"option 'deck': a {opts['deck']} deck is built from the shipped decks, and "
                                  "option 'decks' gives your own: choose one")
            try:
                self._decks(opts["decks"])
            except ContentError as exc:
                raise OptionError(f"option 'decks': {exc}") from None
        elif opts["deck"] != "casual":
            try:  # content whose decks cannot make the size (every card at its most copies)
                tournament.tournament_decks(self.c, opts["deck"], num_players, None)
            except ValueError as exc:
                raise OptionError(f"option 'deck': {exc}") from None
        return opts

    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> H4State:
        opts = self.check_options(num_players, options)
        chosen = [x.strip() for x in opts["alignments"].split(",")] if opts["alignments"] else None
        decks = self._decks(opts["decks"]).decks if opts["decks"] else None
        s = new_game(self.c, num_players, seed, chosen, decks, opts["deck"])
        s.advanced = tuple(rule for rule in ("morale", "luck") if opts[rule] == "on")
        self._advance(s, [])
        return s

    def position_format(self) -> H4Positions:
        """Positions of this game (docs/positions.md): ``positions.py``."""
        return H4Positions(self, self.c)

    def _decide(self, s: H4State) -> Decision:
        return decisions.decide(self.c, s)

    def _apply(self, s: H4State, a: Action, events: list[Event]) -> None:
        decisions.apply(self.c, s, a, events)

    def _advance(self, s: H4State, events: list[Event]) -> None:
        """The automatic steps: a first section has one place to go, income is drawn, the Purchase
        Sequence of a player holding no Town or Creature Dwelling and a Movement Sequence with
        nothing to do are skipped (what is skipped depends only on what everyone sees: a player
        who holds a market is asked, even with nothing in hand to buy)."""
        c = self.c
        while not s.over and not s.pending:
            if s.stage == "build":
                slots = open_slots([(a, b) for _, a, b in s.placed])
                if len(slots) != 1:
                    return
                turn.attach(c, s, slots[0], events)
            elif s.stage == "income":
                turn.income_sequence(c, s, events)
            elif s.stage == "purchase":
                if decisions.markets(s):
                    return
                s.stage = "move"
            elif s.stage == "move":
                acts = decisions.move_actions(c, s)
                if len(acts) > 1:  # kept as the decision: move generation is the costly part
                    s.cached = Decision(s.current, decisions.prompt(c, s), tuple(acts))
                    return
                turn.end_turn(s, events)
            else:
                return

    def explain_illegal(self, s: H4State, action: Action) -> tuple[str, str]:
        if s.battle is not None:
            reason, rule = battle_explain.explain(s.battle, action)
            if action.name not in battle_explain.KNOWN:  # a map action: say why it must wait
                reason = f"a battle is under way at hex {s.pending[-1][1]}: finish it first ({reason})"
        else:
            reason, rule = explain(self.c, s, self.decision(s), action)
        # a refusal repeats the word typed: thousands of digits are cut, as the CLI cuts its own echo
        return LONG_WORD.sub(lambda m: m.group()[:12] + "...", reason), rule

    def result(self, s: H4State) -> Result | None:
        if not s.over:
            return None
        sc = turn.scores(self.c, s)
        best = max(sc)
        return Result(tuple(sc), tuple(i for i, x in enumerate(sc) if x == best), s.turn - 1)

    def action_labels(self, s: H4State, decision: Decision) -> tuple[str, ...]:
        from .labels import action_labels

        return action_labels(self.c, s, decision)

    def catalogue(self) -> Catalogue:
        if self._catalogue is None:
            from .catalogue import build_catalogue

            self._catalogue = build_catalogue(self.c)
        return self._catalogue

    def view(self, s: H4State, player: int | None) -> dict[str, Any]:
        return views.view(s, player, self.location_ids)

    # -- the board in a browser (scene.py, board_clicks.py) ------------------------------------
    def scene(self, view: dict[str, Any], viewer: int | None) -> Scene:
        """The map, the Army Stacks, a battle's lines and the viewer's cards as ``view`` shows them."""
        if self._scene is None:
            self._scene = HeroesIVScene(self.c)
        return self._scene.scene(view, viewer)

    def action_keys(self, state: H4State, decision: Decision) -> tuple[tuple[str, ...], ...]:
        return board_clicks.action_keys(state, decision)

    def why_not(self, state: H4State, viewer: int, key: str) -> str | None:
        return board_clicks.why_not(self.c, state, self.decision(state), key)

    def standing(self, s: H4State, player: int | None) -> Standing:
        from .standing import standing

        return standing(self.c, s)

    def render(self, s: H4State, player: int | None) -> Any:
        board = board_for(self.c, tuple(s.placed)) if s.placed else None
        v = self.view(s, player)
        own = v["players"][player] if player is not None and 0 <= player < s.num_players else None
        texts = {k: card_text(self.c, k) for k in own["hand"] + own["adventure"]} if own else None
        slots = tuple(open_slots([(a, b) for _, a, b in s.placed])) if s.stage == "build" and s.placed else ()
        return render.render(v, player, board, self.terrain_codes, texts, self.impassable, slots)

    def frame(self, s: H4State, player: int) -> Any:
        """The compact board when asked (frame.py), fitted under the question and its answers."""
        from .frame import frame

        d = self.decision(s)
        labels = self.action_labels(s, d) if d is not None and d.player == player else ()
        return frame(self.c, s, player, d, labels, self.standing(s, player), self.player_names(s))

    def determinize(self, s: H4State, player: int, rng: Rng) -> H4State:
        return views.determinize(s, player, rng)

    def player_names(self, s: H4State) -> list[str]:
        return [pname(i) for i in range(s.num_players)]

    def round_scores(self, s: H4State) -> tuple[int, ...]:
        """Each player's points as they stand (Towns, Dwellings, Locations, Artifacts)."""
        return tuple(turn.scores(self.c, s))

    def turn_order(self, s: H4State) -> tuple[int, ...]:
        """From the first player, drawn at set-up, in seat order."""
        n = s.num_players
        return tuple((s.first + k) % n for k in range(n))

    def heuristic(self, s: H4State, player: int) -> float:
        return heuristics.heuristic(self.c, s, player)

    # the search's budget (agents/search.py): progressive bias toward the rule of thumb (the
    # battle policy, discoveries, forming up), so that where its rollouts cannot tell the actions
    # apart the search keeps to it; without it ismcts won 6 of 18 against greedy (docs/agents.md,
    # Figures, issue 27: Heroes IV's search)
    search_defaults: Mapping[str, float] = {"bias": 5}

    def greedy_action(self, s: H4State, d: Decision, rng: Rng) -> Action | None:
        return heuristics.greedy_action(s, d, rng)

    # -- research interfaces (docs/research.md) ------------------------------------------------
    def action_space(self, num_players: int, options: Mapping[str, str] | None = None) -> ActionSpace:
        c = self._space_content(num_players, options)
        return spaces.action_space(c, num_players, self._space_key(num_players, c))

    def observation_schema(self, num_players: int, options: Mapping[str, str] | None = None) -> ObservationSchema:
        c = self._space_content(num_players, options)
        return observation.observation_schema(c, num_players, self._space_key(num_players, c))

    def _space_content(self, num_players: int, options: Mapping[str, str] | None) -> Content:
        """The decks bound the spaces (the largest deck, a card's copies); the alignments dealt do
        not change them: one policy serves every deal."""
        opts = self.check_options(num_players, options)
        if opts["deck"] != "casual":  # the most of each card a tournament deck can hold
            size = tournament.deck_size(self.c, opts["deck"], num_players)
            return replace(self.c, decks=tournament.tournament_decks(self.c, opts["deck"], num_players, None),
                           version=f"{self.c.version}+{opts['deck']}-{size}")
        return self._decks(opts["decks"]) if opts["decks"] else self.c

    def _space_key(self, num_players: int, c: Content) -> str:
        return f"{self.name}/{num_players}p/rules-{self.rules_version}/content-{c.version}"

    def balance_tags(self, s: H4State) -> list[list[str]]:
        """Per seat: its alignment, the Hero of its starting forces and its place in the order of
        play (``turn-order:1`` the first player, drawn at random)."""
        n = s.num_players
        return [[f"alignment:{p.alignment}"] + ([f"hero:{p.hero}"] if p.hero else [])
                + [f"turn-order:{(seat - s.first) % n + 1}"] for seat, p in enumerate(s.players)]



