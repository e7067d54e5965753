"""Combat, all four phases, as small decisions: Ranged and Siege Attacks, Block, Assign Damage,
Attack (facts 4.1). Rulebook excerpt: ENEMY TOKEN ABILITIES, UNIT RESISTANCES, MULTIPLE
ATTACKS, WALLS "Combat", and the site rules that set up combats (their conditions are the
inputs of ``start_combat``).

Decisions, one small step each:

- Ranged and Siege / Attack: ``target N`` (one enemy at a time), Unit activations
  (``activate peasants-1 attack``, ``activate illusionists-1 prevent 2``), ``resolve`` (the
  points played so far against the chosen targets), ``next`` (end the phase).
- Block: ``block N`` (``block N.A`` for one attack of a multi-attack enemy), activations,
  ``spend-move N`` (Cumbersome), ``resolve``, ``next``.
- Assign Damage: ``assign N unit peasants-1`` / ``assign N hero`` until all damage is assigned.

What is legal at each step is ``choices.py``'s; this module starts a combat and plays its
steps. Points come from Unit activations and from ``add_effect`` (cards, skills and sideways plays of
later stages; tests use it to say "the hero has played Fire Attack 4").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ....engine import (
    Action,
    BoardrulesError,
    Event,
    IllegalActionError,
    Rng,
)
from ..content import Tables
from ..content_model import Effect
from ..draws import draw_from
from ..units.in_combat import (
    ON_ENEMY,
    activate,
    apply_effect,
    effect_usable,
)
from .choices import (
    FORKED,
    FORKED_HIT,
    counting_points,
    pending_damage,
    ranged_not_counting,
)
from .damage import damage_hero, damage_unit, unblocked_damage
from .defeat import defeat, outcome
from .enemies import (
    REPLACED_RULE,
    all_blocked,
    attack,
    attack_value,
    attacks_now,
    city_defender,
    defense,
    ignores,
    is_summoner,
    name,
    replaced,
    replaced_reason,
    says,
    their,
    whose,
)
from .preview import attack_figures, block_figures, next_warning, resolve_warning
from .state import PHASE_NAMES, Combat, CombatEnemy, CombatUnit, Hero

CITY_COLOURS = ("white", "blue", "red", "green")
DISCARDS = ":discards"  # Combat.summon_piles[colour + DISCARDS]: the pile's discards, a new pile once it runs out


def start_combat(
    t: Tables,
    enemies: Sequence[str],
    *,
    units: Iterable[tuple[str, int, bool] | tuple[str, int, bool, str]] = (),
    hero: Hero | None = None,
    site: str = "",
    night: bool = False,
    units_allowed: str = "all",
    chosen_unit: str = "",
    site_fortified: bool = False,
    city: str = "",
    across_wall: bool | Sequence[bool] = False,
    rampaging: bool | Sequence[bool] = False,
    mana: dict[str, int] | None = None,
    influence: int = 0,
    move_points: int = 0,
    sets: frozenset[str] | None = None,
    player: int = 0,
    summon_piles: Mapping[str, Sequence[str]] | None = None,
) -> Combat:
    """A combat at its start (the Ranged and Siege Attacks phase).

    ``units``: (unit id, wounds, spent[, mana token on the card]) for each Unit the player has; they are named
    ``<id>-1``, ``<id>-2``... in actions. ``units_allowed``: "all", "none" (dungeon, tomb,
    burning a monastery) or "one" (maze, labyrinth: only ``chosen_unit``). ``rampaging``: the
    enemies (or each one) are rampaging rather than defending a site. ``city``: the colour of
    the city assaulted (its defenders get the city's bonus; a city is a fortified site).
    ``across_wall``: the combat (or each enemy, in order) is across a wall from the hero.
    ``summon_piles``: the game's face-down enemy piles by colour, which Summon Attacks draw
    from (``outcome`` names the tokens drawn, for the game to discard); without them, each
    colour's whole pile of the content less the tokens in the combat (hand-set combats)."""
    if isinstance(enemies, str) or not enemies:
        raise BoardrulesError("enemies: give a list of one or more enemy token ids")
    if hero is not None and (hero.armor < 1 or hero.hand_limit < 1 or hero.hand < 0 or hero.wounds_hand < 0):
        raise BoardrulesError(f"hero: Armor and Hand limit are at least 1, cards in hand at least 0 (got Armor "
                              f"{hero.armor}, Hand limit {hero.hand_limit}, {hero.hand} cards, {hero.wounds_hand} "
                              "Wounds)")
    c = Combat()
    c.player = player
    flags = [rampaging] * len(enemies) if isinstance(rampaging, bool) else list(rampaging)
    if len(flags) != len(enemies):
        raise BoardrulesError("rampaging: give one flag per enemy")
    for ref, ramp in zip(enemies, flags, strict=True):
        if ref not in t.enemy:
            raise BoardrulesError(f"unknown enemy token {ref!r} (enemies.toml ids, e.g. 'wolf-riders')")
        c.enemies.append(CombatEnemy(ref, len(t.enemy[ref].attacks), ramp))
    seen: dict[str, int] = {}
    for entry in units:
        if not isinstance(entry, tuple) or len(entry) not in (3, 4):
            raise BoardrulesError(f"units: give (unit id, wounds, spent[, mana token]) for each Unit, not {entry!r}")
        unit_id, wounds, spent, *token = entry
        if not isinstance(wounds, int) or wounds < 0 or not isinstance(spent, bool):
            raise BoardrulesError(f"units: the {unit_id} need a number of Wounds (0 or more) and spent True/False")
        if unit_id not in t.unit:
            raise BoardrulesError(f"unknown Unit {unit_id!r} (units.toml ids, e.g. 'peasants')")
        colour = str(token[0]) if token else ""
        if colour and (not t.unit[unit_id].mana_token or colour not in ("red", "blue", "green", "white")):
            raise BoardrulesError(f"the {unit_id} cannot keep a {colour!r} mana token on the card")
        seen[unit_id] = seen.get(unit_id, 0) + 1
        c.units.append(CombatUnit(unit_id, f"{unit_id}-{seen[unit_id]}", wounds, spent, colour))
    if units_allowed not in ("all", "none", "one"):
        raise BoardrulesError(f"units_allowed must be 'all', 'none' or 'one', not {units_allowed!r}")
    if units_allowed == "one" and chosen_unit:
        chosen = next((u for u in c.units if u.label == chosen_unit), None)
        if chosen is None:
            raise BoardrulesError(f"the chosen Unit {chosen_unit!r} is not among the player's Units")
        if chosen.wounds or chosen.spent:
            raise BoardrulesError(f"the chosen Unit {chosen_unit!r} must be ready and unwounded (MAZE, LABYRINTH)")
    c.hero = hero if hero is not None else Hero(2, 5, 5)
    c.site, c.night, c.units_allowed, c.chosen_unit = site, night, units_allowed, chosen_unit
    if city not in ("", *CITY_COLOURS):
        raise BoardrulesError(f"city must be one of {', '.join(CITY_COLOURS)}, not {city!r}")
    # one wall for the whole combat: in an assault it lies between the hero and the site, not the
    # rampaging enemies the move provoked (a move never provokes across a wall)
    walls = [across_wall and not (f and (site_fortified or bool(city))) for f in flags] if isinstance(across_wall, bool) \
        else list(across_wall)
    if len(walls) != len(enemies) or not all(isinstance(w, bool) for w in walls):
        raise BoardrulesError("across_wall: give True/False, or one True/False per enemy")
    for e, walled in zip(c.enemies, walls, strict=True):
        e.walled = walled
    c.site_fortified, c.across_wall = site_fortified or bool(city), any(walls)
    for e in c.enemies:
        if city and not e.rampaging:
            city_defender(t, e, city)
    c.move_points = move_points
    if influence < 0 or move_points < 0:
        raise BoardrulesError("influence and move_points cannot be negative")
    c.influence = influence
    for colour, n in (mana or {}).items():
        if colour not in c.mana or n < 0:
            raise BoardrulesError(f"mana: {colour!r} x{n} is not a mana colour and count")
        c.mana[colour] = n
    in_combat = [e.token for e in c.enemies]
    for colour in {a.summon for e in c.enemies for a in t.enemy[e.token].attacks if a.summon}:
        if summon_piles is not None:
            if colour not in summon_piles or any(x not in t.enemy for x in summon_piles[colour]):
                raise BoardrulesError(f"summon_piles: give the {colour} pile as enemy token ids")
            pile = list(summon_piles[colour])
        else:
            pile = t.pile(colour, sets)
            for token_id in in_combat:
                if token_id in pile:
                    pile.remove(token_id)
        # a summoned Summoner could not summon (the Block phase has begun): none are drawn
        c.summon_piles[colour] = [x for x in pile if t.enemy[x].attacks[0].summon is None]
        later = (summon_piles or {}).get(colour + DISCARDS)
        if later:  # the pile's discards, shuffled into a new pile if it runs out (facts 5.1)
            c.summon_piles[colour + DISCARDS] = [x for x in later if x in t.enemy and t.enemy[x].attacks[0].summon is None]
    return c


# ---- doing it ---------------------------------------------------------------------------

def add_effect(c: Combat, t: Tables, effect: Effect, target: int = -1, mana: tuple[str, ...] = (),
               events: list[Event] | None = None) -> None:
    """Add a played effect to the combat (cards, skills, sideways plays of later stages).
    ``target`` is the enemy index (from 0) for effects on one enemy; ``mana`` what powered it
    (Fire/Ice Resistance ignore red/blue non-Attack effects)."""
    if not effect_usable(c, effect.type):
        raise IllegalActionError(f"a {effect.type} effect cannot be used in the {PHASE_NAMES[c.phase]}", "COMBAT")
    if effect.type in ON_ENEMY:
        if not 0 <= target < len(c.enemies):
            raise IllegalActionError(f"this {effect.type} effect needs an enemy (1-{len(c.enemies)})", "COMBAT")
        if c.enemies[target].defeated or c.enemies[target].gone:
            raise IllegalActionError(f"{says(t, c.enemies[target], 'are')} no longer in the combat", "COMBAT")
        if replaced(c, target):
            raise IllegalActionError(replaced_reason(c, t, target), REPLACED_RULE)
    events = events if events is not None else []
    apply_effect(c, t, effect, target, mana, events)
    _after_reduction(c, t)
    end_if_all_defeated(c, t, events)
    c.cached = None


def end_if_all_defeated(c: Combat, t: Tables, events: list[Event]) -> None:
    """The combat ends once every enemy is defeated, also by an effect (Destroy if blocked,
    Tornado), not only by an attack."""
    if c.phase != "over" and all(e.defeated or e.summoner >= 0 for e in c.enemies):
        _end(c, t, events)


def parse_attack(c: Combat, t: Tables, ref: str) -> tuple[int, int] | None:
    head, _, tail = ref.partition(".")
    if not head.isdigit() or (tail and not tail.isdigit()):
        return None
    i = int(head) - 1
    if not 0 <= i < len(c.enemies):
        return None
    n = len(t.enemy[c.enemies[i].token].attacks)
    a = int(tail) - 1 if tail else 0
    if not 0 <= a < n or (n > 1) != bool(tail):
        return None
    return i, a


def play_combat_action(t: Tables, c: Combat, action: Action, events: list[Event], rng: Rng) -> None:
    """Play a legal action of ``combat_decision`` (``actions.apply_combat`` checks it first)."""
    c.cached = None
    name_ = action.name
    if name_ == "back":  # the resolve or next waiting is not played: the phase goes on
        c.asking = ""
        return
    if name_ == "confirm":
        name_, c.asking = c.asking, ""
    elif name_ in ("resolve", "next") and warning_of(c, t, name_):
        c.asking = name_  # played once confirmed (decision.py)
        return
    if name_ == "target":
        c.targets.append(int(action.args[0]) - 1)
    elif name_ == "untarget":
        c.targets.remove(int(action.args[0]) - 1)
    elif name_ == "activate" and action.args[1] == "banner":
        _banner_of_fear(c, t, next(x for x in c.units if x.label == action.args[0]), events)
    elif name_ == "activate":
        u = next(x for x in c.units if x.label == action.args[0])
        ability = next(ab for ab in t.unit[u.unit].abilities if ab.key == action.args[1])
        target = int(action.args[2]) - 1 if len(action.args) > 2 else -1
        activate(c, t, u, ability, target, events)
        _after_reduction(c, t)
        end_if_all_defeated(c, t, events)
    elif name_ == "resolve":
        if c.phase == "block":
            _resolve_block(c, t, events)
        else:
            _resolve_attack(c, t, events)
    elif name_ == "block":
        c.block_target = parse_attack(c, t, action.args[0])
    elif name_ == "spend-move":
        i, a = parse_attack(c, t, action.args[0]) or (0, 0)
        c.move_points -= 1
        c.enemies[i].reduction[a] += 1
        events.append(Event("cumbersome", f"1 Move spent: {whose(t, c.enemies[i])} attack -1",
                            data={"enemy": i + 1, "attack": a + 1}))
        _after_reduction(c, t)
    elif name_ == "assign":
        i, a = parse_attack(c, t, action.args[0]) or (0, 0)
        e = c.enemies[i]
        if action.args[1] == "hero":
            damage_hero(c, t, e, a, events)
        else:
            u = next(x for x in c.units if x.label == action.args[2])
            damage_unit(c, t, e, a, u, events)
        if not pending_damage(c):
            _start_attack_phase(c, t, events)
    elif name_ == "next":
        _next_phase(c, t, events, rng)


def warning_of(c: Combat, t: Tables, word: str) -> str:
    """Why ``resolve`` or ``next`` waits for a confirmation ("" when it is played at once)."""
    return resolve_warning(c, t) if word == "resolve" else next_warning(c, t)


def _banner_of_fear(c: Combat, t: Tables, u: CombatUnit, events: list[Event]) -> None:
    """Banner of Fear under a Unit (facts 3.3): in the Block phase the Unit is spent to cancel one
    enemy attack, the one declared (``block N`` first), Fame +1. The cancelled attack deals no
    damage and counts as blocked (our reading, as an attack reduced to 0); it acts on the attack,
    so Arcane Immunity does not stop it."""
    assert c.block_target is not None
    i, a = c.block_target
    e = c.enemies[i]
    u.spent, u.used, u.activated_in = True, ["banner"], c.phase
    e.blocked[a] = True
    c.block_target = None
    c.fame += 1
    events.append(Event("cancelled", f"the {t.unit[u.unit].name} ({u.label}) are spent: the Banner of Fear cancels "
                        f"an attack of {name(t, e)}; Fame +1", data={"unit": u.label, "enemy": i + 1,
                                                                    "attack": a + 1}))


def _after_reduction(c: Combat, t: Tables) -> None:
    """Cumbersome: "An attack reduced to 0 is considered successfully blocked" (we apply it to
    every attack reduction)."""
    for e in c.enemies:
        for a in range(len(e.blocked)):
            if not e.blocked[a] and attack(t, e, a).summon is None and attack_value(t, e, a) == 0:
                e.blocked[a] = True
    if c.block_target is not None and c.enemies[c.block_target[0]].blocked[c.block_target[1]]:
        c.block_target = None


def _resolve_attack(c: Combat, t: Tables, events: list[Event]) -> None:
    """An attack succeeds if its value reaches the total Armor of its targets; otherwise it has
    no effect and nothing carries over (``preview.attack_figures`` reckons both). Defense: each
    target without a Defend bonus gets one from a Defend enemy that has not given its own
    (``enemies.defense``)."""
    used = counting_points(c, t)
    lost = ranged_not_counting(c, t)
    if lost:
        events.append(Event("not-counted", lost, data={
            "ranged": sum(item[2] for k, item in enumerate(c.pool) if item[0] == "ranged" and k not in used)}))
    targets = c.targets
    total, needed = attack_figures(c, t)
    for i, j in defense(c, t, targets):
        bonus = t.enemy[c.enemies[j].token].defend
        c.enemies[i].defended_by = j
        c.enemies[i].armor_bonus += bonus
        by = f"{their(t, c.enemies[i])} own Defend" if i == j else f"the Defend of {name(t, c.enemies[j])}"
        events.append(Event("defend", f"Defense: {says(t, c.enemies[i], 'get')} Armor +{bonus} for this combat ({by})",
                            data={"enemy": i + 1, "armor": bonus, "by": j + 1}))
    if any(c.pool[k][4] == FORKED for k in used):  # each enemy gets one Forked Lightning point at most
        c.this_combat += [f"{FORKED_HIT}{i}" for i in targets]
    c.pool = [item for k, item in enumerate(c.pool) if k not in used]
    c.targets = []
    if total >= needed:
        defeat(c, t, targets, events)
        if c.this_combat:
            _harvest(c, t, targets, events)
    else:
        events.append(Event("attack-failed", f"Attack {total} against Armor {needed}: no effect",
                            data={"attack": total, "armor": needed}))
    if all(e.defeated or e.summoner >= 0 for e in c.enemies):
        _end(c, t, events)


def _resolve_block(c: Combat, t: Tables, events: list[Event]) -> None:
    """A block succeeds if its efficient value reaches the attack (twice it against Swift); a
    partial block does nothing."""
    assert c.block_target is not None
    i, a = c.block_target
    e = c.enemies[i]
    used = counting_points(c, t)
    total, needed = block_figures(c, t)
    c.pool = [item for k, item in enumerate(c.pool) if k not in used]
    c.block_target = None
    if total >= needed:
        e.blocked[a] = True
        events.append(Event("blocked", f"Block {total}: {whose(t, e)} attack is blocked",
                            data={"enemy": i + 1, "attack": a + 1}))
        if all_blocked(e) and e.destroy_if_blocked:
            defeat(c, t, [i], events)
    else:
        events.append(Event("block-failed", f"Block {total} against {needed}: no effect",
                            data={"block": total, "needed": needed}))
    if c.this_combat:  # what waited on this block (Burning Shield, Shield of the Fallen Kings)
        _after_block(c, t, i, total >= needed, events)


HARVEST = (("fire", "red"), ("ice", "blue"), ("physical", "green"))  # a resistance and its crystal


def _harvest(c: Combat, t: Tables, targets: list[int], events: list[Event]) -> None:
    """Soul Harvester: a crystal for one enemy the next successful attack defeats (``harvest:1``),
    or for each defeated in this phase (``harvest:all``): red if it had Fire Resistance, else blue
    for Ice, green for Physical, white without any (the first that fits: our reading). The
    crystals are gained when the combat ends (``crystal:COLOUR``)."""
    words = [w for w in c.this_combat if w.startswith("harvest:")]
    if not words:
        return
    n = len(targets) if "harvest:all" in words else 1
    for i in targets[:n]:
        res = t.enemy[c.enemies[i].token].resistances
        colour = next((crystal for r, crystal in HARVEST if r in res), "white")
        c.this_combat.append("crystal:" + colour)
        events.append(Event("harvest", f"{name(t, c.enemies[i])}: a {colour} crystal (Soul Harvester)",
                            data={"enemy": i + 1, "colour": colour}))
    if "harvest:all" not in words:
        c.this_combat.remove("harvest:1")


def _after_block(c: Combat, t: Tables, i: int, blocked: bool, events: list[Event]) -> None:
    """Burning Shield played for this block: if it succeeds, Fire Attack N waits for the Attack
    phase (``attack-phase:fire:N``), or the blocked enemy is destroyed (Exploding Shield, a red
    effect: Fire Resistance and Arcane Immunity ignore it)."""
    waiting = [w for w in c.this_combat if w.startswith("block:")]
    c.this_combat = [w for w in c.this_combat if not w.startswith("block:")]
    later = next((w for w in c.this_combat if w.startswith("then-block:")), "")
    if later:  # Shield of the Fallen Kings: its next Block 4, against another attack
        c.this_combat.remove(later)
        _, element, value = later.split(":")
        c.pool.append(("block", element, int(value), False, -1))
    if not blocked:
        return
    for word in waiting:
        if word.startswith("block:fire-attack:"):
            c.this_combat.append("attack-phase:fire:" + word.rsplit(":", 1)[1])
        elif word == "block:destroy":
            e = c.enemies[i]
            why = ignores(t, e, ("red",))
            if why:
                events.append(Event("ignored", f"{says(t, e, 'ignore')} this effect ({why})", data={"enemy": i + 1}))
            elif not e.defeated:
                defeat(c, t, [i], events)


def _next_phase(c: Combat, t: Tables, events: list[Event], rng: Rng) -> None:
    """End a phase. Points cannot be banked: what was not used is lost."""
    c.pool = []
    c.targets = []
    c.block_target = None
    if c.this_combat:  # what waits on this phase's attacks or blocks is lost too
        c.this_combat = [w for w in c.this_combat if not w.startswith(("harvest:", "block:", "then-block:"))]
    if c.phase == "ranged":
        c.phase = "block"
        events.append(Event("phase", f"the {PHASE_NAMES[c.phase]}", data={"phase": c.phase}))
        _summon(c, t, events, rng)
    elif c.phase == "block":
        c.phase = "damage"
        events.append(Event("phase", f"the {PHASE_NAMES[c.phase]}", data={"phase": c.phase}))
        for i, a in attacks_now(c, t):
            e = c.enemies[i]
            if not e.blocked[a]:
                e.left[a] = unblocked_damage(t, e, a)
        if not pending_damage(c):
            _start_attack_phase(c, t, events)
    elif c.phase == "attack":
        _end(c, t, events)


def _summon(c: Combat, t: Tables, events: list[Event], rng: Rng) -> None:
    """Summon Attack: at the start of the Block phase, draw a random token of the pile for each
    summon attack; it replaces the summoner in the Block and Assign Damage phases."""
    for i in range(len(c.enemies)):
        e = c.enemies[i]
        if e.defeated or e.prevented or e.summoner >= 0 or not is_summoner(t, e):
            continue
        for a in t.enemy[e.token].attacks:
            pile = c.summon_piles.get(a.summon or "", [])
            if not pile and c.summon_piles.get((a.summon or "") + DISCARDS):  # facts 5.1: reshuffled
                pile += c.summon_piles.pop((a.summon or "") + DISCARDS)
                events.append(Event("summon", f"the {a.summon} pile runs out: its discards are shuffled into a new "
                                    "pile", data={"enemy": i + 1, "token": None}))
            if not pile:
                events.append(Event("summon", f"{says(t, e, 'summon')} nothing: the pile is empty",
                                    data={"enemy": i + 1, "token": None}))
                continue
            top = "pile-top:" + (a.summon or "")  # a top the Scouts fixed (units/outside_combat.PILE_TOP)
            if top in c.this_combat:
                c.this_combat = [w for w in c.this_combat if w != top] + ["pile-top-drawn:" + (a.summon or "")]
                drawn = pile.pop()
            else:
                drawn = draw_from(rng, pile)
            c.enemies.append(CombatEnemy(drawn, len(t.enemy[drawn].attacks), summoner=i))
            events.append(Event("summon", f"{says(t, e, 'summon')} the {t.enemy[drawn].name}",
                                data={"enemy": i + 1, "token": drawn}))


def _start_attack_phase(c: Combat, t: Tables, events: list[Event]) -> None:
    """After the Assign Damage phase the summoned tokens are discarded (no Fame)."""
    for e in c.enemies:
        if e.summoner >= 0 and not e.gone:
            e.gone = True
            events.append(Event("discarded", f"{says(t, e, 'are')} discarded (summoned)",
                                data={"token": e.token}))
    c.phase = "attack"
    events.append(Event("phase", f"the {PHASE_NAMES[c.phase]}", data={"phase": c.phase}))
    for word in c.this_combat:  # attacks that a successful block (Burning Shield) or Possess gave
        if word.startswith("attack-phase:"):
            _, element, value, *source = word.split(":")
            c.pool.append(("attack", element, int(value), False, int(source[0]) if source else -1))
            events.append(Event("attack", f"{element.capitalize()} Attack {value} from a successful block",
                                data={"element": element, "value": int(value)}))
    c.this_combat = [w for w in c.this_combat if not w.startswith("attack-phase:")]


def _end(c: Combat, t: Tables, events: list[Event]) -> None:
    c.phase = "over"
    c.pool, c.targets = [], []
    result = outcome(c)
    events.append(Event("combat-over", f"combat over: {'all enemies defeated' if result['won'] else 'enemies remain'}; "
                        f"Fame +{c.fame}, Reputation {c.reputation:+d}", data=result))
