"""We Love Cats in real Chromium: a tablet board and three phones join, start, roll and resolve, and every
other screen follows without a reload. The board also acts for the current player and undoes a tap."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible
from tests.conftest import code_from_url, join_by_qr, off_server_requests, save_screenshot

PHONE = {"width": 390, "height": 844}


@pytest.fixture(autouse=True)
def patient_expect():
    """Two shared cores run every engineer's suite: give each live update up to 15 s, then restore."""
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)

TABLET = {"width": 1280, "height": 800}


def join(browser, url: str, name: str):
    ctx = browser.new_context(viewport=PHONE)
    page = join_by_qr(ctx, url, name)
    expect(page.locator(".topbar .me")).to_contain_text(name)
    return ctx, page


def resolve_both(page):
    """Tap the results on this phone until none is left (an Adopt button, else the first colour)."""
    for _ in range(2):
        choices = page.locator("#view .wlc-choice")
        before = choices.count()
        if before == 0:
            return
        choices.first.locator("button").first.click()
        expect(choices).not_to_have_count(before)


@pytest.mark.browser
def test_board_and_three_phones_play_turns_live(server, browser):
    board_ctx = browser.new_context(viewport=TABLET)
    board = board_ctx.new_page()
    strays = off_server_requests(board, server.url)
    board.goto(f"{server.url}/new/we-love-cats")
    board.get_by_role("button", name="Create the table").click()
    expect(board.locator("#view .wlc-lobby")).to_contain_text("Waiting for players: 0 joined")
    code = code_from_url(board.url)
    join_url = f"{server.url}/t/{code}/join"

    phones = {}
    for name in ("Ann", "Bob", "Cy"):
        ctx, page = join(browser, join_url, name)
        phones[name] = page
    ann, bob, cy = phones["Ann"], phones["Bob"], phones["Cy"]
    expect(board.locator("#view .wlc-lobby")).to_contain_text("3 joined")  # live, no reload

    # The table picks the first player on the board; every phone learns it at once.
    board.get_by_role("button", name="Ann goes first").click()
    expect(ann.locator("#view .wlc-status")).to_have_text("Your turn: roll the dice!")
    expect(bob.locator("#view .wlc-status")).to_contain_text("Ann's turn")
    expect(board.locator("#view .wlc-player")).to_have_count(3)
    expect(board.locator("#view .wlc-bag-count")).to_have_text("21")
    expect(ann.locator("#view .wlc-mine-part .wlc-slot:not(.empty)")).not_to_have_count(0)
    expect(bob.get_by_role("button", name="Roll the dice")).to_have_count(0)  # not Bob's turn

    # Ann rolls on her phone: both dice show on the board and on the other phones.
    ann.get_by_role("button", name="Roll the dice").click()
    for page in (board, bob, cy):
        expect(page.locator("#view .wlc-dice .wlc-die")).to_have_count(2)
        expect(page.locator("#view .wlc-dice-part")).to_contain_text("Rolled by Ann")
    for page in (board, ann):  # the roll's tumble is over before the picture
        page.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished))")
    save_screenshot(board, "we-love-cats-board")
    save_screenshot(ann, "we-love-cats-seat")
    assert_accessible(board, "We Love Cats board, dice rolled")
    assert_accessible(ann, "We Love Cats seat, choosing a result")
    resolve_both(ann)
    expect(ann.locator("#view .wlc-status")).to_contain_text("Bob's turn")
    expect(bob.locator("#view .wlc-status")).to_have_text("Your turn: roll the dice!")
    expect(board.locator("#view .wlc-player.turn .wlc-player-name")).to_have_text("Bob")

    # Every screen shows the same cats as the server says.
    state = board.request.get(f"{server.url}/t/{code}/view.json").json()
    expect(board.locator("#view .wlc-bag-count")).to_have_text(str(state["bag_count"]))
    assert state["bag_count"] + sum(sum(p["by_color"].values()) for p in state["players"]) == 30

    # A group sharing the tablet: the board rolls for Bob, then undoes the tap; Bob's phone follows.
    board.locator("#view .wlc-act-for").get_by_role("button", name="Roll the dice").click()
    expect(bob.locator("#view .wlc-dice-part")).to_contain_text("Rolled by Bob")
    expect(bob.locator("#view .wlc-status")).to_contain_text("tap a result")
    expect(board.locator(".undo-button")).to_contain_text("Undo roll")  # the board's own roll, not Ann's last tap
    board.locator(".undo-button").click()
    expect(bob.locator("#view .wlc-status")).to_have_text("Your turn: roll the dice!")

    # Bob plays his own turn from his phone; then it is Cy's.
    bob.get_by_role("button", name="Roll the dice").click()
    expect(cy.locator("#view .wlc-dice-part")).to_contain_text("Rolled by Bob")
    resolve_both(bob)
    expect(cy.locator("#view .wlc-status")).to_have_text("Your turn: roll the dice!")
    expect(board.locator("#view .wlc-log")).to_contain_text("Bob rolled")
    assert strays == []
