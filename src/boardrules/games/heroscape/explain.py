"""Why an action is illegal, in a player's words, naming the rule it breaks."""

from __future__ import annotations

from ...engine import Action, Decision
from ...engine.naming import quoted
from . import powers
from .figures import Figures
from .los import range_between
from .movement import reachable
from .state import SHState

ANSWERS = {  # the actions each question takes
    "army": {"take", "done"},
    "place": {"place"},
    "markers": {"mark"},
    "move": {"move", "done"},
    "move-to": {"to", "stay"},
    "route": {"route"},
    "attack": {"attack", "explode", "grenade", "fire", "chomp", "shackle", "water-clone", "done"},
    "spirit": {"spirit"},
    "drop": {"drop"},
    "clone": {"clone", "skip"},
}

USAGE = {  # what each action names, in order
    "take": ("CARD",), "done": (), "place": ("SPACE",), "mark": ("CARD",), "move": ("FIGURE",),
    "to": ("SPACE",), "stay": (), "route": ("NUMBER",), "attack": ("FIGURE", "TARGET"),
    "explode": ("FIGURE", "TARGET"), "grenade": ("FIGURE", "TARGET"), "chomp": ("FIGURE", "TARGET"),
    "shackle": ("FIGURE", "TARGET"), "fire": ("FIGURE", "FIRST-SPACE", "LAST-SPACE"), "water-clone": (),
    "spirit": ("CARD",), "drop": ("SPACE",), "clone": ("SPACE",), "skip": (),
}


ATTACKS = ("attack", "explode", "grenade", "fire", "chomp", "shackle", "water-clone")
MOMENTS = {  # when each action is taken, and the rule that says so
    "take": ("army cards are chosen before the armies are placed", "Army selection"),
    "place": ("figures are placed in the start zones once the armies are chosen", "Gather and place your army"),
    "mark": ("order markers are placed at the start of each round", "Place order markers"),
    "move": ("a card's figures move after its order marker is revealed, before they attack",
             "Action 2: Move the figures on the army card"),
    "to": ("choose the figure to move first (move FIGURE)", "Action 2: Move the figures on the army card"),
    "stay": ("choose the figure to move first (move FIGURE)", "Action 2: Move the figures on the army card"),
    "route": ("a way is chosen only when several ways to a destination are offered", "Movement"),
    "spirit": ("a Warrior's Spirit is placed when Finn or Thorgrim is destroyed", "Warrior's Spirit"),
    "drop": ("Airborne Elite drop when The Drop's d20 lets them, at the start of a round", "The Drop"),
    "clone": ("a Marro Warrior returns only after a Water Clone roll", "Water Clone"),
    "skip": ("a Marro Warrior returns only after a Water Clone roll", "Water Clone"),
}


def _moment(q: Figures, s: SHState, name: str, d: Decision) -> tuple[str, str] | None:
    """When an action is taken, if it is not now: first what this moment asks for, when a
    figure's move is under way."""
    move_rule = "Action 2: Move the figures on the army card"
    if not s.pending and s.stage == "route":
        k = len(d.actions)
        return (f"choose one of the routes: route 1 to route {k}", "Movement")
    if not s.pending and s.stage == "move-to" and name in ("move", "done"):
        return (f"finish moving {q.fig_name(s, s.selected)} first: to SPACE, or stay", move_rule)
    if not s.pending and s.stage == "attack" and name in ("move", "to", "stay"):
        return ("the figures of this turn have finished moving: attack, or done", move_rule)
    if name in ATTACKS:
        if s.stage in ("move", "move-to", "route"):
            return ("attacks come after moving: say done when the figures have moved",
                    "Action 3: Attack with figure(s) on the army card")
        return ("attacks are made in a turn, after its card's figures have moved",
                "Action 3: Attack with figure(s) on the army card")
    return MOMENTS.get(name)


def explain(q: Figures, s: SHState, a: Action, d: Decision | None) -> tuple[str, str]:
    if d is None:
        return ("the game is over", "End of the game")
    stage = s.pending[0][0] if s.pending else s.stage
    if a.name not in ANSWERS.get(stage, set()):
        legal_names = {x.name for x in d.actions}
        prompt = d.prompt.split("\n", 1)[0]  # the question, without the routes listed under it
        first = prompt.split(" ", 1)[0]
        now = prompt if first in ("The", "Water") else prompt[0].lower() + prompt[1:]  # names keep capitals
        when, rule = _moment(q, s, a.name, d) or ("", "Round of play")
        return (f"{quoted(a.text)} is not an answer to this question{f' ({when})' if when else ''}: {now} "
                f"(one of: {', '.join(sorted(legal_names))})", rule)
    usage = USAGE[a.name]
    if len(a.args) != len(usage):
        return (f"{quoted(a.text)}: write it as {' '.join((a.name, *usage))}", "Round of play")
    if s.pending:
        return _power_question(q, s, a)
    if stage == "army":
        return _army(q, s, a)
    if stage == "place":
        return _placement(q, s, a)
    if stage == "markers":
        return _marker(q, s, a)
    if stage == "move":
        return _mover(q, s, a)
    if stage == "move-to":
        return _destination(q, s, a, d)
    if stage == "attack":
        return _attack(q, s, a)
    if stage == "route":
        k = len(d.actions)
        return (f"{quoted(a.text)}: there are {k} ways to {q.place_name(s, s.dest)}, route 1 to route {k}", "Movement")
    return (f"{quoted(a.text)} is not a legal action now", "")


def _army(q: Figures, s: SHState, a: Action) -> tuple[str, str]:
    if a.name == "done":
        return ("an army has at least one army card: take one before you are done", "Army selection")
    cid = a.args[0]
    if cid not in q.card_index:
        return (f"there is no army card {quoted(cid)}", "Army cards")
    card = q.c.cards[q.card_index[cid]]
    if q.card_index[cid] not in s.pool:
        return (f"{card.name} is a Unique card already taken: an army may not contain two copies", "Army cards")
    left = s.points - sum(q.card(s, c).points for c in s.cards_of(s.picker[0]))
    return (f"{card.name} costs {card.points} points and your army has {left} left", "Army selection")


def _placement(q: Figures, s: SHState, a: Action) -> tuple[str, str]:
    rule = "Gather and place your army"
    bf = q.bf(s)
    p = s.setup_order[0]
    spaces = [bf.space_named(x) for x in a.args[0].split("-")]
    if None in spaces:
        return (f"{quoted(a.args[0])} is not a space of this battlefield", rule)
    zone = bf.start[s.zones[p]]
    taken = s.occupant()
    if any(x in taken for x in spaces):
        return (f"{a.args[0]} is occupied: a figure is placed on empty spaces", rule)
    if any(x not in zone for x in spaces):
        return (f"{a.args[0]} is not in your start zone ({s.zones[p]})", rule)
    return (f"{quoted(a.args[0])}: a figure takes one space, a double-space figure two adjacent spaces of one level, "
            "front then back", rule)


def _marker(q: Figures, s: SHState, a: Action) -> tuple[str, str]:
    rule = "Place order markers"
    cid = a.args[0]
    p = s.setup_order[0]
    if cid not in q.card_index:
        return (f"there is no army card {quoted(cid)}", rule)
    mine = [c for c in s.cards_of(p) if q.card(s, c).id == cid]
    if not mine:
        return (f"{q.c.cards[q.card_index[cid]].name} is not one of your army cards", rule)
    return (f"{q.c.cards[q.card_index[cid]].name} has no figure on the battlefield to activate", rule)


def _power_question(q: Figures, s: SHState, a: Action) -> tuple[str, str]:
    kind, player, data = s.pending[0]
    if kind == "spirit":
        cid = a.args[0]
        if cid not in q.card_index:
            return (f"there is no army card {quoted(cid)}", "Warrior's Spirit")
        return (f"the Warrior's Spirit goes on one of your own Unique army cards with a figure left, "
                f"not {q.c.cards[q.card_index[cid]].name}", "Warrior's Spirit")
    if q.bf(s).space_named(a.args[0]) is None:
        return (f"{quoted(a.args[0])} is not a space of this battlefield", "Special powers")
    if kind == "drop":
        return (f"{a.args[0]} is not an empty space apart from every figure", "The Drop")
    return (f"{a.args[0]} is not an empty space of the same level next to {q.fig_name(s, data)}", "Water Clone")


def _figure(q: Figures, s: SHState, name: str) -> tuple[int | None, str]:
    fig = q.fig_named(s, name)
    if fig is None:
        return None, f"there is no figure named {quoted(name)}"
    if not s.figures[fig].alive:
        return None, f"{name} has been destroyed"
    if not s.figures[fig].spaces:
        return None, f"{name} is not on the battlefield"
    return fig, ""


def _mover(q: Figures, s: SHState, a: Action) -> tuple[str, str]:
    fig, why = _figure(q, s, a.args[0] if a.args else "")
    if fig is None:
        return (why, "Move the figures on the army card")
    if s.figures[fig].card != s.active_card and q.card(s, s.active_card).rarity != "common":
        return (f"{a.args[0]} is not on {q.card(s, s.active_card).name}, the army card whose turn it is",
                "Move the figures on the army card")
    if fig in s.moved:
        return (f"{a.args[0]} has already moved this turn", "Move the figures on the army card")
    return (f"{a.args[0]} cannot move now", "Move the figures on the army card")


def _destination(q: Figures, s: SHState, a: Action, d: Decision) -> tuple[str, str]:
    bf = q.bf(s)
    fig = s.selected
    name = q.fig_name(s, fig)
    card = q.fig_card(s, fig)
    typed = a.args[0] if a.args else ""
    parts = typed.split("-")
    spaces = [bf.space_named(x) for x in parts]
    offered = next((x.args[0] for x in d.actions if x.name == "to"), "")  # an example of the form
    example = offered or ("c4" if card.hexes == 1 else "c4-c5")
    bad = next((x for x, sp in zip(parts, spaces, strict=True) if sp is None), None)
    if bad is not None:
        return (f"{quoted(bad)} is not a space of this battlefield: name {'a space' if card.hexes == 1 else 'two spaces'}"
                f" like {example}", "Movement")
    if len(spaces) != card.hexes:
        if card.hexes == 2:
            return (f"{name} is a double-space figure: name the two spaces it ends on, front then back, "
                    f"like {example}", "Moving double-space figures")
        return (f"{name} takes one space: name one, like {example}", "Movement")
    ends = tuple(x for x in spaces if x is not None)
    here = s.figures[fig].spaces
    if set(ends) == set(here):
        turned = " (a double-space figure does not turn round on its own spaces)" if ends != here else ""
        return (f"{name} is already on {a.args[0]}{turned}: to leave it where it is, say stay", "Movement")
    taken = {x for i, f in enumerate(s.figures) if f.alive and i != fig for x in f.spaces}
    if taken & set(ends):
        return ("a figure may never end its move on an occupied space", "Movement")
    if any(bf.ruin[x] for x in ends):
        return ("ruins cannot be entered", "Movement")
    if len(ends) == 2 and bf.level[ends[0]] != bf.level[ends[1]]:
        return ("always end a double-space figure's move on two same-level spaces", "Moving double-space figures")
    far = reachable(bf, s.figures[fig].spaces, 99, card.height, occupied=taken,
                    flying=powers.FLYING in card.powers)
    if ends in far:
        cost = far[ends][0].cost
        if cost > card.move:
            climbing = " (moving up counts the side of each higher level)" if cost > len(far[ends][0].path) - 1 else ""
            return (f"getting to {a.args[0]} costs {cost} spaces{climbing} and {name} has Move {card.move}",
                    "Moving up and down" if climbing else "Movement")
        return (f"{name} cannot pass through enemy figures, nor friends that are engaged, to reach {a.args[0]}",
                "Movement")
    return (f"{name} cannot reach {a.args[0]}: no way there climbs fewer levels than its Height ({card.height}) "
            "in one step, and entering water ends a move", "Moving up and down")


def _attack(q: Figures, s: SHState, a: Action) -> tuple[str, str]:
    rule = "Who can attack?"
    if a.name == "water-clone":
        return ("Water Clone is instead of attacking, once a turn, with a destroyed Marro Warrior to bring back",
                "Water Clone")
    if not a.args:
        return (f"{quoted(a.text)}: name the attacking figure", rule)
    att, why = _figure(q, s, a.args[0])
    if att is None:
        return (why, rule)
    card = q.fig_card(s, att)
    if s.figures[att].card != s.active_card and q.card(s, s.active_card).rarity != "common":
        return (f"{a.args[0]} is not on {q.card(s, s.active_card).name}, the army card whose turn it is", rule)
    limit = 2 if powers.DOUBLE_ATTACK in card.powers else 1
    if s.attacked.count(att) >= limit:
        return (f"{a.args[0]} has already attacked this turn", rule)
    power_rules = {"explode": powers.EXPLOSION, "grenade": powers.GRENADE, "fire": powers.FIRE_LINE,
                   "chomp": powers.CHOMP, "shackle": powers.MIND_SHACKLE}
    power = power_rules.get(a.name)
    if power is not None and power not in card.powers:
        return (f"{card.name} has no such power", "Special powers")
    if a.name == "grenade" and s.active_card in s.grenades and "grenade" not in s.used:
        return ("the grenades are thrown once per game", "Grenade Special Attack")
    if a.name == "attack" and "grenade" in s.used:
        return ("this turn the Airborne Elite throw grenades instead of attacking normally", "Grenade Special Attack")
    if a.name in ("chomp", "shackle") and power in s.used:
        return ("that power is used once a turn", "Special powers")
    if a.name in ("chomp", "shackle") and s.attacked.count(att) > 0:
        return ("that power is used before attacking", "Special powers")
    if a.name == "fire":
        return ("name the first and last spaces of a line of 8 spaces straight out from Mimring, with a figure on it "
                "in line of sight", "Fire Line Special Attack")
    if len(a.args) < 2:
        return (f"{quoted(a.text)}: name the target", rule)
    dfd, why = _figure(q, s, a.args[1])
    if dfd is None:
        return (why, rule)
    fa, fd = s.figures[att], s.figures[dfd]
    if fd.owner == fa.owner:
        return (f"{a.args[1]} is in your own army: attack the figures in your opponent's army", rule)
    engaged = q.engaged_with(s, att)
    if a.name in ("chomp", "shackle"):
        if not powers.near(q, s, att, dfd):
            return (f"{a.args[1]} is not adjacent to {a.args[0]}", "Special powers")
        return (f"{a.args[1]} cannot be chosen: Chomp takes Small or Medium figures, Mind Shackle Unique ones",
                "Special powers")
    if engaged and dfd not in engaged:
        return (f"{a.args[0]} is engaged and may attack only figures it is engaged with", "Engagement")
    reach = (powers.SPECIAL_ATTACKS[power][0] if power in powers.SPECIAL_ATTACKS
             else powers.attack_range(q, s, att))
    distance = range_between(q.bf(s), fa.spaces, fd.spaces)
    if not engaged and distance > reach:
        return (f"{a.args[1]} is {distance} spaces away, beyond {a.args[0]}'s Range {reach}", rule)
    if (a.name == "attack" and powers.THORIAN_SPEED in q.fig_card(s, dfd).powers
            and not powers.near(q, s, att, dfd)):
        return (f"an opponent's figure must be adjacent to {q.fig_card(s, dfd).name} to attack him with a normal "
                "attack", "Thorian Speed")
    if not engaged and a.name != "grenade" and not powers.sight(q, s, att, dfd):
        return (f"{a.args[0]} has no clear line of sight to {a.args[1]}", rule)
    return (f"{quoted(a.text)} is not a legal action now", rule)
