"""What each Pack the Essentials screen is shown, read from the state the rules
(pack_the_essentials_rules.py) and the score pad (pack_the_essentials_scoring.py) keep: the rounds,
the draft board, the counters, the pads, the vote and the Purr-sonal Best; and the standing a
table's record keeps of it.
"""
from __future__ import annotations

import time

from ..parts import rounds
from .base import Ctx
from .pack_the_essentials_rules import (COLOUR_TABLE, COLOURS, DATA, GOALS, MAX_SEATED, MODES, ROUNDS,
                                        choosing_order, own_player, pack_rat_limit, seat_name)
from .pack_the_essentials_scoring import PAD_FIELDS, all_scored, prefill, ranked, vote_state, winners


def _seat_row(state: dict, ctx: Ctx, sid: str) -> dict:
    return {"id": int(sid), "name": seat_name(ctx, sid), **state["counters"][sid],
            "holder": state["phase"] not in ("waiting", "scoring") and state["players"][state["holder"]] == sid}


BEST_SHOWN = 20


def best_results(records: list[dict]) -> list[dict]:
    """The Purr-sonal Best: the rulebook records a solo score when it beats the card's target. Read
    from the records of finished solo games at every table (companion/records.py; a pad corrected
    after the end corrects its record, an undone ending takes it away), best first. The card is
    kept as its level and target, so each screen names the level in its own language."""
    entries = []
    for record in records:
        solo = (record.get("details") or {}).get("solo")
        if not solo or not record["players"]:
            continue
        name = record["players"][0]
        score = record["scores"].get(name)
        if score is not None and score >= solo["target"]:
            entries.append({"date": time.strftime("%Y-%m-%d", time.gmtime(record["finished_at"])), "name": name,
                            "level": solo["level"], "target": solo["target"], "score": score})
    entries.sort(key=lambda e: (-e["score"], e["date"]))
    return entries[:BEST_SHOWN]


def _log_entry(entry) -> dict:
    """A recent-events entry for the templates. Tables saved before the log became data hold English
    lines: they are passed on as {"kind": "text"} and shown as they are."""
    return entry if isinstance(entry, dict) else {"kind": "text", "text": entry}


def view(state: dict, ctx: Ctx) -> dict:
    phase = state["phase"]
    out: dict = {"mode": state["mode"], "mode_label": MODES[state["mode"]], "phase": phase,
                 "rounds": ROUNDS, "log": [_log_entry(e) for e in state["log"]], "game_no": state["game_no"],
                 "colours": COLOURS, "colour_table": [{"size": "12+" if i == len(COLOUR_TABLE) - 1 else i,
                                                      "points": p} for i, p in enumerate(COLOUR_TABLE) if i]}
    me = own_player(state, ctx)
    out["me"] = int(me) if me and me in state["players"] else None
    out["players"] = [_seat_row(state, ctx, sid) for sid in state["players"]]
    out["watching"] = [s.name for s in ctx.seats if str(s.id) not in state["players"]]
    if phase == "waiting":
        # Who `start` seats: the host's choice of players, else the first to join (one in solo).
        out["to_seat"] = [{"id": s.id, "name": s.name}
                          for s in ctx.players[:1 if state["mode"] == "solo" else MAX_SEATED]]
        out["to_watch"] = len(ctx.seats) - len(out["to_seat"])
    out["solo"] = None
    if state["solo"]:
        # The finished solo games of every table, given by the pipeline (see Game.shows_records).
        out["solo"] = {"level": state["solo"]["level"], "target": state["solo"]["target"],
                       "best_log": best_results(ctx.records or []), "across_tables": ctx.records is not None}
    goals = state.get("goals") or GOALS
    out["todo"] = [{"pile": i + 1, "card": c, "goal": goals[i][c - 1] or None}
                   for i, c in enumerate(state.get("todo") or [])]
    out["round"] = state["round"]["current"] if "round" in state and phase != "waiting" else None
    out["holder"] = None
    if state["players"] and phase in ("select", "draft", "round_end"):
        sid = state["players"][state["holder"]]
        out["holder"] = {"id": int(sid), "name": seat_name(ctx, sid)}
    out.update(positions=[], tiles=[], choosing=None, drafting=None, blocked=[])
    if phase in ("select", "draft", "round_end"):
        out["blocked"] = state["blocked"]
        for i, spot in enumerate(state["positions"]):
            number = i + 1
            row = {"number": number, "bonus": DATA["bonus"][str(number)]["label"], "kind": "free",
                   "seat": None, "name": None, "token": None, "took": None,
                   "blocked": number in state["blocked"]}
            if spot and spot["kind"] == "player":
                row.update(kind="player", seat=int(spot["seat"]), name=seat_name(ctx, spot["seat"]))
            elif spot:
                row.update(kind="cat_lady", token=spot["token"], took=spot["took"])
            out["positions"].append(row)
        for i, slot in enumerate(state["tiles"]):
            out["tiles"].append({"number": i + 1, "status": slot["status"], "token": slot["token"],
                                 "by": seat_name(ctx, slot["by"]) if slot["by"] else None})
        if phase == "select":
            sid = choosing_order(state)[state["pick_index"]]
            out["choosing"] = {"id": int(sid), "name": seat_name(ctx, sid), "mine": sid == me}
        if phase == "draft":
            spot = state["positions"][state["draft_at"] - 1]
            sid = spot.get("seat")
            held = state["counters"][sid]["pack_rats"] if sid else 0
            out["drafting"] = {"position": state["draft_at"], "kind": spot["kind"],
                               "id": int(sid) if sid else None, "name": seat_name(ctx, sid) if sid else None,
                               "mine": sid is not None and sid == me,
                               "pack_rats": held,
                               # what the forms may offer, taking the tile and discarding it: no more
                               # than held, than a turn allows, nor than the tiles placed this turn
                               "pack_rat_choices": list(range(pack_rat_limit(held, state["draft_at"], False) + 1)),
                               "discard_pack_rat_choices": list(range(pack_rat_limit(held, state["draft_at"], True) + 1)),
                               "may_flip": spot["kind"] == "cat_lady" and me in (None, state["players"][state["holder"]])}
    out["last_round"] = phase == "round_end" and rounds.is_last(state["round"])
    # The score pad
    out["pads"], out["standings"], out["winners"], out["vote"], out["over"] = [], [], [], None, False
    if phase == "scoring":
        rows = {r["seat"]: r for r in ranked(state)}
        for sid in state["players"]:
            entered = state["pads"].get(sid)
            out["pads"].append({"id": int(sid), "name": seat_name(ctx, sid), "entered": entered is not None,
                                "fill": entered or {**{k: 0 for k in PAD_FIELDS}, **prefill(state, sid)},
                                "lines": rows[sid]["lines"] if sid in rows else None,
                                "place": rows[sid]["place"] if sid in rows else None,
                                "tied_on": rows[sid]["tied_on"] if sid in rows else None})
        if all_scored(state):
            out["standings"] = sorted((p for p in out["pads"]), key=lambda p: (p["place"], p["name"]))
            out["winners"] = [{"id": int(s), "name": seat_name(ctx, s)} for s in winners(state)]
            out["over"] = bool(out["winners"])
            current = vote_state(state)
            if current:
                out["vote"] = {"group": [{"id": int(s), "name": seat_name(ctx, s)} for s in current["group"]],
                               "voters": [{"id": int(s), "name": seat_name(ctx, s),
                                           "voted": s in current["ballots"]} for s in current["voters"]],
                               "round": current["round"],
                               "winner": seat_name(ctx, current["winner"]) if current["winner"] else None,
                               "i_vote": me in current["voters"] and me not in current["ballots"],
                               "board_decides": not current["voters"]}
        if state["mode"] == "solo" and all_scored(state):
            total = rows[state["players"][0]]["lines"]["total"]
            out["solo"]["total"] = total
            out["solo"]["beaten"] = total >= state["solo"]["target"]
    return out


def standing(board: dict) -> dict | None:
    """The score pads' totals once every pad is in (see Game.standing)."""
    if board["phase"] == "waiting" or not board["players"]:
        return None
    scored = board["over"]
    return {"players": [p["name"] for p in board["players"]], "round": board["round"] or board["rounds"],
            "scores": {p["name"]: p["lines"]["total"] for p in board["pads"] if p["lines"]} if scored else None,
            "over": scored, "winners": [w["name"] for w in board["winners"]],
            # the whole ranking, the cutest-cat vote included (the pad's places come from `ranked`)
            "places": {p["name"]: p["place"] for p in board["pads"] if p["place"]} if scored else None,
            # a solo game's card, for the Purr-sonal Best (read from the records)
            "details": {"solo": {"level": board["solo"]["level"], "target": board["solo"]["target"]}}
            if board["solo"] else None}
