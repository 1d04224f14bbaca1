"""The hooks the table engine (companion/engine/) calls for groups, kept small and named for what
they do, so they survive the engine's move into parts:

- `TableOfGroup`: given to `Tables.create` for a table made from the group's page: the options the
  group adds (CommuniCat's deck) and the table's place in the group, written in the same transaction;
- `options_for_table(tx, code, game)`: the same options when the host switches a group's table to
  another game;
- `shown_records(tx, code, game_id)`: the records a game that shows results from other tables (Pack
  the Essentials' Purr-sonal Best) sees: its group's, else its own table's only;
- `keep_records_of(tx, code)`: before an idle table is removed, its group keeps its games.

Only the store's transaction and the group's pure modules: no Flask, and nothing that imports the
engine (it imports this).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import Forbidden
from ..games import communicat
from ..storage.interface import Transaction
from . import members, needs

if TYPE_CHECKING:   # service.py imports this module
    from .service import GroupCredentials


class GroupNotFound(LookupError):
    pass


def load_group(tx: Transaction, code: str) -> dict:
    row = tx.get_group(code)
    if row is None:
        raise GroupNotFound(code)
    return row.doc


def require_member_or_host(group: dict, creds: "GroupCredentials") -> None:
    if not (members.is_host(group, creds.host_token) or members.member_by_token(group, creds.member_token)):
        raise Forbidden("Join the group first: open its link on this device and give your name.")


def entries_of(tx: Transaction, code: str, group: dict) -> list[dict]:
    """Every game of the group: those of its tables still here, and those it kept."""
    found: dict[tuple[str, int], dict] = {}
    for row in tx.kept_group_records(code):
        found[(row.code, row.number)] = {"table": row.code, "record": row.record}
    for table in group["tables"]:
        if tx.table_exists(table["code"]):
            for row in tx.records(table["code"]):
                found[(row.code, row.number)] = {"table": row.code, "record": row.record}
    return list(found.values())


class TableOfGroup:
    """What `Tables.create` needs to make a table of this group (see the module's docstring).
    `kept`: its games go into the group's record; the group's Needs Generator (one screen that only
    deals) takes the group's deck and nothing else."""

    def __init__(self, code: str, group: dict, kept: bool = True):
        self.code, self.group, self.kept = code, group, kept

    def options(self, game_id: str) -> dict:
        return needs.table_options(self.group) if game_id == communicat.GAME.id else {}

    def attach(self, tx: Transaction, table_code: str, now: float) -> None:
        if not self.kept:
            return
        group = load_group(tx, self.code)
        members.add_table(group, table_code, now)
        tx.put_group(self.code, group, now)
        tx.set_table_group(table_code, self.code)


def options_for_table(tx: Transaction, table_code: str, game_id: str) -> dict:
    group_code = tx.table_group(table_code)
    row = tx.get_group(group_code) if group_code else None
    if row is None or game_id != communicat.GAME.id:
        return {}
    return needs.table_options(row.doc)


def shown_records(tx: Transaction, table_code: str, game_id: str) -> list[dict]:
    """A table of a group sees its group's games of `game_id`; a table without one its own only
    (a stranger's names never reach another table)."""
    group_code = tx.table_group(table_code)
    row = tx.get_group(group_code) if group_code else None
    if row is None:
        return [r.record for r in tx.records(table_code) if r.game == game_id]
    return [e["record"] for e in entries_of(tx, group_code, row.doc) if e["record"].get("game") == game_id]


def keep_records_of(tx: Transaction, table_code: str) -> None:
    group_code = tx.table_group(table_code)
    if group_code and tx.group_exists(group_code):
        tx.keep_group_records(group_code, tx.records(table_code))


