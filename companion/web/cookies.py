"""Seat and host cookies: random tokens, HttpOnly, SameSite=Lax, scoped to one table's paths."""
from __future__ import annotations

from flask import request

from ..engine import normalise_code

MAX_AGE = 60 * 60 * 24 * 60  # two months: a seat survives a sleeping phone and a week between games


def cookie_name(kind: str, code: str) -> str:
    return f"{kind}_{code}"


def set_table_cookie(response, kind: str, code: str, token: str) -> None:
    response.set_cookie(cookie_name(kind, code), token, max_age=MAX_AGE, path=f"/t/{code}",
                        httponly=True, samesite="Lax", secure=request.is_secure)


def table_cookie(kind: str, code: str) -> str | None:
    value = request.cookies.get(cookie_name(kind, code))
    if value is None or len(value) > 100:
        return None
    return value


# ---- the tables this device is at, for the home page's "Your tables"
# Opened from the home screen the app starts at "/" with no address bar and no history, and the seat
# and host cookies are scoped to their table's path, so "/" cannot see them: this list (codes and
# roles, no tokens) is how a player gets back to their seat. It grants nothing: the seat page still
# needs the seat cookie, and a stranger with the list would only see the public board.
MY_TABLES = "my_tables"
MY_TABLES_KEPT = 8
ROLE_MARKS = {"seat": "s", "host": "h"}


def my_tables() -> list[tuple[str, str]]:
    """(code, role) pairs from the cookie, newest first; anything malformed is dropped."""
    found = []
    for item in request.cookies.get(MY_TABLES, "")[:200].split("."):
        code, _, mark = item.partition("-")
        code = normalise_code(code)
        role = next((r for r, m in ROLE_MARKS.items() if m == mark), None)
        if code and role and (code, role) not in found:
            found.append((code, role))
    return found[:MY_TABLES_KEPT]


def set_my_tables(response, entries: list[tuple[str, str]]) -> None:
    value = ".".join(f"{code}-{ROLE_MARKS[role]}" for code, role in entries[:MY_TABLES_KEPT])
    if value:
        response.set_cookie(MY_TABLES, value, max_age=MAX_AGE, path="/", httponly=True, samesite="Lax",
                            secure=request.is_secure)
    else:
        response.delete_cookie(MY_TABLES, path="/")


def remember_table(response, code: str, role: str) -> None:
    """Puts this table (as board or as seat) first in the device's list."""
    set_my_tables(response, [(code, role), *[e for e in my_tables() if e != (code, role)]])
