"""Pack the Essentials through HTTP: options, moves, refusals with their sentences, the pages."""
from __future__ import annotations

import csv
import io

import pytest

GAME = "pack-the-essentials"
PAD = {"todo1": 5, "todo2": 4, "todo3": 3, "cats": 2, "pack_rats": 1, "empty_spaces": 4,
       "magenta": 3, "lavender": 2, "peach": 1, "mint": 0}

pytestmark = pytest.mark.both_backends  # the same tests on SQLite and on Redis (tests/conftest.py)


@pytest.fixture
def three(new_table, device):
    board = new_table(GAME, mode="full")
    phones = [device(board).join(n) for n in ("Ann", "Bo", "Cy")]
    return board, phones


def test_new_table_page_shows_the_options(client):
    html = client.get(f"/new/{GAME}").get_data(as_text=True)
    for text in ('name="mode"', 'value="solo"', 'name="solo_level"', "Expuurt", 'name="solo_target"', 'name="todo1"'):
        assert text in html


def test_bad_options_are_refused(client):
    r = client.post("/tables", data={"game": GAME, "mode": "chaos"})
    assert r.status_code == 400 and "Mode must be one of" in r.get_data(as_text=True)
    r = client.post("/tables", data={"game": GAME, "mode": "solo", "solo_target": "999"})
    assert r.status_code == 400 and "between 1 and 300" in r.get_data(as_text=True)


def test_waiting_board_offers_start(new_table, device):
    board = new_table(GAME)
    assert "Waiting for players" in board.html()
    r = board.act("start", expect=409)
    assert "Nobody has joined" in r.json["error"]
    device(board).join("Ann")
    r = board.act("start", expect=409)
    assert "2 to 4 players" in r.json["error"]


def test_a_round_over_http(three):
    board, (ann, bo, cy) = three
    board.act("start", first=2)
    view = board.view()
    assert view["round"] == 1 and view["holder"]["name"] == "Bo" and view["choosing"]["name"] == "Bo"
    assert len(view["todo"]) == 3
    r = ann.act("choose_position", position=1, expect=409)
    assert r.json["error"] == "It is Bo's turn to choose a draft position."
    bo.act("choose_position", position=4)
    r = cy.act("choose_position", position=4, expect=409)
    assert "taken by Bo" in r.json["error"]
    cy.act("choose_position", position=3, expect=400) if False else None
    board.act("choose_position", position=1)   # the board claims for Cy
    r = ann.act("choose_position", position=9, expect=400)
    assert "between 1 and 4" in r.json["error"]
    ann.act("choose_position", position=3)
    view = board.view()
    assert view["phase"] == "draft" and [p["kind"] for p in view["positions"]] == ["player", "cat_lady", "player", "player"]
    assert next(p for p in view["players"] if p["name"] == "Bo")["cat_toys"] == 1
    cy.act("draft", tile=2, pack_rats=1)
    r = ann.act("cat_lady_flip", expect=409)
    assert "Bo (suitcase token) or the board" in r.json["error"]
    bo.act("cat_lady_flip")
    view = board.view()
    lady = view["positions"][1]
    assert lady["token"] in (1, 2, 3, 4) and lady["took"] in (1, 3, 4)
    open_tiles = [t["number"] for t in view["tiles"] if t["status"] == "open"]
    assert len(open_tiles) == 2
    ann.act("draft", tile=open_tiles[0], pack_rats=2)   # 1 at the start + 1 for drafting 3rd
    bo.act("draft", tile=open_tiles[1])
    view = board.view()
    assert view["phase"] == "round_end"
    ann_row = next(p for p in view["players"] if p["name"] == "Ann")
    assert (ann_row["pack_rats"], ann_row["cats"], ann_row["underwear"]) == (0, 2, 1)
    assert {t["status"] for t in view["tiles"]} == {"taken", "removed"}


def test_pack_rat_bound_and_turn_over_http(three):
    board, (ann, bo, cy) = three
    board.act("start")
    ann.act("choose_position", position=1)
    bo.act("choose_position", position=2)
    cy.act("choose_position", position=4)
    r = ann.act("draft", tile=1, pack_rats=3, expect=400)
    assert "between 0 and 2" in r.json["error"]
    r = ann.act("draft", tile=1, pack_rats=2, expect=409)
    assert r.json["error"] == "Ann has only 1 pack rat."
    r = bo.act("draft", tile=1, expect=409)
    assert r.json["error"] == "It is Ann's turn to take a tile."
    ann.act("draft", tile=1, pack_rats=1)
    r = bo.act("draft", tile=1, expect=409)
    assert "already gone" in r.json["error"]
    bo.act("draft", tile=4)
    board.act("cat_lady_flip")
    cy.act("draft", tile=[t["number"] for t in board.view()["tiles"] if t["status"] == "open"][0])
    assert board.view()["phase"] == "round_end"
    assert "Next round" in board.html()
    board.act("next_round")
    assert board.view()["holder"]["name"] == "Bo"


def test_refusal_shown_on_the_phone_page(three):
    board, (ann, bo, cy) = three
    board.act("start")
    r = bo.client.post(f"/t/{board.code}/act/choose_position",
                       data={"version": bo.view()["version"], "as": "seat", "position": 1},
                       headers={"HX-Request": "true"})
    assert r.status_code == 409
    assert "It is Ann&#39;s turn to choose a draft position." in r.get_data(as_text=True)


def _to_scoring(board, phones):
    board.act("start")
    for _ in range(12):
        for i in range(len(phones)):
            view = board.view()
            free = next(p["number"] for p in view["positions"] if p["kind"] == "free")
            board.act("choose_position", position=free)
        while board.view()["phase"] == "draft":
            d = board.view()["drafting"]
            if d["kind"] == "cat_lady":
                board.act("cat_lady_flip")
            else:
                tile = next(t["number"] for t in board.view()["tiles"] if t["status"] == "open")
                board.act("draft", tile=tile)
        board.act("next_round")
    assert board.view()["phase"] == "scoring"


def test_scoring_a_full_game_with_a_vote(three):
    board, (ann, bo, cy) = three
    _to_scoring(board, [ann, bo, cy])
    r = ann.act("score", seat=2, expect=403, **PAD)
    assert "your own score pad" in r.json["error"]
    r = board.act("score", expect=400, **PAD)
    assert "whose score pad" in r.json["error"]
    r = ann.act("score", expect=400, **{**PAD, "magenta": 97})
    assert "between 0 and 96" in r.json["error"]
    r = ann.act("score", expect=400, **{k: v for k, v in PAD.items() if k != "mint"})
    assert "mint group is missing" in r.json["error"]
    ann.act("score", **PAD)
    bo.act("score", **PAD)
    board.act("score", seat=3, **{**PAD, "todo1": 0})
    view = board.view()
    ann_lines = next(p for p in view["pads"] if p["name"] == "Ann")["lines"]
    assert ann_lines["upper_total"] == 5 + 4 + 3 + 10 + 1
    assert ann_lines["colour_total"] == 5 + 3 + 1 + 0 and ann_lines["total"] == 32
    assert view["winners"] == [] and view["vote"]["voters"] == [{"id": 3, "name": "Cy", "voted": False}]
    r = board.act("vote", for_seat=1, expect=403)
    assert "outside the tie" in r.json["error"]
    r = ann.act("vote", for_seat=1, expect=409)
    assert "You are in the tie" in r.json["error"]
    assert "😻 Ann" in cy.html("seat")
    cy.act("vote", for_seat=2)
    view = board.view()
    assert view["over"] and view["winners"] == [{"id": 2, "name": "Bo"}]
    html = board.html()
    assert "Bo wins" in html and "Print or save as PDF" in html and "Play again" in html
    board.act("rematch")
    assert board.view()["phase"] == "select" and board.view()["game_no"] == 2


def test_score_pad_only_table(new_table, device):
    board = new_table(GAME, mode="scorepad")
    ann, bo = device(board).join("Ann"), device(board).join("Bo")
    board.act("start")
    assert board.view()["phase"] == "scoring" and board.view()["round"] is None
    ann.act("score", **PAD)
    bo.act("score", **{**PAD, "empty_spaces": 9})
    view = board.view()
    assert view["winners"] == [{"id": 1, "name": "Ann"}]
    assert next(p for p in view["pads"] if p["name"] == "Bo")["tied_on"] == "empty_spaces"


def test_solo_table_and_purr_sonal_best(new_table, device):
    board = new_table(GAME, mode="solo", solo_level="Medium", solo_target="20", todo1="3", todo2="1", todo3="2")
    ann = device(board).join("Ann")
    board.act("start")
    view = ann.view()
    assert view["solo"]["level"] == "Medium" and [t["card"] for t in view["todo"]] == [3, 1, 2]
    for r in range(1, 13):
        view = ann.view()
        if r % 2 == 0:
            assert view["blocked"] and all(p["blocked"] for p in view["positions"] if p["number"] in view["blocked"])
            blocked = view["blocked"][0]
            res = ann.act("choose_position", position=blocked, expect=409)
            assert "blocked position" in res.json["error"]
        free = next(p["number"] for p in view["positions"] if not p["blocked"])
        ann.act("choose_position", position=free)
        while ann.view()["phase"] == "draft":
            d = ann.view()["drafting"]
            if d["kind"] == "cat_lady":
                ann.act("cat_lady_flip")
            else:
                ann.act("draft", tile=next(t["number"] for t in ann.view()["tiles"] if t["status"] == "open"))
        ann.act("next_round")
    ann.act("score", **PAD)
    view = board.view()
    assert view["over"] and view["solo"]["beaten"]
    assert [(e["name"], e["level"], e["target"], e["score"]) for e in view["solo"]["best_log"]] == [("Ann", "Medium", 20, 32)]
    assert "Purr-sonal Best" in board.html() and "Medium (20)" in board.html()


def test_views_never_show_the_face_down_piles(three):
    board, (ann, bo, cy) = three
    board.act("start")
    for who in (board, ann):
        text = str(who.view())
        assert "tokens" not in text and "solo_deck" not in text


def play_solo_rounds(board) -> None:
    """Starts a solo table and plays its 12 rounds quickly from the board, up to the score pad."""
    board.act("start")
    for _ in range(12):
        view = board.view()
        board.act("choose_position", position=next(p["number"] for p in view["positions"] if not p["blocked"]))
        while board.view()["phase"] == "draft":
            if board.view()["drafting"]["kind"] == "cat_lady":
                board.act("cat_lady_flip")
            else:
                board.act("draft", tile=next(t["number"] for t in board.view()["tiles"] if t["status"] == "open"))
        board.act("next_round")


def test_purr_sonal_best_is_shown_across_a_groups_solo_tables(new_table, group_table, device):
    """The log lives in the group (issue 30): its other tables show it, a table without the group
    does not (a stranger's name and score never reach another table)."""
    first = group_table(GAME, mode="solo", solo_level="Easy", solo_target="10")
    ann = device(first).join("Ann")
    play_solo_rounds(first)
    ann.act("score", **PAD)
    second = group_table(GAME, mode="solo", solo_level="Hard", solo_target="150")
    device(second).join("Bo")
    html = second.html()
    assert "Purr-sonal Best" in html and "Ann" in html and "Easy (10)" in html
    assert [e["name"] for e in second.view()["solo"]["best_log"]] == ["Ann"]
    stranger = new_table(GAME, mode="solo", solo_level="Hard", solo_target="150")
    device(stranger).join("Bo")
    assert stranger.view()["solo"]["best_log"] == [] and "Ann" not in stranger.html()
    # A full game's pages never show the solo log.
    full = new_table(GAME, mode="full")
    assert "Purr-sonal Best" not in full.html()


def test_a_fifth_phone_watches_and_cannot_score(new_table, device):
    board = new_table(GAME, mode="scorepad")
    phones = [device(board).join(n) for n in ("Ann", "Bo", "Cy", "Di", "Ed")]
    assert "Only Ann, Bo, Cy, Di play; the others watch" in board.html()
    board.act("start")
    assert "You are watching this game" in phones[4].html("seat")
    r = phones[4].act("score", expect=409, **PAD)
    assert "watching" in r.json["error"]
    assert [p["name"] for p in board.view()["players"]] == ["Ann", "Bo", "Cy", "Di"]


def test_pack_rats_are_bounded_by_the_tiles_placed_over_http(three):
    """Issue #17: Ann drafting 4th (a cat toy and a pack rat, no tile) holds 2 pack rats but places
    one tile: a second pack rat, or one with a discarded pick, is refused with a sentence and her
    phone's forms offer only what the rules allow."""
    board, (ann, bo, cy) = three
    board.act("start")
    ann.act("choose_position", position=4)
    bo.act("choose_position", position=1)
    cy.act("choose_position", position=2)
    bo.act("draft", tile=1)
    cy.act("draft", tile=2)
    board.act("cat_lady_flip")
    assert ann.view()["drafting"]["mine"] and ann.view()["players"][0]["pack_rats"] == 2
    tile = next(t["number"] for t in board.view()["tiles"] if t["status"] == "open")
    r = ann.act("draft", tile=tile, pack_rats=2, expect=409)
    assert r.json["error"] == "Ann places only 1 tile this turn: a pack rat flips a tile as it is placed, so 1 pack rat at most."
    r = ann.act("draft", tile=tile, pack_rats=1, discard=1, expect=409)
    assert r.json["error"] == "Ann places no tile this turn, so there is nothing for a pack rat to flip."
    html = ann.html("seat")
    take, discard = html.split('class="pte-discard"')
    assert 'name="pack_rats" value="1"' in take and 'name="pack_rats" value="2"' not in take
    assert 'name="pack_rats"' not in discard and f"Discard tile {tile}" in discard
    ann.act("draft", tile=tile, pack_rats=1)
    ann_row = board.view()["players"][0]
    assert (ann_row["pack_rats"], ann_row["cats"]) == (1, 1)


def test_places_after_the_vote_on_every_screen_and_in_the_history(new_table, device):
    """Issue #17: after the cutest-cat vote the board and every phone read one "1st place", the
    winner's, and the history (page, JSON, CSV) keeps the same places."""
    board = new_table(GAME, mode="scorepad")
    ann, bo, cy = (device(board).join(n) for n in ("Ann", "Bo", "Cy"))
    board.act("start")
    ann.act("score", **PAD)
    bo.act("score", **PAD)
    cy.act("score", **{**PAD, "todo1": 0})
    cy.act("vote", for_seat=2)
    for html in (board.html("board"), ann.html("seat"), bo.html("seat"), cy.html("seat")):
        head = html.split("<thead>")[1].split("</thead>")[0]
        assert head.count("1st place") == 1 and head.count("2nd place") == 1 and head.count("3rd place") == 1
        assert head.index("Ann") < head.index("2nd place") < head.index("Bo") < head.index("1st place")
    totals = board.html("board").split('class="pte-totals"')[1].split("</ol>")[0]
    assert totals.index("Bo") < totals.index("1st place") < totals.index("Ann") < totals.index("2nd place")
    record = board.client.get(f"/t/{board.code}/history.json").json["games"][0]
    assert record["winners"] == ["Bo"] and record["places"] == {"Bo": 1, "Ann": 2, "Cy": 3}
    rows = csv.DictReader(io.StringIO(board.client.get(f"/t/{board.code}/history.csv").get_data(as_text=True)))
    assert {r["player"]: r["place"] for r in rows if r["round"] == "final"} == {"Ann": "2", "Bo": "1", "Cy": "3"}
    page = board.client.get(f"/t/{board.code}/history").get_data(as_text=True)
    assert '<tr class="score-places"><th scope="row">Place</th><td>2</td><td>1</td><td>3</td></tr>' in page


def test_to_do_goals_from_the_set_up_page_reach_the_board_and_the_score_pad(new_table, device, client):
    page = client.get(f"/new/{GAME}").get_data(as_text=True)
    assert 'name="goal_1_1"' in page and 'name="goal_3_4"' in page
    goals = {f"goal_{p}_{c}": f"Goal {p}.{c}" for p in (1, 2, 3) for c in (1, 2, 3, 4)}
    board = new_table(GAME, mode="full", **goals)
    phones = [device(board).join(name) for name in ("Ann", "Bo", "Cy")]
    _to_scoring(board, phones)     # starts the game, then plays its 12 rounds
    drawn = board.view()["todo"]
    html = board.html("board")
    for t in drawn:
        assert t["goal"] == f"Goal {t['pile']}.{t['card']}"
        assert f"card #{t['card']}: <q class=\"pte-goal\">Goal {t['pile']}.{t['card']}</q>" in html
    # the score pad names each list's goal beside its points: on a phone's form and the board's table
    goal = f'<small class="pte-goal">Goal 1.{drawn[0]["card"]}</small>'
    assert f"To Do List 1 {goal}" in phones[0].html("seat")
    phones[0].act("score", **PAD)
    assert f"To Do List 1<br>{goal}" in board.html("board")
