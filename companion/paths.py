"""Where the app's own files are: templates/, static/, decks/ and translations/. In a checkout they sit
beside the companion package at the top of the repository; an installed wheel carries them inside the
package (pyproject.toml maps them there), so `cat-table-companion` runs from any folder.
"""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def _data_root() -> Path:
    return PACKAGE if (PACKAGE / "templates").is_dir() else PACKAGE.parent


DATA = _data_root()
TEMPLATES = DATA / "templates"
STATIC = DATA / "static"
DECKS = DATA / "decks"
TRANSLATIONS = DATA / "translations"
# The checkout's instance/ folder (the default database's home); None when installed, where Flask's
# own default applies (<venv>/var/companion-instance): site-packages is no place for a database.
CHECKOUT_INSTANCE = None if DATA == PACKAGE else DATA / "instance"
