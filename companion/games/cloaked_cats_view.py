"""What each Cloaked Cats screen is shown, read from the state cloaked_cats_rules.py keeps, and the
standing a table's record keeps of it.

Secrecy by construction: `view` is `public_view(state, seats)` (the same dict for the board and every
seat, built without reading any player's unrevealed features, and given no viewer), and `own_view`,
under "mine" for a seat that plays, is `mine` (built from that seat's own player record only).
tests/unit/test_cloaked_cats_secrecy.py proves it by swapping other players' hidden features and
checking the view does not change.
"""
from __future__ import annotations

from .base import Ctx, Seat
from .cloaked_cats_rules import (COLOUR_ORDER, COLOURS, DECK, FEATURE_IDS, FEATURES, RULES, player_in_seat,
                                 revealed_features, unrevealed_features)

# Each feature and mask colour as a view shows it, and the catalogue of features, made once: every
# view holds these same dicts (a view is never changed once made, games/base.py with_own), where a
# read made about 170 of them for a Cloaked Cats table's screens.
FEATURE_VIEWS = {fid: {"id": fid, "name": f["name"], "category": f["category"], "swatch": f.get("swatch")}
                 for fid, f in FEATURES.items()}
COLOUR_VIEWS = {cid: dict(c) for cid, c in COLOURS.items()}
CATALOGUE_VIEW = [{"id": c["id"], "name": c["name"],
                   "features": [FEATURE_VIEWS[f["id"]] for f in DECK["features"] if f["category"] == c["id"]]}
                  for c in DECK["categories"]]


def feature_view(fid: str) -> dict:
    """A feature as every view shows it (the deck's, made once)."""
    return FEATURE_VIEWS[fid]


def colour_view(cid: str) -> dict:
    """A mask colour as every view shows it (the deck's, made once)."""
    return COLOUR_VIEWS[cid]


def _scores(state: dict, names: dict) -> dict:
    rows = []
    for p in state["players"]:
        received = sum(p["received"].values())
        hidden = len(unrevealed_features(p))
        rows.append({"seat": p["seat"], "name": names.get(p["seat"], "someone"), "colour": colour_view(p["colour"]),
                     "received": received, "hidden": hidden, "points": received + hidden})
    best_points = max(r["points"] for r in rows)
    leaders = [r for r in rows if r["points"] == best_points]
    # Tie: the most unrevealed features wins; still tied, the victory is shared.
    best_hidden = max(r["hidden"] for r in leaders)
    winners = [r for r in leaders if r["hidden"] == best_hidden]
    for r in rows:
        r["winner"] = r in winners
    rows.sort(key=lambda r: (-r["points"], -r["hidden"]))
    return {"rows": rows, "winners": [r["name"] for r in winners],
            "tie_break": len(leaders) > 1 and len(winners) < len(leaders), "shared": len(winners) > 1}


def _event_view(event: dict, names: dict) -> dict:
    out = dict(event)
    for key in ("by", "target", "starter", "who"):
        if key in out:
            out[key] = names.get(out[key], "someone")
    if "feature" in out:
        out["feature"] = feature_view(out["feature"])
    if "masks" in out:
        out["masks"] = [colour_view(c) for c in out["masks"]]
    return out


def public_view(state: dict, seats: list[Seat], dealt: list[Seat] | None = None) -> dict:
    """What everybody at the table may know: the board's whole view and the common part of every
    seat's view. It reads a player's `revealed` list and counts, never their unrevealed features.
    `dealt`: the seats the next deal takes (the host's choice, else every seat)."""
    names = {s.id: s.name for s in seats}
    dealt = seats if dealt is None else dealt
    playing = {p["seat"] for p in state["players"]}
    turn = state["turn"]
    shown = revealed_features(state)
    owner = {p["colour"]: names.get(p["seat"], "someone") for p in state["players"]}
    out = {
        "phase": state["phase"],
        "game_no": state["game_no"],
        "min_players": RULES["min_players"],
        "max_players": RULES["max_players"],
        "masks_per_player": RULES["masks_per_player"],
        "cat_features": {"min": RULES["cat_features_min"], "max": RULES["cat_features_max"]},
        "catalogue": CATALOGUE_VIEW,
        "colours": [colour_view(c) for c in COLOUR_ORDER],
        # Before the deal: who will be dealt in (the first four seats) and who would watch.
        "joined": [s.name for s in dealt[:RULES["max_players"]]],
        "watchers": [s.name for s in seats if s.id not in playing] if state["players"]
                    else [s.name for s in seats if s not in dealt[:RULES["max_players"]]],
        "players": [{
            "seat": p["seat"], "name": names.get(p["seat"], "someone"), "colour": colour_view(p["colour"]),
            "stock": p["stock"],
            "received": [{"colour": colour_view(c), "count": n} for c, n in p["received"].items() if n],
            "received_total": sum(p["received"].values()),
            "revealed": [feature_view(f) for f in p["revealed"]],
            "hidden_count": len(p["features"]) - len(p["revealed"]),
            "on_cats": sum(cat["masks"].count(p["colour"]) for cat in state["cats"]),
            "active": bool(turn) and state["phase"] == "playing" and turn["seat"] == p["seat"],
            "starter": p["seat"] == state["starter"],
        } for p in state["players"]],
        "turn": ({"seat": turn["seat"], "name": names.get(turn["seat"], "someone"), "step": turn["step"]}
                 if turn and state["phase"] == "playing" else None),
        "round": state["round"],
        "final_round": state["final_round"],
        "cats": [{"number": i + 1, "features": [feature_view(f) for f in cat["features"]],
                  "masks": [{**colour_view(c), "owner": owner.get(c, "")} for c in cat["masks"]],
                  "by": names.get(cat["by"], "someone"),
                  "fixed": cat["fixed"]}
                 for i, cat in enumerate(state["cats"])],
        "cats_left": RULES["cat_cards"] - len(state["cats"]),
        # Features nobody has shown yet: the choices for a guess (public: it depends on reveals only).
        "guessable": [feature_view(f) for f in FEATURE_IDS if f not in shown],
        "last_guess": _event_view(state["last_guess"], names) if state["last_guess"] else None,
        "events": [_event_view(e, names) for e in state["events"]],
        "end": None,
        "scores": None,
    }
    if state["phase"] == "over":
        out["end"] = {"reason": state["end"]["reason"],
                      "empty": [names.get(s, "someone") for s in state["end"].get("empty", [])]}
        out["scores"] = _scores(state, names)
    return out


def mine(state: dict, seat: Seat) -> dict | None:
    """A seat's own secret part: its 3 features (revealed ones marked). Reads only its own record."""
    me = player_in_seat(state, seat.id)
    if me is None:
        return None
    turn = state["turn"] if state["phase"] == "playing" else None
    step = turn["step"] if turn and turn["seat"] == me["seat"] else None
    return {"seat": me["seat"], "colour": colour_view(me["colour"]),
            "features": [{**feature_view(f), "revealed": f in me["revealed"]} for f in me["features"]],
            "my_turn": bool(turn) and turn["seat"] == me["seat"],
            "step": step,
            # whom this seat may ask at its guess, as `guess` allows: another player still hiding a feature
            "targets": [p["seat"] for p in state["players"] if p["seat"] != me["seat"] and unrevealed_features(p)]
                       if step == "guess" else []}


def view(state: dict, ctx: Ctx) -> dict:
    """What every screen sees (a seat's own features are `own_view`'s, beside it)."""
    return public_view(state, ctx.seats, ctx.players)


def own_view(state: dict, ctx: Ctx) -> dict | None:
    """A seat's own part of its view, under "mine" (Game.own_view)."""
    return mine(state, ctx.seat)


def standing(board: dict) -> dict | None:
    """Points exist only in the final score table (they count unrevealed features, so they are
    secret until then): mid-game rounds record who plays, no scores (see Game.standing)."""
    if board["phase"] == "lobby" or not board["players"]:
        return None
    scores = board["scores"]
    return {"players": [p["name"] for p in board["players"]], "round": board["round"],
            "scores": {r["name"]: r["points"] for r in scores["rows"]} if scores else None,
            "over": board["phase"] == "over", "winners": list(scores["winners"]) if scores else []}
