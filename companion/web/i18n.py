"""Languages: English, with every user-visible template string marked for translation (Flask-Babel),
and German. The language comes from the `lang` cookie (set by the switch in the Display menu), else
the browser's Accept-Language, else English. Catalogues live in translations/<lang>/LC_MESSAGES;
see translations/README.md for extracting and compiling them."""
from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from babel.support import Translations
from flask import Blueprint, Flask, g, redirect, request
from flask_babel import Babel, get_locale, gettext
from jinja2 import pass_context
from markupsafe import Markup

from ..errors import Refusal, Term

ROOT = Path(__file__).resolve().parent.parent.parent
LANGUAGES = {"en": "English", "de": "Deutsch"}
COOKIE = "lang"
YEAR = 365 * 24 * 3600

bp = Blueprint("i18n", __name__)


def refusal_text(exc: BaseException) -> str:
    """A refusal's sentence in the viewer's language: the template translated, with the values that
    are words (errors.Term) translated too, and a capital first letter (errors.Refusal)."""
    if not isinstance(exc, Refusal):
        return str(exc)
    values = {k: gettext(v) if isinstance(v, Term) else v for k, v in exc.values.items()}
    sentence = gettext(exc.template, **values) if values else gettext(exc.template)
    return sentence[:1].upper() + sentence[1:]


def select_locale() -> str:
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default="en")


def local_path(target: str | None) -> str | None:
    """Only a path on this site may follow a language change (never another host); None for an
    address no browser would send (control characters: a header-splitting attempt)."""
    if target and any(ord(c) < 32 or ord(c) == 127 for c in target):
        return None
    if not target or not target.startswith("/") or target.startswith("//") or "\\\\" in target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return "/"
    return target[:500]


@bp.get("/lang/<code>")
def choose(code: str):
    if code not in LANGUAGES:
        from .security import error_page
        return error_page(404, "That language is not available: choose English or Deutsch.")
    target = local_path(request.args.get("next"))
    if target is None:
        from .security import error_page
        return error_page(400, "That address to go back to is not valid.")
    response = redirect(target, 303)
    response.set_cookie(COOKIE, code, max_age=YEAR, samesite="Lax", httponly=True)
    return response


# ---- fast gettext for templates
# A board view calls _() about a hundred times, and the view is re-rendered for every device on
# every change. Flask-Babel's template callables look up the request's locale and catalogue on each
# call, and its first lookup in a request (parsing the locale) costs ~80 µs: together they made a
# view 30-100 % slower. Here the catalogue is chosen once per request (the same choice as
# `select_locale`, Flask-Babel's locale selector) from catalogues loaded once per process, and a
# context processor hands each render gettext/ngettext bound to it. Same newstyle behaviour as
# Jinja's i18n extension (autoescape-aware, always a `%(name)s` format string, `num` set for
# ngettext). Macros imported without context reach Flask-Babel's globals: same words, only slower.
_CATALOGUES: dict[str, Translations] = {}


def request_catalogue() -> Translations:
    found = getattr(g, "catalogue", None)
    if found is None:
        code = select_locale()
        found = _CATALOGUES.get(code)
        if found is None:
            found = _CATALOGUES[code] = Translations.load(str(ROOT / "translations"), [code])
        g.catalogue = found
    return found


def _newstyle_gettext(translate):
    @pass_context
    def newstyle_gettext(context, message: str, **values):
        text = translate(message)
        if context.eval_ctx.autoescape:
            text = Markup(text)
        return text % values          # always a format string, as in Jinja (a literal % is %%)
    return newstyle_gettext


def _newstyle_ngettext(translate):
    @pass_context
    def newstyle_ngettext(context, singular: str, plural: str, count: int, **values):
        values.setdefault("num", count)
        text = translate(singular, plural, count)
        if context.eval_ctx.autoescape:
            text = Markup(text)
        return text % values
    return newstyle_ngettext


def template_gettext() -> dict:
    catalogue = request_catalogue()
    return {"gettext": _newstyle_gettext(catalogue.ugettext),
            "ngettext": _newstyle_ngettext(catalogue.ungettext)}


def translate_name(text):
    """The |t filter: a name from game data in the viewer's language."""
    return request_catalogue().ugettext(text) if text else text


def register(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(ROOT / "translations"))
    Babel(app, locale_selector=select_locale)
    app.jinja_env.globals["get_locale"] = get_locale
    app.jinja_env.globals["LANGUAGES"] = LANGUAGES
    # Names that come from game data (decks/*.toml) rather than a template: `{{ f.name|t }}`.
    app.jinja_env.filters["t"] = translate_name
    app.context_processor(template_gettext)

    @app.after_request
    def vary_by_language(response):
        if response.mimetype == "text/html":
            response.vary.add("Accept-Language")
            response.vary.add("Cookie")
        return response
    app.register_blueprint(bp)
