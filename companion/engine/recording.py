"""A table's records in the store: each game recorded once, when it ends (the rules of that are
companion/records.py, pure; this is where the pipeline writes and removes what they decide).
Tables saved before records were kept got theirs once, at start-up (`backfill_records`,
companion/engine/migrations.py)."""
from __future__ import annotations


from .. import games, records
from ..errors import RuleError
from ..games.base import Seat
from ..storage.interface import Transaction
from .saved import load_table, seats_of, split_state
from .context import Service


HISTORY_EVENTS = 100_000  # far more moves than a table sees in an evening
BACKFILL_DONE = "records_backfilled"   # store meta key: the one-time backfill of records ran


def history(tables: Service, code: str) -> list[dict]:
    """Every game recorded at this table (the evening), oldest first."""
    with tables.store.read() as tx:
        load_table(tx, code)
        return [r.record for r in tx.records(code)]


def record_after(tx: Transaction, code: str, game: games.Game, seats: list[Seat], state: dict, engine: dict,
                 now: float, by_host: bool = True) -> None:
    """After a move: the running record takes this state's standing; the move that finishes a game
    writes its record, once. After the end only the host changes it (a correction replaces the
    record, or reopens the game and takes the record away until it ends again); anyone else's move
    that would change the result is refused, so nothing a player does after the end records a game
    again."""
    if not game.standing:
        return
    standing = records.board_standing(game, state, seats, now, engine.get(records.PLAYERS))
    try:
        done = records.advance(engine, game, standing, now, by_host=by_host)
    except records.AfterTheEnd:
        raise RuleError("This game is over: only the host can change its result now. "
                        "A rematch starts a new game.") from None
    record = engine[records.RECORD]
    if done == records.PUT:
        tx.put_record(code, record["number"], game.id, record["finished_at"], record)
    elif done == records.REMOVE:
        tx.remove_records(code, after=record["number"] - 1)


def record_ended_early(tx: Transaction, code: str, game: games.Game, standing: dict | None, engine: dict,
                       now: float) -> None:
    """The host ended a game under way (a switch, a new game started from the board): it is kept in
    the evening as its `standing` left it, not finished, won by nobody."""
    if not game.standing:
        return
    record = records.ended_early(engine, standing, now)
    if record:
        tx.put_record(code, record["number"], game.id, now, record)


def unrecord(tx: Transaction, code: str, game: games.Game, seats: list[Seat], restored: dict) -> None:
    """After an undo: the records follow the restored state. Undo never crosses a switch, so the
    records of earlier games stay; the restored game's own record (and any after it, from an undone
    rematch) is what the restored state says: an undone ending takes it away, an undone correction
    puts the one before back."""
    if not game.standing:
        return
    engine = split_state(dict(restored))[1]
    tx.remove_records(code, after=records.game_number(engine) - 1)
    finished = records.finished_record(engine)
    if finished:
        tx.put_record(code, finished["number"], game.id, finished["finished_at"], finished)


def backfill_records(tables: Service) -> int:
    """Once per store: the finished games of tables saved before records were kept, found the old
    way (each table's live states walked through the game's standing). Returns how many tables it
    recorded games for. Safe to run from several processes at once: a table that has records
    already is left alone."""
    with tables.store.read() as tx:
        if tx.meta(BACKFILL_DONE):
            return 0
        codes = tx.table_codes()
    filled = 0

    def fill(tx: Transaction, code: str) -> bool:
        row = tx.get_table(code)
        game = games.get(row.game) if row else None
        if game is None or not game.standing or records.started(split_state(row.state)[1]) or tx.records(code):
            return False
        events = tx.live_states(code, HISTORY_EVENTS)
        _engine, done = records.replay(game, [(e.at, split_state(e.state_after)[0])
                                              for e in reversed(events) if e.state_after], seats_of(tx.seats(code)))
        for record in done:
            tx.put_record(code, record["number"], game.id, record["finished_at"], record)
        return bool(done)
    for code in codes:
        filled += bool(tables.store.transact(lambda tx: fill(tx, code)))
    tables.store.transact(lambda tx: tx.set_meta(BACKFILL_DONE, str(tables.clock())))
    return filled
