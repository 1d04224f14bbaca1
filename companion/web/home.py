"""The home page, the new-table pages and table creation."""
from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, request

from .. import games
from ..errors import BadInput
from ..tables import normalise_code
from .cookies import set_table_cookie
from .security import error_page, wants_json

bp = Blueprint("home", __name__)


def tables():
    return current_app.extensions["companion"]


@bp.get("/")
def index():
    return render_template("home.html", catalogue=games.catalogue())


@bp.get("/healthz")
def healthz():
    return {"ok": True}


@bp.get("/new/<game_id>")
def new_table(game_id: str):
    game = games.get(game_id)
    if game is None:
        abort(404)
    return render_template("new.html", game=game)


@bp.get("/go")
def go_to_code():
    """The home page's "have a code?" box: on to that table's join page (the lookup there is
    rate-limited like any other)."""
    code = normalise_code(request.args.get("code", "")[:20])
    if code is None:
        return error_page(400, "A table code has 6 letters and digits, like K7PXM3.")
    return redirect(f"/t/{code}/join", 303)


@bp.post("/tables")
def create_table():
    game_id = request.form.get("game", "")[:40]
    try:
        code, host_token = tables().create(game_id, request.form.getlist)
    except BadInput as exc:
        game = games.get(game_id)
        if game is None or wants_json():
            return error_page(400, str(exc))
        return render_template("new.html", game=game, message=str(exc), form=request.form), 400
    response = redirect(f"/t/{code}", 303)
    set_table_cookie(response, "host", code, host_token)
    return response
