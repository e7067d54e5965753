"""What the player deciding is shown of each answer (labels.py), from hand-set positions, for
every kind of question: the combos on offer, conquests (with the Region and its cost in
tokens), the final conquest's die, Berserk, the Dragon, Sorcerers, abandoning, declining,
redeploying, Encampments, Fortresses, Heroes, the Diplomat, Stout and the defenders'
redeployment. Labels are worked out from what the decider may know, and change nothing.

3-player map (content/map-3p.toml): 1 Forest Mine (border); 2 Mountain (border); 3 Farmland
(border); 4 Swamp Cavern (border); 5 Forest (border); 9 Hill Magic; 10 Mountain Mine;
12 Mountain Cavern Mine (border). 3 borders 2, 4, 9, 10; 4 borders 3, 5, 10, 11.
"""

from __future__ import annotations

from random_play import check_labels
from sw_positions import (
    conquer_turn,
    fresh,
    give,
    give_decline,
    legal,
    lost_tribe,
    play,
    put,
    refresh,
)

from boardrules.games.small_world import SmallWorld
from boardrules.games.small_world.state import SWState


def shown(game: SmallWorld, s: SWState) -> dict[str, str]:
    """Each legal action's text and its label; the shared check of every label on the way."""
    d = game.decision(s)
    assert d is not None
    check_labels(game, s, d)
    return {a.text: lab for a, lab in zip(d.actions, game.action_labels(s, d), strict=True)}


def offer(game: SmallWorld, s: SWState, combos: list[tuple[str, str, int]]) -> None:
    """The combos on offer, top first, as (Race, Power, coins on it): banners and badges swapped
    with the stacks, so every one stays in the game."""
    t = game.t
    races = [t.race_index[r] for r, _, _ in combos]
    powers = [t.power_index[p] for _, p, _ in combos]
    for m in s.market:
        s.race_deck.append(m[0])
        s.power_deck.append(m[1])
    s.race_deck = [r for r in s.race_deck if r not in races]
    s.power_deck = [p for p in s.power_deck if p not in powers]
    s.market = [[r, p, c] for r, p, (_, _, c) in zip(races, powers, combos, strict=True)]
    refresh(s)


# -- picking a combo ------------------------------------------------------------------------------
def test_a_combo_on_offer_shows_its_tokens_its_price_and_what_it_does() -> None:
    game, s = fresh(3)
    offer(game, s, [("elves", "forest", 0), ("ratmen", "alchemist", 2), ("amazons", "flying", 1),
                    ("giants", "hill", 0), ("orcs", "swamp", 0), ("trolls", "stout", 0)])
    got = shown(game, s)
    assert got["pick elves"] == ("pick elves: Forest Elves, 10 tokens (6 + 4); free. +1 coin a Forest; "
                                 "lose no token when conquered")
    assert got["pick ratmen"] == ("pick ratmen: Alchemist Ratmen, 12 tokens (8 + 4); pay 1 coin, take the 2 on it. "
                                  "+2 coins a turn; no ability: numbers")
    assert got["pick amazons"] == ("pick amazons: Flying Amazons, 15 tokens (6 + 5 + 4); pay 2 coins, take the 1 on "
                                   "it. conquer anywhere; +4 tokens for conquering")
    assert list(got)[-1] == "pick trolls"  # five coins: every combo is offered


# -- conquering -------------------------------------------------------------------------------------
def test_a_conquest_shows_the_region_its_defenders_and_its_cost_in_tokens() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=8)
    put(s, 2, 0, "ratmen", 1)  # following conquests from 2 and 7: a short question
    put(s, 7, 0, "ratmen", 1)
    give(s, 1, "elves", "hill")
    put(s, 12, 1, "elves", 3)
    lost_tribe(s, 3)
    conquer_turn(game, s, 0)
    got = shown(game, s)
    assert got["conquer 12"] == "conquer 12: Mountain, Cavern, Mine; Player 2's Elves (3); costs 6 of your 8 tokens"
    assert got["conquer 3"] == "conquer 3: Farmland; Lost Tribe (1); costs 3 of your 8 tokens"
    assert got["conquer 1"] == "conquer 1: Forest, Mine; empty; costs 2 of your 8 tokens"
    assert got["done"] == "done: end your conquests; redeploy the Ratmen (8 in hand)"
    assert got["decline"].startswith("decline: your Alchemist Ratmen go into decline")


def test_a_conquest_cost_counts_the_markers_and_the_race_and_power() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "commando", hand=8)
    put(s, 1, 0, "ratmen", 1)
    give(s, 1, "trolls", "fortified")
    put(s, 2, 1, "trolls", 1)
    s.lair[2] = s.fortress[2] = True
    conquer_turn(game, s, 0)
    # 2 + Mountain + Lair + Fortress + 1 Troll - 1 Commando
    assert shown(game, s)["conquer 2"] == "conquer 2: Mountain; Player 2's Trolls (1), Troll's Lair, Fortress; " \
                                          "costs 5 of your 8 tokens"


def test_the_final_conquest_shows_the_roll_it_needs_and_its_chance() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=2)
    put(s, 13, 0, "ratmen", 1)
    give(s, 1, "elves", "hill")
    put(s, 12, 1, "elves", 2)
    conquer_turn(game, s, 0)
    got = shown(game, s)
    assert got["reinforce 12"] == ("reinforce 12: Mountain, Cavern, Mine; Player 2's Elves (2); costs 5: your 2 and a "
                                   "die of 3+ (1 in 6), the last conquest")


def test_berserk_the_dragon_and_sorcerers_say_what_they_do() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "berserk", hand=5)
    put(s, 25, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    assert shown(game, s)["roll"] == ("roll: Berserk: roll the reinforcement die (0 to 3) first, then choose the "
                                      "Region; the roll comes off its cost")
    game, s = fresh(3)
    give(s, 0, "ratmen", "dragon-master", hand=5)
    put(s, 25, 0, "ratmen", 1)
    give(s, 1, "elves", "hill")
    put(s, 26, 1, "elves", 4)
    conquer_turn(game, s, 0)
    assert shown(game, s)["dragon 26"] == ("dragon 26: Mountain; Player 2's Elves (4); the Dragon takes it with 1 token "
                                           "whatever defends it, then it is immune")
    game, s = fresh(3)
    give(s, 0, "sorcerers", "alchemist", hand=5)
    put(s, 3, 0, "sorcerers", 1)
    give(s, 1, "elves", "hill")
    put(s, 9, 1, "elves", 1)
    conquer_turn(game, s, 0)
    assert shown(game, s)["enchant 9"] == ("enchant 9: Hill, Magic Source; Player 2's Elves (1); a Sorcerer from the "
                                           "tray replaces the lone token")


def test_abandoning_and_declining_tell_what_goes_and_what_stays() -> None:
    game, s = fresh(3)
    give_decline(s, 0, "dwarves")
    put(s, 25, 0, "dwarves", 1, declined=True)
    give(s, 0, "humans", "alchemist", hand=2)
    put(s, 3, 0, "humans", 1)
    put(s, 4, 0, "humans", 1)
    conquer_turn(game, s, 0)
    got = shown(game, s)
    assert got["abandon 3"] == "abandon 3: Farmland; your Humans (1); 1 token back to your hand (no decline this turn)"
    assert got["decline"] == ("decline: your Alchemist Humans go into decline (1 token stays in each of 2 Regions); "
                              "your Dwarves in decline leave the map; then you score")


# -- redeploying and the Powers placed after it ------------------------------------------------------------
def test_redeploying_shows_the_tokens_before_and_after() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=3)
    put(s, 3, 0, "ratmen", 1)
    put(s, 4, 0, "ratmen", 2)
    conquer_turn(game, s, 0)
    play(game, s, "done")
    assert s.stage == "redeploy"
    got = shown(game, s)
    assert got["place 3"] == "place 3: 1 token to Region 3 (Farmland): 1 become 2, 3 left in hand"
    assert got["place 4 all"] == "place 4 all: all 4 tokens to Region 4 (Swamp): 1 become 5, none left in hand"


def test_encampments_fortresses_and_heroes_show_the_region_they_go_to() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "bivouacking")
    put(s, 3, 0, "ratmen", 1)
    put(s, 4, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    play(game, s, "done")
    assert s.stage == "camps"
    got = shown(game, s)
    assert got["camp 3"] == "camp 3: Farmland; your Ratmen (1); +1 defence, 4 Encampments left after it"
    assert got["done"] == "done: keep the other 5 of 5 Encampments off the map this turn"
    play(game, s, "camp 3")
    assert "1 Encampment" in shown(game, s)["camp 3"]
    game, s = fresh(3)
    give(s, 0, "ratmen", "fortified")
    put(s, 3, 0, "ratmen", 1)
    put(s, 4, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    play(game, s, "done")
    got = shown(game, s)
    assert got["fortress 4"] == ("fortress 4: Swamp, Cavern; your Ratmen (1); +1 defence and +1 coin a turn while "
                                 "active (0 of 6 Fortresses on the map)")
    assert got["done"] == "done: place no Fortress this turn"
    game, s = fresh(3)
    give(s, 0, "ratmen", "heroic")
    for r in (3, 4):
        put(s, r, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    play(game, s, "done")
    assert shown(game, s)["hero 3"] == "hero 3: Farmland; your Ratmen (1); immune to conquests and powers until " \
                                       "your next turn"


def test_the_diplomat_and_stout_say_what_they_do() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "diplomat")
    put(s, 3, 0, "ratmen", 1)
    give(s, 1, "humans", "alchemist")
    put(s, 9, 1, "humans", 4)
    conquer_turn(game, s, 0)
    play(game, s, "done")
    assert s.stage == "diplomat"
    got = shown(game, s)
    assert got["peace 2"] == "peace 2: Player 2's active Humans may not attack your active Race until your next turn"
    assert got["peace 3"] == "peace 3: Player 3's next Race may not attack your active Race until your next turn"
    assert got["done"] == "done: make peace with no one"
    game, s = fresh(3)
    give(s, 0, "humans", "stout", hand=4)
    put(s, 3, 0, "humans", 2)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 4")
    play(game, s, "done")
    while s.stage == "redeploy":
        play(game, s, legal(game, s)[0])
    assert s.stage == "stout"
    got = shown(game, s)
    assert got["decline"] == "decline: your Stout Humans go into decline (1 token stays in each of 2 Regions)"
    assert got["done"] == "done: keep your Stout Humans active"


def test_a_defender_redeploying_is_shown_its_own_regions() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=10)
    put(s, 3, 0, "ratmen", 1)
    give(s, 1, "humans", "alchemist")
    put(s, 9, 1, "humans", 3)
    put(s, 10, 1, "humans", 1)
    put(s, 13, 1, "humans", 1)
    conquer_turn(game, s, 0)
    play(game, s, "conquer 9")
    play(game, s, "done")
    while s.stage != "defend":
        play(game, s, legal(game, s)[0])
    d = game.decision(s)
    assert d is not None and d.player == 1
    got = shown(game, s)
    assert got["place 10"] == "place 10: 1 token to Region 10 (Mountain): 1 become 2, 1 left in hand"
    assert got["place 13 all"] == "place 13 all: all 2 tokens to Region 13 (Swamp): 1 become 3, none left in hand"


def test_labels_are_worked_out_without_changing_the_state() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "berserk", hand=5)
    put(s, 25, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    before = game.state_hash(s)
    shown(game, s)
    assert game.state_hash(s) == before
