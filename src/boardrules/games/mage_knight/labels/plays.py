"""Labels of playing a card, a skill, a Tactic or a Unit's ability, recruiting a Unit, and of the
steps of a play in progress (``actions/play_steps.py``): each option a ``choose N`` picks, the
colour, die, enemy, Unit or card a step names, the mana a ``pay`` step takes and from where."""

from __future__ import annotations

from ..actions.play_steps import _plan
from ..cards.artifacts import STAFF
from ..cards.deck import WOUND
from ..cards.effects import MANA_BOLT, PURE_MAGIC
from ..cards.playing import BOX_CARD, SIDEWAYS
from ..cards.spells import offer_abilities
from ..cards_model import Card, Option
from ..game_state import box_artifact
from ..sites.interaction import (
    _interaction_site,
    city_colour,
    recruit_cost,
)
from ..skills.bonuses import bonus_points
from ..skills.consulted import puppet_choices
from ..skills.in_combat import KNOW_YOUR_PREY, prey_choices
from .context import Ctx
from .words import (
    ELEMENT,
    ROMAN,
    a_colour,
    ability_words,
    capital,
    card_options,
    enemy_line,
    plural,
    points,
    side_words,
    skill_options,
    unit_line,
)
from .words import tactic_words as words_of_tactic

# the specials whose ``colour C`` step names the colour of a crystal gained
CRYSTAL_SPECIALS = ("power-of-crystals", "owned-colour-crystal", "spell-forge", "endless-gem-pouch", "crystal-joy")

# ---- a card played ----------------------------------------------------------------------

def mana_words(card: Card, how: str) -> str:
    """What this way of playing the card costs: ``green mana``, ``red or blue mana``, ``red and
    black mana`` (a Spell's strong effect), ``thrown away`` (an Artifact's)."""
    if how == "basic":
        return f"{' and '.join(card.basic_cost)} mana" if card.basic_cost else ""
    if card.kind == "artifact":
        return "thrown away"
    return " or ".join(" and ".join(c) for c in card.powering) + " mana"


def sideways_points(ctx: Ctx, card_id: str) -> int:
    """A card's points played sideways now: 1, or a skill's bonus waiting for it (skills/bonuses.py)."""
    bonus = ctx.g.sideways_bonus
    if not bonus or (card_id == WOUND) != (bonus == "power-of-pain"):
        return 1
    card = ctx.t.card[card_id]
    return bonus_points(bonus, card, bool(ctx.g.source_used))


def card_play_words(ctx: Ctx, card_id: str, how: str) -> str:
    """``play CARD HOW``: what it gives, and what it costs."""
    t = ctx.t
    if how in SIDEWAYS:
        n = sideways_points(ctx, card_id)
        what = "a Wound sideways (Power of Pain)" if card_id == WOUND else "sideways"
        return f"{what}, {points(how, n)}"
    card = t.card[card_id]
    boxed = box_artifact(ctx.p) if card_id == BOX_CARD else ""
    if boxed:  # the Mysterious Box used as the Artifact it revealed
        card = t.card[boxed]
    words = side_words(card, how)
    if how == "powered" and card.strong_name and not words.startswith(card.strong_name):
        words = f"{card.strong_name}: {words[:1].lower()}{words[1:]}"
    cost = mana_words(card, how)
    lead = f"as the {card.name}, " if boxed else ""
    return f"{lead}{words}" + (f" ({cost})" if cost else "")


def skill_words(ctx: Ctx, skill_id: str) -> str:
    skill = ctx.t.skill.get(skill_id)
    if skill is None:
        return "a skill"
    when = {"round": " (once a round)", "interactive": " (once a round, into the centre)"}.get(skill.type, "")
    return f"{skill.name}{when}: {skill.text.rstrip('.')}"


def tactic_words(ctx: Ctx, tactic_id: str) -> str:
    x = ctx.t.tactic.get(tactic_id)
    return words_of_tactic(x) if x is not None else "a Tactic"


def recruit_words(ctx: Ctx, unit_id: str) -> str:
    """``recruit UNIT``: its cost here, Armor and abilities."""
    t, g = ctx.t, ctx.g
    unit = t.unit.get(unit_id)
    if unit is None:
        return "a Unit"
    site = _interaction_site(t, g, ctx.player)
    every_type = site == "city" and city_colour(t, g, ctx.p.position) == "white"
    cost = unit.cost if every_type or not site else recruit_cost(t, site, unit_id)
    return unit_line(unit, cost)


def unit_ability_words(ctx: Ctx, label: str, key: str, player: int | None = None) -> str:
    """``activate LABEL KEY``: the Unit and what the ability gives."""
    unit_id = ctx.unit_of(label, player)
    if not unit_id and ctx.g.combat is not None:  # a Unit of the offer lent to the combat (Call to Arms)
        unit_id = next((u.unit for u in ctx.g.combat.units if u.label == label), "")
    unit = ctx.t.unit.get(unit_id)
    if unit is None:
        return "a Unit's ability"
    if key == "banner":
        banner = ctx.p.banners.get(label, "")
        return f"the {ctx.name(banner.partition(':')[0]) if banner else 'Banner'} under the {unit.name}: " + \
            ("spend the Unit to cancel the attack being blocked" if ctx.g.combat is not None else
             "flip it to ready the Unit")
    ability = next((a for a in unit.abilities if a.key == key), None)
    if ability is None:
        return f"the {unit.name}"
    return f"the {unit.name}: {ability_words(ability)}"


# ---- the steps of a play ------------------------------------------------------------------

def subject_name(ctx: Ctx) -> str:
    """The play in progress, as a player names it: ``Crystallize``, ``the Peasants' ability``..."""
    subject, how = ctx.play[0], ctx.play[1]
    if how.startswith("unit:") or how.startswith("combat-unit"):
        unit = ctx.unit_of(subject)
        return f"the {ctx.name(unit)}" if unit else subject
    if how in ("recruit", "reward-unit"):
        return f"recruiting the {ctx.name(subject)}"
    if how == "discarding" or subject.startswith("end-turn"):
        return "the end of your turn"
    if how in ("altar", "buy-spell"):
        return "the altar's tribute" if how == "altar" else "buying a Spell"
    if how in ("joining", "challenging"):
        return "the combat"
    if how == "powered" and subject in ctx.t.card and ctx.t.card[subject].strong_name:
        return ctx.t.card[subject].strong_name
    return ctx.name(subject)


def _chooser(ctx: Ctx) -> list[str]:
    """The words of each option a ``choose N`` picks now, in order ([] when unknown)."""
    t, g, got = ctx.t, ctx.g, ctx.got
    subject, how = _subject(ctx), ctx.play[1]
    if how == "use-tactic" and subject == "sparing-power":
        under = len(g.spared[ctx.player]) if ctx.player < len(g.spared) else 0
        return ["put your Deed deck's top card face down under Sparing Power",
                f"flip Sparing Power and take the {plural(under, 'card')} under it into your hand"]
    if how == "skill":
        if subject == "puppet-master":
            return [_puppet_words(ctx, x) for x in puppet_choices(t, g, ctx.player)]
        if subject == KNOW_YOUR_PREY and g.combat is not None and "enemy" in got:
            foe = g.combat.enemies[int(got["enemy"]) - 1]
            return [_prey_words(x) for x in prey_choices(t, foe)]
        return skill_options(t.skill[subject])
    if "power" in got:  # Concentration, Will Focus: the other card's powered options, with the bonus
        bonus = next((e.value for o in t.card[subject].powered for e in o if e.type == "special"), 0)
        extra = f" (+{bonus} to its Move, Influence, Block or Attack)" if bonus else ""
        return [w + extra for w in card_options(t.card[got["power"]], "powered")]
    if subject == "charm":
        return ["a crystal of a basic colour", "the next Unit you recruit this turn costs 3 less"]
    if subject == "mana-claim":
        return ["three mana tokens of the die's colour now",
                "a mana token of the die's colour at the start of each of your later turns this round"]
    if subject == "call-to-arms" or got.get("learn") == "call-to-arms":
        return [ability_words(a) for a in offer_abilities(t, got.get("recruit", ""))] if "recruit" in got else []
    if subject == "maximal-effect" and "throw" in got:
        thrown = t.card[got["throw"]]
        times = "three times" if how == "basic" else "twice"
        return [f"{w}, {times}" for w in card_options(thrown, how)]
    if "learn" in got and got["learn"] in t.card and subject in ("tome-of-all-spells", "magic-talent"):
        return card_options(t.card[got["learn"]], how)
    if subject == "druidic-staff":
        return [_staff_words(c) for c in STAFF]
    card = t.card.get(subject)
    return card_options(card, how) if card is not None else []


def _subject(ctx: Ctx) -> str:
    """The play's card, skill or Unit: the Artifact the Mysterious Box is played as, if it is."""
    subject = ctx.play[0]
    if subject == BOX_CARD and ctx.play[1] in ("basic", "powered") and box_artifact(ctx.p):
        return box_artifact(ctx.p)
    return str(subject)


def _staff_words(colour: str) -> str:
    return {"white": "white: fly up to 2 revealed spaces to a safe space", "blue": "blue: two crystals of one colour",
            "red": "red: ready a Unit of level III or lower", "green": "green: Heal 3"}[colour]


def _puppet_words(ctx: Ctx, choice: str) -> str:
    what, _, token = choice.partition(":")
    enemy = ctx.t.enemy.get(token)
    name = enemy.name if enemy else token
    if what == "keep":
        return f"keep the {name} token defeated this turn"
    if enemy is None:
        return choice
    if what == "attack":
        value = max((a.value for a in enemy.attacks if a.summon is None), default=0)
        return f"discard the kept {name} for Attack {value // 2 + value % 2}"
    return f"discard the kept {name} for Block {enemy.armor // 2 + enemy.armor % 2}"


def _prey_words(choice: str) -> str:
    kind, _, rest = choice.partition(":")
    if kind == "ability":
        return f"it ignores {rest.replace('-', ' ').title()}"
    if kind == "resistance":
        return f"it loses its {rest.title()} resistance"
    attack, _, element = rest.partition(":")
    return f"its attack {int(attack) + 1} becomes {ELEMENT.get(element) or 'physical'}"


def choose_words(ctx: Ctx, n: int) -> str:
    options = _chooser(ctx)
    if 1 <= n <= len(options):
        return capital(options[n - 1])
    return f"option {n} of {subject_name(ctx)}"


def _colour_purpose(ctx: Ctx, colour: str) -> str:
    """What a ``colour C`` step gives for the play in progress."""
    t, g = ctx.t, ctx.g
    subject, how = _subject(ctx), ctx.play[1]
    if how in ("recruit", "reward-unit"):
        return f"a {colour} mana token kept on the {ctx.name(subject)}' card (paid now)"
    if how == "skill" and subject in ("universal-power",):
        return f"pay a {colour} mana: the next card sideways is worth more"
    if how == "skill" and subject in ("invocation", "mana-exploit", "mana-enhancement"):
        return f"a {colour} mana token"
    if how == "skill":
        return f"{colour} mana"
    effects: Option = ()
    try:
        effects = _plan(t, g, ctx.player, ctx.play, ctx.got)[1]
    except (KeyError, ValueError, IndexError):  # a play the rules refuse later: its colour is only a colour
        effects = ()
    names = {e.name for e in effects if e.type == "special"}
    if "pay-mana-by-colour" in names:
        value = next(e.value for e in effects if e.name == "pay-mana-by-colour")
        return f"pay a {colour} mana: {points(PURE_MAGIC[colour], value)}" if colour in PURE_MAGIC else colour
    if "mana-bolt" in names:
        value = next(e.value for e in effects if e.name == "mana-bolt")
        if colour in MANA_BOLT:
            kind, element, less = MANA_BOLT[colour]
            return f"pay a {colour} mana: {points(kind, value - less, element)}"
    if "crystallize" in names:
        return f"pay a {colour} mana for a {colour} crystal"
    if "mana-draw" in names:
        n = next(e.value for e in effects if e.name == "mana-draw")
        return f"set the die to {colour}: {plural(n, colour + ' mana token')}"
    if "mana-pull-powered" in names:
        return f"set the die to {colour}: a {colour} mana token"
    if subject == "diplomacy" and how == "powered":
        return "your Influence blocks as Fire" if colour == "red" else "your Influence blocks as Ice"
    for e in effects:
        if e.type == "crystal" or e.type == "special" and e.name in CRYSTAL_SPECIALS:
            return a_colour(colour, "crystal")
        if e.type == "mana-token":
            return a_colour(colour, "mana token")
    if subject == "druidic-staff":
        return f"two {colour} crystals"
    if subject == "blood-of-ancients":
        return f"pay a {colour} mana: an Advanced Action of that colour"
    if subject == "magic-talent":
        return f"pay a {colour} mana: a {colour} Spell of the offer to your discard pile"
    card = t.card.get(subject)
    return f"{colour}, for {card.name if card else subject}"


def colour_words(ctx: Ctx, colour: str) -> str:
    if not ctx.play:  # Source Freeze coming back: a crystal of a colour showing in the Source
        return a_colour(colour, "crystal")
    return _colour_purpose(ctx, colour)


def die_words(ctx: Ctx, n: str) -> str:
    g = ctx.g
    k = int(n) - 1 if n.isdigit() else -1
    face = g.source[k] if 0 <= k < len(g.source) else "?"
    return f"Source die {n}, showing {face}"


def enemy_words(ctx: Ctx, n: str) -> str:
    c = ctx.g.combat
    k = int(n) - 1 if n.isdigit() else -1
    if c is None or not 0 <= k < len(c.enemies):
        return f"enemy {n}"
    return enemy_line(ctx.t.enemy[c.enemies[k].token])


def pay_words(ctx: Ctx, colour: str, source: str) -> str:
    """``pay C SOURCE``: the mana, where it comes from (a die's face, a token, a crystal) and what for."""
    g, p = ctx.g, ctx.p
    pvp = ctx.g.pvp
    subject = subject_name(ctx) if ctx.play else ""
    if not subject and pvp is not None and pvp.pending:  # a card or a Unit played between heroes
        what = str(pvp.pending[2])
        subject = f"the {ctx.name(ctx.unit_of(what))}" if pvp.pending[1] == "unit" and ctx.unit_of(what) else \
            ctx.name(what)
    what = f"{colour} mana for {subject}" if subject else f"{colour} mana"
    if source.startswith("die-"):
        k = int(source[4:]) - 1 if source[4:].isdigit() else -1
        face = g.source[k] if 0 <= k < len(g.source) else "?"
        shown = "" if face == colour else f" ({face} paying {colour})"
        return f"{what}, from Source die {k + 1} showing {face}{shown}"
    if source == "token":
        n = p.mana.get(colour, 0)
        if n:
            return f"{what}, from " + (f"your {colour} mana token" if n == 1 else f"one of your {n} {colour} mana tokens")
        if p.mana.get("gold"):
            return f"{what}, from a gold mana token"
        return f"{what}, from a mana token"
    if source == "crystal":
        n = p.crystals.get(colour, 0)
        if n:
            return f"{what}, from " + (f"your only {colour} crystal" if n == 1 else f"one of your {n} {colour} crystals")
        return f"{what}, from a crystal of the opposite colour (Polarization)"
    return what


def card_words(ctx: Ctx, card_id: str) -> str:
    """A card named in a step: its name and text."""
    card = ctx.t.card.get(card_id)
    if card is None:
        return card_id
    return f"{card.name} ({card.text.rstrip('.')})" if card.id != WOUND else "a Wound"


def power_words(ctx: Ctx, card_id: str) -> str:
    """``power CARD`` (Concentration, Will Focus): the other card's powered effect, free, with the bonus."""
    t = ctx.t
    card = t.card.get(card_id)
    if card is None:
        return card_id
    bonus = next((e.value for o in t.card[ctx.play[0]].powered for e in o if e.type == "special"), 0) \
        if ctx.play and ctx.play[0] in t.card else 0
    plus = f", +{bonus} to its Move, Influence, Block or Attack" if bonus else ""
    return f"{card.name} powered free: {side_words(card, 'powered')}{plus}"


def unit_label_words(ctx: Ctx, label: str, player: int | None = None) -> str:
    """A Unit named in a step by its label: its name, level, state."""
    from ..game_state import labels_of

    q = ctx.g.players[ctx.player if player is None else player]
    labels = labels_of(q)
    if label not in labels:
        return label
    u = q.units[labels.index(label)]
    unit = ctx.t.unit[u[0]]
    state = [w for w, on in (("wounded", u[1]), ("spent", u[2])) if on]
    return f"the {unit.name} (level {ROMAN[unit.level]}{', ' + ', '.join(state) if state else ''})"

