"""The installed games. Each entry names a module and its Game class; imported on demand."""

from __future__ import annotations

import importlib

from ..engine import Game, UnknownGameError

GAMES: dict[str, tuple[str, str, str]] = {
    # name: (module, class, title)
    "meeples-and-monsters": (
        "boardrules.games.meeples_and_monsters", "MeeplesAndMonsters", "Meeples & Monsters",
    ),
    "small-world": ("boardrules.games.small_world", "SmallWorld", "Small World"),
    "heroscape": ("boardrules.games.heroscape", "Heroscape", "Heroscape (Master Game, Rise of the Valkyrie)"),
    "mage-knight": ("boardrules.games.mage_knight", "MageKnight", "Mage Knight"),
    "heroes-iv": ("boardrules.games.heroes_iv", "HeroesIV", "Heroes of Might and Magic IV: the card & tile game"),
}


def load_game(name: str, **kwargs: object) -> Game:
    """The Game object for ``name``; UnknownGameError lists the known ones."""
    entry = GAMES.get(name)
    if entry is None:
        raise UnknownGameError(f"unknown game {name!r}; installed games: {', '.join(sorted(GAMES))}")
    module = importlib.import_module(entry[0])
    return getattr(module, entry[1])(**kwargs)
