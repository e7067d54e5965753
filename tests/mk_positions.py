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
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from boardrules.engine import Action, ContentError, Event, IllegalActionError, Rng
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.combat.choices import combat_decision
from boardrules.games.mage_knight.combat.phases import add_effect, start_combat
from boardrules.games.mage_knight.combat.state import Combat, Hero
from boardrules.games.mage_knight.content import CONTENT_DIR, Tables, default_content, load_content
from boardrules.games.mage_knight.content_model import Effect

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


# ---- hand-set maps (stage 2) -------------------------------------------------------------

from boardrules.games.mage_knight.game_state import GameState, Token  # noqa: E402
from boardrules.games.mage_knight.map.exploring import place_tile  # noqa: E402
from boardrules.games.mage_knight.map.hexes import Grid, Hex  # noqa: E402


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
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    text = (d / file).read_text()
    assert old in text
    (d / file).write_text(text.replace(old, new, 1))
    return d


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
