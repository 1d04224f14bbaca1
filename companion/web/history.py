"""The evening at a table: every game played there, as a page and as CSV and JSON downloads (the
records the engine wrote when each game ended: companion/records.py, companion/engine/recording.py).
Routes of the table blueprint (companion/web/tables.py)."""
from __future__ import annotations

import csv
import io
from datetime import datetime, timezone

from flask import Response, current_app, g, render_template

from .. import records
from .tables import bp, snapshot, tables


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
