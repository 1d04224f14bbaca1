"""Table pages (board, seat, join), the action endpoints, view.json and the QR code.

Routes stay thin: they identify the viewer, call the pipeline in companion/tables.py and render the
viewer's own view. A page is either the board (seat=None, shows no secret) or a seat: the role comes
from the page, not from the cookie alone, so a host's tablet that also holds a seat still shows the
board as the board.
"""
from __future__ import annotations

import csv
import io
from datetime import datetime, timezone
from functools import wraps

from flask import Blueprint, Response, current_app, g, redirect, render_template, request, url_for

from .. import games, records
from flask_babel import gettext

from ..errors import N_, BadInput, Forbidden, Refusal
from ..fields import Bool, Int, IntList, parse
from ..engine.seating import NAME_FIELD
from ..engine import Credentials, NameTaken, Snapshot, Stale, TableNotFound, lost_seat_refusal, normalise_code
from .cookies import remember_table, set_table_cookie, table_cookie
from .groups import member_name_at_table
from .i18n import refusal_text
from .qr import qr_code_svg
from .sections import view_html
from .security import error_page, over_limit, refusal_answer, wants_json

bp = Blueprint("tables", __name__, url_prefix="/t/<code>")
VERSION_FIELD = {"version": Int(label=N_("version"), min=0, max=10**9)}
# The game a tap was meant for (every action form names it): a tap for an earlier one is refused.
GAME_FIELD = {"game_number": Int(label=N_("game"), min=1, max=10**9, required=False)}
ROLES = ("board", "seat")
VIEW_READS = {"tables.board", "tables.seat", "tables.view_partial", "tables.view_json", "tables.history_page",
              "tables.history_json", "tables.history_csv"}


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
    role = request.values.get("as", "board")
    if role not in ROLES:
        raise BadInput("'as' must be board or seat.")
    return role


def page_context(snap: Snapshot, role: str) -> dict:
    """A table page's context: the page around the view reads the snapshot (the title names the seat),
    the view itself is rendered from what it may read (sections.view_html)."""
    return {"snap": snap, "role": role, "game": snap.game, "code": snap.code,
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


def render_view(role: str, status: int = 200, message: str | None = None, snap: Snapshot | None = None):
    """The viewer's fresh view; with a refusal's sentence beside it, out of band: the sentence goes
    to the page's #flash (outside #view, so the next live refresh does not wipe it before it is
    read), and table.js shows it where the tapping finger is and says it in the live region."""
    snap = snap or snapshot(role)
    if role == "seat" and snap.viewer.seat is None:
        return error_page(403, refusal_text(lost_seat_refusal(snap.viewer)))
    html = str(view_html(snap, role, join_url()))
    if message:
        html += render_template("table/_answer.html", message=message)
    return no_store(current_app.make_response((html, status)))


def fresh_view(role: str, creds: Credentials, url: str, at_least: int, shared: bool = True) -> tuple[int, str | None]:
    """The viewer's own view (the same HTML as GET /view?as=role from the same cookies, which gave
    `creds`; `url` is join_url() of that request) and its version, at `at_least` or newer, for the
    event stream to carry. None for the HTML of a seat page whose seat is gone: the page then
    re-fetches and shows why. `shared`: after a change, the table is read once for all of its
    streams (Tables.shared_snapshot); a stream catching up alone reads it afresh, since a shared
    read may be two seconds old, and the page sets its clock by the view's `now` (a running timer
    would show that much too long)."""
    snap = tables().shared_snapshot(g.code, creds, at_least) if shared else tables().snapshot(g.code, creds)
    if role == "seat" and snap.viewer.seat is None:
        return snap.version, None
    return snap.version, str(view_html(snap, role, url))


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


# ---- finished games: the page, and downloads (the records their finishing moves wrote: companion/records.py)

def history_with_times() -> list[dict]:
    return [{**game, "unfinished": bool(game.get("unfinished")), "finished_iso": iso_time(game["finished_at"]),
             "started_iso": iso_time(game["started_at"])}
            for game in tables().history(g.code)]


def cell(name: str) -> str:
    """A player's name as a spreadsheet cell: one starting like a formula (=, +, -, @) is kept as
    text, so opening the export never runs what a player typed as a name."""
    return "'" + name if name[:1] in ("=", "+", "-", "@", "\t", "\r") else name


def iso_time(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def download(body: str, mimetype: str, suffix: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="cat-table-{g.code}-history.{suffix}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/history")
def history_page():
    """The evening: every game finished at this table, of any game, newest first, under a summary."""
    snap = snapshot("board")
    finished = history_with_times()
    return render_template("table/history.html", code=g.code, game=snap.game, history=finished,
                           summary=records.evening(finished))


@bp.get("/history.json")
def history_json():
    finished = history_with_times()
    body = {"table": g.code, "game": snapshot("board").game.id, "summary": records.evening(finished),
            "games": finished}
    return download(current_app.json.dumps(body), "application/json", "json")


@bp.get("/history.csv")
def history_csv():
    """One row per player per round, every game of the evening: spreadsheet-friendly. The final row
    of a game has round "final" and says who won and, for a game that ranks every player, their
    place; `played` says which game it was, `unfinished` whether the host ended it early."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["game", "finished", "round", "player", "score", "winner", "place", "played", "unfinished"])
    for game in history_with_times():
        unfinished = "yes" if game.get("unfinished") else "no"   # ended early by the host: won by nobody
        for r in game["rounds"]:
            for player in game["players"]:
                if player in r["scores"]:
                    writer.writerow([game["number"], game["finished_iso"], r["round"], cell(player), r["scores"][player],
                                     "", "", game["game"], unfinished])
        for player in game["players"]:
            writer.writerow([game["number"], game["finished_iso"], "final", cell(player), game["scores"].get(player, ""),
                             "yes" if player in game["winners"] else "no", game["places"].get(player, ""), game["game"],
                             unfinished])
    return download(out.getvalue(), "text/csv", "csv")


# ---- joining

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
    try:
        # One tap at a group's table: no name, the device's name in the group (companion/web/groups.py).
        group_name = None if request.form.get("name") else member_name_at_table(g.code)
        name = group_name or parse(NAME_FIELD, request.form.getlist)["name"]
        seat, token, outcome = tables().join(g.code, name, table_cookie("seat", g.code), reclaim=reclaim)
    except NameTaken as taken:
        if wants_json():
            return {"error": gettext("%(name)s is already at this table.", name=taken.name), "reclaim": True}, 409
        return render_template("table/join.html", code=g.code, seated=None, taken=taken.name,
                               game=snapshot("board").game), 409
    except Refusal as exc:
        status, message = refusal_answer(exc)
        if wants_json():
            return {"error": message}, status
        return render_template("table/join.html", code=g.code, seated=None, message=message,
                               game=snapshot("board").game), status
    if outcome == "claimed":
        # This phone holds a token the seat will take only when its phone or the host agrees.
        if wants_json():
            response = current_app.make_response(({"seat": seat.id, "name": seat.name, "waiting": True}, 202))
        else:
            response = redirect(url_for("tables.join_form", waiting=1), 303)
    elif wants_json():
        response = current_app.make_response(({"seat": seat.id, "name": seat.name}, 200))
    else:
        response = redirect(url_for("tables.seat"), 303)
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
    if wants_json():
        return (result, 200) if status == 200 else ({"error": message}, status)
    if status != 200:
        # shown where the result would be, so the player sees why the entries do not add up
        return render_template("_message.html", message=message), status
    return render_template(f"games/{game.id}/_preview_{move}.html", preview=result)


# ---- acting

def action_endpoint(fn):
    """Shared answer for every action: the fresh view on success, the fresh view with the reason
    beside it for #flash on a refusal (htmx: render_view), {"error": ...} for JSON, or a redirect
    back to the page for a plain form."""
    @wraps(fn)
    def wrapper(**kwargs):
        if over_limit("move", "MOVES_PER_MINUTE"):
            return error_page(429, "Too many moves from this device in a minute; wait a moment and try again.")
        status, message, stale = 200, None, False
        role = role_from_request()
        try:
            creds = credentials(role)
            if role == "seat" and creds.seat_token is None:
                raise Forbidden("This phone has no seat at this table any more. Join again.")
            version = parse(VERSION_FIELD, request.form.getlist)["version"]
            new_version = fn(creds=creds, version=version, **kwargs)
        except Refusal as exc:
            status, message = refusal_answer(exc)
            stale = isinstance(exc, Stale)
        if wants_json():
            if status != 200:
                body = {"error": message}
                if status == 409:
                    # "stale": the tap depended on an older table (someone was quicker), as opposed
                    # to the rules saying no now; a client (or bench/live.py) can tell them apart.
                    body.update(version=tables().version(g.code), stale=stale)
                return body, status
            # Written out rather than through app.json (an int needs no encoder): the busiest answer.
            return current_app.response_class(f'{{"version": {int(new_version)}}}', mimetype="application/json")
        if request.headers.get("HX-Request"):
            if role == "seat" and status == 403 and snapshot("seat").viewer.seat is None:
                return error_page(403, message)
            return render_view(role, status, message)
        if status != 200:
            return error_page(status, message)
        return redirect(url_for("tables.seat" if role == "seat" else "tables.board"), 303)
    return wrapper


@bp.post("/act/<move>")
@action_endpoint
def act(creds, version, move):
    return tables().act(g.code, move[:40], request.form.getlist, creds, version,
                        parse(GAME_FIELD, request.form.getlist)["game_number"])


@bp.post("/undo")
@action_endpoint
def undo(creds, version):
    return tables().undo(g.code, creds, version, parse(GAME_FIELD, request.form.getlist)["game_number"])


# ---- seats that move only with consent, and seats the host removes

@bp.post("/claims/<int:seat_id>/<any(allow, refuse):answer>")
@action_endpoint
def answer_claim(creds, version, seat_id: int, answer: str):
    """The seat's own phone (as=seat) or the host (as=board) lets a waiting phone take the seat."""
    return tables().answer_claim(g.code, creds, seat_id, allow=answer == "allow", version=version)


@bp.post("/seats/<int:seat_id>/earlier")
@action_endpoint
def seat_earlier(creds, version, seat_id: int):
    """The host moves a seat one place up the seating order (who a game with a limit deals in)."""
    return tables().seat_earlier(g.code, creds, seat_id, version)


@bp.post("/seats/<int:seat_id>/remove")
@action_endpoint
def remove_seat(creds, version, seat_id: int):
    return tables().remove_seat(g.code, creds, seat_id, version)


# ---- other screens as boards: the host's screen shows a one-time QR code, the other screen opens it

@bp.get("/screens")
def screens():
    """The host's page for pairing a TV or a second tablet as a board. The QR code is drawn into
    this page only, which only the host can open: the pairing code is never on a shared screen."""
    pairing = tables().pairing_code(g.code, credentials("board"))
    url = f"{public_url()}/t/{g.code}/pair/{pairing}"
    return no_store(current_app.make_response(render_template(
        "table/screens.html", code=g.code, game=snapshot("board").game, pair_url=url, qr=qr_code_svg(url))))


@bp.get("/pair/<pairing>")
def pair(pairing: str):
    """A screen opens the host's pairing QR code and becomes a board of this table."""
    if over_limit("join", "JOINS_PER_MINUTE"):
        return error_page(429, "Too many joins from this device; wait a minute and try again.")
    board_token = tables().pair_board(g.code, pairing)
    response = redirect(url_for("tables.board"), 303)
    set_table_cookie(response, "board", g.code, board_token)
    remember_table(response, g.code, "host")
    return response


@bp.post("/screens/forget")
@action_endpoint
def forget_screens(creds, version):
    return tables().forget_boards(g.code, creds)


# ---- game night: the host switches the table to another game; the code, QR code and seats stay

SWITCH_FIELDS = {"end_early": Bool(label=N_("end the game under way")),
                 # the seats the host picked to play the next game (none ticked: everyone, as before)
                 "players": IntList(label=N_("players"), min=1, max=10**9, required=False)}


def switch_page(chosen, status: int = 200, message: str | None = None, form=None):
    snap = snapshot("board")
    if not snap.viewer.is_host:
        raise Forbidden("Only the table's host can switch the game, from the board.")
    return no_store(current_app.make_response((render_template(
        "table/switch.html", code=g.code, snap=snap, game=snap.game, chosen=chosen, catalogue=games.catalogue(),
        under_way=tables().under_way(g.code), message=message, form=form or {}), status)))


@bp.get("/switch")
def switch_form():
    """The host's page for the next game: pick one, then its options (the new-table form's)."""
    chosen = games.get(request.args.get("game", "")[:40])
    return switch_page(chosen)


@bp.post("/switch")
def switch():
    game_id = request.form.get("game", "")[:40]
    try:
        fields = parse({**SWITCH_FIELDS, **GAME_FIELD}, request.form.getlist)
        # The game it ends, when named, is what the switch checks: the version only without it.
        version = None if fields["game_number"] else parse(VERSION_FIELD, request.form.getlist)["version"]
        # as=seat: the host on their own seat page is a player there, and is refused like one
        new_version = tables().switch(g.code, game_id, request.form.getlist, credentials(role_from_request()),
                                      version, fields["end_early"], ends=fields["game_number"],
                                      players=fields["players"])
    except Refusal as exc:
        status, message = refusal_answer(exc)
        if wants_json() or status == 403 or games.get(game_id) is None:
            return ({"error": message}, status) if wants_json() else error_page(status, message)
        return switch_page(games.get(game_id), status, message, request.form)
    if wants_json():
        return {"version": new_version, "game": game_id}, 200
    return redirect(url_for("tables.board"), 303)
