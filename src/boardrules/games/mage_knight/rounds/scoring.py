"""The final scoring (facts 5.8 "Standard achievements"): each player's Fame plus the
achievements, and the titles (+3 to the best, +1 each when tied, none when nobody scores;
Greatest Beating: an extra -3 to the most Wounds, -1 each when tied).
"""

from __future__ import annotations

from ....engine import Event
from ..content import Tables
from ..game_state import GameState, PlayerState
from ..map.exploring import space
from ..sites.rewards import city_leader
from ..sites.site_combats import ADVENTURE_SITES
from .scenarios import Scenario, cities_conquered, game_over, trigger_game_end

CONQUEROR_SITES = ("keep", "mage-tower", "monastery")
# achievement: (its name, the title bonus, the bonus each when tied)
ACHIEVEMENTS = {
    "knowledge": ("Greatest Knowledge", 3, 1),
    "leader": ("Greatest Leader", 3, 1),
    "adventurer": ("Greatest Adventurer", 3, 1),
    "loot": ("Greatest Loot", 3, 1),
    "conqueror": ("Greatest Conqueror", 3, 1),
    "beating": ("Greatest Beating", -3, -1),
    "cities": ("Greatest City Conqueror", 5, 2),
}


def _deed_cards(p: PlayerState) -> list[str]:
    """Every Deed card the player owns at the end (thrown-away cards are out of the game)."""
    return p.deck + p.hand + p.play_area + p.discard


def _shields_on(t: Tables, s: GameState, player: int, sites: tuple[str, ...]) -> int:
    n = 0
    for h, owners in s.shields.items():
        sp = space(t, s, h)
        if sp is not None and sp.site in sites:
            n += owners.count(player)
    return n


def achievement_points(t: Tables, s: GameState, player: int) -> dict[str, int]:
    """Facts 5.8: Knowledge 2 per Spell and 1 per Advanced Action; Leader the levels of the
    Units (a wounded Unit half, rounded down); Adventurer 2 per Shield on an adventure site;
    Loot 2 per Artifact (among the Deed cards or under a Unit as a Banner) and 1 per 2 crystals; Conqueror 2 per Shield on a keep, mage tower or
    monastery; Beating -2 per Wound among the Deed cards."""
    p = s.players[player]
    kinds = [t.card[c].kind for c in _deed_cards(p)]
    return {
        "knowledge": 2 * kinds.count("spell") + kinds.count("advanced"),
        "leader": sum(t.unit[u[0]].level // (2 if u[1] else 1) for u in p.units),
        "adventurer": 2 * _shields_on(t, s, player, ADVENTURE_SITES),
        "loot": 2 * (kinds.count("artifact") + len(p.banners)) + sum(p.crystals.values()) // 2,
        "conqueror": 2 * _shields_on(t, s, player, CONQUEROR_SITES),
        "beating": -2 * kinds.count("wound"),
    }


def city_points(t: Tables, s: GameState) -> list[int]:
    """Facts 5.8, conquest scenarios: 7 per city a player leads, 4 per other city with a Shield
    of theirs (the leader: most Shields, a tie to the earliest, facts 4.6)."""
    points = [0] * len(s.players)
    for h, owners in s.shields.items():
        sp = space(t, s, h)
        if sp is None or sp.site != "city" or not owners:
            continue
        leader = city_leader(s, h)
        for i in set(owners):
            points[i] += 7 if i == leader else 4
    return points


def final_scores(t: Tables, s: GameState, titles: bool = True, cities: bool = False) -> list[dict[str, int]]:
    """Facts 5.8 final scoring. Per player: ``fame`` (from the game), each achievement's points, each title won
    (``title-<achievement>``) and the ``total``. A title goes to the best score (the most
    negative for Greatest Beating); tied players share the smaller bonus; with nobody scoring
    (all 0) nobody takes it (our reading of "unless all 0" for every title)."""
    points = [achievement_points(t, s, i) for i in range(len(s.players))]
    if cities:
        for pts, c in zip(points, city_points(t, s), strict=True):
            pts["cities"] = c
    out = [{"fame": p.fame, **pts} for p, pts in zip(s.players, points, strict=True)]
    if titles and len(s.players) > 1:
        for key, (_, bonus, tied) in ACHIEVEMENTS.items():
            if key not in points[0]:
                continue
            values = [pts[key] for pts in points]
            best = min(values) if bonus < 0 else max(values)
            if best == 0:
                continue
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                out[i][f"title-{key}"] = bonus if len(winners) == 1 else tied
    for row in out:
        row["total"] = sum(row.values())
    return out


def solo_conquest_bonus(t: Tables, s: GameState, cities: int, rounds: int, row: dict[str, int]) -> None:
    """Facts 5.8 Solo Conquest "Score": +10 per city conquered, +15 if all are; with every city
    conquered (our reading: they measure how fast the victory came) +30 per full round left
    unplayed, +1 per card left in the Dummy's Deed deck and +5 if the End of the Round had not
    been announced in the final round."""
    conquered = sum(1 for h in s.conquered if (sp := space(t, s, h)) is not None and sp.site == "city")
    extra = {"cities-conquered": 10 * conquered}
    if conquered >= cities:
        extra["all-cities"] = 15
        extra["rounds-left"] = 30 * (rounds - s.round)
        extra["dummy-deck"] = len(s.dummy.deck) if s.dummy else 0
        extra["no-announcement"] = 5 if s.announced_by < 0 else 0
    row.update(extra)
    row["total"] += sum(extra.values())


def end_of_game(t: Tables, s: GameState, sc: Scenario, rounds: int, events: list[Event]) -> bool:
    """Facts 5.8: the conquest scenarios' end is triggered once every city is conquered (the
    players' last turns follow); once the game is over (``scenarios.game_over``: its last round
    or last turns played) Fame and the achievements are scored, Solo Conquest's bonus with them.
    Whether the game is over now."""
    if sc.end == "cities-conquered" and not s.end_triggered and cities_conquered(t, s) >= sc.city_tiles:
        trigger_game_end(s, "every city is conquered", events, players_only=True)
    if not game_over(s, rounds):
        return False
    scores = final_scores(t, s, sc.titles, cities=sc.city_scoring)
    if sc.dummy:
        solo_conquest_bonus(t, s, sc.city_tiles, rounds, scores[0])
    s.scores = tuple(scores)
    events.append(Event("final-scoring", "the game is over: Fame and achievements are scored",
                        data={"scores": list(s.scores)}))
    return True


def winners(t: Tables, s: GameState, sc: Scenario) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Facts 5.8 "Scoring": each player's total (Fame plus the standard achievements) and the
    winners: most wins, ties share the victory (no tie-break); in Solo Conquest victory is every
    city conquered."""
    scores = s.scores or final_scores(t, s, sc.titles, cities=sc.city_scoring)
    total = tuple(x["total"] for x in scores)
    if sc.dummy:
        return total, (0,) if cities_conquered(t, s) >= sc.city_tiles else ()
    best = max(total)
    return total, tuple(i for i, f in enumerate(total) if f == best)


__all__ = ["ACHIEVEMENTS", "achievement_points", "city_points", "end_of_game", "final_scores", "solo_conquest_bonus",
           "winners"]
