"""Defeating enemies: Fame and Reputation. Facts 4.1 ("Defeated enemies are discarded at once;
Fame = value on token"); ENEMY TOKEN ABILITIES "Summon Attack" (a summoned token is discarded,
no Fame); the Heroes and Thugs tokens' Reputation on defeat."""

from __future__ import annotations

from ....engine import Event
from ..content import Tables
from .enemies import says
from .state import Combat

DUELED = "dueled:"  # Combat.this_combat: + the enemy's index, the enemy Dueling was used on


def defeat(c: Combat, t: Tables, indexes: list[int], events: list[Event]) -> None:
    for i in indexes:
        e = c.enemies[i]
        if e.defeated:
            continue
        e.defeated = True
        en = t.enemy[e.token]
        fame = 0 if e.summoner >= 0 else en.fame
        if e.summoner < 0:
            c.defeats = (*c.defeats, c.phase)
            fame += sum(n for n, phase in c.fame_per_defeat if phase in ("", c.phase))  # Sword of Justice...
            if c.this_combat and f"{DUELED}{i}" in c.this_combat and not any(u.used for u in c.units):
                fame += 1  # Dueling (facts 3.5): the enemy dueled, defeated without Unit abilities
        c.fame += fame
        c.reputation += 0 if e.summoner >= 0 else en.reputation_on_defeat
        events.append(Event("defeated", f"{says(t, e, 'are')} defeated: Fame +{fame}",
                            data={"enemy": i + 1, "token": e.token, "fame": fame}))


def outcome(c: Combat) -> dict[str, object]:
    """What the combat leaves for the game around it: the site rules ("any undefeated enemies
    remain face up on the space", Shields, rewards) read the defeated and undefeated tokens."""
    real = [e for e in c.enemies if e.summoner < 0]
    return {
        "won": all(e.defeated for e in real),
        "defeated": [e.token for e in real if e.defeated],
        "undefeated": [e.token for e in real if not e.defeated],
        "fame": c.fame,
        "reputation": c.reputation,
        "wounds_hand": c.hero.wounds_hand,
        "wounds_discard": c.hero.wounds_discard,
        "knocked_out": c.hero.knocked_out,
        "summoned": [e.token for e in c.enemies if e.summoner >= 0],  # drawn and then discarded
    }
