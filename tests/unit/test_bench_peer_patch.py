"""The one change the project makes to its copy of the peer's harness (bench/peer-open-loop.patch):
bench/versus.py's peer_bench applies it to a fresh copy, and only once."""
from __future__ import annotations

import shutil

import pytest

from bench.versus import OPEN_LOOP_PATCH, SHARED, peer_bench

pytestmark = pytest.mark.skipif(not (SHARED / "load.js").is_file() or shutil.which("git") is None,
                                reason="the peer's harness (../shared/peer-bench) or git is not on this machine")


def test_the_open_loop_is_added_to_a_copy_of_the_harness_once(tmp_path):
    harness = tmp_path / "peer-bench"
    harness.mkdir()
    shutil.copy(SHARED / "load.js", harness / "load.js")
    (harness / "node_modules").mkdir()   # as if installed: the copy and `npm ci` are skipped
    original = (harness / "load.js").read_text()
    assert "--open-loop" not in original

    peer_bench(harness)
    patched = (harness / "load.js").read_text()
    assert "const OPEN_LOOP = process.argv.includes('--open-loop');" in patched
    assert "tables.map(OPEN_LOOP ? driveOpen : drive)" in patched

    peer_bench(harness)   # a copy that has it is left as it is
    assert (harness / "load.js").read_text() == patched
    assert OPEN_LOOP_PATCH.is_file()
