"""A group as one JSON file: export, and the checks an import passes before anything is written.

The file holds the group's name, its members (names and former names: no device credentials, no
host credential), its own Needs deck (or none: the original) and the record of every game played at
its tables. Importing it on another server makes a new group there, held by the importing screen;
members join it from their phones by their names, and every game they played is theirs again.

An import is all or nothing: `parse` refuses a file that is not such a group, or is too big, with a
sentence (BadInput) before the service writes anything.
"""
from __future__ import annotations

import json
import math

from .. import names
from ..errors import BadInput
from ..engine import normalise_code as normalise_table_code
from . import members as group_members
from . import needs as group_needs

FORMAT = "cat-table-companion/group"
VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
MAX_GAMES = 20_000
MAX_SIDES = 12
MAX_ROUNDS = 200
NAME_MOST = 40


def export(group: dict, entries: list[dict]) -> dict:
    own = group.get("needs")
    return {"format": FORMAT, "version": VERSION, "name": group["name"], "created_at": group["created_at"],
            "members": [{"name": m["name"], "aliases": list(m["aliases"])} for m in group["members"]],
            "needs": [dict(n) for n in own["items"]] if own else None,
            "games": [{"table": e["table"], "record": e["record"]} for e in entries]}


class _Refused(Exception):
    pass


def _need(cond: bool) -> None:
    if not cond:
        raise _Refused()


def _text(value, most: int = NAME_MOST) -> str:
    _need(isinstance(value, str) and 0 < len(value) <= most)
    return value


def _number(value) -> float | int | None:
    if value is None:
        return None
    _need(isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value))
    return value


def _scores(value, sides: set[str]) -> dict:
    _need(isinstance(value, dict) and len(value) <= MAX_SIDES)
    return {_text(k): _number(v) for k, v in value.items()}


def _record(raw) -> dict:
    _need(isinstance(raw, dict))
    players = raw.get("players")
    _need(isinstance(players, list) and len(players) <= MAX_SIDES)
    players = [_text(p) for p in players]
    sides = set(players)
    winners = raw.get("winners") or []
    _need(isinstance(winners, list) and all(w in sides for w in winners))
    record = {"number": raw.get("number"), "game": _text(raw.get("game")), "title": _text(raw.get("title"), 80),
              "started_at": _number(raw.get("started_at")), "finished_at": _number(raw.get("finished_at")),
              "players": players, "winners": list(winners), "scores": _scores(raw.get("scores") or {}, sides),
              "places": {}, "rounds": []}
    _need(isinstance(record["number"], int) and not isinstance(record["number"], bool) and record["number"] > 0)
    _need(record["finished_at"] is not None)
    places = raw.get("places") or {}
    _need(isinstance(places, dict) and len(places) <= MAX_SIDES)
    record["places"] = {_text(k): _number(v) for k, v in places.items()}
    rounds = raw.get("rounds") or []
    _need(isinstance(rounds, list) and len(rounds) <= MAX_ROUNDS)
    for entry in rounds:
        _need(isinstance(entry, dict) and isinstance(entry.get("round"), (int, str)) and not isinstance(entry.get("round"), bool))
        record["rounds"].append({"round": entry["round"], "scores": _scores(entry.get("scores") or {}, sides)})
    if raw.get("members") is not None:
        named = raw["members"]
        _need(isinstance(named, dict) and len(named) <= MAX_SIDES)
        record["members"] = {}
        for side, people in named.items():
            _need(isinstance(people, list) and len(people) <= 24)
            record["members"][_text(side)] = [_text(p) for p in people]
    for flag in ("unfinished", "coop"):
        if flag in raw:
            _need(isinstance(raw[flag], bool))
            record[flag] = raw[flag]
    details = raw.get("details")
    if details is not None:
        _need(isinstance(details, dict))
        solo = details.get("solo")
        if solo is not None:
            _need(isinstance(solo, dict))
            record["details"] = {"solo": {"level": _text(solo.get("level")), "target": _number(solo.get("target"))}}
    return record


def parse(body: bytes) -> dict:
    """The file as {"name", "members": [{"name", "aliases"}], "needs": list | None, "games": [...]},
    or BadInput with a sentence. Every name passes the same rules as at a table."""
    if len(body) > MAX_BYTES:
        raise BadInput("That file is too big for a group (at most %(megabytes)s MB).", megabytes=MAX_BYTES // (1024 * 1024))
    try:
        raw = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):   # RecursionError: "[[[[…" nested too deep
        raise BadInput("That file is not a group exported by the Cat Table Companion.") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise BadInput("That file is not a group exported by the Cat Table Companion.")
    if raw.get("version") != VERSION:
        raise BadInput("That group file comes from another version of the Cat Table Companion.")
    try:
        name = names.clean(_text(raw.get("name")))
        people = raw.get("members")
        _need(isinstance(people, list) and len(people) <= group_members.MAX_MEMBERS)
        members, keys = [], set()
        for person in people:
            _need(isinstance(person, dict))
            aliases = person.get("aliases") or []
            _need(isinstance(aliases, list) and len(aliases) <= 40)
            member = {"name": names.clean(_text(person.get("name"))), "aliases": [names.clean(_text(a)) for a in aliases]}
            mine = {names.key(n) for n in [member["name"], *member["aliases"]]}
            _need(not mine & keys)          # two members sharing a name would be one person
            keys |= mine
            members.append(member)
        own = raw.get("needs")
        if own is not None:
            _need(isinstance(own, list) and min(group_needs.communicat_rules.DIFFICULTIES.values()) < len(own) <= group_needs.MAX_NEEDS)
            seen = set()
            checked = []
            for need in own:
                _need(isinstance(need, dict) and group_needs.ID_PATTERN.match(str(need.get("id", ""))) is not None)
                _need(need["id"] not in seen)
                seen.add(need["id"])
                checked.append({"id": need["id"], "text": _text(need.get("text"), 60), "icon": _text(need.get("icon"), 16)})
            own = checked
        games = raw.get("games")
        _need(isinstance(games, list) and len(games) <= MAX_GAMES)
        entries, seen_games = [], set()
        for game in games:
            _need(isinstance(game, dict))
            table = normalise_table_code(str(game.get("table", ""))[:20])
            _need(table is not None and table == game.get("table"))
            record = _record(game.get("record"))
            _need((table, record["number"]) not in seen_games)
            seen_games.add((table, record["number"]))
            entries.append({"table": table, "record": record})
    except (_Refused, BadInput):
        raise BadInput("That group file is damaged: nothing was imported.") from None
    return {"name": name, "members": members, "needs": own, "games": entries}


def imported_group(parsed: dict, host_hash: str, now: float) -> dict:
    group = group_members.new_group(parsed["name"], host_hash, now)
    for person in parsed["members"]:
        group["members"].append({"id": group["next_member"], "name": person["name"], "aliases": person["aliases"],
                                 "devices": [], "joined_at": now})
        group["next_member"] += 1
    if parsed["needs"]:
        numbers = [int(n["id"][1:]) for n in parsed["needs"] if n["id"][:1] == "n" and n["id"][1:].isdigit()]
        group["needs"] = {"items": parsed["needs"], "next": max(numbers, default=0) + 1}
    return group
