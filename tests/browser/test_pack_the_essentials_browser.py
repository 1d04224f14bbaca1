"""Pack the Essentials in a real browser: a tablet board and three phones.

1. a round's draft order chosen on the phones shows on the board without a reload;
2. scoring a 3-player game on the phones: each fills in its own pad, the board's score pad adds up
   live, a tie is broken by the cutest-cat vote on the third phone, and the result is printable.

Along the way the board is checked to be readable from across the table (what is marked data-far is
on the first screen of a landscape tablet, in big type) and each phone to be usable with one thumb
(tests/browser/layout.py), in every state a player meets: choosing, drafting, the round's end, the
score pad, the vote and the final result; once in German too, whose sentences are longer."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible
from tests.browser.layout import big_screen_problems, thumb_reach_problems
from tests.conftest import code_from_url, off_server_requests, save_screenshot

PHONE = {"width": 390, "height": 844}
TABLET = {"viewport": {"width": 1280, "height": 800}}


def make_table(browser, server, mode, locale=None):
    language = {"locale": locale, "extra_http_headers": {"Accept-Language": locale}} if locale else {}
    board = browser.new_context(**TABLET, **language).new_page()
    outside = off_server_requests(board, server.url)
    board.goto(f"{server.url}/new/pack-the-essentials")
    board.check(f"input[name=mode][value={mode}]")
    board.get_by_role("button", name="Tisch anlegen" if locale else "Create the table").click()
    code = code_from_url(board.url)
    phones = []
    for name in ("Ann", "Bo", "Cy"):
        phone = browser.new_context(viewport=PHONE, has_touch=True, **language).new_page()
        phone.goto(f"{server.url}/t/{code}/join")
        phone.fill("input[name=name]", name)
        phone.locator("form button[type=submit]").last.click()
        expect(phone.locator(".pte-status")).to_be_visible()
        phones.append(phone)
    expect(board.locator(".seat-list")).to_contain_text("Cy")
    return board, phones, outside


def fill_pad(phone, **values):
    """Fill in and save this phone's pad, with one tap: a pad is the player's own, so another phone
    saving at the same instant never makes this one's tap stale (tests/browser/test_taps_browser.py)."""
    form = phone.locator(".pte-my-pad form")
    for key, value in values.items():
        form.locator(f"input[name={key}]").fill(str(value))
    form.get_by_role("button", name=re.compile("my score")).click()
    expect(phone.locator(".pte-my-pad:not(:has(h2 small))")).to_have_count(0)   # saved pads show their total


def layout_problems(board, phone) -> list[str]:
    """Both layout checks at once, on one moment of the table: each screen's view comes on its own
    stream in its own time (the board's own tap's too), so both are first let reach the newer of
    their two versions. Each check sets its own screen size, and the pages go back to theirs."""
    newest = max(int(page.locator("#view").get_attribute("data-version")) for page in (board, phone))
    for page in (board, phone):
        page.wait_for_function("v => parseInt(document.getElementById('view').dataset.version, 10) >= v", arg=newest)
    problems = [f"board: {p}" for p in big_screen_problems(board)] + [f"seat: {p}" for p in thumb_reach_problems(phone)]
    board.set_viewport_size(TABLET["viewport"])
    phone.set_viewport_size(PHONE)
    return problems


@pytest.mark.browser
def test_draft_order_from_the_phones(browser, server):
    board, (ann, bo, cy), outside = make_table(browser, server, "full")
    assert thumb_reach_problems(ann) == []       # the lobby: the start form sits below what to read
    board.get_by_role("button", name=re.compile("Start with")).click()
    expect(ann.locator(".pte-status")).to_contain_text("Your turn: choose a draft position")
    expect(bo.locator(".pte-status")).to_contain_text("Ann chooses")
    assert layout_problems(board, ann) == []
    ann.get_by_role("button", name="Take position 4").click()
    expect(board.locator(".pte-position").nth(3)).to_contain_text("Ann")
    expect(bo.locator(".pte-status")).to_contain_text("Your turn")
    bo.get_by_role("button", name="Take position 2").click()
    cy.get_by_role("button", name="Take position 3").click()
    # Position 1 is left to a Cat Lady: the board flips her token.
    expect(board.locator(".pte-status")).to_contain_text("a Cat Lady")
    board.get_by_role("button", name=re.compile("Flip the Cat Lady token")).click()
    expect(board.locator(".pte-tile.pte-removed")).to_have_count(1)
    expect(bo.locator(".pte-status")).to_contain_text("Your turn: take a tile")
    # The README's pictures: the middle of a round, a Cat Lady has taken her tile, Bo's turn to draft.
    assert layout_problems(board, bo) == []
    save_screenshot(board, "pack-the-essentials-board")
    save_screenshot(bo, "pack-the-essentials-seat")
    for page, who in ((board, "board"), (bo, "seat")):
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            assert_accessible(page, f"Pack the Essentials {who}, drafting, {scheme}")
    # "It fits nowhere": Bo drafts 2nd, so the discard still places his sock tile: one pack rat at most.
    bo.get_by_text("It fits nowhere: discard it instead").click()
    discard = bo.locator(".pte-draft-discard")
    expect(discard.get_by_role("button", name=re.compile("Discard tile"))).to_have_count(3)
    expect(discard.locator("input[name=pack_rats]")).to_have_count(2)
    assert_accessible(bo, "Pack the Essentials seat, the discard form open")
    bo.get_by_text("It fits nowhere: discard it instead").click()
    bo.locator(".pte-draft button[name=tile]").first.click()
    expect(board.locator(".pte-tile.pte-taken")).to_contain_text("taken by Bo")
    # A phone whose turn it is not shows no draft controls.
    assert ann.locator(".pte-draft").count() == 0
    expect(cy.locator(".pte-status")).to_contain_text("Your turn: take a tile")
    cy.locator(".pte-draft button[name=tile]").first.click()
    expect(ann.locator(".pte-status")).to_contain_text("Your turn: take a tile")
    # Ann drafts 4th (a cat toy is no tile) with 2 pack rats: one for the tile she places, none to discard.
    expect(ann.locator(".pte-draft:not(.pte-draft-discard) input[name=pack_rats]")).to_have_count(2)
    expect(ann.locator(".pte-draft-discard input[name=pack_rats]")).to_have_count(0)
    ann.locator(".pte-draft button[name=tile]").first.click()
    expect(ann.locator(".pte-status")).to_contain_text("Round 1 is done")
    assert layout_problems(board, ann) == []
    for page, who in ((board, "board"), (ann, "seat")):
        assert_accessible(page, f"Pack the Essentials {who}, round over")
    assert outside == []


@pytest.mark.browser
def test_scoring_a_three_player_game_on_phones(browser, server):
    board, (ann, bo, cy), outside = make_table(browser, server, "scorepad")
    board.get_by_role("button", name=re.compile("Start with")).click()
    expect(ann.locator(".pte-my-pad")).to_be_visible()
    assert layout_problems(board, ann) == []
    # Ann and Bo both reach 32 with 4 empty spaces and 1 pack rat: a full tie.
    pad = dict(todo1=5, todo2=4, todo3=3, cats=2, pack_rats=1, empty_spaces=4, magenta=3, lavender=2, peach=1, mint=0)
    fill_pad(ann, **pad)
    expect(board.locator(".pte-pad .pte-total")).to_contain_text("32")
    fill_pad(bo, **pad)
    # Cy: 0+4+3 To Do, 2 cats (10), 1 pack rat = 18; colours 12 -> 48, 2 -> 3, 1 -> 1, 0 -> 0 = 52.
    fill_pad(cy, **{**pad, "todo1": 0, "magenta": 12})
    expect(board.locator(".pte-pad .pte-total td").nth(2)).to_have_text("70")
    expect(board.locator(".winner")).to_contain_text("Cy wins")
    expect(cy.locator(".pte-my-pad")).to_have_count(0)
    assert layout_problems(board, cy) == []
    assert_accessible(board, "Pack the Essentials board, results")
    assert_accessible(cy, "Pack the Essentials seat, results")
    # A second game from the phone: this time Ann and Bo lead, tied after every tie-break.
    cy.get_by_role("button", name="Play again").click()
    expect(board.locator(".pte-board-pads")).to_be_visible()
    fill_pad(ann, **pad)
    fill_pad(bo, **pad)
    fill_pad(cy, **{**pad, "todo1": 0})
    expect(board.locator(".pte-vote")).to_contain_text("Ann and Bo")
    expect(ann.locator(".pte-vote")).to_contain_text("the others vote on their phones")
    assert ann.locator(".pte-vote button").count() == 0
    assert_accessible(cy, "Pack the Essentials seat, cutest-cat vote")
    assert layout_problems(board, cy) == []
    assert_accessible(board, "Pack the Essentials board, cutest-cat vote")
    cy.get_by_role("button", name="😻 Bo's cat").click()
    expect(board.locator(".pte-results .winner")).to_contain_text("Bo wins")
    expect(ann.locator(".pte-results .winner")).to_contain_text("Bo wins")
    expect(ann.locator(".pte-vote")).to_contain_text("Bo's cat wins the vote")
    expect(board.get_by_role("button", name=re.compile("Print or save as PDF"))).to_be_visible()
    # The print stylesheet keeps the score pad and drops the controls.
    board.emulate_media(media="print")
    expect(board.locator(".pte-results")).to_be_visible()
    expect(board.locator(".join-qr")).to_be_hidden()
    expect(board.locator(".pte-again")).to_be_hidden()
    assert outside == []


@pytest.mark.browser
def test_solo_even_round_blocks_positions_on_the_phone(browser, server):
    board = browser.new_context(**TABLET).new_page()
    board.goto(f"{server.url}/new/pack-the-essentials")
    board.check("input[name=mode][value=solo]")
    board.select_option("select[name=solo_level]", "Hard")
    board.fill("input[name=solo_target]", "120")
    board.get_by_role("button", name="Create the table").click()
    code = code_from_url(board.url)
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(f"{server.url}/t/{code}/join")
    phone.fill("input[name=name]", "Ann")
    phone.get_by_role("button", name="Take a seat").click()
    board.get_by_role("button", name="Start with Ann").click()
    expect(phone.locator(".pte-header")).to_contain_text("Hard · target 120")
    phone.get_by_role("button", name="Take position 1").click()
    phone.get_by_role("button", name="Take tile 2").click()
    for removed in (1, 2, 3):
        board.get_by_role("button", name=re.compile("Flip the Cat Lady token")).click()
        expect(board.locator(".pte-tile.pte-removed")).to_have_count(removed)
    board.get_by_role("button", name="Next round ▶").click()
    # Round 2 is even: a Placement card blocks 1 to 3 positions, shown on the phone at once.
    expect(phone.locator(".pte-round")).to_contain_text("2")
    expect(phone.locator(".pte-placement")).to_be_visible()
    blocked = phone.locator(".pte-position.pte-blocked")
    assert 1 <= blocked.count() <= 3
    assert blocked.locator("button").count() == 0
    assert phone.locator(".pte-claim").count() == 4 - blocked.count()


@pytest.mark.browser
def test_german_round_and_result_fit_the_tablet_and_the_thumb(browser, server):
    """German sentences run longer than English: the board still reads from across the table and the
    phones still work one-handed, in play and at the end."""
    board, (ann, bo, cy), _outside = make_table(browser, server, "full", locale="de-DE")
    expect(ann.locator(".pte-status")).to_contain_text("Warten auf Spieler")
    assert thumb_reach_problems(ann) == []
    board.get_by_role("button", name=re.compile("Starten mit")).click()
    expect(ann.locator(".pte-status")).to_contain_text("Du bist dran: wähle eine Draft-Position")
    ann.get_by_role("button", name="Position 2 nehmen").click()
    bo.get_by_role("button", name="Position 3 nehmen").click()
    cy.get_by_role("button", name="Position 4 nehmen").click()
    board.get_by_role("button", name=re.compile("Katzenlady-Marker umdrehen")).click()
    expect(ann.locator(".pte-status")).to_contain_text("Du bist dran: nimm ein Plättchen")
    assert layout_problems(board, ann) == []
    assert_accessible(ann, "Pack the Essentials seat, drafting, German")
