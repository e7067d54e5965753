"""Small World on the engine: the turn sequence, decisions and actions.

A turn: (Ghouls in decline conquer first) → take a combo, or ready your troops → conquer →
redeploy → Power placements (Encampments, a Fortress, Heroes, a Diplomat's peace) → score →
(Stout may decline) → the players who lost tokens redeploy them, clockwise from you. Or, instead
of conquering, go into decline and score. Between decisions the game runs every automatic step
itself; it stops whenever a player must choose.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Action, Catalogue, Decision, Event, Result, Rng, Scene, Standing, StepGame
from ...engine.spaces import ActionSpace, ObservationSchema
from . import conquest as cq
from . import heuristics, scoring, views
from .action_space import action_space
from .catalogue import build_catalogue
from .content import Content, default_content
from .decline import go_into_decline
from .explain import explain
from .labels import action_labels
from .observation import observation_schema
from .positions import SWPositions
from .queries import combo_tokens, defender_race, has_power, peace_choices, pname
from .scene import SmallWorldScene
from .scene import action_keys as scene_keys
from .scene import why_not as scene_why_not
from .scoring import finish, played_combos, score_turn
from .setup import new_game, reveal_combos
from .state import (
    AMAZON_EXTRA,
    AMAZONS,
    BERSERK,
    BIVOUACKING,
    DIPLOMAT,
    ENCAMPMENTS,
    FORTIFIED,
    FORTRESSES,
    GHOULS,
    HEROES,
    HEROIC,
    NOBODY,
    NONE,
    SKELETONS,
    STOUT,
    SWState,
)
from .tables import Tables

DONE, DECLINE, ROLL, PASS = Action("done"), Action("decline"), Action("roll"), Action("pass")
# the stages in which the game stops for a decision
ASKING = ("pick", "conquer", "redeploy", "camps", "fortress", "heroes", "diplomat", "stout", "defend")


class SmallWorld(StepGame[SWState]):
    name = "small-world"
    title = "Small World"
    min_players = 2
    max_players = 5
    # sw-2 (issue 22): a Race that abandoned a Region this turn is expanding and no longer declines
    rules_version = "sw-2"

    def __init__(self, content: Content | None = None) -> None:
        self.t = Tables(content or default_content())
        self._catalogue: Catalogue | None = None  # built when first asked (catalogue.py)
        self._scene: SmallWorldScene | None = None  # likewise (scene.py)

    @property
    def content_version(self) -> str:
        return self.t.content.version

    # -- set-up ------------------------------------------------------------------------------
    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> SWState:
        self.check_options(num_players, options)
        s = new_game(self.t, num_players, seed)
        self._advance(s, [])
        return s

    def position_format(self) -> SWPositions:
        """Positions of this game (docs/positions.md): ``positions.py``."""
        return SWPositions(self, self.t)

    # -- decisions ---------------------------------------------------------------------------
    def _decide(self, s: SWState) -> Decision:
        stage = s.stage
        actions = self._actions(s)
        player = self._decider(s)
        return Decision(player, self._prompt(s, stage, player), tuple(actions))

    def _decider(self, s: SWState) -> int:
        return s.defenders[0] if s.stage == "defend" else s.current

    def _prompt(self, s: SWState, stage: str, player: int) -> str:
        t = self.t
        race = t.races[s.acting].name if s.acting >= 0 else ""
        if stage == "pick":
            return "Take a Race and Special Power combo (you pay 1 coin on each combo above it)"
        if stage == "conquer":
            return f"Conquer with your {race} ({s.hand[s.acting]} in hand), or done"
        if stage == "redeploy":
            return f"Redeploy your {race}: place a token in one of your Regions, or all of them ('place R all')"
        if stage == "camps":
            return f"Bivouacking: place an Encampment ({s.camps_left} left), or done"
        if stage == "fortress":
            return "Fortified: place a Fortress in one of your Regions, or done"
        if stage == "heroes":
            return f"Heroic: place a Hero ({s.heroes_left} left)"
        if stage == "diplomat":
            return "Diplomat: name a player at peace with you until your next turn, or done"
        if stage == "stout":
            return "Stout: go into decline now, or done"
        race_d = defender_race(s, player)
        return f"Redeploy the {t.races[race_d].name} you took back into your Regions"

    def _actions(self, s: SWState) -> list[Action]:
        stage = s.stage
        if stage == "pick":
            return self._pick_actions(s)
        if stage == "conquer":
            return self._conquer_actions(s)
        if stage == "redeploy":
            return self._place_actions(s.regions_of(s.acting), s.hand[s.acting])
        if stage == "camps":
            return [Action("camp", (str(r),)) for r in s.regions_of(s.acting)] + [DONE]
        if stage == "fortress":
            return [Action("fortress", (str(r),)) for r in s.regions_of(s.acting) if not s.fortress[r]] + [DONE]
        if stage == "heroes":
            return [Action("hero", (str(r),)) for r in s.regions_of(s.acting) if not s.hero[r]]
        if stage == "diplomat":
            return [Action("peace", (str(i + 1),)) for i in peace_choices(s)] + [DONE]
        if stage == "stout":
            return [DECLINE, DONE]
        if stage == "defend":
            race = defender_race(s, s.defenders[0])
            return self._place_actions(s.regions_of(race), s.hand[race])
        raise AssertionError(f"no decision in stage {stage}")

    def _place_actions(self, regions: list[int], hand: int) -> list[Action]:
        """One token into a Region, or (with more than one in hand) all of them."""
        out = [self.t.place_action[r] for r in regions]
        if hand > 1:
            out += [Action("place", (str(r), "all")) for r in regions]
        return out

    def _pick_actions(self, s: SWState) -> list[Action]:
        coins = s.players[s.current].coins
        out = [self.t.pick_action[race] for i, (race, _, _) in enumerate(s.market) if i <= coins]
        return out or [PASS]

    def _conquer_actions(self, s: SWState) -> list[Action]:
        t = self.t
        p = s.players[s.current]
        out: list[Action] = []
        hand = s.hand[s.acting]
        active = s.acting == p.race
        if not s.started and active:
            out += [Action("abandon", (str(r),)) for r in s.regions_of(s.acting)]
        if hand >= 1 and not s.conquests_over:
            power = cq.acting_power(s)
            berserk = power == BERSERK
            if berserk and s.roll < 0:
                out.append(ROLL)
            for r in cq.targets(t, s):
                need = cq.cost(t, s, r)
                if need <= hand:
                    out.append(t.conquer_action[r])
                elif need <= hand + cq.MAX_SHORT and not berserk:
                    out.append(Action("reinforce", (str(r),)))
            out += [Action("dragon", (str(r),)) for r in cq.dragon_targets(t, s)]
            out += [Action("enchant", (str(r),)) for r in cq.enchant_targets(t, s)]
        if not s.started and active and not s.picked_now and not s.abandoned:
            out.append(DECLINE)
        out.append(DONE)
        return out

    # -- applying actions --------------------------------------------------------------------
    def _apply(self, s: SWState, a: Action, events: list[Event]) -> None:
        t, name, stage = self.t, a.name, s.stage
        if stage == "pick":
            if name == "pass":
                events.append(Event("pass", f"{pname(s.current)} finds no combo to take", s.current))
                s.stage = "score"
            else:
                self._pick(s, t.race_index[a.args[0]], events)
            return
        if stage == "defend":
            self._place(s, int(a.args[0]), defender_race(s, s.defenders[0]), len(a.args) > 1)
            return
        if name == "done":
            s.stage = {"conquer": "redeploy-start", "camps": "fortress-start", "fortress": "heroes-start",
                       "diplomat": "score", "stout": "defend-start"}[stage]
            return
        if name == "decline":
            self._decline(s, events)
            s.stage = "score" if stage == "conquer" else "defend-start"
            return
        r = int(a.args[0]) if a.args else -1
        if name == "conquer":
            cq.conquer(t, s, r, events)
        elif name == "reinforce":
            cq.reinforce(t, s, r, events)
        elif name == "roll":
            cq.berserk_roll(s, events)
        elif name == "dragon":
            cq.dragon_attack(t, s, r, events)
        elif name == "enchant":
            cq.enchant(t, s, r, events)
        elif name == "abandon":
            self._abandon(s, r, events)
        elif name == "place":
            self._place(s, r, s.acting, len(a.args) > 1)
        elif name == "camp":
            s.camps[r] += 1
            s.camps_left -= 1
        elif name == "fortress":
            s.fortress[r] = True
            s.fortress_used = True
            events.append(Event("fortress", f"{pname(s.current)} builds a Fortress in Region {r}", s.current))
            s.stage = "heroes-start"
        elif name == "hero":
            s.hero[r] = True
            s.heroes_left -= 1
        elif name == "peace":
            other = int(a.args[0]) - 1
            s.peace[s.current] = other
            events.append(Event("peace", f"{pname(s.current)} makes peace with {pname(other)}: their active Race may "
                                f"not attack {pname(s.current)}'s until {pname(s.current)}'s next turn", s.current))
            s.stage = "score"

    def _place(self, s: SWState, r: int, race: int, every: bool = False) -> None:
        n = s.hand[race] if every else 1
        s.hand[race] -= n
        s.tokens[r] += n

    # -- the automatic steps -----------------------------------------------------------------
    def _advance(self, s: SWState, events: list[Event]) -> None:
        """Run automatic steps until a player must decide or the game is over."""
        while not s.over:
            stage = s.stage
            if stage in ASKING:
                if self._must_ask(s, stage):
                    return
                continue
            if stage == "start":
                self._start_turn(s, events)
            elif stage == "main":
                self._main(s, events)
            elif stage == "redeploy-start":
                self._redeploy_start(s, events)
            elif stage == "camps-start":
                self._camps_start(s)
            elif stage == "fortress-start":
                self._fortress_start(s)
            elif stage == "heroes-start":
                self._heroes_start(s)
            elif stage == "diplomat-start":
                s.stage = "diplomat" if has_power(s, DIPLOMAT) and peace_choices(s) else "score"
            elif stage == "score":
                score_turn(self.t, s, events)
                p = s.players[s.current]
                s.stage = "stout" if has_power(s, STOUT) and s.conquered and p.race >= 0 else "defend-start"
            elif stage == "defend-start":
                s.defenders.sort(key=lambda d: (d - s.current) % s.num_players)
                s.stage = "defend"
            elif stage == "end":
                self._end_turn(s, events)
            else:
                raise AssertionError(f"unknown stage {stage}")

    def _must_ask(self, s: SWState, stage: str) -> bool:
        """Whether the stage needs a player's choice; otherwise step past it (nothing to do, or
        only one thing to do, which is done)."""
        if stage == "redeploy":
            regions = s.regions_of(s.acting)
            if s.hand[s.acting] and len(regions) > 1:
                return True
            if s.hand[s.acting] and regions:
                self._place_all(s, regions[0], s.acting)
            s.stage = "camps-start" if s.acting == s.players[s.current].race else "main"
            if s.stage == "main":
                s.ghouls_done = True
            return False
        if stage == "defend":
            while s.defenders:
                d = s.defenders[0]
                p = s.players[d]
                races = [x for x in [p.race, *(dd[0] for dd in p.declines)] if x >= 0 and s.hand[x]]
                race = races[0] if races else NONE
                regions = s.regions_of(race) if race >= 0 else []
                if race >= 0 and len(regions) > 1:
                    return True
                if race >= 0 and regions:
                    self._place_all(s, regions[0], race)
                    continue
                s.defenders.pop(0)  # nothing in hand, or nowhere to go: tokens wait in hand
            s.stage = "end"
            return False
        if stage == "heroes":
            if s.heroes_left and any(not s.hero[r] for r in s.regions_of(s.acting)):
                return True
            s.stage = "diplomat-start"
            return False
        if stage == "camps":
            if s.camps_left and s.regions_of(s.acting):
                return True
            s.stage = "fortress-start"
            return False
        if stage == "conquer":
            actions = self._actions(s)
            if len(actions) > 1:
                s.cached = Decision(s.current, self._prompt(s, stage, s.current), tuple(actions))
                return True
            s.stage = "redeploy-start"
            return False
        return True

    def _place_all(self, s: SWState, r: int, race: int) -> None:
        s.tokens[r] += s.hand[race]
        s.hand[race] = 0

    def _start_turn(self, s: SWState, events: list[Event]) -> None:
        p = s.players[s.current]
        s.peace[s.current] = NOBODY  # a Diplomat's peace lasts until the Diplomat's next turn
        s.conquered, s.nonempty, s.attacked, s.enchanted, s.defenders = [], 0, [], [], []
        s.dragon_used = s.fortress_used = s.conquests_over = s.started = s.abandoned = s.picked_now = False
        s.roll = -1
        s.ghouls_done = False
        s.lifted = []
        events.append(Event("turn", f"Turn {s.turn}: {pname(s.current)}", s.current, {"turn": s.turn}))
        ghouls = any(d[0] == GHOULS for d in p.declines)
        if ghouls and (GHOULS in s.race or s.hand[GHOULS]):
            # Ghouls in decline "keep conquering as if active", before your active Race
            s.acting = GHOULS
            s.lifted = self._ready_troops(s, GHOULS)
            s.stage = "conquer"
        else:
            s.stage = "main"

    def _main(self, s: SWState, events: list[Event]) -> None:
        p = s.players[s.current]
        s.ghouls_done = True
        s.conquered, s.nonempty = [], 0
        s.conquests_over = s.started = False
        s.roll = -1
        if p.race == NONE:
            s.stage = "pick"
            return
        s.acting = p.race
        s.lifted = self._ready_troops(s, p.race)
        if p.race == AMAZONS:
            # the 4 extra Amazons come back for the conquests: never more than banner + badge + 4
            owned = s.hand[AMAZONS] + sum(s.tokens[r] for r in s.regions_of(AMAZONS))
            cap = self.t.races[AMAZONS].tokens + self.t.powers[p.power].tokens + AMAZON_EXTRA
            extra = max(0, min(AMAZON_EXTRA, s.tray[AMAZONS], cap - owned))
            s.tray[AMAZONS] -= extra
            s.hand[AMAZONS] += extra
        s.stage = "conquer"

    def _ready_troops(self, s: SWState, race: int) -> list[list[int]]:
        """Ready your troops: take all but one token from each of your Regions back in hand.
        Returns [region, tokens lifted] for each (Ghouls declining at once put them back)."""
        lifted = []
        for r in s.regions_of(race):
            if s.tokens[r] > 1:
                lifted.append([r, s.tokens[r] - 1])
                s.hand[race] += s.tokens[r] - 1
                s.tokens[r] = 1
        return lifted

    def _pick(self, s: SWState, race: int, events: list[Event]) -> None:
        """Take a combo: 1 coin on each combo above it, the coins on it are yours, and Race
        tokens = banner + badge (as many as the box holds)."""
        t = self.t
        p = s.players[s.current]
        i = next(k for k, m in enumerate(s.market) if m[0] == race)
        _, power, coins = s.market.pop(i)
        for m in s.market[:i]:
            m[2] += 1
        p.coins += coins - i
        n = combo_tokens(t, s, race, power)
        s.tray[race] -= n
        s.hand[race] += n
        p.race, p.power = race, power
        p.played.append([race, power])
        p.combo_turns = 0
        p.holes_placed = 0
        s.picked_now = True
        s.acting = race
        reveal_combos(s)
        events.append(Event("pick", f"{pname(s.current)} takes the {t.combo_name(race, power)} ({n} tokens"
                            + (f", paying {i} coin(s)" if i else "") + (f", taking {coins} coin(s)" if coins else "")
                            + ")", s.current, {"race": t.races[race].id, "power": t.powers[power].id, "position": i + 1}))
        s.stage = "conquer"

    def _abandon(self, s: SWState, r: int, events: list[Event]) -> None:
        """Ready your troops (facts 2.5): you may also abandon Regions, taking their tokens back
        in hand. Readying troops is the start of Expand, so the Race no longer declines this turn."""
        race = s.race[r]
        s.abandoned = True
        s.hand[race] += s.tokens[r]
        s.lifted = [x for x in s.lifted if x[0] != r]
        self._clear(s, r)
        events.append(Event("abandon", f"{pname(s.current)} abandons Region {r}", s.current, {"region": r}))

    def _clear(self, s: SWState, r: int) -> None:
        s.owner[r], s.race[r], s.tokens[r], s.declined[r] = NOBODY, NONE, 0, False
        s.lair[r] = s.fortress[r] = s.hole[r] = s.hero[r] = False
        s.camps[r] = 0
        if s.dragon == r:
            s.dragon = NOBODY

    def _redeploy_start(self, s: SWState, events: list[Event]) -> None:
        """Troop redeployment: tokens move freely between your Regions (at least one stays in
        each): all but one of each Region come to hand to be placed again."""
        race = s.acting
        p = s.players[s.current]
        self._ready_troops(s, race)
        if race == p.race:
            if race == SKELETONS:
                extra = min(s.nonempty // 2, s.tray[SKELETONS])
                s.tray[SKELETONS] -= extra
                s.hand[SKELETONS] += extra
                if extra:
                    events.append(Event("skeletons", f"{pname(s.current)} raises {extra} more Skeleton(s)", s.current))
            elif race == AMAZONS:
                back = min(AMAZON_EXTRA, s.hand[AMAZONS])
                s.hand[AMAZONS] -= back
                s.tray[AMAZONS] += back
        s.stage = "redeploy"

    def _camps_start(self, s: SWState) -> None:
        if has_power(s, BIVOUACKING):
            for r in range(len(s.camps)):
                s.camps[r] = 0  # "re-placeable every turn"
            s.camps_left = ENCAMPMENTS
            s.stage = "camps"
        else:
            s.stage = "fortress-start"

    def _fortress_start(self, s: SWState) -> None:
        ok = (has_power(s, FORTIFIED) and not s.fortress_used and sum(s.fortress) < FORTRESSES
              and any(not s.fortress[r] for r in s.regions_of(s.acting)))
        s.stage = "fortress" if ok else "heroes-start"

    def _heroes_start(self, s: SWState) -> None:
        if has_power(s, HEROIC):
            for r in range(len(s.hero)):
                s.hero[r] = False
            s.heroes_left = HEROES
            s.stage = "heroes"
        else:
            s.stage = "diplomat-start"

    def _decline(self, s: SWState, events: list[Event]) -> None:
        go_into_decline(self.t, s, s.current, events)

    def _end_turn(self, s: SWState, events: list[Event]) -> None:
        p = s.players[s.current]
        if p.race >= 0:
            p.combo_turns += 1
        s.acting = NONE
        s.current += 1
        if s.current == s.num_players:
            s.current = 0
            s.turn += 1
            if s.turn > s.turns:
                finish(self.t, s, events)
                return
        s.stage = "start"

    # -- information and data ----------------------------------------------------------------
    def explain_illegal(self, state: SWState, action: Action) -> tuple[str, str]:
        return explain(self.t, state, self.decision(state), action)

    def action_labels(self, state: SWState, decision: Decision) -> tuple[str, ...]:
        """Each answer with what it does (labels.py): a combo's tokens and price, a conquest's
        Region and cost in tokens, a redeployment's tokens before and after."""
        return action_labels(self.t, state, decision)

    def scene(self, view: dict[str, Any], viewer: int | None) -> Scene:
        """The map as drawn, its tokens, the players' Races and the combos on offer as ``view``
        shows them (``scene.py``)."""
        if self._scene is None:
            self._scene = SmallWorldScene(self.t)
        return self._scene.scene(view, viewer)

    def action_keys(self, state: SWState, decision: Decision) -> tuple[tuple[str, ...], ...]:
        return scene_keys(decision)

    def why_not(self, state: SWState, viewer: int, key: str) -> str | None:
        return scene_why_not(self.t, state, self.decision(state), key)

    def catalogue(self) -> Catalogue:
        """Every Race and Special Power with its tokens and text (catalogue.py), built once."""
        if self._catalogue is None:
            self._catalogue = build_catalogue(self.t)
        return self._catalogue

    def result(self, state: SWState) -> Result | None:
        return scoring.result(state) if state.over else None

    def view(self, state: SWState, player: int | None) -> dict[str, Any]:
        return views.view(self.t, state, player)

    def determinize(self, state: SWState, player: int, rng: Rng) -> SWState:
        return views.determinize(state, player, rng)

    def player_names(self, state: SWState) -> list[str]:
        return [pname(i) for i in range(state.num_players)]

    def round_scores(self, state: SWState) -> tuple[int, ...]:
        """Each player's coins as they stand, the secret ones included (a simulation's score by
        turn); the seats play in seat order (the default turn order)."""
        return tuple(p.coins for p in state.players)

    def standing(self, state: SWState, player: int | None) -> Standing:
        from .standing import standing

        return standing(self.view(state, player))

    def render(self, state: SWState, player: int | None) -> Any:
        from .render import render

        return render(self.t, self.view(state, player), player)

    def frame(self, state: SWState, player: int) -> Any:
        """The compact board shown when asked (frame.py): the map as text, a Region a line with
        its borders and, when conquering, its cost; the full tables are ``render``."""
        from .frame import frame

        return frame(self.t, state, self.view(state, player), player, self.decision(state))

    def action_space(self, num_players: int, options: Mapping[str, str] | None = None) -> ActionSpace:
        self.check_options(num_players, options)
        return action_space(self.t, num_players, f"{self.name}/{num_players}p/rules-{self.rules_version}"
                                                 f"/content-{self.content_version}")

    def observation_schema(self, num_players: int, options: Mapping[str, str] | None = None) -> ObservationSchema:
        self.check_options(num_players, options)
        return observation_schema(self.t, num_players, f"{self.name}/{num_players}p/rules-{self.rules_version}"
                                                       f"/content-{self.content_version}")

    def heuristic(self, state: SWState, player: int) -> float:
        return heuristics.evaluate(self.t, state, player)

    def greedy_action(self, state: SWState, decision: Decision, rng: Rng) -> Action | None:
        return heuristics.greedy_action(self.t, state, decision, rng)

    def balance_tags(self, state: SWState) -> list[list[str]]:
        """Per seat, the Races, Powers and combos it played (for balance reports)."""
        return played_combos(self.t, state)

