"""Choosing a first player (or anything) fairly at random."""
from __future__ import annotations

import random

from ..errors import RuleError


def pick(candidates: list, rng: random.Random):
    if not candidates:
        raise RuleError("There is nobody to pick from yet.")
    return candidates[rng.randrange(len(candidates))]
