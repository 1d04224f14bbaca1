"""What a game is: data plus pure functions (modelled on boardgame.io's game object).

- `setup(options, ctx) -> state`: a JSON-able dict;
- `moves`: name -> Move(fn, fields, who); `fn(state, ctx, **fields)` changes the state in place or
  raises RuleError / BadInput with a sentence a player understands;
- `view(state, ctx) -> dict`: what the viewer in `ctx` may see (`ctx.seat is None` is the board);
  or, for a game that declares `own_view`, what everyone may see, with each seat's own part
  (`own_view(state, ctx)`, a secret hand) beside it under OWN_VIEW (Game.viewer_view).
  Templates and view.json only ever receive a view, never the raw state, so a secret cannot reach the
  wrong screen by accident.
No Flask and no I/O here: the table engine (companion/engine/) does the loading and saving.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
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
    # The viewer may see what the shared board shows on purpose (a secret a one-device group asked
    # the board to show): the host's screen or a screen the host paired as a board. A device that
    # merely opens the board's address watches without it.
    is_board: bool = False
    rng: random.Random | None = None  # only for moves and setup; views never roll dice
    # Views only: the records of this game's finished games at every table (newest first, see
    # companion/records.py), read by the pipeline for a game whose `shows_records` asks for them.
    # A view never reads another table itself. None elsewhere (moves, setup, unit tests).
    records: list[dict] | None = None
    # The seats the host chose to play this game when setting it up (ids, in their order), or None:
    # every seat. A game with fewer places than people deals in `players`, not `seats`.
    chosen: tuple[int, ...] | None = None

    @property
    def players(self) -> list[Seat]:
        """The seats that play this game: the host's choice (those still seated), else every seat."""
        if self.chosen is None:
            return list(self.seats)
        by_id = {s.id: s for s in self.seats}
        return [by_id[i] for i in self.chosen if i in by_id]

    def seat_named(self, seat_id: int) -> Seat | None:
        return next((s for s in self.seats if s.id == seat_id), None)

    def name_of(self, seat_id: int | None) -> str:
        seat = self.seat_named(seat_id) if seat_id is not None else None
        return seat.name if seat else "someone"


STALE_CHOICES = ("apply", "refuse")


@dataclass(frozen=True)
class Move:
    """One move and what the pipeline needs to treat it fairly. `stale` and `reveals` have no
    default on purpose: a game's author must decide them for every move (docs/games/*.md lists them).

    - `who`: "anyone" (a seat, or a device holding the board credential), "seat" (a joined phone)
      or "host" (the table's creator).
    - `stale`: what happens when the tapping screen showed an older version of the table.
      "apply": the move does not depend on what the player saw beyond what its rules check again
      now (adding points, a counter, one's own pad or vote, a roll, a draw, starting a timer): it is
      applied to the table as it is now, so a refusal means the rules say no, never that someone
      was quicker. "refuse": its meaning depends on the table the player saw (advancing a round or
      a turn, resolving, dealing, a rematch, an absolute correction): a stale version is refused
      with the fresh table and what happened meanwhile, so two devices pressing the same flow move
      apply it once.
    - `reveals`: whether its result showed anyone something hidden (a deal, a draw, the masks a cat
      card earns, a guess's answer). Undoing such a move would be a free look, so only the host may
      take it back (and every undo is written in the log on every screen). Other moves may be taken
      back by whoever made them, or the host. `reveals="draws"`: only when this time it drew from
      the table's random source (a We Love Cats result that adopts from the bag reveals the next
      cat; one that passes a cat reveals nothing, and its mis-tap stays the player's to undo).
    - `preview`: optional `(state, ctx, **fields) -> dict`, what the move would do, changing
      nothing, so a form can show its result before it is applied (GET /t/<code>/preview/<move>).
    """
    fn: Callable[..., Any]
    fields: Mapping[str, Field] = field(default_factory=dict)
    who: str = "anyone"
    stale: str = field(default=None, kw_only=True)      # required: "apply" | "refuse"
    reveals: bool | str = field(default=None, kw_only=True)   # required: True | False | "draws"
    preview: Callable[..., dict] | None = field(default=None, kw_only=True)
    # A rematch: the game that ended is over and kept, and the table plays a new game (its own id,
    # its own record). Only such a move, or the host's switch, starts one after a game has ended.
    new_game: bool = field(default=False, kw_only=True)

    def __post_init__(self):
        if self.who not in WHO_CHOICES:
            raise TypeError(f"Move {self.fn.__name__}: who must be one of {WHO_CHOICES}")
        if self.stale not in STALE_CHOICES:
            raise TypeError(f"Move {self.fn.__name__}: declare stale='apply' or stale='refuse'")
        if not (isinstance(self.reveals, bool) or self.reveals == "draws"):
            raise TypeError(f"Move {self.fn.__name__}: declare reveals=True, False or \"draws\"")

    def undo_by(self, drew: bool) -> str:
        """Who may take it back: "host" only, or "actor" (whoever made it, and the host). `drew`:
        whether that time the move drew from the table's random source."""
        return "host" if self.reveals is True or (self.reveals == "draws" and drew) else "actor"


WHO_CHOICES = ("anyone", "seat", "host")


@dataclass(frozen=True)
class InPlay:
    """How a table of a game comes into play, as a group brings it there: the options the table is
    made with (the new-table form's fields), who sits down (names, in joining order), and the
    board's moves after that (a field value "@Ann" is Ann's seat id). Every cross-game test and
    benchmark (fair play, accessibility, page weight, fuzzing) starts a game this way, so a new
    game declares it once, beside its rules."""
    options: Mapping[str, Any] = field(default_factory=dict)
    seats: tuple[str, ...] = ("Ann", "Bob", "Cy")
    moves: tuple[tuple[str, Mapping[str, str]], ...] = ()

    def fields(self, move_fields: Mapping[str, str], seat_ids: Mapping[str, int]) -> dict[str, str]:
        """A move's fields with each "@Name" replaced by that seat's id."""
        return {k: str(seat_ids[v[1:]]) if isinstance(v, str) and v.startswith("@") else v
                for k, v in move_fields.items()}


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
    # the state, so a table's history (companion/records.py) can only hold what the board already
    # shows: no secret can reach the record or its export. None: the game keeps no results (Toolbox).
    standing: Callable[[dict], dict | None] | None = None
    # (standing may add "members": {side: [people's names]} when its players are teams, such as
    # CommuniCat's Together or Blue and Orange, so an evening's tally credits the people on each side;
    # and "details": a small dict of what else the board shows about the result, such
    # as a solo card's level and target; it is kept in the record.)
    # shows_records(state) -> bool: this table's view shows records of this game from every table
    # (Pack the Essentials' Purr-sonal Best, solo only); the pipeline then reads them into ctx.records.
    shows_records: Callable[[dict], bool] | None = None
    # The most seats that can play it (None: any number): with more people seated, the host picks
    # who plays when setting it up (the `players` field of the switch), the others watch.
    most_players: int | None = None
    # Its templates read who the viewer is (`snap.viewer`: a seat's own id in a secret's cover, the
    # host's own controls): their sections are rendered per viewer. Otherwise a section is shared by
    # every viewer whose view is equal (companion/web/sections.py), and `snap.viewer` is None there.
    sections_read_viewer: bool = False
    # Its view may differ by who looks (a seat's own cards, the host's controls): `view` is given the
    # viewer's seat, host and board in its ctx. False: `view` is given none of them (ctx.seat is None,
    # as for the board), so every viewer's view of a moment is the same by construction, and the
    # engine makes it once for all of a table's screens (companion/engine/snapshots.py).
    view_reads_viewer: bool = True
    # A seat's own part of its view (a hand of secret cards), or None: `own_view(state, ctx)` is
    # given the seat's ctx and is what only that seat sees, put in its view under OWN_VIEW; `view` is
    # then given no viewer (ctx.seat None, as for the board) and is what everyone sees. So what one
    # seat sees and another does not is apart by structure, and the engine makes everyone's part once
    # for all of a table's screens and only the seat's own part per seat (engine/snapshots.py).
    own_view: Callable[[dict, Ctx], dict | None] | None = None
    # How a table of it comes into play (InPlay above), for every cross-game test and benchmark.
    in_play: InPlay = field(default_factory=InPlay)
    # The pages ("seat", "board") that lay a secret face down (templates/_secret.html): they load
    # static/js/secret.js, which covers it again after a few seconds.
    secret_screens: tuple[str, ...] = ()
    # Where it stands in the home page's list (lower first).
    order: int = 100
    # Keys a game view must not use: the page adds them itself.
    RESERVED = ("version", "game", "game_number", "seats", "seat")

    def viewer_view(self, state: dict, ctx: Ctx) -> dict:
        """The whole view of `ctx`'s viewer, as the engine makes it (engine/snapshots.py game_view)."""
        if self.own_view is None:
            return self.view(state, ctx)
        everyone = self.view(state, replace(ctx, seat=None, is_host=False, is_board=False))
        return with_own(everyone, self.own_view(state, ctx) if ctx.seat is not None else None)


OWN_VIEW = "mine"   # where a seat's own part of its view is (Game.own_view); None for other viewers


def with_own(everyone: dict, own: dict | None) -> dict:
    """A viewer's view: what everyone sees, and its own part under OWN_VIEW (a new dict: everyone's
    part is shared by every screen of the moment and never changed)."""
    if OWN_VIEW in everyone:
        raise ValueError(f"a game's view for everyone must leave {OWN_VIEW!r} to each seat's own part")
    return {**everyone, OWN_VIEW: own}
