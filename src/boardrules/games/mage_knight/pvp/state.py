"""The state of a combat between two heroes (pvp/combat.py): the two sides, the phase and step, the
points played, the play waiting for its mana, the effects on Units; and ``add_points``, the
points played into it (WALLS "Combat" for a fortified defender)."""

from __future__ import annotations

from typing import Any

from ....engine import BoardrulesError, IllegalActionError
from ..combat.elements import COLD_FIRE, FIRE, ICE, PHYSICAL
from ..content import Tables
from ..map.hexes import Hex

RULE = "Player versus player combat"
ELEMENTS = (PHYSICAL, FIRE, ICE, COLD_FIRE)
# who acts in each phase (the other side blocks and is wounded), and the attacks it may use
PHASES = ("participation", "ranged", "defender-ranged", "attack", "defender-attack", "over")
PHASE_NAMES = {
    "participation": "the defender chooses how to take part",
    "ranged": "the attacker's Ranged and Siege Attacks",
    "defender-ranged": "the defender's Ranged and Siege Attacks",
    "attack": "the attacker's Attacks",
    "defender-attack": "the defender's Attacks",
}
POINT_KINDS = ("attack", "ranged", "siege", "block")


class Side:
    """One hero in the combat: Armor and unmodified Hand limit (knock-out), its Units as
    ``[unit id, label, wounds]``, what the combat did to it, and the Influence played in it to
    use Heroes Units (facts 3.4) with the Units paid for."""

    __slots__ = ("player", "armor", "hand_limit", "units", "wounds", "knocked_out", "fame", "influence", "paid",
                 "bonus", "marks")

    def __init__(self, player: int, armor: int, hand_limit: int, units: list[list[Any]]) -> None:
        self.player = player
        self.armor = armor
        self.hand_limit = hand_limit
        self.units = units
        self.wounds = 0  # Wounds into this hero's hand during the combat
        self.knocked_out = False
        self.fame = 0  # Fame this side's attacks earned
        self.influence = 0  # Influence played in the combat, not spent yet
        self.paid: list[str] = []  # the Heroes Units paid for (once a combat)
        # a skill's bonus waiting for the defender's next card played sideways (pvp/skills.py:
        # "universal-power:COLOUR", "i-dont-give-a-damn", "who-needs-magic", "power-of-pain")
        self.bonus = ""
        # "unit": a Unit ability used this combat; "dueling": Dueling's Attack 1 in this side's attack;
        # "leadership": Leadership's bonus waiting for the next Unit activated; "no-die": Who Needs
        # Magic?'s +3 taken; an Artifact thrown away for the side's attacks (Sword, Bow)
        self.marks: list[str] = []

    def clone(self) -> Side:
        c = Side(self.player, self.armor, self.hand_limit, [u[:] for u in self.units])
        c.wounds, c.knocked_out, c.fame = self.wounds, self.knocked_out, self.fame
        c.influence, c.paid = self.influence, self.paid[:]
        c.bonus, c.marks = self.bonus, self.marks[:]
        return c

    def to_json(self) -> dict[str, Any]:
        data = {k: getattr(self, k) for k in self.__slots__}
        data["paid"], data["marks"] = self.paid[:], self.marks[:]
        return data


def new_pending(player: int, what: str, subject: str, detail: Any, how: str = "", mana: tuple[str, ...] = (),
                colour: str = "", shape: str = "") -> list[Any]:
    """A play waiting (``PvPCombat.pending``): its mana to pay, then the cards it discards for its
    bonus (Sword of Justice, Bow of Starsdawn, Stout Resolve), then the other hero's Unit it names;
    ``shape``: what a Basic Action's effect became by Shapeshift (pvp/skill_mechanisms.py)."""
    return [player, what, subject, detail, how, list(mana), "", colour, [], False, shape]


def _copy_pending(pending: list[Any]) -> list[Any]:
    return [*pending[:5], list(pending[5]), *pending[6:8], list(pending[8]), *pending[9:]] if pending else []


class PvPCombat:
    """The state of a combat between two heroes (plain data; public: no card is hidden here)."""

    __slots__ = ("attacker", "defender", "at", "fortified", "keep", "participation", "phase", "step",
                 "pool", "blocks", "damage", "elements", "played", "pending", "defender_dice",
                 "on_units", "reduced", "blocked", "attackers", "if_blocked", "later")

    def __init__(self, attacker: Side, defender: Side, at: Hex, fortified: int, keep: bool) -> None:
        self.attacker, self.defender, self.at = attacker, defender, at
        self.fortified = fortified  # the defender's fortification: a wall, their own keep, or both
        self.keep = keep  # the defender's own keep (the attacker assaults it: Reputation -1)
        self.participation = ""  # "full" or "partial"
        self.phase = "participation"
        self.step = "play"  # play (attack points), block (the other side), assign (damage)
        self.pool: list[tuple[str, str, int]] = []  # (kind, element, value) of the acting side
        self.blocks: list[tuple[str, int]] = []  # (element, value) of the side attacked
        self.damage = 0  # damage left to spend on the side attacked
        self.elements: tuple[str, ...] = ()  # the elements of that damage
        self.played: list[list[Any]] = []  # [player, card] played sideways here, face up
        # a play waiting for its mana: [player, "card" or "unit", card id or Unit label, option or
        # ability key, how, the mana colours still to pay, the other hero's Unit named (an effect on
        # one), the colour chosen to power a dual-colour card, the cards discarded for its bonus,
        # whether that discarding is done, what Shapeshift made of a Basic Action's effect] (``new_pending``)
        self.pending: list[Any] = []
        self.defender_dice = 0  # Source dice the defender took (full participation: one)
        # effects on a hero's Units this combat: [owner, label, "armor" (Armor -N, min 1),
        # "no-attack" (it does not attack), "lose-fire" (Fire Resistance lost), "lose-resistances" (all),
        # "destroyed" (Tornado, Disintegrate: out of the combat, removed when it ends), N]
        self.on_units: list[list[Any]] = []
        self.reduced = 0  # the melee attack reduced by the side attacked (Swift Reflexes), before its Block
        self.blocked: list[int] = []  # a player per melee attack they blocked whole (Counterattack counts them)
        self.attackers: list[str] = []  # the acting side's Units whose attack is in this phase's attack
        # what a Block whole of this melee attack does (the side attacked): [player, "destroy", the
        # attacking Unit named] (Delphana Masters, Exploding Shield), [player, "fire-attack", N]
        # (Burning Shield: Fire Attack N in that side's Attacks phase)
        self.if_blocked: list[list[Any]] = []
        # [player, element, N, what]: attack points waiting for that side's Attacks phase (Burning
        # Shield, Dueling), lost if it has none left
        self.later: list[list[Any]] = []

    def clone(self) -> PvPCombat:
        c = PvPCombat(self.attacker.clone(), self.defender.clone(), self.at, self.fortified, self.keep)
        c.participation, c.phase, c.step = self.participation, self.phase, self.step
        c.pool, c.blocks, c.damage, c.elements = self.pool[:], self.blocks[:], self.damage, self.elements
        c.played = [x[:] for x in self.played]
        c.pending = _copy_pending(self.pending)
        c.defender_dice = self.defender_dice
        c.on_units = [x[:] for x in self.on_units]
        c.reduced, c.blocked = self.reduced, self.blocked[:]
        c.attackers, c.if_blocked, c.later = self.attackers[:], [x[:] for x in self.if_blocked], \
            [x[:] for x in self.later]
        return c

    def to_json(self) -> dict[str, Any]:
        data = {k: getattr(self, k) for k in self.__slots__}
        data["attacker"], data["defender"] = self.attacker.to_json(), self.defender.to_json()
        data["at"], data["elements"] = list(self.at), list(self.elements)
        data["pool"], data["blocks"] = [list(x) for x in self.pool], [list(x) for x in self.blocks]
        data["played"] = [x[:] for x in self.played]
        data["pending"] = _copy_pending(self.pending)
        data["on_units"] = [x[:] for x in self.on_units]
        data["blocked"] = self.blocked[:]
        data["attackers"] = self.attackers[:]
        data["if_blocked"], data["later"] = [x[:] for x in self.if_blocked], [x[:] for x in self.later]
        return data

    def acting(self) -> Side:
        return self.defender if self.phase.startswith("defender") else self.attacker

    def attacked(self) -> Side:
        return self.attacker if self.phase.startswith("defender") else self.defender

    def side(self, player: int) -> Side:
        """``player``'s side (the attacker's or the defender's)."""
        return self.attacker if player == self.attacker.player else self.defender

    def other(self, player: int) -> Side:
        """The side ``player`` fights: the other hero and their Units."""
        return self.defender if player == self.attacker.player else self.attacker


def add_points(t: Tables, pvp: PvPCombat, player: int, kind: str, value: int, element: str = PHYSICAL) -> None:
    """Points played into the combat by ``player`` (cards, Units): attack points of the acting
    side, block points of the side attacked. WALLS "Combat": against a fortified defender only
    Siege attacks count in the Ranged and Siege phase; double fortified, none."""
    if element not in ELEMENTS or value < 1:
        raise BoardrulesError(f"points: a value of 1 or more and an element of {', '.join(ELEMENTS)} "
                              f"(got {value} {element!r})")
    if pvp.phase in ("participation", "over"):
        raise IllegalActionError("no points can be played now", RULE)
    ranged = pvp.phase in ("ranged", "defender-ranged")
    if kind == "block":
        if player != pvp.attacked().player or pvp.step != "block":
            raise IllegalActionError("Block is played by the hero attacked, against a melee attack", RULE)
        pvp.blocks.append((element, value))
        return
    if player != pvp.acting().player or pvp.step != "play":
        raise IllegalActionError(f"it is {PHASE_NAMES[pvp.phase]}: the other hero attacks now", RULE)
    if ranged and kind not in ("ranged", "siege"):
        raise IllegalActionError("only Ranged and Siege Attacks in the Ranged and Siege phase", RULE)
    if not ranged and kind not in ("attack", "ranged", "siege"):
        raise IllegalActionError(f"{kind!r} is not an attack", RULE)
    if pvp.phase == "ranged" and pvp.fortified >= 2:
        raise IllegalActionError("the defender is double fortified: no attacks in the Ranged and Siege phase",
                                 "WALLS")
    if pvp.phase == "ranged" and pvp.fortified and kind != "siege" and \
            not (kind == "ranged" and "bow-of-starsdawn" in pvp.acting().marks):  # the Bow: Ranged as Siege
        raise IllegalActionError("the defender is fortified: only Siege Attacks in the Ranged and Siege phase",
                                 "WALLS")
    pvp.pool.append((kind, element, value))


def destroyed(pvp: PvPCombat, owner: int, label: str) -> bool:
    """Whether that hero's Unit was destroyed in this combat (it takes no further part)."""
    return [owner, label, "destroyed", 0] in pvp.on_units


def standing(pvp: PvPCombat, side: Side) -> list[list[Any]]:
    """The side's Units still in the combat (``[unit id, label, wounds]``, the destroyed left out)."""
    return [u for u in side.units if not destroyed(pvp, side.player, u[1])]


__all__ = ["ELEMENTS", "PHASES", "PHASE_NAMES", "POINT_KINDS", "RULE", "PvPCombat", "Side", "add_points", "destroyed",
           "new_pending", "standing"]
