"""`Tables`: the table service the web layer calls, one object per app. Each operation is a function
of one of the engine's parts, listed here as a method; what the object itself holds is what every
part shares: the store, the hub that tells open screens about changes, the clock, the source of new
tables' seeds, and the shared reads."""
from __future__ import annotations

import json
import secrets
import time
from typing import Callable

from .. import games, records
from ..errors import BadInput, RuleError
from ..fields import parse
from ..groups import hooks as group_hooks
from ..live import Hub
from ..storage.interface import Store, Transaction
from . import boards, game_night, pipeline, reading, recording, seating, snapshots
from .errors import TableNotFound
from .identity import CODE_ALPHABET, CODE_LENGTH, Credentials, Viewer, identify, token_hash
from .randomness import run_with_table_rng, unpredictable_seed
from .saved import load_table, saved_state, table_ctx


class Tables:
    def __init__(self, store: Store, hub: Hub, clock: Callable[[], float] = time.time,
                 seeds: Callable[[], int] = unpredictable_seed):
        """`clock` and `seeds` (each new table's random source) are injectable, so tests can play a
        table whose rolls and deals are the same on every run."""
        self.store = store
        self.hub = hub
        self.clock = clock
        self.seeds = seeds
        self.shared_reads = reading.SharedReads(reading.SHARED_READS_KEPT)

    # reading (engine/snapshots.py, engine/reading.py)
    snapshot = snapshots.snapshot
    shared_snapshot = snapshots.shared_snapshot
    shared_look = snapshots.shared_look
    keep_read = snapshots.keep_read
    history = recording.history
    # seats (engine/seating.py)
    join = seating.join
    answer_claim = seating.answer_claim
    remove_seat = seating.remove_seat
    seat_earlier = seating.seat_earlier
    # moves (engine/pipeline.py)
    act = pipeline.act
    preview = pipeline.preview
    undo = pipeline.undo
    # game night (engine/game_night.py)
    switch = game_night.switch
    under_way = game_night.under_way
    # boards (engine/boards.py)
    pairing_code = boards.pairing_code
    pair_board = boards.pair_board
    forget_boards = boards.forget_boards

    def create(self, game_id: str, getlist: Callable[[str], list[str]], standalone: bool = False,
               group: "group_hooks.TableOfGroup | None" = None) -> tuple[str, str]:
        """A new table; returns (code, host token). `standalone`: the Needs Generator's own table,
        which only that generator's cookie opens (and which /t/<code> pages never offer to join).
        `group`: a table made from a group's page belongs to the group (its games go into the group's
        record; CommuniCat deals the group's Needs: companion/groups/hooks.py)."""
        game = games.get(game_id)
        if game is None:
            raise BadInput("Pick one of the games on the home page.")
        options = parse(game.options, getlist)
        if standalone:
            options["standalone"] = True
        if group is not None:
            options.update(group.options(game.id))
        now = self.clock()
        engine: dict = {"rng": self.seeds()}
        made: dict = {}
        run_with_table_rng(engine, lambda rng: made.update(state=game.setup(
            options, table_ctx(None, [], now, engine, is_host=True, is_board=True, rng=rng))))
        records.fresh(engine)
        engine[records.GAME], engine[records.SINCE] = 1, 1
        if game.standing:   # no seats yet: a game that shows a standing now records from here
            records.advance(engine, game, records.board_standing(game, made["state"], [], now), now)
        state = saved_state(made["state"], engine)
        host_token = secrets.token_urlsafe(24)

        def insert(tx: Transaction) -> str:
            for _ in range(20):
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if not tx.table_exists(code):
                    break
            else:  # pragma: no cover - 20 collisions in 887M codes
                raise RuleError("Could not find a free table code; try again.")
            tx.insert_table(code, game.id, options, json.loads(state), token_hash(host_token), now)
            tx.add_event(code, 1, "create", now, state_after=state)
            if group is not None:
                group.attach(tx, code, now)
            return code
        return self.store.transact(insert), host_token

    def game_of(self, code: str) -> games.Game | None:
        """The table's game, or None when there is no such table (any more)."""
        with self.store.read() as tx:
            row = tx.get_table(code)
        return games.get(row.game) if row else None

    def exists(self, code: str) -> bool:
        with self.store.read() as tx:
            return tx.table_exists(code)

    def is_standalone(self, code: str, host_token: str) -> bool:
        """True when `code` is a Needs Generator table and `host_token` is its own credential."""
        with self.store.read() as tx:
            row = tx.get_table(code)
        return (row is not None and bool(row.options.get("standalone"))
                and secrets.compare_digest(token_hash(host_token), row.host_token_hash))

    def viewer(self, code: str, creds: Credentials) -> Viewer:
        with self.store.read() as tx:
            row, _game = load_table(tx, code)
            return identify(tx, row, creds, self.clock())

    def version(self, code: str) -> int:
        with self.store.read() as tx:
            row = tx.get_table(code)
        if row is None:
            raise TableNotFound(code)
        return row.version
