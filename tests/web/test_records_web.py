"""Finished games are recorded by the move that finishes them (companion/records.py), removed by its
undo, and read from those records: a finished table's page costs the same however long its game
was, and tables saved before records existed get theirs once (the backfill)."""
from __future__ import annotations

import json

import pytest

from companion import create_app
from companion.engine import expire_idle_tables
from companion.engine.migrations import ENGINE_PARTS_DONE
from companion.engine.recording import BACKFILL_DONE, backfill_records
from companion.engine.saved import ENGINE_KEY
from tests.conftest import TableClient
from tests.web.test_catchy_web import trick
from tests.web.test_history_web import finish_catchy

pytestmark = pytest.mark.both_backends


def tables(app):
    return app.extensions["companion"]


def stored_records(app, code):
    with tables(app).store.read() as tx:
        return [(r.number, r.game, r.record["winners"]) for r in tx.records(code)]


def undo(table):
    r = table.client.post(f"/t/{table.code}/undo", data={"version": table.view()["version"], "as": "board"},
                          headers={"Accept": "application/json"})
    assert r.status_code == 200, r.data


@pytest.fixture
def catchy(new_table):
    return new_table("catchy", player_1="Ann", player_2="Bob")


def test_the_finishing_move_records_its_undo_removes_and_a_redo_records_again(app, catchy):
    catchy.act("start_round", leader="1", players="names")
    catchy.act("adjust", score_1="6", score_2="5")
    trick(catchy, "Red 4", "Red 2")
    assert stored_records(app, catchy.code) == []          # under way: nothing recorded yet
    trick(catchy, "Yellow 4", "Yellow 2")
    assert stored_records(app, catchy.code) == [(1, "catchy", ["Ann"])]
    assert "Game 1 at this table: Ann wins" in catchy.html("board")
    undo(catchy)
    assert stored_records(app, catchy.code) == []
    assert "Game 1 at this table" not in catchy.html("board")
    trick(catchy, "Yellow 4", "Yellow 2")                  # played again: recorded again, still game 1
    assert stored_records(app, catchy.code) == [(1, "catchy", ["Ann"])]
    catchy.act("rematch")
    assert stored_records(app, catchy.code) == [(1, "catchy", ["Ann"])]   # a new game keeps the old one
    undo(catchy)                                           # back to the finished game's screen
    assert stored_records(app, catchy.code) == [(1, "catchy", ["Ann"])]
    assert "Game 1 at this table: Ann wins" in catchy.html("board")


def test_a_correction_after_the_end_corrects_the_record_and_its_undo_restores_it(app, catchy):
    finish_catchy(catchy)
    catchy.act("adjust", score_1="12", score_2="5")       # a miscounted score fixed on the end screen
    [(number, _game, _w)] = stored_records(app, catchy.code)
    assert number == 1 and json.loads(catchy.client.get(f"/t/{catchy.code}/history.json").data)["games"][0][
        "scores"] == {"Ann": 12, "Bob": 5}
    undo(catchy)
    assert json.loads(catchy.client.get(f"/t/{catchy.code}/history.json").data)["games"][0][
        "scores"] == {"Ann": 9, "Bob": 5}


class Counting:
    """Counts the states a request reads from the store and the game views it computes."""

    def __init__(self, app, monkeypatch, game):
        self.states = self.views = 0
        tx_class = type(tables(app).store.read().__enter__())
        original_live = tx_class.live_states

        def live_states(tx, code, limit):
            rows = original_live(tx, code, limit)
            self.states += len(rows)
            return rows
        monkeypatch.setattr(tx_class, "live_states", live_states)
        original_view = game.view

        def view(state, ctx):
            self.views += 1
            return original_view(state, ctx)
        object.__setattr__(game, "view", view)   # Game is frozen: put back below
        self.restore = lambda: object.__setattr__(game, "view", original_view)

    def reset(self):
        self.states = self.views = 0


def test_a_finished_table_view_reads_no_states_however_long_its_game(app, new_table, device, monkeypatch):
    from companion.games.catchy import GAME
    short, long_ = new_table("catchy", player_1="Ann", player_2="Bob"), new_table("catchy", player_1="Ann", player_2="Bob")
    phones = {t.code: device(t).join("Cy") for t in (short, long_)}
    finish_catchy(short)
    long_.act("start_round", leader="1", players="names")
    for n in range(60):                                    # sixty corrections before the end
        long_.act("adjust", score_1=str(n % 5), score_2="2")
    long_.act("adjust", score_1="6", score_2="5")
    trick(long_, "Red 4", "Red 2")
    trick(long_, "Yellow 4", "Yellow 2")
    for t in (short, long_):
        assert t.view()["phase"] == "game_over"
    counting = Counting(app, monkeypatch, GAME)
    try:
        cost = {}
        for t in (short, long_):
            counting.reset()
            assert "Game 1 at this table" in t.html("board")
            assert "Game 1 at this table" in phones[t.code].html("seat")
            cost[t.code] = (counting.states, counting.views)
    finally:
        counting.restore()
    # One view per page (the seat's own) and no state beyond the newest (Redis reads the top of
    # the undo stack for the Undo button): the same for both tables, whatever the game's length.
    assert cost[short.code] == cost[long_.code]
    assert cost[short.code][0] <= 2 and cost[short.code][1] == 2


def test_purr_sonal_best_follows_an_undone_solo_ending_across_tables(group_table, device):
    """The Purr-sonal Best is read from records: another table of the group shows it, an undo takes it away."""
    from tests.web.test_pack_the_essentials_web import PAD, play_solo_rounds
    first = group_table("pack-the-essentials", mode="solo", solo_level="Easy", solo_target="10")
    ann = device(first).join("Ann")
    play_solo_rounds(first)
    ann.act("score", **PAD)
    second = group_table("pack-the-essentials", mode="solo", solo_level="Hard", solo_target="150")
    assert [e["name"] for e in second.view()["solo"]["best_log"]] == ["Ann"]
    undo(first)                                            # the host takes Ann's pad back
    assert second.view()["solo"]["best_log"] == []
    ann.act("score", **PAD)
    assert [e["name"] for e in second.view()["solo"]["best_log"]] == ["Ann"]


def make_legacy(app, code):
    """Turns a table into one saved before records were kept: no record part in any saved state,
    no records, and the store's backfill note gone."""
    def strip(state):
        engine = state.get(ENGINE_KEY) or {}
        for key in ("record", "finished", "game_number", "game_since", "ended"):
            engine.pop(key, None)
        return state
    store = tables(app).store
    if hasattr(store, "client"):   # Redis
        r = store.client
        live = store.key(code, "live")
        entries = [json.loads(x) for x in r.lrange(live, 0, -1)]
        r.delete(live, store.key(code, "rec"))
        for e in entries:
            strip(e["state_after"])
            r.rpush(live, json.dumps(e))
        t = store.key(code, "t")
        r.hset(t, "state", json.dumps(strip(json.loads(r.hget(t, "state")))))
        for key in r.keys(f"{store.prefix}records:*"):
            r.delete(key)
        r.hdel(store.meta_key, BACKFILL_DONE, ENGINE_PARTS_DONE)
    else:
        import sqlite3
        conn = sqlite3.connect(store.path)
        with conn:
            for (event_id, state) in conn.execute("SELECT id, state_after FROM events WHERE state_after IS NOT NULL").fetchall():
                conn.execute("UPDATE events SET state_after = ? WHERE id = ?", (json.dumps(strip(json.loads(state))), event_id))
            (state,) = conn.execute("SELECT state FROM tables WHERE code = ?", (code,)).fetchone()
            conn.execute("UPDATE tables SET state = ? WHERE code = ?", (json.dumps(strip(json.loads(state))), code))
            conn.execute("DROP TABLE records")
            conn.execute("DROP TABLE meta")
        conn.close()


def reopen(app, database, table):
    """The app started again on the same database (as after an upgrade), and `table`'s host device
    on it with the same cookie."""
    cookie = table.client.get_cookie(f"host_{table.code}", path=f"/t/{table.code}")
    tables(app).hub.close()
    again = create_app({"DATABASE": database, "TESTING": True, "LOOKUPS_PER_MINUTE": 1000})
    host = TableClient(again, table.code)
    host.client.set_cookie(cookie.key, cookie.value, path=f"/t/{table.code}")
    return again, host


def test_tables_from_before_records_are_backfilled_once_and_go_on_recording(app, database, catchy):
    finish_catchy(catchy)
    catchy.act("rematch")
    catchy.act("start_round", leader="1", players="names")
    make_legacy(app, catchy.code)
    again, host = reopen(app, database, catchy)
    try:
        assert stored_records(again, catchy.code) == [(1, "catchy", ["Ann"])]   # backfilled at start
        with tables(again).store.read() as tx:
            assert tx.meta(BACKFILL_DONE)
        assert backfill_records(tables(again)) == 0      # noted: never again
        # The start-up migration gave every saved state its running record and its game's id: the
        # next moves go on recording and number the next game after the backfilled one.
        trick(host, "Red 4", "Red 2")
        trick(host, "Yellow 4", "Yellow 2")              # round 1: Ann 3
        host.act("start_round", leader="2")
        host.act("adjust", score_2="6")
        trick(host, "Red 4", "Red 2")
        trick(host, "Yellow 4", "Yellow 2")              # round 2: Bob 6 + 3 reaches the Arms
        assert stored_records(again, catchy.code) == [(1, "catchy", ["Ann"]), (2, "catchy", ["Bob"])]
        game = json.loads(host.client.get(f"/t/{catchy.code}/history.json").data)["games"][1]
        assert [r["round"] for r in game["rounds"]] == [1, 2]   # round 1 came from before the upgrade
        undo(host)
        assert stored_records(again, catchy.code) == [(1, "catchy", ["Ann"])]
    finally:
        tables(again).hub.close()


def test_undo_back_into_a_state_from_before_records_keeps_its_record(app, database, catchy):
    """The restored state, saved before records were kept, got its running record from the start-up
    migration: the undo puts the finished game's record back as it was (a correction on the end
    screen taken back)."""
    finish_catchy(catchy)
    make_legacy(app, catchy.code)
    again, host = reopen(app, database, catchy)
    try:
        host.act("adjust", score_1="12", score_2="5")         # the first move after the upgrade
        games = json.loads(host.client.get(f"/t/{catchy.code}/history.json").data)["games"]
        assert [(g["number"], g["scores"]) for g in games] == [(1, {"Ann": 12, "Bob": 5})]
        undo(host)
        games = json.loads(host.client.get(f"/t/{catchy.code}/history.json").data)["games"]
        assert [(g["number"], g["scores"]) for g in games] == [(1, {"Ann": 9, "Bob": 5})]
        assert "Game 1 at this table: Ann wins" in host.html("board")
    finally:
        tables(again).hub.close()


def test_an_archive_keeps_the_records(app, tmp_path, catchy):
    finish_catchy(catchy)
    removed = expire_idle_tables(tables(app), -1_000_000, str(tmp_path / "archive"))   # every table is idle
    assert catchy.code in removed
    archived = json.loads((tmp_path / "archive" / f"{catchy.code}.json").read_text())
    assert [(r["number"], r["game"], r["winners"]) for r in archived["records"]] == [(1, "catchy", ["Ann"])]
    with tables(app).store.read() as tx:
        assert tx.records(catchy.code) == [] and tx.records_of_game("catchy", 10) == []
