"""The catalogue of Heroes IV (what ``info NAME`` shows): every Hero, Unit, Town, Location and
Artifact card with its printed numbers, the abilities, the terrain of the map and the six
alignments, read from the content files; the rules text of a card is its type's and its
abilities' (glossary.toml), then its own."""

from __future__ import annotations

from ...engine import Catalogue, Entry
from .content import Content
from .content_model import Artifact, Hero, Location, Town, Unit


def build_catalogue(c: Content) -> Catalogue:
    kinds = {g.id: g.text for g in c.card_types}
    abilities = {g.id: g for g in c.abilities}
    needed_by = {loc.id: [u.name for u in c.units if u.requires == loc.id] for loc in c.locations}
    alignment = {a.id: a.name for a in c.alignments}
    entries: list[Entry] = []
    for h in c.heroes:
        text = " ".join([kinds["hero"], *(abilities[x].text for x in h.abilities)])
        entries.append(Entry("hero", h.id, h.name, text, (("Alignment", alignment[h.alignment]),
                                                          ("Class", h.hero_class), *scores(h))))
    for u in c.units:
        entries.append(Entry("unit", u.id, u.name, unit_text(c, u, kinds["unit"]),
                             (("Alignment", alignment[u.alignment]), *scores(u))))
    for t in c.towns:
        entries.append(Entry("town", t.id, t.name, kinds["town"], town_numbers(t, alignment[t.alignment])))
    for loc in c.locations:
        entries.append(location_entry(loc, kinds, needed_by[loc.id]))
    for a in c.artifacts:
        text = kinds["artifact"] + (f" {a.text}" if a.text else "")
        entries.append(Entry("artifact", a.id, a.name, text, artifact_numbers(a)))
    for g in c.abilities:
        entries.append(Entry("ability", g.id, g.name, g.text))
    for ground in c.terrain:
        numbers: tuple[tuple[str, str], ...] = ()
        if ground.impassable:
            text = "Impassable: no Army Stack enters it or starts on it, and no space lies on it."
        else:
            cost = ground.cost
            text = f"Entering a hex of {ground.id} costs {cost} movement point{'s' if cost > 1 else ''}."
            numbers = (("Movement cost", str(cost)),)
        entries.append(Entry("terrain", ground.id, ground.id.capitalize(), text, (("Map letter", ground.code), *numbers)))
    for al in c.alignments:
        town = next(t.name for t in c.towns if t.id == al.town)
        heroes = ", ".join(h.name for h in c.heroes if h.alignment == al.id)
        units = ", ".join(u.name for u in c.units if u.alignment == al.id)
        entries.append(Entry("alignment", al.id, al.name, f"Its Town: {town}. Its Heroes: {heroes}. "
                             f"Its Units: {units}.", (("Town", town),)))
    return Catalogue(entries)


def scores(x: Hero | Unit) -> tuple[tuple[str, str], ...]:
    """A Hero's or Unit's printed numbers, in the order a player compares them."""
    out = [("Level", str(x.level)), ("Cost", f"{x.cost} cards"), ("Attack", str(x.attack)),
           ("Defense", str(x.defense))]
    if x.ranged:
        out.append(("Ranged", str(x.ranged)))
    out += [("Speed", str(x.speed)), ("Phase", str(x.phase))]
    if isinstance(x, Unit) and x.targets > 1:
        out.append(("Targets", str(x.targets)))
    return tuple(out)


def unit_text(c: Content, u: Unit, lead: str) -> str:
    parts = [lead]
    parts += [g.text for g in c.abilities if g.id in u.abilities]
    if u.targets > 1:
        parts.append(f"Multi-target: one attack hits up to {u.targets} enemy stacks, one card of each.")
    if u.requires is not None:
        mine = next(loc.name for loc in c.locations if loc.id == u.requires)
        parts.append(f"Only a player who controls a {mine} can buy it.")
    return " ".join(parts)


def town_numbers(t: Town, alignment: str) -> tuple[tuple[str, str], ...]:
    return (("Alignment", alignment), ("Defense", str(t.defense)), ("Income", f"{t.income} card"))


def location_entry(loc: Location, kinds: dict[str, str], needed_by: list[str]) -> Entry:
    if loc.mine:
        text = kinds["mine"] + (f" Needed to buy: {', '.join(needed_by)}." if needed_by else "")
        return Entry("location", loc.id, loc.name, f"{kinds['location']} {text}", (("Income", f"{loc.income} card"),))
    own = f" This one is {loc.text}." if loc.text else ""
    return Entry("location", loc.id, loc.name, kinds["location"] + own)


def artifact_numbers(a: Artifact) -> tuple[tuple[str, str], ...]:
    return tuple((label, f"+{v}") for label, v in (("Attack", a.attack), ("Defense", a.defense), ("Speed", a.speed))
                 if v)
