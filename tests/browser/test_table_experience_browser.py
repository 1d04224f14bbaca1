"""The table experience in a real browser: what a screen reader hears (the live region), the
low-time warning, pause and resume, and keyboard-only play."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import code_from_url, join_by_qr, table_opened

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
    return table_opened(page)


def join(browser, base: str, code: str, name: str):
    return join_by_qr(browser.new_context(**PHONE), f"{base}/t/{code}/join", name)


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


def test_dark_mode_follows_the_system_and_a_remembered_switch(server, browser):
    context = browser.new_context(color_scheme="light", **PHONE)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server.url + "/")
    background = "getComputedStyle(document.body).backgroundColor"
    light = page.evaluate(background)
    page.emulate_media(color_scheme="dark")
    dark = page.evaluate(background)
    assert light != dark                                      # auto: the system decides
    page.emulate_media(color_scheme="light")
    assert page.evaluate(background) == light

    page.get_by_text("Display").click()
    page.get_by_label("Dark").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate(background) == dark                  # the switch wins over a light system
    assert page.locator('meta[name="theme-color"]').first.get_attribute("content") == "#221e19"
    page.goto(server.url + "/new/toolbox")                    # remembered on the next page
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate(background) == dark
    page.emulate_media(color_scheme="dark")
    page.get_by_text("Display").click()
    page.get_by_label("Light").check()
    assert page.evaluate(background) == light                 # and over a dark system
    page.reload()
    assert page.evaluate(background) == light
    expect(page.get_by_label("Light")).to_be_checked()
    page.get_by_text("Display").click()
    page.get_by_label("Like this device").check()
    expect(page.locator("html")).not_to_have_attribute("data-theme", re.compile("."))
    assert page.evaluate(background) == dark
    assert errors == []                                       # no script refused by the CSP
    context.close()


def test_hourglass_look_drains_as_the_timer_runs(server, browser):
    board = browser.new_context(**TABLET).new_page()
    toolbox(board, server.url, "Sand timer: 20")
    hourglass = board.locator(".hourglass")
    expect(hourglass).to_be_hidden()                          # digits by default
    board.get_by_text("Display").click()
    board.get_by_label("Hourglass").check()
    board.keyboard.press("Escape")
    expect(hourglass).to_be_visible()
    expect(board.locator(".countdown")).to_be_visible()       # the digits stay for reading aloud
    face = board.locator(".timer-face")
    left = lambda: float(face.evaluate("el => getComputedStyle(el).getPropertyValue('--left')"))  # noqa: E731
    assert left() == 1.0
    board.get_by_role("button", name="Start", exact=True).click()
    expect(board.locator(".countdown.running")).to_be_visible()
    # draining: the sand left goes below full as the seconds pass (20 s in all)
    board.wait_for_function("() => parseFloat(getComputedStyle(document.querySelector('.timer-face'))"
                            ".getPropertyValue('--left')) < 0.95", timeout=15_000)
    assert 0.5 < left() < 0.95
    top = board.locator(".sand-top").evaluate("el => getComputedStyle(el, '::after').height")
    bottom = board.locator(".sand-bottom").evaluate("el => getComputedStyle(el, '::after').height")
    assert float(top.rstrip("px")) > float(bottom.rstrip("px")) > 0
    board.reload()
    expect(hourglass).to_be_visible()                         # remembered on this device


def test_a_finished_game_shows_its_chart_and_downloads_parse(server, browser, tmp_path):
    import csv
    import json

    from tests.browser.a11y import assert_accessible

    board = browser.new_context(accept_downloads=True, **TABLET).new_page()
    board.goto(server.url + "/new/catchy")
    board.get_by_label("Player 1").fill("Ann")
    board.get_by_label("Player 2").fill("Bob")
    board.get_by_role("button", name="Create the table").click()
    code = code_from_url(board.url)

    def act(move, **fields):
        version = board.request.get(f"{server.url}/t/{code}/view.json").json()["version"]
        r = board.request.post(f"{server.url}/t/{code}/act/{move}", form={"version": str(version), "as": "board", **fields},
                               headers={"Accept": "application/json"})
        assert r.ok, r.text()
    act("start_round", leader="1", players="names")
    act("adjust", score_1="6", score_2="5")
    for lead, follow in (("Red", "Red"), ("Yellow", "Yellow")):
        act("play_trick", leader_color=lead, leader_number="4", follower_color=follow, follower_number="2")
    chart = board.locator(".game-result svg[role=img]")
    expect(chart).to_be_visible()                              # live, on the board
    expect(board.locator(".game-result h2")).to_contain_text("Ann wins")
    # decided in its one round: a bar per player with its place (a one-point line said nothing)
    assert board.locator(".game-result .chart-bar").count() == 2
    assert_accessible(board, "Catchy! board with the result chart")
    board.emulate_media(color_scheme="dark")
    assert_accessible(board, "Catchy! board with the result chart, dark")

    with board.expect_download() as info:
        board.locator(".game-result").get_by_role("link", name="CSV").click()
    rows = list(csv.DictReader(open(info.value.path(), encoding="utf-8")))
    assert info.value.suggested_filename == f"cat-table-{code}-history.csv"
    assert [(r["round"], r["player"], r["score"], r["winner"]) for r in rows] == [
        ("1", "Ann", "9", ""), ("1", "Bob", "5", ""), ("final", "Ann", "9", "yes"), ("final", "Bob", "5", "no")]
    with board.expect_download() as info:
        board.locator(".game-result").get_by_role("link", name="JSON").click()
    data = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert data["table"] == code and data["games"][0]["winners"] == ["Ann"]

    board.locator(".game-result").get_by_role("link", name="Every game at this table").click()
    expect(board.get_by_role("heading", name="Game 1, Catchy!: Ann wins")).to_be_visible()
    assert_accessible(board, "history page")


def test_the_language_switch_turns_cloaked_cats_german(server, browser):
    from tests.browser.a11y import assert_accessible

    page = browser.new_context(locale="en-GB", **PHONE).new_page()
    page.goto(server.url + "/new/cloaked-cats")
    expect(page.get_by_role("heading", name="New Cloaked Cats table")).to_be_visible()
    page.get_by_text("Display").click()
    page.get_by_role("link", name="Deutsch").click()
    expect(page.get_by_role("heading", name="Neuer Tisch: Cloaked Cats")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert_accessible(page, "German new-table page")
    page.get_by_role("button", name="Tisch anlegen").click()
    expect(page.get_by_role("heading", name="Warten auf Spieler")).to_be_visible()
    page.goto(server.url + "/")                               # remembered
    expect(page.get_by_text("Hast du einen Tisch-Code?")).to_be_visible()


def test_communicat_board_shows_needs_score_and_timer_on_one_landscape_screen(server, browser):
    """Readable across the table: on a 10" tablet in landscape (1280x800 CSS px) the Needs, the score
    track and the timer are all on the first screen, no scrolling, in big type."""
    board = browser.new_context(**TABLET).new_page()
    board.goto(server.url + "/new/communicat")
    board.get_by_role("button", name="Create the table").click()
    board.get_by_role("button", name="New Needs").click()
    expect(board.locator(".cc-need").first).to_be_visible()
    height = TABLET["viewport"]["height"]
    for what in (".cc-need", ".cc-track", ".countdown"):
        for box in board.locator(what).evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
            assert box["height"] > 0 and box["bottom"] <= height, (what, box)
    px = lambda sel: float(board.locator(sel).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))  # noqa: E731
    assert px(".countdown") >= 64
    assert px(".cc-track-score") >= 28


def test_a_result_table_of_eight_long_names_scrolls_in_its_box_not_the_phone(server, browser, app):
    """We Love Cats seats as many as its bag allows (9): the round-by-round table is then wider than
    a phone. It scrolls sideways inside its own (focusable) box; the page itself never does."""
    from flask import render_template_string, url_for

    from companion.games.we_love_cats_rules import MAX_PLAYERS
    from tests.browser.layout import overflow
    players = [f"Player number {n} with a long name" for n in range(1, MAX_PLAYERS + 1)]
    result = {"number": 1, "players": players, "winners": players[:1],
              "rounds": [{"round": r, "scores": {p: r * i for i, p in enumerate(players)}} for r in (1, 2, 3)],
              "scores": {p: 3 * i for i, p in enumerate(players)}}
    with app.test_request_context():
        css = url_for("static", filename="css/app.css")
        html = render_template_string('{% from "table/_chart.html" import result_chart %}{{ result_chart(r) }}',
                                      r=result)
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.set_content(f'<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">'
                      f'<link rel="stylesheet" href="{server.url}{css}"><main class="page">{html}</main>')
    box = phone.locator(".score-table-scroll")
    expect(box).to_be_visible()
    assert overflow(phone) == 0
    assert box.evaluate("e => e.scrollWidth > e.clientWidth")          # the table really is wider


def test_the_display_menu_closes_on_a_choice_escape_and_a_tap_outside(server, browser):
    """Issue #17: the Display menu stayed open over the board's QR code after a choice, and Escape
    did not close it. On a tablet and a phone: open, it hangs inside the screen; a choice, Escape
    and a tap outside each close it, the focus goes back to the Display button, and the QR code is
    what shows at its own centre again. The arrow keys walk the choices without closing it."""
    for size in (TABLET, PHONE):
        page = browser.new_context(**size).new_page()
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        toolbox(page, server.url)
        width, height = size["viewport"]["width"], size["viewport"]["height"]
        menu, summary, panel = page.locator("details.prefs"), page.locator(".prefs > summary"), page.locator(".prefs-panel")
        qr = page.locator(".join-qr img")
        focus_on_display = "() => document.activeElement === document.querySelector('.prefs > summary')"
        qr_shows_at_its_centre = """() => { const img = document.querySelector('.join-qr img');
            const box = img.getBoundingClientRect();
            return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === img; }"""

        def open_menu():
            page.evaluate("() => window.scrollTo(0, 0)")
            summary.click()
            expect(panel).to_be_visible()
            box = panel.bounding_box()
            assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, box

        open_menu()
        page.get_by_label("Dark").click()                            # a choice, by a tap
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        expect(panel).to_be_hidden()
        assert menu.get_attribute("open") is None and page.evaluate(focus_on_display)
        qr.scroll_into_view_if_needed()
        assert page.evaluate(qr_shows_at_its_centre), "something still covers the QR code"

        open_menu()
        page.get_by_label("Digits").focus()
        page.keyboard.press("Escape")                                 # Escape
        expect(panel).to_be_hidden()
        assert page.evaluate(focus_on_display)

        open_menu()
        page.get_by_label("Dark").focus()
        page.keyboard.press("ArrowUp")                                # walking the colours: still open
        expect(page.locator("html")).to_have_attribute("data-theme", "light")
        expect(panel).to_be_visible()
        page.keyboard.press("Enter")                                  # "this one"
        expect(panel).to_be_hidden()
        assert page.evaluate(focus_on_display)
        expect(page.locator("html")).to_have_attribute("data-theme", "light")

        open_menu()
        page.mouse.click(5, height - 5)                               # a tap outside the menu
        expect(panel).to_be_hidden()
        qr.scroll_into_view_if_needed()
        assert page.evaluate(qr_shows_at_its_centre)
        assert errors == []
        page.context.close()


# The vertical extent of each character of `value` inside the element (None when it is not there).
VALUE_LINES = """(el, value) => {
    const chars = [];
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode())
        for (let i = 0; i < node.data.length; i++) chars.push([node, i, node.data[i]]);
    const text = chars.map((c) => c[2]).join('');
    const start = text.indexOf(value);
    if (start < 0) return null;
    return chars.slice(start, start + value.length).filter((c) => c[2].trim()).map(([node, i]) => {
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        return [box.top, box.bottom];
    });
}"""


def value_on_one_line(locator, value: str) -> bool:
    boxes = locator.evaluate(VALUE_LINES, value)
    assert boxes, f"{value!r} is not in {locator}"
    # A glyph's box is taller than a tight line (line-height 1.1), so boxes of two lines overlap a
    # little: compare the middles. On one line they sit within half a glyph of each other.
    middles = [(top + bottom) / 2 for top, bottom in boxes]
    return max(middles) - min(middles) < min(bottom - top for top, bottom in boxes) / 2


def test_readings_never_break_inside_their_value(server, browser):
    """Issue #17: on the Toolbox board "Round 1 of 5" wrapped, leaving "5" alone on a line. Every
    reading of that kind ("1 of 5", "1 / 5") keeps its value on one line, on a landscape tablet, a
    smaller one and a phone looking at the board: the Toolbox's round, Catchy's round and tricks, and
    CommuniCat's Nine Lives."""
    page = browser.new_context(**TABLET).new_page()
    page.goto(server.url + "/new/toolbox")
    for part in ("Timers", "Dice", "Score track", "Counters", "Round tracker"):   # the table that tripped
        page.get_by_label(part, exact=True).check()
    page.get_by_label("rounds (0 = open)").fill("5")
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator("[data-far=round]")).to_be_visible()
    toolbox_url = page.url
    page.goto(server.url + "/new/catchy")
    page.get_by_role("button", name="Create the table").click()
    page.get_by_role("button", name="Player 1 has it").click()
    expect(page.locator(".catchy-scores [data-far=round]")).to_be_visible()
    catchy_url = page.url
    page.goto(server.url + "/new/communicat")
    page.get_by_role("button", name="Create the table").click()
    page.get_by_role("button", name="New Needs").click()
    expect(page.locator("[data-far=lives]")).to_be_visible()
    communicat_url = page.url
    readings = [(toolbox_url, "[data-far=round]", "1 of 5"), (catchy_url, ".catchy-scores [data-far=round]", "1 / 7"),
                (catchy_url, ".catchy-scores [data-far=trick]", "0 / 7"), (communicat_url, "[data-far=lives]", "9 of 9")]
    for width, height in ((1280, 800), (1024, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        for url, selector, value in readings:
            page.goto(url)
            reading = page.locator(selector).first
            expect(reading).to_be_visible()
            assert value_on_one_line(reading, value), f"{value!r} breaks across lines at {width}x{height} ({url})"
    page.context.close()
