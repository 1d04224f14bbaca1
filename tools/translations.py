"""Keeps the translations current, in one command:

    python tools/translations.py

1. extracts every marked string into translations/messages.pot: `_()`, `gettext()` and `ngettext()`
   in templates and the web layer, and the refusal sentences raised by the rules
   (`RuleError("…")`, `BadInput("…")`, `Forbidden("…")`, `N_("…")`, see companion/errors.py) and
   passed to `error_page(status, "…")`;
2. writes the German catalogue, translations/de/LC_MESSAGES/messages.po and .mo, from the English ->
   German pairs in tools/de/*.py (plain Python, one file per area of the app), for the messages of
   messages.pot and of translations/names/*.pot (names that come from game data, which extraction
   cannot see; names/moves.pot, the move names the undo button shows, is written from the games'
   registry);
3. lists what has no German yet (tests/web/test_i18n_web.py fails on any)."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "translations" / "messages.pot"
NAMES = ROOT / "translations" / "names"
GERMAN = ROOT / "translations" / "de" / "LC_MESSAGES"
KEYWORDS = ("_", "gettext", "ngettext:1,2", "N_", "RuleError", "BadInput", "Forbidden", "error_page:2")


def extract_command(out: Path) -> list[str]:
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    return [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", *keywords,
            "--no-location", "--sort-output", "-o", str(out), "."]


def move_names() -> list[str]:
    """Every game's move names as the undo button shows them ("play trick"): they come from the
    registry, not from a literal, so extraction cannot see them; main() writes them to
    names/moves.pot."""
    sys.path.insert(0, str(ROOT))
    from companion import games
    return sorted({name.replace("_", " ") for entry in games.catalogue() if entry.game
                   for name in entry.game.moves})


def write_move_names() -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po
    catalog = Catalog(project="Cat Table Companion", fuzzy=False)
    for name in move_names():
        catalog.add(name)
    with open(NAMES / "moves.pot", "wb") as fh:
        write_po(fh, catalog, sort_output=True, omit_header=True)


def german_pairs() -> tuple[dict, dict]:
    singular, plural, clashes = {}, {}, []
    for path in sorted((ROOT / "tools" / "de").glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"de_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        clashes += [f"{path.name}: {msgid!r} is {module.DE[msgid]!r}, elsewhere {singular[msgid]!r}"
                    for msgid in sorted(set(singular) & set(module.DE)) if singular[msgid] != module.DE[msgid]]
        singular.update(module.DE)
        plural.update(getattr(module, "PLURALS", {}))
    if clashes:   # one sentence, one German: the app should speak one language, not two dialects
        raise SystemExit("\n".join(["Translated differently in two files:", *clashes]))
    return singular, plural


def write_german() -> list[str]:
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po, write_po

    singular, plural = german_pairs()
    catalog = Catalog(locale="de", project="Cat Table Companion", fuzzy=False)
    missing = []
    for source in (POT, *sorted(NAMES.glob("*.pot"))):
        with open(source, "rb") as fh:
            for message in read_po(fh):
                if not message.id:
                    continue
                if isinstance(message.id, tuple):
                    catalog.add(message.id, plural.get(message.id[0], ("", "")))
                    found = message.id[0] in plural
                else:
                    catalog.add(message.id, singular.get(message.id, ""))
                    found = message.id in singular
                if not found:
                    missing.append(message.id if isinstance(message.id, str) else message.id[0])
    GERMAN.mkdir(parents=True, exist_ok=True)
    with open(GERMAN / "messages.po", "wb") as fh:
        write_po(fh, catalog, sort_output=True, omit_header=False)
    with open(GERMAN / "messages.mo", "wb") as fh:
        write_mo(fh, catalog)
    print(f"{len(catalog)} messages, {len(missing)} without German", *missing, sep="\n  ")
    return missing


def main() -> None:
    subprocess.run(extract_command(POT), cwd=ROOT, check=True, capture_output=True)
    write_move_names()
    write_german()


if __name__ == "__main__":
    main()
