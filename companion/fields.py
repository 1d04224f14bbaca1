"""Declarative, bounded parsing of form fields.

Every move and every table option declares its fields here, so each client input has a bound and a
clear sentence when it is wrong, and a move function only ever sees clean Python values.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from .errors import BadInput

MAX_TEXT = 200  # no single text field anywhere needs more


def _label(name: str, spec: "Field") -> str:
    return spec.label or name.replace("_", " ")


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
            raise BadInput(f"Give one value for {_label(name, self)}.")
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
            raise BadInput(f"{_label(name, self).capitalize()} must be a whole number.")
        value = int(text)
        if not self.min <= value <= self.max:
            raise BadInput(f"{_label(name, self).capitalize()} must be between {self.min} and {self.max}.")
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
            raise BadInput(f"{_label(name, self).capitalize()} must be one of: {shown}.")
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
        raise BadInput(f"{_label(name, self).capitalize()} must be yes or no.")


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
            raise BadInput(f"{_label(name, self).capitalize()} has characters that cannot be shown.")
        if len(text) > min(self.max_len, MAX_TEXT):
            raise BadInput(f"{_label(name, self).capitalize()} can be at most {self.max_len} characters.")
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
            raise BadInput(f"{_label(name, self).capitalize()} is too long.")
        items = [" ".join(p.split()) for p in text.replace("\n", ",").split(",")]
        items = [i for i in items if i]
        if any(len(i) > self.item_max_len for i in items):
            raise BadInput(f"Each entry of {_label(name, self)} can be at most {self.item_max_len} characters.")
        if any(any(ord(c) < 32 for c in i) for i in items):
            raise BadInput(f"{_label(name, self).capitalize()} has characters that cannot be shown.")
        if not self.min_items <= len(items) <= self.max_items:
            raise BadInput(f"{_label(name, self).capitalize()} needs {self.min_items} to {self.max_items} entries, separated by commas.")
        if self.unique and len({i.casefold() for i in items}) != len(items):
            raise BadInput(f"The entries of {_label(name, self)} must all be different.")
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
            raise BadInput(f"Pick {self.min_items} to {self.max_items} for {_label(name, self)}.")
        for v in values:
            if v not in self.choices:
                # Echo the value only when it is short, printable text: never control characters.
                shown = f": '{v}'" if len(v) <= 40 and v.isprintable() else ""
                raise BadInput(f"{_label(name, self).capitalize()} has an unknown choice{shown}.")
        if len(set(values)) != len(values):
            raise BadInput(f"Pick each {_label(name, self)} only once.")
        return values


def parse(fields: Mapping[str, Field], getlist: Callable[[str], list[str]]) -> dict[str, Any]:
    """Parse every declared field from a multi-dict accessor. Unknown keys are ignored."""
    out: dict[str, Any] = {}
    for name, spec in fields.items():
        raw = getlist(name)
        if len(raw) > 50 or any(len(v) > 4000 for v in raw):
            raise BadInput(f"{_label(name, spec).capitalize()} is too long.")
        value = spec.parse(name, raw)
        if value is None:
            if spec.required and spec.default is None:
                if isinstance(spec, ChoiceList):
                    raise BadInput(f"Pick at least {spec.min_items} for {_label(name, spec)}.")
                raise BadInput(f"{_label(name, spec).capitalize()} is missing.")
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
