"""Run the Cat Table Companion from a checkout, as the installed `cat-table-companion` command does:

    python app.py [--host H] [--port P] [--db PATH] [--public-url URL] [--expire-days N]
    python app.py [--db …] tables | expire | export | import | check

The command lives in companion/cli.py. `flask --app app COMMAND` finds `create_app` here: the app
on the store named by COMPANION_DB, for the keeper's commands (companion/commands.py).
"""
from __future__ import annotations

import sys

from companion.cli import DEFAULT_PORT, build_app, lan_address, main, parse_args, start_expiry, trusted_hosts  # noqa: F401
from companion.cli import app_from_environment as create_app  # noqa: F401

if __name__ == "__main__":
    sys.exit(main())
