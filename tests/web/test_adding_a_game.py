"""Adding a game is its own files and nothing else (docs/ARCHITECTURE.md, "Adding a game"): a copy of
the project gets a tiny game (its module, its template folder, its stylesheet, its docs page), no
other file is touched, and the home page lists it, a table of it plays over HTTP, and the cross-game
tests (fair play, page weight, fuzzing) take it up from its registry entry."""
from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

TINY_GAME = '''
"""Coin flip: one coin for the table, heads or tails, and a tally of heads per seat."""
from ..errors import RuleError
from ..fields import Choice
from .base import Ctx, Game, InPlay, Move


def setup(options, ctx: Ctx) -> dict:
    return {"coin": None, "heads": {}}


def flip(state, ctx: Ctx):
    state["coin"] = ctx.rng.choice(["heads", "tails"])
    if state["coin"] == "heads" and ctx.seat is not None:
        key = str(ctx.seat.id)
        state["heads"][key] = state["heads"].get(key, 0) + 1


def call(state, ctx: Ctx, side):
    if state["coin"] is None:
        raise RuleError("Flip the coin first.")


def view(state, ctx: Ctx) -> dict:
    return {"coin": state["coin"], "heads": [{"name": s.name, "heads": state["heads"].get(str(s.id), 0)}
                                             for s in ctx.seats]}


GAME = Game(
    id="coin-flip",
    title="Coin flip",
    blurb="One coin for the table.",
    players="any",
    setup=setup,
    moves={"flip": Move(flip, stale="apply", reveals="draws"),
           "call": Move(call, {"side": Choice(label="side", choices=("heads", "tails"))}, "seat",
                        stale="apply", reveals=False)},
    view=view,
    order=50,
    in_play=InPlay(seats=("Ann", "Bob"), moves=(("flip", {}),)),
)
'''

TEMPLATES = {
    "new.html": "<p>{{ _('Nothing to set up.') }}</p>\n",
    "board.html": "<p class=\"coin\" data-far>{{ view.coin or '—' }}</p>\n{{ ui.act('flip', 'Flip') }}\n",
    "seat.html": "<p class=\"coin\">{{ view.coin or '—' }}</p>\n{{ ui.act('flip', 'Flip') }}\n",
}

PLAY = textwrap.dedent('''
    import json, sys
    from companion import create_app, games
    app = create_app({"DATABASE": sys.argv[1], "TESTING": True})
    client = app.test_client()
    assert "Coin flip" in client.get("/").get_data(as_text=True)
    r = client.post("/tables", data={"game": "coin-flip"})
    code = r.headers["Location"].rsplit("/", 1)[-1]
    ann = app.test_client()
    assert ann.post(f"/t/{code}/join", data={"name": "Ann"}).status_code == 303
    v = ann.get(f"/t/{code}/view.json").json
    r = ann.post(f"/t/{code}/act/flip", data={"version": v["version"], "as": "seat"}, headers={"Accept": "application/json"})
    assert r.status_code == 200, r.data
    seat_page = ann.get(f"/t/{code}/seat").get_data(as_text=True)
    assert "coin-flip.css" in seat_page and ann.get(f"/t/{code}/view.json").json["coin"] in seat_page
    print(json.dumps([e.id for e in games.catalogue()]))
''')


@pytest.mark.slow
def test_a_tiny_game_is_added_by_its_own_files_alone(tmp_path):
    copy = tmp_path / "project"
    for name in ("companion", "templates", "static", "decks", "translations", "tests"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("app.py", "pytest.ini", "babel.cfg"):
        shutil.copy(ROOT / name, copy / name)
    before = {p.relative_to(copy) for p in copy.rglob("*") if p.is_file()}

    # The game's own files, and nothing else.
    (copy / "companion/games/coin_flip.py").write_text(TINY_GAME)
    folder = copy / "templates/games/coin-flip"
    folder.mkdir()
    for name, text in TEMPLATES.items():
        (folder / name).write_text(text)
    (copy / "static/css/games/coin-flip.css").write_text(".coin { font-size: 3rem; }\n")
    (copy / "docs/games").mkdir(parents=True)
    (copy / "docs/games/coin-flip.md").write_text("# Coin flip\n")
    after = {p.relative_to(copy) for p in copy.rglob("*") if p.is_file()}
    assert after - before == {Path("companion/games/coin_flip.py"), Path("static/css/games/coin-flip.css"),
                              Path("docs/games/coin-flip.md"),
                              *(Path("templates/games/coin-flip") / name for name in TEMPLATES)}

    played = subprocess.run([sys.executable, "-c", PLAY, str(tmp_path / "coin.db")], cwd=copy,
                            capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr[-3000:]
    assert "coin-flip" in played.stdout

    # The cross-game tests find it in the registry and try it like every other game.
    crossed = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                              "-k", "coin-flip and not redis", "tests/web/test_fair_play.py",
                              "tests/web/test_page_weight_web.py", "tests/web/test_fuzz_moves.py"],
                             cwd=copy, capture_output=True, text=True, timeout=600)
    assert crossed.returncode == 0, crossed.stdout[-4000:]
    passed = int(crossed.stdout.strip().splitlines()[-1].split(" passed")[0].split()[-1])
    assert passed >= 5, crossed.stdout[-2000:]
