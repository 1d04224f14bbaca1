"""Cloaked Cats in German: the board and a seat in play speak German to a German browser, its refusals
come back as German sentences (with the deck's words inside them translated too), an English phone
at the same table keeps English, and every string of the game has German in the catalogue."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from companion.games import cloaked_cats as cc

ROOT = Path(__file__).resolve().parent.parent.parent
DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en-GB,en;q=0.9"}


@pytest.fixture
def game(new_table, device):
    """A started 3-player table: (board, {seat_id: phone})."""
    board = new_table("cloaked-cats")
    phones = [device(board).join(n) for n in ("Ann", "Bob", "Cy")]
    board.act("start")
    return board, {p.view()["seat"]: p for p in phones}


def post(phone, move: str, headers: dict, **fields):
    """A move from a JSON-speaking phone in the given language; returns the response."""
    data = {"version": phone.view()["version"], "as": "seat", **fields}
    return phone.client.post(f"/t/{phone.code}/act/{move}", data=data,
                             headers={"Accept": "application/json", **headers})


def page(client, path: str, headers: dict) -> str:
    r = client.get(path, headers=headers)
    assert r.status_code == 200
    return r.get_data(as_text=True)


def test_board_and_seat_in_play_are_german(game):
    board, phones = game
    turn = board.view()["turn"]
    active = phones[turn["seat"]]
    board_html = page(board.client, f"/t/{board.code}", DE)
    for german in ("Tanzfläche", "Runde 1", "Vorrat", "Auf Katzen", "Erhalten",
                   f"<strong>{turn['name']}</strong> spielt eine Katzenkarte und tippt ihre Merkmale auf dem Handy an."):
        assert german in board_html, german
    for english in ("Dance floor", "Round 1", "Stockpile", "On cats", "plays a cat card"):
        assert english not in board_html, english

    seat_html = page(active.client, f"/t/{board.code}/seat", DE)
    for german in ("Deine geheime Katze", "nur auf diesem Handy", "Du bist dran: spiel eine Katzenkarte",
                   "Masken verteilen", "Haltung", "Fellfarbe", "Zylinder", "Tanzfläche: 0 Katzen"):
        assert german in seat_html, german
    for english in ("Your secret cat", "Place the masks", "Coat colour", "Top hat", "Dance floor"):
        assert english not in seat_html, english

    # After a cat and a wrong guess, the history and the last guess read in German too.
    active.act("play_cat", features=["seated_boss", "top_hat", "red_coat"])
    mine = {f["id"] for f in active.view()["mine"]["features"]}
    other = next(s for s in phones if s != turn["seat"])
    wrong = next(f for f in cc.FEATURE_IDS if f in mine)        # one's own feature: always a wrong guess
    active.act("guess", target=other, feature=wrong)
    board_html = page(board.client, f"/t/{board.code}", DE)
    assert "hat Katze Nr. 1 gespielt" in board_html and "Was geschah" in board_html
    assert "<strong>falsch</strong>" in board_html and "gibt" in board_html
    assert "What happened" not in board_html and "played cat #1" not in board_html


def test_refusals_in_german_and_english_at_one_table(game):
    board, phones = game
    turn = board.view()["turn"]
    active = phones[turn["seat"]]
    waiting = next(p for s, p in phones.items() if s != turn["seat"])

    r = post(active, "play_cat", DE, features=["seated_boss", "red_coat"])
    assert r.status_code == 400
    assert r.json == {"error": "Eine Katzenkarte zeigt 3 oder 4 Merkmale; du hast 2 gewählt."}
    # The category noun and the feature names come from the deck file: translated inside the sentence.
    r = post(active, "play_cat", DE, features=["seated_boss", "lazy_layabout", "red_coat"])
    assert r.json["error"] == ("Eine Katzenkarte zeigt nur ein Merkmal der Gruppe „Haltung“; "
                               "du hast Sitzender Boss und Fauler Faulpelz gewählt.")
    r = post(active, "play_cat", DE, features=["seated_boss", "striped", "top_hat"])
    assert r.json["error"] == "Eine Katzenkarte zeigt immer ein Merkmal der Gruppe „Fellfarbe“; wähl eins aus."
    r = post(active, "end_turn", DE)
    assert r.status_code == 409
    assert r.json["error"] == "Spiel zuerst eine Katzenkarte: tippe die Merkmale an, die darauf abgebildet sind."
    r = post(waiting, "end_turn", DE)
    assert r.status_code == 409 and r.json["error"] == f"{turn['name']} ist am Zug."

    # The same refusals, asked by an English phone at the same table, stay English.
    r = post(waiting, "end_turn", EN)
    assert r.json["error"] == f"It is {turn['name']}'s turn."
    r = post(active, "play_cat", EN, features=["seated_boss", "lazy_layabout", "red_coat"])
    assert r.json["error"] == "A cat card shows only one pose; you picked Seated boss and Lazy layabout."
    assert page(waiting.client, f"/t/{board.code}/seat", EN).count("Your secret cat") >= 1
    assert "Deine geheime Katze" not in page(waiting.client, f"/t/{board.code}/seat", EN)
    assert board.view()["cats"] == []                            # refused moves changed nothing


def test_a_refusal_in_the_german_page_is_german(game):
    board, phones = game
    active = phones[board.view()["turn"]["seat"]]
    r = active.client.post(f"/t/{board.code}/act/play_cat",
                           data={"version": active.view()["version"], "as": "seat", "features": ["seated_boss"]},
                           headers={"HX-Request": "true", **DE})
    assert r.status_code == 400
    assert "Eine Katzenkarte zeigt 3 oder 4 Merkmale; du hast 1 gewählt." in r.get_data(as_text=True)


def _game_msgids() -> set:
    """Every msgid of Cloaked Cats: its templates, its refusals and N_-marked sentences, and the
    names of its deck file listed in translations/names/."""
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2)}
    found = set()
    for path in sorted((ROOT / "templates" / "games" / "cloaked-cats").glob("*.html")):
        found |= {m[1] if isinstance(m[1], str) else m[1][0] for m in extract_from_file("jinja2", str(path), keywords)}
    tree = ast.parse((ROOT / "companion" / "games" / "cloaked_cats.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in {"RuleError", "BadInput", "N_"} and node.args and \
                isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            found.add(node.args[0].value)
    for deck_word in (*[f["name"] for f in cc.DECK["features"]], *[c["name"] for c in cc.DECK["colours"]],
                      *[c["name"] for c in cc.DECK["categories"]], *[c["noun"] for c in cc.DECK["categories"]]):
        found.add(deck_word)
    return found


def test_every_string_of_the_game_has_german():
    po = read_po((ROOT / "translations" / "de" / "LC_MESSAGES" / "messages.po").open("rb"))
    msgids = _game_msgids()
    assert len(msgids) > 100                                     # the extraction really found the game
    missing = sorted(m for m in msgids if po.get(m) is None or not po.get(m).string)
    assert missing == [], "add them to tools/de/cloaked_cats.py and run python tools/translations.py"
