"""Mage Knight: what this session's checks of hidden information found (views.py, observation.py,
determinize): the Units lent by Call to Arms in the view and the vector, Mind Read / Mind Steal and
the Magic Familiars' upkeep reading the same to the others whatever is hidden, what determinize
keeps of what a player knows, and every field of the state either shown or listed as hidden."""

from __future__ import annotations

import copy
from collections import Counter

from test_mk_decisions import GAME, do, legal, me, turn
from test_mk_specials_limits import _lending
from test_mk_specials_spells import them

from boardrules.engine import Action, Rng
from boardrules.games.mage_knight.game_state import MKState

# ---- Call to Arms (facts 3.2): a Unit of the offer lent to a combat ---------------------------

def test_call_to_arms_the_unit_lent_to_the_combat_is_marked_in_the_view_the_vector_and_the_terminal() -> None:
    from test_mk_render import text

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

def _swap(s: MKState, player: int, in_hand: str, in_deck: str) -> MKState:
    """A twin of ``s`` differing only in what is hidden from the others: ``in_hand`` of
    ``player``'s hand and ``in_deck`` of their deck change places."""
    twin = copy.deepcopy(s)
    p = twin.g.players[player]
    p.hand[p.hand.index(in_hand)] = in_deck
    p.deck[p.deck.index(in_deck)] = in_hand
    twin.cached = None
    return twin


def _same_to(viewer: int, s: MKState, twin: MKState) -> None:
    schema = GAME.observation_schema(2)
    assert GAME.view(s, viewer) == GAME.view(twin, viewer)
    assert schema.vector(GAME.view(s, viewer)) == schema.vector(GAME.view(twin, viewer))
    d = GAME.decision(s)
    assert d is not None
    for a in d.actions:
        assert GAME.action_text(s, a, viewer) == GAME.action_text(twin, a, viewer)


def _mind_read_pair(hand: list[str], deck: list[str], swap: tuple[str, str]) -> tuple[MKState, MKState]:
    s = turn("mind-read", faces="white red red red")
    them(s).hand, them(s).deck = hand, deck
    s.cached = None
    return s, _swap(s, 1 - s.g.current, *swap)


def test_mind_read_the_player_asked_reads_the_same_to_the_caster_whatever_else_their_hand_holds() -> None:
    s, twin = _mind_read_pair(["march", "rage", "stamina"], ["swiftness", "promise"], ("stamina", "promise"))
    caster, other = s.g.current, 1 - s.g.current
    play = ("play mind-read basic", "colour green", "pay white die-1")
    events = [GAME.apply(x, Action.parse(a)) for x in (s, twin) for a in play]
    assert events[:3] == events[3:]
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
    events = [e for a in play for e in GAME.apply(s, Action.parse(a))]
    shown = next(e for e in events if e.kind == "hand-shown")
    assert shown.player == other and shown.data["hand"] == ["rage", "stamina"] and "Rage, Stamina" in shown.text
    assert GAME.view(s, caster)["players"][other]["shown"] == ["rage", "stamina"]
    schema = GAME.observation_schema(2)
    for a in play:
        GAME.apply(twin, Action.parse(a))
    assert schema.vector(GAME.view(s, caster)) != schema.vector(GAME.view(twin, caster))  # its hand was seen


def test_determinize_keeps_a_hand_shown_to_mind_read_in_that_hand_for_the_others() -> None:
    s, _ = _mind_read_pair(["rage", "stamina"], ["march", "promise", "swiftness", "tranquility"], ("rage", "march"))
    caster, other = s.g.current, 1 - s.g.current
    do(s, "play mind-read basic", "colour green", "pay white die-1")
    for seed in range(12):
        d = GAME.determinize(s, caster, Rng(seed))
        assert sorted(d.g.players[other].hand) == ["rage", "stamina"]
        assert sorted(d.g.players[other].deck) == sorted(them(s).deck)


def test_determinize_the_player_asked_by_mind_read_holds_a_card_of_its_colour_in_every_sample() -> None:
    """Facts 3.2: a player asked to discard a green card has one (else the hand would be shown):
    a resampled hand keeps one, so the question asked in it has answers."""
    s, _ = _mind_read_pair(["march"], ["rage", "stamina", "swiftness", "promise", "determination", "improvisation",
                                       "threaten", "crystallize"], ("march", "rage"))
    caster, other = s.g.current, 1 - s.g.current
    do(s, "play mind-read basic", "colour green", "pay white die-1")
    for seed in range(12):
        d = GAME.determinize(s, caster, Rng(seed))
        assert d.g.players[other].hand == ["march"]  # the only green Action card of the unseen ones
        decision = GAME.decision(d)
        assert decision is not None and [a.text for a in decision.actions] == ["discard march"]
    s2, _ = _mind_read_pair(["march", "rage"], ["tranquility", "stamina", "promise", "swiftness", "threaten",
                                                "determination", "improvisation"], ("rage", "stamina"))
    do(s2, "play mind-read basic", "colour green", "pay white die-1")
    hands = {tuple(sorted(GAME.determinize(s2, s2.g.current, Rng(seed)).g.players[other].hand))
             for seed in range(30)}
    assert all({"march", "tranquility"} & set(h) for h in hands) and len(hands) > 3  # resampled, each fits
    s3, _ = _mind_read_pair(["march"], ["stamina"] * 200, ("march", "stamina"))  # deals rarely fit: one is placed
    do(s3, "play mind-read basic", "colour green", "pay white die-1")
    assert all(GAME.determinize(s3, s3.g.current, Rng(seed)).g.players[other].hand == ["march"] for seed in range(4))


def test_mind_steal_the_card_kept_is_seen_in_the_casters_hand_and_determinize_keeps_it_there() -> None:
    from test_mk_specials_spells import _night

    s = _night(turn("mind-read", faces="white red red red", night=True))
    caster, other = s.g.current, 1 - s.g.current
    them(s).hand = ["rage", "march"]
    me(s).deck = ["stamina", "promise", "swiftness"]
    do(s, "play mind-read powered", "colour red", "pay white die-1", "pay black token")
    twin = _swap(s, caster, me(s).hand[0], "promise") if me(s).hand else copy.deepcopy(s)
    for x in (s, twin):
        do(x, "discard rage")
    _same_to(other, s, twin)  # the caster's choice to keep, whatever else its hand holds
    assert GAME.apply(s, Action.parse("keep rage")) == GAME.apply(twin, Action.parse("keep rage"))
    assert GAME.view(s, other)["players"][caster]["shown"] == ["rage"]
    assert GAME.view(s, other) == GAME.view(twin, other)
    for seed in range(12):
        assert "rage" in GAME.determinize(s, other, Rng(seed)).g.players[caster].hand


def test_magic_familiars_upkeep_reads_the_same_to_the_other_player_whatever_the_owners_hand_holds() -> None:
    from test_mk_units_specials import _new_round_with_familiars

    s, owner = _new_round_with_familiars({"blue": 1, "white": 2})
    p = s.g.players[owner]
    p.deck = ["rage", "stamina"]  # a hand and deck of the owner, hidden from the other
    s.cached = None
    twin = _swap(s, owner, "march", "rage")
    _same_to(1 - owner, s, twin)
    assert GAME.apply(s, Action.parse("colour blue")) == GAME.apply(twin, Action.parse("colour blue"))
    _same_to(1 - owner, s, twin)


def test_magic_familiars_and_their_mana_token_read_into_their_owners_seat() -> None:
    """Facts 3.4: the Magic Familiars keep a mana token on their card (public); a Unit entry with
    its token after the three numbers was read as no Unit at all."""
    from test_mk_envs import _changed, _set_up

    schema = GAME.observation_schema(2)
    s = _set_up()
    before = schema.check(GAME.view(s, 0))
    s.g.players[1].units = [["magic-familiars", 0, False, "red"]]
    red = schema.check(GAME.view(s, 0))
    assert _changed(before, red) == {"players"}
    s.g.players[1].units = [["magic-familiars", 0, False, "blue"]]
    assert schema.check(GAME.view(s, 0)) != red


def test_a_card_seen_in_a_hand_is_forgotten_when_one_like_it_is_played_whatever_else_the_hand_holds() -> None:
    """knowledge.py: a March seen in the hand, then a March played: the others cannot tell
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
        "shape": "the map's shape is an option of the game, fixed (the schema's key names it)",
        "spaces": "derived: the spaces of the tiles the view shows",
        "night_spaces": "derived: the Necropolis and Graveyard spaces of the tiles the view shows",
        "spare_tiles": "hidden: the tiles not dealt into the Tile deck",
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
    from test_mk_envs import _set_up

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


def test_the_turns_move_bonus_terrain_discount_and_last_turns_read_into_the_vector() -> None:
    """Tirelessness (move_bonus), Path Finding (terrain_less), the seats still to take their last
    turn of the round (facts 5.3 'Announcing End of Round') and of the game: public, and read."""
    from test_mk_envs import _changed, _set_up

    schema = GAME.observation_schema(2)
    s = _set_up()
    before = schema.check(GAME.view(s, 0))
    s.g.players[1].move_bonus, s.g.players[1].terrain_less = 1, 1
    assert _changed(before, schema.check(GAME.view(s, 0))) == {"players"}
    s = _set_up()
    s.g.final_turns, s.g.last_turns = [1], (0, 1)
    assert _changed(before, schema.check(GAME.view(s, 0))) == {"end"}



def test_master_of_chaos_and_puppet_master_tokens_read_into_the_vector() -> None:
    """Facts 3.5: Master of Chaos's token (the colour it points at) and the enemy tokens kept face up
    by Puppet Master are public, and read into the other players' vectors."""
    from test_mk_envs import _changed, _set_up

    schema = GAME.observation_schema(2)
    s = _set_up()
    before = schema.check(GAME.view(s, 0))
    token = next(iter(GAME.t.enemy))
    s.g.players[1].chaos, s.g.players[1].puppets = "red", (token,)
    after = schema.check(GAME.view(s, 0))
    assert _changed(before, after) == {"players"}
    s.g.players[1].chaos = "blue"
    assert schema.check(GAME.view(s, 0)) != after

# ---- cards seen going on top of a Deed deck (facts 6.1: a reward "on top of the Deed deck") ----

def _rewarded() -> tuple[MKState, int]:
    """The current player ends the turn with an Advanced Action reward and takes Ice Bolt: it
    lies on top of their deck, in sight of everyone, until drawn."""
    s = turn("rage march")
    me(s).pending = ["advanced-action"]
    me(s).deck = ["stamina", "promise", "swiftness", "tranquility", "determination", "threaten", "crystallize"]
    s.cached = None
    player = s.g.current
    do(s, "play march move", "end-turn", "take advanced-action ice-bolt")
    return s, player


def test_determinize_keeps_a_reward_taken_on_top_of_the_deed_deck_for_its_owner_and_the_others() -> None:
    s, player = _rewarded()
    p = s.g.players[player]
    assert p.deck[-1] == "ice-bolt" and GAME.view(s, 1 - player)["players"][player]["deck_top"] == ["ice-bolt"]
    for seed in range(10):
        for observer in (player, 1 - player):
            d = GAME.determinize(s, observer, Rng(seed))
            assert d.g.players[player].deck[-1] == "ice-bolt" and len(d.g.players[player].deck) == len(p.deck)
        assert sorted(GAME.determinize(s, player, Rng(seed)).g.players[player].deck) == sorted(p.deck)  # their own


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


# ---- facts 5.2 steps 2-3: cards put at the bottom of the offer decks in sight of everyone ----

def test_determinize_keeps_the_offers_cards_put_at_the_bottom_of_their_decks_where_all_saw_them_go() -> None:
    from boardrules.games.mage_knight.cards.offers import renew_offers

    s = turn("rage")
    g = s.g
    lowest_aa, lowest_spell, old_units = g.aa_offer[-1], g.spell_offer[-1], list(g.unit_offer)
    renew_offers(GAME.t, g)
    bottoms = GAME.view(s, 0)["deck_bottoms"]
    regular = [u for u in old_units if not GAME.t.unit[u].elite]
    assert bottoms["advanced-action"] == [lowest_aa] and bottoms["spell"] == [lowest_spell]
    assert bottoms["regular-units"] == list(reversed(regular))  # each old Unit under the one before
    for seed in range(8):
        d = GAME.determinize(s, 1, Rng(seed)).g
        assert d.aa_deck[0] == lowest_aa and d.spell_deck[0] == lowest_spell
        assert d.regular_units[:len(regular)] == g.regular_units[:len(regular)]
    assert len({tuple(GAME.determinize(s, 1, Rng(seed)).g.aa_deck) for seed in range(8)}) > 1  # the rest resampled


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


def test_render_names_the_cards_seen_in_a_hand_and_on_top_of_a_deck() -> None:
    from test_mk_render import text

    s, player = _rewarded()
    assert "Seen on top of your Deed deck: Ice Bolt" in text(s, player)
    assert "Seen on top of" in text(s, 1 - player) and "Ice Bolt" in text(s, 1 - player)
    s.g.players[player].shown = ("rage",)
    assert "hand: Rage" in text(s, 1 - player) and "Seen in your hand" not in text(s, player)


def test_a_card_kept_by_mind_steal_stays_seen_when_a_reward_goes_on_top_of_the_deck() -> None:
    """knowledge.py: a card going onto the deck in sight of everyone (a reward) is not one of the
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


def _samples_keep_in_the_hand(s: MKState, card: str) -> None:
    """The other player's samples keep ``card`` in the hand of the player on turn, and the play
    in progress has a legal next step in each."""
    other = 1 - s.g.current
    for seed in range(10):
        d = GAME.determinize(s, other, Rng(seed))
        assert card in d.g.players[s.g.current].hand
        decision = GAME.decision(d)
        assert decision is not None and decision.actions


def test_determinize_keeps_the_card_being_played_in_the_hand_of_the_player_putting_its_play_together() -> None:
    """A play is put together step by step with its card still in the hand, in sight of everyone
    (the view's play): a sample for another player keeps it there, so the play can go on."""
    s = turn("mind-read march", faces="white red red red")
    do(s, "play mind-read basic")
    _samples_keep_in_the_hand(s, "mind-read")


def test_determinize_keeps_the_cards_a_play_step_named_in_the_hand_until_the_play_is_done() -> None:
    """Facts 5.7 step 6: the cards named to be discarded at the end of the turn (``shed CARD``)
    are in sight of all and still in the hand while the play goes on: a sample keeps them."""
    s = turn("march rage stamina", faces="white red red red")
    do(s, "play march move", "end-turn-discard", "shed rage")
    _samples_keep_in_the_hand(s, "rage")


def test_determinize_deals_another_players_hand_so_that_the_play_they_began_can_go_on() -> None:
    """A play is offered only when the hand can complete it (Concentration's strong effect needs
    an Action card to power): everyone sees it begun, so a sample's hand can complete it too."""
    s = turn("concentration march", faces="green red red red")
    me(s).deck = ["mind-read", "mana-meltdown", "energy-flow", "call-to-arms", "wings-of-wind", "fireball"]
    s.cached = None
    do(s, "play concentration powered")
    assert legal(s) == ["power march"]
    other = 1 - s.g.current
    for seed in range(10):
        decision = GAME.decision(GAME.determinize(s, other, Rng(seed)))
        assert decision is not None and [a.text for a in decision.actions] == ["power march"]
