"""Groups without Flask or storage: members and their names, the Needs deck, the statistics computed
from game records, and the export file's checks (companion/groups/)."""
from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import BadInput, Forbidden, RuleError
from companion.games import communicat_rules
from companion.groups import members, needs, stats, transfer


def group_of(*people: str) -> dict:
    group = members.new_group("Friday cats", members.token_hash("host"), 0.0)
    for n, name in enumerate(people):
        members.join(group, name, f"phone-{n}", 0.0)
    return group


def record(number, game, players, winners, scores=None, *, members_=None, started=0.0, finished=60.0, **flags):
    out = {"number": number, "game": game, "title": game.title(), "players": players, "winners": winners,
           "scores": scores or {}, "places": {}, "rounds": [], "started_at": started, "finished_at": finished, **flags}
    if members_:
        out["members"] = members_
    return out


DAY1, DAY2 = 1_767_000_000.0, 1_767_600_000.0
EVENINGS = [
    # the first evening at table AAAAAA: a competitive CommuniCat (Blue: Ann and Cid), Pack (Ann
    # beats Bob on the tie-break), a co-op CommuniCat won together
    {"table": "AAAAAA", "record": record(1, "communicat", ["Blue", "Orange"], ["Blue"], {"Blue": 1, "Orange": 0},
                                         members_={"Blue": ["Ann", "Cid"], "Orange": ["Bob", "Dan"]},
                                         started=DAY1, finished=DAY1 + 600)},
    {"table": "AAAAAA", "record": record(2, "pack-the-essentials", ["Ann", "Bob"], ["Ann"], {"Ann": 40, "Bob": 40},
                                         started=DAY1 + 700, finished=DAY1 + 2500)},
    {"table": "AAAAAA", "record": record(3, "communicat", ["Together"], ["Together"], {"Together": 10},
                                         members_={"Together": ["Ann", "Bob", "Cid", "Dan"]},
                                         started=DAY1 + 2600, finished=DAY1 + 3000)},
    # the second evening at BBBBBB: Bob beats Ann, then a game ended early, then Ann's solo Pack
    {"table": "BBBBBB", "record": record(1, "pack-the-essentials", ["Bob", "Аnn"], ["Bob"], {"Bob": 52, "Аnn": 31},
                                         started=DAY2, finished=DAY2 + 900)},
    {"table": "BBBBBB", "record": record(2, "catchy", ["Cid", "Dan"], [], {"Cid": 3, "Dan": 1}, unfinished=True,
                                         started=DAY2 + 1000, finished=DAY2 + 1300)},
    {"table": "BBBBBB", "record": record(3, "pack-the-essentials", ["Ann"], ["Ann"], {"Ann": 30},
                                         details={"solo": {"level": "Easy", "target": 10}},
                                         started=DAY2 + 1400, finished=DAY2 + 2400)},
]


def by_name(result: dict) -> dict:
    return {p["name"]: p for p in result["players"]}


def test_the_record_of_two_evenings():
    result = stats.compute(group_of("Ann", "Bob", "Cid", "Dan"), EVENINGS)
    people = by_name(result)
    ann, bob, cid, dan = (people[n] for n in ("Ann", "Bob", "Cid", "Dan"))
    # Ann: CommuniCat (won with Blue), Pack (won), co-op (won together), Pack (lost, as the
    # look-alike "Аnn"), solo Pack (won)
    assert (ann["played"], ann["competitive_played"], ann["won"], ann["coop_played"], ann["coop_won"]) == (5, 4, 3, 1, 1)
    assert ann["win_rate"] == 0.75
    assert ann["games"]["pack-the-essentials"] == {"played": 3, "won": 2, "best": 40, "average": 33.7}
    assert ann["rival"] == {"name": "Bob", "games": 3}          # Bob: CommuniCat, and Pack twice
    assert ann["nemesis"] == {"name": "Bob", "wins": 1}
    assert [b["name"] for b in ann["buddies"]] == ["Bob", "Cid", "Dan"]
    assert ann["seconds"] == 600 + 1800 + 400 + 900 + 1000
    # The game ended early: played by Cid and Dan, won by nobody, no score kept
    assert (cid["played"], cid["won"], cid["competitive_played"]) == (3, 1, 2)
    assert cid["games"]["catchy"] == {"played": 1, "won": 0, "best": None, "average": None}
    assert dan["win_rate"] == 0.0 and dan["nemesis"] == {"name": "Ann", "wins": 1}
    assert bob["nemesis"] == {"name": "Ann", "wins": 2} and bob["won"] == 1
    # per game
    games = {g["game"]: g for g in result["games"]}
    assert games["pack-the-essentials"]["played"] == 3 and games["pack-the-essentials"]["best_winning_score"] == 52
    assert games["pack-the-essentials"]["average_winning_score"] == round((40 + 52 + 30) / 3, 1)
    assert games["pack-the-essentials"]["longest"]["seconds"] == 1800
    assert games["catchy"]["unfinished"] == 1 and games["catchy"]["best_winning_score"] is None
    assert games["communicat"]["coop"] == 1
    # evenings newest first, each with its games and winners
    assert [(e["table"], e["games"]) for e in result["evenings"]] == [("BBBBBB", 3), ("AAAAAA", 3)]
    assert [w["unfinished"] for w in result["evenings"][0]["winners"]] == [False, True, False]
    # the solo best
    assert [(b["name"], b["score"]) for b in result["purr_sonal_best"]] == [("Ann", 30)]


def test_a_guest_at_the_table_is_an_opponent_but_no_member():
    group = group_of("Ann")
    result = stats.compute(group, [{"table": "CCCCCC", "record": record(1, "catchy", ["Ann", "Zed"], ["Zed"])}])
    assert [p["name"] for p in result["players"]] == ["Ann"]
    assert result["players"][0]["nemesis"] == {"name": "Zed", "wins": 1}


def test_a_record_flagged_coop_counts_apart_whatever_its_game():
    result = stats.compute(group_of("Ann", "Bob"), [{"table": "CCCCCC", "record": record(
        1, "toolbox", ["Us"], [], members_={"Us": ["Ann", "Bob"]}, coop=True)}])
    ann = by_name(result)["Ann"]
    assert (ann["coop_played"], ann["coop_won"], ann["competitive_played"], ann["win_rate"]) == (1, 0, 0, None)
    assert ann["buddies"] == [{"name": "Bob", "games": 1}]


def test_rename_and_merge_keep_the_games():
    group = group_of("Ann", "Anne", "Bob")
    entries = [{"table": "CCCCCC", "record": record(1, "catchy", ["Anne", "Bob"], ["Anne"])},
               {"table": "CCCCCC", "record": record(2, "catchy", ["Ann", "Bob"], ["Bob"])}]
    with pytest.raises(Forbidden):
        members.merge(group, "not the host", 1, 2)
    members.merge(group, "host", keep_id=1, gone_id=2)
    ann = by_name(stats.compute(group, entries))["Ann"]
    assert (ann["played"], ann["won"]) == (2, 1)
    members.rename(group, "host", 1, "Annie")
    assert by_name(stats.compute(group, entries))["Annie"]["played"] == 2
    with pytest.raises(RuleError):
        members.rename(group, "host", 3, "Ánnie".replace("Á", "A"))   # Bob may not take Annie's name
    assert members.member_by_token(group, "phone-1")["name"] == "Annie"   # Anne's phone is Annie's now


def test_joining_with_a_look_alike_name_is_the_same_member():
    group = group_of("Ann")
    again = members.join(group, "Аnn", "tablet", 1.0)     # a Cyrillic А
    assert again["id"] == 1 and len(group["members"]) == 1
    assert members.member_by_token(group, "tablet")["name"] == "Ann"


# ---- the Needs deck

def form(**fields):
    return lambda key: [str(fields[key])] if key in fields else []


def test_the_first_edit_copies_the_original_and_restore_goes_back():
    group = group_of()
    assert needs.is_original(group) and needs.table_options(group) == {}
    added = needs.add(group, form(text="A warm lap", icon="🛋️"))
    assert added["id"] == "n1" and len(needs.deck(group)) == len(communicat_rules.NEEDS) + 1
    needs.remove(group, "food")
    assert "food" not in {n["id"] for n in needs.deck(group)}
    assert {"id": "n1", "name": "A warm lap", "icon": "🛋️"} in needs.table_options(group)["needs"]
    needs.restore(group)
    assert needs.is_original(group)


@pytest.mark.parametrize("fields,refusal", [
    ({"text": "", "icon": "🐟"}, BadInput), ({"text": "Fish", "icon": "F"}, BadInput),
    ({"text": "x" * 61, "icon": "🐟"}, BadInput), ({"text": "feed ME", "icon": "🐟"}, RuleError)])
def test_a_bad_need_is_refused_and_nothing_changes(fields, refusal):
    group = group_of()
    with pytest.raises(refusal):
        needs.add(group, form(**fields))
    assert needs.is_original(group)


def test_a_deck_keeps_enough_needs_for_the_easiest_game():
    group = group_of()
    ids = [n["id"] for n in needs.deck(group)]
    smallest = min(communicat_rules.DIFFICULTIES.values()) + 1
    for need_id in ids[: len(ids) - smallest]:
        needs.remove(group, need_id)
    with pytest.raises(RuleError):
        needs.remove(group, ids[-1])
    assert needs.enough_for(len(needs.deck(group))) == ["easy"]


# ---- export and import

def test_export_then_parse_gives_the_same_record():
    group = group_of("Ann", "Bob", "Cid", "Dan")
    needs.add(group, form(text="A warm lap", icon="🛋️"))
    exported = transfer.export(group, EVENINGS)
    parsed = transfer.parse(json.dumps(exported).encode())
    again = transfer.imported_group(parsed, members.token_hash("new host"), 5.0)
    assert stats.compute(again, parsed["games"]) == stats.compute(group, EVENINGS)
    assert needs.deck(again) == needs.deck(group)
    assert all(m["devices"] == [] for m in again["members"])      # no credential travels


@pytest.mark.parametrize("body", [
    b"not json", b"[]", json.dumps({"format": "something else"}).encode(),
    json.dumps({"format": transfer.FORMAT, "version": 99}).encode(),
    json.dumps({"format": transfer.FORMAT, "version": 1, "name": "X", "members": [], "needs": None,
                "games": [{"table": "AAAAAA", "record": {"players": ["Ann"], "winners": ["Bob"]}}]}).encode(),
    json.dumps({"format": transfer.FORMAT, "version": 1, "name": "X", "members": [{"name": "Ann"}, {"name": "АNN"}],
                "needs": None, "games": []}).encode(),
    b" " * (transfer.MAX_BYTES + 1)])
def test_a_malformed_or_oversized_file_is_refused_with_a_sentence(body):
    with pytest.raises(BadInput) as refused:
        transfer.parse(body)
    assert refused.value.sentence().endswith(".")


# ---- properties

names_ = st.sampled_from(["Ann", "Bob", "Cid", "Dan", "Zed"])


@st.composite
def a_record(draw, number):
    coop = draw(st.booleans())
    people = draw(st.lists(names_, min_size=1, max_size=4, unique=True))
    if coop:
        return record(number, "communicat", ["Together"], draw(st.sampled_from([[], ["Together"]])),
                      {"Together": draw(st.integers(0, 10))}, members_={"Together": people})
    winners = draw(st.lists(st.sampled_from(people), unique=True, max_size=len(people)))
    return record(number, draw(st.sampled_from(["catchy", "pack-the-essentials"])), people, winners,
                  {p: draw(st.integers(0, 60)) for p in people}, unfinished=draw(st.booleans()),
                  started=0.0, finished=float(draw(st.integers(0, 5000))))


@given(st.lists(st.integers(1, 50), max_size=12, unique=True).flatmap(
    lambda numbers: st.tuples(*[a_record(n) for n in numbers])))
def test_every_count_adds_up(records_):
    group = group_of("Ann", "Bob", "Cid", "Dan")
    entries = [{"table": "AAAAAA", "record": r} for r in records_]
    result = stats.compute(group, entries)
    for person in result["players"]:
        named = [r for r in records_ if person["name"] in (r.get("members", {}).get("Together") or r["players"])]
        assert person["played"] == len(named) == person["competitive_played"] + person["coop_played"]
        assert person["won"] <= person["competitive_played"] and person["coop_won"] <= person["coop_played"]
        assert sum(g["played"] for g in person["games"].values()) == person["played"]
        assert person["won"] == sum(1 for r in named if person["name"] in r["winners"]
                                    and not r.get("unfinished") and r["players"] != ["Together"])
    assert sum(g["played"] for g in result["games"]) == len(records_)
    assert sum(e["games"] for e in result["evenings"]) == len(records_)


step = st.one_of(
    st.tuples(st.just("join"), st.sampled_from(["Ann", "Аnn", "ANN", "Bob", "Cid", "Dan"]), st.integers(0, 5)),
    st.tuples(st.just("rename"), st.integers(1, 6), st.sampled_from(["Ann", "Bea", "Bob", "Zed"])),
    st.tuples(st.just("merge"), st.integers(1, 6), st.integers(1, 6)))


@given(st.lists(step, max_size=25))
def test_whatever_the_host_and_phones_do_a_name_and_a_device_are_one_person(steps):
    group = group_of()
    for kind, a, b in steps:
        try:
            if kind == "join":
                members.join(group, a, f"device-{b}", 0.0)
            elif kind == "rename":
                members.rename(group, "host", a, b)
            else:
                members.merge(group, "host", a, b)
        except (BadInput, RuleError):
            pass
    keys = [key for m in group["members"] for key in members.name_keys(m)]
    assert len(keys) == len(set(keys))                     # no name (or look-alike) is two people's
    devices = [d for m in group["members"] for d in m["devices"]]
    assert len(devices) == len(set(devices))               # a device is one person
    ids = [m["id"] for m in group["members"]]
    assert len(ids) == len(set(ids)) and all(i < group["next_member"] for i in ids)
