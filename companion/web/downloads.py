"""What the app's downloads share (an evening's history, a group's record and its export): a file to
save that no shared cache keeps, spreadsheet cells that never run what a player typed, and times in
UTC."""
from __future__ import annotations

from datetime import datetime, timezone

from flask import Response

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")   # what a spreadsheet may read as the start of a formula


def attachment(body: str, mimetype: str, filename: str) -> Response:
    """`body` as a file named `filename`; never kept in a shared cache (it holds players' names)."""
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def spreadsheet_cell(value) -> str:
    """A value as a CSV cell: text that starts like a formula is kept as text (a quote before it), so
    opening the file never runs what a player typed as a name; a number stays a number."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in FORMULA_STARTS and not _is_number(text) else text


def _is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def utc_time(seconds: float | None) -> str:
    """A time as the downloads write it ("" when there is none)."""
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%d %H:%M UTC") if seconds else ""
