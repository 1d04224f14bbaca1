"""Tables as plain data, and the expiry that archives idle tables before removing them."""
from __future__ import annotations

import json
import os

from ..groups import hooks as group_hooks
from ..storage import is_shared
from ..storage.interface import Transaction
from .context import Service



def archive_folder(database: str, instance_path: str) -> str:
    """Where expired tables' histories go: beside the SQLite file; with Redis (no file) in the
    instance folder of this machine."""
    return (os.path.join(instance_path, "archive") if is_shared(database)
            else os.path.join(os.path.dirname(os.path.abspath(database)), "archive"))


def export_table(tx: Transaction, code: str) -> dict | None:
    """A table's whole history as plain data: who sat, every event, the final state, and the record
    of every game played at it (the evening)."""
    row = tx.get_table(code)
    if row is None:
        return None
    return {"code": row.code, "game": row.game, "options": row.options, "created_at": row.created_at,
            "updated_at": row.updated_at, "version": row.version, "state": row.state,
            "seats": [{"id": s.seat_id, "name": s.name} for s in tx.seats(code)],
            "events": tx.all_events(code),
            "records": [r.record for r in tx.records(code)]}


def expire_idle_tables(tables: Service, idle_seconds: float, archive_dir: str | None) -> list[str]:
    """Remove tables nobody touched for `idle_seconds`, writing each one's history to
    `archive_dir/<code>.json` first (when given). Returns the codes removed."""
    removed = []
    cutoff = tables.clock() - idle_seconds
    with tables.store.read() as tx:
        codes = tx.idle_tables(cutoff)

    def archive_and_remove(tx: Transaction, code: str) -> bool:
        row = tx.get_table(code)
        if row is None or row.updated_at >= cutoff:  # touched since we looked
            return False
        if archive_dir:
            os.makedirs(archive_dir, exist_ok=True)
            path = os.path.join(archive_dir, f"{code}.json")
            with open(path + ".tmp", "w", encoding="utf-8") as fh:
                json.dump(export_table(tx, code), fh)
            os.replace(path + ".tmp", path)  # the archive exists before the table goes
        group_hooks.keep_records_of(tx, code)   # a group's record outlives its tables
        tx.delete_table(code)
        return True

    for code in codes:
        if tables.store.transact(lambda tx: archive_and_remove(tx, code)):
            removed.append(code)
    return removed
