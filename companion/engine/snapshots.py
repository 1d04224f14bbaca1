"""A viewer's Snapshot of a table: everything a page is rendered from (never the raw state outside
the game's `view`), from one read of the table (engine/reading.py TableRead, of a transaction or
shared by a table's streams).

What a snapshot says depends on the read and on `ViewerFacts`, a small value made from the viewer:
what it may do (host, board, seated), the claims and the undo it is shown, and, only for a game
whose view or sections differ by who looks, who it is. Two viewers with equal facts get equal
snapshots of a read (but for `viewer` itself, which only pages read, to word a lost seat), so an
event stream may hand one viewer's view to another with equal facts (web/events.py) without
making a snapshot, let alone comparing views: by construction there is nothing else they could
differ by.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import games, records
from ..games.base import Seat, with_own
from ..storage.interface import Transaction
from .context import Service
from .errors import clock_time
from .identity import CLAIM_SECONDS, Credentials, Viewer, identify
from .reading import SHARED_READ_SECONDS, TableRead
from .rights import may_undo
from .saved import table_ctx


@dataclass(frozen=True)
class ViewerFacts:
    """All of a viewer that its snapshot of a read depends on, besides the read (see the module's
    docstring). Hashable: web/events.py keys shared events by it."""
    is_host: bool
    is_board: bool
    seated: bool
    claim_seats: tuple[int, ...]   # the seats whose open claims this viewer is shown
    undo_allowed: bool | None      # may it take back the last move (None: there is none to take back)
    # Who it is, as far as the game reads it: the whole viewer for a game whose sections read it
    # (Game.sections_read_viewer), its seat, host and board for a game whose view may differ by
    # viewer (Game.view_reads_viewer), else None: the game's view is then made without a viewer
    # (each seat's is the board's), so it cannot differ by seat even by mistake.
    who: Viewer | None


@dataclass(frozen=True)
class Snapshot:
    """Everything needed to render one viewer's page: never the raw state outside `view`."""
    code: str
    game: games.Game
    version: int
    seats: list[Seat]
    viewer: Viewer        # for pages' wording only (a lost seat, the seat's name): views read `facts`
    facts: ViewerFacts
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


def snapshot(tables: Service, code: str, creds: Credentials) -> Snapshot:
    """Who is looking and what they may see, read in one transaction."""
    with tables.store.read() as tx:
        read, now = TableRead(tx, code), tables.clock()
        viewer = identify(read, read.row, creds, now)
        return make_snapshot(read, viewer, viewer_facts(read, viewer, now), now)


@dataclass(frozen=True)
class Look:
    """A viewer at a read of its table shared by the table's screens (shared_look), before its
    snapshot is made: a caller holding the view of another viewer of the same read with equal
    `facts` may use that instead of making its own (web/events.py)."""
    read: TableRead
    viewer: Viewer
    facts: ViewerFacts

    def snapshot(self) -> Snapshot:
        return make_snapshot(self.read, self.viewer, self.facts, self.read.at)


def shared_look(tables: Service, code: str, creds: Credentials, at_least: int = 0) -> Look:
    """A viewer at a read of the table shared by every viewer that asks for version `at_least` or
    newer within SHARED_READ_SECONDS: after a change, each of a table's event streams wants its own
    viewer's view of the same version, and one store read (with one `now`, so their timers agree)
    serves them all. The viewer is still identified for each one: sharing the read shares nothing
    secret."""
    # Each of a table's streams asks after every change, nearly always finding the read kept: that
    # is looked at first, and the callables for the wait and the store read are made only without it.
    read = tables.shared_reads.kept(code)
    if not _fresh(read, at_least, tables.clock()):
        read = tables.shared_reads.newest(code, lambda read: _fresh(read, at_least, tables.clock()),
                                          lambda: read_to_share(tables, code))
    viewer = read.identified(creds, read.at)
    return Look(read, viewer, viewer_facts(read, viewer, read.at))


def _fresh(read: TableRead | None, at_least: int, now: float) -> bool:
    """Whether a shared read serves a viewer asking for version `at_least` at `now`."""
    return read is not None and read.version >= at_least and 0 <= now - read.at < SHARED_READ_SECONDS


def shared_snapshot(tables: Service, code: str, creds: Credentials, at_least: int = 0) -> Snapshot:
    """snapshot(), from a read shared by the table's screens (shared_look)."""
    return shared_look(tables, code, creds, at_least).snapshot()


def keep_read(tables: Service, code: str, version: int) -> None:
    """A read of the table at `version` or newer kept for its streams, made now if none is (an event
    stream calls this as it opens, so the screens opening together share one): the first change this
    process makes after a table's screens connected can then hand them the read after it
    (SharedReads.hand_over), as every later one does, rather than have them read the store. Without
    it a busy start (every table's first tap within a second) cost each table a store read more."""
    tables.shared_reads.newest(code, lambda read: read is not None and read.version >= version,
                               lambda: read_to_share(tables, code))


def read_to_share(tables: Service, code: str) -> TableRead:
    """The table read now, in one read transaction, with all any viewer's snapshot needs."""
    now = tables.clock()
    with tables.store.read() as tx:
        read = TableRead(tx, code)
        # An anonymous viewer's snapshot makes every read a snapshot needs whoever looks
        # (the game's records included); share() adds the credentials viewers differ by.
        anonymous = identify(read, read.row, Credentials(), now)
        make_snapshot(read, anonymous, viewer_facts(read, anonymous, now), now)
        read.share(now)
    return read


def viewer_facts(read: TableRead, viewer: Viewer, now: float) -> ViewerFacts:
    game = read.game
    if viewer.is_host and viewer.seat is None:
        shown = open_claims(read, read.code, now)   # the host's board answers every claim
    elif viewer.seat is not None:
        shown = [c for c in open_claims(read, read.code, now) if c["seat"] == viewer.seat.id]
    else:
        shown = []
    last = read.last_live_move(read.code)
    undo_allowed = may_undo(viewer, last, game.moves.get(last.move)) if last and last.kind == "move" else None
    if game.sections_read_viewer:
        who = viewer
    elif game.view_reads_viewer:
        who = Viewer(viewer.seat, viewer.is_host, viewer.is_board)
    else:
        who = None
    return ViewerFacts(viewer.is_host, viewer.is_board, viewer.seat is not None,
                       tuple(c["seat"] for c in shown) if shown else (), undo_allowed, who)


def make_snapshot(read: TableRead, viewer: Viewer, facts: ViewerFacts, now: float) -> Snapshot:
    """The snapshot of `read` for a viewer with `facts` (viewer_facts): everything in it but
    `viewer` is made from the read and the facts alone."""
    code, row, game = read.code, read.row, read.game
    engine = read.engine
    seats = read.seat_list(code)
    view = game_view(read, facts.who, seats, now)
    last = read.last_live_move(code)
    undo = None
    if facts.undo_allowed is not None:
        by = next((s for s in seats if s.id == last.seat_id), None)
        # by None: the board did it; the template words that (and the move's name) per language.
        undo = {"move": last.move.replace("_", " "), "by": by.name if by else None, "allowed": facts.undo_allowed}
    claims = [c for c in open_claims(read, code, now) if c["seat"] in facts.claim_seats] if facts.claim_seats else []
    # The game just finished is in the state's own running record: nothing else is read.
    result = records.finished_record(engine)
    return Snapshot(code, game, row.version, seats, viewer, facts, view, now, undo, result, read.notices(),
                    claims, records.game_number(engine))


EVERYONE = "everyone's part"   # TableRead.views' key of the part every screen sees (Game.own_view)


def game_view(read: TableRead, who: Viewer | None, seats: list[Seat], now: float) -> dict:
    """The game's view of the read for `who` (ViewerFacts.who) at `now`, made once per read for
    each of them (a read shared by a table's streams is asked for it by each; game views are pure,
    and nothing changes a view once made). For a game with a seat's own part (Game.own_view), the
    part everyone sees is made once per read, for all of them, and only the seat's own per seat."""
    key = (who, now)
    view = read.views.get(key)
    if view is None:
        game, state = read.game, read.state
        if game.own_view is None:
            view = everyones_view(read, who, seats, now)
        else:
            everyone = read.views.get((EVERYONE, now))
            if everyone is None:
                everyone = read.views[(EVERYONE, now)] = everyones_view(read, None, seats, now)
            own = game.own_view(state, table_ctx(who, seats, now, read.engine)) if who and who.seat else None
            view = with_own(everyone, own)
        read.views[key] = view
    return view


def everyones_view(read: TableRead, who: Viewer | None, seats: list[Seat], now: float) -> dict:
    """The game's `view` itself (for a game with Game.own_view, `who` is None: everyone's part)."""
    game, state = read.game, read.state
    # A game that shows results from other tables (Pack the Essentials' Purr-sonal Best) is
    # given its group's records, read here: the view itself never reads another table.
    shown = read.shown_records(game.id) if game.shows_records and game.shows_records(state) else None
    view = game.view(state, table_ctx(who, seats, now, read.engine, records=shown))
    clash = set(view) & set(games.Game.RESERVED)
    assert not clash, f"game view uses reserved keys {clash}"
    return view


def open_claims(tx: Transaction, code: str, now: float) -> list[dict]:
    claims = [c for c in tx.credentials(code, "claim") if now - c.at < CLAIM_SECONDS]
    if not claims:   # as at nearly every look: each of a table's streams asks at every change
        return []
    by_id = {s.seat_id: s.name for s in tx.seats(code)}
    return [{"seat": c.seat_id, "name": by_id[c.seat_id], "at": c.at, "time": clock_time(c.at)}
            for c in claims if c.seat_id in by_id]
