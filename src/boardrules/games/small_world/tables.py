"""The content of Small World compiled into lookup tables: Races and Powers in the rules'
fixed order, and each map's Regions as flags and neighbour tuples."""

from __future__ import annotations

from ...engine import Action
from .content import POWER_IDS, RACE_IDS, Content
from .content_model import MapData, Power, Race


class MapTables:
    """One map: per Region its terrain flags, symbols and neighbours."""

    def __init__(self, m: MapData) -> None:
        self.data = m
        self.name = m.name
        self.players = m.players
        self.turns = m.turns
        self.n = n = len(m.region)
        self.terrain = tuple(r.terrain for r in m.region)
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(r.adjacent for r in m.region)
        self.border = tuple(r.border for r in m.region)
        self.water = tuple(r.terrain in ("sea", "lake") for r in m.region)
        self.sea = tuple(r.terrain == "sea" for r in m.region)
        self.mountain = tuple(r.terrain == "mountain" for r in m.region)  # a Mountain marker, immovable
        self.magic = tuple("magic" in r.symbols for r in m.region)
        self.mine = tuple("mine" in r.symbols for r in m.region)
        self.cavern = tuple("cavern" in r.symbols for r in m.region)
        self.lost_tribe = tuple("lost-tribe" in r.symbols for r in m.region)
        # "a Region adjacent to the edge of the board or one whose shore is on a Sea adjacent
        # to the edge of the board"
        self.entry = tuple(
            not self.water[i] and (self.border[i] or any(self.sea[j] and self.border[j] for j in self.adjacent[i]))
            for i in range(n)
        )
        self.coastal = tuple(any(self.water[j] for j in self.adjacent[i]) for i in range(n))
        self.caverns = tuple(i for i in range(n) if self.cavern[i])
        self.borders = sum(len(a) for a in self.adjacent) // 2


class Tables:
    """Everything the rules look up, indexed by ints."""

    def __init__(self, content: Content) -> None:
        self.content = content
        by_id = {r.id: r for r in content.races}
        self.races: tuple[Race, ...] = tuple(by_id[i] for i in RACE_IDS)
        pby_id = {p.id: p for p in content.powers}
        self.powers: tuple[Power, ...] = tuple(pby_id[i] for i in POWER_IDS)
        self.race_index = {r.id: i for i, r in enumerate(self.races)}
        self.power_index = {p.id: i for i, p in enumerate(self.powers)}
        self.maps = {n: MapTables(m) for n, m in content.maps.items()}
        self.pick_action = tuple(Action("pick", (r.id,)) for r in self.races)
        n_max = max(m.n for m in self.maps.values())
        self.region_word = tuple(str(i) for i in range(n_max))
        self.conquer_action = tuple(Action("conquer", (w,)) for w in self.region_word)
        self.place_action = tuple(Action("place", (w,)) for w in self.region_word)

    def combo_name(self, race: int, power: int) -> str:
        return f"{self.powers[power].name} {self.races[race].name}" if power >= 0 else self.races[race].name
