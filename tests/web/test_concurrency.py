"""Many devices tapping one table at once: every accepted action counts exactly once, every refused
one is a 409 with the fresh version, and nothing is lost or doubled."""
import threading

import pytest

from tests.conftest import JSON

# On Redis the threads' actions race through WATCH/MULTI instead of SQLite's write lock.
pytestmark = pytest.mark.both_backends


def test_twenty_devices_tapping_at_once(app, new_table, device, board_screen):
    """Everyone taps at once: 12 seated phones (a table's maximum) and 8 screens the host paired as
    boards each tap "+1" 15 times, as fast as they can, all from screens that are already out of
    date. A counter depends on nothing a player saw, so not one tap is refused: the final count is
    the number of acknowledged taps, and each got its own version."""
    table = new_table("toolbox", parts=["counters"], counters="Taps: 0")
    phones = [device(table).join(f"P{i}") for i in range(12)] + [board_screen(table) for _ in range(8)]
    start = table.view()["version"]
    accepted, refused, errors = [], [], []
    barrier = threading.Barrier(len(phones))

    def tap(phone, taps=15):
        role = "seat" if phone.view()["seat"] else "board"
        seen = phone.view()["version"]   # never refreshed: every tap after the first is stale
        barrier.wait()
        for _ in range(taps):  # bounded
            r = phone.client.post(f"/t/{table.code}/act/count", headers=JSON,
                                  data={"version": seen, "counter_index": 0, "delta": 1, "as": role})
            if r.status_code == 200:
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
    assert errors == [] and refused == []
    assert len(accepted) == 20 * 15
    final = table.view()
    assert final["counters"][0]["value"] == len(accepted)
    assert len(set(accepted)) == len(accepted)  # every accepted action got its own version
    assert final["version"] == start + len(accepted)


def test_two_devices_pressing_next_round_at_once_apply_it_once(app, new_table, device, board_screen):
    """A flow move depends on the table the player saw: pressed on two devices for the same moment,
    it happens once, and the slower device is told who did it, in words."""
    table = new_table("toolbox", parts=["rounds"], rounds="5")
    screens = [table, board_screen(table)]
    seen = table.view()["version"]
    answers = []
    barrier = threading.Barrier(len(screens))

    def press(screen):
        barrier.wait()
        answers.append(screen.client.post(f"/t/{table.code}/act/round_next", headers=JSON,
                                          data={"version": seen, "as": "board"}))

    threads = [threading.Thread(target=press, args=(s,)) for s in screens]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(r.status_code for r in answers) == [200, 409]
    refused = next(r for r in answers if r.status_code == 409)
    assert "already did “round next”" in refused.json["error"]
    assert table.view()["rounds"]["current"] == 2


def test_twenty_devices_mixing_independent_moves_add_up(app, new_table, device, board_screen):
    """A round's end at a full table: 12 phones and 8 paired screens, each from a screen that is out
    of date, add different amounts to two counters and to the players' scores (a few hundred moves
    in all, as fast as they can). Every acknowledged move is in the final state, exactly once: each
    counter and each score is the sum of the acknowledged deltas, and none was refused as stale."""
    table = new_table("toolbox", parts=["counters", "track"], counters="Taps: 0\nGems: 0", target="999")
    phones = [device(table).join(f"P{i}") for i in range(12)]
    screens = phones + [board_screen(table) for _ in range(8)]
    seat_ids = [s["id"] for s in table.view()["seats"]]
    start = table.view()["version"]
    acknowledged, refused, errors = [], [], []
    barrier = threading.Barrier(len(screens))

    def tap(n, screen, taps=14):
        role = "seat" if screen.view()["seat"] else "board"
        seen = screen.view()["version"]   # never refreshed
        # Each device its own mix, so the sums cannot come out right by accident.
        moves = [("count", {"counter_index": 0, "delta": 1}), ("count", {"counter_index": 1, "delta": 1 + n % 4}),
                 ("score", {"entrant": str(seat_ids[n % len(seat_ids)]), "delta": 1 + n % 5}),
                 ("score", {"entrant": str(seat_ids[(n * 7) % len(seat_ids)]), "delta": 2})]
        barrier.wait()
        for i in range(taps):  # bounded
            move, fields = moves[(i + n) % len(moves)]
            r = screen.client.post(f"/t/{table.code}/act/{move}", headers=JSON,
                                   data={"version": seen, "as": role, **fields})
            if r.status_code == 200:
                acknowledged.append((move, fields))
            elif r.status_code == 409:
                refused.append(r.json)
            else:
                errors.append((r.status_code, r.data))

    threads = [threading.Thread(target=tap, args=(n, s)) for n, s in enumerate(screens)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(90)
    assert errors == [] and refused == []
    assert len(acknowledged) == 20 * 14
    final = table.view()
    for index in (0, 1):
        assert final["counters"][index]["value"] == sum(
            f["delta"] for m, f in acknowledged if m == "count" and f["counter_index"] == index)
    for row in final["track"]["rows"]:
        assert row["score"] == sum(f["delta"] for m, f in acknowledged if m == "score" and f["entrant"] == row["key"])
    assert final["version"] == start + len(acknowledged)
