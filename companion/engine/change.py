"""One helper for every change to a table. A change loads the table and identifies who asks, checks
who may and whether the screen saw the table as it is, lets its work change the table, then writes
the new version with one event and publishes it to every open screen: all in one store transaction,
so a refused or failing change leaves nothing behind. Seating, boards, game night and the move
pipeline are each the work of a change."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, TypeVar

from .. import games
from ..errors import Forbidden
from ..storage.interface import TableRow, Transaction
from .errors import Stale
from .identity import Credentials, Viewer, identify, lost_seat_refusal
from .change_reads import NotingTransaction, Written, read_first
from .saved import load_table
from .context import Service


T = TypeVar("T")
ANY_VERSION = object()   # the change does not depend on the version the screen saw
STATE_EVENTS = ("create", "move", "switch")   # the events whose state undo can go back to


@dataclass
class Change:
    tx: Transaction
    code: str
    row: TableRow
    game: games.Game
    viewer: Viewer
    now: float
    done: bool = False
    written: Written | None = None

    @property
    def version(self) -> int:
        """The version this change makes."""
        return self.row.version + 1

    def finish(self, kind: str, state: dict | str | None = None, **event) -> int:
        """The table's new version, with its new state (encoded) when the change has one, and the
        event every screen's log reads."""
        if state is None:
            self.tx.bump_version(self.code, self.version, self.now)
        else:
            self.tx.save_state(self.code, state, self.version, self.now)
        # A move or a switch keeps its state in its event (undo goes back to it); an undo restores
        # one and needs no copy of it.
        kept = state if kind in STATE_EVENTS else None
        event_id = self.tx.add_event(self.code, self.version, kind, self.now, state_after=kept, **event)
        if isinstance(self.tx, NotingTransaction):
            self.written = Written.of(self.tx, self.version, self.now, state, kind, event, event_id)
        self.done = True
        return self.version


def change_table(tables: Service, code: str, creds: Credentials, work: Callable[[Change], T], *,
                 host_only: bool = False, version=ANY_VERSION) -> T:
    """Runs `work` as a change of table `code` by `creds` and returns what it returns. `host_only`:
    only the table's host may; `version`: the version the asking screen showed, refused as Stale
    when the table has moved on. A seat cookie that no longer names a seat is refused rather than
    silently taken for the board. An optimistic store (Redis) may run the whole again after a
    conflict, on the newer table."""
    now = tables.clock()
    changes: list[Change] = []

    def run(store_tx: Transaction) -> T:
        # What this process knows of the table since its own last change is not read again, when the
        # table is still at that version (read_first).
        tx = NotingTransaction(read_first(store_tx, tables.shared_reads.kept(code)))
        row, game = load_table(tx, code)
        viewer = identify(tx, row, creds, now)
        if creds.seat_token and viewer.seat is None:
            raise lost_seat_refusal(viewer)
        if host_only and not viewer.is_host:
            raise Forbidden("Only the table's host can do that.")
        if version is not ANY_VERSION and version != row.version:
            raise Stale()
        change = Change(tx, code, row, game, viewer, now)
        changes[:] = [change]
        return work(change)

    result = tables.store.transact(run)
    if changes and changes[0].done:
        change = changes[0]
        # This process's streams of the table get the read after the change from what it wrote,
        # before they wake (reading.SharedReads.hand_over: only where they shared a read of the
        # version before); other processes read it when they hear.
        if change.written is not None:
            tables.shared_reads.hand_over(code, change.written, tables.clock(), tables.store.events_kept)
        tables.hub.publish(code, change.version, made_here=True)
    return result
