"""Mage Knight: what this session's checks of hidden information found (views.py, observation.py,
determinize): the Units lent by Call to Arms in the view and the vector, Mind Read / Mind Steal and
the Magic Familiars' upkeep reading the same to the others whatever is hidden, what determinize
keeps of what a player knows, and every field of the state either shown or listed as hidden."""

from __future__ import annotations

from test_mk_decisions import GAME, do
from test_mk_specials_limits import _lending

from boardrules.engine import Rng

# ---- Call to Arms (facts 3.2): a Unit of the offer lent to a combat ---------------------------

def test_call_to_arms_the_unit_lent_to_the_combat_is_marked_in_the_view_the_vector_and_the_terminal() -> None:
    from test_mk_render import text

    s = _lending("prowlers", ["peasants", "herbalists"])
    do(s, "play call-to-arms basic", "recruit peasants", "pay white die-1", "next")
    player = s.g.current
    units = GAME.view(s, 1 - player)["combat"]["units"]
    assert [(u["label"], u["lent"]) for u in units] == [("peasants-1", False), ("peasants-2", True)]
    schema = GAME.observation_schema(2)
    lent = schema.check(GAME.view(s, 1 - player))
    own = GAME.view(s, 1 - player)
    own["combat"]["units"][1]["lent"] = False  # the same two Peasants, both the hero's own
    assert schema.vector(own) != lent
    assert schema.vector(GAME.view(GAME.determinize(s, 1 - player, Rng(3)), 1 - player)) == lent
    assert "peasants-2: Peasants (lent from the Unit offer)" in text(s, 1 - player)
