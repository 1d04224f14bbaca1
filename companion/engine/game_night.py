"""Game night: the host switches the table to another game, keeping its code, its QR code and every
seat. The game that ends is kept in the evening (as not finished when it was under way); the new
one gets the next id at the table; the host may pick who plays it."""
from __future__ import annotations

from typing import Callable

from .. import games, records
from ..errors import N_, BadInput, Forbidden, RuleError
from ..fields import parse
from ..groups import hooks as group_hooks
from ..games.base import Seat
from ..storage.interface import Transaction
from .change import Change, change_table
from .errors import Stale
from .identity import Credentials
from .randomness import run_with_table_rng
from .recording import record_after, record_ended_early
from .saved import load_table, saved_state, seats_of, split_state, table_ctx
from .context import Service



def game_under_way(tx: Transaction, code: str, game: games.Game, state: dict, seats: list[Seat], now: float) -> bool:
    """A game someone has played a move in and that has not ended (its standing says so). A game
    that keeps no standing (the Toolbox), one not started, or one nobody has touched since it was
    set up, is between games: nothing would be lost."""
    if not game.standing:
        return False
    standing = records.board_standing(game, state, seats, now)
    if not standing or standing["over"]:
        return False
    last = tx.last_live_move(code)
    return last is not None and last.kind == "move"


def under_way(tables: Service, code: str) -> bool:
    """Whether switching now would end a game under way (the switch page asks to confirm)."""
    with tables.store.read() as tx:
        row, game = load_table(tx, code)
        state, _engine = split_state(row.state)
        return game_under_way(tx, code, game, state, seats_of(tx.seats(code)), tables.clock())


def chosen_players(game: games.Game, seats: list[Seat], players: list[int] | None) -> list[int] | None:
    """The seats the host picked to play `game` (ids, in the order picked), checked; None: everyone."""
    if not players:
        return None
    if len(set(players)) != len(players):
        raise BadInput("Pick each player once.")
    seated = {s.id for s in seats}
    if any(p not in seated for p in players):
        raise BadInput("Pick the players among the seats at this table.")
    if game.most_players is not None and len(players) > game.most_players:
        raise RuleError("%(game)s is for at most %(count)s players: pick fewer.", game=game.title,
                        count=game.most_players)
    return list(players)


def switch(tables: Service, code: str, game_id: str, getlist: Callable[[str], list[str]], creds: Credentials,
           version: int | None, end_early: bool = False, ends: int | None = None,
           players: list[int] | None = None) -> int:
    """The host's board sets up another game at this table: same code, same QR code, same seats. Its
    options are parsed like the new-table form's (a bad one is a 400, nothing changed). A game under
    way ends only when the host confirmed it (`end_early`), and is kept in the evening as not
    finished, with its standing so far. The switch is an event every screen's log shows and the
    bottom of the undo stack: undo never goes back into the previous game, so nothing of its state
    is ever shown again.

    `ends`: the id of the game the host's screen showed, which this switch ends. Named so, the switch
    goes through while phones tap (their taps change the version, not the game); without it the
    switch needs the exact `version`. `players`: seat ids the host picked to play the new game
    (None: every seat, the game taking as many as it seats, as before)."""
    game = games.get(game_id)
    if game is None:
        raise BadInput("Pick one of the games on the home page.")
    options = parse(game.options, getlist)

    def work(change: Change) -> int:
        tx, row, old, viewer, now = change.tx, change.row, change.game, change.viewer, change.now
        if not viewer.is_host or viewer.seat is not None:
            raise Forbidden("Only the table's host can switch the game, from the board.")
        if row.options.get("standalone"):
            raise RuleError("The Needs Generator keeps its one game: make a table for another game.")
        state, engine = split_state(row.state)
        seats = seats_of(tx.seats(code))
        if ends is not None:
            if ends != records.game_number(engine):
                raise Stale(N_("That game has already ended: here is the table as it is now."))
        elif version != row.version:
            raise Stale()
        chosen = chosen_players(game, seats, players)
        ending = game_under_way(tx, code, old, state, seats, now)
        if ending and not end_early:
            raise RuleError("A game of %(game)s is under way: confirm that it ends now. It is kept in the "
                            "evening as not finished.", game=old.title)
        if ending:
            record_ended_early(tx, code, old, records.board_standing(old, state, seats, now, engine.get(records.PLAYERS)),
                               engine, now)
        records.next_game(engine, old.id, now, change.version)
        engine[records.PLAYERS] = chosen
        made: dict = {}
        with_group = {**options, **group_hooks.options_for_table(tx, code, game.id)}   # a group's Needs deck
        run_with_table_rng(engine, lambda rng: made.update(state=game.setup(
            with_group, table_ctx(None, seats, now, engine, is_host=True, is_board=True, rng=rng))))
        record_after(tx, code, game, seats, made["state"], engine, now)
        tx.set_game(code, game.id, with_group)
        return change.finish("switch", state=saved_state(made["state"], engine),
                             args={"game": game.id, "from": old.id, "ended_early": ending, "by_host": True})
    return change_table(tables, code, creds, work)
