"""A CommuniCat round under way, and its end: the secret Need shown on the shared board (one team's at
a time, asked twice when it is on a phone), the timer and the competitive teams' turns, Nine Lives
and the Mishap pile, the Owners' guesses answered on every screen; then the rulebook's score (shown
by `preview_resolve` before `resolve` applies it), the round's history and the game's end, by the
target or by the Pattern deck running out. Its moves act on the round New Needs dealt
(communicat_rules.py); only declaring the Pattern deck out may also come between rounds.
"""
from __future__ import annotations

from ..errors import N_, BadInput, Forbidden, RuleError, Term
from ..parts import counter, deck, track
from ..parts import timer as countdown
from .base import Ctx
from .communicat_rules import (BOARD_SHOW_SECONDS, HISTORY_LENGTH, MAX_MISHAPS, RULES, TEAMS, needs_of,
                               require_coop, require_not_finished, require_round, seat_after, team_of)


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
    r = require_round(state)
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
    require_round(state)
    countdown.start(state["timer"], ctx.now)


def timer_pause(state, ctx):
    require_round(state)
    countdown.pause(state["timer"], ctx.now)


def timer_reset(state, ctx):
    require_round(state)
    countdown.reset(state["timer"], state["timer_seconds"])


def _time_used(state: dict, now: float) -> float:
    t = state["timer"]
    return max(0.0, t["length"] - countdown.remaining(t, now))


def next_team(state, ctx):
    """Competitive: play passes to the other team, who restart the timer."""
    r = require_round(state)
    if state["mode"] != "versus":
        raise RuleError("Next team is for the competitive game.")
    r["time_used"] += _time_used(state, ctx.now)
    r["turn"] = "orange" if r["turn"] == "blue" else "blue"
    countdown.reset(state["timer"], state["timer_seconds"])
    countdown.start(state["timer"], ctx.now)


def spend_life(state, ctx, kind, count):
    r = require_round(state)
    require_coop(state, N_("Nine Lives"))
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
    r = require_round(state)
    require_coop(state, N_("The Mishap pile and its count"))
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
    r = require_round(state)
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


# ---------------------------------------------------------------- the round's score and the game's end

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
    r = require_round(state)
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
    require_not_finished(state)
    if state["mode"] != "coop":
        raise BadInput("In competitive mode each team's button shows its points.")
    c = _coop_resolution(state, outcome, confidence, mishaps, lives_on_mishap)
    return {"points": c["points"], "score": c["score"], "target": c["target"]}


def resolve(state, ctx, outcome, confidence, mishaps, lives_on_mishap, team):
    r = require_round(state)
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
    require_not_finished(state)
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
