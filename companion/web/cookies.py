"""Seat and host cookies: random tokens, HttpOnly, SameSite=Lax, scoped to one table's paths."""
from __future__ import annotations

from flask import request

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
