"""Cat Table Companion: create_app() is the application factory."""
from __future__ import annotations

import os
import random
from typing import TYPE_CHECKING

from . import config as settings
from . import paths

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: dict | None = None) -> "Flask":
    # Imported here, not at the top: `cat-table-companion` (companion/cli.py) imports this package
    # and must let gevent patch the standard library before Flask, Redis and sqlite3 are loaded.
    from flask import Flask

    from .storage import open_backend
    from .engine import Tables

    instance = paths.CHECKOUT_INSTANCE
    app = Flask(__name__, template_folder=str(paths.TEMPLATES), static_folder=str(paths.STATIC),
                instance_path=str(instance) if instance else None)
    app.config.from_object(settings)        # the defaults, each with why (companion/config.py)
    app.config.from_prefixed_env("COMPANION")  # COMPANION_MOVES_PER_MINUTE=2400 and the like
    if config:
        app.config.update(config)
    settings.check(app.config)
    if app.config["STREAMS_MAX"] is None:
        import resource

        from .serving import stream_capacity
        app.config["STREAMS_MAX"] = stream_capacity(resource.getrlimit(resource.RLIMIT_NOFILE)[0])
    if not app.config["DATABASE"]:
        os.makedirs(app.instance_path, exist_ok=True)
        app.config["DATABASE"] = os.path.join(app.instance_path, "companion.db")

    backend = open_backend(app.config["DATABASE"], history=app.config["HISTORY_PER_TABLE"],
                           prefix=app.config["REDIS_PREFIX"])
    tables = Tables(backend.store, backend.hub)
    # What an older version saved is brought up to this one once, here, and never in a read or a
    # move (companion/engine/migrations.py; a noted no-op afterwards).
    from .engine import migrations
    migrations.run(tables)
    if app.config["RANDOM_SEED"] is not None:
        seeds = random.Random(app.config["RANDOM_SEED"])
        tables.seeds = lambda: seeds.getrandbits(64)
    app.extensions["companion"] = tables
    from .groups.service import Groups
    app.extensions["groups"] = Groups(backend.store)
    # Rate limits live with the store: with several processes behind one address, per-process
    # counts would let a client make N times its allowance.
    app.extensions["rate_limiter"] = backend.rate_limiter
    from .web.deliveries import Deliveries
    from .web.events import StreamSlots, ViewEvents
    app.extensions["stream_slots"] = StreamSlots()
    app.extensions["view_events"] = ViewEvents()
    app.extensions["deliveries"] = Deliveries(tables.hub, app.config["KEEPALIVE_SECONDS"])
    from .web.security import RefusalHold
    app.extensions["refusal_hold"] = RefusalHold(app.config["REFUSAL_DELAY_SECONDS"], app.config["REFUSALS_HELD_MOST"])

    if app.config["TRUSTED_PROXIES"]:
        # Behind nginx every request comes from the proxy's address: take the client's address from
        # the proxy's header instead (rate limits are per client). Only when told: a client talking
        # to the app directly could otherwise claim any address.
        from werkzeug.middleware.proxy_fix import ProxyFix
        hops = int(app.config["TRUSTED_PROXIES"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)

    from .web.body_limit import ChunkedBodyLimit
    app.wsgi_app = ChunkedBodyLimit(app.wsgi_app, app.config["MAX_CONTENT_LENGTH"])

    from flask_compress import Compress
    Compress(app)

    from .web import register
    register(app)
    from .commands import register_commands
    register_commands(app)     # `flask --app app tables` and the other keeper's commands
    return app
