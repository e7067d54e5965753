"""The tiles of the map: setting it up, the tile deck, exploring and revealing a tile (facts 4.2,
4.3) with the "When Revealed" sentences of the sites (MARAUDING ORCS, DRACONUM, MAGE TOWER,
KEEP, ANCIENT RUINS, MONASTERY "Training") and city garrisons (facts 4.6)."""

from __future__ import annotations

from collections.abc import Sequence

from ....engine import BoardrulesError, Event, IllegalActionError
from ..cards.mana import ETERNAL_NIGHT, eternal_night, roll_source
from ..content import COLOURS, Tables
from ..draws import draw_from, scripted
from ..game_state import GameState, PlayerState, Token, this_turn
from ..map_content import TileHex
from ..rounds.obligation import ONLY_REST, only_rest_left
from ..rounds.obligation import RULE as TURN_RULE
from .hexes import (
    SHAPES,
    Grid,
    Hex,
    distance,
    grid_neighbours,
    neighbours,
    placement_refusal,
    tile_centre,
    tile_hexes,
)

EXPLORE_COST = 2
SETUP_REVEAL = {"wedge": ("E", "NE"), "open-3": ("NE", "E", "SE"), "open-4": ("NE", "E", "SE"),
                "open-5": ("NE", "E", "SE")}
FACE_DOWN_SITES = {"keep": "grey", "mage-tower": "violet"}
RAMPAGING_SITES = {"orcs": "green", "draconum": "red"}


def space(t: Tables, s: GameState, h: Hex) -> TileHex | None:
    """The printed space at ``h`` (None off the map)."""
    placed = s.spaces.get(h)
    return t.tile[placed[0]].hexes[placed[1]] if placed else None


def tile_deck(t: Tables, countryside: Sequence[str], core: Sequence[str], s: GameState,
              numeric_order: bool = False) -> list[str]:
    """The Tile deck, top first: the countryside tiles on top (shuffled, or in numeric order for
    First Reconnaissance), then the chosen core tiles shuffled together (facts 4.2)."""
    for ref in (*countryside, *core):
        if ref not in t.tile or t.tile[ref].kind == "starting":
            raise BoardrulesError(f"unknown map tile {ref!r} (tiles.toml ids, e.g. 'countryside-1')")
    top = sorted(countryside, key=lambda r: t.tile[r].number) if numeric_order else list(countryside)
    if not numeric_order:
        s.rng.shuffle(top)
    bottom = list(core)
    s.rng.shuffle(bottom)
    return top + bottom


def new_map(t: Tables, shape: str, players: int, countryside: Sequence[str], core: Sequence[str], seed: int = 0,
            numeric_order: bool = False, sets: frozenset[str] = frozenset({"base"}),
            enemy_sets: frozenset[str] | None = None, advanced_actions: Sequence[str] = (),
            city_level: int = 1) -> tuple[GameState, list[Event]]:
    """A map at the start of the game: the starting tile (side A for the wedge, B for open maps),
    the heroes on the portal, the enemy and ruins piles, and 2 (wedge) or 3 (open) tiles revealed
    from the deck (facts 4.2 "Setup reveal", 5.1), and the Source rolled. ``advanced_actions``: the Advanced Actions
    deck, top first (ids as placeholders until the cards land), for monasteries."""
    if shape not in SHAPES:
        raise BoardrulesError(f"unknown map shape {shape!r} (one of {', '.join(SHAPES)})")
    s = GameState(shape, players, seed)
    s.enemy_piles = {c: t.pile(c, enemy_sets) for c in COLOURS}
    s.enemy_discards = {c: [] for c in COLOURS}
    s.ruins_pile = [r.id for r in t.ruins if r.set in sets]
    s.aa_deck = list(reversed(advanced_actions))
    if not 1 <= city_level <= 11:
        raise BoardrulesError(f"city_level must be 1 to 11, not {city_level}")
    s.city_level = city_level
    s.tile_deck = tile_deck(t, countryside, core, s, numeric_order)
    chosen = set(countryside) | set(core)
    s.spare_tiles = [x.id for x in t.tiles if x.kind != "starting" and x.set in sets and x.id not in chosen]
    events: list[Event] = []
    place_tile(t, s, (0, 0), "starting-a" if shape == "wedge" else "starting-b", events)
    for d in SETUP_REVEAL[shape]:
        g = {"E": (1, 0), "NE": (0, 1), "SE": (1, -1)}[d]
        place_tile(t, s, g, s.tile_deck.pop(0), events)
    for p in s.players:
        p.position = (0, 0)
    roll_source(s)
    return s, events


def draw_enemy(s: GameState, colour: str) -> str:
    """A random token of the colour's face-down pile, or its top if a player's Scouts looked at
    it (``GameState.pile_tops``); an exhausted pile is reshuffled from its discards (facts 5.1)."""
    pile = s.enemy_piles[colour]
    if colour in s.pile_tops:
        s.pile_tops = tuple(c for c in s.pile_tops if c != colour)
        if pile:
            return pile.pop()
    if not pile:
        pile += s.enemy_discards[colour]
        s.enemy_discards[colour] = []
    if not pile:
        raise BoardrulesError(f"no {colour} enemy tokens left in the pile or its discards")
    return draw_from(s.rng, pile)


def tokens_left(s: GameState, colour: str) -> int:
    """The tokens of a colour that can still be drawn: its pile and its discards (facts 5.1)."""
    return len(s.enemy_piles[colour]) + len(s.enemy_discards[colour])


def _drawn(s: GameState, colours: Sequence[str], what: str, h: Hex, events: list[Event]) -> list[str]:
    """A token of each colour, as many as are left to draw: with every token of a colour on the
    map or in play, the space gets none of it (our reading; rules-choices.md), said in an event."""
    got = []
    for colour in colours:
        if tokens_left(s, colour):
            got.append(draw_enemy(s, colour))
        else:
            events.append(Event("no-token", f"no {colour} enemy token is left for the {what} at {h[0]},{h[1]}",
                                data={"at": list(h), "colour": colour}))
    return got


def discard_enemy(t: Tables, s: GameState, token: str) -> None:
    s.enemy_discards[t.enemy[token].colour].append(token)


def place_tile(t: Tables, s: GameState, g: Grid, tile_id: str, events: list[Event]) -> None:
    """Put a tile on the map and reveal it: each space's "When Revealed" rule."""
    tile = t.tile[tile_id]
    s.tiles[g] = tile_id
    for i, h in enumerate(tile_hexes(g)):
        s.spaces[h] = (tile_id, i)
        if tile.hexes[i].site in ETERNAL_NIGHT:
            s.night_spaces = (*s.night_spaces, h)
    events.append(Event("tile-revealed", f"tile {tile_id} is revealed", data={"tile": tile_id, "at": list(g)}))
    for h, sp in zip(tile_hexes(g), tile.hexes, strict=True):
        reveal_space(t, s, h, sp, tile.city, events)


def reveal_space(t: Tables, s: GameState, h: Hex, sp: TileHex, city: str | None, events: list[Event]) -> None:
    """MARAUDING ORCS / DRACONUM: a token face up; KEEP / MAGE TOWER: a token face down;
    ANCIENT RUINS: a yellow token face up by Day, face down by Night; MONASTERY "Training": the
    top Advanced Action into the Unit offer; a city: its garrison face down (facts 4.6)."""
    site = sp.site
    if site in RAMPAGING_SITES:
        if drawn := _drawn(s, [RAMPAGING_SITES[site]], site, h, events):
            s.enemies[h] = [Token(drawn[0], True)]
    elif site in FACE_DOWN_SITES:  # none left: drawn when the site is assaulted (sites.start_movement_combat)
        if drawn := _drawn(s, [FACE_DOWN_SITES[site]], site.replace("-", " "), h, events):
            s.enemies[h] = [Token(drawn[0], False)]
    elif site == "ruins" and s.ruins_pile:
        by_day = not s.night or this_turn(s, "amulet:sun")  # the Amulet of the Sun shows as by Day
        s.ruins[h] = Token(draw_from(s.rng, s.ruins_pile), by_day)
    elif site == "monastery" and s.aa_deck:
        s.unit_offer_aa.append(s.aa_deck.pop())
        events.append(Event("unit-offer", "an Advanced Action goes into the Unit offer (monastery)",
                            data={"card": s.unit_offer_aa[-1]}))
    elif site == "city" and city and not s.cities_closed:  # a closed city is never fought: no garrison
        if s.city_levels:  # the scenario's level for the next city revealed (facts 5.8)
            s.city_level, s.city_levels = s.city_levels[0], s.city_levels[1:]
        level = min(s.city_level, 11)
        s.enemies[h] = [Token(x, False) for x in _drawn(s, t.garrison[(city, level)].garrison, "city", h, events)]


def open_positions(s: GameState) -> list[Grid]:
    """Tile positions next to the map with no tile yet."""
    tiles = s.tiles
    return list(dict.fromkeys(n for g in tiles for n in grid_neighbours(g) if n not in tiles))  # (in order, once)


EXPLORE_REACH = "explore-reach"  # (kind, "", N) in PlayerState.lasting: explore tiles N spaces away (Scouts)


def next_to(h: Hex, g: Grid, reach: int = 1) -> bool:
    """Whether the tile position ``g`` is next to ``h`` (or within ``reach`` spaces of it): a
    tile's spaces are those within 1 of its centre, so a space of it lies within ``reach`` of
    ``h`` when the centre lies within ``reach + 1``."""
    return distance(h, tile_centre(g)) <= reach + 1


def explore_reach(p: PlayerState) -> int:
    """How far from the hero a tile may be explored this turn: next to it, or 2 spaces away
    after the Scouts' Move ability."""
    return max((x[2] for x in p.lasting if x[0] == EXPLORE_REACH), default=1)


EXPLORE_LESS = "explore-less"  # (kind, "", N) in PlayerState.lasting: exploring costs N less this turn (Hawk Eyes)
FERAL_ALLIES = "feral-allies"  # Braevalar's skill: exploring costs 1 less (facts 3.5)


def explore_cost(p: PlayerState) -> int:
    """The Move points exploring costs the hero now: 2, 1 less with Feral Allies and 1 less
    after Hawk Eyes at Night (never below 0)."""
    less = sum(x[2] for x in p.lasting if x[0] == EXPLORE_LESS) if p.lasting else 0
    return max(0, EXPLORE_COST - less - (FERAL_ALLIES in p.skills))


def exploring_refused(p: PlayerState) -> bool:
    """Whether ``explore`` refuses every position now, whatever the tile: the movement is over,
    only resting is left, or the Move points are short of the cost."""
    return p.acted or p.moving_done or only_rest_left(p) or p.move_points < explore_cost(p)


def explore_refusal(t: Tables, s: GameState, p: PlayerState, g: Grid) -> tuple[str, str]:
    """Why ``explore`` refuses the position ``g`` now ("" if it accepts it), with the rule: the
    placing of the tile after these conditions refuses nothing (the legal actions read them
    without a trial)."""
    rule = "Exploring"
    if p.acted or p.moving_done:
        return "your movement is over for this turn", rule
    if only_rest_left(p):
        return ONLY_REST, TURN_RULE
    if g in s.tiles:
        return f"there is already a tile at {g}", rule
    reach = explore_reach(p)
    if not next_to(p.position, g, reach):
        return ("you must stand on a space next to the position you explore" if reach == 1 else
                f"the position you explore must be within {reach} spaces of you"), rule
    cost = explore_cost(p)
    if p.move_points < cost:
        return f"exploring costs {cost} Move points; you have {p.move_points}", rule
    pool = _fallback_pool(t, s)
    if not s.tile_deck and not pool:
        return "the Tile deck is empty and no unused tile is left", rule
    kind = t.tile[s.tile_deck[0]].kind if s.tile_deck else \
        "countryside" if t.tile[pool[0]].kind == "countryside" else "core"
    return placement_refusal(s.shape, g, kind, s.tiles, not s.tile_deck), rule


def _fallback_pool(t: Tables, s: GameState) -> list[str]:
    """With the Tile deck empty, the unused tiles one is drawn from: countryside, else non-city core."""
    if s.tile_deck:
        return []
    return [x for x in s.spare_tiles if t.tile[x].kind == "countryside"] or \
        [x for x in s.spare_tiles if t.tile[x].kind == "core" and t.tile[x].city is None]


def explore(t: Tables, s: GameState, p: PlayerState, g: Grid, events: list[Event]) -> str:
    """Exploring (facts 4.2, 5.5): from a space adjacent to an open position, pay 2 Move and place
    the top tile of the Tile deck there (countryside: touching 2 tiles or one that touches 2;
    core: touching 2, off the wedge's coastal lanes; not beyond the coastline). With the deck
    empty, a random unused countryside tile (then non-city core) where it touches 3 tiles."""
    why, rule = explore_refusal(t, s, p, g)
    if why:
        raise IllegalActionError(why, rule)
    cost = explore_cost(p)
    fallback = not s.tile_deck
    pool = _fallback_pool(t, s)
    p.move_points -= cost
    p.move_left = p.move_points  # exploring is the Move phase too: what is left pays no maze path (MAZE)
    if fallback:
        tile_id = scripted(s.rng, pool) or pool[s.rng.below(len(pool))]
        s.spare_tiles.remove(tile_id)
    else:
        tile_id = s.tile_deck.pop(0)
    place_tile(t, s, g, tile_id, events)
    for player in range(len(s.players)):  # KEEP / MAGE TOWER: "if a player is adjacent", any player
        reveal_near(t, s, player, events)
    return tile_id


def reveal_near(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """KEEP / MAGE TOWER "When Revealed": the token is revealed during the Day if a player is
    adjacent to it; a city's garrison when a hero is adjacent, even at Night (facts 4.4); a
    face-down ruins token when someone enters the space (ANCIENT RUINS). A hero in a Necropolis
    or Graveyard is under Night rules by Day (Eternal Night): no keep or mage tower is revealed."""
    h = s.players[player].position
    by_day = not (s.night or eternal_night(s, player)) or this_turn(s, "amulet:sun")
    for n in [h, *neighbours(h)]:
        sp = space(t, s, n)
        if sp is None:
            continue
        if (sp.site in FACE_DOWN_SITES and by_day) or sp.site == "city":
            for tok in s.enemies.get(n, []):
                if not tok.face_up:
                    tok.face_up = True
                    events.append(Event("token-revealed", f"the {sp.site} token at {n[0]},{n[1]} is {tok.id}",
                                        data={"at": list(n), "token": tok.id}))
    ruins = s.ruins.get(h)
    if ruins is not None and not ruins.face_up:
        ruins.face_up = True
        events.append(Event("token-revealed", f"the ruins token is {ruins.id}", data={"at": list(h), "token": ruins.id}))
