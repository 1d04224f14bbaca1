"""bench/versus.py --pin: the load on one core, each server process on a core of its own (two of ours
with --one-file or --by-table), so a machine with the cores measures two processes apart from the
load that drives them."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import versus  # noqa: E402


def test_pin_gives_the_load_the_first_core_and_each_server_process_one_after_it():
    assert versus.pinned_cores([0, 1], 1) == (0, [1])
    assert versus.pinned_cores([2, 5, 7, 9], 2) == (2, [5, 7])
    with pytest.raises(SystemExit, match="one for each of the 2 server process"):
        versus.pinned_cores([0, 1], 2)   # two processes of ours on a two-core machine would share a core


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2,
                    reason="needs two cores and Linux's affinity calls")
def test_each_server_process_started_under_a_run_is_held_to_its_own_core():
    cores = sorted(os.sched_getaffinity(0))[:2]
    # A run's tree: a process that starts two "servers" (their command lines name app.py) and a
    # load. Not a shell: a child forked before its exec has its parent's command line, and the
    # parent's must not name app.py itself (so it is spelt in two pieces here).
    parent = ("import subprocess, sys; sleep = 'import time; time.sleep(10)'; "
              "kids = [subprocess.Popen([sys.executable, '-c', sleep, name]) "
              "for name in ('app' + '.py', 'app' + '.py', 'load')]; "
              "[kid.wait() for kid in kids]")
    run = subprocess.Popen([sys.executable, "-c", parent])
    done = threading.Event()
    holder = threading.Thread(target=versus.hold_servers, args=(run.pid, cores, done), daemon=True)
    try:
        holder.start()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            found = {pid: os.sched_getaffinity(pid) for pid in versus.descendants(run.pid)
                     if b"app.py" in open(f"/proc/{pid}/cmdline", "rb").read()}
            if len(found) == 2 and sorted(map(tuple, found.values())) == [(cores[0],), (cores[1],)]:
                break
            time.sleep(0.1)
        assert sorted(map(tuple, found.values())) == [(cores[0],), (cores[1],)]
        load = [pid for pid in versus.descendants(run.pid) if b"load" in open(f"/proc/{pid}/cmdline", "rb").read()]
        assert load and all(os.sched_getaffinity(pid) == set(os.sched_getaffinity(0)) for pid in load)
    finally:
        done.set()
        holder.join()
        for pid in versus.descendants(run.pid):
            try:
                os.kill(pid, 15)
            except OSError:
                pass
        run.kill()
        run.wait()
