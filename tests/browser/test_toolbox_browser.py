"""The Toolbox at a real table (system Chromium): the board read from the chairs on a 10" tablet in
landscape, each phone used with one thumb, in play and once someone has reached the target; the
README pictures; and a German phone beside an English one."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible, small_targets
from tests.browser.layout import PHONE, TABLET, big_screen_problems, thumb_reach_problems
from tests.conftest import join_by_qr, save_screenshot, table_opened

pytestmark = pytest.mark.browser


def create(board, base: str, parts: tuple[str, ...], **fields: str) -> str:
    board.goto(base + "/new/toolbox")
    for box in board.locator("input[name=parts]").all():
        box.set_checked(box.get_attribute("value") in parts)
    for label, value in fields.items():
        board.get_by_label(label).fill(value)
    board.get_by_role("button", name=re.compile("^(Create the table|Tisch anlegen)$")).click()
    return table_opened(board)


def tap(page, name: str, times: int = 1) -> None:
    """Taps a button once the page shows the table's latest version (a tap on an older one would be
    refused as stale), and waits for the move to come back."""
    table = re.search(r"^(.*/t/[A-Z0-9]{6})", page.url).group(1)
    for _ in range(times):
        latest = page.request.get(f"{table}/version").json()["version"]
        expect(page.locator("#view")).to_have_attribute("data-version", str(latest))
        page.get_by_role("button", name=name, exact=True).click()
        expect(page.locator("#view")).to_have_attribute("data-version", str(latest + 1))


def test_a_game_night_on_the_toolbox(server, browser):
    board = browser.new_context(viewport=TABLET).new_page()
    code = create(board, server.url, ("timers", "dice", "track", "counters", "rounds"),
                  **{"Timers (name: seconds)": "Sand timer: 90", "Counters (name: start)": "Lives: 9, Coins: 3"})
    join_url = f"{server.url}/t/{code}/join"
    phones = [join_by_qr(browser.new_context(viewport=PHONE, has_touch=True), join_url, n) for n in ("Ann", "Bob", "Cy")]
    ann, bob = phones[0], phones[1]
    expect(board.locator(".seat-list li")).to_have_count(3)

    # A few turns in: dice rolled on a phone, points scored, a life lost, round 2, the timer running.
    tap(ann, "Roll 2 dice")
    tap(board, "Ann plus one", 4)
    tap(bob, "Bob plus one", 2)
    tap(board, "Lives minus one")
    tap(bob, "Next round ▶")
    tap(ann, "Start")
    expect(board.locator(".countdown.running")).to_be_visible()
    expect(board.locator(".dice-row .die")).to_have_count(2)
    expect(ann.locator(".glance .track-score").first).to_have_text("4")

    # Readable across the table; one thumb on every phone (tests/browser/layout.py says how).
    assert big_screen_problems(board, at_least=8) == []
    far = set(board.locator("[data-far]").evaluate_all("els => els.map(e => e.dataset.far)"))
    assert far == {"timer", "dice", "score", "counter", "round"}
    for phone in phones:
        expect(phone.locator(".countdown.running")).to_be_visible()   # each phone's stream in its own time
        assert thumb_reach_problems(phone) == []
        assert small_targets(phone) == []
    for scheme in ("light", "dark"):
        for page, who in ((board, "board"), (ann, "seat")):
            page.emulate_media(color_scheme=scheme)
            assert_accessible(page, f"toolbox {who} in play, {scheme}")
    board.emulate_media(color_scheme="light")
    ann.emulate_media(color_scheme="light")
    save_screenshot(board, "toolbox-board")
    save_screenshot(ann, "toolbox-seat")

    # Someone reaches the target: the winner line is read from the chairs too.
    tap(ann, "Ann plus one", 6)
    expect(board.locator(".winner")).to_contain_text("Ann reached 10!")
    expect(ann.locator(".winner")).to_contain_text("Ann reached 10!")
    assert big_screen_problems(board, at_least=8) == []
    assert thumb_reach_problems(ann) == []
    assert_accessible(board, "toolbox board, target reached")
    assert_accessible(ann, "toolbox seat, target reached")
    for page in [board, *phones]:
        page.context.close()


def test_every_part_on_a_phone_stays_within_reach(server, browser):
    """A table with all eight parts: the seat is long, but nothing to tap is in the stretch zone and
    nothing is wider than the phone; the board still shows every reading on the first screen."""
    board = browser.new_context(viewport=TABLET).new_page()
    code = create(board, server.url, ("timers", "dice", "bag", "deck", "track", "counters", "rounds", "picker"),
                  **{"Timers (name: seconds)": "Turn: 60, Game: 1800"})
    ann = join_by_qr(browser.new_context(viewport=PHONE, has_touch=True), f"{server.url}/t/{code}/join", "Ann")
    tap(ann, "Draw a token")
    tap(ann, "Draw a card")
    tap(ann, "Pick at random")
    expect(ann.locator(".glance .picked")).to_contain_text("Ann goes first")
    assert thumb_reach_problems(ann) == []
    assert small_targets(ann) == []
    expect(board.locator(".picked")).to_contain_text("Ann goes first")   # Ann's taps reach the board on its stream
    assert big_screen_problems(board, at_least=9) == []          # two timers, dice, bag, cards, score, counter, round, first
    assert_accessible(ann, "toolbox seat with every part")
    assert_accessible(board, "toolbox board with every part")
    board.context.close()
    ann.context.close()


def test_a_german_phone_beside_an_english_one(server, browser):
    board = browser.new_context(viewport=TABLET, locale="de-DE").new_page()
    code = create(board, server.url, ("dice", "track"))
    expect(board.get_by_role("heading", name="Würfel")).to_be_visible()
    join_url = f"{server.url}/t/{code}/join"
    german = browser.new_context(viewport=PHONE, has_touch=True, locale="de-DE").new_page()
    german.goto(join_url)
    german.get_by_label("Dein Name").fill("Ann")
    german.get_by_role("button", name="Platz nehmen").click()
    expect(german).to_have_url(re.compile(r"/seat$"))
    english = join_by_qr(browser.new_context(viewport=PHONE, has_touch=True, locale="en-GB"), join_url, "Bob")
    tap(german, "2 Würfel werfen")
    expect(german.locator(".glance")).to_contain_text("gewürfelt von Ann")
    expect(english.locator(".glance")).to_contain_text("rolled by Ann")
    expect(board.locator(".part.dice")).to_contain_text("gewürfelt von Ann")
    tap(english, "Bob plus one")
    expect(german.locator(".log-list")).to_contain_text("Bob hat Bob auf 1 gesetzt (+1).")
    expect(english.locator(".log-list")).to_contain_text("Bob set Bob to 1 (+1).")
    assert thumb_reach_problems(german) == []                      # longer German words still fit
    assert big_screen_problems(board) == []
    for page in (board, german, english):
        page.context.close()
