"""The group's record and its statistics, computed from the records of the games played at its
tables (companion/records.py writes one per game; the store keeps them per table, and a group keeps
the records of its tables once they expire: service.py).

Input: `entries`, each {"table": code, "record": record}. A record names its sides (`players`: a
person, or a team with its people in `members`), `winners`, final `scores`, `started_at` and
`finished_at`. A record may say `"unfinished": true` (ended early: played, won by nobody) and
`"coop": true` (everyone at the table wins or loses together); a record from before that flag
existed is co-operative when it is CommuniCat's single side "Together".

People are the group's members: a record's name is mapped to the member who has (or had) it
(`members.name_keys`). A name that is no member's (a guest at the table) still counts as an
opponent, a nemesis or a buddy, but has no row of its own.

No Flask, no storage: plain dicts in, plain dicts out (GET /g/<GROUP>/stats.json is this).
"""
from __future__ import annotations

import time
from collections import Counter, defaultdict
from typing import Iterable

from .. import names
from ..games import communicat, pack_the_essentials, pack_the_essentials_view
from . import members as group_members

COOP_SIDE = "Together"     # CommuniCat's cooperative side (its standing names it so)
BUDDIES_SHOWN = 3


def is_coop(record: dict) -> bool:
    if "coop" in record:
        return bool(record["coop"])
    return record.get("game") == communicat.GAME.id and record.get("players") == [COOP_SIDE]


def is_unfinished(record: dict) -> bool:
    return bool(record.get("unfinished"))


def duration(record: dict) -> float:
    start, end = record.get("started_at"), record.get("finished_at")
    if not isinstance(start, (int, float)) or not isinstance(end, (int, float)):
        return 0.0
    return max(0.0, float(end) - float(start))


class People:
    """Record names -> the group's members (by any name they had), else the name itself."""

    def __init__(self, group: dict):
        self.by_key: dict[str, str] = {}
        self._seen: dict[str, str] = {}
        self.members: list[str] = []
        for member in group["members"]:
            self.members.append(member["name"])
            for key in group_members.name_keys(member):
                self.by_key[key] = member["name"]

    def __call__(self, name: str) -> str:
        if name not in self._seen:        # names.key is the costly part of a long record: once per name
            self._seen[name] = self.by_key.get(names.key(name), name)
        return self._seen[name]

    def is_member(self, person: str) -> bool:
        return person in self.members


def sides(record: dict, person_of: People) -> dict[str, list[str]]:
    """Each side of a record with the people on it (a side without named people is one person)."""
    named = record.get("members") or {}
    out: dict[str, list[str]] = {}
    for side in record.get("players", []):
        people: list[str] = []
        for name in named.get(side) or ([] if side == COOP_SIDE else [side]):
            person = person_of(name)
            if person not in people:
                people.append(person)
        out[side] = people
    return out


def _score(record: dict, side: str) -> float | None:
    value = (record.get("scores") or {}).get(side)
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _top(counter: Counter, key: str, most: int = 1) -> list[dict]:
    # Most first; ties by name, so the same record always names the same rival.
    return [{"name": name, key: count} for name, count in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))[:most]]


def compute(group: dict, entries: Iterable[dict]) -> dict:
    """The whole record: per person, per game, and the evenings, newest first."""
    person_of = People(group)
    entries = sorted(entries, key=lambda e: (e["record"].get("finished_at") or 0, e["table"], e["record"].get("number") or 0))
    rows: dict[str, dict] = {}
    rivals: dict[str, Counter] = defaultdict(Counter)
    nemeses: dict[str, Counter] = defaultdict(Counter)
    buddies: dict[str, Counter] = defaultdict(Counter)
    per_game: dict[str, dict] = {}
    evenings: dict[str, dict] = {}
    for entry in entries:
        record, table = entry["record"], entry["table"]
        coop, unfinished = is_coop(record), is_unfinished(record)
        by_side = sides(record, person_of)
        winners = set() if unfinished else set(record.get("winners") or [])
        winning_people = {p for side in winners for p in by_side.get(side, [])}
        seconds = duration(record)
        game_id = record.get("game", "")
        game = per_game.setdefault(game_id, {"game": game_id, "title": record.get("title", game_id), "played": 0,
                                             "finished": 0, "unfinished": 0, "coop": 0, "winning_scores": [],
                                             "longest": None, "by_evening": {}})
        game["played"] += 1
        game["unfinished" if unfinished else "finished"] += 1
        game["coop"] += coop
        game["by_evening"][table] = game["by_evening"].get(table, 0) + 1
        game["winning_scores"] += [s for side in winners if (s := _score(record, side)) is not None]
        if seconds and (game["longest"] is None or seconds > game["longest"]["seconds"]):
            game["longest"] = {"table": table, "number": record.get("number"), "seconds": round(seconds),
                               "date": _date(record.get("started_at"))}
        evening = evenings.setdefault(table, {"table": table, "date": _date(record.get("started_at")),
                                              "started_at": record.get("started_at") or 0, "games": 0, "winners": []})
        evening["games"] += 1
        if record.get("started_at") and (not evening["started_at"] or record["started_at"] < evening["started_at"]):
            evening.update(started_at=record["started_at"], date=_date(record["started_at"]))
        evening["winners"].append({"number": record.get("number"), "game": game_id, "title": record.get("title", game_id),
                                   "winners": [] if unfinished else list(record.get("winners") or []),
                                   "unfinished": unfinished, "coop": coop})
        for side, people in by_side.items():
            won = side in winners
            score = None if unfinished else _score(record, side)
            others = [p for s, ps in by_side.items() if s != side for p in ps]
            for person in people:
                if not person_of.is_member(person):
                    continue
                row = rows.setdefault(person, _new_row(person))
                row["played"] += 1
                row["seconds"] += seconds
                if coop:
                    row["coop_played"] += 1
                    row["coop_won"] += won
                    buddies[person].update(p for p in people if p != person)
                else:
                    row["competitive_played"] += 1
                    row["won"] += won
                    rivals[person].update(p for p in others if p != person)
                    if not won:
                        nemeses[person].update(p for p in winning_people if p != person and p not in people)
                mine = row["games"].setdefault(game_id, {"played": 0, "won": 0, "best": None, "average": None, "_scores": []})
                mine["played"] += 1
                mine["won"] += won
                if score is not None:
                    mine["_scores"].append(score)
    players = []
    for name in person_of.members:
        row = rows.get(name) or _new_row(name)
        row["win_rate"] = round(row["won"] / row["competitive_played"], 3) if row["competitive_played"] else None
        row["seconds"] = round(row["seconds"])
        for stats in row["games"].values():
            scores = stats.pop("_scores")
            stats["best"] = max(scores) if scores else None
            stats["average"] = round(sum(scores) / len(scores), 1) if scores else None
        rival = _top(rivals[name], "games")
        nemesis = _top(nemeses[name], "wins")
        row["rival"] = rival[0] if rival else None
        row["nemesis"] = nemesis[0] if nemesis else None
        row["buddies"] = _top(buddies[name], "games", BUDDIES_SHOWN)
        players.append(row)
    players.sort(key=lambda r: (-r["won"] - r["coop_won"], -r["played"], r["name"]))
    games_out = []
    for game in sorted(per_game.values(), key=lambda g: (-g["played"], g["title"])):
        scores = game.pop("winning_scores")
        game["best_winning_score"] = max(scores) if scores else None
        game["average_winning_score"] = round(sum(scores) / len(scores), 1) if scores else None
        games_out.append(game)
    return {"players": players, "games": games_out,
            "evenings": sorted(evenings.values(), key=lambda e: (-(e["started_at"] or 0), e["table"])),
            "purr_sonal_best": pack_the_essentials_view.best_results(solo_best(entries))}


def _new_row(name: str) -> dict:
    return {"name": name, "played": 0, "won": 0, "competitive_played": 0, "coop_played": 0, "coop_won": 0,
            "seconds": 0.0, "games": {}}


def _date(at) -> str | None:
    return time.strftime("%Y-%m-%d", time.localtime(at)) if isinstance(at, (int, float)) and at else None


def solo_best(entries: Iterable[dict]) -> list[dict]:
    """The records a Pack the Essentials table of the group shows as its Purr-sonal Best: every solo
    game of the group, newest first (the game's own view picks and orders the log from them)."""
    solo = [e["record"] for e in entries if e["record"].get("game") == pack_the_essentials.GAME.id]
    return sorted(solo, key=lambda r: -(r.get("finished_at") or 0))
