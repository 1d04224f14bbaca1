"""Live updates in a real browser (issue 19): a phone takes its fresh view from the event itself,
with no request of its own; a page whose stream is refused (429/503 + Retry-After) keeps current
by polling /version (it tries the stream again after Retry-After)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import ServerProcess, count_streams, join_by_qr, stream_opened, table_opened

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}


def dice_table(page, base: str) -> str:
    page.goto(base + "/new/toolbox")
    page.get_by_label("Dice", exact=True).check()
    page.get_by_role("button", name="Create the table").click()
    return table_opened(page)


def seated_phone(browser, base: str, code: str, name: str):
    context = browser.new_context(**PHONE)
    count_streams(context)
    return join_by_qr(context, f"{base}/t/{code}/join", name)


def version_of(page) -> int:
    return int(page.locator("#view").get_attribute("data-version"))


def test_a_phone_swaps_in_the_view_its_event_carries_without_fetching(server, browser):
    board = browser.new_context().new_page()
    code = dice_table(board, server.url)
    phone = seated_phone(browser, server.url, code, "Ann")
    fetched = []
    phone.on("request", lambda r: fetched.append(r.url) if "/view" in r.url or "/version" in r.url else None)
    expect(phone.locator("#view")).to_have_attribute("data-version", re.compile(r"\d+"))
    stream_opened(phone)
    before = version_of(phone)
    fetched.clear()
    board.get_by_role("button", name=re.compile("Roll", re.I)).first.click()
    expect(phone.locator("#view")).not_to_have_attribute("data-version", str(before), timeout=15000)
    assert version_of(phone) > before
    assert fetched == []  # the view came inside the event


def test_every_page_opens_its_stream_as_it_loads(server, browser):
    # When htmx was loaded deferred, it started on the next tick after its script ran, which could
    # come before the SSE extension's script: the page then never connected and learnt of changes
    # only by its 5 s poll (three pages in four, in a run of eight). Each fresh screen must open its
    # stream at once.
    board = browser.new_context().new_page()
    code = dice_table(board, server.url)
    for _ in range(6):
        screen = browser.new_context().new_page()
        with screen.expect_request(lambda r: "/events" in r.url, timeout=3000):
            screen.goto(f"{server.url}/t/{code}")
        screen.context.close()


def test_a_refused_stream_falls_back_to_polling(browser, tmp_path, monkeypatch):
    # No stream at all for any address: every page's stream gets 429 with Retry-After.
    monkeypatch.setenv("COMPANION_STREAMS_PER_ADDRESS", "0")
    server = ServerProcess(tmp_path / "refused.db").start()
    try:
        board = browser.new_context().new_page()
        code = dice_table(board, server.url)
        phone = seated_phone(browser, server.url, code, "Ann")
        streams, polls = [], []
        phone.on("response", lambda r: streams.append((r.status, r.headers.get("retry-after")))
                 if "/events" in r.url else polls.append(r.status) if "/version" in r.url else None)
        phone.reload()
        before = version_of(phone)
        board.get_by_role("button", name=re.compile("Roll", re.I)).first.click()
        # the 5-second /version poll notices and the page re-fetches its view
        expect(phone.locator("#view")).not_to_have_attribute("data-version", str(before), timeout=20000)
        assert streams and streams[0] == (429, "30")
        assert polls
    finally:
        server.stop()
