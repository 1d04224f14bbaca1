"""A score track: a score per entrant (player or team), clamped to the track, with a target."""
from __future__ import annotations

from ..errors import RuleError


def new(entrants: list[str], target: int | None, lowest: int = 0, highest: int | None = None) -> dict:
    return {"scores": {e: lowest if lowest > 0 else 0 for e in entrants}, "target": target,
            "lowest": lowest, "highest": highest}


def would_be(track: dict, entrant: str, delta: int) -> int:
    """The score `add` would give, without moving anything (for showing points before applying)."""
    if entrant not in track["scores"]:
        raise RuleError("That player is not on the score track.")
    score = track["scores"][entrant] + delta
    if track["lowest"] is not None:
        score = max(track["lowest"], score)
    if track["highest"] is not None:
        score = min(track["highest"], score)
    return score


def add(track: dict, entrant: str, delta: int) -> int:
    """Move an entrant by `delta`, stopping at the ends of the track. Returns the new score."""
    track["scores"][entrant] = score = would_be(track, entrant, delta)
    return score


def ensure(track: dict, entrant: str) -> None:
    track["scores"].setdefault(entrant, 0)


def reached(track: dict) -> list[str]:
    """Entrants at or past the target, best first."""
    if track["target"] is None:
        return []
    hits = [e for e, s in track["scores"].items() if s >= track["target"]]
    return sorted(hits, key=lambda e: -track["scores"][e])


def leaders(track: dict) -> list[str]:
    if not track["scores"]:
        return []
    best = max(track["scores"].values())
    return [e for e, s in track["scores"].items() if s == best]
