"""Mage Knight: hidden information, the last gaps (issue 11): Wounds seen in a hand (facts 5.4
Slow Recovery, Wounds taken, a knock-out), cards seen going to the bottom of a Deed deck (facts
3.1 Steady Tempo, 3.2 Meditation), the card bought blind in a green city known on top of its
buyer's deck (facts 4.6), and every public part of the view read into the observation vector."""

from __future__ import annotations

from test_mk_decisions import GAME, do, legal, me, turn

from boardrules.engine import Rng
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game_state import MKState, mark_entry

# ---- Wounds seen in a hand (knowledge.py) -------------------------------------------------------


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
    from test_mk_render import text

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
    from test_mk_open_limits import _green_city

    s = _green_city()
    buyer = s.g.current
    me(s).deck = ["stamina", "swiftness", "promise", "threaten", "crystallize", "determination"]
    do(s, "buy-advanced-action deck")
    for seed in range(10):
        assert GAME.determinize(s, buyer, Rng(seed)).g.players[buyer].deck[-1] == "path-finding"
    assert GAME.view(s, buyer)["players"][buyer]["deck_top_known"] == ["path-finding"]
    from test_mk_render import text

    assert "On top of your Deed deck, as you know: Path Finding" in text(s, buyer)
    assert "Path Finding" not in text(s, 1 - buyer)


def test_city_green_a_card_bought_blind_over_a_card_seen_on_top_hides_which_lies_on_top() -> None:
    """A reward seen going on top, then a card bought blind over it: the others' view must not
    show the blind card as the one seen on top."""
    from test_mk_open_limits import _green_city

    s = _green_city()
    buyer, other = s.g.current, 1 - s.g.current
    p = me(s)
    p.deck = ["stamina", "swiftness", "ice-bolt"]
    p.deck_top_seen = 1  # Ice Bolt seen going there (a reward)
    do(s, "buy-advanced-action deck")
    assert "path-finding" not in GAME.view(s, other)["players"][buyer]["deck_top"]


# ---- the public parts of the view read into the observation vector ------------------------------


def _field_of(change, players: int = 2) -> set[str]:  # type: ignore[no-untyped-def]
    """The observation fields that ``change`` to a hand-set state changes, as seat 0 sees it."""
    from test_mk_envs import _changed, _set_up

    schema = GAME.observation_schema(players)
    s = _set_up(players)
    before = schema.check(GAME.view(s, 0))
    change(s)
    s.cached = None
    return _changed(before, schema.check(GAME.view(s, 0)))


def test_the_open_discard_piles_and_the_cards_seen_under_the_decks_read_into_the_vector() -> None:
    """Facts 5.2 steps 2-3 and the enemy and ruins discard piles (open): public, and read."""
    enemy, ruins = GAME.t.enemies[0], GAME.t.ruins[0].id
    assert _field_of(lambda s: s.g.enemy_discards[enemy.colour].append(enemy.id)) == {"discards"}
    assert _field_of(lambda s: s.g.ruins_discard.append(ruins)) == {"discards"}

    def under(s: MKState) -> None:
        s.g.aa_deck.insert(0, s.g.aa_offer[0])
        s.g.deck_bottoms = (1, *s.g.deck_bottoms[1:])
    assert "discards" in _field_of(under)


def test_the_maze_paths_the_combat_site_and_the_turns_way_read_into_the_vector() -> None:
    """MAZE / LABYRINTH "Choosing Path" (the paths conquered, public), what a combat is for, and the
    turn's path, start and last step (Forced Withdrawal, facts 5.7 step 2; walls in an assault)."""
    from test_mk_envs import _set_up

    maze = next(h for h in _set_up().g.spaces)
    assert _field_of(lambda s: s.g.maze_paths.update({maze: {4: 1}})) == {"mazes"}
    assert _field_of(lambda s: s.g.combat_site.update({"kind": "maze", "at": maze, "homes": [], "path": 4})) \
        == {"combat_site"}

    def walked(s: MKState) -> None:
        p = s.g.players[1]
        p.path, p.came_from, p.provoked, p.conquered_mazes = [maze], maze, [maze], [maze]
    assert _field_of(walked) == {"players"}


def test_the_scenarios_city_levels_and_the_countryside_tiles_to_come_read_into_the_vector() -> None:
    """Facts 5.8: the levels of the cities still to be revealed, the cities closed (First
    Reconnaissance), and the countryside tiles when the scenario fixes their order."""
    countryside = next(x.id for x in GAME.t.tiles if x.kind == "countryside")
    assert _field_of(lambda s: setattr(s.g, "city_levels", [7, 9])) == {"scenario_state"}

    def fixed(s: MKState) -> None:
        s.g.tile_order_known = True
        s.g.tile_deck = [countryside, *[x for x in s.g.tile_deck if x != countryside]]
    assert "discards" in _field_of(fixed)


# ---- every mark of a turn, a combat and the skills used has its slot (issue 11) ------------------


def test_forked_dueled_and_on_her_own_each_read_into_their_own_slot_not_the_others() -> None:
    """Facts 3.5 Forked Lightning, Dueling, On Her Own: their marks of the turn or combat are
    public; each reads into its own slot, unlike a mark no rule knows (counted as "others")."""
    from test_mk_envs import _set_up

    schema = GAME.observation_schema(2)

    def vector(this_turn: list[str], skills_used: list[str]) -> list[float]:
        s = _set_up()
        s.g.players[1].lasting = tuple(mark_entry(w) for w in this_turn)
        s.g.players[1].skills_used = skills_used
        return schema.check(GAME.view(s, 0))

    unknown = vector(["no-such-mark"], [])
    assert vector(["on-her-own"], []) != unknown
    assert vector([], ["tactic:long-night"]) != vector([], ["no-such-mark"])
    assert vector([], ["flipped:battle-frenzy"]) != vector([], ["flipped:arcane-disguise"])


def test_the_combats_forked_and_dueled_marks_each_read_into_their_own_slot() -> None:
    schema = GAME.observation_schema(2)

    def vector(marks: list[str]) -> list[float]:
        s = turn("march", fight="prowlers")
        assert s.g.combat is not None
        s.g.combat.this_combat = marks
        return schema.check(GAME.view(s, 1 - s.g.current))

    forked, dueled, unknown = vector(["forked:0"]), vector(["dueled:0"]), vector(["no-such-mark:0"])
    assert len({tuple(forked), tuple(dueled), tuple(unknown)}) == 3


def test_a_mark_no_slot_reads_is_caught_by_the_random_games_invariants() -> None:
    """tests/mk_invariants.py: every random game checks each mark has its slot, so a new mark of
    a rule cannot fall silently into the vector's "others"."""
    from mk_invariants import unread_marks

    s = turn("march", fight="prowlers")
    assert unread_marks(GAME, s.g) == []
    s.g.players[0].lasting = (mark_entry("no-such-mark"),)
    assert s.g.combat is not None
    s.g.combat.this_combat = ["forked:1", "dueled:0", "brand-new:2"]
    assert unread_marks(GAME, s.g) == ["no-such-mark", "brand-new:2"]


def test_city_green_the_others_samples_never_depend_on_which_card_was_bought_blind() -> None:
    """Facts 4.6: the card bought blind is any of the Advanced Actions the others have not seen: a
    sample of a state they cannot tell apart (another card bought) is the same sample (the shared
    check of random_play.check_view); the old deal drew the buyer's hand from a pool holding it."""
    from random_play import check_view
    from test_mk_open_limits import _green_city

    s = _green_city()
    me(s).deck = ["stamina", "swiftness", "promise", "threaten", "crystallize", "determination"]
    do(s, "buy-advanced-action deck")
    for seed in range(12):
        check_view(GAME, s, 1 - s.g.current, Rng(seed))


def test_city_green_the_others_samples_keep_a_card_bought_blind_on_top_of_the_buyers_deck() -> None:
    """Facts 4.6 / 6.1: the card bought blind goes on top of the Deed deck in sight of all (which
    card, the buyer alone knows): the others' samples hold an unseen Advanced Action there."""
    from test_mk_open_limits import _green_city

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
    walked = _knowledge_walk(3, 2, 220)
    for k, n in _knowledge_walk(4, 3, 220).items():
        walked[k] += n
    assert walked["bottom"] and walked["wounds seen"] and walked["back to hand"], walked  # every path walked


def test_a_card_bought_blind_stays_hidden_under_sparing_power() -> None:
    """The green city's blind buy (facts 4.6), then Sparing Power (facts, Tactics: "put the top card
    of your Deed deck face down under this card"): the blind card goes face down still unseen, so
    the end of the turn (sites.drop_seen_blind) keeps it out of the others' view; it showed in
    their unseen cards."""
    from test_mk_open_limits import _green_city

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
    from test_mk_open_limits import _green_city

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
    from test_mk_game import first_turn

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
