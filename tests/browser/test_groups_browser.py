"""Our group in a real browser: a tablet starts a group from the home page, three phones join it
from its link, the tablet opens a CommuniCat table for the group, every phone takes its seat with
one tap ("Join as …"), they win a game together and a competitive one, and the group's page shows
their record and pictures, on the tablet and on a phone (the README's screenshots)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible
from tests.browser.layout import PHONE, TABLET
# the same seeded server process (conftest's patient_expect gives every browser test its patience)
from tests.conftest import code_from_url, off_server_requests, save_screenshot

FRIENDS = ("Ann", "Bob", "Cy", "Di")


@pytest.mark.browser
def test_a_group_on_a_tablet_and_phones(seeded_server, browser):
    base = seeded_server.url
    tablet_ctx = browser.new_context(viewport=TABLET)
    tablet = tablet_ctx.new_page()
    outside = off_server_requests(tablet, base)
    tablet.goto(base)
    tablet.get_by_role("link", name=re.compile("Start a group")).click()
    expect(tablet).to_have_url(re.compile(r"/groups/new$"))
    assert_accessible(tablet, "the start-a-group page")
    tablet.get_by_label("The group's name").fill("Friday cats")
    tablet.get_by_role("button", name="Start the group").click()
    expect(tablet.locator("h1")).to_have_text("Friday cats")
    link = tablet.locator(".group-link").inner_text()
    assert re.fullmatch(rf"{re.escape(base)}/g/[A-Z0-9]{{12}}", link)
    tablet.get_by_label("Your name in the group").fill("Ann")
    tablet.get_by_role("button", name="Join the group").click()
    expect(tablet.locator(".me")).to_contain_text("Ann")

    phones = {}
    for name in FRIENDS[1:]:
        phone = browser.new_context(viewport=PHONE, has_touch=True).new_page()
        phone.goto(link)                                  # what the group's QR code opens
        phone.get_by_label("Your name in the group").fill(name)
        phone.get_by_role("button", name="Join the group").click()
        expect(phone.locator(".me")).to_contain_text(name)
        phones[name] = phone

    # A CommuniCat table for the group, from its page: every phone sits down with one tap.
    tablet.locator(".group-games").get_by_role("link", name="CommuniCat").click()
    tablet.get_by_label("Target score").fill("2")
    tablet.get_by_role("button", name="Create the table").click()
    code = code_from_url(tablet.url)
    for name, phone in phones.items():
        phone.goto(f"{base}/t/{code}/join")
        phone.get_by_role("button", name=f"Join as {name}").click()
        expect(phone).to_have_url(re.compile(r"/seat$"))
        expect(phone.locator(".topbar .me")).to_contain_text(name)
    tablet.get_by_role("button", name="New Needs").click()
    tablet.locator(".cc-resolve-details > summary").click()             # folded until time runs out
    tablet.locator(".cc-resolve").get_by_role("button", name="Apply and end the round").click()
    for page in (tablet, *phones.values()):
        expect(page.locator(".cc-finished")).to_be_visible()

    # Then a competitive CommuniCat at the same table: Blue (the 1st and 3rd seats: Bob and Di) wins.
    tablet.locator(".table-drawer > summary", has_text="Table").click()   # folded away during a game
    tablet.get_by_role("link", name="Next game at this table").click()
    tablet.get_by_role("link", name="CommuniCat").click()
    tablet.get_by_label(re.compile("Competitive")).check()
    tablet.get_by_label("Target score").fill("1")
    tablet.get_by_role("button", name="Play CommuniCat at this table").click()
    tablet.get_by_role("button", name="New Needs").click()
    tablet.get_by_role("button", name=re.compile("Blue guessed")).click()
    expect(tablet.locator(".cc-finished")).to_be_visible()

    # The record on the group's page: the evening, everyone's row, the pictures.
    tablet.goto(link)
    expect(tablet.locator(".group-evenings li")).to_have_count(1)
    expect(tablet.locator(".group-evenings li").first).to_contain_text("2 games")
    rows = {name: tablet.locator(".group-people tbody tr", has=tablet.get_by_role("rowheader", name=name))
            for name in FRIENDS}
    expect(tablet.locator(".group-people tbody tr")).to_have_count(4)
    expect(rows["Bob"].locator("td").nth(1)).to_have_text("1 / 1")      # won / competitive played
    expect(rows["Ann"].locator("td").nth(1)).to_have_text("0 / 0")      # Ann watched on the tablet
    expect(rows["Cy"].locator("td").nth(1)).to_have_text("0 / 1")
    expect(rows["Cy"].locator("td").nth(3)).to_have_text("1 / 1")      # the co-op game, won together
    expect(tablet.locator(".group-chart svg")).to_have_count(2)
    tablet.get_by_label("Emoji").fill("🛋️")
    tablet.get_by_label("A new Need").fill("A warm lap")
    tablet.get_by_role("button", name="Add the Need").click()
    tablet.locator(".group-deck summary").click()
    expect(tablet.locator(".group-needs li")).to_have_count(41)
    expect(tablet.locator(".group-needs")).to_contain_text("A warm lap")
    tablet.get_by_role("button", name="Remove Feed me").click()
    expect(tablet.locator(".group-needs li")).to_have_count(40)          # the deck stays open
    expect(tablet.locator(".group-needs")).not_to_contain_text("Feed me")
    assert_accessible(tablet, "the group's page")
    tablet.goto(link)
    save_screenshot(tablet, "group")
    tablet.emulate_media(color_scheme="dark")
    assert_accessible(tablet, "the group's page, dark")
    tablet.emulate_media(color_scheme="light")
    tablet.locator(".group-evenings a").first.click()
    expect(tablet.locator(".game-result h2")).to_have_count(2)
    assert_accessible(tablet, "an evening of the group")
    tablet.goto(f"{link}/generator")
    tablet.get_by_role("button", name="New Needs").click()
    expect(tablet.locator(".cc-name")).to_have_count(8)
    expect(tablet.locator("#needs")).not_to_contain_text("Feed me")        # the group removed it
    assert_accessible(tablet, "the group's Needs Generator")

    # A member's phone reads the same record.
    bob = phones["Bob"]
    bob.goto(link)
    expect(bob.locator(".group-people tbody tr")).to_have_count(4)
    expect(bob.locator(".me")).to_contain_text("Bob")
    assert outside == []
    tablet_ctx.close()
    for phone in phones.values():
        phone.context.close()
