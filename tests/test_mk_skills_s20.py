"""Arythea's Invocation and Polarization, each sentence of facts 3.5 (mage-knight-content.md,
skills table) held exactly (issue 11): Invocation's token "must be spent at once", and
Polarization's black by Day "not to power a Spell's strong effect", gold at Night as black only
"for a Spell's strong effect" (rules-choices.md "Invocation's token, spent at once"), from
hand-set positions through the game's own actions: a normal turn, a combat with enemies, a combat
between heroes."""

from __future__ import annotations

from test_mk_decisions import do, legal, me, refusal, turn
from test_mk_pvp_cards import attacks
from test_mk_pvp_game import meeting

from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game_state import add, has

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
    assert me(s).mana["white"] == 1  # kept while the play waits for its mana
    do(s, "pay white token")
    assert me(s).mana["white"] == 0
    s = turn(f"swiftness swiftness march {WOUND}", skills="invocation", fight="prowlers")
    do(s, "skill invocation", "discard march", "colour white", "play swiftness powered", "pay white die-4")
    assert me(s).mana["white"] == 0
    assert "play swiftness powered" not in legal(s)


def test_invocation_between_heroes_the_attackers_token_lost_unless_spent_at_once() -> None:
    """In a combat between heroes (pvp_skills_own.py): the attacker's red token, not spent by the
    next card played (March sideways as Attack), is lost; Rage's powered Attack is no longer offered."""
    s = meeting(hand0=f"rage march {WOUND}", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].skills = ["invocation"]
    attacks(s)
    do(s, f"skill invocation 1 {WOUND}:red")
    assert s.g.players[0].mana["red"] == 1 and "card rage 1 powered" in legal(s)
    do(s, "sideways march")
    assert s.g.players[0].mana["red"] == 0
    assert "card rage 1 powered" not in legal(s)


def test_invocation_between_heroes_the_defenders_token_lost_unless_spent_at_once() -> None:
    """The defender taking part fully: their white token (Swiftness discarded) not spent by
    their next card (Determination's basic Block 2) is lost."""
    s = meeting(hand0="rage march", hand1="determination swiftness promise")
    s.g.source = ["green", "green", "red", "red"]
    s.g.players[1].skills = ["invocation"]
    attacks(s, "full")
    do(s, "card rage 1", "attack")
    do(s, "skill invocation 1 swiftness:white")
    assert s.g.players[1].mana["white"] == 1
    do(s, "card determination 2")
    assert s.g.players[1].mana["white"] == 0


def test_invocation_by_day_a_black_token_only_while_polarization_waits() -> None:
    """A token that cannot be spent at once is not offered: by Day a Wound gives red only (black
    mana is depleted), unless Polarization waits to use black as a basic colour; then the black
    token pays March's green at once."""
    s = turn(f"march {WOUND}", skills="invocation polarization", faces="red red blue blue")
    do(s, "skill invocation", f"discard {WOUND}")
    assert legal(s) == ["colour red"]
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
    do(s, "skill invocation", f"discard {WOUND}")
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
    assert legal(s) == ["pay black token"]
    do(s, "pay black token")
    assert me(s).mana["gold"] == 0 and not s.g.polarized
    s = turn(f"march {WOUND}", skills="polarization krang-regenerate", faces="red red blue blue", night=True)
    me(s).mana["gold"] = 1
    s.cached = None
    do(s, "skill polarization", "skill krang-regenerate")
    assert "colour black" not in legal(s)
    reason, rule = refusal(s, "colour black")
    assert "only to power a Spell's strong effect" in reason and rule == POLARIZATION_RULE


def test_polarization_between_heroes_black_by_day_not_for_a_spells_strong_effect() -> None:
    """Between heroes the attacker's Polarization follows the same sentence: black by Day (an
    Amulet of Darkness played) does not pay Snowstorm's blue for Blizzard; it pays Snowstorm's
    basic effect."""
    s = meeting(hand0="snowstorm march", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].skills = ["polarization"]
    add(s.g.players[0], "amulet:darkness")
    s.g.players[0].mana["black"] = 2
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    do(s, "skill polarization 1")
    acts = legal(s)
    assert "card snowstorm 1 powered" not in acts and "card snowstorm 1 basic" in acts
