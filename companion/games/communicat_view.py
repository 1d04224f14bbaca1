"""What each CommuniCat screen is shown, read from the state the rules (communicat_rules.py,
communicat_round.py) keep, and the standing a table's record keeps of it.

Secrets: the current secret Need is stored under state["round"]["secret"] and reaches a view only for
the seat that is that secret's Cat, or the board while the players asked to show it there (one-device
play). A view never says which laid-out Need is secret in any other way (no flag, no order): the
laid-out Needs keep their dealt order, which does not depend on which one is secret.
"""
from __future__ import annotations

from ..parts import timer as countdown
from ..parts import track
from .base import Ctx
from .communicat_round import coop_points, secret_owners, shown_roles
from .communicat_rules import (BOARD_SHOW_SECONDS, DIFFICULTIES, MODE_NAMES, NEEDS, OUTCOMES, RULES, TEAM_MARKS,
                               TEAM_NAMES, TEAM_NICKNAMES, TEAMS, coop_next_cat, needs_of, seat_after, team_of,
                               teams, versus_cats)


def need_view(need_id: str, state: dict | None = None) -> dict:
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


def _moved(entry: dict) -> int:
    """How far a history entry's round moved the score: the team's (versus) or the table's."""
    before, after = entry["before"], entry["after"]
    if isinstance(before, dict):
        team = entry.get("team")
        return after.get(team, 0) - before.get(team, 0) if team in TEAMS else 0
    return after - before


def _guess_entries(state: dict, guesses: list[dict]) -> list[dict]:
    """The round's guesses for a view or the history: public once made (the Cat answered aloud)."""
    return [dict(g, need=need_view(g["need"], state)) for g in guesses]


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
        "needs": [need_view(n, state) for n in r["needs"]] if r else [],
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
        secret = {role: need_view(r["secret"][role], state) for role in visible}
        out["secret"] = secret
        if len(visible) == 2:
            out["same_need"] = r["secret"]["blue"] == r["secret"]["orange"]
    return out


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
