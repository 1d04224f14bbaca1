"""After a change, a table's event streams share one store read and one rendering of each distinct
game section (companion/tables.py shared_snapshot, companion/web/sections.py), and still each carry
their own viewer's view. Both backends. (That no payload carries another viewer's secret is
tests/web/test_event_payload_secrecy.py, which goes through the same sharing.)"""
from __future__ import annotations

import pytest

from companion.web.sections import reads_viewer

from tests.web.test_event_payload_secrecy import own_view, same_html, stream_payload

pytestmark = pytest.mark.both_backends


class CountingReads:
    """Counts the store's read transactions while installed."""

    def __init__(self, store, monkeypatch):
        self.count = 0
        real = store.read

        def read():
            self.count += 1
            return real()
        monkeypatch.setattr(store, "read", read)


def test_six_phones_and_a_board_share_one_read_and_five_renderings(app, new_table, device, monkeypatch):
    board = new_table("toolbox", parts=["dice", "counters", "rounds"], counters="Lives: 2")
    phones = [device(board).join(name) for name in ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")]
    phones[0].act("count", counter_index=0, delta=1)
    renderings = app.extensions["sections"]
    store = app.extensions["companion"].store
    version = board.view()["version"]
    before = renderings.rendered
    reads = CountingReads(store, monkeypatch)
    # a shared read serves for 2 s: a slow machine must not make this test read twice
    tables = app.extensions["companion"]
    monkeypatch.setattr(tables, "clock", lambda now=tables.clock(): now)
    payloads = [stream_payload(p, board.code, "seat") for p in phones]
    board_payload = stream_payload(board, board.code, "board")
    monkeypatch.undo()
    # each stream asks the store for the version once; the snapshot itself is one shared read
    assert reads.count == len(phones) + 1 + 1
    # the seats' section once and their frame twice (Ann may undo her move, the other five may not),
    # the board's section and frame once: five renderings for seven views
    assert renderings.rendered - before == 5
    assert {v for v, _ in payloads} == {version} and board_payload[0] == version
    for phone, (_, html) in zip(phones, payloads):
        assert same_html(html, own_view(phone, board.code, "seat"))
    # Ann made the move, so only her view offers to undo it: the part around the section is hers
    assert sum("Undo" in html for _, html in payloads) == 1


def test_a_new_version_is_read_and_rendered_again(app, new_table, device):
    board = new_table("toolbox", parts=["counters"], counters="Lives: 2")
    ann = device(board).join("Ann")
    _, first = stream_payload(ann, board.code, "seat")
    ann.act("count", counter_index=0, delta=1)
    version, second = stream_payload(ann, board.code, "seat")
    assert f'data-version="{version}"' in second and first != second
    assert "Lives" in second and ">3<" in second.replace(" ", "")


def test_games_whose_sections_read_the_viewer_are_rendered_per_viewer(app):
    with app.app_context():
        # CommuniCat's and Cloaked Cats' seat pages name the seat's own secret (the cover's memory key)
        assert reads_viewer("communicat") and reads_viewer("cloaked-cats")
        assert not reads_viewer("toolbox")
