"""The Toolbox's section, for the board and for a seat, laid out in Python from its parts.

Every piece of it is a part (sections.py): a block of each Toolbox part with its controls
(games/toolbox/_blocks.html), what each part shows (_show.html), the dice (_dice.html) and each line
of the log (_log_line.html), made from its slice of the view and kept under its digest. What is
left of the section is their order and a few wrapping tags. As a template, every change still ran
it and took the digest of the whole section to keep it, for the bare joining of parts already
kept. Laid out here it does neither, and a tap with its seven deliveries costs about a tenth less
CPU (in-process 11-24 %, live 0-21 %) with the same HTML (docs/PERFORMANCE.md, "The Toolbox's
section laid out in Python").

The board shows each part's state beside its controls, big enough to read from a seat across the
table. A phone held in one hand gets what it reads in one block at the top (the glance) and only the
controls below it, so nothing to tap sits in the stretch zone at the top of the screen
(tests/browser/layout.py).

Like a template, it reads only its SectionInputs and its parts' HTML; the Toolbox's view is the
same for every seat (it declares no sections_read_viewer), so nothing here is anyone's own. The HTML
is joined as plain strings, as marks.fill_in does: every piece is a part's Markup or a fixed tag,
and Markup's own join and `%` escaped each piece again (a third of the layout's time).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import Markup, escape

from .forms import place_of

if TYPE_CHECKING:
    from .sections import LaidOut, Parts, SectionInputs

BLOCKS, SHOW, DICE = "games/toolbox/_blocks.html", "games/toolbox/_show.html", "games/toolbox/_dice.html"
LOG_LINE = "games/toolbox/_log_line.html"
FACES_MARK = "<!--@faces-->"   # where the board's dice block takes the faces
# The parts in the order a screen shows them, top to bottom; the log comes last.
ORDER = ("timers", "dice", "rounds", "picker", "track", "counters", "bag", "deck")
SHOWN_ALONE = ("rounds", "picker", "track")   # shown in the glance as they are; counters each in a line
GLANCE_OPEN = ('<section class="part glance" aria-labelledby="glance-title">'
               '<h2 id="glance-title" class="visually-hidden">')


def section(inputs: SectionInputs, part: Parts, laid_out: LaidOut) -> Markup:
    """The Toolbox's section for `inputs.role`, from `part` (sections.section_html's: given.py's
    `part` in the section's language) and the log's block, `laid_out` (kept as a part is)."""
    view, role, snap = inputs.view, inputs.role, inputs.snap
    board = role == "board"
    at = place_of(inputs.game_id, inputs.code, snap.version, snap.game_number, role)
    html = [f'<div class="toolbox toolbox-{escape(role)}">']
    if not board:
        html.append(glance(view, part))
    for name in ORDER:
        value = view.get(name)
        if not value:
            continue
        if name == "picker":   # no one to pick before anyone sits
            html.append(part(BLOCKS, name, value, board, at, len(snap.seats) > 0))
        elif name == "dice":
            # The dice block is its Roll button, whose words read the count alone: given the count,
            # it is made once, not again after every roll. The faces are a part of their own, in
            # the glance on a phone and at the block's mark on the board.
            block = part(BLOCKS, name, {"count": value["count"]}, board, at)
            html.append(str.replace(block, FACES_MARK, part(DICE, dice=value), 1) if board else block)
        else:
            html.append(part(BLOCKS, name, value, board, at))
    if view.get("log"):
        html.append(laid_out("toolbox log", log_block, view["log"], keep=False))   # each move adds a line
    html.append("</div>")
    return Markup("\n".join(html))


def glance(view: dict, part: Parts) -> str:
    """A phone's top block: what every part shows, with no controls."""
    html = [GLANCE_OPEN, part(SHOW, "glance_title"), "</h2>"]
    html += [part(SHOW, "timer", timer) for timer in view.get("timers") or ()]
    if view.get("dice"):
        html.append(part(DICE, dice=view["dice"]))
    html += [part(SHOW, name, view[name]) for name in SHOWN_ALONE if view.get(name)]
    if view.get("counters"):
        html.append('<div class="counters-show">')
        for counter in view["counters"]:
            html += ['<p class="counter">', part(SHOW, "counter", counter), "</p>"]
        html.append("</div>")
    html += [part(SHOW, name, view[name]) for name in ("bag", "deck") if view.get(name)]
    html.append("</section>")
    return "".join(html)


def log_block(log: list, part: Parts) -> str:
    """The log's block: its heading and its lines, each line a part, made once and kept (a line
    never changes once written), all looked up at once (Parts.each). Every roll adds a line, so
    the block is joined again after each; as a macro that took longer than the dozen lines' lookups
    in it (about 65 µs against 50, when each line was looked up alone)."""
    html = ['<section class="part log"><h2>', part(BLOCKS, "log_title"), '</h2><ol class="log-list">']
    for line in part.each(LOG_LINE, None, log, "e"):
        html += ["<li>", line, "</li>"]   # joined as str: Markup's + would escape the tags
    html.append("</ol></section>")
    return "".join(html)
