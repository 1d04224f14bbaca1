"""The database missing, unusable or full: a clear sentence at start-up or on the page, no traceback,
nothing half-applied."""
import subprocess
import sys

from tests.conftest import ROOT


def run_app(*args):
    return subprocess.run([sys.executable, str(ROOT / "app.py"), "--host", "127.0.0.1", "--port", "0", *args],
                          capture_output=True, text=True, timeout=60)


def test_missing_folder_is_said_at_start_up(tmp_path):
    result = run_app("--db", str(tmp_path / "no" / "such" / "folder" / "c.db"))
    assert result.returncode == 2
    assert "Cannot start: The folder for the database does not exist" in result.stderr
    assert "Traceback" not in result.stderr


def test_unusable_database_is_said_at_start_up(tmp_path):
    not_a_db = tmp_path / "notes.db"
    not_a_db.write_text("this is not a database, just a file someone pointed --db at")
    result = run_app("--db", str(not_a_db))
    assert result.returncode == 2 and "Cannot start: Cannot use the database" in result.stderr
    assert "Traceback" not in result.stderr
    a_folder = tmp_path / "folder.db"
    a_folder.mkdir()
    result = run_app("--db", str(a_folder))
    assert result.returncode == 2 and "Cannot start" in result.stderr and "Traceback" not in result.stderr


def test_a_full_disk_mid_game_is_a_503_sentence_and_changes_nothing(app, new_table, monkeypatch):
    table = new_table("toolbox", parts=["deck"], deck=", ".join(f"Card {i}" for i in range(60)))
    table.act("deck_draw")
    before = table.view()
    store = app.extensions["companion"].store
    connect = store._connect

    def tiny_disk(writing=False):   # reads' connections and writes' alike
        conn = connect(writing)
        (pages,) = conn.execute("PRAGMA page_count").fetchone()
        conn.execute(f"PRAGMA max_page_count = {pages}")  # no room for one more page
        return conn

    monkeypatch.setattr(store, "_connect", tiny_disk)
    store.close()  # drop pooled connections so every one has the limit (the store opens new ones)
    for _ in range(30):  # each draw appends a whole state to the event log: soon there is no room
        r = table.client.post(f"/t/{table.code}/act/deck_draw", data={"version": table.view()["version"]},
                              headers={"Accept": "application/json"})
        if r.status_code != 200:
            break
    assert r.status_code == 503 and "cannot save right now" in r.json["error"]
    version = table.view()["version"]
    r = table.client.post(f"/t/{table.code}/act/deck_draw", data={"version": version, "as": "board"},
                          headers={"HX-Request": "true"})
    assert r.status_code == 503 and "cannot save right now" in r.get_data(as_text=True)
    assert table.view()["version"] == version  # the refused action left nothing behind
    assert before["version"] <= version
