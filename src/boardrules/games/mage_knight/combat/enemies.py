"""What an enemy token is worth in a combat: its fortification, resistances, Armor and attacks
after the effects played on it. Rulebook excerpt, ENEMY TOKEN ABILITIES (DEFENSIVE) and WALLS
"Combat"; facts 4.3 "Fortified sites"."""

from __future__ import annotations

from collections.abc import Sequence

from ..content import Tables
from ..content_model import Enemy, EnemyAttack
from .state import Combat, CombatEnemy


def token(t: Tables, e: CombatEnemy) -> Enemy:
    return t.enemy[e.token]


def name(t: Tables, e: CombatEnemy) -> str:
    """The token's name as a player says it ("the Guardsmen")."""
    return "the " + t.enemy[e.token].name


def many(enemy_name: str) -> bool:
    """Whether a token's name is plural: the Wolf Riders, the Guardsmen (a band), the Minotaur,
    the Zombie Horde (one)."""
    return enemy_name.endswith(("s", "men"))


SINGULAR = {"are": "is", "have": "has", "do": "does", "were": "was", "their": "its", "they": "it",
            "them": "it", "themselves": "itself"}


def says(t: Tables, e: CombatEnemy, verb: str) -> str:
    """The token's name with a verb that agrees: ``the Wolf Riders are``, ``the Minotaur is``,
    ``the Gargoyle ignores`` (the verb given in its plural form)."""
    return f"{name(t, e)} {verb if many(t.enemy[e.token].name) else SINGULAR.get(verb, verb + 's')}"


def their(t: Tables, e: CombatEnemy, word: str = "their") -> str:
    """``their`` (``they``, ``them``) for a plural token, ``its`` (``it``) for one."""
    return word if many(t.enemy[e.token].name) else SINGULAR[word]


def whose(t: Tables, e: CombatEnemy) -> str:
    """The token's name as an owner: ``the Wolf Riders'``, ``the Minotaur's``."""
    n = name(t, e)
    return f"{n}'" if n.endswith("s") else f"{n}'s"


def is_summoner(t: Tables, e: CombatEnemy) -> bool:
    """Summon Attack: the token's attacks are summons (it does not attack itself)."""
    return t.enemy[e.token].attacks[0].summon is not None


def replaced(c: Combat, i: int) -> bool:
    """Summon Attack: "It replaces the enemy in the Block and Assign Damage phases, then it is
    discarded": from its summons at the start of the Block phase until they are discarded, a
    summoner is out of play, no effect can name it, only its summoned tokens. A summoner that
    summoned nothing (an empty pile) stays as itself."""
    return any(x.summoner == i and not x.gone for x in c.enemies)


def enemy_index(word: str) -> int:
    """The enemy a word numbers (``1`` is the first, index 0), or -1: a number of thousands of
    digits or a digit of another script ('²') numbers none (int() would refuse it)."""
    return int(word) - 1 if word.isascii() and word.isdigit() and len(word) <= 4 else -1


def replaced_reason(c: Combat, t: Tables, i: int) -> str:
    """The refusal of an effect that names a replaced summoner ("" when it is not replaced)."""
    if not replaced(c, i):
        return ""
    summoned = " and the ".join(t.enemy[x.token].name for x in c.enemies if x.summoner == i and not x.gone)
    return (f"{name(t, c.enemies[i])} are replaced by the {summoned} they summoned until the end of the Assign "
            "Damage phase: an effect can name only the summoned token")


REPLACED_RULE = "ENEMY TOKEN ABILITIES: Summon Attack"


def attack_ref(c: Combat, t: Tables, i: int, a: int) -> str:
    """An attack's word in actions: ``2`` for enemy 2's only attack, ``2.1`` for the first of
    several (MULTIPLE ATTACKS: each is handled separately)."""
    return str(i + 1) if len(t.enemy[c.enemies[i].token].attacks) == 1 else f"{i + 1}.{a + 1}"


def site_fortification(c: Combat, t: Tables, e: CombatEnemy) -> int:
    """The site fortifications that count for this enemy (WALLS "Combat"; Unfortified).

    A fortified site's defenders are fortified, double fortified across a wall; rampaging
    enemies challenged across a wall are fortified, each by its own wall (walls count as site fortifications),
    also when challenged to join an assault (RB Combat 2c). Rampaging enemies a move provoked are
    not: a move never provokes enemies across a wall (WALLS "Provoking"), and the wall of an
    assault lies between the hero and the site.
    Unfortified enemies and summoned ones ignore all site fortifications."""
    en = t.enemy[e.token]
    if e.summoner >= 0 or "unfortified" in en.abilities:
        return 0
    if c.this_combat and "no-site-fortifications" in c.this_combat:  # Demolish
        return 0
    if e.rampaging:
        return 1 if e.walled else 0
    if c.site_fortified:
        return 2 if e.walled else 1
    return 0


def fortification(c: Combat, t: Tables, e: CombatEnemy) -> int:
    """0 unfortified, 1 fortified, 2 or more double fortified: the Fortified ability plus the
    site fortifications (Fortified: "no attacks at all if it also defends a fortified site")."""
    if e.no_fortification:
        return 0
    return site_fortification(c, t, e) + ("fortified" in t.enemy[e.token].abilities and e.summoner < 0)


def resistances(t: Tables, e: CombatEnemy) -> tuple[str, ...]:
    if e.no_resistances:
        return ()
    res = t.enemy[e.token].resistances
    return tuple(r for r in res if r not in e.resistances_lost) if e.resistances_lost else res


def all_blocked(e: CombatEnemy) -> bool:
    """MULTIPLE ATTACKS: an enemy is "successfully blocked" if all its attacks are blocked."""
    return all(e.blocked)


def armor(c: Combat, t: Tables, e: CombatEnemy, bonus: int = 0) -> int:
    """The Armor an attack must beat (with ``bonus`` more: a Defend bonus the attack will give).
    Elusive: the higher value except in the Attack phase when all its attacks were blocked; any
    Armor modifications apply to both values (reductions never below 1)."""
    en = t.enemy[e.token]
    base = en.elusive_armor if elusive_now(c, t, e) and en.elusive_armor is not None else en.armor
    value = base + e.armor_bonus + bonus
    return max(1, value - e.armor_cut) if e.armor_cut else value


def elusive_now(c: Combat, t: Tables, e: CombatEnemy) -> bool:
    """Elusive: its higher Armor counts now (always, but in the Attack phase once all its attacks
    are blocked)."""
    return t.enemy[e.token].elusive_armor is not None and not (c.phase == "attack" and all_blocked(e))


def attack_value(t: Tables, e: CombatEnemy, a: int) -> int:
    """An attack's value after a city's bonus and the reductions (Cumbersome, effects) for the
    rest of the turn."""
    return max(0, t.enemy[e.token].attacks[a].value + e.attack_bonus[a] - e.reduction[a])


# the attack abilities an enemy can lose for a combat (Chilling Stare)
ATTACK_ABILITIES = ("swift", "brutal", "poison", "paralyze", "vampiric", "assassination", "cumbersome")


def has(t: Tables, e: CombatEnemy, ability: str) -> bool:
    """The token's ability, or one gained from the city it defends; not an attack ability it
    lost this combat."""
    if e.lost_abilities and ability in ATTACK_ABILITIES or e.ignored and ability in e.ignored:
        return False
    return ability in t.enemy[e.token].abilities or ability in e.gained


def defense(c: Combat, t: Tables, targets: Sequence[int]) -> list[tuple[int, int]]:
    """Defense (ENEMY TOKEN ABILITIES: "The first enemy that you attack in combat ... has its Armor
    value increased by the value of the Defend ability, until the end of that combat"; the full
    rulebook: Defend enemies "defend themselves or other enemies"): each Defend enemy gives its
    bonus once a combat, to the first enemy attacked that has none yet, and no enemy gets two.
    The (target, Defend enemy) pairs an attack on ``targets`` sets, in the order they were
    named: the Defend enemies still in the combat that have not given theirs, in the combat's
    order (our reading: rules-choices.md "Defense")."""
    given = {e.defended_by for e in c.enemies}
    free = [j for j, e in enumerate(c.enemies) if j not in given and not e.defeated and e.summoner < 0
            and t.enemy[e.token].defend and has(t, e, "defend")]
    pairs = []
    for i in targets:
        if c.enemies[i].defended_by < 0 and free:
            pairs.append((i, free.pop(0)))
    return pairs


# A city's bonus to its defenders when assaulted (facts 4.6).
CITY_ARMOR = {"white": 1}
CITY_ATTACK = {"blue": {"fire": 2, "ice": 2, "cold-fire": 1}}
CITY_ABILITY = {"red": "brutal", "green": "poison"}


def city_defender(t: Tables, e: CombatEnemy, city: str) -> None:
    """Facts 4.6: White city, all defenders +1 Armor; Blue, +2 to Fire and Ice attacks and +1
    to Cold Fire ones; Red, enemies with a physical attack gain Brutal; Green, they gain
    Poison."""
    attacks = t.enemy[e.token].attacks
    e.armor_bonus += CITY_ARMOR.get(city, 0)
    for a, at in enumerate(attacks):
        e.attack_bonus[a] += CITY_ATTACK.get(city, {}).get(at.element, 0)
    gained = CITY_ABILITY.get(city)
    if gained and any(at.element == "physical" and at.summon is None for at in attacks):
        e.gained.append(gained)


def attack(t: Tables, e: CombatEnemy, a: int) -> EnemyAttack:
    """The token's attack, with its element as Know Your Prey changed it (``CombatEnemy.ignored``)."""
    at = t.enemy[e.token].attacks[a]
    if e.ignored:
        changed = next((w.rpartition(":")[2] for w in e.ignored if w.startswith(f"element:{a}:")), "")
        if changed:
            return at.model_copy(update={"element": changed})
    return at


def attacks_now(c: Combat, t: Tables) -> list[tuple[int, int]]:
    """The (enemy, attack) pairs that attack in the Block and Assign Damage phases: a
    summoner is replaced by its summoned tokens; prevented enemies do not attack at all."""
    out: list[tuple[int, int]] = []
    for i, e in enumerate(c.enemies):
        if e.defeated or e.gone or e.prevented or is_summoner(t, e):
            continue
        if e.summoner >= 0 and c.enemies[e.summoner].prevented:
            continue  # preventing the summoner prevents its attacks, which its summons make
        out.extend((i, a) for a in range(len(e.blocked)))
    return out


def ignores(t: Tables, e: CombatEnemy, mana: tuple[str, ...], on_attacks: bool = False) -> str:
    """Why an enemy ignores a non-Attack/Block effect powered by ``mana``, or "" if it is
    affected: Arcane Immunity (but "effects that directly affect enemy attacks still apply":
    ``on_attacks``); Fire Resistance ignores red ones, Ice Resistance blue ones."""
    en = t.enemy[e.token]
    if "arcane-immunity" in en.abilities and not on_attacks:
        return "Arcane Immunity"
    res = resistances(t, e)
    if "red" in mana and "fire" in res:
        return "Fire Resistance"
    if "blue" in mana and "ice" in res:
        return "Ice Resistance"
    return ""
