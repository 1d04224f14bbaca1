"""CommuniCat in a real browser (system Chromium): the standalone generator on a phone, and a table
with a board and three phones where only the Cat's phone shows the Need."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible, small_targets
from tests.browser.layout import big_screen_problems, thumb_reach_problems
from tests.conftest import code_from_url, join_by_qr, off_server_requests, save_screenshot

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1280, "height": 800}


@pytest.mark.browser
def test_standalone_generator_on_a_phone(server, browser, tmp_path):
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    outside = off_server_requests(page, server.url)
    page.goto(f"{server.url}/needs")
    page.get_by_label("Easy · 6").check()
    page.get_by_role("button", name="New Needs").click()
    cards = page.locator(".cc-need")
    expect(cards).to_have_count(6)
    names = cards.locator(".cc-name").all_inner_texts()
    assert len(set(names)) == 6
    expect(page.locator(".is-secret")).to_have_count(0)
    page.get_by_role("button", name="Show Cat Need").click()
    expect(page.locator(".is-secret")).to_have_count(1)
    expect(page.locator(".is-secret .cc-mark")).to_have_text("🐾 Cat's Need")
    secret = page.locator(".is-secret .cc-name").inner_text()
    page.screenshot(path=str(tmp_path / "needs-phone-shown.png"), full_page=True)
    page.get_by_role("button", name="Hide Cat Need").click()
    expect(page.locator(".is-secret")).to_have_count(0)
    html = page.locator("#needs").inner_html()
    assert "Cat's Need" not in html and "is-secret" not in html and html.count(secret) == 1
    # the cards are big enough to read and to tap on a phone
    box = cards.first.bounding_box()
    assert box["height"] >= 100 and box["width"] >= 140
    assert page.get_by_role("button", name="New Needs").bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # a reload keeps the same Needs and the remembered difficulty
    page.reload()
    assert page.locator(".cc-need .cc-name").all_inner_texts() == names
    expect(page.get_by_label("Easy · 6")).to_be_checked()
    # next round: a different secret Need
    page.get_by_role("button", name="New Needs").click()
    expect(cards.first.locator(".cc-name")).not_to_have_text(names[0])   # fresh cards from the draw pile
    page.get_by_role("button", name="Show Cat Need").click()
    expect(page.locator(".is-secret")).to_have_count(1)
    assert page.locator(".is-secret .cc-name").inner_text() != secret
    # A tap that gets no answer is said where the finger is, as on a table page.
    context.set_offline(True)
    page.get_by_role("button", name="New Needs").click()
    expect(page.locator("#flash .flash")).to_contain_text("The companion did not answer")
    box = page.locator("#flash").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    context.set_offline(False)
    assert outside == []
    context.close()


def join(browser, url: str, name: str):
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = join_by_qr(context, url, name)
    expect(page.locator(".cc-seat")).to_be_visible()
    return context, page


@pytest.mark.browser
def test_board_and_three_phones_only_the_cat_sees_the_need(server, browser, tmp_path):
    board_ctx = browser.new_context(viewport=TABLET)
    board = board_ctx.new_page()
    outside = off_server_requests(board, server.url)
    board.goto(f"{server.url}/new/communicat")
    board.get_by_label("90 s").check()
    board.get_by_role("button", name="Create the table").click()
    expect(board.locator(".cc-board")).to_be_visible()
    code = code_from_url(board.url)
    join_url = f"{server.url}/t/{code}/join"
    phones = [join(browser, join_url, name) for name in ("Ann", "Bob", "Cy")]
    (ann_ctx, ann), (bob_ctx, bob), (cy_ctx, cy) = phones
    expect(board.locator(".seat-list li")).to_have_count(3)
    expect(board.locator(".cc-cat-now")).to_contain_text("Ann")

    # between rounds the Cat's phone offers New Needs below the score, within reach of the thumb
    expect(ann.locator(".cc-role")).to_contain_text("You are the Cat next round")
    assert thumb_reach_problems(ann) == [] and small_targets(ann) == []
    board.get_by_role("button", name="New Needs").click()
    expect(board.locator(".cc-need")).to_have_count(8)
    # the Cat's phone gets the Need live; the other phones and the board do not
    expect(ann.locator(".cc-my-need")).to_be_visible()
    secret = ann.locator(".cc-secret-name").inner_text()
    expect(ann.locator(".is-secret .cc-name")).to_have_text(secret)
    for owner in (bob, cy):
        expect(owner.locator(".cc-need")).to_have_count(8)
        expect(owner.locator(".cc-role")).to_contain_text("You are an Owner")
        expect(owner.locator(".cc-my-need")).to_have_count(0)
        expect(owner.locator(".is-secret")).to_have_count(0)
        assert owner.content().count(secret) == 1        # on its card in the layout, like any Need
    expect(board.locator(".is-secret")).to_have_count(0)
    assert board.content().count(secret) == 1
    board.screenshot(path=str(tmp_path / "board.png"), full_page=True)
    ann.screenshot(path=str(tmp_path / "cat-phone.png"), full_page=True)
    for phone in (ann, bob, cy):   # nothing wider than the phone
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # an Owner starts the timer from a phone: every screen counts down
    bob.get_by_role("button", name="Start").click()
    expect(board.locator(".countdown.running")).to_be_visible()
    expect(cy.locator(".countdown.running")).to_be_visible()
    expect(bob.locator(".countdown.running")).to_be_visible()   # his own tap's view, on his stream
    expect(ann.locator(".countdown.running")).to_be_visible()   # measured below with the timer running
    assert_accessible(bob, "CommuniCat seat, timer running")
    # read from across the table: the Needs, the Cat, the timer, the score and the Nine Lives left
    assert big_screen_problems(board, at_least=8 + 4) == []
    assert set(board.locator("[data-far]").evaluate_all("els => els.map(e => e.dataset.far)")) == {
        "round", "cat", "need", "timer", "score", "lives"}
    # one-handed: the Cat reads its secret on top, an Owner the Needs; both tap the timer further down
    for phone in (ann, bob):
        assert thumb_reach_problems(phone) == [] and small_targets(phone) == []
    save_screenshot(board, "communicat-board")
    save_screenshot(ann, "communicat-seat")        # the Cat's phone: its secret Need face down above the Needs
    cy.get_by_role("button", name="Ignorance").click()
    expect(board.locator(".cc-lives-left")).to_have_text("8")

    # resolve on the board: the form shows the points before they are applied
    # resolving is folded while the round runs: one tap opens it, and it stays open as the table moves
    board.locator(".cc-resolve-details > summary").click()
    resolve = board.locator(".cc-resolve")
    resolve.get_by_label("Mishap cards").fill("2")
    expect(resolve.locator(".cc-points")).to_have_text("+1")          # 2 - (2 - 1 token)
    # a Confidence token spent on a phone is what the form and its sum read (no field to contradict it)
    cy.get_by_role("button", name="Confidence: spend a token").click()
    expect(board.locator(".cc-lives-left")).to_have_text("7")
    expect(resolve).to_contain_text("Confidence is on this guess: a right guess scores +1 more.")
    resolve.get_by_label("Mishap cards").fill("2")
    expect(resolve.locator(".cc-points")).to_have_text("+2")          # 2 + 1 - (2 - 1 token)
    expect(board.locator(".cc-track-score")).to_have_text("0")         # not applied yet
    resolve.get_by_role("button", name="Apply and end the round").click()
    for page in (board, ann, bob, cy):
        expect(page.locator(".cc-track-score")).to_have_text("2")
        expect(page.locator(".cc-my-need")).to_have_count(0)
    expect(board.locator(".cc-history-table tbody tr")).to_have_count(1)
    expect(board.locator(".cc-history-table")).to_contain_text(secret)
    expect(board.locator(".cc-cat-now")).to_contain_text("Bob")
    assert_accessible(board, "CommuniCat board, round scored")
    assert_accessible(bob, "CommuniCat seat, round scored")

    assert big_screen_problems(board) == []         # between rounds: the next Cat, timer and score
    # next round: Bob's phone has the Need, Ann's no longer does
    bob.get_by_role("button", name="New Needs").click()
    expect(bob.locator(".cc-my-need")).to_be_visible()
    expect(ann.locator(".cc-role")).to_contain_text("You are an Owner")
    expect(ann.locator(".cc-my-need")).to_have_count(0)
    assert outside == []
    # the end of the game: the result on top of every screen, Rematch within the thumb's reach
    expect(board.locator(".cc-round")).to_have_text("Round 2")       # Bob's deal has reached the board
    board.locator(".cc-settings summary").click()
    board.get_by_role("button", name="The Pattern deck is empty").click()
    expect(ann.locator(".cc-finished")).to_contain_text("The Pattern deck ran out")
    # the board's own tap's view comes on its stream in its own time: measured once it is there
    expect(board.locator(".cc-finished")).to_contain_text("The Pattern deck ran out")
    assert big_screen_problems(board) == []
    assert thumb_reach_problems(ann) == [] and small_targets(ann) == []
    assert_accessible(ann, "CommuniCat seat, game over")
    for ctx in (board_ctx, ann_ctx, bob_ctx, cy_ctx):
        ctx.close()


@pytest.mark.browser
def test_versus_each_cat_sees_its_own_team_need_and_the_timer_end_shows(server, browser, tmp_path):
    board_ctx = browser.new_context(viewport=TABLET)
    board = board_ctx.new_page()
    board.goto(f"{server.url}/new/communicat")
    board.get_by_label("Competitive").check()
    board.get_by_label("Custom:").check()
    board.get_by_label("Custom timer seconds").fill("10")
    board.get_by_role("button", name="Create the table").click()
    code = code_from_url(board.url)
    join_url = f"{server.url}/t/{code}/join"
    (ann_ctx, ann), (bob_ctx, bob) = [join(browser, join_url, n) for n in ("Ann", "Bob")]
    expect(board.locator(".cc-team.team-blue")).to_contain_text("Ann")
    expect(board.locator(".cc-team.team-orange")).to_contain_text("Bob")
    board.get_by_role("button", name="New Needs").click()
    expect(ann.locator(".cc-my-need")).to_be_visible()
    expect(bob.locator(".cc-my-need")).to_be_visible()
    expect(ann.locator(".is-secret .cc-mark")).to_have_text("🐾 Blue · Paw")
    expect(bob.locator(".is-secret .cc-mark")).to_have_text("⚡ Orange · Scratch")
    # the board's own tap's view comes on its stream after the phones' (and none is secret before it either)
    expect(board.locator(".cc-need")).to_have_count(8)
    expect(board.locator(".is-secret")).to_have_count(0)
    board.screenshot(path=str(tmp_path / "versus-board.png"), full_page=True)
    # whose turn it is, beside the round, and both scores are readable across the table
    assert big_screen_problems(board) == []
    assert "turn" in board.locator("[data-far]").evaluate_all("els => els.map(e => e.dataset.far)")
    assert thumb_reach_problems(ann) == [] and small_targets(ann) == []
    # The Needs are on the Cats' phones: the board asks before showing one to everyone (in the
    # page), one team's at a time, and a shown Need covers itself after a few seconds.
    show_blue = board.locator(".cc-ask summary", has_text="Show Blue's Need")
    show_blue.click()
    question = board.locator(".cc-ask[open] .cc-ask-panel")
    expect(question).to_contain_text("It is on Ann's phone. Show it to everyone?")
    question.get_by_role("button", name="No, keep it hidden").click()
    expect(question).to_have_count(0)
    expect(board.locator(".cc-reveal")).to_have_count(0)
    show_blue.click()
    question.get_by_role("button", name="Yes, show it to everyone").click()
    expect(board.locator(".cc-reveal .cc-mark")).to_contain_text("🐾 Blue · Paw:")
    expect(board.locator(".is-secret")).to_have_count(1)
    expect(board.locator(".cc-reveal")).to_have_count(0, timeout=15000)     # covered by itself
    expect(board.locator(".is-secret")).to_have_count(0)
    expect(ann.locator(".cc-my-need")).to_be_visible()                      # still on Ann's phone
    # Blue's turn; then the next team restarts the timer, which runs out where everyone sees it
    expect(board.locator(".cc-who")).to_contain_text("Blue's turn")
    board.get_by_role("button", name="Start").click()
    expect(bob.locator(".countdown.running")).to_be_visible()
    bob.get_by_role("button", name="Next team: Orange").click()
    expect(board.locator(".cc-who")).to_contain_text("Orange's turn")
    for page in (board, ann, bob):
        expect(page.locator(".cc-over")).to_be_visible(timeout=15000)
    board.locator(".cc-resolve").get_by_role("button", name=re.compile("Orange guessed")).click()
    for page in (board, ann, bob):
        expect(page.locator(".team-orange .cc-track-score")).to_have_text("1")
        expect(page.locator(".cc-my-need")).to_have_count(0)
    expect(board.locator(".cc-players")).to_contain_text("Orange goes first next round")
    for ctx in (board_ctx, ann_ctx, bob_ctx):
        ctx.close()


@pytest.mark.browser
def test_a_german_hard_board_still_reads_across_the_table(server, browser):
    """The longest case for the big screen: ten Needs in German (longer words) and a competitive
    header; the Needs, whose turn it is, the timer and both scores stay on the first screen in big type."""
    board = browser.new_context(viewport=TABLET, locale="de-DE").new_page()
    board.goto(f"{server.url}/new/communicat")
    board.get_by_label("Gegeneinander").check()
    board.get_by_label("Schwer · 10").check()
    board.get_by_role("button", name="Tisch anlegen").click()
    code = code_from_url(board.url)
    phones = [browser.new_context(viewport=PHONE, has_touch=True) for _ in range(2)]
    for context, name in zip(phones, ("Ann", "Bob")):
        join_by_qr(context, f"{server.url}/t/{code}/join", name)
    expect(board.locator(".seat-list li")).to_have_count(2)
    board.get_by_role("button", name="Neue Wünsche").click()
    expect(board.locator(".cc-need")).to_have_count(10)
    expect(board.locator(".cc-who .cc-turn")).to_have_text("▶ Blau ist dran")
    assert big_screen_problems(board, at_least=10 + 3) == []
    # four more deals go through the whole deck of 40, so every Need's German name has been laid out
    for deal in range(4):
        before = board.locator("#view").get_attribute("data-version")
        board.get_by_role("button", name="Neu austeilen").click()
        expect(board.locator("#view")).not_to_have_attribute("data-version", before)
        board.screenshot(path=f"/tmp/de{deal}.png"); assert big_screen_problems(board, at_least=10 + 3) == [], deal
    for context in (board.context, *phones):
        context.close()


@pytest.mark.browser
def test_owners_tap_their_guess_and_resolving_becomes_the_big_button(server, browser):
    """Guesses on the Needs (issue #27): an Owner taps a Need on the phone and every screen hears the
    answer; wrong puts a Pattern on the Mishap pile, right (with Confidence ticked first) makes
    resolving the next step. When the timer runs out the primary button is "Resolve the round",
    open with its points; the round's history lists the guesses."""
    board = browser.new_context(viewport=TABLET).new_page()
    board.goto(f"{server.url}/new/communicat")
    board.get_by_label("Custom:").check()
    board.get_by_label("Custom timer seconds").fill("10")
    board.get_by_role("button", name="Create the table").click()
    code = code_from_url(board.url)
    join_url = f"{server.url}/t/{code}/join"
    (_, ann), (_, bob), (_, cy) = [join(browser, join_url, n) for n in ("Ann", "Bob", "Cy")]
    board.get_by_role("button", name="New Needs").click()
    expect(ann.locator(".cc-my-need")).to_be_visible()
    secret = ann.request.get(f"{server.url}/t/{code}/view.json").json()["secret"]["cat"]
    expect(ann.locator(".cc-need-button")).to_have_count(0)          # the Cat does not guess
    wrong = bob.locator(".cc-need-button").filter(has_not_text=secret["name"]).first
    wrong_name = wrong.locator(".cc-name").inner_text().strip()
    wrong.click()
    for page in (board, ann, cy):
        expect(page.locator(".cc-guess-answer.is-wrong")).to_contain_text(f"Bob guessed")
        expect(page.locator(".cc-guess-answer")).to_contain_text(wrong_name)
    expect(board.locator(".cc-mishaps")).to_have_text("1")

    # the timer runs out: resolving is the big button, open, with its points; Start is not primary
    board.get_by_role("button", name="Start").click()
    expect(board.locator(".cc-over")).to_be_visible(timeout=15000)
    summary = board.locator(".cc-resolve-details > summary")
    expect(summary).to_have_class(re.compile("primary"))
    expect(summary).to_have_text("Resolve the round")
    expect(board.locator(".cc-resolve-details .cc-preview")).to_be_visible()
    expect(board.locator(".cc-timer form button.primary")).to_have_count(0)
    expect(board.get_by_label(re.compile("Time ran out"))).to_be_checked()

    # Cy ticks Confidence and taps the right Need: right on every screen, the guessed outcome chosen
    cy.locator(".cc-confidence-toggle input").check()
    cy.evaluate("() => window.scrollTo(0, 0)")
    save_screenshot(cy, "communicat-guess")     # an Owner's phone: the answer so far, the Needs to tap
    cy.locator(".cc-need-button", has_text=secret["name"]).click()
    for page in (board, ann, bob):
        expect(page.locator(".cc-guess-answer.is-right")).to_contain_text("Cy guessed")
    expect(board.locator(".cc-lives-left")).to_have_text("8")
    expect(board.get_by_label(re.compile("Owners guessed"))).to_be_checked()
    expect(board.locator(".cc-resolve .cc-points")).to_have_text("+2")     # 2 + 1 Confidence - 1 Mishap
    board.locator(".cc-resolve").get_by_role("button", name="Apply and end the round").click()
    expect(board.locator(".cc-track-score")).to_have_text("2")
    history = board.locator(".cc-history-guesses").first
    expect(history).to_contain_text(f"✘ {wrong_name}")
    expect(history).to_contain_text(f"✔ {secret['name']}")
