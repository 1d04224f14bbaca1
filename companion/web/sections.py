"""A game's section of a view (games/<id>/board.html or seat.html), rendered once per distinct input
and shared.

After a change every event stream of the table renders its own viewer's view, and the game's section
is most of that work (about nine tenths of a Toolbox seat view). Most viewers of one table version
see the same section: every board, and every seat of a game whose view does not differ by seat.
So the section is rendered from a small context that holds only what it may read, and kept under a
digest of exactly that context: two viewers share a rendering only when everything it was made from
is equal. The game's `view` is in the digest, and the view is where a game puts what one seat may
see and another may not (companion/games/base.py): sharing cannot carry a secret across seats.

The section's context: `view`, `game`, `code`, `role`, and `snap` reduced to the version and the
seats, plus the viewer for a game whose templates read `snap.viewer` (found by reading the
templates, once per game: such a section is then kept per viewer). The rest of the page (claims,
undo, the table log, the join QR code) differs by viewer and is rendered around it each time.
"""
from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from flask import current_app, render_template
from jinja2 import pass_context
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
    seats: tuple[Seat, ...]
    viewer: Viewer | None = None  # only for a game whose templates read it (reads_viewer)


class Renderings:
    """Rendered sections by digest; the least recently used go first."""

    def __init__(self, most: int):
        self.most = most
        self._kept: OrderedDict[bytes, Markup] = OrderedDict()
        self._lock = threading.Lock()
        self.rendered = self.shared = 0  # counted for bench/live.py's figures

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


@lru_cache(maxsize=None)
def reads_viewer(game_id: str) -> bool:
    """Whether the game's templates (or the shared ones they import) read `snap.viewer`."""
    loader = current_app.jinja_env.loader
    names = [n for n in loader.list_templates() if n.startswith(f"games/{game_id}/")] + list(SHARED_TEMPLATES)
    return any("snap.viewer" in loader.get_source(current_app.jinja_env, n)[0] for n in names)


def section_key(snap, role: str, game, code: str, view: dict) -> tuple[bytes | None, SectionSnap]:
    """The digest of everything the section is rendered from, and its reduced snapshot. The digest
    is None when the view cannot be written down exactly (then the section is rendered apart)."""
    viewer = snap.viewer if reads_viewer(game.id) else None
    reduced = SectionSnap(snap.version, tuple(snap.seats), viewer)
    try:
        view_text = json.dumps(view, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        return None, reduced
    who = None if viewer is None else [viewer.seat.id if viewer.seat else None,
                                       viewer.seat.name if viewer.seat else None, viewer.is_host, viewer.is_board]
    head = json.dumps([game.id, role, request_language(), code, snap.version,
                       [[s.id, s.name] for s in snap.seats], who], separators=(",", ":"))
    return hashlib.blake2b(f"{head}\n{view_text}".encode(), digest_size=16).digest(), reduced


@pass_context
def game_section(context) -> Markup:
    """{{ game_section() }} in templates/table/_view.html: this viewer's game section."""
    snap, role, game, code, view = (context["snap"], context["role"], context["game"], context["code"],
                                    context["view"])
    renderings: Renderings = current_app.extensions["sections"]
    key, reduced = section_key(snap, role, game, code, view)
    html = renderings.get(key) if key is not None else None
    if html is None:
        html = Markup(render_template("table/_section.html", view=view, game=game, code=code, role=role,
                                      snap=reduced))
        if key is not None:
            renderings.put(key, html)
    return html


def register(app) -> None:
    app.extensions["sections"] = Renderings(SECTIONS_KEPT)
    app.jinja_env.globals["game_section"] = game_section
