"""The state of a game around the map (stage 2): plain slotted data, cheap to clone, JSON.

Long: the whole state of a game is here, every field beside its clone and its JSON, so that a
field added is added in one place (and the hidden-information tests list each field's fate from
these three classes).

The map (placed tiles, tokens on spaces face up or down, Shields, conquered and burned sites,
maze paths), the enemy token piles and discards per colour, the ruins pile, day and night, the
round, the Source, and per player the hero's position and possessions with the Deed cards as
real lists (deck, hand, play area, discard pile, thrown away; Wounds are "wound" cards). Card
rewards are recorded as pending rewards until the offers take them. ``MKState``, the state the
engine holds, wraps it with the decision layer's part: the heroes, the card play being put
together and the engine's counters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ...engine import Decision, Rng
from .combat.state import Combat
from .map.hexes import Grid, Hex, tile_hexes

if TYPE_CHECKING:
    from .pvp.state import PvPCombat

BASIC = ("red", "blue", "green", "white")
TOKEN_COLOURS = ("red", "blue", "green", "white", "gold", "black")
REPUTATION_MIN, REPUTATION_MAX = -7, 7  # -7 is the X space: no interaction


def _key(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


def _unkey(s: str) -> tuple[int, int]:
    q, r = s.split(",")
    return (int(q), int(r))


class Token:
    """An enemy or ruins token on a space, face up or down."""

    __slots__ = ("id", "face_up")

    def __init__(self, token_id: str, face_up: bool) -> None:
        self.id = token_id
        self.face_up = face_up

    def clone(self) -> Token:
        return Token(self.id, self.face_up)

    def to_json(self) -> list[Any]:
        return [self.id, self.face_up]


class PlayerState:
    """One hero. ``units`` are [unit id, wounds, spent]; ``pending`` the card rewards to take at
    the end of the turn ("spell", "artifact", "advanced-action", "unit")."""

    __slots__ = (
        "position", "fame", "reputation", "crystals", "mana", "units", "command", "shields", "keeps",
        "armor", "hand_limit", "deck", "hand", "play_area", "discard", "thrown", "move_points", "influence_points",
        "plundered_since_my_turn", "pending", "path", "acted", "moving_done", "conquered_mazes",
        "healing", "provoked", "interacting", "came_from", "level", "turn_start", "rested", "must_play", "tactic",
        "skills", "skills_used", "move_bonus", "terrain_less", "forfeited", "skill_pile", "tactics_taken",
        "lasting", "banners", "bonded",
        "move_left", "chaos", "puppets", "deck_top_seen", "shown", "deck_top_own", "deck_bottom_seen",
        "draw_waits", "round_hand_bonus",
    )

    def __init__(self, position: Hex = (0, 0)) -> None:
        self.position = position
        self.fame = 0
        self.reputation = 0
        self.crystals = dict.fromkeys(BASIC, 0)
        self.mana = dict.fromkeys(TOKEN_COLOURS, 0)  # mana tokens in the play area
        self.units: list[list[Any]] = []
        self.command = 1  # Command tokens
        self.shields = 0  # Shield tokens placed on the map
        self.keeps: list[Hex] = []
        self.armor = 2
        self.hand_limit = 5
        # the Deed cards (ids; "wound" is a Wound card): the deck's top is its end
        self.deck: list[str] = []
        self.hand: list[str] = []
        self.play_area: list[str] = []  # cards played this turn
        self.discard: list[str] = []
        self.thrown: list[str] = []  # thrown away: out of the game
        self.move_points = 0
        self.influence_points = 0
        self.plundered_since_my_turn = False
        self.pending: list[str] = []
        self.path: list[Hex] = []  # spaces entered this turn (for Forced Withdrawal)
        self.acted = False  # the turn's action is taken: no more moving
        self.moving_done = False  # movement ended (assault, provoking)
        self.conquered_mazes: list[Hex] = []  # mazes and labyrinths this player conquered a path of
        self.healing = 0  # Healing points bought this turn
        self.provoked: list[Hex] = []  # rampaging enemies provoked by the last step
        self.interacting = False  # the Reputation modifier was applied to this turn's Influence
        self.came_from: Hex | None = None  # the space of the last step (walls in an assault)
        self.level = 1
        self.turn_start: Hex = position  # where the turn began (Forced Withdrawal)
        self.rested = False
        self.must_play = False  # the turn must play or discard a card (facts 5.4)
        self.tactic = ""  # the Tactic card taken this round
        self.skills: list[str] = []
        self.skills_used: list[str] = []  # skill tokens face down (used this turn or round)
        self.move_bonus = 0  # Tirelessness: +1 Move on the next card (1) or every other card (2)
        self.terrain_less = 0  # Path Finding: Move costs this much less this turn (never below 2)
        self.forfeited = False  # this turn was forfeited (announcing the End of the Round)
        # the end of the turn has its rewards and level-ups to take (facts 5.7 step 5) before step 6,
        # discarding and drawing (rounds/turn.py)
        self.draw_waits = False
        # facts 5.2 step 5: the "next time you draw" Hand limit bonus earned on the last turn of the
        # round, for the new round's draw
        self.round_hand_bonus = 0
        self.skill_pile: list[str] = []  # the hero's face-down skill tokens, top last
        self.tactics_taken: list[str] = []  # the Tactic of each round so far (public: the balance report)
        # what lasts the rest of the turn, (kind, detail, N) each (``has``, ``add``, ``remove``,
        # ``details`` below): a card's change (terrain costs, movement.TERRAIN_LASTING; the end-of-turn
        # and combat effects of cards/end_of_turn_cards.py, cards/combat_cards.py) or a mark, (word, "", 0) or (prefix, detail, 0):
        # ("healed", "", 0), ("ring:", "red", 0) (a Ring's strong effect), ("cast:", "red", 0)...
        self.lasting: tuple[tuple[str, str, int], ...] = ()
        # Banners under Units (facts 3.3): Unit label -> Banner card, ":flipped" once used this round
        self.banners: dict[str, str] = {}
        self.bonded = ""  # the label of the Unit under Bonds of Loyalty (facts 3.5), "" when none
        self.move_left = 0  # Move points left after the hero's last step (MAZE: they pay no path)
        self.chaos = ""  # Master of Chaos (facts 3.5): the colour its token points at ("": gold, never turned)
        self.puppets: tuple[str, ...] = ()  # Puppet Master (facts 3.5): the defeated enemy tokens kept, face up
        # the cards on top of the Deed deck that every player saw go there (a reward, Steady Tempo):
        # the deck's last ``deck_top_seen`` cards; public (knowledge/seen.py)
        self.deck_top_seen = 0
        # the cards of the hand every player has seen there (a hand shown to Mind Read, a card kept
        # by Mind Steal, a card seen on top of the deck drawn); public; a tuple (knowledge/seen.py)
        self.shown: tuple[str, ...] = ()
        # the cards on top of the Deed deck its owner knows (those seen by all, and those bought blind
        # or put back unseen by the others); the cards at its bottom everyone saw go there (knowledge/seen.py)
        self.deck_top_own = 0
        self.deck_bottom_seen = 0

    def clone(self) -> PlayerState:
        p = PlayerState.__new__(PlayerState)
        _copy_player_scalars(self, p)
        p.crystals, p.mana = dict(self.crystals), dict(self.mana)
        p.units = [u[:] for u in self.units]
        p.keeps, p.pending, p.path = self.keeps[:], self.pending[:], self.path[:]
        p.deck, p.hand, p.play_area = self.deck[:], self.hand[:], self.play_area[:]
        p.discard, p.thrown = self.discard[:], self.thrown[:]
        p.skills, p.skills_used, p.skill_pile = self.skills[:], self.skills_used[:], self.skill_pile[:]
        p.tactics_taken, p.banners = self.tactics_taken[:], dict(self.banners)
        p.conquered_mazes, p.provoked = self.conquered_mazes[:], self.provoked[:]
        return p

    def to_json(self, hidden: tuple[str, ...] = ()) -> dict[str, Any]:
        """The slots as JSON data, but ``hidden`` (views leave the cards out: none of the slots
        turned into lists below)."""
        keys, read = _slot_reader(hidden)
        data = dict(zip(keys, read(self), strict=True))
        data["position"] = list(self.position)
        data["keeps"] = [list(h) for h in self.keeps]
        data["path"] = [list(h) for h in self.path]
        data["conquered_mazes"] = [list(h) for h in self.conquered_mazes]
        data["provoked"] = [list(h) for h in self.provoked]
        data["came_from"] = list(self.came_from) if self.came_from else None
        data["turn_start"] = list(self.turn_start)
        data["lasting"] = [list(x) for x in self.lasting if not is_mark(x[0])]
        data["this_turn"] = marks(self)  # the marks, shown apart as before
        data["puppets"] = list(self.puppets)
        data["shown"] = list(self.shown)
        return data


@cache
def _slot_reader(hidden: tuple[str, ...]) -> tuple[tuple[str, ...], Callable[[PlayerState], tuple[Any, ...]]]:
    """The slots but ``hidden``, in their order, and a reader of their values (one call for all)."""
    keys = tuple(k for k in PlayerState.__slots__ if k not in hidden)
    return keys, attrgetter(*keys)


# the slots that clone() copies by reference (immutable values); the containers are copied apart
_PLAYER_CONTAINERS = {"banners", "skills", "skills_used", "skill_pile", "tactics_taken", "crystals", "mana", "units", "keeps", "pending", "path", "deck", "hand", "play_area", "discard",
                      "thrown", "conquered_mazes", "provoked"}
_PLAYER_SCALARS = tuple(k for k in PlayerState.__slots__ if k not in _PLAYER_CONTAINERS)


def _slot_copier(names: tuple[str, ...]) -> Callable[[Any, Any], None]:
    """A function doing ``b.name = a.name`` for each of ``names``, written out as plain
    assignments, which copy a hero in half the time of a loop of setattr calls (a legal action
    is found by trying it on a copy of the state: copies are the search's hot path). Built
    from the slots, so a new slot is never forgotten."""
    source = "def copy(a, b):\n" + "".join(f"    b.{k} = a.{k}\n" for k in names)
    scope: dict[str, Any] = {}
    exec(source, scope)  # only attribute names from __slots__ go in
    return scope["copy"]  # type: ignore[no-any-return]


_copy_player_scalars = _slot_copier(_PLAYER_SCALARS)
_copy_player_slots = _slot_copier(PlayerState.__slots__)  # copy_for_mana: every slot, shared


def labels_of(p: PlayerState) -> list[str]:
    """The words naming the player's Units in actions: ``peasants-1``, ``peasants-2``... in the
    order recruited (``offers.unit_labels``)."""
    return unit_words(p.units)


def unit_words(units: Sequence[Sequence[Any]]) -> list[str]:
    """``labels_of`` for Units as a state or a view lists them (each starting with its id)."""
    seen: dict[str, int] = {}
    out = []
    for u in units:
        seen[u[0]] = seen.get(u[0], 0) + 1
        out.append(f"{u[0]}-{seen[u[0]]}")
    return out


def remove_unit(p: PlayerState, index: int) -> list[Any]:
    """A Unit leaves (disbanded, destroyed): its Banner goes to the discard pile (facts 3.3); the
    Banners of the other Units stay with them, whose labels may shift. Returns its entry."""
    before = labels_of(p)
    banners = {before.index(label): banner for label, banner in p.banners.items()}
    gone = banners.pop(index, "")
    if gone:
        p.discard.append(banner_card(p, gone))
    bonded = before.index(p.bonded) if p.bonded else -1  # Bonds of Loyalty's Unit: its label may shift too
    entry = p.units.pop(index)
    after = labels_of(p)
    p.banners = {after[i - (i > index)]: banner for i, banner in banners.items()}
    p.bonded = "" if bonded in (-1, index) else after[bonded - (bonded > index)]
    return entry


COMMAND_BANNER = "banner-of-command"
BOX = "box:"  # a mark + an Artifact: the Artifact the Mysterious Box revealed this turn
BOX_USED = "box-used"
# a mark + a Banner: the Mysterious Box lies under a Unit as that Banner this turn
BOX_BANNER = "box-banner:"

# The marks of PlayerState.lasting: words with no detail, and prefixes whose entry's detail
# completes them ((BOX, artifact, 0)); every other kind is a card's change with its N.
MARK_WORDS = frozenset({
    "wounded", "healed", "cure", "golden-grail", "mist-form", "space-bending", "throw-away-wounds", "amulet:sun",
    "amulet:darkness", "harvested", "time-bent", "cursed", "on-her-own", "recruited", "disguised", BOX_USED,
    COMMAND_BANNER})
INVOKED = "invoked:"  # an Invocation token not spent yet, by its colour (mana.token_spent)
MARK_PREFIXES = frozenset({"cast:", "ring:", BOX, BOX_BANNER, "spent:", "defeated:", "scouted:", INVOKED})


def is_mark(kind: str) -> bool:
    """Whether an entry of ``PlayerState.lasting`` of this kind is a mark (no N)."""
    return kind in MARK_WORDS or kind in MARK_PREFIXES


def has(p: PlayerState, kind: str, detail: str | None = None) -> bool:
    """Whether something of ``kind`` (with that ``detail``, if given) lasts the rest of the turn."""
    return any(x[0] == kind and (detail is None or x[1] == detail) for x in p.lasting)


def count(p: PlayerState, kind: str, detail: str | None = None) -> int:
    """How many entries of ``kind`` (with that ``detail``, if given) last the rest of the turn."""
    return sum(1 for x in p.lasting if x[0] == kind and (detail is None or x[1] == detail))


def details(p: PlayerState, kind: str) -> list[str]:
    """The details of the entries of ``kind``, in the order they were added."""
    return [x[1] for x in p.lasting if x[0] == kind]


def add(p: PlayerState, kind: str, detail: str = "", n: int = 0, times: int = 1) -> None:
    """Something of ``kind`` lasts the rest of the turn (``times`` entries: a mark per Wound)."""
    if times > 0:
        p.lasting = (*p.lasting, *((kind, detail, n),) * times)


def remove(p: PlayerState, kind: str, detail: str | None = None) -> None:
    """The first entry of ``kind`` (with that ``detail``, if given) lasts no more."""
    i = next(i for i, x in enumerate(p.lasting) if x[0] == kind and (detail is None or x[1] == detail))
    p.lasting = (*p.lasting[:i], *p.lasting[i + 1:])


def mark_entry(word: str) -> tuple[str, str, int]:
    """The entry of a mark written as one word ("cast:red" -> ("cast:", "red", 0))."""
    prefix = next((x for x in MARK_PREFIXES if word.startswith(x)), "")
    return (prefix, word[len(prefix):], 0) if prefix else (word, "", 0)


def marks(p: PlayerState) -> list[str]:
    """The marks as words ("healed", "ring:red"), in the order they were made."""
    return [x[0] + x[1] for x in p.lasting if is_mark(x[0])]


def clear_marks(p: PlayerState) -> None:
    """The marks end (the start of the player's turn: Wounds received on another's turn are not
    this turn's); the cards' changes stay."""
    p.lasting = tuple(x for x in p.lasting if not is_mark(x[0]))


def command_tokens_used(p: PlayerState) -> int:
    """The Command tokens the Units hold: one each, but a Unit with the Banner of Command under
    it holds the Banner in place of a token (facts 3.3)."""
    return len(p.units) - sum(1 for b in p.banners.values() if b.partition(":")[0] == COMMAND_BANNER)


def _box_as_command(p: PlayerState) -> bool:
    """Whether the Mysterious Box, played this turn as the Banner of Command it revealed, waits in
    the play area (facts 3.3)."""
    return "mysterious-box" in p.play_area and has(p, BOX_USED) and has(p, BOX, COMMAND_BANNER) \
        and not has(p, BOX_BANNER, COMMAND_BANNER)


def banner_of_command_waiting(p: PlayerState) -> bool:
    """Whether the Banner of Command played this turn (or the Mysterious Box played as it) waits
    to take a Command token's place for a Unit recruited this turn (``sites.recruit``)."""
    return has(p, COMMAND_BANNER) and (COMMAND_BANNER in p.play_area or _box_as_command(p))


def attach_banner_of_command(p: PlayerState) -> str:
    """The Unit just recruited (the last) takes the waiting Banner of Command (the card itself
    first, else the Mysterious Box used as it) in place of a Command token; returns its label."""
    label = labels_of(p)[-1]
    if COMMAND_BANNER in p.play_area:
        p.play_area.remove(COMMAND_BANNER)
    else:
        p.play_area.remove("mysterious-box")
        add(p, BOX_BANNER, COMMAND_BANNER)
    remove(p, COMMAND_BANNER)
    p.banners[label] = COMMAND_BANNER
    return label


def banner_card(p: PlayerState, banner: str) -> str:
    """The card under a Unit whose entry of ``PlayerState.banners`` is ``banner``: the Banner, or
    the Mysterious Box used as it this turn (facts 3.3)."""
    card = banner.partition(":")[0]
    return "mysterious-box" if p.lasting and has(p, BOX_BANNER, card) else card


def box_artifact(p: PlayerState) -> str:
    """The Artifact the Mysterious Box revealed this turn, while the Box can still be used as it
    (facts 3.3), or ""."""
    if has(p, BOX_USED):
        return ""
    return next(iter(details(p, BOX)), "")


def this_turn(s: GameState, word: str) -> bool:
    """Whether a card played by the current player gives the mark ``word`` for the rest of the turn."""
    return has(s.players[s.current], word)


DUMMY = 9  # the Dummy player's place in the Round Order (never a seat: seats are 0-3)


class DummyState:
    """The Dummy player of a solo game (facts 5.8): a hero, its Deed deck (top last) and
    discard pile, its crystals (no limit) and its Tactic this round."""

    __slots__ = ("hero", "deck", "discard", "crystals", "tactic", "skill_pile")

    def __init__(self, hero: str) -> None:
        self.hero = hero
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.crystals = dict.fromkeys(BASIC, 0)
        self.tactic = ""
        self.skill_pile: list[str] = []  # its skill tokens, face down, top last

    def clone(self) -> DummyState:
        d = DummyState(self.hero)
        d.deck, d.discard, d.crystals, d.tactic = self.deck[:], self.discard[:], dict(self.crystals), self.tactic
        d.skill_pile = self.skill_pile[:]
        return d

    def to_json(self) -> dict[str, Any]:
        return {"hero": self.hero, "deck": self.deck, "discard": self.discard, "crystals": self.crystals,
                "tactic": self.tactic, "skill_pile": self.skill_pile}


class GameState:
    """The map and everything on it. Spaces are axial hexes; ``spaces`` maps each placed space
    to (tile id, index of the space in the tile: 0 = centre)."""

    __slots__ = (
        "shape", "tiles", "spaces", "tile_deck", "spare_tiles", "enemies", "ruins", "shields", "conquered",
        "burned", "maze_paths", "enemy_piles", "enemy_discards", "ruins_pile", "ruins_discard", "night", "round",
        "players", "current", "unit_offer_aa", "aa_deck", "city_level", "combat", "combat_site", "rng",
        "source", "source_used", "source_kept", "dice_allowed", "announced_by", "final_turns", "round_over", "black_as_any",
        "round_order", "tactics", "unit_offer", "aa_offer", "spell_offer", "spell_deck", "artifact_deck",
        "regular_units", "elite_units", "common_skills", "scenario", "cities_closed", "end_triggered", "last_turns",
        "scores", "dummy", "removed_tactics", "city_levels", "tile_order_known", "pvp", "pvp_face_down",
        "mana_steal", "hand_bonus", "recruited", "extra_turn", "spared", "sideways_bonus", "polarized",
        "heal_points", "mana_claims", "centre", "asked", "scouted", "blind", "pile_tops", "deck_bottoms", "night_spaces",
        "meditation_taken",
    )

    def __init__(self, shape: str = "wedge", players: int = 1, seed: int = 0) -> None:
        self.shape = shape
        self.tiles: dict[Grid, str] = {}
        self.spaces: dict[Hex, tuple[str, int]] = {}
        self.tile_deck: list[str] = []  # top first
        self.spare_tiles: list[str] = []  # tiles outside the deck (the empty-deck fallback)
        self.enemies: dict[Hex, list[Token]] = {}  # enemy tokens on spaces
        self.ruins: dict[Hex, Token] = {}  # the yellow token of each ancient ruins
        self.shields: dict[Hex, list[int]] = {}  # players' Shields on a space, in the order placed
        self.conquered: set[Hex] = set()
        self.burned: set[Hex] = set()  # destroyed monasteries
        self.maze_paths: dict[Hex, dict[int, int]] = {}  # maze/labyrinth: path cost -> player
        self.enemy_piles: dict[str, list[str]] = {}  # face-down piles, top last
        self.enemy_discards: dict[str, list[str]] = {}
        self.ruins_pile: list[str] = []
        self.ruins_discard: list[str] = []
        self.night = False
        self.round = 1
        self.players = [PlayerState() for _ in range(players)]
        self.current = 0
        self.unit_offer_aa: list[str] = []  # Advanced Actions lying in the Unit offer (monasteries)
        self.aa_deck: list[str] = []  # the Advanced Actions deck, top last
        self.city_level = 1
        self.combat: Combat | None = None
        self.combat_site: dict[str, Any] = {}  # what the combat is for: kind, space, path...
        self.rng = Rng(seed)
        self.source: list[str] = []  # the faces of the Source's mana dice
        self.source_used: list[int] = []  # dice taken this turn (re-rolled at its end)
        self.source_kept: list[int] = []  # taken dice returned without a re-roll (Mana Draw)
        self.dice_allowed = 1  # Source dice the current player may use this turn
        self.black_as_any = False  # Mana Pull: a black die this turn may be used as any colour
        self.announced_by = -1  # the player who announced the End of the Round
        self.final_turns: list[int] = []  # players still to take their last turn of the round
        self.round_over = False
        self.round_order: list[int] = list(range(players))
        self.tactics: list[str] = []  # Tactic cards still to be taken this round
        # the offers (first = the top slot, the newest) and the decks behind them (top last)
        self.unit_offer: list[str] = []
        self.aa_offer: list[str] = []
        self.spell_offer: list[str] = []
        self.spell_deck: list[str] = []
        self.artifact_deck: list[str] = []
        self.regular_units: list[str] = []
        self.elite_units: list[str] = []
        self.common_skills: list[str] = []  # the Common Skill offer
        self.scenario = ""  # the scenario's name (facts 5.8)
        self.cities_closed = False  # cities can be neither entered nor conquered (First Reconnaissance)
        self.end_triggered = False  # the scenario's end is triggered: last turns
        # tuples, replaced and never changed in place: a clone shares them
        self.last_turns: tuple[int, ...] = ()  # players still to take their last turn of the game
        self.scores: tuple[dict[str, int], ...] = ()  # the final scoring, per player (set once, at the end)
        self.dummy: DummyState | None = None  # the Dummy player (Solo Conquest)
        self.removed_tactics: tuple[str, ...] = ()  # Tactic cards out of the game (Solo Conquest)
        self.city_levels: tuple[int, ...] = ()  # the levels of the cities still to be revealed, in order
        self.tile_order_known = False  # the countryside tiles lie in numerical order (First Reconnaissance)
        self.pvp: PvPCombat | None = None  # a combat between two heroes (pvp/combat.py)
        self.pvp_face_down: list[int] = []  # defenders who took part fully: round-order token face down
        # Mana Steal: (the player, the Source die on the card) until used or the round ends; a tuple
        self.mana_steal: tuple[int, ...] = ()
        # the current turn's (kept here, not per hero: a hero's copy is the search's hot path)
        self.hand_bonus = 0  # `hand-limit` effects: the Hand limit is this much higher at the next draw
        self.recruited = 0  # Units recruited this turn (`+N/unit-recruited`)
        self.extra_turn = False  # The Right Moment: the current player takes another turn after this one
        self.sideways_bonus = ""  # a skill's bonus for the next card played sideways (skills/bonuses.py)
        self.polarized = False  # Polarization: the next mana paid may be of the opposite colour (cards/mana.py)
        self.heal_points = 0  # Heal points left after the Wounds in hand: for Wounded Units (heal-unit)
        # Mana Claim: (player, die index, 1 a token on each later turn / 0, 1 Mana Curse / 0) till the round's end
        self.mana_claims: tuple[tuple[int, int, int, int], ...] = ()
        # interactive skills in the centre of the table (facts 3.5), (skill id, owner, detail: the
        # colour chosen, marks...), until the start of the owner's next turn (skills/interactive.py); public
        self.centre: tuple[tuple[str, int, str], ...] = ()
        # questions to other players in the middle of a turn (rounds/answers.py), in order: (the player
        # asked, what: "mind-read" / "mind-steal", detail: the colour, the cards discarded); public
        self.asked: tuple[tuple[int, str, str], ...] = ()
        # face-down enemy tokens a player has looked at (the Scouts): (player, "q,r", token id) while
        # that token lies there face down; the token is the player's knowledge alone (knowledge/views.py)
        self.scouted: tuple[tuple[int, str, str], ...] = ()
        # cards a player gained blind (a green city's top Advanced Action): (player, card) while the
        # card is in their hand or Deed deck, unseen by the others (knowledge/views.py)
        self.blind: tuple[tuple[int, str], ...] = ()
        # enemy piles whose top (the last token) is fixed, since a player's Scouts looked at it: the
        # next token drawn from that pile (knowledge/views.py resamples it for those who have not looked)
        self.pile_tops: tuple[str, ...] = ()
        # per player, the Deed cards face down under their Sparing Power card (hidden); tuples
        self.spared: tuple[tuple[str, ...], ...] = tuple(() for _ in range(players))
        # per offer deck (knowledge.OFFER_DECKS), how many cards at its bottom every player saw go
        # there (facts 5.2: the old Units, the lowest Advanced Action and Spell); public; a tuple
        self.deck_bottoms: tuple[int, ...] = (0, 0, 0, 0, 0)
        # the placed spaces of a Necropolis or Graveyard (Eternal Night: Night rules by Day for a
        # hero there, mana.night_rules), from the tiles' content when placed; public; a tuple
        self.night_spaces: tuple[Hex, ...] = ()
        # the cards a basic Meditation being played took at random from the discard pile (facts
        # 3.2), drawn as its first ``deck`` step shows them and kept until it runs; public
        self.meditation_taken: tuple[str, ...] = ()

    def clone(self) -> GameState:
        g = GameState.__new__(GameState)
        g.shape, g.tiles, g.spaces = self.shape, dict(self.tiles), dict(self.spaces)
        g.tile_deck, g.spare_tiles = self.tile_deck[:], self.spare_tiles[:]
        g.enemies = {h: [t.clone() for t in ts] for h, ts in self.enemies.items()}
        g.ruins = {h: t.clone() for h, t in self.ruins.items()}
        g.shields = {h: s[:] for h, s in self.shields.items()}
        g.conquered, g.burned = set(self.conquered), set(self.burned)
        g.maze_paths = {h: dict(p) for h, p in self.maze_paths.items()}
        g.enemy_piles = {c: p[:] for c, p in self.enemy_piles.items()}
        g.enemy_discards = {c: p[:] for c, p in self.enemy_discards.items()}
        g.ruins_pile, g.ruins_discard = self.ruins_pile[:], self.ruins_discard[:]
        g.night, g.round, g.current, g.city_level = self.night, self.round, self.current, self.city_level
        g.players = [p.clone() for p in self.players]
        g.unit_offer_aa, g.aa_deck = self.unit_offer_aa[:], self.aa_deck[:]
        g.combat = self.combat.clone() if self.combat else None
        g.combat_site = dict(self.combat_site)
        g.rng = self.rng.copy()
        g.source, g.source_used, g.source_kept = self.source[:], self.source_used[:], self.source_kept[:]
        g.dice_allowed, g.announced_by, g.round_over = self.dice_allowed, self.announced_by, self.round_over
        g.black_as_any = self.black_as_any
        g.final_turns, g.round_order, g.tactics = self.final_turns[:], self.round_order[:], self.tactics[:]
        g.unit_offer, g.aa_offer, g.spell_offer = self.unit_offer[:], self.aa_offer[:], self.spell_offer[:]
        g.spell_deck, g.artifact_deck = self.spell_deck[:], self.artifact_deck[:]
        g.regular_units, g.elite_units = self.regular_units[:], self.elite_units[:]
        g.common_skills = self.common_skills[:]
        g.scenario, g.cities_closed, g.end_triggered, g.last_turns, g.scores = (
            self.scenario, self.cities_closed, self.end_triggered, self.last_turns, self.scores)
        g.dummy = self.dummy.clone() if self.dummy else None
        g.removed_tactics, g.city_levels, g.tile_order_known = self.removed_tactics, self.city_levels, self.tile_order_known
        g.pvp = self.pvp.clone() if self.pvp else None
        g.pvp_face_down, g.mana_steal = self.pvp_face_down[:], self.mana_steal
        g.hand_bonus, g.recruited, g.extra_turn, g.spared = self.hand_bonus, self.recruited, self.extra_turn, self.spared
        g.sideways_bonus, g.polarized, g.heal_points = self.sideways_bonus, self.polarized, self.heal_points
        g.mana_claims = self.mana_claims
        g.centre, g.asked, g.scouted, g.blind = self.centre, self.asked, self.scouted, self.blind
        g.pile_tops, g.deck_bottoms, g.night_spaces = self.pile_tops, self.deck_bottoms, self.night_spaces
        g.meditation_taken = self.meditation_taken
        return g

    def copy_for_mana(self, player: int) -> GameState:
        """A copy on which a mana payment of ``player`` is tried (``cards/mana.payable``): the hero
        and the Source's dice lists copied, every other part shared (a payment changes only those
        and plain fields of the state)."""
        g = GameState.__new__(GameState)
        _copy_state_slots(self, g)
        g.players = self.players[:]
        hero = self.players[player]
        if self.mana_claims or self.centre:  # a Mana Curse's or Mana Exploit's Wound may come: the whole hero
            g.players[player] = hero.clone()
        else:  # a payment spends crystals or tokens and marks ``lasting`` (a new tuple): those dicts copied
            q = PlayerState.__new__(PlayerState)
            _copy_player_slots(hero, q)
            q.crystals, q.mana = dict(hero.crystals), dict(hero.mana)
            g.players[player] = q
        g.source, g.source_used, g.source_kept = self.source[:], self.source_used[:], self.source_kept[:]
        return g

    def take_over(self, other: GameState) -> None:
        """Become ``other`` (a copy on which a rule succeeded): refused rules leave the state as it was."""
        _copy_state_slots(other, self)

    def to_json(self) -> dict[str, Any]:
        return {
            "shape": self.shape,
            "tiles": {_key(g): t for g, t in self.tiles.items()},
            "tile_deck": self.tile_deck, "spare_tiles": self.spare_tiles,
            "enemies": {_key(h): [t.to_json() for t in ts] for h, ts in self.enemies.items()},
            "ruins": {_key(h): t.to_json() for h, t in self.ruins.items()},
            "shields": {_key(h): s for h, s in self.shields.items()},
            "conquered": sorted(_key(h) for h in self.conquered),
            "burned": sorted(_key(h) for h in self.burned),
            "maze_paths": {_key(h): {str(k): v for k, v in p.items()} for h, p in self.maze_paths.items()},
            "enemy_piles": self.enemy_piles, "enemy_discards": self.enemy_discards,
            "ruins_pile": self.ruins_pile, "ruins_discard": self.ruins_discard,
            "night": self.night, "round": self.round, "current": self.current,
            "players": [p.to_json() for p in self.players],
            "unit_offer_aa": self.unit_offer_aa, "aa_deck": self.aa_deck, "city_level": self.city_level,
            "combat": self.combat.to_json() if self.combat else None,
            "combat_site": {k: list(v) if isinstance(v, tuple) else v for k, v in self.combat_site.items()},
            "source": self.source, "source_used": self.source_used, "source_kept": self.source_kept,
            "dice_allowed": self.dice_allowed, "black_as_any": self.black_as_any, "announced_by": self.announced_by, "final_turns": self.final_turns,
            "round_over": self.round_over, "round_order": self.round_order, "tactics": self.tactics,
            "unit_offer": self.unit_offer, "aa_offer": self.aa_offer, "spell_offer": self.spell_offer,
            "spell_deck": self.spell_deck, "artifact_deck": self.artifact_deck,
            "regular_units": self.regular_units, "elite_units": self.elite_units, "common_skills": self.common_skills,
            "scenario": self.scenario, "cities_closed": self.cities_closed, "end_triggered": self.end_triggered,
            "last_turns": list(self.last_turns), "scores": list(self.scores),
            "dummy": self.dummy.to_json() if self.dummy else None, "removed_tactics": list(self.removed_tactics),
            "city_levels": list(self.city_levels), "tile_order_known": self.tile_order_known,
            "pvp": self.pvp.to_json() if self.pvp else None, "pvp_face_down": self.pvp_face_down,
            "mana_steal": list(self.mana_steal), "hand_bonus": self.hand_bonus, "recruited": self.recruited,
            "extra_turn": self.extra_turn, "spared": [list(x) for x in self.spared],
            "sideways_bonus": self.sideways_bonus, "polarized": self.polarized,
            "heal_points": self.heal_points, "mana_claims": [list(x) for x in self.mana_claims],
            "centre": [list(x) for x in self.centre], "asked": [list(x) for x in self.asked],
            "scouted": [list(x) for x in self.scouted], "blind": [list(x) for x in self.blind],
            "pile_tops": list(self.pile_tops), "deck_bottoms": list(self.deck_bottoms),
            "night_spaces": [_key(h) for h in self.night_spaces], "meditation_taken": list(self.meditation_taken),
        }

    def grid_of(self, h: Hex) -> Grid | None:
        """The tile position a placed space belongs to."""
        for g in self.tiles:
            if h in tile_hexes(g):
                return g
        return None


_copy_state_slots = _slot_copier(GameState.__slots__)  # take_over: every slot, written out


class MKState:
    """A game of Mage Knight: the map's ``GameState`` plus the decision layer: the heroes, the
    card play being put together (``play``: [card, how, option, mana...]), and the engine's
    counters."""

    __slots__ = ("g", "heroes", "num_players", "rounds", "turn_begun", "seat", "play", "over", "decisions", "turn",
                 "cached", "answering", "dummy_pending", "play_trials")

    def __init__(self, g: GameState, heroes: list[str], rounds: int) -> None:
        self.g = g
        self.heroes = heroes
        self.num_players = len(heroes)
        self.rounds = rounds
        self.turn_begun = False
        self.seat = -1  # the current turn's place in the Round Order
        self.play: list[Any] = []
        self.over = False
        self.decisions = 0
        self.turn = 0
        self.cached: Decision | None = None
        self.answering: tuple[int, ...] = ()  # the other players still to answer as a turn begins (rounds/answers.py)
        self.dummy_pending = False  # the Dummy player's turn waits for the heroes' answers (answering)
        # the trials of the end's discarding (actions/card_plays.TrialMemo) for the play they were
        # made for (that very list: its steps only appended, the state unchanged meanwhile); not part of the state
        self.play_trials: tuple[list[Any], dict[Any, bool]] | None = None

    @property
    def rng(self) -> Any:
        return self.g.rng

    @rng.setter
    def rng(self, value: Any) -> None:
        self.g.rng = value

    def clone(self) -> MKState:
        m = MKState.__new__(MKState)
        m.g, m.heroes, m.num_players, m.rounds = self.g.clone(), self.heroes, self.num_players, self.rounds
        m.turn_begun, m.seat, m.play, m.over = self.turn_begun, self.seat, self.play[:], self.over
        m.decisions, m.turn, m.cached, m.answering = self.decisions, self.turn, None, self.answering
        m.dummy_pending, m.play_trials = self.dummy_pending, None
        if m.g.combat is not None:
            m.g.combat.cached = None
        return m

    def to_json(self) -> dict[str, Any]:
        return {"game": self.g.to_json(), "heroes": self.heroes, "rounds": self.rounds, "turn_begun": self.turn_begun, "seat": self.seat,
                "play": self.play, "over": self.over, "decisions": self.decisions, "turn": self.turn,
                "answering": list(self.answering), "dummy_pending": self.dummy_pending}


__all__ = ["BASIC", "DUMMY", "DummyState", "GameState", "MKState", "PlayerState", "Token", "_unkey", "labels_of", "remove_unit",
           "this_turn", "INVOKED", "has", "add", "remove", "count", "details", "marks", "clear_marks", "is_mark",
           "mark_entry"]
