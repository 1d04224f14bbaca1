"""The one place that decides the shape of an answer. A request is one of three kinds:

- JSON: a script or a test that asks for it first (`Accept: application/json`, or a `.json` address);
- htmx: a page's own request (`HX-Request`), which swaps the answer into the page it came from;
- plain: a browser loading a page or posting a form without script, which gets a whole page or a
  redirect back to one.

A route says what each kind gets (`shaped`), and every refusal and error reads the same way
everywhere (`error_page`, `plain_refusal`): the sentence in the viewer's language, as
{"error": ...} for JSON, in the page's #flash for htmx, on an error page for a plain request.
"""
from __future__ import annotations

from typing import Any, Callable

from flask import current_app, render_template, request
from flask_babel import gettext

from ..errors import BadInput, Forbidden, Refusal, RuleError

# The one mapping from a kind of refusal to its HTTP status (subclasses too: Stale is a RuleError).
REFUSAL_STATUS = ((BadInput, 400), (Forbidden, 403), (RuleError, 409))


def wants_json() -> bool:
    """JSON for clients that ask for it first (scripts, tests); pages and htmx get HTML. A plain
    substring test: browsers list text/html before anything else, API clients send application/json."""
    if request.headers.get("HX-Request"):
        return False
    accept = request.headers.get("Accept", "")
    return accept.startswith("application/json") or request.path.endswith(".json")


def from_htmx() -> bool:
    """A page's own request, answered with the part of the page it swaps in."""
    return bool(request.headers.get("HX-Request"))


def shaped(*, page: Callable[[], Any], json: Callable[[], Any] | None = None, htmx: Callable[[], Any] | None = None):
    """The answer for this request's kind: `json()`, `htmx()`, or `page()`; a kind not given gets
    `page()` (htmx follows a redirect and swaps a whole page too; a page with no JSON form of its own
    answers JSON clients as it answers browsers). Callables, so only the one answer given is built."""
    if json is not None and wants_json():
        return json()
    if htmx is not None and from_htmx():
        return htmx()
    return page()


def refusal_text(exc: BaseException) -> str:
    """A refusal's sentence in the viewer's language (errors.Refusal.sentence)."""
    return exc.sentence(gettext) if isinstance(exc, Refusal) else str(exc)


def refusal_answer(exc: Refusal) -> tuple[int, str]:
    """A refusal's HTTP status and its sentence in the viewer's language."""
    return next(code for kind, code in REFUSAL_STATUS if isinstance(exc, kind)), refusal_text(exc)


def flash(message: str, status: int):
    """The sentence for the page's flash area (templates/_message.html), leaving the view in place."""
    response = current_app.make_response((render_template("_message.html", message=message), status))
    response.headers["HX-Retarget"] = "#flash"
    response.headers["HX-Reswap"] = "innerHTML"
    return response


def error_page(status: int, message: str):
    """The sentence in the viewer's language; literal sentences passed here are extracted for
    translation (tools/translations.py), and already translated ones come back unchanged."""
    message = gettext(message)
    return shaped(json=lambda: ({"error": message}, status), htmx=lambda: flash(message, status),
                  page=lambda: (render_template("error.html", message=message, status=status), status))


def plain_refusal(status: int, message: str):
    """The sentence without a page around it, for a request no page can be built for: every page
    links back to its own address (the language menu) and to this host (url_for), which is what
    was refused."""
    return shaped(json=lambda: ({"error": message}, status),
                  page=lambda: current_app.response_class(message + "\n", status, mimetype="text/plain"))
