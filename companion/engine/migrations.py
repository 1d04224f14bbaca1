"""One-time steps, run when the app starts, that bring what an older version saved up to this one:
each runs once per store (noted in the store's meta) and is safe to run from several processes at
once. The store's own schema steps run before them (MIGRATIONS in each backend). Nothing of any of
them is left in a read, a snapshot or a move: every saved state a table can show or undo back to
has the engine part this version expects.

- records_backfilled (round 22): the finished games of tables saved before records were kept,
  found the old way (each table's live states walked through its game's standing), written once.
- engine_parts (round 24): every live saved state gets the engine part of this version: the
  running record (walked the old way for a state saved before records were kept) and the id of
  the game it belongs to (`game_number`, `game_since`).
"""
from __future__ import annotations


from .. import games, records
from ..storage.interface import EventRow, Transaction
from .recording import HISTORY_EVENTS, backfill_records
from .saved import ENGINE_KEY, seats_of, split_state
from .context import Service


ENGINE_PARTS_DONE = "engine_parts"


def run(tables: Service) -> None:
    backfill_records(tables)
    with tables.store.read() as tx:
        if tx.meta(ENGINE_PARTS_DONE):
            return
        codes = tx.table_codes()
    for code in codes:
        tables.store.transact(lambda tx: give_engine_parts(tx, code))
    tables.store.transact(lambda tx: tx.set_meta(ENGINE_PARTS_DONE, str(tables.clock())))


def give_engine_parts(tx: Transaction, code: str) -> bool:
    """Walks the table's live states oldest first and gives each the engine part it lacks. Returns
    whether anything was rewritten (a table saved by this version is left as it is)."""
    row = tx.get_table(code)
    if row is None or games.get(row.game) is None:
        return False
    if records.GAME in split_state(dict(row.state))[1]:
        return False
    live = list(reversed(tx.live_states(code, HISTORY_EVENTS)))
    seats = seats_of(tx.seats(code))
    rewritten: dict[int, dict] = {}
    engine: dict = {}
    game_id = _first_game(live, row.game)
    for event in live:
        if not event.state_after:
            continue
        if event.kind == "switch":
            game_id = (event.args or {}).get("game", game_id)
        state, saved_engine = split_state(dict(event.state_after))
        engine = _walked(engine, saved_engine, event, games.get(game_id), state, seats)
        rewritten[event.id] = {**state, ENGINE_KEY: {**saved_engine, **engine}}
    if rewritten:
        tx.rewrite_live_states(code, rewritten)
    state, saved_engine = split_state(dict(row.state))
    tx.save_state(code, {**state, ENGINE_KEY: {**saved_engine, **engine}} if engine else row.state,
                  row.version, row.updated_at)
    return True


def _first_game(live: list[EventRow], now_playing: str) -> str:
    """The game a table's oldest kept state belongs to: the one its first switch switched from."""
    switch = next((e for e in live if e.kind == "switch"), None)
    return (switch.args or {}).get("from", now_playing) if switch else now_playing


def _walked(before: dict, saved: dict, event: EventRow, game: games.Game | None, state: dict, seats) -> dict:
    """The engine's record and game parts after `event`, from those after the live event before it
    (`before`, empty for the oldest) and what the event's state saved (`saved`)."""
    if records.started(saved):
        # Saved after records were kept (rounds 22-23): its record is right; its game's id is the
        # one its records were numbered by, and that game began where the id last changed.
        number = records.game_number(saved)
        same_game = bool(before) and before.get(records.GAME) == number and event.kind != "switch"
        return {records.RECORD: saved[records.RECORD], records.FINISHED: saved.get(records.FINISHED, 0),
                records.GAME: number, records.SINCE: before[records.SINCE] if same_game else event.version}
    if before and event.kind != "switch":
        engine = dict(before)
    else:
        engine = {records.RECORD: None, records.FINISHED: before.get(records.FINISHED, 0) if before else 0,
                  records.GAME: records.game_number(before) + 1 if before else 1, records.SINCE: event.version}
    if game is None or not game.standing:
        return engine
    standing = records.board_standing(game, state, seats, event.at)
    if records.finished_record(engine) and (standing is None or not standing["over"]):
        # Before round 24 any state after a finished game that was not over began a new one.
        engine.update({records.GAME: engine[records.GAME] + 1, records.SINCE: event.version, records.RECORD: None})
    records.advance(engine, game, standing, event.at)
    return engine
