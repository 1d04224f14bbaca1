"""Transitional: folds German written the old way, a file tools/de/new_<branch>.py with `DE = {english:
german}` and `PLURALS = {singular: (one, many)}`, into translations/de/LC_MESSAGES/messages.po.
Delete this file once no branch has such a file left (translations/README.md).

    python tools/translations.py                    # with the branch's English merged: new empty entries
    python tools/fold_german.py tools/de/new_x.py   # fills them from the file
    python tools/translations.py                    # compiles; reports what still has no German
    git rm tools/de/new_x.py

It only fills entries that `pybabel update` made from the source: German for English that is not in
the source (yet) is listed, not added, and German that differs from what messages.po already says is
listed, not overwritten (one sentence, one German)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

GERMAN = Path(__file__).resolve().parent.parent / "translations" / "de" / "LC_MESSAGES" / "messages.po"


def fold(pairs_file: Path, po: Path = GERMAN) -> list[str]:
    """Fills po from pairs_file; returns a line for each pair it could not fold."""
    spec = importlib.util.spec_from_file_location(f"german_{pairs_file.stem}", pairs_file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with po.open("rb") as fh:
        catalogue = read_po(fh)
    left = []
    pairs = [*module.DE.items(), *((s, tuple(forms)) for s, forms in getattr(module, "PLURALS", {}).items())]
    for english, german in pairs:
        message = catalogue.get(english)
        if message is None:
            left.append(f"not in the source: {english!r}")
        elif _has_german(message) and not message.fuzzy and message.string != german:
            left.append(f"already {message.string!r}, not {german!r}: {english!r}")
        else:
            message.string = german
            message.flags.discard("fuzzy")
    with po.open("wb") as fh:
        write_po(fh, catalogue)                       # as `pybabel update` writes it
    return left


def _has_german(message) -> bool:
    return bool(message.string) if isinstance(message.string, str) else any(message.string)


if __name__ == "__main__":
    problems = [line for path in sys.argv[1:] for line in fold(Path(path))]
    print(*problems, sep="\n")
    sys.exit(1 if problems else 0)
