"""GET /t/<code>/events[?as=board|seat]: a server-sent-events stream saying "the table is now at
version N".

With `as=`, each `changed` event also carries the viewer's fresh view: the same HTML that
GET /t/<code>/view?as=... would answer this device, rendered from the cookies the stream request
came with (a stream is one viewer's own, like a view request), so nothing reaches a stream that its
device could not fetch itself. The data's first line is the version, the rest the HTML; the page
swaps it in, and re-fetches when the HTML is missing (a seat that is gone, an error while
rendering). That saves every device a full HTTP request per change, which was most of the server's
work after an action. Without `as=` the event says only the version, and each viewer re-fetches.

After a change, the event's bytes are made once for every stream of the table whose viewer has equal
facts (ViewEvents): six phones that see the same dice get the same bytes, written to six sockets. On
the app's own server those bytes are pushed: one greenlet makes each stream's event and writes it
to the stream's socket (web/deliveries.py), as one greenlet writes the keep-alives of them all;
a stream's own greenlet only sends what a slow phone's socket did not take. Under any other server
a stream waits on the hub and yields its own events and keep-alives (the same events, made the
same way).

The first bytes go out at once so proxies flush headers; a comment every KEEPALIVE_SECONDS keeps the
connection open; the stream ends after STREAM_SECONDS and the browser reconnects with Last-Event-ID.
"""
from __future__ import annotations

import logging
import time
from collections import OrderedDict
from dataclasses import replace

from flask import Blueprint, Response, current_app, g, request
from flask_babel import gettext

from ..engine import Credentials, TableNotFound, Tables, normalise_code
from ..engine.snapshots import Look
from ..errors import BadInput
from ..locks import short_lock
from ..serving import STREAM_WRITER
from .answers import plain_refusal, refusal_text
from .deliveries import KEEP_ALIVE, Deliveries, Listener, serve_pushed
from .i18n import request_language
from .marks import OWN_MARKS, as_data, with_own_blocks
from .sections import ViewContext, has_own_blocks, own_blocks, shared_view, shared_view_data, view_html
from .security import client_address, hold_back, unknown_table_answer
from .tables import credentials, join_url, tab_given

bp = Blueprint("events", __name__)
log = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = 30  # the page polls /version every 5 s meanwhile (static/js/table.js)


class StreamSlots:
    """Open event streams in this process, in all and per client address. Each stream holds a socket
    (a file descriptor) for up to STREAM_SECONDS: without a cap one client could open streams until
    the process has no descriptor left for anyone's requests."""

    def __init__(self):
        self._lock = short_lock()
        self._by_address: dict[str, int] = {}
        self.open = 0

    def take(self, address: str, per_address: int, most: int) -> str | None:
        """A slot for a new stream, or why not: "address" (this client holds its share) or "full"."""
        with self._lock:
            if self.open >= most:
                return "full"
            held = self._by_address.get(address, 0)
            if held >= per_address:
                return "address"
            self._by_address[address] = held + 1
            self.open += 1
            return None

    def give_back(self, address: str) -> None:
        with self._lock:
            self.open -= 1
            held = self._by_address[address] - 1
            if held:
                self._by_address[address] = held
            else:
                del self._by_address[address]


# Tables whose newest version's events this process keeps (ViewEvents): one older than the read
# that made it serves nobody, and a busy night has about 300 tables.
EVENTS_KEPT_TABLES = 500
# Beside a read's events, ViewEvents keeps the view its phones share (sections.OWN_BLOCKS), cut at
# its own marks, under a key this begins: no event's key does (an event's begins with its role).
SHARED_VIEW = "the view the phones share"


def changed_event(version: int, html: bytes | None) -> bytes:
    """A `changed` event: the version, and the view's HTML (UTF-8) when there is one."""
    data = b"%d" % version if html is None else b"%d\n%s" % (version, html)
    return b"event: changed\nid: %d\n%s\n" % (version, data_lines(data))


def changed_event_of_data(version: int, pieces: list[bytes]) -> bytes:
    """changed_event(version, html) from the pieces of `html` made event data already (marks.as_data),
    joined once into the event."""
    return b"".join((b"event: changed\nid: %d\ndata: %d\ndata: " % (version, version), *pieces, b"\n\n"))


class ViewEvents:
    """The `changed` events of each table's newest shared read, each carrying a view, by everything
    else a view of that read is made from: the role, the language, the join address and the viewer's
    facts (engine.ViewerFacts: what it may do, the claims and undo it is shown, and who it is only
    where the game's view or sections read that). After a change every stream of the table wakes and
    asks for its own viewer's event; a stream whose viewer has the facts of one already served gets
    that event's bytes, without a snapshot, a rendering or a digest of its view: six phones at a game
    whose view does not differ by seat share one event, and their board another. At a game whose
    phones share all but their own blocks (sections.OWN_BLOCKS: a Cloaked Cats hand), each phone's
    event is the view they share, made once, with its own blocks in it. The tap's own
    answer is the same view (web/acting.py answer_view): whichever of the answer and the tapping
    screen's event comes first makes it, the other takes it (the answer out of the event, view_of).
    Secrecy is by construction: a snapshot of a read is made from the read and the facts alone
    (engine/snapshots.py), so equal keys are equal views. Only the newest read of a table is kept: a
    stream catching up alone reads the table afresh and makes its own."""

    def __init__(self, most: int = EVENTS_KEPT_TABLES):
        self.most = most
        self._lock = short_lock()
        # table -> ((version, clock) of its read, {(role, language, join address, facts): event}),
        # and the view its phones share (SHARED_VIEW).
        # The events alone: a tap's answer takes its view back out of its event (view_of), where
        # keeping each view beside its event held 13 MB more at 300 tables (15-21 KB a view).
        self._tables: OrderedDict[str, tuple[tuple[int, float], dict[tuple, bytes | list]]] = OrderedDict()
        self.made = self.shared = 0   # views made and handed again, counted for tests and bench/stream_cpu.py

    def view(self, look: Look, role: str, join_url: str) -> bytes:
        """The view of `look`'s viewer as `role` (UTF-8), in a request: a tap's answer, in the
        request's language."""
        return view_of(self._event(look, role, request_language(), join_url, None))

    def event(self, look: Look, role: str, context: ViewContext) -> bytes:
        """The `changed` event carrying that view, rendered from `context` alone (an event stream's):
        the same bytes for every stream that shares it."""
        return self._event(look, role, context.language, context.join_url, context)

    def _event(self, look: Look, role: str, language: str, join_url: str, context: ViewContext | None) -> bytes:
        read = (look.read.version, look.read.at)
        key = (role, language, join_url, look.facts)
        code = look.read.code
        with self._lock:
            found = self._found(code, read, key)
            if found is not None:
                self.shared += 1
                return found
        snap = look.snapshot()
        if has_own_blocks(snap.game.id, role):
            # The view the table's phones share, made by the first phone whose facts are these but
            # for who it is and whether it may undo, and cut at its marks; each phone is given its
            # own blocks in it (the undo among them).
            shared_key = (SHARED_VIEW, role, language, join_url, replace(look.facts, who=None, undo_allowed=None))
            with self._lock:
                cut = self._found(code, read, shared_key)
            if cut is None:
                cut = self._keep(code, read, shared_key, cut_data(shared_view(snap, role, join_url, context)))
            event = changed_event_with(look.read.version, cut, own_blocks(snap, role, context))
        else:
            data = shared_view_data(snap, role, join_url, context)   # this screen's whole view: no own blocks
            event = (changed_event_of_data(look.read.version, data) if data is not None
                     else changed_event(look.read.version, view_html(snap, role, join_url, context).encode()))
        with self._lock:
            self.made += 1
        return self._keep(code, read, key, event)

    def _found(self, code: str, read: tuple, key: tuple):
        """What is kept under `key` for `read` of the table, if that read is the one kept (under the lock)."""
        kept = self._tables.get(code)
        return kept[1].get(key) if kept is not None and kept[0] == read else None

    def _keep(self, code: str, read: tuple, key: tuple, made):
        """`made` kept under `key` for `read` of the table, unless a newer read's are kept; or what
        another stream kept there first."""
        with self._lock:
            kept = self._tables.get(code)
            if kept is None or kept[0] < read:   # a newer read's events replace an older one's
                kept = self._tables[code] = (read, {})
            if kept[0] == read:
                made = kept[1].setdefault(key, made)
            self._tables.move_to_end(code)
            while len(self._tables) > self.most:
                self._tables.popitem(last=False)
        return made


def cut_data(shared: str) -> list:
    """A shared view cut at its own marks (OWN_MARKS.split: text at even places, marks at odd), its
    text made event data once for every phone (UTF-8, each line end followed by "data: ", as
    data_lines makes it), so that a phone's event encodes only its own blocks (changed_event_with):
    joining, encoding and prefixing a whole 16 KB view took 20 µs a phone, its blocks take 4. Text
    that holds a CR is left text: data_lines makes the line ends of the whole view LF, and a CR at
    a piece's end with an LF after the mark would be two line ends there, one in the whole."""
    cut = OWN_MARKS.split(shared)
    if "\r" in shared:
        return cut
    return [as_data(piece) if i % 2 == 0 else piece for i, piece in enumerate(cut)]


def changed_event_with(version: int, cut: list, blocks: dict[str, str]) -> bytes:
    """changed_event(version, the view `cut` holds with `blocks` in their marks (with_own_blocks)),
    from a cut whose text is event data already (cut_data), each block made data here."""
    if isinstance(cut[0], str) or any("\r" in block for block in blocks.values()):
        text = [piece if isinstance(piece, str) else piece.replace(b"\ndata: ", b"\n").decode()
                for piece in cut]   # the inverse of cut_data's, as view_of's
        return changed_event(version, "".join(with_own_blocks(text, blocks)).encode())
    return changed_event_of_data(version, [piece if i % 2 == 0 else as_data(blocks.get(piece, ""))
                                           for i, piece in enumerate(cut)])


def view_of(event: bytes) -> bytes:
    """The view a `changed` event carries (changed_event's HTML, its line ends LF), taken back out:
    the data lines after the version's, "data: " off each."""
    _, _, data = event.partition(b"\ndata: ")   # after "event: changed" and "id: <version>"
    _, _, html = data.partition(b"\ndata: ")    # after the version's own line
    return html[:-2].replace(b"\ndata: ", b"\n")   # the event's blank line off, then each line's prefix


def view_event(tables: Tables, code: str, role: str, creds: Credentials, context: ViewContext, at_least: int,
               shared: bool = True) -> tuple[int, bytes]:
    """The `changed` event with the viewer's own view (the same HTML as GET /view?as=role from the
    same cookies, which gave `creds`; `context` was taken from that request), at `at_least` or newer;
    no request is needed. Without HTML for a seat page whose seat is gone: the page then re-fetches
    and shows why. `shared`: after a change, the table is read once for all of its streams
    (Tables.shared_look) and their events are shared (ViewEvents); a stream catching up alone
    reads it afresh, since a shared read may be two seconds old, and the page sets its clock by the
    view's `now` (a running timer would show that much too long)."""
    if shared:
        look = tables.shared_look(code, creds, at_least)
        version, viewer = look.read.version, look.viewer
    else:
        snap = tables.snapshot(code, creds)
        version, viewer = snap.version, snap.viewer
    if role == "seat" and viewer.seat is None:
        return version, changed_event(version, None)
    if shared:
        return version, context.app.extensions["view_events"].event(look, role, context)
    return version, changed_event(version, view_html(snap, role, context.join_url, context).encode())


def data_lines(data: bytes) -> bytes:
    """`data` (UTF-8) as an event's data lines: each of its lines (a CR, LF or CRLF ends one) after
    "data: ". By replacing, not splitting: a view is a couple of hundred lines, and a split into a
    list of them and a join was a tenth of an event's cost."""
    if b"\r" in data:
        data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return b"data: " + data.replace(b"\n", b"\ndata: ") + b"\n"


def no_stream(status: int, message: str):
    """Refused stream: a short sentence, no page (the page's hidden stream element would receive it)
    and Retry-After; the page keeps itself current by polling meanwhile."""
    response = plain_refusal(status, message)
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<code>/events")
def stream(code: str):
    tables = current_app.extensions["companion"]
    code = normalise_code(code[:20]) or ""
    try:
        current = tables.version(code) if code else None
    except TableNotFound:
        current = None
    if current is None:
        return unknown_table_answer()
    role = request.args.get("as")
    if role is not None and role not in ("board", "seat"):
        return plain_refusal(400, gettext("'as' must be board or seat."))
    try:
        tab = tab_given(request.args.get("tab"))   # the page's tab: a tap from it can then leave its view out
    except BadInput as refused:
        return plain_refusal(400, refusal_text(refused))
    g.code = code  # the table pages' helpers (credentials, links) read it
    last_seen = request.headers.get("Last-Event-ID", "")
    seen = int(last_seen) if last_seen.isascii() and last_seen.isdigit() and len(last_seen) < 10 else 0
    keepalive = current_app.config["KEEPALIVE_SECONDS"]
    lifetime = current_app.config["STREAM_SECONDS"]
    hub = tables.hub
    slots: StreamSlots = current_app.extensions["stream_slots"]
    address = client_address()
    refused = slots.take(address, current_app.config["STREAMS_PER_ADDRESS"], current_app.config["STREAMS_MAX"])
    if refused == "address":
        hold_back()
        return no_stream(429, gettext("Too many live connections from this device; it checks for changes every few seconds instead."))
    if refused == "full":
        return no_stream(503, gettext("The companion is too busy for another live connection; this page checks for changes every few seconds instead."))

    if role is not None:
        # What the stream's request says, read once: its cookies, language and address do not
        # change while it is open. Each event's view is rendered from these, with no request.
        creds, context = credentials(role), ViewContext.of_request(join_url())
        try:
            tables.keep_read(code, current)
        except Exception:  # only saves the first change's streams a read: never refuse the stream for it
            log.exception("could not keep a read of the table for its streams")

    def changed(version: int, shared: bool = True) -> tuple[int, bytes]:
        """The event for `version`: the version alone, or with this viewer's fresh view (then at
        the version that view shows, which may be newer)."""
        if role is not None:
            try:
                return view_event(tables, code, role, creds, context, version, shared)
            except Exception:  # the page re-fetches on a version-only event: never lose the event
                log.exception("could not render the view for an event stream")
        return version, changed_event(version, None)

    writer = request.environ.get(STREAM_WRITER)
    deliveries: Deliveries = current_app.extensions["deliveries"]

    def events():
        nonlocal current
        yield ": ok\n\n"
        if current > seen:  # missed changes while away: say so at once
            current, event = changed(current, shared=False)  # catching up alone
            yield event
        ends = time.monotonic() + lifetime
        if writer is not None and writer.ready():
            page = (tab, role, creds) if tab is not None and role is not None else None
            serve_pushed(Listener(code, changed, writer, current, page), deliveries, ends)
            return
        known = current
        while time.monotonic() < ends:
            newer = hub.wait(code, known, timeout=keepalive)
            if newer is None:
                yield KEEP_ALIVE
                continue
            known, event = changed(newer)
            known = max(known, newer)
            yield event

    response = Response(events(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    response.call_on_close(lambda: slots.give_back(address))  # however the stream ends
    return response
