"""What a player is shown of each choice (issue 24, labels/): from hand-set positions, the label of
every kind of decision says what the action does, with the numbers that decide: the effect
options a ``choose N`` picks (Instinct, Concentration, Tranquility, Improvisation, Shield Mastery,
Sparing Power), the card plays basic, powered and sideways (Ice Bolt's crystal against its
attack), the mana a ``pay`` takes (a gold die paying blue), recruiting, Tactics, level-ups, moves
and exploring, the combat's targets, blocks, resolutions and damage (``assign 2 hero`` names
enemy 2's attack, not 2 damage). Random games check the rest (tests/random_play.check_labels)."""

from __future__ import annotations

from mk_positions import GAME, _on_site, combat, do, me, tactics_time, turn
from random_play import BARE

from boardrules.engine import Action
from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.mage_knight.labels.words import card_options, skill_options


def labels(s: MKState) -> dict[str, str]:
    """Each legal action's text and its label, as the decider is shown them."""
    d = GAME.decision(s)
    assert d is not None
    shown = GAME.action_labels(s, d)
    assert len(shown) == len(d.actions)
    for a, label in zip(d.actions, shown, strict=True):
        assert label.startswith(f"{a.text}: ") and not BARE.fullmatch(label), label
    return {a.text: label.removeprefix(f"{a.text}: ") for a, label in zip(d.actions, shown, strict=True)}


# ---- Tactics, card plays, skills ----------------------------------------------------------------

def test_a_tactic_is_shown_with_its_number_and_its_text() -> None:
    shown = labels(tactics_time())
    assert shown["tactic early-bird"] == "Early Bird (Day 1): No effect: first in the Round Order"
    assert shown["tactic great-start"] == "Great Start (Day 5): When taken: draw two cards"


def test_a_card_play_says_what_each_side_gives_and_costs_ice_bolts_crystal_against_its_attack() -> None:
    shown = labels(turn("ice-bolt march", faces="blue green red white"))
    assert shown["play ice-bolt basic"] == "A blue crystal"
    assert shown["play march powered"] == "Move 4 (green mana)"
    assert shown["play march move"] == "sideways, Move 1"
    assert shown["play ice-bolt influence"] == "sideways, Influence 1"
    shown = labels(turn("ice-bolt march", faces="blue green red white", fight="prowlers"))  # the Ranged phase
    assert shown["play ice-bolt basic"] == "A blue crystal"
    assert shown["play ice-bolt powered"] == "Ice Ranged Attack 3 (blue mana)"


def test_a_spells_strong_effect_is_named_and_costs_its_colour_and_black() -> None:
    s = turn("fireball", faces="red blue green white", night=True, fight="prowlers")
    me(s).mana["black"] = 1
    s.cached = None
    shown = labels(s)
    assert shown["play fireball basic"] == "Fire Ranged Attack 5 (red mana)"
    assert shown["play fireball powered"] == "Firestorm: take a Wound, Fire Siege Attack 8 (red and black mana)"


def test_every_option_of_every_card_and_skill_side_reads_differently() -> None:
    """A ``choose N`` never lists two options alike: where the effects cannot say what an option
    gives (a mechanism of its own), the content says it (``basic_options``, ``options``)."""
    t = GAME.t
    for c in t.cards:
        for how in ("basic", "powered"):
            words = card_options(c, how)
            assert len(set(words)) == len(words), (c.id, how, words)
    for k in t.skills:
        words = skill_options(k)
        assert len(set(words)) == len(words), (k.id, words)
    ritual = t.card["ritual-attack"]
    assert card_options(ritual, "basic")[1] == "a blue card thrown away: Ice Attack 3"


def test_instinct_options_are_the_points_each_gives() -> None:
    s = turn("instinct march")
    do(s, "play instinct basic")
    assert labels(s) == {"choose 1": "Move 2", "choose 2": "Influence 2"}  # outside a combat
    s = turn("instinct march", fight="prowlers")
    s.g.combat.phase = "block"
    s.play, s.cached = ["instinct", "basic"], None  # (the step set by hand: in play its one answer is taken at once)
    assert labels(s) == {"choose 4": "Block 2"}  # Move and Influence do nothing in this Block phase


def test_tranquility_heals_or_draws() -> None:
    s = turn("tranquility march")
    me(s).hand.append("wound")
    s.cached = None
    do(s, "play tranquility basic")
    assert labels(s) == {"choose 1": "Heal 1", "choose 2": "Draw a card"}


def test_concentration_tokens_then_the_card_it_powers_with_its_bonus() -> None:
    s = turn("concentration march rage")
    do(s, "play concentration basic")
    assert labels(s) == {"choose 1": "A blue mana token", "choose 2": "A white mana token",
                         "choose 3": "A red mana token"}
    s = turn("concentration march rage", faces="green blue red white")
    me(s).crystals["green"] = 1  # (two sources of green: the question is asked)
    s.cached = None
    do(s, "play concentration powered")
    shown = labels(s)
    assert shown["power march"] == "March powered free: Move 4, +2 to its Move, Influence, Block or Attack"
    do(s, "power march")
    assert labels(s)["pay green die-1"] == "green mana for Concentration, from Source die 1 showing green"


def test_improvisation_names_the_card_discarded_and_the_points() -> None:
    s = turn("improvisation march rage")
    do(s, "play improvisation basic")
    shown = labels(s)
    assert shown["choose 1"] == "Move 3, discard another non-Wound card for this effect"
    do(s, "choose 1")
    assert labels(s)["discard march"] == "discard March (Move 2; powered Move 4), for Improvisation"


def test_a_skills_options_shield_mastery() -> None:
    s = turn("march", skills="shield-mastery", fight="prowlers")
    s.g.combat.phase = "block"
    s.cached = None
    shown = labels(s)
    assert shown["skill shield-mastery"].startswith("Shield Mastery: ")
    do(s, "skill shield-mastery")
    options = labels(s)
    assert options["choose 1"] == "Block 3" and options["choose 2"].startswith("Fire Block 2")


def test_sparing_power_puts_a_card_under_it_or_takes_them() -> None:
    s = turn("march rage")
    me(s).tactic = "sparing-power"
    s.g.night = True
    s.g.spared = tuple(("stamina", "promise") if i == s.g.current else () for i in range(2))
    s.cached = None
    shown = labels(s)
    assert shown["use-tactic sparing-power"].startswith("Sparing Power (Night 6): Once before each of your turns")
    do(s, "use-tactic sparing-power")
    assert labels(s) == {"choose 1": "Put your Deed deck's top card face down under Sparing Power",
                         "choose 2": "Flip Sparing Power and take the 2 cards under it into your hand"}


# ---- mana ------------------------------------------------------------------------------------------

def test_a_gold_die_paying_blue_says_so() -> None:
    s = turn("ice-bolt", faces="gold red green white", fight="prowlers")
    me(s).crystals["blue"] = 1  # (two sources of blue: the question is asked)
    s.cached = None
    do(s, "play ice-bolt powered")
    shown = labels(s)
    assert shown["pay blue die-1"] == "blue mana for Ice Bolt, from Source die 1 showing gold (gold paying blue)"
    assert shown["pay blue crystal"] == "blue mana for Ice Bolt, from your only blue crystal"


def test_a_crystal_or_a_token_paying() -> None:
    s = turn("march", faces="red blue white black")
    me(s).crystals["green"], me(s).mana["green"] = 2, 1
    s.cached = None
    do(s, "play march powered")
    shown = labels(s)
    assert shown["pay green crystal"] == "green mana for March, from one of your 2 green crystals"
    assert shown["pay green token"] == "green mana for March, from your green mana token"


def test_crystallizes_colour_is_the_crystal_and_the_mana_paid() -> None:
    s = turn("crystallize", faces="red blue green white")
    do(s, "play crystallize basic")
    assert labels(s)["colour red"] == "pay a red mana for a red crystal"


# ---- recruiting, level-ups, rewards -------------------------------------------------------------

def test_recruiting_shows_the_units_cost_armor_and_abilities() -> None:
    s = turn("promise march wound")
    _on_site(s, "village")
    s.g.unit_offer = ["peasants", "utem-guardsmen"]
    me(s).influence_points = 9
    s.cached = None
    shown = labels(s)
    assert shown["recruit utem-guardsmen"] == \
        "Utem Guardsmen (II, 5 Influence, Armor 5): Attack 2 · Block 4, counts twice against Swift"
    assert shown["recruit peasants"] == "Peasants (I, 4 Influence, Armor 3): Attack 2 · Block 2 · Influence 2 · Move 2"
    assert shown["heal 1"] == "buy Heal 1 for 3 Influence (a Wound from your hand)"


def test_a_level_up_names_the_skill_and_the_advanced_action_with_their_texts() -> None:
    """Facts 6.2, two decisions (issue 24): the skill first (with what Advanced Actions it comes
    with), then the Advanced Action."""
    s = turn("march")
    p = me(s)
    p.pending, p.skill_pile = ["skill-and-advanced-action"], ["cold-swordsmanship", "double-time"]
    s.g.aa_offer, s.g.common_skills = ["ice-bolt", "fire-bolt"], ["shamanic-ritual"]
    s.turn_begun, s.cached = False, None
    shown = labels(s)
    assert list(shown) == ["level-up cold-swordsmanship", "level-up double-time", "level-up shamanic-ritual"]
    assert shown["level-up double-time"] == \
        "skill Double Time: Move 2 by Day, 1 at Night; then any Advanced Action of the offer"
    assert shown["level-up shamanic-ritual"].endswith(
        "(Common Skill offer); then the lowest Advanced Action of the offer, Fire Bolt")
    do(s, "level-up double-time")
    d = GAME.decision(s)
    assert d is not None and d.prompt == "Level-up: with the skill Double Time, an Advanced Action of the offer"
    assert labels(s) == {
        "learn fire-bolt": "take Fire Bolt (A red crystal; powered Fire Ranged Attack 3), with the skill Double Time",
        "learn ice-bolt": "take Ice Bolt (A blue crystal; powered Ice Ranged Attack 3), with the skill Double Time"}
    seat = s.g.current
    events = GAME.apply(s, Action.parse("learn ice-bolt"))
    q = s.g.players[seat]
    assert "double-time" in q.skills and "ice-bolt" in q.deck + q.hand and not q.pending
    assert any(e.text == "takes the skill Double Time and the Advanced Action Ice Bolt" for e in events)


def test_a_reward_names_the_card_taken() -> None:
    s = turn("march")
    me(s).pending = ["spell"]
    s.g.spell_offer = ["fireball", "snowstorm"]
    s.turn_begun, s.cached = False, None
    shown = labels(s)
    assert shown["take spell fireball"] == \
        "take Fireball (Fire Ranged Attack 5; Firestorm: take a Wound, Fire Siege Attack 8) (on top of your Deed deck)"


# ---- the map -----------------------------------------------------------------------------------------

def test_a_move_says_the_terrain_and_its_cost_and_exploring_where_the_tile_goes() -> None:
    s = turn("march stamina")
    do(s, "play march powered", "pay green die-3")
    shown = labels(s)
    moves = {k: v for k, v in shown.items() if k.startswith("move ")}
    assert moves and all(" Move (you have 4)" in v for v in moves.values())
    explores = [v for k, v in shown.items() if k.startswith("explore ")]
    assert all(v.startswith("reveal a new tile at tile position ") and "centred on space" in v for v in explores)


def test_resting_names_the_card_and_the_wounds_discarded() -> None:
    s = turn("march wound wound")
    assert labels(s)["rest march"] == "Standard Rest: discard March and your 2 Wounds; no move, no action this turn"


# ---- combat ---------------------------------------------------------------------------------------

def _in_combat(enemies: str, hand: str = "march rage") -> MKState:
    s = turn(hand, fight=enemies)
    return s


def test_targets_say_the_armor_that_counts_now_fortified_only_siege() -> None:
    s = _in_combat("diggers, wolf-riders")
    shown = labels(s)
    assert shown["target 1"] == "aim at the Diggers (Armor 3, fortified: only Siege counts now, Fame 2)"
    assert shown["target 2"] == "aim at the Wolf Riders (Armor 4, Fame 3)"
    assert shown["next"] == "on to the Block phase"


def test_resolve_says_whether_the_points_defeat_the_target() -> None:
    s = _in_combat("prowlers", hand="rage march")
    s.g.combat.phase = "attack"
    s.cached = None
    do(s, "play rage basic", "choose 1", "target 1")
    assert labels(s)["resolve"] == ("Attack 2, Armor 3 needed: not enough, nothing is defeated and the points are spent "
                                    "(asks to confirm)")
    s = _in_combat("prowlers", hand="rage march")
    s.g.combat.phase = "attack"
    me(s).hand.append("rage")
    s.cached = None
    do(s, "play rage basic", "choose 1", "play march attack", "target 1")
    assert labels(s)["resolve"] == "Attack 3, Armor 3 needed: defeat the Prowlers (Fame +2)"


def test_blocks_say_what_blocking_takes_swift_doubles() -> None:
    s = _in_combat("wolf-riders")
    do(s, "next")
    shown = labels(s)
    assert shown["block 1"] == "block the Wolf Riders' Attack 3 (Swift): it takes Block 6"
    assert shown["next"] == "on to the Assign Damage phase; 1 attack unblocked deals its damage"


def test_assign_names_the_enemys_attack_and_the_wounds_it_gives_not_an_amount() -> None:
    f = combat("prowlers, wolf-riders", units="peasants")
    s = turn("march", units="peasants", fight="prowlers, wolf-riders")
    s.g.combat = f.c
    f.play("next", "next")  # no block: the Assign Damage phase
    s.cached = None
    shown = labels(s)
    assert shown["assign 1 hero"] == ("the Prowlers' attack (enemy 1), 4 damage, to your hero (Armor 2): 2 Wounds into "
                                      "your hand")
    assert shown["assign 1 unit peasants-1"] == ("the Prowlers' attack (enemy 1), 4 damage, to the Peasants (Armor 3): "
                                                 "1 Wound, 1 damage left to assign")
    assert not any(v.startswith("2 damage") for v in shown.values())


def test_a_units_ability_in_combat_names_the_unit_and_what_it_gives() -> None:
    s = _in_combat("prowlers")
    s.g.combat = combat("prowlers", units="utem-crossbowmen").c
    me(s).units = [["utem-crossbowmen", 0, False]]
    s.cached = None
    assert labels(s)["activate utem-crossbowmen-1 ranged"] == "the Utem Crossbowmen: Ranged Attack 2"


def test_labels_read_only_what_the_decider_knows() -> None:
    """A label never names a card of another hand or of a deck's order: the other hero's hand
    swapped with their deck changes no label (the random games check every sample)."""
    s = turn("march rage")
    other = s.g.players[1 - s.g.current]
    before = GAME.action_labels(s, GAME.decision(s))
    other.hand, other.deck = other.deck[:len(other.hand)], other.hand + other.deck[len(other.hand):]
    s.cached = None
    assert GAME.action_labels(s, GAME.decision(s)) == before
    assert Action.parse("play march basic") in GAME.decision(s).actions
