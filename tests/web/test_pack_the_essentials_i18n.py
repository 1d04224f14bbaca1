"""Pack the Essentials in the viewer's language: the game's refusals in German for a German phone (a
field's label inside the engine's sentence translated too) while an English phone at the same table
stays English, the score pad's colours from the deck file shown capitalised and translated, and the
solo level from the deck file translated. (That every sentence has German is test_i18n_web.py's.)"""
from __future__ import annotations

import pytest

from tests.conftest import DE

GAME = "pack-the-essentials"
PAD = {"todo1": 5, "todo2": 4, "todo3": 3, "cats": 2, "pack_rats": 1, "empty_spaces": 4,
       "magenta": 3, "lavender": 2, "peach": 1, "mint": 0}


def page(device, path: str = "", headers=None) -> str:
    r = device.client.get(f"/t/{device.code}{path}", headers=headers or {})
    assert r.status_code == 200
    return r.get_data(as_text=True)


def test_refusals_in_german_and_english_side_by_side(new_table, device):
    board = new_table(GAME, mode="full")
    ann, bo, cy = (device(board).join(n) for n in ("Ann", "Bo", "Cy"))
    board.act("start", first=1)
    ann.act("choose_position", position=4)
    # One of the game's refusals, in German for the German phone: it is Bo's turn, not Cy's.
    r = cy.act("choose_position", "seat", 409, headers=DE, position=1)
    assert r.json["error"] == "Bo ist dran und wählt eine Draft-Position."
    # A field's label is a word inside the engine's sentence, translated too (errors.Term).
    r = bo.act("choose_position", "seat", 400, headers=DE, position=9)
    assert r.json["error"] == "Draft-Position muss zwischen 1 und 4 liegen."
    # Cy's phone has no German preference: the same table, in English.
    english_seat = page(cy, "/seat")
    assert "<strong>Bo</strong> chooses a draft position." in english_seat and "Dein Koffer" not in english_seat
    assert cy.act("choose_position", position=1, expect=409).json["error"] == \
        "It is Bo's turn to choose a draft position."


def test_the_score_pad_names_the_decks_colours_in_german(new_table, device):
    board = new_table(GAME, mode="scorepad")
    ann, bo = device(board).join("Ann"), device(board).join("Bo")
    board.act("start")
    pad = page(ann, "/seat", headers=DE)
    # "peach" in decks/pack_the_essentials.toml, shown as (c|capitalize)|t
    assert "Pfirsich: Plättchen in der größten Gruppe" in pad and "Peach" not in pad
    r = ann.act("score", "seat", 400, headers=DE, **{k: v for k, v in PAD.items() if k != "mint"})
    assert r.json["error"] == "Größte mintfarbene Gruppe fehlt."


@pytest.mark.parametrize("level, german", [("Expuurt", "Expuurt"), ("Hard", "Schwer")])
def test_the_solo_card_level_is_named_in_german(new_table, device, level, german):
    board = new_table(GAME, mode="solo", solo_level=level, solo_target="50")
    device(board).join("Ann")
    board.act("start")
    assert f"Solo · {german} · Ziel" in page(board, headers=DE)
