"""Why an action is refused: the rule it breaks, in a player's words."""

from __future__ import annotations

from ...engine import Action, Decision
from .assignment import group_met, is_level_up, level_up_kinds, location_district, place_name
from .combat import combat_value, meets
from .development import vacant_slots
from .names import the
from .state import CORRUPTION, DISTRICTS, KIND_INDEX, KINDS, NO_CARD, MMState
from .tables import NEED_INDEX, Tables

NEED_WORDS = {v: k for k, v in NEED_INDEX.items()}



def _number(word: str) -> int:
    """A typed option or slot number, or 0 when the word is not a short number in ASCII digits
    (an int() of '²' or of 5,000 digits would raise instead of letting the refusal be explained)."""
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 6 else 0

def explain(t: Tables, s: MMState, d: Decision | None, a: Action) -> tuple[str, str]:
    """The reason and the rule for refusing ``a`` in ``s``, where ``d`` is the decision asked."""
    legal = ", ".join(x.text for x in d.actions) if d else ""
    generic = (f"{a.text!r} is not a legal action now. {d.prompt if d else ''}. Legal actions: {legal}",
               MOMENT_RULES.get(s.phase, "Turn Sequence"))
    p = s.players[s.current]
    if s.open_group is not None and a.name in ("fight", "activate", "tower", "done", "resolve"):
        # one place at a time: the open assignment must be confirmed first (rules-choices.md)
        return (f"you are assigning Units to {place_name(t, s.open_group)}: add Units and confirm it before "
                "you assign to another place", "Assignment Step")
    if a.name == "add" and a.args:
        kind = a.args[0].partition(":")[0]
        if kind == "corruption":
            return ("Corruption cannot be assigned to Locations or Monsters: it is not a Unit",
                    "Icon clarifications: Corruption")
        if kind in KIND_INDEX and not p.tavern[KIND_INDEX[kind]] and s.open_group is not None:
            return (f"you have no {kind} in your Tavern", "Assignment Step")
    if a.name == "use" and len(a.args) == 2 and a.args[0] in KIND_INDEX:
        if f"{a.args[1]}:{KIND_INDEX[a.args[0]]}" in s.abilities_used:
            return ("a Hero card ability can be used once per turn", "Units: basic Unit abilities")
    if a.name == "confirm" and s.open_group is not None and not group_met(t, s, s.open_group):
        g = s.open_group
        if g.kind == "mon":
            m = g.ref
            value = combat_value(t, s, s.current, g, m)
            return (f"the combined combat value of your Units ({value}) must be equal to or higher than "
                    f"{the(t.monsters[m].name)}'s strength ({t.monsters[m].strength})", "Combat with Monsters")
        return ("the Units assigned do not meet the requirement depicted on this place", "Activating a Location")
    if a.name == "fight" and a.args:
        found = t.mon_index.get(a.args[0])
        if found is None:
            return (f"there is no Monster called {a.args[0]!r}", "Combat with Monsters")
        m = found
        mon = t.monsters[m]
        if mon.council is not None:
            if not s.third_drawn:
                return ("the Dark Overlords cannot be fought until the third Dark Council Arrives card has "
                        "been drawn", "Combat with Monsters; Ending the Game")
            if mon.council == "overlord" and m in p.overlords:
                return ("you cannot assign to the same Overlord twice in a single game", "Ending the Game")
        elif not any(m in row for row in s.monsters):
            return (f"{the(mon.name)} is not in the City", "Combat with Monsters")
        if any(g.kind == "mon" and g.ref == m for g in s.groups):
            return (f"you have already assigned Units to {the(mon.name)} this turn", "Combat with Monsters")
        moment = _wrong_moment(s, "main", "Monsters are fought")
        if moment:
            return moment
        return (f"the Units in your Tavern cannot reach {the(mon.name)}'s strength of {mon.strength}: if you "
                "cannot match a Monster's strength you cannot assign to it", "FAQ")
    if a.name == "activate" and a.args:
        loc = t.loc_index.get(a.args[0])
        if loc is None:
            return (f"there is no Location called {a.args[0]!r}", "Activating a Location")
        name = t.locations[loc].name
        if loc in s.activated:
            return (f"{name} has already been activated this turn: each Location can only be activated once "
                    "per turn", "Activating a Location")
        if t.locations[loc].kind == "capitol":
            moment = _wrong_moment(s, "develop", "Units are assigned to the Capitol's Locations")
            if moment:
                return moment
            opt_i = _number(a.args[1]) - 1 if len(a.args) > 1 else 0
            chosen = t.locations[loc].options[opt_i] if 0 <= opt_i < len(t.locations[loc].options) else None
            if chosen is not None and chosen.constructs and not vacant_slots(s):
                return ("every Location slot in the City is built: no more Locations can be constructed, and "
                        "you cannot build over an old Location", "Development Phase: Resolution Step; FAQ")
            if chosen is not None and chosen.constructs and not s.face_up:
                return ("there is no face-up Location tile left to construct", "Development Phase")
            if any(o.level_up for o in t.locations[loc].options) and not level_up_kinds(t, s):
                return ("to level up you need a Unit of a class below level 3 in your Tavern and must be able "
                        "to pay the VP for its next Hero card (with the VP you have, and a construction's slot "
                        "bonus resolved first)", "Development Phase: Resolution Step")
        else:
            moment = _wrong_moment(s, "main", "Locations in the districts are activated")
            if moment:
                return moment
            dist = location_district(s, loc)
            if not any(loc in row for row in s.buildings):
                return (f"{name} has not been constructed in the City", "Activating a Location")
            if s.district_used not in (-1, dist):
                return (f"you may activate Locations in only 1 of the 4 districts each turn, and you have used "
                        f"{DISTRICTS[s.district_used].title()}", "Activating a Location")
        opt = _number(a.args[1]) - 1 if len(a.args) > 1 else 0
        if 0 <= opt < len(t.needs[loc]) and not meets(t.needs[loc][opt], p.tavern):
            needs = " + ".join(NEED_WORDS[n] for n in t.needs[loc][opt])
            return (f"{name} requires {needs} from your Tavern", "Activating a Location")
    if a.name == "build" and len(a.args) > 1:
        return ("a construction is chosen in two steps: build <tile>, then slot <district-slot>",
                "Development Phase: Resolution Step")
    if a.name == "slot" and len(a.args) == 1 and s.stack and s.stack[-1][0] == "slot":
        dname, _, num = a.args[0].rpartition("-")
        if (dname in DISTRICTS and 1 <= _number(num) <= 3
                and s.buildings[DISTRICTS.index(dname)][_number(num) - 1] != NO_CARD):
            return ("that slot is built on: you cannot build over an old Location", "FAQ")
    if a.name == "tower" and s.open_group is None:
        rule = "The Four Towers"
        if not s.towers:
            return ("there are no Tower Rooms: The Four Towers mini-expansion is not in play", rule)
        if not a.args or a.args[0] not in DISTRICTS:
            return (f"name a district's Tower: {', '.join(DISTRICTS)}", rule)
        moment = _wrong_moment(s, "main", "Units are assigned to Tower Rooms")
        if moment:
            return moment
        district = DISTRICTS.index(a.args[0])
        tower = f"the {DISTRICTS[district].title()} Tower"
        if not s.towers[district]:
            return (f"{tower} has no Room left", rule)
        if any(g.kind == "tower" and g.ref == district for g in s.groups):
            return (f"you have already assigned Units to {tower}'s top Room this turn", rule)
        room = s.towers[district][-1]
        needs = " + ".join(NEED_WORDS[n] for n in t.room_needs[room])
        return (f"{tower}'s Room {t.rooms[room].name} requires {needs} from your Tavern", rule)
    if a.name == "add" and a.args and a.args[0] == KINDS[CORRUPTION]:
        return ("Corruption cannot be assigned", "Icon clarifications")
    return _out_of_turn_order(t, s, a) or generic


# what each sub-decision asks for, and the rule that asks it
TASK_WORDS = {
    "discard": ("discard", "choose a Quest card in your hand to discard", "Quests; Icon clarifications"),
    "recycle": ("return", "choose meeples to return from your Lodgings to your bag, or done",
                "Icon clarifications: return meeples to your bag"),
    "prestige": ("take", "choose the Prestige Unit you gain", "Prestige Units"),
    "build": ("build", "choose the face-up Location tile to construct", "Development Phase: Resolution Step"),
    "slot": ("slot", "choose the vacant slot to construct on", "Development Phase: Resolution Step"),
    "place": ("place", "choose the district the Monster goes to", "Draw Phase, step 2"),
}
VERB_RULES = {verb: rule for verb, _, rule in TASK_WORDS.values()}
ASSIGNING = ("add", "more", "confirm", "reinforce", "champion")


def _out_of_turn_order(t: Tables, s: MMState, a: Action) -> tuple[str, str] | None:
    """Actions that belong to another moment of the turn: a sub-decision being asked, an
    assignment not open, resolution before the Assignment Step is done, a card not held."""
    p = s.players[s.current]
    if s.stack:
        task = s.stack[-1]
        verb, asked, rule = TASK_WORDS[task[0]]
        if a.name == verb and a.args:
            word = a.args[0]
            if verb == "discard" and (word not in t.quest_index or t.quest_index[word] not in p.quests):
                return (f"you do not hold the Quest {word!r}", "Quests")
            if verb == "return" and word in KIND_INDEX and not s.players[task[1]].lodgings[KIND_INDEX[word]]:
                return (f"there is no {word} in your Lodgings", rule)
            if verb == "take" and word in KIND_INDEX and not s.supply[KIND_INDEX[word]]:
                return (f"the supply has no {word} left", "Prestige Units; FAQ")
            if verb == "build" and word not in {t.locations[x].id for x in s.face_up}:
                return (f"{word!r} is not one of the face-up Location tiles", rule)
            if verb == "slot":
                return (f"{word!r} is not a vacant Location slot: name a district and a slot number, "
                        "such as castle-2", rule)
            if verb == "place" and len(a.args) > 1 and a.args[1] in DISTRICTS:
                return (f"the {a.args[1].title()} district is full: choose another district with an empty "
                        "Monster slot", rule)
        return (f"first {asked}", rule)
    if a.name in VERB_RULES:
        return (f"nothing asks you to {a.name} now", VERB_RULES[a.name])
    if a.name in ASSIGNING and s.open_group is None:
        return ("you are not assigning Units to any place: activate a Location or fight a Monster first",
                "Assignment Step")
    if a.name == "resolve":
        if s.phase in ("develop", "main"):
            return ("assignments are resolved once you are done assigning: say done first", "Resolution Step")
        if s.phase in ("develop-resolve", "main-resolve"):
            return (f"{_card_name(t, a.args[0]) if a.args else 'that'} has no assignment waiting to be resolved",
                    "Resolution Step")
    if a.name == "done" and s.phase in ("develop-resolve", "main-resolve"):
        return ("each assignment is resolved in turn: choose which one to resolve next", "Resolution Step")
    if a.name == "use":
        if s.open_group is not None:
            return ("Hero card abilities are used outside an assignment: confirm this one first", "Development Phase")
        moment = _wrong_moment(s, "develop", "Hero card abilities are used")
        if moment:
            return moment
        if len(a.args) == 2 and a.args[0] in KIND_INDEX:
            k = KIND_INDEX[a.args[0]]
            if not any(key == f"{a.args[1]}:{k}" for _, key, _ in t.develop_uses[k][p.levels[k]]):
                return (f"your level {p.levels[k]} {a.args[0].title()} Hero card has no {a.args[1]} ability",
                        "Units: basic Unit abilities")
            return (f"that ability needs more {a.args[0]} in your Tavern", "Units: basic Unit abilities")
    g = s.open_group
    if a.name == "add" and g is not None:
        place = place_name(t, g)
        if is_level_up(t, g):
            return (f"{place} takes one Unit, of a class below level 3 whose next Hero card you can pay for",
                    "Development Phase: Resolution Step")
        if g.kind == "mon":
            return (f"{place} could not be matched any more if that Unit were added that way",
                    "Combat with Monsters; FAQ")
        kind = a.args[0] if a.args else "that"
        if group_met(t, s, g) and not g.extras:
            return (f"the requirement of {place} is met: say more to assign extra Units, or confirm",
                    "Activating a Location; FAQ")
        return (f"{place} needs no more {kind}: add what its requirement still depicts", "Activating a Location")
    if a.name == "more" and s.open_group is not None:
        return ("extra Units may be added once the requirement is met", "FAQ")
    if a.name == "reinforce" and s.open_group is not None:
        return ("no Hero ability can bring a Peasant from your Lodgings to this place now", "FAQ")
    if a.name == "champion" and s.open_group is not None:
        return ("no unused champion bonus from a Location activated this turn can go to this fight",
                "Icon clarifications: champion")
    return None


def _card_name(t: Tables, word: str) -> str:
    """The printed name of a Monster or Location id, else the word itself."""
    if word in t.mon_index:
        return the(t.monsters[t.mon_index[word]].name)
    if word in t.loc_index:
        return t.locations[t.loc_index[word]].name
    return repr(word)


PHASE_WORDS = {"develop": "Development Phase", "main": "Main Phase"}
# the rule of each moment of the turn, for a refusal no narrower rule explains
MOMENT_RULES = {"develop": "Development Phase", "develop-resolve": "Development Phase: Resolution Step",
                "main": "Main Phase", "main-resolve": "Main Phase: Resolution Step", "main-cleanup": "Main Phase",
                "draw": "Draw Phase"}
# the moments of a turn, in order
MOMENTS = ("start", "develop", "develop-resolve", "main", "main-resolve", "main-cleanup", "draw", "over")


def _wrong_moment(s: MMState, phase: str, what: str) -> tuple[str, str] | None:
    """``what`` belongs to the Assignment Step of ``phase``: if this is another moment of the
    turn, say which (the Resolution Step under way, the phase not begun or over)."""
    if s.phase == phase:
        return None
    name = PHASE_WORDS[phase]
    if s.phase == f"{phase}-resolve":
        return (f"{what} in the Assignment Step of the {name}, which is over: its Resolution Step is under way",
                f"{name}: Resolution Step")
    if MOMENTS.index(s.phase) < MOMENTS.index(phase):
        return (f"{what} in the {name}, which has not begun: the {PHASE_WORDS['develop']} comes first "
                "(say done to end it)", "Turn Sequence")
    return (f"{what} in the {name}, which is over for this turn", "Turn Sequence")
