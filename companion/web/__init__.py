"""Blueprints and the cross-cutting web concerns (errors, security headers)."""
from __future__ import annotations

from flask import Flask

from . import events, forms, groups, home, i18n, needs, sections, security, static_files, tables
from . import acting, history, host, tap_socket  # noqa: F401 - their routes join the table blueprint when imported
from .charts import score_chart


def register(app: Flask) -> None:
    security.register(app)
    i18n.register(app)
    app.jinja_env.globals["score_chart"] = score_chart
    sections.register(app)
    forms.register(app)
    static_files.register(app)
    for blueprint in (home.bp, tables.bp, events.bp, needs.bp, groups.bp):
        app.register_blueprint(blueprint)
