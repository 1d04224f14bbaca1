"""Cloaked Cats at a real table, measured (tests/browser/layout.py): the board on a landscape tablet
is readable from the players' seats (what they look up for, `data-far`, on the first screen in big
type) at every moment of a 4-player game, and a phone is usable with one thumb (no control in the
top third, every control thumb-sized, nothing wider than the screen) in each state a seat meets:
the lobby, its own turn (play a cat, guess, end), someone else's turn, and the end of the game."""
from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from tests.browser.a11y import assert_accessible, small_targets
from tests.browser.layout import big_screen_problems, thumb_reach_problems
from tests.conftest import code_from_url

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}
TABLET = {"viewport": {"width": 1280, "height": 800}}
# The whole table in one language: German sentences are longer, so the big-screen fit is checked in both.
WORDS = {"en": {"create": "Create the table", "name": "Your name", "sit": "Take a seat", "in": "You're in!"},
         "de": {"create": "Tisch anlegen", "name": "Dein Name", "sit": "Platz nehmen", "in": "Du bist dabei!"}}
CAT = {"features": "leaping_daredevil,fish_cocktail,striped,black_coat"}  # a form field: comma-separated


def shot(page, name: str) -> None:
    """While working on the layout: CC_SHOTS=/some/dir keeps a picture of every state checked."""
    if os.environ.get("CC_SHOTS"):
        page.screenshot(path=f"{os.environ['CC_SHOTS']}/{name}.png")


def act(page, base: str, code: str, move: str, role: str = "seat", **fields) -> None:
    version = page.request.get(f"{base}/t/{code}/view.json").json()["version"]
    answer = page.request.post(f"{base}/t/{code}/act/{move}", form={"version": str(version), "as": role, **fields},
                               headers={"Accept": "application/json"})
    assert answer.ok, answer.text()


def settle(page, version: int) -> None:
    """The page's live view has caught up with the table's version."""
    expect(page.locator("#view")).to_have_attribute("data-version", str(version))


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_board_reads_across_the_table_and_every_seat_state_fits_one_thumb(server, browser, lang):
    words = WORDS[lang]
    board = browser.new_context(locale=lang, **TABLET).new_page()
    board.goto(f"{server.url}/new/cloaked-cats")
    board.get_by_role("button", name=words["create"]).click()
    code = code_from_url(board.url)
    phones = {}
    for name in ("Ann", "Bob", "Cy", "Dominique"):
        page = browser.new_context(locale=lang, **PHONE).new_page()
        page.goto(f"{server.url}/t/{code}/join")
        page.get_by_label(words["name"]).fill(name)
        page.get_by_role("button", name=words["sit"]).click()
        expect(page.get_by_role("heading", name=words["in"])).to_be_visible()
        phones[name] = page
    expect(board.locator(".cc-lobby-list li")).to_have_count(4)
    assert big_screen_problems(board, at_least=1) == [], "lobby"    # the list of who is dealt in
    assert thumb_reach_problems(phones["Ann"]) == [], "seat in the lobby"

    def table() -> dict:
        return board.request.get(f"{server.url}/t/{code}/view.json").json()

    def check(stage: str, seat: str | None = None) -> dict:
        view = table()
        for page in (board, *phones.values()):
            settle(page, view["version"])
        problems = big_screen_problems(board)
        shot(board, f"board-{lang}-{stage}")
        assert problems == [], f"board, {stage}"
        for name, page in phones.items():
            if seat is None or name == seat:
                problems = thumb_reach_problems(page)
                shot(page, f"seat-{lang}-{stage}-{name}")
                assert problems == [], f"{name}'s seat, {stage}"
                assert small_targets(page) == [], f"{name}'s seat, {stage}"
        return view

    act(board, server.url, code, "start", role="board")
    view = check("start")
    secrets = {n: p.request.get(f"{server.url}/t/{code}/view.json").json()["mine"] for n, p in phones.items()}
    names = {secrets[n]["seat"]: n for n in phones}

    # A few whole turns: a 4-feature cat (the widest newest-cat line), then a right guess at the player
    # with the most features already shown, so the game heads for its final round and its end.
    stage = 0
    while view["phase"] == "playing" and stage < 60:
        stage += 1
        me = names[view["turn"]["seat"]]
        phone = phones[me]
        if view["turn"]["step"] == "cat":
            act(phone, server.url, code, "play_cat", **CAT)
        elif view["turn"]["step"] == "guess":
            shown = {f["id"] for p in view["players"] for f in p["revealed"]}
            targets = [n for n in phones if n != me
                       and any(f["id"] not in shown for f in secrets[n]["features"])]
            target = max(targets, key=lambda n: sum(f["id"] in shown for f in secrets[n]["features"]))
            feature = next(f["id"] for f in secrets[target]["features"] if f["id"] not in shown)
            act(phone, server.url, code, "guess", target=str(secrets[target]["seat"]), feature=feature)
        else:
            act(phone, server.url, code, "end_turn")
        # Every state on the board; the acting seat's own states (and a waiting seat) on the phones.
        view = check(f"{stage:02d}", seat=names[view["turn"]["seat"]] if view["turn"] else None)
    assert view["phase"] == "over" and view["scores"]["winners"]
    expect(board.locator(".cc-scores [data-far=winner]")).to_be_visible()
    for scheme in ("light", "dark"):
        board.emulate_media(color_scheme=scheme)
        assert_accessible(board, f"Cloaked Cats board, game over, {lang}, {scheme}")
    for page in (board, *phones.values()):
        page.context.close()
