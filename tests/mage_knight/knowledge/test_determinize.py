"""Mage Knight determinize: a sample of the state another player may imagine keeps what that
player knows (a hand shown to Mind Read, a card kept by Mind Steal, a reward on top of the Deed
deck, offer cards seen going to the bottom of their decks, the cards a play in progress named, a
summoner's pile) and resamples only the rest."""

from __future__ import annotations

import copy

from mk_positions import (
    _green_city,
    _mind_read_pair,
    _night,
    _rewarded,
    _same_to,
    _swap,
    do,
    legal,
    me,
    them,
    turn,
)

from boardrules.engine import Action, Rng
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState, Token
from boardrules.games.mage_knight.sites.site_combats import challenge

GAME = MageKnight()


def _game_with_summoners() -> MKState:
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    g = s.g
    orcs = (1, -4)
    for tok in g.enemies.pop(orcs, []):
        g.enemy_piles[GAME.t.enemy[tok.id].colour].append(tok.id)
    g.enemy_piles["green"].remove("orc-summoners")
    g.enemies[orcs] = [Token("orc-summoners", True)]
    g.players[g.current].position = (1, -3)
    challenge(GAME.t, g, g.current, [orcs], [])
    s.cached = None
    return s


def test_summon_attack_view_shows_only_the_pile_size_and_determinize_resamples_it() -> None:
    """Hidden information: the brown pile a Summon Attack draws from is face down; a view of the
    combat shows its size only, and a determinized state draws from its own resampled pile."""
    s = _game_with_summoners()
    c = s.g.combat
    assert c is not None
    brown = c.summon_piles["brown"]
    assert len(brown) >= 2
    v = GAME.view(s, 0)
    assert v["combat"]["summon_piles"]["brown"] == len(brown)
    d = GAME.determinize(s, 0, Rng(5))
    assert GAME.view(d, 0) == GAME.view(s, 0)
    dc = d.g.combat
    assert dc is not None and sorted(dc.summon_piles["brown"]) == sorted(d.g.enemy_piles["brown"])
    # after the summon the drawn token is face up: it stays in the combat and out of the pool
    apply_combat(GAME.t, c, Action.parse("next"), [], s.g.rng)
    drawn = c.enemies[1].token
    s.cached = None
    d = GAME.determinize(s, 0, Rng(6))
    dc = d.g.combat
    assert dc is not None and dc.enemies[1].token == drawn
    assert sorted([*dc.summon_piles["brown"], drawn]) == sorted(d.g.enemy_piles["brown"])
    assert GAME.view(d, 0) == GAME.view(s, 0)


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


# ---- cards seen going on top of a Deed deck (facts 6.1: a reward "on top of the Deed deck") ----

def test_determinize_keeps_a_reward_taken_on_top_of_the_deed_deck_for_its_owner_and_the_others() -> None:
    s, player = _rewarded()
    p = s.g.players[player]
    assert p.deck[-1] == "ice-bolt" and GAME.view(s, 1 - player)["players"][player]["deck_top"] == ["ice-bolt"]
    for seed in range(10):
        for observer in (player, 1 - player):
            d = GAME.determinize(s, observer, Rng(seed))
            assert d.g.players[player].deck[-1] == "ice-bolt" and len(d.g.players[player].deck) == len(p.deck)
        assert sorted(GAME.determinize(s, player, Rng(seed)).g.players[player].deck) == sorted(p.deck)  # their own


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


def test_city_green_the_card_bought_blind_is_hidden_from_the_others_views_and_determinize() -> None:
    from boardrules.engine import Rng

    s = _green_city()
    buyer = s.g.current
    other = 1 - buyer
    do(s, "buy-advanced-action deck")
    mine = GAME.view(s, buyer)["players"][buyer]
    assert "path-finding" in mine["deck"]
    theirs = GAME.view(s, other)["players"][buyer]
    assert "path-finding" not in theirs["unseen_cards"] and theirs["deck_size"] == len(me(s).deck)
    seen = set()
    for seed in range(12):
        d = GAME.determinize(s, other, Rng(seed))
        q = d.g.players[buyer]
        blind = [c for c in q.hand + q.deck if c not in me(s).hand + me(s).deck]
        assert len(blind) <= 1 and len(q.hand + q.deck) == len(me(s).hand + me(s).deck)
        seen.add(blind[0] if blind else "path-finding")
        assert sorted(d.g.aa_deck + blind) == sorted(s.g.aa_deck + ["path-finding"]) or not blind
    assert len(seen) > 1  # the others' samples draw the blind card from the unseen Advanced Actions
    d = GAME.determinize(s, buyer, Rng(3))
    assert "path-finding" in d.g.players[buyer].deck  # the buyer knows it
