"""CommuniCat as players hold it (issue #17): every Need card keeps its picture whole and its name
inside the card, in English and German, at every difficulty, on the tablet board, on a phone's seat
and on the standalone Needs Generator; during a round a phone's controls (timer, tokens, wrong
guess, resolve) are within reach without scrolling past the Needs; and every game's seat page has a
slim header, so its own content starts near the top."""
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
            dealt = generator.locator("#needs input[name=version]").first.input_value()
            generator.get_by_role("button", name=words["new"]).click()
            # the last deal had as many cards: measure once this deal has replaced it
            expect(generator.locator("#needs input[name=version]").first).not_to_have_value(dealt)
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


def join_by_qr_in(context, url: str, words: dict, name: str = "Ann"):
    page = context.new_page()
    page.goto(url)
    page.get_by_label(words["name"]).fill(name)
    page.get_by_role("button", name=words["sit"]).click()
    page.wait_for_url("**/seat")
    return page


# What a phone taps in the timed stage, by role: all of it must be on the first screen of the phone.
ROUND_CONTROLS = {
    "coop": {"en": ["Start", "Confidence", "Ignorance", "Clarity", "Wrong guess", "Owners pass", "Resolve the round"],
             "de": ["Start", "Zuversicht", "Ahnungslosigkeit", "Klarheit", "Falscher Tipp", "Besitzer passen",
                    "Runde werten"]},
    "versus": {"en": ["Start", "Next team", "Resolve the round"],
               "de": ["Start", "Nächstes Team", "Runde werten"]},
}
ON_FIRST_SCREEN = """(els) => els.filter(e => e.getClientRects().length).map(e => {
    const r = e.getBoundingClientRect();
    return {text: e.textContent.trim().replace(/\\s+/g, ' '), top: r.top, bottom: r.bottom,
            on: r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth};
})"""


def off_first_screen(page, wanted: list[str]) -> list[str]:
    page.set_viewport_size(PHONE)
    page.evaluate("() => window.scrollTo(0, 0)")
    found = page.locator("#view button, #view summary").evaluate_all(ON_FIRST_SCREEN)
    problems = []
    for word in wanted:
        hits = [f for f in found if word in f["text"]]
        if not hits:
            problems.append(f"{word}: not found")
        elif not any(h["on"] for h in hits):
            problems.append(f"{word}: {hits[0]['top']:.0f}-{hits[0]['bottom']:.0f} px, below the first screen")
    for need in page.locator(".cc-need").evaluate_all(ON_FIRST_SCREEN):
        if not need["on"]:
            problems.append(f"the Need {need['text']!r} is not on the first screen")
    return problems


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("mode", ["coop", "versus"])
def test_the_rounds_controls_are_on_a_phones_first_screen(server, browser, lang, mode):
    """Hard (10 Needs): the Cat (its Need covered) and an Owner reach the timer, the tokens, a wrong
    guess and resolving without scrolling, with the Needs above them; nothing in the stretch zone."""
    words = WORDS[lang]
    board = browser.new_context(viewport=TABLET, locale=lang).new_page()
    board.goto(f"{server.url}/new/communicat")
    board.locator(f"input[name=mode][value={mode}]").check()
    board.locator("input[name=difficulty][value=hard]").check()
    board.get_by_role("button", name=words["create"]).click()
    code = code_from_url(board.url)
    phones = [join_by_qr_in(browser.new_context(viewport=PHONE, has_touch=True, locale=lang),
                            f"{server.url}/t/{code}/join", words, name) for name in ("Ann", "Bob", "Cy", "Dominique")]
    for n in range(DEALS):
        deal(board, words["again"] if n else words["new"])
        version = board.locator("#view").get_attribute("data-version")
        for page in phones:
            expect(page.locator("#view")).to_have_attribute("data-version", version)
        cats = [p for p in phones if p.locator(".cc-my-need").count()]
        owners = [p for p in phones if not p.locator(".cc-my-need").count()]
        assert cats and owners
        for page in (cats[0], owners[0]):
            assert off_first_screen(page, ROUND_CONTROLS[mode][lang]) == [], f"deal {n + 1}"
            assert thumb_reach_problems(page) == [], f"deal {n + 1}"
    for page in (board, *phones):
        page.context.close()


@pytest.mark.browser
@pytest.mark.parametrize("game", ["toolbox", "catchy", "cloaked-cats", "communicat", "pack-the-essentials",
                                  "we-love-cats"])
def test_the_phone_header_is_one_slim_row(server, browser, game):
    """A seat's own content starts near the top of a phone: the bar above it (brand, table, "You
    are …", Display) is one row of at most 60 px, even for a long name, and Display still opens."""
    board = browser.new_context(viewport=TABLET).new_page()
    board.goto(f"{server.url}/new/{game}")
    board.get_by_role("button", name="Create the table").click()
    code = code_from_url(board.url)
    seat = join_by_qr_in(browser.new_context(viewport=PHONE, has_touch=True), f"{server.url}/t/{code}/join",
                         WORDS["en"], "Maximiliane-Charlotte")
    bar = seat.locator(".topbar").bounding_box()
    view = seat.locator("#view").bounding_box()
    assert bar["height"] <= 60, bar
    assert view["y"] <= 64, view
    assert seat.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for part in (".brand", ".code", ".me", ".prefs > summary"):
        box = seat.locator(f".topbar {part}").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], part
    expect(seat.get_by_role("link", name="Cat Table Companion")).to_be_visible()
    seat.locator(".prefs > summary").tap()
    expect(seat.get_by_label("Hourglass")).to_be_visible()
    expect(seat.locator(".prefs > summary")).to_have_accessible_name("Display")   # the symbol alone on screen
    for page in (board, seat):
        page.context.close()
