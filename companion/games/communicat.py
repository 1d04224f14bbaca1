"""CommuniCat: the Needs Generator of the Eco Edition, and a whole CommuniCat table.

One Cat (cooperative) or one Cat per team (competitive, Blue "Paw" and Orange "Scratch") must make
the Owners guess a secret Need among the Needs laid out. The companion keeps the Need deck (with its
discard pile), deals the secret Need(s), runs the timer, the Nine Lives tokens, the score track and
the round history. The Pattern cards stay on the table.

This module is the game's registry entry: its options, its moves as the engine sees them (their
fields, a stale tap, who may undo) and GAME. The rules are communicat_rules.py (the table, the deck
and the deal, who is who) and communicat_round.py (a round under way and its score, which reads
them); what each screen is shown, and who may see a secret, is communicat_view.py (which reads
both). This module imports all three and nothing imports it back, so the imports run one way.
"""
from __future__ import annotations

from ..fields import Bool, Choice, Int, Text
from .base import Game, InPlay, Move
from .communicat_round import (declare_patterns_out, guess, mishap, next_team, preview_resolve, resolve, show_need,
                               spend_life, timer_pause, timer_reset, timer_start)
from .communicat_rules import (DIFFICULTIES, LIFE_KINDS, MAX_MISHAPS, MODES, OUTCOMES, RULES, TEAMS, TIMER_CHOICES,
                               choose_cat, configure, new_needs, rematch, set_team, setup)
from .communicat_view import standing, view


def _timer_fields(required: bool) -> dict:
    return {
        "timer": Choice(label="timer length", choices=TIMER_CHOICES, required=False,
                        default=str(RULES["timer_default"]) if required else None),
        "timer_custom": Int(label="custom timer seconds", min=RULES["timer_min"], max=RULES["timer_max"],
                            required=False),
    }


OPTIONS = {
    "mode": Choice(label="mode", choices=MODES, required=False, default="coop"),
    "difficulty": Choice(label="difficulty", choices=tuple(DIFFICULTIES), required=False,
                         default=RULES["default_difficulty"]),
    **_timer_fields(required=True),
    "target": Int(label="target score", min=1, max=30, required=False, default=RULES["target"]),
}


_SEAT = Int(label="player", min=0, max=10**9)
MOVES = {
    "configure": Move(configure, {
        "mode": Choice(label="mode", choices=MODES, required=False),
        "difficulty": Choice(label="difficulty", choices=tuple(DIFFICULTIES), required=False),
        **_timer_fields(required=False),
        "target": Int(label="target score", min=1, max=30, required=False),
    }, stale="refuse", reveals=False),
    # Deals: the Cat has seen the secret Need, so only the host may take a deal back.
    "new_needs": Move(new_needs, stale="refuse", reveals=True),
    "show_need": Move(show_need, {  # a toggle: a double press must not undo itself
        "team": Choice(label="team", choices=TEAMS, required=False),
        "confirm": Bool(label="confirm"),
    }, stale="refuse", reveals=True),
    "timer_start": Move(timer_start, stale="apply", reveals=False),
    "timer_pause": Move(timer_pause, stale="apply", reveals=False),
    "timer_reset": Move(timer_reset, stale="apply", reveals=False),
    "next_team": Move(next_team, stale="refuse", reveals=False),
    "spend_life": Move(spend_life, {"kind": Choice(label="kind", choices=LIFE_KINDS),
                                    "count": Int(label="tokens", min=1, max=RULES["lives"], required=False, default=1)},
                       stale="apply", reveals=False),
    # The answer shows whether that Need is the secret: taking it back would be a free look.
    # Any short id: a group's own deck has ids of its own; `guess` checks it is laid out this round.
    "guess": Move(guess, {"need": Text(label="Need", min_len=1, max_len=24),
                          "team": Choice(label="team", choices=TEAMS, required=False),
                          "confidence": Bool(label="confidence")},
                  stale="refuse", reveals=True),
    "mishap": Move(mishap, {"reason": Choice(label="reason", choices=("wrong_guess", "pass"))},
                   stale="apply", reveals=False),
    "resolve": Move(resolve, {
        "outcome": Choice(label="outcome", choices=OUTCOMES, required=False),
        "confidence": Bool(label="confidence"),
        "mishaps": Int(label="Mishap cards", min=0, max=MAX_MISHAPS, required=False),
        "lives_on_mishap": Int(label="Nine Lives on the Mishap pile", min=0, max=RULES["lives"], required=False),
        "team": Choice(label="team", choices=(*TEAMS, "none"), required=False),
    }, stale="refuse", reveals=True, preview=preview_resolve),  # the round's history names its secret Need
    "declare_patterns_out": Move(declare_patterns_out, stale="refuse", reveals=False),
    "rematch": Move(rematch, stale="refuse", reveals=False, new_game=True),
    "choose_cat": Move(choose_cat, {"seat": _SEAT}, stale="refuse", reveals=False),
    "set_team": Move(set_team, {"seat": _SEAT, "team": Choice(label="team", choices=TEAMS)},
                     stale="refuse", reveals=False),
}


GAME = Game(
    id="communicat",
    title="CommuniCat",
    blurb="The Needs Generator: lay out the Needs, show the Cat its secret Need on its own phone, "
          "time the round, spend Nine Lives and keep the score.",
    players="2+ (competitive 4+)",
    setup=setup,
    moves=MOVES,
    view=view,
    standing=standing,
    options=OPTIONS,
    sections_read_viewer=True,
    order=1,
    in_play=InPlay(options={"mode": "coop"}, moves=(("new_needs", {}),)),
    secret_screens=("seat",),
)
