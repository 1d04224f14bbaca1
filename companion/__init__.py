"""Cat Table Companion: create_app() is the application factory."""
from __future__ import annotations

import os
from pathlib import Path

from flask import Flask

from .live import Hub
from .store import Store
from .tables import Tables

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"),
                instance_path=str(ROOT / "instance"))
    app.config.update(
        DATABASE=None,              # default: instance/companion.db
        PUBLIC_URL=None,            # the address phones use; default: the request's own host
        MAX_CONTENT_LENGTH=64 * 1024,
        LOOKUPS_PER_MINUTE=30,      # unknown table codes tried per client address
        JOINS_PER_MINUTE=20,        # join attempts per client address
        STREAM_SECONDS=15 * 60,     # an event stream ends after this; the browser reconnects
        KEEPALIVE_SECONDS=15,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        # Compressed answers for slow café networks. The event stream is never compressed (it is not
        # in the list), so each event leaves at once.
        COMPRESS_MIMETYPES=["text/html", "text/css", "application/javascript", "text/javascript",
                            "application/json", "image/svg+xml"],
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_STREAMS=False,
        COMPRESS_MIN_SIZE=300,
    )
    if config:
        app.config.update(config)
    if not app.config["DATABASE"]:
        os.makedirs(app.instance_path, exist_ok=True)
        app.config["DATABASE"] = os.path.join(app.instance_path, "companion.db")

    hub = Hub()
    app.extensions["companion"] = Tables(Store(app.config["DATABASE"]), hub)

    from flask_compress import Compress
    Compress(app)

    from .web import register
    register(app)
    return app
