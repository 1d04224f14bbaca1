"""Languages: English by default, German from the browser's Accept-Language or the switch (a cookie),
for the home page, the table pages and Cloaked Cats; the catalogues are complete and current."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import translations  # noqa: E402  (tools/translations.py)
DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def test_english_by_default(client):
    html = client.get("/").get_data(as_text=True)
    assert '<html lang="en">' in html and "Have a table code?" in html


def test_german_from_the_browser_language(client):
    r = client.get("/", headers=DE)
    html = r.get_data(as_text=True)
    assert '<html lang="de">' in html
    assert "Hast du einen Tisch-Code?" in html and "Beitreten" in html
    assert "Geheime Merkmalskarten auf jedem Handy" in html       # the Cloaked Cats blurb
    assert "Accept-Language" in r.headers["Vary"]


def test_the_switch_remembers_a_language_and_only_goes_back_to_this_site(client):
    r = client.get("/lang/de?next=/new/cloaked-cats")
    assert r.status_code == 303 and r.headers["Location"] == "/new/cloaked-cats"
    assert "lang=de" in r.headers["Set-Cookie"]
    html = client.get("/new/cloaked-cats").get_data(as_text=True)  # the cookie wins, no header needed
    assert "Neuer Tisch: Cloaked Cats" in html and "Cloaked Cats für 2 bis 4 Spieler" in html
    for target in ("https://evil.example/", "//evil.example/", "/\\\\evil.example", None):
        r = client.get("/lang/en", query_string={"next": target} if target else {})
        assert r.status_code == 303 and r.headers["Location"] == "/"
    assert "Have a table code?" in client.get("/").get_data(as_text=True)


def test_an_unknown_language_is_a_404_sentence(client):
    r = client.get("/lang/xx", headers={"Accept": "application/json"})
    assert r.status_code == 404 and "choose English or Deutsch" in r.json["error"]


def test_cloaked_cats_in_german(new_table, device):
    board = new_table("cloaked-cats")
    phones = [device(board).join(n) for n in ("Ann", "Bob", "Cy")]
    lobby = board.client.get(f"/t/{board.code}", headers=DE).get_data(as_text=True)
    assert "Warten auf Spieler" in lobby and "Spiel starten" in lobby and "Tisch anlegen" not in lobby
    board.act("start")
    seat = phones[0].client.get(f"/t/{board.code}/seat", headers=DE).get_data(as_text=True)
    assert "Deine geheime Katze" in seat and "nur auf diesem Handy" in seat
    names = {"Springender Draufgänger", "Stolzierende Schönheit", "Sitzender Boss", "Fauler Faulpelz",
             "Verspieltes Kätzchen", "Gestreift", "Gefleckt", "Wollknäuel", "Fischcocktail", "Zylinder",
             "Spielzeugmaus", "Weiß", "Braun", "Blau", "Schwarz", "Grün", "Gelb", "Lila", "Rot"}
    assert sum(n in seat for n in names) >= 3                        # the features are named in German
    board_html = board.client.get(f"/t/{board.code}", headers=DE).get_data(as_text=True)
    assert "Tanzfläche" in board_html and "Am Tisch" in board_html
    # English stays English for an English phone at the same table.
    assert "Your secret cat" in phones[1].client.get(f"/t/{board.code}/seat").get_data(as_text=True)


def test_every_marked_string_is_in_the_template_catalogue(tmp_path):
    """translations/messages.pot is current: extracting again finds no string it lacks."""
    out = tmp_path / "fresh.pot"
    subprocess.run(translations.extract_command(out), cwd=ROOT, check=True, capture_output=True)
    fresh = {m.id for m in read_po(out.open("rb")) if m.id}
    stored = {m.id for m in read_po(translations.POT.open("rb")) if m.id}
    assert fresh - stored == set(), "run python tools/translations.py (translations/README.md)"


@pytest.mark.parametrize("pot", ["messages.pot", *sorted(f"names/{p.name}" for p in translations.NAMES.glob("*.pot"))])
def test_german_translates_everything_and_the_compiled_file_matches(pot):
    po = read_po((translations.GERMAN / "messages.po").open("rb"))
    mo = read_mo((translations.GERMAN / "messages.mo").open("rb"))
    wanted = {m.id for m in read_po((ROOT / "translations" / pot).open("rb")) if m.id}
    for msgid in wanted:
        assert po.get(msgid) is not None and po.get(msgid).string, f"no German for {msgid!r}"
        assert mo.get(msgid) is not None and list(_strings(mo.get(msgid))) == list(_strings(po.get(msgid))), \
            f"messages.mo is older than messages.po for {msgid!r}: run tools/translations.py"


def test_every_german_sentence_keeps_the_placeholders_of_its_english():
    """A translation that drops or misspells %(name)s would fail only when that refusal is shown."""
    import re
    po = read_po((translations.GERMAN / "messages.po").open("rb"))
    for message in po:
        if not message.id or not message.string:
            continue
        for english, german in zip(_strings_id(message), _strings(message)):
            assert set(re.findall(r"%\((\w+)\)s", english)) == set(re.findall(r"%\((\w+)\)s", german)) or \
                isinstance(message.id, tuple), (english, german)


def _strings_id(message):
    return (message.id,) if isinstance(message.id, str) else (message.id[0],) * len(_strings(message))


def _strings(message):
    """A message's translation(s): one string, or the plural forms (a list from .mo, a tuple from .po)."""
    return (message.string,) if isinstance(message.string, str) else tuple(message.string)


def test_the_move_names_the_undo_button_shows_are_all_in_the_catalogue():
    stored = {m.id for m in read_po((translations.NAMES / "moves.pot").open("rb")) if m.id}
    assert set(translations.move_names()) == stored, "run python tools/translations.py"


def test_the_undo_button_names_the_move_and_the_board_in_german(new_table):
    board = new_table("toolbox", parts=["dice"])
    board.act("roll")
    html = board.client.get(f"/t/{board.code}", headers=DE).get_data(as_text=True)
    assert "Würfeln rückgängig" in html and "(das Spielbrett)" in html
    assert "Undo roll" in board.client.get(f"/t/{board.code}").get_data(as_text=True)
