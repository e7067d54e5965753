"""The catalogue of Meeples & Monsters (what ``info NAME`` shows): the meeple kinds, the Hero
cards of each class and level, the Locations, the vacant slots' bonuses, the Monsters and the
Dark Council, its Bonus tokens, the Quests, the Tower Rooms and the Dark Council Arrives card,
each with its numbers and its text, read from the content files (``content/*.toml``)."""

from __future__ import annotations

from ...engine import Catalogue, Entry
from .content_model import Ability, HeroLevel, Location, Monster, Quest
from .state import KIND_INDEX, PRESTIGE
from .tables import Tables
from .texts import bonus_text, effects_text, needs_text, option_text, quest_text

QUEST_TYPES = {"triggered": "Triggered", "ongoing": "Ongoing", "end": "End of Game"}


def build_catalogue(t: Tables) -> Catalogue:
    c = t.content
    entries: list[Entry] = []
    for m in c.meeples:
        entries.append(meeple_entry(t, m.id, m.name, m.text))
    texts = {m.id: m.text for m in c.meeples}
    for hero in c.heroes:
        name = next(m.name for m in c.meeples if m.id == hero.unit)
        for lv in hero.levels:
            entries.append(hero_entry(name, hero.unit, hero.prestige, lv, texts[hero.unit]))
    entries += [location_entry(loc) for loc in c.locations]
    for b in c.slot_bonuses:
        district, num = b.slot.rsplit("-", 1)
        entries.append(Entry("slot", b.slot, f"{district.title()} slot {num}",
                             f"The bonus for constructing a Location on this vacant slot: "
                             f"{effects_text(b.effects)}. {b.text}"))
    entries += [monster_entry(m) for m in c.monsters]
    for tok in c.council_bonuses:
        entries.append(Entry("token", tok.id, f"Dark Council Bonus {tok.id.removeprefix('council-')}",
                             f"Under a Dark Overlord: {bonus_text(tok)} among the Units you assign to it.",
                             (("VP", str(tok.vp)), ("Unit types", str(tok.types)), ("Hero level", f"{tok.level}+"))))
    entries += [quest_entry(q) for q in c.quests]
    for r in c.tower_rooms:
        entries.append(Entry("room", r.id, r.name, f"Tower Room (The Four Towers): {needs_text(r.requires)} → "
                             f"{effects_text(r.effects) or 'nothing'}. {r.text}", (("Needs", needs_text(r.requires)),)))
    entries += [Entry("card", x.id, x.name, x.text) for x in c.cards]
    return Catalogue(entries)


def meeple_entry(t: Tables, kind: str, name: str, text: str) -> Entry:
    k = KIND_INDEX[kind]
    numbers: list[tuple[str, str]] = []
    if kind != "corruption":
        numbers.append(("Combat", str(t.combat[k][1])))
    if k in PRESTIGE:
        numbers.append(("Prestige level", str(t.prestige_level[k])))
    return Entry("meeple", kind, name, text, tuple(numbers))


def hero_entry(name: str, unit: str, prestige: bool, lv: HeroLevel, unit_text: str) -> Entry:
    """A Hero card: ``knight-2`` is the level 2 Knight card (a Prestige class has one card, at
    its printed level; level 1 of a basic class is printed on the Player board)."""
    parts = [ability_text(a) for a in lv.abilities]
    if lv.bonuses:
        parts.append(f"Always: {effects_text(lv.bonuses)}.")
    if prestige:  # its rules are the Unit's own (Units, Prestige Units)
        where = f"Prestige level {lv.level}, never leveled up. {unit_text}"
    else:
        where = "Printed on the Player board." if lv.level == 1 else ""
    text = " ".join(p for p in (where, *parts) if p) or "No ability."
    numbers = [("Combat", str(lv.combat))]
    if lv.cost:
        numbers.append(("Cost", f"{lv.cost} VP"))
    return Entry("hero", f"{unit}-{lv.level}", f"{name} level {lv.level}", text, tuple(numbers))


def ability_text(a: Ability) -> str:
    return a.text or f"{a.timing}: {effects_text(a.effects)}."


def location_entry(loc: Location) -> Entry:
    where = "Capitol" if loc.district == "capitol" else loc.district.title()
    options = [option_text(loc, i) for i in range(len(loc.options))]
    how = options[0] if len(options) == 1 else "; ".join(f"{i}) {o}" for i, o in enumerate(options, start=1))
    numbers = [("District", where)]
    if loc.stock:
        numbers.append(("Comes with", ", ".join(f"{n} {k}" for k, n in loc.stock.items())))
    koth = " King of the Hill." if loc.king_of_the_hill else ""
    return Entry("location", loc.id, loc.name, f"{how}.{koth} {loc.text}".strip(), tuple(numbers))


def monster_entry(m: Monster) -> Entry:
    numbers = [("Strength", str(m.strength)), ("VP", str(m.vp)), ("Level", str(m.level)), ("Type", m.type)]
    if m.council is not None:
        numbers.append(("Dark Council", "Henchman" if m.council == "henchman" else "Dark Overlord"))
    elif m.district is not None:
        numbers.append(("District", m.district.title()))
    parts = []
    if m.effects and "When defeated" not in m.text:
        parts.append(f"When defeated: {effects_text(m.effects)}.")
    if m.three_plus and "3+" not in m.text:
        parts.append("3+ players only.")
    parts.append(m.text)
    return Entry("monster", m.id, m.name, " ".join(p for p in parts if p), tuple(numbers))


def quest_entry(q: Quest) -> Entry:
    numbers = (("Type", QUEST_TYPES[q.type]), ("VP", str(q.vp)), ("Penalty", str(q.penalty)))
    return Entry("quest", q.id, q.name, quest_text(q), numbers)

