"""The outside audit of session 20, part 2 (docs/mage-knight/audit-2.md): the rulebook excerpt's
HIDDEN VALLEY, NECROPOLIS and GRAVEYARD tiles, ENEMY TOKEN ABILITIES, UNIT RESISTANCES and
MULTIPLE ATTACKS attacked by another path or two at once, and issue 11's points run as an
outsider would. Each test fails on the code before its fix, or shows a sentence no test showed."""

from __future__ import annotations

import pytest
from mk_positions import EAST, combat, east_board
from test_mk_decisions import GAME, do, in_phase, legal, refusal, turn

from boardrules.engine import Action, IllegalActionError, OptionError
from boardrules.games.mage_knight.combat.enemies import armor
from boardrules.games.mage_knight.map.movement import terrain_cost
from boardrules.games.mage_knight.sites.turn_benefits import end_of_turn, start_of_turn

# ---- ENEMY TOKEN ABILITIES: Arcane Immunity against an Artifact's non-Attack effect ------------


def test_arcane_immunity_keeps_its_physical_resistance_when_the_sword_of_justice_is_thrown_away() -> None:
    """Arcane Immunity: "The enemy is not affected by any non-Attack/Block effects." The Sword of
    Justice thrown away makes the enemies lose Physical Resistance (facts 3.3): a non-Attack
    effect, so the Dragon Summoner (Arcane Immunity, Physical Resistance) keeps it; its physical
    attacks still count double, halved by the resistance."""
    s = turn("sword-of-justice rage march")
    s.g.combat = combat("dragon-summoner, golems").c
    in_phase(s, "attack")
    do(s, "play sword-of-justice powered")
    c = s.g.combat
    assert c is not None
    assert c.enemies[0].resistances_lost == [] and c.enemies[1].resistances_lost == ["physical"]
    do(s, "play rage basic", "choose 1", "target 1", "resolve")  # Attack 2, doubled 4, halved 2 < Armor 8
    assert not c.enemies[0].defeated


# ---- the issue: options as it names them -----------------------------------------------------


def test_issue_option_hero_names_the_heroes_as_the_issue_writes_it() -> None:
    """Issue 11: "`--option scenario=...`, `--option hero=...` (or heroes dealt at random)": the
    singular is the option's other name; both at once, or a bad hero, are refused naming it."""
    s = GAME.new_state(2, 4, {"hero": "norowas,arythea"})
    assert s.heroes == ["norowas", "arythea"]
    assert GAME.new_state(2, 4, {"hero": "norowas,arythea"}).heroes == \
        GAME.new_state(2, 4, {"heroes": "norowas,arythea"}).heroes
    with pytest.raises(OptionError, match="hero"):
        GAME.new_state(2, 4, {"hero": "bob,arythea"})
    with pytest.raises(OptionError, match="hero and heroes"):
        GAME.new_state(2, 4, {"hero": "tovak,goldyx", "heroes": "tovak,goldyx"})


# ---- the issue: refusals name the rule they break ---------------------------------------------


@pytest.mark.parametrize("text", ["move 99 99", "assign 1 hero", "attack-hero 9", "enter 2"])
def test_issue_refusal_while_choosing_a_tactic_names_the_action_not_a_tactic(text: str) -> None:
    """Issue 11, "Illegal actions are refused with the rule they break": while the Tactics are
    chosen, an action of the turn is not read as a Tactic named by its first word ("99 is not one
    of the Tactics left")."""
    s = GAME.new_state(2, 3, {"heroes": "tovak,norowas"})
    reason, rule = refusal(s, text)
    assert rule == "Tactics"
    assert reason.startswith(f"{Action.parse(text).name!r} is not an action now: Choose a Tactic")


# ---- HIDDEN VALLEY, NECROPOLIS, GRAVEYARD by Day and by Night ----------------------------------

PLAINS = "plains plains plains plains plains plains plains"
SW = (2, -1)


def _on(site: str, terrain: str = "plains", **kw):  # type: ignore[no-untyped-def]
    words = PLAINS.split()
    words[4] = f"{terrain}+{site}"
    return east_board(" ".join(words), at=SW, **kw)


def test_hidden_valley_tile_imbued_with_magic_black_token_at_night() -> None:
    """HIDDEN VALLEY "Imbued With Magic": "If you start your turn on a Hidden Valley Tile during
    the Night, you gain a black mana token" (by Day gold: test_mk_sites)."""
    b = _on("hidden-valley", night=True)
    start_of_turn(b.t, b.s, 0, [])
    assert b.p.mana["black"] == 1 and sum(b.p.mana.values()) == 1


def test_hidden_valley_tile_healing_essence_is_not_healing_and_not_combined() -> None:
    """HIDDEN VALLEY "Healing Essence": "This is not the same as Healing and the effect cannot be
    combined with other Healing effects": the Wound thrown away leaves the Healing points of the
    turn as they were, and one Wound only, however many are in hand."""
    b = _on("hidden-valley")
    b.p.hand, b.p.healing = ["wound", "wound", "march"], 2
    end_of_turn(b.t, b.s, 0, [], throw_away="hand")
    assert b.p.hand.count("wound") == 1
    assert b.p.healing == 2  # no Healing point spent or gained by it


@pytest.mark.parametrize(("site", "terrain", "day", "night"), [
    ("hidden-valley", "swamp", 2, 2), ("necropolis", "forest", 2, 2), ("graveyard", "forest", 3, 5),
    ("graveyard", "desert", 5, 3),
])
def test_night_tiles_movement_by_day_and_by_night(site: str, terrain: str, day: int, night: int) -> None:
    """HIDDEN VALLEY / NECROPOLIS "Movement: The move cost ... is 2", by Day and by Night alike;
    GRAVEYARD: the terrain it covers, at its Day or Night cost (Night rules in a graveyard do not
    change it: a forest graveyard costs 3 by Day, 5 by Night)."""
    b = _on(site, terrain)
    assert terrain_cost(b.t, b.s, SW) == day
    b.s.night = True
    assert terrain_cost(b.t, b.s, SW) == night


def test_elusive_and_defend_crystal_sprites_one_attack_of_two_blocked_keeps_the_higher_armor() -> None:
    """Elusive "only if all of the enemy attacks are successfully Blocked", MULTIPLE ATTACKS "An
    enemy is considered successfully blocked if all its Attacks are blocked", Defense: the
    Crystal Sprites (Armor 1, elusive 2, Defend 1, two Ice attacks) with one attack blocked keep
    Armor 2, plus 1 once attacked first; the other attack's damage is still assigned."""
    f = combat("crystal-sprites")
    f.play("next")
    f.add("block 1 fire")
    f.play("block 1.1", "resolve", "next")
    assert f.enemy(1).blocked == [True, False] and f.legal() == ["assign 1.2 hero"]
    f.play("assign 1.2 hero")
    assert armor(f.c, f.t, f.enemy(1)) == 2
    f.add("attack 2")
    f.play("target 1", "resolve")
    assert not f.enemy(1).defeated and armor(f.c, f.t, f.enemy(1)) == 3


# ---- the issue: the simulation's balance report ------------------------------------------------


def test_issue_simulate_balance_report_mean_fame_by_hero_tactic_and_scenario() -> None:
    """Issue 11: "a balance report by hero, tactic and scenario (win rate with 95% CI, mean fame,
    sites conquered by type)": each seat's Fame is recorded and averaged over the seats of each
    tag; sites conquered by type are counted apart (and not mixed with the Fame)."""
    from boardrules.sim import GameRecord, count_summary, play_one
    from boardrules.sim.simulate import balance

    rec = play_one(GAME, ["random", "random"], 7)
    state_fame = [dict(c)["mean:Fame"] for c in rec.counts]
    assert len(state_fame) == 2 and all(f >= 0 for f in state_fame)
    fake = [GameRecord(0, 1, ("a", "b"), (0,), (9, 1), 10, 100, tags=(("hero:Tovak",), ("hero:Goldyx",)),
                       counts=((("mean:Fame", 8), ("site:keep", 1)), (("mean:Fame", 2),))),
            GameRecord(1, 2, ("a", "b"), (1,), (1, 7), 10, 100, tags=(("hero:Goldyx",), ("hero:Tovak",)),
                       counts=((("mean:Fame", 4),), (("mean:Fame", 6),)))]
    rows = {x.tag: x for x in balance(fake)}
    assert dict(rows["hero:Tovak"].means) == {"Fame": 7.0} and dict(rows["hero:Goldyx"].means) == {"Fame": 3.0}
    assert {x.key for x in count_summary(fake)} == {"site:keep"}


def test_issue_simulate_prints_mean_fame_and_says_when_no_site_was_conquered() -> None:
    """The printed report has the mean Fame by hero, tactic and scenario (a table of its own, so the
    tables keep to 80 columns), and
    the sites conquered by type even when no seat conquered any (a line, not a silent gap)."""
    from click.testing import CliRunner

    from boardrules.cli import main

    result = CliRunner().invoke(main, ["simulate", "mage-knight", "-n", "2", "--seats", "random,random",
                                       "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "Balance: mean Fame by heroes, tactics, scenarios" in result.output and "Mean Fame" in result.output
    assert "scenario: First Reconnaissance" in result.output
    assert "Sites conquered by type" in result.output


# ---- Fire / Ice Resistance against Unit abilities powered by red / blue mana -------------------


def test_fire_resistance_ignores_a_unit_ability_powered_by_red_mana() -> None:
    """Fire Resistance: "The enemy ignores any non-Attack effects of red cards or Unit abilities
    powered by red mana": the Delphana Masters' red ability (destroy the enemy if blocked) does
    nothing to the Skeletal Warriors (Fire Resistance), blocked, while it destroys the Prowlers."""
    f = combat("skeletal-warriors, prowlers", units="delphana-masters", mana="red red")
    f.play("next", "activate delphana-masters-1 destroy 1")
    assert not f.enemy(1).destroy_if_blocked and any("Fire Resistance" in e.text for e in f.events)
    f.add("block 3")
    f.play("block 1", "resolve")
    assert f.enemy(1).blocked == [True] and not f.enemy(1).defeated
    g = combat("prowlers", units="delphana-masters", mana="red")
    g.play("next", "activate delphana-masters-1 destroy 1")
    g.add("block 4")
    g.play("block 1", "resolve")
    assert g.enemy(1).defeated


def test_ice_resistance_ignores_a_unit_ability_powered_by_blue_mana() -> None:
    """Ice Resistance: "... or Unit abilities powered by blue mana": the Delphana Masters' blue
    ability (the enemy does not attack) is ignored by the Hydra (Ice Resistance, three attacks),
    which then attacks three times."""
    f = combat("hydra", units="delphana-masters", mana="blue")
    f.play("activate delphana-masters-1 prevent 1")
    assert not f.enemy(1).prevented and any("Ice Resistance" in e.text for e in f.events)
    f.play("next")
    assert [a for a in f.legal() if a.startswith("block")] == ["block 1.1", "block 1.2", "block 1.3"]


# ---- Paralyze in the game: the Unit is removed from the game -----------------------------------


def test_paralyze_the_unit_destroyed_is_removed_from_the_game_not_returned_to_the_offer() -> None:
    """Paralyze: "If a Unit gets wounded because of an attack from an enemy with Paralyze, it is
    immediately destroyed (removed from the game)": after the combat the player no longer has
    it, and neither the Unit offer nor the Unit decks get it back; the other Unit stays."""
    from boardrules.games.mage_knight.combat.actions import apply_combat
    from boardrules.games.mage_knight.sites.site_combats import challenge, finish_combat

    words = PLAINS.split()
    words[3] = "plains+orcs"
    b = east_board(" ".join(words), at=SW)
    se = (3, -1)
    b.tokens(se, "ice-golems")  # Ice 2, Paralyze
    b.p.units, b.p.command = [["peasants", 0, False], ["herbalists", 0, False]], 2
    offer, decks = list(b.s.unit_offer), (list(b.s.regular_units), list(b.s.elite_units))
    challenge(b.t, b.s, 0, [se], [])
    c = b.s.combat
    assert c is not None
    events: list = []
    for text in ("next", "next", "assign 1 unit peasants-1", "next"):
        apply_combat(b.t, c, Action.parse(text), events, b.s.rng)
    finish_combat(b.t, b.s, events)
    assert b.p.units == [["herbalists", 0, False]] and b.p.hand.count("wound") == 0
    assert b.s.unit_offer == offer and (b.s.regular_units, b.s.elite_units) == decks


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


# ---- Summon Attack at the edge of supply ---------------------------------------------------------


def test_summon_attack_a_pile_running_out_between_two_summons_is_renewed_from_its_discards() -> None:
    """Summon Attack: "At the start of the Block phase, draw a random brown token for this enemy",
    for each summon (the Dragon Summoner has two); facts 5.1: an exhausted pile is reshuffled from
    its discards. With one brown token left in the pile, the second summon draws from the
    discards (it summoned nothing), and both tokens are discarded after the combat."""
    from boardrules.games.mage_knight.combat.actions import apply_combat
    from boardrules.games.mage_knight.sites.site_combats import challenge, finish_combat

    words = PLAINS.split()
    words[3] = "plains+orcs"
    b = east_board(" ".join(words), at=SW)
    se = (3, -1)
    b.tokens(se, "dragon-summoner")
    b.s.enemy_piles["brown"], b.s.enemy_discards["brown"] = ["minotaur"], ["gargoyle"]
    challenge(b.t, b.s, 0, [se], [])
    c = b.s.combat
    assert c is not None
    events: list = []
    apply_combat(b.t, c, Action.parse("next"), events, b.s.rng)
    assert [e.token for e in c.enemies] == ["dragon-summoner", "minotaur", "gargoyle"]
    assert [e.data["token"] for e in events if e.kind == "summon"] == ["minotaur", None, "gargoyle"]
    for text in ("next", "assign 2 hero", "assign 3 hero", "next"):
        apply_combat(b.t, c, Action.parse(text), events, b.s.rng)
    finish_combat(b.t, b.s, events)
    assert b.s.enemy_piles["brown"] == [] and sorted(b.s.enemy_discards["brown"]) == ["gargoyle", "minotaur"]


@pytest.mark.parametrize("site", ["necropolis", "graveyard"])
def test_necropolis_and_graveyard_eternal_night_mana_in_a_combat_by_day(site: str) -> None:
    """NECROPOLIS / GRAVEYARD "Eternal Night: During the Day, Night rules apply": a combat fought
    from there by Day (rampaging Orcs challenged) uses them: a gold die or token pays nothing,
    a black die pays black (rules-choices.md "Eternal Night": combats only)."""
    from boardrules.games.mage_knight.cards.mana import mana_sources, pay_mana
    from boardrules.games.mage_knight.sites.site_combats import challenge

    words = PLAINS.split()
    words[4], words[3] = f"plains+{site}", "plains+orcs"
    b = east_board(" ".join(words), at=SW)
    se = (3, -1)
    b.tokens(se, "diggers")
    b.s.source = ["gold", "black", "red"]
    b.p.mana["gold"] = b.p.mana["black"] = 1
    challenge(b.t, b.s, 0, [se], [])
    assert b.s.combat is not None and b.s.combat.night and not b.s.night
    assert mana_sources(b.s, 0, "green") == [] and mana_sources(b.s, 0, "red") == ["die-3"]
    assert mana_sources(b.s, 0, "black") == ["die-2", "token"]
    assert pay_mana(b.s, 0, "black", "die-2") == "black"


# ---- Summon Attack: the summoner replaced in the Block and Assign Damage phases -----------------

SUMMON_RULE = "ENEMY TOKEN ABILITIES: Summon Attack"
REPLACED = "the Orc Summoners are replaced by the Minotaur they summoned until the end of the Assign Damage phase"


def test_summon_attack_the_summoner_is_replaced_no_unit_ability_or_effect_names_it_until_discarded() -> None:
    """Summon Attack: "It replaces the enemy in the Block and Assign Damage phases, then it is
    discarded." From the start of the Block phase the Orc Summoners are out of play: the
    Illusionists' "prevent" names only the Minotaur they summoned (and the Prowlers), a prevent
    on them is refused naming the rule; in the Attack phase they are back and the Minotaur gone.
    A summoner that summoned nothing (an empty pile) stays as itself."""
    f = combat("orc-summoners, prowlers", units="illusionists", summons="minotaur", mana="white")
    assert "activate illusionists-1 prevent 1" in f.legal()  # Ranged phase: nothing summoned yet
    f.play("next")
    assert [e.token for e in f.c.enemies] == ["orc-summoners", "prowlers", "minotaur"]
    assert [a for a in f.legal() if a.startswith("activate")] == [
        "activate illusionists-1 prevent 2", "activate illusionists-1 prevent 3"]
    reason, rule = f.refused("activate illusionists-1 prevent 1")
    assert REPLACED in reason and rule == SUMMON_RULE
    with pytest.raises(IllegalActionError, match="replaced by the Minotaur"):
        f.add("prevent-attack", target=1)
    assert not f.enemy(1).prevented
    from boardrules.games.mage_knight.combat.enemies import replaced

    f.play("block 3", "next")  # nothing blocked: the Assign Damage phase
    assert f.phase == "damage" and replaced(f.c, 0)
    f.play("assign 2 hero", "assign 3 hero")
    assert f.phase == "attack" and f.enemy(3).gone and not replaced(f.c, 0)
    assert "target 1" in f.legal() and "target 3" not in f.legal()
    f.add("armor-reduction 1", target=1)  # back in play: an effect names it again
    assert f.enemy(1).armor_cut == 1

    g = combat("orc-summoners", summons="minotaur")
    g.c.summon_piles["brown"] = []  # the pile is empty: nothing is summoned
    g.play("next")
    assert [e.token for e in g.c.enemies] == ["orc-summoners"] and not replaced(g.c, 0)
    g.add("armor-reduction 2", target=1)
    assert g.enemy(1).armor_cut == 2


def test_summon_attack_the_replaced_summoner_is_no_target_of_cards_skills_or_units_in_the_game() -> None:
    """Summon Attack, in a turn: in the Block phase the enemy answers of Whirlwind (a spell) and
    of Know Your Prey (a skill) leave out the Orc Summoners, the Minotaur they summoned replaces
    them; naming them is refused with the rule, as is the Illusionists' prevent; Tremor's "Armor
    -2 to all enemies" and the Sword of Justice's lost Physical Resistance reach the Prowlers and
    the Minotaur, not the Orc Summoners."""
    s = turn("tremor whirlwind march", faces="green white white", units="illusionists",
             skills="know-your-prey")
    s.g.combat = combat("orc-summoners, prowlers", units="illusionists", summons="minotaur").c
    s.g.players[s.g.current].crystals["white"] = 1
    s.cached = None
    do(s, "next")
    reason, rule = refusal(s, "activate illusionists-1 prevent 1")
    assert REPLACED in reason and rule == SUMMON_RULE
    do(s, "play tremor basic", "choose 2", "pay green die-1")
    c = s.g.combat
    assert c is not None
    assert [e.armor_cut for e in c.enemies] == [0, 2, 2]
    do(s, "play whirlwind basic")
    assert legal(s) == ["enemy 2", "enemy 3"]
    reason, rule = refusal(s, "enemy 1")
    assert REPLACED in reason and rule == SUMMON_RULE
    do(s, "enemy 3", "pay white crystal")
    c = s.g.combat
    assert c is not None and c.enemies[2].prevented and not c.enemies[0].prevented
    do(s, "skill know-your-prey")
    assert "enemy 1" not in legal(s)
    reason, rule = refusal(s, "enemy 1")
    assert REPLACED in reason and rule == SUMMON_RULE
    s = turn("sword-of-justice march")  # "every enemy loses Physical Resistance": not the replaced one
    s.g.combat = combat("orc-summoners, prowlers", summons="minotaur").c
    s.cached = None
    do(s, "next", "play sword-of-justice powered")
    assert s.g.combat is not None and [e.resistances_lost for e in s.g.combat.enemies] == [[], ["physical"], ["physical"]]


# ---- NECROPOLIS / GRAVEYARD TILE: Eternal Night for the hero there, combat or not ----------------


@pytest.mark.parametrize("site", ["necropolis", "graveyard"])
def test_necropolis_and_graveyard_eternal_night_night_rules_for_the_hero_there_outside_combat_by_day(site: str) -> None:
    """NECROPOLIS TILE "Eternal Night: During the Day, Night rules apply in a Necropolis Tile"
    (GRAVEYARD: "in a graveyard"), for everything the hero there does, not only a combat: by Day,
    with no combat, a gold die or token pays nothing (refused naming Eternal Night), a black die
    pays black; Double Time gives its Night option (Move 1) only. The round stays Day: the other
    hero, on the starting tile, pays green with the gold die, as does this hero once off the
    space."""
    from boardrules.games.mage_knight.cards.mana import mana_sources, night_rules, pay_mana
    from boardrules.games.mage_knight.skills.using import use_skill

    b = _on(site, players=2)
    b.s.players[1].position = (0, 0)
    b.s.source = ["gold", "black", "red"]
    b.p.mana["gold"] = b.p.mana["black"] = 1
    assert b.s.combat is None and not b.s.night
    assert mana_sources(b.s, 0, "green") == [] and mana_sources(b.s, 0, "black") == ["die-2", "token"]
    assert night_rules(b.s, 0) and not night_rules(b.s, 1)
    assert mana_sources(b.s, 1, "green") == ["die-1"] and mana_sources(b.s, 1, "black") == []
    with pytest.raises(IllegalActionError, match="gold mana cannot be used under Night rules \\(Eternal Night"):
        pay_mana(b.s, 0, "green", "token")
    b.p.skills = ["double-time"]
    with pytest.raises(IllegalActionError, match=r"only used by Day, and Night rules apply \(Eternal Night"):
        use_skill(b.t, b.s, 0, "double-time", [], option=1)  # Move 2 @day
    use_skill(b.t, b.s, 0, "double-time", [], option=2)  # Move 1 @night
    assert b.p.move_points == 1
    assert pay_mana(b.s, 0, "black", "die-2") == "black"
    b.p.position = EAST["C"]  # off the space: Day rules again
    assert not night_rules(b.s, 0) and mana_sources(b.s, 0, "green") == ["token"]
    assert pay_mana(b.s, 0, "green", "token") == "gold"


@pytest.mark.parametrize("site", ["necropolis", "graveyard"])
def test_necropolis_and_graveyard_eternal_night_a_keep_next_to_the_hero_there_is_not_revealed_by_day(site: str) -> None:
    """NECROPOLIS / GRAVEYARD "Eternal Night" against KEEP "When Revealed" (its garrison is
    revealed during the Day if a player is adjacent, not at Night): by Day a hero who moves into
    the necropolis, next to a keep, is under Night rules and the garrison stays face down; the
    same move onto plains reveals it."""
    for here, revealed in ((f"plains+{site}", False), ("plains", True)):
        words = PLAINS.split()
        words[4], words[5] = here, "plains+keep"
        b = east_board(" ".join(words), at=(1, 0), move=5)
        b.tokens(EAST["W"], "guardsmen", face_up=False)
        b.move(SW)
        assert b.p.position == SW and not b.s.night
        assert b.s.enemies[EAST["W"]][0].face_up is revealed, here
