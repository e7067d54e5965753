"""The Artifacts' own mechanisms (facts 3.3): the code of their ``special:NAME`` effects,
registered in ``specials.py``. An Artifact's strong effect needs no mana and throws the card
away (``playing.play_card``); what lasts the turn is a mark in ``PlayerState.lasting``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ....engine import Event, IllegalActionError
from ..cards_model import Card, CardEffect
from ..combat.enemies import ignores, replaced
from ..content import Tables
from ..game_state import BASIC, BOX, BOX_BANNER, COMMAND_BANNER, GameState, add, banner_card, has
from ..map.exploring import reveal_near
from ..map.hexes import Hex
from ..rounds.turn import safe_space
from ..skills.play_steps import LATE_CHOICE
from ..specials import card_special
from .deck import WOUND, draw, take_wounds
from .effects import _apply, _check_when, readiable, resolve_effects
from .mana import gain_crystal_now, pay_mana, roll_die
from .movement_spells import reach, spell_moves
from .offers import take_from_offer, unit_labels
from .played import Picks, SkillPlay, _action_card, _option, _refuse, _take_other
from .playing import BOX_CARD
from .spells import offer_abilities

RULE = "Artifacts"
AMULETS = {"amulet-of-the-sun": (True, "amulet:sun"), "amulet-of-darkness": (False, "amulet:darkness")}
HORN_WOUNDS = ("black", "red")  # the faces of a mana die that wound the Horn of Wrath's player


def _card(card: Any, e: CardEffect) -> Card:
    if not isinstance(card, Card):
        raise _refuse(f"{card.name}: {e.notation()} is played from a card", RULE)
    return card


@card_special("ring")
def ring(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
         mana: tuple[str, ...], option: int) -> None:
    """Ruby, Sapphire, Diamond, Emerald Ring thrown away (facts 3.3): any number of mana of the
    Ring's colour and of black this turn (black still only where it is usable); at the end of
    the turn Fame +1 per Spell of that colour cast this turn (``turn._ring_fame``)."""
    colour = next(x.colour for x in _card(card, e).basic[0] if x.type == "mana-token")
    add(s.players[player], "ring:", str(colour))
    events.append(Event("ring", f"may use any number of {colour} and black mana this turn", player,
                        {"colour": colour}))


@card_special("amulet")
def amulet(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
           mana: tuple[str, ...], option: int) -> None:
    """Amulet of the Sun played at Night: forests cost 3, gold mana is usable, garrisons and
    ruins are revealed as by Day; Amulet of Darkness played by Day: deserts cost 3 and black mana
    is usable as at Night (facts 3.3). Played in the other half of the day, only its tokens."""
    at_night, word = AMULETS[_card(card, e).id]
    if s.night != at_night:
        return
    add(s.players[player], word)
    events.append(Event("amulet", f"{card.name}: {'Day' if at_night else 'Night'} rules for mana and "
                        f"{'forests' if at_night else 'deserts'} this turn", player, {"card": card.id}))
    if at_night:
        reveal_near(t, s, player, events)
        p = s.players[player]
        tok = s.ruins.get(p.position)
        if tok is not None:
            tok.face_up = True


@card_special("endless-gem-pouch")
def endless_gem_pouch(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                      pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Endless Gem Pouch (facts 3.3): roll a mana die N times, a crystal of each colour rolled;
    gold gives a crystal of the colour chosen (``pk.colour``, named before the roll: our reading),
    black Fame +1 instead."""
    if pk.colour not in BASIC:
        raise _refuse(f"{card.name}: choose the colour of the crystal a gold roll gives ({', '.join(BASIC)})", RULE)
    p = s.players[player]
    for _ in range(e.value):
        face = roll_die(s.rng)
        events.append(Event("rolled", f"{card.name}: rolls {face}", player, {"face": face}))
        if face == "black":
            p.fame += 1
        else:
            gain_crystal_now(p, pk.colour if face == "gold" else face, events, player)


@card_special("golden-grail")
def golden_grail(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                 mana: tuple[str, ...], option: int) -> None:
    """Golden Grail (facts 3.3), after its Heal: basic, Fame +1 per point of it used; thrown away,
    a card drawn per Wound healed from the hand this turn (this Heal and any later one)."""
    healed = next((x.data.get("wounds", 0) for x in reversed(events) if x.kind == "healed"), 0)
    p = s.players[player]
    if pk.powered:
        draw(p, healed)
        add(p, "golden-grail")
    elif healed:
        p.fame += healed
        events.append(Event("fame", f"Fame +{healed} for the Golden Grail's healing", player, {"fame": healed}))


@card_special("horn-of-wrath")
def horn_of_wrath(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                  mana: tuple[str, ...], option: int) -> None:
    """Horn of Wrath (facts 3.3): roll a mana die per die the option names (1; thrown away, one
    per Siege point added); each black or red face gives a Wound to the hand."""
    wounds = 0
    for _ in range(e.value):
        face = roll_die(s.rng)
        events.append(Event("rolled", f"{card.name}: rolls {face}", player, {"face": face}))
        wounds += face in HORN_WOUNDS
    if wounds:
        take_wounds(s.players[player], wounds)
        events.append(Event("wounded", f"takes {wounds} Wound(s) from the {card.name}", player, {"wounds": wounds}))


SWORD = "sword-of-justice"  # in Combat.this_combat: the Sword of Justice thrown away


@card_special("sword-of-justice")
def sword_of_justice(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                     pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Sword of Justice thrown away (facts 3.3), in a combat: the physical attacks counted in the
    Attack phase count double (``combat._resolve_attack``) and every enemy loses Physical
    Resistance this turn (the combat), but for Arcane Immunity (a non-Attack effect); its Fame per
    enemy defeated is the card's next effect."""
    c = s.combat
    if c is None:
        raise _refuse(f"{card.name}'s strong effect is played in a combat", RULE)
    c.this_combat.append(SWORD)
    for i, en in enumerate(c.enemies):  # a summoner its summons replace is no target (Summon Attack)
        if "physical" not in en.resistances_lost and not ignores(t, en, ()) and not replaced(c, i):
            en.resistances_lost.append("physical")
    c.cached = None
    events.append(Event("effect", f"{card.name}: physical attacks count double in the Attack phase; enemies lose "
                        "Physical Resistance", player, {"effect": SWORD}))


BOW = "bow-of-starsdawn"  # in Combat.this_combat: the Bow of Starsdawn thrown away


@card_special("bow-of-starsdawn")
def bow_of_starsdawn(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                     pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Bow of Starsdawn thrown away (facts 3.3), in a combat: each of your Ranged Attacks is
    doubled or becomes a Siege Attack of its element; a Siege Attack may be doubled, then
    becoming Ranged. The choice is made for each attack as it is resolved, the better one
    (``combat.counting_points``, ``combat._resolve_attack``): they differ only against a
    fortified target in the Ranged and Siege phase, where the Ranged Attacks count as Siege."""
    c = s.combat
    if c is None:
        raise _refuse(f"{card.name}'s strong effect is played in a combat", RULE)
    c.this_combat.append(BOW)
    c.cached = None
    events.append(Event("effect", f"{card.name}: your Ranged and Siege Attacks are doubled this combat, or count as "
                        "Siege against a fortified enemy", player, {"effect": BOW}))


@card_special("ready-all-units")
def ready_all_units(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                    pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Banner of Courage thrown away (facts 3.3), outside combat: every Spent Unit is readied (a
    Wounded one stays Wounded)."""
    for label, u in zip(unit_labels(s.players[player]), s.players[player].units, strict=True):
        if u[2]:
            u[2] = False
            events.append(Event("unit-readied", f"readies {t.unit[u[0]].name}", player, {"unit": label}))


@card_special("banner-of-fortitude")
def banner_of_fortitude(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                        pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Banner of Fortitude thrown away (facts 3.3), outside combat: every Unit is fully healed."""
    for label, u in zip(unit_labels(s.players[player]), s.players[player].units, strict=True):
        if u[1]:
            u[1] = 0
            events.append(Event("unit-healed", f"heals {t.unit[u[0]].name}", player, {"unit": label}))


@card_special("throw-away-wounds")
def throw_away_wounds(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                      pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Banner of Protection thrown away (facts 3.3): at the end of the turn the Wounds received
    this turn, before it and after it, are thrown away (``turn._card_effects_at_end``)."""
    add(s.players[player], "throw-away-wounds")


@card_special("soul-harvester")
def soul_harvester(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                   pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Soul Harvester (facts 3.3): a crystal for one enemy its attack defeats; thrown away, for
    each enemy defeated in this combat phase (``combat._harvest``)."""
    c = s.combat
    if c is None:
        raise _refuse(f"{card.name} is played in a combat", RULE)
    c.this_combat.append("harvest:all" if pk.powered else "harvest:1")


@card_special("shield-of-the-fallen-kings")
def shield_of_the_fallen_kings(t: Tables, s: GameState, player: int, card: Any, e: CardEffect,
                               events: list[Event], pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Shield of the Fallen Kings (facts 3.3), its option of several Blocks 4: they go against
    different attacks, so the first joins the block declared (``block N`` first) and each other
    one waits for the next block (``then-block``; lost at the end of the Block phase)."""
    c = s.combat
    if c is None or c.phase != "block" or c.block_target is None:
        raise _refuse(f"{card.name}: declare the attack you block first (block N)", RULE)
    shield = _card(card, e)
    blocks = sum(1 for x in (shield.powered if pk.powered else shield.basic)[option - 1] if x.type == "block")
    for _ in range(blocks - 1):  # the Blocks this option just added to the pool, all but the first
        _, element, value, _, _ = c.pool.pop()
        c.this_combat.append(f"then-block:{element}:{value}")


BANNERS_ATTACHED = ("banner-of-protection", "banner-of-fortitude", "banner-of-courage", "banner-of-glory",
                    "banner-of-fear")  # what a Banner does under a Unit has code
GLORY_ALL = "glory:all"  # in Combat.this_combat: the Banner of Glory thrown away


@card_special("banner")
def banner(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
           mana: tuple[str, ...], option: int) -> None:
    """A Banner (facts 3.3) is assigned to a Unit (``pk.other``) and lies under it
    (``PlayerState.banners``) until the Unit leaves or another Banner replaces it (that one goes
    to the discard pile). Under the Unit: Protection, Armor +1 and Fire and Ice Resistance;
    Fortitude, once a round the Unit ignores a Wound (``damage.damage_unit``); Courage, once a
    round outside combat it readies the Unit (``flip_banner``); Glory, Armor +1, +1 to its
    attacks and blocks and Fame +1 when it attacks or blocks (``abilities``); Fear, spent in the
    Block phase to cancel the attack being blocked (``combat``). Banner of Glory thrown away:
    every Unit so for this combat (its +1 is the card's ``unit-bonus``)."""
    if pk.powered and card.id == "banner-of-glory":
        c = s.combat
        if c is None:
            raise _refuse(f"{card.name}'s strong effect is played in a combat", RULE)
        c.this_combat.append(GLORY_ALL)
        events.append(Event("effect", f"{card.name}: your Units have Armor +1 and Fame +1 for each that attacks or "
                            "blocks this combat", player, {"effect": GLORY_ALL}))
        return
    if pk.powered or card.id not in BANNERS_ATTACHED:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet", RULE)
    p = s.players[player]
    if pk.other not in unit_labels(p):
        raise _refuse(f"{card.name}: name the Unit it goes under (yours: {', '.join(unit_labels(p)) or 'none'})",
                      "Units")
    if card.id in p.play_area:
        p.play_area.remove(card.id)
    else:  # the Mysterious Box used as this Banner: under the Unit this turn, then discarded
        p.play_area.remove(BOX_CARD)
        add(p, BOX_BANNER, card.id)
    p.must_play = False  # facts 5.4: a card was played this turn
    old = p.banners.get(pk.other, "")
    if old:
        p.discard.append(banner_card(p, old))
    p.banners[pk.other] = card.id
    c = s.combat
    if c is not None and any(u.label == pk.other for u in c.units):  # it works in this combat at once
        c.this_combat = [w for w in c.this_combat if not w.startswith(f"banner:{pk.other}:")]
        c.this_combat.append(f"banner:{pk.other}:{card.id}")
        c.cached = None
    events.append(Event("banner", f"puts the {card.name} under {pk.other}", player,
                        {"card": card.id, "unit": pk.other}))


@card_special("banner-of-command")
def banner_of_command(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                      pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Banner of Command (facts 3.3), after its Influence 4: the card waits in the play area for
    the rest of the turn; a Unit recruited with no free Command token takes it in place of a
    token (``sites.recruit``), and while it lies there the Unit holds no token
    (``game_state.command_tokens_used``)."""
    add(s.players[player], COMMAND_BANNER)


def flip_banner(t: Tables, s: GameState, player: int, label: str, events: list[Event]) -> None:
    """Banner of Courage under a Unit (facts 3.3): once a round, outside combat, flip it to ready
    the Unit (``activate LABEL banner``); it turns face up at the next round."""
    from ....engine import IllegalActionError

    p = s.players[player]
    if s.combat is not None:
        raise IllegalActionError("the Banner of Courage is flipped outside combat", RULE)
    if p.banners.get(label) != "banner-of-courage":
        raise IllegalActionError(f"{label} has no face-up Banner of Courage under it", RULE)
    u = p.units[unit_labels(p).index(label)]
    if not u[2]:
        raise IllegalActionError(f"{label} is not Spent: nothing to ready", RULE)
    u[2] = False
    p.banners[label] += ":flipped"
    events.append(Event("unit-readied", f"flips the Banner of Courage: readies {t.unit[u[0]].name}", player,
                        {"unit": label}))


# the cards whose spell-from-offer effect has code, and the side: the others wait (playing.SIDES_WAITING)
SPELL_TAKEN = {("book-of-wisdom", True), ("magic-talent", True), ("magic-talent", False)}


@card_special("spell-from-offer")
def spell_from_offer(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                     mana: tuple[str, ...], option: int) -> None:
    """Book of Wisdom (powered, facts 3.3): throw away an Action card: a Spell of its colour from
    the offer into the hand, and a crystal of that colour; Magic Talent (powered, facts 3.1): pay
    a mana of a basic colour: a Spell of that colour from the offer into the discard pile."""
    p, cid = s.players[player], getattr(card, "id", "")
    if cid == "tome-of-all-spells":
        _tome_of_all_spells(t, s, player, card, events, pk, mana, option)
        return
    if cid == "magic-talent" and not pk.powered:  # facts 3.1: the Spell's mana paid as from the hand
        spell = t.card[pk.offered] if pk.offered in s.spell_offer else None
        if spell is not None and len(mana) >= len(spell.basic_cost):
            for need, source in zip(spell.basic_cost, mana, strict=False):
                pay_mana(s, player, need, source)
            mana = mana[len(spell.basic_cost):]
        _tome_of_all_spells(t, s, player, card, events, pk, mana, option)
        return
    if (cid, pk.powered) not in SPELL_TAKEN:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
    colours: tuple[str, ...]
    if cid == "book-of-wisdom":
        colours = _action_card(t, p, card, pk.other, "throw away").colours
        p.thrown.append(pk.other)
    else:
        if pk.colour not in BASIC or len(mana) != 1:
            raise _refuse(f"{card.name}: choose a basic colour and the mana that pays it", "Mana")
        pay_mana(s, player, pk.colour, mana[0])
        colours = (pk.colour,)
    chosen = pk.offered
    if chosen not in s.spell_offer or not set(t.card[chosen].colours) & set(colours):
        fits = [x for x in s.spell_offer if set(t.card[x].colours) & set(colours)]
        raise _refuse(f"{card.name}: choose a Spell of the offer ({', '.join(fits) or 'none fits'})", "Spells")
    take_from_offer(s.spell_offer, s.spell_deck, chosen)
    to_hand = cid == "book-of-wisdom"
    (p.hand if to_hand else p.discard).append(chosen)
    events.append(Event("gained", f"gains {t.card[chosen].name} to the {'hand' if to_hand else 'discard pile'}",
                        player, {"card": chosen}))
    if to_hand:
        gain_crystal_now(p, t.card[chosen].colours[0], events, player)


# ---- Druidic Staff ------------------------------------------------------------------------------
# its four effects, by the colour of the card discarded (``choose N`` in this order); a white one
# flies up to 2 revealed spaces to a safe space, a red one readies a Unit of level III or lower
STAFF = ("white", "blue", "red", "green")
STAFF_FLIGHT, STAFF_READY, STAFF_HEAL, STAFF_CRYSTALS = 2, 3, 3, 2
STAFF_WORDS = {"white": "move", "blue": "colour", "red": "ready", "green": ""}  # each effect's own step


def staff_moves(t: Tables, s: GameState, player: int) -> list[Hex]:
    """Where the Druidic Staff's white effect takes the hero: a safe space up to 2 revealed spaces
    away over any terrain, outside combat in a turn still moving (as Wings of Wind)."""
    p = s.players[player]
    if s.combat is not None or p.acted or p.moving_done:
        return []
    return sorted(h for h in reach(t, s, p.position, STAFF_FLIGHT) if safe_space(t, s, player, h))


def staff_words(play: list[Any]) -> list[str]:
    """The steps of a Druidic Staff play: the effect (``choose N``; powered: two different ones,
    the second of a higher number), the card discarded for it (basic), then each effect's own
    step (the destination, the crystals' colour, the Unit readied)."""
    chosen = [int(x[1]) for x in play[2:] if x[0] == "choose"]
    words = ["choose", "choose"] if play[1] == "powered" else ["choose", "discard"]
    return words + [w for n in chosen for w in (STAFF_WORDS[STAFF[n - 1]],) if w]


def staff_answers(t: Tables, s: GameState, player: int, play: list[Any], word: str) -> list[tuple[str, ...]] | None:
    """The answers of the Druidic Staff's own steps (None: the step's usual answers)."""
    p = s.players[player]
    chosen = [int(x[1]) for x in play[2:] if x[0] == "choose"]
    if word == "choose":
        return [(str(n),) for n in range(max(chosen, default=0) + 1, len(STAFF) + 1)]
    if word == "discard":
        colour = STAFF[chosen[0] - 1]
        left = p.hand[:]
        if play[0] in left:  # (the Mysterious Box played as it is in the play area)
            left.remove(play[0])
        return [(x,) for x in sorted(set(left) - {WOUND}) if colour in t.card[x].colours]
    if word == "move":
        return [(f"{h[0]}:{h[1]}",) for h in staff_moves(t, s, player)]
    return None


@card_special("discard-card")
def druidic_staff(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                  mana: tuple[str, ...], option: int) -> None:
    """Druidic Staff (facts 3.3): discard a card; by its colour, white: fly up to 2 revealed spaces
    to a safe space; blue: 2 crystals of one colour; red: ready a Unit of level III or lower;
    green: Heal 3. Thrown away: two different ones of these, no discard. The steps come as
    ``pk.others`` words ``WORD:ANSWER`` (``choose:N``, ``discard:CARD``, ``move:Q:R``,
    ``ready:LABEL``); the crystals' colour is ``pk.colour``."""
    steps = [x.split(":", 1) for x in pk.others]
    chosen = [int(v) for w, v in steps if w == "choose" and v.isdigit()]
    got = {w: v for w, v in steps}
    if len(chosen) != e.value or len(set(chosen)) != e.value or not all(1 <= n <= len(STAFF) for n in chosen):
        raise _refuse(f"{card.name}: choose {e.value} different effect(s) of {len(STAFF)} (1 white, 2 blue, 3 red, "
                      "4 green)", RULE)
    p = s.players[player]
    if not pk.powered:
        colour = STAFF[chosen[0] - 1]
        other = got.get("discard", "")
        if other in t.card and colour not in t.card[other].colours:
            raise _refuse(f"{card.name}: the {colour} effect needs a {colour} card discarded, not "
                          f"{t.card[other].name}", RULE)
        p.discard.append(_take_other(p, card, other, "discard"))
        events.append(Event("discarded", f"discards {t.card[other].name}", player, {"cards": [other]}))
    for n in chosen:
        colour = STAFF[n - 1]
        if colour == "white":
            _staff_flight(t, s, player, card, got.get("move", ""), events)
        elif colour == "blue":
            if pk.colour not in BASIC:
                raise _refuse(f"{card.name}: choose the colour of the two crystals ({', '.join(BASIC)})", RULE)
            for _ in range(STAFF_CRYSTALS):
                gain_crystal_now(p, pk.colour, events, player)
        elif colour == "red":
            if not readiable(t, p, STAFF_READY):
                raise _refuse(f"{card.name}: no Spent Unit of level III or lower to ready", "Units")
            _apply(t, s, player, card, CardEffect.model_validate({"type": "ready-unit", "value": STAFF_READY}),
                   events, replace(pk, other=got.get("ready", "")), (), 1)
        else:
            _apply(t, s, player, card, CardEffect.model_validate({"type": "heal", "value": STAFF_HEAL}), events,
                   pk, (), 1)


def _staff_flight(t: Tables, s: GameState, player: int, card: Any, where: str, events: list[Event]) -> None:
    """The Druidic Staff's white effect: the hero flies to ``where`` (``Q:R``), provoking no one."""
    p = s.players[player]
    q, _, r = where.partition(":")
    try:
        to = (int(q), int(r))
    except ValueError:
        raise _refuse(f"{card.name}: name the space to fly to (move Q:R)", "Movement") from None
    if to not in staff_moves(t, s, player):
        raise _refuse(f"{card.name}: {where} is not a safe space up to {STAFF_FLIGHT} revealed spaces away, outside "
                      "combat, before your action", "Movement")
    p.move_left = p.move_points  # a move of the Move phase: what is left pays no maze path (MAZE)
    p.came_from, p.position = None, to
    p.path.append(to)
    p.provoked = []
    events.append(Event("moved", f"flies to {to[0]},{to[1]}", player, {"to": list(to)}))
    reveal_near(t, s, player, events)


# ---- Tome of All Spells -------------------------------------------------------------------------

def tome_spells(t: Tables, s: GameState, discarded: str) -> list[str]:
    """The Spells of the offer that the Tome of All Spells can use for the card discarded: those
    sharing a colour with it."""
    colours = set(t.card[discarded].colours) if discarded in t.card else set()
    return sorted({x for x in s.spell_offer if colours & set(t.card[x].colours)})


def tome_answers(t: Tables, s: GameState, player: int, play: list[Any], word: str) -> list[tuple[str, ...]] | None:
    """The answers of the Tome of All Spells' own steps: the card discarded (non-Wound, with a
    colour), the Spell of the offer (``learn``), a Spell's destination (None: the usual)."""
    p = s.players[player]
    got = {x[0]: x[1] for x in play[2:]}
    if word == "discard" and "discard" not in got:
        left = p.hand[:]
        if play[0] in left:  # (the Mysterious Box played as it is in the play area)
            left.remove(play[0])
        return [(x,) for x in sorted(set(left) - {WOUND}) if t.card[x].colours]
    if word == "learn":
        return [(x,) for x in tome_spells(t, s, got.get("discard", ""))]
    if word == "choose" and got.get("learn") == "call-to-arms" and play[1] == "basic":  # the Unit's ability
        return [(str(n),) for n in range(1, len(offer_abilities(t, got.get("recruit", ""))) + 1)]
    if word == "choose":  # the Spell's options
        spell = t.card[got["learn"]]
        return [(str(n),) for n in range(1, len(spell.powered if play[1] == "powered" else spell.basic) + 1)]
    if word == "move":
        return [(f"{h[0]}:{h[1]}",) for h in spell_moves(t, s, player, got.get("learn", ""))]
    return None


RECRUIT = "recruit:"  # + a Unit of the offer, after the card discarded in ``pk.others`` (Call to Arms / Glory)


def _tome_of_all_spells(t: Tables, s: GameState, player: int, card: Any, events: list[Event], pk: Picks,
                        mana: tuple[str, ...], option: int) -> None:
    """Tome of All Spells (facts 3.3): discard a card (``pk.others[0]``): the basic effect of a
    Spell of the offer of its colour (``pk.offered``), with no mana; thrown away, its strong
    effect, with no mana, by Day too. The Spell stays in the offer; its own choices come as for
    the Spell played from the hand (the option, ``pk.others`` after the card discarded)."""
    p = s.players[player]
    discarded, rest = (pk.others[0], pk.others[1:]) if pk.others else ("", ())
    unit = rest[0][len(RECRUIT):] if rest and rest[0].startswith(RECRUIT) else ""  # Call to Arms / Glory's Unit
    rest = rest[1:] if unit else rest
    taken = t.card[_take_other(p, card, discarded, "discard")]
    if not taken.colours:
        raise _refuse(f"{card.name}: discard a card with a colour ({taken.name} has none)", RULE)
    p.discard.append(discarded)
    events.append(Event("discarded", f"discards {taken.name}", player, {"cards": [discarded]}))
    fits = tome_spells(t, s, discarded)
    if pk.offered not in fits:
        raise _refuse(f"{card.name}: choose a Spell of the offer of the card's colour ({', '.join(fits) or 'none'})",
                      "Spells")
    spell = t.card[pk.offered]
    effects = _option(spell, spell.powered if pk.powered else spell.basic, option)
    for x in effects:
        _check_when(s, player, spell, x)
    inner = replace(pk, others=rest, offered=unit)
    for x in effects:
        _apply(t, s, player, spell, x, events, inner, mana, option)
    events.append(Event("effect", f"{card.name}: the {'strong' if pk.powered else 'basic'} effect of "
                        f"{spell.strong_name if pk.powered and spell.strong_name else spell.name} from the offer",
                        player, {"card": spell.id}))


# ---- Circlet of Proficiency ---------------------------------------------------------------------

def circlet_skills(t: Tables, s: GameState, powered: bool) -> list[str]:
    """The skills of the Common Skill offer the Circlet of Proficiency can use (a once-a-turn or
    once-a-round one, not interactive) or, thrown away, take (any)."""
    return sorted({k for k in s.common_skills if powered or t.skill[k].type in ("turn", "round")})


@card_special("circlet-of-proficiency")
def circlet_of_proficiency(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                           pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Circlet of Proficiency (facts 3.3): use a non-interactive skill of the Common Skill offer
    (``pk.offered``) as yours, a once-a-turn one twice (its effect again with the same choices,
    where the second use is legal: our reading); thrown away, take a skill of the offer for good,
    as by a level-up."""
    p, skill = s.players[player], pk.offered
    if skill not in circlet_skills(t, s, pk.powered):
        raise _refuse(f"{card.name}: choose a skill of the Common Skill offer "
                      f"({', '.join(circlet_skills(t, s, pk.powered)) or 'none fits'})", "Using Skills")
    sk = t.skill[skill]
    if pk.powered:
        s.common_skills.remove(skill)
        p.skills.append(skill)
        events.append(Event("skill-gained", f"takes the skill {sk.name} from the Common Skill offer", player,
                            {"skill": skill}))
        return
    late = sk.id in LATE_CHOICE  # its `choose N` is its own choice (Know Your Prey, Puppet Master), not an option
    if not late and not 1 <= option <= len(sk.effect):
        raise _refuse(f"{sk.name} offers {len(sk.effect)} choice(s): choose 1 to {len(sk.effect)}", "Using Skills")
    played = SkillPlay(sk.name, id=sk.id)
    uses = 2 if sk.type == "turn" else 1
    for n in range(uses):
        trial = s.clone() if n else s  # the second use only where it is legal
        new: list[Event] = []
        try:
            resolve_effects(t, trial, player, played, sk.effect[0 if late else option - 1], new, colour=pk.colour,
                            target=pk.target, other=str(option) if late else pk.other, mana=mana if not n else ())
        except IllegalActionError:
            if not n:
                raise
            break
        if n:
            s.take_over(trial)
        events += new
        events.append(Event("skill", f"uses {sk.name} with the {card.name}", player, {"skill": skill}))


# ---- Mysterious Box -----------------------------------------------------------------------------

@card_special("mysterious-box")
def mysterious_box(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                   mana: tuple[str, ...], option: int) -> None:
    """Mysterious Box (facts 3.3): reveal the top Artifact of the deck, for everyone to see; this
    turn the Box, in the play area, may be played as that Artifact (``playing._play``; then Fame
    +1); at the end of the turn the Artifact goes to the bottom of the deck and an unused Box back
    to the hand (``turn._mysterious_box_at_end``). Once a turn."""
    p = s.players[player]
    if has(p, BOX):
        raise _refuse(f"{card.name} revealed an Artifact this turn already", RULE)
    if not s.artifact_deck:
        raise _refuse(f"{card.name}: the Artifact deck is empty, nothing to reveal", RULE)
    revealed = s.artifact_deck[-1]
    add(p, BOX, revealed)
    events.append(Event("revealed", f"{card.name} reveals the top Artifact: {t.card[revealed].name}", player,
                        {"card": revealed}))
