"""Catchy! through HTTP: table creation with its options, every move, refusals with their sentences
(400/403/409), undo through the engine, phones as the players, and what each screen shows."""
import pytest

from tests.conftest import HTMX, JSON


pytestmark = pytest.mark.both_backends  # the same tests on SQLite and on Redis (tests/conftest.py)


@pytest.fixture
def table(new_table):
    return new_table("catchy", player_1="Ann", player_2="Bob")


def trick(table, lead, follow, expect=200, **extra):
    fields = {}
    for role, card in (("leader", lead), ("follower", follow)):
        if card is None:
            continue
        colour, number = card.split()
        if colour == "Joker":
            fields[f"{role}_joker"] = "1"
        else:
            fields[f"{role}_color"] = colour
        fields[f"{role}_number"] = number
    return table.act("play_trick", expect=expect, **fields, **extra)


def test_new_table_page_has_the_player_names_and_card_options(client):
    html = client.get("/new/catchy").get_data(as_text=True)
    for name in ('name="player_1"', 'name="player_2"', 'name="colors"', 'name="max_number"'):
        assert name in html
    assert 'value="Player 1"' in html and 'value="Red, Blue, Yellow"' in html


def test_defaults_and_option_refusals(client, new_table):
    view = new_table("catchy").view()
    assert [p["name"] for p in view["players"]] == ["Player 1", "Player 2"]
    assert view["phase"] == "setup" and view["colors"] == ["Red", "Blue", "Yellow"] and view["numbers"] == [1, 2, 3, 4, 5]
    r = client.post("/tables", data={"game": "catchy", "player_1": "Ann", "player_2": "ann"}, headers=JSON)
    assert r.status_code == 400 and "different names" in r.json["error"]
    r = client.post("/tables", data={"game": "catchy", "max_number": "99"}, headers=JSON)
    assert r.status_code == 400 and "between 3 and 20" in r.json["error"]
    r = client.post("/tables", data={"game": "catchy", "colors": "Red"}, headers=JSON)
    assert r.status_code == 400 and "2 to 6 entries" in r.json["error"]
    custom = new_table("catchy", colors="Green, Pink", max_number="7").view()
    assert custom["colors"] == ["Green", "Pink"] and custom["numbers"][-1] == 7


def test_a_trick_through_http_and_view_json(table):
    table.act("start_round", leader="1", players="names")
    trick(table, "Red 5", "Red 3")
    v = table.view()
    assert (v["position"], v["side"], v["trick"], v["round"], v["leader"], v["scores"]) == (1, "blue", 1, 1, 2, [0, 0])
    assert v["last"]["winner"] == 1 and v["last"]["explanation"][2]["mood"] == "both_odd"
    assert v["winners"] == []
    html = table.html("board")
    assert "Both odd (5 and 3): the cat flips to blue." in html and "Trick 2 of 7" in html
    assert 'data-pos="1"' in html and "BLUE" in html


def test_check_first_then_play(table):
    table.act("start_round", leader="2", players="names")
    trick(table, "Joker 4", "Blue 3", check="1")
    v = table.view()
    assert v["trick"] == 0 and v["pending"]["check"]
    html = table.html("board")
    assert "Joker and a 3: the cat flips to blue but does not move." in html and "If you play this trick" in html
    trick(table, "Joker 4", "Blue 3")
    v = table.view()
    assert (v["trick"], v["position"], v["side"], v["leader"]) == (1, 0, "blue", 2)


@pytest.mark.parametrize("fields, status, sentence", [
    ({"leader_color": "Red", "leader_number": "9", "follower_color": "Red", "follower_number": "1"}, 400, "between 1 and 5"),
    ({"leader_color": "Purple", "leader_number": "2"}, 400, "one of: Red, Blue, Yellow"),
    ({"leader_color": "Red"}, 400, "number on the leader's card"),
    ({"leader_number": "2"}, 400, "colour of the leader's card"),
    ({"leader_number": "two"}, 400, "whole number"),
    ({"leader_joker": "maybe", "leader_number": "2"}, 400, "yes or no"),
    ({}, 400, "Enter a card"),
])
def test_play_trick_refusals_change_nothing(table, fields, status, sentence):
    table.act("start_round", leader="1", players="names")
    before = table.view()
    r = table.act("play_trick", expect=status, **fields)
    assert sentence in r.json["error"]
    assert table.view() == before


def test_moves_out_of_their_phase_are_409(table):
    r = trick(table, "Red 5", "Red 3", expect=409)
    assert "start a round first" in r.json["error"]
    r = table.act("adjust", expect=409, position="1")
    assert "nothing to correct" in r.json["error"]
    r = table.act("rematch", expect=409)
    assert "not started" in r.json["error"]
    table.act("start_round", leader="1", players="names")
    r = table.act("start_round", expect=409, leader="2")
    assert "still being played" in r.json["error"]
    r = table.act("start_round", expect=400, leader="3")
    assert "between 1 and 2" in r.json["error"]


def test_refusal_shows_on_the_board_for_htmx(table):
    table.act("start_round", leader="1", players="names")
    r = table.client.post(f"/t/{table.code}/act/play_trick",
                          data={"version": table.view()["version"], "as": "board", "leader_number": "2"}, headers=HTMX)
    assert r.status_code == 400 and "data-answer" in r.get_data(as_text=True)
    assert "Pick the colour of the leader&#39;s card" in r.get_data(as_text=True)


def test_a_whole_round_to_the_arms_then_the_next_round(table):
    table.act("start_round", leader="1", players="names")
    trick(table, "Red 4", "Red 2")
    trick(table, "Yellow 4", "Yellow 2")
    v = table.view()
    assert v["phase"] == "round_over" and v["scores"] == [3, 0] and v["position"] == -2
    assert (v["round_end"]["why"], v["round_end"]["where"], v["round_end"]["player"]) == ("arms", "arms", "Ann")
    html = table.html("board")
    assert "Round 1 is over: the cat reached an Arms space." in html
    assert "The cat is in Ann's Arms: 3 points to Ann." in html
    assert "Round 2: who holds the Starting card?" in html
    table.act("start_round", leader="2")
    v = table.view()
    assert (v["round"], v["position"], v["side"], v["leader"], v["trick"]) == (2, 0, "red", 2, 0)


def test_game_over_both_win_and_rematch(table):
    table.act("start_round", leader="1", players="names")
    table.act("adjust", score_1="6", score_2="6")
    for _ in range(7):
        trick(table, "Joker 2", "Red 3")   # the cat never moves: 1 point each
    v = table.view()
    assert v["phase"] == "game_over" and v["winners"] == [1, 2] and v["winner_names"] == ["Ann", "Bob"]
    assert "Both win: Ann and Bob!" in table.html("board")
    table.act("rematch")
    v = table.view()
    assert v["phase"] == "setup" and v["scores"] == [0, 0] and v["round"] == 0


def test_adjust_through_http_and_its_bounds(table):
    table.act("start_round", leader="1", players="names")
    table.act("adjust", position="1", side="blue", score_1="2", score_2="4", round="2", trick="3", leader="2")
    v = table.view()
    assert (v["position"], v["side"], v["scores"], v["round"], v["trick"], v["leader"]) == (1, "blue", [2, 4], 2, 3, 2)
    assert v["log"][0]["kind"] == "corrected"
    assert "Board: corrected cat position → 1, cat side → blue, round → 2, tricks played → 3, leader → Bob, " \
           "Ann's score → 2, Bob's score → 4" in table.html("board")
    for field, value, sentence in (("position", "3", "between -2 and 2"), ("side", "green", "red, blue"),
                                   ("trick", "8", "between 0 and 7"), ("score_1", "-1", "between 0 and 99")):
        r = table.act("adjust", expect=400, **{field: value})
        assert sentence in r.json["error"]
    assert table.view()["position"] == 1


def test_undo_restores_the_cat_through_the_engine(table):
    table.act("start_round", leader="1", players="names")
    trick(table, "Red 5", "Red 3")
    assert table.view()["position"] == 1
    r = table.client.post(f"/t/{table.code}/undo", data={"version": table.view()["version"]}, headers=JSON)
    assert r.status_code == 200
    v = table.view()
    assert (v["position"], v["side"], v["trick"], v["leader"], v["last"]) == (0, "red", 0, 1, None)


def test_two_phones_are_the_players_and_enter_their_own_cards(table, device):
    ann = device(table).join("Ann P")
    bob = device(table).join("Bob P")
    cat = device(table).join("Cat")
    assert "I hold the Starting card" in bob.html("seat")
    bob.act("start_round", players="phones")
    v = table.view()
    assert v["phones"] and [p["name"] for p in v["players"]] == ["Ann P", "Bob P"] and v["leader"] == 2
    assert bob.view()["me"] == 2 and cat.view()["watching"]
    # Bob leads: Ann may not enter Bob's card, Cat may not play at all
    r = trick(ann, "Red 5", None, expect=403)
    assert "only your own card" in r.json["error"]
    r = trick(cat, "Red 5", None, expect=403)
    assert "two players' phones" in r.json["error"]
    trick(bob, "Red 5", None)
    assert table.view()["pending"]["lead"]["name"] == "Red 5"
    assert "Bob P led" in table.html("board") and "Bob P played" in ann.html("seat")
    trick(ann, None, "Blue 1")
    v = table.view()
    assert v["trick"] == 1 and v["last"]["off_colour"] and v["last"]["winner"] == 2
    assert "⚠ Ann P did not follow Red" in cat.html("seat")
    assert "You are watching" in cat.html("seat") and "You are <strong>Ann P</strong>" in ann.html("seat")
    # a player's phone may undo its own entry; the other player's phone may not
    r = bob.client.post(f"/t/{table.code}/undo", data={"version": bob.view()["version"], "as": "seat"}, headers=JSON)
    assert r.status_code == 403
    r = ann.client.post(f"/t/{table.code}/undo", data={"version": ann.view()["version"], "as": "seat"}, headers=JSON)
    assert r.status_code == 200 and table.view()["trick"] == 0


def test_before_round_1_the_course_names_the_phones_the_deal_would_take(new_table, device):
    """Issue #17: with Ann and Ben joined, the course and scores read "Player 1 / Player 2" before
    round 1. As soon as two phones have joined, the board and every phone name the first two seats
    (the players the phones' start takes); a third phone watches and changes nothing."""
    board = new_table("catchy")                       # no names typed: "Player 1" / "Player 2"
    ann = device(board).join("Ann")
    assert [p["name"] for p in board.view()["players"]] == ["Player 1", "Player 2"]   # one phone: not yet
    ben = device(board).join("Ben")
    cy = device(board).join("Cy")
    for client, role in ((board, "board"), (ann, "seat"), (ben, "seat"), (cy, "seat")):
        assert [p["name"] for p in client.view()["players"]] == ["Ann", "Ben"]
        html = client.html(role)
        course = html.split('class="catchy-course"')[1].split('class="catchy-scores"')[0]
        scores = html.split('class="catchy-scores"')[1].split('class="counters"')[0]
        assert "Ann" in course and "Ben" in course and "Player 1" not in course and "Player 2" not in course
        assert "Ann" in scores and "Ben" in scores and "Player" not in scores
    # the tablet-only start keeps the typed names, and then those are the players
    board_html = board.html("board")
    assert "Player 1 has it" in board_html and "Ann has it" in board_html
    board.act("start_round", leader="1", players="names")
    assert [p["name"] for p in board.view()["players"]] == ["Player 1", "Player 2"]


def test_phones_wait_for_two_and_tablet_tables_keep_phones_watching(table, device):
    ann = device(table).join("Ann P")
    r = ann.act("start_round", expect=409, players="phones")
    assert "Two phones" in r.json["error"]
    table.act("start_round", leader="1", players="names")
    assert ann.view()["watching"] and not ann.view()["phones"]
    r = trick(ann, "Red 5", None, expect=403)
    assert "use the board" in r.json["error"]
    assert "The players use the board at this table" in ann.html("seat")


def test_names_are_escaped(new_table):
    t = new_table("catchy", player_1="<b>Ann</b>", player_2="Bob")
    t.act("start_round", leader="1", players="names")
    html = t.html("board")
    assert "<b>Ann</b>" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html


def test_nothing_is_secret_every_screen_gets_the_same_game_view(table, device):
    watcher = device(table).join("Cat")
    table.act("start_round", leader="1", players="names")
    trick(table, "Red 5", None)                  # a card entered but not yet played
    board, seat = table.view(), watcher.view()
    viewer_keys = {"seat", "me", "watching"}
    assert {k: v for k, v in board.items() if k not in viewer_keys} == \
        {k: v for k, v in seat.items() if k not in viewer_keys}
    assert seat["pending"]["lead"]["name"] == "Red 5" and seat["watching"] and not board["watching"]
