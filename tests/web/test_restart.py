"""Kill the server process (SIGKILL, no clean shutdown) and start it again on the same database (a
SQLite file, or the same Redis): every table, seat and view is exactly as it was."""
import pytest

from tests.conftest import HttpDevice as Device, ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.both_backends]


def test_tables_survive_a_killed_server(database):
    server = ServerProcess(database).start()
    try:
        host = Device(server.url)
        status, headers, _ = host.request("/tables", {"game": "toolbox", "parts": ["dice", "counters", "timers", "deck"]},
                                          accept="text/html")
        assert status == 303
        code = headers["Location"].rsplit("/", 1)[-1]
        ann = Device(server.url)
        assert ann.request(f"/t/{code}/join", {"name": "Ann"}, accept="text/html")[0] == 303
        ann.act(code, "roll")
        host.act(code, "count", counter_index=0, delta=-3)
        host.act(code, "timer_start", timer_index=0)
        host.act(code, "timer_pause", timer_index=0)
        ann.act(code, "deck_draw")
        before = (host.view(code), ann.view(code))

        server.kill()  # SIGKILL: no chance to flush anything more
        server.start()

        after = (host.view(code), ann.view(code))
        assert after == before
        assert after[1]["seat"] == 1  # Ann's cookie still names her seat
        # and the table goes on from where it was, host rights included
        status, _, _ = host.request(f"/t/{code}/undo", {"version": after[0]["version"]})
        assert status == 200 and host.view(code)["deck"]["shown"] == []
    finally:
        server.kill()
