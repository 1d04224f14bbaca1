"""Everyone taps at once, in a real browser (issue 15): no tap is lost, and every refusal is seen
where the finger is.

Taps "at the same instant" are scheduled inside each page for one wall-clock moment (every context
runs on this machine's clock), so they really leave together; Playwright's own clicks would go one
after another, each after the last one's answer. The scheduled tap finds its button when it fires,
as a finger would, not when it was scheduled (a live refresh may have morphed the page meanwhile).

1. Six phones and the board add "+1" to one score track at once, for several rounds, the board
   three times in a row each round (htmx's default would send one, keep one and drop the third):
   every tap counts and every screen shows the same total.
2. Four phones save their own Pack the Essentials pads at once, after the board filled in one of
   them over what that phone was typing: all four are saved as typed and shown on the board.
3. Two devices press Next round at once: it happens once, and the slower device reads why inside
   its visible screen (the element's box against the viewport) and hears it in the live region;
   the sentence goes away with the next action. A phone that gets no answer at all says so too.
4. Two app processes on one Redis, or on one SQLite file: the board and two phones on one, three
   phones on the other, tap at once; every tap counts and every screen, whichever process serves
   its stream, agrees.
5. A tap whose page's stream is up is answered 204 with the version alone (over the page's tap
   socket, or by POST): its view comes on the stream and is still swapped in as the answer to that
   tap (the saved form takes the server's values: "007" typed is shown as the 7 saved), while
   another phone keeps what it was typing; a page whose stream died unnoticed fetches the view the
   204 did not bring.

Tests 1 to 3 run on SQLite and on Redis (the `both_backends` mark). A page taps over its tap socket
once it is open (companion/web/tap_socket.py); the tests that hold the taps or read them as POSTs
(3, and the page whose stream died) make their pages tap by POST, as one whose socket cannot open.
"""
from __future__ import annotations

import json
import re
import time
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from companion.games.pack_the_essentials_scoring import pad_lines
from tests.conftest import ServerProcess, code_from_url, join_by_qr, table_opened

pytestmark = [pytest.mark.browser, pytest.mark.both_backends]
TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SLOW = 30_000  # ms: seven browsers on a shared two-core machine; every wait is for a condition


def tap_together(taps: list[tuple], delay_ms: int = 1500) -> None:
    """Schedule every (page, css selector, times) tap for one instant, `times` clicks in a row."""
    at = int(time.time() * 1000) + delay_ms
    for page, selector, times in taps:
        page.evaluate("""([selector, times, at]) => setTimeout(() => {
            for (let i = 0; i < times; i++) document.querySelector(selector).click();
            window.tappedAt = at;
        }, at - Date.now())""", [selector, times, at])
    for page, _selector, _times in taps:   # every tap has left (however long the scheduling took)
        page.wait_for_function("at => window.tappedAt === at", arg=at, timeout=SLOW)


@contextmanager
def sent_together(pages, url_glob: str):
    """While inside: each page's first request to `url_glob` is held in the browser until every page
    has sent one, then all go on together. tap_together aims the taps at one instant, but a loaded
    machine can schedule one page's tap late enough for the other's answer to have reached it first;
    a test of two taps on the same table (one of them refused as stale) holds them with this."""
    held: list = []

    def hold(route):
        held.append(route)
        if len(held) == len(pages):
            for waiting in held:
                waiting.continue_()

    for page in pages:
        page.route(url_glob, hold, times=1)   # its first request only; the route is gone after it
    yield
    deadline = time.monotonic() + SLOW / 1000
    while len(held) < len(pages) and time.monotonic() < deadline:
        # Playwright's own wait, not time.sleep (as wait_until's): a route's handler runs only while
        # Playwright has the thread, so a tap sent after the last call into it was never held.
        pages[0].wait_for_timeout(100)
    assert len(held) == len(pages), f"only {len(held)} of the taps were sent as POSTs"


# A page's tap socket asked at an address the server answers 404, as a proxy that does not pass
# WebSockets answers the handshake: the socket never opens, however often the page tries again.
# (Playwright's route_web_socket with a close would open it first, mocked, and close it after: a tap
# in that moment went over it and was lost, which failed a CI run once.)
NO_TAP_SOCKET = """(() => {
    const RealWebSocket = window.WebSocket;
    window.WebSocket = class extends RealWebSocket {
        constructor(url, protocols) {
            const address = new URL(url, window.location.href);
            if (address.pathname.endsWith('/taps')) address.pathname = '/no-websockets-here';
            super(address, protocols);
        }
    };
})();"""


def tapping_by_post(context):
    """`context`'s pages tap by POST, as a page whose tap socket cannot open does (a proxy that does
    not pass WebSockets): for a test that holds or reads the POSTs themselves. The same taps over
    the socket: tests/browser/test_tap_socket_browser.py, and the tests here that do not hold them."""
    context.add_init_script(NO_TAP_SOCKET)
    return context


def tap_answers(page) -> list[tuple[int, str | None]]:
    """The page's taps' answers as they arrive, (status, X-View-Version), whether by POST or over
    its tap socket (a message with the tap's id)."""
    answers = []

    def on_socket(socket):
        def on_frame(payload):
            answer = json.loads(payload)
            if isinstance(answer, dict) and "id" in answer:
                answers.append((answer["status"], answer["headers"].get("X-View-Version")))
        socket.on("framereceived", on_frame)
    page.on("websocket", on_socket)
    page.on("response", lambda r: answers.append((r.status, r.headers.get("x-view-version")))
            if r.request.method == "POST" else None)
    return answers


def new_toolbox(browser, base_url: str, parts: tuple[str, ...]):
    board = browser.new_context(viewport=TABLET).new_page()
    board.goto(base_url + "/new/toolbox")
    for part in parts:
        board.get_by_label(part, exact=True).check()
    board.get_by_role("button", name="Create the table").click()
    return board, f"{base_url}/t/{table_opened(board)}/join"


def phones_at(browser, join_url: str, names) -> list:
    return [join_by_qr(browser.new_context(viewport=PHONE, has_touch=True), join_url, name) for name in names]


def wait_until(condition, seconds: float = SLOW / 1000):
    """The condition's first truthy value, polled (a condition across several pages)."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


def answer_box(page) -> dict:
    """Where this page's answer to its tap is drawn, and the screen it must be inside."""
    box = page.locator("#flash .flash").bounding_box()
    assert box, "no answer is drawn"
    return {**box, "screen": page.viewport_size}


def inside_screen(box: dict) -> bool:
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= box["screen"]["width"]
            and box["y"] + box["height"] <= box["screen"]["height"])


def test_six_phones_and_the_board_add_points_at_the_same_instant(server, browser):
    board, join_url = new_toolbox(browser, server.url, ("Score track",))
    phones = phones_at(browser, join_url, ("Ann", "Bo", "Cy", "Di", "Eve", "Flo"))
    expect(board.locator(".seat-list li")).to_have_count(6, timeout=SLOW)
    everyone_adds_points_at_once(board, phones, seat=0, name="Ann", board_taps=3)


def everyone_adds_points_at_once(board, phones, seat: int, name: str, board_taps: int) -> None:
    """Three rounds: the board taps `name`'s +1 `board_taps` times in a row and each phone once, all
    at one instant. Every tap counts (nothing refused as stale, nothing dropped), on every screen,
    and every screen ends on the same version with no refusal shown."""
    plus = f'button[title="{name} plus one"]'
    total = 0
    for _round in range(3):
        tap_together([(board, plus, board_taps)] + [(phone, plus, 1) for phone in phones])
        total += board_taps + len(phones)
        expect(board.locator(".track-score").nth(seat)).to_have_text(str(total), timeout=SLOW)
        for phone in phones:
            expect(phone.locator(".track-row").nth(seat)).to_contain_text(str(total), timeout=SLOW)
    screens = [board, *phones]
    for screen in screens:
        expect(screen.locator("#flash")).to_be_hidden()
        assert screen.locator("#view").get_attribute("data-version") == board.locator("#view").get_attribute("data-version")
    for screen in screens:
        screen.context.close()


@pytest.mark.slow
@pytest.mark.parametrize("shared", [pytest.param("redis", marks=pytest.mark.redis), "sqlite"])
def test_phones_on_two_processes_add_points_at_the_same_instant(shared, request, tmp_path, browser):
    if shared == "redis":
        redis_server = request.getfixturevalue("redis_server")
        redis_server.flush()
        database = redis_server.url()
    else:   # one file, each process hearing the other's changes from it (storage/sqlite_hub.py)
        database = str(tmp_path / "tables.db")
    one, other = ServerProcess(database).start(), ServerProcess(database).start()
    try:
        board, join_url = new_toolbox(browser, one.url, ("Score track",))
        phones = phones_at(browser, join_url, ("Ann", "Bo"))
        phones += phones_at(browser, join_url.replace(one.url, other.url), ("Cy", "Di", "Eve"))
        expect(board.locator(".seat-list li")).to_have_count(5, timeout=SLOW)
        everyone_adds_points_at_once(board, phones, seat=2, name="Cy", board_taps=2)
    finally:
        one.kill()
        other.kill()


PAD = dict(todo1=5, todo2=4, todo3=3, cats=2, pack_rats=1, empty_spaces=4, magenta=3, lavender=2, peach=1, mint=0)


def test_phones_save_their_pads_at_the_same_instant(server, browser):
    board = browser.new_context(viewport=TABLET).new_page()
    board.goto(f"{server.url}/new/pack-the-essentials")
    board.check("input[name=mode][value=scorepad]")
    board.get_by_role("button", name="Create the table").click()
    names = ("Ann", "Bo", "Cy", "Di")
    phones = phones_at(browser, f"{server.url}/t/{code_from_url(board.url)}/join", names)
    expect(board.locator(".seat-list li")).to_have_count(4, timeout=SLOW)
    board.get_by_role("button", name=re.compile("Start with")).click()
    # Each phone types its own pad (different totals) without saving yet.
    pads = {name: {**PAD, "todo2": 4 + i} for i, name in enumerate(names)}
    for phone, name in zip(phones, names):
        form = phone.locator(".pte-my-pad form")
        expect(form).to_be_visible(timeout=SLOW)
        for key, value in pads[name].items():
            form.locator(f"input[name={key}]").fill(str(value))
    # Meanwhile the board fills in Di's pad with other numbers: Di's phone gets a live refresh
    # whose pad differs from what Di is typing, and keeps what Di typed.
    entry = board.locator("details.pte-pad-entry", has_text="Di")
    entry.locator("summary").click()
    for key, value in {**PAD, "todo2": 20}.items():
        entry.locator(f"input[name={key}]").fill(str(value))
    entry.get_by_role("button", name="Save Di's score").click()
    di = phones[3]
    expect(di.locator(".pte-status")).to_contain_text("1 of 4", timeout=SLOW)
    typed = di.locator(".pte-my-pad input[type=number]").evaluate_all("els => els.map(e => [e.name, e.value])")
    assert dict(typed) == {key: str(value) for key, value in pads["Di"].items()}

    # Di saves what she typed; then the other three save at the same instant. (Once every pad is in,
    # the game is over and only the host changes its result: a pad saved after that is refused, so
    # Di's own save comes before the last of the others, not in a race with them.)
    di.locator(".pte-my-pad form button[type=submit]").click()
    expect(board.locator(".pte-total-card").filter(has_text="Di").locator(".pte-total-points")).to_have_text(
        str(pad_lines(pads["Di"])["total"]), timeout=SLOW)
    tap_together([(phone, ".pte-my-pad form button[type=submit]", 1) for phone in phones[:3]])
    totals = board.locator(".pte-total-card")
    for name in names:
        expect(totals.filter(has_text=name).locator(".pte-total-points")).to_have_text(
            str(pad_lines(pads[name])["total"]), timeout=SLOW)
    expect(board.locator(".pte-total-card.pte-entered")).to_have_count(4)
    for page in (board, *phones):
        expect(page.locator("#flash")).to_be_hidden()
        page.context.close()


# Notes when the page's stream opens: its taps name its tab only then.
STREAM_OPENED = "document.addEventListener('htmx:sse:after:connection', () => { window.streamOpened = true; })"


def test_a_tap_answered_by_its_own_stream_is_swapped_in_as_its_answer(server, browser):
    board = browser.new_context(viewport=TABLET).new_page()
    board.goto(f"{server.url}/new/pack-the-essentials")
    board.check("input[name=mode][value=scorepad]")
    board.get_by_role("button", name="Create the table").click()
    join_url = f"{server.url}/t/{code_from_url(board.url)}/join"
    phones = []
    for name in ("Ann", "Bo"):
        context = browser.new_context(viewport=PHONE, has_touch=True)
        context.add_init_script(STREAM_OPENED)
        phones.append(join_by_qr(context, join_url, name))
    ann, bo = phones
    answers = tap_answers(ann)
    ann.reload()   # its tap socket opens again, now watched (a socket opened before is not seen)
    expect(board.locator(".seat-list li")).to_have_count(2, timeout=SLOW)
    for phone in (ann, bo):
        # each phone's stream is open before the game starts, so the server holds it by then
        phone.wait_for_function("() => window.streamOpened === true", timeout=SLOW)
    board.get_by_role("button", name=re.compile("Start with")).click()
    for phone in (ann, bo):
        expect(phone.locator(".pte-my-pad form")).to_be_visible(timeout=SLOW)
    bo.locator(".pte-my-pad input[name=todo1]").fill("9")   # typed, not saved
    form = ann.locator(".pte-my-pad form")
    for key, value in PAD.items():
        form.locator(f"input[name={key}]").fill(str(value))
    form.locator("input[name=todo1]").fill("007")
    before = int(ann.locator("#view").get_attribute("data-version"))
    form.locator("button[type=submit]").click()
    expect(ann.locator(".pte-my-pad h2 small")).to_contain_text(str(pad_lines({**PAD, "todo1": 7})["total"]),
                                                              timeout=SLOW)
    wait_until(lambda: answers)
    assert answers == [(204, str(before + 1))], answers
    assert int(ann.locator("#view").get_attribute("data-version")) >= before + 1
    # the answer's view, from the stream: the saved form shows what the server saved
    expect(form.locator("input[name=todo1]")).to_have_value("7")
    # Bo's phone took the same change as a live refresh and kept what Bo was typing
    expect(bo.locator(".pte-status")).to_contain_text("1 of 2", timeout=SLOW)
    expect(bo.locator(".pte-my-pad input[name=todo1]")).to_have_value("9")
    for page in (board, ann, bo):
        expect(page.locator("#flash")).to_be_hidden()
        page.context.close()


def test_a_tap_answered_204_whose_view_never_comes_on_the_stream_fetches_it(server, browser):
    """A page whose stream died unnoticed (a phone that slept) still names its tab, and the server,
    whose side of that stream looks open, answers 204: the page fetches its view itself. Played
    with two tabs of one browser: the second's own stream never opens (its request is held), and it
    names the first one's tab, believing its stream up."""
    board, join_url = new_toolbox(browser, server.url, ("Dice",))
    # by POST: the second tab names the first one's tab per tap (X-Tab), where a socket names the
    # tab it opened with
    context = tapping_by_post(browser.new_context(viewport=PHONE, has_touch=True))
    context.add_init_script(STREAM_OPENED)
    first = join_by_qr(context, join_url, "Ann")
    first.wait_for_function("() => window.streamOpened === true", timeout=SLOW)
    second = context.new_page()
    held = []
    second.route(re.compile(r".*/events\?.*"), lambda route: held.append(route))   # never answered: no event, no error
    second.goto(first.url)
    wait_until(lambda: held)
    second.evaluate("""tab => {
        document.getElementById('live').dataset.tab = tab;
        document.dispatchEvent(new CustomEvent('htmx:sse:after:connection'));
    }""", first.locator("#live").get_attribute("data-tab"))
    answers = []
    second.on("response", lambda r: answers.append(r.status) if r.request.method == "POST" else None)
    before = int(second.locator("#view").get_attribute("data-version"))
    second.locator("form[action$='/act/roll'] button").click()
    expect(second.locator("#view")).to_have_attribute("data-version", str(before + 1), timeout=SLOW)
    assert answers == [204], answers
    expect(first.locator("#view")).to_have_attribute("data-version", str(before + 1), timeout=SLOW)
    board.context.close()
    first.context.close()   # and the second tab with it


class TappingByPost:
    """A browser whose every new context taps by POST (tapping_by_post)."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        return tapping_by_post(self._browser.new_context(**options))


def test_two_devices_press_next_round_at_once(server, browser):
    browser = TappingByPost(browser)   # the two taps are held as POSTs until both are sent (sent_together)
    board, join_url = new_toolbox(browser, server.url, ("Timers", "Dice", "Score track", "Counters", "Round tracker"))
    (phone,) = phones_at(browser, join_url, ("Ann",))
    expect(board.locator(".seat-list")).to_contain_text("Ann", timeout=SLOW)
    next_round = "form[action$='/act/round_next'] button"
    for round_now in (1, 2, 3, 4):
        for page in (board, phone):   # each player looks at the bottom of their page, not its top
            page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        with sent_together((board, phone), "**/act/round_next"):   # both made on the same table
            tap_together([(board, next_round, 1), (phone, next_round, 1)])
        for page in (board, phone):
            expect(page.locator(".part.rounds, .part.glance").first).to_contain_text(f"Round {round_now + 1}", timeout=SLOW)
        # Applied once: one device did it, the other reads who did, inside its visible screen.
        answered = wait_until(lambda: [p for p in (board, phone) if p.locator("#flash .flash").is_visible()])
        assert len(answered) == 1, "both devices were refused, or neither applied it once"
        slower, who = (board, "Ann") if board.locator("#flash .flash").count() else (phone, "The board")
        sentence = f"{who} already did “round next”: here is the table as it is now."
        expect(slower.locator("#flash .flash")).to_have_text(sentence)
        box = answer_box(slower)
        assert inside_screen(box), box
        button = slower.locator(next_round).bounding_box()
        overlaps = not (box["y"] >= button["y"] + button["height"] or box["y"] + box["height"] <= button["y"]
                        or box["x"] >= button["x"] + button["width"] or box["x"] + box["width"] <= button["x"])
        assert not overlaps, (box, button)       # beside the button, never over it
        gap = min(abs(box["y"] - (button["y"] + button["height"])), abs(button["y"] - (box["y"] + box["height"])))
        assert gap <= 16, (box, button)          # right where the finger is
        expect(slower.locator("#announcer")).to_contain_text(sentence)
        # It sits beside its button on the page; the next action (up at the top) clears it.
        slower.evaluate("() => window.scrollTo(0, 0)")
        slower.get_by_role("button", name=re.compile("Roll")).click()
        expect(slower.locator("#flash")).to_be_hidden()
    assert board.locator("#flash").is_hidden() and phone.locator("#flash").is_hidden()

    # A tap that gets no answer at all is not silent either.
    phone.context.set_offline(True)
    phone.get_by_role("button", name=re.compile("Roll")).click()
    expect(phone.locator("#flash .flash")).to_contain_text("The companion did not answer", timeout=SLOW)
    assert inside_screen(answer_box(phone))
    phone.context.set_offline(False)
    board.context.close()
    phone.context.close()
