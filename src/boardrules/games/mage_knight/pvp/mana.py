"""The mana paid in a combat between heroes (pvp/combat.py; facts 5.3): the attacker pays as in
any turn of theirs; the defender from their own tokens and crystals and, taking part fully, one
die of the Source (the player aids; Source Freeze, Mana Exploit and the defender's Polarization
read here). Our readings are in docs/mage-knight/rules-choices.md ("Player versus player")."""

from __future__ import annotations

from ....engine import Action
from ..cards.mana import (
    OPPOSITE,
    die_free,
    mana_exploit,
    mana_sources,
    pay_mana,
    pays,
    polarized,
    token_spent,
    usable,
)
from ..content import Tables
from ..game_state import BASIC, GameState
from ..skills.interactive import SOURCE_FREEZE
from .state import PvPCombat

NO_DIE = "no-die"  # in ``Side.marks``: Who Needs Magic?'s +3 taken, no Source die for the defender
POLARIZATION = "polarization"  # in ``Side.marks``: the defender's Polarization waits for their next mana paid


def mana_ways(s: GameState, pvp: PvPCombat, player: int, need: str, strong_spell: bool = False) -> list[str]:
    """How ``player`` can pay a mana of ``need`` in the combat (facts 5.3). The attacker, in
    their own turn, as always (``mana.mana_sources``). The defender from their own tokens and
    crystals, and one die of the Source if they take part fully (the player aids: a partial
    participation means no Source die; rules-choices.md): a die not taken this turn.
    ``strong_spell``: the mana powers a Spell's strong effect (Polarization, cards/mana.py)."""
    if player == s.current:
        return mana_sources(s, player, need, strong_spell)
    p = s.players[player]
    if not usable(s, need, player):
        return []
    ways: list[str] = []
    # Source Freeze (facts 3.5: "other players may not use their normal die from the Source"): the
    # defender's one die is their normal die
    frozen = any(skill == SOURCE_FREEZE and owner != player for skill, owner, _ in s.centre)
    polar = polarized(s, need, POLARIZATION in pvp.defender.marks, strong_spell)  # the defender's (pvp/skill_mechanisms.py)
    if pvp.participation == "full" and not pvp.defender_dice and not frozen and NO_DIE not in pvp.defender.marks:
        ways += [f"die-{i + 1}" for i, face in enumerate(s.source)
                 if die_free(s, i) and (pays(s, face, need, player) or face in polar)]
    if any(p.mana[c] and pays(s, c, need, player) for c in (need, "gold")) or any(p.mana[c] for c in polar):
        ways.append("token")
    if need in BASIC and (p.crystals[need] or polar and p.crystals[OPPOSITE[need]]):
        ways.append("crystal")
    return ways


def pay(s: GameState, pvp: PvPCombat, player: int, need: str, way: str, strong_spell: bool = False) -> None:
    """Pay one mana (``mana_ways``). The defender pays out of their turn: a Mana Curse, which
    wounds a player using the colour "on their turn", does not touch them; another's Mana
    Exploit, "until your next turn", does (rules-choices.md)."""
    if player == s.current:
        pay_mana(s, player, need, way, strong_spell)
        return
    p = s.players[player]
    if s.centre:  # Mana Exploit (facts 3.5) is "until your next turn", other players' turns too
        mana_exploit(s, player, need)
    polar = polarized(s, need, POLARIZATION in pvp.defender.marks, strong_spell)
    if way.startswith("die-"):
        i = int(way.removeprefix("die-")) - 1
        s.source_used.append(i)
        s.dice_allowed += 1  # not the attacker's die of the turn
        pvp.defender_dice += 1
        used = "" if pays(s, s.source[i], need) else s.source[i]
    elif way == "token":
        colour = next((c for c in (need, "gold") if p.mana[c] and pays(s, c, need)), "") or \
            next(c for c in polar if p.mana[c])
        p.mana[colour] -= 1
        token_spent(p, colour)
        used = "" if pays(s, colour, need) else colour
    else:
        used = "" if p.crystals[need] else OPPOSITE[need]
        p.crystals[used or need] -= 1
    if used:  # Polarization used up by this mana
        pvp.defender.marks.remove(POLARIZATION)


def payable(t: Tables, s: GameState, pvp: PvPCombat, player: int, needs: tuple[str, ...] | list[str],
            strong_spell: bool = False) -> bool:
    """Whether ``player`` can pay every colour of ``needs`` now (several: tried on a copy, one
    way after another; ``strong_spell``: they power a Spell's strong effect)."""
    if not needs:
        return True
    ways = mana_ways(s, pvp, player, needs[0], strong_spell)
    if len(needs) == 1 or not ways:
        return bool(ways)
    for way in ways:
        g = s.clone()
        assert g.pvp is not None
        pay(g, g.pvp, player, needs[0], way, strong_spell)
        if payable(t, g, g.pvp, player, needs[1:], strong_spell):
            return True
    return False


def strong_spell_paid(t: Tables, pvp: PvPCombat) -> bool:
    """Whether the play waiting for its mana is a Spell's strong effect (Polarization, cards/mana.py)."""
    pending = pvp.pending
    return bool(pending) and pending[1] == "card" and pending[4] == "powered" and t.card[pending[2]].kind == "spell"


def pay_actions(t: Tables, s: GameState, pvp: PvPCombat) -> list[Action]:
    """The ways to pay the next mana of the play waiting for it that still let the rest be paid."""
    player, needs = pvp.pending[0], pvp.pending[5]
    spell = strong_spell_paid(t, pvp)
    acts = []
    for way in mana_ways(s, pvp, player, needs[0], spell):
        if len(needs) > 1:
            g = s.clone()
            assert g.pvp is not None
            pay(g, g.pvp, player, needs[0], way, spell)
            if not payable(t, g, g.pvp, player, needs[1:], spell):
                continue
        acts.append(Action("pay", (needs[0], way)))
    return acts


__all__ = ["POLARIZATION", "mana_ways", "pay", "pay_actions", "payable", "strong_spell_paid"]
