"""What the engine needs from storage: the row types, the storage errors, and the `Store` and
`Transaction` protocols every backend implements (SQLite: sqlite_store.py and sqlite_transaction.py;
Redis: redis_store.py, redis_transaction.py and redis_whole_tables.py). The engine (companion/engine/)
and the web layer name only these; each backend turns its own driver's errors into the errors below.
"""
from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Callable, Protocol, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class TableRow:
    code: str
    game: str
    options: dict
    state: dict
    version: int
    host_token_hash: str
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class SeatRow:
    seat_id: int
    name: str
    token_hash: str


@dataclass(frozen=True)
class EventRow:
    id: int
    version: int
    kind: str                 # create | join | move | switch | undo | claim | seat_moved | ...
    move: str | None
    seat_id: int | None
    state_after: dict | None
    at: float
    args: dict | None = None


@dataclass(frozen=True)
class RecordRow:
    """One finished game at a table (companion/records.py): `number` counts the table's finished
    games from 1; `record` is the plain data history pages and exports show (nothing secret)."""
    code: str
    number: int
    game: str
    finished_at: float
    record: dict


@dataclass(frozen=True)
class CredentialRow:
    kind: str                 # "board" | "pair" | "claim" | "moved" | "removed"
    token_hash: str
    seat_id: int | None
    at: float


# ---- errors: raised by every backend for its own driver's failures

class StorageError(RuntimeError):
    """The storage failed: nothing was applied. Raised by a unit of work, it is answered 503 with a
    sentence (web/security.py); each kind below says what failed."""


class StorageUnusable(StorageError):
    """The storage cannot be opened at all (a missing folder, an unreachable server, a file that is
    no database): the app does not start, and says why."""


class StorageUnavailable(StorageError):
    """The table kept changing under the work (an optimistic store gave up retrying): try again."""


class StorageUnwritable(StorageError):
    """The storage refused the write (disk full, read-only file)."""


class StorageUnreachable(StorageError):
    """The storage server cannot be reached (or refused the command)."""


# ---- the protocols

class Transaction(Protocol):
    """One unit of work on a consistent view of the data. Writes are applied together at the end
    of the work, or not at all."""

    # tables
    def get_table(self, code: str) -> TableRow | None: ...
    def table_version(self, code: str) -> int | None:
        """The table's version alone (None: no such table), without reading the rest of it."""
        ...
    def table_exists(self, code: str) -> bool: ...
    def insert_table(self, code: str, game: str, options: dict, state: dict, host_token_hash: str, now: float) -> None: ...
    def save_state(self, code: str, state: dict | str, version: int, now: float) -> None: ...
    def set_game(self, code: str, game: str, options: dict) -> None:
        """The table now plays another game (the host switched): its state is saved apart."""
        ...
    def bump_version(self, code: str, version: int, now: float) -> None: ...
    def table_codes(self) -> list[str]: ...
    def idle_tables(self, updated_before: float, limit: int = 500) -> list[str]: ...
    def delete_table(self, code: str) -> None: ...

    # seats
    def seats(self, code: str) -> list[SeatRow]: ...
    def seat_by_token(self, code: str, token_hash: str) -> SeatRow | None: ...
    def seat_by_name(self, code: str, name_key: str) -> SeatRow | None: ...
    def add_seat(self, code: str, name: str, name_key: str, token_hash: str, now: float) -> int: ...
    def set_seat_token(self, code: str, seat_id: int, token_hash: str) -> None: ...
    def set_seat_order(self, code: str, seat_ids: list[int]) -> None:
        """The seating order (`seats()` lists seats in it; joining order until the host changes it)."""
        ...
    def remove_seat(self, code: str, seat_id: int) -> None: ...

    # credentials other than seats
    def credentials(self, code: str, kind: str) -> list[CredentialRow]: ...
    def add_credential(self, code: str, kind: str, token_hash: str, seat_id: int | None, now: float) -> None: ...
    def remove_credentials(self, code: str, kind: str, token_hash: str | None = None,
                           seat_id: int | None = None) -> None: ...

    # events
    def add_event(self, code: str, version: int, kind: str, now: float, move: str | None = None,
                  seat_id: int | None = None, args: dict | None = None,
                  state_after: dict | str | None = None) -> int:
        """Appends an event; returns its id (what history() and last_live_move() will say)."""
    def live_states(self, code: str, limit: int) -> list[EventRow]: ...
    def last_live_move(self, code: str) -> EventRow | None: ...
    def mark_undone(self, event_id: int) -> None: ...
    def history(self, code: str, limit: int = 200) -> list[EventRow]: ...
    def all_events(self, code: str) -> list[dict]: ...

    # finished games (companion/records.py): written by the move that finishes one, removed by its undo
    def put_record(self, code: str, number: int, game: str, finished_at: float, record: dict) -> None: ...
    def remove_records(self, code: str, after: int) -> None:
        """Removes the table's records numbered above `after`."""
        ...
    def records(self, code: str) -> list[RecordRow]:
        """The table's records, oldest (lowest number) first."""
        ...
    def records_of_game(self, game: str, limit: int) -> list[RecordRow]:
        """Read-only: the newest records of one game at every table, newest first."""
        ...

    def rewrite_live_states(self, code: str, states: dict[int, dict]) -> None:
        """One-time migrations only (companion/engine/migrations.py): the saved state of the live
        events named by id is replaced."""
        ...

    # the store's own notes (one-time migrations done)
    def meta(self, key: str) -> str | None: ...
    def set_meta(self, key: str, value: str) -> None: ...

    # a whole table as plain data, for `export` and `import` (companion/commands.py)
    def dump_table(self, code: str) -> dict | None:
        """Everything kept for one table, backend-neutral: its row (with `seats_made`, the seats it
        ever made, so an imported table never gives a removed seat's id again), its seats in seating order (with
        their name keys and token hashes, so phones keep their seats), credentials, events oldest first
        (each with the state after it where the store keeps one) and records. None if there is none."""
        ...
    def load_table(self, table: dict) -> None:
        """Writes a table as dump_table() gave it (already validated), seat ids as they were;
        ValueError if its code is taken."""
        ...


class Store(Protocol):
    events_kept: int | None   # the newest events of a table that history() can give; None: all of them

    def transact(self, work: Callable[[Transaction], T]) -> T:
        """Runs `work(tx)` in one write transaction and returns its result. An optimistic backend
        may run `work` again after a conflict, so `work` must only read and write through `tx`."""
        ...

    def read(self) -> AbstractContextManager[Transaction]:
        """A consistent snapshot for reading."""
        ...

    def close(self) -> None: ...

    def durability_problems(self) -> list[str]:
        """What in the store's own settings or files could lose acknowledged moves, as sentences for
        the keeper (`check`); empty when all is well."""
        ...

# ---- groups (issue 30): added apart from the table methods above; each backend implements them in
# its own module (sqlite_groups.py, redis_groups.py), mixed into its transaction class.

@dataclass(frozen=True)
class GroupRow:
    code: str
    doc: dict                 # companion/groups/members.py: members, Needs, tables, host hash
    created_at: float
    updated_at: float


class GroupTransaction(Protocol):
    def get_group(self, code: str) -> GroupRow | None: ...
    def group_exists(self, code: str) -> bool: ...
    def put_group(self, code: str, doc: dict, now: float) -> None:
        """Inserts or replaces the group's document."""
        ...
    def set_table_group(self, table_code: str, group_code: str) -> None: ...
    def table_group(self, table_code: str) -> str | None:
        """The group a table was created for, or None."""
        ...
    def keep_group_records(self, group_code: str, rows: list[RecordRow]) -> None:
        """Keeps games of the group's tables for good (a table's records go when it expires; an
        import brings games of tables that never existed here). Replaces rows of the same table
        and number."""
        ...
    def kept_group_records(self, group_code: str) -> list[RecordRow]: ...
