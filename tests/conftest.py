"""Shared fixtures: a Flask app on a temporary database, a test client that acts like htmx or JSON,
and (for browser tests) a real server process started with `python app.py` on 127.0.0.1."""
from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import flask
import flask.templating
import jinja2
import pytest
from hypothesis import HealthCheck, settings

# No timing in pass/fail tests: machines here are shared and noisy (speed lives in bench/).
settings.register_profile("companion", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("companion")

ROOT = Path(__file__).resolve().parent.parent

from companion import create_app  # noqa: E402  (found through pytest.ini's pythonpath)


class TemplateCode(jinja2.BytecodeCache):
    """Compiled templates kept in memory for the test process. Every test makes an app of its own, and
    every app a Jinja environment of its own that compiled each template it rendered again: over half
    of the fast tier's time (test_fair_play.py: 39 of 68 s under cProfile). Jinja checks each entry
    against its template's source, so a changed template is compiled anew. Only the tests' own apps
    use it: the servers they start (python app.py) compile as they always do."""

    def __init__(self):
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


class SharedCodeEnvironment(flask.templating.Environment):
    """Flask's Jinja environment (Flask.jinja_environment, the class Flask makes it from), with the
    test process's compiled templates."""
    template_code = TemplateCode()

    def __init__(self, app, **options):
        super().__init__(app, **options)
        self.bytecode_cache = self.template_code


flask.Flask.jinja_environment = SharedCodeEnvironment

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
# The browser tests run headless in Chromium's headless shell when it is installed (Debian's
# chromium-headless-shell, the same Chromium version and Blink; what Playwright itself runs for
# headless Chromium): the full browser in headless mode spent about twice the CPU for the same pages
# (a browser test file: 78 s of CPU in 51 s against 36 s in 32 s), and the machine's two cores are
# what the suite waits for. Without it, the full Chromium. A window of its own (--headed, and the
# standalone test's --app window) needs the full Chromium.
HEADLESS_CHROMIUM = shutil.which("chromium-headless-shell") or CHROMIUM
REDIS_SERVER = shutil.which("redis-server")
try:
    import redis as redis_py
except ImportError:  # pragma: no cover - requirements.txt lists it
    redis_py = None


# ---- backends: SQLite always; Redis for tests marked `both_backends` (the same tests, parametrised)

BACKENDS = ["sqlite", pytest.param("redis", marks=pytest.mark.redis)]


def pytest_generate_tests(metafunc):
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker("both_backends"):
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def backend(request) -> str:
    return getattr(request, "param", "sqlite")


class RedisServer:
    """A throwaway redis-server on 127.0.0.1 and a free port, its files in a temporary folder.
    appendonly + appendfsync everysec, as docs/DEPLOY.md recommends: each write reaches the AOF file (the
    operating system) before Redis replies, so killing redis-server itself loses nothing acknowledged."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self, attempts: int = 3) -> "RedisServer":
        """Starts redis-server and returns once it answers. As ServerProcess.start: on another port
        when its port was taken meanwhile, and the server answering must be this process (a
        restart keeps the port it had)."""
        for attempt in range(attempts):
            if attempt:
                self.port = free_port()
            self.proc = subprocess.Popen(
                [REDIS_SERVER, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.folder),
                 "--save", "", "--appendonly", "yes", "--appendfsync", "everysec", "--daemonize", "no",
                 "--logfile", str(self.folder / "redis.log")],
                stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
            client = redis_py.Redis(port=self.port, socket_connect_timeout=0.5)
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    log = (self.folder / "redis.log").read_text()
                    if "Address already in use" in log and attempt + 1 < attempts:
                        break
                    raise RuntimeError(f"redis-server exited: {log}")
                try:
                    info = client.info()
                    # the AOF is loaded before PING answers, but say so explicitly for restarts
                    if info.get("process_id") == self.proc.pid and info.get("loading") == 0:
                        client.close()
                        return self
                except redis_py.exceptions.RedisError:
                    pass
                time.sleep(0.05)
            else:
                self.kill()
                raise RuntimeError("redis-server did not start in 20 s")
            client.close()
        raise AssertionError("unreachable: the last attempt returns or raises")

    def flush(self) -> None:
        with redis_py.Redis(port=self.port) as client:
            client.flushall()

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    if not (REDIS_SERVER and redis_py):
        pytest.skip(NO_REDIS)
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.kill()


@pytest.fixture
def database(backend, tmp_path, request) -> str:
    """Where the app keeps its tables: a fresh SQLite file, or the session's Redis emptied."""
    if backend == "redis":
        server = request.getfixturevalue("redis_server")
        server.flush()
        return server.url()
    return str(tmp_path / "test.db")


@pytest.fixture
def app(database):
    # RANDOM_SEED: the same rolls and deals on every run, so a test that fails fails again.
    app = create_app({"DATABASE": database, "TESTING": True, "RANDOM_SEED": 20261122,
                      "LOOKUPS_PER_MINUTE": 1000, "JOINS_PER_MINUTE": 1000, "CLAIMS_PER_MINUTE": 1000,
                      # every test client is 127.0.0.1: property and fuzz runs make thousands of moves
                      "TABLES_PER_MINUTE": 10**6, "MOVES_PER_MINUTE": 10**6, "VIEWS_PER_MINUTE": 10**6})
    yield app
    app.extensions["companion"].hub.close()  # the Redis hub's subscriber thread


@pytest.fixture
def client(app):
    return app.test_client()


# A request's kind and language, as the tests send them (web/answers.py decides the shape by them).
JSON = {"Accept": "application/json"}
HTMX = {"HX-Request": "true"}
DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en-GB,en;q=0.9"}


class TableClient:
    """Drives one table through the HTTP interface as one device (its own cookies)."""

    def __init__(self, app, code: str, client=None):
        self.app = app
        self.code = code
        self.client = client or app.test_client()

    def join(self, name: str) -> "TableClient":
        r = self.client.post(f"/t/{self.code}/join", data={"name": name})
        assert r.status_code == 303, r.data
        return self

    def view(self) -> dict:
        r = self.client.get(f"/t/{self.code}/view.json")
        assert r.status_code == 200
        return r.json

    def post(self, path: str, as_: str | None = None, version: int | None = None, headers: dict | None = None,
             **fields):
        """POST to /t/<code>/<path> (act/<move>, undo, claims/...) as this device, whatever the answer:
        `as_` defaults to its seat when it holds one, else the board; `version` to the table's
        current one (one view.json read for both, none when both are given). As a JSON client, with
        `headers` added (a language; HTMX makes it an htmx tap, which htmx's header decides)."""
        if version is None or as_ is None:
            view = self.view()
            version = view["version"] if version is None else version
            as_ = as_ or ("seat" if view["seat"] is not None else "board")
        return self.client.post(f"/t/{self.code}/{path}", data={"version": version, "as": as_, **fields},
                                headers={**JSON, **(headers or {})})

    def act(self, move: str, as_: str | None = None, expect: int = 200, version: int | None = None,
            headers: dict | None = None, **fields):
        """POST a move as a JSON-speaking client (at the current version unless given; `headers`
        as for post()); asserts the status `expect` and returns the response."""
        r = self.post(f"act/{move}", as_=as_, version=version, headers=headers, **fields)
        assert r.status_code == expect, (r.status_code, r.data)
        return r

    def html(self, role: str = "board") -> str:
        r = self.client.get(f"/t/{self.code}/view?as={role}")
        assert r.status_code == 200
        return r.get_data(as_text=True)


@pytest.fixture
def new_table(app):
    """new_table("toolbox", parts=[...]) -> TableClient for the host's device (holds the host cookie)."""
    def make(game: str, **options) -> TableClient:
        host = app.test_client()
        r = host.post("/tables", data={"game": game, **options})
        assert r.status_code == 303, r.get_data(as_text=True)
        code = r.headers["Location"].rsplit("/", 1)[-1]
        return TableClient(app, code, host)
    return make


def paired_board(app, table: "TableClient") -> "TableClient":
    """Another screen made a board of `table` the way a host does it: the host's screens page shows a
    one-time pairing link (as a QR code), the other screen opens it and gets the board credential."""
    page = table.client.get(f"/t/{table.code}/screens").get_data(as_text=True)
    match = re.search(r'href="https?://[^/"]+(/t/[A-Z0-9]{6}/pair/[^"]+)"', page)
    assert match, page
    screen = TableClient(app, table.code)
    r = screen.client.get(match.group(1))
    assert r.status_code == 303, r.data
    return screen


def bring_into_play(new_table, device, game_id: str) -> tuple["TableClient", dict[str, "TableClient"]]:
    """A table of `game_id` in play the way its registry entry says (Game.in_play): made with its
    options, its people seated, the board's moves made. Returns (the host's board, {name: phone})."""
    from companion import games
    recipe = games.get(game_id).in_play
    board = new_table(game_id, **recipe.options)
    phones = {name: device(board).join(name) for name in recipe.seats}
    seat_ids = {name: phone.view()["seat"] for name, phone in phones.items()}
    for move, fields in recipe.moves:
        board.act(move, as_="board", **recipe.fields(fields, seat_ids))
    return board, phones


@pytest.fixture
def in_play(new_table, device):
    """in_play("catchy") -> (board, {name: phone}): a table of that game in play (bring_into_play)."""
    return lambda game_id: bring_into_play(new_table, device, game_id)


@pytest.fixture
def board_screen(app):
    """board_screen(table) -> a second screen paired as the board by the host."""
    return lambda table: paired_board(app, table)


@pytest.fixture
def group_table(app):
    """group_table() -> (make, code): a group started by one screen (its host), and make(game,
    **options) -> TableClient for a new table of that group, made from that screen (issue 30)."""
    host = app.test_client()
    r = host.post("/groups", data={"name": "Friday cats"})
    assert r.status_code == 303
    code = r.headers["Location"].rsplit("/", 1)[-1]

    def make(game: str, **options) -> TableClient:
        r = host.post("/tables", data={"game": game, "group": code, **options})
        assert r.status_code == 303, r.get_data(as_text=True)
        return TableClient(app, r.headers["Location"].rsplit("/", 1)[-1], host)
    return make


@pytest.fixture
def device(app):
    """device(table) -> a new phone (fresh cookies) at the same table."""
    def make(table: TableClient) -> TableClient:
        return TableClient(app, table.code)
    return make


# ---- a real server for browser and restart tests

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listens_on(pid: int, port: int) -> bool:
    """Whether process `pid` has a socket listening on 127.0.0.1:`port` (Linux: /proc; elsewhere,
    whether anything accepts a connection there)."""
    if not os.path.exists(f"/proc/{pid}/fd"):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            return False
    listening = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:   # 0A: LISTEN
                listening.add(f"socket:[{fields[9]}]")
    try:
        return any(os.readlink(f"/proc/{pid}/fd/{fd}") in listening for fd in os.listdir(f"/proc/{pid}/fd"))
    except OSError:   # the process is gone, or a descriptor closed while being read
        return False


class ServerProcess:
    def __init__(self, db: Path | str, port: int | None = None, env: dict | None = None):
        """`env`: more environment for the server (COMPANION_* settings, e.g. rate limits)."""
        self.db = db
        self.env = env or {}
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self, attempts: int = 3) -> "ServerProcess":
        """Starts app.py and returns once it listens on its port. Tests run in parallel (pytest-xdist,
        and other people's runs on the same machine): a free port may be taken by someone else
        before the server binds it, so a server that cannot listen is started again on another
        port, and the server answering is checked to be this process, not another run's."""
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **self.env}
        for attempt in range(attempts):
            if attempt:
                self.port = free_port()
                self.url = f"http://127.0.0.1:{self.port}"
            self.proc = subprocess.Popen(
                [sys.executable, str(ROOT / "app.py"), "--host", "127.0.0.1", "--port", str(self.port),
                 "--db", str(self.db), "--public-url", self.url],
                cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    output = self.proc.stdout.read().decode()
                    if "Cannot listen" in output and attempt + 1 < attempts:
                        break   # the port was taken meanwhile: another one
                    raise RuntimeError(f"server exited: {output}")
                if listens_on(self.proc.pid, self.port) and self.answers(deadline):
                    return self
                time.sleep(0.05)
            else:
                self.kill()
                raise RuntimeError("server did not start in 30 s")
        raise AssertionError("unreachable: the last attempt returns or raises")

    def answers(self, deadline: float) -> bool:
        """Whether the server answers /healthz before `deadline`: it listens before it has warmed up
        (templates compiled, catalogues loaded), and on a busy machine that takes seconds."""
        try:
            with urllib.request.urlopen(f"{self.url}/healthz", timeout=max(1.0, deadline - time.monotonic())) as r:
                return r.status == 200
        except (OSError, urllib.error.URLError):
            return False

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class HttpDevice:
    """A browser-less client with its own cookie jar."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())

    def request(self, path: str, data: dict | None = None, accept: str = "application/json"):
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body, headers={"Accept": accept})
        try:
            with self.opener.open(req, timeout=30) as resp:   # a busy shared machine, not a hung server
                return resp.status, resp.headers, resp.read()
        except urllib.error.HTTPError as err:
            return err.code, err.headers, err.read()

    def view(self, code: str) -> dict:
        status, _, body = self.request(f"/t/{code}/view.json")
        assert status == 200
        return json.loads(body)

    def join(self, code: str, name: str) -> "HttpDevice":
        status, _, body = self.request(f"/t/{code}/join", {"name": name}, accept="text/html")
        assert status == 303, body
        return self

    def act(self, code: str, move: str, **fields):
        """The move as this device's seat when it holds one, else as the board (which needs the host's
        or a paired screen's cookie)."""
        view = self.view(code)
        data = {"version": view["version"], "as": "seat" if view["seat"] is not None else "board", **fields}
        status, _, body = self.request(f"/t/{code}/act/{move}", data)
        assert status == 200, body
        return json.loads(body)


@pytest.fixture
def seeded_server(tmp_path, monkeypatch):
    """The app's own server process with a fixed random source (COMPANION_RANDOM_SEED -> Tables'
    injectable seeds): the same deals and rolls on every run, for a browser test that waits for a
    moment of a game which chance might not bring before the game ends."""
    monkeypatch.setenv("COMPANION_RANDOM_SEED", "20261123")
    srv = ServerProcess(tmp_path / "seeded.db").start()
    yield srv
    srv.kill()


# Every test's browser and devices come from 127.0.0.1, so on a server shared by a module's tests the
# per-address limits would count all of them together: how many fit in a minute would depend on how
# fast the machine runs the module. No browser test is about those limits (tests/web/ checks them on
# their own apps), so the shared server lifts them.
SHARED_SERVER_ENV = {f"COMPANION_{key}": "100000" for key in (
    "LOOKUPS_PER_MINUTE", "JOINS_PER_MINUTE", "CLAIMS_PER_MINUTE", "TABLES_PER_MINUTE", "VIEWS_PER_MINUTE",
    "MOVES_PER_MINUTE")}


@pytest.fixture(scope="module")
def module_server(tmp_path_factory):
    """One app server (SQLite) for a test module: starting `python app.py` costs a second or more of
    CPU, once per module instead of once per test. Every test makes its own tables (fresh codes) on
    it, so tests do not see each other; a test that needs a fresh process (a fixed random source,
    other settings, a kill) starts its own ServerProcess."""
    srv = ServerProcess(tmp_path_factory.mktemp("server") / "server.db", env=SHARED_SERVER_ENV).start()
    yield srv
    srv.kill()


@pytest.fixture
def server(backend, request):
    """The app's server for a test: on SQLite the module's shared one (module_server); on Redis a
    process of its own on the session's Redis, emptied for this test (the `database` fixture)."""
    if backend == "redis":
        srv = ServerProcess(request.getfixturevalue("database")).start()
        yield srv
        srv.kill()
    else:
        yield request.getfixturevalue("module_server")



# ---- killing a server at the moment that tests what a kill can break

def kill_moments(rng, random_kills: int, during_a_move: int) -> list[str]:
    """The order of a test's kills: some at a random moment, some a few milliseconds into a move's
    request (between its commit and its reply is where an acknowledged move could be lost)."""
    kinds = ["random"] * random_kills + ["during a move"] * during_a_move
    rng.shuffle(kinds)
    return kinds


def wait_for_kill_moment(kind: str, rng, sending) -> None:
    """Returns when it is time to kill: after a random pause, or (`kind` "during a move") a random few
    milliseconds after the player's next move has begun to be sent (`sending`, a threading.Event the
    player sets as it sends), once a few moves have put the game under way."""
    if kind == "random":
        time.sleep(rng.uniform(0.05, 0.3))
        return
    time.sleep(rng.uniform(0.02, 0.1))
    sending.clear()
    assert sending.wait(15), "the player sent no move"
    time.sleep(rng.uniform(0, 0.005))

# ---- Playwright driving the system Chromium (never `playwright install`)

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    headless = browser_type_launch_args.get("headless", True)
    return {**browser_type_launch_args, "executable_path": HEADLESS_CHROMIUM if headless else CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]}


@pytest.fixture(autouse=True)
def closed_contexts(request):
    """Browser tests: every browser context a test opened is closed when it ends. The browser lives
    for the whole worker (pytest-playwright's session `browser`), so a context left open kept its
    pages running (event streams, polls, timers) through every later test, costing CPU and holding
    streams on a server that later tests share."""
    if request.node.get_closest_marker("browser") is None or "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    before = set(browser.contexts)
    yield
    for context in browser.contexts:
        if context not in before:
            context.close()


@pytest.fixture(autouse=True)
def patient_expect(request):
    """Browser tests: every expect() waits up to 15 s for its condition (Playwright's default is 5 s).
    The machine's two cores run browsers, servers and other people's suites at once, and a wait for
    a condition costs nothing more when it is met sooner."""
    if request.node.get_closest_marker("browser") is None:
        yield
        return
    from playwright.sync_api import expect
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


NO_REDIS = ("no redis-server (or no redis package): install it with `sudo apt-get install redis-server` "
            "to run the Redis backend and scale-out tests")


def longest_first(item) -> int:
    """Where a test goes in the run: the slow ones (kill-and-restart, scale-out, property runs) first,
    then the browser tests, then the fast tier. With pytest-xdist (`--dist worksteal`) a worker that
    runs dry takes the not yet started half of another's queue, so what is left at the end is short:
    a long test started last would keep one worker busy while the others wait."""
    if item.get_closest_marker("slow"):
        return 0
    if item.get_closest_marker("browser"):
        return 1
    return 2


def pytest_collection_modifyitems(config, items):
    items.sort(key=longest_first)   # stable: each module's tests stay together and in their order
    if not (REDIS_SERVER and redis_py):
        if os.environ.get("REQUIRE_REDIS") == "1":
            raise pytest.UsageError("REQUIRE_REDIS=1 but redis-server or the redis package is missing "
                                    "(apt-get install redis-server; pip install -r requirements.txt)")
        for item in items:
            if item.get_closest_marker("redis"):
                item.add_marker(pytest.mark.skip(reason=NO_REDIS))
    if CHROMIUM:
        return
    if os.environ.get("REQUIRE_BROWSER") == "1":
        raise pytest.UsageError("REQUIRE_BROWSER=1 but no system Chromium was found (apt-get install chromium)")
    reason = "no system Chromium: install it with `sudo apt-get install chromium` to run browser tests"
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(pytest.mark.skip(reason=reason))


def off_server_requests(page, base_url: str) -> list[str]:
    """Start recording every request that leaves the app's own origin; returns the live list."""
    seen: list[str] = []
    page.on("request", lambda req: seen.append(req.url)
            if not (req.url.startswith(base_url) or req.url.startswith("data:") or req.url.startswith("blob:")) else None)
    return seen


def code_from_url(url: str) -> str:
    match = re.search(r"/t/([A-Z0-9]{6})", url)
    assert match, url
    return match.group(1)


def table_opened(page) -> str:
    """The code of the table `page` has just created, once its board page has a body: the URL
    changes as soon as the response starts, and the body exists only after the head's scripts ran
    (a test that evaluates script on the page needs it)."""
    from playwright.sync_api import expect
    expect(page).to_have_url(re.compile(r"/t/[A-Z0-9]{6}$"))
    page.wait_for_load_state("domcontentloaded")
    return code_from_url(page.url)


SCREENSHOTS = ROOT / "docs" / "screenshots"


def save_screenshot(page, name: str) -> None:
    """README pictures come from the browser tests, so they show what the app really looks like: the
    page at phone and at tablet size, `<name>-phone.png` and `<name>-tablet.png`. Each size is also
    checked to fit its screen (nothing wider than the screen). Files are written only with
    UPDATE_SCREENSHOTS=1, so a normal test run leaves the work tree clean."""
    from tests.browser.layout import PHONE, TABLET, overflow
    before = page.viewport_size
    for size, viewport in (("phone", PHONE), ("tablet", TABLET)):
        page.set_viewport_size(viewport)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        assert overflow(page) == 0, f"{name} is {overflow(page)} px wider than a {size}"
        if os.environ.get("UPDATE_SCREENSHOTS") == "1":
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"))
    page.set_viewport_size(before)


# Counts the event streams a page opened (htmx's SSE extension says so on the document), so a test
# waits for the stream instead of for a while.
STREAMS_OPENED = ("document.addEventListener('htmx:sse:after:connection', "
                  "() => { window.streamsOpened = (window.streamsOpened || 0) + 1; });")


def count_streams(context) -> None:
    """From now on every page of `context` counts the event streams it opened (stream_opened)."""
    context.add_init_script(STREAMS_OPENED)


def stream_opened(page, timeout: float = 15_000) -> None:
    """Waits until `page` (of a context given to count_streams) has its event stream open."""
    page.wait_for_function("() => (window.streamsOpened || 0) > 0", timeout=timeout)


def join_by_qr(context, join_url: str, name: str):
    """A phone opens the URL the QR code holds, types its name and takes a seat: a new page in
    `context`, already on its seat page."""
    from playwright.sync_api import expect
    phone = context.new_page()
    phone.goto(join_url)
    phone.get_by_label("Your name").fill(name)
    phone.get_by_role("button", name="Take a seat").click()
    expect(phone).to_have_url(re.compile(r"/seat$"))
    phone.wait_for_load_state("domcontentloaded")   # its body, not just its URL (see table_opened)
    return phone
