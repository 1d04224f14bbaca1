"""The evening's tally (companion/records.py): people are credited, whether they played as themselves
or on a side such as CommuniCat's Together or a team; and a game recorded once, when it ends."""
import pytest
from hypothesis import given, strategies as st

from companion import games, records


def record(number, title, players, winners, members=None):
    out = {"number": number, "game": title.lower(), "title": title, "players": players, "winners": winners}
    if members is not None:
        out["members"] = members
    return out


def test_a_team_win_counts_for_each_person_on_the_team_and_nobody_else():
    finished = [
        record(1, "CommuniCat", ["Blue", "Orange"], ["Orange"],
               members={"Blue": ["Ann", "Bob"], "Orange": ["Cy", "Di"]}),
        record(2, "Catchy", ["Ann", "Cy"], ["Ann"]),
        record(3, "CommuniCat", ["Together"], ["Together"], members={"Together": ["Ann", "Bob", "Cy", "Di"]}),
    ]
    tally = {row["name"]: (row["won"], row["played"], row["won_games"]) for row in records.evening(finished)["tally"]}
    assert tally == {"Ann": (2, 3, ["Catchy", "CommuniCat"]), "Bob": (1, 2, ["CommuniCat"]),
                     "Cy": (2, 3, ["CommuniCat", "CommuniCat"]), "Di": (2, 2, ["CommuniCat", "CommuniCat"])}
    assert [row["name"] for row in records.evening(finished)["tally"]] == ["Ann", "Cy", "Di", "Bob"]  # most wins, then most played, then first seen


def test_a_lost_cooperative_game_counts_as_played_and_an_old_record_without_names_counts_its_side():
    finished = [record(1, "CommuniCat", ["Together"], [], members={"Together": ["Ann", "Bob"]}),
                record(2, "CommuniCat", ["Together"], ["Together"])]
    tally = {row["name"]: (row["won"], row["played"]) for row in records.evening(finished)["tally"]}
    assert tally == {"Ann": (0, 1), "Bob": (0, 1), "Together": (1, 1)}


# ---- a game is recorded once, when it ends (issue #25)

GAME = games.get("catchy")


def standing(scores: dict, over: bool, round_: int = 1) -> dict:
    winners = [max(scores, key=scores.get)] if over else []
    return {"players": list(scores), "round": round_, "scores": dict(scores), "over": over, "winners": winners}


def finished_engine() -> dict:
    engine: dict = {}
    records.fresh(engine)
    engine[records.GAME] = 3
    assert records.advance(engine, GAME, standing({"Ann": 2, "Bob": 1}, False), 10.0) is None
    assert records.advance(engine, GAME, standing({"Ann": 7, "Bob": 1}, True), 20.0) == records.PUT
    assert engine[records.RECORD]["number"] == 3    # the game's own id at the table
    return engine


@given(scores=st.dictionaries(st.sampled_from(["Ann", "Bob"]), st.integers(0, 20), min_size=2, max_size=2),
       over=st.booleans())
def test_after_the_end_nobody_but_the_host_changes_the_result(scores, over):
    engine = finished_engine()
    before = dict(engine[records.RECORD])
    new = standing(scores, over, round_=1)
    # The same result only when the record would not change at all: the players in the same order
    # too (a standing lists them in seat order, which the record keeps).
    same = (over and new["winners"] == before["winners"] and scores == before["scores"]
            and new["players"] == before["players"])
    if same:
        assert records.advance(engine, GAME, new, 30.0, by_host=False) is None
    else:
        with pytest.raises(records.AfterTheEnd):
            records.advance(dict(engine), GAME, new, 30.0, by_host=False)
    host = finished_engine()
    done = records.advance(host, GAME, new, 30.0, by_host=True)
    if same:
        assert done is None
    elif over:
        assert done == records.PUT and host[records.RECORD]["scores"] == scores
        assert host[records.RECORD]["number"] == 3          # replaced, not a new game
    else:
        assert done == records.REMOVE and records.finished_record(host) is None   # reopened
        assert records.game_number(host) == 3


def test_only_next_game_starts_another_and_an_ended_early_game_is_kept_unfinished():
    engine = finished_engine()
    records.next_game(engine, "catchy", 40.0, since_version=12)
    assert records.game_number(engine) == 4 and engine[records.SINCE] == 12
    assert records.ended_game(engine, 3) == {"number": 3, "game": "catchy", "at": 40.0}
    assert records.advance(engine, GAME, standing({"Ann": 3, "Bob": 4}, False), 50.0, by_host=False) is None
    early = records.ended_early(engine, standing({"Ann": 3, "Bob": 5}, False, round_=2), 60.0)
    assert early["unfinished"] is True and early["winners"] == [] and early["number"] == 4
    assert early["scores"] == {"Ann": 3, "Bob": 5}
    assert records.evening([finished_engine()[records.RECORD], early])["games"] == 2
