"""Heroes IV tournament decks (facts 5.1 and the errata, rules24: "60 cards, or 10 per map section
used"): ``--option deck=tournament`` / ``deck=tournament-sections``, built from each alignment's
shipped deck by the seeded rule of tournament.py."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from h4_invariants import run_game

from boardrules.cli import main
from boardrules.engine import OptionError, Rng, Session, replay_from_data
from boardrules.games.heroes_iv.content import default_content
from boardrules.games.heroes_iv.content_model import Deck, DeckEntry
from boardrules.games.heroes_iv.game import HeroesIV
from boardrules.games.heroes_iv.queries import is_hero, is_town
from boardrules.games.heroes_iv.state import H4State

GAME = HeroesIV()


def owned(s: H4State, seat: int) -> Counter[str]:
    p = s.players[seat]
    army = [k for a in s.armies if a.owner == seat for k in a.cards]
    return Counter(p.deck + p.hand + p.adventure + p.aside + p.discard + army)


def test_tournament_deck_of_60_built_from_the_alignments_cards_in_its_proportions() -> None:
    c = GAME.c
    s = GAME.new_state(3, 5, {"deck": "tournament", "alignments": "life,might,order"})
    for seat, al in enumerate(("life", "might", "order")):
        shipped = {e.card: e.copies for e in next(d for d in c.decks if d.alignment == al).cards}
        mine = owned(s, seat)
        assert sum(mine.values()) == 60 and mine == Counter(dict(s.decklists[seat]))
        assert set(mine) <= set(shipped)  # only the alignment's own cards
        fixed = {k: n for k, n in shipped.items() if is_town(c, k) or is_hero(c, k)}
        assert {k: mine[k] for k in fixed} == fixed  # the Town twice, each Hero once
        places = 60 - sum(fixed.values())
        others = sum(shipped.values()) - sum(fixed.values())
        for k, n in shipped.items():
            if k not in fixed:
                share = min(8, n * places // others)
                assert share <= mine[k] <= share + 1, k


def test_tournament_deck_the_places_left_over_are_drawn_with_the_seed() -> None:
    opts = {"deck": "tournament", "alignments": "life,death"}
    lists = {GAME.new_state(2, seed, opts).decklists[0] for seed in range(1, 9)}
    assert len(lists) > 1  # the seed draws the extra copies
    a, b = GAME.new_state(2, 4, opts), GAME.new_state(2, 4, opts)
    assert a.decklists == b.decklists and GAME.state_hash(a) == GAME.state_hash(b)


@pytest.mark.parametrize(("players", "cards"), [(2, 40), (3, 40), (4, 50), (6, 70)])
def test_tournament_deck_ten_cards_a_map_section_used_never_under_40(players: int, cards: int) -> None:
    s = GAME.new_state(players, 2, {"deck": "tournament-sections"})
    assert len(s.placed) + len(s.sections_left) == min(7, players + 1)  # the sections the map will use
    assert [sum(owned(s, seat).values()) for seat in range(players)] == [cards] * players
    assert all(n <= 8 for d in s.decklists for _, n in d)  # the deck format's most copies


def test_tournament_deck_the_shipped_decks_by_default() -> None:
    s = GAME.new_state(2, 4, {"alignments": "life,death"})
    shipped = {d.alignment: tuple((e.card, e.copies) for e in d.cards) for d in GAME.c.decks}
    assert s.decklists == [shipped["life"], shipped["death"]]


def test_tournament_deck_lists_are_public_and_determinize_deals_from_them() -> None:
    s = GAME.new_state(2, 6, {"deck": "tournament", "alignments": "life,death"})
    v = GAME.view(s, 0)
    assert [tuple(x) for x in v["players"][1]["decklist"]] == list(s.decklists[1])
    d = GAME.determinize(s, 0, Rng(3))
    assert owned(d, 1) == Counter(dict(s.decklists[1]))  # the opponent's unseen cards come from his list


def test_tournament_deck_bad_values_are_one_line_errors(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="option 'deck' cannot be 'huge'; choose one of: casual, tournament"):
        GAME.new_state(2, 1, {"deck": "huge"})
    path = tmp_path / "mine.toml"
    path.write_text('[[deck]]\nalignment = "life"\nsource = "printed"\ncards = [{ card = "haven", copies = 2 }]\n')
    runner = CliRunner()
    for opts in (["--option", "deck=huge"], ["--option", "deck=tournament", "--option", f"decks={path}"]):
        out = runner.invoke(main, ["simulate", "heroes-iv", "-n", "1", *opts])
        assert out.exit_code != 0 and "Traceback" not in out.output
        assert "option 'deck'" in out.output and len(out.output.strip().splitlines()) == 1, out.output


def test_tournament_deck_content_too_small_for_the_size_is_a_one_line_option_error() -> None:
    # a content owner's deck of few different cards cannot reach 60 at 8 copies a card
    c = default_content()
    few = Deck(alignment="life", source="printed", cards=(
        DeckEntry(card="haven", copies=2), DeckEntry(card="knight", copies=1), DeckEntry(card="squire", copies=8),
        DeckEntry(card="crossbowman", copies=8), DeckEntry(card="pikeman", copies=8),
        DeckEntry(card="ballista", copies=8), DeckEntry(card="crusader", copies=5)))
    game = HeroesIV(replace(c, decks=(few, *c.decks[1:])))
    with pytest.raises(OptionError, match="option 'deck': the life deck cannot make a tournament deck of 60"):
        game.new_state(2, 1, {"deck": "tournament"})


def test_tournament_deck_cut_short_of_the_starting_forces_is_a_one_line_option_error() -> None:
    # 10 cards a section with 2 players is 40: a deck of 42 holding one level-3 Unit loses it
    c = default_content()
    life = c.decks[0]
    thin = Deck(alignment="life", source="printed", cards=tuple(
        DeckEntry(card=e.card, copies=1 if e.card == "crusader" else e.copies + {"squire": 3, "crossbowman": 2}.get(
            e.card, 0)) for e in life.cards if e.card != "monk"))
    game = HeroesIV(replace(c, decks=(thin, *c.decks[1:])))
    assert sum(e.copies for e in thin.cards) == 42
    with pytest.raises(OptionError, match="the life deck cut to 40 cards would not hold the Units of the starting"):
        game.new_state(2, 1, {"deck": "tournament-sections"})
    game.new_state(3, 1, {"deck": "tournament"})  # grown to 60 it holds them


def test_tournament_deck_a_replay_keeps_the_option_and_reproduces() -> None:
    sess: Session[H4State] = Session(GAME, 8, 2, {"deck": "tournament"}, ["greedy", "greedy"])
    for _ in range(40):
        d = GAME.decision(sess.state)
        assert d is not None
        sess.play(d.actions[-1].text)
    data = sess.replay_data()
    assert data["options"]["deck"] == "tournament"
    again = replay_from_data(GAME, data)
    assert again.state.decklists == sess.state.decklists
    assert sum(n for _, n in again.state.decklists[0]) == 60


def test_tournament_deck_the_observation_bounds_cover_it() -> None:
    opts = {"deck": "tournament"}
    schema = GAME.observation_schema(2, opts)
    assert schema.key != GAME.observation_schema(2).key == GAME.observation_schema(2, {"deck": "casual"}).key
    assert GAME.action_space(2, opts).key == schema.key
    for seed in range(3):
        vec = schema.check(GAME.view(GAME.new_state(2, seed, opts), 0))
        assert all(lo <= x <= hi for x, lo, hi in zip(vec, schema.low, schema.high, strict=True))


@pytest.mark.parametrize(("players", "kind"), [(2, "tournament"), (6, "tournament-sections")])
def test_tournament_deck_random_games_keep_the_invariants(players: int, kind: str) -> None:
    # cards conserved against each player's deck list, views hiding hands, determinize dealing
    # from the lists (h4_invariants)
    for seed in range(2):
        s, _ = run_game(GAME, players, 300 + seed, views_every=11, options={"deck": kind})
        assert s.over and sum(n for _, n in s.decklists[0]) == (60 if kind == "tournament" else 70)
