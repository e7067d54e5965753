"""A scenario's set-up (facts 5.8, 4.2; rules-choices.md "Sets"): its countryside tiles (in
numerical order for First Reconnaissance), its non-city and city core tiles chosen at random and
shuffled below them, the map shape; the offers; no elite Units in First Reconnaissance; Solo
Conquest's Dummy player and no interactive Spells or skills; each hero's skill pile and Deed deck;
the first Round Order and the first round. Tiles, decks, Units, ruins and enemy tokens are those
of the sets played (``SET_TAGS``).
"""

from __future__ import annotations

from ....engine import Rng
from ..cards.deck import new_deed_deck
from ..cards.offers import set_up_offers
from ..content import Tables
from ..game_state import DUMMY, MKState
from ..map.exploring import new_map
from .dummy import new_dummy
from .new_round import begin_round
from .scenarios import Scenario, remove_interactive_spells

# The content's set tags each set brings. The facts tag the Lost Legion's enemy tokens "exp"
# (facts 4.4: their source holds the base game and Lost Legion, the faction tokens apart), so
# they come with LL; the faction tokens come with no set played (rules-choices.md "Sets").
SET_TAGS = {"base": frozenset({"base"}), "LL": frozenset({"LL", "exp"})}
SEED_SALT = 0x4D4B  # the set-up's own draws (heroes, core tiles), apart from the game's generator


def set_up(t: Tables, sc: Scenario, heroes: list[str], sets: frozenset[str], seed: int) -> MKState:
    """The game of scenario ``sc`` for ``heroes`` (one per seat) with the sets ``sets``, at its
    first decision's eve (the automatic steps after it are ``sequence.advance``'s)."""
    num_players = len(heroes)
    countryside = [x for x in t.tiles if x.kind == "countryside" and x.set in sets]
    pick = Rng(seed ^ SEED_SALT ^ 0x7117)
    if sc.tiles_in_numeric_order:
        countryside.sort(key=lambda x: x.number)
    else:
        pick.shuffle(countryside)
    chosen = [x.id for x in countryside[:sc.countryside_tiles[num_players]]]
    core: list[str] = []
    for city in (False, True):
        pool = sorted(x.id for x in t.tiles if x.kind == "core" and x.set in sets and (x.city is not None) == city)
        pick.shuffle(pool)
        core += pool[:sc.city_tiles if city else sc.core_tiles]
    g, _ = new_map(t, sc.shape, num_players, chosen, core, seed=seed, numeric_order=sc.tiles_in_numeric_order,
                   sets=sets, enemy_sets=frozenset().union(*(SET_TAGS[x] for x in sets)))
    g.scenario, g.cities_closed, g.tile_order_known = sc.name, sc.cities_closed, sc.tiles_in_numeric_order
    if sc.city_levels:
        g.city_level, g.city_levels = sc.city_levels[0], tuple(sc.city_levels)
    set_up_offers(t, g, sets)
    if not sc.elite_units:  # First Reconnaissance: no elite Units (facts 5.8)
        g.elite_units = []
    if sc.dummy:  # Solo Conquest: no interactive Spells, skill or opponent (facts 5.8)
        remove_interactive_spells(t, g)
    for p, hero in zip(g.players, heroes, strict=True):
        p.skill_pile = [x for x in t.skill_pile(hero) if not (sc.dummy and t.skill[x].type == "interactive")]
        g.rng.shuffle(p.skill_pile)
        new_deed_deck(p, t.starting_deck(hero), g.rng, p.hand_limit)
    g.round_order = list(reversed(range(num_players)))  # round 1 ties: the reverse of choosing
    if sc.dummy:
        unused = sorted(h.id for h in t.heroes if h.set in sets and h.id not in heroes)
        g.dummy = new_dummy(t, unused[pick.below(len(unused))], g.rng)
        g.round_order.append(DUMMY)
    begin_round(t, g, [], first=True)
    return MKState(g, heroes, sc.rounds)


__all__ = ["SEED_SALT", "SET_TAGS", "set_up"]
