"""We Love Cats through HTTP: the moves, their refusals with sentences, who may act, the pages."""
from __future__ import annotations

import random

import pytest

pytestmark = pytest.mark.both_backends  # the same tests on SQLite and on Redis (tests/conftest.py)


@pytest.fixture
def cats(new_table, device):
    """A table with Ann, Bob and Cy seated (in that order) and not started: (board, {name: phone})."""
    board = new_table("we-love-cats")
    phones = {name: device(board).join(name) for name in ("Ann", "Bob", "Cy")}
    return board, phones


def seat_id(phone) -> int:
    return phone.view()["seat"]


def current_phone(board, phones):
    turn = board.view()["turn"]["seat_id"]
    return next(p for p in phones.values() if seat_id(p) == turn)


def play_one_step(board, phones, rng: random.Random, via_board: bool = False):
    """Do one legal thing for the current player (roll or resolve a die), from their phone or the board."""
    v = board.view()
    actor = board if via_board else current_phone(board, phones)
    if v["phase"] == "roll":
        return actor.act("roll")
    me = next(p for p in v["players"] if p["is_turn"])
    die = rng.choice([d["index"] for d in v["dice"] if not d["done"]])
    held = [c for c, n in me["by_color"].items() if n > 0]
    fields = {"die": die}
    if v["dice"][die]["needs_color"] and held:
        fields["color"] = rng.choice(held)
    return actor.act("resolve", **fields)


def test_the_game_is_listed_and_its_new_table_page_explains_the_setup(client):
    assert "We Love Cats" in client.get("/").get_data(as_text=True)
    page = client.get("/new/we-love-cats").get_data(as_text=True)
    assert "2 to 9 players" in page and "Create the table" in page


def test_lobby_waits_for_players_and_refuses_to_start_alone(new_table, device):
    board = new_table("we-love-cats")
    assert "Waiting for players: 0 joined" in board.html("board")
    device(board).join("Ann")
    r = board.act("start", expect=409)
    assert r.json["error"] == "We Love Cats needs at least 2 players: scan the QR code to join."


def test_start_deals_three_each_and_the_board_picks_the_first_player(cats):
    board, phones = cats
    bob = seat_id(phones["Bob"])
    html = board.html("board")
    assert "Bob goes first" in html and "Pick at random" in html
    board.act("start", first_seat=bob)
    v = board.view()
    assert v["phase"] == "roll" and v["bag_count"] == 21 and v["turn"]["seat_id"] == bob
    assert [p["name"] for p in v["players"]] == ["Ann", "Bob", "Cy"]
    assert all(sum(p["by_color"].values()) == 3 for p in v["players"])
    assert all(set(p["by_color"]) == {"yellow", "orange", "red", "purple", "blue", "green"} for p in v["players"])
    # Every phone sees the same table and its own cats.
    for name, phone in phones.items():
        pv = phone.view()
        assert pv["bag_count"] == 21 and pv["turn"]["name"] == "Bob" and pv["me"]["total"] == 3
    r = board.act("start", expect=409)
    assert r.json["error"] == "The game has already started."


def test_start_refuses_an_unknown_first_player_and_a_bad_number(cats):
    board, _phones = cats
    assert board.act("start", first_seat=999, expect=400).json["error"] == "That player has not joined this table."
    assert "whole number" in board.act("start", first_seat="Ann", expect=400).json["error"]


def test_a_phone_may_start_and_go_first(cats):
    board, phones = cats
    phones["Cy"].act("start", first_seat=seat_id(phones["Cy"]))
    assert board.view()["turn"]["name"] == "Cy"


def test_only_the_current_phone_or_the_board_may_act(cats):
    board, phones = cats
    board.act("start", first_seat=seat_id(phones["Ann"]))
    r = phones["Bob"].act("roll", expect=409)
    assert r.json["error"] == "It is Ann's turn, not yours."
    assert "Roll the dice" not in phones["Bob"].html("seat")
    assert "Roll the dice" in phones["Ann"].html("seat")
    assert "Roll the dice" in board.html("board")  # a group on one tablet can play from the board
    phones["Ann"].act("roll")
    v = phones["Cy"].view()
    assert v["phase"] == "resolve" and len(v["dice"]) == 2 and v["dice_by"] == "Ann"
    assert v["choices"] == [] and not v["may_act"]
    assert phones["Ann"].act("roll", expect=409).json["error"] == "The dice are rolled: resolve both results first."
    # The board resolves a die for Ann.
    ann_cats = [c for c, n in board.view()["players"][0]["by_color"].items() if n]
    board.act("resolve", die=0, **({"color": ann_cats[0]} if v["dice"][0]["needs_color"] else {}))
    assert board.view()["dice"][0]["done"]


def test_resolve_fields_are_bounded_and_explained(cats):
    board, phones = cats
    board.act("start", first_seat=seat_id(phones["Ann"]))
    ann = phones["Ann"]
    assert ann.act("resolve", die=0, expect=409).json["error"] == "Roll the dice first."
    ann.act("roll")
    assert ann.act("resolve", die=2, expect=400).json["error"] == "Die must be between 0 and 1."
    assert ann.act("resolve", expect=400).json["error"] == "Die is missing."
    r = ann.act("resolve", die=0, color="pink", expect=400)
    assert r.json["error"].startswith("Colour must be one of: yellow, orange, red, purple, blue, green")
    v = ann.view()
    colour_die = next((d for d in v["dice"] if d["needs_color"]), None)
    if colour_die:  # a colour result without a colour, and with a colour Ann does not hold
        r = ann.act("resolve", die=colour_die["index"], expect=400)
        assert r.json["error"] == f"Choose which colour of cat to {colour_die['verb']}."
        mine = next(p for p in v["players"] if p["is_me"])["by_color"]
        missing = next(c for c, n in mine.items() if n == 0)
        r = ann.act("resolve", die=colour_die["index"], color=missing, expect=409)
        assert r.json["error"].startswith("You have no ")
    assert ann.view()["dice"] == v["dice"]  # nothing was half-applied


def test_a_stale_tap_is_refused_or_rechecked_by_what_the_move_depends_on(cats):
    board, phones = cats
    old = board.view()["version"]
    board.act("start", first_seat=seat_id(phones["Ann"]))
    # Dealing depends on the table the player saw: a second Start from an old screen is refused.
    r = board.client.post(f"/t/{board.code}/act/start", data={"version": old, "as": "board"},
                          headers={"Accept": "application/json"})
    assert r.status_code == 409 and r.json["version"] == old + 1 and "already did “start”" in r.json["error"]
    # A roll depends on nothing Ann saw: from her old screen it is applied, with the rules checked
    # again, so a second roll in the same turn is the rules' refusal, not "someone was quicker".
    ann = phones["Ann"]
    seen = ann.view()["version"]
    r = ann.client.post(f"/t/{board.code}/act/roll", data={"version": seen, "as": "seat"},
                        headers={"Accept": "application/json"})
    assert r.status_code == 200
    r = ann.client.post(f"/t/{board.code}/act/roll", data={"version": seen, "as": "seat"},
                        headers={"Accept": "application/json"})
    assert r.status_code == 409 and "changed the table" not in r.json["error"]


DRAWING_FACES = {"adopt", "swap"}   # results that take a cat out of the bag


def test_undo_of_a_mis_tap_puts_the_cats_back_and_a_draw_only_the_host_takes_back(cats):
    board, phones = cats
    board.act("start", first_seat=seat_id(phones["Ann"]))
    ann = phones["Ann"]
    ann.act("roll")
    before = ann.view()
    index = next((i for i, d in enumerate(before["dice"]) if d["face"] not in DRAWING_FACES), 0)
    die = before["dice"][index]
    held = [c for c, n in next(p for p in before["players"] if p["is_me"])["by_color"].items() if n]
    ann.act("resolve", die=index, **({"color": held[0]} if die["needs_color"] else {}))
    assert ann.view()["players"] != before["players"] or ann.view()["dice"] != before["dice"]
    r = ann.client.post(f"/t/{ann.code}/undo", data={"version": ann.view()["version"], "as": "seat"},
                        headers={"Accept": "application/json"})
    if die["face"] in DRAWING_FACES:
        # The cat that came out of the bag was seen: taking it back would show the next cat for free.
        assert r.status_code == 403 and "showed something hidden" in r.json["error"]
        r = board.client.post(f"/t/{ann.code}/undo", data={"version": board.view()["version"], "as": "board"},
                              headers={"Accept": "application/json"})
    assert r.status_code == 200
    after = ann.view()
    assert after["players"] == before["players"] and after["dice"] == before["dice"]
    assert after["bag_count"] == before["bag_count"]


def test_undoing_a_roll_and_rolling_again_rolls_the_same(cats):
    """Fishing for a better roll is pointless: the table's random source is undone with the roll."""
    board, phones = cats
    board.act("start", first_seat=seat_id(phones["Ann"]))
    ann = phones["Ann"]
    ann.act("roll")
    first = [d["face"] for d in ann.view()["dice"]]
    for _ in range(5):
        r = ann.client.post(f"/t/{ann.code}/undo", data={"version": ann.view()["version"], "as": "seat"},
                            headers={"Accept": "application/json"})
        assert r.status_code == 200
        ann.act("roll")
        assert [d["face"] for d in ann.view()["dice"]] == first
    assert "took back" in board.html()   # every undo is in the log on every screen


def test_the_resolve_page_offers_one_button_per_colour_held(cats):
    board, phones = cats
    board.act("start", first_seat=seat_id(phones["Ann"]))
    ann = phones["Ann"]
    for _ in range(40):  # roll until a colour result shows up (5 in 6 faces per die)
        ann.act("roll")
        v = ann.view()
        if any(d["needs_color"] for d in v["dice"]):
            break
        ann.act("resolve", die=0)
        ann.act("resolve", die=1)
        ann = current_phone(board, phones)
    html = ann.html("seat")
    choice = next(c for c in ann.view()["choices"] if c["needs_color"])
    for token in choice["colors"]:
        assert f'aria-label="{choice["label"]}: {token["name"]}"' in html
    assert "Which cat will you" in html


def test_a_whole_game_over_http_ends_with_winners_on_every_screen_then_a_rematch(cats, device):
    board, phones = cats
    board.act("start")
    late = device(board).join("Dee")
    assert "You joined after the deal" in late.html("seat")
    assert late.act("roll", expect=409).json["error"] == "You joined after the deal: you will be dealt in at the rematch."
    rng = random.Random(7)
    for step in range(3000):
        v = board.view()
        if v["phase"] == "over":
            break
        play_one_step(board, phones, rng, via_board=step % 3 == 0)
        v = board.view()
        assert v["bag_count"] + sum(sum(p["by_color"].values()) for p in v["players"]) == 30
    else:
        pytest.fail("the game did not end")
    winners = [w["name"] for w in v["winners"]]
    assert winners and v["turn"] is None
    for screen in (board.html("board"), phones["Ann"].html("seat"), late.html("seat")):
        assert "🏆" in screen and winners[0] in screen
    assert phones["Ann"].act("roll", expect=409).json["error"] == "This game is over: start a rematch to play again."
    late.act("rematch", first_seat=seat_id(late))
    v = board.view()
    assert [p["name"] for p in v["players"]] == ["Ann", "Bob", "Cy", "Dee"]
    assert v["bag_count"] == 18 and v["turn"]["name"] == "Dee" and v["winners"] == []


def test_the_bag_inside_reaches_no_screen(app, cats):
    """Which colours are left in the bag shows on no screen, however a view would name them: with one
    token moved from one colour to another inside the stored bag (the same count), every screen's
    view is what it was."""
    board, phones = cats
    board.act("start")

    def screens() -> list[dict]:
        return [{k: v for k, v in device.view().items() if k != "version"} for device in (board, phones["Ann"])]
    before = screens()

    def recolour_one_token(tx):
        row = tx.get_table(board.code)
        state = row.state
        inside = state["bag"]["contents"]
        taken = next(colour for colour, n in sorted(inside.items()) if n > 0)
        given = next(colour for colour in sorted(inside) if colour != taken)
        inside[taken] -= 1
        inside[given] += 1
        tx.save_state(board.code, state, row.version + 1, row.updated_at)   # a new version: nothing cached
        return dict(inside)
    inside = app.extensions["companion"].store.transact(recolour_one_token)
    assert board.view()["version"] > 0 and screens() == before
    assert sum(inside.values()) == before[0]["bag_count"]


def test_moves_from_another_game_and_bad_roles_are_refused(cats):
    board, _phones = cats
    assert board.act("bag_draw", expect=400).json["error"] == "We Love Cats has no move called 'bag_draw'."


def test_a_refused_tap_from_a_phone_shows_the_sentence_in_its_page(cats):
    board, phones = cats
    board.act("start", first_seat=seat_id(phones["Ann"]))
    bob = phones["Bob"]
    r = bob.client.post(f"/t/{bob.code}/act/roll", data={"version": bob.view()["version"], "as": "seat"},
                        headers={"HX-Request": "true"})
    assert r.status_code == 409
    html = r.get_data(as_text=True)
    assert "It is Ann&#39;s turn, not yours." in html and "data-answer" in html
    assert bob.view()["phase"] == "roll"


def test_view_json_has_the_documented_keys_for_the_board_and_a_seat(cats):
    board, phones = cats
    board.act("start")
    keys = {"phase", "colors", "players", "bag_count", "tokens_total", "dice", "dice_by", "roll_id", "turn",
            "winners", "win_reason", "last_pass", "log", "watchers", "min_players", "max_players", "may_act",
            "choices", "me"}
    assert keys <= set(board.view()) and board.view()["me"] is None
    seat = phones["Cy"].view()
    assert keys <= set(seat) and set(seat["me"]) == {"in_game", "is_turn", "tokens", "total"}
    assert set(seat["players"][0]) == {"id", "name", "by_color", "tokens", "total", "colors_held",
                                       "is_turn", "is_winner", "is_me"}


def test_nine_players_play_and_ten_are_told_the_player_limit(new_table, device):
    """Issue #17: 9 players take 27 of the 30 cats and leave 3 in the bag, so 9 may play; a 10th
    seat (30 dealt, none left) is told the limit on the board and in the refusal."""
    board = new_table("we-love-cats")
    for i in range(9):
        device(board).join(f"Player {i + 1}")
    html = board.html("board")
    assert "2 to 9 players" in html and "have joined, and We Love Cats" not in html
    board.act("start")
    view = board.view()
    assert len(view["players"]) == 9 and view["bag_count"] == 3
    assert board.html("board").count('<li class="wlc-player') == 9
    board = new_table("we-love-cats")
    for i in range(10):
        device(board).join(f"Player {i + 1}")
    assert "10 have joined, and We Love Cats is for 2 to 9 players." in board.html("board")
    assert board.act("start", expect=409).json["error"] == "We Love Cats is for 2 to 9 players, and 10 have joined."
