"""Mage Knight Artifacts offered in stage 17 (facts 3.3): Sword of Justice, Banner of Glory,
Banner of Fear, Druidic Staff, Tome of All Spells..., each played through the decisions (``play
CARD basic|powered`` and its steps) from a hand-set position of a real game."""

from __future__ import annotations

from mk_positions import combat
from test_mk_decisions import GAME, do, in_phase, legal, me, turn

from boardrules.engine import Action
from boardrules.games.mage_knight.game_state import MKState


def _fight(hand: str, enemies: str, units: str = "", phase: str = "attack") -> MKState:
    """The first turn with ``hand``, in a combat against ``enemies`` with ``units`` (comma
    separated, as ``mk_positions.combat``) in ``phase``."""
    s = turn(hand)
    s.g.combat = combat(enemies, units=units).c
    p = me(s)
    p.units = [[u.strip().partition(":")[0], 0, False] for u in units.split(",") if u.strip()]
    p.command = max(p.command, len(p.units))
    return in_phase(s, phase)


# ---- Sword of Justice ---------------------------------------------------------------------------

def test_sword_of_justice_powered_physical_attacks_count_double_and_enemies_lose_physical_resistance() -> None:
    """Facts 3.3, Sword of Justice thrown away: "physical attacks you play in the Attack phase
    count double; enemies lose Physical resistance this turn; Fame +1 per enemy defeated"."""
    s = _fight("sword-of-justice rage march", "golems, diggers")  # Golems: Armor 5, Physical Resistance
    do(s, "play sword-of-justice powered")
    c = s.g.combat
    assert c is not None and "sword-of-justice" in me(s).thrown and c.enemies[0].resistances_lost == ["physical"] == c.enemies[1].resistances_lost
    do(s, "play rage basic", "choose 1", "play march attack", "target 1")
    fame = me(s).fame
    do(s, "resolve")  # physical 3 counts 6 against Armor 5 (without the Sword: 3 halved, 1)
    c = s.g.combat
    assert c is not None and c.enemies[0].defeated and c.fame == 4 + 1 and me(s).fame == fame


def test_sword_of_justice_powered_in_the_ranged_phase_no_resistance_but_nothing_doubled() -> None:
    """Only the Attack phase's physical attacks count double; the lost resistance holds at once."""
    s = _fight("sword-of-justice swiftness", "golems", phase="ranged")
    do(s, "play sword-of-justice powered", "play swiftness powered", "pay white die-4", "target 1")
    events = GAME.apply(s, Action.parse("resolve"))
    assert [e.data["attack"] for e in events if e.kind == "attack-failed"] == [3]  # neither halved nor doubled


def test_sword_of_justice_powered_is_played_in_a_combat() -> None:
    s = turn("sword-of-justice march")
    assert "play sword-of-justice powered" not in legal(s)


# ---- Bow of Starsdawn ---------------------------------------------------------------------------

def test_bow_of_starsdawn_powered_ranged_attacks_doubled() -> None:
    """Facts 3.3, Bow of Starsdawn thrown away: "each of your ranged attacks this turn is doubled or
    becomes a siege attack of the same element": against an unfortified enemy, doubled."""
    s = _fight("bow-of-starsdawn swiftness", "orc-tracker, prowlers", phase="ranged")
    do(s, "play bow-of-starsdawn powered", "play swiftness powered", "pay white die-4", "target 1")
    events = GAME.apply(s, Action.parse("resolve"))
    assert [e.data["token"] for e in events if e.kind == "defeated"] == ["orc-tracker"]  # Ranged 3 counts 6
    assert "bow-of-starsdawn" in me(s).thrown


def test_bow_of_starsdawn_powered_a_ranged_attack_counts_as_siege_against_a_fortified_enemy() -> None:
    s = _fight("bow-of-starsdawn swiftness", "diggers, prowlers", phase="ranged")  # Diggers: fortified, Armor 3
    do(s, "play swiftness powered", "pay white die-4", "target 1")
    assert "resolve" not in legal(s)  # a Ranged Attack does not count against a fortified enemy
    do(s, "play bow-of-starsdawn powered", "resolve")
    c = s.g.combat
    assert c is not None and c.enemies[0].defeated


def test_bow_of_starsdawn_powered_is_played_in_a_combat() -> None:
    s = turn("bow-of-starsdawn march")
    assert "play bow-of-starsdawn powered" not in legal(s)


# ---- Banner of Glory ----------------------------------------------------------------------------

def test_banner_of_glory_under_a_unit_armor_plus_1_plus_1_to_its_blocks_and_attacks_fame_when_it_fights() -> None:
    """Facts 3.3, Banner of Glory: "unit Armor +1 and +1 to its attacks/blocks; Fame +1 whenever it
    attacks or blocks"; put under a Unit in the combat, it works at once."""
    from boardrules.games.mage_knight.combat.damage import unit_armor

    s = _fight("banner-of-glory", "prowlers, diggers", units="peasants, utem-guardsmen", phase="block")
    do(s, "play banner-of-glory basic", "banner peasants-1")
    assert me(s).banners == {"peasants-1": "banner-of-glory"}
    do(s, "block 1", "activate peasants-1 block", "activate utem-guardsmen-1 block")
    c = s.g.combat
    assert c is not None
    assert [x[2] for x in c.pool] == [3, 4]  # the Peasants' Block 2 +1; the Guardsmen's without a Banner
    assert c.fame == 1  # the Peasants blocked under the Banner
    assert unit_armor(c, GAME.t, c.units[0]) == 4 and unit_armor(c, GAME.t, c.units[1]) == 5


def test_banner_of_glory_powered_every_unit_armor_plus_1_plus_1_and_fame_per_unit_that_fights() -> None:
    """Thrown away: "all your units Armor +1 and +1 to attacks/blocks this turn; Fame +1 per unit
    that attacks or blocks"."""
    from boardrules.games.mage_knight.combat.damage import unit_armor

    s = _fight("banner-of-glory", "prowlers, diggers", units="peasants, utem-guardsmen", phase="block")
    assert "play banner-of-glory powered" in legal(s)
    do(s, "play banner-of-glory powered", "block 1", "activate peasants-1 block", "activate utem-guardsmen-1 block")
    c = s.g.combat
    assert c is not None and "banner-of-glory" in me(s).thrown
    assert [x[2] for x in c.pool] == [3, 5] and c.fame == 2
    assert unit_armor(c, GAME.t, c.units[0]) == 4 and unit_armor(c, GAME.t, c.units[1]) == 6
    s = turn("banner-of-glory march")
    assert "play banner-of-glory powered" not in legal(s)  # its bonus is to a combat's attacks and blocks


# ---- Banner of Fear -----------------------------------------------------------------------------

def test_banner_of_fear_in_the_block_phase_spend_the_unit_to_cancel_an_attack_fame_1() -> None:
    """Facts 3.3, Banner of Fear: "in the Block phase you may spend this unit to cancel one enemy
    attack; Fame +1"; the attack is the one declared (``block N``)."""
    s = _fight("banner-of-fear", "prowlers, orc-summoners", units="peasants", phase="block")
    do(s, "play banner-of-fear basic", "banner peasants-1")
    assert "activate peasants-1 banner" not in legal(s)  # no attack declared yet
    do(s, "block 1", "activate peasants-1 banner")
    c = s.g.combat
    assert c is not None and c.enemies[0].blocked == [True] and c.units[0].spent and c.fame == 1
    assert "block 1" not in legal(s) and "activate peasants-1 banner" not in legal(s)
    do(s, "next")
    assert c.enemies[0].left == [0]  # no damage from the cancelled attack


def test_banner_of_fear_the_unit_must_be_ready_and_only_in_the_block_phase() -> None:
    s = _fight("march", "prowlers, diggers", units="peasants", phase="block")
    me(s).banners = {"peasants-1": "banner-of-fear"}
    c = s.g.combat
    assert c is not None
    c.this_combat.append("banner:peasants-1:banner-of-fear")
    c.units[0].spent = True
    do(s, "block 1")
    assert "activate peasants-1 banner" not in legal(s)
    c.units[0].spent = False
    c.cached = s.cached = None
    assert "activate peasants-1 banner" in legal(s)
    in_phase(s, "attack").g.combat.cached = None  # type: ignore[union-attr]
    assert "activate peasants-1 banner" not in legal(s)


# ---- Banner of Command --------------------------------------------------------------------------

def test_banner_of_command_influence_4_and_a_unit_recruited_takes_it_in_place_of_a_command_token() -> None:
    """Facts 3.3, Banner of Command: "Influence 4; if you recruited a unit this turn you may attach
    this to it in place of a Command token": with no free token, the Unit recruited takes it."""
    s = turn("banner-of-command march", units="peasants")
    g = s.g
    g.unit_offer = ["foresters", "peasants"]
    village = next(h for h, (tile, i) in g.spaces.items() if GAME.t.tile[tile].hexes[i].site == "village")
    me(s).position = village
    s.cached = None
    do(s, "play banner-of-command basic", "play march influence")
    p = me(s)
    assert p.influence_points == 5 and p.command == 1 and "banner-of-command" in p.play_area
    do(s, "recruit foresters")  # no disband asked: the Banner is the Command token
    p = me(s)
    assert [u[0] for u in p.units] == ["peasants", "foresters"] and p.banners == {"foresters-1": "banner-of-command"}
    assert "banner-of-command" not in p.play_area and "recruit peasants" not in legal(s)  # no Influence left
    p.influence_points = 9
    s.cached = None
    do(s, "recruit peasants")
    # the Banner is used: a Unit goes first, one holding a token (the Foresters hold the Banner)
    assert legal(s) == ["disband peasants-1"]


def test_banner_of_command_a_unit_with_it_holds_no_command_token_until_it_leaves() -> None:
    from boardrules.games.mage_knight.cards.offers import disband_unit
    from boardrules.games.mage_knight.game_state import command_tokens_used

    s = turn("march", units="peasants foresters")
    p = me(s)
    p.command = 1
    p.banners = {"foresters-1": "banner-of-command"}
    assert command_tokens_used(p) == 1
    disband_unit(GAME.t, s.g, s.g.current, "foresters-1", [])
    assert p.banners == {} and p.discard == ["banner-of-command"] and command_tokens_used(p) == 1


# ---- Druidic Staff ------------------------------------------------------------------------------

def test_druidic_staff_discard_a_card_its_colour_gives_the_effect_blue_two_crystals_red_ready_green_heal() -> None:
    """Facts 3.3, Druidic Staff: "discard a card; by its colour: white move up to 2 revealed spaces
    to a safe space; blue 2 crystals of one colour; red ready a unit of level <=III; green Heal 3"."""
    s = turn("druidic-staff stamina rage march", units="peasants:spent")
    do(s, "play druidic-staff basic")
    assert legal(s) == ["choose 1", "choose 2", "choose 3", "choose 4"][1:]  # no white card in hand
    do(s, "choose 2")
    assert legal(s) == ["discard stamina"]  # the blue card
    do(s, "discard stamina", "colour red")
    p = me(s)
    assert p.crystals["red"] == 2 and "stamina" in p.discard and p.hand == ["rage", "march"]
    s = turn("druidic-staff stamina rage", units="peasants:spent")
    do(s, "play druidic-staff basic", "choose 3", "discard rage", "ready peasants-1")
    assert me(s).units[0][2] is False
    s = turn("druidic-staff march wound wound wound wound")
    do(s, "play druidic-staff basic", "choose 4", "discard march")
    assert me(s).hand == ["wound"]


def test_druidic_staff_white_flies_up_to_2_revealed_spaces_to_a_safe_space() -> None:
    from boardrules.games.mage_knight.cards.artifacts import staff_moves

    s = turn("druidic-staff swiftness")
    spaces = staff_moves(GAME.t, s.g, s.g.current)
    start = me(s).position
    far = next(h for h in spaces if max(abs(h[0] - start[0]), abs(h[1] - start[1]),
                                         abs(h[0] + h[1] - start[0] - start[1])) == 2)
    do(s, "play druidic-staff basic", "choose 1", "discard swiftness")
    assert sorted(legal(s)) == sorted(f"move {h[0]}:{h[1]}" for h in spaces)
    do(s, f"move {far[0]}:{far[1]}")
    assert me(s).position == far and me(s).move_points == 0


def test_druidic_staff_powered_two_different_effects_no_discard() -> None:
    s = turn("druidic-staff wound wound wound wound", units="peasants:spent")
    do(s, "play druidic-staff powered", "choose 2")
    assert legal(s) == ["choose 3", "choose 4"]  # a different effect, each pair once
    do(s, "choose 4", "colour white")
    p = me(s)
    assert p.crystals["white"] == 2 and p.hand == ["wound"] and "druidic-staff" in p.thrown
    assert p.units[0][2] is True


# ---- Tome of All Spells -------------------------------------------------------------------------

def test_tome_of_all_spells_discard_a_card_the_basic_effect_of_an_offered_spell_of_its_colour_no_mana() -> None:
    """Facts 3.3, Tome of All Spells: "discard a card -> basic effect of a Spell of the same colour
    in the offer, no mana"; the Spell stays in the offer."""
    s = _fight("tome-of-all-spells rage stamina", "prowlers, diggers", phase="ranged")
    s.g.spell_offer = ["fireball", "snowstorm", "tremor"]
    s.cached = None
    do(s, "play tome-of-all-spells basic")
    assert legal(s) == ["discard rage", "discard stamina"]
    do(s, "discard rage")
    assert legal(s) == ["learn fireball"]  # the red Spell of the offer
    do(s, "learn fireball")
    c = s.g.combat
    p = me(s)
    assert c is not None and [x[:3] for x in c.pool] == [("ranged", "fire", 5)]
    assert p.discard == ["rage"] and p.hand == ["stamina"] and "tome-of-all-spells" in p.play_area
    assert s.g.spell_offer == ["fireball", "snowstorm", "tremor"] and p.mana == dict.fromkeys(p.mana, 0)


def test_tome_of_all_spells_powered_the_strong_effect_by_day_with_the_spells_own_choices() -> None:
    """Thrown away: "discard a card -> strong effect of a Spell of that colour in the offer, no mana,
    even by day" (Tremor's Earthquake: an option, then the enemy)."""
    s = _fight("tome-of-all-spells march", "prowlers, diggers", phase="ranged")
    s.g.spell_offer = ["fireball", "tremor"]
    s.cached = None
    do(s, "play tome-of-all-spells powered", "discard march", "learn tremor")
    assert legal(s) == ["choose 1", "choose 2"]
    do(s, "choose 1", "enemy 2")
    c = s.g.combat
    assert c is not None and c.enemies[1].armor_cut == 6  # Armor -3, and again: the Diggers are fortified
    assert "tome-of-all-spells" in me(s).thrown
    s = turn("tome-of-all-spells crystallize")  # no blue Spell in the offer
    s.g.spell_offer = ["fireball", "tremor"]
    s.cached = None
    assert "play tome-of-all-spells basic" not in legal(s)


# ---- Circlet of Proficiency --------------------------------------------------------------------

def test_circlet_of_proficiency_a_skill_of_the_common_offer_used_as_yours_a_once_a_turn_one_twice() -> None:
    """Facts 3.3, Circlet of Proficiency: "use a non-interactive skill from the Common Skill offer as
    yours; a once-per-turn skill is used twice"; the skill stays in the offer."""
    s = turn("circlet-of-proficiency march")
    s.g.common_skills = ["double-time", "potion-making", "healing-ritual"]
    s.cached = None
    do(s, "play circlet-of-proficiency basic")
    assert legal(s) == ["skill double-time", "skill potion-making"]  # not the interactive one
    do(s, "skill double-time", "choose 1")  # Move 2 by Day, twice
    p = me(s)
    assert p.move_points == 4 and s.g.common_skills == ["double-time", "potion-making", "healing-ritual"]
    assert "double-time" not in p.skills and "circlet-of-proficiency" in p.play_area
    s = turn("circlet-of-proficiency wound wound wound wound")
    s.g.common_skills = ["potion-making"]
    s.cached = None
    do(s, "play circlet-of-proficiency basic", "skill potion-making")  # once a round: Heal 2 once
    assert me(s).hand == ["wound", "wound"]


def test_circlet_of_proficiency_powered_take_a_skill_of_the_common_offer_for_good() -> None:
    s = turn("circlet-of-proficiency")
    s.g.common_skills = ["double-time", "healing-ritual"]
    s.cached = None
    do(s, "play circlet-of-proficiency powered")
    assert legal(s) == ["skill double-time", "skill healing-ritual"]
    do(s, "skill healing-ritual")
    p = me(s)
    assert "healing-ritual" in p.skills and s.g.common_skills == ["double-time"]
    assert "circlet-of-proficiency" in p.thrown
    s = turn("circlet-of-proficiency march")  # an empty Common Skill offer
    assert "play circlet-of-proficiency basic" not in legal(s)


# ---- Mysterious Box -----------------------------------------------------------------------------

def test_mysterious_box_reveals_the_top_artifact_to_all_and_is_used_as_it_fame_1() -> None:
    """Facts 3.3, Mysterious Box: "reveal the top Artifact; this turn you may use Mysterious Box as
    that artifact (then Fame +1); at end of turn the revealed artifact goes to the deck bottom"."""
    from boardrules.engine import Rng

    s = turn("mysterious-box march")
    s.g.artifact_deck = ["ruby-ring", "golden-grail", "endless-bag-of-gold"]  # the top is the last
    s.cached = None
    other = 1 - s.g.current
    assert GAME.view(s, other)["artifacts_drawn"] == [] and "play mysterious-box powered" not in legal(s)
    assert GAME.explain_illegal(s, Action.parse("play mysterious-box powered"))[0] == \
        "Mysterious Box has no strong effect of its own"
    do(s, "play mysterious-box basic")
    assert GAME.view(s, other)["artifacts_drawn"] == ["endless-bag-of-gold"]  # seen by everyone
    for seed in range(3):  # what is seen stays as it is
        assert GAME.determinize(s, other, Rng(seed)).g.artifact_deck[-1] == "endless-bag-of-gold"
    assert "play mysterious-box powered" in legal(s) and "mysterious-box" in me(s).play_area
    fame = me(s).fame
    do(s, "play mysterious-box powered")  # as the Endless Bag of Gold thrown away: Influence 9, Fame +3
    p = me(s)
    assert p.influence_points == 9 and p.fame == fame + 3 + 1 and "mysterious-box" in p.thrown
    do(s, "end-turn")
    assert s.g.artifact_deck == ["endless-bag-of-gold", "ruby-ring", "golden-grail"]  # to the bottom


def test_mysterious_box_unused_returns_to_the_hand_at_the_end_of_the_turn() -> None:
    s = turn("mysterious-box march")
    s.g.artifact_deck = ["ruby-ring", "banner-of-courage"]
    s.cached = None
    player = s.g.current
    do(s, "play mysterious-box basic")
    assert "play mysterious-box basic" not in legal(s)  # as the Banner: no Unit to go under
    do(s, "end-turn")
    p = s.g.players[player]
    assert "mysterious-box" in p.hand and "mysterious-box" not in p.discard
    assert s.g.artifact_deck == ["banner-of-courage", "ruby-ring"] and GAME.view(s, 1 - player)["artifacts_drawn"] == []


# ---- random games holding these cards (property) ------------------------------------------------

def test_random_games_with_the_stage_17_artifacts_in_hand_keep_the_invariants() -> None:
    """Random games where each hero also holds the Artifacts offered here, with Units: every
    decision has a legal action, refusals are errors with a rule, texts hide what views hide,
    and the game ends."""
    from random_play import play_checked
    from test_mk_game import check_state, check_views

    cards = ["banner-of-glory", "banner-of-fear", "sword-of-justice", "druidic-staff", "tome-of-all-spells",
             "circlet-of-proficiency", "bow-of-starsdawn", "banner-of-command", "mysterious-box"] * 2
    s = GAME.new_state(2, 517)
    s.g.common_skills = ["universal-power", "invocation", "inspiration", "double-time", "healing-ritual"]
    for i, p in enumerate(s.g.players):
        p.command = 3
        p.units = [["peasants", 0, False], ["utem-guardsmen", 0, False]]
        p.crystals = dict.fromkeys(p.crystals, 1)
        p.deck = cards[i::2] + p.deck  # each hero draws half of them first
    s.cached = None
    actions = play_checked(GAME, s, 17, check_state, salt=0x4D42, views=check_views, views_every=23, texts_every=7)
    assert s.over and any(a.startswith("play ") for a in actions)
