"""A table's finished games, recorded as they happen instead of recomputed from every state.

The pipeline (companion/tables.py) calls `advance` once per state it saves (a create, a move), with
the game's standing read from the board's view of that state. The running record of the game under
way lives in the engine's part of the saved state (`engine["record"]`, beside the random source), so
it grows round by round without re-reading any earlier state, and undo restores it with the rest of
the state. When a move finishes a game (its standing turns `over`) the record is complete: the
pipeline writes it to the store (`Transaction.put_record`), where history pages, exports, the
result box and the Purr-sonal Best read it. Being built from board views, a record holds only what
the board showed: no secret.

`engine["finished"]` counts the games finished at the table so far: the number of the next
record. It survives a game switch (companion/tables.py `switch`), so an evening numbers its games
1, 2, 3 whatever was played.

No Flask, no storage here: plain dicts and the game's own `view` and `standing`.
"""
from __future__ import annotations

import copy

from . import games
from .games.base import Ctx, Seat

RECORD = "record"       # engine key: the running record of the game under way (None between games)
FINISHED = "finished"   # engine key: how many games finished at this table


def started(engine: dict) -> bool:
    """Whether this saved state carries the running record (tables saved before records did not)."""
    return RECORD in engine


def fresh(engine: dict, finished: int = 0) -> None:
    engine[RECORD] = None
    engine[FINISHED] = finished


def finished_record(engine: dict) -> dict | None:
    """The game this state shows as just finished, or None (a game under way, or none)."""
    record = engine.get(RECORD)
    return record if record and record.get("finished_at") is not None else None


def advance(engine: dict, game: games.Game, standing: dict | None, at: float) -> bool:
    """Moves the running record on by the standing of one new state. Returns True when a finished
    record was made or changed (the pipeline writes it then).

    - no standing (nothing under way): no running record;
    - a standing after a finished game that is still over: the finished game's screen, where a
      correction made after the end (a pad fixed) updates the record;
    - any other standing after a finished game, or the first one: a new game starts;
    - each standing with scores gives its round's scores; `over` finishes the game.
    """
    current = engine.get(RECORD)
    if standing is None:
        engine[RECORD] = None
        return False
    if current is not None and current["finished_at"] is not None:
        if standing["over"]:
            before = copy.deepcopy(current)
            _take_round(current, standing)
            _take_final(current, standing)
            return current != before
        current = None
    if current is None:
        current = engine[RECORD] = {"number": None, "game": game.id, "title": game.title, "started_at": at,
                                    "finished_at": None, "players": list(standing["players"]), "winners": [],
                                    "scores": {}, "places": {}, "rounds": []}
    _take_round(current, standing)
    current["players"] = list(standing["players"])
    if not standing["over"]:
        return False
    engine[FINISHED] = engine.get(FINISHED, 0) + 1
    current.update(number=engine[FINISHED], finished_at=at)
    _take_final(current, standing)
    return True


def _take_round(record: dict, standing: dict) -> None:
    if standing["scores"] is None:
        return
    scores = dict(standing["scores"])
    for entry in record["rounds"]:
        if entry["round"] == standing["round"]:
            entry["scores"] = scores
            return
    record["rounds"].append({"round": standing["round"], "scores": scores})
    record["rounds"].sort(key=lambda entry: entry["round"])


def _take_final(record: dict, standing: dict) -> None:
    record.update(players=list(standing["players"]), winners=list(standing["winners"]),
                  scores=dict(standing["scores"] or {}), places=dict(standing.get("places") or {}))
    if standing.get("members"):
        record["members"] = {side: list(people) for side, people in standing["members"].items()}
    if standing.get("details"):
        record["details"] = copy.deepcopy(standing["details"])


def board_standing(game: games.Game, state: dict, seats: list[Seat], at: float) -> dict | None:
    """The standing of one state, read from the board's view (so nothing hidden reaches a record)."""
    return game.standing(game.view(state, Ctx(seat=None, seats=seats, now=at)))


def replay(game: games.Game, states: list[tuple[float, dict]], seats: list[Seat]) -> tuple[dict, list[dict]]:
    """The engine's record part after walking `states` (oldest first) through `advance`, and every
    game they finished (its last version, oldest first). Used once per table saved before records
    existed: the start-up backfill of the store's records, and the first move on such a table."""
    engine: dict = {}
    fresh(engine)
    done: dict[int, dict] = {}
    for at, state in states:
        if advance(engine, game, board_standing(game, state, seats, at), at):
            record = engine[RECORD]
            done[record["number"]] = copy.deepcopy(record)
    return {RECORD: engine[RECORD], FINISHED: engine[FINISHED]}, [done[n] for n in sorted(done)]


def evening(finished: list[dict]) -> dict:
    """The summary of an evening at one table (its records, oldest first): how many games, each
    game's winners, and per person the games played and won, most wins first. A side that is a team
    (CommuniCat's Together, or Blue and Orange) counts for each person the record names on it; a
    record without names for a side (one saved before they were kept) counts the side itself."""
    tally: dict[str, dict] = {}
    for record in finished:
        members = record.get("members") or {}
        counted: set[str] = set()
        for side in record["players"]:
            won = side in record["winners"]
            for name in members.get(side) or [side]:
                if name in counted:
                    continue
                counted.add(name)
                row = tally.setdefault(name, {"name": name, "played": 0, "won": 0, "won_games": []})
                row["played"] += 1
                if won:
                    row["won"] += 1
                    row["won_games"].append(record["title"])
    order = list(tally)   # ties keep the order players first appeared in
    return {"games": len(finished),
            "winners": [{"number": r["number"], "game": r["game"], "title": r["title"], "winners": r["winners"]}
                        for r in reversed(finished)],
            "tally": sorted(tally.values(), key=lambda row: (-row["won"], -row["played"], order.index(row["name"])))}
