"""The marks a kept rendering holds where what differs between views goes, and how a view is filled
in from them (web/sections.py says why renderings hold marks):

- the version and the server's clock, which every viewer of a version shares and no rendering's key
  holds (VERSION_MARK, NOW_MARK), and where the frame takes the game's section and what was played
  (SECTION_MARK, PLAYED_MARK): `fill_in`;
- where a phone's own blocks go in the view its table's phones share (OWN_MARKS, UNDO_MARK):
  `with_own_blocks`.

A mark is an HTML comment: player-typed text is escaped before it reaches a template, so it can never
spell one.
"""
from __future__ import annotations

import re
from functools import lru_cache

from markupsafe import Markup

VERSION_MARK = Markup("<!--@version-->")   # where the view's version goes (every action form has it)
NOW_MARK = Markup("<!--@now-->")           # where the server's clock goes, in ms (the page's timers)
SECTION_MARK = Markup("<!--@section-->")   # where the game's section goes in the frame
PLAYED_MARK = Markup("<!--@played-->")     # where the undo and the table's log go in the frame
OWN_MARKS = re.compile("(<!--@own-[a-z0-9-]+-->)")   # a mark no block fills is taken out
UNDO_MARK = Markup("<!--@own-undo-->")   # where a shared view takes the undo (played_html undo_apart)


def fill_in(frame: Markup, section: Markup, played: Markup, version: int, now: float) -> Markup:
    """A view from its renderings: the section and what was played in their places in the frame,
    then the version and the server's clock (ms) wherever they are marked."""
    section, played, version_text, now_text = _filled(section, played, version, now)
    cut = frame_cut(frame)
    if cut is None:
        whole = str.replace(str.replace(frame, SECTION_MARK, section, 1), PLAYED_MARK, played, 1)
        return Markup(str.replace(str.replace(whole, VERSION_MARK, version_text), NOW_MARK, now_text))
    return Markup("".join(_placed(cut, (section, played, version_text, now_text))))


def fill_in_data(frame: Markup, section: Markup, played: Markup, version: int,
                 now: float) -> list[bytes] | None:
    """fill_in's view as an event carries it (web/events.py changed_event), in pieces for the event
    to join: UTF-8, each line end followed by "data: ", made from the frame's pieces encoded so once
    (frame_data_cut) and only the section and what was played encoded for each view. Encoding the
    whole view took 4.3 µs (a frame of 7 KB whose symbols, ✗ ↑ ↶, make Python keep it two bytes a
    character) and prefixing its lines 1.6 µs more, for each of a change's views. None when a CR is
    in any of them: an event makes every CR a line end across the whole view (data_lines), which
    pieces cannot do apart."""
    cut = frame_data_cut(frame)
    section, played, version_text, now_text = _filled(section, played, version, now)
    if cut is None or "\r" in section or "\r" in played:
        return None
    return _placed(cut, (as_data(section), as_data(played), version_text.encode(), now_text.encode()))


def _placed(cut: tuple[list, tuple[tuple[int, int], ...]], values: tuple) -> list:
    """A frame's cut pieces with each mark's place given its value (in FILLED_MARKS' order)."""
    pieces, marks = cut
    filled = pieces.copy()
    for place, which in marks:
        filled[place] = values[which]
    return filled


def as_data(text: str) -> bytes:
    """`text` (with no CR) as an event's data: UTF-8, each line end followed by "data: "."""
    return text.encode().replace(b"\n", b"\ndata: ")


def _filled(section: Markup, played: Markup, version: int, now: float) -> tuple[str, str, str, str]:
    """The section and what was played with the version and the clock (ms) filled in, and those two."""
    version_text, now_text = str(int(version)), str(int(now * 1000))
    # str's own replace: nothing here needs escaping
    section = str.replace(str.replace(section, VERSION_MARK, version_text), NOW_MARK, now_text)
    played = str.replace(str.replace(played, VERSION_MARK, version_text), NOW_MARK, now_text)
    return section, played, version_text, now_text


# A frame cut at the marks fill_in fills, once for each frame: the frame is a kept rendering, the
# same for every change of a table until its seats change, and filling it by four replaces over
# its whole text (7 KB at a board, with a dozen marks) took 10 µs a view, a fiftieth of a tap;
# with its pieces joined, 3.2. Only the section and what was played (2 KB) are gone over for each
# view. Each is a whole rendering, so no mark is split between the frame and what fills it. The
# frames cut hold about 4-5 MB on a busy night (a board's frame and its pieces, 14 KB, a table).
FRAME_MARKS = re.compile("(<!--@(?:section|played|version|now)-->)")
FILLED_MARKS = (SECTION_MARK, PLAYED_MARK, VERSION_MARK, NOW_MARK)   # in the order of fill_in's values
FRAMES_CUT = 1024   # about two a table (its board's frame and its phones'), for a busy night's 300


@lru_cache(maxsize=FRAMES_CUT)
def frame_cut(frame: str) -> tuple[list[str], tuple[tuple[int, int], ...]] | None:
    """`frame`'s pieces (text at even places, marks at odd) and where each mark is, as (its place,
    its number in FILLED_MARKS); None for a frame with a section's or a log's mark twice (ours have
    each once), which fill_in fills as before, the first of each only."""
    pieces = FRAME_MARKS.split(frame)
    marks = tuple((place, FILLED_MARKS.index(pieces[place])) for place in range(1, len(pieces), 2))
    if sum(which == 0 for _, which in marks) > 1 or sum(which == 1 for _, which in marks) > 1:
        return None
    return pieces, marks


@lru_cache(maxsize=FRAMES_CUT)
def frame_data_cut(frame: str) -> tuple[list, tuple[tuple[int, int], ...]] | None:
    """frame_cut's pieces, each text piece as event data (as_data), once for each frame; None for a
    frame fill_in fills by replacing, or one that holds a CR (fill_in_data)."""
    cut = frame_cut(frame)
    if cut is None or "\r" in frame:
        return None
    pieces, marks = cut
    return [as_data(piece) if i % 2 == 0 else piece for i, piece in enumerate(pieces)], marks


def with_own_blocks(cut: list[str], blocks: dict[str, str]) -> list[str]:
    """A shared view cut at its own marks (OWN_MARKS.split: text at even places, marks at odd), with
    the viewer's blocks in their marks' places and every other mark taken out."""
    return [piece if i % 2 == 0 else blocks.get(piece, "") for i, piece in enumerate(cut)]
