"""The fair-play tables in the docs say, per move, what the registry declares: whether a stale tap is
applied or refused and who may undo it. A move added or re-declared without its docs fails here."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import games

DOCS = Path(__file__).resolve().parents[2] / "docs"


def table_rows(text: str, heading: str) -> list[list[str]]:
    """The cells of the first table under `heading` (a markdown heading line)."""
    section = text.split(heading, 1)[1]
    rows = []
    for line in section.splitlines()[1:]:
        if line.startswith("#"):
            break
        if line.startswith("|") and not re.match(r"^\|\s*-", line):
            rows.append([cell.strip() for cell in line.strip().strip("|").split(" | ")])
    return rows[1:]   # without the header row


def documented(game_id: str) -> dict[str, tuple[str, str]]:
    """move -> (stale tap cell, undo cell)."""
    if game_id == "toolbox":
        rows = table_rows((DOCS / "API.md").read_text(), "\n## Toolbox\n")
        rows = [r for r in rows if len(r) == 4]   # the moves table (the options table has 3 columns)
        cells = [(r[0], r[2], r[3]) for r in rows]
    else:
        rows = table_rows((DOCS / "games" / f"{game_id}.md").read_text(), "## Fair play")
        cells = [(r[0], r[2], r[3]) for r in rows]
    out = {}
    for moves, stale, undo in cells:
        for name in re.findall(r"`([a-z_]+)`", moves):
            out[name] = (stale, undo)
    return out


@pytest.mark.parametrize("entry", [e for e in games.catalogue()], ids=lambda e: e.id)
def test_every_move_is_documented_as_declared(entry):
    docs = documented(entry.id)
    assert set(docs) == set(entry.game.moves), f"docs for {entry.id} list {sorted(docs)}"
    for name, move in entry.game.moves.items():
        stale, undo = docs[name]
        assert stale.startswith({"apply": "applied", "refuse": "refused"}[move.stale]), (name, stale)
        if move.who == "host":
            assert undo.startswith("the host"), (name, undo)
        elif move.reveals is True:
            assert undo.startswith("the host only"), (name, undo)
        elif move.reveals == "draws":
            assert undo.startswith("the host only when"), (name, undo)
        else:
            assert undo.startswith("its maker"), (name, undo)
