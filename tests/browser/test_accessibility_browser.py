"""axe-core on every page of every game, in light and dark mode, at tablet and phone sizes: the home
page, the Needs generator, each new-table page, the join page, an error page, and each game's board
and seat before and after the game starts. Zero serious or critical violations is the bar; later
states (scoring, game over) are audited in each game's own browser test, where they are reached.
On the phone, every control is also checked to be at least 44 px (thumb size) and out of the
stretch zone; the board in play is checked to be readable across the table (tests/browser/layout.py),
and Tab is pressed through the board and a seat to prove every control is reachable by keyboard."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible, small_targets, unreachable_by_keyboard
from tests.browser.layout import big_screen_problems, thumb_reach_problems
from companion import games
from tests.conftest import code_from_url

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}
TABLET = {"viewport": {"width": 1280, "height": 800}}
GAMES = tuple(entry.id for entry in games.catalogue())


def act(page, base: str, code: str, move: str, fields: dict, role: str) -> None:
    version = page.request.get(f"{base}/t/{code}/view.json").json()["version"]
    answer = page.request.post(f"{base}/t/{code}/act/{move}", form={"version": str(version), "as": role, **fields},
                               headers={"Accept": "application/json"})
    assert answer.ok, answer.text()


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pages_outside_a_table(server, browser, scheme):
    for size in (TABLET, PHONE):
        context = browser.new_context(color_scheme=scheme, **size)
        page = context.new_page()
        for path in ["/", "/needs", *[f"/new/{g}" for g in GAMES], "/t/ZZZZZZ"]:
            page.goto(server.url + path)
            assert_accessible(page, f"{path} ({scheme}, {size['viewport']['width']} px)")
        page.goto(server.url + "/")
        page.get_by_text("Display").click()
        expect(page.get_by_label("Hourglass")).to_be_visible()
        assert_accessible(page, f"display preferences open ({scheme})")
        page.goto(server.url + "/needs")
        page.get_by_role("button", name="New Needs").click()
        expect(page.locator(".cc-need").first).to_be_visible()
        assert_accessible(page, f"/needs with cards ({scheme})")
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize("game", GAMES)
def test_every_game_board_and_seat(server, browser, game):
    board_context = browser.new_context(**TABLET)
    board = board_context.new_page()
    board.goto(f"{server.url}/new/{game}")
    board.get_by_role("button", name="Create the table").click()
    code = code_from_url(board.url)
    phones = []
    recipe = games.get(game).in_play   # how the game comes into play (its registry entry)
    for name in recipe.seats:
        context = browser.new_context(**PHONE)
        phone = context.new_page()
        phone.goto(f"{server.url}/t/{code}/join")
        if name == "Ann":
            assert_accessible(phone, f"{game} join page")
        phone.get_by_label("Your name").fill(name)
        phone.get_by_role("button", name="Take a seat").click()
        phone.wait_for_url(f"**/t/{code}/seat")
        phones.append(phone)
    expect(board.locator(".seat-list li")).to_have_count(len(recipe.seats))

    def audit_all(stage: str) -> None:
        for scheme in ("light", "dark"):
            for page, who in ((board, "board"), (phones[0], "seat")):
                page.emulate_media(color_scheme=scheme)
                assert_accessible(page, f"{game} {who}, {stage}, {scheme}")
        # One-handed: every control on the phone is at least a thumb wide and tall.
        assert small_targets(phones[0]) == [], f"{game} seat, {stage}"

    audit_all("lobby")
    if recipe.moves:
        before = board.locator("#view").get_attribute("data-version")
        seat_ids = {s["name"]: s["id"] for s in board.request.get(f"{server.url}/t/{code}/view.json").json()["seats"]}
        for move, fields in recipe.moves:
            act(board, server.url, code, move, recipe.fields(fields, seat_ids), "board")
        expect(board.locator("#view")).not_to_have_attribute("data-version", before)
        expect(phones[0].locator("#view")).not_to_have_attribute("data-version", before)
        # Each screen's view comes on its own stream. A phone whose stream still lags behind the
        # board's lobby version (`before`) differs from it too, so both wait for the version the
        # moves left the table at.
        latest = str(board.request.get(f"{server.url}/t/{code}/view.json").json()["version"])
        for page in (board, phones[0]):
            expect(page.locator("#view")).to_have_attribute("data-version", latest)
        audit_all("in play")
    # Readable across the table, and one-handed (tests/browser/layout.py says how each is measured).
    assert big_screen_problems(board) == [], f"{game} board"
    assert thumb_reach_problems(phones[0]) == [], f"{game} seat"
    # Everything usable with a keyboard: Tab reaches every control of the board and of a seat.
    for page, who in ((board, "board"), (phones[0], "seat")):
        assert unreachable_by_keyboard(page) == [], f"{game} {who}"
    for page in [board, *phones]:
        page.context.close()
