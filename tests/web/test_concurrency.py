"""Many devices tapping one table at once: every accepted action counts exactly once, every refused
one is a 409 with the fresh version, and nothing is lost or doubled."""
import threading

import pytest

# On Redis the threads' actions race through WATCH/MULTI instead of SQLite's write lock.
pytestmark = pytest.mark.both_backends

JSON = {"Accept": "application/json"}


def test_twenty_devices_tapping_at_once(app, new_table, device):
    table = new_table("toolbox", parts=["counters"], counters="Taps: 0")
    # 12 seated phones (a table's maximum) and 8 more screens acting as the board
    phones = [device(table).join(f"P{i}") for i in range(12)] + [device(table) for _ in range(8)]
    accepted = []
    refused = []
    errors = []
    barrier = threading.Barrier(len(phones))

    def tap(phone, taps=5, tries=40):
        barrier.wait()
        done = 0
        for _ in range(tries):  # bounded: a phone gives up after 40 attempts
            if done == taps:
                break
            version = phone.view()["version"]
            r = phone.client.post(f"/t/{table.code}/act/count", headers=JSON,
                                  data={"version": version, "counter_index": 0, "delta": 1,
                                        "as": "seat" if phone.view()["seat"] else "board"})
            if r.status_code == 200:
                done += 1
                accepted.append(r.json["version"])
            elif r.status_code == 409:
                refused.append(r.json)
            else:
                errors.append((r.status_code, r.data))

    threads = [threading.Thread(target=tap, args=(p,)) for p in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    final = table.view()
    assert final["counters"][0]["value"] == len(accepted)
    assert len(set(accepted)) == len(accepted)  # every accepted action got its own version
    assert all("Someone just changed" in r["error"] and r["version"] >= 1 for r in refused)
    assert final["version"] == 1 + 12 + len(accepted)  # created, 12 joins, then one version per action
