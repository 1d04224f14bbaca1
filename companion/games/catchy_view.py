"""What each Catchy! screen is shown, read from the state catchy_rules.py keeps: the course, the
scores, the cards entered and the trick explained step by step (kinds and values that
templates/games/catchy/_words.html words), and the standing a table's record keeps of it.
"""
from __future__ import annotations

from .base import Ctx
from .catchy_rules import ROUND, SCORE, TRICK, card_name, is_odd, mood, player_name, resolve, trick_winner


def _card_view(state: dict, card: dict | None) -> dict | None:
    if card is None:
        return None
    # A colour index for the stylesheet, so each colour gets its own look and the word stays.
    index = -1 if card["joker"] else state["colors"].index(card["color"])
    return {**card, "name": card_name(card), "odd": is_odd(card), "color_index": index}


def explain(state: dict, ctx: Ctx, r: dict, ended_round: bool = False) -> list[dict]:
    """The trick step by step, as kinds and values (names, cards, numbers) that _words.html turns
    into sentences. The reasons are read again from the two cards, so a trick stored by an older
    version of the rules explains itself the same way."""
    name = lambda i: player_name(state, ctx, i)  # noqa: E731 - a short local alias reads best here
    lead, follow = r["lead"], r["follow"]
    leader, follower = r["leader"], 1 - r["leader"]
    _, why = trick_winner(lead, follow)
    high, low = max(lead["number"], follow["number"]), min(lead["number"], follow["number"])
    steps = [{"kind": "played", "leader": name(leader), "lead": _card_view(state, lead),
              "follower": name(follower), "follow": _card_view(state, follow)}]
    if r["off_colour"]:
        steps.append({"kind": "off_colour", "follower": name(follower), "colour": lead["color"]})
    steps.append({"kind": "win", "winner": name(r["winner"]), "why": why, "colour": lead["color"],
                  "high": high, "low": low, "tie": high == low})
    how = mood(lead, follow)
    steps.append({"kind": "mood", "mood": how, "side": r["side"], "numbers": [lead["number"], follow["number"]],
                  "evens": [c["number"] for c in (lead, follow) if not is_odd(c)],
                  "exception_number": TRICK["exception_number"]})
    if how != "exception":
        steps.append({"kind": "move", "side": r["side"], "toward": name(r["toward"])})
    if ended_round:
        steps.append({"kind": "round_ends"})
    elif how == "exception":
        steps.append({"kind": "leads_again", "name": name(leader)})
    else:
        steps.append({"kind": "leads_next", "name": name(r["next_leader"])})
    if r.get("corrected"):
        steps.append({"kind": "corrected"})
    return steps


def view(state: dict, ctx: Ctx) -> dict:
    names = [player_name(state, ctx, i) for i in (0, 1)]
    if state["phase"] == "setup" and len(ctx.players) >= 2:
        # Before a game's first round, once two phones have joined, the players are those the deal
        # takes (start_round with the phones: the two the host chose, else the first two seats), not
        # "Player 1".
        names = [ctx.players[0].name, ctx.players[1].name]
    phones = state["seats"] != [None, None]
    me = None
    if ctx.seat is not None and ctx.seat.id in state["seats"]:
        me = state["seats"].index(ctx.seat.id)
    pending = state["pending"]
    preview = None
    if pending["lead"] and pending["follow"]:
        preview = explain(state, ctx, resolve(pending["lead"], pending["follow"], state["leader"],
                                              state["side"], state["position"]))
    out = {
        "phase": state["phase"],
        "players": [{"number": i + 1, "name": names[i], "score": state["scores"][i],
                     "phone": state["seats"][i] is not None} for i in (0, 1)],
        "phones": phones,
        "typed_names": list(state["names"]),   # the names given at creation: playing on the board only
        "me": None if me is None else me + 1,
        "watching": ctx.seat is not None and me is None,
        # Before the first round: the two phones that play if the phones are the players (the host's
        # choice, else the first two seats).
        "phone_players": [{"id": s.id, "name": s.name} for s in ctx.players[:2]] if len(ctx.players) >= 2 else [],
        "colors": state["colors"],
        "numbers": list(range(state["min_number"], state["max_number"] + 1)),
        "round": state["round"], "max_rounds": SCORE["max_rounds"],
        "trick": state["tricks"], "tricks_per_round": ROUND["tricks"],
        "position": state["position"], "side": state["side"],
        "leader": None if state["leader"] is None else state["leader"] + 1,
        "leader_name": None if state["leader"] is None else names[state["leader"]],
        "follower_name": None if state["leader"] is None else names[1 - state["leader"]],
        "scores": list(state["scores"]),
        "target": SCORE["target"],
        "pending": {"lead": _card_view(state, pending["lead"]), "follow": _card_view(state, pending["follow"]),
                    "check": pending["check"], "preview": preview},
        "last": None, "round_end": None,
        "winners": [i + 1 for i in state["winners"]],
        "winner_names": [names[i] for i in state["winners"]],
        "log": state["log"],
    }
    if state["last"]:
        r = state["last"]
        out["last"] = {"trick": r["trick"], "lead": _card_view(state, r["lead"]),
                       "follow": _card_view(state, r["follow"]), "winner": r["winner"] + 1,
                       "flipped": r["flips"], "side": r["side"], "exception": r["exception"],
                       "off_colour": r["off_colour"], "next_leader": r["next_leader"] + 1,
                       "from": r["position_before"], "to": r["position"],
                       "explanation": explain(state, ctx, r, ended_round=state["phase"] != "playing")}
    if state["round_end"]:
        e = state["round_end"]
        p = e["position"]
        # where: "arms" / "near" (`won` points to `player`) or "centre" (`won` to each); why: "arms" / "tricks"
        where = "centre" if p == 0 else "arms" if abs(p) >= 2 else "near"
        out["round_end"] = {"round": e["round"], "position": p, "points": e["points"], "why": e["why"],
                            "tricks": ROUND["tricks"], "where": where, "won": max(e["points"]),
                            "player": None if p == 0 else names[0 if p < 0 else 1]}
    return out


def standing(board: dict) -> dict | None:
    """The score after each round, from the board's view (see Game.standing)."""
    if board["phase"] == "setup":
        return None
    return {"players": [p["name"] for p in board["players"]], "round": board["round"],
            "scores": {p["name"]: p["score"] for p in board["players"]},
            "over": board["phase"] == "game_over", "winners": list(board["winner_names"])}
