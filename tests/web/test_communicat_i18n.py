"""CommuniCat in the viewer's language: the Needs (names from decks/communicat.toml) in German on a
German board and Cat's phone while an English Owner's phone at the same table reads them in English,
the game's refusals in German (a word among their values translated too), and the standalone Needs
Generator's names and refusal in German. (That every sentence has German is test_i18n_web.py's.)"""
from __future__ import annotations

import re
from html import unescape

from companion.games import communicat_rules as cc
from tests.conftest import DE

JSON_DE = {**DE, "Accept": "application/json"}


def needs_on(html: str) -> list[str]:
    return [unescape(n) for n in re.findall(r'<span class="cc-name"[^>]*>([^<]+)</span>', html)]


def test_board_and_seats_in_play_are_german_and_an_english_phone_stays_english(new_table, device):
    board = new_table("communicat", mode="coop", difficulty="normal", timer="60", target="10")
    ann, bob = device(board).join("Ann"), device(board).join("Bob")
    board.act("new_needs")
    page = board.client.get(f"/t/{board.code}", headers=DE).get_data(as_text=True)
    for english in ("Deal again", "Show Cat Need", "Nine Lives", "Apply and end the round", "Together"):
        assert english not in page, english
    # the laid-out Needs are named in German (the deck's names, translated with |t)
    german_names = needs_on(page)
    english_names = {n["name"] for n in cc.NEEDS.values()}
    assert len(german_names) == 8 and not set(german_names) & english_names - {"Normal"}

    cat = ann.client.get(f"/t/{board.code}/seat", headers=DE).get_data(as_text=True)
    secret = re.findall(r'<strong class="cc-secret-name">([^<]+)</strong>', cat)     # the Cat's own Need, |t
    assert len(secret) == 1 and unescape(secret[0]) not in english_names and "You are the Cat" not in cat
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


def test_the_needs_generator_is_german(client):
    assert "New Needs" not in client.get("/needs", headers=DE).get_data(as_text=True)
    client.post("/needs/new", data={"difficulty": "easy", "mode": "versus"})
    shown = client.post("/needs/show", headers={**DE, "HX-Request": "true"}).get_data(as_text=True)
    assert "Blau · Pfote" in shown and "Orange · Kratzer" in shown and "Katzenwünsche verbergen" in shown
    assert "Blue · Paw" not in shown
    assert "Drück zuerst auf „Neue Wünsche“." in client.__class__(client.application).post(
        "/needs/show", headers=DE).get_data(as_text=True)


def test_the_result_chart_names_the_team_in_german(new_table, device):
    """A standing's "players" may be teams ("Together"): the chart shows them with |t."""
    board = new_table("communicat", mode="coop", target="2")
    device(board).join("Ann")
    board.act("new_needs")
    board.act("resolve", outcome="guessed", mishaps="0", lives_on_mishap="0")
    page = board.client.get(f"/t/{board.code}", headers=DE).get_data(as_text=True)
    assert '<th scope="col">Gemeinsam</th>' in page and "Together" not in page
    assert '<th scope="col">Together</th>' in board.client.get(f"/t/{board.code}").get_data(as_text=True)
