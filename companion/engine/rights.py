"""Who may do what at a table, beside what each game's Move declares (companion/games/base.py)."""
from __future__ import annotations

from ..errors import N_, Forbidden
from ..games.base import Move
from ..storage.interface import EventRow
from .identity import Viewer

DREW = "_drew"   # in a move event's arguments: that move drew from the table's random source
WATCHING = N_("This screen only watches the table: join from your phone to play, "
               "or ask the host to make this screen a board.")


def drew(event: EventRow) -> bool:
    return bool((event.args or {}).get(DREW))


def check_who(move: Move, viewer: Viewer) -> None:
    """A seat acts as itself; acting as the board needs the board credential (the host's, or a
    screen the host paired), so a phone cannot claim the board's role by saying so."""
    if move.who == "host" and not viewer.is_host:
        raise Forbidden("Only the table's host can do that.")
    if move.who == "seat" and viewer.seat is None:
        raise Forbidden("Join the table from your phone to do that.")
    check_playing(viewer)


def check_playing(viewer: Viewer) -> None:
    if viewer.seat is None and not viewer.is_board:
        raise Forbidden(WATCHING)


def may_undo(viewer: Viewer, event: EventRow, move: Move | None) -> bool:
    """Whether `viewer` may take back the move of `event`. The host's power is the board's: on their
    own seat page a host who plays is a player, so taking back their own guess is not a quiet free
    look there."""
    if viewer.is_host and viewer.seat is None:
        return True
    if move is None or move.undo_by(drew(event)) == "host":
        return False
    by_seat = event.seat_id
    if by_seat is None:   # the board's own move: a screen holding the board credential
        return viewer.seat is None and viewer.is_board
    return viewer.seat is not None and viewer.seat.id == by_seat
