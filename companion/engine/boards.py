"""Screens the host makes boards (a TV, a second tablet): a one-time pairing code shown as a QR code
on the host's screen, exchanged by the other screen for a board credential of its own."""
from __future__ import annotations

import secrets

from ..errors import Forbidden, RuleError
from .change import Change, change_table
from .identity import Credentials, token_hash
from .context import Service


MAX_BOARDS = 8              # screens the host paired as boards
PAIR_SECONDS = 10 * 60      # a pairing code on the host's screen is good this long, once


def pairing_code(tables: Service, code: str, creds: Credentials) -> str:
    """A one-time code for the host's screen to show to a screen that should act as the board. Only
    the host gets one; it is good once, for PAIR_SECONDS, and replaces the one shown before (a photo
    of an old QR code pairs nothing)."""
    token = secrets.token_urlsafe(18)

    def make(change: Change) -> None:
        if not change.viewer.is_host:
            raise Forbidden("Only the table's host can make another screen a board.")
        change.tx.remove_credentials(code, "pair")
        change.tx.add_credential(code, "pair", token_hash(token), None, change.now)
    change_table(tables, code, creds, make)
    return token


def pair_board(tables: Service, code: str, pairing: str) -> str:
    """Exchanges a pairing code for a board credential (this screen's cookie)."""
    board = secrets.token_urlsafe(24)

    def pair(change: Change) -> None:
        tx, now = change.tx, change.now
        wanted = token_hash(pairing[:100])
        found = next((c for c in tx.credentials(code, "pair") if secrets.compare_digest(c.token_hash, wanted)), None)
        if found is None or now - found.at >= PAIR_SECONDS:
            raise Forbidden("This pairing code is used up or too old: ask the host to show a new one.")
        if len(tx.credentials(code, "board")) >= MAX_BOARDS:
            raise RuleError("This table already has %(count)s paired screens: the host can forget them first.",
                            count=MAX_BOARDS)
        tx.remove_credentials(code, "pair", token_hash=found.token_hash)
        tx.add_credential(code, "board", token_hash(board), None, now)
        change.finish("board_paired", args={"by_host": True})
    change_table(tables, code, Credentials(), pair)
    return board


def forget_boards(tables: Service, code: str, creds: Credentials) -> int:
    """The host takes the board credential away from every paired screen (and unused pairing codes)."""
    def forget(change: Change) -> int:
        change.tx.remove_credentials(code, "board")
        change.tx.remove_credentials(code, "pair")
        return change.finish("boards_forgotten", args={"by_host": True})
    return change_table(tables, code, creds, forget, host_only=True)
