"""The schema of Heroscape content files, validated at load: battlefields (a text layout of
spaces with their terrain and level, ruins, start zones), army cards and the texts of their
special powers."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...engine.content import ContentId

TERRAIN_CODES = {"g": "grass", "r": "rock", "s": "sand", "w": "water"}
MAX_LEVEL = 40


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Ruin(_Model):
    """An obstacle standing on a space: it cannot be entered or crossed, and blocks sight up
    to ``height`` levels above that space."""

    at: tuple[int, int]  # (column, row) in the layout
    height: int = Field(ge=1, le=MAX_LEVEL)


class BattlefieldData(_Model):
    name: str
    players: tuple[int, ...] = Field(min_length=1)  # the player counts it is laid out for
    layout: str  # rows of spaces: a terrain letter and a level ("g3", "w1"), ".." for none
    ruin: tuple[Ruin, ...] = ()
    start: dict[str, tuple[tuple[int, int], ...]] = Field(default_factory=dict)  # zone name -> spaces
    notes: str = ""

    @field_validator("players")
    @classmethod
    def _players(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 2 <= n <= 4 for n in v):
            raise ValueError("a battlefield is for 2 to 4 players")
        return v


Size = Literal["small", "medium", "large", "huge"]


class Card(_Model):
    """An army card of the Master Game."""

    id: ContentId  # typed in actions (``take syvarris``; figures are named after it)
    name: str
    kind: Literal["hero", "squad"]
    rarity: Literal["unique", "common", "uncommon"] = "unique"
    general: str
    species: str
    size: Size
    height: int = Field(ge=1)
    life: int = Field(ge=1)
    move: int = Field(ge=0)
    range: int = Field(ge=1)
    attack: int = Field(ge=0)
    defense: int = Field(ge=0)
    points: int = Field(ge=1)
    figures: int = Field(ge=1)
    hexes: Literal[1, 2] = 1
    powers: tuple[str, ...] = ()


class Power(_Model):
    """A special power as a player reads it (``powers.toml``): its printed name and its rules
    text in our words. Its numbers are the rules code's (``powers.py``)."""

    id: ContentId  # as the cards list it
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)
