"""A counter with bounds (lives, tokens, coins)."""
from __future__ import annotations

from ..errors import N_, RuleError, Term


def new(value: int, lowest: int | None = 0, highest: int | None = None) -> dict:
    return {"value": value, "lowest": lowest, "highest": highest}


def change(counter: dict, delta: int, name: str = N_("counter")) -> int:
    """Add `delta`, refusing (not clamping) a change that would leave the bounds, so a spend of
    tokens that are not there is an error the player sees rather than a silent no-op."""
    value = counter["value"] + delta
    if counter["lowest"] is not None and value < counter["lowest"]:
        raise RuleError("The %(name)s cannot go below %(lowest)s (it is at %(value)s).", name=Term(name),
                        lowest=counter['lowest'], value=counter['value'])
    if counter["highest"] is not None and value > counter["highest"]:
        raise RuleError("The %(name)s cannot go above %(highest)s (it is at %(value)s).", name=Term(name),
                        highest=counter['highest'], value=counter['value'])
    counter["value"] = value
    return value
