"""Fair play in a real browser (system Chromium): a seat moves to another phone only when its own
phone allows it (or the host, when that phone is gone), every screen's log says so, and a screen is
a board only when the host paired it; a screen that just opened the board's address watches."""
import re

import pytest
from playwright.sync_api import expect

from tests.conftest import join_by_qr, table_opened

pytestmark = pytest.mark.browser
TABLET = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}


def create_toolbox(page, base_url) -> str:
    page.goto(base_url + "/")
    page.get_by_role("link", name=re.compile("Toolbox")).click()
    for part in ("Dice", "Counters"):
        page.get_by_label(part, exact=True).check()
    page.get_by_role("button", name="Create the table").click()
    return table_opened(page)


def ask_for_the_seat(context, join_url: str, name: str):
    """A new phone types a name that is taken and asks for that seat: it waits."""
    phone = context.new_page()
    phone.goto(join_url)
    phone.get_by_label("Your name").fill(name)
    phone.get_by_role("button", name="Take a seat").click()
    expect(phone.get_by_text("is already at this table")).to_be_visible()
    phone.get_by_role("button", name="That's me: move my seat to this phone").click()
    expect(phone).to_have_url(re.compile(r"/join\?waiting=1$"))
    expect(phone.get_by_text("phone is asked to let this phone take the seat")).to_be_visible()
    return phone


def test_a_seat_moves_when_its_phone_allows_it(server, browser):
    host = browser.new_context(viewport=TABLET)
    board = host.new_page()
    code = create_toolbox(board, server.url)
    join_url = f"{server.url}/t/{code}/join"
    old_ctx, new_ctx = browser.new_context(viewport=PHONE), browser.new_context(viewport=PHONE)
    old = join_by_qr(old_ctx, join_url, "Ann")
    new = ask_for_the_seat(new_ctx, join_url, "Ann")

    # Ann's phone is asked, live and where she looks (inside the phone's screen)
    question = old.get_by_text("Someone wants to take your seat on another phone: allow?")
    expect(question).to_be_visible()
    expect(question).to_be_in_viewport()
    expect(old.get_by_role("button", name="Allow")).to_be_in_viewport()
    expect(board.locator(".table-log")).to_contain_text("A phone asks to take Ann's seat.")
    # nothing moved yet: the waiting phone still waits, Ann still plays
    expect(new).to_have_url(re.compile(r"/join\?waiting=1$"))
    old.get_by_role("button", name="Roll 2 dice").click()
    expect(board.locator(".part.dice")).to_contain_text("rolled by Ann")

    old.get_by_role("button", name="Allow").click()
    # the answer beside the button (#flash); the live region (#announcer) says the same words 50 ms later
    expect(old.locator("#flash").get_by_text(re.compile(r"Your seat moved to another phone at \d\d:\d\d; if that was "
                                                        r"not you, tell the host\."))).to_be_visible()
    expect(board.locator(".table-log")).to_contain_text("Ann's seat moved to another phone, with that phone's consent.")
    # the new phone reaches the seat by itself (its waiting page checks again on its own)
    expect(new).to_have_url(re.compile(r"/seat$"), timeout=15000)
    expect(new.locator(".topbar .me")).to_contain_text("Ann")
    expect(new.locator(".table-log")).to_contain_text("Ann's seat moved to another phone")
    expect(board.locator(".seat-list li")).to_have_count(1)
    # the old phone, reloaded, still only reads what happened
    old.goto(f"{server.url}/t/{code}/seat")
    expect(old.get_by_text(re.compile(r"Your seat moved to another phone at \d\d:\d\d"))).to_be_visible()
    for ctx in (host, old_ctx, new_ctx):
        ctx.close()


def test_the_host_approves_on_the_board_when_the_seats_phone_is_gone(server, browser):
    host = browser.new_context(viewport=TABLET)
    board = host.new_page()
    code = create_toolbox(board, server.url)
    join_url = f"{server.url}/t/{code}/join"
    old_ctx, new_ctx = browser.new_context(viewport=PHONE), browser.new_context(viewport=PHONE)
    old = join_by_qr(old_ctx, join_url, "Ann")
    old_ctx.close()   # the phone ran flat
    new = ask_for_the_seat(new_ctx, join_url, "Ann")
    expect(board.get_by_text(re.compile(r"A phone asks for Ann's seat \(\d\d:\d\d\)"))).to_be_visible()
    board.get_by_role("button", name="Approve").click()
    expect(board.locator(".table-log")).to_contain_text("The host moved Ann's seat to another phone.")
    expect(new).to_have_url(re.compile(r"/seat$"), timeout=15000)
    expect(new.locator(".topbar .me")).to_contain_text("Ann")
    new.get_by_role("button", name="Roll 2 dice").click()
    expect(board.locator(".part.dice")).to_contain_text("rolled by Ann")
    for ctx in (host, new_ctx):
        ctx.close()


def test_a_paired_screen_is_a_board_and_an_unpaired_one_watches(server, browser):
    host = browser.new_context(viewport=TABLET)
    board = host.new_page()
    code = create_toolbox(board, server.url)
    board.get_by_role("link", name="Use another screen as the board").click()
    expect(board).to_have_url(re.compile(rf"/t/{code}/screens$"))
    expect(board.locator(".pair-qr svg")).to_be_visible()
    pair_url = board.locator(".pair-link").get_attribute("href")
    assert re.fullmatch(rf"{re.escape(server.url)}/t/{code}/pair/[\w-]+", pair_url), pair_url

    tv_ctx, watcher_ctx = browser.new_context(viewport=TABLET), browser.new_context(viewport=TABLET)
    tv = tv_ctx.new_page()
    tv.goto(pair_url)
    expect(tv).to_have_url(re.compile(rf"/t/{code}$"))
    watcher = watcher_ctx.new_page()
    watcher.goto(f"{server.url}/t/{code}")

    # the paired screen runs the board
    expect(tv.locator("#view")).not_to_have_class(re.compile(r"\bwatching\b"))
    tv.get_by_role("button", name="Roll 2 dice").click()
    expect(tv.locator(".part.dice")).not_to_contain_text("Not rolled yet")
    expect(tv.locator(".table-log")).to_contain_text("The host made another screen a board.")

    # the screen that only opened the address watches: it follows live, with no control shown
    expect(watcher.locator("#view")).to_have_class(re.compile(r"\bwatching\b"))
    expect(watcher.get_by_text("This screen watches the table.")).to_be_visible()
    expect(watcher.locator(".dice-row .die")).to_have_count(2)
    expect(watcher.locator(".dice-row .die")).to_have_text(tv.locator(".dice-row .die").all_inner_texts())
    expect(watcher.get_by_role("button", name="Roll 2 dice")).to_be_hidden()
    visible_controls = watcher.evaluate(
        "() => [...document.querySelectorAll('#view form, #view button')].filter(e => e.checkVisibility()).length")
    assert visible_controls == 0
    # the pairing link was good once: opened again, it gives no board
    watcher.goto(pair_url)
    expect(watcher.get_by_text("This pairing code is used up or too old")).to_be_visible()
    for ctx in (host, tv_ctx, watcher_ctx):
        ctx.close()
