"""A run's tables as bench/live.py opens them before its clock starts: each table made on its
process, its phones and its board (`Device`s) each loading its page and holding its stream from the
table's own loopback address, a game's tables started (--game), and each table's version read."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass

import gevent
from gevent.event import Event

from _client import http
from _live_screen import Device
from _server import Server


def table_source(index: int) -> str:
    """The loopback address a table's devices send from (127.0.1.1, 127.0.1.2, ...)."""
    return f"127.0.{1 + index // 250}.{1 + index % 250}"


def new_table(port: int, game: str = "toolbox") -> tuple[str, dict]:
    """A Toolbox table with dice (or a table of `game`); its code and the host's cookie header (the
    board's actions need it)."""
    form = {"game": "toolbox", "parts": ["dice"]} if game == "toolbox" else {"game": game}
    status, hdrs, _ = http(port, "POST", "/tables", form)
    if status != 303:
        raise RuntimeError(f"table creation failed: {status}")
    return hdrs["location"].rsplit("/", 1)[-1], {"Cookie": hdrs["set-cookie"].split(";")[0]}


@dataclass
class OpenTables:
    """A run's tables, every screen's stream open: by table code, the host's cookie header (the
    board's taps need it), the process that takes its actions and its board, and its screens (its
    phones, then its board); the streams' greenlets, and how many streams were held."""
    codes: list[str]
    hosts: dict[str, dict]
    serving: dict[str, Server]
    table_devices: dict[str, list[Device]]
    listeners: list[gevent.Greenlet]
    held: int


def open_tables(servers: list[Server], tables: int, devices: int, stats: dict, stop: Event, *, game: str,
                split: bool, by_table: bool, refetch_always: bool) -> OpenTables:
    """`tables` tables of `devices` phones and a board, each screen's page loaded and its stream held
    until `stop`; under `by_table` a table's screens and actions all on one process (tables
    alternate), else its phones alternate between the processes and its board is on the first."""
    server = servers[0]  # creates the tables (but under split) and, unless by_table, takes every action
    # a table is made on the process that serves it when nothing is shared (split)
    makers = servers if split else [server]
    hosts = dict(new_table(makers[t % len(makers)].port, game) for t in range(tables))
    codes = list(hosts)
    serving = {code: servers[t % len(servers)] if by_table else server for t, code in enumerate(codes)}
    # Each table: its phones, then its board (the host's screen, on the process that takes its actions).
    table_devices = {code: [Device((serving[code] if by_table else servers[i % len(servers)]).port, code,
                                   f"P{i}", stats, table_source(t), refetch_always)
                            for i in range(devices)]
                           + [Device(serving[code].port, code, "board", stats, table_source(t), refetch_always,
                                     cookie=hosts[code]["Cookie"])]
                     for t, code in enumerate(codes)}
    listeners = [gevent.spawn(d.listen, stop) for ds in table_devices.values() for d in ds]
    for ds in table_devices.values():
        for d in ds:
            d.connected.wait(30)
    gevent.sleep(0.5)
    if game != "toolbox":
        start_games(table_devices, hosts)
    held = sum(d.connected.is_set() for ds in table_devices.values() for d in ds)
    return OpenTables(codes, hosts, serving, table_devices, listeners, held)


def start_games(table_devices: dict, hosts: dict) -> None:
    """--game: before the clock starts, each phone's seat known (the bench finds the phone whose
    turn it is by it), each table's game started by its board, and every screen given the deal."""
    for code, ds in table_devices.items():
        board = ds[-1]
        for d in ds[:-1]:
            d.seat = json.loads(http(d.port, "GET", f"/t/{code}/view.json", headers={"Cookie": d.cookie},
                                     source=d.source)[2])["seat"]
        version = json.loads(http(board.port, "GET", f"/t/{code}/view.json", source=board.source)[2])["version"]
        status, _, body = http(board.port, "POST", f"/t/{code}/act/start", {"version": version, "as": "board"},
                               headers=hosts[code], source=board.source)
        if status != 200:
            raise RuntimeError(f"the game did not start: {status} {body[:200]!r}")
        dealt, deadline = json.loads(body)["version"], time.perf_counter() + 30
        for d in ds:
            while d.version < dealt and time.perf_counter() < deadline:
                d.updated.wait(max(0.0, deadline - time.perf_counter()))
                d.updated.clear()


def table_versions(opened: OpenTables) -> dict[str, int]:
    """Each table's version, read before the clock starts: 300 requests at once were the first
    thing the timed load met, and its slowest actions."""
    return {code: json.loads(http(opened.serving[code].port, "GET", f"/t/{code}/view.json",
                                  source=table_source(t))[2])["version"]
            for t, code in enumerate(opened.codes)}
