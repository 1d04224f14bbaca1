"""The board shows the round (issue #27): once a game is under way, everything the round needs is on
the first screen of a landscape 1280x800 tablet and of a portrait 768x1024 one, for every game, with
the QR code, the seats' controls, pairing and the next game folded into the Join and Table drawers.
Measured from the elements' bounding boxes: each must lie inside the viewport without scrolling."""
from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from tests.conftest import table_opened

LANDSCAPE = {"width": 1280, "height": 800}
PORTRAIT = {"width": 768, "height": 1024}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}


def act(context, server, code, move, role, **fields):
    """A move sent as a phone or the board would, through that context's cookies."""
    version = context.request.get(f"{server.url}/t/{code}/version").json()["version"]
    answer = context.request.post(f"{server.url}/t/{code}/act/{move}", headers={"Accept": "application/json"},
                                  form={"version": str(version), "as": role, **fields})
    assert answer.ok, (move, answer.status, answer.text())


def open_table(server, browser, game, names, **options):
    """A board (the host's tablet) and phones joined by name; returns the board page and phones."""
    board = browser.new_context(viewport=LANDSCAPE).new_page()
    query = "&".join(f"{k}={v}" for k, v in options.items())
    board.goto(f"{server.url}/new/{game}" + (f"?{query}" if query else ""))
    for key, value in options.items():
        board.locator(f'[name="{key}"][value="{value}"]').check()
    board.get_by_role("button", name="Create the table").click()
    code = table_opened(board)
    phones = {}
    for name in names:
        phone = browser.new_context(**PHONE)
        answer = phone.request.post(f"{server.url}/t/{code}/join", form={"name": name},
                                    headers={"Accept": "application/json"})
        assert answer.ok, answer.text()
        phones[name] = phone
    return board, code, phones


def off_screen(page, selectors: list[str]) -> list[str]:
    """The selectors with no element, or an element not wholly inside the viewport at scroll 0."""
    page.evaluate("() => window.scrollTo(0, 0)")
    problems = []
    for selector in selectors:
        boxes = page.locator(selector).evaluate_all("""els => els.filter(e => e.getClientRects().length)
            .map(e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })""")
        if not boxes:
            problems.append(f"{selector}: not shown")
        size = page.viewport_size
        for left, top, right, bottom in boxes:
            if left < 0 or top < 0 or right > size["width"] + 0.5 or bottom > size["height"] + 0.5:
                problems.append(f"{selector}: at {left:.0f},{top:.0f}-{right:.0f},{bottom:.0f}")
                break
    return problems


def assert_round_fits(board, name, selectors):
    board.reload()
    for viewport in (LANDSCAPE, PORTRAIT):
        board.set_viewport_size(viewport)
        board.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        if os.environ.get("SHOTS"):
            board.screenshot(path=f"{os.environ['SHOTS']}/{name}-{viewport['width']}.png")
        problems = off_screen(board, selectors + DRAWERS)
        assert problems == [], f"{name} at {viewport}: {problems}"
        assert board.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    # the QR code and the seat controls are folded away, one tap from the screen
    expect(board.locator(".join-qr")).to_be_hidden()
    board.get_by_text("Join", exact=True).click()
    expect(board.locator(".join-qr img")).to_be_visible()


DRAWERS = [".table-drawer >> nth=0", ".table-drawer >> nth=1"]


# The two CommuniCat rounds are dealt from a fixed random source (conftest's seeded_server: a fresh
# process, so this table's seed does not depend on which tests ran before it on a shared server). How
# far down the round reaches depends on the deal (a Need's name on one line or two): on a random deal
# the coop round's "resolve" summary ended at 739, 776 or 813 px of 800 (three runs), so the test
# passed or failed by chance. The board was mended for the worst deal (three-line names in both rows:
# 792 px, static/css/games/communicat.css); the fixed deal keeps the test from depending on chance.
@pytest.mark.browser
def test_a_communicat_round_fits_the_first_screen(seeded_server, browser):
    server = seeded_server
    board, code, phones = open_table(server, browser, "communicat", ("Ann", "Ben", "Cleo", "Dan"))
    board.get_by_role("button", name="New Needs").click()
    expect(board.locator(".cc-need")).to_have_count(8)
    assert_round_fits(board, "communicat-coop", [
        ".cc-need", ".cc-round", ".cc-clock", ".cc-timer button", ".cc-score .cc-track", ".cc-track-score",
        ".cc-lives [data-far]", ".cc-lives button", ".cc-resolve-details > summary"])


@pytest.mark.browser
def test_a_competitive_communicat_round_fits_the_first_screen(seeded_server, browser):
    server = seeded_server
    board, code, phones = open_table(server, browser, "communicat", ("Ann", "Ben", "Cleo", "Dan"), mode="versus")
    board.get_by_role("button", name="New Needs").click()
    expect(board.locator(".cc-need")).to_have_count(8)
    assert_round_fits(board, "communicat-versus", [
        ".cc-need", ".cc-round", ".cc-head .cc-turn", ".cc-clock", ".cc-timer button", ".cc-track-row", ".cc-resolve button"])
    # the score tracks read from 2 m: their numbers in big type
    sizes = board.locator(".cc-track li").evaluate_all("els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 24, sizes


# Every other game, under way with its seats: what the table reads from its chairs (data-far) and the
# board's primary button are on the first screen, with the two drawers.
OTHER_GAMES = {
    "cloaked-cats": (("Ann", "Ben", "Cleo", "Dan"), "start", {}),
    "we-love-cats": (("Ann", "Ben", "Cleo", "Dan"), "start", {}),
    "catchy": (("Ann", "Ben"), "start_round", {"leader": "1", "players": "phones"}),
    "pack-the-essentials": (("Ann", "Ben", "Cleo", "Dan"), "start", {}),
    "toolbox": (("Ann", "Ben", "Cleo", "Dan"), None, {}),
}


@pytest.mark.browser
@pytest.mark.parametrize("game", list(OTHER_GAMES))
def test_every_game_under_way_fits_the_first_screen(server, browser, game):
    names, start, fields = OTHER_GAMES[game]
    board, code, phones = open_table(server, browser, game, names)
    if start:
        act(board.context, server, code, start, "board", **fields)
    expect(board.locator(".table-drawers")).to_be_visible()
    wanted = ["[data-far]", "#view .board-main button.primary"]
    if not board.locator("#view .board-main button.primary").count():
        wanted.remove("#view .board-main button.primary")
    assert_round_fits(board, game, wanted)


@pytest.mark.browser
def test_the_communicat_set_up_page_creates_the_table_from_its_first_screen(server, browser):
    page = browser.new_context(viewport=LANDSCAPE).new_page()
    page.goto(f"{server.url}/new/communicat")
    for viewport in (LANDSCAPE, PORTRAIT):
        page.set_viewport_size(viewport)
        if os.environ.get("SHOTS"):
            page.screenshot(path=f"{os.environ['SHOTS']}/new-communicat-{viewport['width']}.png")
        assert off_screen(page, ["button.primary >> text=Create the table"]) == [], viewport
