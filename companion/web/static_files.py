"""Versioned static URLs: /static/app.css?v=<content hash>, cached for a year, so a phone on a slow
network loads each file once and a new release is fetched at once (its URL changes)."""
from __future__ import annotations

import hashlib
import os
from functools import lru_cache

from flask import Flask, request

YEAR = 365 * 24 * 3600


@lru_cache(maxsize=256)
def _digest(path: str, mtime: float) -> str:
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()[:12]


def register(app: Flask) -> None:
    @app.url_defaults
    def add_version(endpoint, values):
        if endpoint == "static" and "filename" in values and "v" not in values:
            path = os.path.join(app.static_folder, values["filename"])
            try:
                values["v"] = _digest(path, os.path.getmtime(path))
            except OSError:
                pass  # a missing file gets its 404 as usual

    @app.after_request
    def long_cache(response):
        if request.endpoint == "static" and "v" in request.args and response.status_code == 200:
            response.cache_control.public = True
            response.cache_control.max_age = YEAR
            response.cache_control.immutable = True
        return response
