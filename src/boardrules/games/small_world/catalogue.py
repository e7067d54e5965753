"""The catalogue of Small World (``info NAME``): the 14 Races with the tokens on their banner and
in the box, and the 20 Special Powers with the tokens on their badge, each with its text, read
from ``content/races.toml`` and ``content/powers.toml``."""

from __future__ import annotations

from ...engine import Catalogue, Entry
from .tables import Tables

RACE, POWER = "race", "power"


def build_catalogue(t: Tables) -> Catalogue:
    entries = [Entry(RACE, r.id, r.name, r.text, (("Tokens", str(r.tokens)), ("In the box", str(r.box))))
               for r in t.races]
    entries += [Entry(POWER, p.id, p.name, p.text, (("Tokens", str(p.tokens)),)) for p in t.powers]
    return Catalogue(entries)
