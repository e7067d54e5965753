"""What an attack or a block declared would do before it is resolved (issue 24, "previews where
arithmetic decides"): the value of the points that count against the targets chosen, after
fortification (only Siege in the Ranged and Siege phase), resistances (halved), the artifacts
that double them, against the Armor needed after Defend and Elusive, or the Block needed after
Swift and the attack's element; and why a ``resolve`` or a ``next`` asks to be confirmed (it
defeats or blocks nothing; it leaves points unused). ``phases.py`` resolves with the same
figures; the prompt, the labels and the terminal say them in words."""

from __future__ import annotations

from ..content import Tables
from .choices import can_target, counting_points, open_attacks, ranged_not_counting
from .elements import attack_total, block_needed, block_total, resists
from .enemies import (
    armor,
    attack,
    attack_value,
    defense,
    elusive_now,
    fortification,
    has,
    name,
    resistances,
    their,
    whose,
)
from .state import Combat, CombatEnemy, Item

KIND_WORDS = {"attack": "Attack", "ranged": "Ranged Attack", "siege": "Siege Attack", "block": "Block", "move": "Move"}
ELEMENT_WORDS = {"physical": "", "fire": "Fire ", "ice": "Ice ", "cold-fire": "Cold Fire "}
GOOD_BLOCKS = {"fire": "Ice or Cold Fire", "ice": "Fire or Cold Fire", "cold-fire": "Cold Fire"}


def doubled(c: Combat, t: Tables, used: list[int], points: list[tuple[str, int]],
            enemies: list[CombatEnemy]) -> list[tuple[str, int]]:
    """Artifacts thrown away that double attack points (facts 3.3): the Sword of Justice, each
    physical point in the Attack phase; the Bow of Starsdawn, each Ranged and Siege point, unless
    the target is fortified in the Ranged and Siege phase (then a Ranged point counts as Siege,
    undoubled: ``counting_points``)."""
    if c.phase == "attack" and "sword-of-justice" in c.this_combat:
        points = [(el, v * 2 if el == "physical" else v) for el, v in points]
    if "bow-of-starsdawn" in c.this_combat and not (c.phase == "ranged" and
                                                    any(fortification(c, t, e) for e in enemies)):
        points = [(el, v * 2 if c.pool[k][0] in ("ranged", "siege") else v) for k, (el, v) in zip(used, points,
                                                                                                strict=True)]
    return points


def attack_figures(c: Combat, t: Tables) -> tuple[int, int]:
    """(the attack's value, the Armor it must reach) if ``resolve`` were played now against the
    targets chosen: the points that count, resistances halving them, the Armor of the targets with
    the Defend bonuses this attack would give them (``enemies.defense``)."""
    used = counting_points(c, t)
    enemies = [c.enemies[i] for i in c.targets]
    points = [(c.pool[k][1], c.pool[k][2]) for k in used]
    if c.this_combat:
        points = doubled(c, t, used, points, enemies)
    total = attack_total(points, (resistances(t, e) for e in enemies))
    bonus = {i: t.enemy[c.enemies[j].token].defend for i, j in defense(c, t, c.targets)}
    return total, sum(armor(c, t, c.enemies[i], bonus.get(i, 0)) for i in c.targets)


def block_figures(c: Combat, t: Tables) -> tuple[int, int]:
    """(the block's value, the Block needed) if ``resolve`` were played now against the attack
    declared: inefficient elements halved, Swift doubling what is needed."""
    assert c.block_target is not None
    i, a = c.block_target
    e = c.enemies[i]
    swift = has(t, e, "swift")
    used = counting_points(c, t)
    total = block_total(((c.pool[k][1], c.pool[k][2], c.pool[k][3]) for k in used), attack(t, e, a).element, swift)
    return total, block_needed(attack_value(t, e, a), swift)


def played_words(pool: list[Item]) -> str:
    """The points played and not used, by kind and element: ``Ice Ranged Attack 3, Block 2``."""
    totals: dict[str, int] = {}
    for kind, element, value, _swift, _source in pool:
        if value > 0:
            label = ELEMENT_WORDS.get(element, element + " ") + KIND_WORDS.get(kind, kind)
            totals[label] = totals.get(label, 0) + value
    return ", ".join(f"{label} {n}" for label, n in totals.items())


def _target_notes(c: Combat, t: Tables) -> list[str]:
    """What changes the arithmetic of the attack declared: fortification, the resistances that halve
    points played, the Defend bonus it gives, Elusive (each named by its target when there are
    several)."""
    notes = []
    counted = [c.pool[k] for k in counting_points(c, t)]
    bonus = {i: j for i, j in defense(c, t, c.targets)}
    for i in c.targets:
        e = c.enemies[i]
        en = t.enemy[e.token]
        mine = []
        if c.phase == "ranged" and fortification(c, t, e):
            mine.append("fortified: only Siege counts now")
        halved = sorted({item[1] for item in counted if resists(resistances(t, e), item[1])})
        if halved:
            mine.append("resists " + "/".join(x.replace("-", " ") for x in halved) + ": halved")
        if i in bonus:
            by = "" if bonus[i] == i else f" from {name(t, c.enemies[bonus[i]])}"
            mine.append(f"Defend +{t.enemy[c.enemies[bonus[i]].token].defend}{by}")
        if elusive_now(c, t, e):
            mine.append(f"Elusive: {en.armor} only in the Attack phase once all {their(t, e)} attacks are blocked")
        notes += [f"{name(t, e)}: {x}" if len(c.targets) > 1 else x for x in mine]
    return notes


def attack_preview(c: Combat, t: Tables) -> str:
    """The attack declared in words: ``Attack 3 against the Diggers (fortified: only Siege counts
    now), Armor 5 needed: 2 short``; or what is played while no target is chosen."""
    played = played_words(c.pool)
    if not c.targets:
        return f"{played or 'nothing'} played; no target chosen (target N)"
    have, need = attack_figures(c, t)
    names = " and ".join(name(t, c.enemies[i]) for i in c.targets)
    notes = _target_notes(c, t)
    verdict = "enough" if have >= need else f"{need - have} short"
    text = f"Attack {have} against {names}" + (f" ({'; '.join(notes)})" if notes else "") + f", Armor {need} needed"
    lost = ranged_not_counting(c, t)
    return f"{text}: {verdict}" + (f"; {lost}" if lost else "")


def block_preview(c: Combat, t: Tables) -> str:
    """The block declared in words: ``Block 2 against the Wolf Riders' Attack 3 (Swift: twice its
    Attack), Block 6 needed: 4 short``; or what is played while no attack is chosen."""
    played = played_words(c.pool)
    if c.block_target is None:
        return f"{played or 'nothing'} played; no attack chosen to block (block N)"
    i, a = c.block_target
    e = c.enemies[i]
    at = attack(t, e, a)
    have, need = block_figures(c, t)
    notes = []
    if has(t, e, "swift"):
        notes.append("Swift: twice its Attack")
    if at.element in GOOD_BLOCKS:
        notes.append(f"{GOOD_BLOCKS[at.element]} Block counts whole, other Block half")
    element = ELEMENT_WORDS.get(at.element, "")
    verdict = "enough" if have >= need else f"{need - have} short"
    return (f"Block {have} against {whose(t, e)} {element}Attack {attack_value(t, e, a)}"
            + (f" ({'; '.join(notes)})" if notes else "") + f", Block {need} needed: {verdict}")


def preview(c: Combat, t: Tables) -> str:
    """The phase's arithmetic in words ("" in the Assign Damage phase and once the combat is over)."""
    if c.phase in ("ranged", "attack"):
        return attack_preview(c, t)
    if c.phase == "block":
        return block_preview(c, t)
    return ""


def resolve_warning(c: Combat, t: Tables) -> str:
    """Why ``resolve`` asks to be confirmed: the attack defeats nothing, or the block blocks
    nothing, and its points are spent ("" when it succeeds)."""
    if c.phase == "block" and c.block_target is not None:
        have, need = block_figures(c, t)
        i, _ = c.block_target
        return "" if have >= need else (f"Block {have} of {need} needed: {whose(t, c.enemies[i])} attack is not "
                                         "blocked, and the Block points are spent")
    if c.phase in ("ranged", "attack") and c.targets:
        have, need = attack_figures(c, t)
        return "" if have >= need else (f"Attack {have} of Armor {need} needed: nothing is defeated, and the points "
                                         "are spent")
    return ""


def next_warning(c: Combat, t: Tables) -> str:
    """Why ``next`` asks to be confirmed: points played and not used that leaving the phase loses
    (facts 4.1: "Points can't be banked for later"), while an enemy is left to use them on; Ranged
    points that count against no fortified target ("" when nothing is lost)."""
    if c.phase not in ("ranged", "block", "attack") or not any(item[2] > 0 for item in c.pool):
        return ""
    if c.phase == "block":
        if not open_attacks(c, t):
            return ""
    elif not c.targets and not any(can_target(c, t, i) for i in range(len(c.enemies))):
        return ""
    text = f"the points played and not used ({played_words(c.pool)}) would be lost: none is kept for a later phase"
    lost = ranged_not_counting(c, t)
    if not lost and c.phase == "ranged" and any(item[0] == "ranged" for item in c.pool):
        left = [e for i, e in enumerate(c.enemies) if i in c.targets or can_target(c, t, i)]
        if left and all(fortification(c, t, e) for e in left):
            lost = "the Ranged points count against none of the enemies left: all are fortified, only Siege counts now"
    return text + (f"; {lost}" if lost else "")


__all__ = ["attack_figures", "attack_preview", "block_figures", "block_preview", "doubled", "next_warning",
           "played_words", "preview", "resolve_warning"]
