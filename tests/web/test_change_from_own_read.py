"""A change that follows one this process made starts from the read it kept of the table
(engine/change_reads.py read_first) rather than reading the table and its seats again, and only while
the store's version of the table is still that read's: a change another process made meanwhile, a
seat it removed, is read from the store, so nobody acts on a table or a seat as it was."""
from __future__ import annotations

import copy
from collections import Counter
from contextlib import contextmanager

import pytest

from companion import create_app
from companion.engine.change_reads import NotingTransaction, ReadFirst, read_first
from tests.web.test_shared_rendering import next_payload, open_stream

pytestmark = pytest.mark.both_backends

TABLE_READS = {"get_table", "seats", "seat_by_token", "credentials"}


def asked_of_the_store(app, monkeypatch) -> Counter:
    """The names every change's store transaction is asked for, from now on (as NotingTransaction
    counts them)."""
    store, asked = app.extensions["companion"].store, Counter()
    real = store.transact

    def work_noted(work):
        def noted(tx):
            noting = NotingTransaction(tx)
            try:
                return work(noting)
            finally:
                asked.update(noting.asked)
        return real(noted)

    monkeypatch.setattr(store, "transact", work_noted)
    return asked


def counter_table(new_table, device):
    """A table whose board holds a stream (so this process keeps a read of it), and Ann's phone."""
    board = new_table("toolbox", parts=["counters"], counters="Lives: 2")
    ann = device(board).join("Ann")
    stream = open_stream(board, board.code, "board", board.view()["version"])
    return board, ann, stream


def count(phone, version: int, expect: int = 200):
    # the version given, so that the tap reads nothing first (view.json would read the table)
    return phone.act("count", as_="seat", version=version, expect=expect, counter_index=0, delta=1)


@contextmanager
def on_another_process(app, database, phone, kind: str):
    """The same phone (its `kind` cookie: seat or host) talking to a second app on the same store, as
    a second process; the app's Redis subscription closed after, however the test ends."""
    other = create_app({**{k: app.config[k] for k in ("TESTING", "RANDOM_SEED")}, "DATABASE": database})
    try:
        client = other.test_client()
        cookie = phone.client.get_cookie(f"{kind}_{phone.code}", path=f"/t/{phone.code}")
        client.set_cookie(cookie.key, cookie.value, path=cookie.path)
        yield client
    finally:
        other.extensions["companion"].hub.close()


def test_a_change_after_one_made_here_reads_neither_the_table_nor_who_sits_at_it(app, new_table, device,
                                                                                  monkeypatch):
    board, ann, (response, chunks) = counter_table(new_table, device)
    version = count(ann, board.view()["version"]).json["version"]   # read from the store: nothing kept yet
    next_payload(chunks)
    kept = app.extensions["companion"].shared_reads.kept(board.code)
    assert kept.version == version
    state_before = copy.deepcopy(kept.state)
    asked = asked_of_the_store(app, monkeypatch)
    version = count(ann, version).json["version"]
    assert "table_version" in asked and not TABLE_READS & set(asked), asked
    monkeypatch.undo()
    # the move changed a state of its own: the kept read (what the streams were shown) is as it was
    assert kept.state == state_before
    assert next_payload(chunks)[0] == version
    assert board.view()["counters"][0]["value"] == 4
    # A join writes a seat (the next change reads the store); a tap after it counts on the table as both left it
    bob = device(board).join("Bob")
    count(bob, board.view()["version"])
    view = board.view()
    assert [s["name"] for s in view["seats"]] == ["Ann", "Bob"] and view["counters"][0]["value"] == 5
    response.close()


def test_a_change_another_process_made_meanwhile_is_read_from_the_store(app, database, new_table, device):
    board, ann, (response, chunks) = counter_table(new_table, device)
    version = count(ann, board.view()["version"]).json["version"]
    with on_another_process(app, database, ann, "seat") as client:
        r = client.post(f"/t/{board.code}/act/count", data={"version": version, "as": "seat", "counter_index": 0,
                                                             "delta": 1}, headers={"Accept": "application/json"})
    assert r.status_code == 200 and r.json["version"] == version + 1
    # this process still keeps the read of `version`; the store has moved on
    assert app.extensions["companion"].shared_reads.kept(board.code).version == version
    assert count(ann, version + 1).json["version"] == version + 2
    assert board.view()["counters"][0]["value"] == 2 + 3
    response.close()


def test_a_seat_another_process_removed_cannot_act_from_the_read_kept_here(app, database, new_table, device):
    board, ann, (response, chunks) = counter_table(new_table, device)
    seat = ann.view()["seat"]
    version = count(ann, board.view()["version"]).json["version"]
    assert any(s.seat_id == seat for s in app.extensions["companion"].shared_reads.kept(board.code).seats(board.code))
    with on_another_process(app, database, board, "host") as host:
        r = host.post(f"/t/{board.code}/seats/{seat}/remove", data={"version": version},
                      headers={"Accept": "application/json"})
    assert r.status_code < 400, r.data
    r = count(ann, version + 1, expect=403)
    assert "removed your seat" in r.json["error"]
    assert board.view()["counters"][0]["value"] == 3
    response.close()


class RolledBack(Exception):
    """Ends a work with what it saw, writing nothing."""


def test_once_a_change_writes_it_asks_the_store_what_the_kept_read_cannot_know(app, new_table, device):
    board, ann, (response, chunks) = counter_table(new_table, device)
    count(ann, board.view()["version"])
    read = app.extensions["companion"].shared_reads.kept(board.code)

    def work(store_tx):
        tx = read_first(store_tx, read)
        assert isinstance(tx, ReadFirst)
        before = [s.name for s in tx.seats(board.code)]
        tx.add_seat(board.code, "Bob", "bob", "a token's hash", 0.0)
        raise RolledBack(before, [s.name for s in tx.seats(board.code)])

    with pytest.raises(RolledBack) as seen:
        app.extensions["companion"].store.transact(work)
    assert seen.value.args == (["Ann"], ["Ann", "Bob"])
    assert [s["name"] for s in board.view()["seats"]] == ["Ann"]
    response.close()
