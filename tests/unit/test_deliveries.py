"""The keep-alives of pushed streams (companion/web/deliveries.py Deliveries): one greenlet writes
each idle stream its keep-alive, skips a stream with something on its way, marks a stream whose
phone is gone, and lets other greenlets run between batches; a stream's own greenlet is woken only
for what a socket did not take. The sweep's rounds are called with the clock they would read
(`keep_alive_due`), so nothing here depends on how fast the machine is."""
from __future__ import annotations

import time

import flask
import gevent

from companion.live import Hub
from companion.serving import chunked
from companion.web.deliveries import KEEP_ALIVE, SWEEP_BATCH, Deliveries, Listener

KEEPALIVE = 15.0


class Socket:
    """A stream's StreamWriter as the deliveries use it: what was framed and sent now, how much a
    send takes (`takes`, None for all) and whether the phone is gone."""

    def __init__(self, takes: int | None = None, gone: bool = False):
        self.sent: list[bytes] = []
        self.takes, self.gone = takes, gone

    def frame(self, piece: bytes) -> bytes:
        return chunked(piece)

    def send_now(self, framed: bytes) -> int:
        if self.gone:
            raise BrokenPipeError
        taken = framed if self.takes is None else framed[:self.takes]
        self.sent.append(taken)
        return len(taken)


FRAMED_KEEP_ALIVE = Socket().frame(KEEP_ALIVE)


def listener(code: str, socket: Socket, written: float) -> Listener:
    made = Listener(code, changed=None, writer=socket, known=1)
    made.last_write = written
    return made


def watch(deliveries: Deliveries, code: str, sockets: list[Socket], changed) -> None:
    """A stream of the table on each socket, each making its events with `changed`."""
    for socket in sockets:
        stream = listener(code, socket, time.monotonic())
        stream.changed = changed
        deliveries.add(stream)


def test_an_idle_stream_is_written_its_keep_alive_and_a_busy_or_recent_one_is_not():
    deliveries = Deliveries(Hub(), KEEPALIVE)
    now = time.monotonic()
    idle, recent, busy = Socket(), Socket(), Socket()
    deliveries.add(listener("ABCD", idle, written=now - 20))
    deliveries.add(listener("ABCD", recent, written=now - 5))
    waiting = listener("EFGH", busy, written=now - 20)
    waiting.pending = (2, b"event: changed\n")   # its greenlet is about to send an event: that will do
    deliveries.add(waiting)
    deliveries.keep_alive_due(now)
    assert idle.sent == [FRAMED_KEEP_ALIVE] and recent.sent == [] and busy.sent == []
    deliveries.keep_alive_due(now + 10)          # the recent one's period has passed, the idle one's not again
    assert recent.sent == [FRAMED_KEEP_ALIVE] and idle.sent == [FRAMED_KEEP_ALIVE] and busy.sent == []
    deliveries.keep_alive_due(now + KEEPALIVE + 1)
    assert len(idle.sent) == 2 and busy.sent == []


def test_a_keep_alive_to_a_gone_phone_ends_its_stream_and_a_part_sent_leaves_the_rest_to_it():
    deliveries = Deliveries(Hub(), KEEPALIVE)
    now = time.monotonic()
    gone, slow = listener("ABCD", Socket(gone=True), now - 20), listener("ABCD", Socket(takes=3), now - 20)
    deliveries.add(gone)
    deliveries.add(slow)
    deliveries.keep_alive_due(now)
    assert gone.gone and gone.wake.is_set()
    assert slow.writer.sent == [FRAMED_KEEP_ALIVE[:3]] and slow.rest == FRAMED_KEEP_ALIVE[3:] and slow.wake.is_set()
    assert not slow.gone
    deliveries.keep_alive_due(now + KEEPALIVE + 1)   # its rest waits for its greenlet: nothing crosses it
    assert slow.writer.sent == [FRAMED_KEEP_ALIVE[:3]]


def test_other_greenlets_run_between_batches_of_keep_alives():
    deliveries = Deliveries(Hub(), KEEPALIVE)
    now = time.monotonic()
    sockets = [Socket() for _ in range(SWEEP_BATCH * 2 + 10)]
    for n, socket in enumerate(sockets):
        deliveries.add(listener(f"T{n}", socket, now - 20))
    seen: list[int] = []
    gevent.spawn(lambda: seen.append(sum(len(s.sent) for s in sockets)))   # a tap waiting its turn
    deliveries.keep_alive_due(now)
    assert seen == [SWEEP_BATCH] and all(s.sent == [FRAMED_KEEP_ALIVE] for s in sockets)


def test_the_sweeper_runs_while_streams_are_open_and_stops_with_the_last():
    deliveries = Deliveries(Hub(), keepalive=0.2)   # a tick of 0.1 s
    first = listener("ABCD", Socket(), time.monotonic() - 1)
    deliveries.add(first)
    assert deliveries._sweeper is not None
    deadline = time.monotonic() + 10
    while not first.writer.sent and time.monotonic() < deadline:
        gevent.sleep(0.02)
    assert first.writer.sent[0] == FRAMED_KEEP_ALIVE
    deliveries.remove(first)
    while deliveries._sweeper is not None and time.monotonic() < deadline:
        gevent.sleep(0.02)
    assert deliveries._sweeper is None
    again = listener("ABCD", Socket(), time.monotonic() - 1)
    deliveries.add(again)
    assert deliveries._sweeper is not None
    deliveries.remove(again)


def test_a_change_made_here_reaches_every_stream_before_its_publisher_goes_on_and_one_heard_waits_a_turn():
    """A tap's change is handed to each of its table's streams inside the publish, so every screen's
    event is on its way before the tap's answer is made (a greenlet spawned for it waited behind
    every greenlet ready before it, other taps' whole requests included). A change heard from
    another process is given a greenlet, so the Redis subscriber goes on to the next message."""
    hub = Hub()
    deliveries = Deliveries(hub, KEEPALIVE)
    sockets = [Socket(), Socket()]

    def changed(version: int) -> tuple[int, bytes]:
        return version, b"event: changed\nid: %d\n\n" % version

    watch(deliveries, "ABCD", sockets, changed)
    hub.publish("ABCD", 2, made_here=True)
    assert [len(s.sent) for s in sockets] == [1, 1]   # no yield in between
    hub.publish("ABCD", 3)                             # heard from another process
    assert [len(s.sent) for s in sockets] == [1, 1]
    gevent.sleep(0)
    assert [s.sent[-1] for s in sockets] == [Socket().frame(changed(3)[1])] * 2
    for stream in deliveries.streams("ABCD"):
        deliveries.remove(stream)


def test_a_change_made_here_and_heard_from_redis_first_is_given_by_its_publisher_all_the_same():
    """On Redis a commit PUBLISHes its version, and the subscriber may hear it before the greenlet
    that made it gets to publish it here. That greenlet still hands every stream its event before
    it goes on (so a tap can be answered 204: its page's stream has its view), even a stream whose
    event the heard delivery is making (waiting on a read); each stream is sent the version once."""
    hub = Hub()
    deliveries = Deliveries(hub, KEEPALIVE)
    calls: list[int] = []

    def changed(version: int) -> tuple[int, bytes]:
        calls.append(version)
        if len(calls) == 1:
            gevent.sleep(0.01)   # the heard delivery's first event waits on a read
        return version, b"event: changed\nid: %d\ndata: %d\ndata: <p>view</p>\n\n" % (version, version)

    sockets = [Socket(), Socket()]
    watch(deliveries, "ABCD", sockets, changed)
    hub.publish("ABCD", 2)                   # heard from Redis: its delivery gets a greenlet
    gevent.sleep(0)                          # which starts on the first stream and waits
    assert calls == [2] and [len(s.sent) for s in sockets] == [0, 0]
    hub.publish("ABCD", 2, made_here=True)   # the tap's own greenlet, back from its commit
    assert [len(s.sent) for s in sockets] == [1, 1]   # every stream, the one being made included
    assert all(stream.viewed == 2 for stream in deliveries.streams("ABCD"))
    gevent.sleep(0.05)                       # the heard delivery ends: nothing sent twice
    assert [len(s.sent) for s in sockets] == [1, 1]
    hub.publish("ABCD", 2)                   # and heard once more: nothing
    gevent.sleep(0)
    assert [len(s.sent) for s in sockets] == [1, 1]
    for stream in deliveries.streams("ABCD"):
        deliveries.remove(stream)


def test_a_change_made_in_a_request_is_delivered_with_nothing_of_that_request():
    """Delivered in the tap's greenlet, yet as a new greenlet would be: no request or app context of
    the tap's around any other screen's event (url_for would take the tap's URL adapter and
    blueprint)."""
    hub = Hub()
    deliveries = Deliveries(hub, KEEPALIVE)
    around: list[tuple[bool, bool]] = []

    def changed(version: int) -> tuple[int, bytes]:
        around.append((flask.has_request_context(), flask.has_app_context()))
        return version, b"event: changed\nid: %d\n\n" % version

    stream = listener("ABCD", Socket(), time.monotonic())
    stream.changed = changed
    deliveries.add(stream)
    with flask.Flask(__name__).test_request_context("/t/ABCD/act/roll", method="POST"):
        hub.publish("ABCD", 2, made_here=True)
        assert flask.has_request_context()   # and the tap's own is there again after
    assert around == [(False, False)]
    deliveries.remove(stream)
