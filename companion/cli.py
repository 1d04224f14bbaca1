"""The `cat-table-companion` command (also `python app.py` and `python -m companion`): serve the
companion on the local network, or run one of the keeper's commands (companion/commands.py).

    cat-table-companion [--host H] [--port P] [--db PATH|redis://…] [--public-url URL] [--expire-days N]
    cat-table-companion [--db …] tables | expire | export | import | check  [their options]

Serves with gevent's WSGI server: every open page holds one event stream, and green threads let
thousands of them wait without starving the actions (docs/PERFORMANCE.md). Only the standard library
is imported at the top, so that gevent patches it before Flask, sqlite3 and Redis are loaded.
"""
from __future__ import annotations

import argparse
import os
import socket
import sys

DEFAULT_PORT = 8750  # not 5000: macOS AirPlay takes that one
# The keeper's commands (companion/commands.py), named here so that choosing one needs no import.
COMMANDS = ("check", "expire", "export", "import", "tables")
# The options that take a value (the first word after the options that is not one is the command).
VALUED_OPTIONS = ("--host", "--port", "--db", "--public-url", "--allowed-hosts", "--expire-days")


def parse_args(argv=None, prog: str | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=prog, description="Serve the Cat Table Companion on your local network.",
        epilog="Commands for the keeper of a server, after the options above (each has --help): "
               "tables (list them), expire (archive and remove idle tables now), export TABLE / export "
               "--all, import FILE, check (the store, its persistence, templates and catalogues). "
               "Also as `flask --app app COMMAND`, with COMPANION_DB naming the store.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all interfaces)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("COMPANION_PORT", DEFAULT_PORT)),
                        help=f"port to listen on (default: {DEFAULT_PORT})")
    parser.add_argument("--db", default=os.environ.get("COMPANION_DB"),
                        help="where tables are kept: a SQLite file (default: instance/companion.db), or "
                             "redis://HOST:PORT/N for a Redis shared by several app processes (also COMPANION_DB)")
    parser.add_argument("--public-url", default=os.environ.get("COMPANION_PUBLIC_URL"),
                        help="the address phones should open, e.g. http://192.168.1.20:8750 "
                             "(default: this machine's LAN address)")
    parser.add_argument("--allowed-hosts", default=os.environ.get("COMPANION_ALLOWED_HOSTS", ""),
                        help="more host names this server answers to, comma-separated (besides localhost, this "
                             "machine's name and LAN address, and the public URL's host); requests naming any "
                             "other host are refused, so a web page elsewhere cannot drive the companion")
    parser.add_argument("--expire-days", type=float, default=float(os.environ.get("COMPANION_EXPIRE_DAYS", 7)),
                        help="remove tables nobody touched for this many days, after writing their history "
                             "to an archive folder beside the database (default: 7; 0 keeps them forever)")
    return parser.parse_args(argv)


def lan_address() -> str:
    """The address other devices on the network reach this machine by. Connecting a UDP socket sends
    no packet; it only asks the kernel which interface it would route through."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def trusted_hosts(public_url: str | None, extra: str = "") -> list[str]:
    """The host names a request may name: this machine by any of its usual names, the public URL's
    host, and those given. Anything else is a page elsewhere pointing its own name at this machine
    (DNS rebinding) and is refused (Flask's TRUSTED_HOSTS)."""
    from urllib.parse import urlsplit
    hosts = {"localhost", "127.0.0.1", "::1", lan_address()}
    name = socket.gethostname()
    if name:
        hosts |= {name, f"{name}.local"}
    if public_url:
        hosts.add(urlsplit(public_url).hostname or "")
    hosts |= {h.strip() for h in extra.split(",") if h.strip()}
    return sorted(h for h in hosts if h)


def build_app(database: str | None, public_url: str | None, allowed_hosts: str = ""):
    """The app as configured by the command line and the environment (shared with wsgi.py)."""
    from companion import create_app

    config = {"DATABASE": database, "PUBLIC_URL": public_url,
              "TRUSTED_HOSTS": trusted_hosts(public_url, allowed_hosts)}
    # Every other setting (rate limits, TRUSTED_PROXIES, ...) comes from its COMPANION_* variable
    # in create_app (companion/config.py).
    return create_app(config)


def app_from_environment():
    """The app `flask --app app COMMAND` works on: the store named by COMPANION_DB (else the default
    file), configured from the environment as the server is."""
    args = parse_args([])
    return build_app(args.db, os.environ.get("COMPANION_PUBLIC_URL"), args.allowed_hosts)


def start_expiry(app, expire_days: float) -> str:
    """Hourly, in a green thread: archive and remove tables idle for `expire_days`. Returns the
    archive folder. Safe to run in several processes at once: each removal is one transaction that
    re-checks the table is still idle. (`cat-table-companion expire` does one pass, e.g. from cron.)"""
    import gevent

    from companion.engine import expire_idle_tables
    from companion.engine.archive import archive_folder

    archive = archive_folder(app.config["DATABASE"], app.instance_path)

    def expire_forever():
        while True:  # hourly; each pass is bounded (500 tables)
            try:
                removed = expire_idle_tables(app.extensions["companion"], expire_days * 86400, archive)
                if removed:
                    print(f"Archived and removed {len(removed)} idle table(s) into {archive}", flush=True)
            except Exception as exc:  # never take the server down for housekeeping
                print(f"Could not expire idle tables: {exc}", file=sys.stderr, flush=True)
            gevent.sleep(3600)

    gevent.spawn(expire_forever)
    return archive


def serve(args: argparse.Namespace) -> int:
    # Green threads: patch before Flask, sqlite3 and threading are used.
    from gevent import monkey
    monkey.patch_all()
    from gevent.pywsgi import WSGIServer

    from companion.serving import (LISTEN_BACKLOG, GuardedHandler, raise_open_file_limit, tune_garbage_collector,
                                   warm_up)
    from companion.config import ConfigError
    from companion.storage import StorageUnusable, describe

    raise_open_file_limit()  # before the app sizes its stream capacity from it
    host_shown = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    public_url = (args.public_url or f"http://{host_shown}:{args.port}").rstrip("/")
    try:
        app = build_app(args.db, public_url, args.allowed_hosts)
    except (StorageUnusable, ConfigError) as exc:
        print(f"Cannot start: {exc}", file=sys.stderr)
        return 2
    try:
        server = WSGIServer((args.host, args.port), app, log=None, error_log=sys.stderr,
                            handler_class=GuardedHandler, backlog=LISTEN_BACKLOG)
        server.init_socket()
    except OSError as exc:
        print(f"Cannot listen on {args.host}:{args.port}: {exc.strerror or exc}. Try --port.", file=sys.stderr)
        return 2

    print(f"Cat Table Companion is running. On phones and tablets on this network, open:\n\n    {public_url}\n")
    try:
        import qrcode
        qr = qrcode.QRCode(border=1)
        qr.add_data(public_url)
        qr.print_ascii(invert=True)
    except Exception:  # a terminal that cannot show the QR still has the URL above
        pass
    if args.expire_days > 0:
        start_expiry(app, args.expire_days)
    warm_up(app)
    tune_garbage_collector()
    # Other processes may serve the same SQLite file (one per core, routed by table: docs/DEPLOY.md):
    # this one hears their changes (companion/storage/sqlite_hub.py).
    app.extensions["companion"].hub.follow()
    print("\nPress Ctrl-C to stop. Tables are saved in", describe(app.config["DATABASE"]), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped. Every table is saved.")
    return 0


def split_command(argv: list[str]) -> tuple[list[str], list[str]]:
    """The server's options, and the keeper's command with its own arguments (empty: serve)."""
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            break
        if word in COMMANDS:
            return argv[:i], argv[i:]
        if word in VALUED_OPTIONS:
            i += 1          # its value, which may look like anything
        elif not word.startswith("-"):
            break           # not a command: argparse says what is wrong with it
        i += 1
    return argv, []


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    options, command = split_command(argv)
    args = parse_args(options, prog)
    if not command:
        return serve(args)
    from companion.commands import run_command
    return run_command(command, lambda: build_app(args.db, args.public_url, args.allowed_hosts),
                       prog or os.path.basename(sys.argv[0]))
