"""Versioned static URLs: /static/app.css?v=<content hash>, cached for a year, so a phone on a slow
network loads each file once and a new release is fetched at once (its URL changes).

Our own scripts and styles are written to be read (their comments say why), but a phone's first load
carries them all: they are served minified (rjsmin, rcssmin: comments and spaces out, nothing renamed
or reordered), each built once per file version on its first request. The files in static/ stay the
source; MINIFY_ASSETS=False serves them as written. Vendored files (static/vendor/) come minified."""
from __future__ import annotations

import hashlib
import mimetypes
import os
from functools import lru_cache

import rcssmin
import rjsmin
from flask import Flask, Response, request
from werkzeug.security import safe_join

YEAR = 365 * 24 * 3600


@lru_cache(maxsize=256)
def _digest(path: str, mtime: float) -> str:
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()[:12]


MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


@lru_cache(maxsize=64)
def _minified(path: str, mtime: float) -> bytes:
    with open(path, encoding="utf-8") as fh:
        source = fh.read()
    return MINIFIERS[os.path.splitext(path)[1]](source).encode()


def minified_response(app: Flask, filename: str) -> Response | None:
    """The minified copy of one of our own scripts or styles, or None (served from the file as is)."""
    kind = os.path.splitext(filename)[1]
    if not app.config.get("MINIFY_ASSETS", True) or kind not in MINIFIERS or filename.startswith("vendor/"):
        return None
    path = safe_join(app.static_folder, filename)
    if path is None or not os.path.isfile(path):
        return None  # the plain static view answers (404)
    mtime = os.path.getmtime(path)
    body = _minified(path, mtime)
    response = Response(body, mimetype=mimetypes.guess_type(filename)[0])
    response.set_etag(_digest(path, mtime))
    response.last_modified = mtime
    response.cache_control.public = True
    response.cache_control.max_age = app.get_send_file_max_age(filename)
    return response.make_conditional(request)


def register(app: Flask) -> None:
    send_as_written = app.view_functions["static"]

    def static(filename: str):
        return minified_response(app, filename) or send_as_written(filename=filename)

    app.view_functions["static"] = static

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
