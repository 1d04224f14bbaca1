"""Cloaked Cats' section, for the board and for a seat, laid out in Python from its parts.

Each seat's view is its own (its three secret features, and whether it is its turn), yet most of a
phone's screen is what every screen shows alike: the status line, the last guess, the players, the
dance floor, what happened. As one template per seat, all of it ran again for every phone after
every change, though the pieces were parts already kept: Jinja running the seat's template was two
fifths of a change's CPU (bench/stream_cpu.py --game cloaked-cats --profile). Laid out here, a
phone's section is its parts in order, each found under the digest of what it shows, and only a part
whose values changed is made, once for every screen that shows it.

What is a seat's own is apart by structure. A phone's section is laid out (`seat`) from everyone's
part of the view alone (sections.view_section_inputs gives it no viewer and no seat's own part), so
every phone of the table shares it, made once a change (web/events.py). Where a phone's own blocks go it
holds a mark, and `own_blocks` makes them from that phone's inputs: the secret block (`_seat.html`
mine), given this seat's features and colour and nothing else and kept for this seat alone (its key
holds the table and the seat); the turn's block, given which step of the turn is this seat's and
public pieces of the view; and "(you)" on its own card in the players' list.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import Markup

from ..games.base import OWN_VIEW
from .forms import place_of

if TYPE_CHECKING:
    from .sections import LaidOut, Parts, SectionInputs

CC = "games/cloaked-cats/_cc.html"         # the pieces every screen shows
SEAT = "games/cloaked-cats/_seat.html"     # a phone's own blocks
BOARD = "games/cloaked-cats/_board.html"   # the board's own blocks
CATS_MARK = "<!--@cats-->"     # where the dance floor takes its cards
FLOOR_MARK = "<!--@floor-->"   # where a phone's drawer takes the dance floor
CHOICES_MARK = "<!--@choices-->"   # where the host's correction takes its choice of cat cards
# Where a phone's own blocks go in what every phone shares (marks.OWN_MARKS: an own mark is
# "<!--@own-...-->"; a mark no block fills is taken out)
MINE_MARK = "<!--@own-mine-->"     # its secret cat, or that it watches; in the lobby, whether it is dealt in
TURN_MARK = "<!--@own-turn-->"     # its turn's block, or whose turn it is
YOU_MARK = "<!--@own-you-%d-->"    # a seat's card, where that seat's phone says "(you)"


def section(inputs: SectionInputs, part: Parts, laid_out: LaidOut) -> Markup:
    """Cloaked Cats' section for `inputs.role`, from `part` (sections.section_html's: given.py's
    `part` in the section's language)."""
    snap = inputs.snap
    at = place_of(inputs.game_id, inputs.code, snap.version, snap.game_number, inputs.role)
    if inputs.role == "board":
        return Markup("\n".join(['<div class="cc cc-board-view">', *board(inputs, part, laid_out, at), "</div>"]))
    return Markup("\n".join(['<div class="cc cc-seat-view">', *seat(inputs, part, laid_out, at), "</div>"]))


def seat(inputs: SectionInputs, part: Parts, laid_out: LaidOut, at: tuple) -> list[str]:
    """What every phone's section shows alike, top to bottom: its secret cat, the last guess, its
    turn or whose turn it is, the scores, the players, the dance floor and what happened. Made from
    everyone's part of the view alone (sections.view_section_inputs gives no viewer and no seat's own
    part), with a mark where each phone's own block goes (own_blocks)."""
    view = inputs.view
    if view["phase"] == "lobby":   # whether this phone is dealt in is its own
        return [MINE_MARK]
    playing = view["phase"] == "playing"
    html = [MINE_MARK]
    if view["last_guess"]:
        html.append(part(CC, "last_guess", view["last_guess"]))
    if playing:
        html.append(TURN_MARK)
    html += ended(view, part, at)
    html.append(laid_out("cc players", players, view["players"], playing, True, False))
    cats = view["cats"]
    floor = laid_out("cc dance floor", dance_floor, cats, view["cats_left"], playing, False, False)
    html.append(str.replace(part(SEAT, "floor", len(cats), view["cats_left"]), FLOOR_MARK, floor, 1))
    if view["events"]:
        html.append(laid_out("cc events", events, view["events"], keep=False))
    return html


def own_blocks(inputs: SectionInputs, part: Parts) -> dict[str, str]:
    """A phone's own blocks, by the marks `seat` left for them: its secret cat (or, watching, that
    it is not dealt in), its turn's block or whose turn it is, and "(you)" on its own card."""
    view, viewer = inputs.view, inputs.snap.viewer
    at = place_of(inputs.game_id, inputs.code, inputs.snap.version, inputs.snap.game_number, inputs.role)
    if view["phase"] == "lobby":
        dealt_in = viewer is not None and viewer.seat is not None and viewer.seat.name in view["joined"]
        return {MINE_MARK: part(SEAT, "lobby", view["joined"], view["min_players"], view["max_players"],
                                dealt_in, at)}
    me = view.get(OWN_VIEW)
    playing = view["phase"] == "playing"
    if me:
        # keyed by the table and the seat: the phone's memory of whether it is shown (_secret.html)
        blocks = {MINE_MARK: part(SEAT, "mine", me["features"], me["colour"],
                                  f"{inputs.code}/{viewer.seat.id}/features"),
                  YOU_MARK % me["seat"]: part(CC, "you")}
    else:
        blocks = {MINE_MARK: part(SEAT, "watching", playing, view["max_players"])}
    if playing:
        blocks[TURN_MARK] = (turn(view, me, part, at) if me and me["my_turn"] else
                             part(CC, "status_line", view["turn"], view["final_round"], view["round"]))
    return blocks


def turn(view: dict, me: dict, part: Parts, at: tuple) -> Markup:
    """The turn's block on the phone whose turn it is. Playing a cat card reads none of the table's
    moves so far, so that block is given none of them and found again at this seat's next turn."""
    step = me["step"]
    if step == "cat":
        newest = players = guessable = cats_left = None
    else:
        newest, players, guessable = (view["cats"] or [None])[-1], view["players"], view["guessable"]
        cats_left = view["cats_left"]
    return part(SEAT, "turn", step, view["final_round"], view["cat_features"], view["catalogue"], newest,
                players, me["targets"], guessable, cats_left, at)


def ended(view: dict, part: Parts, at: tuple, far: bool = False) -> list[str]:
    """The scores and the rematch, once the game is over."""
    if view["phase"] != "over":
        return []
    html = [part(CC, "scores", view["scores"], view["end"], far)] if view["scores"] else []
    rematch = part(CC, "rematch", at)
    return html + ([f'<div class="controls">{rematch}</div>'] if far else [rematch])


def board(inputs: SectionInputs, part: Parts, laid_out: LaidOut, at: tuple) -> list[str]:
    """The board's section: whose turn it is, the last guess and the scores, read from across the
    table (`far`), then the players, the dance floor, what happened, and the host's correction."""
    view, viewer = inputs.view, inputs.snap.viewer
    if view["phase"] == "lobby":
        return [part(BOARD, "lobby", view["joined"], view["colours"], view["watchers"], view["min_players"],
                     view["max_players"], at)]
    playing = view["phase"] == "playing"
    html = []
    if playing:
        html.append(part(CC, "status_line", view["turn"], view["final_round"], view["round"], True))
    if view["last_guess"]:
        html.append(part(CC, "last_guess", view["last_guess"], True))
    html += ended(view, part, at, far=True)
    html.append(laid_out("cc players", players, view["players"], playing, False, True))
    html.append(laid_out("cc dance floor", dance_floor, view["cats"], view["cats_left"], playing, True, True))
    if view["events"]:
        html.append(laid_out("cc events", events, view["events"], keep=False))
    if viewer is not None and viewer.is_host and playing and view["cats"]:
        choices = "".join(part(CC, "cat_choice", cat) for cat in reversed(view["cats"]))
        html.append(str.replace(part(BOARD, "fix_cat", view["catalogue"], at), CHOICES_MARK, choices, 1))
    return html


# The lists of a section, each laid out from its items' parts and kept as a part is (`laid_out`): the
# first screen of a change to show one joins its items' parts, each found unless the change touched
# it, and every other screen finds the list whole under one digest. As macros, every list a change
# touched ran its loop in Jinja for each screen.

def players(players: list, playing: bool, you_marks: bool, far: bool, part: Parts) -> str:
    """The players' cards, on a phone (`you_marks`) each with a mark where "(you)" may go (own_blocks)."""
    far = far and playing
    cards = [part(CC, "player", p, you_marks, far) for p in players]
    return "".join([part(CC, "players_open"), *cards, "</section>"])


def dance_floor(cats: list, cats_left: int, playing: bool, heading: bool, far: bool,
                part: Parts) -> str:
    """The dance floor, newest cat card first (marked on the board in play, `far`)."""
    cards = [part(CC, "cat_card", cat, far and playing and i == 0) for i, cat in enumerate(reversed(cats))]
    return str.replace(part(CC, "dance_floor", len(cats), cats_left, heading), CATS_MARK, "".join(cards), 1)


def events(happened: list, part: Parts) -> str:
    """What happened, a line a part: a line never changes once written."""
    html = ['<section class="cc-events"><h2>', part(CC, "events_title"), '</h2><ol class="cc-event-list">']
    for line in part.each(CC, "event_line", happened):
        html += ["<li>", line, "</li>"]
    html.append("</ol></section>")
    return "".join(html)
