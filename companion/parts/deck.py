"""A deck of cards with a draw pile and a discard pile, reshuffled from the discards when empty."""
from __future__ import annotations

import random

from ..errors import RuleError


def new(cards: list, rng: random.Random) -> dict:
    pile = list(cards)
    rng.shuffle(pile)
    return {"draw": pile, "discard": []}


def size(deck: dict) -> int:
    return len(deck["draw"]) + len(deck["discard"])


def _reshuffle(deck: dict, rng: random.Random) -> None:
    pile = deck["discard"]
    rng.shuffle(pile)
    deck["draw"] = deck["draw"] + pile
    deck["discard"] = []


def draw(deck: dict, count: int, rng: random.Random, exclude: tuple = ()) -> list:
    """Draw `count` cards. When the draw pile runs out the discards are shuffled in, as with the
    physical cards. Cards in `exclude` are passed over and stay on top of the pile, so a caller can
    ask for cards distinct from ones already on the table."""
    if count < 0:
        raise RuleError("Cannot draw a negative number of cards.")
    if count > size(deck) - sum(1 for c in exclude if c in deck["draw"] or c in deck["discard"]):
        raise RuleError("The deck has only %(size)s cards; cannot draw %(count)s.", size=size(deck), count=count)
    drawn: list = []
    skipped: list = []
    while len(drawn) < count:
        if not deck["draw"]:
            _reshuffle(deck, rng)
        card = deck["draw"].pop()
        (skipped if card in exclude else drawn).append(card)
    deck["draw"].extend(reversed(skipped))
    return drawn


def discard(deck: dict, cards: list) -> None:
    deck["discard"].extend(cards)


def reshuffle_all(deck: dict, rng: random.Random) -> None:
    """Gather the discards back and shuffle the whole deck."""
    deck["draw"].extend(deck["discard"])
    deck["discard"] = []
    rng.shuffle(deck["draw"])
