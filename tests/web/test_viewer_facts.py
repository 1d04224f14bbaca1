"""A table's streams share an event by their viewers' facts (engine/snapshots.py ViewerFacts,
web/events.py ViewEvents): nothing else of a viewer reaches its view. Played on every game in play,
with every kind of screen, through the shared path a change takes (the secrecy tests' streams catch
up alone instead): each stream's payload is still exactly its own device's view. Both backends."""
from __future__ import annotations

import dataclasses

import pytest

from companion import games

from tests.web.test_event_payload_secrecy import own_view, same_html
from tests.web.test_shared_rendering import next_payload, open_stream

pytestmark = pytest.mark.both_backends


@pytest.mark.parametrize("game_id", [entry.id for entry in games.catalogue()])
def test_every_stream_of_a_change_carries_its_own_viewers_view(app, in_play, device, board_screen, game_id,
                                                               monkeypatch):
    board, phones = in_play(game_id)
    screens = [(board, "board"), (board_screen(board), "board"), (device(board), "board")]
    for phone in phones.values():
        screens += [(phone, "seat"), (phone, "board")]
    seen = board.view()["version"]
    streams = [(who, role, *open_stream(who, board.code, role, seen)) for who, role in screens]
    events = app.extensions["view_events"]
    made, shared = events.made, events.shared
    tables = app.extensions["companion"]
    device(board).join("Zed")   # a change every game takes: everyone's view has a new seat in it
    # one shared read for all (it serves 2 s: a slow machine must not make this test read twice)
    monkeypatch.setattr(tables, "clock", lambda now=tables.clock(): now)
    payloads = [next_payload(chunks) for _, _, _, chunks in streams]
    monkeypatch.undo()
    for _, _, response, _ in streams:
        response.close()
    for (who, role, _, _), (version, html) in zip(streams, payloads):
        assert same_html(html, own_view(who, board.code, role)), f"{game_id}: a {role} stream got another's view"
    assert events.made - made + events.shared - shared == len(streams)
    assert events.made - made < len(streams)   # the watcher and the paired board, at least, share


def test_a_game_whose_view_is_no_ones_own_is_given_no_viewer(app, new_table, device, monkeypatch):
    """Toolbox declares view_reads_viewer=False: its view is made without the viewer (ctx.seat None,
    not host, not board), so it could not differ by seat even by mistake; a game that reads the
    viewer is given the seat's own."""
    asked = []
    registry = games._games()
    for game_id in ("toolbox", "we-love-cats"):
        game = registry[game_id]
        monkeypatch.setitem(registry, game_id, dataclasses.replace(
            game, view=lambda state, ctx, real=game.view, game_id=game_id: asked.append(
                (game_id, ctx.seat, ctx.is_host, ctx.is_board)) or real(state, ctx)))
    for game_id, options in (("toolbox", {"parts": ["dice"]}), ("we-love-cats", {})):
        board = new_table(game_id, **options)
        ann = device(board).join("Ann")
        asked.clear()
        assert own_view(ann, board.code, "seat") and own_view(board, board.code, "board")
        seat = ann.view()["seat"]
        if game_id == "toolbox":
            assert asked and all(who == (game_id, None, False, False) for who in asked)
        else:
            assert {(s.id if s else None, host) for _, s, host, _ in asked} >= {(seat, False), (None, True)}


def test_a_game_with_a_seats_own_part_makes_everyones_part_once_for_all_its_streams(app, in_play, device,
                                                                                   monkeypatch):
    """Cloaked Cats declares own_view (a seat's three features): after a change, the part every screen
    sees is made once for the shared read, given no viewer, and each seat's own part is made with that
    seat alone; each stream still carries exactly its own device's view, a seat's hand only on its phone."""
    board, phones = in_play("cloaked-cats")
    registry = games._games()
    game = registry["cloaked-cats"]
    everyone, own = [], []
    monkeypatch.setitem(registry, "cloaked-cats", dataclasses.replace(
        game, view=lambda state, ctx: everyone.append((ctx.seat, ctx.is_host, ctx.is_board)) or game.view(state, ctx),
        own_view=lambda state, ctx: own.append(ctx.seat.id) or game.own_view(state, ctx)))
    screens = [(board, "board")] + [(phone, "seat") for phone in phones.values()]
    seen = board.view()["version"]
    streams = [(who, role, *open_stream(who, board.code, role, seen)) for who, role in screens]
    tables = app.extensions["companion"]
    everyone.clear(), own.clear()
    device(board).join("Zed")   # a change: everyone's view has a watcher in it
    monkeypatch.setattr(tables, "clock", lambda now=tables.clock(): now)   # one shared read for all
    payloads = [next_payload(chunks) for _, _, _, chunks in streams]
    for _, _, response, _ in streams:
        response.close()
    assert everyone == [(None, False, False)]
    assert sorted(own) == sorted(phone.view()["seat"] for phone in phones.values())
    for (who, role, _, _), (version, html) in zip(streams, payloads):
        assert same_html(html, own_view(who, board.code, role)), f"a {role} stream got another's view"
