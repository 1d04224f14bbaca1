"""A page's taps over its tap socket, in the system Chromium (companion/web/tap_socket.py and
static/js/table.js): a phone's roll and its undo go as messages on the socket, not as POSTs, and
every screen shows them; a refusal's sentence reaches the tapping finger as it does by POST; and a
page whose socket cannot open (a proxy that does not pass WebSockets) taps by POST as before."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.layout import PHONE, TABLET
from tests.browser.test_taps_browser import tap_together, tapping_by_post
from tests.browser.test_toolbox_browser import create, tap
from tests.conftest import join_by_qr

pytestmark = pytest.mark.browser


def watch_taps(page) -> tuple[list[str], list[str]]:
    """The page's taps as they leave it: (messages on its tap socket, POSTs to an action)."""
    messages, posts = [], []

    def on_socket(socket):
        if "/taps" in socket.url:
            socket.on("framesent", lambda payload: messages.append(str(payload)))
    page.on("websocket", on_socket)
    page.on("request", lambda request: posts.append(request.url)
            if request.method == "POST" and re.search(r"/(act/|undo)", request.url) else None)
    return messages, posts


def test_a_phones_taps_go_over_its_socket_and_reach_every_screen(server, browser):
    board = browser.new_context(viewport=TABLET).new_page()
    code = create(board, server.url, ("dice", "track"))
    context = browser.new_context(viewport=PHONE, has_touch=True)
    ann = context.new_page()
    messages, posts = watch_taps(ann)
    ann.goto(f"{server.url}/t/{code}/join")
    ann.get_by_label("Your name").fill("Ann")
    ann.get_by_role("button", name="Take a seat").click()
    expect(ann).to_have_url(re.compile(r"/seat$"))
    ann.wait_for_function("() => document.getElementById('live') && document.getElementById('live').dataset.taps")
    # the socket is open once the page has loaded; a tap before that goes by POST, which is fine
    ann.wait_for_timeout(300)

    tap(ann, "Roll 2 dice")
    expect(board.locator(".dice-row .die")).to_have_count(2)
    tap(ann, "Ann plus one", 2)
    expect(board.locator(".track-score").first).to_have_text("2")
    ann.get_by_role("button", name=re.compile(r"^↶ Undo")).click()
    expect(board.locator(".track-score").first).to_have_text("1")
    expect(ann.locator(".glance .track-score").first).to_have_text("1")

    assert posts == [], posts
    sent = [m for m in messages if '"action"' in m]
    assert len(sent) == 4 and '"act/roll"' in sent[0] and '"undo"' in sent[-1], sent


def test_a_refusal_over_the_socket_reaches_the_finger(server, browser):
    board = browser.new_context(viewport=TABLET).new_page()
    code = create(board, server.url, ("dice",))
    ann = join_by_qr(browser.new_context(viewport=PHONE, has_touch=True), f"{server.url}/t/{code}/join", "Ann")
    messages, posts = watch_taps(board)
    board.reload()
    board.wait_for_timeout(300)
    tap(board, "Roll 2 dice")
    # The board's stream stops (its view stays as it is) and Ann rolls meanwhile: the board's undo,
    # of a table it has not seen move on, is refused as stale, with the fresh view and the sentence.
    board.evaluate("htmx.find('#live').remove()")
    board.wait_for_timeout(200)
    tap(ann, "Roll 2 dice")
    before = len(messages)
    board.get_by_role("button", name=re.compile(r"^↶ Undo")).click()
    expect(board.locator("#flash")).to_contain_text("Someone just changed the table")
    assert posts == [] and any('"undo"' in m for m in messages[before:]), (posts, messages[before:])


def test_a_page_whose_socket_cannot_open_taps_by_post(server, browser):
    board = browser.new_context(viewport=TABLET).new_page()
    code = create(board, server.url, ("dice",))
    context = tapping_by_post(browser.new_context(viewport=PHONE, has_touch=True))   # a proxy without WebSockets
    ann = join_by_qr(context, f"{server.url}/t/{code}/join", "Ann")
    messages, posts = watch_taps(ann)
    ann.wait_for_timeout(300)
    tap(ann, "Roll 2 dice")
    expect(board.locator(".dice-row .die")).to_have_count(2)
    assert len(posts) == 1 and "/act/roll" in posts[0], posts


def test_a_tap_whose_socket_closes_before_its_answer_says_so_and_the_next_tap_goes(server, browser):
    """The socket dies with a tap in flight (a phone leaving the Wi-Fi): the page says the tap got
    no answer, as for a POST whose connection broke, and its next tap still goes."""
    board = browser.new_context(viewport=TABLET).new_page()
    code = create(board, server.url, ("dice",))
    context = browser.new_context(viewport=PHONE, has_touch=True)
    dropped = []

    def drop_the_first_tap(socket):
        to_server = socket.connect_to_server()

        def from_page(message):
            if '"action"' in str(message) and not dropped:
                dropped.append(message)
                socket.close()          # the tap never reaches the server
            else:
                to_server.send(message)
        socket.on_message(from_page)
    context.route_web_socket(re.compile(r"/taps"), drop_the_first_tap)
    ann = join_by_qr(context, f"{server.url}/t/{code}/join", "Ann")
    ann.wait_for_timeout(300)
    before = int(ann.locator("#view").get_attribute("data-version"))
    ann.get_by_role("button", name="Roll 2 dice", exact=True).click()
    expect(ann.locator("#flash .flash")).to_contain_text("The companion did not answer")
    assert dropped and int(board.locator("#view").get_attribute("data-version")) == before
    tap(ann, "Roll 2 dice")   # by POST while the socket opens again, or over the new one
    expect(board.locator(".dice-row .die")).to_have_count(2)


def test_two_devices_press_next_round_at_once_over_their_sockets(server, browser):
    """The board and a phone press Next round at the same instant, each over its socket: each tap
    is held in the browser until both have left, so they reach the server together. It happens once;
    the slower device reads who did it, beside its button."""
    held = []

    def hold_the_first_round_tap(socket):
        to_server = socket.connect_to_server()

        def from_page(message):
            if '"act/round_next"' in str(message) and len(held) < 2:
                held.append((to_server, message))
                if len(held) == 2:
                    for server_side, tap_message in held:
                        server_side.send(tap_message)
            else:
                to_server.send(message)
        socket.on_message(from_page)

    board_context = browser.new_context(viewport=TABLET)
    board_context.route_web_socket(re.compile(r"/taps"), hold_the_first_round_tap)
    board = board_context.new_page()
    code = create(board, server.url, ("rounds",))
    phone_context = browser.new_context(viewport=PHONE, has_touch=True)
    phone_context.route_web_socket(re.compile(r"/taps"), hold_the_first_round_tap)
    ann = join_by_qr(phone_context, f"{server.url}/t/{code}/join", "Ann")
    messages, posts = watch_taps(ann)
    ann.reload()   # the phone's socket opens again, now watched
    expect(board.locator(".seat-list")).to_contain_text("Ann")
    board.wait_for_timeout(300)
    next_round = "form[action$='/act/round_next'] button"
    tap_together([(board, next_round, 1), (ann, next_round, 1)])
    for page in (board, ann):
        expect(page.locator(".part.rounds, .part.glance").first).to_contain_text("Round 2")
    assert len(held) == 2 and posts == [], (held, posts)
    deadline = time.monotonic() + 10   # the refused device's sentence, on one page or the other
    while not (slower := [page for page in (board, ann) if page.locator("#flash .flash").is_visible()]) \
            and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(slower) == 1, "both or neither were refused"
    expect(slower[0].locator("#flash .flash")).to_contain_text("already did “round next”")
    expect(board.locator(".part.rounds").first).to_contain_text("Round 2")   # once, not twice
