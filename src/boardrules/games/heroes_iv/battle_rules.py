"""The values of a Heroes IV battle (facts 5.6, or ours with the reason) and the rulebook
paragraphs its refusals cite (``R_...``), which every battle module shares."""

from __future__ import annotations

from ...engine import Rng, ScriptedRng

DIE = 10  # the one ten-sided die, read 1 to 10 (ours: the "0" face counts 10)
DISTANCE_PENALTY = 2  # facts 5.6 Ranged distance penalty
MELEE_LINE_MINIMUM = 3  # ours, from the rules17 Protect example (facts A)
TOWN_LINE_MINIMUM = {"intact": 0, "breached": 1, "sacked": 2}  # facts 5.6 Battles in towns
MAX_ROUNDS = 12  # ours: then the aggressor is driven off
TOWN = "town"

R_ROUND = "Battles: Combat round (rules16)"
R_LINES = "Battles: Lines (rules16)"
R_MELEE = "Battles: Melee attack (rules16)"
R_STACK = "Battles: Stack attack (rules16)"
R_SWAT = "Battles: Swatting (rules17)"
R_SWARM = "Battles: Swarm (rules17)"
R_PROTECT = "Battles: Protect (rules17)"
R_SUPPORT = "Battles: Sacrifice for support (errata, rules24)"
R_DISTANCE = "Battles: Ranged distance penalty (rules23)"
R_TOWN = "Battles: Battles in towns (rules18)"
R_MORALE = "Battles: Morale (rules22)"
R_LUCK = "Battles: Luck (rules22)"
R_MULTI = "Battles: Multi-target creatures (errata, rules24)"
R_FLYING = "Battles: Flying armies (rules22)"
R_SETUP = "Battles: Tactical Setup (rules15, not found: our reading)"
R_GUARD = "Flipping for Guards: Reinforcing the Guard"


def roll_die(rng: Rng) -> int:
    """One roll of the ten-sided die, 1 to 10. A roll a position scripts (docs/positions.md,
    ``dice``) comes first; it is a named draw, so a deck shuffled between two rolls never takes
    one of them."""
    if isinstance(rng, ScriptedRng):
        scripted = rng.named()
        if scripted is not None:
            return int(scripted)
    return rng.below(DIE) + 1
