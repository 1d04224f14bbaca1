"""The keeper's commands (companion/commands.py), run as a keeper runs them: `python app.py [--db …]
COMMAND` and `flask --app app COMMAND` in a subprocess, on SQLite and on Redis."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from companion import create_app
from companion.cli import split_command
from tests.conftest import ROOT, TableClient
from tests.web.test_history_web import finish_catchy

COMMANDS = ("tables", "expire", "export", "import", "check")


def run(database: str, *args: str, flask: bool = False, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The command in its own process, as typed in a terminal at the checkout."""
    command = ([sys.executable, "-m", "flask", "--app", "app", *args] if flask
               else [sys.executable, str(ROOT / "app.py"), "--db", database, *args])
    env = {**os.environ, "COMPANION_DB": database}
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, input=stdin)


def exported(database: str, tmp_path, name: str = "export.json") -> dict:
    path = tmp_path / name
    done = run(database, "export", "--all", "-o", str(path))
    assert done.returncode == 0, done.stderr
    return json.loads(path.read_text(encoding="utf-8"))


def comparable(document: dict) -> list[dict]:
    return sorted(document["tables"], key=lambda t: t["code"])


@pytest.fixture
def other_database(backend, tmp_path, request) -> str:
    """A second, empty store of the same kind (an import's destination)."""
    if backend == "redis":
        import redis as redis_py
        url = request.getfixturevalue("redis_server").url(1)
        with redis_py.Redis.from_url(url) as client:
            client.flushdb()
        return url
    return str(tmp_path / "other.db")


def test_each_command_has_help_in_both_forms(database):
    for name in COMMANDS:
        done = run(database, name, "--help")
        assert done.returncode == 0 and done.stdout.startswith(f"Usage: app.py {name}"), done.stdout + done.stderr
    listed = run(database, "--help", flask=True)
    assert listed.returncode == 0
    for name in COMMANDS:
        assert f"  {name} " in listed.stdout
    served = run(database, "--help")                    # the server's own help names the commands
    assert "--expire-days" in served.stdout and "export TABLE" in served.stdout


@pytest.mark.both_backends
def test_tables_lists_code_game_seats_and_age(database, new_table, device):
    assert run(database, "tables").stdout.strip() == "No tables."
    catchy = new_table("catchy", player_1="Ann", player_2="Bob")
    toolbox = new_table("toolbox", parts=["dice"])
    device(toolbox).join("Cleo")
    device(toolbox).join("Dan")
    for flask in (False, True):
        done = run(database, "tables", flask=flask)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert lines[0].split() == ["CODE", "GAME", "SEATS", "AGE", "IDLE"]
        rows = {line.split()[0]: line for line in lines[1:-1]}
        assert rows[catchy.code].split()[1:3] == ["Catchy!", "0"]
        assert rows[toolbox.code].split()[1:3] == ["Toolbox", "2"]
        assert rows[toolbox.code].split()[4::2] == ["s", "s"]          # made and used seconds ago
        assert lines[-1] == "2 table(s)."


@pytest.mark.both_backends
def test_expire_archives_and_removes_only_idle_tables(app, database, new_table, tmp_path):
    tables = app.extensions["companion"]
    tables.clock = lambda: time.time() - 8 * 86400          # last touched eight days ago
    old = new_table("toolbox", parts=["dice"])
    tables.clock = time.time
    fresh = new_table("toolbox", parts=["dice"])
    archive = tmp_path / "archive"
    done = run(database, "expire", "--days", "7", "--archive", str(archive))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"Archived and removed 1 idle table(s) into {archive}: {old.code}"
    assert json.loads((archive / f"{old.code}.json").read_text())["code"] == old.code
    listed = run(database, "tables").stdout
    assert fresh.code in listed and old.code not in listed
    again = run(database, "expire", "--days", "7", flask=True)
    assert again.returncode == 0 and again.stdout.strip() == "No table has been idle for 7 day(s)."
    for bad in ("0", "soon"):
        refused = run(database, "expire", "--days", bad)
        assert refused.returncode == 2 and "--days" in refused.stderr, refused.stderr


@pytest.mark.both_backends
def test_export_and_import_carry_a_table_whole_seats_and_phones_included(app, database, other_database, new_table,
                                                                          device, tmp_path):
    catchy = new_table("catchy", player_1="Ann", player_2="Bob")
    finish_catchy(catchy)
    catchy.act("rematch")
    toolbox = new_table("toolbox", parts=["dice", "track"])
    phone = device(toolbox).join("Cleo")
    device(toolbox).join("Dan")
    gone = device(toolbox).join("Eve")                 # the newest seat, removed: its id is never given again
    removed = toolbox.client.post(f"/t/{toolbox.code}/seats/{gone.view()['seat']}/remove",
                                  data={"version": toolbox.view()["version"], "as": "board"},
                                  headers={"Accept": "application/json"})
    assert removed.status_code == 200, removed.data
    phone.act("roll")
    before = exported(database, tmp_path)
    assert {t["code"]: len(t["records"]) for t in before["tables"]} == {catchy.code: 1, toolbox.code: 0}

    one = run(database, "export", toolbox.code.lower())                 # one table, to the terminal
    assert one.returncode == 0 and one.stderr.strip() == "Exported 1 table(s)."
    assert [t["code"] for t in json.loads(one.stdout)["tables"]] == [toolbox.code]

    path = tmp_path / "export.json"
    done = run(other_database, "import", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith("Imported 2 table(s): ")
    assert comparable(exported(other_database, tmp_path, "again.json")) == comparable(before)

    # The same phones, on the new store: their seat and the host's screen still act, undo included.
    moved = create_app({**app.config, "DATABASE": other_database})
    try:
        def same_device(table: TableClient, kind: str) -> TableClient:
            client = moved.test_client()
            cookie = table.client.get_cookie(f"{kind}_{table.code}", path=f"/t/{table.code}")
            client.set_cookie(cookie.key, cookie.value, path=cookie.path)
            return TableClient(moved, table.code, client)

        seat, host = same_device(phone, "seat"), same_device(toolbox, "host")
        assert seat.view()["seat"] == phone.view()["seat"]
        seat.act("roll")
        undone = host.client.post(f"/t/{toolbox.code}/undo", data={"version": host.view()["version"], "as": "board"},
                                  headers={"Accept": "application/json"})
        assert undone.status_code == 200, undone.data
        assert host.view()["version"] == phone.view()["version"] + 2
        newcomer = TableClient(moved, toolbox.code).join("Fay")
        assert newcomer.view()["seat"] == 4                # after Cleo 1, Dan 2 and the removed Eve 3
        evening = same_device(catchy, "host").client.get(f"/t/{catchy.code}/history.json")
        assert evening.status_code == 200 and evening.json["games"]
        assert evening.json == catchy.client.get(f"/t/{catchy.code}/history.json").json
    finally:
        moved.extensions["companion"].hub.close()

    again = run(other_database, "import", str(path), flask=False)       # the same tables a second time
    assert again.returncode == 1
    assert "This store already has table(s)" in again.stderr and "nothing was imported" in again.stderr


def write(tmp_path, document) -> str:
    path = tmp_path / "bad.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    return str(path)


@pytest.fixture
def good_export(database, new_table, tmp_path) -> tuple[str, dict, dict]:
    """(code, an export of its store, the same table under another code)."""
    table = new_table("toolbox", parts=["dice"])
    good = exported(database, tmp_path)
    return table.code, good, {**good["tables"][0], "code": "ZZZZZZ" if table.code != "ZZZZZZ" else "YYYYYY"}


def test_a_bad_file_is_refused_with_a_sentence(other_database, good_export, tmp_path):
    # Checked before the store is touched, so on SQLite alone; the store's side is the test below.
    _, good, second = good_export

    def broken(**changes) -> dict:
        return {**good, "tables": [second, {**good["tables"][0], **changes}]}

    sparse = tmp_path / "huge.json"
    with open(sparse, "wb") as fh:
        fh.truncate(256 * 1024 * 1024 + 1)
    cases = {
        write(tmp_path, "{not json"): "is not JSON",
        write(tmp_path, {"tables": []}): "not a Cat Table Companion export",
        write(tmp_path, {**good, "version": 99}): "this companion reads version 1",
        write(tmp_path, broken(code="nope")): "Table 2 of the file is not valid: its \"code\" is not a table code",
        write(tmp_path, broken(game="chess")): "its game 'chess' is not one this companion has",
        write(tmp_path, broken(seats=[{"id": 1}])): "a seat's name must be text",
        write(tmp_path, broken(events="many")): "\"events\" must be a list",
        write(tmp_path, broken(version=True)): "its version must be a whole number",
        write(tmp_path, {**good, "tables": [second, second]}): "holds table " + second["code"] + " twice",
        str(sparse): "bigger than 256 MiB",
        str(tmp_path / "missing.json"): "Cannot read",
    }
    for path, sentence in cases.items():
        done = run(other_database, "import", path)
        assert done.returncode == 1, (path, done.stdout, done.stderr)
        assert sentence in done.stderr and "othing was imported" in done.stderr, (sentence, done.stderr)
        assert "Traceback" not in done.stderr
    assert run(other_database, "tables").stdout.strip() == "No tables."


@pytest.mark.both_backends
def test_an_import_is_one_transaction_all_or_nothing(database, other_database, good_export, tmp_path):
    code, good, second = good_export
    # One table the store has already: the file's other table is not imported either.
    clash = run(database, "import", write(tmp_path, {**good, "tables": [second, good["tables"][0]]}), flask=True)
    assert clash.returncode == 1 and f"This store already has table(s) {code}; nothing was imported." in clash.stderr
    assert second["code"] not in run(database, "tables").stdout
    piped = run(other_database, "import", "-", stdin=json.dumps(good))   # a good one, through stdin
    assert piped.returncode == 0 and piped.stdout.strip() == f"Imported 1 table(s): {code}."


@pytest.mark.both_backends
def test_check_passes_on_a_sound_store(database, backend):
    for flask in (False, True):
        done = run(database, "check", flask=flask)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "PROBLEM" not in done.stdout
        assert "templates compile" in done.stdout and "catalogues load" in done.stdout
        assert "games' data load" in done.stdout and "answers" in done.stdout


@pytest.mark.redis
def test_check_finds_redis_without_its_append_only_file(redis_server):
    import redis as redis_py
    client = redis_py.Redis(port=redis_server.port)
    client.config_set("appendonly", "no")
    try:
        done = run(redis_server.url(), "check")
    finally:
        client.config_set("appendonly", "yes")
    assert done.returncode == 1
    assert "PROBLEM Redis runs without its append-only file" in done.stdout
    assert "ok      " in done.stdout and "templates compile" in done.stdout    # the rest still checked


def test_check_and_commands_say_when_the_store_cannot_be_opened(tmp_path):
    done = run(str(tmp_path / "no-such-folder" / "x.db"), "tables")
    assert done.returncode == 1 and "Cannot open the store" in done.stderr and "Traceback" not in done.stderr


def test_the_command_is_the_first_word_after_the_server_options():
    assert split_command([]) == ([], [])
    assert split_command(["--port", "9000"]) == (["--port", "9000"], [])
    assert split_command(["--db", "tables", "tables"]) == (["--db", "tables"], ["tables"])
    assert split_command(["--db=x.db", "export", "--all"]) == (["--db=x.db"], ["export", "--all"])
    assert split_command(["import", "f.json"]) == ([], ["import", "f.json"])
    assert split_command(["serve"]) == (["serve"], [])        # not a command: argparse refuses it


@pytest.mark.redis
def test_a_store_from_an_older_version_moves_from_sqlite_to_redis_whole(redis_server, tmp_path):
    """How a keeper moves to Redis: export the SQLite file (here one made by round 23's code, with a
    finished game and a round under way), import into Redis; Redis then exports the same tables."""
    import shutil

    import redis as redis_py
    sqlite = tmp_path / "round23.sqlite"
    shutil.copy(ROOT / "tests" / "data" / "round23.sqlite", sqlite)
    url = redis_server.url(2)
    with redis_py.Redis.from_url(url) as client:
        client.flushdb()
    before = exported(str(sqlite), tmp_path, "from-sqlite.json")
    assert len(before["tables"]) == 2 and any(t["records"] for t in before["tables"])
    done = run(url, "import", str(tmp_path / "from-sqlite.json"))
    assert done.returncode == 0, done.stderr
    assert comparable(exported(url, tmp_path, "from-redis.json")) == comparable(before)
