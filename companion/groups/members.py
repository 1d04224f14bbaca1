"""A group as a plain JSON-able document, and the changes its members and host make to it.

    {"name": "Friday cats", "created_at": t, "host": token hash,
     "members": [{"id": 1, "name": "Ann", "aliases": ["Anne"], "devices": [token hash, ...],
                  "joined_at": t}],
     "next_member": 2,
     "needs": None | {"items": [{"id", "text", "icon"}], "next": n},   (see needs.py)
     "tables": [{"code": "K7PXM3", "at": t}]}

A person is one member: the same name rules as at a table (companion/names.py: look-alike names are
one name), and a name once used by a member (a rename, a merge) stays theirs as an alias, so the
games recorded under it stay theirs too. Records name players by the name they sat under; stats.py
maps those names to members through `name_keys`.
"""
from __future__ import annotations

import hashlib
import secrets

from .. import names
from ..errors import N_, BadInput, Forbidden, RuleError
from ..fields import Text, parse

# Unguessable: 12 characters of an alphabet easy to read aloud, about 59 bits (a table code has 30
# and relies on rate limits; a group's link is its only key and lives for years).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 12
MAX_MEMBERS = 60
MAX_DEVICES = 8             # devices one member is known on (the newest kept)
MAX_TABLES = 2000           # tables one group remembers (a table a week for decades)
GROUP_NAME_FIELD = {"name": Text(label=N_("group name"), min_len=1, max_len=40)}
MEMBER_NAME_FIELD = {"name": Text(label=N_("name"), min_len=1, max_len=32)}


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(code: str) -> str | None:
    code = (code or "").strip().upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def group_name(getlist) -> str:
    return names.clean(parse(GROUP_NAME_FIELD, getlist)["name"])


def member_name(getlist) -> str:
    return names.clean(parse(MEMBER_NAME_FIELD, getlist)["name"])


def new_group(name: str, host_hash: str, now: float) -> dict:
    return {"name": name, "created_at": now, "host": host_hash, "members": [], "next_member": 1,
            "needs": None, "tables": []}


def is_host(group: dict, token: str | None) -> bool:
    return bool(token) and secrets.compare_digest(token_hash(token), group["host"])


def member_by_token(group: dict, token: str | None) -> dict | None:
    if not token:
        return None
    mine = token_hash(token)
    return next((m for m in group["members"] if any(secrets.compare_digest(d, mine) for d in m["devices"])), None)


def member_by_id(group: dict, member_id: int) -> dict | None:
    return next((m for m in group["members"] if m["id"] == member_id), None)


def name_keys(member: dict) -> set[str]:
    """Every name the member is known by, as names.key compares them."""
    return {names.key(n) for n in [member["name"], *member.get("aliases", [])]}


def member_by_name(group: dict, name: str) -> dict | None:
    key = names.key(name)
    return next((m for m in group["members"] if key in name_keys(m)), None)


def join(group: dict, name: str, token: str, now: float) -> dict:
    """This device becomes the member of that name: a new member, or a member's new device (the
    group's link is its key: whoever holds it is one of the friends). Returns the member."""
    member = member_by_name(group, name)
    if member is None:
        if len(group["members"]) >= MAX_MEMBERS:
            raise RuleError("This group is full (%(members)s members).", members=MAX_MEMBERS)
        member = {"id": group["next_member"], "name": name, "aliases": [], "devices": [], "joined_at": now}
        group["next_member"] += 1
        group["members"].append(member)
    device = token_hash(token)
    for someone in group["members"]:    # a device is one person in a group, listed once
        someone["devices"] = [d for d in someone["devices"] if d != device]
    member["devices"] = (member["devices"] + [device])[-MAX_DEVICES:]
    return member


def _require_host(group: dict, host_token: str | None) -> None:
    if not is_host(group, host_token):
        raise Forbidden("Only the group's host (the screen that started it) can do that.")


def rename(group: dict, host_token: str | None, member_id: int, new_name: str) -> dict:
    """The host renames a member; the old name stays theirs (their recorded games carry it)."""
    _require_host(group, host_token)
    member = member_by_id(group, member_id)
    if member is None:
        raise BadInput("That person is not in this group.")
    other = member_by_name(group, new_name)
    if other is not None and other is not member:
        raise RuleError("%(name)s is already someone in this group: merge the two instead.", name=other["name"])
    if names.key(new_name) != names.key(member["name"]) and member["name"] not in member["aliases"]:
        member["aliases"].append(member["name"])
    member["aliases"] = [a for a in member["aliases"] if names.key(a) != names.key(new_name)]
    member["name"] = new_name
    return member


def merge(group: dict, host_token: str | None, keep_id: int, gone_id: int) -> dict:
    """Two members are one person (Ann and Anne): `gone` joins `keep` with its names, its devices
    and so its games."""
    _require_host(group, host_token)
    keep, gone = member_by_id(group, keep_id), member_by_id(group, gone_id)
    if keep is None or gone is None:
        raise BadInput("That person is not in this group.")
    if keep is gone:
        raise BadInput("Pick two different people to merge.")
    keys = name_keys(keep)
    for alias in [gone["name"], *gone["aliases"]]:
        if names.key(alias) not in keys:
            keep["aliases"].append(alias)
            keys.add(names.key(alias))
    keep["devices"] = (keep["devices"] + [d for d in gone["devices"] if d not in keep["devices"]])[-MAX_DEVICES:]
    group["members"] = [m for m in group["members"] if m is not gone]
    return keep


def add_table(group: dict, code: str, now: float) -> None:
    group["tables"] = (group["tables"] + [{"code": code, "at": now}])[-MAX_TABLES:]


def public_members(group: dict) -> list[dict]:
    """Members as a page shows them: never a device's token hash."""
    return [{"id": m["id"], "name": m["name"], "aliases": list(m["aliases"])} for m in group["members"]]
