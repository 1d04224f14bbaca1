# Run once at commit bfd5aa6 (round 23) to make round23.sqlite, round23-redis.json and round23-devices.json:
# python tests/data/make_round23.py tests/data/round23.sqlite tests/data/round23-devices.json (or a redis:// URL).
"""Builds a store with today's (round 23) code: a Catchy! table with a finished game and a
CommuniCat table with a round under way, and writes the store and every device's cookies."""
import json, sys, os
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from companion import create_app

db, out = sys.argv[1], sys.argv[2]
app = create_app({"DATABASE": db, "TESTING": True, "RANDOM_SEED": 7, "LOOKUPS_PER_MINUTE": 1000,
                  "JOINS_PER_MINUTE": 1000, "TABLES_PER_MINUTE": 10**6, "MOVES_PER_MINUTE": 10**6,
                  "VIEWS_PER_MINUTE": 10**6})
def cookies(c):
    return {k.key: k.value for k in c._cookies.values()}
def act(c, code, move, as_, **f):
    v = c.get(f"/t/{code}/view.json").json["version"]
    r = c.post(f"/t/{code}/act/{move}", data={"version": v, "as": as_, **f}, headers={"Accept": "application/json"})
    assert r.status_code == 200, r.data
devices = {}
# Catchy!: two phones, a finished game
host = app.test_client()
code = host.post("/tables", data={"game": "catchy"}).headers["Location"].rsplit("/", 1)[-1]
ann, bob = app.test_client(), app.test_client()
for c, n in ((ann, "Ann"), (bob, "Bob")):
    assert c.post(f"/t/{code}/join", data={"name": n}).status_code == 303
act(host, code, "start_round", "board", leader="1", players="phones")
act(host, code, "adjust", "board", score_1="6", score_2="5")
for lead, follow in (("Red", "Red"), ("Yellow", "Yellow")):
    act(host, code, "play_trick", "board", leader_color=lead, leader_number="4", follower_color=follow, follower_number="2")
devices["catchy"] = {"code": code, "host": cookies(host), "Ann": cookies(ann), "Bob": cookies(bob)}
# CommuniCat: three phones, Cid the Cat, a round dealt
host = app.test_client()
code = host.post("/tables", data={"game": "communicat"}).headers["Location"].rsplit("/", 1)[-1]
phones = {n: app.test_client() for n in ("Ann", "Bob", "Cid")}
for n, c in phones.items():
    assert c.post(f"/t/{code}/join", data={"name": n}).status_code == 303
# Dan joins by mistake and the host removes him (seat 4): the next seat must not be 4 again.
dan = app.test_client()
assert dan.post(f"/t/{code}/join", data={"name": "Dan"}).status_code == 303
v = host.get(f"/t/{code}/view.json").json["version"]
assert host.post(f"/t/{code}/seats/4/remove", data={"version": v, "as": "board"}).status_code == 303
cid = phones["Cid"].get(f"/t/{code}/view.json").json["seat"]
print("cid seat", cid)
act(host, code, "choose_cat", "board", seat=str(cid))
act(host, code, "new_needs", "board")
devices["communicat"] = {"code": code, "host": cookies(host), **{n: cookies(c) for n, c in phones.items()}}
json.dump(devices, open(out, "w"), indent=1)
app.extensions["companion"].hub.close()
