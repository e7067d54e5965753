"""The effects of Locations, slot bonuses, Monsters, Quests, Hero cards and Tower Rooms.

Rulebook: LOCATION, QUEST AND MONSTER CARD ICON CLARIFICATIONS AND EFFECTS, and the FAQ
("Where do newly acquired Unit meeples go?", "If the supply has ever run out...").
Effects that need a choice push a sub-decision onto the state's decision stack.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine import Event, Rng, ScriptedRng
from .content_model import Effect
from .names import pname
from .state import CORRUPTION, KIND_INDEX, KINDS, PRESTIGE, SHAMAN, Group, MMState, Player, move_all
from .tables import Tables


def push_tasks(s: MMState, tasks: list[tuple[object, ...]]) -> None:
    """Queue sub-decisions so that the first given is asked first."""
    if tasks:
        s.stack.extend(reversed(tasks))


def gained_zone(s: MMState, player: int) -> list[int]:
    """Where a meeple gained now goes. Icon clarifications (+): "add 1 Unit ... to the
    Location, Monster etc. from the supply. Move it to your Lodgings during the Clean Up Step"
    (so do overrun Peasants and a Triggered Quest's meeples): it waits on its card, where no
    other effect can reach it, until the Clean Up Step. In the Clean Up Step itself ("Some
    Monsters will add additional meeples ... do so now, by adding them to your Lodgings") it
    goes straight to the Lodgings."""
    p = s.players[player]
    return p.lodgings if s.phase == "main-cleanup" else p.waiting


def end_waiting(p: Player) -> None:
    """Clean Up: the meeples gained this turn move from their cards to the Lodgings."""
    if any(p.waiting):
        move_all(p.waiting, p.lodgings)


def gain(s: MMState, player: int, kind: int, n: int, events: list[Event]) -> int:
    """Gain Units from the supply (FAQ: newly acquired Units are added to your Lodgings, at
    the Clean Up Step: ``gained_zone``). When the supply has run out you simply do not gain
    them (FAQ)."""
    got = min(n, s.supply[kind])
    if got:
        s.supply[kind] -= got
        gained_zone(s, player)[kind] += got
        events.append(Event("gain", f"{pname(player)} gains {got} {KINDS[kind]}", player,
                            {"kind": KINDS[kind], "n": got}))
    if got < n:
        events.append(Event("supply-out", f"the supply has no more {KINDS[kind]}", player, {"kind": KINDS[kind]}))
    return got


_MASK64 = (1 << 64) - 1


def draw_meeples(s: MMState, player: int, n: int) -> int:
    """Draw meeples from the bag into the Tavern. Draw Phase step 6: when the bag runs short,
    draw it empty, return all of your Lodgings to the bag, then continue drawing."""
    p = s.players[player]
    bag, tavern, rng = p.bag, p.tavern, s.rng
    if rng.__class__ is not Rng:  # a position's scripted draws (docs/positions.md)
        return _draw_scripted(s, player, n)
    total = sum(bag)
    drawn = 0
    state = rng.state
    for _ in range(n):
        if not total:
            if not any(p.lodgings):
                break
            move_all(p.lodgings, bag)
            total = sum(bag)
        # each meeple in the bag equally likely: Rng.below(total), its arithmetic inlined
        state = z = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        r = ((z ^ (z >> 31)) * total) >> 64
        k = 0
        while r >= bag[k]:
            r -= bag[k]
            k += 1
        bag[k] -= 1
        tavern[k] += 1
        total -= 1
        drawn += 1
    rng.state = state
    rng.draws += drawn
    return drawn


def _draw_scripted(s: MMState, player: int, n: int) -> int:
    """``draw_meeples`` when a position scripts the kinds drawn (``ScriptedRng.named``): each
    scripted kind is drawn as it comes; without one, a meeple is drawn at random."""
    p = s.players[player]
    bag, rng = p.bag, s.rng
    drawn = 0
    for _ in range(n):
        if not any(bag):
            if not any(p.lodgings):
                break
            move_all(p.lodgings, bag)
        named = rng.named() if isinstance(rng, ScriptedRng) else None
        if named is not None:
            k = KINDS.index(named)
            if not bag[k]:
                assert isinstance(rng, ScriptedRng)
                rng.refuse(f"{pname(player)} has no {named} in the bag to draw")
        else:
            r = rng.below(sum(bag))
            k = 0
            while r >= bag[k]:
                r -= bag[k]
                k += 1
        bag[k] -= 1
        p.tavern[k] += 1
        drawn += 1
    return drawn


def draw_quests(s: MMState, player: int, n: int, events: list[Event]) -> list[int]:
    """Draw Quest cards. NOTE (Quests): if the Quest deck runs out, reshuffle the discard pile."""
    got: list[int] = []
    for _ in range(n):
        if not s.quest_deck:
            if not s.quest_discard:
                break
            s.quest_deck = s.quest_discard
            s.quest_discard = []
            s.rng.shuffle(s.quest_deck)
            events.append(Event("reshuffle", "the Quest discard pile is reshuffled into a new Quest deck", None,
                                {"n": len(s.quest_deck)}))
        got.append(s.quest_deck.pop())
    s.players[player].quests.extend(got)
    if got:
        events.append(Event("quests", f"{pname(player)} draws {len(got)} Quest card(s)", player, {"n": len(got)}))
    return got


def cleanse(s: MMState, player: int, n: int, events: list[Event]) -> None:
    """Return up to ``n`` Corruption from the Tavern, then the Lodgings, to the supply."""
    p = s.players[player]
    done = 0
    for zone in (p.tavern, p.lodgings):
        take = min(n - done, zone[CORRUPTION])
        zone[CORRUPTION] -= take
        s.supply[CORRUPTION] += take
        done += take
    if done:
        events.append(Event("cleanse", f"{pname(player)} returns {done} Corruption to the supply", player,
                            {"n": done}))


def resolve_effects(
    t: Tables, s: MMState, player: int, effects: Iterable[Effect], events: list[Event], *,
    group: Group | None = None, location: int = -1, later: bool = False,
) -> None:
    """Resolve a list of effects for ``player``.

    ``group`` is the place the effects come from (a (-) effect returns a meeple that is
    there); ``location`` supplies Prestige stock; ``later`` is true during the Main Phase,
    when drawn meeples come in this turn's Draw Phase. Combat value effects (boost, pair,
    versus, champion) and ``rest`` act through the combat and clean-up rules, not here.
    Automatic effects resolve at once; choices are queued in printed order.
    """
    p = s.players[player]
    tasks: list[tuple[object, ...]] = []
    for e in effects:
        if e.vp is not None:
            p.vp += e.vp
            events.append(Event("vp", f"{pname(player)} {'gains' if e.vp >= 0 else 'loses'} {abs(e.vp)} VP",
                                player, {"vp": e.vp}))
        elif e.gain is not None:
            gain(s, player, KIND_INDEX[e.gain], e.count, events)
        elif e.lose is not None:
            _lose(s, player, KIND_INDEX[e.lose], group, events)
        elif e.draw is not None:
            if later:
                p.extra_draw += e.draw
                events.append(Event("draw", f"{pname(player)} will draw {e.draw} more meeple(s) this Draw Phase", player,
                                    {"n": e.draw, "later": True}))
            else:
                got = draw_meeples(s, player, e.draw)
                events.append(Event("draw", f"{pname(player)} draws {got} extra meeple(s)", player, {"n": got}))
        elif e.quests is not None:
            draw_quests(s, player, e.quests, events)
            if e.discard:
                tasks.append(("discard", player, e.discard))
        elif e.discard_quest is not None:
            tasks.append(("discard", player, e.discard_quest))
        elif e.recycle is not None:
            tasks.append(("recycle", player, e.recycle))
            if e.each_other:
                for i in range(1, s.num_players):
                    tasks.append(("recycle", (player + i) % s.num_players, e.each_other))
        elif e.cleanse is not None:
            cleanse(s, player, e.cleanse, events)
        elif e.corrupt is not None:
            got = min(e.corrupt, s.supply[CORRUPTION])
            s.supply[CORRUPTION] -= got
            gained_zone(s, player)[CORRUPTION] += got
            if got:
                events.append(Event("corrupt", f"{pname(player)} takes {got} Corruption", player, {"n": got}))
        elif e.prestige is not None:
            k = KIND_INDEX[e.prestige]
            stock = s.stock.get(location)
            if stock is not None:
                if stock[k]:
                    stock[k] -= 1
                    gained_zone(s, player)[k] += 1
                    events.append(Event("gain", f"{pname(player)} gains 1 {e.prestige}", player,
                                        {"kind": e.prestige, "n": 1}))
                else:
                    events.append(Event("supply-out", f"no {e.prestige} is left on this Location", player,
                                        {"kind": e.prestige}))
            else:
                gain(s, player, k, 1, events)
        elif e.any_prestige is not None:
            tasks.append(("prestige", player, e.any_prestige))
    push_tasks(s, tasks)


def _lose(s: MMState, player: int, kind: int, group: Group | None, events: list[Event]) -> None:
    """(-): return a meeple of that kind, which must be at this place, to the supply (FAQ:
    "it must be one that is at the Location at the time"). A Shaman filling in for the kind
    goes when no meeple of the kind itself is there."""
    if group is None:
        p = s.players[player]
        zone = p.tavern if p.tavern[kind] else p.lodgings
        if zone[kind]:
            zone[kind] -= 1
            s.supply[kind] += 1
            events.append(Event("lose", f"{pname(player)} returns 1 {KINDS[kind]} to the supply", player,
                                {"kind": KINDS[kind]}))
        return
    for k in (kind, SHAMAN):
        if group.units[k]:
            group.units[k] -= 1
            if k == SHAMAN and group.roles:
                group.roles.pop()
            s.supply[k] += 1
            events.append(Event("lose", f"{pname(player)} returns 1 {KINDS[k]} to the supply", player,
                                {"kind": KINDS[k]}))
            return


def prestige_choices(s: MMState) -> list[int]:
    return [k for k in PRESTIGE if s.supply[k]]


def gain_prestige(s: MMState, player: int, kind: int, events: list[Event]) -> None:
    """The tricoloured star: 1 Prestige Unit of the player's choice from the supply."""
    s.supply[kind] -= 1
    gained_zone(s, player)[kind] += 1
    events.append(Event("gain", f"{pname(player)} gains 1 {KINDS[kind]}", player, {"kind": KINDS[kind], "n": 1}))
