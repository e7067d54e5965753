"""Mage Knight Deed cards, heroes, level track, skills and tactics as data (facts 1-3): every
card's decoded effects against values transcribed from shared/facts/mage-knight-content.md, so
a typo in a content file fails here."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mk_positions import Fight, check_broken_content, combat
from pydantic import TypeAdapter

from boardrules.engine import ContentError
from boardrules.games.mage_knight.cards_model import SPECIALS, Side, notation, specials_of
from boardrules.games.mage_knight.combat.phases import add_effect
from boardrules.games.mage_knight.content import CONTENT_DIR, default_content, load_content

SIDE: TypeAdapter[Side] = TypeAdapter(Side)


def decoded(text: str) -> Side:
    return SIDE.validate_python(text)


IMPRO = "special:improvisation"
RITUAL = "special:throw-away-card"

# id: (kind, colours, set, basic, powered), from facts 2.1, 2.2, 3.1, 3.2, 3.3.
CARDS: dict[str, tuple[str, tuple[str, ...], str, str, str]] = {
    # 2.1 shared basic actions
    "march": ("basic", ("green",), "base", "move 2", "move 4"),
    "stamina": ("basic", ("blue",), "base", "move 2", "move 4"),
    "swiftness": ("basic", ("white",), "base", "move 2", "ranged 3"),
    "rage": ("basic", ("red",), "base", "attack 2 | block 2", "attack 4"),
    "determination": ("basic", ("blue",), "base", "attack 2 | block 2", "block 5"),
    "tranquility": ("basic", ("green",), "base", "heal 1 | draw 1", "heal 2 | draw 2"),
    "promise": ("basic", ("white",), "base", "influence 2", "influence 4"),
    "threaten": ("basic", ("red",), "base", "influence 2", "influence 5; reputation -1"),
    "crystallize": ("basic", ("blue",), "base", "special:crystallize", "crystal basic"),
    "mana-draw": ("basic", ("white",), "base", "extra-die 1", "special:mana-draw 2"),
    "concentration": ("basic", ("green",), "base", "mana-token blue | mana-token white | mana-token red",
                      "special:concentration 2"),
    "improvisation": ("basic", ("red",), "base",
                      f"{IMPRO}; move 3 | {IMPRO}; influence 3 | {IMPRO}; attack 3 | {IMPRO}; block 3",
                      f"{IMPRO}; move 5 | {IMPRO}; influence 5 | {IMPRO}; attack 5 | {IMPRO}; block 5"),
    # 2.2 hero cards
    "battle-versatility": ("hero", ("red",), "base", "attack 2 | block 2 | ranged 1",
                           "attack 4 | block 4 | attack 3 fire | block 3 fire | ranged 3 | siege 2"),
    "mana-pull": ("hero", ("white",), "exp", "extra-die 1; special:mana-pull", "special:mana-pull-powered 2"),
    "will-focus": ("hero", ("green",), "base", "mana-token blue | mana-token white | mana-token red | crystal green",
                   "special:concentration 3"),
    "crystal-joy": ("hero", ("blue",), "exp", "special:crystallize; special:crystal-joy",
                    "crystal basic; special:crystal-joy"),
    "noble-manners": ("hero", ("white",), "base", "influence 2; special:noble-manners",
                      "influence 4; special:noble-manners"),
    "rejuvenate": ("hero", ("green",), "exp", "heal 1 | draw 1 | mana-token green | ready-unit 2",
                   "heal 2 | draw 2 | crystal green | ready-unit 3"),
    "cold-toughness": ("hero", ("blue",), "base", "attack 2 ice | block 3 ice",
                       "block 5 ice +1/enemy-icon; special:cold-toughness"),
    "instinct": ("hero", ("red",), "exp", "move 2 | influence 2 | attack 2 | block 2",
                 "move 4 | influence 4 | attack 4 | block 4"),
    "swift-reflexes": ("hero", ("white",), "LL", "move 2 | ranged 1 | attack-reduction 1 one @block-phase",
                       "move 4 | ranged 3 | attack-reduction 2 one @block-phase"),
    "tirelessness": ("hero", ("blue",), "LL", "move 2; special:tirelessness 1", "move 4; special:tirelessness 2"),
    "savage-harvesting": ("hero", ("green",), "Krang", "move 2; special:savage-harvesting 1",
                          "move 4; special:savage-harvesting"),
    "ruthless-coercion": ("hero", ("red",), "Krang", "influence 2; special:ruthless-coercion",
                          "influence 6; reputation -1; special:ready-units-for-influence"),
    "one-with-the-land": ("hero", ("green",), "SoT", "move 2 | heal 1 | block 2",
                          "move 4 | heal 2 | special:one-with-the-land"),
    "druidic-paths": ("hero", ("blue",), "SoT", "move 2; special:terrain-cost 1", "move 4; special:terrain-cost 1"),
    # 3.1 advanced actions: red
    "fire-bolt": ("advanced", ("red",), "base", "crystal red", "ranged 3 fire"),
    "blood-rage": ("advanced", ("red",), "base", "attack 2 | take-wound; attack 5", "attack 4 | take-wound; attack 9"),
    "intimidate": ("advanced", ("red",), "base", "influence 4; reputation -1 | attack 3; reputation -1",
                   "influence 8; reputation -2 | attack 7; reputation -2"),
    "blood-ritual": ("advanced", ("red",), "base", "take-wound; crystal red; mana-token any",
                     "take-wound; mana-token 3 any; special:crystallize"),
    "into-the-heat": ("advanced", ("red",), "base", "unit-bonus 2 @combat; special:into-the-heat",
                      "unit-bonus 3 @combat; special:into-the-heat"),
    "decompose": ("advanced", ("red",), "base", f"{RITUAL} 2", f"{RITUAL} 3"),
    "maximal-effect": ("advanced", ("red",), "base", f"{RITUAL} 3", f"{RITUAL} 2"),
    "counterattack": ("advanced", ("red",), "LL", "attack 2 +2/enemy-blocked", "attack 4 +3/enemy-blocked"),
    "ritual-attack": ("advanced", ("red",), "LL",
                      f"{RITUAL}; attack 5 | {RITUAL}; attack 3 ice | {RITUAL}; ranged 3 | {RITUAL}; siege 2",
                      f"{RITUAL}; attack 6 fire | {RITUAL}; attack 4 cold-fire | {RITUAL}; ranged 4 fire | "
                      f"{RITUAL}; siege 3 fire"),
    "blood-of-ancients": ("advanced", ("red",), "LL", "take-wound; special:advanced-from-offer",
                          "take-wound; special:advanced-from-offer"),
    # blue
    "ice-bolt": ("advanced", ("blue",), "base", "crystal blue", "ranged 3 ice"),
    "ice-shield": ("advanced", ("blue",), "base", "block 3 ice", "block 3 ice; special:ice-shield 3"),
    "frost-bridge": ("advanced", ("blue",), "base", "move 2; special:terrain-cost 1",
                     "move 4; special:lake-crossing; special:terrain-cost 1"),
    "pure-magic": ("advanced", ("blue",), "base", "special:pay-mana-by-colour 4", "special:pay-mana-by-colour 7"),
    "steady-tempo": ("advanced", ("blue",), "base", "move 2; special:end-of-turn-deck | move 2",
                     "move 4; special:end-of-turn-deck | move 4"),
    "crystal-mastery": ("advanced", ("blue",), "base", "special:owned-colour-crystal",
                        "special:crystal-mastery"),
    "magic-talent": ("advanced", ("blue",), "base", "special:spell-from-offer", "special:spell-from-offer"),
    "shield-bash": ("advanced", ("blue",), "LL", "block 3 swift-double", "block 5 swift-double; special:shield-bash"),
    "temporal-portal": ("advanced", ("blue",), "LL", "special:temporal-portal 1; hand-limit 1",
                        "special:temporal-portal 2; hand-limit 1 | special:temporal-portal 1; hand-limit 2"),
    "spell-forge": ("advanced", ("blue",), "LL", "special:spell-forge 1", "special:spell-forge 2"),
    # green
    "crushing-bolt": ("advanced", ("green",), "base", "crystal green", "siege 3"),
    "refreshing-walk": ("advanced", ("green",), "base", "move 2; heal 1 @outside-combat",
                        "move 4; heal 2 @outside-combat"),
    "path-finding": ("advanced", ("green",), "base", "move 2; special:path-finding 1",
                     "move 4; special:path-finding 2"),
    "regeneration": ("advanced", ("green",), "base", "heal 1; ready-unit 2", "heal 2; ready-unit 3"),
    "in-need": ("advanced", ("green",), "base", "influence 3 +1/wound", "influence 5 +2/wound"),
    "ambush": ("advanced", ("green",), "base", "move 2; special:ambush 1", "move 4; special:ambush 2"),
    "training": ("advanced", ("green",), "base", "special:advanced-from-offer", "special:advanced-from-offer"),
    "stout-resolve": ("advanced", ("green",), "LL",
                      " | ".join(f"{w} 2; special:stout-resolve 1" for w in ("move", "influence", "attack", "block")),
                      " | ".join(f"{w} 3; special:stout-resolve 2" for w in ("move", "influence", "attack", "block"))),
    "force-of-nature": ("advanced", ("green",), "LL", "special:force-of-nature", "siege 3 | block 6"),
    "mountain-lore": ("advanced", ("green",), "LL", "move 3; special:mountain-lore 1",
                      "move 5; special:mountain-lore 2"),
    # white
    "swift-bolt": ("advanced", ("white",), "base", "crystal white", "ranged 4"),
    "agility": ("advanced", ("white",), "base", "special:agility 1; move 2", "special:agility 2; move 4"),
    "song-of-wind": ("advanced", ("white",), "base", "move 2; special:terrain-cost 1",
                     "move 2; special:terrain-cost 2 | move 2; special:terrain-cost 2; special:lake-crossing"),
    "heroic-tale": ("advanced", ("white",), "base", "influence 3; reputation +1/unit-recruited; special:heroic-tale",
                    "influence 6; reputation +1/unit-recruited; fame +1/unit-recruited; special:heroic-tale"),
    "diplomacy": ("advanced", ("white",), "base", "influence 2; special:diplomacy", "influence 4; special:diplomacy"),
    "mana-storm": ("advanced", ("white",), "base", "special:mana-storm 1", "special:mana-storm 3"),
    "learning": ("advanced", ("white",), "base", "influence 2; special:advanced-from-offer 6",
                 "influence 4; special:advanced-from-offer 9"),
    "chivalry": ("advanced", ("white",), "LL", "attack 3 | attack 2; special:chivalry",
                 "attack 6 | attack 4; special:chivalry"),
    "peaceful-moment": ("advanced", ("white",), "LL", "influence 3 | special:peaceful-moment",
                        "influence 6 | special:peaceful-moment"),
    "dodge-and-weave": ("advanced", ("white",), "LL", "attack-reduction 2 one @block-phase; special:dodge-and-weave 1",
                        "attack-reduction 4 one @block-phase; special:dodge-and-weave 2 | "
                        "special:dodge-and-weave 2; attack-reduction 2 one @block-phase"),
    # UE dual-colour
    "power-of-crystals": ("advanced", ("green", "blue"), "UE", "special:power-of-crystals",
                          "move 4 +2/crystal-set | heal 2 +1/crystal-set | draw 2 +1/crystal-set"),
    "explosive-bolt": ("advanced", ("red", "white"), "UE", "take-wound; crystal white; crystal red",
                       "ranged 3; special:explosive-bolt"),
    "rush-of-adrenaline": ("advanced", ("green", "red"), "UE", "special:rush-of-adrenaline 3",
                           "special:rush-of-adrenaline 4"),
    "chilling-stare": ("advanced", ("blue", "white"), "UE", "influence 3 | lose-attack-abilities one",
                       "influence 5 | prevent-attack one"),
    # 3.2 spells
    "fireball": ("spell", ("red",), "base", "ranged 5 fire", "take-wound; siege 8 fire"),
    "snowstorm": ("spell", ("blue",), "base", "ranged 5 ice", "take-wound; siege 8 ice"),
    "expose": ("spell", ("white",), "base", "remove-fortification one; remove-resistances one; ranged 2",
               "remove-fortification all; ranged 3 | remove-resistances all; ranged 3"),
    "tremor": ("spell", ("green",), "base", "armor-reduction 3 one | armor-reduction 2 all",
               "armor-reduction 3 one; special:earthquake | armor-reduction 2 all; special:earthquake"),
    "flame-wall": ("spell", ("red",), "base", "attack 5 fire | block 7 fire",
                   "attack 5 fire +2/enemy | block 7 fire +2/enemy"),
    "mana-bolt": ("spell", ("blue",), "base", "special:mana-bolt 8", "special:mana-bolt 11"),
    "whirlwind": ("spell", ("white",), "base", "prevent-attack one", "destroy one @attack-phase"),
    "underground-travel": ("spell", ("green",), "base", "special:underground-travel 3",
                           "special:underground-travel 3"),
    "burning-shield": ("spell", ("red",), "base", "block 4 fire; special:burning-shield 4",
                       "block 4 fire; special:burning-shield"),
    "chill": ("spell", ("blue",), "base", "prevent-attack one; special:chill",
              "prevent-attack one; armor-reduction 4 one"),
    "wings-of-wind": ("spell", ("white",), "base", "special:wings-of-wind 5",
                      "prevent-attack one; special:wings-of-night"),
    "restoration": ("spell", ("green",), "base", "heal 3; special:restoration 5", "heal 3; special:restoration 3"),
    "demolish": ("spell", ("red",), "base", "special:demolish; armor-reduction 1 all",
                 "destroy one @attack-phase; armor-reduction 1 all"),
    "space-bending": ("spell", ("blue",), "base", "special:space-bending", "special:time-bending"),
    "call-to-arms": ("spell", ("white",), "base", "special:call-to-arms", "special:call-to-arms"),
    "meditation": ("spell", ("green",), "base", "special:meditation 2; hand-limit 2",
                   "special:meditation 2; hand-limit 2"),
    "mana-meltdown": ("spell", ("red",), "base", "special:mana-meltdown", "special:mana-radiance 2"),
    "mana-claim": ("spell", ("blue",), "base", "special:mana-claim 3", "special:mana-claim 3"),
    "mind-read": ("spell", ("white",), "base", "crystal basic; special:mind-read", "crystal basic; special:mind-read"),
    "energy-flow": ("spell", ("green",), "base", "ready-unit 4; special:energy-flow 2",
                    "ready-unit 4; special:energy-flow 3"),
    "offering": ("spell", ("red",), "LL", "crystal red; special:offering 3",
                 " | ".join(f"special:offering {n}" for n in range(1, 5))),
    "mist-form": ("spell", ("blue",), "LL", "move 4; special:mist-form", "units-resist-all; special:veil-of-mist"),
    "charm": ("spell", ("white",), "LL", "influence 4; special:charm", "prevent-attack one; special:possess"),
    "cure": ("spell", ("green",), "LL", "heal 2; special:cure", "special:disease"),
    # 3.3 artifacts (no colour)
    "banner-of-glory": ("artifact", (), "base", "special:banner 1", "unit-bonus 1; special:banner 1"),
    "banner-of-fear": ("artifact", (), "base", "special:banner",
                       "prevent-attack one; prevent-attack one; prevent-attack one"),
    "banner-of-protection": ("artifact", (), "base", "special:banner", "special:throw-away-wounds"),
    "banner-of-courage": ("artifact", (), "base", "special:banner", "special:ready-all-units @outside-combat"),
    "ruby-ring": ("artifact", (), "base", "mana-token red; crystal red; fame 1", "special:ring"),
    "sapphire-ring": ("artifact", (), "base", "mana-token blue; crystal blue; fame 1", "special:ring"),
    "diamond-ring": ("artifact", (), "base", "mana-token white; crystal white; fame 1", "special:ring"),
    "emerald-ring": ("artifact", (), "base", "mana-token green; crystal green; fame 1", "special:ring"),
    "sword-of-justice": ("artifact", (), "base", "attack +3/card-discarded; fame +1/enemy-defeated",
                         "special:sword-of-justice; fame +1/enemy-defeated"),
    "horn-of-wrath": ("artifact", (), "base", "siege 5; special:horn-of-wrath 1",
                      "siege 5 | " + " | ".join(f"siege {5 + n}; special:horn-of-wrath {n}" for n in range(1, 6))),
    "endless-bag-of-gold": ("artifact", (), "base", "influence 4; fame 2", "influence 9; fame 3"),
    "endless-gem-pouch": ("artifact", (), "base", "special:endless-gem-pouch 2",
                          "mana-token red; mana-token blue; mana-token green; mana-token white; mana-token gold @day"
                          " | mana-token red; mana-token blue; mana-token green; mana-token white; "
                          "mana-token black @night"),
    "golden-grail": ("artifact", (), "base", "heal 2; special:golden-grail", "heal 6; special:golden-grail"),
    "book-of-wisdom": ("artifact", (), "base", "special:advanced-from-offer", "special:spell-from-offer"),
    "amulet-of-the-sun": ("artifact", (), "base", "mana-token gold; special:amulet",
                          "mana-token 3 gold; special:amulet"),
    "amulet-of-darkness": ("artifact", (), "base", "mana-token any; special:amulet", "mana-token 3 any; special:amulet"),
    "bow-of-starsdawn": ("artifact", (), "LL", "ranged +2/card-discarded; fame +1/enemy-defeated-phase",
                         "special:bow-of-starsdawn"),
    "banner-of-command": ("artifact", (), "LL", "influence 4; special:banner-of-command",
                          "fame 2; special:call-to-arms"),
    "banner-of-fortitude": ("artifact", (), "LL", "special:banner", "special:banner-of-fortitude @outside-combat"),
    "soul-harvester": ("artifact", (), "LL", "attack 3; special:soul-harvester 1", "attack 8; special:soul-harvester"),
    "shield-of-the-fallen-kings": ("artifact", (), "LL", "block 6 | block 4; block 4; special:shield-of-the-fallen-kings",
                                   "block 8 cold-fire | block 4 cold-fire; block 4 cold-fire; block 4 cold-fire; "
                                   "special:shield-of-the-fallen-kings"),
    "druidic-staff": ("artifact", (), "LL", "special:discard-card 1", "special:discard-card 2"),
    "circlet-of-proficiency": ("artifact", (), "LL", "special:circlet-of-proficiency",
                               "special:circlet-of-proficiency"),
    "tome-of-all-spells": ("artifact", (), "LL", "special:spell-from-offer", "special:spell-from-offer"),
    "mysterious-box": ("artifact", (), "UE", "special:mysterious-box", ""),
    # the Wound
    "wound": ("wound", (), "base", "", ""),
}


def test_cards_every_card_of_the_facts_and_no_other() -> None:
    """Facts 2, 3.1-3.3: 12 basic actions, 14 hero cards, 44 advanced actions (28 base, 12 LL,
    4 UE), 24 spells (20 base, 4 LL), 25 artifacts (16 base, 8 LL, 1 UE) and the Wound."""
    t = default_content()
    assert {c.id for c in t.cards} == set(CARDS)
    by = {(k, s): sum(1 for c in t.cards if (c.kind, c.set) == (k, s)) for k in ("advanced", "spell", "artifact")
          for s in ("base", "LL", "UE")}
    assert by == {("advanced", "base"): 28, ("advanced", "LL"): 12, ("advanced", "UE"): 4,
                  ("spell", "base"): 20, ("spell", "LL"): 4, ("spell", "UE"): 0,
                  ("artifact", "base"): 16, ("artifact", "LL"): 8, ("artifact", "UE"): 1}


@pytest.mark.parametrize("card_id", sorted(CARDS))
def test_cards_each_card_basic_and_powered_effects(card_id: str) -> None:
    """Each card's kind, colours, set and decoded basic and powered effects, as in the facts."""
    kind, colours, card_set, basic, powered = CARDS[card_id]
    c = default_content().card[card_id]
    assert (c.kind, c.colours, c.set) == (kind, colours, card_set)
    assert c.basic == decoded(basic)
    assert c.powered == decoded(powered)


def test_cards_notation_decodes_back_to_the_same_effects() -> None:
    for c in default_content().cards:
        for side in (c.basic, c.powered):
            assert decoded(notation(side)) == side


def test_cards_every_special_is_known_and_used() -> None:
    """A special names a mechanism with its description in SPECIALS; none is unused."""
    t = default_content()
    used = set().union(*(specials_of(c.basic) | specials_of(c.powered) for c in t.cards),
                       *(specials_of(s.effect) for s in t.skills), *(specials_of(x.effect) for x in t.tactics))
    assert used == set(SPECIALS)


def test_cards_powering_action_colour_spell_colour_and_black_artifact_thrown_away() -> None:
    """Facts 2 and 3.2-3.3: an Action card's strong effect costs one mana of its colour; a Spell's
    basic effect one mana of its colour, its strong effect that colour plus black; an Artifact's
    strong effect no mana (it is thrown away)."""
    card = default_content().card
    assert card["rage"].powering == (("red",),) and card["rage"].basic_cost == ()
    assert card["fireball"].basic_cost == ("red",) and card["fireball"].powering == (("red", "black"),)
    assert card["ruby-ring"].powering == ((),) and card["ruby-ring"].basic_cost == ()
    assert card["power-of-crystals"].powering == (("green",), ("blue",))
    assert card["crystal-joy"].powering == (("red",), ("blue",), ("green",), ("white",))


def test_cards_spell_strong_names_numbers_and_interactive_spells() -> None:
    """Facts 3.2: Spells 93-112 and 299-302; 109-112 are interactive (removed in Solo Conquest)."""
    t = default_content()
    spells = [c for c in t.cards if c.kind == "spell"]
    assert sorted(c.number or 0 for c in spells) == [*range(93, 113), *range(299, 303)]
    assert {c.id for c in spells if c.interactive} == {"mana-meltdown", "mana-claim", "mind-read", "energy-flow"}
    assert t.card["whirlwind"].strong_name == "Tornado" and t.card["cure"].strong_name == "Disease"
    arts = [c for c in t.cards if c.kind == "artifact"]
    assert sorted(c.number or 0 for c in arts) == [*range(113, 129), 270, *range(303, 311)]
    assert {c.id for c in arts if c.banner} == {"banner-of-glory", "banner-of-fear", "banner-of-protection",
                                                "banner-of-courage", "banner-of-command", "banner-of-fortitude"}


def test_cards_source_errors_corrected() -> None:
    """Facts 0: Tremor and Cure are green (not red/white); Noble Manners is white; Cold
    Toughness replaces Determination; Braevalar's One with the Land is green and Druidic Paths
    blue; Swift Reflexes white."""
    card = default_content().card
    assert card["tremor"].colours == ("green",) and card["cure"].colours == ("green",)
    assert card["noble-manners"].colours == ("white",)
    assert card["cold-toughness"].replaces == "determination"
    assert card["one-with-the-land"].colours == ("green",) and card["druidic-paths"].colours == ("blue",)
    assert card["swift-reflexes"].colours == ("white",)
    assert "axe-throw" not in card and "battle-rage" not in card


def test_cards_standard_deck_copies() -> None:
    """Facts 1.1: Rage x2, Determination, Swiftness x2, March x2, Stamina x2, Tranquility,
    Promise, Threaten, Crystallize, Mana Draw, Concentration, Improvisation."""
    t = default_content()
    assert {s.card: s.copies for s in t.standard_deck} == {
        "rage": 2, "determination": 1, "swiftness": 2, "march": 2, "stamina": 2, "tranquility": 1, "promise": 1,
        "threaten": 1, "crystallize": 1, "mana-draw": 1, "concentration": 1, "improvisation": 1}
    assert t.card["wound"].copies == 0 and t.card["wound"].basic == () and t.card["wound"].colours == ()


# hero: (set, [(own card, replaces)], dummy crystals), facts 1.1.
HEROES = {
    "arythea": ("base", [("battle-versatility", "rage"), ("mana-pull", "mana-draw")], ("red", "red", "white")),
    "goldyx": ("base", [("will-focus", "concentration"), ("crystal-joy", "crystallize")], ("green", "green", "blue")),
    "norowas": ("base", [("noble-manners", "promise"), ("rejuvenate", "tranquility")], ("white", "white", "green")),
    "tovak": ("base", [("cold-toughness", "determination"), ("instinct", "improvisation")], ("blue", "blue", "red")),
    "wolfhawk": ("LL", [("swift-reflexes", "swiftness"), ("tirelessness", "stamina")], ("green", "white", "white")),
    "krang": ("Krang", [("savage-harvesting", "march"), ("ruthless-coercion", "threaten")], ("red", "green", "white")),
    "braevalar": ("SoT", [("one-with-the-land", "march"), ("druidic-paths", "stamina")], ("green", "blue", "white")),
}


@pytest.mark.parametrize("hero", sorted(HEROES))
def test_heroes_starting_deck_swaps_and_dummy_crystals(hero: str) -> None:
    """Facts 1.1: each hero swaps its own cards into the standard deck (16 cards); the Dummy
    player's three crystals."""
    t = default_content()
    h_set, swaps, crystals = HEROES[hero]
    h = t.hero[hero]
    assert (h.set, [(c.card, c.replaces) for c in h.cards], h.dummy_crystals) == (h_set, swaps, crystals)
    deck = t.starting_deck(hero)
    assert len(deck) == 16
    standard = t.starting_deck("arythea", frozenset())  # no own card swapped in: the standard deck
    for own, replaced in swaps:
        assert deck.count(own) == 1
        assert deck.count(replaced) == standard.count(replaced) - 1


def test_heroes_2011_box_decks_have_only_the_first_own_card() -> None:
    """Facts 1.1: in the 2011 box each base hero had only the first swap (15 shared + 1 own)."""
    t = default_content()
    deck = t.starting_deck("goldyx", frozenset({"base"}))
    assert len(deck) == 16 and "will-focus" in deck and "crystal-joy" not in deck and "crystallize" in deck


def test_level_track_fame_armor_hand_limit_command() -> None:
    """Facts 1.3: level n starts at Fame n*n-1; skills and Advanced Actions at even levels,
    Armor/Hand limit/Command tokens at odd levels."""
    t = default_content()
    rows = [(lv.level, lv.fame, lv.armor, lv.hand_limit, lv.command) for lv in t.levels]
    assert rows == [(1, 0, 2, 5, 1), (2, 3, 2, 5, 1), (3, 8, 3, 5, 2), (4, 15, 3, 5, 2), (5, 24, 3, 6, 3),
                    (6, 35, 3, 6, 3), (7, 48, 4, 6, 4), (8, 63, 4, 6, 4), (9, 80, 4, 7, 5), (10, 99, 4, 7, 5)]
    assert [t.level_of(f).level for f in (0, 2, 3, 7, 8, 98, 99, 119)] == [1, 1, 2, 2, 3, 9, 10, 10]
    assert {lv.gain for lv in t.levels if lv.level % 2 == 0} == {"skill-and-advanced-action"}


# skill: (hero, type, effect), facts 3.5 (T turn, R round, I interactive).
SK = "special:skill"
SKILLS: dict[str, tuple[str, str, str]] = {
    "dark-paths": ("arythea", "turn", "move 1 @day | move 2 @night"),
    "burning-power": ("arythea", "turn", "siege 1 | siege 1 fire"),
    "hot-swordsmanship": ("arythea", "turn", "attack 2 | attack 2 fire"),
    "dark-negotiation": ("arythea", "turn", "influence 2 @day | influence 3 @night"),
    "dark-fire-magic": ("arythea", "round", "crystal red; mana-token red | crystal red; mana-token black"),
    "power-of-pain": ("arythea", "turn", f"{SK} 2"),
    "invocation": ("arythea", "turn", SK),
    "polarization": ("arythea", "turn", SK),
    "arythea-motivation": ("arythea", "round", "draw 2; mana-token red @least-fame"),
    "healing-ritual": ("arythea", "interactive", f"{SK} @outside-combat"),
    "ritual-of-pain": ("arythea", "interactive", SK),
    "freezing-power": ("goldyx", "turn", "siege 1 | siege 1 ice"),
    "potion-making": ("goldyx", "round", "heal 2 @outside-combat"),
    "white-crystal-craft": ("goldyx", "round", "crystal blue; mana-token white"),
    "green-crystal-craft": ("goldyx", "round", "crystal blue; mana-token green"),
    "red-crystal-craft": ("goldyx", "round", "crystal blue; mana-token red"),
    "glittering-fortune": ("goldyx", "turn", "influence +1/crystal-colour @interaction"),
    "flight": ("goldyx", "round", SK),
    "universal-power": ("goldyx", "turn", SK),
    "goldyx-motivation": ("goldyx", "round", "draw 2; mana-token green @least-fame"),
    "source-freeze": ("goldyx", "interactive", SK),
    "source-opening": ("goldyx", "interactive", SK),
    "forward-march": ("norowas", "turn", "move +1/ready-unit max=3"),
    "day-sharpshooting": ("norowas", "turn", "ranged 2 @day | ranged 1 @night"),
    "inspiration": ("norowas", "round", f"{SK} @outside-combat"),
    "bright-negotiation": ("norowas", "turn", "influence 3 @day | influence 2 @night"),
    "leaves-in-the-wind": ("norowas", "round", "crystal green; mana-token white"),
    "whispers-in-the-treetops": ("norowas", "round", "crystal white; mana-token green"),
    "leadership": ("norowas", "turn", SK),
    "bonds-of-loyalty": ("norowas", "passive", SK),
    "norowas-motivation": ("norowas", "round", "draw 2; mana-token white @least-fame"),
    "prayer-of-weather": ("norowas", "interactive", SK),
    "double-time": ("tovak", "turn", "move 2 @day | move 1 @night"),
    "night-sharpshooting": ("tovak", "turn", "ranged 1 @day | ranged 2 @night"),
    "cold-swordsmanship": ("tovak", "turn", "attack 2 | attack 2 ice"),
    "shield-mastery": ("tovak", "turn", "block 3 | block 2 fire | block 2 ice"),
    "resistance-break": ("tovak", "turn", "armor-reduction one +1/resistance"),
    "i-feel-no-pain": ("tovak", "turn", f"{SK} @outside-combat"),
    "i-dont-give-a-damn": ("tovak", "turn", f"{SK} 2"),
    "who-needs-magic": ("tovak", "turn", f"{SK} 2"),
    "tovak-motivation": ("tovak", "round", "draw 2; mana-token blue @least-fame"),
    "mana-exploit": ("tovak", "interactive", SK),
    "mana-overload": ("tovak", "interactive", SK),
    "refreshing-bath": ("wolfhawk", "round", "heal 1 @outside-combat; crystal blue @outside-combat"),
    "refreshing-breeze": ("wolfhawk", "round", "heal 1 @outside-combat; crystal white @outside-combat"),
    "hawk-eyes": ("wolfhawk", "turn", f"move 1; {SK}"),
    "on-her-own": ("wolfhawk", "turn", f"influence 1; {SK}"),
    "deadly-aim": ("wolfhawk", "turn", SK),
    "know-your-prey": ("wolfhawk", "round", f"{SK} @combat"),
    "taunt": ("wolfhawk", "turn", f"attack-reduction 1 one @block-phase | {SK} @block-phase"),
    "dueling": ("wolfhawk", "turn", f"block 1 @block-phase; {SK}"),
    "wolfhawk-motivation": ("wolfhawk", "round", "draw 2; fame 1 @least-fame"),
    "wolfs-howl": ("wolfhawk", "interactive", f"{SK} 4"),
    "spirit-guides": ("krang", "turn", f"move 1; {SK}"),
    "battle-hardened": ("krang", "turn", SK),
    "battle-frenzy": ("krang", "turn", f"attack 2 | attack 4; {SK}"),
    "shamanic-ritual": ("krang", "round", f"mana-token any; {SK}"),
    "krang-regenerate": ("krang", "turn", SK),
    "arcane-disguise": ("krang", "turn", f"influence 2 | {SK}"),
    "puppet-master": ("krang", "turn", SK),
    "master-of-chaos": ("krang", "turn", SK),
    "curse": ("krang", "turn", "attack-reduction 1 one | armor-reduction 1 one"),
    "mana-enhancement": ("krang", "interactive", SK),
    "elemental-resistance": ("braevalar", "turn", SK),
    "feral-allies": ("braevalar", "turn", f"{SK}; attack 1 | {SK}; attack-reduction 1 one"),
    "thunderstorm": ("braevalar", "round", "mana-token green; mana-token green | mana-token green; mana-token white"
                     " | mana-token blue; mana-token green | mana-token blue; mana-token white"),
    "lightning-storm": ("braevalar", "round", "mana-token blue; mana-token blue | mana-token blue; mana-token red"
                        " | mana-token green; mana-token blue | mana-token green; mana-token red"),
    "beguile": ("braevalar", "turn", f"influence 3; {SK}"),
    "forked-lightning": ("braevalar", "turn", f"{SK} 3"),  # Cold Fire Ranged 1 per enemy, its own code
    "shapeshift": ("braevalar", "turn", f"{SK} 1 | {SK} 2 | {SK} 3"),  # into Move, Attack, Block
    "secret-ways": ("braevalar", "turn", f"move 1; {SK} | move 1; {SK} 2"),  # 2: a blue mana for the lakes
    "braevalar-regenerate": ("braevalar", "turn", SK),
    "natures-vengeance": ("braevalar", "interactive", f"attack-reduction 1 one; {SK}"),
}


def test_skills_every_skill_of_the_facts() -> None:
    """Facts 3.5: 9 ordinary skills per hero; the base heroes' competitive tokens (2011) and
    the cooperative ones found (UE; Norowas' not identified); one interactive token for each
    expansion hero."""
    t = default_content()
    assert {s.id for s in t.skills} == set(SKILLS)
    modes = {s.id: (s.mode, s.set) for s in t.skills if s.type == "interactive"}
    assert modes == {
        "healing-ritual": ("competitive", "base"), "ritual-of-pain": ("cooperative", "UE"),
        "source-freeze": ("competitive", "base"), "source-opening": ("cooperative", "UE"),
        "prayer-of-weather": ("competitive", "base"), "mana-exploit": ("competitive", "base"),
        "mana-overload": ("cooperative", "UE"), "wolfs-howl": ("competitive", "LL"),
        "mana-enhancement": ("competitive", "Krang"), "natures-vengeance": ("competitive", "SoT")}


@pytest.mark.parametrize("skill_id", sorted(SKILLS))
def test_skills_each_skill_hero_type_and_effect(skill_id: str) -> None:
    hero, kind, effect = SKILLS[skill_id]
    s = default_content().skill[skill_id]
    assert (s.hero, s.type) == (hero, kind)
    assert s.effect == decoded(effect)


# tactic: (time, number, use, effect), facts 3.6.
TACTICS = {
    "early-bird": ("day", 1, "none", ""),
    "rethink": ("day", 2, "when-taken", "special:tactic 3"),
    "mana-steal": ("day", 3, "when-taken", "special:tactic"),
    "planning": ("day", 4, "end-of-turn", "hand-limit 1; special:tactic"),
    "great-start": ("day", 5, "when-taken", "draw 2"),
    "the-right-moment": ("day", 6, "once", "special:tactic"),
    "from-the-dusk": ("night", 1, "none", ""),
    "long-night": ("night", 2, "once", "special:tactic 3"),
    "mana-search": ("night", 3, "each-turn", "special:tactic 2"),
    "midnight-meditation": ("night", 4, "once", "special:tactic 5"),
    "preparation": ("night", 5, "when-taken", "special:tactic"),
    "sparing-power": ("night", 6, "each-turn", "special:tactic"),
}


@pytest.mark.parametrize("tactic_id", sorted(TACTICS))
def test_tactics_each_tactic_number_use_and_effect(tactic_id: str) -> None:
    """Facts 3.6: six Day and six Night tactics; the number is the Round Order."""
    time, number, use, effect = TACTICS[tactic_id]
    x = default_content().tactic[tactic_id]
    assert (x.time, x.number, x.use) == (time, number, use)
    assert x.effect == decoded(effect)
    assert len(default_content().tactics) == len(TACTICS)


@pytest.mark.parametrize(("file", "old", "new", "entry", "field", "words"), [
    ("cards.toml", 'id = "rage"', 'id = "giant rat"', "giant rat", "id", "cannot be typed"),
    ("cards.toml", 'id = "march"', 'id = ""', "#2", "id", "cannot be typed"),
    ("cards.toml", 'basic = "attack 2 | block 2"', 'basic = "atack 2 | block 2"', "rage", "basic.0.0.type",
     "Input should be"),
    ("cards.toml", 'basic = "attack 2 | block 2"', 'basic = "attack 2 | block 2 frost"', "rage", "basic",
     "'frost' is not a word of the card notation"),
    ("cards.toml", 'basic = "attack 2 | block 2"', 'basic = "attack 2 || block 2"', "rage", "basic",
     "an empty effect"),
    ("cards.toml", 'powered = "attack 4"', 'powered = "attack"', "rage", "powered.0.0",
     "value of at least 1"),
    ("cards.toml", 'basic = "special:crystallize"', 'basic = "special:crystalize"', "crystallize", "basic.0.0",
     "unknown special 'crystalize'"),
    ("cards.toml", 'powered = "crystal basic"', 'powered = "crystal gold"', "crystallize", "powered.0.0",
     "basic colours only"),
    ("cards.toml", 'basic = "move 2"', 'basic = "move 2 red"', "march", "basic.0.0", "only they, have a colour"),
    ("cards.toml", 'basic = "move 2"', 'basic = "move 2 fire"', "march", "basic.0.0", "only attack and block"),
    ("cards.toml", 'basic = "prevent-attack one"', 'basic = "prevent-attack"', "whirlwind", "basic.0.0",
     "name a target"),
    ("cards.toml", 'replaces = "determination"', 'replaces = "rage"', "cold-toughness", "replaces",
     "heroes.toml has it replace 'determination'"),
    ("cards.toml", 'replaces = "determination"', 'replaces = "ice-bolt"', "cold-toughness", "replaces",
     "not a card of the standard deck"),
    ("cards.toml", 'kind = "spell"\ncolours = ["red"]', 'kind = "spell"\ncolours = []', "fireball", "",
     "Action cards and Spells have a colour"),
    ("cards.toml", 'id = "fire-bolt"\nname = "Fire Bolt"\nkind = "advanced"',
     'id = "fire-bolt"\nname = "Fire Bolt"\nkind = "basic"', "-", "kind", "expected 12 basic cards, found 13"),
    ("cards.toml", 'copies = 0', 'copies = 3', "wound", "", "0 only for the Wound"),
    ("heroes.toml", '  { card = "improvisation", copies = 1 },\n', "", "-", "standard",
     "the standard deck has 15 cards, not 16"),
    ("heroes.toml", '{ card = "rage", copies = 2 }', '{ card = "rage", copies = 1 }', "rage", "standard",
     "1 copies here, 2 in cards.toml"),
    ("heroes.toml", 'dummy_crystals = ["green", "green", "blue"]', 'dummy_crystals = ["green", "blue"]', "goldyx",
     "dummy_crystals", "at least 3"),
    ("heroes.toml", "level = 4\nfame = 15", "level = 4\nfame = 14", "4", "fame", "starts at Fame 15"),
    ("skills.toml", 'hero = "krang", type = "turn", set = "Krang", effect = "special:skill", text = "Keep',
     'hero = "krang", type = "round", set = "Krang", mode = "competitive", effect = "special:skill", text = "Keep',
     "puppet-master", "", "only they, are competitive"),
    ("skills.toml", 'id = "curse", name = "Curse", hero = "krang", type = "turn"',
     'id = "curse", name = "Curse", hero = "krang", type = "interactive", mode = "cooperative"', "krang", "hero",
     "8 skills besides the interactive"),
    ("skills.toml", 'hero = "tovak", type = "turn", set = "base", effect = "move 2 @day',
     'hero = "toavk", type = "turn", set = "base", effect = "move 2 @day', "double-time", "hero", "no hero 'toavk'"),
    ("skills.toml", 'effect = "move 1 @day | move 2 @night"', 'effect = "move 1 @dawn | move 2 @night"',
     "dark-paths", "effect.0.0.when", "Input should be"),
    ("skills.toml", 'id = "curse", name = "Curse", hero = "krang", type = "turn", set = "Krang"',
     'id = "curse", name = "Curse", hero = "krang", type = "turn", set = "base"', "curse", "set",
     "krang's skills are of the set 'Krang'"),
    ("cards.toml", 'name = "Promise"', 'name = ""', "promise", "name", "at least 1 character"),
    ("tactics.toml", 'time = "night", number = 6', 'time = "night", number = 5', "-", "number",
     "numbered [1, 2, 3, 4, 5, 5]"),
    ("tactics.toml", 'use = "when-taken", effect = "draw 2"', 'use = "when-taken"', "great-start", "",
     "has an effect unless"),
])
def test_cards_broken_content_names_file_entry_and_field(tmp_path: Path, file: str, old: str, new: str,
                                                         entry: str, field: str, words: str) -> None:
    check_broken_content(tmp_path, file, old, new, entry, field, words)


def test_cards_missing_card_file_is_a_clear_error(tmp_path: Path) -> None:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    (d / "skills.toml").unlink()
    with pytest.raises(ContentError, match="skills.toml.*missing"):
        load_content(d)


def test_cards_per_bonus_counts_from_the_base_value() -> None:
    """Facts 3.1, 3.5: Heroic Tale gives Reputation +1 per Unit recruited (none: nothing); In
    Need Influence 3 +1 per Wound; Forward March Move 1 per ready Unit, at most 3."""
    t = default_content()
    tale = {e.type: e for e in t.card["heroic-tale"].powered[0]}
    assert [tale["reputation"].amount(n) for n in (0, 2)] == [0, 2]
    assert [tale["fame"].amount(n) for n in (0, 2)] == [0, 2]
    assert t.card["in-need"].basic[0][0].amount(2) == 5
    march = t.skill["forward-march"].effect[0][0]
    assert [march.amount(n) for n in (0, 2, 5)] == [0, 2, 3]


def _play(f: Fight, card_id: str, side: str, option: int = 0, count: int = 0, target: int = 1) -> None:
    """Add every combat effect of one option of a card side, as the turn stage will."""
    for e in getattr(default_content().card[card_id], side)[option]:
        effect = e.combat_effect(count)
        assert effect is not None
        add_effect(f.c, f.t, effect, target - 1)


def test_cards_combat_effects_feed_the_stage_1_combat() -> None:
    """Facts 2.1, 3.1, 3.2: Swiftness powered (Ranged 3) and Fireball (Fire Ranged 5) are
    ranged attacks of the combat; Tremor's Armor -3 and Ice Shield's Ice Block 3 work on the
    enemy as a Unit's effects do; Counterattack counts its +2 per enemy blocked."""
    f = combat("prowlers")  # Armor 3
    _play(f, "swiftness", "powered")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated
    f = combat("prowlers")
    _play(f, "tremor", "basic", option=0)
    assert f.enemy(1).armor_cut == 3
    f = combat("diggers")  # a physical attack of 3: Ice Shield's Ice Block 3 blocks it
    f.to_block()
    f.play("block 1")
    _play(f, "ice-shield", "basic")
    f.play("resolve")
    assert f.enemy(1).blocked == [True]
    effect = default_content().card["counterattack"].powered[0][0].combat_effect(count=2)
    assert effect is not None and (effect.type, effect.value) == ("attack", 10)
    assert default_content().card["tranquility"].basic[0][0].combat_effect() is None


def test_cards_decks_by_kind_and_set() -> None:
    """Facts 3.1-3.3: the Advanced Action, Spell and Artifact decks of the chosen sets."""
    t = default_content()
    assert len(t.cards_of("advanced")) == 44 and len(t.cards_of("spell")) == 24
    assert len(t.cards_of("artifact", frozenset({"base"}))) == 16
    assert len(t.cards_of("advanced", frozenset({"base", "LL"}))) == 40
    assert t.cards_of("basic").count("rage") == 2


def test_skills_pile_keeps_the_interactive_token_of_the_game_kind() -> None:
    """Facts 3.5: remove the cooperative token in competitive games and the competitive one in
    cooperative and solo games."""
    t = default_content()
    competitive = t.skill_pile("arythea")
    cooperative = t.skill_pile("arythea", cooperative=True)
    assert len(competitive) == len(cooperative) == 10
    assert "healing-ritual" in competitive and "ritual-of-pain" not in competitive
    assert "ritual-of-pain" in cooperative and "healing-ritual" not in cooperative
    assert len(t.skill_pile("norowas", cooperative=True)) == 9  # its cooperative token is not identified
