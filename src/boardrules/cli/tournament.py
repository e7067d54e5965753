"""``boardrules tournament``: every pairing of AI agents over the same seeded deals, seats
rotated, reported as win rates, an Elo rating per agent and a Plackett-Luce rating (any player
count; sim/ratings.py), each saying how draws are counted."""

from __future__ import annotations

import contextlib
import time

import click
from rich.table import Table
from rich.text import Text

from ..engine import OptionError, check_seed, parse_options, set_up
from ..games import load_game
from ..sim.backends import BACKENDS, make_backend
from ..sim.ratings import DRAWS, skill_ratings
from ..sim.simulate import MAX_DECISIONS, GameRecord
from .terminal import (
    DEFAULT_GAME,
    MAX_GAMES,
    MAX_WORKERS,
    WHOLE,
    new_console,
    progress_bar,
    short_number,
)

ELO_DRAWS = ("Elo counts each game as a result between every two of its agents: a win for the one that won when "
             "the other did not, a draw when both won (a shared victory) or neither did; every two agents that met "
             "also share one virtual draw, so that an agent that won every game still has a finite rating. In the "
             "win rates a shared victory is a win for each winner.")


@click.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--agents", "agent_list", default="random,greedy,ismcts", show_default=True,
              help="The agents, comma-separated, with parameters as on seats (e.g. ismcts:iterations=100,depth=5).")
@click.option("-n", "--games", "n", type=WHOLE, default=20, show_default=True,
              help="Games per table (every combination of --players agents).")
@click.option("--players", type=WHOLE, default=2, show_default=True, help="Players per game.")
@click.option("--seed", type=WHOLE, default=1, show_default=True, help="Master seed of the run, 0 to 2**64-1.")
@click.option("--workers", type=WHOLE, default=1, show_default=True, help="Worker processes.")
@click.option("--backend", "backend_name", type=click.Choice(BACKENDS), default="local", show_default=True,
              help="Where the games are played: this machine, or a Ray cluster (the same games either way).")
@click.option("--address", help="With --backend ray: the cluster's address, HOST:PORT (default: the cluster "
              "of RAY_ADDRESS or 'ray start' here, else Ray started for the run).")
@click.option("--expansion", help="Shorthand for --option expansion=NAME (e.g. four-towers).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A game option (repeatable).")
@click.option("--max-decisions", type=WHOLE, default=MAX_DECISIONS, show_default=True,
              help="A game still running after this many decisions is left out of the results.")
def tournament(game_name: str | None, agent_list: str, n: int, players: int, seed: int, workers: int,
               backend_name: str, address: str | None, expansion: str | None, option_pairs: tuple[str, ...],
               max_decisions: int) -> None:
    """Play every pairing of AI agents over the same seeded deals, seats rotated, and report
    win rates (95% CIs), an Elo rating and a Plackett-Luce rating per agent.

    The same --seed gives the same games whatever --workers or --backend is.
    """
    from ..sim import tournament as tm

    console = new_console()
    name = game_name or DEFAULT_GAME
    game = load_game(name)
    options = parse_options(option_pairs, expansion)
    agents = tm.parse_agents(agent_list)
    check_seed(seed)
    if not 2 <= players <= 8:
        raise OptionError(f"--players must be from 2 to 8 (not {short_number(players)})")
    tables = tm.tables(agents, players)
    if not 1 <= n <= MAX_GAMES // len(tables):
        raise OptionError(f"-n must be from 1 to {MAX_GAMES // len(tables):,} games per table (not {short_number(n)})")
    if not 1 <= workers <= MAX_WORKERS:
        raise OptionError(f"--workers must be from 1 to {MAX_WORKERS} (not {short_number(workers)})")
    if max_decisions < 1:
        raise OptionError(f"--max-decisions must be at least 1 (not {short_number(max_decisions)})")
    options, _ = set_up(game, players, 0, options)  # as play and simulate check them
    backend = make_backend(backend_name, workers, address)
    records: list[GameRecord] = []
    total = n * len(tables)
    started = time.perf_counter()
    progress = progress_bar(console)
    with progress:
        task = progress.add_task(f"{game.title} tournament", total=total)
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: the games played so far are reported
            for rec in tm.iter_tournament(name, agents, n, seed, players, workers, options, max_decisions,
                                           backend):
                records.append(rec)
                progress.advance(task)
                progress.refresh()
    elapsed = time.perf_counter() - started
    if not records:
        console.print(Text("Interrupted before any game finished.", style="bold"))
        raise click.exceptions.Exit(130)
    rep = tm.report(records, agents, players)
    opts = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
    table = Table(title=f"{game.title} tournament: {n} games at each of {len(tables)} table(s) of {players}, seed {seed}"
                  + (f" ({opts})" if opts else ""), title_justify="left")
    for col in ("Agent", "Against", "Wins", "Games", "Win rate", "95% CI"):
        table.add_column(col, justify="left" if col in ("Agent", "Against") else "right",
                         overflow="fold" if col in ("Agent", "Against") else "ellipsis")
    for st in rep.standings:
        table.add_row(st.agent, ", ".join(a for a in st.table if a != st.agent), str(st.wins), str(st.games),
                      f"{st.win_rate:.1%}", f"{st.ci_low:.1%} - {st.ci_high:.1%}", end_section=st.agent == st.table[-1])
    console.print(table)
    ratings = Table(title="Elo (maximum likelihood over every two agents in each game; mean 1500)",
                    title_justify="left")
    for col in ("Agent", "Elo", "Score", "Results"):
        ratings.add_column(col, justify="left" if col == "Agent" else "right",
                           overflow="fold" if col == "Agent" else "ellipsis")
    for r in rep.ratings:
        ratings.add_row(r.agent, f"{r.elo:.0f}", f"{r.score_rate:.1%}", str(r.games))
    console.print(ratings)
    console.print(ELO_DRAWS + ("" if players == 2 else " With more than 2 players these pairwise results "
                               "approximate the game: read the Plackett-Luce ratings below."))
    skills = Table(title=f"Plackett-Luce ratings (openskill; {players}-player games ranked whole)", title_justify="left")
    for col in ("Agent", "Mu", "Sigma", "Mu - 3 sigma", "Games"):
        skills.add_column(col, justify="left" if col == "Agent" else "right",
                          overflow="fold" if col == "Agent" else "ellipsis")
    for sk in skill_ratings(records, agents, n):
        skills.add_row(sk.agent, f"{sk.mu:.2f}", f"{sk.sigma:.2f}", f"{sk.ordinal:.2f}", str(sk.games))
    console.print(skills)
    console.print(DRAWS + " Ranked by mu - 3 sigma.")
    where = f"{workers} worker(s)" if backend_name == "local" else f"the {backend_name} backend"
    console.print(f"Time: {elapsed:.2f} s with {where}")
    if rep.unfinished:
        reasons = "; ".join(rep.errors[:3]) + ("; ..." if len(rep.errors) > 3 else "")
        console.print(Text(f"Unfinished games (left out): {rep.unfinished} ({reasons})", style="bold yellow"))
    if len(records) < total:
        console.print(Text(f"Interrupted: the report covers the first {len(records)} of {total} games.", style="bold"))
        raise click.exceptions.Exit(130)

