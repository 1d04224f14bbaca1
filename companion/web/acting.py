"""Acting at a table: the answer every action gets (a move, an undo, the host's controls), however
it arrives: a POST (action_endpoint), or a message on the page's tap socket (tap_socket.py), which
calls answer_action with its fields. Routes of the table blueprint (companion/web/tables.py): the
move and the undo are here; the host's actions are in host.py."""
from __future__ import annotations

from functools import wraps

from flask import current_app, g, redirect, request, url_for

from ..engine import Credentials, Stale
from ..errors import Forbidden, Refusal
from ..fields import parse
from .answers import error_page, flash, refusal_answer, shaped
from .security import over_limit
from .tables import (GAME_FIELD, VERSION_FIELD, bp, credentials, join_url, lost_seat_answer, no_store,
                     render_view, role_from_request, snapshot, tab_given, tables)


def action_endpoint(fn):
    """Shared answer for every action: the fresh view on success, the fresh view with the reason
    beside it for #flash on a refusal (htmx: render_view), {"error": ...} for JSON, or a redirect
    back to the page for a plain form."""
    @wraps(fn)
    def wrapper(**kwargs):
        return answer_action(lambda creds, version: fn(creds=creds, version=version, **kwargs),
                             role_from_request, request.form, request.headers.get("X-Tab"), shaped)
    return wrapper


def answer_view(role: str, creds: Credentials, version: int, tab: str | None = None):
    """The tapping device's fresh view after its change, at `version` or newer. When the tap came
    from a page (`tab`) whose event stream in this process has just been handed that view (the
    change's deliveries run before its answer: Deliveries.carried), the answer is 204 with the
    version alone (X-View-Version), and the page swaps the view in from its stream as the tap's
    answer (static/js/table.js): the view is not made into an answer, compressed and sent twice.
    Otherwise the view itself, from the read of the
    table its streams share (`Tables.shared_look`), which the change handed them from what it wrote,
    so the answer reads nothing from the store; without one it is read now and kept, and the next
    change hands the read after it over from that. Its clock is that read's, made at the commit or
    after it. The HTML is the one its own screen's event carries (ViewEvents, keyed by the viewer's
    facts like every event): made once for both. A refusal's view reads the store instead: it has
    no version to ask for."""
    if view_carried(role, creds, version, tab):
        return carried_response(version)
    look = tables().shared_look(g.code, creds, at_least=version)
    if role == "seat" and look.viewer.seat is None:
        return lost_seat_answer(look.viewer)
    return no_store(current_app.make_response(current_app.extensions["view_events"].view(look, role, join_url())))


def carried_response(version: int):
    """The answer to a tap whose page's stream carries its view: 204, with the view's version."""
    response = no_store(current_app.response_class(status=204))
    # No body, so no type: Flask-Compress would otherwise gzip the empty body of a text/html
    # answer and mark the 204 Content-Encoding: gzip.
    del response.headers["Content-Type"]
    response.headers["X-View-Version"] = str(int(version))
    return response


def view_carried(role: str, creds: Credentials, version: int, tab: str | None) -> bool:
    """Whether the tapping page (`tab`) has an event stream in this process that has just been
    handed its view at `version` or newer (Deliveries.carried): then its answer is the version alone."""
    return tab is not None and current_app.extensions["deliveries"].carried(g.code, (tab, role, creds), version)


def answer_action(run, role_of, form, tab_named: str | None, shape, credentials_of=credentials,
                  view_answer=answer_view):
    """An action's answer, however it came (a POST, or a message on the page's tap socket:
    tap_socket.py): `run(creds, version)` makes the change and returns the table's new version;
    `role_of()` says the page's role, `form` is the tap's fields, `tab_named` the page's tab and
    `shape(json=, htmx=, page=)` picks the kind of answer. `credentials_of(role)`: the device's
    credentials for the role (the socket's are read once: its cookies are fixed when it opens);
    `view_answer(role, creds, version, tab)`: htmx's answer after the change. Rate-limited per
    device."""
    if over_limit("move", "MOVES_PER_MINUTE"):
        return error_page(429, "Too many moves from this device in a minute; wait a moment and try again.")
    status, message, stale = 200, None, False
    role = role_of()
    try:
        creds = credentials_of(role)
        if role == "seat" and creds.seat_token is None:
            raise Forbidden("This phone has no seat at this table any more. Join again.")
        version = parse(VERSION_FIELD, form.getlist)["version"]
        tab = tab_given(tab_named)
        new_version = run(creds, version)
    except Refusal as exc:
        status, message = refusal_answer(exc)
        stale = isinstance(exc, Stale)
    if status != 200:
        return shape(json=lambda: refused_json(status, message, stale), htmx=lambda: refused_view(role, status, message),
                     page=lambda: error_page(status, message))
    # Written out rather than through app.json (an int needs no encoder): the busiest answer.
    return shape(json=lambda: current_app.response_class(f'{{"version": {int(new_version)}}}',
                                                         mimetype="application/json"),
                 htmx=lambda: view_answer(role, creds, new_version, tab),
                 page=lambda: redirect(url_for("tables.seat" if role == "seat" else "tables.board"), 303))


def refused_json(status: int, message: str, stale: bool) -> tuple[dict, int]:
    body: dict = {"error": message}
    if status == 409:
        # "stale": the tap depended on an older table (someone was quicker), as opposed to the rules
        # saying no now; a client (or bench/live.py) can tell them apart.
        body.update(version=tables().version(g.code), stale=stale)
    return body, status


def refused_view(role: str, status: int, message: str):
    """The fresh view with the refusal's sentence; a phone whose seat is gone gets the sentence alone."""
    if role == "seat" and status == 403 and snapshot("seat").viewer.seat is None:
        return flash(message, 403)
    return render_view(role, status, message)


@bp.post("/act/<move>")
@action_endpoint
def act(creds, version, move):
    return play(request.form, creds, version, move)


@bp.post("/undo")
@action_endpoint
def undo(creds, version):
    return take_back(request.form, creds, version)


# The two taps of play, which a page also sends over its tap socket (tap_socket.py) with the same
# fields: each given the tap's `form`.
def play(form, creds: Credentials, version: int, move: str) -> int:
    return tables().act(g.code, move[:40], form.getlist, creds, version, parse(GAME_FIELD, form.getlist)["game_number"])


def take_back(form, creds: Credentials, version: int) -> int:
    return tables().undo(g.code, creds, version, parse(GAME_FIELD, form.getlist)["game_number"])
