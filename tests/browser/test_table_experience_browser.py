"""The table experience in a real browser: what a screen reader hears (the live region), the
low-time warning, pause and resume, and keyboard-only play."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import code_from_url

pytestmark = pytest.mark.browser
TABLET = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}


def toolbox(page, base: str, timers: str = "Sand timer: 12") -> str:
    page.goto(base + "/new/toolbox")
    for part in ("Timers", "Score track", "Counters"):
        page.get_by_label(part, exact=True).check()
    page.get_by_label("Dice", exact=True).uncheck()
    page.get_by_label("Timers (name: seconds)").fill(timers)
    page.get_by_role("button", name="Create the table").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z0-9]{6}$"))
    return code_from_url(page.url)


def join(browser, base: str, code: str, name: str):
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{base}/t/{code}/join")
    phone.get_by_label("Your name").fill(name)
    phone.get_by_role("button", name="Take a seat").click()
    expect(phone).to_have_url(re.compile(r"/seat$"))
    return phone


def test_scores_and_timers_are_announced_in_the_live_region(server, browser):
    board = browser.new_context(**TABLET).new_page()
    code = toolbox(board, server.url)
    phone = join(browser, server.url, code, "Ann")
    announcer = phone.locator("#announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    expect(announcer).to_have_text("")           # the first render is silent
    expect(board.locator(".seat-list")).to_contain_text("Ann")

    # A score changed on the board is said on the phone, which did not tap anything.
    board.get_by_role("button", name="Ann plus one").click()
    expect(announcer).to_have_text("Ann: 1")
    board.get_by_role("button", name="Lives minus one").click()
    expect(announcer).to_have_text("Lives: 8")

    # Start: said; the last ten seconds: marked and said once; pause and resume: said.
    board.get_by_role("button", name="Start", exact=True).click()
    expect(announcer).to_have_text("Sand timer: running")
    countdown = phone.locator(".countdown")
    expect(countdown).to_have_class(re.compile(r"\blow\b"), timeout=8000)
    expect(announcer).to_have_text("Sand timer: 10 seconds left")
    phone.get_by_role("button", name="Pause").click()
    expect(announcer).to_have_text(re.compile(r"^Sand timer: stopped at 0:(10|0\d)$"))
    stopped = countdown.inner_text()
    phone.wait_for_timeout(1500)
    assert countdown.inner_text() == stopped      # a paused timer does not count
    expect(phone.get_by_role("button", name="Resume")).to_be_visible()
    phone.get_by_role("button", name="Resume").click()
    expect(announcer).to_have_text("Sand timer: running")
    expect(announcer).to_have_text("Sand timer: time is up", timeout=15000)
    expect(board.locator("#announcer")).to_have_text("Sand timer: time is up")
    expect(countdown).to_have_class(re.compile(r"\bover\b"))


def test_a_keyboard_alone_plays_the_toolbox(server, browser):
    """Tab to a control and press Enter or Space: every action is a real button in a real form, and
    focus is visible."""
    board = browser.new_context(**TABLET).new_page()
    code = toolbox(board, server.url, "Timer: 60")
    phone = join(browser, server.url, code, "Ann")
    expect(board.locator(".track-score")).to_have_text("0")
    board.locator("body").focus()
    for _ in range(60):
        board.keyboard.press("Tab")
        if board.evaluate("document.activeElement.textContent.includes('Ann plus one')"):
            break
    else:
        pytest.fail("Tab never reached 'Ann plus one'")
    outline = board.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    board.keyboard.press("Enter")
    expect(phone.locator(".track-score")).to_have_text("1")
    board.locator("form.act:has(button:text('Start'))").locator("button").focus()
    board.keyboard.press("Space")
    expect(phone.locator(".countdown.running")).to_be_visible()
