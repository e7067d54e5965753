"""Hand-set Small World positions for the rule tests.

    game, s = fresh(3)                       # a 3-player game on the 3-player map, nothing placed
    give(s, 0, "orcs", "flying", hand=7)     # Player 1's active combo, 7 tokens in hand
    put(s, 12, 1, "elves", 3)                # 3 Elf tokens of Player 2 in Region 12
    conquer_turn(game, s, 0)                 # Player 1 is about to conquer
    play(game, s, "conquer 5"); refused(game, s, "conquer 9")

Every helper keeps the components conserved (tokens come from the tray, banners and badges
from the stacks), so the invariants of sw_invariants.check_state hold in these positions.
"""

from __future__ import annotations

import pytest

from boardrules.engine import Event, IllegalActionError
from boardrules.games.small_world import SmallWorld
from boardrules.games.small_world.state import LOST_TRIBE, NOBODY, NONE, SWState

_GAME: SmallWorld | None = None


def game_() -> SmallWorld:
    global _GAME
    if _GAME is None:
        _GAME = SmallWorld()
    return _GAME


def fresh(players: int = 3, seed: int = 1, lost_tribes: bool = False) -> tuple[SmallWorld, SWState]:
    """A new game with an empty map (no Lost Tribes unless asked), before anyone's first pick."""
    game = game_()
    s = game.new_state(players, seed)
    if not lost_tribes:
        for r in range(len(s.owner)):
            if s.owner[r] == LOST_TRIBE:
                clear(s, r)
                s.lost_tribes += 1
    refresh(s)
    return game, s


def refresh(s: SWState) -> None:
    s.cached = None


def _take_banner(s: SWState, race: int, power: int) -> None:
    """Take a banner and a badge out of the stacks or the market, keeping six combos on offer."""
    for i, m in enumerate(s.market):
        if m[0] == race:
            m[0] = s.race_deck.pop(s.race_deck.index(next(x for x in s.race_deck if x != race)))
        if m[1] == power:
            m[1] = s.power_deck.pop(s.power_deck.index(next(x for x in s.power_deck if x != power)))
        s.market[i] = m
    if race in s.race_deck:
        s.race_deck.remove(race)
    if power in s.power_deck:
        s.power_deck.remove(power)


def give(s: SWState, player: int, race: str, power: str, hand: int = 0) -> None:
    """``player``'s active combo is ``power race`` with ``hand`` tokens in hand."""
    t = game_().t
    r, pw = t.race_index[race], t.power_index[power]
    _take_banner(s, r, pw)
    p = s.players[player]
    p.race, p.power = r, pw
    p.played.append([r, pw])
    p.combo_turns = 1  # not the turn it was taken
    s.tray[r] -= hand
    s.hand[r] += hand
    refresh(s)


def give_decline(s: SWState, player: int, race: str, power: str = "alchemist") -> None:
    """``player`` has ``race`` in decline (its badge discarded to the bottom of the stack)."""
    t = game_().t
    r, pw = t.race_index[race], t.power_index[power]
    _take_banner(s, r, pw)
    p = s.players[player]
    p.declines.append([r, pw])
    if power not in ("spirit", "seafaring"):
        s.power_deck.insert(0, pw)
    refresh(s)


def put(s: SWState, region: int, player: int, race: str, n: int, declined: bool = False) -> None:
    """``n`` tokens of ``race`` (``player``'s) in ``region``, from the tray."""
    t = game_().t
    r = t.race_index[race]
    clear(s, region)
    s.owner[region] = player
    s.race[region] = r
    s.tokens[region] = n
    s.declined[region] = declined
    s.tray[r] -= n
    assert s.tray[r] >= 0
    refresh(s)


def lost_tribe(s: SWState, region: int) -> None:
    clear(s, region)
    s.owner[region] = LOST_TRIBE
    s.tokens[region] = 1
    s.lost_tribes -= 1
    refresh(s)


def clear(s: SWState, region: int) -> None:
    """Empty a Region, its tokens back to the tray."""
    if s.race[region] >= 0:
        s.tray[s.race[region]] += s.tokens[region]
    s.owner[region], s.race[region], s.tokens[region], s.declined[region] = NOBODY, NONE, 0, False
    s.lair[region] = s.fortress[region] = s.hole[region] = s.hero[region] = False
    s.camps[region] = 0
    if s.dragon == region:
        s.dragon = NOBODY
    refresh(s)


def conquer_turn(game: SmallWorld, s: SWState, player: int) -> None:
    """It is ``player``'s turn, troops readied, before any conquest."""
    s.current = player
    p = s.players[player]
    s.acting = p.race
    s.stage = "conquer"
    s.conquered, s.nonempty, s.attacked, s.enchanted, s.defenders = [], 0, [], [], []
    s.dragon_used = s.fortress_used = s.conquests_over = s.started = s.abandoned = s.picked_now = False
    s.roll = -1
    s.ghouls_done = True
    s.lifted = []
    s.peace[player] = NOBODY
    refresh(s)
    assert game.decision(s) is not None


def legal(game: SmallWorld, s: SWState) -> list[str]:
    d = game.decision(s)
    return [a.text for a in d.actions] if d else []


def play(game: SmallWorld, s: SWState, text: str) -> list[Event]:
    from boardrules.engine import Action

    return game.apply(s, Action.parse(text))


def refused(game: SmallWorld, s: SWState, text: str) -> IllegalActionError:
    from boardrules.engine import Action

    with pytest.raises(IllegalActionError) as info:
        game.apply(s, Action.parse(text))
    return info.value


def play_until(game: SmallWorld, s: SWState, stage: str, chooser: str = "done") -> None:
    """Answer every decision with ``chooser`` (or the first legal action) until ``stage``."""
    for _ in range(500):
        if s.stage == stage or s.over:
            return
        d = game.decision(s)
        assert d is not None
        texts = [a.text for a in d.actions]
        play(game, s, chooser if chooser in texts else texts[0])
    raise AssertionError(f"stage {stage} not reached")
