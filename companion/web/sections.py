"""Rendering a viewer's view once for everyone who sees the same thing.

After a change, every screen of a table wants its own view of the same version, and most of them see
the same thing: every board, and every seat of a game whose view does not differ by seat. So a view
is rendered as
- the game's section (templates/games/<id>/board.html or seat.html, rendered as it is: an include
  around it made a context more per rendering; or laid out in Python, below), from a
  SectionInputs: the game, the role, the table code, the language, the version, the game's id at
  the table, the seats, the game's `view` and, only for a game that declares
  `sections_read_viewer` (companion/games/base.py Game), the viewer; nine tenths of a Toolbox seat
  view's work;
- the frame around it (templates/table/_view.html: claims, seats, a finished game's result), from
  plain values that say what the viewer may do (host, board, seated) but not who it is (web/frame.py);
- what was played (`played_html`): the undo and the table's log, two parts of their own, as they
  change with play while the frame around them does not: the first move of a game, or a move by
  someone other than the last mover, would otherwise render every frame again (the undo names the move
  and who made it, and only its maker may take it back).

Secrecy by structure: a template is given the fields of its inputs object and nothing else, and the
rendering is kept under a digest of every one of those fields, found by walking the dataclass
(`digest`, web/renderings.py, where the renderings are kept); a frame's inputs are made from the
plain values that are its key, and from nothing else (web/frame.py). So two viewers share a rendering
only when everything it could read is equal, and a field added to an inputs class is in the key
without touching any list. The game's `view` is among the section's inputs, and the view is where a
game puts what one seat may see and another may not: sharing cannot carry a secret across seats.

What every viewer of a version shares and no rendering depends on is left out of the key and filled
in last (web/marks.py `fill_in`): the version the forms send back and the server's clock. A
rendering holds a mark where they go, and the frame holds marks where the section and what was
played go. So after a tap only what the tap changed is rendered again (a die roll: the seats'
section and the board's, not their frames), and a rendering is kept across versions. A mark is an
HTML comment, which player-typed text cannot spell (web/marks.py).

Inside a section, a piece that other sections show alike or that a change leaves alone (the dice,
each line of a log, a Toolbox part's block) is a part (given.py's `part`): a template rendered from
the values the section hands it, or a macro called with them, in the section's language, which is
all it can read, and kept under their digest like a section. A part with forms is handed where they
go (forms.place_of). So after a roll only what the roll changed is made again, not the whole section.
A section that is nothing but parts in order (the Toolbox's, Cloaked Cats') has no template: it is
laid out in Python from its inputs (LAID_OUT_IN_PYTHON, web/toolbox_section.py,
web/cloaked_cats_section.py) and not kept, since joining parts already kept costs less than running
a template and taking the digest of its whole HTML. While one change's screens are given their
views, a part asked for again with the very objects it was made from is found by their identity
(renderings.one_change): every screen's view of a read is made of the same objects.

Where each phone has blocks of its own and shares the rest (Cloaked Cats: a hand; OWN_BLOCKS), a
phone's view is made in two: the view every phone shares (`shared_view`), from inputs that hold no
viewer and no seat's own part, with a mark where each own block goes, and the phone's own blocks
(`own_blocks`), from its own inputs; web/events.py makes the first once a change for all the phones.

Rendering itself is Jinja's (renderings.py `render`), with what given.py makes once per language
(gettext, `ui`, `part`, modules of macros) beside the inputs' fields, rather than
flask.render_template per rendering: issue 29 found sections a third of a busy server's CPU
(bench/render_cpu.py measures one).
"""
from __future__ import annotations

from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Callable

from flask import Flask, current_app, g, request, url_for
from markupsafe import Markup
from werkzeug.routing import MapAdapter

from ..engine import Viewer
from ..games.base import OWN_VIEW, Seat
from . import cloaked_cats_section, toolbox_section
from .frame import FRAME_TEMPLATE, frame_inputs, frame_values
from .i18n import request_language
from .marks import NOW_MARK, OWN_MARKS, UNDO_MARK, VERSION_MARK, fill_in, fill_in_data, with_own_blocks
from .renderings import SECTIONS_KEPT_CHARACTERS, Renderings, written_by_fields


@dataclass(frozen=True)
class SectionSnap:
    """What a game's section may read of the snapshot (as `snap`). `version` is VERSION_MARK when
    rendered for a view: the forms' version is filled in afterwards."""
    version: int | Markup
    game_number: int
    seats: tuple[Seat, ...]
    viewer: Viewer | None = None  # only for a game that declares sections_read_viewer


@dataclass(frozen=True)
class SectionInputs:
    """Everything a game's section is rendered from: the template's context is these fields (and
    `game`, the registry entry `game_id` names)."""
    game_id: str
    role: str
    code: str
    language: str
    snap: SectionSnap
    view: dict


# Every class a rendering's key is made of, written by its fields (renderings.written_by_fields).
written_by_fields(SectionSnap, SectionInputs, Seat, Viewer)


@dataclass(frozen=True)
class ViewContext:
    """What rendering a view takes from the request that asked for it, fixed once: the app, the
    language, the table's join address and the request's URL adapter (a game's section may link a
    static file). An event stream takes it when it opens and renders each event's view with it, with
    no request at all: a kept rendering needs no context, and making one needs only an app context
    (pushed around it alone, so it never stays pushed across the stream's yields). A request per
    event, with its language chosen again, was a tenth of an event's cost."""
    app: Flask
    language: str
    join_url: str
    url_adapter: MapAdapter | None

    @classmethod
    def of_request(cls, join_url: str) -> "ViewContext":
        app = current_app._get_current_object()
        return cls(app, request_language(), join_url, app.create_url_adapter(request))

    @contextmanager
    def rendering(self):
        context = self.app.app_context()
        context.url_adapter = self.url_adapter   # url_for builds this stream's request's paths
        with context:
            g.language = self.language   # i18n.select_locale takes it: Flask-Babel asks it once per context
            yield


def view_section_inputs(snap, role: str, language: str) -> SectionInputs:
    """What a viewer's game section is rendered from, holding only what its template may read.
    Equal inputs (and version and clock) give equal HTML. A phone of a game whose seats' sections
    are shared (OWN_BLOCKS) is given no viewer and no own part: its own blocks are made apart
    (own_blocks)."""
    game, facts = snap.game, snap.facts
    if has_own_blocks(game.id, role):
        viewer, view = None, {key: value for key, value in snap.view.items() if key != OWN_VIEW}
    else:
        viewer = facts.who if game.sections_read_viewer else None   # the whole viewer then (ViewerFacts.who)
        view = snap.view
    return section_inputs(snap, role, language, viewer, view)


def section_inputs(snap, role: str, language: str, viewer, view: dict) -> SectionInputs:
    """The inputs a section (or a phone's own blocks) is made from: `viewer` and `view` as the
    caller may give them (view_section_inputs, own_blocks), the version left as its mark."""
    return SectionInputs(snap.game.id, role, snap.code, language,
                         SectionSnap(VERSION_MARK, snap.game_number, tuple(snap.seats), viewer), view)


def view_html(snap, role: str, join_url: str, context: ViewContext | None = None) -> Markup:
    """The viewer's whole view (templates/table/_view.html): what it shares with every viewer whose
    inputs are equal (shared_view), with its own blocks in their places (own_blocks). In a request
    without `context`; else from `context` alone (an event stream)."""
    shared = shared_view(snap, role, join_url, context)
    if not has_own_blocks(snap.game.id, role):
        return shared
    return Markup("".join(with_own_blocks(OWN_MARKS.split(shared), own_blocks(snap, role, context))))


def rendering_with(context: ViewContext | None) -> tuple[Renderings, str, object]:
    """The renderings, the language and what to enter to make a rendering: from the request without
    `context`, else from `context` alone."""
    if context is None:
        return current_app.extensions["sections"], request_language(), nullcontext
    return context.app.extensions["sections"], context.language, context.rendering


def shared_view(snap, role: str, join_url: str, context: ViewContext | None = None) -> Markup:
    """The view every viewer with this one's inputs shares: its game section, then the frame around
    it, each rendered from only what it may read (view_section_inputs; the frame's values, frame.py)
    and shared by every viewer for whom that is equal; then the version, the clock and the section
    filled in. Where a phone's own blocks go it holds their marks (OWN_MARKS)."""
    return fill_in(*view_renderings(snap, role, join_url, context), snap.version, snap.now)


def shared_view_data(snap, role: str, join_url: str,
                     context: ViewContext | None = None) -> list[bytes] | None:
    """shared_view's HTML as an event's data, in pieces (marks.fill_in_data), or None where it must
    be made whole."""
    return fill_in_data(*view_renderings(snap, role, join_url, context), snap.version, snap.now)


def view_renderings(snap, role: str, join_url: str,
                    context: ViewContext | None) -> tuple[Markup, Markup, Markup]:
    """The frame, the section and what was played that shared_view fills in."""
    renderings, language, around = rendering_with(context)
    section = section_html(renderings, view_section_inputs(snap, role, language), around)
    frame = renderings.made_from(FRAME_TEMPLATE, frame_values(snap, role, join_url, language), frame_inputs, around)
    played = played_html(renderings, snap, role, language, around, undo_apart=has_own_blocks(snap.game.id, role))
    return frame, section, played


def has_own_blocks(game_id: str, role: str) -> bool:
    """Whether this screen's view is one every phone of the game shares, with its own blocks apart."""
    return role == "seat" and game_id in OWN_BLOCKS


def own_blocks(snap, role: str, context: ViewContext | None = None) -> dict[str, str]:
    """The viewer's own blocks (OWN_BLOCKS), by their marks, the version and the clock filled in: made
    from the viewer's own inputs, seat and own part of the view included."""
    renderings, language, around = rendering_with(context)
    inputs = section_inputs(snap, role, language, snap.facts.who, snap.view)
    blocks = OWN_BLOCKS[snap.game.id](inputs, Parts(renderings, language, around))
    blocks[UNDO_MARK] = undo_html(renderings, snap, role, language, around)   # only the last mover may take it back
    version, now = str(int(snap.version)), str(int(snap.now * 1000))
    return {mark: str.replace(str.replace(block, VERSION_MARK, version), NOW_MARK, now)
            for mark, block in blocks.items()}


def played_html(renderings: Renderings, snap, role: str, language: str, around=nullcontext,
                undo_apart: bool = False) -> Markup:
    """The undo the viewer is offered (if any) and the table's log, each a part read from only what
    it shows: the move and who made it, and whether this viewer may take it back; the notices.
    `undo_apart`: the undo is one of the viewer's own blocks (own_blocks), here only its mark."""
    undo = UNDO_MARK if undo_apart else undo_html(renderings, snap, role, language, around)
    log = renderings.part("table/_table_log.html", None, language, (), {"notices": snap.notices}, around)
    return undo + log


def undo_html(renderings: Renderings, snap, role: str, language: str, around=nullcontext) -> Markup:
    """The undo the viewer is offered, if any: the last move, who made it, and whether this viewer
    may take it back. Nothing for every viewer who may not (all but the last mover, most often),
    without a part to find: its key took 5 µs a screen, a tenth of a Cloaked Cats phone's own blocks."""
    if not (snap.undo and snap.undo["allowed"]):   # the one place this is decided (_undo.html shows what it is given)
        return Markup("")
    return renderings.part("table/_undo.html", None, language, (),
                           {"code": snap.code, "role": role, "version": VERSION_MARK,
                            "game_number": snap.game_number, "undo": snap.undo}, around)


# Games whose section is laid out in Python from its parts rather than rendered by a template: a
# section that is nothing but parts already kept costs less joined here than run as a template and
# kept under its digest (toolbox_section.py says how much). Each is called with the section's inputs,
# `part` (given.py's, in the section's language), which enters the rendering's context only for a
# part it has to make, as most views find every part kept, and `laid_out(name, lay_out, *args)`, a
# piece of its own laid out in Python from `args` and parts, kept as a part is (Renderings.laid_out;
# with keep=False, only for the change's other views: a log, which nearly every move adds to).
LAID_OUT_IN_PYTHON = {"toolbox": toolbox_section.section, "cloaked-cats": cloaked_cats_section.section}

# Games whose phones' sections are one for every phone but for a few blocks of each phone's own (its
# secret, its turn, "(you)"): the section is laid out from everyone's part of the view with a mark
# where each such block goes (OWN_MARKS), and the blocks are made from the phone's own inputs
# (`own_blocks(inputs, part)`: its seat and own part of the view; the marks they fill). So after a
# change the phones of a table share one view, made once (web/events.py), and each is given only
# its own blocks: before, each phone's view was made whole, its frame and every part found again.
OWN_BLOCKS = {"cloaked-cats": cloaked_cats_section.own_blocks}


def section_html(renderings: Renderings, inputs: SectionInputs, around=nullcontext) -> Markup:
    """The game's section: laid out in Python from its parts (LAID_OUT_IN_PYTHON), or its template
    (section_template) rendered from `inputs`, or that rendering kept for equal inputs."""
    lay_out = LAID_OUT_IN_PYTHON.get(inputs.game_id)
    if lay_out is None:
        # A section that reads who its viewer is (Game.sections_read_viewer) is that viewer's own:
        # no other screen finds it, and after a change it is made again anyway, so it is not kept.
        # Its key was a seventh of a Cloaked Cats change when its section was such a template, and
        # 300 tables' own sections pushed the parts every screen shares out of the renderings.
        return renderings.render(section_template(inputs), inputs, around, keep=inputs.snap.viewer is None)
    language = inputs.language
    part = Parts(renderings, language, around)

    def laid_out(name: str, piece, *args, keep: bool = True) -> Markup:
        return renderings.laid_out(name, language, args, lambda: piece(*args, part), keep)
    return lay_out(inputs, part, laid_out)


# sections.section_html's `laid_out(name, piece, *args, keep=True)`: `piece(*args, part)` kept as a
# part is (Renderings.laid_out), for the game modules' type hints.
LaidOut = Callable[..., Markup]


class Parts:
    """A section's parts in its language, for a section laid out in Python (LAID_OUT_IN_PYTHON,
    OWN_BLOCKS): `part(template, macro, *args, **values)` as given.py's `part` in a template
    (Renderings.part), and `part.each(template, macro, items, name)` a part for each of a list
    (Renderings.each). `around`: what to enter to make one (rendering_with)."""
    __slots__ = ("renderings", "language", "around")

    def __init__(self, renderings: Renderings, language: str, around):
        self.renderings, self.language, self.around = renderings, language, around

    def __call__(self, template: str, macro: str | None = None, *args, **values) -> Markup:
        return self.renderings.part(template, macro, self.language, args, values, self.around)

    def each(self, template: str, macro: str | None, items: list, name: str = "") -> list[Markup]:
        return self.renderings.each(template, macro, self.language, items, name, self.around)


def section_template(inputs: SectionInputs) -> str:
    """The game's template for the role: the section's whole HTML."""
    return f"games/{inputs.game_id}/{inputs.role}.html"


def relative_url_for(endpoint: str, **values) -> str:
    """url_for as templates use it: a path on this site wherever the view is rendered (outside a
    request, as in an event stream, Flask's would write the whole address)."""
    values.setdefault("_external", False)
    return url_for(endpoint, **values)


def register(app) -> None:
    app.extensions["sections"] = Renderings(SECTIONS_KEPT_CHARACTERS)
    app.jinja_env.globals["url_for"] = relative_url_for
