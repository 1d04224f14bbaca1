"""A round tracker: the current round out of an optional total."""
from __future__ import annotations

from ..errors import RuleError


def new(total: int | None) -> dict:
    return {"current": 1, "total": total}


def advance(rounds: dict) -> int:
    if rounds["total"] is not None and rounds["current"] >= rounds["total"]:
        raise RuleError("This was the last round (%(total)s).", total=rounds['total'])
    rounds["current"] += 1
    return rounds["current"]


def back(rounds: dict) -> int:
    if rounds["current"] <= 1:
        raise RuleError("This is the first round.")
    rounds["current"] -= 1
    return rounds["current"]


def is_last(rounds: dict) -> bool:
    return rounds["total"] is not None and rounds["current"] >= rounds["total"]
