"""The Toolbox in the viewer's language: the log, worded by the templates from data, reads German on a
German board while an English phone at the same table, at the same moment, reads English; a part's
refusal comes back in German with the part's name inside it translated (errors.Term). (That every
sentence has German is test_i18n_web.py's; the engine's refusals are test_refusals_i18n.py's.)"""
from __future__ import annotations

import pytest

from tests.conftest import DE, EN

pytestmark = pytest.mark.both_backends


def test_the_log_in_german_and_english_beside_it(new_table, device):
    table = new_table("toolbox", parts=["dice", "track", "rounds"], rounds="5")
    ann = device(table).join("Ann")
    bob = device(table).join("Bob")
    ann.act("roll")
    table.act("score", entrant="1", delta="2")
    bob.act("round_next")
    board = table.client.get(f"/t/{table.code}", headers=DE).get_data(as_text=True)
    for german in ("gewürfelt von Ann", "Bob hat Runde 2 begonnen.", "Das Spielbrett hat Ann auf 2 gesetzt (+2)."):
        assert german in board, german
    for english in ("rolled by", "Recent", "began round", "The board"):
        assert english not in board, english
    english = bob.client.get(f"/t/{table.code}/seat", headers=EN).get_data(as_text=True)
    for phrase in ("rolled by Ann", "Bob began round 2.", "The board set Ann to 2 (+2)."):
        assert phrase in english, phrase
    assert "gewürfelt" not in english


def test_a_part_refuses_in_german_with_its_name_translated(new_table, device):
    table = new_table("toolbox", parts=["deck", "track"], track_for="teams", teams="Rot, Blau")
    phone = device(table).join("Ann")
    r = phone.act("roll", "seat", 409, headers=DE)
    assert r.json["error"] == "An diesem Tisch gibt es dieses Teil nicht: Würfel."
    assert phone.act("roll", "seat", 409, headers=EN).json["error"] == "This table has no dice."
