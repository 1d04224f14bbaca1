"""A secret on a phone lies face down (issue #17, templates/_secret.html, static/js/secret.js): the
Cat's Need in CommuniCat and a Cloaked Cats player's features are covered by default, a tap on a
touch screen shows them, and they cover themselves again when the page is hidden, after their time
and on a second tap. Shown, a secret survives the live refresh and a reload; covered, it is not in
the page's rendered text (a neighbour's glance, a screenshot, a screen reader all get the cover),
and the cover is the same size whatever lies under it."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible
from tests.browser.layout import PHONE, TABLET, thumb_reach_problems
from tests.conftest import code_from_url, join_by_qr

HIDE_PAGE = """() => {
    Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'});
    Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
    document.dispatchEvent(new Event('visibilitychange'));
}"""
SHOW_PAGE = """() => {
    Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'visible'});
    Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
    document.dispatchEvent(new Event('visibilitychange'));
}"""


def rendered(page) -> str:
    return page.locator("body").inner_text()


def phone(browser):
    return browser.new_context(viewport=PHONE, has_touch=True)


def settled(page, version: str) -> None:
    expect(page.locator("#view")).to_have_attribute("data-version", version)


@pytest.mark.browser
def test_the_cats_need_lies_face_down_until_tapped(server, browser):
    board = browser.new_context(viewport=TABLET).new_page()
    board.goto(f"{server.url}/new/communicat")
    board.get_by_role("button", name="Create the table").click()
    code = code_from_url(board.url)
    ann = join_by_qr(phone(browser), f"{server.url}/t/{code}/join", "Ann")
    bob = join_by_qr(phone(browser), f"{server.url}/t/{code}/join", "Bob")
    board.get_by_role("button", name="New Needs").click()
    cover = ann.get_by_role("button", name="Show your secret Need")
    expect(cover).to_be_visible()
    expect(cover).to_have_attribute("aria-expanded", "false")
    secret = ann.locator(".cc-secret-name").text_content()
    # Covered: the Need is on its card among the others, like on every phone, and nowhere else; no
    # card is marked as the Cat's. The page still carries it (it is Ann's own view).
    assert rendered(ann).count(secret) == 1 and "Cat's Need" not in rendered(ann)
    expect(ann.locator(".secret-face")).to_be_hidden()
    assert secret in ann.content()
    # Bob's phone hears of the deal by its own stream, on its own time: read it once it shows the
    # version Ann's shows, not before (read at once, it can still be the page from before the deal).
    settled(bob, ann.locator("#view").get_attribute("data-version"))
    expect(bob.locator(".secret")).to_have_count(0)
    assert rendered(bob).count(secret) == 1 and secret not in bob.locator(".cc-my-role").inner_text()
    covered_box = cover.bounding_box()
    assert thumb_reach_problems(ann) == []
    assert_accessible(ann, "CommuniCat seat, the Need covered")

    # A tap shows it, with its mark on the Needs, and says so to a screen reader.
    cover.tap()
    hide = ann.get_by_role("button", name="Cover it again")
    expect(hide).to_have_attribute("aria-expanded", "true")
    expect(ann.locator(".cc-secret-name")).to_be_visible()
    assert rendered(ann).count(secret) == 2 and "Cat's Need" in rendered(ann)
    expect(ann.locator(".is-secret .cc-mark")).to_be_visible()
    assert_accessible(ann, "CommuniCat seat, the Need shown")
    # Shown, it survives the live refresh (another phone starts the timer) and a reload.
    before = ann.locator("#view").get_attribute("data-version")
    bob.get_by_role("button", name="Start").click()
    expect(ann.locator("#view")).not_to_have_attribute("data-version", before)
    expect(ann.locator(".countdown.running")).to_be_visible()
    expect(ann.locator(".cc-secret-name")).to_be_visible()
    ann.reload()
    expect(ann.locator(".cc-secret-name")).to_be_visible()
    # The phone is put down (the page is hidden): covered, and still covered when it comes back.
    ann.evaluate(HIDE_PAGE)
    expect(ann.locator(".secret-face")).to_be_hidden()
    ann.evaluate(SHOW_PAGE)
    expect(ann.get_by_role("button", name="Show your secret Need")).to_be_visible()
    assert "Cat's Need" not in rendered(ann)
    ann.reload()
    expect(ann.locator(".secret-face")).to_be_hidden()
    # A second tap covers it; shown again, it covers itself after its time (1 s here).
    cover.tap()
    expect(ann.locator(".cc-secret-name")).to_be_visible()
    ann.get_by_role("button", name="Cover it again").tap()
    expect(ann.locator(".secret-face")).to_be_hidden()
    ann.locator(".secret").evaluate("el => { el.dataset.secretSeconds = '1'; }")
    cover.tap()
    expect(ann.locator(".cc-secret-name")).to_be_visible()
    expect(ann.locator(".secret-face")).to_be_hidden(timeout=10_000)
    assert rendered(ann).count(secret) == 1
    # The next deal is another Need under the same cover: same place, same size.
    before = ann.locator("#view").get_attribute("data-version")
    board.get_by_role("button", name="Deal again").click()
    expect(ann.locator("#view")).not_to_have_attribute("data-version", before)
    assert ann.locator(".cc-secret-name").text_content() != secret
    assert cover.bounding_box() == covered_box
    for page in (board, ann, bob):
        page.context.close()


@pytest.mark.browser
def test_cloaked_cats_features_lie_face_down_until_tapped(server, browser):
    board = browser.new_context(viewport=TABLET).new_page()
    board.goto(f"{server.url}/new/cloaked-cats")
    board.get_by_role("button", name="Create the table").click()
    code = code_from_url(board.url)
    phones = [join_by_qr(phone(browser), f"{server.url}/t/{code}/join", name) for name in ("Ann", "Bob")]
    board.get_by_role("button", name="Start the game").click()
    boxes = []
    for page in phones:
        expect(page.locator(".cc-my-features li")).to_have_count(3)
        mine = page.request.get(f"{server.url}/t/{code}/view.json").json()["mine"]["features"]
        section = page.locator(".cc-mine")
        cover = section.get_by_role("button", name="Show your 3 feature cards")
        expect(cover).to_be_visible()
        # covered: none of the features in the card's text, nothing of them on screen (the card, not
        # the section: its "Your masks: Green" line names the player's mask colour, which can be the
        # name of a coat-colour feature too)
        card = section.locator(".secret")
        assert all(f["name"] not in card.inner_text() for f in mine)
        expect(page.locator("[data-feature]").first).to_be_hidden()
        assert thumb_reach_problems(page) == []
        boxes.append(cover.bounding_box())
        cover.tap()
        expect(page.locator("[data-feature]").first).to_be_visible()
        assert all(f["name"] in card.inner_text() for f in mine)
        page.evaluate(HIDE_PAGE)
        expect(page.locator("[data-feature]").first).to_be_hidden()
        page.evaluate(SHOW_PAGE)
    # the same cover on both phones, whatever features lie under it
    assert boxes[0]["height"] == boxes[1]["height"] and boxes[0]["width"] == boxes[1]["width"]
    assert_accessible(phones[0], "Cloaked Cats seat, features covered")
    # shown, it covers itself after its time (15 s in play; 1 s here)
    ann = phones[0]
    ann.locator(".secret").evaluate("el => { el.dataset.secretSeconds = '1'; }")
    ann.get_by_role("button", name="Show your 3 feature cards").tap()
    expect(ann.locator("[data-feature]").first).to_be_visible()
    assert_accessible(ann, "Cloaked Cats seat, features shown")
    expect(ann.locator("[data-feature]").first).to_be_hidden(timeout=10_000)
    for page in (board, *phones):
        page.context.close()
