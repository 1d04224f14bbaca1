"""Cloaked Cats' rules: the deal, whose turn it is, and the moves that change the state (a cat card
and the masks it earns, a guess answered truthfully, the end of a turn, the host's correction of a
cat card), until a stockpile runs out or the final round ends.

The physical cat cards, hands and deck stay on the table: the active player taps the features printed
on the card they played. Every rule reading is in decks/cloaked_cats.toml with its reason. What each
screen is shown is cloaked_cats_view.py's; the moves as the engine sees them, and GAME, are
cloaked_cats.py's.
"""
from __future__ import annotations

from .. import decks
from ..errors import N_, BadInput, RuleError, Term
from ..parts import deck, picker
from .base import Ctx, Seat

DECK = decks.load("cloaked_cats")
RULES = DECK["rules"]
FEATURES = {f["id"]: f for f in DECK["features"]}
FEATURE_IDS = [f["id"] for f in DECK["features"]]
ORDER = {fid: i for i, fid in enumerate(FEATURE_IDS)}
CATEGORIES = {c["id"]: c for c in DECK["categories"]}
COLOURS = {c["id"]: c for c in DECK["colours"]}
COLOUR_ORDER = [c["id"] for c in DECK["colours"]]
EVENTS_KEPT = 8


# Refusals are literal English templates at the raise site (companion/errors.py), so extraction finds
# them and the web layer shows them in the viewer's language (German: translations/de/LC_MESSAGES/messages.po).
# The two raised from more than one place are kept here, marked.
NOT_STARTED = N_("The game has not started yet: press Start when everyone has joined.")
PLAY_CAT_FIRST = N_("Play a cat card first: tap the features printed on it.")


# ---- the state's shape

def setup(options: dict, ctx: Ctx) -> dict:
    # No seats exist yet: the deal happens in `start`, once the players have joined.
    return {"phase": "lobby", "game_no": 0, "players": [], "cats": [], "events": [],
            "starter": None, "turn": None, "round": 0, "final_round": False, "end": None,
            "last_guess": None}


def _deal(state: dict, seats: list[Seat], ctx: Ctx) -> None:
    """Shuffle the 19 feature cards, deal 3 to each player, hand out the mask colours in seating
    order and pick a random starting player."""
    players = seats[:RULES["max_players"]]
    if len(players) < RULES["min_players"]:
        raise RuleError("Cloaked Cats needs %(min)s to %(max)s players; %(count)s joined so far.",
                        min=RULES["min_players"], max=RULES["max_players"], count=len(players))
    features = deck.new(FEATURE_IDS, ctx.rng)
    state["players"] = [
        {"seat": s.id, "colour": COLOUR_ORDER[i],
         "features": sorted(deck.draw(features, RULES["features_per_player"], ctx.rng), key=ORDER.get),
         "revealed": [], "stock": RULES["masks_per_player"], "received": {c: 0 for c in COLOUR_ORDER}}
        for i, s in enumerate(players)]
    starter = picker.pick([p["seat"] for p in state["players"]], ctx.rng)
    state.update(phase="playing", game_no=state["game_no"] + 1, cats=[], starter=starter, round=1,
                 final_round=False, end=None, last_guess=None)
    state["turn"] = _new_turn(state, starter)
    state["events"] = []
    _event(state, {"kind": "start", "starter": starter})


def _new_turn(state: dict, seat_id: int) -> dict:
    # A turn begins with playing a cat card, except in the final round and once every cat is out.
    guess_only = state["final_round"] or len(state["cats"]) >= RULES["cat_cards"]
    return {"seat": seat_id, "step": "guess" if guess_only else "cat"}


def _event(state: dict, event: dict) -> None:
    state["events"] = ([event] + state["events"])[:EVENTS_KEPT]


def player_in_seat(state: dict, seat_id: int | None) -> dict | None:
    return next((p for p in state["players"] if p["seat"] == seat_id), None)


def _index(state: dict, seat_id: int) -> int:
    return next(i for i, p in enumerate(state["players"]) if p["seat"] == seat_id)


def unrevealed_features(player: dict) -> list[str]:
    return [f for f in player["features"] if f not in player["revealed"]]


def revealed_features(state: dict) -> dict[str, dict]:
    return {f: p for p in state["players"] for f in p["revealed"]}


# ---- checks shared by the moves

def _require_playing(state: dict) -> None:
    if state["phase"] == "lobby":
        raise RuleError(NOT_STARTED)
    if state["phase"] == "over":
        raise RuleError("The game is over: start a rematch for a new one.")


def _active_player(state: dict, ctx: Ctx) -> dict:
    """The acting seat's player record, refusing watchers and players out of turn."""
    _require_playing(state)
    me = player_in_seat(state, ctx.seat.id if ctx.seat else None)
    if me is None:
        raise RuleError("You are watching this game: only its %(count)s players take turns.",
                        count=len(state["players"]))
    if state["turn"]["seat"] != me["seat"]:
        raise RuleError("It is %(name)s's turn.", name=ctx.name_of(state["turn"]["seat"]))
    return me


def _cat_features(features: list[str]) -> list[str]:
    """Validate the features tapped for one printed cat card; returns them in catalogue order."""
    if len(set(features)) != len(features):
        raise BadInput("Pick each feature once.")
    lo, hi = RULES["cat_features_min"], RULES["cat_features_max"]
    if not lo <= len(features) <= hi:
        raise BadInput("A cat card shows %(min)s or %(max)s features; you picked %(count)s.", min=lo, max=hi,
                       count=len(features))
    # Category nouns and feature names come from the deck file: Terms, so they are translated too
    # (babel.cfg extracts them from the deck file).
    for category in RULES["one_per_category"]:
        picked = [Term(FEATURES[f]["name"]) for f in features if FEATURES[f]["category"] == category]
        noun = Term(CATEGORIES[category]["noun"])
        if len(picked) == 2:
            raise BadInput("A cat card shows only one %(category)s; you picked %(first)s and %(second)s.",
                           category=noun, first=picked[0], second=picked[1])
        if len(picked) > 2:
            raise BadInput("A cat card shows only one %(category)s; you picked %(count)s.",
                           category=noun, count=len(picked))
    for category in RULES["required_categories"]:
        if not any(FEATURES[f]["category"] == category for f in features):
            raise BadInput("A cat card always shows a %(category)s; pick one.",
                           category=Term(CATEGORIES[category]["noun"]))
    return sorted(features, key=ORDER.get)


def _matches(player: dict, cat_features: list[str]) -> bool:
    # Revealed features still count: a revealed card is only face up, it is still the player's.
    return bool(set(player["features"]) & set(cat_features))


def _finish(state: dict, reason: str) -> None:
    state["phase"] = "over"
    state["end"] = {"reason": reason}
    _event(state, {"kind": "end", "reason": reason})


def _stockpile_ran_out(state: dict) -> bool:
    """An empty stockpile ends the game at once (rulebook: "ends immediately")."""
    empty = [p["seat"] for p in state["players"] if p["stock"] == 0]
    if empty:
        _finish(state, "stockpile")
        state["end"]["empty"] = empty
        return True
    return False


def _last_in_round(state: dict, seat_id: int) -> bool:
    n = len(state["players"])
    return _index(state, seat_id) == (_index(state, state["starter"]) - 1) % n


# ---- moves

def start(state: dict, ctx: Ctx) -> None:
    if state["phase"] != "lobby":
        raise RuleError("The game has already started.")
    _deal(state, ctx.players, ctx)


def rematch(state: dict, ctx: Ctx) -> None:
    if state["phase"] != "over":
        if state["phase"] == "playing":
            raise RuleError("A rematch can start once this game is over.")
        raise RuleError(NOT_STARTED)
    _deal(state, ctx.players, ctx)


def play_cat(state: dict, ctx: Ctx, features: list[str]) -> None:
    me = _active_player(state, ctx)
    if state["turn"]["step"] != "cat":
        if state["final_round"]:
            raise RuleError("This is the final round: no more cat cards, you may only guess (or end your turn).")
        if len(state["cats"]) >= RULES["cat_cards"]:
            raise RuleError("All %(count)s cat cards are already on the dance floor: you may only guess (or end your "
                            "turn).", count=RULES["cat_cards"])
        raise RuleError("You have already played a cat card this turn.")
    chosen = _cat_features(list(features))
    cat = {"features": chosen, "masks": [], "by": me["seat"], "fixed": False}
    # Every player with at least one matching feature places exactly one of their own masks.
    for p in state["players"]:
        if _matches(p, chosen):
            p["stock"] -= 1
            cat["masks"].append(p["colour"])
    state["cats"].append(cat)
    state["turn"]["step"] = "guess"
    _event(state, {"kind": "cat", "by": me["seat"], "number": len(state["cats"]), "masks": list(cat["masks"])})
    _stockpile_ran_out(state)


def guess(state: dict, ctx: Ctx, target: int, feature: str) -> None:
    me = _active_player(state, ctx)
    if state["turn"]["step"] == "cat":
        raise RuleError(PLAY_CAT_FIRST)
    if state["turn"]["step"] != "guess":
        raise RuleError("You have already guessed this turn; end your turn.")
    if target == me["seat"]:
        raise BadInput("Guess another player's feature, not your own.")
    them = player_in_seat(state, target)
    if them is None:
        raise BadInput("That player is not in this game.")
    name = ctx.name_of(target)
    if not unrevealed_features(them):
        raise RuleError("%(name)s has no hidden features left.", name=name)
    shown = revealed_features(state)
    if feature in shown:
        raise RuleError("%(feature)s is already face up in front of %(name)s.", feature=Term(FEATURES[feature]["name"]),
                        name=ctx.name_of(shown[feature]["seat"]))
    right = feature in them["features"]
    if right:
        # Revealed to all; the guesser takes one mask from the questioned player's stockpile.
        them["revealed"].append(feature)
        them["stock"] -= 1
        me["received"][them["colour"]] += 1
    else:
        # Wrong: the guesser gives one of their own stockpile masks to the questioned player.
        me["stock"] -= 1
        them["received"][me["colour"]] += 1
    state["turn"]["step"] = "end"
    state["last_guess"] = {"kind": "guess", "by": me["seat"], "target": target, "feature": feature, "right": right}
    _event(state, {"kind": "guess", "by": me["seat"], "target": target, "feature": feature, "right": right})
    if _stockpile_ran_out(state):
        return
    if right and not unrevealed_features(them) and not state["final_round"]:
        state["final_round"] = True
        _event(state, {"kind": "final", "who": target})
    if state["final_round"] and _last_in_round(state, me["seat"]):
        # Nothing is left in this turn and nobody else has one: the round is complete.
        _finish(state, "revealed")


def end_turn(state: dict, ctx: Ctx) -> None:
    me = _active_player(state, ctx)
    if state["turn"]["step"] == "cat":
        raise RuleError(PLAY_CAT_FIRST)
    if state["final_round"] and _last_in_round(state, me["seat"]):
        _finish(state, "revealed")
        return
    following = state["players"][(_index(state, me["seat"]) + 1) % len(state["players"])]["seat"]
    if following == state["starter"]:
        state["round"] += 1
    state["turn"] = _new_turn(state, following)
    state["last_guess"] = None


def fix_cat(state: dict, ctx: Ctx, cat: int, features: list[str]) -> None:
    """The host corrects a miskeyed cat card: masks move back to, or out of, stockpiles so that the
    cat carries exactly the masks its true features call for."""
    if state["phase"] == "over":
        raise RuleError("The game is over; use undo to step back into it instead.")
    if state["phase"] == "lobby" or not 1 <= cat <= len(state["cats"]):
        raise BadInput("There is no cat number %(number)s on the dance floor.", number=cat)
    chosen = _cat_features(list(features))
    card = state["cats"][cat - 1]
    masks = []
    for p in state["players"]:
        had, should = p["colour"] in card["masks"], _matches(p, chosen)
        if had and not should:
            p["stock"] += 1
        elif should and not had:
            p["stock"] -= 1
        if should:
            masks.append(p["colour"])
    card.update(features=chosen, masks=masks, fixed=True)
    _event(state, {"kind": "fix", "number": cat, "masks": list(masks)})
    _stockpile_ran_out(state)
