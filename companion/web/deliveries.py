"""Pushed deliveries: after a change, one greenlet makes each of the table's open streams its event
and writes it to the stream's socket (serving.StreamWriter), instead of waking every stream's
greenlet to yield it through Werkzeug's and gevent's iterators (docs/ARCHITECTURE.md, "Pushed, not
woken"). Only streams served by the app's own server take their events this way; web/events.py
opens them and makes their events (`changed`, shared by equal viewer facts through ViewEvents).
"""
from __future__ import annotations

import contextvars
import logging
import threading
import time

import gevent

from .renderings import one_change

KEEP_ALIVE = b": keep-alive\n\n"   # an event stream's comment: nothing for the page, bytes for the proxies

# Keep-alives written before the sweep lets other greenlets run: streams opened together (a
# restart's reconnections) come due together, and 1,264 keep-alives in one go held the loop 26 ms.
SWEEP_BATCH = 100

log = logging.getLogger(__name__)


class Listener:
    """An open stream as a table's deliveries see it (serve_pushed below): its viewer's `changed` (the
    stream's own, fixed when it opened: role, cookies, language), the StreamWriter of its socket,
    the newest version it was given or is being given (`known`) and the newest it was sent
    (`sent`). What could not be sent at once waits for the stream's own greenlet: the rest of a
    piece (`rest`) and then the newest event (`pending`: an event carries the whole view, so a newer
    one replaces an older one still waiting).

    `page`: the page that opened it, as (its tab's id, its role, its credentials), when the page
    named its tab; `viewed`: the newest version whose view it was handed. So a tap from that page
    can be answered without the view its stream carries (Deliveries.carried)."""

    def __init__(self, code: str, changed, writer, known: int, page: tuple | None = None):
        self.code, self.changed, self.writer = code, changed, writer
        self.known = self.sent = known
        self.page = page
        self.viewed = 0
        self.rest = b""
        self.pending: tuple[int, bytes] | None = None
        self.writing = False   # its greenlet is in a send that may wait: nobody else writes meanwhile
        self.gone = False
        self.last_write = time.monotonic()
        self.wake = threading.Event()

    def hand(self, version: int, event: bytes) -> None:
        """Send the event for `version` now, as far as the socket takes it without waiting; leave
        the rest to the stream's greenlet. Never sends half of one piece before another."""
        if self.gone or version <= self.sent:
            return
        if self.busy():
            if self.pending is None or version > self.pending[0]:
                self.pending = (version, event)
            self.wake.set()
            return
        if self.send_now(event):
            self.sent = version

    def has(self, version: int) -> bool:
        """Whether the event for `version` or a newer one was sent or waits to be."""
        return self.sent >= version or (self.pending is not None and self.pending[0] >= version)

    def keep_alive(self) -> None:
        """A keep-alive comment, sent now as far as the socket takes it, unless something else is
        being sent (then that keeps the connection alive)."""
        if not self.gone and not self.busy():
            self.send_now(KEEP_ALIVE)

    def end(self) -> None:
        """The stream is over (its phone is gone, or delivering to it failed): its greenlet wakes
        and ends it."""
        self.gone = True
        self.wake.set()

    def busy(self) -> bool:
        """Whether a piece is on its way or waiting: then a new one must wait its turn."""
        return self.writing or bool(self.rest) or self.pending is not None

    def send_now(self, piece: bytes) -> bool:
        """`piece` framed and sent as far as the socket takes it without waiting, the rest left to
        the stream's greenlet; False when the phone is gone (its greenlet then ends the stream)."""
        framed = self.writer.frame(piece)
        try:
            sent = self.writer.send_now(framed)
        except OSError:
            self.end()
            return False
        self.last_write = time.monotonic()
        if sent < len(framed):
            self.rest = framed[sent:]
            self.wake.set()
        return True


class Deliveries:
    """The open streams of each table in this process that take their events pushed (a stream
    served by companion/serving.py's handler), and the delivery of each change to them: the hub
    calls `published` for every new version, and one greenlet makes each stream's event (shared by
    equal viewer facts, ViewEvents) and writes it to the stream's socket. A delivery costs a socket
    send, not a wake of the stream's greenlet, its timer and the WSGI iterators around its yield.

    The keep-alives go the same way: one greenlet (`sweep`) looks over every stream each `tick`
    and writes a keep-alive to those that were sent nothing for `keepalive` seconds. When each
    stream's greenlet kept its own time, 2,100 idle streams cost 1.4 % of a core, nearly all of it
    the 140 wakes, timers and sends a second of their keep-alives."""

    def __init__(self, hub, keepalive: float):
        self.hub = hub
        self.keepalive = keepalive
        self.tick = min(1.0, keepalive / 2)   # so a keep-alive is at most half a period late
        self._tables: dict[str, set[Listener]] = {}
        self._sweeper: gevent.Greenlet | None = None
        hub.on_publish = self.published

    def add(self, listener: Listener) -> None:
        self._tables.setdefault(listener.code, set()).add(listener)
        self.hub.watch(listener.code)
        if self._sweeper is None:
            self._sweeper = gevent.spawn(self.sweep)

    def remove(self, listener: Listener) -> None:
        listeners = self._tables.get(listener.code)
        if listeners is not None and listener in listeners:
            listeners.discard(listener)
            if not listeners:
                del self._tables[listener.code]
            self.hub.unwatch(listener.code)

    def streams(self, code: str | None = None) -> list[Listener]:
        """The open streams of table `code`, or of every table: a list of them as they are now."""
        if code is not None:
            return list(self._tables.get(code, ()))
        return [listener for listeners in list(self._tables.values()) for listener in list(listeners)]

    def end_all(self) -> None:
        """Every open stream ended: each stream's greenlet returns and its connection closes
        (bench/stream_cpu.py's teardown: an app made in-process ends its streams before its store)."""
        for listener in self.streams():
            listener.end()

    def carried(self, code: str, page: tuple, version: int) -> bool:
        """Whether an open stream of this process that `page` opened (tab, role, credentials: all
        three its own, so no other page's stream counts) was handed its view of `version` or newer.
        The change's deliveries run before its tap is answered (`published`), so a tap from that
        page can be answered with the version alone: its view is on its way on the stream."""
        return any(listener.page == page and listener.viewed >= version and not listener.gone
                   for listener in self._tables.get(code, ()))

    def published(self, code: str, version: int, made_here: bool = False) -> None:
        """The hub's callback, in the publisher's greenlet. A change this process made
        (`made_here`) is delivered there and then, after its commit and before the tap's answer:
        every screen's event is on its way before the answer is compressed and sent, and the
        answer takes the view of the tapping screen's event made here when that screen's stream is
        open in this process (ViewEvents). A change heard from another
        process (the Redis subscriber's greenlet) gets a greenlet of its own, so the subscriber
        does not wait on one table's reads before hearing the next."""
        if code not in self._tables:
            return
        if made_here:
            # In a context of its own, empty as a new greenlet's: nothing of the tap's request reaches
            # another screen's view (url_for, for one, takes a request's URL adapter and blueprint
            # before the app context's that each view is rendered in, ViewContext.rendering).
            contextvars.Context().run(self.deliver, code, version, True)
        else:
            gevent.spawn(self.deliver, code, version)

    def deliver(self, code: str, version: int, made_here: bool = False) -> None:
        with one_change():   # the screens' views share their parts by what they are made from
            for listener in list(self._tables.get(code, ())):
                try:
                    give(listener, version, made_here)
                except Exception:   # one stream's fault must not cost the others their event
                    log.exception("could not deliver an event to a stream")
                    listener.end()

    def sweep(self) -> None:
        """Every `tick`, the keep-alives due; ends when no stream is left (the next one to open
        starts it again)."""
        try:
            while self._tables:
                gevent.sleep(self.tick)
                self.keep_alive_due(time.monotonic())
        finally:
            self._sweeper = None

    def keep_alive_due(self, now: float) -> None:
        """A keep-alive to each stream sent nothing for `keepalive` seconds by `now`, SWEEP_BATCH
        at a time."""
        due, written = now - self.keepalive, 0
        for listeners in list(self._tables.values()):
            for listener in list(listeners):
                if listener.last_write <= due:
                    listener.keep_alive()
                    written += 1
                    if written % SWEEP_BATCH == 0:
                        gevent.sleep(0)   # let taps and deliveries run between batches


def give(listener: Listener, version: int, made_here: bool = False) -> None:
    """The listener's event for `version` or newer, made and handed to it, unless it has it or is
    being given it already. A change made here (`made_here`, in the greenlet of the tap that made
    it) is given even while another greenlet makes it: one that heard the change from Redis first
    may be waiting on a read, and the tap's answer asks whether its page's stream was handed its
    view (Deliveries.carried). hand() sends a version once, whichever gets there first."""
    if listener.gone or listener.has(version) or (listener.known >= version and not made_here):
        return
    listener.known = max(listener.known, version)   # claimed before making it: making may wait (a Redis read)
    made, event = listener.changed(version)
    listener.known = max(listener.known, made)
    listener.hand(made, event)
    if carries_view(event):
        listener.viewed = max(listener.viewed, made)


def carries_view(event: bytes) -> bool:
    """Whether a `changed` event (web/events.py changed_event) has data after its version's line:
    the viewer's view. Without it (a seat that is gone, a rendering that failed) the page fetches
    its view itself."""
    first = event.find(b"\ndata: ")
    return first >= 0 and event.find(b"\ndata: ", first + 1) >= 0


def serve_pushed(listener: Listener, deliveries: Deliveries, ends: float) -> None:
    """A pushed stream's own greenlet, inside its response's body after its first pieces: it sends,
    waiting for the phone, what the deliveries and keep-alives could not send at once, through the
    same StreamWriter (so its pieces cannot cross theirs). Returns at `ends`, or when its phone is
    gone; between those it waits for nothing but its `wake`."""
    deliveries.add(listener)
    try:
        # A change published before the listener was added: its delivery passed this stream by.
        newest = deliveries.hub.newest(listener.code)
        if newest > listener.known:
            give(listener, newest)
        while not listener.gone:
            left = ends - time.monotonic()
            if left <= 0 or not listener.wake.wait(left):
                break
            listener.wake.clear()
            listener.writing = True
            try:
                send_waiting(listener)
            except OSError:
                break
            finally:
                listener.writing = False
    finally:
        listener.gone = True
        deliveries.remove(listener)


def send_waiting(listener: Listener) -> None:
    """Send, waiting for the phone, the rest of a piece its socket did not take and then the newest
    event left waiting."""
    while listener.rest or listener.pending is not None:
        if listener.rest:
            rest, listener.rest = listener.rest, b""
            listener.writer.send(rest)
        if listener.pending is not None:
            (version, event), listener.pending = listener.pending, None
            if version > listener.sent:
                listener.writer.send(listener.writer.frame(event))
                listener.sent = version
        listener.last_write = time.monotonic()
