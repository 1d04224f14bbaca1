"""What each We Love Cats screen is shown, read from the state we_love_cats_rules.py keeps, and the
standing a table's record keeps of it. Tokens are public on a real table, so every screen sees every
hand; only the bag's inside is blind (the view gives its count, never its colours).
"""
from __future__ import annotations

from ..parts import bag
from .base import Ctx
from .we_love_cats_rules import (COLOR, COLORS, FACE, MAX_PLAYERS, MIN_PLAYERS, TOTAL_TOKENS, current_seat, hand_of,
                                 hand_size)


def _tokens(hand: dict[str, int]) -> list[dict]:
    return [{"color": c, "name": COLOR[c]["name"], "symbol": COLOR[c]["symbol"], "count": hand[c]}
            for c in COLORS if hand[c] > 0]


def _token(color: str) -> dict:
    return {"color": color, "name": COLOR[color]["name"], "symbol": COLOR[color]["symbol"], "count": 1}


def _face(face: str) -> dict:
    return {"face": face, "label": FACE[face]["label"], "mark": FACE[face]["mark"]}


def _log_entry(entry: dict | str, ctx: Ctx) -> dict:
    """One log entry with names on it: seat ids become names, colours tokens, faces their labels."""
    if isinstance(entry, str):  # a table saved before the log became data keeps its English lines
        return {"kind": "text", "text": entry}
    out = dict(entry)
    for key in ("who", "first"):
        if key in entry:
            out[key] = ctx.name_of(entry[key])
    if "to" in entry:
        out["to"] = ctx.name_of(entry["to"]) if entry["to"] is not None else None
    for key in ("winners", "skipped"):
        if key in entry:
            out[key] = [ctx.name_of(s) for s in entry[key]]
    for key in ("color", "drawn"):
        if key in entry:
            out[key] = _token(entry[key])
    if "colors" in entry:
        out["colors"] = [_token(c) for c in entry["colors"]]
    if "face" in entry:
        out["face"] = _face(entry["face"])
    if "faces" in entry:
        out["faces"] = [_face(f) for f in entry["faces"]]
    return out


def view(state: dict, ctx: Ctx) -> dict:
    phase = state["phase"]
    playing = phase in ("roll", "resolve")
    current = current_seat(state) if state["players"] else None
    me = ctx.seat.id if ctx.seat else None
    players = []
    for sid in state["players"]:
        hand = hand_of(state, sid)
        players.append({
            "id": sid, "name": ctx.name_of(sid), "by_color": dict(hand), "tokens": _tokens(hand),
            "total": hand_size(hand), "colors_held": sum(1 for c in COLORS if hand[c] > 0),
            "is_turn": playing and sid == current, "is_winner": sid in state["winners"], "is_me": sid == me,
        })
    in_game = me is not None and str(me) in state["hands"]
    # The board may act for the current player (a group sharing one tablet); a phone only on its turn.
    may_act = playing and (ctx.seat is None or me == current)
    dice_view = [{"index": i, "face": d["face"], "label": FACE[d["face"]]["label"], "mark": FACE[d["face"]]["mark"],
                  "help": FACE[d["face"]]["help"], "verb": FACE[d["face"]]["verb"],
                  "needs_color": FACE[d["face"]]["needs_color"], "done": d["done"], "skipped": d["skipped"]}
                 for i, d in enumerate(state["dice"])]
    choices = []
    if may_act and phase == "resolve":
        hand = hand_of(state, current)
        for d in dice_view:
            if not d["done"]:
                choices.append({**d, "colors": _tokens(hand) if d["needs_color"] else []})
    last_pass = None
    if state["last_pass"]:
        lp = state["last_pass"]
        last_pass = {"from": ctx.name_of(lp["from"]), "color": lp["color"], "color_name": COLOR[lp["color"]]["name"],
                     "symbol": COLOR[lp["color"]]["symbol"], "direction": lp["direction"],
                     "skipped": [ctx.name_of(s) for s in lp["skipped"]],
                     "to": ctx.name_of(lp["to"]) if lp["to"] is not None else None}
    return {
        "phase": phase,
        "colors": [{"id": c, "name": COLOR[c]["name"], "symbol": COLOR[c]["symbol"]} for c in COLORS],
        "players": players,
        "bag_count": bag.count(state["bag"]),
        "tokens_total": TOTAL_TOKENS,
        "dice": dice_view,
        "dice_by": ctx.name_of(state["dice_by"]) if state["dice_by"] is not None else None,
        "roll_id": state["roll_count"],
        "turn_number": state["turn_number"],  # kept at the end too, for the rounds in the table's history
        "turn": {"seat_id": current, "name": ctx.name_of(current), "number": state["turn_number"]} if playing else None,
        "winners": [{"id": s, "name": ctx.name_of(s)} for s in state["winners"]],
        "win_reason": state["win_reason"],
        "last_pass": last_pass,
        "log": [_log_entry(e, ctx) for e in state["log"]],
        "watchers": [s.name for s in ctx.seats if str(s.id) not in state["hands"]] if state["players"] else [],
        "min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS,
        "may_act": may_act,
        "choices": choices,
        "me": {"in_game": in_game, "is_turn": playing and me == current,
               "tokens": _tokens(hand_of(state, me)) if in_game else [],
               "total": hand_size(hand_of(state, me)) if in_game else 0} if ctx.seat else None,
    }


def standing(board: dict) -> dict | None:
    """Cats held by each player, round by round (a round: everyone has had a turn; see Game.standing)."""
    if board["phase"] == "lobby" or not board["players"]:
        return None
    turn = max(board["turn_number"], 1)
    return {"players": [p["name"] for p in board["players"]], "round": (turn - 1) // len(board["players"]) + 1,
            "scores": {p["name"]: p["total"] for p in board["players"]},
            "over": board["phase"] == "over", "winners": [w["name"] for w in board["winners"]]}
