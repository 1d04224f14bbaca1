"""Catchy! in a real browser: a whole round on one tablet (with a phone following live), and a trick
entered from two phones that the board shows without reloading. Along the way the board is checked to
be readable across the table and the phones to be usable with one thumb (tests/browser/layout.py), in
the states that matter: choosing the starter, leading, following, a round's result, the game's end."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible
from tests.browser.layout import big_screen_problems, thumb_reach_problems
from tests.conftest import join_by_qr, off_server_requests, save_screenshot, table_opened

pytestmark = pytest.mark.browser
TABLET = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}


def create(page, base_url, p1="Ann", p2="Bob"):
    page.goto(base_url + "/")
    page.get_by_role("link", name=re.compile("Catchy!")).click()
    page.get_by_label("Player 1 (left end of the course)").fill(p1)
    page.get_by_label("Player 2 (right end of the course)").fill(p2)
    page.get_by_role("button", name="Create the table").click()
    return table_opened(page)


join = join_by_qr


def pick(page, role, card):
    """Tap a card's chips in the leader's or follower's row: "Red 5" or "Joker 4"."""
    colour, number = card.split()
    row = page.locator(f".trick-form .card-input.{role}")
    row.locator("label.chip", has_text=re.compile(rf"^\W*{colour}$")).click()
    row.locator(".numbers label.chip", has_text=re.compile(rf"^\W*{number}$")).click()


def play(page, lead, follow):
    pick(page, "leader", lead)
    pick(page, "follower", follow)
    page.get_by_role("button", name="Play the trick").click()


def test_a_whole_round_on_one_tablet(server, browser):
    board = browser.new_context(viewport=TABLET).new_page()
    strays = off_server_requests(board, server.url)
    create(board, server.url)
    board.evaluate("window.__sameDocument = true")
    watcher = join(browser.new_context(viewport=PHONE), board.locator(".join-url").inner_text(), "Cat")
    strays += off_server_requests(watcher, server.url)

    board.get_by_role("button", name="Ann has it", exact=True).click()
    expect(board.get_by_role("heading", name=re.compile("Trick 1 of 7"))).to_be_visible()
    expect(board.locator(".catchy-scores .p1 .lead-tag")).to_have_text("leads")
    expect(watcher.locator(".you-are")).to_contain_text("The players use the board")

    # a Joker tapped by mistake is cleared by picking a colour, and the other way round
    leader_row = board.locator(".trick-form .card-input.leader")
    leader_row.locator("label.chip.joker").click()
    expect(leader_row.locator('input[name="leader_joker"]')).to_be_checked()
    leader_row.locator("label.chip", has_text=re.compile(r"^\W*Blue$")).click()
    expect(leader_row.locator('input[name="leader_joker"]')).not_to_be_checked()
    leader_row.locator("label.chip.joker").click()
    expect(leader_row.locator('input[name="leader_color"]:checked')).to_have_count(0)

    # check first: the reasons before applying, nothing moves
    pick(board, "leader", "Red 5")
    pick(board, "follower", "Red 3")
    board.get_by_role("button", name="Check first").click()
    expect(board.get_by_test_id("preview")).to_contain_text("Both odd (5 and 3): the cat flips to blue.")
    expect(board.locator(".space.has-cat")).to_have_attribute("data-pos", "0")
    # the checked cards stay selected: one tap plays them
    board.get_by_role("button", name="Play the trick").click()
    expect(board.get_by_test_id("explanation")).to_contain_text("Blue side up, blue moves toward the loser: one step toward Bob.")
    expect(board.locator(".space.has-cat")).to_have_attribute("data-pos", "1")
    expect(board.get_by_test_id("cat")).to_contain_text("BLUE")
    expect(watcher.locator(".space.has-cat")).to_have_attribute("data-pos", "1")  # live, no reload

    # a mistyped trick, undone through the engine
    play(board, "Yellow 2", "Blue 4")
    expect(board.get_by_test_id("explanation")).to_contain_text("⚠ Ann did not follow Yellow")
    expect(board.get_by_test_id("trick")).to_have_text("2")
    board.get_by_role("button", name=re.compile("Undo play trick")).click()
    expect(board.get_by_test_id("trick")).to_have_text("1")
    expect(board.locator(".space.has-cat")).to_have_attribute("data-pos", "1")

    # Bob leads; Joker and 3: flips back to red, the cat stays, Bob leads again
    play(board, "Joker 2", "Red 3")
    expect(board.get_by_test_id("explanation")).to_contain_text("Bob leads again.")
    expect(board.get_by_test_id("cat")).to_contain_text("RED")
    expect(board.locator(".catchy-scores .p2 .lead-tag")).to_have_text("leads")
    # red: Bob wins with the higher Yellow card, one step toward Bob: his Arms
    play(board, "Yellow 4", "Yellow 1")
    expect(board.get_by_test_id("round-end")).to_contain_text("The cat is in Bob's Arms: 3 points to Bob.")
    expect(board.get_by_test_id("score-2")).to_have_text("3")
    expect(watcher.get_by_test_id("score-2")).to_have_text("3")
    expect(watcher.get_by_test_id("round-end")).to_contain_text("Round 1 is over")
    assert big_screen_problems(board) == [], "board, round over"
    assert_accessible(board, "Catchy! board, round over")
    assert_accessible(watcher, "Catchy! watcher, round over")

    # a correction by hand: Ann's score
    board.get_by_text("Fix a value").click()
    board.get_by_label("Ann's score").fill("1")
    board.get_by_role("button", name="Save the corrections").click()
    expect(board.get_by_test_id("score-1")).to_have_text("1")
    expect(watcher.get_by_test_id("score-1")).to_have_text("1")

    board.get_by_role("button", name="Bob has it", exact=True).click()
    expect(board.get_by_test_id("round")).to_have_text("2")
    expect(board.locator(".space.has-cat")).to_have_attribute("data-pos", "0")
    assert board.evaluate("window.__sameDocument") is True
    assert strays == []


def test_two_phones_play_a_trick(server, browser):
    board = browser.new_context(viewport=TABLET).new_page()
    create(board, server.url, "P1", "P2")
    join_url = board.locator(".join-url").inner_text()
    ann = join(browser.new_context(viewport=PHONE), join_url, "Ann")
    bob = join(browser.new_context(viewport=PHONE), join_url, "Bob")
    expect(board.get_by_role("button", name="Bob has it")).to_be_visible()
    # Bob's join reaches Ann's phone on its own stream: measured once it offers her the start
    expect(ann.get_by_role("button", name="I hold the Starting card")).to_be_visible()
    assert thumb_reach_problems(ann) == [], "seat before the first round"

    bob.get_by_role("button", name="I hold the Starting card").click()
    expect(bob.locator(".you-are")).to_contain_text("You are Bob: player 2")
    expect(board.locator(".catchy-scores .p2")).to_contain_text("Bob")
    expect(ann.get_by_role("heading", name=re.compile("Trick 1 of 7"))).to_contain_text("Bob leads")

    pick(bob, "leader", "Blue 5")
    bob.get_by_role("button", name="I played this card").click()
    expect(board.locator(".waiting")).to_contain_text("Bob led Blue 5")
    expect(ann.locator(".waiting")).to_contain_text("Bob played Blue 5")
    pick(ann, "follower", "Blue 1")
    ann.get_by_role("button", name="I played this card").click()
    # both odd: flips to blue; Bob won, blue walks toward the loser Ann: position -1
    expect(board.get_by_test_id("explanation")).to_contain_text("one step toward Ann")
    expect(board.locator(".space.has-cat")).to_have_attribute("data-pos", "-1")
    expect(bob.locator(".space.has-cat")).to_have_attribute("data-pos", "-1")
    expect(ann.get_by_role("heading", name=re.compile("Trick 2 of 7"))).to_contain_text("you lead")
    # the next trick starts with fresh chips, not the card just played still ticked
    expect(ann.locator(".trick-form input:checked")).to_have_count(0)
    assert big_screen_problems(board) == [], "board, a trick played"
    assert thumb_reach_problems(ann) == [], "seat, leading"
    assert thumb_reach_problems(bob) == [], "seat, following"
    save_screenshot(board, "catchy-board")
    save_screenshot(ann, "catchy-seat")
    assert_accessible(ann, "Catchy! seat, leading a trick")
    assert_accessible(bob, "Catchy! seat, waiting")

    # a correction on the board ends the game: the winner is read across the table, the rematch is
    # within a thumb's reach on the players' phones
    board.get_by_text("Fix a value").click()
    board.get_by_label("Ann's score").fill("6")
    board.get_by_label("Cat position").select_option("-2")
    board.get_by_role("button", name="Save the corrections").click()
    expect(board.get_by_test_id("winners")).to_contain_text("Ann wins!")
    expect(ann.get_by_role("button", name="New game (rematch)")).to_be_visible()
    assert big_screen_problems(board) == [], "board, game over"
    assert thumb_reach_problems(ann) == [], "seat, game over"
    assert_accessible(board, "Catchy! board, game over")
    assert_accessible(ann, "Catchy! seat, game over")
