"""The evening at a table: every game played there, as a page and as CSV and JSON downloads (the
records the engine wrote when each game ended: companion/records.py, companion/engine/recording.py).
Routes of the table blueprint (companion/web/tables.py)."""
from __future__ import annotations

import csv
import io

from flask import current_app, g, render_template

from .. import records
from .downloads import attachment, utc_time
from .downloads import spreadsheet_cell as cell   # a CSV cell that never runs what a player typed
from .tables import bp, snapshot, tables


def history_with_times() -> list[dict]:
    return [{**game, "unfinished": bool(game.get("unfinished")), "finished_iso": utc_time(game["finished_at"]),
             "started_iso": utc_time(game["started_at"])}
            for game in tables().history(g.code)]


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
    return attachment(current_app.json.dumps(body), "application/json", f"cat-table-{g.code}-history.json")


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
    return attachment(out.getvalue(), "text/csv", f"cat-table-{g.code}-history.csv")


# ---- joining
