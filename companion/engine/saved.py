"""A table as the store keeps it, and the context its game's functions get.

A saved state is the game's own state with the engine's part beside it under ENGINE_KEY: the random
source (randomness.py), the running record and the game's id at the table (companion/records.py),
and the seats the host chose to play. The game never sees the engine's part."""
from __future__ import annotations

from .. import games, json_text, records
from ..games.base import Ctx, Seat
from ..storage.interface import SeatRow, TableRow, Transaction
from .errors import TableNotFound

ENGINE_KEY = "_engine"


def split_state(stored: dict) -> tuple[dict, dict]:
    """A saved state as (the game's state, the engine's part). `stored` is taken apart in place (it
    was parsed for this use alone)."""
    engine = stored.pop(ENGINE_KEY, None)
    return stored, engine if isinstance(engine, dict) else {}


def saved_state(state: dict, engine: dict) -> str:
    """The JSON saved for the table and its event: the game's state with the engine's part."""
    return json_text.dumps({**state, ENGINE_KEY: engine})


def load_table(tx: Transaction, code: str) -> tuple[TableRow, games.Game]:
    row = tx.get_table(code)
    if row is None:
        raise TableNotFound(code)
    game = games.get(row.game)
    if game is None:  # a table of a game removed since: treat as gone
        raise TableNotFound(code)
    return row, game


def seats_of(rows: list[SeatRow]) -> list[Seat]:
    return [Seat(r.seat_id, r.name) for r in rows]


def table_ctx(viewer, seats: list[Seat], now: float, engine: dict, **more) -> Ctx:
    """The context a game's functions get at this table: who (a Viewer; None: the board's own view,
    as a record reads it), the seats, and the seats the host chose to play this game."""
    chosen = engine.get(records.PLAYERS)
    who = {"seat": viewer.seat, "is_host": viewer.is_host, "is_board": viewer.is_board} if viewer else {"seat": None}
    return Ctx(seats=seats, now=now, chosen=tuple(chosen) if chosen is not None else None, **{**who, **more})
