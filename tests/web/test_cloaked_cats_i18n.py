"""Cloaked Cats in the viewer's language: a seat in play names the deck's features in German, its
refusals come back as German sentences with the deck's words inside them translated too (errors.Term),
and an English phone at the same table keeps English. (That every sentence has German is
tests/web/test_i18n_web.py's; the lobby and an English seat are there too.)"""
from __future__ import annotations

from tests.conftest import DE, EN
from tests.web.test_cloaked_cats_web import game  # noqa: F401  (the started 3-player table fixture)


def page(client, path: str, headers: dict) -> str:
    r = client.get(path, headers=headers)
    assert r.status_code == 200
    return r.get_data(as_text=True)


def test_a_seat_in_play_names_the_decks_features_in_german(game):
    board, phones = game
    active = phones[board.view()["turn"]["seat"]]
    seat_html = page(active.client, f"/t/{board.code}/seat", DE)
    # category and feature names come from decks/cloaked_cats.toml, shown with |t
    assert "Haltung" in seat_html and "Fellfarbe" in seat_html and "Zylinder" in seat_html
    for english in ("Your secret cat", "Place the masks", "Coat colour", "Top hat", "Dance floor"):
        assert english not in seat_html, english


def test_refusals_in_german_and_english_at_one_table(game):
    board, phones = game
    turn = board.view()["turn"]
    active = phones[turn["seat"]]
    waiting = next(p for s, p in phones.items() if s != turn["seat"])

    r = active.post("act/play_cat", headers=DE, features=["seated_boss", "red_coat"])
    assert r.status_code == 400
    assert r.json == {"error": "Eine Katzenkarte zeigt 3 oder 4 Merkmale; du hast 2 gewählt."}
    # The category noun and the feature names come from the deck file: translated inside the sentence.
    r = active.post("act/play_cat", headers=DE, features=["seated_boss", "lazy_layabout", "red_coat"])
    assert r.json["error"] == ("Eine Katzenkarte zeigt nur ein Merkmal der Gruppe „Haltung“; "
                               "du hast Sitzender Boss und Fauler Faulpelz gewählt.")
    r = active.post("act/play_cat", headers=DE, features=["seated_boss", "striped", "top_hat"])
    assert r.json["error"] == "Eine Katzenkarte zeigt immer ein Merkmal der Gruppe „Fellfarbe“; wähl eins aus."
    r = active.post("act/end_turn", headers=DE)
    assert r.status_code == 409
    assert r.json["error"] == "Spiel zuerst eine Katzenkarte: tippe die Merkmale an, die darauf abgebildet sind."
    r = waiting.post("act/end_turn", headers=DE)
    assert r.status_code == 409 and r.json["error"] == f"{turn['name']} ist am Zug."

    # The same refusals, asked by an English phone at the same table, stay English.
    r = waiting.post("act/end_turn", headers=EN)
    assert r.json["error"] == f"It is {turn['name']}'s turn."
    r = active.post("act/play_cat", headers=EN, features=["seated_boss", "lazy_layabout", "red_coat"])
    assert r.json["error"] == "A cat card shows only one pose; you picked Seated boss and Lazy layabout."
    assert page(waiting.client, f"/t/{board.code}/seat", EN).count("Your secret cat") >= 1
    assert "Deine geheime Katze" not in page(waiting.client, f"/t/{board.code}/seat", EN)
    assert board.view()["cats"] == []                            # refused moves changed nothing
