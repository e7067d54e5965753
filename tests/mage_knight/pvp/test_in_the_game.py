"""Player-versus-player combat offered in the turn (facts 5.4, 5.5, 5.8; pvp/combat.py wired by
actions/ and game.py): from hand-set Full Conquest positions with two heroes, through the
game's own actions (``attack-hero N``, then the combat's small decisions, the defender answering
during the attacker's turn)."""

from __future__ import annotations

from mk_positions import (  # the shared decision helpers, text
    GAME,
    HOME,
    do,
    legal,
    meeting,
    refusal,
)

from boardrules.engine import Action, Rng
from boardrules.games.mage_knight.cards.deck import WOUND


def test_pvp_ending_the_move_on_another_hero_is_the_turns_action_in_the_game() -> None:
    """Facts 5.4 "Mandatory actions replace it: ... ending on another hero (PvP)"; 5.5 "ending on
    one = PvP": on the hero's space the attack is offered and the turn cannot end nor take
    another action; the defender answers during the attacker's turn; leftover Move vanishes."""
    s = meeting(move=3)
    assert not any(x.startswith("attack-hero") for x in legal(s))  # not on their space yet
    do(s, "move 0:-2")
    acts = legal(s)
    assert "attack-hero 2" in acts and "end-turn" not in acts and "enter" not in acts
    reason, rule = refusal(s, "end-turn")
    assert "attacking them is this turn's action" in reason and rule == "Player versus player combat"
    do(s, "attack-hero 2")
    d = GAME.decision(s)
    assert d is not None and d.player == 1 and [a.text for a in d.actions] == ["participate full",
                                                                              "participate partial"]
    assert s.g.current == 0 and s.g.players[0].acted and s.g.players[0].move_points == 0
    reason, rule = refusal(s, "end-turn")
    assert "is not possible now" in reason and rule == "Player versus player combat"


def test_pvp_other_heroes_may_be_passed_through() -> None:
    """Facts 5.5 "Other heroes may be passed through": moving on from their space, nothing is
    asked; the portal holds several heroes (no attack where both start)."""
    s = meeting()
    do(s, "play march basic", "move 0:-2", "move 0:-3")
    acts = legal(s)
    assert not any(x.startswith("attack-hero") for x in acts) and "end-turn" in acts
    start = GAME.new_state(2, 3, {"scenario": "full-conquest"})
    while (d := GAME.decision(start)) is not None and d.actions[0].name == "tactic":
        GAME.apply(start, d.actions[0])
    assert start.g.players[0].position == start.g.players[1].position  # the portal
    assert not any(x.startswith("attack-hero") for x in legal(start))


def test_pvp_refused_in_first_reconnaissance_then_forced_withdrawal() -> None:
    """Facts 5.8 First Reconnaissance: "no PvP"; facts 5.5: where the combat is not allowed,
    Forced Withdrawal at the end of the turn (one Wound per space moved back)."""
    s = meeting(scenario="first-reconnaissance")
    do(s, "play march move", "move 0:-2")
    acts = legal(s)
    assert "attack-hero 2" not in acts and "end-turn" in acts
    reason, rule = refusal(s, "attack-hero 2")
    assert "no combat between players" in reason and rule == "First Reconnaissance"
    do(s, "end-turn")
    assert s.g.players[0].position == HOME and s.g.players[0].hand.count(WOUND) == 1


def test_pvp_refused_after_the_end_of_the_round_is_announced_and_against_a_face_down_token() -> None:
    """Facts 5.5: not after the End of the Round is announced, not against a face-down
    round-order token; a seat that is no other hero is a clear refusal, never a traceback."""
    s = meeting()
    s.g.announced_by, s.g.final_turns = 1, [0]
    do(s, "play march basic", "move 0:-2")
    assert "attack-hero 2" not in legal(s) and "end-turn" in legal(s)
    assert refusal(s, "attack-hero 2")[1] == "Announcing End of Round"
    t = meeting()
    t.g.pvp_face_down = [1]
    do(t, "move 0:-2")
    assert "attack-hero 2" not in legal(t)
    assert "face down" in refusal(t, "attack-hero 2")[0]
    for text in ("attack-hero 1", "attack-hero 7", "attack-hero x"):
        reason, _ = refusal(t, text)
        assert reason
    solo = GAME.new_state(1, 2)
    while (d := GAME.decision(solo)) is not None and d.actions[0].name == "tactic":
        GAME.apply(solo, d.actions[0])
    reason, rule = refusal(solo, "attack-hero 2")
    assert "no other hero 2" in reason


def test_pvp_the_whole_combat_through_the_game_wounds_fame_and_the_defenders_cards() -> None:
    """A combat between heroes played with the game's actions: each side's cards sideways
    (facts 5.4), the hero attacked blocking a melee attack, Wounds into each hand and Fame when
    it ends (game.py's steps call finish_pvp); the defender's cards go to their discard pile;
    the attacker's turn goes on (only its end is left: the action is taken)."""
    s = meeting()
    do(s, "move 0:-2", "attack-hero 2", "participate partial", "next", "next")
    assert GAME.decision(s).player == 0  # type: ignore[union-attr]
    do(s, "sideways march", "sideways rage", "sideways stamina", "attack")
    d = GAME.decision(s)
    assert d is not None and d.player == 1 and [a.text for a in d.actions] == ["sideways promise",
                                                                              "sideways swiftness", "block"]
    do(s, "sideways promise", "block", "wound hero")  # 3 - 1 = 2 damage on Armor 2: a Wound
    assert s.g.pvp is not None and s.g.pvp.phase == "defender-attack"
    do(s, "sideways swiftness", "attack", "block", "wound hero")  # Tovak blocks nothing: 1 Wound
    assert s.g.pvp is None
    a, d2 = s.g.players
    assert d2.hand == [WOUND] and sorted(d2.discard) == ["promise", "swiftness"] and d2.fame == 1
    assert a.hand == [WOUND] and a.fame == 1 and sorted(a.play_area) == ["march", "rage", "stamina"]
    assert legal(s) == ["end-turn"]
    do(s, "end-turn")  # not a safe space: Forced Withdrawal (our reading, rules-choices.md)
    assert s.g.players[0].position == HOME and s.g.current == 1


def test_pvp_full_participation_skips_the_defenders_next_turn_in_the_game() -> None:
    """Facts 5.4 "If your Round Order token is face down: flip it up and skip the turn": the
    defender who took part fully does not play their next turn; the turn passes on."""
    s = meeting()
    do(s, "move 0:-2", "attack-hero 2", "participate full", "next", "next", "next", "next")
    assert "attack-hero 2" not in legal(s)  # the turn's action is taken; a card is still to play
    do(s, "play rage influence", "end-turn")
    assert s.g.current == 0 and s.g.pvp_face_down == []
    assert s.g.players[0].position == HOME  # the attacker's next turn, after Forced Withdrawal


def test_pvp_a_skipped_turn_after_the_announcement_is_the_defenders_one_more_turn() -> None:
    """Facts 5.7: after an announcement every other player takes exactly one more turn; a
    skipped turn (a face-down round-order token) is that turn, so the round ends."""
    from boardrules.games.mage_knight.rounds.turn import skips_turn

    s = meeting()
    g = s.g
    g.pvp_face_down, g.announced_by, g.final_turns = [1], 0, [1]
    assert skips_turn(g, 1, []) and g.round_over and g.final_turns == []


def test_pvp_what_is_hidden_in_the_game_hands_stay_hidden_the_cards_played_are_shown() -> None:
    """Hidden information: during a combat between heroes the defender's hand stays hidden from
    the attacker (view, determinize); a card played sideways is shown to everyone; the
    participation is public."""
    s = meeting()
    do(s, "move 0:-2", "attack-hero 2")
    assert GAME.action_text(s, Action.parse("participate full"), 0) == "participate full"
    do(s, "participate partial", "next", "next", "sideways march", "attack")
    v = GAME.view(s, 0)
    assert v["pvp"]["step"] == "block" and "hand" not in v["players"][1]
    assert GAME.action_text(s, Action.parse("sideways swiftness"), 0) == "sideways swiftness"
    for k in range(3):
        d = GAME.determinize(s, 0, Rng(k))
        assert GAME.view(d, 0) == v
        assert sorted(d.g.players[1].hand + d.g.players[1].deck) == sorted(s.g.players[1].hand + s.g.players[1].deck)


def test_render_shows_the_combat_between_heroes_and_a_face_down_token() -> None:
    """The terminal picture: both sides of a combat between heroes (Armor, Wounds, Fame, Units),
    its phase and what is played, to every viewer; then the defender's face-down token."""
    from rich.console import Console

    def text(viewer: int | None) -> str:
        console = Console(record=True, width=200, color_system=None)
        console.print(GAME.render(s, viewer))
        return console.export_text()

    s = meeting()
    s.g.players[1].units = [["peasants", 0, False]]
    do(s, "move 0:-2", "attack-hero 2", "participate full", "next", "next", "sideways march", "sideways rage",
       "sideways stamina", "attack", "block")
    for viewer in (None, 0, 1):
        out = text(viewer)
        assert "Combat between heroes: Tovak" in out and "attacks Goldyx" in out
        assert "the attacker's Attacks; the defender takes part fully" in out
        assert "Attack played: attack 3; 3 damage (physical) to spend on Units or the hero" in out
        assert "peasants-1" in out
    do(s, "wound peasants-1")
    assert "peasants-1 (1 wound)" in text(0) and "the defender's Attacks" in text(0)
    do(s, "next")
    out = text(None)
    assert "Combat between heroes" not in out and "Round-order token face down (the next turn is skipped): Goldyx" in out


def test_greedy_attacks_a_weaker_hero_and_moves_on_from_a_stronger_one() -> None:
    """The greedy agent's heuristic (ai/heuristic.py) on another hero's space: it attacks a hero
    with little to fight with, not one whose hand and Units outmatch it (no suicidal attacks);
    as the defender it takes part partially (full participation only skips a turn here)."""
    from boardrules.agents import GreedyAgent

    weak = meeting(hand1="", move=4)
    # no enemy token on the map: a winnable fight within the Move points a card gives would
    # count too (the heuristic's fight_in_reach), and this test is the heroes' combat
    weak.g.enemies, weak.cached = {}, None
    do(weak, "move 0:-2")
    d = GAME.decision(weak)
    assert d is not None and GreedyAgent(1).act(GAME, weak, d).text == "attack-hero 2"
    d = GAME.decision(weak)
    assert d is not None
    GAME.apply(weak, d.actions[[a.text for a in d.actions].index("attack-hero 2")])
    d = GAME.decision(weak)
    assert d is not None and d.player == 1 and GreedyAgent(1).act(GAME, weak, d).text == "participate partial"
    strong = meeting(hand1="march rage stamina swiftness promise", move=4)
    strong.g.players[1].units = [["utem-crossbowmen", 0, False], ["peasants", 0, False]]
    do(strong, "move 0:-2")
    d = GAME.decision(strong)
    assert d is not None and GreedyAgent(1).act(GAME, strong, d).text != "attack-hero 2"
    # three cards each: sideways ones only (1 each) are no match; Rage, Determination and Cold
    # Toughness (2, 2 and 3 points) are
    for hand, attacks in (("march swiftness promise", False), ("rage determination cold-toughness", True)):
        even = meeting(hand0=hand, hand1="march stamina promise", move=4)
        do(even, "move 0:-2")
        d = GAME.decision(even)
        assert d is not None and (GreedyAgent(1).act(GAME, even, d).text == "attack-hero 2") == attacks


def test_keep_other_players_keeps_the_owner_there_the_move_ends_and_the_attack_is_the_action() -> None:
    """KEEP "Other Players' Keeps: Can be assaulted and you get Reputation -1"; with its owner
    there the assault is a combat against them (facts 5.5: entering a rival's keep ends the
    move): the attack is the only action left, the keep fortifies its owner."""
    s = GAME.new_state(2, 0, {"scenario": "full-conquest", "heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    g = s.g
    keep = (0, -2)  # a keep on hills in this map
    a, owner = g.players
    a.position = a.turn_start = (0, -1)
    a.move_points, a.hand = 3, ["march", "rage"]
    owner.position, owner.keeps = keep, [keep]
    g.conquered.add(keep)
    g.enemies.pop(keep, None)
    s.cached = None
    do(s, "move 0:-2")
    acts = legal(s)
    assert "attack-hero 2" in acts and not any(x.startswith(("move", "end-turn")) for x in acts)
    assert g.combat is None and s.g.players[0].reputation == 0
    do(s, "attack-hero 2")
    pvp = s.g.pvp
    assert pvp is not None and pvp.keep and pvp.fortified == 1 and s.g.players[0].reputation == -1


def test_observation_reads_the_combat_between_heroes_from_the_view() -> None:
    """The observation (research/observation.py, docs/research.md "pvp"): the phase, the step, both sides'
    seats, the participation, the points played and the face-down tokens, from a player's view."""
    from boardrules.games.mage_knight.pvp.combat import PHASES
    from boardrules.games.mage_knight.research.observation_fields import (
        PVP_BONUS,
        PVP_MARKS,
        PVP_SIDE,
    )

    schema = GAME.observation_schema(2, {"scenario": "full-conquest"})
    first, size = next((f, n) for f, n, name, _ in schema.layout() if name == "pvp")
    s = meeting()
    assert sum(schema.vector(GAME.view(s, 0))[first:first + size]) == 0
    do(s, "move 0:-2", "attack-hero 2", "participate full", "next", "next", "sideways march", "sideways rage")
    x = schema.vector(GAME.view(s, 1))[first:first + size]
    phases = len(PHASES)
    assert x[:phases] == [1.0 if p == "attack" else 0.0 for p in PHASES]
    assert x[phases:phases + 3] == [1.0, 0.0, 0.0]  # step: play
    # a side: seat one-hot, PVP_SIDE, Influence, Units paid, bonus one-hot, marks (then others), Units and Wounds
    side = 4 + len(PVP_SIDE) + 2 + len(PVP_BONUS) + len(PVP_MARKS) + 1 + 2
    assert x[phases + 3] == 1.0 and x[phases + 3 + side + 1] == 1.0  # attacker seat 0, defender seat 1
    assert x[phases + 3 + 2 * side:phases + 3 + 2 * side + 2] == [1.0, 0.0]  # full participation
    pool = phases + 3 + 2 * side + 4  # after fortified and keep: ranged, siege, attack...
    assert x[pool + 2] == 2.0
    do(s, "attack", "block", "wound hero", "next")
    x = schema.vector(GAME.view(s, 0))[first:first + size]
    assert x[-4:] == [0.0, 1.0, 0.0, 0.0]  # the defender's token face down


def test_pvp_cards_basic_effects_of_plain_attack_ranged_or_block_points() -> None:
    """Cards' own effects in a combat between heroes: a basic effect that is only Attack, Ranged,
    Siege or Block points is played for its points (``card CARD OPTION``), each in its moment:
    Swift Reflexes' Ranged 1 in the Ranged and Siege phase, Rage's Attack 2 in the Attacks, Cold
    Toughness's Ice Block 3 against a melee attack (efficient against a physical one, facts
    4.2); the defender's card goes to their discard pile when the combat ends."""
    s = meeting(hand0="rage swift-reflexes march", hand1="cold-toughness promise")
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    assert legal(s) == ["card swift-reflexes 2", "card swift-reflexes 2 powered", "next"]  # a gold die by Day
    do(s, "card swift-reflexes 2", "attack", "wound hero", "next")  # 1 damage: 1 Wound on Armor 2
    acts = legal(s)
    assert "card rage 1" in acts and "card rage 2" not in acts and "sideways march" in acts
    reason, rule = refusal(s, "card rage 2")
    assert "plain Attack, Ranged, Siege or Block points of this moment" in reason
    assert rule == "Player versus player combat"
    do(s, "card rage 1", "sideways march", "attack")
    assert legal(s) == ["sideways cold-toughness", "sideways promise", "card cold-toughness 2", "block"]
    do(s, "card cold-toughness 2", "block")  # Block 3 against 3: nothing gets through
    assert s.g.pvp is not None and s.g.pvp.phase == "defender-attack"
    do(s, "next")
    a, d2 = s.g.players
    assert sorted(a.play_area) == ["march", "rage", "swift-reflexes"] and a.fame == 1
    assert d2.discard == ["cold-toughness"] and sorted(d2.hand) == ["promise", WOUND]
