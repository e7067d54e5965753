"""The content in a player's words: a card's, skill's or Tactic's effects (the card notation of
docs/mage-knight/content.md), a Unit's abilities, an enemy token, a ruins token, a level's
numbers; what a label, the catalogue and the terminal put beside a name. Only the content
tables are read here, never a state."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..cards_model import SPECIALS, Card, CardEffect, Option, Skill, Tactic
from ..content_model import Effect, Enemy, EnemyAttack, Unit, UnitAbility
from ..map_content import RuinsToken

ELEMENT = {"physical": "", "fire": "Fire", "ice": "Ice", "cold-fire": "Cold Fire"}
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}
POINTS = {"move": "Move", "influence": "Influence", "attack": "Attack", "ranged": "Ranged Attack",
          "siege": "Siege Attack", "block": "Block", "heal": "Heal"}
KINDS = {"basic": "Basic Action", "hero": "Basic Action (hero card)", "advanced": "Advanced Action",
         "spell": "Spell", "artifact": "Artifact", "wound": "Wound"}
PER = {
    "enemy": "per enemy token you face", "enemy-blocked": "per enemy blocked this turn",
    "enemy-defeated": "per enemy defeated", "enemy-icon": "per ability, attack element and resistance of the "
    "blocked enemy", "resistance": "per resistance of the enemy", "wound": "per Wound in your hand and on your "
    "Units", "unit-recruited": "per Unit recruited this turn", "ready-unit": "per ready Unit",
    "crystal-colour": "per colour of crystal you have", "crystal-set": "per set of four crystal colours",
    "card-discarded": "per card discarded", "enemy-defeated-phase": "per enemy defeated in this phase",
}
WHEN = {
    "day": "by Day", "night": "at Night", "combat": "in combat", "outside-combat": "outside combat",
    "assault": "in an assault", "wounded-this-combat": "if wounded this combat", "interaction": "in an interaction",
    "ranged-phase": "in the Ranged and Siege phase", "block-phase": "in the Block phase",
    "attack-phase": "in the Attack phase", "forest": "in a forest", "least-fame": "if you alone have the least Fame",
}
# the specials whose gloss in SPECIALS only points at the card's text: the text says it better
POINTING = ("terrain-cost", "throw-away-card", "discard-card", "pay-mana-by-colour", "spell-from-offer",
            "advanced-from-offer", "amulet", "banner", "skill", "tactic")
SHORT_HALF = 15  # a text half shorter than this ("powered 5") says less than the effects do
SITE_WORDS = {"mage-tower": "mage tower", "monster-den": "monster den", "spawning-grounds": "spawning grounds",
              "refugee-camp": "refugee camp", "deep-mine": "deep mine", "hidden-valley": "hidden valley"}


def plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def a_colour(colour: str, thing: str) -> str:
    """``a red crystal``, ``a mana token of a basic colour``, ``a mana token of any colour``."""
    if colour == "basic":
        return f"a {thing} of a basic colour"
    if colour == "any":
        return f"a {thing} of any colour"
    return f"{'an' if colour[0] in 'aeiou' else 'a'} {colour} {thing}"


def points(kind: str, value: int | str, element: str = "physical") -> str:
    """``Fire Ranged Attack 3``, ``Block 4``, ``Move 2``."""
    el = ELEMENT.get(element, element)
    return f"{el + ' ' if el else ''}{POINTS[kind]} {value}"


def _gloss(name: str, value: int) -> str:
    text = SPECIALS.get(name, name.replace("-", " "))
    return re.sub(r"\bN\b", str(value), text) if value else text


def _enemies(target: str | None, one: str, all_: str) -> str:
    return all_ if target == "all" else one


def effect_words(e: CardEffect, owner: str = "") -> str:
    """One effect of the card notation in words: ``Ice Ranged Attack 3``, ``a blue crystal``,
    ``Influence 3 +1 per Wound in your hand and on your Units``, ``one enemy Armor -3``.
    ``owner``: the skill's or Tactic's text, for its own mechanism (``special:skill``)."""
    t, v = e.type, e.value
    if t in POINTS:
        words = points(t, v, e.element) if v or not e.per else POINTS[t]
        if e.swift_double:
            words += " (double against Swift)"
    elif t == "draw":
        words = "draw a card" if v == 1 else f"draw {v} cards"
    elif t == "fame":
        words = f"Fame +{v}" if v else "Fame"
    elif t == "reputation":
        words = f"Reputation {v:+d}" if v else "Reputation"
    elif t == "mana-token":
        words = a_colour(str(e.colour), "mana token") if v == 1 else f"{v} {e.colour} mana tokens"
    elif t == "crystal":
        words = a_colour(str(e.colour), "crystal") if v == 1 else f"{v} {e.colour} crystals"
    elif t == "ready-unit":
        words = f"ready a Unit of level {ROMAN.get(v, v)} or lower"
    elif t == "extra-die":
        words = "use one more Source die this turn" if v == 1 else f"use {v} more Source dice this turn"
    elif t == "hand-limit":
        words = f"Hand limit +{v} at your next draw"
    elif t == "take-wound":
        words = "take a Wound" if v == 1 else f"take {v} Wounds"
    elif t == "unit-bonus":
        words = f"your Units +{v} to their attacks and blocks"
    elif t == "units-resist-all":
        words = "your Units resist every element this combat"
    elif t == "prevent-attack":
        words = _enemies(e.target, "one enemy does not attack", "no enemy attacks")
    elif t in ("armor-reduction", "attack-reduction") and not v and e.per:  # all of it counted: -1 per resistance
        what = "Armor" if t == "armor-reduction" else "attack"
        words = _enemies(e.target, f"one enemy {what}", f"every enemy {what}") + \
            f" -{e.bonus} {PER.get(e.per, e.per)}" + (" (min 1)" if t == "armor-reduction" else "")
        return words + (f" ({WHEN.get(e.when, e.when)})" if e.when else "")
    elif t == "armor-reduction":
        words = _enemies(e.target, f"one enemy Armor -{v}", f"every enemy Armor -{v}") + " (min 1)"
    elif t == "attack-reduction":
        words = _enemies(e.target, f"one enemy attack -{v}", f"every enemy attack -{v}")
    elif t == "remove-fortification":
        words = _enemies(e.target, "one enemy loses its fortifications", "every enemy loses its fortifications")
    elif t == "remove-resistances":
        words = _enemies(e.target, "one enemy loses its resistances", "every enemy loses its resistances")
    elif t == "destroy":
        words = _enemies(e.target, "destroy one enemy", "destroy every enemy")
    elif t == "destroy-if-blocked":
        words = _enemies(e.target, "one enemy is destroyed if blocked", "every enemy is destroyed if blocked")
    elif t == "lose-attack-abilities":
        words = _enemies(e.target, "one enemy loses its attack abilities", "every enemy loses its attack abilities")
    elif e.name in ("skill", "tactic") and owner:
        words = owner.rstrip(".")
    else:
        words = _gloss(e.name, v)
    if e.per:
        words += f" +{e.bonus} {PER.get(e.per, e.per)}" + (f" (at most +{e.max})" if e.max else "")
    if e.when:
        words += f" ({WHEN.get(e.when, e.when)})"
    return words


def option_words(option: Option, owner: str = "") -> str:
    """An option's effects, all of them: ``Influence 5, Reputation -1``."""
    ordered = sorted(option, key=lambda e: e.type == "special")  # the points first, a mechanism after
    return ", ".join(effect_words(e, owner) for e in ordered) or "nothing"


def side_options(side: Sequence[Option], owner: str = "") -> list[str]:
    return [option_words(o, owner) for o in side]


def card_options(card: Card, how: str) -> list[str]:
    """Each option of a card's side in words: the content's words for them where it has some
    (``basic_options``: Ritual Attack's colours), else their effects."""
    words = card.basic_options if how == "basic" else card.powered_options
    return list(words) if words else side_options(card.basic if how == "basic" else card.powered)


def skill_options(skill: Skill) -> list[str]:
    """Each option of a skill in words (its ``options``, else its effects)."""
    return list(skill.options) if skill.options else side_options(skill.effect, skill.text)


def text_half(card: Card, how: str) -> str:
    """The half of a card's own text for its basic or powered side (the texts read ``basic;
    powered ...``, ``basic; Strong Name: ...``, ``basic; thrown away: ...``), "" when the text
    does not split so."""
    text = card.text
    marks = ["; powered", "; thrown away"] + ([f"; {card.strong_name}"] if card.strong_name else [])
    cuts = [text.find(m) for m in marks if m in text]
    if not cuts:
        return ""
    k = min(cuts)
    if how == "basic":
        return text[:k].rstrip(".")
    half = text[k + 2:]
    for word in ("powered: ", "powered "):
        if half.startswith(word):
            half = half[len(word):]
            break
    return half[0].upper() + half[1:] if half else ""


RELATIVE = ("to ", "its ", "also ", "as ", "the same", "on top", "same ")  # a half that leans on the other


def _self_contained(half: str) -> bool:
    """Whether a text half reads alone: not ``7.``, ``To your hand.``, ``Earthquake: the same...``."""
    body = half.partition(": ")[2] if ": " in half[:24] else half
    return len(body) >= SHORT_HALF and not body[0].isdigit() and not body.lower().startswith(RELATIVE) \
        and "+2 / +4" not in body and not re.match(r"(Move|Influence) \d, \d", body)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def side_words(card: Card, how: str) -> str:
    """What a card's basic or powered side does: its effects in words, or where a mechanism of
    its own is involved the card's text for that side (all of it where that half leans on the
    other: ``powered 5``)."""
    side = card.basic if how == "basic" else card.powered
    if not side:
        return "no such effect"
    if not any(e.type == "special" for o in side for e in o):
        return capital(_colours_or(side) or " or ".join(card_options(card, how)))
    half = text_half(card, how)
    return (half if half and _self_contained(half) else card.text).rstrip(".")


def _colours_or(side: Sequence[Option]) -> str:
    """Options that differ only by a colour said once: ``a blue, white or red mana token``."""
    if len(side) < 2 or any(len(o) != 1 for o in side):
        return ""
    first = side[0][0]
    if first.type not in ("mana-token", "crystal") or any(
            o[0].type != first.type or o[0].value != 1 or o[0].colour in ("basic", "any") or o[0].when for o in side):
        return ""
    colours = [str(o[0].colour) for o in side]
    thing = "mana token" if first.type == "mana-token" else "crystal"
    return f"{'an' if colours[0][0] in 'aeiou' else 'a'} {', '.join(colours[:-1])} or {colours[-1]} {thing}"


def card_colours(card: Card) -> str:
    return "/".join(card.colours) if card.colours else "no colour"


def card_line(card: Card) -> str:
    """A card in one line, for a hand or an offer: ``March (green): Move 2; powered Move 4.``"""
    kind = "" if card.kind in ("basic", "hero", "advanced") else f" {KINDS[card.kind]}"
    colour = f" ({card_colours(card)}{kind})" if card.colours else f" ({KINDS[card.kind]})"
    return f"{card.name}{colour}: {card.text}"



# ---- Units --------------------------------------------------------------------------------

def unit_effect_words(e: Effect) -> str:
    """One effect of a Unit ability in words."""
    t, v = e.type, e.value
    if t in POINTS:
        words = points(t, v, e.element)
        return words + (" (double against Swift)" if e.swift_double else "")
    simple = {
        "prevent-attack": "one unfortified enemy does not attack" if e.unfortified_only else "one enemy does not attack",
        "armor-reduction": f"one enemy Armor -{v} (min 1)",
        "attack-reduction": f"one enemy attack -{v}" + (", its damage to this Unit first" if e.taunt else ""),
        "remove-fortification": "one enemy loses its fortifications",
        "remove-resistances": "one enemy loses its resistances",
        "destroy-if-blocked": "one enemy is destroyed if blocked",
        "units-resist-all": "all your Units resist every element this turn",
        "self-wound": "this Unit is wounded",
        "reputation": f"Reputation {v:+d}",
        "unit-attack-bonus": f"your other Units +{v} to their attacks this turn",
        "all-attacks-cold-fire": "your attacks this combat are Cold Fire",
        "all-attacks-siege": "your attacks this combat are Siege too",
        "ready-unit": f"ready a Unit of level {ROMAN.get(v, v)} or lower",
    }
    if t in simple:
        return simple[t]
    if t == "mana-token":
        return a_colour(str(e.colour), "mana token")
    if t == "crystal":
        return a_colour(str(e.colour), "crystal")
    return e.name  # special: its words are its name


def _effects_words(effects: Sequence[Effect]) -> str:
    """A Unit ability's effects in words; two mana tokens alike are said once: ``two mana tokens
    of any colour``."""
    if len(effects) > 1 and all(e == effects[0] and e.type == "mana-token" for e in effects):
        colour = effects[0].colour
        return f"{NUMBERS.get(len(effects), len(effects))} mana tokens of " + \
            ("any colour" if colour == "any" else f"{colour}")
    return ", ".join(unit_effect_words(e) for e in effects)


NUMBERS = {2: "two", 3: "three", 4: "four"}


def ability_words(ability: UnitAbility) -> str:
    """A Unit ability: its own text, or its effects in words, with the mana it costs (unless its
    text says it)."""
    words = ability.text or _effects_words(ability.effects)
    if ability.boosted_by and not ability.text:
        words += f" ({ability.boosted} if the token is {ability.boosted_by})"
    if ability.mana and "mana" not in ability.text:
        words += f" ({' and '.join(ability.mana)} mana)"
    return words


def unit_abilities(unit: Unit) -> str:
    """Every ability of a Unit, one activation each: ``Attack 2 · Block 2 · Influence 2 · Move 2``;
    an ability that only pays another mana for the effects of one with a text saying so (Altem
    Mages' Cold Fire 7 with a red mana) is that one."""
    seen: list[str] = []
    said: list[tuple[Effect, ...]] = []
    for a in unit.abilities:
        if not a.text and a.effects in said:
            continue
        if a.text:
            said.append(a.effects)
        words = capital(ability_words(a))
        if words not in seen:
            seen.append(words)
    return " · ".join(seen)


def unit_line(unit: Unit, cost: int | None = None, free: bool = False) -> str:
    """A Unit in one line: ``Utem Guardsmen (II, 5 Influence, Armor 5): Attack 2 · Block 4 ...``
    (``free``: no cost said)."""
    res = f", resists {'/'.join(unit.resistances)}" if unit.resistances else ""
    price = "" if free else f"{unit.cost if cost is None else cost} Influence, "
    return f"{unit.name} ({ROMAN[unit.level]}, {price}Armor {unit.armor}{res}): {unit_abilities(unit)}"


def site_words(site: str) -> str:
    return SITE_WORDS.get(site, site.replace("-", " "))


# ---- enemies ------------------------------------------------------------------------------

def attack_words(a: EnemyAttack) -> str:
    if a.summon:
        return f"summons a {a.summon} enemy"
    el = ELEMENT[a.element]
    return f"{el + ' ' if el else ''}Attack {a.value}"


def attack_value_words(a: EnemyAttack) -> str:
    """An attack as the token prints it: ``4``, ``Fire 3``, ``summons brown``."""
    if a.summon:
        return f"summons {a.summon}"
    el = ELEMENT[a.element]
    return f"{el + ' ' if el else ''}{a.value}"


def enemy_armor(enemy: Enemy) -> str:
    return f"{enemy.armor}/{enemy.elusive_armor}" if enemy.elusive_armor else str(enemy.armor)


def ability_name(ability: str, enemy: Enemy | None = None) -> str:
    words = ability.replace("-", " ").title()
    return f"{words} {enemy.defend}" if enemy is not None and ability == "defend" else words


def enemy_numbers(enemy: Enemy) -> str:
    """An enemy token's numbers: ``Armor 4, summons a brown enemy, Fame 4``."""
    parts = [f"Armor {enemy_armor(enemy)}", *(attack_words(a) for a in enemy.attacks)]
    if enemy.resistances:
        parts.append("resists " + "/".join(enemy.resistances))
    parts += [ability_name(a, enemy) for a in enemy.abilities]
    parts.append(f"Fame {enemy.fame}")
    return ", ".join(parts)


def enemy_line(enemy: Enemy) -> str:
    """An enemy token in one line: ``Orc Summoners (Armor 4, summons a brown enemy, Fame 4)``."""
    return f"{enemy.name} ({enemy_numbers(enemy)})"


def possessive(name: str) -> str:
    """``the Wolf Riders'``, ``the Minotaur's``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


# ---- ruins, skills, Tactics, levels ------------------------------------------------------

REWARD_WORDS = {"unit": "a Unit of the offer", "artifact": "an Artifact", "spell": "a Spell",
                "advanced-action": "an Advanced Action", "crystals-all": "a crystal of each basic colour",
                "crystal-choice": "a crystal of your choice"}


def ruins_words(r: RuinsToken) -> str:
    """A ruins token: an altar's tribute and Fame, or the enemies and the reward."""
    if r.kind == "altar":
        mana = ", ".join(r.mana) if len(set(r.mana)) > 1 else f"{len(r.mana)} {r.mana[0]}"
        return f"Altar: pay {mana} mana for Fame +{r.fame} (and the site's Shield)."
    enemies = " and ".join(a_colour(c, "enemy") for c in r.enemies)
    rewards = " and ".join(REWARD_WORDS[x] for x in r.reward)
    return f"Fight {enemies}; defeat them all for {rewards}."


def skill_words(skill: Skill) -> str:
    return skill.text.rstrip(".")


def tactic_words(tactic: Tactic) -> str:
    time = "Day" if tactic.time == "day" else "Night"
    return f"{tactic.name} ({time} {tactic.number}): {tactic.text.rstrip('.')}"
