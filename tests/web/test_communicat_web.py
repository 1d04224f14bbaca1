"""CommuniCat through HTTP: the table's moves and refusals, secrecy of the Cat's Need on every other
screen, and the standalone /needs generator (cookie-bound, survives reloads and restarts)."""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.both_backends  # the same tests on SQLite and on Redis (tests/conftest.py)
from markupsafe import escape

from companion import create_app
from companion.games import communicat_rules as cc


def secret_of(table) -> str:
    """The Cat's Need as the pipeline stored it (read from the store, not from any view)."""
    tables = table.app.extensions["companion"]
    with tables.store.read() as tx:
        return tx.get_table(table.code).state["round"]["secret"]


@pytest.fixture
def coop(new_table, device):
    board = new_table("communicat", mode="coop", difficulty="normal", timer="45", target="10")
    phones = [device(board).join(name) for name in ("Ann", "Bob", "Cy")]
    return board, phones


def test_the_boards_show_button_asks_first_when_the_need_is_on_a_phone(new_table, device):
    alone = new_table("communicat", mode="versus")
    alone.act("new_needs")
    html = alone.html("board")           # one device: one tap shows both Needs, as the rulebook's page
    assert "cc-ask" not in html and "Show Cat Needs" in html and 'name="confirm"' not in html
    board = new_table("communicat", mode="versus")
    for name in ("Ann", "Bob", "Cy", "Di"):
        device(board).join(name)
    board.act("new_needs")
    html = board.html("board")
    # a question per team, in the page, whose Yes carries confirm=1 and that team
    assert html.count('class="cc-ask" data-keep-open') == 2
    assert "It is on Ann's phone. Show it to everyone?" in html and "It is on Bob's phone." in html
    assert html.count('name="confirm" value="1"') == 2 and "Show Blue's Need" in html
    board.act("show_need", team="blue", confirm="1")
    html = board.html("board")
    assert "Hide Cat Need" in html and "Show Orange's Need" in html and "Show Blue's Need" not in html
    assert 'data-refresh-at="' in html and "It covers itself after 10 s." in html


def test_a_guess_tapped_on_a_need_is_answered_on_every_screen(coop):
    board, (ann, bob, cy) = coop
    board.act("new_needs")
    secret = secret_of(board)["cat"]
    laid_out = [n["id"] for n in board.view()["needs"]]
    wrong = next(n for n in laid_out if n != secret)
    # the Need cards are the guess's buttons on an Owner's phone and the board, never the Cat's
    assert f'name="need" value="{wrong}"' in bob.html("seat") and 'name="need"' not in ann.html("seat")
    assert 'name="confidence" value="1"' in board.html("board")
    assert ann.act("guess", need=secret, expect=403).json["error"].startswith("You are the Cat")
    bob.act("guess", need=wrong)
    for screen, role in ((board, "board"), (ann, "seat"), (cy, "seat")):
        assert "Bob guessed" in screen.html(role) and "wrong." in screen.html(role)
        assert screen.view()["mishaps"] == 1
    cy.act("guess", need=secret, confidence="1")
    html = board.html("board")
    assert "Cy guessed" in html and "right!" in html
    # resolving is now the next step: open, its button the primary one, the points of a right guess
    resolve = html.split('class="cc-resolve-details')[1].split("</summary>")[0]
    assert "open" in resolve and "primary big" in resolve
    assert board.view()["preview"]["guessed"] == 2 + 1 - 1
    board.act("resolve", outcome="guessed")
    history = board.html("board").split('class="cc-history-table"')[1]
    assert "✘ " in history and "✔ " in history and board.view()["history"][0]["guesses"][1]["by"] == "Cy"
    # a guess on a Need that is not laid out, or without a round, is refused with a sentence
    assert bob.act("guess", need=wrong, expect=409).json["error"] == "No round is under way: press New Needs first."


def test_the_round_history_shows_what_the_score_really_moved(coop):
    board, _ = coop
    board.act("new_needs")
    board.act("mishap", reason="pass")
    board.act("resolve", outcome="timeout")              # -2 by the rules, the score stays at 0
    cell = board.html("board").split('class="cc-history-points"')[1].split("</td>")[0]
    assert cell.split(">", 1)[1].split("<small>")[0].strip() == "0" and "(-2, score stays at 0)" in cell


def test_new_table_page_and_options(client):
    page = client.get("/new/communicat").get_data(as_text=True)
    for text in ('name="mode"', 'name="difficulty"', 'name="timer"', 'name="timer_custom"', 'name="target"'):
        assert text in page
    r = client.post("/tables", data={"game": "communicat", "timer": "custom"})
    assert r.status_code == 400 and "custom timer length" in r.get_data(as_text=True)
    r = client.post("/tables", data={"game": "communicat", "difficulty": "extreme"})
    assert r.status_code == 400


def test_only_the_cats_phone_gets_the_need(coop):
    board, (ann, bob, cy) = coop
    board.act("new_needs")
    secret = cc.NEEDS[secret_of(board)["cat"]]
    v = ann.view()
    assert v["my_role"] == "cat" and v["secret"] == {"cat": secret}
    assert len(v["needs"]) == 8 and v["cat"]["name"] == "Ann"
    ann_html = ann.html("seat")
    assert "You are the Cat" in ann_html and "is-secret" in ann_html and str(escape(secret["name"])) in ann_html
    for other, role in ((bob, "seat"), (cy, "seat"), (board, "board")):
        view = other.view()
        assert "secret" not in view and "same_need" not in view
        html = other.html(role)
        assert "is-secret" not in html and "cc-mark" not in html and "secret Need:" not in html
        # the name is on its card in the layout, exactly once, like every other Need
        assert html.count(str(escape(secret["name"]))) == 1
    # the board shows it on demand, and hides it again without a trace; since Ann holds it on her
    # phone, showing it to everyone is asked first (the question is the refusal's sentence)
    before = board.html("board")
    asked = board.act("show_need", expect=409)
    assert asked.json["error"] == "It is on Ann's phone. Show it to everyone?"
    assert "secret" not in board.view()
    board.act("show_need", confirm="1")
    shown = board.html("board")
    assert "is-secret" in shown and "Cat's Need" in shown
    assert "secret" in board.view()
    board.act("show_need")
    after = board.html("board")
    strip = lambda h: re.sub(r'(data-version|data-server-now|name="version" value)="\d+"', "", h)
    assert "is-secret" not in after and "secret" not in board.view()
    # Undo of the last move shows up in the footer; the layout itself is unchanged
    assert strip(before).split('<section class="part cc-timer"')[0] == strip(after).split('<section class="part cc-timer"')[0]
    # Owners' phones may not show it on the board
    r = bob.act("show_need", expect=403)
    assert "board" in r.json["error"]
    # deal after deal (names with quotes and all), only Ann's phone marks one card
    for _ in range(12):
        board.act("new_needs")
        name = str(escape(cc.NEEDS[secret_of(board)["cat"]]["name"]))
        assert name in ann.html("seat").split("cc-my-need")[1]
        for other, role in ((bob, "seat"), (board, "board")):
            html = other.html(role)
            assert "is-secret" not in html and html.count(name) == 1


def test_a_spent_confidence_token_scores_without_a_confidence_field_over_http(coop):
    """Issue #17: the form and its preview read the recorded Confidence spend; resolving without a
    confidence field scores what the board showed, and a field claiming an unspent token is refused."""
    board, (ann, bob, cy) = coop
    board.act("new_needs")
    r = board.act("resolve", outcome="guessed", confidence="1", expect=409)
    assert r.json["error"].startswith("No Confidence token is on this guess")
    bob.act("spend_life", kind="confidence")
    form = board.html("board").split('class="part cc-resolve"')[1].split("</section>")[0]
    assert 'name="confidence"' not in form
    assert "Confidence is on this guess: a right guess scores +1 more." in form
    assert 'class="cc-points">+3<' in form
    preview = board.client.get(f"/t/{board.code}/preview/resolve?outcome=guessed&as=board", headers={"HX-Request": "true"})
    assert 'class="cc-points">+3<' in preview.get_data(as_text=True)
    ann.act("resolve", outcome="guessed")
    v = board.view()
    assert v["score"] == 3 and v["history"][0]["points"] == 3 and v["lives"] == 8
    assert "Guessed with Confidence" in board.html("board")


def test_round_flow_scores_and_history_over_http(coop):
    board, (ann, bob, cy) = coop
    board.act("new_needs")
    bob.act("timer_start")
    bob.act("spend_life", kind="confidence")
    r = cy.act("spend_life", kind="confidence", expect=409)
    assert "already on this guess" in r.json["error"]
    r = cy.act("spend_life", kind="luck", expect=400)
    assert "Kind must be one of: confidence" in r.json["error"]
    cy.act("spend_life", kind="ignorance", count=2)
    r = cy.act("spend_life", kind="clarity", count=10, expect=400)
    bob.act("mishap", reason="pass")
    html = board.html("board")
    assert "cc-preview" in html and "+3" in html       # 2 +1 confidence, 1 mishap covered by 2 tokens
    # the form asks the rules for the sum on every change, before anything is applied
    base = f"/t/{board.code}/preview/resolve"
    JSON = {"Accept": "application/json"}
    assert board.client.get(f"{base}?outcome=guessed&confidence=1", headers=JSON).json == \
        {"points": 3, "score": 3, "target": 10}
    # one more Mishap card than tokens costs a point (the Confidence spent still counts: 3 - 1); two
    # more cost two; running out of time scores -1 and stops at 0
    assert board.client.get(f"{base}?outcome=guessed&mishaps=3&lives_on_mishap=2", headers=JSON).json["points"] == 2
    assert board.client.get(f"{base}?outcome=timeout&mishaps=4&lives_on_mishap=2", headers=JSON).json == \
        {"points": -3, "score": 0, "target": 10}
    r = board.client.get(f"{base}?outcome=guessed&lives_on_mishap=1", headers=JSON)
    assert r.status_code == 409 and "undo an Ignorance spend" in r.json["error"]
    r = board.client.get(f"{base}?outcome=guessed&mishaps=999", headers=JSON)
    assert r.status_code == 400 and "between 0 and" in r.json["error"]
    part = board.client.get(f"{base}?outcome=guessed&confidence=1&as=board", headers={"HX-Request": "true"})
    assert part.status_code == 200 and 'class="cc-points">+3<' in part.get_data(as_text=True)
    r = board.client.get(f"/t/{board.code}/preview/new_needs", headers=JSON)
    assert r.status_code == 400 and "no preview" in r.json["error"]
    assert board.view()["score"] == 0 and board.view()["in_round"]   # previews change nothing
    r = board.act("resolve", outcome="nope", expect=400)
    assert "Outcome must be one of" in r.json["error"]
    ann.act("resolve", outcome="guessed", confidence="1")
    for phone in (board, ann, bob, cy):
        v = phone.view()
        assert v["score"] == 3 and v["lives"] == 6 and v["round"] == 1 and not v["in_round"]
        assert v["history"][0]["cat"] == "Ann" and v["history"][0]["points"] == 3
    assert board.view()["cat"]["name"] == "Bob"          # the Cat passes to the left
    r = board.act("timer_start", expect=409)
    assert "New Needs" in r.json["error"]
    # undo the mis-tapped resolve: the round is back, score 0
    board.client.post(f"/t/{board.code}/undo", data={"version": board.view()["version"], "as": "board"})
    assert board.view()["score"] == 0 and board.view()["in_round"]
    assert "secret" not in bob.view()


def test_versus_over_http_each_cat_sees_only_its_team_need(new_table, device):
    board = new_table("communicat", mode="versus")
    a, b, c, d = [device(board).join(n) for n in ("Ann", "Bob", "Cy", "Di")]
    board.act("new_needs")
    secret = secret_of(board)
    assert a.view()["secret"] == {"blue": cc.NEEDS[secret["blue"]]}
    assert b.view()["secret"] == {"orange": cc.NEEDS[secret["orange"]]}
    for owner in (c, d, board):
        assert "secret" not in owner.view()
        assert "cc-mark" not in owner.html("board" if owner is board else "seat")
    board.act("timer_start")
    board.act("next_team")
    assert board.view()["turn_team"] == "orange"
    r = board.act("spend_life", kind="clarity", expect=409)
    assert "cooperative" in r.json["error"]
    r = board.act("resolve", expect=400)
    assert "which team" in r.json["error"]
    board.act("resolve", team="orange")
    v = c.view()
    assert v["scores"] == {"blue": 0, "orange": 1} and v["first_team"] == "orange"
    assert "Blue" in board.html("board") and "Orange" in board.html("board")


def test_finished_game_and_rematch(new_table, device):
    board = new_table("communicat", target="2")
    device(board).join("Ann")
    board.act("new_needs")
    board.act("resolve", outcome="guessed")
    html = board.html("board")
    assert "You won together" in html and "Rematch" in html
    r = board.act("new_needs", expect=409)
    assert "Rematch" in r.json["error"]
    board.act("rematch")
    assert board.view()["score"] == 0 and board.view()["finished"] is None


# ---- the standalone Needs Generator

def test_needs_page_first_visit_has_no_table_and_three_taps_play(client):
    r = client.get("/needs")
    assert r.status_code == 200 and "New Needs" in r.get_data(as_text=True)
    assert "Set-Cookie" not in r.headers
    r = client.post("/needs/show")
    assert r.status_code == 409 and "New Needs first" in r.get_data(as_text=True)
    r = client.post("/needs/new", data={"difficulty": "easy", "mode": "coop"})
    assert r.status_code == 303
    cookie = r.headers["Set-Cookie"]
    assert "needs_table=" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/needs" in cookie
    page = client.get("/needs").get_data(as_text=True)
    assert page.count('class="cc-need"') == 6 and "is-secret" not in page
    r = client.post("/needs/new", data={"difficulty": "impossible"})
    assert r.status_code == 400 and "Difficulty must be one of" in r.get_data(as_text=True)


def needs_names(html: str) -> list[str]:
    return re.findall(r'<span class="cc-name"[^>]*>([^<]+)</span>', html)


def test_needs_show_hide_leaves_no_trace_and_survives_reload_and_restart(app, tmp_path):
    client = app.test_client()
    client.post("/needs/new", data={"difficulty": "hard", "mode": "coop"})
    hidden = client.get("/needs").get_data(as_text=True)
    names = needs_names(hidden)
    assert len(names) == 10 == len(set(names))
    shown = client.post("/needs/show", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "is-secret" in shown and "Cat's Need" in shown
    secret_name = re.search(r'is-secret[^"]*">\s*<span class="cc-icon"[^>]*>[^<]*</span>\s*<span class="cc-name"[^>]*>([^<]+)', shown).group(1)
    again = client.post("/needs/show", headers={"HX-Request": "true"}).get_data(as_text=True)
    page = client.get("/needs").get_data(as_text=True)
    strip = lambda h: re.sub(r'name="version" value="\d+"', "", h)
    # hidden again: the same page as before it was shown, the secret nowhere but on its own card
    assert strip(page) == strip(hidden)
    assert "is-secret" not in again and page.count(secret_name) == 1
    # a reload keeps the Needs; a server restart too (same database, same cookie)
    assert needs_names(client.get("/needs").get_data(as_text=True)) == names
    restarted_app = create_app({"DATABASE": app.config["DATABASE"], "TESTING": True})
    try:
        restarted = restarted_app.test_client()
        restarted.set_cookie("needs_table", client.get_cookie("needs_table", path="/needs").value, path="/needs")
        assert needs_names(restarted.get("/needs").get_data(as_text=True)) == names
    finally:
        restarted_app.extensions["companion"].hub.close()  # on Redis, its subscriber thread


def test_needs_settings_are_remembered_and_competitive_marks_both_teams(client):
    client.post("/needs/new", data={"difficulty": "easy", "mode": "versus"})
    page = client.get("/needs").get_data(as_text=True)
    assert re.search(r'value="easy"\s+checked', page) and re.search(r'value="versus"\s+checked', page)
    assert len(needs_names(page)) == 6
    seen_same = False
    for _ in range(40):
        client.post("/needs/new", data={})          # no settings sent: the remembered ones stay
        shown = client.post("/needs/show", headers={"HX-Request": "true"}).get_data(as_text=True)
        assert len(needs_names(shown)) == 6
        assert "Blue · Paw" in shown and "Orange · Scratch" in shown
        if "secret-blue secret-orange" in shown:
            assert "Both Cats have the same Need" in shown
            seen_same = True
        client.post("/needs/show")
    assert seen_same


def test_needs_a_cat_never_gets_the_same_need_twice(client):
    last = None
    for _ in range(30):
        client.post("/needs/new", data={"difficulty": "easy", "mode": "coop"})
        shown = client.post("/needs/show", headers={"HX-Request": "true"}).get_data(as_text=True)
        name = re.search(r"Cat's Need: \S+ ([^<]+)</span>", shown).group(1).strip()
        assert name != last
        last = name


def test_home_links_to_the_generator(client):
    assert 'href="/needs"' in client.get("/").get_data(as_text=True)


def test_an_owners_event_stream_says_only_the_version(coop):
    board, (ann, bob, cy) = coop
    board.act("new_needs")
    name = cc.NEEDS[secret_of(board)["cat"]]["name"]
    r = bob.client.get(f"/t/{bob.code}/events", headers={"Last-Event-ID": "0"}, buffered=False)
    chunks = r.response
    first = next(chunks) + next(chunks)
    r.close()
    text = first.decode() if isinstance(first, bytes) else first
    version = bob.view()["version"]
    assert text == f": ok\n\nevent: changed\nid: {version}\ndata: {version}\n\n"
    assert name not in text
