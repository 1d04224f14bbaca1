"""After a change, a table's event streams share one store read and one rendering of each distinct
game section (companion/engine/snapshots.py shared_look, companion/web/sections.py), and still each carry
their own viewer's view. Both backends. (That no payload carries another viewer's secret is
tests/web/test_event_payload_secrecy.py, which goes through the same sharing.)"""
from __future__ import annotations

import dataclasses
import inspect
import re
from types import SimpleNamespace

import pytest
from hypothesis import given, strategies as st
from markupsafe import Markup

from companion import games
from companion.engine import Credentials
from companion.engine.snapshots import read_to_share
from companion.web import events as events_module
from companion.web.events import ViewEvents, changed_event_of_data
from companion.web.frame import FRAME_TEMPLATE, FrameInputs, FrameSnap, ViewerFlags, frame_inputs, frame_values
from companion.web.renderings import HASHED_KEY_BYTES, KEY_BYTES_KEPT_WHOLE, digest, written_by_fields
from companion.web.marks import NOW_MARK, PLAYED_MARK, SECTION_MARK, VERSION_MARK, fill_in, fill_in_data, frame_cut
from companion.web.sections import LAID_OUT_IN_PYTHON, SectionInputs, SectionSnap, ViewContext

from tests.conftest import HTMX
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


def open_stream(who, code: str, role: str, seen: int):
    """A stream opened as `role` by a device whose page shows version `seen` (nothing to catch up)."""
    r = who.client.get(f"/t/{code}/events?as={role}", headers={"Last-Event-ID": str(seen)}, buffered=False)
    assert r.status_code == 200
    chunks = iter(r.response)
    assert next(chunks) == b": ok\n\n"
    return r, chunks


def next_payload(chunks) -> tuple[int, str]:
    event = next(chunks).decode()
    data = "\n".join(line[len("data: "):] for line in event.split("\n") if line.startswith("data: "))
    version, _, html = data.partition("\n")
    return int(version), html


def test_six_phones_and_a_board_share_one_read_two_frames_and_three_events(app, new_table, device, monkeypatch):
    board = new_table("toolbox", parts=["dice", "counters", "rounds"], counters="Lives: 2")
    phones = [device(board).join(name) for name in ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")]
    seen = board.view()["version"]
    tables = app.extensions["companion"]
    opening = CountingReads(tables.store, monkeypatch)
    streams = [open_stream(p, board.code, "seat", seen) for p in phones] + [open_stream(board, board.code, "board", seen)]
    # each stream looks its table's version up, and the first keeps a read of the table for all (keep_read)
    assert opening.count == 7 + 1
    monkeypatch.undo()
    phones[0].act("count", counter_index=0, delta=1)
    version = board.view()["version"]
    renderings, events = app.extensions["sections"], app.extensions["view_events"]
    before, made, shared = renderings.rendered, events.made, events.shared
    reads = CountingReads(tables.store, monkeypatch)
    # a shared read serves for 2 s: a slow machine must not make this test read twice
    monkeypatch.setattr(tables, "clock", lambda now=tables.clock(): now)
    payloads = [next_payload(chunks) for _, chunks in streams]
    monkeypatch.undo()
    for response, _ in streams:
        response.close()
    assert reads.count == 0  # the read after the move, made from the one kept and what the move wrote
    # the seats' frame once and the board's once: two renderings for seven views. Ann may undo her
    # move and the other five may not, but the undo is a part of its own (sections.played_html).
    # The Toolbox's sections are no renderings of their own either: they are laid out from their
    # parts (web/toolbox_section.py; test_a_roll_renders_only_the_parts_it_changed)
    assert renderings.rendered - before == 2
    # and three events made (Ann's, the other five phones' and the board's), the rest shared as bytes
    assert (events.made - made, events.shared - shared) == (3, 4)
    assert len({html for _, html in payloads[1:-1]}) == 1
    assert {v for v, _ in payloads} == {version}
    for phone, (_, html) in zip(phones, payloads):
        assert same_html(html, own_view(phone, board.code, "seat"))
    assert same_html(payloads[-1][1], own_view(board, board.code, "board"))
    # Ann made the move, so only her view offers to undo it: the part around the section is hers
    assert sum("Undo" in html for _, html in payloads[:-1]) == 1


def test_a_move_by_someone_else_renders_no_frame_again_and_moves_the_undo_to_them(app, new_table, device):
    """The undo names the last move and who made it, and only they may take it back: it is a part
    of its own, so a move by another seat renders no frame again, and each screen's undo is its own."""
    board = new_table("toolbox", parts=["counters"], counters="Lives: 2")
    ann, bob = device(board).join("Ann"), device(board).join("Bob")
    ann.act("count", counter_index=0, delta=1)
    views = {who: who.client.get(f"/t/{board.code}/view?as={role}").get_data(as_text=True)
             for who, role in ((ann, "seat"), (bob, "seat"), (board, "board"))}
    assert "undo-button" in views[ann] and "undo-button" not in views[bob]
    renderings = app.extensions["sections"]
    before = renderings.rendered
    bob.act("count", counter_index=0, delta=1)
    views = {who: who.client.get(f"/t/{board.code}/view?as={role}").get_data(as_text=True)
             for who, role in ((ann, "seat"), (bob, "seat"), (board, "board"))}
    assert renderings.rendered == before   # neither the seats' frame nor the board's
    assert "undo-button" in views[bob] and "undo-button" not in views[ann]
    assert "(Bob)" in views[board] and "(Ann)" not in views[board]   # the board names who moved
    for html in views.values():
        assert "<!--@" not in html   # every mark filled in


def test_a_taps_answer_and_its_screens_event_are_one_view_made_once(app, new_table, device, monkeypatch):
    """The tapping screen's htmx answer is the view its own stream's event carries: made once for
    both (ViewEvents), for the board and for a seat, and still each screen's own."""
    board = new_table("toolbox", parts=["dice"])
    ann, bob = device(board).join("Ann"), device(board).join("Bob")
    seen = board.view()["version"]
    screens = [(board, "board"), (ann, "seat"), (bob, "seat")]
    events = app.extensions["view_events"]
    tables = app.extensions["companion"]
    for tapper, role in screens[:2]:
        streams = [open_stream(who, board.code, as_, seen) for who, as_ in screens]
        made, shared = events.made, events.shared
        monkeypatch.setattr(tables, "clock", lambda now=tables.clock(): now)   # one shared read, however slow
        answer = tapper.post("act/roll", as_=role, version=seen, headers=HTMX)
        assert answer.status_code == 200
        payloads = [next_payload(chunks) for _, chunks in streams]
        monkeypatch.undo()
        for response, _ in streams:
            response.close()
        seen = payloads[0][0]
        mine = payloads[[who for who, _ in screens].index(tapper)][1]
        assert answer.get_data(as_text=True) == mine
        # the board's view and the seats' (Ann's apart after her own roll: only she may undo it)
        assert events.made - made == (2 if role == "board" else 3)
        assert events.made - made + events.shared - shared == 1 + len(screens)
        for (who, as_), (_, html) in zip(screens, payloads):
            assert same_html(html, own_view(who, board.code, as_))


def test_a_stream_catching_up_reads_the_table_afresh(app, new_table, device, monkeypatch):
    """A shared read may be up to 2 s old, and a page sets its clock by its view's time: a stream
    that opens behind gets a view read and timed now."""
    board = new_table("toolbox", parts=["timers"], timers="Sand: 60")
    ann = device(board).join("Ann")
    tables = app.extensions["companion"]
    tables.shared_snapshot(board.code, Credentials())  # a shared read of this version is kept
    reads = CountingReads(tables.store, monkeypatch)
    version, html = stream_payload(ann, board.code, "seat")
    assert reads.count == 2  # the stream's version, then its own read (not the shared one kept)
    assert f'data-version="{version}"' in html


def test_a_new_version_is_read_and_rendered_again(app, new_table, device):
    board = new_table("toolbox", parts=["counters"], counters="Lives: 2")
    ann = device(board).join("Ann")
    _, first = stream_payload(ann, board.code, "seat")
    ann.act("count", counter_index=0, delta=1)
    version, second = stream_payload(ann, board.code, "seat")
    assert f'data-version="{version}"' in second and first != second
    assert "Lives" in second and ">3<" in second.replace(" ", "")


def test_games_whose_templates_read_the_viewer_declare_it(app):
    """A game's section gets the viewer only when its registry entry says its templates read it; a
    template reading `snap.viewer` in a game that does not declare it would find None there (never
    someone else's seat), and this test says which game forgot. A section laid out in Python
    (sections.LAID_OUT_IN_PYTHON) is read in its module's source."""
    with app.app_context():
        loader = app.jinja_env.loader
        for entry in games.catalogue():
            names = [n for n in loader.list_templates() if n.startswith(f"games/{entry.id}/")]
            sources = [loader.get_source(app.jinja_env, n)[0] for n in names]
            if entry.id in LAID_OUT_IN_PYTHON:
                sources.append(inspect.getsource(inspect.getmodule(LAID_OUT_IN_PYTHON[entry.id])))
            reads = any("snap.viewer" in source for source in sources)
            assert reads == entry.game.sections_read_viewer, entry.id
        assert games.get("communicat").sections_read_viewer and not games.get("toolbox").sections_read_viewer


def test_a_rendering_key_is_made_of_every_input_field():
    """Each field of a section's inputs (and of the snap inside) changes the key: none is left out,
    and none needs listing anywhere."""
    base = SectionInputs("toolbox", "seat", "ABCDEF", "en", SectionSnap(3, 1, (), None), {"dice": [1]})
    changed = {"game_id": "catchy", "role": "board", "code": "BCDEFG", "language": "de",
               "snap": SectionSnap(4, 1, (), None), "view": {"dice": [2]}}
    assert set(changed) == {f.name for f in dataclasses.fields(SectionInputs)}
    for name, value in changed.items():
        assert digest(dataclasses.replace(base, **{name: value})) != digest(base), name
    snap_changed = {"version": 4, "game_number": 2, "seats": (games.base.Seat(1, "Ann"),), "viewer": None}
    for name, value in snap_changed.items():
        if value != getattr(base.snap, name):
            assert digest(dataclasses.replace(base, snap=dataclasses.replace(base.snap, **{name: value}))) != digest(base)
    assert {f.name for f in dataclasses.fields(FrameInputs)} >= {"snap", "section", "join_url", "language"}


def test_a_frame_is_made_from_its_key_alone_and_every_value_of_it_reaches_the_frame():
    """A frame's key is its plain values (frame.frame_values) and its inputs are made from them alone
    (frame_inputs): the seats come back whole, each value changes the key, and every field the
    frame's template reads (but the marks filled in afterwards) comes from one of them."""
    seats = [games.base.Seat(1, "Ann"), games.base.Seat(2, "Bo")]
    facts = SimpleNamespace(is_host=False, is_board=False, seated=True)
    snap = SimpleNamespace(game=games.get("toolbox"), code="ABCDEF", view={}, seats=seats, game_number=1,
                           facts=facts, claims=[], result=None)
    values = frame_values(snap, "board", "http://x/t/ABCDEF/join", "en")
    inputs = frame_inputs(values)
    assert inputs == FrameInputs("toolbox", "board", "ABCDEF", "en", "http://x/t/ABCDEF/join", True,
                                 FrameSnap(VERSION_MARK, 1, NOW_MARK, tuple(seats), ViewerFlags(False, False, True),
                                           [], None), SECTION_MARK, PLAYED_MARK)
    others = ("catchy", "seat", "BCDEFG", "de", "http://y/t/ABCDEF/join", False, 2, ((1, "Ann"), (3, "Bo")),
              True, True, False, [{"seat": 1}], {})
    assert len(others) == len(values)
    reached = set()
    for place, other in enumerate(others):
        changed = values[:place] + (other,) + values[place + 1:]
        assert digest((FRAME_TEMPLATE, changed)) != digest((FRAME_TEMPLATE, values)), place
        made = frame_inputs(changed)
        reached |= {name for name in ("game_id", "role", "code", "language", "join_url", "under_way")
                    if getattr(made, name) != getattr(inputs, name)}
        reached |= {"snap." + name for name in ("game_number", "seats", "claims", "result")
                    if getattr(made.snap, name) != getattr(inputs.snap, name)}
        reached |= {"viewer." + name for name in ("is_host", "is_board", "seated")
                    if getattr(made.snap.viewer, name) != getattr(inputs.snap.viewer, name)}
    marks = {"section", "played", "snap.version", "snap.now"}   # the same for every frame: filled in afterwards
    every = ({f.name for f in dataclasses.fields(FrameInputs)} - {"snap"}
             | {"snap." + f.name for f in dataclasses.fields(FrameSnap)} - {"snap.viewer"}
             | {"viewer." + f.name for f in dataclasses.fields(ViewerFlags)})
    assert reached == every - marks
    # And each of these snapshot's fields reaches the values.
    for name, other in {"game": games.get("catchy"), "code": "BCDEFG", "seats": seats[:1], "game_number": 2,
                        "claims": [{"seat": 1}], "result": {}, "view": {"phase": "lobby"}}.items():
        assert frame_values(SimpleNamespace(**{**vars(snap), name: other}), "board", "http://x/t/ABCDEF/join",
                            "en") != values, name
    for name in ("is_host", "is_board", "seated"):
        flags = SimpleNamespace(**{**vars(facts), name: not getattr(facts, name)})
        assert frame_values(SimpleNamespace(**{**vars(snap), "facts": flags}), "board", "http://x/t/ABCDEF/join",
                            "en") != values, name


@dataclasses.dataclass(frozen=True)
class OneField:
    value: object


written_by_fields(OneField)


def test_a_key_tells_apart_what_pickle_tells_apart():
    """Written by its fields, a class of one field still tells a value from a tuple of it; a Markup
    is not a str of the same text; 1, 1.0 and True differ. A short key is its own bytes, a long one a
    hash of them, and the two lengths never meet."""
    assert digest(OneField((1,))) != digest(OneField(1))
    assert digest(OneField(Markup("<b>"))) != digest(OneField("<b>"))
    assert len({digest(OneField(1)), digest(OneField(1.0)), digest(OneField(True))}) == 3
    short, long = digest(OneField("x")), digest(OneField("x" * KEY_BYTES_KEPT_WHOLE))
    assert HASHED_KEY_BYTES < len(short) <= KEY_BYTES_KEPT_WHOLE and len(long) == HASHED_KEY_BYTES
    assert digest(OneField("y" * KEY_BYTES_KEPT_WHOLE)) != long


@dataclasses.dataclass(frozen=True)
class WithTimerStyle(SectionInputs):
    """An inputs class as the next engineer would extend it (at a module's top level, as every class
    a key is made of: the digest writes a class by its importable name)."""
    timer_style: str = "digits"


def test_a_field_added_to_the_inputs_is_in_the_key_without_touching_a_list():
    """The next engineer adds what a template reads to the inputs class: the cache follows."""
    base = WithTimerStyle("toolbox", "seat", "ABCDEF", "en", SectionSnap(3, 1, (), None), {})
    assert digest(base) != digest(dataclasses.replace(base, timer_style="hourglass"))
    assert digest(base) == digest(dataclasses.replace(base))


# Pack the Essentials' templates do not read the viewer: its seats share a section exactly when their
# views are equal, and whose turn it is differs by seat
@pytest.mark.parametrize("game", ["communicat", "cloaked-cats", "pack-the-essentials"])
def test_after_a_change_every_stream_carries_its_own_view_and_no_one_elses_secret(
        app, new_table, device, board_screen, game):
    """The secrecy of event payloads (tests/web/test_event_payload_secrecy.py) on the shared path:
    streams open before a change, so their views come from one shared read and shared renderings."""
    board = new_table(game)
    phones = {name: device(board).join(name) for name in ("Ann", "Bob", "Cy")}
    if game == "communicat":
        board.act("new_needs")
    viewers = [("host board", board, "board"), ("paired board", board_screen(board), "board"),
               ("watcher", device(board), "board")]
    viewers += [(name, phone, role) for name, phone in phones.items() for role in ("seat", "board")]
    seen = board.view()["version"]
    streams = [(name, who, role, open_stream(who, board.code, role, seen)) for name, who, role in viewers]
    if game == "communicat":
        board.act("show_need", confirm="1")
    else:
        board.act("start")
    if game == "pack-the-essentials":
        assert not games.get(game).sections_read_viewer
    payloads = {(name, role): next_payload(chunks)[1] for name, _, role, (_, chunks) in streams}
    for _, _, _, (response, _) in streams:
        response.close()
    for name, who, role, _ in streams:
        assert same_html(payloads[name, role], own_view(who, board.code, role)), f"{name} as {role}"
    if game == "communicat":
        # only the boards show the Need (the host asked them to), and the Cat's phone holds its own
        marked = {key for key, html in payloads.items() if "is-secret" in html or "cc-mark" in html}
        cats = [name for name, phone in phones.items() if "secret" in phone.view()]
        assert len(cats) == 1
        assert marked == {("host board", "board"), ("paired board", "board"), (cats[0], "seat")}
    elif game == "cloaked-cats":
        hands = {payloads[name, "seat"] for name in phones}
        assert len(hands) == 3  # each player's phone holds its own features
    else:
        assert len({payloads[name, "seat"] for name in phones}) > 1  # "your turn" on one phone


def as_read(read) -> dict:
    """A read's content. last_live_move's state is left out: the SQLite store reads it without
    (what an Undo button needs) and the Redis store with, and no snapshot reads it."""
    answers = {key: (dataclasses.replace(value, state_after=None) if key == ("last_live_move",) and value else value)
               for key, value in read._answers.items()}
    return {"row": read.row, "version": read.version, "state": read.state, "engine": read.engine,
            "game": read.game.id, "answers": answers}


def test_the_process_that_made_a_change_hands_its_streams_the_read_after_it(app, new_table, device, monkeypatch):
    """After a move made here, this process's streams are served a read made from what the move
    wrote (reading.SharedReads.hand_over), not from the store again; it is exactly the read a read
    transaction makes after the commit. A change that wrote more than its version and event (a
    seat joining) is read from the store as before, and so is any change where the store keeps fewer
    events than a view reads."""
    board = new_table("toolbox", parts=["dice", "track", "counters"], counters="Lives: 2")
    phones = [device(board).join(name) for name in ("Ann", "Bob")]
    tables = app.extensions["companion"]
    seen = board.view()["version"]
    streams = [open_stream(p, board.code, "seat", seen) for p in phones] + [open_stream(board, board.code, "board", seen)]
    phones[0].act("roll")   # the first change: the streams share a read of it (nothing kept before)
    for _, chunks in streams:
        next_payload(chunks)
    moves = [("count", {"counter_index": 0, "delta": 1}), ("roll", {}), ("score", {"entrant": "1", "delta": 2})]
    for move, fields in moves:
        (phones[1] if move == "score" else phones[0]).act(move, **fields)
        version = board.view()["version"]
        handed = tables.shared_reads.kept(board.code)
        assert handed.version == version, move   # kept before any stream asked
        assert as_read(handed) == as_read(read_to_share(tables, board.code)), move
        reads = CountingReads(tables.store, monkeypatch)
        payloads = [next_payload(chunks) for _, chunks in streams]
        monkeypatch.undo()
        assert reads.count == 0, move
        for phone, (v, html) in zip(phones, payloads):
            assert v == version and same_html(html, own_view(phone, board.code, "seat"))
        assert same_html(payloads[-1][1], own_view(board, board.code, "board"))
    # A store keeping fewer events than a view reads (Redis with a small HISTORY_PER_TABLE) drops
    # the oldest from the read: only a store read knows which, so the streams read the table.
    monkeypatch.setattr(tables.store, "events_kept", 10)
    phones[0].act("roll")
    monkeypatch.undo()
    assert tables.shared_reads.kept(board.code).version < board.view()["version"]
    for _, chunks in streams:
        next_payload(chunks)
    device(board).join("Cy")   # a new seat: not a plain change
    version = board.view()["version"]
    assert tables.shared_reads.kept(board.code).version < version
    reads = CountingReads(tables.store, monkeypatch)
    payloads = [next_payload(chunks) for _, chunks in streams]
    monkeypatch.undo()
    assert reads.count == 1 and {v for v, _ in payloads} == {version}
    assert "Cy" in payloads[-1][1]
    for response, _ in streams:
        response.close()


def test_a_read_handed_on_shows_the_notices_a_store_read_shows_until_the_last_leaves_their_window(
        app, new_table, device):
    """The notices (the table log every screen shows) of a read handed on after a plain change are
    those of a read transaction after the commit: carried on while no notice comes or goes, and
    made again when one leaves the window of events they are read from (NOTICES_READ)."""
    from companion.engine.reading import NOTICES_READ

    board = new_table("toolbox", parts=["dice"])
    ann = device(board).join("Ann")
    tables = app.extensions["companion"]
    streams = [open_stream(board, board.code, "board", board.view()["version"])]
    ann.act("roll")
    ann.act("roll")
    assert ann.post("undo", as_="seat").status_code == 200   # a notice: "Ann took back their own “roll”"
    next_payload(streams[0][1])
    shown, carried = [], []
    for _ in range(NOTICES_READ + 1):
        before = tables.shared_reads.kept(board.code)
        ann.act("roll")
        next_payload(streams[0][1])   # the stream's snapshot asked the read for its notices
        handed = tables.shared_reads.kept(board.code)
        assert handed.version == board.view()["version"]
        assert handed.notices() == read_to_share(tables, board.code).notices()
        shown.append(len(handed.notices()))
        carried.append(handed.notices() is before.notices())
    # The undo leaves the window with the roll that makes it NOTICES_READ events old: that read's
    # notices are made again (none left), every other one's carried on.
    gone = shown.index(0)
    assert shown == [1] * gone + [0] * (NOTICES_READ + 1 - gone) and 0 < gone < NOTICES_READ
    assert carried == [True] * gone + [False] + [True] * (NOTICES_READ - gone)
    streams[0][0].close()


def test_a_view_is_rendered_once_across_versions_and_filled_in_with_its_own(app, new_table, device):
    """The version and the clock are filled into a kept rendering (marks.fill_in), so a tap that
    changes only them renders nothing again; and a player's name cannot spell a mark, since what a
    player types is escaped before it reaches a template."""
    board = new_table("toolbox", parts=["timers"], timers="Sand: 60")
    mark = "<!--@version-->"
    sly = device(board).join(mark)
    renderings = app.extensions["sections"]
    first = sly.client.get(f"/t/{board.code}/view?as=seat").get_data(as_text=True)
    before, parts = renderings.rendered, renderings.parts_rendered
    again = sly.client.get(f"/t/{board.code}/view?as=seat").get_data(as_text=True)
    # same inputs, newer clock: nothing rendered, the section's parts no more than the frame
    assert renderings.rendered == before and renderings.parts_rendered == parts
    version = board.view()["version"]
    for html in (first, again):
        assert "<!--@" not in html   # every mark filled in
        assert f'name="version" value="{version}"' in html and f'data-version="{version}"' in html
    assert "&lt;!--@version--&gt;" in board.client.get(f"/t/{board.code}/view?as=board").get_data(as_text=True)


def filled_by_replacing(frame: str, section: str, played: str, version: int, now: float) -> str:
    """What fill_in gives, written as plainly as it can be: four replaces over the whole view."""
    whole = str(frame).replace(SECTION_MARK, section, 1).replace(PLAYED_MARK, played, 1)
    return whole.replace(VERSION_MARK, str(int(version))).replace(NOW_MARK, str(int(now * 1000)))


MARKS = [str(SECTION_MARK), str(PLAYED_MARK), str(VERSION_MARK), str(NOW_MARK)]
TEXTS = st.text(alphabet="<!-@>%s{}x\n", max_size=12)


def views_of(texts) -> dict:
    """Hypothesis's frames, sections and what was played, each marks and `texts` in any order; two
    versions to fill them at, and a clock."""
    return dict(frame=st.lists(st.one_of(st.sampled_from(MARKS), texts), max_size=12),
                section=st.lists(st.one_of(st.sampled_from(MARKS[2:]), texts), max_size=5),
                played=st.lists(st.one_of(st.sampled_from(MARKS[2:]), texts), max_size=3),
                versions=st.lists(st.integers(1, 10**6), min_size=2, max_size=2), now=st.floats(0, 2e9))


@given(**views_of(TEXTS))
def test_a_frame_is_filled_in_as_four_replaces_would_fill_it(frame, section, played, versions, now):
    """fill_in fills a frame from its pieces, cut once for each frame (marks.frame_cut): the
    same text as replacing each mark over the whole view, for marks anywhere in the frame, twice
    (then the first section's and log's marks only), or next to text that looks like one; and a
    frame filled again at another version is given that version, not the one it was cut at."""
    frame, section, played = Markup("".join(frame)), Markup("".join(section)), Markup("".join(played))
    for version in versions:
        filled = fill_in(frame, section, played, version, now)
        assert isinstance(filled, Markup)
        assert str(filled) == filled_by_replacing(frame, section, played, version, now)


DATA_TEXTS = st.text(alphabet="<!-@>x\n\r✗é", max_size=12)


@given(**views_of(DATA_TEXTS))
def test_a_views_event_data_made_from_the_frames_pieces_is_the_whole_views(frame, section, played, versions, now):
    """fill_in_data gives the event data of fill_in's view, each piece encoded apart (the frame's
    once): the same bytes as the whole view encoded and its lines prefixed (events.data_lines), for
    text of more than one byte a character and line ends anywhere; with a CR anywhere it gives
    nothing, and the caller makes the event from the whole view."""
    frame, section, played = Markup("".join(frame)), Markup("".join(section)), Markup("".join(played))
    for version in versions:
        data = fill_in_data(frame, section, played, version, now)
        whole = fill_in(frame, section, played, version, now)
        if "\r" in whole:
            assert data is None
        elif frame_cut(frame) is not None and not any("\r" in text for text in (frame, section, played)):
            assert data is not None
        if data is not None:
            assert changed_event_of_data(version, data) == events_module.changed_event(version, whole.encode())


def test_a_section_that_reads_its_viewer_is_made_each_time_and_not_kept(app, in_play):
    """A section template that reads who its viewer is (CommuniCat's seat: its secret's cover names
    the seat) is that viewer's own: it is made for each view and not kept, while its frame and the
    parts every screen shares are found."""
    board, phones = in_play("communicat")
    phone = next(iter(phones.values()))
    renderings = app.extensions["sections"]
    assert 'data-secret="need"' in phone.html("seat")
    before, size, parts = renderings.rendered, renderings.size, renderings.parts_rendered
    assert 'data-secret="need"' in phone.html("seat")
    assert renderings.rendered == before + 1   # the section again, not the frame
    assert renderings.size == size and renderings.parts_rendered == parts


def parts_made(renderings) -> list[str]:
    """The macros (or templates, or names of pieces laid out in Python) of the parts `renderings`
    makes from now on, each time one is made rather than found (each of a list's, Renderings.each);
    a part made inside another counts as its own."""
    made, inner = [], [0]

    def spied(method, name_of):
        def spy(*args, **values):
            inner.append(0)
            before = renderings.parts_rendered
            html = method(*args, **values)
            within = inner.pop()
            made.extend([name_of(args)] * (renderings.parts_rendered - before - within))   # each's: one per item made
            inner[-1] += renderings.parts_rendered - before
            return html
        return spy
    renderings.part = spied(renderings.part, lambda args: args[1] or args[0])
    renderings.laid_out = spied(renderings.laid_out, lambda args: args[0])
    renderings.each = spied(renderings.each, lambda args: args[1] or args[0])
    return made


def test_cloaked_cats_sections_are_their_parts_found_and_a_change_makes_each_part_it_touched_once(app, in_play):
    """Cloaked Cats' sections are laid out in Python from parts (web/cloaked_cats_section.py): a
    phone's view again makes nothing, not even its section; after a move, each shared part it
    touched is made once for all the screens, and no seat's secret block is made again."""
    board, phones = in_play("cloaked-cats")
    renderings = app.extensions["sections"]
    for phone in phones.values():
        assert 'data-secret="features"' in phone.html("seat")
    board.html()
    made = parts_made(renderings)
    sections = renderings.rendered
    phone = next(iter(phones.values()))
    assert 'data-secret="features"' in phone.html("seat")
    assert (renderings.rendered, made) == (sections, [])
    view = board.view()
    mover = next(p for p in phones.values() if p.view()["seat"] == view["turn"]["seat"])
    mover.act("play_cat", features=["strutting_beauty", "fish_cocktail", "black_coat"])
    first = {name: p.html("seat") for name, p in phones.items()}
    again = {name: p.html("seat") for name, p in phones.items()}
    assert again == first and renderings.rendered == sections   # no template run: the frame is unchanged
    for shared in ("status_line", "cc players", "floor", "dance_floor", "cc dance floor", "cat_card", "cc events",
                   "event_line"):
        assert made.count(shared) == 1, (shared, made)   # the players' list too: each phone puts its "(you)" in
    assert made.count("turn") == 1 and "mine" not in made
    for name, html in first.items():
        assert html.count("(you)") == 1 and "<!--@you" not in html
        assert re.search(rf'<strong class="cc-name">{name}</strong> <small>\(you\)</small>', html), name


def test_cloaked_cats_phones_share_one_view_made_from_no_seats_own_part_and_each_is_given_its_own_blocks(
        app, in_play, monkeypatch):
    """After a move at Cloaked Cats, the phones' events are one view they share (sections.OWN_BLOCKS),
    made once for phones whose facts differ only by who they are and whether they may undo, from no
    seat's own part, with each phone's own blocks put in: its secret, its turn, "(you)", its undo.
    Each event is still its phone's own view."""
    board, phones = in_play("cloaked-cats")
    view = board.view()
    mover = next(name for name, p in phones.items() if p.view()["seat"] == view["turn"]["seat"])
    phones[mover].act("play_cat", features=["strutting_beauty", "fish_cocktail", "black_coat"])
    seen = board.view()["version"]
    streams = {name: open_stream(p, board.code, "seat", seen) for name, p in phones.items()}
    shared_made, own_made = [], []
    real_shared, real_own = events_module.shared_view, events_module.own_blocks

    def shared_view(snap, role, *args):
        html = real_shared(snap, role, *args)
        shared_made.append(html)
        return html

    def own_blocks(snap, role, *args):
        own_made.append(snap.viewer.seat.name)
        return real_own(snap, role, *args)
    monkeypatch.setattr(events_module, "shared_view", shared_view)
    monkeypatch.setattr(events_module, "own_blocks", own_blocks)
    tables = app.extensions["companion"]
    monkeypatch.setattr(tables, "clock", lambda now=tables.clock(): now)   # one shared read, however slow
    phones[mover].act("end_turn")
    payloads = {name: next_payload(chunks)[1] for name, (_, chunks) in streams.items()}
    monkeypatch.undo()
    for response, _ in streams.values():
        response.close()
    # one view for all of them, though only the mover may undo the move: the undo is an own block
    assert len(shared_made) == 1 and sorted(own_made) == sorted(phones)
    for html in shared_made:
        assert 'data-secret="features"' not in html and "(you)" not in html   # no seat's own block in it
        assert "undo-button" not in html and "/act/play_cat" not in html
    for name, html in payloads.items():
        assert same_html(html, own_view(phones[name], board.code, "seat")), name
        assert html.count('data-secret="features"') == 1 and html.count("(you)") == 1 and "<!--@" not in html
    assert [name for name, html in payloads.items() if "undo-button" in html] == [mover]
    next_up = [name for name, html in payloads.items() if "/act/play_cat" in html]   # whose turn it is now
    assert len(next_up) == 1 and next_up != [mover]


def test_renderings_are_kept_up_to_a_size_in_characters_least_recently_used_first():
    """The size counts each rendering's characters and its key's bytes (a key may be 512 bytes)."""
    from markupsafe import Markup
    from companion.web.renderings import Renderings
    kept = Renderings(12)
    kept.put(b"a", Markup("aaaa"))
    kept.put(b"b", Markup("bbbb"))
    assert kept.size == 10
    assert kept.get(b"a") == "aaaa"          # a is now the more recently used
    kept.put(b"c", Markup("cccc"))           # 15: b goes
    assert kept.get(b"b") is None and kept.get(b"a") and kept.get(b"c")
    assert kept.size == 10
    kept.put(b"c", Markup("cc"))             # the same key again counts once
    assert kept.size == 8
    kept.put(b"big", Markup("x" * 9))        # 3 + 9, with the rest more than the whole allowance
    assert kept.get(b"a") is None and kept.get(b"c") is None and kept.get(b"big") == "x" * 9
    kept.put(b"big", Markup("x" * 10))       # 13, bigger than the whole allowance: nothing stays
    assert kept.size == 0 and kept.get(b"big") is None


def test_a_roll_renders_only_the_parts_it_changed(app, new_table, device):
    """A Toolbox log shows the last dozen lines and the dice show on the board and on every phone:
    as parts (given.py's part) each line is rendered once, and the dice and the log once for both
    sections."""
    board = new_table("toolbox", parts=["dice"])
    ann = device(board).join("Ann")
    for _ in range(14):
        board.act("roll")
    renderings = app.extensions["sections"]
    cold = renderings.parts_rendered
    board.client.get(f"/t/{board.code}/view?as=board")
    assert renderings.parts_rendered - cold >= 2   # the dice and the log's lines, as parts
    ann.client.get(f"/t/{board.code}/view?as=seat")
    before = renderings.parts_rendered
    board.act("roll")
    board_html = board.client.get(f"/t/{board.code}/view?as=board").get_data(as_text=True)
    seat_html = ann.client.get(f"/t/{board.code}/view?as=seat").get_data(as_text=True)
    # at most the new line, the new dice, the board's dice block around them and the log's block
    # (fewer if this roll's line and faces were seen before): never the eleven older lines again,
    # nor the dice or the log once per section
    assert renderings.parts_rendered - before <= 4
    assert board_html.count("rolled") >= 12 and seat_html.count('class="die"') == 2


def test_a_tables_events_are_kept_for_its_newest_read_alone(app, new_table):
    """ViewEvents keeps the events of a table's newest read: a late stream still on the version
    before makes its own event without pushing out the newer one's, and nothing of an older read
    is handed to a newer one (the version and the clock are in every key)."""
    board = new_table("toolbox", parts=["dice"])
    tables, events = app.extensions["companion"], ViewEvents()
    with app.test_request_context():
        context = ViewContext.of_request("http://127.0.0.1/t/join")
    older = tables.shared_look(board.code, Credentials())
    board.act("roll")
    newer = tables.shared_look(board.code, Credentials(), older.read.version + 1)
    first = events.event(newer, "board", context)
    late = events.event(older, "board", context)
    assert late != first and f"id: {older.read.version}\n".encode() in late
    assert events.event(newer, "board", context) is first
    assert (events.made, events.shared) == (2, 1)


def test_within_one_change_a_part_is_found_again_by_what_it_was_made_from(app, monkeypatch):
    """While one change's screens are given their views (renderings.one_change), a part asked for
    again with the very objects it was made from is that part, with no digest of them taken; equal
    objects that are not the same ones are found by their digest as ever, and outside a change
    every part asked for takes its digest."""
    from companion.web import renderings as kept

    renderings = app.extensions["sections"]
    digests = []
    real = kept.digest
    monkeypatch.setattr(kept, "digest", lambda inputs: digests.append(1) or real(inputs))
    cat = {"number": 1, "features": [], "masks": [], "by": "Ann", "fixed": False}

    def card(shown: dict):
        return renderings.part("games/cloaked-cats/_cc.html", "cat_card", "en", (shown, False), {})
    with app.app_context():
        with kept.one_change():
            first = card(cat)
            made = renderings.parts_rendered
            assert card(cat) is first and len(digests) == 1
            assert card(dict(cat)) == first and len(digests) == 2   # equal, not the same: by its digest
        assert card(cat) == first and len(digests) == 3   # the change is over
        assert renderings.parts_rendered == made


def test_a_piece_every_change_makes_anew_is_shared_within_the_change_and_kept_only_outside_one(app, monkeypatch):
    """laid_out(keep=False), as a log's block is laid out: within a change's deliveries the first
    view lays it out and the others find it, with no digest taken and nothing kept; outside a change
    (a page loaded) it is kept under its digest as any part, and the next page finds it."""
    from companion.web import renderings as kept

    renderings = app.extensions["sections"]
    digests, laid = [], []
    real = kept.digest
    monkeypatch.setattr(kept, "digest", lambda inputs: digests.append(1) or real(inputs))
    log = [{"kind": "roll", "who": "Ann", "faces": [2, 3]}]

    def block(lines: list) -> str:
        return renderings.laid_out("a log", "en", (lines,), lambda: laid.append(1) or f"<ol>{len(lines)}</ol>",
                                   keep=False)
    with app.app_context():
        size = renderings.size
        with kept.one_change():
            first = block(log)
            assert block(log) is first and (len(laid), len(digests)) == (1, 0)
        assert renderings.size == size   # nothing kept for a change
        assert block(log) == first and (len(laid), len(digests)) == (2, 1)   # a page: laid out, kept
        assert block([dict(entry) for entry in log]) == first and (len(laid), len(digests)) == (2, 2)
        assert renderings.size > size


def test_a_lists_parts_are_made_once_each_as_part_would_make_them_and_told_apart_as_pickle_tells(app):
    """Renderings.each: a part for each item of a list (a log's lines), each the HTML part() makes
    of it, made once and then found for equal items however often the list is asked for again; 1,
    1.0 and True are three lines, and an item pickle cannot write is made each time, not kept."""
    from companion.web.toolbox_section import LOG_LINE

    renderings = app.extensions["sections"]
    count = [{"kind": "count", "who": "Ann", "name": "Lives", "delta": 1, "value": value} for value in (1, 1.0, True)]
    with app.app_context():
        lines = renderings.each(LOG_LINE, None, "en", count, "e")
        assert lines == [renderings.part(LOG_LINE, None, "en", (), {"e": entry}) for entry in count]
        assert "set Lives to 1 (+1)" in lines[0] and "set Lives to 1.0 (+1)" in lines[1]
        assert "set Lives to True (+1)" in lines[2]
        made = renderings.parts_rendered
        again = renderings.each(LOG_LINE, None, "en", [dict(entry) for entry in reversed(count)], "e")
        assert again == lines[::-1] and renderings.parts_rendered == made
        assert renderings.each(LOG_LINE, None, "de", count[:1], "e") != lines[:1]   # its language's own
        made = renderings.parts_rendered
        unwritable = {"kind": "text", "text": "hello", "not data": lambda: None}
        for _ in range(2):
            assert renderings.each(LOG_LINE, None, "en", [unwritable], "e") == ["hello"]
        assert renderings.parts_rendered == made + 2
        # equal new items in one list (a log read whole after a restart): made once
        made = renderings.parts_rendered
        same = [{"kind": "roll", "who": "Cy", "faces": [6, 6]} for _ in range(3)]
        lines = renderings.each(LOG_LINE, None, "en", same, "e")
        assert lines == [lines[0]] * 3 and "Cy rolled 6, 6." in lines[0] and renderings.parts_rendered == made + 1
        # a macro's parts: called with the item itself, as part(template, macro, item)
        cat = {"number": 1, "features": [], "masks": [], "by": "Ann", "fixed": False}
        assert renderings.each("games/cloaked-cats/_cc.html", "event_line", "en", [cat], "")[0] == \
            renderings.part("games/cloaked-cats/_cc.html", "event_line", "en", (cat,), {})


@pytest.mark.parametrize("game", [e.id for e in games.catalogue()])
def test_no_screen_of_a_game_in_play_shows_a_mark_left_unfilled(in_play, game):
    """Every mark where a rendering takes a piece afterwards (the version, the clock, the section,
    the dice's faces, the dance floor's cards, a phone's "(you)") is filled or taken out before a
    view leaves: a mark left in would be a piece missing from the screen."""
    board, phones = in_play(game)
    screens = [(board, "board"), *[(phone, "seat") for phone in phones.values()]]
    for screen, role in screens:
        html = screen.html(role)
        assert "<!--@" not in html, (game, role, html[html.index("<!--@"):][:60])


def test_a_plain_change_hands_each_streams_viewer_on_and_a_removed_seat_is_identified_again(
        app, new_table, device):
    """Each stream's viewer is identified once per read (TableRead.identified) and handed on by a
    plain change, which wrote no seat, credential or host token; the read after a seat's removal is
    the store's, so the removed phone's open stream is told at once that it has no view."""
    board = new_table("toolbox", parts=["dice"])
    ann, bob = device(board).join("Ann"), device(board).join("Bob")
    tables = app.extensions["companion"]
    seen = board.view()["version"]
    streams = {name: open_stream(p, board.code, role, seen)
               for name, p, role in (("Ann", ann, "seat"), ("Bob", bob, "seat"), ("board", board, "board"))}
    board.act("roll")
    for _, chunks in streams.values():
        next_payload(chunks)
    first = tables.shared_reads.kept(board.code)
    assert {viewer.seat.name for viewer in first.viewers.values() if viewer.seat} == {"Ann", "Bob"}
    board.act("roll")
    for _, chunks in streams.values():
        next_payload(chunks)
    handed = tables.shared_reads.kept(board.code)
    assert handed is not first and handed.version == first.version + 1
    assert handed.viewers == first.viewers
    assert all(handed.viewers[creds] is viewer for creds, viewer in first.viewers.items())   # not identified again
    board.client.post(f"/t/{board.code}/seats/{ann.view()['seat']}/remove",
                      data={"version": board.view()["version"], "as": "board"}, headers={"Accept": "application/json"})
    version, html = next_payload(streams["Ann"][1])
    assert version == board.view()["version"] and html == ""   # no view: the page asks why
    bob_version, bob_html = next_payload(streams["Bob"][1])
    assert bob_version == version and "The host removed Ann" in bob_html   # Bob keeps his seat and view
    assert not any(viewer.seat and viewer.seat.name == "Ann"
                   for viewer in tables.shared_reads.kept(board.code).viewers.values())
    for response, _ in streams.values():
        response.close()


def test_a_seat_cookie_that_names_no_seat_is_identified_at_every_read(app, new_table, device):
    """Its claim on a seat runs out with time, which no change marks: it is never kept."""
    board = new_table("toolbox", parts=["dice"])
    device(board).join("Ann")
    read = read_to_share(app.extensions["companion"], board.code)
    stranger = Credentials(seat_token="not-a-seat-of-this-table")
    assert read.identified(stranger, read.at).seat is None
    assert stranger not in read.viewers
    host = Credentials(host_token="not-the-host")
    assert read.identified(host, read.at).is_host is False and host in read.viewers
