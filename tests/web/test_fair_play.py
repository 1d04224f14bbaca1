"""The losing friend over HTTP (issue #14): every way a player at the table might peek at a secret,
re-roll a die, re-draw a card or act as someone else, tried for every game. Each attempt must fail
with a 4xx sentence or yield nothing new, and the stored table must be exactly as it was."""
from __future__ import annotations

import html
import json
import re

import pytest

pytestmark = pytest.mark.both_backends  # the same tests on SQLite and on Redis (tests/conftest.py)

from companion import create_app, games
from companion.fields import Bool, Choice, ChoiceList, Int, Text, TextList
from companion.games import communicat_rules as cc
from tests.conftest import DE, HTMX, JSON, bring_into_play

ALL_PARTS = ["timers", "dice", "bag", "deck", "track", "counters", "rounds", "picker"]


# ---- reading the table behind the app's back, to prove nothing changed

def tables(app):
    return app.extensions["companion"]


def stored(app, code: str) -> dict:
    """The whole stored table as plain data: version, state (with the random source), seats and the
    newest events. Two equal results mean no request in between changed anything."""
    with tables(app).store.read() as tx:
        row = tx.get_table(code)
        seats = [(s.seat_id, s.name, s.token_hash) for s in tx.seats(code)]
        events = [(e.version, e.kind, e.move) for e in tx.history(code, 50)]
    return {"version": row.version, "state": json.dumps(row.state, sort_keys=True), "seats": seats, "events": events}


def undo(phone, role: str):
    return phone.post("undo", role)


def is_sentence(text: str) -> bool:
    return isinstance(text, str) and len(text) > 15 and text.rstrip()[-1] in ".!?:" and "Traceback" not in text


def page_text(phone, role: str) -> str:
    return html.unescape(phone.html(role))


def seat_id(phone) -> int:
    return phone.view()["seat"]


# ---- every game at a point where its moves mean something

def seated(new_table, device, game: str, names=("Ann", "Bob"), **options):
    board = new_table(game, **options)
    phones = {name: device(board).join(name) for name in names}
    return board, phones


def table_in_play(new_table, device, game: str):
    """(host's board, {name: phone}) for a game under way, so most moves would do something: as the
    game's registry entry brings it into play (Game.in_play)."""
    return bring_into_play(new_table, device, game)


def sample_fields(move, seat: int) -> dict:
    """Plausible, well-formed values for every field of a move (a seat where a number may be one),
    so a refusal is about who asks, not about what was typed."""
    out = {}
    for name, spec in move.fields.items():
        if isinstance(spec, Int):
            out[name] = str(max(spec.min if spec.min is not None else 0, min(seat, spec.max if spec.max is not None else seat)))
        elif isinstance(spec, Choice):
            out[name] = spec.choices[0]
        elif isinstance(spec, ChoiceList):
            out[name] = list(spec.choices[:max(1, spec.min_items)])
        elif isinstance(spec, Bool):
            out[name] = "1"
        elif isinstance(spec, (Text, TextList)):
            out[name] = str(seat)
        else:  # pragma: no cover - a new field type: teach this helper
            raise AssertionError(f"unknown field type {spec!r}")
    return out


EVERY_MOVE = [(entry.id, name) for entry in games.catalogue() for name in entry.game.moves]


def test_the_registry_is_fully_covered():
    """Every built game has a table_in_play recipe and a move list: a new move is tried automatically."""
    built = [e.id for e in games.catalogue()]
    assert built and {g for g, _ in EVERY_MOVE} == set(built)
    assert len(EVERY_MOVE) >= 40


@pytest.mark.parametrize("game,move_name", EVERY_MOVE)
def test_no_phone_or_watcher_can_act_as_the_board(app, new_table, device, game, move_name):
    board, phones = table_in_play(new_table, device, game)
    move = games.get(game).moves[move_name]
    ann = phones["Ann"]
    fields = sample_fields(move, seat_id(ann))
    before = stored(app, board.code)
    watcher = device(board)   # opened the board's address: no cookie at all
    for screen, who in ((watcher, "a screen without a cookie"), (ann, "a seat's phone saying as=board")):
        r = screen.post(f"act/{move_name}", "board", before["version"], **fields)
        assert r.status_code == 403, (who, r.status_code, r.json)
        assert is_sentence(r.json["error"]), r.json
        # htmx and plain forms get the same refusal, never a change
        r = screen.post(f"act/{move_name}", "board", before["version"], headers=HTMX, **fields)
        assert r.status_code == 403
        assert stored(app, board.code) == before, who
    if move.who == "host":
        # a seat asking as itself is not the host either
        r = ann.post(f"act/{move_name}", "seat", before["version"], **fields)
        assert r.status_code == 403 and is_sentence(r.json["error"])
        assert stored(app, board.code) == before
    if move.who != "seat":
        # The control: the host's screen sending the very same request is not refused for who it
        # is (the rules may still say no), so the 403s above came from the missing credential.
        r = board.post(f"act/{move_name}", "board", before["version"], **fields)
        assert r.status_code != 403, r.json


def test_a_watching_board_page_shows_no_controls_and_a_paired_one_does(app, new_table, device, board_screen):
    board, _phones = table_in_play(new_table, device, "toolbox")
    watcher = device(board)
    page = watcher.client.get(f"/t/{board.code}").get_data(as_text=True)
    assert 'class="view view-board watching"' in page
    assert "This screen watches the table" in html.unescape(page)
    paired = board_screen(board)
    page = paired.client.get(f"/t/{board.code}").get_data(as_text=True)
    assert "watching" not in page.split('id="view"', 1)[1].split(">", 1)[0]
    paired.act("roll", as_="board")      # the paired screen acts as the board
    before = stored(app, board.code)
    r = watcher.post("undo", "board", before["version"])
    assert r.status_code == 403 and "only watches" in r.json["error"]
    assert stored(app, board.code) == before
    # a pairing link works once: a second screen opening it watches
    host_page = board.client.get(f"/t/{board.code}/screens").get_data(as_text=True)
    assert "/pair/" in host_page
    assert watcher.client.get(f"/t/{board.code}/screens").status_code == 403   # only the host gets one


def test_a_pairing_link_works_once_and_the_host_can_take_boards_back(app, new_table, device):
    board, _phones = table_in_play(new_table, device, "toolbox")
    page = board.client.get(f"/t/{board.code}/screens").get_data(as_text=True)
    link = re.search(r'href="https?://[^/"]+(/t/[A-Z0-9]{6}/pair/[^"]+)"', page).group(1)
    first, second = device(board), device(board)
    assert first.client.get(link).status_code == 303
    before = stored(app, board.code)
    r = second.client.get(link)
    assert r.status_code == 403 and "used up" in r.get_data(as_text=True)
    assert second.client.get(f"/t/{board.code}/pair/forged-token").status_code == 403
    assert stored(app, board.code) == before
    assert second.post("act/roll", "board", before["version"]).status_code == 403
    assert stored(app, board.code) == before
    assert first.post("act/roll", "board", before["version"]).status_code == 200
    # a paired screen cannot forget the others, nor answer a seat's request as the host would
    r = first.post("screens/forget", "board", 0)
    assert r.status_code == 403
    r = board.post("screens/forget", "board", 0)
    assert r.status_code == 200
    r = first.post("act/roll", "board", board.view()["version"])
    assert r.status_code == 403
    assert "took the board away" in page_text(first, "board")


# ---- CommuniCat: the secret a one-device group asked the board to show

@pytest.mark.parametrize("mode,names", [("coop", ("Ann", "Bob")), ("versus", ("Ann", "Bob", "Cy", "Di"))])
def test_a_board_without_the_credential_never_gets_the_shown_need(app, new_table, device, board_screen, mode, names):
    board, phones = seated(new_table, device, "communicat", mode=mode, names=names)
    board.act("new_needs")
    # the Cats hold it on their phones: shown to everyone only when confirmed, one team's at a time
    board.act("show_need", confirm="1", **({"team": "blue"} if mode == "versus" else {}))
    with tables(app).store.read() as tx:
        secret = {role: cc.NEEDS[need] for role, need in tx.get_table(board.code).state["round"]["secret"].items()
                  if role in ("cat", "blue")}
    # the host's board and a paired board show it (that is what the host asked for)
    for screen in (board, board_screen(board)):
        assert screen.view()["secret"] == secret
        assert "is-secret" in screen.html("board")
    watcher = device(board)
    guesser = phones["Cy"] if mode == "versus" else phones["Bob"]
    for who in (watcher, guesser):   # a screen that opened the address; a guesser's phone
        assert "secret" not in who.view() and "same_need" not in who.view()
        for url in (f"/t/{board.code}", f"/t/{board.code}/view?as=board"):
            text = who.client.get(url).get_data(as_text=True)
            assert "is-secret" not in text and "cc-mark" not in text and "cc-reveal" not in text
        r = who.client.get(f"/t/{board.code}/events", headers={"Last-Event-ID": "0"}, buffered=False)
        first = next(r.response) + next(r.response)
        r.close()
        text = first.decode() if isinstance(first, bytes) else first
        version = board.view()["version"]
        assert text == f": ok\n\nevent: changed\nid: {version}\ndata: {version}\n\n"
    # the watcher cannot press "Show Cat Need" either, nor ask the rules what a resolve would score
    before = stored(app, board.code)
    r = watcher.post("act/show_need", "board", before["version"])
    assert r.status_code == 403 and stored(app, board.code) == before
    r = watcher.client.get(f"/t/{board.code}/preview/resolve?as=board&outcome=guessed", headers=JSON)
    assert r.status_code == 403 and is_sentence(r.json["error"])
    # (the host is not refused for who it is: coop gets the points, versus the rules' 400)
    assert board.client.get(f"/t/{board.code}/preview/resolve?as=board&outcome=guessed", headers=JSON).status_code == (200 if mode == "coop" else 400)


def test_resolving_a_round_shows_its_need_so_only_the_host_takes_it_back(app, new_table, device):
    """A guesser who resolves the round on purpose reads the Need in the history; undoing it would
    bring the round back with the answer known."""
    board, phones = seated(new_table, device, "communicat", mode="coop", names=("Ann", "Bob"))
    board.act("new_needs")
    bob = phones["Bob"]           # Ann is the Cat: Bob guesses
    assert bob.view()["my_role"] == "owner"
    with tables(app).store.read() as tx:
        secret = cc.NEEDS[tx.get_table(board.code).state["round"]["secret"]["cat"]]["name"]
    bob.act("resolve", outcome="timeout")
    assert bob.view()["history"][0]["needs"] == [secret]
    before = stored(app, board.code)
    r = undo(bob, "seat")
    assert r.status_code == 403 and "showed something hidden" in r.json["error"]
    assert stored(app, board.code) == before
    assert undo(board, "board").status_code == 200
    assert bob.view()["in_round"] and "took back" in page_text(bob, "seat")


# ---- Pack the Essentials: the face-down Cat Lady tokens

def test_a_cat_lady_flip_is_not_taken_back_by_the_player_who_saw_it(app, new_table, device):
    """Bo holds the suitcase token and drafts just before the Cat Lady: if he could take back his
    flip and then his draft, he would draft again knowing which tile she takes."""
    board, phones = seated(new_table, device, "pack-the-essentials", names=("Ann", "Bo", "Cy"))
    ann, bo, cy = phones["Ann"], phones["Bo"], phones["Cy"]
    board.act("start", first=seat_id(bo))
    bo.act("choose_position", position=1)
    cy.act("choose_position", position=3)
    ann.act("choose_position", position=4)
    assert [p["kind"] for p in board.view()["positions"]] == ["player", "cat_lady", "player", "player"]
    bo.act("draft", tile=1)
    bo.act("cat_lady_flip")
    flipped = board.view()["tiles"]
    before = stored(app, board.code)
    for phone in (bo, ann):
        r = undo(phone, "seat")
        assert r.status_code == 403 and is_sentence(r.json["error"]), r.json
    assert stored(app, board.code) == before
    # the host may; the token that comes up again is the same one
    assert undo(board, "board").status_code == 200
    bo.act("cat_lady_flip")
    assert board.view()["tiles"] == flipped
    assert "The host took back Bo's “cat lady flip”." in page_text(cy, "seat")


# ---- Cloaked Cats: play, look, undo

CAT = ["strutting_beauty", "fish_cocktail", "black_coat"]


def test_cloaked_cats_a_seat_cannot_take_back_a_cat_card_or_a_guess(app, new_table, device):
    board, phones = table_in_play(new_table, device, "cloaked-cats")
    by_seat = {seat_id(p): (name, p) for name, p in phones.items()}
    name, me = by_seat[board.view()["turn"]["seat"]]
    me.act("play_cat", features=CAT)
    before = stored(app, board.code)
    r = undo(me, "seat")
    assert r.status_code == 403 and "Only the host can take this back" in r.json["error"]
    r = undo(me, "board")   # the phone claiming to be the board
    assert r.status_code == 403 and is_sentence(r.json["error"])
    assert stored(app, board.code) == before
    # the guess: its answer has been seen
    view = board.view()
    assert view["turn"]["step"] == "guess", view["turn"]
    target = next(sid for sid in by_seat if sid != seat_id(me))
    me.act("guess", target=target, feature="top_hat")
    before = stored(app, board.code)
    for phone in phones.values():
        r = undo(phone, "seat")
        assert r.status_code == 403 and is_sentence(r.json["error"])
    assert stored(app, board.code) == before
    # the host may, and every screen's log says who took back whose move
    assert undo(board, "board").status_code == 200
    assert undo(board, "board").status_code == 200
    assert board.view()["cats"] == []
    line_guess = f"The host took back {name}'s “guess”."
    line_cat = f"The host took back {name}'s “play cat”."
    for who, role in ((board, "board"), (device(board), "board"), *((p, "seat") for p in phones.values())):
        text = page_text(who, role)
        assert line_guess in text and line_cat in text, role


def test_cloaked_cats_ending_ones_turn_is_ones_own_to_take_back(app, new_table, device):
    """The control: a move that showed nothing stays its player's to undo (and only theirs)."""
    board, phones = table_in_play(new_table, device, "cloaked-cats")
    by_seat = {seat_id(p): p for p in phones.values()}
    me = by_seat[board.view()["turn"]["seat"]]
    me.act("play_cat", features=CAT)
    me.act("end_turn")
    before = stored(app, board.code)
    for other in (p for p in phones.values() if p is not me):
        r = undo(other, "seat")
        assert r.status_code == 403 and "only your own last action" in r.json["error"]
    assert stored(app, board.code) == before
    assert undo(me, "seat").status_code == 200
    assert board.view()["turn"]["step"] == "guess"


# ---- We Love Cats: no fishing for dice or cats

DRAWING_FACES = {"adopt", "swap"}


def test_we_love_cats_undo_and_roll_again_rolls_the_same(app, new_table, device):
    board, phones = table_in_play(new_table, device, "we-love-cats")
    ann = phones["Ann"]
    ann.act("roll")
    first = [d["face"] for d in ann.view()["dice"]]
    for _ in range(3):
        assert undo(ann, "seat").status_code == 200
        ann.act("roll")
        assert [d["face"] for d in ann.view()["dice"]] == first
    # nor can another phone roll or undo on Ann's behalf
    before = stored(app, board.code)
    assert phones["Bob"].post("act/roll", "seat", before["version"]).status_code == 409
    assert undo(phones["Bob"], "seat").status_code == 403
    assert stored(app, board.code) == before
    text = page_text(phones["Bob"], "seat")
    assert "Ann took back their own “roll”." in text
    german = html.unescape(phones["Bob"].client.get(f"/t/{board.code}/view?as=seat", headers=DE).get_data(as_text=True))
    assert "Ann hat den eigenen Zug „Würfeln“ zurückgenommen." in german


def test_we_love_cats_a_draw_from_the_bag_is_not_redrawn(app, new_table, device):
    """A result that takes a cat out of the bag showed which cat was next: Ann cannot take it back,
    and when the host does, doing it again brings the same cat out."""
    for _attempt in range(30):
        board, phones = table_in_play(new_table, device, "we-love-cats")
        ann = phones["Ann"]
        ann.act("roll")
        dice = ann.view()["dice"]
        index = next((i for i, d in enumerate(dice) if d["face"] == "adopt"), None)
        if index is not None:
            break
    else:  # pragma: no cover - (2/3)^60 odds
        pytest.fail("no Adopt in 30 rolls")
    def hand():
        return next(p for p in ann.view()["players"] if p["is_me"])["by_color"]
    held = hand()
    ann.act("resolve", die=index)
    drawn = hand()
    assert drawn != held
    before = stored(app, board.code)
    r = undo(ann, "seat")
    assert r.status_code == 403 and "showed something hidden" in r.json["error"]
    assert stored(app, board.code) == before
    assert undo(board, "board").status_code == 200
    assert hand() == held
    ann.act("resolve", die=index)
    assert hand() == drawn
    assert "The host took back Ann's “resolve”." in page_text(ann, "seat")


# ---- Toolbox: dice, bag, deck

def test_toolbox_rolls_and_draws_come_out_the_same_after_undo(app, new_table, device):
    board, phones = table_in_play(new_table, device, "toolbox")
    ann, bob = phones["Ann"], phones["Bob"]
    ann.act("roll")
    dice = ann.view()["dice"]["last"]
    for _ in range(3):
        assert undo(ann, "seat").status_code == 200
        ann.act("roll")
        assert ann.view()["dice"]["last"] == dice
    for move, read in (("bag_draw", lambda v: v["bag"]["last"]), ("deck_draw", lambda v: v["deck"]["shown"])):
        ann.act(move)
        seen = read(ann.view())
        before = stored(app, board.code)
        assert undo(ann, "seat").status_code == 403
        assert undo(bob, "seat").status_code == 403
        assert stored(app, board.code) == before
        assert undo(board, "board").status_code == 200
        ann.act(move)
        assert read(ann.view()) == seen, move
    text = page_text(bob, "seat")
    assert "The host took back Ann's “bag draw”." in text and "The host took back Ann's “deck draw”." in text


def test_toolbox_a_watcher_cannot_undo_a_board_move(app, new_table, device, board_screen):
    board, phones = table_in_play(new_table, device, "toolbox")
    paired = board_screen(board)
    paired.act("count", as_="board", counter_index=0, delta=-1)
    before = stored(app, board.code)
    for phone in (device(board), phones["Ann"]):
        for role in ("board", "seat"):
            r = undo(phone, role)
            assert r.status_code == 403 and is_sentence(r.json["error"]), (role, r.json)
    assert stored(app, board.code) == before
    assert undo(paired, "board").status_code == 200   # the board's own move: a board may take it back


def test_two_phones_pressing_next_round_advance_it_once_and_say_who(app, new_table, device):
    board, phones = table_in_play(new_table, device, "toolbox")
    ann, bob = phones["Ann"], phones["Bob"]
    seen = bob.view()["version"]
    ann.act("round_next")
    before = stored(app, board.code)
    r = bob.post("act/round_next", "seat", seen)
    assert r.status_code == 409 and r.json["error"] == "Ann already did “round next”: here is the table as it is now."
    assert stored(app, board.code) == before
    # a move that does not depend on what Bob saw is applied to the table as it is now
    r = bob.post("act/count", "seat", seen, counter_index=0, delta=1)
    assert r.status_code == 200


def test_a_quick_double_tap_on_a_flow_move_counts_once_and_says_so(app, new_table, device):
    """The same phone pressing Next round twice before the first answer came back: the second tap
    is told its first one counted, not that someone else was quicker."""
    board, phones = table_in_play(new_table, device, "toolbox")
    ann = phones["Ann"]
    seen = ann.view()["version"]
    assert ann.post("act/round_next", "seat", seen).status_code == 200
    before = stored(app, board.code)
    r = ann.post("act/round_next", "seat", seen)
    assert r.status_code == 409 and r.json["error"] == (
        "Your first tap already did “round next”: here is the table as it is now.")
    assert stored(app, board.code) == before


# ---- a seat moves only with consent

def claim(app, board, name: str = "Ann"):
    """A new phone asks for `name`'s seat; returns the phone."""
    from tests.conftest import TableClient
    phone = TableClient(app, board.code)
    r = phone.client.post(f"/t/{board.code}/join", data={"name": name, "reclaim": "1"})
    assert r.status_code == 303 and r.headers["Location"].endswith("/join?waiting=1"), r.headers.get("Location")
    return phone


def test_a_seat_does_not_move_until_its_phone_allows_it(app, new_table, device):
    board, phones = table_in_play(new_table, device, "toolbox")
    ann, bob = phones["Ann"], phones["Bob"]
    before = stored(app, board.code)
    thief = claim(app, board)
    after = stored(app, board.code)
    assert after["seats"] == before["seats"] and after["state"] == before["state"]   # nothing moved
    assert after["events"][0][1] == "claim"
    # the thief is not at the table: no seat page, no moves, no view as Ann
    assert thief.client.get(f"/t/{board.code}/seat").status_code == 303
    assert thief.view()["seat"] is None
    r = thief.post("act/roll", "seat", after["version"])
    assert r.status_code == 403 and is_sentence(r.json["error"])
    r = thief.post("act/roll", "board", after["version"])
    assert r.status_code == 403
    page = html.unescape(thief.client.get(f"/t/{board.code}/join?waiting=1").get_data(as_text=True))
    assert "Waiting: <strong>Ann</strong>'s phone is asked" in page and 'http-equiv="refresh"' in page
    # only Ann's phone is asked; Bob and a watcher see no question and cannot answer it
    assert "Someone wants to take your seat on another phone: allow?" in page_text(ann, "seat")
    assert "wants to take your seat" not in page_text(bob, "seat")
    watcher = device(board)
    assert "asks for Ann's seat (" not in page_text(watcher, "board")
    assert "A phone asks for Ann's seat (" in page_text(board, "board")   # the host is told
    seat_ann = seat_id(ann)
    for screen, role in ((bob, "seat"), (bob, "board"), (watcher, "board"), (thief, "seat"), (thief, "board")):
        for answer in ("allow", "refuse"):
            r = screen.post( f"claims/{seat_ann}/{answer}", role, stored(app, board.code)["version"])
            assert r.status_code == 403 and is_sentence(r.json["error"]), (role, answer, r.json)
    assert stored(app, board.code) == after
    # Ann refuses: she keeps her seat, the thief reads that nobody let it in
    assert ann.post(f"claims/{seat_ann}/refuse", "seat", stored(app, board.code)["version"]).status_code == 200
    assert ann.view()["seat"] == seat_ann
    ann.act("roll")
    page = html.unescape(thief.client.get(f"/t/{board.code}/join?waiting=1").get_data(as_text=True))
    assert "Nobody let this phone take that seat" in page
    assert ann.post(f"claims/{seat_ann}/allow", "seat", stored(app, board.code)["version"]).status_code == 409  # nothing asked
    for who, role in ((board, "board"), (bob, "seat"), (watcher, "board")):
        assert "A phone's request for Ann's seat was refused." in page_text(who, role)


def test_a_seat_moves_when_its_phone_allows_and_the_old_phone_is_told(app, new_table, device):
    board, phones = table_in_play(new_table, device, "toolbox")
    ann, bob = phones["Ann"], phones["Bob"]
    seat_ann = seat_id(ann)
    new_phone = device(board)
    r = new_phone.client.post(f"/t/{board.code}/join", data={"name": "ann", "reclaim": "1"}, headers=JSON)
    assert r.status_code == 202 and r.json == {"seat": seat_ann, "name": "Ann", "waiting": True}
    assert ann.post(f"claims/{seat_ann}/allow", "seat", stored(app, board.code)["version"]).status_code == 200
    r = new_phone.client.get(f"/t/{board.code}/join?waiting=1")
    assert r.status_code == 303 and r.headers["Location"].endswith("/seat")
    assert new_phone.view()["seat"] == seat_ann
    before = stored(app, board.code)
    r = ann.post("act/roll", "seat", before["version"])
    assert r.status_code == 403 and "Your seat moved to another phone at " in r.json["error"]
    assert "if that was not you, tell the host" in r.json["error"]
    r = ann.client.get(f"/t/{board.code}/seat")
    assert r.status_code == 403 and "Your seat moved to another phone at" in html.unescape(r.get_data(as_text=True))
    assert stored(app, board.code) == before
    assert [s["name"] for s in board.view()["seats"]] == list(phones)
    for who, role in ((board, "board"), (bob, "seat"), (new_phone, "seat")):
        assert "Ann's seat moved to another phone, with that phone's consent." in page_text(who, role)


def test_the_host_approves_when_the_seats_phone_is_gone(app, new_table, device):
    board, phones = table_in_play(new_table, device, "toolbox")
    seat_ann = seat_id(phones["Ann"])
    new_phone = claim(app, board)
    r = board.post(f"claims/{seat_ann}/allow", "board", stored(app, board.code)["version"])
    assert r.status_code == 200
    assert new_phone.view()["seat"] == seat_ann
    assert "The host moved Ann's seat to another phone." in page_text(phones["Bob"], "seat")


def test_a_request_for_a_seat_runs_out_after_ten_minutes(app, new_table, device):
    board, phones = table_in_play(new_table, device, "toolbox")
    ann = phones["Ann"]
    now = [tables(app).clock()]
    tables(app).clock = lambda: now[0]
    thief = claim(app, board)
    assert "wants to take your seat" in page_text(ann, "seat")
    now[0] += 10 * 60 + 1
    assert "wants to take your seat" not in page_text(ann, "seat")
    assert "asks for Ann's seat (" not in page_text(board, "board")
    before = stored(app, board.code)
    for screen, role in ((ann, "seat"), (board, "board")):
        r = screen.post(f"claims/{seat_id(ann)}/allow", role, stored(app, board.code)["version"])
        assert r.status_code == 409 and r.json["error"] == "Nobody is asking for that seat any more."
    assert stored(app, board.code) == before
    assert thief.view()["seat"] is None
    page = html.unescape(thief.client.get(f"/t/{board.code}/join?waiting=1").get_data(as_text=True))
    assert "Nobody let this phone take that seat (or the request ran out)" in page
    assert 'http-equiv="refresh"' not in page


def test_an_allow_meant_for_one_request_does_not_let_a_later_one_in(app, new_table, device):
    """Ann's new phone asks; the host refuses it on the board while Ann's old phone still shows the
    question, and another phone asks for her seat. Her Allow was to the request she saw: it must
    not hand the seat to the later one."""
    board, phones = table_in_play(new_table, device, "toolbox")
    ann = phones["Ann"]
    mine = claim(app, board)
    seen = ann.view()["version"]           # Ann's phone shows the question now
    assert board.post(f"claims/{seat_id(ann)}/refuse", "board", board.view()["version"]).status_code == 200
    thief = claim(app, board)
    before = stored(app, board.code)
    r = ann.post(f"claims/{seat_id(ann)}/allow", "seat", seen)
    assert r.status_code == 409 and r.json["error"].startswith("Another phone asked for that seat since")
    assert stored(app, board.code) == before
    assert thief.view()["seat"] is None and mine.view()["seat"] is None
    # looking again, Ann sees a request she did not expect and refuses it
    assert ann.post(f"claims/{seat_id(ann)}/refuse", "seat", ann.view()["version"]).status_code == 200
    assert thief.view()["seat"] is None and ann.view()["seat"] is not None


def test_one_request_waits_for_a_seat_at_a_time(app, new_table, device):
    """While one phone's request for Ann's seat waits, a second phone's is refused with a sentence
    and files nothing (no new version, no line in every screen's log); the first phone asking again
    is told it is still waiting. Fifty phones without a cookie cannot flood the log."""
    board, phones = table_in_play(new_table, device, "toolbox")
    ann = phones["Ann"]
    mine = claim(app, board)
    before = stored(app, board.code)
    for _ in range(5):
        from tests.conftest import TableClient
        other = TableClient(app, board.code)
        r = other.client.post(f"/t/{board.code}/join", data={"name": "Ann", "reclaim": "1"}, headers=JSON)
        assert r.status_code in (400, 409) and "already asking for Ann's seat" in r.json["error"], r.data
    again = mine.client.post(f"/t/{board.code}/join", data={"name": "Ann", "reclaim": "1"})
    assert again.status_code == 303 and again.headers["Location"].endswith("/join?waiting=1")
    assert stored(app, board.code) == before
    anns = seat_id(ann)
    assert ann.post(f"claims/{anns}/allow", "seat", ann.view()["version"]).status_code == 200
    assert mine.view()["seat"] == anns and ann.view()["seat"] is None


def test_a_device_asks_for_a_few_seats_a_minute_at_most(app, new_table, device):
    app.config["CLAIMS_PER_MINUTE"] = 3
    board, phones = table_in_play(new_table, device, "toolbox")
    from tests.conftest import TableClient
    asker = TableClient(app, board.code)
    answers = [asker.client.post(f"/t/{board.code}/join", data={"name": name, "reclaim": "1"}, headers=JSON).status_code
               for name in ("Ann", "Bob", "Ann", "Bob")]
    assert answers[3] == 429 and 429 not in answers[:3]


def test_a_host_who_also_plays_is_a_player_on_their_own_seat_page(app, new_table, device):
    """The host often joins from the phone that created the table. On its seat page that phone is a
    player: it may not take back its own draw there (a free look that the log would call Hal's own
    undo), nor answer a request for someone else's seat as if it were its own."""
    board, phones = table_in_play(new_table, device, "toolbox")
    host_phone = board.join("Hal")           # the host's own client takes a seat too
    host_phone.act("bag_draw", as_="seat")
    before = stored(app, board.code)
    r = undo(host_phone, "seat")
    assert r.status_code == 403 and "Only the host can take this back" in r.json["error"]
    assert stored(app, board.code) == before
    seat_page = page_text(host_phone, "seat")
    assert "Undo" not in seat_page.split('class="seat-footer"', 1)[1].split("</footer>", 1)[0]
    # from the board the host may, and every screen reads that the host did it
    assert undo(host_phone, "board").status_code == 200
    assert "The host took back Hal's “bag draw”." in page_text(phones["Ann"], "seat")
    # a request for Bob's seat is not put to the host's seat page as "your seat"
    claim(app, board, "Bob")
    assert "Someone wants to take your seat" not in page_text(host_phone, "seat")
    assert "A phone asks for Bob's seat (" in page_text(host_phone, "board")
    bob = seat_id(phones["Bob"])
    before = stored(app, board.code)
    r = host_phone.post(f"claims/{bob}/allow", "seat", before["version"])
    assert r.status_code == 403 and stored(app, board.code) == before
    assert host_phone.post(f"claims/{bob}/refuse", "board", before["version"]).status_code == 200


# ---- names people can tell apart

def test_an_emoji_keyboards_invisible_selector_is_dropped_not_refused(app, new_table, device):
    board, _phones = table_in_play(new_table, device, "toolbox")
    phone = device(board)
    r = phone.client.post(f"/t/{board.code}/join", data={"name": "Cy \u2764\ufe0f"}, headers=JSON)
    assert r.status_code == 200 and r.json["name"] == "Cy \u2764"


@pytest.mark.parametrize("name,status,says", [
    ("\u0410nn", 409, "Ann is already at this table."),       # Cyrillic А
    ("\uff21nn", 409, "Ann is already at this table."),       # full-width Ａ
    ("ANN", 409, "Ann is already at this table."),
    ("Ann\u200b", 400, "invisible or direction-changing"),    # zero-width space after
    ("\u200b", 400, "invisible or direction-changing"),       # nothing but a zero-width space
    ("\u202eAnn", 400, "invisible or direction-changing"),    # right-to-left override first
    ("A\u2066nn", 400, "invisible or direction-changing"),    # a direction isolate inside
    ("\u3000", 400, "Name is missing."),                      # an ideographic space only
    # characters that draw nothing without being format characters: dropped, so still Ann
    ("Ann\ufe0f", 409, "Ann is already at this table."),      # a variation selector
    ("Ann\u034f", 409, "Ann is already at this table."),      # the combining grapheme joiner
    ("Ann\u3164", 409, "Ann is already at this table."),      # a Hangul filler
    ("Ann\u2800", 409, "Ann is already at this table."),      # the Braille blank
    ("\u3164\u3164", 400, "at least one letter or digit"),    # fillers alone: no name at all
    ("\u115f", 400, "at least one letter or digit"),
    ("\U000e0100", 400, "at least one letter or digit"),
])
def test_lookalike_names_are_refused_or_the_same_ann(app, new_table, device, name, status, says):
    board, _phones = table_in_play(new_table, device, "toolbox")
    before = stored(app, board.code)
    phone = device(board)
    r = phone.client.post(f"/t/{board.code}/join", data={"name": name}, headers=JSON)
    assert r.status_code == status and says in r.json["error"], r.json
    assert stored(app, board.code) == before
    if status == 409:
        # asking for "that's me" is a request Ann's phone must allow, not a seat
        r = phone.client.post(f"/t/{board.code}/join", data={"name": name, "reclaim": "1"}, headers=JSON)
        assert r.status_code == 202 and r.json["name"] == "Ann"
        assert stored(app, board.code)["seats"] == before["seats"]


# ---- the Needs Generator's cookie opens only its own table

def cookie_of(client, name: str, path: str) -> str:
    return client.get_cookie(name, path=path).value


def test_the_needs_cookie_never_opens_another_table(app, new_table, device):
    board, _phones = seated(new_table, device, "communicat", mode="coop")
    board.act("new_needs")
    laid_out = [n["name"] for n in board.view()["needs"]]
    host_token = cookie_of(board.client, f"host_{board.code}", f"/t/{board.code}")
    before = stored(app, board.code)
    for value in (board.code, f"{board.code}.", f"{board.code}.{host_token}", f"{board.code}.forged-token-1234",
                  f"{board.code.lower()}.{host_token}", f".{host_token}"):
        visitor = app.test_client()
        visitor.set_cookie("needs_table", value, path="/needs")
        # "Show Cat Need" with it finds no generator: nothing shown, nothing changed at the table
        r = visitor.post("/needs/show", data={}, headers={"HX-Request": "true"})
        assert r.status_code == 409 and "Press New Needs first." in r.get_data(as_text=True)
        assert stored(app, board.code) == before, value
        page = html.unescape(visitor.get("/needs").get_data(as_text=True))
        assert not any(name in page for name in laid_out), value
        # pressing New Needs makes the visitor a generator of its own, never deals at that table
        r = visitor.post("/needs/new", data={})
        assert r.status_code == 303
        assert stored(app, board.code) == before, value
        own = cookie_of(visitor, "needs_table", "/needs")
        assert not own.startswith(board.code), value
    # a standalone generator's own table is not joinable through /t/<code>: its code stays its own
    assert board.view()["needs"] and stored(app, board.code) == before


def test_bad_needs_cookies_count_against_the_lookup_limit(tmp_path, backend, request):
    database = request.getfixturevalue("database")
    app = create_app({"DATABASE": database, "TESTING": True})   # the default: 30 unknown codes a minute
    held = []
    app.extensions["refusal_hold"].sleep = held.append   # noted, not slept through
    try:
        c = app.test_client()
        statuses = []
        for i in range(300):
            c.set_cookie("needs_table", f"ABCDE{'FGHJK'[i % 5]}.guess{i}", path="/needs")
            statuses.append(c.get("/needs").status_code)
        assert set(statuses[:30]) == {200}
        assert set(statuses[30:]) == {429}
        assert len(held) == 270   # each refusal held back first
        page = c.get("/needs").get_data(as_text=True)
        assert "Too many" in page
        assert c.get("/t/ABCDEF").status_code == 429   # the same allowance as table codes
    finally:
        tables(app).hub.close()


# ---- the server's own names, and the two former 500s

def test_a_host_header_that_is_not_this_server_is_refused(tmp_path, backend, request):
    from app import trusted_hosts
    database = request.getfixturevalue("database")
    app = create_app({"DATABASE": database, "TESTING": True,
                      "TRUSTED_HOSTS": trusted_hosts("http://192.168.1.20:8750", "cats.example.org")})
    try:
        c = app.test_client()
        for host in ("localhost", "127.0.0.1:8750", "192.168.1.20:8750", "cats.example.org"):
            assert c.get("/", headers={"Host": host}).status_code == 200, host
        for host in ("evil.example", "192.168.1.20.evil.example", "localhost.evil.example", "cats.example.org.evil"):
            r = c.get("/", headers={"Host": host})
            assert r.status_code == 400 and "does not answer to that address" in r.get_data(as_text=True), host
            # a page elsewhere pointing its name here cannot create a table either
            r = c.post("/tables", data={"game": "toolbox", "parts": ["dice"]}, headers={"Host": host})
            assert r.status_code == 400 and "Set-Cookie" not in r.headers
        with tables(app).store.read() as tx:
            assert tx.idle_tables(10**12) == []
    finally:
        tables(app).hub.close()


def test_a_newline_in_the_language_return_address_is_a_sentence(client):
    for target in ("/%0d%0aSet-Cookie:%20x=1", "/t/ABCDEF%0aX", "/%7f"):
        r = client.get(f"/lang/de?next={target}")
        assert r.status_code == 400 and "not valid" in r.get_data(as_text=True)
        assert "Set-Cookie" not in r.headers
    assert client.get("/lang/de?next=/needs").status_code == 303


def test_unreadable_bytes_in_an_address_are_a_sentence(client, new_table):
    board = new_table("toolbox", parts=["dice"])
    for path in ("/", f"/t/{board.code}", "/needs", f"/t/{board.code}/view.json", "/lang/de"):
        r = client.get(path, environ_overrides={"QUERY_STRING": "next=\xff\xfe"})  # raw bytes, as WSGI passes them
        assert r.status_code == 400 and "cannot read" in r.get_data(as_text=True), path
    before = stored(client.application, board.code)
    r = board.client.post(f"/t/{board.code}/act/roll", data={"version": before["version"], "as": "board"},
                          environ_overrides={"QUERY_STRING": "as=\xff"})
    assert r.status_code == 400 and "cannot read" in r.get_data(as_text=True)
    assert stored(client.application, board.code) == before


# ---- the host removes a seat

def test_only_the_host_removes_a_seat_and_never_a_player_mid_game(app, new_table, device):
    board, phones = table_in_play(new_table, device, "cloaked-cats")
    bob = phones["Bob"]
    before = stored(app, board.code)
    for screen, role in ((phones["Ann"], "seat"), (phones["Ann"], "board"), (device(board), "board")):
        r = screen.post(f"seats/{seat_id(bob)}/remove", role, before["version"])
        assert r.status_code == 403 and is_sentence(r.json["error"])
    r = board.post(f"seats/{seat_id(bob)}/remove", "board", before["version"])
    assert r.status_code == 409 and "is playing this game" in r.json["error"]
    assert stored(app, board.code) == before

    toolbox, tphones = table_in_play(new_table, device, "toolbox")
    tbob = tphones["Bob"]
    r = toolbox.post(f"seats/{seat_id(tbob)}/remove", "board", toolbox.view()["version"])
    assert r.status_code == 200
    assert [s["name"] for s in toolbox.view()["seats"]] == [n for n in tphones if n != "Bob"]
    r = tbob.post("act/roll", "seat", toolbox.view()["version"])
    assert r.status_code == 403 and "The host removed your seat at " in r.json["error"]
    assert "The host removed Bob's seat." in page_text(tphones["Ann"], "seat")
