"""Heroes IV hidden information: hands and Adventure Stacks (their counts public), deck
order and the cards a Guarding Player will flip. What another seat is shown of an action, and the
events everyone reads, name only cards that lie face up once the action is done; determinize
resamples every unseen card and depends on nothing the viewer cannot see."""

from __future__ import annotations

import json
import re
from collections import Counter

from h4_positions import deck, position

from boardrules.agents import GreedyAgent
from boardrules.engine import Rng
from boardrules.games.heroes_iv import HeroesIV, guards, turn
from boardrules.games.heroes_iv.content import _index


def _named(ids: set[str], text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z0-9-]*", text) if w in ids}


def test_hidden_information_action_texts_and_events_name_only_cards_face_up() -> None:
    # the discovery, guarding, claiming and battle actions come up in games of a greedy seat against
    # random ones (the greedy agent seldom buys)
    game = HeroesIV()
    ids = set(_index(game.c))
    kinds: set[str] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        s = game.new_state(players, seed)
        rng = Rng(seed)
        greedy = GreedyAgent(seed)
        while not game.is_over(s):
            d = game.decision(s)
            assert d is not None
            a = greedy.act(game, s, d) if d.player == 0 else d.actions[rng.below(len(d.actions))]
            kinds.add(a.name)
            viewers = [None, *(p for p in range(players) if p != d.player)]
            texts = {v: game.action_text(s, a, v) for v in viewers}
            events = game.apply(s, a)
            for v, text in texts.items():
                seen = json.dumps(game.view(s, v))
                assert all(f'"{k}"' in seen for k in _named(ids, text)), (v, text)
            public = json.dumps(game.view(s, None))
            for e in events:
                if e.player is None:
                    assert all(f'"{k}"' in public for k in _named(ids, e.text)), e.text
    assert {"define", "pass", "reinforce", "claim", "move", "attack"} <= kinds


def test_hidden_information_the_cards_a_guarding_player_will_flip_are_resampled() -> None:
    game = HeroesIV()
    c, s = position(2)
    deck(s, 1, ["skeleton", "ghost", "imp", "windmill", "shrine", "vampire", "sawmill", "cerberus"])
    deck(s, 0, ["squire", "pikeman", "monk", "watchtower", "gem-mine", "angel"])
    s.players[1].hand = ["devil"]
    view = game.view(s, 0)
    guards_seen, own_tops = set(), set()
    for seed in range(12):
        t = game.determinize(s, 0, Rng(seed))
        assert game.view(t, 0) == view
        own_tops.add(t.players[0].deck[-1])  # the viewer does not know his own deck's order either
        sp = t.spaces[18]
        sp.card = "shrine"
        guards.flip_for_guards(c, t, sp, 0, [])
        guards_seen.add(tuple(sp.guards))
    assert len(guards_seen) > 1 and len(own_tops) > 1


def test_hidden_information_twin_states_determinize_alike() -> None:
    # two states the viewer cannot tell apart (the opponent's hand card and a deck card swapped)
    game = HeroesIV()
    _, s = position(2)
    deck(s, 1, ["skeleton", "windmill", "ghost"])
    s.players[1].hand = ["devil"]
    s.players[1].adventure = ["shrine"]
    twin = s.clone()
    twin.players[1].hand, twin.players[1].deck = ["windmill"], ["ghost", "devil", "skeleton"]
    assert game.view(s, 0) == game.view(twin, 0)
    for seed in range(4):
        assert game.to_json(game.determinize(s, 0, Rng(seed))) == game.to_json(game.determinize(twin, 0, Rng(seed)))
    assert game.view(s, 1) != game.view(twin, 1)


def test_hidden_information_a_deck_made_again_from_the_discard_stack_is_known_to_determinize() -> None:
    # everyone saw the discard stack that became the deck: a sample never puts a hand card there
    game = HeroesIV()
    c, s = position(2)
    p = s.players[1]
    p.deck, p.discard = [], ["squire", "windmill", "shrine", "gem-mine", "sawmill"]
    p.hand, p.adventure = ["devil"], ["angel"]
    assert turn.draw(s, 1)  # drawn unseen from the new deck
    shown = Counter(["squire", "windmill", "shrine", "gem-mine", "sawmill"])
    for seed in range(16):
        t = game.determinize(s, 0, Rng(seed))
        assert len(t.players[1].deck) == 4 and Counter(t.players[1].deck) <= shown
    # cards flipped face up from it are known to have left it; the view says what it can hold
    sp = s.spaces[18]
    sp.card = "watchtower"
    guards.flip_for_guards(c, s, sp, 0, [])
    can_hold = game.view(s, 0)["players"][1]["deck_from"]
    for seed in range(16):
        t = game.determinize(s, 0, Rng(seed))
        assert Counter(t.players[1].deck) <= Counter(can_hold)
        assert "devil" in t.players[1].hand + t.players[1].adventure


def test_hidden_information_the_map_section_being_attached_is_face_up_and_kept_by_samples() -> None:
    """Setting Up (facts 5.2 step 2: "each flips one and attaches it"): the section the builder is
    asked to attach lies face up: every view shows it, and every sample of every viewer keeps it
    (and its prompt); the sections still face down are reshuffled."""
    game = HeroesIV()
    s = game.new_state(3, 11)
    assert s.stage == "build"
    d = game.decision(s)
    assert d is not None
    top = s.sections_left[-1]
    assert top in d.prompt
    for viewer in (None, 0, 1, 2):
        v = game.view(s, viewer)
        assert v["section_flipped"] == top and v["sections_face_down"] == len(s.sections_left) - 1
    rest = set()
    for seed in range(20):
        t = game.determinize(s, d.player, Rng(seed))
        assert t.sections_left[-1] == top and sorted(t.sections_left) == sorted(s.sections_left)
        assert game.decision(t) == d
        rest.add(tuple(t.sections_left[:-1]))
    assert len(rest) > 1
    game.apply(s, d.actions[0])
    assert game.view(s, 0)["section_flipped"] in (s.sections_left[-1] if s.sections_left else None,)
