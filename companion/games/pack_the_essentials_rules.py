"""Pack the Essentials' rules for the rounds: the table's set-up, the round tracker, the draft board
with its Cat Ladies and the players' counters, and the moves that change them.

A game goes through phases: "waiting" (players join) -> `start` -> "select" (each player, from the
suitcase holder clockwise, claims a draft position) -> "draft" (positions 1..4 in order: a player
takes a tile, a Cat Lady flips a token) -> "round_end" -> `next_round` ... after round 12 ->
"scoring" (every player fills in a score pad). "Score pad only" tables go from `start` straight to
"scoring". The score pad, its tie-breaks, the vote and the rematch are pack_the_essentials_scoring.py's;
what each screen is shown is pack_the_essentials_view.py's; the moves as the engine sees them, and
GAME, are pack_the_essentials.py's.

Every number and reading comes from decks/pack_the_essentials.toml.
"""
from __future__ import annotations

from .. import decks
from ..errors import N_, BadInput, RuleError
from ..parts import deck, rounds
from .base import Ctx

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


# ---------------------------------------------------------------- pure rules of the draft

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

def log_event(state: dict, kind: str, **values) -> None:
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


def seat_name(ctx: Ctx, sid: str) -> str:
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


def begin_game(state: dict, ctx: Ctx, first: int) -> None:
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
        log_event(state, "pads_open")
        return
    piles, per_pile = DATA["todo"]["piles"], DATA["todo"]["cards_per_pile"]
    chosen = state["solo"]["todo"] if mode == "solo" else [0] * piles
    # A solo Victory Condition card names its To Do Lists; a 0 means "draw one at random".
    state["todo"] = [c if c else ctx.rng.randint(1, per_pile) for c in chosen]
    state["round"] = rounds.new(ROUNDS)
    if mode == "solo":
        state["solo_deck"] = deck.new([list(p) for p in DATA["solo"]["placement_cards"]], ctx.rng)
    _fresh_round(state, ctx)
    log_event(state, "round", round=1, name=seat_name(ctx, players[holder]), blocked=[])


def start(state, ctx, first):
    if state["phase"] != "waiting":
        raise RuleError("The game has already started.")
    begin_game(state, ctx, first)


def own_player(state: dict, ctx: Ctx) -> str | None:
    return str(ctx.seat.id) if ctx.seat else None


def require_phase(state: dict, phase: str, sentence: str) -> None:
    """`sentence` is marked with N_ by the caller, so it is translated when shown."""
    if state["phase"] != phase:
        raise RuleError(sentence)


def choosing_order(state: dict) -> list[str]:
    """Seats in the order they claim draft positions: the suitcase holder, then clockwise."""
    players = state["players"]
    return players[state["holder"]:] + players[:state["holder"]]


def choose_position(state, ctx, position):
    require_phase(state, "select", N_("Draft positions are chosen at the start of a round."))
    order = choosing_order(state)
    chooser = order[state["pick_index"]]
    me = own_player(state, ctx)
    if me is not None and me != chooser:
        raise RuleError("It is %(name)s's turn to choose a draft position.", name=seat_name(ctx, chooser))
    if position in state["blocked"]:
        raise RuleError("The Cat Ladies have blocked position %(position)s this round.", position=position)
    if state["positions"][position - 1] is not None:
        taker = state["positions"][position - 1]["seat"]
        raise RuleError("Position %(position)s is taken by %(name)s.", position=position,
                        name=seat_name(ctx, taker))
    state["positions"][position - 1] = {"kind": "player", "seat": chooser}
    log_event(state, "position", name=seat_name(ctx, chooser), position=position)
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
        log_event(state, "round_over", round=r, last=r == ROUNDS)


def draft(state, ctx, tile, pack_rats, discard):
    require_phase(state, "draft", N_("Tiles are drafted after everyone has chosen a draft position."))
    spot = state["positions"][state["draft_at"] - 1]
    if spot["kind"] != "player":
        raise RuleError("A Cat Lady drafts now: flip her token first.")
    drafter = spot["seat"]
    me = own_player(state, ctx)
    if me is not None and me != drafter:
        raise RuleError("It is %(name)s's turn to take a tile.", name=seat_name(ctx, drafter))
    slot = state["tiles"][tile - 1]
    if slot["status"] != "open":
        raise RuleError("Tile %(tile)s is already gone: pick one of the tiles still on the mat.", tile=tile)
    counters = state["counters"][drafter]
    if pack_rats > counters["pack_rats"]:
        # One whole sentence per count (a refusal has no ngettext): 0, 1 and more read differently.
        have, name = counters["pack_rats"], seat_name(ctx, drafter)
        if have == 0:
            raise RuleError("%(name)s has no pack rats left.", name=name)
        if have == 1:
            raise RuleError("%(name)s has only 1 pack rat.", name=name)
        raise RuleError("%(name)s has only %(n)s pack rats.", name=name, n=have)
    placed = tiles_placed(state["draft_at"], discard)
    if pack_rats > placed:
        # A pack rat flips a tile as it is placed; a tile placed on an earlier turn stays as it lies.
        name = seat_name(ctx, drafter)
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
    log_event(state, "draft", name=seat_name(ctx, drafter), tile=tile, discard=bool(discard),
              pack_rats=pack_rats)
    _advance_draft(state, ctx)


def cat_lady_flip(state, ctx):
    require_phase(state, "draft", N_("Cat Lady tokens are flipped during the draft."))
    spot = state["positions"][state["draft_at"] - 1]
    if spot["kind"] != "cat_lady":
        raise RuleError("Position %(position)s is a player's: they take a tile now.", position=state["draft_at"])
    holder = state["players"][state["holder"]]
    me = own_player(state, ctx)
    if me is not None and me != holder:
        raise RuleError("%(name)s (suitcase token) or the board flips the Cat Lady token.",
                        name=seat_name(ctx, holder))
    token = deck.draw(state["tokens"], 1, ctx.rng)[0]
    number = cat_lady_tile(state["tiles"], token)
    state["tiles"][number - 1].update(status="removed", token=token)
    spot.update(token=token, took=number)
    log_event(state, "flip", token=token, tile=number)
    _advance_draft(state, ctx)


def next_round(state, ctx):
    require_phase(state, "round_end", N_("Finish the draft of this round first."))
    if rounds.is_last(state["round"]):
        state["phase"] = "scoring"
        log_event(state, "pads_open")
        return
    rounds.advance(state["round"])
    if state["mode"] != "solo":  # solo: you always keep the suitcase token
        state["holder"] = (state["holder"] + 1) % len(state["players"])
    _fresh_round(state, ctx)
    log_event(state, "round", round=state["round"]["current"],
              name=seat_name(ctx, state["players"][state["holder"]]), blocked=list(state["blocked"]))
