"""The benchmarks and probes in bench/ still run against the code they measure: each wraps or calls
the app's own functions (sections.section_html, Deliveries.deliver...), and a signature that moves
under one breaks it silently until someone needs its figures (the loop probe died on a 500 for two
rounds). Each is run briefly here and its output read; no figure is judged, only that it is made."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, env: dict | None = None, timeout: int = 180) -> str:
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def last_json(out: str) -> dict:
    return json.loads(out[out.index("{"):])


def test_render_cpu_times_each_section_and_frame():
    result = last_json(run("bench/render_cpu.py", "--repeat", "5", "--rounds", "1"))
    for piece in ("section_seat_us", "section_board_us", "frame_seat_us", "frame_board_us"):
        assert result[piece] > 0, piece


def test_stream_cpu_delivers_every_view_and_answers_taps_204():
    result = last_json(run("bench/stream_cpu.py", "--actions", "20", "--pushed", "--htmx-taps"))
    assert result["views_delivered"] == 20 * 7 and result["tap_answers"] == {"204": 20}


def test_stream_cpu_taps_over_the_pages_socket_as_a_page_does():
    """--socket-taps: each roll is a message answered by the tap socket's own code (204: the board's
    pushed stream carried the view); without pushed streams the answer is the board's view."""
    pushed = last_json(run("bench/stream_cpu.py", "--actions", "20", "--pushed", "--socket-taps"))
    assert pushed["views_delivered"] == 20 * 7 and pushed["tap_answers"] == {"204": 20}
    assert pushed["taps_answered_with"].startswith("over its page's tap socket")
    polled = last_json(run("bench/stream_cpu.py", "--actions", "20", "--socket-taps"))
    assert polled["views_delivered"] == 20 * 7 and polled["tap_answers"] == {"200": 20}


def test_stream_cpu_plays_cloaked_cats_with_a_view_of_its_own_for_every_player():
    """--game cloaked-cats: the players tap in turn (no refusal), and each change makes an event for
    each of the seven streams (a seat's section reads who it is: Game.sections_read_viewer)."""
    result = last_json(run("bench/stream_cpu.py", "--actions", "30", "--pushed", "--game", "cloaked-cats"))
    assert result["views_delivered"] == 30 * 7 and result["tap_answers"] == {"200": 30}
    assert result["events_made_per_action"] == 7


def test_first_taps_renders_no_frame_at_a_tables_first_tap():
    """bench/first_taps.py: each round taps every table once; a first tap renders no frame again (the
    undo it brings is a part of its own), and every tap makes the board's and the seats' events."""
    rounds = last_json(run("bench/first_taps.py", "--tables", "3", "--rounds", "2"))["rounds"]
    assert [r["tap"] for r in rounds] == [1, 2]
    assert all(r["renderings_per_tap"] == 0 and r["events_made_per_tap"] == 2 and r["cpu_ms_per_tap"] > 0
               for r in rounds)


def test_the_loop_probe_logs_each_delivery_of_a_live_server(tmp_path):
    log = tmp_path / "loop"
    out = run("bench/deliveries.py", "--taps", "40", "--runs", "1", "--ways", "table",
              env={"LOOP_PROBE_LOG": str(log), "PYTHONPATH": str(ROOT / "bench" / "loop_probe")})
    assert last_json(out)["median"]["table"] > 0
    [written] = tmp_path.glob("loop.*")
    deliveries = [line for line in written.read_text().splitlines() if line.startswith("delivery ")]
    assert len(deliveries) >= 40
    assert "deliveries" in run("bench/loop_probe/summary.py", str(written))


def test_deliveries_taps_over_the_board_pages_socket():
    result = last_json(run("bench/deliveries.py", "--taps", "100", "--runs", "1", "--ways", "table", "--socket"))
    assert result["tapped"] == "over the board page's tap socket" and result["median"]["table"] > 0


def test_deliveries_floor_takes_taps_over_a_socket():
    """floor-socket: the bare server answers rolls over the app's WebSocket and pushes every stream
    its event (deliveries.py waits for each stream to have each roll's, or fails)."""
    result = last_json(run("bench/deliveries.py", "--taps", "100", "--runs", "1", "--ways", "floor-socket"))
    assert result["median"]["floor-socket"] > 0


def test_checkpoints_compares_sqlites_own_with_the_thread():
    rows = [json.loads(line) for line in run("bench/checkpoints.py", "--taps", "300", "--runs", "1").splitlines()]
    assert [row["way"] for row in rows] == ["sqlite", "thread"]
    # 300 tables made and 300 rolls: 600 commits, a checkpoint every 200 in the thread, none else
    assert rows[0]["checkpoints_in_a_thread"] == 0 and rows[1]["checkpoints_in_a_thread"] == 3


def test_idle_sockets_weighs_open_sockets_and_finds_them_all_still_open_after_a_keep_alive():
    result = last_json(run("bench/idle_sockets.py", "--sockets", "20", "--seconds", "1"))
    assert result["sockets"] == 20 and result["server_cpu_percent_of_one_core_at_rest"] >= 0
    assert result["sockets_closed_by_the_server"] == 0
    # about 23 s after they opened, each socket has had its first keep-alive (due after 12-15 s)
    assert result["keep_alives_received_per_socket"] >= 1


def test_live_plays_cloaked_cats_each_tap_from_the_screen_whose_turn_it_is():
    """bench/live.py --game cloaked-cats: every tap comes from the phone whose turn it is (or the
    board's rematch), none is refused, and every screen gets a view of its own for each."""
    result = last_json(run("bench/live.py", "--tables", "2", "--devices", "6", "--actions", "12", "--pause", "0.05",
                           "--game", "cloaked-cats"))
    assert result["failed"] == 0 and result["measured"] == 24 and result["views_delivered_per_action"] == 7
    assert sum(result["tap_answers"].values()) == 24 and set(result["tap_answers"]) <= {"200", "204"}


def test_live_plays_cloaked_cats_on_two_processes_serving_one_file():
    """bench/live.py --game cloaked-cats --one-file --by-table: each table on one of two processes
    serving one SQLite file, every tap from the phone whose turn it is, each screen its own view."""
    result = last_json(run("bench/live.py", "--tables", "2", "--devices", "6", "--actions", "12", "--pause", "0.05",
                           "--game", "cloaked-cats", "--one-file", "--by-table"))
    assert result["failed"] == 0 and result["measured"] == 24 and result["views_delivered_per_action"] == 7
    assert result["setup"] == "two app processes on one SQLite file, routed by table"


def test_live_holds_every_pages_tap_socket_and_stream_at_a_toolbox_table():
    """bench/live.py's default workload: every screen of every table holds its stream and its page's
    tap socket (the board's carries its rolls, the phones' stay open), as pages do."""
    result = last_json(run("bench/live.py", "--tables", "2", "--devices", "3", "--actions", "3", "--pause", "0.05"))
    assert result["failed"] == 0 and result["streams_held"] == 2 * 4 and result["tap_sockets_held"] == 2 * 4


def test_live_refetch_has_every_screen_fetch_its_own_view_as_its_page_does():
    """bench/live.py --refetch (the old delivery): the streams say only the version and every screen
    re-fetches its view from the address its page names, the board as the board (`as=board` with the
    host's cookie; it once asked `as=seat` and every one of its fetches was refused 403), so every
    tap is measured and each brings one fetched view to each of the table's four screens."""
    result = last_json(run("bench/live.py", "--tables", "2", "--devices", "3", "--actions", "3", "--pause", "0.05",
                           "--refetch"))
    assert result["failed"] == 0 and result["failures"] == {} and result["measured"] == 2 * 3
    assert result["views_in_events"] == 0 and result["view_fetches"] == result["views_delivered"] == 2 * 3 * 4
    assert result["views_delivered_per_action"] == 4
