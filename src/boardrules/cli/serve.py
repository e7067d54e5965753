"""``boardrules serve``: the multiplayer server (``boardrules.web``, docs/server.md) on uvicorn."""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on: loopback by default; 0.0.0.0 (or ::) for every interface.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The port (0: any free one, printed).")
@click.option("--db", "db_path", type=click.Path(dir_okay=False),
              help="The SQLite database (default: $XDG_DATA_HOME/boardrules/boardrules.db).")
@click.option("--database", "database_url", metavar="postgresql://...",
              help="A PostgreSQL database instead of SQLite (user, password, host, port, database name).")
def serve(host: str, port: int, db_path: str | None, database_url: str | None) -> None:
    """Serve games to play at a distance: the lobby and the game pages, a JSON API with seats,
    bots and events; every unfinished game in the database is resumed on start."""
    import uvicorn  # only this command needs the server (fastapi takes half a second to import)

    from ..web import PostgresStore, SQLiteStore, Store, StoreError, create_app, default_db_path

    if db_path is not None and database_url is not None:
        raise click.UsageError("give --db (SQLite) or --database (PostgreSQL), not both")
    if database_url is not None and not database_url.startswith(("postgresql://", "postgres://")):
        raise click.UsageError("--database takes a PostgreSQL address: postgresql://user:password@host:port/name")
    path = Path(db_path) if db_path is not None else default_db_path()
    try:
        store: Store = PostgresStore(database_url) if database_url is not None else SQLiteStore(path)
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None
    where = store.shown if isinstance(store, PostgresStore) else str(path)
    try:
        sock = _listen(host, port)
        try:
            app = create_app(store)
        except StoreError as exc:
            raise click.ClickException(str(exc)) from None
        registry = app.state.registry
        click.echo(f"boardrules serve: {_url(host, sock.getsockname()[1])} (database {where})")
        if _is_loopback(host):
            click.echo("Listening on loopback only: other machines cannot connect (--host 0.0.0.0 lets them).")
        else:
            click.echo(f"Listening on {host}: anyone who can reach this machine can connect. There is no TLS: "
                       "put it behind a reverse proxy for the open internet (docs/server.md).")
        click.echo(f"{len(registry.tables)} unfinished game(s) resumed"
                   + (f"; {len(registry.unplayable)} need another version of boardrules (GET /api/games lists them)."
                      if registry.unplayable else "."))
        config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=2)
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        store.close()


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port``, bound before anything is printed."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except (OSError, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise click.ClickException(f"cannot listen on {host!r} port {port}: {reason}") from None
    return sock


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"
