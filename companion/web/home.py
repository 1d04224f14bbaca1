"""The home page, the new-table pages and table creation."""
from __future__ import annotations

import json

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for

from .. import games
from ..errors import BadInput
from ..engine import normalise_code
from . import groups
from .cookies import my_tables, remember_table, set_my_tables, set_table_cookie
from .answers import error_page, refusal_text, shaped
from .security import over_limit

bp = Blueprint("home", __name__)


def tables():
    return current_app.extensions["companion"]


@bp.get("/")
def index():
    remembered = my_tables()
    mine = [{"code": code, "role": role, "game": game} for code, role in remembered
            if (game := tables().game_of(code)) is not None]
    response = current_app.make_response(render_template("home.html", catalogue=games.catalogue(), mine=mine,
                                                         my_groups=groups.my_groups()))
    if len(mine) != len(remembered):        # forget tables that have been archived since
        set_my_tables(response, [(t["code"], t["role"]) for t in mine])
    return response


# Installable: what a phone needs to put the app on its home screen and open it full screen.
MANIFEST = {
    "name": "Cat Table Companion",
    "short_name": "Cat Table",
    "description": "Deck, bag, dice, timer and score pad for cat board games: a tablet board, phones as seats.",
    "id": "/",
    "start_url": "/",
    "scope": "/",
    "display": "standalone",
    "orientation": "any",
    "background_color": "#fbf7f2",
    "theme_color": "#ffffff",
    "icons": [
        {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
        {"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
    ],
}


@bp.get("/manifest.webmanifest")
def manifest():
    body = {**MANIFEST, "icons": [{**icon, "src": url_for("static", filename=icon["src"])} for icon in MANIFEST["icons"]]}
    response = current_app.response_class(json.dumps(body, indent=1), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@bp.get("/healthz")
def healthz():
    return {"ok": True}


def group_of_request(source) -> str | None:
    """A group's code when the new table is for a group (companion/web/groups.py), else None."""
    from ..groups.members import normalise_code as group_code
    raw = source.get("group", "")
    return group_code(raw[:40]) if raw else None


@bp.get("/new/<game_id>")
def new_table(game_id: str):
    game = games.get(game_id)
    if game is None:
        abort(404)
    return render_template("new.html", game=game, group=group_of_request(request.args))


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
    if over_limit("create", "TABLES_PER_MINUTE"):
        return error_page(429, "Too many new tables from this device; wait a minute and try again.")
    game_id = request.form.get("game", "")[:40]
    group = group_of_request(request.form)
    try:
        # A table for a group: only its members and host make one (companion/web/groups.py)
        of_group = groups.table_of_group(group) if group else None
        code, host_token = tables().create(game_id, request.form.getlist, group=of_group)
    except BadInput as exc:
        game, message = games.get(game_id), refusal_text(exc)
        if game is None:
            return error_page(400, message)
        return shaped(json=lambda: ({"error": message}, 400),
                      page=lambda: (render_template("new.html", game=game, message=message, form=request.form, group=group), 400))
    response = redirect(f"/t/{code}", 303)
    set_table_cookie(response, "host", code, host_token)
    remember_table(response, code, "host")
    return response
