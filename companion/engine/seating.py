"""Seats: joining, a seat that moves to another phone only with consent, the host removing a seat
and changing the seating order. A seat's id is never given twice at a table (the store counts the
seats it ever made), so nothing of a removed seat passes to the next person who joins."""
from __future__ import annotations

import secrets

from .. import names, records
from ..errors import N_, BadInput, Forbidden, RuleError
from ..fields import Text
from ..games.base import Seat
from .change import Change, change_table
from .errors import NameTaken, Stale
from .game_night import game_under_way
from .identity import CLAIM_SECONDS, Credentials, token_hash
from .saved import seats_of, split_state
from .context import Service


MAX_SEATS = 12
NAME_FIELD = {"name": Text(label=N_("name"), min_len=1, max_len=32)}


def join(tables: Service, code: str, name: str, current_token: str | None, reclaim: bool
         ) -> tuple[Seat, str | None, str]:
    """Returns (seat, new token or None when the cookie stays, outcome) where outcome is "joined",
    "already" (this device holds a seat) or "claimed" (this device asked for a seat that is taken,
    and waits for the seat's phone or the host to agree); raises NameTaken when the name is taken
    and `reclaim` was not asked. `name` as the join form's NAME_FIELD parsed it."""
    name = names.clean(name)
    name_key = names.key(name)

    # A change's work, so an optimistic store can run it again when another process changed the
    # table meanwhile (two phones joining at once through two app processes).
    def seat_someone(change: Change) -> tuple[Seat, str | None, str]:
        tx, now = change.tx, change.now
        if current_token:
            mine = tx.seat_by_token(code, token_hash(current_token))
            if mine is not None:
                return Seat(mine.seat_id, mine.name), None, "already"
        same = tx.seat_by_name(code, name_key)
        token = secrets.token_urlsafe(24)
        if same is not None:
            if not reclaim:
                raise NameTaken(same.name)
            # Maybe the same person on a new phone, maybe not: the seat moves only when its current
            # phone or the host agrees. One waiting request per seat: while one waits, another phone
            # is told so (it is not filed, nor written in every screen's log).
            waiting = next((c for c in tx.credentials(code, "claim")
                            if c.seat_id == same.seat_id and now - c.at < CLAIM_SECONDS), None)
            if waiting is not None:
                if current_token and secrets.compare_digest(waiting.token_hash, token_hash(current_token)):
                    return Seat(same.seat_id, same.name), None, "claimed"
                raise RuleError("Another phone is already asking for %(name)s's seat: the host can answer it "
                                "on the board.", name=same.name)
            tx.remove_credentials(code, "claim", seat_id=same.seat_id)
            tx.add_credential(code, "claim", token_hash(token), same.seat_id, now)
            change.finish("claim", args={"seat": same.seat_id})
            return Seat(same.seat_id, same.name), token, "claimed"
        if len(tx.seats(code)) >= MAX_SEATS:
            raise RuleError("This table is full (%(seats)s seats).", seats=MAX_SEATS)
        seat_id = tx.add_seat(code, name, name_key, token_hash(token), now)
        change.finish("join", seat_id=seat_id)
        return Seat(seat_id, name), token, "joined"
    return change_table(tables, code, Credentials(), seat_someone)


def answer_claim(tables: Service, code: str, creds: Credentials, seat_id: int, allow: bool,
                 version: int | None = None) -> int:
    """The seat's own phone, or the host (when that phone is gone), lets a waiting phone take the
    seat, or refuses. Every outcome is written in the log every screen shows. `version`: the table
    the answering screen showed; a request that came in after it is not the one they answered (a
    second phone asking just before the owner taps Allow would get the seat)."""
    def decide(change: Change) -> int:
        tx, viewer, now = change.tx, change.viewer, change.now
        own = viewer.seat is not None and viewer.seat.id == seat_id
        # the host answers from the board; on a seat page the host is that seat's player only
        if not (own or (viewer.is_host and viewer.seat is None)):
            raise Forbidden("Only that seat's phone or the table's host can answer this request.")
        claim = next((c for c in tx.credentials(code, "claim")
                      if c.seat_id == seat_id and now - c.at < CLAIM_SECONDS), None)
        if claim is None:
            raise RuleError("Nobody is asking for that seat any more.")
        if version is not None and any(e.kind == "claim" and (e.args or {}).get("seat") == seat_id
                                       for e in tx.history(code, 50) if e.version > version):
            raise Stale(N_("Another phone asked for that seat since: here is the request as it is now. "
                           "Answer again."))
        seat_row = next(s for s in tx.seats(code) if s.seat_id == seat_id)
        tx.remove_credentials(code, "claim", seat_id=seat_id)
        if allow:
            tx.set_seat_token(code, seat_id, claim.token_hash)
            tx.add_credential(code, "moved", seat_row.token_hash, seat_id, now)
        return change.finish("seat_moved" if allow else "claim_refused", seat_id=viewer.seat.id if own else None,
                             args={"seat": seat_id, "by_host": not own})
    return change_table(tables, code, creds, decide)


def remove_seat(tables: Service, code: str, creds: Credentials, seat_id: int, version: int) -> int:
    """The host removes a seat (a phone that joined by mistake, a friend who went home). A player in
    a game under way stays until it ends, in any game or mode: the game still counts on them."""
    def remove(change: Change) -> int:
        tx, now = change.tx, change.now
        seat_rows = tx.seats(code)
        target = next((s for s in seat_rows if s.seat_id == seat_id), None)
        if target is None:
            raise BadInput("That seat is not at this table.")
        state, engine = split_state(change.row.state)
        if game_under_way(tx, code, change.game, state, seats_of(seat_rows), now):
            standing = records.board_standing(change.game, state, seats_of(seat_rows), now,
                                              engine.get(records.PLAYERS))
            # A player is a side in the standing or one of a side's people (a team, or the
            # cooperative table's "Together", which is everyone).
            playing = set(standing["players"]).union(*(standing.get("members") or {}).values())
            if target.name in playing:
                raise RuleError("%(name)s is playing this game: remove the seat when it is over, "
                                "or end the game first (Next game).", name=target.name)
        tx.remove_credentials(code, "claim", seat_id=seat_id)
        tx.add_credential(code, "removed", target.token_hash, seat_id, now)
        tx.remove_seat(code, seat_id)
        return change.finish("seat_removed", args={"seat": seat_id, "name": target.name, "by_host": True})
    return change_table(tables, code, creds, remove, host_only=True, version=version)


def seat_earlier(tables: Service, code: str, creds: Credentials, seat_id: int, version: int | None) -> int:
    """The host moves a seat one place earlier in the seating order, between games: a game with a
    player limit deals in the first seats unless the host picks its players."""
    def move(change: Change) -> int:
        tx = change.tx
        order = [s.seat_id for s in tx.seats(code)]
        if seat_id not in order:
            raise BadInput("That seat is not at this table.")
        state, _engine = split_state(change.row.state)
        if game_under_way(tx, code, change.game, state, seats_of(tx.seats(code)), change.now):
            raise RuleError("A game is under way: change the seating order between games.")
        at = order.index(seat_id)
        if at == 0:
            raise RuleError("That seat is already first.")
        order[at - 1], order[at] = order[at], order[at - 1]
        tx.set_seat_order(code, order)
        return change.finish("seat_earlier", args={"seat": seat_id, "by_host": True})
    return change_table(tables, code, creds, move, host_only=True, version=version)
