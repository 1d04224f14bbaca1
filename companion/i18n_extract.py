"""Babel extractors for the words that are not literals in a `_()` call: registered in babel.cfg, run
by `pybabel extract` (tools/translations.py), never imported by the app.

- `extract_game` (companion/games/*.py): the module's marked strings (Babel's Python extractor), plus
  what its `GAME = Game(...)` declares that the web layer translates: the blurb and the players
  (home page, `|t`), the move names the undo button shows ("Undo %(move)s": `play_trick` reads
  "play trick") and the field labels a refusal names ("%(label)s must be a whole number.").
- `extract_deck` (decks/*.toml): the values of the keys babel.cfg lists, names that templates show
  with `|t` (a feature's name, a die face's verb...), wherever they are in the file.
"""
from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path
from typing import IO, Any, Collection, Iterator, Mapping

from babel.messages.extract import extract_python

ROOT = Path(__file__).resolve().parent.parent
MOVE_COMMENT = "A move's name on the undo button (\"Undo %(move)s\")."
LABEL_COMMENT = "A field's name inside refusals (\"%(label)s must be a whole number.\")."


def move_name(move: str) -> str:
    """How the undo button names a move (companion/engine/reading.py): `play_trick` -> "play trick"."""
    return move.replace("_", " ")


def game_words(game) -> Iterator[tuple[str, str]]:
    """(word, comment) for every word a Game declaration shows through the web layer's |t filter."""
    from .fields import label_of     # the label a refusal shows: the field's own, else its name
    yield game.blurb, "The game's line on the home page."
    if re.search(r"[^\W\d_]", game.players):          # "2" or "1–4" need no translation, "any" does
        yield game.players, "How many play, on the home page (\"Players: %(players)s\")."
    for name, move in game.moves.items():
        yield move_name(name), MOVE_COMMENT
        for field_name, spec in move.fields.items():
            yield label_of(field_name, spec), LABEL_COMMENT
    for field_name, spec in game.options.items():
        yield label_of(field_name, spec), LABEL_COMMENT


def extract_game(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                 options: Mapping[str, Any]) -> Iterator[tuple]:
    source = fileobj.read()
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)
    module = importlib.import_module(_module_name(Path(fileobj.name)))
    game = getattr(module, "GAME", None)
    if game is None:                                   # base.py, the registry
        return
    lines = source.decode("utf-8").splitlines()
    declared = next((i for i, line in enumerate(lines, 1) if line.startswith("GAME =")), 1)
    for word, comment in game_words(game):
        yield declared, None, word, [comment]


def _module_name(path: Path) -> str:
    return ".".join(path.resolve().relative_to(ROOT).with_suffix("").parts)


def extract_deck(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                 options: Mapping[str, Any]) -> Iterator[tuple]:
    """babel.cfg options: `keys`, the keys whose values (a string or a list of strings) are names
    shown with |t; `capitalised`, keys whose lists hold lower-case ids a template shows capitalised
    and then translates (`(c|capitalize)|t`)."""
    source = fileobj.read().decode("utf-8")
    keys = set(options.get("keys", "").replace(",", " ").split())
    capitalised = set(options.get("capitalised", "").replace(",", " ").split())
    lines = source.splitlines()
    for path, text in _words(tomllib.loads(source), keys | capitalised, ()):
        lineno = next((i for i, line in enumerate(lines, 1) if f'"{text}"' in line), 1)
        shown = text.capitalize() if path[-1] in capitalised else text     # as Jinja's |capitalize
        yield lineno, None, shown, [f"Game data: {'.'.join(path)}"]


def _words(node: Any, keys: set, path: tuple) -> Iterator[tuple[tuple, str]]:
    """(key path, string) for each string under one of `keys`, at any depth."""
    if isinstance(node, dict):
        for key, value in node.items():
            strings = [value] if isinstance(value, str) else value if _strings(value) else None
            if key in keys and strings:
                yield from (((*path, key), s) for s in strings)
            else:
                yield from _words(value, keys, (*path, key))
    elif isinstance(node, list):
        for item in node:
            yield from _words(item, keys, path)


def _strings(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)
