"""The terminal picture of Mage Knight (terminal/render.py), from hand-set states: it is drawn from the
viewer's view only, so what the viewer may not know never shows."""

from __future__ import annotations

import re

import pytest
from mk_positions import GAME, _rewarded, _set_up, do, me, text, tornado, turn
from rich.console import Console

from boardrules.agents import RandomAgent
from boardrules.engine import Action, Event
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.combat.phases import add_effect, start_combat
from boardrules.games.mage_knight.content_model import Effect
from boardrules.games.mage_knight.game_state import DUMMY, MKState, Token, add, remove
from boardrules.games.mage_knight.map.hexes import neighbours


def first_turn() -> MKState:
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    return s


def hero_space(s: MKState, player: int) -> tuple[int, int]:
    return s.g.players[player].position


def test_render_shows_the_map_around_the_hero_with_tokens_as_the_viewer_sees_them() -> None:
    s = first_turn()
    me = s.g.current
    near = [h for h in neighbours(hero_space(s, me)) if h in s.g.spaces]
    up, down = near[0], near[1]
    s.g.enemies[up] = [Token("cursed-hags", True)]
    s.g.enemies[down] = [Token("guardsmen", False)]
    s.cached = None
    out = text(s, me)
    assert f"{up[0]}:{up[1]}" in out and f"{down[0]}:{down[1]}" in out
    assert "Cursed Hags" in out  # face up: its name
    assert "face-down grey enemy" in out and "Guardsmen" not in out  # face down: only its colour
    assert "Portal" in out and "Round 1" not in out and "round 1 of 3 (Day)" in out


def test_render_shows_your_hand_but_never_another_heros_hand_or_deck() -> None:
    s = first_turn()
    me, other = s.g.current, 1 - s.g.current
    s.g.players[me].hand = ["march", "rage"]
    artifact = next(c.id for c in GAME.t.cards if c.kind == "artifact")
    s.g.players[other].hand = [artifact]
    s.cached = None
    secret = GAME.t.card[artifact].name
    mine = text(s, me)
    assert "Your hand: March, Rage" in mine
    assert secret not in mine
    watcher = text(s, None)
    assert "Your hand" not in watcher and secret not in watcher
    assert f"Your hand: {secret}" in text(s, other)


def test_render_shows_fame_reputation_crystals_units_source_and_offers() -> None:
    s = first_turn()
    me = s.g.current
    p = s.g.players[me]
    p.fame, p.reputation = 7, -2
    p.crystals["blue"] = 2
    p.units = [["peasants", 1, False]]
    s.cached = None
    out = text(s, me)
    assert "Fame" in out and " 7 " in out and "-2" in out
    assert "2 blue" in out and "Peasants (1 wound)" in out
    assert "Source: die-1" in out
    assert "Units offer:" in out and "Spells offer:" in out and "Advanced Actions offer:" in out


def test_render_in_combat_shows_enemy_abilities_and_what_the_played_cards_add_up_to() -> None:
    s = first_turn()
    me = s.g.current
    c = start_combat(GAME.t, ["ironclads", "cursed-hags"], units=[("peasants", 0, False)], player=me)
    events: list[Event] = []
    add_effect(c, GAME.t, Effect(type="ranged", value=2, element="fire"), events=events)
    add_effect(c, GAME.t, Effect(type="ranged", value=3, element="fire"), events=events)
    add_effect(c, GAME.t, Effect(type="ranged", value=1), events=events)
    apply_combat(GAME.t, c, Action.parse("target 2"), events, s.g.rng)
    s.g.combat = c
    s.cached = None
    out = text(s, me)
    assert "Ranged and Siege Attacks phase" in out
    assert "Ironclads" in out and "physical" in out and "brutal" in out  # resistance and ability
    assert "Cursed Hags" in out and "poison" in out
    assert "fire ranged 5" in out and "ranged 1" in out  # the pool, summed by kind and element
    assert "target" in out and "Unit peasants-1: Peasants" in out


def test_render_shows_a_card_play_being_put_together_with_its_mana() -> None:
    s = first_turn()
    s.play = ["march", "powered", 1, ("green", "die-1")]
    assert "Being played: march powered 1 green die-1" in text(s, s.g.current)


def test_render_at_the_end_shows_the_final_scoring() -> None:
    s = GAME.new_state(2, 3, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None:
        GAME.apply(s, d.actions[-1])
    out = text(s, None)
    assert "game over" in out
    assert out.count(" in all (") == 2


def test_render_solo_conquest_shows_the_dummy_player_but_not_its_deck_order() -> None:
    s = GAME.new_state(1, 2, {"scenario": "solo-conquest"})
    assert s.g.dummy is not None
    out = text(s, 0)
    assert "Dummy player (" in out and "Solo Conquest" in out
    assert str(len(s.g.dummy.deck)) in out


def test_render_solo_conquest_the_dummy_player_announcing_the_end_of_the_round() -> None:
    """Facts 5.8 "Dummy player": with an empty deck it announces the End of the Round; the
    header names it (it is no seat: the render failed on its number)."""
    s = GAME.new_state(1, 2, {"scenario": "solo-conquest"})
    s.g.announced_by = DUMMY
    assert "the End of the Round is announced by the Dummy player" in text(s, 0)


@pytest.mark.parametrize(("scenario", "players"), [("first-reconnaissance", 3), ("solo-conquest", 1),
                                                   ("full-conquest", 2)])
def test_render_random_games_every_viewer_every_combat_state(scenario: str, players: int) -> None:
    """Random games of each scenario drawn for every viewer and the observer, in combats and
    out of them (found: the Dummy player's number broke the header)."""
    s = GAME.new_state(players, 11, {"scenario": scenario})
    agents = [RandomAgent(11 + k) for k in range(players)]
    k = 0
    while (d := GAME.decision(s)) is not None:
        if (s.g.combat is not None and k % 4 == 0) or k % 40 == 0:
            for viewer in [None, *range(players)]:
                assert "Mage Knight" in text(s, viewer)
        GAME.apply(s, agents[d.player].act(GAME, s, d))
        k += 1
    assert "game over" in text(s, None)


# ---- the issue: the terminal on 80 columns ------------------------------------------------------


@pytest.mark.parametrize(("players", "options"), [(4, {"heroes": "tovak,goldyx,arythea,norowas"}),
                                                  (1, {"scenario": "solo-conquest", "heroes": "norowas"})])
def test_issue_terminal_heroes_fame_reputation_units_and_crystals_uncut_on_80_columns(
        players: int, options: dict[str, str]) -> None:
    """Issue 11, `boardrules play mage-knight --seats human,greedy`: "... the hand, units, mana
    source, crystals and tokens, offers, fame and reputation": on an 80-column terminal no
    heading, hero, Tactic, Unit or crystal is cut to "…" (the table had 12 columns: "Rep…",
    "Noro…", Units "(C…")."""
    from rich.console import Console

    s = GAME.new_state(players, 5, options)
    for i, p in enumerate(s.g.players):
        p.tactic = "midnight-meditation" if i % 2 == 0 else "the-right-moment"
        p.units, p.command = [["utem-crossbowmen", 1, True], ["peasants", 0, False]], 3
        p.crystals.update(red=2, blue=1, white=3)
        p.mana.update(gold=1, black=1)
        p.reputation = -5
    s.cached = None
    console = Console(record=True, width=80, color_system=None)
    console.print(GAME.render(s, 0))
    out = console.export_text()
    heroes = out[out.index("Heroes"):out.index("Your hand")]
    assert "…" not in heroes
    heroes = " ".join(heroes.split())  # a long name may wrap, never be cut
    for word in ("Reputation", "-5", "Midnight Meditation", "Utem Crossbowmen (1 wound) spent", "(Command 3)",
                 "2 red 1 blue 3 white", "1 gold 1 black", *(GAME.t.hero[h].name for h in s.heroes)):
        assert word in heroes, word


def test_issue_terminal_combat_enemies_with_every_ability_uncut_on_80_columns() -> None:
    """Issue 11: "in combat the enemies with their abilities": on 80 columns the Dragon
    Summoner's Arcane Immunity was cut to "arcane-im…"; each ability, element and Armor shows."""
    from rich.console import Console

    from boardrules.games.mage_knight.combat.phases import start_combat

    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    s.g.combat = start_combat(GAME.t, ["dragon-summoner", "crystal-sprites", "lightning-dragon", "orc-tracker"],
                              units=[("utem-crossbowmen", 0, False)], player=s.g.current, site="keep",
                              site_fortified=True)
    s.cached = None
    console = Console(record=True, width=80, color_system=None)
    console.print(GAME.render(s, s.g.current))
    out = console.export_text()
    fight = out[out.index("Combat at the keep"):]
    assert "…" not in fight
    assert "State" in fight and "Abilities" in fight  # no heading cropped either
    words = fight.split()
    for word in ("arcane", "immunity", "defend", "cold", "assassination", "(elusive", "14)"):
        assert word in words, word


def test_render_shows_the_banner_under_a_unit_and_the_mysterious_box_as_that_banner() -> None:
    """Facts 3.3: the Mysterious Box lies under a Unit as the Banner it revealed this turn; the
    terminal names what is under each Unit."""
    from mk_positions import text

    s = _set_up()
    p = s.g.players[0]
    p.units.append(("peasants", 0, False))  # type: ignore[arg-type]
    s.cached = None
    p.banners = {"peasants-1": "banner-of-glory"}
    add(p, "box-banner:", "banner-of-glory")
    assert "Mysterious Box as Banner of Glory" in text(s, 1)
    remove(p, "box-banner:")
    assert "under: Banner of Glory" in text(s, 1)


def test_render_names_the_cards_seen_in_a_hand_and_on_top_of_a_deck() -> None:
    from mk_positions import text

    s, player = _rewarded()
    assert "Seen on top of your Deed deck: Ice Bolt" in text(s, player)
    assert "Seen on top of" in text(s, 1 - player) and "Ice Bolt" in text(s, 1 - player)
    s.g.players[player].shown = ("rage",)
    assert "hand: Rage" in text(s, 1 - player) and "Seen in your hand" not in text(s, player)


def test_render_shows_a_unit_destroyed_in_a_combat_between_heroes() -> None:
    """The terminal picture names a Unit destroyed in the combat (Tornado) as such, to every viewer."""
    from rich.console import Console

    s = tornado([["peasants", 0, False], ["utem-guardsmen", 0, False]])
    do(s, "card whirlwind 1 powered", "pay white crystal", "pay black die-1", "unit peasants-1")
    for viewer in (None, 0, 1):
        console = Console(record=True, width=200, color_system=None)
        console.print(GAME.render(s, viewer))
        out = console.export_text()
        assert "peasants-1 (destroyed)" in out and "utem-guardsmen-1" in out


def picture(s: MKState, viewer: int | None, width: int) -> str:
    console = Console(record=True, width=width, color_system=None)
    console.print(GAME.render(s, viewer))
    return console.export_text()


def test_terminal_the_heroes_on_80_columns_as_lines_with_units_crystals_tokens_and_kept_tokens() -> None:
    # issue 11 "the hand, units, mana source, crystals and tokens ... fame and reputation": on 80
    # columns the heroes' table cut every word ("Pe…", "Cr…", "Pup…")
    s = turn("march rage", units="peasants utem-crossbowmen:wounded", skills="puppet-master master-of-chaos")
    p = me(s)
    p.puppets, p.chaos = ("diggers",), "blue"
    p.crystals["red"], p.mana["blue"], p.fame, p.reputation = 2, 1, 7, -2
    s.cached = None
    text = picture(s, s.g.current, 80)
    assert "…" not in text.split("Your hand")[0].split("Heroes")[1]
    assert "Tovak (you): Fame 7, Level 1, Reputation -2 (Influence -1), Armor 2\n" in text
    assert "  Hand 2, Deed deck 11; crystals: 2 red; mana tokens: 1 blue\n" in text
    assert "  Units (Command 2): Peasants, Utem Crossbowmen (1 wound)\n  Tactic: Early Bird\n" in text
    assert "  Skills: Puppet Master (kept: Diggers), Master of Chaos (token at blue)\n" in text
    assert "Goldyx: Fame 0" in text and "Your hand: March, Rage" in text and "Source: die-1 red" in text
    wide = picture(s, s.g.current, 250)  # where the table fits, the table
    assert re.search(r"Tovak \(you\) +7 +1 +-2 \(Influence -1\) +2 +2 +11 +2 red +1 blue +Peasants, Utem Crossbowmen",
                     wide)
    assert "Puppet Master (kept: Diggers)" in wide


def test_terminal_the_combat_on_80_columns_every_ability_whole_and_what_it_does() -> None:
    # issue 11 "in combat the enemies with their abilities": "assassinati…" was cut and nothing said
    # what an ability does (RB "ENEMY TOKEN ABILITIES")
    s = turn("march rage", fight="delphana-masters")
    do(s, "next")
    text = picture(s, s.g.current, 80)
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if "Delphana" in line and "assassination" in line)
    assert "paralyze" in lines[row + 1] and "ice" in lines[row + 1]
    assert "assassination: its damage goes to the hero, never to a Unit" in text
    assert "paralyze: a Unit it wounds is destroyed" in text and "State" in text
    assert "Played and not yet used: nothing" in text and "Hero: Armor 2" in text


def test_terminal_the_cards_in_play_add_up_in_the_combat() -> None:
    s = turn("march rage rage", fight="prowlers")
    do(s, "next", "next", "assign 1 hero", "play rage basic", "choose 1", "play rage basic", "choose 1")
    text = picture(s, s.g.current, 80)
    assert "Played and not yet used: attack 4" in text and "In play this turn: Rage x2" in text


def test_issue_24_the_hand_each_card_with_its_text_and_the_unit_offer_with_its_numbers() -> None:
    """Issue 24 "Texts appear beside cards in hands, offers...": each card of the viewer's hand
    with its colour and text under the hand, each Unit of the offer with its level, cost, Armor
    and abilities, a row each; the other hero's hand never."""
    s = turn("march ice-bolt march")
    s.g.unit_offer = ["peasants", "utem-guardsmen"]
    s.cached = None
    mine = picture(s, s.g.current, 120)
    assert "Your hand: Ice Bolt, March x2" in mine
    assert "  Ice Bolt (blue): A blue crystal; powered Ice Ranged Attack 3." in mine
    assert mine.count("  March (green): Move 2; powered Move 4.") == 1
    assert "  Utem Guardsmen (II, 5 Influence, Armor 5): Attack 2 · Block 4, counts twice against Swift" in mine
    narrow = picture(s, s.g.current, 60).splitlines()
    assert any(line.startswith("  Utem Guardsmen (II, 5 Influence") and line.endswith("…") for line in narrow)
    assert "Ice Bolt (blue)" not in picture(s, 1 - s.g.current, 120)
