"""The table engine in a real browser (system Chromium): create a table, join by the QR's URL on a
second device, live updates without reload, undo, seat reclaim, local countdown, no off-server requests."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible
from tests.conftest import join_by_qr, off_server_requests, table_opened

pytestmark = pytest.mark.browser
TABLET = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}


def create_toolbox(page, base_url, extra=()):
    page.goto(base_url + "/")
    page.get_by_role("link", name=re.compile("Toolbox")).click()
    for part in ("Timers", "Dice", "Score track", "Counters", *extra):
        page.get_by_label(part, exact=True).check()
    page.get_by_label("Timers (name: seconds)").fill("Sand timer: 3")
    page.get_by_role("button", name="Create the table").click()
    return table_opened(page)


join = join_by_qr


def test_board_and_phone_stay_in_sync(server, browser):
    tablet = browser.new_context(viewport=TABLET)
    board = tablet.new_page()
    strays = off_server_requests(board, server.url)
    code = create_toolbox(board, server.url)
    join_url = board.locator(".join-url").inner_text()
    assert join_url == f"{server.url}/t/{code}/join"  # what the QR code encodes
    board.evaluate("window.__sameDocument = true")  # proves later updates did not reload the page

    phone_ctx = browser.new_context(viewport=PHONE)
    phone = join(phone_ctx, join_url, "Ann")
    strays += off_server_requests(phone, server.url)
    expect(phone.locator(".topbar .me")).to_contain_text("Ann")
    expect(board.locator(".seat-list")).to_contain_text("Ann")  # the join reached the board live

    # a roll on the phone appears on the board without reload
    phone.get_by_role("button", name="Roll 2 dice").click()
    # the click does not wait for the answer: read the phone's faces only once its view has them
    expect(phone.locator(".dice-row .die")).to_have_count(2)
    expect(board.locator(".dice-row .die")).to_have_count(2)
    expect(board.locator(".dice-row .die")).to_have_text(phone.locator(".dice-row .die").all_inner_texts())
    expect(board.locator(".part.dice")).to_contain_text("rolled by Ann")

    # a score change on the board appears on the phone
    board.get_by_role("button", name="Ann plus one").click()
    expect(phone.locator(".track-score")).to_have_text("1")

    # undo: the phone cannot undo the board's action, the board (host) can
    expect(phone.get_by_role("button", name=re.compile("Undo"))).to_have_count(0)
    board.get_by_role("button", name=re.compile("Undo score")).click()
    expect(phone.locator(".track-score")).to_have_text("0")
    phone.get_by_role("button", name=re.compile("Undo roll")).click()
    expect(board.locator(".part.dice")).to_contain_text("Not rolled yet")

    # a running timer counts down on the phone with no request per second, and ends on every screen
    board.get_by_role("button", name="Start", exact=True).click()
    expect(phone.locator(".countdown.running")).to_be_visible()
    requests = []
    phone.on("request", lambda r: requests.append(r.url))
    expect(phone.locator(".countdown")).to_have_text("0:01", timeout=6000)
    assert requests == []  # counted down from 0:03 locally
    expect(phone.locator(".countdown")).to_have_class(re.compile("over"))
    expect(board.locator(".countdown")).to_have_class(re.compile("over"))
    # at zero each screen fetches its view once, so the controls show the stopped timer
    expect(phone.get_by_role("button", name="Start", exact=True)).to_be_visible()
    expect(board.get_by_role("button", name="Start", exact=True)).to_be_visible()

    assert_accessible(board, "Toolbox board, timer ended")
    assert_accessible(phone, "Toolbox seat, timer ended")
    assert board.evaluate("window.__sameDocument") is True
    assert strays == []
    tablet.close()
    phone_ctx.close()


def test_seat_survives_a_closed_tab_and_moves_to_a_new_phone(server, browser):
    host = browser.new_context(viewport=TABLET)
    board = host.new_page()
    code = create_toolbox(board, server.url)
    join_url = f"{server.url}/t/{code}/join"

    first = browser.new_context(viewport=PHONE)
    phone = join(first, join_url, "Bea")
    phone.close()  # the tab is closed (or the phone slept and the browser dropped the page)
    again = first.new_page()
    again.goto(join_url)  # scanning the QR again
    expect(again.get_by_text("already has a seat here as")).to_be_visible()
    again.get_by_role("link", name="Go to my seat").click()
    expect(again.locator(".topbar .me")).to_contain_text("Bea")

    # a new phone (no cookie) with the same name is offered the seat, not a duplicate; the seat moves
    # once Bea's current phone allows it (tests/browser/test_fair_play_browser.py: the whole consent)
    second = browser.new_context(viewport=PHONE)
    other = second.new_page()
    other.goto(join_url)
    other.get_by_label("Your name").fill("bea")
    other.get_by_role("button", name="Take a seat").click()
    expect(other.get_by_text("is already at this table")).to_be_visible()
    other.get_by_role("button", name=re.compile("move my seat to this phone")).click()
    again.get_by_role("button", name="Allow").click()
    expect(other.locator(".topbar .me")).to_contain_text("Bea", timeout=15000)
    expect(board.locator(".seat-list li")).to_have_count(1)
    for ctx in (host, first, second):
        ctx.close()


def test_stale_tap_shows_the_fresh_table_and_a_reason(server, browser):
    ctx = browser.new_context(viewport=TABLET)
    board = ctx.new_page()
    code = create_toolbox(board, server.url, extra=("Round tracker",))
    other = browser.new_context(viewport=PHONE)
    phone = join(other, f"{server.url}/t/{code}/join", "Eve")
    expect(board.locator(".seat-list")).to_contain_text("Eve")
    # Eve acts while this page's stream is cut: simulate by blocking the event stream
    board.route("**/events*", lambda route: route.abort())  # the stream URL carries ?as=
    board.reload()
    phone.get_by_role("button", name="Next round ▶").click()
    expect(phone.locator(".part.glance")).to_contain_text("Round 2")
    # "Next round" depends on the round the board showed: refused, with who already did it
    board.get_by_role("button", name="Next round ▶").click()
    expect(board.locator("#flash .flash")).to_contain_text("Eve already did “round next”")   # by the button
    expect(board.locator(".part.rounds")).to_contain_text("Round 2")
    # a roll depends on nothing the board showed: from the same stale page it is simply applied
    phone.get_by_role("button", name=re.compile("Roll")).click()
    expect(phone.locator(".dice-row .die")).to_have_count(2)
    board.get_by_role("button", name=re.compile("Roll")).click()
    expect(board.locator(".part.dice")).to_contain_text("rolled on the board")
    expect(board.locator("#flash")).to_be_hidden()   # the next action cleared the answer
    ctx.close()
    other.close()


def test_a_phone_that_lost_its_connection_catches_up_when_back(server, browser):
    host = browser.new_context(viewport=TABLET)
    board = host.new_page()
    code = create_toolbox(board, server.url)
    phone_ctx = browser.new_context(viewport=PHONE)
    phone = join(phone_ctx, f"{server.url}/t/{code}/join", "Dee")
    expect(board.locator(".seat-list")).to_contain_text("Dee")

    # The phone drops off the network (lift, tunnel, sleep). Chromium's offline switch keeps a
    # stream that is already open (and events now carry the view itself), so the stream is cut first.
    phone.route("**/events*", lambda route: route.abort())
    phone.reload()
    phone_ctx.set_offline(True)
    board.get_by_role("button", name="Dee plus one").click()
    board.get_by_role("button", name="Dee plus one").click()
    expect(board.locator(".track-score")).to_have_text("2")
    # its next poll for the table's version fails too (it polls every 5 s while it has no stream)
    phone.wait_for_event("requestfailed", lambda r: "/version" in r.url, timeout=15_000)
    expect(phone.locator(".track-score")).to_have_text("0")  # it could not hear about it

    phone_ctx.set_offline(False)  # back online: the page re-fetches at once, then the stream reconnects
    expect(phone.locator(".track-score")).to_have_text("2", timeout=5000)
    host.close()
    phone_ctx.close()
