"""Installed to the home screen, the app runs in standalone display mode: no address bar, no back
button, no history, and it always starts at the manifest's start_url ("/"). Chromium's --app window
is that display mode for real (`(display-mode: standalone)` matches), so these tests run the board
tablet and a phone as installed apps: create a table, join it by its code (there is no address bar
to paste a link into), play, then close the phone's app and reopen it from the home screen to find
the seat again through "Your tables"."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.conftest import CHROMIUM, table_opened

pytestmark = pytest.mark.browser
TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def installed_app(playwright, profile, start_url: str, viewport: dict):
    """The app opened from the home screen: its own window, its own (persistent) cookie jar."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, viewport=viewport,
        args=[f"--app={start_url}", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"])
    page = context.pages[0] if context.pages else context.new_page()
    page.wait_for_load_state()
    assert page.evaluate("matchMedia('(display-mode: standalone)').matches"), "not in standalone mode"
    return context, page


def links_stay_in_the_app(page, base: str) -> None:
    """A link that left the app's scope (or opened a new window) would drop the player into a
    browser with no way back; every link on these pages stays on this origin, in this window."""
    origin = urlsplit(base).netloc
    for href, target in page.locator("a[href]").evaluate_all("as => as.map(a => [a.href, a.target])"):
        assert urlsplit(href).netloc == origin and target in ("", "_self"), (page.url, href, target)


def test_an_installed_app_plays_and_finds_its_seat_again(server, playwright, tmp_path):
    board_app, board = installed_app(playwright, tmp_path / "tablet", server.url + "/", TABLET)
    links_stay_in_the_app(board, server.url)
    board.get_by_role("link", name=re.compile("Toolbox")).click()
    board.get_by_role("button", name="Create the table").click()
    code = table_opened(board)
    links_stay_in_the_app(board, server.url)

    phone_app, phone = installed_app(playwright, tmp_path / "phone", server.url + "/", PHONE)
    phone.get_by_label("Have a table code?").fill(code.lower())          # typed, as read off the board
    phone.get_by_role("button", name="Join", exact=True).click()
    phone.get_by_label("Your name").fill("Ann")
    phone.get_by_role("button", name="Take a seat").click()
    expect(phone).to_have_url(re.compile(r"/seat$"))
    phone.wait_for_load_state("domcontentloaded")   # the URL changes before the body is there (see table_opened)
    links_stay_in_the_app(phone, server.url)
    expect(board.locator(".seat-list")).to_contain_text("Ann")           # live, no reload

    phone.get_by_role("button", name=re.compile("^Roll")).click()
    expect(board.locator(".dice-row .die").first).to_be_visible()
    expect(board.locator(".part.dice")).to_contain_text("rolled by Ann")

    # The phone's app is swiped away and opened again from the home screen: it starts at "/".
    phone_app.close()
    phone_app, phone = installed_app(playwright, tmp_path / "phone", server.url + "/", PHONE)
    mine = phone.get_by_role("region", name="Your tables")
    expect(mine).to_contain_text(code)
    mine.get_by_role("link", name=re.compile(code)).click()
    expect(phone).to_have_url(re.compile(rf"/t/{code}/seat$"))
    expect(phone.locator(".me")).to_contain_text("Ann")
    expect(phone.locator(".dice-row .die").first).to_be_visible()        # the roll it made before

    # The tablet's app comes back to its board the same way.
    board_app.close()
    board_app, board = installed_app(playwright, tmp_path / "tablet", server.url + "/", TABLET)
    board.get_by_role("region", name="Your tables").get_by_role("link", name=re.compile(code)).click()
    expect(board).to_have_url(re.compile(rf"/t/{code}$"))
    expect(board.locator(".seat-list")).to_contain_text("Ann")
    phone_app.close()
    board_app.close()
