"""Who is who at a table of four, in a real browser: the host picks Cleo and Dan for a two-player game
(Catchy!), their phones are the ones offered to start while Ann and Ben watch, a tap Ann's phone
sends for the game that ended is refused with which game it was for, and the game the host ends
early stays in the evening as not finished."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.layout import PHONE, TABLET
from tests.conftest import ServerProcess, code_from_url, join_by_qr, save_screenshot


@pytest.fixture
def server(tmp_path):
    srv = ServerProcess(tmp_path / "four.db").start()
    yield srv
    srv.kill()


@pytest.mark.browser
def test_cleo_and_dan_play_catchy_while_ann_and_ben_watch(server, browser):
    base = server.url
    board = browser.new_context(viewport=TABLET).new_page()
    board.goto(f"{base}/new/communicat")
    board.get_by_role("button", name="Create the table").click()
    code = code_from_url(board.url)
    phones = {name: join_by_qr(browser.new_context(viewport=PHONE, has_touch=True), f"{base}/t/{code}/join", name)
              for name in ("Ann", "Ben", "Cleo", "Dan")}
    expect(board.locator(".seat-list li")).to_have_count(4)

    # A CommuniCat round under way, then the host picks Catchy! for Cleo and Dan and ends it early.
    board.get_by_role("button", name="New Needs").click()
    expect(phones["Ann"].locator("#view")).to_contain_text("Need")
    # ("Need" is on Ann's page before the deal too: "New Needs"); the form is read once the round shows
    expect(phones["Ann"].locator(".cc-need")).to_have_count(8)
    old_game_form = phones["Ann"].locator("#view form.act").first.evaluate(
        "f => Object.fromEntries(new FormData(f))")     # what a tap from that page sends
    board.locator(".table-drawer > summary", has_text="Table").click()   # folded away during a game
    board.get_by_role("link", name="Next game at this table").click()
    board.get_by_role("link", name="Catchy!").click()
    who = board.locator("fieldset.choose-players")
    expect(who).to_contain_text("Who plays?")
    who.get_by_label("Ann").uncheck()
    who.get_by_label("Ben").uncheck()
    who.get_by_label("Cleo").check()
    who.get_by_label("Dan").check()
    board.get_by_label(re.compile("End the game of CommuniCat")).check()
    save_screenshot(board, "who-plays")
    board.get_by_role("button", name="Play Catchy! at this table").click()
    expect(board).to_have_url(re.compile(rf"/t/{code}$"))
    expect(board.locator(".who-plays")).to_contain_text("The players are Cleo (player 1, left end) and Dan")

    # Cleo's and Dan's phones offer the start; Ann's and Ben's watch.
    for name in ("Cleo", "Dan"):
        expect(phones[name].locator("#view")).to_have_attribute("data-game", "catchy")
        expect(phones[name].get_by_role("button", name="I hold the Starting card")).to_be_visible()
    for name in ("Ann", "Ben"):
        expect(phones[name].locator("#view")).to_have_attribute("data-game", "catchy")
        expect(phones[name].get_by_role("button", name="I hold the Starting card")).to_have_count(0)
    phones["Cleo"].get_by_role("button", name="I hold the Starting card").click()
    expect(phones["Dan"].locator(".you-are")).to_contain_text("You are Dan: player 2")
    expect(phones["Ann"].locator(".you-are")).to_contain_text("You are watching: the players are Cleo and Dan")

    # A tap still meant for the CommuniCat game (sent as that page's form would) is refused in words.
    answer = phones["Ann"].request.post(f"{base}/t/{code}/act/timer_start",
                                        form={**old_game_form, "as": "seat"}, headers={"Accept": "application/json"})
    assert answer.status == 409
    assert answer.json()["error"].startswith("That was for the CommuniCat game that ended at")

    # The evening keeps the CommuniCat game the host ended, as not finished.
    board.goto(f"{base}/t/{code}/history")
    expect(board.locator(".game-result h2").first).to_contain_text("CommuniCat: not finished")
    expect(board.locator(".evening-summary h2")).to_have_text("1 game played")
