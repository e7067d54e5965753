"""The state of one combat: plain slotted data, cheap to clone, JSON-serialisable.

It is meant to live inside the future game state: its inputs (the enemies, the Units the
player brings, the hero's Armor and hand, the conditions of the site) are explicit, so the map,
cards and turns of later stages only build it and read its outcome.
"""

from __future__ import annotations

from typing import Any

PHASES = ("ranged", "block", "damage", "attack", "over")
PHASE_NAMES = {
    "ranged": "Ranged and Siege Attacks phase", "block": "Block phase",
    "damage": "Assign Damage phase", "attack": "Attack phase", "over": "end of combat",
}
MANA = ("red", "blue", "green", "white", "gold", "black")
# Pool item: (type, element, value, counts double against Swift, the Unit it came from or -1)
Item = tuple[str, str, int, bool, int]


# CombatEnemy slots added after states were first saved, with the value an older state had
ENEMY_LATER_SLOTS: dict[str, Any] = {"walled": False, "lost_abilities": False, "resistances_lost": [], "ignored": [],
                                     "defended_by": -1}


class CombatEnemy:
    """One enemy token in the combat. Per-attack lists are indexed like the token's attacks."""

    __slots__ = (
        "token", "summoner", "rampaging", "defeated", "gone", "prevented", "blocked", "reduction",
        "left", "taunt", "armor_bonus", "armor_cut", "no_fortification", "no_resistances",
        "destroy_if_blocked", "attack_bonus", "gained", "walled", "lost_abilities", "resistances_lost", "ignored",
        "defended_by",
    )

    def __init__(self, token: str, attacks: int, rampaging: bool = False, summoner: int = -1) -> None:
        self.token = token
        self.summoner = summoner  # the enemy it was summoned for (-1: not summoned)
        self.rampaging = rampaging  # a rampaging enemy (not a site's defender)
        self.defeated = False
        self.gone = False  # a summoned token, discarded after the Assign Damage phase
        self.prevented = False  # "does not attack" (all its attacks)
        self.blocked = [False] * attacks
        self.reduction = [0] * attacks  # attack reductions (Cumbersome, effects) for the turn
        self.left = [0] * attacks  # damage still to be assigned in the Assign Damage phase
        self.taunt = [-1] * attacks  # the Unit this attack's damage goes to first
        self.armor_bonus = 0  # Defend and Vampiric, until the end of combat
        self.armor_cut = 0  # armor reductions (each to a minimum of 1)
        self.no_fortification = False
        self.no_resistances = False
        self.destroy_if_blocked = False
        self.attack_bonus = [0] * attacks  # a city's defender bonus (Blue city)
        self.gained: list[str] = []  # abilities gained from a city (Red: Brutal, Green: Poison)
        self.walled = False  # fought across a wall (WALLS "Combat")
        self.lost_abilities = False  # its attack abilities are lost this combat (Chilling Stare)
        self.resistances_lost: list[str] = []  # resistances lost this combat (Chill: fire)
        # Know Your Prey (facts 3.5): abilities ignored this combat ("swift"), and attack elements
        # changed ("element:A:NEW", A the attack's index)
        self.ignored: list[str] = []
        self.defended_by = -1  # Defense: the enemy whose Defend bonus it got this combat (-1: none)

    def clone(self) -> CombatEnemy:
        e = CombatEnemy.__new__(CombatEnemy)
        e.token, e.summoner, e.rampaging = self.token, self.summoner, self.rampaging
        e.defeated, e.gone, e.prevented = self.defeated, self.gone, self.prevented
        e.blocked, e.reduction, e.left, e.taunt = self.blocked[:], self.reduction[:], self.left[:], self.taunt[:]
        e.armor_bonus, e.armor_cut = self.armor_bonus, self.armor_cut
        e.no_fortification, e.no_resistances = self.no_fortification, self.no_resistances
        e.destroy_if_blocked = self.destroy_if_blocked
        e.attack_bonus, e.gained, e.walled = self.attack_bonus[:], self.gained[:], self.walled
        e.lost_abilities = self.lost_abilities
        e.resistances_lost, e.ignored = self.resistances_lost[:], self.ignored[:]
        e.defended_by = self.defended_by
        return e

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CombatEnemy:
        e = cls.__new__(cls)
        for k in cls.__slots__:
            v = data.get(k, ENEMY_LATER_SLOTS[k]) if k in ENEMY_LATER_SLOTS else data[k]  # states written before
            setattr(e, k, list(v) if isinstance(v, list) else v)
        return e


class CombatUnit:
    """One of the player's Units: ``label`` is its word in actions (``peasants-1``)."""

    __slots__ = ("unit", "label", "wounds", "spent", "destroyed", "resisted", "paid", "used", "activated_in",
                 "token")

    def __init__(self, unit: str, label: str, wounds: int = 0, spent: bool = False, token: str = "") -> None:
        self.unit = unit
        self.token = token  # the mana token kept on the card (Magic Familiars)
        self.label = label
        self.wounds = wounds  # Wound cards on it (Poison gives two)
        self.spent = spent
        self.destroyed = False  # Paralyze: removed from the game
        self.resisted = False  # absorbed a resisted attack unwounded: no more damage this combat
        self.paid = False  # the Influence it needs in this combat is paid (Thugs, Heroes)
        self.used: list[str] = []  # abilities used in its activation
        self.activated_in = ""  # the phase of its activation

    def clone(self) -> CombatUnit:
        u = CombatUnit.__new__(CombatUnit)
        u.unit, u.label, u.wounds, u.spent = self.unit, self.label, self.wounds, self.spent
        u.destroyed, u.resisted, u.paid = self.destroyed, self.resisted, self.paid
        u.used, u.activated_in, u.token = self.used[:], self.activated_in, self.token
        return u

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CombatUnit:
        u = cls.__new__(cls)
        for k in cls.__slots__:
            setattr(u, k, data[k])
        u.used = list(data["used"])
        return u


class Hero:
    """The hero's side of the combat: Armor and the unmodified Hand limit from the Level token,
    and the hand as counts (later stages map real cards through ``discard_non_wounds``)."""

    __slots__ = ("armor", "hand_limit", "hand", "wounds_hand", "wounds_discard", "discarded",
                 "hand_discarded", "wounds_this_combat", "knocked_out")

    def __init__(self, armor: int, hand_limit: int, hand: int, wounds_hand: int = 0) -> None:
        self.armor = armor
        self.hand_limit = hand_limit
        self.hand = hand  # non-Wound cards in hand
        self.wounds_hand = wounds_hand
        self.wounds_discard = 0  # Wounds put into the discard pile (Poison) during this combat
        self.discarded = 0  # non-Wound cards discarded (Paralyze, knock-out)
        # the hand was discarded (even an empty one): a card drawn later in the combat goes too
        self.hand_discarded = False
        self.wounds_this_combat = 0  # Wounds taken into the hand during this combat
        self.knocked_out = False

    def discard_non_wounds(self) -> int:
        """Discard every non-Wound card from the hand; returns how many."""
        n, self.hand = self.hand, 0
        self.discarded += n
        self.hand_discarded = True
        return n

    def clone(self) -> Hero:
        h = Hero.__new__(Hero)
        for k in Hero.__slots__:
            setattr(h, k, getattr(self, k))
        return h

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Hero:
        h = cls.__new__(cls)
        for k in cls.__slots__:
            setattr(h, k, data[k])
        return h


LENT = "lent:"  # + a Unit's label, in Combat.this_combat: a Unit of the offer lent to the combat (Call to Arms)

# slots added after states were first saved, with the value an older state had
LATER_SLOTS: dict[str, Any] = {"unit_bonus": 0, "defeats": (), "fame_per_defeat": (), "leadership": False, "this_combat": [],
                               "asking": ""}


class Combat:
    """A combat in progress. ``targets`` are the enemies chosen for the attack being declared,
    ``block_target`` the (enemy, attack) being blocked; ``pool`` the attack, block and move
    points played and not yet used."""

    __slots__ = (
        "player", "phase", "enemies", "units", "hero", "site", "night", "units_allowed", "chosen_unit",
        "site_fortified", "across_wall", "pool", "move_points", "targets", "block_target",
        "mana", "influence", "units_resist_all", "unit_attack_bonus", "attacks_become", "fame", "reputation", "summon_piles",
        "wounds_dealt", "unit_bonus", "defeats", "fame_per_defeat", "leadership", "this_combat", "asking", "cached",
    )

    def __init__(self) -> None:
        self.player = 0
        self.phase = "ranged"
        self.enemies: list[CombatEnemy] = []
        self.units: list[CombatUnit] = []
        self.hero = Hero(2, 5, 5)
        self.site = ""  # the site or situation, for refusals ("dungeon", "maze", ...)
        self.night = False  # Night rules apply
        self.units_allowed = "all"  # "all", "none" or "one" (the chosen Unit only)
        self.chosen_unit = ""
        self.site_fortified = False  # the enemies defend a fortified site (keep, mage tower, city)
        self.across_wall = False
        self.pool: list[Item] = []
        self.move_points = 0
        self.targets: list[int] = []
        self.block_target: tuple[int, int] | None = None
        self.mana = dict.fromkeys(MANA, 0)  # mana the player can pay to power Unit abilities
        self.influence = 0  # Influence the player can pay (Thugs, Heroes)
        self.units_resist_all = False
        self.unit_attack_bonus: list[int] = []  # Units whose "+1 to your other Units' attacks" is active
        self.attacks_become = ""  # "cold-fire" or "siege": what the attacks played this combat become
        self.fame = 0
        self.reputation = 0
        self.summon_piles: dict[str, list[str]] = {}
        self.wounds_dealt = 0  # Wound cards given in this combat (to Units and to the hero)
        self.unit_bonus = 0  # `unit-bonus`: added to every attack and block of the Units this combat
        # tuples, replaced and never changed in place: a clone shares them
        self.defeats: tuple[str, ...] = ()  # the phase of each enemy defeat (`+N/enemy-defeated`)
        # `fame +N/enemy-defeated` still to come: (N, the phase it is limited to or "")
        self.fame_per_defeat: tuple[tuple[int, str], ...] = ()
        self.leadership = False  # Leadership: the next Unit's Block +3, Attack +2 or Ranged +1
        # what played cards do for the rest of the combat, as words: "block:destroy" and
        # "block:fire-attack:4" wait on the block being declared (Burning Shield), "attack-phase:fire:4"
        # for the Attack phase, "no-site-fortifications" (Demolish)
        self.this_combat: list[str] = []
        # "resolve" or "next" played and waiting to be confirmed (it defeats or blocks nothing, or
        # leaves points unused: decision.py), "" when nothing waits
        self.asking = ""
        self.cached: Any = None  # the current Decision

    def clone(self) -> Combat:
        c = Combat.__new__(Combat)
        c.player, c.phase = self.player, self.phase
        c.enemies = [e.clone() for e in self.enemies]
        c.units = [u.clone() for u in self.units]
        c.hero = self.hero.clone()
        c.site, c.night, c.units_allowed, c.chosen_unit = self.site, self.night, self.units_allowed, self.chosen_unit
        c.site_fortified, c.across_wall = self.site_fortified, self.across_wall
        c.pool, c.move_points = self.pool[:], self.move_points
        c.targets, c.block_target = self.targets[:], self.block_target
        c.mana, c.influence = dict(self.mana), self.influence
        c.units_resist_all, c.fame, c.reputation = self.units_resist_all, self.fame, self.reputation
        c.unit_attack_bonus, c.attacks_become = self.unit_attack_bonus[:], self.attacks_become
        c.summon_piles = {k: v[:] for k, v in self.summon_piles.items()}
        c.wounds_dealt, c.cached = self.wounds_dealt, self.cached
        c.unit_bonus, c.defeats = self.unit_bonus, self.defeats
        c.fame_per_defeat, c.leadership = self.fame_per_defeat, self.leadership
        c.this_combat, c.asking = self.this_combat[:], self.asking
        return c

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {k: getattr(self, k) for k in self.__slots__ if k != "cached"}
        data["enemies"] = [e.to_json() for e in self.enemies]
        data["units"] = [u.to_json() for u in self.units]
        data["hero"] = self.hero.to_json()
        data["pool"] = [list(i) for i in self.pool]
        data["block_target"] = list(self.block_target) if self.block_target else None
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Combat:
        """The combat ``to_json`` wrote."""
        c = cls.__new__(cls)
        for k in cls.__slots__:
            if k != "cached":
                setattr(c, k, data.get(k, LATER_SLOTS[k]) if k in LATER_SLOTS else data[k])
        c.defeats = tuple(c.defeats)
        c.fame_per_defeat = tuple((int(n), str(phase)) for n, phase in c.fame_per_defeat)
        c.this_combat = list(c.this_combat)
        c.enemies = [CombatEnemy.from_json(e) for e in data["enemies"]]
        c.units = [CombatUnit.from_json(u) for u in data["units"]]
        c.hero = Hero.from_json(data["hero"])
        c.pool = [(i[0], i[1], i[2], i[3], i[4]) for i in data["pool"]]
        c.unit_attack_bonus = list(data["unit_attack_bonus"])
        c.targets = list(data["targets"])
        c.block_target = (data["block_target"][0], data["block_target"][1]) if data["block_target"] else None
        c.mana = dict(data["mana"])
        c.summon_piles = {k: list(v) for k, v in data["summon_piles"].items()}
        c.this_combat = list(data.get("this_combat", []))
        c.cached = None
        return c
