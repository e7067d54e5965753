"""The action space of Meeples & Monsters for learning programs (engine.spaces): every action
the rules can offer, built from the content tables, the same in every state."""

from __future__ import annotations

from ...engine.spaces import ActionSpace, ActionTemplate
from .state import DISTRICTS, KINDS
from .tables import Tables

SLOTS_PER_DISTRICT = 3  # slot 1 holds the pre-built Location; 2 and 3 are vacant at set-up


def action_space(t: Tables, key: str) -> ActionSpace:
    """One template per action: its name and the ids each argument can take."""
    locations = tuple(loc.id for loc in t.locations)
    single = tuple(loc.id for loc in t.locations if len(loc.options) == 1)
    multi = tuple(loc.id for loc in t.locations if len(loc.options) > 1)
    most_options = max((len(loc.options) for loc in t.locations), default=1)
    monsters = tuple(m.id for m in t.monsters)
    slots = tuple(f"{d}-{i + 1}" for d in DISTRICTS for i in range(SLOTS_PER_DISTRICT))
    towers = tuple(f"tower-{d}" for d in DISTRICTS)
    return ActionSpace(key, (
        # Assignment (Main and Development Phases)
        ActionTemplate("add", (KINDS + tuple(f"shaman:{k}" for k in KINDS),)),
        ActionTemplate("more"), ActionTemplate("confirm"),
        ActionTemplate("reinforce"), ActionTemplate("champion"), ActionTemplate("done"),
        ActionTemplate("activate", (single,)),
        ActionTemplate("activate", (multi, tuple(str(i + 1) for i in range(most_options)))),
        ActionTemplate("fight", (monsters,)),
        ActionTemplate("tower", (DISTRICTS,)),
        ActionTemplate("use", (KINDS, ("develop", "exhaust"))),
        # Resolution
        ActionTemplate("resolve", (monsters + locations + towers,)),
        # tasks asked of a player
        ActionTemplate("discard", (tuple(q.id for q in t.quests),)),
        ActionTemplate("return", (KINDS,)),
        ActionTemplate("take", (KINDS,)),
        ActionTemplate("build", (locations,)),
        ActionTemplate("slot", (slots,)),
        ActionTemplate("place", (monsters, DISTRICTS)),
    ))
