"""The sites of the map: every site paragraph of the rulebook excerpt (CRYSTAL MINES, MAGICAL
GLADE, MARAUDING ORCS, DRACONUM, VILLAGE, MONASTERY, SPAWNING GROUNDS, MAGE TOWER, KEEP, MONSTER
DEN, DUNGEON, TOMB, ANCIENT RUINS, WALLS "Combat", DEEP MINES, REFUGEE CAMP, MAZE, LABYRINTH,
HIDDEN VALLEY, NECROPOLIS and GRAVEYARD TILE) and facts 4.4, 4.6, 5.6, 6.1.

Combats are stage 1's ``start_combat`` with the site's conditions; ``finish_combat`` reads its
``outcome()`` and applies the site's sentences (Shields, rewards, tokens left or discarded).
Card rewards (Spell, Artifact, Advanced Action, Unit) are recorded on the player as pending.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine import BoardrulesError, Event, IllegalActionError
from ..cards.deck import (
    discard_non_wounds,
    draw,
    heal_wounds_in_hand,
    non_wounds_in_hand,
    take_wounds,
    throw_away_wound,
    wounds_in_hand,
    wounds_to_discard,
)
from ..cards.mana import (
    CRYSTAL_LIMIT,
    ETERNAL_NIGHT,
    MANA_DIE,
    gain_crystal_now,
    mana_sources,
    pay_mana,
    return_dice,
    return_tokens,
)
from ..combat.defeat import outcome
from ..combat.phases import DISCARDS, start_combat
from ..combat.state import Hero
from ..content import Tables
from ..game_state import (
    BASIC,
    REPUTATION_MAX,
    REPUTATION_MIN,
    GameState,
    PlayerState,
    Token,
    add,
    attach_banner_of_command,
    banner_of_command_waiting,
    command_tokens_used,
    has,
    labels_of,
    remove_unit,
)
from ..knowledge.seen import on_top
from ..map.exploring import FACE_DOWN_SITES, discard_enemy, draw_enemy, space, tokens_left
from ..map.hexes import Hex, adjacent
from ..map.movement import assault_needed, owner_of_keep, rampaging_at, wall_between
from ..rounds.obligation import ONLY_REST, only_rest_left
from ..rounds.obligation import RULE as TURN_RULE
from ..skills.consulted import DEFEATED, DISGUISED, PUPPET_MASTER
from ..skills.interactive import centre_at_combat_start
from ..units.outside_combat import PILE_TOP, PILE_TOP_DRAWN, scouted_fame

# Reputation -7..+7 -> Influence modifier; None is the X space (facts 5.6)
INFLUENCE_MODIFIER: dict[int, int | None] = {
    -7: None, -6: -5, -5: -3, -4: -2, -3: -1, -2: -1, -1: 0, 0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 5,
}
HEALING_COST = {"village": 3, "monastery": 2}
MONASTERY_AA_COST = 6
SPELL_COST = 7
# a conquered city's services (facts 4.6, 5.6): green an Advanced Action, red an Artifact, white an elite Unit
CITY_AA_COST, CITY_ARTIFACT_COST, CITY_ELITE_COST = 6, 12, 2
MAZE_PATHS = (2, 4, 6)
MAZES = ("maze", "labyrinth")
MAZE_REWARDS = {2: ("crystal-choice", "crystal-choice"), 4: ("spell",), 6: ("artifact",)}
ADVENTURE_SITES = ("monster-den", "spawning-grounds", "dungeon", "tomb", "ruins", "maze", "labyrinth")
# Refugee camp: the extra cost of a Unit by the most basic site it can be recruited at (facts 3.4)
REFUGEE_SURCHARGE = {"village": 0, "keep": 1, "mage-tower": 1, "monastery": 1, "city": 3}


# ---- small rules shared by the sites -----------------------------------------------------

def reputation_modifier(p: PlayerState) -> int:
    """The Influence modifier of the player's Reputation (facts 5.6; the X space: no interaction,
    refused apart); 0 while Arcane Disguise ignores Reputation effects this turn (facts 3.5)."""
    if p.lasting and has(p, DISGUISED):
        return 0
    return INFLUENCE_MODIFIER[p.reputation] or 0


def change_reputation(p: PlayerState, delta: int) -> None:
    """The Reputation track runs from -7 (the X space) to +7."""
    p.reputation = max(REPUTATION_MIN, min(REPUTATION_MAX, p.reputation + delta))


def gain_crystal(p: PlayerState, colour: str) -> bool:
    """CRYSTAL MINES / rewards: a crystal to the Inventory, at most 3 of a colour (a 4th is lost,
    facts 6.1 end-of-turn wording)."""
    if p.crystals[colour] >= CRYSTAL_LIMIT:
        return False
    p.crystals[colour] += 1
    return True


RANDOM_CRYSTAL = "random-crystal"  # a pending reward: a mana die rolled for it at the end of the turn
CRYSTALS_ALL = "crystals-all"  # a pending reward: a crystal of each basic colour (ANCIENT RUINS tokens)
CRYSTAL_REWARDS = (RANDOM_CRYSTAL, CRYSTALS_ALL)  # the rewards taken without a choice (take_crystal_rewards)


def random_crystals(p: PlayerState, n: int) -> None:
    """MONSTER DEN, SPAWNING GROUNDS "Reward": random mana crystals, won now and taken at the end
    of the turn (facts 6.1 "All combat rewards ... are taken at the END of your turn";
    ``take_crystal_rewards``)."""
    p.pending += [RANDOM_CRYSTAL] * n


def take_crystal_rewards(s: GameState, player: int, events: list[Event]) -> bool:
    """The rulebook's "End of the Turn" 5a (facts 6.1 "Crystals"): the crystals won are added to
    the Inventory (over 3 of a colour: nothing); a mana die is rolled per random crystal: gold, a
    crystal of your choice (the pending ``crystal-choice``), black, Fame +1 instead. Returns
    whether a die was rolled (what it showed is new to the player)."""
    p = s.players[player]
    rolled = False
    for reward in [r for r in p.pending if r in CRYSTAL_REWARDS]:
        p.pending.remove(reward)
        if reward == CRYSTALS_ALL:
            for colour in BASIC:
                gain_crystal(p, colour)
            events.append(Event("crystals", "takes a crystal of each basic colour", player, {"reward": reward}))
            continue
        roll = MANA_DIE[s.rng.below(6)]
        rolled = True
        events.append(Event("mana-die", f"rolls {roll} for a crystal", player, {"roll": roll}))
        if roll == "black":
            p.fame += 1
            events.append(Event("fame", "Fame +1 instead of a crystal (black)", player, {"fame": 1}))
        elif roll == "gold":
            p.pending.append("crystal-choice")
        elif gain_crystal(p, roll):
            events.append(Event("crystal", f"gains a {roll} crystal", player, {"colour": roll}))
    return rolled


def combat_night(t: Tables, s: GameState, h: Hex) -> bool:
    """Night rules: at Night, and by Day in a Necropolis or Graveyard (Eternal Night)."""
    sp = space(t, s, h)
    return s.night or (sp is not None and sp.site in ETERNAL_NIGHT)


def shield(s: GameState, player: int, h: Hex) -> None:
    s.shields.setdefault(h, []).append(player)
    s.players[player].shields += 1


def site_here(t: Tables, s: GameState, player: int) -> str:
    sp = space(t, s, s.players[player].position)
    return (sp.site or "") if sp else ""


def _require_action(p: PlayerState, rule: str) -> None:
    if p.acted:
        raise IllegalActionError("you have already taken your action this turn", rule)
    if only_rest_left(p):
        raise IllegalActionError(ONLY_REST, TURN_RULE)


# ---- start and end of the turn -----------------------------------------------------------

def start_of_turn(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """MAGICAL GLADE / HIDDEN VALLEY "Imbued With Magic": a gold mana token by Day, black at
    Night; NECROPOLIS / GRAVEYARD: a black mana token at Night. The turn's flags are reset; the
    player may plunder again on the next player's turn (VILLAGE "Plundering")."""
    p = s.players[player]
    p.acted = p.moving_done = p.interacting = False
    p.plundered_since_my_turn = False
    p.path, p.provoked, p.came_from, p.healing = [], [], None, 0
    p.move_left = 0
    site = site_here(t, s, player)
    colour = ""
    if site in ("glade", "hidden-valley"):
        colour = "black" if s.night else "gold"
    elif site in ETERNAL_NIGHT and s.night:
        colour = "black"
    if colour:
        p.mana[colour] += 1
        events.append(Event("mana-token", f"gains a {colour} mana token ({site})", player, {"colour": colour}))


def end_of_turn(t: Tables, s: GameState, player: int, events: list[Event], crystal: str = "",
                throw_away: str = "") -> None:
    """Space benefits at the end of the turn (facts 5.7 step 4). CRYSTAL MINES: a crystal of the
    mine's colour; DEEP MINES: choose one of its colours (``crystal``). MAGICAL GLADE / HIDDEN
    VALLEY "Healing Essence": throw away one Wound from the hand or the discard pile
    (``throw_away`` = "hand" / "discard"; not Healing). Unused mana tokens return to the bank.
    After a failed assault the hero first withdraws to the space moved from (facts 5.7: not a
    Forced Withdrawal, no Wounds), and that space's benefits count."""
    p = s.players[player]
    withdraw = assault_needed(t, s, player, p.position) and p.came_from is not None
    end_space = p.came_from if withdraw and p.came_from is not None else p.position
    sp = space(t, s, end_space)
    site = (sp.site or "") if sp else ""
    if site == "deep-mine" and sp is not None and crystal not in sp.mine:
        raise IllegalActionError(f"choose the crystal's colour: {' or '.join(sp.mine)}", "DEEP MINES")
    if throw_away:
        if site not in ("glade", "hidden-valley"):
            raise IllegalActionError("only a magical glade or the Hidden Valley lets you throw away a Wound",
                                     "MAGICAL GLADE")
        if throw_away not in ("hand", "discard"):
            raise BoardrulesError("throw_away is 'hand' or 'discard'")
        if not throw_away_wound(p, throw_away):
            raise IllegalActionError(f"you have no Wound in your {throw_away}", "MAGICAL GLADE")
    if site in ("mine", "deep-mine") and sp is not None:
        gain_crystal(p, crystal or sp.mine[0])
    if withdraw:
        p.position = end_space
        events.append(Event("withdrew", "withdraws from the fortified site", player, {"to": list(p.position)}))
    return_dice(s)
    return_tokens(p)
    p.move_points = p.influence_points = 0


def hand_limit_bonus(t: Tables, s: GameState, player: int) -> int:
    """KEEP "Your Keep": ending the turn on or next to a keep you own, the Hand limit is 1 higher
    for each keep you own. A conquered city on or next to you gives +2 to its leader, +1 to a
    player with a Shield there; the larger of the keep and city bonuses counts, not both
    (facts 4.4, 4.6)."""
    p = s.players[player]
    near = any(k == p.position or adjacent(k, p.position) for k in p.keeps)
    keep = len(p.keeps) if near else 0
    city = 0
    for h in s.conquered:
        if (h == p.position or adjacent(h, p.position)) and player in s.shields.get(h, []):
            if (sp := space(t, s, h)) is not None and sp.site == "city":
                city = max(city, 2 if city_leader(s, h) == player else 1)
    return max(keep, city)


def city_leader(s: GameState, h: Hex) -> int:
    """The leader of a city: the most Shields on its card; a tie goes to the earliest Shield
    (facts 4.6). -1 without Shields."""
    shields = s.shields.get(h, [])
    if not shields:
        return -1
    most = max(shields.count(x) for x in shields)
    return next(x for x in shields if shields.count(x) == most)


# ---- combats -------------------------------------------------------------------------------

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
    events.append(Event("combat", f"combat at the {kind.replace('-', ' ')}", player,
                        {"site": kind, "at": list(h), "enemies": list(tokens)}))


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
                roll = MANA_DIE[s.rng.below(6)]
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


# ---- interaction ---------------------------------------------------------------------------

def _interaction_site(t: Tables, s: GameState, player: int) -> str:
    """The site the player can interact with on their space ("" if none): a village, a standing
    monastery, their own keep, a conquered mage tower or city, a refugee camp."""
    p = s.players[player]
    h = p.position
    site = site_here(t, s, player)
    if site in ("village", "refugee-camp") or (site == "monastery" and h not in s.burned):
        return site
    if site == "keep" and h in p.keeps:
        return site
    if site in ("mage-tower", "city") and h in s.conquered:
        return site
    return ""


def interaction_site(t: Tables, s: GameState, player: int) -> str:
    """Interaction (facts 5.6): the site the player can deal with on their space; on the X
    space of the Reputation track there is no interaction."""
    p = s.players[player]
    site = _interaction_site(t, s, player)
    if not site:
        raise IllegalActionError("there is nobody to interact with on your space", "Interaction")
    if INFLUENCE_MODIFIER[p.reputation] is None and not (p.lasting and has(p, DISGUISED)):
        raise IllegalActionError("your Reputation is on the X space: nobody will deal with you", "Interaction")
    return site


def influence_available(t: Tables, s: GameState, player: int) -> int:
    """The turn's Influence with the Reputation modifier, which is applied once, when the
    interaction starts (later Reputation changes do not alter it); in a conquered city, +1 per
    own Shield on its card (facts 5.6)."""
    p = s.players[player]
    if p.interacting:
        return p.influence_points
    sp = space(t, s, p.position)
    in_city = sp is not None and sp.site == "city" and p.position in s.conquered
    city = s.shields.get(p.position, []).count(player) if in_city else 0
    return max(0, p.influence_points + reputation_modifier(p) + city)


def _pay(t: Tables, s: GameState, player: int, cost: int, what: str, rule: str) -> None:
    """Pay Influence; the first payment starts the interaction (the turn's action)."""
    p = s.players[player]
    if not p.interacting and only_rest_left(p):
        raise IllegalActionError(ONLY_REST, TURN_RULE)
    have = influence_available(t, s, player)
    if have < cost:
        raise IllegalActionError(f"{what} costs {cost} Influence; you have {have}", rule)
    if not p.interacting:  # the modifier this interaction applied, for the Units that count it again
        add(p, INTERACTION, "", reputation_modifier(p))
    p.influence_points = have - cost
    p.interacting = p.acted = p.moving_done = True


INTERACTION = "interaction"  # (kind, "", modifier) in PlayerState.lasting: the modifier applied at its start
RECRUITED_REPUTATION = "recruited-reputation"  # (kind, how, 0): Thugs ("reversed") or Heroes ("double") recruited


def reputation_recruit_cost(t: Tables, p: PlayerState, unit_id: str, cost: int) -> int:
    """Facts 3.4: the Reputation modifier is reversed when recruiting Thugs and counts double
    when recruiting Heroes. The interaction already applied it once (facts 5.6: the modifier
    of its start), so Thugs cost twice it more and Heroes once it less (never below 0). Heroes
    and Thugs cannot be recruited in the same interaction."""
    how = t.unit[unit_id].recruit_reputation
    if how == "normal":
        return cost
    other = "double" if how == "reversed" else "reversed"
    if p.interacting and (RECRUITED_REPUTATION, other, 0) in p.lasting:
        raise IllegalActionError("Heroes and Thugs cannot be recruited in the same interaction", "Recruiting")
    started = [x[2] for x in p.lasting if x[0] == INTERACTION] if p.interacting else []
    modifier = started[0] if started else reputation_modifier(p)
    return max(0, cost + 2 * modifier if how == "reversed" else cost - modifier)


ON_HER_OWN = "on-her-own"  # a mark of PlayerState.lasting: its +2 was given (a Unit recruited later costs 2 more)
ON_HER_OWN_BONUS = 2
RECRUITED = "recruited"  # a mark of PlayerState.lasting: a Unit was recruited with Influence this turn
BONDS_OF_LOYALTY = "bonds-of-loyalty"  # facts 3.5: the Unit recruited under it costs 5 less
BONDS_DISCOUNT = 5
UNIT_DISCOUNT = "unit-discount"  # (kind, "", N) in PlayerState.lasting: the next Unit recruited costs N less


def bonds_free(p: PlayerState) -> bool:
    """Whether Bonds of Loyalty has no Unit under it: the next Unit recruited goes there
    (rules-choices.md)."""
    return BONDS_OF_LOYALTY in p.skills and not p.bonded


def recruit_cost(t: Tables, site: str, unit_id: str) -> int | None:
    """The Influence a Unit costs at this site (None: not recruitable here). REFUGEE CAMP: as any
    of the depicted sites, with a surcharge for the more advanced ones; the cheapest option."""
    unit = t.unit[unit_id]
    if site == "refugee-camp":
        options = [REFUGEE_SURCHARGE[x] for x in unit.sites if x in REFUGEE_SURCHARGE]
        return unit.cost + min(options) if options else None
    return unit.cost if site in unit.sites else None


def recruit(t: Tables, s: GameState, player: int, unit_id: str, events: list[Event], colour: str = "",
            source: str = "") -> None:
    """Recruiting (VILLAGE, MONASTERY, KEEP "Your Keep", MAGE TOWER "While Conquered", REFUGEE
    CAMP): a Unit of the Unit offer with the site's icon for its cost, with a free Command token;
    it is not replaced until the next round (facts 5.6). Magic Familiars (facts 3.4): a basic
    mana of ``colour`` is paid from ``source`` (die N, token or crystal) and kept on the card as
    its token."""
    p = s.players[player]
    site = interaction_site(t, s, player)
    if unit_id not in t.unit:
        raise IllegalActionError(f"there is no Unit {unit_id!r} (Units are named by their ids, e.g. 'peasants')",
                                 "Recruiting")
    every_type = site == "city" and city_colour(t, s, s.players[player].position) == "white"
    cost = t.unit[unit_id].cost if every_type else recruit_cost(t, site, unit_id)  # facts 4.6 White city
    if cost is None:
        raise IllegalActionError(f"{t.unit[unit_id].name} cannot be recruited at a {site.replace('-', ' ')}",
                                 "Recruiting")
    if unit_id not in s.unit_offer:
        raise IllegalActionError(f"{t.unit[unit_id].name} is not in the Unit offer", "Recruiting")
    commanded = command_tokens_used(p) >= p.command
    if commanded and not banner_of_command_waiting(p):
        raise IllegalActionError("you have no free Command token (disband a Unit first)", "Recruiting")
    token = t.unit[unit_id].mana_token
    if token and (colour not in BASIC or not source):
        raise IllegalActionError(f"{t.unit[unit_id].name}: pay a mana of a basic colour ({', '.join(BASIC)}) to keep "
                                 "on the card (die N, token or crystal)", "Recruiting")
    if colour and not token:
        raise IllegalActionError(f"{t.unit[unit_id].name} keep no mana token on the card", "Recruiting")
    cost = reputation_recruit_cost(t, p, unit_id, cost)
    coerced = next((x for x in p.lasting if x[0] == UNIT_DISCOUNT), None)  # Ruthless Coercion
    if coerced is not None:
        cost = max(0, cost - coerced[2])
    bonds = bonds_free(p)
    if bonds:
        cost = max(0, cost - BONDS_DISCOUNT)
    if p.lasting and has(p, ON_HER_OWN):  # facts 3.5: its Influence 3 only if no Unit is recruited
        cost += ON_HER_OWN_BONUS
    _pay(t, s, player, cost, f"recruiting {t.unit[unit_id].name}", "Recruiting")
    add(p, RECRUITED)
    if coerced is not None:  # the discount is used up, and costs Reputation (Charm's does not)
        p.lasting = tuple(x for x in p.lasting if x is not coerced)
        if coerced[1] != "charm":
            change_reputation(p, -1)
    if t.unit[unit_id].recruit_reputation != "normal":
        add(p, RECRUITED_REPUTATION, t.unit[unit_id].recruit_reputation, 0)
    if token:
        pay_mana(s, player, colour, source)
    s.unit_offer.remove(unit_id)  # not replaced until the next round (facts 5.6)
    p.units.append([unit_id, 0, False, colour] if token else [unit_id, 0, False])
    if bonds:
        p.bonded = labels_of(p)[-1]
    s.recruited += 1
    events.append(Event("recruited", f"recruits {t.unit[unit_id].name} for {cost} Influence", player,
                        {"unit": unit_id, "cost": cost}))
    if commanded:  # facts 3.3: the Banner of Command in place of a Command token
        label = attach_banner_of_command(p)
        events.append(Event("banner", f"puts the Banner of Command under {label} in place of a Command token", player,
                            {"card": "banner-of-command", "unit": label}))


def buy_healing(t: Tables, s: GameState, player: int, points: int, events: list[Event]) -> None:
    """VILLAGE / MONASTERY "Healing": 1 point of Healing for 3 (village) or 2 (monastery)
    Influence; each point heals a Wound in the hand, and the points beyond them wait for a
    Wounded Unit (facts 4.3: a Unit's Wound costs its level; ``playing.heal_unit``)."""
    p = s.players[player]
    site = interaction_site(t, s, player)
    if site not in HEALING_COST:
        raise IllegalActionError("Healing is bought at a village or a monastery", "Healing")
    in_hand = wounds_in_hand(p)
    on_units = sum(t.unit[u[0]].level * u[1] for u in p.units)
    room = in_hand + max(0, on_units - s.heal_points)
    if points < 1 or points > room:
        raise IllegalActionError(f"you have {in_hand} Wounds in hand to heal and {on_units} Healing of Wounds on "
                                 f"Units ({s.heal_points} already waiting)", "Healing")
    _pay(t, s, player, HEALING_COST[site] * points, f"{points} Healing", site.upper())
    healed = heal_wounds_in_hand(p, points)
    s.heal_points += points - healed
    p.healing += points
    events.append(Event("healed", f"buys {points} Healing", player, {"points": points}))


def buy_monastery_advanced_action(t: Tables, s: GameState, player: int, card: str, events: list[Event]) -> None:
    """MONASTERY "Training": Advanced Actions in the Units offer can be bought at any monastery
    for 6 Influence."""
    p = s.players[player]
    if interaction_site(t, s, player) != "monastery":
        raise IllegalActionError("Advanced Actions of the Unit offer are bought at a monastery", "MONASTERY")
    if card not in s.unit_offer_aa:
        raise IllegalActionError(f"{card} is not in the Unit offer", "MONASTERY")
    _pay(t, s, player, MONASTERY_AA_COST, "an Advanced Action", "MONASTERY")
    s.unit_offer_aa.remove(card)
    p.pending.append(f"advanced-action:{card}")
    events.append(Event("bought", f"buys {card} for {MONASTERY_AA_COST} Influence", player, {"card": card}))


def city_colour(t: Tables, s: GameState, h: Hex) -> str:
    """The colour of the city on ``h`` ("" if there is none)."""
    placed = s.spaces.get(h)
    return (t.tile[placed[0]].city or "") if placed and t.tile[placed[0]].hexes[placed[1]].site == "city" else ""


def _city_service(t: Tables, s: GameState, player: int, colour: str, what: str) -> None:
    """Facts 4.6: a service of a conquered city of that colour, where the player interacts."""
    site = interaction_site(t, s, player)
    if site != "city" or city_colour(t, s, s.players[player].position) != colour:
        raise IllegalActionError(f"{what} at a conquered {colour} city", "Cities")


def buy_advanced_action(t: Tables, s: GameState, player: int, card: str, events: list[Event]) -> None:
    """An Advanced Action bought: at a monastery one of the Unit offer (MONASTERY "Training"),
    at a conquered green city one of the Advanced Action offer for 6 Influence, the offer then
    refilled (facts 4.6); it goes on top of the Deed deck at the end of the turn."""
    if interaction_site(t, s, player) == "monastery":
        buy_monastery_advanced_action(t, s, player, card, events)
        return
    _city_service(t, s, player, "green", "Advanced Actions are bought at a monastery or")
    if card == TOP_OF_DECK:
        _buy_top_advanced_action(t, s, player, events)
        return
    if card not in s.aa_offer:
        raise IllegalActionError(f"{card} is not in the Advanced Action offer", "Cities")
    _pay(t, s, player, CITY_AA_COST, "an Advanced Action", "Cities")
    s.aa_offer.remove(card)
    if s.aa_deck:  # the offer refilled: the others slide down, a new card in the top slot
        s.aa_offer.insert(0, s.aa_deck.pop())
    s.players[player].pending.append(f"advanced-action:{card}")
    events.append(Event("bought", f"buys {card} for {CITY_AA_COST} Influence", player, {"card": card}))


TOP_OF_DECK = "deck"  # buy-advanced-action deck: the top card of the Advanced Action deck


def _buy_top_advanced_action(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Facts 4.6 Green city: 6 Influence for "the top card of the AA deck", bought blind; the buyer
    takes it on top of the Deed deck at once (facts 6.1 "cards gained during a turn go on top of
    the Deed deck"), seen by them alone (``GameState.blind``, knowledge/views.py)."""
    if not s.aa_deck:
        raise IllegalActionError("the Advanced Action deck is empty", "Cities")
    _pay(t, s, player, CITY_AA_COST, "an Advanced Action", "Cities")
    card = s.aa_deck.pop()
    on_top(s.players[player], card, seen=False)  # known to the buyer alone (knowledge/seen.py)
    s.blind = (*s.blind, (player, card))
    events.append(Event("bought", f"buys the top card of the Advanced Action deck for {CITY_AA_COST} Influence",
                        player, {"card": "", "deck": True}))


def drop_seen_blind(s: GameState) -> None:
    """A card bought blind is the owner's knowledge only while it stays in their hand, Deed deck
    or face down under Sparing Power (facts 5.6: "put the top card of your deck face down under
    this card"); once it has been anywhere else (played, discarded) everyone has seen it."""
    s.blind = tuple((i, c) for i, c in s.blind if c in s.players[i].hand or c in s.players[i].deck
                    or i < len(s.spared) and c in s.spared[i])


def buy_artifact(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Facts 4.6 Red city: an Artifact for 12 Influence, drawn at the end of the turn as a
    reward (facts 6.1)."""
    _city_service(t, s, player, "red", "Artifacts are bought")
    _pay(t, s, player, CITY_ARTIFACT_COST, "an Artifact", "Cities")
    s.players[player].pending.append("artifact")
    events.append(Event("bought", f"buys an Artifact for {CITY_ARTIFACT_COST} Influence", player))


def add_elite_unit(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Facts 4.6 White city: pay 2 Influence to add one elite Unit card to the Unit offer (the
    top of the elite deck)."""
    _city_service(t, s, player, "white", "an elite Unit is added to the Unit offer")
    if not s.elite_units:
        raise IllegalActionError("no elite Unit card is left to add to the Unit offer", "Cities")
    _pay(t, s, player, CITY_ELITE_COST, "an elite Unit in the Unit offer", "Cities")
    s.unit_offer.append(s.elite_units.pop())
    events.append(Event("unit-offer", f"{t.unit[s.unit_offer[-1]].name} added to the Unit offer", player,
                        {"unit": s.unit_offer[-1]}))


def buy_spell(t: Tables, s: GameState, player: int, colour: str, events: list[Event], source: str = "") -> None:
    """MAGE TOWER "While Conquered" (and a conquered blue city, facts 4.6): Spells for 7
    Influence plus a mana of the Spell's colour, paid as for cards (facts 5.3: ``source`` is
    ``die-N``, ``token`` or ``crystal``; none named: a token, then a crystal, then a Source die).
    The Spell offer lands with the cards: the colour names the Spell."""
    site = interaction_site(t, s, player)
    if site != "mage-tower" and not (site == "city" and city_colour(t, s, s.players[player].position) == "blue"):
        raise IllegalActionError("Spells are bought at a conquered mage tower or blue city", "MAGE TOWER")
    if colour not in BASIC:
        raise BoardrulesError(f"a Spell's colour is one of {', '.join(BASIC)}, not {colour!r}")
    offered = sum(colour in t.card[c].colours for c in s.spell_offer if c in t.card)  # bought from the offer,
    bought = s.players[player].pending.count(f"spell:{colour}")  # less those already bought this turn
    if offered <= bought:
        more = " left: the ones there are bought" if bought else ""
        raise IllegalActionError(f"there is no {colour} Spell in the Spell offer{more}", "MAGE TOWER")
    g = s.clone()  # the mana first, on a copy: a refusal of either payment changes nothing
    pay_tribute(g, player, (colour,), (source,) if source else (), f"a {colour} Spell", "MAGE TOWER")
    _pay(t, g, player, SPELL_COST, "a Spell", "MAGE TOWER")
    s.take_over(g)
    s.players[player].pending.append(f"spell:{colour}")
    events.append(Event("bought", f"buys a {colour} Spell", player, {"colour": colour}))


def pay_tribute(s: GameState, player: int, colours: tuple[str, ...], sources: tuple[str, ...], what: str,
                rule: str) -> None:
    """Pay one mana of each of ``colours`` from the named ``sources`` (one each), or, with none
    named, from tokens, then crystals, then a Source die (the first that pays each)."""
    if sources and len(sources) != len(colours):
        raise IllegalActionError(f"{what} costs {len(colours)} mana: name a source for each", rule)
    g = s.clone()
    for i, colour in enumerate(colours):
        if sources:
            pay_mana(g, player, colour, sources[i])
            continue
        ways = mana_sources(g, player, colour)
        ways = [w for w in ("token", "crystal") if w in ways] + [w for w in ways if w.startswith("die-")]
        if not ways:
            raise IllegalActionError(f"{what} costs {colours.count(colour)} {colour} mana; you cannot pay "
                                     f"{'another' if i else 'one'} (a token, a crystal or a Source die)", rule)
        pay_mana(g, player, colour, ways[0])
    s.take_over(g)


def plunder(t: Tables, s: GameState, player: int, events: list[Event], current: int | None = None) -> None:
    """VILLAGE "Plundering": during another player's turn (``current``'s, by default
    ``s.current``; ``DUMMY`` before the Dummy player's turn), once between each of your turns:
    draw two cards and Reputation -1."""
    p = s.players[player]
    if site_here(t, s, player) != "village":
        raise IllegalActionError("you are not on a village", "VILLAGE")
    if (s.current if current is None else current) == player:
        raise IllegalActionError("a village is plundered during another player's turn", "VILLAGE")
    if p.plundered_since_my_turn:
        raise IllegalActionError("you can only plunder a village once between each of your turns", "VILLAGE")
    p.plundered_since_my_turn = True
    draw(p, 2)
    change_reputation(p, -1)
    events.append(Event("plundered", "plunders the village: draws 2 cards, Reputation -1", player))
