"""Hero and Advanced Action card specials (facts 2.3, 3.1): the terrain-cost family (Frost Bridge,
Song of Wind, Druidic Paths, Mountain Lore), the cards whose effect waits for the end of the
turn (Noble Manners, Steady Tempo, Mountain Lore's Hand limit), the combat cards whose effect
waits for a block, an attack or a phase (Ice Shield, Shield Bash, Chivalry, Dodge and Weave),
Ambush's bonus to the next card, and Peaceful Moment.

A card's change that lasts the turn is kept in ``PlayerState.lasting`` as (kind, detail, N):
the terrain kinds of ``movement.TERRAIN_LASTING`` (read by the Move costs), and the kinds below,
read by ``end_of_turn`` (called by ``turn.end_turn`` before the played cards are discarded), by
``watch_combat`` / ``after_combat_action`` (around each combat action, ``actions/decisions.py``) and by
``ambush`` (after each card played). Played cards are in sight of everyone, so nothing here is
hidden.
"""

from __future__ import annotations

from typing import Any

from ....engine import Action, Event
from ..cards_model import Card, CardEffect
from ..combat.damage import NO_UNIT_DAMAGE
from ..combat.elements import block_needed, block_total
from ..combat.enemies import attack, attack_value, ignores, name
from ..combat.phases import add_effect, counting_points, open_attacks
from ..combat.state import Combat
from ..content import Tables
from ..game_state import GameState, has
from ..knowledge.seen import at_bottom, on_top, seen_in_hand
from ..map.exploring import space
from ..map.movement import ONE_SPACE_LESS
from ..sites.interaction import UNIT_DISCOUNT
from ..sites.reputation import change_reputation
from ..specials import after_card_played, card_special
from ..units.in_combat import _strongest
from .deck import WOUND, heal_wounds_in_hand, wounds_in_hand
from .mana import CRYSTAL_LIMIT, DICE_ANY, die_free, gain_crystal_now, pay_mana, roll_die
from .offers import unit_labels
from .playing import Picks, Played, _refuse

RULE = "Advanced Actions"
SONG_OF_WIND = ("plains", "desert", "wasteland")  # the terrains Song of Wind makes cheaper
# the terrains Druidic Paths' strong effect may choose: those it can make cheaper (above 2 somewhere)
DRUIDIC_TERRAINS = ("hills", "forest", "wasteland", "desert", "swamp")
MOUNTAIN_LORE_COST = 5
# kinds of PlayerState.lasting read at the end of the turn
HAND_AT_END = "hand-at-end"  # (kind, terrain, N): Hand limit +N at this turn's draw if the hero ends there
NOBLE_MANNERS = "noble-manners"  # (kind, "", 1 basic / 2 powered): Fame (and Reputation) if interacting
BACK_ON_DECK = "back-on-deck"  # (kind, card, 0 bottom / 1 top): the card goes on the Deed deck
CRYSTAL_JOY = "crystal-joy"  # (kind, card, 1 basic / 2 powered): discard a card to take it back to hand
HEROIC_TALE = "heroic-tale"  # (kind, "basic" / "powered", Units recruited when it was played)
# kinds read in a combat
ON_BLOCK = ("ice-shield", "shield-bash")  # the next block resolved: the blocked enemy's Armor lowered
CHIVALRY = "chivalry"  # (kind, "", 1 basic / 2 powered): the next attack resolved, per enemy defeated
EXPLOSIVE_BOLT = "explosive-bolt"  # (kind, card, 1): the next attack resolved, per enemy defeated
DODGE = "dodge"  # (kind, "", N): Attack N when the Attack phase begins, if no Wound went to the hand
AMBUSH = "ambush"  # (kind, "", N): the next Attack card +N, or Block card +2N
CRYSTAL_MASTERY = "crystal-mastery"  # (kind, "", 1): the crystals spent this turn come back at its end
CRYSTAL_SPENT = "crystal-spent"  # (kind, colour, 1): a crystal paid this turn (mana.pay_mana)
ATTACKS = ("attack", "ranged", "siege")


def _last(s: GameState, player: int, *entries: tuple[str, str, int]) -> None:
    p = s.players[player]
    p.lasting = (*p.lasting, *entries)


def _card_id(card: Played) -> str:
    return getattr(card, "id", "")


@card_special("terrain-cost")
def terrain_cost_this_turn(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                           pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Frost Bridge: swamps cost 1 this turn; Song of Wind: plains, deserts and wastelands cost N
    less (min 0); Druidic Paths: one space costs 1 less (basic), one chosen terrain type costs 1
    less (powered), never below 2 (facts 2.3, 3.1)."""
    cid = _card_id(card)
    if cid == "frost-bridge":
        _last(s, player, ("set", "swamp", e.value))
    elif cid == "song-of-wind":
        _last(s, player, *(("less", x, e.value) for x in SONG_OF_WIND))
    elif cid == "druidic-paths" and not pk.powered:
        _last(s, player, (ONE_SPACE_LESS, "", e.value))
    elif cid == "druidic-paths":
        if pk.terrain not in DRUIDIC_TERRAINS:
            raise _refuse(f"{card.name}: choose a terrain type ({', '.join(DRUIDIC_TERRAINS)})", RULE)
        _last(s, player, ("less-to-2", pk.terrain, e.value))
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
    events.append(Event("terrain", f"{card.name}: terrain costs change this turn", player, {"card": cid}))


@card_special("lake-crossing")
def lake_crossing(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Frost Bridge (facts 3.1, powered): lakes may be crossed for 1 this turn (still no safe space to end
    on); Song of Wind (powered): pay a blue mana to cross lakes for 0 this turn."""
    cid = _card_id(card)
    if cid == "song-of-wind":
        if len(mana) != 1:
            raise _refuse(f"{card.name}: crossing lakes costs a blue mana (die N, token or crystal)", "Mana")
        pay_mana(s, player, "blue", mana[0])
        _last(s, player, ("enter", "lake", 0))
    elif cid == "frost-bridge":
        if mana:
            raise _refuse(f"{card.name} crosses lakes without paying mana", "Mana")
        _last(s, player, ("enter", "lake", 1))
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
    events.append(Event("terrain", f"{card.name}: lakes may be crossed this turn", player, {"card": cid}))


@card_special("mountain-lore")
def mountain_lore(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Mountain Lore (facts 3.1): ending the turn in hills, Hand limit +1 at the next draw;
    powered, mountains may be entered for 5 Move and are safe this turn, and ending in mountains
    gives +2."""
    if pk.powered:
        _last(s, player, ("enter-safe", "mountain", MOUNTAIN_LORE_COST), (HAND_AT_END, "mountain", e.value))
    _last(s, player, (HAND_AT_END, "hills", 1))


@card_special("noble-manners")
def noble_manners(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Noble Manners (facts 2.3): used in an interaction, Fame +1 at the end of the turn (powered:
    Reputation +1 too)."""
    _last(s, player, (NOBLE_MANNERS, "", 2 if pk.powered else 1))


@card_special("end-of-turn-deck")
def steady_tempo(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                 pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Steady Tempo (facts 3.1): at the end of the turn this card goes to the bottom of the Deed
    deck (powered: on top) instead of the discard pile, if the deck is not empty then."""
    _last(s, player, (BACK_ON_DECK, _card_id(card), int(pk.powered)))


@card_special("ice-shield", "shield-bash")
def on_block(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
             pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Ice Shield (powered): the enemy blocked with it gets Armor -3; Shield Bash (powered): Armor
    -1 per point of Block above what was needed (facts 3.1; Armor never below 1)."""
    _last(s, player, (e.name, _card_id(card), e.value if e.name == "ice-shield" else 0))


@card_special("chivalry")
def chivalry(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
             pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Chivalry (facts 3.1): Reputation +1 (powered: and Fame +1) per enemy this attack defeats."""
    _last(s, player, (CHIVALRY, "", 2 if pk.powered else 1))


@card_special("explosive-bolt")
def explosive_bolt(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                   pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Explosive Bolt (powered; facts 3.1): for each enemy its attack defeats, another enemy gets
    Armor -1 (never below 1)."""
    _last(s, player, (EXPLOSIVE_BOLT, _card_id(card), 1))


DODGE_SPLIT = 2  # Dodge and Weave's strong effect, its second choice: two attacks -2 each


def dodge_second_attacks(c: Combat, t: Tables, first: int) -> list[int]:
    """The enemies (1-based) whose attack Dodge and Weave's second -2 may take, the card's own
    -2 going to enemy ``first``: another enemy with an attack to block, or the same one with two."""
    attacks = [i for i, _ in open_attacks(c, t)]
    return sorted({i + 1 for i in attacks if i + 1 != first or attacks.count(i) > 1})


@card_special("dodge-and-weave")
def dodge_and_weave(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                    pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Dodge and Weave (facts 3.1): Attack N in the Attack phase if no Wound went to the hand
    earlier in this combat. Its strong effect's second choice, "two attacks by 2 each": before
    the card's own -2 on the enemy named (``pk.target``), a second attack -2 (``pk.others[0]``:
    another enemy's strongest attack, or the same enemy's strongest other than the one the
    card's -2 takes)."""
    if pk.powered and option == 2:
        _second_attack(t, s, card, pk, events)
    _last(s, player, (DODGE, "", e.value))


def _second_attack(t: Tables, s: GameState, card: Played, pk: Picks, events: list[Event]) -> None:
    c = s.combat
    second = int(pk.others[0]) if pk.others and pk.others[0].isdigit() else 0
    if c is None or second not in dodge_second_attacks(c, t, pk.target):
        raise _refuse(f"{card.name}: name the enemy of the second attack -{DODGE_SPLIT} (also N): another enemy "
                      "with an attack to block, or the same one with two", RULE)
    en = c.enemies[second - 1]
    why = ignores(t, en, card.colours, on_attacks=True)
    if why:
        events.append(Event("ignored", f"{name(t, en)} ignore this effect ({why})", data={"enemy": second}))
        return
    if second != pk.target:
        cut = CardEffect.model_validate({"type": "attack-reduction", "value": DODGE_SPLIT, "target": "one"})
        effect = cut.combat_effect()
        assert effect is not None
        add_effect(c, t, effect, second - 1, card.colours, events)
        return
    first = _strongest(c, t, second - 1)  # the card's own -2 takes this one: the second is another
    a = max((x for i, x in open_attacks(c, t) if i == second - 1 and x != first),
            key=lambda x: attack_value(t, en, x))
    en.reduction[a] += DODGE_SPLIT
    events.append(Event("attack", f"{name(t, en)} attack {a + 1} -{DODGE_SPLIT}", data={"enemy": second}))


@card_special("agility")
def agility(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
            pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Agility (facts 3.1): in a combat this turn, Move points (its own too) are spent 1:1 as
    Attack; powered, also 2:1 as Ranged Attack (``playing._move_as_attack``)."""
    _last(s, player, ("agility", "", e.value))


@card_special("ambush")
def ambush_played(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Ambush (facts 3.1): +N to the first Attack card or +2N to the first Block card played
    after it this turn (whichever comes first)."""
    _last(s, player, (AMBUSH, "", e.value))


@after_card_played
def ambush(t: Tables, s: GameState, player: int, card: Any, how: str, option: int, events: list[Event]) -> None:
    """Ambush's bonus goes to the first card played after it that gives Attack or Block (a
    sideways Attack or Block too), of that card's kind and element."""
    p = s.players[player]
    if not p.lasting or s.combat is None or not isinstance(card, Card):
        return
    entry = next((x for x in p.lasting if x[0] == AMBUSH), None)
    if entry is None:
        return
    kind: str
    element: str
    if how in ("basic", "powered"):
        side = card.basic if how == "basic" else card.powered
        effects = side[option - 1] if len(side) > 1 else side[0]
        given = next((x for x in effects if x.type in (*ATTACKS, "block")), None)
        if given is None:
            return
        kind, element = given.type, given.element
    elif how in ("attack", "block"):
        kind, element = how, "physical"
    else:
        return
    value = entry[2] * (2 if kind == "block" else 1)
    p.lasting = tuple(x for x in p.lasting if x is not entry)
    bonus = CardEffect.model_validate({"type": kind, "value": value, "element": element}).combat_effect()
    assert bonus is not None
    add_effect(s.combat, t, bonus, -1, ("green",), events)
    events.append(Event("ambush", f"Ambush: {card.name} +{value}", player, {"card": card.id, "bonus": value}))


@card_special("peaceful-moment")
def peaceful_moment(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                    pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Peaceful Moment (facts 3.1), as the turn's action: 2 Influence per Heal 1; powered, first
    ready the Units named (``pk.others``, Spent ones) for 2 Influence per level."""
    p = s.players[player]
    if s.combat is not None or p.acted:
        raise _refuse(f"{card.name} is played as your action, and you have taken it", "A turn")
    readied = 0
    for label in pk.others if pk.powered else ():
        labels = unit_labels(p)
        if label not in labels:
            raise _refuse(f"{card.name}: you have no Unit {label}", "Units")
        u = p.units[labels.index(label)]
        cost = 2 * t.unit[u[0]].level
        if not u[2] or p.influence_points < cost:
            raise _refuse(f"{card.name} readies a Spent Unit for {cost} Influence ({label}: "
                          f"{'Spent' if u[2] else 'not Spent'}; you have {p.influence_points})", "Units")
        p.influence_points -= cost
        u[2] = False
        readied += 1
        events.append(Event("unit-readied", f"readies {t.unit[u[0]].name} for {cost} Influence", player,
                            {"unit": label}))
    heals = min(wounds_in_hand(p), p.influence_points // 2)
    if not heals and not readied:
        raise _refuse(f"{card.name}: nothing to heal or ready with {p.influence_points} Influence", "Healing")
    if heals:
        p.influence_points -= 2 * heals
        heal_wounds_in_hand(p, heals)
        events.append(Event("healed", f"heals {heals} Wound(s)", player, {"wounds": heals}))
    p.acted = p.moving_done = True


@card_special("ruthless-coercion")
def ruthless_coercion(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                      pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Ruthless Coercion (basic; facts 2.3): a Unit recruited this turn costs 2 Influence less,
    and then Reputation -1 (``sites.recruit``)."""
    _last(s, player, (UNIT_DISCOUNT, "", 2))


@card_special("heroic-tale")
def heroic_tale(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Heroic Tale (facts 3.1): Reputation +1 (powered: and Fame +1) per Unit recruited this turn;
    those recruited before it are counted by its +1/unit-recruited effects, those recruited
    after it at the end of the turn (``end_of_turn``)."""
    _last(s, player, (HEROIC_TALE, "powered" if pk.powered else "basic", s.recruited))


@card_special("into-the-heat")
def into_the_heat(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Into the Heat (facts 3.1), played at the start of a combat (its Ranged and Siege Attacks
    phase): with its Units' bonus (``unit-bonus``), no damage may be assigned to Units."""
    c = s.combat
    if c is None or c.phase != "ranged":
        raise _refuse(f"{card.name} is played at the start of a combat (its Ranged and Siege Attacks phase)",
                      "COMBAT")
    c.this_combat.append(NO_UNIT_DAMAGE)
    events.append(Event("effect", f"{card.name}: no damage may be assigned to Units", player))


@card_special("spell-forge")
def spell_forge(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Spell Forge (facts 3.1, powered; the basic effect is in cards/playing.py): two crystals, of the colours of
    two different Spells of the offer (``pk.others``: the two colours)."""
    colours = list(pk.others)
    offered: list[str] = [c for x in s.spell_offer for c in t.card[x].colours[:1]]
    if len(colours) != 2 or not _two_spells(offered, colours):
        raise _refuse(f"{card.name}: choose the colours of two different Spells of the offer "
                      f"({', '.join(sorted(offered)) or 'none'})")
    for colour in colours:
        gain_crystal_now(s.players[player], colour, events, player)


def _two_spells(offered: list[str], colours: list[str]) -> bool:
    left = offered[:]
    for c in colours:
        if c not in left:
            return False
        left.remove(c)
    return True


@card_special("mana-storm")
def mana_storm(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
               pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Mana Storm (facts 3.1, powered; the basic effect is in cards/playing.py): every die of the Source (those not
    taken this turn) re-rolled; 3 more dice may be used this turn, and gold and black dice pay
    any basic colour, Day or Night."""
    for i in range(len(s.source)):
        if die_free(s, i):  # not a die on a Mana Steal card or kept by Mana Claim: out of the Source
            s.source[i] = roll_die(s.rng)
    s.dice_allowed += e.value
    _last(s, player, (DICE_ANY, "", 1))
    events.append(Event("source", f"{card.name}: the Source re-rolled ({', '.join(s.source)}), {e.value} more dice",
                        player, {"source": list(s.source)}))


@card_special("crystal-mastery")
def crystal_mastery(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                    pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Crystal Mastery (facts 3.1, powered): the crystals spent this turn (before it too) come back at its
    end."""
    _last(s, player, (CRYSTAL_MASTERY, "", 1))


def watch_combat(t: Tables, s: GameState, player: int, a: Action) -> tuple[Any, ...] | None:
    """Before a combat action: what the cards waiting on it need to know (None, the common case:
    nothing waits). A block about to be resolved: its enemy, attack and surplus."""
    p = s.players[player]
    c = s.combat
    if not p.lasting or c is None:
        return None
    if a.name == "resolve" and c.phase == "block" and c.block_target is not None:
        i, k = c.block_target
        e = c.enemies[i]
        swift = "swift" in t.enemy[e.token].abilities
        used = counting_points(c, t)
        total = block_total(((c.pool[x][1], c.pool[x][2], c.pool[x][3]) for x in used), attack(t, e, k).element,
                            swift)
        return (a.name, c.phase, i, k, total - block_needed(attack_value(t, e, k), swift))
    return (a.name, c.phase)


def after_combat_action(t: Tables, s: GameState, player: int, watch: tuple[Any, ...], events: list[Event]) -> None:
    """After a combat action: Ice Shield and Shield Bash on the enemy the block stopped,
    Chivalry's Reputation and Fame per enemy the attack defeated, Dodge and Weave's Attack when
    the Attack phase begins; what the phase's end took from the pool waits no more."""
    p = s.players[player]
    c = s.combat
    if c is None:
        return
    action, phase = watch[0], watch[1]
    keep = []
    for entry in p.lasting:
        kind, detail, n = entry
        if kind in ON_BLOCK and phase == "block" and action in ("resolve", "next"):
            if action == "resolve" and c.enemies[watch[2]].blocked[watch[3]]:
                cut = n if kind == "ice-shield" else watch[4]
                _cut_armor(t, s, player, watch[2], cut, t.card[detail], events)
            continue
        if kind == CHIVALRY and phase in ("ranged", "attack") and action in ("resolve", "next"):
            if action == "resolve" and phase == "attack":
                beaten = sum(1 for x in events if x.kind == "defeated")
                c.reputation += beaten
                c.fame += beaten if n == 2 else 0
                if beaten:
                    events.append(Event("chivalry", f"Chivalry: Reputation +{beaten}" +
                                        (f", Fame +{beaten}" if n == 2 else ""), player))
            continue
        if kind == EXPLOSIVE_BOLT and phase in ("ranged", "attack") and action in ("resolve", "next"):
            beaten = sum(1 for x in events if x.kind == "defeated") if action == "resolve" else 0
            others = [i for i, en in enumerate(c.enemies) if not (en.defeated or en.gone or en.summoner >= 0)
                      and not ignores(t, en, t.card[detail].colours)]
            for i in others[:beaten]:  # our reading: the next enemies of the combat, one each
                _cut_armor(t, s, player, i, 1, t.card[detail], events)
            continue
        if kind == DIPLOMACY:  # a Unit's Influence, or Influence left from before the Block phase
            influence_as_block(t, s, player, events)
            keep.append(entry)
            continue
        if kind == DODGE and c.phase == "attack":
            if not c.hero.wounds_this_combat:
                bonus = CardEffect.model_validate({"type": "attack", "value": n}).combat_effect()
                assert bonus is not None
                add_effect(c, t, bonus, -1, ("white",), events)
                events.append(Event("dodge", f"Dodge and Weave: Attack {n}", player, {"attack": n}))
            continue
        keep.append(entry)
    p.lasting = tuple(keep)


def _cut_armor(t: Tables, s: GameState, player: int, i: int, cut: int, card: Card, events: list[Event]) -> None:
    c = s.combat
    assert c is not None
    e = c.enemies[i]
    why = ignores(t, e, card.colours)
    if cut <= 0 or e.defeated or why:
        return
    e.armor_cut += cut
    c.cached = None
    events.append(Event("armor", f"{card.name}: {name(t, e)} Armor -{cut}", player, {"enemy": i + 1, "armor": cut}))


@card_special("crystal-joy")
def crystal_joy(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Crystal Joy (facts 2.3): at the end of the turn another non-Wound card (powered: any card)
    may be discarded to take this card back to hand (``end_of_turn``'s ``joy``)."""
    _last(s, player, (CRYSTAL_JOY, _card_id(card), 2 if pk.powered else 1))


def crystal_joy_cards(s: GameState, player: int) -> list[str]:
    """The cards of the hand that may be discarded at the end of the turn to take Crystal Joy
    back (none if it was not played this turn)."""
    p = s.players[player]
    entry = next((x for x in p.lasting if x[0] == CRYSTAL_JOY), None)
    if entry is None or entry[1] not in p.play_area:
        return []
    return sorted(c for c in set(p.hand) if entry[2] == 2 or c != WOUND)


def end_of_turn(t: Tables, s: GameState, player: int, events: list[Event], joy: str = "") -> int:
    """The cards' effects at the end of the turn, before the played cards are discarded: Noble
    Manners' Fame and Reputation, Steady Tempo back on the deck, Crystal Joy back to hand for
    the card ``joy`` discarded; returns the Hand limit bonus for this turn's draw (Mountain
    Lore)."""
    p = s.players[player]
    if has(p, "time-bent"):  # Time Bending: the other cards played back to the hand
        back = [c for c in p.play_area if c != "space-bending"]
        p.play_area = [c for c in p.play_area if c == "space-bending"]
        p.hand += back
        seen_in_hand(s, player, back)  # back to the hand in sight of everyone (knowledge/seen.py)
        if back:
            events.append(Event("time-bending", f"takes back {len(back)} card(s) played this turn", player,
                                {"cards": back}))
    if joy:
        if joy not in crystal_joy_cards(s, player):
            raise _refuse(f"Crystal Joy: discard {'any card' if WOUND in p.hand else 'a non-Wound card'} of your "
                          f"hand to take it back, not {joy}", RULE)
        entry = next(x for x in p.lasting if x[0] == CRYSTAL_JOY)
        p.hand.remove(joy)
        p.discard.append(joy)
        p.play_area.remove(entry[1])
        p.hand.append(entry[1])
        seen_in_hand(s, player, [entry[1]])  # in sight of everyone (knowledge/seen.py)
        p.lasting = tuple(x for x in p.lasting if x is not entry)
        events.append(Event("crystal-joy", f"discards {t.card[joy].name if joy in t.card else joy} to take "
                            f"{t.card[entry[1]].name} back to hand", player, {"card": joy}))
    if not p.lasting:
        return 0
    bonus = 0
    if has(p, CRYSTAL_MASTERY):
        for kind, colour, _ in p.lasting:
            if kind == CRYSTAL_SPENT and p.crystals[colour] < CRYSTAL_LIMIT:
                p.crystals[colour] += 1
                events.append(Event("crystal", f"Crystal Mastery: the {colour} crystal comes back", player,
                                    {"colour": colour}))
    sp = space(t, s, p.position)
    terrain = sp.terrain if sp is not None else ""
    for kind, detail, n in p.lasting:
        if kind == HAND_AT_END and detail == terrain:
            bonus += n
        elif kind == NOBLE_MANNERS and p.interacting:
            p.fame += 1
            if n == 2:
                change_reputation(p, 1)
            events.append(Event("noble-manners", "Noble Manners: Fame +1" + (", Reputation +1" if n == 2 else ""),
                                player))
        elif kind == HEROIC_TALE and s.recruited > n:
            later = s.recruited - n
            change_reputation(p, later)
            p.fame += later if detail == "powered" else 0
            events.append(Event("heroic-tale", f"Heroic Tale: Reputation +{later}" +
                                (f", Fame +{later}" if detail == "powered" else ""), player))
        elif kind == BACK_ON_DECK and p.deck and detail in p.play_area:
            p.play_area.remove(detail)
            if n:
                on_top(p, detail)  # the top is the end; in sight of everyone (knowledge/seen.py)
            else:
                at_bottom(p, detail)
            events.append(Event("on-deck", f"puts {t.card[detail].name} on the {'top' if n else 'bottom'} of "
                                "the Deed deck", player, {"card": detail}))
    return bonus


__all__ = ["DIPLOMACY", "DRUIDIC_TERRAINS", "after_combat_action", "crystal_joy_cards", "end_of_turn", "watch_combat"]


DIPLOMACY_ELEMENTS = {"red": "fire", "blue": "ice"}  # Diplomacy's powered Block: the colour chosen, its element


DIPLOMACY = "diplomacy"  # (kind, element, 0): Influence may be used as Block of that element this turn


@card_special("diplomacy")
def diplomacy(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
              pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Diplomacy (facts 3.1): Influence usable as Block this turn (powered: as Fire or Ice Block,
    the colour step red or blue, chosen when played). The effect lasts the turn
    (``PlayerState.lasting``): in a combat's Block phase the combat's Influence (this card's,
    any other played there, a Unit's) becomes Block, when it is played there or as soon as it
    is had there (``influence_as_block``). Influence had before the combat vanishes when the
    combat starts (facts 5.4), so outside the Block phase the card gives its Influence only."""
    element = "physical"
    if pk.powered:
        if pk.colour not in DIPLOMACY_ELEMENTS:
            raise _refuse(f"{card.name}: choose the Block's element (colour red: Fire, blue: Ice)", RULE)
        element = DIPLOMACY_ELEMENTS[pk.colour]
    s.players[player].lasting = (*(x for x in s.players[player].lasting if x[0] != DIPLOMACY), (DIPLOMACY, element, 0))
    influence_as_block(t, s, player, events)


def influence_as_block(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Diplomacy's effect this turn: in a combat's Block phase, the combat's Influence becomes
    Block of the element the card gave (the last Diplomacy played)."""
    c = s.combat
    if c is None or c.phase != "block" or c.influence <= 0:
        return
    entry = next((x for x in reversed(s.players[player].lasting) if x[0] == DIPLOMACY), None)
    if entry is None:
        return
    points, c.influence = c.influence, 0
    block = CardEffect.model_validate({"type": "block", "value": points, "element": entry[1]}).combat_effect()
    assert block is not None
    add_effect(c, t, block, -1, ("white",), events)
    events.append(Event("diplomacy", f"Diplomacy: Influence {points} used as {entry[1]} Block", player,
                        {"block": points, "element": entry[1]}))


@after_card_played
def diplomacy_lasting(t: Tables, s: GameState, player: int, card: Any, how: str, option: int,
                      events: list[Event]) -> None:
    """Influence played in the Block phase while Diplomacy's effect lasts becomes Block."""
    if s.players[player].lasting and s.combat is not None and s.combat.phase == "block" and s.combat.influence:
        influence_as_block(t, s, player, events)
