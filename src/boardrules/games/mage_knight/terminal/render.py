"""The terminal picture of a Mage Knight game, drawn only from ``views.view(state, viewer)``: a
header (round, Day or Night, whose turn), the map around the viewer's hero (terrain and its Move
cost now, sites, Shields, heroes, enemy and ruins tokens - a face-down token shows only its
colour), the heroes (Fame, Reputation, level, crystals, mana tokens, Units), the viewer's hand,
the Source, the offers, and during a combat the enemies with their abilities and what the
cards and Units in play add up to; during a combat between heroes both sides, the phase and
what is played, and any round-order token lying face down.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ..combat.state import PHASE_NAMES
from ..content import Tables
from ..game_state import BOX_BANNER, _unkey, unit_words
from ..labels.words import card_line, unit_line
from ..map.hexes import Hex, tile_centre, tile_hexes
from ..map.movement import FIXED_COST, TERRAIN_COST
from ..pvp.combat import PHASE_NAMES as PVP_PHASE_NAMES
from ..sites.reputation import INFLUENCE_MODIFIER
from .map_drawing import MapDrawing, centre_of, explorable, hero_name, map_title

RADIUS = 2  # the map shows the spaces this far from the hero
TABLE: dict[str, Any] = {"title_justify": "left", "box": box.SIMPLE_HEAD, "padding": (0, 1), "pad_edge": False,
                         "show_edge": False}
MANA_STYLE = {"red": "red", "blue": "blue", "green": "green", "white": "bright_white", "gold": "yellow",
              "black": "grey50"}
TERRAIN_STYLE = {"plains": "bright_green", "hills": "yellow", "forest": "green", "wasteland": "grey62",
                 "desert": "bright_yellow", "swamp": "magenta", "lake": "blue", "mountain": "white"}
PLAYER_STYLE = ("bold cyan", "bold magenta", "bold green", "bold yellow")
def distance(a: Hex, b: Hex) -> int:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _name(t: Tables, kind: str, ident: str) -> str:
    tables: dict[str, dict[str, Any]] = {"card": t.card, "unit": t.unit, "enemy": t.enemy, "skill": t.skill,
                                         "tactic": t.tactic, "hero": t.hero}
    table = tables[kind]
    entry = table.get(ident)
    return entry.name if entry is not None else ident


def _mana(counts: dict[str, int], strip: bool = False) -> Text:
    out = Text()
    for colour, n in counts.items():
        if n:
            out.append(f"{n} {colour} ", style=MANA_STYLE.get(colour, ""))
    if strip:  # (in a line: no space before the next word)
        out.rstrip()
    return out if out.plain else Text("-")


def _trimmed(text: Text) -> Text:
    text.rstrip()
    return text


def _hero(t: Tables, v: dict[str, Any], i: int, viewer: int | None) -> Text:
    if not 0 <= i < len(v["players"]):  # Solo Conquest's Dummy player (never a seat)
        dummy = v.get("dummy") or {}
        return Text(f"the Dummy player ({_name(t, 'hero', dummy.get('hero', ''))})", style="dim")
    text = Text(_name(t, "hero", v["players"][i]["hero"]), style=PLAYER_STYLE[i % len(PLAYER_STYLE)])
    if i == viewer:
        text.append(" (you)", style="bold")
    return text


def header(t: Tables, v: dict[str, Any], viewer: int | None) -> Text:
    time = "Night" if v["night"] else "Day"
    scenario = f", {v['scenario']}" if v.get("scenario") else ""
    text = Text(f"Mage Knight{scenario}: round {v['round']} of {v['rounds']} ({time})", style="bold")
    if v["over"]:
        text.append(" - game over")
    elif v.get("dummy_pending"):  # the heroes answer before the Dummy player's turn
        text.append(" - the Dummy player's turn begins")
    else:
        text.append(" - turn of ")
        text.append_text(_hero(t, v, v["current"], viewer))
    if v.get("end_triggered"):
        text.append(" - the game's end is triggered: last turns")
    if v["announced_by"] >= 0:
        text.append(" - the End of the Round is announced by ")
        text.append_text(_hero(t, v, v["announced_by"], viewer))
    if v.get("answering") and not v["play"]:  # another player answers as the turn begins (rounds/answers.py)
        text.append(" - answering now: ")
        text.append_text(_hero(t, v, v["answering"][0], viewer))
    return text


def _spaces(t: Tables, v: dict[str, Any]) -> dict[Hex, tuple[str, Any]]:
    """Every placed space: (tile id, its TileHex), from the public tile positions."""
    out: dict[Hex, tuple[str, Any]] = {}
    for key, tile_id in v["tiles"].items():
        tile = t.tile[tile_id]
        for h, th in zip(tile_hexes(_unkey(key)), tile.hexes, strict=True):
            out[h] = (tile_id, th)
    return out


def _cost(th: Any, night: bool) -> str:
    if th.site in FIXED_COST:
        return str(FIXED_COST[th.site])
    cost = TERRAIN_COST[th.terrain][1 if night else 0]
    return "-" if cost is None else str(cost)


def _tokens(t: Tables, v: dict[str, Any], key: str) -> str:
    parts = []
    for ident, face_up in v["enemies"].get(key, []):
        parts.append(_name(t, "enemy", ident) if face_up else f"face-down {ident} enemy")
    ruins = v["ruins"].get(key)
    if ruins is not None:
        parts.append(f"ruins token {ruins[0]}" if ruins[1] else "face-down ruins token")
    return ", ".join(parts)


def map_table(t: Tables, v: dict[str, Any], viewer: int | None, radius: int | None = RADIUS) -> Table:
    """The spaces within ``radius`` of the hero (the viewer's, or whose turn it is); None: every
    space, and the tile positions where a tile may be explored."""
    _, here = centre_of(v, viewer)
    title = map_title(t, v, viewer, radius)
    table = Table(title=title, **TABLE)
    for col in ("Space", "Terrain", "Move", "Site", "On it"):
        table.add_column(col, justify="right" if col == "Move" else "left")
    heroes: dict[Hex, list[int]] = {}
    for i, p in enumerate(v["players"]):
        heroes.setdefault((p["position"][0], p["position"][1]), []).append(i)
    conquered, burned = set(v["conquered"]), set(v["burned"])
    spaces = _spaces(t, v)
    for h in sorted(spaces, key=lambda x: (distance(here, x), x)):
        if radius is not None and distance(here, h) > radius:
            continue
        key = f"{h[0]},{h[1]}"
        _, th = spaces[h]
        site = Text(th.site or "")
        if th.mine:
            site.append(f" ({'/'.join(th.mine)})")
        if key in conquered:
            site.append(" conquered", style="dim")
        if key in burned:
            site.append(" burned", style="dim")
        shields = v["shields"].get(key, [])
        if shields:
            site.append(f" {'Shields' if len(shields) > 1 else 'Shield'} of "
                        + ", ".join(hero_name(t, v, s, viewer) for s in shields))
        on = Text()
        for i in heroes.get(h, []):
            on.append_text(_hero(t, v, i, viewer))
            on.append(" ")
        on.append(_tokens(t, v, key), style="bold red")
        table.add_row(f"{h[0]}:{h[1]}" + (" *" if h == here else ""),
                      Text(th.terrain, style=TERRAIN_STYLE.get(th.terrain, "")), _cost(th, v["night"]), site, on)
    if radius is None:
        for g in explorable(v):
            c = tile_centre(g)
            table.add_row(f"{c[0]}:{c[1]}", "", "", f"explore {g[0]}:{g[1]}: a new tile centred here", "")
    return table


def centre_lines(t: Tables, v: dict[str, Any], viewer: int | None) -> Text:
    """The interactive skills in the centre of the table (facts 3.5), each with its owner and
    what it was marked with."""
    text = Text()
    for skill, owner, detail in v.get("centre") or []:
        text.append("In the centre: ", style="bold")
        text.append(_name(t, "skill", skill) + (f" ({detail.split(';')[0]})" if detail else "") + " of ")
        text.append_text(_hero(t, v, owner, viewer))
        text.append(", until the start of their next turn\n")
    for who, what, detail in v.get("asked") or []:  # questions to other players in the turn (rounds/answers.py)
        text.append("Asked: ", style="bold")
        text.append_text(_hero(t, v, who, viewer))
        text.append(f" - discard a {detail} Spell or Action card (Mind Read)\n" if what == "mind-read" else
                    " - keep one of the Action cards discarded (Mind Steal)\n" if what == "mind-steal" else
                    f" - pay a crystal to keep {detail}, or disband them (a new round)\n")
    return text


def _under(t: Tables, p: dict[str, Any], label: str) -> str:
    """The Banner under a Unit, or the Mysterious Box lying there as that Banner this turn (facts 3.3)."""
    banner = (p.get("banners") or {}).get(label)
    if not banner:
        return ""
    card = banner.partition(":")[0]
    boxed = BOX_BANNER + card in (p.get("this_turn") or [])
    return f" (under: {'Mysterious Box as ' if boxed else ''}{_name(t, 'card', card)})"


def reputation_words(p: dict[str, Any]) -> str:
    """A hero's Reputation and the Influence it adds or takes at every interaction (facts 5.6):
    ``+2 (Influence +1)``; the X space: no interaction at all."""
    rep = p["reputation"]
    modifier = INFLUENCE_MODIFIER.get(rep)
    if modifier is None:
        return f"{rep:+d} (the X space: no interaction)"
    return f"{rep:+d} (Influence {modifier:+d})"


def _units(t: Tables, p: dict[str, Any]) -> str:
    return ", ".join(_name(t, "unit", u[0]) + (f" ({u[1]} wound{'s' if u[1] > 1 else ''})" if u[1] else "")
                     + (" spent" if u[2] else "") + (" (Bonds of Loyalty)" if label == p.get("bonded") else "")
                     + _under(t, p, label)
                     for u, label in zip(p["units"], unit_words(p["units"]), strict=True)) or "-"


def _skills(t: Tables, p: dict[str, Any]) -> str:
    """The skills, with the tokens two of them keep (facts 3.5): Master of Chaos' colour, the enemy
    tokens Puppet Master keeps (face up, public)."""
    words = []
    for k in p["skills"]:
        word = _name(t, "skill", k)
        if k == "master-of-chaos":
            word += f" (token at {p.get('chaos') or 'gold'})"
        if k == "puppet-master" and p.get("puppets"):
            word += " (kept: " + ", ".join(_name(t, "enemy", x) for x in p["puppets"]) + ")"
        words.append(word)
    return ", ".join(words) or "-"


class HeroesPicture:
    """The heroes as a table where it fits the width given, else as lines: a table squeezed into
    80 columns cut every word ("Pe…", "Cr…")."""

    def __init__(self, t: Tables, v: dict[str, Any], viewer: int | None) -> None:
        self.t, self.v, self.viewer = t, v, viewer

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = heroes_table(self.t, self.v, self.viewer)
        if Measurement.get(console, options.update_width(10_000), table).maximum <= options.max_width:
            yield table
        else:
            yield heroes_lines(self.t, self.v, self.viewer)


def heroes_lines(t: Tables, v: dict[str, Any], viewer: int | None) -> Text:
    text = Text("Heroes\n", style="bold")
    for i, p in enumerate(v["players"]):
        text.append_text(_hero(t, v, i, viewer))
        text.append(f": Fame {p['fame']}, Level {p['level']}, Reputation {reputation_words(p)}, Armor {p['armor']}"
                    f"\n  Hand {p['hand_size']}, Deed deck {p['deck_size']}; crystals: ")
        text.append_text(_mana(p["crystals"], strip=True))
        text.append("; mana tokens: ")
        text.append_text(_mana(p["mana"], strip=True))
        text.append(f"\n  Units (Command {p['command']}): {_units(t, p)}\n  Tactic: "
                    f"{_name(t, 'tactic', p['tactic']) if p['tactic'] else '-'}\n  Skills: {_skills(t, p)}\n")
    dummy = v.get("dummy")
    if dummy:
        text.append(f"Dummy player ({_name(t, 'hero', dummy['hero'])}): Deed deck {dummy['deck_size']}; crystals: ",
                    style="dim")
        text.append_text(_mana(dummy["crystals"], strip=True))
        text.append(f"; Tactic: {_name(t, 'tactic', dummy['tactic']) if dummy['tactic'] else '-'}\n")
    return text


def heroes_table(t: Tables, v: dict[str, Any], viewer: int | None) -> Table:
    table = Table(title="Heroes", **TABLE)
    for col in ("Hero", "Fame", "Level", "Reputation", "Armor", "Hand", "Deck", "Crystals", "Mana tokens",
                "Units", "Tactic", "Skills"):
        table.add_column(col, justify="right" if col in ("Fame", "Level", "Reputation", "Armor", "Hand", "Deck")
                         else "left")
    for i, p in enumerate(v["players"]):
        units, skills = _units(t, p), _skills(t, p)
        table.add_row(_hero(t, v, i, viewer), str(p["fame"]), str(p["level"]), reputation_words(p),
                      str(p["armor"]), str(p["hand_size"]), str(p["deck_size"]), _mana(p["crystals"]),
                      _mana(p["mana"]), f"{units} (Command {p['command']})",
                      _name(t, "tactic", p["tactic"]) if p["tactic"] else "-", skills)
    dummy = v.get("dummy")
    if dummy:  # Solo Conquest's Dummy player: its deck's order is hidden, its size is not
        table.add_row(Text(f"Dummy player ({_name(t, 'hero', dummy['hero'])})", style="dim"), "", "", "", "", "",
                      str(dummy["deck_size"]), _mana(dummy["crystals"]), "", "",
                      _name(t, "tactic", dummy["tactic"]) if dummy["tactic"] else "-", "")
    return table


def _cards(t: Tables, cards: list[str]) -> str:
    counts = Counter(cards)
    return ", ".join(_name(t, "card", c) + (f" x{n}" if n > 1 else "") for c, n in sorted(counts.items())) or "-"


def _texts(lines: list[str]) -> Text:
    """Lines of texts beside names (a card's, a Unit's, a skill's), each cut to the width: one
    row each on any terminal."""
    return Text("\n".join(lines), style="dim", no_wrap=True, overflow="ellipsis")


def hand_texts(t: Tables, v: dict[str, Any], viewer: int | None) -> list[str]:
    """Each card of the viewer's hand with its text; the skills to choose from at a level-up."""
    if viewer is None:
        return []
    p = v["players"][viewer]
    lines = [f"  {card_line(t.card[c])}" for c in sorted(set(p["hand"])) if c in t.card and c != "wound"]
    lines += [f"  {t.skill[k].name}: {t.skill[k].text}" for k in p["revealed_skills"] if k in t.skill]
    return lines


def offer_texts(t: Tables, v: dict[str, Any]) -> list[str]:
    """The Units of the offer with their cost, Armor and abilities (the cards' texts are in the
    labels of the choices and ``info NAME``)."""
    return [f"  {unit_line(t.unit[u])}" for u in dict.fromkeys(v["unit_offer"]) if u in t.unit]


def hand_group(t: Tables, v: dict[str, Any], viewer: int | None) -> Group:
    """The hand, each card's text under it (a row each), then what else the viewer holds and has
    seen (``hand_lines``)."""
    texts = hand_texts(t, v, viewer)
    if not texts or viewer is None:
        return Group(hand_lines(t, v, viewer))
    head = Text("Your hand: ", style="bold")
    head.append(_cards(t, v["players"][viewer]["hand"]))
    rest = hand_lines(t, v, viewer, head=False)
    return Group(head, _texts(texts), *([_trimmed(rest)] if rest.plain.strip() else []))


def hand_lines(t: Tables, v: dict[str, Any], viewer: int | None, head: bool = True) -> Text:
    text = Text()
    if viewer is not None:
        p = v["players"][viewer]
        if head:
            text.append("Your hand: ", style="bold")
            text.append(_cards(t, p["hand"]) + "\n")

        text.append(f"Your Deed deck: {len(p['deck'])} cards; discard pile: {len(p['discard'])}\n")
        if p["revealed_skills"]:
            text.append("Skills to choose from: " + ", ".join(_name(t, "skill", k) for k in p["revealed_skills"])
                        + "\n")
        if p["pending"]:
            text.append("Rewards to take: " + ", ".join(p["pending"]) + "\n")
        if p.get("scouted"):  # the Scouts' look: known to this player only
            text.append("Face-down tokens your Scouts looked at: " + ", ".join(
                f"{w.replace(',', ':')} {_name(t, 'enemy', x)}" for w, x in p["scouted"]) + "\n")
    for i, q in enumerate(v["players"]):  # what everyone has seen of a hand or a deck's top (knowledge/seen.py)
        whose = "your" if i == viewer else f"{_name(t, 'hero', q['hero'])}'s"
        if q.get("shown") and i != viewer:
            text.append(f"Seen in {whose} hand: {_cards(t, q['shown'])}\n")
        if q.get("deck_top"):
            text.append(f"Seen on top of {whose} Deed deck: "
                        + ", ".join(_name(t, "card", c) for c in reversed(q["deck_top"])) + "\n")
        if q.get("deck_bottom"):
            text.append(f"Seen at the bottom of {whose} Deed deck: "
                        + ", ".join(_name(t, "card", c) for c in q["deck_bottom"]) + "\n")
        known = q.get("deck_top_known") or []
        if len(known) > len(q.get("deck_top") or []):  # only you know these (a card bought blind)
            text.append("On top of your Deed deck, as you know: "
                        + ", ".join(_name(t, "card", c) for c in reversed(known)) + "\n")
    current = v["players"][v["current"]]
    if current["play_area"]:
        text.append("In play this turn: ", style="bold")
        text.append(_cards(t, current["play_area"]))
        text.append(f" (Move {current['move_points']}, Influence {current['influence_points']})\n")
    if v["play"]:
        words = [" ".join(map(str, x)) if isinstance(x, (list, tuple)) else str(x) for x in v["play"]]
        text.append(f"Being played: {' '.join(words)}\n")
    for i, row in enumerate(v.get("scores") or []):
        text.append_text(_hero(t, v, i, viewer))
        text.append(f": {row['total']} in all ({', '.join(f'{k} {n}' for k, n in row.items() if k != 'total' and n)})\n")
    return text


def source_and_offers(t: Tables, v: dict[str, Any]) -> Group:
    """The Source and the offers, the Units of the offer each with its numbers under it."""
    text = _source_and_offers(t, v)
    units = offer_texts(t, v)
    at = text.plain.find("\nAdvanced Actions offer:")
    if not units or at < 0:
        return Group(text)
    head, tail = text.divide([at, at + 1])[::2]
    return Group(head, _texts(units), tail)


def _source_and_offers(t: Tables, v: dict[str, Any]) -> Text:
    text = Text("Source: ", style="bold")
    for i, colour in enumerate(v["source"], start=1):
        used = i - 1 in v["source_used"]
        text.append(f"die-{i} {colour}" + (" (taken)" if used else ""), style="dim" if used else MANA_STYLE[colour])
        text.append("  ")
    text.append("\n")
    offers = (("Units", "unit", v["unit_offer"]), ("Advanced Actions", "card", v["aa_offer"]),
              ("Spells", "card", v["spell_offer"]), ("Common skills", "skill", v["common_skills"]))
    for title, kind, ids in offers:
        text.append(f"{title} offer: ", style="bold")
        text.append((", ".join(_name(t, kind, x) for x in ids) or "-") + "\n")
    if v["unit_offer_aa"]:
        text.append("Advanced Actions at the monasteries: " + ", ".join(_name(t, "card", x) for x in v["unit_offer_aa"])
                    + "\n")
    if v["artifacts_drawn"]:
        text.append("Artifacts drawn for a reward: " + ", ".join(_name(t, "card", x) for x in v["artifacts_drawn"])
                    + "\n")
    if v["tactics"]:
        text.append("Tactics left: " + ", ".join(_name(t, "tactic", x) for x in v["tactics"]) + "\n")
    return text


def _attacks(t: Tables, e: Any, state: dict[str, Any]) -> str:
    parts = []
    for k, a in enumerate(e.attacks):
        if a.summon:
            words = f"summons a {a.summon} token"
        else:
            value = a.value + state["attack_bonus"][k] - state["reduction"][k]
            words = f"{value} {a.element.replace('-', ' ')}" if a.element != "physical" else str(value)
        marks = []
        if state["blocked"][k]:
            marks.append("blocked")
        if state["left"][k]:
            marks.append(f"{state['left'][k]} to assign")
        parts.append(words + (f" ({', '.join(marks)})" if marks else ""))
    return "prevented" if state["prevented"] else "; ".join(parts)


def combat_group(t: Tables, v: dict[str, Any]) -> list[RenderableType]:
    c = v["combat"]
    if c is None:
        return []
    site = f" at the {c['site']}" if c["site"] else ""
    rules = [f"{PHASE_NAMES[c['phase']]}"]
    if c["site_fortified"]:
        rules.append("fortified site")
    if c["night"]:
        rules.append("Night rules")
    if c["units_allowed"] != "all":
        rules.append("no Units" if c["units_allowed"] == "none" else "one Unit")
    table = Table(title=f"Combat{site}: " + ", ".join(rules), collapse_padding=True, **TABLE)  # 80 columns
    for col in ("#", "Enemy", "Armor", "Attack", "Resists", "Abilities", "Fame", "State"):  # (words wrap, not cut)
        table.add_column(col, justify="right" if col in ("#", "Armor", "Fame") else "left", overflow="fold")
    present = sorted({a for e in c["enemies"] if not (e["defeated"] or e["gone"])
                      for a in (*t.enemy[e["token"]].abilities, *e["gained"]) if a in t.ability})
    words = [w for e in c["enemies"] for a in (*t.enemy[e["token"]].abilities, *e["gained"]) for w in a.split("-")]
    table.columns[5].min_width = max(map(len, words), default=1)  # its longest word, never cut
    table.columns[7].min_width = len("summoned")  # the longest word of a State
    for i, e in enumerate(c["enemies"], start=1):
        enemy = t.enemy[e["token"]]
        armor = enemy.armor + e["armor_bonus"] - e["armor_cut"]
        armor_text = str(max(1, armor)) + (f" (elusive {enemy.elusive_armor})" if enemy.elusive_armor else "")
        # "arcane immunity", "cold fire": words a narrow column can wrap, never cut to "arcane-im…"
        abilities = [a.replace("-", " ") + (f" {enemy.defend}" if a == "defend" else "")
                     for a in (*enemy.abilities, *e["gained"])]
        state = "defeated" if e["defeated"] else "gone" if e["gone"] else ("target" if i - 1 in c["targets"] else "")
        if e["summoner"] >= 0:
            state = (state + " summoned").strip()
        table.add_row(str(i), enemy.name, armor_text, _attacks(t, enemy, e), "\n".join(enemy.resistances) or "-",
                      "\n".join(abilities) or "-", str(enemy.fame), state)
    totals: dict[str, int] = {}
    for kind, element, value, _swift, _unit in c["pool"]:
        label = kind if element == "physical" else f"{element} {kind}"
        totals[label] = totals.get(label, 0) + value
    pool = Text("Played and not yet used: ", style="bold")
    pool.append(", ".join(f"{label} {n}" for label, n in sorted(totals.items())) or "nothing")
    if c["move_points"]:
        pool.append(f"; Move {c['move_points']}")
    if c["block_target"] is not None:
        pool.append(f"; blocking attack {c['block_target'][0] + 1}.{c['block_target'][1] + 1}")
    if c.get("preview"):  # what the attack or block declared has and needs (combat/preview.py)
        pool.append("\nNow: ", style="bold")
        pool.append(c["preview"])
    if c.get("waiting"):
        pool.append("\nWaiting for confirm or back: ", style="bold")
        pool.append(c["waiting"])
    hero = c["hero"]
    pool.append(f"\nHero: Armor {hero['armor']}, {hero['wounds_this_combat']} Wound(s) taken in this combat"
                + ("; knocked out" if hero["knocked_out"] else ""))
    units = Text()
    for u in c["units"]:
        words = [w for w, on in (("spent", u["spent"]), ("destroyed", u["destroyed"]), ("resisted", u["resisted"]))
                 if on]
        if u["wounds"]:
            words.append(f"{u['wounds']} wound(s)")
        if u.get("lent"):  # Call to Arms (facts 3.2)
            words.append("lent from the Unit offer")
        units.append(f"\nUnit {u['label']}: {_name(t, 'unit', u['unit'])}" + (f" ({', '.join(words)})" if words else ""))
    pool.append_text(units)
    glosses = Text()
    for k, a in enumerate(present):
        glosses.append(("\n" if k else "") + f"{a}: ", style="bold")
        gloss = t.ability[a].text.rstrip(".")  # (content/enemies.toml: RB "ENEMY TOKEN ABILITIES")
        glosses.append(gloss[:1].lower() + gloss[1:])
    return [table, glosses, pool] if present else [table, pool]


def pvp_group(t: Tables, v: dict[str, Any], viewer: int | None) -> list[RenderableType]:
    """The combat between heroes as everyone sees it (all of it is public), and the round-order
    tokens face down (their turn is skipped)."""
    out: list[RenderableType] = []
    c = v.get("pvp")
    if c is not None:
        a, d = c["attacker"], c["defender"]
        where = ["in their own keep"] if c["keep"] else []
        if c["fortified"]:
            where.append("double fortified" if c["fortified"] >= 2 else "fortified")
        title = Text("Combat between heroes: ", style="bold")
        title.append_text(_hero(t, v, a["player"], viewer))
        title.append(" attacks ")
        title.append_text(_hero(t, v, d["player"], viewer))
        title.append(f" ({', '.join(where)})" if where else "")
        table = Table(title=title, **TABLE)
        for col in ("Side", "Hero", "Armor", "Wounds", "Fame", "Units"):
            table.add_column(col, justify="right" if col in ("Armor", "Wounds", "Fame") else "left")
        gone = {(x[0], x[1]) for x in c.get("on_units", []) if x[2] == "destroyed"}  # Tornado, Delphana Masters
        for side, x in (("attacker", a), ("defender", d)):
            units = ", ".join(f"{label}" + (" (destroyed)" if (x["player"], label) in gone else
                                            f" ({w} wound{'s' if w > 1 else ''})" if w else "")
                              for _unit, label, w in x["units"]) or "-"
            table.add_row(side, _hero(t, v, x["player"], viewer), str(x["armor"]),
                          str(x["wounds"]) + (" knocked out" if x["knocked_out"] else ""), f"+{x['fame']}", units)
        now = Text(PVP_PHASE_NAMES.get(c["phase"], c["phase"]), style="bold")
        if c["participation"]:
            now.append(f"; the defender takes part {'fully' if c['participation'] == 'full' else 'partially'}")
        totals: dict[str, int] = {}
        for kind, el, n in c["pool"]:
            label = kind if el == "physical" else f"{el} {kind}"
            totals[label] = totals.get(label, 0) + n
        played = ", ".join(f"{label} {n}" for label, n in sorted(totals.items()))
        now.append(f"\nAttack played: {played or 'nothing'}")
        if c["step"] in ("block", "assign"):
            blocks = sum(n for _el, n in c["blocks"])
            now.append(f"; Block {blocks}" if c["step"] == "block" else
                       f"; {c['damage']} damage ({', '.join(c['elements'])}) to spend on Units or the hero")
        out += [table, now]
    down = v.get("pvp_face_down") or []
    if down:
        line = Text("Round-order token face down (the next turn is skipped): ")
        for k, i in enumerate(down):
            line.append(", " if k else "")
            line.append_text(_hero(t, v, i, viewer))
        out.append(line)
    return out


def render(t: Tables, v: dict[str, Any], viewer: int | None) -> RenderableType:
    """The picture of ``viewer``'s view ``v`` (None: an observer)."""
    # the whole map drawn as hexes; the table of every space when the terminal is too narrow for it
    drawn = MapDrawing(t, v, viewer, fallback=map_table(t, v, viewer, None), whole=True)
    parts: list[RenderableType] = [header(t, v, viewer), drawn, HeroesPicture(t, v, viewer),
                                   hand_group(t, v, viewer), centre_lines(t, v, viewer), source_and_offers(t, v)]
    parts += combat_group(t, v)
    parts += pvp_group(t, v, viewer)
    return Group(*parts)


__all__ = ["render"]
