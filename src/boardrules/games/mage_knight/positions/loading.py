"""Loading a position: its fields set on the game fresh from ``new_state``, then the moment it
names: the start of a turn (``stage`` ``turn``: the turn's start runs as in play: the space's
mana token, Source Freeze, the others' answers) or a round's Tactic selection (``tactics``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine import PositionError, StepGame
from ....engine.positions import escaped, shown
from ..content import COLOURS, Tables
from ..game_state import BASIC, DUMMY, DummyState, GameState, MKState
from ..rounds.scenarios import may_take_turn
from .board import put_tokens, set_sites, set_tiles, space_on_map, token_spots
from .fields import BookkeepingFields, DummyFields, MKFields, SeatFields
from .heroes import hero_spots, set_hero
from .pieces import Pieces, Spot, share
from .supply import known

# the offers: (field, slot, the deck refilling it when a card leaves it: facts 5.1; the Unit
# offer is dealt again only as a round begins)
OFFERS = (("units", "unit_offer", ""), ("advanced_actions", "aa_offer", "aa_deck"),
          ("spells", "spell_offer", "spell_deck"), ("monastery", "unit_offer_aa", ""))
DECKS = (("advanced_actions", "aa_deck", "advanced"), ("spells", "spell_deck", "spell"),
         ("artifacts", "artifact_deck", "artifact"), ("regular_units", "regular_units", ""),
         ("elite_units", "elite_units", ""))
DECK_NAMES = {slot: name for name, slot, _ in DECKS}
OFFER_KINDS = {"advanced_actions": "advanced", "spells": "spell", "monastery": "advanced"}


def seat_of(where: str, value: int | str, n: int, dummy: bool) -> int:
    """A seat, or ``"dummy"`` (the Dummy player's place, ``DUMMY``) in Solo Conquest."""
    if value == "dummy":
        if not dummy:
            raise PositionError(where, "only Solo Conquest has a Dummy player")
        return DUMMY
    assert isinstance(value, int)
    if value >= n:
        raise PositionError(where, f"there is no seat {value} in a game of {n} (seats 0 to {n - 1})")
    return value


def load(game: StepGame[MKState], t: Tables, m: MKState, f: MKFields) -> None:
    g, fresh = m.g, m.clone()
    n = m.num_players
    if f.seats is not None and len(f.seats) != n:
        raise PositionError("seats", f"a game of {n} players has {n} seats, not {len(f.seats)}")
    seats = f.seats or [SeatFields() for _ in range(n)]
    if f.round is not None:
        if f.round > m.rounds:
            raise PositionError("round", f"{g.scenario} lasts {m.rounds} rounds, not {f.round}")
        g.round = f.round
    if f.night is not None:
        g.night = f.night
    dummy_hero = _dummy_hero(t, m, f.dummy)
    pieces = Pieces(t, fresh, dummy_hero)
    set_tiles(t, g, fresh.g, f)
    heroes = [hero_spots(fresh.g, pieces, i, sf) for i, sf in enumerate(seats)]
    enemies, ruins = token_spots(t, g, fresh.g, f, pieces)
    supplies = _supply_spots(fresh, f, pieces)
    dummy = _dummy_spots(fresh, f.dummy, pieces, dummy_hero)
    share([*(s for spots in heroes for s in spots.values()), *(x[2] for x in enemies), *(x[2] for x in ruins),
           *supplies.values(), *dummy.values()])
    put_tokens(g, enemies, ruins)
    _set_supplies(g, fresh, f, supplies)
    set_sites(t, g, f)
    for i, sf in enumerate(seats):
        set_hero(t, g, m.heroes[i], i, sf, heroes[i], pieces)
    if f.source is not None:
        if len(f.source) != len(fresh.g.source):
            raise PositionError("source", f"the Source holds {len(fresh.g.source)} dice (players + 2), not "
                                f"{len(f.source)}")
        g.source = list(f.source)
    g.source_used, g.source_kept = [], []
    if g.dummy is not None:
        _set_dummy(t, g, f.dummy, dummy, pieces, dummy_hero)
    if f.announced is not None:
        g.announced_by = seat_of("announced", f.announced, n, g.dummy is not None)
    if f.bookkeeping is not None:
        _bookkeeping(t, m, f.bookkeeping)
    current = _stage(t, m, fresh, f)
    if g.announced_by >= 0 and (f.bookkeeping is None or f.bookkeeping.final_turns is None):
        g.final_turns = _final_turns(m, current)
    if f.draws is not None:
        for j, x in enumerate(f.draws):
            if x not in BASIC and x not in ("gold", "black") and x not in t.enemy and x not in t.ruins_token \
                    and x not in t.tile and x not in t.tactic:
                raise PositionError(f"draws[{j}]", f"{shown(x)} is not a mana die's colour, an enemy or ruins "
                                    "token, a tile or a Tactic")
        game.script_rng(m, list(f.draws), "draws")
    if current >= 0 and (not may_take_turn(g, current) or current in g.pvp_face_down):
        raise PositionError("current", f"seat {current} takes no turn now (the End of the Round announced or the "
                            "game's last turns: bookkeeping.final_turns, last_turns; or pvp_face_down)")
    m.cached = None
    game._advance(m, [])


def _dummy_hero(t: Tables, m: MKState, f: DummyFields | None) -> str:
    d = m.g.dummy
    if d is None:
        if f is not None:
            raise PositionError("dummy", "only Solo Conquest has a Dummy player")
        return ""
    if f is None or f.hero is None or f.hero == d.hero:
        return d.hero
    sets = {t.tile[x].set for x in [*m.g.tiles.values(), *m.g.tile_deck, *m.g.spare_tiles]}
    heroes = sorted(h.id for h in t.heroes if h.set in sets and h.id not in m.heroes)
    if f.hero not in heroes:
        raise PositionError("dummy.hero", f"{shown(f.hero)} is not a hero the Dummy can play ({', '.join(heroes)})")
    return f.hero


def _supply_spots(fresh: MKState, f: MKFields, pieces: Pieces) -> dict[str, Spot]:
    """The offers, the decks (top first), the enemy piles and discards, the ruins pile and
    discard, the Common Skill offer."""
    g0 = fresh.g
    offers, decks = f.offers, f.decks
    spots: dict[str, Spot] = {}
    for name, slot, _ in OFFERS:
        given = getattr(offers, name) if offers else None
        if name == "units":
            spots[slot] = Spot(f"offers.{name}", given, getattr(g0, slot), pieces.units.take_one, pieces.units.keep)
        else:
            spots[slot] = pieces.card_spot(f"offers.{name}", given, getattr(g0, slot), OFFER_KINDS[name])
    for name, slot, kind in DECKS:
        given = getattr(decks, name) if decks else None
        fresh_deck = getattr(g0, slot)[::-1]
        if kind:
            spots[slot] = pieces.card_spot(f"decks.{name}", given, fresh_deck, kind)
        else:
            spots[slot] = Spot(f"decks.{name}", given, fresh_deck, pieces.units.take_one, pieces.units.keep)
    piles: dict[str, list[str]] = {c: x for c, x in (f.enemy_piles or {}).items()}
    discards: dict[str, list[str]] = {c: x for c, x in (f.enemy_discards or {}).items()}
    for c in COLOURS:  # a colour left out of a pile or discards given is empty there
        supply = pieces.enemies[c]
        spots[f"pile:{c}"] = Spot(f"enemy_piles.{c}", piles.get(c, []) if f.enemy_piles is not None else None,
                                  g0.enemy_piles[c][::-1], supply.take_one, supply.keep)
        spots[f"discard:{c}"] = Spot(f"enemy_discards.{c}", discards.get(c, []) if f.enemy_discards is not None
                                     else None, g0.enemy_discards[c], supply.take_one, supply.keep)
    ruins = pieces.ruins
    spots["ruins_pile"] = Spot("ruins_pile", f.ruins_pile, g0.ruins_pile, ruins.take_one, ruins.keep)
    spots["ruins_discard"] = Spot("ruins_discard", f.ruins_discard, g0.ruins_discard, ruins.take_one, ruins.keep)
    skills = pieces.skills
    spots["common_skills"] = Spot("common_skills", f.common_skills, g0.common_skills, skills.take_one, skills.keep)
    return spots


def _set_supplies(g: GameState, fresh: MKState, f: MKFields, spots: dict[str, Spot]) -> None:
    for _, slot, _ in DECKS:
        setattr(g, slot, spots[slot].out[::-1])
    for name, slot, deck in OFFERS:
        offer = spots[slot].out
        given = getattr(f.offers, name) if f.offers else None
        deck_given = getattr(f.decks, DECK_NAMES[deck]) if f.decks and deck else None
        if given is None and deck and deck_given is None:  # a card taken from the offer: refilled from the deck
            stock = getattr(g, deck)
            while len(offer) < len(getattr(fresh.g, slot)) and stock:
                offer.insert(0, stock.pop())
        setattr(g, slot, offer)
    for c in COLOURS:
        g.enemy_piles[c] = spots[f"pile:{c}"].out[::-1]
        g.enemy_discards[c] = spots[f"discard:{c}"].out
    g.ruins_pile, g.ruins_discard = spots["ruins_pile"].out, spots["ruins_discard"].out
    g.common_skills = spots["common_skills"].out


def _dummy_spots(fresh: MKState, f: DummyFields | None, pieces: Pieces, hero: str) -> dict[str, Spot]:
    if not hero or pieces.dummy_own is None:
        return {}
    d0 = fresh.g.dummy
    assert d0 is not None
    same = hero == d0.hero
    own = pieces.dummy_own
    take, keep = pieces.deed_take(own), pieces.deed_keep(own)
    deck0 = d0.deck[::-1] if same else list(own.have.elements())
    skills = pieces.skills
    return {
        "deck": Spot("dummy.deck", f.deck if f else None, deck0, take, keep),
        "discard": Spot("dummy.discard", f.discard if f else None, d0.discard if same else [], take, keep),
        "skill_pile": Spot("dummy.skill_pile", f.skill_pile if f else None, d0.skill_pile[::-1] if same else
                           [x for x in pieces.t.skill_pile(hero) if pieces.t.skill[x].type != "interactive"],
                           skills.take_one, skills.keep),
    }


def _set_dummy(t: Tables, g: GameState, f: DummyFields | None, spots: dict[str, Spot], pieces: Pieces,
               hero: str) -> None:
    d0 = g.dummy
    assert d0 is not None
    d = DummyState(hero)
    deck, discard = spots["deck"].out, spots["discard"].out
    left = pieces.dummy_own.left() if pieces.dummy_own else []  # its cards no pile names: the deck's bottom
    if f is None or f.deck is None:
        deck = deck + left
    elif f.discard is None:
        discard = discard + left
    d.deck, d.discard = deck[::-1], discard
    d.skill_pile = spots["skill_pile"].out[::-1]
    if f is not None and f.skill_pile is not None:
        for j, x in enumerate(f.skill_pile):
            if t.skill[x].hero != hero or t.skill[x].type == "interactive":
                raise PositionError(f"dummy.skill_pile[{j}]", f"{x} is not one of the Dummy's skill tokens "
                                    f"({t.hero[hero].name}'s, not interactive)")
    d.crystals = dict(d0.crystals) if hero == d0.hero else dict.fromkeys(BASIC, 0)
    if hero != d0.hero:
        for colour in t.hero[hero].dummy_crystals:
            d.crystals[colour] += 1
    if f is not None and f.crystals is not None:
        d.crystals = dict.fromkeys(BASIC, 0) | dict(f.crystals)
    if f is not None and f.tactic is not None:
        if f.tactic not in t.tactic:
            raise PositionError("dummy.tactic", f"{shown(f.tactic)} is not a Tactic")
        d.tactic = f.tactic
    g.dummy = d


def _bookkeeping(t: Tables, m: MKState, b: BookkeepingFields) -> None:
    g, n = m.g, m.num_players
    solo = g.dummy is not None
    if b.decisions is not None:
        m.decisions = b.decisions
    for name in ("final_turns", "last_turns"):
        given = getattr(b, name)
        if given is not None:
            seats = [seat_of(f"bookkeeping.{name}[{j}]", x, n, solo) for j, x in enumerate(given)]
            setattr(g, name, seats if name == "final_turns" else tuple(seats))
    for name in ("end_triggered", "black_as_any", "extra_turn", "dice_allowed", "hand_bonus", "city_level"):
        if getattr(b, name) is not None:
            setattr(g, name, getattr(b, name))
    if b.city_levels is not None:
        g.city_levels = tuple(b.city_levels)
    if b.removed_tactics is not None:
        g.removed_tactics = tuple(known("bookkeeping.removed_tactics", b.removed_tactics, t.tactic, "a Tactic"))
    if b.pvp_face_down is not None:
        g.pvp_face_down = [seat_of(f"bookkeeping.pvp_face_down[{j}]", x, n, False) for j, x in enumerate(b.pvp_face_down)]
    _held_over(t, m, b)
    if b.pile_tops is not None:
        g.pile_tops = tuple(b.pile_tops)
    if b.deck_bottoms is not None:
        g.deck_bottoms = tuple(b.deck_bottoms)
    if b.maze_paths is not None:
        paths = {}
        for key, costs in b.maze_paths.items():
            h = space_on_map(g, f"bookkeeping.maze_paths.{escaped(key)}", key)
            for cost in costs:
                if not cost.isascii() or not cost.isdigit():
                    raise PositionError(f"bookkeeping.maze_paths.{escaped(key)}.{escaped(cost)}", f"{shown(cost)} is not a path's cost")
            paths[h] = {int(k): seat_of(f"bookkeeping.maze_paths.{escaped(key)}.{escaped(k)}", v, n, False) for k, v in costs.items()}
        g.maze_paths = paths


def _held_over(t: Tables, m: MKState, b: BookkeepingFields) -> None:
    """What lasts from turn to turn in the middle of the table: the dice held (Mana Steal, Mana
    Claim), the interactive skills in the centre, the tokens the Scouts looked at, the cards
    bought blind."""
    g, n = m.g, m.num_players
    dice = len(g.source)
    if b.mana_steal is not None:
        if b.mana_steal[1] >= dice:
            raise PositionError("bookkeeping.mana_steal[1]", f"the Source has dice 0 to {dice - 1}")
        g.mana_steal = (seat_of("bookkeeping.mana_steal[0]", b.mana_steal[0], n, False), b.mana_steal[1])
    if b.mana_claims is not None:
        claims = []
        for j, claim in enumerate(b.mana_claims):
            if claim.die >= dice:
                raise PositionError(f"bookkeeping.mana_claims[{j}].die", f"the Source has dice 0 to {dice - 1}")
            seat = seat_of(f"bookkeeping.mana_claims[{j}].seat", claim.seat, n, False)
            claims.append((seat, claim.die, int(claim.each_turn), int(claim.curse)))
        g.mana_claims = tuple(claims)
    if b.centre is not None:
        known("bookkeeping.centre", [c.skill for c in b.centre], t.skill, "a skill", "skill")
        g.centre = tuple((c.skill, seat_of(f"bookkeeping.centre[{j}].owner", c.owner, n, False), c.detail)
                         for j, c in enumerate(b.centre))
    if b.scouted is not None:
        known("bookkeeping.scouted", [x.token for x in b.scouted], t.enemy, "an enemy token", "token")
        g.scouted = tuple((seat_of(f"bookkeeping.scouted[{j}].seat", x.seat, n, False), x.at, x.token)
                          for j, x in enumerate(b.scouted))
    if b.blind is not None:
        known("bookkeeping.blind", [y.card for y in b.blind], t.card, "a Deed card", "card")
        g.blind = tuple((seat_of(f"bookkeeping.blind[{j}].seat", y.seat, n, False), y.card)
                        for j, y in enumerate(b.blind))


def _stage(t: Tables, m: MKState, fresh: MKState, f: MKFields) -> int:
    """The moment: a turn about to start (its player returned) or a round's Tactics (-1)."""
    g, n = m.g, m.num_players
    time = "night" if g.night else "day"
    offered = [x.id for x in sorted(t.tactics, key=lambda x: x.number)
               if x.time == time and x.set == "base" and x.id not in g.removed_tactics]
    taken: dict[str, str] = {}
    holders = [(f"seats[{i}].tactic", p.tactic) for i, p in enumerate(g.players)]
    if g.dummy is not None:
        holders.append(("dummy.tactic", g.dummy.tactic))
    for where, tactic in holders:
        if not tactic:
            continue
        if tactic not in offered:
            raise PositionError(where, f"{shown(tactic)} is not one of the round's Tactics ({time}: {', '.join(offered)})")
        if tactic in taken:
            raise PositionError(where, f"{tactic} is already taken ({taken[tactic]})")
        taken[tactic] = where
    g.tactics = [x for x in offered if x not in taken]
    order = None if f.round_order is None else _round_order(m, f.round_order)
    m.answering, m.dummy_pending, m.play, m.turn_begun = (), False, [], False
    g.round_over = False
    if (f.stage or ("turn" if all(tactic for _, tactic in holders) else "tactics")) == "tactics":
        if g.dummy is not None and g.dummy.tactic:
            raise PositionError("dummy.tactic", "the Dummy player takes its Tactic after the heroes (stage turn)")
        if all(p.tactic for p in g.players):
            raise PositionError("stage", "every hero has taken a Tactic: the stage tactics has one still to choose")
        g.round_order = order or g.round_order
        if f.current is not None:
            g.current = seat_of("current", f.current, n, False)
        m.seat, m.turn = -1, f.turn or 0
        return -1
    for where, tactic in holders:
        if not tactic:
            raise PositionError(where, "at the start of a turn every player has taken a Tactic (or stage: tactics)")
    number = {x.id: x.number for x in t.tactics}
    derived = sorted([*range(n), *([DUMMY] if g.dummy else [])],
                     key=lambda i: number[g.dummy.tactic if i == DUMMY and g.dummy else g.players[i].tactic])
    if order is not None and order != derived:
        raise PositionError("round_order", "in a turn the Round Order follows the Tactics' numbers: "
                            + ", ".join("dummy" if i == DUMMY else str(i) for i in derived))
    g.round_order = derived
    current = seat_of("current", f.current, n, False) if f.current is not None else \
        next(i for i in derived if i != DUMMY)
    m.seat = derived.index(current) - 1
    m.turn = (f.turn or 1) - 1
    g.current = current
    return current


def _round_order(m: MKState, given: Sequence[int | str]) -> list[int]:
    n, solo = m.num_players, m.g.dummy is not None
    order = [seat_of(f"round_order[{j}]", x, n, solo) for j, x in enumerate(given)]
    want = sorted([*range(n), *([DUMMY] if solo else [])])
    if sorted(order) != want:
        raise PositionError("round_order", "the Round Order lists every seat once" + (" and the dummy" if solo else ""))
    return order


def _final_turns(m: MKState, current: int) -> list[int]:
    """After an announcement, the players still to take their last turn of the round: from the
    current one on, round the table, up to the one who announced."""
    g = m.g
    order = g.round_order
    if current < 0:
        return [i for i in order if i != g.announced_by]
    k = order.index(current)
    out = []
    for i in order[k:] + order[:k]:
        if i == g.announced_by:
            break
        out.append(i)
    return [i for i in order if i in out]


__all__ = ["load", "seat_of"]
