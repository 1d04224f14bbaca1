"""Game night in a real browser: a tablet and three phones play a short CommuniCat game, the host
switches the table to We Love Cats, every phone moves to its We Love Cats seat by itself (no reload,
no rescan), they finish it, and the evening page lists both games with their winners."""
from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible
from tests.browser.layout import big_screen_problems
from tests.browser.test_we_love_cats_browser import step
from tests.conftest import code_from_url, join_by_qr, off_server_requests, save_screenshot

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1280, "height": 800}


@pytest.mark.browser
def test_an_evening_of_two_games_at_one_table(seeded_server, browser):
    base = seeded_server.url
    board_ctx = browser.new_context(viewport=TABLET)
    board = board_ctx.new_page()
    outside = off_server_requests(board, base)
    board.goto(f"{base}/new/communicat")
    board.get_by_label("Target score").fill("2")
    board.get_by_role("button", name="Create the table").click()
    code = code_from_url(board.url)
    join_url = f"{base}/t/{code}/join"
    phones = {}
    for name in ("Ann", "Bob", "Cy"):
        ctx = browser.new_context(viewport=PHONE, has_touch=True)
        phones[name] = join_by_qr(ctx, join_url, name)
        expect(phones[name].locator(".cc-seat")).to_be_visible()
    ann, bob, cy = phones["Ann"], phones["Bob"], phones["Cy"]
    # Each phone's page is marked: a reload (by the test or anyone) would drop the mark.
    for phone in phones.values():
        phone.evaluate("() => { window.sameDocument = false; }")

    # A short CommuniCat game: one guessed round reaches the target of 2.
    board.get_by_role("button", name="New Needs").click()
    expect(ann.locator(".cc-my-need")).to_be_visible()
    board.locator(".cc-resolve-details > summary").click()          # folded until time runs out
    board.locator(".cc-resolve").get_by_role("button", name="Apply and end the round").click()
    for page in (board, ann, bob, cy):
        expect(page.locator(".cc-finished")).to_be_visible()
    expect(board.locator(".game-result h2")).to_contain_text("Game 1 at this table")

    # The host switches games from the board: pick the game, its options, go.
    board.locator(".table-drawer > summary", has_text="Table").click()   # folded away during a game
    board.get_by_role("link", name="Next game at this table").click()
    expect(board).to_have_url(re.compile(r"/switch$"))
    assert_accessible(board, "the switch page, picking a game")
    board.get_by_role("link", name="We Love Cats").click()
    expect(board.locator("main")).not_to_contain_text("End the game")      # between games: no confirmation
    assert_accessible(board, "the switch page, the game's options")
    board.get_by_role("button", name="Play We Love Cats at this table").click()
    expect(board).to_have_url(re.compile(rf"/t/{code}$"))
    expect(board.locator("#view .wlc-lobby")).to_contain_text("3 joined")
    expect(board.locator(".table-log")).to_contain_text("The host switched to We Love Cats.")

    # Every phone follows by itself, onto its own We Love Cats seat: same address, same seat.
    for name, phone in phones.items():
        expect(phone.locator("#view")).to_have_attribute("data-game", "we-love-cats")
        expect(phone.locator("#view .wlc-status")).to_be_visible()
        expect(phone.locator(".topbar .me")).to_contain_text(name)
        expect(phone.locator(".table-log")).to_contain_text("The host switched to We Love Cats.")
        assert phone.url == f"{base}/t/{code}/seat"
        assert "We Love Cats" in phone.title()
    # The page loaded itself again (the new game's stylesheet and title): its mark is gone, and the
    # test never reloaded it nor opened the join page again.
    for phone in phones.values():
        assert phone.evaluate("() => window.sameDocument") is None

    # We Love Cats: Ann goes first and plays her turn on her phone; then the table plays it out.
    board.get_by_role("button", name="Ann goes first").click()
    expect(ann.locator("#view .wlc-status")).to_have_text("Your turn: roll the dice!")
    ann.get_by_role("button", name="Roll the dice").click()
    expect(bob.locator("#view .wlc-dice-part")).to_contain_text("Rolled by Ann")
    rng = random.Random(5)
    for _ in range(3000):
        v = step(board, base, code, rng)
        if v["phase"] == "over":
            break
    else:
        pytest.fail("the game did not end")
    winner = v["winners"][0]["name"]
    for page in (board, ann, bob, cy):
        expect(page.locator("#view .wlc-status.winner")).to_contain_text(winner)

    # A last game that scores once: Pack the Essentials played on the table, its score pads filled in.
    board.locator(".table-drawer > summary", has_text="Table").click()
    board.get_by_role("link", name="Next game at this table").click()
    board.get_by_role("link", name="Pack the Essentials").click()
    board.get_by_label(re.compile("Score pad only")).check()
    board.get_by_role("button", name="Play Pack the Essentials at this table").click()
    expect(board.locator("#view")).to_have_attribute("data-game", "pack-the-essentials")
    pads = {"Ann": 9, "Bob": 6, "Cy": 4}           # cats on each pad: Ann ahead, then Bob, then Cy
    seats = {s["name"]: s["id"] for s in board.request.get(f"{base}/t/{code}/view.json").json()["seats"]}

    def board_move(move, **fields):
        version = board.request.get(f"{base}/t/{code}/version").json()["version"]
        answer = board.request.post(f"{base}/t/{code}/act/{move}", headers={"Accept": "application/json"},
                                    form={"version": str(version), "as": "board", **fields})
        assert answer.ok, answer.text()
    board_move("start")
    for name, cats in pads.items():
        board_move("score", seat=str(seats[name]), todo1="3", todo2="2", todo3="1", cats=str(cats), pack_rats="1",
                   empty_spaces="4", magenta="2", lavender="2", peach="1", mint="1")
    expect(board.locator(".pte-results .winner")).to_contain_text("Ann wins")

    # The evening: every game, newest first, with its winners, and a tally.
    board.goto(f"{base}/t/{code}/history")
    expect(board.locator("h1")).to_have_text(f"The evening at table {code}")
    summary = board.locator(".evening-summary")
    expect(summary.locator("h2")).to_have_text("3 games played")
    expect(summary.locator(".evening-winners li")).to_have_text(["Pack the Essentials: Ann wins",
                                                                 f"We Love Cats: {winner} wins",
                                                                 "CommuniCat: Together wins"])
    expect(summary.locator(".evening-tally tbody tr")).to_have_count(3)   # Ann, Bob, Cy: CommuniCat won together counts for each of them
    expect(board.locator(".game-result h2").nth(1)).to_contain_text(f"Game 2, We Love Cats: {winner} wins")
    expect(board.locator(".game-result h2").nth(2)).to_contain_text("Game 1, CommuniCat: Together wins")
    expect(board.locator(".game-result svg")).to_have_count(3)
    # Pack the Essentials scored once: a bar per player with its place, not a one-point line
    bars = board.locator(".game-result svg.bar-chart")
    expect(bars).to_have_count(1)
    expect(bars.locator(".chart-bar")).to_have_count(3)
    expect(bars).to_contain_text("place 1")
    assert big_screen_problems(board) == []        # the summary reads from the chairs on the tablet
    assert_accessible(board, "the evening page")
    save_screenshot(board, "evening")
    assert outside == []
    board_ctx.close()
    for phone in phones.values():
        phone.context.close()
