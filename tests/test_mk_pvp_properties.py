"""Random combats between two heroes (pvp.py) from random hands, Units and skills: every decision
has a legal action (mana-powered plays, dual-colour powering, counts and conditions, Influence,
the Thugs and skills included, each reached; each skill offered since issue 11's last stage and
Delphana Masters' further ability of an activation too), each combat ends, cards and Units are conserved,
nothing goes negative, a skill is used once, the combat's state is plain JSON and a clone is
independent."""

from __future__ import annotations

import json

from mk_positions import EAST, east_board

from boardrules.engine import Rng
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
# the skills offered between heroes since issue 11's last stage (pvp_skills_own.py): each is reached
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
