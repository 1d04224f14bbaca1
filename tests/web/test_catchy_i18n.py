"""Catchy! in German: the board and a player's phone in play, a trick explained step by step, the
round's result, the log and a refusal, all in the viewer's language (Accept-Language), while an
English phone at the same table stays English (translations/README.md, tools/de/catchy.py)."""
import pytest

pytestmark = pytest.mark.both_backends

DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
JSON = {"Accept": "application/json"}


def german(table, path):
    r = table.client.get(f"/t/{table.code}{path}", headers=DE)
    assert r.status_code == 200
    return r.get_data(as_text=True)


def post(table, move, headers, **fields):
    data = {"version": table.view()["version"], "as": "seat" if table.view()["seat"] else "board", **fields}
    return table.client.post(f"/t/{table.code}/act/{move}", data=data, headers={**JSON, **headers})


def test_the_board_explains_a_trick_and_a_round_in_german(new_table):
    board = new_table("catchy", player_1="Ann", player_2="Bob")
    new_page = board.client.get("/new/catchy", headers=DE).get_data(as_text=True)
    assert "Spieler 1 (linkes Ende der Strecke)" in new_page and 'value="Spieler 1"' in new_page
    assert "Player 1 (left end" not in new_page
    board.act("start_round", leader="1", players="names")
    board.act("play_trick", leader_color="Red", leader_number="5", follower_color="Red", follower_number="3")
    html = german(board, "/view?as=board")
    for phrase in ("Stich 2 von 7", "Bob spielt aus", "Ann hat Rot 5 ausgespielt, Bob hat Rot 3 gespielt.",
                   "Ann gewinnt den Stich: beide sind Rot, also gewinnt die höhere Zahl: 5 schlägt 3.",
                   "Beide ungerade (5 und 3): die Katze wird auf Blau gedreht.",
                   "Blaue Seite oben, Blau läuft zum Verlierer: ein Schritt in Richtung Bob.",
                   "Bob spielt als Nächstes aus.", "Arme von Ann", "BLAU", "Stich spielen", "Erst prüfen",
                   "Brett: Runde 1 beginnt, Ann spielt aus", "ungerade", "Gelb"):
        assert phrase in html, phrase
    for english in ("Trick 2 of 7", "Both odd", "moves toward", "leads next", "Play the trick", "Ann's Arms",
                    "BLUE", "Recent", ">Yellow<"):
        assert english not in html, english
    # Blue side up, Ann wins and the cat walks on toward the loser, into Bob's Arms: the round is scored.
    board.act("play_trick", leader_color="Blue", leader_number="2", follower_color="Blue", follower_number="4")
    html = german(board, "/view?as=board")
    assert "Runde 1 ist vorbei: die Katze hat ein Arme-Feld erreicht." in html
    assert "Die Katze liegt in den Armen von Bob: 3 Punkte für Bob." in html
    assert "Runde 2: wer hat die Startkarte?" in html and "Bob hat sie" in html
    assert "Round 1 is over" not in html and "points to Bob" not in html
    # ...and in English for a browser that asks for nothing else
    english = board.html("board")
    assert "The cat is in Bob's Arms: 3 points to Bob." in english


def test_a_players_phone_in_german_and_an_english_phone_at_the_same_table(new_table, device):
    board = new_table("catchy", player_1="P1", player_2="P2")
    ann = device(board).join("Ann")
    bob = device(board).join("Bob")
    bob.act("start_round", players="phones")              # Bob holds the Starting card: Bob leads
    bob.act("play_trick", leader_color="Blue", leader_number="5")
    seat = german(ann, "/seat")
    for phrase in ("Du bist <strong>Ann</strong>: Spieler 1, das linke Ende der Strecke.", "Stich 1 von 7",
                   "Bob spielt aus", "Bob hat", "Blau 5", "Deine Karte (du spielst nach)",
                   "Diese Karte habe ich gespielt", "Ann (du)", "Gespielte Stiche"):
        assert phrase in seat, phrase
    for english in ("You are", "Your card", "I played this card", "leads", "Tricks played"):
        assert english not in seat, english
    english = bob.client.get(f"/t/{board.code}/seat").get_data(as_text=True)
    assert "Your card (you lead)" in english and "You entered" in english and "Du bist" not in english


def test_refusals_come_back_in_the_viewers_language(new_table, device):
    board = new_table("catchy", player_1="P1", player_2="P2")
    ann = device(board).join("Ann")
    bob = device(board).join("Bob")
    bob.act("start_round", players="phones")
    # Ann follows this trick: entering the leader's card is not hers to do
    r = post(ann, "play_trick", DE, leader_color="Red", leader_number="2")
    assert r.status_code == 403
    assert r.json["error"] == "Du spielst in diesem Stich nach: gib nur deine eigene Karte ein."
    r = post(bob, "play_trick", DE, leader_color="Red", leader_number="9")
    assert r.status_code == 400
    assert r.json["error"] == "Die Zahl des Ausspielers muss zwischen 1 und 5 liegen."
    r = post(bob, "start_round", DE)
    assert r.status_code == 409 and r.json["error"] == "Runde 1 wird noch gespielt."
    # the same refusal for an English phone stays English
    r = post(ann, "play_trick", {}, leader_color="Red", leader_number="2")
    assert r.json["error"] == "You are the follower this trick: enter only your own card."
