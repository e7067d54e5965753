"""The catalogue of Mage Knight (``info NAME`` at the prompt, the texts beside a card): every Deed
card, Unit, skill, Tactic, enemy token, enemy ability, map site, ruins token, hero and level of
the content, with its printed name, the numbers a player compares and its rules text, read from
the content files (``content/*.toml``; a Unit's text is its abilities and notes, a ruins token's
its tribute or enemies and reward). Built once per game object (``MageKnight.catalogue``)."""

from __future__ import annotations

from ...engine import Catalogue, Entry
from .content import Tables
from .labels.words import (
    KINDS,
    ROMAN,
    attack_value_words,
    enemy_armor,
    ruins_words,
    site_words,
    unit_abilities,
)

USES = {"turn": "once a turn", "round": "once a round", "interactive": "once a round, into the centre",
        "passive": "always"}
TACTIC_USES = {"none": "no effect", "when-taken": "when taken", "once": "once this round",
               "each-turn": "each turn", "end-of-turn": "at the end of each turn"}
GAINS = {"start": "the starting level", "skill-and-advanced-action": "a skill and an Advanced Action",
         "level-token": "a new Level token: Armor, Hand limit and a Command token"}


def _numbers(*pairs: tuple[str, object]) -> tuple[tuple[str, str], ...]:
    return tuple((label, str(v)) for label, v in pairs if v not in (None, "", (), 0) or v == 0 and label == "Fame")


def _cards(t: Tables) -> list[Entry]:
    out = []
    for c in t.cards:
        hero = t.hero[c.hero].name if c.hero in t.hero else ""
        replaces = t.card[c.replaces].name if c.replaces in t.card else ""
        out.append(Entry("card", c.id, c.name, c.text, _numbers(
            ("Kind", KINDS[c.kind]), ("Colour", "/".join(c.colours)), ("Strong effect", c.strong_name),
            ("Hero", hero), ("Replaces", replaces), ("Card number", c.number or ""),
            ("Copies", c.copies if c.kind != "wound" else ""), ("Set", c.set))))
    return out


def _units(t: Tables) -> list[Entry]:
    out = []
    for u in t.units:
        notes = f" Special: {u.notes}." if u.notes else ""
        out.append(Entry("unit", u.id, u.name, f"{unit_abilities(u)}.{notes}", _numbers(
            ("Level", ROMAN[u.level] + (" (elite)" if u.elite else "")), ("Cost", u.cost), ("Armor", u.armor),
            ("Resistances", "/".join(u.resistances)), ("Recruited at", ", ".join(site_words(x) for x in u.sites)),
            ("Copies", u.copies), ("Set", u.set))))
    return out


def _enemies(t: Tables) -> list[Entry]:
    out = []
    for e in t.enemies:
        said = [f"{t.ability[a].name}{f' {e.defend}' if a == 'defend' else ''}: {t.ability[a].text}"
                for a in e.abilities if a in t.ability]
        said += [f"{t.ability[r + '-resistance'].name}: {t.ability[r + '-resistance'].text}" for r in e.resistances
                 if r + "-resistance" in t.ability]
        kinds = {f"{a.element}-attack" for a in e.attacks if a.element != "physical" and not a.summon}
        kinds |= {"summon" for a in e.attacks if a.summon}
        said += [f"{t.ability[k].name}: {t.ability[k].text}" for k in sorted(kinds) if k in t.ability]
        if e.reputation_on_defeat:
            said.append(f"Defeating it: Reputation {e.reputation_on_defeat:+d}.")
        text = " ".join(said) or "No special ability."
        out.append(Entry("enemy", e.id, e.name, text, _numbers(
            ("Colour", e.colour), ("Armor", enemy_armor(e)), ("Attack", ", ".join(attack_value_words(a) for a in e.attacks)),
            ("Resistances", "/".join(e.resistances)),
            ("Abilities", ", ".join(t.ability[a].name if a in t.ability else a for a in e.abilities)),
            ("Fame", e.fame), ("Tokens", e.count), ("Set", e.set))))
    return out


def _ruins(t: Tables) -> list[Entry]:
    out = []
    for r in t.ruins:
        name = f"Altar ({'/'.join(dict.fromkeys(r.mana))})" if r.kind == "altar" else \
            f"Ruins ({' and '.join(r.enemies)} enemies)"
        out.append(Entry("ruins", r.id, name, ruins_words(r), _numbers(("Set", r.set))))
    return out


def _heroes(t: Tables) -> list[Entry]:
    out = []
    for h in t.heroes:
        own = "; ".join(f"{t.card[x.card].name} instead of {t.card[x.replaces].name}" for x in h.cards)
        skills = ", ".join(s.name for s in t.skills if s.hero == h.id and s.type != "interactive")
        text = f"Starts with the standard Deed deck, with {own}. Skills: {skills}."
        out.append(Entry("hero", h.id, h.name, text, _numbers(("Set", h.set))))
    return out


def _levels(t: Tables) -> list[Entry]:
    return [Entry("level", f"level-{lv.level}", f"Level {lv.level}", f"Reached at Fame {lv.fame}: {GAINS[lv.gain]}.",
                  _numbers(("Fame", lv.fame), ("Armor", lv.armor), ("Hand limit", lv.hand_limit),
                           ("Command tokens", lv.command)))
            for lv in t.levels]


def build_catalogue(t: Tables) -> Catalogue:
    """The catalogue of the content ``t``."""
    entries = _cards(t) + _units(t)
    entries += [Entry("skill", s.id, s.name, s.text, _numbers(
        ("Hero", t.hero[s.hero].name), ("Use", USES[s.type]), ("Token", s.mode or ""), ("Set", s.set)))
        for s in t.skills]
    entries += [Entry("tactic", x.id, x.name, x.text, _numbers(
        ("Time", "Day" if x.time == "day" else "Night"), ("Number", x.number), ("Use", TACTIC_USES[x.use])))
        for x in t.tactics]
    entries += _enemies(t)
    entries += [Entry("ability", a.id, a.name, a.text) for a in t.abilities]
    entries += [Entry("site", x.id, x.name, x.text) for x in t.sites]
    entries += _ruins(t) + _heroes(t) + _levels(t)
    return Catalogue(entries)
