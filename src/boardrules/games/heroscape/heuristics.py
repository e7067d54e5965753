"""The greedy agent's view of a Heroscape position: the points of the army left standing
(heroes weighed by the life they have left), and steering for its choices."""

from __future__ import annotations

from ...engine import Action, Decision, Rng
from .figures import Figures
from .rounds import result
from .state import SHState


def strength(q: Figures, s: SHState, player: int) -> float:
    """The points the player's army is likely to keep. At the end an army card scores all its
    points while any of its figures survives (``rounds.result``), so a card counts its points
    times 1 - (1 - h)^2, h being the share of its figures' life left: a squad's last figure or
    a hero's last wound weighs more than the first."""
    left: dict[int, float] = {}
    total: dict[int, float] = {}
    cards = q.c.cards
    for f in s.figures:
        if f.owner != player:
            continue
        card = cards[s.cards[f.card][0]]
        total[f.card] = total.get(f.card, 0.0) + card.life
        if f.alive:
            left[f.card] = left.get(f.card, 0.0) + card.life - f.wounds
    value = 0.0
    for c, life in left.items():
        lost = 1.0 - life / total[c]
        value += cards[s.cards[c][0]].points * (1.0 - lost * lost)
    return value


def evaluate(q: Figures, s: SHState, player: int) -> float:
    if s.over:
        r = result(q, s)
        return 10_000.0 if player in r.winners else -10_000.0
    mine = strength(q, s, player)
    theirs = max((strength(q, s, p) for p in range(s.num_players) if p != player), default=0.0)
    return mine - theirs


def greedy_action(q: Figures, s: SHState, d: Decision, rng: Rng) -> Action | None:
    names = {a.name for a in d.actions}
    if "take" in names:  # the most points affordable
        return max((a for a in d.actions if a.name == "take"),
                   key=lambda a: (q.c.cards[q.card_index[a.args[0]]].points, rng.below(1000)))
    if "mark" in names:  # markers 1-3 on the strongest cards, X anywhere
        return max(d.actions, key=lambda a: (_card_value(q, s, a.args[0]), rng.below(1000)))
    if "spirit" in names:  # the card with the most figures left to use it
        return max(d.actions, key=lambda a: (_spirit_value(q, s, a.args[0]), rng.below(1000)))
    if "drop" in names:  # near the enemy, but not in reach of every shooter
        return max(d.actions, key=lambda a: (_closeness(q, s, a, _dropping(q, s)), rng.below(1000)))
    if "clone" in names:
        return next(a for a in d.actions if a.name == "clone")
    if "to" in names:
        return max((a for a in d.actions if a.name == "to"),
                   key=lambda a: (_closeness(q, s, a, s.selected), rng.below(1000)))
    if "route" in names:  # the way there that risks the fewest wounds, then the shortest
        ways = s.routes[1][s.dest] if s.routes is not None else ()
        if len(ways) == len(d.actions):
            k = min(range(len(ways)), key=lambda i: (len(ways[i].leaves) + ways[i].fall, ways[i].cost))
            return d.actions[k]
        return d.actions[0]
    if "move" in names:
        return next(a for a in d.actions if a.name == "move")
    if "done" in names and len(names) > 1:  # the attack step: the best expected gain, if any
        best = max(d.actions, key=lambda a: (_gain(q, s, a), rng.below(1000)))
        return best if _gain(q, s, best) > 0 else next(a for a in d.actions if a.name == "done")
    return None


def _dropping(q: Figures, s: SHState) -> int:
    return int(s.pending[0][2])


def _card_value(q: Figures, s: SHState, card_id: str) -> float:
    c = q.c.cards[q.card_index[card_id]]
    return c.attack * c.figures + c.range / 3 + c.move / 4


def _spirit_value(q: Figures, s: SHState, card_id: str) -> float:
    return sum(1 for i, f in enumerate(s.figures) if f.alive and q.fig_card(s, i).id == card_id)


def _worth(q: Figures, s: SHState, fig: int, me: int) -> float:
    """The points a figure stands for: positive for an opponent's, negative for one's own."""
    card = q.fig_card(s, fig)
    value = card.points / card.figures
    return -value if s.figures[fig].owner == me else value


def _hit(q: Figures, s: SHState, fig: int, skulls: float, shield_dice: int, me: int) -> float:
    """The expected worth of wounding ``fig`` with ``skulls`` expected skulls."""
    card = q.fig_card(s, fig)
    left = card.life - s.figures[fig].wounds
    wounds = max(0.0, skulls - shield_dice / 3)
    return min(wounds, left) / left * _worth(q, s, fig, me)


def _gain(q: Figures, s: SHState, a: Action) -> float:
    me = q.current(s)
    if a.name == "done":
        return 0.0
    if a.name == "water-clone":
        dead = sum(1 for f in s.figures if f.card == s.active_card and not f.alive)
        return min(dead, len(s.living(s.active_card)) * 0.3) * q.card(s, s.active_card).points / 4
    att = q.fig_named(s, a.args[0])
    assert att is not None
    if a.name == "fire":
        from .powers import FIRE_LINE, SPECIAL_ATTACKS, fire_lines

        bf = q.bf(s)
        hit = next(h for first, last, h in fire_lines(q, s, att) if (bf.name_of(first), bf.name_of(last)) == a.args[1:])
        dice = SPECIAL_ATTACKS[FIRE_LINE][1]
        return sum(_hit(q, s, d, dice / 2, q.fig_card(s, d).defense, me) for d in hit)
    dfd = q.fig_named(s, a.args[1])
    assert dfd is not None
    if a.name == "chomp":
        sure = q.fig_card(s, dfd).kind == "squad"
        return _worth(q, s, dfd, me) * (1.0 if sure else 0.25) + 1
    if a.name == "shackle":
        return _worth(q, s, dfd, me) * 0.1 + 1
    if a.name in ("explode", "grenade"):
        from .powers import EXPLOSION, GRENADE, SPECIAL_ATTACKS, blast

        dice = SPECIAL_ATTACKS[EXPLOSION if a.name == "explode" else GRENADE][1]
        return sum(_hit(q, s, d, dice / 2, q.fig_card(s, d).defense, me) for d in blast(q, s, dfd))
    from .powers import attack_dice, defense_dice

    return _hit(q, s, dfd, attack_dice(q, s, att, dfd) / 2, defense_dice(q, s, att, dfd, False), me)


def _closeness(q: Figures, s: SHState, a: Action, fig: int) -> float:
    """Range-1 fighters close in; shooters keep to their Range; higher ground is better."""
    bf = q.bf(s)
    card = q.fig_card(s, fig)
    end = [bf.space_named(x) for x in a.args[0].split("-")]
    enemies = [f.spaces for f in s.figures if f.alive and f.spaces and f.owner != s.figures[fig].owner]
    if not enemies:
        return 0.0
    dist = min(bf.distance(x, y) for sp in enemies for y in sp for x in end if x is not None)
    want = 1 if card.range == 1 else max(2, card.range - 1)
    level = bf.level[end[0]] if end[0] is not None else 0
    return -abs(dist - want) + 0.1 * level
