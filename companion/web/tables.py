"""Table pages (board, seat, join), views, view.json, the preview and the QR code (the action
endpoints: acting.py).

Routes stay thin: they identify the viewer, call the pipeline in companion/tables.py and render the
viewer's own view. A page is either the board (seat=None, shows no secret) or a seat: the role comes
from the page, not from the cookie alone, so a host's tablet that also holds a seat still shows the
board as the board.
"""
from __future__ import annotations

import re
import secrets

from flask import Blueprint, Response, current_app, g, redirect, render_template, request, url_for

from flask_babel import gettext

from ..errors import N_, BadInput, Refusal
from ..fields import Int, parse
from ..engine.seating import NAME_FIELD
from ..engine import (Credentials, NameTaken, Snapshot, TableNotFound, Tables, Viewer, lost_seat_refusal,
                      normalise_code)
from .cookies import remember_table, set_table_cookie, table_cookie
from .groups import member_name_at_table
from .qr import qr_code_svg
from .sections import view_html
from .answers import error_page, refusal_answer, refusal_text, shaped
from .security import over_limit

bp = Blueprint("tables", __name__, url_prefix="/t/<code>")
VERSION_FIELD = {"version": Int(label=N_("version"), min=0, max=10**9)}
# The game a tap was meant for (every action form names it): a tap for an earlier one is refused.
GAME_FIELD = {"game_number": Int(label=N_("game"), min=1, max=10**9, required=False)}
ROLES = ("board", "seat")
VIEW_READS = {"tables.board", "tables.seat", "tables.view_partial", "tables.view_json", "tables.history_page",
              "tables.history_json", "tables.history_csv"}


# A page's tab: the id each table page is rendered with, which its event stream (?tab=) and its taps
# (the X-Tab header, while the stream is up: static/js/table.js) carry, so a tap's answer can leave
# out the view that page's stream already carries (answer_view). It names a page, not a person:
# it grants nothing, and a stream counts for a tap only with the tap's own role and cookies.
TAB = re.compile(r"[A-Za-z0-9_-]{1,32}")
TAB_REFUSED = N_("A page's tab id is 1 to 32 letters, digits, '-' or '_'; reload the page.")


def new_tab() -> str:
    return secrets.token_urlsafe(9)


def tab_given(value: str | None) -> str | None:
    """The tab id a request names (a stream's ?tab=, a tap's X-Tab), or None when it names none."""
    if value is None:
        return None
    if not TAB.fullmatch(value):
        raise BadInput(TAB_REFUSED)
    return value


def tables():
    return current_app.extensions["companion"]


@bp.url_value_preprocessor
def pull_code(_endpoint, values):
    g.code = normalise_code(values.pop("code", "")[:20])


@bp.before_request
def require_table():
    """Every route below gets a known table code in g.code. Actions skip the lookup: their own
    write transaction loads the table and says TableNotFound (handled below), one query fewer on
    the busiest path."""
    if g.code is None:
        raise TableNotFound("")
    if request.endpoint in VIEW_READS and over_limit("view", "VIEWS_PER_MINUTE"):
        # Views are the costly reads (a long history makes them costlier): one client asking for
        # them as fast as it can would take the process from everyone. A page asks for its view
        # only when its event carries none, so a real device stays far below this.
        return error_page(429, "Too many page loads from this device in a minute; wait a moment and try again.")
    if request.endpoint in ("tables.act", "tables.undo"):
        return None
    if not tables().exists(g.code):
        raise TableNotFound(g.code)


@bp.url_defaults
def add_code(endpoint, values):
    if "code" not in values and "code" in g:
        values["code"] = g.code


def public_url() -> str:
    return (current_app.config["PUBLIC_URL"] or request.host_url).rstrip("/")


def join_url() -> str:
    return f"{public_url()}/t/{g.code}/join"


def credentials(role: str) -> Credentials:
    """The seat cookie counts only on a seat page: the board stays the board on any device. The
    host and board cookies say whether this device may act as the board (never a request's claim)."""
    return Credentials(table_cookie("seat", g.code) if role == "seat" else None, table_cookie("host", g.code),
                       table_cookie("board", g.code))


def snapshot(role: str) -> Snapshot:
    return tables().snapshot(g.code, credentials(role))


def role_from_request() -> str:
    """The page's role, board or seat: which credentials count (see credentials()), never a claim
    that grants anything by itself. The one place `as=` is read."""
    return role_named(request.values.get("as", "board"))


def role_named(role: str | None) -> str:
    """A page's role as a tap names it (its form's `as`), board if none."""
    if role is None:
        return "board"
    if role not in ROLES:
        raise BadInput("'as' must be board or seat.")
    return role


def page_context(snap: Snapshot, role: str) -> dict:
    """A table page's context: the page around the view reads the snapshot (the title names the seat),
    the view itself is rendered from what it may read (sections.view_html)."""
    return {"snap": snap, "role": role, "game": snap.game, "code": snap.code, "tab": new_tab(),
            "view_html": view_html(snap, role, join_url())}


def no_store(response):
    """Table pages may show a secret (the Cat's Need on its phone, a board told to show it): never
    kept in a cache or the browser's history for the next person to open."""
    response.headers["Cache-Control"] = "no-store"
    return response


def lost_seat_page(snap: Snapshot):
    """A phone whose seat moved or was removed reads what happened, in words, with a way back."""
    return no_store(current_app.make_response((render_template(
        "table/join.html", code=g.code, seated=None, game=snap.game,
        message=refusal_text(lost_seat_refusal(snap.viewer))), 403)))


def lost_seat_answer(viewer: Viewer):
    """A seat page's answer when its phone's seat moved or was removed: why, in words (403)."""
    return error_page(403, refusal_text(lost_seat_refusal(viewer)))


def render_view(role: str, status: int = 200, message: str | None = None, snap: Snapshot | None = None):
    """The viewer's fresh view; with a refusal's sentence beside it, out of band: the sentence goes
    to the page's #flash (outside #view, so the next live refresh does not wipe it before it is
    read), and table.js shows it where the tapping finger is and says it in the live region."""
    snap = snap or snapshot(role)
    if role == "seat" and snap.viewer.seat is None:
        return lost_seat_answer(snap.viewer)
    html = str(view_html(snap, role, join_url()))
    if message:
        html += render_template("table/_answer.html", message=message)
    return no_store(current_app.make_response((html, status)))


@bp.get("")
def board():
    return no_store(current_app.make_response(render_template("table/page.html", **page_context(snapshot("board"), "board"))))


@bp.get("/seat")
def seat():
    snap = snapshot("seat")
    if snap.viewer.seat is None:
        if snap.viewer.lost_seat and not snap.viewer.claiming:
            return lost_seat_page(snap)
        return redirect(url_for("tables.join_form"), 303)
    return no_store(current_app.make_response(render_template("table/page.html", **page_context(snap, "seat"))))


@bp.get("/view")
def view_partial():
    role = role_from_request()
    shown = request.args.get("game")
    snap = snapshot(role)
    if shown is not None and snap.game.id != shown[:40]:
        # The page asks for the game it shows: after the host switched games its shell (title, the
        # game's stylesheet) is the old game's, so it gets a #view that tells table.js to load the
        # page again, instead of the new game's partial inside the old page.
        return no_store(current_app.make_response(render_template(
            "table/_switched.html", snap=snap, role=role, code=g.code, game=snap.game)))
    return render_view(role, snap=snap)


@bp.get("/view.json")
def view_json():
    """The requester's own view: a seat's when the seat cookie is there, else the board's."""
    snap = snapshot("seat" if table_cookie("seat", g.code) else "board")
    body = {"version": snap.version, "game": snap.game.id, "game_number": snap.game_number,
            "seats": [{"id": s.id, "name": s.name} for s in snap.seats],
            "seat": snap.viewer.seat.id if snap.viewer.seat else None, **snap.view}
    response = current_app.response_class(current_app.json.dumps(body), mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/version")
def version():
    """The polling fallback for a page whose event stream cannot be opened: tiny, cacheable by ETag."""
    v = tables().version(g.code)
    response = current_app.response_class(f'{{"version": {v}}}', mimetype="application/json")
    response.set_etag(str(v))
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


@bp.get("/qr.svg")
def qr_svg():
    response = Response(qr_code_svg(join_url()), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@bp.get("/join")
def join_form():
    snap = snapshot("seat")
    if snap.viewer.seat and request.args.get("waiting"):
        return redirect(url_for("tables.seat"), 303)   # the seat's phone or the host said yes
    claiming = next((s for s in snap.seats if s.id == snap.viewer.claiming), None)
    message = None
    if snap.viewer.lost_seat and not claiming:
        message = refusal_text(lost_seat_refusal(snap.viewer))
    elif request.args.get("waiting") and not claiming:
        message = gettext("Nobody let this phone take that seat (or the request ran out). Ask the player or the host, "
                          "or join with another name.")
    return no_store(current_app.make_response(render_template(
        "table/join.html", code=g.code, seated=snap.viewer.seat, game=snap.game, claiming=claiming, message=message,
        group_name=member_name_at_table(g.code) if not snap.viewer.seat else None)))


@bp.post("/join")
def join():
    if over_limit("join", "JOINS_PER_MINUTE"):
        return error_page(429, "Too many joins from this device; wait a minute and try again.")
    reclaim = request.form.get("reclaim") == "1"
    # Asking for a seat someone holds writes a request every screen shows: a few a minute per address.
    if reclaim and over_limit("claim", "CLAIMS_PER_MINUTE"):
        return error_page(429, "Too many requests for seats from this device; wait a minute and try again.")

    def join_page(status: int, **shown):
        return render_template("table/join.html", code=g.code, seated=None, game=snapshot("board").game, **shown), status

    try:
        # One tap at a group's table: no name, the device's name in the group (companion/web/groups.py).
        group_name = None if request.form.get("name") else member_name_at_table(g.code)
        name = group_name or parse(NAME_FIELD, request.form.getlist)["name"]
        seat, token, outcome = tables().join(g.code, name, table_cookie("seat", g.code), reclaim=reclaim)
    except NameTaken as taken:
        taken_name = taken.name   # the lambdas below run while `taken` is bound, but name it plainly
        return shaped(json=lambda: ({"error": gettext("%(name)s is already at this table.", name=taken_name),
                                     "reclaim": True}, 409),
                      page=lambda: join_page(409, taken=taken_name))
    except Refusal as exc:
        status, message = refusal_answer(exc)
        return shaped(json=lambda: ({"error": message}, status), page=lambda: join_page(status, message=message))
    # "claimed": this phone holds a token the seat will take only when its phone or the host agrees.
    waiting = outcome == "claimed"
    response = current_app.make_response(shaped(
        json=lambda: ({"seat": seat.id, "name": seat.name, **({"waiting": True} if waiting else {})}, 202 if waiting else 200),
        page=lambda: redirect(url_for("tables.join_form", waiting=1) if waiting else url_for("tables.seat"), 303)))
    if token:
        set_table_cookie(response, "seat", g.code, token)
    remember_table(response, g.code, "seat")
    return response


@bp.get("/preview/<move>")
def preview(move: str):
    """A move's result before it is applied (a form asks on every change): the game's
    `games/<id>/_preview_<move>.html` partial, or JSON. Refusals are the rule's sentence."""
    role = role_from_request()
    status, message, result, game = 200, None, None, None
    try:
        game, result = tables().preview(g.code, move[:40], request.args.getlist, credentials(role))
    except Refusal as exc:
        status, message = refusal_answer(exc)
    if status != 200:
        # htmx: shown where the result would be, so the player sees why the entries do not add up
        return shaped(json=lambda: ({"error": message}, status),
                      page=lambda: (render_template("_message.html", message=message), status))
    return shaped(json=lambda: (result, 200),
                  page=lambda: render_template(f"games/{game.id}/_preview_{move}.html", preview=result))
