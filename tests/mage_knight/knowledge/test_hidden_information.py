"""Mage Knight hidden information (knowledge/views.py, knowledge/seen.py): two states differing only in a hidden
part read the same to the others; what a player has been shown (Units lent by Call to Arms,
Mind Read and Mind Steal, Wounds seen in a hand, cards seen going on top of or under a Deed deck,
the card bought blind in a green city) stays known while it is true and every sample keeps it;
every field of the state is shown or listed as hidden with a reason."""

from __future__ import annotations

import copy
from collections import Counter

from mk_positions import (
    GAME,
    _green_city,
    _lending,
    _mind_read_pair,
    _new_round_with_familiars,
    _rewarded,
    _same_to,
    _scouted_prowlers,
    _set_up,
    _swap,
    do,
    first_turn,
    legal,
    me,
    text,
    them,
    turn,
)

from boardrules.engine import Action, Rng
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game_state import MKState, Token


def test_units_scouts_the_token_looked_at_reads_the_same_to_the_others_views_vectors_and_action_texts() -> None:
    s, far = _scouted_prowlers()
    owner, other = s.g.current, 1 - s.g.current
    where = f"{far[0]},{far[1]}"
    twin = copy.deepcopy(s)  # the same, but another green token lies there, looked at by the owner
    twin.g.enemies[far] = [Token("cursed-hags", False)]
    twin.g.scouted = ((owner, where, "cursed-hags"),)
    twin.cached = None
    assert GAME.view(s, owner) != GAME.view(twin, owner)  # the owner knows which
    assert GAME.view(s, other) == GAME.view(twin, other)
    schema = GAME.observation_schema(2)
    assert schema.vector(GAME.view(s, other)) == schema.vector(GAME.view(twin, other))
    assert schema.vector(GAME.view(s, owner)) != schema.vector(GAME.view(twin, owner))
    for a in GAME.decision(s).actions:  # type: ignore[union-attr]
        assert GAME.action_text(s, a, other) == GAME.action_text(twin, a, other)
    assert GAME.action_text(s, Action.parse("end-turn"), None) == "end-turn"


# ---- Call to Arms (facts 3.2): a Unit of the offer lent to a combat ---------------------------

def test_call_to_arms_the_unit_lent_to_the_combat_is_marked_in_the_view_the_vector_and_the_terminal() -> None:

    s = _lending("prowlers", ["peasants", "herbalists"])
    do(s, "play call-to-arms basic", "recruit peasants", "pay white die-1", "next")
    player = s.g.current
    units = GAME.view(s, 1 - player)["combat"]["units"]
    assert [(u["label"], u["lent"]) for u in units] == [("peasants-1", False), ("peasants-2", True)]
    schema = GAME.observation_schema(2)
    lent = schema.check(GAME.view(s, 1 - player))
    own = GAME.view(s, 1 - player)
    own["combat"]["units"][1]["lent"] = False  # the same two Peasants, both the hero's own
    assert schema.vector(own) != lent
    assert schema.vector(GAME.view(GAME.determinize(s, 1 - player, Rng(3)), 1 - player)) == lent
    assert "peasants-2: Peasants (lent from the Unit offer)" in text(s, 1 - player)


# ---- Mind Read / Mind Steal (facts 3.2, card 111) and the Magic Familiars' upkeep (facts 3.4) ----

def test_mind_read_the_player_asked_reads_the_same_to_the_caster_whatever_else_their_hand_holds() -> None:
    s, twin = _mind_read_pair(["march", "rage", "stamina"], ["swiftness", "promise"], ("stamina", "promise"))
    caster, other = s.g.current, 1 - s.g.current
    play = ("play mind-read basic", "colour green", "pay white die-1")
    events = [do(x, *play) for x in (s, twin)]
    assert events[0] == events[1]
    _same_to(caster, s, twin)  # the question, and its answers as the caster reads them
    assert GAME.apply(s, Action.parse("discard march")) == GAME.apply(twin, Action.parse("discard march"))
    _same_to(caster, s, twin)
    assert them(s).discard == ["march"] and GAME.view(s, caster)["players"][other]["shown"] == []


def test_mind_read_a_hand_without_the_colour_is_shown_to_everyone_in_the_event_and_the_view() -> None:
    """Card 111: "reveals a hand with none": the hand is shown, the event names it, and every
    view and vector holds it as seen until a card may leave it."""
    s, twin = _mind_read_pair(["rage", "stamina"], ["march", "promise"], ("stamina", "promise"))
    caster, other = s.g.current, 1 - s.g.current
    play = ("play mind-read basic", "colour green", "pay white die-1")
    events = do(s, *play)
    shown = next(e for e in events if e.kind == "hand-shown")
    assert shown.player == other and shown.data["hand"] == ["rage", "stamina"] and "Rage, Stamina" in shown.text
    assert GAME.view(s, caster)["players"][other]["shown"] == ["rage", "stamina"]
    schema = GAME.observation_schema(2)
    do(twin, *play)
    assert schema.vector(GAME.view(s, caster)) != schema.vector(GAME.view(twin, caster))  # its hand was seen


def test_magic_familiars_upkeep_reads_the_same_to_the_other_player_whatever_the_owners_hand_holds() -> None:

    s, owner = _new_round_with_familiars({"blue": 1, "white": 2})
    p = s.g.players[owner]
    p.deck = ["rage", "stamina"]  # a hand and deck of the owner, hidden from the other
    s.cached = None
    twin = _swap(s, owner, "march", "rage")
    _same_to(1 - owner, s, twin)
    assert GAME.apply(s, Action.parse("colour blue")) == GAME.apply(twin, Action.parse("colour blue"))
    _same_to(1 - owner, s, twin)


def test_a_card_seen_in_a_hand_is_forgotten_when_one_like_it_is_played_whatever_else_the_hand_holds() -> None:
    """knowledge/seen.py: a March seen in the hand, then a March played: the others cannot tell
    whether it was the one seen, so they forget it, whether or not another March was drawn unseen."""
    s = turn("march march", faces="white red red red")
    player = s.g.current
    me(s).deck = ["rage"]
    me(s).shown = ("march",)
    twin = _swap(s, player, "march", "rage")  # a March seen and a Rage drawn unseen
    do(s, "play march move")
    do(twin, "play march move")
    assert GAME.view(s, 1 - player)["players"][player]["shown"] == []
    _same_to(1 - player, s, twin)


def test_cards_seen_in_a_hand_are_forgotten_when_the_round_shuffles_the_hands_into_the_decks() -> None:
    from boardrules.games.mage_knight.knowledge.seen import forget, watch

    s = turn("march rage", faces="white red red red")
    me(s).shown = ("march", "rage")
    before = watch(s.g)
    me(s).deck += me(s).hand  # the new round: every card back into the deck, a new hand drawn
    me(s).hand = [me(s).deck.pop(0), me(s).deck.pop(0)]
    s.g.round += 1
    forget(s.g, before)
    assert me(s).shown == ()


# ---- every field of the state is shown, read into the vector, or listed here with its reason ----

# fields of the state that are not a key of the view, and why
NOT_IN_VIEW = {
    "GameState": {
        "spaces": "derived: the spaces of the tiles the view shows",
        "night_spaces": "derived: the Necropolis and Graveyard spaces of the tiles the view shows",
        "spare_tiles": "hidden: the tiles not dealt into the Tile deck (how many: spare_tiles_left)",
        "aa_deck": "hidden: its order; its size is decks['advanced-action']",
        "spell_deck": "hidden: its order; its size is decks['spell']",
        "artifact_deck": "hidden: face down; its size is decks['artifact'], the ones drawn artifacts_drawn",
        "regular_units": "hidden: its order; its size is decks['regular-units']",
        "elite_units": "hidden: its order; its size is decks['elite-units']",
        "rng": "hidden: the randomness to come",
        "tile_order_known": "shown by tile_deck, listed only when the scenario fixes the order",
        "spared": "per player: spared_size to all, spared to their owner",
        "scouted": "per player: where to all, which token to the Scouts' owner",
        "blind": "hidden: the card a player bought blind (a green city); unseen_cards leaves it out for the others",
        "pile_tops": "per player: scouted names the pile whose top a player looked at, the token to them only",
    },
    "PlayerState": {
        "skill_pile": "hidden: face down; skill_pile_size and revealed_skills are shown",
        "hand": "hidden from the others: hand_size, unseen_cards and shown (its owner's view: hand)",
        "deck": "hidden from the others: deck_size and unseen_cards (its owner's view: deck, unordered)",
    },
    "MKState": {
        "g": "the GameState (its own fields)",
        "heroes": "per player: hero",
        "num_players": "derived: how many players the view lists",
        "turn_begun": "the engine's step: a turn begun waits for its first decision",
        "seat": "derived: the current seat's place in round_order",
        "decisions": "a counter of the engine",
        "turn": "a counter of the engine",
        "cached": "the current Decision, derived from the state",
        "play_trials": "the legal actions' trials of the play in progress, derived from the state (a cache)",
    },
    "Combat": {"cached": "the current Decision, derived from the state"},
}

# keys of the view that no field of the observation vector reads, and why
NOT_IN_VECTOR = {
    "view": {
        "ruins": "read by the map field (face-up, face-down ruins token per space)",
        "conquered": "read by the map field",
        "burned": "read by the map field",
        "scenario": "its name, fixed per game (the schema serves every scenario of the player count): what it "
                    "sets is read (its rounds in round, the city levels, the cities closed, the end triggered)",
        "scores": "set once, when the game is over",
        "shape": "the map's shape, fixed per scenario (the schema's key names it); the map drawn marks where "
                 "tiles may go by it",
        "spare_tiles_left": "the tiles drawn from once the Tile deck is empty: for the map drawn, whether any "
                            "position may still be explored",
    },
    "player": {
        "keeps": "derived: the Shields on keeps (map field)",
        "tactics_taken": "the Tactic of each round so far, for the balance report; this round's is tactic",
        "deck_top_seen": "derived: how many cards deck_top lists",
        "deck_bottom_seen": "derived: how many cards deck_bottom lists",
    },
}


def _keys_read() -> set[str | int]:
    """Every key a part of the observation schema reads (``at``)."""
    from boardrules.games.mage_knight.research import observation

    read: set[str | int] = set()
    plain = observation.at

    def recording(key: str | int, part):  # type: ignore[no-untyped-def]
        read.add(key)
        return plain(key, part)

    observation.at = recording  # type: ignore[assignment]
    try:
        observation.observation_schema(GAME.t, 2, ["wedge"], ["base"], "fields")
    finally:
        observation.at = plain  # type: ignore[assignment]
    return read


def test_every_field_of_the_state_is_in_the_view_or_listed_as_hidden_or_derived_with_a_reason() -> None:

    from boardrules.games.mage_knight.combat.state import Combat
    from boardrules.games.mage_knight.game_state import GameState, PlayerState

    s = _set_up()
    v = GAME.view(s, 0)
    missing = {  # (a player's fields as another player's view shows them)
        "GameState": {k for k in GameState.__slots__ if k not in v} ^ set(NOT_IN_VIEW["GameState"]),
        "PlayerState": {k for k in PlayerState.__slots__ if k not in v["players"][1]} ^ set(NOT_IN_VIEW["PlayerState"]),
        "MKState": {k for k in MKState.__slots__ if k not in v} ^ set(NOT_IN_VIEW["MKState"]),
        "Combat": {k for k in Combat.__slots__ if k not in Combat().to_json()} ^ set(NOT_IN_VIEW["Combat"]),
    }
    assert missing == dict.fromkeys(missing, set())  # a new field is shown or listed; a listed one is not shown
    read = _keys_read()
    unread = {"view": {k for k in v if k not in read} ^ set(NOT_IN_VECTOR["view"]),
              "player": {k for k in {*v["players"][0], *v["players"][1]} if k not in read} ^ set(NOT_IN_VECTOR["player"])}
    assert unread == {"view": set(), "player": set()}
    assert all(NOT_IN_VIEW.values()) and all(reason for group in NOT_IN_VECTOR.values() for reason in group.values())


def test_a_reward_on_top_of_the_deck_reads_the_same_whatever_lies_below_it_and_is_seen_in_the_hand_once_drawn() -> None:
    from boardrules.games.mage_knight.cards.deck import draw

    s, player = _rewarded()
    twin = copy.deepcopy(s)
    deck = twin.g.players[player].deck
    deck[0], deck[1] = deck[1], deck[0]  # below the top: hidden from everyone
    twin.cached = None
    schema = GAME.observation_schema(2)
    for viewer in (0, 1):
        assert GAME.view(s, viewer) == GAME.view(twin, viewer)
    seen = schema.vector(GAME.view(s, 1 - player))
    s.g.players[player].deck_top_seen = 0
    assert schema.vector(GAME.view(s, 1 - player)) != seen  # the card seen on top is read
    s.g.players[player].deck_top_seen = 1
    draw(s.g.players[player], 2)  # Ice Bolt, then a card nobody saw
    seen = GAME.view(s, 1 - player)["players"][player]
    assert seen["deck_top"] == [] and seen["shown"] == ["ice-bolt"]
    for seed in range(6):
        assert "ice-bolt" in GAME.determinize(s, 1 - player, Rng(seed)).g.players[player].hand


def test_cards_seen_going_into_a_deck_then_shuffled_keep_their_count_not_their_order() -> None:
    """Facts 5.2 step 5: a new round shuffles every Deed card into the deck: its owner knows what
    the deck holds, not in which order; the other knows hand and deck together. Determinize keeps
    both and resamples the order."""
    from boardrules.engine import Event
    from boardrules.games.mage_knight.cards.deck import reshuffle_all

    s = turn("rage march")
    player, other = s.g.current, 1 - s.g.current
    p = me(s)
    p.discard, p.play_area = ["stamina", "promise"], ["swiftness"]
    events: list[Event] = []
    reshuffle_all(p, s.g.rng, 2, events, player)
    s.cached = None
    orders = set()
    for seed in range(8):
        d = GAME.determinize(s, player, Rng(seed)).g.players[player]
        assert sorted(d.deck) == sorted(p.deck) and sorted(d.hand) == sorted(p.hand)
        orders.add(tuple(d.deck))
        e = GAME.determinize(s, other, Rng(seed)).g.players[player]
        assert sorted(e.deck + e.hand) == sorted(p.deck + p.hand) and len(e.hand) == len(p.hand)
    assert len(orders) > 1


def test_every_field_of_the_dummy_player_is_in_the_view_or_listed_as_hidden() -> None:
    """Solo Conquest (facts 5.8): the Dummy's deck order and skill tokens are hidden, the rest shown."""
    from boardrules.games.mage_knight.game_state import DummyState

    hidden = {"skill_pile": "hidden: face down; skill_pile_size is shown"}
    v = GAME.view(GAME.new_state(1, 1, {"scenario": "solo-conquest"}), 0)["dummy"]
    assert {k for k in DummyState.__slots__ if k not in v} == set(hidden)
    assert v["deck"] == sorted(v["deck"])  # its contents, never its order


def test_a_card_kept_by_mind_steal_stays_seen_when_a_reward_goes_on_top_of_the_deck() -> None:
    """knowledge/seen.py: a card going onto the deck in sight of everyone (a reward) is not one of the
    hand's, so the cards seen in the hand stay seen."""
    from boardrules.games.mage_knight.knowledge.seen import forget, watch

    s, player = _rewarded()
    p = s.g.players[player]
    p.deck_top_seen, p.shown, p.pending = 0, (p.hand[0],), ["advanced-action"]
    p.deck.pop()  # the Ice Bolt taken back
    before = watch(s.g)
    from boardrules.games.mage_knight.cards.offers import take_reward

    take_reward(GAME.t, s.g, player, "advanced-action", s.g.aa_offer[0], [])
    forget(s.g, before)
    assert p.shown == (p.hand[0],) and p.deck_top_seen == 1


def test_tactics_rethink_a_card_seen_in_the_hand_discarded_is_forgotten_even_if_one_like_it_is_drawn() -> None:
    """Facts 3.6 Rethink: the cards discarded are seen, then shuffled into the deck with the
    discard pile: a card seen among them is no longer known to be in the hand."""
    from boardrules.games.mage_knight.skills.using import rethink

    s = turn("march rage")
    p = me(s)
    p.shown, p.deck, p.discard = ("march",), ["march"], []
    rethink(GAME.t, s.g, s.g.current, ["march"], [])
    assert p.shown == ()


# ---- property: random turns full of Mind Read / Mind Steal keep what is seen true and samples sound ----

def _mind_read_walk(seed: int, players: int, steps: int) -> Counter[str]:
    """Random play where every hand holds Mind Read and white crystals, the Mind Read plays
    preferred; after each action the cards seen in a hand are in it, and now and then every
    viewer's view, determinized sample and the sample's decision hold. Returns how many hands were
    shown, cards discarded to Mind Read and kept by Mind Steal."""
    from random_play import check_decision, check_view

    rng, checks = Rng(seed), Rng(seed + 1)
    s = GAME.new_state(players, seed, {"scenario": "full-conquest"})
    seen: Counter[str] = Counter()
    for step in range(steps):
        d = GAME.decision(s)
        if d is None:
            break
        for p in s.g.players:  # Mind Read always at hand, and a crystal to pay for it
            if "mind-read" not in p.hand and p.deck:
                p.deck.remove(p.deck[0])
                p.hand.append("mind-read")
            p.crystals["white"], p.mana["black"] = 3, 1
        s.cached = None
        d = GAME.decision(s)
        assert d is not None
        mind = [a for a in d.actions if a.text.startswith(("play mind-read", "discard", "keep"))]
        a = mind[rng.below(len(mind))] if mind and rng.below(4) else d.actions[rng.below(len(d.actions))]
        events = GAME.apply(s, a)
        seen.update(e.kind for e in events if e.kind in ("hand-shown", "discarded", "gained"))
        for p in s.g.players:
            assert not Counter(p.shown) - Counter(p.hand), "a card seen in a hand is not there"
            assert p.deck_top_seen >= 0 and p.deck_bottom_seen >= 0
        if step % 7 == 0:
            for viewer in range(players):
                check_view(GAME, s, viewer, checks)
                check_decision(GAME, GAME.determinize(s, viewer, checks.spawn()))
    return seen


def test_random_turns_full_of_mind_read_keep_the_cards_seen_in_the_hands_and_sound_samples() -> None:
    seen = _mind_read_walk(1, 3, 160) + _mind_read_walk(2, 3, 160)
    assert min(seen["hand-shown"], seen["discarded"], seen["gained"]) > 0, seen  # every path walked


# ---- Wounds seen in a hand (knowledge/seen.py) -------------------------------------------------------


def _resting_on_wounds() -> MKState:
    s = turn(f"{WOUND} {WOUND} {WOUND}")
    me(s).deck = ["rage", "march", "stamina", "swiftness", "promise", "threaten", "crystallize"]
    s.cached = None
    return s


def test_slow_recovery_the_hand_of_wounds_shown_stays_known_and_every_sample_keeps_it() -> None:
    """Facts 5.4 "Rest": Slow Recovery shows a hand of only Wounds and discards one: the others
    know the two left are Wounds, and their samples deal no other card into that hand."""
    s = _resting_on_wounds()
    player, other = s.g.current, 1 - s.g.current
    do(s, "rest wound")
    assert GAME.view(s, other)["players"][player]["shown"] == [WOUND, WOUND]
    for seed in range(10):
        assert GAME.determinize(s, other, Rng(seed)).g.players[player].hand == [WOUND, WOUND]


def test_wounds_taken_into_the_hand_are_seen_there_and_one_healed_is_one_fewer_seen() -> None:
    """Facts 4.3 / 5.7 step 2: Wounds go into the hand in sight of everyone; a Wound healed
    (facts 5.4) may be any of them: one fewer is known, whatever else the hand holds."""
    from boardrules.games.mage_knight.cards.deck import heal_wounds_in_hand, take_wounds
    from boardrules.games.mage_knight.knowledge.seen import forget, watch

    s = turn("march rage")
    player, other = s.g.current, 1 - s.g.current
    p = me(s)
    before = watch(s.g)
    take_wounds(p, 2)
    forget(s.g, before)
    assert p.shown == (WOUND, WOUND)
    for seed in range(8):
        assert GAME.determinize(s, other, Rng(seed)).g.players[player].hand.count(WOUND) >= 2
    p.hand.append(WOUND)  # a third drawn unseen
    before = watch(s.g)
    heal_wounds_in_hand(p, 1)
    forget(s.g, before)
    assert p.shown == (WOUND,) and p.hand.count(WOUND) == 2


def test_a_knocked_out_hero_is_known_to_hold_only_wounds() -> None:
    """Facts 4.3 "Knock-out": every non-Wound card of the hand is discarded: what is left is
    known to all to be Wounds."""
    from boardrules.games.mage_knight.cards.deck import discard_non_wounds

    s = turn(f"march rage {WOUND}")
    player, other = s.g.current, 1 - s.g.current
    me(s).deck = ["stamina", "swiftness", "promise"]
    discard_non_wounds(me(s))
    s.cached = None
    assert GAME.view(s, other)["players"][player]["shown"] == [WOUND]
    assert all(GAME.determinize(s, other, Rng(seed)).g.players[player].hand == [WOUND] for seed in range(8))


def test_crystal_joy_taken_back_to_the_hand_is_seen_there_by_the_others() -> None:
    """Facts 3.1 Crystal Joy: "at the end of the turn, discard a card to take this card back to
    hand", in sight of all: the others know it is in the hand, and their samples keep it there."""
    s = turn("crystal-joy march rage", faces="red")
    player, other = s.g.current, 1 - s.g.current
    do(s, "play crystal-joy basic", "colour red", "pay red die-1", "return rage")
    assert "crystal-joy" in GAME.view(s, other)["players"][player]["shown"]
    assert all("crystal-joy" in GAME.determinize(s, other, Rng(seed)).g.players[player].hand for seed in range(8))


def test_skills_healing_ritual_the_wound_given_is_seen_in_the_other_heros_hand() -> None:
    """Facts 3.5 Healing Ritual: a Wound goes into the nearest other hero's hand, in sight of all."""
    s = turn(f"march {WOUND} {WOUND} {WOUND}", skills="healing-ritual")
    owner, other = s.g.current, 1 - s.g.current
    do(s, "skill healing-ritual")
    assert GAME.view(s, owner)["players"][other]["shown"] == [WOUND]
    assert all(WOUND in GAME.determinize(s, owner, Rng(seed)).g.players[other].hand for seed in range(8))


# ---- cards seen going to the bottom of a Deed deck ----------------------------------------------


def test_steady_tempo_put_at_the_bottom_of_the_deck_stays_there_in_every_sample() -> None:
    """Facts 3.1 Steady Tempo: at the end of the turn the card goes to the bottom of the Deed deck,
    in sight of all: the view lists it, every player's samples keep it at the bottom."""
    s = turn("steady-tempo march rage")
    player, other = s.g.current, 1 - s.g.current
    me(s).deck = ["stamina", "swiftness", "promise", "threaten", "crystallize", "determination", "tranquility",
                  "improvisation"]
    s.cached = None
    do(s, "play steady-tempo basic", "choose 1", "end-turn")
    p = s.g.players[player]
    assert p.deck[0] == "steady-tempo"
    for seed in range(10):
        for observer in (player, other):
            assert GAME.determinize(s, observer, Rng(seed)).g.players[player].deck[0] == "steady-tempo"
    assert GAME.view(s, other)["players"][player]["deck_bottom"] == ["steady-tempo"]

    assert "Seen at the bottom of" in text(s, other) and "Steady Tempo" in text(s, other)


def test_meditation_a_card_put_at_the_bottom_is_seen_in_the_hand_once_the_deck_is_drawn_down_to_it() -> None:
    """Facts 3.2 Meditation: a card put at the bottom is named; drawn with the deck's last card it
    is then known in the hand."""
    from boardrules.games.mage_knight.cards.deck import draw

    s = turn("meditation", faces="green green green green")
    p = me(s)
    p.discard, p.deck = ["march", "rage"], ["swiftness"]
    s.cached = None
    do(s, "play meditation basic", "pay green die-1")
    picks = sorted({x.split()[1] for x in legal(s)})
    do(s, f"deck {picks[0]} bottom")
    do(s, f"deck {picks[1]} bottom")
    other, p = 1 - s.g.current, me(s)
    seen, put = GAME.view(s, other)["players"][s.g.current].get("deck_bottom"), p.deck[:2]
    bottom = p.deck[0]
    draw(p, 3)
    assert bottom in p.shown
    assert seen == put and p.deck_bottom_seen == 0


def test_meditation_a_sample_taken_while_its_cards_are_placed_keeps_those_placed_and_can_go_on() -> None:
    """Facts 3.2 Meditation: the cards taken at random are shown as the play places them; a sample
    (its generator drawn again) keeps those placed among the cards taken, and the play goes on in
    it to its end (the old sample offered other random cards and failed on the ones placed)."""
    s = turn("meditation", faces="green green green green")
    p = me(s)
    p.discard, p.deck = ["march", "rage", "stamina", "swiftness", "promise", "threaten"], ["tranquility"]
    s.cached = None
    do(s, "play meditation basic", "pay green die-1")
    first = sorted({x.split()[1] for x in legal(s)})[0]
    do(s, f"deck {first} bottom")
    for viewer in (s.g.current, 1 - s.g.current):
        for seed in range(6):
            d = GAME.determinize(s, viewer, Rng(seed))
            decision = GAME.decision(d)
            assert decision is not None and decision.actions
            GAME.apply(d, decision.actions[0])
            assert d.g.players[s.g.current].deck[0] == first


def test_meditation_the_cards_taken_at_random_are_kept_by_every_sample_from_the_first_step() -> None:
    """Facts 3.2 Meditation: the cards taken at random are shown as soon as they are taken (the
    play's first ``deck`` step offers them): every sample, the decider's and the other player's,
    asks the same and offers the same actions (the old sample drew its generator again and offered
    other cards), and once one is placed, still the same."""
    s = turn("meditation", faces="green green green green")
    p = me(s)
    p.discard, p.deck = ["march", "rage", "stamina", "swiftness", "promise", "threaten"], ["tranquility"]
    s.cached = None
    do(s, "play meditation basic", "pay green die-1")
    player = s.g.current
    for step in range(2):
        s.cached = None
        real = GAME.decision(s)
        assert real is not None and real.actions[0].name == "deck"
        for viewer in (player, 1 - player):
            for seed in range(8):
                d = GAME.determinize(s, viewer, Rng(seed))
                d.cached = None  # worked out again from the sample, as a search does after its first move
                sample = GAME.decision(d)
                assert sample is not None and sample.prompt == real.prompt
                assert [a.text for a in sample.actions] == [a.text for a in real.actions]
        if step == 0:
            do(s, real.actions[0].text)


# ---- the card bought blind in a green city (facts 4.6) ------------------------------------------


def test_city_green_the_buyer_keeps_the_card_bought_blind_on_top_of_their_deck_in_their_samples() -> None:

    s = _green_city()
    buyer = s.g.current
    me(s).deck = ["stamina", "swiftness", "promise", "threaten", "crystallize", "determination"]
    do(s, "buy-advanced-action deck")
    for seed in range(10):
        assert GAME.determinize(s, buyer, Rng(seed)).g.players[buyer].deck[-1] == "path-finding"
    assert GAME.view(s, buyer)["players"][buyer]["deck_top_known"] == ["path-finding"]
    from mk_positions import text

    assert "On top of your Deed deck, as you know: Path Finding" in text(s, buyer)
    assert "Path Finding" not in text(s, 1 - buyer)


def test_city_green_a_card_bought_blind_over_a_card_seen_on_top_hides_which_lies_on_top() -> None:
    """A reward seen going on top, then a card bought blind over it: the others' view must not
    show the blind card as the one seen on top."""

    s = _green_city()
    buyer, other = s.g.current, 1 - s.g.current
    p = me(s)
    p.deck = ["stamina", "swiftness", "ice-bolt"]
    p.deck_top_seen = 1  # Ice Bolt seen going there (a reward)
    do(s, "buy-advanced-action deck")
    assert "path-finding" not in GAME.view(s, other)["players"][buyer]["deck_top"]


def test_city_green_the_others_samples_never_depend_on_which_card_was_bought_blind() -> None:
    """Facts 4.6: the card bought blind is any of the Advanced Actions the others have not seen: a
    sample of a state they cannot tell apart (another card bought) is the same sample (the shared
    check of random_play.check_view); the old deal drew the buyer's hand from a pool holding it."""
    from random_play import check_view

    s = _green_city()
    me(s).deck = ["stamina", "swiftness", "promise", "threaten", "crystallize", "determination"]
    do(s, "buy-advanced-action deck")
    for seed in range(12):
        check_view(GAME, s, 1 - s.g.current, Rng(seed))


def test_city_green_the_others_samples_keep_a_card_bought_blind_on_top_of_the_buyers_deck() -> None:
    """Facts 4.6 / 6.1: the card bought blind goes on top of the Deed deck in sight of all (which
    card, the buyer alone knows): the others' samples hold an unseen Advanced Action there."""

    s = _green_city()
    buyer, other = s.g.current, 1 - s.g.current
    me(s).deck = ["stamina", "swiftness", "promise", "threaten", "crystallize", "determination"]
    do(s, "buy-advanced-action deck")
    tops = set()
    for seed in range(12):
        d = GAME.determinize(s, other, Rng(seed)).g
        top = d.players[buyer].deck[-1]
        assert d.blind == ((buyer, top),) and GAME.t.card[top].kind == "advanced"
        tops.add(top)
    assert len(tops) > 1  # which card: resampled


# ---- property: random turns full of Wounds, Steady Tempo, Meditation and Crystal Joy ------------


def _knowledge_walk(seed: int, players: int, steps: int) -> dict[str, int]:
    """Random play where every hand holds Steady Tempo, Crystal Joy and Meditation, with mana to
    power them, their plays preferred; after each action what the players have seen is true
    (mk_invariants.check_knowledge), and every few steps each viewer's view and sample agree with
    what they know (random_play.check_view, mk_invariants.check_sample). Returns how many times
    each path was walked."""
    from mk_invariants import check_knowledge, check_sample
    from random_play import check_decision, check_view

    rng, checks = Rng(seed), Rng(seed + 1)
    s = GAME.new_state(players, seed, {"scenario": "full-conquest"})
    walked = dict.fromkeys(("bottom", "wounds seen", "back to hand", "slow recovery"), 0)
    for step in range(steps):
        if GAME.decision(s) is None:
            break
        for p in s.g.players:  # the cards at hand (from the middle of the deck: its known ends stay)
            for card in ("steady-tempo", "crystal-joy", "meditation"):
                middle = len(p.deck) - max(p.deck_top_own, p.deck_top_seen)
                if card not in p.hand and p.deck_bottom_seen < middle:
                    p.deck.pop(p.deck_bottom_seen)
                    p.hand.append(card)
            p.crystals.update(dict.fromkeys(p.crystals, 3))
        s.cached = None
        d = GAME.decision(s)
        assert d is not None
        keen = [a for a in d.actions if a.text.startswith(
            ("play steady-tempo", "play crystal-joy", "play meditation", "return", "deck ", "rest", "choose"))]
        a = keen[rng.below(len(keen))] if keen and rng.below(3) else d.actions[rng.below(len(d.actions))]
        for e in GAME.apply(s, a):
            walked["bottom"] += e.kind in ("on-deck", "meditation") and "bottom" in e.text
            walked["back to hand"] += e.kind == "crystal-joy"
            walked["slow recovery"] += e.kind == "rested" and "Slow Recovery" in e.text
        walked["wounds seen"] += sum(WOUND in p.shown for p in s.g.players)
        check_knowledge(s.g)
        if step % 5 == 0:
            for viewer in range(players):
                check_view(GAME, s, viewer, checks)
                sample = GAME.determinize(s, viewer, checks.spawn())
                check_sample(s, sample, viewer)
                check_decision(GAME, sample)
    return walked


def test_random_turns_full_of_cards_seen_keep_what_is_known_true_and_every_sample_agreeing_with_it() -> None:
    walked = _knowledge_walk(5, 2, 220)  # (seeds whose walks take every path: they change with the game's choices)
    for k, n in _knowledge_walk(6, 3, 220).items():
        walked[k] += n
    assert walked["bottom"] and walked["wounds seen"] and walked["back to hand"], walked  # every path walked


def test_a_card_bought_blind_stays_hidden_under_sparing_power() -> None:
    """The green city's blind buy (facts 4.6), then Sparing Power (facts, Tactics: "put the top card
    of your Deed deck face down under this card"): the blind card goes face down still unseen, so
    the end of the turn (sites.drop_seen_blind) keeps it out of the others' view; it showed in
    their unseen cards."""

    from boardrules.games.mage_knight.sites.interaction import drop_seen_blind

    s = _green_city()
    buyer, other = s.g.current, 1 - s.g.current
    me(s).deck = ["stamina", "swiftness", "promise"]
    do(s, "buy-advanced-action deck")
    before = GAME.view(s, other)["players"][buyer]["unseen_cards"]
    p = s.g.players[buyer]
    card = p.deck.pop()  # the top card, under Sparing Power
    s.g.spared = tuple((*x, card) if i == buyer else x for i, x in enumerate(s.g.spared))
    drop_seen_blind(s.g)
    assert s.g.blind and GAME.view(s, other)["players"][buyer]["unseen_cards"] == before


def test_a_card_bought_blind_put_back_unseen_among_others_keeps_no_place_in_samples() -> None:
    """The blind buy (facts 4.6), the card drawn, then put back on top unseen under another card
    of the hand (Midnight Meditation's "put back"): the others do not know which of the two lies
    where, so their samples do not pin an Advanced Action under the top card (every sample did)."""

    from boardrules.games.mage_knight.cards.deck import draw
    from boardrules.games.mage_knight.knowledge.seen import on_top

    s = _green_city()
    buyer, other = s.g.current, 1 - s.g.current
    p = me(s)
    p.deck = ["stamina", "swiftness", "promise", "threaten", "crystallize", "determination"]
    do(s, "buy-advanced-action deck")
    draw(p, 1)
    card = s.g.blind[0][1]
    for c in (card, next(c for c in p.hand if c != card)):
        p.hand.remove(c)
        on_top(p, c, seen=False)
    kinds = {GAME.t.card[GAME.determinize(s, other, Rng(seed)).g.players[buyer].deck[-2]].kind for seed in range(20)}
    assert kinds != {"advanced"}


# ---- the combat's hero (issue 22: the combat view showed the Wounds in the hand) ----------------

def _challenging(hand: list[str], deck: list[str]) -> MKState:
    """The first turn's hero, next to the orcs on 1:-4, challenges them holding ``hand``."""

    s = first_turn()
    p = s.g.players[s.g.current]
    p.position, p.hand, p.deck, p.play_area = (1, -3), hand, deck, []
    s.cached = None
    do(s, "challenge 1:-4")
    assert s.g.combat is not None and s.g.combat.player == s.g.current
    return s


def test_the_combats_hero_alone_sees_how_many_wounds_and_other_cards_the_hand_holds() -> None:
    """A hand is hidden: the others know its size, not how many of its cards are Wounds (only the
    Wounds in hand, deck and under Sparing Power together). The combat's view, vector and action
    texts read the same to them whatever the hand holds, and their samples' combat counts follow
    the hand each deals."""
    from mk_invariants import combat_hand_twin

    s = _challenging([WOUND, WOUND, "march", "rage", "stamina"], ["swiftness", "promise", WOUND, "threaten"])
    player, other = s.g.current, 1 - s.g.current
    assert {k: GAME.view(s, player)["combat"]["hero"][k] for k in ("hand", "wounds_hand")} == \
        {"hand": 3, "wounds_hand": 2}
    assert not {"hand", "wounds_hand", "discarded"} & set(GAME.view(s, other)["combat"]["hero"])
    assert not {"hand", "wounds_hand", "discarded"} & set(GAME.view(s, None)["combat"]["hero"])
    twin = combat_hand_twin(s, other)
    assert twin is not None and twin.g.players[player].hand.count(WOUND) == 3
    assert twin.g.combat is not None and (twin.g.combat.hero.hand, twin.g.combat.hero.wounds_hand) == (2, 3)
    schema = GAME.observation_schema(2)
    assert GAME.view(twin, other) == GAME.view(s, other)
    assert schema.vector(GAME.view(twin, other)) == schema.vector(GAME.view(s, other))
    d = GAME.decision(s)
    assert d is not None
    assert all(GAME.action_text(s, a, other) == GAME.action_text(twin, a, other) for a in d.actions)
    for seed in range(8):
        q = GAME.determinize(s, other, Rng(seed))
        assert q.g.combat is not None
        assert q.g.combat.hero.wounds_hand == q.g.players[player].hand.count(WOUND)
        assert q.g.combat.hero.hand == len(q.g.players[player].hand) - q.g.players[player].hand.count(WOUND)
