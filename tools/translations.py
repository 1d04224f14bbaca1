"""Keeps the translations current, in one command (translations/README.md):

    python tools/translations.py

It runs Babel's own three steps, nothing else:

1. `pybabel extract` into translations/messages.pot (not kept in git): babel.cfg says which files are
   read and how (templates, Python, and companion/i18n_extract.py for the names in decks/*.toml and
   what each game's GAME declares), KEYWORDS below which calls mark a string;
2. `pybabel update` of translations/<lang>/LC_MESSAGES/messages.po, the file translators edit: new
   English arrives with an empty msgstr (or a `#, fuzzy` guess from a similar one), English that
   left the source stays at the end as an obsolete `#~` entry, every translation is kept;
3. `pybabel compile` into messages.mo (not kept in git; the app also compiles it at start-up when
   the .po is newer), then lists every message still without German."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "translations"
POT = TRANSLATIONS / "messages.pot"
GERMAN = TRANSLATIONS / "de" / "LC_MESSAGES" / "messages.po"
# The refusals raised by the rules (companion/errors.py) and the sentences given to error_page()
# are marked by their call, like _() in a template.
KEYWORDS = ("_", "gettext", "ngettext:1,2", "N_", "RuleError", "BadInput", "Forbidden", "error_page:2")


def pybabel(*args: str) -> list[str]:
    # `python -m` puts the working directory (ROOT) on sys.path: babel.cfg's extractors live in it.
    return [sys.executable, "-m", "babel.messages.frontend", *args]


def extract_command(out: Path) -> list[str]:
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    return pybabel("-q", "extract", "-F", "babel.cfg", *keywords, "--add-location=file", "--sort-output",
                   "--project=Cat Table Companion", "-o", str(out), ".")


def update_command(pot: Path, directory: Path = TRANSLATIONS, *more: str) -> list[str]:
    # The .po keeps its POT-Creation-Date: a date changing on every run would make every two
    # branches that touched words conflict on that line.
    return pybabel("update", "-i", str(pot), "-d", str(directory), "--ignore-pot-creation-date", *more)


def untranslated(po: Path) -> list[str]:
    from babel.messages.pofile import read_po
    with po.open("rb") as fh:
        catalogue = read_po(fh)
    return [m.id if isinstance(m.id, str) else m.id[0] for m in catalogue
            if m.id and (m.fuzzy or not all(_strings(m)))]


def _strings(message) -> tuple:
    return (message.string,) if isinstance(message.string, str) else tuple(message.string)


def main() -> None:
    for command in (extract_command(POT), update_command(POT),
                    pybabel("compile", "-d", str(TRANSLATIONS), "--statistics")):
        subprocess.run(command, cwd=ROOT, check=True)
    missing = untranslated(GERMAN)
    print(f"{len(missing)} without German (or marked fuzzy) in {GERMAN.relative_to(ROOT)}",
          *missing, sep="\n  ")


if __name__ == "__main__":
    main()
