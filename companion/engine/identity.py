"""Who is asking: a request's credentials (cookies) mapped to a Viewer of one table. The server never
trusts an id the client sends for who it is: it stores only SHA-256 hashes of random tokens and looks
them up. A seat's id is unique at its table for the table's whole life (the store counts the seats
it ever made), so a credential, and whatever a game keeps under its seat, never passes to someone
else."""
from __future__ import annotations

import functools
import hashlib
import secrets
from dataclasses import dataclass

from ..errors import N_, Forbidden
from ..games.base import Seat
from ..storage.interface import TableRow, Transaction
from .errors import SeatMoved, clock_time

# Easy to read aloud: no 0/O, 1/I/L. 31^6 ≈ 887 million codes, and lookups are rate-limited.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CLAIM_SECONDS = 10 * 60     # a phone's request for a seat waits this long for consent


@dataclass(frozen=True)
class Viewer:
    seat: Seat | None
    is_host: bool
    # May act as the board and see what the board shows on purpose: the host, or a screen the host
    # paired as a board. Anyone may open the board's page; without this it only watches.
    is_board: bool = False
    # This device's seat cookie no longer names a seat: ("moved" | "removed", when), else None.
    lost_seat: tuple[str, float] | None = None
    # This device asked for a seat and waits for consent: the seat's id, else None.
    claiming: int | None = None


@dataclass(frozen=True)
class Credentials:
    """The tokens a request carries. `seat_token` only when the request speaks as a seat, so a
    host's tablet that also holds a seat still acts and sees as the board on the board page."""
    seat_token: str | None = None
    host_token: str | None = None
    board_token: str | None = None


# Every open stream identifies its viewer again at each change of its table (its seat may have
# moved), from the same cookies: each stream's tokens are hashed once, not at every change. Tokens
# from cookies are at most 100 characters (web/cookies.py), so the cache holds at most about 2 MB.
@functools.lru_cache(maxsize=8192)
def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def normalise_code(code: str) -> str | None:
    code = code.strip().upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def identify(tx: Transaction, row: TableRow, creds: Credentials, now: float) -> Viewer:
    """The viewer `creds` make at this table. `tx` may be a store transaction or a shared TableRead
    (companion/engine/reading.py), which answers the same questions."""
    code = row.code
    seat_row = tx.seat_by_token(code, token_hash(creds.seat_token)) if creds.seat_token else None
    is_host = bool(creds.host_token) and secrets.compare_digest(token_hash(creds.host_token), row.host_token_hash)
    is_board = is_host or (bool(creds.board_token) and any(
        secrets.compare_digest(c.token_hash, token_hash(creds.board_token)) for c in tx.credentials(code, "board")))
    lost, claiming = None, None
    if creds.seat_token and seat_row is None:
        mine = token_hash(creds.seat_token)
        for kind in ("moved", "removed"):
            old = next((c for c in tx.credentials(code, kind) if c.token_hash == mine), None)
            if old is not None:
                lost = (kind, old.at)
        claim = next((c for c in tx.credentials(code, "claim")
                      if c.token_hash == mine and now - c.at < CLAIM_SECONDS), None)
        claiming = claim.seat_id if claim else None
    return Viewer(Seat(seat_row.seat_id, seat_row.name) if seat_row else None, is_host, is_board, lost, claiming)


def lost_seat_refusal(viewer: Viewer) -> Forbidden:
    """What a phone whose seat is gone is told, in words, instead of a bare join form."""
    if viewer.lost_seat and viewer.lost_seat[0] == "moved":
        return SeatMoved(N_("Your seat moved to another phone at %(time)s; if that was not you, tell the host."),
                         time=clock_time(viewer.lost_seat[1]))
    if viewer.lost_seat and viewer.lost_seat[0] == "removed":
        return SeatMoved(N_("The host removed your seat at %(time)s. Join again if you want to play."),
                         time=clock_time(viewer.lost_seat[1]))
    return SeatMoved(N_("This phone has no seat at this table any more. Join again."))
