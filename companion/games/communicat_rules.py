"""CommuniCat's rules for the table: its settings, the Need deck (a group's own or the original) and
the deal of the secret Need(s), who is who (the rotating Cat, the teams and their Cats), the checks
the moves share, and the moves between rounds (configure, New Needs, choosing the Cat, moving a
player to the other team, the rematch).

The current secret Need is stored under state["round"]["secret"]; communicat_view.py decides who may
see it. A round under way (the Need shown on the board, the timer, Nine Lives, Mishaps, guesses) and
its score are communicat_round.py's; the moves as the engine sees them, and GAME, are
communicat.py's. Rule numbers and every reading come from decks/communicat.toml.
"""
from __future__ import annotations

from ..decks import load
from ..errors import N_, BadInput, RuleError, Term
from ..parts import counter, deck, track
from ..parts import timer as countdown  # "timer" is also a field of configure
from .base import Ctx

DATA = load("communicat")
RULES = DATA["rules"]
NEEDS = {n["id"]: {"id": n["id"], "name": n["name"], "icon": n["icon"]} for n in DATA["needs"]}
DIFFICULTIES: dict[str, int] = dict(RULES["difficulties"])
MODES = ("coop", "versus")
# Words shown to players are marked N_ where they are kept and translated in the templates.
MODE_NAMES = {"coop": N_("Cooperative"), "versus": N_("Competitive")}
TEAMS = ("blue", "orange")
TEAM_NAMES = {"blue": N_("Blue"), "orange": N_("Orange")}
TEAM_NICKNAMES = {"blue": N_("Paw"), "orange": N_("Scratch")}
TEAM_MARKS = {"blue": "🐾", "orange": "⚡"}
OUTCOMES = ("guessed", "out_of_patterns", "timeout")
LIFE_KINDS = ("confidence", "ignorance", "clarity")
TIMER_CHOICES = [str(s) for s in RULES["timer_presets"]] + ["custom"]
HISTORY_LENGTH = 60
BOARD_SHOW_SECONDS = 10   # a secret shown on the board covers itself after this long (the phone's is as long)
MAX_MISHAPS = 60

assert len(NEEDS) >= max(DIFFICULTIES.values()) + 1, "the Need deck must be bigger than a Hard layout"


def _timer_seconds(choice: str | None, custom: int | None) -> int | None:
    if choice == "custom":
        if custom is None:
            raise BadInput("Give the custom timer length in seconds.")
        return custom
    if choice is None:
        return custom  # a custom length alone is a clear enough wish
    return int(choice)


# ---------------------------------------------------------------- setup

def _fresh_game(state: dict, rng) -> None:
    """Everything a rematch starts again: deck, lives, score, rounds, history."""
    state["deck"] = deck.new(sorted(needs_of(state)), rng)
    state["lives"] = counter.new(RULES["lives"], lowest=0, highest=RULES["lives"])
    entrants = ["table"] if state["mode"] == "coop" else list(TEAMS)
    state["track"] = track.new(entrants, state["target"], lowest=RULES["score_floor"])
    state["round_no"] = 0            # rounds resolved so far
    state["round"] = None            # the round under way (None between rounds)
    state["last_secret"] = {}        # role ("cat", "blue", "orange") -> the Need it had last deal
    state["history"] = []
    state["finished"] = None
    state["first_team"] = "blue"
    state["timer"] = countdown.new(state["timer_seconds"])


def needs_of(state: dict) -> dict[str, dict]:
    """The Needs this table deals: a group's own deck (companion/groups/needs.py), else the original."""
    return state.get("own_needs") or NEEDS


def _deck_big_enough(state: dict, difficulty: str) -> None:
    """A group's deck must hold a layout and one more (the Cat never gets the same Need twice in a row)."""
    have, need = len(needs_of(state)), DIFFICULTIES[difficulty] + 1
    if have < need:
        raise BadInput("The group's Needs deck has %(have)s Needs; this difficulty needs at least %(need)s. "
                       "Add Needs on the group's page or pick an easier difficulty.", have=have, need=need)


def setup(options: dict, ctx: Ctx) -> dict:
    seconds = _timer_seconds(options["timer"], options["timer_custom"])
    state = {
        "mode": options["mode"],
        "difficulty": options["difficulty"],
        "timer_seconds": seconds,
        "target": options["target"],
        "next_cat": None,            # coop: the seat id who is the Cat next round (None: first seat)
        "team_cat": {t: None for t in TEAMS},   # versus: each team's chosen Cat (None: first member)
        "team_of": {},               # versus: seat id (str) -> team, for players moved by hand
    }
    if options.get("needs"):         # a group's table: the group's own deck, copied when it is set up
        state["own_needs"] = {n["id"]: {"id": n["id"], "name": n["name"], "icon": n["icon"], "own": True}
                              for n in options["needs"]}
        _deck_big_enough(state, state["difficulty"])
    _fresh_game(state, ctx.rng)
    return state


# ---------------------------------------------------------------- who is who

def teams(state: dict, ctx: Ctx) -> dict[str, list[int]]:
    """Seats by team: alternating Blue, Orange in seating order unless a player was moved."""
    out: dict[str, list[int]] = {t: [] for t in TEAMS}
    for index, seat in enumerate(ctx.seats):
        out[state["team_of"].get(str(seat.id), TEAMS[index % 2])].append(seat.id)
    return out


def team_of(state: dict, ctx: Ctx, seat_id: int) -> str | None:
    for team, members in teams(state, ctx).items():
        if seat_id in members:
            return team
    return None


def coop_next_cat(state: dict, ctx: Ctx) -> int | None:
    ids = [s.id for s in ctx.seats]
    if not ids:
        return None
    return state["next_cat"] if state["next_cat"] in ids else ids[0]


def versus_cats(state: dict, ctx: Ctx) -> dict[str, int | None]:
    out = {}
    for team, members in teams(state, ctx).items():
        chosen = state["team_cat"].get(team)
        out[team] = chosen if chosen in members else (members[0] if members else None)
    return out


def seat_after(ctx: Ctx, seat_id: int | None) -> int | None:
    """The player to the left: the next seat in seating order, wrapping round."""
    ids = [s.id for s in ctx.seats]
    if not ids:
        return None
    if seat_id not in ids:
        return ids[0]
    return ids[(ids.index(seat_id) + 1) % len(ids)]


def secret_roles(state: dict) -> tuple[str, ...]:
    return ("cat",) if state["mode"] == "coop" else TEAMS


# ---------------------------------------------------------------- guards

def require_not_finished(state: dict) -> None:
    if state["finished"]:
        raise RuleError("This game is over: press Rematch to play again with the same seats.")


def require_round(state: dict) -> dict:
    require_not_finished(state)
    if state["round"] is None:
        raise RuleError("No round is under way: press New Needs first.")
    return state["round"]


def require_coop(state: dict, what: str) -> None:
    if state["mode"] != "coop":
        raise RuleError("%(what)s belong to the cooperative game.", what=Term(what))


# ---------------------------------------------------------------- moves

def configure(state, ctx, mode, difficulty, timer, timer_custom, target):
    """Change the table's settings; they are kept for the next rounds (and the next visit)."""
    seconds = _timer_seconds(timer, timer_custom)
    if mode is not None and mode != state["mode"]:
        if state["history"] or any(state["track"]["scores"].values()):
            raise RuleError("The mode can change only before the first round is scored: press Rematch "
                            "after the game, or start a new table.")
        state["mode"] = mode
        if state["round"] is not None:  # the laid-out Needs were dealt for the other mode
            deck.discard(state["deck"], state["round"]["needs"])
            state["round"] = None
        state["last_secret"] = {}
        state["track"] = track.new(["table"] if mode == "coop" else list(TEAMS), state["target"],
                                   lowest=RULES["score_floor"])
        countdown.reset(state["timer"])
    if difficulty is not None:
        _deck_big_enough(state, difficulty)
        state["difficulty"] = difficulty  # used by the next New Needs
    if target is not None and target != state["target"]:
        if any(s >= target for s in state["track"]["scores"].values()):
            raise RuleError("A score is already at %(target)s or more: pick a higher target.", target=target)
        state["target"] = target
        state["track"]["target"] = target
    if seconds is not None:
        state["timer_seconds"] = seconds
        if not state["timer"]["running"]:
            countdown.reset(state["timer"], seconds)
        else:  # a running countdown keeps going; the new length applies from its next reset
            state["timer"]["length"] = seconds


def _deal_secret(state: dict, role: str, laid_out: list[str], rng) -> str:
    """Pick the role's secret among the laid-out Needs, never the one it had last deal."""
    last = state["last_secret"].get(role)
    choices = [n for n in laid_out if n != last]
    secret = choices[rng.randrange(len(choices))]
    state["last_secret"][role] = secret
    return secret


def new_needs(state, ctx):
    """Lay out a fresh set of Needs and deal the secret Need(s). During a round this re-deals it
    (same Cat, same round): the old Needs go to the discard pile like the physical cards."""
    require_not_finished(state)
    count = DIFFICULTIES[state["difficulty"]]
    current = state["round"]
    if current is not None:
        deck.discard(state["deck"], current["needs"])
    laid_out = deck.draw(state["deck"], count, ctx.rng)
    secret = {role: _deal_secret(state, role, laid_out, ctx.rng) for role in secret_roles(state)}
    if current is not None:
        current.update(needs=laid_out, secret=secret, shown=[], shown_until=None, deals=current["deals"] + 1)
    else:
        versus = state["mode"] == "versus"
        state["round"] = {
            "needs": laid_out, "secret": secret, "shown": [], "shown_until": None, "deals": 1,
            "cat": None if versus else coop_next_cat(state, ctx),
            "cats": versus_cats(state, ctx) if versus else None,
            "turn": state["first_team"] if versus else None,
            "spent": {k: 0 for k in LIFE_KINDS},
            "confidence_armed": False,   # a Confidence token is riding on the current guess
            "mishaps": 0, "lives_on_mishap": 0, "time_used": 0.0,
        }
    countdown.reset(state["timer"], state["timer_seconds"])


def rematch(state, ctx):
    """Play again with the same seats, settings and teams; the Cat keeps rotating."""
    if not state["finished"]:
        raise RuleError("The game is still going: rematch is for a finished game.")
    _fresh_game(state, ctx.rng)


def choose_cat(state, ctx, seat):
    """Coop: who is the Cat next round. Versus: that player becomes their team's Cat."""
    require_not_finished(state)
    if state["round"] is not None:
        raise RuleError("A round is under way: resolve it first (or undo New Needs).")
    if ctx.seat_named(seat) is None:
        raise BadInput("That player has not joined this table.")
    if state["mode"] == "coop":
        state["next_cat"] = seat
    else:
        state["team_cat"][team_of(state, ctx, seat)] = seat


def set_team(state, ctx, seat, team):
    """Versus: move a player to the other team (between rounds)."""
    require_not_finished(state)
    if state["mode"] != "versus":
        raise RuleError("Teams are for the competitive game.")
    if state["round"] is not None:
        raise RuleError("A round is under way: change teams after resolving it.")
    if ctx.seat_named(seat) is None:
        raise BadInput("That player has not joined this table.")
    state["team_of"][str(seat)] = team
