"""What every part of the engine is given: the `Service` (engine/service.py's Tables is the one the
app makes). Its parts name this instead of Tables, so no part depends on the object that lists them."""
from __future__ import annotations

from typing import Any, Callable, Protocol

from ..live import Hub
from ..storage.interface import Store


class Service(Protocol):
    store: Store                 # where tables are kept
    hub: Hub                     # tells every open screen of a table about its new version
    clock: Callable[[], float]   # the server's time (tests give their own)
    seeds: Callable[[], int]     # each new table's random source
    shared_reads: Any            # engine/reading.py SharedReads: one read of a table for many viewers
