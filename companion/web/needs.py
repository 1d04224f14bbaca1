"""GET /needs: the standalone Needs Generator of CommuniCat's Eco Edition (one device, nobody joins).

The page is a CommuniCat table in one-device mode: created on the first New Needs, bound to this
browser by an HttpOnly, SameSite=Lax cookie scoped to /needs that holds the table's code AND its own
host credential (so the cookie opens this generator's table and nothing else: never a table made
through /tables, whose code a player may know), and driven through the same pipeline as
every table (Tables.create / Tables.act), so the deck, its discard pile and the "never the same Need
twice" rule are the game's own, and the page survives reloads and server restarts. Routes stay thin:
find the table from the cookie, call the pipeline, render the board's view of it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from flask import Blueprint, abort, current_app, redirect, render_template, request
from flask_babel import gettext

from ..errors import N_, Refusal
from ..fields import Choice, Int, parse
from ..games import communicat, communicat_rules
from ..engine import Credentials, TableNotFound, normalise_code
from .cookies import MAX_AGE
from .answers import error_page, refusal_answer, shaped
from .security import over_limit

bp = Blueprint("needs", __name__, url_prefix="/needs")
COOKIE = "needs_table"
SETTINGS = {
    "mode": Choice(label=N_("mode"), choices=communicat_rules.MODES, required=False),
    "difficulty": Choice(label=N_("difficulty"), choices=tuple(communicat_rules.DIFFICULTIES), required=False),
    "version": Int(label=N_("version"), min=0, max=10**9, required=False),
}


def tables():
    return current_app.extensions["companion"]


@dataclass(frozen=True)
class Place:
    """Where a generator lives: the server's own at /needs (the original deck), or a group's at
    /g/<GROUP>/generator (its own deck: companion/web/groups.py). Each keeps its table in its own
    cookie, scoped to its own path."""
    base: str
    cookie: str
    # the group's link to the table it makes (companion/groups/hooks.py TableOfGroup), read when needed
    group: Callable[[], object] | None = None


SERVER = Place("/needs", COOKIE)


class Generator:
    """This browser's generator: its table's code and the credential that makes it that table's
    board. Read from the cookie "<CODE>.<token>"; anything else is no generator."""

    def __init__(self, code: str, token: str):
        self.code, self.token = code, token
        self.creds = Credentials(host_token=token)

    @property
    def cookie(self) -> str:
        return f"{self.code}.{self.token}"


def current(place: Place = SERVER) -> Generator | None:
    """This browser's generator table, if it still exists (a wiped database starts afresh). A
    cookie that names no generator of this browser's counts against the client's allowance of
    unknown codes, as a wrong table code does: cookies cannot be used to try codes in bulk."""
    raw = request.cookies.get(place.cookie)
    if not raw:
        return None
    code, _, token = raw[:100].partition(".")
    code = normalise_code(code)
    if code and token and tables().is_standalone(code, token):
        return Generator(code, token)
    if over_limit("lookup", "LOOKUPS_PER_MINUTE"):
        # Refused, not just counted: otherwise the page would keep answering every guess.
        abort(current_app.make_response(error_page(429, "Too many unknown table codes from this device; wait a minute.")))
    return None


def render(gen: Generator | None, partial: bool, status: int = 200, message: str | None = None,
           place: Place = SERVER):
    snap = tables().snapshot(gen.code, gen.creds) if gen else None
    if snap is None:  # nothing dealt yet: show the settings with their defaults
        default = communicat_rules.RULES["default_difficulty"]
        view = {"mode": "coop", "difficulty": default, "needs": [], "in_round": False,
                "difficulties": [{"id": k, "count": v} for k, v in communicat_rules.DIFFICULTIES.items()],
                "need_count": communicat_rules.DIFFICULTIES[default], "shown": False}
    else:
        view = snap.view
    template = "needs/_generator.html" if partial else "needs/page.html"
    response = current_app.make_response((render_template(template, view=view, version=snap.version if snap else 0,
                                                          message=message, base=place.base), status))
    response.headers["Cache-Control"] = "no-store"
    return response


def answer(gen: Generator | None, status: int = 200, message: str | None = None, place: Place = SERVER):
    """htmx gets the fresh generator; a plain form is sent back to the page, or shown the page with
    the refusal's sentence."""
    response = current_app.make_response(shaped(
        htmx=lambda: render(gen, True, status, message, place=place),
        page=lambda: render(gen, False, status, message, place=place) if status != 200 else redirect(place.base, 303)))
    if gen:
        response.set_cookie(place.cookie, gen.cookie, max_age=MAX_AGE, path=place.base, httponly=True, samesite="Lax",
                            secure=request.is_secure)
    return response


@bp.get("")
def page():
    return render(current(), False)


def page_at(place: Place):
    return render(current(place), False, place=place)


def _act(gen: Generator, move: str, fields: dict, version: int) -> int:
    def getlist(key):
        value = fields.get(key)
        return [] if value is None else [str(value)]
    return tables().act(gen.code, move, getlist, gen.creds, version)


@bp.before_request
def limit_moves():
    """The generator's buttons are moves like a table's, under the same per-address limit."""
    if request.method == "POST" and over_limit("move", "MOVES_PER_MINUTE"):
        return error_page(429, "Too many moves from this device in a minute; wait a moment and try again.")


@bp.post("/new")
def new_needs():
    return new_needs_at(SERVER)


def new_needs_at(place: Place):
    """Lay out new Needs with the difficulty and mode chosen at the top (remembered for next time)."""
    gen = current(place)
    try:
        wanted = parse(SETTINGS, request.form.getlist)
        if gen is None:
            if over_limit("create", "TABLES_PER_MINUTE"):
                return error_page(429, "Too many new tables from this device; wait a minute and try again.")
            options = {k: wanted[k] for k in ("mode", "difficulty") if wanted[k]}
            code, host_token = tables().create(communicat.GAME.id, lambda k: [options[k]] if k in options else [],
                                               standalone=True, group=place.group() if place.group else None)
            gen = Generator(code, host_token)
            version = tables().version(code)
        else:
            version = wanted["version"] if wanted["version"] is not None else tables().version(gen.code)
            view = tables().snapshot(gen.code, gen.creds).view
            changes = {k: wanted[k] for k in ("mode", "difficulty") if wanted[k] and wanted[k] != view[k]}
            if changes:
                version = _act(gen, "configure", changes, version)
        _act(gen, "new_needs", {}, version)
    except TableNotFound:
        return answer(None, 409, gettext("Press New Needs first."), place=place)
    except Refusal as exc:
        return answer(gen, *refusal_answer(exc), place=place)
    return answer(gen, place=place)


@bp.post("/show")
def show_need():
    return show_need_at(SERVER)


def show_need_at(place: Place):
    """Show or hide the Cat's Need (one per team in the competitive game)."""
    gen = current(place)
    if gen is None:
        return answer(None, 409, gettext("Press New Needs first."), place=place)
    try:
        wanted = parse(SETTINGS, request.form.getlist)
        version = wanted["version"] if wanted["version"] is not None else tables().version(gen.code)
        _act(gen, "show_need", {}, version)
    except TableNotFound:
        return answer(None, 409, gettext("Press New Needs first."), place=place)
    except Refusal as exc:
        return answer(gen, *refusal_answer(exc), place=place)
    return answer(gen, place=place)
