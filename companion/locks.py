"""The lock of the in-memory maps that a process's requests, streams and deliveries share (kept
renderings, events and reads, the hub's versions, the rate limiter's windows).

It is the operating system's own lock, also where gevent has patched `threading`. Every section
under it only looks up and stores in dicts: it never waits, sleeps or sends, so under gevent no
greenlet can yield while holding it, and another greenlet of the same thread never finds it held.
Under a threaded server (`flask run`) it still keeps threads apart, as `threading.Lock` does.
gevent's own lock is partly written in Python: 0.5-1 µs a time against 0.1-0.2 µs for this one,
and a profile of the live server counted about 35 gevent lock acquisitions a tap.

A section that may wait (a store's read, a send) must never run under it: under gevent, a greenlet
that waited there would hold it while another greenlet of its thread blocked the whole thread on it.
"""
from __future__ import annotations

from gevent import monkey

short_lock = monkey.get_original("_thread", "allocate_lock")
