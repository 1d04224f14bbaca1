"""We Love Cats in the viewer's language: a refusal with words from the deck in it (a colour and a die
face's verb, errors.Term) in German, while an English phone at the same table stays English, and no
English left in the log over a whole German game (every kind of line is worded by the templates).
(That every sentence has German is test_i18n_web.py's.)"""
from __future__ import annotations

import random

import pytest

from tests.conftest import DE, EN
from tests.web.test_we_love_cats_web import play_one_step, seat_id

GERMAN_COLOUR = {"yellow": "Gelb", "orange": "Orange", "red": "Rot", "purple": "Lila", "blue": "Blau", "green": "Grün"}
GERMAN_VERB = {"right": "nach rechts weitergeben", "left": "nach links weitergeben", "swap": "tauschen", "lose": "verlieren"}


def page(phone, role: str, headers: dict) -> str:
    r = phone.client.get(f"/t/{phone.code}/view?as={role}", headers=headers)
    assert r.status_code == 200
    return r.get_data(as_text=True)


@pytest.fixture
def table(new_table, device):
    board = new_table("we-love-cats")
    phones = {name: device(board).join(name) for name in ("Ann", "Bob", "Cy")}
    return board, phones


def test_board_and_seats_in_play_speak_each_viewers_language(table):
    board, phones = table
    board.act("start", first_seat=seat_id(phones["Ann"]))
    ann, bob, cy = phones["Ann"], phones["Bob"], phones["Cy"]
    # Ann rolls until a result asks her for a colour (5 faces in 6 do).
    for _ in range(40):
        ann.act("roll", "seat", 200, headers=DE)
        if any(d["needs_color"] for d in ann.view()["dice"]):
            break
        ann.act("resolve", die=0)
        ann.act("resolve", die=1)
        while board.view()["turn"]["seat_id"] != seat_id(ann):
            play_one_step(board, phones, random.Random(1))
    v = ann.view()
    die = next(d for d in v["dice"] if d["needs_color"])
    seat = page(ann, "seat", DE)
    # the die face's verb from decks/we_love_cats.toml, inside a template sentence (|t)
    assert f"Welche Katze willst du {GERMAN_VERB[die['face']]}?" in seat
    for english in ("Your turn", "Your cats", "Which cat will you", "Rolled by", "Everyone's cats", " rolled "):
        assert english not in seat, english
    # A refusal comes back in the viewer's language, the deck's words (colour, verb) translated too.
    mine = next(p for p in v["players"] if p["is_me"])["by_color"]
    missing = next(c for c, n in mine.items() if n == 0)
    r = ann.act("resolve", "seat", 409, headers=DE, die=die["index"], color=missing)
    assert r.json["error"] == (f"Du hast keine Katze in {GERMAN_COLOUR[missing]}, "
                               f"die du {GERMAN_VERB[die['face']]} könntest.")
    assert bob.act("roll", "seat", 409, headers=DE).json["error"] == "Ann ist dran, nicht du."
    # Cy's phone at the same table is English, refusals included.
    english = page(cy, "seat", EN)
    assert "<strong>Ann</strong> is resolving the dice." in english and "Your cats" in english
    assert "cats in the bag" in english and "Deine Katzen" not in english and "Würfel" not in english
    assert cy.act("roll", "seat", 409, headers=EN).json["error"] == "It is Ann's turn, not yours."


def test_every_line_of_a_whole_game_reads_in_german(table):
    """Each kind of log line (roll, adopt, lose, swap, pass, skip, the end) is worded by the templates:
    a whole game, the German board after every step, with no English sentence left in the log."""
    board, phones = table
    board.act("start")
    rng = random.Random(3)
    kinds, seen_pass = set(), False
    for _ in range(3000):
        v = board.view()
        if v["phase"] == "over":
            break
        play_one_step(board, phones, rng)
        log = page(board, "board", DE).split('class="log-list"', 1)[1].split("</ol>", 1)[0]
        kinds |= {e["kind"] for e in board.view()["log"]}
        seen_pass |= "weitergegeben" in log
        for english in (" rolled ", " adopted ", " passed ", " swapped ", " lost ", "skipped", " wins", "The bag"):
            assert english not in log, (english, log)
    else:
        pytest.fail("the game did not end")
    assert {"deal", "roll", "adopt", "pass"} <= kinds and kinds & {"win_colors", "win_bag"} and seen_pass
    end = page(board, "board", DE)
    assert "🏆" in end and ("jeder Farbe und gewinnt" in end or "Der Beutel ist leer" in end)
    assert "Noch einmal spielen" in end and "Play again" not in end
