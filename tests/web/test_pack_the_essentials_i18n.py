"""Pack the Essentials in German: a phone or tablet whose browser asks for German gets the board, the
seat, the recent events and the game's refusals in German, while an English phone at the same table
stays English (the language belongs to the device, not to the table)."""
from __future__ import annotations

import pytest

GAME = "pack-the-essentials"
DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
PAD = {"todo1": 5, "todo2": 4, "todo3": 3, "cats": 2, "pack_rats": 1, "empty_spaces": 4,
       "magenta": 3, "lavender": 2, "peach": 1, "mint": 0}


def page(device, path: str = "", headers=None) -> str:
    r = device.client.get(f"/t/{device.code}{path}", headers=headers or {})
    assert r.status_code == 200
    return r.get_data(as_text=True)


def act_de(device, move: str, role: str, expect: int, **fields):
    """A move from a German device, answered as JSON (what table.js shows in the flash)."""
    data = {"version": device.view()["version"], "as": role, **fields}
    r = device.client.post(f"/t/{device.code}/act/{move}", data=data, headers={"Accept": "application/json", **DE})
    assert r.status_code == expect, r.get_data(as_text=True)
    return r


def present(html: str, phrases) -> list[str]:
    return [p for p in phrases if p in html]


def test_a_round_in_german_and_english_side_by_side(new_table, device):
    board = new_table(GAME, mode="full")
    ann, bo, cy = (device(board).join(n) for n in ("Ann", "Bo", "Cy"))
    lobby = page(board, headers=DE)
    assert present(lobby, ["Warten auf Spieler: alle treten mit ihrem Handy bei", "Starten mit Ann, Bo, Cy",
                           "Wer hat zuletzt eine Tasche gepackt?"]) == \
        ["Warten auf Spieler: alle treten mit ihrem Handy bei", "Starten mit Ann, Bo, Cy", "Wer hat zuletzt eine Tasche gepackt?"]
    assert present(lobby, ["Waiting for players", "Start with", "Who most recently packed"]) == []

    board.act("start", first=1)
    ann.act("choose_position", position=4)
    german_board = page(board, headers=DE)
    wanted = ["Runde 1 von 12", "Koffermarker:", "Draft-Positionen", "Plättchen auf dem Spielplan",
              "wählt eine Draft-Position.", "Ein Sockenplättchen", "Ann nimmt Draft-Position 4",
              "Runde 1: Ann hat den Koffermarker", "Für Bo: Position 1", "Packratten", "Volles Spiel"]
    assert present(german_board, wanted) == wanted
    assert present(german_board, ["Draft positions", "Suitcase token", "Tiles on the mat", "chooses a draft position",
                                  "A sock tile", "takes draft position", "Full game", "Claim for"]) == []

    german_seat = page(bo, "/seat", headers=DE)
    wanted = ["Du bist dran: wähle eine Draft-Position.", "Dein Koffer", "1 Packratte", "Position 2 nehmen",
              "Katzenspielzeug"]
    assert present(german_seat, wanted) == wanted
    assert present(german_seat, ["Your turn", "Your suitcase", "Take position", "pack rat"]) == []

    # One of the game's refusals, in German for the German phone: it is Bo's turn, not Cy's.
    r = act_de(cy, "choose_position", "seat", 409, position=1)
    assert r.json["error"] == "Bo ist dran und wählt eine Draft-Position."
    r = act_de(cy, "cat_lady_flip", "seat", 409)
    assert r.json["error"] == "Katzenlady-Marker werden während des Drafts umgedreht."
    # A field's label is a word inside the engine's sentence, translated too (errors.Term).
    r = act_de(bo, "choose_position", "seat", 400, position=9)
    assert r.json["error"] == "Draft-Position muss zwischen 1 und 4 liegen."

    # Cy's phone has no German preference: the same table, in English.
    english_seat = page(cy, "/seat")
    assert present(english_seat, ["<strong>Bo</strong> chooses a draft position.", "Your suitcase", "Tiles on the mat"]) == \
        ["<strong>Bo</strong> chooses a draft position.", "Your suitcase", "Tiles on the mat"]
    assert present(english_seat, ["Dein Koffer", "Draft-Position", "Plättchen"]) == []
    assert cy.act("choose_position", position=1, expect=409).json["error"] == \
        "It is Bo's turn to choose a draft position."


def test_the_score_pad_and_its_refusals_in_german(new_table, device):
    board = new_table(GAME, mode="scorepad")
    ann, bo = device(board).join("Ann"), device(board).join("Bo")
    board.act("start")
    pad = page(ann, "/seat", headers=DE)
    wanted = ["Mein Wertungsblock", "Meine Wertung speichern", "Pfirsich: Plättchen in der größten Gruppe",
              "Unbenutzte Packratten", "To-do-Liste 1", "Nur Wertungsblock"]
    assert present(pad, wanted) == wanted
    assert present(pad, ["My score pad", "Save my score", "tiles in the largest group"]) == []
    # A phone fills in only its own pad (403), and an empty field names its label in German too.
    r = act_de(ann, "score", "seat", 403, seat=2, **PAD)
    assert r.json["error"] == "Dein Handy füllt deinen eigenen Wertungsblock aus; am Spielbrett geht jeder."
    r = act_de(board, "score", "board", 400, **PAD)
    assert r.json["error"] == "Wähle, wessen Wertungsblock das ist."
    r = act_de(ann, "score", "seat", 400, **{k: v for k, v in PAD.items() if k != "mint"})
    assert r.json["error"] == "Größte mintfarbene Gruppe fehlt."
    ann.act("score", **PAD)
    bo.act("score", **{**PAD, "empty_spaces": 9, "magenta": 1})
    results = page(board, headers=DE)
    wanted = ["Ann gewinnt!", "Wertungsblock", "Endstand", "1. Platz", "2. Platz", "Gesamt",
              "Summe Farbgruppen", "3 Plättchen", "Ann hat 32 Punkte", "Drucken oder als PDF speichern",
              "Noch einmal (dieselben Plätze)", "Farbschlüssel"]
    assert present(results, wanted) == wanted
    assert present(results, ["Ann wins!", "Score pad", "1st place", "Colour group total", "Print or save"]) == []
    assert "Ann wins!" in page(bo, "/seat")


@pytest.mark.parametrize("level, german", [("Expuurt", "Expuurt"), ("Hard", "Schwer")])
def test_the_solo_card_level_is_named_in_german(new_table, device, level, german):
    board = new_table(GAME, mode="solo", solo_level=level, solo_target="50")
    device(board).join("Ann")
    board.act("start")
    assert f"Solo · {german} · Ziel" in page(board, headers=DE)
