"""Random combats between two heroes (pvp/combat.py) from random hands, Units and skills: every decision
has a legal action (mana-powered plays, dual-colour powering, counts and conditions, Influence,
the Thugs and skills included, each reached; each skill offered since issue 11's last stage and
Delphana Masters' further ability of an activation too), each combat ends, cards and Units are conserved,
nothing goes negative, a skill is used once, the combat's state is plain JSON and a clone is
independent."""

from __future__ import annotations

import json

from mk_positions import EAST, east_board

from boardrules.engine import Event, Rng
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.cards.offers import unit_labels
from boardrules.games.mage_knight.pvp.combat import (
    add_points,
    apply_pvp,
    finish_pvp,
    pvp_decision,
    start_pvp,
)

CARDS = ("march", "rage", "stamina", "swiftness", "promise", "determination", "fireball", "instinct",
         "shield-of-the-fallen-kings", "demolish", "tremor", "chill", "whirlwind", "swift-reflexes",
         "intimidate", "explosive-bolt", "chilling-stare", "counterattack", "flame-wall", "in-need",
         "cold-toughness", "promise", "expose", WOUND)
UNITS = ("peasants", "utem-crossbowmen", "fire-golems", "utem-guardsmen", "hero-blue", "red-cape-monks",
         "altem-mages", "amotep-freezers", "ice-golems", "thugs", "sorcerers", "delphana-masters")
# the skills offered between heroes since issue 11's last stage (pvp/skill_mechanisms.py): each is reached
NEW_SKILLS = ("polarization", "shamanic-ritual", "invocation", "krang-regenerate", "braevalar-regenerate",
              "spirit-guides", "beguile", "on-her-own", "shapeshift")
SKILLS = ("night-sharpshooting", "shield-mastery", "resistance-break", "battle-hardened", "i-dont-give-a-damn",
          "dark-fire-magic", "forked-lightning", "flight", "hot-swordsmanship", "curse", "arythea-motivation",
          "elemental-resistance", "taunt", *NEW_SKILLS)


def test_random_pvp_combats_keep_the_invariants() -> None:
    reached: dict[str, int] = {}
    for seed in range(400):
        rng = Rng(seed)
        walls = (("W", "NE"),) if rng.below(2) else ()
        b = east_board("plains plains plains plains plains plains plains", walls=walls, players=2, at=EAST["NW"])
        b.s.players[0].came_from = EAST["W"]
        for p in b.s.players:
            p.hand = [CARDS[rng.below(len(CARDS))] for _ in range(rng.below(6))]
            p.units = [[UNITS[rng.below(len(UNITS))], rng.below(2), bool(rng.below(2))] for _ in range(rng.below(3))]
            p.hand_limit = 1 + rng.below(5)
            p.crystals = {c: rng.below(2) for c in p.crystals}  # powered effects and mana-powered Units
            p.skills = sorted({SKILLS[rng.below(len(SKILLS))] for _ in range(rng.below(4))})
            p.mana = {c: rng.below(2) for c in p.mana}  # tokens: Polarization's opposite colour, Regenerate
        b.s.night = bool(rng.below(2))
        before = [sorted(p.hand + p.play_area + p.discard + p.deck) for p in b.s.players]
        units = [[u[0] for u in p.units] for p in b.s.players]
        pvp = start_pvp(b.t, b.s, 0, 1, [])
        for _ in range(200):
            d = pvp_decision(b.t, b.s)
            if d is None:
                break
            assert d.actions
            if pvp.step == "play" and pvp.phase != "participation" and rng.below(3) == 0:
                kind = "siege" if pvp.phase.endswith("ranged") else "attack"
                if not (pvp.phase == "ranged" and pvp.fortified >= 2):
                    assert d.player == pvp.acting().player, (seed, d, pvp.to_json())
                    add_points(b.t, pvp, d.player, kind, 1 + rng.below(6), ("physical", "fire", "ice")[rng.below(3)])
                    continue
            action = d.actions[rng.below(len(d.actions))]
            newer = [a for a in d.actions if a.name == "skill" and a.args[0] in NEW_SKILLS]
            if newer and rng.below(4):  # the newly offered skills reached often
                action = newer[rng.below(len(newer))]
            if action.name == "skill" and action.args[0] in NEW_SKILLS:
                reached[action.args[0]] = reached.get(action.args[0], 0) + 1
            if action.name == "activate" and action.args[0].startswith("delphana-masters") and \
                    b.s.players[d.player].units[unit_labels(b.s.players[d.player]).index(action.args[0])][2]:
                reached["delphana several"] = reached.get("delphana several", 0) + 1
            kind = {"skill": "skill", "unit": "unit named"}.get(action.name, "")
            if action.name == "card" and len(action.args) > 3:
                kind = "dual-colour"
            elif action.name == "card" and action.args[0] in ("counterattack", "flame-wall", "in-need"):
                kind = "count"
            elif action.name in ("card", "activate", "sideways") and "influence" in action.text or \
                    action.text in ("card promise 1", "card intimidate 1"):
                kind = "influence"
            elif action.name == "wound" and action.args[0].startswith("thugs"):
                kind = "thugs wounded"
            if kind:
                reached[kind] = reached.get(kind, 0) + 1
            apply_pvp(b.t, b.s, action, [], d.player)
            for p in b.s.players:
                assert len(set(p.skills_used)) == len(p.skills_used)
            assert min(pvp.damage, pvp.attacker.wounds, pvp.defender.wounds) >= 0
            json.dumps(pvp.to_json())
            copy = pvp.clone()
            copy.attacker.units.append(["x", "x", 0])
            assert len(copy.attacker.units) == len(pvp.attacker.units) + 1
        assert pvp.phase == "over", seed
        gone = [[x[1] for x in pvp.on_units if x[0] == i and x[2] == "destroyed"] for i in range(2)]
        labelled = [[u[:2] for u in side.units] for side in (pvp.attacker, pvp.defender)]
        finish_pvp(b.t, b.s, [])
        for i, p in enumerate(b.s.players):
            non_wounds = sorted(c for c in p.hand + p.play_area + p.discard + p.thrown + p.deck if c != WOUND)
            assert non_wounds == [c for c in before[i] if c != WOUND]
            # Units conserved, but for those destroyed (Tornado, Disintegrate)
            assert [u[0] for u in p.units] == [x for x, label in labelled[i] if label not in gone[i]] and \
                [x for x, _ in labelled[i]] == units[i] and all(u[1] >= 0 for u in p.units)
            assert p.fame >= 0 and min(p.mana.values()) >= 0 and min(p.crystals.values()) >= 0
    assert set(reached) == {"skill", "unit named", "dual-colour", "count", "influence", "thugs wounded",
                            "delphana several", *NEW_SKILLS}, reached


def test_random_full_conquest_games_with_combats_between_heroes_end_and_keep_the_invariants() -> None:
    """Random Full Conquest games (2-4 players) whose players attack whenever they may: every
    game ends; during a combat between heroes the attacker's turn goes on and only its two
    heroes decide; no hero attacked has a face-down token; the combat stays plain JSON and a
    determinized state shows it the same; a face-down token's turn is skipped once."""
    from boardrules.games.mage_knight.game import MageKnight

    game = MageKnight()
    combats = skipped = 0
    for seed, players in ((5, 2), (2, 3), (3, 4)):
        s = game.new_state(players, seed, {"scenario": "full-conquest"})
        rng = Rng(seed)
        n = 0
        while (d := game.decision(s)) is not None and n < 4000:
            assert d.actions
            g = s.g
            if g.pvp is not None:
                assert d.player in (g.pvp.attacker.player, g.pvp.defender.player)
                assert g.current == g.pvp.attacker.player and g.players[g.current].acted
                if n % 7 == 0:
                    json.dumps(g.pvp.to_json())
                    view = game.view(s, d.player)
                    assert game.view(game.determinize(s, d.player, rng), d.player)["pvp"] == view["pvp"]
            attacks = [a for a in d.actions if a.name == "attack-hero"]
            for a in attacks:
                assert int(a.args[0]) - 1 not in g.pvp_face_down
            action = attacks[0] if attacks else d.actions[rng.below(len(d.actions))]
            events = game.apply(s, action)
            combats += bool(attacks)
            skipped += sum(1 for e in events if e.kind == "turn-skipped")
            assert len(set(s.g.pvp_face_down)) == len(s.g.pvp_face_down)
            n += 1
        assert d is None and s.over, f"seed {seed}: no end after {n} decisions"
    assert combats >= 5 and skipped >= 1


def test_random_full_conquest_game_with_combats_between_heroes_passes_the_shared_checks() -> None:
    """A random 3-player Full Conquest game where heroes attack each other, under the checks
    every game shares (tests/random_play.py): a legal action at every decision, JSON views that
    a determinized state shows the same, and action texts that hide nothing more than the
    decider's (the defender answering during the attacker's turn included)."""
    from random_play import check_decision, check_view, play_checked

    from boardrules.games.mage_knight.game import MageKnight

    game = MageKnight()

    def check(s) -> None:  # type: ignore[no-untyped-def]
        for p in s.g.players:
            assert min(p.move_points, p.influence_points, p.fame) >= 0
        check_decision(game, s)

    def views(s, rng: Rng) -> None:  # type: ignore[no-untyped-def]
        for viewer in range(s.num_players):
            json.dumps(check_view(game, s, viewer, rng))

    # a seed whose random game attacks twice (it changes when the game's choices or piles do)
    s = game.new_state(3, 0, {"scenario": "full-conquest"})
    actions = play_checked(game, s, 0, check, salt=0x4D4B, views=views, views_every=23)
    assert s.over and sum(a.startswith("attack-hero") for a in actions) >= 2
    assert sum(a.startswith("participate") for a in actions) == sum(a.startswith("attack-hero") for a in actions)


# ---- random combats between heroes reaching the discards, destroys and skills (property) -----------------------

NEW_CARDS = ("sword-of-justice", "bow-of-starsdawn", "stout-resolve", "burning-shield", "whirlwind", "demolish",
             "march", "rage", "determination", "swiftness", "promise", "stamina", WOUND)
NEW_UNITS = ("peasants", "delphana-masters", "delphana-masters", "utem-guardsmen", "fire-golems", "peasants")
OWN_MECHANISM_SKILLS = ("universal-power", "leadership", "dueling", "master-of-chaos", "puppet-master", "power-of-pain",
              "who-needs-magic", "i-dont-give-a-damn", "know-your-prey", "battle-frenzy")
TOKENS = ("orc-skirmishers", "prowlers", "diggers")
CHAOS_COLOURS = ("", "blue", "green", "black", "white", "red", "gold")


def _new_kind(action, pvp) -> str:  # type: ignore[no-untyped-def]
    """The part of these rules an action reaches ("" for none)."""
    if action.name == "skill" and action.args[0] in OWN_MECHANISM_SKILLS:
        return str(action.args[0])
    if action.name == "shed" and action.args[0] != "done":
        return "shed"
    if action.name == "activate" and action.args[1] == "destroy":
        return "destroy if blocked"
    if action.name == "card" and action.args[0] in ("whirlwind", "demolish") and action.args[2:3] == ("powered",):
        return "destroy"
    if action.name == "card" and action.args[0] == "burning-shield":
        return "burning shield"
    if action.name == "card" and action.args[0] in ("sword-of-justice", "bow-of-starsdawn") and \
            action.args[2:3] == ("powered",):
        return "thrown away"
    return ""


def test_random_pvp_combats_reach_the_discards_destroys_and_skills_and_keep_the_invariants() -> None:
    """Random combats between two heroes with the cards that discard or destroy, the Units and the skills above: every
    decision has a legal action and every action offered is applied without error (tried on a
    copy now and then); each of the discards for a bonus, the destroys (by an effect and by a
    Block whole), Burning Shield, the Artifacts thrown away and the five skills is reached; cards are conserved (the cards
    discarded to the discard pile), Units too but for those destroyed, nothing goes negative, the
    combat's state is plain JSON and each combat ends."""
    reached: dict[str, int] = {}
    for seed in range(300):
        rng = Rng(seed)
        b = east_board("plains plains plains plains plains plains plains", players=2, at=EAST["NW"])
        b.s.night = bool(rng.below(3))  # black mana for the strong effects of Spells
        b.s.source = [("red", "blue", "green", "white", "black", "gold")[rng.below(6)] for _ in range(3)]
        for p in b.s.players:
            p.hand = [NEW_CARDS[rng.below(len(NEW_CARDS))] for _ in range(2 + rng.below(5))]
            p.units = [[NEW_UNITS[rng.below(len(NEW_UNITS))], 0, False] for _ in range(1 + rng.below(2))]
            p.hand_limit = 1 + rng.below(5)
            p.crystals = {c: rng.below(3) for c in p.crystals}
            p.mana = {c: int(c == "black") for c in p.mana}
            p.skills = sorted({OWN_MECHANISM_SKILLS[rng.below(len(OWN_MECHANISM_SKILLS))] for _ in range(1 + rng.below(3))})
            p.puppets = tuple(TOKENS[rng.below(len(TOKENS))] for _ in range(rng.below(3)))
            p.chaos = CHAOS_COLOURS[rng.below(len(CHAOS_COLOURS))]
        before = [sorted(p.hand + p.play_area + p.discard + p.deck) for p in b.s.players]
        units = [[u[0] for u in p.units] for p in b.s.players]
        pvp = start_pvp(b.t, b.s, 0, 1, [])
        for step in range(300):
            d = pvp_decision(b.t, b.s)
            if d is None:
                break
            assert d.actions, (seed, pvp.to_json())
            if step % 11 == 0:  # every action offered applies
                for a in d.actions:
                    g = b.s.clone()
                    assert g.pvp is not None
                    apply_pvp(b.t, g, a, [], d.player)
            if pvp.step in ("play", "block") and not pvp.pending and pvp.phase != "participation" and \
                    rng.below(4) == 0 and not (pvp.phase == "ranged" and pvp.fortified >= 2):
                kind = "block" if pvp.step == "block" else "siege" if pvp.phase.endswith("ranged") else "attack"
                add_points(b.t, pvp, d.player, kind, 1 + rng.below(6))
                continue
            new = [a for a in d.actions if _new_kind(a, pvp) or a.name == "activate"]  # Units attack: blocked
            action = new[rng.below(len(new))] if new and rng.below(2) else d.actions[rng.below(len(d.actions))]
            if kind := _new_kind(action, pvp):
                reached[kind] = reached.get(kind, 0) + 1
            events: list[Event] = []
            apply_pvp(b.t, b.s, action, events, d.player)
            for e in events:
                if e.kind == "unit-affected" and e.data.get("effect") in ("destroy", "destroy-if-blocked") and \
                        "destroyed" in e.text and "if the attack" not in e.text:
                    what = "destroyed by an effect" if e.data["effect"] == "destroy" else "destroyed by a Block whole"
                    reached[what] = reached.get(what, 0) + 1
            assert min(pvp.damage, pvp.attacker.wounds, pvp.defender.wounds, pvp.attacker.influence,
                       pvp.defender.influence) >= 0
            json.dumps(pvp.to_json())
        assert pvp.phase == "over", seed
        sides = (pvp.attacker, pvp.defender)
        kept = [[u[0] for u in side.units if [i, u[1], "destroyed", 0] not in pvp.on_units]
                for i, side in enumerate(sides)]
        assert [[u[0] for u in side.units] for side in sides] == units
        finish_pvp(b.t, b.s, [])
        for i, p in enumerate(b.s.players):
            assert [u[0] for u in p.units] == kept[i], seed  # Units conserved, but for those destroyed
            non_wounds = sorted(c for c in p.hand + p.play_area + p.discard + p.thrown + p.deck if c != WOUND)
            assert non_wounds == [c for c in before[i] if c != WOUND], seed
            assert all(u[1] >= 0 for u in p.units) and p.fame >= 0
            assert min(p.mana.values()) >= 0 and min(p.crystals.values()) >= 0
    assert set(reached) == {*OWN_MECHANISM_SKILLS, "shed", "destroy", "destroy if blocked", "burning shield", "thrown away",
                            "destroyed by an effect", "destroyed by a Block whole"}, reached
