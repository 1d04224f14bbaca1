"""Finished games per table: the record (who played, scores by round, winners), its chart, the page
and the CSV/JSON downloads; undone endings are not in it, and secrets never are."""
from __future__ import annotations

import csv
import io
import json
import random

import pytest

from tests.web.test_catchy_web import trick
from tests.web.test_cloaked_cats_web import db_state, play_a_quick_turn

pytestmark = pytest.mark.both_backends  # records are kept by each backend (companion/storage)


@pytest.fixture
def catchy(new_table):
    return new_table("catchy", player_1="Ann", player_2="=Bob")


def finish_catchy(table, first: str = "6", second: str = "5"):
    """A round to the Arms for Ann; with 6 points before, she passes the target of 9."""
    table.act("start_round", leader="1", players="names")
    table.act("adjust", score_1=first, score_2=second)
    trick(table, "Red 4", "Red 2")
    trick(table, "Yellow 4", "Yellow 2")


def downloads(table):
    r = table.client.get(f"/t/{table.code}/history.json")
    assert r.status_code == 200 and r.mimetype == "application/json"
    assert r.headers["Content-Disposition"] == f'attachment; filename="cat-table-{table.code}-history.json"'
    as_json = json.loads(r.get_data(as_text=True))
    r = table.client.get(f"/t/{table.code}/history.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    as_csv = list(csv.DictReader(io.StringIO(r.get_data(as_text=True))))
    return as_json, as_csv


def test_nothing_is_recorded_before_a_game_ends(catchy):
    catchy.act("start_round", leader="1", players="names")
    as_json, as_csv = downloads(catchy)
    assert as_json == {"table": catchy.code, "game": "catchy", "games": [],
                       "summary": {"games": 0, "winners": [], "tally": []}}
    assert as_csv == []
    assert "No game has finished at this table yet" in catchy.client.get(f"/t/{catchy.code}/history").get_data(as_text=True)


def test_a_finished_game_is_kept_with_its_rounds_and_winner(catchy):
    finish_catchy(catchy)
    assert catchy.view()["phase"] == "game_over"
    as_json, as_csv = downloads(catchy)
    [game] = as_json["games"]
    assert game["players"] == ["Ann", "=Bob"] and game["winners"] == ["Ann"]
    assert game["scores"] == {"Ann": 9, "=Bob": 5}
    assert game["rounds"] == [{"round": 1, "scores": {"Ann": 9, "=Bob": 5}}]
    assert game["number"] == 1 and game["finished_at"] >= game["started_at"]
    final = [row for row in as_csv if row["round"] == "final"]
    assert [(r["player"], r["score"], r["winner"]) for r in final] == [("Ann", "9", "yes"), ("'=Bob", "5", "no")]
    # The end of the game shows the chart on the board and on the page of finished games: a game
    # decided in one round is a bar per player with its place (a one-point line says nothing).
    for html in (catchy.html("board"), catchy.client.get(f"/t/{catchy.code}/history").get_data(as_text=True)):
        assert '<svg viewBox="0 0 640 300" role="img"' in html and 'class="bar-chart"' in html
        assert "Final scores: Ann 9, =Bob 5" in html.replace("&#34;", '"').replace("&#61;", "=")
        assert "9 · place 1 🏆" in html and "5 · place 2" in html and "<polyline" not in html


def test_rematches_add_games_and_rounds_chart_over_time(catchy):
    finish_catchy(catchy)
    catchy.act("rematch")
    catchy.act("start_round", leader="1", players="names")
    trick(catchy, "Red 4", "Red 2")
    trick(catchy, "Yellow 4", "Yellow 2")                 # round 1: Ann 3
    catchy.act("start_round", leader="2")
    catchy.act("adjust", score_2="6")
    trick(catchy, "Red 4", "Red 2")
    trick(catchy, "Yellow 4", "Yellow 2")                 # round 2: Bob leads the same, to his Arms: 6 + 3
    as_json, _ = downloads(catchy)
    assert [g["number"] for g in as_json["games"]] == [1, 2]
    second = as_json["games"][1]
    assert second["rounds"] == [{"round": 1, "scores": {"Ann": 3, "=Bob": 0}},
                                {"round": 2, "scores": {"Ann": 3, "=Bob": 9}}]
    assert second["winners"] == ["=Bob"]
    assert catchy.html("board").count("<polyline") == 2   # the board shows the game just finished


def test_an_undone_ending_is_not_in_the_history(catchy):
    finish_catchy(catchy)
    catchy.client.post(f"/t/{catchy.code}/undo", data={"version": catchy.view()["version"], "as": "board"},
                       headers={"Accept": "application/json"})
    assert catchy.view()["phase"] == "playing"
    as_json, as_csv = downloads(catchy)
    assert as_json["games"] == [] and as_csv == []
    assert "<svg" not in catchy.html("board")


def test_toolbox_keeps_no_results(new_table):
    table = new_table("toolbox", parts=["track"])
    as_json, as_csv = downloads(table)
    assert as_json["games"] == [] and as_csv == []


def test_unknown_table_history_is_a_404_sentence(client):
    r = client.get("/t/ZZZZZZ/history.csv")
    assert r.status_code == 404


def test_cloaked_cats_history_never_holds_a_secret_feature(app, new_table, device):
    """Mid-game the record holds no points (they count unrevealed features); the finished game holds
    names, points and winners only: no feature of any cat, revealed or not."""
    board = new_table("cloaked-cats")
    phones = {p.view()["seat"]: p for p in (device(board).join(n) for n in ("Ann", "Bob", "Cy"))}
    board.act("start")
    rng = random.Random(7)
    secrets_ = {f for p in db_state(app, board.code)["players"] for f in p["features"]}
    seen_mid_game = False
    for _ in range(80):
        view = board.view()
        if view["phase"] == "over":
            break
        as_json, as_csv = downloads(board)
        assert as_json["games"] == [] and as_csv == []      # nothing before the end
        seen_mid_game = True
        play_a_quick_turn(app, board, phones, rng)
    assert seen_mid_game and board.view()["phase"] == "over"
    as_json, as_csv = downloads(board)
    [game] = as_json["games"]
    assert set(game["players"]) == {"Ann", "Bob", "Cy"}
    assert game["winners"] and set(game["winners"]) <= set(game["players"])
    rows = {r["name"]: r["points"] for r in board.view()["scores"]["rows"]}
    assert game["scores"] == rows
    text = json.dumps(as_json) + str(as_csv)
    assert not any(f in text for f in secrets_)             # no feature id anywhere in the record


def test_the_most_players_of_any_game_get_line_styles_told_apart_without_colour():
    """We Love Cats seats as many as its bag allows (9, issue #17): each gets its own line."""
    from companion.games.we_love_cats_rules import MAX_PLAYERS
    from companion.web.charts import score_chart
    players = [f"P{n}" for n in range(MAX_PLAYERS)]
    rounds = [{"round": n, "scores": {p: n for p in players}} for n in (1, 2)]
    chart = score_chart({"players": players, "winners": [], "rounds": rounds})
    assert len({(ln["dash"], ln["marker"]) for ln in chart["lines"]}) == MAX_PLAYERS
    assert len({ln["colour"] for ln in chart["lines"]}) == MAX_PLAYERS
    # all nine tied at every round: every marker has a spot of its own
    assert len({(px, py) for ln in chart["lines"] for px, py, _ in ln["points"]}) == 2 * MAX_PLAYERS


def test_a_game_that_scores_once_gets_bars_with_places_and_a_tie_shows_both():
    """Cloaked Cats and Pack the Essentials score once: a one-point "line" said nothing (issue #27)."""
    from companion.web.charts import score_chart
    result = {"players": ["Ann", "Ben", "Cleo"], "winners": ["Ann", "Ben"],
              "rounds": [{"round": 1, "scores": {"Ann": 62, "Ben": 62, "Cleo": 40}}]}
    chart = score_chart(result)
    assert chart["kind"] == "bars"
    bars = {b["name"]: b for b in chart["bars"]}
    assert {n: (b["score"], b["place"]) for n, b in bars.items()} == {"Ann": (62, 1), "Ben": (62, 1), "Cleo": (40, 3)}
    assert bars["Ann"]["x"] + bars["Ann"]["width"] < bars["Ben"]["x"]          # side by side, both seen
    assert bars["Ann"]["height"] == bars["Ben"]["height"] > bars["Cleo"]["height"]
    # a game's own ranking (a tie-break, a vote) gives the places when it has one
    chart = score_chart(dict(result, places={"Ann": 2, "Ben": 1, "Cleo": 3}))
    assert [b["place"] for b in chart["bars"]] == [2, 1, 3]
