"""A countdown stored as an end time (running) or a remaining time (paused), never ticked.

Times are seconds since the epoch as floats. Screens count down locally from `ends_at`, so a running
timer costs no requests.
"""
from __future__ import annotations

from ..errors import RuleError


def new(seconds: int) -> dict:
    return {"length": seconds, "running": False, "ends_at": None, "remaining": float(seconds)}


def remaining(timer: dict, now: float) -> float:
    if timer["running"]:
        return max(0.0, timer["ends_at"] - now)
    return timer["remaining"]


def is_over(timer: dict, now: float) -> bool:
    return remaining(timer, now) <= 0


def start(timer: dict, now: float) -> None:
    if timer["running"] and not is_over(timer, now):
        raise RuleError("The timer is already running.")
    left = timer["remaining"] if not timer["running"] else 0.0
    if left <= 0:  # starting a finished timer starts it afresh
        left = float(timer["length"])
    timer.update(running=True, ends_at=now + left, remaining=left)


def pause(timer: dict, now: float) -> None:
    if not timer["running"]:
        raise RuleError("The timer is not running.")
    timer.update(running=False, remaining=remaining(timer, now), ends_at=None)


def reset(timer: dict, seconds: int | None = None) -> None:
    if seconds is not None:
        timer["length"] = seconds
    timer.update(running=False, ends_at=None, remaining=float(timer["length"]))


def view(timer: dict, now: float) -> dict:
    """What a screen needs to count down by itself."""
    left = remaining(timer, now)
    return {
        "length": timer["length"],
        "running": timer["running"] and left > 0,
        "over": left <= 0,
        "remaining": round(left, 3),
        "ends_at": timer["ends_at"] if timer["running"] else None,
    }
