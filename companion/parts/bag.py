"""A cloth bag of tokens: counts per kind, drawn blindly without replacement."""
from __future__ import annotations

import random

from ..errors import RuleError, Term


def new(contents: dict[str, int]) -> dict:
    return {"contents": {kind: int(n) for kind, n in contents.items()}}


def count(bag: dict) -> int:
    return sum(bag["contents"].values())


def draw(bag: dict, rng: random.Random) -> str:
    """Take one token at random; every token (not every kind) is equally likely."""
    total = count(bag)
    if total == 0:
        raise RuleError("The bag is empty.")
    pick = rng.randrange(total)
    for kind in sorted(bag["contents"]):
        pick -= bag["contents"][kind]
        if pick < 0:
            bag["contents"][kind] -= 1
            return kind
    raise AssertionError("unreachable: pick is below the total")


def put(bag: dict, kind: str) -> None:
    if kind not in bag["contents"]:
        raise RuleError("'%(kind)s' does not belong in this bag.", kind=Term(kind))
    bag["contents"][kind] += 1
