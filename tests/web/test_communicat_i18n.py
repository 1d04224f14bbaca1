"""CommuniCat speaks the viewer's language: a German board and a German seat at a table in play, the
game's refusals in German, the Needs (names from decks/communicat.toml) in German, and the standalone
Needs Generator in German, while an English phone at the same table stays English."""
from __future__ import annotations

import re
from html import unescape

import pytest

from companion.games import communicat as cc

DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
JSON_DE = {**DE, "Accept": "application/json"}


def needs_on(html: str) -> list[str]:
    return [unescape(n) for n in re.findall(r'<span class="cc-name"[^>]*>([^<]+)</span>', html)]


def test_board_and_seats_in_play_are_german_and_an_english_phone_stays_english(new_table, device):
    board = new_table("communicat", mode="coop", difficulty="normal", timer="60", target="10")
    ann, bob = device(board).join("Ann"), device(board).join("Bob")
    board.act("new_needs")
    page = board.client.get(f"/t/{board.code}", headers=DE).get_data(as_text=True)
    for german in ("Runde 1", "Katze: <strong>Ann</strong>", "Neu austeilen", "Katzenwunsch zeigen", "Neun Leben",
                   "</strong> von 9</span> übrig", "Zuversicht", "Punkte", "Gemeinsam", "Restzeit", "Runde 1 werten",
                   "Übernehmen und Runde beenden"):
        assert german in page, german
    for english in ("Deal again", "Show Cat Need", "Nine Lives", "Apply and end the round", "Together"):
        assert english not in page, english
    # the laid-out Needs are named in German (the deck's names, translated with |t)
    german_names = needs_on(page)
    english_names = {n["name"] for n in cc.NEEDS.values()}
    assert len(german_names) == 8 and not set(german_names) & english_names - {"Normal"}

    cat = ann.client.get(f"/t/{board.code}/seat", headers=DE).get_data(as_text=True)
    assert "Du bist die Katze. Dein geheimer Wunsch:" in cat and "Wunsch der Katze" in cat
    assert "Zeig dein Handy niemandem" in cat and "You are the Cat" not in cat
    owner_en = bob.client.get(f"/t/{board.code}/seat").get_data(as_text=True)
    assert "You are an Owner: guess the Cat&#39;s Need (Ann is the Cat)." in owner_en or \
        "You are an Owner: guess the Cat's Need (Ann is the Cat)." in owner_en
    assert "Besitzer" not in owner_en and "Neun Leben" not in owner_en
    assert set(needs_on(owner_en)) <= english_names


def test_the_games_refusals_come_back_in_german(new_table, device):
    board = new_table("communicat", mode="coop")
    ann = device(board).join("Ann")
    version = board.view()["version"]
    # a rule of the game: teams belong to the competitive game
    r = board.client.post(f"/t/{board.code}/act/set_team", headers=JSON_DE,
                          data={"version": version, "as": "board", "seat": ann.view()["seat"], "team": "blue"})
    assert r.status_code == 409 and r.json["error"] == "Teams gibt es nur im Spiel gegeneinander."
    # a refusal with a value that is itself a word (errors.Term): the Nine Lives, in a competitive game
    versus = new_table("communicat", mode="versus")
    versus.act("new_needs")
    r = versus.client.post(f"/t/{versus.code}/act/spend_life", headers=JSON_DE,
                           data={"version": versus.view()["version"], "as": "board", "kind": "clarity"})
    assert r.status_code == 409 and r.json["error"] == "Neun Leben gehören zum Spiel miteinander."
    # the same refusal for an English phone stays English
    r = versus.client.post(f"/t/{versus.code}/act/spend_life", headers={"Accept": "application/json"},
                           data={"version": versus.view()["version"], "as": "board", "kind": "clarity"})
    assert r.json["error"] == "Nine Lives belong to the cooperative game."


def test_a_finished_game_and_the_history_are_german(new_table, device):
    board = new_table("communicat", mode="coop", target="2")
    device(board).join("Ann")
    board.act("new_needs")
    board.act("resolve", outcome="guessed", mishaps="0", lives_on_mishap="0")
    page = board.client.get(f"/t/{board.code}", headers=DE).get_data(as_text=True)
    assert "Ihr habt gemeinsam gewonnen: 2 Punkte!" in page and "Revanche mit denselben Spielern" in page
    assert "Erraten" in page and "Rundenverlauf" in page and "Guessed" not in page


def test_the_needs_generator_is_german(client):
    page = client.get("/needs", headers=DE).get_data(as_text=True)
    assert "CommuniCat · Wunschgenerator" in page and "Neue Wünsche" in page and "Miteinander" in page
    assert "New Needs" not in page
    client.post("/needs/new", data={"difficulty": "easy", "mode": "versus"})
    shown = client.post("/needs/show", headers={**DE, "HX-Request": "true"}).get_data(as_text=True)
    assert "Blau · Pfote" in shown and "Orange · Kratzer" in shown and "Katzenwünsche verbergen" in shown
    assert "Blue · Paw" not in shown
    assert "Drück zuerst auf „Neue Wünsche“." in client.__class__(client.application).post(
        "/needs/show", headers=DE).get_data(as_text=True)


@pytest.mark.parametrize("label", ["timer length", "custom timer seconds", "mode", "difficulty", "target score",
                                   "kind", "tokens", "reason", "outcome", "confidence", "team", "player"])
def test_every_field_label_of_a_refusal_has_german(label):
    """A label is shown inside a refusal ("%(label)s must be…") as an errors.Term."""
    from babel.messages.mofile import read_mo
    from pathlib import Path
    mo = read_mo((Path(__file__).resolve().parents[2] / "translations/de/LC_MESSAGES/messages.mo").open("rb"))
    labels = {spec.label for move in cc.MOVES.values() for spec in move.fields.values()} | \
        {spec.label for spec in cc.OPTIONS.values()}
    assert label in labels and mo.get(label) is not None and mo.get(label).string
