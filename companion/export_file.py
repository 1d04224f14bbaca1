"""The file `export` writes and `import` reads (companion/commands.py): its format, and the checks an
import file passes before anything is written. A file refused is said in one sentence (Refused)."""
from __future__ import annotations

import math
import os
import sys

import click

EXPORT_FORMAT = "cat-table-companion export"
EXPORT_VERSION = 1
MAX_IMPORT_BYTES = 256 * 1024 * 1024   # a whole busy store's export is far smaller; bigger is a wrong file


class Refused(click.ClickException):
    """An import file that cannot be taken whole: said in one sentence, nothing written."""


def read_bounded(file: str) -> bytes:
    too_big = Refused(f"{file} is bigger than {MAX_IMPORT_BYTES // 2**20} MiB, more than any export; "
                      "nothing was imported.")
    try:
        if file == "-":
            raw = sys.stdin.buffer.read(MAX_IMPORT_BYTES + 1)
        else:
            with open(file, "rb") as fh:
                if os.fstat(fh.fileno()).st_size > MAX_IMPORT_BYTES:   # refused unread
                    raise too_big
                raw = fh.read(MAX_IMPORT_BYTES + 1)
    except OSError as exc:
        raise Refused(f"Cannot read {file}: {exc.strerror or exc}; nothing was imported.")
    if len(raw) > MAX_IMPORT_BYTES:
        raise too_big
    return raw


# ---- what an import accepts: exactly what dump_table() writes, each value of its JSON type

def validated_export(document) -> list[dict]:
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise Refused(f"This file is not a Cat Table Companion export (no \"format\": \"{EXPORT_FORMAT}\"); "
                      "nothing was imported.")
    if document.get("version") != EXPORT_VERSION:
        raise Refused(f"This export is version {document.get('version')!r}; this companion reads version "
                      f"{EXPORT_VERSION}. Nothing was imported.")
    if not isinstance(document.get("tables"), list):
        raise Refused("This export has no list of tables; nothing was imported.")
    seen: set[str] = set()
    out = []
    for number, table in enumerate(document["tables"], start=1):
        try:
            clean = table_from(table)
        except ValueError as exc:
            raise Refused(f"Table {number} of the file is not valid: {exc}. Nothing was imported.")
        if clean["code"] in seen:
            raise Refused(f"The file holds table {clean['code']} twice; nothing was imported.")
        seen.add(clean["code"])
        out.append(clean)
    return out


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(what)


def _int(value, what: str, least: int | None = None) -> int:
    _check(isinstance(value, int) and not isinstance(value, bool) and (least is None or value >= least),
           f"{what} must be a whole number" + (f" of at least {least}" if least is not None else ""))
    return value


def _time(value, what: str) -> float:
    _check(isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0,
           f"{what} must be a time (seconds since 1970)")
    return float(value)


def _text(value, what: str, most: int = 200, optional: bool = False) -> str | None:
    if optional and value is None:
        return None
    _check(isinstance(value, str) and 0 < len(value) <= most, f"{what} must be text of 1 to {most} characters")
    return value


def _object(value, what: str, optional: bool = False) -> dict | None:
    if optional and value is None:
        return None
    _check(isinstance(value, dict), f"{what} must be an object")
    return value


def _list(table: dict, key: str, most: int) -> list:
    value = table.get(key)
    _check(isinstance(value, list) and len(value) <= most, f"\"{key}\" must be a list of at most {most}")
    for item in value:
        _check(isinstance(item, dict), f"each of \"{key}\" must be an object")
    return value


def table_from(table) -> dict:
    """The table as load_table() takes it, or ValueError saying what is wrong."""
    from . import games
    from .engine import normalise_code
    from .engine.recording import HISTORY_EVENTS
    from .engine.seating import MAX_SEATS
    _check(isinstance(table, dict), "it is not an object")
    code = table.get("code")
    _check(isinstance(code, str) and normalise_code(code) == code, "its \"code\" is not a table code")
    game = table.get("game")
    _check(isinstance(game, str) and games.get(game) is not None, f"its game {game!r} is not one this companion has")
    seats = [{"id": _int(s.get("id"), "a seat's id", 1), "name": _text(s.get("name"), "a seat's name"),
              "name_key": _text(s.get("name_key"), "a seat's name key"),
              "token_hash": _text(s.get("token_hash"), "a seat's token hash", 128),
              "joined_at": _time(s.get("joined_at"), "a seat's joining time")}
             for s in _list(table, "seats", MAX_SEATS)]
    for key in ("id", "name_key", "token_hash"):
        _check(len({s[key] for s in seats}) == len(seats), f"two seats have the same {key.replace('_', ' ')}")
    credentials = [{"kind": _text(c.get("kind"), "a credential's kind", 20),
                    "token_hash": _text(c.get("token_hash"), "a credential's token hash", 128),
                    "seat": _int(c["seat"], "a credential's seat", 1) if c.get("seat") is not None else None,
                    "at": _time(c.get("at"), "a credential's time")}
                   for c in _list(table, "credentials", 1000)]
    _check(len({(c["kind"], c["token_hash"]) for c in credentials}) == len(credentials),
           "two credentials are the same")
    events = []
    for e in _list(table, "events", HISTORY_EVENTS):
        event = {"version": _int(e.get("version"), "an event's version", 0),
                 "kind": _text(e.get("kind"), "an event's kind", 40),
                 "move": _text(e.get("move"), "an event's move", 100, optional=True),
                 "seat": _int(e["seat"], "an event's seat", 1) if e.get("seat") is not None else None,
                 "args": _object(e.get("args"), "an event's args", optional=True),
                 "state_after": _object(e.get("state_after"), "an event's state", optional=True),
                 "at": _time(e.get("at"), "an event's time")}
        _check(isinstance(e.get("undone"), bool), "an event's \"undone\" must be true or false")
        event["undone"] = e["undone"]
        if event["kind"] in ("create", "move", "switch") and not event["undone"]:
            _check(event["state_after"] is not None, "a move that is not undone has no state after it")
        events.append(event)
    records = [{"number": _int(r.get("number"), "a record's number", 1),
                "game": _text(r.get("game"), "a record's game", 40),
                "finished_at": _time(r.get("finished_at"), "a record's time"),
                "record": _object(r.get("record"), "a record")}
               for r in _list(table, "records", HISTORY_EVENTS)]
    _check(len({r["number"] for r in records}) == len(records), "two records have the same number")
    # The seats it ever made (never fewer than the ids it mentions): a seat's id is never given again.
    mentioned = [s["id"] for s in seats] + [c["seat"] for c in credentials if c["seat"]] + [
        e["seat"] for e in events if e["seat"]] + [
        e["args"]["seat"] for e in events if e["args"] and type(e["args"].get("seat")) is int]
    seats_made = max([_int(table.get("seats_made", 0), "its seats made", 0)] + mentioned)
    return {"code": code, "game": game, "options": _object(table.get("options"), "its options"),
            "state": _object(table.get("state"), "its state"),
            "version": _int(table.get("version"), "its version", 1),
            "host_token_hash": _text(table.get("host_token_hash"), "its host token hash", 128),
            "created_at": _time(table.get("created_at"), "its creation time"),
            "updated_at": _time(table.get("updated_at"), "its last use"), "seats_made": seats_made,
            "seats": seats, "credentials": credentials, "events": events, "records": records}
