"""docs/ARCHITECTURE.md is true of the code: every module its map ("The shape") names exists, and every
module of companion/ outside the games (a game is its own files, found by the registry: a new one
touches nothing else) is on it."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "ARCHITECTURE.md"


def named_on_the_map() -> set[str]:
    """The paths the map names: each line's first word is a file or folder, indented under its folder."""
    text = DOC.read_text(encoding="utf-8")
    block = text.split("## The shape", 1)[1].split("```", 2)[1]
    folders: list[tuple[int, str]] = []
    names = set()
    for line in block.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        word = line.split()[0].rstrip(",")
        if indent >= 20 or not re.fullmatch(r"[\w.*/-]+", word):
            continue                             # a description's next line
        folders = [(i, f) for i, f in folders if i < indent]
        path = "".join(f for _, f in folders) + word
        if word.endswith("/"):
            folders.append((indent, word))
        names.add(path)
    return names


def test_every_module_the_map_names_exists():
    missing = [name for name in named_on_the_map()
               if name.startswith("companion/") and "*" not in name and not (ROOT / name).exists()]
    assert missing == []


def test_every_module_of_companion_is_on_the_map():
    named = named_on_the_map()
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "companion").rglob("*.py")
               if "games" not in p.parts and "parts" not in p.parts and p.name != "__main__.py"}
    unnamed = sorted(m for m in modules if m not in named and not (m.endswith("__init__.py")
                                                                  and str(Path(m).parent) + "/" in named))
    assert unnamed == [], "name them in docs/ARCHITECTURE.md's map"
