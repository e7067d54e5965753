"""A hero of a position: where the hero stands, Fame, Reputation, the level (and the Armor, Hand
limit and Command tokens that follow from it), crystals and mana tokens, the Deed cards' piles,
the Units with their Wounds and Banners, the skills, the Tactic, and what the hero's last turn
left. The piles and the skills are shared out by ``pieces`` (``spots``); the rest is set here.
"""

from __future__ import annotations

from ....engine import PositionError
from ....engine.positions import escaped, shown
from ..content import Tables
from ..game_state import (
    BASIC,
    MARK_PREFIXES,
    TOKEN_COLOURS,
    GameState,
    PlayerState,
    command_tokens_used,
    is_mark,
    labels_of,
    mark_entry,
)
from ..sites.interaction import (
    BONDS_OF_LOYALTY,  # an extra Command token (cards/offers.bonds_gained)
)
from ..skills.using import FLIPPED, MOTIVATION_WAIT, TACTIC_MARK
from .board import named, owned_keeps, space_on_map
from .fields import LastTurnFields, SeatFields
from .pieces import Pieces, Spot
from .supply import known, place

PILES = ("hand", "deck", "discard", "thrown", "spared")  # a hero's Deed card piles


def level_token(t: Tables, level: int) -> tuple[int, int, int]:
    """(Armor, Hand limit, Command tokens) at ``level``: those of the last Level token taken."""
    lv = [x for x in t.levels if x.level <= level and x.gain in ("start", "level-token")][-1]
    return lv.armor, lv.hand_limit, lv.command


def hero_spots(fresh: GameState, pieces: Pieces, i: int, sf: SeatFields) -> dict[str, Spot]:
    """The places of hero ``i`` holding pieces: the Deed piles (decks top first), the Units, the
    Banners under them, the skills and skill pile, the enemy tokens kept by Puppet Master."""
    at, old = f"seats[{i}]", fresh.players[i]
    own = pieces.own[i]
    take, keep = pieces.deed_take(own), pieces.deed_keep(own)
    fresh_piles = {"hand": old.hand, "deck": old.deck[::-1], "discard": [], "thrown": [], "spared": []}
    spots = {name: Spot(f"{at}.{name}", getattr(sf, name), fresh_piles[name], take, keep) for name in PILES}
    units = pieces.units
    spots["units"] = Spot(f"{at}.units", None if sf.units is None else [u.unit for u in sf.units], [],
                          units.take_one, units.keep)
    artifacts = pieces.cards["artifact"]
    for label, banner in (sf.banners or {}).items():  # a Banner card under a Unit
        where = f"{at}.banners.{escaped(label)}"
        spots[f"banner:{label}"] = Spot(where, [banner.partition(":")[0]], [], named(artifacts, where), artifacts.keep)
    skills = pieces.skills
    spots["skills"] = Spot(f"{at}.skills", sf.skills, [], skills.take_one, skills.keep)
    spots["skill_pile"] = Spot(f"{at}.skill_pile", sf.skill_pile, old.skill_pile[::-1], skills.take_one, skills.keep)
    spots["puppets"] = Spot(f"{at}.puppets", sf.puppets, [], pieces.enemy_take, pieces.enemy_keep)
    return spots


def set_hero(t: Tables, g: GameState, hero: str, i: int, sf: SeatFields, spots: dict[str, Spot], pieces: Pieces) -> None:
    """Everything of hero ``i`` once the pieces are shared out."""
    p, at = g.players[i], f"seats[{i}]"
    if sf.space is not None:
        p.position = space_on_map(g, f"{at}.space", sf.space)
    elif p.position not in g.spaces:
        raise PositionError(f"{at}.space", "the hero's space is not on the map given (tiles): name one")
    if sf.fame is not None:
        p.fame = sf.fame
    if sf.reputation is not None:
        p.reputation = sf.reputation
    reached = t.level_of(p.fame).level
    p.level = sf.level if sf.level is not None else reached
    if p.level > reached:
        raise PositionError(f"{at}.level", f"level {p.level} needs more Fame than {p.fame} (level {reached})")
    if sf.crystals is not None:
        p.crystals = dict.fromkeys(BASIC, 0) | dict(sf.crystals)
    if sf.mana is not None:
        p.mana = dict.fromkeys(TOKEN_COLOURS, 0) | dict(sf.mana)
    _piles(g, i, sf, spots, pieces)
    _skills(t, hero, p, at, sf, spots)
    p.armor, p.hand_limit, p.command = level_token(t, p.level)
    p.command += BONDS_OF_LOYALTY in p.skills
    if sf.command is not None:
        p.command = sf.command
    _units(t, p, at, sf)
    if sf.chaos is not None:
        p.chaos = sf.chaos
    p.puppets = tuple(spots["puppets"].out)
    p.keeps = owned_keeps(t, g, i) if sf.keeps is None else [space_on_map(g, f"{at}.keeps[{j}]", k)
                                                            for j, k in enumerate(sf.keeps)]
    if sf.mazes is not None:
        p.conquered_mazes = [space_on_map(g, f"{at}.mazes[{j}]", k) for j, k in enumerate(sf.mazes)]
    if sf.round_hand_bonus is not None:
        p.round_hand_bonus = sf.round_hand_bonus
    if sf.marks is not None:
        entries = [mark_entry(x) for x in sf.marks]
        for j, (x, e) in enumerate(zip(sf.marks, entries, strict=True)):
            if not is_mark(e[0]) or (e[0] in MARK_PREFIXES and not e[1]):
                raise PositionError(f"{at}.marks[{j}]", f"{shown(x)} is not a mark (wounded, healed, cast:red...)")
        p.lasting = tuple(entries)
    if sf.seen is not None:
        _seen(p, at, sf)
    p.turn_start = p.position
    if sf.last_turn is not None:
        _last_turn(g, p, f"{at}.last_turn", sf.last_turn)


def _piles(g: GameState, i: int, sf: SeatFields, spots: dict[str, Spot], pieces: Pieces) -> None:
    """The Deed piles; the hero's own cards no pile holds go to the bottom of the deck (or to
    the discard pile, or are thrown away), whichever of them the position leaves out."""
    p = g.players[i]
    out = {name: spots[name].out for name in PILES}
    left = pieces.own[i].left()
    for name in ("deck", "discard", "thrown"):
        if getattr(sf, name) is None:
            out[name] = out[name] + left
            break
    p.hand, p.deck, p.discard, p.thrown = out["hand"], out["deck"][::-1], out["discard"], out["thrown"]
    p.play_area = []
    spared = list(g.spared)
    spared[i] = tuple(out["spared"])
    g.spared = tuple(spared)


def _units(t: Tables, p: PlayerState, at: str, sf: SeatFields) -> None:
    if sf.units is not None:
        p.units = []
        for j, u in enumerate(sf.units):
            if u.token is not None and not t.unit[u.unit].mana_token:
                raise PositionError(f"{at}.units[{j}].token", f"{t.unit[u.unit].name} keeps no mana token")
            p.units.append([u.unit, u.wounds, u.spent, *([u.token] if u.token else [])])
    labels = labels_of(p)
    if sf.banners is not None:
        p.banners = {}
        for label, banner in sf.banners.items():
            where = f"{at}.banners.{escaped(label)}"
            if label not in labels:
                raise PositionError(where, f"{shown(label)} names none of the hero's Units ({', '.join(labels) or 'none'})")
            card, _, flipped = banner.partition(":")
            if not card.startswith("banner-") or flipped not in ("", "flipped"):
                raise PositionError(where, f"{shown(banner)} is not a Banner (an Artifact banner-..., "
                                    "\":flipped\" once used this round)")
            p.banners[label] = banner
    if sf.bonded is not None:
        if sf.bonded not in labels:
            raise PositionError(f"{at}.bonded", f"{shown(sf.bonded)} names none of the hero's Units")
        p.bonded = sf.bonded
    if command_tokens_used(p) > p.command:
        raise PositionError(f"{at}.units", f"{len(p.units)} Units, but the hero has {p.command} Command token(s)")


def _skills(t: Tables, hero: str, p: PlayerState, at: str, sf: SeatFields, spots: dict[str, Spot]) -> None:
    p.skills = spots["skills"].out
    if sf.skill_pile is not None:
        for j, x in enumerate(sf.skill_pile):
            if t.skill[x].hero != hero:
                raise PositionError(f"{at}.skill_pile[{j}]", f"{x} is not one of {t.hero[hero].name}'s skill tokens")
    p.skill_pile = spots["skill_pile"].out[::-1]
    if sf.tactic is not None:
        if sf.tactic not in t.tactic:
            raise PositionError(f"{at}.tactic", f"{shown(sf.tactic)} is not a Tactic")
        p.tactic = sf.tactic
    p.tactics_taken = [p.tactic] if p.tactic else []
    if sf.tactics_taken is not None:
        p.tactics_taken = known(f"{at}.tactics_taken", sf.tactics_taken, t.tactic, "a Tactic")
    if sf.skills_used is not None:
        for j, x in enumerate(sf.skills_used):
            if not _face_down(p, x):
                raise PositionError(f"{at}.skills_used[{j}]", f"{shown(x)} is neither a skill of the hero's "
                                    f"(skills), nor \"{TACTIC_MARK}\" or \"{FLIPPED}\" and one of them or the hero's Tactic")
        p.skills_used = list(sf.skills_used)


def _face_down(p: PlayerState, word: str) -> bool:
    """A skill token (or Tactic card) face down: used this round, or one of the marks."""
    if word in p.skills or (p.tactic and word == TACTIC_MARK + p.tactic):
        return True
    if word.startswith(MOTIVATION_WAIT):
        return word[len(MOTIVATION_WAIT):] in ("1", "2")
    return word.startswith(FLIPPED) and (word[len(FLIPPED):] in p.skills or word[len(FLIPPED):] == p.tactic != "")


def _seen(p: PlayerState, at: str, sf: SeatFields) -> None:
    seen = sf.seen
    assert seen is not None
    if seen.hand is not None:
        rest = list(p.hand)
        for j, x in enumerate(seen.hand):
            if x not in rest:
                raise PositionError(f"{at}.seen.hand[{j}]", f"{shown(x)} is not in the hand (seen there)")
            rest.remove(x)
        p.shown = tuple(seen.hand)
    for name, slot in (("deck_top", "deck_top_seen"), ("deck_top_own", "deck_top_own"), ("deck_bottom", "deck_bottom_seen")):
        value = getattr(seen, name)
        if value is not None:
            if value > len(p.deck):
                raise PositionError(f"{at}.seen.{name}", f"the deck holds {len(p.deck)} cards, not {value}")
            setattr(p, slot, value)


def _last_turn(g: GameState, p: PlayerState, at: str, lt: LastTurnFields) -> None:
    for name in ("turn_start", "came_from"):
        if getattr(lt, name) is not None:
            setattr(p, name, place(f"{at}.{name}", getattr(lt, name)))
    for name in ("path", "provoked"):
        if getattr(lt, name) is not None:
            setattr(p, name, [place(f"{at}.{name}[{j}]", x) for j, x in enumerate(getattr(lt, name))])
    for name in ("acted", "moving_done", "rested", "forfeited", "interacting", "must_play", "move_points",
                 "influence_points", "move_left", "healing", "move_bonus", "terrain_less"):
        if getattr(lt, name) is not None:
            setattr(p, name, getattr(lt, name))
    if lt.plundered is not None:
        p.plundered_since_my_turn = lt.plundered


__all__ = ["PILES", "hero_spots", "level_token", "set_hero"]
