"""The offers (facts 5.1, 5.2, 5.6, 6.1): Unit, Advanced Action and Spell offers, the Artifact
deck, recruiting from the Unit offer, and card rewards, from hand-set maps."""

from __future__ import annotations

import pytest
from mk_positions import EAST, east_board

from boardrules.engine import Event, IllegalActionError
from boardrules.games.mage_knight.cards.offers import (
    level_up_reward,
    renew_offers,
    set_up_offers,
    take_reward,
)
from boardrules.games.mage_knight.sites.interaction import recruit

SW = EAST["SW"]
PLAINS = "plains plains plains plains plains plains plains"


def board(players: int = 2, kind: str = "countryside", spec: str = PLAINS, **kw):  # type: ignore[no-untyped-def]
    b = east_board(spec, at=SW, players=players, kind=kind, **kw)
    set_up_offers(b.t, b.s)
    return b


def refused(fn, *args) -> IllegalActionError:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        fn(*args)
    return info.value


def test_offers_set_up_three_advanced_actions_three_spells_players_plus_2_regular_units() -> None:
    b = board(players=3)
    s = b.s
    assert len(s.aa_offer) == len(s.spell_offer) == 3 and len(s.unit_offer) == 5
    assert all(b.t.card[c].kind == "advanced" for c in s.aa_offer)
    assert all(b.t.card[c].kind == "spell" for c in s.spell_offer)
    assert not any(b.t.unit[u].elite for u in s.unit_offer)
    assert all(b.t.card[c].kind == "artifact" for c in s.artifact_deck)


def test_unit_offer_elite_regular_alternate_once_a_core_tile_is_revealed() -> None:
    b = board(players=2, kind="core")
    assert [b.t.unit[u].elite for u in b.s.unit_offer] == [True, False, True, False]


def test_offers_new_round_lowest_card_to_the_bottom_others_slide_down_new_on_top() -> None:
    b = board()
    s = b.s
    aa, top = s.aa_offer[:], s.aa_deck[-1]
    old_units = s.unit_offer[:]
    renew_offers(b.t, s)
    assert s.aa_offer == [top, aa[0], aa[1]] and s.aa_deck[0] == aa[2]
    assert all(u in s.regular_units for u in old_units if u not in s.unit_offer)


def test_recruiting_only_a_unit_of_the_unit_offer_not_replaced() -> None:
    b = board(spec="plains plains plains plains plains+village plains plains", influence=20)
    b.s.unit_offer = ["peasants", "foresters"]
    recruit(b.t, b.s, 0, "peasants", [])
    assert b.s.unit_offer == ["foresters"]
    err = refused(recruit, b.t, b.s, 0, "peasants", [])
    assert err.rule == "Recruiting" and "not in the Unit offer" in err.reason


def test_rewards_spell_from_the_offer_on_top_of_the_deed_deck_offer_refilled() -> None:
    b = board()
    s, p = b.s, b.s.players[0]
    p.pending = ["spell"]
    chosen, new = s.spell_offer[1], s.spell_deck[-1]
    take_reward(b.t, s, 0, "spell", chosen, [])
    assert p.deck[-1] == chosen and s.spell_offer[0] == new and len(s.spell_offer) == 3 and p.pending == []
    assert refused(take_reward, b.t, s, 0, "spell", chosen, []).rule == "Rewards"


def test_rewards_advanced_action_bought_at_a_monastery_on_top_of_the_deck() -> None:
    b = board()
    p = b.s.players[0]
    p.pending = ["advanced-action:ice-bolt"]
    take_reward(b.t, b.s, 0, "advanced-action:ice-bolt", "", [])
    assert p.deck[-1] == "ice-bolt"


def test_rewards_artifact_two_drawn_one_kept_the_other_to_the_bottom() -> None:
    b = board()
    s, p = b.s, b.s.players[0]
    p.pending = ["artifact"]
    first, second = s.artifact_deck[-1], s.artifact_deck[-2]
    assert "choose one of the two" in refused(take_reward, b.t, s, 0, "artifact", s.artifact_deck[0], []).reason
    take_reward(b.t, s, 0, "artifact", second, [])
    assert p.deck[-1] == second and s.artifact_deck[0] == first


def test_rewards_unit_any_unit_of_the_offer_with_a_free_command_token() -> None:
    b = board()
    s, p = b.s, b.s.players[0]
    p.pending = ["unit", "unit"]
    unit = s.unit_offer[0]
    events: list[Event] = []
    take_reward(b.t, s, 0, "unit", unit, events)
    assert p.units == [[unit, 0, False]]
    assert "no free Command token" in refused(take_reward, b.t, s, 0, "unit", s.unit_offer[0], []).reason


def test_rewards_bought_spell_is_of_the_colour_paid() -> None:
    b = board()
    s, p = b.s, b.s.players[0]
    s.spell_offer = ["fireball", "snowstorm"]
    p.pending = ["spell:blue"]
    assert "blue one, not fireball" in refused(take_reward, b.t, s, 0, "spell:blue", "fireball", []).reason
    take_reward(b.t, s, 0, "spell:blue", "snowstorm", [])
    assert p.deck[-1] == "snowstorm"


def test_level_ups_even_level_keep_a_revealed_skill_other_to_the_common_offer_any_advanced_action() -> None:
    b = board()
    s, p = b.s, b.s.players[0]
    p.pending, p.skill_pile = ["skill-and-advanced-action"], ["dark-fire-magic", "dark-paths", "burning-power"]
    chosen = s.aa_offer[1]
    with pytest.raises(IllegalActionError) as info:
        level_up_reward(b.t, s, 0, "dark-fire-magic", chosen, [])
    assert "choose one of your revealed skills" in info.value.reason
    level_up_reward(b.t, s, 0, "burning-power", chosen, [])
    assert p.skills == ["burning-power"] and s.common_skills == ["dark-paths"] and p.skill_pile == ["dark-fire-magic"]
    assert p.deck[-1] == chosen and chosen not in s.aa_offer and p.pending == []


def test_level_ups_even_level_a_common_skill_takes_the_lowest_advanced_action() -> None:
    b = board()
    s, p = b.s, b.s.players[0]
    p.pending, p.skill_pile = ["skill-and-advanced-action"], ["dark-paths", "burning-power"]
    s.common_skills = ["freezing-power"]
    with pytest.raises(IllegalActionError) as info:
        level_up_reward(b.t, s, 0, "freezing-power", s.aa_offer[0], [])
    assert "the lowest Advanced Action" in info.value.reason
    lowest = s.aa_offer[-1]
    level_up_reward(b.t, s, 0, "freezing-power", lowest, [])
    assert p.skills == ["freezing-power"] and s.common_skills == ["dark-paths", "burning-power"]
    assert p.deck[-1] == lowest and p.skill_pile == []


# ---- facts 6.1: Artifacts as a reward ---------------------------------------------------------

def test_rewards_artifacts_two_won_at_once_three_drawn_one_to_the_bottom() -> None:
    """Facts 6.1 "Artifacts: draw N+1 from the Artifact deck, put 1 of them on the bottom, the
    rest on top of your Deed deck". Ruins token "2 Artifacts" (or two bought at a red city): the
    top three are drawn and shown, two are kept, the third goes to the bottom (each reward drew
    its own two: the third card was refused and a fourth was seen and sent to the bottom)."""
    from boardrules.games.mage_knight.cards.offers import set_up_offers, take_reward
    from boardrules.games.mage_knight.knowledge.views import _artifacts_shown

    b = east_board(" ".join(["plains"] * 7), at=EAST["SW"], players=2)
    set_up_offers(b.t, b.s)
    s, p = b.s, b.s.players[0]
    p.pending = ["artifact", "artifact"]
    fourth, third, second, first = s.artifact_deck[-4:]
    assert _artifacts_shown(s) == 3
    with pytest.raises(IllegalActionError, match="choose one of the three Artifacts drawn"):
        take_reward(b.t, s, 0, "artifact", fourth, [])
    take_reward(b.t, s, 0, "artifact", third, [])
    assert _artifacts_shown(s) == 2 and s.artifact_deck[-2:] == [second, first]
    take_reward(b.t, s, 0, "artifact", first, [])
    assert p.deck[-2:] == [third, first]
    assert s.artifact_deck[0] == second and s.artifact_deck[-1] == fourth  # the fourth was never drawn
