"""The kinds of refusal a player can meet. Framework-free: parts and games raise them, the web layer
turns them into 4xx answers with the sentence shown to the player, in the viewer's language.

A refusal keeps its English template and its values apart, so the sentence can be translated where
the viewer is known (`Refusal.sentence(gettext)`, called by companion/web/security.py `refusal_text`),
not where the rule is checked:

    raise RuleError("It is %(name)s's turn.", name=ctx.name_of(seat))

`str(exc)` is the English sentence. The template must be a string literal at the raise site (or
wrapped in `N_()` where it is kept elsewhere): extraction finds it there, and
tests/unit/test_refusals_marked.py fails on an f-string or a built-up sentence.
"""
from __future__ import annotations

from typing import Callable


def N_(template: str) -> str:
    """Marks a sentence kept in a constant for translation; it is translated when shown."""
    return template


class Term(str):
    """A value inside a refusal that is itself a word to translate (a field's label, a feature's
    name from game data), as opposed to a player's name or a number, which are shown as they are."""


class Refusal(Exception):
    def __init__(self, template: str, **values):
        self.template = template
        self.values = values
        super().__init__(self.sentence())

    def sentence(self, translate: Callable[[str], str] = str) -> str:
        """The sentence in `translate`'s language (a gettext; English without one): the template and
        the values that are words (Term) translated, the values put in, and a capital first letter,
        since a template may start with a value ("%(label)s must be…")."""
        values = {k: translate(v) if isinstance(v, Term) else v for k, v in self.values.items()}
        text = translate(self.template)
        text = text % values if values else text
        return text[:1].upper() + text[1:]


class BadInput(Refusal, ValueError):
    """A field is missing, malformed or out of range (HTTP 400)."""


class RuleError(Refusal):
    """The move is well-formed but the rules (or the table's situation) forbid it (HTTP 409)."""


class Forbidden(Refusal):
    """This viewer may not do that: not their seat, not the host (HTTP 403)."""
