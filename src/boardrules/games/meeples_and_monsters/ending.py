"""ENDING THE GAME: the final two turns after the third Dark Council Arrives card, final
scoring, and the tie-breaks."""

from __future__ import annotations

from ...engine import Event, Result
from .names import pname
from .quests import owned, score_end_of_game
from .state import PEASANT, MMState
from .tables import Tables


def start_final_turns(s: MMState) -> None:
    """"Once the player with the First player marker starts their next turn after the third
    card is drawn, each player will have just 2 turns before the game ends.\""""
    if s.third_drawn and s.final_turns_left == -1 and s.current == s.first_player:
        s.final_turns_left = 2 * s.num_players


def end_turn_counts_down(s: MMState) -> bool:
    """Count one of the final turns; True when every player has taken both."""
    if s.final_turns_left > 0:
        s.final_turns_left -= 1
        return s.final_turns_left == 0
    return False


def finish(t: Tables, s: MMState, events: list[Event]) -> None:
    score_end_of_game(t, s, events)
    s.over = True
    s.phase = "over"
    r = result(s)
    names = " and ".join(pname(w) for w in r.winners)
    events.append(Event("game-over", f"The game ends. {names} {'wins' if len(r.winners) == 1 else 'share the victory'} "
                        f"with {r.scores[r.winners[0]]} VP", None, {"winners": list(r.winners)}))


def result(s: MMState) -> Result:
    """Highest VP wins; a tie goes to the tied player with the least Peasants; still tied,
    the tied players share the victory."""
    scores = tuple(p.vp for p in s.players)
    best = max(scores)
    tied = [i for i, v in enumerate(scores) if v == best]
    if len(tied) > 1:
        fewest = min(owned(s, i)[PEASANT] for i in tied)
        tied = [i for i in tied if owned(s, i)[PEASANT] == fewest]
    return Result(scores, tuple(tied), s.turn)
