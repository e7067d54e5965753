"""``boardrules replay``: a saved game or replay re-run, checked against its final state."""

from __future__ import annotations

import click
from rich.text import Text

from ..engine import ReplayError, Session, load_replay, replay_from_data
from ..games import load_game
from .terminal import label, new_console, print_events, print_result, seat_names


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--show", is_flag=True, help="Print the actions (as an observer sees them) and the event log.")
def replay(file: str, show: bool) -> None:
    """Re-run a saved game or replay FILE and check that it reproduces its final state."""
    console = new_console()
    data = load_replay(file)
    name = data.get("game")
    if not isinstance(name, str):
        raise ReplayError(f"{file}: the field 'game' is missing")
    game = load_game(name)
    session = replay_from_data(game, data, where=file)
    names = seat_names(game, session.state, session.num_players)
    seats = list(session.seats)
    if show:
        log = Session(game, session.seed, session.num_players, dict(session.options), seats)
        for i, action in enumerate(session.actions, start=1):
            d = log.decision
            player = d.player if d is not None else None
            events = log.play(action)
            text = game.action_text(log.history[-1].before, action, None)  # a secret choice stays secret
            console.print(Text(f"{i:>5}. ", style="dim") + label(names, seats, player) + Text(": ")
                          + Text(text, style="bold"))
            print_events(console, events)
    console.print(Text(f"Replay OK: {game.title}, seed {session.seed}, {len(session.actions)} actions; "
                       f"the final state hash {game.state_hash(session.state)} matches.", style="bold green"))
    if game.is_over(session.state):
        print_result(console, game, session.state, names, seats)
    else:
        console.print(f"The game is not over (saved in progress at turn {game.turn_number(session.state)}).")

