"""What every section, frame and part (web/sections.py) is given besides its inputs, made once per
language. Nothing in it comes from any table, so it cannot carry anything from one viewer to another."""
from __future__ import annotations

from flask import Flask
from markupsafe import Markup

from .i18n import callables_for


def given(app: Flask, language: str) -> dict:
    """The language's gettext, ngettext and `_`; `ui`, the helpers of templates/table/_macros.html
    as a module made with them (its macros read nothing else; act and the forms are Python and read
    the context of the template that calls them, or the place they are handed: forms.py); `part`;
    and `language_module(template)`, any other template of macros made into a module with all of
    this, once per language (`{% set show = language_module("games/toolbox/_show.html") %}`): a
    module imported "with context" is made again for each rendering, a tenth of a Toolbox section's
    cost. Such macros read only their arguments and what is given here."""
    kept: dict = app.extensions["sections"].given
    made = kept.get(language)
    if made is None:
        callables = callables_for(app, language)
        ui = app.jinja_env.get_template("table/_macros.html").make_module(dict(callables))
        renderings = app.extensions["sections"]
        modules: dict = {}

        def language_module(template: str):
            module = modules.get(template)
            if module is None:
                module = modules[template] = app.jinja_env.get_template(template).make_module(made)
            return module

        def part(template: str, macro: str | None = None, *args, **values) -> Markup:
            """`{{ part("games/x/_piece.html", name=value) }}` in a section: the piece rendered from
            those values and the section's language alone, its whole context, and kept under their
            digest (renderings.Renderings.part); `{{ part("games/x/_pieces.html", "piece", value) }}`
            the same for that macro of the template, made a module in the language
            (`language_module`), called with those arguments. So a piece that did not change (eleven
            of a log's twelve lines after a roll, a Toolbox's bag after a roll) or that two sections
            show alike (the dice on the board and at the top of a phone) is made once, not once per
            section per change. Bound here to its language, not read from the context by each call."""
            return renderings.part(template, macro, language, args, values)
        made = kept[language] = {**callables, "ui": ui, "language_module": language_module, "part": part}
    return made
