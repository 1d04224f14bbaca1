"""The engine's own refusals and lookups that fail, beside companion/errors.py's (which the rules
raise): a table that is not there, a tap the table has moved on from, a phone whose seat is gone,
a name already seated. Framework-free like those: the web layer decides the status and the words."""
from __future__ import annotations

import time

from ..errors import N_, Forbidden, RuleError


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


class SeatMoved(Forbidden):
    """The phone's seat cookie names a seat that has since moved to another phone, or was removed."""


class NameTaken(Exception):
    """Someone with that name (or one that looks like it) is seated: the join form asks "is that you?"."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


def clock_time(at: float) -> str:
    """A time as a player at the table reads it (the server's local time: it sits in the room)."""
    return time.strftime("%H:%M", time.localtime(at))
