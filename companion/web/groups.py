"""Group pages (issue 30): start a group, its page at /g/<GROUP> (link, QR code, members, the
record, the Needs deck), joining it, the statistics as JSON and CSV, the Needs deck's edits, export
and import, and an evening of the group.

Routes stay thin: read the group's cookies, call companion/groups/service.py, render. The group's
code in the address is its key (only devices holding the link see the record); a member's device
and the host's screen carry their own tokens in cookies for the changes only they may make.
"""
from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, current_app, g, redirect, render_template, request, url_for

from .. import games
from ..errors import BadInput
from ..fields import Int, parse
from ..groups import members as group_members
from ..groups import needs as group_needs
from ..groups import stats as group_stats
from ..groups.hooks import GroupNotFound
from ..groups.service import GroupCredentials, Groups
from .cookies import MAX_AGE
from .downloads import attachment, utc_time
from .downloads import spreadsheet_cell as cell   # a CSV cell that never runs what a player typed
from .group_charts import plays_per_evening, wins_per_person
from .i18n import translate_name
from .answers import error_page, refusal_text, wants_json
from .qr import qr_code_svg
from .security import over_limit

bp = Blueprint("groups", __name__)
COOKIE_KINDS = {"member": "gm", "host": "gh"}
MERGE_FIELDS = {"keep": Int(label="keep", min=1, max=10**6), "gone": Int(label="merge", min=1, max=10**6)}


def groups() -> Groups:
    return current_app.extensions["groups"]


# ---- cookies: path "/", since a table's join (/t/<code>/join) reads the member's one

def cookie_name(kind: str, code: str) -> str:
    return f"{COOKIE_KINDS[kind]}_{code}"


def group_cookie(kind: str, code: str) -> str | None:
    value = request.cookies.get(cookie_name(kind, code))
    return value if value and len(value) <= 100 else None


def set_group_cookie(response, kind: str, code: str, token: str) -> None:
    response.set_cookie(cookie_name(kind, code), token, max_age=MAX_AGE * 6, path="/", httponly=True,
                        samesite="Lax", secure=request.is_secure)


def credentials(code: str) -> GroupCredentials:
    return GroupCredentials(group_cookie("member", code), group_cookie("host", code))


def member_name_at_table(table_code: str) -> str | None:
    """The group name this device has in the group of that table (a one-tap join), or None."""
    member = groups().member_at_table(table_code, lambda group_code: group_cookie("member", group_code))
    return member["name"] if member else None


# ---- every /g/<GROUP> route gets a known group in g.group_code

@bp.url_value_preprocessor
def pull_code(_endpoint, values):
    if values and "group" in values:
        g.group_code = group_members.normalise_code(values.pop("group")[:40])


@bp.url_defaults
def add_code(endpoint, values):
    if "group" not in values and g.get("group_code") and endpoint.startswith("groups.") and \
            endpoint not in ("groups.start_page", "groups.create", "groups.import_group"):
        values["group"] = g.group_code


@bp.before_request
def require_group():
    if "group_code" not in g:
        return None
    if g.group_code is None or not groups().exists(g.group_code):
        raise GroupNotFound(g.group_code or "")


@bp.app_errorhandler(GroupNotFound)
def unknown_group(_exc):
    """A 404 that counts against the client's allowance of unknown codes, as for tables."""
    if over_limit("lookup", "LOOKUPS_PER_MINUTE"):
        return error_page(429, "Too many unknown codes from this device; wait a minute.")
    return error_page(404, "There is no group with that link. Check it, or start a new group.")


def public_url() -> str:
    return (current_app.config["PUBLIC_URL"] or request.host_url).rstrip("/")


def group_url(code: str) -> str:
    return f"{public_url()}/g/{code}"


def private(response):
    """A group's pages hold its members' names: never kept in a shared cache."""
    response.headers["Cache-Control"] = "no-store"
    return response


def answered(status: int = 200, body: dict | None = None):
    """After a change: JSON for a script, else back to the group's page (at the part changed)."""
    if wants_json():
        return (body or {"ok": True}), status
    anchor = request.form.get("back", "")[:20]
    if anchor == "deck":        # a Need removed from the open deck: it stays open
        return redirect(url_for("groups.page", deck=1) + "#needs", 303)
    return redirect(url_for("groups.page") + (f"#{anchor}" if anchor.isidentifier() else ""), 303)


# ---- starting a group, importing one

@bp.get("/groups/new")
def start_page():
    return render_template("groups/start.html")


@bp.post("/groups")
def create():
    if over_limit("group_create", "TABLES_PER_MINUTE"):
        return error_page(429, "Too many new groups from this device; wait a minute and try again.")
    try:
        code, host_token = groups().create(request.form.getlist)
    except BadInput as exc:
        if wants_json():
            raise
        return render_template("groups/start.html", message=refusal_text(exc), form=request.form), 400
    response = current_app.make_response(({"group": code}, 201)) if wants_json() else redirect(f"/g/{code}", 303)
    set_group_cookie(response, "host", code, host_token)
    return response


@bp.post("/groups/import")
def import_group():
    if over_limit("group_create", "TABLES_PER_MINUTE"):
        return error_page(429, "Too many new groups from this device; wait a minute and try again.")
    # A group's file is bigger than any form; read within its own limit (larger: a 413 with a sentence).
    from ..groups.transfer import MAX_BYTES
    request.max_content_length = MAX_BYTES + 64 * 1024
    upload = request.files.get("file")
    body = upload.read(MAX_BYTES + 1) if upload else request.get_data(cache=False)[:MAX_BYTES + 1]
    code, host_token = groups().import_group(body)
    response = current_app.make_response(({"group": code}, 201)) if wants_json() else redirect(f"/g/{code}", 303)
    set_group_cookie(response, "host", code, host_token)
    return response


# ---- the group's page

def _deck(seen) -> list[dict]:
    return group_needs.deck(seen.group, translate_name)


@bp.get("/g/<group>")
def page():
    code = g.group_code
    seen = groups().seen(code, credentials(code))
    group, entries = groups().record(code)
    record = group_stats.compute(group, entries)
    deck = _deck(seen)
    return private(current_app.make_response(render_template(
        "groups/page.html", code=code, group=group, seen=seen, record=record, link=group_url(code),
        members=group_members.public_members(group), catalogue=games.catalogue(), deck=deck,
        deck_original=group_needs.is_original(group), enough_for=group_needs.enough_for(len(deck)),
        wins_chart=wins_per_person(record["players"]), plays_chart=plays_per_evening(record))))


@bp.get("/g/<group>/qr.svg")
def qr_svg():
    response = Response(qr_code_svg(group_url(g.group_code)), mimetype="image/svg+xml")
    return private(response)


@bp.post("/g/<group>/join")
def join():
    if over_limit("group_join", "JOINS_PER_MINUTE"):
        return error_page(429, "Too many joins from this device; wait a minute and try again.")
    code = g.group_code
    member, token = groups().join(code, request.form.getlist, group_cookie("member", code))
    response = current_app.make_response((member, 200)) if wants_json() else redirect(url_for("groups.page"), 303)
    if token:
        set_group_cookie(response, "member", code, token)
    return response


# ---- members: the host renames and merges

@bp.post("/g/<group>/members/<int:member_id>/rename")
def rename(member_id: int):
    groups().rename(g.group_code, credentials(g.group_code), member_id, request.form.getlist)
    return answered()


@bp.post("/g/<group>/members/merge")
def merge():
    fields = parse(MERGE_FIELDS, request.form.getlist)
    groups().merge(g.group_code, credentials(g.group_code), fields["keep"], fields["gone"])
    return answered()


# ---- the record

@bp.get("/g/<group>/stats.json")
def stats_json():
    body = {"group": g.group_code, **groups().stats(g.group_code)}
    return private(current_app.response_class(current_app.json.dumps(body), mimetype="application/json"))


@bp.get("/g/<group>/stats.csv")
def stats_csv():
    """One row per person and game (game "all": the person's totals), spreadsheet-friendly."""
    record = groups().stats(g.group_code)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["player", "game", "played", "won", "coop_played", "coop_won", "win_rate", "best", "average",
                     "rival", "nemesis", "buddies", "seconds"])
    for p in record["players"]:
        writer.writerow([cell(p["name"]), "all", p["played"], p["won"], p["coop_played"], p["coop_won"],
                         "" if p["win_rate"] is None else p["win_rate"], "", "",
                         cell(p["rival"]["name"]) if p["rival"] else "", cell(p["nemesis"]["name"]) if p["nemesis"] else "",
                         cell(" / ".join(b["name"] for b in p["buddies"])), p["seconds"]])
        for game_id, s in p["games"].items():
            writer.writerow([cell(p["name"]), game_id, s["played"], s["won"], "", "", "", "" if s["best"] is None else s["best"],
                             "" if s["average"] is None else s["average"], "", "", "", ""])
    return attachment(out.getvalue(), "text/csv", f"cat-table-group-{g.group_code}-stats.csv")


@bp.get("/g/<group>/evenings/<table>")
def evening(table: str):
    """One evening of the group: the games of one of its tables (kept after the table expired)."""
    group, entries = groups().record(g.group_code)
    played = sorted((e["record"] for e in entries if e["table"] == table[:20]), key=lambda r: r.get("number") or 0)
    if not played:
        return error_page(404, "This group has no evening at that table.")
    from .. import records
    history = [{**r, "finished_iso": utc_time(r.get("finished_at"))} for r in played]
    live = current_app.extensions["companion"].exists(table[:20]) if len(table) <= 20 else False
    return private(current_app.make_response(render_template(
        "groups/evening.html", code=g.group_code, group=group, table=table, history=history, live=live,
        summary=records.evening(played))))


# ---- the group's Needs deck

@bp.get("/g/<group>/needs.json")
def needs_json():
    seen = groups().seen(g.group_code, credentials(g.group_code))
    body = {"needs": _deck(seen), "original": group_needs.is_original(seen.group)}
    return private(current_app.response_class(current_app.json.dumps(body), mimetype="application/json"))


@bp.post("/g/<group>/needs")
def add_need():
    need = groups().add_need(g.group_code, credentials(g.group_code), request.form.getlist, translate_name)
    return answered(201, {"need": need})


@bp.post("/g/<group>/needs/<need_id>/remove")
def remove_need(need_id: str):
    need = groups().remove_need(g.group_code, credentials(g.group_code), need_id[:30], translate_name)
    return answered(200, {"removed": need})


@bp.post("/g/<group>/needs/restore")
def restore_needs():
    groups().restore_needs(g.group_code, credentials(g.group_code))
    return answered()


# ---- the group moves with its people

@bp.get("/g/<group>/export.json")
def export():
    body = groups().export(g.group_code, credentials(g.group_code))
    return attachment(current_app.json.dumps(body), "application/json", f"cat-table-group-{g.group_code}.json")


def table_of_group(code: str):
    """For POST /tables with group=<GROUP>: the group's link to the new table (its members and host only)."""
    if not groups().exists(code):
        raise GroupNotFound(code)
    return groups().table_of_group(code, credentials(code))


# ---- the group's own Needs Generator: the standalone generator (companion/web/needs.py) dealing the group's deck

def generator_place(code: str):
    from ..groups.hooks import TableOfGroup
    from . import needs as generator
    return generator.Place(f"/g/{code}/generator", f"needs_{code}",
                           group=lambda: TableOfGroup(code, groups().seen(code, GroupCredentials()).group, kept=False))


@bp.get("/g/<group>/generator")
def generator_page():
    from . import needs as generator
    return private(generator.page_at(generator_place(g.group_code)))


@bp.post("/g/<group>/generator/<any(new, show):step>")
def generator_step(step: str):
    from . import needs as generator
    if over_limit("move", "MOVES_PER_MINUTE"):
        return error_page(429, "Too many moves from this device in a minute; wait a moment and try again.")
    place = generator_place(g.group_code)
    return private(generator.new_needs_at(place) if step == "new" else generator.show_need_at(place))


# ---- the home page's "Your groups": an app opened from the home screen starts at "/" with no
# address bar, so the group cookies (path "/") are its way back to the group's page

MY_GROUPS_SHOWN = 8


def my_groups() -> list[dict]:
    """The groups this device is a member or the host of, by its cookies: [{"code", "name", "me"}]."""
    found = []
    for cookie, token in request.cookies.items():
        kind, _, raw = cookie.partition("_")
        code = group_members.normalise_code(raw) if kind in COOKIE_KINDS.values() else None
        if code and not any(f["code"] == code for f in found) and len(found) < MY_GROUPS_SHOWN:
            try:
                seen = groups().seen(code, credentials(code))
            except GroupNotFound:
                continue
            if seen.may_change:
                found.append({"code": code, "name": seen.group["name"], "me": seen.me["name"] if seen.me else None})
    return found
