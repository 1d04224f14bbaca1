"""Catchy!: the course between the two players' Arms, the cat token and the trick calculator.

The cards stay in the players' hands; the companion keeps what is fiddly on the table: where the cat
stands (-2..+2, negative toward player 1), which side is up, whose lead it is, the trick count, the
score, and the trick maths (who won, does the cat flip, where does it walk, who leads next), with the
reasons in words. Every value can be corrected by hand (`adjust`) and the engine's undo works as usual.

Players: either both play on the board (names typed at table creation), or the first two joined phones
are the players (chosen when the first round starts). Player indexes are 0 and 1 in the state and
1 and 2 in every field and on screen.
"""
from __future__ import annotations

from .. import decks
from ..errors import BadInput, Forbidden, RuleError
from ..fields import Bool, Choice, Int, Text, TextList
from .base import Ctx, Game, Move

DATA = decks.load("catchy")
CARDS, TRICK, ROUND, SCORE = DATA["cards"], DATA["trick"], DATA["round"], DATA["score"]
SIDES = ("red", "blue")
LOG_LENGTH = 12
MAX_NUMBER = 20          # the highest top number a table may choose for its cards

OPTIONS = {
    "player_1": Text(label="player 1's name", max_len=24, required=False, default="Player 1"),
    "player_2": Text(label="player 2's name", max_len=24, required=False, default="Player 2"),
    "colors": TextList(label="card colours", item_max_len=16, min_items=2, max_items=6,
                       required=False, default=list(CARDS["colors"])),
    "max_number": Int(label="highest card number", min=3, max=MAX_NUMBER,
                      required=False, default=CARDS["max_number"]),
}


# ---- the rules, pure functions of plain values ------------------------------------------------

def card_name(card: dict) -> str:
    return f"Joker {card['number']}" if card["joker"] else f"{card['color']} {card['number']}"


def is_odd(card: dict) -> bool:
    return card["number"] % 2 == 1


def trick_winner(lead: dict, follow: dict) -> tuple[str, str]:
    """("leader" | "follower", why). A Joker in the trick or the same colour: the higher number wins;
    otherwise the follower could not follow and the leader wins. Equal numbers go to the leader."""
    if lead["joker"] or follow["joker"]:
        why = "a Joker is in the trick, so the higher number wins"
    elif lead["color"] == follow["color"]:
        why = f"both are {lead['color']}, so the higher number wins"
    else:
        return "leader", "the colours differ, so the leader wins"
    if follow["number"] > lead["number"]:
        return "follower", f"{why}: {follow['number']} beats {lead['number']}"
    if lead["number"] > follow["number"]:
        return "leader", f"{why}: {lead['number']} beats {follow['number']}"
    return TRICK["tie_goes_to"], f"{why}, and both are {lead['number']}: a tie goes to the leader"


def joker_and_three(lead: dict, follow: dict) -> bool:
    """The exception: one Joker and one coloured card showing the exception number (3)."""
    if lead["joker"] == follow["joker"]:
        return False
    coloured = follow if lead["joker"] else lead
    return coloured["number"] == TRICK["exception_number"]


def off_colour(lead: dict, follow: dict) -> bool:
    """The follower answered a coloured lead with another colour (not a Joker): legal only when they
    had no card of the led colour, which the companion cannot see, so it only reminds."""
    return not lead["joker"] and not follow["joker"] and lead["color"] != follow["color"]


def resolve(lead: dict, follow: dict, leader: int, side: str, position: int) -> dict:
    """Everything one trick does, with a sentence per step. `leader` is 0 or 1 (player index),
    `position` -2..+2 with negative toward player 0."""
    follower = 1 - leader
    winner_role, win_why = trick_winner(lead, follow)
    winner = leader if winner_role == "leader" else follower
    exception = joker_and_three(lead, follow)
    both_odd = is_odd(lead) and is_odd(follow)
    flips = exception or both_odd
    new_side = ("blue" if side == "red" else "red") if flips else side
    if exception:
        mood = f"Joker and a {TRICK['exception_number']}: the cat flips to {new_side} but does not move"
        toward, step, next_leader = None, 0, leader
    else:
        if both_odd:
            mood = f"both odd ({lead['number']} and {follow['number']}): the cat flips to {new_side}"
        else:
            evens = [str(c["number"]) for c in (lead, follow) if not is_odd(c)]
            mood = (f"{' and '.join(evens)} {'is' if len(evens) == 1 else 'are'} even: "
                    f"no flip, the cat stays {new_side}")
        toward = winner if new_side == "red" else follower if winner == leader else leader
        step = -1 if toward == 0 else 1
        next_leader = toward
    return {
        "lead": lead, "follow": follow, "leader": leader, "winner": winner, "win_why": win_why,
        "flips": flips, "side_before": side, "side": new_side, "mood": mood, "exception": exception,
        "toward": toward, "position_before": position, "position": position + step,
        "next_leader": next_leader, "off_colour": off_colour(lead, follow),
    }


def round_points(position: int) -> list[int]:
    """Points for [player 1, player 2] from where the cat ended the round."""
    if position == 0:
        return [SCORE["centre"], SCORE["centre"]]
    points = SCORE["arms"] if abs(position) >= 2 else SCORE["near"]
    return [points, 0] if position < 0 else [0, points]


def game_winners(scores: list[int], rounds_played: int) -> list[int] | None:
    """None while the game goes on; else the winning player indexes (both when level)."""
    if max(scores) < SCORE["target"] and rounds_played < SCORE["max_rounds"]:
        return None
    best = max(scores)
    return [i for i in (0, 1) if scores[i] == best]


# ---- state -----------------------------------------------------------------------------------

def setup(options: dict, ctx: Ctx) -> dict:
    colors = options["colors"]
    names = [options["player_1"], options["player_2"]]
    if names[0].casefold() == names[1].casefold():
        raise BadInput("Give the two players different names.")
    return {
        "colors": colors, "min_number": CARDS["min_number"], "max_number": options["max_number"],
        "names": names,
        "seats": [None, None],      # seat ids of the players when they play from phones
        "phase": "setup",           # setup -> playing -> round_over -> ... -> game_over
        "round": 0, "tricks": 0, "position": 0, "side": ROUND["start_side"], "leader": None,
        "scores": [0, 0],
        "pending": {"lead": None, "follow": None, "check": False},
        "last": None,               # the last trick resolved, with its reasons
        "round_end": None,          # how the last round ended and what it scored
        "winners": [],
        "log": [],
    }


def _player_of(state: dict, ctx: Ctx) -> int | None:
    """The acting phone's player index, None for the board. A phone that is not a player may only
    watch."""
    if ctx.seat is None:
        return None
    if ctx.seat.id in state["seats"]:
        return state["seats"].index(ctx.seat.id)
    if state["seats"] == [None, None]:
        raise Forbidden("The players use the board at this table; this phone can follow the game.")
    raise Forbidden("Only the two players' phones can do that; this phone can follow the game.")


def _name(state: dict, ctx: Ctx, player: int) -> str:
    seat = state["seats"][player]
    if seat is not None and ctx.seat_named(seat) is not None:
        return ctx.name_of(seat)
    return state["names"][player]


def _log(state: dict, ctx: Ctx, text: str) -> None:
    who = ctx.seat.name if ctx.seat else "Board"
    state["log"] = ([f"{who}: {text}"] + state["log"])[:LOG_LENGTH]


def _clear_pending(state: dict) -> None:
    state["pending"] = {"lead": None, "follow": None, "check": False}


def _end_round(state: dict, why: str) -> None:
    points = round_points(state["position"])
    state["scores"] = [state["scores"][i] + points[i] for i in (0, 1)]
    state["round_end"] = {"round": state["round"], "position": state["position"], "points": points,
                          "why": why}
    _check_game_over(state)


def _check_game_over(state: dict) -> None:
    winners = game_winners(state["scores"], state["round"])
    state["winners"] = winners or []
    state["phase"] = "game_over" if winners else "round_over"


# ---- moves -----------------------------------------------------------------------------------

def start_round(state, ctx, leader, players):
    """Who holds the Starting card leads; the cat goes to the centre, red side up."""
    if state["phase"] == "setup":
        if players == "phones" or (players is None and ctx.seat is not None):
            if len(ctx.seats) < 2:
                raise RuleError("Two phones must join before they can be the players.")
            state["seats"] = [ctx.seats[0].id, ctx.seats[1].id]
        elif ctx.seat is not None:
            raise Forbidden("The players are chosen on the board when they play on the board.")
        else:
            state["seats"] = [None, None]
    elif state["phase"] == "playing":
        raise RuleError(f"Round {state['round']} is still being played.")
    elif state["phase"] == "game_over":
        raise RuleError("The game is over: start a rematch for a new game.")
    me = _player_of(state, ctx)
    if leader is None:
        if me is None:
            raise BadInput("Say who holds the Starting card.")
        leader = me + 1
    state.update(phase="playing", round=state["round"] + 1, tricks=0, position=0,
                 side=ROUND["start_side"], leader=leader - 1, last=None, round_end=None)
    _clear_pending(state)
    _log(state, ctx, f"round {state['round']} begins, {_name(state, ctx, leader - 1)} leads")


def _card(state: dict, role: str, color: str | None, number: int | None, joker: bool) -> dict | None:
    """A card from the form, or None when that card was left empty."""
    if color is None and number is None and not joker:
        return None
    if number is None:
        raise BadInput(f"Give the number on the {role}'s card.")
    if not state["min_number"] <= number <= state["max_number"]:
        raise BadInput(f"The {role}'s number must be between {state['min_number']} and {state['max_number']}.")
    if joker:
        return {"joker": True, "color": None, "number": number}
    if color is None:
        raise BadInput(f"Pick the colour of the {role}'s card, or Joker.")
    match = next((c for c in state["colors"] if c.casefold() == color.casefold()), None)
    if match is None:
        raise BadInput(f"The {role}'s colour must be one of: {', '.join(state['colors'])}.")
    return {"joker": False, "color": match, "number": number}


def play_trick(state, ctx, leader_color, leader_number, leader_joker,
               follower_color, follower_number, follower_joker, check):
    """Enter the two cards of a trick (the board may give both; a player's phone gives its own).
    With both cards known the trick is resolved, unless `check` asks only to see what it would do."""
    if state["phase"] != "playing":
        raise RuleError("No round is being played: start a round first.")
    me = _player_of(state, ctx)
    lead = _card(state, "leader", leader_color, leader_number, leader_joker)
    follow = _card(state, "follower", follower_color, follower_number, follower_joker)
    if me is not None:
        mine, other = ("leader", follow) if me == state["leader"] else ("follower", lead)
        if other is not None:
            raise Forbidden(f"You are the {mine} this trick: enter only your own card.")
    if lead is None and follow is None:
        raise BadInput("Enter a card: its colour and number, or Joker and its number.")
    pending = state["pending"]
    lead = lead or pending["lead"]
    follow = follow or pending["follow"]
    if lead is None or follow is None or check:
        state["pending"] = {"lead": lead, "follow": follow, "check": bool(check and lead and follow)}
        return
    result = resolve(lead, follow, state["leader"], state["side"], state["position"])
    state["tricks"] += 1
    result["trick"] = state["tricks"]
    state.update(side=result["side"], position=result["position"], leader=result["next_leader"],
                 last=result)
    _clear_pending(state)
    if abs(state["position"]) >= 2:
        _end_round(state, "arms")
    elif state["tricks"] >= ROUND["tricks"]:
        _end_round(state, "tricks")


def adjust(state, ctx, position, side, score_1, score_2, round, trick, leader):
    """Set any value by hand, to fix a misplayed or mistyped trick."""
    if state["phase"] == "setup":
        raise RuleError("Start the first round first; there is nothing to correct yet.")
    _player_of(state, ctx)
    if round is not None and round > SCORE["max_rounds"]:
        raise BadInput(f"The round must be between 1 and {SCORE['max_rounds']}.")
    # (state key, words in the log, new value, value as shown); the leader is 1/2 outside, 0/1 inside
    changes = [("position", "cat position", position, position), ("side", "cat side", side, side),
               ("round", "round", round, round), ("tricks", "tricks played", trick, trick),
               ("leader", "leader", None if leader is None else leader - 1,
                None if leader is None else _name(state, ctx, leader - 1))]
    changed = []
    for key, words, value, shown in changes:
        if value is not None and state[key] != value:
            changed.append(f"{words} → {shown}")
            state[key] = value
    for i, value in enumerate((score_1, score_2)):
        if value is not None and state["scores"][i] != value:
            changed.append(f"{_name(state, ctx, i)}'s score → {value}")
            state["scores"][i] = value
    if not changed:
        raise BadInput("Change at least one value.")
    _clear_pending(state)
    if state["phase"] == "playing":
        if state["last"]:  # keep what the trick did, but say the table was changed since
            state["last"]["corrected"] = True
        if abs(state["position"]) >= 2:
            _end_round(state, "arms")
        elif state["tricks"] >= ROUND["tricks"]:
            _end_round(state, "tricks")
    else:
        _check_game_over(state)
    _log(state, ctx, "corrected " + ", ".join(changed))


def rematch(state, ctx):
    """A new game at the same table: scores back to zero; the players are chosen again when the
    first round starts, so phones that joined since can take part."""
    if state["phase"] == "setup":
        raise RuleError("The game has not started yet.")
    if ctx.seat is not None:
        _player_of(state, ctx)
        if state["phase"] != "game_over":
            raise RuleError("Finish the game first, or start a new game from the board.")
    names = state["names"]
    fresh = setup({"player_1": names[0], "player_2": names[1], "colors": state["colors"],
                   "max_number": state["max_number"]}, ctx)
    fresh["log"] = state["log"]
    state.clear()
    state.update(fresh)
    _log(state, ctx, "a new game begins")


# ---- view ------------------------------------------------------------------------------------

def _card_view(state: dict, card: dict | None) -> dict | None:
    if card is None:
        return None
    # A colour index for the stylesheet, so each colour gets its own look and the word stays.
    index = -1 if card["joker"] else state["colors"].index(card["color"])
    return {**card, "name": card_name(card), "odd": is_odd(card), "color_index": index}


def explain(state: dict, ctx: Ctx, r: dict, ended_round: bool = False) -> list[str]:
    """The trick in words, step by step, with the players' names."""
    name = lambda i: _name(state, ctx, i)  # noqa: E731 - a short local alias reads best here
    leader, follower = r["leader"], 1 - r["leader"]
    lines = [f"{name(leader)} led {card_name(r['lead'])}, {name(follower)} played {card_name(r['follow'])}."]
    if r["off_colour"]:
        lines.append(f"⚠ {name(follower)} did not follow {r['lead']['color']}: that is allowed only "
                     f"when {name(follower)} had no {r['lead']['color']} card left.")
    lines.append(f"{name(r['winner'])} wins the trick: {r['win_why']}.")
    lines.append(r["mood"][0].upper() + r["mood"][1:] + ".")
    if not r["exception"]:
        rule = "red moves toward the winner" if r["side"] == "red" else "blue moves toward the loser"
        lines.append(f"{r['side'].capitalize()} side up, {rule}: one step toward {name(r['toward'])}.")
    if ended_round:
        lines.append("That ends the round.")
    elif r["exception"]:
        lines.append(f"{name(leader)} leads again.")
    else:
        lines.append(f"{name(r['next_leader'])} leads next.")
    if r.get("corrected"):
        lines.append("✎ Values were corrected by hand after this trick (see Recent).")
    return lines


def _place(state: dict, ctx: Ctx, position: int) -> str:
    if position == 0:
        return "on the centre card"
    player = 0 if position < 0 else 1
    if abs(position) >= 2:
        return f"in {_name(state, ctx, player)}'s Arms"
    return f"one step from {_name(state, ctx, player)}'s Arms"


def view(state: dict, ctx: Ctx) -> dict:
    names = [_name(state, ctx, i) for i in (0, 1)]
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
        "me": None if me is None else me + 1,
        "watching": ctx.seat is not None and me is None,
        "colors": state["colors"],
        "numbers": list(range(state["min_number"], state["max_number"] + 1)),
        "round": state["round"], "max_rounds": SCORE["max_rounds"],
        "trick": state["tricks"], "tricks_per_round": ROUND["tricks"],
        "position": state["position"], "side": state["side"],
        "place": _place(state, ctx, state["position"]),
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
        if abs(p) >= 2:
            words = f"The cat is in {names[0 if p < 0 else 1]}'s Arms: {SCORE['arms']} points to {names[0 if p < 0 else 1]}."
        elif p == 0:
            words = f"The cat ended on the centre card: {SCORE['centre']} point each."
        else:
            words = f"The cat ended nearer {names[0 if p < 0 else 1]}: {SCORE['near']} points to {names[0 if p < 0 else 1]}."
        cause = "the cat reached an Arms space" if e["why"] == "arms" else f"{ROUND['tricks']} tricks were played"
        out["round_end"] = {"round": e["round"], "position": p, "points": e["points"],
                            "explanation": [f"Round {e['round']} is over: {cause}.", words]}
    return out


_CARD_FIELDS = {}
for _role in ("leader", "follower"):
    _CARD_FIELDS[f"{_role}_color"] = Text(label=f"{_role}'s colour", max_len=16, required=False)
    _CARD_FIELDS[f"{_role}_number"] = Int(label=f"{_role}'s number", min=0, max=MAX_NUMBER, required=False)
    _CARD_FIELDS[f"{_role}_joker"] = Bool(label=f"{_role}'s Joker")

MOVES = {
    "start_round": Move(start_round, {
        "leader": Int(label="leader", min=1, max=2, required=False),
        "players": Choice(label="players", choices=["names", "phones"], required=False)}),
    "play_trick": Move(play_trick, {**_CARD_FIELDS, "check": Bool(label="check only")}),
    "adjust": Move(adjust, {
        "position": Int(label="cat position", min=-2, max=2, required=False),
        "side": Choice(label="cat side", choices=list(SIDES), required=False),
        "score_1": Int(label="player 1's score", min=0, max=99, required=False),
        "score_2": Int(label="player 2's score", min=0, max=99, required=False),
        "round": Int(label="round", min=1, max=99, required=False),
        "trick": Int(label="tricks played", min=0, max=ROUND["tricks"], required=False),
        "leader": Int(label="leader", min=1, max=2, required=False)}),
    "rematch": Move(rematch),
}

def standing(board: dict) -> dict | None:
    """The score after each round, from the board's view (see Game.standing)."""
    if board["phase"] == "setup":
        return None
    return {"players": [p["name"] for p in board["players"]], "round": board["round"],
            "scores": {p["name"]: p["score"] for p in board["players"]},
            "over": board["phase"] == "game_over", "winners": list(board["winner_names"])}


GAME = Game(
    id="catchy",
    title="Catchy!",
    blurb="The course, the cat token and the trick maths for two players: who wins, does the cat flip, where it walks.",
    players="2",
    setup=setup,
    moves=MOVES,
    view=view,
    standing=standing,
    options=OPTIONS,
)
