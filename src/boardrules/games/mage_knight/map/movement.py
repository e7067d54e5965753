"""Movement (facts 4.1, 5.5; excerpt WALLS "Movement" and "Provoking", MARAUDING ORCS and
DRACONUM "Effect", HIDDEN VALLEY / NECROPOLIS / GRAVEYARD TILE "Movement", KEEP and MAGE TOWER
"When Revealed"): what a space costs, which spaces can be entered, provoking rampaging enemies,
assaulting fortified sites, and face-down tokens turned up when a hero comes next to them."""

from __future__ import annotations

from ....engine import Event, IllegalActionError
from ..content import Tables
from ..game_state import GameState, has
from ..rounds.obligation import ONLY_REST, only_rest_left
from ..rounds.obligation import RULE as TURN_RULE
from .exploring import FACE_DOWN_SITES, RAMPAGING_SITES, reveal_near, space, tokens_left
from .hexes import OPPOSITE, POSITION_NAMES, Hex, adjacent, direction, neighbours

# Move cost by terrain: (Day, Night); None: impassable (facts 4.1)
TERRAIN_COST: dict[str, tuple[int | None, int | None]] = {
    "plains": (2, 2), "hills": (3, 3), "forest": (3, 5), "wasteland": (4, 4), "desert": (5, 3), "swamp": (5, 5),
    "lake": (None, None), "mountain": (None, None),
}
FIXED_COST = {"city": 2, "hidden-valley": 2, "necropolis": 2}  # whatever terrain is printed under it
FORTIFIED_SITES = ("keep", "mage-tower", "city")
WALL_COST = 1
RULE_OF_SITE = {"orcs": "MARAUDING ORCS", "draconum": "DRACONUM"}


MIST_BARRED = ("hills", "mountain")
AMULET_TERRAIN = {"forest": "amulet:sun", "desert": "amulet:darkness"}
PATH_FINDING_FLOOR = 2  # Path Finding never lowers a cost below 2
# A card's change to the Move cost of a terrain for the rest of the turn (PlayerState.lasting):
# (kind, terrain, N). "enter": an impassable terrain may be entered for N (Frost Bridge, Song of
# Wind: lakes); "enter-safe": so, and it counts as a safe space (Mountain Lore: mountains);
# "set": costs at most N (Frost Bridge: swamps 1); "less": N less, never below 0 (Song of Wind);
# "less-to-2": N less, never below 2 (Druidic Paths).
TERRAIN_LASTING = ("enter", "enter-safe", "set", "less", "less-to-2")
ONE_SPACE_LESS = "one-space-less"  # Druidic Paths: the next space it makes cheaper costs N less (min 2)


def lasting_cost(terrain: str, cost: int | None, lasting: tuple[tuple[str, str, int], ...]) -> int | None:
    """The cost of ``terrain`` after the cards' changes of this turn (``TERRAIN_LASTING``)."""
    for kind, what, n in lasting:
        if what == terrain and kind in ("enter", "enter-safe"):
            cost = n if cost is None else min(cost, n)
    for kind, what, n in lasting:
        if what != terrain or cost is None:
            continue
        if kind == "set":
            cost = min(cost, n)
        elif kind == "less":
            cost = max(0, cost - n)
        elif kind == "less-to-2" and cost > PATH_FINDING_FLOOR:
            cost = max(PATH_FINDING_FLOOR, cost - n)
    return cost


def terrain_cost(t: Tables, s: GameState, h: Hex, less: int = 0,
                 lasting: tuple[tuple[str, str, int], ...] = ()) -> int | None:
    """The Move cost of entering ``h`` by the round's Day or Night (facts 4.1): a city, Hidden
    Valley or Necropolis space costs 2; a Graveyard costs the terrain under it, and its Eternal
    Night does not change that cost (GRAVEYARD TILE "Movement"). None: impassable. ``less``:
    Path Finding's reduction this turn (never below 2, impassable stays impassable);
    ``lasting``: the terrain changes of cards played this turn (``lasting_cost``)."""
    sp = space(t, s, h)
    if sp is None:
        return None
    turn = s.players[s.current]  # what the current player's cards do this turn
    if turn.lasting and has(turn, "mist-form"):  # Mist Form: every space costs 2, lakes too; no hills or mountains
        cost: int | None = None if sp.terrain in MIST_BARRED else 2
    elif sp.site in FIXED_COST:
        cost = FIXED_COST[sp.site]
    else:
        day, night = TERRAIN_COST[sp.terrain]
        cost = night if s.night else day
        if lasting:
            cost = lasting_cost(sp.terrain, cost, lasting)
        if turn.lasting and sp.terrain in AMULET_TERRAIN and has(turn, AMULET_TERRAIN[sp.terrain]):
            cost = 3  # an Amulet played this turn: forest at Night, desert by Day
    if less and cost is not None and cost > PATH_FINDING_FLOOR:
        cost = max(PATH_FINDING_FLOOR, cost - less)
    if s.centre and cost is not None:
        cost = weather(s, cost)
    return cost


PRAYER_OF_WEATHER = "prayer-of-weather"


def weather(s: GameState, cost: int) -> int:
    """Prayer of Weather in the centre (facts 3.5): terrain costs 2 less for its owner (min 1)
    and 1 more for everyone else (max 5)."""
    for skill, owner, _ in s.centre:
        if skill == PRAYER_OF_WEATHER:
            cost = max(1, cost - 2) if s.current == owner else min(5, cost + 1)
    return cost


def one_space_less(lasting: tuple[tuple[str, str, int], ...], cost: int) -> int:
    """Druidic Paths' basic effect: how much less the next space costs (never below 2)."""
    n = max((x[2] for x in lasting if x[0] == ONE_SPACE_LESS), default=0)
    return min(n, max(0, cost - PATH_FINDING_FLOOR))


def normally_accessible(t: Tables, s: GameState, h: Hex) -> bool:
    """Whether ``h`` can be entered without an effect (facts 5.5 "Safe space"): a lake is not,
    even when Mist Form let the hero in."""
    sp = space(t, s, h)
    return sp is not None and (sp.site in FIXED_COST or TERRAIN_COST[sp.terrain][0] is not None)


def two_away(h: Hex) -> set[Hex]:
    """The spaces 2 steps from ``h`` (Space Bending moves there as if adjacent)."""
    near = set(neighbours(h))
    return {x for n in near for x in neighbours(n)} - near - {h}


def wall_between(t: Tables, s: GameState, a: Hex, b: Hex) -> bool:
    """Whether a wall is printed on the side between two neighbouring spaces."""
    d = direction(a, b)
    for here, side in ((a, d), (b, OPPOSITE[d])):
        placed = s.spaces.get(here)
        if placed is None:
            continue
        walls = t.tile[placed[0]].walls  # (most tiles: none)
        if walls and any(w.at == POSITION_NAMES[placed[1]] and w.side == side for w in walls):
            return True
    return False


def move_cost(t: Tables, s: GameState, a: Hex, b: Hex, direct: bool = False, less: int = 0,
              lasting: tuple[tuple[str, str, int], ...] = ()) -> int | None:
    """Terrain cost plus 1 for crossing a wall (WALLS "Movement": terrain discounts cannot negate
    it, so it is added after them; walls have no effect on movement invoked directly by an
    effect, ``direct``, whose cost the effect sets). ``less``: Path Finding's reduction;
    ``lasting``: the cards' terrain changes of this turn."""
    cost = terrain_cost(t, s, b, less, lasting)
    if cost is None:
        return None
    if lasting:
        cost -= one_space_less(lasting, cost)
    return cost + (WALL_COST if not direct and wall_between(t, s, a, b) else 0)


def rampaging_at(t: Tables, s: GameState, h: Hex) -> bool:
    """Whether rampaging enemies (orcs, draconum) stand on ``h``."""
    if not s.enemies.get(h):  # (most spaces: no token, the printed space not looked up)
        return False
    sp = space(t, s, h)
    return sp is not None and sp.site in RAMPAGING_SITES


def provoked(t: Tables, s: GameState, a: Hex, b: Hex) -> list[Hex]:
    """WALLS "Provoking", MARAUDING ORCS / DRACONUM "Effect": moving from a space adjacent to
    rampaging enemies to another space adjacent to them provokes them, unless the target space
    is separated from them by a wall."""
    return [e for e in neighbours(b)
            if e != a and adjacent(a, e) and rampaging_at(t, s, e) and not wall_between(t, s, b, e)]


def owner_of_keep(s: GameState, h: Hex) -> int:
    for i, p in enumerate(s.players):
        if h in p.keeps:
            return i
    return -1


def assault_needed(t: Tables, s: GameState, player: int, h: Hex) -> bool:
    """Entering an unconquered fortified site, or another player's keep, ends the movement with
    an assault (facts 5.5; KEEP "Other Players' Keeps")."""
    sp = space(t, s, h)
    if sp is None or sp.site not in FORTIFIED_SITES:
        return False
    owner = owner_of_keep(s, h)
    if sp.site == "keep" and owner >= 0:
        return owner != player
    return h not in s.conquered


def undefended(t: Tables, s: GameState, player: int, h: Hex) -> bool:
    """An unconquered keep or mage tower revealed when no token of its colour was left (its token
    is drawn when it is assaulted), and still none left: it cannot be assaulted now."""
    sp = space(t, s, h)
    return sp is not None and sp.site in FACE_DOWN_SITES and assault_needed(t, s, player, h) and \
        owner_of_keep(s, h) < 0 and not s.enemies.get(h) and not tokens_left(s, FACE_DOWN_SITES[sp.site])


def steps_unaffordable(s: GameState, player: int) -> bool:
    """Whether ``move_refusal`` refuses every space for its cost at least: fewer Move points than
    the least a space costs (2: ``TERRAIN_COST``, ``FIXED_COST``, Path Finding's floor), with no
    change of the costs this turn (nothing lasting for the player whose turn it is, no skill in the
    centre: Prayer of Weather)."""
    p = s.players[player]
    return p.move_points < PATH_FINDING_FLOOR and player == s.current and not p.lasting and not s.centre


def move_refusal(t: Tables, s: GameState, player: int, b: Hex) -> tuple[str, str]:
    """Why the player cannot move to ``b`` now ("" if they can), with the rule."""
    p = s.players[player]
    a = p.position
    if p.acted or p.moving_done:
        return "your movement is over for this turn", "Movement"
    if only_rest_left(p):
        return ONLY_REST, TURN_RULE
    if not adjacent(a, b) and not (has(p, "space-bending") and b in two_away(a)):
        return "you move one space at a time, to a neighbouring space", "Movement"
    sp = space(t, s, b)
    if sp is None:
        return "there is no tile there yet: explore first", "Movement"
    if rampaging_at(t, s, b):
        who = "Orcs are" if sp.site == "orcs" else "Draconum is"
        return f"the {who} rampaging: no one can enter their space", RULE_OF_SITE[str(sp.site)]
    if undefended(t, s, player, b):
        colour = FACE_DOWN_SITES[str(sp.site)]
        return (f"no {colour} enemy token is left to defend the {str(sp.site).replace('-', ' ')}: it cannot be "
                "assaulted now", str(sp.site).replace("-", " ").upper())
    if sp.site == "city" and s.cities_closed:
        return f"in {s.scenario} a city can be neither entered nor conquered", s.scenario
    cost = move_cost(t, s, a, b, less=p.terrain_less, lasting=p.lasting, direct=not adjacent(a, b))
    if cost is None:
        return f"{sp.terrain} spaces cannot be entered", "Movement"
    if p.move_points < cost:
        wall = " (1 of it for the wall)" if adjacent(a, b) and wall_between(t, s, a, b) else ""
        return f"entering that space costs {cost} Move points{wall}; you have {p.move_points}", "Movement"
    return "", ""


def move(t: Tables, s: GameState, player: int, b: Hex, events: list[Event]) -> None:
    """Move the hero one space, paying its cost; provoking and assaults end the movement (the
    combat itself is started by ``sites.start_movement_combat``)."""
    reason, rule = move_refusal(t, s, player, b)
    if reason:
        raise IllegalActionError(reason, rule)
    p = s.players[player]
    a = p.position
    leap = not adjacent(a, b)  # Space Bending: a space 2 away, the leapt space and walls ignored
    cost = move_cost(t, s, a, b, less=p.terrain_less, lasting=p.lasting, direct=leap)
    assert cost is not None
    if has(p, ONE_SPACE_LESS):
        rest = tuple(x for x in p.lasting if x[0] != ONE_SPACE_LESS)
        if move_cost(t, s, a, b, less=p.terrain_less, lasting=rest) != cost:
            p.lasting = rest  # used up on this space
    p.move_points -= cost
    p.move_left = p.move_points  # left from the Move phase if no step follows (MAZE "Choosing Path")
    p.came_from, p.position = a, b
    p.path.append(b)
    events.append(Event("moved", f"moves to {b[0]},{b[1]} for {cost} Move", player, {"to": list(b), "cost": cost}))
    reveal_near(t, s, player, events)
    angry = [] if leap else provoked(t, s, a, b)  # Space Bending provokes no one
    p.provoked = angry
    if angry:
        p.moving_done = True
        events.append(Event("provoked", "provokes the rampaging enemies next to them: movement ends", player,
                            {"at": [list(h) for h in angry]}))
    if assault_needed(t, s, player, b):
        p.moving_done = True
        events.append(Event("assault", "enters a fortified site: movement ends, the assault begins", player,
                            {"at": list(b)}))


def heroes_met(t: Tables, s: GameState, player: int) -> list[int]:
    """Other heroes on the player's space: ending the move there is player-versus-player combat
    (facts 5.5; ``pvp/combat.py``), except on the portal or in a conquered city, which hold several
    heroes."""
    h = s.players[player].position
    sp = space(t, s, h)
    if sp is not None and (sp.site == "portal" or (sp.site == "city" and h in s.conquered)):
        return []
    return [i for i, p in enumerate(s.players) if i != player and p.position == h]


def start_day(t: Tables, s: GameState, events: list[Event]) -> None:
    """ANCIENT RUINS: a face-down token is revealed at the start of the next Day round; KEEP /
    MAGE TOWER: by Day, a token next to a hero is revealed (heroes already there when the Day
    begins)."""
    for h, tok in s.ruins.items():
        if not tok.face_up:
            tok.face_up = True
            events.append(Event("token-revealed", f"the ruins token is {tok.id}", data={"at": list(h), "token": tok.id}))
    if not s.night:
        for player in range(len(s.players)):
            reveal_near(t, s, player, events)
