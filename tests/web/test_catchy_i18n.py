"""Catchy! in the viewer's language: the board words a trick from the view's data with the deck's
colour names translated, and a refusal comes back in German for a German phone while an English phone
at the same table reads English. (That every sentence has German is tests/web/test_i18n_web.py's.)"""
import pytest

pytestmark = pytest.mark.both_backends

from tests.conftest import DE


def german(table, path):
    r = table.client.get(f"/t/{table.code}{path}", headers=DE)
    assert r.status_code == 200
    return r.get_data(as_text=True)


def test_a_trick_is_explained_in_german_with_the_decks_colours_translated(new_table):
    board = new_table("catchy", player_1="Ann", player_2="Bob")
    board.act("start_round", leader="1", players="names")
    board.act("play_trick", leader_color="Red", leader_number="5", follower_color="Red", follower_number="3")
    html = german(board, "/view?as=board")
    # the explanation is worded by the template from the view's data; "Red" comes from decks/catchy.toml
    assert "Ann hat Rot 5 ausgespielt, Bob hat Rot 3 gespielt." in html
    for english in ("Trick 2 of 7", "Both odd", "leads next", "Play the trick", ">Yellow<"):
        assert english not in html, english
    assert "Ann led Red 5, Bob played Red 3." in board.html("board")        # English for a browser asking nothing else


def test_refusals_come_back_in_the_viewers_language(new_table, device):
    board = new_table("catchy", player_1="P1", player_2="P2")
    ann = device(board).join("Ann")
    bob = device(board).join("Bob")
    bob.act("start_round", players="phones")
    # Ann follows this trick: entering the leader's card is not hers to do
    r = ann.post("act/play_trick", headers=DE, leader_color="Red", leader_number="2")
    assert r.status_code == 403
    assert r.json["error"] == "Du spielst in diesem Stich nach: gib nur deine eigene Karte ein."
    r = bob.post("act/play_trick", headers=DE, leader_color="Red", leader_number="9")
    assert r.status_code == 400
    assert r.json["error"] == "Die Zahl des Ausspielers muss zwischen 1 und 5 liegen."
    # the same refusal for an English phone stays English, and so does its page
    r = ann.post("act/play_trick", leader_color="Red", leader_number="2")
    assert r.json["error"] == "You are the follower this trick: enter only your own card."
    english = ann.client.get(f"/t/{board.code}/seat").get_data(as_text=True)
    assert "Your card" in english and "Du bist" not in english
