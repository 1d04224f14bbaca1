"""The Toolbox: the general parts (timers, dice, a bag, a deck, a score track, counters, a round
tracker, a first-player picker) composed for any game. The table's creator picks which parts."""
from __future__ import annotations

from ..errors import N_, BadInput, RuleError, Term
from ..fields import Choice, ChoiceList, Int, Text, TextList
from ..parts import bag, counter, deck, dice, picker, rounds, timer, track
from .base import Ctx, Game, InPlay, Move

PARTS = ["timers", "dice", "bag", "deck", "track", "counters", "rounds", "picker"]
# What a refusal calls a part the table lacks (a word translated where the refusal is shown).
PART_NAMES = {"timers": N_("timers"), "dice": N_("dice"), "bag": N_("bag"), "deck": N_("deck"),
              "track": N_("score track"), "counters": N_("counters"), "rounds": N_("round tracker"),
              "picker": N_("first-player picker")}
LOG_LENGTH = 12


def _pairs(items: list[str], option: str, lo: int, hi: int, default: int | None) -> list[tuple[str, int]]:
    """Parse entries like "Red: 5" (or "Red" when a default count exists) of the option `option`,
    whose label names it in a refusal, as the fields' own refusals do."""
    label = Term(OPTIONS[option].label)
    out = []
    for item in items:
        name, sep, number = item.rpartition(":")
        if not sep:
            name, number = item, ""
        name, number = name.strip(), number.strip()
        if not number:
            if default is None:
                raise BadInput("Each entry of %(label)s needs a number, like 'Red: 5'.", label=label)
            value = default
        elif not (number.isascii() and number.isdigit()) or not lo <= int(number) <= hi:
            raise BadInput("The number for '%(name)s' in %(label)s must be between %(min)s and %(max)s.",
                           name=name[:30], label=label, min=lo, max=hi)
        else:
            value = int(number)
        if not name:
            raise BadInput("Each entry of %(label)s needs a name before the colon.", label=label)
        out.append((name, value))
    if len({n.casefold() for n, _ in out}) != len(out):
        raise BadInput("The entries of %(label)s need different names.", label=label)
    return out


OPTIONS = {
    "parts": ChoiceList(label=N_("parts"), choices=PARTS, min_items=1, max_items=len(PARTS)),
    "timers": TextList(label=N_("timers"), required=False, default=["Timer: 60"], item_max_len=40, max_items=4),
    "dice_count": Int(label=N_("number of dice"), min=1, max=10, required=False, default=2),
    "dice_faces": TextList(label=N_("die faces"), required=False, default=dice.STANDARD, item_max_len=12,
                           min_items=2, max_items=20, unique=False),
    "bag": TextList(label=N_("bag contents"), required=False, default=["Red: 5", "Blue: 5"], item_max_len=40, max_items=12),
    "deck": TextList(label=N_("deck cards"), required=False, default=["A", "B", "C"], item_max_len=40, max_items=60),
    "track_for": Choice(label=N_("score track for"), choices=["seats", "teams"], required=False, default="seats"),
    "teams": TextList(label=N_("teams"), required=False, default=["Team 1", "Team 2"], max_items=8),
    "target": Int(label=N_("target score"), min=1, max=999, required=False, default=10),
    "counters": TextList(label=N_("counters"), required=False, default=["Lives: 9"], item_max_len=40, max_items=6),
    "rounds": Int(label=N_("number of rounds"), min=0, max=99, required=False, default=0),
}


def setup(options: dict, ctx: Ctx) -> dict:
    chosen = options["parts"]
    state: dict = {"parts": chosen, "log": []}
    if "timers" in chosen:
        state["timers"] = [{"name": n, **timer.new(s)}
                           for n, s in _pairs(options["timers"], "timers", 1, 3600, 60)]
    if "dice" in chosen:
        state["dice"] = {"faces": options["dice_faces"], "count": options["dice_count"], "last": [], "by": None}
    if "bag" in chosen:
        pairs = _pairs(options["bag"], "bag", 0, 200, None)
        if sum(n for _, n in pairs) == 0:
            raise BadInput("Put at least one token in the bag.")
        state["bag"] = {**bag.new(dict(pairs)), "order": [n for n, _ in pairs], "last": None, "by": None}
    if "deck" in chosen:
        cards = [name for name, copies in _pairs(options["deck"], "deck", 1, 20, 1) for _ in range(copies)]
        state["deck"] = {**deck.new(cards, ctx.rng), "shown": []}
    if "track" in chosen:
        entrants = options["teams"] if options["track_for"] == "teams" else []
        state["track"] = {**track.new(entrants, options["target"], lowest=0),
                          "for": options["track_for"]}
    if "counters" in chosen:
        state["counters"] = [{"name": n, **counter.new(v, lowest=0)}
                             for n, v in _pairs(options["counters"], "counters", 0, 9999, 0)]
    if "rounds" in chosen:
        state["rounds"] = rounds.new(options["rounds"] or None)
    if "picker" in chosen:
        state["picker"] = {"picked": None}
    return state


def _part(state: dict, name: str):
    if name not in state:
        raise RuleError("This table has no %(part)s.", part=Term(PART_NAMES[name]))
    return state[name]


def _log(state: dict, ctx: Ctx, kind: str, **values) -> None:
    """Keeps what happened as data (who, what, the values); the template words it in the viewer's
    language. `who` is None for the board."""
    entry = {"kind": kind, "who": ctx.seat.name if ctx.seat else None, **values}
    state["log"] = ([entry] + state["log"])[:LOG_LENGTH]


def _timer(state: dict, index: int) -> dict:
    timers = _part(state, "timers")
    if index >= len(timers):
        raise BadInput("There is no such timer.")
    return timers[index]


def timer_start(state, ctx, timer_index):
    t = _timer(state, timer_index)
    timer.start(t, ctx.now)
    _log(state, ctx, "timer_start", timer=t["name"])


def timer_pause(state, ctx, timer_index):
    t = _timer(state, timer_index)
    timer.pause(t, ctx.now)
    _log(state, ctx, "timer_pause", timer=t["name"])


def timer_reset(state, ctx, timer_index):
    t = _timer(state, timer_index)
    timer.reset(t)
    _log(state, ctx, "timer_reset", timer=t["name"])


def roll(state, ctx):
    d = _part(state, "dice")
    d["last"] = dice.roll(d["faces"], d["count"], ctx.rng)
    d["by"] = ctx.seat.id if ctx.seat else None
    _log(state, ctx, "roll", faces=list(d["last"]))


def bag_draw(state, ctx):
    b = _part(state, "bag")
    b["last"] = bag.draw(b, ctx.rng)
    b["by"] = ctx.seat.id if ctx.seat else None
    _log(state, ctx, "bag_draw", token=b["last"])


def bag_return(state, ctx, kind):
    b = _part(state, "bag")
    if kind not in b["contents"]:
        raise BadInput("That kind of token does not belong in this bag.")
    bag.put(b, kind)
    _log(state, ctx, "bag_return", token=kind)


def deck_draw(state, ctx):
    d = _part(state, "deck")
    if deck.size(d) == 0:
        raise RuleError("Every card is on the table: discard some first.")
    d["shown"] += deck.draw(d, 1, ctx.rng)
    _log(state, ctx, "deck_draw", card=d["shown"][-1])


def deck_discard(state, ctx):
    d = _part(state, "deck")
    if not d["shown"]:
        raise RuleError("There are no drawn cards to discard.")
    deck.discard(d, d["shown"])
    d["shown"] = []
    _log(state, ctx, "deck_discard")


def deck_reshuffle(state, ctx):
    d = _part(state, "deck")
    deck.reshuffle_all(d, ctx.rng)
    _log(state, ctx, "deck_reshuffle")


def _entrant_key(state: dict, ctx: Ctx, entrant: str) -> str:
    t = _part(state, "track")
    if t["for"] == "seats":
        if not (entrant.isascii() and entrant.isdigit()) or ctx.seat_named(int(entrant)) is None:
            raise BadInput("That player has not joined this table.")
        track.ensure(t, entrant)
    elif entrant not in t["scores"]:
        raise BadInput("There is no such team on the score track.")
    return entrant


def score(state, ctx, entrant, delta):
    t = _part(state, "track")
    key = _entrant_key(state, ctx, entrant)
    value = track.add(t, key, delta)
    name = ctx.name_of(int(key)) if t["for"] == "seats" else key
    _log(state, ctx, "score", name=name, delta=delta, value=value)


def count(state, ctx, counter_index, delta):
    counters = _part(state, "counters")
    if counter_index >= len(counters):
        raise BadInput("There is no such counter.")
    c = counters[counter_index]
    counter.change(c, delta, c["name"])
    _log(state, ctx, "count", name=c["name"], delta=delta, value=c["value"])


def round_next(state, ctx):
    r = rounds.advance(_part(state, "rounds"))
    _log(state, ctx, "round_next", round=r)


def round_back(state, ctx):
    r = rounds.back(_part(state, "rounds"))
    _log(state, ctx, "round_back", round=r)


def pick_first(state, ctx):
    p = _part(state, "picker")
    seat = picker.pick(ctx.seats, ctx.rng)
    p["picked"] = seat.id
    _log(state, ctx, "pick_first", name=seat.name)


def view(state: dict, ctx: Ctx) -> dict:
    # A log line stored as English text (tables from before the log was data) is shown as it is.
    out: dict = {"parts": state["parts"],
                 "log": [e if isinstance(e, dict) else {"kind": "text", "text": e} for e in state["log"]]}
    if "timers" in state:
        out["timers"] = [{"index": i, "name": t["name"], **timer.view(t, ctx.now)}
                         for i, t in enumerate(state["timers"])]
    if "dice" in state:
        d = state["dice"]
        out["dice"] = {"count": d["count"], "faces": d["faces"], "last": d["last"],
                       "total": dice.total(d["last"]) if d["last"] else None,
                       "by": ctx.name_of(d["by"]) if d["last"] and d["by"] else None}  # None: the board rolled
    if "bag" in state:
        b = state["bag"]
        out["bag"] = {"count": bag.count(b), "contents": [{"kind": k, "count": b["contents"][k]} for k in b["order"]],
                      "last": b["last"], "by": ctx.name_of(b["by"]) if b["by"] else None}  # None: the board drew
    if "deck" in state:
        d = state["deck"]
        out["deck"] = {"draw_count": len(d["draw"]), "discard_count": len(d["discard"]), "shown": d["shown"]}
    if "track" in state:
        t = state["track"]
        if t["for"] == "seats":
            rows = [{"key": str(s.id), "name": s.name, "score": t["scores"].get(str(s.id), 0)} for s in ctx.seats]
        else:
            rows = [{"key": k, "name": k, "score": v} for k, v in t["scores"].items()]
        winners = [r["name"] for r in rows if r["score"] >= t["target"]]
        out["track"] = {"target": t["target"], "rows": rows, "winners": winners}
    if "counters" in state:
        out["counters"] = [{"index": i, "name": c["name"], "value": c["value"]} for i, c in enumerate(state["counters"])]
    if "rounds" in state:
        out["rounds"] = dict(state["rounds"])
    if "picker" in state:
        picked = state["picker"]["picked"]
        out["picker"] = {"picked": ctx.name_of(picked) if picked is not None else None}
    return out


_T = {"timer_index": Int(label=N_("timer"), min=0, max=3)}
MOVES = {
    "timer_start": Move(timer_start, _T, stale="apply", reveals=False),
    "timer_pause": Move(timer_pause, _T, stale="apply", reveals=False),
    "timer_reset": Move(timer_reset, _T, stale="apply", reveals=False),
    "roll": Move(roll, stale="apply", reveals=False),
    "bag_draw": Move(bag_draw, stale="apply", reveals=True),
    "bag_return": Move(bag_return, {"kind": Text(label=N_("token"), max_len=40)}, stale="apply", reveals=False),
    "deck_draw": Move(deck_draw, stale="apply", reveals=True),
    "deck_discard": Move(deck_discard, stale="apply", reveals=False),
    "deck_reshuffle": Move(deck_reshuffle, stale="apply", reveals=False),
    "score": Move(score, {"entrant": Text(label=N_("player or team"), max_len=40),
                          "delta": Int(label=N_("points"), min=-99, max=99)},
                  stale="apply", reveals=False),
    "count": Move(count, {"counter_index": Int(label=N_("counter"), min=0, max=5),
                          "delta": Int(label=N_("change"), min=-99, max=99)},
                  stale="apply", reveals=False),
    "round_next": Move(round_next, stale="refuse", reveals=False),  # Next round for round 4 happens once
    "round_back": Move(round_back, stale="refuse", reveals=False),
    "pick_first": Move(pick_first, stale="refuse", reveals=False),
}

GAME = Game(
    id="toolbox",
    title="Toolbox",
    blurb="Timers, dice, a bag, a deck, a score track, counters and a round tracker for any game.",
    players="any",
    setup=setup,
    moves=MOVES,
    view=view,
    options=OPTIONS,
    order=6,
    in_play=InPlay(options={"parts": list(PARTS)}),
    view_reads_viewer=False,   # nothing in it is anyone's own: every screen sees the same tools
)
