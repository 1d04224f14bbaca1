"""The evening's tally (companion/records.py): people are credited, whether they played as themselves
or on a side such as CommuniCat's Together or a team."""
from companion import records


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
