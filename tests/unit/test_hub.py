"""The in-process Hub (companion/live.py): a stream waiting on a table wakes when, and only when,
the table passes the version it has."""
from __future__ import annotations

import threading

from companion.live import Hub


def test_a_waiting_stream_wakes_at_a_newer_version_and_not_at_the_same_one():
    hub = Hub()
    hub.publish("ABCD", 3)
    assert hub.wait("ABCD", 2, timeout=0.01) == 3          # published before it waited: seen at once
    woke: list = []
    waiting = threading.Thread(target=lambda: woke.append(hub.wait("ABCD", 3, timeout=5)))
    waiting.start()
    while hub.open_streams() == 0:
        threading.Event().wait(0.001)
    hub.publish("ABCD", 3)            # the same version again (heard back from Redis): no wake
    hub.publish("ABCD", 3, made_here=True)   # or made here and heard from Redis first: no wake either
    hub.publish("OTHER", 9)           # another table's
    waiting.join(0.05)
    assert waiting.is_alive()
    hub.publish("ABCD", 4)
    waiting.join(5)
    assert woke == [4] and hub.open_streams() == 0 and hub.waited_on() == []


def test_a_wait_with_nothing_newer_ends_at_its_timeout_and_leaves_nothing_behind():
    hub = Hub()
    assert hub.wait("ABCD", 0, timeout=0.01) is None
    assert hub.waited_on() == [] and hub._next == {}


def test_pushed_streams_count_as_waiters_and_hear_each_newer_version_once():
    """A stream that takes its events pushed (web/deliveries.py Deliveries) waits on no Event, yet its
    table is among those RedisHub re-reads after a lost subscription (waited_on), and the hub tells
    the deliveries of every newer version, never of one already heard."""
    from companion.web.deliveries import Deliveries, Listener
    hub = Hub()
    deliveries = Deliveries(hub, keepalive=15)
    heard: list = []
    deliveries.deliver = lambda code, version: heard.append((code, version))   # what published starts
    listener = Listener("ABCD", changed=None, writer=None, known=1)
    deliveries.add(listener)
    assert hub.waited_on() == ["ABCD"] and hub.open_streams() == 1
    hub.publish("ABCD", 2)
    hub.publish("ABCD", 2)     # heard again from Redis: nothing newer
    hub.publish("OTHER", 5)    # nobody here watches it
    import gevent
    gevent.sleep(0)            # the deliveries run in their own greenlet
    assert heard == [("ABCD", 2)] and hub.newest("ABCD") == 2
    deliveries.remove(listener)
    deliveries.remove(listener)   # a stream ends once, however many ways it notices
    assert hub.waited_on() == [] and hub.open_streams() == 0
