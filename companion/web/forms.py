"""The action forms of a table's views, written in Python (templates/table/_macros.html names them
`ui.form_open` and `ui.act`): a Toolbox view has about twenty, and as Jinja macros they were a third
of its rendering time. Same HTML as the macros they replace; see _macros.html for why it is shaped
so (hx-sync "queue all", data-once)."""
from __future__ import annotations

from jinja2 import pass_context
from markupsafe import Markup, escape


@pass_context
def form_open(context, move: str, cls: str = "act") -> Markup:
    """The opening of a move's form: its address, how htmx sends it, the version and the game the
    player saw, and the role the page speaks as. Reads `game`, `code`, `snap.version`,
    `snap.game_number` and `role` from the template's context."""
    declared = context["game"].moves.get(move)
    once = " data-once" if declared is not None and declared.stale == "refuse" else ""
    url = escape(f"/t/{context['code']}/act/{move}")
    return Markup(
        f'<form class="{escape(cls)}" method="post" action="{url}" hx-post="{url}" hx-target="#view" '
        f'hx-swap="outerMorph" hx-sync="queue all"{once}>\n'
        f'  <input type="hidden" name="version" value="{escape(context["snap"].version)}">\n'
        f'  <input type="hidden" name="game_number" value="{escape(context["snap"].game_number)}">\n'
        f'  <input type="hidden" name="as" value="{escape(context["role"])}">')


@pass_context
def act(context, move: str, label, fields: dict | None = None, cls: str = "", disabled: bool = False,
        title=None) -> Markup:
    """A one-button form for `move` with its fields as hidden inputs. A button with a symbol for a
    label (+, −, ✗) speaks its title instead: the symbol is hidden from screen readers and the title
    is its text, so the spoken name never contradicts what is shown."""
    hidden = "".join(f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">' for k, v in (fields or {}).items())
    face = (f'<span aria-hidden="true">{escape(label)}</span><span class="visually-hidden">{escape(title)}</span>'
            if title else escape(label))
    return Markup(
        f'{form_open(context, move)}\n  {hidden}\n'
        f'  <button type="submit" class="{escape(cls)}"{" disabled" if disabled else ""}'
        f'{f" title={chr(34)}{escape(title)}{chr(34)}" if title else ""}>{face}</button>\n</form>')


def register(app) -> None:
    app.jinja_env.globals["action_form_open"] = form_open
    app.jinja_env.globals["action_form"] = act
