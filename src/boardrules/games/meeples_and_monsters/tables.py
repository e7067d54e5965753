"""The content of a game compiled into flat lookup tables for the rules code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...engine import Action
from .content import Content
from .content_model import Ability, Effect, Location, Monster, Quest, TowerRoom
from .names import the
from .state import BASIC_CLASSES, DISTRICTS, KIND_INDEX, KINDS, PRESTIGE

ANY, PRESTIGE_NEED = 9, 10  # requirement slots beside the meeple kinds 0-8
NEED_INDEX = {**KIND_INDEX, "any": ANY, "prestige": PRESTIGE_NEED}
MONSTER_TYPES = ("humanoid", "undead", "beast")


class Tables:
    """Everything the rules look up, indexed by ints."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.locations: tuple[Location, ...] = content.locations
        self.loc_index = {loc.id: i for i, loc in enumerate(self.locations)}
        self.tiles = tuple(i for i, loc in enumerate(self.locations) if loc.kind == "tile")
        self.starting = tuple(
            next(i for i, loc in enumerate(self.locations) if loc.kind == "starting" and loc.district == d)
            for d in DISTRICTS
        )
        self.capitol = tuple(i for i, loc in enumerate(self.locations) if loc.kind == "capitol")
        self.level_up = tuple(tuple(opt.level_up for opt in loc.options) for loc in self.locations)
        self.constructs = tuple(tuple(opt.constructs for opt in loc.options) for loc in self.locations)
        self.needs: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(_sorted_needs(tuple(NEED_INDEX[n] for n in opt.requires)) for opt in loc.options)
            for loc in self.locations
        )
        self.monsters: tuple[Monster, ...] = content.monsters
        self.mon_index = {m.id: i for i, m in enumerate(self.monsters)}
        self.monster_the = tuple(the(m.name) for m in self.monsters)  # "the Hollow King"
        n = len(self.monsters)
        self.arrives = (n, n + 1, n + 2)  # the three Dark Council Arrives cards
        self.mon_district = tuple(DISTRICTS.index(m.district) if m.district else -1 for m in self.monsters)
        self.mon_type = tuple(MONSTER_TYPES.index(m.type) for m in self.monsters)
        self.mon_level = tuple(m.level for m in self.monsters)
        self.mon_strength = tuple(m.strength for m in self.monsters)
        self.overlords = tuple(i for i, m in enumerate(self.monsters) if m.council == "overlord")
        self.henchman = next(i for i, m in enumerate(self.monsters) if m.council == "henchman")
        self.quests: tuple[Quest, ...] = content.quests
        self.quest_index = {q.id: i for i, q in enumerate(self.quests)}
        # the meeples a Quest's Tavern criteria name, as (kind, count), and those of its defeat
        # criteria as requirement slots
        self.tavern_counts = tuple(
            tuple((KIND_INDEX[k], n) for k, n in q.tavern.units.items() if n) if q.tavern else ()
            for q in self.quests
        )
        self.defeat_needs = tuple(needs_from_counts(q.defeat.units) if q.defeat else () for q in self.quests)
        self.rooms: tuple[TowerRoom, ...] = content.tower_rooms
        self.room_index = {r.id: i for i, r in enumerate(self.rooms)}
        self.room_needs = tuple(_sorted_needs(tuple(NEED_INDEX[x] for x in r.requires)) for r in self.rooms)
        self.bonuses = content.council_bonuses
        self.slot_bonus: dict[tuple[int, int], tuple[Effect, ...]] = {}
        for b in content.slot_bonuses:
            d, num = b.slot.rsplit("-", 1)
            self.slot_bonus[(DISTRICTS.index(d), int(num) - 1)] = b.effects
        # the VP a slot's bonus gives (a construction resolved first can pay for a level-up)
        self.slot_vp = {slot: sum(e.vp for e in effects if e.vp is not None)
                        for slot, effects in self.slot_bonus.items()}
        self.max_slot_vp = max(self.slot_vp.values(), default=0)
        self.slot_vp_grid = tuple(tuple(self.slot_vp.get((d, i), 0) for i in range(3)) for d in range(len(DISTRICTS)))
        self.min_slot_vp = min(self.slot_vp.values(), default=0)
        # Hero cards: combat value, cost, abilities and standing bonuses by kind and level
        self.combat = [[0] * 4 for _ in range(9)]
        self.cost = [[0] * 4 for _ in range(9)]
        self.abilities: list[list[tuple[Ability, ...]]] = [[() for _ in range(4)] for _ in range(9)]
        self.hero_bonuses: list[list[tuple[Effect, ...]]] = [[() for _ in range(4)] for _ in range(9)]
        self.prestige_level = [1] * 9
        for hero in content.heroes:
            k = KIND_INDEX[hero.unit]
            for lv in hero.levels:
                slot = lv.level if k in BASIC_CLASSES else 1
                self.combat[k][slot] = lv.combat
                self.cost[k][slot] = lv.cost
                self.abilities[k][slot] = lv.abilities
                self.hero_bonuses[k][slot] = lv.bonuses
                if k in PRESTIGE:
                    self.prestige_level[k] = lv.level
                    for other in range(4):
                        self.combat[k][other] = lv.combat

        # combat value bonuses compiled to (op, kind, partner, amount) tuples: op 0 boost,
        # 1 pair, 2 versus (kind = Monster type); kind or partner -1 means any Unit
        self.mon_bonuses = tuple(compile_bonuses(m.effects) for m in self.monsters)
        self.quest_bonuses = tuple(
            compile_bonuses(q.effects) if q.type == "ongoing" else () for q in self.quests
        )
        self.loc_bonuses = tuple(
            tuple(compile_bonuses(opt.effects) for opt in loc.options) for loc in self.locations
        )
        self.hero_bonus_tuples = [[compile_bonuses(b) for b in row] for row in self.hero_bonuses]
        # the boosts and pairs of each Hero card as (op, partner, amount)
        self.hero_plain = [
            [tuple((op, partner, amount) for op, _, partner, amount in card if op in (BOOST, PAIR)) for card in row]
            for row in self.hero_bonus_tuples
        ]
        # the "versus" bonuses of each Hero card as (Monster type, amount)
        self.hero_versus = [
            [tuple((target, amount) for op, target, _, amount in card if op == VERSUS) for card in row]
            for row in self.hero_bonus_tuples
        ]

        # what resolving each card's effects does that another resolution could read or change
        # (resolution.order_matters): Location options, Tower Rooms, Triggered Quest bonuses and
        # the "hunt" abilities of Hero cards, by class and level
        self.loc_profile = tuple(tuple(order_profile(opt.effects) for opt in loc.options) for loc in self.locations)
        self.room_profile = tuple(order_profile(r.effects) for r in self.rooms)
        self.quest_profile = tuple(order_profile(q.effects if q.type == "triggered" else (), q.pay)
                                   for q in self.quests)
        self.hunt_profile = [
            [order_profile(tuple(e for a in card if a.timing == "hunt" for e in a.effects)) for card in row]
            for row in self.abilities
        ]
        self.hunts = [[any(a.timing == "hunt" for a in card) for card in row] for row in self.abilities]
        self.defeat_quests = frozenset(i for i, q in enumerate(self.quests) if q.defeat is not None)
        # by Monster, the Quests its defeat may complete (type and level fit) as (Quest, the
        # fewest Units, the meeples named): the Units assigned decide the rest
        self.defeat_by_monster = tuple(
            tuple((i, q.defeat.min_units, self.defeat_needs[i]) for i, q in enumerate(self.quests)
                  if q.defeat is not None and (q.defeat.monster_type in (None, m.type))
                  and m.level >= q.defeat.min_level)
            for m in self.monsters
        )
        # Quests whose bonus neither depends on the order nor takes from the supply
        self.quiet_quests = frozenset(i for i, pr in enumerate(self.quest_profile)
                                      if not pr.ordered and not any(pr.gains) and not any(pr.stock)
                                      and not any(pr.returns))
        # Quests whose bonus depends on which fight completes it (resolution._by_fight)
        self.by_fight_quests = frozenset(i for i, pr in enumerate(self.quest_profile)
                                         if pr.quests or pr.discards or any(pr.returns))
        # which classes' Hero cards bring a Peasant from the Lodgings to a fight, by level
        # by class, whether each level's Hero card brings a Peasant from the Lodgings to a
        # fight, for the classes that have that ability at some level
        reinforces = [tuple(any(a.timing == "reinforce" for a in card) for card in row) for row in self.abilities]
        self.reinforcing = tuple((k, reinforces[k]) for k in BASIC_CLASSES if any(reinforces[k]))
        # the Hero card abilities usable in the Development Phase, by class and level, as
        # (Units of the class needed, once-per-turn key, the action to use it): "develop"
        # ones need their number, "exhaust" ones at least one
        self.develop_uses = [
            [tuple((a.need if a.timing == "develop" else 1, f"{a.timing}:{k}", Action("use", (KINDS[k], a.timing)))
                   for a in card if a.timing in ("develop", "exhaust"))
             for card in row]
            for k, row in enumerate(self.abilities)
        ]
        # the actions offered most often, built once
        self.add_action = tuple(Action("add", (k,)) for k in KINDS)
        self.add_unit_action = self.add_action[:-1]  # every kind but Corruption (the last)
        self.add_shaman = tuple(Action("add", (f"shaman:{k}",)) for k in KINDS)
        self.activate_action = tuple(
            tuple(
                Action("activate", (loc.id,) if len(loc.options) == 1 else (loc.id, str(i + 1)))
                for i in range(len(loc.options))
            )
            for loc in self.locations
        )
        self.fight_action = tuple(Action("fight", (m.id,)) for m in self.monsters)
        # each Location option's activation with its requirement, for the Main Phase: (action,
        # needs, kind, count, kind, count, Units the requirement takes in all, or -1 when it
        # must be matched slot by slot): see _counting_check
        self.loc_checks = tuple(
            tuple(
                (self.activate_action[i][o], need, *_counting_check(need))
                for o, need in enumerate(self.needs[i])
            )
            for i in range(len(self.locations))
        )

        # the Capitol Locations' options as (action, needs, constructs, level-up)
        self.capitol_options = tuple(
            (loc, tuple((self.activate_action[loc][o], self.needs[loc][o], opt.constructs, opt.level_up)
                        for o, opt in enumerate(self.locations[loc].options)))
            for loc in self.capitol
        )
        # the Capitol options that construct a Location, as (Location, needs)
        self.construct_options = tuple((loc, needs) for loc, options in self.capitol_options
                                       for _, needs, constructs, _ in options if constructs)

    def card_name(self, card: int) -> str:
        if card >= len(self.monsters):
            return "Dark Council Arrives"
        return self.monsters[card].name


Bonus = tuple[int, int, int, int]
BOOST, PAIR, VERSUS = 0, 1, 2


class OrderProfile(NamedTuple):
    """What resolving a list of effects does that the order of resolution could change."""

    ordered: bool  # any of the four below
    quests: bool  # it draws Quest cards
    discards: bool  # it has you discard a Quest card from your hand
    recycles: bool  # it has you return meeples from your Lodgings to your bag
    chooses: bool  # it lets you choose a Prestige Unit from the supply
    cleanses: bool  # it returns Corruption from your Tavern or Lodgings to the supply
    gains: tuple[int, ...]  # meeples it takes from the supply, by kind
    stock: tuple[int, ...]  # Prestige Units from its Location's stock if it has one, else the supply
    returns: tuple[int, ...]  # meeples it may return to the supply, by kind
    only_vp: bool  # it does nothing but change VP
    reads: bool  # ordered, or it may return a meeple to the supply: worth a closer look


def order_profile(effects: tuple[Effect, ...], pay: str | None = None) -> OrderProfile:
    """``pay``: the Unit a Quest has you return to the supply when completed."""
    gains, stock, returns = [0] * 9, [0] * 9, [0] * 9
    quests = discards = recycles = chooses = cleanses = False
    only_vp = pay is None
    if pay is not None:
        returns[KIND_INDEX[pay]] += 1
    for e in effects:
        key = e.key
        only_vp = only_vp and key == "vp"
        if key == "quests":
            quests = True
            discards = discards or bool(e.discard)
        elif key == "discard_quest":
            discards = True
        elif key == "recycle":
            recycles = True
        elif key == "any_prestige":
            chooses = True
        elif key == "gain":
            gains[KIND_INDEX[e.gain]] += e.count  # type: ignore[index]
        elif key == "prestige":
            stock[KIND_INDEX[e.prestige]] += 1  # type: ignore[index]
        elif key == "corrupt":
            gains[KIND_INDEX["corruption"]] += e.corrupt  # type: ignore[operator]
        elif key == "lose":
            # a Shaman standing in for the kind goes when none of the kind is there
            returns[KIND_INDEX[e.lose]] += 1  # type: ignore[index]
            returns[KIND_INDEX["shaman"]] += 1
        elif key == "cleanse":
            cleanses = True
            returns[KIND_INDEX["corruption"]] += e.cleanse  # type: ignore[operator]
    ordered = quests or discards or recycles or chooses
    return OrderProfile(ordered, quests, discards, recycles, chooses, cleanses,
                        tuple(gains), tuple(stock), tuple(returns), only_vp, ordered or any(returns))


def compile_bonuses(effects: tuple[Effect, ...]) -> tuple[Bonus, ...]:
    def kind(word: str | None) -> int:
        return -1 if word in (None, "any") else KIND_INDEX[word]  # type: ignore[index]

    out: list[Bonus] = []
    for e in effects:
        if e.boost is not None:
            out.append((BOOST, kind(e.boost), -1, e.amount))
        elif e.pair is not None:
            out.append((PAIR, kind(e.pair), kind(e.with_), e.amount))
        elif e.versus is not None:
            out.append((VERSUS, MONSTER_TYPES.index(e.versus), -1, e.amount))
    return tuple(out)


def _counting_check(needs: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    """A requirement as at most two (kind, count) pairs for its specific kinds (a missing pair
    is (0, 0)), and the number of Units it takes in all (specific Units plus "any Unit"
    slots); that number is -1 when counting is not enough: an "any Prestige Unit" slot, or
    more than two kinds."""
    kinds = sorted({n for n in needs if n < 9})
    pairs = [(k, needs.count(k)) for k in kinds] + [(0, 0), (0, 0)]
    (k1, n1), (k2, n2) = pairs[:2]
    if PRESTIGE_NEED in needs or len(kinds) > 2:
        return k1, n1, k2, n2, -1
    return k1, n1, k2, n2, sum(1 for n in needs if n != KIND_INDEX["corruption"])


def needs_from_counts(units: Mapping[Any, int]) -> tuple[int, ...]:
    """Requirement slots from meeple counts by name (``{"knight": 2}`` -> two knight slots)."""
    return tuple(sorted(NEED_INDEX[k] for k, n in units.items() for _ in range(n)))


def _sorted_needs(needs: tuple[int, ...]) -> tuple[int, ...]:
    """Specific kinds first, then any Prestige, then any Unit: matching greedily then works."""
    return tuple(sorted(needs))
