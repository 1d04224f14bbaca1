"""The Toolbox's section as companion/web/toolbox_section.py lays it out from its parts: a phone reads
the glance first and taps the controls below it, in the parts' one order whatever order the host
picked them in, then the log; the board shows each part's state inside its block."""
from __future__ import annotations

import re

import pytest

from tests.conftest import DE

pytestmark = pytest.mark.both_backends


def blocks(html: str) -> list[str]:
    """The section's blocks in the order the page shows them, by their class after "part"."""
    return re.findall(r'<section class="part ([a-z]+)"', html)


def test_a_phone_reads_the_glance_above_the_controls_and_the_board_has_none(new_table, device):
    table = new_table("toolbox", parts=["counters", "rounds", "dice"], counters="Lives: 2", rounds="5")
    ann = device(table).join("Ann")
    ann.act("roll")
    seat = ann.client.get(f"/t/{table.code}/view?as=seat").get_data(as_text=True)
    assert blocks(seat) == ["glance", "dice", "rounds", "counters", "log"]
    glance = seat[seat.index('class="part glance"'):seat.index('class="part dice"')]
    assert 'class="die"' in glance and "Lives" in glance and "Round 1" in glance and "<form" not in glance
    board = table.client.get(f"/t/{table.code}/view?as=board").get_data(as_text=True)
    assert blocks(board) == ["dice", "rounds", "counters", "log"]
    dice = board[board.index('class="part dice"'):board.index('class="part rounds"')]
    assert 'class="die"' in dice and "/act/roll" in dice   # the faces beside the Roll button


def test_the_glance_is_headed_in_the_phones_language(new_table, device):
    table = new_table("toolbox", parts=["dice"])
    ann = device(table).join("Ann")
    german = ann.client.get(f"/t/{table.code}/view?as=seat", headers=DE).get_data(as_text=True)
    english = ann.client.get(f"/t/{table.code}/view?as=seat").get_data(as_text=True)
    assert '<h2 id="glance-title" class="visually-hidden">Der Tisch gerade</h2>' in german
    assert '<h2 id="glance-title" class="visually-hidden">The table now</h2>' in english


def test_a_name_that_spells_html_reaches_the_section_as_text(new_table, device):
    """The layout joins its pieces as plain strings: what a player typed must still reach every
    screen escaped, by the parts' own templates (the track and the glance name every player)."""
    table = new_table("toolbox", parts=["track", "counters"], counters="Lives: 2")
    sly = device(table).join('<img src=x onerror="alert(1)">')
    for client, role in ((sly.client, "seat"), (table.client, "board")):
        html = client.get(f"/t/{table.code}/view?as={role}").get_data(as_text=True)
        section = html[html.index('<div class="toolbox'):]
        assert "<img src=x" not in html and "&lt;img src=x" in section, role



def test_a_roll_does_not_make_the_boards_dice_block_again(app, new_table, monkeypatch):
    """The board's dice block (its Roll button) is kept under the count alone and its faces are a
    part of their own: a roll at a table makes new faces, never the block around them again (its
    key holds the table's form place, so with the faces in it the block was made at nearly every
    roll of every table)."""
    table = new_table("toolbox", parts=["dice"])
    table.client.get(f"/t/{table.code}/view?as=board")   # the block made once, with no faces yet
    renderings = app.extensions["sections"]
    made, kept_part = [], renderings.part

    def part(template, macro, *rest, **named):
        before = renderings.parts_rendered
        html = kept_part(template, macro, *rest, **named)
        if renderings.parts_rendered > before:
            made.append((template, macro))
        return html
    monkeypatch.setattr(renderings, "part", part)
    for _ in range(8):
        table.act("roll")
        board = table.client.get(f"/t/{table.code}/view?as=board").get_data(as_text=True)
        dice = board[board.index('class="part dice"'):board.index('class="part log"')]
        assert len(re.findall(r'<span class="die">[1-6]</span>', dice)) == 2 and "/act/roll" in dice
        assert "<!--@" not in board
    assert ("games/toolbox/_dice.html", None) in made   # faces, made for those not seen before
    assert ("games/toolbox/_blocks.html", "dice") not in made
