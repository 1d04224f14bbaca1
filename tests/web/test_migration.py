"""A store made by round 23's code (tests/data, made by tests/data/make_round23.py) opens with this
round's code and plays on: every phone's and the host's cookie still names its seat or the board,
the finished game is still in the evening, the game under way goes on, and a new seat's id comes
after every seat the table ever had."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion import create_app

pytestmark = pytest.mark.both_backends

DATA = Path(__file__).resolve().parent.parent / "data"
JSON = {"Accept": "application/json"}
LIMITS = {"LOOKUPS_PER_MINUTE": 1000, "JOINS_PER_MINUTE": 1000, "TABLES_PER_MINUTE": 10**6,
          "MOVES_PER_MINUTE": 10**6, "VIEWS_PER_MINUTE": 10**6}


def load_redis(url: str, dump: dict) -> None:
    import redis
    client = redis.Redis.from_url(url, decode_responses=True)
    for key, entry in dump["keys"].items():
        kind, value = entry["type"], entry["value"]
        if kind == "hash":
            client.hset(key, mapping=value)
        elif kind == "list":
            client.rpush(key, *value)
        elif kind == "zset":
            client.zadd(key, {member: score for member, score in value})
        elif kind == "string":
            client.set(key, value)
        else:
            client.sadd(key, *value)
    client.close()


@pytest.fixture
def old_store(backend, database, tmp_path):
    """(app, devices): the round-23 store opened by this round's app."""
    if backend == "redis":
        dump = json.loads((DATA / "round23-redis.json").read_text())
        load_redis(database, dump)
        devices = dump["devices"]
    else:
        shutil.copy(DATA / "round23.sqlite", database)
        devices = json.loads((DATA / "round23-devices.json").read_text())
    app = create_app({"DATABASE": database, "TESTING": True, **LIMITS})
    yield app, devices
    app.extensions["companion"].hub.close()


def device(app, cookies: dict):
    client = app.test_client()
    for name, value in cookies.items():
        client.set_cookie(name, value)
    return client


def act(client, code, move, role, **fields):
    version = client.get(f"/t/{code}/view.json").json["version"]
    return client.post(f"/t/{code}/act/{move}", data={"version": version, "as": role, **fields}, headers=JSON)


def test_every_cookie_still_names_its_seat_and_the_games_go_on(old_store):
    app, devices = old_store
    for table in devices.values():
        code = table["code"]
        seats = {}
        for name, cookies in table.items():
            if name in ("code", "host"):
                continue
            view = device(app, cookies).get(f"/t/{code}/view.json").json
            seat = next(s for s in view["seats"] if s["id"] == view["seat"])
            assert seat["name"] == name
            seats[name] = view["seat"]
        host = device(app, table["host"])
        assert host.get(f"/t/{code}/switch").status_code == 200      # still the host
        table["seats"] = seats

    catchy, communicat = devices["catchy"], devices["communicat"]
    host = device(app, catchy["host"])
    [finished] = host.get(f"/t/{catchy['code']}/history.json").json["games"]
    assert finished["winners"] == ["Ann"] and finished["number"] == 1 and finished["unfinished"] is False
    assert host.get(f"/t/{catchy['code']}/view.json").json["game_number"] == 1
    assert act(host, catchy["code"], "rematch", "board").status_code == 200
    assert host.get(f"/t/{catchy['code']}/view.json").json["game_number"] == 2
    assert host.get(f"/t/{catchy['code']}/history.json").json["games"] == [finished]

    code = communicat["code"]
    cid = device(app, communicat["Cid"])
    assert cid.get(f"/t/{code}/view.json").json["my_role"] == "cat"
    host = device(app, communicat["host"])
    r = host.post(f"/t/{code}/seats/{communicat['seats']['Cid']}/remove",
                  data={"version": host.get(f"/t/{code}/view.json").json["version"], "as": "board"}, headers=JSON)
    assert r.status_code == 409 and "Cid is playing this game" in r.json["error"]
    assert act(host, code, "resolve", "board", outcome="guessed").status_code == 200
    eve = app.test_client()
    assert eve.post(f"/t/{code}/join", data={"name": "Eve"}).status_code == 303
    assert eve.get(f"/t/{code}/view.json").json["seat"] == 5   # after Dan, seat 4, removed in round 23
