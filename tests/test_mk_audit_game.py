"""Combat audit follow-ups in the game around the combat (sites.py, views.py): what a combat
takes from and leaves to the game's state, from hand-set boards (tests/mk_positions.py)."""

from __future__ import annotations

from mk_positions import EAST, east_board, settle

from boardrules.engine import Action, Rng
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState, Token
from boardrules.games.mage_knight.sites.site_combats import challenge

GAME = MageKnight()


def orcs_board(token: str):  # type: ignore[no-untyped-def]
    words = ["plains"] * 7
    words[3] = "plains+orcs"
    b = east_board(" ".join(words), at=EAST["SW"])
    b.tokens(EAST["SE"], token)
    return b


def step(b, *texts: str) -> None:  # type: ignore[no-untyped-def]
    c = b.s.combat
    assert c is not None
    for text in texts:
        apply_combat(b.t, c, Action.parse(text), b.events, b.s.rng)


def test_knock_out_with_only_wounds_in_hand_a_card_drawn_later_is_discarded_too() -> None:
    """Facts 4.3 knock-out: "discard all non-Wound cards". A hero whose hand held only Wounds
    when knocked out still discards a card that came into the hand later in that combat (the
    discard was counted as 0 cards and so was forgotten)."""
    b = orcs_board("prowlers")  # Attack 4
    p = b.p
    p.hand, p.hand_limit, p.armor = [WOUND], 1, 2
    challenge(b.t, b.s, b.s.current, [EAST["SE"]], [])
    step(b, "next", "next", "assign 1 hero")
    c = b.s.combat
    assert c is not None and c.hero.knocked_out and c.hero.hand_discarded
    p.hand.append("march")  # drawn by an effect later in the combat
    settle(b, defeated=())
    assert "march" not in p.hand and "march" in p.discard


def test_paralyze_hero_with_only_wounds_in_hand_a_card_drawn_later_is_discarded_too() -> None:
    """ENEMY TOKEN ABILITIES "Paralyze": a hero wounded by it discards all non-Wound cards from
    the hand; with none there at that moment, one drawn later in the combat goes too."""
    b = orcs_board("medusa")  # Attack 6, Paralyze
    p = b.p
    p.hand, p.hand_limit, p.armor = [WOUND], 5, 2
    challenge(b.t, b.s, b.s.current, [EAST["SE"]], [])
    step(b, "next", "next", "assign 1 hero")
    c = b.s.combat
    assert c is not None and not c.hero.knocked_out and c.hero.hand_discarded
    p.hand.append("rage")
    settle(b, defeated=())
    assert "rage" not in p.hand and "rage" in p.discard


def test_magic_familiars_keep_their_mana_token_through_a_combat_in_the_game() -> None:
    """Facts 3.4 Magic Familiars: the mana token kept on the card makes the bracketed values
    apply; the Unit the game hands to a combat carries it, and keeps it afterwards."""
    b = orcs_board("prowlers")
    b.p.units = [["magic-familiars", 0, False, "red"]]
    challenge(b.t, b.s, b.s.current, [EAST["SE"]], [])
    c = b.s.combat
    assert c is not None and c.units[0].token == "red"
    settle(b)
    assert b.p.units == [["magic-familiars", 0, False, "red"]]


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
