"""The skills a combat between heroes refused until now (issue 11; pvp_skills.py,
pvp_skills_own.py; facts 3.5 "Skills"; rules-choices.md "Player versus player"): the mana skills,
the Regenerates, Spirit Guides' +1 Block, Beguile's and On Her Own's Influence, Shapeshift; and
the refusals kept, from hand-set Full Conquest positions through the game's own actions."""

from __future__ import annotations

from test_mk_decisions import do, legal, refusal
from test_mk_pvp_cards import attacks
from test_mk_pvp_game import meeting

from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game_state import add


def skills(acts: list[str]) -> list[str]:
    return [a for a in acts if a.startswith("skill ")]


# ---- Polarization (facts 3.5 Arythea) -----------------------------------------------------------


def test_pvp_polarization_the_attackers_next_mana_of_the_opposite_colour() -> None:
    """Facts 3.5 Polarization "use one mana as its opposite colour (red<->blue)": in the attacker's
    Attacks with only a blue crystal, Rage's powered Attack 4 (red) is offered once Polarization
    waits, and the blue crystal pays it; the skill is used once a turn."""
    s = meeting(hand0="rage march", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].skills = ["polarization"]
    s.g.players[0].crystals["blue"] = 1
    attacks(s)
    assert "card rage 1 powered" not in legal(s) and "skill polarization 1" in legal(s)
    do(s, "skill polarization 1", "card rage 1 powered", "pay red crystal")
    g = s.g
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 4)]
    assert g.players[0].crystals["blue"] == 0 and not g.polarized
    reason, _ = refusal(s, "skill polarization 1")
    assert "already used this turn" in reason


def test_pvp_polarization_the_defenders_next_mana_of_the_combat() -> None:
    """Facts 3.5 Polarization for the defender taking part fully: their own red token pays
    Determination's powered Block 5 (blue) in the Block step; Polarization is then used up."""
    s = meeting(hand0="rage march", hand1="determination swiftness")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[1].skills = ["polarization"]
    s.g.players[1].mana["red"] = 2
    attacks(s, "full")
    do(s, "card rage 1", "attack")
    assert "card determination 1 powered" not in legal(s)
    do(s, "skill polarization 1")
    assert "card determination 1 powered" in legal(s)
    reason, _ = refusal(s, "skill polarization 1")
    assert "already used" in reason
    do(s, "card determination 1 powered", "pay blue token")
    g = s.g
    assert g.pvp is not None and g.pvp.blocks == [("physical", 5)] and g.players[1].mana["red"] == 1
    assert "polarization" not in g.pvp.defender.marks


# ---- Shamanic Ritual, Invocation (facts 3.5 Krang, Arythea) -------------------------------------


def test_pvp_shamanic_ritual_a_mana_token_of_any_colour() -> None:
    """Facts 3.5 Shamanic Ritual "gain a mana token of any colour": ``skill shamanic-ritual 1
    COLOUR`` for the six colours; a red token then pays Rage's powered Attack 4; once a round."""
    s = meeting(hand0="rage march", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].skills = ["shamanic-ritual"]
    attacks(s)
    assert skills(legal(s)) == [f"skill shamanic-ritual 1 {c}" for c in ("red", "blue", "green", "white", "gold",
                                                                         "black")]
    reason, rule = refusal(s, "skill shamanic-ritual 1")
    assert "name the colour" in reason and rule == "Using Skills"
    do(s, "skill shamanic-ritual 1 red")
    assert s.g.players[0].mana["red"] == 1
    do(s, "card rage 1 powered", "pay red token")
    assert s.g.pvp is not None and s.g.pvp.pool == [("attack", "physical", 4)]
    assert not skills(legal(s))


def test_pvp_invocation_discards_a_card_for_a_token_spent_in_the_combat() -> None:
    """Facts 3.5 Invocation "discard a Wound -> red or black mana token; or a non-Wound -> white or
    green": by Day black cannot be used, so a Wound offers only red; the red token pays Rage's
    powered Attack 4, the Wound goes to the discard pile."""
    s = meeting(hand0=f"rage {WOUND}", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].skills = ["invocation"]
    attacks(s)
    assert skills(legal(s)) == ["skill invocation 1 rage:white", "skill invocation 1 rage:green",
                                f"skill invocation 1 {WOUND}:red"]
    reason, _ = refusal(s, f"skill invocation 1 {WOUND}:white")
    assert "a Wound gives red or black" in reason
    do(s, f"skill invocation 1 {WOUND}:red")
    g = s.g
    assert g.players[0].hand == ["rage"] and g.players[0].discard == [WOUND] and g.players[0].mana["red"] == 1
    do(s, "card rage 1 powered", "pay red token")
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 4)]


# ---- Regenerate (facts 3.5 Krang, Braevalar) ---------------------------------------------------


def test_pvp_regenerate_pays_a_mana_and_discards_a_wound_red_draws_a_card() -> None:
    """Facts 3.5 Regenerate "pay 1 mana of any colour, discard a Wound; if the mana was red or you
    have least Fame, also draw a card": the attacker pays a red crystal, the Wound goes to the
    discard pile and a card is drawn; with no Wound in hand it is refused."""
    s = meeting(hand0=f"rage {WOUND}", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    g = s.g
    g.players[0].skills = ["krang-regenerate"]
    g.players[0].crystals["red"] = 1
    g.players[0].deck = ["stamina"]
    g.players[0].fame = 5  # not the least Fame: only the red mana draws
    attacks(s)
    assert "skill krang-regenerate 1 red" in legal(s) and "skill krang-regenerate 1 blue" not in legal(s)
    do(s, "skill krang-regenerate 1 red")
    assert legal(s) == ["pay red crystal"] and WOUND in g.players[0].hand
    do(s, "pay red crystal")
    assert g.players[0].discard == [WOUND] and sorted(g.players[0].hand) == ["rage", "stamina"]
    assert g.players[0].crystals["red"] == 0
    other = meeting(hand0="rage", hand1="promise")
    other.g.players[0].skills = ["krang-regenerate"]
    other.g.players[0].crystals["red"] = 1
    attacks(other)
    reason, _ = refusal(other, "skill krang-regenerate 1 red")
    assert reason == "Regenerate: you have no Wound in hand to discard"


def test_pvp_regenerate_the_defender_pays_from_their_own_token_no_draw_without_red_or_least_fame() -> None:
    """Facts 3.5 Regenerate for the defender taking part fully, in the Block step: a green token of
    their own pays it, the Wound is discarded; not red and not the least Fame: no card drawn."""
    s = meeting(hand0="rage march", hand1=f"promise {WOUND}")
    g = s.g
    g.players[1].skills = ["braevalar-regenerate"]
    g.players[1].mana["green"] = 1
    g.players[1].fame = 9
    g.players[1].deck = ["stamina"]
    attacks(s, "full")
    do(s, "card rage 1", "attack", "skill braevalar-regenerate 1 green", "pay green token")
    assert g.players[1].hand == ["promise"] and g.players[1].discard == [WOUND] and g.players[1].deck == ["stamina"]
    assert g.players[1].mana["green"] == 0


# ---- Spirit Guides, Beguile, On Her Own --------------------------------------------------------


def test_pvp_spirit_guides_adds_block_1_against_the_melee_attack() -> None:
    """Facts 3.5 Spirit Guides "Move 1, and you may add +1 to a Block in the Block phase": the
    defender (taking part fully) adds Block 1 against the attacker's melee attack; the Move 1 has
    no use (no moving after the action), so in the attacker's own Attacks it is refused."""
    s = meeting(hand0="rage march", hand1="determination")
    g = s.g
    g.players[0].skills = ["spirit-guides"]
    g.players[1].skills = ["spirit-guides"]
    attacks(s, "full")
    reason, _ = refusal(s, "skill spirit-guides 1")
    assert "its Move 1 has no use" in reason and "Block step" in reason
    do(s, "card rage 1", "attack", "card determination 2", "skill spirit-guides 1")
    assert g.pvp is not None and g.pvp.blocks == [("physical", 2), ("physical", 1)]


def test_pvp_beguile_and_on_her_own_influence_for_a_heroes_unit() -> None:
    """Facts 3.5 Beguile "Influence 3 (2 at a fortified site, 4 at a magical glade)" and On Her
    Own "Influence 1, or 3 if you recruit no unit with Influence this turn": on plains with no
    Unit recruited both give 3; the attacker's Heroes Unit asks for 2 (facts 3.4), so they are
    offered, and not once it is paid."""
    s = meeting(hand0="rage march", hand1="promise")
    g = s.g
    g.players[0].skills = ["beguile", "on-her-own"]
    g.players[0].units = [["hero-red", 0, False]]
    attacks(s)
    assert skills(legal(s)) == ["skill beguile 1", "skill on-her-own 1"]
    do(s, "skill beguile 1")
    assert g.pvp is not None and g.pvp.attacker.influence == 3
    do(s, "activate hero-red-1 attack")
    assert skills(legal(s)) == []
    reason, _ = refusal(s, "skill on-her-own 1")
    assert "none asks for it now" in reason
    own = meeting(hand0="rage march", hand1="promise")
    own.g.players[0].skills = ["on-her-own"]
    own.g.players[0].units = [["hero-red", 0, False]]
    add(own.g.players[0], "recruited")
    attacks(own)
    do(own, "skill on-her-own 1")
    assert own.g.pvp is not None and own.g.pvp.attacker.influence == 1


# ---- the refusals kept, with their reasons --------------------------------------------------------


def test_pvp_refusals_kept_name_why_the_effect_has_no_meaning_between_heroes() -> None:
    """Facts 5.4 "no moving after the action": Hawk Eyes, Secret Ways and Flight move the hero;
    Arcane Disguise's second choice ignores Reputation effects, which only an interaction has."""
    s = meeting(hand0="rage march", hand1="promise")
    s.g.players[0].skills = ["hawk-eyes", "secret-ways", "arcane-disguise"]
    attacks(s)
    assert skills(legal(s)) == []
    assert "no moving or exploring after the action" in refusal(s, "skill hawk-eyes 1")[0]
    assert "no moving after the action" in refusal(s, "skill secret-ways 1")[0]
    assert "only an interaction" not in refusal(s, "skill arcane-disguise 2")[0]
    assert "in an interaction" in refusal(s, "skill arcane-disguise 2")[0]


# ---- Shapeshift (facts 3.5 Braevalar) -----------------------------------------------------------


def test_pvp_shapeshift_the_attackers_march_gives_attack_2() -> None:
    """Facts 3.5 Shapeshift "a Basic Action giving a fixed Move, Attack or Block gives the same
    amount of one of the other two instead": in the attacker's Attacks March's Move 2 is given as
    Attack 2 (``skill shapeshift 2``), then the change is used up; choosing Move (1) is refused,
    a Move having no use between heroes."""
    s = meeting(hand0="march march", hand1="promise")
    g = s.g
    g.players[0].skills = ["shapeshift"]
    attacks(s)
    assert "card march 1" not in legal(s) and skills(legal(s)) == ["skill shapeshift 2", "skill shapeshift 3"]
    reason, _ = refusal(s, "skill shapeshift 1")
    assert "a Move has no use between heroes" in reason
    do(s, "skill shapeshift 2", "card march 1")
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 2)] and g.players[0].hand == ["march"]
    assert "card march 1" not in legal(s) and not g.players[0].lasting


def test_pvp_shapeshift_the_defenders_swiftness_gives_block_2() -> None:
    """Facts 3.5 Shapeshift for the defender taking part fully: in the Block step Swiftness's Move 2
    is given as Block 2 (``skill shapeshift 3``); with no Basic Action of another kind in hand it
    is not offered."""
    s = meeting(hand0="rage march", hand1="swiftness")
    g = s.g
    g.players[1].skills = ["shapeshift"]
    attacks(s, "full")
    do(s, "card rage 1", "attack")
    assert "card swiftness 1" not in legal(s)
    do(s, "skill shapeshift 3", "card swiftness 1")
    assert g.pvp is not None and g.pvp.blocks == [("physical", 2)]
    assert not any(m.startswith("shapeshift:") for m in g.pvp.defender.marks)
    none = meeting(hand0="rage march", hand1="promise")
    none.g.players[1].skills = ["shapeshift"]
    attacks(none, "full")
    do(none, "card rage 1", "attack")
    assert "no Basic Action of your hand" in refusal(none, "skill shapeshift 3")[0]


# ---- Delphana Masters: several abilities in one activation (facts 3.4) -----------------------------


def test_pvp_delphana_masters_several_abilities_in_one_activation() -> None:
    """Facts 3.4 Delphana Masters "one activation may use several different abilities (each once,
    paying each mana)": in the attacker's Attacks, Armor -5 (green) and then, the Unit spent,
    "loses fortifications and resistances" (white) on the other hero's Guardian Golems; the same
    ability is not used twice, and in a later step (the Block step against the defender's
    attack) the spent Unit is no longer activated, its red ability not offered."""
    s = meeting(hand0="march rage", hand1="determination")
    g = s.g
    g.players[0].units = [["delphana-masters", 0, False]]
    for colour in ("green", "white", "red"):
        g.players[0].crystals[colour] = 1
    g.players[1].units = [["guardian-golems", 0, False]]
    g.source = ["green", "green", "white", "white"]
    attacks(s, "full")
    do(s, "activate delphana-masters-1 weaken", "pay green crystal", "unit guardian-golems-1")
    acts = legal(s)
    assert "activate delphana-masters-1 strip" in acts and "activate delphana-masters-1 weaken" not in acts
    do(s, "activate delphana-masters-1 strip", "pay white crystal", "unit guardian-golems-1")
    assert g.pvp is not None
    assert [1, "guardian-golems-1", "armor", 5] in g.pvp.on_units
    assert [1, "guardian-golems-1", "lose-resistances", 0] in g.pvp.on_units
    assert not any(a.startswith("activate delphana-masters-1") for a in legal(s))
    do(s, "next", "activate guardian-golems-1 attack", "attack")
    assert g.pvp.step == "block" and not any(a.startswith("activate delphana-masters-1") for a in legal(s))
