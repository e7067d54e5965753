"""Issue 24, the wording slips of events and prompts: a combat begun says whom it is against
(never "combat at the rampaging" or "at the burn monastery"), an enemy's verb agrees with its
name ("the Minotaur is defeated", "the Wolf Riders are"), a level-up names its Advanced Action,
a combat between heroes names the other hero (a turn beginning names the hero: sites/test_sites.py). From hand-set
maps, combats and turns (tests/mk_positions.py)."""

from __future__ import annotations

from mk_positions import EAST, GAME, PLAINS, combat, do, east_board, meeting, settle, turn

from boardrules.engine import Event
from boardrules.games.mage_knight.combat.enemies import many, says, whose
from boardrules.games.mage_knight.sites.site_combats import burn_monastery, challenge

SE, SW = EAST["SE"], EAST["SW"]


def on(site: str):  # type: ignore[no-untyped-def]
    """A board with ``site`` on the made-up tile's SW space and the hero standing on it."""
    words = PLAINS.split()
    words[4] = f"plains+{site}"
    return east_board(" ".join(words), at=SW)


def _combat_text(events: list[Event]) -> str:
    return next(e.text for e in events if e.kind == "combat")


def test_a_combat_with_rampaging_enemies_names_them() -> None:
    words = PLAINS.split()
    b = east_board(" ".join(words[:3] + ["plains+orcs"] + words[4:]), at=SW)
    b.tokens(SE, "diggers")
    events: list[Event] = []
    challenge(b.t, b.s, 0, [SE], events)
    assert _combat_text(events) == "combat with the rampaging Diggers"


def test_burning_a_monastery_says_so() -> None:
    b = on("monastery")
    events: list[Event] = []
    burn_monastery(b.t, b.s, 0, events)
    c = b.s.combat
    assert c is not None
    assert _combat_text(events) == f"combat to burn the monastery, against the {b.t.enemy[c.enemies[0].token].name}"
    settle(b)


def test_an_assault_names_the_site_and_its_defenders() -> None:
    from boardrules.games.mage_knight.sites.site_combats import combat_words

    t = GAME.t
    assert combat_words(t, "keep", ["guardsmen", "prowlers"], [False, True]) == \
        "combat at the keep, against the Guardsmen (and the rampaging Prowlers)"
    assert combat_words(t, "mage-tower", ["ice-mages"], [False]) == "combat at the mage tower, against the Ice Mages"
    assert combat_words(t, "rival-keep", ["guardsmen"], [False]) == \
        "combat at another player's keep, against the Guardsmen"


def test_an_enemys_verb_agrees_with_its_name() -> None:
    f = combat("minotaur, wolf-riders, guardsmen")
    t, one, band, men = f.t, f.enemy(1), f.enemy(2), f.enemy(3)
    assert not many("Minotaur") and many("Wolf Riders") and many("Guardsmen") and not many("Zombie Horde")
    assert (says(t, one, "are"), says(t, band, "are"), says(t, men, "have")) == \
        ("the Minotaur is", "the Wolf Riders are", "the Guardsmen have")
    assert (whose(t, one), whose(t, band)) == ("the Minotaur's", "the Wolf Riders'")
    f.add("ranged 5")
    events = f.play("target 1", "resolve")
    assert [e.text for e in events if e.kind == "defeated"] == ["the Minotaur is defeated: Fame +4"]


def test_a_level_up_names_the_advanced_action_taken() -> None:
    s = turn("march")
    p = GAME.t
    me = s.g.players[s.g.current]
    me.pending, me.skill_pile = ["skill-and-advanced-action"], ["who-needs-magic", "double-time"]
    s.g.aa_offer, s.g.common_skills = ["song-of-wind", "ice-bolt"], []
    s.turn_begun, s.cached = False, None
    events = do(s, "level-up who-needs-magic", "learn song-of-wind")
    assert [e.text for e in events if e.kind == "level-up-reward"] == \
        [f"takes the skill {p.skill['who-needs-magic'].name} and the Advanced Action Song of Wind"]


def test_a_combat_between_heroes_names_the_other_hero() -> None:
    s = meeting()
    names = [GAME.t.hero[h].name for h in s.heroes]
    do(s, "move 0:-2", "attack-hero 2")
    d = GAME.decision(s)
    assert d is not None and d.player == 1 and d.prompt.startswith(f"Combat with {names[0]}:")  # the defender
    do(s, d.actions[0].text)
    d = GAME.decision(s)
    assert d is not None and d.player == 0 and d.prompt.startswith(f"Combat with {names[1]}:")  # the attacker
