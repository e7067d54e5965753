"""Labels of the turn around the cards (facts 5.4-5.7): resting, announcing the End of the Round,
a move (the terrain, its cost, the site, the rampaging enemies it provokes), exploring (where the
new tile goes), challenging, the sites and interaction, the end of the turn, the rewards and
level-ups (facts 6.1, 6.2), the Tactics (facts 3.6), and the questions between turns. Tokens face
down are named by their colour only, as every player sees them."""

from __future__ import annotations

from ..cards.deck import WOUND
from ..game_state import Token
from ..map.exploring import explore_cost, space
from ..map.hexes import Hex, adjacent, direction, tile_centre
from ..map.movement import FORTIFIED_SITES, assault_needed, move_cost, provoked
from ..sites.interaction import HEALING_COST, MONASTERY_AA_COST, SPELL_COST, TOP_OF_DECK
from ..sites.rewards import site_here
from ..sites.site_combats import MAZE_REWARDS
from ..sites.turn_benefits import hand_limit_bonus
from .context import Ctx
from .plays import card_words, unit_label_words
from .words import REWARD_WORDS, a_colour, enemy_line, plural, site_words, skill_words, unit_line

COMPASS = {"NE": "north-east", "E": "east", "SE": "south-east", "SW": "south-west", "W": "west", "NW": "north-west"}


def _hex(word: str) -> Hex | None:
    q, _, r = word.partition(":")
    try:
        return (int(q), int(r))
    except ValueError:
        return None


def tokens_words(ctx: Ctx, tokens: list[Token]) -> str:
    """Enemy tokens as everyone sees them: a face-up one by its name and numbers, a face-down one
    by its colour."""
    t = ctx.t
    return " and ".join(enemy_line(t.enemy[x.id]) if x.face_up else a_colour(t.enemy[x.id].colour, "enemy face down")
                        for x in tokens)


def _where(ctx: Ctx, h: Hex) -> str:
    """A space: its terrain and site, its tokens."""
    t, g = ctx.t, ctx.g
    sp = space(t, g, h)
    if sp is None:
        return "unexplored"
    words: str = sp.terrain
    if sp.site:
        site = t.site[sp.site].name if sp.site in t.site else site_words(sp.site)
        if sp.mine:
            site += f" ({'/'.join(sp.mine)})"
        if h in g.conquered:
            site += ", conquered"
        if h in g.burned:
            site += ", burned"
        words += f", {site}"
    if g.enemies.get(h):
        words += f": {tokens_words(ctx, g.enemies[h])}"
    ruins = g.ruins.get(h)
    if ruins is not None:
        words += f": ruins token {ruins.id}" if ruins.face_up else ": a face-down ruins token"
    return words


def move_words(ctx: Ctx, word: str) -> str:
    """``move Q:R``: where to, for how many Move points, and what the move starts (an assault,
    the rampaging enemies it provokes)."""
    t, g, p = ctx.t, ctx.g, ctx.p
    h = _hex(word)
    if h is None:
        return "a move"
    if ctx.play:  # a step reusing the move: Flight, Wings of Wind, Underground Travel...
        return f"to {_where(ctx, h)}"
    a = p.position
    cost = move_cost(t, g, a, h, less=p.terrain_less, lasting=p.lasting, direct=not adjacent(a, h))
    parts = [_where(ctx, h), f"{cost} Move (you have {p.move_points})" if cost is not None else "no cost"]
    sp = space(t, g, h)
    if sp is not None and sp.site in FORTIFIED_SITES and assault_needed(t, g, ctx.player, h):
        parts.append("an assault: Reputation -1, the defenders fortified, your movement ends")
    angry = provoked(t, g, a, h)
    if angry:
        foes = "; ".join(tokens_words(ctx, g.enemies[x]) for x in angry if g.enemies.get(x))
        parts.append(f"provokes {foes}")
    return ", ".join(parts)


def explore_words(ctx: Ctx, word: str) -> str:
    """``explore X:Y``: a tile position (not a space): where the new tile goes, and its cost."""
    g, p = ctx.g, ctx.p
    grid = _hex(word)
    if grid is None:
        return "explore"
    centre = tile_centre(grid)
    here = p.position
    dq, dr = centre[0] - here[0], centre[1] - here[1]
    step = max(abs(dq), abs(dr), abs(dq + dr)) or 1
    near = (here[0] + round(dq / step), here[1] + round(dr / step))
    way = COMPASS.get(direction(here, near), "") if adjacent(here, near) else ""
    left = len(g.tile_deck)
    return (f"reveal a new tile at tile position {word}, centred on space {centre[0]}:{centre[1]}"
            + (f" ({way})" if way else "") + f", for {explore_cost(p)} Move ({plural(left, 'tile')} left in the deck)")


def challenge_words(ctx: Ctx, word: str) -> str:
    if word == "done":
        return "no more enemies join: the combat begins"
    h = _hex(word)
    if h is None:
        return "a challenge"
    tokens = ctx.g.enemies.get(h, [])
    return f"fight the rampaging {tokens_words(ctx, tokens) or 'enemies'} on space {word}"


def enter_words(ctx: Ctx, args: tuple[str, ...]) -> str:
    """``enter`` (``enter PATH [UNIT]`` at a maze): the site, what is fought and what it gives."""
    t, g = ctx.t, ctx.g
    site = site_here(t, g, ctx.player)
    h = ctx.p.position
    name = t.site[site].name if site in t.site else site_words(site)
    if args:
        path = int(args[0]) if args[0].isdigit() else 0
        rewards = MAZE_REWARDS.get(path, ())
        reward = "two crystals of your choice" if rewards == ("crystal-choice", "crystal-choice") else \
            " and ".join(REWARD_WORDS.get(x, x.replace("-", " ")) for x in rewards)
        if site == "labyrinth":
            reward += " and an Advanced Action"
        along = f", with {unit_label_words(ctx, args[1])}" if len(args) > 1 else ", without a Unit"
        return f"the {name}'s path of {path} Move: fight an enemy for {reward or 'the reward'}{along}"
    tokens = g.enemies.get(h, [])
    fight = f", fight {tokens_words(ctx, tokens)}" if tokens else ""
    ruins = g.ruins.get(h)
    if ruins is not None and ruins.face_up:
        from .words import ruins_words

        fight = f": {ruins_words(t.ruins_token[ruins.id])}"
    text = t.site[site].text if site in t.site else ""
    return f"enter the {name}{fight}" + (f" ({text.split('.')[0]})" if text and not fight else "")


def site_service_words(ctx: Ctx, name: str, args: tuple[str, ...]) -> str:
    """Healing, plundering, burning, an altar, buying at a site."""
    t, g, p = ctx.t, ctx.g, ctx.p
    site = site_here(t, g, ctx.player)
    if name == "heal":
        cost = HEALING_COST.get(site, 3)
        return f"buy Heal 1 for {cost} Influence (a Wound from your hand)"
    if name == "plunder":
        return "plunder the village: draw two cards, Reputation -1"
    if name == "burn":
        return "burn the monastery: Reputation -3, fight a violet enemy without Units, for an Artifact"
    if name == "altar":
        ruins = g.ruins.get(p.position)
        if ruins is not None:
            r = t.ruins_token[ruins.id]
            return f"pay the altar {', '.join(r.mana)} mana for Fame +{r.fame} and a Shield"
        return "pay the altar's tribute"
    if name == "buy-spell":
        colour = args[0] if args else ""
        spells = [t.card[x].name for x in g.spell_offer if colour in t.card[x].colours]
        return f"a {colour} Spell of the offer ({', '.join(spells) or 'none'}) for {SPELL_COST} Influence and a " \
               f"{colour} mana, at the end of the turn"
    if name == "buy-advanced-action":
        card = args[0] if args else ""
        if card == TOP_OF_DECK:
            return "the top card of the Advanced Action deck, unseen, for 6 Influence"
        return f"buy {card_words(ctx, card)} ({MONASTERY_AA_COST} Influence)"
    if name == "buy-artifact":
        return "an Artifact for 12 Influence (drawn at the end of the turn)"
    if name == "elite-unit":
        return "pay 2 Influence: an elite Unit card into the Unit offer"
    if name == "heal-unit":
        label = args[0] if args else ""
        unit = ctx.unit_of(label)
        level = t.unit[unit].level if unit in t.unit else 0
        return f"heal {unit_label_words(ctx, label)} for {level} Heal point(s) (you have {g.heal_points})"
    return name


def rest_words(ctx: Ctx, card: str) -> str:
    """``rest CARD``: Standard Rest (this card and every Wound of the hand to the discard pile) or
    Slow Recovery (one Wound)."""
    if card == WOUND:
        return "Slow Recovery: discard one Wound (your turn ends without moving or acting)"
    wounds = ctx.p.hand.count(WOUND)
    also = f" and your {plural(wounds, 'Wound')}" if wounds else ""
    return f"Standard Rest: discard {ctx.name(card)}{also}; no move, no action this turn"


def end_turn_words(ctx: Ctx, name: str, args: tuple[str, ...]) -> str:
    """``end-turn`` / ``end-turn-discard`` (with a deep mine's colour or Healing Essence's
    Wound), ``return`` / ``return-discard`` (Crystal Joy back to hand)."""
    t, p = ctx.t, ctx.p
    parts: list[str] = []
    choice = args[-1] if args and name in ("end-turn", "end-turn-discard") or len(args) > 1 else ""
    if name in ("return", "return-discard"):
        parts.append(f"discard {'a Wound' if args[0] == WOUND else ctx.name(args[0])} to take Crystal Joy back to "
                     "your hand")
    if choice.startswith("wound-from-"):
        parts.append(f"throw away a Wound from your {choice.removeprefix('wound-from-').replace('discard', 'discard pile')}")
    elif choice:
        parts.append(f"a {choice} crystal from the mine")
    if name in ("end-turn-discard", "return-discard"):
        parts.append("then discard any non-Wound cards before drawing")
    elif not ctx.m.turn_begun and p.draw_waits:
        parts.append("draw up to your Hand limit, discarding nothing")
    sp = space(t, ctx.g, p.position)
    if not parts and sp is not None and sp.site == "mine" and sp.mine:
        parts.append(f"a {sp.mine[0]} crystal from the mine")
    head = "end your turn"
    if ctx.m.turn_begun or not p.draw_waits:
        limit = p.hand_limit + hand_limit_bonus(t, ctx.g, ctx.player)
        head += f" ({plural(len(p.hand), 'card')} in hand, Hand limit {limit})"
    return head + (": " + ", ".join(parts) if parts else "")


def harvest_words(ctx: Ctx, args: tuple[str, ...]) -> str:
    card = args[0] if args else ""
    colour = args[1] if len(args) > 1 else "/".join(ctx.t.card[card].colours) if card in ctx.t.card else ""
    return f"Savage Harvesting: discard {ctx.name(card)} for a {colour} crystal"


def take_words(ctx: Ctx, args: tuple[str, ...]) -> str:
    """``take REWARD [CHOICE]``: the reward and the card, Unit or crystal taken."""
    t = ctx.t
    reward = args[0] if args else ""
    kind, _, detail = reward.partition(":")
    choice = args[1] if len(args) > 1 else ""
    if kind == "unit" and choice in t.unit:
        return f"take free: the {unit_line(t.unit[choice], free=True)}"
    if kind == "crystal-choice":
        return f"take {a_colour(choice, 'crystal')}"
    card = choice or (detail if detail in t.card else "")
    if card in t.card:
        return f"take {card_words(ctx, card)} (on top of your Deed deck)"
    return f"take the {reward} reward"


def level_up_words(ctx: Ctx, args: tuple[str, ...]) -> str:
    """``level-up SKILL``: the skill with its text, and the Advanced Actions it comes with (facts
    6.2: any of the offer with a revealed skill, the lowest with one of the Common Skill offer),
    chosen next."""
    t = ctx.t
    skill = t.skill.get(args[0]) if args else None
    if skill is None:
        return "a skill, then an Advanced Action"
    head = f"skill {skill.name}: {skill_words(skill)}"
    if args[0] in ctx.p.skill_pile[-2:]:
        return f"{head}; then any Advanced Action of the offer"
    lowest = ctx.g.aa_offer[-1] if ctx.g.aa_offer else ""
    card = t.card[lowest].name if lowest in t.card else "none"
    return f"{head} (Common Skill offer); then the lowest Advanced Action of the offer, {card}"


def answer_words(ctx: Ctx, name: str, args: tuple[str, ...]) -> str:
    """The questions to a player between the turn's steps (rounds/answers.py): Mind Read's card,
    Mind Steal's, a Magic Familiars' upkeep, and the moment to answer as a turn begins."""
    g = ctx.g
    asked = g.asked[0] if g.asked else None
    if name == "discard" and asked is not None:
        return f"discard {card_words(ctx, args[0])} (Mind Read)"
    if name == "keep":
        return f"keep {card_words(ctx, args[0])} (Mind Steal)"
    if name == "next":
        return "let it be: no answer now"
    return name


def upkeep_words(ctx: Ctx, name: str, args: tuple[str, ...]) -> str:
    return f"pay a {args[0]} crystal to keep them" if name == "colour" and args else "disband them"


def attack_hero_words(ctx: Ctx, seat: str) -> str:
    k = int(seat) - 1 if seat.isdigit() else -1
    if not 0 <= k < len(ctx.g.players):
        return "attack another hero"
    q = ctx.g.players[k]
    hero = ctx.t.hero[ctx.m.heroes[k]].name if k < len(ctx.m.heroes) else f"player {seat}"
    return f"attack {hero} (Fame {q.fame}, Armor {q.armor}, {plural(len(q.units), 'Unit')})"


def scout_words(ctx: Ctx, word: str) -> str:
    h = _hex(word)
    if h is None:
        return f"look at the top token of the {word} enemy pile"
    return f"look at the face-down token on {word} ({_where(ctx, h)})"


def announce_words() -> str:
    return "announce the End of the Round: every other player has one last turn"



