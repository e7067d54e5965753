"""Using skills (facts 3.5, 6.2): a skill token is used through the same interpreter as the
cards; a "once a turn" skill is turned face down until the end of the turn, a "once a round"
skill until the next round. Passive skills are always in effect; interactive skills and the
skills' own mechanisms (``special:skill``) are not in this stage.
"""

from __future__ import annotations

from ...engine import Event, IllegalActionError
from .content import Tables
from .game_state import GameState
from .playing import SkillPlay, resolve_effects

RULE = "Using Skills"


def use_skill(t: Tables, s: GameState, player: int, skill: str, events: list[Event], option: int = 1,
              colour: str = "", target: int = 0, other: str = "") -> None:
    """Use a skill the player owns (``option``: 1-based, when the skill offers a choice;
    ``colour``, ``target`` and ``other`` as for cards)."""
    p = s.players[player]
    if skill not in p.skills:
        raise IllegalActionError(f"you do not have the skill {skill}", RULE)
    sk = t.skill[skill]
    if sk.type == "passive":
        raise IllegalActionError(f"{sk.name} is always in effect: it is not used", RULE)
    if sk.type == "interactive":
        raise IllegalActionError(f"{sk.name} is an interactive skill: not playable yet", RULE)
    if skill in p.skills_used:
        when = "turn" if sk.type == "turn" else "round"
        raise IllegalActionError(f"{sk.name} was already used this {when}", RULE)
    if not 1 <= option <= len(sk.effect):
        raise IllegalActionError(f"{sk.name} offers {len(sk.effect)} choice(s): choose 1 to {len(sk.effect)}", RULE)
    g = s.clone()  # a refusal halfway leaves the state as it was
    new: list[Event] = []
    resolve_effects(t, g, player, SkillPlay(sk.name), sk.effect[option - 1], new, colour=colour, target=target,
                    other=other)
    g.players[player].skills_used.append(skill)
    s.take_over(g)
    events += new
    events.append(Event("skill", f"uses {sk.name}", player, {"skill": skill}))


def turn_skills_face_up(t: Tables, s: GameState, player: int) -> None:
    """End of turn: "once a turn" skills are turned face up again."""
    p = s.players[player]
    p.skills_used = [k for k in p.skills_used if t.skill[k].type != "turn"]


__all__ = ["turn_skills_face_up", "use_skill"]
