"""The fields of a Mage Knight position (docs/positions.md "Mage Knight"), as pydantic models:
strict (a count is a JSON number, a flag true or false), unknown fields refused, every number
bounded. Spaces and tile positions are written ``"q,r"`` (axial coordinates, as the state and
the views write them); decks, piles and stacks top first. What the models cannot check (ids of
the content, counts that must add up, spaces on the map) the other modules do.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from ....engine.positions import MAX_SCRIPT, Fields

Seat = Annotated[int, Field(ge=0, le=3)]
Dummy = Literal["dummy"]  # the Dummy player of Solo Conquest, where a seat may stand
Count = Annotated[int, Field(ge=0, le=99)]
Id = Annotated[str, Field(min_length=1, max_length=60)]
Place = Annotated[str, Field(min_length=3, max_length=12)]  # "q,r"
Cards = Annotated[list[Id], Field(max_length=200)]
Ids = Annotated[list[Id], Field(max_length=100)]
Places = Annotated[list[Place], Field(max_length=200)]
Colour = Literal["red", "blue", "green", "white", "gold", "black"]
Basic = Literal["red", "blue", "green", "white"]
EnemyColour = Literal["green", "grey", "brown", "violet", "white", "red"]


class TokenFields(Fields):
    """An enemy or ruins token written with its face (a plain id is face up)."""

    token: Id
    face_up: bool = True


def _written_as(key: str) -> BeforeValidator:
    """A plain text stands for the object with only ``key`` (an id: ``"peasants"``); an error
    names the entry's own path, not a member of a union."""
    return BeforeValidator(lambda v: {key: v} if isinstance(v, str) else v)


Token = Annotated[TokenFields, _written_as("token")]


class UnitFields(Fields):
    """A Unit written with its state (a plain id is ready and unwounded)."""

    unit: Id
    wounds: Annotated[int, Field(ge=0, le=2)] = 0  # Wound cards on it (2: poisoned)
    spent: bool = False
    token: Basic | None = None  # the mana token on a Magic Familiars card


Unit = Annotated[UnitFields, _written_as("unit")]


class SeenFields(Fields):
    """What the other players know of the hero's hidden cards (knowledge/seen.py)."""

    hand: Cards | None = None  # cards of the hand every player has seen there
    deck_top: Count | None = None  # cards on top of the Deed deck every player saw go there
    deck_top_own: Count | None = None  # cards on top of the deck the hero knows
    deck_bottom: Count | None = None  # cards at the bottom every player saw go there


class LastTurnFields(Fields):
    """What the hero's last turn left (written by a dumped position; the turn's start resets the
    current hero's)."""

    turn_start: Place | None = None
    path: Places | None = None
    came_from: Place | None = None
    provoked: Places | None = None
    acted: bool | None = None
    moving_done: bool | None = None
    rested: bool | None = None
    forfeited: bool | None = None
    interacting: bool | None = None
    must_play: bool | None = None
    plundered: bool | None = None  # plundered a village since their last turn (VILLAGE "Plundering")
    move_points: Count | None = None
    influence_points: Count | None = None
    move_left: Count | None = None
    healing: Count | None = None
    move_bonus: Annotated[int, Field(ge=0, le=2)] | None = None
    terrain_less: Count | None = None


class SeatFields(Fields):
    """One hero: each field given replaces that part of the hero."""

    space: Place | None = None
    fame: Annotated[int, Field(ge=0, le=9999)] | None = None
    reputation: Annotated[int, Field(ge=-7, le=7)] | None = None
    level: Annotated[int, Field(ge=1, le=10)] | None = None  # default: the level of the Fame
    command: Annotated[int, Field(ge=0, le=20)] | None = None  # default: the level's (+1 Bonds of Loyalty)
    crystals: dict[Basic, Annotated[int, Field(ge=0, le=3)]] | None = None
    mana: dict[Colour, Annotated[int, Field(ge=0, le=9)]] | None = None  # tokens, besides the turn start's
    hand: Cards | None = None
    deck: Cards | None = None  # top first
    discard: Cards | None = None
    thrown: Cards | None = None  # thrown away: out of the game
    spared: Cards | None = None  # face down under Sparing Power (back into the deck at the round's end)
    units: Annotated[list[Unit], Field(max_length=20)] | None = None
    banners: dict[Id, Id] | None = None  # Unit label (peasants-1) -> the Banner under it (":flipped": used)
    bonded: Id | None = None  # the label of the Unit under Bonds of Loyalty
    skills: Ids | None = None
    skill_pile: Ids | None = None  # the face-down skill tokens, top first
    skills_used: Ids | None = None  # skills (and marks) face down this round
    tactic: Id | None = None  # the Tactic taken this round
    tactics_taken: Ids | None = None  # every round's Tactic so far (the balance report)
    chaos: Colour | None = None  # Master of Chaos: the colour its token points at
    puppets: Ids | None = None  # Puppet Master: the enemy tokens kept
    keeps: Places | None = None  # the keeps owned (default: those holding only the hero's Shield)
    mazes: Places | None = None  # mazes and labyrinths the hero conquered a path of
    round_hand_bonus: Count | None = None
    marks: Ids | None = None  # what lasts to the hero's next turn (a Wound received on another's: "wounded")
    seen: SeenFields | None = None
    last_turn: LastTurnFields | None = None


class OfferFields(Fields):
    units: Ids | None = None
    advanced_actions: Ids | None = None  # top slot (the newest) first
    spells: Ids | None = None
    monastery: Ids | None = None  # the Advanced Actions in the Unit offer


class DeckFields(Fields):
    advanced_actions: Cards | None = None  # top first
    spells: Cards | None = None
    artifacts: Cards | None = None
    regular_units: Cards | None = None
    elite_units: Cards | None = None


class DummyFields(Fields):
    """The Dummy player of Solo Conquest."""

    hero: Id | None = None
    deck: Cards | None = None  # top first
    discard: Cards | None = None
    crystals: dict[Basic, Count] | None = None
    tactic: Id | None = None
    skill_pile: Ids | None = None  # top first


class CentreFields(Fields):
    skill: Id
    owner: Seat
    detail: Annotated[str, Field(max_length=300, pattern=r"^[a-z0-9:;, -]*$")] = ""  # a colour, marks


class ScoutedFields(Fields):
    seat: Seat
    at: Annotated[str, Field(max_length=20, pattern=r"^(-?[0-9]{1,3},-?[0-9]{1,3}|pile:[a-z]+)$")]  # "q,r" or "pile:COLOUR"
    token: Id


class BlindFields(Fields):
    seat: Seat
    card: Id


class ClaimFields(Fields):
    seat: Seat
    die: Annotated[int, Field(ge=0, le=5)]
    each_turn: bool = False
    curse: bool = False


class BookkeepingFields(Fields):
    """What a dumped position writes so that it loads to the same state hash: the engine's
    counters, the round's and the game's last turns, what lasts from card to card."""

    decisions: Annotated[int, Field(ge=0, le=10**9)] | None = None
    final_turns: Annotated[list[Seat | Dummy], Field(max_length=5)] | None = None
    end_triggered: bool | None = None
    last_turns: Annotated[list[Seat | Dummy], Field(max_length=5)] | None = None
    removed_tactics: Ids | None = None
    city_level: Annotated[int, Field(ge=1, le=11)] | None = None
    city_levels: Annotated[list[Annotated[int, Field(ge=1, le=11)]], Field(max_length=9)] | None = None
    pvp_face_down: Annotated[list[Seat], Field(max_length=4)] | None = None
    mana_steal: Annotated[list[Annotated[int, Field(ge=0, le=5)]], Field(min_length=2, max_length=2)] | None = None
    mana_claims: Annotated[list[ClaimFields], Field(max_length=8)] | None = None
    centre: Annotated[list[CentreFields], Field(max_length=8)] | None = None
    scouted: Annotated[list[ScoutedFields], Field(max_length=50)] | None = None
    blind: Annotated[list[BlindFields], Field(max_length=50)] | None = None
    pile_tops: Annotated[list[EnemyColour], Field(max_length=6)] | None = None
    deck_bottoms: Annotated[list[Annotated[int, Field(ge=0, le=200)]], Field(min_length=5, max_length=5)] | None = None
    maze_paths: dict[Place, dict[Annotated[str, Field(max_length=2)], Seat]] | None = None
    dice_allowed: Annotated[int, Field(ge=0, le=9)] | None = None
    black_as_any: bool | None = None
    hand_bonus: Count | None = None
    extra_turn: bool | None = None


class MKFields(Fields):
    stage: Literal["turn", "tactics"] | None = None  # default: turn once every hero has a Tactic
    round: Annotated[int, Field(ge=1, le=99)] | None = None
    night: bool | None = None
    current: Seat | None = None
    turn: Annotated[int, Field(ge=0, le=10**6)] | None = None  # turns taken in the game, this one included
    round_order: Annotated[list[Seat | Dummy], Field(max_length=5)] | None = None
    tiles: Annotated[dict[Place, Id], Field(max_length=40)] | None = None  # tile position -> tile, in the order placed
    tile_deck: Ids | None = None
    enemies: dict[Place, Annotated[list[Token], Field(max_length=10)]] | None = None
    ruins: dict[Place, Token] | None = None
    shields: dict[Place, Annotated[list[Seat], Field(max_length=8)]] | None = None
    conquered: Places | None = None
    burned: Places | None = None
    seats: list[SeatFields] | None = None
    source: Annotated[list[Colour], Field(max_length=6)] | None = None
    offers: OfferFields | None = None
    decks: DeckFields | None = None
    enemy_piles: dict[EnemyColour, Cards] | None = None  # top first
    enemy_discards: dict[EnemyColour, Cards] | None = None
    ruins_pile: Ids | None = None
    ruins_discard: Ids | None = None
    common_skills: Ids | None = None
    announced: Seat | Dummy | None = None  # who announced the End of the Round
    dummy: DummyFields | None = None
    draws: Annotated[list[Id], Field(max_length=MAX_SCRIPT)] | None = None
    bookkeeping: BookkeepingFields | None = None


__all__ = ["BookkeepingFields", "DeckFields", "DummyFields", "LastTurnFields", "MKFields", "OfferFields",
           "SeatFields", "SeenFields", "TokenFields", "UnitFields"]
