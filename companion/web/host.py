"""What the host does to the table beyond the game: answering a phone's request for a seat, moving
or removing a seat, pairing another screen as the board, and switching the game. Routes of the table
blueprint (companion/web/tables.py)."""
from __future__ import annotations

from flask import current_app, g, redirect, render_template, request, url_for

from .. import games
from ..errors import N_, Forbidden, Refusal
from ..fields import Bool, IntList, parse
from .answers import error_page, refusal_answer, shaped
from .cookies import remember_table, set_table_cookie
from .qr import qr_code_svg
from .security import over_limit
from .acting import action_endpoint
from .tables import (GAME_FIELD, VERSION_FIELD, bp, credentials, no_store, public_url,
                     role_from_request, snapshot, tables)


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
        chosen = games.get(game_id)
        if status == 403 or chosen is None:
            return error_page(status, message)
        return shaped(json=lambda: ({"error": message}, status),
                      page=lambda: switch_page(chosen, status, message, request.form))
    return shaped(json=lambda: ({"version": new_version, "game": game_id}, 200),
                  page=lambda: redirect(url_for("tables.board"), 303))
