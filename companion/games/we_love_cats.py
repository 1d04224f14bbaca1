"""We Love Cats (Steve Jackson Games): the bag, the 30 cat tokens and both dice, on the phones.

Every player draws 3 cats; on a turn a player with no cats adopts 2, rolls two dice and resolves the two
results in the order they choose (Adopt, Lose, Swap, pass R or L). The instant anyone holds one cat of
every colour they win; when the bag runs out, the most cats win. Component data and every rule reading
live in decks/we_love_cats.toml.

Phases: "lobby" (players join, then `start`) -> "roll" (the current player rolls) -> "resolve" (the two
results, one tap each; the turn passes left by itself after the second) -> back to "roll", until "over".
Tokens are public on a real table, so every screen sees every hand; only the bag's inside is blind.
"""
from __future__ import annotations

from ..decks import load
from ..errors import BadInput, RuleError, Term
from ..fields import Choice, Int
from ..parts import bag, dice, picker
from .base import Ctx, Game, InPlay, Move

DECK = load("we_love_cats")
COLORS: list[str] = [c["id"] for c in DECK["colors"]]
COLOR = {c["id"]: c for c in DECK["colors"]}
FACE = {f["id"]: f for f in DECK["face"]}
DIE_FACES: list[str] = list(DECK["dice"]["faces"])
DICE_COUNT: int = DECK["dice"]["count"]
TOKENS_PER_COLOR: int = DECK["tokens_per_color"]
TOTAL_TOKENS = TOKENS_PER_COLOR * len(COLORS)
START_HAND: int = DECK["start_hand"]
ADOPT_WHEN_EMPTY: int = DECK["adopt_when_empty"]
MIN_PLAYERS: int = DECK["min_players"]
# No printed maximum: every count whose deal leaves at least one cat in the bag (decks/we_love_cats.toml).
MAX_PLAYERS: int = (TOTAL_TOKENS - 1) // START_HAND
LOG_LENGTH: int = DECK["log_length"]

assert all(face in FACE for face in DIE_FACES), "every die face needs a [[face]] entry in the deck"
assert MAX_PLAYERS * START_HAND < TOTAL_TOKENS, "the deal must leave cats in the bag"


# ---- small helpers over the state

def _hand(state: dict, seat_id: int) -> dict[str, int]:
    return state["hands"][str(seat_id)]


def _size(hand: dict[str, int]) -> int:
    return sum(hand.values())


def _has_every_color(hand: dict[str, int]) -> bool:
    return all(hand[c] > 0 for c in COLORS)


def _current(state: dict) -> int:
    return state["players"][state["turn"]]


def _log(state: dict, kind: str, **values) -> None:
    """What just happened, as data (a kind, seat ids, colour and face ids): the view puts names on it
    and the templates word it in the viewer's language (templates/games/we-love-cats/_log.html)."""
    state["log"] = ([{"kind": kind, **values}] + state["log"])[:LOG_LENGTH]


# ---- setup and dealing

def setup(options: dict, ctx: Ctx) -> dict:
    # No seats exist yet: players join, then `start` deals.
    return {
        "phase": "lobby",
        "players": [],            # seat ids in seating (joining) order, fixed at the deal
        "hands": {},              # str(seat id) -> {colour: count}
        "bag": bag.new({c: TOKENS_PER_COLOR for c in COLORS}),
        "turn": 0,                # index into players
        "turn_number": 0,
        "dice": [],               # [{"face", "done", "skipped"}]; stays visible after the turn ends
        "dice_by": None,          # who rolled the dice shown
        "roll_count": 0,          # a new number per roll: screens replay the roll animation on it
        "winners": [],
        "win_reason": None,       # "colors" | "bag"
        "last_pass": None,        # the path the newest passed token took
        "log": [],
        "games": 0,
    }


def _deal(state: dict, ctx: Ctx, first_seat: int | None) -> None:
    seats = ctx.players
    if len(seats) < MIN_PLAYERS:
        raise RuleError("We Love Cats needs at least %(min)s players: scan the QR code to join.", min=MIN_PLAYERS)
    if len(seats) > MAX_PLAYERS:
        raise RuleError("We Love Cats is for %(min)s to %(max)s players, and %(n)s have joined.",
                        min=MIN_PLAYERS, max=MAX_PLAYERS, n=len(seats))
    if first_seat is None:
        first = picker.pick(seats, ctx.rng)
        how = "random"
    else:
        first = ctx.seat_named(first_seat)
        if first is None:
            raise BadInput("That player has not joined this table.")
        how = "chosen"
    state.update({
        "phase": "roll",
        "players": [s.id for s in seats],
        "hands": {str(s.id): {c: 0 for c in COLORS} for s in seats},
        "bag": bag.new({c: TOKENS_PER_COLOR for c in COLORS}),
        "turn": [s.id for s in seats].index(first.id),
        "turn_number": 1,
        "dice": [],
        "dice_by": None,
        "winners": [],
        "win_reason": None,
        "last_pass": None,
        "log": [],
        "games": state["games"] + 1,
    })
    for seat in seats:  # each player draws their three in seating order
        hand = _hand(state, seat.id)
        for _ in range(START_HAND):
            hand[bag.draw(state["bag"], ctx.rng)] += 1
    _log(state, "deal", game=state["games"], count=START_HAND, first=first.id, how=how)
    _begin_turn(state, ctx)


def start(state, ctx, first_seat=None):
    if state["phase"] != "lobby":
        raise RuleError("The game has already started.")
    _deal(state, ctx, first_seat)


def rematch(state, ctx, first_seat=None):
    if state["phase"] != "over":
        raise RuleError("This game is still going: finish it first.")
    _deal(state, ctx, first_seat)


# ---- the end of the game, checked after every single step

def _is_over(state: dict) -> bool:
    return bag.count(state["bag"]) == 0 or any(_has_every_color(_hand(state, sid)) for sid in state["players"])


def _check_end(state: dict, ctx: Ctx) -> bool:
    """True when the game just ended. Called after every draw and every pass landing."""
    complete = [sid for sid in state["players"] if _has_every_color(_hand(state, sid))]
    if complete:
        state.update(phase="over", winners=complete, win_reason="colors")
        _log(state, "win_colors", who=complete[0])
        return True
    if bag.count(state["bag"]) == 0:
        most = max(_size(_hand(state, sid)) for sid in state["players"])
        winners = [sid for sid in state["players"] if _size(_hand(state, sid)) == most]
        state.update(phase="over", winners=winners, win_reason="bag")
        _log(state, "win_bag", winners=winners, count=most)
        return True
    return False


def _draw_into(state: dict, ctx: Ctx, seat_id: int) -> str:
    color = bag.draw(state["bag"], ctx.rng)
    _hand(state, seat_id)[color] += 1
    return color


# ---- turns

def _begin_turn(state: dict, ctx: Ctx) -> None:
    """A player with no cats adopts two before rolling (each draw may end the game)."""
    current = _current(state)
    if _size(_hand(state, current)) > 0:
        return
    drawn = []
    for _ in range(ADOPT_WHEN_EMPTY):
        drawn.append(_draw_into(state, ctx, current))
        if _is_over(state):
            break  # the game ends the instant it is won or the bag is empty
    _log(state, "adopt_empty", who=current, colors=drawn)
    _check_end(state, ctx)


def _next_turn(state: dict, ctx: Ctx) -> None:
    state["turn"] = (state["turn"] + 1) % len(state["players"])  # the turn passes to the left
    state["turn_number"] += 1
    state["phase"] = "roll"
    _begin_turn(state, ctx)


def _require_turn(state: dict, ctx: Ctx) -> int:
    """The current player's seat id, or a refusal that says why this viewer cannot act now."""
    if state["phase"] == "lobby":
        raise RuleError("The game has not started yet: press Start on the board.")
    if state["phase"] == "over":
        raise RuleError("This game is over: start a rematch to play again.")
    current = _current(state)
    if ctx.seat is not None and ctx.seat.id != current:
        if str(ctx.seat.id) not in state["hands"]:
            raise RuleError("You joined after the deal: you will be dealt in at the rematch.")
        raise RuleError("It is %(name)s's turn, not yours.", name=ctx.name_of(current))
    return current


def roll(state, ctx):
    current = _require_turn(state, ctx)
    if state["phase"] != "roll":
        raise RuleError("The dice are rolled: resolve both results first.")
    faces = dice.roll(DIE_FACES, DICE_COUNT, ctx.rng)
    state["dice"] = [{"face": f, "done": False, "skipped": False} for f in faces]
    state["dice_by"] = current
    state["roll_count"] += 1
    state["phase"] = "resolve"
    _log(state, "roll", who=current, faces=faces)


def _skip_impossible(state: dict, ctx: Ctx, current: int) -> None:
    """With no cat in hand and no Adopt left to resolve, the remaining results cannot be done."""
    open_dice = [d for d in state["dice"] if not d["done"]]
    if not open_dice or _size(_hand(state, current)) > 0:
        return
    if any(not FACE[d["face"]]["needs_color"] for d in open_dice):
        return  # an Adopt could still give the player a cat to use
    for d in open_dice:
        d["done"] = d["skipped"] = True
        _log(state, "skip", who=current, face=d["face"], auto=True)


def _pass(state: dict, ctx: Ctx, giver: int, color: str, direction: str) -> None:
    """The passed token walks round in its direction past every player who already holds its colour;
    if every other player holds it, it goes into the bag."""
    players = state["players"]
    step = 1 if direction == "left" else -1  # left = next in seating order, the way the turn goes
    start_at = players.index(giver)
    _hand(state, giver)[color] -= 1
    skipped, landed = [], None
    for k in range(1, len(players)):
        seat_id = players[(start_at + step * k) % len(players)]
        if _hand(state, seat_id)[color] == 0:
            _hand(state, seat_id)[color] = 1
            landed = seat_id
            break
        skipped.append(seat_id)
    if landed is None:
        bag.put(state["bag"], color)
    state["last_pass"] = {"from": giver, "color": color, "direction": direction, "skipped": skipped, "to": landed}
    _log(state, "pass", who=giver, color=color, direction=direction, skipped=skipped, to=landed)


def resolve(state, ctx, die, color=None):
    current = _require_turn(state, ctx)
    if state["phase"] != "resolve":
        raise RuleError("Roll the dice first.")
    if die >= len(state["dice"]):
        raise BadInput("There is no such die.")
    d = state["dice"][die]
    if d["done"]:
        raise RuleError("That result is already done: resolve the other die.")
    face = FACE[d["face"]]
    hand = _hand(state, current)
    if face["needs_color"] and _size(hand) == 0:
        d["skipped"] = True
        _log(state, "skip", who=current, face=d["face"], auto=False)
    elif face["needs_color"]:
        # The verb and the colour come from the deck: Terms, translated with the sentence.
        if color is None:
            raise BadInput("Choose which colour of cat to %(verb)s.", verb=Term(face["verb"]))
        if hand[color] == 0:
            raise RuleError("You have no %(color)s cat to %(verb)s.",
                            color=Term(COLOR[color]["name"]), verb=Term(face["verb"]))
        if d["face"] == "lose":
            hand[color] -= 1
            bag.put(state["bag"], color)
            _log(state, "lose", who=current, color=color)
        elif d["face"] == "swap":
            hand[color] -= 1
            bag.put(state["bag"], color)
            drawn = _draw_into(state, ctx, current)
            _log(state, "swap", who=current, color=color, drawn=drawn)
        else:
            _pass(state, ctx, current, color, d["face"])
    else:
        drawn = _draw_into(state, ctx, current)
        _log(state, "adopt", who=current, color=drawn)
    d["done"] = True
    if _check_end(state, ctx):
        return
    _skip_impossible(state, ctx, current)
    if all(x["done"] for x in state["dice"]):
        _next_turn(state, ctx)


# ---- what each screen sees

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
    current = _current(state) if state["players"] else None
    me = ctx.seat.id if ctx.seat else None
    players = []
    for sid in state["players"]:
        hand = _hand(state, sid)
        players.append({
            "id": sid, "name": ctx.name_of(sid), "by_color": dict(hand), "tokens": _tokens(hand),
            "total": _size(hand), "colors_held": sum(1 for c in COLORS if hand[c] > 0),
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
        hand = _hand(state, current)
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
               "tokens": _tokens(_hand(state, me)) if in_game else [],
               "total": _size(_hand(state, me)) if in_game else 0} if ctx.seat else None,
    }


FIRST = {"first_seat": Int(label="first player", min=0, max=10**9, required=False, default=None)}
MOVES = {
    # The deal and every result that draws from the bag show which cat came out next.
    "start": Move(start, FIRST, stale="refuse", reveals=True),
    "roll": Move(roll, stale="apply", reveals=False),  # the rules check the turn again; undo rolls the same
    "resolve": Move(resolve, {"die": Int(label="die", min=0, max=DICE_COUNT - 1),
                              "color": Choice(label="colour", choices=COLORS, required=False, default=None)},
                    stale="apply", reveals="draws"),
    "rematch": Move(rematch, FIRST, stale="refuse", reveals=True, new_game=True),
}

def standing(board: dict) -> dict | None:
    """Cats held by each player, round by round (a round: everyone has had a turn; see Game.standing)."""
    if board["phase"] == "lobby" or not board["players"]:
        return None
    turn = max(board["turn_number"], 1)
    return {"players": [p["name"] for p in board["players"]], "round": (turn - 1) // len(board["players"]) + 1,
            "scores": {p["name"]: p["total"] for p in board["players"]},
            "over": board["phase"] == "over", "winners": [w["name"] for w in board["winners"]]}


GAME = Game(
    id="we-love-cats",
    title="We Love Cats",
    blurb="The bag, all 30 cat tokens and both dice on your phones: collect one cat of every colour.",
    players=f"{MIN_PLAYERS}–{MAX_PLAYERS}",
    most_players=MAX_PLAYERS,
    setup=setup,
    moves=MOVES,
    view=view,
    standing=standing,
    sections_read_viewer=True,
    order=5,
    in_play=InPlay(moves=(("start", {"first_seat": "@Ann"}),)),
)
