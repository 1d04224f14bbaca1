"""The Toolbox in German: the new-table form, the board and a seat in play, the log and the Toolbox's
own refusals, for a German browser; an English phone at the same table stays English."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.both_backends

DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en-US,en;q=0.9"}
EVERY_PART = ["timers", "dice", "bag", "deck", "track", "counters", "rounds", "picker"]


def test_the_new_table_form_in_german(client):
    html = client.get("/new/toolbox", headers=DE).get_data(as_text=True)
    for german in ("Welche Teile braucht euer Spiel?", "Beutel mit Spielsteinen", "Wertungsleiste",
                   "Startspieler-Auslosung", "Rot: 5, Blau: 5, Gelb: 5", "Ass, König, Dame, Bube", "Leben: 9"):
        assert german in html
    for english in ("Which parts does your game need?", "Bag of tokens", "Ace, King, Queen, Jack"):
        assert english not in html
    assert "Timer, Würfel, ein Beutel" in client.get("/", headers=DE).get_data(as_text=True)   # the blurb


def test_board_and_seat_in_play_in_german_and_english_beside_them(new_table, device):
    table = new_table("toolbox", parts=EVERY_PART, timers="Sanduhr: 30", bag="Rot: 2, Blau: 1",
                      deck="Ass, König", counters="Leben: 3", rounds="5")
    ann = device(table).join("Ann")
    bob = device(table).join("Bob")
    ann.act("roll")
    ann.act("bag_draw")
    table.act("deck_draw")
    table.act("score", entrant="1", delta="2")
    bob.act("round_next")
    ann.act("pick_first")
    table.act("timer_start", timer_index="0")

    board = table.client.get(f"/t/{table.code}", headers=DE).get_data(as_text=True)
    for german in ("Würfel", "Summe", "gewürfelt von Ann", "Zuletzt gezogen:", "Spielstein ziehen", "Karte ziehen",
                   "Gezogene ablegen", "Ziel: 10", "Zähler", 'Runde <span class="value-group">2 von 5</span>', "Nächste Runde ▶", "beginnt",
                   "Zufällig auslosen", "Pause", "Zurücksetzen", "Bob hat Runde 2 begonnen.",
                   "Das Spielbrett hat Ann auf 2 gesetzt (+2).", "als Startspieler ausgelost."):
        assert german in board, german
    for english in ("rolled by", "Last drawn", "Draw a token", "Next round", "goes first", "Pick at random",
                    "Recent", "began round", "The board"):
        assert english not in board, english

    seat = ann.client.get(f"/t/{table.code}/seat", headers=DE).get_data(as_text=True)
    for german in ("Der Tisch gerade", "gewürfelt von Ann", 'Runde <span class="value-group">2 von 5</span>', "Punkte: Ziel 10", "Spielsteine im Beutel",
                   "Karte zum Ziehen", "</strong> beginnt", "Ann plus eins", "Leben minus eins", "Zuletzt"):
        assert german in seat, german
    for english in ("The table now", "rolled by", "plus one", "minus one", "goes first", "in the bag"):
        assert english not in seat, english

    # An English phone at the same table, at the same moment, reads English.
    english = bob.client.get(f"/t/{table.code}/seat", headers=EN).get_data(as_text=True)
    for phrase in ("The table now", "rolled by Ann", 'Round <span class="value-group">2 of 5</span>', "</strong> goes first", "Bob began round 2.",
                   "The board set Ann to 2 (+2)."):
        assert phrase in english, phrase
    assert "gewürfelt" not in english and "Der Tisch gerade" not in english


def test_the_toolbox_refuses_in_german(new_table, device):
    table = new_table("toolbox", parts=["deck", "track"], track_for="teams", teams="Rot, Blau")
    phone = device(table).join("Ann")
    r = phone.client.post(f"/t/{table.code}/act/deck_discard", headers={**DE, "Accept": "application/json"},
                          data={"version": phone.view()["version"], "as": "seat"})
    assert r.status_code == 409 and r.json["error"] == "Es gibt keine gezogenen Karten zum Ablegen."
    r = phone.client.post(f"/t/{table.code}/act/roll", headers={**DE, "Accept": "application/json"},
                          data={"version": phone.view()["version"], "as": "seat"})
    assert r.status_code == 409 and r.json["error"] == "An diesem Tisch gibt es dieses Teil nicht: Würfel."
    r = phone.client.post(f"/t/{table.code}/act/score", headers={**DE, "Accept": "application/json"},
                          data={"version": phone.view()["version"], "as": "seat", "entrant": "Grün", "delta": "1"})
    assert r.status_code == 400 and r.json["error"] == "Dieses Team gibt es auf der Wertungsleiste nicht."
    r = phone.client.post(f"/t/{table.code}/act/deck_discard", headers={**EN, "Accept": "application/json"},
                          data={"version": phone.view()["version"], "as": "seat"})
    assert r.json["error"] == "There are no drawn cards to discard."


def test_the_new_table_options_refuse_in_german(client):
    headers = {**DE, "Accept": "application/json"}
    r = client.post("/tables", data={"game": "toolbox", "parts": ["bag"], "bag": "Rot"}, headers=headers)
    assert r.status_code == 400 and r.json["error"] == "Jeder Eintrag bei Beutelinhalt braucht eine Zahl, z. B. „Rot: 5“."
    r = client.post("/tables", data={"game": "toolbox", "parts": ["bag"], "bag": "Rot: viele"}, headers=headers)
    assert r.json["error"] == "Die Zahl für „Rot“ bei Beutelinhalt muss zwischen 0 und 200 liegen."
    r = client.post("/tables", data={"game": "toolbox", "parts": ["counters"], "counters": "Leben: 3, Leben: 4"},
                    headers=headers)
    assert r.json["error"] == "Die Einträge bei Zähler brauchen verschiedene Namen."
    r = client.post("/tables", data={"game": "toolbox", "parts": ["bag"], "bag": "Rot: 5"},
                    headers={**EN, "Accept": "application/json"})
    assert r.status_code == 303
    r = client.post("/tables", data={"game": "toolbox", "parts": ["bag"], "bag": "Red"},
                    headers={**EN, "Accept": "application/json"})
    assert r.json["error"] == "Each entry of bag contents needs a number, like 'Red: 5'."
