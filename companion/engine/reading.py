"""Reading a table: a TableRead, what one read transaction saw of it, which viewers' snapshots are
made from (engine/snapshots.py); and shared reads, where one store read serves every viewer of a
table that asks for the same version at about the same time (a change wakes each of its streams at
once)."""
from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import replace
from typing import TYPE_CHECKING, Callable

from .. import games, json_text, records
from ..games.base import Seat
from ..groups import hooks as group_hooks
from ..locks import short_lock
from ..storage.interface import EventRow, SeatRow, TableRow, Transaction
from .errors import clock_time
from .identity import Credentials, Viewer, identify
from .saved import load_table, seats_of, split_state

if TYPE_CHECKING:
    from .change_reads import Written


NOTICE_KINDS = ("undo", "seat_moved", "seat_removed", "claim", "claim_refused", "board_paired", "boards_forgotten",
                "switch", "seat_earlier")
NOTICES_SHOWN = 3
NOTICES_READ = 30           # newest events a snapshot reads for its notices
SHARED_READ_WAIT_SECONDS = 5.0  # a stream waiting for another's read of its table looks again after this at most
SHARED_READ_SECONDS = 2.0   # a read shared by a table's streams serves them this long at most (see snapshots.shared_look)
SHARED_READS_KEPT = 500     # tables whose newest shared read this process keeps (one older than 2 s serves nobody)
VIEWERS_KEPT = 64           # viewers a read keeps identified (a table's screens: seven on a busy night)



class TableRead:
    """One table as one read transaction saw it, answering the `Transaction` methods a snapshot uses
    (with the same signatures, so identifying a viewer is the same code for both). Each answer is
    read once and kept; `share()` reads the rest a viewer could need and lets the transaction go,
    after which the read serves any number of viewers' snapshots from memory."""

    SHARED_KINDS = ("board", "moved", "removed", "claim")  # the credentials viewers are told apart by

    def __init__(self, tx: Transaction, code: str):
        self._tx: Transaction | None = tx
        self._answers: dict[tuple, object] = {}
        row, game = load_table(tx, code)
        self.code, self.row, self.game, self.version = code, row, game, row.version
        # The row's state is parsed for this read alone: taken apart once, never changed after
        # (game views are pure), so every viewer's view reads the same dicts.
        self.state, self.engine = split_state(row.state)
        # The saved state as the store keeps it (JSON), once a change of this process has written it
        # (after_change): a change that starts from this read parses its own copy (read_first).
        self.state_text: str | None = None
        self.at: float | None = None
        self._notices: list[dict] | None = None
        self.views: dict = {}   # the game's views of this read, by viewer and clock (snapshots.game_view)
        self.viewers: dict[Credentials, Viewer] = {}   # identified(): by the credentials they came with

    def _answer(self, key: tuple, read: Callable[[Transaction], object]):
        if key not in self._answers:
            if self._tx is None:
                raise LookupError(f"a shared table read was not given {key[0]}")
            self._answers[key] = read(self._tx)
        return self._answers[key]

    def kept(self, key: tuple):
        """The answer kept under `key` (what `_answer` read), or None when it was never asked."""
        return self._answers.get(key)

    def identified(self, creds: Credentials, now: float) -> Viewer:
        """The viewer `creds` make at this read (identity.identify), kept for the next time they ask:
        after a change, each of a table's streams identifies its own viewer again, and a plain change
        (after_change) hands the kept ones on, as it changed no seat, credential or host token, which
        is all a viewer is made from. Kept only when the clock cannot change it: a seat cookie that
        names no seat is identified each time (a claim on a seat runs out with time)."""
        viewer = self.viewers.get(creds)
        if viewer is None:
            viewer = identify(self, self.row, creds, now)
            if (viewer.seat is not None or creds.seat_token is None) and len(self.viewers) < VIEWERS_KEPT:
                self.viewers[creds] = viewer
        return viewer

    def share(self, at: float) -> None:
        """Read what only some viewers need, and stop reading: from now on the answers are kept ones."""
        for kind in self.SHARED_KINDS:
            self.credentials(self.code, kind)
        self.seats(self.code)
        self._tx, self.at = None, at

    @classmethod
    def after_change(cls, before: "TableRead", written: Written, at: float,
                     events_kept: int | None) -> "TableRead | None":
        """The read a read transaction would make right after a change that `written` describes
        was committed on top of `before` (the read of the version the change started from), made
        from memory; None when that cannot be known exactly (Written.plain says which changes can;
        a store that keeps fewer events than a snapshot reads would drop one the read cannot know)."""
        if (not written.plain or before.version != written.version - 1 or before._tx is not None
                or (events_kept is not None and events_kept < NOTICES_READ)):
            return None
        after = cls.__new__(cls)
        after._tx, after.code, after.game, after.version, after.at = None, before.code, before.game, written.version, at
        after._notices, after.views = None, {}
        # A plain change wrote no seat, credential or host token: every viewer identified before it
        # is the same viewer after it.
        after.viewers = dict(before.viewers)
        state = json_text.loads(written.state) if written.state is not None else None
        after.row = replace(before.row, version=written.version, updated_at=written.now,
                            **({"state": state} if state is not None else {}))
        # Parsed once, never changed after (game views are pure): an unchanged state is shared.
        after.state, after.engine = split_state(state) if state is not None else (before.state, before.engine)
        after.state_text = written.state if written.state is not None else before.state_text
        answers = dict(before._answers)
        # Records of other tables (a game that shows them) may have changed meanwhile: only a store read knows.
        if any(key[0] == "records_of_game" for key in answers) or (
                after.game.shows_records and after.game.shows_records(after.state)):
            return None
        if after.game.standing and not records.started(after.engine) and ("records",) not in answers:
            return None
        history = answers.get(("history", NOTICES_READ))
        if history is None or ("last_live_move",) not in answers:
            return None
        # As the store gives it back: arguments through JSON, the event without its state.
        args = written.event.get("args")
        event = EventRow(written.event_id, written.version, written.kind, written.event.get("move"),
                         written.event.get("seat_id"), None, written.now,
                         json_text.loads(json_text.dumps(args)) if args is not None else None)
        answers[("history", NOTICES_READ)] = [event, *history[:NOTICES_READ - 1]]
        # The notices are those of the window's events: the same list when neither the event that
        # came in nor the one that left it (when full) is one. Made again, they were a tenth of a
        # snapshot, for a move that never is one.
        if (before._notices is not None and written.kind not in NOTICE_KINDS
                and not any(e.kind in NOTICE_KINDS for e in history[NOTICES_READ - 1:])):
            after._notices = before._notices
        if written.kind in STATE_EVENT_KINDS:
            answers[("last_live_move",)] = event
        for key in [key for key in answers if key[0] == "history" and key[1] != NOTICES_READ]:
            del answers[key]   # only the notices' window is carried forward
        after._answers = answers
        return after

    def get_table(self, code: str) -> TableRow:
        return self.row

    def notices(self) -> list[dict]:
        """The table log every screen shows (notice()), the same for every viewer of this read: made
        once, not once per viewer (after a change, each of a table's streams makes a snapshot)."""
        if self._notices is None:
            names_by_id = {s.seat_id: s.name for s in self.seats(self.code)}
            recent = self.history(self.code, NOTICES_READ)
            self._notices = [n for n in (notice(e, names_by_id) for e in recent) if n][:NOTICES_SHOWN]
        return self._notices

    def seats(self, code: str) -> list[SeatRow]:
        return self._answer(("seats",), lambda tx: tx.seats(code))

    def seat_list(self, code: str) -> list[Seat]:
        """The seats as a game's functions and a snapshot are given them (saved.seats_of), made once
        for the read and handed on by a plain change with the rows they are made from (after_change);
        like the read's views, never changed once made."""
        seats = self._answers.get(("seat_list",))
        if seats is None:
            seats = self._answers[("seat_list",)] = seats_of(self.seats(code))
        return seats

    def seat_by_token(self, code: str, token_hash: str) -> SeatRow | None:
        # The table's seats are read for every snapshot anyway: one query fewer than asking the store.
        return next((s for s in self.seats(code) if secrets.compare_digest(s.token_hash, token_hash)), None)

    def credentials(self, code: str, kind: str) -> list:
        return self._answer(("credentials", kind), lambda tx: tx.credentials(code, kind))

    def last_live_move(self, code: str) -> EventRow | None:
        return self._answer(("last_live_move",), lambda tx: tx.last_live_move(code))

    def history(self, code: str, limit: int) -> list[EventRow]:
        return self._answer(("history", limit), lambda tx: tx.history(code, limit))

    def records_of_game(self, game: str, limit: int) -> list:
        return self._answer(("records_of_game", game, limit), lambda tx: tx.records_of_game(game, limit))

    def shown_records(self, game: str) -> list[dict]:
        """The records a game that shows other games' results sees (its group's: companion/groups/hooks.py)."""
        return self._answer(("shown_records", game), lambda tx: group_hooks.shown_records(tx, self.code, game))

    def records(self, code: str) -> list:
        return self._answer(("records",), lambda tx: tx.records(code))


STATE_EVENT_KINDS = ("create", "move", "switch")   # the events last_live_move() answers (change.STATE_EVENTS)
class SharedReads:
    """The newest shared TableRead of each table, for at most `most` tables (the least recently
    used go first), and the reads being made now: one per table at a time, and everyone who wants
    that table meanwhile waits for it rather than making their own."""

    def __init__(self, most: int):
        self.most = most
        self._reads: OrderedDict[str, TableRead] = OrderedDict()
        self._making: dict[str, threading.Event] = {}  # table -> set when its read in progress ends
        self._lock = short_lock()

    def newest(self, code: str, usable: Callable[[TableRead | None], bool],
               make: Callable[[], TableRead]) -> TableRead:
        """The kept read of `code` if `usable`, else one made now by `make()`, once: callers that
        come while it is being made wait for it and then look again. All of them wake together when
        it is kept (a lock instead would hand over to its waiters one at a time, and under gevent
        each hand-over waits for a turn of the event loop, which a store on the network, Redis,
        made dozens of milliseconds when busy)."""
        while True:
            with self._lock:
                read = self._reads.get(code)
                if read is not None:
                    self._reads.move_to_end(code)
                if usable(read):
                    return read
                making = self._making.get(code)
                mine = making is None
                if mine:
                    making = self._making[code] = threading.Event()
            if not mine:
                making.wait(SHARED_READ_WAIT_SECONDS)
                continue  # kept now (or failed: then one of the waiters makes it)
            try:
                read = make()
                self._keep(code, read)
                return read
            finally:
                with self._lock:
                    del self._making[code]
                making.set()

    def kept(self, code: str) -> TableRead | None:
        with self._lock:
            return self._reads.get(code)

    def hand_over(self, code: str, written: Written, at: float, events_kept: int | None) -> bool:
        """After a change this process committed: the read of the table that follows it, made from
        the kept read of the version before and what the change wrote, kept for the table's streams
        here (so they do not read the store again). False when it could not be made (then the
        streams read the table once, as for a change heard from another process)."""
        before = self.kept(code)
        after = TableRead.after_change(before, written, at, events_kept) if before is not None else None
        if after is None:
            return False
        self._keep(code, after)
        return True

    def _keep(self, code: str, read: TableRead) -> None:
        with self._lock:
            kept = self._reads.get(code)
            if kept is not None and kept.version > read.version:
                return  # a newer read landed meanwhile (another thread): keep it
            self._reads[code] = read
            self._reads.move_to_end(code)
            while len(self._reads) > self.most:
                self._reads.popitem(last=False)



def notice(event: EventRow, names_by_id: dict[int, str]) -> dict | None:
    """An engine event as every screen's log shows it (names, not ids; worded by the template)."""
    if event.kind not in NOTICE_KINDS:
        return None
    args = event.args or {}
    seat = args.get("seat", args.get("of"))
    return {"kind": event.kind, "at": event.at, "time": clock_time(event.at),
            "by": names_by_id.get(event.seat_id) if event.seat_id is not None else None,
            "by_host": bool(args.get("by_host")),
            "seat": args.get("name") or (names_by_id.get(seat) if seat is not None else None),
            # a seat taking back its own move: "Ann took back their own “roll”", not "Ann's"
            "own": event.kind == "undo" and event.seat_id is not None and event.seat_id == args.get("of"),
            "move": event.move.replace("_", " ") if event.move else None,
            # a switch: the game the host switched to, and whether one was ended early
            "game": _title(args.get("game")), "ended_early": bool(args.get("ended_early"))}



def _title(game_id: str | None) -> str | None:
    game = games.get(game_id) if game_id else None
    return game.title if game else None
