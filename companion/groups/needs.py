"""The group's own CommuniCat Needs deck.

Until someone edits it, a group deals the original deck (decks/communicat.toml, each Need shown in
the viewer's language, as at any table: `group["needs"]` is None). The first edit copies the
original into the group in the editor's language (the group's deck is in the group's words from
then on) and changes the copy; "restore" goes back to the original.

A Need is {"id", "text", "icon"}: ids are the original's for copied Needs and "n<number>" for the
group's own, never reused within the group, so a Need dealt at a table keeps its meaning.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Callable

from ..errors import N_, BadInput, RuleError
from ..fields import Text, parse
from ..games import communicat_rules

MAX_NEEDS = 200
NEED_FIELDS = {"text": Text(label=N_("Need"), min_len=1, max_len=60),
               "icon": Text(label=N_("emoji"), min_len=1, max_len=16)}
ID_PATTERN = re.compile(r"^[a-z0-9_]{1,24}$")


def original(translate: Callable[[str], str] = str) -> list[dict]:
    return [{"id": n["id"], "text": translate(n["name"]), "icon": n["icon"]} for n in communicat_rules.NEEDS.values()]


def deck(group: dict, translate: Callable[[str], str] = str) -> list[dict]:
    """The group's Needs as its pages show them."""
    own = group.get("needs")
    return [dict(n) for n in own["items"]] if own else original(translate)


def is_original(group: dict) -> bool:
    return not group.get("needs")


def table_options(group: dict) -> dict:
    """What a CommuniCat table of the group is set up with: its own deck, or nothing (the original,
    shown in each viewer's language)."""
    own = group.get("needs")
    if not own:
        return {}
    return {"needs": [{"id": n["id"], "name": n["text"], "icon": n["icon"]} for n in own["items"]]}


def _one_emoji(icon: str) -> str:
    icon = unicodedata.normalize("NFC", icon.strip())
    if not icon or any(unicodedata.category(c)[0] in "LNZC" and c not in "\u200d\ufe0f" for c in icon):
        raise BadInput("The picture of a Need is one emoji, like 🐟.")
    return icon


def _own(group: dict, translate: Callable[[str], str]) -> dict:
    if not group.get("needs"):
        group["needs"] = {"items": original(translate), "next": 1}
    return group["needs"]


def add(group: dict, getlist, translate: Callable[[str], str] = str) -> dict:
    fields = parse(NEED_FIELDS, getlist)
    text = " ".join(fields["text"].split())
    icon = _one_emoji(fields["icon"])
    current = deck(group, translate)   # checked before the first edit copies the original: a refusal changes nothing
    if any(n["text"].casefold() == text.casefold() for n in current):
        raise RuleError("%(need)s is in the deck already.", need=text)
    if len(current) >= MAX_NEEDS:
        raise RuleError("A deck holds at most %(most)s Needs.", most=MAX_NEEDS)
    own = _own(group, translate)
    need = {"id": f"n{own['next']}", "text": text, "icon": icon}
    own["next"] += 1
    own["items"].append(need)
    return need


def remove(group: dict, need_id: str, translate: Callable[[str], str] = str) -> dict:
    if not ID_PATTERN.match(need_id or ""):
        raise BadInput("There is no such Need in this deck.")
    if not any(n["id"] == need_id for n in deck(group, translate)):
        raise BadInput("There is no such Need in this deck.")
    smallest = min(communicat_rules.DIFFICULTIES.values()) + 1
    if len(deck(group, translate)) <= smallest:
        raise RuleError("The deck needs at least %(least)s Needs for the easiest game; add one before removing another.",
                        least=smallest)
    own = _own(group, translate)
    need = next(n for n in own["items"] if n["id"] == need_id)
    own["items"] = [n for n in own["items"] if n is not need]
    return need


def restore(group: dict) -> None:
    group["needs"] = None


def enough_for(count: int) -> list[str]:
    """The difficulties a deck of `count` Needs can deal (a layout and one more, so the Cat never
    gets the same Need twice in a row)."""
    return [d for d, n in communicat_rules.DIFFICULTIES.items() if count >= n + 1]
