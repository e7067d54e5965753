"""Combats at sites: a move's combat (MARAUDING ORCS, DRACONUM "Effect" provoked; an assault of
KEEP, MAGE TOWER, a city, facts 4.6; WALLS "Combat"), a challenge of rampaging enemies
(MARAUDING ORCS / DRACONUM "Action"), entering an adventure site (MONSTER DEN, SPAWNING GROUNDS,
DUNGEON, TOMB, ANCIENT RUINS "Enemies", MAZE, LABYRINTH), MONASTERY "Burning a Monastery", the
Summon Attack's piles (ENEMY TOKEN ABILITIES), and the combat's end with each site's result
(Shields, rewards, tokens left or discarded); ANCIENT RUINS "Altar", the tribute in place of a
combat.

Combats are stage 1's ``start_combat`` with the site's conditions; ``finish_combat`` reads its
``outcome()`` and applies the site's sentences (Shields, rewards, tokens left or discarded).
Card rewards (Spell, Artifact, Advanced Action, Unit) are recorded on the player as pending.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine import BoardrulesError, Event, IllegalActionError
from ..cards.deck import (
    discard_non_wounds,
    non_wounds_in_hand,
    take_wounds,
    wounds_in_hand,
    wounds_to_discard,
)
from ..cards.mana import ETERNAL_NIGHT, gain_crystal_now, roll_die
from ..combat.defeat import outcome
from ..combat.phases import DISCARDS, start_combat
from ..combat.state import Hero
from ..content import Tables
from ..game_state import GameState, PlayerState, Token, add, labels_of, remove_unit
from ..map.exploring import FACE_DOWN_SITES, discard_enemy, draw_enemy, space, tokens_left
from ..map.hexes import Hex, adjacent
from ..map.movement import assault_needed, owner_of_keep, rampaging_at, wall_between
from ..rounds.obligation import ONLY_REST, only_rest_left
from ..rounds.obligation import RULE as TURN_RULE
from ..skills.consulted import DEFEATED, PUPPET_MASTER
from ..skills.interactive import centre_at_combat_start
from ..units.outside_combat import PILE_TOP, PILE_TOP_DRAWN, scouted_fame
from .interaction import pay_tribute
from .reputation import change_reputation
from .rewards import random_crystals, shield, site_here

MAZE_PATHS = (2, 4, 6)
MAZES = ("maze", "labyrinth")
MAZE_REWARDS = {2: ("crystal-choice", "crystal-choice"), 4: ("spell",), 6: ("artifact",)}
ADVENTURE_SITES = ("monster-den", "spawning-grounds", "dungeon", "tomb", "ruins", "maze", "labyrinth")


def combat_night(t: Tables, s: GameState, h: Hex) -> bool:
    """Night rules: at Night, and by Day in a Necropolis or Graveyard (Eternal Night)."""
    sp = space(t, s, h)
    return s.night or (sp is not None and sp.site in ETERNAL_NIGHT)


def _require_action(p: PlayerState, rule: str) -> None:
    if p.acted:
        raise IllegalActionError("you have already taken your action this turn", rule)
    if only_rest_left(p):
        raise IllegalActionError(ONLY_REST, TURN_RULE)


def _hero(p: PlayerState) -> Hero:
    return Hero(p.armor, p.hand_limit, non_wounds_in_hand(p), wounds_in_hand(p))


def _begin(t: Tables, s: GameState, player: int, kind: str, h: Hex, tokens: Sequence[str],
           rampaging: Sequence[bool], events: list[Event], homes: Sequence[Hex] = (), **conditions: object) -> None:
    """Start the combat; ``homes`` are the spaces the rampaging tokens (the first ones) came from."""
    p = s.players[player]
    p.acted = p.moving_done = True
    p.move_points = 0  # leftover Move and Influence vanish when the action starts (facts 5.4)
    p.influence_points = 0
    # the whole entry: a Unit's mana token on the card (Magic Familiars) goes into the combat too
    units = [tuple(u) for u in p.units]
    site_night = bool(conditions.pop("night", False))  # dungeon, tomb: Night rules whatever the round
    if conditions.get("units_allowed") == "none" and p.bonded:  # Bonds of Loyalty: its Unit may be used there
        bonded = p.units[labels_of(p).index(p.bonded)]
        if not (bonded[1] or bonded[2]):
            conditions.update(units_allowed="one", chosen_unit=p.bonded)
    s.combat = start_combat(t, list(tokens), units=units, hero=_hero(p), rampaging=list(rampaging),  # type: ignore[arg-type]
                            night=site_night or combat_night(t, s, p.position),
                            player=player, summon_piles=summon_piles(s), **conditions)  # type: ignore[arg-type]
    s.combat_site = {"kind": kind, "at": h, "homes": [list(x) for x in homes]}
    for colour in s.pile_tops:  # a pile's top the Scouts fixed: a Summon Attack draws it first; a
        if not t.enemy[s.enemy_piles[colour][-1]].attacks[0].summon:  # summoner on top is never summoned,
            s.combat.this_combat.append(PILE_TOP + colour)  # so the summon draws at random below it
    if s.centre:  # another's Wolf's Howl or Nature's Vengeance (skills/interactive.py)
        centre_at_combat_start(s, player, events)
    for label, banner in sorted(p.banners.items()):  # Banners under the Units that come along (facts 3.3)
        if not banner.endswith(":flipped") and label in labels_of(p):
            s.combat.this_combat.append(f"banner:{label}:{banner}")
    events.append(Event("combat", combat_words(t, kind, tokens, rampaging), player,
                        {"site": kind, "at": list(h), "enemies": list(tokens)}))


def combat_words(t: Tables, kind: str, tokens: Sequence[str], rampaging: Sequence[bool]) -> str:
    """The combat begun, in words: ``combat with the rampaging Wolf Riders``, ``combat to burn the
    monastery, against the Golems``, ``combat at the keep, against the Guardsmen (and the
    rampaging Prowlers)``."""
    def names(which: bool) -> str:
        return " and the ".join(t.enemy[x].name for x, r in zip(tokens, rampaging, strict=True) if r == which)
    if kind == "rampaging":
        return f"combat with the rampaging {names(True)}"
    site = {"burn-monastery": "to burn the monastery", "rival-keep": "at another player's keep"}.get(
        kind, f"at the {kind.replace('-', ' ')}")
    joined = f" (and the rampaging {names(True)})" if any(rampaging) else ""
    return f"combat {site}, against the {names(False)}{joined}"


def summon_piles(s: GameState) -> dict[str, list[str]]:
    """The piles a Summon Attack draws from: each colour's face-down pile, or its discards when
    the pile is empty (they would be shuffled into a new pile, facts 5.1); the discards also
    wait for a pile that runs out in the middle of the combat's summons (``combat.DISCARDS``)."""
    out = {colour: pile if pile else s.enemy_discards[colour] for colour, pile in s.enemy_piles.items()}
    out.update({colour + DISCARDS: s.enemy_discards[colour] for colour, pile in s.enemy_piles.items()
                if pile and s.enemy_discards.get(colour)})
    return out


def discard_summoned(t: Tables, s: GameState, tokens: Sequence[str]) -> None:
    """ENEMY TOKEN ABILITIES "Summon Attack": a summoned token leaves its pile and, after the
    combat, is discarded."""
    for token in tokens:
        colour = t.enemy[token].colour
        pile = s.enemy_piles[colour] if token in s.enemy_piles[colour] else s.enemy_discards[colour]
        pile.remove(token)
        discard_enemy(t, s, token)


def _draw_to_fight(s: GameState, colours: Sequence[str], rule: str) -> list[str]:
    """Draw the tokens a site's combat fights, one per colour named; refused (nothing drawn) when
    a colour's pile and its discards together hold too few (facts 5.1 reshuffles the discards; a
    colour with every token on the map or in play has none to give)."""
    for colour in set(colours):
        if tokens_left(s, colour) < colours.count(colour):
            raise IllegalActionError(f"no {colour} enemy token is left to draw (its pile and discards are empty)",
                                     rule)
    return [draw_enemy(s, c) for c in colours]


def _take_tokens(s: GameState, h: Hex) -> list[str]:
    """The enemy tokens on a space, now face up and in the combat (returned from the map)."""
    return [tok.id for tok in s.enemies.pop(h, [])]


def start_movement_combat(t: Tables, s: GameState, player: int, events: list[Event], joined: Sequence[Hex] = ()) -> None:
    """The combat a move forces as the turn's action: provoked rampaging enemies (MARAUDING ORCS,
    DRACONUM "Effect"), an assault on an unconquered fortified site or another player's keep
    (KEEP, MAGE TOWER "Can be assaulted and you get Reputation -1"; facts 4.6 cities). Provoked
    rampaging enemies join the assault, unfortified; a garrison across a wall is double
    fortified (WALLS "Combat"). ``joined``: rampaging enemies next to the hero challenged to join
    the fight (RB Combat 2c), fortified if across a wall from the hero, as any challenged."""
    p = s.players[player]
    h = p.position
    for x in joined:
        if x in p.provoked or not adjacent(h, x) or not rampaging_at(t, s, x):
            raise IllegalActionError("only rampaging enemies next to you that the move did not provoke may be "
                                     "challenged to join the combat", "MARAUDING ORCS")
    assault = assault_needed(t, s, player, h)
    owner = owner_of_keep(s, h)
    if assault and owner >= 0 and s.players[owner].position == h:
        raise IllegalActionError("the keep's owner is there: that is a combat against them (player versus "
                                 "player), not an assault of its defenders", "KEEP")
    sp = space(t, s, h)
    late = assault and sp is not None and sp.site in FACE_DOWN_SITES and owner < 0 and not s.enemies.get(h)
    if not p.provoked and not (assault and (s.enemies.get(h) or owner >= 0 or late)):
        raise IllegalActionError("your move provoked no enemies and entered no fortified site", "Movement")
    tokens: list[str] = []
    ramp: list[bool] = []
    homes: list[Hex] = []
    walls: list[bool] = []
    for home in (*p.provoked, *joined):
        for tok in _take_tokens(s, home):
            tokens.append(tok)
            ramp.append(True)
            homes.append(home)
            walls.append(home in joined and wall_between(t, s, h, home))  # a provoked one: never across a wall
    conditions: dict[str, object] = {}
    kind = "rampaging"
    at = p.provoked[0] if p.provoked else h
    if assault:
        sp = space(t, s, h)
        assert sp is not None and sp.site is not None
        kind, at = sp.site, h
        change_reputation(p, -1)
        events.append(Event("reputation", "assaulting a fortified site: Reputation -1", player, {"delta": -1}))
        if sp.site == "keep" and owner >= 0:
            defenders = [draw_enemy(s, "grey")]
            kind = "rival-keep"
        elif late:  # revealed when none was left: its token drawn now (exploring.reveal_space)
            defenders = _draw_to_fight(s, [FACE_DOWN_SITES[sp.site]], sp.site.replace("-", " ").upper())
        else:
            defenders = _take_tokens(s, h)
        tokens += defenders
        ramp += [False] * len(defenders)
        conditions["site_fortified"] = True
        walled = p.came_from is not None and adjacent(p.came_from, h) and \
            wall_between(t, s, p.came_from, h)  # a leap (Space Bending) crosses no wall
        walls += [walled] * len(defenders)
        if sp.site == "city":
            tile = t.tile[s.spaces[h][0]]
            conditions["city"] = tile.city
    conditions["across_wall"] = walls  # each enemy's own wall (rampaging enemies never attack across one)
    p.provoked = []
    _begin(t, s, player, kind, at, tokens, ramp, events, homes,
           site=kind if kind in ("keep", "mage-tower", "city") else "", **conditions)


def challenge(t: Tables, s: GameState, player: int, targets: Sequence[Hex], events: list[Event]) -> None:
    """MARAUDING ORCS / DRACONUM "Action": challenge rampaging enemies from an adjacent space as
    the action. WALLS "Combat": the enemies of a space across a wall are fortified (each
    challenged space has its own wall condition)."""
    p = s.players[player]
    _require_action(p, "MARAUDING ORCS")
    if not targets:
        raise IllegalActionError("name the rampaging enemies' space you challenge", "MARAUDING ORCS")
    for h in targets:
        if not adjacent(p.position, h) or not rampaging_at(t, s, h):
            raise IllegalActionError("you can only challenge rampaging enemies on a space next to yours",
                                     "MARAUDING ORCS")
    pairs = [(x, h) for h in targets for x in _take_tokens(s, h)]
    walls = [wall_between(t, s, p.position, h) for _, h in pairs]  # each enemy across its own wall, or not
    _begin(t, s, player, "rampaging", targets[0], [x for x, _ in pairs], [True] * len(pairs), events,
           [h for _, h in pairs], across_wall=walls)


def may_challenge(t: Tables, s: GameState, player: int, h: Hex) -> bool:
    """Whether ``challenge`` may accept the space ``h`` (False: it refuses): the action not taken
    yet, and rampaging enemies on ``h``, next to the hero (a space with no token first: most are)."""
    if not s.enemies.get(h):
        return False
    p = s.players[player]
    return not (p.acted or only_rest_left(p)) and adjacent(p.position, h) and rampaging_at(t, s, h)


def maze_move(p: PlayerState) -> int:
    """The Move points that may pay a maze's or labyrinth's path: those played since the hero's
    last step (MAZE "Choosing Path": "Move points left from the Move phase cannot be used")."""
    return max(0, p.move_points - p.move_left)


def enter_site(t: Tables, s: GameState, player: int, events: list[Event], path: int = 0, unit: str = "",
               move_paid: int = 0) -> None:
    """Enter the adventure site on the hero's space as the action: MONSTER DEN (1 brown, or the
    token left there), SPAWNING GROUNDS (2 brown, the tokens there revealed first), DUNGEON (a
    brown token; Night rules, no Units; again when conquered, for Fame only), TOMB (a red token,
    likewise), ANCIENT RUINS "Enemies" (the tokens depicted, or those left there), MAZE /
    LABYRINTH (``path`` 2/4/6 paid with ``move_paid`` Move not from the Move phase, one chosen
    ready unwounded ``unit``; a tan / red token)."""
    p = s.players[player]
    h = p.position
    sp = space(t, s, h)
    site = (sp.site or "") if sp else ""
    rule = site.replace("-", " ").upper() or "Action"
    _require_action(p, rule)
    if site not in ADVENTURE_SITES:
        raise IllegalActionError("there is no adventure site on your space", "Movement")
    conquered = h in s.conquered
    cond: dict[str, object] = {"site": site}
    if site == "monster-den" or site == "spawning-grounds":
        if conquered:
            raise IllegalActionError(f"this {site.replace('-', ' ')} is already conquered", rule)
        want = 1 if site == "monster-den" else 2
        tokens = _take_tokens(s, h)
        tokens += _draw_to_fight(s, ["brown"] * (want - len(tokens)), rule)
    elif site in ("dungeon", "tomb"):
        tokens = _draw_to_fight(s, ["brown" if site == "dungeon" else "red"], rule)
        cond.update(night=True, units_allowed="none")
    elif site == "ruins":
        if conquered:
            raise IllegalActionError("these ruins are already conquered", rule)
        ruins = s.ruins.get(h)
        if ruins is None:  # the ruins pile was empty when the tile was revealed
            raise IllegalActionError("there is no yellow token on these ruins: nothing to fight", "ANCIENT RUINS")
        if t.ruins_token[ruins.id].kind != "enemies":
            raise IllegalActionError("there are no enemies here: pay the altar's tribute instead", "ANCIENT RUINS")
        ruins.face_up = True
        tokens = _take_tokens(s, h) or _draw_to_fight(s, list(t.ruins_token[ruins.id].enemies), rule)
    else:  # maze, labyrinth
        paths = s.maze_paths.get(h, {})
        if path not in MAZE_PATHS:
            raise IllegalActionError("choose a path: pay 2, 4 or 6 Move", rule)
        if path in paths:
            raise IllegalActionError("that path is already conquered: choose another", rule)
        if h in p.conquered_mazes:
            raise IllegalActionError(f"no player may conquer the same {site} twice", rule)
        if move_paid != path:
            raise IllegalActionError(f"the path costs {path} Move, paid for this action (not Move points left from "
                                     "the Move phase)", rule)
        if unit:
            chosen = next((u for u, label in zip(p.units, labels_of(p), strict=True) if label == unit), None)
            if chosen is None or chosen[1] or chosen[2]:
                raise IllegalActionError("the Unit you take along must be one of yours, ready and unwounded", rule)
        tokens = _draw_to_fight(s, ["brown" if site == "maze" else "red"], rule)
        cond.update(units_allowed="one", chosen_unit=unit)
    _begin(t, s, player, site, h, tokens, [False] * len(tokens), events, (), **cond)
    s.combat_site["path"] = path


def burn_monastery(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """MONASTERY "Burning a Monastery": as the action, Reputation -3, a random violet token to
    fight, and your Units cannot be used."""
    p = s.players[player]
    _require_action(p, "MONASTERY")
    if site_here(t, s, player) != "monastery" or p.position in s.burned:
        raise IllegalActionError("there is no standing monastery on your space", "MONASTERY")
    tokens = _draw_to_fight(s, ["violet"], "MONASTERY")
    change_reputation(p, -3)
    events.append(Event("reputation", "burns the monastery: Reputation -3", player, {"delta": -3}))
    _begin(t, s, player, "burn-monastery", p.position, tokens, [False], events, site="monastery", units_allowed="none")


def finish_combat(t: Tables, s: GameState, events: list[Event]) -> None:
    """After the combat: Fame, Reputation and wounds to the player, then the site's sentences."""
    c = s.combat
    if c is None or c.phase != "over":
        raise BoardrulesError("the combat is not over")
    player, p = c.player, s.players[c.player]
    result = outcome(c)
    kind, h = s.combat_site["kind"], tuple(s.combat_site["at"])
    assert len(h) == 2
    at: Hex = (h[0], h[1])
    fame, reputation = int(str(result["fame"])), int(str(result["reputation"]))
    if kind == "rival-keep":  # KEEP: half Fame (rounded up) for the defenders, not for rampaging enemies that joined
        defenders = sum(t.enemy[e.token].fame for e in c.enemies if e.defeated and e.summoner < 0 and not e.rampaging)
        fame -= defenders // 2
    p.fame += fame
    if p.lasting:  # the Scouts looked at a token defeated now (units/outside_combat.py)
        scouted_fame(s, player, result["defeated"], events)  # type: ignore[arg-type]
    if PUPPET_MASTER in p.skills:  # the tokens defeated this turn, that Puppet Master may keep (facts 3.5)
        for e in c.enemies:
            if e.defeated and e.summoner < 0:
                add(p, DEFEATED, e.token)
    change_reputation(p, reputation)
    for colour, n in c.mana.items():  # mana paid for Units and not used stays a token this turn
        p.mana[colour] += n
    for word in c.this_combat:  # crystals the combat gave (Soul Harvester)
        if word.startswith("crystal:"):
            gain_crystal_now(p, word[8:], events, player)
    if c.hero.hand_discarded:  # knock-out or Paralyze: every non-Wound card of the hand
        discard_non_wounds(p)
    take_wounds(p, c.hero.wounds_this_combat)  # cards played in the combat may have added others
    wounds_to_discard(p, int(str(result["wounds_discard"])))
    owned = c.units[:len(p.units)]  # those after are Units of the offer lent to the combat (Call to Arms)
    p.units = [[u[0], cu.wounds, cu.spent, *u[3:]] for u, cu in zip(p.units, owned, strict=True)]
    for word in c.this_combat:  # a Banner of Fortitude used this combat is flipped for the round
        if word.startswith("fortitude-used:"):
            p.banners[word[15:]] += ":flipped"
    for i in reversed([k for k, cu in enumerate(owned) if cu.destroyed]):
        remove_unit(p, i)
    summoned = result["summoned"]
    assert isinstance(summoned, list)
    drawn = [w[len(PILE_TOP_DRAWN):] for w in c.this_combat if w.startswith(PILE_TOP_DRAWN)]
    s.pile_tops = tuple(x for x in s.pile_tops if x not in drawn)  # a summon drew the fixed top
    discard_summoned(t, s, summoned)
    real = [e for e in c.enemies if e.summoner < 0]
    always_discarded = kind in ("dungeon", "tomb", "maze", "labyrinth", "burn-monastery")
    for e in real:
        if e.defeated or (always_discarded and not e.rampaging):
            discard_enemy(t, s, e.token)  # defeated, or discarded whatever happens
    homes = [(x[0], x[1]) for x in s.combat_site.get("homes", [])]
    for e, home in zip([e for e in real if e.rampaging], homes, strict=True):
        if e.defeated:
            sp = space(t, s, home)
            gain = 2 if sp is not None and sp.site == "draconum" else 1
            change_reputation(p, gain)  # MARAUDING ORCS "Reward" +1 / DRACONUM +2
            events.append(Event("reputation", f"defeats rampaging enemies: Reputation +{gain}", player,
                                {"delta": gain}))
        else:
            s.enemies.setdefault(home, []).append(Token(e.token, True))  # back on its space
    site_enemies = [e for e in real if not e.rampaging]
    _site_result(t, s, player, kind, at, all(e.defeated for e in site_enemies),
                 [e.token for e in site_enemies if e.defeated], [e.token for e in site_enemies if not e.defeated],
                 events)
    s.combat, s.combat_site = None, {}


def _site_result(t: Tables, s: GameState, player: int, kind: str, h: Hex, won: bool, defeated: list[str],
                 undefeated: list[str], events: list[Event]) -> None:
    p = s.players[player]
    if kind in ("keep", "mage-tower"):
        if won:
            s.conquered.add(h)
            shield(s, player, h)
            if kind == "keep":
                p.keeps.append(h)  # KEEP: you now own that keep
            else:
                p.pending.append("spell")  # MAGE TOWER: a Spell as the reward
        else:
            s.enemies[h] = [Token(x, True) for x in undefeated]
    elif kind == "rival-keep":
        if won:
            for q in s.players:
                if h in q.keeps:
                    q.keeps.remove(h)
                    q.shields -= 1
            s.shields[h] = []
            shield(s, player, h)
            p.keeps.append(h)
        else:
            for x in undefeated:
                discard_enemy(t, s, x)  # drawn for this assault only
    elif kind == "city":
        for _ in defeated:
            shield(s, player, h)  # a Shield on the City card per defender defeated
        if undefeated:
            s.enemies[h] = [Token(x, True) for x in undefeated]
        else:
            s.conquered.add(h)
    elif kind == "monster-den":
        if won:
            s.conquered.add(h)
            shield(s, player, h)
            random_crystals(p, 2)
        else:
            s.enemies[h] = [Token(x, True) for x in undefeated]
    elif kind == "spawning-grounds":
        if won:
            s.conquered.add(h)
            shield(s, player, h)
            p.pending.append("artifact")
            random_crystals(p, 3)
        else:  # undefeated stay face up; defeated ones are replaced face down
            s.enemies[h] = [Token(x, True) for x in undefeated] + [Token(draw_enemy(s, "brown"), False)
                                                                    for _ in defeated]
    elif kind in ("dungeon", "tomb"):
        if won and h not in s.conquered:
            s.conquered.add(h)
            shield(s, player, h)
            if kind == "tomb":
                p.pending += ["spell", "artifact"]
            else:
                roll = roll_die(s.rng)
                events.append(Event("mana-die", f"rolls {roll} for the dungeon's reward", player, {"roll": roll}))
                p.pending.append("spell" if roll in ("gold", "black") else "artifact")
    elif kind == "ruins":
        if won:
            s.conquered.add(h)
            shield(s, player, h)
            token = s.ruins.pop(h)
            s.ruins_discard.append(token.id)
            _ruins_reward(t, p, token.id)
        else:
            s.enemies[h] = [Token(x, True) for x in undefeated]
    elif kind in ("maze", "labyrinth"):
        if won:
            path = int(s.combat_site["path"])
            s.maze_paths.setdefault(h, {})[path] = player
            shield(s, player, h)
            p.conquered_mazes.append(h)
            p.pending += list(MAZE_REWARDS[path])
            if kind == "labyrinth":
                p.pending.append("advanced-action")
    elif kind == "burn-monastery":
        if won:
            s.burned.add(h)
            shield(s, player, h)
            p.pending.append("artifact")


def _ruins_reward(t: Tables, p: PlayerState, token: str) -> None:
    """ANCIENT RUINS "Enemies": the reward depicted on the token, taken at the end of the turn
    (facts 6.1), its crystals too."""
    p.pending += list(t.ruins_token[token].reward)


def pay_altar(t: Tables, s: GameState, player: int, events: list[Event], mana: tuple[str, ...] = ()) -> None:
    """ANCIENT RUINS "Altar": pay the 3 mana shown on the token as tribute: a Shield and the
    token's Fame. Mana is paid as for cards (facts 5.3): ``mana`` names the source of each, in
    the token's order (``die-N``, ``token``: of the colour, or gold by Day, ``crystal``); none
    named: tokens first, then crystals, then a Source die."""
    p = s.players[player]
    h = p.position
    _require_action(p, "ANCIENT RUINS")
    ruins = s.ruins.get(h)
    if site_here(t, s, player) != "ruins" or ruins is None or h in s.conquered:
        raise IllegalActionError("there is no unconquered altar on your space", "ANCIENT RUINS")
    token = t.ruins_token[ruins.id]
    if token.kind != "altar":
        raise IllegalActionError("these ruins hold enemies, not an altar", "ANCIENT RUINS")
    pay_tribute(s, player, token.mana, mana, "the altar's tribute", "ANCIENT RUINS")
    p = s.players[player]  # the payment took over a copy of the state
    p.acted = True
    s.conquered.add(h)
    shield(s, player, h)
    p.fame += token.fame
    s.ruins_discard.append(s.ruins.pop(h).id)
    events.append(Event("altar", f"pays the altar's tribute: Fame +{token.fame}", player, {"fame": token.fame}))
