"""CommuniCat: the Needs Generator of the Eco Edition, and a whole CommuniCat table.

One Cat (cooperative) or one Cat per team (competitive, Blue "Paw" and Orange "Scratch") must make
the Owners guess a secret Need among the Needs laid out. The companion keeps the Need deck (with its
discard pile), deals the secret Need(s), runs the timer, the Nine Lives tokens, the score track and
the round history. The Pattern cards stay on the table.

Secrets: the current secret Need is stored under state["round"]["secret"] and reaches a view only for
the seat that is that secret's Cat, or the board while the players asked to show it there (one-device
play). A view never says which laid-out Need is secret in any other way (no flag, no order): the
laid-out Needs keep their dealt order, which does not depend on which one is secret.

Rule numbers and every reading come from decks/communicat.toml.
"""
from __future__ import annotations

from ..decks import load
from ..errors import N_, BadInput, Forbidden, RuleError, Term
from ..fields import Bool, Choice, Int, Text
from ..parts import counter, deck, track
from ..parts import timer as countdown  # "timer" is also a field of configure
from .base import Ctx, Game, InPlay, Move

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

def _not_finished(state: dict) -> None:
    if state["finished"]:
        raise RuleError("This game is over: press Rematch to play again with the same seats.")


def _round(state: dict) -> dict:
    _not_finished(state)
    if state["round"] is None:
        raise RuleError("No round is under way: press New Needs first.")
    return state["round"]


def _coop_only(state: dict, what: str) -> None:
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
    _not_finished(state)
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


def secret_owners(state: dict, r: dict, ctx: Ctx) -> dict[str, int]:
    """Each secret whose Cat has a phone at the table: role -> that seat. Empty in one-device play
    (nobody seated, or a Cat nobody is seated as), where the board is the only place the Cat sees it."""
    seated = {s.id for s in ctx.seats}
    cats = {"cat": r["cat"]} if state["mode"] == "coop" else dict(r["cats"])
    return {role: seat for role, seat in cats.items() if seat is not None and seat in seated}


def shown_roles(r: dict | None, now: float) -> list[str]:
    """The secrets the board shows right now. A secret its Cat also holds on a phone is shown for
    BOARD_SHOW_SECONDS and then covers itself (like the phone's); one-device play shows it until the
    Cat presses again. (`True`: a round stored before the board showed one team at a time.)"""
    if r is None or not r.get("shown"):
        return []
    roles = list(r["secret"]) if r["shown"] is True else list(r["shown"])
    until = r.get("shown_until")
    return roles if until is None or now < until else []


def show_need(state, ctx, team, confirm):
    """Show the secret Need(s) on the board, or hide them. A secret that is on its Cat's phone is
    shown to everyone only when asked twice (`confirm`), one team's at a time; one-device play (the
    Cat has no phone here) stays one tap, as the rulebook's generator."""
    if ctx.seat is not None:
        raise Forbidden("Show Cat Need works on the shared board; the Cat's phone already shows it.")
    r = _round(state)
    shown = shown_roles(r, ctx.now)
    if state["mode"] == "coop":
        if team is not None:
            raise BadInput("Teams are for the competitive game.")
        wanted = ["cat"]
    else:
        wanted = [team] if team is not None else list(TEAMS)
    if shown and (team is None or team in shown):   # pressed again: hide
        r["shown"], r["shown_until"] = [], None
        return
    owners = {role: seat for role, seat in secret_owners(state, r, ctx).items() if role in wanted}
    if owners and team is None and state["mode"] == "versus":
        raise BadInput("Say whose Need to show: blue or orange (one team's at a time).")
    if owners and not confirm:
        raise RuleError("It is on %(name)s's phone. Show it to everyone?", name=ctx.name_of(next(iter(owners.values()))))
    r["shown"] = wanted
    r["shown_until"] = ctx.now + BOARD_SHOW_SECONDS if owners else None


def timer_start(state, ctx):
    _round(state)
    countdown.start(state["timer"], ctx.now)


def timer_pause(state, ctx):
    _round(state)
    countdown.pause(state["timer"], ctx.now)


def timer_reset(state, ctx):
    _round(state)
    countdown.reset(state["timer"], state["timer_seconds"])


def _time_used(state: dict, now: float) -> float:
    t = state["timer"]
    return max(0.0, t["length"] - countdown.remaining(t, now))


def next_team(state, ctx):
    """Competitive: play passes to the other team, who restart the timer."""
    r = _round(state)
    if state["mode"] != "versus":
        raise RuleError("Next team is for the competitive game.")
    r["time_used"] += _time_used(state, ctx.now)
    r["turn"] = "orange" if r["turn"] == "blue" else "blue"
    countdown.reset(state["timer"], state["timer_seconds"])
    countdown.start(state["timer"], ctx.now)


def spend_life(state, ctx, kind, count):
    r = _round(state)
    _coop_only(state, N_("Nine Lives"))
    if kind == "confidence":
        if count != 1:
            raise BadInput("Confidence takes exactly one token.")
        if r["confidence_armed"]:
            raise RuleError("Confidence is already on this guess: make the guess first.")
    left = state["lives"]["value"]
    if count > left:
        if left == 1:
            raise RuleError("Only one Nine Lives token is left.")
        raise RuleError("Only %(left)s Nine Lives tokens are left.", left=left)
    counter.change(state["lives"], -count, N_("Nine Lives"))
    r["spent"][kind] += count
    if kind == "confidence":
        r["confidence_armed"] = True
    elif kind == "ignorance":
        r["lives_on_mishap"] += count


def mishap(state, ctx, reason):
    """Coop: a wrong guess (the Owners move a Pattern to the Mishap pile) or a pass (the Cat
    discards one there). Either way a Confidence token on the guess is used up."""
    r = _round(state)
    _coop_only(state, N_("The Mishap pile and its count"))
    if r["mishaps"] >= MAX_MISHAPS:
        raise RuleError("The Mishap pile is at its limit (%(limit)s).", limit=MAX_MISHAPS)
    r["mishaps"] += 1
    if reason == "wrong_guess":
        r["confidence_armed"] = False


def guess(state, ctx, need, team, confidence):
    """The Owners tap the Need they guess; the server, which knows the secret, answers on every screen.
    Cooperative: wrong puts a card on the Mishap pile (and a Confidence token on it is lost, as with
    Wrong guess); right makes resolving the next step, with Confidence's point when one was spent.
    `confidence`: spend a Confidence token on this guess first (the rules spend one per guess).
    Competitive: each team guesses its own Cat's Need (a phone guesses for its team, the board for
    the team whose turn it is unless it names one). The Cats know their Need, so they do not guess."""
    r = _round(state)
    if need not in r["needs"]:
        raise BadInput("That Need is not laid out this round.")
    if len(r.setdefault("guesses", [])) >= MAX_MISHAPS:
        raise RuleError("This round has had %(limit)s guesses: resolve it.", limit=MAX_MISHAPS)
    if state["mode"] == "coop":
        if team is not None:
            raise BadInput("Teams are for the competitive game.")
        if ctx.seat is not None and r["cat"] == ctx.seat.id:
            raise Forbidden("You are the Cat: the Owners guess your Need.")
        role = "cat"
    else:
        if confidence:
            raise RuleError("%(what)s belong to the cooperative game.", what=Term(N_("Nine Lives")))
        mine = team_of(state, ctx, ctx.seat.id) if ctx.seat is not None else None
        if ctx.seat is not None and (mine is None or r["cats"].get(mine) == ctx.seat.id):
            raise Forbidden("You are your team's Cat: your Owners guess your Need.")
        if team is not None and mine is not None and team != mine:
            raise Forbidden("Each team guesses its own Cat's Need.")
        role = mine or team or r["turn"]
    if any(g["right"] and g["team"] == (None if role == "cat" else role) for g in r["guesses"]):
        raise RuleError("That Need was already guessed right: resolve the round.")
    if confidence:
        if r["confidence_armed"]:
            raise RuleError("Confidence is already on this guess: make the guess first.")
        spend_life(state, ctx, "confidence", 1)
    right = need == r["secret"][role]
    r["guesses"].append({"need": need, "right": right, "by": ctx.seat.name if ctx.seat else None,
                         "team": None if role == "cat" else role,
                         "confidence": bool(state["mode"] == "coop" and r["confidence_armed"])})
    if not right and state["mode"] == "coop":
        mishap(state, ctx, "wrong_guess")


def _moved(entry: dict) -> int:
    """How far a history entry's round moved the score: the team's (versus) or the table's."""
    before, after = entry["before"], entry["after"]
    if isinstance(before, dict):
        team = entry.get("team")
        return after.get(team, 0) - before.get(team, 0) if team in TEAMS else 0
    return after - before


def _guess_entries(state: dict, guesses: list[dict]) -> list[dict]:
    """The round's guesses for a view or the history: public once made (the Cat answered aloud)."""
    return [dict(g, need=_need(g["need"], state)) for g in guesses]


def coop_points(outcome: str, confidence: bool, mishaps: int, lives_on_mishap: int) -> int:
    """The rulebook's round score: +2 guessed (+1 with Confidence), -1 out of Patterns or out of
    time, then one less per Mishap card not covered by a Nine Lives token (never a gain)."""
    if outcome == "guessed":
        points = RULES["points_guessed"] + (RULES["points_confidence"] if confidence else 0)
    else:
        points = RULES["points_failed"]
    return points - max(0, mishaps - lives_on_mishap)


def _cats_of_round(state: dict, r: dict, ctx: Ctx) -> dict:
    """Who was the Cat, for the history: names only (the template words them); None for a Cat nobody
    was seated as (one-device play)."""
    if state["mode"] == "coop":
        return {"cat": ctx.name_of(r["cat"]) if r["cat"] is not None else None}
    return {"cat": None, "cats": {t: ctx.name_of(r["cats"][t]) if r["cats"][t] is not None else None for t in TEAMS}}


def _coop_resolution(state: dict, outcome, confidence, mishaps, lives_on_mishap) -> dict:
    """How a cooperative round would resolve with these entries, changing nothing: the checks and the
    sum that `resolve` applies and `preview_resolve` shows."""
    r = _round(state)
    if outcome is None:
        raise BadInput("Say how the round ended: guessed, Cat out of Patterns, or time out.")
    mishaps = r["mishaps"] if mishaps is None else mishaps
    lives_on_mishap = r["lives_on_mishap"] if lives_on_mishap is None else lives_on_mishap
    # Tokens the app was not told about are spent now; fewer than recorded needs an undo.
    if lives_on_mishap < r["lives_on_mishap"]:
        raise RuleError("%(placed)s Nine Lives tokens were placed on the Mishap pile this round; undo an "
                        "Ignorance spend to change that.", placed=r["lives_on_mishap"])
    extra = lives_on_mishap - r["lives_on_mishap"]
    # The recorded spend decides: a Confidence token spent on this guess (and not lost to a wrong
    # guess) adds its point to a right guess, whatever the form sends. A `confidence` field can only
    # agree with it; one claiming a token nobody spent, or a point without a right guess, is refused
    # rather than quietly scored differently from what every screen showed.
    if confidence and not r["confidence_armed"]:
        raise RuleError("No Confidence token is on this guess: spend one with the Confidence button "
                        "before the guess, or resolve without Confidence.")
    if confidence and outcome != "guessed":
        raise RuleError("Confidence adds its point only to a right guess.")
    confidence = r["confidence_armed"] and outcome == "guessed"
    if extra > state["lives"]["value"]:
        raise RuleError("Only %(left)s Nine Lives tokens are left.", left=state["lives"]["value"])
    points = coop_points(outcome, confidence, mishaps, lives_on_mishap)
    return {"confidence": confidence, "mishaps": mishaps, "lives_on_mishap": lives_on_mishap,
            "extra_lives": extra, "points": points,
            "score": track.would_be(state["track"], "table", points), "target": state["target"]}


def preview_resolve(state, ctx, outcome, confidence, mishaps, lives_on_mishap, team):
    """What resolving the round with these entries would score (the form shows it before applying)."""
    _not_finished(state)
    if state["mode"] != "coop":
        raise BadInput("In competitive mode each team's button shows its points.")
    c = _coop_resolution(state, outcome, confidence, mishaps, lives_on_mishap)
    return {"points": c["points"], "score": c["score"], "target": c["target"]}


def resolve(state, ctx, outcome, confidence, mishaps, lives_on_mishap, team):
    r = _round(state)
    time_used = round(r["time_used"] + _time_used(state, ctx.now), 1)
    if state["mode"] == "coop":
        c = _coop_resolution(state, outcome, confidence, mishaps, lives_on_mishap)
        confidence, mishaps, lives_on_mishap, points = c["confidence"], c["mishaps"], c["lives_on_mishap"], c["points"]
        counter.change(state["lives"], -c["extra_lives"], N_("Nine Lives"))
        r["spent"]["ignorance"] += c["extra_lives"]
        before = state["track"]["scores"]["table"]
        after = track.add(state["track"], "table", points)
        entry_outcome = outcome + ("+confidence" if confidence else "")
        needs = [needs_of(state)[r["secret"]["cat"]]["name"]]
        detail = {"mishaps": mishaps, "lives_on_mishap": lives_on_mishap}
        state["next_cat"] = seat_after(ctx, r["cat"])
    else:
        if team is None:
            raise BadInput("Say which team guessed: blue, orange, or none.")
        points = RULES["points_versus"] if team != "none" else 0
        before = dict(state["track"]["scores"])
        if team != "none":
            track.add(state["track"], team, points)
        after = dict(state["track"]["scores"])
        entry_outcome = team
        needs = [needs_of(state)[r["secret"][t]]["name"] for t in TEAMS]
        detail = {"first_team": state["first_team"]}
        state["first_team"] = "orange" if state["first_team"] == "blue" else "blue"
    state["round_no"] += 1
    state["history"].insert(0, {
        "round": state["round_no"], "needs": needs, **_cats_of_round(state, r, ctx),
        "guesses": [{"need": needs_of(state)[g["need"]]["name"], "right": g["right"], "by": g["by"], "team": g["team"]}
                    for g in r.get("guesses", [])],
        "outcome": entry_outcome, "points": points, "team": team, "before": before, "after": after,
        "time_used": time_used, **detail,
    })
    del state["history"][HISTORY_LENGTH:]
    deck.discard(state["deck"], r["needs"])
    state["round"] = None
    countdown.reset(state["timer"], state["timer_seconds"])
    winners = track.reached(state["track"])
    if winners:
        state["finished"] = {"result": "won", "winner": None if state["mode"] == "coop" else winners[0],
                             "reason": "target"}


def declare_patterns_out(state, ctx):
    """The Pattern deck ran out: the cooperative table loses; a competitive game ends with the team
    ahead winning (a tie is a draw)."""
    _not_finished(state)
    if state["round"] is not None:
        deck.discard(state["deck"], state["round"]["needs"])
        state["round"] = None
    countdown.reset(state["timer"], state["timer_seconds"])
    if state["mode"] == "coop":
        state["finished"] = {"result": "lost", "winner": None, "reason": "patterns"}
        return
    leaders = track.leaders(state["track"])
    winner = leaders[0] if len(leaders) == 1 else None
    state["finished"] = {"result": "won" if winner else "draw", "winner": winner, "reason": "patterns"}


def rematch(state, ctx):
    """Play again with the same seats, settings and teams; the Cat keeps rotating."""
    if not state["finished"]:
        raise RuleError("The game is still going: rematch is for a finished game.")
    _fresh_game(state, ctx.rng)


def choose_cat(state, ctx, seat):
    """Coop: who is the Cat next round. Versus: that player becomes their team's Cat."""
    _not_finished(state)
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
    _not_finished(state)
    if state["mode"] != "versus":
        raise RuleError("Teams are for the competitive game.")
    if state["round"] is not None:
        raise RuleError("A round is under way: change teams after resolving it.")
    if ctx.seat_named(seat) is None:
        raise BadInput("That player has not joined this table.")
    state["team_of"][str(seat)] = team


# ---------------------------------------------------------------- views

def _need(need_id: str, state: dict | None = None) -> dict:
    """A Need as views show it, from the table's deck (a group's own, else the original)."""
    return dict((needs_of(state) if state is not None else NEEDS)[need_id])


def my_secret_roles(state: dict, ctx: Ctx) -> list[str]:
    """Which secrets this viewer may see right now (the heart of the secrecy rule)."""
    r = state["round"]
    if r is None:
        return []
    if ctx.seat is None:
        return shown_roles(r, ctx.now) if ctx.is_board else []
    if state["mode"] == "coop":
        return ["cat"] if r["cat"] == ctx.seat.id else []
    return [t for t in TEAMS if r["cats"][t] == ctx.seat.id]


def _who(ctx: Ctx, seat_id: int | None) -> dict | None:
    return {"id": seat_id, "name": ctx.name_of(seat_id)} if seat_id is not None else None


def view(state: dict, ctx: Ctx) -> dict:
    r = state["round"]
    versus = state["mode"] == "versus"
    out: dict = {
        "mode": state["mode"], "mode_name": MODE_NAMES[state["mode"]],
        "difficulty": state["difficulty"], "need_count": DIFFICULTIES[state["difficulty"]],
        "difficulties": [{"id": k, "count": v} for k, v in DIFFICULTIES.items()],
        "timer_seconds": state["timer_seconds"], "timer_presets": RULES["timer_presets"],
        "target": state["target"],
        "round": state["round_no"] + (1 if r is not None else 0),
        "in_round": r is not None,
        "needs": [_need(n, state) for n in r["needs"]] if r else [],
        # What the board shows (roles, not Needs: the same on every screen) and until when.
        "shown": shown_roles(r, ctx.now),
        "shown_until": r.get("shown_until") if shown_roles(r, ctx.now) else None,
        "show_seconds": BOARD_SHOW_SECONDS,
        # The Owners' tapped guess was right: resolving is the next step (see `guess`).
        "guess_right": bool(r and any(g["right"] for g in r.get("guesses", []))),
        "guesses": _guess_entries(state, r.get("guesses", [])) if r else [],
        # Whose phones hold the secrets: the board asks before showing one of those to everyone.
        "show_asks": ({role: ctx.name_of(seat) for role, seat in secret_owners(state, r, ctx).items()}
                      if r else {}),
        "timer": countdown.view(state["timer"], ctx.now),
        "deck": {"draw": len(state["deck"]["draw"]), "discard": len(state["deck"]["discard"])},
        # The outcome as a kind and a flag: the template says it in the viewer's language.
        # `moved`: what the round really did to the score (the track stops at its floor), so the
        # history's points add up to the score; `points` stays what the rules gave.
        "history": [dict(h, outcome_kind=h["outcome"].split("+")[0],
                         with_confidence=h["outcome"].endswith("+confidence"), moved=_moved(h))
                    for h in state["history"]],
        "finished": dict(state["finished"]) if state["finished"] else None,
    }
    if versus:
        team_seats = teams(state, ctx)
        cats = r["cats"] if r else versus_cats(state, ctx)
        out["scores"] = dict(state["track"]["scores"])
        out["teams"] = [{"id": t, "name": TEAM_NAMES[t], "nickname": TEAM_NICKNAMES[t], "mark": TEAM_MARKS[t],
                         "score": state["track"]["scores"][t],
                         "score_if_guessed": track.would_be(state["track"], t, RULES["points_versus"]),
                         "cat": _who(ctx, cats[t]),
                         "members": [_who(ctx, s) for s in team_seats[t]]} for t in TEAMS]
        out["first_team"] = state["first_team"]
        out["turn_team"] = r["turn"] if r else state["first_team"]
        out["cat"] = None
    else:
        out["score"] = state["track"]["scores"]["table"]
        # Everyone at the table plays together: named so an evening's tally credits each of them.
        out["people"] = [s.name for s in ctx.seats]
        out["cat"] = _who(ctx, r["cat"] if r else coop_next_cat(state, ctx))
        out["next_cat"] = _who(ctx, seat_after(ctx, r["cat"])) if r and ctx.seats else None
        out["lives"] = state["lives"]["value"]
        out["lives_max"] = RULES["lives"]
        if r:
            out["spent"] = dict(r["spent"])
            out["confidence_armed"] = r["confidence_armed"]
            out["mishaps"] = r["mishaps"]
            out["lives_on_mishap"] = r["lives_on_mishap"]
            out["preview"] = {o: coop_points(o, o == "guessed" and r["confidence_armed"], r["mishaps"],
                                             r["lives_on_mishap"]) for o in OUTCOMES}
            out["preview_score"] = {o: track.would_be(state["track"], "table", p) for o, p in out["preview"].items()}
    out["scoring"] = {"guessed": RULES["points_guessed"], "confidence": RULES["points_confidence"],
                      "failed": RULES["points_failed"], "versus": RULES["points_versus"],
                      "floor": RULES["score_floor"]}
    # The viewer's own part in the round.
    if ctx.seat is not None:
        if versus:
            my_team = team_of(state, ctx, ctx.seat.id)
            out["my_team"] = my_team
            out["my_role"] = "cat" if my_team and (r["cats"] if r else versus_cats(state, ctx))[my_team] == ctx.seat.id else "owner"
        else:
            out["my_role"] = "cat" if out["cat"] and out["cat"]["id"] == ctx.seat.id else "owner"
    # Who may tap a Need as a guess: an Owner's phone or the board, during a round, while a guess is
    # still open (cooperative: until one is right; competitive: the viewer's team, or the team whose
    # turn it is on the board).
    out["can_guess"] = False
    if r and not state["finished"] and (ctx.seat is not None or ctx.is_board):
        guessed = {g["team"] for g in r.get("guesses", []) if g["right"]}
        if versus:
            side = out.get("my_team") if ctx.seat is not None else r["turn"]
            out["can_guess"] = (side is not None and out.get("my_role") != "cat" and side not in guessed)
            out["guess_team"] = side
        else:
            out["can_guess"] = out.get("my_role") != "cat" and None not in guessed
    # The secret(s) this viewer may see, and nothing about the others.
    visible = my_secret_roles(state, ctx)
    if visible:
        secret = {role: _need(r["secret"][role], state) for role in visible}
        out["secret"] = secret
        if len(visible) == 2:
            out["same_need"] = r["secret"]["blue"] == r["secret"]["orange"]
    return out


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

def standing(board: dict) -> dict | None:
    """The score track after each round: the table's one score together, or each team's (see
    Game.standing). Never the Needs: only the track and the result."""
    if board["mode"] == "versus":
        scores = {t["name"]: t["score"] for t in board["teams"]}
        members = {t["name"]: [m["name"] for m in t["members"] if m] for t in board["teams"]}
    else:
        scores = {"Together": board["score"]}
        members = {"Together": list(board.get("people", []))}
    finished = board["finished"]
    winners = []
    if finished and finished["result"] == "won":
        winners = ["Together"] if board["mode"] != "versus" else [
            t["name"] for t in board["teams"] if t["id"] == finished["winner"]]
    return {"players": list(scores), "round": board["round"], "scores": scores,
            "over": finished is not None, "winners": winners, "members": members}


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
