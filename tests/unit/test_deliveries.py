"""The keep-alives of pushed streams (companion/web/deliveries.py Deliveries.sweep): one greenlet
writes each idle stream its keep-alive, skips a stream with something on its way, and marks a stream
whose phone is gone; a stream's own greenlet is woken only for what a socket did not take."""
from __future__ import annotations

import time

import gevent

from companion.live import Hub
from companion.web.deliveries import KEEP_ALIVE, Deliveries, Listener


class Socket:
    """A stream's StreamWriter as the deliveries use it: what was framed and sent now, how much a
    send takes (`takes`, None for all) and whether the phone is gone."""

    def __init__(self, takes: int | None = None, gone: bool = False):
        self.sent: list[bytes] = []
        self.takes, self.gone = takes, gone

    def frame(self, piece: bytes) -> bytes:
        return b"%x\r\n%s\r\n" % (len(piece), piece)

    def send_now(self, framed: bytes) -> int:
        if self.gone:
            raise BrokenPipeError
        taken = framed if self.takes is None else framed[:self.takes]
        self.sent.append(taken)
        return len(taken)


KEEPALIVE = 0.2   # tick 0.1 s


def listener(code: str, socket: Socket, idle_for: float) -> Listener:
    made = Listener(code, changed=None, writer=socket, known=1)
    made.last_write = time.monotonic() - idle_for
    return made


def test_an_idle_stream_is_written_its_keep_alive_and_a_busy_or_recent_one_is_not():
    deliveries = Deliveries(Hub(), KEEPALIVE)
    idle, recent, busy = Socket(), Socket(), Socket()
    deliveries.add(listener("ABCD", idle, idle_for=KEEPALIVE))
    deliveries.add(listener("ABCD", recent, idle_for=0))
    waiting = listener("EFGH", busy, idle_for=KEEPALIVE)
    waiting.pending = (2, b"event: changed\n")   # its greenlet is about to send an event: that will do
    deliveries.add(waiting)
    gevent.sleep(KEEPALIVE / 2 + 0.05)           # one tick
    assert idle.sent == [Socket().frame(KEEP_ALIVE)]
    assert recent.sent == [] and busy.sent == []
    gevent.sleep(KEEPALIVE + 0.05)               # the recent one's period has passed since
    assert recent.sent == [Socket().frame(KEEP_ALIVE)] and len(idle.sent) == 2 and busy.sent == []


def test_a_keep_alive_to_a_gone_phone_ends_its_stream_and_a_part_sent_leaves_the_rest_to_it():
    deliveries = Deliveries(Hub(), KEEPALIVE)
    gone, slow = listener("ABCD", Socket(gone=True), KEEPALIVE), listener("ABCD", Socket(takes=3), KEEPALIVE)
    deliveries.add(gone)
    deliveries.add(slow)
    gevent.sleep(KEEPALIVE / 2 + 0.05)
    assert gone.gone and gone.wake.is_set()
    framed = Socket().frame(KEEP_ALIVE)
    assert slow.writer.sent == [framed[:3]] and slow.rest == framed[3:] and slow.wake.is_set()
    assert not slow.gone


def test_the_sweeper_stops_with_the_last_stream_and_starts_with_the_next():
    deliveries = Deliveries(Hub(), KEEPALIVE)
    first = listener("ABCD", Socket(), 0)
    deliveries.add(first)
    assert deliveries._sweeper is not None
    deliveries.remove(first)
    gevent.sleep(KEEPALIVE)
    assert deliveries._sweeper is None
    again = listener("ABCD", Socket(), KEEPALIVE)
    deliveries.add(again)
    gevent.sleep(KEEPALIVE / 2 + 0.05)
    assert again.writer.sent == [Socket().frame(KEEP_ALIVE)]
    deliveries.remove(again)
