"""What a game is: data plus pure functions (modelled on boardgame.io's game object).

- `setup(options, ctx) -> state`: a JSON-able dict;
- `moves`: name -> Move(fn, fields, who); `fn(state, ctx, **fields)` changes the state in place or
  raises RuleError / BadInput with a sentence a player understands;
- `view(state, ctx) -> dict`: what the viewer in `ctx` may see (`ctx.seat is None` is the board).
  Templates and view.json only ever receive a view, never the raw state, so a secret cannot reach the
  wrong screen by accident.
No Flask and no I/O here: the table pipeline (companion/tables.py) does the loading and saving.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..fields import Field


@dataclass(frozen=True)
class Seat:
    id: int
    name: str


@dataclass
class Ctx:
    """Who is acting or looking, when, and with which dice."""
    seat: Seat | None            # None: the shared board
    seats: list[Seat]            # every joined seat, in joining (= seating) order
    now: float                   # seconds since the epoch, the server's clock
    is_host: bool = False
    rng: random.Random | None = None  # only for moves and setup; views never roll dice
    # Views only: reads the current states of this game's tables (newest first), for records kept
    # across tables. None outside a page view (moves, setup, unit tests).
    states_of_game: Callable[[], list[dict]] | None = None

    def seat_named(self, seat_id: int) -> Seat | None:
        return next((s for s in self.seats if s.id == seat_id), None)

    def name_of(self, seat_id: int | None) -> str:
        seat = self.seat_named(seat_id) if seat_id is not None else None
        return seat.name if seat else "someone"


@dataclass(frozen=True)
class Move:
    fn: Callable[..., Any]
    fields: Mapping[str, Field] = field(default_factory=dict)
    # "anyone": the board or any seat; "seat": a joined phone; "host": the table's creator.
    who: str = "anyone"
    # Who may take it back: "actor" (the seat that made it, and the host) or "host" only, for a move
    # whose result informs the player (a guess answered): undoing it would be a free question.
    undo: str = "actor"
    # Optional `(state, ctx, **fields) -> dict`: what the move would do, changing nothing, so a form
    # can show its result before it is applied (GET /t/<code>/preview/<move>). Same fields.
    preview: Callable[..., dict] | None = None


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    blurb: str
    players: str
    setup: Callable[[dict, Ctx], dict]
    moves: Mapping[str, Move]
    view: Callable[[dict, Ctx], dict]
    options: Mapping[str, Field] = field(default_factory=dict)
    # standing(board_view) -> {"players": [names], "round": int, "scores": {name: int} | None,
    # "over": bool, "winners": [names], and optionally "places": {name: 1, 2, ...} when the game ranks
    # every player (ties share a place)} or None before play starts. It reads the board's view, never
    # the state, so a table's history (companion/tables.py) can only hold what the board already
    # shows: no secret can reach the record or its export. None: the game keeps no results (Toolbox).
    standing: Callable[[dict], dict | None] | None = None
    # Keys a game view must not use: the page adds them itself.
    RESERVED = ("version", "game", "seats", "seat")
