"""A table's finished games, recorded as they happen instead of recomputed from every state.

The engine (companion/engine/recording.py) calls `advance` once per state it saves (a create, a move), with
the game's standing read from the board's view of that state. The running record of the game under
way lives in the engine's part of the saved state (`engine["record"]`, beside the random source), so
it grows round by round without re-reading any earlier state, and undo restores it with the rest of
the state. When a move finishes a game (its standing turns `over`) the record is complete: the
pipeline writes it to the store (`Transaction.put_record`), where history pages, exports, the
result box and the Purr-sonal Best read it. Being built from board views, a record holds only what
the board showed: no secret.

Each game played at a table has an id, `engine["game_number"]`: 1 for the first, one more after a
switch or a rematch (`next_game`). Its record is written once, when it ends, under that number;
after the end only the host's corrections change it (`advance`), and a game the host ends early is
recorded as not finished (`ended_early`). `engine["finished"]` counted finished games before games
had ids (round 23): a state saved then is numbered from it (`game_number`).

No Flask, no storage here: plain dicts and the game's own `view` and `standing`.
"""
from __future__ import annotations

import copy

from . import games
from .games.base import Ctx, Seat

RECORD = "record"       # engine key: the running record of the game under way (None between games)
FINISHED = "finished"   # engine key: how many games finished at this table (tables from before round 24)
GAME = "game_number"    # engine key: the id of the game being played at the table: 1, 2, 3, ...
SINCE = "game_since"    # engine key: the table version its game began at (a tap from before is for an earlier one)
ENDED = "ended"         # engine key: the newest games that ended here, [{"number", "game", "at"}]
ENDED_KEPT = 5          # enough to name the game a late tap was meant for
PLAYERS = "players"     # engine key: the seat ids the host chose to play this game, or None (everyone)


def started(engine: dict) -> bool:
    """Whether this saved state carries the running record (tables saved before records did not)."""
    return RECORD in engine


def fresh(engine: dict, finished: int = 0) -> None:
    engine[RECORD] = None
    engine[FINISHED] = finished


def game_number(engine: dict) -> int:
    """The id of the game this state belongs to. A state saved before games had ids (round 23 and
    earlier) numbered only its finished games: it is the next of those, or the one on screen."""
    number = engine.get(GAME)
    if number is None:
        number = engine.get(FINISHED, 0) + (0 if finished_record(engine) else 1)
    return number


def next_game(engine: dict, ending: str, at: float, since_version: int) -> None:
    """The table starts a new game (a switch, a rematch): the one that ends is named in ENDED, so a
    tap still meant for it can be told which game it was for, and nothing of its record runs on."""
    number = game_number(engine)
    engine[ENDED] = (engine.get(ENDED, []) + [{"number": number, "game": ending, "at": at}])[-ENDED_KEPT:]
    engine[GAME] = number + 1
    engine[SINCE] = since_version
    engine[RECORD] = None


def ended_game(engine: dict, number: int | None) -> dict | None:
    """What ENDED says about game `number` (the newest ended game when None), or None."""
    ended = engine.get(ENDED) or []
    if number is None:
        return ended[-1] if ended else None
    return next((g for g in ended if g["number"] == number), None)


def finished_record(engine: dict) -> dict | None:
    """The game this state shows as just finished, or None (a game under way, or none)."""
    record = engine.get(RECORD)
    return record if record and record.get("finished_at") is not None else None


class AfterTheEnd(Exception):
    """A move by someone other than the host changed the result of a game that has ended."""


PUT, REMOVE = "put", "remove"


def advance(engine: dict, game: games.Game, standing: dict | None, at: float, by_host: bool = True) -> str | None:
    """Moves the running record on by the standing of one new state. Returns PUT when a finished
    record was made or changed (the pipeline writes it), REMOVE when the host reopened a finished
    game (its record goes until it ends again), else None.

    - no standing (nothing under way): no running record;
    - after a game has ended, its record is settled: a standing that changes its result is a
      correction, which only the host makes (AfterTheEnd for anyone else); a correction that leaves
      it over replaces the record, one that makes it not over reopens the same game. A new game
      starts only through `next_game` (a rematch move, a switch);
    - each standing with scores gives its round's scores; `over` finishes the game.
    """
    current = engine.get(RECORD)
    if current is not None and current["finished_at"] is not None:
        before = copy.deepcopy(current)
        if standing is not None and standing["over"]:
            _take_round(current, standing)
            _take_final(current, standing)
            if current == before:
                return None
            if not by_host:
                raise AfterTheEnd()
            return PUT
        if not by_host:
            raise AfterTheEnd()
        if standing is None:
            return None
        current.update(finished_at=None, winners=[])
        _take_round(current, standing)
        return REMOVE
    if standing is None:
        engine[RECORD] = None
        return None
    if current is None:
        current = engine[RECORD] = {"number": game_number(engine), "game": game.id, "title": game.title,
                                    "started_at": at, "finished_at": None, "players": list(standing["players"]),
                                    "winners": [], "scores": {}, "places": {}, "rounds": []}
    _take_round(current, standing)
    current["players"] = list(standing["players"])
    if not standing["over"]:
        return None
    number = game_number(engine)   # before FINISHED moves on (a state from before round 24 counts by it)
    engine[FINISHED] = engine.get(FINISHED, 0) + 1
    current.update(number=number, finished_at=at)
    _take_final(current, standing)
    return PUT


def ended_early(engine: dict, standing: dict | None, at: float) -> dict | None:
    """The record of a game the host ended before its end (a switch): its standing so far, won by
    nobody, marked unfinished. None when nothing of it was under way."""
    current = engine.get(RECORD)
    if current is None or current["finished_at"] is not None or standing is None:
        return None
    record = copy.deepcopy(current)
    _take_round(record, standing)
    record.update(number=game_number(engine), finished_at=at, unfinished=True, players=list(standing["players"]),
                  winners=[], scores=dict(standing["scores"] or {}), places={})
    if standing.get("members"):
        record["members"] = {side: list(people) for side, people in standing["members"].items()}
    return record


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


def board_standing(game: games.Game, state: dict, seats: list[Seat], at: float,
                   chosen: list[int] | None = None) -> dict | None:
    """The standing of one state, read from the board's view (so nothing hidden reaches a record)."""
    return game.standing(game.view(state, Ctx(seat=None, seats=seats, now=at,
                                              chosen=tuple(chosen) if chosen is not None else None)))


def replay(game: games.Game, states: list[tuple[float, dict]], seats: list[Seat]) -> tuple[dict, list[dict]]:
    """The engine's record part after walking `states` (oldest first) through `advance`, and every
    game they finished (its last version, oldest first). Used once per table saved before records
    existed: the start-up backfill of the store's records, and the first move on such a table."""
    engine: dict = {}
    fresh(engine)
    done: dict[int, dict] = {}
    for at, state in states:
        standing = board_standing(game, state, seats, at)
        if finished_record(engine) and (standing is None or not standing["over"]):
            # Before round 24 any state after a finished game that was not over began a new one.
            engine[GAME] = game_number(engine) + 1
            engine[RECORD] = None
        if advance(engine, game, standing, at) == PUT:
            record = engine[RECORD]
            done[record["number"]] = copy.deepcopy(record)
    return ({RECORD: engine[RECORD], FINISHED: engine[FINISHED], GAME: game_number(engine)},
            [done[n] for n in sorted(done)])


def evening(finished: list[dict]) -> dict:
    """The summary of an evening at one table (its records, oldest first): how many games (one ended
    early counts as played, won by nobody), each game's winners, and per person the games played and won, most wins first. A side that is a team
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
            "winners": [{"number": r["number"], "game": r["game"], "title": r["title"], "winners": r["winners"],
                         "unfinished": bool(r.get("unfinished"))} for r in reversed(finished)],
            "tally": sorted(tally.values(), key=lambda row: (-row["won"], -row["played"], order.index(row["name"])))}
