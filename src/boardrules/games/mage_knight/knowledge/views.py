"""What each player sees, and states resampled to agree with it (the one place hidden
information is handled). Hidden: the hands and the order of every Deed deck, face-down enemy
and ruins tokens and their piles (but a token a player's Scouts looked at, to that player), the skill tokens not yet revealed, the order of the core
tiles in the Tile deck and of the Advanced Action, Spell, Artifact and Unit decks.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ....engine import Rng
from ..actions.turn import turn_decision
from ..actions.words import HOWS
from ..cards.deck import non_wounds_in_hand, wounds_in_hand
from ..cards.offers import artifacts_drawn
from ..combat.decision import warning
from ..combat.preview import preview
from ..combat.state import LENT
from ..content import Tables
from ..game_state import BOX, GameState, MKState, PlayerState, Token, _key, has
from ..rounds.answers import ACTION_KINDS, MIND_READ
from ..units.outside_combat import PILE, PILE_TOP, known_tokens, pile_top_known, scouted_token
from .seen import OFFER_DECKS, bottom_seen

LEVEL_UP = "skill-and-advanced-action"
DECK_LABELS = ("advanced-action", "spell", "artifact", "regular-units", "elite-units")  # of OFFER_DECKS
_PLAYER_HIDDEN = ("deck", "hand", "skill_pile")


def _top_seen(p: PlayerState) -> int:
    """How many cards on top of the Deed deck every player saw go there."""
    return min(p.deck_top_seen, len(p.deck))


def _top_own(p: PlayerState) -> int:
    """How many cards on top of the Deed deck its owner knows (those bought blind too)."""
    return min(max(p.deck_top_own, p.deck_top_seen), len(p.deck))


def _bottom_seen(p: PlayerState, top: int) -> int:
    """How many cards at the bottom of the Deed deck every player saw go there, below the ``top``
    cards known on top."""
    return max(0, min(p.deck_bottom_seen, len(p.deck) - top))


def _revealed_skills(g: GameState, i: int) -> int:
    """Facts 6.2: the top 2 skill tokens are revealed while a level-up reward waits."""
    return min(2, len(g.players[i].skill_pile)) if LEVEL_UP in g.players[i].pending else 0


def _artifacts_shown(g: GameState) -> int:
    """The Artifacts drawn for a reward (N + 1 for N won, facts 6.1) are shown while it waits
    (our reading); the top one that a Mysterious Box revealed this turn stays shown until the
    turn's end (facts 3.3)."""
    drawn = max(artifacts_drawn(g, p) for p in g.players)
    boxed = g.artifact_deck and has(g.players[g.current], BOX)
    return max(drawn, 1) if boxed else drawn


def _token(t: Tables, tok: Token, colour: str) -> list[Any]:
    return [tok.id, True] if tok.face_up else [colour, False]


# what the combat's hero holds, as counts: the Wounds and other cards in the hand (and how many of
# those were discarded) are the hero's to know; the others know only how many cards the hand holds
HERO_HIDDEN = ("hand", "wounds_hand", "discarded")


def _combat(t: Tables, g: GameState, viewer: int | None) -> dict[str, Any] | None:
    """The combat as ``viewer`` sees it: the piles a Summon Attack draws from show only their sizes;
    each Unit says whether it is lent from the Unit offer; how many of the hand's cards are Wounds
    only to its hero (a hand is hidden: the others know its size, and the Wounds in hand, deck and
    under Sparing Power together); what the attack or block declared has and needs, and the
    confirmation waiting, in words (``combat/preview.py``: all of it public)."""
    if g.combat is None:
        return None
    data = g.combat.to_json()
    data["preview"] = preview(g.combat, t)
    data["waiting"] = warning(t, g.combat, g.combat.asking) if g.combat.asking else ""
    if viewer != g.combat.player:
        data["hero"] = {k: v for k, v in data["hero"].items() if k not in HERO_HIDDEN}
    data["summon_piles"] = {colour: len(pile) for colour, pile in g.combat.summon_piles.items()}
    for u in data["units"]:  # a Unit of the offer lent by Call to Arms (facts 3.2), marked on it
        u["lent"] = LENT + u["label"] in g.combat.this_combat
    return data


def view(t: Tables, m: MKState, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` (None: an observer) may know."""
    g = m.g
    players = []
    for i, p in enumerate(g.players):
        d = p.to_json(_PLAYER_HIDDEN)
        d["hero"] = m.heroes[i]
        d["deck_size"], d["hand_size"] = len(p.deck), len(p.hand)
        d["skill_pile_size"] = len(p.skill_pile)
        d["spared_size"] = len(g.spared[i])  # face down under Sparing Power: the owner knows them
        d["deck_top"] = p.deck[len(p.deck) - _top_seen(p):]  # seen going on top of the deck (top last)
        d["deck_bottom"] = p.deck[:_bottom_seen(p, _top_seen(p))]  # seen going under it (bottom first)
        # the face-down tokens they looked at (the Scouts): where, seen by all; which token, by them
        d["scouted"] = [[w, x if viewer == i else ""] for w, x in known_tokens(g, i)]
        k = _revealed_skills(g, i)
        d["revealed_skills"] = p.skill_pile[len(p.skill_pile) - k:]
        if viewer == i:
            d["hand"] = sorted(p.hand)
            d["deck"] = sorted(p.deck)
            d["deck_top_known"] = p.deck[len(p.deck) - _top_own(p):]  # (bought blind too: top last)
            d["spared"] = sorted(g.spared[i])
        elif viewer is not None:  # each player can track another's cards, but those bought blind
            unseen = p.hand + p.deck + list(g.spared[i])
            for owner, card in g.blind:
                if owner == i and card in unseen:
                    unseen.remove(card)
            d["unseen_cards"] = sorted(unseen)
        players.append(d)
    artifacts = _artifacts_shown(g)
    core = [x for x in g.tile_deck if t.tile[x].kind == "core"]
    countryside = [x for x in g.tile_deck if t.tile[x].kind != "core"]
    dummy = None
    if g.dummy is not None:  # its deck's order is hidden, its discard pile open
        dummy = {"hero": g.dummy.hero, "deck_size": len(g.dummy.deck), "deck": sorted(g.dummy.deck),
                 "discard": g.dummy.discard, "crystals": g.dummy.crystals, "tactic": g.dummy.tactic,
                 "skill_pile_size": len(g.dummy.skill_pile)}
    return {
        "round": g.round, "night": g.night, "rounds": m.rounds, "current": g.current, "over": m.over,
        "tiles": {_key(h): x for h, x in g.tiles.items()}, "shape": g.shape,
        "spare_tiles_left": len(g.spare_tiles),  # drawn from once the Tile deck is empty
        # which countryside tiles were dealt, and their order, show only when fixed by the scenario
        "tile_deck": countryside if g.tile_order_known else [], "countryside_tiles_left": len(countryside),
        "core_tiles_left": len(core),
        "enemies": {_key(h): [_token(t, x, t.enemy[x.id].colour) for x in ts] for h, ts in g.enemies.items()},
        "ruins": {_key(h): _token(t, x, "ruins") for h, x in g.ruins.items()},
        "shields": {_key(h): s for h, s in g.shields.items()},
        "conquered": sorted(_key(h) for h in g.conquered), "burned": sorted(_key(h) for h in g.burned),
        "maze_paths": {_key(h): {str(k): v for k, v in p.items()} for h, p in g.maze_paths.items()},
        "enemy_piles": {c: len(p) for c, p in g.enemy_piles.items()}, "enemy_discards": g.enemy_discards,
        "ruins_pile": len(g.ruins_pile), "ruins_discard": g.ruins_discard,
        "source": g.source, "source_used": g.source_used, "source_kept": g.source_kept,
        "mana_steal": list(g.mana_steal), "hand_bonus": g.hand_bonus, "recruited": g.recruited,
        "extra_turn": g.extra_turn, "sideways_bonus": g.sideways_bonus, "polarized": g.polarized, "heal_points": g.heal_points,
        "mana_claims": [list(x) for x in g.mana_claims],
        "centre": [list(x) for x in g.centre],
        "answering": list(m.answering), "dummy_pending": m.dummy_pending,
        "asked": [list(x) for x in g.asked],  # questions to other players in the turn (public)  # the other players still to answer as the turn begins (public)
        "dice_allowed": g.dice_allowed, "black_as_any": g.black_as_any,
        "announced_by": g.announced_by, "final_turns": g.final_turns, "round_over": g.round_over,
        "round_order": g.round_order, "tactics": g.tactics,
        "unit_offer": g.unit_offer, "unit_offer_aa": g.unit_offer_aa, "aa_offer": g.aa_offer,
        "spell_offer": g.spell_offer, "common_skills": g.common_skills,
        "decks": {"advanced-action": len(g.aa_deck), "spell": len(g.spell_deck), "artifact": len(g.artifact_deck),
                  "regular-units": len(g.regular_units), "elite-units": len(g.elite_units)},
        # the cards everyone saw go to the bottom of each deck (bottom first; knowledge/seen.py)
        "deck_bottoms": {label: getattr(g, name)[:bottom_seen(g, name)] for label, name in
                         zip(DECK_LABELS, OFFER_DECKS, strict=True)},
        "artifacts_drawn": g.artifact_deck[len(g.artifact_deck) - artifacts:],
        "combat": _combat(t, g, viewer),
        "pvp": g.pvp.to_json() if g.pvp else None, "pvp_face_down": g.pvp_face_down,  # all public
        "combat_site": {k: list(v) if isinstance(v, tuple) else v for k, v in g.combat_site.items()},
        "play": m.play, "players": players,
        "meditation_taken": list(g.meditation_taken),  # a basic Meditation's cards taken at random (public)
        "scenario": g.scenario, "end_triggered": g.end_triggered, "last_turns": list(g.last_turns),
        "scores": list(g.scores),
        "dummy": dummy, "removed_tactics": list(g.removed_tactics),
        "city_levels": list(g.city_levels), "city_level": g.city_level, "cities_closed": g.cities_closed,
    }


def _reshuffle(rng: Rng, pile: list[str], keep_top: int = 0, keep_bottom: int = 0) -> None:
    """Shuffle ``pile`` (top last) in place between its bottom ``keep_bottom`` and its top
    ``keep_top``, sorted first so the result never depends on the real order."""
    k = len(pile) - keep_top
    b = min(keep_bottom, k)
    middle = sorted(pile[b:k])
    rng.shuffle(middle)
    pile[b:k] = middle


# a play's steps naming a card of the hand (return: Crystal Joy's card, discarded as the turn ends)
HAND_STEPS = ("shed", "offer", "rethink", "power", "throw", "discard", "return")


def _in_play(m: MKState, i: int) -> list[str]:
    """The cards of hero ``i``'s hand that the play being put together names, in sight of all (the
    view's play): its card, and the cards its steps take from the hand; they stay in the hand
    until the play is done."""
    if i != m.g.current or len(m.play) < 2:
        return []
    hand = m.g.players[i].hand
    cards = [str(m.play[0])] if m.play[1] in HOWS and m.play[0] in hand else []
    cards += [str(x[1]) for x in m.play[2:] if isinstance(x, (list, tuple)) and len(x) > 1 and x[0] in HAND_STEPS
              and x[1] in hand]
    return cards


TRIES = 50  # deals tried for a hand that must hold a card of a colour, before placing one


Swaps = dict[int, list[tuple[str, str]]]  # per hero: (a card they bought blind, the card dealt in its place)


def _deal_unseen(t: Tables, m: MKState, i: int, spared: tuple[str, ...],
                 rng: Rng, swaps: Swaps) -> tuple[list[str], tuple[str, ...], list[str]]:
    """Hero ``i``'s hand, cards under Sparing Power and deck dealt again from their unseen pool:
    the cards everyone has seen in the hand, or going on top of the deck, stay there
    (knowledge/seen.py), and so does the card whose play is being put together; a hero asked by Mind
    Read to discard a card of a colour holds one (facts 3.2: else the hand would have been shown)."""
    p, g = m.g.players[i], m.g
    both: Counter[str] = Counter(p.shown) | Counter(_in_play(m, i))
    seen = list(both.elements())
    top = p.deck[len(p.deck) - _top_seen(p):]  # seen going on top of the deck: they stay there
    bottom = p.deck[:_bottom_seen(p, len(top))]  # and those seen going under it
    pool = p.hand + p.deck + list(spared)
    # a card bought blind: one drawn again for it (``_blind_swaps``); still on top of the deck, right
    # below the cards seen there and with no card put back unseen over it, it keeps its place
    # (everyone saw it go there: facts 4.6); a card of the hand put back unseen (Midnight
    # Meditation) hides which card lies where, the blind one too
    fixed: dict[int, str] = {}
    for real, new in swaps.get(i, ()):
        pool.remove(real)
        k = p.deck.index(real) if real in p.deck else -1
        if k == len(p.deck) - len(top) - 1 and _top_own(p) == len(top) + 1:
            fixed[k] = new
        else:
            pool.append(new)
    pool.sort()
    for c in seen + top + bottom:
        pool.remove(c)
    n, k = len(p.hand) - len(seen), len(spared)
    colour = next((x[2] for x in g.asked if x[0] == i and x[1] == MIND_READ), "")

    def fits(c: str) -> bool:
        return c in t.card and colour in t.card[c].colours and t.card[c].kind in ACTION_KINDS

    for _ in range(TRIES if colour else 1):
        rng.shuffle(pool)
        if not colour or any(fits(c) for c in (*seen, *pool[:n])):
            break
    else:  # rare: a fitting card of the rest takes the place of the last card dealt to the hand
        k_fit = next((j for j in range(n, len(pool)) if fits(pool[j])), -1)
        if n and k_fit >= 0:
            pool[n - 1], pool[k_fit] = pool[k_fit], pool[n - 1]
    middle = iter(pool[n + k:])
    deck = [*bottom, *(fixed[j] if j in fixed else next(middle) for j in range(len(bottom), len(p.deck) - len(top))), *top]
    return [*seen, *pool[:n]], tuple(pool[n:n + k]), deck


def _completable(t: Tables, m: MKState, d: MKState, rng: Rng, swaps: Swaps) -> None:
    """Another player's play being put together was offered only because their hand could
    complete it (public): their hand is dealt again until the sample's next step has answers."""
    i = m.g.current
    for _ in range(TRIES):
        if turn_decision(t, d).actions:
            return
        p = d.g.players[i]
        p.hand, spared, p.deck = _deal_unseen(t, m, i, m.g.spared[i], rng, swaps)
        d.g.spared = (*d.g.spared[:i], spared, *d.g.spared[i + 1:])


def _blind_swaps(rng: Rng, m: MKState, g: GameState, player: int) -> Swaps:
    """The cards others bought blind (``GameState.blind``) are, for ``player``, any of the
    Advanced Actions they have not seen: each still hidden in its buyer's hand, deck or under
    Sparing Power is drawn again from those with the Advanced Action deck (its bottom seen kept),
    before the buyer's cards are dealt, so no sample depends on which card it was."""
    def unseen(i: int, c: str) -> bool:  # not seen in the hand since (a Mind Read), nor in a play begun
        p = g.players[i]
        return (i != player and c not in p.shown and c not in _in_play(m, i)
                and c in p.hand + p.deck + list(g.spared[i]))

    others = [(i, c) for i, c in g.blind if unseen(i, c)]
    if not others:
        return {}
    b = bottom_seen(g, "aa_deck")  # the cards seen going under the deck stay there
    pool = sorted(g.aa_deck[b:] + [c for _, c in others])
    rng.shuffle(pool)
    swaps: Swaps = {}
    for i, c in others:
        swaps.setdefault(i, []).append((c, pool.pop()))
    g.aa_deck[b:] = pool
    left = {i: list(x) for i, x in swaps.items()}
    blind = []
    for i, c in g.blind:
        swap = next((x for x in left.get(i, ()) if x[0] == c), None)
        if swap is not None:
            left[i].remove(swap)
            c = swap[1]
        blind.append((i, c))
    g.blind = tuple(blind)
    return swaps


def _combat_hand(g: GameState) -> None:
    """The combat's hero holds the hand dealt again: its counts of Wounds and other cards follow
    it (the Wounds taken in the combat join the hand's when the combat ends, sites.finish_combat)."""
    assert g.combat is not None
    h, p = g.combat.hero, g.players[g.combat.player]
    h.wounds_hand = wounds_in_hand(p) + h.wounds_this_combat
    if not h.hand_discarded:
        h.hand = non_wounds_in_hand(p)


def determinize(t: Tables, m: MKState, player: int, rng: Rng) -> MKState:
    """A state agreeing with all ``player`` knows, every unseen part resampled."""
    d = m.clone()
    g = d.g
    spared = list(g.spared)
    swaps = _blind_swaps(rng, m, g, player)
    for i, p in enumerate(g.players):
        if i != player:  # another hero's hand, deck and cards under Sparing Power form one unseen pool
            p.hand, spared[i], p.deck = _deal_unseen(t, m, i, spared[i], rng, swaps)
        else:
            own = _top_own(p)  # their own: the cards they know on top and at the bottom stay there
            _reshuffle(rng, p.deck, own, _bottom_seen(p, own))
        _reshuffle(rng, p.skill_pile, _revealed_skills(g, i))
    g.spared = tuple(spared)
    if g.combat is not None and g.combat.player != player:
        _combat_hand(g)
    for name in ("aa_deck", "spell_deck", "regular_units", "elite_units"):  # (their bottoms seen kept)
        _reshuffle(rng, getattr(g, name), 0, bottom_seen(g, name))
    _reshuffle(rng, g.artifact_deck, _artifacts_shown(g), bottom_seen(g, "artifact_deck"))
    # the core tiles lie below the countryside tiles, in an unknown order, and which of the
    # non-city and city core tiles were chosen is unknown too: each kind is drawn again from its
    # tiles not on the map
    # (and unless the scenario fixes them, which countryside tiles were dealt and their order)
    core: list[str] = []
    countryside = [x for x in g.tile_deck if t.tile[x].kind == "countryside"]
    spare: list[str] = []
    kinds = [("core", False), ("core", True)] + ([] if g.tile_order_known else [("countryside", False)])
    for kind, city in kinds:
        def same(x: str, kind: str = kind, city: bool = city) -> bool:
            return t.tile[x].kind == kind and (t.tile[x].city is not None) == city
        mine = [x for x in g.tile_deck if same(x)]
        pool = sorted(mine + [x for x in g.spare_tiles if same(x)])
        rng.shuffle(pool)
        if kind == "core":
            core += pool[:len(mine)]
        else:
            countryside = pool[:len(mine)]
        spare += sorted(pool[len(mine):])
    spare += [x for x in g.spare_tiles if x not in spare and not any(
        t.tile[x].kind == k and (t.tile[x].city is not None) == c for k, c in kinds)]
    rng.shuffle(core)
    g.tile_deck = countryside + core
    if g.dummy is not None:
        _reshuffle(rng, g.dummy.deck)
        _reshuffle(rng, g.dummy.skill_pile)
    g.spare_tiles = spare
    # face-down enemy tokens: each colour's pile and the face-down ones of that colour on the map
    # (tokens a Summon Attack drew in this combat are face up: they stay out of the pool)
    summoned = [e.token for e in g.combat.enemies if e.summoner >= 0] if g.combat is not None else []
    # the tokens ``player``'s Scouts looked at stay as they are; another's knowledge follows the
    # token resampled in its place; knowledge of a token gone is dropped
    known: set[int] = set()
    follow: list[tuple[int, Token]] = []
    scouted: list[tuple[int, str, str]] = []
    for e in g.scouted:
        looked = scouted_token(g, e)
        if pile_top_known(g, e):
            scouted.append(e)
        if looked is not None:
            if e[0] == player:
                known.add(id(looked))
            else:
                follow.append((len(scouted), looked))
            scouted.append(e)
    for colour, pile in g.enemy_piles.items():
        down = [x for h in sorted(g.enemies) for x in g.enemies[h]
                if not x.face_up and t.enemy[x.id].colour == colour and id(x) not in known]
        seen = [tok for tok in summoned if t.enemy[tok].colour == colour and tok in pile]
        # a pile's top the Scouts looked at (``pile_tops``): kept for those who looked, else resampled
        topped = colour in g.pile_tops and bool(pile)
        top_known = topped and any(e[0] == player and e[1] == PILE + colour and pile_top_known(g, e)
                                   for e in g.scouted)
        rest = pile[:-1] if top_known else pile[:]
        for tok in seen:  # one copy per token drawn (a pile holds several copies of a token)
            rest.remove(tok)
        unseen = sorted([x.id for x in down] + rest)
        rng.shuffle(unseen)
        for x in down:
            x.id = unseen.pop()
        if top_known:
            g.enemy_piles[colour] = unseen + seen + pile[-1:]
        elif topped:  # still fixed, now a token resampled; the others' knowledge follows it
            new_top = unseen.pop()
            g.enemy_piles[colour] = unseen + seen + [new_top]
            scouted = [(e[0], e[1], new_top) if e[1] == PILE + colour else e for e in scouted]
        else:
            g.enemy_piles[colour] = unseen + seen
        if g.combat is not None and colour in g.combat.summon_piles and rest:
            # the combat draws from this pile (not from its open discards): the resampled tokens
            g.combat.summon_piles[colour] = [x for x in unseen if t.enemy[x].attacks[0].summon is None]
            if topped and PILE_TOP + colour in g.combat.this_combat:  # the fixed top, drawn first
                top = g.enemy_piles[colour][-1]
                if t.enemy[top].attacks[0].summon is None:
                    g.combat.summon_piles[colour].append(top)
    for k, looked in follow:
        scouted[k] = (scouted[k][0], scouted[k][1], looked.id)
    g.scouted = tuple(scouted)
    ruins = [g.ruins[h] for h in sorted(g.ruins) if not g.ruins[h].face_up]
    unseen = sorted([x.id for x in ruins] + g.ruins_pile)
    rng.shuffle(unseen)
    for x in ruins:
        x.id = unseen.pop()
    g.ruins_pile = unseen
    g.rng = Rng(rng.next64(), m.g.rng.draws)
    if m.play and g.current != player:
        _completable(t, m, d, rng, swaps)
    # the question in front of ``player`` is theirs to see, and its actions follow from what they
    # know: kept, so a search does not work out its own first choices again on every sample
    d.cached = m.cached if m.cached is not None and m.cached.player == player else None
    return d


__all__ = ["determinize", "view"]
