"""Our group (issue 30) over HTTP, on SQLite and on Redis: four friends start a group, play two
evenings at two of its tables, the second without typing a name, and read their record; the
group's own Needs at its CommuniCat tables; export and import; what another group and a stranger see."""
from __future__ import annotations

import html
import io
import json
import re

import pytest

from companion import create_app
from companion.games import communicat_rules
from tests.conftest import TableClient
from tests.web.test_game_night_web import switch
from tests.web.test_pack_the_essentials_web import PAD, play_solo_rounds

pytestmark = pytest.mark.both_backends
JSON = {"Accept": "application/json"}
FRIENDS = ("Ann", "Bob", "Cid", "Dan")


class GroupDevice:
    """One device and the group it opened: its own cookies."""

    def __init__(self, app, code: str, client=None):
        self.app, self.code = app, code
        self.client = client or app.test_client()

    def join(self, name: str) -> "GroupDevice":
        r = self.client.post(f"/g/{self.code}/join", data={"name": name}, headers=JSON)
        assert r.status_code == 200, r.data
        return self

    def post(self, path: str, expect: int = 200, **fields):
        r = self.client.post(f"/g/{self.code}{path}", data=fields, headers=JSON)
        assert r.status_code == expect, (r.status_code, r.data)
        return r.json

    def get(self, path: str, expect: int = 200):
        r = self.client.get(f"/g/{self.code}{path}")
        assert r.status_code == expect, (r.status_code, r.data)
        return r

    def stats(self) -> dict:
        return self.get("/stats.json").json

    def table(self, game: str, expect: int = 303, **options) -> TableClient:
        r = self.client.post("/tables", data={"game": game, "group": self.code, **options})
        assert r.status_code == expect, r.get_data(as_text=True)
        return TableClient(self.app, r.headers["Location"].rsplit("/", 1)[-1], self.client) if expect == 303 else r


def start_group(app, name: str = "Friday cats") -> GroupDevice:
    host = app.test_client()
    r = host.post("/groups", data={"name": name})
    assert r.status_code == 303
    return GroupDevice(app, r.headers["Location"].rsplit("/", 1)[-1], host)


@pytest.fixture
def friends(app):
    tablet = start_group(app)
    phones = {name: GroupDevice(app, tablet.code).join(name) for name in FRIENDS}
    return tablet, phones


def seat(phones: dict, name: str, table: TableClient, typed: bool) -> TableClient:
    """The friend's phone at the table: by typing the name, or with one tap ("Join as …")."""
    phone = TableClient(table.app, table.code, phones[name].client)
    if typed:
        return phone.join(name)
    assert f"Join as {name}" in phone.client.get(f"/t/{table.code}/join").get_data(as_text=True)
    r = phone.client.post(f"/t/{table.code}/join", data={})
    assert r.status_code == 303, r.data
    return phone


def pads(seats: dict, scores: dict) -> None:
    for name, todo1 in scores.items():
        seats[name].act("score", **{**PAD, "todo1": todo1})


def play_first_evening(tablet, phones) -> TableClient:
    """Competitive CommuniCat (Blue: Ann and Cid), Pack the Essentials (Ann first, Dan last), and a
    co-op CommuniCat won together: typed names."""
    board = tablet.table("communicat", mode="versus", target="1")
    seats = {name: seat(phones, name, board, typed=True) for name in FRIENDS}
    board.act("new_needs")
    board.act("resolve", team="blue")
    switch(board, "pack-the-essentials", mode="scorepad")
    board.act("start")
    pads(seats, {"Ann": 5, "Bob": 4, "Cid": 3, "Dan": 2})
    switch(board, "communicat", mode="coop", target="1")
    board.act("new_needs")
    board.act("resolve", outcome="guessed")
    return board


def play_second_evening(tablet, phones) -> TableClient:
    """Pack the Essentials (Bob first), a competitive CommuniCat ended early, then Ann's solo Pack
    (the first seat plays it) at the same table: every phone joins with one tap."""
    board = tablet.table("pack-the-essentials", mode="scorepad")
    seats = {name: seat(phones, name, board, typed=False) for name in FRIENDS}
    assert [s["name"] for s in board.view()["seats"]] == list(FRIENDS)
    board.act("start")
    pads(seats, {"Ann": 1, "Bob": 9, "Cid": 2, "Dan": 3})
    switch(board, "communicat", mode="versus", target="3")       # ended early, Orange ahead
    board.act("new_needs")
    board.act("resolve", team="orange")
    switch(board, "pack-the-essentials", end_early="1", mode="solo", solo_level="Easy", solo_target="10")
    play_solo_rounds(board)
    seats["Ann"].act("score", **PAD)
    return board


def test_four_friends_two_evenings_and_their_record(friends):
    tablet, phones = friends
    play_first_evening(tablet, phones)
    play_second_evening(tablet, phones)
    record = tablet.stats()
    people = {p["name"]: p for p in record["players"]}
    assert set(people) == set(FRIENDS)
    ann, bob, cid, dan = (people[n] for n in FRIENDS)
    # Ann: CommuniCat won with Blue, Pack won, co-op won together, Pack lost to Bob, the CommuniCat
    # ended early (played, won by nobody), the solo game
    assert (ann["played"], ann["won"], ann["competitive_played"], ann["coop_played"], ann["coop_won"]) == (6, 3, 5, 1, 1)
    assert ann["win_rate"] == 0.6 and bob["win_rate"] == 0.25 and dan["win_rate"] == 0.0
    assert (bob["played"], bob["competitive_played"], bob["won"]) == (5, 4, 1)
    assert ann["nemesis"] == {"name": "Bob", "wins": 1} and bob["nemesis"] == {"name": "Ann", "wins": 2}
    assert cid["nemesis"] == {"name": "Ann", "wins": 1}         # Ann and Bob beat Cid once each: a tie goes by name
    assert ann["rival"] == {"name": "Bob", "games": 4}          # two CommuniCats on the other team, two Packs
    assert [b["name"] for b in ann["buddies"]] == ["Bob", "Cid", "Dan"]
    # Ann's pads: To Do List 1 at 5, then 1, then 5 (solo); Bob's best had it at 9, the rest the same
    pack = ann["games"]["pack-the-essentials"]
    assert (pack["played"], pack["won"]) == (3, 2) and pack["average"] == round(pack["best"] - 4 / 3, 1)
    assert bob["games"]["pack-the-essentials"]["best"] == pack["best"] + 4
    games = {g["game"]: g for g in record["games"]}
    assert {game: g["played"] for game, g in games.items()} == {"communicat": 3, "pack-the-essentials": 3}
    assert (games["communicat"]["unfinished"], games["communicat"]["coop"]) == (1, 1)
    assert [e["games"] for e in record["evenings"]] == [3, 3]       # newest first: the second evening
    assert [w["unfinished"] for w in record["evenings"][0]["winners"]] == [False, True, False]
    assert record["evenings"][0]["winners"][0]["winners"] == ["Bob"]
    assert [b["name"] for b in record["purr_sonal_best"]] == ["Ann"]
    page = tablet.get("").get_data(as_text=True)
    assert "Friday cats" in page and "Purr-sonal Best" in page and "Nemesis" in page
    assert all(f'href="/new/{game}?group={tablet.code}"' in page for game in ("communicat", "pack-the-essentials"))
    assert tablet.get(f"/evenings/{record['evenings'][1]['table']}").status_code == 200
    second = tablet.get(f"/evenings/{record['evenings'][0]['table']}").get_data(as_text=True)
    assert "Game 2, CommuniCat: not finished" in second and "3 games played" in second
    csv_text = tablet.get("/stats.csv").get_data(as_text=True)
    assert csv_text.splitlines()[0].startswith("player,game,played,won")
    assert any(line.startswith("Ann,all,6,3,") for line in csv_text.splitlines())


def test_a_group_table_deals_only_the_groups_needs(friends):
    tablet, phones = friends
    own = [("A warm lap", "🛋️"), ("The sunny window", "🪟"), ("Box!", "📦")]
    for text, icon in own:
        tablet.post("/needs", 201, text=text, icon=icon)
    tablet.post("/needs/food/remove")
    deck = {n["text"] for n in tablet.get("/needs.json").json["needs"]}
    assert "Feed me" not in deck and {t for t, _ in own} <= deck
    board = tablet.table("communicat", difficulty="hard")
    ann = seat(phones, "Ann", board, typed=False)
    seen = set()
    for _ in range(8):      # more than the whole deck: reshuffled on the way
        board.act("new_needs")
        seen |= {n["name"] for n in board.view()["needs"]}
        assert ann.view().get("secret", {}).get("cat", {}).get("name", "A warm lap") in deck
    assert seen == deck
    # the group's own Needs Generator (one screen, no joining) deals the same deck
    generator = tablet.client
    for _ in range(5):
        assert generator.post(f"/g/{tablet.code}/generator/new", data={"difficulty": "hard"}).status_code == 303
        page = generator.get(f"/g/{tablet.code}/generator").get_data(as_text=True)
        dealt = set(re.findall(r'class="cc-name"[^>]*>([^<]*)<', page))
        assert len(dealt) == 10 and {html.unescape(n) for n in dealt} <= deck
    assert generator.post(f"/g/{tablet.code}/generator/show", data={}).status_code == 303
    # a deck too small for the difficulty says so before the game starts
    for need in tablet.get("/needs.json").json["needs"][:len(deck) - 9]:
        tablet.post(f"/needs/{need['id']}/remove")
    r = tablet.table("communicat", expect=400, difficulty="hard")
    assert "needs at least 11" in r.get_data(as_text=True)
    tablet.post("/needs/restore")
    assert len(tablet.get("/needs.json").json["needs"]) == len(communicat_rules.NEEDS)


def test_changes_need_the_groups_devices(friends, app):
    tablet, _phones = friends
    stranger = GroupDevice(app, tablet.code)        # holds the link, never joined
    stranger.post("/needs", 403, text="Mine", icon="🐟")
    stranger.table("catchy", expect=403)
    stranger.get("/export.json", 403)
    # only the host renames and merges
    phone = GroupDevice(app, tablet.code).join("Anne")
    members = {m["name"]: m["id"] for m in _members(app, tablet.code)}
    phone.post(f"/members/{members['Bob']}/rename", 403, name="Robert")
    tablet.post("/members/merge", keep=members["Ann"], gone=members["Anne"])
    tablet.post(f"/members/{members['Bob']}/rename", name="Robert")
    assert sorted(p["name"] for p in tablet.stats()["players"]) == ["Ann", "Cid", "Dan", "Robert"]
    tablet.post(f"/members/{members['Cid']}/rename", 409, name="Ann")
    tablet.post("/needs", 400, text="", icon="🐟")
    tablet.post("/needs/nosuch/remove", 400)
    # an unknown or malformed group is a 404, never a 500
    GroupDevice(app, "ABCDEFGHJKMN").get("", 404)
    GroupDevice(app, "x<script>").get("/stats.json", 404)


def _members(app, code: str) -> list[dict]:
    with app.extensions["groups"].store.read() as tx:
        return tx.get_group(code).doc["members"]


@pytest.fixture
def fresh_app(backend, tmp_path, request):
    """Another server with its own, empty storage."""
    if backend == "redis":
        server = request.getfixturevalue("redis_server")
        database = server.url(1)
        import redis
        with redis.Redis.from_url(database) as r:
            r.flushdb()
    else:
        database = str(tmp_path / "other.db")
    other = create_app({"DATABASE": database, "TESTING": True, "TABLES_PER_MINUTE": 10**6})
    yield other
    other.extensions["companion"].hub.close()


def test_export_then_import_on_a_fresh_server_gives_the_same_record(friends, fresh_app):
    tablet, phones = friends
    play_first_evening(tablet, phones)
    tablet.post("/needs", 201, text="A warm lap", icon="🛋️")
    exported = tablet.get("/export.json")
    assert "attachment" in exported.headers["Content-Disposition"]
    body = exported.get_data()
    assert b"devices" not in body and json.loads(body)["members"][0]["name"] == "Ann"
    newcomer = fresh_app.test_client()
    r = newcomer.post("/groups/import", data={"file": (io.BytesIO(body), "group.json")},
                      content_type="multipart/form-data")
    assert r.status_code == 303, r.data
    moved = GroupDevice(fresh_app, r.headers["Location"].rsplit("/", 1)[-1], newcomer)
    before, after = tablet.stats(), moved.stats()
    assert {k: v for k, v in after.items() if k != "group"} == {k: v for k, v in before.items() if k != "group"}
    assert moved.get("/needs.json").json == tablet.get("/needs.json").json
    # Ann's phone on the new server joins by her name and is Ann again, with her games
    assert GroupDevice(fresh_app, moved.code).join("Ann").stats()["players"][0]["played"] == 3


@pytest.mark.parametrize("body,sentence", [
    (b"{not json", "not a group exported"),
    (json.dumps({"format": "cat-table-companion/group", "version": 1, "name": "X", "members": "Ann",
                 "needs": None, "games": []}).encode(), "damaged"),
    (b"[" * 100_000, "not a group exported")], ids=["not-json", "members-not-a-list", "nested-too-deep"])
def test_a_bad_import_is_refused_with_a_sentence_and_changes_nothing(app, body, sentence):
    client = app.test_client()
    r = client.post("/groups/import", data=body, headers={**JSON, "Content-Type": "application/json"})
    assert r.status_code == 400 and sentence in r.json["error"]
    with app.extensions["groups"].store.read() as tx:
        assert not any(c.startswith("gh_") for c in r.headers.getlist("Set-Cookie"))
    r = client.post("/groups/import", data=b"x" * (5 * 1024 * 1024), headers={**JSON, "Content-Type": "application/json"})
    assert r.status_code == 413


def test_another_group_and_a_stranger_see_none_of_it(friends, app, new_table, device):
    tablet, phones = friends
    play_second_evening(tablet, phones)
    other = start_group(app, "Tuesday tails")
    GroupDevice(app, other.code, other.client).join("Zoe")
    assert [p["name"] for p in other.stats()["players"]] == ["Zoe"] and other.stats()["evenings"] == []
    page = other.get("").get_data(as_text=True)
    assert not any(name in page for name in FRIENDS)
    # the other group's tables and a table without a group: no Purr-sonal Best of Ann's
    theirs = other.table("pack-the-essentials", mode="solo", solo_level="Hard", solo_target="150")
    lone = new_table("pack-the-essentials", mode="solo", solo_level="Hard", solo_target="150")
    for table in (theirs, lone):
        device(table).join("Yan")
        assert table.view()["solo"]["best_log"] == [] and "Ann" not in table.html()
    # the group's own next solo table shows it
    ours = tablet.table("pack-the-essentials", mode="solo", solo_level="Hard", solo_target="150")
    assert [e["name"] for e in ours.view()["solo"]["best_log"]] == ["Ann"]
    # a device of another group gets no one-tap seat at our table
    r = other.client.get(f"/t/{ours.code}/join")
    assert "Join as" not in r.get_data(as_text=True)
    assert other.client.post(f"/t/{ours.code}/join", data={}).status_code == 400


def test_a_group_keeps_its_games_when_its_table_expires(friends, app):
    from companion.engine import expire_idle_tables
    tablet, phones = friends
    play_first_evening(tablet, phones)
    before = tablet.stats()
    tables = app.extensions["companion"]
    clock = tables.clock
    tables.clock = lambda: clock() + 30 * 86400
    try:
        assert len(expire_idle_tables(tables, 7 * 86400, None)) == 1
    finally:
        tables.clock = clock
    assert tablet.stats() == before


def test_starting_and_joining_groups_are_rate_limited(database):
    limited = create_app({"DATABASE": database, "TESTING": True, "TABLES_PER_MINUTE": 2, "JOINS_PER_MINUTE": 3,
                          "LOOKUPS_PER_MINUTE": 2, "REFUSAL_DELAY_SECONDS": 0})
    try:
        client = limited.test_client()
        codes = [client.post("/groups", data={"name": f"Group {n}"}, headers=JSON) for n in range(3)]
        assert [r.status_code for r in codes] == [201, 201, 429]
        assert "Too many new groups" in codes[2].json["error"]
        code = codes[0].json["group"]
        joins = [client.post(f"/g/{code}/join", data={"name": f"P{n}"}, headers=JSON).status_code for n in range(4)]
        assert joins == [200, 200, 200, 429]
        guesses = [client.get(f"/g/ABCDEFGHJK{n}{n}/stats.json").status_code for n in range(2, 5)]
        assert guesses == [404, 404, 429]
    finally:
        limited.extensions["companion"].hub.close()


def test_the_home_page_leads_back_to_this_devices_groups(friends, app):
    tablet, phones = friends
    assert "Your groups" in tablet.client.get("/").get_data(as_text=True)       # the host's screen
    home = phones["Bob"].client.get("/").get_data(as_text=True)
    assert f'href="/g/{tablet.code}"' in home and "as Bob" in home
    stranger = app.test_client()
    stranger.set_cookie(f"gm_{tablet.code}", "not a member's token")
    assert "Your groups" not in stranger.get("/").get_data(as_text=True)


def test_a_large_group_file_imports(friends, fresh_app):
    """A group of years: far more than a form's 64 KB, well within the 4 MB a group file may be."""
    tablet, phones = friends
    play_first_evening(tablet, phones)
    exported = json.loads(tablet.get("/export.json").get_data())
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    games = exported["games"]
    exported["games"] = [{"table": "".join(alphabet[(n // 31 ** k) % 31] for k in range(6)), "record": g["record"]}
                         for n in range(3000) for g in games[:1]]
    body = json.dumps(exported).encode()
    assert 1024 * 1024 < len(body) < 4 * 1024 * 1024
    r = fresh_app.test_client().post("/groups/import", data={"file": (io.BytesIO(body), "group.json")},
                                     content_type="multipart/form-data", headers=JSON)
    assert r.status_code == 201, r.data
    moved = GroupDevice(fresh_app, r.json["group"])
    assert {p["name"]: p["played"] for p in moved.stats()["players"]} == {name: 3000 for name in FRIENDS}


def test_friends_joining_at_the_same_moment_are_all_members(app):
    """Eight phones join in the same instant (on Redis each join is an optimistic transaction on the
    group's one document): nobody is lost, nobody is two."""
    import threading
    tablet = start_group(app)
    names = [f"Friend {n}" for n in range(8)]
    barrier, answers = threading.Barrier(len(names)), {}

    def join(name: str) -> None:
        client = app.test_client()
        barrier.wait()
        answers[name] = client.post(f"/g/{tablet.code}/join", data={"name": name}, headers=JSON).status_code
    threads = [threading.Thread(target=join, args=(name,)) for name in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert answers == {name: 200 for name in names}
    assert sorted(m["name"] for m in _members(app, tablet.code)) == names
    assert len({m["id"] for m in _members(app, tablet.code)}) == len(names)


def test_a_groups_own_need_can_be_guessed(friends):
    """CommuniCat's guesses name a Need by id: a group's own Needs have ids of their own ("n1")."""
    tablet, phones = friends
    for text, icon in [("A warm lap", "🛋️"), ("Box!", "📦"), ("The sunny window", "🪟")]:
        tablet.post("/needs", 201, text=text, icon=icon)
    for need in tablet.get("/needs.json").json["needs"][:-7]:          # 7 left: 4 original, our 3
        tablet.post(f"/needs/{need['id']}/remove")
    board = tablet.table("communicat", difficulty="easy")              # 6 of the 7 laid out
    seat(phones, "Ann", board, typed=False)
    seat(phones, "Bob", board, typed=False)
    board.act("new_needs")
    own = next(n["id"] for n in board.view()["needs"] if n["id"].startswith("n"))
    board.act("guess", need=own)
    assert board.view()["guesses"][0]["need"]["id"] == own
    assert "not laid out" in board.act("guess", expect=400, need="n99").json["error"]
