"""Declarative, bounded parsing of form fields.

Every move and every table option declares its fields here, so each client input has a bound and a
clear sentence when it is wrong, and a move function only ever sees clean Python values.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .errors import BadInput, Term

MAX_TEXT = 200  # no single text field anywhere needs more


def label_of(name: str, spec: "Field") -> Term:
    """The label a refusal names a field by: its own, else its name (i18n_extract marks each for translation)."""
    return Term(spec.label or name.replace("_", " "))


@dataclass(frozen=True)
class Field:
    label: str = ""
    required: bool = True
    default: Any = None

    def parse(self, name: str, raw: list[str]) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _one(self, name: str, raw: list[str]) -> str | None:
        values = [v for v in raw if v != ""]
        if not values:
            return None
        if len(values) > 1:
            raise BadInput("Give one value for %(label)s.", label=label_of(name, self))
        return values[0]


@dataclass(frozen=True)
class Int(Field):
    min: int = 0
    max: int = 1000

    def parse(self, name, raw):
        text = self._one(name, raw)
        if text is None:
            return None
        text = text.strip()
        digits = text[1:] if text[:1] in "+-" else text
        # isascii: str.isdigit() accepts "¹" and "٣", which int() refuses or reads differently.
        if len(text) > 12 or not (digits.isascii() and digits.isdigit()):
            raise BadInput("%(label)s must be a whole number.", label=label_of(name, self))
        value = int(text)
        if not self.min <= value <= self.max:
            raise BadInput("%(label)s must be between %(min)s and %(max)s.",
                           label=label_of(name, self), min=self.min, max=self.max)
        return value


@dataclass(frozen=True)
class Choice(Field):
    choices: Sequence[str] = ()

    def parse(self, name, raw):
        text = self._one(name, raw)
        if text is None:
            return None
        if text not in self.choices:
            shown = ", ".join(self.choices[:12]) + ("…" if len(self.choices) > 12 else "")
            raise BadInput("%(label)s must be one of: %(shown)s.", label=label_of(name, self), shown=shown)
        return text


@dataclass(frozen=True)
class Bool(Field):
    required: bool = False
    default: Any = False

    def parse(self, name, raw):
        text = self._one(name, raw)
        if text is None:
            return None
        lowered = text.strip().lower()
        if lowered in ("1", "true", "on", "yes"):
            return True
        if lowered in ("0", "false", "off", "no"):
            return False
        raise BadInput("%(label)s must be yes or no.", label=label_of(name, self))


@dataclass(frozen=True)
class Text(Field):
    min_len: int = 1
    max_len: int = 40

    def parse(self, name, raw):
        text = self._one(name, raw)
        if text is None:
            return None
        # Collapse runs of white space so "Ann " and "Ann" are one name.
        text = " ".join(text.split())
        if any(ord(c) < 32 for c in text):
            raise BadInput("%(label)s has characters that cannot be shown.", label=label_of(name, self))
        if len(text) > min(self.max_len, MAX_TEXT):
            raise BadInput("%(label)s can be at most %(max_len)s characters.",
                           label=label_of(name, self), max_len=self.max_len)
        if len(text) < self.min_len:
            return None
        return text


@dataclass(frozen=True)
class TextList(Field):
    """Several short texts in one field, separated by commas or new lines ("Red, Blue, Green")."""
    item_max_len: int = 30
    min_items: int = 1
    max_items: int = 20
    unique: bool = True

    def parse(self, name, raw):
        text = self._one(name, raw)
        if text is None:
            return None
        if len(text) > (self.item_max_len + 2) * self.max_items:
            raise BadInput("%(label)s is too long.", label=label_of(name, self))
        items = [" ".join(p.split()) for p in text.replace("\n", ",").split(",")]
        items = [i for i in items if i]
        if any(len(i) > self.item_max_len for i in items):
            raise BadInput("Each entry of %(label)s can be at most %(item_max_len)s characters.",
                           label=label_of(name, self), item_max_len=self.item_max_len)
        if any(any(ord(c) < 32 for c in i) for i in items):
            raise BadInput("%(label)s has characters that cannot be shown.", label=label_of(name, self))
        if not self.min_items <= len(items) <= self.max_items:
            raise BadInput("%(label)s needs %(min_items)s to %(max_items)s entries, separated by commas.",
                           label=label_of(name, self), min_items=self.min_items, max_items=self.max_items)
        if self.unique and len({i.casefold() for i in items}) != len(items):
            raise BadInput("The entries of %(label)s must all be different.", label=label_of(name, self))
        return items


@dataclass(frozen=True)
class ChoiceList(Field):
    """A multi-valued field (checkboxes, repeated keys): each value from `choices`, distinct."""
    choices: Sequence[str] = ()
    min_items: int = 1
    max_items: int = 10

    def parse(self, name, raw):
        values = [v for v in raw if v != ""]
        if len(values) == 1 and "," in values[0]:
            values = [v.strip() for v in values[0].split(",") if v.strip()]
        if not values:
            return None
        if len(values) > self.max_items or len(values) < self.min_items:
            raise BadInput("Pick %(min_items)s to %(max_items)s for %(label)s.",
                           min_items=self.min_items, max_items=self.max_items, label=label_of(name, self))
        for v in values:
            if v not in self.choices:
                # Echo the value only when it is short, printable text: never control characters.
                shown = f": '{v}'" if len(v) <= 40 and v.isprintable() else ""
                raise BadInput("%(label)s has an unknown choice%(shown)s.", label=label_of(name, self), shown=shown)
        if len(set(values)) != len(values):
            raise BadInput("Pick each %(label)s only once.", label=label_of(name, self))
        return values


@dataclass(frozen=True)
class IntList(Field):
    """Several whole numbers in a repeated field (seats ticked in a form), each within bounds, distinct."""
    min: int = 0
    max: int = 10**9
    max_items: int = 12

    def parse(self, name, raw):
        values = [v for v in raw if v != ""]
        if not values:
            return None
        if len(values) > self.max_items:
            raise BadInput("Pick at most %(max_items)s for %(label)s.", max_items=self.max_items,
                           label=label_of(name, self))
        bounded = Int(label=self.label, min=self.min, max=self.max)
        numbers = [bounded.parse(name, [v]) for v in values]
        if len(set(numbers)) != len(numbers):
            raise BadInput("Pick each %(label)s only once.", label=label_of(name, self))
        return numbers


def parse(fields: Mapping[str, Field], getlist: Callable[[str], list[str]]) -> dict[str, Any]:
    """Parse every declared field from a multi-dict accessor. Unknown keys are ignored."""
    out: dict[str, Any] = {}
    for name, spec in fields.items():
        raw = getlist(name)
        if len(raw) > 50 or any(len(v) > 4000 for v in raw):
            raise BadInput("%(label)s is too long.", label=label_of(name, spec))
        value = spec.parse(name, raw)
        if value is None:
            if spec.required and spec.default is None:
                if isinstance(spec, ChoiceList):
                    raise BadInput("Pick at least %(min_items)s for %(label)s.",
                                   min_items=spec.min_items, label=label_of(name, spec))
                raise BadInput("%(label)s is missing.", label=label_of(name, spec))
            value = spec.default
        out[name] = value
    return out


def parse_mapping(fields: Mapping[str, Field], data: Mapping[str, Any]) -> dict[str, Any]:
    """Same as parse() for a plain dict (tests, JSON bodies)."""
    def getlist(key: str) -> list[str]:
        v = data.get(key)
        if v is None:
            return []
        if isinstance(v, (list, tuple)):
            return [str(x) for x in v]
        return [str(v)]
    return parse(fields, getlist)
