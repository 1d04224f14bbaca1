"""The app's settings and their defaults, in one place (create_app loads this module first).

Each can be set in the environment as COMPANION_<NAME> (Flask's `from_prefixed_env`: the value is
read as JSON when it parses as JSON, so COMPANION_MOVES_PER_MINUTE=2400 is a number), and a test or
an embedding program passes its own to create_app(config), which wins over both. The command line's
own variables (COMPANION_DB, COMPANION_PORT, COMPANION_PUBLIC_URL, ...) are read by app.py.
"""
from __future__ import annotations

DATABASE = None              # a file path (SQLite; default instance/companion.db) or redis://HOST:PORT/N
HISTORY_PER_TABLE = 500      # Redis: events kept per table (and so the undo depth)
REDIS_PREFIX = "ctc:"        # Redis: every key starts with this (share a Redis with other apps)
PUBLIC_URL = None            # the address phones use; default: the request's own host
MAX_CONTENT_LENGTH = 64 * 1024

# Per client address. A café's groups behind one NAT address share each allowance.
LOOKUPS_PER_MINUTE = 30      # unknown table codes tried
JOINS_PER_MINUTE = 20        # join attempts
CLAIMS_PER_MINUTE = 6        # requests for someone else's seat
TABLES_PER_MINUTE = 30       # new tables
VIEWS_PER_MINUTE = 1200      # page and view loads (views usually come in events)
MOVES_PER_MINUTE = 1200      # actions: 12 phones behind one address, 1-2 taps/s each
STREAMS_PER_ADDRESS = 100    # open event streams (per process)
# A client over a limit is answered this late (web/security.py RefusalHold): one that asks again the
# moment it is refused then asks once a second per connection, not hundreds of times.
REFUSAL_DELAY_SECONDS = 1.0
REFUSALS_HELD_MOST = 512     # refusals held back at once per process; beyond that they go at once

STREAMS_MAX = None           # open event streams per process; None: from the open-file limit
TRUSTED_PROXIES = 0          # reverse proxies in front whose X-Forwarded-For/-Proto/-Host to believe
STREAM_SECONDS = 15 * 60     # an event stream ends after this; the browser reconnects
KEEPALIVE_SECONDS = 15
SEND_FILE_MAX_AGE_DEFAULT = 3600
MINIFY_ASSETS = True         # our scripts and styles served minified (companion/web/static_files.py)

# Compressed answers for slow café networks, static files included (they are streamed). The event
# stream is never compressed (text/event-stream is not in the list): each event leaves at once.
COMPRESS_MIMETYPES = ["text/html", "text/css", "application/javascript", "text/javascript",
                      "application/json", "application/manifest+json", "image/svg+xml"]
COMPRESS_ALGORITHM = ["br", "gzip"]
COMPRESS_MIN_SIZE = 300

# Tests only: an int makes every new table's rolls and deals repeatable. Never for real play, where
# it would make every table's rolls predictable.
RANDOM_SEED = None

# Settings that must be whole numbers of at least this (None allowed where the default is None): a
# typo in the environment stops the start with the setting's name instead of failing at a request.
# A limit of 0 allows none (a test's server that refuses every stream).
whole_numbers = {"HISTORY_PER_TABLE": 1, "MAX_CONTENT_LENGTH": 1024, "LOOKUPS_PER_MINUTE": 0, "JOINS_PER_MINUTE": 0,
                 "CLAIMS_PER_MINUTE": 0, "TABLES_PER_MINUTE": 0, "VIEWS_PER_MINUTE": 0, "MOVES_PER_MINUTE": 0,
                 "STREAMS_PER_ADDRESS": 0, "REFUSALS_HELD_MOST": 0, "STREAMS_MAX": 0, "TRUSTED_PROXIES": 0,
                 "RANDOM_SEED": 0}


class ConfigError(ValueError):
    """A setting is not what it must be: said at start-up, by name."""


def check(config) -> None:
    """ConfigError naming the first setting that is not a whole number within its bound."""
    for name, least in whole_numbers.items():
        value = config.get(name)
        if value is None and globals()[name] is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ConfigError(f"The setting {name} (COMPANION_{name}) must be a whole number of at least {least}, "
                              f"not {value!r}.")
