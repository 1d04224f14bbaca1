"""We Love Cats' rules: the bag and the deal, the turn, the dice and each result resolved (Adopt,
Lose, Swap, pass R or L, a passed cat walking past whoever holds its colour), and the game's end,
checked after every single step.

Phases: "lobby" (players join, then `start`) -> "roll" (the current player rolls) -> "resolve" (the two
results, one tap each; the turn passes left by itself after the second) -> back to "roll", until "over".
Component data and every rule reading live in decks/we_love_cats.toml. What each screen is shown is
we_love_cats_view.py's; the moves as the engine sees them, and GAME, are we_love_cats.py's.
"""
from __future__ import annotations

from ..decks import load
from ..errors import BadInput, RuleError, Term
from ..parts import bag, dice, picker
from .base import Ctx

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

def hand_of(state: dict, seat_id: int) -> dict[str, int]:
    return state["hands"][str(seat_id)]


def hand_size(hand: dict[str, int]) -> int:
    return sum(hand.values())


def _has_every_color(hand: dict[str, int]) -> bool:
    return all(hand[c] > 0 for c in COLORS)


def current_seat(state: dict) -> int:
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
        hand = hand_of(state, seat.id)
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
    return bag.count(state["bag"]) == 0 or any(_has_every_color(hand_of(state, sid)) for sid in state["players"])


def _check_end(state: dict, ctx: Ctx) -> bool:
    """True when the game just ended. Called after every draw and every pass landing."""
    complete = [sid for sid in state["players"] if _has_every_color(hand_of(state, sid))]
    if complete:
        state.update(phase="over", winners=complete, win_reason="colors")
        _log(state, "win_colors", who=complete[0])
        return True
    if bag.count(state["bag"]) == 0:
        most = max(hand_size(hand_of(state, sid)) for sid in state["players"])
        winners = [sid for sid in state["players"] if hand_size(hand_of(state, sid)) == most]
        state.update(phase="over", winners=winners, win_reason="bag")
        _log(state, "win_bag", winners=winners, count=most)
        return True
    return False


def _draw_into(state: dict, ctx: Ctx, seat_id: int) -> str:
    color = bag.draw(state["bag"], ctx.rng)
    hand_of(state, seat_id)[color] += 1
    return color


# ---- turns

def _begin_turn(state: dict, ctx: Ctx) -> None:
    """A player with no cats adopts two before rolling (each draw may end the game)."""
    current = current_seat(state)
    if hand_size(hand_of(state, current)) > 0:
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
    current = current_seat(state)
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
    if not open_dice or hand_size(hand_of(state, current)) > 0:
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
    hand_of(state, giver)[color] -= 1
    skipped, landed = [], None
    for k in range(1, len(players)):
        seat_id = players[(start_at + step * k) % len(players)]
        if hand_of(state, seat_id)[color] == 0:
            hand_of(state, seat_id)[color] = 1
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
    hand = hand_of(state, current)
    if face["needs_color"] and hand_size(hand) == 0:
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
