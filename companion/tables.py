"""The one action pipeline every game uses, and the other table operations (create, join, undo).

act(): load the table -> check who may make the move -> refuse a stale version if the move depends on
what the player saw -> run the move -> append an event with the state after -> bump the version ->
commit -> publish. All in one write transaction, so a refused or failing move leaves nothing behind.

Randomness comes from a seed kept in the table's saved state (beside the game's own state, under
ENGINE_KEY): a move that draws advances it, a move that does not leaves it alone, and undo restores
it with the rest of the state. So undoing a roll or a draw and doing it again gives the same result,
and nothing is re-rolled on reload.
"""
from __future__ import annotations

import hashlib
import json
import random
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable

from . import games, names, records
from .groups import hooks as group_hooks
from .errors import N_, BadInput, Forbidden, RuleError, Term
from .fields import Text, parse
from .games.base import Ctx, Seat
from .live import Hub
from .storage.interface import EventRow, SeatRow, Store, TableRow, Transaction

# Easy to read aloud: no 0/O, 1/I/L. 31^6 ≈ 887 million codes, and lookups are rate-limited.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_SEATS = 12
MAX_BOARDS = 8              # screens the host paired as boards (a TV, a second tablet)
CLAIM_SECONDS = 10 * 60     # a phone's request for a seat waits this long for consent
PAIR_SECONDS = 10 * 60      # a pairing code on the host's screen is good this long, once
NOTICE_KINDS = ("undo", "seat_moved", "seat_removed", "claim", "claim_refused", "board_paired", "boards_forgotten",
                "switch", "seat_earlier")
NOTICES_SHOWN = 3
NOTICES_READ = 30           # newest events a snapshot reads for its notices
SHARED_READ_WAIT_SECONDS = 5.0  # a stream waiting for another's read of its table looks again after this at most
SHARED_READ_SECONDS = 2.0   # a read shared by a table's streams serves them this long at most (see shared_snapshot)
SHARED_READS_KEPT = 500     # tables whose newest shared read this process keeps (one older than 2 s serves nobody)
NAME_FIELD = {"name": Text(label=N_("name"), min_len=1, max_len=32)}
ENGINE_KEY = "_engine"      # the engine's part of a saved state: {"rng": seed}
DREW = "_drew"              # in a move event's arguments: that move drew from the table's random source

GetList = Callable[[str], list[str]]


class TableNotFound(LookupError):
    pass


class Stale(RuleError):
    """The viewer made a move that depends on what they saw, and the table has moved on since: they
    get the fresh view with a sentence saying what happened meanwhile (409)."""

    def __init__(self, template: str = N_("Someone just changed the table: here it is as it is now. "
                                          "Tap again if you still want to."), **values):
        super().__init__(template, **values)


class EarlierGame(Stale):
    """A tap meant for a game that has ended at this table (a switch or a rematch came first): it is
    refused whatever its move's stale policy, with the fresh table and which game it was for."""


def earlier_game_check(engine: dict, asked: int | None, version: int | None) -> None:
    """Refuses a tap for another game than the one the table plays: one that names another game
    (`game_number`), or one that names none but was sent from a table version before this game began."""
    current = records.game_number(engine)
    if asked is not None:
        if asked == current:
            return
    elif version is None or version >= engine.get(records.SINCE, 0):
        return
    ended = records.ended_game(engine, asked)
    game = games.get(ended["game"]) if ended else None
    if game is None:
        raise EarlierGame(N_("That was for another game at this table: here is the table as it is now."))
    raise EarlierGame(N_("That was for the %(game)s game that ended at %(time)s: here is the table as it is now."),
                      game=Term(game.title), time=clock_time(ended["at"]))


class SeatMoved(Forbidden):
    """The phone's seat cookie names a seat that has since moved to another phone, or was removed."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def normalise_code(code: str) -> str | None:
    code = code.strip().upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


@dataclass(frozen=True)
class Viewer:
    seat: Seat | None
    is_host: bool
    # May act as the board and see what the board shows on purpose: the host, or a screen the host
    # paired as a board. Anyone may open the board's page; without this it only watches.
    is_board: bool = False
    # This device's seat cookie no longer names a seat: ("moved" | "removed", when), else None.
    lost_seat: tuple[str, float] | None = None
    # This device asked for a seat and waits for consent: the seat's id, else None.
    claiming: int | None = None


@dataclass(frozen=True)
class Credentials:
    """The tokens a request carries. `seat_token` only when the request speaks as a seat, so a
    host's tablet that also holds a seat still acts and sees as the board on the board page."""
    seat_token: str | None = None
    host_token: str | None = None
    board_token: str | None = None


@dataclass(frozen=True)
class Snapshot:
    """Everything needed to render one viewer's page: never the raw state outside `view`."""
    code: str
    game: games.Game
    version: int
    seats: list[Seat]
    viewer: Viewer
    view: dict
    now: float
    undo: dict | None   # {"by": name, "move": name, "allowed": bool} or None
    result: dict | None = None  # the game just finished (its record, companion/records.py), with its chart
    # What the table's engine did that every screen should read (undos, seats moving, boards paired),
    # newest first: [{"kind", "at", "by", "by_host", "seat", "move"}] with names, not ids.
    notices: list[dict] = field(default_factory=list)
    # Phones asking for a seat: for the host, every pending claim; for a seat, the claim on it.
    # [{"seat": id, "name": seat's name, "at": time}]
    claims: list[dict] = field(default_factory=list)
    # The id of the game being played at this table (1, 2, ... : each switch and rematch a new one):
    # every form of the page names it, so a tap can never land in the game after it.
    game_number: int = 1


def _seats(rows: list[SeatRow]) -> list[Seat]:
    return [Seat(r.seat_id, r.name) for r in rows]


def split_state(stored: dict) -> tuple[dict, dict]:
    """A saved state as (the game's state, the engine's part). The game never sees the engine's
    part; `stored` is taken apart in place (it was parsed for this use alone)."""
    engine = stored.pop(ENGINE_KEY, None)
    return stored, engine if isinstance(engine, dict) else {}


def saved_state(state: dict, engine: dict) -> str:
    """The JSON saved for the table and its event: the game's state with the engine's part."""
    return json.dumps({**state, ENGINE_KEY: engine})


class TableRandom(random.Random):
    """random.Random that notes whether anything was drawn from it. Every drawing method of
    random.Random goes through `random()` or `getrandbits()` (choice, shuffle, randrange and sample
    through `_randbelow`, which uses getrandbits as in the base class: both are overridden, so
    random.Random picks the same `_randbelow` and the same seed gives the same rolls). Cheaper than
    comparing `getstate()` before and after (two copies of 625 numbers: about 0.1 ms an action)."""

    drew = False

    def random(self) -> float:
        self.drew = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.drew = True
        return super().getrandbits(k)


def run_with_table_rng(engine: dict, work: Callable[[random.Random], None]) -> bool:
    """Runs `work` with the table's random source and keeps the source where `work` left it. The
    seed moves on only when `work` drew from it, so a move without randomness never changes what
    the next roll will be, and undo (which restores `engine`) makes a redone roll roll the same."""
    seed = engine.get("rng")
    if not isinstance(seed, int):
        seed = secrets.randbits(64)   # a table saved before seeds were kept
    rng = TableRandom(seed)
    work(rng)
    drew = rng.drew
    engine["rng"] = rng.getrandbits(64) if drew else seed
    return drew


def table_ctx(viewer: "Viewer | None", seats: list[Seat], now: float, engine: dict, **more) -> Ctx:
    """The context a game's functions get at this table: who (None: the board's own view, as a
    record reads it), the seats, and the seats the host chose to play this game."""
    chosen = engine.get(records.PLAYERS)
    who = {"seat": viewer.seat, "is_host": viewer.is_host, "is_board": viewer.is_board} if viewer else {"seat": None}
    return Ctx(seats=seats, now=now, chosen=tuple(chosen) if chosen is not None else None, **{**who, **more})


def chosen_players(game: games.Game, seats: list[Seat], players: list[int] | None) -> list[int] | None:
    """The seats the host picked to play `game` (ids, in the order picked), checked; None: everyone."""
    if not players:
        return None
    if len(set(players)) != len(players):
        raise BadInput("Pick each player once.")
    seated = {s.id for s in seats}
    if any(p not in seated for p in players):
        raise BadInput("Pick the players among the seats at this table.")
    if game.most_players is not None and len(players) > game.most_players:
        raise RuleError("%(game)s is for at most %(count)s players: pick fewer.", game=game.title,
                        count=game.most_players)
    return list(players)


def clock_time(at: float) -> str:
    """A time as a player at the table reads it (the server's local time: it sits in the room)."""
    return time.strftime("%H:%M", time.localtime(at))


def unpredictable_seed() -> int:
    return secrets.randbits(64)


def load_table(tx: Transaction, code: str) -> tuple[TableRow, games.Game]:
    row = tx.get_table(code)
    if row is None:
        raise TableNotFound(code)
    game = games.get(row.game)
    if game is None:  # a table of a game removed since: treat as gone
        raise TableNotFound(code)
    return row, game


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
        self.at: float | None = None

    def _answer(self, key: tuple, read: Callable[[Transaction], object]):
        if key not in self._answers:
            if self._tx is None:
                raise LookupError(f"a shared table read was not given {key[0]}")
            self._answers[key] = read(self._tx)
        return self._answers[key]

    def share(self, at: float) -> None:
        """Read what only some viewers need, and stop reading: from now on the answers are kept ones."""
        for kind in self.SHARED_KINDS:
            self.credentials(self.code, kind)
        self.seats(self.code)
        self._tx, self.at = None, at

    def get_table(self, code: str) -> TableRow:
        return self.row

    def seats(self, code: str) -> list[SeatRow]:
        return self._answer(("seats",), lambda tx: tx.seats(code))

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


class SharedReads:
    """The newest shared TableRead of each table, for at most `most` tables (the least recently
    used go first), and the reads being made now: one per table at a time, and everyone who wants
    that table meanwhile waits for it rather than making their own."""

    def __init__(self, most: int):
        self.most = most
        self._reads: OrderedDict[str, TableRead] = OrderedDict()
        self._making: dict[str, threading.Event] = {}  # table -> set when its read in progress ends
        self._lock = threading.Lock()

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

    def _keep(self, code: str, read: TableRead) -> None:
        with self._lock:
            kept = self._reads.get(code)
            if kept is not None and kept.version > read.version:
                return  # a newer read landed meanwhile (another thread): keep it
            self._reads[code] = read
            self._reads.move_to_end(code)
            while len(self._reads) > self.most:
                self._reads.popitem(last=False)


class Tables:
    def __init__(self, store: Store, hub: Hub, clock: Callable[[], float] = time.time,
                 seeds: Callable[[], int] = unpredictable_seed):
        """`clock` and `seeds` (each new table's random source) are injectable, so tests can play
        a table whose rolls and deals are the same on every run."""
        self.store = store
        self.hub = hub
        self.clock = clock
        self.seeds = seeds
        self._shared_reads = SharedReads(SHARED_READS_KEPT)

    # ---- creating and finding
    def create(self, game_id: str, getlist: GetList, standalone: bool = False,
               group: "group_hooks.TableOfGroup | None" = None) -> tuple[str, str]:
        """A new table; returns (code, host token). `standalone`: the Needs Generator's own table,
        which only that generator's cookie opens (and which /t/<code> pages never offer to join).
        `group`: a table made from a group's page belongs to the group (its games go into the group's
        record; CommuniCat deals the group's Needs)."""
        game = games.get(game_id)
        if game is None:
            raise BadInput("Pick one of the games on the home page.")
        options = parse(game.options, getlist)
        if standalone:
            options["standalone"] = True
        if group is not None:
            options.update(group.options(game.id))
        now = self.clock()
        engine: dict = {"rng": self.seeds()}
        made: dict = {}
        run_with_table_rng(engine, lambda rng: made.update(state=game.setup(
            options, Ctx(seat=None, seats=[], now=now, is_host=True, is_board=True, rng=rng))))
        records.fresh(engine)
        engine[records.GAME], engine[records.SINCE] = 1, 1
        if game.standing:   # no seats yet: a game that shows a standing now records from here
            records.advance(engine, game, records.board_standing(game, made["state"], [], now), now)
        state = saved_state(made["state"], engine)
        host_token = secrets.token_urlsafe(24)

        def insert(tx: Transaction) -> str:
            for _ in range(20):
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if not tx.table_exists(code):
                    break
            else:  # pragma: no cover - 20 collisions in 887M codes
                raise RuleError("Could not find a free table code; try again.")
            tx.insert_table(code, game.id, options, json.loads(state), token_hash(host_token), now)
            tx.add_event(code, 1, "create", now, state_after=state)
            if group is not None:
                group.attach(tx, code, now)
            return code
        return self.store.transact(insert), host_token

    def _load(self, tx: Transaction, code: str) -> tuple[TableRow, games.Game]:
        return load_table(tx, code)

    def game_of(self, code: str):
        """The table's game, or None when there is no such table (any more)."""
        with self.store.read() as tx:
            row = tx.get_table(code)
        return games.get(row.game) if row else None

    def exists(self, code: str) -> bool:
        with self.store.read() as tx:
            return tx.table_exists(code)

    def is_standalone(self, code: str, host_token: str) -> bool:
        """True when `code` is a Needs Generator table and `host_token` is its own credential."""
        with self.store.read() as tx:
            row = tx.get_table(code)
        return (row is not None and bool(row.options.get("standalone"))
                and secrets.compare_digest(token_hash(host_token), row.host_token_hash))

    def _identify(self, tx: Transaction, row: TableRow, creds: Credentials) -> Viewer:
        code = row.code
        seat_row = tx.seat_by_token(code, token_hash(creds.seat_token)) if creds.seat_token else None
        is_host = bool(creds.host_token) and secrets.compare_digest(token_hash(creds.host_token), row.host_token_hash)
        is_board = is_host or (bool(creds.board_token) and any(
            secrets.compare_digest(c.token_hash, token_hash(creds.board_token)) for c in tx.credentials(code, "board")))
        lost, claiming = None, None
        if creds.seat_token and seat_row is None:
            mine = token_hash(creds.seat_token)
            now = self.clock()
            for kind in ("moved", "removed"):
                old = next((c for c in tx.credentials(code, kind) if c.token_hash == mine), None)
                if old is not None:
                    lost = (kind, old.at)
            claim = next((c for c in tx.credentials(code, "claim")
                          if c.token_hash == mine and now - c.at < CLAIM_SECONDS), None)
            claiming = claim.seat_id if claim else None
        return Viewer(Seat(seat_row.seat_id, seat_row.name) if seat_row else None, is_host, is_board, lost, claiming)

    def viewer(self, code: str, creds: Credentials) -> Viewer:
        with self.store.read() as tx:
            row, _game = self._load(tx, code)
            return self._identify(tx, row, creds)

    # ---- reading
    def snapshot(self, code: str, creds: Credentials) -> Snapshot:
        """Who is looking and what they may see, read in one transaction."""
        with self.store.read() as tx:
            return self._snapshot(TableRead(tx, code), creds, self.clock())

    def shared_snapshot(self, code: str, creds: Credentials, at_least: int = 0) -> Snapshot:
        """snapshot(), from a read of the table shared by every viewer that asks for version
        `at_least` or newer within SHARED_READ_SECONDS: after a change, each of a table's event
        streams wants its own viewer's snapshot of the same version, and one store read (with one
        `now`, so their timers agree) serves them all. The viewer is still identified, and the
        game's view made, for each one: sharing the read shares nothing secret."""
        def fresh(read: TableRead | None, now: float) -> bool:
            return read is not None and read.version >= at_least and 0 <= now - read.at < SHARED_READ_SECONDS

        def make() -> TableRead:
            now = self.clock()
            with self.store.read() as tx:
                read = TableRead(tx, code)
                # An anonymous viewer's snapshot makes every read a snapshot needs whoever looks
                # (the game's records included); share() adds the credentials viewers differ by.
                self._snapshot(read, Credentials(), now)
                read.share(now)
            return read

        read = self._shared_reads.newest(code, lambda read: fresh(read, self.clock()), make)
        return self._snapshot(read, creds, read.at)

    def _snapshot(self, tx: "TableRead", creds: Credentials, now: float) -> Snapshot:
        code, row, game = tx.code, tx.row, tx.game
        viewer = self._identify(tx, row, creds)
        seat_rows = tx.seats(code)
        last = tx.last_live_move(code)
        recent = tx.history(code, NOTICES_READ)
        claims = self._open_claims(tx, code, now) if viewer.is_host or viewer.seat else []
        state, engine = tx.state, tx.engine
        # A game that shows results from every table (Pack the Essentials' Purr-sonal Best) is
        # given their records, read here: the view itself never reads another table.
        shown = tx.shown_records(game.id) if game.shows_records and game.shows_records(state) else None
        legacy_records = tx.records(code) if game.standing and not records.started(engine) else None
        seats = _seats(seat_rows)
        ctx = table_ctx(viewer, seats, now, engine, records=shown)
        view = game.view(state, ctx)
        clash = set(view) & set(games.Game.RESERVED)
        assert not clash, f"game view uses reserved keys {clash}"
        undo = None
        if last and last.kind == "move":
            by = next((s for s in seats if s.id == last.seat_id), None)
            # by None: the board did it; the template words that (and the move's name) per language.
            undo = {"move": last.move.replace("_", " "), "by": by.name if by else None,
                    "allowed": self._may_undo(viewer, last, game.moves.get(last.move))}
        # The game just finished is in the state's own running record: nothing else is read.
        result = records.finished_record(engine)
        if legacy_records:
            # A table saved before records were kept (until its next move): its finished games
            # were backfilled at start-up; the newest is shown while the board shows it over.
            board_view = view if viewer.seat is None else game.view(state, table_ctx(None, seats, now, engine))
            standing = game.standing(board_view)
            if standing and standing["over"]:
                result = legacy_records[-1].record
        names_by_id = {s.id: s.name for s in seats}
        notices = [notice for notice in (self._notice(e, names_by_id) for e in recent) if notice][:NOTICES_SHOWN]
        if viewer.seat is not None or not viewer.is_host:   # a seat page is asked about its own seat only
            claims = [c for c in claims if viewer.seat and c["seat"] == viewer.seat.id]
        return Snapshot(code, game, row.version, seats, viewer, view, now, undo, result, notices, claims,
                        records.game_number(engine))

    @staticmethod
    def _notice(event: EventRow, names_by_id: dict[int, str]) -> dict | None:
        """An engine event as every screen's log shows it (names, not ids; worded by the template)."""
        if event.kind not in NOTICE_KINDS:
            return None
        args = event.args or {}
        seat = args.get("seat", args.get("of"))
        return {"kind": event.kind, "at": event.at, "time": clock_time(event.at),
                "by": names_by_id.get(event.seat_id) if event.seat_id is not None else None,
                "by_host": bool(args.get("by_host")),
                "seat": args.get("name") or (names_by_id.get(seat) if seat is not None else None),
                "move": event.move.replace("_", " ") if event.move else None,
                # a switch: the game the host switched to, and whether one was ended early
                "game": _title(args.get("game")), "ended_early": bool(args.get("ended_early"))}

    def _open_claims(self, tx: Transaction, code: str, now: float) -> list[dict]:
        by_id = {s.seat_id: s.name for s in tx.seats(code)}
        return [{"seat": c.seat_id, "name": by_id[c.seat_id], "at": c.at, "time": clock_time(c.at)}
                for c in tx.credentials(code, "claim") if c.seat_id in by_id and now - c.at < CLAIM_SECONDS]

    def history(self, code: str) -> list[dict]:
        """Every finished game at this table, oldest first: the records its finishing moves wrote
        (an undone ending took its record with it)."""
        with self.store.read() as tx:
            self._load(tx, code)
            return [r.record for r in tx.records(code)]

    # ---- finished games, recorded by the moves that finish them (companion/records.py)
    def _replayed_engine(self, tx: Transaction, code: str, game: games.Game, seats: list[Seat]) -> dict:
        """The record part of the engine for a table saved before records were kept: its live
        states up to now walked once (the old way, for this table only)."""
        events = tx.live_states(code, HISTORY_EVENTS)
        engine, _done = records.replay(game, [(e.at, split_state(e.state_after)[0])
                                              for e in reversed(events) if e.state_after], seats)
        return engine

    def _record(self, tx: Transaction, code: str, game: games.Game, seats: list[Seat], state: dict,
                engine: dict, now: float, by_host: bool = True) -> None:
        """After a move: the running record takes this state's standing; the move that finishes a
        game writes its record, once. After the end only the host changes it (a correction replaces
        the record, or reopens the game and takes the record away until it ends again); anyone
        else's move that would change the result is refused, so nothing a player does after the end
        records a game again."""
        if not game.standing:
            return
        if not records.started(engine):
            engine.update(self._replayed_engine(tx, code, game, seats))
        standing = records.board_standing(game, state, seats, now, engine.get(records.PLAYERS))
        try:
            done = records.advance(engine, game, standing, now, by_host=by_host)
        except records.AfterTheEnd:
            raise RuleError("This game is over: only the host can change its result now. "
                            "A rematch starts a new game.") from None
        record = engine[records.RECORD]
        if done == records.PUT:
            tx.put_record(code, record["number"], game.id, record["finished_at"], record)
        elif done == records.REMOVE:
            tx.remove_records(code, after=record["number"] - 1)

    def _unrecord(self, tx: Transaction, code: str, game: games.Game, seats: list[Seat], restored: dict) -> None:
        """After an undo: the records follow the restored state. Undo never crosses a switch, so
        the records of earlier games stay; the restored game's own record (and any after it, from
        an undone rematch) is what the restored state says: an undone ending takes it away, an
        undone correction puts the one before back."""
        if not game.standing:
            return
        engine = split_state(dict(restored))[1]
        if not records.started(engine):   # the undone move is already off the live states here
            engine = self._replayed_engine(tx, code, game, seats)
        tx.remove_records(code, after=records.game_number(engine) - 1)
        finished = records.finished_record(engine)
        if finished:
            tx.put_record(code, finished["number"], game.id, finished["finished_at"], finished)

    def backfill_records(self) -> int:
        """Once per store: the finished games of tables saved before records were kept, found the
        old way (each table's live states walked through the game's standing). Returns how many
        tables it recorded games for. Safe to run from several processes at once: a table that
        has records already is left alone."""
        with self.store.read() as tx:
            if tx.meta(BACKFILL_DONE):
                return 0
            codes = tx.table_codes()
        filled = 0

        def fill(tx: Transaction, code: str) -> bool:
            row = tx.get_table(code)
            game = games.get(row.game) if row else None
            if game is None or not game.standing or records.started(split_state(row.state)[1]) or tx.records(code):
                return False
            events = tx.live_states(code, HISTORY_EVENTS)
            _engine, done = records.replay(game, [(e.at, split_state(e.state_after)[0])
                                                  for e in reversed(events) if e.state_after], _seats(tx.seats(code)))
            for record in done:
                tx.put_record(code, record["number"], game.id, record["finished_at"], record)
            return bool(done)
        for code in codes:
            filled += bool(self.store.transact(lambda tx: fill(tx, code)))
        self.store.transact(lambda tx: tx.set_meta(BACKFILL_DONE, str(self.clock())))
        return filled

    def version(self, code: str) -> int:
        with self.store.read() as tx:
            row = tx.get_table(code)
        if row is None:
            raise TableNotFound(code)
        return row.version

    # ---- joining, and seats that move only with consent
    def join(self, code: str, getlist: GetList, current_token: str | None, reclaim: bool) -> tuple[Seat, str | None, str]:
        """Returns (seat, new token or None when the cookie stays, outcome) where outcome is
        "joined", "already" (this device holds a seat) or "claimed" (this device asked for a seat
        that is taken, and waits for the seat's phone or the host to agree); raises NameTaken when
        the name is taken and `reclaim` was not asked."""
        name = names.clean(parse(NAME_FIELD, getlist)["name"])
        name_key = names.key(name)
        now = self.clock()

        # Written as a function so an optimistic store can run it again when another process
        # changed the table meanwhile (two phones joining at once through two app processes).
        def seat_someone(tx: Transaction) -> tuple[Seat, str | None, str, int | None]:
            row, _game = self._load(tx, code)
            if current_token:
                mine = tx.seat_by_token(code, token_hash(current_token))
                if mine is not None:
                    return Seat(mine.seat_id, mine.name), None, "already", None
            same = tx.seat_by_name(code, name_key)
            token = secrets.token_urlsafe(24)
            version = row.version + 1
            if same is not None:
                if not reclaim:
                    raise NameTaken(same.name)
                # Maybe the same person on a new phone, maybe not: the seat moves only when its
                # current phone or the host agrees. One waiting request per seat: while one waits,
                # another phone is told so (it is not filed, nor written in every screen's log).
                waiting = next((c for c in tx.credentials(code, "claim")
                                if c.seat_id == same.seat_id and now - c.at < CLAIM_SECONDS), None)
                if waiting is not None:
                    if current_token and secrets.compare_digest(waiting.token_hash, token_hash(current_token)):
                        return Seat(same.seat_id, same.name), None, "claimed", None
                    raise RuleError("Another phone is already asking for %(name)s's seat: the host can answer it "
                                    "on the board.", name=same.name)
                tx.remove_credentials(code, "claim", seat_id=same.seat_id)
                tx.add_credential(code, "claim", token_hash(token), same.seat_id, now)
                tx.bump_version(code, version, now)
                tx.add_event(code, version, "claim", now, args={"seat": same.seat_id})
                return Seat(same.seat_id, same.name), token, "claimed", version
            if len(tx.seats(code)) >= MAX_SEATS:
                raise RuleError("This table is full (%(seats)s seats).", seats=MAX_SEATS)
            seat_id = tx.add_seat(code, name, name_key, token_hash(token), now)
            tx.bump_version(code, version, now)
            tx.add_event(code, version, "join", now, seat_id=seat_id)
            return Seat(seat_id, name), token, "joined", version
        seat, token, outcome, version = self.store.transact(seat_someone)
        if version is not None:
            self.hub.publish(code, version)
        return seat, token, outcome

    def answer_claim(self, code: str, creds: Credentials, seat_id: int, allow: bool, version: int | None = None) -> int:
        """The seat's own phone, or the host (when that phone is gone), lets a waiting phone take
        the seat, or refuses. Every outcome is written in the log every screen shows. `version`: the
        table the answering screen showed; a request that came in after it is not the one they
        answered (a second phone asking just before the owner taps Allow would get the seat)."""
        now = self.clock()
        seen = version

        def decide(tx: Transaction) -> int:
            row, _game, viewer = self._load_for_change(tx, code, creds)
            own = viewer.seat is not None and viewer.seat.id == seat_id
            # the host answers from the board; on a seat page the host is that seat's player only
            if not (own or (viewer.is_host and viewer.seat is None)):
                raise Forbidden("Only that seat's phone or the table's host can answer this request.")
            claim = next((c for c in tx.credentials(code, "claim")
                          if c.seat_id == seat_id and now - c.at < CLAIM_SECONDS), None)
            if claim is None:
                raise RuleError("Nobody is asking for that seat any more.")
            if seen is not None and any(e.kind == "claim" and (e.args or {}).get("seat") == seat_id
                                        for e in tx.history(code, 50) if e.version > seen):
                raise Stale(N_("Another phone asked for that seat since: here is the request as it is now. "
                               "Answer again."))
            seat_row = next(s for s in tx.seats(code) if s.seat_id == seat_id)
            tx.remove_credentials(code, "claim", seat_id=seat_id)
            version = row.version + 1
            if allow:
                tx.set_seat_token(code, seat_id, claim.token_hash)
                tx.add_credential(code, "moved", seat_row.token_hash, seat_id, now)
            tx.bump_version(code, version, now)
            tx.add_event(code, version, "seat_moved" if allow else "claim_refused", now,
                         seat_id=viewer.seat.id if own else None,
                         args={"seat": seat_id, "by_host": not own})
            return version
        version = self.store.transact(decide)
        self.hub.publish(code, version)
        return version

    def remove_seat(self, code: str, creds: Credentials, seat_id: int, version: int) -> int:
        """The host removes a seat (a phone that joined by mistake, a friend who went home). A
        player in a game under way stays until it ends: the game still counts on them."""
        now = self.clock()

        def remove(tx: Transaction) -> int:
            row, game, viewer = self._load_for_change(tx, code, creds)
            if not viewer.is_host:
                raise Forbidden("Only the table's host can do that.")
            if version != row.version:
                raise Stale()
            seat_rows = tx.seats(code)
            target = next((s for s in seat_rows if s.seat_id == seat_id), None)
            if target is None:
                raise BadInput("That seat is not at this table.")
            state, engine = split_state(row.state)
            if self._under_way(tx, code, game, state, _seats(seat_rows), now):
                standing = records.board_standing(game, state, _seats(seat_rows), now, engine.get(records.PLAYERS))
                # A player is a side in the standing or one of a side's people (a team, or the
                # cooperative table's "Together", which is everyone).
                playing = set(standing["players"]).union(*(standing.get("members") or {}).values())
                if target.name in playing:
                    raise RuleError("%(name)s is playing this game: remove the seat when it is over, "
                                    "or end the game first (Next game).", name=target.name)
            tx.remove_credentials(code, "claim", seat_id=seat_id)
            tx.add_credential(code, "removed", target.token_hash, seat_id, now)
            tx.remove_seat(code, seat_id)
            new_version = row.version + 1
            tx.bump_version(code, new_version, now)
            tx.add_event(code, new_version, "seat_removed", now, args={"seat": seat_id, "name": target.name, "by_host": True})
            return new_version
        new_version = self.store.transact(remove)
        self.hub.publish(code, new_version)
        return new_version

    # ---- game night: another game at the same table, the seats kept
    def _under_way(self, tx: Transaction, code: str, game: games.Game, state: dict, seats: list[Seat],
                   now: float) -> bool:
        """A game someone has played a move in and that has not ended (its standing says so). A
        game that keeps no standing (the Toolbox), one not started, or one nobody has touched since
        it was set up, is between games: nothing would be lost."""
        if not game.standing:
            return False
        standing = records.board_standing(game, state, seats, now)
        if not standing or standing["over"]:
            return False
        last = tx.last_live_move(code)
        return last is not None and last.kind == "move"

    def under_way(self, code: str) -> bool:
        """Whether switching now would end a game under way (the switch page asks to confirm)."""
        with self.store.read() as tx:
            row, game = self._load(tx, code)
            seats = _seats(tx.seats(code))
            state, _engine = split_state(row.state)
            return self._under_way(tx, code, game, state, seats, self.clock())

    def switch(self, code: str, game_id: str, getlist: GetList, creds: Credentials, version: int | None,
               end_early: bool = False, ends: int | None = None, players: list[int] | None = None) -> int:
        """The host's board sets up another game at this table: same code, same QR code, same seats.
        Its options are parsed like the new-table form's (a bad one is a 400, nothing changed). A
        game under way ends without a result only when the host confirmed it (`end_early`). The
        switch is an event every screen's log shows and the bottom of the undo stack: undo never
        goes back into the previous game, so nothing of its state is ever shown again.

        `ends`: the id of the game the host's screen showed, which this switch ends. Named so, the
        switch goes through while phones tap (their taps change the version, not the game); without
        it the switch needs the exact `version`. A game ended early is kept in the evening, marked
        unfinished with its standing so far. `players`: seat ids the host picked to play the new
        game (None: every seat, the game taking as many as it seats, as before)."""
        game = games.get(game_id)
        if game is None:
            raise BadInput("Pick one of the games on the home page.")
        options = parse(game.options, getlist)
        now = self.clock()

        def work(tx: Transaction) -> int:
            row, old, viewer = self._load_for_change(tx, code, creds)
            if not viewer.is_host or viewer.seat is not None:
                raise Forbidden("Only the table's host can switch the game, from the board.")
            if row.options.get("standalone"):
                raise RuleError("The Needs Generator keeps its one game: make a table for another game.")
            state, engine = split_state(row.state)
            if ends is not None:
                if ends != records.game_number(engine):
                    raise Stale(N_("That game has already ended: here is the table as it is now."))
            elif version != row.version:
                raise Stale()
            seats = _seats(tx.seats(code))
            chosen = chosen_players(game, seats, players)
            ending = self._under_way(tx, code, old, state, seats, now)
            if ending and not end_early:
                raise RuleError("A game of %(game)s is under way: confirm that it ends now. It is kept in the "
                                "evening as not finished.", game=old.title)
            new_version = row.version + 1
            if ending and old.standing:
                record = records.ended_early(engine, records.board_standing(
                    old, state, seats, now, engine.get(records.PLAYERS)), now)
                if record:
                    tx.put_record(code, record["number"], old.id, now, record)
            records.next_game(engine, old.id, now, new_version)
            if not records.started(engine):
                records.fresh(engine, len(tx.records(code)))
            engine[records.PLAYERS] = chosen
            made: dict = {}
            with_group = {**options, **group_hooks.options_for_table(tx, code, game.id)}   # a group's Needs deck
            run_with_table_rng(engine, lambda rng: made.update(state=game.setup(
                with_group, table_ctx(None, seats, now, engine, is_host=True, is_board=True, rng=rng))))
            self._record(tx, code, game, seats, made["state"], engine, now)
            encoded = saved_state(made["state"], engine)
            tx.set_game(code, game.id, with_group)
            tx.save_state(code, encoded, new_version, now)
            tx.add_event(code, new_version, "switch", now, args={"game": game.id, "from": old.id,
                                                                 "ended_early": ending, "by_host": True},
                         state_after=encoded)
            return new_version
        new_version = self.store.transact(work)
        self.hub.publish(code, new_version)
        return new_version

    def seat_earlier(self, code: str, creds: Credentials, seat_id: int, version: int | None) -> int:
        """The host moves a seat one place earlier in the seating order, between games: a game with
        a player limit deals in the first seats, so this is how the host picks who plays."""
        now = self.clock()

        def work(tx: Transaction) -> int:
            row, game, viewer = self._load_for_change(tx, code, creds)
            if not viewer.is_host:
                raise Forbidden("Only the table's host can do that.")
            if version != row.version:
                raise Stale()
            order = [s.seat_id for s in tx.seats(code)]
            if seat_id not in order:
                raise BadInput("That seat is not at this table.")
            state, _engine = split_state(row.state)
            if self._under_way(tx, code, game, state, _seats(tx.seats(code)), now):
                raise RuleError("A game is under way: change the seating order between games.")
            at = order.index(seat_id)
            if at == 0:
                raise RuleError("That seat is already first.")
            order[at - 1], order[at] = order[at], order[at - 1]
            tx.set_seat_order(code, order)
            new_version = row.version + 1
            tx.bump_version(code, new_version, now)
            tx.add_event(code, new_version, "seat_earlier", now, args={"seat": seat_id, "by_host": True})
            return new_version
        new_version = self.store.transact(work)
        self.hub.publish(code, new_version)
        return new_version

    # ---- screens the host makes boards (a TV, a second tablet)
    def pairing_code(self, code: str, creds: Credentials) -> str:
        """A one-time code for the host's screen to show (as a QR code) to a screen that should act
        as the board. Only the host gets one; it is good once, for PAIR_SECONDS."""
        now = self.clock()
        token = secrets.token_urlsafe(18)

        def make(tx: Transaction) -> None:
            _row, _game, viewer = self._load_for_change(tx, code, creds)
            if not viewer.is_host:
                raise Forbidden("Only the table's host can make another screen a board.")
            # One live code per table: a new one replaces the one shown before (a photo of an
            # old QR code pairs nothing).
            tx.remove_credentials(code, "pair")
            tx.add_credential(code, "pair", token_hash(token), None, now)
        self.store.transact(make)
        return token

    def pair_board(self, code: str, pairing: str) -> str:
        """Exchanges a pairing code for a board credential (this screen's cookie)."""
        now = self.clock()
        board = secrets.token_urlsafe(24)

        def pair(tx: Transaction) -> int:
            row, _game = self._load(tx, code)
            wanted = token_hash(pairing[:100])
            found = next((c for c in tx.credentials(code, "pair") if secrets.compare_digest(c.token_hash, wanted)), None)
            if found is None or now - found.at >= PAIR_SECONDS:
                raise Forbidden("This pairing code is used up or too old: ask the host to show a new one.")
            if len(tx.credentials(code, "board")) >= MAX_BOARDS:
                raise RuleError("This table already has %(count)s paired screens: the host can forget them first.",
                                count=MAX_BOARDS)
            tx.remove_credentials(code, "pair", token_hash=found.token_hash)
            tx.add_credential(code, "board", token_hash(board), None, now)
            version = row.version + 1
            tx.bump_version(code, version, now)
            tx.add_event(code, version, "board_paired", now, args={"by_host": True})
            return version
        version = self.store.transact(pair)
        self.hub.publish(code, version)
        return board

    def forget_boards(self, code: str, creds: Credentials) -> int:
        now = self.clock()

        def forget(tx: Transaction) -> int:
            row, _game, viewer = self._load_for_change(tx, code, creds)
            if not viewer.is_host:
                raise Forbidden("Only the table's host can do that.")
            tx.remove_credentials(code, "board")
            tx.remove_credentials(code, "pair")
            version = row.version + 1
            tx.bump_version(code, version, now)
            tx.add_event(code, version, "boards_forgotten", now, args={"by_host": True})
            return version
        version = self.store.transact(forget)
        self.hub.publish(code, version)
        return version

    # ---- acting
    def _load_for_change(self, tx: Transaction, code: str, creds: Credentials) -> tuple[TableRow, games.Game, Viewer]:
        """The start of every change: the table, its game, and who is asking (a seat cookie that no
        longer names a seat is refused rather than silently treated as the board)."""
        row, game = self._load(tx, code)
        viewer = self._identify(tx, row, creds)
        if creds.seat_token and viewer.seat is None:
            raise lost_seat_refusal(viewer)
        return row, game, viewer

    @staticmethod
    def _check_who(move: "games.base.Move", viewer: Viewer) -> None:
        """A seat acts as itself; acting as the board needs the board credential (the host's, or a
        screen the host paired), so a phone cannot claim the board's role by saying so."""
        if move.who == "host" and not viewer.is_host:
            raise Forbidden("Only the table's host can do that.")
        if move.who == "seat" and viewer.seat is None:
            raise Forbidden("Join the table from your phone to do that.")
        if viewer.seat is None and not viewer.is_board:
            raise Forbidden("This screen only watches the table: join from your phone to play, "
                            "or ask the host to make this screen a board.")

    def preview(self, code: str, move_name: str, getlist: GetList, creds: Credentials) -> tuple[games.Game, dict]:
        """What a move would do, from the game's own preview function: read only, nothing saved."""
        with self.store.read() as tx:
            row, game, viewer = self._load_for_change(tx, code, creds)
            seats = _seats(tx.seats(code))
        move = game.moves.get(move_name)
        if move is None or move.preview is None:
            raise BadInput("%(game)s has no preview for '%(move)s'.", game=game.title, move=move_name[:40])
        self._check_who(move, viewer)
        args = parse(move.fields, getlist)
        state, engine = split_state(row.state)
        return game, move.preview(state, table_ctx(viewer, seats, self.clock(), engine), **args)

    def _stale(self, tx: Transaction, code: str, seen: int, move_name: str | None, viewer: Viewer,
               undoing: bool = False) -> Stale:
        """What to tell a device whose tap depended on an older table: when someone already did the
        same thing meanwhile (two people pressing Next round), say who, in words; when it was this
        same screen (a quick double tap), say that its first tap counted."""
        names_by_id = {s.seat_id: s.name for s in tx.seats(code)}
        for event in tx.history(code, NOTICES_READ):
            if event.version <= seen:
                break
            same = (event.kind == "undo") if undoing else (event.kind == "move" and event.move == move_name)
            if not same:
                continue
            what = Term(event.move.replace("_", " ")) if event.move else ""
            if viewer.seat is not None and event.seat_id == viewer.seat.id:
                # This phone's own earlier tap (a board cannot tell: several screens act as the board).
                if undoing:
                    return Stale(N_("Your first tap already took back “%(move)s”: here is the table as it is now."), move=what)
                return Stale(N_("Your first tap already did “%(move)s”: here is the table as it is now."), move=what)
            who = names_by_id.get(event.seat_id) if event.seat_id is not None else None
            if undoing:
                if who:
                    return Stale(N_("%(name)s already took back “%(move)s”: here is the table as it is now."), name=who, move=what)
                return Stale(N_("The board already took back “%(move)s”: here is the table as it is now."), move=what)
            if who:
                return Stale(N_("%(name)s already did “%(move)s”: here is the table as it is now."), name=who, move=what)
            return Stale(N_("The board already did “%(move)s”: here is the table as it is now."), move=what)
        return Stale()

    def act(self, code: str, move_name: str, getlist: GetList, creds: Credentials, version: int | None,
            game_number: int | None = None) -> int:
        """`game_number`: the game the tapping screen showed (its forms name it); a tap for an
        earlier game is refused (EarlierGame), whatever the move's stale policy."""
        now = self.clock()

        def apply(tx: Transaction) -> int:
            row, game, viewer = self._load_for_change(tx, code, creds)
            move = game.moves.get(move_name)
            if move is None:
                raise BadInput("%(game)s has no move called '%(move)s'.", game=game.title, move=move_name[:40])
            self._check_who(move, viewer)
            # row.state was parsed from the database for this transaction alone, so the move may
            # change it in place: if it raises, the dict is dropped and the transaction rolls back.
            state, engine = split_state(row.state)
            earlier_game_check(engine, game_number, version)
            if move.stale == "refuse" and version != row.version:
                raise self._stale(tx, code, version if version is not None else -1, move_name, viewer)
            args = parse(move.fields, getlist)
            seats = _seats(tx.seats(code))
            ctx = table_ctx(viewer, seats, now, engine)

            def play(rng: random.Random) -> None:
                ctx.rng = rng
                move.fn(state, ctx, **args)
            drew = run_with_table_rng(engine, play)
            new_version = row.version + 1
            if move.new_game:   # a rematch: the game that ended keeps its record; this is another
                records.next_game(engine, game.id, now, new_version)
            self._record(tx, code, game, seats, state, engine, now, by_host=viewer.seat is None and viewer.is_board)
            encoded = saved_state(state, engine)  # once, for both the table and the event log
            tx.save_state(code, encoded, new_version, now)
            # DREW in the event: whether this time the move drew (who may undo it, see Move.reveals).
            tx.add_event(code, new_version, "move", now, move=move_name,
                         seat_id=viewer.seat.id if viewer.seat else None,
                         args={**args, DREW: True} if drew else args, state_after=encoded)
            return new_version
        # An optimistic store (Redis) runs `apply` again after a conflict, on the newer table: a move
        # that refuses stale versions then answers Stale, one that applies to the table as it is now
        # is applied to it, exactly as SQLite's write lock would order them.
        new_version = self.store.transact(apply)
        self.hub.publish(code, new_version)
        return new_version

    @staticmethod
    def _may_undo(viewer: Viewer, event: EventRow, move: "games.base.Move | None") -> bool:
        # The host's power is the board's: on their own seat page a host who plays is a player, so
        # taking back their own guess is not a quiet free look there.
        if viewer.is_host and viewer.seat is None:
            return True
        if move is None or move.undo_by(_drew(event)) == "host":
            return False
        by_seat = event.seat_id
        if by_seat is None:   # the board's own move: a screen holding the board credential
            return viewer.seat is None and viewer.is_board
        return viewer.seat is not None and viewer.seat.id == by_seat

    def undo(self, code: str, creds: Credentials, version: int | None, game_number: int | None = None) -> int:
        now = self.clock()

        def take_back(tx: Transaction) -> int:
            row, game, viewer = self._load_for_change(tx, code, creds)
            if viewer.seat is None and not viewer.is_board:
                raise Forbidden("This screen only watches the table: join from your phone to play, "
                                "or ask the host to make this screen a board.")
            earlier_game_check(split_state(dict(row.state))[1], game_number, version)
            if version != row.version:
                raise self._stale(tx, code, version if version is not None else -1, None, viewer, undoing=True)
            last_two = tx.live_states(code, 2)
            if last_two and last_two[0].kind == "switch":
                # The host's switch is the start of this game: undo never reaches into the one
                # before (its moves, and its secrets, stay behind the switch).
                raise RuleError("The host switched the game here: undo does not go back into the previous game.")
            # Fewer than two: a store that caps history per table (Redis) has forgotten the state
            # before this move, so it cannot be taken back.
            if len(last_two) < 2 or last_two[0].kind != "move":
                raise RuleError("There is nothing to undo.")
            move = game.moves.get(last_two[0].move)
            if not self._may_undo(viewer, last_two[0], move):
                if move is not None and move.undo_by(_drew(last_two[0])) == "host":
                    raise Forbidden("Only the host can take this back: its result showed something hidden.")
                raise Forbidden("You can undo only your own last action; the host can undo anything.")
            tx.mark_undone(last_two[0].id)
            restored = last_two[1].state_after
            self._unrecord(tx, code, game, _seats(tx.seats(code)), restored)
            new_version = row.version + 1
            tx.save_state(code, restored, new_version, now)
            # Written in the log every screen shows: who took back whose move.
            tx.add_event(code, new_version, "undo", now, move=last_two[0].move,
                         seat_id=viewer.seat.id if viewer.seat else None,
                         args={"of": last_two[0].seat_id, "by_host": viewer.is_host and viewer.seat is None})
            return new_version
        new_version = self.store.transact(take_back)
        self.hub.publish(code, new_version)
        return new_version


def _title(game_id: str | None) -> str | None:
    game = games.get(game_id) if game_id else None
    return game.title if game else None


def _drew(event: EventRow) -> bool:
    return bool((event.args or {}).get(DREW))


def lost_seat_refusal(viewer: Viewer) -> Forbidden:
    """What a phone whose seat is gone is told, in words, instead of a bare join form."""
    if viewer.lost_seat and viewer.lost_seat[0] == "moved":
        return SeatMoved(N_("Your seat moved to another phone at %(time)s; if that was not you, tell the host."),
                         time=clock_time(viewer.lost_seat[1]))
    if viewer.lost_seat and viewer.lost_seat[0] == "removed":
        return SeatMoved(N_("The host removed your seat at %(time)s. Join again if you want to play."),
                         time=clock_time(viewer.lost_seat[1]))
    return SeatMoved(N_("This phone has no seat at this table any more. Join again."))


HISTORY_EVENTS = 100_000  # far more moves than a table sees in an evening
RECORDS_SHOWN = 500       # records of one game across tables a view may show (newest first)
BACKFILL_DONE = "records_backfilled"   # store meta key: the one-time backfill of records ran


def export_table(tx: Transaction, code: str) -> dict | None:
    """A table's whole history as plain data: who sat, every event, the final state, and the
    record of every game finished at it (the evening)."""
    row = tx.get_table(code)
    if row is None:
        return None
    return {"code": row.code, "game": row.game, "options": row.options, "created_at": row.created_at,
            "updated_at": row.updated_at, "version": row.version, "state": row.state,
            "seats": [{"id": s.seat_id, "name": s.name} for s in tx.seats(code)],
            "events": tx.all_events(code),
            "records": [r.record for r in tx.records(code)]}


def expire_idle_tables(tables: "Tables", idle_seconds: float, archive_dir: str | None) -> list[str]:
    """Remove tables nobody touched for `idle_seconds`, writing each one's history to
    `archive_dir/<code>.json` first (when given). Returns the codes removed."""
    import json
    import os
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


class NameTaken(Exception):
    def __init__(self, name: str):
        super().__init__(name)
        self.name = name
