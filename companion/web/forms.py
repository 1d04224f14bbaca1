"""The action forms of a table's views, written in Python (templates/table/_macros.html names them
`ui.form_open`, `ui.act` and `ui.act_form`): a Toolbox view has about twenty, and as Jinja macros they were a third
of its rendering time. Same HTML as the macros they replace; see _macros.html for why it is shaped
so (hx-sync "queue all", data-once).

A form is a pure function of what it is given (the move, its label, class and fields, the table's
code, the role, the version mark and the game's id at the table), and the same forms come back in
every rendering of a table's sections, so each is made once and kept (`_kept_act`, `_kept_head`):
making one escaped a dozen values, 5-12 µs, a fifth of a Toolbox board's section. Only forms made of
values of plain types are kept, under each value's type as well: `Markup("<b>")` and `"<b>"` are
equal strings, but one is escaped and the other is not, and True == 1 (floats are left out: 0.0 ==
-0.0). A form kept is the one its values make, so keeping shares nothing between viewers.
"""
from __future__ import annotations

from functools import lru_cache

from jinja2 import pass_context
from markupsafe import Markup, escape

from .. import games

FORMS_KEPT = 8192   # per process: 300 busy tables' boards and seats have ~60 forms each, ~400 characters
PLAIN = frozenset({str, Markup, int, bool, type(None)})   # equal values of one of these types are written alike


def _typed(values) -> tuple | None:
    """The key of a form made from `values`: each value after its type; None when one is not of a
    plain type (then the form is made and not kept)."""
    key = []
    for value in values:
        if value.__class__ not in PLAIN:
            return None
        key += (value.__class__, value)
    return tuple(key)


def place_of(game_id: str, code: str, version, game_number: int, role: str) -> tuple:
    """Where a section's forms send their moves, and what they send with them, as `act_at` reads
    it. A section laid out in Python (web/toolbox_section.py) hands it to a part whose forms
    `act_at` writes: a part reads nothing of the section's context."""
    return (game_id, code, version, game_number, role)


@pass_context
def place(context) -> tuple:
    """`place_of` the template calling it: its `game`'s id, `code`, `snap.version`,
    `snap.game_number` and `role`."""
    snap = context["snap"]
    return place_of(context["game"].id, context["code"], snap.version, snap.game_number, context["role"])


def _head_of(at: tuple, move: str, cls: str) -> tuple:
    """What a form's opening is made from: the move, its class, whether the move refuses a stale
    tap, and its place (`place`) but the game's id."""
    declared = games.get(at[0]).moves.get(move)
    return (move, cls, declared is not None and declared.stale == "refuse", *at[1:])


def _head(move: str, cls: str, once: bool, code: str, version, game_number, role: str) -> Markup:
    url = escape(f"/t/{code}/act/{move}")
    return Markup(
        f'<form class="{escape(cls)}" method="post" action="{url}" hx-post="{url}" hx-target="#view" '
        f'hx-swap="outerMorph" hx-sync="queue all"{" data-once" if once else ""}>\n'
        f'  <input type="hidden" name="version" value="{escape(version)}">\n'
        f'  <input type="hidden" name="game_number" value="{escape(game_number)}">\n'
        f'  <input type="hidden" name="as" value="{escape(role)}">')


def _act(move, form_cls, once, code, version, game_number, role, label, cls, disabled, title, *fields) -> Markup:
    """`fields` flat: name, value, name, value..."""
    hidden = "".join(f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">'
                     for k, v in zip(fields[::2], fields[1::2]))
    face = (f'<span aria-hidden="true">{escape(label)}</span><span class="visually-hidden">{escape(title)}</span>'
            if title else escape(label))
    return Markup(
        f'{_head(move, form_cls, once, code, version, game_number, role)}\n  {hidden}\n'
        f'  <button type="submit" class="{escape(cls)}"{" disabled" if disabled else ""}'
        f'{f" title={chr(34)}{escape(title)}{chr(34)}" if title else ""}>{face}</button>\n</form>')


@lru_cache(maxsize=FORMS_KEPT)
def _kept_head(key: tuple) -> Markup:
    return _head(*key[1::2])


@lru_cache(maxsize=FORMS_KEPT)
def _kept_act(key: tuple) -> Markup:
    return _act(*key[1::2])


@pass_context
def form_open(context, move: str, cls: str = "act") -> Markup:
    """The opening of a move's form: its address, how htmx sends it, the version and the game the
    player saw, and the role the page speaks as. Reads `game`, `code`, `snap.version`,
    `snap.game_number` and `role` from the template's context."""
    return form_open_at(place(context), move, cls)


def form_open_at(at: tuple, move: str, cls: str = "act") -> Markup:
    """`form_open` for the place `at` (`place`), handed to a part: `{{ ui.form_open_at(at, "move") }}
    fields and buttons </form>`."""
    values = _head_of(at, move, cls)
    key = _typed(values)
    return _kept_head(key) if key is not None else _head(*values)


@pass_context
def act(context, move: str, label, fields: dict | None = None, cls: str = "", disabled: bool = False,
        title=None) -> Markup:
    """A one-button form for `move` with its fields as hidden inputs. A button with a symbol for a
    label (+, −, ✗) speaks its title instead: the symbol is hidden from screen readers and the title
    is its text, so the spoken name never contradicts what is shown."""
    return act_at(place(context), move, label, fields, cls, disabled, title)


def act_at(at: tuple, move: str, label, fields: dict | None = None, cls: str = "", disabled: bool = False,
           title=None) -> Markup:
    """`act` for the place `at` (`place`), handed to a part, rather than its template's context."""
    values = (*_head_of(at, move, "act"), label, cls, bool(disabled), title)
    if fields:
        values += tuple(item for pair in fields.items() for item in pair)
    key = _typed(values)
    return _kept_act(key) if key is not None else _act(*values)


@pass_context
def act_form(context, move: str, cls: str = "act", caller=None) -> Markup:
    """`{% call ui.act_form("move") %}fields and buttons{% endcall %}`: a move's form around what
    the call block writes."""
    return Markup(f"{form_open(context, move, cls)}\n  {caller()}\n</form>")


def register(app) -> None:
    app.jinja_env.globals["action_form_open"] = form_open
    app.jinja_env.globals["action_form"] = act
    app.jinja_env.globals["action_act_form"] = act_form
    app.jinja_env.globals["action_act_at"] = act_at
    app.jinja_env.globals["action_form_open_at"] = form_open_at
