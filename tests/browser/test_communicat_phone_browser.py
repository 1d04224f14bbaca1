"""CommuniCat as players hold it (issue #17): every Need card keeps its picture whole and its name
inside the card, in English and German, at every difficulty, on the tablet board, on a phone's seat
and on the standalone Needs Generator; during a round a phone's controls (timer, tokens, wrong
guess, resolve) are within reach without scrolling past the Needs."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import PHONE, TABLET, thumb_reach_problems
from tests.conftest import code_from_url, join_by_qr

DIFFICULTIES = {"easy": 6, "normal": 8, "hard": 10}
WORDS = {"en": {"new": "New Needs", "again": "Deal again", "create": "Create the table", "name": "Your name",
                "sit": "Take a seat"},
         "de": {"new": "Neue Wünsche", "again": "Neu austeilen", "create": "Tisch anlegen", "name": "Dein Name",
                "sit": "Platz nehmen"}}
DEALS = 5   # 5 deals of 8 or 10 go through the deck of 40 Needs, so every name has been laid out

# For each shown Need card: its box, its picture's box and the boxes of its name's lines (a Range
# measures the text itself, which can spill out of its own element). The picture's line box is at
# least 1.15 em tall: an emoji's glyph is taller than 1 em, and a 1 em box lets it stick out of it.
CARD_PROBLEMS = """cards => cards.filter(c => c.getClientRects().length).flatMap(card => {
    const box = card.getBoundingClientRect();
    const style = getComputedStyle(card);
    const inner = {top: box.top + parseFloat(style.borderTopWidth), bottom: box.bottom - parseFloat(style.borderBottomWidth),
                   left: box.left + parseFloat(style.borderLeftWidth), right: box.right - parseFloat(style.borderRightWidth)};
    const inside = r => r.top >= inner.top - 0.5 && r.bottom <= inner.bottom + 0.5
                        && r.left >= inner.left - 0.5 && r.right <= inner.right + 0.5;
    const name = card.querySelector('.cc-name');
    const label = name.textContent.trim();
    const problems = [];
    const icon = card.querySelector('.cc-icon');
    const picture = icon.getBoundingClientRect();
    if (!inside(picture)) problems.push(`${label}: the picture sticks out of the card`);
    if (picture.height < 1.15 * parseFloat(getComputedStyle(icon).fontSize) - 0.5)
        problems.push(`${label}: the picture's line (${picture.height.toFixed(1)} px) is too short for its glyph`);
    const range = document.createRange();
    range.selectNodeContents(name);
    for (const line of range.getClientRects()) {
        if (line.width && !inside(line)) { problems.push(`${label}: the name runs out of the card`); break; }
    }
    if (name.scrollWidth > name.clientWidth + 1) problems.push(`${label}: the name is wider than the card`);
    return problems;
})"""


def card_problems(page) -> list[str]:
    return page.locator(".cc-need").evaluate_all(CARD_PROBLEMS)


def deal(page, label: str) -> None:
    before = page.locator("#view, #needs").first.get_attribute("data-version")
    page.get_by_role("button", name=label).first.click()
    if before is not None:
        expect(page.locator("#view")).not_to_have_attribute("data-version", before)


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_need_card_keeps_its_picture_and_name_inside(server, browser, lang):
    words = WORDS[lang]
    board = browser.new_context(viewport=TABLET, locale=lang).new_page()
    board.goto(f"{server.url}/new/communicat")
    board.get_by_role("button", name=words["create"]).click()
    code = code_from_url(board.url)
    phone = browser.new_context(viewport=PHONE, has_touch=True, locale=lang)
    seat = join_by_qr_in(phone, f"{server.url}/t/{code}/join", words)
    generator = browser.new_context(viewport=PHONE, has_touch=True, locale=lang).new_page()
    generator.goto(f"{server.url}/needs")
    for difficulty, count in DIFFICULTIES.items():
        board.locator(".cc-settings summary").click()
        board.locator(f'.cc-config input[name=difficulty][value={difficulty}]').check()
        board.locator(".cc-config button[type=submit]").click()
        expect(board.locator(".cc-settings summary")).to_contain_text(f"({count})")
        generator.locator(f'input[name=difficulty][value={difficulty}]').check()
        for n in range(DEALS):
            deal(board, words["again"] if board.locator(".cc-need").count() else words["new"])
            expect(board.locator(".cc-need")).to_have_count(count)
            expect(seat.locator("#view")).to_have_attribute("data-version", board.locator("#view").get_attribute("data-version"))
            generator.get_by_role("button", name=words["new"]).click()
            expect(generator.locator(".cc-need")).to_have_count(count)
            for page, where in ((board, "board"), (seat, "seat"), (generator, "generator")):
                for size, viewport in (("tablet", TABLET), ("phone", PHONE)):
                    page.set_viewport_size(viewport)
                    assert card_problems(page) == [], f"{where} on a {size}, {lang}, {difficulty}, deal {n + 1}"
            board.set_viewport_size(TABLET)
            seat.set_viewport_size(PHONE)
            generator.set_viewport_size(PHONE)
    for context in (board.context, phone, generator.context):
        context.close()


def join_by_qr_in(context, url: str, words: dict):
    page = context.new_page()
    page.goto(url)
    page.get_by_label(words["name"]).fill("Ann")
    page.get_by_role("button", name=words["sit"]).click()
    page.wait_for_url("**/seat")
    return page
