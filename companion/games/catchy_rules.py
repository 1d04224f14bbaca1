"""Catchy!'s rules: the trick maths as pure functions of plain values (who wins, does the cat flip,
where does it walk, who leads next, a round's points, the game's winners), the state a table keeps
(where the cat stands, -2..+2 with negative toward player 1, which side is up, whose lead it is, the
trick count, the score) and the moves that change it, `adjust` correcting any value by hand.

Players: either both play on the board (names typed at table creation), or the first two joined phones
are the players (chosen when the first round starts). Player indexes are 0 and 1 in the state and
1 and 2 in every field and on screen.

The rules give data, not sentences: the trick's reasons, the round's result and the log are kinds
with values, worded in the templates (templates/games/catchy/_words.html), so every screen reads them
in its own language. Refusals are marked templates (companion/errors.py). What each screen is shown
is catchy_view.py's; the moves as the engine sees them, and GAME, are catchy.py's.
"""
from __future__ import annotations

from .. import decks
from ..errors import N_, BadInput, Forbidden, RuleError
from .base import Ctx

DATA = decks.load("catchy")
CARDS, TRICK, ROUND, SCORE = DATA["cards"], DATA["trick"], DATA["round"], DATA["score"]
SIDES = ("red", "blue")
LOG_LENGTH = 12
MAX_NUMBER = 20          # the highest top number a table may choose for its cards


# ---- the rules, pure functions of plain values ------------------------------------------------

def card_name(card: dict) -> str:
    return f"Joker {card['number']}" if card["joker"] else f"{card['color']} {card['number']}"


def is_odd(card: dict) -> bool:
    return card["number"] % 2 == 1


def trick_winner(lead: dict, follow: dict) -> tuple[str, str]:
    """("leader" | "follower", why), why being "joker", "same_colour" or "colours_differ". A Joker
    in the trick or the same colour: the higher number wins; otherwise the follower could not follow
    and the leader wins. Equal numbers go to the leader."""
    if lead["joker"] or follow["joker"]:
        why = "joker"
    elif lead["color"] == follow["color"]:
        why = "same_colour"
    else:
        return "leader", "colours_differ"
    if follow["number"] > lead["number"]:
        return "follower", why
    if lead["number"] > follow["number"]:
        return "leader", why
    return TRICK["tie_goes_to"], why


def mood(lead: dict, follow: dict) -> str:
    """Step 3, the cat's mood: "exception" (a Joker and a 3), "both_odd" (it flips) or "even"."""
    if joker_and_three(lead, follow):
        return "exception"
    return "both_odd" if is_odd(lead) and is_odd(follow) else "even"


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
    how = mood(lead, follow)
    exception = how == "exception"
    flips = how != "even"
    new_side = ("blue" if side == "red" else "red") if flips else side
    if exception:
        toward, step, next_leader = None, 0, leader
    else:
        toward = winner if new_side == "red" else follower if winner == leader else leader
        step = -1 if toward == 0 else 1
        next_leader = toward
    return {
        "lead": lead, "follow": follow, "leader": leader, "winner": winner, "win_why": win_why,
        "flips": flips, "side_before": side, "side": new_side, "mood": how, "exception": exception,
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


def player_name(state: dict, ctx: Ctx, player: int) -> str:
    seat = state["seats"][player]
    if seat is not None and ctx.seat_named(seat) is not None:
        return ctx.name_of(seat)
    return state["names"][player]


def _log(state: dict, ctx: Ctx, kind: str, **values) -> None:
    """A log entry is a kind and its values (`by` is None for the board); _words.html words it."""
    entry = {"by": ctx.seat.name if ctx.seat else None, "kind": kind, **values}
    state["log"] = ([entry] + state["log"])[:LOG_LENGTH]


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
            if len(ctx.players) < 2:
                raise RuleError("Two phones must join before they can be the players.")
            state["seats"] = [ctx.players[0].id, ctx.players[1].id]
        elif ctx.seat is not None:
            raise Forbidden("The players are chosen on the board when they play on the board.")
        else:
            state["seats"] = [None, None]
    elif state["phase"] == "playing":
        raise RuleError("Round %(round)s is still being played.", round=state["round"])
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
    _log(state, ctx, "round", round=state["round"], leader=player_name(state, ctx, leader - 1))


# The refusals about one card, written out for each role: "the leader's card" is a different phrase
# in other languages (German "die Karte des Ausspielers"), so the role is never a value in a sentence.
CARD_REFUSALS = {
    "leader": {
        "number": N_("Give the number on the leader's card."),
        "range": N_("The leader's number must be between %(min)s and %(max)s."),
        "colour": N_("Pick the colour of the leader's card, or Joker."),
        "colours": N_("The leader's colour must be one of: %(colours)s."),
        "own": N_("You are the leader this trick: enter only your own card."),
    },
    "follower": {
        "number": N_("Give the number on the follower's card."),
        "range": N_("The follower's number must be between %(min)s and %(max)s."),
        "colour": N_("Pick the colour of the follower's card, or Joker."),
        "colours": N_("The follower's colour must be one of: %(colours)s."),
        "own": N_("You are the follower this trick: enter only your own card."),
    },
}


def _card(state: dict, role: str, color: str | None, number: int | None, joker: bool) -> dict | None:
    """A card from the form, or None when that card was left empty."""
    say = CARD_REFUSALS[role]
    if color is None and number is None and not joker:
        return None
    if number is None:
        refusal = say["number"]
        raise BadInput(refusal)
    if not state["min_number"] <= number <= state["max_number"]:
        refusal = say["range"]
        raise BadInput(refusal, min=state["min_number"], max=state["max_number"])
    if joker:
        return {"joker": True, "color": None, "number": number}
    if color is None:
        refusal = say["colour"]
        raise BadInput(refusal)
    match = next((c for c in state["colors"] if c.casefold() == color.casefold()), None)
    if match is None:
        # the colours as the form sends them (they are the table's own names for its cards)
        refusal = say["colours"]
        raise BadInput(refusal, colours=", ".join(state["colors"]))
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
            refusal = CARD_REFUSALS[mine]["own"]
            raise Forbidden(refusal)
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
        raise BadInput("The round must be between 1 and %(max)s.", max=SCORE["max_rounds"])
    # (state key, new value, value as shown); the leader is 1/2 outside, 0/1 inside
    changes = [("position", position, position), ("side", side, side), ("round", round, round),
               ("tricks", trick, trick),
               ("leader", None if leader is None else leader - 1,
                None if leader is None else player_name(state, ctx, leader - 1))]
    changed = []   # [{"what": key, "value": shown, "name": whose score}], worded by _words.html
    for key, value, shown in changes:
        if value is not None and state[key] != value:
            changed.append({"what": key, "value": shown})
            state[key] = value
    for i, value in enumerate((score_1, score_2)):
        if value is not None and state["scores"][i] != value:
            changed.append({"what": "score", "value": value, "name": player_name(state, ctx, i)})
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
    _log(state, ctx, "corrected", changes=changed)


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
    _log(state, ctx, "new_game")
