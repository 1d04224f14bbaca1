"""Cloaked Cats in a real browser: a tablet board and three phones at one table. Phones join by the
QR code's URL, the board starts the game, each phone shows only its own secret cat, a played cat and a
guess reach every other screen without a reload, and nothing is fetched from another origin."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible
from tests.conftest import code_from_url, off_server_requests, save_screenshot

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}
TABLET = {"viewport": {"width": 1280, "height": 800}}


@pytest.mark.browser
def test_three_phones_and_a_board_play_a_turn(server, browser):
    board = browser.new_context(**TABLET).new_page()
    strays = off_server_requests(board, server.url)
    board.goto(f"{server.url}/new/cloaked-cats")
    board.get_by_role("button", name="Create the table").click()
    expect(board.get_by_role("heading", name="Waiting for players")).to_be_visible()
    code = code_from_url(board.url)

    phones = {}
    for name in ("Ann", "Bob", "Cy"):
        page = browser.new_context(**PHONE).new_page()
        strays += off_server_requests(page, server.url)
        page.goto(f"{server.url}/t/{code}/join")
        page.get_by_label("Your name").fill(name)
        page.get_by_role("button", name="Take a seat").click()
        expect(page.get_by_role("heading", name="You're in!")).to_be_visible()
        phones[name] = page
    # The board lists the joiners live, with their mask colour named.
    expect(board.locator(".cc-lobby-list li")).to_have_count(3)
    expect(board.locator(".cc-lobby-list")).to_contain_text("Yellow")

    board.get_by_role("button", name="Start the game").click()
    expect(board.locator(".cc-player")).to_have_count(3)

    own = {}
    for name, page in phones.items():
        expect(page.locator(".cc-my-features li")).to_have_count(3)
        own[name] = page.request.get(f"{server.url}/t/{code}/view.json").json()
        shown = page.locator(".cc-my-features li").evaluate_all("els => els.map(e => e.dataset.feature)")
        assert shown == [f["id"] for f in own[name]["mine"]["features"]]
    # Secrecy on the screens: the board marks nobody's features; each phone marks only its own.
    assert board.locator("[data-feature]").count() == 0
    assert "Your secret cat" not in board.content()
    for name, page in phones.items():
        marked = page.locator("[data-feature]").evaluate_all("els => els.map(e => e.dataset.feature)")
        assert marked == [f["id"] for f in own[name]["mine"]["features"]]
        assert all(data["mine"]["seat"] != own[name]["mine"]["seat"] for other, data in own.items() if other != name)
    board_json = board.request.get(f"{server.url}/t/{code}/view.json").json()
    assert board_json["mine"] is None and board_json["seat"] is None

    turn = board_json["turn"]
    active_name = turn["name"]
    active = phones[active_name]
    watcher = next(p for n, p in phones.items() if n != active_name)
    expect(board.locator(".cc-status")).to_contain_text(active_name)
    expect(active.get_by_role("heading", name="Your turn: play a cat card")).to_be_visible()

    # Play a cat with 3 features: a refusal first (only 2 tapped), then the real card.
    active.locator('.cc-picker input[value="seated_boss"]').check()
    active.locator('.cc-picker input[value="top_hat"]').check()
    active.get_by_role("button", name="Place the masks").click()
    expect(active.locator(".flash.error")).to_have_text("A cat card shows 3 or 4 features; you picked 2.")
    active.locator('.cc-picker input[value="red_coat"]').check()
    active.get_by_role("button", name="Place the masks").click()
    expect(board.locator(".cc-catcard")).to_have_count(1)
    expect(board.locator(".cc-catcard")).to_contain_text("Top hat")
    expect(watcher.locator(".cc-catcard")).to_have_count(1)
    cat = {"seated_boss", "top_hat", "red_coat"}
    expected = [d["mine"]["colour"]["name"] for d in own.values()
                if cat & {f["id"] for f in d["mine"]["features"]}]
    masks = board.locator(".cc-catcard .cc-mask").evaluate_all("els => els.map(e => e.textContent.trim())")
    assert sorted(m.lstrip("★♥▲◆").strip() for m in masks) == sorted(expected)

    # Guess: ask the next player about a feature they really hold (read from their own view).
    target_name = next(n for n in phones if n != active_name)
    secret = own[target_name]["mine"]["features"][0]
    expect(active.get_by_role("heading", name="Guess a feature?")).to_be_visible()
    active.locator(f'.cc-guess input[name="target"][value="{own[target_name]["seat"]}"]').check()
    active.locator(f'.cc-guess input[name="feature"][value="{secret["id"]}"]').check()
    # The picture shows the top of the seat: the secret cat, the newest cat and the question below.
    active.evaluate("() => window.scrollTo(0, 0)")
    save_screenshot(active, "cloaked-cats-seat")
    assert_accessible(active, "Cloaked Cats seat, guessing")
    active.get_by_role("button", name="Ask").click()
    expect(board.locator(".cc-last-guess")).to_contain_text("right")
    expect(board.locator(".cc-revealed")).to_contain_text(secret["name"])
    target = phones[target_name]
    expect(target.locator(f'.cc-my-features li[data-feature="{secret["id"]}"]')).to_contain_text("revealed to all")
    save_screenshot(board, "cloaked-cats-board")
    assert_accessible(board, "Cloaked Cats board, after a guess")
    assert_accessible(target, "Cloaked Cats seat with a revealed feature")

    # the Ask's view reaches the asking phone last, on its own stream: its version is read (and
    # "End my turn" tapped) only once it shows the turn after the guess
    expect(active.get_by_role("heading", name="Your turn is nearly done")).to_be_visible()
    before = active.locator("#view").get_attribute("data-version")
    active.get_by_role("button", name="End my turn").click()
    # The click only sends the move: wait until it is applied before asking the table whose turn it is.
    expect(active.locator("#view")).not_to_have_attribute("data-version", before)
    following = board.request.get(f"{server.url}/t/{code}/view.json").json()["turn"]["name"]
    assert following != active_name
    expect(board.locator(".cc-status")).to_contain_text(following)
    expect(phones[following].get_by_role("heading", name="Your turn: play a cat card")).to_be_visible()
    assert strays == []


@pytest.mark.browser
def test_a_guess_form_opens_with_nothing_chosen(server, browser):
    """Four phones, four turns: after the active player ticks a cat card's features and places the
    masks, the "Guess a feature?" form opens empty on every turn. The live refresh once carried the
    ticked boxes over into the guess form by position, so one tap on Ask sent a guess nobody made."""
    board = browser.new_context(**TABLET).new_page()
    board.goto(f"{server.url}/new/cloaked-cats")
    board.get_by_role("button", name="Create the table").click()
    code = code_from_url(board.url)
    phones = {}
    for name in ("Ann", "Ben", "Cleo", "Dan"):
        page = browser.new_context(**PHONE).new_page()
        page.goto(f"{server.url}/t/{code}/join")
        page.get_by_label("Your name").fill(name)
        page.get_by_role("button", name="Take a seat").click()
        expect(page.get_by_role("heading", name="You're in!")).to_be_visible()
        phones[name] = page
    board.get_by_role("button", name="Start the game").click()
    expect(board.locator(".cc-player")).to_have_count(4)

    played = set()
    for turn in range(4):
        name = board.request.get(f"{server.url}/t/{code}/view.json").json()["turn"]["name"]
        played.add(name)
        phone = phones[name]
        expect(phone.get_by_role("heading", name="Your turn: play a cat card")).to_be_visible()
        boxes = phone.locator(".cc-picker input[name=features]")
        # A valid card (a pose, a pattern, an accessory, a colour), different boxes each turn, among
        # them the first ones (where the guess form's radios lie).
        for index in (turn, 5 + turn % 2, 7 + turn, 11 + 2 * turn):
            boxes.nth(index).check()
        phone.get_by_role("button", name="Place the masks").click()
        expect(phone.get_by_role("heading", name="Guess a feature?")).to_be_visible()
        expect(board.locator(".cc-catcard")).to_have_count(turn + 1)
        guess = phone.locator(".cc-guess")
        expect(guess.locator("input[type=radio]").first).to_be_visible()
        assert guess.locator("input:checked").count() == 0, f"{name}'s guess form opened with a choice made"
        # The page as the player holds it still sends nothing (no target, no feature chosen).
        before = phone.locator("#view").get_attribute("data-version")
        phone.get_by_role("button", name="End my turn without guessing").click()
        expect(phone.locator("#view")).not_to_have_attribute("data-version", before)
    assert played == set(phones)
    events = board.request.get(f"{server.url}/t/{code}/view.json").json()["events"]
    assert not [e for e in events if e["kind"] == "guess"]
