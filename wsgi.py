"""Entry point for a production WSGI server running several processes (docs/DEPLOY.md):

    gunicorn wsgi:app                                          # on one machine, one SQLite file
    COMPANION_DB=redis://127.0.0.1:6379/0 gunicorn wsgi:app    # sharing a Redis

gunicorn.conf.py beside this file sets gevent workers, the address and the worker count. Settings
come from the same environment variables as `python app.py`: COMPANION_DB, COMPANION_PUBLIC_URL,
COMPANION_EXPIRE_DAYS, COMPANION_JOINS_PER_MINUTE, COMPANION_LOOKUPS_PER_MINUTE,
COMPANION_TABLES_PER_MINUTE, COMPANION_MOVES_PER_MINUTE, COMPANION_STREAMS_PER_ADDRESS. Each worker imports
this module after gevent has patched the standard library (gunicorn's gevent worker does that).
"""
from __future__ import annotations

import os

from companion.cli import build_app, parse_args, start_expiry

_args = parse_args([])  # defaults read from the environment, as for app.py
# No public URL by default: behind a reverse proxy the request's own Host is the address phones use
# (the proxy must pass it on; see the sample nginx configuration in docs/DEPLOY.md).
app = build_app(_args.db, os.environ.get("COMPANION_PUBLIC_URL"), _args.allowed_hosts)
if _args.expire_days > 0:
    start_expiry(app, _args.expire_days)
# Every worker hears the others' changes: from the SQLite file they share (companion/storage/sqlite_hub.py),
# or from Redis, whose hub is subscribed already.
app.extensions["companion"].hub.follow()
