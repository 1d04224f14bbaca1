"""Groups through the store: each change one write transaction (`store.transact`, so an optimistic
backend may run it again), each page one read. The engine's hooks are in hooks.py."""
from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Callable

from ..storage.interface import RecordRow, Store, Transaction
from . import members, needs, stats, transfer
from .hooks import GroupNotFound, TableOfGroup, load_group, entries_of, require_member_or_host


@dataclass(frozen=True)
class GroupCredentials:
    """The group's tokens a request carries (cookies): a member's device, the host's screen."""
    member_token: str | None = None
    host_token: str | None = None


@dataclass(frozen=True)
class Seen:
    """A group as one device sees it."""
    code: str
    group: dict
    me: dict | None          # this device's member
    is_host: bool

    @property
    def may_change(self) -> bool:
        return self.is_host or self.me is not None


class Groups:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time):
        self.store = store
        self.clock = clock

    def _new_code(self, tx: Transaction) -> str:
        for _ in range(20):
            code = members.new_code()
            if not tx.group_exists(code):
                return code
        raise RuntimeError("no free group code")  # pragma: no cover - 59 bits

    def create(self, getlist) -> tuple[str, str]:
        """A new group; returns (code, host token)."""
        name = members.group_name(getlist)
        host_token, now = secrets.token_urlsafe(24), self.clock()

        def insert(tx: Transaction) -> str:
            code = self._new_code(tx)
            tx.put_group(code, members.new_group(name, members.token_hash(host_token), now), now)
            return code
        return self.store.transact(insert), host_token

    def exists(self, code: str) -> bool:
        with self.store.read() as tx:
            return tx.group_exists(code)

    def seen(self, code: str, creds: GroupCredentials) -> Seen:
        with self.store.read() as tx:
            group = load_group(tx, code)
        return Seen(code, group, members.member_by_token(group, creds.member_token),
                    members.is_host(group, creds.host_token))

    def record(self, code: str) -> tuple[dict, list[dict]]:
        """The group and every game of it."""
        with self.store.read() as tx:
            group = load_group(tx, code)
            return group, entries_of(tx, code, group)

    def stats(self, code: str) -> dict:
        group, entries = self.record(code)
        return stats.compute(group, entries)

    def _change(self, code: str, change: Callable[[dict], object]):
        now = self.clock()

        def work(tx: Transaction):
            group = load_group(tx, code)
            result = change(group)
            tx.put_group(code, group, now)
            return result
        return self.store.transact(work)

    def join(self, code: str, getlist, current_token: str | None) -> tuple[dict, str | None]:
        """This device becomes a member (or stays the one it is). Returns (member, new token or
        None when the device's cookie stays)."""
        name = members.member_name(getlist)
        token, now = secrets.token_urlsafe(24), self.clock()

        def change(group: dict):
            mine = members.member_by_token(group, current_token)
            if mine is not None and members.member_by_name(group, name) is mine:
                return mine, None
            return members.join(group, name, token, now), token
        member, new_token = self._change(code, change)
        return {"id": member["id"], "name": member["name"]}, new_token

    def rename(self, code: str, creds: GroupCredentials, member_id: int, getlist) -> None:
        name = members.member_name(getlist)
        self._change(code, lambda group: members.rename(group, creds.host_token, member_id, name))

    def merge(self, code: str, creds: GroupCredentials, keep_id: int, gone_id: int) -> None:
        self._change(code, lambda group: members.merge(group, creds.host_token, keep_id, gone_id))

    def add_need(self, code: str, creds: GroupCredentials, getlist, translate: Callable[[str], str]) -> dict:
        def change(group):
            require_member_or_host(group, creds)
            return needs.add(group, getlist, translate)
        return self._change(code, change)

    def remove_need(self, code: str, creds: GroupCredentials, need_id: str, translate: Callable[[str], str]) -> dict:
        def change(group):
            require_member_or_host(group, creds)
            return needs.remove(group, need_id, translate)
        return self._change(code, change)

    def restore_needs(self, code: str, creds: GroupCredentials) -> None:
        def change(group):
            require_member_or_host(group, creds)
            needs.restore(group)
        self._change(code, change)

    def table_of_group(self, code: str, creds: GroupCredentials) -> TableOfGroup:
        """A table about to be made from the group's page: only by its members and host."""
        with self.store.read() as tx:
            group = load_group(tx, code)
        require_member_or_host(group, creds)
        return TableOfGroup(code, group)

    def group_of_table(self, table_code: str) -> str | None:
        with self.store.read() as tx:
            group_code = tx.table_group(table_code)
            return group_code if group_code and tx.group_exists(group_code) else None

    def member_at_table(self, table_code: str, member_token: Callable[[str], str | None]) -> dict | None:
        """The member this device is in the group of that table (`member_token(group_code)` reads
        its cookie), or None."""
        with self.store.read() as tx:
            group_code = tx.table_group(table_code)
            row = tx.get_group(group_code) if group_code else None
        if row is None:
            return None
        return members.member_by_token(row.doc, member_token(group_code))

    def export(self, code: str, creds: GroupCredentials) -> dict:
        group, entries = self.record(code)
        require_member_or_host(group, creds)
        return transfer.export(group, entries)

    def import_group(self, body: bytes) -> tuple[str, str]:
        """A new group from an exported file (all of it, or nothing); returns (code, host token)."""
        parsed = transfer.parse(body)
        host_token, now = secrets.token_urlsafe(24), self.clock()

        def insert(tx: Transaction) -> str:
            code = self._new_code(tx)
            tx.put_group(code, transfer.imported_group(parsed, members.token_hash(host_token), now), now)
            tx.keep_group_records(code, [RecordRow(e["table"], e["record"]["number"], e["record"]["game"],
                                                   e["record"]["finished_at"], e["record"]) for e in parsed["games"]])
            return code
        return self.store.transact(insert), host_token
