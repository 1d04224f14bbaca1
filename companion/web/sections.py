"""A viewer's view rendered in two parts, each from only what it may read, and each rendering shared
by every viewer whose part is made from the same inputs.

After a change every event stream of the table renders its own viewer's view. Most viewers of one
table version see the same thing: every board, and every seat of a game whose view does not differ
by seat. So a view is rendered as
- the game's section (games/<id>/board.html or seat.html, through templates/table/_section.html),
  from `view`, `game`, `code`, `role` and a SectionSnap: the version, the seats, and the viewer
  only for a game whose templates read `snap.viewer` (found by reading them, once per game: such a
  section is kept per viewer). Nine tenths of a Toolbox seat view's work;
- the frame around it (templates/table/_view.html: claims, undo, the table log, seats, a finished
  game's result), from a FrameSnap that says what the viewer may do (host, board, seated) but not
  who it is, and the section's HTML.
Each part is kept under a digest of exactly its inputs, listed beside the render call, so two viewers
share a rendering only when everything it was made from is equal. The game's `view` is among the
section's inputs, and the view is where a game puts what one seat may see and another may not
(companion/games/base.py): sharing cannot carry a secret across seats. The undo offer and the claims
are among the frame's, so the player who moved (who may undo it) gets a frame of their own.
"""
from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from flask import current_app, render_template
from markupsafe import Markup

from ..games.base import Seat
from ..tables import Viewer
from .i18n import request_language

SECTIONS_KEPT = 1000  # renderings kept per process (a Toolbox seat's is about 10 KB)
SHARED_TEMPLATES = ("table/_macros.html", "_secret.html")  # what a game's templates import


@dataclass(frozen=True)
class SectionSnap:
    """What a game's section may read of the snapshot."""
    version: int
    game_number: int
    seats: tuple[Seat, ...]
    viewer: Viewer | None = None  # only for a game whose templates read it (reads_viewer)


@dataclass(frozen=True)
class ViewerFlags:
    """What the frame around the section may know of its viewer: not who it is."""
    is_host: bool
    is_board: bool
    seated: bool


@dataclass(frozen=True)
class FrameSnap:
    """What the frame around the section (templates/table/_view.html and its includes: claims,
    undo, the table log, seats, the finished game's result) may read of the snapshot."""
    version: int
    game_number: int
    now: float
    seats: tuple[Seat, ...]
    viewer: ViewerFlags
    claims: list
    notices: list
    result: dict | None
    undo: dict | None


class Renderings:
    """Renderings by digest; the least recently used go first."""

    def __init__(self, most: int):
        self.most = most
        self._kept: OrderedDict[bytes, Markup] = OrderedDict()
        self._lock = threading.Lock()
        self.rendered = self.shared = 0  # counted for tests and bench/live.py's figures

    def get(self, key: bytes) -> Markup | None:
        with self._lock:
            html = self._kept.get(key)
            if html is not None:
                self._kept.move_to_end(key)
                self.shared += 1
            return html

    def put(self, key: bytes, html: Markup) -> None:
        with self._lock:
            self.rendered += 1
            self._kept[key] = html
            while len(self._kept) > self.most:
                self._kept.popitem(last=False)

    def render(self, template: str, inputs: list, **context) -> tuple[bytes | None, Markup]:
        """`template` rendered from `context`, or the rendering kept for the same `inputs`: the
        caller lists in `inputs` everything `context` holds (the language is added here). Also
        the digest (None when the inputs cannot be written down exactly: then nothing is kept)."""
        try:
            text = json.dumps([template, request_language(), *inputs], separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError):
            return None, Markup(render_template(template, **context))
        key = hashlib.blake2b(text.encode(), digest_size=16).digest()
        html = self.get(key)
        if html is None:
            html = Markup(render_template(template, **context))
            self.put(key, html)
        return key, html


@lru_cache(maxsize=None)
def reads_viewer(game_id: str) -> bool:
    """Whether the game's templates (or the shared ones they import) read `snap.viewer`."""
    loader = current_app.jinja_env.loader
    names = [n for n in loader.list_templates() if n.startswith(f"games/{game_id}/")] + list(SHARED_TEMPLATES)
    return any("snap.viewer" in loader.get_source(current_app.jinja_env, n)[0] for n in names)


def seat_list(seats) -> list:
    return [[s.id, s.name] for s in seats]


def view_html(snap, role: str, join_url: str) -> Markup:
    """The viewer's whole view (templates/table/_view.html): its game section, then the frame around
    it, each rendered from a context that holds only what it may read and shared by every viewer
    whose context is the same."""
    renderings: Renderings = current_app.extensions["sections"]
    game, code = snap.game, snap.code
    viewer = snap.viewer if reads_viewer(game.id) else None
    who = None if viewer is None else [viewer.seat.id if viewer.seat else None,
                                       viewer.seat.name if viewer.seat else None, viewer.is_host, viewer.is_board,
                                       viewer.lost_seat, viewer.claiming]  # every field of the Viewer passed
    section_key, section = renderings.render(
        "table/_section.html", [game.id, role, code, snap.version, snap.game_number, seat_list(snap.seats), who,
                                snap.view],
        view=snap.view, game=game, code=code, role=role,
        snap=SectionSnap(snap.version, snap.game_number, tuple(snap.seats), viewer))
    flags = ViewerFlags(snap.viewer.is_host, snap.viewer.is_board, snap.viewer.seat is not None)
    frame = FrameSnap(snap.version, snap.game_number, snap.now, tuple(snap.seats), flags, snap.claims, snap.notices,
                      snap.result, snap.undo)
    inputs = [game.id, role, code, join_url, snap.version, snap.game_number, snap.now, seat_list(snap.seats),
              [flags.is_host, flags.is_board, flags.seated], snap.claims, snap.notices, snap.result, snap.undo,
              section_key.hex() if section_key else str(section)]
    return renderings.render("table/_view.html", inputs, snap=frame, game=game, code=code, role=role,
                             join_url=join_url, section=section)[1]


def register(app) -> None:
    app.extensions["sections"] = Renderings(SECTIONS_KEPT)
