"""The battles of the map game (facts 5.6; the excerpt's Flipping for Guards), wired to
``battle.py`` (the battle modules). An Army Stack entering a hex fights the enemy Army Stacks there one after the
other, then the Guard Stack; each battle is a run of small decisions for both sides while the
battle is the top of ``s.pending`` (``("battle", hex, aggressor marker, enemy marker or -1 for
the Guards, the hex the aggressor came from)``) and ``s.battle`` holds it. The battle rolls with
the game's own generator (``s.rng``), so one stream of randomness runs through the game.

What a battle's end does on the map (ours, docs/heroes-iv/rules-choices.md): the fallen cards go
to their owner's discard stack (a Hero with his Artifacts); an aggressor that withdraws,
surrenders or is held off for the round limit goes back, with what is left, to the hex it came
from, its movement over; a defending Army Stack that withdraws or surrenders leaves the map, its
cards to its owner's discard stack; a sacked Town loses the cards stored under it. After the
last battle won, the aggressor may be offered discoveries as after any move."""

from __future__ import annotations

from dataclasses import replace

from ...engine import Event
from . import discovery
from .battle import apply_battle, battle_decision
from .battle_rounds import outcome
from .battle_setup import guard_controller, start_battle, tactical_setup
from .battle_state import TOWN_DEFENSE, Battle, Fighter, fighter_from
from .content import Content
from .content_model import Hero, Town, Unit
from .queries import is_hero, pname, shown_name
from .state import NOBODY, Army, H4State


def fighters(c: Content, cards: list[str]) -> list[Fighter]:
    """The battle's cards, each named as a player is shown it (``queries.shown_name``: two cards
    sharing a printed name are told apart)."""
    out = []
    for k in cards:
        card = c.card(k)
        assert isinstance(card, Hero | Unit), f"{k} is not a Hero or Unit card"
        f = fighter_from(card, is_hero=isinstance(card, Hero), morale=card.morale, luck=card.luck)
        out.append(f if f.name == shown_name(c, k) else replace(f, name=shown_name(c, k)))
    return out


def strength(c: Content, cards: tuple[str, ...]) -> int:
    """A rough worth of cards in a fight, for the greedy agent's map choices: attack + defense +
    level of each Hero and Unit."""
    total = 0
    for k in cards:
        x = c.card(k)
        if isinstance(x, Hero | Unit):
            total += x.attack + x.defense + x.level
    return total


def bury(c: Content, s: H4State, seat: int, cards: list[str]) -> None:
    """Cards killed in battle go to their owner's discard stack, with the Artifacts of a killed
    Hero (ours)."""
    p = s.players[seat]
    for k in cards:
        p.discard.append(k)
        if is_hero(c, k):
            p.discard += p.artifacts.pop(k, [])


def _without(cards: list[str], fallen: list[str]) -> list[str]:
    out = cards[:]
    for k in fallen:
        out.remove(k)
    return out


def enter(c: Content, s: H4State, army: Army, came_from: int, events: list[Event]) -> None:
    """An Army Stack has entered its hex: the next battle there, or, with none left to fight, the
    discoveries its move may offer."""
    if not _next_battle(c, s, army, came_from, events):
        discovery.offer_discoveries(c, s, army.owner, came_from, army.hex)


def _next_battle(c: Content, s: H4State, army: Army, came_from: int, events: list[Event]) -> bool:
    hex = army.hex
    enemy = next((a for a in s.armies_at(hex) if a.owner != army.owner), None)
    sp = s.spaces.get(hex)
    if enemy is not None:
        town = sp.card if sp is not None and sp.kind == "town" and sp.owner == enemy.owner and sp.card else ""
        town_card = c.card(town) if town else None
        events.append(Event("battle", f"{pname(army.owner)}'s Army Stack {army.marker} attacks "
                            f"{pname(enemy.owner)}'s Army Stack {enemy.marker} at hex {hex}"
                            + (f" in its Town ({town})" if town else ""), None,
                            {"hex": hex, "aggressor": army.marker, "defender": enemy.marker}))
        s.battle = start_battle(
            tactical_setup(fighters(c, army.cards)), tactical_setup(fighters(c, enemy.cards), in_town=bool(town)),
            aggressor_player=army.owner, defender_player=enemy.owner, town=bool(town),
            town_defense=town_card.defense if isinstance(town_card, Town) else TOWN_DEFENSE,
            rng=s.rng, events=events, setup=True, morale="morale" in s.advanced, luck="luck" in s.advanced)
        s.pending.append(("battle", hex, army.marker, enemy.marker, came_from))
    elif sp is not None and sp.guards:
        controller = guard_controller(sp.guarding, army.owner, s.num_players)
        events.append(Event("battle", f"{pname(army.owner)}'s Army Stack {army.marker} attacks the Guards at "
                            f"hex {hex} (controlled by {pname(controller)})", None,
                            {"hex": hex, "aggressor": army.marker, "controller": controller}))
        s.battle = start_battle(
            tactical_setup(fighters(c, army.cards)), [("melee", fighters(c, sp.guards))],
            aggressor_player=army.owner, defender_player=controller, guard=True, rng=s.rng, events=events,
            setup=True, morale="morale" in s.advanced, luck="luck" in s.advanced)
        s.pending.append(("battle", hex, army.marker, -1, came_from))
    else:
        return False
    if battle_decision(s.battle) is None:
        finish(c, s, events)
    return True


def battle_step(c: Content, s: H4State, action: object, events: list[Event]) -> None:
    """One battle action; the battle's end is applied to the map at once."""
    b = s.battle
    assert b is not None
    apply_battle(b, action, events)  # type: ignore[arg-type]
    if battle_decision(b) is None:
        finish(c, s, events)


def finish(c: Content, s: H4State, events: list[Event]) -> None:
    b: Battle | None = s.battle
    assert b is not None
    _, hex, marker, enemy_marker, came_from = s.pending.pop()
    s.battle = None
    out = outcome(b)
    army = s.army(int(marker))
    assert army is not None
    bury(c, s, army.owner, out["fallen"][0])
    army.cards = _without(army.cards, out["fallen"][0])
    won = out["winner"] == "aggressor"
    ending = out["ending"]
    if enemy_marker == -1:
        sp = s.spaces[int(hex)]
        s.players[sp.guarding].discard += out["fallen"][1]
        sp.guards = _without(sp.guards, out["fallen"][1])
        if not sp.guards:
            sp.guarding = NOBODY
        whom = f"the Guards at hex {hex}"
    else:
        enemy = s.army(int(enemy_marker))
        assert enemy is not None
        bury(c, s, enemy.owner, out["fallen"][1])
        enemy.cards = _without(enemy.cards, out["fallen"][1])
        if won and enemy.cards:  # the defender withdrew or surrendered: it leaves the map
            bury(c, s, enemy.owner, enemy.cards)
            enemy.cards = []
        if not enemy.cards:
            s.armies.remove(enemy)
        held = s.spaces.get(int(hex))
        if out["town"] == "sacked" and held is not None and held.under and held.owner != NOBODY:
            s.players[held.owner].discard += held.under
            held.under = []
        whom = f"{pname(enemy.owner)}'s Army Stack {enemy.marker}"
    if not army.cards:
        s.armies.remove(army)
    elif not won:  # withdrew, surrendered or held off: back where it came from
        army.hex, army.mp = int(came_from), 0
    events.append(Event("battle", f"{pname(army.owner)}'s Army Stack {army.marker} "
                        f"{'defeats' if won else 'is beaten by'} {whom} ({ending})", None,
                        {"hex": hex, "won": won, "ending": ending, "town": out["town"]}))
    if won and army in s.armies:
        enter(c, s, army, int(came_from), events)
