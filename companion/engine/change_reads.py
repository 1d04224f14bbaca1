"""What a change reads and notes in its write transaction (engine/change.py): the table and who sits
at it answered from the read this process kept of it, while the store's version is still that read's
(ReadFirst), and what the change asked the store for, so that the read after it can be made from
memory when it wrote only its new version and event (NotingTransaction, Written:
reading.TableRead.after_change)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from .. import json_text
from ..storage.interface import SeatRow, TableRow, Transaction
from .reading import TableRead

# The Transaction methods that only read (a change that calls any other has written: ReadFirst)
READ_CALLS = frozenset({"get_table", "table_version", "table_exists", "seats", "seat_by_token", "seat_by_name",
                        "credentials", "last_live_move", "history", "live_states", "records", "records_of_game",
                        "meta"})
# What a change's transaction may have been asked, for the read after it to be made from memory:
# reads, and the one new version with its one event (Change.finish). Any other call (a seat, a
# credential, a record, an undo, a game switched) and the streams read the table instead.
PLAIN_CALLS = READ_CALLS | {"save_state", "bump_version", "add_event"}


def read_first(tx: Transaction, read: TableRead | None) -> Transaction:
    """A change's write transaction `tx`, with the table and who sits at it answered from `read` (the
    read this process keeps of the table) when the store's version of the table is still the read's:
    the read is then the table as the store has it, since every write to a table's row, its seats or
    the credentials viewers are told apart by is a change's work, with a new version (engine/change.py;
    a pairing code is not, and ReadFirst never answers for it). Only a read a change of this process
    made is used (after_change: it has the state as written, and reads nothing more)."""
    if read is None or read.state_text is None or tx.table_version(read.code) != read.version:
        return tx
    return ReadFirst(tx, read)


class ReadFirst:
    """A write transaction whose questions about one table's row, seats and credentials `read`
    answers where it kept the answer, until the change writes anything (then the store's transaction
    has what the read has not); every other call goes to the store's transaction `tx`. The row comes
    with a state parsed for the change alone, as the store's would (a move changes it in place)."""

    def __init__(self, tx: Transaction, read: TableRead):
        self._tx, self._read = tx, read
        self._wrote = False

    def __getattr__(self, name: str):
        if name not in READ_CALLS:
            self._wrote = True
        return getattr(self._tx, name)

    def _kept(self, code: str, key: tuple):
        return None if self._wrote or code != self._read.code else self._read.kept(key)

    def get_table(self, code: str) -> TableRow | None:
        if self._wrote or code != self._read.code:
            return self._tx.get_table(code)
        return replace(self._read.row, state=json_text.loads(self._read.state_text))

    def seats(self, code: str) -> list[SeatRow]:
        seats = self._kept(code, ("seats",))
        return list(seats) if seats is not None else self._tx.seats(code)

    def seat_by_token(self, code: str, token_hash: str) -> SeatRow | None:
        if self._kept(code, ("seats",)) is None:
            return self._tx.seat_by_token(code, token_hash)
        return self._read.seat_by_token(code, token_hash)

    def credentials(self, code: str, kind: str) -> list:
        # Only the kinds that change with the version (a pairing code does not make one)
        kept = self._kept(code, ("credentials", kind)) if kind in TableRead.SHARED_KINDS else None
        return list(kept) if kept is not None else self._tx.credentials(code, kind)


class NotingTransaction:
    """A write transaction that counts what it is asked, so that the change can tell afterwards
    whether it wrote only its new version and event (PLAIN_CALLS)."""

    def __init__(self, tx: Transaction):
        self._tx = tx
        self.asked: Counter = Counter()

    def __getattr__(self, name: str):
        self.asked[name] += 1
        return getattr(self._tx, name)


@dataclass(frozen=True)
class Written:
    """What one change wrote: its version, the state (encoded; None when only the version moved),
    the event and the id the store gave it, and whether that was all (`plain`)."""
    version: int
    now: float
    state: str | None
    kind: str
    event: dict
    event_id: int | None
    plain: bool

    @classmethod
    def of(cls, tx: NotingTransaction, version: int, now: float, state: str | None, kind: str, event: dict,
           event_id) -> "Written":
        asked = tx.asked
        plain = (set(asked) <= PLAIN_CALLS and asked["add_event"] == 1
                 and asked["save_state"] + asked["bump_version"] == 1 and isinstance(event_id, int)
                 and set(event) <= {"move", "seat_id", "args"} and (state is None or isinstance(state, str)))
        return cls(version, now, state, kind, event, event_id, plain)
