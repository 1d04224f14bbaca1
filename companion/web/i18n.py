"""Languages: English, with every user-visible template string marked for translation (Flask-Babel),
and German. The language comes from the `lang` cookie (set by the switch in the Display menu), else
the browser's Accept-Language, else English. Catalogues live in translations/<lang>/LC_MESSAGES:
messages.po is what translators edit (translations/README.md); messages.mo is compiled from it here at
start-up, never kept in git."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel import Locale
from babel.support import Translations
from flask import Blueprint, Flask, g, redirect, request
from flask_babel import Babel, force_locale, get_locale, get_translations
from jinja2 import pass_context
from markupsafe import Markup
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from .. import paths
from .answers import error_page

TRANSLATIONS = paths.TRANSLATIONS
LANGUAGES = {"en": "English", "de": "Deutsch"}
COOKIE = "lang"
YEAR = 365 * 24 * 3600

bp = Blueprint("i18n", __name__)


# Flask-Babel parses what the selector returns unless it is a Locale already (Locale.parse gives
# one back as it is): each language's is made once here, not once per request (17 µs).
LOCALES = {code: Locale.parse(code) for code in LANGUAGES}
ACCEPT_KEPT = 512       # distinct Accept-Language headers whose choice is kept (a few per kind of browser)
ACCEPT_KEPT_LONGEST = 200   # longer ones (no browser sends them) are chosen from afresh each time


def select_locale() -> Locale:
    fixed = g.get("language")   # chosen already, by a stream's ViewContext (web/sections.py)
    if fixed in LANGUAGES:
        return LOCALES[fixed]
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return LOCALES[chosen]
    header = request.headers.get("Accept-Language", "")
    return LOCALES[accepted_language(header) if len(header) <= ACCEPT_KEPT_LONGEST else best_language(header)]


def best_language(header: str) -> str:
    """The language the browser prefers among ours (its Accept-Language header), else English."""
    return parse_accept_header(header, LanguageAccept).best_match(list(LANGUAGES), default="en")


# Werkzeug's parse and best match took about 100 µs for a browser's usual header, on every request
# without the `lang` cookie; a device sends the same header each time, and a few kinds are common.
accepted_language = lru_cache(maxsize=ACCEPT_KEPT)(best_language)


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
        return error_page(404, "That language is not available: choose English or Deutsch.")
    target = local_path(request.args.get("next"))
    if target is None:
        return error_page(400, "That address to go back to is not valid.")
    response = redirect(target, 303)
    response.set_cookie(COOKIE, code, max_age=YEAR, samesite="Lax", httponly=True)
    return response


def compile_catalogues(directory: Path = TRANSLATIONS) -> None:
    """Each <lang>/LC_MESSAGES/messages.mo from its messages.po, when missing or older: the .po is the
    only source (a fresh clone, a pull or a translator's edit needs no other step). Written to a
    temporary file and renamed, so processes starting together never read half a file."""
    for po in directory.glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime_ns >= po.stat().st_mtime_ns:
            continue
        with po.open("rb") as fh:
            catalogue = read_po(fh, locale=po.parent.parent.name)
        partial = mo.with_name(f".{mo.name}.{os.getpid()}")
        try:
            with partial.open("wb") as fh:
                write_mo(fh, catalogue)                 # as `pybabel compile`: fuzzy entries left out
            os.replace(partial, mo)
        except OSError as exc:
            partial.unlink(missing_ok=True)
            if mo.exists():   # an installed wheel ships its .mo, compiled when it was built
                continue
            raise SystemExit(f"Cannot write {mo} ({exc.strerror}): the app compiles it from {po.name} at "
                             "start-up. Make that folder writable, or run python tools/translations.py "
                             "where it is.") from exc


# Speed: a view calls _() about a hundred times and is rendered for every device on every change;
# the callables Flask-Babel installs in Jinja ask get_translations() (context, locale, cache) on each
# call. So each render's templates get gettext/ngettext bound to the catalogue Flask-Babel chose for
# the request (its public get_translations(), loaded once per process by Flask-Babel itself), with
# Jinja's newstyle behaviour (autoescape-aware, always a `%(name)s` format, `num` for ngettext).
# Macros imported without context fall back to Flask-Babel's own: same words, slower.
PLAIN_WORDS_KEPT = 5000  # translations without values kept per language (the catalogue holds about 1,200)
_BOUND: dict[int, tuple[Translations, dict]] = {}


def template_callables() -> dict:
    """gettext and ngettext bound to this request's catalogue (Flask-Babel's choice)."""
    catalogue = get_translations()
    bound = _BOUND.get(id(catalogue))
    if bound is None or bound[0] is not catalogue:
        bound = _BOUND[id(catalogue)] = (catalogue, _bind(catalogue))
    return bound[1]


def callables_for(app: Flask, language: str) -> dict:
    """gettext, ngettext and `_` bound to `language`'s catalogue (the one Flask-Babel gives a request
    in that language), found once per app and language: a section or part is rendered from fixed
    inputs that name their language, in a request or in an event stream with none."""
    kept = app.extensions.setdefault("template_callables", {})
    bound = kept.get(language)
    if bound is None:
        with force_locale(language):
            callables = template_callables()
        bound = kept[language] = {**callables, "_": callables["gettext"]}
    return bound


def load_catalogues(app: Flask) -> None:
    """Every language's catalogue, loaded now rather than by its first request (serving.warm_up)."""
    with app.test_request_context():
        for code in LANGUAGES:
            callables_for(app, code)


def request_language() -> str:
    """The language this request's pages are written in (Flask-Babel's, chosen by select_locale)."""
    return str(get_locale())


def _bind(catalogue: Translations) -> dict:
    # Most of a view's words take no values: each is translated and formatted once per process
    # (a third of the calls' time went to Markup's formatting of a text with nothing in it). Bounded,
    # in case a template ever translates something that is not its own words.
    plain: dict[tuple[str, bool], str] = {}

    @pass_context
    def newstyle_gettext(context, message: str, **values):
        key = (message, context.eval_ctx.autoescape)
        if not values and key in plain:
            return plain[key]
        text = catalogue.ugettext(message)
        done = (Markup(text) if key[1] else text) % values
        if not values and len(plain) < PLAIN_WORDS_KEPT:
            plain[key] = done
        return done

    @pass_context
    def newstyle_ngettext(context, singular: str, plural: str, count: int, **values):
        text = catalogue.ungettext(singular, plural, count)
        return (Markup(text) if context.eval_ctx.autoescape else text) % {"num": count, **values}
    return {"gettext": newstyle_gettext, "ngettext": newstyle_ngettext, "name_in": catalogue.ugettext}


def translate_name(text):
    """A name from game data (decks/*.toml) in the request's language."""
    return get_translations().ugettext(text) if text else text


@pass_context
def name_filter(context, text):
    """The |t filter: a name from game data in the language of what is being rendered. A section, frame
    or part is given its language's `name_in` (callables_for); asking Flask-Babel on each name (its
    context, locale and cache) was a fifth of a Cloaked Cats phone's view, which names ninety."""
    if not text:
        return text
    name_in = context.get("name_in")
    return name_in(text) if name_in is not None else translate_name(text)


def register(app: Flask) -> None:
    compile_catalogues()
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    Babel(app, locale_selector=select_locale)
    app.jinja_env.globals["get_locale"] = get_locale
    app.jinja_env.globals["LANGUAGES"] = LANGUAGES
    # Names that come from game data (decks/*.toml) rather than a template: `{{ f.name|t }}`.
    app.jinja_env.filters["t"] = name_filter
    app.context_processor(template_callables)

    @app.after_request
    def vary_by_language(response):
        if response.mimetype == "text/html":
            response.vary.add("Accept-Language")
            response.vary.add("Cookie")
        return response
    app.register_blueprint(bp)
