"""The keeper's commands: Flask CLI commands on the app (`flask --app app tables`, with COMPANION_DB
naming the store) and subcommands of `cat-table-companion` (`cat-table-companion --db … tables`).

    tables              every table: code, game, seats, age, idle time
    expire              archive and remove tables idle for --days (the server does it hourly too)
    export CODE | --all a table, or every table, as JSON: row, seats, credentials, events, records
    import FILE         tables from such a file, all in one transaction or none
    check               the store answers and keeps what it acknowledges; templates and catalogues load
"""
from __future__ import annotations

import json
import math
import os
import time
from typing import Callable

import click
from flask import current_app
from flask.cli import ScriptInfo, with_appcontext

from .export_file import EXPORT_FORMAT, EXPORT_VERSION, Refused, read_bounded, validated_export


def tables():
    return current_app.extensions["companion"]


def age(seconds: float) -> str:
    """A duration as a person reads it in a list: 45 s, 12 min, 5 h, 3 d."""
    seconds = max(0.0, seconds)
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{int(seconds // size)} {unit}"
    return f"{int(seconds)} s"


@click.command("tables")
@with_appcontext
def list_tables():
    """List every table: code, game, seats, age and time since last use."""
    from .games import get
    store, now = tables().store, tables().clock()
    rows = []
    with store.read() as tx:
        for code in tx.table_codes():
            row = tx.get_table(code)
            if row is not None:
                game = get(row.game)
                rows.append((code, game.title if game else row.game, str(len(tx.seats(code))),
                             age(now - row.created_at), age(now - row.updated_at)))
    if not rows:
        click.echo("No tables.")
        return
    header = ("CODE", "GAME", "SEATS", "AGE", "IDLE")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, *rows]:
        click.echo("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
    click.echo(f"{len(rows)} table(s).")


def positive_days(ctx, param, value: float) -> float:
    if not (math.isfinite(value) and value > 0):
        raise click.BadParameter("give a number of days above 0.")
    return value


@click.command("expire")
@click.option("--days", type=float, callback=positive_days, show_default="COMPANION_EXPIRE_DAYS or 7",
              default=lambda: float(os.environ.get("COMPANION_EXPIRE_DAYS", 7) or 7),
              help="Remove tables nobody touched for this many days.")
@click.option("--archive", type=click.Path(file_okay=False), default=None,
              help="Folder for each removed table's history (<CODE>.json). Default: archive/ beside the "
                   "SQLite file, or the instance folder's archive/ with Redis.")
@with_appcontext
def expire(days: float, archive: str | None):
    """Archive and remove tables idle for --days, now (for cron; the server also does it hourly)."""
    from .engine.archive import archive_folder
    from .engine import expire_idle_tables
    archive = archive or archive_folder(current_app.config["DATABASE"], current_app.instance_path)
    removed: list[str] = []
    while True:   # each pass takes at most 500 tables; a table touched meanwhile is left alone
        try:
            batch = expire_idle_tables(tables(), days * 86400, archive)
        except OSError as exc:   # the archive is written before its table goes: nothing was lost
            raise click.ClickException(f"Cannot write the archive in {archive} ({exc.strerror or exc}); "
                                       f"{len(removed)} table(s) were archived and removed before that.")
        removed += batch
        if not batch:
            break
    if removed:
        click.echo(f"Archived and removed {len(removed)} idle table(s) into {archive}: {', '.join(removed)}")
    else:
        click.echo(f"No table has been idle for {days:g} day(s).")


@click.command("export")
@click.argument("code", required=False)
@click.option("--all", "everything", is_flag=True, help="Export every table in the store.")
@click.option("-o", "--output", type=click.File("w", encoding="utf-8", atomic=True), default="-",
              help="Write to this file (default: the terminal).")
@with_appcontext
def export(code: str | None, everything: bool, output):
    """Write a table (CODE), or every table (--all), as JSON: its games, seats, events and records.

    The file holds the seats' token hashes, so an import lets the same phones back in: keep it as
    private as the database."""
    from .engine import normalise_code
    if bool(code) == everything:
        raise click.UsageError("Give a table's code, or --all (not both).")
    store = tables().store
    with store.read() as tx:
        if everything:
            dumped = [d for d in map(tx.dump_table, tx.table_codes()) if d is not None]
        else:
            found = tx.dump_table(normalise_code(code) or "")
            if found is None:
                raise click.ClickException(f"There is no table {code.strip().upper()} in this store.")
            dumped = [found]
    json.dump({"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported_at": time.time(), "tables": dumped},
              output, ensure_ascii=False)
    output.write("\n")
    click.echo(f"Exported {len(dumped)} table(s).", err=True)


@click.command("import")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@with_appcontext
def import_tables(file: str):
    """Add the tables of an `export` FILE ("-": standard input) to this store.

    All or nothing: a file that is not such an export, holds a table this store already has, or is
    bigger than 256 MiB is refused, and nothing is written."""
    raw = read_bounded(file)
    try:
        document = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise Refused(f"{file} is not JSON ({exc}); nothing was imported.")
    incoming = validated_export(document)
    codes = [t["code"] for t in incoming]

    def load_all(tx) -> None:
        taken = [code for code in codes if tx.table_exists(code)]
        if taken:
            raise Refused(f"This store already has table(s) {', '.join(taken)}; nothing was imported.")
        for table in incoming:
            tx.load_table(table)

    tables().store.transact(load_all)
    click.echo(f"Imported {len(codes)} table(s){': ' + ', '.join(codes) if codes else ''}.")


@click.command("check")
@with_appcontext
def check():
    """Check the store answers and keeps what it acknowledges (on Redis: appendonly), every template
    compiles, and every language's catalogue and game's data load. Exits 1 on any problem."""
    from jinja2 import TemplateError

    from .decks import load
    from .paths import DECKS
    from .storage import describe
    from flask_babel import force_locale, get_translations

    from .web.i18n import LANGUAGES
    app, problems = current_app, []

    def report(ok_line: str, found: list[str]) -> None:
        for problem in found:
            click.echo(f"PROBLEM {problem}")
        if not found:
            click.echo(f"ok      {ok_line}")
        problems.extend(found)

    store = tables().store
    try:
        with store.read() as tx:
            count = len(tx.table_codes())
    except Exception as exc:   # whatever the driver says, the keeper reads it here
        report("", [f"The store {describe(app.config['DATABASE'])} does not answer: {exc}"])
    else:
        report(f"the store {describe(app.config['DATABASE'])} answers ({count} table(s))", [])
        report("the store keeps every acknowledged move (its persistence settings)", store.durability_problems())
    broken = []
    names = app.jinja_env.list_templates(extensions=("html",))
    for name in names:
        try:
            app.jinja_env.get_template(name)
        except TemplateError as exc:
            broken.append(f"The template {name} does not compile: {exc}")
    report(f"{len(names)} templates compile", broken)
    broken = []
    with app.test_request_context():   # Flask-Babel loads a catalogue for a request's language
        for code in LANGUAGES:
            try:
                with force_locale(code):
                    catalogue = get_translations()
                if code != "en" and not catalogue._catalog:
                    broken.append(f"The {LANGUAGES[code]} catalogue is empty.")
            except Exception as exc:
                broken.append(f"The {LANGUAGES[code]} catalogue does not load: {exc}")
    report(f"{len(LANGUAGES)} languages' catalogues load", broken)
    broken = []
    decks = sorted(p.stem for p in DECKS.glob("*.toml"))
    for deck in decks:
        try:
            load(deck)
        except Exception as exc:
            broken.append(f"The game data decks/{deck}.toml does not load: {exc}")
    report(f"{len(decks)} games' data load", broken)
    if problems:
        raise SystemExit(1)


COMMANDS = (list_tables, expire, export, import_tables, check)


def register_commands(app) -> None:
    """`flask --app app COMMAND` (companion/__init__.py create_app calls this)."""
    for command in COMMANDS:
        app.cli.add_command(command)


def run_command(argv: list[str], make_app: Callable, prog: str) -> int:
    """`cat-table-companion [--db …] COMMAND …` (companion/cli.py): the command on the app that the
    server's own options describe."""
    from .config import ConfigError
    from .storage import StorageUnusable

    def app():
        try:
            return make_app()
        except StorageUnusable as exc:
            raise click.ClickException(f"Cannot open the store: {exc}")
        except ConfigError as exc:
            raise click.ClickException(str(exc))

    group = click.Group(prog, commands=COMMANDS, help="The keeper's commands.")
    try:
        group.main(args=argv, prog_name=prog, obj=ScriptInfo(create_app=app, set_debug_flag=False))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return 0
