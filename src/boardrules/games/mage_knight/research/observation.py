"""The observation schema of Mage Knight for learning programs (engine.spaces): a fixed-length
vector read only from a player's view, field by field.

The map is two planes over the action space's bounds: the tile on each tile position (a tile's
terrain and sites follow from its id) and the tokens on each space; then, per hero, the spaces
around it with their terrain and site, read from the content of the tiles the view shows.
Seats run up to 4 whatever the player count; ids are every id of the content. Every number is
bounded: by a rule where one bounds it (Reputation -7 to 7, 3 crystals of a colour, the tokens of
the content), else clipped to +-MOST (points, Fame, counts of Wounds: docs/mage-knight/
rules-choices.md, Research interfaces)."""

from __future__ import annotations

from collections.abc import Iterable

from ....engine.spaces import (
    Field,
    ObservationSchema,
    Part,
    at,
    bounded,
    clipped,
    counts,
    items,
    multi_hot,
    one_hot,
    record,
    tally,
)
from ..combat.state import PHASE_NAMES
from ..content import Tables
from ..game_state import BASIC, DUMMY
from ..pvp.combat import ELEMENTS
from ..pvp.combat import PHASES as PVP_PHASES
from ..sites.rewards import CRYSTAL_REWARDS
from .action_space import (
    COLOURS,
    PARTICIPATION,
    REWARD_CHOICES,
    map_spaces,
    most_enemies,
    tile_positions,
)
from .observation_fields import (
    AROUND,
    ASKING,
    ASKS,
    COMBAT_KINDS,
    COMBAT_UNIT,
    DECKS,
    ENEMY_FLAGS,
    HOWS,
    IF_BLOCKED,
    LASTING,
    MANA_CLAIMS,
    MAZE_PATH_COSTS,
    MOST,
    MOST_CITIES,
    MOST_PLAYERS,
    NUMBER,
    ON_UNITS,
    PILES,
    PLAYER_FLAGS,
    POOL_KINDS,
    PVP_BONUS,
    PVP_MARKS,
    PVP_SIDE,
    PVP_STEPS,
    RESISTANCES,
    SIDEWAYS_BONUSES,
    SITES,
    TERRAIN_KINDS,
    TERRAINS,
    THIS_COMBAT,
    THIS_TURN,
    TURN_NUMBERS,
    _banners,
    _blocks,
    _bonded,
    _bonus,
    _centre,
    _colour_detail,
    _combat_units,
    _face_up,
    _how,
    _if_blocked,
    _lasting,
    _later,
    _length,
    _mazes,
    _next_tile,
    _on_units,
    _points,
    _pooled,
    _position,
    _pvp_waiting,
    _scouted,
    _side_units,
    _sideways,
    _sum,
    _true,
    _unit_tokens,
    _units,
    _you,
    num,
    skill_marks,
    words,
)
from .observation_map import MAP_NUMBERS, _around, _map, _tiles


def observation_schema(t: Tables, num_players: int, shapes: Iterable[str], sets: Iterable[str],
                       key: str) -> ObservationSchema:
    positions = tile_positions(t, shapes, sets)
    spaces = map_spaces(positions)
    seats = tuple(range(MOST_PLAYERS))
    cards = tuple(c.id for c in t.cards)
    skills = tuple(s.id for s in t.skills)
    interactive = tuple(s.id for s in t.skills if s.type == "interactive")
    # Mind Read asks each other player and the caster; an upkeep each Unit keeping a token
    most_asked = max(MOST_PLAYERS, sum(u.copies for u in t.units if u.mana_token))
    tactics = tuple(x.id for x in t.tactics)
    units = tuple(u.id for u in t.units)
    heroes = tuple(h.id for h in t.heroes)
    banners = tuple(c.id for c in t.cards if c.banner)
    enemies = tuple(e.id for e in t.enemies)
    aa = tuple(c.id for c in t.cards if c.kind == "advanced")
    rewards = (*REWARD_CHOICES, *(f"spell:{c}" for c in BASIC), *(f"advanced-action:{x}" for x in aa),
               "skill-and-advanced-action", *CRYSTAL_REWARDS)
    dice = num_players + 2
    fighting = most_enemies(t)
    reach = float(max(abs(x) for h in spaces for x in h))  # a space's coordinates
    ruins = tuple(x.id for x in t.ruins)
    countryside = tuple(x.id for x in t.tiles if x.kind == "countryside")
    mazes = sum(1 for x in t.tiles for h in x.hexes if h.site in ("maze", "labyrinth"))
    player = record(
        at("hero", one_hot(heroes)),
        *(at(k, num(k)) for k in ("fame", "reputation", "level", "armor", "hand_limit", "command", "shields",
                                  "move_points", "move_left", "influence_points", "healing", "deck_size",
                                  "hand_size", "skill_pile_size", "spared_size", "move_bonus", "terrain_less",
                                  "round_hand_bonus")),
        at("position", bounded(Part(2, _position), reach, -reach)),
        at("crystals", counts(BASIC, 3)), at("mana", counts(COLOURS, MOST)),
        at("units", _units(units)), at("units", bounded(Part(len(BASIC), _unit_tokens), MOST)),
        at("skills", multi_hot(skills)), at("skills_used", multi_hot(skills)),
        at("skills_used", words(skill_marks(tactics), ignore=skills)),  # the Tactics used or flipped, skills face down
        at("revealed_skills", multi_hot(skills)),
        at("tactic", one_hot(tactics)),
        at("pending", tally(rewards, MOST)),
        *(at(k, NUMBER) for k in PLAYER_FLAGS),
        at("this_turn", words(THIS_TURN)),
        at("lasting", bounded(Part(2 * (len(LASTING) + 1) + len(TERRAIN_KINDS) * len(TERRAINS), _lasting), MOST)),
        at("banners", _banners(banners, units)), at("bonded", _bonded(units)),
        at("scouted", _scouted(enemies)),
        at("chaos", one_hot(COLOURS)), at("puppets", tally(enemies, MOST)),  # Master of Chaos, Puppet Master
        at("shown", tally(cards, MOST)), at("deck_top", tally(cards, MOST)),
        at("deck_bottom", tally(cards, MOST)), at("deck_top_own", NUMBER),
        at("deck_top_known", tally(cards, MOST)),  # their own seat only (bought blind too)
        at("path", clipped(Part(1, _length), MOST)), at("turn_start", bounded(Part(2, _position), reach, -reach)),
        at("came_from", bounded(Part(2, _position), reach, -reach)), at("provoked", clipped(Part(1, _length), MOST)),
        at("conquered_mazes", clipped(Part(1, _length), MOST)),
        at("spared", tally(cards, MOST)),  # shown to their owner only
        at("play_area", tally(cards, MOST)), at("discard", tally(cards, MOST)), at("thrown", tally(cards, MOST)),
        at("hand", tally(cards, MOST)), at("deck", tally(cards, MOST)), at("unseen_cards", tally(cards, MOST)),
    )
    enemy = record(at("token", one_hot(enemies)), *(at(k, NUMBER) for k in ENEMY_FLAGS),
                   at("armor_bonus", NUMBER), at("armor_cut", NUMBER), at("blocked", clipped(Part(1, _true), MOST)),
                   at("left", clipped(Part(1, _sum), MOST, -MOST)), at("resistances_lost", multi_hot(RESISTANCES)),
                   at("defended_by", one_hot(tuple(range(fighting)))))
    combat = record(
        at("phase", one_hot(tuple(PHASE_NAMES))), at("player", one_hot(seats)),
        at("enemies", items(fighting, enemy)),
        at("targets", multi_hot(tuple(range(fighting)))),
        at("pool", clipped(Part(len(POOL_KINDS), _points), MOST, -MOST)),
        *(at(k, NUMBER) for k in ("move_points", "influence", "fame", "reputation", "site_fortified",
                                  "across_wall", "night", "wounds_dealt")),
        at("hero", record(*(at(k, NUMBER) for k in ("armor", "wounds_this_combat", "knocked_out")))),
        at("this_combat", words(THIS_COMBAT)),
        at("units", _combat_units(units)),
        at("asking", one_hot(ASKING)),
    )
    side = record(at("player", one_hot(seats)), *(at(k, NUMBER) for k in PVP_SIDE), at("influence", NUMBER),
                  at("paid", clipped(Part(1, _length), MOST)), at("bonus", bounded(Part(len(PVP_BONUS), _bonus), 1)),
                  at("marks", words(PVP_MARKS)), at("units", clipped(Part(2, _side_units), MOST)))
    pvp = record(
        at("phase", one_hot(PVP_PHASES)), at("step", one_hot(PVP_STEPS)),
        at("attacker", side), at("defender", side),
        at("participation", one_hot(PARTICIPATION)), at("fortified", NUMBER), at("keep", NUMBER),
        at("pool", clipped(Part(len(POOL_KINDS), _points), MOST, -MOST)), at("blocks", clipped(Part(1, _blocks), MOST)),
        at("damage", NUMBER),
        at("elements", multi_hot(ELEMENTS)),
        at("pending", _pvp_waiting(cards)),
        at("on_units", clipped(Part(2 * len(ON_UNITS), _on_units), MOST, -MOST)),
        at("played", clipped(Part(1, _length), MOST)), at("defender_dice", NUMBER), at("reduced", NUMBER),
        at("blocked", clipped(Part(1, _length), MOST)), at("attackers", clipped(Part(1, _length), MOST)),
        at("if_blocked", clipped(Part(len(IF_BLOCKED) + 1, _if_blocked), MOST)),
        at("later", clipped(Part(len(ELEMENTS), _later), MOST)),
    )
    return ObservationSchema(key, (
        Field("round", "the round, the rounds of the scenario, Night, the game over",
              record(at("round", NUMBER), at("rounds", NUMBER), at("night", NUMBER), at("over", NUMBER))),
        Field("you", "one-hot: the observing seat (the one whose hand the view shows)", bounded(Part(MOST_PLAYERS, _you), 1)),
        Field("current", "one-hot: the seat whose turn it is", at("current", one_hot(seats))),
        Field("round_order", f"the Round Order, one-hot per place ({MOST_PLAYERS + 1} places: the seats, then "
              "the Dummy)", at("round_order", items(MOST_PLAYERS + 1, one_hot((*seats, DUMMY))))),
        Field("end", "the end of the round announced (one-hot of the seat), the round over, the game's end "
              "triggered, the seats still to take their last turn of the round and of the game (multi-hot)",
              record(at("announced_by", one_hot(seats)), at("round_over", NUMBER), at("end_triggered", NUMBER),
                     at("final_turns", multi_hot(seats)), at("last_turns", multi_hot(seats)))),
        Field("source", f"the Source: each of its {dice} dice (one-hot of {', '.join(COLOURS)}), the dice used, "
              "the dice kept (multi-hot), the dice allowed, black as any colour",
              record(at("source", items(dice, one_hot(COLOURS))), at("source_used", multi_hot(tuple(range(dice)))),
                     at("source_kept", multi_hot(tuple(range(dice)))), at("dice_allowed", NUMBER),
                     at("black_as_any", NUMBER))),
        Field("turn", "the die on the Mana Steal card (its owner's seat, one-hot; the die, one-hot), the "
              f"skill bonus for the next card played sideways (one-hot of {', '.join(SIDEWAYS_BONUSES)}), "
              "the Hand limit bonus at the next draw, the Units recruited this turn, the Heal points left, "
              "Polarization waiting, another turn after this one (The Right Moment), the Dummy player's turn waiting "
              "for the heroes' answers, the die kept by Mana Claim "
              "(its owner's seat, one-hot; the die, one-hot; a token each turn; Mana Curse)",
              record(at("mana_steal", record(at(0, one_hot(seats)), at(1, one_hot(tuple(range(dice)))))),
                     at("mana_claims", items(MANA_CLAIMS, record(at(0, one_hot(seats)), at(1, one_hot(tuple(range(dice)))),
                                                                 at(2, NUMBER), at(3, NUMBER)))),
                     at("sideways_bonus", bounded(Part(len(SIDEWAYS_BONUSES), _sideways), 1)),
                     *(at(k, NUMBER) for k in TURN_NUMBERS))),
        Field("centre", f"per interactive skill ({', '.join(interactive)}): in the centre of the table, its owner "
              f"(one-hot seat), the colour it is marked with (one-hot of {', '.join(COLOURS)}), the seats it has "
              "wounded (multi-hot); then the other players still to answer as the turn begins (multi-hot seat); "
              f"the questions asked of players (up to {most_asked}: the seat asked, one-hot; what, "
              f"one-hot of {', '.join(ASKS)}; the colour, one-hot)",
              record(at("centre", _centre(interactive)), at("answering", multi_hot(seats)),
                     at("asked", items(most_asked, record(at(0, one_hot(seats)), at(1, one_hot(ASKS)),
                                                            at(2, bounded(Part(len(COLOURS), _colour_detail), 1))))))),
        Field("tactics", "the Tactics left to choose, then the Tactics removed (multi-hot)",
              record(at("tactics", multi_hot(tactics)), at("removed_tactics", multi_hot(tactics)))),
        Field("offers", "the Unit offer (count per Unit), the Advanced Actions in the Unit offer, the Advanced "
              "Action offer, the Spell offer, the Artifacts drawn (multi-hot of the cards), the common skills "
              "(multi-hot)",
              record(at("unit_offer", tally(units, MOST)), at("unit_offer_aa", multi_hot(cards)),
                     at("aa_offer", multi_hot(cards)), at("spell_offer", multi_hot(cards)),
                     at("artifacts_drawn", multi_hot(cards)), at("common_skills", multi_hot(skills)))),
        Field("decks", f"cards left in the decks ({', '.join(DECKS)}), enemy tokens per pile "
              f"({', '.join(PILES)}), ruins tokens, countryside and core tiles left",
              record(at("decks", counts(DECKS, MOST)), at("enemy_piles", counts(PILES, MOST)), at("ruins_pile", NUMBER),
                     at("countryside_tiles_left", NUMBER), at("core_tiles_left", NUMBER))),
        Field("discards", "the enemy tokens in the open discard piles and the ruins tokens discarded (count per "
              "token), the cards everyone saw go under the Advanced Action, Spell and Artifact decks (count per card) "
              "and under the Unit decks (count per Unit), the countryside tiles to come and the next one (when the "
              "scenario fixes them: multi-hot, one-hot)",
              record(at("enemy_discards", _pooled(enemies)), at("ruins_discard", tally(ruins, MOST)),
                     at("deck_bottoms", _pooled(cards, DECKS[:3])), at("deck_bottoms", _pooled(units, DECKS[3:])),
                     at("tile_deck", multi_hot(countryside)), at("tile_deck", _next_tile(countryside)))),
        Field("scenario_state", f"the levels of the cities still to be revealed (up to {MOST_CITIES}), the level of "
              "the last city revealed, the cities closed (First Reconnaissance)",
              record(at("city_levels", items(MOST_CITIES, NUMBER)), at("city_level", NUMBER),
                     at("cities_closed", NUMBER))),
        Field("mazes", f"per maze or labyrinth on the map (up to {mazes}, by space): its space (q, r), then per path "
              f"({', '.join(MAZE_PATH_COSTS)} Move) the seat that conquered it plus one (0: not yet)",
              at("maze_paths", _mazes(mazes))),
        Field("tiles", f"per tile position the map can reach ({len(positions)}, nearest first): the tile on it "
              f"(one-hot of the {len(t.tiles)} tiles of the content)", at("tiles", _tiles(t, positions))),
        Field("map", f"per space of those positions ({len(spaces)}, tile by tile: C, NE, E, SE, SW, W, NW): "
              + ", ".join(MAP_NUMBERS), _map(spaces)),
        Field("face_up_enemies", "the face-up enemy tokens on the map (count per enemy)",
              at("enemies", bounded(Part(len(enemies), _face_up(enemies)), MOST))),
        Field("around", f"per seat, the {len(AROUND)} spaces within 2 of its hero (the hero's, then NE, E, SE, "
              f"SW, W, NW, then the second ring by (q, r)): on the map, terrain (one-hot of {len(TERRAINS)}), "
              f"site (one-hot of {len(SITES)}), face-up and face-down enemy tokens", _around(t)),
        Field("players", f"per seat (up to {MOST_PLAYERS}): hero (one-hot), Fame, Reputation, level, Armor, hand "
              "limit, Command, Shields, Move points, Move left after the last step (a maze's path), Influence points, healing, deck, hand and skill pile sizes, "
              "cards under Sparing Power (how many: the cards are hidden), Tirelessness's Move bonus (move_bonus), "
              "Path Finding's lower terrain costs (terrain_less), the Hand limit bonus kept for the new round's draw (round_hand_bonus), "
              "the spaces entered this turn (how many), the space the turn began on and the last step's (q, r), the "
              "enemies the last step provoked (how many), the mazes whose path it conquered (how many), "
              "position (q, r), crystals (red, blue, green, white), mana tokens (and gold, black), Units (per "
              "Unit: how many, wounded, spent), the mana tokens on their Units (per basic colour), skills, skills used (multi-hot), "
              "the Tactics used and flipped and the skills face down (how many marks of each of " + ", ".join(skill_marks(tactics))
              + ", then of others), skills revealed (multi-hot), Tactic "
              "(one-hot), rewards to take (count per reward), " + ", ".join(PLAYER_FLAGS) + ", what played cards do "
              "this turn (how many marks of each of " + ", ".join(THIS_TURN) + ", then of others), their changes "
              "for the rest of the turn (per kind of " + ", ".join(LASTING) + ", then others: how many and their "
              "values summed; then per terrain kind of " + ", ".join(TERRAIN_KINDS) + ", per terrain: how many), "
              "per Banner (under a Unit, flipped, which Unit: one-hot), the Unit under Bonds of Loyalty (one-hot), the face-down tokens its Scouts looked at "
              "(how many; per enemy, your own seat only), then counts per card: the cards of the hand everyone has seen there (Mind Read, Mind "
              "Steal, Wounds shown or taken), the cards everyone saw go on top of the deck (a reward, Steady Tempo), the cards "
              "everyone saw go to its bottom (Steady Tempo, Meditation), how many cards on top its owner knows (those "
              "bought blind too), the cards on top of the deck you know (your own seat only), the cards under Sparing Power (your own seat only), play area, discard pile, thrown away, "
              "hand and deck (your own seat only), the cards unseen (hand and deck of the others)",
              at("players", items(MOST_PLAYERS, player))),
        Field("dummy", "the Dummy player (Solo Conquest): deck size, crystals, its discard pile (count per card)",
              at("dummy", record(at("deck_size", NUMBER), at("crystals", counts(BASIC, MOST)),
                                 at("discard", tally(cards, MOST))))),
        Field("play", "the play being put together: its card (one-hot of the cards), its skill (one-hot), how "
              f"({', '.join(HOWS)}), the steps answered; the cards a basic Meditation took at random (count per card)",
              record(at("play", record(at(0, one_hot(cards)), at(0, one_hot(skills)),
                                       clipped(Part(len(HOWS) + 1, _how), MOST))),
                     at("meditation_taken", tally(cards, MOST)))),
        Field("combat", f"the combat: phase (one-hot of {', '.join(PHASE_NAMES)}), its hero (one-hot seat), per "
              f"enemy (up to {fighting}): token (one-hot), " + ", ".join(ENEMY_FLAGS) + ", Armor bonus, Armor "
              "cut, attacks blocked, damage left, resistances lost (multi-hot of " + ", ".join(RESISTANCES)
              + "), the enemy whose Defend bonus it got (one-hot); the enemies targeted (multi-hot), points played (" +
              ", ".join(POOL_KINDS) + "), Move and Influence points, Fame and Reputation gained, site "
              "fortified, across a wall, Night, wounds dealt, the hero's Armor, wounds this combat, knocked "
              "out; what cards did for the rest of the combat (how many marks of each of " + ", ".join(THIS_COMBAT)
              + ", then of others); the Units in it (per Unit: " + ", ".join(COMBAT_UNIT) + "); the action "
              f"waiting to be confirmed (one-hot of {', '.join(ASKING)})",
              at("combat", combat)),
        Field("combat_site", f"what the combat is for: its kind (one-hot of {', '.join(COMBAT_KINDS)} and the "
              "sites), its space (q, r), the rampaging enemies' spaces (how many), the maze path fought for",
              at("combat_site", record(at("kind", one_hot((*COMBAT_KINDS, *SITES))),
                                       at("at", bounded(Part(2, _position), reach, -reach)),
                                       at("homes", clipped(Part(1, _length), MOST)), at("path", NUMBER)))),
        Field("pvp", f"the combat between heroes: phase (one-hot of {', '.join(PVP_PHASES)}), step (one-hot of "
              f"{', '.join(PVP_STEPS)}), the attacker and the defender (each: seat one-hot, "
              f"{', '.join(PVP_SIDE)}, the Influence played, the Heroes Units paid for, the bonus waiting (one-hot of "
              f"{', '.join(PVP_BONUS)}), the side's marks (count per {', '.join(PVP_MARKS)}, then others), its Units "
              f"in the combat and their Wounds taken in it), participation (one-hot of {', '.join(PARTICIPATION)}), the defender's "
              f"fortification (0-2), their own keep, points played ({', '.join(POOL_KINDS)}), Block played, damage "
              f"left, its elements (multi-hot of {', '.join(ELEMENTS)}), the play waiting for its mana (its seat "
              "one-hot, its card one-hot, a Unit's ability, the mana still to pay per colour), the effects on the heroes' Units (per kind of "
              f"{', '.join(ON_UNITS)}: how many, then their values summed), the cards played sideways, the Source dice "
              "the defender took, the melee attack reduced, the melee attacks blocked whole, the Units in the attack, "
              f"what a Block whole does (per kind of {', '.join(IF_BLOCKED)}, then the Fire Attack waiting), the "
              f"attack waiting for a side's Attacks phase (per element of {', '.join(ELEMENTS)}); then the round-order tokens face down "
              "(multi-hot seat)",
              record(at("pvp", pvp), at("pvp_face_down", multi_hot(seats)))),
    ))

