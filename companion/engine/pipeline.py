"""The one pipeline every move goes through, and its undo and preview.

act(): load the table -> check who may make the move -> refuse a tap meant for an earlier game ->
refuse a stale version if the move depends on what the player saw -> run the move with the table's
random source -> keep the game's record -> save the state with an event -> publish. All in one
store transaction (engine/change.py), so a refused or failing move leaves nothing behind."""
from __future__ import annotations

import random
from typing import Callable

from .. import games, records
from ..errors import N_, BadInput, Forbidden, RuleError, Term
from ..fields import parse
from ..storage.interface import Transaction
from .change import Change, change_table
from .errors import EarlierGame, Stale, clock_time
from .identity import Credentials, Viewer, identify, lost_seat_refusal
from .randomness import run_with_table_rng
from .reading import NOTICES_READ
from .game_night import game_under_way
from .recording import record_after, record_ended_early, unrecord
from .rights import DREW, check_playing, check_who, drew, may_undo
from .saved import load_table, saved_state, seats_of, split_state, table_ctx
from .context import Service


GetList = Callable[[str], list[str]]


def earlier_game_check(engine: dict, asked: int | None, version: int | None) -> None:
    """Refuses a tap for another game than the one the table plays: one that names another game
    (`game_number`), or one that names none but was sent from a table version before this game began."""
    current = records.game_number(engine)
    if asked is not None:
        if asked == current:
            return
    elif version is None or version >= engine.get(records.SINCE, 0):
        return
    ended = records.ended_game(engine, asked)
    game = games.get(ended["game"]) if ended else None
    if game is None:
        raise EarlierGame(N_("That was for another game at this table: here is the table as it is now."))
    raise EarlierGame(N_("That was for the %(game)s game that ended at %(time)s: here is the table as it is now."),
                      game=Term(game.title), time=clock_time(ended["at"]))


def stale_refusal(tx: Transaction, code: str, seen: int, move_name: str | None, viewer: Viewer,
                  undoing: bool = False) -> Stale:
    """What to tell a device whose tap depended on an older table: when someone already did the same
    thing meanwhile (two people pressing Next round), say who, in words; when it was this same
    screen (a quick double tap), say that its first tap counted."""
    names_by_id = {s.seat_id: s.name for s in tx.seats(code)}
    for event in tx.history(code, NOTICES_READ):
        if event.version <= seen:
            break
        same = (event.kind == "undo") if undoing else (event.kind == "move" and event.move == move_name)
        if not same:
            continue
        what = Term(event.move.replace("_", " ")) if event.move else ""
        if viewer.seat is not None and event.seat_id == viewer.seat.id:
            # This phone's own earlier tap (a board cannot tell: several screens act as the board).
            if undoing:
                return Stale(N_("Your first tap already took back “%(move)s”: here is the table as it is now."), move=what)
            return Stale(N_("Your first tap already did “%(move)s”: here is the table as it is now."), move=what)
        who = names_by_id.get(event.seat_id) if event.seat_id is not None else None
        if undoing:
            if who:
                return Stale(N_("%(name)s already took back “%(move)s”: here is the table as it is now."), name=who, move=what)
            return Stale(N_("The board already took back “%(move)s”: here is the table as it is now."), move=what)
        if who:
            return Stale(N_("%(name)s already did “%(move)s”: here is the table as it is now."), name=who, move=what)
        return Stale(N_("The board already did “%(move)s”: here is the table as it is now."), move=what)
    return Stale()


def act(tables: Service, code: str, move_name: str, getlist: GetList, creds: Credentials, version: int | None,
        game_number: int | None = None) -> int:
    """A move's fields come as the form sent them (`getlist`) and are parsed by the move's own
    declaration. `game_number`: the game the tapping screen showed (its forms name it); a tap for an
    earlier game is refused (EarlierGame), whatever the move's stale policy."""
    def apply(change: Change) -> int:
        tx, row, game, viewer, now = change.tx, change.row, change.game, change.viewer, change.now
        # row.state was parsed from the store for this transaction alone, so the move may change it
        # in place: if it raises, the dict is dropped and the transaction rolls back.
        state, engine = split_state(row.state)
        # First: a tap for a game that has ended is told so, even when this game has no such move.
        earlier_game_check(engine, game_number, version)
        move = game.moves.get(move_name)
        if move is None:
            raise BadInput("%(game)s has no move called '%(move)s'.", game=game.title, move=move_name[:40])
        check_who(move, viewer)
        if move.stale == "refuse" and version != row.version:
            raise stale_refusal(tx, code, version if version is not None else -1, move_name, viewer)
        args = parse(move.fields, getlist)
        seats = seats_of(tx.seats(code))
        ctx = table_ctx(viewer, seats, now, engine)
        # A new game started while one is under way (Catchy!'s board may): that one is kept as it
        # stands now, not finished, as a switch keeps it.
        ending = (records.board_standing(game, state, seats, now, engine.get(records.PLAYERS))
                  if move.new_game and game_under_way(tx, code, game, state, seats, now) else None)

        def play(rng: random.Random) -> None:
            ctx.rng = rng
            move.fn(state, ctx, **args)
        moved_rng = run_with_table_rng(engine, play)
        if move.new_game:   # a rematch: the game that ended keeps its record; this is another
            if ending is not None:
                record_ended_early(tx, code, game, ending, engine, now)
            records.next_game(engine, game.id, now, change.version)
        record_after(tx, code, game, seats, state, engine, now, by_host=viewer.seat is None and viewer.is_board)
        # DREW in the event: whether this time the move drew (who may undo it, see Move.reveals).
        return change.finish("move", state=saved_state(state, engine), move=move_name,
                             seat_id=viewer.seat.id if viewer.seat else None,
                             args={**args, DREW: True} if moved_rng else args)
    # An optimistic store (Redis) runs `apply` again after a conflict, on the newer table: a move
    # that refuses stale versions then answers Stale, one that applies to the table as it is now is
    # applied to it, exactly as SQLite's write lock would order them.
    return change_table(tables, code, creds, apply)


def preview(tables: Service, code: str, move_name: str, getlist: GetList, creds: Credentials
            ) -> tuple[games.Game, dict]:
    """What a move would do, from the game's own preview function: read only, nothing saved."""
    now = tables.clock()
    with tables.store.read() as tx:
        row, game = load_table(tx, code)
        viewer = identify(tx, row, creds, now)
        if creds.seat_token and viewer.seat is None:
            raise lost_seat_refusal(viewer)
        seats = seats_of(tx.seats(code))
    move = game.moves.get(move_name)
    if move is None or move.preview is None:
        raise BadInput("%(game)s has no preview for '%(move)s'.", game=game.title, move=move_name[:40])
    check_who(move, viewer)
    args = parse(move.fields, getlist)
    state, engine = split_state(row.state)
    return game, move.preview(state, table_ctx(viewer, seats, now, engine), **args)


def undo(tables: Service, code: str, creds: Credentials, version: int | None, game_number: int | None = None) -> int:
    """Takes back the newest move not yet undone, random source and records included. Undo never
    crosses a switch: the previous game's moves and secrets stay behind it."""
    def take_back(change: Change) -> int:
        tx, row, game, viewer = change.tx, change.row, change.game, change.viewer
        check_playing(viewer)
        earlier_game_check(split_state(dict(row.state))[1], game_number, version)
        if version != row.version:
            raise stale_refusal(tx, code, version if version is not None else -1, None, viewer, undoing=True)
        last_two = tx.live_states(code, 2)
        if last_two and last_two[0].kind == "switch":
            raise RuleError("The host switched the game here: undo does not go back into the previous game.")
        # Fewer than two: a store that caps history per table (Redis) has forgotten the state before
        # this move, so it cannot be taken back.
        if len(last_two) < 2 or last_two[0].kind != "move":
            raise RuleError("There is nothing to undo.")
        move = game.moves.get(last_two[0].move)
        if not may_undo(viewer, last_two[0], move):
            if move is not None and move.undo_by(drew(last_two[0])) == "host":
                raise Forbidden("Only the host can take this back: its result showed something hidden.")
            raise Forbidden("You can undo only your own last action; the host can undo anything.")
        tx.mark_undone(last_two[0].id)
        restored = last_two[1].state_after
        unrecord(tx, code, game, seats_of(tx.seats(code)), restored)
        # Written in the log every screen shows: who took back whose move.
        return change.finish("undo", state=restored, move=last_two[0].move,
                             seat_id=viewer.seat.id if viewer.seat else None,
                             args={"of": last_two[0].seat_id, "by_host": viewer.is_host and viewer.seat is None})
    return change_table(tables, code, creds, take_back)
