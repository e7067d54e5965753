"""Writing a position (``dump_position``) of a game at the start of a turn or at a round's
Tactic choice, the moments a position can start from; any other moment (in a combat, a card
being played, after the turn's first action, a question asked) is refused, saying why. A turn's
start is written as its eve: the state before the turn's automatic start (a space's mana token,
the others' answers), which loading runs again; the eve is checked to give back the very state.
"""

from __future__ import annotations

from typing import Any

from ....engine import PositionError, ScriptedRng, StepGame
from ..content import COLOURS, Tables
from ..game_state import DUMMY, TOKEN_COLOURS, MKState, PlayerState, is_mark, marks
from ..rounds.new_round import tactic_picker
from ..sites.interaction import BONDS_OF_LOYALTY
from .board import owned_keeps, token_fields
from .heroes import level_token
from .loading import DECKS
from .supply import write_place

# what a turn's start sets anew for its player (rounds/turn.start_turn, sites/turn_benefits.start_of_turn)
RESET_AT_START = ("turn_start", "rested", "move_bonus", "forfeited", "acted", "moving_done", "interacting",
                  "plundered", "path", "provoked", "came_from", "healing", "move_left", "must_play")
FLAGS = ("acted", "moving_done", "rested", "forfeited", "interacting", "must_play")
COUNTS = ("move_points", "influence_points", "move_left", "healing", "move_bonus", "terrain_less")


def dump(game: StepGame[MKState], t: Tables, m: MKState) -> dict[str, Any]:
    """The fields of ``m`` at the start of a turn (``stage`` ``turn``) or at a Tactic choice."""
    g = m.g
    if m.over:
        raise PositionError("stage", "the game is over: a position starts a turn or a round's Tactics")
    why = _unsaid(m)
    if why:
        raise PositionError("stage", f"a position of Mage Knight is written at the start of a turn or at a "
                            f"round's Tactic choice, not {why}")
    if tactic_picker(g) >= 0:
        if m.turn_begun or m.answering or m.dummy_pending:
            raise PositionError("stage", "a position is written before the round's Tactics or after them")
        return {"stage": "tactics", **_fields(t, m, -1)}
    eve = _eve(game, m)
    return {"stage": "turn", **_fields(t, eve, g.current)}


def _unsaid(m: MKState) -> str:
    """What makes this moment one a position cannot start from ("" when none)."""
    g = m.g
    if g.combat is not None or g.pvp is not None:
        return "in a combat (a position has no combat yet)"
    if m.play:
        return "while a card, skill or Unit is being played"
    if g.asked:
        return "while another player is asked"
    if g.meditation_taken or g.combat_site or g.round_over or g.source_used:
        return "in the middle of a turn"
    for i, p in enumerate(g.players):
        if p.pending or p.draw_waits or p.play_area or any(not is_mark(x[0]) for x in p.lasting):
            return f"while player {i + 1}'s turn is under way or ending (rewards, cards in play, effects lasting)"
    return ""


def _eve(game: StepGame[MKState], m: MKState) -> MKState:
    """``m``, at a turn's start, as it was before the start ran: the turn not begun, the
    space's mana token not given; checked to give ``m`` back when the start runs again."""
    g = m.g
    if not m.turn_begun or m.dummy_pending:
        raise PositionError("stage", "a position is written at the start of a turn, not between its steps")
    eve = m.clone()
    eve.turn_begun, eve.answering, eve.turn = False, (), m.turn - 1
    eve.seat = g.round_order.index(g.current) - 1
    if g.end_triggered:  # the turn's start took the player off the game's last turns
        eve.g.last_turns = tuple(i for i in g.round_order if i in g.last_turns or i == g.current)
    probe = eve.clone()
    probe.g.players[g.current].mana = dict.fromkeys(TOKEN_COLOURS, 0)
    game._advance(probe, [])
    gained = probe.g.players[g.current].mana
    mana = {c: g.players[g.current].mana[c] - gained[c] for c in TOKEN_COLOURS}
    if min(mana.values()) < 0:
        raise PositionError("stage", "a position is written at the start of a turn (its mana tokens were spent)")
    eve.g.players[g.current].mana = mana
    again = eve.clone()
    again.cached = None
    game._advance(again, [])
    if again.to_json() != m.to_json():
        raise PositionError("stage", "a position of Mage Knight is written at the start of a turn (before its "
                            "first action, and before the others answer) or at a round's Tactic choice")
    return eve


def _seat_word(i: int) -> int | str:
    return "dummy" if i == DUMMY else i


def _fields(t: Tables, m: MKState, current: int) -> dict[str, Any]:
    g = m.g
    out: dict[str, Any] = {
        "round": g.round, "night": g.night, "current": g.current, "turn": m.turn + (current >= 0),
        "tiles": {write_place(x): tile for x, tile in g.tiles.items()},
        "tile_deck": list(g.tile_deck),
        "enemies": {write_place(h): [token_fields(x) for x in ts] for h, ts in g.enemies.items()},
        "ruins": {write_place(h): token_fields(x) for h, x in g.ruins.items()},
        "shields": {write_place(h): list(s) for h, s in g.shields.items()},
        "conquered": sorted(write_place(h) for h in g.conquered),
        "burned": sorted(write_place(h) for h in g.burned),
        "seats": [_seat(t, m, i, i == current) for i in range(m.num_players)],
        "source": list(g.source),
        "offers": {"units": list(g.unit_offer), "advanced_actions": list(g.aa_offer), "spells": list(g.spell_offer),
                   "monastery": list(g.unit_offer_aa)},
        "decks": {name: getattr(g, slot)[::-1] for name, slot, _ in DECKS},
        "enemy_piles": {c: g.enemy_piles[c][::-1] for c in COLOURS},
        "enemy_discards": {c: list(g.enemy_discards[c]) for c in COLOURS},
        "ruins_pile": list(g.ruins_pile), "ruins_discard": list(g.ruins_discard),
        "common_skills": list(g.common_skills),
    }
    if current < 0:
        out["round_order"] = [_seat_word(i) for i in g.round_order]
    if g.announced_by >= 0:
        out["announced"] = _seat_word(g.announced_by)
    if g.dummy is not None:
        d = g.dummy
        out["dummy"] = {"hero": d.hero, "deck": d.deck[::-1], "discard": list(d.discard), "crystals": dict(d.crystals),
                        **({"tactic": d.tactic} if d.tactic else {}), "skill_pile": d.skill_pile[::-1]}
    out["bookkeeping"] = _bookkeeping(m, current)
    if isinstance(g.rng, ScriptedRng) and g.rng.script:
        out["draws"] = list(g.rng.script)
    return out


def _seat(t: Tables, m: MKState, i: int, current: bool) -> dict[str, Any]:
    g = m.g
    p = g.players[i]
    out: dict[str, Any] = {
        "space": write_place(p.position), "fame": p.fame, "reputation": p.reputation, "level": p.level,
        "crystals": {c: k for c, k in p.crystals.items() if k}, "mana": {c: k for c, k in p.mana.items() if k},
        "hand": list(p.hand), "deck": p.deck[::-1], "discard": list(p.discard),
        "units": [_unit(u) for u in p.units], "skills": list(p.skills), "skill_pile": p.skill_pile[::-1],
        "tactics_taken": list(p.tactics_taken),
    }
    extra: dict[str, Any] = {
        "thrown": list(p.thrown), "spared": list(g.spared[i]), "banners": dict(p.banners), "bonded": p.bonded,
        "skills_used": list(p.skills_used), "tactic": p.tactic, "chaos": p.chaos, "puppets": list(p.puppets),
        "mazes": [write_place(h) for h in p.conquered_mazes], "round_hand_bonus": p.round_hand_bonus,
        "marks": marks(p),
    }
    out.update({k: v for k, v in extra.items() if v})
    armor, hand_limit, command = level_token(t, p.level)
    if (armor, hand_limit) != (p.armor, p.hand_limit):
        raise PositionError(f"seats[{i}].level", "this hero's Armor or Hand limit is not their level's: a position "
                            "cannot say it")
    if p.command != command + (BONDS_OF_LOYALTY in p.skills):
        out["command"] = p.command
    if p.keeps != owned_keeps(t, g, i):
        out["keeps"] = [write_place(h) for h in p.keeps]
    if p.shields != sum(s.count(i) for s in g.shields.values()):
        raise PositionError(f"seats[{i}]", "this hero's Shield count is not the map's: a position cannot say it")
    seen = {"hand": list(p.shown), "deck_top": p.deck_top_seen, "deck_top_own": p.deck_top_own,
            "deck_bottom": p.deck_bottom_seen}
    if any(seen.values()):
        out["seen"] = {k: v for k, v in seen.items() if v}
    last = _last_turn(p, current)
    if last:
        out["last_turn"] = last
    return out


def _unit(u: list[Any]) -> str | dict[str, Any]:
    if not u[1] and not u[2] and len(u) < 4:
        return str(u[0])
    return {"unit": u[0], **({"wounds": u[1]} if u[1] else {}), **({"spent": True} if u[2] else {}),
            **({"token": u[3]} if len(u) > 3 else {})}


def _last_turn(p: PlayerState, current: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if p.turn_start != p.position:
        out["turn_start"] = write_place(p.turn_start)
    if p.path:
        out["path"] = [write_place(h) for h in p.path]
    if p.provoked:
        out["provoked"] = [write_place(h) for h in p.provoked]
    if p.came_from is not None:
        out["came_from"] = write_place(p.came_from)
    for name in (*FLAGS, *COUNTS):
        if getattr(p, name):
            out[name] = getattr(p, name)
    if p.plundered_since_my_turn:
        out["plundered"] = True
    return {k: v for k, v in out.items() if not (current and k in RESET_AT_START)}


def _bookkeeping(m: MKState, current: int) -> dict[str, Any]:
    g = m.g
    out: dict[str, Any] = {"decisions": m.decisions}
    if g.announced_by >= 0:
        out["final_turns"] = [_seat_word(i) for i in g.final_turns]
    if g.end_triggered:
        out["end_triggered"] = True
        out["last_turns"] = [_seat_word(i) for i in g.last_turns]
    values: dict[str, Any] = {
        "removed_tactics": list(g.removed_tactics),
        "pvp_face_down": list(g.pvp_face_down), "mana_steal": list(g.mana_steal),
        "mana_claims": [{"seat": s, "die": d, **({"each_turn": True} if e else {}), **({"curse": True} if c else {})}
                        for s, d, e, c in g.mana_claims],
        "centre": [{"skill": k, "owner": o, **({"detail": x} if x else {})} for k, o, x in g.centre],
        "scouted": [{"seat": s, "at": a, "token": x} for s, a, x in g.scouted],
        "blind": [{"seat": s, "card": c} for s, c in g.blind], "pile_tops": list(g.pile_tops),
        "maze_paths": {write_place(h): {str(k): v for k, v in p.items()} for h, p in g.maze_paths.items()},
        "black_as_any": g.black_as_any, "hand_bonus": g.hand_bonus, "extra_turn": g.extra_turn,
    }
    out.update({k: v for k, v in values.items() if v})
    if any(g.deck_bottoms):
        out["deck_bottoms"] = list(g.deck_bottoms)
    out["city_level"], out["city_levels"] = g.city_level, list(g.city_levels)  # the scenario's set-up has its own
    if current < 0 and g.dice_allowed != 1:
        out["dice_allowed"] = g.dice_allowed
    return out


__all__ = ["dump"]
