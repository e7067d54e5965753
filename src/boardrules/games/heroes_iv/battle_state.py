"""The state of one Heroes IV battle: plain slotted data, cheap to clone, JSON-serialisable.

It is built by the map game (``battle_setup.start_battle``) from the Army Stacks, Guard Stack
or Town that meet, and read back through ``battle_rounds.outcome``. Facts 5.6 (Battles): an
aggressor and a defender, each with a Melee Line and a Ranged Line of Creature Stacks, phases 1
to 10 in rounds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ...engine import BoardrulesError, Rng, is_action_word

PHASES = 10  # facts 5.6: a combat round is up to 10 phases
LINES = ("melee", "ranged")
SIDE_NAMES = ("aggressor", "defender")
SIDE_LETTERS = ("a", "d")
# abilities the battle knows; a card's other abilities are kept but do nothing here
# (the names of the content files' Ability values)
ABILITIES = frozenset({"flight", "ignores-distance-penalty"})
MAX_TARGETS = 3  # errata: Hydras hit up to 3 stacks
MAX_STACKS = 10  # ours: Creature Stacks a side (a whole deck set up by default makes at most 10)
MORALE_RANGE = 5  # facts 5.6 Morale: -5..+5
LUCK_RANGE = 3  # facts 5.6 Luck: -3..+3
TOWN_STATES = ("", "intact", "breached", "sacked")
TOWN_DEFENSE = 10  # facts 5.6 Battles in towns: the Town card's Defense
MOST_SCORE = 99  # ours: a card's level, Attack, Defense, Ranged Attack and Hex Speed (two digits)


@dataclass(frozen=True, slots=True)
class Fighter:
    """One Unit or Hero card in a battle. Frozen: a kill moves it to its side's ``fallen`` with
    ``alive`` False, so clones of a battle share the cards."""

    card: str
    name: str
    alignment: str
    level: int
    attack: int
    defense: int
    ranged: int = 0
    phase: int = 5
    speed: int = 1
    abilities: frozenset[str] = field(default_factory=frozenset)
    is_hero: bool = False
    targets: int = 1  # stacks one attack may hit (errata: Cerberi 2, Hydras 3)
    morale: int = 0
    luck: int = 0
    alive: bool = True

    def __post_init__(self) -> None:
        where = f"fighter {self.card!r}"
        if not is_action_word(self.card):
            raise BoardrulesError(f"{where}: the card id must be one word (letters, digits, - _ : . +)")
        for name, text in (("name", self.name), ("alignment", self.alignment)):
            if not isinstance(text, str) or not text.strip():
                raise BoardrulesError(f"{where}: {name} must be some text, not {text!r}")
        checks = (
            ("level", self.level, 0, MOST_SCORE), ("attack", self.attack, 0, MOST_SCORE),
            ("defense", self.defense, 1, MOST_SCORE), ("ranged", self.ranged, 0, MOST_SCORE),
            ("phase", self.phase, 1, PHASES), ("speed", self.speed, 0, MOST_SCORE),
            ("targets", self.targets, 1, MAX_TARGETS),
            ("morale", self.morale, -MORALE_RANGE, MORALE_RANGE), ("luck", self.luck, -LUCK_RANGE, LUCK_RANGE),
        )
        for name, value, low, high in checks:
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise BoardrulesError(f"{where}: {name} must be a whole number from {low} to {high}, not {value!r}")
        if not isinstance(self.abilities, frozenset):
            object.__setattr__(self, "abilities", frozenset(self.abilities))

    @property
    def flying(self) -> bool:
        return "flight" in self.abilities

    def killed(self) -> Fighter:
        return replace(self, alive=False)

    def to_json(self) -> dict[str, Any]:
        # by hand, not dataclasses.asdict: every view of a battle copies each card (4x faster)
        return {"card": self.card, "name": self.name, "alignment": self.alignment, "level": self.level,
                "attack": self.attack, "defense": self.defense, "ranged": self.ranged, "phase": self.phase,
                "speed": self.speed, "abilities": sorted(self.abilities), "is_hero": self.is_hero,
                "targets": self.targets, "morale": self.morale, "luck": self.luck, "alive": self.alive}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Fighter:
        return cls(**{**data, "abilities": frozenset(data.get("abilities", ()))})


class CardScores(Protocol):
    """What a Hero or Unit card of the content gives a battle (content_model's Hero and Unit).
    Read-only members, so that frozen models with narrower types match."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def alignment(self) -> str: ...
    @property
    def level(self) -> int: ...
    @property
    def attack(self) -> int: ...
    @property
    def defense(self) -> int: ...
    @property
    def ranged(self) -> int: ...
    @property
    def phase(self) -> int: ...
    @property
    def speed(self) -> int: ...
    @property
    def abilities(self) -> Iterable[str]: ...


def fighter_from(card: CardScores, *, is_hero: bool = False, morale: int = 0, luck: int = 0) -> Fighter:
    """The Fighter for a content card: its printed scores; ``targets`` where the card has it
    (Units), else 1; Morale and Luck come from the Heroes, skills and spells of later stages."""
    return Fighter(card.id, card.name, card.alignment, card.level, card.attack, card.defense, ranged=card.ranged,
                   phase=card.phase, speed=card.speed, abilities=frozenset(card.abilities), is_hero=is_hero,
                   targets=getattr(card, "targets", 1), morale=morale, luck=luck)


class Stack:
    """A Creature Stack in the battle: ``cards[0]`` is the top card (the one that attacks and
    the first killed). ``label`` is its word in actions (``a1``, ``d3``) and never changes.
    ``support``: (levels, reach, supporter label) sacrificed to it for its next attack."""

    __slots__ = ("label", "cards", "line", "status", "attacks_left", "support")

    def __init__(self, label: str, cards: list[Fighter], line: str) -> None:
        self.label = label
        self.cards = cards
        self.line = line
        self.status = ""  # "", "swarm" or "protect": the way the top card is turned
        self.attacks_left = 1
        self.support: list[tuple[int, str, str]] = []

    @property
    def top(self) -> Fighter:
        return self.cards[0]

    def clone(self) -> Stack:
        s = Stack.__new__(Stack)
        s.label, s.cards, s.line, s.status = self.label, self.cards[:], self.line, self.status
        s.attacks_left, s.support = self.attacks_left, self.support[:]
        return s

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "cards": [c.to_json() for c in self.cards], "line": self.line,
                "status": self.status, "attacks_left": self.attacks_left,
                "support": [list(x) for x in self.support]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stack:
        s = cls(data["label"], [Fighter.from_json(c) for c in data["cards"]], data["line"])
        s.status, s.attacks_left = data["status"], data["attacks_left"]
        s.support = [(int(a), str(b), str(c)) for a, b, c in data["support"]]
        return s


class Side:
    """The aggressor or the defender: the seat that decides for it (for a Guard Stack, the
    player the excerpt names), its stacks, its Town card's state, and its dead cards."""

    __slots__ = ("player", "stacks", "town", "town_defense", "guard", "fallen")

    def __init__(self, player: int, stacks: list[Stack], town: str = "", guard: bool = False) -> None:
        self.player = player
        self.stacks = stacks  # destroyed stacks stay (empty) so that labels keep their meaning
        self.town = town  # "" (no town), "intact", "breached" or "sacked"
        self.town_defense = TOWN_DEFENSE
        self.guard = guard
        self.fallen: list[Fighter] = []

    def alive(self) -> list[Stack]:
        return [s for s in self.stacks if s.cards]

    def clone(self) -> Side:
        s = Side.__new__(Side)
        s.player, s.town, s.town_defense, s.guard = self.player, self.town, self.town_defense, self.guard
        s.stacks = [x.clone() for x in self.stacks]
        s.fallen = self.fallen[:]
        return s

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "stacks": [s.to_json() for s in self.stacks], "town": self.town,
                "town_defense": self.town_defense, "guard": self.guard, "fallen": [f.to_json() for f in self.fallen]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Side:
        s = cls(data["player"], [Stack.from_json(x) for x in data["stacks"]], data["town"], data["guard"])
        s.town_defense = int(data["town_defense"])
        s.fallen = [Fighter.from_json(f) for f in data["fallen"]]
        return s


class Battle:
    """One battle. ``step`` says what is being asked:

    - ``setup``: the ``acting`` side's player sets up its stacks (Tactical Setup), one stack of
      the default set-up at a time (``plan_at``), into ``plan`` (line, cards from the top down);
    - ``attack``: the ``acting`` side's stacks of the current ``phase`` act, one at a time: with
      several ready, its player first chooses which (``chosen``), then what it does;
    - ``shield``: the other side answers a declared attack (``pending``) with a Protecting stack;
    - ``advance``: side ``advancing`` must move a stack up to its Melee Line;
    - ``round-end``: side ``acting`` may withdraw or surrender (aggressor first);
    - ``over``: ``winner`` (0 aggressor, 1 defender) and ``ending`` say how it ended.
    """

    __slots__ = ("sides", "round", "phase", "acting", "step", "advancing", "pending", "morale_number",
                 "morale", "luck", "distance_penalty", "max_rounds", "rng", "winner", "ending", "cached",
                 "plan", "plan_at", "plan_labels", "chosen")

    def __init__(self, sides: tuple[Side, Side], rng: Rng) -> None:
        self.sides = sides
        self.round = 1
        self.phase = 1
        self.acting = 0
        self.step = "attack"
        self.advancing = -1
        # the attack waiting for the shield answer: attacker label, then (target label, cards)
        self.pending: tuple[str, tuple[tuple[str, int], ...]] | None = None
        self.morale_number = 0
        self.morale = False
        self.luck = False
        self.distance_penalty = True
        self.max_rounds = 12
        self.rng = rng
        self.winner = -1
        self.ending = ""
        self.cached: Any = None
        self.plan: list[tuple[str, list[Fighter]]] = []  # the Tactical Setup decided so far
        self.plan_at = 0  # the default stack to decide next
        self.plan_labels: list[str] = []  # the label each stack of the plan keeps in the battle
        self.chosen = ""  # the stack chosen to act now ("": none chosen yet)

    def clone(self) -> Battle:
        b = Battle.__new__(Battle)
        b.sides = (self.sides[0].clone(), self.sides[1].clone())
        b.round, b.phase, b.acting, b.step = self.round, self.phase, self.acting, self.step
        b.advancing, b.pending, b.morale_number = self.advancing, self.pending, self.morale_number
        b.morale, b.luck, b.distance_penalty = self.morale, self.luck, self.distance_penalty
        b.max_rounds, b.rng = self.max_rounds, self.rng.copy()
        b.winner, b.ending = self.winner, self.ending
        b.cached = self.cached  # decisions are read-only; any change clears it
        b.plan = [(line, cards[:]) for line, cards in self.plan]
        b.plan_at, b.plan_labels, b.chosen = self.plan_at, self.plan_labels[:], self.chosen
        return b

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": [s.to_json() for s in self.sides], "round": self.round, "phase": self.phase,
            "acting": self.acting, "step": self.step, "advancing": self.advancing,
            "pending": None if self.pending is None else [self.pending[0], [list(t) for t in self.pending[1]]],
            "morale_number": self.morale_number, "morale": self.morale, "luck": self.luck,
            "distance_penalty": self.distance_penalty, "max_rounds": self.max_rounds,
            "rng": self.rng.to_json(), "winner": self.winner, "ending": self.ending,
            "plan": [[line, [c.to_json() for c in cards]] for line, cards in self.plan], "plan_at": self.plan_at,
            "plan_labels": list(self.plan_labels), "chosen": self.chosen,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Battle:
        b = cls((Side.from_json(data["sides"][0]), Side.from_json(data["sides"][1])), Rng.from_json(data["rng"]))
        for key in ("round", "phase", "acting", "step", "advancing", "morale_number", "morale", "luck",
                    "distance_penalty", "max_rounds", "winner", "ending"):
            setattr(b, key, data[key])
        b.plan = [(str(line), [Fighter.from_json(c) for c in cards]) for line, cards in data.get("plan", [])]
        b.plan_at = int(data.get("plan_at", 0))
        b.plan_labels = [str(x) for x in data.get("plan_labels", [])]
        b.chosen = str(data.get("chosen", ""))
        p = data["pending"]
        b.pending = None if p is None else (p[0], tuple((str(t), int(n)) for t, n in p[1]))
        return b

    def stack(self, label: str) -> Stack | None:
        """The stack named ``label`` (``a2``, ``d1``), or None."""
        # a label a player types: a side letter and at most 4 ASCII digits (a huge number is no stack)
        if not 2 <= len(label) <= 5 or label[0] not in SIDE_LETTERS or not label[1:].isascii() \
                or not label[1:].isdigit():
            return None
        stacks = self.sides[SIDE_LETTERS.index(label[0])].stacks
        i = int(label[1:]) - 1
        return stacks[i] if 0 <= i < len(stacks) else None


def side_of(label: str) -> int:
    return SIDE_LETTERS.index(label[0])
