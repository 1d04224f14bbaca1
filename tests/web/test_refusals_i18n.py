"""The engine's refusals in the viewer's language: a field refusal (400) with its label translated, a
part's refusal (409), a seat undoing what only the host may undo (403), an unknown table (404) and a
stale version (409), each as JSON and as the htmx/HTML answer a page gets, in German for a German
browser, while an English one at the same table keeps reading English."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.both_backends

from tests.conftest import DE, EN, HTMX, JSON


def both(table, move: str, **fields) -> tuple:
    """The same refused move as JSON, then as an htmx tap, in German; then as JSON in English."""
    return (table.post(f"act/{move}", "board", headers=DE, **fields),
            table.post(f"act/{move}", "board", headers={**DE, **HTMX}, **fields),
            table.post(f"act/{move}", "board", headers=EN, **fields))


def flash(r) -> str:
    """The sentence an htmx answer gives the page's #flash (which table.js shows by the finger)."""
    html = r.get_data(as_text=True)
    start = html.index("data-answer>") + len("data-answer>")
    return html[start:html.index("</p>", start)]


def test_a_field_refusal_names_its_field_in_german(new_table):
    table = new_table("toolbox", parts=["counters"], counters="Lives: 3")
    german, htmx, english = both(table, "count", counter_index="0", delta="500")
    assert german.status_code == htmx.status_code == english.status_code == 400
    assert german.json["error"] == "Änderung muss zwischen -99 und 99 liegen."      # label "change" -> "Änderung"
    assert flash(htmx) == "Änderung muss zwischen -99 und 99 liegen."
    html = htmx.get_data(as_text=True)
    assert 'id="view"' in html                                                    # the fresh view came with it
    # ...and the sentence beside it, out of band into #flash, not inside the view a refresh replaces
    assert html.index("</main>") < html.index('<div id="flash" hx-swap-oob="innerHTML">') < html.index("data-answer>")
    assert english.json["error"] == "Change must be between -99 and 99."
    german, htmx, english = both(table, "count", counter_index="first", delta="1")
    assert german.json["error"] == "Zähler muss eine ganze Zahl sein." and flash(htmx) == german.json["error"]
    assert english.json["error"] == "Counter must be a whole number."


def test_the_new_table_form_refuses_in_german(client):
    r = client.post("/tables", data={"game": "toolbox", "parts": ["dice"], "dice_count": "50"}, headers=DE)
    html = r.get_data(as_text=True)
    assert r.status_code == 400 and "Anzahl Würfel muss zwischen 1 und 10 liegen." in html
    assert "Welche Teile braucht euer Spiel?" in html and "Which parts" not in html
    r = client.post("/tables", data={"game": "toolbox", "parts": ["dice"], "dice_count": "50"}, headers=EN)
    assert "Number of dice must be between 1 and 10." in r.get_data(as_text=True)
    r = client.post("/tables", data={"game": "toolbox"}, headers={**DE, **JSON})
    assert r.status_code == 400 and r.json["error"] == "Wähle bei Teile mindestens 1 aus."


def test_a_part_refuses_in_german(new_table):
    table = new_table("toolbox", parts=["counters", "bag"], counters="Lives: 0", bag="Red: 1")
    german, htmx, english = both(table, "count", counter_index="0", delta="-1")
    assert german.status_code == htmx.status_code == english.status_code == 409
    assert german.json["error"] == "Lives kann nicht unter 0 sinken (steht bei 0)." == flash(htmx)
    assert english.json["error"] == "The Lives cannot go below 0 (it is at 0)."
    table.act("bag_draw")
    german, htmx, english = both(table, "bag_draw")
    assert german.json["error"] == "Der Beutel ist leer." == flash(htmx)
    assert english.json["error"] == "The bag is empty."


def test_only_the_host_may_undo_another_players_move_in_german(new_table, device):
    table = new_table("toolbox", parts=["dice"])
    phone = device(table).join("Ann")
    table.act("roll")                                                  # the board (the host) rolls
    version = phone.view()["version"]
    for headers in ({**DE, **JSON}, {**DE, **HTMX}, {**EN, **JSON}):
        r = phone.client.post(f"/t/{table.code}/undo", data={"version": version, "as": "seat"}, headers=headers)
        assert r.status_code == 403
        sentence = r.json["error"] if "Accept" in headers else flash(r)
        if headers["Accept-Language"].startswith("de"):
            assert sentence == ("Du kannst nur deine eigene letzte Aktion rückgängig machen; "
                                "der Gastgeber kann alles rückgängig machen.")
        else:
            assert sentence == "You can undo only your own last action; the host can undo anything."
    assert phone.view()["version"] == version                          # nothing was undone


def test_an_unknown_table_in_german(client):
    r = client.get("/t/ZZZZZZ", headers=DE)
    html = r.get_data(as_text=True)
    assert r.status_code == 404 and '<html lang="de">' in html
    assert "Es gibt keinen Tisch mit diesem Code. Prüf ihn oder leg einen neuen Tisch an." in html
    assert "There is no table with that code" not in html
    r = client.get("/t/ZZZZZZ/view.json", headers={**DE, **JSON})
    assert r.status_code == 404 and r.json["error"].startswith("Es gibt keinen Tisch mit diesem Code.")
    r = client.get("/t/ZZZZZZ/view?as=board", headers={**DE, **HTMX})
    assert r.status_code == 404 and r.headers["HX-Retarget"] == "#flash" and "Es gibt keinen Tisch" in flash(r)
    r = client.get("/t/ZZZZZZ", headers=EN)
    assert r.status_code == 404 and "There is no table with that code." in r.get_data(as_text=True)


def test_a_stale_tap_in_german(new_table):
    table = new_table("toolbox", parts=["dice", "rounds"])
    old = table.view()["version"]
    table.act("roll")
    stale = "Gerade hat jemand den Tisch geändert: so sieht er jetzt aus. Tippe noch einmal, wenn du es noch willst."
    r = table.post("act/round_next", "board", old, headers=DE)
    assert r.status_code == 409 and r.json == {"error": stale, "version": old + 1, "stale": True}
    r = table.post("act/round_next", "board", old, headers={**DE, **HTMX})
    assert r.status_code == 409 and flash(r) == stale
    assert f'data-version="{old + 1}"' in r.get_data(as_text=True)      # the fresh table, in German
    assert "Würfel" in r.get_data(as_text=True)
    r = table.post("act/round_next", "board", old, headers=EN)
    assert r.json["error"].startswith("Someone just changed the table")
    assert table.view()["rounds"]["current"] == 1 and table.view()["version"] == old + 1   # nothing applied
