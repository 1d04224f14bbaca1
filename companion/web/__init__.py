"""Blueprints and the cross-cutting web concerns (errors, security headers)."""
from __future__ import annotations

from flask import Flask

from . import events, forms, groups, home, i18n, sections, security, static_files, tables


def register(app: Flask) -> None:
    from .form_request import CompanionRequest
    app.request_class = CompanionRequest   # a shorter way through the small forms every tap posts
    security.register(app)
    i18n.register(app)
    from .charts import score_chart
    app.jinja_env.globals["score_chart"] = score_chart
    sections.register(app)
    forms.register(app)
    static_files.register(app)
    app.register_blueprint(home.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(groups.bp)
    try:
        from . import needs
        app.register_blueprint(needs.bp)
    except ImportError:
        pass
