"""The one action pipeline every game uses, and the other table operations (create, join, undo).

act(): load the table -> refuse a stale version -> run the move on a copy -> append an event with the
state after -> bump the version -> commit -> publish. All in one write transaction, so a refused or
failing move leaves nothing behind. Randomness is drawn inside the move from a fresh seeded rng and its
result is stored in the state, so nothing is re-rolled on reload.
"""
from __future__ import annotations

import hashlib
import json
import random
import secrets
import time
from dataclasses import dataclass
from typing import Callable

from . import games
from .errors import N_, BadInput, Forbidden, RuleError
from .fields import Text, parse
from .games.base import Ctx, Seat
from .live import Hub
from .store import SeatRow, Store, TableRow, Transaction

# Easy to read aloud: no 0/O, 1/I/L. 31^6 ≈ 887 million codes, and lookups are rate-limited.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_SEATS = 12
NAME_FIELD = {"name": Text(label=N_("name"), min_len=1, max_len=32)}

GetList = Callable[[str], list[str]]


class TableNotFound(LookupError):
    pass


class Stale(Exception):
    """The viewer acted on an old version; they get the fresh view with this sentence."""
    message = N_("Someone just changed the table: here it is as it is now. Tap again if you still want to.")


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


@dataclass(frozen=True)
class Credentials:
    """The tokens a request carries. `seat_token` only when the request speaks as a seat, so a
    host's tablet that also holds a seat still acts and sees as the board on the board page."""
    seat_token: str | None = None
    host_token: str | None = None


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
    result: dict | None = None  # the game just finished (see finished_games), shown with its chart


def _seats(rows: list[SeatRow]) -> list[Seat]:
    return [Seat(r.seat_id, r.name) for r in rows]


class Tables:
    def __init__(self, store: Store, hub: Hub, clock: Callable[[], float] = time.time):
        self.store = store
        self.hub = hub
        self.clock = clock

    # ---- creating and finding
    def create(self, game_id: str, getlist: GetList) -> tuple[str, str]:
        game = games.get(game_id)
        if game is None:
            raise BadInput("Pick one of the games on the home page.")
        options = parse(game.options, getlist)
        now = self.clock()
        state = game.setup(options, Ctx(seat=None, seats=[], now=now, is_host=True, rng=random.Random(secrets.randbits(64))))
        host_token = secrets.token_urlsafe(24)

        def insert(tx: Transaction) -> str:
            for _ in range(20):
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if not tx.table_exists(code):
                    break
            else:  # pragma: no cover - 20 collisions in 887M codes
                raise RuleError("Could not find a free table code; try again.")
            tx.insert_table(code, game.id, options, state, token_hash(host_token), now)
            tx.add_event(code, 1, "create", now, state_after=state)
            return code
        return self.store.transact(insert), host_token

    def _load(self, tx: Transaction, code: str) -> tuple[TableRow, games.Game]:
        row = tx.get_table(code)
        if row is None:
            raise TableNotFound(code)
        game = games.get(row.game)
        if game is None:  # a table of a game removed since: treat as gone
            raise TableNotFound(code)
        return row, game

    def game_of(self, code: str):
        """The table's game, or None when there is no such table (any more)."""
        with self.store.read() as tx:
            row = tx.get_table(code)
        return games.get(row.game) if row else None

    def exists(self, code: str) -> bool:
        with self.store.read() as tx:
            return tx.table_exists(code)

    @staticmethod
    def _identify(tx: Transaction, row: TableRow, creds: Credentials) -> Viewer:
        seat_row = tx.seat_by_token(row.code, token_hash(creds.seat_token)) if creds.seat_token else None
        is_host = bool(creds.host_token) and secrets.compare_digest(token_hash(creds.host_token), row.host_token_hash)
        return Viewer(Seat(seat_row.seat_id, seat_row.name) if seat_row else None, is_host)

    # ---- reading
    def snapshot(self, code: str, creds: Credentials) -> Snapshot:
        """Who is looking and what they may see, read in one transaction."""
        with self.store.read() as tx:
            row, game = self._load(tx, code)
            viewer = self._identify(tx, row, creds)
            seats = _seats(tx.seats(code))
            last = tx.last_live_move(code)
        now = self.clock()
        ctx = Ctx(seat=viewer.seat, seats=seats, now=now, is_host=viewer.is_host,
                  states_of_game=lambda: self.states_of_game(game.id))
        view = game.view(row.state, ctx)
        clash = set(view) & set(games.Game.RESERVED)
        assert not clash, f"game view uses reserved keys {clash}"
        undo = None
        if last and last.kind == "move":
            by = next((s for s in seats if s.id == last.seat_id), None)
            # by None: the board did it; the template words that (and the move's name) per language.
            undo = {"move": last.move.replace("_", " "), "by": by.name if by else None,
                    "allowed": self._may_undo(viewer, last.seat_id, game.moves.get(last.move))}
        result = None
        if game.standing:
            board_view = view if viewer.seat is None else game.view(row.state, Ctx(seat=None, seats=seats, now=now))
            now_standing = game.standing(board_view)
            if now_standing and now_standing["over"]:
                finished = self.history(code)
                result = finished[-1] if finished else None
        return Snapshot(code, game, row.version, seats, viewer, view, now, undo, result)

    def history(self, code: str) -> list[dict]:
        """Every finished game at this table, oldest first (see finished_games). Undone moves are
        not part of it: it is read from the live (not undone) states only."""
        with self.store.read() as tx:
            row, game = self._load(tx, code)
            seats = _seats(tx.seats(code))
            events = tx.live_states(code, HISTORY_EVENTS)
        if not game.standing:
            return []
        return finished_games(game, [(e.at, e.state_after) for e in reversed(events) if e.state_after], seats)

    def states_of_game(self, game_id: str, limit: int = 500) -> list[dict]:
        """Read-only, on demand from a view: the states of the newest tables of one game."""
        with self.store.read() as tx:
            return tx.states_of_game(game_id, limit)

    def version(self, code: str) -> int:
        with self.store.read() as tx:
            row = tx.get_table(code)
        if row is None:
            raise TableNotFound(code)
        return row.version

    # ---- joining
    def join(self, code: str, getlist: GetList, current_token: str | None, reclaim: bool) -> tuple[Seat, str | None, str]:
        """Returns (seat, new token or None when the cookie stays, outcome) where outcome is
        "joined", "already" (this device holds a seat), "reclaimed", or raises NameTaken."""
        name = parse(NAME_FIELD, getlist)["name"]
        now = self.clock()

        # Written as a function so an optimistic store can run it again when another process
        # changed the table meanwhile (two phones joining at once through two app processes).
        def seat_someone(tx: Transaction) -> tuple[Seat, str | None, str, int | None]:
            row, _game = self._load(tx, code)
            if current_token:
                mine = tx.seat_by_token(code, token_hash(current_token))
                if mine is not None:
                    return Seat(mine.seat_id, mine.name), None, "already", None
            same = tx.seat_by_name(code, name.casefold())
            token = secrets.token_urlsafe(24)
            if same is not None:
                if not reclaim:
                    raise NameTaken(same.name)
                # The same person on a new device (or after clearing cookies): move the seat here.
                tx.set_seat_token(code, same.seat_id, token_hash(token))
                seat, outcome = Seat(same.seat_id, same.name), "reclaimed"
            else:
                if len(tx.seats(code)) >= MAX_SEATS:
                    raise RuleError("This table is full (%(seats)s seats).", seats=MAX_SEATS)
                seat_id = tx.add_seat(code, name, name.casefold(), token_hash(token), now)
                seat, outcome = Seat(seat_id, name), "joined"
            version = row.version + 1
            tx.bump_version(code, version, now)
            tx.add_event(code, version, "join", now, seat_id=seat.id)
            return seat, token, outcome, version
        seat, token, outcome, version = self.store.transact(seat_someone)
        if version is not None:
            self.hub.publish(code, version)
        return seat, token, outcome

    def preview(self, code: str, move_name: str, getlist: GetList, creds: Credentials) -> tuple[games.Game, dict]:
        """What a move would do, from the game's own preview function: read only, nothing saved."""
        with self.store.read() as tx:
            row, game, viewer = self._load_for_change(tx, code, creds)
            seats = _seats(tx.seats(code))
        move = game.moves.get(move_name)
        if move is None or move.preview is None:
            raise BadInput("%(game)s has no preview for '%(move)s'.", game=game.title, move=move_name[:40])
        if move.who == "seat" and viewer.seat is None:
            raise Forbidden("Join the table from your phone to do that.")
        if move.who == "host" and not viewer.is_host:
            raise Forbidden("Only the table's host can do that.")
        args = parse(move.fields, getlist)
        ctx = Ctx(seat=viewer.seat, seats=seats, now=self.clock(), is_host=viewer.is_host)
        return game, move.preview(row.state, ctx, **args)

    # ---- acting
    def _load_for_change(self, tx: Transaction, code: str, creds: Credentials) -> tuple[TableRow, games.Game, Viewer]:
        """The start of every change: the table, its game, and who is asking (a seat cookie that no
        longer names a seat is refused rather than silently treated as the board)."""
        row, game = self._load(tx, code)
        viewer = self._identify(tx, row, creds)
        if creds.seat_token and viewer.seat is None:
            raise Forbidden("This phone has no seat at this table any more. Join again.")
        return row, game, viewer

    def act(self, code: str, move_name: str, getlist: GetList, creds: Credentials, version: int) -> int:
        now = self.clock()

        def apply(tx: Transaction) -> int:
            row, game, viewer = self._load_for_change(tx, code, creds)
            move = game.moves.get(move_name)
            if move is None:
                raise BadInput("%(game)s has no move called '%(move)s'.", game=game.title, move=move_name[:40])
            if move.who == "seat" and viewer.seat is None:
                raise Forbidden("Join the table from your phone to do that.")
            if move.who == "host" and not viewer.is_host:
                raise Forbidden("Only the table's host can do that.")
            if version != row.version:
                raise Stale()
            args = parse(move.fields, getlist)
            seats = _seats(tx.seats(code))
            rng_seed = secrets.randbits(64)
            ctx = Ctx(seat=viewer.seat, seats=seats, now=now, is_host=viewer.is_host, rng=random.Random(rng_seed))
            # row.state was parsed from the database for this transaction alone, so the move may
            # change it in place: if it raises, the dict is dropped and the transaction rolls back.
            state = row.state
            move.fn(state, ctx, **args)
            new_version = row.version + 1
            encoded = json.dumps(state)  # once, for both the table and the event log
            tx.save_state(code, encoded, new_version, now)
            tx.add_event(code, new_version, "move", now, move=move_name,
                         seat_id=viewer.seat.id if viewer.seat else None,
                         args={**args, "rng_seed": rng_seed}, state_after=encoded)
            return new_version
        # Run again after a conflict, it finds the newer version and answers Stale: what SQLite's
        # write lock gives, two processes never both apply a move to the same version.
        new_version = self.store.transact(apply)
        self.hub.publish(code, new_version)
        return new_version

    @staticmethod
    def _may_undo(viewer: Viewer, by_seat: int | None, move: "games.base.Move | None") -> bool:
        if viewer.is_host:
            return True
        if move is not None and move.undo == "host":
            return False
        return viewer.seat is not None and viewer.seat.id == by_seat

    def undo(self, code: str, creds: Credentials, version: int) -> int:
        now = self.clock()

        def take_back(tx: Transaction) -> int:
            row, game, viewer = self._load_for_change(tx, code, creds)
            if version != row.version:
                raise Stale()
            last_two = tx.live_states(code, 2)
            # Fewer than two: a store that caps history per table (Redis) has forgotten the state
            # before this move, so it cannot be taken back.
            if len(last_two) < 2 or last_two[0].kind != "move":
                raise RuleError("There is nothing to undo.")
            move = game.moves.get(last_two[0].move)
            if not self._may_undo(viewer, last_two[0].seat_id, move):
                if move is not None and move.undo == "host":
                    raise Forbidden("Only the host can take this back: everyone has seen its result.")
                raise Forbidden("You can undo only your own last action; the host can undo anything.")
            tx.mark_undone(last_two[0].id)
            restored = last_two[1].state_after
            new_version = row.version + 1
            tx.save_state(code, restored, new_version, now)
            tx.add_event(code, new_version, "undo", now, move=last_two[0].move,
                         seat_id=viewer.seat.id if viewer.seat else None)
            return new_version
        new_version = self.store.transact(take_back)
        self.hub.publish(code, new_version)
        return new_version


HISTORY_EVENTS = 100_000  # far more moves than a table sees in an evening


def finished_games(game: games.Game, states: list[tuple[float, dict]], seats: list[Seat]) -> list[dict]:
    """The finished games in a table's states (oldest first): who played, the scores at the end of
    each round, the final scores and the winners. Each state is seen through the board's view
    (seat=None) and the game's standing(), so nothing reaches a record that the board did not show
    at that moment; a game still being played is not in the list."""
    done: list[dict] = []
    current: dict | None = None
    for at, state in states:
        standing = game.standing(game.view(state, Ctx(seat=None, seats=seats, now=at)))
        if standing is None:
            current = None
            continue
        if current is None or current.get("finished_at") is not None:
            if current is not None and standing["over"]:
                continue  # still the finished game's screen
            current = {"started_at": at, "finished_at": None, "rounds": {}}
        if standing["scores"] is not None:
            current["rounds"][standing["round"]] = dict(standing["scores"])
        if standing["over"]:
            current.update(finished_at=at, players=list(standing["players"]), winners=list(standing["winners"]),
                           scores=dict(standing["scores"] or {}), places=dict(standing.get("places") or {}))
            done.append(current)
    return [{"number": i + 1, "game": game.id, "title": game.title, "started_at": g["started_at"],
             "finished_at": g["finished_at"], "players": g["players"], "winners": g["winners"],
             "scores": g["scores"], "places": g["places"],
             "rounds": [{"round": r, "scores": sc} for r, sc in sorted(g["rounds"].items())]}
            for i, g in enumerate(done)]


def export_table(tx: Transaction, code: str) -> dict | None:
    """A table's whole history as plain data: who sat, every event, the final state."""
    row = tx.get_table(code)
    if row is None:
        return None
    return {"code": row.code, "game": row.game, "options": row.options, "created_at": row.created_at,
            "updated_at": row.updated_at, "version": row.version, "state": row.state,
            "seats": [{"id": s.seat_id, "name": s.name} for s in tx.seats(code)],
            "events": tx.all_events(code)}


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
