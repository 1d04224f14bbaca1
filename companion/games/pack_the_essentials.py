"""Pack the Essentials: the round tracker, the draft board with its Cat Ladies, the players' counters,
the score pad and solo mode. The tiles and suitcases stay on the table; this module runs the rounds.

A game goes through phases: "waiting" (players join) -> `start` -> "select" (each player, from the
suitcase holder clockwise, claims a draft position) -> "draft" (positions 1..4 in order: a player
takes a tile, a Cat Lady flips a token) -> "round_end" -> `next_round` ... after round 12 ->
"scoring" (every player fills in a score pad; the module adds up and ranks). "Score pad only"
tables go from `start` straight to "scoring".

Every number and reading comes from decks/pack_the_essentials.toml.
"""
from __future__ import annotations

import time

from .. import decks
from ..errors import N_, BadInput, Forbidden, RuleError
from ..fields import Bool, Choice, Int, Text
from ..parts import deck, rounds
from .base import Ctx, Game, InPlay, Move

DATA = decks.load("pack_the_essentials")
PILES, PER_PILE = DATA["todo"]["piles"], DATA["todo"]["cards_per_pile"]
GOAL_MAX = 120   # characters of a To Do List card's goal
GOALS = DATA["todo"].get("goals") or [[""] * PER_PILE for _ in range(PILES)]
assert len(GOALS) == PILES and all(len(p) == PER_PILE and all(isinstance(g, str) and len(g) <= GOAL_MAX for g in p)
                                   for p in GOALS), "decks/pack_the_essentials.toml: todo.goals, 4 texts a pile"
ROUNDS = DATA["rounds"]
POSITIONS = DATA["positions"]
COLOURS = DATA["colours"]
COLOUR_TABLE = DATA["colour_table"]
MAX_SEATED = 4
# Shown through `_()` in the templates; N_ lets extraction find them here.
MODES = {"full": N_("Full game"), "scorepad": N_("Score pad only"), "solo": N_("Solo")}
SOLO_LEVELS = DATA["solo"]["levels"]
LOG_LENGTH = 10

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


def tiles_placed(position: int, discard: bool) -> int:
    """The tiles a player places on a turn at this draft position: the drafted tile (none when it is
    discarded) and the position's bonus tiles (decks/pack_the_essentials.toml, `bonus_tiles`)."""
    bonus = DATA["bonus"][str(position)]
    return (0 if discard else 1) + sum(bonus.get(kind, 0) for kind in DATA["bonus_tiles"])


def pack_rat_limit(held: int, position: int, discard: bool) -> int:
    """The most pack rats a turn may spend: each flips one tile being placed this turn, at most the
    rulebook's two a turn, and never more than the player holds."""
    return min(held, DATA["max_pack_rats_per_turn"], tiles_placed(position, discard))


def cat_lady_tile(tiles: list[dict], token: int) -> int:
    """The tile a Cat Lady removes: her token's number, or the next one clockwise still there."""
    for step in range(POSITIONS):
        number = (token - 1 + step) % POSITIONS + 1
        if tiles[number - 1]["status"] == "open":
            return number
    raise RuleError("There is no tile left for the Cat Lady to take.")


# ---------------------------------------------------------------- state helpers

def _log(state: dict, kind: str, **values) -> None:
    """The recent-events list holds what happened as data (a kind and its values, names as they were
    at the time); the templates word it in the viewer's language (_log.html)."""
    state["log"] = ([{"kind": kind, **values}] + state["log"])[:LOG_LENGTH]


def _counters() -> dict:
    return {"pack_rats": DATA["start_pack_rats"], "cat_toys": 0, "socks": 0, "underwear": 0,
            "pack_rats_spent": 0, "cats": 0}


def _fresh_round(state: dict, ctx: Ctx) -> None:
    """Empty the draft board, lay four new tiles and gather the Cat Lady tokens (the reset)."""
    state["positions"] = [None] * POSITIONS
    state["tiles"] = [{"status": "open", "by": None, "token": None} for _ in range(POSITIONS)]
    state["tokens"] = deck.new(DATA["cat_lady_tokens"], ctx.rng)
    state["pick_index"] = 0
    state["draft_at"] = None
    state["blocked"] = []
    state["placement_card"] = None
    if state["mode"] == "solo" and state["round"]["current"] % 2 == 0:
        card = deck.draw(state["solo_deck"], 1, ctx.rng)[0]
        state["placement_card"] = card
        state["blocked"] = list(card)
    state["phase"] = "select"


def _name(ctx: Ctx, sid: str) -> str:
    return ctx.name_of(int(sid))


def setup(options: dict, ctx: Ctx) -> dict:
    mode = options["mode"]
    return {
        "mode": mode,
        # The To Do List cards' goals: the deck file's, each replaced by one typed at set-up.
        "goals": [[options.get(f"goal_{p + 1}_{c + 1}") or GOALS[p][c] for c in range(PER_PILE)]
                  for p in range(PILES)],
        "solo": {"level": options["solo_level"], "target": options["solo_target"],
                 "todo": [options["todo1"], options["todo2"], options["todo3"]]} if mode == "solo" else None,
        "phase": "waiting",
        "players": [],
        "game_no": 1,
        "log": [],
    }


def _begin(state: dict, ctx: Ctx, first: int) -> None:
    """Seat the players and lay out a new game (shared by `start` and `rematch`)."""
    seated = [str(s.id) for s in ctx.players]
    mode = state["mode"]
    if not seated:
        raise RuleError("Nobody has joined yet: scan the QR code with a phone to take a seat.")
    if mode == "full" and len(seated) < 2:
        raise RuleError("A full game needs 2 to 4 players; for one player make a solo table.")
    players = seated[:1] if mode == "solo" else seated[:MAX_SEATED]
    if first:
        if str(first) not in players:
            raise BadInput("The first player must be one of the players at the table.")
        holder = players.index(str(first))
    else:
        holder = 0
    state.update(players=players, holder=holder, pads={}, vote=None, scored_at=None, result_logged=False,
                 counters={sid: _counters() for sid in players}, todo=None)
    if mode == "scorepad":
        state["phase"] = "scoring"
        _log(state, "pads_open")
        return
    piles, per_pile = DATA["todo"]["piles"], DATA["todo"]["cards_per_pile"]
    chosen = state["solo"]["todo"] if mode == "solo" else [0] * piles
    # A solo Victory Condition card names its To Do Lists; a 0 means "draw one at random".
    state["todo"] = [c if c else ctx.rng.randint(1, per_pile) for c in chosen]
    state["round"] = rounds.new(ROUNDS)
    if mode == "solo":
        state["solo_deck"] = deck.new([list(p) for p in DATA["solo"]["placement_cards"]], ctx.rng)
    _fresh_round(state, ctx)
    _log(state, "round", round=1, name=_name(ctx, players[holder]), blocked=[])


def start(state, ctx, first):
    if state["phase"] != "waiting":
        raise RuleError("The game has already started.")
    _begin(state, ctx, first)


def _player_of(state: dict, ctx: Ctx) -> str | None:
    return str(ctx.seat.id) if ctx.seat else None


def _require_phase(state: dict, phase: str, sentence: str) -> None:
    """`sentence` is marked with N_ by the caller, so it is translated when shown."""
    if state["phase"] != phase:
        raise RuleError(sentence)


def choosing_order(state: dict) -> list[str]:
    """Seats in the order they claim draft positions: the suitcase holder, then clockwise."""
    players = state["players"]
    return players[state["holder"]:] + players[:state["holder"]]


def choose_position(state, ctx, position):
    _require_phase(state, "select", N_("Draft positions are chosen at the start of a round."))
    order = choosing_order(state)
    chooser = order[state["pick_index"]]
    me = _player_of(state, ctx)
    if me is not None and me != chooser:
        raise RuleError("It is %(name)s's turn to choose a draft position.", name=_name(ctx, chooser))
    if position in state["blocked"]:
        raise RuleError("The Cat Ladies have blocked position %(position)s this round.", position=position)
    if state["positions"][position - 1] is not None:
        taker = state["positions"][position - 1]["seat"]
        raise RuleError("Position %(position)s is taken by %(name)s.", position=position, name=_name(ctx, taker))
    state["positions"][position - 1] = {"kind": "player", "seat": chooser}
    _log(state, "position", name=_name(ctx, chooser), position=position)
    state["pick_index"] += 1
    if state["pick_index"] == len(order):
        _start_draft(state, ctx)


def _start_draft(state: dict, ctx: Ctx) -> None:
    """Cat Ladies fill every unclaimed position; players collect their position's bonus."""
    for i, spot in enumerate(state["positions"]):
        number = i + 1
        if spot is None:
            state["positions"][i] = {"kind": "cat_lady", "blocked": number in state["blocked"],
                                     "token": None, "took": None}
            continue
        bonus = DATA["bonus"][str(number)]
        counters = state["counters"][spot["seat"]]
        for key in ("pack_rats", "cat_toys", "socks", "underwear"):
            counters[key] += bonus.get(key, 0)
    state["phase"] = "draft"
    state["draft_at"] = 1


def _advance_draft(state: dict, ctx: Ctx) -> None:
    state["draft_at"] += 1
    if state["draft_at"] > POSITIONS:
        state["draft_at"] = None
        state["phase"] = "round_end"
        r = state["round"]["current"]
        _log(state, "round_over", round=r, last=r == ROUNDS)


def draft(state, ctx, tile, pack_rats, discard):
    _require_phase(state, "draft", N_("Tiles are drafted after everyone has chosen a draft position."))
    spot = state["positions"][state["draft_at"] - 1]
    if spot["kind"] != "player":
        raise RuleError("A Cat Lady drafts now: flip her token first.")
    drafter = spot["seat"]
    me = _player_of(state, ctx)
    if me is not None and me != drafter:
        raise RuleError("It is %(name)s's turn to take a tile.", name=_name(ctx, drafter))
    slot = state["tiles"][tile - 1]
    if slot["status"] != "open":
        raise RuleError("Tile %(tile)s is already gone: pick one of the tiles still on the mat.", tile=tile)
    counters = state["counters"][drafter]
    if pack_rats > counters["pack_rats"]:
        # One whole sentence per count (a refusal has no ngettext): 0, 1 and more read differently.
        have, name = counters["pack_rats"], _name(ctx, drafter)
        if have == 0:
            raise RuleError("%(name)s has no pack rats left.", name=name)
        if have == 1:
            raise RuleError("%(name)s has only 1 pack rat.", name=name)
        raise RuleError("%(name)s has only %(n)s pack rats.", name=name, n=have)
    placed = tiles_placed(state["draft_at"], discard)
    if pack_rats > placed:
        # A pack rat flips a tile as it is placed; a tile placed on an earlier turn stays as it lies.
        name = _name(ctx, drafter)
        if placed == 0:
            raise RuleError("%(name)s places no tile this turn, so there is nothing for a pack rat to flip.",
                            name=name)
        if placed == 1:
            raise RuleError("%(name)s places only 1 tile this turn: a pack rat flips a tile as it is placed, "
                            "so 1 pack rat at most.", name=name)
        raise RuleError("%(name)s places only %(n)s tiles this turn: a pack rat flips a tile as it is placed, "
                        "so %(n)s pack rats at most.", name=name, n=placed)
    slot.update(status="discarded" if discard else "taken", by=drafter)
    counters["pack_rats"] -= pack_rats
    counters["pack_rats_spent"] += pack_rats
    counters["cats"] += pack_rats  # each pack rat lures exactly one cat or kitten into the suitcase
    _log(state, "draft", name=_name(ctx, drafter), tile=tile, discard=bool(discard), pack_rats=pack_rats)
    _advance_draft(state, ctx)


def cat_lady_flip(state, ctx):
    _require_phase(state, "draft", N_("Cat Lady tokens are flipped during the draft."))
    spot = state["positions"][state["draft_at"] - 1]
    if spot["kind"] != "cat_lady":
        raise RuleError("Position %(position)s is a player's: they take a tile now.", position=state["draft_at"])
    holder = state["players"][state["holder"]]
    me = _player_of(state, ctx)
    if me is not None and me != holder:
        raise RuleError("%(name)s (suitcase token) or the board flips the Cat Lady token.", name=_name(ctx, holder))
    token = deck.draw(state["tokens"], 1, ctx.rng)[0]
    number = cat_lady_tile(state["tiles"], token)
    state["tiles"][number - 1].update(status="removed", token=token)
    spot.update(token=token, took=number)
    _log(state, "flip", token=token, tile=number)
    _advance_draft(state, ctx)


def next_round(state, ctx):
    _require_phase(state, "round_end", N_("Finish the draft of this round first."))
    if rounds.is_last(state["round"]):
        state["phase"] = "scoring"
        _log(state, "pads_open")
        return
    rounds.advance(state["round"])
    if state["mode"] != "solo":  # solo: you always keep the suitcase token
        state["holder"] = (state["holder"] + 1) % len(state["players"])
    _fresh_round(state, ctx)
    _log(state, "round", round=state["round"]["current"], name=_name(ctx, state["players"][state["holder"]]),
         blocked=list(state["blocked"]))


def prefill(state: dict, sid: str) -> dict:
    """What the app already knows for a pad: cats lured with pack rats and the pack rats left."""
    counters = state["counters"][sid]
    if state["mode"] == "scorepad":
        return {}
    return {"cats": counters["cats"], "pack_rats": counters["pack_rats"]}


def score(state, ctx, seat, **pad):
    _require_phase(state, "scoring", N_("Score pads open after round 12.") if state["phase"] != "waiting"
                   else N_("Start the game first."))
    me = _player_of(state, ctx)
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
    _log(state, "scored", name=_name(ctx, target), total=lines["total"])


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
    me = _player_of(state, ctx)
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
        _log(state, "voted", name=_name(ctx, me))
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
        _log(state, "cutest", name=_name(ctx, leaders[0]))
    else:
        # Still level: vote again between those still tied, as the rulebook says, until one wins.
        vote_now.update(group=leaders, ballots={}, round=vote_now["round"] + 1)
        _log(state, "vote_tied")
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
    _log(state, "game", game_no=state["game_no"])
    _begin(state, ctx, first)


# ---------------------------------------------------------------- the view

def _seat_row(state: dict, ctx: Ctx, sid: str) -> dict:
    return {"id": int(sid), "name": _name(ctx, sid), **state["counters"][sid],
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
    me = _player_of(state, ctx)
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
        out["holder"] = {"id": int(sid), "name": _name(ctx, sid)}
    out.update(positions=[], tiles=[], choosing=None, drafting=None, blocked=[])
    if phase in ("select", "draft", "round_end"):
        out["blocked"] = state["blocked"]
        for i, spot in enumerate(state["positions"]):
            number = i + 1
            row = {"number": number, "bonus": DATA["bonus"][str(number)]["label"], "kind": "free",
                   "seat": None, "name": None, "token": None, "took": None,
                   "blocked": number in state["blocked"]}
            if spot and spot["kind"] == "player":
                row.update(kind="player", seat=int(spot["seat"]), name=_name(ctx, spot["seat"]))
            elif spot:
                row.update(kind="cat_lady", token=spot["token"], took=spot["took"])
            out["positions"].append(row)
        for i, slot in enumerate(state["tiles"]):
            out["tiles"].append({"number": i + 1, "status": slot["status"], "token": slot["token"],
                                 "by": _name(ctx, slot["by"]) if slot["by"] else None})
        if phase == "select":
            sid = choosing_order(state)[state["pick_index"]]
            out["choosing"] = {"id": int(sid), "name": _name(ctx, sid), "mine": sid == me}
        if phase == "draft":
            spot = state["positions"][state["draft_at"] - 1]
            sid = spot.get("seat")
            held = state["counters"][sid]["pack_rats"] if sid else 0
            out["drafting"] = {"position": state["draft_at"], "kind": spot["kind"],
                               "id": int(sid) if sid else None, "name": _name(ctx, sid) if sid else None,
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
            out["pads"].append({"id": int(sid), "name": _name(ctx, sid), "entered": entered is not None,
                                "fill": entered or {**{k: 0 for k in PAD_FIELDS}, **prefill(state, sid)},
                                "lines": rows[sid]["lines"] if sid in rows else None,
                                "place": rows[sid]["place"] if sid in rows else None,
                                "tied_on": rows[sid]["tied_on"] if sid in rows else None})
        if all_scored(state):
            out["standings"] = sorted((p for p in out["pads"]), key=lambda p: (p["place"], p["name"]))
            out["winners"] = [{"id": int(s), "name": _name(ctx, s)} for s in winners(state)]
            out["over"] = bool(out["winners"])
            current = vote_state(state)
            if current:
                out["vote"] = {"group": [{"id": int(s), "name": _name(ctx, s)} for s in current["group"]],
                               "voters": [{"id": int(s), "name": _name(ctx, s),
                                           "voted": s in current["ballots"]} for s in current["voters"]],
                               "round": current["round"],
                               "winner": _name(ctx, current["winner"]) if current["winner"] else None,
                               "i_vote": me in current["voters"] and me not in current["ballots"],
                               "board_decides": not current["voters"]}
        if state["mode"] == "solo" and all_scored(state):
            total = rows[state["players"][0]]["lines"]["total"]
            out["solo"]["total"] = total
            out["solo"]["beaten"] = total >= state["solo"]["target"]
    return out


# ---------------------------------------------------------------- the game

OPTIONS = {
    "mode": Choice(label=N_("mode"), choices=list(MODES), required=False, default="full"),
    "solo_level": Choice(label=N_("solo victory level"), choices=SOLO_LEVELS, required=False, default=SOLO_LEVELS[0]),
    "solo_target": Int(label=N_("solo target score"), min=1, max=300, required=False, default=100),
    # A solo Victory Condition card names its To Do Lists (0 = draw at random).
    "todo1": Int(label=N_("solo To Do List 1"), min=0, max=DATA["todo"]["cards_per_pile"], required=False, default=0),
    "todo2": Int(label=N_("solo To Do List 2"), min=0, max=DATA["todo"]["cards_per_pile"], required=False, default=0),
    "todo3": Int(label=N_("solo To Do List 3"), min=0, max=DATA["todo"]["cards_per_pile"], required=False, default=0),
    # A group's own To Do List goals, for this table (the rulebook does not print them).
    # (a goal written in the deck file is the field's default, so the set-up page shows it)
    **{f"goal_{p}_{c}": Text(label=N_("To Do List goal"), max_len=GOAL_MAX, required=False,
                             default=GOALS[p - 1][c - 1] or None)
       for p in range(1, PILES + 1) for c in range(1, PER_PILE + 1)},
}

_FIRST = {"first": Int(label=N_("first player"), min=0, max=10_000, required=False, default=0)}
_SEAT = {"seat": Int(label=N_("player"), min=0, max=10_000, required=False, default=0)}

MOVES = {
    "start": Move(start, _FIRST, stale="refuse", reveals=False),
    "choose_position": Move(choose_position, {"position": Int(label=N_("draft position"), min=1, max=POSITIONS)},
                            stale="refuse", reveals=False),
    "draft": Move(draft, {"tile": Int(label=N_("tile"), min=1, max=POSITIONS),
                          "pack_rats": Int(label=N_("pack rats"), min=0, max=DATA["max_pack_rats_per_turn"],
                                           required=False, default=0),
                          "discard": Bool(label=N_("discard"))},
                  stale="refuse", reveals=False),
    # A token drawn from the face-down pile: taken back, its flipper would know it before drafting again.
    "cat_lady_flip": Move(cat_lady_flip, stale="refuse", reveals=True),
    "next_round": Move(next_round, stale="refuse", reveals=False),
    # A pad and a vote are one player's own: everyone saves at once at the end, none is lost.
    "score": Move(score, {**_SEAT, **PAD_FIELDS}, stale="apply", reveals=False),
    "vote": Move(vote, {"for_seat": Int(label=N_("cutest cat"), min=1, max=10_000)}, stale="apply", reveals=False),
    "rematch": Move(rematch, _FIRST, stale="refuse", reveals=False, new_game=True),
}

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


GAME = Game(
    id="pack-the-essentials",
    title="Pack the Essentials",
    blurb="Round tracker, draft board with the Cat Ladies, pack rat counts and the score pad; solo mode too.",
    players="1–4",
    most_players=MAX_SEATED,
    setup=setup,
    moves=MOVES,
    view=view,
    standing=standing,
    shows_records=lambda state: state.get("mode") == "solo",
    options=OPTIONS,
    order=4,
    in_play=InPlay(moves=(("start", {}),)),
)
