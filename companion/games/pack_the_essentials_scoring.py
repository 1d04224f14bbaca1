"""Pack the Essentials' score pad: its lines and their points, the ranking with the rulebook's
tie-breaks, the cutest-cat vote when the pads leave first place shared, the winners, and the rematch
once they are known. The "scoring" phase the rounds end in (pack_the_essentials_rules.py), and all
of a "Score pad only" table.
"""
from __future__ import annotations

from ..errors import N_, BadInput, Forbidden, RuleError
from ..fields import Int
from .pack_the_essentials_rules import (COLOUR_TABLE, COLOURS, DATA, begin_game, log_event, own_player,
                                        require_phase, seat_name)

# A field's label is a word in its refusals ("The largest mint group is missing."), translated as a
# Term: N_ marks each one for extraction, so the colours' labels are spelled out, one per colour.
COLOUR_LABELS = {"magenta": N_("largest magenta group"), "lavender": N_("largest lavender group"),
                 "peach": N_("largest peach group"), "mint": N_("largest mint group")}
assert list(COLOUR_LABELS) == COLOURS, "decks/pack_the_essentials.toml changed its colours: label them here"

# The score pad's lines, in the order of the printed pad, with their bounds (a 12 x 8 suitcase).
PAD_FIELDS = {
    "todo1": Int(label=N_("To Do List 1"), min=0, max=99),
    "todo2": Int(label=N_("To Do List 2"), min=0, max=99),
    "todo3": Int(label=N_("To Do List 3"), min=0, max=99),
    "cats": Int(label=N_("cats and kittens"), min=0, max=48),
    "pack_rats": Int(label=N_("unused pack rats"), min=0, max=28),
    "empty_spaces": Int(label=N_("empty spaces"), min=0, max=96),
    **{c: Int(label=COLOUR_LABELS[c], min=0, max=96) for c in COLOURS},
}


# ---------------------------------------------------------------- pure scoring rules

def colour_points(size: int) -> int:
    """The score pad's key: tiles in the largest touching group of one colour -> points (12+ -> 48)."""
    if size < 0:
        raise ValueError("a group cannot have a negative size")
    return COLOUR_TABLE[min(size, len(COLOUR_TABLE) - 1)]


def pad_lines(pad: dict) -> dict:
    """Every line of one player's score pad, the subtotals and the total."""
    cats = pad["cats"] * DATA["cat_points"]
    rats = pad["pack_rats"] * DATA["pack_rat_points"]
    upper = pad["todo1"] + pad["todo2"] + pad["todo3"] + cats + rats
    colours = [{"colour": c, "size": pad[c], "points": colour_points(pad[c])} for c in COLOURS]
    colour_total = sum(c["points"] for c in colours)
    return {"todo1": pad["todo1"], "todo2": pad["todo2"], "todo3": pad["todo3"],
            "cats": pad["cats"], "cat_points": cats, "pack_rats": pad["pack_rats"], "pack_rat_points": rats,
            "upper_total": upper, "colours": colours, "colour_total": colour_total,
            "empty_spaces": pad["empty_spaces"], "total": upper + colour_total}


def rank_key(lines: dict) -> tuple:
    """Highest total, then fewest empty spaces, then most unused pack rats (the rulebook's order)."""
    return (-lines["total"], lines["empty_spaces"], -lines["pack_rats"])


def standings(pads: dict[str, dict], order: list[str]) -> list[dict]:
    """Players ranked by the pad and its tie-breaks: [{"seat", "lines", "place", "tied_on"}], where
    `tied_on` says what split a level total: "empty_spaces", "pack_rats" or (still level) "vote".
    Players still level after the pack rats share a place; only a vote can split them."""
    rows = [{"seat": sid, "lines": pad_lines(pads[sid])} for sid in order if sid in pads]
    rows.sort(key=lambda r: rank_key(r["lines"]))
    for i, row in enumerate(rows):
        same = i > 0 and rank_key(rows[i - 1]["lines"]) == rank_key(row["lines"])
        row["place"] = rows[i - 1]["place"] if same else i + 1
    for row in rows:
        level = [r for r in rows if r is not row and r["lines"]["total"] == row["lines"]["total"]]
        if not level:
            row["tied_on"] = None
        elif any(r["lines"]["empty_spaces"] != row["lines"]["empty_spaces"] for r in level):
            row["tied_on"] = "empty_spaces"
        elif any(r["lines"]["pack_rats"] != row["lines"]["pack_rats"] for r in level):
            row["tied_on"] = "pack_rats"
        else:
            row["tied_on"] = "vote"
    return rows


def top_group(rows: list[dict]) -> list[str]:
    """The seats sharing first place after every tie-break on the pad."""
    return [r["seat"] for r in rows if r["place"] == 1]


# ---------------------------------------------------------------- the pads, the vote and the winners

def prefill(state: dict, sid: str) -> dict:
    """What the app already knows for a pad: cats lured with pack rats and the pack rats left."""
    counters = state["counters"][sid]
    if state["mode"] == "scorepad":
        return {}
    return {"cats": counters["cats"], "pack_rats": counters["pack_rats"]}


def score(state, ctx, seat, **pad):
    require_phase(state, "scoring", N_("Score pads open after round 12.") if state["phase"] != "waiting"
                  else N_("Start the game first."))
    me = own_player(state, ctx)
    if me is not None:
        if seat and str(seat) != me:
            raise Forbidden("Your phone fills in your own score pad; the board can fill in anyone's.")
        if me not in state["players"]:
            raise RuleError("You are watching this game: you will play in the rematch.")
        target = me
    else:
        if not seat:
            raise BadInput("Choose whose score pad this is.")
        target = str(seat)
        if target not in state["players"]:
            raise BadInput("That seat is not playing this game.")
    state["pads"][target] = pad
    state["vote"] = None  # a changed pad can change who is tied
    lines = pad_lines(pad)
    log_event(state, "scored", name=seat_name(ctx, target), total=lines["total"])


def all_scored(state: dict) -> bool:
    return state["phase"] == "scoring" and all(sid in state["pads"] for sid in state["players"])


def vote_state(state: dict) -> dict | None:
    """The cutest-cat vote, when the pads leave first place shared: who is in it, who votes."""
    if not all_scored(state) or state["mode"] == "solo":
        return None
    group = top_group(standings(state["pads"], state["players"]))
    if len(group) < 2:
        return None
    vote = state["vote"]
    if vote is None or vote["base"] != group:
        vote = {"base": group, "group": group, "round": 1, "ballots": {}, "winner": None}
    voters = [sid for sid in state["players"] if sid not in vote["group"]]
    return {**vote, "voters": voters}


def vote(state, ctx, for_seat):
    current = vote_state(state)
    if current is None:
        raise RuleError("There is no tie to break with a vote.")
    if current["winner"] is not None:
        raise RuleError("The vote is over: the cutest cat has won.")
    choice = str(for_seat)
    if choice not in current["group"]:
        raise BadInput("Vote for one of the tied players.")
    me = own_player(state, ctx)
    voters = current["voters"]
    vote_now = {k: current[k] for k in ("base", "group", "round", "ballots", "winner")}
    if voters:
        if me is None:
            raise Forbidden("The players outside the tie vote on their phones.")
        if me not in state["players"]:
            raise RuleError("You are watching this game: the players outside the tie vote.")
        if me not in voters:
            raise RuleError("You are in the tie: the other players vote for the cutest cat.")
        vote_now["ballots"] = {**vote_now["ballots"], me: choice}
        log_event(state, "voted", name=seat_name(ctx, me))
        if len(vote_now["ballots"]) < len(voters):
            state["vote"] = vote_now
            return
        tally = {sid: 0 for sid in vote_now["group"]}
        for picked in vote_now["ballots"].values():
            tally[picked] += 1
        best = max(tally.values())
        leaders = [sid for sid in vote_now["group"] if tally[sid] == best]
    else:
        # Everyone is in the tie, so nobody is left to vote: the table decides together and one
        # screen records the picture it liked best.
        leaders = [choice]
    if len(leaders) == 1:
        vote_now["winner"] = leaders[0]
        log_event(state, "cutest", name=seat_name(ctx, leaders[0]))
    else:
        # Still level: vote again between those still tied, as the rulebook says, until one wins.
        vote_now.update(group=leaders, ballots={}, round=vote_now["round"] + 1)
        log_event(state, "vote_tied")
    state["vote"] = vote_now


def vote_rank(vote: dict | None, sid: str) -> int:
    """Where the cutest-cat vote puts a player: 1 for a player in the vote who lost it once it has a
    winner, else 0. The vote only names the winner: with at most four players a tie of three has one
    voter, so the others it leaves behind are never split and share the next place."""
    return 1 if vote and vote["winner"] and sid in vote["base"] and sid != vote["winner"] else 0


def ranked(state: dict) -> list[dict]:
    """The standings with the vote included: the pad and its tie-breaks, then, among the players the
    pad leaves level in first place, the vote. `place` is shared only by players nothing split."""
    rows = standings(state["pads"], state["players"])
    current = vote_state(state)
    if current is None:
        return rows
    key = lambda r: (rank_key(r["lines"]), vote_rank(current, r["seat"]))
    rows.sort(key=key)
    for i, row in enumerate(rows):
        row["place"] = rows[i - 1]["place"] if i > 0 and key(rows[i - 1]) == key(row) else i + 1
    return rows


def winners(state: dict) -> list[str]:
    """The winner(s) once every pad is in: first place after the tie-breaks and, if needed, the vote."""
    if not all_scored(state):
        return []
    group = top_group(standings(state["pads"], state["players"]))
    current = vote_state(state)
    if current is None:
        return group
    return [current["winner"]] if current["winner"] else []


def is_over(state: dict) -> bool:
    return bool(winners(state))


def rematch(state, ctx, first):
    if not is_over(state):
        raise RuleError("Finish scoring this game first.")
    state["game_no"] += 1
    state["phase"] = "waiting"
    log_event(state, "game", game_no=state["game_no"])
    begin_game(state, ctx, first)
