"""The frame around a game's section (templates/table/_view.html and its includes: the claims, the
seats, a finished game's result), made from plain values (`frame_values`), which are its rendering's
key, and rendered from FrameInputs made out of those values alone (`frame_inputs`), only when no
rendering is kept for them.

Why values first: a frame changes only when the seats, the claims or a game's end change, so after
nearly every tap each screen's frame is found, not made. Found through its inputs, each screen made
three frozen dataclasses and had pickle write them and six Seats field by field, in Python (7.5 µs
a screen, two frames a tap); the values are written by pickle in C (1.2 µs). Secrecy by structure
holds as before (web/sections.py): the template reads the inputs, the inputs are made from the
values and nothing else, and the values are the key, so two screens share a frame only when all it
could read is equal."""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from ..games.base import Seat
from .marks import NOW_MARK, PLAYED_MARK, SECTION_MARK, VERSION_MARK

FRAME_TEMPLATE = "table/_view.html"
NOT_STARTED = ("lobby", "setup", "waiting")   # the games' phases before their first turn


@dataclass(frozen=True)
class ViewerFlags:
    """What the frame around the section may know of its viewer: not who it is."""
    is_host: bool
    is_board: bool
    seated: bool


@dataclass(frozen=True)
class FrameSnap:
    """What the frame may read of the snapshot."""
    version: int
    game_number: int
    now: float
    seats: tuple[Seat, ...]
    viewer: ViewerFlags
    claims: list
    result: dict | None


@dataclass(frozen=True)
class FrameInputs:
    """Everything the frame is rendered from (its template's context, with `game`)."""
    game_id: str
    role: str
    code: str
    language: str
    join_url: str
    under_way: bool   # the board folds the QR code and the seats into drawers (under_way below)
    snap: FrameSnap
    section: Markup   # SECTION_MARK: the section's HTML is put in its place afterwards (fill_in)
    played: Markup    # PLAYED_MARK: the undo and the table's log, likewise (played_html)


def frame_values(snap, role: str, join_url: str, language: str) -> tuple:
    """Everything a viewer's frame is made from, as plain values (str, numbers, bools, and the
    claims' and result's lists and dicts): the viewer's flags (what it may do, not who it is) and
    each seat as its id and name. Equal values (and version and clock) give equal HTML."""
    facts = snap.facts
    folded = role == "board" and under_way(snap.view, snap.seats)
    return (snap.game.id, role, snap.code, language, join_url, folded,
            snap.game_number, tuple((seat.id, seat.name) for seat in snap.seats),
            facts.is_host, facts.is_board, facts.seated, snap.claims, snap.result)


def frame_inputs(values: tuple) -> FrameInputs:
    """The frame's inputs made from `frame_values` alone; the version, the clock, the section and
    what was played left as their marks (web/marks.py fill_in)."""
    (game_id, role, code, language, join_url, folded, game_number, seats, is_host, is_board, seated, claims,
     result) = values
    snap = FrameSnap(VERSION_MARK, game_number, NOW_MARK, tuple(Seat(seat_id, name) for seat_id, name in seats),
                     ViewerFlags(is_host, is_board, seated), claims, result)
    return FrameInputs(game_id, role, code, language, join_url, folded, snap, SECTION_MARK, PLAYED_MARK)


def under_way(view: dict, seats) -> bool:
    """Whether the table's game has begun, so the board gives the round its screen and folds what
    joining needs into a drawer. A game says it by its phase; CommuniCat by a round dealt or played;
    a game with neither (the Toolbox) once someone has joined."""
    if "phase" in view:
        return view["phase"] not in NOT_STARTED
    if "in_round" in view:
        return bool(view["in_round"] or view.get("history") or view.get("finished"))
    return bool(seats)
