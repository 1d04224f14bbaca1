"""GET /needs: the standalone Needs Generator of CommuniCat's Eco Edition (one device, nobody joins).

The page is a CommuniCat table in one-device mode: created on the first New Needs, bound to this
browser by an HttpOnly, SameSite=Lax cookie scoped to /needs, and driven through the same pipeline as
every table (Tables.create / Tables.act), so the deck, its discard pile and the "never the same Need
twice" rule are the game's own, and the page survives reloads and server restarts. Routes stay thin:
find the table from the cookie, call the pipeline, render the board's view of it.
"""
from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request
from flask_babel import gettext

from ..errors import N_, BadInput, Forbidden, RuleError
from ..fields import Choice, Int, parse
from ..games import communicat
from ..tables import Credentials, Stale, TableNotFound, normalise_code
from .i18n import refusal_text
from .cookies import MAX_AGE

bp = Blueprint("needs", __name__, url_prefix="/needs")
COOKIE = "needs_table"
BOARD = Credentials()  # the generator is always the board: no seat, no host token
SETTINGS = {
    "mode": Choice(label=N_("mode"), choices=communicat.MODES, required=False),
    "difficulty": Choice(label=N_("difficulty"), choices=tuple(communicat.DIFFICULTIES), required=False),
    "version": Int(label=N_("version"), min=0, max=10**9, required=False),
}


def tables():
    return current_app.extensions["companion"]


def current_code() -> str | None:
    """This browser's generator table, if it still exists (a wiped database starts afresh)."""
    code = normalise_code(request.cookies.get(COOKIE, "")[:20])
    if code is None or not tables().exists(code):
        return None
    snap_game = tables().snapshot(code, BOARD).game
    return code if snap_game.id == communicat.GAME.id else None


def render(code: str | None, status: int = 200, message: str | None = None, partial: bool | None = None):
    snap = tables().snapshot(code, BOARD) if code else None
    if snap is None:  # nothing dealt yet: show the settings with their defaults
        view = {"mode": "coop", "difficulty": communicat.RULES["default_difficulty"], "needs": [], "in_round": False,
                "difficulties": [{"id": k, "count": v} for k, v in communicat.DIFFICULTIES.items()],
                "need_count": communicat.DIFFICULTIES[communicat.RULES["default_difficulty"]], "shown": False}
    else:
        view = snap.view
    if partial is None:
        partial = bool(request.headers.get("HX-Request"))
    template = "needs/_generator.html" if partial else "needs/page.html"
    response = current_app.make_response((render_template(template, view=view, version=snap.version if snap else 0,
                                                          message=message), status))
    response.headers["Cache-Control"] = "no-store"
    return response


def answer(code: str | None, status: int = 200, message: str | None = None):
    """htmx gets the fresh generator; a plain form is sent back to the page (or to an error page)."""
    if request.headers.get("HX-Request") or status != 200:
        response = render(code, status, message)
    else:
        response = redirect("/needs", 303)
    if code:
        response.set_cookie(COOKIE, code, max_age=MAX_AGE, path="/needs", httponly=True, samesite="Lax",
                            secure=request.is_secure)
    return response


@bp.get("")
def page():
    return render(current_code(), partial=False)


def _act(code: str, move: str, fields: dict, version: int) -> int:
    def getlist(key):
        value = fields.get(key)
        return [] if value is None else [str(value)]
    return tables().act(code, move, getlist, BOARD, version)


@bp.post("/new")
def new_needs():
    """Lay out new Needs with the difficulty and mode chosen at the top (remembered for next time)."""
    code = current_code()
    try:
        wanted = parse(SETTINGS, request.form.getlist)
        if code is None:
            options = {k: wanted[k] for k in ("mode", "difficulty") if wanted[k]}
            code, _host_token = tables().create(communicat.GAME.id, lambda k: [options[k]] if k in options else [])
            version = tables().version(code)
        else:
            version = wanted["version"] if wanted["version"] is not None else tables().version(code)
            view = tables().snapshot(code, BOARD).view
            changes = {k: wanted[k] for k in ("mode", "difficulty") if wanted[k] and wanted[k] != view[k]}
            if changes:
                version = _act(code, "configure", changes, version)
        _act(code, "new_needs", {}, version)
    except Stale as exc:
        return answer(code, 409, gettext(exc.message))
    except BadInput as exc:
        return answer(code, 400, refusal_text(exc))
    except (RuleError, Forbidden, TableNotFound) as exc:
        return answer(code, 409, refusal_text(exc))
    return answer(code)


@bp.post("/show")
def show_need():
    """Show or hide the Cat's Need (one per team in the competitive game)."""
    code = current_code()
    if code is None:
        return answer(None, 409, gettext("Press New Needs first."))
    try:
        wanted = parse(SETTINGS, request.form.getlist)
        version = wanted["version"] if wanted["version"] is not None else tables().version(code)
        _act(code, "show_need", {}, version)
    except Stale as exc:
        return answer(code, 409, gettext(exc.message))
    except BadInput as exc:
        return answer(code, 400, refusal_text(exc))
    except (RuleError, Forbidden) as exc:
        return answer(code, 409, refusal_text(exc))
    return answer(code)
