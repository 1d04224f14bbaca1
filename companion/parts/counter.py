"""A counter with bounds (lives, tokens, coins)."""
from __future__ import annotations

from ..errors import RuleError


def new(value: int, lowest: int | None = 0, highest: int | None = None) -> dict:
    return {"value": value, "lowest": lowest, "highest": highest}


def change(counter: dict, delta: int, name: str = "counter") -> int:
    """Add `delta`, refusing (not clamping) a change that would leave the bounds, so a spend of
    tokens that are not there is an error the player sees rather than a silent no-op."""
    value = counter["value"] + delta
    if counter["lowest"] is not None and value < counter["lowest"]:
        raise RuleError(f"The {name} cannot go below {counter['lowest']} (it is at {counter['value']}).")
    if counter["highest"] is not None and value > counter["highest"]:
        raise RuleError(f"The {name} cannot go above {counter['highest']} (it is at {counter['value']}).")
    counter["value"] = value
    return value
