"""Mage Knight skills with their own mechanisms (facts 3.5, `special:skill`): the sideways skills
(I Don't Give a Damn, Who Needs Magic?, Universal Power, Power of Pain), Leadership, and
Arythea's Invocation and Polarization word for word, each from a hand-set position through the
decisions (`skill ID`, then the play it changes)."""

from __future__ import annotations

import pytest
from mk_positions import (
    GAME,
    check_state,
    check_views,
    combat,
    do,
    in_phase,
    legal,
    me,
    refusal,
    taken,
    turn,
)

from boardrules.engine import IllegalActionError
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game_state import add, has


def test_skills_i_dont_give_a_damn_one_card_sideways_plus_2_instead_of_1() -> None:
    s = turn("march march", skills="i-dont-give-a-damn")
    do(s, "skill i-dont-give-a-damn", "play march move")
    assert me(s).move_points == 2
    do(s, "play march move")  # one card only
    assert me(s).move_points == 3


def test_skills_i_dont_give_a_damn_plus_3_for_an_advanced_action_spell_or_artifact() -> None:
    s = turn("refreshing-walk", skills="i-dont-give-a-damn")
    do(s, "skill i-dont-give-a-damn", "play refreshing-walk influence")
    assert me(s).influence_points == 3


def test_skills_who_needs_magic_plus_3_with_no_source_die_this_turn_and_then_none() -> None:
    s = turn("march march", skills="who-needs-magic", faces="green blue red white")
    do(s, "skill who-needs-magic", "play march move")
    assert me(s).move_points == 3
    assert "play march powered" not in legal(s)  # no Source die after the +3 (and no other green mana)


def test_skills_who_needs_magic_plus_2_after_a_source_die() -> None:
    s = turn("march march", skills="who-needs-magic", faces="green blue red white")
    do(s, "play march powered", "pay green die-1")
    assert me(s).move_points == 4
    do(s, "skill who-needs-magic", "play march move")
    assert me(s).move_points == 6


def test_skills_universal_power_a_mana_added_plus_3_or_plus_4_for_an_action_of_its_colour() -> None:
    s = turn("march rage", skills="universal-power", faces="green blue red white")
    do(s, "skill universal-power", "colour green", "pay green die-1", "play march move")
    assert me(s).move_points == 4  # a green Action: +4
    s = turn("march rage", skills="universal-power", faces="green blue red white")
    do(s, "skill universal-power", "colour green", "pay green die-1", "play rage move")
    assert me(s).move_points == 3  # a red card: +3


def test_skills_universal_power_needs_the_mana() -> None:
    s = turn("march", skills="universal-power", faces="gold black black black", night=True)
    assert "skill universal-power" not in legal(s)  # no basic mana to add (gold is depleted at Night)


def test_skills_power_of_pain_a_wound_played_sideways_worth_2_then_discarded() -> None:
    s = turn(f"march {WOUND}", skills="power-of-pain")
    assert f"play {WOUND} move" not in legal(s)
    do(s, "skill power-of-pain")
    assert f"play {WOUND} move" in legal(s)
    do(s, f"play {WOUND} move")
    p = me(s)
    assert p.move_points == 2 and WOUND not in p.hand and p.play_area == [WOUND]
    do(s, "play march move")
    assert me(s).move_points == 3  # the bonus was for the Wound only


def test_skills_power_of_pain_a_card_sideways_first_keeps_the_bonus_for_the_wound() -> None:
    s = turn(f"march {WOUND}", skills="power-of-pain")
    do(s, "skill power-of-pain", "play march move", f"play {WOUND} influence")
    assert me(s).move_points == 1 and me(s).influence_points == 2


def test_skills_a_second_sideways_bonus_waits_for_the_first_to_be_taken() -> None:
    s = turn("march", skills="i-dont-give-a-damn who-needs-magic")
    do(s, "skill i-dont-give-a-damn")
    assert "skill who-needs-magic" not in legal(s)
    reason, rule = refusal(s, "skill who-needs-magic")
    assert "already waits" in reason and rule == "Using Skills"


def test_skills_leadership_the_next_unit_activated_block_plus_3_attack_plus_2_ranged_plus_1() -> None:
    s = turn("march", skills="leadership")
    s.g.combat = combat("prowlers", units="peasants, utem-crossbowmen").c
    s.cached = None
    do(s, "skill leadership", "activate utem-crossbowmen-1 ranged")
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("ranged", "physical", 3)]
    do(s, "next", "confirm", "block 1", "activate peasants-1 block")
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("block", "physical", 2)]  # taken once


def test_skills_leadership_block_plus_3() -> None:
    s = turn("march", skills="leadership")
    s.g.combat = combat("prowlers", units="peasants").c
    s.cached = None
    do(s, "next", "skill leadership", "block 1", "activate peasants-1 block")
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("block", "physical", 5)]


def test_skills_leadership_is_used_in_a_combat() -> None:
    s = turn("march", skills="leadership")
    assert "skill leadership" not in legal(s)


def test_skills_polarization_the_next_mana_paid_may_be_of_the_opposite_colour() -> None:
    s = turn("march march", skills="polarization", faces="blue red red white")
    assert "play march powered" not in legal(s)  # no green mana
    do(s, "skill polarization", "play march powered")
    assert "pay green die-4" in taken(s)  # the white die, as green
    do(s, "pay green die-4")
    assert me(s).move_points == 4 and not s.g.polarized


def test_skills_polarization_by_day_black_as_any_basic_colour() -> None:
    s = turn("march", skills="polarization", faces="black red red blue")
    me(s).crystals["white"] = 1
    s.cached = None
    do(s, "skill polarization", "play march powered")
    assert legal(s) == ["pay green die-1", "pay green crystal"]  # the black die; the white crystal
    do(s, "pay green crystal")
    assert me(s).crystals["white"] == 0 and me(s).move_points == 4


def test_skills_polarization_at_night_gold_as_black() -> None:
    """At Night gold pays black only to power a Spell's strong effect (test_polarization_at_night_gold_as_black_only_for_a_spells_strong_effect
    through the actions)."""
    from boardrules.games.mage_knight.cards.mana import mana_sources, pay_mana

    s = turn("march", skills="polarization", faces="gold red red blue", night=True)
    g = s.g
    assert mana_sources(g, g.current, "black") == []
    g.polarized = True
    assert mana_sources(g, g.current, "black") == []  # not for a Spell's strong effect
    assert mana_sources(g, g.current, "black", strong_spell=True) == ["die-1"]
    assert pay_mana(g, g.current, "black", "die-1", strong_spell=True) == "gold" and not g.polarized


@pytest.mark.parametrize("seed", range(2))
def test_random_games_with_the_new_skills_tactics_and_vocabulary_cards_keep_the_invariants(seed: int) -> None:
    """Random games where the heroes hold the skills of skills/, Wounded Units and the
    cards of the vocabulary (Sword of Justice, Bow of Starsdawn, Chilling Stare, Tranquility), and
    the Tactics of every round are taken at random: every decision has a legal action, the views
    hide what they must, and the cards under Sparing Power stay with their owner."""
    from random_play import play_checked

    skills = ["i-dont-give-a-damn", "who-needs-magic", "universal-power", "power-of-pain", "leadership",
              "polarization",
              # the expansions' skills (skills/in_combat.py, skills/consulted.py), two Motivations
              "taunt", "forked-lightning", "deadly-aim", "secret-ways", "on-her-own", "arcane-disguise",
              "shapeshift", "know-your-prey", "dueling", "tovak-motivation", "goldyx-motivation", "arythea-motivation",
              "master-of-chaos", "puppet-master"]
    s = GAME.new_state(2, 500 + seed)
    for i, p in enumerate(s.g.players):
        p.skills = skills[i::2]
        p.command = 3
        p.units = [["peasants", 1, False], ["utem-crossbowmen", 1, False]]
        p.hand += ["sword-of-justice", "bow-of-starsdawn", "chilling-stare", "tranquility", WOUND][i::2]

    def check(state):  # type: ignore[no-untyped-def]
        check_state(state)
        g = state.g
        assert len(g.spared) == len(g.players) and g.heal_points >= 0
        assert not g.mana_steal or g.source[g.mana_steal[1]] in ("red", "blue", "green", "white", "gold", "black")

    actions = play_checked(GAME, s, seed, check, salt=0x4D54, views=check_views, views_every=29, texts_every=13)
    assert s.over and any(a.startswith("skill") for a in actions)


def test_skills_regenerate_a_mana_paid_a_wound_discarded_red_mana_also_draws_a_card() -> None:
    s = turn(f"march {WOUND}", faces="red blue green white", skills="krang-regenerate")
    me(s).fame, s.g.players[1 - s.g.current].fame = 5, 0  # not the least Fame: only red draws
    deck = len(me(s).deck)
    s.cached = None
    do(s, "skill krang-regenerate")
    assert legal(s) == [f"colour {c}" for c in ("red", "blue", "green", "white")]  # a mana there is to pay
    do(s, "colour red", "pay red die-1")
    assert WOUND not in me(s).hand and me(s).discard == [WOUND] and len(me(s).deck) == deck - 1
    assert len(me(s).hand) == 2 and not me(s).must_play


def test_skills_regenerate_other_mana_draws_only_with_the_least_fame() -> None:
    for fame, drawn in ((5, 0), (0, 1)):
        s = turn(f"march {WOUND}", faces="red blue green white", skills="braevalar-regenerate")
        me(s).fame = fame
        s.cached = None
        do(s, "skill braevalar-regenerate", "colour blue", "pay blue die-2")
        assert len(me(s).hand) == 1 + drawn and WOUND not in me(s).hand


def test_skills_regenerate_needs_a_wound() -> None:
    s = turn("march", skills="krang-regenerate")
    assert "skill krang-regenerate" not in legal(s)


def test_skills_beguile_influence_3_2_at_a_fortified_site_4_at_a_magical_glade() -> None:
    from boardrules.games.mage_knight.map.exploring import open_positions, place_tile, space

    for site, influence in (("glade", 4), ("keep", 2), ("", 3)):
        s = turn("march", skills="beguile")
        if site == "keep":  # a tile with a keep placed next to the map
            tile = next(x.id for x in GAME.t.tiles if any(h.site == "keep" for h in x.hexes) and x.kind == "countryside")
            place_tile(GAME.t, s.g, open_positions(s.g)[0], tile, [])
        here = next(h for h in sorted(s.g.spaces) if (sp := space(GAME.t, s.g, h)) is not None and (sp.site or "") == site)
        me(s).position = here
        s.cached = None
        do(s, "skill beguile")
        assert me(s).influence_points == influence, site


def _next_to_open_position(s):  # type: ignore[no-untyped-def]
    """Put the hero on a space next to an open tile position a countryside tile may fill; its word."""
    from boardrules.games.mage_knight.map.exploring import next_to, open_positions
    from boardrules.games.mage_knight.map.hexes import placement_refusal

    g = s.g
    h, grid = next((h, grid) for grid in open_positions(g) for h in sorted(g.spaces) if next_to(h, grid)
                   and not placement_refusal(g.shape, grid, "countryside", g.tiles))
    me(s).position = h
    s.cached = None
    return f"explore {grid[0]}:{grid[1]}"


def test_skills_hawk_eyes_move_1_and_at_night_exploring_costs_1_less() -> None:
    s = turn("march", skills="hawk-eyes", night=True)
    explore = _next_to_open_position(s)
    assert explore not in legal(s)
    do(s, "skill hawk-eyes")
    assert me(s).move_points == 1 and explore in legal(s)
    do(s, explore)
    assert me(s).move_points == 0


def test_skills_hawk_eyes_by_day_the_garrisons_2_spaces_away_are_revealed() -> None:
    from boardrules.games.mage_knight.game_state import Token
    from boardrules.games.mage_knight.map.exploring import open_positions, place_tile, space

    s = turn("march", skills="hawk-eyes")
    tile = next(x.id for x in GAME.t.tiles if any(h.site == "keep" for h in x.hexes) and x.kind == "countryside")
    place_tile(GAME.t, s.g, open_positions(s.g)[0], tile, [])
    keep = next(h for h in sorted(s.g.spaces) if (sp := space(GAME.t, s.g, h)) is not None and sp.site == "keep")
    s.g.enemies[keep] = [Token("guardsmen", False)]
    me(s).position = next(h for h in sorted(s.g.spaces) if (abs(h[0] - keep[0]) + abs(h[1] - keep[1])
                                                           + abs(h[0] + h[1] - keep[0] - keep[1])) // 2 == 2)
    s.cached = None
    do(s, "skill hawk-eyes")
    assert s.g.enemies[keep][0].face_up and me(s).move_points == 1


def test_skills_feral_allies_exploring_costs_1_less_while_the_hero_has_it() -> None:
    s = turn("march", skills="feral-allies")
    explore = _next_to_open_position(s)
    me(s).move_points = 1
    s.cached = None
    assert explore in legal(s)
    me(s).skills = []
    s.cached = None
    assert explore not in legal(s)


def test_skills_shamanic_ritual_a_mana_token_of_any_colour_flipped_back_up_as_the_turns_action() -> None:
    s = turn("march", skills="shamanic-ritual")
    do(s, "skill shamanic-ritual", "colour black")
    assert me(s).mana["black"] == 1 and "shamanic-ritual" in me(s).skills_used
    do(s, "skill shamanic-ritual")  # flipped back up: the turn's action
    assert "shamanic-ritual" not in me(s).skills_used and me(s).acted
    assert not any(a.startswith("move ") or a == "enter" for a in legal(s))  # the action is taken
    do(s, "skill shamanic-ritual", "colour red")  # used again
    assert me(s).mana["red"] == 1 and "skill shamanic-ritual" not in legal(s)


def test_skills_battle_frenzy_attack_4_flips_it_face_down_until_you_rest() -> None:

    from boardrules.games.mage_knight.rounds.turn import rest
    from boardrules.games.mage_knight.skills.using import turn_skills_face_up, use_skill

    s = in_phase(turn("march rage", skills="battle-frenzy", fight="prowlers"), "attack")
    do(s, "skill battle-frenzy", "choose 2")
    c = s.g.combat
    assert c is not None and sum(v for kind, _el, v, _sd, _src in c.pool if kind == "attack") == 4
    s.g.combat = None
    turn_skills_face_up(GAME.t, s.g, s.g.current)  # the turn's end: still face down
    s.g.combat = combat("prowlers").c
    s.g.combat.phase = "attack"
    s.cached = None
    assert "skill battle-frenzy" not in legal(s)
    with pytest.raises(IllegalActionError, match="face down until you rest"):
        use_skill(GAME.t, s.g, s.g.current, "battle-frenzy", [], option=1)
    s.g.combat = None
    rest(s.g, s.g.current, ["rage"], [])
    assert not any("battle-frenzy" in k for k in me(s).skills_used)


def test_skills_battle_frenzy_attack_2_is_not_flipped() -> None:

    s = in_phase(turn("march", skills="battle-frenzy", fight="prowlers"), "attack")
    do(s, "skill battle-frenzy", "choose 1")
    assert me(s).skills_used == ["battle-frenzy"]


POLARIZATION_RULE = "Skills: Polarization"  # mana.POLARIZATION_RULE

# ---- Invocation (facts 3.5 Arythea): "the token must be spent at once" ---------------------------


def test_invocation_token_not_spent_by_the_next_play_is_lost() -> None:
    """Facts 3.5 "the token must be spent at once": a play that does not spend it (March sideways)
    leaves it unspent, and it is lost; the old rules kept it for later in the turn."""
    s = turn(f"rage march {WOUND}", skills="invocation")
    do(s, "skill invocation", f"discard {WOUND}", "colour red")
    assert me(s).mana["red"] == 1
    do(s, "play march move")
    assert me(s).mana["red"] == 0 and not has(me(s), "invoked:", "red")
    assert "play rage powered" not in legal(s)  # no red mana left for later


def test_invocation_token_lost_when_the_next_action_is_a_move() -> None:
    """Not kept across another action of the turn either (a move), outside combat."""
    s = turn("march march stamina", skills="invocation")
    do(s, "skill invocation", "discard stamina", "colour green", "play march move")
    assert me(s).mana["green"] == 0
    s = turn("march march stamina", skills="invocation")
    me(s).move_points = 4
    s.cached = None
    do(s, "skill invocation", "discard stamina", "colour green")
    move = next(a for a in legal(s) if a.startswith("move "))
    do(s, move)
    assert me(s).mana["green"] == 0


def test_invocation_in_a_combat_with_enemies_token_spent_at_once_or_lost() -> None:
    """In a combat with enemies the white token of a card discarded pays Swiftness's powered
    Ranged Attack played next (the play's own step names it). Not spent by the next play (a
    Swiftness powered with the white Source die), it is lost: the second Swiftness cannot be
    powered with it later."""
    s = turn(f"swiftness march {WOUND}", skills="invocation", faces="red blue green green", fight="prowlers")
    do(s, "skill invocation", "discard march", "colour white", "play swiftness powered")
    assert "pay white token" in taken(s)  # its one source: it pays the play that waited for it
    assert me(s).mana["white"] == 0 and not s.play
    s = turn(f"swiftness swiftness march {WOUND}", skills="invocation", fight="prowlers")
    do(s, "skill invocation", "discard march", "colour white", "play swiftness powered", "pay white die-4")
    assert me(s).mana["white"] == 0
    assert "play swiftness powered" not in legal(s)


def test_invocation_by_day_a_black_token_only_while_polarization_waits() -> None:
    """A token that cannot be spent at once is not offered: by Day a Wound gives red only (black
    mana is depleted), unless Polarization waits to use black as a basic colour; then the black
    token pays March's green at once."""
    s = turn(f"march {WOUND}", skills="invocation polarization", faces="red red blue blue")
    do(s, "skill invocation", f"discard {WOUND}")
    assert "colour red" in taken(s)
    s = turn(f"march {WOUND}", skills="invocation polarization", faces="red red blue blue")
    do(s, "skill polarization", "skill invocation", f"discard {WOUND}")
    assert legal(s) == ["colour red", "colour black"]
    do(s, "colour black", "play march powered", "pay green token")
    assert me(s).mana["black"] == 0 and me(s).move_points == 4 and not s.g.polarized


def test_invocation_a_colour_refused_at_its_colour_step_names_why() -> None:
    """The colour step of Invocation refuses in the skill's words, not "not one of the choices":
    a colour the card discarded does not give, and by Day black (depleted: it could not be spent
    at once) with no Polarization waiting."""
    s = turn(f"march {WOUND}", skills="invocation", faces="red red blue blue")
    # the colour step set by hand (in play its one answer, red, is taken at once)
    s.play, s.cached = ["invocation", "skill", ("discard", WOUND)], None
    assert legal(s) == ["colour red"]
    assert refusal(s, "colour white") == ("Invocation: discarding a Wound gives a red or black mana token",
                                          "Using Skills")
    assert refusal(s, "colour black") == ("Invocation: the token must be spent at once, and black mana cannot "
                                          "be used by Day", "Using Skills")
    s = turn(f"march {WOUND}", skills="invocation", faces="red red blue blue")
    do(s, "skill invocation", "discard march")
    reason, rule = refusal(s, "colour red")
    assert reason == "Invocation: discarding that card gives a white or green mana token" and rule == "Using Skills"


# ---- Polarization (facts 3.5 Arythea) ------------------------------------------------------------


def test_polarization_by_day_black_never_powers_a_spells_strong_effect() -> None:
    """"Not to power a spell's strong effect": with black usable by Day (Amulet of Darkness) and
    black tokens, Polarization does not turn black into Fireball's red for Firestorm (the refusal
    names the rule); it does for Fireball's basic effect."""
    s = turn("fireball", skills="polarization", faces="green green white white", fight="prowlers")
    add(me(s), "amulet:darkness")
    me(s).mana["black"] = 2
    s.cached = None
    do(s, "skill polarization")
    assert "play fireball powered" not in legal(s) and "play fireball basic" in legal(s)
    reason, rule = refusal(s, "play fireball powered")
    assert "cannot power a Spell's strong effect" in reason and rule == POLARIZATION_RULE
    assert s.g.polarized  # still waiting for a mana it may turn
    do(s, "play fireball basic", "pay red token")
    assert me(s).mana["black"] == 1 and not s.g.polarized


def test_polarization_at_night_gold_as_black_only_for_a_spells_strong_effect() -> None:
    """At Night gold may be used as black for a Spell's strong effect: a red die and a gold token
    power Firestorm. Only for one: Regenerate's mana of any colour cannot be a gold token as
    black; the refusal names the rule."""
    s = turn("fireball", skills="polarization", faces="red green white white", fight="prowlers", night=True)
    me(s).mana["gold"] = 1
    s.cached = None
    do(s, "skill polarization", "play fireball powered", "pay red die-1")
    assert "pay black token" in taken(s)
    do(s, "pay black token")
    assert me(s).mana["gold"] == 0 and not s.g.polarized
    s = turn(f"march {WOUND}", skills="polarization krang-regenerate", faces="red red blue blue", night=True)
    me(s).mana["gold"] = 1
    s.cached = None
    do(s, "skill polarization", "skill krang-regenerate")
    assert "colour black" not in legal(s)
    reason, rule = refusal(s, "colour black")
    assert "only to power a Spell's strong effect" in reason and rule == POLARIZATION_RULE
