"""Hand-set Mage Knight combats for the rule tests, from a small position description::

    f = combat("wolf-riders, ironclads", site="keep", units="peasants, utem-guardsmen:wounded",
               armor=2, hand_limit=5, night=True, across_wall=True)
    f.add("siege 3")                      # the hero has played Siege 3
    f.play("target 1", "resolve", "next")
    assert f.c.fame == 3

Units are written ``id`` or ``id:wounded`` / ``id:spent`` / ``id:poisoned`` (two Wounds) /
``id:red`` (the mana token kept on a Magic Familiars card);
they are named ``id-1``, ``id-2``... in actions. ``summons`` fixes the tokens that summoners
draw (the pile then holds only those, in order).

Below the combats: hand-set maps (``board``, ``east_board``, ``settle``), then the positions of a
real game that the rule tests of several areas share: ``turn`` (a first turn with the hand, Source,
Units and skills set by hand) played through its decisions with ``do``, ``legal``, ``refusal`` and
``me``; ``meeting`` and ``walled_meeting`` (two heroes about to fight); the random-game checks
``check_state`` / ``check_views``; and the set-ups that the hidden-information, card and site tests
both use.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from content_copies import broken_copy
from random_play import check_decision, check_view
from rich.console import Console

from boardrules.engine import (
    Action,
    ContentError,
    Event,
    IllegalActionError,
    Rng,
)
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.combat.decision import combat_decision
from boardrules.games.mage_knight.combat.phases import add_effect, start_combat
from boardrules.games.mage_knight.combat.state import Combat, Hero
from boardrules.games.mage_knight.content import CONTENT_DIR, Tables, default_content, load_content
from boardrules.games.mage_knight.content_model import Effect
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState, Token
from boardrules.games.mage_knight.map.exploring import place_tile, space
from boardrules.games.mage_knight.map.hexes import Hex, neighbours
from boardrules.games.mage_knight.pvp.combat import PvPCombat, apply_pvp, pvp_decision

FORTIFIED_SITES = ("keep", "mage-tower", "city")
NO_UNITS = ("dungeon", "tomb", "monastery")
NIGHT_SITES = ("dungeon", "tomb")
ONE_UNIT = ("maze", "labyrinth")


def tables() -> Tables:
    return default_content()


class Fight:
    """A combat under test with its random generator."""

    def __init__(self, c: Combat, seed: int = 0) -> None:
        self.t = tables()
        self.c = c
        self.rng = Rng(seed)
        self.events: list[Event] = []

    def play(self, *actions: str) -> list[Event]:
        events: list[Event] = []
        for text in actions:
            apply_combat(self.t, self.c, Action.parse(text), events, self.rng)
        self.events += events
        return events

    def add(self, text: str, target: int = 0, mana: tuple[str, ...] = ()) -> list[Event]:
        """Add an effect the hero played: ``"ranged 3 fire"``, ``"block 4 ice"``,
        ``"armor-reduction 2"`` with ``target`` the enemy number (1-based)."""
        words = text.split()
        kind, rest = words[0], words[1:]
        value = int(rest[0]) if rest and rest[0].isdigit() else 0
        element = next((w for w in rest if w in ("physical", "fire", "ice", "cold-fire")), "physical")
        effect = Effect(type=kind, value=value, element=element, swift_double="swift-double" in rest)  # type: ignore[arg-type]
        events: list[Event] = []
        add_effect(self.c, self.t, effect, target - 1, mana, events)
        self.events += events
        return events

    def legal(self) -> list[str]:
        d = combat_decision(self.t, self.c)
        return [a.text for a in d.actions] if d else []

    def refused(self, text: str) -> tuple[str, str]:
        with pytest.raises(IllegalActionError) as info:
            self.play(text)
        return info.value.reason, info.value.rule

    @property
    def phase(self) -> str:
        return self.c.phase

    def enemy(self, n: int):  # type: ignore[no-untyped-def]
        return self.c.enemies[n - 1]

    def unit(self, label: str):  # type: ignore[no-untyped-def]
        return next(u for u in self.c.units if u.label == label)

    def to_block(self) -> None:
        self.play("next")

    def to_damage(self) -> None:
        if self.phase == "ranged":
            self.play("next")
        self.play("next")


def combat(
    enemies: str,
    site: str = "",
    units: str = "",
    armor: int = 2,
    hand_limit: int = 5,
    hand: int = 5,
    night: bool = False,
    across_wall: bool = False,
    rampaging: bool | list[bool] = False,
    chosen: str = "",
    mana: str = "",
    move: int = 0,
    influence: int = 0,
    city: str = "",
    summons: str = "",
    seed: int = 0,
) -> Fight:
    t = tables()
    unit_list: list[tuple[str, int, bool, str]] = []
    for word in (w.strip() for w in units.split(",") if w.strip()):
        uid, _, state = word.partition(":")
        wounds = {"wounded": 1, "poisoned": 2}.get(state, 0)
        token = state if state in ("red", "blue", "green", "white") else ""
        unit_list.append((uid, wounds, state == "spent", token))
    allowed = "none" if site in NO_UNITS else "one" if site in ONE_UNIT else "all"
    mana_counts: dict[str, int] = {}
    for colour in mana.split():
        mana_counts[colour] = mana_counts.get(colour, 0) + 1
    c = start_combat(
        t, [w.strip() for w in enemies.split(",")], units=unit_list,
        hero=Hero(armor, hand_limit, hand), site=site, night=night or site in NIGHT_SITES,
        units_allowed=allowed, chosen_unit=chosen, site_fortified=site in FORTIFIED_SITES,
        across_wall=across_wall, rampaging=rampaging, mana=mana_counts, move_points=move,
        influence=influence, city=city,
    )
    if summons:
        drawn = [w.strip() for w in summons.split(",")]
        for colour in c.summon_piles:
            # only these tokens can be drawn (in random order when there are several)
            c.summon_piles[colour] = [x for x in drawn if t.enemy[x].colour == colour]
    return Fight(c, seed)


# ---- hand-set maps ---------------------------------------------------------------------

from boardrules.games.mage_knight.game_state import GameState  # noqa: E402
from boardrules.games.mage_knight.map.hexes import Grid  # noqa: E402


class Board:
    """A hand-set map under test: ``b.move((1, 0))``, ``b.p.fame``, ``b.refused_move(h)``."""

    def __init__(self, t: Tables, s: GameState) -> None:
        self.t = t
        self.s = s
        self.events: list[Event] = []

    @property
    def p(self):  # type: ignore[no-untyped-def]
        return self.s.players[self.s.current]

    def tokens(self, h: Hex, *tokens: str, face_up: bool = True) -> None:
        """Put exactly these enemy tokens on ``h`` (the ones there go back to their piles)."""
        for tok in self.s.enemies.pop(h, []):
            self.s.enemy_piles[self.t.enemy[tok.id].colour].append(tok.id)
        if tokens:
            for x in tokens:
                self.s.enemy_piles[self.t.enemy[x].colour].remove(x)
            self.s.enemies[h] = [Token(x, face_up) for x in tokens]

    def ruins(self, h: Hex, token: str, face_up: bool = True) -> None:
        old = self.s.ruins.pop(h, None)
        if old:
            self.s.ruins_pile.append(old.id)
        self.s.ruins_pile.remove(token)
        self.s.ruins[h] = Token(token, face_up)

    def move(self, *hexes: Hex) -> list[Event]:
        from boardrules.games.mage_knight.map.movement import move

        events: list[Event] = []
        for h in hexes:
            move(self.t, self.s, self.s.current, h, events)
        self.events += events
        return events

    def refused(self, fn, *args):  # type: ignore[no-untyped-def]
        with pytest.raises(IllegalActionError) as info:
            fn(self.t, self.s, *args, [])
        return info.value.reason, info.value.rule


def board(
    tiles: dict[Grid, str] | None = None,
    shape: str = "wedge",
    players: int = 1,
    night: bool = False,
    at: Hex = (0, 0),
    move: int = 0,
    influence: int = 0,
    deck: tuple[str, ...] = (),
    spare: tuple[str, ...] = (),
    t: Tables | None = None,
    seed: int = 0,
    empty: bool = True,
) -> Board:
    """A map with the given tiles (grid position -> tile id; by default the wedge's starting
    tile alone), the heroes at ``at``; with ``empty`` the sites' random tokens are taken off
    (tests put the ones they need with ``Board.tokens`` / ``Board.ruins``)."""
    from boardrules.games.mage_knight.content import COLOURS

    tables_ = t or tables()
    s = GameState(shape, players, seed)
    s.night = night
    s.enemy_piles = {c: tables_.pile(c) for c in COLOURS}
    s.enemy_discards = {c: [] for c in COLOURS}
    s.ruins_pile = [r.id for r in tables_.ruins]
    s.aa_deck = [f"aa-{i}" for i in range(1, 11)]
    s.unit_offer = [u.id for u in tables_.units]  # every Unit on offer unless a test sets it
    events: list[Event] = []
    for g, tile_id in (tiles or {(0, 0): "starting-a"}).items():
        place_tile(tables_, s, g, tile_id, events)
    s.tile_deck, s.spare_tiles = list(deck), list(spare)
    b = Board(tables_, s)
    if empty:
        for h in list(s.enemies):
            b.tokens(h)
        for h in list(s.ruins):
            s.ruins_pile.append(s.ruins.pop(h).id)
    for p in s.players:
        p.position, p.move_points, p.influence_points = at, move, influence
    return b


def hand_tile(tile_id: str, spec: str, kind: str = "countryside", walls: tuple[tuple[str, str], ...] = (),
              city: str | None = None):  # type: ignore[no-untyped-def]
    """A made-up tile: ``spec`` is 7 spaces C NE E SE SW W NW, each ``terrain`` or
    ``terrain+site`` (``hills+mine:red``); ``walls`` are (space, side) pairs."""
    from boardrules.games.mage_knight.map_content import POSITIONS, Tile

    hexes = []
    for at, word in zip(POSITIONS, spec.split(), strict=True):
        terrain, _, site = word.partition("+")
        name, *mine = site.split(":") if site else ("",)
        hexes.append({"at": at, "terrain": terrain, **({"site": name} if name else {}), **({"mine": mine} if mine else {})})
    return Tile.model_validate({"id": tile_id, "kind": kind, "set": "base", "number": 99, "hexes": hexes,
                                "walls": [{"at": a, "side": d} for a, d in walls], **({"city": city} if city else {})})


def with_tiles(*tiles) -> Tables:  # type: ignore[no-untyped-def]
    """The shipped content plus made-up tiles."""
    import dataclasses

    t = tables()
    return dataclasses.replace(t, tiles=(*t.tiles, *tiles), tile={**t.tile, **{x.id: x for x in tiles}})


# the spaces of a made-up tile east of the starting tile (grid (1, 0)); SW and W touch the
# starting tile's E (1,0) and NE (1,-1) spaces
EAST = {"C": (3, -2), "NE": (4, -3), "E": (4, -2), "SE": (3, -1), "SW": (2, -1), "W": (2, -2), "NW": (3, -3)}


def east_board(spec: str, walls: tuple[tuple[str, str], ...] = (), kind: str = "countryside",
               city: str | None = None, **kw) -> Board:  # type: ignore[no-untyped-def]
    """The starting tile and a made-up tile east of it (spaces in ``EAST``)."""
    t = with_tiles(hand_tile("test-east", spec, kind=kind, walls=walls, city=city))
    return board({(0, 0): "starting-a", (1, 0): "test-east"}, t=t, **kw)


def settle(b: Board, defeated: tuple[int, ...] | None = None) -> list[Event]:
    """End the combat on the board with these enemies (1-based; None: all) defeated, then
    apply the site's rules (a scripted outcome)."""
    from boardrules.games.mage_knight.combat.defeat import defeat
    from boardrules.games.mage_knight.sites.site_combats import finish_combat

    c = b.s.combat
    assert c is not None
    events: list[Event] = []
    idx = [i for i in range(len(c.enemies)) if defeated is None or i + 1 in defeated]
    defeat(c, b.t, idx, events)
    c.phase = "over"
    finish_combat(b.t, b.s, events)
    b.events += events
    return events


def broken_content(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the shipped content with one text replaced in one file (the text must be there)."""
    return broken_copy(CONTENT_DIR, tmp_path, file, old, new)


def check_broken_content(tmp_path: Path, file: str, old: str, new: str, entry: str, field: str,
                         words: str) -> None:
    """Loading the content with ``old`` replaced by ``new`` in ``file`` is a ContentError naming
    the file, the entry and (when given) the field, and saying ``words``."""
    with pytest.raises(ContentError) as info:
        load_content(broken_content(tmp_path, file, old, new))
    err = info.value
    assert err.file == file
    assert err.entry == entry
    if field:
        assert err.field == field
    assert words in str(err)


# ---- positions of a real game, shared by the rule tests of several areas --------------------

GAME = MageKnight()


def turn(hand: str, faces: str = "red blue green white", units: str = "", skills: str = "",
         fight: str = "", night: bool = False) -> MKState:
    """The first turn of a 2-player game with the current hero's hand, Source, Units and skills
    set by hand."""
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    g = s.g
    p = g.players[g.current]
    p.hand = hand.split()
    g.source, g.source_used, g.night = faces.split(), [], night
    p.units = [[u.partition(":")[0], int(u.endswith(":wounded")), u.endswith(":spent")] for u in units.split()]
    p.command = max(p.command, len(p.units))
    p.skills = skills.split()
    if fight:
        g.combat = combat(fight, night=night).c
        hand_set_site(s)
    s.cached = None
    return s


def hand_set_site(s: MKState) -> None:
    """What a hand-set combat is for, if nothing says it: a combat away from any site, whose
    enemies (not rampaging) leave the map when it ends (it may end by itself, once its questions
    have one answer each)."""
    if s.g.combat is not None and not s.g.combat_site:
        s.g.combat_site = {"kind": "rampaging", "at": list(s.g.players[s.g.current].position), "homes": []}


def legal(s: MKState) -> list[str]:
    d = GAME.decision(s)
    assert d is not None
    return [a.text for a in d.actions]


TAKEN: dict[int, list[str]] = {}  # per state (by id): the only answers taken after the last action ``do`` applied


def taken(s: MKState) -> list[str]:
    """The answers the game took as the only ones of their questions after the last action that
    ``do`` applied, and that ``do`` has not been told of since (issue 24)."""
    return TAKEN.get(id(s), [])


def do(s: MKState, *texts: str) -> list[Event]:
    """Apply each action, checking it is offered and that its text reads back; an action the game
    took itself as the only answer of its question (issue 24: announced by an ``only-choice``
    event) is checked there rather than applied. The events, in order."""
    events: list[Event] = []
    taken = TAKEN.get(id(s), [])  # the only answers taken since the last action applied
    for text in texts:
        if text in taken:  # (the step the game took: checked, not applied again)
            del taken[:taken.index(text) + 1]
            continue
        assert text in legal(s), f"{text!r} not in {legal(s)}" + (f" (taken as the only answers: {taken})" if taken
                                                                  else "")
        a = Action.parse(text)
        assert a.text == text
        more = GAME.apply(s, a)
        events += more
        taken = [e.data["action"] for e in more if e.kind == "only-choice"]
    TAKEN[id(s)] = taken
    return events


def me(s: MKState):  # type: ignore[no-untyped-def]
    return s.g.players[s.g.current]


def refusal(s: MKState, text: str) -> tuple[str, str]:
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(s, Action.parse(text))
    return info.value.reason, info.value.rule


def tactics_time() -> MKState:
    """A 2-player game at its first Tactic choice."""
    return GAME.new_state(2, 3, {"heroes": "tovak,goldyx"})


def night_turn(hand: str, tactic: str, faces: str = "gold black red blue") -> MKState:
    s = turn(hand, faces=faces, night=True)
    me(s).tactic = tactic
    s.cached = None
    return s


def in_phase(s: MKState, phase: str) -> MKState:
    c = s.g.combat
    assert c is not None
    c.phase = phase
    hand_set_site(s)
    s.cached = None
    return s


def check_state(s: MKState) -> None:
    for p in s.g.players:
        assert min(p.move_points, p.influence_points, p.fame) >= 0
        assert all(n >= 0 for n in p.mana.values()) and all(0 <= n <= 3 for n in p.crystals.values())
    check_decision(GAME, s)


def check_views(s: MKState, rng: Rng) -> None:
    for viewer in range(s.num_players):
        blob = json.dumps(check_view(GAME, s, viewer, rng))
        for other, p in enumerate(s.g.players):
            if other != viewer and len(p.deck) >= 5 and p.deck != sorted(p.deck):  # deck order never shows
                assert json.dumps(p.deck) not in blob


def first_turn(seed: int = 1) -> MKState:
    """A 2-player game at its first turn (the tactics taken)."""
    s = GAME.new_state(2, seed, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    return s


T = GAME.t


def orcs_next_to_hero(s: MKState, *tokens: str) -> str:
    """Put rampaging tokens (face up) on a Marauding Orcs space next to a space the hero stands
    on; the challenge's word."""
    g = s.g
    for h in sorted(g.spaces):
        sp = space(T, g, h)
        if sp is None or sp.site != "orcs":
            continue
        for n in neighbours(h):
            if n in g.spaces and not g.enemies.get(n) and space(T, g, n) is not None and not space(T, g, n).site:
                g.players[g.current].position = n
                g.enemies[h] = [Token(x, True) for x in tokens]
                s.cached = None
                return f"challenge {h[0]}:{h[1]}"
    raise AssertionError("no Marauding Orcs on the starting map")


def _play(n: int, seed: int, scenario: str, until: int = 10**6) -> MKState:
    s = GAME.new_state(n, seed, {"scenario": scenario})
    rng = random.Random(seed)
    for _ in range(until):
        d = GAME.decision(s)
        if d is None:
            break
        GAME.apply(s, rng.choice(d.actions))
    return s


def _set_up(players: int = 2) -> MKState:
    return _play(players, 3, "first-reconnaissance", until=12)


def _changed(before: list[float], after: list[float]) -> set[str]:
    """The fields whose numbers differ."""
    schema = GAME.observation_schema(2)
    return {name for first, size, name, _ in schema.layout() if before[first:first + size] != after[first:first + size]}


C, W, NW = EAST["C"], EAST["W"], EAST["NW"]


PLAINS = "plains plains plains plains plains plains plains"


def walled_meeting(spec: str = PLAINS, walls: tuple[tuple[str, str], ...] = (), came_from=W):  # type: ignore[no-untyped-def]
    """Two heroes on NW, the attacker (player 0) having come from ``came_from``."""
    b = east_board(spec, walls=walls, players=2, at=NW)
    b.s.players[0].came_from = came_from
    return b


def play(b, pvp: PvPCombat, *texts: str) -> None:  # type: ignore[no-untyped-def]
    for text in texts:
        d = pvp_decision(b.t, b.s)
        assert d is not None
        apply_pvp(b.t, b.s, Action.parse(text), b.events, d.player)


def attacks(s: MKState, participation: str = "partial") -> None:
    """Player 1 moves onto player 2 and attacks; the Ranged and Siege phases are passed."""
    do(s, "move 0:-2", "attack-hero 2", f"participate {participation}", "next", "next")


HOME, MET, BEYOND = (0, -1), (0, -2), (0, -3)  # plains, plains, a monastery on plains (seed 3's map)


def meeting(hand0: str = "march rage stamina", hand1: str = "swiftness promise", move: int = 2,
            scenario: str = "full-conquest") -> MKState:
    """Player 1's turn (seat 0) on ``HOME`` with ``move`` Move points, player 2 on ``MET`` next to it."""
    s = GAME.new_state(2, 3, {"scenario": scenario, "heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    g = s.g
    assert g.current == 0
    a, d2 = g.players
    a.position = a.turn_start = HOME
    d2.position = MET
    a.hand, d2.hand = hand0.split(), hand1.split()
    a.move_points = move
    s.cached = None
    return s


def text(s: MKState, viewer: int | None) -> str:
    console = Console(record=True, width=200, color_system=None)
    console.print(GAME.render(s, viewer))
    return console.export_text()


def _first_turn_over(motivation: str):  # type: ignore[no-untyped-def]
    """A 2-player game: the first player, holding ``motivation``, ends the turn; the second's begins."""
    s = turn("march march")
    first = s.g.current
    p = s.g.players[first]
    p.skills = [motivation]
    do(s, "play march move", "end-turn")
    assert s.g.current == 1 - first
    return s, first


def _on_village(s) -> None:  # type: ignore[no-untyped-def]
    me(s).position = next(h for h in sorted(s.g.spaces) if (sp := space(GAME.t, s.g, h)) and sp.site == "village")
    s.cached = None


def _night(s: MKState) -> MKState:
    """A black mana token for a Spell's strong effect."""
    me(s).mana["black"] = 1
    s.cached = None
    return s


def them(s: MKState):  # type: ignore[no-untyped-def]
    return s.g.players[1 - s.g.current]


def _new_round_with_familiars(crystals: dict[str, int]):  # type: ignore[no-untyped-def]
    """The current player, holding Magic Familiars (a red token on the card) and Peasants,
    announces the End of the Round; the other player's last turn ends it; a new round begins."""
    s = turn("march", units="magic-familiars peasants")
    owner = s.g.current
    me(s).units[0].append("red")
    me(s).crystals.update(crystals)
    me(s).deck = []
    s.cached = None
    do(s, "announce")  # the turn is forfeited: it ends at once (facts 5.7)
    other = s.g.players[s.g.current]
    assert s.g.current == 1 - owner
    other.hand = ["march"]
    s.cached = None
    do(s, "play march move", "end-turn")
    assert s.g.round == 2
    return s, owner


def _scouted_prowlers():  # type: ignore[no-untyped-def]
    """The current player's Scouts look at a face-down Prowlers token 3 spaces away."""
    from boardrules.games.mage_knight.game_state import Token

    s = turn("march", units="scouts")
    here = me(s).position
    far = next(h for h in sorted(s.g.spaces) if (abs(h[0] - here[0]) + abs(h[1] - here[1])
                                                  + abs(h[0] + h[1] - here[0] - here[1])) // 2 == 3)
    s.g.enemies[far] = [Token("prowlers", False)]
    s.cached = None
    do(s, "activate scouts-1 scout")
    assert f"scout {far[0]}:{far[1]}" in legal(s)
    do(s, f"scout {far[0]}:{far[1]}")
    return s, far


def orcs_board(token: str):  # type: ignore[no-untyped-def]
    words = ["plains"] * 7
    words[3] = "plains+orcs"
    b = east_board(" ".join(words), at=EAST["SW"])
    b.tokens(EAST["SE"], token)
    return b


def _game_on_the_glade():  # type: ignore[no-untyped-def]
    """A First Reconnaissance game after the tactics; the first tile revealed (countryside 1,
    east of the start) has a magical glade in its centre; the current player stands there."""
    from boardrules.games.mage_knight.game import MageKnight

    game = MageKnight()
    s = game.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := game.decision(s)) is not None and d.actions[0].name == "tactic":
        game.apply(s, d.actions[0])
    p = s.g.players[0]
    assert s.g.current == 0
    p.position = (3, -2)
    p.hand, p.discard, p.must_play = ["wound", "march"], ["wound", "rage"], False
    s.cached = None
    return game, s, p


SW = (2, -1)


def _on(site: str, terrain: str = "plains", **kw):  # type: ignore[no-untyped-def]
    words = PLAINS.split()
    words[4] = f"{terrain}+{site}"
    return east_board(" ".join(words), at=SW, **kw)


def _swap(s: MKState, player: int, in_hand: str, in_deck: str) -> MKState:
    """A twin of ``s`` differing only in what is hidden from the others: ``in_hand`` of
    ``player``'s hand and ``in_deck`` of their deck change places."""
    twin = copy.deepcopy(s)
    p = twin.g.players[player]
    p.hand[p.hand.index(in_hand)] = in_deck
    p.deck[p.deck.index(in_deck)] = in_hand
    twin.cached = None
    return twin


def _same_to(viewer: int, s: MKState, twin: MKState) -> None:
    schema = GAME.observation_schema(2)
    assert GAME.view(s, viewer) == GAME.view(twin, viewer)
    assert schema.vector(GAME.view(s, viewer)) == schema.vector(GAME.view(twin, viewer))
    d = GAME.decision(s)
    assert d is not None
    for a in d.actions:
        assert GAME.action_text(s, a, viewer) == GAME.action_text(twin, a, viewer)


def _mind_read_pair(hand: list[str], deck: list[str], swap: tuple[str, str]) -> tuple[MKState, MKState]:
    s = turn("mind-read", faces="white red red red")
    them(s).hand, them(s).deck = hand, deck
    s.cached = None
    return s, _swap(s, 1 - s.g.current, *swap)


def _rewarded() -> tuple[MKState, int]:
    """The current player ends the turn with an Advanced Action reward and takes Ice Bolt: it
    lies on top of their deck, in sight of everyone, until drawn."""
    s = turn("rage march")
    me(s).pending = ["advanced-action"]
    me(s).deck = ["stamina", "promise", "swiftness", "tranquility", "determination", "threaten", "crystallize"]
    s.cached = None
    player = s.g.current
    do(s, "play march move", "end-turn", "take advanced-action ice-bolt")
    return s, player


def _green_city(influence: int = 6) -> MKState:
    s = turn("march")
    g = s.g
    p = me(s)
    g.spaces[p.position] = ("core-5", 0)  # the green city's space, conquered
    g.conquered.add(p.position)
    p.influence_points = influence
    g.aa_offer = ["fire-bolt", "agility", "ice-bolt"]
    g.aa_deck = ["frost-bridge", "in-need", "path-finding"]  # the top is the last
    s.cached = None
    return s


def _orcs_around(*tokens: str) -> tuple[MKState, list[str]]:
    """Orc tokens on spaces next to the hero (one per space, plains with orcs)."""
    from boardrules.games.mage_knight.game_state import Token
    from boardrules.games.mage_knight.map.hexes import neighbours

    s = turn("march rage")
    g = s.g
    around = [h for h in neighbours(me(s).position) if h in g.spaces][:len(tokens)]
    for h, tok in zip(around, tokens, strict=True):
        g.spaces[h] = ("countryside-5", 2)  # an orcs' space
        g.enemies[h] = [Token(tok, True)]
    s.cached = None
    return s, [f"{q}:{r}" for q, r in around]


def _on_site(s: MKState, site: str) -> tuple[str, int]:
    """The hero stands on a space next to the start, made a space of the content holding ``site``."""
    from boardrules.games.mage_knight.map.hexes import neighbours

    g = s.g
    p = me(s)
    tile, i = next((x.id, j) for x in GAME.t.tiles for j, h in enumerate(x.hexes) if h.site == site)
    h = next(x for x in neighbours(p.position) if x in g.spaces)
    g.spaces[h] = (tile, i)
    p.position, p.must_play = h, False
    s.cached = None
    return tile, i


def joy_played_on_a_deep_mine() -> tuple[MKState, int, str, int]:
    """Crystal Joy played (facts 2.3) by a hero ending the turn on a deep mine (DEEP MINES
    "Mining"): the state, the player, the mine's first colour and their crystals of it."""
    s = turn("crystal-joy march rage", faces="red")
    tile, i = _on_site(s, "deep-mine")
    colour = sorted(GAME.t.tile[tile].hexes[i].mine)[0]
    do(s, "play crystal-joy basic", "colour red", "pay red die-1")
    return s, s.g.current, colour, me(s).crystals[colour]


def tornado(defender_units: list[list[object]]):  # type: ignore[no-untyped-def]
    """Player 1 at Night in their Attacks with Whirlwind and Demolish, a white crystal, a red
    crystal and a black die; player 2's Units as given."""
    s = meeting(hand0="whirlwind demolish march", hand1="swiftness")
    g = s.g
    g.night = True
    g.source = ["black", "green", "green", "blue"]
    g.players[0].crystals["white"] = g.players[0].crystals["red"] = 1
    g.players[1].units = defender_units
    attacks(s)
    return s


HUGE = "9" * 5000


def _lending(fight: str, offer: list[str], units: str = "peasants", site: str = "", mana: str = "") -> MKState:
    """Call to Arms in hand, a combat against ``fight`` with the hero's Units, and the Unit offer."""
    s = turn("call-to-arms", faces="white red red red", units=units.replace(",", " "))
    s.g.combat = combat(fight, units=units, site=site, mana=mana).c
    s.g.combat_site = {"kind": "challenge", "at": list(me(s).position), "homes": []}
    s.g.unit_offer = offer
    s.cached = None
    return s


def _tome(hand: str = "tome-of-all-spells promise", offer: tuple[str, ...] = ("utem-guardsmen", "herbalists"),
          faces: str = "red blue green white") -> MKState:
    s = turn(hand, faces=faces, units="peasants")
    me(s).command = 1
    s.g.spell_offer = ["call-to-arms", "fireball"]
    s.g.unit_offer = list(offer)
    s.cached = None
    return s
